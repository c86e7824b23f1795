# `make web`'s messages: a busy port names the way to choose another (WEB_PORT= through
# make, --port otherwise), and serving to the network prints the address a phone opens (this
# machine's, never 0.0.0.0) and that the offline copy needs localhost or https.
import socket

import pytest

from host_tools.dev.web import __main__ as web
from host_tools.dev.web import build as web_build


@pytest.fixture
def built(tmp_path, monkeypatch):
    monkeypatch.setattr(web_build, "build", lambda: str(tmp_path))
    return tmp_path


@pytest.mark.parametrize("make,hint", [("1", "make web WEB_PORT="), (None, "--port ")])
def test_a_busy_port_says_how_to_choose_another(built, monkeypatch, capsys, make, hint):
    if make:
        monkeypatch.setenv("MAKELEVEL", make)
    else:
        monkeypatch.delenv("MAKELEVEL", raising=False)
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen(1)
    try:
        assert web.main(["--port", str(taken.getsockname()[1])]) == 2
    finally:
        taken.close()
    err = capsys.readouterr().err
    assert hint in err and ("WEB_PORT" in err) == bool(make)


def test_served_to_the_network_it_prints_the_address_a_phone_opens(monkeypatch):
    monkeypatch.setattr(web, "lan_address", lambda: "192.168.1.23")
    text = "\n".join(web.addresses("0.0.0.0", 8000))
    assert "http://192.168.1.23:8000/" in text and "0.0.0.0" not in text
    assert "localhost or over https" in text


def test_this_machine_only_says_how_to_reach_a_phone(monkeypatch):
    monkeypatch.setenv("MAKELEVEL", "1")
    text = "\n".join(web.addresses("127.0.0.1", 8000))
    assert "http://127.0.0.1:8000/" in text and "make web WEB_HOST=0.0.0.0" in text
