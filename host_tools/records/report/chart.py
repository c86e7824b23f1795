# The report's chart: each player's score after every round, an inline SVG whose text stays text
# (the browser draws every glyph); the matplotlib setup the season's charts share.
import array
import io
import os
import re

from host_tools.records.report.parts import word

CHART_POINTS = 1000    # points per line in a chart (longer games are sampled evenly)
JAPANESE_FONTS = ("IPAexGothic", "IPAGothic", "Noto Sans CJK JP", "Noto Sans JP", "TakaoGothic",
                  "VL Gothic", "MisakiGothic")   # misaki (make font) last: 8-dot, but every glyph
_plt = None
_JA_FONT = None


def japanese_font():
    """The Japanese font matplotlib measures text with (Debian fonts-ipafont-gothic or
    fonts-noto-cjk), or None."""
    setup_matplotlib()
    return _JA_FONT


def setup_matplotlib():
    global _plt, _JA_FONT
    if _plt is not None:
        return _plt
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib import font_manager
    _JA_FONT = _first_japanese(font_manager)
    if _JA_FONT is None and _add_installed_since(font_manager):
        _JA_FONT = _first_japanese(font_manager)
    _plt = plt
    return plt


def _first_japanese(font_manager):
    have = set(f.name for f in font_manager.fontManager.ttflist)
    return next((f for f in JAPANESE_FONTS if f in have), None)


# Files of the JAPANESE_FONTS families, by name (Debian's fonts-ipafont-gothic, fonts-ipaexfont,
# fonts-noto-cjk, fonts-takao, fonts-vlgothic, misaki).
_JAPANESE_FILES = ("ipag", "ipaexg", "notosanscjk", "notosansjp", "takao", "vl-gothic", "misaki")


def _add_installed_since(font_manager):
    """matplotlib keeps the font list it found at its first run: a Japanese font installed after
    that (make test installs fonts-ipafont-gothic) is not in it, and every chart's Japanese
    would be boxes. Add the system's Japanese font files it does not list."""
    known = set(f.fname for f in font_manager.fontManager.ttflist)
    added = 0
    for path in font_manager.findSystemFonts():
        name = os.path.basename(path).lower().replace("-", "").replace("_", "")
        if path not in known and any(k.replace("-", "") in name for k in _JAPANESE_FILES):
            try:
                font_manager.fontManager.addfont(path)
                added += 1
            except (OSError, RuntimeError, ValueError):   # a file the font reader cannot read
                pass
    return added


def chart_rc():
    fams = ["DejaVu Sans"] + ([_JA_FONT] if _JA_FONT else [])
    return {"svg.fonttype": "none",        # text stays text: the browser draws every glyph
            "text.parse_math": False,      # a name with $ is a name, not a formula
            "text.usetex": False, "font.family": fams, "axes.unicode_minus": False,
            "svg.hashsalt": "report"}      # the same game gives the same SVG


class Series:
    """Each player's score after every round, sampled down to CHART_POINTS points per line."""

    def __init__(self, start):
        self.n = len(start)
        self.step = 1
        self.xs = array.array("l", [0])
        self.ys = [array.array("l", [int(v)]) for v in start]
        self.last = None

    def add(self, x, sc):
        self.last = (x, sc)
        if x % self.step == 0:
            self.xs.append(x)
            for i in range(self.n):
                self.ys[i].append(int(sc[i]))
            if len(self.xs) > CHART_POINTS:   # keep every other point, sample twice as sparsely
                self.step *= 2
                self.xs = self.xs[::2]
                self.ys = [y[::2] for y in self.ys]

    def points(self):
        xs, ys = list(self.xs), [list(y) for y in self.ys]
        if self.last and (not xs or xs[-1] != self.last[0]):
            xs.append(self.last[0])
            for i in range(self.n):
                ys[i].append(int(self.last[1][i]))
        return xs, ys


MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")   # one per player (seats up to 6, and more)


def layered(i, n):
    """How line `i` of `n` is drawn so that equal lines and points all stay visible: each line is
    narrower than the one drawn before it, with a smaller marker of its own shape, so an equal
    line shows as a band around the next one and a point under another as a ring around it (the
    report's and the season's charts)."""
    step = min(2.0, 6.0 / (n - 1)) if n > 1 else 0     # the widest line 7.2 px at most
    return {"marker": MARKERS[i % len(MARKERS)], "markersize": 3 + step * (n - 1 - i),
            "linewidth": 1.2 + step * (n - 1 - i), "zorder": 2 + i}


def chart_svg(names, series, lang, kind=None):
    """An SVG <svg> element (no XML prologue) of the scores; every label plain text in `lang`."""
    plt = setup_matplotlib()
    import matplotlib
    from matplotlib.ticker import MaxNLocator
    xs, ys = series.points()
    with matplotlib.rc_context(chart_rc()):
        fig, ax = plt.subplots(figsize=(7, 3.6))
        try:
            fig.subplots_adjust(left=0.1, right=0.98, top=0.97, bottom=0.14)
            # Players with equal scores would draw one line over another: layered() keeps each
            # one visible (no markers on a long game: they would cover the lines).
            lines = []
            for i, y in enumerate(ys):
                style = layered(i, len(ys))
                if len(xs) > 60:
                    style["marker"] = None
                lines.append(ax.plot(xs, y, **style)[0])
            ax.set_xlabel(word(kind, "ROUND_WORD", "round", lang))
            ax.set_ylabel(word(kind, "SCORE_WORD", "score", lang))
            ax.xaxis.set_major_locator(MaxNLocator(integer=True))
            ax.yaxis.set_major_locator(MaxNLocator(integer=True))
            ax.grid(True, alpha=0.3)
            # explicit labels: matplotlib hides legend labels that start with "_"
            ax.legend(lines, list(names), loc="best", fontsize="small")
            svg = svg_of(fig)
        finally:
            plt.close(fig)
    return svg


def svg_of(fig):
    """A matplotlib figure as inline SVG for a page: no XML prologue, no date, no RDF metadata
    (words for no reader); the report's and the season's charts."""
    buf = io.StringIO()
    fig.savefig(buf, format="svg", metadata={"Date": None})
    svg = buf.getvalue()
    svg = svg[svg.index("<svg"):]
    return re.sub(r"<metadata>.*?</metadata>\s*", "", svg, flags=re.S)
