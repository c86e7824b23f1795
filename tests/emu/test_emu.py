"""The emulated Pico on a tiny app of our own: boot, board pins, buttons, I2C (scan, NACK, SSD1306),
USB console both ways, flash (littlefs) across a power cut, mpremote through a pty, and a deploy
of a staged tree with mpremote. Needs a MicroPython RPI_PICO v1.24.1 UF2 (PICO_UF2); skipped
without one. About 20 s."""
import os

import pytest

from host_tools.board import deploy
from host_tools.dev.emu import OFFICIAL_ONLY, Pico, UF2_HELP, board_pins, find_uf2, runs_ours
from host_tools.dev.emu import flash

pytestmark = [pytest.mark.emu, pytest.mark.skipif(find_uf2() is None, reason=UF2_HELP),
              pytest.mark.skipif(runs_ours(), reason=OFFICIAL_ONLY)]

TINY_MAIN = '# Tiny test app for the emulated Pico (tests/emu/test_emu.py): board pins, I2C, buttons, console, flash.\nimport sys, time, gc, select\nfrom machine import I2C, Pin\nimport board\nimport tinylib\ntry:\n    count = int(open("/count.txt").read())\nexcept OSError:\n    count = 0\nprint("TINY boot", tinylib.VERSION, "count=%d" % count)\ni2c = I2C(board.I2C_ID, sda=Pin(board.I2C_SDA), scl=Pin(board.I2C_SCL), freq=400000)\nprint("scan", i2c.scan())\ntry:\n    i2c.writeto(0x3D, b"\\x00")\nexcept OSError as e:\n    print("nack errno", e.args[0])\nimport ssd1306\noled = ssd1306.SSD1306_I2C(128, 64, i2c, addr=board.DISPLAY_ADDR)\ndef draw():\n    oled.fill(0)\n    for i in range(count):\n        oled.fill_rect(tinylib.x_of(i), 16, 8, 8, 1)\n    oled.show()\ndraw()\npins = [(n, Pin(p, Pin.IN, Pin.PULL_UP)) for n, p in board.BUTTONS]\ndown = {}\npoll = select.poll()\npoll.register(sys.stdin, select.POLLIN)\nline = ""\nprint("READY")\nwhile True:\n    now = time.ticks_ms()\n    for n, p in pins:\n        if not p.value() and n not in down:\n            down[n] = now\n            print("press", n)\n        elif p.value() and n in down:\n            print("release", n, time.ticks_diff(now, down.pop(n)))\n            if n == "ok":\n                count += 1\n                with open("/count.txt", "w") as f:\n                    f.write(str(count))\n                draw()\n    while poll.poll(0):\n        c = sys.stdin.read(1)\n        if c in "\\r\\n":\n            if line.startswith("log "):\n                with open("/log.txt", "w") as f:\n                    f.write("from pico: " + line[4:] + "\\n")\n                print("LOGGED")\n            line = ""\n        else:\n            line += c\n    time.sleep_ms(10)\n'

TINY_LIB = 'VERSION = 7\ndef x_of(i):\n    return 4 + i * 12\n'


def tiny_app(tmp):
    src = os.path.join(tmp, "src")
    os.makedirs(src)
    with open(os.path.join(src, "main.py"), "w") as f:
        f.write(TINY_MAIN)
    with open(os.path.join(src, "tinylib.py"), "w") as f:
        f.write(TINY_LIB)
    return deploy.stage("pico", os.path.join(tmp, "staged"), firmware_dir=src)


@pytest.fixture(scope="module")
def staged(tmp_path_factory):
    return tiny_app(str(tmp_path_factory.mktemp("tiny")))


@pytest.fixture(scope="module")
def pico(staged):
    p = Pico(None, staged)
    p.boot("READY", timeout_ms=5000)
    yield p
    p.close()


def expected_screen(count):
    """What the tiny app draws: `count` 8x8 squares on page 2 at x = 4 + 12*i."""
    buf = bytearray(1024)
    for i in range(count):
        x0 = 4 + i * 12
        for x in range(x0, x0 + 8):
            buf[2 * 128 + x] = 0xFF
    return bytes(buf)


