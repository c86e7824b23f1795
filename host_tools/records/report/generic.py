# The report's part for a game it has no part for: one row per round with the scores after it.
ROUND_WORD = None
SCORE_WORD = None
COLUMNS = (["round"], [])
PER = []


def row(n, names, o):
    return [n]


def details(names, o, lang):
    return []
