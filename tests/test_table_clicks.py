"""Every legal move is a few clicks on the GameTable's pieces (`GameTable.click_path`).

Over seeded random games with modules (random sets of them, all 16, two players with
Dirk), every legal action of the player at the table has a path of at most 4 clicks, at
most one of them on a choice button offered among at most 8, and following the path
makes exactly that action: in the table's model for every action, and on a table sat
down at that state for a share of them (a table's refresh costs more).
"""

from __future__ import annotations

import random
import warnings

import pytest

from alhambra_lib import Game, Tile
from alhambra_lib.actions import ACTION_KINDS, Action, PlainAction, Place
from alhambra_lib.bots import GreedyBot
from alhambra_lib.modules import MODULES
from alhambra_lib.palette import LEGAL_COLOUR
from alhambra_lib.widgets import GameTable
from alhambra_lib.widgets.table_model import (
    MAX_CLICKS,
    MAX_OFFERED,
    Selection,
    click_path,
    shape,
)

YOU = "You"


def _game(seed, players, modules):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # provisional huts, camps... data
        return Game([YOU, *players], seed=seed, modules=modules)


def _random_modules(seed):
    rng = random.Random(seed)
    return tuple(rng.sample(list(MODULES), rng.randint(1, len(MODULES))))


#: (seed, the other players, modules, random moves made before the states checked)
GAMES = [
    pytest.param(19, ("Ana", "Ben"), tuple(MODULES), 0, id="all-16-three-players"),
    pytest.param(2, ("Ana",), tuple(MODULES), 0, id="all-16-two-players-with-Dirk"),
    pytest.param(3, ("Ana", "Ben", "Cy"), _random_modules(3), 0, id="random-set-a"),
    pytest.param(4, ("Ana",), _random_modules(4), 0, id="random-set-b-with-Dirk"),
    pytest.param(5, ("Ana", "Ben"), _random_modules(5), 0, id="random-set-c"),
    # The game's end: chests handed out, the last tiles built.
    pytest.param(19, ("Ana", "Ben"), tuple(MODULES), 1150, id="all-16-the-end"),
]


def _states(game, rng, limit, skip=0):
    """The states where you decide, along a game of random moves (at most `limit`, after
    `skip` moves)."""
    for _ in range(skip):
        if game.is_over:
            return
        game.apply(rng.choice(game.legal_actions()))
    for _ in range(limit):
        if game.is_over:
            return
        legal = game.legal_actions()
        if game.current_player == YOU:
            yield game, legal
        game.apply(rng.choice(legal))


def _check_limits(path):
    assert 1 <= len(path) <= MAX_CLICKS, path
    choices = [i for i, (kind, _) in enumerate(path) if kind == "choice"]
    assert choices in ([], [len(path) - 1]), path  # at most one, and it makes the move


def _follow_in_model(game, legal, path):
    selection = Selection(game, YOU, legal)
    for kind, key in path:
        if kind == "choice":
            assert len(selection.offered) <= MAX_OFFERED
            return selection.offered[key]
        made = selection.click(selection.piece(kind, key))
        if made is not None:
            return made
    return None


def _follow_on_table(table, game, path):
    """Sit `table` down at a copy of `game` and click `path`; the game it leaves."""
    table.new_game(game.copy(), table.bots, you=YOU)
    for kind, key in path:
        if kind == "choice":
            assert len(table.offered) <= MAX_OFFERED
        getattr(table, "click_" + kind)(key)
    return table.game


@pytest.mark.parametrize(("seed", "others", "modules", "skip"), GAMES)
def test_every_legal_action_has_a_click_path_that_makes_it(seed, others, modules, skip):
    game = _game(seed, others, modules)
    table = GameTable(game.copy(), bots={n: GreedyBot() for n in others})
    table.pace.value = "one"  # the bots wait: the table's game is the state plus your move
    rng, sample = random.Random(seed), random.Random(-seed)
    kinds, on_table = set(), 0
    for state, legal in _states(game, rng, 400, skip):
        for action in legal:
            path = click_path(state, YOU, action)
            _check_limits(path)
            assert _follow_in_model(state, legal, path) == action, (action, path)
            # On the table: each kind of move the first time it comes, a few others.
            first = action.kind not in kinds
            kinds.add(action.kind)
            if first or sample.random() < 0.01:
                expected = state.copy()
                expected.apply(action)
                assert _follow_on_table(table, state, path).to_json() == expected.to_json(), (
                    action, path)
                on_table += 1
    assert on_table and len(kinds) > 5


