"""The drawings of the Mega Box pieces (alhambra_lib.draw.pieces, .cards): for a game with
every built module, each piece is checked through its layer ids and labels against the
module's own rules functions (content, not pixels)."""

from __future__ import annotations

import warnings
from dataclasses import dataclass, replace

import pytest
from matplotlib.colors import to_rgb

from alhambra_lib import Alhambra, Game, Tile
from alhambra_lib.components import (
    Card,
    CharacterCard,
    DiamondCard,
    ExchangeCard,
    GateCard,
    MasterBuilderCard,
    WallCard,
    tile_set,
)
from alhambra_lib.draw import (
    MODULE_PIECES,
    CardFace,
    artist,
    card_face,
    draw_alhambra,
    draw_attack,
    draw_cards,
    draw_game,
    draw_module,
    draw_player,
    draw_score_track,
    png_of,
    register_card_face,
    register_pieces,
)
from alhambra_lib.grid import side_segment
from alhambra_lib.modules import MODULES
from alhambra_lib.modules.bazaars import bazaar_neighbours, bazaar_points
from alhambra_lib.modules.camps import camp_lines
from alhambra_lib.modules.city_walls import stick_sides
from alhambra_lib.modules.invaders import flanks, invasion_penalty, unprotected_sides
from alhambra_lib.modules.squares import hut_neighbours
from alhambra_lib.palette import KIND_COLOURS, STICK_COLOUR, WALL_COLOUR
from alhambra_lib.teaching.demo import mega_box_game


@pytest.fixture(scope="module")
def game():
    """All 16 modules after 160 turns (`mega_box_game`): huts, camps, a bazaar, chests,
    residents, discs, a revealed attack, sticks and gates are on the boards; wall cards,
    characters, thieves and coins off them."""
    return mega_box_game()


def layouts(game):
    return {name: game.alhambra(name).layout for name in game.players}


def kinds_in(layout, kind):
    return sorted(cell for cell, tile in layout.items() if tile.kind == kind)


def test_the_arranged_game_has_every_piece(game):
    every = [t.kind for layout in layouts(game).values() for t in layout.values()]
    view = game.view("Ana").modules
    assert {"hut", "camp", "bazaar"} <= set(every)
    assert any(view["treasure"]["chests"].values())
    assert any(view["street_merchant"]["residents"].values())
    assert view["invaders"]["attacks"] and game.rounds_scored
    assert all(any(view[m][k].values()) for m, k in (
        ("city_walls", "sticks"), ("gates", "gates"), ("characters", "owned"),
        ("thieves", "counts"), ("change", "coins")))
    assert view["city_walls"]["beside"] and view["thieves"]["played"]
    cards = [c for p in game.players for c in game.hand(p)] + list(game.display)
    assert {"diamond", "master_builder"} <= {c.component for c in cards}


#: The modules whose pieces are only cards, drawn by their faces on the display and in hands.
CARDS_ONLY = {"exchange": ExchangeCard(("denar", "florin")), "diamonds": DiamondCard(6),
              "master_builders": MasterBuilderCard("ducat")}


def test_every_built_module_has_drawn_pieces_or_cards():
    assert set(MODULE_PIECES) == set(MODULES) - set(CARDS_ONLY)
    assert [card_face(c).label for c in CARDS_ONLY.values()] == [
        "den/flo", "diamond", "ducat\nbuilder"]


# -- on the boards -------------------------------------------------------------------------


def test_camps_arrows_over_the_lines_they_score(game):
    for name, layout in layouts(game).items():
        ax = draw_player(game.view(name), name)
        lines = camp_lines(layout)
        if not lines:
            assert artist(ax, "camp_lines") is None
            continue
        assert len(artist(ax, "camp_lines").get_segments()) == len(lines)
        assert len(artist(ax, "camp_heads").get_paths()) == len(lines)
        scored = sum(len(b) for _, _, b in lines)
        drawn = artist(ax, "camp_scored")
        assert (0 if drawn is None else len(drawn.get_offsets())) == scored
        per_camp = {}
        for cell, _, buildings in lines:
            per_camp[cell] = per_camp.get(cell, 0) + len(buildings)
        assert artist(ax, "camp_points").texts == tuple(f"+{n}" for n in per_camp.values())
        assert f"camps +{scored}" in ax.get_title(loc="left")


