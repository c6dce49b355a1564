"""Bazaars (Mega Box M16, RULES.md §M16): beside the market, `BuyBazaar` paid exactly at the
price of the currency's square, placed like a building, n x k at the final scoring only.

Situations are arranged through the saved state (`tests/_game_helpers.py`); the bazaars
beside the market through ``modules_state.bazaars`` (the engine's tile check counts them
through the module's ``held_tiles``).
"""

import random

import pytest
from _game_helpers import (
    GARDEN_11,
    PAV_8,
    SER_9,
    build,
    open_tile,
    play_randomly,
    real_tile,
    restore,
    set_hand,
    set_market,
    state,
    types,
)

from alhambra_lib import BUILDING_TILES, MODULES, Game
from alhambra_lib.actions import (
    DIRK,
    End,
    Give,
    Place,
    Reserve,
    action_from_dict,
    tile_from_list,
)
from alhambra_lib.components import CURRENCIES, FOUNTAIN, Card, ExchangeCard, Tile, tile_set
from alhambra_lib.engine.narration import EVENT_FIELDS, describe_event
from alhambra_lib.errors import IllegalAction, InvalidSave
from alhambra_lib.modules.bazaars import BAZAARS, Bazaars, BuyBazaar, bazaar_points
from alhambra_lib.replay import replay
from alhambra_lib.engine.context import module_context

pytestmark = pytest.mark.filterwarnings(
    "ignore::alhambra_lib.components.ProvisionalDataWarning")

THREE = ["Ana", "Ben", "Cy"]
TOWER_11 = real_tile("tower", 11, "")
MARKET = [PAV_8, SER_9, GARDEN_11, TOWER_11]  # prices 8, 9, 11, 11: all at most 11
BZ = BAZAARS[0]                      # the bazaar most tests buy
CUR = BZ.marks[0]                    # its currency
SQ = CURRENCIES.index(CUR) + 1       # its market square
PRICE = MARKET[SQ - 1].price         # what it costs in the arranged market
OTHER = CURRENCIES[SQ % 4]           # another currency


def money(currency, *values):
    return tuple(Card(currency, v) for v in values)


def clear_beside(game):
    """A new game where the bazaars beside the market went back into the bag."""
    data = state(game)
    held = data["modules_state"]["bazaars"]
    data["bag"].extend(held["beside"])
    held["beside"] = []
    return restore(game, data)


def lay_beside(game, bazaars):
    """A new game where exactly `bazaars` (taken from the bag) lie beside the market."""
    game = clear_beside(game)
    data = state(game)
    for b in bazaars:
        data["bag"].remove(b.to_list())
        data["modules_state"]["bazaars"]["beside"].append(b.to_list())
    return restore(game, data)


def arranged(hand=(), beside=(BZ,), names=THREE, seed=7, market=MARKET,
             modules=("bazaars",)):
    """The start player to act with `hand`; the market `market`; `beside` by the market."""
    game = clear_beside(Game(names, seed=seed, modules=modules))
    game = set_market(game, market)
    game = set_hand(game, game.current_player, hand)
    return lay_beside(game, beside)


def buys(game):
    return [a for a in game.legal_actions() if a.kind == "buy_bazaar"]


def census_ok(game):
    totals = dict(Game(game.players, seed=0, modules=game.modules).census())
    assert game.census() == totals and totals["bazaar"] == 8


# -- setup and the market -------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_8_bazaars_in_the_bag_none_on_the_market(players):
    """Decision: the 8 bazaars go into the bag; one drawn for the market at setup goes
    beside it (census "bazaar": 8 wherever they are)."""
    for seed in range(4):
        game = Game([f"P{i}" for i in range(players)], seed=seed, modules=("bazaars",))
        census_ok(game)
        assert all(t is not None and t.kind != "bazaar" for _, t in game.market)
        beside = Bazaars().beside(module_context(game))
        inside = [t for t in _bag(game) if t.kind == "bazaar"]
        dirk = [t for t in game.dirk_tiles if t.kind == "bazaar"]
        assert sorted(map(repr, beside + inside + dirk)) == sorted(map(repr, BAZAARS))
        assert len(_bag(game)) + 4 + len(beside) + len(game.dirk_tiles) == 62


def _bag(game):
    return [tile_from_list(t) for t in state(game)["bag"]]


