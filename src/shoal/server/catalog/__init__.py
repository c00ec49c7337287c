"""The catalog: the games, their options, rules pages, start boards; the levels (``routes``)."""
