# Board file: Raspberry Pi Pico (RP2040), the default; the other Picos derive from it (DERIVES).
PLATFORM = "rp2"
NAME = "Raspberry Pi Pico"

# SSD1306 128x64 on I2C0: SDA GP4 (pin 6), SCL GP5 (pin 7); 400 kHz sends a frame in ~25 ms.
I2C_ID = 0
I2C_SDA = 4
I2C_SCL = 5
I2C_FREQ = 400_000
DISPLAY_ADDR = 0x3C
DISPLAY_WIDTH = 128
DISPLAY_HEIGHT = 64

# Buttons between the GPIO and GND (internal pull-ups): GP10..GP15 are pins 14-17 and 19-20,
# one side of the board next to a GND (pin 18), so the wiring stays short.
BUTTONS = (("up", 10), ("down", 11), ("left", 12), ("right", 13), ("ok", 14), ("back", 15))
