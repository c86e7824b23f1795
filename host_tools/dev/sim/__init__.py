# The PC simulator: the firmware's App on CPython, through adafruit_ssd1306 into an emulated panel.
