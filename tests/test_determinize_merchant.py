"""`engine.determinize` with the Street Merchant (RULES.md §11, §M12): the others' discs
are sampled consistently with what the public record tells of each (`DiscRecord`), and
the dealer of conditioned slots (`secrets.slot`) finds every fitting arrangement."""

import itertools
import json
import random
from collections import Counter

import pytest

from alhambra_lib import Game
from alhambra_lib.actions import tile_from_list
from alhambra_lib.components import BUILDING_TILES
from alhambra_lib.engine import determinize, sampling
from alhambra_lib.errors import AlhambraError
from alhambra_lib.modules import MODULES
from alhambra_lib.modules.street_merchant import COLOURS, DiscRecord
from alhambra_lib.secrets import slot
from test_determinize import _random_states

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")

_MERCHANT_EVENTS = {"set_merchant", "merchant_supply", "merchant_lifted", "take_citizen",
                    "swap_citizen", "keep_citizens", "place_merchant"}


def _discs(game):
    """{player: the colours on their disc, in colour order}."""
    discs = json.loads(game.to_json())["modules_state"]["street_merchant"]["discs"]
    return {p: tuple(d["citizens"]) for p, d in discs.items()}


def _others(view):
    return [p for p in view.modules["street_merchant"]["discs"] if p != view.player]


def _fits(discs, record, viewer):
    """Whether every other disc of `discs` holds what `record` says it is known to, and
    of the setup's three `record.left` distinct colours, none barred."""
    for p, disc in discs.items():
        if p == viewer or p not in record.known:
            continue
        rest = Counter(disc)
        rest.subtract(record.known[p])
        if min(rest.values(), default=0) < 0:
            return False
        rest = +rest
        if sum(rest.values()) != record.left[p] or max(rest.values(), default=1) > 1 \
                or set(rest) & record.barred[p]:
            return False
    return True


# -- an independent reading: every setup choice replayed on the public record ------------


def _can_swap(disc, supply):
    return any(disc[give] and supply[take] for give in COLOURS for take in COLOURS
               if take != give)


def _replays(events, discs):
    """Whether the public merchant `events` could have happened with `discs` (Counters,
    each player's setup choice; changed in place to the discs at the record's end)."""
    supply, asked = None, set()
    for e in events:
        kind, p = e["type"], e.get("player")
        if kind == "merchant_supply":
            chosen = sum(discs.values(), Counter())
            if any(e["supply"][c] != 7 - chosen[c] for c in COLOURS):
                return False
            supply = dict(e["supply"])
        elif kind == "merchant_lifted":
            printed = tile_from_list(e["tile"]).printed
            colour = printed.kind if printed in BUILDING_TILES else None
            if e["resident"] is None:
                if discs[p][colour]:
                    return False
                if not e["final"]:
                    asked.add(p)
            elif e["resident"] != colour or not discs[p][colour]:
                return False
            else:
                discs[p][colour] -= 1
        elif kind == "take_citizen":
            discs[p][e["colour"]] += 1
            supply[e["colour"]] -= 1
        elif kind == "swap_citizen":
            give, take = e["colours"]
            if not discs[p][give]:
                return False
            discs[p][give] -= 1
            discs[p][take] += 1
            supply[give] += 1
            supply[take] -= 1
            asked.discard(p)
        elif kind == "keep_citizens":
            asked.discard(p)
            if not _can_swap(discs[p], supply):
                return False
        elif kind == "place_merchant" and p in asked:
            asked.discard(p)
            if _can_swap(discs[p], supply):
                return False
    return True


def _possible(view):
    """Every tuple of the others' discs (in `_others` order) that some setup choice of
    theirs gives under the view's public record."""
    events = [e for e in view.events if e["type"] in _MERCHANT_EVENTS]
    mine = next(e["colours"] for e in events
                if e["type"] == "set_merchant" and e["player"] == view.player)
    others = _others(view)
    found = set()
    for choice in itertools.product(itertools.combinations(COLOURS, 3), repeat=len(others)):
        discs = {view.player: Counter(mine), **{p: Counter(c) for p, c in zip(others, choice)}}
        if _replays(events, discs):
            found.add(tuple(tuple(sorted(discs[p].elements(), key=COLOURS.index))
                            for p in others))
    return found


