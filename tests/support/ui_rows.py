# Picking a row of a list screen through the buttons (goto_row, field, preview, choose) and a form's hand (cards).


def goto_row(d, match):
    """Move a list's cursor to the first row for which match(row) is true."""
    scr = d.app.top()
    rows = scr.rows()
    for _ in range(len(rows) + 1):
        if match(rows[scr.sel]):
            return
        d.press("down")
    raise AssertionError("no such row in %s" % rows)


def field(d, key):
    goto_row(d, lambda r: r is not None and r["key"] == key)
    d.press("ok")


def preview(d):
    goto_row(d, lambda r: r is None)
    d.press("ok")


def choose(d, label):
    goto_row(d, lambda r: r == label or r.endswith(" " + label))
    d.press("ok")


def cards(d, values):
    """A form's hand, entered on the rank grid (決定 in view, as in every game)."""
    from ui_entry_helpers import hand
    hand(d, values)
