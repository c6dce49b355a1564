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
from ..i18n import N_, _, format_list, format_percent, gettext, language, ngettext
from ..narrate import card_text, money_text, player_text, sides_text, term, tile_text
from ..table.clicks import HOLDS, PLACING, decision_title
from ._table_refusals import piece_needs

if TYPE_CHECKING:
    from ..engine.game import Game

__all__ = ["analysis_line", "analysis_lines", "auction_text", "choice_text", "click_message",
           "reasons_html", "status_text", "winners_sentence"]


def reasons_html(codes: Iterable[str]) -> str:
    """The building rules' reasons (`REASONS` codes) as list items in words."""
    return "".join(f"<li>{escape(gettext(REASONS[code]))}</li>" for code in codes
                   if code in REASONS)


def _and(names: Sequence[str]) -> str:
    """"Ana and Bo": English as always (no serial comma), Babel's list otherwise."""
    return " and ".join(names) if language() == "en" else format_list(list(names))


def winners_sentence(winners: Sequence[str], you: str) -> str:
    """"You win", "Ana wins", "Ana and you win"."""
    others = [w for w in winners if w != you]
    if not others:
        return _("You win")
    if you not in winners:
        return ngettext("{winners} wins", "{winners} win", len(others)).format(
            winners=_and(others))
    if winners[0] == you:
        return _("You and {others} win").format(others=_and(others))
    return _("{others} and you win").format(others=_and(others))


def _tile(tile: Any) -> str:
    return tile_text(tile.to_list())


def _card(card: Any) -> str:
    return card_text(card.to_list())


def _paid(cards: Iterable[Any]) -> str:
    """The cards paid, with their currency: "5 + 3 denar", "5 denar + 3 ducat"; other
    money (a diamond, a coin) as it prints."""
    cards = list(cards)
    currencies = {getattr(c, "currency", None) for c in cards}
    if all(c.__class__ is Card for c in cards) and len(currencies) == 1:
        total = sum(c.value for c in cards)  # the currency's word agrees with the total
        return money_text(cards[0].currency, total).replace(
            str(total), " + ".join(str(c.value) for c in cards), 1)
    return " + ".join(map(_card, cards))


def _buy_text(action: Any) -> str:
    fields = {"paid": _paid(action.cards), "tile": _tile(action.tile), "square": action.square}
    if action.kind == "vizier":  # any square, any currency: the square tells them apart
        return (_("use your vizier to buy the {tile} of square {square}, paying {paid} (exact)")
                if action.exact else
                _("use your vizier to buy the {tile} of square {square}, paying {paid}")
                ).format(**fields)
    if action.exact and action.kind == "buy":
        return _("pay {paid} for the {tile} (exact: you act again)").format(**fields)
    if action.exact:
        return _("pay {paid} for the {tile} (exact)").format(**fields)
    return _("pay {paid} for the {tile}").format(**fields)


def _redesign_text(action: Any) -> str:
    if action.move == "remove":
        return _("move the tile on {pos} to your reserve").format(pos=action.pos)
    if action.move == "exchange":
        return _("swap it with the {tile} from your reserve").format(tile=_tile(action.tile))
    if action.gate:
        return _("build the {tile} from your reserve on {pos} through a gate on its {side} "
                 "side").format(tile=_tile(action.tile), pos=action.pos,
                                side=sides_text(action.gate))
    return _("build the {tile} from your reserve on {pos}").format(tile=_tile(action.tile),
                                                                   pos=action.pos)


def _place_text(action: Any) -> str:
    if action.gate:
        return _("build the {tile} at {pos} through a gate on its {side} side").format(
            tile=_tile(action.tile), pos=action.pos, side=sides_text(action.gate))
    return _("build the {tile} at {pos} without a gate").format(tile=_tile(action.tile),
                                                                pos=action.pos)


