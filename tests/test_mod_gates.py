"""City Gates (Mega Box M5, RULES.md §M5): gate cards in piles 3-5, beside the display,
taken instead of money, spent to place a tile through a double wall; gated tiles locked.

Situations are arranged through the saved state (`tests/_game_helpers.py`); each
decision of §M5 is named in its test. `plain_legal` (the rules read straight) comes
from the City Walls tests.
"""

import json
import random
import warnings

import pytest
from _game_helpers import (
    SER_9,
    arranged,
    build,
    cards,
    do,
    events_since,
    real_tile,
    reload,
    restore,
    set_hand,
    set_market,
    set_reserve,
    stack_draw,
    state,
    types,
)
from test_mod_city_walls import plain_legal

from alhambra_lib import BUILDING_TILES, MODULES, Game
from alhambra_lib.actions import Place, Redesign, Take, action_from_dict
from alhambra_lib.alhambra import Alhambra
from alhambra_lib.bots import BOTS, make_bot, play
from alhambra_lib.components import GateCard, Tile
from alhambra_lib.engine.composition import composition
from alhambra_lib.engine.config import GameConfig
from alhambra_lib.engine.narration import describe_event
from alhambra_lib.errors import IllegalAction, InvalidSave
from alhambra_lib.modules.gates import gate_piles
from alhambra_lib.replay import replay
from alhambra_lib.engine.context import module_context

THREE = ["Ana", "Ben", "Cy"]
GATE = GateCard()
PAV_6 = real_tile("pavilion", 6, "N")
SER_8_S = real_tile("seraglio", 8, "S")
GARDEN_11 = real_tile("garden", 11, "")
TOWER_12 = real_tile("tower", 12, "")


#: The player to act in the arranged game, and the next one.
ME, NEXT = "Cy", "Ana"


def gates_game(hand_gate=True, **options):
    """ME to act with 6 denar (and a gate card): the 6-pavilion (wall N) on square 1,
    the 8-seraglio (wall S) at (0, -1), so the pavilion at (0, -2) needs a gate."""
    game = arranged(THREE, 5, modules=("gates",), **options)
    assert game.current_player == ME
    game = set_market(game, [PAV_6, SER_9, GARDEN_11, TOWER_12])
    game = build(game, ME, [((0, -1), SER_8_S)])
    return set_hand(game, ME, cards("6 denar") + ((GATE,) if hand_gate else ()))


def bought_and_waiting(**options):
    game = gates_game(**options)
    do(game, "buy 6-pavilion from denar square paying 6 (exact)")
    do(game, "end")
    assert game.decision.kind == "place"
    return game


# -- components and setup -------------------------------------------------------------------


def test_decision_one_card_per_player_spread_over_piles_3_to_5_extras_first():
    assert [gate_piles(n) for n in range(2, 7)] == [
        {3: 1, 4: 1, 5: 0}, {3: 1, 4: 1, 5: 1}, {3: 2, 4: 1, 5: 1}, {3: 2, 4: 2, 5: 1},
        {3: 2, 4: 2, 5: 2}]
    for n in range(2, 7):
        inserts = composition(GameConfig.make([f"P{i}" for i in range(n)],
                                              modules=("gates",))).pile_inserts
        assert {p: c.count(GATE) for p, c in inserts.items() if GATE in c} == {
            p: k for p, k in gate_piles(n).items() if k}
        assert Game([f"P{i}" for i in range(n)], seed=n, modules=("gates",)).census()[
            "gate_card"] == n


def test_option_gates_all_six_puts_two_in_each_of_piles_3_to_5():
    config = GameConfig.make(["Ana", "Ben"], modules=("gates",), gates_all_six=True)
    inserts = composition(config).pile_inserts
    assert {p: c.count(GATE) for p, c in inserts.items() if GATE in c} == {3: 2, 4: 2, 5: 2}
    assert Game(["Ana", "Ben"], seed=1, modules=("gates",), gates_all_six=True).census()[
        "gate_card"] == 6
    with pytest.raises(ValueError, match="gates"):
        Game(THREE, seed=1, gates_all_six=True)


# -- the refill and taking the card ---------------------------------------------------------


def test_a_drawn_gate_card_lies_beside_the_display_a_second_goes_to_the_discards():
    game = gates_game(hand_gate=False)
    game = stack_draw(game, [GATE, GATE])
    seen = len(game.events)
    do(game, "take 9 ducat")
    assert types(events_since(game, seen))[1:3] == ["gate_card_beside", "gate_card_discarded"]
    assert len(game.display) == 4 and GATE not in game.display
    assert game.view("Ben").modules["gates"]["beside"] is True
    assert game.census()["gate_card"] == 3 and ["gate"] in state(game)["discard"]
    lines = [describe_event(e) for e in events_since(game, seen)[1:3]]
    assert lines == ["a gate card is drawn and set beside the display with its gate",
                     ("a gate card is drawn; one already lies beside the display, so it "
                      "goes to the discards")]


