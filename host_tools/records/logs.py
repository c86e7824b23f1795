# Reading game logs (journals) on the PC: every line checked, every problem named with its line
# number, and the valid rest kept.
#
# A log is read in one pass:
#   line 1   the header: CRC, JSON, schema version (a newer schema stops the reading: these tools
#            cannot know what the newer lines mean), kind and fields. Without a usable header
#            nothing else can be trusted; the other lines are reported as not read.
#   line 2.. each event: UTF-8, complete (a cut last line after a power loss), CRC, JSON, game id,
#            record type, contiguous sequence number, and then the fold: the rules module of the
#            game must accept the event exactly as the device did (`Game.replay`).
# A refused line is reported and skipped; reading goes on with the next line (a flipped bit in
# the middle of a night does not lose the rounds after it). When a gap was skipped the fold has a
# hole (`LogResult.hole`): later events may then be refused by the rules as well; the report lists
# them as runs of lines.
import array
import hashlib
import os
import re

from host_tools import _paths  # noqa: F401  (firmware/ on sys.path)

from core import journal, messages, validate
from core.engine import Game
from core.errors import Refusal
from core import registry
from core.registry import KINDS

# Host-only messages (the device never shows them): id -> (English, 日本語).
HOST_MESSAGES = {
    "E_LOG_NOT_READ": ("Log lines {first}-{last}: not read (header unusable)",
                       "ログ{first}～{last}行目：読めません（ヘッダーが使えない）"),
    "E_LOG_SEQ_BACK": ("Log line {line}: sequence {got} again (want {want})",
                       "ログ{line}行目：{got}手目に戻っています（{want}手目のはず）"),
    "E_LOG_GAP": ("Log line {line}: {n} event(s) missing before it (want {want}, got {got})",
                  "ログ{line}行目：その前の{n}手が抜けています"),
    "E_LOG_KIND_RULES": ("Log line {line}: unknown event '{kind}' for this game",
                         "ログ{line}行目：このゲームにない記録「{kind}」"),
    "E_LOG_ID": ("the game id must be 8 of 0-9 a-z", "ゲームIDは0-9とa-zの8文字です"),
    "E_LOG_NAME": ("a seat name is not text of at most 40 characters without control characters",
                   "席の名前が40文字以内の文字列ではありません"),
    "E_LOG_EVENT": ("Log line {line}: field '{field}' holds something no event holds",
                    "ログ{line}行目：「{field}」の中身が正しくありません"),
    "E_SETTING_VALUE": ("a setting has a value of the wrong type", "設定の値の型が違います"),
    "E_LOG_READ": ("Cannot read the file: {why}", "ファイルが読めません：{why}"),
    "E_LOG_BLANK": ("Log line {line}: empty line", "ログ{line}行目：空の行です"),
    "E_LOG_SEGMENT_MISSING": ("Log segments {first}-{last} missing before this line",
                              "ログのセグメント{first}～{last}がありません"),
}

def _unknown_event(msg_id):
    """Whether a rules refusal says "no such event type": E_BAD_EVENT, or E_<KIND>_EVENT, the id a
    game's rules module gives it (the registry's kinds: a game added there is covered)."""
    return msg_id == "E_BAD_EVENT" or msg_id in ["E_%s_EVENT" % k.upper() for k in KINDS]


def _tables(kind=None):
    tables = [HOST_MESSAGES]
    kinds = [kind] if kind in KINDS else list(KINDS)
    for k in kinds:
        try:
            tables.append(registry.module(registry.texts(k)).MESSAGES)
        except ImportError:
            pass
    return tables


def message(msg_id, lang="en", info=None, kind=None):
    """The text of a message id (shared, per-game or host-only) in `lang`."""
    return messages.text(msg_id, lang, info, _tables(kind))


