"""Tournaments: many seeded games between bots, in parallel, as one pandas DataFrame.

`tournament` plays ``games`` games, seating the bots in rotation, and returns one row
per player per game. Each game draws its own seed from
``numpy.random.SeedSequence(seed).spawn(games)``, so a game's result depends on its
seed alone: the DataFrame is the same whether the games run one after the other, on
``n_jobs`` joblib workers or on a dask cluster.

Bots
----
A bot is given by name (`BOT_NAMES`, the registry `alhambra_lib.bots.BOTS` that the
command line uses too) or as a *factory*, a callable returning a fresh
`Bot` for each game. A factory whose signature has a parameter called ``seed`` is
called as ``factory(seed=s)`` with an integer ``s`` drawn for that game and seat
(`RandomBot` itself is such a factory); any other factory is called with no
arguments (``GreedyBot``, ``functools.partial(WallBuilder, wall=3.0)``,
``lambda: BalancedBot(money=0.1)``). The ``bot`` column shows the name, or for a
factory the repr of a bot it makes (``WallBuilder(wall=3.0)``); pass a mapping
``{label: name or factory}`` to choose the labels.

Columns
-------
=================== ==========================================================
game                game number, 0 .. games - 1
seat                seat in the game's seating order, 0 first
player              the player's name in the game (``P1`` .. ``P6``, by seat)
bot                 the bot's label
players             number of players in the game
game_seed           the game's seed: ``Game(player names, seed=game_seed,
                    modules=...)`` played by the same bots replays the game (bots
                    that take a seed also need their seat's seed, which is not kept)
modules             the Mega Box modules played, comma-separated ("" for none)
started             whether this player took the first turn
score               final score
rank                1 + number of players with a higher score (tied leaders share 1)
win                 whether the player won (tied leaders all win)
walls_rN            wall points scored in round N (1, 2, 3; <NA> if not held)
majority_rN         majority points scored in round N
TERM_rN             for a module's scoring term (after the columns above, only when
                    some game scored it): its points in round N
final_wall          length of the longest wall at the end
tiles               building tiles in the final Alhambra
reserve             tiles left on the reserve
turns               turns the player took
wall_trace          JSON list: the wall length after each of the player's turns
final_layout        JSON: the final Alhambra and reserve (see `final_position`)
=================== ==========================================================

`wall_by_turn` unpacks ``wall_trace`` into a long DataFrame; `final_position` rebuilds
the final Alhambra of a row. Nothing depends on timing or on how the games were run.

Examples
--------
>>> df = tournament(["wall", "greedy", "random"], games=2, seed=1, progress=False)
>>> df[["game", "seat", "bot", "score", "rank", "win"]]
   game  seat     bot  score  rank    win
0     0     0    wall    156     1   True
1     0     1  greedy    129     2  False
2     0     2  random     52     3  False
3     1     0  greedy    151     2  False
4     1     1  random     42     3  False
5     1     2    wall    185     1   True
>>> sorted(df.loc[df.game == 1, "bot"]) == sorted(df.loc[df.game == 0, "bot"])
True
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import nullcontext
from typing import Any

import numpy as np
import pandas as pd

from ..actions import tile_from_list, tile_order
from ..alhambra import Alhambra
from ..bots import BOTS, play
from ..bots.registry import bot_factory, make_bot
from ..components import ROUNDS, Tile
from ..engine.narration import scoring_parts
from ..game import Game
from ..scoring import BASE_TERMS

__all__ = ["tournament", "wall_by_turn", "final_position", "BOT_NAMES"]

#: Bot names understood by `tournament`, and the factory behind each: `alhambra_lib.bots.BOTS`.
BOT_NAMES = BOTS

MAX_CHUNK = 25  # games per task at most: the progress bar moves at least this often
_COLUMNS = (
    ["game", "seat", "player", "bot", "players", "game_seed", "modules", "started", "score",
     "rank", "win"]
    + [f"{part}_r{r}" for r in ROUNDS for part in ("walls", "majority")]
    + ["final_wall", "tiles", "reserve", "turns", "wall_trace", "final_layout"]
)


# -- the bots ----------------------------------------------------------------------------


_factory = bot_factory
_make_bot = make_bot


def _lineup(bots: Sequence[Any] | Mapping[str, Any]) -> list[tuple[str, Callable[..., Any]]]:
    """[(label, factory)] from a sequence of names/factories or a mapping label -> one."""
    if isinstance(bots, str):
        raise TypeError("bots is a list of bot names or factories, not one string")
    items = list(bots.items()) if isinstance(bots, Mapping) else [(None, b) for b in bots]
    if not items:
        raise ValueError("a tournament needs at least one bot")
    lineup = []
    for label, spec in items:
        factory = _factory(spec)
        if label is None:
            label = spec if isinstance(spec, str) else _label(factory)
        lineup.append((str(label), factory))
    return lineup


def _label(factory: Callable[..., Any]) -> str:
    """The repr of a bot the factory makes (``WallBuilder(wall=3.0)``), else its class name.

    The default ``<... object at 0x...>`` repr would differ from run to run.
    """
    bot = _make_bot(factory, 0)
    own_repr = getattr(type(bot), "__repr__") is not object.__repr__
    return repr(bot) if own_repr else type(bot).__name__


# -- one game ----------------------------------------------------------------------------


def _seats(game_index: int, n_bots: int, players: int) -> list[int]:
    """Bot indices by seat: game i shifts the seating by i, so every bot sits everywhere."""
    return [(game_index + seat) % n_bots for seat in range(players)]


def _wall_traces(game: Game) -> dict[str, list[int]]:
    """{player: [wall length after each of their turns]}, replayed from the events."""
    alhambras = {p: Alhambra(game.options["hole_rule"]) for p in game.players}
    traces: dict[str, list[int]] = {p: [] for p in game.players}
    acting = None
    for event in game.events:
        kind = event["type"]
        if kind in ("turn", "end_triggered") and acting is not None:
            traces[acting].append(alhambras[acting].longest_wall())
        if kind == "turn":
            acting = event["player"]
        elif kind == "place":  # through a gate (§M5) when the event names one
            alhambras[event["player"]].place(tile_from_list(event["tile"]), tuple(event["pos"]),
                                             event.get("gate"))
        elif kind == "redesign":
            _replay_redesign(alhambras[event["player"]], event)
        elif kind == "build_wall" and event["cell"] is not None:  # sticks (§M9)
            alhambras[event["player"]].add_sticks(tuple(event["cell"]), event["sides"])
    return traces


def _replay_redesign(alhambra: Alhambra, event: Mapping[str, Any]) -> None:
    pos = tuple(event["pos"])
    if event["move"] == "place":
        alhambra.place(tile_from_list(event["tile"]), pos, event.get("gate"))
    elif event["move"] == "remove":
        alhambra.remove(pos)
    else:
        alhambra.exchange(tile_from_list(event["tile"]), pos)


def _layout_json(game: Game, name: str) -> str:
    alhambra = game.alhambra(name)
    return json.dumps({
        "hole_rule": alhambra.hole_rule,
        "alhambra": [[x, y, *tile.to_list()] for (x, y), tile in sorted(alhambra.layout.items())
                     if (x, y) != (0, 0)],
        "reserve": [tile.to_list() for tile in game.reserve(name)],
    }, separators=(",", ":"))


def _rows(game: Game, index: int, game_seed: int, labels: Sequence[str]) -> list[dict[str, Any]]:
    """One row per player of a finished game (labels: the bot label of each seat)."""
    scores = game.scores
    rounds = {e["round"]: scoring_parts(e) for e in game.events if e["type"] == "scoring"}
    terms = [t for parts in rounds.values() for t in parts if t not in BASE_TERMS]
    terms = list(dict.fromkeys(terms))
    traces = _wall_traces(game)
    rows = []
    for seat, name in enumerate(game.players):
        row = {
            "game": index, "seat": seat, "player": name, "bot": labels[seat],
            "players": len(game.players), "game_seed": game_seed,
            "modules": ",".join(game.modules), "started": name == game.start_player,
            "score": scores[name],
            "rank": 1 + sum(scores[p] > scores[name] for p in game.players),
            "win": name in game.winners,
        }
        for r in ROUNDS:
            parts = rounds.get(r)
            row[f"walls_r{r}"] = None if parts is None else parts["walls"][name]
            row[f"majority_r{r}"] = None if parts is None else parts["majorities"][name]
            for term in terms:
                row[f"{term}_r{r}"] = None if parts is None else parts.get(term, {}).get(name, 0)
        alhambra = game.alhambra(name)
        row.update(final_wall=alhambra.longest_wall(), tiles=len(alhambra) - 1,
                   reserve=len(game.reserve(name)), turns=len(traces[name]),
                   wall_trace=json.dumps(traces[name], separators=(",", ":")),
                   final_layout=_layout_json(game, name))
        rows.append(row)
    return rows


def _names(players: int) -> list[str]:
    return [f"P{seat + 1}" for seat in range(players)]


def _play_chunk(tasks: Sequence[tuple[int, int, Sequence[int]]],
                lineup: Sequence[tuple[str, Callable[..., Any]]], players: int,
                game_options: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Play the games of one task; a task is (game index, game seed, seat seeds)."""
    names = _names(players)
    rows = []
    for index, game_seed, seat_seeds in tasks:
        seating = _seats(index, len(lineup), players)
        bots = [_make_bot(lineup[b][1], s) for b, s in zip(seating, seat_seeds)]
        game = play(Game(names, seed=game_seed, **game_options), bots)
        rows.extend(_rows(game, index, game_seed, [lineup[b][0] for b in seating]))
    return rows