def test_taking_the_gate_card_is_a_take_of_that_card_alone():
    game = gates_game(hand_gate=False)
    game = stack_draw(game, [GATE])
    do(game, "take 9 ducat")  # Ana's turn ends; the gate card comes up beside the display
    assert Take((GATE,)) in game.legal_actions()
    with pytest.raises(IllegalAction):
        game.apply(Take((GATE, game.display[0])))
    game.apply(Take((GATE,)))
    assert GATE in game.hand(NEXT) and game.turn_player == "Ben"
    assert game.view(ME).modules["gates"]["held"][NEXT] == 1
    assert not game.view(ME).modules["gates"]["beside"] and Take((GATE,)) not in \
        game.legal_actions()
    take = next(e for e in reversed(game.events) if e["type"] == "take")
    assert describe_event(take) == f"{NEXT} takes gate card"
    # a gate card is no money: no payment ever counts it
    assert all(GATE not in a.cards for a in module_context(game).payment_options(NEXT))


# -- placing through a gate -------------------------------------------------------------------


def test_a_tile_joined_only_through_a_double_wall_is_placed_through_a_gate():
    game = bought_and_waiting()
    gated = Place(PAV_6, (0, -2), "N")
    assert gated in game.legal_actions() and Place(PAV_6, (0, -2)) not in game.legal_actions()
    game.apply(gated)
    alhambra = game.alhambra(ME)
    assert alhambra.gates() == {((0, -2), (0, -1))}
    assert alhambra.graph.edges[(0, -2), (0, -1)]["gate"] is True
    assert GATE not in game.hand(ME) and game.census()["gate_card"] == 3
    event = next(e for e in reversed(game.events) if e["type"] == "place")
    assert event["gate"] == "N"
    assert describe_event(event) == f"{ME} places 6-pavilion at (0, -2) through a gate on its N side"
    assert game.view("Ben").alhambra(ME).gates() == alhambra.gates()


def test_decision_the_two_gated_tiles_can_no_longer_be_removed_or_exchanged():
    game = bought_and_waiting()
    game.apply(Place(PAV_6, (0, -2), "N"))
    alhambra = game.alhambra(ME)
    for cell in ((0, -1), (0, -2)):
        assert "gated" in alhambra.check_removal(cell).reasons
        assert cell not in alhambra.removable_positions()
        assert "gated" in alhambra.check_exchange(SER_8_S, cell).reasons
        assert cell not in alhambra.exchange_positions(SER_8_S)


def test_a_gate_is_refused_where_it_is_needless_off_a_double_wall_or_without_a_card():
    game = bought_and_waiting()
    with pytest.raises(IllegalAction) as refused:
        game.apply(Place(PAV_6, (0, 1), "S"))  # open to the fountain: no gate needed
    assert refused.value.reasons == ("gate_needless",)
    with pytest.raises(IllegalAction) as refused:
        game.apply(Place(PAV_6, (0, -2), "E"))  # nothing east
    assert refused.value.reasons == ("gate_side",)
    no_card = gates_game(hand_gate=False)
    no_card = set_hand(no_card, ME, cards("6 denar"))
    do(no_card, "buy 6-pavilion from denar square paying 6 (exact)")
    do(no_card, "end")
    assert all(a.gate is None for a in no_card.legal_actions() if a.kind == "place")
    with pytest.raises(IllegalAction, match="needs a gate card"):
        no_card.apply(Place(PAV_6, (0, -2), "N"))


def test_gates_are_refused_without_the_module():
    game = arranged(THREE, 5)
    do(game, "buy 8-pavilion from denar square paying 8 (exact)")
    do(game, "end")
    with pytest.raises(IllegalAction, match="not in play"):
        game.apply(Place(game.to_place[0], (1, 0), "W"))


