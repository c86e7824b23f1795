# Board file: Raspberry Pi Pico (RP2040) with a 2.42" SSD1309 128x64 panel on I2C (make deploy BOARD=pico_ssd1309).
PLATFORM = "rp2"
NAME = "Raspberry Pi Pico, 2.42\" SSD1309"

# SSD1309 128x64 on I2C0, wired as the SSD1306 (SDA GP4, SCL GP5, 3V3, GND): the same commands and
# pixels, a bigger glass. It has no charge pump: main.py sets the driver up for external VCC (the
# module's boost converter). Most 2.42" modules ship set for SPI; set them for I2C (docs/hardware.md)
# and tie RES high (or to a GPIO pulsed low at power-up) when the module has no reset circuit.
I2C_ID = 0
I2C_SDA = 4
I2C_SCL = 5
I2C_FREQ = 400_000
DISPLAY_ADDR = 0x3C
DISPLAY_WIDTH = 128
DISPLAY_HEIGHT = 64
DISPLAY_DRIVER = "ssd1309"

# Buttons between the GPIO and GND (internal pull-ups): GP10..GP15 are pins 14-17 and 19-20,
# one side of the board next to a GND (pin 18), so the wiring stays short.
BUTTON_UP = 10
BUTTON_DOWN = 11
BUTTON_LEFT = 12
BUTTON_RIGHT = 13
BUTTON_OK = 14
BUTTON_BACK = 15
BUTTONS = (("up", BUTTON_UP), ("down", BUTTON_DOWN), ("left", BUTTON_LEFT),
           ("right", BUTTON_RIGHT), ("ok", BUTTON_OK), ("back", BUTTON_BACK))
