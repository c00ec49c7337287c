"""The `shoal` command and the terminal UI. Glue only: no rules."""
