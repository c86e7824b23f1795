"""main.make_phones: which boards serve phones. A Pico W on the official firmware plays on the panel
alone (its heap does not hold the server beside a game); on our firmware and on a board that serves
its LAN (SERVE_PORT) the server starts."""
import sys
import types

import pytest

import main


class Board:
    def __init__(self, **kw):
        self.__dict__.update(kw)


@pytest.fixture
def fake_server(monkeypatch):
    """net.radio.Phones replaced by a recorder: the arguments it was started with."""
    made = []

    class Phones:
        def __init__(self, app, folder, port, radio, streams=None):
            made.append((folder, port, radio, streams))

    mod = types.ModuleType("net.radio")
    mod.Phones = Phones
    monkeypatch.setitem(sys.modules, "net.radio", mod)
    return made


def test_a_pico_without_a_radio_serves_no_phones(fake_server):
    assert main.make_phones(Board(), app=None) is None
    assert fake_server == []


def test_a_pico_w_on_the_official_firmware_plays_on_the_panel_alone(fake_server, monkeypatch, capsys):
    monkeypatch.setattr(main, "ours", lambda: False)
    assert main.make_phones(Board(RADIO=True, PHONE_STREAMS=4), app=None) is None
    assert fake_server == []
    out = capsys.readouterr().out
    assert "official MicroPython firmware" in out and "scoreboard-pico_w.uf2" in out


def test_a_pico_w_on_our_firmware_serves_every_phone(fake_server, monkeypatch):
    monkeypatch.setattr(main, "ours", lambda: True)
    monkeypatch.setitem(sys.modules, "firmware_build", types.SimpleNamespace(TCP_CONNECTIONS=16))
    assert main.make_phones(Board(RADIO=True, PHONE_STREAMS=4), app=None) is not None
    assert fake_server == [("/", 80, True, None)]


def test_a_board_serving_its_lan_starts_the_server_on_any_firmware(fake_server, monkeypatch):
    monkeypatch.setattr(main, "ours", lambda: False)
    assert main.make_phones(Board(SERVE_PORT=8080), app=None) is not None
    assert fake_server == [("/", 8080, False, None)]


def test_ours_is_told_by_the_frozen_main_putting_frozen_first(monkeypatch):
    monkeypatch.setattr(sys, "path", [".frozen"] + [p for p in sys.path if p != ".frozen"])
    assert main.ours() is True
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p != ".frozen"])
    assert main.ours() is False