def test_a_bazaar_drawn_at_setup_goes_beside_and_the_next_draw_fills_the_square():
    """Decision: drawing goes on for the same square until the market holds 4 tiles."""
    seen = 0
    for seed in range(30):
        game = Game(THREE, seed=seed, modules=("bazaars",))
        draws = [e for e in game.events if e["type"] in ("draw_tile", "bazaar_beside")]
        squares = []
        for e in draws:
            if e["type"] == "bazaar_beside":
                seen += 1
                assert e["tile"][0] == "bazaar"
            else:
                squares.append(e["square"])
        assert squares == [1, 2, 3, 4]  # a bazaar took no square
        assert len(Bazaars().beside(module_context(game))) == sum(e["type"] == "bazaar_beside" for e in draws)
    assert seen > 5


def test_a_bazaar_drawn_at_a_turn_end_goes_beside_and_the_next_draw_fills_the_square():
    """A turn-end refill: the bag holds the 8 bazaars and one building; what is drawn
    before the building goes beside the market, the building fills the square."""
    for seed in range(40):
        game = arranged(hand=money("denar", 5, 3), beside=(), seed=seed)
        data = state(game)
        keep = next(t for t in _bag(game) if t.kind != "bazaar")
        rest = [t for t in data["bag"] if t != keep.to_list() and t[0] != "bazaar"]
        data["bag"] = [t for t in data["bag"] if t[0] == "bazaar"] + [keep.to_list()]
        data["reserves"]["Ben"].extend(rest)
        game = restore(game, data)
        player = game.current_player
        n = len(game.events)
        game.apply(next(a for a in game.legal_actions()
                        if a.kind == "buy" and a.square == 1 and a.exact))
        game.apply(End())
        game.apply(Reserve(PAV_8))
        new = [e for e in game.events[n:] if e["type"] in ("draw_tile", "bazaar_beside")]
        if len(new) < 2:
            continue
        assert types(new) == ["bazaar_beside"] * (len(new) - 1) + ["draw_tile"]
        assert new[-1]["square"] == 1 and game.market[0][1] == keep
        assert len(Bazaars().beside(module_context(game))) == len(new) - 1
        assert player in game.players
        census_ok(game)
        return
    pytest.fail("no seed drew a bazaar first")


# -- buying -------------------------------------------------------------------------------


def test_buy_bazaar_exact_in_its_currency_at_the_price_of_that_square():
    """Decision: the offered payments are every exact payment in the bazaar's currency
    at the price of the tile on that currency's square (here (PRICE-3) + 3)."""
    game = arranged(hand=money(CUR, PRICE - 3, 3, PRICE - 2) + money(OTHER, PRICE - 3, 3))
    player = game.current_player
    offered = buys(game)
    assert offered == [BuyBazaar(BZ, money(CUR, PRICE - 3, 3))]
    assert Bazaars().view(module_context(game), player)["beside"][0]["price"] == PRICE
    # The price follows the square: a cheaper tile there makes a cheaper bazaar.
    market = list(MARKET)
    market[SQ - 1] = next(t for t in BUILDING_TILES if t.price == 6)
    other = arranged(hand=money(CUR, 3, 3, 5, 1), market=market)
    assert sorted(tuple(c.value for c in a.cards) for a in buys(other)) == [(3, 3), (5, 1)]
    n = len(game.events)
    game.apply(offered[0])
    event = game.events[n]
    assert event == {"type": "buy_bazaar", "player": player, "bazaar": BZ.to_list(),
                     "cards": [[CUR, PRICE - 3], [CUR, 3]], "currency": CUR, "square": SQ,
                     "priced_by": MARKET[SQ - 1].to_list(), "price": PRICE}
    assert game.to_place == (BZ,) and game.market[SQ - 1][1] == MARKET[SQ - 1]
    assert Bazaars().beside(module_context(game)) == [] and len(game.hand(player)) == 3
    census_ok(game)


def test_refused_when_the_square_is_empty():
    """Decision (RULES.md §M16): an empty currency square gives no price: no purchase."""
    market = list(MARKET)
    market[SQ - 1] = None
    game = arranged(hand=money(CUR, PRICE - 3, 3), market=market)
    assert buys(game) == []
    before = game.to_json()
    with pytest.raises(IllegalAction, match="square is empty"):
        game.apply(BuyBazaar(BZ, money(CUR, PRICE - 3, 3)))
    assert game.to_json() == before


