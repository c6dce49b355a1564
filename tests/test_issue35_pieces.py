"""Issue 35 point 3: every piece at the table shows what it is and what it is worth.

A bazaar whose market square is empty said "flo None"; the chests of the treasure rooms
were gold dots without their colours; a coin read "1*" and a master builder "3*"; a
diamond was white on light grey; huts and bazaars on your Alhambra were bare text
("gard", "flor").
"""

from __future__ import annotations

import warnings

import pytest

from alhambra_lib import Game, Tile
from alhambra_lib.components import Card, Coin, DiamondCard, MasterBuilderCard
from alhambra_lib.palette import KIND_COLOURS
from alhambra_lib.widgets._board import BoardGrid, TWO_LINES_CLASS, tile_look
from alhambra_lib.widgets._table_pieces import PiecesPanel, board_pieces, card_look

HUT = Tile("hut", 0, "N", ("garden",))
BAZAAR = Tile("bazaar", 0, "", ("florin", "pavilion", "garden", "tower"))


def _game(*modules, players=("You", "Ben")):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # provisional module data
        return Game(list(players), seed=2, modules=modules)


def _contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two #rrggbb colours."""
    def lum(colour):
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    high, low = sorted((lum(a), lum(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_a_bazaar_whose_market_square_is_empty_says_it_is_not_for_sale():
    panel = PiecesPanel(lambda kind, key: None)
    beside = [{"bazaar": BAZAAR, "currency": "florin", "types": BAZAAR.marks[1:],
               "price": None},
              {"bazaar": BAZAAR, "currency": "florin", "types": BAZAAR.marks[1:], "price": 7}]
    panel._show_beside({"bazaars": {"beside": beside}}, set())
    empty, priced = panel.buttons["bazaar", 0], panel.buttons["bazaar", 1]
    assert "None" not in empty.description + empty.tooltip
    assert empty.description == "florin bazaar: not for sale"
    assert "square of the market" in empty.tooltip and "empty" in empty.tooltip
    assert priced.description == "florin bazaar: 7"


def test_the_chests_of_a_treasure_room_are_shown_in_their_colours():
    game = _game("treasure")
    panel = PiecesPanel(lambda kind, key: None)
    panel.show(game, "You", set())
    rooms = game.view("You").modules["treasure"]["rooms"]
    boxes = panel.rows["rooms"].children
    assert len(boxes) == len(rooms)
    for room, box in zip(rooms, boxes):
        button, chips = box.children
        assert button is panel.buttons["room", rooms.index(room) + 1]
        colours = [c for c in chips.value.split("background:")[1:]]
        from alhambra_lib.modules.treasure import COLOURS
        assert [c[:7] for c in colours] == [KIND_COLOURS[COLOURS[c]] for c in room]
        assert all(f"a {c} chest" in chips.value for c in room)


@pytest.mark.parametrize("card, text", [(Coin("florin"), "1 coin"),
                                        (MasterBuilderCard("ducat"), "3 builder"),
                                        (DiamondCard(7), "7 diamond")])
def test_a_coin_a_master_builder_and_a_diamond_say_what_they_are(card, text):
    look = card_look(card)
    assert look.text == text
    assert _contrast(look.colour, look.text_colour) >= 3.0  # the diamond was white on #ddd


def test_plain_money_keeps_its_value_alone():
    assert card_look(Card("denar", 5)).text == "5"


def test_huts_and_bazaars_on_your_alhambra_say_what_they_are_and_are_worth():
    game = _game("squares", "bazaars")
    alhambra = game.alhambra("You")
    alhambra.place(Tile("garden", 6, ""), (1, 0))
    alhambra.place(HUT, (2, 0))
    alhambra.place(Tile("tower", 6, ""), (1, 1))
    alhambra.place(BAZAAR, (0, 1))
    board = BoardGrid(lambda cell: None)
    board.show(alhambra, {}, pieces=board_pieces(game.view("You"), "You"))
    hut, bazaar = board.buttons[2, 0], board.buttons[0, 1]
    assert hut.description == "hut\n+1" and "worth 1 now" in hut.tooltip
    assert hut.style.button_color == KIND_COLOURS["garden"]  # in its type's colour
    assert bazaar.description == "bazaar\n2×2" and "worth 4 at the end" in bazaar.tooltip
    assert TWO_LINES_CLASS in hut._dom_classes and TWO_LINES_CLASS in bazaar._dom_classes
    assert TWO_LINES_CLASS not in board.buttons[1, 0]._dom_classes


def test_a_hut_in_its_pile_is_named_in_its_types_colour():
    look = tile_look(HUT)
    assert look.text == "hut" and look.colour == KIND_COLOURS["garden"]


def test_a_chambers_citizen_is_legible_on_its_light_colour():
    game = _game("street_merchant")
    panel = PiecesPanel(lambda kind, key: None)
    panel.show(game, "You", set())
    shown = [b for (kind, _), b in panel.buttons.items() if kind in ("citizen", "disc")]
    assert shown
    for button in shown:
        assert _contrast(button.style.button_color, button.style.text_color) >= 3.0, \
            button.tooltip


def test_a_wall_card_beside_the_market_says_it_is_a_wall_card():
    from alhambra_lib.components import WallCard

    assert card_look(WallCard("NE")).text == "wall NE"  # was "▭NE"
