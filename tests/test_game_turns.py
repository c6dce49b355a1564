"""A turn (RULES.md §4, §5, §7): take, buy, exact payment, redesign, pass, and the turn end."""

import pytest
from _game_helpers import (
    build,
    card,
    cards,
    discard_draw_pile,
    do,
    events_since,
    find,
    open_tile,
    past_rounds,
    real_tile,
    reload,
    set_display,
    set_hand,
    set_market,
    set_reserve,
    stack_draw,
    state,
    types,
)

from alhambra_lib import (
    Buy,
    Card,
    End,
    Game,
    Give,
    IllegalAction,
    Place,
    Redesign,
    Reserve,
    ScoringCard,
    Take,
)

GARDEN_8 = real_tile("garden", 8, "NE")
TOWER_12 = real_tile("tower", 12, "")
PAV_8 = open_tile("pavilion")
SER_9 = open_tile("seraglio")
ARC_9 = real_tile("arcades", 9, "")


def refused(game, action, match):
    """Apply `action`, expect IllegalAction matching `match`, and check nothing changed."""
    before, legal = game.to_json(), game.legal_actions()
    with pytest.raises(IllegalAction, match=match):
        game.apply(action)
    assert game.to_json() == before
    assert game.legal_actions() == legal


@pytest.fixture
def game():
    g = Game(["Ana", "Ben", "Cy"], seed=5)
    assert g.current_player == "Cy"
    g = set_market(g, [PAV_8, SER_9, GARDEN_8, TOWER_12])
    g = set_display(g, cards("9 ducat", "3 florin", "2 denar", "1 dirham"))
    g = set_hand(g, "Cy", cards("5 ducat", "3 ducat", "6 ducat", "2 ducat", "9 florin", "3 florin"))
    reload(g)
    return g


# -- take money (§4a) -------------------------------------------------------------------------


def test_take_options_and_effect(game):
    takes = [str(a) for a in game.legal_actions() if a.kind == "take"]
    assert takes == ["take 9 ducat", "take 3 florin", "take 2 denar", "take 1 dirham",
                     "take 3 florin + 2 denar", "take 3 florin + 1 dirham",
                     "take 2 denar + 1 dirham"]
    n = len(game.events)
    do(game, "take 3 florin + 2 denar")
    assert card("2 denar") in game.hand("Cy") and game.hand("Cy").count(card("3 florin")) == 2
    assert types(events_since(game, n)) == ["take", "draw_card", "draw_card", "turn"]
    assert len(game.display) == 4 and game.current_player == "Ana"


def test_take_refusals(game):
    refused(game, Take(cards("9 ducat", "1 dirham")), "at most 5, these total 10")
    refused(game, Take(cards("3 florin", "2 denar", "1 dirham")), "at most 5, these total 6")
    refused(game, Take(cards("4 ducat")), "4 ducat is not on the display")
    refused(game, Take(cards("1 dirham", "1 dirham")), "1 dirham is not on the display")


def test_take_exactly_five_in_several_cards():
    g = Game(["Ana", "Ben", "Cy"], seed=5)
    g = set_display(g, cards("2 ducat", "2 florin", "1 denar", "9 dirham"))
    assert "take 2 ducat + 2 florin + 1 denar" in map(str, g.legal_actions())


# -- buy (§4b) and minimal payments -------------------------------------------------------------


def test_buy_options_are_the_minimal_payments(game):
    buys = [str(a) for a in game.legal_actions() if a.kind == "buy"]
    assert buys == [
        "buy 8-garden from ducat square paying 6+5",
        "buy 8-garden from ducat square paying 6+3",
        "buy 8-garden from ducat square paying 6+2 (exact)",
        "buy 8-garden from ducat square paying 5+3 (exact)",
        "buy 12-tower from florin square paying 9+3 (exact)",
    ]


def test_non_minimal_payment_is_refused_naming_the_card(game):
    refused(game, Buy(3, GARDEN_8, cards("6 ducat", "5 ducat", "2 ducat")),
            "the 2 ducat could be left out")
    refused(game, Buy(3, GARDEN_8, cards("6 ducat", "5 ducat", "3 ducat", "2 ducat")),
            "the 2 ducat could be left out")


