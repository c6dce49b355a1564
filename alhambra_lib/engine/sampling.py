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
  setup each player's six are known, after it the others' are one pool; what the
  record tells of a single disc, citizens taken or swapped in the open, is not used);
- the game's generator (the future draws from the bag, whose content is known).

`determinize` deals each class's pool at random into its slots (uniform: every
arrangement consistent with the public state is equally likely). A game of the public
state is built once per view through the save format (`Game.from_json`, which checks
every component); each sample is a copy of it with its secrets dealt afresh.

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
from collections import Counter
from typing import Any

from ..actions import card_from_list, tile_from_list, tile_order
from ..components import CURRENCIES, KINDS
from ..errors import AlhambraError

__all__ = ["determinize", "public_state", "PublicState"]

#: The slot of a secret in a public state: ``{"?": class}``.
SLOT = "?"
#: Card kinds that lie anywhere in the draw pile (shuffled with the money before the
#: split, §3.7, §M0.2); every other card of the pile lies in its own money pile.
_DECK = "deck"
_SPECIAL = {"scoring", "character", "master_builder", "exchange", "wall", "gate"}


def _slot(cls):
    return {SLOT: cls}


def _is_slot(value):
    return isinstance(value, dict) and set(value) == {SLOT}


# -- the public state ------------------------------------------------------------------


def _pile_class(card, shuffled):
    """The class of a draw pile card: its own for a special card of a pile (the scoring
    cards by round: each lies in its pile), `_DECK` for money and diamonds."""
    if shuffled or card[0] not in _SPECIAL:
        return _DECK
    return f"scoring:{card[1]}" if card[0] == "scoring" else card[0]


def _pile_segments(events, size):
    """The segment (0-4) of each draw pile place, top first, from the public record:
    the piles' sizes when the pile was built (with the master builders shuffled in
    after, §M14) and the cards drawn since; None after a reshuffle."""
    sizes = None
    for event in events:
        kind = event["type"]
        if kind == "draw_pile":
            sizes = list(event["piles"])
        elif kind == "master_builders_set" and sizes is not None:
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


def _redact_pile(pile, events, hidden):
    """``{"segments": [sorted classes of each segment]}``; the cards go to `hidden`."""
    segments = _pile_segments(events, len(pile))
    groups = {}
    for j, card in enumerate(pile):
        cls = _pile_class(card, segments is None)
        hidden.setdefault(cls, []).append(card)
        groups.setdefault(0 if segments is None else segments[j], []).append(cls)
    return {"segments": [sorted(groups[k]) for k in sorted(groups)]}


#: Events whose ``cards`` are not paid: dealt, or only offered (a bid, §M7).
_NOT_PAID = frozenset({"starting_money", "master_builders_dealt", "bid"})


def _known_master_builders(events, player):
    """The master builders `player` holds for all to see: taken (from the display, or
    stolen, §M10) and not paid or played since (those dealt face down are secret, §M14).
    """
    known = Counter()
    for event in events:
        if event.get("player") != player:
            continue
        kind, cards = event["type"], event.get("cards")
        if kind in ("take", "steal"):
            known.update(tuple(c) for c in cards or [event["card"]] if c[0] == "master_builder")
        elif kind == "master_builder":
            known.subtract([tuple(event["card"])])
        elif isinstance(cards, list) and kind not in _NOT_PAID:  # a payment, any module's
            known.subtract(tuple(c) for c in cards if c and c[0] == "master_builder")
    return +known


def _redact_hand(hand, known, hidden):
    """`hand` with its secret master builders as slots, after the known cards."""
    known, shown, slots = Counter(known), [], []
    for card in hand:
        if card[0] == "master_builder" and not known[tuple(card)]:
            hidden.setdefault("master_builder", []).append(card)
            slots.append(_slot("master_builder"))
        else:
            known[tuple(card)] -= card[0] == "master_builder"
            shown.append(card)
    return shown + slots


def _secret(items, cls, hidden):
    hidden.setdefault(cls, []).extend(items)
    return [_slot(cls)] * len(items)


def _redact_bonus(data, name, hidden, events):
    for p, hand in data["hands"].items():
        if p != name:
            rest = list(hand)
            for tile in data["shown"][p]:
                rest.remove(tile)
            data["hands"][p] = list(data["shown"][p]) + _secret(rest, "bonus", hidden)
    data["set_aside"] = _secret(data["set_aside"], "bonus", hidden)


def _redact_thieves(data, name, hidden, events):
    for p in data["hands"]:
        if p != name:
            data["hands"][p] = _secret(data["hands"][p], "thief", hidden)
    data["removed"] = _secret(data["removed"], "thief", hidden)


def _redact_invaders(data, name, hidden, events):
    deck, keep = data["attack_deck"], 1 if name in data["peeks"] else 0
    data["attack_deck"] = deck[:keep] + _secret(deck[keep:], "attack", hidden)
    data["peeks"] = {p: c if p == name else SLOT for p, c in data["peeks"].items()}
    data["scouts_down"] = _secret(data["scouts_down"], "scout", hidden)


def _redact_squares(data, name, hidden, events):
    for colour, pile in data["piles"].items():
        data["piles"][colour] = pile[:1] + _secret(pile[1:], f"hut:{colour}", hidden)


def _redact_master_builders(data, name, hidden, events):
    data["out"] = _secret([["master_builder", c] for c in data["out"]], "master_builder",
                          hidden)


