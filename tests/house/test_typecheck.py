# Type check of the hardware layer and main.py against the MicroPython rp2 (Pico) stubs, with mypy.
#
# mypy==1.18.2 and micropython-rp2-rpi-pico-stubs (with micropython-stdlib-stubs, which replaces
# CPython's typeshed so time.ticks_ms, machine.Pin, gc... are MicroPython's own).
import os
import subprocess
import sys
import sysconfig

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TARGETS = ["firmware/hw", "firmware/main.py"]
# Imported by main.py but not part of the Pico's stubs: the driver mip installs, the board file,
# the Raspberry Pi's CPython libraries, and the store another layer provides.
OUTSIDE = ["ssd1306", "board", "busio", "digitalio", "adafruit_ssd1306", "storage.store"]


def stub_dirs():
    site = sysconfig.get_paths()["purelib"]
    if not os.path.exists(os.path.join(site, "machine.pyi")) or \
            not os.path.exists(os.path.join(site, "stdlib", "VERSIONS")):
        pytest.skip("micropython-rp2-rpi-pico-stubs / micropython-stdlib-stubs not installed")
    return site


def test_firmware_hw_and_main_typecheck(tmp_path):
    pytest.importorskip("mypy", reason="pip install mypy==1.18.2")
    site = stub_dirs()
    # Only the stub files on mypy's path, not the whole of site-packages.
    stubs = tmp_path / "stubs"
    stubs.mkdir()
    for name in os.listdir(site):
        if name.endswith(".pyi") or name in ("rp2", "_mpy_shed"):
            os.symlink(os.path.join(site, name), stubs / name)
    cfg = tmp_path / "mypy.ini"
    cfg.write_text(
        "[mypy]\n"
        "custom_typeshed_dir = %s\n"
        "mypy_path = %s:%s\n"
        "follow_imports = silent\n"
        "check_untyped_defs = True\n"
        "warn_unused_ignores = True\n"
        "cache_dir = %s\n"
        "[mypy-%s]\n"
        "ignore_missing_imports = True\n"
        "follow_imports = skip\n"
        % (site, stubs, os.path.join(ROOT, "firmware"), tmp_path / "cache", ",".join(OUTSIDE)))
    r = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(cfg)] + TARGETS,
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    # The stubs themselves draw complaints from mypy (redefinitions, overloads): only ours count.
    ours = [l for l in r.stdout.splitlines() if l.startswith("firmware/")]
    assert not ours, "\n".join(ours)
    assert "error:" not in r.stderr, r.stderr
    n = len([f for f in os.listdir(os.path.join(ROOT, "firmware", "hw")) if f.endswith(".py")]) + 1
    assert "checked %d source files" % n in r.stdout or "Success" in r.stdout, r.stdout
