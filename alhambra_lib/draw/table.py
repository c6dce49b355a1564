"""The table: the market and the money display, Dirk's tiles and a whole game."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import PolyCollection
from matplotlib.figure import Figure

from ..actions import DIRK
from ..components import KINDS, Tile
from ..engine.game import Phase
from ..engine.narration import points_text
from ..modules import MODULES
from ..i18n import _, format_list, ngettext
from ..narrate import YOU, player_text, term, tile_count
from ..palette import CURRENCY_COLOURS, GRID_COLOUR
from .board import _kind_handles, _tiles_layer, board_key, draw_alhambra
from .cards import cards_layer, draw_cards
from .figure import _AXIS_TEXT, DPI, LabelCollection, _Figure, _square, new_axes, side_legend
from .pieces import MODULE_PIECES, Seen, board_pieces, summary_lines
from .scores import draw_score_track

if TYPE_CHECKING:
    from ..engine.game import Game

__all__ = ["draw_game", "draw_market"]


_SQUARE_STEP = 1.5  # market squares and display cards, centre to centre
_DISPLAY_GAP = 0.6  # between the market's last square and the display's first card
_MARKET_UNIT_IN = 0.55  # inches per data unit of a market drawn alone
_TABLE_ROW_IN = 2.4  # inches per row of module panels in `draw_game`
# Three players' boards and the market: 1323 x 540 CSS pixels, shown whole at 1366 x 768
# (a widget's picture at most 540 px high) at its own size, its 8-point labels at 10 px.
_COLUMN_IN, _MARKET_ROW_IN, _BOARD_ROW_IN = 4.9, 2.6, 3.4


def draw_market(game: Game, ax: Axes | None = None, *, legend: bool = True) -> Axes:
    """Draw the building market (squares 1..4 and their currencies) and, right of it in
    the same row, the money display.

    One row rather than two keeps the drawing flat: in `draw_game`'s top row, as wide as
    it is low, the cards are drawn large enough for their labels.

    Examples
    --------
    >>> from alhambra_lib.draw import artist
    >>> from alhambra_lib.game import Game
    >>> ax = draw_market(Game(["Ana", "Ben", "Cy"], seed=7))
    >>> len(artist(ax, "cards").get_paths()), artist(ax, "square_names").texts[0]
    (4, '1 denar')
    """
    display_x = 4 * _SQUARE_STEP + _DISPLAY_GAP
    width = display_x + _SQUARE_STEP * max(len(game.display), 4) - 0.2
    if ax is None:
        ax = new_axes(width * _MARKET_UNIT_IN, 1.85 * _MARKET_UNIT_IN, left=0.8,
                      right=1.6 if legend else 0.2, top=0.5, bottom=0.2)
    squares, edges, placed, names, empties = [], [], [], [], []
    for i, (currency, tile) in enumerate(game.market):
        x = i * _SQUARE_STEP
        squares.append(_square(x, 0.0, 1.2))
        edges.append(CURRENCY_COLOURS[currency])
        names.append(((x + 0.6, 1.2), _("{n} {currency}").format(n=i + 1, currency=term(currency)),
                      _AXIS_TEXT))
        if tile is None:
            empties.append(((x + 0.6, 0.6), _("empty"), "#999999"))
        else:
            placed.append(((x + 0.1, 0.1), tile))
    ax.add_collection(PolyCollection(squares, facecolors="white", edgecolors=edges,
                                     linewidths=3, zorder=1, gid="market_squares"))
    _tiles_layer(ax, placed, prefix="market_")
    LabelCollection(ax, names, 9, True, "square_names", shift=(0, 8))
    LabelCollection(ax, empties, 8, False, "empty_squares")
    cards_layer(ax, game.display, 0.0, x=display_x)
    ax.text(-0.25, 0.6, _("market"), ha="right", va="center", fontsize=9)
    ax.text(display_x, 1.2, _("display"), ha="left", va="bottom", fontsize=9)
    ax.axvline(display_x - _DISPLAY_GAP / 2, color=GRID_COLOUR, linewidth=1, linestyle="--")
    ax.set_xlim(-0.1, width)
    ax.set_ylim(-0.1, 1.75)
    ax.set_aspect("equal")
    ax.set_axis_off()
    ax.set_title(_("Market and display · bag {tiles} · draw pile {cards}").format(
        tiles=tile_count(game.bag_size),
        cards=ngettext("{n} card", "{n} cards", game.deck_size).format(n=game.deck_size)),
        loc="left", fontsize=10)
    if legend:
        side_legend(ax, _kind_handles(t for _, t in game.market if t is not None))
    return ax


def _draw_dirk(tiles: Iterable[Tile], ax: Axes) -> None:
    """Dirk's tiles (two-player game), one row per type."""
    by_kind = {kind: [t for t in tiles if t.kind == kind] for kind in KINDS}
    placed, names = [], []
    for row, kind in enumerate(KINDS):
        y = -row * 1.2
        names.append(((-0.2, y + 0.5), f"{term(kind)} {len(by_kind[kind])}", _AXIS_TEXT))
        placed += [((i * 1.1, y), tile) for i, tile in enumerate(by_kind[kind])]
    _tiles_layer(ax, placed, prefix="dirk_")
    LabelCollection(ax, names, 8, False, "dirk_kinds", align="right").set_clip_on(False)
    widest = max([len(ts) for ts in by_kind.values()] + [3])
    ax.set_xlim(-0.1, widest * 1.1)
    ax.set_ylim(-(len(KINDS) - 1) * 1.2 - 0.1, 1.1)
    ax.set_aspect("equal")
    ax.set_axis_off()


