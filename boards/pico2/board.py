# Board file: Raspberry Pi Pico 2 (RP2350): a Pico, wired the same, on the newer chip.
DERIVES = "pico"
NAME = "Raspberry Pi Pico 2"
