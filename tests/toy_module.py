"""A toy module defined outside the library, in one file: Lanterns.

It proves that a module is one file plus one registry line (`alhambra_lib.modules.register`):
nothing in the library names it. What it adds:

* a token: each player has 3 lanterns in a supply (census key ``"lantern"``);
* a turn-end step ``lantern`` ranked between the chests and the merchant (before the
  display is refilled): the player whose turn ends is asked, while they have a lantern
  left, the decision ``lantern``: ``light_lantern`` or ``keep_dark``;
* a score term ``lanterns``, ranked after the camps: a lantern lit scores 1 at every
  scoring (Dirk lights none);
* narration of its two events, its part of a view, its score-sheet entry (one number a
  player, the lanterns lit), and its slice declared as a type with one rule, which the
  library's codec checks when a save is loaded (`slice_type`, `slice_rules`).

`install` is its registry line; the test (tests/test_toy_module.py) installs it, plays
seeded random games with it and uninstalls it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, TypedDict

from alhambra_lib.actions import PlainAction, register_action, unregister_action
from alhambra_lib.modules import Module, register, unregister
from alhambra_lib.modules.context import GameContext, acting_player
from alhambra_lib.sheet_inputs import SheetInput, SheetModule, each_player
from alhambra_lib.slices import Annotated, PerPlayer, Range

if TYPE_CHECKING:
    from alhambra_lib.actions import Action
    from alhambra_lib.engine.config import GameConfig
    from alhambra_lib.engine.decisions import Decision

__all__ = ["Lanterns", "LanternsSlice", "LightLantern", "KeepDark", "LANTERNS", "install",
           "uninstall"]

#: Lanterns each player starts with.
LANTERNS = 3


@dataclass(frozen=True, slots=True)
class LightLantern(PlainAction):
    """Light one lantern of one's supply at the end of one's turn."""

    kind: ClassVar[str] = "light_lantern"
    text: ClassVar[str] = "light a lantern"


@dataclass(frozen=True, slots=True)
class KeepDark(PlainAction):
    """Light none this turn."""

    kind: ClassVar[str] = "keep_dark"
    text: ClassVar[str] = "keep the lanterns dark"


class LanternsSlice(TypedDict):
    """Each player's lanterns still in the supply and lit; the turn whose end asked."""

    supply: PerPlayer[Annotated[int, Range(0, LANTERNS)]]
    lit: PerPlayer[Annotated[int, Range(0, LANTERNS)]]
    asked: Annotated[int, Range(0), "a turn number"]


def _lanterns_kept(game: GameContext, data: LanternsSlice) -> str | None:
    """Every player's lanterns are all there, lit or not."""
    for player in game.players:
        if data["supply"][player] + data["lit"][player] != LANTERNS:
            return f"{player} has {LANTERNS} lanterns, lit or not"
    return None


class Lanterns(Module):
    """Lanterns: light one at the end of a turn; each lit lantern scores 1 a scoring."""

    name = "lanterns"
    section = "X1"
    title = "Lanterns"
    decisions: ClassVar[dict] = {"lantern": {"light_lantern", "keep_dark"}}
    option_decisions = frozenset({"lantern"})
    turn_end_steps = (("lantern", "refill_display"),)
    step_ranks: ClassVar[dict] = {"lantern": 450}
    pushed_by: ClassVar[dict] = {"lantern": ("lantern",)}
    score_terms = ("lanterns",)
    term_ranks: ClassVar[dict] = {"lanterns": 250}
    narration: ClassVar[dict] = {
        "light_lantern": (("player", "lit"),
                          lambda e: f"{e['player']} lights a lantern ({e['lit']} lit)"),
        "keep_dark": (("player",), lambda e: f"{e['player']} keeps the lanterns dark"),
    }
    sheet = SheetModule(
        "lanterns", "Lanterns",
        (SheetInput("lanterns", "lanterns lit", "Lanterns each player has lit.", "number",
                    maximum=LANTERNS),),
        terms=(("lanterns", lambda entry: each_player(entry,
                                                      lambda name: entry["lanterns"][name])),))

    slice_type = LanternsSlice  # the saved slice is read against it (`slices.decode_slice`)
    slice_rules = (_lanterns_kept,)  # and held to what a type cannot say

    def __init__(self) -> None:
        self.actions = {"light_lantern": (self._check_light, self._do_light),
                        "keep_dark": (lambda game, action: None, self._do_keep_dark)}

    # -- components and state -------------------------------------------------------------

    def totals(self, config: GameConfig) -> dict[str, int]:
        return {"lantern": LANTERNS * len(config.players)}

    def new_slice(self, config: GameConfig) -> LanternsSlice:
        # asked: the turn whose end asked already (the step is re-entrant)
        return {"supply": dict.fromkeys(config.players, LANTERNS),
                "lit": dict.fromkeys(config.players, 0), "asked": 0}

    def census(self, game: GameContext) -> dict[str, int]:
        state = game.slice(self.name)
        return {"lantern": sum(state["supply"].values()) + sum(state["lit"].values())}

    # -- the turn-end step and its decision ------------------------------------------------

    def step_lantern(self, game: GameContext) -> bool:
        """Ask the player whose turn ends, once a turn, while they have a lantern left."""
        state = game.slice(self.name)
        player = game.turn_player
        assert player is not None  # a turn is ending
        if state["asked"] == game.turn or not state["supply"][player]:
            return False
        state["asked"] = game.turn
        game.push_decision("lantern", player)
        return True

    def options(self, game: GameContext, decision: Decision) -> list[Action]:
        if decision.kind != "lantern":
            return []
        return [LightLantern(), KeepDark()]

    def _check_light(self, game: GameContext, action: LightLantern) -> None:
        if not game.slice(self.name)["supply"][acting_player(game)]:
            game.refuse(action, "no lantern left to light")

    def _do_light(self, game: GameContext, action: LightLantern) -> None:
        state = game.slice(self.name)
        player = acting_player(game)
        state["supply"][player] -= 1
        state["lit"][player] += 1
        game.event("light_lantern", player=player, lit=state["lit"][player])
        game.resume()

    def _do_keep_dark(self, game: GameContext, action: KeepDark) -> None:
        game.event("keep_dark", player=game.current_player)
        game.resume()

    # -- scoring and view ------------------------------------------------------------------

    def score(self, game: GameContext, term: str, round_no: int) -> dict[str, int]:
        lit = game.slice(self.name)["lit"]
        return {name: lit.get(name, 0) for name in game.scores}

    def view(self, game: GameContext, name: str) -> dict[str, dict[str, int]]:
        state = game.slice(self.name)
        return {"lit": dict(state["lit"]), "supply": dict(state["supply"])}


def install() -> None:
    """The registry line (and the action kinds): a module of the library does this at
    import, with one line in `alhambra_lib.modules`; a test does it for its own run."""
    register_action(LightLantern)
    register_action(KeepDark)
    register(Lanterns)


def uninstall() -> None:
    """Take the module and its action kinds back out: the library is as before."""
    unregister(Lanterns.name)
    unregister_action(LightLantern.kind)
    unregister_action(KeepDark.kind)
