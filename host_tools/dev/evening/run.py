"""The evening played on the emulated Pico W and on the reference at once, every phone checked at every `check` step; its record and figures."""
import os
import time

from host_tools.dev.evening import checks as C
from host_tools.dev.evening import look
from host_tools.dev.evening import steps as S
from host_tools.dev.evening.look import VIEW_MS

DATE = "evening"         # the archive's folder name, for both exports
MAX_PROBLEMS = 20        # then the rest of the evening is left out: each wrong view waits VIEW_MS


class EveningError(Exception):
    """The evening's script does not walk where it says (on the reference)."""


class Evening:
    def __init__(self, board, ref, log=print):
        self.board, self.ref, self.log = board, ref, log
        self.ids = {"board": C.GameIds(), "ref": C.GameIds()}
        self.secrets = C.Secrets()
        self.phones = {}
        self.problems = []       # (step, what went wrong)
        self.press_ms = []       # (step, emulated ms from the press to its view on the last phone)
        self.heap = []           # (check, free bytes with the App, the server and the phones)
        self.gets = 0            # views asked for (GET /view) besides the streams'
        self.scanned = {}        # phone -> views of its stream already searched for secrets
        self.old_tried = set()   # tokens of no seat whose act got its answer
        self.export = None
        self.emu_ms = 0.0        # emulated ms of the boots before the last power cut
        self.step, self.step_no = None, 0

    def problem(self, text):
        self.problems.append((self.step.text if self.step else "boot", text))
        self.log("  PROBLEM: %s" % text)

    def play(self, steps, work):
        self.work = work
        t0 = time.time()
        for n, s in enumerate(steps, 1):
            self.step, self.step_no = s, n
            getattr(self, "do_" + ("button" if s.op in S.BUTTON_OPS else s.op))(s)
            if s.op not in ("phone", "check"):
                look.after_step(self, s.text)
            self.log("%6.0f s %9.0f ms  %s" % (time.time() - t0, self.emu_ms + self.board.p.now_ms, s.text))
            if len(self.problems) >= MAX_PROBLEMS:
                return self.problem("%d problems: the rest of the evening left out" % len(self.problems))

    # ---- the steps -----------------------------------------------------------------------------
    def do_phone(self, s):
        from host_tools.dev.evening.phones import Phone
        ph = self.phones[s.args[0]] = Phone(s.args[0], s.args[1], S.cid(s.args[0]))
        self.board.add_phone(ph)

    def do_button(self, s):
        changed = self.ref.press(s.text)
        fired = self.board.press(s.text)
        if changed and s.op != "wait":       # a wait is no press: nothing to time
            self.views_after(fired)

    def views_after(self, t):
        """Every phone's next view after emulated ms `t`: the press-to-phone time is its last one's."""
        phones = list(self.phones.values())
        if not self.board.wait(lambda: all(ph.views_after(t) for ph in phones), VIEW_MS):
            late = [ph.name for ph in phones if not ph.views_after(t)]
            return self.problem("no view reached phone(s) %s within %d ms" % (", ".join(late), VIEW_MS))
        last = max(phones, key=lambda ph: ph.views_after(t)[0][0])
        self.press_ms.append(("%s (step %d, %s)" % (self.step.text, self.step_no, last.name),
                              last.views_after(t)[0][0] - t))

    def do_claim(self, s):
        ph = self.phones[s.phone]
        why = self.ref.claim(s.phone, s.seat())
        if why is not None:
            raise EveningError("%r: the reference refused the claim (%s)" % (s, why))
        status, text = self.board.claim(ph, s.seat())
        if status != 202:
            self.problem("claim answered %d %s, not 202" % (status, text))
        self.board.p.settle()            # the panel asks the table

    def do_refused(self, s):
        import json
        ph = self.phones[s.phone]
        why = self.ref.claim(s.phone, s.seat())
        if why is None:
            raise EveningError("%r: the reference asked the table" % s)
        status, text = self.board.claim(ph, s.seat())
        want = self.ref.text(ph.lang, why)
        if status != 409 or json.loads(text or "{}").get("error") != want:
            self.problem("claim answered %d %s, not 409 %r" % (status, text, want))

    def do_act(self, s):
        ph = self.phones[s.phone]
        look.wait_same(self, [ph])       # the phone acts on the view it has
        want, _why = self.ref.act(s.phone, s.event())
        status, text = self.board.act(ph, ph.last[1] if ph.last else None, s.event())
        if status != want:
            self.problem("act answered %d %s, the reference %d" % (status, text, want))
        self.board.p.settle()

    def do_powercut(self, s):
        self.ref.power_cut()
        self.emu_ms += self.board.p.now_ms
        self.board.power_cut()

    def do_export(self, s):
        from host_tools.dev.evening.board import export_url
        dest = os.path.join(self.work, "wifi")
        rc, out, err = export_url(self.board, dest, DATE)
        self.export = {"rc": rc, "out": out, "err": err, "dir": os.path.join(dest, DATE)}
        if rc != 0:
            self.problem("export --url exited %d: %s" % (rc, (out + err)[-1500:]))

    def do_check(self, s):
        look.check(self, s.args[0])


