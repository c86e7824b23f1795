"""The rank grid of the entry screens, through the buttons (the games' entry tests share it)."""


def grid_to(d, v):
    """Move the rank grid's cursor onto the cell of value v (None: the 決定 below the grid)."""
    g = d.app.top()
    assert d.screen() == "RankGrid"
    if v is None:
        want = len(g.cells) - 1
        while g.r != want:
            d.press("down")
        return
    for _ in range(len(g.cells)):
        if any(x == v for _, x in g.cells[g.r]):
            while g.cell()[1] != v:
                d.press("right")
            return
        d.press("down")
    raise AssertionError("no cell %r" % (v,))


def hand(d, cards):
    for v in cards:
        grid_to(d, v)
        d.press("ok")
    grid_to(d, None)
    d.press("ok")
