# The board's files over mpremote: one runner for every call (`runner(args) -> stdout`; the tests
# hand in the emulated Pico's or a folder's), listing, copying, hashing, removing and writing a
# file whole; names the archive may use as they are (safe_name). Export, names and wifi use it.
import os
import subprocess
import sys

ROOT_DIR = "/games"


class DeviceError(Exception):
    pass


class NoBoard(DeviceError):
    """No board answered mpremote: str() is no_board()'s sentence; `port`, `again` and what
    mpremote said (`said`) let a caller say it in another language."""

    def __init__(self, port, again, said):
        DeviceError.__init__(self, "%s (mpremote: %s)" % (no_board(port, again), said))
        self.port, self.again, self.said = port, again, said


# what mpremote prints when it reaches no board (none plugged in, the port wrong or held)
NO_BOARD = ("no device found", "failed to access", "could not enter raw repl", "could not open")


def no_board(port, again):
    """What deploy says when no board answers, with the command that names the port."""
    return ("no board answered%s (is the Pico plugged in? `%s` names its port); nothing was changed"
            % (" at %s" % port if port else "", again))


def mpremote_runner(port=None, exe=None, timeout=600, again="make export PORT=/dev/ttyACM0"):
    """The real thing: `mpremote [connect PORT] ARGS...`; returns stdout, raises DeviceError (when
    no board answers: no_board(), naming `again`, the command line that gives the port)."""
    base = list(exe) if exe else [sys.executable, "-m", "mpremote"]
    if port:
        base += ["connect", port]

    def run(args):
        cmd = base + list(args)
        try:
            p = subprocess.run(cmd, capture_output=True, timeout=timeout)
        except (OSError, subprocess.TimeoutExpired) as e:
            raise DeviceError("%s: %s" % (" ".join(cmd), e))
        if p.returncode != 0:
            said = (p.stderr or p.stdout).decode("utf-8", "replace").strip()
            if any(s in said.lower() for s in NO_BOARD):
                last = said.splitlines()[-1]
                last = last[len("mpremote: "):] if last.startswith("mpremote: ") else last
                raise NoBoard(port, again, last[:120])
            raise DeviceError("%s failed (%d): %s" % (" ".join(cmd), p.returncode, said))
        return p.stdout.decode("utf-8", "replace")
    return run


def _remote(path):
    return ":" + path


def device_ls(run, path):
    """[(name, size, is_dir)] of one device directory; None when it does not exist."""
    try:
        out = run(["fs", "--no-verbose", "ls", _remote(path)])
    except DeviceError as e:
        if "ENOENT" in str(e) or "No such file" in str(e):
            return None
        raise
    entries = []
    for line in out.splitlines():
        line = line.strip()
        if not line or line.startswith("ls "):
            continue
        parts = line.split(None, 1)
        if len(parts) != 2 or not parts[0].isdigit():
            continue
        name = parts[1]
        is_dir = name.endswith("/")
        entries.append((name.rstrip("/"), int(parts[0]), is_dir))
    return entries


_NAME_CHARS = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")


def safe_name(name):
    """A device file or folder name the archive may use as it is: letters, digits, '.', '_',
    '-', not starting with '.', at most 64 characters. Anything else (a path, '..', a control
    character, a name the store never writes) is refused, never copied."""
    return (0 < len(name) <= 64 and not name.startswith(".") and set(name) <= _NAME_CHARS)


def device_files(run, root=ROOT_DIR, refused=None):
    """Every file under `root` on the device: [(path, size)], sorted; None without `root`.
    Entries whose name is not safe_name() go to `refused` (a list) as (path, reason)."""
    top = device_ls(run, root)
    if top is None:
        return None
    out = []
    todo = [(root, top, 0)]
    while todo:
        d, entries, depth = todo.pop()
        for name, size, is_dir in entries:
            if not safe_name(name):
                if refused is not None:
                    refused.append((d.rstrip("/") + "/" + name[:80], "unsafe name"))
                continue
            p = d.rstrip("/") + "/" + name
            if is_dir:
                if depth >= 2:
                    if refused is not None:
                        refused.append((p, "folder nested too deep"))
                    continue
                todo.append((p, device_ls(run, p) or [], depth + 1))
            else:
                out.append((p, size))
    return sorted(out)


def device_sha256(run, paths):
    """{path: hex digest} as the device computes it (one mpremote call)."""
    if not paths:
        return {}
    out = run(["fs", "--no-verbose", "sha256sum"] + [_remote(p) for p in paths])
    digests = [w for w in out.split() if len(w) == 64 and all(c in "0123456789abcdef" for c in w)]
    if len(digests) != len(paths):
        raise DeviceError("sha256sum: %d digests for %d files: %r" % (len(digests), len(paths), out[:200]))
    return dict(zip(paths, digests))


def device_copy(run, paths, local_dir):
    """Copies device files (all from one directory) into local_dir (one mpremote call)."""
    if paths:
        run(["fs", "--no-verbose", "cp"] + [_remote(p) for p in paths] + [local_dir.rstrip("/\\") + os.sep])


def _short(e):
    """A DeviceError's reason in one line of the report."""
    text = " ".join(str(e).split())
    return text if len(text) <= 200 else text[:200] + "…"


def copy_each(run, paths, local_dir):
    """device_copy(), and when the one call fails (a file gone since the listing, an I/O error),
    one call per file: {path: reason} of the files that could not be copied."""
    try:
        device_copy(run, paths, local_dir)
        return {}
    except DeviceError as e:
        if len(paths) == 1:
            return {paths[0]: _short(e)}
    failed = {}
    for p in paths:
        try:
            device_copy(run, [p], local_dir)
        except DeviceError as e:
            failed[p] = _short(e)
    return failed


def sha256_each(run, paths):
    """device_sha256(), and when the one call fails, one call per file (a file it cannot hash
    has no device digest: its copy is not verified)."""
    try:
        return device_sha256(run, paths)
    except DeviceError:
        if len(paths) == 1:
            return {}
    out = {}
    for p in paths:
        try:
            out.update(device_sha256(run, [p]))
        except DeviceError:
            pass
    return out


def device_rm(run, paths):
    if paths:
        run(["fs", "--no-verbose", "rm"] + [_remote(p) for p in paths])


def device_put(run, data, name):
    """Write bytes `data` as the device's file `name` (at its root) through NAME.tmp and a rename:
    a pulled cable leaves the old file or the new one, never half of one (names.json, wifi.json)."""
    import tempfile
    fd, local = tempfile.mkstemp(suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        run(["fs", "cp", local, ":%s.tmp" % name])
        run(["exec", "import os; os.rename('%s.tmp', '%s')" % (name, name)])
    finally:
        os.remove(local)
