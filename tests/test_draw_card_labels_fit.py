"""Issue 35.3/35.8: every card's value and label lie inside the card, apart from each
other, at 10 CSS px or more, in every drawing of cards: a hand, the display, the whole
table and each module's panel. Measured on the rendered figure: each label's glyph
outline and each card's outline in display pixels, after the layout has run."""

from __future__ import annotations

import warnings

import pytest
from matplotlib.collections import PolyCollection

from alhambra_lib import Game
from alhambra_lib.components import (KINDS, Card, Coin, DiamondCard, ExchangeCard, GateCard,
                                     MasterBuilderCard, ScoringCard, Tile, WallCard)
from alhambra_lib.draw import MODULE_PIECES, draw_cards, draw_game, draw_module
from alhambra_lib.draw.cards import CARD_BACK
from alhambra_lib.draw.figure import SMALLEST_LABEL
from alhambra_lib.modules.bonus_cards import BonusCard
from alhambra_lib.teaching.demo import mega_box_game

#: The longest labels a card carries: every currency, kind and card of a module.
WIDEST_CARDS = [Card("dirham", 9), MasterBuilderCard("dirham"), Coin("dirham"), DiamondCard(5),
                ExchangeCard(("dirham", "denar")), GateCard(), WallCard("NE"), CARD_BACK,
                ScoringCard(2)]  # a scoring card: drawn in a sampled draw pile (notebook 09)


def _box(points):
    xs, ys = points[:, 0], points[:, 1]
    return xs.min(), ys.min(), xs.max(), ys.max()


def _inside(inner, outer):
    return (inner[0] >= outer[0] and inner[1] >= outer[1] and inner[2] <= outer[2]
            and inner[3] <= outer[3])


def _apart(one, other):
    return one[2] <= other[0] or other[2] <= one[0] or one[3] <= other[1] or other[3] <= one[1]


def _label_boxes(ax, layer):
    """Each label of the LabelCollection `layer`: its text and its ink box in pixels."""
    offsets = layer.get_offset_transform().transform(layer.get_offsets())
    boxes = []
    for path, (dx, dy) in zip(layer.get_paths(), offsets):
        ink = path.get_extents(layer.get_transform())
        boxes.append((ink.x0 + dx, ink.y0 + dy, ink.x1 + dx, ink.y1 + dy))
    return list(zip(layer.texts, boxes))


def card_label_faults(figure):
    """Every card of `figure` whose value or label leaves the card, whose value and label
    touch, or that overlaps another card; and every card label under `SMALLEST_LABEL`."""
    figure.canvas.draw()  # the layout sets where every Axes lies
    faults = []
    for ax in figure.axes:
        for cards in [c for c in ax.collections if isinstance(c, PolyCollection)
                      and (c.get_gid() or "").endswith("cards")]:
            prefix = cards.get_gid().removesuffix("cards")
            layers = {c.get_gid(): c for c in ax.collections}
            values, labels = layers[f"{prefix}card_values"], layers[f"{prefix}card_currencies"]
            shapes = [_box(ax.transData.transform(p.vertices)) for p in cards.get_paths()]
            faults += [(prefix, "label size", labels.size)] if labels.size < SMALLEST_LABEL else []
            for i, (card, (value, value_box), (label, label_box)) in enumerate(
                    zip(shapes, _label_boxes(ax, values), _label_boxes(ax, labels))):
                for text, box in ((value, value_box), (label, label_box)):
                    if not _inside(box, card):
                        faults.append((prefix, text, "outside its card",
                                       round(box[2] - box[0]), round(card[2] - card[0])))
                if not _apart(value_box, label_box):
                    faults.append((prefix, value, label, "value on the label"))
                faults += [(prefix, label, "on another card") for other in shapes[i + 1:]
                           if not _apart(card, other)]
    return faults


@pytest.fixture(scope="module")
def game():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # provisional data of some modules
        return mega_box_game()


def test_card_labels_overflowing_their_cards_in_a_hand():
    bonus = [BonusCard(Tile(kind, 10, "")) for kind in KINDS]  # "chambers", "pavilion"...
    assert card_label_faults(draw_cards(WIDEST_CARDS + bonus).figure) == []


@pytest.mark.parametrize("viewer", [None, "Ana"])
def test_card_labels_overflowing_their_cards_on_the_whole_table(game, viewer):
    assert card_label_faults(draw_game(game, viewer=viewer)) == []


def test_card_labels_overflowing_their_cards_on_a_six_player_table():
    game = Game([f"P{i}" for i in range(6)], seed=2)
    assert card_label_faults(draw_game(game, viewer="P0")) == []


def test_card_labels_overflowing_their_cards_in_every_module_panel(game):
    for module in [m for m, pieces in MODULE_PIECES.items() if pieces.table]:
        for viewer in game.players:
            ax = draw_module(game.view(viewer), module)
            assert card_label_faults(ax.figure) == [], (module, viewer)


def test_the_measure_sees_an_overflowing_label():
    from alhambra_lib.draw import CardFace

    ax = draw_cards([CardFace("#777777", "1", "a label far too long for a card")])
    assert [fault[1:3] for fault in card_label_faults(ax.figure)] == [
        ("a label far too long for a card", "outside its card")]
