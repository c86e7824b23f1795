# `python -m host_tools names [--port P] NAME...`: pushes the table's seat names to the Pico.
# The device reads /names.json (a JSON list of strings) when a new game asks for its players.
import argparse
import sys

from host_tools import _paths  # noqa: F401  (firmware/ on sys.path)
from host_tools.board.files import DeviceError, device_put, mpremote_runner
from core import cjson

MAX_SEATS = 6
MAX_LEN = 8   # a name column on the 128-pixel panel holds 8 Japanese or 16 ASCII characters


def check(names):
    """The names as the device will show them; raises ValueError naming the problem."""
    if not 1 <= len(names) <= MAX_SEATS:
        raise ValueError("give 1 to %d names, got %d" % (MAX_SEATS, len(names)))
    out = []
    for n in names:
        n = n.strip()
        if not n:
            raise ValueError("an empty name")
        if len(n) > MAX_LEN:
            raise ValueError("%r is longer than %d characters" % (n, MAX_LEN))
        lacking = [ch for ch in n if ch not in panel_chars()]
        if lacking:
            raise ValueError("%s: the panel's font (misaki, JIS X 0208) has no %s; it would show as a "
                             "box: write it another way (e.g. 高 for 髙)" % (n, " ".join(lacking)))
        out.append(n)
    twice = duplicates(out)
    if twice:
        raise ValueError("each name once (two seats of one name would be one player in the ledger): "
                         + ", ".join("%s %d times" % (n, k) for n, k in twice))
    return out


def duplicates(names):
    """[(name, how many times)] for each name given more than once, in the order first given.
    Names are compared as the device compares them when it says "already playing" (the exact
    text, after the strip check() does), so a list this passes never puts one name on two seats."""
    counts = {}
    for n in names:
        counts[n] = counts.get(n, 0) + 1
    return [(n, counts.pop(n)) for n in names if counts.get(n, 0) > 1]


_PANEL_CHARS = []


def panel_chars():
    """Every character the panel can draw (firmware/draw/misaki.fnt)."""
    if not _PANEL_CHARS:
        from host_tools.board import make_font
        _PANEL_CHARS.append(make_font.font_chars())
    return _PANEL_CHARS[0]


def push(names, run):
    """Write names.json on the device through a temporary file and a rename (power-cut safe)."""
    data = cjson.dumps(check(names)).encode("utf-8")
    device_put(run, data, "names.json")
    return data


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools names",
                                 description="Push the table's seat names to the Pico (/names.json): "
                                             "a new game offers them for its seats.")
    ap.add_argument("--port", help="the Pico's serial port (default: the one mpremote finds)")
    ap.add_argument("names", nargs="+", metavar="NAME",
                    help="1 to %d names, in seat order, at most %d characters each, each once" % (MAX_SEATS, MAX_LEN))
    args = ap.parse_args(argv)
    try:
        data = push(args.names, mpremote_runner(
            args.port, again="python -m host_tools names --port /dev/ttyACM0 NAME..."))
    except ValueError as e:
        sys.stderr.write("error: %s\n" % e)
        return 2
    except DeviceError as e:
        sys.stderr.write("device: %s\n" % e)
        return 3
    print("names.json: %s" % data.decode("utf-8"))
    return 0


if __name__ == "__main__":
    from host_tools.cli_io import run_command
    sys.exit(run_command(main))
