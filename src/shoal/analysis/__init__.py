"""Analysis: perft, benchmarks, self-play, arena and ratings, balance reports."""
