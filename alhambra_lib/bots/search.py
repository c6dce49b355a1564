"""`SearchBot`: determinized search over what a player can know.

For each decision the bot

1. ranks the legal actions with the cheap one-step valuation of `BalancedBot`
   (`StrategicBot.ranked`) and keeps the best few (the *candidates*), with the first
   action of each kind that valuation does not judge (playing a master builder §M14,
   a wall card §M9, the money swap §M7) or judges only in part (a tile given to Dirk,
   §10), so the search weighs those too;
2. samples several games consistent with its view (`engine.determinize`: every
   secret of the base game and of the Mega Box modules dealt at random among the
   places the player cannot see into; at the strong level twice as many with two
   players, whose shorter rounds make a sample cheaper);
3. in each sampled game plays every candidate, then lets all players go on with fast
   one-step policies (the strategic bots, each seat its own) for a horizon of rounds
   of turns, the player's own next turns included;
4. judges each end position by its projected final margin: the points scored so far,
   plus, for every scoring round still to come, the majorities at the counts reached,
   the longest wall and the modules' own terms (camps, bazaars, merchants, ...) as they
   stand, plus the money in hand (money buys tiles later); the margin is over the other
   real players (Dirk cannot win, §10: his tiles count only through the majorities they
   take from the rivals, so giving him a tile the opponent needs is worth what it costs
   the opponent);
5. plays the candidate with the best mean margin. The same sampled games serve every
   candidate (common random numbers), so their differences are not drowned in the luck
   of the draws.

Budgets are counts (sampled games, candidates, turns), never time: the same seed and
view give the same move. Every decision of every module is searched; a decision with
one legal action is played at once.

Examples
--------
>>> from alhambra_lib import Game
>>> g = Game(["Ana", "Ben", "Cy"], seed=7)
>>> bot = SearchBot("easy", seed=1)
>>> action = bot.choose(g.view("Ana"), g.legal_actions())
>>> action in g.legal_actions()
True
>>> [m.rank for m in bot.analyse(g.view("Ana"), n=2)]
[1, 2]
"""

from __future__ import annotations

import json
import math
import random
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING

from ..actions import ACTION_KINDS, DIRK
from ..engine import determinize
from ..engine.config import ROUNDS, dirk_gift_size
from ..engine.context import module_context
from ..scoring import score_majorities
from ..errors import Unsupported
from ..i18n import _, format_list
from ..sim import core_gaps, core_info, core_search, core_searches
from .base import known_actions
from .strategic import _HANDLERS, BalancedBot, StrategicBot, WallBuilder

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.view import GameView

__all__ = ["SearchBot", "Level", "LEVELS", "MoveAnalysis", "evaluate",
           "calibrated_win_chance", "calibration_features", "calibration_gap",
           "calibration_level", "calibration_model", "level_plays", "share_log_odds"]


@dataclass(frozen=True)
class Level:
    """A search budget, in counts.

    Attributes
    ----------
    samples : int
        Sampled games (determinizations) per decision.
    two_player_samples : int or None
        Sampled games per decision with two players (and Dirk, §10), when not `samples`:
        their rounds of turns are short, so a sample costs less, and the strong level
        spends that on more samples.
    candidates : int
        Legal actions searched, the best by the one-step valuation.
    horizon : int or None
        Rounds of turns (every player one turn) played on after the candidate before
        the position is judged, so the player sees their own next turns; None plays to
        the end of the game.
    halving : bool
        Sequential halving (the master level, in the compiled core only): `samples` games
        in the first round, each candidate still in played on each, the better half by
        mean margin kept, and twice the games each round, until one candidate is left.
    """

    samples: int
    candidates: int
    horizon: int | None
    two_player_samples: int | None = None
    halving: bool = False

    def samples_for(self, players: int) -> int:
        """Sampled games per decision in a game of `players` real players."""
        if players == 2 and self.two_player_samples is not None:
            return self.two_player_samples
        return self.samples


