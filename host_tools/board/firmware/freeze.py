"""What our firmware freezes: the tree `make deploy` stages, as modules, in four folders.

    frozen/app/    firmware/ as deploy stages it for the board, in source: main.py is renamed
                   firmware_main.py and a small frozen main.py (frozen_main.py beside this file)
                   runs it; each data file (draw/misaki.fnt, ui/texts.bin, net/page.html) becomes
                   a module holding it as one bytes constant (draw/misaki_fnt.py: DATA = b"..."),
                   which frozen_data.py (beside this file, frozen too) mounts read-only at /.data
                   for the firmware's readers; and firmware_build.py says which tree and board
                   the firmware was built from.
    frozen/board/  board.py: the board's wiring with what it derives from (boards.board_source).
    frozen/driver/ ssd1306.py: the SSD1306 driver deploy stages as lib/ssd1306 (staging.py's
                   pinned PyPI copy), the same file.
    frozen/lib/    deploy's lib/ but the driver: on a board with a radio, the pinned microdot.

The board's manifest.py (boards/<board>/manifest.py) says what ships: those folders, named by the
build as $(SCOREBOARD_APP), $(SCOREBOARD_BOARD), $(SCOREBOARD_DRIVER) and $(SCOREBOARD_LIB).
The driver is a folder of its own, not part of lib/, so the Pico's manifest names it (a board
without a radio freezes no lib/) and the Pico W's, which freezes lib/ for microdot, does not get
it twice. Not require("ssd1306"): that freezes micropython-lib's file from the MicroPython tree,
which `make deploy` on a machine reaching only the package registries cannot have.
`check_manifest` proves the manifest asks for each once and nothing of ours besides, and
`expected_modules` that the folders hold every module deploy stages.
"""
import os
import shutil

from host_tools.board import boards, staging

HERE = os.path.dirname(os.path.abspath(__file__))
LAUNCHER = os.path.join(HERE, "frozen_main.py")
DATA_VFS = os.path.join(HERE, "frozen_data.py")       # frozen as the module frozen_data
BUILD_INFO = "firmware_build"        # the frozen module that says what the firmware was built from
MAIN = staging.MAIN_MODULE            # firmware/main.py, frozen as firmware_main (as deploy compiles it)
DATA_KEY = "DATA"
WIRING = "board.py"
DRIVER = "ssd1306.py"                 # deploy's lib/ssd1306, frozen from frozen/driver/
# The folders the build names to the manifest (MICROPY_MANIFEST_<name>), each under the frozen tree.
FOLDERS = (("SCOREBOARD_APP", "app"), ("SCOREBOARD_BOARD", "board"), ("SCOREBOARD_DRIVER", "driver"),
           ("SCOREBOARD_LIB", "lib"))


def folders(out_dir):
    """{manifest variable: its folder under out_dir}."""
    return {name: os.path.join(out_dir, sub) for name, sub in FOLDERS}


def tcp_connections(board):
    """lwIP's TCP connections in our build of a board with a radio ("tcp_connections" in its
    board.json, which the build hands to boards/pico_w/phones.h): every phone's stream held open
    beside a page load and a phone's request."""
    return boards.facts(board)["tcp_connections"]


def data_module(rel):
    """The module a data file becomes: "draw/misaki.fnt" -> "draw/misaki_fnt.py"."""
    folder, name = rel.rsplit("/", 1) if "/" in rel else ("", rel)
    mod = name.replace(".", "_").replace("-", "_") + ".py"
    return folder + "/" + mod if folder else mod


tree_id = staging.tree_id      # the id the firmware carries and deploy compares (one copy)


def stage_source(board, out_dir):
    """deploy's tree for `board`, in source (what the firmware freezes); returns out_dir."""
    return staging.stage(board, out_dir, compile=False, driver=staging.ssd1306_driver_path())