@pytest.mark.parametrize("cards, why", [
    (money(CUR, PRICE - 2, 3), "paid exactly"),           # overpaid, though minimal
    (money(CUR, PRICE - 3), "paid exactly"),              # short
    (money(OTHER, PRICE - 3, 3), f"paid in {CUR} only"),  # wrong currency
    (money(CUR, PRICE - 3) + money(OTHER, 3), f"paid in {CUR} only"),
    (money(CUR, PRICE - 4, 4), "not in hand"),
])
def test_refused_when_not_exact_or_in_another_currency(cards, why):
    """Exact payment only, in the bazaar's printed currency."""
    game = arranged(hand=money(CUR, PRICE - 3, 3, PRICE - 2) + money(OTHER, PRICE - 3, 3))
    before = game.to_json()
    with pytest.raises(IllegalAction, match=why):
        game.apply(BuyBazaar(BZ, cards))
    assert game.to_json() == before


def test_refused_when_the_bazaar_is_not_beside_the_market():
    game = arranged(hand=money(CUR, PRICE - 3, 3), beside=())
    assert buys(game) == []
    with pytest.raises(IllegalAction, match="not beside the market"):
        game.apply(BuyBazaar(BZ, money(CUR, PRICE - 3, 3)))


def test_the_action_refuses_a_tile_that_is_no_bazaar():
    """The ``bazaar`` field decoder (actions.FIELD_DECODERS) refuses any other tile."""
    good = BuyBazaar(BZ, money(CUR, 5, 3))
    assert action_from_dict(good.to_dict()) == good
    with pytest.raises(TypeError):
        BuyBazaar(PAV_8, money(CUR, 5, 3))
    with pytest.raises(ValueError, match="bazaar"):
        action_from_dict({"kind": "buy_bazaar", "bazaar": PAV_8.to_list(),
                          "cards": [[CUR, 5]]})


def test_another_action_follows_and_the_square_can_still_be_bought():
    """Decision: an exact purchase, so another action follows (`GameContext.bought(tile, True)`);
    the market tile stays and may be bought after, its bazaar price then gone."""
    same = [b for b in BAZAARS if b.marks[0] == CUR and b != BZ]
    game = arranged(hand=money(CUR, PRICE - 3, 3, PRICE - 3, 3), beside=(BZ, *same[:1]))
    game.apply(BuyBazaar(BZ, money(CUR, PRICE - 3, 3)))
    legal = game.legal_actions()
    assert End() in legal and any(a.kind == "buy" for a in legal)
    if same:
        assert BuyBazaar(same[0], money(CUR, PRICE - 3, 3)) in legal
    game.apply(next(a for a in legal if a.kind == "buy" and a.square == SQ and a.exact))
    assert game.to_place == (BZ, MARKET[SQ - 1]) and buys(game) == []  # the square is empty
    game.apply(End())
    assert game.decision.kind == "place"


def test_placed_like_a_building_at_the_turn_end():
    """The engine places it at the turn end: place, reserve, or (two players) give."""
    game = arranged(hand=money(CUR, PRICE - 3, 3))
    player = game.current_player
    game.apply(BuyBazaar(BZ, money(CUR, PRICE - 3, 3)))
    game.apply(End())
    legal = game.legal_actions()
    assert game.decision.kind == "place" and Reserve(BZ) in legal
    assert Place(BZ, (1, 0)) in legal and not any(a.kind == "give" for a in legal)
    game.apply(Place(BZ, (1, 0)))
    assert game.alhambra(player).layout[(1, 0)] == BZ
    assert game.alhambra(player).counts() == dict.fromkeys(game.alhambra(player).counts(), 0)
    census_ok(game)
    two = arranged(hand=money(CUR, PRICE - 3, 3), names=["Ana", "Ben"])
    two.apply(BuyBazaar(BZ, money(CUR, PRICE - 3, 3)))
    two.apply(End())
    assert Give(BZ) in two.legal_actions()
    two.apply(Give(BZ))
    assert BZ in two.dirk_tiles