def test_buy_refusals(game):
    refused(game, Buy(3, GARDEN_8, cards("5 ducat")), "total 5, less than the price 8")
    refused(game, Buy(3, GARDEN_8, cards("9 florin")), "paid in ducat only")
    refused(game, Buy(3, GARDEN_8, cards("9 ducat")), "9 ducat is not in hand")
    refused(game, Buy(3, GARDEN_8, cards("5 ducat", "5 ducat")), "5 ducat is not in hand")
    refused(game, Buy(2, GARDEN_8, cards("6 ducat", "2 ducat")), "square 2 holds 9-seraglio")


def test_exact_payment_grants_another_action(game):
    n = len(game.events)
    do(game, "buy 8-garden from ducat square paying 5+3 (exact)")
    assert game.phase == "action" and game.current_player == "Cy"
    assert game.to_place == (GARDEN_8,) and game.market[2] == ("ducat", None)
    legal = game.legal_actions()
    assert legal[-1] == End() and not any(a.kind == "buy" and a.square == 3 for a in legal)
    # the tile bought this turn is not on the reserve: no redesign can use it
    assert not any(a.kind == "redesign" for a in legal)
    assert events_since(game, n)[0] == {
        "type": "buy", "player": "Cy", "square": 3, "currency": "ducat",
        "tile": ["garden", 8, "NE"], "cards": [["ducat", 5], ["ducat", 3]], "exact": True}
    reload(game)
    do(game, "end")
    assert game.phase == "place" and game.to_place == (GARDEN_8,)


def test_other_payment_ends_the_action_part(game):
    discards = game.discard_size
    do(game, "buy 8-garden from ducat square paying 6+5")
    assert game.phase == "place" and game.discard_size == discards + 2
    assert [type(a) for a in game.legal_actions()] == [Place, Place, Reserve]


def test_at_most_four_purchases_and_five_actions():
    g = Game(["Ana", "Ben", "Cy"], seed=5)
    g = set_market(g, [PAV_8, SER_9, GARDEN_8, TOWER_12])
    g = set_hand(g, "Cy", cards("8 denar", "9 dirham", "8 ducat", "7 florin", "5 florin"))
    for text in ["buy 8-pavilion from denar square paying 8 (exact)",
                 "buy 9-seraglio from dirham square paying 9 (exact)",
                 "buy 8-garden from ducat square paying 8 (exact)",
                 "buy 12-tower from florin square paying 7+5 (exact)"]:
        do(g, text)
        assert g.phase == "action"
    assert not any(a.kind == "buy" for a in g.legal_actions())
    assert g.market == (("denar", None), ("dirham", None), ("ducat", None), ("florin", None))
    g.apply(next(a for a in g.legal_actions() if a.kind == "take"))  # the fifth action
    assert g.phase == "place" and len(g.to_place) == 4
    reload(g)


def test_tiles_are_placed_against_the_alhambra_as_it_stands(game):
    do(game, "buy 8-garden from ducat square paying 5+3 (exact)")
    do(game, "buy 12-tower from florin square paying 9+3 (exact)")
    do(game, "end")
    assert game.to_place == (GARDEN_8, TOWER_12)
    do(game, "place 12-tower at (0, 1)")
    # the garden (walls N, E) may now go on cells that only the new tower touches
    assert {Place(GARDEN_8, (1, 1)), Place(GARDEN_8, (0, 2))} <= set(game.legal_actions())
    do(game, "place 8-garden at (1, 1)")
    assert game.current_player == "Ana"


def test_placing_refusals(game):
    do(game, "buy 8-garden from ducat square paying 6+5")
    refused(game, Place(GARDEN_8, (0, -1)), "touch a neighbour's side that disagrees")
    refused(game, Place(GARDEN_8, (3, 3)), "shares no whole side")
    refused(game, Place(TOWER_12, (0, 1)), "12-tower is not waiting")
    refused(game, Give(GARDEN_8), "only a two-player game has Dirk")
    refused(game, Take(cards("9 ducat")), "Cy is to place, reserve")
    refused(game, Buy(4, TOWER_12, cards("9 florin", "3 florin")), "cannot buy")
    with pytest.raises(IllegalAction) as info:
        game.apply(Place(GARDEN_8, (0, -1)))
    assert info.value.reasons == ("walls_mismatch", "unreachable")


