"""The core's `determinize` of Mega Box games (`core/src/policy/determinize.rs`) against
the Python engine's (`engine.sampling`): for the same view and seed, the same game, save
for save, with every module's secrets (the hands' master builders, bonus cards, thieves,
attack cards and scouts, huts under the piles, the citizens on the merchant discs, and
the draw pile's module cards), alone, together, with Dirk and with the modules' options.

The positions come from seeded games played at random, half the moves by
`BalancedBot`, so that the modules' secrets move (cards shown, thieves played, citizens
swapped).
"""

from __future__ import annotations

import dataclasses
import json
import random
import warnings
from collections.abc import Iterator

import pytest

import alhambra_lib.engine.sampling as sampling
from alhambra_lib import Game, InvalidInput, core_info
from alhambra_lib.bots import BalancedBot
from alhambra_lib.engine import determinize
from alhambra_lib.engine.sampling import _restored
from alhambra_lib.errors import AlhambraError
from alhambra_lib.modules import MODULES
from alhambra_lib.sim import Simulator

NATIVE = core_info()["engine"] == "native"
pytestmark = pytest.mark.skipif(not NATIVE, reason="the compiled core is not in use")

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve", "Fay")
ALL = tuple(sorted(MODULES))
#: The modules' options, each on.
OPTIONS = {"characters": "experimental", "street_merchant": "merchant_final_only",
           "gates": "gates_all_six", "thieves": "thief_not_by_finisher",
           "city_walls": "walls_piles_2_to_4", "bazaars": "bazaars_distributed"}


def _case(modules: tuple[str, ...], players: int, seed: int,
          options: bool = False) -> tuple[tuple[str, ...], int, int, dict[str, bool]]:
    return modules, players, seed, {OPTIONS[m]: True for m in modules if options and m in OPTIONS}


#: (modules, players, seed, options): each module alone (its option on every other
#: time), two to six players (two: Dirk); random subsets; all sixteen.
CASES = [_case((name,), 2 + k % 5, k, options=k % 2 == 1) for k, name in enumerate(ALL)]
CASES += [_case(tuple(sorted(random.Random(k).sample(ALL, 5))), 2 + k % 5, 100 + k,
                options=k % 2 == 0) for k in range(8)]
CASES += [_case(ALL, 3, 200), _case(ALL, 6, 201, options=True), _case(ALL, 2, 202)]


def _positions(modules, players, seed, options, every=25, most=6) -> Iterator[Game]:
    """Up to `most` positions of a seeded game, one every `every` moves from the first
    (the setup's, where the Street Merchant's citizens are still in hand)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the provisional data of some modules
        game = Game(list(NAMES[:players]), seed=seed, modules=modules, **options)
    rng, bot = random.Random(seed), BalancedBot()
    for moves in range(every * most):
        if game.is_over:
            return
        if moves % every == 0:
            yield game
        legal = game.legal_actions()
        game.apply(bot.choose(game.view(game.current_player), legal) if rng.random() < 0.5
                   else rng.choice(legal))


def _same_samples(view, seeds) -> int:
    for seed in seeds:
        assert Simulator.determinize(view, seed).to_json() == determinize(view, seed).to_json(), \
            (view.player, seed)
    return len(seeds)


@pytest.mark.parametrize("modules, players, seed, options", CASES,
                         ids=[f"{'+'.join(c[0]) if len(c[0]) < 16 else 'all'}-{c[1]}p-{c[2]}"
                              for c in CASES])
def test_the_core_samples_the_module_games_determinize_samples(modules, players, seed, options):
    compared = 0
    for k, game in enumerate(_positions(modules, players, seed, options)):
        view = game.view(game.players[k % players])
        compared += _same_samples(view, (seed * 1000 + game.turn, k))
    assert compared >= 4


def _slot_classes(value, found: set[str]) -> None:
    """The classes (their families: ``hut`` for ``hut:red``) of the slots in `value`."""
    if isinstance(value, dict) and "?" in value:
        found.add(value["?"].split(":")[0])
    for item in value.values() if isinstance(value, dict) else (
            value if isinstance(value, list) else ()):
        _slot_classes(item, found)


def test_the_cases_deal_every_kind_of_secret_outside_the_draw_pile():
    found: set[str] = set()
    peeked = False
    for modules, players, seed, options in CASES:
        for k, game in enumerate(_positions(modules, players, seed, options)):
            state = json.loads(game.view(game.players[k % players]).public.text)
            _slot_classes([state["hands"], state["modules_state"]], found)
            peeked |= "?" in state["modules_state"].get("invaders", {}).get("peeks", {}).values()
    assert found == {"master_builder", "bonus", "thief", "attack", "scout", "hut", "citizen"}
    assert peeked  # another's peek, the attack deck's top card


def _street_merchant_views(seeds) -> Iterator:
    """Six-player Street Merchant views (after the setup, when the discs' citizens are
    conditioned), with the seeds whose samples `determinize` deals by deals alone and
    those it deals by its search."""
    searched: list[int] = []
    real = sampling._search

    def noting(pool, slots, rng):
        if rng is not None:
            searched.append(1)
        return real(pool, slots, rng)

    for game_seed in seeds:
        for k, game in enumerate(_positions(("street_merchant",), 6, game_seed, {},
                                            every=20, most=8)):
            view = game.view(game.players[k % 6])
            dealt, found = [], []
            for sample_seed in range(20):
                searched.clear()
                sampling._search = noting
                try:
                    determinize(view, sample_seed)
                finally:
                    sampling._search = real
                (found if searched else dealt).append(sample_seed)
            yield view, dealt, found


def test_the_core_deals_the_conditioned_citizens_as_determinize_by_deals_and_by_search():
    by_deals = by_search = 0
    for view, dealt, found in _street_merchant_views(range(3)):
        by_deals += _same_samples(view, dealt[:2])
        by_search += _same_samples(view, found)
    assert by_deals >= 10 and by_search >= 3


def _citizen_slots(state) -> list[dict]:
    return [citizen for disc in state["modules_state"]["street_merchant"]["discs"].values()
            for citizen in disc["citizens"] if isinstance(citizen, dict)]


def test_a_view_whose_secrets_cannot_be_dealt_is_refused_by_both_engines():
    game = next(g for g in _positions(("street_merchant",), 4, 3, {}, every=20, most=4)
                if any(len(c) > 1 for c in _citizen_slots(json.loads(g.view("Ana").public.text))))
    view = game.view("Ana")
    state = json.loads(view.public.text)
    for citizen in _citizen_slots(state):  # no colour left for any of them
        citizen["not"] = sorted(set(state["hidden"]["citizen"]))
    bad = dataclasses.replace(view, public=_restored(json.dumps(state, sort_keys=True)))
    with pytest.raises(AlhambraError, match="no arrangement of the citizen secrets"):
        determinize(bad, 1)
    with pytest.raises(InvalidInput, match="no arrangement of the citizen secrets"):
        Simulator.determinize(bad, 1)


def test_a_view_with_a_slot_short_of_secrets_is_refused_by_both_engines():
    view = Game(["Ana", "Ben", "Cy"], seed=2, modules=("thieves",)).view("Ana")
    state = json.loads(view.public.text)
    state["hidden"]["thief"].pop()
    bad = dataclasses.replace(view, public=_restored(json.dumps(state, sort_keys=True)))
    with pytest.raises(AlhambraError, match="more thief slots than secrets"):
        determinize(bad, 1)
    with pytest.raises(InvalidInput, match="more thief slots than secrets"):
        Simulator.determinize(bad, 1)