class Problem:
    """One refused line: `lineno` (1-based), `msg_id` + `info`, and for a rules refusal the
    rules' own reason `why` + `why_info`."""

    def __init__(self, lineno, msg_id, info=None, why=None, why_info=None):
        self.lineno = lineno
        self.msg_id = msg_id
        self.info = dict(info or {})
        self.info.setdefault("line", lineno)
        self.why = why
        self.why_info = why_info or {}

    def text(self, lang="en", kind=None):
        s = message(self.msg_id, lang, self.info, kind)
        if self.why:
            s += ": " + message(self.why, lang, self.why_info, kind)
        return s

    def as_dict(self, kind=None):
        d = {"line": self.lineno, "file": getattr(self, "file", None), "id": self.msg_id, "text": self.text("en", kind),
             "text_ja": self.text("ja", kind)}
        if self.why:
            d["why"] = self.why
        return d

    def __repr__(self):
        return "Problem(%d, %s, %s)" % (self.lineno, self.msg_id, self.why or "")


class LogResult:
    """What was read from one log: the header, the game folded over every accepted line, and the
    problems. `lines` counts the lines in the file, `kept` the accepted ones (header included)."""

    def __init__(self, name, data):
        self.name = name
        self.data = data
        self.sha256 = hashlib.sha256(data).hexdigest()
        self.header = None
        self.header_line = None
        self.game = None
        self.problems = []
        self.lines = 0
        self.kept = 0
        self.hole = False
        self.segments = [(name, 1, 0)]

    @property
    def ok(self):
        return not self.problems and self.game is not None

    def where(self, lineno):
        """Global line number -> (segment file name, line in it)."""
        for segname, first, n in self.segments:
            if first <= lineno < first + n:
                return segname, lineno - first + 1
        return self.name, lineno

    @property
    def kind(self):
        return self.header.get("kind") if self.header else None

    @property
    def game_id(self):
        return self.header.get("g") if self.header else None

    @property
    def seq(self):
        return self.game.seq if self.game else 0

    def over(self):
        return bool(self.game and self.game.is_over())

    def report_lines(self, lang="en"):
        """One text line per problem; consecutive lines refused for the same reason are one run."""
        out = []
        runs = []
        for p in self.problems:
            key = (p.msg_id, p.why)
            if runs and runs[-1][0] == key and runs[-1][2] == p.lineno - 1 and p.msg_id == "E_LOG_REFUSED":
                runs[-1][2] = p.lineno
                runs[-1][3] += 1
            else:
                runs.append([key, p, p.lineno, 1])
        for key, p, last, n in runs:
            s = "%s:%d: %s" % (getattr(p, "file", None) or self.name, p.lineno, p.text(lang, self.kind))
            if n > 1:
                if lang == "ja":
                    s += "（%d～%d行目の%d行も同じ理由）" % (p.lineno, last, n)
                else:
                    s += " (lines %d-%d, %d lines, same reason)" % (p.lineno, last, n)
            out.append(s)
        return out

    def summary(self, lang="en"):
        if self.game is None:
            state = "unreadable" if lang != "ja" else "読めません"
        elif self.over():
            state = "finished" if lang != "ja" else "終了"
        else:
            state = "in progress" if lang != "ja" else "途中"
        if lang == "ja":
            kind = registry.name(self.kind, "ja") if self.kind in KINDS else self.kind or "?"
            return "%s：%s %s、%d行中%d行が有効、%d手目まで、%s%s" % (
                self.name, kind, self.game_id or "?", self.lines, self.kept, self.seq, state,
                "、抜けた行あり" if self.hole else "")
        return "%s: %s %s, %d/%d lines kept, seq %d, %s%s" % (
            self.name, self.kind or "?", self.game_id or "?", self.kept, self.lines, self.seq, state,
            ", HOLE" if self.hole else "")


def split_lines(data):
    """Raw bytes -> list of lines, each with its b"\\n" (a cut last line has none)."""
    parts = data.split(b"\n")
    lines = [p + b"\n" for p in parts[:-1]]
    if parts[-1]:
        lines.append(parts[-1])
    return lines


