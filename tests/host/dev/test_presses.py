"""The press counter: every press script reaches its saved result through the real App and buttons."""
import os

import pytest

from host_tools.dev import press_phones, presses

import game_data

ENTRIES = presses.entries()


def test_every_entry_has_both_scripts_and_a_header():
    assert ENTRIES, "no press scripts in tests/kinds/*/presses"
    for stem, paths in ENTRIES:
        heads = [presses.parse(paths[k])[0] for k in presses.KINDS]
        assert heads[0]["entry"] == heads[1]["entry"] and heads[0]["budget"] == heads[1]["budget"], stem


@pytest.mark.parametrize("stem,kind", [(s, k) for s, _ in ENTRIES for k in presses.KINDS])
def test_script_reaches_the_expected_saved_result(stem, kind):
    path = dict(ENTRIES)[stem][kind]
    res = presses.run_one(path)
    assert not res["failed"], "%s: not met: %s" % (os.path.basename(path), res["failed"])
    head = presses.parse(path)[0]
    if head["enforce"]:
        assert res["presses"] <= res["budget"], "%s: %d presses, budget %d" % (
            os.path.basename(path), res["presses"], res["budget"])
    # over its budget only by a decision written in its hints script (printed on docs/presses.md)
    hints = presses.parse(dict(ENTRIES)[stem]["hints"])[0]
    assert res["presses"] <= res["budget"] or hints["over"], "%s: %d presses, budget %d, no '#: over:'" % (
        os.path.basename(path), res["presses"], res["budget"])


def test_the_decision_over_a_budget_is_on_the_page():
    rows = [{"entry": "E", "budget": 4, "order": "1", "stem": "e", "fewest": {"presses": 5, "failed": []},
             "hints": {"presses": 6, "failed": [], "over": "25 cards: decided"}}]
    md = presses.markdown(rows)
    assert "| E | 5 | 6 | ≤ 4 | no | yes |" in md and "Over the budget, decided:\n\n- E: 25 cards: decided" in md


def test_a_wrong_expectation_fails(tmp_path):
    # the checker itself can fail: the same steps with an expectation that is false
    data = game_data.of(game_data.for_role("wrong press expectation"))
    src = dict(ENTRIES)[data.PRESS_ENTRY]["fewest"]
    with open(src, encoding="utf-8") as f:
        text = f.read()
    bad = tmp_path / "x.fewest.txt"
    bad.write_text(text.replace("#: count", "#: expect: %s\n#: count" % data.PRESS_WRONG_EXPECT),
                   encoding="utf-8")
    res = presses.run_one(str(bad))
    assert res["failed"] == [data.PRESS_WRONG_EXPECT]


def test_markdown_names_every_entry_and_budget():
    rows = [{"entry": "E", "budget": 4, "order": "1", "stem": "e",
             "fewest": {"presses": 3, "failed": []}, "hints": {"presses": 5, "failed": []}}]
    md = presses.markdown(rows)
    assert "| E | 3 | 5 | ≤ 4 | fewest only | yes |" in md


def test_the_phones_replay_notices_a_different_result(monkeypatch):
    """The phones' columns are driven: a phone sending another hand than the panel-only run's gives
    another saved state, and the entry fails (every entry of a game whose hands go to phones)."""
    phoned = []
    for stem, paths in ENTRIES:
        res = presses.run_one(paths["fewest"])
        if res["phones"] is not None and res["names"]["events"][-1].get("t") != "deckout":
            phoned.append(paths["fewest"])
    assert phoned
    real = press_phones.phone_hand

    def one_card_more(ev, seat):
        hand = real(ev, seat)
        return hand + hand[:1]
    monkeypatch.setattr(press_phones, "phone_hand", one_card_more)
    res = presses.run_one(phoned[0])
    assert "with phones: the saved state differs from the panel-only one" in res["failed"]


def test_a_held_key_counts_once_per_step_it_moves():
    """Every press counted, a held ▲▼ or ←→ once per step it moves (as the review counted:
    two taps and a two-step hold take as long); the page also gives a held key as one press."""
    from host_tools.dev.press_table import held_as_one
    steps = ["repeat right 3  # three cells", "click ok", "long ok         # the last card", "wait 500"]
    assert presses.presses(steps) == 5 and held_as_one(steps) == 3
    rows = [{"entry": "E", "budget": 4, "order": "1", "stem": "e",
             "fewest": {"presses": 5, "held": 3, "failed": []}, "hints": {"presses": 5, "held": 5, "failed": []}}]
    md = presses.markdown(rows)
    assert "| E | 5 | 5 | ≤ 4 | no | yes | 3 / 5 |" in md and "a held ▲▼ or ←→" in md
