"""The bot protocol and the loop that lets bots play a game to the end."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Protocol, runtime_checkable

from ..actions import ACTION_KINDS
from ..components import KINDS
from ..grid import side_neighbours
from ..modules.bazaars import bazaar_points
from ..modules.camps import camp_points
from ..modules.squares import hut_bonus
from ..modules.treasure import CHEST_POINTS
from ..modules.treasure import COLOURS as CHEST_COLOURS
from ..scoring import place_groups

__all__ = ["Bot", "play", "KNOWN_KINDS", "MODULE_KINDS", "MERCHANT_KINDS", "known_actions"]

#: The street merchant's action kinds (Mega Box M12), all in its decision ``merchant``.
MERCHANT_KINDS = frozenset({"set_merchant", "take_citizen", "swap_citizen", "keep_citizens",
                            "place_merchant"})
#: The action kinds of the modules after the vizier that the bots judge: huts (M4),
#: chests (M13), the street merchant (M12) and bazaars (M16).
MODULE_KINDS = frozenset({"take_hut", "buy_chests", "place_chest", "buy_bazaar"}) | MERCHANT_KINDS
#: The action kinds the library's bots understand: the base game's, the vizier's
#: (Mega Box M1) and `MODULE_KINDS`. A bot skips any other kind a module may offer.
KNOWN_KINDS = frozenset({"take", "buy", "end", "place", "reserve", "give", "redesign",
                         "vizier", "decline", "wake"}) | MODULE_KINDS


def known_actions(legal_actions, known=KNOWN_KINDS):
    """The actions of `legal_actions` whose kind is in `known`, in order.

    When none is known (a module's own decision), the first action of a kind the game
    has registered (`actions.ACTION_KINDS`) alone, else the first: a bot still chooses
    deterministically, and never something it cannot judge while another is open.

    Examples
    --------
    >>> from alhambra_lib import End, Decline
    >>> known_actions([Decline(), End()], known={"end"})
    [End()]
    >>> known_actions([Decline(), End()], known=set())
    [Decline()]
    """
    chosen = [a for a in legal_actions if a.kind in known]
    if chosen:
        return chosen
    registered = [a for a in legal_actions if a.kind in ACTION_KINDS]
    return registered[:1] or list(legal_actions[:1])


@runtime_checkable
class Bot(Protocol):
    """Anything with ``choose(view, legal_actions) -> action``.

    `view` is the acting player's `GameView`; `legal_actions` is the game's list of
    legal actions, and the bot returns one of them.
    """

    def choose(self, view, legal_actions):
        """Return one of `legal_actions`."""


def _seat_bots(players, bots):
    if isinstance(bots, Mapping):
        seats = dict(bots)
    else:
        bots = list(bots)
        if len(bots) != len(players):
            raise ValueError(f"{len(players)} players need {len(players)} bots, got {len(bots)}")
        seats = dict(zip(players, bots))
    missing = [p for p in players if p not in seats]
    if missing:
        raise ValueError(f"no bot for {', '.join(missing)}")
    for name, bot in seats.items():
        if not isinstance(bot, Bot):
            raise TypeError(f"the bot of {name} has no choose(view, legal_actions) method")
    return seats


def play(game, bots, *, max_actions=100_000):
    """Let `bots` play `game` to the end and return the game.

    Parameters
    ----------
    game : Game
        A game in any state; it is played on in place.
    bots : mapping or sequence
        ``{name: bot}``, or one bot per player in seating order.
    max_actions : int
        A guard against bots that never let the game end (say, redesigning forever):
        a RuntimeError is raised after this many actions.

    Examples
    --------
    >>> from alhambra_lib import Game
    >>> from alhambra_lib.bots import RandomBot
    >>> play(Game(["Ana", "Ben"], seed=4), {"Ana": RandomBot(1), "Ben": RandomBot(2)}).is_over
    True
    """
    seats = _seat_bots(game.players, bots)
    for _ in range(max_actions):
        if game.is_over:
            return game
        name = game.decision.player  # who decides now, in or out of seat order
        game.apply(seats[name].choose(game.view(name), game.legal_actions()))
    if game.is_over:
        return game
    raise RuntimeError(f"the game did not end within {max_actions} actions")


# -- what the modules' tiles and actions are worth: shared by GreedyBot and StrategicBot --
#
# Pure functions of a `GameView` (no game state), each cheap enough to run per decision.
# In a game without the modules they are never called, or (`module_counts`) add nothing.


def module_counts(view, name):
    """``view.counts(name)`` plus the hut bonus (M4) of `name`'s Alhambra (`hut_bonus`).

    Only with the squares module; Dirk has no hut, and without huts the bonus is empty.
    """
    counts = view.counts(name)
    if "squares" in view.modules and name in view.layouts:
        for colour, n in hut_bonus(view.layouts[name]).items():
            counts[colour] += n
    return counts


def hut_bonus_at(layout, cell, hut):
    """What `hut` on the empty `cell` of `layout` adds to its colour's count (0 to 3).

    Examples
    --------
    >>> from alhambra_lib import Tile
    >>> garden = Tile("garden", 10, "")
    >>> hut_bonus_at({(1, 0): garden, (0, 1): garden}, (0, 0), Tile("hut", 0, "N", ("garden",)))
    1
    """
    trial = {cell: hut}
    for n in side_neighbours(cell):
        if n in layout:
            trial[n] = layout[n]
    return hut_bonus(trial).get(hut.marks[0], 0)


def hut_spots(view, hut):
    """``[(cell, bonus)]``: the cells of the player's Alhambra where `hut` may go now, in
    cell order, with what it would add to its colour's count there."""
    layout = view.layouts[view.player]
    return [(cell, hut_bonus_at(layout, cell, hut))
            for cell in sorted(view.alhambra(view.player).legal_positions(hut))]


def bazaar_points_at(layout, cell, bazaar):
    """The n x k points `bazaar` on the empty `cell` of `layout` would score now."""
    trial = dict(layout)
    trial[cell] = bazaar
    return bazaar_points(trial, cell)[2]


def bazaar_value(view, bazaar, reserve_share=0.5):
    """(points, legal): the best n x k `bazaar` would score now at a legal cell of the
    player's Alhambra; when no cell is legal, `reserve_share` of the best over the empty
    cells next to it (it waits on the reserve), and ``legal`` False."""
    layout = view.layouts[view.player]
    alhambra = view.alhambra(view.player)
    cells = alhambra.legal_positions(bazaar)
    legal = bool(cells)
    points = max((bazaar_points_at(layout, c, bazaar) for c in (cells or alhambra.frontier())),
                 default=0)
    return (points if legal else reserve_share * points), legal


def camp_gain_at(layout, cell, camp):
    """The camp points (per scoring) `camp` on the empty `cell` of `layout` adds."""
    trial = dict(layout)
    trial[cell] = camp
    return camp_points(trial) - camp_points(layout)


def best_camp_gain(view, camp):
    """The most camp points per scoring `camp` adds at a legal cell now, or None when no
    cell takes it."""
    layout = view.layouts[view.player]
    cells = view.alhambra(view.player).legal_positions(camp)
    return max((camp_gain_at(layout, c, camp) for c in cells), default=None)


def chest_counts(view):
    """``{player: chests on buildings in their Alhambra}`` (M13)."""
    return {p: len(cells) for p, cells in view.modules["treasure"]["chests"].items()}


def chest_handout(view, room):
    """``{player: chests placed}`` if the player bought the chests of `room` (1-3) now.

    The handing out of RULES.md §M13.3 on what is public: the buyer sets as many as it
    can on its buildings of their colours without a chest (those about to be built
    included), at most one per building; the rest go round the table from the left
    neighbour, each player setting what it can; what nobody can set goes back to the bag.
    """
    state = view.modules["treasure"]
    me = view.player
    seat = view.players.index(me)
    order = view.players[seat:] + view.players[:seat]
    left = Counter(CHEST_COLOURS[c] for c in state["rooms"][room - 1])
    placed = {}
    for name in order:
        carrying = state["chests"][name]
        free = Counter(t.kind for cell, t in view.layouts[name].items()
                       if t.is_building and cell not in carrying)
        if name == me:
            free.update(t.kind for t in view.to_place if t.is_building)
        for kind in list(left):
            n = min(left[kind], free[kind])
            placed[name] = placed.get(name, 0) + n
            left[kind] -= n
        left = +left
        if not left:
            break
    return placed


def placeable_chests(view, room):
    """How many of the chests of `room` (1-3) the player could set on their own buildings
    now (`chest_handout`)."""
    return chest_handout(view, room).get(view.player, 0)


def chest_counts_after(view, room):
    """``{player: chests}`` (`chest_counts`) after the player bought the chests of `room`,
    or None when the player could set none of them."""
    handout = chest_handout(view, room)
    if not handout.get(view.player):
        return None
    counts = chest_counts(view)
    for name, n in handout.items():
        counts[name] += n
    return counts


def chest_places(counts, name, round_no):
    """(first-place points, lower-place points) of `name` in the chest majority of round
    `round_no` (`CHEST_POINTS`, ties as in §8.3)."""
    for names, _, place, _, share in place_groups(counts, CHEST_POINTS[round_no]):
        if name in names:
            return (share, 0) if place == 1 else (0, share)
    return (0, 0)


# -- the street merchant (M12): one simple heuristic for both bots ------------------------


def colour_wishes(view):
    """``{type: wish}``: how likely the player is to build that type, for the citizens.

    Two per building of the type in the Alhambra or about to be built (the bot follows its
    majorities), one per tile of the type on the market or in the reserve (what it can
    build soon).
    """
    wish = dict.fromkeys(KINDS, 0)
    for tile in list(view.layouts[view.player].values()) + list(view.to_place):
        if tile.kind in wish:
            wish[tile.kind] += 2
    for tile in [t for _, t in view.market if t is not None] + list(view.reserves[view.player]):
        if tile.kind in wish:
            wish[tile.kind] += 1
    return wish


def _wanted_cells(view):
    """``[(type, legal cells)]`` of the market's and the reserve's buildings: where the
    tiles the disc may wait for could go."""
    tiles = [t for _, t in view.market if t is not None] + list(view.reserves[view.player])
    alhambra = view.alhambra(view.player)
    return [(t.kind, alhambra.legal_positions(t)) for t in tiles if t.is_building]


def merchant_choice(view, actions):
    """The street merchant's choice among `actions` (decision ``merchant``).

    - ``set_merchant``: the three colours most wished for (`colour_wishes`), on the cell
      beside the fountain where most of the market's tiles of these colours could go;
    - ``take_citizen``: the most wished colour not yet on the disc;
    - ``swap_citizen`` / ``keep_citizens``: the swap raising the wishes of the disc's
      distinct colours the most, else keep;
    - ``place_merchant``: the empty cell where most market and reserve tiles of the
      disc's colours could legally go, then the one with the most built neighbours.

    Ties go to the first action: the choice is deterministic.
    """
    wish = colour_wishes(view)
    disc = view.modules["street_merchant"]["discs"][view.player]["citizens"] or ()
    by_kind = {}
    for action in actions:
        by_kind.setdefault(action.kind, []).append(action)
    layout = view.layouts[view.player]

    wanted = None

    def fits(colours):
        """cell -> how many market and reserve buildings of `colours` could go there."""
        nonlocal wanted
        if wanted is None:
            wanted = _wanted_cells(view)
        fit = Counter()
        for kind, cells in wanted:
            if kind in colours:
                fit.update(cells)
        return fit

    def best(candidates, score):
        chosen, top = None, None
        for action in candidates:
            value = score(action)
            if chosen is None or value > top:
                chosen, top = action, value
        return chosen

    if "set_merchant" in by_kind:
        fit = {}

        def set_score(a):
            if a.colours not in fit:
                fit[a.colours] = fits(a.colours)
            return (sum(wish[c] for c in a.colours), fit[a.colours][a.pos])
        return best(by_kind["set_merchant"], set_score)
    if "take_citizen" in by_kind:
        return best(by_kind["take_citizen"], lambda a: (a.colour not in disc, wish[a.colour]))
    if "swap_citizen" in by_kind or "keep_citizens" in by_kind:
        now = sum(wish[c] for c in set(disc))

        def swap_gain(a):
            after = set(disc) - {a.colours[0]} | {a.colours[1]}
            if list(disc).count(a.colours[0]) > 1:
                after.add(a.colours[0])
            return sum(wish[c] for c in after) - now
        swap = best(by_kind.get("swap_citizen", []), swap_gain)
        if swap is not None and (swap_gain(swap) > 0 or "keep_citizens" not in by_kind):
            return swap
        return by_kind["keep_citizens"][0]
    if "place_merchant" in by_kind:
        fit = fits(set(disc))
        return best(by_kind["place_merchant"],
                    lambda a: (fit[a.pos], sum(n in layout for n in side_neighbours(a.pos))))
    return actions[0]

