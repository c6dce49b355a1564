"""Characters (Mega Box M7, RULES.md §M7): the cards in the piles, the auction of a
character drawn during a refill, the Wise Man's half building, the City Watch, and the
provisional cards of ``experimental=True``.

Situations are arranged through the saved state (`tests/_game_helpers.py`); owned
characters through ``modules_state.characters``.
"""

import contextlib
import json
import random
import warnings

import pytest
from _game_helpers import (
    GARDEN_11,
    PAV_8,
    SER_9,
    TOWER_12,
    build,
    card,
    cards,
    do,
    open_tile,
    real_tile,
    restore,
    set_display,
    set_hand,
    set_market,
    stack_draw,
    state,
)
from test_mod_thieves import set_thieves

from alhambra_lib import Game, ScoringCard
from alhambra_lib.actions import Decline, action_from_dict
from alhambra_lib.bots import GreedyBot, RandomBot, StrategicBot, play
from alhambra_lib.components import KINDS, CharacterCard, ExchangeCard, ProvisionalDataWarning
from alhambra_lib.engine.narration import describe_event
from alhambra_lib.errors import IllegalAction, InvalidSave
from alhambra_lib.modules import characters
from alhambra_lib.modules.characters import (
    Bid,
    ChooseWiseMan,
    SwapCard,
    default_wise_man,
    playable_characters,
)

THREE = ["Ana", "Ben", "Cy"]
WISE, WATCH = CharacterCard("wise_man"), CharacterCard("city_watch")


def give(game, player, character):
    """`player` owns `character` (taken out of the draw pile)."""
    data = state(game)
    data["draw_pile"].remove(character.to_list())
    data["modules_state"]["characters"]["owned"][player].append(character.id)
    return restore(game, data)


def ana_starts(names, modules, **options):
    """A new game where Ana takes the first turn (the first such seed from 26)."""
    games = (Game(names, seed=seed, modules=modules, **options) for seed in range(26, 99))
    return next(g for g in games if g.current_player == "Ana")


def arranged(hands=None, names=THREE, on_top=(WISE,), **options):
    """Ana to act; market 8-pavilion, 9-seraglio, 11-garden, 12-tower; display 9 ducat,
    3 florin, 2 denar, 1 dirham; the draw pile starts with `on_top`, then 5 ducat, 6 florin."""
    game = ana_starts(names, ("characters",), **options)
    game = set_market(game, [PAV_8, SER_9, GARDEN_11, TOWER_12])
    game = set_display(game, cards("9 ducat", "3 florin", "2 denar", "1 dirham"))
    for player in names:  # every hand known: nobody else can bid
        game = set_hand(game, player, cards(*(hands or {}).get(player, ())))
    return stack_draw(game, (*on_top, *cards("5 ducat", "6 florin")))


def owned(game, player):
    return game.view(player).modules["characters"]["owned"][player]


# -- the cards -----------------------------------------------------------------------------


def test_only_confirmed_cards_are_played_without_experimental():
    """Decision: never invent an effect: min(6, known) cards, the two known ones."""
    game = Game(THREE, seed=2, modules=("characters",))
    pile = state(game)["draw_pile"]
    assert sorted(c[1] for c in pile if c[0] == "character") == ["city_watch", "wise_man"]
    assert game.census()["character"] == 10
    assert game.view("Ana").modules["characters"]["box"] == 8


def test_experimental_adds_the_hinted_cards_flagged_provisional(monkeypatch):
    monkeypatch.setattr(characters, "_WARNED", [])  # warned once per process
    with pytest.warns(ProvisionalDataWarning, match="provisional"):
        game = Game(THREE, seed=2, modules=("characters",), experimental=True)
    pile = [c[1] for c in state(game)["draw_pile"] if c[0] == "character"]
    assert sorted(pile) == sorted(playable_characters(True))
    assert all(CharacterCard(i).provisional for i in pile if i not in ("wise_man", "city_watch"))
    assert game.census()["character"] == 10