# The device's store (firmware/storage/store.py) keeps a journal in segments:
# NNNN-GGGGGGGG.S.log, S = 0, 1, ...; segment 0 starts with the header; their concatenation is
# the journal. Other *.log files are whole journals.
SEGMENT = re.compile(r"^(.*?)([0-9]+-[0-9A-Za-z]+)\.([0-9]+)\.log$")


def game_files(paths):
    """Groups paths into journals: [(name, [segment paths in order])]; a segmented journal is
    named NNNN-GGGGGGGG.log (the segment files keep their own names in the problems)."""
    groups = {}
    order = []
    for p in paths:
        m = SEGMENT.match(p)
        key = (m.group(1) + m.group(2)) if m else p
        if key not in groups:
            groups[key] = []
            order.append(key)
        groups[key].append((int(m.group(3)) if m else 0, p))
    return [(os.path.basename(k) + (".log" if not k.endswith(".log") else ""),
             [p for _, p in sorted(groups[k])]) for k in order]


def read_bytes(data, name="log"):
    """Checks every line of one log; returns a LogResult (never raises for bad content)."""
    return read_segments(name, [(name, data)])


def read_segments(name, segments):
    """Checks a journal given as [(segment name, bytes)] in order (one item: a plain log)."""
    res = LogResult(name, b"".join(d for _, d in segments))
    lines = []
    res.segments = []
    missing = []
    prev = None
    for segname, data in segments:
        m = SEGMENT.match(segname)
        if m and prev is not None and int(m.group(3)) != prev + 1:
            missing.append((len(lines) + 1, prev + 1, int(m.group(3)) - 1))
        prev = int(m.group(3)) if m else None
        seg_lines = split_lines(data)
        res.segments.append((segname, len(lines) + 1, len(seg_lines)))
        lines += seg_lines
    res.lines = len(lines)
    if not lines:
        res.problems.append(Problem(1, "E_LOG_EMPTY"))
        return res
    _fold(res, lines)
    for at, a, b in missing:
        res.problems.append(Problem(at, "E_LOG_SEGMENT_MISSING", {"first": a, "last": b}))
        res.hole = True
    res.problems.sort(key=lambda p: p.lineno)
    if len(res.segments) > 1:
        for p in res.problems:
            p.file, local = res.where(p.lineno)
            p.info["line"] = local
            p.global_line = p.lineno
            p.lineno = local
    return res


def _fold(res, lines):
    # The game reads its accepted records back from the lines (an undo past the engine's window,
    # the report's rounds) instead of keeping them all as dicts: ~8x less memory for a big log.
    kept_lines = array.array("l")
    game = _fold_header(res, lines, kept_lines)
    if game is None:
        return res
    last_kept = _fold_events(res, lines, game, kept_lines)
    game.settle()      # replayed undos and redos fold lazily (engine.Game.replay)
    # A hole: some line was refused and a later one was folded anyway (the fold is not the journal).
    res.hole = any(p.lineno < last_kept for p in res.problems)
    return res


def _fold_header(res, lines, kept_lines):
    """The game the header opens, or None when it is unusable (then nothing after it can be trusted)."""
    try:
        header = validate.check_header(journal.unseal(lines[0], 1), 1)
        game = Game(header, source=lambda: (journal.unseal(lines[i - 1], i) for i in kept_lines))
    except Refusal as e:
        info = dict(e.info)
        if e.msg_id == "E_LOG_HEADER":
            res.problems.append(Problem(1, e.msg_id, info, info.get("why"), info))
        else:
            res.problems.append(Problem(1, e.msg_id, info))
        if len(lines) > 1:
            res.problems.append(Problem(2, "E_LOG_NOT_READ", {"first": 2, "last": len(lines)}))
        return None
    except Exception as e:  # a header whose fields have the wrong types
        res.problems.append(Problem(1, "E_LOG_HEADER_FIELD", {"field": str(e)[:40]}))
        return None
    res.header = header
    res.header_line = lines[0]
    res.game = game
    res.kept = 1
    return game


