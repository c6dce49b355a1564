"""The table's model (`alhambra_lib.table.TableSession`) in plain pytest, no widget: the
seats, clicks, undo, the hint, the bots' pace, saving and loading; and the proof that it
imports and plays where ipywidgets cannot be imported."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections import Counter
from pathlib import Path

import pytest
from _game_helpers import arranged, real_tile, set_reserve

from alhambra_lib import Card, Game
from alhambra_lib.actions import Buy
from alhambra_lib.bots import GreedyBot, RandomBot, bot_moves, play
from alhambra_lib.errors import AlhambraError, IllegalAction, InvalidInput
from alhambra_lib.table import Selection, TableSession

ROOT = Path(__file__).resolve().parents[1]


def _session(**kwargs):
    """You against one GreedyBot, your first move a buy that reveals nothing (seed 4)."""
    return TableSession(arranged(["You", "Bot"], seed=4), bots={"Bot": GreedyBot()},
                        adviser=GreedyBot(), **kwargs)


def test_the_session_imports_and_plays_a_game_where_ipywidgets_cannot_be_imported():
    script = textwrap.dedent("""
        import sys
        sys.modules["ipywidgets"] = None  # any import of it now raises ImportError
        from alhambra_lib import Game
        from alhambra_lib.bots import GreedyBot
        from alhambra_lib.table import TableSession
        table = TableSession(Game(["You", "Bot"], seed=2), bots={"Bot": GreedyBot()},
                             adviser=GreedyBot())
        text = table.save()
        while not table.game.is_over:
            table.hint()
            kind, key = table.hinted
            click = table.click_choice(key) if kind == "choice" else table.click(kind, key)
            assert click.outcome == "moved", click
        table.load(text)
        assert table.save() == text, "loaded"
        widgets = [m for m in sys.modules if m.startswith("alhambra_lib.widgets")]
        assert not widgets, widgets
        print("played")
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": ""}, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "played"


def test_clicks_select_then_a_choice_moves_and_the_bots_answer():
    table = TableSession()
    assert table.waiting_for() is None and table.yours() == table.game.legal_actions()
    click = table.click("card", 0)
    assert (click.outcome, click.piece) == ("selected", ("card", table.game.display[0]))
    assert [a.kind for a in table.selection.offered] == ["take"] * 3
    click = table.click_choice(0)
    assert click.outcome == "moved" and click.said == ("You take 1 denar",)
    assert table.game.current_player == "You" and table.game.turn == 4
    assert any(line.startswith("Greedy 1") for line in table.said)
    assert table.click("card", 99).outcome == "nothing"
    assert table.click_choice(99).outcome == "nothing"


def test_a_direct_click_makes_its_move_and_a_second_reserve_click_puts_the_tile_back():
    table = _session()
    table.click("square", 1)
    table.click_choice(0)  # exact: you may act again, or end the turn
    end = [a.kind for a in table.selection.offered].index("end")
    table.click_choice(end)  # the tile bought: now built by a click on a cell
    assert table.game.decision.kind == "place" and table.held_tile() is not None
    cell = next(iter(table.selection.next_cells()))
    click = table.click("cell", cell)
    assert click.outcome == "moved" and click.action.pos == cell
    game = set_reserve(arranged(["You", "Bot"], seed=4), "You", [real_tile("pavilion", 6, "N")])
    table.sit(game, {"Bot": GreedyBot()})
    assert table.click("reserve", 0).outcome == "selected" and table.held_tile() is not None
    assert table.click("reserve", 0).outcome == "back" and table.held_tile() is None


def test_undo_takes_back_your_moves_until_something_is_revealed():
    table = _session()
    start = table.save()
    assert not table.can_undo and table.undo() is None
    table.click("square", 1)
    said = table.click_choice(0).said  # exact: nothing drawn yet
    assert table.can_undo
    assert table.undo() == list(said) and table.save() == start and not table.can_undo
    table.click("card", 0)
    table.click_choice(0)  # a take ends the turn: the display is refilled, the bot plays
    assert not table.can_undo


def test_a_refused_move_leaves_the_game_as_it_was():
    table = _session()
    start = table.save()
    wrong = Buy(1, table.game.market[0][1], (Card("denar", 1),) * 4)  # there are three such
    with pytest.raises(IllegalAction):
        table.apply(wrong)
    assert table.move(wrong).outcome == "refused" and table.save() == start


