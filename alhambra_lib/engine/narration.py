"""Events told as sentences, and the fields every event type carries.

`describe_event` gives one readable line per event of `Game.events`. `EVENT_FIELDS`
says which fields each event type must have: a restored game checks its events
against it, so narrating a loaded game never fails. Modules add their event types
with their ``narration`` attribute (`alhambra_lib.narrate.register_events`); the text
helpers (`tile_text`, `paid_text`...) live in `alhambra_lib.narrate` and are re-exported
here.

`scoring_parts` is the one place that reads a scoring event's points by term; saves
of version 1 have no ``parts``, and there majorities are what the walls leave.
"""

from __future__ import annotations

import re

from ..actions import DIRK
from ..narrate import (
    EVENT_FIELDS,
    EVENTS,
    _cards_text,
    card_text,
    paid_text,
    points_text,
    register_events,
    tile_text,
)

__all__ = ["describe_event", "scoring_parts", "EVENT_FIELDS", "register_events", "card_text",
           "paid_text", "tile_text", "points_text"]


def scoring_parts(event) -> dict:
    """``{term: {name: points}}`` of a scoring event (version-1 events derived)."""
    if "parts" in event:
        return event["parts"]
    walls = event["walls"]
    return {"majorities": {n: p - walls[n] for n, p in event["points"].items()},
            "walls": dict(walls)}


def _scoring_text(e):
    parts = scoring_parts(e)

    def line(name, points):
        terms = ""
        for i, (term, values) in enumerate(parts.items()):
            value = values[name]
            sign = ("-" if value < 0 else "") if i == 0 else (" - " if value < 0 else " + ")
            terms += f"{sign}{abs(value)} {term.replace('_', ' ')}"
        return f"{name} {points} ({terms})"

    return f"scoring round {e['round']}: " + ", ".join(line(n, p) for n, p in e["points"].items())


def _distribution_text(e):
    parts = [f"{tile_text(t['tile'])} ({t['currency']}) to {t['to'] or 'nobody'}"
             for t in e["tiles"]]
    return "last market tiles: " + ("; ".join(parts) or "none left")


def _redesign_text(e):
    if e["move"] == "remove":
        return f"{e['player']} moves {tile_text(e['removed'])} at {tuple(e['pos'])} to the reserve"
    if e["move"] == "place":
        return (f"{e['player']} places {tile_text(e['tile'])} from the reserve at "
                f"{tuple(e['pos'])}{_gate_text(e)}")
    return (f"{e['player']} exchanges {tile_text(e['tile'])} from the reserve with "
            f"{tile_text(e['removed'])} at {tuple(e['pos'])}")


def _gate_text(e):
    """" through a gate on its W side" for a placement through a gate (§M5), else ""."""
    return f" through a gate on its {e['gate']} side" if e.get("gate") else ""


def _paying(e):
    paid = paid_text(e["cards"])
    return (f"{tile_text(e['tile'])} from the {e['currency']} square paying {paid}"
            + (" (exact)" if e["exact"] else ""))


def _winners_text(e):
    winners = e["winners"]
    verb = "win" if len(winners) != 1 or winners == ["You"] else "wins"
    return (f"final scores: {', '.join(f'{n} {s}' for n, s in e['scores'].items())}; "
            f"{' and '.join(winners)} {verb}")


