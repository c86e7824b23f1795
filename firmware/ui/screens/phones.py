# The panel's phone screens (a board that serves phones only: docs/phones.md): the two QR codes that
# join a phone (the Wi-Fi, then the page with the table key), and the table's OK when a phone claims
# a seat. Imported when opened.
from ui.screens.common import Screen, wrap, W

QR_ROOM = 64                 # the lit square the code sits in: the panel's height


class Join(Screen):
    """Page 0: the Wi-Fi join code (only when the board is its own access point); page 1: the page's
    address with the key. → / ← turn, back closes."""

    def __init__(self, app):
        Screen.__init__(self, app)
        net = app.hub.net
        self.pages = []
        if net.get("password") is not None and net.get("mode") == "ap":
            from draw.qr_data import wifi_join
            self.pages.append(("PH_WIFI", wifi_join(net["ssid"], net["password"]), net["ssid"]))
        self.pages.append(("PH_PAGE", app.hub.address(), self.typed(net)))
        self.at = 0
        self.code = None             # (page, size, rows): a code is encoded once (~140 ms on a Pico)

    def typed(self, net):
        """The page's whole address as it is typed where the code will not scan, one part a line:
        the address, its port (not 80), the key (a browser reads `host?k=` as `host/?k=`)."""
        host = net.get("ip", "")
        port = net.get("port", 80)
        if port != 80:
            more = "%s:%d" % (host, port)
            host = more if len(wrap(more, W - QR_ROOM - 2)) == 1 else host + "\n:%d" % port
        return "%s\n?k=%s" % (host, self.app.hub.key)

    def hide(self):
        self.code = None
        from core.registry import unload
        unload(("draw.qr", "draw.qr_data"))   # the encoder's 9 KB of heap: only while codes are shown

    def on_button(self, kind, name):
        if kind not in ("click", "repeat"):
            return
        if name in ("right", "down", "ok") and self.at + 1 < len(self.pages):
            self.at += 1
        elif name in ("left", "up") and self.at > 0:
            self.at -= 1
        elif name in ("back", "ok"):
            self.app.pop()

    def draw(self, c):
        from draw import qr
        from ui.screens.common import title
        app = self.app
        hub = app.hub
        lang = app.lang
        if hub.net.get("mode") == "none":     # no link (yet, or the radio failed): no code to scan
            title(c, hub.t(lang, "PH_MENU"))
            y = 16
            for ln in wrap(hub.t(lang, "PH_NO_NET"), W)[:4]:
                c.text(ln, 0, y)
                y += 8
            return
        sid, text, under = self.pages[self.at]
        if self.code is None or self.code[0] != self.at:
            self.code = None
            size, rows = qr.matrix(text)
            self.code = (self.at, size, rows)
        qr.draw_matrix(c, self.code[1], self.code[2], 0, 0, room=QR_ROOM)
        x = QR_ROOM + 2
        w = W - x
        head = sid if len(self.pages) > 1 else "PH_SCAN"
        lines = wrap(hub.t(lang, head), w) + wrap(under, w)
        if self.at + 1 < len(self.pages):
            foot = "PH_NEXT"
        else:
            foot = "PH_PREV" if self.at > 0 else "PH_DONE"
        foot = wrap(hub.t(lang, foot), w)[:2]
        bottom = 64 - 8 * len(foot)          # the foot on the last rows, the text down to it
        here = hub.phones_here()
        seats = 1 if here else 0
        y = 0
        for ln in lines[:bottom // 8 - seats]:     # the address's key line included (a LAN's port)
            c.text(ln, x, y)
            y += 8
        if seats:
            c.text(hub.t(lang, "PH_SEATS", {"n": here}), x, min(max(y + 4, 36), bottom - 8))
        y = bottom
        for ln in foot:
            c.text(ln, x, y)
            y += 8


class Claim(Screen):
    """A phone asks to be a seat's: OK gives it the seat (its token), back refuses. Leaving the
    screen any other way (a hold of back) refuses it too. A seat another phone holds is asked as
    a change of phone: that phone is told it is out once OK is pressed (docs/phones.md)."""

    entry = True                 # a hold of back cancels the question, never undoes a result
    question = True              # the phones' acts wait for the answer (net/seats.panel)

    def __init__(self, app, hub, seat):
        Screen.__init__(self, app)
        self.hub = hub
        self.seat = seat
        self.swap = seat in hub.tokens

    def on_button(self, kind, name):
        if kind != "click":
            return
        if name == "ok":
            self.hub.answer(True)
            self.app.pop()
        elif name == "back":
            self.hub.answer(False)
            self.app.pop()

    def hide(self):
        if self.hub.asking is not None and self.hub.asking[0] == self.seat:
            self.hub.answer(False)

    def draw(self, c):
        from ui.screens.common import title, hint
        app = self.app
        t = self.hub.t
        title(c, t(app.lang, "PH_MENU"))
        y = 16
        lines = wrap(t(app.lang, "PH_SWAP_Q" if self.swap else "PH_CLAIM_Q", {"name": app.name(self.seat)}), W)
        if self.swap:
            lines = lines[:2] + wrap(t(app.lang, "PH_SWAP_NOTE"), W)
        for ln in lines[:3]:
            c.text(ln, 0, y)
            y += 10
        hint(c, t(app.lang, "PH_CLAIM_HINT"))
