# Standings shared by every game: places with ties sharing a place (1, 1, 3).


def places(scores, lower_wins=False):
    """[{"seat", "score", "place"}] in seat order; place = 1 + how many scored strictly better."""
    out = []
    for i in range(len(scores)):
        place = 1
        for other in scores:
            if (other < scores[i]) if lower_wins else (other > scores[i]):
                place += 1
        out.append({"seat": i, "score": scores[i], "place": place})
    return out


def by_place(rows):
    """The same rows, best place first, seats in order within a shared place."""
    rows.sort(key=lambda e: (e["place"], e["seat"]))
    return rows