#: The master level's budget: the first round's sampled games, the candidates, the
#: rounds of turns of a rollout (see `Level.halving`). Chosen by games against two strong
#: players, 3 players, the same seeds: 8 first-round games won 0.45 of the first 21 (0.51
#: of 60), 32 won 0.62 of the same 21, in about 70 ms a decision.
MASTER_SAMPLES, MASTER_CANDIDATES, MASTER_HORIZON = 32, 16, 3
#: The levels, weakest first.
LEVELS = MappingProxyType({
    "easy": Level(samples=2, candidates=3, horizon=1),
    "medium": Level(samples=4, candidates=4, horizon=1),
    "strong": Level(samples=12, candidates=6, horizon=2, two_player_samples=24),
    "master": Level(samples=MASTER_SAMPLES, candidates=MASTER_CANDIDATES,
                    horizon=MASTER_HORIZON, halving=True),
})

#: Points a unit of money in hand is worth at the end of a horizon, by the number of
#: scorings to come: less as fewer remain to profit from what it buys.
MONEY_VALUE = (0.0, 0.08, 0.12, 0.15)
#: The one-step bot that ranks the candidates, plays the searching player's part of the
#: rollouts and decides where the search adds nothing.
PRIOR = BalancedBot
#: The weight of a scoring round after the next one: today's counts say less of it (the
#: majorities will move), and a sharp projection would make the search chase noise.
LATER_ROUNDS = 0.5
#: Kinds the prior judges only in part, whose best action is always searched: a tile
#: given to Dirk (§10) costs the giver its majority points, which the prior sees, and
#: may cost the opponent a majority, which it does not.
ALWAYS_SEARCHED = frozenset({"give"})
#: The margin is over this mix of the best rival and the rivals' mean: the best rival is
#: who must be beaten, the mean makes the judgement less jumpy.
BEST_RIVAL = 0.5


@dataclass(frozen=True)
class MoveAnalysis:
    """One move as the search saw it.

    Attributes
    ----------
    rank : int
        1 for the move the bot would play.
    action : Action
    margin : float
        Expected final margin over the rivals (`BEST_RIVAL`), in points.
    win_chance : float
        The chance to win the game after this move: how often positions with its
        `future_share` and as many tiles left in the bag were won in self-play of the
        search at level `calibration` (`calibrated_win_chance`).
    text : str
        The move and its expectation in words.
    future_share : float
        Share of the sampled futures in which the player ends ahead (a shared lead half),
        far too sure of itself to be read as a chance to win (its futures are two rounds
        of turns long). The search ranks by `margin`, not by this share nor by the chance.
    calibrated : bool
        Whether `win_chance` was measured on games like this one (`calibration_gap`):
        base games of 2 or 3 players. Mega Box games and other player counts use the
        model unmeasured.
    samples : int
        The sampled games the move was played on (with the master's sequential halving,
        more for the moves that stayed in longer).
    calibration : str
        The level whose self-play `win_chance` is calibrated on (`calibration_level`):
        the searching level's own when it has a model, else the strong one's.
    """

    rank: int
    action: object
    margin: float
    win_chance: float
    text: str
    future_share: float
    calibrated: bool = True
    samples: int = 0
    calibration: str = "strong"


def _money(game, name):
    return sum(getattr(card, "value", 0) for card in game.hand(name))


