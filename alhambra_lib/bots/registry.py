"""The bots known by name: one table for the command line and for tournaments.

`BOTS` maps a name to a *factory*, a callable returning a fresh `Bot`; `make_bot`
makes one, passing a seed to the factories that take one (`RandomBot`, `SearchBot`).
``"search"`` is the `SearchBot` at its strong level; ``"search_medium"`` and
``"search_easy"`` are its other levels, so every place that lists `BOTS` (the command
line, tournaments, the table's new-game panel) offers the three.

``"search_master"``, the master level, is made by name too (`make_bot`, `bot_factory`,
the ladder) but not listed in `BOTS`: it needs the compiled core, and plays the base game
and Dirk until the core holds the Mega Box (`EXTRA_BOTS`).

Examples
--------
>>> list(BOTS)
['random', 'greedy', 'wall', 'majority', 'balanced', 'search', 'search_medium', 'search_easy']
>>> make_bot("wall", seed=3)
WallBuilder()
>>> make_bot("chess")
Traceback (most recent call last):
...
ValueError: unknown bot 'chess': the known bots are random, greedy, wall, majority, balanced, ...
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from .base import Bot
from .greedy import GreedyBot
from .random_bot import RandomBot
from .search import SearchBot
from .strategic import BalancedBot, MajorityHunter, WallBuilder

__all__ = ["BOTS", "EXTRA_BOTS", "make_bot", "bot_factory", "wants_seed", "search_medium",
           "search_easy", "search_master", "bot_level"]


def search_medium(seed: int | None = None) -> SearchBot:
    """The `SearchBot` at its medium level."""
    return SearchBot("medium", seed)


def search_easy(seed: int | None = None) -> SearchBot:
    """The `SearchBot` at its easy level."""
    return SearchBot("easy", seed)


def search_master(seed: int | None = None) -> SearchBot:
    """The `SearchBot` at its master level (`Unsupported` without the compiled core)."""
    return SearchBot("master", seed)

#: name -> factory (the bot classes themselves), in the order the help lists them.
BOTS: Mapping[str, Callable[..., Any]] = MappingProxyType({
    "random": RandomBot,
    "greedy": GreedyBot,
    "wall": WallBuilder,
    "majority": MajorityHunter,
    "balanced": BalancedBot,
    "search": SearchBot,
    "search_medium": search_medium,
    "search_easy": search_easy,
})
#: Bots made by name but not offered where `BOTS` is listed: the master search, which
#: needs the compiled core and plays the base game and Dirk only so far.
EXTRA_BOTS: Mapping[str, Callable[..., Any]] = MappingProxyType({
    "search_master": search_master,
})


def bot_level(name: str) -> tuple:
    """``(registry name of the bot, level)`` of a registered name: the search levels are
    one bot, ``"search"``; the other bots have one level, ``""``.

    Examples
    --------
    >>> bot_level("search_easy"), bot_level("search"), bot_level("wall")
    (('search', 'easy'), ('search', 'strong'), ('wall', ''))
    """
    bot_factory(name)
    if name == "search" or name.startswith("search_"):
        return "search", name.partition("_")[2] or "strong"
    return name, ""


def bot_factory(spec: str | Callable[..., Any]) -> Callable[..., Any]:
    """The factory of a bot name, or `spec` itself if it is callable.

    Raises
    ------
    ValueError
        For an unknown name (the message lists the known ones).
    TypeError
        For anything neither a name nor callable.
    """
    if isinstance(spec, str):
        factory = BOTS.get(spec) or EXTRA_BOTS.get(spec)
        if factory is None:
            raise ValueError(f"unknown bot {spec!r}: the known bots are "
                             f"{', '.join([*BOTS, *EXTRA_BOTS])}")
        return factory
    if not callable(spec):
        raise TypeError(f"a bot is a name ({', '.join(BOTS)}) or a factory returning a "
                        f"Bot, got {spec!r}")
    return spec


def wants_seed(factory: Callable[..., Any]) -> bool:
    """Whether `factory` has a parameter called ``seed``."""
    try:
        return "seed" in inspect.signature(factory).parameters
    except (TypeError, ValueError):  # builtins without a signature
        return False


def make_bot(spec: str | Callable[..., Any], seed: int | None = None) -> Any:
    """A fresh bot from a name of `BOTS` or a factory; `seed` goes to factories taking one.

    Raises
    ------
    ValueError, TypeError
        As `bot_factory`; TypeError too when the factory returns no `Bot`.
    """
    factory = bot_factory(spec)
    bot = factory(seed=seed) if wants_seed(factory) else factory()
    if not isinstance(bot, Bot):
        raise TypeError(f"the factory {factory!r} returned {bot!r}, which has no "
                        "choose(view, legal_actions) method")
    return bot
