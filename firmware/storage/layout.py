# The names of a game's files on the flash: the one module that knows them (docs/storage.md).
#   NNNN-GGGGGGGG.S.log   segment S of game GGGGGGGG, the NNNN-th game on this device
#   NNNN-GGGGGGGG.snp     its latest snapshot
#   aside/                games that cannot be replayed, kept whole for the export
# and beside the games folder (/names.json, /prefs.json) the seat names and the preferences.
ASIDE = "aside"
NAMES = "names.json"
PREFS = "prefs.json"


def stem(number, game_id):
    return "%04d-%s" % (number, game_id)


def segment(stem, seg):
    return "%s.%d.log" % (stem, seg)


def snap(stem):
    return "%s.snp" % stem


def game_id(stem):
    return stem[stem.find("-") + 1:]


def number(stem):
    return int(stem[:stem.find("-")])


def beside(root, name):
    """The path of `name` beside the games folder `root` ("/games" -> "/names.json")."""
    at = root.rfind("/")
    return (root[:at] if at > 0 else "") + "/" + name


def parse(name):
    """A file name -> (stem, segment number) for a segment, (stem, None) for a snapshot, or None
    for anything that is not a game's file (cheap: it runs over the whole folder at boot)."""
    dot = name.find(".")
    dash = name.find("-")
    if dash < 1 or dot < dash or not name[:dash].isdigit():
        return None
    rest = name[dot + 1:]
    if rest == "snp":
        return name[:dot], None
    if rest[-4:] == ".log" and rest[:-4].isdigit():
        return name[:dot], int(rest[:-4])
    return None


def catalog(names, have):
    """stem -> sorted segment numbers of the games in a folder listing (`names`; `have` holds
    the same names for lookups). NNNN-G.S.log and NNNN-G.snp are a game's files, nothing else.
    A long game has a hundred segments: names are counted per stem and its segments 0, 1, 2, ...
    looked up, the few bytecodes per name a boot can afford; only a stem with other names (a
    gap, junk) is parsed name by name."""
    count = {}
    for name in names:
        s = name[:name.find(".")]
        count[s] = count.get(s, 0) + 1
    segs = {}
    for s in count:
        if parse(snap(s)) is None:
            continue            # not NNNN-G: not a game's file
        n = 0
        while segment(s, n) in have:
            n += 1
        if n + (1 if snap(s) in have else 0) == count[s]:
            segs[s] = list(range(n))
            continue
        found = []
        for name in names:
            if name.startswith(s + "."):
                got = parse(name)
                if got is not None and got[0] == s and got[1] is not None:
                    found.append(got[1])
        if found or snap(s) in have:
            found.sort()
            segs[s] = found
    return segs
