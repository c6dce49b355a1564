"""Squares / Workers' Huts (Mega Box M4, RULES.md §M4): the six hut piles, `TakeHut`, the
limit of 3, placing at the turn end (never to Dirk), the neighbour bonus in the counts.

Situations are arranged through the saved state (`tests/_game_helpers.py`), the piles
through ``modules_state.squares``, always before a hut has left its pile (see
`test_round_trip_with_huts_out_of_the_piles` for why).
"""

import json
import random
import subprocess
import sys
import warnings
from collections import Counter
from pathlib import Path

import pytest
from _game_helpers import (
    GARDEN_11,
    PAV_8,
    SER_9,
    TOWER_12,
    build,
    cards,
    do,
    real_tile,
    restore,
    set_display,
    set_hand,
    set_market,
    stack_draw,
    state,
    types,
)

from alhambra_lib import MODULES, Game, ScoringCard, components
from alhambra_lib.actions import DIRK, Give, Place, Reserve, action_from_dict
from alhambra_lib.components import KINDS, ProvisionalDataWarning, Tile, tile_set
from alhambra_lib.engine.narration import describe_event
from alhambra_lib.errors import IllegalAction, InvalidSave
from alhambra_lib.modules.squares import HUT_LIMIT, TakeHut, hut_bonus, huts
from alhambra_lib.replay import replay
from alhambra_lib.engine.context import module_context

pytestmark = pytest.mark.filterwarnings("ignore::alhambra_lib.components.ProvisionalDataWarning")

THREE = ["Ana", "Ben", "Cy"]
ROOT = Path(__file__).resolve().parent.parent
SIZES = {"pavilion": 3, "seraglio": 3, "arcades": 4, "chambers": 4, "garden": 5, "tower": 5}


def hut(colour, walls):
    return Tile("hut", 0, walls, (colour,))


def new(names=THREE, seed=7, modules=("squares",)):
    """A new game (with the default seeds the first player starts)."""
    return Game(list(names), seed=seed, modules=modules)


def face_up(game, colour, tile):
    """The `colour` pile with `tile` first (face up), the others after in their order."""
    data = state(game)
    pile = data["modules_state"]["squares"]["piles"][colour]
    pile.remove(tile.to_list())
    pile.insert(0, tile.to_list())
    return restore(game, data)


def piles(game):
    return module_context(game).slice("squares")["piles"]


def held(game, name):
    every = list(game.alhambra(name).layout.values()) + list(game.reserve(name))
    return sum(t.kind == "hut" for t in every)


def other_turn(game):
    """The player to act takes money (a hut if there is none to take); places at once."""
    legal = game.legal_actions()
    game.apply(next((a for a in legal if a.kind == "take"), legal[0]))
    while game.decision.kind == "place":
        game.apply(Reserve(game.to_place[0]))


# -- setup ------------------------------------------------------------------------------


def test_setup_six_piles_sorted_by_colour_top_face_up_census_24():
    """Setup (RULES.md §M4.2): six piles by colour, 3/3/4/4/5/5, each shuffled; the first
    hut of each is face up, shown in the view and the ``hut_piles`` event; 24 huts."""
    game = new()
    slices = piles(game)
    assert {c: len(p) for c, p in slices.items()} == SIZES
    assert all(t[0] == "hut" and t[3] == c for c, p in slices.items() for t in p)
    every = Counter(Tile(t[0], t[1], t[2], tuple(t[3:])) for p in slices.values() for t in p)
    assert every == Counter(tile_set("huts").tiles) == Counter(huts())
    assert game.census()["hut"] == 24
    assert Game(THREE, seed=7).census().get("hut") is None
    view = game.view("Ana").modules["squares"]
    assert view == game.view("Cy").modules["squares"]  # public
    assert view["left"] == SIZES
    assert view["up"] == {c: Tile(*p[0][:3], tuple(p[0][3:])) for c, p in slices.items()}
    setup = next(e for e in game.events if e["type"] == "hut_piles")
    assert setup["up"] == {c: p[0] for c, p in slices.items()} and setup["sizes"] == SIZES
    # Only the face-up huts are available: one action per pile.
    assert [a for a in game.legal_actions() if a.kind == "take_hut"] == [
        TakeHut(c) for c in KINDS]
    # The piles are shuffled with the game's generator: seeds differ, a seed repeats.
    orders = {json.dumps(piles(new(seed=s))) for s in range(6)}
    assert len(orders) > 1 and json.dumps(piles(new(seed=3))) == json.dumps(piles(new(seed=3)))


