"""Computer players: random, MCTS, alpha-beta, levels, hints. Sees only the protocol."""
