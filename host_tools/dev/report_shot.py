# The README's picture of a Japanese report: the demo game (make demo) reported and photographed
# by headless Chromium. `python -m host_tools.dev.report_shot [PNG]` (default docs/screenshots/report-ja.png).
import os
import shutil
import subprocess
import sys
import tempfile

from host_tools.dev import demo
from host_tools.records.report import run as report

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars"]


def shoot(png, width=900, height=1250):
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if not browser:
        raise SystemExit("Chromium is not installed (Debian: apt-get install chromium fonts-ipafont-gothic)")
    with tempfile.TemporaryDirectory() as tmp:
        game, log = demo.play(7, tmp, echo=lambda s: None)
        page = report.report([log], os.path.join(tmp, "out"), "ja", night="2026-11-28")["html"][0]
        subprocess.run([browser] + FLAGS + ["--user-data-dir=" + os.path.join(tmp, "profile"),
                                            "--window-size=%d,%d" % (width, height),
                                            "--screenshot=" + os.path.abspath(png), "file://" + page],
                       check=True, capture_output=True, timeout=120)
    return png


def main(argv):
    print(shoot(argv[0] if argv else "docs/screenshots/report-ja.png"))
    return 0


if __name__ == "__main__":
    from host_tools.cli_io import run_command
    sys.exit(run_command(main, sys.argv[1:]))
