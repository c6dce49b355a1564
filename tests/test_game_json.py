"""Saving and restoring: deterministic to_json, exact from_json, refusal of corrupted states."""

import json
import random

import pytest
from _game_helpers import reload

from alhambra_lib import Game, InvalidSave


def play_until(game, phase, rng, limit=3000):
    """Random legal actions until the game reaches `phase` (or is over)."""
    for _ in range(limit):
        if game.phase == phase or game.is_over:
            return game
        game.apply(rng.choice(game.legal_actions()))
    raise AssertionError(f"{phase} not reached")


@pytest.fixture(scope="module")
def saved():
    g = Game(["Ana", "Ben"], seed=11)
    rng = random.Random(1)
    for _ in range(60):
        g.apply(rng.choice(g.legal_actions()))
    return g.to_json()


def test_to_json_is_canonical_compact_and_sorted(saved):
    data = json.loads(saved)
    assert json.dumps(data, sort_keys=True, separators=(",", ":")) == saved
    assert data["format"] == "alhambra_lib.game" and data["version"] == 2
    for cells in data["alhambras"].values():
        assert cells == sorted(cells) and [0, 0, "fountain", 0, ""] in cells
        for *_, walls in cells:
            assert walls == "".join(s for s in "NESW" if s in walls)


@pytest.mark.parametrize("phase", ["action", "place", "final_place", "over"])
def test_round_trip_in_every_phase(phase):
    for seed in range(30):
        g = play_until(Game(["Ana", "Ben", "Cy"], seed=seed), phase, random.Random(seed))
        if g.phase == phase:
            break
    assert g.phase == phase
    restored = reload(g)
    assert restored.legal_actions() == g.legal_actions()
    assert restored.events == g.events and restored.scores == g.scores


def test_restored_game_continues_exactly(saved):
    a, b = Game.from_json(saved), Game.from_json(saved)
    rng_a, rng_b = random.Random(3), random.Random(3)
    while not a.is_over:
        a.apply(rng_a.choice(a.legal_actions()))
        b.apply(rng_b.choice(b.legal_actions()))
    assert a.to_json() == b.to_json()


def corrupt(saved, change):
    data = json.loads(saved)
    change(data)
    return json.dumps(data)


CORRUPTIONS = {
    "lost card": (lambda d: d["hands"]["Ana"].pop(), "cards are not the 74 of the game"),
    "extra card": (lambda d: d["discard"].append(["ducat", 9]), "extra"),
    "card of three players": (lambda d: d["discard"].extend([["denar", 1]]), "cards are not"),
    "unknown tile": (lambda d: d["reserves"]["Ana"].append(["garden", 99, ""]),
                     "extra or unknown"),
    "code as a tile kind": (lambda d: d["bag"].append(["__import__('os').system('ls')", 1, ""]),
                            "unknown tile kind"),
    "lost tile": (lambda d: d["bag"].pop(), "tiles are not the 54"),
    "bad walls": (lambda d: d["bag"].__setitem__(0, [*d["bag"][0][:2], "NX"]),
                  "unknown wall side"),
    "floating tile": (lambda d: d["alhambras"]["Ana"].append([7, 7, *d["bag"].pop()]),
                      "Ana's Alhambra\\): illegal"),
    "no fountain": (lambda d: d["alhambras"]["Ben"].remove([0, 0, "fountain", 0, ""]),
                    "fountain"),
    "unknown decision": (lambda d: d["decisions"][0].__setitem__("kind", "siesta"),
                         "a known kind"),
    "over without the final scoring": (lambda d: d.__setitem__("decisions", []),
                                       "rounds scored"),
    "placing nothing": (lambda d: d.update(decisions=[{"kind": "place",
                                                       "player": d["turn_player"],
                                                       "give": True}],
                                           script=["place_bought", "refill_display",
                                                   "refill_market", "hold_scorings",
                                                   "finish_turn"]),
                        "with 0 tiles to place"),
    "unknown step": (lambda d: d.__setitem__("script", ["siesta"]), "unknown turn-end step"),
    "scores": (lambda d: d["scores"].__setitem__("Ana", 99), "sum of the scoring events"),
    "scores without Dirk": (lambda d: d["scores"].pop("Dirk"), "one entry per competitor"),
    "rng": (lambda d: d.__setitem__("rng", [3, [2 ** 40] * 625, None]), "rng state refused"),
    "rng shape": (lambda d: d.__setitem__("rng", "seed 7"), "rng should be"),
    "scoring card twice": (lambda d: d["draw_pile"].append(["scoring", 1]), "cards are not"),
    "missing key": (lambda d: d.pop("bag"), "missing \\['bag'\\]"),
    "extra key": (lambda d: d.__setitem__("code", "print(1)"), "unknown \\['code'\\]"),
    "other format": (lambda d: d.__setitem__("version", 99), "reads 1 and 2"),
    "Dirk as a player": (lambda d: d.__setitem__("players", ["Ana", "Dirk"]), "Dirk"),
    "unknown player": (lambda d: d["hands"].__setitem__("Zed", d["hands"].pop("Ana")),
                       "one entry per player"),
    "display of five": (lambda d: d["display"].extend(
        d["draw_pile"].pop(0) for _ in range(5 - len(d["display"]))), "at most 4 cards"),
    "bad option": (lambda d: d["options"].__setitem__("hole_rule", "none"), "hole_rule"),
    "to act unknown": (lambda d: d["decisions"][0].__setitem__("player", "Zed"),
                       "known kind and player"),
    "turn of nobody": (lambda d: d.__setitem__("turn_player", "Zed"), "not a player"),
    "card as a string": (lambda d: d["discard"].append("5 ducat"), "money card is written"),
    "events": (lambda d: d["events"].append("boom"), "known 'type'"),
    "continue without a purchase": (lambda d: d.__setitem__("may_continue", True),
                                    "exact payment"),
    "turn zero": (lambda d: d.__setitem__("turn", 0), "turn should be 1 or more"),
}


