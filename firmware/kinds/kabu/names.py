# 株ドボン's cards as the entry screens and the phones' hand forms name them (loaded with an entry,
# not with the game: the play screen never needs them).
from kinds.kabu import cards as kc


def ranks(app):
    """(name, code) of every card in the table's language: the rank grid's cells, a hand form's fields."""
    names = kc.NAMES if app.lang == "ja" else kc.LABELS
    return [(names[c], c) for c in kc.CODES]


def card_name(app, c):
    if c == kc.OTHER:
        return app.t("KB_OTHER")
    return (kc.NAMES if app.lang == "ja" else kc.LABELS)[c]


def hand_text(app, cards):
    return " ".join([card_name(app, c) for c in cards])


def one_more(cards, c):
    """A card the deck cannot give (a second 赤ピン, a fifth 三) is refused as it is added."""
    kc.check_counts(kc.real(cards + [c]))