def test_the_module_moves_met_are_named_by_pieces():
    """Each module move of a game with all 16 has pieces to click (none falls back to a
    button but those that name nothing: end, decline, keep the citizens)."""
    game = _game(6, ("Ana", "Ben"), tuple(MODULES))
    seen = set()
    for state, legal in _states(game, random.Random(6), 600):
        for action in legal:
            if not shape(action, state, YOU).required and not shape(action, state,
                                                                    YOU).narrowing:
                seen.add(action.kind)
                assert isinstance(action, PlainAction), action
    assert {"end", "decline", "wake"} & seen


class WiseMan(Action):
    """A decision this table does not know: one action per building type."""

    kind = "wise_man_test"

    def __init__(self, kind):
        self.type = kind

    def __eq__(self, other):
        return isinstance(other, WiseMan) and other.type == self.type

    def __hash__(self):
        return hash(self.type)

    def __str__(self):
        return f"the wise man counts as half a {self.type}"


class _Unknown:
    """A game whose decision is one the table's model has never heard of."""

    current_player = YOU

    def __init__(self, game, legal):
        self._game, self._legal = game, legal

    def __getattr__(self, name):
        return getattr(self._game, name)

    def legal_actions(self):
        return list(self._legal)


def test_an_unknown_decision_is_offered_as_buttons_when_few():
    game = _game(7, ("Ana",), ())
    six = [WiseMan(t) for t in ("pavilion", "seraglio", "arcades", "chambers", "garden",
                                "tower")]
    unknown = _Unknown(game, six)
    assert Selection(unknown, YOU, six).offered == six
    for action in six:
        assert click_path(unknown, YOU, action) == [("choice", six.index(action))]
    many = six + [WiseMan(f"kind {i}") for i in range(3)]
    assert Selection(_Unknown(game, many), YOU, many).offered == []
    with pytest.raises(ValueError, match="no path"):
        click_path(_Unknown(game, many), YOU, many[0])
    with pytest.raises(ValueError, match="not one of your legal moves"):
        click_path(_Unknown(game, six[1:]), YOU, six[0])


# -- a whole game with all 16 modules, by clicks on what the table shows ------------------

#: The module moves a game with all 16 must make (the merchant's turn-end move one of three).
MODULE_MOVES = {"wake", "vizier", "take_hut", "bid", "build_wall", "steal", "set_merchant",
                "place_merchant", "buy_chests", "place_chest", "master_builder", "buy_bazaar",
                "citizens", "gate"}
_CITIZENS = ("take_citizen", "swap_citizen", "keep_citizens")


def _shown(row, button):
    return button in row.children


def _offered_index(table, start):
    return next((i for i, b in enumerate(table.choice_buttons[:len(table.offered)])
                 if b.description.startswith(start)), None)


def _side_buttons(table, kind):
    """The keys of the side buttons of `kind` shown on your Alhambra."""
    return [key for (k, key), b in table.board.side_buttons.items()
            if k == kind and _shown(table.board.grid, b)]


