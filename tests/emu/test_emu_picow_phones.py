"""Our firmware on the emulated Pico W in station mode, serving phones: deployed as `make deploy
BOARD=pico_w` lays it out with /wifi.json, booted, the worst game (株ドボン) pressed on the GPIOs from
its tests/kinds/<kind>/emu.txt while headless Chromium, one phone-sized page (390x844) on the
harness's forward, follows it, and PHONES - 1 more phones' event streams are held open. At every
checkpoint of the script the page shows the simulator's figures for the same presses (the same App
on CPython with the same net.live.Hub), and every stream ends on the page's last view. The heap: the
console's `mem` after every step, with the streams connected; no MemoryError on the console or in
the error log. Press-to-screen (the console's `t`) is printed, not asserted.
The official RPI_PICO_W firmware serves no phones (main.make_phones: its heap does not hold the
server beside a game; tests/emu/test_emu_firmware_move.py checks that it says so and plays on), so
this file runs in our firmware's pass of make test-emu only. Needs Chromium; about 10 minutes."""
import os

import pytest

from host_tools.dev.bench import picow as bench_picow
from host_tools.dev.emu import W_UF2_HELP, find_uf2, runs_ours
from host_tools.dev.web import cdp

pytestmark = [pytest.mark.emu,
              pytest.mark.skipif(find_uf2(radio=True) is None, reason=W_UF2_HELP),
              pytest.mark.skipif(not runs_ours(radio=True), reason="the official Pico W firmware serves no "
                                 "phones (main.make_phones): this runs in our firmware's pass"),
              pytest.mark.skipif(not cdp.chromium(), reason="Chromium is not installed")]

# The game played: the worst (株ドボン) by default, with six phones: the page and five more streams
# (the goal: 96 KB free at the lowest). PICOW_GAME / PICOW_PHONES: another game's
# tests/kinds/<kind>/emu.txt or fewer phones, by hand.
GAME = os.environ.get("PICOW_GAME", bench_picow.worst_game())
PHONES = int(os.environ.get("PICOW_PHONES", "6"))
HEAP_GOAL = 96 * 1024
WALL_S = 900                   # a host-side wait (Chromium) while the emulator runs


def run_export(*args):
    """`python -m host_tools export ARGS` in a subprocess: (exit code, stdout, stderr)."""
    import subprocess
    import sys
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    r = subprocess.run([sys.executable, "-m", "host_tools", "export"] + list(args), cwd=root,
                       capture_output=True, text=True, timeout=900)
    return r.returncode, r.stdout, r.stderr


def figures(view):
    """A view without its version (the board and the simulator count changes differently)."""
    return {k: v for k, v in view.items() if k != "v"}


class ViewSim:
    """The simulator's side: the firmware's App on CPython (tests/support/emu_vs_sim.py's Sim, the real
    Store on a littlefs copy of the same flash) with the phones' Hub polled after every step."""

    def __init__(self, image):
        from emu_vs_sim import Sim
        from net.live import Hub
        self.views = []
        sim = self.sim = Sim(image)
        self.hub = Hub(sim.app, "000000000000")
        self.hub.poll()
        sim._step = self._step
        sim.runner.on_step = self._step

    def _step(self, text):
        self.hub.poll()
        if text.split()[0] == "shot":
            self.views.append((text.split()[1], figures(self.hub.view("ja"))))

    def run(self, lines):
        for text in lines:
            self.sim.runner.line(text)
        return self.views


def shows(page, view):
    from phone_browser import assert_shows
    try:
        assert_shows(page, view)
        return True
    except AssertionError:
        return False


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    from host_tools.dev.emu import flash
    from phone_browser import Phone, WIDTH, HEIGHT
    tmp = tmp_path_factory.mktemp("picow-phones")
    staged = bench_picow.stage(str(tmp / "flash"))
    lines = bench_picow.script(GAME)
    expected = dict(ViewSim(flash.build_image(staged)).run(lines))   # the simulator first: it is quick
    rec = {"checkpoints": [], "expected": expected}
    p = bench_picow.boot(staged)
    browser = cdp.Browser(width=WIDTH, height=HEIGHT)
    streams = None
    try:
        rec["net"] = p.net_status()
        rec["free_boot"] = p.app_mem_free()[0]
        phone = Phone(browser, "ja")
        p.run_host(phone.goto, p.phone_url())
        p.run_host(phone.wait, lambda pg: pg["state"] == "live", "the page live", WALL_S, timeout_ms=600000)
        streams = bench_picow.Streams(p.forward.address, rec["net"]["key"], PHONES - 1,
                                      now_ms=lambda: p.now_ms).open()
        assert p.run_until(lambda: all(n >= 1 for n in streams.views()), 60000), (streams.views(), streams.errors)
        rec["free_streams"] = p.app_mem_free()[0]

        def checkpoint(text, pico):
            if text.split()[0] != "shot":
                return
            name = text.split()[1]
            want = expected[name]
            page = pico.run_host(phone.wait, lambda pg: pg["state"] == "live" and shows(pg, want),
                                 "the figures of %s" % name, WALL_S, timeout_ms=600000)
            rec["checkpoints"].append((name, page))
            phone.shot(str(tmp), name)
        rec["rows"] = bench_picow.play(p, lines, on_step=checkpoint)
        page_v = phone.read()["v"]
        p.run_until(lambda: all(last == page_v for last in streams.last()), 60000)
        rec["page_v"] = page_v
        rec["streams_last"] = streams.last()
        rec["streams_views"] = streams.views()
        rec["stream_errors"] = list(streams.errors)
        rec["memory_errors"] = bench_picow.memory_errors(p)
        rec["console"] = p.console_text()
        rec["shots"] = str(tmp)
        # every game's log over the Wi-Fi, as `export --url` fetches it through the forward
        # while the board plays on (compared below with the export of the flash's own files)
        url = "%s/?k=%s" % (p.forward.url, rec["net"]["key"])
        rec["export_url"] = p.run_host(run_export, "--url", url, "--dest", str(tmp / "wifi"), "--date", "night",
                                       timeout_ms=600000)
        rec["wifi"] = str(tmp / "wifi" / "night")
        # last (it stops the board's loop): free blocks by the firmware and by the image itself
        said = p.exec("import os\nfrom storage.fsio import OsFs\n"
                      "print('FREE', os.statvfs('/')[3], OsFs().statvfs('/')[3])").split()
        image = p.flash_image()
        rec["games_on_flash"] = dict((path, flash.read_file(image, path)) for path in flash.list_files(image)
                                     if path.startswith("/games/"))
        img = flash._fs(image)
        rec["free_blocks"] = (int(said[said.index("FREE") + 1]), int(said[said.index("FREE") + 2]),
                              img.cfg.block_count - img.used_block_count)
        yield rec
    finally:
        if streams is not None:
            streams.close()
        browser.close()
        p.close()


