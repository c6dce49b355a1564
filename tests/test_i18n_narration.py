"""Issue 33: a seeded game's whole story is told in every language, with no message
missing from the catalog and no English line left."""

from __future__ import annotations

import random
import re

import pytest

from alhambra_lib import MODULES, Game, i18n
from alhambra_lib.engine.narration import describe_event
from _i18n_helpers import english_left

#: (players, modules): the base game, a two-player game with Dirk, every module at once.
#: "You" is a seat, so the sentences said to the person at a table are told too.
GAMES = [(("You", "Bo", "Cy"), ()), (("Ana", "You"), ()),
         (("You", "Bo", "Cy", "Di"), tuple(MODULES)), (("Ana", "You", "Cy"), tuple(MODULES))]
SEEDS = (0, 1)


def _played(players, modules, seed):
    game = Game(list(players), seed=seed, modules=modules)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.fixture(scope="module")
def stories():
    """Every event of the seeded games (two seeds of each kind of game)."""
    return [event for seed in SEEDS for players, modules in GAMES
            for event in _played(players, modules, seed).events]


@pytest.fixture
def missing(monkeypatch):
    """The messages asked for that their language's catalog does not hold."""
    asked: list[str] = []
    for code in i18n.LANGUAGES[1:]:
        compiled = i18n.translations(code)
        catalog = compiled._catalog  # type: ignore[attr-defined]

        def watch(method, key_of, catalog=catalog, compiled=compiled):
            def looked_up(*args):
                key = key_of(*args)
                if key not in catalog and (key, 0) not in catalog:
                    asked.append(key)
                return method(*args)
            return looked_up

        monkeypatch.setattr(compiled, "gettext", watch(compiled.gettext, lambda m: m))
        monkeypatch.setattr(compiled, "ngettext", watch(compiled.ngettext, lambda s, p, n: s))
        monkeypatch.setattr(compiled, "pgettext",
                            watch(compiled.pgettext, lambda c, m: f"{c}\x04{m}"))
    return asked


#: A line with no word to translate: names, numbers, positions, signs.
_NO_WORDS = re.compile(r"^[\W\d_]*(?:(?:Ana|Bo|Cy|Di|Dirk)[\W\d_]*)*$")


@pytest.mark.parametrize("code", ["fr", "ko", "da"])
def test_a_seeded_story_is_told_whole_in_each_language(code, stories, missing):
    previous = i18n.language()
    try:
        i18n.set_language("en")
        english = [describe_event(e) for e in stories]
        i18n.set_language(code)
        told = [describe_event(e) for e in stories]
    finally:
        i18n.set_language(previous)
    assert not missing, f"not in the {code} catalog: {sorted(set(missing))[:10]}"
    same = {line for line, en in zip(told, english) if line == en and not _NO_WORDS.match(line)}
    assert not same, f"told in English in {code}: {sorted(same)[:10]}"
    assert not english_left(code, told)
    assert len({e["type"] for e in stories}) > 40  # the modules' events are in the stories


def test_the_narration_follows_set_language_at_call_time():
    event = {"type": "take", "player": "You", "cards": [["ducat", 3]]}
    previous = i18n.language()
    try:
        told = {}
        for code in i18n.LANGUAGES:
            i18n.set_language(code)
            told[code] = describe_event(event)
    finally:
        i18n.set_language(previous)
    assert told == {"en": "You take 3 ducat", "fr": "Vous prenez 3 ducats",
                    "ko": "3 두카트을(를) 받습니다", "da": "Du tager 3 dukater"}


def test_you_are_dealt_not_you_i_dealt():
    """The second person was made by cutting an -s off the verb: "is dealt" became
    "i dealt". Each sentence said to You is now a message of its own."""
    previous = i18n.language()
    try:
        i18n.set_language("en")
        bonus = describe_event({"type": "bonus_cards", "player": "You",
                                "tiles": [["tower", 9, ""], ["garden", 8, ""]]})
        builders = describe_event({"type": "master_builders_dealt", "player": "You",
                                   "cards": [["master_builder", "ducat"]]})
    finally:
        i18n.set_language(previous)
    assert bonus == "You are dealt 2 bonus cards"
    assert builders == "You are dealt 3 ducat (master builder) face down"
