"""囲将会ドボン's 天和 with every payer's hand entered at once on its own phone page (issue 29 §2,
§6): headless Chromium at 390x844, five phones against the simulator. The panel enters the 天和
and the caller's hand (the press script's first steps); the four payers tap their hands and send
them at the same moment; every phone shows the payments; saved on the panel, the result is the
panel-only entry's (tests/kinds/kakoi/presses/kakoi-tenhou.fewest.txt). Skips without Chromium."""
from test_phone_page import browser, phones, sim, shots, claim_seats, follow, MISSING_GLYPHS  # noqa: F401
from phone_hands import tap_plus, heads
from host_tools import _paths, presses

SCRIPT = _paths.kind_tests("kakoi", "presses", "kakoi-tenhou.fewest.txt")


def panel_steps():
    """The script's steps up to the caller's fifth card (P3's A 2 3 A 5): the hands that follow are
    the payers', which the phones enter here."""
    steps = [l.split("#", 1)[0].strip() for l in open(SCRIPT, encoding="utf-8")]
    steps = [s for s in steps if s]
    oks, out = 0, []
    for s in steps:
        out.append(s)
        if out[-4:] == ["click down", "click down", "click ok", "click ok"] and oks == 0:
            oks = 1                        # ドボンした人 P3 picked, the grid's first card in
        elif oks and s == "click ok":
            oks += 1
            if oks == 5:
                return out
    raise AssertionError("the script changed: no fifth card of the caller's hand")


def test_four_payers_enter_their_hands_at_once(sim, phones, shots):
    want = presses.run_one(SCRIPT)["names"]
    hands = want["events"][-1]["hands"]
    table = sim()
    five = phones(["ja", "en", "ja", "en", "ja"])
    for p in five:
        p.goto(table.url)
    steps = panel_steps()
    start = steps.index("click ok", steps.index("wait 7000"))
    for text in steps[:start]:
        table.step(text)
    follow(table, five)
    claim_seats(table, five)
    for text in steps[start:]:
        table.step(text)
    views = follow(table, five)
    payers = [s for s in range(5) if s != 2]
    assert all([f["id"] for f in views[s]["mine"]["forms"]] == ["hand"] for s in payers)
    assert not views[2]["mine"]["forms"]
    five[0].js("window.scrollTo(0, 0), true")
    five[0].shot(shots, "kakoi-hands-payer")
    for s in payers:
        counts = {}
        for r in hands[s]:
            counts[r] = counts.get(r, 0) + 1
        for r in counts:
            tap_plus(five[s], r, counts[r])
    for s in payers:                       # all four sent before any answer is read
        five[s].tap(".form[data-form=hand] .go")
    for s in payers:
        five[s].wait(lambda page: page["errors"] == [] and not page["mine"]["forms"], "its hand taken")
    table.step("wait 10")
    views = follow(table, five)
    assert "卓で確認中" in heads(views[0]) and "Preview at the table" in heads(views[1])
    for p in five[:2]:
        p.js("window.scrollTo(0, 0), true")
        p.shot(shots, "kakoi-hands-preview")
        assert p.js(MISSING_GLYPHS) == []
    seq = table.last["seq"]
    table.step("click ok")                 # 登録 on the panel
    assert table.last["seq"] == seq + 1
    got = table.view("ja")
    totals = [row[1] for sec in got["sections"] if sec.get("cols") for row in sec["rows"]]
    assert totals == ["%d点" % t for t in want["state"]["totals"]], got["sections"]
