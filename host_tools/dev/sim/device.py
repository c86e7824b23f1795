# The simulated board: adafruit_ssd1306 over a fake I2C bus into the emulated panel, six buttons.
from host_tools import _paths  # noqa: F401  (firmware/ on sys.path)

from hw.buttons import NAMES, Buttons
from hw.display import AdafruitBus, Display

from host_tools.dev.sim.bus import FakeI2C
from host_tools.dev.sim.panel import Panel


class SimPin:
    """A button pin as machine.Pin shows it: value() 1 = released (pull-up), 0 = pressed."""

    def __init__(self):
        self.pressed = False

    def value(self):
        return 0 if self.pressed else 1


class SimBoard:
    """Everything main.py would build on a Pico, but on the PC. `pins[name].pressed` is the
    finger on the button."""

    def __init__(self, address=0x3C, now=0, chip="ssd1306"):
        import adafruit_ssd1306   # the Raspberry Pi's driver: the same bytes as the Pico's
        self.panel = Panel(chip=chip)
        self.bus = FakeI2C(self.panel, address)
        # an SSD1309 panel is driven as main.py does: the SSD1306 driver with external VCC
        self.driver = adafruit_ssd1306.SSD1306_I2C(128, 64, self.bus, addr=address,
                                                   external_vcc=chip == "ssd1309")
        self.display = Display(self.driver, AdafruitBus(self.driver))
        self.pins = {name: SimPin() for name in NAMES}
        self.buttons = Buttons([(name, self.pins[name]) for name in NAMES], now)
