"""Plain, slow re-implementations of RULES.md for the tests (not part of alhambra_lib).

Everything here works on a plain dict ``{(x, y): walls}`` where ``walls`` is any
collection of side letters, and never imports the library's algorithms: the tests
compare the library against these straightforward readings of RULES.md §6-§8.

Coordinates follow RULES.md §2: x grows east, y grows north, cell (x, y) covers
[x, x+1] x [y, y+1], corners are integer points.
"""

from __future__ import annotations

from collections import deque
from itertools import pairwise

SIDES = "NESW"
STEP = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
OPP = {"N": "S", "E": "W", "S": "N", "W": "E"}
KIND_OF_LETTER = {"F": "fountain", "P": "pavilion", "S": "seraglio", "A": "arcades",
                  "C": "chambers", "G": "garden", "T": "tower"}
KINDS_IN_TABLE_ORDER = ("pavilion", "seraglio", "arcades", "chambers", "garden", "tower")
# RULES.md §8.2: first-place points in rounds 1, 2, 3.
FIRST = {"pavilion": (1, 8, 16), "seraglio": (2, 9, 17), "arcades": (3, 10, 18),
         "chambers": (4, 11, 19), "garden": (5, 12, 20), "tower": (6, 13, 21)}
# RULES.md §8.2 written out as the table reads: round -> kind -> points per place.
TABLE = {
    1: {k: (FIRST[k][0],) for k in FIRST},
    2: {k: (FIRST[k][1], FIRST[k][0]) for k in FIRST},
    3: {k: (FIRST[k][2], FIRST[k][1], FIRST[k][0]) for k in FIRST},
}
PLACEMENT_CODE_ORDER = ("occupied", "not_adjacent", "walls_mismatch", "unreachable", "hole")


def nb(cell, side):
    dx, dy = STEP[side]
    return (cell[0] + dx, cell[1] + dy)


def segment(cell, side):
    """The side of a cell as a frozenset of its two corner points (RULES.md §2 table)."""
    x, y = cell
    return frozenset({
        "N": ((x, y + 1), (x + 1, y + 1)),
        "E": ((x + 1, y), (x + 1, y + 1)),
        "S": ((x, y), (x + 1, y)),
        "W": ((x, y), (x, y + 1)),
    }[side])


def walls_of(layout):
    """{cell: frozenset(walls)} from a mapping cell -> Tile or cell -> walls."""
    out = {}
    for c, v in layout.items():
        w = getattr(v, "walls", v)
        out[tuple(c)] = frozenset(w)
    return out


# ---------------------------------------------------------------- walking, holes

def walkable_pairs(w):
    """Set of frozenset({a, b}) of side-neighbouring built cells with the shared side open on both."""
    pairs = set()
    for c, walls in w.items():
        for s in "NE":
            d = nb(c, s)
            if d in w and s not in walls and OPP[s] not in w[d]:
                pairs.add(frozenset((c, d)))
    return pairs


def reachable_from_fountain(w, start=(0, 0)):
    if start not in w:
        return set()
    seen = {start}
    todo = [start]
    while todo:
        c = todo.pop()
        for s in SIDES:
            d = nb(c, s)
            if d in w and d not in seen and s not in w[c] and OPP[s] not in w[d]:
                seen.add(d)
                todo.append(d)
    return seen


def enclosed_cells(cells):
    """Empty cells inside the bounding box of `cells` that cannot reach outside the box
    by N/E/S/W steps through empty cells (RULES.md §6 `hole`)."""
    cells = set(cells)
    if not cells:
        return set()
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    # Flood the empty cells of the box grown by one from its frame (all outside the box).
    seen = set()
    todo = deque()
    for x in range(x0 - 1, x1 + 2):
        for y in (y0 - 1, y1 + 1):
            seen.add((x, y))
            todo.append((x, y))
    for y in range(y0, y1 + 1):
        for x in (x0 - 1, x1 + 1):
            seen.add((x, y))
            todo.append((x, y))
    while todo:
        c = todo.popleft()
        for s in SIDES:
            d = nb(c, s)
            if x0 - 1 <= d[0] <= x1 + 1 and y0 - 1 <= d[1] <= y1 + 1 and d not in seen \
                    and d not in cells:
                seen.add(d)
                todo.append(d)
    return {(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)
            if (x, y) not in cells and (x, y) not in seen}


def single_holes(cells):
    """Empty cells with four built side-neighbours (the `hole_rule="single"` reading)."""
    cells = set(cells)
    cand = {nb(c, s) for c in cells for s in SIDES} - cells
    return {e for e in cand if all(nb(e, s) in cells for s in SIDES)}


def holes(cells, hole_rule):
    return enclosed_cells(cells) if hole_rule == "enclosed" else single_holes(cells)


