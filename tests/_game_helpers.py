"""Helpers that arrange exact game situations for the rule tests of the game engine.

A rule test needs a given display, hand, market or draw pile. The helpers arrange it
through the engine's public doors only: they read the saved state (`Game.to_json`),
edit its piles and return a NEW game restored from it (`Game.from_json`), so the
engine itself checks every arranged state: each helper *moves* cards and tiles
instead of creating them, so the state still holds the 108 (or 72) cards and the 54
tiles, every Alhambra is legal and the scores are the sum of the scoring events.
Use them as ``game = set_hand(game, "Ana", cards("8 denar"))``: the game passed in
is left as it was.

Only the keys ``hands``, ``display``, ``discard``, ``draw_pile`` (top card first),
``bag``, ``market``, ``reserves``, ``alhambras``, ``dirk_tiles``, ``scores``,
``scoring_cards_revealed``, ``rounds_scored`` and ``events`` are edited (and a card is
taken from a module's slice that keeps it: a coin, a master builder out of the game);
every other key goes back as it came.
"""

from __future__ import annotations

import json
from collections import Counter

from alhambra_lib import BUILDING_TILES, Card, Game, ScoringCard
from alhambra_lib.actions import tile_from_list


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


# -- arranging through the saved state -------------------------------------------------------


def state(game):
    """The saved state as a dict (for inspecting private piles in a stable form)."""
    return json.loads(game.to_json())


def restore(game, data):
    """A new game of `game`'s class restored from the edited state `data` (checked by it)."""
    return type(game).from_json(json.dumps(data))


def _card_json(c):
    return ["scoring", c.round_no] if isinstance(c, ScoringCard) else c.to_list()


def _pull_card(game, data, wanted):
    """Remove one copy of `wanted` from wherever it is (draw, discard, display, hands).

    The draw pile is searched from its bottom card up, then a module's own stock (the
    coin bag, the master builders out of the game), the discard, the display and the
    hands in seating order.
    """
    want = _card_json(wanted)
    pile = data["draw_pile"]
    for i in range(len(pile) - 1, -1, -1):
        if pile[i] == want:
            return pile.pop(i)
    # A module's slice keeps some cards by currency: coins in their bag (§M11), master
    # builders out of the game (§M14).
    for module, key, tag in (("change", "bag", "coin"), ("master_builders", "out",
                                                          "master_builder")):
        kept = data["modules_state"].get(module, {}).get(key)
        if want[0] == tag and kept and want[1] in kept:
            kept.remove(want[1])
            return want
    hands = data["hands"]
    for pile in (data["discard"], data["display"], *(hands[p] for p in game.players)):
        if want in pile:
            pile.remove(want)
            return want
    raise LookupError(f"{wanted} is nowhere to be taken")


def _pull_tile(game, data, wanted):
    """Remove `wanted` from wherever it is (bag, Dirk's tiles, reserves, market)."""
    want = wanted.to_list()
    reserves = data["reserves"]
    for pile in (data["bag"], data["dirk_tiles"], *(reserves[p] for p in game.players)):
        if want in pile:
            pile.remove(want)
            return want
    market = data["market"]
    if want in market:
        market[market.index(want)] = None
        return want
    raise LookupError(f"{wanted!r} is nowhere to be taken")


def set_hand(game, player, hand):
    """`player`'s hand becomes exactly `hand`; the cards held before go to the discard pile."""
    data = state(game)
    data["discard"].extend(data["hands"][player])
    data["hands"][player] = []
    data["hands"][player] = [_pull_card(game, data, c) for c in hand]  # sorted by from_json
    return restore(game, data)


def set_display(game, display):
    """The display becomes exactly `display`; the cards shown before go to the discard pile."""
    data = state(game)
    data["discard"].extend(data["display"])
    data["display"] = []
    data["display"] = [_pull_card(game, data, c) for c in display]
    return restore(game, data)


def stack_draw(game, on_top):
    """Put `on_top` (cards or ScoringCards) on the draw pile, the first one drawn next."""
    data = state(game)
    moved = []
    for c in on_top:
        if isinstance(c, ScoringCard):
            data["draw_pile"].remove(_card_json(c))
            moved.append(_card_json(c))
        else:
            moved.append(_pull_card(game, data, c))
    data["draw_pile"] = moved + data["draw_pile"]
    return restore(game, data)


