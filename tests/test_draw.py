"""The drawings: rendered off-screen (Agg) for empty, small, ring-walled and 54-tile
Alhambras, and checked for what they show, not only that they run.

The drawings never touch pyplot; the root conftest.py sets MPLBACKEND=Agg for the one
test that imports it.
"""

from __future__ import annotations

import pytest
from matplotlib.colors import to_rgb
from matplotlib.figure import Figure

from alhambra_lib import BUILDING_TILES, KINDS, Alhambra, Game, Tile
from alhambra_lib.bots import GreedyBot, play
from alhambra_lib.draw import (
    REASON_TAGS,
    artist,
    board_key,
    draw_alhambra,
    draw_game,
    draw_key,
    draw_majorities,
    draw_market,
    draw_score_track,
    draw_tile,
    draw_walls_explained,
    png_of,
)
from alhambra_lib.grid import side_segment
from alhambra_lib.palette import KIND_COLOURS
from alhambra_lib.scoring import score_majorities
from alhambra_lib.teaching.demo import random_alhambra
from alhambra_lib.teaching.wall_steps import wall_steps
from alhambra_lib.walls import external_segments

PNG = b"\x89PNG\r\n\x1a\n"
RING_CELLS = [(-1, 1), (0, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (0, -1), (1, -1)]


def ring_alhambra():
    """RULES.md figure 2: the fountain ringed by eight gardens, the 12 outer sides walled."""
    layout = {}
    for x, y in RING_CELLS:
        walls = ("N" if y == 1 else "") + ("E" if x == 1 else "") + \
                ("S" if y == -1 else "") + ("W" if x == -1 else "")
        layout[(x, y)] = Tile("garden", 8, walls)
    return Alhambra.from_layout(layout)


def small_alhambra():
    a = Alhambra()
    a.place(Tile("tower", 9, "NE"), (1, 0))
    a.place(Tile("garden", 8, "W"), (-1, 0))
    a.place(Tile("pavilion", 2, "S"), (0, -1))
    return a


ALHAMBRAS = {
    "empty": Alhambra,
    "small": small_alhambra,
    "ring": ring_alhambra,
    "full": lambda: random_alhambra(seed=11, tiles=54),
}


@pytest.fixture(scope="module", params=list(ALHAMBRAS))
def alhambra(request):
    return ALHAMBRAS[request.param]()


@pytest.fixture(scope="module")
def finished_game():
    return play(Game(["Ana", "Ben", "Cy"], seed=7), [GreedyBot(), GreedyBot(), GreedyBot()])


def drawn_walls(layout):
    """Every walled side of the layout, a wall two tiles share counted once."""
    return {side_segment(cell, side) for cell, tile in layout.items() for side in tile.wall_sides}


def cells_of(collection):
    """The lower-left corners of the unit squares of a PolyCollection."""
    return {tuple(round(v) for v in path.vertices.min(axis=0))
            for path in collection.get_paths()}


def legend_labels(ax):
    return [t.get_text() for t in ax.get_legend().get_texts()]


# -- draw_alhambra ---------------------------------------------------------------------------


def test_the_full_alhambra_really_is_big():
    assert len(ALHAMBRAS["full"]()) - 1 >= 40


def test_tiles_walls_fountain_and_prices(alhambra):
    ax = draw_alhambra(alhambra)
    layout = alhambra.layout
    tiles = artist(ax, "tiles")
    assert cells_of(tiles) == set(layout)
    assert len(artist(ax, "walls").get_segments()) == len(drawn_walls(layout))
    assert sorted(artist(ax, "prices").texts) == sorted(
        str(t.price) for t in layout.values() if t.kind != "fountain")
    assert artist(ax, "fountain").center == (0.5, 0.5)
    colours = {tuple(c[:3]) for c in tiles.get_facecolors()}
    assert colours == {to_rgb(KIND_COLOURS[t.kind]) for t in layout.values()}


def test_north_up_square_cells_and_readable_coordinates(alhambra):
    ax = draw_alhambra(alhambra)
    bottom, top = ax.get_ylim()
    left, right = ax.get_xlim()
    assert bottom < top and left < right  # y grows upwards: north is up
    assert ax.get_aspect() == 1.0
    xs = [x for x, _ in alhambra.layout]
    ys = [y for _, y in alhambra.layout]
    assert artist(ax, "x_coordinates").texts == tuple(
        str(x) for x in range(min(xs) - 1, max(xs) + 2))
    assert artist(ax, "y_coordinates").texts == tuple(
        str(y) for y in range(min(ys) - 1, max(ys) + 2))
    assert "east" in ax.get_xlabel() and "north" in ax.get_ylabel()


def test_longest_wall_traced_and_stated(alhambra):
    ax = draw_alhambra(alhambra)
    length = alhambra.longest_wall()
    assert f"longest wall {length}" in ax.get_title(loc="left")
    assert f"longest wall: {length}" in legend_labels(ax)
    trace = artist(ax, "longest_wall")
    if length == 0:
        assert trace is None
    else:
        assert len(trace.get_xydata()) == length + 1
        assert [tuple(p) for p in trace.get_xydata()] == alhambra.longest_wall_path()


def test_ring_of_figure_2():
    a = ring_alhambra()
    ax = draw_alhambra(a)
    assert len(artist(ax, "walls").get_segments()) == 12
    assert "longest wall 12" in ax.get_title(loc="left")
    points = artist(ax, "longest_wall").get_xydata()
    assert len(points) == 13 and tuple(points[0]) == tuple(points[-1])  # a closed loop


def test_legend_has_every_tile_type(alhambra):
    labels = legend_labels(draw_alhambra(alhambra))
    assert labels[:7] == ["fountain", *KINDS]
    assert labels[7:] == ["wall", f"longest wall: {alhambra.longest_wall()}"]


@pytest.mark.parametrize("tile", [BUILDING_TILES[0], Tile("garden", 8, ""), Tile("tower", 9, "W")])
def test_legal_cells_shaded(alhambra, tile):
    ax = draw_alhambra(alhambra, legal_for=tile)
    legal = alhambra.legal_positions(tile)
    shaded = artist(ax, "legal")
    assert len(shaded.get_paths()) == len(legal)
    assert cells_of(shaded) == legal
    assert f"legal on {len(legal)} of {len(alhambra.frontier())} frontier cells" in ax.get_title(
        loc="left")
    # one cell is "1 cell" (issue 33: counts said in the plural the language uses for them)
    cells = "1 cell" if len(legal) == 1 else f"{len(legal)} cells"
    assert f"legal for {tile}: {cells}" in legend_labels(ax)


def test_reason_codes_on_every_frontier_cell(alhambra):
    tile = Tile("chambers", 5, "NW")
    ax = draw_alhambra(alhambra, explain_for=tile)
    frontier = sorted(alhambra.frontier())
    expected = []
    for cell in frontier:
        verdict = alhambra.check(tile, cell)
        expected.append("ok" if verdict.ok else
                        "\n".join(REASON_TAGS[code][0] for code in verdict.reasons))
    reasons = artist(ax, "reasons")
    assert reasons.texts == tuple(expected)
    assert [tuple(xy) for xy in reasons.get_offsets()] == [(x + 0.5, y + 0.5) for x, y in frontier]
    assert cells_of(artist(ax, "illegal")) == {c for c in frontier if not alhambra.check(tile, c)}
    labels = legend_labels(ax)
    assert all(key in labels for _, key in REASON_TAGS.values())


def test_reserve_drawn_beside(alhambra):
    reserve = list(BUILDING_TILES[:5])
    ax = draw_alhambra(alhambra, reserve=reserve)
    xs = [x for x, _ in alhambra.layout]
    assert len(artist(ax, "reserve_tiles").get_paths()) == 5
    assert artist(ax, "reserve_prices").texts == tuple(str(t.price) for t in reserve)
    assert min(cells_of(artist(ax, "reserve_tiles")))[0] > max(xs) + 1  # right of the frontier
    assert artist(ax, "x_coordinates").texts[-1] == "reserve"


@pytest.mark.parametrize("size", [1, 2, 5, 12])
def test_reserve_tiles_stand_clear_of_the_frame(size):
    # A tile flush with the top of the frame would lose half of its north wall to it.
    reserve = [Tile("tower", 13, "NESW")] * size
    for alhambra in (Alhambra(), small_alhambra()):
        ax = draw_alhambra(alhambra, reserve=reserve)
        (left, right), (bottom, top) = ax.get_xlim(), ax.get_ylim()
        for path in artist(ax, "reserve_tiles").get_paths():
            (x0, y0), (x1, y1) = path.vertices.min(axis=0), path.vertices.max(axis=0)
            assert left < x0 and x1 <= right - 0.2 and bottom + 0.2 <= y0 and y1 <= top - 0.2


def test_options_off():
    ax = draw_alhambra(small_alhambra(), wall=False, legend=False, label="Ana")
    assert artist(ax, "longest_wall") is None and ax.get_legend() is None
    assert ax.get_title(loc="left") == "Ana: 3 tiles"


def test_draws_on_a_given_axes_without_pyplot():
    import matplotlib.pyplot as plt

    fig = Figure()
    ax = fig.add_subplot()
    assert draw_alhambra(small_alhambra(), ax) is ax
    assert plt.get_fignums() == []  # nothing was left in pyplot's global state


def test_png_renders(alhambra):
    png = png_of(draw_alhambra(alhambra, legal_for=BUILDING_TILES[3], explain_for=BUILDING_TILES[3],
                               reserve=BUILDING_TILES[:3]))
    assert png.startswith(PNG) and len(png) > 5_000


def test_bad_input_is_refused():
    with pytest.raises(TypeError, match="expected an Alhambra"):
        draw_alhambra({(0, 0): None})
    with pytest.raises(TypeError, match="cannot draw a int"):
        png_of(3)


# -- the other drawings --------------------------------------------------------------------------


def test_draw_tile_and_png_of_a_tile():
    tile = Tile("tower", 13, "NES")
    ax = draw_tile(tile)
    assert ax.get_title() == "13-tower\nwalls N, E, S"
    assert len(artist(ax, "walls").get_segments()) == 3
    assert artist(ax, "sides").texts == ("N", "E", "S", "W")
    assert png_of(tile).startswith(PNG)
    assert png_of(ax.figure) == ax.figure._repr_png_()  # a cell value shows itself


def test_board_key_and_draw_key():
    assert len(board_key()) == 9
    assert len(board_key(legal_for="x", explain_for="x")) == 14
    assert legend_labels(draw_key())[7] == "legal for the tile"


def test_draw_market(finished_game):
    game = Game(["Ana", "Ben", "Cy"], seed=7)
    ax = draw_market(game)
    assert artist(ax, "square_names").texts == ("1 denar", "2 dirham", "3 ducat", "4 florin")
    tiles = [t for _, t in game.market if t is not None]
    assert artist(ax, "market_prices").texts == tuple(str(t.price) for t in tiles)
    assert artist(ax, "card_values").texts == tuple(str(c.value) for c in game.display)
    assert f"bag {game.bag_size} tiles" in ax.get_title(loc="left")
    empty = draw_market(finished_game)  # the last tiles were handed out
    assert len(artist(empty, "empty_squares").texts) == sum(t is None for _, t in
                                                             finished_game.market)


def test_draw_majorities_states_leads_ties_and_points():
    counts = {"Ana": {"tower": 4, "garden": 2}, "Ben": {"tower": 4}, "Cy": {"tower": 2}}
    ax = draw_majorities(counts, 2)
    totals = score_majorities(counts, 2)
    assert ax.get_title(loc="left") == "Round 2 majorities: " + ", ".join(
        f"{p} {n}" for p, n in totals.items())
    labels = artist(ax, "bar_labels").texts
    assert len(labels) == 3 * len(KINDS)
    assert labels[-3:] == ("4 · tie for 1st, 9 points", "4 · tie for 1st, 9 points",
                           "2 · 3rd, 0 points")
    assert artist(ax, "headers").texts[-1] == "tower: 1st / 2nd pay 13 / 6"
    assert ax.get_xlabel() and ax.get_ylabel()


def test_draw_score_track_of_a_game(finished_game):
    ax = draw_score_track(finished_game.events)
    scores = finished_game.scores
    assert artist(ax, "totals").texts[-3:] == tuple(str(scores[n]) for n in finished_game.players)
    assert legend_labels(ax) == [*finished_game.players, "majorities", "walls"]
    hatched = [p for p in ax.patches if p.get_gid() == "walls"]
    assert len(hatched) == 9  # 3 rounds x 3 players
    last_round = [e for e in finished_game.events if e["type"] == "scoring"][-1]
    assert [p.get_height() for p in hatched[-3:]] == [
        sum(e["walls"][n] for e in finished_game.events if e["type"] == "scoring")
        for n in finished_game.players]
    assert last_round["round"] == 3
    assert draw_score_track([]).texts[0].get_text() == "no scoring round yet"


def test_draw_score_track_splits_the_points_by_term():
    events = [{"type": "scoring", "round": 1, "walls": {"Ana": 3, "Ben": 1},
               "points": {"Ana": 9, "Ben": 4},
               "parts": {"majorities": {"Ana": 4, "Ben": 3}, "walls": {"Ana": 3, "Ben": 1},
                         "street_merchant": {"Ana": 2, "Ben": 0}}},
              {"type": "scoring", "round": 2, "walls": {"Ana": 2, "Ben": 5},
               "points": {"Ana": 7, "Ben": 5}}]  # an old event: no parts
    ax = draw_score_track(events)
    assert legend_labels(ax) == ["Ana", "Ben", "majorities", "walls", "street merchant"]
    heights = {gid: [p.get_height() for p in ax.patches if p.get_gid() == gid]
               for gid in ("majorities", "walls", "street_merchant")}
    # round 1 then round 2, Ana then Ben; the old event's majorities are points - walls
    assert heights == {"majorities": [4, 3, 9, 3], "walls": [3, 1, 5, 6],
                       "street_merchant": [2, 0, 2, 0]}
    assert artist(ax, "totals").texts == ("9", "4", "16", "9")


def test_draw_game_shows_everything(finished_game):
    fig = draw_game(finished_game)
    assert isinstance(fig, Figure) and fig.figure is fig
    titles = [ax.get_title(loc="left") for ax in fig.axes]
    assert titles[0].startswith("Market and display")
    assert titles[1].startswith("Points after each scoring round")
    for name in finished_game.players:
        assert any(t.startswith(f"{name} ({finished_game.scores[name]} points)") for t in titles)
    assert fig._suptitle.get_text().startswith("Game over")
    assert png_of(finished_game).startswith(PNG)


def test_draw_game_two_players_shows_dirk():
    game = Game(["Ana", "Ben"], seed=3)
    fig = draw_game(game)
    dirk = fig.axes[-1]
    assert dirk.get_title(loc="left").startswith("Dirk's tiles")
    assert len(artist(dirk, "dirk_tiles").get_paths()) == len(game.dirk_tiles)


def test_walls_explained_for_every_step(alhambra):
    steps = wall_steps(alhambra)
    external = external_segments(alhambra.layout)
    for step in steps:
        ax = draw_walls_explained(alhambra, **step.overlay())
        assert ax.get_title(loc="left") == step.title
    ax = draw_walls_explained(alhambra, **steps[1].overlay())
    drawn = artist(ax, "external")
    assert (drawn is None and not external) or len(drawn.get_segments()) == len(external)
    ax = draw_walls_explained(alhambra, **steps[3].overlay())
    assert len(artist(ax, "chain_lengths").texts if steps[3].chains else ()) == len(steps[3].chains)
    ax = draw_walls_explained(alhambra, **steps[4].overlay())
    assert f"longest wall: {alhambra.longest_wall()}" in legend_labels(ax) or not steps[4].trail


def test_forks_of_the_single_hole_rule_are_marked():
    a = random_alhambra(seed=17, tiles=54, hole_rule="single")  # has a pinch: a 4-way corner
    step = wall_steps(a)[2]
    forks = [c for c, degree in step.corners.items() if degree > 2]
    assert forks
    ax = draw_walls_explained(a, **step.overlay())
    assert "fork corner" in legend_labels(ax)
    assert len(artist(ax, "corners").get_offsets()) == len(step.corners)


def test_draw_game_shows_an_exchange_card_on_the_display():
    """An exchange card (RULES.md §M2) is drawn as a grey card naming its two currencies."""
    from alhambra_lib.bots import RandomBot
    from alhambra_lib.components import ExchangeCard

    game, bot = Game(["A", "B", "C"], seed=6, modules=("exchange",)), RandomBot(1)
    while not any(isinstance(c, ExchangeCard) for c in game.display):
        game.apply(bot.choose(game.view(game.current_player), game.legal_actions()))
    fig = draw_game(game)
    texts = [t for ax in fig.axes if artist(ax, "card_currencies") is not None
             for t in artist(ax, "card_currencies").texts]
    assert "duc/flo" in texts


def test_legend_names_mega_box_tiles_and_says_their_data_is_provisional():
    """RULES.md §M4/§M16: placeholder tile data is labelled as such in the legend."""
    from alhambra_lib.components import tile_set

    alhambra = Alhambra()
    hut = next(t for t in tile_set("huts").tiles if t.wall_sides == "N")
    alhambra.place(hut, (0, 1))
    bazaar = tile_set("bazaars").tiles[0]
    alhambra.place(bazaar, (1, 0))
    ax = draw_alhambra(alhambra)
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "hut (provisional data)" in labels and "bazaar (provisional data)" in labels
    assert "camp (provisional data)" not in labels
    fills = {tuple(round(c, 3) for c in f[:3]) for f in artist(ax, "tiles").get_facecolors()}
    assert tuple(round(c, 3) for c in to_rgb(KIND_COLOURS[hut.marks[0]])) in fills  # its type
    assert tuple(round(c, 3) for c in to_rgb(KIND_COLOURS["hut"])) not in fills
