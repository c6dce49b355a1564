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

from ..actions import DIRK
from ..i18n import N_, _, format_list, format_number, language, ngettext
from ..narrate import (
    EVENT_FIELDS,
    EVENTS,
    YOU,
    _cards_text,
    card_text,
    paid_text,
    player_text,
    points_text,
    moment_text,
    register_events,
    score_term_text,
    sides_text,
    term,
    tile_text,
    told,
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


def _join(items) -> str:
    """Names in one phrase: ``"Ana, Bo"`` in English as always, Babel's list of the
    language otherwise (``"Ana, Bo et Cy"``)."""
    return ", ".join(items) if language() == "en" else format_list(list(items))


def _scoring_text(e):
    parts = scoring_parts(e)

    def line(name, points):
        terms = ""
        for i, (score_term, values) in enumerate(parts.items()):
            value = values[name]
            sign = ("-" if value < 0 else "") if i == 0 else (" - " if value < 0 else " + ")
            terms += f"{sign}{format_number(abs(value))} {score_term_text(score_term)}"
        return _("{name} {points} ({terms})").format(
            name=player_text(name), points=format_number(points), terms=terms)

    return _("scoring round {round}: {scores}").format(
        round=e["round"], scores=", ".join(line(n, p) for n, p in e["points"].items()))


def _distribution_text(e):
    parts = [_("{tile} ({currency}) to {player}").format(
        tile=tile_text(t["tile"]), currency=term(t["currency"]),
        player=player_text(t["to"]) if t["to"] else _("nobody")) for t in e["tiles"]]
    if not parts:
        return _("last market tiles: none left")
    return _("last market tiles: {tiles}").format(tiles="; ".join(parts))


def _redesign_text(e):
    tile, pos = tile_text(e["tile"]), tuple(e["pos"])
    if e["move"] == "remove":
        return told(e["player"], N_("{player} moves {tile} at {pos} to the reserve"),
                    N_("You move {tile} at {pos} to the reserve"),
                    tile=tile_text(e["removed"]), pos=pos)
    if e["move"] == "place" and e.get("gate"):
        return told(e["player"], N_("{player} places {tile} from the reserve at {pos} "
                                    "through a gate on its {side} side"),
                    N_("You place {tile} from the reserve at {pos} through a gate on its "
                       "{side} side"), tile=tile, pos=pos, side=sides_text(e["gate"]))
    if e["move"] == "place":
        return told(e["player"], N_("{player} places {tile} from the reserve at {pos}"),
                    N_("You place {tile} from the reserve at {pos}"), tile=tile, pos=pos)
    return told(e["player"], N_("{player} exchanges {tile} from the reserve with {removed} "
                                "at {pos}"),
                N_("You exchange {tile} from the reserve with {removed} at {pos}"),
                tile=tile, removed=tile_text(e["removed"]), pos=pos)


def _place_text(e):
    tile, pos = tile_text(e["tile"]), tuple(e["pos"])
    if e.get("gate"):
        return told(e["player"], N_("{player} places {tile} at {pos} through a gate on its "
                                    "{side} side"),
                    N_("You place {tile} at {pos} through a gate on its {side} side"),
                    tile=tile, pos=pos, side=sides_text(e["gate"]))
    return told(e["player"], N_("{player} places {tile} at {pos}"),
                N_("You place {tile} at {pos}"), tile=tile, pos=pos)


def _buy_text(e):
    fields = {"tile": tile_text(e["tile"]), "currency": term(e["currency"]),
              "paid": paid_text(e["cards"])}
    if e["exact"]:
        return told(e["player"],
                    N_("{player} buys {tile} from the {currency} square paying {paid} (exact)"),
                    N_("You buy {tile} from the {currency} square paying {paid} (exact)"),
                    **fields)
    return told(e["player"], N_("{player} buys {tile} from the {currency} square paying {paid}"),
                N_("You buy {tile} from the {currency} square paying {paid}"), **fields)


def _winners_text(e):
    winners = e["winners"]
    scores = ", ".join(f"{player_text(n)} {format_number(s)}" for n, s in e["scores"].items())
    names = (" and ".join(winners) if language() == "en"
             else format_list([player_text(n) for n in winners]))
    if winners == [YOU]:
        return _("final scores: {scores}; You win").format(scores=scores)
    return ngettext("final scores: {scores}; {winners} wins",
                    "final scores: {scores}; {winners} win",
                    len(winners)).format(scores=scores, winners=names)


def _module_text(name: str) -> str:
    """A module in the setup line: its id in English (as always), its title otherwise."""
    from ..modules import MODULES  # the registry imports the engine's neighbours

    if language() == "en" or name not in MODULES:
        return name
    return _(MODULES[name].title)


def _setup_text(e):
    players = _join(player_text(p) for p in e["players"])
    modules = _join(_module_text(m) for m in e.get("modules") or ())
    # Dirk is no player: named apart, as in the final standings (RULES.md §10)
    if e["dirk"] and modules:
        return _("new game: {players} (and {dirk}, the neutral player), with {modules}").format(
            players=players, dirk=DIRK, modules=modules)
    if e["dirk"]:
        return _("new game: {players} (and {dirk}, the neutral player)").format(
            players=players, dirk=DIRK)
    if modules:
        return _("new game: {players}, with {modules}").format(players=players, modules=modules)
    return _("new game: {players}").format(players=players)


def _end_triggered_text(e):
    reasons = {"market_short": N_("the game ends: the bag cannot fill the market"),
               "bag_empty": N_("the game ends: the bag is empty")}
    if e["reason"] in reasons:
        return _(reasons[e["reason"]])
    return _("the game ends: {reason}").format(reason=e["reason"])


def _tiles_text(tiles):
    return ", ".join(map(tile_text, tiles))


#: The base game's event types -> (required fields, sentence).
_EVENTS = {
    "setup": (("players", "dirk", "options"), _setup_text),
    "draw_tile": (("square", "tile"),
                  lambda e: _("market square {square}: {tile}").format(
                      square=e["square"], tile=tile_text(e["tile"]))),
    "dirk_gift": (("after", "tiles"),
                  lambda e: _("{dirk} receives ({after}): {tiles}").format(
                      dirk=DIRK, after=moment_text(e["after"]), tiles=_tiles_text(e["tiles"]) or _("nothing"))),
    "starting_money": (("player", "cards"),
                       lambda e: told(e["player"], N_("{player} gets {cards}"),
                                      N_("You get {cards}"), cards=_cards_text(e["cards"]))),
    "start_player": (("player", "cards", "total"),
                     lambda e: told(e["player"], N_("{player} starts ({cards} worth {total})"),
                                    N_("You start ({cards} worth {total})"),
                                    cards=ngettext("{n} card", "{n} cards", e["cards"]).format(
                                        n=e["cards"]), total=e["total"])),
    "draw_pile": (("piles",), lambda e: _("draw pile built from piles of {piles}").format(
        piles=e["piles"])),
    "draw_card": (("card",), lambda e: _("display: {card}").format(card=card_text(e["card"]))),
    "scoring_card": (("round",),
                     lambda e: _("scoring card {round} comes up").format(round=e["round"])),
    "reshuffle": (("cards",),
                  lambda e: ngettext("the {n} discarded card is shuffled into a new draw pile",
                                     "the {n} discarded cards are shuffled into a new draw pile",
                                     e["cards"]).format(n=e["cards"])),
    "turn": (("turn", "player"), lambda e: _("-- turn {turn}: {player}").format(
        turn=e["turn"], player=player_text(e["player"]))),
    "take": (("player", "cards"),
             lambda e: told(e["player"], N_("{player} takes {cards}"), N_("You take {cards}"),
                            cards=_cards_text(e["cards"]))),
    "buy": (("player", "square", "currency", "tile", "cards", "exact"), _buy_text),
    "redesign": (("player", "move", "tile", "pos", "removed"), _redesign_text),
    "end": (("player", "passed"),
            lambda e: told(e["player"], N_("{player} passes"), N_("You pass")) if e["passed"]
            else told(e["player"], N_("{player} ends the actions"), N_("You end the actions"))),
    "place": (("player", "tile", "pos"), _place_text),
    "reserve": (("player", "tile"),
                lambda e: told(e["player"], N_("{player} puts {tile} on the reserve"),
                               N_("You put {tile} on the reserve"), tile=tile_text(e["tile"]))),
    "give": (("player", "tile"),
             lambda e: told(e["player"], N_("{player} gives {tile} to {dirk}"),
                            N_("You give {tile} to {dirk}"), tile=tile_text(e["tile"]),
                            dirk=DIRK)),
    "scoring": (("round", "counts", "walls", "points"), _scoring_text),
    "end_triggered": (("reason",), _end_triggered_text),
    "distribution": (("tiles",), _distribution_text),
    "final_placing": (("player", "tiles"),
                      lambda e: told(e["player"], N_("{player} places the received {tiles}"),
                                     N_("You place the received {tiles}"),
                                     tiles=_tiles_text(e["tiles"]))),
    "game_over": (("scores", "winners"), _winners_text),
}

register_events(_EVENTS)


def describe_event(event):
    """One readable line for an event of `Game.events`.

    A player named "You" (as at a `GameTable`) is narrated in the second person. The
    sentence is in the language of `alhambra_lib.i18n` at the time of the call.

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
    return entry[1](event)
