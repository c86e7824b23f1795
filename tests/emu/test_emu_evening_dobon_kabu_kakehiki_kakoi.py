"""A whole evening on our Pico W: host_tools/dev/evening/story.py played on the
emulated board in station mode, its buttons pressed on the GPIOs and four phones on the harness's
forward (each one's page stream, its claims and acts, GET /view), while the same steps are played
on the simulator's App and net.live.Hub on CPython. Five games of all four kinds, kept and ended,
one resumed after a power cut, seats claimed and taken over, a secret prediction in each 掛け引き
game, `export --url` at the end. At every check: each phone's view equals the reference's (its
stream's language, and GET /view in the other), no secret on a phone but its seat's, a token of
an earlier game without `mine` and refused 403, errors.txt absent or empty, no traceback or
MemoryError on the console. Then the archive export --url wrote equals the cable's export.
The official Pico W firmware serves no phones: this runs in our firmware's pass of make test-emu.
About 40-60 minutes on a 2-core machine."""
import os

import pytest

from host_tools.dev.emu import W_UF2_HELP, find_uf2, runs_ours

pytestmark = [pytest.mark.emu,
              pytest.mark.skipif(find_uf2(radio=True) is None, reason=W_UF2_HELP),
              pytest.mark.skipif(not runs_ours(radio=True), reason="the official Pico W firmware serves no "
                                 "phones (main.make_phones): this runs in our firmware's pass")]
REPORTS = ("export-report.txt", "export-report.json")


@pytest.fixture(scope="module")
def evening(tmp_path_factory):
    from host_tools.dev.evening import run
    from host_tools.dev.evening.__main__ import report
    from host_tools.dev.evening import record
    rec = run.play(None, work=str(tmp_path_factory.mktemp("evening")), usb=True)
    print(report(rec))
    print("kept for make bench: %s" % record.save(find_uf2(radio=True), rec))
    return rec


def test_every_check_of_the_evening_passes(evening):
    assert not evening["problems"], "\n".join("%s: %s" % p for p in evening["problems"][:20])


def test_the_evening_is_a_whole_one(evening):
    """Five games or more of all four kinds, some kept (unfinished) and some ended; every phone's
    token of an earlier game was tried and refused."""
    games = evening["games"]
    assert len(games) >= 5 and {k for k, _over in games} == {"kakehiki", "kabu", "kakoi", "dobon"}, games
    assert any(over for _k, over in games) and any(not over for _k, over in games), games
    assert evening["old_tokens"] >= 4, evening["old_tokens"]


def test_export_over_the_wifi_equals_the_cables(evening):
    from file_tree import tree
    assert evening["export"]["rc"] == 0, evening["export"]["out"] + evening["export"]["err"]
    assert evening["usb"]["ok"]
    wifi = dict((k, v) for k, v in tree(evening["export"]["dir"]).items() if os.path.basename(k) not in REPORTS)
    usb = dict((k, v) for k, v in tree(evening["usb"]["dir"]).items() if os.path.basename(k) not in REPORTS)
    assert wifi == usb and sum(1 for k in wifi if k.endswith(".log")) >= 5, sorted(wifi)


def test_the_figures(evening):
    f = evening["figures"]
    assert f["views_streamed"] > 0 and f["timed_presses"] > 0 and f["heap_free_min"] > 0, f
