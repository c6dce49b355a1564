"""The GameTable's words: the choice buttons, what to do now, the winners.

Plain functions of a game and actions, testable without ipywidgets.

Examples
--------
>>> from alhambra_lib import Card
>>> from alhambra_lib.modules.thieves import Steal
>>> choice_text(Steal(Card("ducat", 6)))
'play a ducat thief and steal the 6 ducat'
>>> winners_sentence(["Ana", "You"], "You")
'Ana and you win'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING, Any

from ..actions import DIRK, Action, Buy
from ..alhambra import REASONS
from ..components import CHARACTERS, CURRENCIES, Card
from ..modules.street_merchant import COLOUR_NAMES
from ..engine.narration import points_text
from ..table.clicks import HOLDS, PLACING, decision_title
from ._table_refusals import piece_needs

if TYPE_CHECKING:
    from ..engine.game import Game

__all__ = ["analysis_line", "analysis_lines", "auction_text", "choice_text", "click_message",
           "reasons_html", "status_text", "winners_sentence"]


def reasons_html(codes: Iterable[str]) -> str:
    """The building rules' reasons (`REASONS` codes) as list items in words."""
    return "".join(f"<li>{escape(REASONS[code])}</li>" for code in codes if code in REASONS)


def winners_sentence(winners: Sequence[str], you: str) -> str:
    """"You win", "Ana wins", "Ana and you win"."""
    names = ["you" if w == you else w for w in winners]
    text = " and ".join(names)
    verb = "win" if len(names) > 1 or names == ["you"] else "wins"
    return text[0].upper() + text[1:] + f" {verb}"


def _paid(cards: Iterable[Any]) -> str:
    """The cards paid, with their currency: "5 + 3 denar", "5 denar + 3 ducat"; other
    money (a diamond, a coin) as it prints."""
    cards = list(cards)
    currencies = {getattr(c, "currency", None) for c in cards}
    if all(c.__class__ is Card for c in cards) and len(currencies) == 1:
        return " + ".join(str(c.value) for c in cards) + f" {cards[0].currency}"
    return " + ".join(map(str, cards))


def _buy_text(action: Any) -> str:
    exact = ("" if not action.exact else " (exact: you act again)" if action.kind == "buy"
             else " (exact)")
    if action.kind == "vizier":  # any square, any currency: the square tells them apart
        return (f"use your vizier to buy the {action.tile} of square {action.square}, paying "
                f"{_paid(action.cards)}{exact}")
    return f"pay {_paid(action.cards)} for the {action.tile}{exact}"


def _redesign_text(action: Any) -> str:
    if action.move == "remove":
        return f"move the tile on {action.pos} to your reserve"
    if action.move == "exchange":
        return f"swap it with the {action.tile} from your reserve"
    return f"build the {action.tile} from your reserve on {action.pos}" + _gate(action)


def _gate(action: Any) -> str:
    return f" through a gate on its {action.gate} side" if action.gate else ""


# kind -> the words on its button; a kind not here shows the action as it prints.
_TEXTS = {
    "take": lambda a: "take " + " + ".join(map(str, a.cards)),
    "reserve": lambda a: f"put the {a.tile} in your reserve",
    "give": lambda a: f"give the {a.tile} to {DIRK}",
    "end": lambda a: "end your turn",
    "place": lambda a: f"build the {a.tile} at {a.pos}" + (_gate(a) or " without a gate"),
    "redesign": _redesign_text,
    "buy_bazaar": lambda a: (f"pay {_paid(a.cards)} for the {a.bazaar.marks[0]} bazaar of "
                             f"{', '.join(a.bazaar.marks[1:-1])} and {a.bazaar.marks[-1]}"),
    "buy_chests": lambda a: f"pay {_paid(a.cards)} for the chests of room {a.room}",
    "bid": lambda a: f"bid {a.amount} ({_paid(a.cards)})",
    "steal": lambda a: f"play a {a.card.currency} thief and steal the {a.card}",
    "swap_card": lambda a: f"swap the {a.card} for the next card of the pile",
    "master_builder": lambda a: (f"play the master builder ({a.card}): a redesign at the end "
                                 "of your turn"),
    "wake": lambda a: "wake your vizier (your turn ends)",
    "keep_citizens": lambda a: "keep the citizens of your disc",
    "set_merchant": lambda a: (f"put the {', '.join(COLOUR_NAMES[c] for c in a.colours)} "
                               f"citizens on your disc at {a.pos}"),
    "wise_man": lambda a: f"count the Wise Man's half building as {a.colour}",
}
#: What declining means in each decision.
_DECLINE = {"auction": "pass (no bid)", "window": "let the chance pass",
            "master_builder": "make no redesign now"}