def _frozen_as(rel):
    """("app" | "board" | "driver" | "lib", path in that folder) for a staged file."""
    if rel == "lib/" + DRIVER:
        return "driver", DRIVER
    if rel.startswith("lib/"):
        return "lib", rel[4:]
    if rel == WIRING:
        return "board", rel
    if rel == "main.py":
        return "app", MAIN + ".py"
    return "app", rel if rel.endswith(".py") else data_module(rel)


def text_tables():
    """The message tables' paths in the tree ("ui/strings.py", "kinds/kabu/texts.py" ...). Their
    every text is in ui/texts.bin, which the firmware freezes with them and trusts (frozen_data.py:
    words.texts.TRUSTED), so words/texts.py never imports a table there: the tables are not frozen
    (about 36 KB of the code area; `make deploy` still stages them beside the file it checks)."""
    from host_tools.board.make_font import table_modules
    return set(name.replace(".", "/") + ".py" for name in table_modules())


def _frozen_files(staged_dir):
    """The staged files our firmware freezes: all but the message tables."""
    tables = text_tables()
    return [rel for rel in staging.staged_files(staged_dir) if rel not in tables]


def expected_modules(staged_dir):
    """{folder: its .py paths}: what each frozen folder ("app", "board", "driver", "lib") must hold
    for a staged tree."""
    want = {sub: [] for _name, sub in FOLDERS}
    for rel in _frozen_files(staged_dir):
        where, path = _frozen_as(rel)
        want[where].append(path)
    want["app"] += ["main.py", "frozen_data.py", BUILD_INFO + ".py"]
    return {sub: sorted(paths) for sub, paths in want.items()}


def _write_data_module(src, dst, rel):
    with open(src, "rb") as f:
        data = f.read()
    os.makedirs(os.path.dirname(dst) or ".", exist_ok=True)
    with open(dst, "w", encoding="ascii") as f:
        f.write("# %s (%d bytes), frozen into the firmware: read in place from flash.\n" % (rel, len(data)))
        f.write("%s = %r\n" % (DATA_KEY, data))


def build_info_source(board, tree, radio):
    from host_tools.board.firmware import pinned
    lines = ["# What this firmware was built from (host_tools/board/firmware/freeze.py).",
             "BOARD = %r" % board,
             "TREE = %r" % tree,
             "MICROPYTHON = %r" % ".".join(str(x) for x in pinned.MICROPYTHON_VERSION)]
    if radio:
        lines.append("TCP_CONNECTIONS = %d" % tcp_connections(board))
    return "\n".join(lines) + "\n"


def make_tree(board, out_dir):
    """Write frozen/app, frozen/board, frozen/driver and frozen/lib for `board` under out_dir;
    returns (app_dir, lib_dir, tree). The tree's id is the whole staged tree's, the driver included."""
    staged = stage_source(board, os.path.join(out_dir, "staged"))
    tree = tree_id(staged)
    dirs = {sub: os.path.join(out_dir, sub) for _name, sub in FOLDERS}
    for d in dirs.values():
        if os.path.isdir(d):
            shutil.rmtree(d)
        os.makedirs(d)
    app = dirs["app"]
    for rel in _frozen_files(staged):
        where, path = _frozen_as(rel)
        src, dst = os.path.join(staged, rel), os.path.join(dirs[where], path)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        if rel.endswith(".py"):
            shutil.copyfile(src, dst)
        else:
            _write_data_module(src, dst, rel)
    shutil.copyfile(LAUNCHER, os.path.join(app, "main.py"))
    shutil.copyfile(DATA_VFS, os.path.join(app, "frozen_data.py"))
    with open(os.path.join(app, BUILD_INFO + ".py"), "w") as f:
        f.write(build_info_source(board, tree, boards.has_radio(board)))
    return app, dirs["lib"], tree


def frozen_modules(folder):
    """The .py paths under a frozen folder, sorted."""
    return [p for p in staging.staged_files(folder) if p.endswith(".py")]


# -- the board's manifest --------------------------------------------------------------------

