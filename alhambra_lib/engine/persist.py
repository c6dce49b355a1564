"""Saving and restoring a game: the state as JSON, versioned, checked on the way in.

`game_state` writes the state as plain data (version 2) by walking the table of the
saved state, `schema.STATE_FIELDS` (save key, `Game` attribute, codec); `load_game`
reads version 2 by walking the same table stage by stage, and version 1 (before the
decision stack and the modules) by upgrading it first. A restored game is checked
against the rules: the components are exactly those of its composition (counted before
any Alhambra is built, so a huge hand-made layout is refused at once; a tile with City
Walls sticks counts as the printed tile, RULES.md §M9), every Alhambra is legal (with
its gates, §M5: key ``"gates"``, written only when the City Gates module is in play),
the decisions and the script make sense (only the action part waits below another
decision; the script is the rest of a turn end, of the game's end or of the setup, and
its first step is the one that pushed the decision on top, `decisions.PUSHED_BY`; the
modules check their own decisions against their slices: the window's queue, an auction's
bids, the Wise Man's owner and round), the bag, the market and Dirk's pile hold only
tiles of the bag and the display only money and exchange cards, the scores are the sum
of the scoring events, every event has its fields and can be told by the narration, and
the game can go on. Anything wrong raises `InvalidSave` saying what and where; no other
exception escapes, and the work is linear in the size of the text.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, NoReturn, TypedDict, TypeVar

from ..actions import DIRK
from ..alhambra import Alhambra
from ..components import ScoringCard, Tile
from ..errors import AlhambraError, InvalidSave, brief
from ..modules import MODULES, pushed_by
from ..slices import Kind, PerPlayer, decode
from .composition import Composition, composition
from .config import GameConfig, has_dirk
from .context import module_context
from .decisions import GAME_END, TURN_END, Decision
from .game import MARKET_SIZE
from .narration import EVENT_FIELDS, describe_event
from .schema import FIELDS, STATE_FIELDS, AnyCard, Layout, StateField, alhambra_parts

if TYPE_CHECKING:
    from .game import Game

__all__ = ["game_state", "game_json", "load_game", "ScoringTotals", "SAVE_FORMAT",
           "SAVE_VERSION"]

SAVE_FORMAT = "alhambra_lib.game"
SAVE_VERSION = 2

T = TypeVar("T")

#: The keys every save has besides the state fields (`schema.STATE_FIELDS`).
_HEADER = frozenset({"format", "version", "players", "options", "modules"})
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


def _held(modules: Iterable[str]) -> tuple[StateField, ...]:
    """The fields a save of a game with `modules` (names; unknown ones add nothing) holds:
    every field but those of an Alhambra part no module in play declares (the gates)."""
    parts = alhambra_parts(MODULES[name] for name in modules if name in MODULES)
    return tuple(f for f in STATE_FIELDS if f.part is None or f.part in parts)


def game_state(game: Game, events: bool = True) -> dict[str, Any]:
    """The whole state of `game` as JSON-able data (see `Game.to_json`); without the
    ``"events"`` key when `events` is false. Every field of `schema.STATE_FIELDS` the
    game's modules hold, written by its codec."""
    modules = game.modules
    state: dict[str, Any] = {"format": SAVE_FORMAT, "version": SAVE_VERSION,
                             "players": list(game.players), "options": game.options,
                             "modules": list(modules)}
    for key, attr, encode in _written(modules, events):
        state[key] = encode(game, getattr(game, attr))
    return state


#: (modules, events) -> the (key, attribute, encoder) of each field a save holds: saving
#: after every action walks a ready list.
_WRITTEN: dict[tuple[tuple[str, ...], bool], tuple[tuple[str, str, Callable[..., Any]], ...]] = {}


def _written(modules: tuple[str, ...], events: bool
             ) -> tuple[tuple[str, str, Callable[..., Any]], ...]:
    rows = _WRITTEN.get((modules, events))
    if rows is None:
        if len(_WRITTEN) >= 256:  # a sweep over many module sets
            _WRITTEN.clear()
        rows = _WRITTEN[modules, events] = tuple(
            (f.key, f.attr, f.codec.encode) for f in _held(modules)
            if events or f.key != "events")
    return rows


# What ``json.dumps(value, sort_keys=True, separators=(",", ":"))`` does, with one encoder.
_dumps = json.JSONEncoder(sort_keys=True, separators=(",", ":")).encode


def game_json(game: Game) -> str:
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


