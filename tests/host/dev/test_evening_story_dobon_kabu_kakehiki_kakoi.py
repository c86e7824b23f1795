"""The Pico W evening's story (host_tools/dev/evening/story.py) walks where it says on the reference
alone (the firmware's App and net.live.Hub on CPython, on a littlefs image as the board's flash): every
claim asked, every `refused` claim refused, every phone's act taken, five games of all four kinds, and
each secret prediction on its own phone only. Seconds here, where the emulated evening
(tests/emu/test_emu_evening_dobon_kabu_kakehiki_kakoi.py) takes most of an hour: a menu that moves fails here first."""
import json

from host_tools.dev.evening import reference
from host_tools.dev.evening import steps as S


def walk():
    from host_tools.dev.emu import flash
    image = flash.build_image(None, {"/wifi.json": b'{"ssid": "t", "password": "p"}'}, block_count=flash.W_BLOCK_COUNT)
    ref = reference.Table(image)
    seen = {}
    for s in S.load():
        if s.op in S.BUTTON_OPS:
            ref.press(s.text)
        elif s.op in ("claim", "refused"):
            why = ref.claim(s.phone, s.seat())
            assert (why is None) == (s.op == "claim"), (s, why)
        elif s.op == "act":
            assert ref.act(s.phone, s.event()) == (200, None), s
        elif s.op == "powercut":
            ref.power_cut()
        elif s.op == "check":
            seen[s.args[0]] = dict((name, ref.view(name, lang)) for name, lang in S.phones(S.load()))
        assert not ref.app.errors, (s, ref.app.errors)
    return ref, seen


def test_the_story_walks_where_it_says():
    ref, seen = walk()
    games = [(g["kind"], g["over"]) for g in ref.app.store.games()]
    assert sorted(k for k, _o in games) == ["dobon", "kabu", "kakehiki", "kakehiki", "kakoi"], games
    assert sorted(o for _k, o in games) == [False, False, True, True, True], games
    mine = dict((check, sorted(n for n, v in views.items() if (v.get("mine") or {}).get("lines")))
                for check, views in seen.items())
    assert mine["g1-predicted"] == ["C"] and mine["g1-resumed"] == [] and mine["g1-claimed-again"] == ["C"]
    assert mine["g5-predicted"] == ["B"] and mine["after-the-power-cut"] == []
    assert seen["g2-setting-up"]["A"]["next"] == "株ドボン" and seen["g2-ended"]["B"]["screen"] == "end"
    assert "mine" not in seen["g2-started"]["A"] and seen["g4-won-from-a-phone"]["A"]["screen"] == "end"


def test_every_step_is_one_the_board_side_plays():
    lines = S.load()
    assert [s.op for s in lines[:4]] == ["phone"] * 4 and lines[-1].op == "check"
    assert sum(1 for s in lines if s.op == "powercut") == 1 and sum(1 for s in lines if s.op == "export") == 1
    assert all(json.dumps(s.event()) for s in lines if s.op == "act")
