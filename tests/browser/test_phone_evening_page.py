"""A whole evening at the table with phones in headless Chromium, against the simulator
serving them (host_tools.dev.phone_evening/night.py: five games of all four kinds, kept and ended games, a
power cut, a kept game resumed, six phones joining and leaving, seats claimed and taken over, a
secret prediction in each 掛け引き game). After every step each phone shows the server's own view
for its language and seat, no secret is on another phone's page or stream, a seat is offered only
on a game being played, errors.txt stays empty (host_tools.dev.phone_evening/checks.py). At the end
`export --url` archives what a plain export of the same games folder archives. Screenshots of the
key states (evening-*.png) go to $PHONE_SHOTS or the test's temporary folder. Skips without Chromium."""
import os

import pytest

from host_tools.board import export
from host_tools.dev.phone_evening import night
from phone_browser import cdp
from folder_runner import FolderRunner
from file_tree import tree

pytestmark = pytest.mark.skipif(
    not cdp.chromium(),
    reason="Chromium is not installed (Debian: apt-get install chromium; make test does)")

REPORTS = ("export-report.txt", "export-report.json")


def test_an_evening_with_six_phones(browser, shots, tmp_path):
    folder = str(tmp_path / "table")
    ev, archive = night.run(browser, folder, shots, str(tmp_path / "wifi"))
    figures = ev.figures.summary()
    print("the evening:", figures, ev.log)
    assert figures["changes"] >= 50 and figures["delivered"] >= 5 * figures["changes"], figures
    # the archive over Wi-Fi is the export over the cable of the same folder (tests/host/board/test_export_url.py)
    usb = export.export(FolderRunner(folder), str(tmp_path / "usb"), date="night")
    assert usb.ok
    wifi, cable = tree(archive), tree(str(tmp_path / "usb" / "night"))
    assert sorted(wifi) == sorted(cable)
    assert len([n for n in wifi if n.endswith(".log")]) >= 5
    for name in wifi:
        if name not in REPORTS:
            assert wifi[name] == cable[name], name
    assert "Traceback" not in open(os.path.join(folder, "sim-stderr.txt"), encoding="utf-8").read()