@pytest.mark.parametrize("name", sorted(CORRUPTIONS))
def test_from_json_refuses_corrupted_states(saved, name):
    change, message = CORRUPTIONS[name]
    with pytest.raises(InvalidSave, match=message):
        Game.from_json(corrupt(saved, change))


@pytest.mark.parametrize("text", ["", "not json", "[1, 2]", "null", "{}"])
def test_from_json_refuses_non_games(text):
    with pytest.raises(InvalidSave, match="invalid saved game"):
        Game.from_json(text)


def _key_orders(value, path=""):
    """``{path: keys in order}`` of every dict inside `value` (lists and tuples walked)."""
    orders = {}
    if isinstance(value, dict):
        orders[path] = list(map(str, value))
        items = value.items()
    elif isinstance(value, (list, tuple)):
        items = enumerate(value)
    else:
        return orders
    for key, item in items:
        orders.update(_key_orders(item, f"{path}/{key}"))
    return orders


def _module_dicts(game):
    """The key orders of the modules' slices and of what each player reads of them."""
    return _key_orders({"slices": game._slices,
                        "views": {p: dict(game.view(p).modules) for p in game.players}})


def test_a_new_module_slice_has_its_fields_in_their_declared_order():
    """A loaded slice's fields are read in their declared order (`slices.decode_slice`):
    a new slice has them in that order too."""
    from typing import get_type_hints

    from alhambra_lib import MODULES
    from alhambra_lib.engine.config import GameConfig

    config = GameConfig.make(["Ana", "Ben", "Cy"], modules=tuple(MODULES))
    for name, module in MODULES.items():
        declared = list(get_type_hints(module.slice_type)) if module.slice_type else []
        assert list(module().new_slice(config) or {}) == declared, name


def test_a_loaded_games_module_dicts_keep_the_rulebooks_order():
    """Issue 34: a save sorts its keys; a loaded game's module dicts are read back in the
    rulebook's order (types, colours, seats, a slice's fields as declared), so a player
    reads them in the same order as in the game saved, and as the game plays on."""
    from alhambra_lib import MODULES

    for seed in range(3):
        rng = random.Random(seed)
        game = Game(["Ana", "Ben", "Cy", "Dee"][:2 + seed], seed=seed, modules=tuple(MODULES))
        for _ in range(rng.randrange(150, 400)):
            game.apply(rng.choice(game.legal_actions()))
        loaded = Game.from_json(game.to_json())
        assert _module_dicts(loaded) == _module_dicts(game)
        for _ in range(150):  # both play on alike, in the same order
            if game.is_over:
                break
            action = rng.choice(game.legal_actions())
            game.apply(action)
            loaded.apply(action)
        assert _module_dicts(loaded) == _module_dicts(game)
