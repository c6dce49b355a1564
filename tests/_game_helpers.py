"""Helpers that arrange exact game situations for the rule tests of the game engine.

They reach into `Game`'s private fields on purpose: a rule test needs a given display,
hand, market or draw pile. Every helper *moves* cards and tiles instead of creating
them, so the arranged state still holds the 108 (or 72) cards and the 54 tiles and
`Game.from_json` accepts it; `reload` checks that.
"""

from __future__ import annotations

import json
from collections import Counter

from alhambra_lib import BUILDING_TILES, Card, Game, ScoringCard
from alhambra_lib.actions import tile_order
from alhambra_lib.game import _hand_order


def card(text):
    """``"5 ducat"`` -> Card("ducat", 5)."""
    value, currency = text.split()
    return Card(currency, int(value))


def cards(*texts):
    return tuple(card(t) for t in texts)


def real_tile(kind, price, walls=None):
    """A real building tile of `kind` and `price` (with these walls, if given)."""
    for t in BUILDING_TILES:
        if t.kind == kind and t.price == price and (walls is None or t.wall_sides == walls):
            return t
    raise LookupError(f"no real {price}-{kind} with walls {walls!r}")


def open_tile(kind):
    """A real tile of `kind` with no walls (every kind has one)."""
    return next(t for t in BUILDING_TILES if t.kind == kind and not t.walls)


def _touched(game):
    game._legal = None
    game._redesigns.clear()


def _pull_card(game, wanted):
    """Remove one copy of `wanted` from wherever it is (draw, discard, display, hands)."""
    for pile in (game._draw, game._discard, game._display, *game._hands.values()):
        for i, c in enumerate(pile):
            if c == wanted:
                return pile.pop(i)
    raise LookupError(f"{wanted} is nowhere to be taken")


def set_hand(game, player, hand):
    """`player`'s hand becomes exactly `hand`; the cards held before go to the discard pile."""
    old = game._hands[player]
    game._hands[player] = []
    game._discard.extend(old)
    taken = [_pull_card(game, c) for c in hand]
    game._hands[player] = sorted(taken, key=_hand_order)
    _touched(game)


def set_display(game, display):
    """The display becomes exactly `display`; the cards shown before go to the discard pile."""
    old, game._display = game._display, []
    game._discard.extend(old)
    game._display = [_pull_card(game, c) for c in display]
    _touched(game)


def stack_draw(game, on_top):
    """Put `on_top` (cards or ScoringCards) on the draw pile, the first one drawn next."""
    moved = []
    for c in on_top:
        if isinstance(c, ScoringCard):
            game._draw.remove(c)
            moved.append(c)
        else:
            moved.append(_pull_card(game, c))
    game._draw.extend(reversed(moved))
    _touched(game)


def discard_draw_pile(game):
    """Move every money card of the draw pile to the discard pile (scoring cards stay)."""
    money = [c for c in game._draw if isinstance(c, Card)]
    game._draw = [c for c in game._draw if not isinstance(c, Card)]
    game._discard.extend(money)
    _touched(game)


def _pull_tile(game, wanted):
    for pile in (game._bag, game._dirk_tiles, game._to_place, *game._reserves.values()):
        if wanted in pile:
            pile.remove(wanted)
            return wanted
    for i, t in enumerate(game._market):
        if t == wanted:
            game._market[i] = None
            return t
    raise LookupError(f"{wanted!r} is nowhere to be taken")


def set_market(game, tiles):
    """Squares 1..4 become `tiles` (Tile or None); the tiles there before go back to the bag."""
    old, game._market = game._market, [None] * 4
    game._bag.extend(t for t in old if t is not None)
    game._market = [None if t is None else _pull_tile(game, t) for t in tiles]
    game._bag.sort(key=tile_order)
    _touched(game)


def build(game, player, placements):
    """Place ``[(cell, tile), ...]`` in order into `player`'s Alhambra, tiles from anywhere."""
    alhambra = game._alhambras[player]
    for cell, t in placements:
        alhambra.place(_pull_tile(game, t), cell)
    _touched(game)


def set_reserve(game, player, tiles):
    """`player`'s reserve becomes `tiles` (taken from the bag, the market...)."""
    game._bag.extend(game._reserves[player])
    game._reserves[player] = []
    game._reserves[player] = sorted((_pull_tile(game, t) for t in tiles), key=tile_order)
    game._bag.sort(key=tile_order)
    _touched(game)


def drain_bag(game, leave, into):
    """Leave only the first `leave` tiles in the bag; the rest go to `into`'s reserve."""
    extra, game._bag = game._bag[leave:], game._bag[:leave]
    game._reserves[into] = sorted(game._reserves[into] + extra, key=tile_order)
    _touched(game)


def reload(game):
    """Check the arranged state is a legal saved game, and return the restored copy."""
    text = game.to_json()
    restored = Game.from_json(text)
    assert restored.to_json() == text
    return restored


def state(game):
    """The saved state as a dict (for inspecting private piles in a stable form)."""
    return json.loads(game.to_json())


def events_since(game, n):
    return game.events[n:]


def types(events):
    return [e["type"] for e in events]


def find(actions, text):
    """The legal action whose str is `text`."""
    for a in actions:
        if str(a) == text:
            return a
    raise LookupError(f"{text!r} not among {[str(a) for a in actions]}")


def do(game, text):
    """Apply the legal action whose str is `text`."""
    game.apply(find(game.legal_actions(), text))


def tile_count(game):
    """Counter of every tile, wherever it is, through the public API and the saved bag."""
    found = Counter(tuple(t) for t in state(game)["bag"])
    for _, t in game.market:
        if t is not None:
            found[tuple(t.to_list())] += 1
    for name in game.players:
        for cell, t in game.alhambra(name).layout.items():
            if cell != (0, 0):
                found[tuple(t.to_list())] += 1
        for t in game.reserve(name):
            found[tuple(t.to_list())] += 1
    for t in game.dirk_tiles + game.to_place:
        found[tuple(t.to_list())] += 1
    for _, tiles in game.awaiting:
        for t in tiles:
            found[tuple(t.to_list())] += 1
    return found


ALL_TILES = Counter(tuple(t.to_list()) for t in BUILDING_TILES)


# A known market: square 1 denar, 2 dirham, 3 ducat, 4 florin.
PAV_8 = real_tile("pavilion", 8, "")
SER_9 = real_tile("seraglio", 9, "")
GARDEN_11 = real_tile("garden", 11, "")
TOWER_12 = real_tile("tower", 12, "")


def arranged(names, seed, **options):
    """A new game with a known market and display, the player to act holding exact money
    for squares 1 and 2 (8 denar, 9 dirham)."""
    game = Game(names, seed=seed, **options)
    set_market(game, [PAV_8, SER_9, GARDEN_11, TOWER_12])
    set_display(game, cards("9 ducat", "3 florin", "2 denar", "1 dirham"))
    set_hand(game, game.current_player, cards("8 denar", "9 dirham"))
    return game
