"""The multi-select's tick boxes never look like the font's box for a missing glyph:
they are drawn (a dotted square unticked, a solid one ticked), not the 「□」「■」 glyphs."""
from draw import font
from ui.widgets.multiselect import MultiSelect
from ui_harness import Driver


def columns(buf, x0, y):
    """The 8 columns of the text cell at (x0, y) (y a multiple of 8) as canvas glyph bytes."""
    return bytes(buf[x0 + k + (y // 8) * 128] for k in range(8))


def test_tick_boxes_are_drawn_and_differ_from_the_missing_glyph_box():
    d = Driver(lang="ja")
    d.app.push(MultiSelect(d.app, "x", [("P1", 0), ("P2", 1)], [1], lambda v: None))
    log = d.redraw()
    drawn = [s for s, _, _ in log.drawn]
    assert not [s for s in drawn if "□" in s or "■" in s], drawn
    buf = d.display.last
    unticked = columns(buf, 1, 8)                   # P1's row (the cursor row: inverted)
    ticked = columns(buf, 1, 16)
    inv = bytes(0xFF ^ b for b in unticked)
    for box in (unticked, inv, ticked):
        assert box != font._BOX and box[:7] != font._BOX[:7]
    assert unticked != inv and ticked != columns(buf, 1, 24)   # something is drawn in both rows
