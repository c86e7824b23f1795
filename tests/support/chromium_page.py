# Headless Chromium on a report's page (chromium), and the glyph check run in it (check_page: missing glyphs, tables, charts).
import json
import re
import shutil
import subprocess
import tempfile

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars"]

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
