"""The line protocol for outside programs (GTP-like framing)."""
