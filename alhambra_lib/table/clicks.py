"""What the table's clicks mean, apart from any widget: pieces, selections, paths.

Every legal action is named by the pieces a player clicks for it (its `Shape`): a market
square and the money cards paid with, a tile in hand and a cell of the Alhambra, a hut's
pile, a citizen of the supply and a cell, the side of a tile where wall sticks go, the
double wall a gate goes through... A `Selection` is what has been clicked so
far; the actions it still matches are those whose pieces include it. Once an action's
required pieces are all clicked it is *ready*: a direct one (a tile built on a cell, a
chest put on a building) is made at once when it is the only match; the others are
offered on the spot as choice buttons, never more than `MAX_OFFERED` of them (a payment
among more is narrowed by clicking the cards paid with). Moves that no piece names
(end the turn, decline, and any decision this module does not know)
are offered as buttons whenever there are few enough of them; waking the vizier is a
click on your sleeping vizier token.

`click_path` says which clicks make an action, as ``(kind, key)`` pairs that
``getattr(table, "click_" + kind)(key)`` follows on a `TableSession` (a
`~alhambra_lib.widgets.GameTable` has the same ``click_*`` methods).

Examples
--------
>>> from alhambra_lib import Game
>>> from alhambra_lib.actions import Take
>>> game = Game(["You", "Ben", "Cy"], seed=1)
>>> take = next(a for a in game.legal_actions() if isinstance(a, Take) and len(a.cards) == 2)
>>> click_path(game, "You", take)
[('card', 3), ('choice', 1)]
>>> decision_title("window"), decision_title("merchant")
("Vizier's Favour or Thieves", 'Street Merchant')
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..i18n import _, format_list, language
from ..components import GateCard
from ..modules import MODULES

__all__ = [
    "MAX_CLICKS",
    "MAX_OFFERED",
    "HOLDS",
    "SIDE_KINDS",
    "Shape",
    "Selection",
    "click_path",
    "decision_title",
    "shape",
    "shapes",
]

#: The most choice buttons offered at once, and the most clicks an action takes.
MAX_OFFERED, MAX_CLICKS = 8, 4
#: The pieces that are taken in hand: a click on one replaces the one held.
HOLDS = ("to_place", "reserve")
#: Decisions whose moves are made on your Alhambra, a tile in hand: one is held by default.
PLACING = ("place", "final_place")
#: The click kinds on a side of a cell of your Alhambra, keyed ``(cell, side)``: where a
#: wall card's sticks go (City Walls), the double wall a gate goes through (City Gates).
SIDE_KINDS = ("side", "double_wall")


@dataclass(frozen=True)
class Shape:
    """The pieces that name an action: `required` ones to click, then `narrowing` ones
    that may be clicked to single it out among many (the cards of a payment).

    `direct`: the action is made as soon as it is the only one its clicks match.
    """

    required: tuple = ()
    narrowing: tuple = ()
    direct: bool = False
    pieces: Counter = field(init=False, compare=False, repr=False)
    needs: Counter = field(init=False, compare=False, repr=False)

    def __post_init__(self):
        # Counted once: a selection compares them with what was clicked at every click.
        object.__setattr__(self, "pieces", Counter(self.required + self.narrowing))
        object.__setattr__(self, "needs", Counter(self.required))


def _within(part, whole) -> bool:
    """Whether multiset `part` is contained in multiset `whole`."""
    return all(whole.get(piece, 0) >= n for piece, n in part.items())


def _money(cards):
    return tuple(("money", c) for c in cards)


def _tile_piece(game, you, tile):
    """A tile off the board: waiting to be placed, else on your reserve."""
    return ("to_place", tile) if tile in game.to_place else ("reserve", tile)


def _payment(head, cards):
    return Shape((head,), _money(cards))


def _placing(held, action) -> Shape | tuple:
    """A tile in hand built on a cell; through a gate (§M5), a click on the double wall
    the gate goes through (or on the cell, the gate's sides then offered)."""
    on_cell = Shape((held, ("cell", action.pos)), (), True)
    if action.gate is None:
        return on_cell
    return Shape((held, ("double_wall", (action.pos, action.gate))), (), True), on_cell


def _sticks(action, game, you) -> tuple:
    """A wall card's sticks (§M9): the card, then a side of a tile of your Alhambra where
    they go (any of the card's sides), or the tile itself (marked ◆). Off the board: the
    card, then the tile in hand or on the reserve."""
    card = ("wall_card", action.card)
    if action.cell is None:
        return (Shape((card, _tile_piece(game, you, action.tile)), (), True),)
    return tuple(Shape((card, ("side", (action.cell, side))), (), True)
                 for side in action.sides) + (Shape((card, ("cell", action.cell)), (), True),)


# kind -> shape(action, game, you); a kind not here is offered as a button (`Shape()`).
_SHAPES = {
    "take": lambda a, g, y: Shape((), tuple(
        ("card" if c in g.display else "gate_card", c) for c in a.cards)),
    "buy": lambda a, g, y: _payment(("square", a.square), a.cards),
    "vizier": lambda a, g, y: _payment(("square", a.square), a.cards),
    "buy_bazaar": lambda a, g, y: _payment(("bazaar", a.bazaar), a.cards),
    "buy_chests": lambda a, g, y: _payment(("room", a.room), a.cards),
    "bid": lambda a, g, y: _payment(("bid", a.amount), a.cards),
    "place": lambda a, g, y: _placing(("to_place", a.tile), a),
    "reserve": lambda a, g, y: Shape((("to_place", a.tile),)),
    "give": lambda a, g, y: Shape((("to_place", a.tile),)),
    "redesign": lambda a, g, y: (
        Shape((("cell", a.pos),)) if a.move == "remove"
        else _placing(("reserve", a.tile), a) if a.move == "place"
        else Shape((("reserve", a.tile), ("cell", a.pos)))),
    "take_hut": lambda a, g, y: Shape((("hut", a.colour),), (), True),
    "build_wall": lambda a, g, y: _sticks(a, g, y),
    "place_chest": lambda a, g, y: Shape((("cell", a.pos),), (), True),
    "place_merchant": lambda a, g, y: Shape((("cell", a.pos),), (), True),
    "set_merchant": lambda a, g, y: Shape(
        tuple(("citizen", c) for c in a.colours) + (("cell", a.pos),), (), True),
    "take_citizen": lambda a, g, y: Shape((("citizen", a.colour),), (), True),
    "swap_citizen": lambda a, g, y: Shape((("disc", a.colours[0]),
                                           ("citizen", a.colours[1])), (), True),
    # A theft (§M10): the display card; or your thief of its currency, then the card.
    "wake": lambda a, g, y: Shape((("vizier", y),), (), True),
    "steal": lambda a, g, y: (Shape((("card", a.card),), (), True),
                              Shape((("thief", a.card.currency), ("card", a.card)), (), True)),
    "swap_card": lambda a, g, y: Shape((("card", a.card),)),
    "master_builder": lambda a, g, y: Shape((("money", a.card),)),
}


def shapes(action, game, you) -> tuple:
    """Every way of clicking `action`, as `Shape` s: its path follows the first.

    Examples
    --------
    >>> from alhambra_lib import Game, Tile
    >>> from alhambra_lib.components import WallCard
    >>> from alhambra_lib.modules.city_walls import BuildWall
    >>> game = Game(["A", "B"], seed=1)
    >>> wall = BuildWall(WallCard("NE"), "NE", Tile("tower", 9, "S"), (1, 0))
    >>> [[kind for kind, _ in s.required] for s in shapes(wall, game, "A")]
    [['wall_card', 'side'], ['wall_card', 'side'], ['wall_card', 'cell']]
    >>> shapes(wall, game, "A")[1].required[1]
    ('side', ((1, 0), 'E'))
    """
    make = _SHAPES.get(action.kind)
    made = Shape() if make is None else make(action, game, you)
    return made if isinstance(made, tuple) else (made,)


def shape(action, game, you) -> Shape:
    """The pieces that name `action` (an unknown kind: none, so offered as a button); the
    first way of clicking it when there are several (`shapes`).

    Examples
    --------
    >>> from alhambra_lib import Game, Tile
    >>> from alhambra_lib.actions import Place
    >>> shape(Place(Tile("tower", 9, "N"), (1, 0)), Game(["A", "B"], seed=1), "A")
    Shape(required=(('to_place', Tile('tower', 9, 'N')), ('cell', (1, 0))), narrowing=(), \
direct=True)
    """
    return shapes(action, game, you)[0]


_BESIDE = ("bazaars", "city_walls", "gates")


def piece_lists(game, you) -> dict:
    """``kind -> list``: the pieces a click of that kind picks by index."""
    beside = {}
    if any(m in game.modules for m in _BESIDE):  # a view costs: only when needed
        parts = game.view(you).modules
        beside = {m: parts[m]["beside"] for m in _BESIDE if parts.get(m)}
    return {
        "card": list(game.display),
        "money": list(game.hand(you)),
        "to_place": list(game.to_place) if game.current_player == you else [],
        "reserve": list(game.reserve(you)),
        "bazaar": [b["bazaar"] for b in beside.get("bazaars", ())],
        "wall_card": list(beside.get("city_walls", ())),
        "gate_card": [GateCard()] if beside.get("gates") else [],
    }


class Selection:
    """What has been clicked, and the legal actions it matches.

    Parameters
    ----------
    game : Game
    you : str
    legal : list of Action
        Your legal actions now (none when another player decides).
    """

    def __init__(self, game, you: str, legal) -> None:
        self.game, self.you, self.legal = game, you, list(legal)
        # (action, shape) for every way of clicking every action: an action may repeat.
        self._pairs = [(a, s) for a in self.legal for s in shapes(a, game, you)]
        self._lists: dict | None = None
        # (clicked, its matching pairs): the offered moves, the marks and the hint read them.
        self._now: tuple[Counter | None, list] = (None, [])
        self.matched = True  # whether the last click matched a move
        self.clicked: Counter = Counter()
        # The pieces of a half-made move the last click set aside (it began another move).
        self.dropped: Counter = Counter()
        self.reset()

    @property
    def lists(self) -> dict:
        """`piece_lists` of the game now (read once)."""
        if self._lists is None:
            self._lists = piece_lists(self.game, self.you)
        return self._lists

    def piece(self, kind: str, key) -> tuple | None:
        """The piece a click of `kind` on `key` picks, or None (an index beyond the row)."""
        row = self.lists.get(kind)
        if row is None:  # squares, cells, huts, rooms, bids, citizens: the key is the piece
            return (kind, key)
        return (kind, row[key]) if isinstance(key, int) and 0 <= key < len(row) else None

    def default(self) -> Counter:
        """While you build the tiles you bought, the first is in hand."""
        game = self.game
        if self.legal and game.decision.kind in PLACING and game.to_place:
            return Counter({("to_place", game.to_place[0]): 1})
        return Counter()

    def reset(self) -> None:
        """Nothing clicked (but the tile in hand by `default`)."""
        self.clicked = self.default()

    def _matching(self, clicked) -> list:
        """The ``(action, shape)`` pairs whose pieces include every piece of `clicked`."""
        if not clicked:
            return []
        return [(a, s) for a, s in self._pairs
                if (s.required or s.narrowing) and _within(clicked, s.pieces)]

    def _matching_now(self) -> list:
        """`_matching` of what is clicked now, computed once per click: the offered moves,
        the board's marks and the hint all read it at every redraw."""
        seen, pairs = self._now
        if seen != self.clicked:
            pairs = self._matching(self.clicked)
            self._now = (Counter(self.clicked), pairs)
        return pairs

    @property
    def matches(self) -> list:
        """The actions whose pieces include every piece clicked."""
        return _once(self._matching_now())

    @property
    def ready(self) -> list:
        """The matches whose required pieces are all clicked."""
        return _ready(self._matching_now(), self.clicked)

    def held(self) -> tuple | None:
        """The tile in hand, as its piece ``(source, tile)``, or None."""
        return next((p for p in self.clicked if p[0] in HOLDS), None)

    def _set_aside(self, kept: Counter) -> None:
        """`dropped`: the pieces clicked so far that `kept` leaves out (a tile in hand
        replaced by another is no half-made move)."""
        self.dropped = Counter({p: n for p, n in (self.clicked - kept).items()
                                if p[0] not in HOLDS})

    def click(self, piece: tuple):
        """Click `piece`: it joins the selection if something still matches, else starts a
        new one; if nothing matches either way, only the tile in hand stays selected
        (and `matched` is False). `dropped` names the pieces of a half-made move the click
        set aside. Returns the action to make now (a direct one, alone), or None."""
        if piece[0] in HOLDS:
            candidates = [Counter({piece: 1})]
        else:
            candidates = [self.clicked + Counter({piece: 1})]
            if self.default():
                candidates.append(self.default() + Counter({piece: 1}))
            candidates.append(Counter({piece: 1}))
        self.matched = False
        for clicked in candidates:
            matching = self._matching(clicked)
            if matching:
                self._set_aside(clicked)
                self.clicked, self.matched = clicked, True
                self._now = (Counter(clicked), matching)
                break
        else:
            held = self.held()
            kept = Counter({held: 1}) if held else Counter()
            self._set_aside(kept)
            self.clicked = kept
            return None
        if len(_once(matching)) == 1:
            if any(made.direct and _within(made.needs, self.clicked) for _, made in matching):
                return matching[0][0]
        return None

    @property
    def unnamed(self) -> list:
        """The actions no piece names (end, decline, a module's unknown decision)."""
        return [a for a, s in self._pairs if not s.required and not s.narrowing]

    @property
    def offered(self) -> list:
        """The moves offered on the spot as buttons: at most `MAX_OFFERED`."""
        ready = self.ready
        if len(ready) > MAX_OFFERED:  # only those named by exactly what was clicked
            named = {a for a, s in self._pairs if s.pieces == self.clicked}
            ready = [a for a in ready if a in named]
            ready = ready if len(ready) <= MAX_OFFERED else []
        unnamed = self.unnamed
        if len(ready) + len(unnamed) <= MAX_OFFERED:
            return ready + unnamed
        return ready if ready else unnamed if len(unnamed) <= MAX_OFFERED else []

    def too_many(self) -> int:
        """How many ready moves wait to be narrowed (0 when they are offered)."""
        ready = self.ready
        return len(ready) if ready and not set(ready) & set(self.offered) else 0

    def next_cells(self, kind: str = "cell") -> set:
        """The keys of the pieces of `kind` (on your Alhambra: a cell, a tile's side, a
        double wall) a next click could use: where the selection's moves go."""
        return self.next_keys().get(kind, set())

    def next_keys(self) -> dict:
        """``kind -> keys`` of the pieces a next click could use (`next_cells` of every
        kind, in one pass)."""
        clicked = self.clicked
        if clicked:
            found = [s for _, s in self._matching_now()]
        else:  # nothing clicked: the pieces that alone make a move
            found = [s for _, s in self._pairs if s.direct and len(s.required) == 1]
        keys: dict[str, set] = {}
        for made in found:
            for piece in made.required:
                if piece not in clicked:
                    keys.setdefault(piece[0], set()).add(piece[1])
        return keys


def _once(pairs) -> list:
    """The actions of ``(action, shape)`` `pairs`, once each: an action's ways of clicking
    come one after another (`Selection`), so comparing neighbours suffices."""
    found: list = []
    for action, __ in pairs:
        if not found or found[-1] is not action:
            found.append(action)
    return found


def _ready(matching, clicked) -> list:
    """The actions of `matching` pairs whose required pieces are all `clicked`, once each."""
    return _once((a, s) for a, s in matching if _within(s.needs, clicked))


def _key_of(lists, piece, used):
    """The click key picking `piece`: its index in its row (not one `used` already)."""
    kind, what = piece
    row = lists.get(kind)
    if row is None:
        return what
    found = [i for i, x in enumerate(row) if x == what and (kind, i) not in used]
    if not found:
        raise ValueError(f"no {kind} {what!r} to click among {row}")
    return found[0]


def _next_piece(selection, shape_):
    """The piece to click next for an action of `shape_`: a required one (the tile in hand
    first), else the narrowing card that leaves the fewest ready moves."""
    missing = Counter(shape_.required) - selection.clicked
    holds = [p for p in missing if p[0] in HOLDS]
    if holds or missing:
        return (holds or list(missing))[0]
    left = list((Counter(shape_.narrowing) - selection.clicked).elements())
    if not left:
        return None

    def ready_after(piece):
        trial = Counter(selection.clicked)
        trial[piece] += 1
        return len(_ready(selection._matching(trial), trial))

    return min(left, key=ready_after)


def click_path(game, you, action) -> list:
    """The clicks that make `action` on a fresh table at `game` (you to decide).

    Returns
    -------
    list of (str, object)
        ``(kind, key)``: ``getattr(table, "click_" + kind)(key)`` is one click.

    Raises
    ------
    ValueError
        If `action` is not legal now, or no path of `MAX_CLICKS` clicks makes it.
    """
    legal = game.legal_actions() if game.current_player == you else []
    if action not in legal:
        raise ValueError(f"{action} is not one of your legal moves now")
    selection, made = Selection(game, you, legal), shape(action, game, you)
    lists = selection.lists
    clicks: list[tuple[str, object]] = []
    used: set[tuple[str, object]] = set()
    while len(clicks) < MAX_CLICKS:
        offered = selection.offered
        if action in offered:
            return clicks + [("choice", offered.index(action))]
        piece = _next_piece(selection, made)
        if piece is None:
            break
        key = _key_of(lists, piece, used)
        used.add((piece[0], key))
        clicks.append((piece[0], key))
        done = selection.click(piece)
        if done is not None:
            if done == action:
                return clicks
            break
    raise ValueError(f"no path of at most {MAX_CLICKS} clicks makes {action}: {clicks}")


def decision_title(kind, legal=(), game=None) -> str:
    """The module whose decision `kind` is, by title; with the `legal` actions, only the
    modules that offer one of them (a window is the vizier's or the thieves'), and with
    the `game`, only modules in play.

    The turn's own decisions (``act``, placing) belong to no module.
    """
    if kind in ("act",) + PLACING:
        return _("your turn")
    kinds = {a.kind for a in legal} - {"decline"}
    names = [n for n, m in MODULES.items() if kind in m.decisions
             and (not kinds or kinds & m.decisions[kind])
             and (game is None or n in game.modules)]
    if kind == "master_builder" and len(names) > 1 and game is not None:
        names = _redesign_owners(game, names)
    titles = [_(MODULES[n].title) for n in names]
    if not titles:
        return kind.replace("_", " ")
    return " or ".join(titles) if language() == "en" else format_list(titles, style="or")


def _redesign_owners(game, names) -> list:
    """Whose turn-end redesign is asked for: a master builder's, unless the player owns the
    character of the extra redesign (RULES.md §M7, §M14), when it may be either."""
    player = game.decision.player
    owned = game.view(player).modules["characters"]["owned"].get(player, ())
    if any(card.id == "extra_redesign" for card in owned):
        return names
    return ["master_builders"]
