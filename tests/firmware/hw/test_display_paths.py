# The Pico's display path (micropython-lib ssd1306 under real MicroPython) and the PC's
# (adafruit_ssd1306 on CPython) must put the same bytes, hence the same pixels, on the panel.
#
# micropython-lib's driver is never kept in this repo: deploy fetches it from PyPI (sdist
# micropython-ssd1306 0.3, a 2021 copy of micropython-lib's ssd1306.py, pinned by sha256; the file
# our firmware freezes too) into its cache (.cache/ssd1306/, git-ignored), and this test reads that
# copy: the test itself writes only in its own temporary folders. No network and no cache: the test
# skips and says so.
from host_tools.dev.sim.device import SimBoard
from host_tools.dev.sim.panel import Panel
from draw.canvas import Canvas

from ssd1306_guest import GUEST_BUS, run_with_driver

# Drawn identically by both interpreters (exec'd in each): (name, code using canvas `c`), shown in
# this order on one Display; each scene draws its picture from a blank canvas.


def board(scores, cursor, clock="12:34"):
    """A scoreboard-like screen: title + clock, four score rows, an inverted cursor row."""
    code = "c.text('ホールデム R3', 0, 0); c.text(%r, 96, 0); c.hline(0, 9, 128, 1); " % clock
    for i, (name, pts) in enumerate(zip("ABCD", scores)):
        code += "c.text(%r, 0, %d); " % ("%s %5d" % (name, pts), 16 + 8 * i)
    return code + "c.invert_rect(0, %d, 128, 8); c.text('OK 決定', 0, 56)" % (16 + 8 * cursor)


SCENES = [
    ("blank", ""),
    ("ja_rows", "c.text('点数 ほーるでむ', 0, 0); c.text('カブ 9・ドボン', 0, 8); c.text('12345', 0, 56)"),
    ("en_odd_y", "c.text('Round 3: +12 pts', 3, 5); c.text('Undo?', 100, 61)"),
    ("clip", "c.text('あいうえおかきくけこさしすせそたちつてと', -5, -3); c.text('WXYZ', 120, 30)"),
    ("shapes", "c.rect(0, 0, 128, 64, 1); c.fill_rect(10, 10, 30, 20, 1); c.hline(0, 40, 128, 1);"
               "c.vline(64, -10, 100, 1); c.invert_rect(20, 15, 60, 30); c.pixel(127, 63, 1)"),
    ("same_again", "c.rect(0, 0, 128, 64, 1); c.fill_rect(10, 10, 30, 20, 1); c.hline(0, 40, 128, 1);"
                   "c.vline(64, -10, 100, 1); c.invert_rect(20, 15, 60, 30); c.pixel(127, 63, 1)"),
    ("inverse_row", "c.fill(1); c.fill_rect(0, 8, 128, 8, 0); c.text('▲▼◀▶ ok', 2, 8); "
                    "c.text('選択', 60, 24, 0)"),
    # a press at a time: full-screen change, then one row, the cursor, a clock glyph, no change
    ("sb_first", board([120, 95, -30, 15], 0)),
    ("sb_score", board([120, 105, -30, 15], 0)),
    ("sb_cursor", board([120, 105, -30, 15], 1)),
    ("sb_cursor2", board([120, 105, -30, 15], 2)),
    ("sb_clock", board([120, 105, -30, 15], 2, "12:35")),
    ("sb_same", board([120, 105, -30, 15], 2, "12:35")),
    ("sb_corners", board([120, 105, -30, 15], 2, "12:35") + "; c.pixel(0, 0, 1); c.pixel(127, 63, 1)"),
    ("sb_odd_y", board([120, 105, -30, 15], 2, "12:35") + "; c.pixel(0, 0, 1); c.pixel(127, 63, 1);"
                 "c.fill_rect(40, 12, 30, 16, 0); c.text('42', 40, 12)"),
    ("sb_invalidated", board([120, 105, -30, 15], 2, "12:35") + "; c.pixel(0, 0, 1); c.pixel(127, 63, 1);"
                       "c.fill_rect(40, 12, 30, 16, 0); c.text('42', 40, 12)"),
    ("sb_all_rows", board([7, 8, 9, 10], 3, "23:59")),
]
INVALIDATE = ["sb_invalidated"]     # Display.invalidate() before this scene: a full frame
FULL = 6 * 3 + 1 + 1025             # a driver show() on the wire (address bytes included)


GUEST = GUEST_BUS + """drv = ssd1306.SSD1306_I2C(128, 64, bus)
d = Display(drv, PicoBus(drv))   # as main.make_rp2
print('INIT', ' '.join(b.hex() for b in bus.log))
for name, code in SCENES:
    del bus.log[:]
    c = Canvas()
    exec(code, {'c': c})
    if name in INVALIDATE:
        d.invalidate()
    d.show(c)
    print('SCENE', name, d.sent, d.skipped, d.partial, ' '.join(b.hex() for b in bus.log))
"""


