"""Loads a board's file from boards/ as a module (the tests' one way to read a board's pins)."""
import importlib.util
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def board_file(name):
    spec = importlib.util.spec_from_file_location("board_" + name, os.path.join(ROOT, "boards", name + ".py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod
