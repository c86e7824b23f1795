# ドボン in the season: a match's score is its round wins (the most wins is the best); the rounds
# each player won over the season.
BETTER = "high"
FIGURES = [("rounds_won", ("Rounds won", "勝った回"), "sum")]


def figures(o, memo, n):
    w = o.get("winner")
    return [(w, "rounds_won", 1)] if isinstance(w, int) and not isinstance(w, bool) else []
