# The simulator beside the emulated Pico: the firmware's App on CPython over a flash image (Sim), a game's button script (script), and the two sides' screens compared (_compare).
from host_tools import _paths


def script(name):
    with open(_paths.emu_script(name), encoding="utf-8") as f:
        return [l for l in f.read().splitlines() if l.split("#", 1)[0].strip()]


def is_shot(text):
    return text.split()[0] == "shot"


class Sim:
    """The firmware's App on CPython (host_tools.dev.sim's board, panel and script runner) with the
    real Store on a littlefs-python mount of a flash image (and its block device): the same storage code and the same
    first screen (続きから) as on the Pico. `phones`: the App with a phone hub, as a board serving
    phones has it."""

    def __init__(self, image, phones=False):
        import main as firmware_main
        from littlefs import UserContext
        from hw.clock import FakeClock
        from host_tools.dev.sim.device import SimBoard
        from host_tools.dev.sim.script import Runner
        from storage.store import Store
        import lfs_device
        ctx = UserContext(buffsize=len(image))
        ctx.buffer[:] = image
        self.ctx = ctx
        blocks = len(image) // 4096                 # the W: 212
        # with the block device under it, as main.py gives the Pico's Store: what the board's
        # write-ahead block holds is folded at this boot too (firmware/storage/wal.py)
        self.store = Store(lfs_device.LfsFs(lfs_device.mount(ctx, blocks), raw=lfs_device.Raw(ctx, blocks)))
        self.clock = FakeClock()
        self.board = SimBoard(now=self.clock.now)
        self.app = firmware_main.make_app(self.board.display, self.store, self.clock, "ja")
        if phones:      # as our Pico W's server does (net/server.py): the start menu offers スマホで見る
            from net.live import Hub
            self.app.hub = Hub(self.app, "sim")
        self.shots = []
        self.runner = Runner(self.board, self.app, self.clock, on_step=self._step)
        self.runner.run_for(100)          # the first frame, as Runner.run does

    def _step(self, text):
        if is_shot(text):
            self.shots.append((text.split()[1], bytes(self.board.panel.ram)))

    def run(self, lines):
        for text in lines:
            self.runner.line(text)
        return self.shots

    def image(self):
        return bytes(self.ctx.buffer)


def _diff(a, b):
    return sum(bin(x ^ y).count("1") for x, y in zip(a, b))


def _save_pngs(tmp_path, name, emu, sim):
    from host_tools.dev.emu import Panel
    from host_tools.dev.sim.render import save_png
    for side, ram in (("emu", emu), ("sim", sim)):
        p = Panel()
        p.ram[:] = ram
        # the picture as the drivers set the panel up (on, both remaps): a fresh Panel is dark
        p.on = p.seg_remap = p.com_remap = True
        save_png(p, str(tmp_path / ("%s-%s.png" % (name, side))))


def _compare(emu, sim, tmp_path, only=None):
    assert [n for n, _ in emu] == [n for n, _ in sim]
    bad = []
    for (name, e), (_, s) in zip(emu, sim):
        if only and not name.startswith(only):
            continue
        assert any(e), "%s: blank screen on the Pico" % name
        if e != s:
            bad.append("%s: %d pixels differ" % (name, _diff(e, s)))
            _save_pngs(tmp_path, name, e, s)
    assert not bad, "emulator != simulator (PNGs in %s): %s" % (tmp_path, "; ".join(bad))