def choice_text(action: Action, decision: str = "act") -> str:
    """A legal action as the words on its button, in `decision` (its kind)."""
    if isinstance(action, Buy):
        return _buy_text(action)
    if action.kind == "decline":
        return _DECLINE.get(decision, "decline")
    text = _TEXTS.get(action.kind)
    return text(action) if text else str(action)


def analysis_line(row: Any, decision: str = "act", digits: int = 0) -> str:
    """One move of a search's analysis (a `~alhambra_lib.bots.MoveAnalysis`) in words:
    its rank, the move, and what the search expects of it (the margin to `digits`
    decimals).

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> from alhambra_lib.actions import Take
    >>> row = SimpleNamespace(rank=1, action=Take((Card("denar", 3),)), margin=7.6,
    ...                       win_chance=0.625)
    >>> analysis_line(row)
    '1. take 3 denar: you finish about 8 points ahead of your rivals, win chance 62 %'
    >>> analysis_line(row, digits=1)
    '1. take 3 denar: you finish about 7.6 points ahead of your rivals, win chance 62 %'
    """
    points = round(abs(row.margin), digits)
    shown = f"{points:.{digits}f}"
    lead = ("level with your rivals" if not points else
            f"about {shown} point{'s' * (shown != '1')} "
            f"{'ahead of' if row.margin > 0 else 'behind'} your rivals")
    return (f"{row.rank}. {choice_text(row.action, decision)}: you finish {lead}, "
            f"win chance {row.win_chance:.0%}".replace("%", " %"))


def analysis_lines(rows: Sequence[Any], decision: str = "act",
                   gap: str | None = None) -> list[str]:
    """A search's analysis (`~alhambra_lib.bots.MoveAnalysis`, best first) in words, so
    that what it shows agrees with itself: what the moves are ranked by (the expected
    margin, to a decimal where whole points would tie), a line per move, why a move ranked
    lower may show a higher win chance, what the chance means, and where it was not
    measured (`gap`, `~alhambra_lib.bots.search.calibration_gap`).

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> from alhambra_lib.actions import Take
    >>> rows = [SimpleNamespace(rank=i + 1, action=Take((Card("denar", v),)), margin=m,
    ...                         win_chance=c)
    ...         for i, (v, m, c) in enumerate([(3, 8.4, 0.44), (2, 7.6, 0.49)])]
    >>> print("\\n".join(analysis_lines(rows)))  # doctest: +NORMALIZE_WHITESPACE
    Its 2 best moves, best first by the points it expects you to finish ahead of your
    rivals:
    1. take 3 denar: you finish about 8.4 points ahead of your rivals, win chance 44 %
    2. take 2 denar: you finish about 7.6 points ahead of your rivals, win chance 49 %
    Move 2 shows a higher win chance than move 1 but a smaller expected lead: the search
    ranks by the lead, which counts by how much you win or lose, not only whether.
    The win chance is how often positions like these were won in self-play of the strong
    search.
    """
    digits = 1 if len({round(row.margin) for row in rows}) < len(rows) else 0
    lines = [f"Its {len(rows)} best moves, best first by the points it expects you to "
             "finish ahead of your rivals:" if len(rows) > 1 else "Its judgement:"]
    lines += [analysis_line(row, decision, digits) for row in rows]
    first = round(100 * rows[0].win_chance)
    higher = next((row for row in rows[1:] if round(100 * row.win_chance) > first), None)
    if higher is not None:
        lines.append(f"Move {higher.rank} shows a higher win chance than move 1 but a "
                     "smaller expected lead: the search ranks by the lead, which counts by "
                     "how much you win or lose, not only whether.")
    lines.append("The win chance is how often positions like these were won in self-play "
                 "of the strong search.")
    if gap:
        lines.append(gap)
    return lines