# -- games driven to lift the discs ---------------------------------------------------------


def _lifting(rng, game):
    """An action that lifts the decider's disc if one does, else a purchase, else any."""
    legal = game.legal_actions()
    pos = json.loads(game.to_json())["modules_state"]["street_merchant"]["discs"].get(
        game.decision.player, {}).get("pos")
    hits = [a for a in legal if a.kind in ("place", "redesign")
            and getattr(a, "pos", None) is not None and list(a.pos) == pos]
    buys = [a for a in legal if a.kind == "buy"]
    return hits[0] if hits else rng.choice(buys or legal)


def _driven(seed, until):
    """A three-player Street Merchant game played by `_lifting` until `until(event)` holds
    for its last event; the setups are fixed."""
    game, rng = Game(["Ana", "Ben", "Cy"], seed=seed, modules=("street_merchant",)), \
        random.Random(seed)
    setups = {"Ana": ("pavilion", "seraglio", "arcades"), "Ben": ("chambers", "garden", "tower"),
              "Cy": ("pavilion", "chambers", "tower")}
    while game.decision.kind == "merchant" and game.legal_actions()[0].kind == "set_merchant":
        game.apply(next(a for a in game.legal_actions()
                        if a.colours == setups[game.decision.player]))
    while not until(game.events[-1]):
        game.apply(_lifting(rng, game))
    return game


def _samples(view, n):
    return [_discs(determinize(view, seed=s)) for s in range(n)]


def test_a_citizen_taken_in_the_open_stays_and_a_resident_bars_its_colour():
    game = _driven(2, lambda e: e["type"] == "take_citizen" and e["player"] == "Ben")
    lifted = [e for e in game.events if e["type"] == "merchant_lifted"][-1]
    taken, resident = game.events[-1]["colour"], lifted["resident"]
    assert lifted["player"] == "Ben" and resident == "chambers" and taken == "seraglio"
    view = game.view("Ana")
    rests = set()
    for discs in _samples(view, 300):
        rest = Counter(discs["Ben"])
        assert rest[taken] >= 1  # taken in the open: always on the disc
        rest[taken] -= 1
        # The other two are left of the setup's three: distinct, neither the resident's.
        assert sum(rest.values()) == 2 and max(rest.values()) == 1 and not rest[resident]
        rests.add(tuple(sorted(+rest)))
    assert len(rests) > 1 and tuple(sorted(("garden", "tower"))) in rests


def test_a_lift_without_a_resident_bars_the_building_colour_and_a_swap_is_followed():
    game = _driven(4, lambda e: e["type"] == "merchant_lifted" and e["player"] == "Ben")
    colour = tile_from_list(game.events[-1]["tile"]).kind
    assert game.events[-1]["resident"] is None and colour == "arcades"
    assert all(colour not in d["Ben"] for d in _samples(game.view("Ana"), 200))
    game.apply(next(a for a in game.legal_actions() if a.kind == "swap_citizen"
                    and a.colours[0] == "tower"))
    give, take = game.events[-1]["colours"]
    for discs in _samples(game.view("Cy"), 200):
        assert take in discs["Ben"] and give not in discs["Ben"] and colour not in discs["Ben"]


def test_every_arrangement_the_record_allows_comes_up():
    """A small case: the samples' arrangements of the others' discs are exactly those some
    setup choice of theirs gives under the record (each one, and no other)."""
    game = _driven(1, lambda e: e["type"] == "take_citizen" and e["player"] == "Ben")
    view = game.view("Cy")
    possible = _possible(view)
    record = DiscRecord(view.events)
    assert record.known["Ben"] and record.barred["Ben"] and 2 < len(possible) <= 40
    seen = Counter(tuple(d[p] for p in _others(view)) for d in _samples(view, 800))
    assert set(seen) == possible
    assert tuple(_discs(game)[p] for p in _others(view)) in possible  # the truth too


