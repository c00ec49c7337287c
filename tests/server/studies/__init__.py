"""Studies (issue 44)."""