def test_huts_roofs_and_the_sides_they_count(game):
    seen_a_bridge = False
    for name, layout in layouts(game).items():
        ax = draw_player(game.view(name), name)
        counted = hut_neighbours(layout)
        assert len(artist(ax, "hut_roofs").get_paths() if counted else ()) == len(counted)
        bridges = artist(ax, "hut_bridges")
        total = sum(map(len, counted.values()))
        assert (0 if bridges is None else len(bridges.get_segments())) == total
        seen_a_bridge |= total > 0
        if counted:
            assert artist(ax, "hut_counts").texts == tuple(f"+{len(n)}" for n in counted.values())
            assert f"huts +{total}" in ax.get_title(loc="left")
        # huts and bazaars print no price (theirs is 0); the fountain has none
        assert len(artist(ax, "prices").texts) == len(layout) - 1 - len(counted) - len(
            kinds_in(layout, "bazaar"))
    assert seen_a_bridge


def test_bazaars_currency_types_and_the_neighbours_they_count(game):
    for name, layout in layouts(game).items():
        cells = kinds_in(layout, "bazaar")
        if not cells:
            continue
        ax = draw_player(game.view(name), name)
        assert len(artist(ax, "bazaar_rings").get_paths()) == len(cells)
        swatches = [tuple(c[:3]) for c in artist(ax, "bazaar_types").get_facecolors()]
        assert swatches == [to_rgb(KIND_COLOURS[k]) for c in cells for k in layout[c].marks[1:]]
        neighbours = sum(len(bazaar_neighbours(layout, c)) for c in cells)
        drawn = artist(ax, "bazaar_counted")
        assert (0 if drawn is None else len(drawn.get_offsets())) == neighbours
        assert artist(ax, "bazaar_points").texts == tuple(
            "{}×{}={}".format(*bazaar_points(layout, c)) for c in cells)
        labels = [t.get_text() for t in ax.get_legend().get_texts()]
        assert any("bazaar: ring currency" in t and "(provisional data)" in t for t in labels)


def test_chests_on_buildings_and_on_the_reserve(game):
    for name in game.players:
        part = game.view(name).modules["treasure"]
        chests, reserved = part["chests"][name], part["reserve_chests"][name]
        ax = draw_player(game.view(name), name)
        drawn = artist(ax, "chests")
        assert (0 if drawn is None else len(drawn.get_paths())) == len(chests) + len(reserved)
        if chests:
            assert f"chests {len(chests)}" in ax.get_title(loc="left")
        if reserved:
            assert f"(+{len(reserved)} on the reserve)" in ax.get_title(loc="left")


def test_residents_and_the_merchant_disc_secret_to_others(game):
    for name in game.players:
        part = game.view(name).modules["street_merchant"]
        residents = part["residents"][name]
        own = draw_player(game.view(name), name)
        drawn = artist(own, "residents")
        assert (0 if drawn is None else len(drawn.get_offsets())) == len(residents)
        disc = part["discs"][name]
        if disc["pos"] is None:
            continue
        assert artist(own, "merchant_disc").center == (disc["pos"][0] + 0.5, disc["pos"][1] + 0.5)
        assert len(artist(own, "disc_citizens").get_offsets()) == len(disc["citizens"])
        other = next(p for p in game.players if p != name)
        theirs = draw_player(game.view(other), name)  # the citizens are secret: their number
        assert artist(theirs, "disc_citizens").texts == (str(disc["size"]),)