def _bazaar_text(action: Any) -> str:
    marks = action.bazaar.marks
    return _("pay {paid} for the {currency} bazaar of {kinds}").format(
        paid=_paid(action.cards), currency=term(marks[0]),
        kinds=_and([", ".join(map(term, marks[1:-1])), term(marks[-1])]))


# kind -> the words on its button; a kind not here shows the action as it prints.
_TEXTS = {
    "take": lambda a: _("take {cards}").format(cards=" + ".join(map(_card, a.cards))),
    "reserve": lambda a: _("put the {tile} in your reserve").format(tile=_tile(a.tile)),
    "give": lambda a: _("give the {tile} to {dirk}").format(tile=_tile(a.tile), dirk=DIRK),
    "end": lambda a: _("end your turn"),
    "place": _place_text,
    "redesign": _redesign_text,
    "buy_bazaar": _bazaar_text,
    "buy_chests": lambda a: _("pay {paid} for the chests of room {room}").format(
        paid=_paid(a.cards), room=a.room),
    "bid": lambda a: _("bid {amount} ({paid})").format(amount=a.amount, paid=_paid(a.cards)),
    "steal": lambda a: _("play a {currency} thief and steal the {card}").format(
        currency=term(a.card.currency), card=_card(a.card)),
    "swap_card": lambda a: _("swap the {card} for the next card of the pile").format(
        card=_card(a.card)),
    "master_builder": lambda a: _("play the master builder ({card}): a redesign at the end of "
                                  "your turn").format(card=_card(a.card)),
    "wake": lambda a: _("wake your vizier (your turn ends)"),
    "keep_citizens": lambda a: _("keep the citizens of your disc"),
    "set_merchant": lambda a: _("put the {colours} citizens on your disc at {pos}").format(
        colours=", ".join(term(COLOUR_NAMES[c]) for c in a.colours), pos=a.pos),
    "wise_man": lambda a: _("count the Wise Man's half building as {kind}").format(
        kind=term(a.colour)),
}
#: What declining means in each decision.
_DECLINE = {"auction": N_("pass (no bid)"), "window": N_("let the chance pass"),
            "master_builder": N_("make no redesign now")}


def choice_text(action: Action, decision: str = "act") -> str:
    """A legal action as the words on its button, in `decision` (its kind)."""
    if isinstance(action, Buy):
        return _buy_text(action)
    if action.kind == "decline":
        return _(_DECLINE.get(decision, N_("decline")))
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
    fields = {"rank": row.rank, "move": choice_text(row.action, decision),
              "chance": format_percent(row.win_chance), "points": shown}
    if not points:
        return _("{rank}. {move}: you finish level with your rivals, win chance {chance}"
                 ).format(**fields)
    one = shown == "1"
    if row.margin > 0:
        return (_("{rank}. {move}: you finish about {points} point ahead of your rivals, win "
                  "chance {chance}") if one else
                _("{rank}. {move}: you finish about {points} points ahead of your rivals, win "
                  "chance {chance}")).format(**fields)
    return (_("{rank}. {move}: you finish about {points} point behind your rivals, win chance "
              "{chance}") if one else
            _("{rank}. {move}: you finish about {points} points behind your rivals, win chance "
              "{chance}")).format(**fields)


#: What the win chance means, by the level whose self-play calibrates it
#: (`~alhambra_lib.bots.MoveAnalysis.calibration`).
_CHANCE_MEANS = {
    "strong": N_("The win chance is how often positions like these were won in self-play of "
                 "the strong search."),
    "master": N_("The win chance is how often positions like these were won in self-play of "
                 "the master search.")}


