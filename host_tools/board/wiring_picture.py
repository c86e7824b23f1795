"""Draws boards/<board>/wiring.png from the board folders' wiring, so pictures and pins never disagree.

Run:  .venv/bin/python -m host_tools.board.wiring_picture [BOARD ...]      (Pillow; default: every board)
"""
import os
import sys

from host_tools.board import boards

# Header pin number of each GPIO (Pico: GPn; Raspberry Pi: BCM n on the 40-pin header).
PICO_PIN = {0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11, 9: 12, 10: 14, 11: 15, 12: 16,
            13: 17, 14: 19, 15: 20, 16: 21, 17: 22, 18: 24, 19: 25, 20: 26, 21: 27, 22: 29}
PI_PIN = {2: 3, 3: 5, 4: 7, 17: 11, 27: 13, 22: 15, 23: 16, 24: 18, 25: 22, 5: 29, 6: 31, 12: 32,
          13: 33, 19: 35, 16: 36, 26: 37, 20: 38, 21: 40}

WIRE = {"3V3": (220, 40, 40), "GND": (40, 40, 40), "SDA": (30, 110, 220), "SCL": (240, 170, 0),
        "BTN": (40, 150, 60)}


def load(name):
    return boards.module(name)


def connections(b):
    """(board-side label, header pin, part-side label, wire colour) rows, top to bottom."""
    if b.PLATFORM == "rp2":
        gp, pin, power, gnd1, gnd2 = "GP%d", PICO_PIN, ("3V3(OUT)", 36), ("GND", 38), ("GND", 18)
    else:
        gp, pin, power, gnd1, gnd2 = "GPIO%d", PI_PIN, ("3V3", 1), ("GND", 9), ("GND", 14)
    rows = [
        (power[0], power[1], "OLED VCC", WIRE["3V3"]),
        (gnd1[0], gnd1[1], "OLED GND", WIRE["GND"]),
        ((gp % b.I2C_SDA) + " (SDA)", pin[b.I2C_SDA], "OLED SDA", WIRE["SDA"]),
        ((gp % b.I2C_SCL) + " (SCL)", pin[b.I2C_SCL], "OLED SCL", WIRE["SCL"]),
    ]
    for name, g in b.BUTTONS:
        rows.append((gp % g, pin[g], "button " + name.upper(), WIRE["BTN"]))
    rows.append((gnd2[0], gnd2[1], "all buttons, other leg", WIRE["GND"]))
    return rows


def draw(name, folder=None):
    """The picture of board `name`, saved into `folder` (default: its board folder); its path."""
    from PIL import Image, ImageDraw, ImageFont       # Pillow: only for drawing
    b = load(name)
    rows = connections(b)
    font = ImageFont.load_default(size=15)
    small = ImageFont.load_default(size=12)
    W, top, step = 760, 70, 34
    H = top + step * len(rows) + 70
    img = Image.new("RGB", (W, H), (250, 250, 246))
    d = ImageDraw.Draw(img)
    d.text((20, 16), "%s: scoreboard wiring" % b.NAME, font=ImageFont.load_default(size=20), fill=(0, 0, 0))
    d.text((20, 42), getattr(b, "DISPLAY_DRIVER", "ssd1306").upper() +
           " 128x64 I2C at 0x%02X, I2C%d %d kHz; buttons to GND (internal pull-ups)"
           % (b.DISPLAY_ADDR, b.I2C_ID, b.I2C_FREQ // 1000), font=small, fill=(70, 70, 70))
    bx0, bx1, px0, px1 = 20, 250, 470, 740
    d.rounded_rectangle((bx0, top - 8, bx1, top + step * len(rows) - 6), 8,
                        fill=(40, 120, 70) if b.PLATFORM == "rp2" else (30, 90, 60), outline=(0, 60, 30))
    d.text((bx0 + 10, top + step * len(rows)), b.NAME, font=small, fill=(0, 60, 30))
    oled_rows = 4
    d.rounded_rectangle((px0, top - 8, px1, top + step * oled_rows - 6), 8, fill=(20, 30, 60), outline=(0, 0, 0))
    d.rectangle((px0 + 150, top, px1 - 10, top + step * oled_rows - 14), fill=(5, 5, 10))
    d.text((px0 + 160, top + 50), "OLED", font=font, fill=(200, 230, 255))
    for i, (left, pin, right, colour) in enumerate(rows):
        y = top + i * step + 8
        d.ellipse((bx1 - 18, y - 5, bx1 - 8, y + 5), fill=(230, 200, 80), outline=(0, 0, 0))
        d.text((bx0 + 10, y - 9), "%-14s pin %d" % (left, pin), font=font, fill=(255, 255, 255))
        if i < oled_rows:
            d.line((bx1 - 8, y, px0 + 8, y), fill=colour, width=4)
            d.ellipse((px0 + 4, y - 5, px0 + 14, y + 5), fill=(230, 200, 80), outline=(0, 0, 0))
            d.text((px0 + 22, y - 9), right.replace("OLED ", ""), font=font, fill=(255, 255, 255))
        elif i < len(rows) - 1:
            d.line((bx1 - 8, y, px0 - 40, y), fill=colour, width=4)
            # A pushbutton: two contacts and a bridge above them.
            d.ellipse((px0 - 44, y - 4, px0 - 36, y + 4), fill=(0, 0, 0))
            d.ellipse((px0 + 4, y - 4, px0 + 12, y + 4), fill=(0, 0, 0))
            d.line((px0 - 40, y - 10, px0 + 8, y - 10), fill=(0, 0, 0), width=3)
            d.line((px0 - 16, y - 10, px0 - 16, y - 16), fill=(0, 0, 0), width=3)
            d.line((px0 + 8, y, px0 + 18, y), fill=WIRE["GND"], width=2)
            d.line((px0 + 130, y, px1 - 60, y), fill=WIRE["GND"], width=2)
            d.text((px0 + 22, y - 8), right, font=small, fill=(0, 0, 0))
        else:
            d.line((bx1 - 8, y, px1 - 60, y), fill=colour, width=4)
            d.line((px1 - 60, top + oled_rows * step + 8, px1 - 60, y), fill=WIRE["GND"], width=4)
            d.text((px0 + 22, y + 6), "GND rail: every button's other leg", font=small, fill=(0, 0, 0))
    out = os.path.join(folder or boards.folder(name), "wiring.png")
    img.save(out, optimize=True)
    return out


def main(argv=None):
    names = list(sys.argv[1:] if argv is None else argv) or boards.names()
    unknown = [n for n in names if n not in boards.names()]
    if unknown:
        print("wiring_picture: no board %s (boards/: %s)" % (", ".join(unknown), " ".join(boards.names())),
              file=sys.stderr)
        return 2
    for n in names:
        print(os.path.relpath(draw(n), boards.ROOT))
    return 0


if __name__ == "__main__":
    from host_tools.cli_io import run_command
    sys.exit(run_command(main))
