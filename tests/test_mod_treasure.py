"""Treasure Chamber (Mega Box M13, RULES.md §M13): the rooms and the bag, `BuyChests`
(at least 8, minimal, terminal), chests onto matching buildings (decision ``chests``,
`PlaceChest`), leftovers passed left and back to the bag, the room refill and the low
bag, chests travelling with their building, the majority of chests, saves and random
games.

Situations are arranged through the saved state (`tests/_game_helpers.py`); the chests
through ``modules_state.treasure``.
"""

import json
import pickle
import random
from collections import Counter

import pytest
from _game_helpers import (
    build,
    cards,
    do,
    play_randomly,
    real_tile,
    restore,
    set_display,
    set_hand,
    set_market,
    set_reserve,
    stack_draw,
    state,
    types,
)

from alhambra_lib import Game, ScoringCard
from alhambra_lib.actions import DIRK, Redesign, action_from_dict
from alhambra_lib.components import ExchangeCard
from alhambra_lib.engine.narration import describe_event
from alhambra_lib.errors import IllegalAction, InvalidSave
from alhambra_lib.modules.treasure import (
    CHEST_POINTS,
    CHESTS,
    COLOURS,
    BuyChests,
    PlaceChest,
    Treasure,
)
from alhambra_lib.replay import replay
from alhambra_lib.scoring import share_places
from alhambra_lib.engine.context import module_context

THREE = ["Ana", "Ben", "Cy"]
GARDEN_10 = real_tile("garden", 10, "")
GARDEN_11 = real_tile("garden", 11, "")
TOWER_11 = real_tile("tower", 11, "")
TOWER_12 = real_tile("tower", 12, "")
PAV_8 = real_tile("pavilion", 8, "")
SER_9 = real_tile("seraglio", 9, "")
ARC_9 = real_tile("arcades", 9, "")
CHAM_10 = real_tile("chambers", 10, "")
_COLOUR = {kind: colour for colour, kind in COLOURS.items()}


def arranged(names=THREE, seed=7, hands=None, modules=("treasure",)):
    """Ana to act; display 9 ducat, 3 florin, 2 denar, 1 dirham; the given hands."""
    game = Game(list(names), seed=seed, modules=modules)
    assert game.current_player == "Ana"
    game = set_display(game, cards("9 ducat", "3 florin", "2 denar", "1 dirham"))
    for player, hand in (hands or {}).items():
        game = set_hand(game, player, cards(*hand))
    return game


def set_treasure(game, rooms=None, bag=None, on=(), stash="Cy", refill=True):
    """Rooms become `rooms` (lists of colours); chests sit on the tiles `on` (held by the
    players); the bag holds the rest, or exactly `bag`, the chests left over then sitting
    on tiles of `stash`'s reserve (taken from the tile bag). The 42 chests stay."""
    data = state(game)
    ts = data["modules_state"]["treasure"]
    rooms = ts["rooms"] if rooms is None else [list(r) for r in rooms]
    rest = Counter(CHESTS)
    for room in rooms:
        rest.subtract(room)
    rest.subtract(_COLOUR[t.kind] for t in on)
    chests = [t.to_list() for t in on]
    if bag is None:
        bag = list(rest.elements())
    else:
        rest.subtract(bag)
        for colour, n in rest.items():
            assert n >= 0, f"too many {colour} chests"
            for _ in range(n):
                tile = next(t for t in data["bag"] if t[0] == COLOURS[colour])
                data["bag"].remove(tile)
                data["reserves"][stash].append(tile)
                chests.append(tile)
    assert all(n >= 0 for n in rest.values()), rest
    ts.update(rooms=rooms, bag=list(bag), chests=chests, refill=refill)
    return restore(game, data)


def build_anywhere(game, player, tiles):
    """Place `tiles` into `player`'s Alhambra, each on its first legal cell."""
    alhambra = game.alhambra(player).copy()
    placements = []
    for t in tiles:
        cell = min(alhambra.legal_positions(t))
        alhambra.place(t, cell)
        placements.append((cell, t))
    return build(game, player, placements)


def cell_of(game, player, tile):
    return next(c for c, t in game.alhambra(player).layout.items() if t == tile)


def chests(game, player):
    return Treasure().chest_counts(module_context(game))[player]