def evaluate(game, name, wall_weight: float = 1.0) -> dict:
    """``{competitor: projected final score}`` of `game` as `name` would judge it.

    The points so far; then for each scoring round still to come the majorities at
    today's counts and the modules' terms as they stand (the rounds after the next at
    `LATER_ROUNDS`) and today's longest wall, its points times `wall_weight` (1: face
    value; the wall-weight experiment's arms, `SearchBot`); then the money in hand at
    `MONEY_VALUE` (per scoring still to come). With two players Dirk's counts grow before each later
    round by the gift he draws after the scoring before it (§10), each kind by its
    expected share of the bag. A finished game gives its final scores.

    Examples
    --------
    >>> from alhambra_lib import Game
    >>> g = Game(["Ana", "Ben", "Cy"], seed=7)
    >>> sorted(evaluate(g, "Ana"))
    ['Ana', 'Ben', 'Cy']
    """
    scores = dict(game.scores)
    if game.is_over:
        return scores
    remaining = [r for r in ROUNDS if r not in game.rounds_scored]
    counts = {p: game.counts(p) for p in game.competitors}
    walls = {p: game.alhambra(p).longest_wall() for p in game.players}
    # The modules' terms as they stand (camps, merchants, chests, ...; a term a module
    # does not score in a round is None); the game's own (module, term) pairs.
    terms, ctx = game.score_terms, module_context(game)
    for i, round_no in enumerate(remaining):
        weight = 1.0 if i == 0 else LATER_ROUNDS
        if i and DIRK in counts:
            _add_dirk_gift(game, counts[DIRK], remaining[i - 1])
        for p, points in _majorities(counts, round_no).items():
            scores[p] += weight * points + wall_weight * walls.get(p, 0)
        for module, term in terms:
            for p, points in (module.score(ctx, term, round_no) or {}).items():
                scores[p] += weight * points
    worth = MONEY_VALUE[len(remaining)]
    for p in game.players:
        scores[p] += worth * _money(game, p)
    return scores


def _majorities(counts: dict, round_no: int) -> dict:
    """`score_majorities` of `counts`, kept for the counts seen last: the end positions
    of a search's rollouts often share their counts (only tiles built change them)."""
    key = tuple((p, tuple(c.items())) for p, c in counts.items())
    return _majorities_of(key, round_no)


@lru_cache(maxsize=4096)
def _majorities_of(key: tuple, round_no: int) -> dict:
    return score_majorities({p: dict(c) for p, c in key}, round_no)


def _add_dirk_gift(game, dirk_counts: dict, after_round: int) -> None:
    """Add to `dirk_counts` the tiles Dirk is expected to draw after `after_round`'s
    scoring (§10): the gift's size times each kind's share of the bag as it is now,
    to the nearest half (the majorities take whole or half counts)."""
    bag = game.bag_size
    if not bag:
        return
    size = dirk_gift_size(after_round, bag)
    for kind, n in game.bag_kinds().items():
        if kind in dirk_counts:
            dirk_counts[kind] += round(2 * size * n / bag) / 2


def _margin_and_win(scores: dict, name: str, players: tuple) -> tuple[float, float]:
    """(margin over the rivals, 1/0.5/0 for ahead/level/behind the best of them).

    The rivals are the other real `players`: Dirk's points are in `scores` only through
    the majorities he takes from them, since only a real player can win (§10).
    """
    rivals = [scores[p] for p in players if p != name]
    best, mine = max(rivals), scores[name]
    rival = BEST_RIVAL * best + (1 - BEST_RIVAL) * sum(rivals) / len(rivals)
    return mine - rival, 1.0 if mine > best else 0.5 if mine == best else 0.0


