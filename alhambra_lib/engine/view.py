"""What one player may see of a game: `GameView`.

Everything public, the player's own hand, the others' card counts, and a section per
module (``view.modules[name]``), each module hiding what the player may not see (e.g.
the others' bonus cards, of which only the number shows).

A view is a snapshot: nothing in it is live or can be changed (a module's section is
frozen: its dicts read-only, its lists tuples). The modules' sections are computed when
first read (most players of a view read none of them); the game completes a view it
handed out before it changes, so a section read later is still that of the snapshot.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NoReturn

from ..actions import DIRK
from ..alhambra import Alhambra
from ..components import KINDS, Card, Tile
from ..modules import _SECRET_FIELDS, _SECRET_PER_PLAYER_FIELDS, MODULES

if TYPE_CHECKING:
    from ..modules.base import Module
    from .decisions import Decision
    from .game import Game
    from .sampling import PublicState

__all__ = ["GameView", "ModuleViews", "FrozenDict", "freeze", "make_view", "public_events",
           "SECRET_FIELDS"]


class FrozenDict(dict):
    """A dict that refuses every change: a module's section of a view (shown, compared
    and JSON-written like a dict).

    Examples
    --------
    >>> d = FrozenDict(a=1)
    >>> d, d == {"a": 1}
    ({'a': 1}, True)
    >>> d["b"] = 2
    Traceback (most recent call last):
    ...
    TypeError: a view is a snapshot: it cannot be changed
    """

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("a view is a snapshot: it cannot be changed")

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self) -> tuple[type, tuple[dict]]:
        return (FrozenDict, (dict(self),))


#: Types `freeze` returns as they are, told by their exact type.
_PLAIN = frozenset({int, float, str, bool, type(None), Tile, Card})


def freeze(value: Any) -> Any:
    """`value` with every dict made a `FrozenDict`, every list a tuple and every set a
    frozenset, recursively: nothing of it can change any more."""
    if type(value) in _PLAIN:  # most leaves: no isinstance test to pass through
        return value
    if isinstance(value, dict):  # comprehensions: quicker than generators here
        return FrozenDict({k: freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple([freeze(v) for v in value])
    if isinstance(value, set):
        return frozenset(value)
    return value


class ModuleViews(Mapping):
    """``{module name: its section of a view}``, each section computed when first read.

    `complete` computes the sections not read yet; the game calls it before it changes
    for every view still held, so a view stays the snapshot of its moment.
    """

    __slots__ = ("_game", "_name", "_hooks", "_parts", "__weakref__")

    def __init__(self, game: Game, name: str, hooks: Iterable[Module]) -> None:
        self._game: Game | None = game
        self._name = name
        self._hooks = {m.name: m for m in hooks}
        self._parts: dict[str, Any] = {}

    def __getitem__(self, module: str) -> Any:
        parts = self._parts
        if module not in parts:
            hook = self._hooks[module]  # KeyError for a module not in play
            assert self._game is not None  # `complete` read every section before letting go
            parts[module] = freeze(hook.view(self._game._ctx, self._name))
        return parts[module]

    def __contains__(self, module: object) -> bool:
        return module in self._hooks  # without computing the section, as Mapping's would

    def __iter__(self) -> Iterator[str]:
        return iter(self._hooks)

    def __len__(self) -> int:
        return len(self._hooks)

    def __repr__(self) -> str:
        return repr(dict(self))

    def complete(self) -> None:
        """Compute every section not read yet, and let go of the game."""
        if self._game is not None:
            for module in self._hooks:
                self[module]
            self._game = None

    def __reduce__(self) -> tuple[type, tuple[dict]]:
        self.complete()
        return (FrozenDict, (dict(self._parts),))


@dataclass(frozen=True)
class GameView:
    """What one player may see: everything public, their own hand, others' card counts.

    Built by `Game.view`; a snapshot, unchanged by later moves.

    Attributes
    ----------
    player : str
        Whose view this is.
    hand : tuple of Card
        That player's cards; of the others only `hand_sizes` is known.
    layouts : mapping
        ``{name: {(x, y): Tile}}`` for every Alhambra.
    decision : Decision or None
        What is being decided now, and by whom.
    modules : mapping
        ``{module name: its public part for this player}``.
    events : tuple of dict
        The public record as this player saw it (`public_events`): the game's events,
        with what only another player saw (their bonus cards, master builders, thieves,
        a peeked attack card, the merchant's chosen citizens) and what nobody saw (the
        attack order, the face-down scouts) replaced by None (a list by as many Nones:
        how many cards were dealt is seen). Lets a bot count cards as a player at the table
        can. The dicts are shared with the game's record: read them, never change them.
    public : PublicState
        Everything the player knows of the game's state, the secrets pooled
        (`engine.sampling.public_state`: the order of the turn's steps, every hand of
        money as counted, the bag, ...): what `engine.determinize` samples from.
        Computed when first read.
    """

    player: str
    players: tuple
    phase: object
    current_player: str | None
    turn: int
    hand: tuple
    hand_sizes: MappingProxyType
    market: tuple
    display: tuple
    layouts: MappingProxyType
    reserves: MappingProxyType
    to_place: tuple
    dirk_tiles: tuple
    scores: MappingProxyType
    bag_size: int
    deck_size: int
    discard_size: int
    rounds_scored: tuple
    options: MappingProxyType
    decision: Decision | None = None
    modules: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    events: tuple = ()
    public: PublicState | None = field(default=None, repr=False)

    def alhambra(self, name: str) -> Alhambra:
        """A fresh `Alhambra` of `name`'s layout (and gates, §M5), free to experiment on."""
        return Alhambra.from_layout(self.layouts[name], self.options["hole_rule"], check=False,
                                    gates=self.gates(name))

    def gates(self, name: str) -> tuple:
        """The gates (§M5) of `name`'s Alhambra, pairs of cells; ``()`` without them.

        Examples
        --------
        >>> from alhambra_lib import Game
        >>> Game(["Ana", "Ben"], seed=1, modules=("gates",)).view("Ana").gates("Ben")
        ()
        """
        # They are in the part of the module whose Alhambras hold them: only that part
        # is read (the others are computed when first read).
        return next((self.modules[module]["gates"].get(name, ()) for module in self.modules
                     if module in MODULES and "gates" in MODULES[module].alhambra_parts), ())

    def counts(self, name: str) -> dict[str, int]:
        """``{kind: n}`` of `name`'s Alhambra, or of Dirk's tiles (no module bonuses)."""
        counts = dict.fromkeys(KINDS, 0)
        tiles = self.dirk_tiles if name == DIRK else self.layouts[name].values()
        for tile in tiles:
            if tile.kind in counts:
                counts[tile.kind] += 1
        return counts

    def __reduce__(self) -> tuple[Callable[..., GameView], tuple[tuple[Any, ...]]]:
        """Pickle (and deep-copy) the fields, each read-only mapping as a `_ReadOnly` dict
        (a ``MappingProxyType`` does not pickle), made read-only again on load; the
        modules' sections and `public` are completed first (theirs do the same).

        Examples
        --------
        >>> import copy, pickle
        >>> from alhambra_lib import Game
        >>> view = Game(["Ana", "Ben"], seed=1, modules=("treasure",)).view("Ana")
        >>> pickle.loads(pickle.dumps(view)) == view == copy.deepcopy(view)
        True
        """
        return (_view_of_fields,
                (tuple(_pickled(getattr(self, f.name)) for f in fields(self)),))