def discard_draw_pile(game):
    """Move every money card of the draw pile to the discard pile (scoring cards stay)."""
    data = state(game)
    pile = data["draw_pile"]
    data["discard"].extend(c for c in reversed(pile) if c[0] != "scoring")  # bottom card first
    data["draw_pile"] = [c for c in pile if c[0] == "scoring"]
    return restore(game, data)


def past_rounds(game, *rounds):
    """A game whose scoring cards of `rounds` came up and were scored (with no points for
    anyone): they leave the draw pile."""
    data = state(game)
    data["draw_pile"] = [c for c in data["draw_pile"] if c not in [["scoring", r] for r in rounds]]
    data["scoring_cards_revealed"] = list(rounds)
    data["rounds_scored"] = list(rounds)
    return restore(game, data)


def set_market(game, tiles):
    """Squares 1..4 become `tiles` (Tile or None); the tiles there before go back to the bag."""
    data = state(game)
    data["bag"].extend(t for t in data["market"] if t is not None)
    data["market"] = [None] * 4
    data["market"] = [None if t is None else _pull_tile(game, data, t) for t in tiles]
    return restore(game, data)  # from_json keeps the bag in tile_order


def build(game, player, placements):
    """Place ``[(cell, tile), ...]`` in order into `player`'s Alhambra, tiles from anywhere.

    Each placement must be legal where it comes (checked on a copy of the Alhambra).
    """
    data = state(game)
    alhambra = game.alhambra(player).copy()
    for cell, t in placements:
        _pull_tile(game, data, t)
        alhambra.place(t, cell)
    data["alhambras"][player] = [[x, y, *t.to_list()]
                                 for (x, y), t in sorted(alhambra.layout.items())]
    return restore(game, data)


def set_reserve(game, player, tiles):
    """`player`'s reserve becomes `tiles` (taken from the bag, the market...)."""
    data = state(game)
    data["bag"].extend(data["reserves"][player])
    data["reserves"][player] = []
    data["reserves"][player] = [_pull_tile(game, data, t) for t in tiles]
    return restore(game, data)  # from_json sorts the reserve and the bag


def set_dirk(game, tiles):
    """Dirk's tiles become exactly `tiles`, in this order; his tiles before go back to the bag."""
    data = state(game)
    data["bag"].extend(data["dirk_tiles"])
    data["dirk_tiles"] = []
    for t in tiles:
        data["bag"].remove(t.to_list())
        data["dirk_tiles"].append(t.to_list())
    return restore(game, data)


def drain_bag(game, leave, into):
    """Leave only the first `leave` tiles in the bag; the rest go to `into`'s reserve."""
    data = state(game)
    extra, data["bag"] = data["bag"][leave:], data["bag"][:leave]
    data["reserves"][into].extend(extra)
    return restore(game, data)


def set_final_scores(game, scores):
    """A finished `game` whose totals become `scores` ({player: points}).

    The difference goes to the points of the last scoring event (round 3), to its
    majorities part, and the game_over record follows, so the scores stay the sum of
    the scoring events and each event's parts add up.
    """
    data = state(game)
    assert game.is_over, "only a finished game has final scores"
    last = next(e for e in reversed(data["events"]) if e["type"] == "scoring")
    for name, total in scores.items():
        last["points"][name] += total - data["scores"][name]
        last["parts"]["majorities"][name] += total - data["scores"][name]
        data["scores"][name] = total
    best = max(data["scores"][p] for p in game.players)
    for event in data["events"]:
        if event["type"] == "game_over":
            event["scores"] = dict(data["scores"])
            event["winners"] = [p for p in game.players if data["scores"][p] == best]
    return restore(game, data)


def bag(game):
    """The tiles in the bag, in the saved (tile) order."""
    return tuple(tile_from_list(t) for t in state(game)["bag"])


def reload(game):
    """Check the arranged state is a legal saved game, and return the restored copy."""
    text = game.to_json()
    restored = Game.from_json(text)
    assert restored.to_json() == text
    return restored


def play_randomly(game, rng, steps=None):
    """Apply up to `steps` uniformly random legal actions chosen by `rng` (by default
    until the game is over); return the game."""
    while not game.is_over and (steps is None or steps > 0):
        game.apply(rng.choice(game.legal_actions()))
        steps = None if steps is None else steps - 1
    return game


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
    game = set_market(game, [PAV_8, SER_9, GARDEN_11, TOWER_12])
    game = set_display(game, cards("9 ducat", "3 florin", "2 denar", "1 dirham"))
    return set_hand(game, game.current_player, cards("8 denar", "9 dirham"))
