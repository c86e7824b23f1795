"""囲将会ドボン's 天和 with every payer's hand entered at once on its own phone page:
headless Chromium at 390x844, five phones against the simulator. The panel opens the 天和
and names the caller (the press script's first steps); the caller's phone sends its hand, then
the four payers tap theirs and send them at the same moment; every phone shows the payments; saved on the panel, the result is the
panel-only entry's (tests/kinds/kakoi/presses/kakoi-tenhou.fewest.txt). Skips without Chromium."""
from phone_browser import MISSING_GLYPHS, claim_seats, follow
from phone_hands import tap_plus, heads
from host_tools import _paths
from host_tools.dev import presses

SCRIPT = _paths.kind_tests("kakoi", "presses", "kakoi-tenhou.fewest.txt")


def panel_steps():
    """The script's steps up to the pick of the caller (ドボンした人 P3): the hands that follow, the
    caller's and the payers', the phones enter here."""
    steps = [l.split("#", 1)[0].strip() for l in open(SCRIPT, encoding="utf-8")]
    steps = [s for s in steps if s]
    for k in range(len(steps)):         # 結果 (the list opens on 天和), OK: then P1 -> P3, OK
        if steps[k - 1:k + 1] == ["click ok", "click ok"] and "wait 7000" in steps[:k - 1]:
            assert steps[k + 1:k + 4] == ["click down", "click down", "click ok"]
            return steps[:k + 4]
    raise AssertionError("the script changed: no pick of the caller")


def send_hand(phone, hand):
    counts = {}
    for r in hand:
        counts[r] = counts.get(r, 0) + 1
    for r in counts:
        tap_plus(phone, r, counts[r])
    phone.tap(".form[data-form=hand] .go")


def test_four_payers_enter_their_hands_at_once(sim, phones, shots):
    want = presses.run_one(SCRIPT)["names"]
    hands = want["events"][-1]["hands"]
    table = sim()
    five = phones(["ja", "en", "ja", "en", "ja"])
    for p in five:
        p.goto(table.url)
    steps = panel_steps()
    start = steps.index("click ok", steps.index("wait 7000") + 1)
    for text in steps[:start]:
        table.step(text)
    follow(table, five)
    claim_seats(table, five)
    for text in steps[start:]:
        table.step(text)
    views = follow(table, five)
    assert [f["id"] for f in views[2]["mine"]["forms"]] == ["hand"]      # the caller's own, first
    assert all(not views[s]["mine"]["forms"] for s in range(5) if s != 2)
    send_hand(five[2], hands[2])
    five[2].wait(lambda page: page["errors"] == [] and not page["mine"]["forms"], "the caller's hand taken")
    table.step("wait 10")
    views = follow(table, five)
    payers = [s for s in range(5) if s != 2]
    assert all([f["id"] for f in views[s]["mine"]["forms"]] == ["hand"] for s in payers)
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
