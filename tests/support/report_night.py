# A night's folder of logs, one game of every kind (night_dir), the report's CSV rows (read_csv) and page words (page_words), hostile names (HOSTILE).
import csv
import html.parser

from log_lines import data_of

import game_data

KINDS = game_data.kinds()
HOSTILE = ["$$", "Ben $_$", "_under", "=1+2", "<b>x</b>"]

NAMES3 = ["あき", "Bob", "ちえ"]


def night_dir(tmp_path, label="2025-03-01", names3=NAMES3, names4=("あき", "Bob", "ちえ", "Dan")):
    d = tmp_path / "archive" / label
    d.mkdir(parents=True)
    games = dict((k + ".log", game_data.of(k).report_night_log(list(names3), list(names4))) for k in KINDS)
    for name, (g, lines) in games.items():
        (d / name).write_bytes(data_of(lines))
    return d, games


def read_csv(path):
    with open(path, encoding="utf-8-sig", newline="") as f:
        return list(csv.reader(f))


class PageText(html.parser.HTMLParser):
    """The words a reader sees: text outside <style>, the chart's text included."""

    def __init__(self):
        super().__init__()
        self.skip = 0
        self.words = []

    def handle_starttag(self, tag, attrs):
        if tag in ("style", "script"):
            self.skip += 1

    def handle_endtag(self, tag):
        if tag in ("style", "script"):
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip and data.strip():
            self.words.append(data.strip())


def page_words(page):
    p = PageText()
    p.feed(page)
    return p.words