def _redact_merchant(data, name, hidden, events):
    for p, disc in data["discs"].items():
        if p != name:
            # At setup a player's six citizens are one of each colour, known; after it
            # the others' citizens are one pool (their colours are the secret).
            cls = f"citizen:{p}" if disc["hand"] else "citizen"
            disc["citizens"] = _secret(disc["citizens"], cls, hidden)
            disc["hand"] = _secret(disc["hand"], cls, hidden)


#: module -> (redact(slice, player, hidden, events): in place, tidy(slice): the order
#: the module keeps its lists in, after the slots are filled).
_SECRETS = {
    "bonus_cards": (_redact_bonus, lambda d: _sort_lists(
        [*d["hands"].values(), d["set_aside"]], lambda t: tile_order(tile_from_list(t)))),
    "thieves": (_redact_thieves, lambda d: _sort_lists(
        [*d["hands"].values(), d["removed"]], CURRENCIES.index)),
    "invaders": (_redact_invaders, lambda d: d["peeks"].update(
        {p: d["attack_deck"][0] for p, c in d["peeks"].items() if c == SLOT})),
    "squares": (_redact_squares, None),
    "master_builders": (_redact_master_builders, lambda d: d.update(
        out=sorted((c[1] for c in d["out"]), key=CURRENCIES.index))),
    "street_merchant": (_redact_merchant, lambda d: _sort_lists(
        [lst for disc in d["discs"].values() for lst in (disc["citizens"], disc["hand"])],
        KINDS.index)),
}


def _sort_lists(lists, key):
    for items in lists:
        items.sort(key=key)


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
    state["draw_pile"] = _redact_pile(state["draw_pile"], events, hidden)
    state["bag"].sort(key=json.dumps)
    if "master_builders" in game.modules:
        for p, hand in state["hands"].items():
            if p != name:
                state["hands"][p] = _redact_hand(hand, _known_master_builders(events, p),
                                                 hidden)
    for module, data in state["modules_state"].items():
        if module in _SECRETS:
            _SECRETS[module][0](data, name, hidden, events)
    state["hidden"] = {cls: sorted(cards, key=json.dumps) for cls, cards in hidden.items()}
    return state


class PublicState:
    """`public_state` of a view, computed when first asked (as JSON text: compared,
    and parsed afresh for each sample), and before its game changes (`complete`)."""

    __slots__ = ("_game", "_name", "_text", "_value", "_template", "__weakref__")

    def __init__(self, game, name):
        self._game, self._name, self._text = game, name, None
        self._value = self._template = None  # determinize's, kept with the view

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


def _refuse(message):
    raise AlhambraError(f"determinize: {message}")


class _Pools:
    """Each class's secrets, shuffled (kept in sorted order without `rng`); `take` deals
    the next one."""

    def __init__(self, hidden, rng):
        self.pools = {cls: list(cards) for cls, cards in hidden.items()}
        for cls in sorted(self.pools):
            if rng is not None:
                rng.shuffle(self.pools[cls])

    def take(self, cls):
        pool = self.pools.get(cls)
        if not pool:
            _refuse(f"more {cls} slots than secrets of the class")
        return pool.pop()

    def fill(self, value):
        """A copy of `value` (new containers at every level) with every slot replaced
        by a secret of its class."""
        if isinstance(value, dict):
            if _is_slot(value):
                return self.take(value[SLOT])
            return {key: self.fill(item) for key, item in value.items()}
        if isinstance(value, list):
            return [self.fill(item) for item in value]
        return value


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


def _dealt(state, pools, rng):
    """``(draw pile, {player: hand}, {module: slice})``: the secrets of `state` dealt
    from `pools` (the hands and slices that hold a secret only)."""
    pile = _draw_pile(state["draw_pile"]["segments"], pools, rng)
    hands = {p: sorted(pools.fill(hand), key=_hand_key)
             for p, hand in state["hands"].items() if any(map(_is_slot, hand))}
    slices = {}
    for module, data in state["modules_state"].items():
        if module in _SECRETS:
            slices[module] = pools.fill(data)
            tidy = _SECRETS[module][1]
            if tidy is not None:
                tidy(slices[module])
    return pile, hands, slices


def _template(view, state):
    """The game of `state` (a public state) with its secrets in sorted order, built and
    checked through the save (`Game.from_json`) once per view."""
    from .game import Game
    from .view import public_events

    pile, hands, slices = _dealt(state, _Pools(state["hidden"], None), None)
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


def determinize(view, seed=None):
    """A `Game` whose ``view(view.player)`` equals `view`, its secrets sampled.

    Every secret the player cannot know (see the module's notes) is dealt at random
    among the places the public state leaves for its class, uniformly: each
    arrangement consistent with the view is equally likely. The game's generator (the
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
    from .persist import _Loader
    from .schema import _pile_card

    if view.decision is None:
        _refuse("the game is over: nothing is left to sample")
    public = view.public
    if public._template is None:
        public._value = json.loads(public.text)
        public._template = _template(view, public._value)
    state, rng = public._value, random.Random(seed)
    pile, hands, slices = _dealt(state, _Pools(state["hidden"], rng), rng)
    game = public._template.copy()
    reader = _Loader()
    game._draw = [_pile_card(reader, card) for card in reversed(pile)]
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