def auction_text(part: Mapping[str, Any]) -> str:
    """The character up for auction, its power and the bid (a characters view part)."""
    auction = part["auction"]
    card = auction["card"]
    high = auction["high"]
    bid = "no bid yet" if high is None else f"the bid stands at {high[1]} by {high[0]}"
    return f"{card.title} ({CHARACTERS[card.id]['effect']}): {bid}"


# decision kind -> what to click, for decisions the modules add.
_HOW = {
    "window": "click a card of the display to steal it with a thief, or a market square "
              "for the vizier to buy",
    "auction": "bid with a button beside the character, or pass",
    "chests": "click one of your buildings to put a chest on it",
    "master_builder": "click a tile of your reserve, then a green cell (or one of your tiles "
                      "to move it to the reserve), or let it pass",
    "wise_man": "choose the type the Wise Man's half building counts for in this scoring: "
                "half a building more breaks a tie in that type's majority",
}


def _merchant_how(legal: Sequence[Action]) -> str:
    kinds = {a.kind for a in legal}
    if "set_merchant" in kinds:
        return ("click three citizens of the supply for your disc, then the cell beside the "
                "fountain where it goes")
    if "place_merchant" in kinds:
        return "click a green cell for your merchant's disc"
    if "take_citizen" in kinds:
        return "click a citizen of the supply to put it on your disc"
    return "click a citizen on your disc, then one of the supply to swap them, or keep them"


def status_text(game: Game, you: str, legal: Sequence[Action]) -> str:
    """What to do now, in one or two sentences."""
    if game.is_over:
        scores = ", ".join(f"{n} {points_text(s)}" for n, s in game.scores.items())
        return f"Game over. {winners_sentence(game.winners, you)}! ({scores})"
    decision = game.decision
    assert decision is not None  # the game goes on
    if decision.player != you:
        return f"Turn {game.turn}: {decision.player} is to play."
    if decision.kind == "act":
        if any(a.kind == "end" for a in legal) and len(legal) > 1:
            return (f"Turn {game.turn}: you paid exactly, so you may take, buy or redesign "
                    "once more, or end your turn.")
        return (f"Turn {game.turn}, your turn: take money (click a card of the display), "
                "buy a tile (click a market square) or redesign (click your reserve or "
                "your tiles).")
    if decision.kind in PLACING:
        head = ("The game has ended: build the last market tiles you received"
                if decision.kind == "final_place" else "Build the tiles you bought")
        return (f"Turn {game.turn}: {head}. Click a green cell for the tile in hand, or "
                "put it in your reserve" + (" or give it to Dirk." if any(
                    a.kind == "give" for a in legal) else "."))
    when = f"Turn {game.turn}" if game.turn else "Before the first turn"
    how = (_merchant_how(legal) if decision.kind == "merchant"
           else _HOW.get(decision.kind, "choose one of the buttons offered"))
    if decision.kind == "window":  # only the chances you have
        kinds = {a.kind for a in legal}
        how = (_HOW["window"] if {"steal", "vizier"} <= kinds else
               "click a card of the display to steal it with a thief" if "steal" in kinds
               else "click a market square for the vizier to buy")
        how += ", or let the chance pass"
    elif any(isinstance(a, Buy) for a in legal):
        how += ", or click a market square to buy"
    return f"{when}, {decision_title(decision.kind, legal, game)}: {how}."


