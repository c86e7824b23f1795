# The night's report pages in a real browser (headless Chromium): every character of every text
# (the charts' included) has a glyph in the fonts the page asks for, and the tables and charts are
# there. Skips with a message where Chromium is not installed (make test installs it).
import json
import os
import re
import shutil
import subprocess
import tempfile

import pytest

from host_tools.records.report import run as report

from test_report import night_dir

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars"]

pytestmark = pytest.mark.skipif(
    not CHROMIUM, reason="Chromium is not installed (Debian: apt-get install chromium fonts-ipafont-gothic; make test does)")

# Runs in the page: each distinct character of each text node is drawn on a canvas in the font
# its element computes; a character drawn exactly like a private-use code point (which no font
# has: the browser's missing-glyph box) is missing. Also counts the tables and charts.
CHECK = r"""
<script>
(function () {
  var tofu = {}, missing = [], seen = {};
  var canvas = document.createElement("canvas"); canvas.width = 48; canvas.height = 48;
  var ctx = canvas.getContext("2d", {willReadFrequently: true});
  function draw(font, ch) {
    ctx.clearRect(0, 0, 48, 48); ctx.font = "32px " + font; ctx.fillStyle = "#000";
    ctx.textBaseline = "top"; ctx.fillText(ch, 4, 4);
    return Array.prototype.join.call(ctx.getImageData(0, 0, 48, 48).data, ",");
  }
  var walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  var texts = 0;
  while (walker.nextNode()) {
    var node = walker.currentNode, el = node.parentElement;
    if (!el || el.closest("script,style,#glyph-check")) continue;
    var font = getComputedStyle(el).fontFamily;
    if (!(font in tofu)) tofu[font] = [draw(font, "\uE000"), draw(font, "\uDB80\uDC00")];
    texts++;
    for (var ch of node.data) {
      if (/\s/.test(ch) || seen[font + ch]) continue;
      seen[font + ch] = 1;
      var img = draw(font, ch);
      if (img === tofu[font][0] || img === tofu[font][1]) missing.push(ch + " in " + el.tagName);
    }
  }
  var pre = document.createElement("pre"); pre.id = "glyph-check";
  pre.textContent = JSON.stringify({
    missing: missing, texts: texts, chars: Object.keys(seen).length,
    standings: document.querySelectorAll("table.standings tr").length,
    rounds: document.querySelectorAll("table.rounds tr").length,
    tables: document.querySelectorAll("table.standings").length,
    round_tables: document.querySelectorAll("table.rounds").length,
    charts: document.querySelectorAll("figure.chart svg text").length});
  document.body.appendChild(pre);
})();
</script>
"""


def chromium(*args):
    with tempfile.TemporaryDirectory() as profile:
        return subprocess.run([CHROMIUM] + FLAGS + ["--user-data-dir=" + profile] + list(args),
                              capture_output=True, text=True, timeout=120)


def check_page(path):
    page = open(path, encoding="utf-8").read()
    probe = path + ".check.html"
    with open(probe, "w", encoding="utf-8") as f:
        f.write(page.replace("</body>", CHECK + "</body>"))
    out = chromium("--dump-dom", "file://" + probe).stdout
    m = re.search(r'<pre id="glyph-check">(.*?)</pre>', out, re.S)
    assert m, "Chromium gave no result: %s" % out[-500:]
    return json.loads(m.group(1).replace("&quot;", '"').replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">"))


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
