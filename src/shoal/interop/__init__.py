"""Adapters to OpenSpiel and PettingZoo (optional dependencies)."""