def load_game(cls: type[Game], text: str | bytes | bytearray) -> Game:
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
    """Reads a save stage by stage (`schema.STAGES`), each field by its codec, and runs
    the checks that span fields between the stages; `where` names what is being read,
    `values` holds what was read by save key (a `schema.Reader`)."""

    def __init__(self) -> None:
        self.where = ""
        self.values: dict[str, Any] = {}

    def fail(self, message: str) -> NoReturn:
        raise InvalidSave(message, self.where)

    def expect(self, value: Any, kind: type[T], what: str) -> T:
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
            self.fail(f"{what} should be a {kind.__name__}, got {_short(value)}")
        return value

    def decode(self, decoder: Callable[[Any], T], value: Any, what: str) -> T:
        try:
            return decoder(value)
        except (TypeError, ValueError) as error:
            self.fail(f"{what}: {error}")

    # -- the whole load, cheapest checks first ------------------------------------------

    def load(self, cls: type[Game], text: Any) -> Game:
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
        fields = _held(config.modules)
        game._blank(config, self.stage(game, data, "rng", fields)["rng"])
        self.stage(game, data, "piles", fields)
        box = composition(config, game._modules)
        held = self.cards_held(box)
        found = self.tiles_held(game, box)
        self.stage(game, data, "alhambras", fields)
        self.alhambras(game)
        self.stage(game, data, "progress", fields)
        self.turn_zero()
        self.stack()
        self.script(game)
        self.consistency(game)
        self.stage(game, data, "scores", fields)
        self.stage(game, data, "slices", fields)
        self.stage(game, data, "events", fields)
        self.cards_once(game, held, box)
        self.tiles_once(game, found, box)
        self.events(game)
        self.census(game, box)
        self.can_go_on(game)
        return game

    def stage(self, game: Game, data: Mapping[str, Any], stage: str,
              held: tuple[StateField, ...]) -> dict[str, Any]:
        """Read the fields of `stage` the save holds (`held`), each by its codec; set the
        game's attribute unless the value read is not the attribute's (`Codec.assign`)."""
        for field in held:
            if field.stage == stage:
                self.where = field.key
                value = self.values[field.key] = field.codec.decode(self, game, data[field.key])
                if field.codec.assign:
                    setattr(game, field.attr, value)
        return self.values

    def upgrade(self, data: dict[str, Any]) -> dict[str, Any]:
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
        named = data.get("modules")
        names = [n for n in named if isinstance(n, str)] if isinstance(named, list) else []
        self.keys(data, _HEADER | {f.key for f in _held(names)})
        return data

    def keys(self, data: Mapping[str, Any], expected: frozenset[str]) -> None:
        missing, unknown = expected - set(data), set(data) - expected
        if missing or unknown:
            self.fail(f"keys missing {sorted(missing)}, unknown {sorted(map(str, unknown))}")

    def config(self, data: Mapping[str, Any]) -> GameConfig:
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

    # -- the checks that span fields -----------------------------------------------------

    def cards_held(self, box: Composition) -> Counter[AnyCard]:
        """The cards outside the modules' slices, refused at once when they are more than
        the game has."""
        self.where = "cards"
        read = self.values
        held: Counter[AnyCard] = Counter(read["draw_pile"])
        held.update(read["discard"])
        held.update(read["display"])
        for hand in read["hands"].values():
            held.update(hand)
        held.update(ScoringCard(r) for r in read["scoring_cards_revealed"])
        extra = held - box.cards()
        if extra:
            self.fail(f"the cards are not the {sum(box.cards().values())} of the game "
                      f"(extra or unknown {_names(extra)})")
        return held

    def cards_once(self, game: Game, held: Counter[AnyCard], box: Composition) -> None:
        """Every card of the composition exactly once, the ones the modules hold (master
        builders out of the game, coins in their bag, characters owned or out of the game)
        included."""
        self.where = "cards"
        for module in game._modules:
            held.update(module.held_cards(module_context(game)))
        expected = box.cards()
        if held != expected:
            self.fail(f"the cards are not the {sum(expected.values())} of the game "
                      f"(missing {_names(expected - held)}, "
                      f"extra or unknown {_names(held - expected)})")

    def tiles_held(self, game: Game, box: Composition) -> Counter[Tile]:
        """The tiles outside the modules' slices, refused at once when they are more than
        the game has: no Alhambra is built from a hand-made layout of thousands of tiles."""
        self.where = "tiles"
        read = self.values
        found: Counter[Tile] = Counter(read["bag"])
        market: list[Tile | None] = read["market"]
        found.update(t for t in market if t is not None)
        found.update(read["dirk_tiles"])
        for _, waiting in read["awaiting"]:
            found.update(waiting)
        if any(t.stick_mask for t in found):
            self.fail("City Walls sticks (§M9) lie only on the players' own tiles, not in the "
                      "bag, the market, Dirk's pile or the end-of-game distribution")
        loose = found - Counter(box.bag)
        if loose:  # a hut in the bag is taken from no pile (§M4)
            self.fail(f"the bag, the market, {DIRK}'s pile and the distribution hold only "
                      f"tiles of the bag, not {_names(loose, repr)}")
        if any(t is not None and t.kind == "bazaar" for t in market):
            self.fail("a bazaar lies beside the market, never on a square (§M16)")
        own = list(read["to_place"])
        layouts: dict[str, Layout] = read["alhambras"]
        for p in game.players:
            own += [t for cell, t in layouts[p].items() if cell != (0, 0)]
            own += read["reserves"][p]
        if "sticks" not in alhambra_parts(game._modules) and any(t.stick_mask for t in own):
            self.fail("a tile has City Walls sticks (§M9), but the module is not in play")
        found.update(t.printed for t in own)  # a tile with sticks is still that tile
        extra = found - box.tiles()
        if extra:
            self.fail(f"the tiles are not the {sum(box.tiles().values())} of the game "
                      f"(extra or unknown {_names(extra, repr)})")
        return found

    def tiles_once(self, game: Game, found: Counter[Tile], box: Composition) -> None:
        """Every tile exactly once, the ones the modules hold (hut piles...) included."""
        self.where = "tiles"
        for module in game._modules:
            found.update(module.held_tiles(module_context(game)))
        expected = box.tiles()
        if found != expected:
            self.fail(f"the tiles are not the {sum(expected.values())} of the game (missing "
                      f"{_names(expected - found, repr)}, "
                      f"extra or unknown {_names(found - expected, repr)})")

    def alhambras(self, game: Game) -> None:
        """Build each Alhambra from its layout and its gates (§M5, none without the
        module), refusing an illegal one."""
        gates, hole_rule = self.values.get("gates", {}), game.options["hole_rule"]
        built: dict[str, Alhambra] = {}
        for p, layout in self.values["alhambras"].items():
            self.where = f"{p}'s Alhambra"
            try:
                built[p] = Alhambra.from_layout(layout, hole_rule,
                                                gates=gates.get(p, ()))
            except (AlhambraError, TypeError, ValueError) as error:
                self.fail(f"illegal: {error}")
        setattr(game, FIELDS["alhambras"].attr, built)

    def turn_zero(self) -> None:
        """Turn 0 only before the first turn (the script's last step is ``first_turn``)."""
        self.where = "turn"
        if self.values["turn"] == 0 and self.values["script"][-1:] != ["first_turn"]:
            self.fail("turn should be 1 or more (0 only before the first turn), got 0")

    def stack(self) -> None:
        """At most the turn's action part and one decision that interrupts it (an auction
        drawn by the money swap, §M7): every decision below the top is ``act``."""
        self.where = "decisions"
        decisions = self.values["decisions"]
        below = decisions[:-1]
        if len(below) > 1 or any(d.kind != "act" for d in below):
            self.fail(f"only the action part waits below another decision, got "
                      f"{[d.kind for d in decisions]}")

    def script(self, game: Game) -> None:
        """The script is what is left of a turn end, of the game's end or of the setup,
        and its first step is the one that pushed the decision on top (`PUSHED_BY`)."""
        self.where = "script"
        script, top, decisions = self.values["script"], game.decision, self.values["decisions"]
        whole = next((run for run in (game._turn_end, GAME_END, game._setup_script)
                      if script and tuple(script) == run[len(run) - len(script):]), None)
        if script and whole is None:
            self.fail(f"{script} is not the rest of a turn end {list(game._turn_end)}, of "
                      f"the game's end {list(GAME_END)} or of the setup")
        if top is None or top.kind == "act" or (top.kind == "auction" and len(decisions) == 2):
            if script:
                self.fail(f"no turn-end step runs while {top or 'nobody'} decides")
            return
        if not script:
            self.fail(f"a {top.kind} decision with no turn-end step waiting on it")
        if script[0] not in pushed_by().get(top.kind, (script[0],)):
            self.fail(f"a {top.kind} decision waits on the step {script[0]!r}")

    def rounds_match(self) -> None:
        """The rounds scored and pending are those whose scoring card came up (and the
        final one once the game is over)."""
        self.where = "decisions"
        read = self.values
        over = not read["decisions"]
        scored, revealed = read["rounds_scored"], read["scoring_cards_revealed"]
        pending = read["pending_rounds"]
        expected = sorted(revealed) + [3] if over else sorted(revealed)
        if sorted(scored + pending) != expected or (over and pending):
            self.fail(f"rounds scored {scored} (pending {pending}) do not match the scoring "
                      f"cards revealed {revealed}{' and the final scoring' if over else ''}")

    def consistency(self, game: Game) -> None:
        """The decisions agree with the end of the game, the tiles to place and waiting,
        and whose turn it is."""
        self.rounds_match()
        read = self.values
        decisions, script, to_place = read["decisions"], read["script"], read["to_place"]
        may_continue, end_reason = read["may_continue"], read["end_reason"]
        top: Decision | None = decisions[-1] if decisions else None
        kind, player = (None, None) if top is None else (top.kind, top.player)
        ending = top is None or kind == "final_place" or script[:1] == ["final_scoring"]
        if (end_reason is not None) != ending:
            self.fail(f"the end of the game (reason {end_reason}) does not match the "
                      f"decision {top}")
        turn_end = kind == "final_place" or (kind == "place" and script[:1] == ["place_bought"])
        if turn_end and player != game.turn_player:  # the step asks the turn's player
            self.fail(f"{player} places, but it is {game.turn_player}'s turn")
        if read["awaiting"] and kind != "final_place":
            self.fail("tiles await distribution recipients outside the final placing")
        if kind == "act":
            if len(decisions) != 1 or script or player != game.turn_player:
                self.fail("the action part is the turn player's only decision, with no "
                          "turn-end step pending")
            if bool(to_place) != may_continue:
                self.fail("bought tiles wait in the action part exactly when an exact "
                          "payment allows another action")
        # A module's decision may interrupt the action part (an auction of a character
        # drawn by the money swap, §M7): the turn's act decision is then below it.
        acting = any(d.kind == "act" for d in decisions)
        if may_continue and not acting:
            self.fail("another action after an exact payment only in the action part")
        placing = kind in ("place", "final_place")
        if placing != bool(to_place) and not acting:
            self.fail(f"decision {top} with {len(to_place)} tiles to place")
        # The market's four squares bound the tiles bought from it in one turn (a hut is
        # taken, a bazaar is bought beside the market).
        bought = [t for t in to_place if t.kind not in ("hut", "bazaar")]
        if len(bought) > MARKET_SIZE and kind != "final_place":
            self.fail(f"at most {MARKET_SIZE} market tiles can be bought in a turn")

    def events(self, game: Game) -> None:
        """Each event has its fields and can be told; the scores are the sum of the
        scoring events."""
        events: list[Any] = self.values["events"]
        totals = dict.fromkeys(game.competitors, 0)
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
        game._n_events = len(events)  # the log is shared by copies: its length is the game's
        self.where = "scores"
        if totals != game.scores:
            self.fail(f"scores {game.scores} differ from the sum of the scoring events {totals}")

    def narrated(self, event: dict[str, Any]) -> None:
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

    def scoring_event(self, event: dict[str, Any], totals: dict[str, int]) -> None:
        read = decode(ScoringTotals, {**{k: event[k] for k in ("counts", "walls", "points")},
                                      "parts": event.get("parts", {})},
                      self.where, totals, "a scoring event")
        points, parts = read["points"], read["parts"]
        for name in totals:
            if parts and sum(v[name] for v in parts.values()) != points[name]:
                self.fail(f"the parts of {name} do not add up to {points[name]}")
            totals[name] += points[name]

    def census(self, game: Game, box: Composition) -> None:
        self.where = "census"
        expected = dict(box.totals)
        found = game.census()
        if found != expected:
            self.fail(f"the components are {found}, the game has {expected}")

    def can_go_on(self, game: Game) -> None:
        self.where = "decisions"
        if game.decision is not None and not game.legal_actions():
            self.fail(f"{game.decision} has no legal action: the game could not go on")


def _upgrade_v1(data: dict[str, Any], loader: _Loader) -> dict[str, Any]:
    """A version-1 save (phase + player to act) as version 2 (decisions + script)."""
    loader.where = "phase"
    phase, current = data.get("phase"), data.get("current")
    dirk = isinstance(data.get("players"), list) and has_dirk(len(data["players"]))
    kinds = {"action": "act", "place": "place", "final_place": "final_place"}
    if phase == "over":
        decisions: list[dict[str, Any]] = []
        script: list[str] = []
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


def _names(counter: Counter[Any], show: Callable[[Any], str] = str) -> list[str]:
    return sorted(map(show, counter.elements()))[:12]
