"""The download bench's page (host_tools/dev/bench/download.py) from given results, and the long game it
puts on the flash: its log over the size asked, as the board's /log sends it. The figures come
from `make bench` on the emulated Pico W; nothing here is timed."""
import os

from host_tools.dev.bench import download as D


def test_the_game_on_the_flash_is_a_log_over_the_size_asked(tmp_path):
    key, data = D.big_game(str(tmp_path), 20)
    segs = sorted((n for n in os.listdir(str(tmp_path)) if n.startswith(key + ".") and n.endswith(".log")),
                  key=lambda n: int(n.split(".")[-2]))
    assert len(data) > 20 * 1024 and data == b"".join((tmp_path / n).read_bytes() for n in segs)
    assert b'"t":"header"' in data.split(b"\n")[0]


def test_the_page_says_the_heap_and_the_presses_with_and_without_the_download():
    R = {"log_bytes": 103000, "free_boot": 160 * 1024, "download_ms": 5400, "same_bytes": True, "error": None,
         "memory_errors": [], "alone": [(20.0, 150 * 1024), (30.0, 149 * 1024), (25.0, 150 * 1024)],
         "during": [(22.0, 140 * 1024), (41.0, 139 * 1024), (28.0, 141 * 1024)]}
    page = D.markdown(R, "build/firmware/scoreboard-pico_w.uf2")
    assert "| the panel alone | 3 | 25 | 30 | 149.0 |" in page
    assert "| while a phone downloads the log | 3 | 28 | 41 | 139.0 |" in page
    assert "103,000 bytes; downloaded in 5,400 emulated ms; the bytes received equal" in page
    R["same_bytes"] = False
    assert "**differ from**" in D.markdown(R, "x")
    assert "Not measured: no UF2." in D.markdown({"skip": "no UF2"}, "x")