class SearchBot:
    """Determinized search with policy rollouts and a projected-score evaluation.

    Parameters
    ----------
    level : {"easy", "medium", "strong", "master"}
        The budget (`LEVELS`); master needs the compiled core.
    seed : int, optional
        Seeds the samples; None is seed 0: the same view always gives the same move.
    wall_weight : float, optional
        The weight of the longest walls' projected points in the judgement of the end
        positions (`evaluate`): 1, face value, is the standard player; other weights are
        the arms of the wall-weight experiment (notebook 05).

    Raises
    ------
    ValueError
        For an unknown level, or a wall weight that is not a finite number.
    Unsupported
        For the master level without the compiled core in use.

    Notes
    -----
    The search runs in the compiled core when it is in use and holds the game (every
    game but the literal hole rule's, `sim.core_search`), with the same moves as the
    Python search, which plays every other game.
    """

    def __init__(self, level="strong", seed=None, wall_weight: float = 1.0):
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}: the levels are {', '.join(LEVELS)}")
        if isinstance(wall_weight, bool) or not isinstance(wall_weight, (int, float)) \
                or not math.isfinite(wall_weight):
            raise ValueError(f"wall_weight is a finite number, got {wall_weight!r}")
        if LEVELS[level].halving and core_info()["engine"] != "native":
            raise Unsupported(f"the {level} level searches in the compiled core, which is not "
                              f"in use: {core_info()['reason']}")
        self.level = level
        self.budget = LEVELS[level]
        self.seed = 0 if seed is None else seed
        self.wall_weight = float(wall_weight)
        self._prior = PRIOR()
        # The policies of the rollouts: a mix of the strategic bots, so the search does not
        # assume everyone plays alike.
        self._policies = (self._prior, BalancedBot(), WallBuilder())

    def __repr__(self):
        weight = "" if self.wall_weight == 1 else f", wall_weight={self.wall_weight!r}"
        return f"SearchBot({self.level!r}, seed={self.seed!r}{weight})"

    def choose(self, view, legal_actions):
        """Return the legal action the search judges best (see the module's notes).

        Actions of a kind the game has not registered are left out (`known_actions`).
        """
        legal_actions = known_actions(legal_actions, ACTION_KINDS)
        if len(legal_actions) == 1:
            return legal_actions[0]
        return self._search(view, legal_actions)[0][0]

    def analyse(self, view, n=3, legal_actions=None) -> list:
        """The `n` best moves (`MoveAnalysis`) with what the search expects of each.

        `legal_actions` default to those of a game sampled from `view` (the same list).

        Raises
        ------
        AlhambraError
            For a view of a game that is over.
        """
        if legal_actions is None:
            legal_actions = determinize(view, self.seed).legal_actions()
        legal_actions = known_actions(legal_actions, ACTION_KINDS)
        ranked = self._search(view, legal_actions, keep=max(n, self.budget.candidates))[:n]
        players = len(view.players)
        calibrated = calibration_gap(players, bool(view.modules), self.level) is None
        analysis = []
        for rank, (action, margin, share, samples) in enumerate(ranked, 1):
            chance = calibrated_win_chance(share, players, view.bag_size, level=self.level)
            analysis.append(MoveAnalysis(rank, action, margin, chance,
                                         _describe(action, margin, chance, calibrated),
                                         share, calibrated, samples,
                                         calibration_level(self.level)))
        return analysis

    # -- the search ----------------------------------------------------------------------

    def _candidates(self, view, legal_actions, keep):
        """The prior's best `keep`, and the best of each kind it does not judge or judges
        only in part (`ALWAYS_SEARCHED`)."""
        ranked = self._prior.ranked(view, legal_actions)
        chosen = ranked[:keep]
        kinds = {a.kind for a in chosen}
        for action in ranked[keep:]:
            if action.kind not in kinds and (action.kind not in _HANDLERS
                                             or action.kind in ALWAYS_SEARCHED):
                chosen.append(action)
                kinds.add(action.kind)
        return chosen

    def _decision_seed(self, view):
        # The view's record length and turn fix the moment; the bot's seed the samples.
        # crc32, not hash(): str hashes change from one process to the next.
        key = f"{self.seed}/{len(view.events)}/{view.turn}/{view.player}".encode()
        return zlib.crc32(key)

    def _search(self, view, legal_actions, keep=None):
        """[(action, mean margin, win share, games played on)], best first (the prior's
        order on ties): in the core when it holds the game and its candidates are among
        `legal_actions`."""
        keep = keep or self.budget.candidates
        horizon = self.budget.horizon
        n = self.budget.samples_for(len(view.players))
        found = core_search(view, self._decision_seed(view), n, keep, horizon,
                            self.wall_weight, halving=self.budget.halving)
        if found is not None and all(a in legal_actions for a, *_ in found):
            return found
        if self.budget.halving:
            raise Unsupported(f"the {self.level} level searches in the compiled core, which "
                              f"does not hold this game: {', '.join(core_gaps(view))}")
        candidates = self._candidates(view, legal_actions, keep)
        totals = [[0.0, 0.0] for _ in candidates]
        until = None if horizon is None else view.turn + horizon * len(view.players)
        for sampled, seats in self.sampled_games(view, n):
            for total, action in zip(totals, candidates):
                game = sampled.copy()
                game.apply(action)
                self._roll_out(game, seats, until)
                margin, win = _margin_and_win(evaluate(game, view.player, self.wall_weight),
                                               view.player, view.players)
                total[0] += margin
                total[1] += win
        ranked = [(a, m / n, w / n, n) for a, (m, w) in zip(candidates, totals)]
        ranked.sort(key=lambda t: -t[1])  # stable: the prior's order on ties
        return ranked

    def sampled_games(self, view: GameView, count: int
                      ) -> Iterator[tuple[Game, dict[str, StrategicBot]]]:
        """The first `count` sampled games of the search of the decision `view` shows,
        in the order it deals them, each with its rollouts' policies ``{player: bot}``.

        The games every level plays its candidates on (the master's first round is the
        first `Level.samples` of them; each later round deals the next ones): the
        decision's generator gives each game's seed (`engine.determinize`), then the
        rivals' policies (`_seat_policies`). The core deals the same games
        (`sim.Simulator.determinize`), policies included.

        Examples
        --------
        >>> from alhambra_lib import Game
        >>> g = Game(["Ana", "Ben", "Cy"], seed=7)
        >>> [(game.view("Ana") == g.view("Ana"), sorted(seats))
        ...  for game, seats in SearchBot("easy").sampled_games(g.view("Ana"), 2)]
        [(True, ['Ana', 'Ben', 'Cy']), (True, ['Ana', 'Ben', 'Cy'])]
        """
        rng = random.Random(self._decision_seed(view))
        for _ in range(count):
            sampled = determinize(view, rng.getrandbits(32))
            yield sampled, self._seat_policies(view, rng)

    def _seat_policies(self, view, rng):
        """A rollout policy per player: the player itself plays balanced, each rival one of
        the strategic bots at random."""
        return {p: self._policies[0] if p == view.player else rng.choice(self._policies[1:])
                for p in view.players}

    @staticmethod
    def _roll_out(game, seats, until_turn):
        while not game.is_over and (until_turn is None or game.turn <= until_turn):
            name = game.decision.player
            game.apply(seats[name].choose(game.view(name), game.legal_actions()))


