"""Scoring moments (RULES.md §8) and the end of the game (§9): triggers, distribution, round 3."""

import pytest
from _game_helpers import (
    GARDEN_11,
    PAV_8,
    SER_9,
    TOWER_12,
    bag,
    build,
    card,
    cards,
    do,
    drain_bag,
    events_since,
    real_tile,
    reload,
    set_display,
    set_hand,
    set_market,
    stack_draw,
    types,
)
from _game_helpers import arranged as arranged_game

from alhambra_lib import End, Game, IllegalAction, Place, Reserve, ScoringCard, score_majorities


def arranged(seed=5, **options):
    """Cy to act (seed 5) with a known market and display, holding exact money for squares 1, 2."""
    g = arranged_game(["Ana", "Ben", "Cy"], seed, **options)
    assert g.current_player == "Cy"
    return g


# -- scoring moments ----------------------------------------------------------------------------


def test_scoring_event_and_points():
    g = arranged()
    g = build(g, "Ana", [((1, 0), real_tile("tower", 13, "E")),
                         ((0, 1), real_tile("tower", 11, "N"))])
    g = build(g, "Ben", [((-1, 0), real_tile("tower", 10, "W"))])
    g = build(g, "Cy", [((0, -1), real_tile("garden", 12, "S"))])
    g = stack_draw(g, [ScoringCard(1)])
    reload(g)
    do(g, "take 9 ducat")
    event = next(e for e in g.events if e["type"] == "scoring")
    assert event["round"] == 1
    assert event["counts"]["Ana"] == {"pavilion": 0, "seraglio": 0, "arcades": 0, "chambers": 0,
                                      "garden": 0, "tower": 2}
    assert event["walls"] == {p: g.alhambra(p).longest_wall() for p in g.players} == {
        "Ana": 1, "Ben": 1, "Cy": 1}
    assert event["points"] == {"Ana": 6 + 1, "Ben": 0 + 1, "Cy": 5 + 1}
    assert g.scores == event["points"]


def test_round_two_pays_second_places():
    g = arranged()
    g = build(g, "Ana", [((1, 0), real_tile("tower", 13, "E")),
                         ((0, 1), real_tile("tower", 11, "N"))])
    g = build(g, "Ben", [((-1, 0), real_tile("tower", 10, "W"))])
    g = stack_draw(g, [ScoringCard(1)])
    do(g, "take 9 ducat")
    first = dict(g.scores)
    g = stack_draw(g, [ScoringCard(2)])
    g.apply(next(a for a in g.legal_actions() if a.kind == "take"))
    rounds = [e for e in g.events if e["type"] == "scoring"]
    assert [e["round"] for e in rounds] == [1, 2] and g.rounds_scored == (1, 2)
    assert rounds[1]["points"] == {"Ana": 13 + 1, "Ben": 6 + 1, "Cy": 0}
    assert g.scores == {p: first[p] + rounds[1]["points"][p] for p in g.players}


# -- triggers -------------------------------------------------------------------------------------


def buy_two(g):
    do(g, "buy 8-pavilion from denar square paying 8 (exact)")
    do(g, "buy 9-seraglio from dirham square paying 9 (exact)")
    do(g, "end")
    do(g, "reserve 8-pavilion")
    n = len(g.events)
    do(g, "reserve 9-seraglio")
    return events_since(g, n)


def test_market_short_ends_the_game_and_the_last_tile_goes_to_the_lowest_square():
    g = arranged()
    g = drain_bag(g, leave=1, into="Ana")
    last = bag(g)[0]
    events = buy_two(g)
    assert types(events)[:4] == ["reserve", "draw_tile", "end_triggered", "distribution"]
    assert events[1]["square"] == 1 and g.market[0][1] in (last, None)
    assert events[2]["reason"] == "market_short"
    assert g.bag_size == 0


def test_a_full_market_with_an_empty_bag_does_not_end_the_game():
    g = arranged()
    g = drain_bag(g, leave=0, into="Ana")
    reload(g)
    do(g, "take 9 ducat")
    assert g.phase == "action" and not g.is_over and g.current_player == "Ana"


def test_bag_empty_option_ends_with_a_full_market():
    for trigger, ends in (("bag_empty", True), ("market_short", False)):
        g = arranged(end_trigger=trigger)
        g = drain_bag(g, leave=2, into="Ana")
        events = buy_two(g)
        assert ("end_triggered" in types(events)) == ends
        assert all(tile is not None for _, tile in g.market) or ends
        if ends:
            assert next(e for e in events if e["type"] == "end_triggered")["reason"] == "bag_empty"


def test_pending_scoring_is_held_before_the_end():
    g = arranged()
    g = drain_bag(g, leave=0, into="Ana")
    g = stack_draw(g, [card("4 denar"), ScoringCard(1)])
    do(g, "buy 8-pavilion from denar square paying 8 (exact)")
    do(g, "take 3 florin + 2 denar")
    n = len(g.events)
    do(g, "reserve 8-pavilion")
    events = events_since(g, n)
    assert types(events)[:6] == ["reserve", "draw_card", "scoring_card", "draw_card", "scoring",
                                 "end_triggered"]
    assert events[4]["round"] == 1


# -- distribution and the final placing ---------------------------------------------------------