class _ReadOnly(dict):
    """A read-only mapping of a `GameView` while it is pickled or deep-copied."""

    __slots__ = ()


def _pickled(value: Any) -> Any:
    """A field of a view as it pickles: a read-only mapping (of read-only mappings, the
    layouts) as a `_ReadOnly` dict."""
    if isinstance(value, MappingProxyType):
        return _ReadOnly({key: _pickled(item) for key, item in value.items()})
    return value


def _unpickled(value: Any) -> Any:
    """`_pickled` undone: each `_ReadOnly` dict read-only again."""
    if isinstance(value, _ReadOnly):
        return MappingProxyType({key: _unpickled(item) for key, item in value.items()})
    return value


def _view_of_fields(values: tuple[Any, ...]) -> GameView:
    """A `GameView` of the fields `GameView.__reduce__` gave, in their order."""
    return GameView(*map(_unpickled, values))


#: event type -> the fields only the event's ``player`` saw (a module's cards dealt face
#: down, a peek, a secret choice); the key ``"*"`` marks a field nobody saw. A live view
#: of the registered modules' `Module.secret_fields`.
SECRET_FIELDS = MappingProxyType(_SECRET_FIELDS)
#: event type -> the field holding ``{player: secret}`` of every player (§M10 thieves).
_SECRET_PER_PLAYER = MappingProxyType(_SECRET_PER_PLAYER_FIELDS)


