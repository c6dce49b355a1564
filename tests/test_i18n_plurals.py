"""Issue 33: a count is said in the plural form the language uses for it. French takes the
singular for 0 and 1 ("0 tuile", "1 carte"): messages that glued a number to a plural noun
said "0 tuiles" on the game table and "1 restantes" on a hut pile."""

from __future__ import annotations

import re

from _i18n_helpers import speaking  # noqa: F401 (a fixture)

from alhambra_lib import Alhambra, Tile
from alhambra_lib.game import describe_event
from alhambra_lib.svg import alhambra_svg
from alhambra_lib.widgets import GameTable


def test_the_table_says_0_tuile_not_0_tuiles_in_french(speaking):
    speaking("fr")
    table = GameTable()  # no tile built yet: every Alhambra holds 0 tiles
    assert "0 tuile," in table.mine.value, table.mine.value
    said = table.mine.value + table.others.value
    assert not re.search(r"\b[01] (tuiles|cartes)\b", said), said


def test_a_start_with_one_card_is_one_carte(speaking):
    speaking("fr")
    said = describe_event({"type": "start_player", "player": "Ana", "cards": 1, "total": 9})
    assert said == "Ana commence (1 carte pour 9)"
    speaking("da")
    said = describe_event({"type": "start_player", "player": "Ana", "cards": 4, "total": 21})
    assert said == "Ana starter (4 kort til en værdi af 21)"


def test_an_alhambra_of_one_tile_is_captioned_1_tuile(speaking):
    alhambra = Alhambra()
    alhambra.place(Tile("tower", 9, "NE"), (1, 0))
    speaking("fr")
    assert "1 tuile, plus long rempart" in alhambra_svg(alhambra)
    speaking("en")
    assert "1 tile, longest wall" in alhambra_svg(alhambra)