def view(game, name="Ana"):
    return game.view(name).modules["treasure"]


def since(game, n, *kinds):
    return [e for e in game.events[n:] if not kinds or e["type"] in kinds]


# -- setup ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 6])
def test_setup_four_chests_in_each_room_thirty_in_the_bag(players):
    """§M13.2: 4 chests drawn into each of the 3 rooms, 30 left in the bag; 42 in all."""
    game = Game([f"P{i}" for i in range(players)], seed=3, modules=("treasure",))
    ts = module_context(game).slice("treasure")
    assert [len(r) for r in ts["rooms"]] == [4, 4, 4]
    assert len(ts["bag"]) == 30 and ts["chests"] == [] and ts["pending"] is None
    assert Counter(ts["bag"] + [c for room in ts["rooms"] for c in room]) == Counter(CHESTS)
    assert sum(CHESTS.values()) == 42 and game.census()["chest"] == 42
    rooms = [e for e in game.events if e["type"] == "chest_room"]
    assert [(e["room"], e["chests"]) for e in rooms] == [(i + 1, ts["rooms"][i]) for i in range(3)]
    assert view(game, "P0")["rooms"] == tuple(map(tuple, ts["rooms"]))


def test_the_draw_uses_the_games_generator():
    """§M13.2: the same seed draws the same rooms; another seed (almost surely) others."""
    rooms = [module_context(Game(THREE, seed=s, modules=("treasure",))).slice("treasure")["rooms"]
             for s in (5, 5, 6, 7)]
    assert rooms[0] == rooms[1]
    assert len({json.dumps(r) for r in rooms}) > 1


# -- the purchase ----------------------------------------------------------------------


def test_purchase_refused_under_eight_not_in_hand_empty_room_exchange_card():
    """Decision ``act``: `BuyChests` paying 7, with a card not in hand, from an empty room,
    or with an exchange card is refused, the game unchanged."""
    game = arranged(hands={"Ana": ["4 denar", "3 dirham", "5 ducat"]})
    game = set_treasure(game, rooms=[["green"] * 4, [], ["red"] * 4])
    before = game.to_json()
    with pytest.raises(IllegalAction, match="less than the 8"):
        game.apply(BuyChests(1, cards("4 denar", "3 dirham")))
    with pytest.raises(IllegalAction, match="not in hand"):
        game.apply(BuyChests(1, cards("5 denar", "3 dirham")))
    with pytest.raises(IllegalAction, match="room 2 holds no chest"):
        game.apply(BuyChests(2, cards("5 ducat", "3 dirham")))
    with pytest.raises(IllegalAction, match="adds nothing"):
        game.apply(BuyChests(1, cards("5 ducat", "3 dirham") + (ExchangeCard(("denar", "ducat")),)))
    with pytest.raises(IllegalAction, match="could be left out"):
        game.apply(BuyChests(1, cards("5 ducat", "4 denar", "3 dirham")))
    with pytest.raises(ValueError):
        BuyChests(4, cards("5 ducat", "3 dirham"))
    assert game.to_json() == before


def test_offered_payments_are_inclusion_minimal_and_only_for_rooms_with_chests():
    """Decision ``act``: a hand 5+4+3 (three currencies) offers 5+4 and 5+3, not 5+4+3
    nor 4+3; room 2 is empty, so only rooms 1 and 3."""
    game = arranged(hands={"Ana": ["5 ducat", "4 denar", "3 florin"]})
    game = set_treasure(game, rooms=[["green"] * 4, [], ["red"] * 4])
    offered = [a for a in game.legal_actions() if isinstance(a, BuyChests)]
    pays = {(a.room, tuple(str(c) for c in a.cards)) for a in offered}
    assert pays == {(r, p) for r in (1, 3) for p in (("5 ducat", "4 denar"),
                                                     ("5 ducat", "3 florin"))}
    assert len(offered) == 4
    # every offered payment reaches 8 and none keeps a card it could leave out
    for a in offered:
        total = sum(c.value for c in a.cards)
        assert total >= 8 and all(total - c.value < 8 for c in a.cards)


