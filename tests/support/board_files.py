"""Loads a board's wiring from boards/ as a module (the tests' one way to read a board's pins)."""
from host_tools.board import boards


def board_file(name):
    return boards.module(name)
