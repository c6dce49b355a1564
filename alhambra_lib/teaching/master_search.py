"""The master level's search, taken apart for notebook 09: its sampled deals and its rounds.

Plain data, no text nor drawing, so that the notebook words it and the tests check it:

* `sampled_deals`: the first games the search of a decision deals (the very games its
  first round plays every candidate on), each with what it made of the secrets: the
  draw pile's next cards, and the style each rival plays in its rollouts;
* `halving_rounds`: the sequential halving's schedule replayed from what
  `SearchBot.analyse` returns: round by round, the candidates still in, the new games
  each is played on, and those that leave, with the mean margin they were judged on.

The search itself is `alhambra_lib.bots.search` (in the compiled core); nothing here
changes its moves.

Examples
--------
>>> from alhambra_lib import Game
>>> from alhambra_lib.bots.search import SearchBot
>>> g = Game(["Ana", "Ben", "Cy"], seed=7)
>>> deals = sampled_deals(SearchBot("easy"), g.view("Ana"), count=2, cards=3)
>>> [(d.number, len(d.next_cards), sorted(d.styles)) for d in deals]
[(1, 3, ['Ben', 'Cy']), (2, 3, ['Ben', 'Cy'])]
>>> deals[0].game.view("Ana") == g.view("Ana")  # a deal Ana could not tell from the game
True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..actions import card_from_list
from ..components import ScoringCard
from ..bots.strategic import WallBuilder

if TYPE_CHECKING:
    from ..bots.search import MoveAnalysis, SearchBot
    from ..engine.game import Game
    from ..engine.view import GameView

__all__ = ["SampledDeal", "HalvingRound", "next_cards", "sampled_deals", "halving_rounds"]


@dataclass(frozen=True)
class SampledDeal:
    """One game the search dealt from what its player knows.

    Attributes
    ----------
    number : int
        Its place in the order the search deals them, from 1.
    game : Game
        The sampled game: the player's view of it is the real one's.
    next_cards : tuple
        The draw pile's next cards in this deal, the top first (money cards, and a
        scoring card where the deal put it).
    styles : dict
        ``{rival: "balanced" or "wall"}``: the one-step bot each rival plays in this
        deal's rollouts (the player itself always plays balanced).
    """

    number: int
    game: Game
    next_cards: tuple
    styles: dict[str, str]


def _pile_card(data: list[Any]) -> Any:
    """A card of the draw pile from its saved form: a scoring card or a money card."""
    return ScoringCard(data[1]) if data[0] == "scoring" else card_from_list(data)


def next_cards(game: Game, count: int) -> tuple:
    """The `count` next cards of `game`'s draw pile, the top first (fewer if it holds
    fewer). The real game's are a secret no player sees; a sampled game's are a guess.

    Raises
    ------
    ValueError
        For a negative `count`.
    """
    if count < 0:
        raise ValueError(f"count is the number of cards to show, 0 or more, got {count}")
    pile = json.loads(game.to_json())["draw_pile"]  # saved top card first
    return tuple(_pile_card(card) for card in pile[:count])


def sampled_deals(bot: SearchBot, view: GameView, count: int, cards: int = 8
                  ) -> list[SampledDeal]:
    """The first `count` games `bot`'s search of the decision `view` deals, each with
    its draw pile's next `cards` cards and its rivals' styles (`SearchBot.sampled_games`).
    """
    deals = []
    for number, (game, seats) in enumerate(bot.sampled_games(view, count), 1):
        styles = {player: "wall" if isinstance(policy, WallBuilder) else "balanced"
                  for player, policy in seats.items() if player != view.player}
        deals.append(SampledDeal(number, game, next_cards(game, cards), styles))
    return deals


@dataclass(frozen=True)
class HalvingRound:
    """One round of the sequential halving.

    Attributes
    ----------
    number : int
        From 1.
    new_games : int
        The games dealt in this round; every candidate still in is played on each.
    games_each : int
        The games each candidate still in has been played on by the round's end.
    still_in : tuple of MoveAnalysis
        The candidates played in this round, best first (the search's order).
    leaving : tuple of MoveAnalysis
        Those that leave at its end: the worse half by mean margin over all their
        games (their `margin` is that mean: they are played no more). After the last
        round, every one but the move chosen.
    """

    number: int
    new_games: int
    games_each: int
    still_in: tuple
    leaving: tuple


def halving_rounds(analysis: Sequence[MoveAnalysis], first_round: int) -> list[HalvingRound]:
    """The rounds of the sequential halving that gave `analysis`.

    Round ``k`` (from 1) deals ``first_round * 2**(k-1)`` new games, so a candidate that
    leaves after round ``k`` was played on ``first_round * (2**k - 1)`` games: its
    `MoveAnalysis.samples` tell the round it left in.

    Parameters
    ----------
    analysis : sequence of MoveAnalysis
        Every candidate of a master search, as `SearchBot.analyse` gives them (ask for
        at least as many rows as the search has candidates), best first.
    first_round : int
        The first round's games (`bots.search.MASTER_SAMPLES`).

    Raises
    ------
    ValueError
        For no rows, a `first_round` below 1, or games played on that fit no round of
        the schedule (an analysis of another level, or of another first round).

    Examples
    --------
    >>> from alhambra_lib.bots.search import MoveAnalysis
    >>> rows = [MoveAnalysis(r, f"move {r}", -r, 0.5, "", 0.5, samples=s)
    ...         for r, s in enumerate([24, 24, 8, 8], 1)]
    >>> [(r.number, r.new_games, r.games_each, len(r.still_in), [m.action for m in r.leaving])
    ...  for r in halving_rounds(rows, first_round=8)]
    [(1, 8, 8, 4, ['move 3', 'move 4']), (2, 16, 24, 2, ['move 2'])]
    """
    if not analysis:
        raise ValueError("an analysis of at least one move is needed")
    if first_round < 1:
        raise ValueError(f"the first round deals at least one game, got {first_round}")
    rounds_of = {first_round * (2 ** k - 1): k for k in range(1, 64)}
    left_in = {row.samples: rounds_of.get(row.samples) for row in analysis}
    misfits = sorted(s for s, k in left_in.items() if k is None)
    if misfits:
        raise ValueError(f"games played on {misfits} fit no round of a halving whose first "
                         f"round deals {first_round}")
    last = max(k for k in left_in.values() if k is not None)
    rounds = []
    for k in range(1, last + 1):
        games_each = first_round * (2 ** k - 1)
        still_in = tuple(row for row in analysis if row.samples >= games_each)
        leaving = still_in[1:] if k == last else tuple(
            row for row in still_in if row.samples == games_each)
        rounds.append(HalvingRound(k, first_round * 2 ** (k - 1), games_each, still_in,
                                   leaving))
    return rounds
