"""A game sampled from what one player can know: `public_state` and `determinize`.

A player at the table knows more than their `GameView` shows at a glance: starting
money is dealt face up and every take and payment is public, so by counting they know
every hand of money, the discards, the bag (every tile not in sight) and the order of
the turn's steps. `public_state` writes that knowledge down once per view: the game's
save (version 2) with every secret replaced by a *slot* ``{"?": class}`` and the
secrets themselves pooled by class, sorted, so that two games that differ only in what
the player cannot see give the same public state. The secrets (RULES.md sections):

- the draw pile (§3.7): what is left of each of the five money piles is a *segment*;
  the money and diamonds in it were shuffled before the split, each special card (the
  scoring cards, characters §M7, gate §M5, wall §M9 and exchange §M2 cards, master
  builders §M14) lies at a uniform place in what is left of its own pile; after a
  reshuffle the pile is one segment of equals;
- the master builders dealt face down (§M14) still in another's hand, and those out
  of the game; the others' bonus cards not shown yet and those set aside (§M3); the
  others' thieves and those removed (§M10); the attack order (but the top card the
  player peeked at) and the face-down scouts (§M15); the huts under each pile's top
  (§M4); the citizens on the others' merchant discs and in their hands (§M12: at
  setup each player's six are known; after it the citizens known to be on a disc, those
  taken or swapped in in the open, stay, and what is left of the three chosen at setup
  is one pool, each disc's of distinct colours and of none the record bars: a resident
  or a swap-out of one of the three, a lift without a resident, a swap offered or not
  with a supply of one colour; `modules.street_merchant.DiscRecord`);
- the game's generator (the future draws from the bag, whose content is known).

`determinize` deals each class's pool at random into its slots (uniform: every
arrangement consistent with the public state is equally likely). A slot may carry
conditions (`secrets.slot`: values it cannot take, a group whose slots differ): its
class is then dealt whole, up to `_DEALS` times, until a deal fits (still uniform over
the fitting arrangements), and else by a randomized search (not quite uniform; with
the Street Merchant only in six-player views, about one sample in twenty), so that
every fitting arrangement can come up and one is found whenever one exists. A game of
the public state is built once per view through the save format (`Game.from_json`,
which checks every component); each sample is a copy of it with its secrets dealt
afresh.

Examples
--------
>>> from alhambra_lib import Game
>>> g = Game(["Ana", "Ben", "Cy"], seed=7, modules=("bonus_cards", "invaders"))
>>> g.apply(g.legal_actions()[0])
>>> view = g.view("Ben")
>>> sampled = determinize(view, seed=1)
>>> sampled.view("Ben") == view
True
>>> sampled.hand("Ana") == g.hand("Ana")  # money is counted from the public takes
True
"""

from __future__ import annotations

import json
import random
from bisect import bisect_right
from collections.abc import Iterable
from functools import partial
from collections.abc import Sequence
from typing import Any, NoReturn

from ..actions import card_from_list
from ..errors import AlhambraError
from ..modules import MODULES
from ..secrets import APART, NOT, SLOT, allows, is_slot, slot

__all__ = ["determinize", "public_state", "PublicState", "SLOT"]

#: The class of the draw pile's cards that lie anywhere in it: the money and the cards
#: shuffled with it before the split (§3.7, §M0.2); every other card of the pile lies in
#: its own money pile.
_DECK = "deck"
#: The base game's card that lies in its own money pile: a scoring card (§3.7).
_SCORING = "scoring"


def _special_tags(game):
    """The tags of the cards that lie in their own money pile: the scoring cards and
    every module card (`Module.card_tags`, `Module.pile_card_tags`) but those shuffled
    with the money before the split (`Module.deck_cards`: the diamonds)."""
    tags = {tag for m in game._modules for tag in (*m.card_tags, *m.pile_card_tags)}
    deck = {card.to_list()[0] for m in game._modules for card in m.deck_cards(game._config)}
    return (tags - deck) | {_SCORING}


# -- the public state ------------------------------------------------------------------


def _pile_class(card, shuffled, special):
    """The class of a draw pile card: its own for a card of a `special` tag (the scoring
    cards by round: each lies in its pile), `_DECK` for money and diamonds."""
    if shuffled or card[0] not in special:
        return _DECK
    return f"{_SCORING}:{card[1]}" if card[0] == _SCORING else card[0]