def _special_move(table, tried):
    """A module move the adviser would not make, by clicking its pieces: lay a wall card's
    sticks with a click on a side of the first tile marked ◆ (after the card), play a master
    builder, take the gate card (the hint builds through a gate: a click on the double
    wall), bid the least for a character (the search bot's one-step judgement, the hint in
    module games, passes), buy a bazaar when the hand pays it (the quick hints seldom do).
    Each is tried once a turn; False when none applies now."""
    pieces, turn = table.pieces, table.game.turn
    bids = sorted(key for (kind, key), b in pieces.buttons.items()
                  if kind == "bid" and _shown(pieces.rows["bids"], b))
    if bids and table.game.current_player == YOU and ("bid", turn) not in tried:
        tried.add(("bid", turn))  # the status of an auction says whose bid, not "your turn"
        table.click_bid(bids[0])
        if table.offered:  # the ways to pay it
            table.click_choice(0)
        return True
    if "your turn" not in table.status.value:
        return False
    beside = [k for k, b in pieces.buttons.items() if _shown(pieces.rows["beside"], b)]
    walls = [key for kind, key in beside if kind == "wall_card"]
    if walls and ("wall", turn) not in tried:
        tried.add(("wall", turn))
        table.click_wall_card(walls[0])
        marked = [c for c, b in table.board.buttons.items()
                  if _shown(table.board.grid, b) and b.description.endswith("◆")]
        sides = [key for key in _side_buttons(table, "side") if key[0] in marked[:1]]
        if sides:
            table.click_side(sides[0])
            return True
    builders = [key for (kind, key), b in pieces.buttons.items() if kind == "money"
                and _shown(pieces.rows["money"], b) and "master builder" in b.tooltip]
    if builders and ("builder", turn) not in tried:
        tried.add(("builder", turn))
        table.click_money(builders[0])
        play = _offered_index(table, "play the master builder")
        if play is not None:
            table.click_choice(play)
            return True
    if ("gate_card", 0) in beside and ("gate", turn) not in tried:
        tried.add(("gate", turn))
        table.click_gate_card(0)
        take = _offered_index(table, "take")
        if take is not None:
            table.click_choice(take)
            return True
    bazaars = [key for kind, key in beside if kind == "bazaar"]
    if bazaars and ("bazaar", turn) not in tried:
        tried.add(("bazaar", turn))
        table.click_bazaar(bazaars[0])
        buy = next((i for i, b in enumerate(table.choice_buttons[:len(table.offered)])
                    if "bazaar" in b.description), None)
        if buy is not None:
            table.click_choice(buy)
            return True
    return False


def test_a_game_with_all_16_modules_by_clicks_makes_every_module_move():
    """The hint marks the next click (``table.hinted``); the rest is clicked on the pieces
    shown, as the browser test does, with the same quick hints."""
    table = GameTable()
    panel = table.new_game_panel  # the game the browser test starts the same way
    panel.players.value, panel.seed.value = 3, 5
    for box in panel.module_boxes.values():
        box.value = True
    panel.hints.value = "easy"  # the quickest hints, as the browser test takes
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        panel.start_button.click()
    assert table.game.modules == tuple(MODULES)
    made, tried, hinted = set(), set(), set()
    for _ in range(1000):
        if table.game.is_over or MODULE_MOVES <= made:
            break
        seen = len(table.game.events)
        if not _special_move(table, tried):
            table.hint()
            kind, key = table.hinted
            assert "hinted" in " ".join(table._widget_of(kind, key)._dom_classes)
            getattr(table, "click_" + kind)(key)
            hinted.add(kind)
        for event in table.game.events[seen:]:
            if event.get("player") == YOU and event["type"] in ACTION_KINDS:
                made.add("citizens" if event["type"] in _CITIZENS else event["type"])
                made |= {"gate"} if event.get("gate") else set()
    assert MODULE_MOVES <= made, MODULE_MOVES - made
    assert "double_wall" in hinted  # the gate: a click on the double wall it goes through


# -- a wall card's sticks by a click on a tile's side, a gate by a click on a double wall --


def _walls_and_gates_at(step):
    """Seed 3's game of random moves with City Gates and City Walls after `step` moves."""
    game, rng = _game(3, ("Ana",), ("gates", "city_walls")), random.Random(3)
    for _ in range(step):
        game.apply(rng.choice(game.legal_actions()))
    assert game.current_player == YOU
    table = GameTable(game.copy(), bots={"Ana": GreedyBot()})
    table.pace.value = "one"
    return game, table


def _side_shown(table, kind, key):
    button = table.board.side_buttons.get((kind, key))
    return button is not None and button in table.board.grid.children


