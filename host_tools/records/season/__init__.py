# The season: every player's record across the nights, from the ledger (run.py), each game's figures through parts.py.