def test_the_last_attack_marks_each_unprotected_side(game):
    round_no, direction = game.view("Ana").modules["invaders"]["attacks"][-1]
    for name, layout in layouts(game).items():
        ax = draw_player(game.view(name), name, secrets=False)
        sides = unprotected_sides(layout, direction)
        drawn = artist(ax, "attacked_sides")
        assert (0 if drawn is None else len(drawn.get_segments())) == len(sides)
        lost = invasion_penalty(layout, direction, round_no)
        assert f"attack −{lost}" in ax.get_title(loc="left")


@pytest.mark.parametrize("direction", ["N", "E", "S", "W"])
@pytest.mark.parametrize("round_no", [1, 3])
def test_draw_attack_sides_flanks_and_points(direction, round_no):
    a = Alhambra()
    a.place(Tile("pavilion", 8, ""), (1, 0))
    a.place(Tile("garden", 10, "N"), (1, 1))
    a.place(Tile("tower", 9, "NW"), (-1, 0))
    ax = draw_attack(a, direction, round_no)
    facing = unprotected_sides(a.layout, direction)
    drawn = artist(ax, "attacked_sides")
    assert (0 if drawn is None else len(drawn.get_segments())) == len(facing)
    assert (0 if drawn is None else len(artist(ax, "attack_arrows").get_paths())) == len(facing)
    flank = artist(ax, "flank_sides")
    expected = sum(len(unprotected_sides(a.layout, d)) for d in flanks(direction))
    assert (0 if flank is None else len(flank.get_segments())) == (expected if round_no == 3
                                                                    else 0)
    lost = invasion_penalty(a.layout, direction, round_no)
    assert ax.get_title(loc="left").endswith(f"{lost} point{'s' if lost != 1 else ''} lost")


def test_draw_attack_refuses_bad_input():
    with pytest.raises(ValueError, match="unknown direction"):
        draw_attack(Alhambra(), "up")
    with pytest.raises(ValueError, match="1, 2 or 3"):
        draw_attack(Alhambra(), "N", 4)
    with pytest.raises(TypeError, match="expected an Alhambra"):
        draw_attack({}, "N")


# -- off the boards ------------------------------------------------------------------------


def test_vizier_tokens_awake_and_asleep(game):
    awake = game.view("Ana").modules["vizier"]["awake"]
    ax = draw_module(game.view("Ana"), "vizier")
    assert artist(ax, "vizier_marks").texts == tuple("V" if a else "z" for a in awake.values())
    assert artist(ax, "vizier_names").texts == tuple(
        f"{p}\n{'awake' if a else 'asleep'}" for p, a in awake.items())
    assert ax.get_title(loc="left").startswith("Vizier's Favour (M1)")


def test_bonus_cards_own_face_up_others_hidden_until_shown(game):
    part = game.view("Ana").modules["bonus_cards"]
    ax = draw_module(game.view("Ana"), "bonus_cards")
    values = artist(ax, "bonus_card_values").texts
    expected = [str(c.tile.price) for c in part["hand"]]
    for player in ("Ben", "Cy"):
        shown = [str(c.tile.price) for c in part["shown"][player]]
        expected += shown + ["?"] * (part["hand_sizes"][player] - len(shown))
    assert list(values) == expected
    public = draw_module(game.view("Ana"), "bonus_cards", secrets=False)
    shown_ana = len(part["shown"]["Ana"])
    assert artist(public, "bonus_card_values").texts.count("?") == sum(
        part["hand_sizes"].values()) - shown_ana - sum(len(part["shown"][p]) for p in ("Ben",
                                                                                       "Cy"))


def test_squares_piles_face_up_huts(game):
    part = game.view("Ana").modules["squares"]
    ax = draw_module(game.view("Ana"), "squares")
    assert artist(ax, "hut_piles").texts == tuple(f"{k}\n{n} left" for k, n in part["left"].items())
    up = [t for t in part["up"].values() if t is not None]
    assert len(artist(ax, "hut_piles_tiles").get_paths()) == len(up)
    assert "(provisional data)" in ax.get_title(loc="left")