def test_reserve_a_bought_tile(game):
    do(game, "buy 8-garden from ducat square paying 6+5")
    do(game, "reserve 8-garden")
    assert game.reserve("Cy") == (GARDEN_8,) and game.current_player == "Ana"


# -- end and pass ---------------------------------------------------------------------------------


def test_end_only_after_an_exact_payment_or_as_a_pass(game):
    assert End() not in game.legal_actions()
    refused(game, End(), "needs an exact payment first")


def hoard(game, player):
    """Move every money card of the draw pile, discard pile and display to `player`."""
    saved = state(game)
    return set_hand(game, player, list(game.hand(player)) + list(game.display) + [
        Card(*c) for c in reversed(saved["draw_pile"]) if c[0] != "scoring"] + [
        Card(*c) for c in saved["discard"]])


def test_a_player_with_nothing_legal_passes():
    g = Game(["Ana", "Ben", "Cy"], seed=5)
    g = set_hand(g, "Cy", [])
    g = hoard(g, "Ana")
    assert g.display == () and g.discard_size == 0 and g.deck_size == 2
    assert g.legal_actions() == [End()]
    n = len(g.events)
    g.apply(End())
    # the turn end finds only the two scoring cards: both rounds are scored, the display
    # stays empty
    assert types(events_since(g, n)) == ["end", "scoring_card", "scoring_card", "scoring",
                                          "scoring", "turn"]
    assert events_since(g, n)[0]["passed"] is True
    assert g.rounds_scored == (1, 2) and g.display == () and g.deck_size == 0
    reload(g)


# -- redesign (§7) --------------------------------------------------------------------------------


@pytest.fixture
def builder():
    g = Game(["Ana", "Ben", "Cy"], seed=5)
    g = build(g, "Cy", [((1, 0), ARC_9), ((2, 0), real_tile("chambers", 10, ""))])
    g = set_reserve(g, "Cy", [real_tile("tower", 11, ""), real_tile("garden", 10, "W")])
    reload(g)
    return g


def test_redesign_options_in_order(builder):
    redesigns = [str(a) for a in builder.legal_actions() if a.kind == "redesign"]
    alhambra = builder.alhambra("Cy")
    garden, tower = builder.reserve("Cy")
    assert (garden.kind, tower.kind) == ("garden", "tower")  # the reserve in tile order
    assert redesigns == (
        [f"redesign: place {t} from reserve at {pos}"
         for t in (garden, tower) for pos in sorted(alhambra.legal_positions(t))]
        + ["redesign: move (2, 0) to reserve"]
        + ["redesign: exchange 11-tower from reserve with the tile at (1, 0)",
           "redesign: exchange 11-tower from reserve with the tile at (2, 0)"])
    assert redesigns[0] == "redesign: place 10-garden from reserve at (-1, 0)"


def test_redesign_moves(builder):
    do(builder, "redesign: exchange 11-tower from reserve with the tile at (2, 0)")
    assert builder.alhambra("Cy").layout[(2, 0)] == open_tile("tower")
    assert builder.reserve("Cy") == (real_tile("chambers", 10, ""), real_tile("garden", 10, "W"))
    assert builder.current_player == "Ana"
    event = next(e for e in reversed(builder.events) if e["type"] == "redesign")
    assert event["removed"] == ["chambers", 10, ""] and event["move"] == "exchange"


def test_redesign_remove_and_place(builder):
    do(builder, "redesign: move (2, 0) to reserve")
    assert (2, 0) not in builder.alhambra("Cy").layout
    assert real_tile("chambers", 10, "") in builder.reserve("Cy")
    g = Game(["Ana", "Ben", "Cy"], seed=5)
    g = set_reserve(g, "Cy", [TOWER_12])
    do(g, "redesign: place 12-tower from reserve at (0, -1)")
    assert g.alhambra("Cy").layout[(0, -1)] == TOWER_12 and g.reserve("Cy") == ()


