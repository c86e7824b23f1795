"""A timed press at the same phase of the emulated board's clocks, whatever the host's run did.

rp2040py runs the board in batches that end on a budget of host time (5 ms of wall clock), so a
press made from the host (Pico.hold / Pico.release after run_ms or a settle) lands wherever the
batch stopped: a few emulated ms apart from one run to the next. The firmware's own work after a
press is the same on every board that played the same steps, to a few µs, but three clocks of the
board are not: the panel's frame refresh (panel_time: a write is seen at the panel's next frame,
every 11.4 ms from display-on), the firmware's millisecond tick (its 10 ms button poll waits whole
ms) and the poll itself. A press timed on two boards so differed by up to a frame: on our Pico
firmware dobon-match.fewest's 'click right' was 18.7 ms after a fork and 27.3 ms on a fresh board
with the last write 17.1 and 17.0 ms after the release on both (a shared run's 19.4 against a fresh
board's 9.3 the same; the steps before the fork differed as much between the two boards).

`Moments.at` makes the press inside the emulator (a clock alarm, exact to the ns) at the first
moment not before the one asked for that is at the same phase of the panel's frame period (when
the board charges the refresh and the panel is on) and of the timer's millisecond (one of them
exact, the other within a few dozen µs: `candidate`), while the firmware sleeps in its wait (the
core WFE'd: not inside a poll or a redraw), so the edge wakes the loop at once. A click is held
from such a moment and released at the next one TAP_MS after the firmware first read the button;
a held press is pressed at a held press's moment and released `hold` ms after that read (its time
runs from the moment it fires). Two boards that played the same steps then time a click alike and
a held press alike or, rarely, one frame apart (a write within FRAME_SLACK of a frame's start): a fresh
board and a branch of the shared run (tests/emu/test_bench_press_scripts.py).
"""
import math

from host_tools.dev.emu.pico import SIO_GPIO_IN

MS_NS = 1e6
MS_PHASE = 0.5e6            # ns into the timer's millisecond
MS_SLACK = 0.05e6           # a click's moment: how far from MS_PHASE (frames step 0.42 ms in it)
PHASE = 0.5                 # of the panel's frame period
FRAME_SLACK = 0.05e6        # a held press's moment: how far from PHASE, in ns (ms step 1.0 in it)


