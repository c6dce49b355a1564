"""Setup (RULES.md §3): market, Dirk's tiles, starting money, start player, the draw pile."""

import random

import pytest

from alhambra_lib import Game

from _game_helpers import state, types

NAMES = ["Ana", "Ben", "Cy", "Dana", "Eli", "Fay"]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_setup_deals_everything_in_order(n):
    g = Game(NAMES[:n], seed=n)
    dirk = n == 2
    assert all(tile is not None for _, tile in g.market)
    assert [currency for currency, _ in g.market] == ["denar", "dirham", "ducat", "florin"]
    assert len(g.dirk_tiles) == (6 if dirk else 0)
    assert g.bag_size == 54 - 4 - len(g.dirk_tiles)
    assert len(g.display) == 4
    cards = sum(len(g.hand(p)) for p in g.players) + len(g.display) + g.deck_size - 2
    assert cards == (72 if dirk else 108) and g.discard_size == 0
    expected = ["setup"] + ["draw_tile"] * 4 + ["dirk_gift"] * dirk + ["starting_money"] * n + \
        ["start_player"] + ["draw_card"] * 4 + ["draw_pile", "turn"]
    assert types(g.events) == expected
    assert [e["player"] for e in g.events if e["type"] == "starting_money"] == NAMES[:n]
    assert g.current_player == g.start_player and g.turn == 1 and g.phase == "action"
    assert g.scores == dict.fromkeys(NAMES[:n] + ["Dirk"] * dirk, 0)
    assert all(len(g.alhambra(p).layout) == 1 and g.reserve(p) == () for p in g.players)


@pytest.mark.parametrize("seed", range(12))
def test_starting_money_is_dealt_one_card_at_a_time_until_20(seed):
    g = Game(NAMES[:4], seed=seed)
    for event in g.events:
        if event["type"] == "starting_money":
            values = [v for _, v in event["cards"]]
            assert sum(values) >= 20 > sum(values[:-1])
            assert sorted(values) == sorted(c.value for c in g.hand(event["player"]))


def expected_start(events, players):
    dealt = {e["player"]: [v for _, v in e["cards"]] for e in events if e["type"] == "starting_money"}
    return min(players, key=lambda p: (len(dealt[p]), sum(dealt[p]), players.index(p)))


def test_start_player_fewest_cards_then_lowest_total_then_seating_order():
    decided_by = set()
    for seed in range(150):
        players = NAMES[:6]
        g = Game(players, seed=seed)
        assert g.start_player == expected_start(g.events, players)
        dealt = {e["player"]: e["cards"] for e in g.events if e["type"] == "starting_money"}
        fewest = min(len(c) for c in dealt.values())
        tied = [p for p in players if len(dealt[p]) == fewest]
        lowest = min(sum(v for _, v in dealt[p]) for p in tied)
        still = [p for p in tied if sum(v for _, v in dealt[p]) == lowest]
        decided_by.add("cards" if len(tied) == 1 else "total" if len(still) == 1 else "seat")
        if decided_by == {"cards", "total", "seat"}:
            break
    assert decided_by == {"cards", "total", "seat"}  # every tie-break was exercised


def test_turns_follow_seating_order_from_the_start_player():
    g = Game(NAMES[:4], seed=3)
    order = []
    while len(order) < 6:
        order.append(g.current_player)
        g.apply(g.legal_actions()[0])  # takes money: the turn ends at once
        while g.phase == "place":
            g.apply(g.legal_actions()[0])
    start = NAMES.index(g.start_player)
    assert order == [NAMES[(start + k) % 4] for k in range(6)]


@pytest.mark.parametrize("n, seed", [(2, 1), (3, 2), (6, 3), (4, 4), (5, 5)])
def test_draw_pile_is_five_piles_with_scoring_cards_in_piles_2_and_4(n, seed):
    g = Game(NAMES[:n], seed=seed)
    piles = next(e["piles"] for e in g.events if e["type"] == "draw_pile")
    remaining = g.deck_size - 2
    base, extra = divmod(remaining, 5)
    sizes = [base + (1 if i < extra else 0) for i in range(5)]
    assert piles == [s + (1 if i in (1, 3) else 0) for i, s in enumerate(sizes)]
    pile = state(g)["draw_pile"]  # top card first
    first = pile.index(["scoring", 1])
    second = pile.index(["scoring", 2])
    assert piles[0] <= first < piles[0] + piles[1]
    start4 = sum(piles[:3])
    assert start4 <= second < start4 + piles[3]


def test_scoring_cards_land_anywhere_in_their_pile():
    positions = set()
    for seed in range(40):
        g = Game(NAMES[:3], seed=seed)
        piles = next(e["piles"] for e in g.events if e["type"] == "draw_pile")
        positions.add(state(g)["draw_pile"].index(["scoring", 1]) - piles[0])
    assert len(positions) > 8 and min(positions) >= 0


# -- names, options, seeds ----------------------------------------------------------------


@pytest.mark.parametrize("players, error", [
    (["Ana"], ValueError),
    (NAMES + ["Gus"], ValueError),
    (["Ana", "Dirk"], ValueError),
    (["Ana", "Ben", "Dirk"], ValueError),
    (["Ana", "Ana"], ValueError),
    (["Ana", ""], ValueError),
    (["Ana", 7], ValueError),
    ("AnaBen", TypeError),
])
def test_bad_players_are_refused(players, error):
    with pytest.raises(error):
        Game(players, seed=1)


def test_dirk_is_reserved_with_a_clear_message():
    with pytest.raises(ValueError, match="Dirk"):
        Game(["Dirk", "Ana"])


@pytest.mark.parametrize("options", [{"end_trigger": "soon"}, {"hole_rule": "none"}])
def test_bad_options_are_refused(options):
    with pytest.raises(ValueError):
        Game(["Ana", "Ben"], seed=1, **options)


def test_seeds():
    assert Game(NAMES[:3], seed=5).to_json() == Game(NAMES[:3], seed=5).to_json()
    assert Game(NAMES[:3], seed=5).to_json() != Game(NAMES[:3], seed=6).to_json()
    rng = random.Random(9)
    before = rng.getstate()
    from_rng = Game(NAMES[:3], seed=rng)
    assert rng.getstate() == before  # the caller's generator is copied, not advanced
    assert from_rng.to_json() == Game(NAMES[:3], seed=random.Random(9)).to_json()
    assert Game(NAMES[:3]).is_over is False  # None: fresh entropy
    with pytest.raises(TypeError):
        Game(NAMES[:3], seed="seven")