def _merchant_setup(rng, seed):
    """Two to four players; the Street Merchant alone (even seeds) or with other modules
    (all 16 every third seed)."""
    names = [m for m in MODULES if m != "street_merchant"]
    if seed % 2 == 0:
        modules = ("street_merchant",)
    elif seed % 3 == 0:
        modules = tuple(MODULES)
    else:
        modules = ("street_merchant", *rng.sample(names, rng.randint(1, 5)))
    return ["Ana", "Ben", "Cy", "Di"][:2 + seed % 3], modules


@pytest.mark.parametrize("seeds", [range(0, 6), range(6, 12)])
def test_every_sample_fits_the_whole_public_record(seeds):
    checked = with_knowledge = 0
    for game, name in _random_states(seeds, 0.06, _merchant_setup):
        view = game.view(name)
        if not any(e["type"] == "merchant_supply" for e in view.events):
            continue  # the setup: sampled as one of each colour (test_determinize_modules)
        record = DiscRecord(view.events)
        assert vars(record) == vars(DiscRecord(game.events))  # the hidden fields unread
        assert _fits(_discs(game), record, name)  # what the record tells is true
        # The independent reading, where the number of setup choices is small.
        possible = _possible(view) if len(_others(view)) <= 2 else None
        for s in range(3):
            sampled = determinize(view, seed=s)
            assert sampled.view(name) == view
            discs = _discs(sampled)
            assert _fits(discs, record, name)
            assert possible is None or tuple(discs[p] for p in _others(view)) in possible
        with_knowledge += any(record.known[p] or record.barred[p] for p in _others(view))
        checked += 1
    assert checked > 40 and with_knowledge > 20


# -- the record read, event by event ----------------------------------------------------


def _record(*events):
    return DiscRecord([{"type": "set_merchant", "player": "Ben", "colours": [None] * 3,
                        "pos": [-1, 0]},
                       {"type": "merchant_supply", "supply": dict.fromkeys(COLOURS, 5)},
                       *events])


def _lift(kind, resident=None, final=False):
    """Ben's disc lifted by a base building of type `kind` (or by a hut: ``"hut"``)."""
    tile = (["hut", 0, "N", "pavilion"] if kind == "hut"
            else next(t for t in BUILDING_TILES if t.kind == kind).to_list())
    return {"type": "merchant_lifted", "player": "Ben", "tile": tile, "pos": [-1, 0],
            "resident": resident, "final": final}


def _took(colour):
    return {"type": "take_citizen", "player": "Ben", "colour": colour}


def test_a_resident_of_a_citizen_taken_before_tells_nothing_of_the_three():
    record = _record(_lift("tower", "tower"), _took("garden"), _lift("garden", "garden"),
                     _took("tower"))
    assert record.known["Ben"] == ["tower"] and record.left["Ben"] == 2
    assert record.barred_of("Ben") == ["tower"]


def test_a_lift_by_a_tile_that_is_no_building_bars_nothing():
    record = _record(_lift("hut"))
    assert record.barred_of("Ben") == [] and "Ben" in record.asked


def _supply_of(colour, n=2):
    return {"type": "merchant_supply", "supply": {c: n if c == colour else 0 for c in COLOURS}}


def test_no_swap_offered_with_a_supply_of_one_colour_bars_the_others():
    record = _record(_supply_of("tower"), _lift("garden"),
                     {"type": "place_merchant", "player": "Ben", "pos": [0, 1]})
    assert record.barred_of("Ben") == [c for c in COLOURS if c != "tower"]
    assert not record.asked