def test_treasure_rooms_and_street_merchant_supply(game):
    view = game.view("Ana")
    ax = draw_module(view, "treasure")
    rooms = view.modules["treasure"]["rooms"]
    assert len(artist(ax, "room_chests").get_paths()) == sum(map(len, rooms))
    assert f"{view.modules['treasure']['bag']} in the bag" in ax.get_title(loc="left")
    ax = draw_module(view, "street_merchant")
    supply = view.modules["street_merchant"]["supply"]
    assert [t.split("\n")[1] for t in artist(ax, "supply_counts").texts] == [
        str(n) for n in supply.values()]


def test_invaders_scouts_and_attack_cards(game):
    part = game.view("Ana").modules["invaders"]
    ax = draw_module(game.view("Ana"), "invaders")
    assert artist(ax, "scout_names").texts == part["scouts"]
    labels = artist(ax, "attack_card_currencies").texts
    assert labels == ("hidden",) * part["attack_cards_left"] + tuple(
        f"from {d}" for _, d in part["attacks"])
    notes = artist(ax, "invaders_notes").get_text()
    assert all(f"round {r}: attack from the" in notes for r, _ in part["attacks"])


def test_bazaars_beside_the_market_with_their_price_now(game):
    beside = game.view("Ana").modules["bazaars"]["beside"]
    ax = draw_module(game.view("Ana"), "bazaars")
    assert artist(ax, "beside_costs").texts == tuple(
        f"{b['currency']}\n" + ("no price" if b["price"] is None else f"{b['price']} now")
        for b in beside)
    assert "(provisional data)" in ax.get_title(loc="left")


def test_draw_module_refuses_what_it_cannot_draw(game):
    with pytest.raises(ValueError, match="not in play"):
        draw_module(Game(["A", "B"], seed=1).view("A"), "vizier")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        camps = Game(["A", "B"], seed=1, modules=("camps", "vizier"))
    with pytest.raises(ValueError, match="not in play"):
        draw_module(camps.view("A"), "camps")  # camps have no view: their pieces are tiles
    register_pieces("board_only", board=lambda ax, seen, name: ([], ""))
    try:
        view = replace(game.view("Ana"), modules={**game.view("Ana").modules, "board_only": {}})
        with pytest.raises(ValueError, match="no pieces off the boards"):
            draw_module(view, "board_only")
    finally:
        del MODULE_PIECES["board_only"]


# -- the whole game ------------------------------------------------------------------------


def test_draw_game_shows_the_pieces_of_the_modules_in_play(game):
    fig = draw_game(game, viewer="Ana")
    titles = [ax.get_title(loc="left") for ax in fig.axes]
    for title in ("Ana's hand", "Vizier's Favour (M1)", "Bonus Cards (M3)", "Squares (M4)",
                  "City Gates (M5)", "Characters (M7)", "City Walls (M9)", "Thieves (M10)",
                  "Change (M11)", "Street Merchant (M12)", "Treasure (M13)", "Invaders (M15)",
                  "Bazaars (M16)"):
        assert any(t.startswith(title) for t in titles), title
    boards = {t.split(" (")[0]: t for t in titles if t.split(" (")[0] in game.players}
    assert set(boards) == set(game.players)
    assert all("attack −" in t for t in boards.values())
    legend = [t.get_text() for t in fig.legends[0].get_texts()]
    assert any(t.startswith("camp line") and t.endswith("(provisional data)") for t in legend)
    assert any(t.startswith("hut:") and t.endswith("(provisional data)") for t in legend)
    assert "chest on a building" in legend
    assert {"stick (City Walls): a wall", "gate: a double wall walked through"} <= set(legend)
    assert png_of(fig).startswith(b"\x89PNG")