def test_exchange_cards_are_never_offered_and_equal_cards_give_one_payment():
    """Decision ``act``: an exchange card in hand adds no payment; 4+4+4 offers 4+4 once."""
    game = Game(THREE, seed=7, modules=("treasure", "exchange"))
    game = set_hand(game, "Ana", cards("4 denar", "4 denar", "4 denar")
                    + (ExchangeCard(("denar", "ducat")),))
    offered = [a for a in game.legal_actions() if isinstance(a, BuyChests)]
    assert [str(a) for a in offered] == [f"buy the chests of room {r} paying 4 denar + 4 denar"
                                         for r in (1, 2, 3)]


def test_buying_is_terminal_even_when_exact_and_cards_are_discarded():
    """Decision ``act``: an exact 8 ends the action part (no ``end``); the cards go to the
    discards; the event records room, cards and chests; Ben's turn follows."""
    game = arranged(hands={"Ana": ["5 ducat", "3 florin", "1 denar"]})
    game = set_treasure(game, rooms=[["green", "green", "red", "blue"], ["white"] * 4,
                                     ["brown"] * 4])
    discards = game.discard_size
    n = len(game.events)
    game.apply(BuyChests(1, cards("5 ducat", "3 florin")))
    event = since(game, n)[0]
    assert event == {"type": "buy_chests", "player": "Ana", "room": 1,
                     "cards": [["ducat", 5], ["florin", 3]],
                     "chests": ["blue", "red", "green", "green"]}
    assert game.hand("Ana") == cards("1 denar")
    assert game.discard_size == discards + 2
    assert game.decision.kind == "act" and game.current_player == "Ben"
    assert "end" not in types(since(game, n))


def test_chests_may_follow_an_exact_purchase_and_go_on_the_building_just_placed():
    """Decisions ``act`` then ``place``: Ana buys the 10-garden exactly, then chests (the
    action part ends); the garden placed this turn gets the green chest."""
    game = arranged(hands={"Ana": ["9 ducat", "1 ducat", "8 denar"]})
    game = set_market(game, [PAV_8, SER_9, GARDEN_10, TOWER_12])
    game = set_treasure(game, rooms=[["green", "blue", "blue", "red"], ["white"] * 4,
                                     ["brown"] * 4])
    do(game, "buy 10-garden from ducat square paying 9+1 (exact)")
    assert game.decision.kind == "act"
    game.apply(BuyChests(1, cards("8 denar")))
    assert game.decision.kind == "place" and game.to_place == (GARDEN_10,)
    do(game, "place 10-garden at (1, 0)")
    assert game.view("Ana").modules["treasure"]["chests"]["Ana"] == {(1, 0): "green"}
    assert chests(game, "Ana") == 1


# -- handing out -----------------------------------------------------------------------


def test_chests_onto_matching_buildings_one_each_without_a_choice():
    """No decision: one garden and two towers take a green and both purples at once; the
    second green cannot go on the garden (one per building) and passes to Ben."""
    game = arranged(hands={"Ana": ["8 denar"]})
    game = build_anywhere(game, "Ana", [GARDEN_10, TOWER_11, TOWER_12])
    game = build_anywhere(game, "Ben", [GARDEN_11])
    game = set_treasure(game, rooms=[["green", "green", "purple", "purple"], ["white"] * 4,
                                     ["brown"] * 4])
    n = len(game.events)
    game.apply(BuyChests(1, cards("8 denar")))
    placed = since(game, n, "chest_placed", "place_chest", "chests_passed")
    assert [(e["type"], e["player"], e.get("colour")) for e in placed] == [
        ("chest_placed", "Ana", "green"), ("chest_placed", "Ana", "purple"),
        ("chest_placed", "Ana", "purple"), ("chests_passed", "Ana", None),
        ("chest_placed", "Ben", "green")]
    assert placed[3]["to"] == "Ben" and placed[3]["chests"] == ["green"]
    assert chests(game, "Ana") == 3 and chests(game, "Ben") == 1
    assert view(game)["chests"]["Ana"] == {cell_of(game, "Ana", GARDEN_10): "green",
                                           cell_of(game, "Ana", TOWER_11): "purple",
                                           cell_of(game, "Ana", TOWER_12): "purple"}
    assert "chests" not in [d for d in types(game.events)]
    assert game.decision.kind == "act" and game.current_player == "Ben"