def test_a_swap_declined_with_a_supply_of_one_colour_bars_it_from_the_last_of_three():
    events = [_lift("seraglio", "seraglio"), _took("garden"), _lift("pavilion", "pavilion"),
              _took("tower"), _lift("garden", "garden"), _took("tower")]
    record = _record(*events, _supply_of("tower"), _lift("arcades"),
                     {"type": "keep_citizens", "player": "Ben"})
    # Left: one of the three and two towers taken; a swap for a tower was offered, so
    # the disc holds another colour: the last of the three is no tower.
    assert record.left["Ben"] == 1 and record.known["Ben"] == ["tower", "tower"]
    assert record.barred_of("Ben") == ["pavilion", "seraglio", "arcades", "tower"]


# -- the dealer of conditioned slots ------------------------------------------------------


def _arrangements(pool, slots):
    """Every fitting arrangement of `pool` into `slots`, by brute force."""
    return {values for values in itertools.permutations(pool, len(slots))
            if sampling._fits(slots, values)}


_POOL = ["a", "a", "b", "c", "d"]
_SLOTS = [slot("x", apart="1"), slot("x", apart="1", barred=["a"]),
          slot("x", apart="2"), slot("x", barred=["d"])]


@pytest.mark.parametrize("deals", [sampling._DEALS, 0])
def test_the_dealer_finds_every_fitting_arrangement(monkeypatch, deals):
    monkeypatch.setattr(sampling, "_DEALS", deals)  # 0: the search alone
    expected = _arrangements(_POOL, _SLOTS)
    rng, seen = random.Random(1), Counter()
    for _ in range(3000):
        pool = list(_POOL)
        rng.shuffle(pool)
        values = sampling._fitting("x", pool, _SLOTS, rng)
        assert Counter(values) + Counter(pool) == Counter(_POOL)  # taken out of the pool
        seen[tuple(values)] += 1
    assert set(seen) == expected and len(expected) > 20
    if deals:  # whole deals: the fitting arrangements about equally likely
        assert max(seen.values()) < 2.5 * min(seen.values())


def test_the_dealer_refuses_conditions_nothing_fits():
    slots = [slot("x", apart="1"), slot("x", apart="1")]
    for pool, bars in ((["a", "a", "a"], []), (["a", "b", "b"], ["b"])):
        with pytest.raises(AlhambraError, match="fits"):
            sampling._fitting("x", pool, slots + [slot("x", barred=bars)], random.Random(0))
    with pytest.raises(AlhambraError, match="more x slots"):
        sampling._fitting("x", ["a"], slots, random.Random(0))
    assert sampling._fitting("x", ["b", "a"], slots, None) == ["a", "b"]  # no rng: in order


def test_no_peeking_at_the_citizens_on_the_others_discs():
    """Two games whose other discs differ only where the record cannot tell (a citizen
    of Ben's setup swapped with one of Cy's) give Ana the same view, public state and
    samples."""
    game = _driven(2, lambda e: e["type"] == "take_citizen" and e["player"] == "Ben")
    state = json.loads(game.to_json())
    discs = state["modules_state"]["street_merchant"]["discs"]
    ben, cy = discs["Ben"]["citizens"], discs["Cy"]["citizens"]
    give, take = "garden", "pavilion"  # on Ben's disc since setup / on Cy's, not Ben's
    assert give in ben and give not in cy and take in cy and take not in ben
    ben[ben.index(give)], cy[cy.index(take)] = take, give
    for disc in (ben, cy):
        disc.sort(key=COLOURS.index)
    for e in state["events"]:  # the setups, as the twin's players chose them
        if e["type"] == "set_merchant" and e["player"] in ("Ben", "Cy"):
            swap = {"Ben": {give: take}, "Cy": {take: give}}[e["player"]]
            e["colours"] = sorted((swap.get(c, c) for c in e["colours"]), key=COLOURS.index)
    twin = Game.from_json(json.dumps(state))
    assert _discs(twin) != _discs(game)
    view, twin_view = game.view("Ana"), twin.view("Ana")
    assert twin_view == view and twin.view("Ben") != game.view("Ben")
    assert twin_view.public == view.public
    assert determinize(twin_view, seed=4).to_json() == determinize(view, seed=4).to_json()
