"""What the emulator needs from boards/<board>/board.py: the I2C pins, the display address, the buttons.

The board file is MicroPython source (copied to the Pico as /board.py); it is read here by
executing it in an empty namespace (with a stand-in `micropython.const`), so it must only hold
plain values. Accepted spellings (first match wins):

    buttons  BUTTONS = {"up": 2, ...} or (("up", 2), ...)  or  BUTTON_UP / BTN_UP / PIN_UP = 2, ...
    I2C      I2C_SDA / SDA / SDA_PIN,  I2C_SCL / SCL / SCL_PIN,  I2C_ID (else from the SDA pin)
             or I2C = {"id": 0, "sda": 4, "scl": 5}
    display  OLED_ADDR / DISPLAY_ADDR / SSD1306_ADDR / I2C_ADDR / ADDR (default 0x3C)

Buttons are active low with the internal pull-up (pressed = pin shorted to GND).
"""
import os
import sys
import types

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
BUTTON_NAMES = ("up", "down", "left", "right", "ok", "back")


class BoardPins:
    def __init__(self, name, sda, scl, i2c_id, addr, buttons):
        self.name, self.sda, self.scl, self.i2c_id, self.addr = name, sda, scl, i2c_id, addr
        self.buttons = dict(buttons)

    def __repr__(self):
        return "BoardPins(%s: i2c%d sda=GP%d scl=GP%d addr=0x%02X buttons=%s)" % (
            self.name, self.i2c_id, self.sda, self.scl, self.addr, self.buttons)


def _pin(v):
    """A pin number from an int, "GP4", or a 1-tuple/Pin-like spec."""
    if isinstance(v, bool):
        raise ValueError(v)
    if isinstance(v, int):
        return v
    if isinstance(v, str) and v.upper().startswith("GP"):
        return int(v[2:])
    if isinstance(v, (tuple, list)) and v:
        return _pin(v[0])
    raise ValueError("not a pin: %r" % (v,))


def _first(ns, *names):
    for n in names:
        if n in ns:
            return ns[n]
        if n.lower() in ns:
            return ns[n.lower()]
    return None


def read_board_file(path):
    """A board file's top-level names (executed with a stand-in `micropython` module): a board
    folder's wiring with what it derives from (host_tools.board.boards), or a lone file at `path`."""
    from host_tools.board import boards
    d = os.path.dirname(os.path.abspath(path))
    if os.path.basename(path) == boards.WIRING and os.path.dirname(d) == os.path.abspath(boards.BOARDS):
        return boards.read(os.path.basename(d))
    stub = types.ModuleType("micropython")
    stub.const = lambda x: x
    saved = sys.modules.get("micropython")
    sys.modules["micropython"] = stub
    try:
        ns = {"__name__": "board", "const": stub.const}
        with open(path, encoding="utf-8") as f:
            exec(compile(f.read(), path, "exec"), ns)
    finally:
        if saved is None:
            sys.modules.pop("micropython", None)
        else:
            sys.modules["micropython"] = saved
    return ns


def board_pins(board="pico", path=None):
    """BoardPins for boards/<board>/board.py. Raises FileNotFoundError / ValueError when unusable."""
    path = path or os.path.join(ROOT, "boards", board, "board.py")
    ns = read_board_file(path)
    i2c = _first(ns, "I2C") if isinstance(_first(ns, "I2C"), dict) else {}
    sda = i2c.get("sda", _first(ns, "I2C_SDA", "SDA", "SDA_PIN", "PIN_SDA"))
    scl = i2c.get("scl", _first(ns, "I2C_SCL", "SCL", "SCL_PIN", "PIN_SCL"))
    if sda is None or scl is None:
        raise ValueError("%s: no I2C SDA/SCL pins found" % path)
    sda, scl = _pin(sda), _pin(scl)
    i2c_id = i2c.get("id", _first(ns, "I2C_ID", "I2C_BUS"))
    i2c_id = (sda // 2) % 2 if i2c_id is None else int(i2c_id)   # RP2040: GP0/1 I2C0, GP2/3 I2C1, ...
    addr = _first(ns, "OLED_ADDR", "DISPLAY_ADDR", "SSD1306_ADDR", "I2C_ADDR", "ADDR")
    if isinstance(i2c.get("addr"), int):
        addr = i2c["addr"]
    addr = 0x3C if addr is None else int(addr)
    btn = _first(ns, "BUTTONS", "BUTTON_PINS", "PINS_BUTTONS")
    buttons = {}
    if isinstance(btn, (list, tuple)) and all(isinstance(p, (list, tuple)) and len(p) == 2 for p in btn):
        btn = dict(btn)
    if isinstance(btn, dict):
        buttons = {str(k).lower(): _pin(v) for k, v in btn.items()}
    else:
        for name in BUTTON_NAMES:
            v = _first(ns, "BUTTON_" + name.upper(), "BTN_" + name.upper(), "PIN_" + name.upper(),
                       name.upper() + "_PIN", name.upper())
            if v is not None:
                buttons[name] = _pin(v)
    missing = [n for n in BUTTON_NAMES if n not in buttons]
    if missing:
        raise ValueError("%s: no pin for button(s) %s" % (path, ", ".join(missing)))
    return BoardPins(board, sda, scl, i2c_id, addr, buttons)