def test_a_choice_of_building_is_a_chests_decision():
    """Decision ``chests``: two free gardens for one green chest: Ana chooses with
    `PlaceChest`; the red chest on her only seraglio went without asking."""
    game = arranged(hands={"Ana": ["8 denar"]})
    game = build_anywhere(game, "Ana", [GARDEN_10, GARDEN_11, SER_9])
    game = set_treasure(game, rooms=[["green", "red", "white", "white"], ["white"] * 3 + ["red"],
                                     ["brown"] * 4])
    game.apply(BuyChests(1, cards("8 denar")))
    assert game.decision.kind == "chests" and game.current_player == "Ana"
    assert str(game.phase) == "interrupt" and game.turn_player == "Ana"
    cells = sorted([cell_of(game, "Ana", GARDEN_10), cell_of(game, "Ana", GARDEN_11)])
    assert game.legal_actions() == [PlaceChest(c) for c in cells]
    assert view(game)["handing_out"] == {"chests": ("white", "white", "green"), "to": "Ana"}
    assert view(game)["chests"]["Ana"] == {cell_of(game, "Ana", SER_9): "red"}
    before = game.to_json()
    with pytest.raises(IllegalAction, match="no building"):
        game.apply(PlaceChest((5, 5)))
    with pytest.raises(IllegalAction, match="has a chest already"):
        game.apply(PlaceChest(cell_of(game, "Ana", SER_9)))
    with pytest.raises(IllegalAction):
        game.apply(BuyChests(2, cards("8 denar")))
    assert game.to_json() == before
    n = len(game.events)
    game.apply(PlaceChest(cells[1]))
    assert since(game, n)[0] == {"type": "place_chest", "player": "Ana", "pos": list(cells[1]),
                                 "tile": game.alhambra("Ana").layout[cells[1]].to_list(),
                                 "colour": "green"}
    assert chests(game, "Ana") == 2
    assert cells[0] not in view(game)["chests"]["Ana"]
    assert game.decision.kind == "act" and game.current_player == "Ben"


def test_the_left_neighbour_may_have_a_choice_too_and_leftovers_go_back_to_the_bag():
    """Decision ``chests`` for Ben: Ana (no building) passes to Ben, who has two towers for
    one purple; Cy places the blue; the white nobody can place goes back into the bag,
    never back to Ana."""
    game = arranged(hands={"Ana": ["8 denar"]})
    game = build_anywhere(game, "Ben", [TOWER_11, TOWER_12])
    game = build_anywhere(game, "Cy", [PAV_8])
    game = build_anywhere(game, "Ana", [CHAM_10])
    game = set_treasure(game, rooms=[["purple", "blue", "white", "white"], ["red"] * 4,
                                     ["brown"] * 4], on=[CHAM_10])
    bag = len(module_context(game).slice("treasure")["bag"])
    n = len(game.events)
    game.apply(BuyChests(1, cards("8 denar")))
    assert game.decision.kind == "chests" and game.current_player == "Ben"
    game.apply(game.legal_actions()[0])
    told = since(game, n, "chests_passed", "chest_placed", "place_chest", "chests_to_bag",
                 "chest_room")
    assert [(e["type"], e.get("player")) for e in told] == [
        ("chests_passed", "Ana"), ("place_chest", "Ben"), ("chests_passed", "Ben"),
        ("chest_placed", "Cy"), ("chests_to_bag", None), ("chest_room", None)]
    assert told[0]["to"] == "Ben" and told[2]["to"] == "Cy"
    assert told[4]["chests"] == ["white", "white"]
    assert (chests(game, "Ana"), chests(game, "Ben"), chests(game, "Cy")) == (1, 1, 1)
    assert len(module_context(game).slice("treasure")["bag"]) == bag + 2 - 4
    assert game.census()["chest"] == 42


def test_reserve_tiles_get_no_chest_and_dirk_never_receives():
    """No decision, two players: Ana's garden is on her reserve, Ben has none, Dirk takes no
    part: the green goes back into the bag."""
    game = arranged(["Ana", "Ben"], seed=4, hands={"Ana": ["8 denar"]})
    game = set_reserve(game, "Ana", [GARDEN_10])
    game = set_treasure(game, rooms=[["green", "green", "green", "green"], ["red"] * 4,
                                     ["brown"] * 4])
    n = len(game.events)
    game.apply(BuyChests(1, cards("8 denar")))
    told = since(game, n, "chests_passed", "chests_to_bag")
    assert [e["type"] for e in told] == ["chests_passed", "chests_to_bag"]
    assert told[0]["to"] == "Ben" and all(e.get("to") != DIRK for e in told)
    assert module_context(game).slice("treasure")["chests"] == []
    assert view(game)["reserve_chests"]["Ana"] == ()