def test_the_colour_field_decodes_only_a_building_type():
    """`actions.FIELD_DECODERS["colour"]` (the one edit of actions.py) and `TakeHut`."""
    assert action_from_dict({"kind": "take_hut", "colour": "garden"}) == TakeHut("garden")
    assert TakeHut("tower").to_dict() == {"kind": "take_hut", "colour": "tower"}
    for bad in ("green", 3, None, ["garden"]):
        with pytest.raises(ValueError):
            action_from_dict({"kind": "take_hut", "colour": bad})
    with pytest.raises(ValueError):
        TakeHut("hut")


# -- taking a hut ---------------------------------------------------------------------------


def test_take_hut_is_free_and_terminal():
    """Decision ``act``: `take_hut` costs nothing and ends the action part; the hut waits
    in the ``place`` decision; the next hut of its pile is turned up."""
    game = new()
    hand, display = game.hand("Ana"), game.display
    pile = list(piles(game)["tower"])
    n = len(game.events)
    game.apply(TakeHut("tower"))
    taken = Tile(*pile[0][:3], tuple(pile[0][3:]))
    assert game.hand("Ana") == hand and game.display == display
    assert game.decision.kind == "place" and game.current_player == "Ana"
    assert game.to_place == (taken,)
    new_events = game.events[n:]
    assert types(new_events) == ["take_hut", "hut_turned_up"]
    assert new_events[0] == {"type": "take_hut", "player": "Ana", "colour": "tower",
                             "tile": pile[0], "left": 4}
    assert new_events[1] == {"type": "hut_turned_up", "colour": "tower", "tile": pile[1]}
    assert piles(game)["tower"] == pile[1:]
    view = game.view("Ben").modules["squares"]
    assert view["left"]["tower"] == 4 and view["up"]["tower"].to_list() == pile[1]
    assert game.census()["hut"] == 24
    game.apply(Reserve(taken))
    assert game.decision.kind == "act" and game.current_player == "Ben"
    assert game.reserve("Ana") == (taken,)


def test_take_hut_may_follow_an_exact_purchase():
    """Decision ``act``: after an exact purchase `take_hut` is offered and ends the action
    part; the hut waits with the bought tile."""
    game = set_market(new(), [PAV_8, SER_9, GARDEN_11, TOWER_12])
    game = set_hand(game, "Ana", cards("8 denar", "9 dirham"))
    do(game, "buy 8-pavilion from denar square paying 8 (exact)")
    assert game.decision.kind == "act" and TakeHut("garden") in game.legal_actions()
    game.apply(TakeHut("garden"))
    assert game.decision.kind == "place"
    assert {t.kind for t in game.to_place} == {"pavilion", "hut"}
    # Not after a purchase that is not exact: that one ends the action part itself.
    game = set_market(new(), [PAV_8, SER_9, GARDEN_11, TOWER_12])
    game = set_hand(game, "Ana", cards("9 denar"))
    do(game, "buy 8-pavilion from denar square paying 9")
    assert game.decision.kind == "place"
    with pytest.raises(IllegalAction):
        game.apply(TakeHut("garden"))


