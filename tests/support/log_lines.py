# A game log's lines as the bytes of a .log file (data_of), and one sealed line with fields changed (reseal).
from core import journal


def data_of(lines):
    return "".join(lines).encode("utf-8")


def reseal(line, **changes):
    rec = journal.unseal(line)
    rec.update(changes)
    return journal.seal(rec)