def click_message(game: Game, you: str, selection: Any, piece: tuple[str, Any]) -> str:
    """What a click on `piece` did to the `selection` at `game` (`you` to decide), as
    HTML: the moves it leaves, or why it makes none."""
    kind, what = piece
    built = kind == "cell" and what in game.alhambra(you).layout
    if not selection.matched or (built and not selection.ready):
        return _refused(game, you, selection, kind, what)
    many = selection.too_many()
    if kind == "square":
        text = _square_text(game, you, selection, what)
    elif many:
        text = f"There are {many} ways: click the cards you pay with to narrow them."
    elif kind == "card":
        takes = [a for a in selection.ready if a.kind == "take"]
        text = (f"Take the {what} alone, or with other cards totalling at most 5."
                if len(takes) > 1 else f"You may take the {what}." if takes
                else "Choose below.")
    elif kind == "thief":
        text = f"Your {what} thief: now click a {what} card of the display to steal it."
    elif kind in HOLDS:
        text = (f"The {what} is in hand: click a green cell to build it" +
                (", or one of your tiles marked ⇄ to swap them." if kind == "reserve"
                 else "."))
    elif built:
        text = f"Your {game.alhambra(you).layout[what]} on {what}: choose below."
    elif kind in ("wall_card", "side") and not selection.ready:
        text = _sticks_text(selection.next_keys())
    else:
        text = ("Now click a green cell." if selection.next_cells() and not selection.offered
                else "Choose below." if selection.offered else "Now click the next piece.")
    return escape(text)


def _refused(game: Game, you: str, selection: Any, kind: str, what: Any) -> str:
    """Why a click on a piece makes no move now (HTML)."""
    alhambra = game.alhambra(you)
    tile = (selection.held() or (None, None))[1]
    if kind == "square":
        return escape(_square_text(game, you, selection, what))
    if kind == "cell" and what not in alhambra.layout and tile is not None:
        why = reasons_html(alhambra.check(tile, what).reasons)
        return f"The {escape(str(tile))} may not go on {what}" + (
            f":<ul>{why}</ul>" if why else " now.")
    if kind == "cell" and what in alhambra.layout:
        why = reasons_html(alhambra.check_removal(what).reasons)
        swap = (" Take a tile of your reserve in hand to swap it." if
                selection.matched else "")
        return (f"Your {escape(str(alhambra.layout[what]))} on {what} "
                + ("cannot move to your reserve:<ul>" + why + "</ul>"
                   if why else "cannot be redesigned now.") + swap)
    if kind == "cell":
        return "Take a tile in hand first: one you bought, or one of your reserve."
    if kind == "to_place":
        return "You build the tiles you bought at the end of your turn."
    if kind == "reserve" and game.to_place:
        return ("Place the tiles in hand first; a redesign is an action of your turn, "
                "instead of taking money or buying.")
    if kind == "card":
        return "You cannot take money now."
    if kind == "side":
        return "No wall card you clicked has its sticks go on that side: click one first."
    return escape(f"{piece_needs(kind, what, you)} Now: {status_text(game, you, selection.legal)}")


def _sticks_text(keys: Iterable[Any]) -> str:
    """Where a wall card's sticks may go next (`Selection.next_keys`), or that the card
    is to be clicked (after a side)."""
    if "wall_card" in keys:
        return "Now click the wall card whose sticks go there."
    where = [what for kind, what in (("side", "a side of your tile (a thin strip)"),
                                     ("cell", "a tile marked ◆"),
                                     ("to_place", "a tile in hand"),
                                     ("reserve", "a tile of your reserve")) if kind in keys]
    if not where:
        return "Its sticks fit on none of your tiles now."
    return ("Now click where its sticks go: " + ", ".join(where[:-1])
            + (" or " if len(where) > 1 else "") + where[-1] + ".")


def _square_text(game: Game, you: str, selection: Any, square: int) -> str:
    """What a click on market square `square` offers, or why nothing."""
    currency = CURRENCIES[square - 1]
    _, tile = game.market[square - 1]
    if tile is None:
        return "That square is empty."
    ways = [a for a in selection.ready if isinstance(a, Buy)]
    have = sum(c.value for c in game.hand(you)
               if c.__class__ is Card and c.currency == currency)
    if not ways:
        if have < tile.price:
            return (f"The {tile} costs {tile.price} {currency}; you hold {have} "
                    f"{currency}: not enough.")
        return f"You cannot buy the {tile} now. {status_text(game, you, selection.legal)}"
    exact = any(a.exact for a in ways)
    many = selection.too_many()
    return (f"The {tile} costs {tile.price} {currency}; you hold {have}. "
            + (f"There are {many} ways to pay: click the cards you pay with."
               if many else "Choose how to pay"
               + (" (paying exactly lets you act again)." if exact else ".")))
