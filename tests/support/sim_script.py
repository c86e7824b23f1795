# A game's emu script with its phone part (script), played on the simulator until a game is on the table (start_game), and a phone's raw event stream (raw_stream).
import os

import pytest

from host_tools import _paths


def script(kind):
    """The game's emu script, then its phone part when it has one."""
    lines = open(_paths.emu_script(kind), encoding="utf-8").read().splitlines()
    phone = _paths.kind_tests(kind, "phone.txt")
    if os.path.exists(phone):
        lines += open(phone, encoding="utf-8").read().splitlines()
    return [l.split("#", 1)[0].strip() for l in lines if l.split("#", 1)[0].strip()]


def start_game(table, kind):
    """Plays the game's script until a game is on the table (its seats in the view)."""
    for text in script(kind):
        if text.split()[0] in ("shot", "phone"):
            continue
        table.step(text)
        if table.view("ja")["seats"]:
            return
    pytest.fail("the script started no game")


def raw_stream(table, cid):
    """A phone's event stream from a plain socket, kept open: (socket, what came at once)."""
    import socket as sk
    port = int(table.url.split(":")[2].split("/")[0])
    s = sk.create_connection(("127.0.0.1", port), timeout=10)
    s.sendall(("GET /events?k=%s&lang=ja&c=%s HTTP/1.0\r\n\r\n" % (table.key, cid)).encode())
    got = b""
    while b"event: view" not in got or not got.endswith(b"\n\n"):
        chunk = s.recv(65536)
        if not chunk:
            break
        got += chunk
    return s, got
