# Terminal columns by display width: East Asian wide and fullwidth characters take two cells.
import unicodedata


def display_width(text):
    """Cells `text` takes in a terminal: W/F characters 2, combining marks 0, the rest 1."""
    w = 0
    for ch in str(text):
        if unicodedata.combining(ch):
            continue
        w += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return w


def ljust(text, width):
    """`text` padded with spaces on the right to `width` cells (never cut)."""
    text = str(text)
    return text + " " * max(0, width - display_width(text))


def rjust(text, width):
    text = str(text)
    return " " * max(0, width - display_width(text)) + text