def level_plays(level: str, game) -> bool:
    """Whether `SearchBot(level)` searches `game` (a game or a view of it): the master
    level (`Level.halving`) only where the compiled core is in use and holds the game
    (`sim.core_searches`: every game but the literal hole rule's); the other levels
    everywhere.

    Raises
    ------
    ValueError
        For an unknown level.

    Examples
    --------
    >>> from alhambra_lib import Game
    >>> level_plays("strong", Game(["Ana", "Ben"], seed=1, modules=["vizier"]))
    True
    >>> level_plays("master", Game(["Ana", "Ben"], seed=1, hole_rule="single"))
    False
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: the levels are {', '.join(LEVELS)}")
    return not LEVELS[level].halving or core_searches(game)


def _describe(action, margin, chance, calibrated=True):
    """The move, its expected margin (what the search ranks by) and its win chance, said
    to be uncalibrated where it was not measured."""
    lead = "ahead of" if margin >= 0 else "behind"
    chance_text = (f"win chance {chance:.0%}" if calibrated
                   else f"win chance {chance:.0%}, not calibrated for this game")
    return (f"{action}: expected to finish {abs(margin):.1f} points {lead} the rivals "
            f"({chance_text})")


# -- the win chance ------------------------------------------------------------------------

#: The calibration's models, one per level that has one (``{level: model}``), fitted by
#: `alhambra_lib.analysis.hint_calibration`.
CALIBRATION_PATH = Path(__file__).resolve().parents[1] / "data" / "hint_calibration.json"
#: Shares are taken no closer to 0 or 1 than this: a share of the samples is never sure.
SHARE_CLIP = 0.02


def share_log_odds(share: float) -> float:
    """The log-odds of a share of sampled futures, `SHARE_CLIP` from 0 and 1.

    Examples
    --------
    >>> share_log_odds(0.5), round(share_log_odds(1.0), 3)
    (0.0, 3.892)
    """
    share = min(max(share, SHARE_CLIP), 1 - SHARE_CLIP)
    return math.log(share / (1 - share))


def calibration_features(share: float, players: int, bag: int,
                         bag_scale: float) -> tuple[float, float, float]:
    """The model's inputs: 1; the share's log-odds weighted by ``exp(-bag / bag_scale)``
    (the game ends when the bag runs out, so a lead counts for more as it empties); and
    the base rate's log-odds, ``logit(1/players)``."""
    nearness = math.exp(-bag / bag_scale)
    return 1.0, share_log_odds(share) * nearness, math.log(1 / (players - 1))


