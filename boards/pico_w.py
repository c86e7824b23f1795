# Board file: Raspberry Pi Pico W (RP2040 + CYW43). Same pinout as the Pico for every pin used here.
PLATFORM = "rp2"
NAME = "Raspberry Pi Pico W"

# The radio: an Infineon CYW43439 (2.4 GHz 802.11n Wi-Fi, WPA2, station or access point), driven
# by MicroPython's RPI_PICO_W firmware through `network.WLAN`. It talks to the RP2040 over GP23
# (power), GP24 (data), GP25 (chip select) and GP29 (clock): those four are not free for the panel
# or the buttons, and the board's LED hangs off the radio chip, not a GPIO. With the radio, deploy
# adds the phone server (firmware/net/, and the pinned microdot as /lib/microdot/) and main.py
# starts it (docs/phones.md).
RADIO = True
# MicroPython's lwIP on this board keeps 5 TCP connections in all (MEMP_NUM_TCP_PCB's default): 4
# phones' streams held open and one connection free for the page, a claim or a phone's event;
# a fifth and sixth phone get each view and ask again 1.5 s later (net/server.py, docs/phones.md).
PHONE_STREAMS = 4

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
BUTTON_UP = 10
BUTTON_DOWN = 11
BUTTON_LEFT = 12
BUTTON_RIGHT = 13
BUTTON_OK = 14
BUTTON_BACK = 15
BUTTONS = (("up", BUTTON_UP), ("down", BUTTON_DOWN), ("left", BUTTON_LEFT),
           ("right", BUTTON_RIGHT), ("ok", BUTTON_OK), ("back", BUTTON_BACK))
