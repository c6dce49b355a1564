"""Write the game records that the compiled core replays in `cargo test`, with no Python.

Each record is a seeded game played at random on the Python engine (the reference):
its players, seed and end trigger (or the save it starts from), its actions as
`Action.to_dict()` writes them, and FNV-1a hashes of the engine's save every 25 actions
and at the end (the saves themselves would be megabytes). `core/tests/records.rs` plays
the same actions in the core and checks each save's hash. Run it again after a rule
changes in the Python engine::

    python tools/write_core_records.py
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from alhambra_lib import Game  # noqa: E402

OUT = ROOT / "core" / "tests" / "data" / "records"
NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve", "Fay")
#: (file, players, seed, end trigger, actions before the record starts from a save,
#: modules); `OPTIONS` gives a record's module options set
RECORDS = (
    ("base_3p", 3, 1, "market_short", 0, ()),
    ("dirk_2p", 2, 2, "market_short", 0, ()),
    ("bag_empty_4p", 4, 3, "bag_empty", 0, ()),
    ("base_5p", 5, 4, "market_short", 0, ()),
    ("base_6p", 6, 5, "market_short", 0, ()),
    ("from_save_3p", 3, 6, "market_short", 101, ()),
    ("names_dirk_2p", 2, 7, "bag_empty", 0, ()),
    ("exchange_4p", 4, 8, "market_short", 0, ("exchange",)),
    ("exchange_dirk_2p", 2, 9, "market_short", 0, ("exchange",)),
    ("diamonds_3p", 3, 10, "market_short", 0, ("diamonds",)),
    ("exchange_diamonds_5p", 5, 11, "bag_empty", 0, ("exchange", "diamonds")),
    ("bonus_cards_4p", 4, 12, "market_short", 0, ("bonus_cards",)),
    ("three_modules_dirk_2p", 2, 13, "market_short", 0, ("exchange", "bonus_cards", "diamonds")),
    ("change_3p", 3, 14, "market_short", 0, ("change",)),
    ("four_modules_6p", 6, 15, "bag_empty", 0, ("exchange", "bonus_cards", "diamonds", "change")),
    ("squares_4p", 4, 16, "market_short", 0, ("squares",)),
    ("squares_from_save_dirk_2p", 2, 17, "market_short", 120, ("squares", "bonus_cards")),
    ("five_modules_3p", 3, 18, "bag_empty", 0,
     ("exchange", "bonus_cards", "squares", "diamonds", "change")),
    ("vizier_4p", 4, 19, "market_short", 0, ("vizier",)),
    ("thieves_dirk_2p", 2, 20, "market_short", 0, ("thieves",)),
    ("vizier_thieves_from_save_5p", 5, 21, "bag_empty", 90, ("vizier", "thieves")),
    ("thieves_not_by_finisher_3p", 3, 22, "market_short", 0, ("thieves", "exchange")),
    ("seven_modules_6p", 6, 23, "market_short", 0,
     ("vizier", "exchange", "bonus_cards", "squares", "diamonds", "thieves", "change")),
    ("gates_4p", 4, 24, "market_short", 0, ("gates",)),
    ("gates_all_six_dirk_2p", 2, 25, "bag_empty", 0, ("gates", "exchange")),
    ("gates_from_save_3p", 3, 26, "market_short", 150, ("gates", "squares")),
    ("eight_modules_5p", 5, 27, "market_short", 0,
     ("vizier", "exchange", "bonus_cards", "squares", "gates", "diamonds", "thieves",
      "change")),
    ("camps_3p", 3, 28, "market_short", 0, ("camps",)),
    ("camps_gates_dirk_2p", 2, 29, "bag_empty", 0, ("camps", "gates", "squares")),
    ("camps_from_save_4p", 4, 30, "market_short", 160, ("camps",)),
    ("nine_modules_6p", 6, 31, "bag_empty", 0,
     ("vizier", "exchange", "bonus_cards", "squares", "gates", "diamonds", "camps", "thieves",
      "change")),
    ("master_builders_3p", 3, 32, "market_short", 0, ("master_builders",)),
    ("master_builders_six_6p", 6, 33, "market_short", 0, ("master_builders", "gates")),
    ("master_builders_from_save_dirk_2p", 2, 34, "bag_empty", 100,
     ("master_builders", "thieves", "exchange")),
    ("ten_modules_4p", 4, 35, "market_short", 0,
     ("vizier", "exchange", "bonus_cards", "squares", "gates", "diamonds", "camps", "thieves",
      "change", "master_builders")),
    ("invaders_3p", 3, 36, "market_short", 0, ("invaders",)),
    ("invaders_vizier_from_save_dirk_2p", 2, 37, "bag_empty", 80, ("invaders", "vizier")),
    ("eleven_modules_5p", 5, 38, "market_short", 0,
     ("vizier", "exchange", "bonus_cards", "squares", "gates", "diamonds", "camps", "thieves",
      "change", "master_builders", "invaders")),
    ("bazaars_4p", 4, 39, "market_short", 0, ("bazaars",)),
    ("bazaars_distributed_dirk_2p", 2, 40, "bag_empty", 0,
     ("bazaars", "exchange", "master_builders", "change")),
    ("bazaars_from_save_3p", 3, 41, "market_short", 130, ("bazaars", "exchange", "camps")),
    ("twelve_modules_6p", 6, 42, "market_short", 0,
     ("vizier", "exchange", "bonus_cards", "squares", "gates", "diamonds", "camps", "thieves",
      "change", "master_builders", "invaders", "bazaars")),
    ("city_walls_3p", 3, 43, "market_short", 0, ("city_walls",)),
    ("city_walls_piles_2_to_4_dirk_2p", 2, 44, "bag_empty", 0,
     ("city_walls", "gates", "squares")),
    ("city_walls_from_save_5p", 5, 45, "market_short", 150, ("city_walls", "camps", "bazaars")),
    ("thirteen_modules_4p", 4, 46, "market_short", 0,
     ("vizier", "exchange", "bonus_cards", "squares", "gates", "diamonds", "camps", "city_walls",
      "thieves", "change", "master_builders", "invaders", "bazaars")),
    ("characters_3p", 3, 47, "market_short", 0, ("characters",)),
    ("characters_experimental_dirk_2p", 2, 48, "bag_empty", 0,
     ("characters", "master_builders", "thieves", "diamonds", "change")),
    ("characters_from_save_5p", 5, 49, "market_short", 140, ("characters", "vizier", "gates")),
    ("fourteen_modules_6p", 6, 50, "market_short", 0,
     ("vizier", "exchange", "bonus_cards", "squares", "gates", "diamonds", "characters",
      "camps", "city_walls", "thieves", "change", "master_builders", "invaders", "bazaars")),
    ("street_merchant_3p", 3, 60, "market_short", 0, ("street_merchant",)),
    ("street_merchant_final_only_dirk_2p", 2, 61, "bag_empty", 0,
     ("street_merchant", "vizier", "master_builders", "gates")),
    ("street_merchant_from_save_4p", 4, 62, "market_short", 140,
     ("street_merchant", "city_walls", "thieves", "squares")),
    ("fourteen_modules_5p", 5, 63, "market_short", 0,
     ("vizier", "exchange", "bonus_cards", "squares", "gates", "diamonds", "camps", "city_walls",
      "thieves", "change", "street_merchant", "master_builders", "invaders", "bazaars")),
    ("treasure_3p", 3, 47, "market_short", 0, ("treasure",)),
    ("treasure_dirk_2p", 2, 48, "bag_empty", 0,
     ("treasure", "exchange", "diamonds", "change", "master_builders")),
    ("treasure_from_save_5p", 5, 49, "market_short", 140, ("treasure", "city_walls", "bazaars")),
    ("fourteen_with_treasure_6p", 6, 50, "market_short", 0,
     ("vizier", "exchange", "bonus_cards", "squares", "gates", "diamonds", "camps", "city_walls",
      "thieves", "change", "treasure", "master_builders", "invaders", "bazaars")),
    ("sixteen_modules_6p", 6, 64, "market_short", 0,
     ("vizier", "exchange", "bonus_cards", "squares", "gates", "diamonds", "characters",
      "camps", "city_walls", "thieves", "change", "street_merchant", "treasure",
      "master_builders", "invaders", "bazaars")),
    ("sixteen_modules_dirk_2p", 2, 65, "bag_empty", 0,
     ("vizier", "exchange", "bonus_cards", "squares", "gates", "diamonds", "characters",
      "camps", "city_walls", "thieves", "change", "street_merchant", "treasure",
      "master_builders", "invaders", "bazaars")),
)
#: The module options set in a record, by file.
OPTIONS = {"thieves_not_by_finisher_3p": ("thief_not_by_finisher",),
           "gates_all_six_dirk_2p": ("gates_all_six",),
           "bazaars_distributed_dirk_2p": ("bazaars_distributed",),
           "twelve_modules_6p": ("bazaars_distributed",),
           "city_walls_piles_2_to_4_dirk_2p": ("walls_piles_2_to_4",),
           "thirteen_modules_4p": ("walls_piles_2_to_4", "gates_all_six"),
           "characters_experimental_dirk_2p": ("experimental",),
           "fourteen_modules_6p": ("experimental", "bazaars_distributed"),
           "street_merchant_final_only_dirk_2p": ("merchant_final_only",),
           "fourteen_modules_5p": ("merchant_final_only", "bazaars_distributed"),
           "fourteen_with_treasure_6p": ("bazaars_distributed", "thief_not_by_finisher"),
           "sixteen_modules_6p": ("experimental", "merchant_final_only", "gates_all_six",
                                  "walls_piles_2_to_4"),
           "sixteen_modules_dirk_2p": ("bazaars_distributed", "thief_not_by_finisher")}
#: A record with names that sort otherwise than their seats and need escaping in JSON.
ODD_NAMES = {"names_dirk_2p": ("Zoë", "Ægir \"the\" Ånd")}


def fnv64(text: str) -> str:
    """FNV-1a, 64 bits, of the UTF-8 bytes of `text`, as 16 hex digits."""
    value = 0xCBF29CE484222325
    for byte in text.encode():
        value = ((value ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{value:016x}"


def record(players: int, seed: int, trigger: str, skip: int, names: tuple[str, ...],
           modules: tuple[str, ...] = (), options: tuple[str, ...] = ()) -> dict:
    game = Game(names[:players], seed=seed, end_trigger=trigger, modules=modules,
                **dict.fromkeys(options, True))
    choose = random.Random(seed).choice
    for _ in range(skip):
        game.apply(choose(game.legal_actions()))
    start = game.to_json() if skip else None
    actions, hashes = [], {}
    while not game.is_over:
        action = choose(game.legal_actions())
        game.apply(action)
        actions.append(action.to_dict())
        if len(actions) % 25 == 0:
            hashes[str(len(actions))] = fnv64(game.to_json())
    return {"players": list(names[:players]), "seed": seed, "end_trigger": trigger,
            "modules": list(modules), "options": list(options), "start": start, "actions": actions, "hashes": hashes,
            "final": fnv64(game.to_json()), "scores": game.scores}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, players, seed, trigger, skip, modules in RECORDS:
        data = record(players, seed, trigger, skip, ODD_NAMES.get(name, NAMES), modules,
                      OPTIONS.get(name, ()))
        (OUT / f"{name}.json").write_text(json.dumps(data, separators=(",", ":")) + "\n")
        print(f"{name}: {len(data['actions'])} actions")


if __name__ == "__main__":
    main()
