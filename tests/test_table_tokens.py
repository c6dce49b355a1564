"""Each player's module pieces drawn at the GameTable (the "pieces" panel, issue 20).

Over a seeded game with all 16 modules, the panel draws every player's vizier token lit
or grey as the view says, your bonus cards and thieves face up and the others' as
face-down counts, characters, coins, the scouts and the attacks; nothing another player
holds in secret shows in your panel; and a thief of yours is clicked to steal.
"""

from __future__ import annotations

import random
import warnings

import pytest

from alhambra_lib import Game
from alhambra_lib.bots import GreedyBot
from alhambra_lib.modules import MODULES
from alhambra_lib.palette import CARD_BACK_COLOUR, PIECE_COLOURS
from alhambra_lib.widgets import GameTable
from alhambra_lib.widgets._board import SELECTED_CLASS
from alhambra_lib.widgets._table_tokens import token_rows

YOU, OTHERS = "You", ("Ana", "Ben")


def _game(seed=19):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # provisional module data
        return Game([YOU, *OTHERS], seed=seed, modules=tuple(MODULES))


def _states(seed=19, moves=500):
    """The states along a game of random moves (all 16 modules)."""
    game, rng = _game(seed), random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            return
        yield game
        game.apply(rng.choice(game.legal_actions()))


def _table(game):
    table = GameTable(game.copy(), bots={n: GreedyBot() for n in OTHERS})
    table.pace.value = "one"  # the bots wait: the table shows this very state
    table.new_game(game.copy(), table.bots, you=YOU)
    return table


def _drawn(table):
    """``(kind, key) -> button`` of the pieces the panel shows now."""
    tokens = table.pieces.tokens
    # The panel's grid: a row's name, then its pieces, row after row.
    shown = {id(b) for row in tokens.box.children[1::2] for b in row.children}
    return {k: b for k, b in tokens.buttons.items() if id(b) in shown}


def _state_with(predicate):
    return next(g.copy() for g in _states() if predicate(g))


def test_vizier_tokens_are_lit_when_awake_and_grey_when_asleep():
    game = _state_with(lambda g: len(set(g.view(YOU).modules["vizier"]["awake"].values())) == 2)
    awake = game.view(YOU).modules["vizier"]["awake"]
    drawn = _drawn(_table(game))
    for player in (YOU, *OTHERS):
        colour = drawn["vizier", player].style.button_color
        assert colour == PIECE_COLOURS["awake" if awake[player] else "asleep"], player
    assert set(awake.values()) == {True, False}


def test_the_others_hidden_cards_are_counts_and_yours_are_face_up():
    game = _state_with(lambda g: any(g.view(YOU).modules["thieves"]["counts"][p]
                                     for p in OTHERS))
    parts = game.view(YOU).modules
    drawn = _drawn(_table(game))
    for player in OTHERS:
        hidden = parts["bonus_cards"]["hand_sizes"][player] - len(
            parts["bonus_cards"]["shown"][player])
        back = drawn.get(("bonus_back", player))
        assert (back.description if back else "+? 0") == f"+? {hidden}"
        if hidden:
            assert back.style.button_color == CARD_BACK_COLOUR
        thieves = parts["thieves"]["counts"][player]
        back = drawn.get(("thief_back", player))
        assert (back.description if back else "thief 0") == f"thief {thieves}"
    assert ("bonus_back", YOU) not in drawn and ("thief_back", YOU) not in drawn
    mine = [k for k in drawn if k[0] == "bonus" and k[1][0] == YOU]
    assert len(mine) == len(parts["bonus_cards"]["hand"]) > 0
    thieves = [b for k, b in drawn.items() if k[0] == "thief"]
    assert sum(int(b.description.split()[-1]) if " " in b.description else 1
               for b in thieves) == len(parts["thieves"]["hand"])