def test_an_exchange_card_may_join_a_second_currency():
    """Decision (RULES.md §M2.5, §M16): one exchange card may join the bazaar's currency
    with another, the total still exact; one that does not join it is refused."""
    joining = ExchangeCard(tuple(sorted((CUR, OTHER), key=CURRENCIES.index)))
    third = next(c for c in CURRENCIES if c not in (CUR, OTHER))
    apart = ExchangeCard(tuple(sorted((OTHER, third), key=CURRENCIES.index)))
    hand = money(CUR, PRICE - 3) + money(OTHER, 3) + (joining, apart)
    game = arranged(hand=hand, modules=("exchange", "bazaars"))
    mixed = BuyBazaar(BZ, money(CUR, PRICE - 3) + money(OTHER, 3) + (joining,))
    assert buys(game) == [mixed]
    with pytest.raises(IllegalAction, match="does not join"):
        game.apply(BuyBazaar(BZ, money(CUR, PRICE - 3) + money(OTHER, 3) + (apart,)))
    with pytest.raises(IllegalAction, match="one exchange card"):
        game.apply(BuyBazaar(BZ, money(CUR, PRICE - 3) + money(OTHER, 3) + (joining, apart)))
    n = len(game.events)
    game.apply(mixed)
    assert joining not in game.hand(game.current_player)
    assert "exchange" in describe_event(game.events[n])


# -- scoring ------------------------------------------------------------------------------

B3 = Tile("bazaar", 0, "", ("denar", "seraglio", "arcades", "tower"))


def _layout(*cells):
    layout = {(0, 0): FOUNTAIN, (5, 5): B3}
    layout.update({(5 + dx, 5 + dy): t for (dx, dy), t in cells})
    return layout


@pytest.mark.parametrize("cells, expected", [
    ((), (0, 0, 0)),
    ((((1, 0), Tile("tower", 3)),), (1, 1, 1)),
    ((((1, 1), Tile("tower", 3)),), (1, 1, 1)),                         # a diagonal counts
    ((((-1, -1), Tile("seraglio", 3)), ((1, -1), Tile("arcades", 3))), (2, 2, 4)),
    ((((1, 0), Tile("garden", 3)), ((0, 1), Tile("pavilion", 3))), (0, 0, 0)),  # other types
    ((((1, 0), Tile("hut", 0, "", ("tower",))),), (0, 0, 0)),           # huts do not count
    ((((1, 0), Tile("camp", 5)), ((0, 1), BAZAARS[7])), (0, 0, 0)),     # camps, bazaars
    ((((2, 0), Tile("tower", 3)),), (0, 0, 0)),                          # two cells away
    ((((1, 0), Tile("tower", 3)), ((1, 1), Tile("tower", 4)), ((0, 1), Tile("seraglio", 3)),
      ((-1, 1), Tile("garden", 3))), (3, 2, 6)),
    (tuple(((dx, dy), Tile(("seraglio", "arcades", "tower")[(dx + dy) % 3], 3))
           for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)), (8, 3, 24)),
])
def test_a_bazaars_n_x_k_with_diagonals(cells, expected):
    """n buildings of its types among the 8 neighbours (diagonals included), k distinct
    types; a neighbour of another type, huts, camps and bazaars do not count."""
    assert bazaar_points(_layout(*cells), (5, 5)) == expected


def test_bazaar_points_needs_a_bazaar():
    with pytest.raises(ValueError, match="no bazaar"):
        bazaar_points({(0, 0): FOUNTAIN}, (0, 0))


def test_the_term_only_in_the_final_scoring_for_everyone():
    """Decision: rounds 1 and 2 have no "bazaars" part (score returns None); the final
    scoring has it for every competitor, 0 included; a reserve bazaar scores nothing."""
    game = arranged(hand=money(CUR, PRICE - 3, 3), beside=(), names=["Ana", "Ben"])
    player = game.current_player
    game = build(game, player, [((1, 0), BZ), ((1, 1), open_tile(BZ.marks[1]))])
    module = Bazaars()
    assert module.score(game, "bazaars", 1) is None and module.score(game, "bazaars", 2) is None
    final = module.score(game, "bazaars", 3)
    assert final == {"Ana": 0, "Ben": 0, DIRK: 0, player: 1}
    for players in (2, 4):
        done = play_randomly(Game([f"P{i}" for i in range(players)], seed=players,
                                  modules=("bazaars",)), random.Random(players))
        scorings = [e for e in done.events if e["type"] == "scoring"]
        assert [("bazaars" in e["parts"]) for e in scorings] == [False, False, True]
        last = scorings[-1]["parts"]["bazaars"]
        assert set(last) == set(done.scores)
        for name in done.players:  # nothing moves after the final scoring
            layout = done.alhambra(name).layout
            assert last[name] == sum(bazaar_points(layout, c)[2] for c, t in layout.items()
                                     if t.kind == "bazaar")
        assert last.get(DIRK, 0) == 0


