"""Invaders (Mega Box M15, RULES.md §M15): attacks from one side of the city at each scoring.

Four attack cards, one per direction N, E, S, W, lie shuffled face down; six scouts,
one per building type, are shuffled and the top two turned face up. The first player to
buy a building of a face-up scout's type paying exactly (a vizier purchase is always
exact, §M1) looks at the top attack card in secret, and that scout leaves the game.

At every scoring the top attack card is revealed. Directions are absolute, north up (x
east, y north, `alhambra_lib.grid`). A tile side is *unprotected* against direction D
when it faces D, the cell across it is empty and it has no wall. In round r each player
loses r points per unprotected D side; in round 3 also 1 point per unprotected side
facing each of the two perpendicular directions (the flanks). Buildings are attacked
(and huts and bazaars, when those modules come); the fountain and camps are not. Dirk is
not attacked. After the scoring the attack card and the unused face-up scouts leave the
game, and after rounds 1 and 2 two new scouts are turned up.

Engine decisions (RULES.md §M15): the look is automatic (looking never hurts); the card
is revealed just before the scoring's points are computed (`before_scoring`, an
``"attack"`` event with the direction and every competitor's penalty), so that the
penalty is the scoring's own ``"invaders"`` term; the scoring event repeats the attack
under its key ``"invaders"`` (direction, flanks, penalties).

Examples
--------
>>> from alhambra_lib import Game
>>> g = Game(["Ana", "Ben", "Cy"], seed=7, modules=("invaders",))
>>> v = g.view("Ana").modules["invaders"]
>>> len(v["scouts"]), v["scouts_face_down"], v["attack_cards_left"], v["peeked"]
(2, 4, 4, None)
>>> g.census()["attack_card"], g.census()["scout"]
(4, 6)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, TypedDict

from ..components import FOUNTAIN_KIND, KINDS, Tile
from ..grid import OPPOSITE, SIDES, side_neighbour
from ..i18n import N_, _, ngettext
from ..narrate import player_text, term, tile_text, told, moment_text
from ..secrets import SLOT
from ..sheet_inputs import SIDE_NAMES, PlayerTiles, SheetInput, SheetModule, each_player
from ..slices import Annotated, Direction, Kind, Player, Range, Size
from .base import Module

if TYPE_CHECKING:  # types only: a module imports nothing from the engine at run time
    from ..secrets import Secret
    from ..engine.config import GameConfig
    from .context import GameContext

_Cell = tuple[int, int]

__all__ = ["Invaders", "ATTACK_CARDS", "SCOUTS", "UNATTACKED_KINDS", "unprotected_sides",
           "invasion_penalty", "attack_penalty", "flanks"]

#: The four attack cards: the direction each attack comes from.
ATTACK_CARDS = SIDES
#: The six scouts, one per building type.
SCOUTS = KINDS
#: Tile kinds an attack never counts (RULES.md §M15.4): the fountain, and the camps of M8.
#: Every other tile is attacked: buildings, and the huts (M4) and bazaars (M16).
UNATTACKED_KINDS = frozenset({FOUNTAIN_KIND, "camp"})
#: Scouts turned face up at setup and after rounds 1 and 2.
SCOUTS_TURNED = 2
_WORDS = {"N": N_("north"), "E": N_("east"), "S": N_("south"), "W": N_("west")}

def flanks(direction: str) -> tuple[str, ...]:
    """The two directions perpendicular to `direction`, in N, E, S, W order.

    Examples
    --------
    >>> flanks("N"), flanks("W")
    (('E', 'W'), ('N', 'S'))
    """
    if direction not in SIDES:
        raise ValueError(f"unknown direction {direction!r}: expected one of N, E, S, W")
    return tuple(s for s in SIDES if s not in (direction, OPPOSITE[direction]))


def unprotected_sides(layout: Mapping[_Cell, Tile], direction: str,
                      extra_walls: Iterable[tuple[_Cell, str]] = ()) -> list[tuple[_Cell, str]]:
    """The sides of `layout` an attack from `direction` gets through, as (cell, side) pairs.

    A side is unprotected when it faces `direction`, the cell across it is empty, and it
    has no wall: neither one of the tile's (`Tile.has_wall`: printed, or a City Walls
    stick, M9) nor one of `extra_walls` ((cell, side) pairs). Tiles of `UNATTACKED_KINDS`
    (the fountain, camps) have no sides to attack. The pairs are sorted by cell.

    Parameters
    ----------
    layout : mapping
        ``{(x, y): Tile}``, e.g. ``game.alhambra(name).layout`` or a view's layout.
    direction : str
        Where the attack comes from: one of N, E, S, W (north up, RULES.md §2).

    Examples
    --------
    A fountain with a wall-less pavilion east of it, and a garden walled to the north
    above that pavilion:

    >>> from alhambra_lib.components import FOUNTAIN, Tile
    >>> layout = {(0, 0): FOUNTAIN, (1, 0): Tile("pavilion", 8, ""),
    ...           (1, 1): Tile("garden", 10, "N")}
    >>> unprotected_sides(layout, "N")  # the garden's wall guards it, the fountain is not counted
    []
    >>> unprotected_sides(layout, "E")
    [((1, 0), 'E'), ((1, 1), 'E')]
    >>> unprotected_sides(layout, "S")  # the pavilion's south side; the garden stands on it
    [((1, 0), 'S')]
    >>> unprotected_sides(layout, "E", extra_walls=[((1, 1), "E")])
    [((1, 0), 'E')]
    """
    flanks(direction)  # checks the direction
    walled = set(extra_walls)
    return sorted((cell, direction) for cell, tile in layout.items()
                  if tile.kind not in UNATTACKED_KINDS and not tile.has_wall(direction)
                  and side_neighbour(cell, direction) not in layout
                  and (cell, direction) not in walled)


def invasion_penalty(layout: Mapping[_Cell, Tile], direction: str, round_no: int,
                     extra_walls: Iterable[tuple[_Cell, str]] = ()) -> int:
    """The points an attack from `direction` costs in round `round_no` (0 or more).

    ``round_no`` times the unprotected sides facing `direction`; in round 3 also one per
    unprotected side facing each of the two perpendicular directions (RULES.md §M15.4).
    The scoring's ``"invaders"`` term is minus this.

    Examples
    --------
    >>> from alhambra_lib.components import FOUNTAIN, Tile
    >>> layout = {(0, 0): FOUNTAIN, (1, 0): Tile("pavilion", 8, "")}
    >>> [invasion_penalty(layout, "E", r) for r in (1, 2, 3)]  # 1 side; round 3 + N and S
    [1, 2, 5]
    >>> invasion_penalty(layout, "W", 3)  # the fountain covers its west side
    2
    """
    return attack_penalty({side: len(unprotected_sides(layout, side, extra_walls))
                           for side in SIDES}, direction, round_no)


def attack_penalty(sides: Mapping[str, int], direction: str, round_no: int) -> int:
    """The points lost to an attack from `direction` given the unprotected `sides`.

    `sides` is ``{direction: number of unprotected sides facing it}`` (a missing direction
    counts 0), as a person counts them at the table (the score sheet asks for them):
    ``round_no`` per side facing `direction`, and in round 3 one per side facing each flank.

    Examples
    --------
    >>> attack_penalty({"N": 2, "E": 1, "W": 3}, "N", 2), attack_penalty({"N": 2, "E": 1}, "N", 3)
    (4, 7)
    """
    penalty = round_no * sides.get(direction, 0)
    if round_no == 3:
        penalty += sum(sides.get(side, 0) for side in flanks(direction))
    return penalty


class InvadersSlice(TypedDict):
    """The attack cards face down (the top first) and revealed ([round, direction]); the
    scouts face down (the top first), face up and out of the game; each player's look at
    the top attack card."""

    attack_deck: list[Direction]
    revealed: list[tuple[Annotated[int, Range(1, 3), "a round"], Direction]]
    scouts_down: list[Kind]
    scouts_up: Annotated[list[Kind], Size(0, SCOUTS_TURNED)]
    scouts_out: list[Kind]
    peeks: dict[Player, Direction]


def _rounds_in_order(game: GameContext, data: InvadersSlice) -> str | None:
    rounds = [r[0] for r in data["revealed"]]
    if rounds != sorted(set(rounds)):
        return f"revealed attacks of rounds {rounds}: rounds 1-3, once each, in order"
    return None


def _attack_cards_once(game: GameContext, data: InvadersSlice) -> str | None:
    if sorted(data["attack_deck"] + [r[1] for r in data["revealed"]]) != sorted(ATTACK_CARDS):
        return "the attack cards are N, E, S, W, once each"
    return None


def _scouts_once(game: GameContext, data: InvadersSlice) -> str | None:
    if sorted(data["scouts_down"] + data["scouts_up"] + data["scouts_out"]) != sorted(SCOUTS):
        return "the scouts are the six building types, once each"
    return None


def _peeks_at_the_top(game: GameContext, data: InvadersSlice) -> str | None:
    if any([card] != data["attack_deck"][:1] for card in data["peeks"].values()):
        return "a peek is a player's look at the top attack card"
    return None


def _invaders_sheet(entry):
    return each_player(entry, lambda name: -attack_penalty(entry["unprotected"][name],
                                                           entry["attack"], entry.round_no))


def _sides_limit(sides: Mapping[str, int], tiles: PlayerTiles,
                 who: str) -> tuple[str | None, str] | None:
    """Each tile (not the fountain) has one side facing each direction, and all the
    unprotected sides are outer sides (`PlayerTiles.outer_sides`)."""
    most = tiles.building_count + tiles.others
    for side, n in sides.items():
        if n > most:
            return side, ngettext(
                "{player} cannot have {n} unprotected side facing {direction}: each tile has "
                "one side facing {direction}, and the sheet allows {player} at most {tiles} "
                "besides the fountain.",
                "{player} cannot have {n} unprotected sides facing {direction}: each tile has "
                "one side facing {direction}, and the sheet allows {player} at most {tiles} "
                "besides the fountain.", n).format(
                    player=who, n=n, direction=_(SIDE_NAMES[side]),
                    tiles=ngettext("{n} tile", "{n} tiles", most).format(n=most))
    total = sum(sides.values())
    if total > tiles.outer_sides:
        return None, ngettext("{player} cannot have {n} unprotected side in all: {tiles} have "
                              "at most {most} outer sides.",
                              "{player} cannot have {n} unprotected sides in all: {tiles} have "
                              "at most {most} outer sides.", total).format(
                                  player=who, n=total, tiles=tiles.text, most=tiles.outer_sides)
    return None


class Invaders(Module):
    """Invaders: attack cards revealed at each scoring, scouts that let a buyer peek."""

    name = "invaders"
    event_types = frozenset({"buy", "vizier"})
    section = "M15"
    title = N_("Invaders")
    drawer = "alhambra_lib.draw.modules.invaders"  # its pieces, imported when drawn
    # §M15: only the buyer looks at the attack card; both piles lie face down
    secret_fields = {"scout_peek": ("card",), "invaders_setup": ("*", "attack_deck", "scouts")}
    sheet = SheetModule(
        "invaders", N_("Invaders"),  # RULES.md §M15.4
        (SheetInput("attack", N_("attack from"),
                    N_("The attack card turned up at this scoring."), "side", per_player=False),
         SheetInput("unprotected", N_("unprotected sides"),
                    N_("Tile sides facing each direction with an empty cell beyond and no wall "
                       "(the fountain and camps are not attacked). The attack's direction "
                       "counts; in round 3 the two directions beside it count too."),
                    "by_side", maximum=999, limit=_sides_limit)),
        terms=(("invaders", _invaders_sheet),))
    score_terms = ("invaders",)
    term_ranks = {"invaders": 600}  # last: after the attack card is revealed

    # -- state ----------------------------------------------------------------------

    def totals(self, config: GameConfig) -> dict[str, int]:
        return {"attack_card": len(ATTACK_CARDS), "scout": len(SCOUTS)}

    slice_type = InvadersSlice
    slice_rules = (_rounds_in_order, _attack_cards_once, _scouts_once, _peeks_at_the_top)

    def new_slice(self, config: GameConfig) -> InvadersSlice:
        # attack_deck: face down, the top card first; revealed: [round, direction] of the
        # attacks so far (out of the game once their scoring is over); scouts_down: face
        # down, the top first; scouts_up: face up; scouts_out: out of the game, in the
        # order they left; peeks: {player: the top attack card they looked at}, in
        # seat order.
        return {"attack_deck": [], "revealed": [], "scouts_down": [], "scouts_up": [],
                "scouts_out": [], "peeks": {}}

    def setup(self, game: GameContext) -> None:
        state = game.slice(self.name)
        deck = list(ATTACK_CARDS)
        game.shuffle(deck)
        scouts = list(SCOUTS)
        game.shuffle(scouts)
        state["attack_deck"] = deck
        state["scouts_down"] = scouts
        game.event("invaders_setup", attack_deck=list(deck), scouts=list(scouts))
        self._turn_up(game, "setup")

    def census(self, game: GameContext) -> dict[str, int]:
        state = game.slice(self.name)
        return {"attack_card": len(state["attack_deck"]) + len(state["revealed"]),
                "scout": len(state["scouts_down"]) + len(state["scouts_up"])
                + len(state["scouts_out"])}

    def view(self, game: GameContext, name: str) -> dict[str, Any]:
        state = game.slice(self.name)
        peeks = state["peeks"]
        return {"scouts": tuple(state["scouts_up"]),
                "scouts_face_down": len(state["scouts_down"]),
                "attack_cards_left": len(state["attack_deck"]),
                "peeked": peeks.get(name),
                "peeked_by": tuple(p for p in game.players if p in peeks),
                "attacks": tuple((r, d) for r, d in state["revealed"])}

    def redact_slice(self, data: Any, viewer: str, events: list[dict[str, Any]],
                     secret: Secret) -> None:
        """The attack order (but the top card `viewer` peeked at), the others' peeks
        and the face-down scouts are secret (§M15)."""
        deck, keep = data["attack_deck"], 1 if viewer in data["peeks"] else 0
        data["attack_deck"] = deck[:keep] + secret(deck[keep:], "attack")
        data["peeks"] = {p: c if p == viewer else SLOT for p, c in data["peeks"].items()}
        data["scouts_down"] = secret(data["scouts_down"], "scout")

    def tidy_slice(self, data: Any) -> None:
        # A peek is at the top card: the others' peeks are the one dealt there.
        data["peeks"].update({p: data["attack_deck"][0]
                              for p, c in data["peeks"].items() if c == SLOT})

    # -- the scouts ------------------------------------------------------------------

    def _turn_up(self, game: GameContext, after: str) -> None:
        state = game.slice(self.name)
        down = state["scouts_down"]
        turned = down[:SCOUTS_TURNED]
        del down[:SCOUTS_TURNED]
        state["scouts_up"].extend(turned)
        if turned:
            game.event("scouts_up", after=after, scouts=turned)

    def on_event(self, game: GameContext, event: dict[str, Any]) -> None:
        """An exact purchase of a face-up scout's type: the buyer looks at the top attack
        card, and the scout leaves the game (RULES.md §M15.3)."""
        kind = event["type"]
        if not ((kind == "buy" and event["exact"]) or kind == "vizier"):
            return
        state = game.slice(self.name)
        scout = event["tile"][0]
        if scout not in state["scouts_up"] or not state["attack_deck"]:
            return
        player, card = event["player"], state["attack_deck"][0]
        state["scouts_up"].remove(scout)
        state["scouts_out"].append(scout)
        peeks = {**state["peeks"], player: card}  # kept in seat order, as a save reads them
        state["peeks"] = {p: peeks[p] for p in game.players if p in peeks}
        game.event("scout_peek", player=player, scout=scout, card=card, tile=event["tile"],
                   via=kind)

    # -- scoring ----------------------------------------------------------------------

    def _attack(self, game: GameContext, round_no: int) -> str | None:
        for r, direction in game.slice(self.name)["revealed"]:
            if r == round_no:
                return direction
        return None

    def _penalties(self, game: GameContext, round_no: int) -> dict[str, int]:
        direction = self._attack(game, round_no)
        return {name: 0 if direction is None or name not in game.players
                else invasion_penalty(game.alhambra(name).layout, direction, round_no)
                for name in game.scores}  # every competitor, Dirk (never attacked) too

    def before_scoring(self, game: GameContext, round_no: int) -> None:
        """Reveal the top attack card and record each competitor's penalty (RULES.md §M15.4:
        revealed as the scoring is held, so its penalty is the scoring's own term)."""
        state = game.slice(self.name)
        if not state["attack_deck"] or self._attack(game, round_no) is not None:
            return
        direction = state["attack_deck"].pop(0)
        state["revealed"].append([round_no, direction])
        state["peeks"] = {}
        game.event("attack", round=round_no, direction=direction,
                   flanks=list(flanks(direction)) if round_no == 3 else [],
                   penalties=self._penalties(game, round_no))

    def scoring_details(self, game: GameContext, round_no: int) -> dict[str, Any]:
        """The scoring event carries the attack: ``"invaders": {direction, flanks,
        penalties}`` (the penalties as points lost, the same as the ``attack`` event's)."""
        direction = self._attack(game, round_no)
        if direction is None:
            return {}
        return {"invaders": {"direction": direction,
                             "flanks": list(flanks(direction)) if round_no == 3 else [],
                             "penalties": self._penalties(game, round_no)}}

    def score(self, game: GameContext, term: str, round_no: int) -> dict[str, int]:
        return {name: -points for name, points in self._penalties(game, round_no).items()}

    def after_scoring(self, game: GameContext, round_no: int) -> None:
        """The attack card and the unused face-up scouts leave the game; after rounds 1 and
        2 two new scouts are turned up (as many as are left)."""
        state = game.slice(self.name)
        unused = state["scouts_up"]
        if unused:
            state["scouts_out"].extend(unused)
            game.event("scouts_out", round=round_no, scouts=list(unused))
            state["scouts_up"] = []
        if round_no < 3:
            self._turn_up(game, f"round {round_no}")