# -- the refill ------------------------------------------------------------------------


def test_the_emptied_room_is_refilled_with_four_from_the_bag():
    """§M13.3: room 2 bought, all four back in the bag (nobody builds), then 4 drawn."""
    game = arranged(hands={"Ana": ["8 denar"]})
    game = set_treasure(game, rooms=[["red"] * 4, ["white"] * 4, ["brown"] * 4])
    n = len(game.events)
    game.apply(BuyChests(2, cards("8 denar")))
    refill = since(game, n, "chest_room")
    assert len(refill) == 1 and refill[0]["room"] == 2 and len(refill[0]["chests"]) == 4
    ts = module_context(game).slice("treasure")
    assert ts["rooms"][1] == refill[0]["chests"] and len(ts["bag"]) == 30
    assert ts["refill"] is True


def test_a_low_bag_leaves_the_room_empty_and_no_room_is_refilled_any_more():
    """§M13.3: 3 chests in the bag: room 1 stays empty, refills stop; later, with 4 and more
    in the bag again (leftovers returned), room 3 is not refilled either."""
    game = arranged(hands={"Ana": ["8 denar"], "Ben": ["8 dirham"]})
    game = build_anywhere(game, "Ana", [GARDEN_10, GARDEN_11, TOWER_11, TOWER_12])
    game = set_treasure(game, rooms=[["green", "green", "purple", "purple"], ["white"] * 4,
                                     ["brown"] * 4], bag=["blue", "red", "white"])
    n = len(game.events)
    game.apply(BuyChests(1, cards("8 denar")))
    closed = since(game, n, "chest_rooms_closed", "chest_room")
    assert closed == [{"type": "chest_rooms_closed", "room": 1, "bag": 3}]
    ts = module_context(game).slice("treasure")
    assert ts["rooms"][0] == [] and ts["refill"] is False and view(game)["refill"] is False
    assert game.census()["chest"] == 42
    assert BuyChests(1, cards("8 dirham")) not in game.legal_actions()
    n = len(game.events)
    game.apply(BuyChests(3, cards("8 dirham")))  # Ben: nobody can place brown
    assert "chests_to_bag" in types(since(game, n))
    ts = module_context(game).slice("treasure")
    assert len(ts["bag"]) == 7 and ts["rooms"][2] == []
    assert "chest_room" not in types(since(game, n))


def test_leftovers_return_before_the_refill_so_they_may_refill_the_room():
    """§M13.3 order: 2 in the bag, 4 unplaceable chests go back first: 6 >= 4, refilled."""
    game = arranged(hands={"Ana": ["8 denar"]})
    game = set_treasure(game, rooms=[["white"] * 4, ["red"] * 4, ["brown"] * 4],
                        bag=["green", "purple"])
    n = len(game.events)
    game.apply(BuyChests(1, cards("8 denar")))
    assert types(since(game, n, "chests_to_bag", "chest_room")) == ["chests_to_bag", "chest_room"]
    assert len(module_context(game).slice("treasure")["bag"]) == 2


# -- a chest travels with its building -----------------------------------------------------


def test_a_chest_leaves_with_its_building_to_the_reserve_and_comes_back_with_it():
    """Decision ``act`` (redesign): the garden with its chest goes to the reserve (0 chests
    count), and back into the Alhambra (1 again); it never took a second chest."""
    game = arranged(hands={"Ana": ["1 denar"], "Ben": ["1 denar"], "Cy": ["1 denar"]})
    game = build(game, "Ana", [((1, 0), GARDEN_10)])
    game = set_treasure(game, on=[GARDEN_10])
    assert chests(game, "Ana") == 1
    game.apply(Redesign("remove", None, (1, 0)))
    assert game.reserve("Ana") == (GARDEN_10,) and chests(game, "Ana") == 0
    assert view(game, "Ben")["reserve_chests"]["Ana"] == (GARDEN_10,)
    assert view(game, "Ben")["chests"]["Ana"] == {}
    assert Treasure().score(module_context(game), "treasure", 1)["Ana"] == 0
    assert game.census()["chest"] == 42
    game.apply(game.legal_actions()[0])  # Ben takes money
    game.apply(game.legal_actions()[0])  # Cy
    assert game.current_player == "Ana"
    game.apply(Redesign("place", GARDEN_10, (0, 1)))
    assert chests(game, "Ana") == 1 and view(game)["chests"]["Ana"] == {(0, 1): "green"}
    assert module_context(game).slice("treasure")["chests"] == [GARDEN_10.to_list()]


