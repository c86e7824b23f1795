# Draws the emulated panel: half-block characters for a terminal, a scaled-up PNG with OLED colours.

_HALF = {(0, 0): " ", (1, 0): "\u2580", (0, 1): "\u2584", (1, 1): "\u2588"}

# A white-on-black OLED: lit pixels slightly blue-white, off pixels not quite black.
ON = (225, 240, 255)
OFF = (12, 14, 20)
BEZEL = (0, 0, 0)


def to_text(panel):
    """Two pixel rows per text line: 32 lines of 128 characters."""
    rows = panel.rows()
    return "\n".join("".join(_HALF[rows[y][x], rows[y + 1][x]] for x in range(panel.width))
                     for y in range(0, panel.height, 2))


def to_image(panel, scale=4, border=8):
    from PIL import Image, ImageDraw
    w, h = panel.width * scale + 2 * border, panel.height * scale + 2 * border
    img = Image.new("RGB", (w, h), BEZEL)
    draw = ImageDraw.Draw(img)
    draw.rectangle((border, border, w - border - 1, h - border - 1), fill=OFF)
    on = ON
    c = getattr(panel, "contrast", 0x7F)
    if c < 0x7F:     # dimmed (screen care) or a low brightness: drawn darker, as the panel looks
        k = 0.35 + 0.65 * c / 0x7F
        on = tuple(int(v * k) for v in ON)
    gap = 1 if scale >= 3 else 0      # the thin dark grid between pixels of a real panel
    rows = panel.rows()
    for y in range(panel.height):
        for x in range(panel.width):
            if rows[y][x]:
                x0, y0 = border + x * scale, border + y * scale
                draw.rectangle((x0, y0, x0 + scale - 1 - gap, y0 + scale - 1 - gap), fill=on)
    return img


def save_png(panel, path, scale=4):
    to_image(panel, scale).save(path, optimize=True)
