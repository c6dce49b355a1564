"""Invaders (Mega Box M15, RULES.md §M15): the attack cards and the scouts at setup, the
secret peek after an exact purchase of a scouted type, the attack at every scoring with
its penalties (r x unprotected sides, the flanks in round 3), the scout refresh, the
census, saves, and random games with the other modules.

Situations are arranged through the saved state (`tests/_game_helpers.py`); the module's
own state through ``modules_state.invaders``.
"""

import json
import random

import pytest
from _game_helpers import (
    GARDEN_11,
    PAV_8,
    SER_9,
    TOWER_12,
    build,
    cards,
    do,
    drain_bag,
    past_rounds,
    play_randomly,
    real_tile,
    restore,
    set_display,
    set_hand,
    set_market,
    stack_draw,
    state,
    types,
)

from alhambra_lib import Game, ScoringCard
from alhambra_lib.actions import Reserve
from alhambra_lib.components import FOUNTAIN, KINDS
from alhambra_lib.engine.narration import describe_event
from alhambra_lib.errors import InvalidSave
from alhambra_lib.modules.invaders import (
    ATTACK_CARDS,
    SCOUTS,
    flanks,
    invasion_penalty,
    unprotected_sides,
)
from alhambra_lib.modules.vizier import VizierBuy

THREE = ["Ana", "Ben", "Cy"]

# One hand-built Alhambra (legal: every shared side open):
#
#            (1,1) garden 10, wall N
#   fountain (1,0) pavilion 8, open    (2,0) tower 13, wall E
#   (0,-1) garden 10, wall W
TOWER_13_E = real_tile("tower", 13, "E")
GARDEN_10_N = real_tile("garden", 10, "N")
GARDEN_10_W = real_tile("garden", 10, "W")
PLACEMENTS = [((1, 0), PAV_8), ((2, 0), TOWER_13_E), ((1, 1), GARDEN_10_N),
              ((0, -1), GARDEN_10_W)]
LAYOUT = {(0, 0): FOUNTAIN, **dict(PLACEMENTS)}

# The sides each attack gets through, worked out by hand.
UNPROTECTED = {
    "N": [(2, 0)],                    # (1,0) faces the garden, (1,1) has its wall,
                                      # (0,-1) the fountain
    "E": [(0, -1), (1, 1)],           # (1,0) faces the tower, the tower has its wall
    "S": [(0, -1), (1, 0), (2, 0)],   # (1,1) stands on the pavilion
    "W": [(1, 1)],                    # (0,-1) has its wall, (1,0) and (2,0) face built cells
}
# Penalty in rounds 1, 2, 3 (round 3: 3 x sides + the sides of the two flanks).
PENALTIES = {"N": (1, 2, 3 + 2 + 1), "E": (2, 4, 6 + 1 + 3), "S": (3, 6, 9 + 2 + 1),
             "W": (1, 2, 3 + 1 + 3)}


def inv(game):
    return state(game)["modules_state"]["invaders"]


def set_invaders(game, **changes):
    """The invaders slice with `changes` (keys of the slice) applied."""
    data = state(game)
    data["modules_state"]["invaders"].update(changes)
    return restore(game, data)


def with_scouts(game, up):
    """The face-up scouts become `up`; the other scouts stay face down in their order."""
    s = inv(game)
    down = [k for k in s["scouts_up"] + s["scouts_down"] if k not in up]
    return set_invaders(game, scouts_up=list(up), scouts_down=down)


def with_attacks(game, order):
    """The face-down attack cards become `order` (top first)."""
    return set_invaders(game, attack_deck=list(order))


def arranged(names=THREE, seed=7, modules=("invaders",), scouts=("pavilion", "tower"),
             hands=None):
    """Ana to act; market 8-pavilion (denar), 9-seraglio (dirham), 11-garden (ducat),
    12-tower (florin); display 9 ducat, 3 florin, 2 denar, 1 dirham; attack deck N E S W."""
    game = Game(list(names), seed=seed, modules=modules)
    assert game.current_player == "Ana"
    game = set_market(game, [PAV_8, SER_9, GARDEN_11, TOWER_12])
    game = set_display(game, cards("9 ducat", "3 florin", "2 denar", "1 dirham"))
    for player, hand in (hands or {}).items():
        game = set_hand(game, player, cards(*hand))
    game = with_attacks(game, "NESW")
    return with_scouts(game, scouts)