def _pile_segments(events, size, inserted):
    """The segment (0-4) of each draw pile place, top first, from the public record:
    the piles' sizes when the pile was built (with the cards a module shuffled in after,
    told by the events of the types `inserted`: the master builders, §M14) and the cards
    drawn since; None after a reshuffle."""
    sizes = None
    for event in events:
        kind = event["type"]
        if kind == "draw_pile":
            sizes = list(event["piles"])
        elif kind in inserted and sizes is not None:
            for pile, n in event["piles"].items():
                sizes[int(pile) - 1] += n
        elif kind == "reshuffle":
            sizes = None
    if sizes is None:
        return None
    ends = [sum(sizes[:k + 1]) for k in range(len(sizes))]
    drawn = ends[-1] - size
    if drawn < 0:
        raise AlhambraError("determinize: the draw pile is larger than the piles it was built "
                            "from")
    return [bisect_right(ends, drawn + j) for j in range(size)]


def _redact_pile(game, events, pile, hidden):
    """``{"segments": [sorted classes of each segment]}`` of `game`'s draw pile `pile`
    (saved; `events`: its record); the cards go to `hidden`."""
    inserted = {kind for m in game._modules for kind in m.pile_insert_events}
    segments = _pile_segments(events, len(pile), inserted)
    special = _special_tags(game)
    groups = {}
    for j, card in enumerate(pile):
        cls = _pile_class(card, segments is None, special)
        hidden.setdefault(cls, []).append(card)
        groups.setdefault(0 if segments is None else segments[j], []).append(cls)
    return {"segments": [sorted(groups[k]) for k in sorted(groups)]}


def _secret(items: list[Any], cls: str, hidden: dict[str, list[Any]], *,
            barred: Sequence[Any] = (), apart: str | None = None) -> list[dict[str, Any]]:
    """Pool `items` in `hidden` as secrets of class `cls`; their slots (`Secret`), with
    the conditions given."""
    hidden.setdefault(cls, []).extend(items)
    return [slot(cls, barred=barred, apart=apart) for _ in items]


def public_state(game, name) -> dict:
    """What player `name` knows of `game`: its save with the secrets as slots, pooled.

    The save (`Game.to_json`, without the events and the generator), where every
    secret (see the module's notes) is a slot ``{"?": class}`` and ``"hidden"`` maps
    each class to its secrets, sorted. Two games that differ only in what `name`
    cannot see give equal public states (read it as `GameView.public`).

    Examples
    --------
    >>> from alhambra_lib import Game
    >>> state = public_state(Game(["Ana", "Ben"], seed=1, modules=("thieves",)), "Ana")
    >>> state["modules_state"]["thieves"]["hands"]["Ben"][0]
    {'?': 'thief'}
    >>> len(state["hidden"]["thief"])  # Ben's and those removed
    8
    """
    from .persist import game_state

    state = json.loads(json.dumps(game_state(game, events=False)))
    del state["rng"]
    events = game.events
    hidden: dict[str, list[Any]] = {}
    secret = partial(_secret, hidden=hidden)
    state["draw_pile"] = _redact_pile(game, events, state["draw_pile"], hidden)
    state["bag"].sort(key=json.dumps)
    for module in _using(game._modules, "redact_hand"):
        for p, hand in state["hands"].items():
            if p != name:
                state["hands"][p] = module.redact_hand(hand, events, p, secret)
    for module in _using(game._modules, "redact_slice"):
        module.redact_slice(state["modules_state"][module.name], name, events, secret)
    state["hidden"] = {cls: sorted(cards, key=json.dumps) for cls, cards in hidden.items()}
    return state


def _using(modules, hook):
    """The modules of `modules` that override `hook` (those with secrets)."""
    return [m for m in modules if m.overrides(hook)]