def frontier(w):
    return {nb(c, s) for c in w for s in SIDES} - set(w)


def mismatched_pairs(w):
    bad = []
    for c, walls in w.items():
        for s in "NE":
            d = nb(c, s)
            if d in w and (s in walls) != (OPP[s] in w[d]):
                bad.append((c, d))
    return bad


# ---------------------------------------------------------------- §6 placement

def placement_codes(w, t_walls, c, hole_rule="enclosed"):
    """Reason codes of RULES.md §6 for a tile with walls `t_walls` on cell `c`, in table order."""
    t_walls = frozenset(t_walls)
    c = tuple(c)
    if c in w:
        return ("occupied",)
    built = [(s, nb(c, s)) for s in SIDES if nb(c, s) in w]
    if not built:
        return ("not_adjacent",)
    codes = []
    if any((s in t_walls) != (OPP[s] in w[d]) for s, d in built):
        codes.append("walls_mismatch")
    if not any(s not in t_walls and OPP[s] not in w[d] for s, d in built):
        codes.append("unreachable")
    if holes(set(w) | {c}, hole_rule):
        codes.append("hole")
    return tuple(codes)


def legal_cells(w, t_walls, hole_rule="enclosed"):
    return {c for c in frontier(w) if not placement_codes(w, t_walls, c, hole_rule)}


# ---------------------------------------------------------------- §7 removal

def removal_codes(w, c, fountain=(0, 0)):
    c = tuple(c)
    if c not in w:
        return ("empty",)
    if c == fountain:
        return ("fountain",)
    codes = []
    if all(nb(c, s) in w for s in SIDES):
        codes.append("hole")
    rest = {d: v for d, v in w.items() if d != c}
    if reachable_from_fountain(rest, fountain) != set(rest):
        codes.append("disconnects")
    return tuple(codes)


# ---------------------------------------------------------------- §8.4 walls

def external_segments(w):
    """Wall segments of built tiles whose cell across is empty (RULES.md §8.4)."""
    segs = set()
    for c, walls in w.items():
        for s in walls:
            if nb(c, s) not in w:
                segs.add(segment(c, s))
    return segs


def longest_trail(segs):
    """Length of the longest trail (no segment twice, corners may repeat): brute-force DFS."""
    adj = {}
    for seg in segs:
        a, b = tuple(seg)
        adj.setdefault(a, []).append((b, seg))
        adj.setdefault(b, []).append((a, seg))
    best = 0
    used = set()

    def dfs(v, length):
        nonlocal best
        best = max(best, length)
        if best == len(segs):
            return
        for u, seg in adj[v]:
            if seg not in used:
                used.add(seg)
                dfs(u, length + 1)
                used.discard(seg)
                if best == len(segs):
                    return

    for v in adj:
        dfs(v, 0)
        if best == len(segs):
            break
    return best


def check_wall_path(path, length, segs):
    """Assert that `path` is a trail of `length` segments, all in `segs` (RULES.md §8.4)."""
    path = [tuple(p) for p in path]
    if length == 0:
        assert path == [], f"no wall but a path {path}"
        return
    assert len(path) == length + 1, f"path of {len(path)} points for a wall of {length}"
    for p in path:
        assert len(p) == 2 and all(isinstance(v, int) for v in p), f"bad corner {p!r}"
    used = set()
    for a, b in pairwise(path):
        assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1, f"{a}->{b} is not one unit"
        seg = frozenset((a, b))
        assert seg in segs, f"{a}->{b} is not an external wall segment"
        assert seg not in used, f"{a}->{b} used twice"
        used.add(seg)


# ---------------------------------------------------------------- §8.3 majorities

def majority_points(counts, round_no):
    """{player: points} for RULES.md §8.2/§8.3, written independently from the table."""
    out = {p: 0 for p in counts}
    for kind in KINDS_IN_TABLE_ORDER:
        pays = TABLE[round_no][kind]
        have = {p: c.get(kind, 0) for p, c in counts.items() if c.get(kind, 0) > 0}
        for p, n in have.items():
            place = 1 + sum(1 for m in have.values() if m > n)
            k = sum(1 for m in have.values() if m == n)
            pool = sum(pays[q - 1] if q <= len(pays) else 0 for q in range(place, place + k))
            out[p] += pool // k
    return out


def layout_valid(w, fountain_cell=(0, 0), hole_rule="enclosed"):
    """Whole-layout validity per RULES.md §2/§6: the fountain (walls-free) at (0, 0), touching
    sides matched, every tile walkable from the fountain, no hole."""
    return (fountain_cell in w and not w[fountain_cell]
            and not mismatched_pairs(w)
            and reachable_from_fountain(w, fountain_cell) == set(w)
            and not holes(set(w), hole_rule))