def scored(game, round_no=1):
    """The current player takes the 1 dirham; scoring card `round_no` comes up next.
    Returns the game and the new events."""
    game = set_display(game, cards("9 ducat", "3 florin", "2 denar", "1 dirham"))
    game = stack_draw(game, [ScoringCard(round_no)])
    n = len(game.events)
    do(game, "take 1 dirham")
    return game, game.events[n:]


def the(events, kind):
    found = [e for e in events if e["type"] == kind]
    assert len(found) == 1, types(events)
    return found[0]


# -- setup ------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 6])
def test_setup_four_attack_cards_face_down_two_scouts_up_four_down(players):
    """§M15.2: the attack cards N, E, S, W shuffled face down; the six scouts (one per
    type) shuffled, the top two face up; an event records both orders (the full record)."""
    game = Game([f"P{i}" for i in range(players)], seed=players, modules=("invaders",))
    s = inv(game)
    assert sorted(s["attack_deck"]) == sorted(ATTACK_CARDS) and s["revealed"] == []
    assert len(s["scouts_up"]) == 2 and len(s["scouts_down"]) == 4 and s["scouts_out"] == []
    assert sorted(s["scouts_up"] + s["scouts_down"]) == sorted(KINDS) == sorted(SCOUTS)
    assert s["peeks"] == {}
    setup = the(game.events, "invaders_setup")
    assert setup["attack_deck"] == s["attack_deck"]
    assert setup["scouts"] == s["scouts_up"] + s["scouts_down"]
    up = the(game.events, "scouts_up")
    assert up["after"] == "setup" and up["scouts"] == s["scouts_up"]
    view = game.view("P0").modules["invaders"]
    assert view == {"scouts": tuple(s["scouts_up"]), "scouts_face_down": 4,
                    "attack_cards_left": 4, "peeked": None, "peeked_by": (), "attacks": ()}


def test_setup_shuffles_with_the_games_generator():
    """Engine decision: `game.shuffle`, so the same seed gives the same cards, and seeds
    give different orders."""
    def orders(seed):
        s = inv(Game(THREE, seed=seed, modules=("invaders",)))
        return (tuple(s["attack_deck"]), tuple(s["scouts_up"] + s["scouts_down"]))
    assert orders(3) == orders(3)
    assert len({orders(seed) for seed in range(12)}) > 6


# -- the peek ---------------------------------------------------------------------------------


def test_exact_buy_of_a_scouted_type_peeks_secretly_and_the_scout_leaves():
    """§M15.3, engine decision: the look is automatic (it never hurts); the first exact
    buyer of a face-up scout's type learns the top attack card, the scout leaves the game;
    the others see who looked but not the card."""
    game = arranged(hands={"Ana": ["8 denar"]})
    n = len(game.events)
    do(game, "buy 8-pavilion from denar square paying 8 (exact)")
    peek = the(game.events[n:], "scout_peek")
    assert peek == {"type": "scout_peek", "player": "Ana", "scout": "pavilion", "card": "N",
                    "tile": PAV_8.to_list(), "via": "buy"}
    assert types(game.events[n:]) == ["buy", "scout_peek"]
    s = inv(game)
    assert s["scouts_up"] == ["tower"] and s["scouts_out"] == ["pavilion"]
    assert s["peeks"] == {"Ana": "N"} and s["attack_deck"] == list("NESW")
    assert game.census()["scout"] == 6
    ana, ben = (game.view(p).modules["invaders"] for p in ("Ana", "Ben"))
    assert ana["peeked"] == "N" and ben["peeked"] is None
    assert ana["peeked_by"] == ben["peeked_by"] == ("Ana",)
    assert ben["scouts"] == ("tower",) and ben["attack_cards_left"] == 4
    assert "N" not in describe_event(peek) and "Ana looks at the top attack card" in \
        describe_event(peek)


def test_only_the_first_buyer_peeks():
    """§M15.3: the scout leaves with the first buyer, so a later exact buy of that type
    (by anyone) looks at nothing; another face-up scout is still there to be won."""
    game = arranged(hands={"Ana": ["8 denar"]})
    do(game, "buy 8-pavilion from denar square paying 8 (exact)")
    do(game, "end")
    do(game, "reserve 8-pavilion")
    assert game.current_player == "Ben"
    pav_7 = real_tile("pavilion", 7)
    game = set_market(game, [pav_7, SER_9, GARDEN_11, TOWER_12])
    game = set_hand(game, "Ben", cards("7 denar", "6 florin", "6 florin"))
    n = len(game.events)
    do(game, "buy 7-pavilion from denar square paying 7 (exact)")
    assert "scout_peek" not in types(game.events[n:])
    do(game, "buy 12-tower from florin square paying 6+6 (exact)")
    peek = the(game.events[n:], "scout_peek")
    assert peek["player"] == "Ben" and peek["scout"] == "tower" and peek["card"] == "N"
    s = inv(game)
    assert s["scouts_up"] == [] and s["scouts_out"] == ["pavilion", "tower"]
    assert s["peeks"] == {"Ana": "N", "Ben": "N"}
    assert game.view("Cy").modules["invaders"]["peeked_by"] == ("Ana", "Ben")
    assert game.view("Cy").modules["invaders"]["peeked"] is None


