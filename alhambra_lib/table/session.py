"""The table's model: a game you play against bots, apart from any widget.

A `TableSession` holds the game, who sits where (you, and a bot for every other seat), what
you have clicked (a `~alhambra_lib.table.clicks.Selection`), the undo stack of your moves,
the hint (the adviser's best moves in your seat) and the pace of the bots, whose moves run
through `alhambra_lib.bots.bot_moves` (the loop of `~alhambra_lib.bots.play`). It imports no
widget: `~alhambra_lib.widgets.GameTable` is a view over it, and the session is tested
without ipywidgets.

Examples
--------
>>> table = TableSession()
>>> table.click("card", 0).outcome
'selected'
>>> table.selection.offered[0]
Take(cards=(Card(currency='denar', value=1),))
>>> result = table.click_choice(0)
>>> result.outcome, result.said, table.game.turn
('moved', ('You take 1 denar',), 4)
>>> table.can_undo  # the display was refilled since: no undo
False
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..actions import ACTION_KINDS
from ..bots import GreedyBot, SearchBot, bot_moves
from ..bots.search import level_plays
from ..errors import AlhambraError, IllegalAction, InvalidInput
from ..game import Game, describe_event
from ..modules.window import WINDOW_DECISIONS
from ..i18n import pgettext
from ..sim import core_info
from .clicks import Selection, click_path

__all__ = ["TableSession", "default_bot_names", "Click", "PACES", "HINT_MOVES", "MAX_BOT_ACTIONS",
           "PASSED_FOR_YOU", "HINT_FALLBACK", "hint_level"]

#: How the bots answer your moves: all at once, or one move per `TableSession.bot_move`.
PACES = ("all", "one")
#: Moves of the search's analysis the hint lists.
HINT_MOVES = 3
#: The search level that advises where the master cannot: without the compiled core, and
#: in the games the core does not hold (the literal hole rule).
HINT_FALLBACK = "strong"
#: A bot that never lets the game move on would hang the notebook; no game needs as many
#: actions as this between two decisions of yours.
MAX_BOT_ACTIONS = 5_000
#: What the story says of a window the table let pass for you (`TableSession.always_pass`).
PASSED_FOR_YOU = "passed for you"


@dataclass(frozen=True)
class Click:
    """What a click did.

    Attributes
    ----------
    outcome : str
        ``"waiting"`` (not yours to decide: the game is over or another decides),
        ``"nothing"`` (no piece there), ``"back"`` (the tile in hand went back to the
        reserve), ``"selected"`` (the piece joined the selection, or matched nothing:
        see ``selection.matched``), ``"moved"`` (the click made a move),
        ``"refused"`` (the move was illegal; `refusal` says why).
    piece : tuple or None
        The piece clicked, ``(kind, what)``.
    action : Action or None
        The move made (``"moved"``) or refused.
    said : tuple of str
        Your move in words (``"moved"``).
    refusal : IllegalAction or None
    """

    outcome: str
    piece: tuple | None = None
    action: Any = None
    said: tuple = ()
    refusal: IllegalAction | None = None


def hint_level(game=None) -> str:
    """The search level the hint comes from: the master where it plays `game`
    (`~alhambra_lib.bots.search.level_plays`: the compiled core in use, every game but
    the literal hole rule's), else `HINT_FALLBACK`; without a game, the master wherever
    the compiled core is in use.

    Examples
    --------
    >>> from alhambra_lib import Game
    >>> hint_level(Game(["You", "Bo"], seed=1, hole_rule="single"))
    'strong'
    >>> native = core_info()["engine"] == "native"
    >>> hint_level(Game(["You", "Bo"], seed=1, modules=["vizier"])) == hint_level() == (
    ...     "master" if native else "strong")
    True
    """
    if game is None:
        return "master" if core_info()["engine"] == "native" else HINT_FALLBACK
    return "master" if level_plays("master", game) else HINT_FALLBACK


def default_bot_names() -> list[str]:
    """The names of the two greedy bots at a table set up without a game, in the current
    language (they are what a player reads at the table): ``["Greedy 1", "Greedy 2"]``
    in English.

    >>> default_bot_names()
    ['Greedy 1', 'Greedy 2']
    """
    return [pgettext("bot name", "Greedy {n}").format(n=n) for n in (1, 2)]


class TableSession:
    """You against bots at a table: the game, the seats, your clicks, undo, the hint.

    Parameters
    ----------
    game : Game, optional
        By default a new game, seed 1, of `you` against two GreedyBots.
    you : str
        Which player you are; the bots play every other seat.
    bots : mapping, optional
        ``{name: bot}`` for the other players; GreedyBots by default.
    adviser : bot, optional
        Who suggests your moves (`hint`): by default the `SearchBot` at `hint_level`, the
        master where the compiled core is in use, else the strong one (seed 0, so the same
        position gets the same hint). A search level that cannot play the game at the
        table (the master under the literal hole rule) hands its hints to `HINT_FALLBACK`
        (`advising`).
    pace : {"all", "one"}
        The bots answer your moves all at once, or one move per `bot_move`.

    Attributes
    ----------
    game, you, bots, adviser, pace
    selection : Selection
        What you have clicked, and your legal moves it matches.
    hinted : tuple or None
        ``(kind, key)``: the click the hint points at (the others were made for you).
    said : list of str
        What the others did (and what came up) since your last move, and the windows the
        table let pass for you.
    always_pass : bool
        Let every window between turns (the vizier's purchase, the thieves, RULES.md §M1,
        §M10) pass for you without asking, as BoardGameArena's auto-pass does; off by
        default (`set_always_pass`). A window where you could only pass is passed for you
        either way. The engine sees an ordinary decline of yours: its decisions, events
        and saves are those of a player who passed.
    """

    def __init__(self, game=None, *, you: str = "You", bots=None, adviser=None,
                 pace: str = "all") -> None:
        game = game if game is not None else Game([you, *default_bot_names()], seed=1)
        self.adviser = adviser if adviser is not None else SearchBot(hint_level(), seed=0)
        self._check_pace(pace)
        self.pace, self.you, self.always_pass = pace, you, False
        self.sit(game, bots, you=you)

    # -- seats -------------------------------------------------------------------------

    def sit(self, game, bots=None, *, you: str | None = None) -> None:
        """Sit down at `game` as `you` (by default the same name as before); the bots play
        until you decide (at pace ``"all"``).

        Raises
        ------
        ValueError
            If `you` does not play in `game`, or a seat has no bot (the session is left
            as it was).
        """
        you = you if you is not None else self.you
        if you not in game.players:
            raise ValueError(f"{you!r} does not play in this game: the players are "
                             f"{', '.join(game.players)}")
        bots = dict(bots) if bots is not None else {
            name: GreedyBot() for name in game.players if name != you}
        missing = [name for name in game.players if name != you and name not in bots]
        if missing:
            raise ValueError(f"no bot for {', '.join(missing)}")
        self.game, self.you, self.bots = game, you, bots
        self._undo: list[tuple[str, list[str]]] = []  # (state before, said) of your moves
        self.said: list[str] = []
        self._answer()

    def waiting_for(self) -> str | None:
        """None when you decide now; else who does (``""`` once the game is over)."""
        game = self.game
        if game.is_over:
            return ""
        player = game.current_player
        return None if player == self.you else player

    def yours(self) -> list:
        """Your legal actions now; none while another decides or the game is over."""
        return self.game.legal_actions() if self.waiting_for() is None else []

    # -- clicks ------------------------------------------------------------------------

    def new_selection(self) -> None:
        """Nothing clicked (but the first tile you bought in hand while you build); no hint."""
        self.selection = Selection(self.game, self.you, self.yours())
        self.hinted = None

    @property
    def hint_cell(self):
        """The cell the hint points at (ringed on the board), or None."""
        hinted = self.hinted
        return hinted[1] if hinted is not None and hinted[0] == "cell" else None

    def click(self, kind: str, key) -> Click:
        """One click on a piece (`kind`, `key` as `click_path` names them): it joins what is
        clicked, or makes the move it completes."""
        if self.waiting_for() is not None:
            return Click("waiting")
        selection = self.selection
        piece = selection.piece(kind, key)
        if kind == "reserve" and piece is not None and selection.held() == piece:
            selection.reset()  # a second click puts the tile back
            return Click("back", piece)
        if piece is None:
            return Click("nothing")
        self.hinted = None
        action = selection.click(piece)
        if action is None:
            return Click("selected", piece)
        return self.move(action, piece)

    def click_choice(self, index: int) -> Click:
        """Choose the offered move `index` (``selection.offered``)."""
        offered = self.selection.offered
        if self.waiting_for() is not None:
            return Click("waiting")
        if not 0 <= index < len(offered):
            return Click("nothing")
        return self.move(offered[index], ("choice", index))

    def move(self, action, piece=None) -> Click:
        """`apply` your move `action`, a refusal caught: what a click that makes it did."""
        try:
            said = self.apply(action)
        except IllegalAction as refused:
            return Click("refused", piece, action, refusal=refused)
        return Click("moved", piece, action, tuple(said))

    def click_path(self, action) -> list:
        """The clicks that make `action` from a fresh selection (`clicks.click_path`)."""
        return click_path(self.game, self.you, action)

    # -- moves -------------------------------------------------------------------------

    def apply(self, action) -> list[str]:
        """Make your move `action`; the bots answer (all at once at pace ``"all"``).

        Returns
        -------
        list of str
            Your move in words (the events it made).

        Raises
        ------
        IllegalAction
            If you do not decide now or the rules refuse `action` (the game is untouched).
        """
        waiting = self.waiting_for()
        if waiting is not None:
            raise IllegalAction("the game is over" if waiting == ""
                                else f"{waiting} is to play, not {self.you}")
        said = self._make(action)
        self.said = []
        self._answer()
        return said

    def _make(self, action) -> list[str]:
        """Make your move `action` (legal, or refused with the game untouched), kept for
        undo unless it revealed something; returns it in words."""
        game = self.game
        before, seen, sizes = game.to_json(), len(game.events), (game.bag_size, game.deck_size)
        game.apply(action)
        said = [describe_event(e) for e in game.events[seen:]
                if e.get("player") == self.you and e["type"] in ACTION_KINDS]
        if self._revealed(seen, sizes):
            self._undo.clear()
        else:
            self._undo.append((before, said))
        return said

    def _revealed(self, seen: int, sizes: tuple) -> bool:
        """Whether anything new came to light since event `seen` (a card or a tile drawn,
        another player's move): then undo would let you try the future."""
        game = self.game
        if (game.bag_size, game.deck_size) != sizes:
            return True
        return any(e.get("player") != self.you or e["type"] not in ACTION_KINDS
                   for e in game.events[seen:])

    @property
    def can_undo(self) -> bool:
        """Whether `undo` takes back a move of yours."""
        return bool(self._undo)

    def undo(self) -> list[str] | None:
        """Take back your last move if nothing was revealed since; returns it in words, or
        None when there is nothing to take back."""
        if not self._undo:
            return None
        state, said = self._undo.pop()
        self.game = Game.from_json(state)
        self.new_selection()
        return said

    # -- the bots ----------------------------------------------------------------------

    def set_pace(self, pace: str) -> None:
        """The bots answer all at once (they play now, if they are to) or one by one.

        Raises
        ------
        InvalidInput
            If `pace` is not one of `PACES`.
        """
        self._check_pace(pace)
        self.pace = pace
        self._answer()

    @staticmethod
    def _check_pace(pace) -> None:
        if pace not in PACES:
            raise InvalidInput(f"the pace is one of {', '.join(PACES)}, not {pace!r}")

    def _answer(self) -> None:
        """The bots play on if the pace says so, the windows you need not be asked in are
        passed for you (`always_pass`); then your legal moves are taken afresh."""
        if self.pace == "all":
            self._bots_play()
        while self._pass_due():
            self.said += [f"{line} ({PASSED_FOR_YOU})" for line in self._make(self._decline())]
            if self.pace == "all":
                self._bots_play()
        self.new_selection()

    def _decline(self):
        return next(a for a in self.game.legal_actions() if a.kind == "decline")

    def _pass_due(self) -> bool:
        """Whether the table lets the decision now pass for you: a window between turns
        (the vizier's, the thieves'), with `always_pass` on or nothing to do but pass."""
        game = self.game
        if self.waiting_for() is not None or game.decision.kind not in WINDOW_DECISIONS:
            return False
        return self.always_pass or all(a.kind == "decline" for a in game.legal_actions())

    def set_always_pass(self, on: bool) -> None:
        """Let every window between turns pass for you without asking (`always_pass`), or be
        asked again; a window asking you now is passed at once. Undo takes back a pass made
        for you, as a move of yours, until something new is revealed."""
        self.always_pass = bool(on)
        if self._pass_due():
            self.said = []
            self._answer()

    def _bot_steps(self):
        return bot_moves(self.game, self.bots, human=self.you, max_actions=MAX_BOT_ACTIONS)

    def _bots_play(self) -> None:
        seen = len(self.game.events)
        for _ in self._bot_steps():
            self._undo.clear()
        self.said += [describe_event(e) for e in self.game.events[seen:]]

    def bot_move(self) -> list[str] | None:
        """Let the bot deciding now make one move; returns what came of it in words, or None
        when no bot is to play."""
        if self.waiting_for() in (None, ""):
            return None
        seen = len(self.game.events)
        next(self._bot_steps())
        self._undo.clear()
        said = [describe_event(e) for e in self.game.events[seen:]]
        self.said += said
        self.new_selection()  # the game moved on: your legal moves are new
        return said

    # -- the hint ----------------------------------------------------------------------

    @property
    def advising(self):
        """The bot whose hints you get in this game: the `adviser`, or where it is a search
        level that cannot play the game (the master under the literal hole rule), the search at
        `HINT_FALLBACK` with its seed and wall weight."""
        adviser = self.adviser
        if isinstance(adviser, SearchBot) and not level_plays(adviser.level, self.game):
            return SearchBot(HINT_FALLBACK, seed=adviser.seed, wall_weight=adviser.wall_weight)
        return adviser

    @property
    def master_stands_down(self) -> bool:
        """Whether the hint comes from `HINT_FALLBACK` in a game whose rules the master
        does not play (the literal hole rule) though the compiled core is in use (the hint
        says so)."""
        return (hint_level(self.game) != "master" and getattr(self.advising, "level", None)
                == HINT_FALLBACK and hint_level() == "master")

    def advise(self) -> tuple:
        """``(move, analysis)``: the move of the bot `advising` in your seat now, and its
        analysis (a list of `~alhambra_lib.bots.MoveAnalysis`, best first, whose first is
        the move), or an empty list where it gives a single move without expectations."""
        view, legal = self.game.view(self.you), self.game.legal_actions()
        adviser = self.advising
        analyse = getattr(adviser, "analyse", None)
        rows = []
        if analyse is not None:
            try:
                rows = analyse(view, n=HINT_MOVES, legal_actions=legal)
            except AlhambraError:  # a position the search cannot sample: no analysis
                rows = []
        if rows:
            return rows[0].action, rows
        return adviser.choose(view, legal), []

    def hint(self) -> tuple | None:
        """Follow the adviser's move in your seat but its last click, which `hinted` names.

        Returns
        -------
        tuple or None
            ``(move, analysis)`` as `advise` gives them; None when you do not decide now.
        """
        if self.waiting_for() is not None:
            return None
        choice, rows = self.advise()
        path = self.click_path(choice)
        self.new_selection()
        for kind, key in path[:-1]:  # never a choice, nor the click that makes the move
            self.click(kind, key)
        self.hinted = path[-1]
        return choice, rows

    # -- files -------------------------------------------------------------------------

    def save(self) -> str:
        """The game as JSON text (`Game.to_json`)."""
        return self.game.to_json()

    def load(self, text: str) -> None:
        """Go on with the game saved as `text` (JSON) as the same player if they play in it
        (else its first player); the bots keep the seats they had.

        Raises
        ------
        AlhambraError
            If the rules refuse the save (the session is left as it was).
        """
        game = Game.from_json(text)
        you = self.you if self.you in game.players else game.players[0]
        bots = {name: self.bots.get(name) or GreedyBot() for name in game.players if name != you}
        self.sit(game, bots, you=you)

    def held_tile(self):
        """The tile in hand (selected to build), or None."""
        held = self.selection.held()
        return None if held is None else held[1]