class Moments:
    """The exact-moment presses of one booted board (`Moments.of(p)`, kept on the Pico)."""

    def __init__(self, p):
        self.p = p
        self.dev = p.dev
        self.clock = p.dev.simulator.clock
        self.core = p.dev.simulator.rp2040.core
        self.timer = p.dev.mcu.timer
        self.read_ns = None         # the firmware's first read of the buttons since `want_read`
        self.want_read = False
        self._hook_reads()

    @classmethod
    def of(cls, p):
        m = getattr(p, "_moments", None)
        if m is None or m.dev is not p.dev:
            m = p._moments = cls(p)
        return m

    def _hook_reads(self):
        sio = self.dev.mcu.sio
        read = sio.read_uint32
        clock = self.clock

        def read_uint32(offset):
            if offset == SIO_GPIO_IN and self.want_read:
                self.want_read = False
                self.read_ns = clock.nanos
            return read(offset)
        sio.read_uint32 = read_uint32

    # -- the board's clocks ----------------------------------------------------------------------
    def _frames(self):
        """(first frame's ns, period ns) of the panel's refresh, or None (not charged, panel off,
        a harness without panel_time)."""
        r = getattr(self.p.hw_target, "refresh", None)
        if r is None or not getattr(r, "charged", False) or r.on_ns is None or not r.period_ns:
            return None
        from host_tools.dev.emu.panel_time import ON_DELAY_NS
        return r.on_ns + ON_DELAY_NS, r.period_ns

    def _ms_off(self, t):
        """ns into the timer's millisecond at the emulated ns `t`."""
        return (t - getattr(self.timer, "_epoch_nanos", 0.0)) % MS_NS

    def candidate(self, after_ns, held=False):
        """The first ns > `after_ns` at the board's phases. A click's: exactly PHASE of a frame,
        within MS_SLACK of MS_PHASE: the firmware's work after a release waits on nothing, its
        last write comes at the same time after the moment on every board, and is seen at the same
        frame. A held press's: exactly MS_PHASE, within FRAME_SLACK of PHASE: the firmware's polls
        while it is held wait whole milliseconds, so a few µs of another phase move the poll the
        press fires at by ms (measured: 3 ms at a `repeat up 2` 50 µs apart); at the exact phase
        its writes come at the same time on every board, to 5 µs."""
        fr = self._frames()
        if fr is None or held:
            t = after_ns - self._ms_off(after_ns) + MS_PHASE
            if t <= after_ns:
                t += MS_NS
            if fr is None:
                return t
            first, period = fr
            for _ in range(4000):    # the frame's phase comes round within ~115 ms on average
                if abs(((t - first) / period - PHASE + 0.5) % 1 - 0.5) * period <= FRAME_SLACK:
                    return t
                t += MS_NS
            raise RuntimeError("no millisecond at the frame's phase (period %r ns)" % period)
        first, period = fr
        k = max(0, math.floor((after_ns - first) / period - PHASE) + 1)
        for _ in range(64):          # the millisecond's phase comes round within 13 frames
            t = first + (k + PHASE) * period
            if t > after_ns and abs(self._ms_off(t) - MS_PHASE) <= MS_SLACK:
                return t
            k += 1
        raise RuntimeError("no frame at the millisecond's phase (period %r ns)" % period)

    # -- presses ---------------------------------------------------------------------------------
    def at(self, not_before_ms, act, held=False, timeout_ms=10000):
        """Run the board until the first moment from `not_before_ms` (emulated ms) at its phases
        (candidate) with the firmware asleep, call `act()` there, inside the emulator; returns that
        moment (ms) and what `act` returned."""
        clock = self.clock
        done = []
        alarm = None

        def due():
            t = clock.nanos
            if not self.core.waiting:           # inside a poll, a redraw or an interrupt: the next
                alarm.schedule(self.candidate(t, held) - t)
                return
            done.append((t / MS_NS, act()))
        alarm = clock.create_alarm(due)
        start = max(clock.nanos, not_before_ms * MS_NS) - 1
        alarm.schedule(self.candidate(start, held) - clock.nanos)
        try:
            if not self.p.run_until(lambda: bool(done), timeout_ms):
                raise RuntimeError("the board never slept at its phases within %d ms" % timeout_ms)
        finally:
            alarm.cancel()
        return done[0]

    def at_exactly(self, acts, timeout_ms=10000):
        """Each `act()` of `acts` ([(ms, act)]) inside the emulator at exactly its emulated ms (now,
        if that has gone by); returns what they returned, in order."""
        clock = self.clock
        done = {}
        alarms = []
        for i, (ms, act) in enumerate(acts):
            alarms.append(clock.create_alarm(lambda i=i, act=act: done.__setitem__(i, act())))
            alarms[-1].schedule(max(ms * MS_NS - clock.nanos, 0))
        try:
            if not self.p.run_until(lambda: len(done) == len(acts), timeout_ms):
                raise RuntimeError("the moments %s not reached within %d ms" % ([a[0] for a in acts], timeout_ms))
        finally:
            for a in alarms:
                a.cancel()
        return [done[i] for i in range(len(acts))]

    def hold(self, name, held=False, timeout_ms=10000):
        """Press `name` at the board's next moment (`held`: a held press's); returns when the
        firmware first read the buttons from then (emulated ms, exact)."""
        def down():
            self.p.hold(name)
            self.read_ns = None
            self.want_read = True
        self.at(0, down, held, timeout_ms)
        if not self.p.run_until(lambda: self.read_ns is not None, timeout_ms):
            raise RuntimeError("the firmware never read its buttons after %r went down" % name)
        return self.read_ns / MS_NS

    def release(self, name, not_before_ms, timeout_ms=10000):
        """Lift `name` at the board's first moment from `not_before_ms`: (that moment in ms, the
        panel's transaction count then)."""
        def up():
            self.p.release(name)
            return self.p.panel.transactions
        return self.at(not_before_ms, up, False, timeout_ms)
