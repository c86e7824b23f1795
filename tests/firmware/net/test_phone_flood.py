"""The buttons keep working whatever the network does: the simulator's board loop (main.step every
10 ms, real time) plays the first registered game's emulator script while 50 connections at a
time are opened and left half-finished, bodies too large and garbage requests arrive; every press
still reaches the panel and the journal, the same as the same presses without the flood."""
import asyncio
import os

from host_tools.dev.sim.serve import Served
from hw import buttons as B
from core.registry import KINDS

import netmp
from host_tools import _paths  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def steps():
    with open(_paths.emu_script(KINDS[0]), encoding="utf-8") as f:
        for line in f:
            w = line.split("#", 1)[0].split()
            if w and w[0] in ("click", "long"):
                yield w[0], w[1]


async def until(done, turns, bound_s=30):
    """Wait for the board's state, not for the host's speed: until done() holds after a turn of
    the board's loop, at most bound_s (a loaded machine runs the loop late, never wrongly)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + bound_s
    while loop.time() < end:
        seen = turns[0]
        while turns[0] == seen and loop.time() < end:
            await asyncio.sleep(0.005)
        if done():
            return True
    return False


async def play(flood):
    sv = Served(None, None, "ja", netmp.free_port(), "127.0.0.1")
    await sv.start()
    port = sv.phones.port
    stop = asyncio.Event()

    turns = [0]

    async def board():                      # the firmware's loop, as main.loop_with_phones runs it
        while not stop.is_set():
            sv.turn(sv.clock.ticks_ms())
            turns[0] += 1
            await asyncio.sleep(0.01)

    async def attacker():
        junk = [b"GET /view HTTP/1.0\r\nHost:", b"POST /act?k=x HTTP/1.0\r\nContent-Length: 99999\r\n\r\n",
                b"\x00\xff garbage\r\n\r\n", b"GET /" + b"a" * 4000 + b" HTTP/1.0\r\n\r\n"]
        k = 0
        while not stop.is_set():
            held = []
            for _ in range(50):
                try:
                    r, w = await asyncio.open_connection("127.0.0.1", port)
                    w.write(junk[k % len(junk)])
                    k += 1
                    held.append(w)
                except OSError:
                    pass
            await asyncio.sleep(0.5)
            for w in held:
                w.close()

    tasks = [asyncio.create_task(board())]
    if flood:
        tasks.append(asyncio.create_task(attacker()))
    await asyncio.sleep(0.3)
    seen = []
    for kind, name in steps():
        frames = sv.board.display.sent
        logic = sv.board.buttons.logic[[n for n, _ in sv.board.buttons.pins].index(name)]
        sv.board.pins[name].pressed = True
        await until(lambda: logic.down, turns)                 # the board saw the finger, however loaded
        if kind == "long":
            await asyncio.sleep((B.LONG_MS + 100) / 1000)
            await until(lambda: logic.quiet, turns)             # ... and the long press fired
        sv.board.pins[name].pressed = False
        await until(lambda: not logic.down and not logic.raw, turns)
        await until(lambda: sv.board.display.sent > frames, turns, bound_s=5)
        g = sv.app.game
        seen.append((sv.board.display.sent > frames, g.seq if g else -1, type(sv.app.top()).__name__))
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    dropped = sv.phones.server.dropped
    sv.phones.server.close()
    return seen, sv.app.errors, dropped


def test_presses_reach_panel_and_journal_during_a_flood():
    calm, calm_errors, _ = asyncio.run(play(False))
    flooded, errors, dropped = asyncio.run(play(True))
    assert calm_errors == [] and errors == []
    assert all(shown for shown, _, _ in flooded), "a press that did not reach the panel"
    assert [s[1:] for s in flooded] == [s[1:] for s in calm]      # the same journal, step by step
    assert dropped > 0                                            # the flood did hit the bound
