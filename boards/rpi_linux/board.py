# Board file: a Raspberry Pi (Linux, CPython) with Blinka and adafruit-circuitpython-ssd1306.
# Run: python3 firmware/main.py rpi_linux   (main.py reads boards/rpi_linux/board.py; never copy it as board.py:
# Blinka has its own module named `board`). GPIO numbers are BCM numbers.
PLATFORM = "linux"
NAME = "Raspberry Pi (Linux)"

# I2C bus 1: SDA GPIO2 (pin 3), SCL GPIO3 (pin 5). Enable it with raspi-config; the frequency
# comes from dtparam=i2c_arm_baudrate=400000 in /boot/firmware/config.txt.
I2C_ID = 1
I2C_SDA = 2
I2C_SCL = 3
I2C_FREQ = 400_000
DISPLAY_ADDR = 0x3C
DISPLAY_WIDTH = 128
DISPLAY_HEIGHT = 64

# Buttons to GND with the SoC's pull-ups: GPIO17, 27, 22, 23, 24, 25 (pins 11, 13, 15, 16, 18, 22).
BUTTONS = (("up", 17), ("down", 27), ("left", 22), ("right", 23), ("ok", 24), ("back", 25))

# The phones (docs/phones.md): the Pi serves the live table on its LAN at this port (python3
# firmware/main.py rpi_linux prints nothing about it: the panel's 「スマホで見る」 shows the address).
SERVE_PORT = 8080
