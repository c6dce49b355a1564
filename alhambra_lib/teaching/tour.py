"""The sentences and tables that the reading notebooks show, in the current language.

The rules tour (01), the play page (06) and the score keeper (07) exist in English,
French, Korean and Danish (``notebooks/<lang>/``). Their code cells are the same in
every language; what a cell shows in words is made here, through `alhambra_lib.i18n`,
so a notebook that calls ``i18n.set_language("fr")`` first shows French tables and
sentences from the same code.

Examples
--------
>>> from alhambra_lib import i18n
>>> previous = i18n.language()
>>> i18n.set_language("en")
>>> payment_sentences((6, 5, 4), 9)
Pay 6 + 5 = 11.
Pay 6 + 4 = 10.
Pay 5 + 4 = 9.
>>> i18n.set_language("fr")
>>> longest_wall_sentence(4)
Le rempart extérieur le plus long compte 4 segments.
>>> i18n.set_language(previous)
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..alhambra import REASONS, Alhambra
from ..components import BUILDING_TILES, CURRENCIES, KINDS, Card, Tile
from ..i18n import _, gettext, ngettext
from ..modules import MODULES
from ..actions import minimal_payments
from ..narrate import card_text, score_term_text, sides_text, term, tile_text
from ..score_sheet import csv_column_text
from ..scoring import ScoreBreakdown, explain_majorities, place_points
from ..sheet_inputs import SHEET_MODULES
from .text import Sentences, Table, sentences

if TYPE_CHECKING:
    from ..engine.game import Game

__all__ = ["components_table", "money_deck_sentences", "choices_sentences",
           "take_sentences", "payment_sentences", "to_place_sentence", "verdict_table",
           "FIGURE_3_EXAMPLES", "figure_3_examples_table", "place_points_table",
           "majorities_sentences", "longest_wall_sentence", "scores_text",
           "loaded_sentences", "replayed_sentences", "resumed_sentences",
           "totals_sentence", "module_inputs_table", "parts_table", "csv_table"]


def scores_text(scores: Mapping[str, int]) -> str:
    """``Ana 10, Ben 12``: each name with its points, in the order given."""
    return ", ".join(f"{name} {points}" for name, points in scores.items())


# -- 01, the rules tour ---------------------------------------------------------------


def components_table() -> Table:
    """The building tiles per type: how many, their prices and their wall sides."""
    rows: list[list[object]] = []
    for kind in KINDS:
        tiles = [t for t in BUILDING_TILES if t.kind == kind]
        rows.append([term(kind), len(tiles), " ".join(str(t.price) for t in tiles),
                     sum(len(t.walls) for t in tiles)])
    rows.append([_("all"), len(BUILDING_TILES), "", sum(len(t.walls) for t in BUILDING_TILES)])
    return Table([_("type"), _("tiles"), _("prices"), _("wall sides")], rows)


def money_deck_sentences(deck: Sequence[Card]) -> Sentences:
    """How many money cards `deck` holds, and each currency's count and worth."""
    lines = [ngettext("The money deck holds {n} card.", "The money deck holds {n} cards.",
                      len(deck)).format(n=len(deck))]
    for currency in CURRENCIES:
        cards = [c for c in deck if c.currency == currency]
        lines.append(ngettext("{n} {currency} card is worth {worth} in all.",
                              "{n} {currency} cards are worth {worth} in all.",
                              len(cards)).format(n=len(cards), currency=term(currency),
                                                 worth=sum(c.value for c in cards)))
    return sentences(*lines)


def choices_sentences(game: Game) -> Sentences:
    """The current player's legal actions, in the words of the game table's buttons."""
    # The table's words (imported here: the widgets package loads ipywidgets).
    from ..widgets.table_text import choice_text

    return sentences(_("{player} may:").format(player=game.current_player),
                     *map(choice_text, game.legal_actions()))


def _cards_text(cards: Iterable[Card]) -> str:
    return " + ".join(card_text(card.to_list()) for card in cards)


def take_sentences(choices: Iterable[Sequence[Card]]) -> Sentences:
    """The ways to take money (`alhambra_lib.actions.take_choices`), one a line."""
    return sentences(*(_("take {cards}").format(cards=_cards_text(cards)) for cards in choices))


def payment_sentences(values: Sequence[int], price: int) -> Sentences:
    """The minimal payments of `price` with cards of `values`, and what each adds up to."""
    return sentences(*(_("pay {cards} = {total}").format(
        cards=" + ".join(map(str, payment)), total=sum(payment))
        for payment in minimal_payments(tuple(values), price)))


def to_place_sentence(game: Game) -> Sentences:
    """What the current player has bought and must now build or put in reserve."""
    tiles = [tile_text(t.to_list()) for t in game.to_place]
    return sentences(_("{player}'s actions are over, with {tiles} to place.").format(
        player=game.current_player, tiles=", ".join(tiles)))


def _verdict_text(alhambra: Alhambra, tile: Tile, cell: tuple[int, int]) -> str:
    reasons = alhambra.check(tile, cell).reasons
    return "; ".join(gettext(REASONS[r]) for r in reasons) or _("legal")


