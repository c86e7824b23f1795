# The evening's table: the simulator serving phones, the phones that come and go, what they do.
import json
import os
import subprocess
import sys
import time

from host_tools import _paths
from host_tools.dev.phone_evening import checks, steps, timing
from host_tools.dev.phone_evening.browser import pb, tap_plus


class Evening:
    """One table (a simulator on `folder`, its games in folder/games) and its phones by name."""

    def __init__(self, browser, folder, shots=None):
        self.browser, self.folder, self.shots = browser, folder, shots
        os.makedirs(os.path.join(folder, "games"), exist_ok=True)
        with open(os.path.join(folder, "names.json"), "w", encoding="utf-8") as f:
            json.dump(steps.NAMES, f, ensure_ascii=False)     # beside the games, as the PC sends them
        self.sim = pb.Sim(folder)
        self.phones = {}
        self.tokens = {}             # every seat token a phone held tonight -> its sitting
        self.boots = 1               # the board's boots: a power cut forgets every claim
        self.secrets_seen_at = None  # the view whose secrets checks.py last looked for
        self.figures = timing.Figures()
        self.log = []                # (what, seconds since the start)
        self.t0 = time.time()

    # ---- phones --------------------------------------------------------------------------------
    def join(self, name, lang):
        p = pb.Phone(self.browser, lang, scale=2)
        timing.watch(p)
        p.goto(self.sim.url)
        p.wait(lambda page: page["state"] == "live", "the page live")
        self.phones[name] = p
        checks.after_step(self)
        return p

    def leave(self, name):
        self.phones.pop(name).close()

    def token(self, name):
        return pb.token(self.phones[name])

    def claim(self, name, seat):
        """The phone taps its seat's button (「この席にする」, or 「このスマホに替える」 on a held one),
        the table says OK on the panel."""
        p = self.phones[name]
        p.tap(".seat:nth-of-type(%d) .claim" % (seat + 1))
        p.wait(lambda page: page["state"] == "wait", "the claim's wait")
        self.press("click ok", check=False)
        p.wait(lambda page: page["mine"] is not None and page["state"] == "live", "its own section")
        checks.after_step(self)

    def sitting(self):
        """The game on the table in this boot: a seat token is good for one sitting only."""
        return self.sim.view("ja").get("game"), self.boots

    def send(self, name, form, choices=(), plus=None, hand=None):
        """A form of the phone's own section sent from its page: `choices` tapped, the stepper's +
        `plus` times, or a hand's counts {card label: n}; then the table takes it."""
        p = self.phones[name]
        for text in choices:
            p.tap(".form[data-form=%s] .choices button" % form, text)
        for _ in range(plus or 0):
            p.tap(".form[data-form=%s] .step button" % form, "+")
        for label, n in (hand or {}).items():
            tap_plus(p, label, n)
        seq = self.sim.last["seq"]
        p.tap(".form[data-form=%s] .go" % form)
        deadline = time.time() + 30
        while self.sim.view("ja")["v"] == self.sim.last["v"]:
            assert time.time() < deadline, "the %s form of %s changed nothing in 30 s" % (form, name)
            time.sleep(0.05)
        p.wait(lambda page: page["errors"] == [], "no refusal of %s" % form)
        self.press("wait 10")
        return self.sim.last["seq"] - seq

    # ---- the panel -----------------------------------------------------------------------------
    def press(self, *texts, check=True):
        for text in texts:
            before = self.sim.last["v"] if self.sim.last else None
            sent = time.time() * 1000
            answer = self.sim.step(text)
            answered = time.time() * 1000
            if check:
                checks.after_step(self)
                self.figures.steps += 1
                seen = self.figures.take(self.phones)
                if answer["v"] != before:
                    where = "%s: %s" % (self.log[-1][0] if self.log else "start", text)
                    self.figures.step(where, answer["v"], sent, answered, seen)

    def mark(self, what):
        self.log.append((what, round(time.time() - self.t0, 1)))

    def power_cut(self):
        """The board loses its power and boots on the same flash, at the same address."""
        port = self.sim.port
        self.sim.proc.kill()
        self.sim.proc.wait()
        self.sim.err.close()
        for p in self.phones.values():
            p.wait(lambda page: page["state"] == "down", "再接続中 after the power cut")
        self.sim = pb.Sim(self.folder, port)
        self.boots += 1
        for p in self.phones.values():
            p.wait(lambda page: page["state"] == "live", "the board back", timeout=30)
        checks.after_step(self)
        self.figures.take(self.phones)

    def export(self, dest):
        """`python -m host_tools export --url` from the board, as a player's PC does at the end."""
        run = subprocess.run([sys.executable, "-m", "host_tools", "export", "--url", self.sim.url,
                              "--dest", dest, "--date", "night"], cwd=_paths.ROOT,
                             capture_output=True, text=True, timeout=120)
        assert run.returncode == 0, run.stdout + run.stderr
        return os.path.join(dest, "night")

    def shot(self, name, *who, at=None):
        """Screenshots of the phones `who`, each page at its top or at the element `at`."""
        if self.shots is None:
            return
        for n in who:
            p = self.phones[n]
            if at:
                p.js("document.querySelector(%s).scrollIntoView({block: 'start'}), true" % json.dumps(at))
            else:
                p.js("window.scrollTo(0, 0), true")
            p.shot(self.shots, "evening-" + name)
            assert p.js(pb.MISSING_GLYPHS) == [], "characters without a glyph at %s" % name

    def close(self):
        for p in self.phones.values():
            p.close()
        self.phones = {}
        self.sim.stop()
