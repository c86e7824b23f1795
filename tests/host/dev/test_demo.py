# make demo (host_tools/dev/demo.py): the printed table lines up in a terminal, Japanese names included.
from host_tools.dev import demo
from host_tools.termtext import display_width, ljust


def test_display_width_counts_wide_characters_twice():
    assert display_width("Ben") == 3 and display_width("あや") == 4 and display_width("ＡＢ") == 4
    assert display_width("が") == 2 and display_width("か\u3099") == 2      # a combining mark takes no cell
    assert ljust("あや", 5) == "あや " and ljust("Ben", 5) == "Ben  " and ljust("長い名前", 3) == "長い名前"


def test_demo_columns_line_up(tmp_path):
    out = []
    game, path = demo.play(7, str(tmp_path), out.append)
    rounds = [line for line in out if line.startswith("第")]
    places = [line for line in out if "位 place" in line]
    assert len(rounds) > 3 and len(places) == 4
    for marker in ("勝者", "配当", "|"):
        cols = set(display_width(line[:line.index(marker)]) for line in rounds)
        assert len(cols) == 1, (marker, cols)
    score_cols = set(display_width(line[:line.rindex(" = ")]) for line in places)
    assert len(score_cols) == 1
    assert any("あや" in line for line in places)