def test_cards_spread_over_piles_2_to_4():
    """Decision: as evenly as possible over piles 2, 3, 4, the earlier piles first."""
    from alhambra_lib.engine.config import GameConfig
    from alhambra_lib.modules.characters import Characters

    config = GameConfig.make(THREE, modules=("characters",))
    assert {p: len(c) for p, c in Characters().pile_inserts(config).items()} == {2: 1, 3: 1}
    config = GameConfig.make(THREE, modules=("characters",), experimental=True)
    assert {p: len(c) for p, c in Characters().pile_inserts(config).items()} == {
        2: 2, 3: 2, 4: 1}


def test_experimental_is_refused_without_the_module():
    with pytest.raises(ValueError, match="characters module"):
        Game(THREE, seed=1, experimental=True)


# -- the auction ---------------------------------------------------------------------------


def test_auction_mid_refill_then_the_refill_goes_on_and_the_auctioneer_plays():
    """Decision kind ``auction``: the refill after Ana's turn draws the Wise Man: Ben (next)
    opens; each raises in turn; a player who cannot raise passes unasked; back at the
    highest bidder the auction ends, the refill draws on and Ben's turn begins."""
    game = arranged(hands={"Ben": ["4 denar", "2 denar"], "Cy": ["5 ducat"]})
    do(game, "take 3 florin")
    assert (game.decision.kind, game.current_player) == ("auction", "Ben")
    assert len(game.display) == 3 and str(game.phase) == "interrupt"
    assert game.view("Cy").modules["characters"]["auction"]["card"] == WISE
    do(game, "bid 4 (4 denar)")
    assert game.current_player == "Cy"
    do(game, "bid 5 (5 ducat)")
    assert game.current_player == "Ben"  # Ana (3 florin) cannot raise: not asked
    do(game, "bid 6 (4 denar + 2 denar)")  # Cy and Ana cannot raise: Ben wins
    assert owned(game, "Ben") == (WISE,)
    assert card("4 denar") not in game.hand("Ben") and card("2 denar") not in game.hand("Ben")
    assert game.discard_size >= 2
    assert card("5 ducat") in game.display and len(game.display) == 4
    assert (game.decision.kind, game.current_player, game.turn) == ("act", "Ben", 2)
    won = next(e for e in game.events if e["type"] == "auction_won")
    assert won["amount"] == 6 and won["player"] == "Ben"
    assert describe_event(won) == "Ben pays 6 (4 denar + 2 denar) and takes The Wise Man"
    assert game.census()["character"] == 10


def test_bids_are_exact_in_one_currency():
    """Decision: a bid is paid exactly with cards of one currency; no exchange card."""
    game = arranged(hands={"Ben": ["4 denar", "2 denar", "3 dirham"],
                           "Cy": ["5 ducat", "3 ducat"]})
    do(game, "take 3 florin")
    assert [str(a) for a in game.legal_actions()] == [
        "bid 2 (2 denar)", "bid 3 (3 dirham)", "bid 4 (4 denar)", "bid 6 (4 denar + 2 denar)",
        "decline"]
    before = game.to_json()
    with pytest.raises(IllegalAction, match="one currency"):
        game.apply(Bid(cards("4 denar", "3 dirham")))
    with pytest.raises(IllegalAction, match="not in hand"):
        game.apply(Bid(cards("9 denar")))
    with pytest.raises(TypeError, match="currency"):
        Bid((ExchangeCard(("denar", "dirham")),))
    assert game.to_json() == before
    do(game, "bid 4 (4 denar)")
    assert game.current_player == "Cy"
    with pytest.raises(IllegalAction, match="more than the highest bid, 4"):
        game.apply(Bid(cards("3 ducat")))


def test_a_pass_is_final():
    game = arranged(hands={"Ana": ["1 dirham"], "Ben": ["4 denar", "2 denar"],
                           "Cy": ["5 ducat", "3 ducat"]})
    do(game, "take 3 florin")
    game.apply(Decline())  # Ben passes, for good
    do(game, "bid 5 (5 ducat)")  # Cy; Ana cannot raise, Ben has passed: Cy wins
    assert owned(game, "Cy") == (WISE,) and game.decision.kind == "act"
    asked = [e["player"] for e in game.events if e["type"] in ("bid", "decline")]
    assert asked == ["Ben", "Cy"]


