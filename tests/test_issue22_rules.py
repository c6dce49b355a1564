"""Issue 22, the rules: what an independent model of the modules found the engine got
wrong. Each test is named after the item it checks and fails on the code before the fix."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from _game_helpers import cards, real_tile, set_hand, set_market, state

from alhambra_lib import Game
from alhambra_lib.actions import Buy, Take
from alhambra_lib.bots import GreedyBot, RandomBot, play
from alhambra_lib.components import KINDS, ExchangeCard, GateCard, Tile, tile_set
from alhambra_lib.engine.decisions import Decision
from alhambra_lib.engine.narration import describe_event
from alhambra_lib.errors import IllegalAction
from alhambra_lib.modules.characters import ChooseWiseMan, default_wise_man, wise_man_choice
from alhambra_lib.modules.gates import Gates, gated_redesigns
from alhambra_lib.modules.vizier import VizierBuy
from alhambra_lib.replay import replay
from alhambra_lib.engine.context import module_context

DATA = Path(__file__).parent / "data"
DENAR_FLORIN = ExchangeCard(("denar", "florin"))


# -- 1. A sleeping vizier buys again --------------------------------------------------------


def test_rule1_a_sleeping_vizier_may_not_buy_in_the_window():
    """Ana used her vizier and is asked again in the same window (she holds thieves): a
    hand-made vizier purchase is refused, as `legal_actions` says (MEGABOX.md 0.6)."""
    game = Game(["Ana", "Ben", "Cy"], seed=8, modules=("vizier", "thieves"))
    for i in (1, 0, 1):
        game.apply(game.legal_actions()[i])
    assert game.decision == Decision("window", "Ana")
    assert not module_context(game).slice("vizier")["awake"]["Ana"]
    buy = VizierBuy(4, game.market[3][1], cards("4 florin"))
    assert buy not in game.legal_actions()
    before = game.to_json()
    with pytest.raises(IllegalAction, match="asleep"):
        game.apply(buy)
    assert game.to_json() == before


# -- 2. Redesigns never offer a gate ----------------------------------------------------------


def test_rule2_a_master_builders_redesign_offers_placements_through_a_gate():
    """Seed 35, two players, gates and master builders: Ana's master builder redesign lists
    every placement through a gate that `apply` accepts (MEGABOX.md 0.6)."""
    game = Game.from_json((DATA / "issue22_master_builder_gate.json").read_text())
    assert game.decision == Decision("master_builder", "Ana")
    gated = gated_redesigns(game, "Ana")
    assert gated and set(gated) <= set(game.legal_actions())
    game.apply(gated[0])
    redesign = next(e for e in reversed(game.events) if e["type"] == "redesign")
    assert redesign["player"] == "Ana" and redesign["gate"] == gated[0].gate


def test_rule2_a_characters_extra_redesign_offers_gates_too():
    """A character's extra redesign is a ``master_builder`` decision: the gates offer theirs
    there whichever module pushed it."""
    game = Game.from_json((DATA / "issue22_master_builder_gate.json").read_text())
    offered = Gates().options(module_context(game), Decision("master_builder", "Ana"))
    assert offered == gated_redesigns(game, "Ana") != []


# -- 3. Padded payments go through -----------------------------------------------------------


def _exchange_game(hand):
    game = Game(["Ana", "Ben", "Cy"], seed=0, modules=("exchange",))
    game = set_market(game, [real_tile("tower", 10), None, None, None])
    return set_hand(game, game.current_player, hand)


def test_rule3_an_exchange_card_that_could_be_left_out_is_refused():
    """5 + 4 + 3 denar pay a 10 on the denar square: the exchange card is padding."""
    game = _exchange_game([*cards("5 denar", "4 denar", "3 denar"), DENAR_FLORIN])
    tile = game.market[0][1]
    padded = Buy(1, tile, (*cards("5 denar", "4 denar", "3 denar"), DENAR_FLORIN))
    before = game.to_json()
    with pytest.raises(IllegalAction, match="could be left out"):
        game.apply(padded)
    assert game.to_json() == before
    game.apply(Buy(1, tile, cards("5 denar", "4 denar", "3 denar")))  # the same, unpadded


def test_rule3_a_gate_card_is_never_money():
    """A buy padded with an exchange card and a gate card is refused; the gate card stays."""
    game = Game(["Ana", "Ben", "Cy"], seed=0, modules=("exchange", "gates"))
    game = set_market(game, [real_tile("tower", 10), None, None, None])
    data = state(game)
    pile = data["draw_pile"]
    pile.remove(["gate"])
    buyer = game.current_player
    data["hands"][buyer].append(["gate"])
    game = Game.from_json(json.dumps(data))
    game = set_hand(game, buyer, [*cards("5 denar", "5 florin"), DENAR_FLORIN, GateCard()])
    tile = game.market[0][1]
    with pytest.raises(IllegalAction, match="gate card is no money"):
        game.apply(Buy(1, tile, (*cards("5 denar", "5 florin"), DENAR_FLORIN, GateCard())))
    assert GateCard() in game.hand(buyer)
    game.apply(Buy(1, tile, (*cards("5 denar", "5 florin"), DENAR_FLORIN)))
    assert GateCard() in game.hand(buyer)


# -- 4. The Thieves' setup event is rewritten by later play -----------------------------------


def test_rule4_the_thieves_setup_event_keeps_the_hands_dealt():
    """A theft changes the live hands, never the setup event: a copy has the same events."""
    game = Game(["Ana", "Ben", "Cy"], seed=8, modules=("vizier", "thieves"))
    dealt = json.loads(json.dumps(next(e for e in game.events if e["type"] == "thieves")))
    for i in (1, 0, 1, 0):  # Ana's vizier, then her theft
        game.apply(game.legal_actions()[i])
    assert any(e["type"] == "steal" for e in game.events)
    assert next(e for e in game.events if e["type"] == "thieves") == dealt
    assert Game.from_json(game.to_json()).events == game.events


# -- 6. Printed tiles seen -----------------------------------------------------------------


def test_rule6_the_printed_camp_bazaar_and_hut_are_fact_the_rest_provisional():
    """One row each is printed fact (MEGABOX.md 0.6), no longer provisional; the sets stay
    provisional, so a game still warns, and keep their sizes."""
    expected = {"camps": (Tile("camp", 8, "NE"),),
                "bazaars": (Tile("bazaar", 0, "", ("dirham", "seraglio", "arcades", "garden")),),
                "huts": (Tile("hut", 0, "N", ("pavilion",)),)}
    for name, printed in expected.items():
        tiles = tile_set(name)
        assert tiles.printed == printed, name
        assert tiles.provisional and printed[0] in tiles.tiles
    assert [len(tile_set(n).tiles) for n in expected] == [8, 8, 24]
    kinds = Counter(k for t in tile_set("bazaars").tiles for k in t.marks[1:])
    assert set(kinds.values()) == {4}  # the natural set keeps each type on 4 bazaars


# -- 5. The Wise Man's type is the owner's choice -------------------------------------------


def _wise_man_game(seed=5):
    """A three-player game with characters played by GreedyBots until the Wise Man's owner
    is asked for its type."""
    game = Game(["Ana", "Ben", "Cy"], seed=seed, modules=("characters", "thieves", "vizier"))
    bot = GreedyBot()
    while game.decision.kind != "wise_man":
        game.apply(bot.choose(game.view(game.current_player), game.legal_actions()))
    return game


def test_rule5_the_wise_mans_type_is_a_decision_of_its_owner_before_the_scoring():
    """A ``wise_man`` decision for the owner, one action per building type in table
    order, pushed just before the scoring; the scoring event keeps the chosen type."""
    game = _wise_man_game()
    owner, round_no = game.decision.player, game.decision.data["round"]
    assert "wise_man" in module_context(game).slice("characters")["owned"][owner]
    assert round_no not in game.rounds_scored
    assert game.legal_actions() == [ChooseWiseMan(k) for k in KINDS]
    assert Game.from_json(game.to_json()).to_json() == game.to_json()  # saves keep it
    scorings = len([e for e in game.events if e["type"] == "scoring"])
    choice = next(k for k in KINDS if k != default_wise_man(game))  # not the bots' choice
    game.apply(ChooseWiseMan(choice))
    chosen, scoring = [e for e in game.events if e["type"] in ("wise_man", "scoring")][-2:]
    assert chosen == {"type": "wise_man", "player": owner, "colour": choice, "round": round_no}
    assert scoring["round"] == round_no and scoring["wise_man"] == {"player": owner,
                                                                    "type": choice}
    assert scoring["counts"][owner][choice] % 1 == 0.5
    assert len([e for e in game.events if e["type"] == "scoring"]) == scorings + 1
    assert f"half counts as {choice}" in describe_event(chosen)


def test_rule5_only_the_owner_chooses_and_only_a_type():
    game = _wise_man_game()
    before = game.to_json()
    with pytest.raises(IllegalAction):
        game.apply(Take(game.display[:1]))
    with pytest.raises(ValueError):
        ChooseWiseMan("dragon")
    assert game.to_json() == before


def test_rule5_bots_choose_the_most_points_then_the_rival_fewest_then_table_order():
    """MEGABOX.md 0.6: the owner's points first, then the best rival's, then table order."""
    none = dict.fromkeys(KINDS, 0)
    # Round 1 pays first places only. A half alone pays its type's points: the tower's 6.
    assert wise_man_choice({"Ana": dict(none), "Ben": dict(none)}, "Ana", 1,
                           {"Ana": 0, "Ben": 0}) == "tower"
    # Ana and Cy tie in tower (3 each): the half gives Ana 6 (+3) and Cy 0 (-3). Arcades,
    # nobody's, alone give Ana +3 too and cost nobody; Ben blocks chambers and garden.
    counts = {"Ana": {**none, "tower": 1}, "Ben": {**none, "chambers": 2, "garden": 2},
              "Cy": {**none, "tower": 1}}
    assert wise_man_choice(counts, "Ana", 1, {"Ana": 0, "Ben": 5, "Cy": 20}) == "tower"
    # Ben leading instead: neither costs him anything, so table order: arcades first.
    assert wise_man_choice(counts, "Ana", 1, {"Ana": 0, "Ben": 30, "Cy": 20}) == "arcades"
    # Nothing to gain and nobody to hurt: the first type of the table.
    full = {k: 3 for k in KINDS}
    assert wise_man_choice({"Ana": dict(none), "Ben": full, "Cy": full}, "Ana", 1,
                           {"Ana": 0, "Ben": 0, "Cy": 0}) == "pavilion"


def test_rule5_a_bot_game_with_characters_plays_to_its_end_with_every_choice_made():
    game = _wise_man_game()
    play(game, [GreedyBot(), RandomBot(1), GreedyBot()])
    chosen = [e for e in game.events if e["type"] == "wise_man"]
    scored = [e for e in game.events if e["type"] == "scoring" and "wise_man" in e]
    assert game.is_over and chosen and len(chosen) == len(scored)
    assert [e["colour"] for e in chosen] == [e["wise_man"]["type"] for e in scored]
    assert replay(Game(["Ana", "Ben", "Cy"], seed=5, modules=("characters", "thieves",
                                                             "vizier")),
                  game.events).to_json() == game.to_json()


@pytest.mark.parametrize("save, step, round_no", [("window", "vizier_window", 1),
                                                  ("final", "final_scoring", 3)])
def test_rule5_the_choice_comes_before_a_scoring_after_a_theft_and_the_final_one(save, step,
                                                                                 round_no):
    """A scoring card drawn by the refill after a theft (§M10) and the final scoring ask
    the owner too; the saved decision names the round, and the game goes on after it."""
    text = (DATA / f"issue22_wise_man_{save}.json").read_text()
    game = Game.from_json(text)
    assert game.decision.kind == "wise_man" and game.decision.data["round"] == round_no
    assert json.loads(text)["script"][0] == step and round_no not in game.rounds_scored
    game.apply(ChooseWiseMan("garden"))
    scoring = next(e for e in reversed(game.events) if e["type"] == "scoring")
    assert scoring["round"] == round_no and scoring["wise_man"]["type"] == "garden"
    assert game.is_over == (round_no == 3)
    play(game, [RandomBot(1), RandomBot(2), RandomBot(3)])
    assert game.is_over and game.winners


def test_rule5_the_game_table_lists_the_types_and_takes_the_choice():
    """The table's generic list of moves offers the six types in table order."""
    from alhambra_lib.widgets import GameTable

    game = _wise_man_game()
    owner = game.decision.player
    table = GameTable(game, bots={p: GreedyBot() for p in game.players if p != owner},
                      you=owner)
    choice = ChooseWiseMan(KINDS[2])
    path = table.click_path(choice)
    assert len(path) == 1 and path[0][0] == "choice"  # one of the six types offered
    assert len(table.offered) == len(KINDS)
    for kind, key in path:
        getattr(table, "click_" + kind)(key)
    chosen = [e for e in table.game.events if e["type"] == "wise_man"][-1]
    assert chosen["player"] == owner and chosen["colour"] == KINDS[2]