def test_no_peek_on_a_non_exact_buy_or_a_type_not_scouted():
    """§M15.3: paying 9 for the 8-pavilion is not exact; the 9-seraglio paid exactly is no
    face-up scout's type. Neither looks, and both scouts stay."""
    game = arranged(hands={"Ana": ["9 denar"]})
    do(game, "buy 8-pavilion from denar square paying 9")
    assert "scout_peek" not in types(game.events)
    game = arranged(hands={"Ana": ["9 dirham"]})
    do(game, "buy 9-seraglio from dirham square paying 9 (exact)")
    assert "scout_peek" not in types(game.events)
    s = inv(game)
    assert s["scouts_up"] == ["pavilion", "tower"] and s["peeks"] == {}


def test_a_vizier_purchase_peeks():
    """§M15.5 (inferred): a vizier purchase is always exact, so it wins the scout."""
    game = arranged(modules=("vizier", "invaders"), hands={"Ana": ["1 denar"], "Ben": ["8 denar"]})
    do(game, "take 9 ducat")
    assert game.decision.kind == "vizier" and game.current_player == "Ben"
    n = len(game.events)
    game.apply(VizierBuy(1, PAV_8, cards("8 denar")))
    assert types(game.events[n:]) == ["vizier", "scout_peek"]
    peek = game.events[-1]
    assert peek["player"] == "Ben" and peek["via"] == "vizier" and peek["card"] == "N"
    assert game.view("Ben").modules["invaders"]["peeked"] == "N"
    assert game.view("Ana").modules["invaders"]["peeked"] is None


# -- the attack: sides and penalties ----------------------------------------------------------


@pytest.mark.parametrize("direction", ATTACK_CARDS)
def test_an_invasion_from_each_direction(direction):
    """§M15.4: a side is unprotected when it faces the attack, the cell across is empty and
    it has no wall; penalty r x sides in round r, plus one per side of the two flanks in
    round 3. The fountain is never attacked."""
    assert unprotected_sides(LAYOUT, direction) == [(c, direction) for c in UNPROTECTED[direction]]
    assert tuple(invasion_penalty(LAYOUT, direction, r) for r in (1, 2, 3)) == PENALTIES[direction]
    sides = {d: len(UNPROTECTED[d]) for d in ATTACK_CARDS}
    for r in (1, 2):
        assert invasion_penalty(LAYOUT, direction, r) == r * sides[direction]
    assert invasion_penalty(LAYOUT, direction, 3) == 3 * sides[direction] + sum(
        sides[d] for d in flanks(direction))


def test_flanks_are_the_perpendicular_directions():
    """§M15.4: the flanks of N and S are E and W, and of E and W are N and S."""
    assert flanks("N") == flanks("S") == ("E", "W")
    assert flanks("E") == flanks("W") == ("N", "S")
    with pytest.raises(ValueError):
        flanks("X")


def test_walls_protect():
    """§M15.4: a printed wall on the side keeps the attack out; so does an extra wall
    (City Walls' sticks, M9, passed as (cell, side))."""
    open_ = {(0, 0): FOUNTAIN, (1, 0): PAV_8}
    walled = {(0, 0): FOUNTAIN, (1, 0): TOWER_13_E}
    assert unprotected_sides(open_, "E") == [((1, 0), "E")]
    assert unprotected_sides(walled, "E") == []
    assert unprotected_sides(open_, "E", extra_walls=[((1, 0), "E")]) == []
    assert invasion_penalty(walled, "E", 2) == 0 and invasion_penalty(open_, "E", 2) == 2


