"""Issue 35 point 6: a refused piece click says why (what the click would need, and which
decision is waiting), and a half-made move is never dropped silently; the message column
keeps room for its buttons (the layout is measured in tests/browser)."""

from __future__ import annotations

import warnings

from _game_helpers import arranged

from alhambra_lib import Game
from alhambra_lib.bots import GreedyBot
from alhambra_lib.widgets import GameTable
from alhambra_lib.widgets.game_table import MONEY_PX


def test_a_room_clicked_while_placing_says_when_rooms_are_bought_and_what_waits():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        game = Game(["You", "Bot"], seed=2, modules=("treasure",))
    table = GameTable(game, bots={"Bot": GreedyBot()})
    buy = next(a for a in table.game.legal_actions() if a.kind == "buy")
    table.apply(buy)
    if table.game.decision.kind == "act":  # an exact payment: end the turn's actions
        table.apply(next(a for a in table.game.legal_actions() if a.kind == "end"))
    assert table.game.decision.kind == "place"
    table.click_room(1)
    message = table.message.value
    assert "That makes no move now." not in message
    assert "bought as the action of your turn" in message
    assert "Now: Turn" in message and "Build the tiles you bought" in message


def test_a_half_made_payment_set_aside_by_another_click_is_named():
    table = GameTable(arranged(["You", "Bot"], seed=4), bots={"Bot": GreedyBot()})
    table.click_square(1)  # the ways to pay for the 8-pavilion
    table.click_money(0)
    table.click_card(0)  # a card of the display: another move begins
    assert "Set aside: market square 1, the" in table.message.value
    assert "of your hand" in table.message.value


def test_a_click_that_makes_no_move_says_the_half_made_move_was_set_aside():
    table = GameTable(arranged(["You", "Bot"], seed=4), bots={"Bot": GreedyBot()})
    table.click_square(1)
    table.click_square(3)  # 11 ducat, no ducat in hand: no move
    assert "not enough" in table.message.value
    assert "Set aside: market square 1" in table.message.value


def test_the_message_column_keeps_the_room_your_money_leaves():
    table = GameTable()
    assert table.money.layout.width == f"{MONEY_PX}px"
    assert "alhambra-choices" in table.choice_box._dom_classes
    assert all(b.layout.max_width == "100%" for b in table.choice_buttons)