#: The base game's event types -> (required fields, sentence).
_EVENTS = {
    "setup": (("players", "dirk", "options"),
              lambda e: f"new game: {', '.join(e['players'])}"
              # Dirk is no player: named apart, as in the final standings (RULES.md §10)
              + (f" (and {DIRK}, the neutral player)" if e["dirk"] else "")
              + (f", with {', '.join(e['modules'])}" if e.get("modules") else "")),
    "draw_tile": (("square", "tile"),
                  lambda e: f"market square {e['square']}: {tile_text(e['tile'])}"),
    "dirk_gift": (("after", "tiles"), lambda e: f"{DIRK} receives ({e['after']}): "
                  + (", ".join(map(tile_text, e["tiles"])) or "nothing")),
    "starting_money": (("player", "cards"),
                       lambda e: f"{e['player']} gets {_cards_text(e['cards'])}"),
    "start_player": (("player", "cards", "total"),
                     lambda e: f"{e['player']} starts ({e['cards']} cards worth {e['total']})"),
    "draw_pile": (("piles",), lambda e: f"draw pile built from piles of {e['piles']}"),
    "draw_card": (("card",), lambda e: f"display: {card_text(e['card'])}"),
    "scoring_card": (("round",), lambda e: f"scoring card {e['round']} comes up"),
    "reshuffle": (("cards",),
                  lambda e: f"the {e['cards']} discarded cards are shuffled into a new draw pile"),
    "turn": (("turn", "player"), lambda e: f"-- turn {e['turn']}: {e['player']}"),
    "take": (("player", "cards"), lambda e: f"{e['player']} takes {_cards_text(e['cards'])}"),
    "buy": (("player", "square", "currency", "tile", "cards", "exact"),
            lambda e: f"{e['player']} buys {_paying(e)}"),
    "redesign": (("player", "move", "tile", "pos", "removed"), _redesign_text),
    "end": (("player", "passed"),
            lambda e: f"{e['player']} {'passes' if e['passed'] else 'ends the actions'}"),
    "place": (("player", "tile", "pos"),
              lambda e: f"{e['player']} places {tile_text(e['tile'])} at {tuple(e['pos'])}"
              f"{_gate_text(e)}"),
    "reserve": (("player", "tile"),
                lambda e: f"{e['player']} puts {tile_text(e['tile'])} on the reserve"),
    "give": (("player", "tile"), lambda e: f"{e['player']} gives {tile_text(e['tile'])} to {DIRK}"),
    "scoring": (("round", "counts", "walls", "points"), _scoring_text),
    "end_triggered": (("reason",), lambda e: "the game ends: " + {
        "market_short": "the bag cannot fill the market",
        "bag_empty": "the bag is empty"}.get(e["reason"], e["reason"])),
    "distribution": (("tiles",), _distribution_text),
    "final_placing": (("player", "tiles"), lambda e: f"{e['player']} places the received "
                      f"{', '.join(map(tile_text, e['tiles']))}"),
    "game_over": (("scores", "winners"), _winners_text),
}

register_events(_EVENTS)


#: The verbs a sentence goes on with after "and" ("plays a thief and steals ..."): only
#: these lose their -s, a noun after "and" keeps it.
_AND_VERBS = re.compile(r" and (takes|lays|steals|pays|puts|buys|passes|gets|places|moves"
                        r"|gives|keeps|swaps|plays|wakes|loses|scores|builds|draws)\b")


def _plain(verb):
    if verb.endswith(("sses", "shes", "ches", "xes")):
        return verb[:-2]
    return verb[:-1] if verb.endswith("s") else verb


def _second_person(line):
    """'You takes ...' -> 'You take ...': the verb after "You" loses its -s / -es, and so
    does a second verb after "and".

    >>> _second_person("You plays a thief and steals 3 ducat from the display")
    'You play a thief and steal 3 ducat from the display'
    """
    you, verb, rest = (line.split(" ", 2) + [""])[:3]
    rest = _AND_VERBS.sub(lambda m: " and " + _plain(m.group(1)), rest, count=1)
    return " ".join(part for part in (you, _plain(verb), rest) if part)


def describe_event(event):
    """One readable line for an event of `Game.events`.

    A player named "You" (as at a `GameTable`) is narrated in the second person.

    Examples
    --------
    >>> describe_event({"type": "take", "player": "Ana", "cards": [["ducat", 3], ["florin", 2]]})
    'Ana takes 3 ducat + 2 florin'
    >>> describe_event({"type": "end", "player": "You", "passed": True})
    'You pass'
    >>> describe_event({"type": "scoring", "round": 1, "counts": {}, "walls": {"Ana": 2},
    ...                 "points": {"Ana": 3}, "parts": {"majorities": {"Ana": 1},
    ...                 "walls": {"Ana": 2}}})
    'scoring round 1: Ana 3 (1 majorities + 2 walls)'
    >>> describe_event({"type": "scoring", "round": 3, "counts": {}, "walls": {"Ana": 2},
    ...                 "points": {"Ana": -1}, "parts": {"majorities": {"Ana": 0},
    ...                 "walls": {"Ana": 2}, "invaders": {"Ana": -3}}})
    'scoring round 3: Ana -1 (0 majorities + 2 walls - 3 invaders)'
    """
    entry = EVENTS.get(event.get("type"))
    if not entry:
        return str(event)
    line = entry[1](event)
    if event.get("player") == "You" and line.startswith("You "):
        return _second_person(line)
    return line