def _list(words: Iterable[str]) -> str:
    return ", ".join(map(term, words)) or _("none")


def _attack_text(e: dict[str, Any]) -> str:
    lost = ", ".join(f"{player_text(name)} {-points}" for name, points in e["penalties"].items())
    fields = {"round": e["round"], "direction": _(_WORDS[e["direction"]]), "lost": lost}
    if not e["flanks"]:
        return _("round {round}: invaders attack from the {direction}: {lost}").format(**fields)
    first, second = (_(_WORDS[d]) for d in e["flanks"])
    return _("round {round}: invaders attack from the {direction} and on the flanks ({first} and "
             "{second}): {lost}").format(first=first, second=second, **fields)


#: The module's events in words (registered with the module, `modules.register`).
Invaders.narration = {
    "invaders_setup": (("attack_deck", "scouts"),
                       lambda e: _("{cards} and {scouts} are shuffled face down").format(
                           cards=ngettext("the {n} attack card", "the {n} attack cards",
                                          len(e["attack_deck"])).format(n=len(e["attack_deck"])),
                           scouts=ngettext("the {n} scout", "the {n} scouts",
                                           len(e["scouts"])).format(n=len(e["scouts"])))),
    "scouts_up": (("after", "scouts"),
                  lambda e: _("scouts turned face up ({after}): {scouts}").format(
                      after=moment_text(e["after"]), scouts=_list(e["scouts"]))),
    "scout_peek": (("player", "scout", "card", "tile", "via"),
                   lambda e: told(e["player"], N_("{player} looks at the top attack card in secret "
                                                  "(the {scout} scout, for {tile} bought exactly)"),
                                  N_("You look at the top attack card in secret (the {scout} "
                                     "scout, for {tile} bought exactly)"),
                                  scout=term(e["scout"]), tile=tile_text(e["tile"]))),
    "attack": (("round", "direction", "flanks", "penalties"), _attack_text),
    "scouts_out": (("round", "scouts"),
                   lambda e: _("the unused scouts leave the game: {scouts}").format(
                       scouts=_list(e["scouts"]))),
}
