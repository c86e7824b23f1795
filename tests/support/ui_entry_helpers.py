"""The rank grid of the entry screens, through the buttons (the games' entry tests share it)."""


def grid_to(d, v):
    """Move the rank grid's cursor onto the cell of value v (None: the 決定 below the grid), ▲▼ to
    its row, then ←→ along it (the grid never wraps round)."""
    g = d.app.top()
    assert d.screen() == "RankGrid"
    cells = g.cells
    if v is None:
        r = len(cells) - 1
        c = len(cells[r]) - 1
    else:
        r, c = [(i, k) for i in range(len(cells)) for k in range(len(cells[i])) if cells[i][k][1] == v][0]
    while g.r != r:
        d.press("down" if g.r < r else "up")
    while min(g.c, len(cells[r]) - 1) != c:
        d.press("right" if min(g.c, len(cells[r]) - 1) < c else "left")
    assert g.cell()[1] == v


def hand(d, cards, hold=False):
    """A hand entered card by card; then 決定 under the grid, or (hold) OK held on the last card."""
    for k, v in enumerate(cards):
        grid_to(d, v)
        d.press("ok", "long" if hold and k == len(cards) - 1 else "click")
    if not hold:
        grid_to(d, None)
        d.press("ok")
