"""dobon_cards (the hand summed once) offers exactly the cards can_dobon allows, for every hand."""
import itertools

from kinds.kabu import cards as kc


def test_every_hand_of_up_to_five_cards_gets_what_can_dobon_allows():
    hands = 0
    for n in range(0, 6):
        for hand in itertools.combinations_with_replacement(kc.CODES, n):
            hand = list(hand)
            want = [c for c in kc.CODES if kc.can_dobon(hand, c)]
            assert kc.dobon_cards(hand) == want, hand
            hands += 1
    assert hands == 6188          # 1 + 12 + 78 + 364 + 1365 + 4368


def test_names_are_read_as_cards_and_an_unknown_card_is_refused():
    assert kc.dobon_cards(["三", "五"]) == kc.dobon_cards([3, 5]) == [8]
    try:
        kc.dobon_cards(["三", "王"])
    except kc.Refusal:
        pass
    else:
        raise AssertionError("an unknown card was accepted")
