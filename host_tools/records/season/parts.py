# Each game's part of the season (host_tools/records/season/run.py): which way its final score is better and
# the game's own figures, in host_tools/kinds/<kind>/season.py. A game without such a file gets the
# generic part: the figures every game has (games, wins, places, scores, streaks) and no others.
#
# A part provides BETTER ("high": the highest final score is the best, "low": the fewest points
# win), FIGURES = [(key, (English, 日本語), "sum" | "max")] (a player's figure over the season: the
# sum of, or the largest of, what each round gives) and figures(outcome, memo, nseats) ->
# [(seat, key, value)] for one round's outcome as the ledger keeps it; `memo` is a dict kept across
# the rounds of one game (for a figure that needs the round before).
from host_tools import kinds
from host_tools.records.season import generic


def of(kind):
    """The season part of `kind` (generic when the game has none)."""
    mod = kinds.part(kind, "season")
    return generic if mod is None else mod