class _Recorder:
    """Runs a manifest.py with MicroPython's manifest functions recorded, not carried out."""

    def __init__(self, variables):
        self.variables = variables
        self.calls = []

    def _expand(self, path):
        for k, v in self.variables.items():
            path = path.replace("$(%s)" % k, v)
        return path

    def run(self, path):
        ns = {name: getattr(self, "_" + name) for name in
              ("include", "freeze", "module", "package", "require", "metadata", "options")}
        ns["__file__"] = path
        with open(path, encoding="utf-8") as f:
            exec(compile(f.read(), path, "exec"), ns)

    def _include(self, manifest, **kw):
        path = self._expand(manifest)
        if os.path.isdir(path):
            path = os.path.join(path, "manifest.py")
        if path.startswith(self.variables["BOARD_DIR"] + "/") or os.path.isfile(path) and \
                path.startswith(boards.BOARDS):
            self.run(os.path.normpath(path))
        else:
            self.calls.append(("include", path))

    def _freeze(self, path, script=None, opt=None):
        self.calls.append(("freeze", self._expand(path)))

    def _module(self, path, base_path=".", opt=None):
        self.calls.append(("module", self._expand(base_path) + "/" + path))

    def _package(self, path, files=None, base_path=".", opt=None):
        self.calls.append(("package", path))

    def _require(self, name, **kw):
        self.calls.append(("require", name))

    def _metadata(self, **kw):
        pass

    def _options(self, **kw):
        return None


def manifest_calls(board):
    """What boards/<board>/manifest.py asks for, with our board manifests it includes followed:
    [("include", path) | ("freeze", path) | ("require", name) ...]."""
    folder = boards.folder(board)
    rec = _Recorder({"BOARD_DIR": folder, "PORT_DIR": "$(PORT_DIR)", "MPY_DIR": "$(MPY_DIR)",
                     "MPY_LIB_DIR": "$(MPY_LIB_DIR)", "SCOREBOARD_APP": "$(SCOREBOARD_APP)",
                     "SCOREBOARD_BOARD": "$(SCOREBOARD_BOARD)", "SCOREBOARD_DRIVER": "$(SCOREBOARD_DRIVER)",
                     "SCOREBOARD_LIB": "$(SCOREBOARD_LIB)"})
    rec.run(os.path.join(folder, "manifest.py"))
    return rec.calls


def check_manifest(board):
    """Raise ValueError unless the board's manifest asks for what ships, each once: our app and the
    board's wiring, the staged ssd1306 driver, on a board with a radio the lib folder (microdot),
    and no other code of ours (a path into this repository would freeze files deploy does not
    stage) nor another ssd1306 (require("ssd1306"): micropython-lib's, from the MicroPython tree)."""
    calls = manifest_calls(board)
    frozen = [p for kind, p in calls if kind in ("freeze", "module", "package")]
    wants = [("$(SCOREBOARD_APP)", frozen), ("$(SCOREBOARD_BOARD)/" + WIRING, frozen),
             ("$(SCOREBOARD_DRIVER)/" + DRIVER, frozen)]
    if boards.has_radio(board):
        wants.append(("$(SCOREBOARD_LIB)", frozen))
    if ("require", "ssd1306") in calls:
        raise ValueError("boards/%s/manifest.py requires ssd1306: a second driver, not the one deploy stages "
                         "($(SCOREBOARD_DRIVER)/%s)" % (board, DRIVER))
    for kind, p in calls:
        if kind != "require" and p.startswith(boards.ROOT):
            raise ValueError("boards/%s/manifest.py %ss %s: only the staged tree is frozen" % (board, kind, p))
    for want, asked in wants:
        if asked.count(want) != 1:
            raise ValueError("boards/%s/manifest.py asks for %s %d times (once wanted)"
                             % (board, want, asked.count(want)))
    if not boards.has_radio(board) and "$(SCOREBOARD_LIB)" in frozen:
        raise ValueError("boards/%s/manifest.py freezes $(SCOREBOARD_LIB), which only a board with a radio has"
                         % board)
    return calls