def mp_path():
    out = run_with_driver("SCENES = %r\nINVALIDATE = %r\n" % (SCENES, INVALIDATE) + GUEST)
    init, scenes = None, {}
    for line in out.splitlines():
        if line.startswith("INIT"):
            init = [bytes.fromhex(h) for h in line.split()[1:]]
        elif line.startswith("SCENE"):
            _, name, sent, skipped, partial, *tx = line.split()
            scenes[name] = (int(sent), int(skipped), int(partial), [bytes.fromhex(h) for h in tx])
    return init, scenes


def pc_path():
    board = SimBoard()
    log = []
    board.panel.write = lambda data, _w=board.panel.write: (log.append(bytes(data)), _w(data))
    scenes = {}
    for name, code in SCENES:
        del log[:]
        c = Canvas()
        exec(code, {"c": c})
        d = board.display
        if name in INVALIDATE:
            d.invalidate()
        d.show(c)
        assert bytes(board.driver.buffer[1:]) == bytes(c.buffer), name
        scenes[name] = (d.sent, d.skipped, d.partial, [b for b in log if b], bytes(board.panel.ram))
    return scenes


def test_pico_and_pc_paths_send_the_same_frames():
    init, mp_scenes = mp_path()
    pc_scenes = pc_path()
    assert list(mp_scenes) == [n for n, _ in SCENES]
    mp_panel = Panel()
    for t in init:
        mp_panel.write(t)
    board = SimBoard()    # fresh, for the adafruit init sequence
    pc_init_cmds = board.panel.commands
    # Init: the same commands, except adafruit's extra display-on before it starts, and
    # 0xAD 0x30 (IREF), which adafruit sends and the pinned driver does not: micropython-lib added
    # it after its 2021 copy on PyPI (the index's driver, which mip installs, sends it too).
    assert pc_init_cmds[0] == b"\xaf"
    assert [c for c in pc_init_cmds[1:] if c[0] != 0xAD] == mp_panel.commands
    assert [c for c in pc_init_cmds if c[0] == 0xAD] and not [c for c in mp_panel.commands if c[0] == 0xAD]
    figures = {}
    for name, _ in SCENES:
        m_sent, m_skip, m_part, m_tx = mp_scenes[name]
        p_sent, p_skip, p_part, p_tx, p_ram = pc_scenes[name]
        assert (m_sent, m_skip, m_part) == (p_sent, p_skip, p_part), name
        # Same I2C payloads, transaction for transaction: a full frame as the drivers send it
        # (6 commands as 0x80 pairs, one data write), or windows (one 0x00 command write + data).
        assert m_tx == p_tx, name
        for t in m_tx:
            mp_panel.write(t)
        assert bytes(mp_panel.ram) == p_ram, name
        expected = Canvas()
        exec(dict(SCENES)[name], {"c": expected})
        assert bytes(mp_panel.ram) == bytes(expected.buffer), name
        assert mp_panel.mode == 0, name             # horizontal addressing, as both drivers set
        figures[name] = sum(1 + len(t) for t in m_tx)
    print("bytes on the wire per show (full frame %d): %s" % (FULL, figures))
    assert figures["same_again"] == figures["sb_same"] == 0  # unchanged picture: nothing on the bus
    # The first frame and after invalidate(): the driver's show().
    assert figures["blank"] == figures["sb_invalidated"] == FULL
    assert mp_scenes["blank"][3][-1] == b"\x40" + bytes(1024)
    # Changes over most of the frame (filled shapes, an inverted screen, a new screen): windows
    # still, as long as they leave out enough unchanged columns to cost fewer bytes.
    for name in ("shapes", "inverse_row", "sb_first"):
        assert FULL // 2 < figures[name] < FULL, name
    # Text in a few rows on a blank screen, every row of the scoreboard: windows, under half.
    for name in ("ja_rows", "en_odd_y", "clip", "sb_all_rows"):
        assert figures[name] <= FULL // 2, name
    # One row, the cursor, one glyph, two corners, a two-page glyph: windows only.
    assert figures["sb_score"] < FULL // 10 and figures["sb_clock"] < FULL // 40
    assert figures["sb_cursor"] == figures["sb_cursor2"] == 8 + 2 + 2 * 128   # 2 full-width pages
    assert len(mp_scenes["sb_corners"][3]) == 4 and figures["sb_corners"] == 2 * (8 + 3)
    assert figures["sb_odd_y"] < FULL // 4
    assert mp_scenes["sb_same"][:3] == (mp_scenes["sb_clock"][0], mp_scenes["sb_clock"][1] + 1,
                                         mp_scenes["sb_clock"][2])
    assert mp_scenes["sb_all_rows"][:3] == (15, 2, 13)    # of 17 shows: 15 sent (13 partial), 2 skipped