def test_at_most_three_huts_reserve_and_alhambra_counted():
    """Decision ``act``: with 3 huts (1 in the Alhambra, 2 on the reserve) `take_hut` is no
    longer offered and is refused."""
    game = new()
    for turn in range(3):
        colour = ("pavilion", "seraglio", "arcades")[turn]
        assert TakeHut(colour) in game.legal_actions()
        game.apply(TakeHut(colour))
        taken = game.to_place[0]
        placements = [a for a in game.legal_actions() if isinstance(a, Place)]
        game.apply(placements[0] if turn == 0 and placements else Reserve(taken))
        other_turn(game)  # Ben
        other_turn(game)  # Cy
    assert game.current_player == "Ana" and held(game, "Ana") == HUT_LIMIT == 3
    assert sum(t.kind == "hut" for t in game.reserve("Ana")) >= 2
    assert not [a for a in game.legal_actions() if a.kind == "take_hut"]
    with pytest.raises(IllegalAction, match="holds 3 huts already"):
        game.apply(TakeHut("tower"))
    # Ben, with none, may still take one.
    other_turn(game)
    assert game.current_player == "Ben" and TakeHut("tower") in game.legal_actions()


def test_an_emptied_pile_offers_no_hut():
    """Decision ``act``: the last pavilion hut taken leaves that pile empty: no hut is turned
    up, `take_hut` of pavilion is not offered and is refused."""
    game = new()
    for player in THREE:
        assert game.current_player == player
        game.apply(TakeHut("pavilion"))
        game.apply(Reserve(game.to_place[0]))
    last = [e for e in game.events if e["type"] == "take_hut"][-1]
    assert last["left"] == 0 and game.events[-2]["type"] != "hut_turned_up"
    assert describe_event(last).endswith("the pavilion pile is empty")
    assert piles(game)["pavilion"] == []
    view = game.view("Ana").modules["squares"]
    assert view["up"]["pavilion"] is None and view["left"]["pavilion"] == 0
    assert TakeHut("pavilion") not in game.legal_actions()
    assert TakeHut("seraglio") in game.legal_actions()
    with pytest.raises(IllegalAction, match="pavilion pile is empty"):
        game.apply(TakeHut("pavilion"))
    assert game.census()["hut"] == 24


# -- placing the hut --------------------------------------------------------------------------


def test_the_hut_follows_the_building_rules():
    """Decision ``place``: a hut with a wall on N cannot go south of the fountain (its wall
    would face the fountain's open side); north of it, it can; reserving is offered."""
    walled = hut("tower", "N")
    game = face_up(new(), "tower", walled)
    game.apply(TakeHut("tower"))
    legal = game.legal_actions()
    assert Place(walled, (0, -1)) not in legal and Place(walled, (0, 1)) in legal
    assert Reserve(walled) in legal
    with pytest.raises(IllegalAction):
        game.apply(Place(walled, (0, -1)))
    n = len(game.events)
    game.apply(Place(walled, (0, 1)))
    assert game.alhambra("Ana").layout[(0, 1)] == walled
    assert game.events[n] == {"type": "place", "player": "Ana", "tile": walled.to_list(),
                              "pos": [0, 1]}
    assert game.census()["hut"] == 24


def test_a_hut_never_goes_to_dirk():
    """Decision ``place`` of a two-player game: a bought tile may go to Dirk, the hut taken
    with it may not."""
    game = set_market(new(["Ana", "Ben"], seed=3), [PAV_8, SER_9, GARDEN_11, TOWER_12])
    game = set_hand(game, game.current_player, cards("8 denar"))
    do(game, "buy 8-pavilion from denar square paying 8 (exact)")
    game.apply(TakeHut("garden"))
    the_hut = next(t for t in game.to_place if t.kind == "hut")
    legal = game.legal_actions()
    assert Give(PAV_8) in legal and Give(the_hut) not in legal
    with pytest.raises(IllegalAction, match=DIRK):
        game.apply(Give(the_hut))
    game.apply(Give(PAV_8))
    game.apply(Reserve(the_hut))
    assert all(t.kind != "hut" for t in game.dirk_tiles)


# -- the neighbour count ------------------------------------------------------------------------

GARDEN = Tile("garden", 10, "")


@pytest.mark.parametrize("sides, expected", [
    ((), 0), (("E",), 1), (("E", "S"), 2), (("E", "S", "W"), 3)])
def test_a_hut_adds_its_open_neighbours_of_its_type(sides, expected):
    """Scoring (RULES.md §M4.4): 0, 1, 2, 3 open garden neighbours add 0..3 to gardens."""
    around = {"E": (1, 0), "S": (0, -1), "W": (-1, 0)}
    layout = {(0, 0): hut("garden", "N")} | {around[s]: GARDEN for s in sides}
    assert hut_bonus(layout).get("garden", 0) == expected