@pytest.mark.parametrize("moves", [0, 120, 400])
def test_no_secret_of_another_player_shows_in_your_panel(moves):
    game = next(g for i, g in enumerate(_states(moves=moves + 1)) if i == moves)
    rows = {who: items for who, _, items in token_rows(game.view(YOU), YOU)}
    words = " ".join(f"{look.text} {look.tooltip}" for items in rows.values()
                     for _, _, look in items)
    mine = {str(c.tile) for c in game.view(YOU).modules["bonus_cards"]["hand"]}
    for player in OTHERS:
        theirs = game.view(player).modules
        shown = theirs["bonus_cards"]["shown"][player]
        # Their row: only what all see, their secrets as counts.
        assert {kind for kind, _, _ in rows[player]} <= {
            "vizier", "bonus", "bonus_back", "thief_back", "character", "coin"}
        assert len([k for k, _, _ in rows[player] if k == "bonus"]) == len(shown)
        for card in theirs["bonus_cards"]["hand"]:
            if card not in shown and str(card.tile) not in mine:
                assert str(card.tile) not in words, (player, card)
        if theirs["invaders"]["peeked"] and YOU not in theirs["invaders"]["peeked_by"]:
            assert "peeked" not in words


def test_characters_coins_scouts_and_attacks_are_drawn():
    game = _state_with(lambda g: g.view(YOU).modules["invaders"]["attacks"]
                       and any(g.view(YOU).modules["characters"]["owned"].values()))
    parts = game.view(YOU).modules
    drawn = _drawn(_table(game))
    for player, cards in parts["characters"]["owned"].items():
        for card in cards:
            assert card.title in drawn["character", (player, card.id)].tooltip
    attacks = [b for k, b in drawn.items() if k[0] == "attack"]
    assert len(attacks) == len(parts["invaders"]["attacks"])
    assert all(b.style.button_color == PIECE_COLOURS["attack"] for b in attacks)
    scouts = [k for k in drawn if k[0] == "scout"]
    assert len(scouts) == len(parts["invaders"]["scouts"])
    coins = sum(len(c) for c in parts["change"]["coins"].values())
    assert sum(int(b.description[1:]) for k, b in drawn.items() if k[0] == "coin") == coins


def test_a_thief_clicked_then_a_display_card_steals_it():
    game = _state_with(lambda g: g.current_player == YOU and any(
        a.kind == "steal" for a in g.legal_actions()))
    steal = next(a for a in game.legal_actions() if a.kind == "steal")
    table = _table(game)
    table.click_thief(steal.card.currency)
    assert ("thief", steal.card.currency) in table.selection.clicked
    assert table.message.value == (f"Your {steal.card.currency} thief: now click a "
                                   f"{steal.card.currency} card of the display to steal it.")
    thief = table.pieces.tokens.buttons["thief", steal.card.currency]
    assert SELECTED_CLASS in thief._dom_classes  # ringed while it waits for the card
    held = len(table.game.hand(YOU))
    table.click_card(list(table.game.display).index(steal.card))
    assert "You play a thief and steal" in table.message.value
    assert len(table.game.hand(YOU)) == held + 1 and steal.card in table.game.hand(YOU)


def test_your_sleeping_vizier_token_is_clicked_to_wake_it():
    game = _state_with(lambda g: g.current_player == YOU and any(
        a.kind == "wake" for a in g.legal_actions()))
    wake = next(a for a in game.legal_actions() if a.kind == "wake")
    table = _table(game)
    assert table.click_path(wake) == [("vizier", YOU)]
    table.click_vizier(OTHERS[0])  # another's token makes no move
    # Issue 35.6 changed the words: a refused click says why, and what is waiting now.
    assert table.message.value.startswith(f"That is {OTHERS[0]}&#x27;s vizier token")
    assert "Now: Turn" in table.message.value
    assert table.game.view(YOU).modules["vizier"]["awake"][YOU] is False
    table.click_vizier(YOU)
    assert "You wake the vizier" in table.message.value
    assert table.game.view(YOU).modules["vizier"]["awake"][YOU] is True