def test_a_wall_card_s_sticks_go_on_with_a_click_on_a_side_of_the_tile():
    game, table = _walls_and_gates_at(25)
    walls = [a for a in game.legal_actions() if a.kind == "build_wall" and a.cell is not None]
    corner = next(a for a in walls if a.sides == "ES" and a.cell == (1, 0))
    card = table.selection.lists["wall_card"].index(corner.card)
    assert click_path(game, YOU, corner) == [("wall_card", card), ("side", ((1, 0), "E"))]
    assert not any(_side_shown(table, "side", (a.cell, s)) for a in walls for s in a.sides)
    table.click_side(((1, 0), "N"))  # no card clicked, and no card's stick fits there
    assert table.message.value.startswith("No wall card you clicked has its sticks go")
    table.click_wall_card(card)
    assert table.message.value.startswith("Now click where its sticks go: a side of your")
    # The sides where the card's sticks may go are thin buttons over the sides of tiles.
    for wall in walls:
        for side in wall.sides:
            assert _side_shown(table, "side", (wall.cell, side)) == (wall.card == corner.card)
    assert not _side_shown(table, "side", ((1, 0), "N"))
    table.click_side(((1, 0), "S"))  # either side of the corner lays both sticks
    assert table.game.alhambra(YOU).layout[(1, 0)].stick_sides == "ES"
    assert table.message.value.startswith("You take the wall card ES")


def test_the_sides_offered_are_those_of_the_wall_card_in_hand():
    """After a wall card, the side buttons are exactly the sides of the tiles its sticks
    may go on; with nothing clicked there are none (the board stays plain)."""
    game = _game(3, ("Ana",), ("gates", "city_walls"))
    rng, checked = random.Random(3), 0
    for state, legal in _states(game, rng, 300):
        walls = [a for a in legal if a.kind == "build_wall" and a.cell is not None]
        selection = Selection(state, YOU, legal)
        assert selection.next_cells("side") == set()
        for index, card in enumerate(selection.lists["wall_card"]):
            selection.reset()
            selection.click(selection.piece("wall_card", index))
            assert selection.next_cells("side") == {
                (a.cell, s) for a in walls if a.card == card for s in a.sides}
            checked += bool(walls)
    assert checked


def test_a_gate_is_built_with_a_click_on_the_double_wall():
    game, table = _walls_and_gates_at(90)
    gated = Place(Tile("arcades", 8, "E"), (-1, 1), gate="E")
    assert gated in game.legal_actions()
    assert click_path(game, YOU, gated) == [("double_wall", ((-1, 1), "E"))]
    assert _side_shown(table, "double_wall", ((-1, 1), "E"))
    assert "double wall" in table.board.side_buttons["double_wall", ((-1, 1), "E")].tooltip
    # The cell behind it is green: the tile goes there (a click on it offers the gates).
    assert table.board.buttons[-1, 1].style.button_color == LEGAL_COLOUR
    table.click_double_wall(((-1, 1), "E"))
    assert {(-1, 1), (0, 1)} in [set(pair) for pair in table.game.alhambra(YOU).gates()]
    assert "through a gate" in table.message.value


def test_a_side_button_lies_over_the_side_of_its_cell():
    """Each square and side button has its grid area (row / column, north row first); a
    side button is a thin strip along its side, and a click on it says which."""
    from alhambra_lib import Alhambra
    from alhambra_lib.widgets._board import SIDE_PX, BoardGrid, side_look

    clicked = []
    board = BoardGrid(clicked.append, lambda kind, key: clicked.append((kind, key)))
    alhambra = Alhambra()
    alhambra.place(Tile("tower", 9, "S"), (0, -1))
    key = ((0, -1), "E")
    board.show(alhambra, {}, sides={("side", key): side_look("side", key)})
    button = board.side_buttons["side", key]
    assert button in board.grid.children
    # Rows: y = 1 (the frontier) is row 1, so (0, -1) is row 3; columns from x = -1.
    assert button.layout.grid_area == board.buttons[0, -1].layout.grid_area == "3 / 2"
    assert (button.layout.width, button.layout.height) == (f"{SIDE_PX}px", "42px")
    assert "stick" in button.tooltip
    button.click()
    assert clicked == [("side", key)]
    board.show(alhambra, {})  # no side to click now: the strip goes
    assert button not in board.grid.children
