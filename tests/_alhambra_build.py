"""Test helpers that drive the public API: make tiles, build layouts legally, snapshot state."""

from __future__ import annotations

import random

from alhambra_lib import BUILDING_TILES, FOUNTAIN, Alhambra, Tile

import reference_rules as ref


_DEFAULT_PRICE = {"pavilion": 2, "seraglio": 3, "arcades": 4, "chambers": 5, "garden": 6,
                  "tower": 7, "fountain": 0}


def tile(kind, walls="", price=None):
    """A Tile of `kind` with `walls`; the price of a real tile with these walls if there is one."""
    if kind == "fountain":
        return FOUNTAIN
    if price is None:
        same = [t.price for t in BUILDING_TILES if t.kind == kind and t.walls == frozenset(walls)]
        price = min(same) if same else _DEFAULT_PRICE[kind]
    return Tile(kind, price, walls)


def peer_layout(rows):
    """peer_cases.json tiles [x, y, letter, walls] (y grows south) -> {(x, -y): Tile}."""
    out = {}
    for x, y, letter, walls in rows:
        out[(x, -y)] = tile(ref.KIND_OF_LETTER[letter], walls)
    return out


def peer_cells(cells):
    return {(x, -y) for x, y in cells}


def build(cells, hole_rule="enclosed", attempts=60, seed=0):
    """Build the layout {cell: Tile} (fountain at (0, 0) optional) with place() calls in a
    legal order, or raise AssertionError if no order is found (greedy with restarts)."""
    target = {tuple(c): t for c, t in cells.items() if tuple(c) != (0, 0)}
    if (0, 0) in cells:
        assert cells[(0, 0)] == FOUNTAIN
    w = ref.walls_of({**target, (0, 0): FOUNTAIN})
    # walking distance from the fountain in the target layout: a natural building order
    dist = {(0, 0): 0}
    todo = [(0, 0)]
    while todo:
        nxt = []
        for c in todo:
            for s in ref.SIDES:
                d = ref.nb(c, s)
                if d in w and d not in dist and s not in w[c] and ref.OPP[s] not in w[d]:
                    dist[d] = dist[c] + 1
                    nxt.append(d)
        todo = nxt
    assert set(dist) == set(w), f"target layout not walk-connected: {sorted(set(w) - set(dist))}"
    rng = random.Random(seed)
    for attempt in range(attempts):
        a = Alhambra(hole_rule=hole_rule) if hole_rule != "enclosed" else Alhambra()
        left = dict(target)
        while left:
            order = sorted(left, key=lambda c: (dist[c], rng.random() if attempt else c))
            for c in order:
                if a.check(left[c], c).ok:
                    a.place(left[c], c)
                    del left[c]
                    break
            else:
                break
        if not left:
            assert dict(a.layout) == {**target, (0, 0): FOUNTAIN}
            return a
    raise AssertionError(f"could not build the layout legally (hole_rule={hole_rule!r}): "
                         f"{sorted(left)} left")


def edge_set(g):
    return {frozenset(e) for e in g.edges()}


PROBE_TILES = (Tile("garden", 10, ""), Tile("tower", 9, "NE"), Tile("arcades", 5, "NW"),
               Tile("chambers", 5, "NSW"), Tile("seraglio", 8, "S"), Tile("pavilion", 6, "W"))


def snapshot(a):
    """Everything observable about an Alhambra through the contract."""
    return {
        "layout": dict(a.layout),
        "nodes": set(a.graph.nodes()),
        "edges": edge_set(a.graph),
        "wall": a.longest_wall(),
        "path_len": len(a.longest_wall_path()),
        "counts": dict(a.counts()),
        "legal": {t: frozenset(a.legal_positions(t)) for t in PROBE_TILES},
    }


# ---------------------------------------------------------------- RULES.md figures as place() orders

def fig3_steps(n_of_20_walled=False):
    """Figure 3 (§8.4) as a legal placement order: (cell, tile)."""
    return [
        ((0, 1), Tile("arcades", 5, "NW")),
        ((1, 0), Tile("pavilion", 6, "N")),
        ((1, 1), Tile("arcades", 4, "NES")),
        ((2, 0), Tile("tower", 8, "NES") if n_of_20_walled else Tile("pavilion", 4, "ES")),
    ]


def fig2_steps(open_cell=None):
    """Figure 2 (§8.4): fountain and 8 tiles, all 12 outer sides walled; `open_cell`'s outer
    walls removed if given (only (0, 1) is used: its single outer side, N)."""
    walls = {(0, 1): "N", (1, 0): "E", (-1, 0): "W", (0, -1): "S",
             (1, 1): "NE", (-1, 1): "NW", (1, -1): "SE", (-1, -1): "SW"}
    if open_cell is not None:
        walls[open_cell] = ""
    return [(c, Tile("garden", 10, w) if len(w) < 2 else Tile("tower", 9, w))
            for c, w in walls.items()]


def fig1_steps():
    """Figure 1 (§6) without the closing tile: no walls anywhere."""
    cells = [(0, 1), (1, 1), (2, 1), (0, -1), (1, -1), (2, -1), (3, -1)]
    return [(c, Tile("garden", 10, "")) for c in cells]


def apply(steps, hole_rule=None):
    a = Alhambra() if hole_rule is None else Alhambra(hole_rule=hole_rule)
    for c, t in steps:
        a.place(t, c)
    return a
