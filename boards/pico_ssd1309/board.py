# Board file: Raspberry Pi Pico (RP2040) with a 2.42" SSD1309 128x64 panel on I2C (make deploy BOARD=pico_ssd1309).
DERIVES = "pico"
NAME = "Raspberry Pi Pico, 2.42\" SSD1309"

# SSD1309 128x64 on I2C0, wired as the SSD1306 (SDA GP4, SCL GP5, 3V3, GND): the same commands and
# pixels, a bigger glass. It has no charge pump: main.py sets the driver up for external VCC (the
# module's boost converter). Most 2.42" modules ship set for SPI; set them for I2C (docs/hardware.md)
# and tie RES high (or to a GPIO pulsed low at power-up) when the module has no reset circuit.
DISPLAY_DRIVER = "ssd1309"