def test_redesign_refusals(builder):
    refused(builder, Redesign("remove", None, (0, 0)), "the fountain never moves")
    refused(builder, Redesign("remove", None, (1, 0)), "could no longer be walked to")
    refused(builder, Redesign("remove", None, (5, 5)), "no tile on that cell")
    refused(builder, Redesign("place", PAV_8, (0, 1)), "8-pavilion is not on the reserve")
    refused(builder, Redesign("place", open_tile("tower"), (5, 5)), "shares no whole side")
    refused(builder, Redesign("exchange", real_tile("garden", 10, "W"), (1, 0)), "disagrees")
    with pytest.raises(IllegalAction) as info:
        builder.apply(Redesign("remove", None, (1, 0)))
    assert info.value.reasons == ("disconnects",)


# -- turn end (§5) --------------------------------------------------------------------------------


def test_turn_end_order_with_a_scoring_card(game):
    game = stack_draw(game, [card("4 denar"), ScoringCard(1), card("7 florin")])
    n = len(game.events)
    do(game, "take 3 florin + 2 denar")
    assert types(events_since(game, n)) == ["take", "draw_card", "scoring_card", "draw_card",
                                            "scoring", "turn"]
    assert card("4 denar") in game.display and card("7 florin") in game.display
    assert game.rounds_scored == (1,)


def test_turn_end_steps_in_order_after_a_purchase(game):
    game = stack_draw(game, [ScoringCard(1)])
    n = len(game.events)
    do(game, "buy 8-garden from ducat square paying 5+3 (exact)")
    do(game, "take 9 ducat")
    do(game, "place 8-garden at (0, 1)")
    assert types(events_since(game, n)) == ["buy", "take", "place", "scoring_card", "draw_card",
                                            "draw_tile", "scoring", "turn"]
    scoring = next(e for e in game.events if e["type"] == "scoring")
    # the tile just placed counts in the scoring of this turn end
    assert scoring["counts"]["Cy"]["garden"] == 1 and scoring["points"]["Cy"] == 5 + 2


def without_scoring_cards(game):
    """Arrange a game past rounds 1 and 2: the scoring cards are out of the draw pile."""
    return past_rounds(game, 1, 2)


def test_reshuffle_when_the_draw_pile_runs_out(game):
    game = without_scoring_cards(game)
    game = discard_draw_pile(game)
    game = stack_draw(game, [card("4 denar")])
    discards = game.discard_size
    reload(game)
    n = len(game.events)
    do(game, "take 3 florin + 2 denar")
    assert types(events_since(game, n)) == ["take", "draw_card", "reshuffle", "draw_card", "turn"]
    assert events_since(game, n)[2]["cards"] == discards
    assert game.discard_size == 0 and game.deck_size == discards - 1 and len(game.display) == 4


def test_display_stays_short_when_draw_and_discard_piles_are_empty(game):
    game = without_scoring_cards(game)
    game = hoard(game, "Ana")
    game = set_display(game, cards("3 florin", "2 denar", "1 dirham"))
    n = len(game.events)
    do(game, "take 3 florin + 2 denar")
    assert types(events_since(game, n)) == ["take", "turn"]
    assert game.display == cards("1 dirham")
    reload(game)


def test_market_refills_empty_squares_in_order(game):
    game = set_hand(game, "Cy", cards("8 denar", "8 ducat", "3 florin"))
    do(game, "buy 8-garden from ducat square paying 8 (exact)")
    do(game, "buy 8-pavilion from denar square paying 8 (exact)")
    do(game, "end")
    n = len(game.events)
    do(game, "reserve 8-garden")
    do(game, "reserve 8-pavilion")
    drawn = [e for e in events_since(game, n) if e["type"] == "draw_tile"]
    assert [e["square"] for e in drawn] == [1, 3]
    assert all(tile is not None for _, tile in game.market)


def test_refused_actions_of_every_kind_change_nothing(game):
    foreign = Place(real_tile("tower", 13, "E"), (0, 1))
    refused(game, foreign, "cannot place 13-tower")
    refused(game, Reserve(GARDEN_8), "cannot reserve")
    with pytest.raises(TypeError):
        game.apply("take 9 ducat")
    assert state(game)["decisions"] == [{"kind": "act", "player": game.current_player}]
    assert find(game.legal_actions(), "take 9 ducat")