def play(uf2=None, work=None, usb=False, log=print, path=None):
    """The whole evening from a fresh board: the record (figures(), the problems, the exports).
    usb: also the cable's export at the end (it stops main.py), for the archive's comparison."""
    import tempfile
    from host_tools.dev.evening import reference
    from host_tools.dev.evening.board import Board, export_usb
    work = work or tempfile.mkdtemp(prefix="evening-")
    steps = S.load(path)
    t0 = time.time()
    board = Board(uf2, work)
    try:
        ev = Evening(board, reference.Table(board.image), log)
        board.boot()
        ev.play(steps, work)
        rec = {"problems": ev.problems, "figures": figures(ev), "export": ev.export,
               "steps": len(steps), "presses": sum(1 for s in steps if s.op in S.BUTTON_OPS),
               "games": [(g["kind"], g["over"]) for g in ev.ref.app.store.games()],
               "old_tokens": len(ev.old_tried)}
        rec["figures"]["emulated_ms"] = round(ev.emu_ms + board.p.now_ms)
        if usb:
            rec["games_on_flash"] = board.games_on_flash()
            res = export_usb(board, os.path.join(work, "usb"), DATE)
            rec["usb"] = {"ok": res.ok, "dir": os.path.join(work, "usb", DATE)}
    finally:
        board.close()
    rec["figures"]["wall_s"] = round(time.time() - t0)
    return rec


def figures(ev):
    """Views delivered (the streams' and the views asked for), the worst press-to-phone time
    (emulated ms), the lowest free heap at the checks."""
    streams = sum(len(ph.views) for ph in ev.phones.values())
    worst = max(ev.press_ms, key=lambda t: t[1]) if ev.press_ms else (None, None)
    low = min(ev.heap, key=lambda t: t[1]) if ev.heap else (None, None)
    return {"phones": len(ev.phones), "views_streamed": streams, "views_asked": ev.gets,
            "views": streams + ev.gets, "timed_presses": len(ev.press_ms),
            "press_to_phone_max_ms": None if worst[1] is None else round(worst[1], 1), "press_to_phone_worst_step": worst[0],
            "press_to_phone_median_ms": _median([ms for _s, ms in ev.press_ms]),
            "press_to_phone_slowest": [(step, round(ms, 1)) for step, ms in
                                       sorted(ev.press_ms, key=lambda t: -t[1])[:5]],
            "heap_free_min": low[1], "heap_free_min_at": low[0], "checks": len(ev.heap)}


def _median(vals):
    v = sorted(vals)
    return round(v[len(v) // 2], 1) if v else None
