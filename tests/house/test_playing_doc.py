# docs/playing.md is the English page: what it quotes of the screens (`...`) is what the English
# screens say; the Japanese screens are quoted in docs/playing.ja.md.
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
JAPANESE = re.compile("[\u3040-\u30ff\u4e00-\u9fff]")


def test_the_english_page_quotes_the_english_screens():
    with open(os.path.join(ROOT, "docs", "playing.md"), encoding="utf-8") as f:
        text = f.read()
    quotes = re.findall(r"`([^`\n]+)`", text) + re.findall(r"「([^」]+)」", text)
    assert len(quotes) > 40
    assert [q for q in quotes if JAPANESE.search(q)] == []
