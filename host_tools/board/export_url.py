# `python -m host_tools export --url 'http://<board>/?k=<key>'`: the same export over Wi-Fi
# (docs/export.md). The board's phone server lists its games folder with each file's size and
# SHA-256 (GET /files, the digests computed on the board as `mpremote fs sha256sum` does) and sends
# each file as it is (GET /file?p=PATH, 1 KB at a time from its flash). This runner answers the
# export's three device calls (ls, cp, sha256sum) with them, so the verification, the validation
# of every line and the archive layout are export.py's own, unchanged.
#
# What it cannot do it says, and export stops with exit 2 before anything reaches the archive
# (every file is fetched into export's staging folder before the first one is stored): a wrong
# key (403), an address that is not a scoreboard, no answer, a connection dropped in the middle of
# a file (fewer bytes than its Content-Length).
import json
import os
import time
import urllib.error
import urllib.parse
import urllib.request


BUSY_TRIES = 20          # another phone downloading: 503, asked again every BUSY_WAIT_S
BUSY_WAIT_S = 0.5
CHUNK = 16384


class UrlError(Exception):
    """The board over the network could not be read: the message names why."""


def parse(url):
    """(base "http://host[:port]", key) of the page's address with its table key."""
    u = urllib.parse.urlsplit(url)
    key = urllib.parse.parse_qs(u.query).get("k", [""])[0]
    if u.scheme != "http" or not u.netloc:
        raise UrlError("%s: not the page's address (http://<board>/?k=<key>, as the panel's "
                       "「スマホで見る」 shows it)" % url)
    if not key:
        raise UrlError("%s: the address has no table key (?k=...; the panel's 「スマホで見る」 shows it)" % url)
    return "http://" + u.netloc, key


def url_runner(url, ROOT_DIR, DeviceError, timeout=20):
    """export's runner over HTTP. ROOT_DIR and DeviceError are export's own (given, not imported:
    export imports this module, and no two modules import each other)."""
    base, key = parse(url)
    state = {"listing": None, "root": ROOT_DIR}

    def get(path, **args):
        args["k"] = key
        full = base + path + "?" + urllib.parse.urlencode(args)
        for _ in range(BUSY_TRIES):
            try:
                r = urllib.request.urlopen(full, timeout=timeout)
            except urllib.error.HTTPError as e:
                if e.code == 503:              # another phone is downloading: wait for it
                    e.close()
                    time.sleep(BUSY_WAIT_S)
                    continue
                if e.code == 403:
                    raise UrlError("%s refused the table key (403): copy the address again from the "
                                   "panel's 「スマホで見る」 (its second QR code)" % base)
                if path == "/files":
                    raise UrlError("%s is not a scoreboard (%s answered %d)" % (base, path, e.code))
                raise UrlError("%s: %s answered %d" % (base, path, e.code))
            except (urllib.error.URLError, OSError) as e:
                raise UrlError("no answer from %s (%s)" % (base, getattr(e, "reason", e)))
            return r
        raise UrlError("%s stayed busy (another phone downloading); try again" % base)

    def listing():
        r = get("/files")
        try:
            got = json.loads(r.read().decode("utf-8"))
            ok = got.get("scoreboard") == 1 and isinstance(got.get("files"), list)
        except (ValueError, AttributeError, OSError):
            ok = False
        finally:
            r.close()
        if not ok:
            raise UrlError("%s is not a scoreboard (its /files is not a games list)" % base)
        root = got.get("root") or ROOT_DIR
        state["root"] = root
        files = {}
        for e in got["files"]:
            path, size, sha = e
            files[ROOT_DIR + path[len(root):]] = (size, sha)
        state["listing"] = files
        return files

    def board_path(path):
        return state["root"] + path[len(ROOT_DIR):]

    def copy(path, dest):
        r = get("/file", p=board_path(path))
        want = int(r.headers.get("Content-Length") or -1)
        got = 0
        part = dest + ".part"
        try:
            with open(part, "wb") as f:
                while True:
                    try:
                        data = r.read(CHUNK)
                    except (OSError, ValueError) as e:      # a reset, a cut chunk
                        raise UrlError("the connection dropped while copying %s (%d of %d bytes: %s)"
                                       % (path, got, want, e))
                    if not data:
                        break
                    f.write(data)
                    got += len(data)
            if got != want:
                raise UrlError("the connection dropped while copying %s (%d of %d bytes)" % (path, got, want))
            os.replace(part, dest)
        finally:
            r.close()
            if os.path.exists(part):
                os.remove(part)

    def run(args):
        assert args[0] == "fs"
        args = [a for a in args[1:] if a != "--no-verbose"]
        cmd, paths = args[0], [a[1:] if a.startswith(":") else a for a in args[1:]]
        if cmd == "ls":
            files = state["listing"] if state["listing"] is not None else listing()
            d = paths[0].rstrip("/")
            out, dirs = [], set()
            for p, (size, _) in sorted(files.items()):
                if not p.startswith(d + "/"):
                    continue
                rest = p[len(d) + 1:]
                if "/" in rest:
                    dirs.add(rest.split("/")[0])
                else:
                    out.append("%12d %s" % (size, rest))
            if d != ROOT_DIR and not out and not dirs:
                raise DeviceError("ls: %s: No such file or directory" % d)
            return "".join(l + "\n" for l in out + ["%12d %s/" % (0, n) for n in sorted(dirs)])
        if cmd == "cp":
            dest = paths[-1]
            for p in paths[:-1]:
                copy(p, os.path.join(dest, os.path.basename(p)))
            return ""
        if cmd == "sha256sum":
            files = listing()                 # the board's digests now, after the copies (as over USB)
            return "".join("%s  %s\n" % (files[p][1] if p in files else "-", p) for p in paths)
        raise UrlError("%s: not done over the network (only over USB)" % cmd)

    return run