def test_a_side_facing_a_built_cell_is_protected():
    """§M15.4: the cell across must be empty: a neighbour (any tile, the fountain too)
    covers the side; only the fountain's own sides are never counted."""
    alone = {(0, 0): FOUNTAIN}
    assert all(unprotected_sides(alone, d) == [] for d in ATTACK_CARDS)
    row = {(0, 0): FOUNTAIN, (1, 0): PAV_8, (2, 0): SER_9}
    assert unprotected_sides(row, "E") == [((2, 0), "E")]
    assert unprotected_sides(row, "W") == []  # the fountain and the pavilion cover them
    assert unprotected_sides(row, "N") == [((1, 0), "N"), ((2, 0), "N")]


def test_huts_and_bazaars_are_attacked_camps_and_the_fountain_are_not():
    """§M15.4, decision by tile kind: buildings, huts (M4) and bazaars (M16) have sides to
    attack; the fountain and camps (M8) have none, though as built cells they cover their
    neighbours' sides."""
    from alhambra_lib.components import Tile
    hut = Tile("hut", 0, "", marks=("garden",))
    bazaar = Tile("bazaar", 0, "", marks=("denar", "garden", "tower", "pavilion"))
    camp = Tile("camp", 4, "")
    assert unprotected_sides({(0, 0): FOUNTAIN, (1, 0): hut}, "E") == [((1, 0), "E")]
    assert unprotected_sides({(0, 0): FOUNTAIN, (0, 1): bazaar}, "N") == [((0, 1), "N")]
    assert unprotected_sides({(0, 0): FOUNTAIN, (1, 0): camp}, "E") == []
    assert unprotected_sides({(0, 0): FOUNTAIN, (1, 0): PAV_8, (2, 0): camp}, "E") == []


# -- the attack at the scoring ----------------------------------------------------------------


def test_attack_before_the_scoring_and_the_penalty_in_its_parts():
    """Engine decision (§M15.4): the top card is revealed as the scoring is held, with an
    ``attack`` event (direction, each competitor's penalty) just before the ``scoring``
    event, whose ``parts["invaders"]`` is minus the penalty (0 for an untouched Alhambra)
    and whose ``invaders`` field repeats the direction and the penalties."""
    game = arranged()
    game = build(game, "Ana", PLACEMENTS)
    game = with_attacks(game, "SNEW")
    game, events = scored(game, 1)
    kinds = types(events)
    attack, scoring = the(events, "attack"), the(events, "scoring")
    assert kinds.index("attack") == kinds.index("scoring") - 1
    assert attack == {"type": "attack", "round": 1, "direction": "S", "flanks": [],
                      "penalties": {"Ana": 3, "Ben": 0, "Cy": 0}}
    assert scoring["parts"]["invaders"] == {"Ana": -3, "Ben": 0, "Cy": 0}
    assert scoring["invaders"] == {"direction": "S", "flanks": [],
                                   "penalties": {"Ana": 3, "Ben": 0, "Cy": 0}}
    for name, points in scoring["points"].items():
        assert sum(part[name] for part in scoring["parts"].values()) == points
    s = inv(game)
    assert s["revealed"] == [[1, "S"]] and s["attack_deck"] == list("NEW")
    view = game.view("Ben").modules["invaders"]
    assert view["attacks"] == ((1, "S"),) and view["attack_cards_left"] == 3
    assert game.census()["attack_card"] == 4
    assert describe_event(attack) == ("round 1: invaders attack from the south: "
                                      "Ana -3, Ben 0, Cy 0")


def test_penalty_part_present_when_everyone_loses_nothing():
    """§M0 (every term in every scoring): the invaders part is there with zeros."""
    game, events = scored(arranged(), 1)
    assert the(events, "scoring")["parts"]["invaders"] == {"Ana": 0, "Ben": 0, "Cy": 0}
    assert the(events, "attack")["penalties"] == {"Ana": 0, "Ben": 0, "Cy": 0}


def test_round_two_doubles_the_penalty():
    """§M15.4: round 2 costs 2 per unprotected side of the attack's direction."""
    game = arranged()
    game = build(game, "Ana", PLACEMENTS)
    game, _ = scored(game, 1)  # N: Ana loses 1
    game, events = scored(game, 2)  # E next
    assert the(events, "attack")["direction"] == "E"
    assert the(events, "scoring")["parts"]["invaders"]["Ana"] == -PENALTIES["E"][1] == -4
    assert inv(game)["revealed"] == [[1, "N"], [2, "E"]]