def test_staged_tree_is_what_deploy_lays_out(staged):
    files = deploy.staged_files(staged)
    assert files == ["board.py", "lib/ssd1306.mpy", "main.py", "tinylib.mpy"]


def test_boot_runs_main_from_littlefs_and_loads_mpy(pico):
    text = pico.console_text()
    assert "TINY boot 7 count=0" in text       # tinylib.mpy from mpy-cross loaded by v1.24.1
    assert pico.now_ms < 3000


def test_i2c_scan_nack_and_ssd1306(pico):
    text = pico.console_text()
    pins = board_pins("pico")
    assert "scan [%d]" % pins.addr in text          # bit-banged scan answered on the pads
    assert "nack errno 5" in text                      # EIO, not ETIMEDOUT
    assert pico.panel.on
    assert pico.hw_target.frames >= 1
    assert pico.screen() == expected_screen(0)


def test_buttons_on_gpio(pico):
    mark = pico.console_mark()
    pico.press("ok")
    text = pico.console_text(mark)
    assert "press ok" in text
    held = int(text.split("release ok ")[1].split()[0])
    # 120 ms held, plus up to a 10 ms poll at each end, plus the harness's overshoot: it checks
    # between the emulator's batches, which end up to ~50 emulated ms past a deadline (measured
    # 152-174 ms over 12 clicks)
    assert 100 <= held <= 200
    assert pico.screen() == expected_screen(1)
    mark = pico.console_mark()
    pico.long_press("back")
    held = int(pico.console_text(mark).split("release back ")[1].split()[0])
    assert 1250 <= held <= 1400
    for name in ("up", "down", "left", "right"):
        mark = pico.console_mark()
        pico.press(name, settle_ms=50)
        assert "release %s" % name in pico.console_text(mark)


def test_console_input_and_flash(pico):
    pico.send("log hello pico\n")
    pico.wait_text("LOGGED", timeout_ms=2000)
    assert pico.read_file("/log.txt") == b"from pico: hello pico\n"     # read host-side from the image
    assert pico.read_file("/count.txt") == b"1"


def test_power_cut_keeps_flash(pico):
    pico.press("ok")
    image = pico.power_cut()
    assert flash.read_file(image, "/count.txt") == b"2"
    pico.boot("READY", timeout_ms=5000)
    assert "count=2" in pico.console_text()
    assert pico.screen() == expected_screen(2)


def test_mpremote_through_pty(pico, tmp_path):
    out = str(tmp_path / "log.txt")
    rc, text = pico.mpremote("fs", "ls", ":", "+", "fs", "cp", ":log.txt", out)
    assert rc == 0 and "main.py" in text and "tinylib.mpy" in text
    with open(out) as f:
        assert f.read() == "from pico: hello pico\n"


def test_mem_free_after_boot(pico):
    free = pico.mem_free()
    print("tiny app: gc.mem_free() after boot = %d" % free)
    assert 100_000 < free < 264_000


def test_urandom_differs_between_calls(pico):
    """os.urandom() (new game ids) draws on the ring oscillator's RANDOMBIT, which rp2040py does
    not emulate: Pico answers it (limit 7), else every call returns the same bytes."""
    out = pico.exec("import os\nprint(os.urandom(8).hex(), os.urandom(8).hex())").split()
    assert len(out) == 2 and out[0] != out[1] and len(set(out[0])) > 2


def test_deploy_copy_through_mpremote(staged):
    """A blank Pico, the staged tree copied with the same mpremote arguments `make deploy` uses,
    a soft reset: the app runs from what mpremote wrote."""
    with Pico(None, None) as p:
        p.boot()
        p.run_ms(300)
        rc, text = p.mpremote(*deploy.copy_args(staged))
        assert rc == 0, text
        files = p.list_files()
        for rel in deploy.staged_files(staged):
            assert files["/" + rel] == os.path.getsize(os.path.join(staged, rel))
        p.soft_reset("READY", timeout_ms=5000)
        assert "TINY boot 7 count=0" in p.console_text()
