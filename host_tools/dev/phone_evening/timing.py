# The evening's figures: each phone's page notes the moment it shows a new view, read after each step.
import json

# Installed in every phone before its page loads: the page sets body's data-v on each view it draws
# (and again on a redraw of the same one, which is not a view delivered).
NOTE_VIEWS = r"""new MutationObserver(() => {
  const v = document.body && document.body.dataset.v;
  if (v === undefined || v === window.__lastV) return;
  window.__lastV = v;
  (window.__views = window.__views || []).push([Number(v), Date.now()]);
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-v']});"""
TAKE = "(() => { const s = window.__views || []; window.__views = []; return JSON.stringify(s); })()"


def watch(phone):
    phone.call("Page.addScriptToEvaluateOnNewDocument", source=NOTE_VIEWS)


def percentile(ms, q):
    return ms[min(len(ms) - 1, int(len(ms) * q))]


class Figures:
    """Views delivered to the phones and, for each step that changed the view, the time from the
    step sent (the press) and from its answer to the moment the last phone showed that view."""

    def __init__(self):
        self.delivered = 0
        self.steps = 0               # the panel's steps, each checked on every phone
        self.waits = []              # (ms from the press, ms from the answer, where) per change

    def take(self, phones):
        """Every phone's views shown since the last look: {phone: [(v, ms since the epoch)]}."""
        seen = {}
        for name, p in phones.items():
            got = json.loads(p.js(TAKE) or "[]")
            self.delivered += len(got)
            seen[name] = got
        return seen

    def step(self, where, v, sent_ms, answered_ms, seen):
        """The step sent at `sent_ms`, answered at `answered_ms` with view `v`: the last phone's
        showing of it (or of a newer one). The simulator sends the streams before it answers, so a
        phone may draw the view before the answer is read: that counts 0 from the answer."""
        last = max([at[0] for at in ([ms for got, ms in shown if got >= v] for shown in seen.values()) if at]
                   or [answered_ms])
        self.waits.append((max(0.0, last - sent_ms), max(0.0, last - answered_ms), where))

    def summary(self):
        if not self.waits:
            return {"delivered": self.delivered, "steps": self.steps, "changes": 0}
        press = sorted(w[0] for w in self.waits)
        answer = sorted(w[1] for w in self.waits)
        return {"delivered": self.delivered, "steps": self.steps, "changes": len(self.waits),
                "press_median_ms": percentile(press, 0.5), "press_p90_ms": percentile(press, 0.9),
                "press_worst_ms": press[-1], "press_worst_at": max(self.waits)[2],
                "answer_median_ms": percentile(answer, 0.5), "answer_worst_ms": answer[-1],
                "answer_worst_at": max(self.waits, key=lambda w: w[1])[2]}