# -- scoring ---------------------------------------------------------------------------


def test_chest_majority_points_per_round_with_a_tie():
    """§M13.4: 3/2/1 chests score 7 | 14, 7 | 22, 14, 7; a tie for first at 3/3/1 pools
    the places: round 3 (22 + 14) / 2 = 18 each and 7, round 1 7 / 2 = 3 each; 0 chests
    score nothing."""
    names = ["Ana", "Ben", "Cy", "Dee"]
    game = arranged(names, seed=7)
    game = build_anywhere(game, "Ana", [GARDEN_10, GARDEN_11, TOWER_11])
    game = build_anywhere(game, "Ben", [TOWER_12, PAV_8])
    game = build_anywhere(game, "Cy", [SER_9])
    game = set_treasure(game, on=[GARDEN_10, GARDEN_11, TOWER_11, TOWER_12, PAV_8, SER_9])
    score = Treasure().score
    assert Treasure().chest_counts(module_context(game)) == {"Ana": 3, "Ben": 2, "Cy": 1, "Dee": 0}
    assert score(module_context(game), "treasure", 1) == {"Ana": 7, "Ben": 0, "Cy": 0, "Dee": 0}
    assert score(module_context(game), "treasure", 2) == {"Ana": 14, "Ben": 7, "Cy": 0, "Dee": 0}
    assert score(module_context(game), "treasure", 3) == {"Ana": 22, "Ben": 14, "Cy": 7, "Dee": 0}
    game = build_anywhere(game, "Ben", [ARC_9])
    game = set_treasure(game, on=[GARDEN_10, GARDEN_11, TOWER_11, TOWER_12, PAV_8, ARC_9, SER_9])
    assert score(module_context(game), "treasure", 1) == {"Ana": 3, "Ben": 3, "Cy": 0, "Dee": 0}
    assert score(module_context(game), "treasure", 2) == {"Ana": 10, "Ben": 10, "Cy": 0, "Dee": 0}
    assert score(module_context(game), "treasure", 3) == {"Ana": 18, "Ben": 18, "Cy": 7, "Dee": 0}
    assert CHEST_POINTS == {1: (7,), 2: (14, 7), 3: (22, 14, 7)}
    assert share_places({"A": 1, "B": 1, "C": 1}, (7,)) == {"A": 2, "B": 2, "C": 2}


def test_the_treasure_term_is_in_every_scoring_and_dirk_scores_zero():
    """§M13.4 in a real scoring (two players): the ``treasure`` part gives Ana 7, Ben and
    Dirk 0; the parts add up."""
    game = arranged(["Ana", "Ben"], seed=4)
    game = build(game, "Ana", [((1, 0), GARDEN_10)])
    game = set_treasure(game, on=[GARDEN_10])
    game = stack_draw(game, [ScoringCard(1)])
    n = len(game.events)
    do(game, "take 1 dirham")
    scoring = next(e for e in since(game, n) if e["type"] == "scoring")
    assert scoring["parts"]["treasure"] == {"Ana": 7, "Ben": 0, DIRK: 0}
    assert list(scoring["parts"]) == ["majorities", "walls", "treasure"]
    for name, points in scoring["points"].items():
        assert sum(part[name] for part in scoring["parts"].values()) == points


# -- saves, narration, random games -------------------------------------------------------


