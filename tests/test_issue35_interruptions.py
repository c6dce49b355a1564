"""Issue 35 point 5: the vizier/thieves window no longer interrupts a player who does not
want it. At the table, a window where you could only pass is passed for you, and "always
pass" (as BoardGameArena's auto-pass) lets every window pass without asking, undoably;
the engine sees an ordinary decline of yours."""

from __future__ import annotations

import warnings

from alhambra_lib import Game
from alhambra_lib.bots import GreedyBot
from alhambra_lib.modules import MODULES
from alhambra_lib.modules.window import WINDOW_DECISIONS
from alhambra_lib.table import TableSession
from alhambra_lib.table.session import PASSED_FOR_YOU
from alhambra_lib.widgets import GameTable

YOU = "You"


def _all_modules_game(seed=5):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return Game([YOU, "B", "C"], seed=seed, modules=tuple(MODULES))


def _asked_in_windows(session, limit=600) -> int:
    """Play your seat with a GreedyBot that declines every window; how many windows asked."""
    bot, asked = GreedyBot(), 0
    for _ in range(limit):
        game = session.game
        if game.is_over:
            break
        legal = game.legal_actions()
        if game.decision.kind in WINDOW_DECISIONS:
            asked += 1
            session.apply(next(a for a in legal if a.kind == "decline"))
        else:
            session.apply(bot.choose(game.view(YOU), legal))
    assert session.game.is_over
    return asked


def test_the_window_asks_you_without_always_pass():
    assert _asked_in_windows(TableSession(_all_modules_game())) > 20


def test_always_pass_lets_every_window_pass_for_you():
    session = TableSession(_all_modules_game())
    session.set_always_pass(True)
    assert _asked_in_windows(session) == 0
    passes = [e for e in session.game.events
              if e["type"] == "decline" and e.get("player") == YOU
              and e["decision"] in WINDOW_DECISIONS]
    assert len(passes) > 20  # the engine saw your declines
    # The save is a plain game: loaded, it plays on like any other.
    assert Game.from_json(session.game.to_json()).is_over


def _at_your_window(seed=5) -> Game:
    """The first position of a game where a window asks you."""
    game, bot = _all_modules_game(seed), GreedyBot()
    while not (game.decision.player == YOU and game.decision.kind in WINDOW_DECISIONS):
        game.apply(bot.choose(game.view(game.decision.player), game.legal_actions()))
    return game


def test_switching_always_pass_on_passes_the_window_asking_you_now_and_undo_takes_it_back():
    session = TableSession(_at_your_window(), pace="one")
    assert session.waiting_for() is None and session.game.decision.kind in WINDOW_DECISIONS
    session.set_always_pass(True)
    assert any(line.endswith(f"({PASSED_FOR_YOU})") for line in session.said)
    assert session.game.events[-1]["type"] == "decline" or session.waiting_for() is not None
    assert session.can_undo  # the bots play one by one: nothing revealed since
    session.set_always_pass(False)
    session.undo()
    assert session.game.decision.kind in WINDOW_DECISIONS  # asked again, as before
    assert session.waiting_for() is None


def test_a_window_where_you_could_only_pass_is_passed_for_you(monkeypatch):
    game = _at_your_window()
    legal = game.legal_actions

    def only_decline():  # a window where nothing but passing is left to you
        found = legal()
        if game.decision.player == YOU and game.decision.kind in WINDOW_DECISIONS:
            return [a for a in found if a.kind == "decline"]
        return found

    monkeypatch.setattr(game, "legal_actions", only_decline)
    session = TableSession(game, pace="one")
    assert not session.always_pass
    assert session.waiting_for() is not None or game.decision.kind not in WINDOW_DECISIONS
    assert any(PASSED_FOR_YOU in line for line in session.said)


def test_the_table_offers_always_pass_only_with_the_vizier_or_the_thieves():
    table = GameTable()
    assert table.always_pass_button.layout.display == "none"
    table.new_game(_at_your_window())
    assert table.always_pass_button.layout.display == ""
    table.always_pass_button.value = True
    assert table.session.always_pass and "Always pass is on" in table.message.value
    assert PASSED_FOR_YOU in table.story.log.value
    table.always_pass_button.value = False
    assert not table.session.always_pass and "asked again" in table.message.value
