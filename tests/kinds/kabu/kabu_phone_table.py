# A 4-player 株ドボン on the simulator with a Japanese and an English phone seated on P1 and P2 (seated).
from phone_browser import claim_seats, follow

START = ["click ok", "click down", "click ok", "click up", "click ok", "click down", "click down", "click ok"]


def seated(sim, phones):
    """A 4-player 株ドボン on the simulator, a Japanese and an English phone on P1 and P2."""
    table = sim()
    two = phones(["ja", "en"])
    for p in two:
        p.goto(table.url)
    for text in START:
        table.step(text)
    follow(table, two)
    assert claim_seats(table, two) == two
    return table, two
