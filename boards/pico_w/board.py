# Board file: Raspberry Pi Pico W (RP2040 + CYW43): a Pico, wired the same, with the radio.
DERIVES = "pico"
NAME = "Raspberry Pi Pico W"

# The radio: an Infineon CYW43439 (2.4 GHz 802.11n Wi-Fi, WPA2, station or access point), driven
# through MicroPython's `network.WLAN`. It talks to the RP2040 over GP23 (power), GP24 (data),
# GP25 (chip select) and GP29 (clock): those four are not free for the panel or the buttons, and
# the board's LED hangs off the radio chip, not a GPIO. With the radio the phone server comes
# along (firmware/net/ and the pinned microdot) and main.py starts it (docs/phones.md).
RADIO = True
# Phones' streams held open on the official RPI_PICO_W firmware, whose lwIP keeps 5 TCP
# connections in all: 4 streams and one connection free for the page, a claim or a phone's event
# (a fifth and sixth phone get each view and ask again). Our own firmware keeps 16 connections
# and says so (firmware_build.TCP_CONNECTIONS): there every phone streams (main.make_phones).
PHONE_STREAMS = 4