def test_not_distributed_at_the_end():
    """Decision: the bazaars beside the market stay there at the end; census counts them."""
    for seed in range(10):
        game = play_randomly(Game(THREE, seed=seed, modules=("bazaars",)), random.Random(seed))
        left = Bazaars().beside(module_context(game))
        if not left:
            continue
        (distribution,) = [e for e in game.events if e["type"] == "distribution"]
        assert all(t["tile"][0] != "bazaar" for t in distribution["tiles"])
        census_ok(game)
        assert game.view("Ana").modules["bazaars"]["beside"][0]["bazaar"] == left[0]
        return
    pytest.fail("no game ended with a bazaar beside the market")


def test_dirk_gets_bazaars_as_dead_tiles():
    """Two players: Dirk's draws may bring bazaars; they count for no majority and score
    0 (RULES.md §M0.18)."""
    for seed in range(60):
        game = Game(["Ana", "Ben"], seed=seed, modules=("bazaars",))
        dead = [t for t in game.dirk_tiles if t.kind == "bazaar"]
        if not dead:
            continue
        assert sum(game.counts(DIRK).values()) == len(game.dirk_tiles) - len(dead)
        assert Bazaars().score(module_context(game), "bazaars", 3)[DIRK] == 0
        done = play_randomly(game, random.Random(seed))
        final = [e for e in done.events if e["type"] == "scoring"][-1]
        assert final["parts"]["bazaars"][DIRK] == 0
        return
    pytest.fail("no seed gave Dirk a bazaar at setup")


# -- view, narration, saves -------------------------------------------------------------------


def test_view_shows_the_bazaars_beside_with_their_price_now():
    market = list(MARKET)
    market[SQ - 1] = None
    same = [b for b in BAZAARS if b.marks[0] != CUR][:1]
    game = arranged(hand=money(CUR, PRICE - 3, 3), beside=(BZ, *same), market=market)
    views = [game.view(p).modules["bazaars"] for p in game.players]
    assert views[0] == views[1] == views[2]  # public
    shown = {v["bazaar"]: v for v in views[0]["beside"]}
    assert shown[BZ] == {"bazaar": BZ, "currency": CUR, "types": BZ.marks[1:], "square": SQ,
                         "price": None}
    for b in same:
        sq = CURRENCIES.index(b.marks[0]) + 1
        assert shown[b]["price"] == MARKET[sq - 1].price


def test_narration_for_every_event():
    game = arranged(hand=money(CUR, PRICE - 3, 3))
    game.apply(BuyBazaar(BZ, money(CUR, PRICE - 3, 3)))
    line = describe_event(game.events[-1])
    assert line.endswith(f"paying {PRICE - 3}+3 (exact: the price of the "
                         f"{MARKET[SQ - 1]} on the {CUR} square)")
    assert describe_event({"type": "bazaar_beside", "tile": BZ.to_list()}).endswith(
        "is drawn and laid beside the market")
    assert {"bazaar_beside", "buy_bazaar"} <= set(EVENT_FIELDS)


def _play_to(game, rng, stop, limit=3000):
    for _ in range(limit):
        if game.is_over or stop(game):
            return game
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_save_load_round_trip_mid_game_continues_identically():
    """Saved mid-game (a bazaar just bought and waiting, others beside the market) and
    restored: the same save, and both games go on identically."""
    for seed in range(20):
        game = Game(THREE, seed=seed, modules=("bazaars",))
        rng = random.Random(seed)
        game = _play_to(game, rng, lambda g: module_context(g).slice("bazaars")["beside"] and any(
            t.kind == "bazaar" for t in g.to_place))
        if game.is_over:
            continue
        text = game.to_json()
        copy = Game.from_json(text)
        assert copy.to_json() == text
        a, b = random.Random(1), random.Random(1)
        play_randomly(game, a)
        play_randomly(copy, b)
        assert game.to_json() == copy.to_json() and game.is_over
        return
    pytest.fail("no game had a moment with a bazaar bought and others beside the market")


