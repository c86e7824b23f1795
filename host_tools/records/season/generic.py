# The season's part for a game it has no part for: the figures every game has, the highest final
# score counted as the best.
BETTER = "high"
FIGURES = []


def figures(o, memo, n):
    return []
