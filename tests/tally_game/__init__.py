# タリー: a tiny game that lives only in tests/, to show that a game is added without editing any
# other file (tests/test_registry.py registers it with scoreboard.games.register()).
