# The night's report pages in a real browser (headless Chromium): every character of every text
# (the charts' included) has a glyph in the fonts the page asks for, and the tables and charts are
# there. Skips with a message where Chromium is not installed (make test installs it).
import os

import pytest

from host_tools.records.report import run as report

from chromium_page import CHROMIUM, check_page, chromium
from report_night import night_dir

pytestmark = pytest.mark.skipif(
    not CHROMIUM, reason="Chromium is not installed (Debian: apt-get install chromium fonts-ipafont-gothic; make test does)")


def test_night_pages_have_every_glyph_and_their_tables(tmp_path):
    d, games = night_dir(tmp_path)
    out = tmp_path / "out"
    w = report.report(sorted(str(p) for p in d.iterdir()), str(out), "both")
    assert len(w["html"]) == 2
    for path in w["html"]:
        r = check_page(path)
        assert r["missing"] == [], (os.path.basename(path), r["missing"][:20])
        assert r["chars"] > 60 and r["texts"] > 100
        assert r["tables"] == 4 and r["round_tables"] == 4 and r["charts"] > 4 * 8, r
        assert r["standings"] == 4 * 1 + 4 + 3 * 3 and r["rounds"] > 4 + 10, r


def test_the_check_sees_a_missing_glyph(tmp_path):
    """The probe itself: a character no installed font has is reported."""
    path = tmp_path / "tofu.html"
    path.write_text('<!DOCTYPE html><html><head><meta charset="utf-8"></head><body><p>ok \U000F0001</p>'
                    '<table class="standings"><tr><td>1</td></tr></table></body></html>', encoding="utf-8")
    r = check_page(str(path))
    assert len(r["missing"]) == 1 and r["tables"] == 1


def test_screenshot_of_the_japanese_page(tmp_path):
    d, games = night_dir(tmp_path)
    out = tmp_path / "out"
    w = report.report(sorted(str(p) for p in d.iterdir()), str(out), "ja")
    png = tmp_path / "ja.png"
    chromium("--window-size=1000,1400", "--screenshot=%s" % png, "file://" + w["html"][0])
    data = png.read_bytes()
    assert data.startswith(b"\x89PNG") and len(data) > 20000