def verdict_table(alhambra: Alhambra, tile: Tile) -> Table:
    """For every empty cell next to `alhambra`, whether `tile` may go there, and why not."""
    return Table([_("cell"), _("the tile there")],
                 [[cell, _verdict_text(alhambra, tile, cell)]
                  for cell in sorted(alhambra.frontier())])


#: The examples RULES.md §6 gives for the layout of figure 3: a 7-chambers with these
#: walls, on this cell.
FIGURE_3_EXAMPLES = (("", (2, 1)), ("SW", (2, 1)), ("W", (2, 1)), ("E", (-1, 1)))


def figure_3_examples_table(example: Alhambra) -> Table:
    """The verdicts on `FIGURE_3_EXAMPLES` in `example` (figure 3's Alhambra)."""
    return Table([_("tile walls"), _("cell"), _("verdict")],
                 [[sides_text(walls) or _("none"), cell,
                   _verdict_text(example, Tile("chambers", 7, walls), cell)]
                  for walls, cell in FIGURE_3_EXAMPLES])


def place_points_table() -> Table:
    """The points of each place, per type and scoring round."""
    return Table([_("type"), *(_("round {n}").format(n=r) for r in (1, 2, 3))],
                 [[term(kind), *(" ".join(str(place_points(kind, r, p)) for p in range(1, r + 1))
                                 for r in (1, 2, 3))] for kind in KINDS])


def majorities_sentences(counts: Mapping[str, Mapping[str, int]], round_no: int,
                         points: Mapping[str, int]) -> Sentences:
    """A round's majorities explained place by place, then each player's points."""
    return sentences(*explain_majorities(counts, round_no),
                     _("In all: {scores}").format(scores=scores_text(points)))


def longest_wall_sentence(segments: int) -> Sentences:
    """The length of the longest outer wall, said."""
    return sentences(ngettext("The longest outer wall has {n} segment.",
                              "The longest outer wall has {n} segments.",
                              segments).format(n=segments))


# -- 06, the play page ----------------------------------------------------------------


def loaded_sentences(original: Game, loaded: Game) -> Sentences:
    """Whether a saved game came back the same, its number of events and its scores."""
    same = loaded.to_json() == original.to_json()
    n = len(loaded.events)
    return sentences(_("Loaded back unchanged: yes.") if same else _("Loaded back unchanged: no."),
                     ngettext("{n} event; the final scores {scores}.",
                              "{n} events; the final scores {scores}.", n).format(
                         n=n, scores=scores_text(loaded.scores)))


def replayed_sentences(actions: Sequence[Any], replayed: Game, recorded: Game) -> Sentences:
    """How many actions a record holds, its first three, and whether replaying them
    gave the recorded game."""
    from ..widgets.table_text import choice_text

    same = replayed.to_json() == recorded.to_json()
    return sentences(ngettext("{n} action; the first three: {actions}.",
                              "{n} actions; the first three: {actions}.", len(actions)).format(
                         n=len(actions), actions=", ".join(map(choice_text, actions[:3]))),
                     _("The replay is the same game: yes.") if same
                     else _("The replay is the same game: no."))


def resumed_sentences(middle: Game, finished: Game, recorded: Game) -> Sentences:
    """Where a game was saved midway, and whether finishing it gave the recorded game."""
    same = finished.to_json() == recorded.to_json()
    return sentences(_("Saved at turn {turn} with the scores {scores}.").format(
                         turn=middle.turn, scores=scores_text(middle.scores)),
                     _("Finished as the original: yes.") if same
                     else _("Finished as the original: no."))


# -- 07, the score keeper -------------------------------------------------------------


def totals_sentence(totals: Mapping[str, int], round_no: int | None = None) -> Sentences:
    """The running totals of a score sheet, after round `round_no` when given."""
    if round_no is None:
        return sentences(_("Totals: {scores}").format(scores=scores_text(totals)))
    return sentences(_("After round {n}: {scores}").format(n=round_no,
                                                            scores=scores_text(totals)))


def module_inputs_table() -> Table:
    """What a score sheet asks for each Mega Box module: one row per box to fill in."""
    rows: list[list[object]] = [
        [gettext(module.title), _("{label}: {help}").format(label=gettext(spec.label),
                                                             help=gettext(spec.help))]
        for name, module in SHEET_MODULES.items() for spec in module.inputs]
    rows += [[gettext(MODULES[name].title), _("scores nothing, nothing to count")]
             for name, module in SHEET_MODULES.items() if not module.inputs]
    return Table([_("module"), _("what to count")], rows)


def parts_table(breakdown: ScoreBreakdown) -> Table:
    """A scoring round's points per player and term, and the round's sum."""
    players = list(dict.fromkeys(p for __, values in breakdown.parts for p in values))
    header = [_("player"), *(score_term_text(t) for t, __ in breakdown.parts), _("round")]
    return Table(header, [[p, *(values.get(p, 0) for __, values in breakdown.parts),
                           sum(values.get(p, 0) for __, values in breakdown.parts)]
                          for p in players])


def csv_table(text: str) -> Table:
    """A score sheet's CSV (`alhambra_lib.ScoreSheet.to_csv`) as a table, its columns
    named in words of the current language (the file keeps its own names)."""
    header, *rows = csv.reader(io.StringIO(text))
    return Table([csv_column_text(c) for c in header], rows)