def test_no_bid_the_card_leaves_the_game():
    game = arranged(hands={"Ana": ["1 dirham"], "Ben": ["2 denar"], "Cy": ["5 ducat"]})
    do(game, "take 3 florin")
    game.apply(Decline())
    game.apply(Decline())
    game.apply(Decline())
    assert game.view("Ana").modules["characters"]["out"] == (WISE,)
    assert game.census()["character"] == 10
    unsold = next(e for e in game.events if e["type"] == "auction_unsold")
    assert describe_event(unsold) == "nobody bids: The Wise Man leaves the game"


def test_dirk_never_bids():
    game = arranged(names=["Ana", "Ben"], hands={"Ana": ["2 denar"], "Ben": ["3 denar"]})
    do(game, "take 3 florin")
    assert game.current_player == "Ben"
    do(game, "bid 3 (3 denar)")
    assert owned(game, "Ben") == (WISE,)  # Ana cannot raise; Dirk is never asked
    assert all(e.get("player") != "Dirk" for e in game.events if e["type"] == "bid")


def test_save_and_load_mid_auction():
    game = arranged(hands={"Ben": ["4 denar"], "Cy": ["5 ducat"]})
    do(game, "take 3 florin")
    do(game, "bid 4 (4 denar)")
    text = game.to_json()
    twin = Game.from_json(text)
    assert twin.to_json() == text and twin.legal_actions() == game.legal_actions()
    for g in (game, twin):
        do(g, "bid 5 (5 ducat)")
    assert twin.to_json() == game.to_json()
    assert action_from_dict(Bid(cards("5 ducat")).to_dict()) == Bid(cards("5 ducat"))


def test_a_tampered_auction_is_refused():
    game = arranged(hands={"Ben": ["4 denar"]})
    do(game, "take 3 florin")
    data = state(game)
    data["modules_state"]["characters"]["auction"] = None
    with pytest.raises(InvalidSave, match="no character auctioned"):
        Game.from_json(json.dumps(data))
    data = state(game)
    data["modules_state"]["characters"]["owned"]["Ana"] = ["wise_man"]  # twice now
    with pytest.raises(InvalidSave, match="once each"):
        Game.from_json(json.dumps(data))


# -- scoring -------------------------------------------------------------------------------


def scored(game, player="Ana"):
    """Hold round 1 after Ana's turn (scoring card 1 drawn by the refill); the Wise Man's
    owner chooses as a bot would (MEGABOX.md 0.6)."""
    game = stack_draw(game, [ScoringCard(1), *cards("5 ducat")])
    do(game, "take 3 florin")
    if game.decision is not None and game.decision.kind == "wise_man":
        game.apply(ChooseWiseMan(default_wise_man(game)))
    return next(e for e in game.events if e["type"] == "scoring")


def test_wise_man_half_count_breaks_a_tie():
    """Decision: 1 tower + the half beat 1 tower (MEGABOX M7: the half breaks the tie);
    Cy's one tile of every other type makes the tower the type that adds most."""
    game = arranged(on_top=())
    game = build(game, "Ana", [((1, 0), open_tile("tower"))])
    game = build(game, "Ben", [((1, 0), real_tile("tower", 12, ""))])
    game = build(game, "Cy", [((i + 1, 0), open_tile(k)) for i, k in enumerate(KINDS[:5])])
    game = give(game, "Ana", WISE)
    event = scored(game)
    assert event["wise_man"] == {"player": "Ana", "type": "tower"}
    assert {n: c["tower"] for n, c in event["counts"].items()} == {"Ana": 1.5, "Ben": 1, "Cy": 0}
    assert event["parts"]["majorities"]["Ana"] == 6 and event["parts"]["majorities"]["Ben"] == 0


