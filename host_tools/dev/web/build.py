# Builds the web page (build/web/): the static files, MicroPython's WebAssembly port from npm
# (pinned in host_tools/dev/web/package-lock.json) and the unchanged firmware files the page loads.
import hashlib
import json
import os
import shutil
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
FIRMWARE = os.path.join(ROOT, "firmware")
OUT = os.path.join(ROOT, "build", "web")
NPM_DIR = os.path.join(ROOT, "build", "web-npm")
PACKAGE = "@micropython/micropython-webassembly-pyscript"
PORT_FILES = ("micropython.mjs", "micropython.wasm")
FIRMWARE_EXT = (".py", ".fnt", ".bin")   # the modules, the font (draw/misaki.fnt), the texts (ui/texts.bin)


class BuildError(Exception):
    pass


def pinned_version():
    with open(os.path.join(HERE, "package.json"), encoding="utf-8") as f:
        return json.load(f)["dependencies"][PACKAGE]


def port_dir(npm_dir=NPM_DIR):
    return os.path.join(npm_dir, "node_modules", *PACKAGE.split("/"))


def installed_version(npm_dir=NPM_DIR):
    try:
        with open(os.path.join(port_dir(npm_dir), "package.json"), encoding="utf-8") as f:
            return json.load(f).get("version")
    except (OSError, ValueError):
        return None


def ensure_port(npm_dir=NPM_DIR, quiet=False):
    """MicroPython's WebAssembly port in build/web-npm/, installed by `npm ci` from the lock file
    when missing or not the pinned version. Returns the folder holding micropython.mjs/.wasm."""
    want = pinned_version()
    if installed_version(npm_dir) != want or not all(
            os.path.isfile(os.path.join(port_dir(npm_dir), f)) for f in PORT_FILES):
        npm = shutil.which("npm")
        if not npm:
            raise BuildError("npm is not installed (Debian: apt-get install npm): it fetches "
                             "MicroPython's WebAssembly port %s@%s" % (PACKAGE, want))
        os.makedirs(npm_dir, exist_ok=True)
        for name in ("package.json", "package-lock.json"):
            shutil.copyfile(os.path.join(HERE, name), os.path.join(npm_dir, name))
        cmd = [npm, "ci", "--prefix", npm_dir, "--no-audit", "--no-fund"]
        if not quiet:
            print(" ".join(cmd))
        p = subprocess.run(cmd, cwd=npm_dir, capture_output=True, text=True)
        if p.returncode != 0 or installed_version(npm_dir) != want:
            raise BuildError("npm could not install %s@%s:\n%s" % (PACKAGE, want,
                                                                 (p.stderr or p.stdout)[-2000:]))
    return port_dir(npm_dir)


def firmware_files():
    """The firmware's files as the page loads them (relative paths, '/' separated, sorted)."""
    from host_tools.board import make_texts
    make_texts.ensure()          # ui/texts.bin is generated, not tracked
    out = []
    for top, dirs, files in os.walk(FIRMWARE):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in files:
            if name.endswith(FIRMWARE_EXT):
                rel = os.path.relpath(os.path.join(top, name), FIRMWARE)
                out.append(rel.replace(os.sep, "/"))
    return sorted(out)


def build(out=OUT, npm_dir=NPM_DIR, quiet=False):
    """Writes the page into `out` (emptied first); returns `out`."""
    port = ensure_port(npm_dir, quiet)
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(os.path.join(out, "fw"))
    for name in sorted(os.listdir(os.path.join(HERE, "static"))):
        shutil.copyfile(os.path.join(HERE, "static", name), os.path.join(out, name))
    for name in PORT_FILES:
        shutil.copyfile(os.path.join(port, name), os.path.join(out, name))
    files = firmware_files()
    digest = hashlib.sha256()
    for rel in files:
        dst = os.path.join(out, "fw", *rel.split("/"))
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copyfile(os.path.join(FIRMWARE, *rel.split("/")), dst)
        with open(dst, "rb") as f:
            digest.update(rel.encode() + b"\0" + f.read())
    shutil.copyfile(os.path.join(HERE, "webboard.py"), os.path.join(out, "fw", "webboard.py"))
    files.append("webboard.py")
    manifest = {"files": files, "port": pinned_version(), "build": digest.hexdigest()[:12]}
    with open(os.path.join(out, "files.json"), "w", encoding="utf-8") as f:
        json.dump(manifest, f, indent=1)
    if not quiet:
        print("built %s: %d firmware files, MicroPython WebAssembly %s" % (out, len(files), pinned_version()))
    return out