def test_save_and_load_in_the_chests_decision_continue_identically():
    """Decision ``chests``: the game saved while Ana chooses is restored exactly, and both
    copies go on the same way; the record replays to the same game."""
    start = arranged(hands={"Ana": ["8 denar"]})
    start = build_anywhere(start, "Ana", [GARDEN_10, GARDEN_11])
    start = set_treasure(start, rooms=[["green", "red", "white", "white"], ["white"] * 3 + ["red"],
                                       ["brown"] * 4])
    game = Game.from_json(start.to_json())
    game.apply(BuyChests(1, cards("8 denar")))
    assert game.decision.kind == "chests"
    text = game.to_json()
    copy = Game.from_json(text)
    assert copy.to_json() == text
    rng_a, rng_b = random.Random(3), random.Random(3)
    play_randomly(game, rng_a, 150)
    play_randomly(copy, rng_b, 150)
    assert copy.to_json() == game.to_json()
    assert replay(start, game.events).to_json() == game.to_json()


def _handing_out(modules=("treasure",)):
    """Ana has bought room 1 (green, red, white, white): she chooses a garden for the green."""
    start = arranged(hands={"Ana": ["8 denar"]}, modules=modules)
    start = build_anywhere(start, "Ana", [GARDEN_10, GARDEN_11])
    start = set_treasure(start, rooms=[["green", "red", "white", "white"], ["white"] * 3 + ["red"],
                                       ["brown"] * 4])
    game = Game.from_json(start.to_json())
    game.apply(BuyChests(1, cards("8 denar")))
    assert (game.decision.kind, game.decision.player) == ("chests", "Ana")
    return game


def test_a_forged_save_with_pending_chests_loses_chests():
    """Issue 34 (2): chests pending while the turn end's ``chests`` step is not in the
    script are refused; such a save loaded, and the next purchase overwrote them."""
    data = state(_handing_out(("treasure", "vizier")))
    assert data["modules_state"]["treasure"]["pending"]["chests"]
    data["decisions"] = [{"kind": "vizier", "player": "Ana"}]  # a vizier's window instead
    data["script"] = ["vizier_window", "finish_turn"]
    data["modules_state"]["vizier"]["awake"]["Ana"] = True
    data["modules_state"]["vizier"]["window"] = {"queue": ["Ana"], "repoll": False}
    with pytest.raises(InvalidSave, match="by its chests step, which is not in the script "
                                          r"\['vizier_window', 'finish_turn'\]") as refused:
        Game.from_json(json.dumps(data))
    assert refused.value.where == "modules_state.treasure"


def test_buying_chests_never_overwrites_chests_still_pending():
    """Issue 34 (2): however chests came to be pending in the action part, buying a room's
    is refused and offered no more: pending chests are never overwritten."""
    game = arranged(hands={"Ana": ["8 denar"]})
    treasure = module_context(game).slice("treasure")
    pending = {"room": 2, "chests": treasure["rooms"][1], "queue": ["Ana"]}
    treasure.update(pending=pending, rooms=[treasure["rooms"][0], [], treasure["rooms"][2]])
    game = pickle.loads(pickle.dumps(game))  # no check on the way, no cache of the actions
    treasure = module_context(game).slice("treasure")
    before = json.dumps(treasure)
    assert not [a for a in game.legal_actions() if a.kind == "buy_chests"]
    with pytest.raises(IllegalAction, match="the chests of room 2 are still being handed out"):
        game.apply(BuyChests(1, cards("8 denar")))
    assert json.dumps(treasure) == before and game.census()["chest"] == sum(CHESTS.values())


def test_actions_round_trip_through_their_dicts():
    """`BuyChests` and `PlaceChest` read back from `to_dict` (saves, replays)."""
    for action in (BuyChests(3, cards("5 ducat", "3 florin")), PlaceChest((1, -2))):
        assert action_from_dict(action.to_dict()) == action
    with pytest.raises(ValueError):
        action_from_dict({"kind": "buy_chests", "room": 0, "cards": [["ducat", 8]]})
    with pytest.raises(ValueError):
        action_from_dict({"kind": "buy_chests", "room": True, "cards": [["ducat", 8]]})


def _mutated(game, change):
    data = state(game)
    change(data["modules_state"]["treasure"], data)
    return json.dumps(data)