class PublicState:
    """`public_state` of a view, computed when first asked (as JSON text: compared,
    and parsed afresh for each sample), and before its game changes (`complete`)."""

    __slots__ = ("_game", "_name", "_text", "_value", "_template", "_pile_cards",
                 "__weakref__")

    def __init__(self, game, name):
        self._game, self._name, self._text = game, name, None
        self._value = self._template = None  # determinize's, kept with the view
        self._pile_cards = {}  # determinize's: id(card data) -> (the data, its card)

    def complete(self):
        """Compute the state while the game is the view's, and let go of the game."""
        if self._text is None:
            self._text = json.dumps(public_state(self._game, self._name), sort_keys=True)
        self._game = None

    @property
    def text(self) -> str:
        self.complete()
        return self._text

    def value(self) -> dict:
        """A fresh copy of the state, free to change."""
        return json.loads(self.text)

    def __eq__(self, other):
        return isinstance(other, PublicState) and self.text == other.text

    __hash__ = None  # type: ignore[assignment]  # equal by value, yet mutable: unhashable

    def __repr__(self):
        return "PublicState(...)"

    def __reduce__(self):
        self.complete()
        return (_restored, (self._text,))


def _restored(text):
    state = PublicState(None, None)
    state._text = text
    return state


# -- sampling ---------------------------------------------------------------------------


def _refuse(message: str) -> NoReturn:
    raise AlhambraError(f"determinize: {message}")


_NESTED = (dict, list)


class _Pools:
    """Each class's secrets, shuffled (kept in sorted order without `rng`); `take` deals
    the next one, `fill` notes the slots of a value and `settle` deals them."""

    def __init__(self, hidden: dict[str, list[Any]], rng: random.Random | None) -> None:
        self.pools = {cls: list(cards) for cls, cards in hidden.items()}
        for cls in sorted(self.pools):
            if rng is not None:
                rng.shuffle(self.pools[cls])
        self.rng = rng
        self.noted: list[tuple[Any, Any, dict[str, Any]]] = []  # (container, key, slot), in order
        self.conditioned: set[str] = set()  # the classes with a condition on a slot

    def take(self, cls: str) -> Any:
        pool = self.pools.get(cls)
        if not pool:
            _refuse(f"more {cls} slots than secrets of the class")
        return pool.pop()

    def fill(self, value: Any) -> Any:
        """A copy of `value` (new containers at every level) whose slots are noted, in
        order, to be dealt by `settle`."""
        # A leaf is kept as it is, without a call: most of a slice is leaves.
        if isinstance(value, dict):
            out: dict[str, Any] = {}
            for key, item in value.items():
                out[key] = self._noted(item, out, key) if isinstance(item, _NESTED) else item
            return out
        if isinstance(value, list):
            items: list[Any] = []
            for item in value:
                items.append(self._noted(item, items, len(items)) if isinstance(item, _NESTED)
                             else item)
            return items
        return value

    def _noted(self, item: Any, container: Any, key: Any) -> Any:
        """`item` of `container` at `key`: a slot noted, or a copy filled."""
        if is_slot(item):
            self.noted.append((container, key, item))
            if len(item) > 1:
                self.conditioned.add(item[SLOT])
            return item
        return self.fill(item)

    def settle(self) -> None:
        """Deal every slot `fill` noted, in place: in the order noted (as `take`), but
        the classes with a condition on a slot, each dealt at once (`_fitting`)."""
        classes: dict[str, list[tuple[Any, Any, dict[str, Any]]]] = {}
        for place in self.noted:
            cls = place[2][SLOT]
            if cls in self.conditioned:
                classes.setdefault(cls, []).append(place)
            else:
                place[0][place[1]] = self.take(cls)
        for cls, places in classes.items():
            values = _fitting(cls, self.pools.get(cls, []), [p[2] for p in places], self.rng)
            for (container, key, _), value in zip(places, values):
                container[key] = value
        self.noted = []


#: Deals tried before `_fitting` searches: each is uniform, and the first that fits is
#: taken (so the fitting arrangements stay equally likely); a deal is given up at its
#: first slot that does not fit, so a try is cheap. The search keeps the rare view
#: where few deals fit from a long wait.
_DEALS = 200


