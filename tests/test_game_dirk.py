"""The two-player game with Dirk (RULES.md §10)."""

from collections import Counter

import pytest
from _game_helpers import (
    PAV_8,
    SER_9,
    arranged,
    build,
    cards,
    do,
    drain_bag,
    events_since,
    past_rounds,
    real_tile,
    reload,
    set_dirk,
    set_hand,
    stack_draw,
    state,
    types,
)

from alhambra_lib import Game, Give, IllegalAction, ScoringCard, money_deck


@pytest.fixture
def game():
    g = arranged(["Ana", "Ben"], seed=2)
    assert g.current_player == "Ben"
    return g


def test_two_players_use_72_cards_two_of_each():
    g = Game(["Ana", "Ben"], seed=1)
    saved = state(g)
    held = [tuple(c) for c in saved["draw_pile"] if c[0] != "scoring"]
    held += [tuple(c) for c in saved["display"]]
    for hand in saved["hands"].values():
        held += [tuple(c) for c in hand]
    assert Counter(held) == Counter(tuple(c.to_list()) for c in money_deck(two_players=True))
    assert len(held) == 72 and set(Counter(held).values()) == {2}


def test_dirk_gets_six_tiles_at_setup_face_up():
    g = Game(["Ana", "Ben"], seed=1)
    gift = next(e for e in g.events if e["type"] == "dirk_gift")
    assert gift["after"] == "setup" and len(gift["tiles"]) == 6
    assert [t.to_list() for t in g.dirk_tiles] == gift["tiles"]
    assert g.scores == {"Ana": 0, "Ben": 0, "Dirk": 0}


def test_three_players_have_no_dirk():
    g = Game(["Ana", "Ben", "Cy"], seed=1)
    assert g.dirk_tiles == () and "Dirk" not in g.scores


def test_gifts_after_rounds_one_and_two(game):
    game = stack_draw(game, [ScoringCard(1)])
    before = len(game.dirk_tiles)
    n = len(game.events)
    do(game, "take 9 ducat")
    events = events_since(game, n)
    assert types(events) == ["take", "scoring_card", "draw_card", "scoring", "dirk_gift", "turn"]
    assert events[4]["after"] == "round 1" and len(events[4]["tiles"]) == 6
    assert len(game.dirk_tiles) == before + 6
    game = drain_bag(game, leave=20, into="Ben")
    game = stack_draw(game, [ScoringCard(2)])
    n = len(game.events)
    game.apply(next(a for a in game.legal_actions() if a.kind == "take"))
    gift = next(e for e in events_since(game, n) if e["type"] == "dirk_gift")
    assert gift["after"] == "round 2" and len(gift["tiles"]) == 20 // 3 == 6
    assert game.bag_size == 14 and len(game.dirk_tiles) == before + 12
    reload(game)


@pytest.mark.parametrize("bag, due", [(17, 5), (2, 0), (0, 0)])
def test_third_of_the_bag_rounded_down(game, bag, due):
    game = past_rounds(game, 1)
    game = drain_bag(game, leave=bag, into="Ana")
    game = stack_draw(game, [ScoringCard(2)])
    reload(game)
    n = len(game.events)
    do(game, "take 9 ducat")
    gift = next(e for e in events_since(game, n) if e["type"] == "dirk_gift")
    assert len(gift["tiles"]) == due


def test_a_bag_holding_fewer_than_due_gives_what_it_has(game):
    game = drain_bag(game, leave=4, into="Ana")
    game = stack_draw(game, [ScoringCard(1)])
    do(game, "take 9 ducat")
    gift = next(e for e in game.events if e["type"] == "dirk_gift" and e["after"] == "round 1")
    assert len(gift["tiles"]) == 4 and game.bag_size == 0


def test_players_may_give_tiles_they_bought_to_dirk(game):
    do(game, "buy 8-pavilion from denar square paying 8 (exact)")
    do(game, "take 9 ducat")
    legal = game.legal_actions()
    assert legal[-1] == Give(PAV_8)
    do(game, "give 8-pavilion to Dirk")
    assert game.dirk_tiles[-1] == PAV_8 and game.current_player == "Ana"
    give = [e for e in game.events if e["type"] == "give"]
    assert give == [{"type": "give", "player": "Ben", "tile": ["pavilion", 8, ""]}]


def test_majorities_with_dirk_ties_included(game):
    # RULES.md §10: round 2 garden, A 3, Dirk 3, B 2: A and Dirk (12 + 5) / 2 = 8 each; B 0
    game = set_dirk(game, [real_tile("garden", 8, "SW"), real_tile("garden", 8, "NE"),
                           real_tile("garden", 8, "NW")])
    game = build(game, "Ana", [((0, 1), real_tile("garden", 10, "")),
                               ((0, 2), real_tile("garden", 11, "")),
                               ((1, 1), real_tile("garden", 10, "N"))])
    game = build(game, "Ben", [((0, -1), real_tile("garden", 12, "S")),
                               ((1, 0), real_tile("garden", 9, "E"))])
    game = past_rounds(game, 1)
    game = stack_draw(game, [ScoringCard(2)])
    reload(game)
    do(game, "take 9 ducat")
    scoring = next(e for e in game.events if e["type"] == "scoring")
    assert scoring["round"] == 2
    assert scoring["counts"]["Dirk"]["garden"] == 3 and scoring["walls"]["Dirk"] == 0
    walls = {p: game.alhambra(p).longest_wall() for p in game.players}
    assert scoring["points"] == {"Ana": 8 + walls["Ana"], "Ben": 0 + walls["Ben"], "Dirk": 8}
    assert game.scores == scoring["points"]


def test_dirk_takes_no_part_in_the_distribution_and_gets_no_final_gifts(game):
    game = set_hand(game, "Ben", cards("8 denar", "1 florin"))
    game = set_hand(game, "Ana", cards("9 dirham"))
    game = drain_bag(game, leave=0, into="Ana")
    do(game, "buy 8-pavilion from denar square paying 8 (exact)")
    do(game, "end")
    do(game, "give 8-pavilion to Dirk")
    distribution = next(e for e in game.events if e["type"] == "distribution")
    assert [(t["square"], t["to"]) for t in distribution["tiles"]] == [
        (2, "Ana"), (3, None), (4, "Ben")]
    assert game.current_player == "Ana" and game.phase == "final_place"  # Ben ended: Ana next
    assert not any(a.kind == "give" for a in game.legal_actions())
    with pytest.raises(IllegalAction):
        game.apply(Give(SER_9))
    do(game, "reserve 9-seraglio")
    do(game, "reserve 12-tower")
    assert game.is_over


def test_dirk_never_wins(game):
    game = set_dirk(game, [real_tile("tower", 13, "E"), real_tile("tower", 11, "N")])
    game = set_hand(game, "Ben", cards("8 denar"))
    game = set_hand(game, "Ana", cards("1 ducat"))
    game = drain_bag(game, leave=0, into="Ana")
    do(game, "buy 8-pavilion from denar square paying 8 (exact)")
    do(game, "end")
    do(game, "reserve 8-pavilion")
    do(game, "reserve 11-garden")
    assert game.is_over and game.scores["Dirk"] == 21 > max(game.scores["Ana"], game.scores["Ben"])
    assert game.winners == ["Ana", "Ben"]
