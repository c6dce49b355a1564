"""The Module protocol: what a Mega Box module may add to a game.

A module is a stateless object; its state lives in the game's state as the module's
*slice* (plain JSON-able data), so saving, copying and restoring need nothing special.
Every hook has a default that adds nothing. `Game` looks at which hooks a module
overrides once, at construction, and keeps only those: the base game (no modules) pays
nothing for the modules it does not use.

Every hook that is given ``game`` gets a `GameContext` (`alhambra_lib.modules.context`):
the game as its modules see it, with what a hook may read and the services through which
it changes the state; never the `Game` itself, whose public face is the player's alone.

The hooks, in the order a game meets them:

``deck_cards(config)``
    Cards shuffled with the base money before the starting money is dealt (the
    diamonds, RULES.md §M0.2 step 1).
``pile_inserts(config, rng)``
    ``{pile number: cards}`` shuffled into the money piles after the split (RULES.md §3.7);
    `rng` is the game's generator at setup (to share cards out at random), None when
    only the multiset matters.
``other_cards(config)`` / ``held_cards(game)``
    The module's cards that start in its slice (master builders to deal, coins in their
    bag), and the cards its slice holds now (coins in their bag, a gate card beside the
    display, wall cards beside the market, characters owned, cards out of the game):
    the conservation check of a restored game counts them.
``bag_tiles(config)``
    Tiles added to the bag at setup.
``other_tiles(config)`` / ``held_tiles(game)``
    The module's tiles that start outside the bag (the huts' piles), and the tiles its
    slice holds now (hut piles, bazaars beside the market): the conservation check of a
    restored game counts them.
``totals(config)``
    ``{census key: total}``: the module's components in the game (for `Game.census`
    and the conservation check).
``new_slice(config)`` / ``load_slice(game, data)`` / ``census(game)``
    The module's state: a fresh slice, a saved slice checked (raise `InvalidSave`),
    and ``{census key: count}`` of the components held in the slice. A module declares
    its slice's shape as a type (``slice_type``, read by `slices.decode_slice`) and the
    rules that tie its fields to each other and to the game as ``slice_rules``: the
    default `load_slice` applies both.
``setup(game)``
    Deal or lay out the module's components once base setup is done (services:
    `GameContext.give_cards`, `GameContext.shuffle_into_pile`, `GameContext.shuffle`).
``actions``
    ``{action kind: (check, effect)}``, each called as ``f(game, action)``; a check
    raises `IllegalAction` and changes nothing.
``decisions``
    ``{decision kind: action kinds}``: kinds the module allows in a decision, its own
    decisions or the base ``act``.
``options(game, decision)``
    The module's legal actions in the decision on top (in canonical order); asked only
    in the decision kinds of ``option_decisions`` (None: in every one).
``payment_sources(game, player)``
    Extra `Buy` actions (other ways to pay a market square) for `player`.
``money_sources``
    The payment sources the module brings (`payments.PaymentSources`): ``"exchange"``
    (an exchange card joins a second currency), ``"diamonds"`` (diamonds pay any square,
    alone); the game judges every market buy with them (`payments.check_payment`).
``overpaying``
    True when the module switches the base rule "a payment is minimal" (RULES.md §4)
    off for market buys (Change, §M11); `legal_actions` still lists minimal payments.
``take_spent(game, card)``
    A card leaving a hand as a payment or a discard: return True when the module takes
    it back into its slice (a coin into the coin bag, §M11) instead of the discard pile.
``free_actions``
    Action kinds of the ``act`` decision that are not one of the turn's actions (playing
    a master builder, §M14): they do not end the action part, and a player whose only
    other legal action is one of them may pass.
``turn_end_steps``
    ``((step name, before step name), ...)``: the module's steps in the turn-end script;
    each is a method ``step_<name>(game)`` returning True while it waits on a decision.
``setup_steps``
    Step names run once after setup, before the first turn (choices made at setup, e.g.
    the citizens on a merchant's disc); methods ``step_<name>(game)`` as above.
``take_drawn_tile(game, tile)``
    A tile drawn from the bag for the market: return True to take it (and record an
    event); the refill then draws again for the same square.
``reveal_card(game, card)``
    A module card drawn for the money display (RULES.md §M0.4 step 5): return True
    when the module takes it (a gate card beside the display, a wall card beside the
    market, a character put up for auction). A decision the module pushes here makes
    the refill wait; the refill goes on after it (the step is re-entrant).
``cards_beside(game)`` / ``take_beside(game, card)``
    The cards lying beside the display that a ``take`` may take alone instead of money
    (a gate card, §M5), and taking one: return True when `card` was the module's (it
    leaves the slice; the engine puts it in the hand).
``check_gate(game, action)`` / ``use_gate(game, player, action)``
    A ``place`` or redesign through a gate (``action.gate``, §M5): refuse it without a
    gate card to spend, then spend the card.
``window_players(game)``
    The players who can act in the window between turns now, in any order (a module
    whose ``turn_end_steps`` has `alhambra_lib.modules.window.WINDOW_STEP`, run with
    ``window_step``): a vizier's purchase, a theft. Asked once for all players after
    every turn end, so it answers "nobody" with one cheap test where it can (no awake
    vizier, no thief in hand). The default asks ``window_can_act(game, player)`` of
    each player. Its ``options`` list the actions in the ``window_decision``.
``distribute(game, holder_of)``
    At the end of the game (RULES.md §9.3), the module's own tiles that are handed out
    too: ``[(player or None, tile, record), ...]``, where ``holder_of(currency)`` names
    the strict majority holder; the module takes the given tiles out of its slice and
    the records join the distribution event.
``on_event(game, event)``
    See every event as it is recorded (e.g. a tile placed on a cell the module watches):
    those of the types in ``event_types`` alone (None: every one). It may change the
    module's slice and record events of its own, never push decisions (a turn-end step
    does that).
``scoring_details(game, round_no)``
    Extra fields of the scoring event, under the module's own keys (e.g. the attack
    direction and each player's penalty, §M15).
``ask_before_scoring(game, round_no)``
    Just before a scoring (a turn end's, one held between turns, the final one): push a
    decision the scoring needs (the Wise Man's type, §M7) and return True; the scoring
    waits for it and the hook is asked again once it is made.
``before_scoring(game, round_no)`` / ``after_scoring(game, round_no)``
    Act just before a scoring is computed (e.g. show the bonus cards that count), or
    right after its event (e.g. turn up new scouts).
``count_bonus(game, name, counts)``
    Add to a competitor's counts for majorities (a scoring's ``counts``).
``score_terms``
    Term names the module scores; ``score(game, term, round_no)`` returns
    ``{name: points}`` for every competitor, or None in a round where the term is not
    scored at all (bazaars score in the final scoring only).
``view(game, name)``
    The module's part of `GameView` (``view.modules[module]``), hiding what `name`
    may not see.
``redact_slice(data, viewer, events, secret)`` / ``tidy_slice(data)``
    What `viewer` cannot know of the module's saved slice `data` (a copy, changed in
    place; `events`: the game's record): each hidden item goes through ``secret(items,
    cls)``, which pools them as secrets of class `cls` and returns their slots
    (`alhambra_lib.secrets`) to write in their place (`engine.sampling.public_state`);
    ``secret(items, cls, barred=..., apart=...)`` gives slots with the conditions the
    public record sets (`secrets.slot`; read only the record's public fields).
    Once the slots are dealt, ``tidy_slice`` puts the slice's lists back in the order the
    module keeps them in.
``redact_hand(hand, events, player, secret)``
    Another player's saved hand as a viewer knows it: the module's cards dealt face down
    there as slots, after the known cards (the master builders, §M14).
``narration``
    ``{event type: (required fields, sentence function)}`` for the module's events.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any, ClassVar

from ..errors import InvalidSave
from ..slices import decode_slice

if TYPE_CHECKING:  # types only: a module imports nothing from the engine at run time
    import random

    from ..actions import Action, Buy
    from ..components import Card, Tile
    from ..engine.config import GameConfig
    from ..engine.decisions import Decision
    from ..secrets import Secret
    from ..sheet_inputs import SheetModule
    from .context import GameContext

__all__ = ["Module"]


class Module:
    """Base of the Mega Box modules: every hook adds nothing (see the module docstring)."""

    #: The registry name (``"vizier"``) and the rulebook section (``"M1"``).
    name: ClassVar[str] = ""
    section: ClassVar[str] = ""
    title: ClassVar[str] = ""
    #: ``{action kind: (check, effect)}``; a module with actions sets its own on the
    #: instance (its hooks are bound methods).
    actions: dict[str, tuple[Callable[..., None], Callable[..., None]]] = {}
    decisions: ClassVar[dict] = {}
    turn_end_steps: ClassVar[tuple] = ()
    setup_steps: ClassVar[tuple] = ()
    #: ``{option: default}``: readings of unclear rules a game may choose
    #: (``Game(..., option=True)``); the module reads them with `GameContext.option`.
    option_defaults: ClassVar[dict] = {}
    #: The shipped data sets the module plays with (`components.tile_set`, or
    #: `components.card_set` for the diamonds); a game warns once per process when one
    #: of them is provisional.
    tile_sets: ClassVar[tuple] = ()
    #: The base minimal-payment rule is off with this module (see the module docstring).
    overpaying: ClassVar[bool] = False
    #: The payment sources the module brings (see the module docstring).
    money_sources: ClassVar[frozenset] = frozenset()
    #: Action kinds that are not one of the turn's actions (see the module docstring).
    free_actions: ClassVar[frozenset] = frozenset()
    score_terms: ClassVar[tuple] = ()
    #: ``{term: rank}`` for every term of `score_terms`: its place in a scoring (RULES.md
    #: §M0.17; the base terms rank 0 and 10).
    term_ranks: ClassVar[dict] = {}
    #: ``{step: rank}``: the place of a turn-end step in RULES.md §M0.4's order (the base
    #: steps rank 0 to 1000, `alhambra_lib.modules.step_rank`); a step without one stays
    #: where `turn_end_steps` inserts it.
    step_ranks: ClassVar[dict] = {}
    #: ``{decision kind: steps}``: the turn-end steps that may push each decision (a
    #: restored game's script starts with one of them while it waits).
    pushed_by: ClassVar[dict] = {}
    #: ``{tag: (fields, decoder)}``: the module's cards a player can hold, by the tag
    #: their JSON form starts with (``["wall", "NE"]``): ``decoder(*fields)`` rebuilds one
    #: (`alhambra_lib.actions.card_from_list`); registered with the module.
    card_tags: ClassVar[dict] = {}
    #: The same for the module's cards only the draw pile holds (a character, §M7).
    pile_card_tags: ClassVar[dict] = {}
    #: The module's event types whose ``piles`` field ``{pile number: n}`` tells how
    #: many cards it shuffled into each money pile at setup
    #: (`GameContext.shuffle_into_pile`): the sampler reads the piles' sizes from them.
    pile_insert_events: ClassVar[frozenset[str]] = frozenset()
    #: What the module lets an Alhambra hold beyond the base game: ``"gates"`` (gates
    #: between cells, §M5, saved under the save's key ``"gates"``), ``"sticks"`` (City
    #: Walls sticks on tiles, §M9); a save holding one without such a module is refused.
    alhambra_parts: ClassVar[frozenset] = frozenset()
    #: ``{event type: fields}``: the fields of the module's events only the event's
    #: ``player`` saw (cards dealt face down, a peek); a first field ``"*"``: nobody saw
    #: the fields after it. `GameView.events` hides them.
    secret_fields: ClassVar[dict] = {}
    #: ``{event type: field}``: a field ``{player: secret}`` each player saw only their part of.
    secret_per_player: ClassVar[dict] = {}
    #: The decision a module acting in the window between turns asks in when it owns the
    #: window (`alhambra_lib.modules.window`).
    window_decision: ClassVar[str] = ""
    #: ``{event type: (required fields, sentence function)}``: registered with the module.
    narration: ClassVar[dict] = {}
    #: The module's part of a table score sheet (`alhambra_lib.sheet_inputs.SheetModule`),
    #: None when it asks nothing and scores nothing.
    sheet: ClassVar[SheetModule | None] = None
    #: The module drawing the module's pieces, imported when first drawn (it calls
    #: `alhambra_lib.draw.pieces.register_pieces`); "" for none.
    drawer: ClassVar[str] = ""
    #: The decision kinds in which `options` may list something (None: any): the game
    #: asks the module in those alone.
    option_decisions: ClassVar[frozenset | None] = None
    #: The event types `on_event` acts on (None: any): the game shows it those alone.
    event_types: ClassVar[frozenset | None] = None
    #: The slice's declared type (`slices.decode_slice`; None: the module keeps none).
    slice_type: ClassVar[Any] = None
    #: What the type cannot say: ``rule(game, data) -> str | None``, each naming what is
    #: wrong with a well-typed slice (checked in order once the rest of the save is read).
    slice_rules: ClassVar[tuple[Callable[[Any, Any], str | None], ...]] = ()

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def deck_cards(self, config: GameConfig) -> tuple[Card, ...]:
        return ()

    def pile_inserts(self, config: GameConfig,
                     rng: random.Random | None = None) -> dict[int, list[Any]]:
        return {}

    def other_cards(self, config: GameConfig) -> tuple[Any, ...]:
        return ()

    def held_cards(self, game: GameContext) -> tuple[Any, ...]:
        return ()

    def bag_tiles(self, config: GameConfig) -> tuple[Tile, ...]:
        return ()

    def other_tiles(self, config: GameConfig) -> tuple[Tile, ...]:
        return ()

    def held_tiles(self, game: GameContext) -> tuple[Tile, ...]:
        return ()

    def totals(self, config: GameConfig) -> dict[str, int]:
        return {}

    def new_slice(self, config: GameConfig) -> Any:
        return None

    def load_slice(self, game: GameContext, data: Any) -> Any:
        """`data` read against `slice_type`, then held to each of `slice_rules`."""
        data = decode_slice(self.slice_type, data, self.name, game.players)
        for rule in self.slice_rules:
            problem = rule(game, data)
            if problem:
                raise InvalidSave(problem, f"modules_state.{self.name}")
        return data

    def census(self, game: GameContext) -> dict[str, int]:
        return {}

    def setup(self, game: GameContext) -> None:
        return None

    def options(self, game: GameContext, decision: Decision) -> list[Action] | tuple[Action, ...]:
        return []

    def payment_sources(self, game: GameContext, player: str) -> list[Buy]:
        return []

    def take_spent(self, game: GameContext, card: Any) -> bool:
        return False

    def ask_before_scoring(self, game: GameContext, round_no: int) -> bool:
        return False

    def before_scoring(self, game: GameContext, round_no: int) -> None:
        return None

    def after_scoring(self, game: GameContext, round_no: int) -> None:
        return None

    def scoring_details(self, game: GameContext, round_no: int) -> dict[str, Any]:
        return {}

    def on_event(self, game: GameContext, event: dict[str, Any]) -> None:
        return None

    def take_drawn_tile(self, game: GameContext, tile: Tile) -> bool:
        return False

    def reveal_card(self, game: GameContext, card: Any) -> bool:
        return False

    def cards_beside(self, game: GameContext) -> tuple[Any, ...]:
        return ()

    def take_beside(self, game: GameContext, card: Any) -> bool:
        return False

    def check_gate(self, game: GameContext, action: Action) -> None:
        return None

    def use_gate(self, game: GameContext, player: str, action: Action) -> None:
        return None

    def distribute(self, game: GameContext,
                   holder_of: Callable[[str], str | None]) -> list[tuple[str | None, Tile, dict]]:
        return []

    def window_players(self, game: GameContext) -> Collection[str]:
        return [p for p in game.players if self.window_can_act(game, p)]

    def window_can_act(self, game: GameContext, player: str) -> bool:
        return False

    def count_bonus(self, game: GameContext, name: str, counts: dict[str, float]) -> None:
        return None

    def score(self, game: GameContext, term: str, round_no: int) -> dict[str, int] | None:
        return {}

    def view(self, game: GameContext, name: str) -> Any:
        return None

    def redact_slice(self, data: Any, viewer: str, events: list[dict[str, Any]],
                     secret: Secret) -> None:
        return None

    def tidy_slice(self, data: Any) -> None:
        return None

    def redact_hand(self, hand: list[Any], events: list[dict[str, Any]], player: str,
                    secret: Secret) -> list[Any]:
        return hand

    def overrides(self, hook: str) -> bool:
        """Whether this module adds something through `hook`."""
        return getattr(type(self), hook) is not getattr(Module, hook)
