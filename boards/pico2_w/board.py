# Board file: Raspberry Pi Pico 2 W (RP2350 + CYW43): a Pico W on an RP2350, wired the same.
DERIVES = "pico_w"
NAME = "Raspberry Pi Pico 2 W"
