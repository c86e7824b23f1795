"""株ドボン's two hands entered at once on two phone pages: headless Chromium at
390x844 against the simulator serving phones. The panel opens a dobon; the winner's phone (ja) and
the loser's (en) each tap their own hand and send it, at the same moment; every phone then shows the
panel's preview, and the result saved on the panel reads as the same hands entered on the device
alone (the view of tests/kinds/kabu/kabu_device_only.py). Skips without Chromium."""
from phone_browser import MISSING_GLYPHS, follow, token
from kabu_device_only import device_only
from kabu_phone_table import seated
from phone_hands import tap_plus, heads


def test_two_phones_enter_their_hands_at_once(sim, phones, shots, tmp_path):
    table, two = seated(sim, phones)
    for text in ("click right", "click ok", "click ok"):      # 「→:ドボン」, W あや... P1, L P2
        table.step(text)
    views = follow(table, two)
    assert all(v["mine"]["forms"][0]["id"] == "hand" for v in views)
    assert "手札の入力" in heads(views[0]) and "Hands to enter" in heads(views[1])
    for p in two:
        p.js("window.scrollTo(0, 0), true")
        p.shot(shots, "kabu-hands-" + ("winner" if p.lang == "ja" else "loser"))
        assert p.js(MISSING_GLYPHS) == []
    tap_plus(two[0], "二", 1)
    tap_plus(two[0], "三", 2)
    tap_plus(two[1], "other", 2)
    for p in two:                          # both sent before either answer is read
        p.tap(".form[data-form=hand] .go")
    for p in two:
        p.wait(lambda page: page["errors"] == [] and page["mine"] is not None
               and not page["mine"]["forms"], "its hand taken")
    table.step("wait 10")
    views = follow(table, two)
    assert "卓で確認中" in heads(views[0]) and "Preview at the table" in heads(views[1])
    for p in two:
        p.js("window.scrollTo(0, 0), true")
        p.shot(shots, "kabu-hands-preview")
        assert p.js(MISSING_GLYPHS) == []
    seq = table.last["seq"]
    table.step("click ok")                 # saved on the panel
    assert table.last["seq"] == seq + 1
    want = device_only(tmp_path, [s["name"] for s in views[0]["seats"]])
    from net.live import Hub
    hub = Hub(want, "k")
    hub.poll()
    got = table.view("ja")
    assert got["sections"] == hub.view("ja")["sections"]
    follow(table, two)


def test_a_refused_hand_is_said_on_that_phone_in_its_language(sim, phones, shots):
    """The dobon started from the winner's phone; a hand that reaches no card refused on it, in
    Japanese; the loser's hand taken."""
    table, two = seated(sim, phones)
    two[0].js("window.scrollTo(0, 0), true")
    two[0].shot(shots, "kabu-open")
    # the winner starts it from the phone: ドボン, the loser P2
    two[0].tap(".form[data-form=open_dobon] .choices button", "P2")
    two[0].tap(".form[data-form=open_dobon] .go")
    two[0].wait(lambda page: page["errors"] == [] and [f["id"] for f in page["mine"]["forms"]] == ["hand"],
                "the hand form after the phone opened the dobon")
    table.step("wait 10")
    follow(table, two)
    tap_plus(two[0], "五", 1)
    tap_plus(two[0], "九", 1)              # 五 九: a sum of 14 reaches no card
    two[0].tap(".form[data-form=hand] .go")
    two[0].wait(lambda page: page["errors"] and "ドボン" in page["errors"][0], "the refusal in Japanese")
    tap_plus(two[1], "R1", 1)
    tap_plus(two[1], "other", 1)
    two[1].tap(".form[data-form=hand] .go")
    two[1].wait(lambda page: page["errors"] == [] and not page["mine"]["forms"], "the loser's hand taken")
    assert [f["id"] for f in table.view("ja", token(two[0]))["mine"]["forms"]] == ["hand"]
