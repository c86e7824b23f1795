# `python -m host_tools export --url 'http://<board>/?k=<key>'`: the same export over Wi-Fi
# (docs/export.md). The board's phone server lists its games folder with each file's size and
# SHA-256 (GET /files, the digests computed on the board as `mpremote fs sha256sum` does) and sends
# each file as it is (GET /file?p=PATH, 1 KB at a time from its flash). This runner answers the
# export's three device calls (ls, cp, sha256sum) with them, so the verification, the validation
# of every line and the archive layout are export.py's own, unchanged.
#
# All or nothing: at export's first call the runner reads everything (the list, every file whole,
# then the board's digests, as sha256sum runs after cp) into memory, and answers every call from
# that copy. So a wrong key (403), an address that is not a scoreboard, no answer, or a connection
# dropped anywhere (http_get names where) stops export with a UrlError before it has written
# anything: the archive stays exactly as it was.
import json
import os
import time
import urllib.parse

from host_tools.board import http_get
from host_tools.board.export_words import Said

BUSY_TRIES = 20          # another phone downloading: 503, asked again every BUSY_WAIT_S
BUSY_WAIT_S = 0.5


class UrlError(Exception):
    """The board over the network could not be read: `said` names why (str(): in English)."""

    def __init__(self, msg_id, **info):
        self.said = Said(msg_id, **info)
        Exception.__init__(self, self.said)


def parse(url):
    """(host, port, base "http://host[:port]", key) of the page's address with its table key."""
    u = urllib.parse.urlsplit(url)
    key = urllib.parse.parse_qs(u.query).get("k", [""])[0]
    try:
        port = u.port or 80
    except ValueError:
        port = None
    if u.scheme != "http" or not u.hostname or port is None:
        raise UrlError("not_page", url=url)
    if not key:
        raise UrlError("no_key", url=url)
    return u.hostname, port, "http://" + u.netloc, key


class Board:
    """The board's phone server at `url`: GETs that answer a whole body or raise a UrlError."""

    def __init__(self, url, timeout):
        self.host, self.port, self.base, self.key = parse(url)
        self.timeout = timeout

    def get(self, path, doing, **args):
        """The body of a 200; a busy board (503) is asked again for up to BUSY_TRIES."""
        args["k"] = self.key
        target = path + "?" + urllib.parse.urlencode(args)
        for _ in range(BUSY_TRIES):
            status, _, body = self._once(target, path, doing)
            if status == 200:
                return body
            if status != 503:
                raise self._refused(path, status)
            time.sleep(BUSY_WAIT_S)
        raise UrlError("busy", base=self.base)

    def _once(self, target, path, doing):
        try:
            return http_get.get(self.host, self.port, target, self.timeout)
        except http_get.NoAnswer as e:
            raise UrlError("no_answer", base=self.base, why=str(e))
        except http_get.Dropped as e:
            raise UrlError("dropped", base=self.base, doing=doing, cut=_cut(e))
        except http_get.NotHttp as e:
            raise UrlError("not_http", base=self.base, path=path, why=str(e))

    def _refused(self, path, status):
        if status == 403:
            return UrlError("key_refused", base=self.base)
        if path == "/files":
            return UrlError("not_scoreboard", base=self.base, path=path, code=status)
        return UrlError("answered", base=self.base, path=path, code=status)


def _cut(dropped):
    """Where an answer stopped, in words."""
    part = dropped.part
    if part == http_get.BODY:
        cut = Said("cut_body", got=dropped.got, want=dropped.want)
    else:
        cut = Said({http_get.BEFORE: "cut_before", http_get.STATUS_LINE: "cut_status"}.get(part, "cut_headers"))
    return Said("cut_why", cut=cut, why=dropped.why) if dropped.why else cut


def listing(board, root_dir, doing):
    """(the games folder's path on the board: the simulator's is a folder of the PC, {path as export
    names it, under root_dir: (size, the board's SHA-256)}) from GET /files."""
    body = board.get("/files", doing)
    try:
        got = json.loads(body.decode("utf-8"))
        if got.get("scoreboard") != 1 or not isinstance(got.get("files"), list):
            raise ValueError("no games list")
        root = got.get("root") or root_dir
        return root, dict(_entry(e, root, root_dir) for e in got["files"])
    except (ValueError, AttributeError, TypeError, RecursionError) as e:
        raise UrlError("not_a_list", base=board.base, why=str(e)[:80])


def _entry(e, root, root_dir):
    """(path under root_dir, (size, sha)) of one [path, size, sha] of /files."""
    path, size, sha = e
    if not (isinstance(path, str) and path.startswith(root + "/") and isinstance(size, int)
            and isinstance(sha, str)):
        raise ValueError("an entry is not [path, size, sha]")
    return root_dir + path[len(root):], (size, sha)


def fetch_all(board, root_dir):
    """(listing, {path: bytes}, {path: the board's SHA-256 read after the copies}): the whole games
    folder, every file read to its last byte, or a UrlError."""
    root, files = listing(board, root_dir, Said("doing_list"))
    data = {}
    for path in sorted(files):
        data[path] = board.get("/file", Said("doing_copy", path=path), p=root + path[len(root_dir):])
    _, after = listing(board, root_dir, Said("doing_digests"))
    return files, data, dict((p, sha) for p, (_, sha) in after.items())


def url_runner(url, ROOT_DIR, DeviceError, timeout=20):
    """export's runner over HTTP. ROOT_DIR and DeviceError are export's own (given, not imported:
    export imports this module, and no two modules import each other). The address is checked
    now; the board is read whole at the first call."""
    board = Board(url, timeout)
    copy = []

    def run(args):
        assert args[0] == "fs"
        args = [a for a in args[1:] if a != "--no-verbose"]
        cmd, paths = args[0], [a[1:] if a.startswith(":") else a for a in args[1:]]
        if not copy:
            copy.append(fetch_all(board, ROOT_DIR))
        files, data, digests = copy[0]
        if cmd == "ls":
            return _ls(files, paths[0].rstrip("/"), ROOT_DIR, DeviceError)
        if cmd == "cp":
            return _cp(data, paths[:-1], paths[-1])
        if cmd == "sha256sum":
            return "".join("%s  %s\n" % (digests.get(p, "-"), p) for p in paths)
        raise UrlError("not_over_wifi", cmd=cmd)

    return run


def _ls(files, d, root_dir, DeviceError):
    """`mpremote fs ls` of folder `d`: its files with their sizes, then its folders."""
    out, dirs = [], set()
    for p, (size, _) in sorted(files.items()):
        if not p.startswith(d + "/"):
            continue
        rest = p[len(d) + 1:]
        if "/" in rest:
            dirs.add(rest.split("/")[0])
        else:
            out.append("%12d %s" % (size, rest))
    if d != root_dir and not out and not dirs:
        raise DeviceError("ls: %s: No such file or directory" % d)
    return "".join(line + "\n" for line in out + ["%12d %s/" % (0, n) for n in sorted(dirs)])


def _cp(data, paths, dest):
    """`mpremote fs cp` of files into folder `dest`, from the copy read at the first call."""
    for p in paths:
        with open(os.path.join(dest, os.path.basename(p)), "wb") as f:
            f.write(data[p])
    return ""