@pytest.mark.parametrize("change", [
    lambda ts, d: ts.pop("refill"),
    lambda ts, d: ts.update(refill=1),
    lambda ts, d: ts["bag"].append("gold"),
    lambda ts, d: ts["bag"].pop(),
    lambda ts, d: ts["rooms"].append([]),
    lambda ts, d: ts["rooms"][0].extend(ts["bag"][:1]) or ts["bag"].pop(0),
    lambda ts, d: ts.update(chests=[["garden", 10, ""]]) or ts["bag"].remove("green"),
    lambda ts, d: ts.update(chests=[["garden", 99, ""]]),
    lambda ts, d: ts.update(chests="x"),
    lambda ts, d: ts.update(pending={"room": 1, "chests": [], "queue": ["Nobody"]}),
    lambda ts, d: ts.update(pending=[1]),
    lambda ts, d: ts.update(pending={"room": 1, "chests": ts["rooms"][0], "queue": ["Ana"]},
                            rooms=[[]] + ts["rooms"][1:]),
    lambda ts, d: d["decisions"].__setitem__(-1, {"kind": "chests", "player": "Ana"})
    or d.__setitem__("script", ["chests", "refill_display", "refill_market", "hold_scorings",
                                "finish_turn"]),
])
def test_a_malformed_treasure_slice_is_refused(change):
    """`Game.from_json` raises only `InvalidSave` for a bad treasure slice."""
    game = arranged()
    with pytest.raises(InvalidSave) as refused:
        Game.from_json(_mutated(game, change))
    assert refused.value.where == "modules_state.treasure"


def test_every_event_is_narrated():
    """Each treasure event reads as a sentence."""
    game = arranged(hands={"Ana": ["8 denar"]})
    game = build_anywhere(game, "Ana", [GARDEN_10, GARDEN_11, SER_9])
    game = set_treasure(game, rooms=[["green", "red", "white", "white"], ["white"] * 3 + ["red"],
                                     ["brown"] * 4], bag=["green", "purple"])
    game.apply(BuyChests(1, cards("8 denar")))
    game.apply(game.legal_actions()[0])
    lines = {}
    for e in game.events:
        lines.setdefault(e["type"], describe_event(e))
    assert lines["buy_chests"] == ("Ana buys the chests of room 1 (red, white, white, green) "
                                   "paying 8 denar")
    assert lines["chest_placed"].startswith("a red chest goes onto Ana's 9-seraglio")
    assert lines["place_chest"].startswith("Ana puts a green chest on ")
    assert lines["chests_passed"] == "Ana passes white, white to Ben"
    assert lines["chests_to_bag"] == "nobody can place white, white: back into the chest bag"
    assert lines["chest_room"].startswith("treasure room 1 gets ")
    assert "chest_rooms_closed" not in lines  # 2 + 2 back = 4: refilled


@pytest.mark.parametrize("players, modules", [
    (2, ("treasure",)), (3, ("vizier", "exchange", "bonus_cards", "treasure")),
    (4, ("exchange", "treasure")), (5, ("vizier", "treasure")),
    (6, ("vizier", "exchange", "bonus_cards", "treasure")),
])
def test_census_constant_over_random_games(players, modules):
    """42 chests (and every other component) after every action of a random game; the
    ``treasure`` part in every scoring; a mid-game save continues identically."""
    game = Game([f"P{i}" for i in range(players)], seed=players, modules=modules)
    totals = game.census()
    assert totals["chest"] == 42
    rng = random.Random(players)
    for step in range(500):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
        assert game.census() == totals
        if step == 250:
            copy = Game.from_json(game.to_json())
            assert copy.to_json() == game.to_json()
            play_randomly(copy, random.Random(1), 40)
            play_randomly(game, random.Random(1), 40)
            assert copy.to_json() == game.to_json()
    for event in game.events:
        if event["type"] == "scoring":
            assert "treasure" in event["parts"]


def test_random_games_finish():
    """Random games with the module (and with M1-M3) end with a final scoring."""
    for seed, modules in ((1, ("treasure",)), (2, ("vizier", "exchange", "bonus_cards",
                                                   "treasure"))):
        game = Game(["Ana", "Ben", "Cy", "Dee"][: 2 + seed], seed=seed, modules=modules)
        play_randomly(game, random.Random(seed))
        assert game.is_over and game.rounds_scored[-1] == 3
        assert game.census()["chest"] == 42
        assert "buy_chests" in types(game.events)