def end_with_hands(hands, market=(PAV_8, SER_9, GARDEN_11, TOWER_12)):
    """Cy to act with the bag empty: Cy's purchase on square 1 will end the game."""
    g = Game(["Ana", "Ben", "Cy"], seed=5)
    g = set_market(g, market)
    g = set_display(g, cards("9 ducat", "3 florin", "2 denar", "1 dirham"))
    for player, hand in hands.items():
        g = set_hand(g, player, hand)
    g = drain_bag(g, leave=0, into="Ben")
    reload(g)
    return g


def test_distribution_to_strict_majorities_only():
    g = end_with_hands({
        "Cy": cards("8 denar", "5 denar", "4 dirham", "1 florin"),
        "Ana": cards("4 dirham", "2 denar"),
        "Ben": cards("9 denar", "3 florin", "1 florin"),
    })
    n = len(g.events)
    do(g, "buy 8-pavilion from denar square paying 8 (exact)")
    do(g, "end")
    do(g, "reserve 8-pavilion")
    events = events_since(g, n)
    distribution = next(e for e in events if e["type"] == "distribution")
    # after paying 8 Cy holds denar 5 against Ben's 9; dirham ties 4-4; no one holds ducats;
    # florins: Ben 4 against Cy's 1
    assert [(t["square"], t["to"]) for t in distribution["tiles"]] == [
        (2, None), (3, None), (4, "Ben")]
    assert g.phase == "final_place" and g.current_player == "Ben"
    assert g.to_place == (TOWER_12,) and g.awaiting == ()
    assert g.market == (("denar", None), ("dirham", SER_9), ("ducat", GARDEN_11),
                        ("florin", None))
    legal = g.legal_actions()
    assert {type(a) for a in legal} == {Place, Reserve} and legal[-1] == Reserve(TOWER_12)
    reload(g)
    with pytest.raises(IllegalAction):
        g.apply(End())
    do(g, "place 12-tower at (0, 1)")
    assert g.is_over and g.current_player is None and g.legal_actions() == []
    assert types(g.events)[-2:] == ["scoring", "game_over"]
    assert g.events[-2]["round"] == 3 and g.rounds_scored == (3,)
    assert g.events[-2]["points"]["Ben"] == 21  # first in towers, round 3
    with pytest.raises(IllegalAction, match="the game is over"):
        g.apply(legal[0])
    reload(g)


def test_recipients_place_in_turn_order_after_the_player_who_ended():
    g = end_with_hands({
        "Cy": cards("8 denar", "1 ducat"),
        "Ana": cards("6 dirham", "2 florin"),
        "Ben": cards("5 denar", "1 florin"),
    })
    do(g, "buy 8-pavilion from denar square paying 8 (exact)")
    do(g, "end")
    do(g, "reserve 8-pavilion")
    # Ana (after Cy) gets squares 2 and 4; Ben nothing (Cy has no denar left but Ben has 5:
    # square 1 is empty anyway); Cy square 3 (the only ducat)
    assert g.current_player == "Ana" and g.to_place == (SER_9, TOWER_12)
    assert g.awaiting == (("Cy", (GARDEN_11,)),)
    do(g, "reserve 12-tower")
    assert g.current_player == "Ana"
    do(g, "place 9-seraglio at (1, 0)")
    assert g.current_player == "Cy" and g.to_place == (GARDEN_11,) and g.phase == "final_place"
    do(g, "reserve 11-garden")
    assert g.is_over


def test_nobody_receives_anything_and_everyone_shares_the_victory():
    g = end_with_hands({"Cy": cards("8 denar"), "Ana": cards("3 dirham"),
                        "Ben": cards("3 dirham")})
    do(g, "buy 8-pavilion from denar square paying 8 (exact)")
    do(g, "end")
    do(g, "reserve 8-pavilion")
    assert types(g.events)[-4:] == ["end_triggered", "distribution", "scoring", "game_over"]
    assert g.is_over and g.scores == {"Ana": 0, "Ben": 0, "Cy": 0}
    assert g.winners == ["Ana", "Ben", "Cy"]
    assert g.events[-1]["winners"] == ["Ana", "Ben", "Cy"]


def test_a_single_winner():
    g = end_with_hands({"Cy": cards("8 denar"), "Ana": cards("3 dirham"), "Ben": cards("1 ducat")})
    do(g, "buy 8-pavilion from denar square paying 8 (exact)")
    do(g, "end")
    do(g, "place 8-pavilion at (0, 1)")
    do(g, "place 9-seraglio at (0, 1)")  # Ana's dirhams
    do(g, "reserve 11-garden")  # Ben's ducat
    assert g.is_over and g.winners == ["Ana"]  # seraglio 17 beats pavilion 16
    assert g.scores == {"Ana": 17, "Ben": 0, "Cy": 16}


def test_winners_is_empty_before_the_end():
    assert Game(["Ana", "Ben"], seed=1).winners == []


def test_final_scoring_skips_rounds_that_never_came():
    g = end_with_hands({"Cy": cards("8 denar"), "Ana": cards("3 dirham"), "Ben": cards("1 ducat")})
    do(g, "buy 8-pavilion from denar square paying 8 (exact)")
    do(g, "end")
    do(g, "place 8-pavilion at (0, 1)")
    do(g, "reserve 9-seraglio")
    do(g, "reserve 11-garden")
    assert g.rounds_scored == (3,)
    assert g.scores == score_majorities({"Ana": {}, "Ben": {}, "Cy": {"pavilion": 1}}, 3)