def test_a_wall_on_either_side_blocks_the_neighbour():
    """Scoring: a wall of the hut, or of the neighbour, on the shared side: no link."""
    assert hut_bonus({(0, 0): hut("garden", "NE"), (1, 0): GARDEN}) == {}
    assert hut_bonus({(0, 0): hut("garden", "N"), (1, 0): Tile("garden", 10, "W")}) == {}
    assert hut_bonus({(0, 0): hut("garden", "N"), (1, 0): Tile("garden", 9, "E")}) == {
        "garden": 1}  # the neighbour's wall is on its far side


def test_other_types_huts_and_the_fountain_are_no_neighbours():
    """Scoring: a tower, another (garden) hut, a camp and the fountain do not count."""
    layout = {(0, 0): Tile("fountain", 0, ""), (0, -1): hut("garden", "S"),
              (1, -1): Tile("tower", 11, ""), (-1, -1): hut("garden", "N"),
              (-2, -1): GARDEN}
    assert hut_bonus(layout) == {"garden": 1}  # only the second hut's garden to its west
    assert hut_bonus({(0, 0): hut("tower", "N"), (1, 0): Tile("camp", 5, "")}) == {}
    # Two huts of the colour of each other's neighbours add nothing.
    assert hut_bonus({(0, 0): hut("garden", "N"), (1, 0): hut("garden", "N")}) == {}


def hut_with_three_gardens():
    """Ana's Alhambra: gardens W, E and S of cell (2, 0), all open towards it; Ana may take
    a garden hut with a wall on N (face up); the display holds 3 cards and scoring
    card 1 comes up next."""
    game = build(new(), "Ana", [
        ((1, 0), real_tile("garden", 10, "")), ((1, -1), PAV_8),
        ((2, -1), real_tile("garden", 11, "")), ((3, -1), SER_9),
        ((3, 0), real_tile("garden", 10, "N"))])
    game = face_up(game, "garden", hut("garden", "N"))
    game = set_display(game, cards("9 ducat", "3 florin", "2 denar"))
    return stack_draw(game, [ScoringCard(1)])


def test_the_scoring_counts_include_the_hut_bonus():
    """Scoring (count_bonus): a garden hut with three open garden neighbours adds 3 to
    Ana's gardens in the scoring event's counts; the hut itself counts 0; not on the
    reserve."""
    game = hut_with_three_gardens()
    assert game.counts("Ana")["garden"] == 3
    game.apply(TakeHut("garden"))
    game.apply(Place(hut("garden", "N"), (2, 0)))
    scoring = next(e for e in game.events if e["type"] == "scoring")
    assert scoring["round"] == 1 and scoring["counts"]["Ana"]["garden"] == 6
    assert game.alhambra("Ana").counts()["garden"] == 3
    assert game.counts("Ana")["garden"] == 6
    # Reserved instead, the hut adds nothing.
    game = hut_with_three_gardens()
    game.apply(TakeHut("garden"))
    game.apply(Reserve(hut("garden", "N")))
    scoring = next(e for e in game.events if e["type"] == "scoring")
    assert scoring["counts"]["Ana"]["garden"] == 3


def test_the_provisional_warning_is_raised_once():
    """The shipped huts are placeholders: the first game with squares warns, later ones
    do not (once per process)."""
    components._WARNED.discard("huts")
    with pytest.warns(ProvisionalDataWarning, match="huts"):
        new()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        new(seed=8)
    assert not [w for w in caught if issubclass(w.category, ProvisionalDataWarning)]