def test_nothing_is_yours_while_a_bot_decides_and_the_bots_move_one_by_one():
    table = _session(pace="one")
    table.click("card", 0)
    table.click_choice(0)
    assert table.waiting_for() == "Bot" and table.yours() == []
    assert table.click("card", 0).outcome == "waiting"
    with pytest.raises(IllegalAction, match="Bot is to play"):
        table.apply(table.game.legal_actions()[0])
    moves = 0
    while table.waiting_for() == "Bot":
        said = table.bot_move()
        assert said and table.said[-len(said):] == said
        moves += 1
    assert moves >= 1 and table.bot_move() is None
    assert table.selection.legal == table.game.legal_actions()  # taken afresh


def test_the_pace_changes_and_refuses_an_unknown_one():
    table = _session(pace="one")
    table.click("card", 0)
    table.click_choice(0)
    table.set_pace("all")  # the bots play now
    assert table.waiting_for() is None
    with pytest.raises(InvalidInput, match="all, one"):
        table.set_pace("fast")
    with pytest.raises(InvalidInput):
        TableSession(pace="slow")


def test_sitting_refuses_a_stranger_or_an_empty_seat_and_leaves_the_session_as_it_was():
    table = _session()
    game, bots = table.game, table.bots
    with pytest.raises(ValueError, match="'Eve' does not play"):
        table.sit(Game(["A", "B"], seed=1), you="Eve")
    with pytest.raises(ValueError, match="no bot for B"):
        table.sit(Game(["A", "B"], seed=1), {}, you="A")
    assert table.game is game and table.bots is bots


def test_the_hint_makes_all_clicks_but_the_last_of_the_advisers_move():
    table = _session()
    move, rows = table.hint()
    assert rows == [] and move == GreedyBot().choose(table.game.view("You"),
                                                     table.game.legal_actions())
    assert table.hinted == table.click_path(move)[-1]
    kind, key = table.hinted
    click = table.click_choice(key) if kind == "choice" else table.click(kind, key)
    assert click.action == move and table.hinted is None


def test_the_strong_search_hint_lists_its_three_best_moves():
    table = TableSession()
    move, rows = table.hint()
    assert len(rows) == 3 and rows[0].action == move


def test_save_and_load_and_a_bad_file_changes_nothing():
    table = _session()
    text = table.save()
    table.click("card", 0)
    table.click_choice(0)
    with pytest.raises(AlhambraError):
        table.load("not a game")
    assert table.game.turn > 1
    table.load(text)
    assert table.save() == text and set(table.bots) == {"Bot"}
    table.load(Game(["Ana", "Cy"], seed=3).to_json())  # you do not play: the first seat
    assert table.you == "Ana" and set(table.bots) == {"Cy"}


def test_the_tables_bots_and_play_run_one_loop():
    players = ["Ana", "Ben", "Cy"]
    played = play(Game(players, seed=5), [RandomBot(1), RandomBot(2), RandomBot(3)])
    stepped = Game(players, seed=5)
    bots = dict(zip(players, [RandomBot(1), RandomBot(2), RandomBot(3)]))
    while not stepped.is_over:
        steps = bot_moves(stepped, bots, human="Ana")
        for _ in steps:
            pass
        if not stepped.is_over:  # Ana's turn: her bot plays it, one move
            stepped.apply(bots["Ana"].choose(stepped.view("Ana"), stepped.legal_actions()))
    assert stepped.to_json() == played.to_json()


def test_bot_moves_refuses_bad_seats_at_once_and_stops_a_bot_that_never_hands_back():
    with pytest.raises(ValueError, match="no bot for Ben"):
        bot_moves(Game(["Ana", "Ben"], seed=1), {}, human="Ana")

    class Redesigner:
        """Moves a tile back and forth forever once it can."""

        def choose(self, view, legal):
            redesigns = [a for a in legal if a.kind == "redesign"]
            return redesigns[0] if redesigns else legal[0]

    game = Game(["Ana", "Ben"], seed=1)  # Zed waits for a game the bots never end
    steps = bot_moves(game, [Redesigner(), Redesigner()], human="Zed", max_actions=300)
    with pytest.raises(RuntimeError, match="300 actions without handing the game back to Zed"):
        list(steps)


def test_a_selection_matches_what_is_clicked_once_per_click(monkeypatch):
    game = Game(["You", "Ben"], seed=1)
    selection = Selection(game, "You", game.legal_actions())
    calls = Counter()
    matching = Selection._matching

    def counted(self, clicked):
        calls["matching"] += 1
        return matching(self, clicked)

    monkeypatch.setattr(Selection, "_matching", counted)
    selection.click(selection.piece("card", 0))
    after_click = calls["matching"]
    for _ in range(3):  # what a redraw reads
        selection.matches, selection.ready, selection.offered
        selection.too_many(), selection.next_keys()
    assert calls["matching"] == after_click and selection.ready
