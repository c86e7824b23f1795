# A driver on a flash store in a folder (_stored), and the bytes of that folder's game logs (_journal).
import os

from storage.store import Store, OsFs
from ui_harness import Driver


def _stored(tmp_path, lang="ja"):
    st = Store(fs=OsFs(), root=str(tmp_path / "games"))
    return st, Driver(store=st, lang=lang)


def _journal(tmp_path):
    names = sorted(n for n in os.listdir(str(tmp_path / "games")) if n.endswith(".log"))
    return b"".join(open(str(tmp_path / "games" / n), "rb").read() for n in names)