def _game_status(game: Game) -> str:
    """The figure's title: whose turn or decision it is, or who won ("You" as "you").

    Examples
    --------
    >>> from alhambra_lib.game import Game
    >>> _game_status(Game(["You", "Ben"], seed=1))
    'Turn 1: your turn'
    >>> _game_status(Game(["You", "Ben"], seed=1, modules=("street_merchant",)))
    'Before the first turn: your decision for the Street Merchant'
    """
    if game.is_over:
        return _("Game over: won by {winners}").format(
            winners=format_list([player_text(name) for name in game.winners]))
    decision = game.decision
    assert decision is not None  # the game goes on
    yours, first = decision.player == YOU, not game.turn
    said = {"n": game.turn, "player": decision.player}
    if game.phase == Phase.INTERRUPT:  # a module's decision, between or inside turns
        said["module"] = _deciding_module(decision.kind)
        if first:
            return (_("Before the first turn: your decision for the {module}") if yours else
                    _("Before the first turn: {player}'s decision for the {module}")
                    ).format(**said)
        return (_("Turn {n}: your decision for the {module}") if yours else
                _("Turn {n}: {player}'s decision for the {module}")).format(**said)
    if first:
        return (_("Before the first turn: your turn") if yours else
                _("Before the first turn: {player}'s turn")).format(**said)
    return (_("Turn {n}: your turn") if yours else _("Turn {n}: {player}'s turn")).format(**said)


def _deciding_module(kind: str) -> str:
    """The title of the (first) module whose decision `kind` is, in the current language."""
    return next((_(m.title) for m in MODULES.values() if kind in m.decisions),
                kind.replace("_", " "))


def draw_game(game: Game, *, viewer: str | None = None) -> Figure:
    """Draw a whole game in one figure: market and display, scores, every Alhambra, and
    the pieces of the Mega Box modules in play.

    The top row holds the market with the money display and the score track; a game
    with modules then has a row of panels with each module's pieces off the boards
    (`alhambra_lib.draw.pieces`); below, every player's Alhambra with its reserve and
    the modules' pieces on it (and Dirk's tiles in a two-player game), titled with the
    player's points and each module's part. A figure with many Axes, so this one returns
    the `Figure` (like the Axes of the other drawings, ``.figure`` gives it).

    Parameters
    ----------
    game : Game
    viewer : str, optional
        Draw the table as this player sees it: with their hand and their own secrets
        (bonus cards, the citizens on their disc, a peeked attack card). By default
        only what every player sees.

    Examples
    --------
    >>> from alhambra_lib.game import Game
    >>> fig = draw_game(Game(["Ana", "Ben"], seed=3))
    >>> fig._suptitle.get_text()
    "Turn 1: Ben's turn"
    >>> [ax.get_title(loc="left").split(":")[0] for ax in fig.axes[2:]]
    ['Ana (0 points)', 'Ben (0 points, to act)', "Dirk's tiles (0 points)"]
    """
    names = list(game.players)
    panels = names + ([DIRK] if len(names) == 2 else [])
    cols = min(len(panels), 3)
    rows = -(-len(panels) // cols)
    seen = Seen(game.view(names[0] if viewer is None else viewer), secrets=viewer is not None)
    tables = [m for m in game.modules if m in MODULE_PIECES and MODULE_PIECES[m].table]
    extras = ([viewer] if viewer is not None else []) + tables
    extra_rows = -(-len(extras) // cols)
    heights = [_MARKET_ROW_IN] + [_TABLE_ROW_IN] * extra_rows + [_BOARD_ROW_IN] * rows
    fig = _Figure(figsize=(_COLUMN_IN * cols, sum(heights)), dpi=DPI, layout="constrained")
    FigureCanvasAgg(fig)
    grid = fig.add_gridspec(len(heights), cols, height_ratios=heights)
    top = grid[0, :].subgridspec(1, 2, width_ratios=[1.4, 1])
    draw_market(game, fig.add_subplot(top[0]), legend=False)
    draw_score_track(game.events, fig.add_subplot(top[1]))
    for i, extra in enumerate(extras):
        ax = fig.add_subplot(grid[1 + i // cols, i % cols])
        if extra == viewer:
            draw_cards(game.hand(viewer), ax, title=_("Your hand") if viewer == YOU else
                       _("{player}'s hand").format(player=viewer))
        else:
            MODULE_PIECES[extra].table(ax, seen)
    scores = game.scores
    key: dict = {}
    for i, name in enumerate(panels):
        ax = fig.add_subplot(grid[1 + extra_rows + i // cols, i % cols])
        points = points_text(scores.get(name, 0))
        if name == DIRK:
            _draw_dirk(game.dirk_tiles, ax)
            ax.set_title(_("{dirk}'s tiles ({points}): {n}").format(
                dirk=DIRK, points=points, n=len(game.dirk_tiles)), loc="left", fontsize=10)
        else:
            whose = (_("{player} ({points}, to act)") if name == game.current_player
                     else _("{player} ({points})")).format(player=player_text(name),
                                                         points=points)
            draw_alhambra(game.alhambra(name), ax, reserve=game.reserve(name), legend=False,
                          label=whose)
            handles, summaries = board_pieces(ax, seen, name, game.modules)
            key.update((h.get_label(), h) for h in handles)
            if summaries:
                ax.set_title(ax.get_title(loc="left") + "\n" + summary_lines(summaries),
                             loc="left", fontsize=10)
    fig.legend(handles=board_key() + list(key.values()), loc="outside lower center",
               ncols=6 if key else 9,
               fontsize=8, frameon=False)
    fig.suptitle(_game_status(game), fontsize=12)
    return fig