def test_draw_game_without_a_viewer_keeps_every_secret(game):
    fig = draw_game(game)
    titles = [ax.get_title(loc="left") for ax in fig.axes]
    assert not any(t.endswith("'s hand") for t in titles)
    bonus = next(ax for ax in fig.axes if ax.get_title(loc="left").startswith("Bonus Cards"))
    part = game.view("Ana").modules["bonus_cards"]
    hidden = sum(part["hand_sizes"].values()) - sum(map(len, part["shown"].values()))
    assert artist(bonus, "bonus_card_values").texts.count("?") == hidden


def test_a_base_game_draws_no_module_panel():
    fig = draw_game(Game(["Ana", "Ben", "Cy"], seed=2))
    assert len(fig.axes) == 2 + 3


# -- cards and the score track ---------------------------------------------------------------


@dataclass(frozen=True)
class _WallCard:
    value: int


def test_a_new_card_kind_needs_only_a_face():
    with pytest.raises(TypeError, match="register_card_face"):
        card_face(_WallCard(3))
    register_card_face(_WallCard, lambda c: CardFace("#8d6e63", str(c.value), "wall"))
    ax = draw_cards([Card("denar", 5), _WallCard(3), ExchangeCard(("ducat", "dirham"))],
                    title="Ana's hand")
    assert artist(ax, "card_values").texts == ("5", "3", "⇄")
    assert artist(ax, "card_currencies").texts == ("denar", "wall", "dir/duc")
    assert ax.get_title(loc="left") == "Ana's hand"


def test_points_lost_stack_below_zero_on_the_score_track():
    events = [{"type": "scoring", "round": 1, "walls": {"Ana": 3, "Ben": 0},
               "points": {"Ana": 5, "Ben": 2},
               "parts": {"majorities": {"Ana": 4, "Ben": 3}, "walls": {"Ana": 3, "Ben": 0},
                         "invaders": {"Ana": -2, "Ben": -1}}}]
    ax = draw_score_track(events)
    lost = [p for p in ax.patches if p.get_gid() == "invaders"]
    assert [(p.get_y(), p.get_height()) for p in lost] == [(0, -2), (0, -1)]
    assert artist(ax, "totals").texts == ("5", "2")
    assert ax.get_ylim()[0] < 0
    assert "invaders (lost: below 0)" in [t.get_text() for t in ax.get_legend().get_texts()]
    assert artist(ax, "lost").texts == ("−2", "−1")


def test_a_little_lost_is_still_clearly_below_zero():
    """Two points lost beside 80 won: the part below 0 keeps room for the bars and labels,
    and the positive terms all sit above 0."""
    events = [{"type": "scoring", "round": 1, "walls": {"Ana": 10}, "points": {"Ana": 78},
               "parts": {"majorities": {"Ana": 70}, "walls": {"Ana": 10},
                         "invaders": {"Ana": -2}}}]
    ax = draw_score_track(events)
    bottom, top = ax.get_ylim()
    assert bottom <= -0.12 * 80 and top > 80
    won = [p for p in ax.patches if p.get_gid() in ("majorities", "walls")]
    assert all(p.get_y() >= 0 and p.get_height() >= 0 for p in won)


def test_provisional_sets_are_the_ones_labelled():
    """The labels follow the data files: a set made final loses its label."""
    from alhambra_lib.draw.pieces import _provisional

    for name in ("huts", "camps", "bazaars"):
        assert (_provisional(name) != "") == tile_set(name).provisional


@pytest.mark.parametrize("players", [2, 6])
def test_draw_game_with_every_module_from_the_first_decision(players):
    """Before anyone has chosen (the merchants' discs not yet set), with Dirk or six seats."""
    names = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"][:players]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        game = Game(names, seed=3, modules=tuple(MODULES))
    fig = draw_game(game, viewer=names[0])
    titles = [ax.get_title(loc="left") for ax in fig.axes]
    assert sum(t.startswith(n + " (") for t in titles for n in names) == players
    assert any(t.startswith("Dirk's tiles") for t in titles) == (players == 2)
    bonus = next(ax for ax in fig.axes if ax.get_title(loc="left").startswith("Bonus Cards"))
    assert artist(bonus, "bonus_players").texts == tuple(names)
    assert png_of(fig).startswith(b"\x89PNG")


