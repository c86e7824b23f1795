"""`python -m host_tools wifi`: the credentials checked, written through a temporary name and a
rename, removed with --off; bad input exits 2 with a message; what the firmware reads back."""
import json

import pytest

from host_tools.board import wifi
from net import radio


def test_push_writes_then_renames(tmp_path):
    calls = []
    wifi.push(wifi.check("卓のWi-Fi", "password123"), calls.append)
    assert calls[0][0:2] == ["fs", "cp"] and calls[0][3] == ":wifi.json.tmp"
    assert "os.rename('wifi.json.tmp', 'wifi.json')" in calls[1][1]


def test_firmware_reads_what_it_writes(tmp_path):
    (tmp_path / "wifi.json").write_text(json.dumps(wifi.check("home", "password123")), encoding="utf-8")
    assert radio.table_wifi(str(tmp_path) + "/") == {"ssid": "home", "password": "password123"}
    (tmp_path / "wifi.json").write_text('{"ssid": ""}')
    assert radio.table_wifi(str(tmp_path) + "/") is None      # no name: the board's own access point
    (tmp_path / "wifi.json").write_text('not json')
    assert radio.table_wifi(str(tmp_path) + "/") is None


@pytest.mark.parametrize("argv", [["x" * 33, "password123"], ["home", "short"], ["home\n", "password123"], []])
def test_bad_input_exits_2(argv, capsys):
    with pytest.raises(SystemExit) as e:
        raise SystemExit(wifi.main(argv))
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert "error" in err and "Traceback" not in err


def test_off_removes(tmp_path):
    calls = []
    wifi.push(None, calls.append)
    assert calls[0][0] == "exec" and "wifi.json" in calls[0][1]
