"""Puzzles: positions with one proven winning way, from self-play
(docs/puzzles-generation.md)."""