def test_a_chest_goes_to_the_reserve_with_its_building(game):
    """A redesign that removes a building with a chest: the chest is drawn on the reserve."""
    player = game.current_player
    carrying = game.view(player).modules["treasure"]["chests"][player]
    removal = next(a for a in game.legal_actions()
                   if a.kind == "redesign" and a.move == "remove" and a.pos in carrying)
    after = Game.from_json(game.to_json())
    after.apply(removal)
    part = after.view(player).modules["treasure"]
    assert len(part["reserve_chests"][player]) == 1
    ax = draw_player(after.view(player), player)
    assert len(artist(ax, "chests").get_paths()) == len(carrying)
    assert "(+1 on the reserve)" in ax.get_title(loc="left")


# -- the card modules: sticks, gates, characters, thieves, coins -----------------------------


def test_sticks_drawn_apart_from_printed_walls_and_counted(game):
    for name, layout in layouts(game).items():
        ax = draw_player(game.view(name), name)
        sticks = stick_sides(layout)
        drawn = artist(ax, "sticks")
        assert (0 if drawn is None else len(drawn.get_segments())) == sum(map(len,
                                                                              sticks.values()))
        if sticks:
            assert tuple(drawn.get_colors()[0][:3]) == to_rgb(STICK_COLOUR) != to_rgb(WALL_COLOUR)
            assert f"sticks {sum(map(len, sticks.values()))}" in ax.get_title(loc="left")
        printed = {frozenset(map(tuple, s)) for s in artist(ax, "walls").get_segments()}
        assert len(printed) == len(artist(ax, "walls").get_segments())  # back to back: one
        expected = set()
        for (x, y), tile in layout.items():
            for side in tile.printed.wall_sides:
                expected.add(frozenset(tuple(map(float, p)) for p in _side(x, y, side)))
        assert printed == expected  # the printed walls only


def _side(x, y, side):
    return side_segment((x, y), side)


def test_sticks_on_a_board_and_on_its_reserve():
    """An Alhambra built by hand: sticks are their own layer, apart from printed walls."""
    ax = draw_alhambra(Alhambra.from_layout({(0, 0): Tile("fountain", 0),
                                            (1, 0): Tile("garden", 8, "", sticks="NE")}))
    assert len(artist(ax, "sticks").get_segments()) == 2
    assert artist(ax, "walls").get_segments() == []
    a = Alhambra()
    a.place(Tile("tower", 9, "W", sticks="N"), (-1, 0))
    ax = draw_alhambra(a, reserve=[Tile("garden", 6, "S", sticks="W")])
    assert len(artist(ax, "sticks").get_segments()) == 1
    assert len(artist(ax, "walls").get_segments()) == 1
    assert len(artist(ax, "reserve_sticks").get_segments()) == 1
    assert len(artist(ax, "reserve_walls").get_segments()) == 1
    assert artist(draw_alhambra(Alhambra()), "sticks") is None  # the base game: no layer


def test_gates_on_the_double_walls_they_open(game):
    for name in game.players:
        gates = game.alhambra(name).gates()
        ax = draw_player(game.view(name), name)
        drawn = artist(ax, "gates")
        assert (0 if drawn is None else len(drawn.get_paths())) == len(gates)
        for path, (low, high) in zip(drawn.get_paths() if gates else (), sorted(gates)):
            middle = path.vertices[:4].mean(axis=0)  # on the side the two cells share
            assert tuple(middle) == pytest.approx(((low[0] + high[0]) / 2 + 0.5,
                                                   (low[1] + high[1]) / 2 + 0.5))
        if gates:
            assert f"gates {len(gates)}" in ax.get_title(loc="left")


