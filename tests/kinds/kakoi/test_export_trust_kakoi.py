"""囲将会ドボン's hand-sealed log with empty settings exports (test_export_trust.py's hostile device)."""
import os

from host_tools.board import export
from folder_runner import FolderRunner
from export_device import hostile_export_device


def test_hand_sealed_log_with_empty_settings_exports(tmp_path):
    from host_tools.records import seal
    dev = hostile_export_device(tmp_path)
    draft = ['{"t":"header","schema":1,"kind":"kakoi","g":"dddd0004","seq":0,"settings":{},'
             '"seats":["A","B","C"],"fw":"hand"}',
             '{"t":"tsumo","seat":0,"card":"5","hands":[[],["K","Q"],["3","2"]],"seq":1,"g":"dddd0004"}']
    (dev / "games" / "dddd0004.log").write_text("".join(seal.seal_lines(draft)), encoding="utf-8")
    res = export.export(FolderRunner(str(dev)), str(tmp_path / "archive"), date="2025-01-02")
    assert res.ok, res.text()
    assert not [n for n in os.listdir(str(tmp_path / "archive" / "2025-01-02")) if n.startswith(".export-")]