# -- many games --------------------------------------------------------------------------


def _seed_tasks(seed: int | Sequence[int] | None, games: int,
                players: int) -> list[tuple[int, int, list[int]]]:
    """(game index, game seed, seat seeds) per game, each game from its own SeedSequence."""
    tasks = []
    for index, child in enumerate(np.random.SeedSequence(seed).spawn(games)):
        words = [int(w) for w in child.generate_state(players + 1)]
        tasks.append((index, words[0], words[1:]))
    return tasks


def _chunks(tasks: Sequence[Any], workers: int) -> list[Sequence[Any]]:
    size = max(1, min(MAX_CHUNK, math.ceil(len(tasks) / (4 * workers))))
    return [tasks[i:i + size] for i in range(0, len(tasks), size)]


class _Callback(nullcontext):
    """A stand-in for a tqdm bar that passes each update to a function."""

    def __init__(self, function: Callable[[Any], Any]) -> None:
        super().__init__()
        self.update = function


def _run_local(chunks: Sequence[Sequence[Any]], n_jobs: int, bar: Any,
               args: Sequence[Any]) -> list[list[dict[str, Any]]]:
    from joblib import Parallel, delayed

    results = Parallel(n_jobs=n_jobs, return_as="generator")(
        delayed(_play_chunk)(chunk, *args) for chunk in chunks)
    collected = []
    for chunk, rows in zip(chunks, results):  # in order, as each chunk is done
        collected.append(rows)
        bar.update(len(chunk))
    return collected