def _fold_events(res, lines, game, kept_lines):
    """Every line after the header, each replayed or refused with its problem; the last kept line."""
    expect = last_kept = 1
    gid = game.game_id
    unreadable = 0     # lines since the last readable event whose sequence number is unknown
    for lineno in range(2, len(lines) + 1):
        rec = _readable_event(res, lines[lineno - 1], lineno, gid)
        if rec is None:
            unreadable += 1
            continue
        t = rec["t"]
        seq = rec["seq"]
        if seq < expect:
            res.problems.append(Problem(lineno, "E_LOG_SEQ_BACK", {"want": expect, "got": seq}))
            continue
        # Missing events that the unreadable lines before this one account for were reported
        # there; anything more is a gap of its own.
        if seq > expect and seq - expect > unreadable:
            res.problems.append(Problem(lineno, "E_LOG_GAP", {"want": expect, "got": seq, "n": seq - expect}))
        unreadable = 0
        expect = seq + 1
        try:
            game.replay(rec)
        except Refusal as r:
            if _unknown_event(r.msg_id):
                res.problems.append(Problem(lineno, "E_LOG_KIND_RULES", {"kind": str(t)[:20]}))
            else:
                res.problems.append(Problem(lineno, "E_LOG_REFUSED", {"why": r.msg_id}, r.msg_id, r.info))
            continue
        res.kept += 1
        kept_lines.append(lineno)
        last_kept = lineno
    return last_kept


def _readable_event(res, line, lineno, gid):
    """The line's record, or None with its problem noted (the device's own checks, the same ids)."""
    if line.strip() == b"":
        res.problems.append(Problem(lineno, "E_LOG_BLANK"))
        return None
    try:
        rec = journal.unseal(line, lineno)
        validate.check_record(rec, gid, lineno)
    except journal.LogError as e:
        res.problems.append(Problem(lineno, e.msg_id, e.info))
        return None
    return rec


def read_file(path):
    """Reads and checks one log file; an unreadable file gives a LogResult with one problem."""
    name = os.path.basename(path)
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        res = LogResult(name, b"")
        res.problems.append(Problem(0, "E_LOG_READ", {"why": e.strerror or str(e)}))
        return res
    res = read_bytes(data, name)
    res.path = path
    return res


def read_paths(paths):
    """Reads log files, a segmented journal's files together: [LogResult]."""
    out = []
    for name, segs in game_files(paths):
        parts = []
        for p in segs:
            try:
                with open(p, "rb") as f:
                    parts.append((os.path.basename(p), f.read()))
            except OSError as e:
                res = LogResult(name, b"")
                res.problems.append(Problem(0, "E_LOG_READ", {"why": "%s: %s" % (p, e.strerror or e)}))
                out.append(res)
                break
        else:
            res = read_segments(name, parts)
            res.path = segs[0]
            out.append(res)
    return out


def game_rounds(res):
    """The effective round outcomes of a read log, each as (outcome, scores) where scores[i] is
    seat i's score per the rules' standings right after that outcome (for the plots and CSV)."""
    game = res.game
    if game is None:
        return []
    rules = game.rules
    state = rules.initial_state(game.settings, game.nseats)
    ranges = game.done
    out = []
    ri = 0
    for rec in game._records():
        seq = rec["seq"]
        while ri < len(ranges) and ranges[ri][1] < seq:
            ri += 1
        if ri >= len(ranges):
            break
        if ranges[ri][0] <= seq:
            o = game._apply(state, rec)
            if o is not None:
                sc = [0] * game.nseats
                for e in rules.standings(state):
                    sc[e["seat"]] = e["score"]
                out.append((o, sc))
    return out