def _fitting(cls: str, pool: list[Any], slots: list[dict[str, Any]],
             rng: random.Random | None) -> list[Any]:
    """Values of `pool` for `slots`, taken out of it, that respect the slots' conditions
    (`secrets.slot`): up to `_DEALS` deals (`_deal`; without `rng` the pool's order
    only), then `_search`. Refused when no arrangement fits."""
    n = len(slots)
    if len(pool) < n:
        _refuse(f"more {cls} slots than secrets of the class")
    if rng is None:
        values = pool[:-n - 1:-1]  # the order `take` would deal them in
        found = values if _fits(slots, values) else None
    else:
        found = next(filter(None, (_deal(pool, slots, rng) for _ in range(_DEALS))), None)
    if found is not None:
        del pool[len(pool) - n:]
        return found
    searched = _search(pool, slots, rng)
    if searched is None:
        _refuse(f"no arrangement of the {cls} secrets fits what the record tells")
    for value in searched:
        pool.remove(value)
    return searched


def _deal(pool: list[Any], slots: list[dict[str, Any]],
          rng: random.Random) -> list[Any] | None:
    """The values of one deal of `pool` (shuffled in place) to `slots`, or None: drawn
    from the end, where `take` deals from, one slot at a time (a Fisher-Yates shuffle),
    and given up at the first that does not fit."""
    taken: set[tuple[str, Any]] = set()
    values: list[Any] = []
    end = len(pool)
    for found in slots:
        end -= 1
        pick = rng.randrange(end + 1)
        pool[pick], pool[end] = pool[end], pool[pick]
        if not _fits_one(found, pool[end], taken):
            return None
        values.append(pool[end])
    return values


def _key(value: Any) -> Any:
    """A hashable stand-in for a secret (a JSON value)."""
    return json.dumps(value, sort_keys=True) if isinstance(value, (list, dict)) else value


def _fits_one(found: dict[str, Any], value: Any, taken: set[tuple[str, Any]]) -> bool:
    """Whether `value` fits slot `found` beside the values of its group `taken` (a set of
    ``(group, key)``, which it joins)."""
    if not allows(found, value):
        return False
    group = found.get(APART)
    if group is None:
        return True
    mark = (group, _key(value))
    if mark in taken:
        return False
    taken.add(mark)
    return True


def _fits(slots: list[dict[str, Any]], values: list[Any]) -> bool:
    """Whether `values` (in the order of `slots`) respect the slots' conditions."""
    taken: set[tuple[str, Any]] = set()
    return all(_fits_one(found, value, taken) for found, value in zip(slots, values))


def _search(pool: list[Any], slots: list[dict[str, Any]],
            rng: random.Random | None) -> list[Any] | None:
    """A fitting arrangement of `pool` into `slots` by depth-first search, the slots
    with the most values barred first, each step trying the distinct values left that
    fit in a random order, each first as often as it has copies left (as a deal would
    draw it; sorted without `rng`): any fitting arrangement can come first. None if
    none fits."""
    left: dict[Any, list[Any]] = {}  # key: [a value, copies left]
    for value in pool:
        left.setdefault(_key(value), [value, 0])[1] += 1
    order = sorted(range(len(slots)), key=lambda i: -len(slots[i].get(NOT, ())))
    chosen: list[Any] = [None] * len(slots)
    taken: set[tuple[str, Any]] = set()

    def extend(i: int) -> bool:
        if i == len(order):
            return True
        found = slots[order[i]]
        group = found.get(APART)
        keys = [k for k, (value, n) in left.items() if n and allows(found, value)
                and (group is None or (group, k) not in taken)]
        if rng is not None:  # a weighted random order (Efraimidis and Spirakis)
            keys.sort(key=lambda k: rng.random() ** (1 / left[k][1]), reverse=True)
        for k in keys:
            left[k][1] -= 1
            mark = set() if group is None else {(group, k)}
            taken.update(mark)
            chosen[order[i]] = left[k][0]
            if extend(i + 1):
                return True
            taken.difference_update(mark)
            left[k][1] += 1
        return False

    return chosen if extend(0) else None


def _draw_pile(segments, pools, rng):
    """The draw pile, top first: each segment's classes in a random order, dealt."""
    pile = []
    for classes in segments:
        order = list(classes)
        if rng is not None:
            rng.shuffle(order)
        pile.extend(pools.take(cls) for cls in order)
    return pile


def _hand_key(card):
    from .game import hand_order

    return hand_order(card_from_list(card))


