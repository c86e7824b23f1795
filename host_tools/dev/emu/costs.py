"""Which of silicon's costs the emulated board charges (docs/emulator.md §7), from the environment or the caller, and their models put on a booted board.

Charged by default (make bench, make test-emu, the press benches): the I2C bus time (i2c_time),
the flash's BUSY after an erase or a program (flash_time: typical times, or the datasheet's
maximum), the panel's refresh and display-on delay (panel_time). The flash's erase and program
counters run either way.

    SCOREBOARD_EMU_COSTS=0        the zero-cost board of before (fast runs)    --zero-cost
    SCOREBOARD_EMU_FLASH_MAX=1    the flash at the datasheet's maximum          --flash-max
    SCOREBOARD_EMU_XIP=1          the XIP cache too (opt-in: slow)             --xip-cache
"""
import dataclasses
import os

from .flash_time import FlashTime
from .i2c_time import RISE_NS, BusTime
from .panel_time import Refresh
from .xip_cache import CachedRP2040, install as install_xip

ENV = "SCOREBOARD_EMU_COSTS"
ENV_FLASH_MAX = "SCOREBOARD_EMU_FLASH_MAX"
ENV_XIP = "SCOREBOARD_EMU_XIP"
_OFF = ("0", "no", "off", "false")


class Costs:
    """`charged`: silicon's costs on the clock; `flash_max`: the flash's maximum times;
    `rise_ns`: the I2C SCL rise time; `xip`: the XIP cache too (only when charged)."""

    def __init__(self, charged=True, flash_max=False, rise_ns=RISE_NS, xip=False):
        self.charged, self.flash_max, self.rise_ns = charged, flash_max, rise_ns
        self.xip = xip and charged

    @classmethod
    def from_env(cls, environ=None):
        env = os.environ if environ is None else environ
        on = env.get(ENV, "1").strip().lower() not in _OFF
        top = env.get(ENV_FLASH_MAX, "0").strip().lower() not in _OFF + ("",)
        xip = env.get(ENV_XIP, "0").strip().lower() not in _OFF + ("",)
        return cls(charged=on, flash_max=top, xip=xip)

    @classmethod
    def of(cls, costs):
        """Pico's `costs` argument: None (the environment), True/False, or a Costs."""
        if costs is None:
            return cls.from_env()
        if isinstance(costs, cls):
            return costs
        env = cls.from_env()
        return cls(charged=bool(costs), flash_max=env.flash_max, xip=env.xip)

    def describe(self):
        if not self.charged:
            return "zero-cost (%s=0): no bus, flash or panel time" % ENV
        return "silicon-timed: I2C bus time (rise %g ns), flash BUSY at the %s times, panel refresh%s" % (
            self.rise_ns, "datasheet maximum" if self.flash_max else "typical", ", XIP cache" if self.xip else "")

    def mcu(self, spec):
        """rp2040py's BoardSpec with the MCU the costs need (the XIP cache's subclass)."""
        return dataclasses.replace(spec, mcu=CachedRP2040) if self.xip else spec

    def attach(self, mcu, clock, target):
        """Put the models on a booted board: the I2C target `target` (i2c.HwI2CTarget) gets the bus
        time and the refresh; returns the flash model (its counters)."""
        if self.charged:
            target.bus = BusTime(target.i2c, clock, mcu.core, self.rise_ns)
        target.refresh = Refresh(target.panel, self.charged)
        if self.xip:
            install_xip(mcu, clock)
        return FlashTime(mcu, clock, self.charged, self.flash_max)
