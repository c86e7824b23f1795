# What the evening checks after every step: each phone shows the panel's state, secrets stay with their owner, no error logged.
import json
import os
import socket
import time

from host_tools.dev.phone_evening.browser import pb


def after_step(ev):
    """Every phone shows the server's own view for its language and seat (phone_browser.follow:
    the page's text, its own section, a seat's lines on no other page), offers a seat only when the
    panel lets one be claimed, and no secret reaches another phone's stream; nothing was logged."""
    names = sorted(ev.phones)
    phones = [ev.phones[n] for n in names]
    views = pb.follow(ev.sim, phones)
    sitting = ev.sitting()
    for p in phones:
        if pb.token(p) and pb.token(p) not in ev.tokens:
            ev.tokens[pb.token(p)] = sitting
    claims_as_the_panel_allows(ev.sim.view("ja"), phones)
    secrets_stay_with_their_owner(ev, dict(zip(names, views)))
    nothing_logged(ev.folder)


def claims_as_the_panel_allows(view, phones):
    """「この席にする」 only on a game being played: none while the panel sets up the next game
    (the note 「…を準備中」 is the view's and follow() saw it), none on an ended game; on a
    game being played every seat for a phone without one."""
    n = len(view.get("seats", []))
    offered = view["screen"] == "play" and not view.get("next") and n
    for p in phones:
        page = p.read()
        want = n if offered and not pb.token(p) and page["state"] == "live" else 0
        assert page["claims"] == want, "the %s phone offers %d seats, not %d (screen %s, next %r)" % (
            p.lang, page["claims"], want, view["screen"], view.get("next"))


def secrets_stay_with_their_owner(ev, views):
    """A seat's own lines (掛け引き's prediction) in its owner's stream and in the stream of no other
    phone (with its token, in its language), and no seat at all for a token of an earlier sitting
    (another game, or before a power cut). Looked at once per view."""
    v = ev.sim.last["v"] if ev.sim.last else None
    owners = {n: pb.token(ev.phones[n]) for n, view in views.items() if (view.get("mine") or {}).get("lines")}
    if not owners or ev.secrets_seen_at == v:
        return
    ev.secrets_seen_at = v
    secrets = {}
    for name, tok in owners.items():
        for lang in ("ja", "en"):
            for line in ev.sim.view(lang, tok)["mine"]["lines"]:
                secrets[line] = name
    for name, p in ev.phones.items():
        text = stream_view(ev.sim, p.lang, pb.token(p))
        leaked = [s for s, owner in secrets.items() if owner != name and s in text]
        assert not leaked, "%s's secret %r in the stream of phone %s" % (secrets[leaked[0]], leaked[0], name)
        own = [s for s, owner in secrets.items() if owner == name]
        assert not own or any(s in text for s in own), "phone %s's stream lacks its own lines %r" % (name, own)
    sitting = ev.sitting()
    for tok in [t for t, when in ev.tokens.items() if when != sitting]:
        view = ev.sim.view("ja", tok)
        assert "mine" not in view, "a token of an earlier sitting opens seat %s" % view["mine"]["seat"]


def stream_view(sim, lang, tok, timeout=30):
    """The first view a phone's /events stream sends (its language, its token), read from a plain
    socket; asked again when the server is at its connections' bound (it closes unanswered)."""
    port = int(sim.url.split(":")[2].split("/")[0])
    query = "k=%s&lang=%s&c=%s%s" % (sim.key, lang, os.urandom(8).hex(), "&tok=" + tok if tok else "")
    deadline = time.time() + timeout
    while True:
        got = b""
        with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
            s.sendall(("GET /events?%s HTTP/1.0\r\n\r\n" % query).encode())
            while not (b"event: view" in got and got.endswith(b"\n\n")):
                chunk = s.recv(65536)
                if not chunk:
                    break
                got += chunk
        if b"event: view" in got:
            data = [l[6:] for l in got.decode("utf-8").split("\n") if l.startswith("data: ")]
            return json.dumps(json.loads(data[0]), ensure_ascii=False)
        assert time.time() < deadline, "no view from /events in %d s: %r" % (timeout, got[-200:])
        time.sleep(0.2)


def nothing_logged(folder):
    """errors.txt (and its older half) beside the games: absent or empty."""
    for root, _, files in os.walk(folder):
        for f in files:
            if f.startswith("errors") and f.endswith(".txt"):
                size = os.path.getsize(os.path.join(root, f))
                assert size == 0, "%s: %d bytes logged:\n%s" % (
                    f, size, open(os.path.join(root, f), encoding="utf-8", errors="replace").read()[-1500:])
