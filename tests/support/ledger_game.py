# The game whose short log the ledger's checks import (tests/kinds/<kind>/data.py, role "ledger": LEDGER), and its players' names (NAMES).
import game_data

NAMES = ["あき", "Bob", "ちえ"]
LEDGER = game_data.of(game_data.for_role("ledger"))