#: The coefficients' names, in the order of `calibration_features`.
CALIBRATION_TERMS = ("intercept", "share", "base_rate")


#: The level whose model serves a level without one of its own.
CALIBRATION_FALLBACK = "strong"


@lru_cache(maxsize=1)
def _calibration() -> dict:
    """The saved models, by level."""
    return json.loads(CALIBRATION_PATH.read_text())


def calibration_level(level: str = "strong") -> str:
    """The level whose self-play calibrates the win chance of `level`: its own where
    ``data/hint_calibration.json`` holds a model of it, else `CALIBRATION_FALLBACK`.

    Examples
    --------
    >>> calibration_level("strong"), calibration_level("easy")
    ('strong', 'strong')
    """
    return level if level in _calibration() else CALIBRATION_FALLBACK


def calibration_model(level: str = "strong") -> dict:
    """The saved model of `calibration_level` (`level`): the coefficients by
    `CALIBRATION_TERMS`, ``bag_scale``, and the ``games`` and ``decisions`` it was
    fitted on by player count."""
    return _calibration()[calibration_level(level)]


def calibration_gap(players: int, modules: bool, level: str = "strong") -> str | None:
    """Why the win chance of the search at `level` is not calibrated for a game of
    `players` real players (with Mega Box `modules` or not), in a sentence of the current
    language; None where it was measured: on base games of the player counts its model
    was fitted on (``games`` of `calibration_model`: 2 and 3).

    Examples
    --------
    >>> calibration_gap(3, modules=False) is None
    True
    >>> print(calibration_gap(3, modules=True))  # doctest: +NORMALIZE_WHITESPACE
    In a Mega Box game this chance is not calibrated: it was measured on base games of
    2 and 3 players only.
    >>> print(calibration_gap(5, modules=False))  # doctest: +NORMALIZE_WHITESPACE
    With 5 players this chance is not calibrated: it was measured on games of 2 and 3
    players only.
    """
    measured = sorted(int(n) for n in calibration_model(level)["games"])
    counts = format_list([str(n) for n in measured])
    if modules:
        return _("In a Mega Box game this chance is not calibrated: it was measured on base "
                 "games of {counts} players only.").format(counts=counts)
    if players not in measured:
        return _("With {players} players this chance is not calibrated: it was measured on "
                 "games of {counts} players only.").format(players=players, counts=counts)
    return None


def calibrated_win_chance(share: float, players: int, bag: int,
                          model: dict | None = None, level: str = "strong") -> float:
    """The chance to win of a move whose sampled futures are ahead in `share` of them,
    with `bag` tiles left in the bag, in a game of `players` real players.

    A logistic model of `calibration_features`, with the coefficients and the
    ``bag_scale`` of `model` (by default those fitted on self-play games of the search
    at `level`, `calibration_model`): among players as strong as the search, positions
    like this were won this often. Fitted on base games of 2 and 3 players; other counts
    and Mega Box games use it unmeasured.

    Examples
    --------
    >>> early = [calibrated_win_chance(s, 3, bag=50) for s in (0.0, 1.0)]
    >>> late = [calibrated_win_chance(s, 3, bag=2) for s in (0.0, 1.0)]
    >>> late[0] < early[0] < 1 / 3 < early[1] < late[1] < 1
    True
    """
    model = calibration_model(level) if model is None else model
    features = calibration_features(share, players, bag, model["bag_scale"])
    logit = sum(model[term] * x for term, x in zip(CALIBRATION_TERMS, features))
    return 1 / (1 + math.exp(-logit))
