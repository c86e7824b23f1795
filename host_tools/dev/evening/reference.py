"""The panel's state the phones must show: the firmware's App and net.live.Hub on CPython, on a littlefs copy of the board's flash, played the evening's steps."""
import json
import os
import sys

from host_tools import _paths

KEY = "000000000000"     # the reference's table key (its tokens and game ids are its own too)


def _lfs_device():
    # the Store's littlefs adapter lives with the tests (tests/support/emu_vs_sim.py's Sim uses it too)
    if _paths.SUPPORT not in sys.path:
        sys.path.append(_paths.SUPPORT)
    import lfs_device
    return lfs_device


class Table:
    """The reference table. Its loop is main.py's on a Pico W: the buttons and the panel every
    POLL_MS, the hub's look at the App at every turn, so a claim held for the panel is asked at
    the same press as on the board."""

    def __init__(self, image):
        self.tokens = {}           # phone -> its token here (the board's are other random digits)
        self.boot(image)

    def boot(self, image):
        """Power on with the flash `image`: a new App and Hub; every claim forgotten."""
        import main as firmware_main
        from hw.clock import FakeClock
        from host_tools.dev.sim.device import SimBoard
        from net.live import Hub
        from littlefs import UserContext
        from storage.store import Store
        ld = _lfs_device()
        self.ctx = UserContext(buffsize=len(image))
        self.ctx.buffer[:] = image
        self.fs = ld.LfsFs(ld.mount(self.ctx, len(image) // 4096))
        self.clock = FakeClock()
        self.board = SimBoard(now=self.clock.now)
        self.app = firmware_main.make_app(self.board.display, Store(self.fs), self.clock, "ja")
        self.hub = Hub(self.app, KEY)
        self.app.hub = self.hub
        self.runner = _runner(self)
        self.runner.run_for(100)           # the first frame, as the script runner's boot
        self.hub.poll()

    def press(self, text):
        """A button step; True when the phones' view changed."""
        v = self.hub.v
        self.runner.line(text)
        self.deliver()
        return self.hub.v != v

    def claim(self, phone, seat):
        """None when asked (the panel asks the table), else the refusal's message id."""
        from core.errors import Refusal
        from host_tools.dev.evening.steps import cid
        try:
            self.hub.claim(seat, cid(phone))
        except Refusal as r:
            return r.msg_id
        self.runner.run_for(10)
        return None

    def act(self, phone, ev):
        """(status, message id of a refusal or None), as the board's POST /act answers."""
        from core.errors import Refusal
        try:
            code, _v = self.hub.act(self.tokens.get(phone), self.hub.v, ev)
        except Refusal as r:
            return 409, r.msg_id
        self.runner.run_for(10)
        return code, None

    def deliver(self):
        """Claim answers go to their phones' streams, which then are that token's (net/stream.py's
        _Stream.own): the seat's phone is at the table."""
        from host_tools.dev.evening.steps import phone_of
        for client in list(self.hub.answers):
            ans = self.hub.answers.pop(client)
            if "tok" in ans:
                self.tokens[phone_of(client)] = ans["tok"]
                self.hub.stream_on(ans["tok"])

    def power_cut(self):
        """What the flash holds now, booted on a fresh mount (a littlefs mount is RAM: it goes too)."""
        self.tokens = {}
        self.boot(bytes(self.ctx.buffer))

    def view(self, phone, lang):
        """The view `phone` gets now (with its seat's part, if its token is one), as parsed JSON."""
        return json.loads(self.hub.view_json(lang, self.tokens.get(phone)))

    def seated(self, phone):
        return self.hub.seat_of(self.tokens.get(phone)) is not None

    def text(self, lang, msg_id):
        return self.hub.t(lang, msg_id)

    def game_id(self):
        g = self.app.game
        return g.game_id if g is not None else None


def _runner(table):
    import main as firmware_main
    from host_tools.dev.sim.script import Runner

    class Loop(Runner):
        def run_for(self, ms):
            end = self.clock.now + ms
            while self.clock.now < end:
                firmware_main.step(self.app, self.board.buttons, self.clock.now)
                table.hub.poll()
                self.clock.advance(firmware_main.POLL_MS)
    return Loop(table.board, table.app, table.clock)


def image_for(staged_dir, files):
    """The flash image the board boots (the staged tree and `files`), for the reference's copy."""
    from host_tools.dev.emu import flash
    return flash.build_image(staged_dir if os.listdir(staged_dir) else None, files, block_count=flash.W_BLOCK_COUNT)
