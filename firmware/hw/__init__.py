# Thin hardware layer: buttons, display, clock; each also runs on CPython for tests and the simulator.