def test_the_warning_in_a_fresh_process():
    code = ("import warnings\nwarnings.simplefilter('error')\nfrom alhambra_lib import Game\n"
            "try:\n    Game(['A', 'B'], modules=('squares',))\nexcept Warning as w:\n"
            "    print(type(w).__name__)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True).stdout
    assert out.strip() == "ProvisionalDataWarning"


# -- saves ------------------------------------------------------------------------------------


def test_round_trip_and_continuing_identically():
    """A save before any hut has left its pile restores exactly and goes on identically."""
    game = new(seed=11)
    rng = random.Random(11)
    for _ in range(12):  # a few turns without huts
        legal = [a for a in game.legal_actions() if a.kind != "take_hut"]
        game.apply(rng.choice(legal))
    text = game.to_json()
    copy = Game.from_json(text)
    assert copy.to_json() == text and copy.view("Ana") == game.view("Ana")
    for g in (game, copy):
        rng = random.Random(5)
        for _ in range(40):
            g.apply(rng.choice(g.legal_actions()))
    assert copy.to_json() == game.to_json()


def test_round_trip_with_huts_out_of_the_piles():
    """A hut waiting to be placed, in an Alhambra or on a reserve is counted by the
    engine's tile check (held_tiles / other_tiles), so such games save and go on."""
    game = new()
    game.apply(TakeHut("tower"))
    copy = Game.from_json(game.to_json())
    assert copy.to_json() == game.to_json()
    for g in (game, copy):
        g.apply(next(a for a in g.legal_actions() if a.kind == "reserve"))
    again = Game.from_json(game.to_json())
    assert again.to_json() == game.to_json() == copy.to_json()
    assert "hut" in [t.kind for t in again.reserve(again.players[0])]


@pytest.mark.parametrize("change, message", [
    (lambda s: s.update(extra=1), "piles"),
    (lambda s: s["piles"].pop("tower"), "six types"),
    (lambda s: s["piles"].update(tower="N"), "list of huts"),
    (lambda s: s["piles"]["tower"].append(["hut", 0, "N"]), "hut"),
    (lambda s: s["piles"]["tower"].append(["hut", 0, "N", "garden"]), "only tower huts"),
])
def test_a_malformed_slice_is_refused(change, message):
    data = state(new())
    change(data["modules_state"]["squares"])
    with pytest.raises(InvalidSave, match=message) as info:
        Game.from_json(json.dumps(data))
    assert info.value.where == "modules_state.squares"


@pytest.mark.parametrize("change", [
    lambda s: s["piles"]["tower"].append(["hut", 0, "N", "tower"]),
    lambda s: s["piles"]["tower"].pop(),
])
def test_a_hut_doubled_or_lost_is_refused_by_the_tile_check(change):
    data = state(new())
    change(data["modules_state"]["squares"])
    with pytest.raises(InvalidSave, match="tiles are not the 78") as info:
        Game.from_json(json.dumps(data))
    assert info.value.where == "tiles"


# -- random games ---------------------------------------------------------------------------


def play(players, modules, seed):
    """A random legal game: census constant, at most 3 huts each, none with Dirk, the
    scoring counts = Alhambra counts + hut bonus (squares alone)."""
    game = new([f"P{i}" for i in range(players)], seed=seed, modules=modules)
    start = game.to_json()
    totals = game.census()
    assert totals["hut"] == 24
    rng = random.Random(seed)
    while not game.is_over:
        n = len(game.events)
        game.apply(rng.choice(game.legal_actions()))
        assert game.census() == totals
        for event in game.events[n:]:
            if event["type"] == "scoring" and modules == ("squares",):
                for name in game.players:
                    counts = game.alhambra(name).counts()
                    for colour, k in hut_bonus(game.alhambra(name).layout).items():
                        counts[colour] += k
                    assert event["counts"][name] == counts
    assert all(held(game, p) <= HUT_LIMIT for p in game.players)
    assert all(t.kind != "hut" for t in game.dirk_tiles)
    assert all(isinstance(describe_event(e), str) for e in game.events)
    return start, game


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_with_squares_finish(players):
    start, game = play(players, ("squares",), seed=players)
    taken = sum(e["type"] == "take_hut" for e in game.events)
    assert taken > 0 and game.winners
    assert replay(start, game.events).to_json() == game.to_json()  # take_hut read back


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_with_every_built_module_finish(players):
    _, game = play(players, tuple(MODULES), seed=10 + players)
    assert "squares" in game.modules and game.is_over