def test_round_trip_with_bazaars_beside_the_market():
    """Bazaars beside the market are saved in the slice and counted on loading; one too
    many (also left in the bag) is refused."""
    game = next(g for g in (Game(THREE, seed=s, modules=("bazaars",)) for s in range(30))
                if module_context(g).slice("bazaars")["beside"])
    assert Game.from_json(game.to_json()).to_json() == game.to_json()
    data = state(game)
    data["modules_state"]["bazaars"]["beside"].append(
        next(t for t in data["bag"] if t[0] == "bazaar"))
    with pytest.raises(InvalidSave):
        restore(game, data)


@pytest.mark.parametrize("beside", ["nothing", [["garden", 8, "NE"]], [[1, 2]], [None]])
def test_malformed_slices_are_refused(beside):
    game = Game(THREE, seed=3, modules=("bazaars",))
    data = state(game)
    data["modules_state"]["bazaars"] = {"beside": beside}
    with pytest.raises(InvalidSave) as error:
        restore(game, data)
    assert error.value.where == "modules_state.bazaars"
    data["modules_state"]["bazaars"] = {"beside": [], "more": 1}
    with pytest.raises(InvalidSave, match="bazaars slice"):
        restore(game, data)


def test_replay_reads_buy_bazaar_back_from_its_event():
    for seed in range(30):
        start = Game(THREE, seed=seed, modules=("bazaars",))
        game = play_randomly(Game.from_json(start.to_json()), random.Random(seed))
        if not any(e["type"] == "buy_bazaar" for e in game.events):
            continue
        assert replay(start, game.events).to_json() == game.to_json()
        return
    pytest.fail("no replayable game bought a bazaar")


# -- random games -----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("others", [False, True])
def test_random_games_finish_with_census_constant(players, others):
    """With the bazaars alone and with every other built module: the census never
    changes, the market never holds a bazaar, every event is narrated."""
    modules = tuple(MODULES) if others else ("bazaars",)
    game = Game([f"P{i}" for i in range(players)], seed=players, modules=modules)
    totals = game.census()
    assert totals["bazaar"] == len(tile_set("bazaars").tiles) == 8
    rng = random.Random(players)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        assert game.census() == totals
        assert all(t is None or t.kind != "bazaar" for _, t in game.market)
    assert game.winners and all(describe_event(e) for e in game.events)
    assert any(e["type"] == "bazaar_beside" for e in game.events)


def test_a_bazaar_and_the_four_market_tiles_bought_in_one_turn_save():
    """A bazaar is bought at the price of its square's tile, which then may be bought too:
    one turn can buy more than 4 tiles."""
    hand = money(CUR, PRICE - 3, 3) + tuple(
        Card(c, v) for i, c in enumerate(CURRENCIES) for v in (
            (MARKET[i].price,) if MARKET[i].price <= 9 else (9, MARKET[i].price - 9)))
    game = arranged(hand=hand)
    game.apply(BuyBazaar(BZ, money(CUR, PRICE - 3, 3)))
    for square in (1, 2, 3, 4):
        game.apply(next(a for a in game.legal_actions()
                        if a.kind == "buy" and a.square == square and a.exact))
    assert len(game.to_place) == 5 and game.decision.kind == "act"
    assert Game.from_json(game.to_json()).to_json() == game.to_json()


def test_option_bazaars_distributed_hands_out_the_bazaars_beside_the_market():
    """Other reading of RULES.md §M16 (option ``bazaars_distributed``): at the end a bazaar
    beside the market goes to the strict majority holder of its currency like a market tile;
    refused without the module."""
    with pytest.raises(ValueError, match="bazaars module"):
        Game(["Ana", "Ben", "Cy"], seed=1, bazaars_distributed=True)
    for seed in range(40):
        game = Game(["Ana", "Ben", "Cy"], seed=seed, modules=("bazaars",), bazaars_distributed=True)
        play_randomly(game, random.Random(seed))
        given = [t for e in game.events if e["type"] == "distribution"
                 for t in e["tiles"] if t.get("beside_market")]
        if any(t["to"] for t in given):
            break
    else:
        pytest.fail("no seed handed out a bazaar")
    assert game.options["bazaars_distributed"] is True
    assert Game.from_json(game.to_json()).to_json() == game.to_json()
    for entry in given:
        if entry["to"]:
            tiles = [t.to_list() for t in game.alhambra(entry["to"]).layout.values()]
            tiles += [t.to_list() for t in game.reserve(entry["to"])]
            assert entry["tile"] in tiles
    assert game.census()["bazaar"] == 8