def test_gate_cards_beside_the_display_and_held(game):
    part = game.view("Ana").modules["gates"]
    ax = draw_module(game.view("Ana"), "gates")
    assert artist(ax, "gate_players").texts == ("beside", *game.players)
    cards = artist(ax, "gate_card_currencies")
    held = int(part["beside"]) + sum(part["held"].values())
    assert (() if cards is None else cards.texts) == ("gate",) * held
    notes = artist(ax, "gate_notes").texts
    assert [n for n in notes if n.endswith("built")] == [
        f"{len(g)} gate{'' if len(g) == 1 else 's'} built" for g in part["gates"].values()]


def test_wall_cards_beside_the_market(game):
    part = game.view("Ana").modules["city_walls"]
    ax = draw_module(game.view("Ana"), "city_walls")
    assert artist(ax, "wall_card_values").texts == tuple(c.sides for c in part["beside"])
    assert f"{part['sticks_left']} sticks left" in artist(ax, "wall_notes").get_text()
    assert card_face(WallCard("NE")).value == "NE" and card_face(GateCard()).label == "gate"


def test_characters_face_up_with_the_wise_mans_type(game):
    part = game.view("Ana").modules["characters"]
    ax = draw_module(game.view("Ana"), "characters")
    owned = [c for cards in part["owned"].values() for c in cards]
    assert len(artist(ax, "character_cards").get_paths()) == len(owned)
    notes = artist(ax, "character_notes").texts
    wise = next(p for p, cards in part["owned"].items() if any(c.id == "wise_man" for c in cards))
    assert f"The Wise Man: half a {part['wise_man']}" in notes[list(part["owned"]).index(wise)]


def test_a_provisional_character_is_labelled_so(game):
    view = game.view("Ana")
    characters = dict(view.modules["characters"], auction=None)
    characters["owned"] = {**characters["owned"], "Ben": (CharacterCard("end_bonus"),)}
    ax = draw_module(replace(view, modules={**view.modules, "characters": characters}),
                     "characters")
    assert any(n.endswith("(provisional)") for n in artist(ax, "character_notes").texts)
    assert not any("Wise Man" in n and "provisional" in n
                   for n in artist(ax, "character_notes").texts)


def test_thieves_own_face_up_the_others_a_count(game):
    for viewer in game.players:
        part = game.view(viewer).modules["thieves"]
        ax = draw_module(game.view(viewer), "thieves")
        labels = artist(ax, "thief_card_currencies")
        expected = []
        for player, n in part["counts"].items():
            expected += ([f"{c}\nthief" for c in part["hand"]] if player == viewer
                         else ["hidden"] * n)
        assert (() if labels is None else labels.texts) == tuple(expected)
        hidden = draw_module(game.view(viewer), "thieves", secrets=False)
        values = artist(hidden, "thief_card_values")
        assert (() if values is None else values.texts) == ("?",) * sum(part["counts"].values())
        assert f"{len(part['played'])} played" in ax.get_title(loc="left")


def test_coins_face_up_and_the_bag(game):
    part = game.view("Ana").modules["change"]
    ax = draw_module(game.view("Ana"), "change")
    coins = [c for cs in part["coins"].values() for c in cs]
    assert artist(ax, "coin_card_currencies").texts == tuple(f"{c.currency}\ncoin"
                                                              for c in coins)
    assert f"{part['bag']} in the bag" in ax.get_title(loc="left")


def test_diamonds_and_master_builders_show_on_the_display_and_in_hands(game):
    fig = draw_game(game, viewer="Ana")
    market = next(ax for ax in fig.axes if ax.get_title(loc="left").startswith("Market"))
    assert artist(market, "card_currencies").texts == tuple(card_face(c).label
                                                            for c in game.display)
    hand = next(ax for ax in fig.axes if ax.get_title(loc="left") == "Ana's hand")
    assert artist(hand, "card_currencies").texts == tuple(card_face(c).label
                                                          for c in game.hand("Ana"))
    shown = set(artist(market, "card_currencies").texts + artist(hand, "card_currencies").texts)
    assert shown & {"diamond"} and any(t.endswith("builder") for t in shown)