def _run_dask(chunks: Sequence[Sequence[Any]], client: Any, bar: Any,
              args: Sequence[Any]) -> list[list[dict[str, Any]]]:
    from distributed import as_completed

    futures = client.map(_play_chunk, chunks, *[[a] * len(chunks) for a in args], pure=False)
    games = {future.key: len(chunk) for future, chunk in zip(futures, chunks)}
    for future in as_completed(futures):
        bar.update(games[future.key])
    return client.gather(futures)  # in chunk order, whatever order they finished in


def _check_counts(games: int, players: int | None, n_bots: int, n_jobs: int) -> int:
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a positive integer, got {games!r}")
    if players is None:
        if not 2 <= n_bots <= 6:
            raise ValueError(f"{n_bots} bots: give players=, from 2 to 6")
        players = n_bots
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 6:
        raise ValueError(f"players must be an integer from 2 to 6, got {players!r}")
    if isinstance(n_jobs, bool) or not isinstance(n_jobs, int) or n_jobs == 0:
        raise ValueError(f"n_jobs is a non-zero integer (-1: all cores), got {n_jobs!r}")
    return players


def tournament(bots: Sequence[Any] | Mapping[str, Any], games: int = 100,
               players: int | None = None, seed: int | Sequence[int] | None = 0, n_jobs: int = 1,
               client: Any = None, progress: bool | Callable[..., Any] = True,
               modules: Iterable[str] = (),
               **game_options: Any) -> pd.DataFrame:
    """Play `games` seeded games between `bots` and return one row per player per game.

    Parameters
    ----------
    bots : sequence or mapping
        Bot names (``"random"``, ``"greedy"``, ``"wall"``, ``"majority"``,
        ``"balanced"``) or factories (see the module docstring), or a mapping
        ``{label: name or factory}``. Game i seats bot ``(i + s) % len(bots)`` in seat
        s, so every bot sits in every seat as often as possible.
    games : int
        Number of games.
    players : int, optional
        Players per game, 2 to 6; default: one per bot.
    seed : int or None
        Entropy for ``numpy.random.SeedSequence``; each game gets one of its
        ``spawn(games)`` children. The same seed gives the same DataFrame.
    n_jobs : int
        joblib workers (processes); -1 for all cores. Ignored with `client`.
    client : distributed.Client, optional
        Run the games on this dask cluster (``client.map``) instead.
    progress : bool or callable
        Show a ``tqdm.auto`` progress bar; or call ``progress(n)`` each time `n` more
        games are done (a widget's own progress bar).
    modules : sequence of str
        Mega Box modules every game plays with (names of `alhambra_lib.MODULES`);
        they show in the ``modules`` column.
    **game_options
        Passed to `Game` (``end_trigger``, ``hole_rule``).

    Returns
    -------
    pandas.DataFrame
        Sorted by game and seat, the columns of the module docstring.

    Raises
    ------
    ValueError
        For an unknown bot name (the message lists the known ones), a bad count of
        games, players or jobs, or a bad game option.
    TypeError
        For a bot that is neither a name nor a callable, or a factory returning no Bot.

    Notes
    -----
    Games are sent to the workers in chunks of up to 25, about four chunks per
    worker, so that the cost of a task is small next to the games it plays. A bot is
    made afresh for every game, so no state leaks from one game to the next.

    Examples
    --------
    >>> from functools import partial
    >>> from alhambra_lib.bots import WallBuilder
    >>> df = tournament({"wall=5": partial(WallBuilder, wall=5.0), "plain": "balanced"},
    ...                 games=2, players=2, progress=False)
    >>> df.groupby("bot")["seat"].apply(sorted).to_dict()
    {'plain': [0, 1], 'wall=5': [0, 1]}
    >>> tournament(["wall", "chess"], games=2)
    Traceback (most recent call last):
    ...
    ValueError: unknown bot 'chess': the known bots are random, greedy, wall, majority, ...
    """
    lineup = _lineup(bots)
    players = _check_counts(games, players, len(lineup), n_jobs)
    if isinstance(modules, str):
        modules = tuple(m for m in modules.split(",") if m)
    game_options = {**game_options, "modules": tuple(modules)}
    # A bad game option or module fails here, once, rather than in every worker.
    Game(_names(players), seed=0, **game_options)
    tasks = _seed_tasks(seed, games, players)
    args = (lineup, players, game_options)
    from tqdm.auto import tqdm

    bar = (_Callback(progress) if callable(progress) else
           tqdm(total=games, disable=not progress, unit="game", desc="tournament"))
    with bar:
        if client is not None:
            workers = max(1, sum(client.nthreads().values()))
            results = _run_dask(_chunks(tasks, workers), client, bar, args)
        else:
            from joblib import effective_n_jobs

            workers = effective_n_jobs(n_jobs)
            results = _run_local(_chunks(tasks, workers), n_jobs, bar, args)
    return _frame([row for rows in results for row in rows])


