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
