"""Tests of Cyclix."""
