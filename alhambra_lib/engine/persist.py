"""Saving and restoring a game: the state as JSON, versioned, checked on the way in.

`game_state` writes the state as plain data (version 2). `load_game` reads version 2,
and version 1 (before the decision stack and the modules) by upgrading it first. A
restored game is checked against the rules: the components are exactly those of its
composition (counted before any Alhambra is built, so a huge hand-made layout is
refused at once; a tile with City Walls sticks counts as the printed tile, RULES.md
§M9), every Alhambra is legal (with its gates, §M5: key ``"gates"``, written only
when the City Gates module is in play), the decisions and the script make sense (only
the action part waits below another decision; the script is the rest of a turn end, of
the game's end or of the setup, and its first step is the one that pushed the decision
on top, `decisions.PUSHED_BY`; the modules check their own decisions against their
slices: the window's queue, an auction's bids, the Wise Man's owner and round), the bag,
the market and Dirk's pile hold only tiles of the bag and the display only money and
exchange cards, the scores are the sum of the scoring events, every event has its
fields and can be told by the narration, and the game can go on. Anything wrong raises
`InvalidSave` saying what and where; no other exception escapes, and the work is linear
in the size of the text.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any, TypedDict

from ..actions import DIRK, card_from_list, tile_from_list, tile_order
from ..alhambra import Alhambra
from ..components import FOUNTAIN, ScoringCard
from ..errors import AlhambraError, InvalidSave, brief
from ..grid import check_cell
from ..modules import MODULES, pushed_by
from ..slices import Kind, PerPlayer, decode
from .composition import composition
from .config import END_TRIGGERS, ROUNDS, GameConfig, has_dirk
from .decisions import GAME_END, TURN_END, Decision
from .game import DISPLAY_SIZE, MARKET_SIZE, hand_order
from .narration import EVENT_FIELDS, describe_event

__all__ = ["game_state", "game_json", "load_game", "ScoringTotals", "SAVE_FORMAT",
           "SAVE_VERSION"]

SAVE_FORMAT = "alhambra_lib.game"
SAVE_VERSION = 2

#: The components a display card can be (RULES.md §5.2, §M2, §M6, §M14), a discarded one
#: (a second gate card drawn goes to the discards, §M5) and one in a hand (a coin, §M11).
#: A wall card never leaves the market's side but to be spent (§M9).
_DISPLAYED = frozenset({"money", "exchange_card", "diamond", "master_builder"})
_DISCARDED = _DISPLAYED | {"gate_card"}
_HELD = _DISCARDED | {"coin"}

_KEYS = frozenset({
    "format", "version", "players", "options", "modules", "rng", "decisions", "script",
    "turn_player", "start_player", "turn", "may_continue", "bag", "market", "draw_pile",
    "discard", "display", "hands", "alhambras", "reserves", "dirk_tiles", "to_place",
    "awaiting", "scores", "scoring_cards_revealed", "rounds_scored", "pending_rounds",
    "market_short", "end_reason", "events", "modules_state",
})
_V1_KEYS = frozenset({
    "format", "version", "players", "options", "rng", "phase", "current", "start_player",
    "turn", "may_continue", "bag", "market", "draw_pile", "discard", "display", "hands",
    "alhambras", "reserves", "dirk_tiles", "to_place", "awaiting", "scores",
    "scoring_cards_revealed", "rounds_scored", "end_reason", "events",
})


class ScoringTotals(TypedDict):
    """What a scoring event says of each competitor (read by `slices.decode`): the
    counts by type, the walls, the points, and the points by term (``parts``, none in
    older saves), which add up to the points."""

    counts: PerPlayer[dict[Kind, int | float]]
    walls: PerPlayer[Any]
    points: PerPlayer[int]
    parts: dict[str, PerPlayer[int]]


def _card_json(card):
    if isinstance(card, ScoringCard):
        return ["scoring", card.round_no]
    return card.to_list()  # a character card too: ["character", id]


def game_state(game, events: bool = True) -> dict:
    """The whole state of `game` as JSON-able data (see `Game.to_json`); without the
    ``"events"`` key when `events` is false."""
    version, internal, gauss = game._rng.getstate()
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "players": list(game._players),
        "options": game.options,
        "modules": list(game.modules),
        "rng": [version, list(internal), gauss],
        "decisions": [d.to_dict() for d in game._decisions],
        "script": list(game._script),
        "turn_player": game._players[game._current],
        "start_player": game.start_player,
        "turn": game._turn,
        "may_continue": game._may_continue,
        "bag": [t.to_list() for t in game._bag],
        "market": [None if t is None else t.to_list() for t in game._market],
        "draw_pile": [_card_json(c) for c in reversed(game._draw)],
        "discard": [c.to_list() for c in game._discard],
        "display": [c.to_list() for c in game._display],
        "hands": {p: [c.to_list() for c in h] for p, h in game._hands.items()},
        "alhambras": {p: [[x, y, *t.to_list()] for (x, y), t in sorted(a.layout.items())]
                      for p, a in game._alhambras.items()},
        "reserves": {p: [t.to_list() for t in r] for p, r in game._reserves.items()},
        "dirk_tiles": [t.to_list() for t in game._dirk_tiles],
        "to_place": [t.to_list() for t in game._to_place],
        "awaiting": [[p, [t.to_list() for t in tiles]] for p, tiles in game._awaiting],
        "scores": dict(game._scores),
        "scoring_cards_revealed": list(game._revealed),
        "rounds_scored": list(game._scored),
        "pending_rounds": list(game._pending_rounds),
        "market_short": game._market_short,
        "end_reason": game._end_reason,
        "modules_state": {name: data for name, data in game._slices.items()},
        **_gates_state(game),
        **({"events": game.events} if events else {}),
    }


# What ``json.dumps(value, sort_keys=True, separators=(",", ":"))`` does, with one encoder.
_dumps = json.JSONEncoder(sort_keys=True, separators=(",", ":")).encode


def game_json(game) -> str:
    """`game_state` as JSON text (see `Game.to_json`), byte for byte ``json.dumps`` of it
    with sorted keys, in time linear in the events since the last save.

    The events are append-only and never change once recorded, so the text of those
    already saved is kept (``game._events_json``, a cache: ``(count, text)``) and only
    the new ones are written; the rest of the state is written afresh.
    """
    state = game_state(game, events=False)
    events = game._events
    count, text = game._events_json or (0, "")
    if count > game._n_events:  # never for a cache kept by the game it was made for
        count, text = 0, ""
    new = ",".join(_dumps(event) for event in events[count:game._n_events])
    text = f"{text},{new}" if text and new else text or new
    game._events_json = (game._n_events, text)
    state["events"] = None  # its place among the sorted keys
    return "{" + ",".join(f"{_dumps(key)}:{f'[{text}]' if key == 'events' else _dumps(value)}"
                          for key, value in sorted(state.items())) + "}"


def _pile_tags() -> dict:
    """``{tag: (fields, decoder)}`` of the cards only a draw pile holds (`Module.pile_card_tags`)."""
    return {tag: entry for m in MODULES.values() for tag, entry in m.pile_card_tags.items()}


def _alhambra_parts(modules) -> frozenset:
    """What the Alhambras may hold beyond the base game with these module instances or
    classes (`Module.alhambra_parts`: ``"gates"``, ``"sticks"``)."""
    return frozenset().union(*(m.alhambra_parts for m in modules))


def _gates_state(game) -> dict:
    """``{"gates": {player: [[cell, cell], ...]}}`` with City Gates (§M5), else ``{}``:
    a gate belongs to its Alhambra, so saves without the module keep their form."""
    if "gates" not in _alhambra_parts(game._modules):
        return {}
    return {"gates": {p: [[list(a), list(b)] for a, b in sorted(alhambra.gates())]
                      for p, alhambra in game._alhambras.items()}}


def load_game(cls, text):
    """Restore a `Game` (class `cls`) from `text`; raises only `InvalidSave`."""
    loader = _Loader()
    try:
        return loader.load(cls, text)
    except InvalidSave:
        raise
    except (AlhambraError, TypeError, KeyError, AttributeError, IndexError, OverflowError,
            RecursionError, ValueError) as error:
        # A check below missed a malformed value: still a typed refusal, with its place.
        raise InvalidSave(f"{type(error).__name__}: {error}", loader.where) from None


class _Loader:
    """Reads a save section by section; `where` names the section being read."""

    def __init__(self):
        self.where = ""
        self.revealed = []

    def fail(self, message):
        raise InvalidSave(message, self.where)

    def expect(self, value, kind, what):
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
            self.fail(f"{what} should be a {kind.__name__}, got {_short(value)}")
        return value

    def decode(self, decoder, value, what):
        try:
            return decoder(value)
        except (TypeError, ValueError) as error:
            self.fail(f"{what}: {error}")

    def tiles(self, data, what):
        return [self.decode(tile_from_list, t, what) for t in self.expect(data, list, what)]

    def cards(self, data, what):
        return [self.decode(card_from_list, c, what) for c in self.expect(data, list, what)]

    def only(self, cards, components, what):
        """Refuse a card that never lies there (a wall card on the display, §M9)."""
        stray = next((c for c in cards if c.component not in components), None)
        if stray is not None:
            self.fail(f"{what} never holds a {stray.component.replace('_', ' ')} "
                      f"({stray}): only {', '.join(sorted(components))}")

    def pile_card(self, data):
        """A card of the draw pile: a card a player can hold, or one only the pile holds
        (a scoring card, a character card of §M7)."""
        if isinstance(data, list) and len(data) == 2 and data[0] == "scoring":
            if data[1] not in (1, 2) or isinstance(data[1], bool):
                self.fail(f"a scoring card is round 1 or 2, got {_short(data)}")
            return ScoringCard(data[1])
        tagged = (_pile_tags().get(data[0]) if isinstance(data, list) and data
                  and isinstance(data[0], str) else None)
        if tagged is not None and len(data) == tagged[0] + 1:
            return self.decode(lambda fields: tagged[1](*fields), data[1:], "draw_pile")
        return self.decode(card_from_list, data, "draw_pile")

    # -- the whole load, cheapest checks first ------------------------------------------

    def load(self, cls, text):
        self.where = "text"
        if not isinstance(text, (str, bytes, bytearray)):
            self.fail(f"a saved game is JSON text, got {type(text).__name__}")
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as error:
            self.fail(f"not JSON ({type(error).__name__}: {error})")
        data = self.upgrade(self.expect(data, dict, "a saved game"))
        config = self.config(data)
        game = cls.__new__(cls)
        game._blank(config, self.rng(data["rng"]))
        layouts = self.piles_and_players(game, data)
        box = composition(config, game._modules)
        held = self.cards_held(game, box)
        found = self.tiles_held(game, layouts, box)
        self.alhambras(game, layouts, self.gates(game, data))
        self.progress(game, data)
        self.slices(game, data)
        self.cards_once(game, held, box)
        self.tiles_once(game, found, box)
        self.events(game, data)
        self.census(game, config)
        self.can_go_on(game)
        return game

    def upgrade(self, data):
        self.where = "format"
        if data.get("format") != SAVE_FORMAT:
            self.fail(f"format should be {SAVE_FORMAT!r}, got {_short(data.get('format'))}")
        version = data.get("version")
        if version == 1:
            self.keys(data, _V1_KEYS)
            return _upgrade_v1(data, self)
        if version != SAVE_VERSION:
            self.fail(f"unknown version {_short(version)} "
                      f"(this library reads 1 and {SAVE_VERSION})")
        named = data.get("modules") if isinstance(data.get("modules"), list) else ()
        gated = "gates" in _alhambra_parts(MODULES[n] for n in named
                                           if isinstance(n, str) and n in MODULES)
        self.keys(data, _KEYS | {"gates"} if gated else _KEYS)
        return data

    def keys(self, data, expected):
        missing, unknown = expected - set(data), set(data) - expected
        if missing or unknown:
            self.fail(f"keys missing {sorted(missing)}, unknown {sorted(map(str, unknown))}")

    def config(self, data):
        self.where = "players/options/modules"
        players = self.expect(data["players"], list, "players")
        options = self.expect(data["options"], dict, "options")
        modules = self.expect(data["modules"], list, "modules")
        if not {"end_trigger", "hole_rule"} <= set(options):
            self.fail(f"options are end_trigger, hole_rule and the modules' options, got "
                      f"{sorted(map(str, options))}")
        try:
            config = GameConfig.make(players, modules=modules, **options)
        except (TypeError, ValueError) as error:
            self.fail(str(error))
        if set(config.options) != set(options):
            self.fail(f"options {sorted(map(str, options))} are not those of the modules in "
                      f"play ({sorted(config.options)})")
        return config

    def rng(self, data):
        self.where = "rng"
        if not (isinstance(data, list) and len(data) == 3 and isinstance(data[1], list)
                and len(data[1]) == 625 and all(type(x) is int for x in data[1])):
            self.fail("rng should be [version, [625 integers], gauss_next]")
        rng = random.Random()
        try:
            rng.setstate((data[0], tuple(data[1]), data[2]))
        except (TypeError, ValueError, OverflowError) as error:
            self.fail(f"rng state refused: {error}")
        return rng

    def per_player(self, game, data, key):
        self.where = key
        value = self.expect(data[key], dict, key)
        if set(value) != set(game._players):
            self.fail(f"one entry per player {list(game._players)}, got {sorted(map(str, value))}")
        return value

    def piles_and_players(self, game, data):
        self.where = "bag"
        game._bag = sorted(self.tiles(data["bag"], "bag"), key=tile_order)
        self.where = "market"
        market = self.expect(data["market"], list, "market")
        if len(market) != MARKET_SIZE:
            self.fail(f"the market has {MARKET_SIZE} squares, got {len(market)}")
        game._market = [None if t is None else self.decode(tile_from_list, t, "market")
                        for t in market]
        self.where = "draw_pile"
        game._draw = [self.pile_card(c) for c in reversed(self.expect(data["draw_pile"], list,
                                                                      "draw_pile"))]
        self.where = "discard"
        game._discard = self.cards(data["discard"], "discard")
        self.only(game._discard, _DISCARDED, "the discard pile")
        self.where = "display"
        game._display = self.cards(data["display"], "display")
        self.only(game._display, _DISPLAYED, "the display")
        if len(game._display) > DISPLAY_SIZE:
            self.fail(f"the display holds at most {DISPLAY_SIZE} cards, got {len(game._display)}")
        self.where = "scoring_cards_revealed"
        self.revealed = self.rounds(data["scoring_cards_revealed"], (1, 2))
        self.where = "dirk_tiles"
        game._dirk_tiles = self.tiles(data["dirk_tiles"], "dirk_tiles")
        if game._dirk_tiles and not game._dirk:
            self.fail(f"{DIRK} only plays in a two-player game")
        hands = self.per_player(game, data, "hands")
        reserves = self.per_player(game, data, "reserves")
        alhambras = self.per_player(game, data, "alhambras")
        layouts = {}
        for p in game._players:
            self.where = f"{p}'s hand"
            game._hands[p] = sorted(self.cards(hands[p], self.where), key=hand_order)
            self.only(game._hands[p], _HELD, self.where)
            self.where = f"{p}'s reserve"
            game._reserves[p] = sorted(self.tiles(reserves[p], self.where), key=tile_order)
            layouts[p] = self.layout(alhambras[p], p)
        self.where = "to_place"
        game._to_place = self.tiles(data["to_place"], "to_place")
        self.where = "awaiting"
        for entry in self.expect(data["awaiting"], list, "awaiting"):
            if not (isinstance(entry, list) and len(entry) == 2 and entry[0] in game._players):
                self.fail(f"awaiting lists [player, tiles], got {_short(entry)}")
            tiles = self.tiles(entry[1], "awaiting")
            if not tiles:
                self.fail(f"{entry[0]} awaits no tiles: a recipient receives at least one")
            game._awaiting.append([entry[0], tiles])
        return layouts

    def layout(self, cells, player):
        self.where = f"{player}'s Alhambra"
        layout = {}
        for entry in self.expect(cells, list, self.where):
            if not isinstance(entry, list) or len(entry) < 5:
                self.fail(f"cells are [x, y, kind, price, walls, *marks], got {_short(entry)}")
            cell = self.decode(check_cell, entry[:2], "a cell")
            if cell in layout:
                self.fail(f"two tiles on {cell}")
            layout[cell] = self.decode(tile_from_list, entry[2:], "a tile")
        if layout.get((0, 0)) != FOUNTAIN:
            self.fail("the fountain belongs at (0, 0)")
        return layout

    def cards_held(self, game, box):
        """The cards outside the modules' slices, refused at once when they are more than
        the game has."""
        self.where = "cards"
        held = Counter(game._draw)
        held.update(game._discard)
        held.update(game._display)
        for hand in game._hands.values():
            held.update(hand)
        held.update(ScoringCard(r) for r in self.revealed)
        extra = held - box.cards()
        if extra:
            self.fail(f"the cards are not the {sum(box.cards().values())} of the game "
                      f"(extra or unknown {_names(extra)})")
        return held

    def cards_once(self, game, held, box):
        """Every card of the composition exactly once, the ones the modules hold (master
        builders out of the game, coins in their bag, characters owned or out of the game)
        included."""
        self.where = "cards"
        for module in game._modules:
            held.update(module.held_cards(game._ctx))
        expected = box.cards()
        if held != expected:
            self.fail(f"the cards are not the {sum(expected.values())} of the game "
                      f"(missing {_names(expected - held)}, "
                      f"extra or unknown {_names(held - expected)})")

    def tiles_held(self, game, layouts, box):
        """The tiles outside the modules' slices, refused at once when they are more than
        the game has: no Alhambra is built from a hand-made layout of thousands of tiles."""
        self.where = "tiles"
        found = Counter(t for t in game._bag)
        found.update(t for t in game._market if t is not None)
        found.update(game._dirk_tiles)
        for _, waiting in game._awaiting:
            found.update(waiting)
        if any(t.stick_mask for t in found):
            self.fail("City Walls sticks (§M9) lie only on the players' own tiles, not in the "
                      "bag, the market, Dirk's pile or the end-of-game distribution")
        loose = found - Counter(box.bag)
        if loose:  # a hut in the bag is taken from no pile (§M4)
            self.fail(f"the bag, the market, {DIRK}'s pile and the distribution hold only "
                      f"tiles of the bag, not {_names(loose, repr)}")
        if any(t is not None and t.kind == "bazaar" for t in game._market):
            self.fail("a bazaar lies beside the market, never on a square (§M16)")
        own = list(game._to_place)
        for p in game._players:
            own += [t for cell, t in layouts[p].items() if cell != (0, 0)]
            own += game._reserves[p]
        if "sticks" not in _alhambra_parts(game._modules) and any(t.stick_mask for t in own):
            self.fail("a tile has City Walls sticks (§M9), but the module is not in play")
        found.update(t.printed for t in own)  # a tile with sticks is still that tile
        extra = found - box.tiles()
        if extra:
            self.fail(f"the tiles are not the {sum(box.tiles().values())} of the game "
                      f"(extra or unknown {_names(extra, repr)})")
        return found

    def tiles_once(self, game, found, box):
        """Every tile exactly once, the ones the modules hold (hut piles...) included."""
        self.where = "tiles"
        for module in game._modules:
            found.update(module.held_tiles(game._ctx))
        expected = box.tiles()
        if found != expected:
            self.fail(f"the tiles are not the {sum(expected.values())} of the game (missing "
                      f"{_names(expected - found, repr)}, "
                      f"extra or unknown {_names(found - expected, repr)})")

    def gates(self, game, data):
        """``{player: [(cell, cell), ...]}``: the gates of each Alhambra (§M5)."""
        if "gates" not in _alhambra_parts(game._modules):
            return dict.fromkeys(game._players, ())
        gates = self.per_player(game, data, "gates")
        pairs = {}
        for p in game._players:
            self.where = f"{p}'s gates"
            entries = self.expect(gates[p], list, self.where)
            if len(entries) > len(game._players) * 6:
                self.fail(f"more gates than the game has gate cards: {len(entries)}")
            for entry in entries:
                if not (isinstance(entry, list) and len(entry) == 2):
                    self.fail(f"a gate is [[x, y], [x, y]], got {_short(entry)}")
            pairs[p] = [tuple(self.decode(check_cell, c, "a gate's cell") for c in entry)
                        for entry in entries]
        return pairs

    def alhambras(self, game, layouts, gates):
        for p, layout in layouts.items():
            self.where = f"{p}'s Alhambra"
            try:
                game._alhambras[p] = Alhambra.from_layout(layout, game._config.hole_rule,
                                                          gates=gates[p])
            except (AlhambraError, TypeError, ValueError) as error:
                self.fail(f"illegal: {error}")

    def progress(self, game, data):
        self.where = "start_player"
        if data["start_player"] not in game._players:
            self.fail(f"the start player {_short(data['start_player'])} is not a player")
        game._start = game._players.index(data["start_player"])
        self.where = "turn_player"
        if data["turn_player"] not in game._players:
            self.fail(f"{_short(data['turn_player'])} is not a player")
        game._current = game._players.index(data["turn_player"])
        self.where = "turn"
        game._turn = self.expect(data["turn"], int, "turn")
        if game._turn < 0 or (game._turn == 0 and data["script"][-1:] != ["first_turn"]):
            self.fail(f"turn should be 1 or more (0 only before the first turn), got {game._turn}")
        self.where = "may_continue"
        game._may_continue = self.expect(data["may_continue"], bool, "may_continue")
        self.where = "market_short"
        game._market_short = self.expect(data["market_short"], bool, "market_short")
        game._revealed = list(self.revealed)
        self.where = "rounds_scored"
        game._scored = self.rounds(data["rounds_scored"], ROUNDS)
        self.where = "pending_rounds"
        game._pending_rounds = self.rounds(data["pending_rounds"], (1, 2))
        self.where = "end_reason"
        game._end_reason = data["end_reason"]
        if game._end_reason not in (None, *END_TRIGGERS):
            self.fail(f"unknown end_reason {_short(game._end_reason)}")
        self.decisions(game, data)
        self.where = "scores"
        scores = self.expect(data["scores"], dict, "scores")
        if set(scores) != set(game._competitors()):
            self.fail(f"one entry per competitor {list(game._competitors())}")
        game._scores = {p: self.expect(scores[p], int, f"{p}'s score") for p in game._competitors()}

    def rounds(self, data, allowed):
        rounds = self.expect(data, list, self.where)
        if len(set(map(repr, rounds))) != len(rounds) or not all(
                type(r) is int and r in allowed for r in rounds):
            self.fail(f"distinct rounds among {allowed}, got {_short(rounds)}")
        return list(rounds)

    def decisions(self, game, data):
        self.where = "decisions"
        entries = self.expect(data["decisions"], list, "decisions")
        if len(entries) > 4:
            self.fail(f"at most a few decisions are pending at once, got {len(entries)}")
        for entry in entries:
            if not (isinstance(entry, dict) and entry.get("kind") in game._allowed
                    and entry.get("player") in game._players):
                self.fail(f"a decision is {{kind, player, ...}} of a known kind and player, "
                          f"got {_short(entry)}")
            extra = {k: v for k, v in entry.items() if k not in ("kind", "player")}
            if not _decision_data_ok(game, entry["kind"], extra):
                self.fail(f"unknown data {_short(extra)} in a {entry['kind']} decision")
            game._decisions.append(Decision.make(entry["kind"], entry["player"], extra))
        self.stack(game)
        self.where = "script"
        script = self.expect(data["script"], list, "script")
        for name in script:
            if name not in game._steps:
                self.fail(f"unknown turn-end step {_short(name)}")
        game._script = list(script)
        self.script(game)
        self.consistency(game)

    def stack(self, game):
        """At most the turn's action part and one decision that interrupts it (an auction
        drawn by the money swap, §M7): every decision below the top is ``act``."""
        below = game._decisions[:-1]
        if len(below) > 1 or any(d.kind != "act" for d in below):
            self.fail(f"only the action part waits below another decision, got "
                      f"{[d.kind for d in game._decisions]}")

    def script(self, game):
        """The script is what is left of a turn end, of the game's end or of the setup,
        and its first step is the one that pushed the decision on top (`PUSHED_BY`)."""
        script, top = game._script, game.decision
        whole = next((run for run in (game._turn_end, GAME_END, game._setup_script)
                      if script and tuple(script) == run[len(run) - len(script):]), None)
        if script and whole is None:
            self.fail(f"{script} is not the rest of a turn end {list(game._turn_end)}, of "
                      f"the game's end {list(GAME_END)} or of the setup")
        if top is None or top.kind == "act" or (top.kind == "auction" and len(
                game._decisions) == 2):
            if script:
                self.fail(f"no turn-end step runs while {top or 'nobody'} decides")
            return
        if not script:
            self.fail(f"a {top.kind} decision with no turn-end step waiting on it")
        if script[0] not in pushed_by().get(top.kind, (script[0],)):
            self.fail(f"a {top.kind} decision waits on the step {script[0]!r}")

    def consistency(self, game):
        self.where = "decisions"
        top = game._decisions[-1] if game._decisions else None
        over = top is None
        scored, revealed, pending = game._scored, game._revealed, game._pending_rounds
        expected = sorted(revealed) + [3] if over else sorted(revealed)
        if sorted(scored + pending) != expected or (over and pending):
            self.fail(f"rounds scored {scored} (pending {pending}) do not match the scoring "
                      f"cards revealed {revealed}{' and the final scoring' if over else ''}")
        ending = over or top.kind == "final_place" or game._script[:1] == ["final_scoring"]
        if (game._end_reason is not None) != ending:
            self.fail(f"the end of the game (reason {game._end_reason}) does not match the "
                      f"decision {top}")
        turn_end = top is not None and (top.kind == "final_place" or (
            top.kind == "place" and game._script[:1] == ["place_bought"]))
        if turn_end and top.player != game.turn_player:  # the step asks the turn's player
            self.fail(f"{top.player} places, but it is {game.turn_player}'s turn")
        if game._awaiting and (top is None or top.kind != "final_place"):
            self.fail("tiles await distribution recipients outside the final placing")
        if top is not None and top.kind == "act":
            if len(game._decisions) != 1 or game._script or top.player != game.turn_player:
                self.fail("the action part is the turn player's only decision, with no "
                          "turn-end step pending")
            if bool(game._to_place) != game._may_continue:
                self.fail("bought tiles wait in the action part exactly when an exact "
                          "payment allows another action")
        # A module's decision may interrupt the action part (an auction of a character
        # drawn by the money swap, §M7): the turn's act decision is then below it.
        acting = any(d.kind == "act" for d in game._decisions)
        if game._may_continue and not acting:
            self.fail("another action after an exact payment only in the action part")
        placing = top is not None and top.kind in ("place", "final_place")
        if placing != bool(game._to_place) and not acting:
            self.fail(f"decision {top} with {len(game._to_place)} tiles to place")
        # The market's four squares bound the tiles bought from it in one turn (a hut is
        # taken, a bazaar is bought beside the market).
        bought = [t for t in game._to_place if t.kind not in ("hut", "bazaar")]
        if len(bought) > MARKET_SIZE and not (top and top.kind == "final_place"):
            self.fail(f"at most {MARKET_SIZE} market tiles can be bought in a turn")

    def slices(self, game, data):
        self.where = "modules_state"
        slices = self.expect(data["modules_state"], dict, "modules_state")
        if set(slices) != set(game.modules):
            self.fail(f"one entry per module {list(game.modules)}, got {sorted(map(str, slices))}")
        for module in game._modules:
            self.where = f"modules_state.{module.name}"
            game._slices[module.name] = module.load_slice(game._ctx, slices[module.name])

    def events(self, game, data):
        events = self.expect(data["events"], list, "events")
        totals = dict.fromkeys(game._competitors(), 0)
        for i, event in enumerate(events):
            self.where = f"events[{i}]"
            if not isinstance(event, dict) or event.get("type") not in EVENT_FIELDS:
                self.fail(f"an event is a dict with a known 'type', got {_short(event)}")
            missing = [f for f in EVENT_FIELDS[event["type"]] if f not in event]
            if missing:
                self.fail(f"a {event['type']} event lacks {missing}")
            if event["type"] == "scoring":
                self.scoring_event(event, totals)
            self.narrated(event)
        game._events, game._n_events = events, len(events)
        self.where = "scores"
        if totals != game._scores:
            self.fail(f"scores {game._scores} differ from the sum of the scoring events {totals}")

    def narrated(self, event):
        """An event the narration cannot tell has fields of the wrong shape: the story of
        a restored game (`replay.narrate`, the table's story) must never fail."""
        try:
            line = describe_event(event)
        except (TypeError, ValueError, KeyError, AttributeError, IndexError,
                ZeroDivisionError) as error:
            self.fail(f"a {event['type']} event cannot be told ({type(error).__name__}: "
                      f"{error})")
        if not isinstance(line, str):
            self.fail(f"a {event['type']} event cannot be told")

    def scoring_event(self, event, totals):
        read = decode(ScoringTotals, {**{k: event[k] for k in ("counts", "walls", "points")},
                                      "parts": event.get("parts", {})},
                      self.where, totals, "a scoring event")
        points, parts = read["points"], read["parts"]
        for name in totals:
            if parts and sum(v[name] for v in parts.values()) != points[name]:
                self.fail(f"the parts of {name} do not add up to {points[name]}")
            totals[name] += points[name]

    def census(self, game, config):
        self.where = "census"
        expected = dict(composition(config, game._modules).totals)
        found = game.census()
        if found != expected:
            self.fail(f"the components are {found}, the game has {expected}")

    def can_go_on(self, game):
        self.where = "decisions"
        if game._decisions and not game.legal_actions():
            self.fail(f"{game.decision} has no legal action: the game could not go on")


def _decision_data_ok(game, kind, data) -> bool:
    """Whether `data` is what a decision of `kind` may carry: nothing, ``give`` for a
    placing in a two-player game, the round of the scoring a Wise Man's type is for."""
    if not data:
        return True
    if data == {"give": True}:
        return kind == "place" and game._dirk
    return (kind == "wise_man" and set(data) == {"round"} and type(data["round"]) is int
            and data["round"] in ROUNDS)


def _upgrade_v1(data, loader):
    """A version-1 save (phase + player to act) as version 2 (decisions + script)."""
    loader.where = "phase"
    phase, current = data.get("phase"), data.get("current")
    dirk = isinstance(data.get("players"), list) and has_dirk(len(data["players"]))
    kinds = {"action": "act", "place": "place", "final_place": "final_place"}
    if phase == "over":
        decisions, script = [], []
        current = data.get("start_player")
    elif phase in kinds:
        extra = {"give": True} if phase == "place" and dirk else {}
        decisions = [{"kind": kinds[phase], "player": current, **extra}]
        script = {"act": [], "place": list(TURN_END), "final_place": list(GAME_END)}[kinds[phase]]
    else:
        loader.fail(f"unknown phase {_short(phase)}")
    upgraded = {k: v for k, v in data.items() if k not in ("phase", "current")}
    upgraded.update(version=SAVE_VERSION, modules=[], decisions=decisions, script=script,
                    turn_player=current, pending_rounds=[], market_short=False, modules_state={})
    return upgraded


#: A value in a message, shortened (a huge number told by its size).
_short = brief


def _names(counter, show=str):
    return sorted(map(show, counter.elements()))[:12]