def test_joins_the_tables_wifi_and_serves_port_80(played):
    assert played["net"]["mode"] == "sta" and played["net"]["ip"] == "10.0.0.2" and played["net"]["port"] == 80
    assert len(played["net"]["key"]) == 12


def test_the_phone_follows_the_game_with_the_simulators_figures(played):
    names = [n for n, _page in played["checkpoints"]]
    assert names == list(played["expected"]) and len(names) >= 4
    for name, page in played["checkpoints"]:
        assert shows(page, played["expected"][name]), name      # waited for in the fixture: re-read here
    assert played["expected"][names[-1]]["screen"] in ("play", "end")


def test_the_firmware_counts_the_flash_as_the_image_has_it(played):
    """Free blocks after the game, three ways. rp2's os.statvfs (VfsLfs2) counts used blocks with
    lfs2_fs_traverse, which also counts each folder's metadata pair from its entry in the parent
    (the block allocator's walk, "orphans included"): a folder's two blocks twice. littlefs-python's
    figure for the image is lfs2_fs_size, the same walk without that: each block once. OsFs adds two
    blocks back for each of the littlefs's folders. Our firmware mounts its frozen data read-only
    at /.data, a folder to ilistdir("/") that littlefs never counted: OsFs skips the mount points
    (vfs.mount()); it counted /.data as well and said 210 where the image has 208 (statvfs 206:
    /games counted twice). The journal is synced at every press, so no block of an open file is
    written but uncommitted here (statvfs would count those too, the image not)."""
    raw, corrected, image = played["free_blocks"]
    print("free blocks after the game: statvfs %d, OsFs %d, the image %d" % (raw, corrected, image))
    assert corrected == image and raw < image     # rp2's statvfs counts each folder twice


def test_export_over_the_wifi_is_the_flashs_own_files(played, tmp_path):
    """`export --url` against the emulated Pico W (its forward): exit 0 and the archive the cable's
    export makes of the same files, byte for byte (the reports aside)."""
    from host_tools.board import export
    from folder_runner import FolderRunner
    from file_tree import tree
    rc, out, err = played["export_url"]
    assert rc == 0, out + err
    for path, data in played["games_on_flash"].items():
        dest = tmp_path / "board" / path.lstrip("/")
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_bytes(data)
    res = export.export(FolderRunner(str(tmp_path / "board")), str(tmp_path / "usb"), date="night")
    assert res.ok
    reports = ("export-report.txt", "export-report.json")
    wifi = dict((k, v) for k, v in tree(played["wifi"]).items() if k not in reports)
    usb = dict((k, v) for k, v in tree(str(tmp_path / "usb" / "night")).items() if k not in reports)
    assert wifi == usb and any(k.endswith(".log") for k in wifi), sorted(wifi)


def test_every_phone_stream_follows_to_the_last_view(played):
    assert not played["stream_errors"]
    assert played["streams_last"] == [played["page_v"]] * (PHONES - 1)
    assert all(n >= len(played["checkpoints"]) for n in played["streams_views"])


def test_heap_with_the_server_and_six_phones_over_the_worst_game(played):
    rows = played["rows"]
    lowest = min(r[1] for r in rows)
    splits = [r[3] for r in rows if r[3]]
    print("emulated Pico W, %s with %d phones: free %d after boot, %d with the streams, lowest %d, last %d"
          % (GAME, PHONES, played["free_boot"], played["free_streams"], lowest, rows[-1][1]))
    print("press to screen (lag ms, work us, draw us, show us) per click: %s" % splits)
    assert not played["memory_errors"], played["console"][-3000:]
    assert lowest >= HEAP_GOAL, "lowest free heap %d < %d over the game" % (lowest, HEAP_GOAL)
