"""Tests of Sirtet."""
