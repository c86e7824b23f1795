"""MicroPython's own tests (its tree's tests/) run on our UF2s on the emulated board, as run-tests.py runs them on a Pico.

    python -m host_tools.dev.mptests --board pico [--uf2 PATH] [TEST ...]

The list (tests/emu/micropython_tests.txt) and the skips (tests/emu/micropython_skips.txt) are
the repository's; tests/emu/test_emu_micropython_tests.py runs them in make test-emu (docs/emulator.md).
"""