def test_other_rules_still_apply_walls_match_no_hole_and_camps_ignore_walking():
    a = Alhambra()
    a.place(SER_8_S, (0, -1))
    # a tile open towards the seraglio's wall: walls_mismatch, a gate cannot help
    assert a.check(Tile("pavilion", 6, ""), (0, -2), gate="N").reasons == ("walls_mismatch",
                                                                           "gate_side")
    # a camp never needs a gate (§M8: camps are not walked to)
    assert "gate_needless" in a.check(Tile("camp", 5, "N"), (0, -2), gate="N").reasons
    # the hole rule stays (found on random layouts, checked against the plain rules)
    rng = random.Random(0)
    while True:
        alhambra, tiles = Alhambra(), list(BUILDING_TILES)
        rng.shuffle(tiles)
        for tile in tiles[:30]:
            cells = sorted(alhambra.legal_positions(tile))
            if cells:
                alhambra.place(tile, rng.choice(cells))
        found = [(t, c, s) for t in tiles[30:] for c, s in
                 _gated_sides_blocked_by_a_hole(alhambra, t)]
        if found:
            break
    tile, cell, side = found[0]
    assert alhambra.check(tile, cell, side).reasons == ("hole",)
    assert not plain_legal({**alhambra.layout, cell: tile}, {tuple(sorted(
        (cell, _across(cell, side))))})


def _across(cell, side):
    dx, dy = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}[side]
    return (cell[0] + dx, cell[1] + dy)


def _gated_sides_blocked_by_a_hole(alhambra, tile):
    """(cell, side) where `tile` would need a gate there and only the hole rule refuses."""
    return [(cell, side) for cell in sorted(alhambra.frontier()) for side in "NESW"
            if alhambra.check(tile, cell, side).reasons == ("hole",)]


def test_decision_no_gate_on_an_existing_wall_only_with_a_new_tile():
    game = bought_and_waiting()
    game.apply(Place(PAV_6, (0, -2), "N"))
    kinds = {type(a).__name__ for a in game.legal_actions() if getattr(a, "gate", None)}
    assert kinds <= {"Place", "Redesign"}  # no action puts a gate on its own
    with pytest.raises(ValueError, match="only a redesign placing"):
        Redesign("remove", None, (0, -1), "N")


def test_a_redesign_places_a_reserve_tile_through_a_gate():
    game = gates_game()
    game = set_reserve(game, ME, [PAV_6])
    action = Redesign("place", PAV_6, (0, -2), "N")
    assert action in game.legal_actions()
    game.apply(action)
    assert game.alhambra(ME).gates() == {((0, -2), (0, -1))} and GATE not in game.hand(ME)
    event = next(e for e in reversed(game.events) if e["type"] == "redesign")
    assert event["gate"] == "N" and "through a gate on its N side" in describe_event(event)
    assert action_from_dict(action.to_dict()) == action and "gate" in action.to_dict()
    assert "gate" not in Redesign("place", PAV_6, (0, -2)).to_dict()


def test_gated_double_walls_are_internal_wall_points_unchanged():
    game = bought_and_waiting()
    game.apply(Place(PAV_6, (0, -2), "N"))
    alhambra = game.alhambra(ME)
    ungated = Alhambra.from_layout(alhambra.layout, check=False)
    assert alhambra.longest_wall() == ungated.longest_wall()
    assert alhambra.wall_segments() == ungated.wall_segments()


def test_decision_a_tile_received_at_the_end_may_be_placed_through_a_gate():
    game = gates_game()
    data = state(game)
    data["market"][0] = None
    data["to_place"] = [PAV_6.to_list()]
    data["decisions"] = [{"kind": "final_place", "player": ME}]
    data["script"] = ["final_placing", "final_scoring"]
    data["end_reason"] = "market_short"
    game = restore(game, data)
    assert Place(PAV_6, (0, -2), "N") in game.legal_actions()


# -- saves, replay, bots ----------------------------------------------------------------------


def test_saves_keep_the_gates_and_base_saves_have_no_gates_key():
    assert "gates" not in json.loads(Game(THREE, seed=1).to_json())
    game = bought_and_waiting()
    game.apply(Place(PAV_6, (0, -2), "N"))
    text = game.to_json()
    assert json.loads(text)["gates"][ME] == [[[0, -2], [0, -1]]]
    restored = Game.from_json(text)
    assert restored.to_json() == text and restored.alhambra(ME) == game.alhambra(ME)
    data = json.loads(text)
    data["gates"][ME] = []
    with pytest.raises(InvalidSave, match="gate_side|unreachable|walked"):
        Game.from_json(json.dumps(data))
    data = json.loads(text)
    data["modules_state"]["gates"]["used"] = 0
    with pytest.raises(InvalidSave):
        Game.from_json(json.dumps(data))
    data = json.loads(text)
    data["gates"][ME].append([[0, 0], [1, 0]])
    with pytest.raises(InvalidSave):
        Game.from_json(json.dumps(data))