def analysis_lines(rows: Sequence[Any], decision: str = "act",
                   gap: str | None = None) -> list[str]:
    """A search's analysis (`~alhambra_lib.bots.MoveAnalysis`, best first) in words, so
    that what it shows agrees with itself: what the moves are ranked by (the expected
    margin, to a decimal where whole points would tie), a line per move (with the sampled
    games it was tried in where they differ from move to move, as with the master's
    sequential halving), why a move ranked lower may show a higher win chance, what the
    chance means (self-play of the level of the rows' ``calibration``, strong by default),
    and where it was not measured (`gap`, `~alhambra_lib.bots.search.calibration_gap`).

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
    lines = [_("Its {n} best moves, best first by the points it expects you to finish ahead "
               "of your rivals:").format(n=len(rows)) if len(rows) > 1 else _("Its judgement:")]
    samples = [getattr(row, "samples", 0) for row in rows]
    tried = len(set(samples)) > 1  # the master dropped the weaker moves sooner
    lines += [ngettext("{line}, tried in {n} sampled game", "{line}, tried in {n} sampled "
                       "games", n).format(line=analysis_line(row, decision, digits), n=n)
              if tried else analysis_line(row, decision, digits)
              for row, n in zip(rows, samples)]
    first = round(100 * rows[0].win_chance)
    higher = next((row for row in rows[1:] if round(100 * row.win_chance) > first), None)
    if higher is not None:
        lines.append(_("Move {n} shows a higher win chance than move 1 but a smaller expected "
                       "lead: the search ranks by the lead, which counts by how much you win "
                       "or lose, not only whether.").format(n=higher.rank))
    if tried:
        lines.append(_("The search dropped the weaker moves early and tried the promising ones "
                       "in more sampled games."))
    lines.append(_(_CHANCE_MEANS[getattr(rows[0], "calibration", "strong")]))
    if gap:
        lines.append(gap)
    return lines


def auction_text(part: Mapping[str, Any]) -> str:
    """The character up for auction, its power and the bid (a characters view part)."""
    auction = part["auction"]
    card = auction["card"]
    high = auction["high"]
    effect = _(CHARACTERS[card.id]["effect"])
    if high is None:
        return _("{character} ({effect}): no bid yet").format(character=_(card.title),
                                                              effect=effect)
    return _("{character} ({effect}): the bid stands at {amount} by {player}").format(
        character=_(card.title), effect=effect, amount=high[1], player=player_text(high[0]))


# decision kind -> what to click, for decisions the modules add.
_HOW = {
    "auction": N_("bid with a button beside the character, or pass"),
    "chests": N_("click one of your buildings to put a chest on it"),
    "master_builder": N_("click a tile of your reserve, then a green cell (or one of your tiles "
                         "to move it to the reserve), or let it pass"),
    "wise_man": N_("choose the type the Wise Man's half building counts for in this scoring: "
                   "half a building more breaks a tie in that type's majority"),
}
#: The window's chances you have -> what to click (whole phrases, "or let it pass" in them).
_WINDOW = {
    frozenset({"steal", "vizier"}): N_("click a card of the display to steal it with a thief, "
                                       "or a market square for the vizier to buy, or let the "
                                       "chance pass"),
    frozenset({"steal"}): N_("click a card of the display to steal it with a thief, or let the "
                             "chance pass"),
    frozenset({"vizier"}): N_("click a market square for the vizier to buy, or let the chance "
                              "pass"),
}


def _merchant_how(legal: Sequence[Action]) -> str:
    kinds = {a.kind for a in legal}
    if "set_merchant" in kinds:
        return _("click three citizens of the supply for your disc, then the cell beside the "
                 "fountain where it goes")
    if "place_merchant" in kinds:
        return _("click a green cell for your merchant's disc")
    if "take_citizen" in kinds:
        return _("click a citizen of the supply to put it on your disc")
    return _("click a citizen on your disc, then one of the supply to swap them, or keep them")


def _placing_text(game: Game, legal: Sequence[Action], final: bool) -> str:
    dirk = any(a.kind == "give" for a in legal)
    sentences = {
        (True, True): N_("Turn {turn}: The game has ended: build the last market tiles you "
                         "received. Click a green cell for the tile in hand, or put it in your "
                         "reserve or give it to Dirk."),
        (True, False): N_("Turn {turn}: The game has ended: build the last market tiles you "
                          "received. Click a green cell for the tile in hand, or put it in "
                          "your reserve."),
        (False, True): N_("Turn {turn}: Build the tiles you bought. Click a green cell for the "
                          "tile in hand, or put it in your reserve or give it to Dirk."),
        (False, False): N_("Turn {turn}: Build the tiles you bought. Click a green cell for "
                           "the tile in hand, or put it in your reserve."),
    }
    return _(sentences[final, dirk]).format(turn=game.turn)


def status_text(game: Game, you: str, legal: Sequence[Action]) -> str:
    """What to do now, in one or two sentences."""
    if game.is_over:
        scores = ", ".join(f"{player_text(n)} {points_text(s)}" for n, s in game.scores.items())
        return _("Game over. {winners}! ({scores})").format(
            winners=winners_sentence(game.winners, you), scores=scores)
    decision = game.decision
    assert decision is not None  # the game goes on
    if decision.player != you:
        return _("Turn {turn}: {player} is to play.").format(turn=game.turn,
                                                             player=decision.player)
    if decision.kind == "act":
        if any(a.kind == "end" for a in legal) and len(legal) > 1:
            return _("Turn {turn}: you paid exactly, so you may take, buy or redesign once "
                     "more, or end your turn.").format(turn=game.turn)
        return _("Turn {turn}, your turn: take money (click a card of the display), buy a tile "
                 "(click a market square) or redesign (click your reserve or your tiles)."
                 ).format(turn=game.turn)
    if decision.kind in PLACING:
        return _placing_text(game, legal, decision.kind == "final_place")
    if decision.kind == "window":  # only the chances you have
        chances = frozenset({a.kind for a in legal} & {"steal", "vizier"})
        how = _(_WINDOW.get(chances, _WINDOW[frozenset({"vizier"})]))
    else:
        how = (_merchant_how(legal) if decision.kind == "merchant"
               else _(_HOW.get(decision.kind, N_("choose one of the buttons offered"))))
        if any(isinstance(a, Buy) for a in legal):
            how = _("{how}, or click a market square to buy").format(how=how)
    title = decision_title(decision.kind, legal, game)
    if game.turn:
        return _("Turn {turn}, {title}: {how}.").format(turn=game.turn, title=title, how=how)
    return _("Before the first turn, {title}: {how}.").format(title=title, how=how)


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
        text = _("There are {n} ways: click the cards you pay with to narrow them.").format(
            n=many)
    elif kind == "card":
        takes = [a for a in selection.ready if a.kind == "take"]
        text = (_("Take the {card} alone, or with other cards totalling at most 5.")
                if len(takes) > 1 else _("You may take the {card}.") if takes
                else _("Choose below.")).format(card=_card(what))
    elif kind == "thief":
        text = _("Your {currency} thief: now click a {currency} card of the display to steal "
                 "it.").format(currency=term(what))
    elif kind in HOLDS:
        text = (_("The {tile} is in hand: click a green cell to build it, or one of your tiles "
                  "marked ⇄ to swap them.") if kind == "reserve" else
                _("The {tile} is in hand: click a green cell to build it.")).format(
                    tile=_tile(what))
    elif built:
        text = _("Your {tile} on {cell}: choose below.").format(
            tile=_tile(game.alhambra(you).layout[what]), cell=what)
    elif kind in ("wall_card", "side") and not selection.ready:
        text = _sticks_text(selection.next_keys())
    else:
        text = (_("Now click a green cell.") if selection.next_cells() and not selection.offered
                else _("Choose below.") if selection.offered else _("Now click the next piece."))
    return escape(text)


def _refused(game: Game, you: str, selection: Any, kind: str, what: Any) -> str:
    """Why a click on a piece makes no move now (HTML)."""
    alhambra = game.alhambra(you)
    tile = (selection.held() or (None, None))[1]
    if kind == "square":
        return escape(_square_text(game, you, selection, what))
    if kind == "cell" and what not in alhambra.layout and tile is not None:
        why = reasons_html(alhambra.check(tile, what).reasons)
        fields = {"tile": _tile(tile), "cell": what}
        if why:
            return escape(_("The {tile} may not go on {cell}:").format(**fields)) + f"<ul>{why}</ul>"
        return escape(_("The {tile} may not go on {cell} now.").format(**fields))
    if kind == "cell" and what in alhambra.layout:
        why = reasons_html(alhambra.check_removal(what).reasons)
        swap = (" " + _("Take a tile of your reserve in hand to swap it.") if
                selection.matched else "")
        fields = {"tile": _tile(alhambra.layout[what]), "cell": what}
        if why:
            return (escape(_("Your {tile} on {cell} cannot move to your reserve:").format(
                **fields)) + f"<ul>{why}</ul>" + escape(swap))
        return escape(_("Your {tile} on {cell} cannot be redesigned now.").format(**fields)
                      + swap)
    if kind == "cell":
        return escape(_("Take a tile in hand first: one you bought, or one of your reserve."))
    if kind == "to_place":
        return escape(_("You build the tiles you bought at the end of your turn."))
    if kind == "reserve" and game.to_place:
        return escape(_("Place the tiles in hand first; a redesign is an action of your turn, "
                        "instead of taking money or buying."))
    if kind == "card":
        return escape(_("You cannot take money now."))
    if kind == "side":
        return escape(_("No wall card you clicked has its sticks go on that side: click one "
                        "first."))
    return escape(_("{why} Now: {status}").format(why=piece_needs(kind, what, you),
                                                  status=status_text(game, you, selection.legal)))


def _sticks_text(keys: Iterable[Any]) -> str:
    """Where a wall card's sticks may go next (`Selection.next_keys`), or that the card
    is to be clicked (after a side)."""
    if "wall_card" in keys:
        return _("Now click the wall card whose sticks go there.")
    where = [_(what) for kind, what in (("side", N_("a side of your tile (a thin strip)")),
                                        ("cell", N_("a tile marked ◆")),
                                        ("to_place", N_("a tile in hand")),
                                        ("reserve", N_("a tile of your reserve")))
             if kind in keys]
    if not where:
        return _("Its sticks fit on none of your tiles now.")
    places = (", ".join(where[:-1]) + (" or " if len(where) > 1 else "") + where[-1]
              if language() == "en" else format_list(where, style="or"))
    return _("Now click where its sticks go: {places}.").format(places=places)


def _square_text(game: Game, you: str, selection: Any, square: int) -> str:
    """What a click on market square `square` offers, or why nothing."""
    currency = CURRENCIES[square - 1]
    tile = game.market[square - 1][1]
    if tile is None:
        return _("That square is empty.")
    ways = [a for a in selection.ready if isinstance(a, Buy)]
    have = sum(c.value for c in game.hand(you)
               if c.__class__ is Card and c.currency == currency)
    fields = {"tile": _tile(tile), "price": money_text(currency, tile.price),
              "have": money_text(currency, have), "n": have}
    if not ways:
        if have < tile.price:
            return _("The {tile} costs {price}; you hold {have}: not enough.").format(**fields)
        return _("You cannot buy the {tile} now. {status}").format(
            status=status_text(game, you, selection.legal), **fields)
    many = selection.too_many()
    if many:
        return _("The {tile} costs {price}; you hold {n}. There are {ways} ways to pay: click "
                 "the cards you pay with.").format(ways=many, **fields)
    if any(a.exact for a in ways):
        return _("The {tile} costs {price}; you hold {n}. Choose how to pay (paying exactly "
                 "lets you act again).").format(**fields)
    return _("The {tile} costs {price}; you hold {n}. Choose how to pay.").format(**fields)