def test_wise_man_chooses_the_type_that_adds_most_and_a_half_alone_takes_a_place():
    """Decision: the type is chosen at each scoring for its owner (what the half adds,
    then the first type); a half building alone takes a place."""
    game = arranged(on_top=())
    game = give(game, "Ana", WISE)
    event = scored(game)
    assert event["wise_man"] == {"player": "Ana", "type": "tower"}  # 6 points alone
    assert event["counts"]["Ana"]["tower"] == 0.5
    assert event["parts"]["majorities"]["Ana"] == 6


def test_wise_man_stacks_with_a_tie_of_equal_half_counts_impossible_so_half_beats_whole():
    """The only half count is the Wise Man's: 2.5 beats 2 and loses to 3 (a plain number)."""
    from alhambra_lib.scoring import score_majorities

    counts = {"Ana": {"garden": 2.5}, "Ben": {"garden": 2}, "Cy": {"garden": 3}}
    assert score_majorities(counts, 2) == {"Ana": 5, "Ben": 0, "Cy": 12}
    with pytest.raises(ValueError, match="whole or half"):
        score_majorities({"Ana": {"garden": 2.25}}, 1)


def test_city_watch_scores_a_third_of_the_wall_points():
    game = arranged(on_top=())
    game = build(game, "Ana", [((1, 0), real_tile("garden", 8, "NE"))])
    game = give(game, "Ana", WATCH)
    wall = game.alhambra("Ana").longest_wall()
    event = scored(game)
    assert event["parts"]["characters"] == {"Ana": wall // 3, "Ben": 0, "Cy": 0}
    assert list(event["parts"]) == ["majorities", "walls", "characters"]


# -- experimental (provisional) cards ------------------------------------------------------


def test_end_of_game_character_scores_8_at_the_final_scoring_only():
    with _quiet():
        game = arranged(on_top=(), experimental=True)
    game = give(give(game, "Ana", CharacterCard("end_bonus")), "Ben", WATCH)
    play(game, [RandomBot(1), RandomBot(2), RandomBot(3)])
    parts = {e["round"]: e["parts"]["characters"]["Ana"] for e in game.events
             if e["type"] == "scoring"}
    assert parts == {1: 0, 2: 0, 3: 8}


def test_money_swap_once_per_turn_and_a_character_it_draws_is_auctioned_mid_turn():
    """Decision: the provisional money swap is an action of its owner's turn, once per
    turn, that ends nothing; a character it draws is auctioned at once, then the turn
    goes on with a full display."""
    with _quiet():
        game = arranged(on_top=(WATCH,), experimental=True, hands={"Ben": ["2 denar"]})
    game = give(game, "Ana", CharacterCard("money_swap"))
    swaps = [a for a in game.legal_actions() if a.kind == "swap_card"]
    assert [str(a.card) for a in swaps] == ["9 ducat", "3 florin", "2 denar", "1 dirham"]
    assert str(swaps[0]) == "swap 9 ducat of the display"
    game.apply(SwapCard(card("9 ducat")))
    assert (game.decision.kind, game.current_player) == ("auction", "Ben")
    text = game.to_json()
    assert Game.from_json(text).to_json() == text  # saved mid-auction, mid-turn
    game.apply(Decline())
    assert (game.decision.kind, game.current_player) == ("act", "Ana")
    assert len(game.display) == 4 and card("5 ducat") in game.display
    assert not [a for a in game.legal_actions() if a.kind == "swap_card"]
    with pytest.raises(IllegalAction, match="once per turn"):
        game.apply(SwapCard(card("5 ducat")))


def test_the_money_swap_is_its_owners_alone():
    with _quiet():
        game = arranged(on_top=(), experimental=True)
    game = give(game, "Ben", CharacterCard("money_swap"))
    assert not [a for a in game.legal_actions() if a.kind == "swap_card"]
    with pytest.raises(IllegalAction, match="owner of the money swap"):
        game.apply(SwapCard(card("9 ducat")))


# -- with the thieves, bots, random games -------------------------------------------------


def test_a_character_drawn_after_a_theft_is_auctioned_then_the_window_goes_on():
    game = Game(THREE, seed=26, modules=("characters", "thieves"))
    game = set_display(game, cards("9 ducat", "3 florin", "2 denar", "1 dirham"))
    for p in THREE:
        game = set_hand(game, p, cards("4 denar") if p == "Ben" else ())
    game = stack_draw(game, (*cards("5 ducat"), WISE, *cards("6 florin")))
    game = set_thieves(game, {"Cy": ["florin"]})
    do(game, "take 9 ducat")
    while game.current_player != "Cy":
        game.apply(Decline())
    do(game, "steal 3 florin with a florin thief")
    assert (game.decision.kind, game.current_player) == ("auction", "Ben")
    do(game, "bid 4 (4 denar)")
    assert game.current_player == "Ana"  # Cy (3 florin) cannot raise; Ana (9 ducat) can
    game.apply(Decline())
    assert owned(game, "Ben") == (WISE,)
    assert card("6 florin") in game.display and len(game.display) == 4
    assert game.decision.kind in ("window", "act")


@pytest.mark.parametrize("experimental", [False, True])
def test_bots_play_to_the_end_with_characters(experimental):
    with _quiet():
        game = Game(THREE, seed=5, modules=("vizier", "characters", "thieves"),
                    experimental=experimental)
    play(game, [GreedyBot(), StrategicBot(), RandomBot(4)])
    assert game.is_over and game.census()["character"] == 10


def test_greedy_and_strategic_bots_bid_cheaply_or_decline():
    game = arranged(hands={"Ben": ["4 denar", "2 denar", "9 dirham"]})
    do(game, "take 3 florin")
    for bot in (GreedyBot(), StrategicBot()):
        choice = bot.choose(game.view("Ben"), game.legal_actions())
        assert choice.kind == "decline" or (choice.kind == "bid" and choice.amount <= 4)


def test_random_games_save_exactly_mid_auction():
    for seed in range(4):
        rng = random.Random(seed)
        game = Game(["A", "B", "C", "D"][:2 + seed % 3], seed=seed,
                    modules=("characters", "thieves"))
        auctions = 0
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            if game.decision is not None and game.decision.kind == "auction":
                auctions += 1
                text = game.to_json()
                assert Game.from_json(text).to_json() == text
            assert game.census()["character"] == 10
        assert auctions


@contextlib.contextmanager
def _quiet():
    """No provisional warning (it is checked once, above)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ProvisionalDataWarning)
        yield


@pytest.mark.parametrize("modules", [("characters",), ("characters", "master_builders")])
def test_extra_redesign_once_at_the_end_of_its_owners_turn(modules):
    """Decision: the provisional extra redesign reuses the Master Builders' turn-end
    redesign (decision ``master_builder``), once per turn of its owner, declinable."""
    with _quiet():
        game = ana_starts(THREE, modules, experimental=True)
    game = give(game, "Ana", CharacterCard("extra_redesign"))
    game = set_display(game, cards("9 ducat", "3 florin", "2 denar", "1 dirham"))
    game = build(game, "Ana", [((1, 0), open_tile("garden"))])
    do(game, "take 3 florin")
    assert (game.decision.kind, game.current_player) == ("master_builder", "Ana")
    assert {a.kind for a in game.legal_actions()} == {"redesign", "decline"}
    assert Game.from_json(game.to_json()).to_json() == game.to_json()
    do(game, "redesign: move (1, 0) to reserve")
    assert game.decision.kind != "master_builder" and open_tile("garden") in game.reserve("Ana")
    assert [e["type"] for e in game.events].count("redesign") == 1
    while game.turn_player != "Ana":  # Ana's next turn: the extra redesign again, declined
        game.apply(next(a for a in game.legal_actions() if a.kind in ("take", "decline")))
    game.apply(next(a for a in game.legal_actions() if a.kind == "take"))
    if game.decision.kind == "master_builder":
        game.apply(Decline())
        assert game.events[-1]["type"] != "redesign"
