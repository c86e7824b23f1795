"""When the SSD1306 shows what it was sent: at its next frame refresh, and not before ~100 ms after display-on.

A picture written into GDDRAM is seen when the panel next scans it out. SSD1306 datasheet
(Rev 1.1), 8.3 "Oscillator Circuit and Display Time Generator":

    F_FRM = F_OSC / (D x K x MUX)

D: the clock divide ratio (D5h A[3:0] + 1); K: phase 1 + phase 2 + the BANK0 pulse width of 50
DCLKs (D9h A[3:0], A[7:4]); MUX: the multiplex ratio (A8h + 1); F_OSC 370 kHz typical at D5h's
frequency nibble 8 (table 13, 333-407 kHz), the value every driver we run sends (and the reset's).
micropython-lib's driver (D5h 80h, D9h F1h, A8h 3Fh): 370 kHz / (1 x 66 x 64) = 87.6 Hz, a frame
every 11.4 ms; the reset values (D9h 22h) give 107 Hz. 8.9 "Power ON and OFF sequence": SEG/COM
are on 100 ms after the display-on command (AFh), tAF.

The model: frames start every period from display-on + tAF; a write shows at the first frame start
at or after its STOP. Settings changed after display-on keep the period taken at display-on.
"""
import math

F_OSC = 370e3
ON_DELAY_NS = 100e6
BANK0_DCLKS = 50


def frame_ns(commands):
    """The frame period (ns) the panel's commands so far set (the last D5h, D9h and A8h win)."""
    last = {0xD5: 0x80, 0xD9: 0x22, 0xA8: 63}
    for c in commands:
        if c[0] in last and len(c) > 1:
            last[c[0]] = c[1]
    d = (last[0xD5] & 0x0F) + 1
    pre = last[0xD9]
    k = max(pre & 0x0F, 1) + max(pre >> 4, 1) + BANK0_DCLKS
    mux = (last[0xA8] & 0x3F) + 1
    return d * k * mux / F_OSC * 1e9


class Refresh:
    """Notes each transaction's STOP (`note`) and answers when the last one shows (`shown_ns`).
    Not `charged`: at its STOP, as the zero-cost board has it."""

    def __init__(self, panel, charged=True):
        self.panel, self.charged = panel, charged
        self.on_ns = None
        self.period_ns = None
        self.last_ns = None
        self._seen = len(panel.commands)

    def note(self, now_ns):
        """A transaction's STOP at `now_ns`: a display-on (AFh) after the panel was off, even
        within the same transaction (AEh AFh), starts the dark tAF again."""
        for c in self.panel.commands[self._seen:]:
            if c[0] == 0xAE:
                self.on_ns = None
            elif c[0] == 0xAF and self.on_ns is None:
                self.on_ns, self.period_ns = now_ns, frame_ns(self.panel.commands)
        self._seen = len(self.panel.commands)
        self.last_ns = now_ns

    def shown_ns(self, at_ns=None):
        """When a write whose STOP came at `at_ns` (default: the last one) is on the glass. A panel
        that is off shows nothing: then the STOP itself."""
        t = self.last_ns if at_ns is None else at_ns
        if t is None or not self.charged or self.on_ns is None:
            return t
        first = self.on_ns + ON_DELAY_NS
        if t <= first:
            return first
        return first + math.ceil((t - first) / self.period_ns) * self.period_ns