def _hidden(value: Any) -> list[None] | None:
    """A secret as seen from outside: a list keeps its length (one sees how many cards
    were dealt), each item None; anything else is None."""
    return [None] * len(value) if isinstance(value, list) else None


def _redacted(event: dict[str, Any], name: str) -> dict[str, Any]:
    """`event` as `name` saw it: the same dict when nothing in it is hidden from them."""
    kind = event["type"]
    secret = SECRET_FIELDS.get(kind)
    if secret is not None:
        if secret[0] == "*":
            return {**event, **{f: _hidden(event[f]) for f in secret[1:]}}
        if event.get("player") != name:
            return {**event, **{f: _hidden(event[f]) for f in secret}}
        return event
    per_player = _SECRET_PER_PLAYER.get(kind)
    if per_player is not None:
        return {**event, per_player: {p: (v if p == name else _hidden(v))
                                      for p, v in event[per_player].items()}}
    return event


def public_events(game: Game, name: str) -> tuple[dict[str, Any], ...]:
    """The events of `game` as player `name` saw them (see `GameView.events`).

    Examples
    --------
    >>> from alhambra_lib import Game
    >>> g = Game(["Ana", "Ben"], seed=1, modules=("bonus_cards",))
    >>> [e["tiles"] for e in public_events(g, "Ana") if e["type"] == "bonus_cards"][1]
    [None, None, None]
    """
    n = game._n_events  # the log is shared with copies (`Game.copy`): read its first n
    if not game.modules:  # the base game has no secret events
        return tuple(game._events[:n])
    # The log only grows, so the redacted record is kept per player and extended: a
    # view per decision then costs the new events only, not the whole game again.
    seen, kept = game._public_events.get(name, (0, ()))
    if seen != n:
        kept += tuple(_redacted(event, name) for event in game._events[seen:n])
        game._public_events[name] = (n, kept)
    return kept


def make_view(game: Game, name: str, live: list[weakref.ref[Any]] | None = None) -> GameView:
    """The `GameView` of `game` for player `name`; the sections of its modules are read
    when asked, and `live` (a list) gets a weak reference to them, which the game
    completes before it changes (without `live` they are all computed at once)."""
    from .sampling import PublicState

    modules = ModuleViews(game, name, game._view_hooks)
    public = PublicState(game, name)
    if live is None:
        modules.complete()
        public.complete()
    else:
        live.append(weakref.ref(modules))
        live.append(weakref.ref(public))
    return GameView(
        player=name,
        players=game.players,
        phase=game.phase,
        current_player=game.current_player,
        turn=game.turn,
        hand=game.hand(name),
        hand_sizes=MappingProxyType({p: len(game.hand(p)) for p in game.players}),
        market=game.market,
        display=game.display,
        layouts=MappingProxyType({p: MappingProxyType(dict(game.alhambra(p).layout))
                                  for p in game.players}),
        reserves=MappingProxyType({p: game.reserve(p) for p in game.players}),
        to_place=game.to_place,
        dirk_tiles=game.dirk_tiles,
        scores=MappingProxyType(game.scores),
        bag_size=game.bag_size,
        deck_size=game.deck_size,
        discard_size=game.discard_size,
        rounds_scored=game.rounds_scored,
        options=MappingProxyType(game.options),
        decision=game.decision,
        modules=modules,
        events=public_events(game, name),
        public=public,
    )