def test_round_three_with_the_flanks_at_the_end_of_the_game():
    """§M15.4: the final scoring's attack costs 3 per side of its direction and 1 per side
    of each flank; the peeks end with the reveal; the face-up scouts then leave."""
    game = arranged(hands={"Ana": ["1 ducat"]})
    game = build(game, "Ana", PLACEMENTS)
    game = set_invaders(game, attack_deck=["W", "S"], revealed=[[1, "N"], [2, "E"]],
                        scouts_up=["pavilion", "tower"], scouts_down=[],
                        scouts_out=["seraglio", "arcades", "chambers", "garden"],
                        peeks={"Ben": "W"})
    game = past_rounds(drain_bag(game, leave=0, into="Ben"), 1, 2)
    do(game, "take 9 ducat")  # nothing to buy; the market is full: no end yet
    while not game.is_over:  # play on, reserving every tile, until the market runs short
        legal = game.legal_actions()
        reserves = [a for a in legal if isinstance(a, Reserve)]
        buys = [a for a in legal if a.kind == "buy"]
        game.apply(reserves[0] if reserves else buys[0] if buys else legal[0])
    attack = next(e for e in game.events if e["type"] == "attack" and e["round"] == 3)
    scoring = next(e for e in game.events if e["type"] == "scoring" and e["round"] == 3)
    assert attack["direction"] == "W" and attack["flanks"] == ["N", "S"]
    assert attack["penalties"]["Ana"] == PENALTIES["W"][2] == 7
    assert scoring["parts"]["invaders"]["Ana"] == -7
    assert scoring["invaders"] == {k: attack[k] for k in ("direction", "flanks", "penalties")}
    for name in THREE:
        layout = game.alhambra(name).layout
        assert scoring["parts"]["invaders"][name] == -invasion_penalty(layout, "W", 3)
    s = inv(game)
    assert s["attack_deck"] == ["S"] and s["peeks"] == {} and s["scouts_up"] == []
    assert game.census()["attack_card"] == 4 and game.census()["scout"] == 6
    assert "flanks (north and south)" in describe_event(attack)


def test_dirk_is_not_attacked():
    """§M15.5: Dirk has no Alhambra to attack: 0, in the event and in the parts."""
    game = Game(["Ana", "Ben"], seed=4, modules=("invaders",))
    game = set_display(game, cards("9 ducat", "3 florin", "2 denar", "1 dirham"))
    game, events = scored(game, 1)
    assert the(events, "attack")["penalties"]["Dirk"] == 0
    assert the(events, "scoring")["parts"]["invaders"]["Dirk"] == 0


# -- the scouts after each scoring ------------------------------------------------------------


def test_new_scouts_after_rounds_one_and_two_and_none_left_after():
    """§M15.4: after each scoring the unused face-up scouts leave the game; after rounds 1
    and 2 the next two are turned up (6 = 2 + 2 + 2, so round 2 turns the last two)."""
    game = arranged(scouts=("pavilion", "tower"), hands={"Ana": ["1 denar"]})
    down = inv(game)["scouts_down"]
    game, events = scored(game, 1)
    assert types(events)[types(events).index("scoring") + 1:][:2] == ["scouts_out", "scouts_up"]
    assert the(events, "scouts_out") == {"type": "scouts_out", "round": 1,
                                         "scouts": ["pavilion", "tower"]}
    assert the(events, "scouts_up") == {"type": "scouts_up", "after": "round 1",
                                        "scouts": down[:2]}
    s = inv(game)
    assert s["scouts_up"] == down[:2] and s["scouts_down"] == down[2:]
    game, events = scored(game, 2)
    assert the(events, "scouts_up")["scouts"] == down[2:]
    s = inv(game)
    assert s["scouts_down"] == [] and len(s["scouts_out"]) == 4
    assert game.census()["scout"] == 6
    assert describe_event(the(events, "scouts_up")) == (
        f"scouts turned face up (round 2): {', '.join(down[2:])}")


def test_running_out_of_scouts_turns_up_what_is_left():
    """Engine decision: with fewer than two face down, the rest are turned up; with none,
    none (and no event)."""
    game = arranged()
    game = set_invaders(game, scouts_up=[], scouts_down=["garden"],
                        scouts_out=["pavilion", "tower", "seraglio", "arcades", "chambers"])
    game, events = scored(game, 1)
    assert the(events, "scouts_up")["scouts"] == ["garden"] and "scouts_out" not in types(events)
    game, events = scored(game, 2)
    assert "scouts_up" not in types(events)
    assert inv(game)["scouts_up"] == [] and the(events, "scouts_out")["scouts"] == ["garden"]


# -- census, saves, random games --------------------------------------------------------------