def _dealt(state, modules, pools, rng):
    """``(draw pile, {player: hand}, {module: slice})``: the secrets of `state` dealt
    from `pools` (the hands and slices that hold a secret only); `modules` are the
    game's."""
    pile = _draw_pile(state["draw_pile"]["segments"], pools, rng)
    hands = {p: pools.fill(hand) for p, hand in state["hands"].items() if any(map(is_slot, hand))}
    using = _using(modules, "redact_slice")
    slices = {module.name: pools.fill(state["modules_state"][module.name]) for module in using}
    pools.settle()
    for module in using:
        module.tidy_slice(slices[module.name])
    return pile, {p: sorted(hand, key=_hand_key) for p, hand in hands.items()}, slices


def _template(view, state):
    """The game of `state` (a public state) with its secrets in sorted order, built and
    checked through the save (`Game.from_json`) once per view."""
    from .game import Game
    from .view import public_events

    modules = [MODULES[name]() for name in state["modules_state"]]
    pile, hands, slices = _dealt(state, modules, _Pools(state["hidden"], None), None)
    save = {k: v for k, v in state.items() if k != "hidden"}
    # The loader checks the scores against the scoring events alone, and narrates every
    # event it gets: the view's record, already a game's, joins after the checks.
    save.update(draw_pile=pile, hands={**state["hands"], **hands},
                modules_state={**state["modules_state"], **slices},
                events=[e for e in view.events if e["type"] == "scoring"])
    version, internal, gauss = random.Random(0).getstate()
    save["rng"] = [version, list(internal), gauss]
    game = Game.from_json(json.dumps(save))
    game._events, game._n_events = list(view.events), len(view.events)
    for name in game.players:  # each player's record, kept by every copy (the samples)
        public_events(game, name)
    return game


def _pile_cards(public: PublicState, pile: Iterable[Any]) -> list[Any]:
    """The cards of `pile`, each read once per view (`schema._pile_card`: checked):
    every sample deals the same data of the public state, only in another order."""
    from .persist import _Loader
    from .schema import _pile_card

    made, reader, cards = public._pile_cards, _Loader(), []
    for data in pile:
        held = made.get(id(data))
        if held is None or held[0] is not data:  # the data is kept: its id is its own
            held = made[id(data)] = (data, _pile_card(reader, data))
        cards.append(held[1])
    return cards


def determinize(view, seed=None):
    """A `Game` whose ``view(view.player)`` equals `view`, its secrets sampled.

    Every secret the player cannot know (see the module's notes) is dealt at random
    among the places the public state leaves for its class, uniformly: each
    arrangement consistent with the view is equally likely (where slots carry
    conditions, all but when `_DEALS` deals miss, see the module's notes: then every
    fitting arrangement still can come up). The game's generator (the
    future draws) is seeded from `seed`; the events are the view's own record.

    The public state is read, and a game of it built and checked through the save, once
    per view (kept with it); each sample is a copy of that game with its secrets dealt
    afresh.

    Parameters
    ----------
    view : GameView
        A player's view of a game not over, with any modules.
    seed : int, optional
        The same seed and view give the same game.

    Returns
    -------
    Game

    Raises
    ------
    AlhambraError
        For a game that is over, or a view that does not add up (the save refuses it).
    """
    from .game import _VERSIONS

    if view.decision is None:
        _refuse("the game is over: nothing is left to sample")
    public = view.public
    if public._template is None:
        public._value = json.loads(public.text)
        public._template = _template(view, public._value)
    state, rng = public._value, random.Random(seed)
    game = public._template.copy()
    pile, hands, slices = _dealt(state, game._modules, _Pools(state["hidden"], rng), rng)
    game._draw = _pile_cards(public, reversed(pile))
    for p, hand in hands.items():
        game._hands[p] = [card_from_list(card) for card in hand]
    modules = {m.name: m for m in game._modules}
    for module, data in slices.items():
        game._slices[module] = modules[module].load_slice(game._ctx, data)
    game._rng = random.Random(rng.getrandbits(64))
    # The copy's caches were the template's: its legal actions and views are not ours.
    game._legal, game._views = None, (None, {})
    game._version = next(_VERSIONS)
    return game