def _frame(rows: Sequence[Mapping[str, Any]]) -> pd.DataFrame:
    extra = list(dict.fromkeys(k for row in rows for k in row if k not in _COLUMNS))
    df = pd.DataFrame(rows, columns=_COLUMNS + extra)
    per_round = [f"{part}_r{r}" for r in ROUNDS for part in ("walls", "majority")] + extra
    for column in per_round:  # a round whose card never came up is <NA>, not 0 points
        df[column] = df[column].astype("Int64")
    return df.sort_values(["game", "seat"], ignore_index=True)


# -- reading the recorded columns ---------------------------------------------------------


def wall_by_turn(df: pd.DataFrame) -> pd.DataFrame:
    """The wall length after each turn, one row per player per turn (long format).

    Parameters
    ----------
    df : pandas.DataFrame
        A `tournament` result (or any frame with its ``game``, ``seat``, ``bot`` and
        ``wall_trace`` columns, e.g. one read back from CSV).

    Returns
    -------
    pandas.DataFrame
        Columns ``game``, ``seat``, ``bot``, ``turn`` (1 for the player's first turn)
        and ``wall``.

    Examples
    --------
    >>> import pandas as pd
    >>> wall_by_turn(pd.DataFrame({"game": [0], "seat": [1], "bot": ["wall"],
    ...                            "wall_trace": ["[0,2,3]"]}))
       game  seat   bot  turn  wall
    0     0     1  wall     1     0
    1     0     1  wall     2     2
    2     0     1  wall     3     3
    """
    walls = df["wall_trace"].map(json.loads)
    long = df[["game", "seat", "bot"]].assign(wall=walls).explode("wall", ignore_index=True)
    long = long.dropna(subset=["wall"])  # a player without a turn has an empty trace
    long["turn"] = long.groupby(["game", "seat"]).cumcount() + 1
    long["wall"] = long["wall"].astype(int)
    return long[["game", "seat", "bot", "turn", "wall"]].reset_index(drop=True)


def final_position(layout: str) -> tuple[Alhambra, tuple[Tile, ...]]:
    """The final `Alhambra` and reserve recorded in a ``final_layout`` value.

    Parameters
    ----------
    layout : str
        The JSON of a ``final_layout`` cell:
        ``{"hole_rule": ..., "alhambra": [[x, y, kind, price, walls], ...],
        "reserve": [[kind, price, walls], ...]}`` (the fountain is left out).

    Returns
    -------
    (Alhambra, tuple of Tile)

    Examples
    --------
    >>> a, reserve = final_position('{"hole_rule": "enclosed", '
    ...     '"alhambra": [[1, 0, "tower", 9, "NE"]], "reserve": [["garden", 8, ""]]}')
    >>> a.longest_wall(), reserve
    (2, (Tile('garden', 8, ''),))
    """
    data = json.loads(layout)
    cells = {(x, y): tile_from_list([kind, price, walls])
             for x, y, kind, price, walls in data["alhambra"]}
    reserve = tuple(sorted((tile_from_list(t) for t in data["reserve"]), key=tile_order))
    return Alhambra.from_layout(cells, data["hole_rule"]), reserve