def test_census_constant():
    """Census ``attack_card`` 4 and ``scout`` 6 wherever they are, at every action."""
    game = Game(THREE, seed=11, modules=("invaders",))
    assert Game(THREE, modules=("invaders",)).census()["attack_card"] == 4
    rng = random.Random(11)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        census = game.census()
        assert census["attack_card"] == 4 and census["scout"] == 6


def test_save_load_round_trip_mid_game_continues_identically():
    """Saves: the slice (peeks included) round-trips byte for byte, and the restored game
    plays on to the same end."""
    game = arranged(hands={"Ana": ["8 denar"]})
    do(game, "buy 8-pavilion from denar square paying 8 (exact)")
    assert inv(game)["peeks"] == {"Ana": "N"}
    copy = Game.from_json(game.to_json())
    assert copy.to_json() == game.to_json()
    assert copy.view("Ana").modules["invaders"] == game.view("Ana").modules["invaders"]
    play_randomly(game, random.Random(5), steps=150)
    play_randomly(copy, random.Random(5), steps=150)
    assert copy.to_json() == game.to_json()
    mid = Game.from_json(game.to_json())
    play_randomly(game, random.Random(6))
    play_randomly(mid, random.Random(6))
    assert mid.to_json() == game.to_json() and game.is_over


@pytest.mark.parametrize("change, message", [
    ({"attack_deck": ["N", "E", "S", "S"]}, "N, E, S, W"),
    ({"attack_deck": ["N", "E", "S"]}, "N, E, S, W"),
    ({"revealed": [[1, "N"]]}, "N, E, S, W"),
    ({"revealed": [["1", "N"]]}, r"at revealed\[0\]\[0\]: expected a round \(from 1 to 3\)"),
    ({"scouts_up": ["pavilion", "tower", "garden"]}, "at scouts_up: expected 0 to 2 items"),
    ({"scouts_up": ["pavilion", "pavilion"]}, "six building types"),
    ({"peeks": {"Ana": "E"}}, "top attack card"),
    ({"peeks": {"Zed": "N"}}, "at peeks.Zed: expected a player"),
    ({"peeks": {"Ana": "up"}}, "at peeks.Ana: expected one of 'N', 'E', 'S', 'W'"),
    ({"peeks": []}, "invaders slice"),
    ({"extra": 1}, "invaders slice"),
])
def test_a_malformed_slice_is_an_invalid_save(change, message):
    """`load_slice`: wrong cards, counts, types or peeks raise `InvalidSave` naming the slice."""
    game = arranged()
    data = state(game)
    data["modules_state"]["invaders"].update(change)
    with pytest.raises(InvalidSave, match=message) as error:
        Game.from_json(json.dumps(data))
    assert error.value.where == "modules_state.invaders"
    data["modules_state"]["invaders"] = None
    with pytest.raises(InvalidSave):
        Game.from_json(json.dumps(data))


def check_attacks(game):
    """Each scoring is preceded by its attack; parts = minus the penalties; round 3's match
    the final Alhambras; no peek outlives a reveal."""
    events = game.events
    rounds = []
    for i, event in enumerate(events):
        if event["type"] == "scoring":
            attack = events[i - 1]
            assert attack["type"] == "attack" and attack["round"] == event["round"]
            assert event["parts"]["invaders"] == {n: -p for n, p in attack["penalties"].items()}
            assert event["invaders"] == {k: attack[k] for k in ("direction", "flanks",
                                                                "penalties")}
            assert all(p >= 0 for p in attack["penalties"].values())
            rounds.append(event["round"])
            if event["round"] == 3:
                for name in game.players:
                    assert attack["penalties"][name] == invasion_penalty(
                        game.alhambra(name).layout, attack["direction"], 3)
        if event["type"] in ("attack", "scout_peek", "scouts_up", "scouts_out", "invaders_setup"):
            describe_event(event)
    s = inv(game)
    assert [r for r, _ in s["revealed"]] == rounds and len(s["attack_deck"]) == 4 - len(rounds)
    assert s["scouts_up"] == []


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("modules", [("invaders",),
                                     ("vizier", "exchange", "bonus_cards", "invaders")])
def test_random_games_finish(players, modules):
    """Random games with the module (alone, and with vizier, exchange and bonus cards) for
    2-6 players finish, with the census constant and every attack accounted for."""
    game = Game([f"P{i}" for i in range(players)], seed=players, modules=modules)
    rng = random.Random(players)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        census = game.census()
        assert census["attack_card"] == 4 and census["scout"] == 6
    check_attacks(game)
    assert Game.from_json(game.to_json()).to_json() == game.to_json()