def test_replay_narration_and_bots_with_gates_and_walls():
    start = Game(THREE, seed=4, modules=("gates", "city_walls"))
    game = Game.from_json(start.to_json())
    rng = random.Random(4)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    assert any(e.get("gate") for e in game.events)
    assert replay(start, game.events).to_json() == game.to_json()
    assert all(isinstance(describe_event(e), str) for e in game.events)
    for name in BOTS:
        finished = play(Game(THREE, seed=2, modules=("gates", "city_walls")),
                        [make_bot(name) for _ in THREE])
        assert finished.is_over


# -- properties ----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_gate_positions_match_the_plain_rules(seed):
    rng = random.Random(seed)
    alhambra, tiles = Alhambra(), list(BUILDING_TILES)
    rng.shuffle(tiles)
    for tile in tiles[:25]:
        gated = sorted(alhambra.gate_positions(tile))
        for cell in alhambra.frontier():
            for side in "NESW":
                layout = {**alhambra.layout, cell: tile}
                pair = tuple(sorted((cell, (cell[0] + {"E": 1, "W": -1}.get(side, 0),
                                            cell[1] + {"N": 1, "S": -1}.get(side, 0)))))
                plain = (pair[0] in layout and pair[1] in layout
                         and not plain_legal(layout, alhambra.gates())
                         and plain_legal(layout, alhambra.gates() | {pair}))
                assert ((cell, side) in gated) == plain, (cell, side, tile)
                assert alhambra.check(tile, cell, side).ok == plain
        if gated and rng.random() < 0.5:
            alhambra.place(tile, *rng.choice(gated))
        elif alhambra.legal_positions(tile):
            alhambra.place(tile, rng.choice(sorted(alhambra.legal_positions(tile))))
    assert Alhambra.from_layout(alhambra.layout, gates=alhambra.gates()) == alhambra
    assert alhambra.copy() == alhambra


@pytest.mark.parametrize("players, seed", [(2, 0), (3, 1), (4, 2), (6, 3)])
def test_random_games_with_gates_keep_every_alhambra_legal_the_census_and_saves(players, seed):
    rng = random.Random(seed)
    others = tuple(m for m in MODULES if m not in ("gates", "camps") and rng.random() < 0.4)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        game = Game([f"P{i}" for i in range(players)], seed=seed, modules=("gates",) + others)
    census = game.census()
    steps = 0
    while not game.is_over:
        legal = game.legal_actions()
        gated = [a for a in legal if getattr(a, "gate", None)]
        game.apply(rng.choice(gated) if gated else rng.choice(legal))
        assert game.census() == census
        steps += 1
        if steps % 50 == 0:
            assert reload(game).to_json() == game.to_json()
    gates = 0
    for name in game.players:
        alhambra = game.alhambra(name)
        assert plain_legal(alhambra.layout, alhambra.gates())
        gates += len(alhambra.gates())
    assert gates == json.loads(game.to_json())["modules_state"]["gates"]["used"] > 0


def test_command_line_and_tournament_play_gates_and_walls_with_their_options(capsys):
    from alhambra_lib.__main__ import main
    from alhambra_lib.analysis.tournaments import tournament

    main(["play", "--players", "3", "--seed", "2", "--quiet", "--modules", "gates,city_walls",
          "--option", "gates_all_six", "--option", "walls_piles_2_to_4"])
    assert "final scores" in capsys.readouterr().out
    with pytest.raises(SystemExit) as exit_:  # a usage error: exit code 2, the reason said
        main(["play", "--players", "3", "--seed", "2", "--quiet", "--option", "gates_all_six"])
    assert exit_.value.code == 2 and "gates module" in capsys.readouterr().err
    rows = tournament(["random", "greedy"], games=2, players=2, progress=False,
                      modules=("gates", "city_walls"), gates_all_six=True)
    assert len(rows) == 4


def test_a_save_of_a_gates_game_without_its_gates_key_is_refused():
    data = json.loads(Game(THREE, seed=1, modules=("gates",)).to_json())
    assert data["gates"] == {p: [] for p in THREE}
    del data["gates"]
    with pytest.raises(InvalidSave, match="gates"):
        Game.from_json(json.dumps(data))


def test_a_refill_that_only_finds_gate_cards_stops_short():
    """Draw pile empty, discards all gate cards, one beside the display: the refill puts
    nothing out and stops, rather than reshuffling the same card forever (RULES.md §M5)."""
    from alhambra_lib.components import GateCard

    game = Game(["Ana", "Ben", "Cy"], seed=2, modules=("gates",))
    module_context(game).slice("gates")["beside"] = 1
    game._draw, game._discard, game._display = [], [GateCard(), GateCard()], []
    assert module_context(game).refill_display() is False
    assert game._display == [] and len(game._draw) + len(game._discard) == 2
