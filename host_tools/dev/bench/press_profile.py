"""Where a press's time goes on the emulated Pico, function by function: a profile of chosen presses of a press script.

    python -m host_tools.dev.bench.press_profile --uf2 build/firmware/scoreboard-pico.uf2 \\
        tests/kinds/kabu/presses/kabu-q4.fewest.txt 24 25 [--wrap ui.app:App.t ...] [--samples ELF]

The script is played on a fresh board (silicon's costs charged, as make bench) and each press
listed (its step number, counting the script's press, long, repeat and wait lines) is timed as the
bench times it, with main.py's `t` split. The board's flash gets a boot.py
(bench/mp/press_profile_boot.py) that wraps the functions of --wrap (default: WRAP) with a timer
and prints, after the frame that follows each press, how often each ran and its time (inclusive,
us, wrapper's cost included). --samples ELF also samples the core's PC every 20 emulated us
during the chosen presses and names the C functions from the firmware's ELF (arm-none-eabi-nm):
where the interpreter itself spends it (the bytecode loop, dict look-ups, the collector, I2C).
A dev tool (docs/performance.md); it changes nothing on the board but the profiled run's flash.
Exit 2 with a message on a bad argument.
"""
import argparse
import bisect
import collections
import os
import shutil
import subprocess
import sys
import tempfile

from host_tools import _paths  # noqa: F401

HERE = os.path.dirname(os.path.abspath(__file__))
BOOT = os.path.join(HERE, "mp", "press_profile_boot.py")
WRAP = ("ui.app:App.on_button", "ui.app:App.t", "ui.app:App.push", "ui.app:App.submit",
        "ui.app:App.dry_run", "ui.app:App.recorded", "ui.app:App.show_play", "words.texts:look",
        "core.fold:clone", "draw.canvas:Canvas.text", "hw.display:Display.show")
SAMPLE_NS = 20000


def parse_wrap(spec):
    """'ui.app:App.t' -> ('ui.app', 'App', 't'); 'words.texts:look' -> ('words.texts', '', 'look')."""
    mod, _, rest = spec.partition(":")
    owner, _, name = rest.rpartition(".")
    if not mod or not name:
        raise ValueError("--wrap %r: give module:function or module:Class.method" % spec)
    return mod, owner, name


def boot_text(wraps):
    src = open(BOOT, encoding="utf-8").read()
    return src.replace("WRAP = ()", "WRAP = %r" % (tuple(wraps),), 1)


def symbols(elf):
    """[(address, size, name)] of the ELF's code, by address."""
    out = subprocess.run(["arm-none-eabi-nm", "-n", "-S", "--defined-only", elf],
                         capture_output=True, text=True, check=True).stdout
    syms = []
    for line in out.splitlines():
        f = line.split()
        if len(f) >= 4 and f[2] in "tTwW":
            syms.append((int(f[0], 16), f[3]))
    return syms


class PcSampler:
    """Counts the core's PC, named by `syms`, every SAMPLE_NS while on."""

    def __init__(self, p, syms):
        self.core = p.dev.simulator.rp2040.core
        self.addrs = [s[0] for s in syms]
        self.names = [s[1] for s in syms]
        self.counts = collections.Counter()
        self.on = False
        self.alarm = p.dev.simulator.clock.create_alarm(self._tick)

    def name(self, pc):
        i = bisect.bisect_right(self.addrs, pc) - 1
        return self.names[i] if i >= 0 else "0x%08x" % pc

    def _tick(self):
        if self.on:
            self.counts[self.name(self.core.pc)] += 1
            self.alarm.schedule(SAMPLE_NS)

    def start(self):
        self.counts.clear()
        self.on = True
        self.alarm.schedule(SAMPLE_NS)

    def stop(self, idle=("best_effort_wfe_or_timeout",)):
        """[(name, share of the busy samples)], idle waits left out."""
        self.on = False
        busy = {k: v for k, v in self.counts.items() if k not in idle}
        n = sum(busy.values()) or 1
        return [(k, v / n) for k, v in sorted(busy.items(), key=lambda kv: -kv[1])]


def profile(uf2, script, steps, wraps, elf=None, out=print):
    from host_tools.dev import emu
    from host_tools.dev.bench.scripts import play_step, script_file
    tree = tempfile.mkdtemp(prefix="press-profile-")
    try:
        os.makedirs(os.path.join(tree, "flash"))
        with open(os.path.join(tree, "flash", "boot.py"), "w", encoding="utf-8") as f:
            f.write(boot_text(wraps))
        with emu.Pico(uf2, os.path.join(tree, "flash")) as p:
            p.boot(frames=2, timeout_ms=60000)
            p.settle()
            sampler = PcSampler(p, symbols(elf)) if elf else None
            for n, (words, _) in enumerate(script_file(script), 1):
                if words[0] not in ("click", "long", "repeat", "wait"):
                    continue
                chosen = n in steps and words[0] != "wait"
                mark = p.console_mark()
                if sampler and chosen:
                    sampler.start()
                ms = play_step(p, words)
                if chosen:
                    report(p, n, words, ms, mark, sampler.stop() if sampler else (), out)
    finally:
        shutil.rmtree(tree, ignore_errors=True)


def report(p, n, words, ms, mark, busy, out):
    """One profiled press: its time and split, the boot.py's timers, the C functions sampled."""
    from host_tools.dev.bench.scripts import screen_and_split
    screen, split = screen_and_split(p)
    out("%d %s: %s ms, %s; t (lag, work, draw, show us): %s" % (n, " ".join(words), ms, screen, split))
    for ln in p.console_text(mark).splitlines():
        if ln.startswith("PROF "):
            for item in ln[5:].split(" | "):
                label, _, fig = item.rpartition(" ")
                calls, _, us = fig.partition("/")
                out("    %-24s %4s calls %9.1f ms" % (label, calls, int(us) / 1000))
    for name, share in busy[:15]:
        out("    C %-30s %5.1f %%" % (name, 100 * share))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.dev.bench.press_profile", description=__doc__.split("\n")[0])
    ap.add_argument("script", help="a press script (tests/kinds/<kind>/presses/*.txt)")
    ap.add_argument("steps", nargs="+", type=int, help="the presses to profile, by step number")
    ap.add_argument("--uf2", required=True, help="the firmware")
    ap.add_argument("--wrap", action="append", help="module:function or module:Class.method (repeatable)")
    ap.add_argument("--samples", metavar="ELF", help="also sample the PC; name it from this ELF")
    a = ap.parse_args(argv)
    try:
        wraps = [parse_wrap(w) for w in (a.wrap or WRAP)]
    except ValueError as e:
        ap.exit(2, "press_profile: %s\n" % e)
    for path, what in ((a.script, "script"), (a.uf2, "UF2"), (a.samples, "ELF")):
        if path and not os.path.isfile(path):
            ap.exit(2, "press_profile: no %s at %s\n" % (what, path))
    profile(a.uf2, a.script, set(a.steps), wraps, a.samples)


if __name__ == "__main__":
    from host_tools.cli_io import run_command
    sys.exit(run_command(main))
