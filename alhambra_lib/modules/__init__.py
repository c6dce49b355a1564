"""The Mega Box modules (RULES.md §M0 and one section each) and the registry `MODULES`.

A module is an option of ``Game(..., modules=(...))``; modules combine freely and are
kept in the rulebook's order. Each is a stateless `Module` whose state is a slice of
the game's state (see `alhambra_lib.modules.base` for the hooks).

Which hooks each of the 16 modules uses:

==================  ===================================================================
module              hooks
==================  ===================================================================
vizier (M1)         totals, new/load slice, census; ``act`` + ``wake``; decision
                    ``vizier`` (``vizier``, ``decline``); turn-end step
                    ``vizier_window`` before ``finish_turn``; options; narration; view
exchange (M2)       pile_inserts (2 each in piles 2-4), totals; payment_sources;
                    money_sources ``exchange``; narration of the mixed payment
bonus_cards (M3)    totals, new/load slice, census, setup (deal); before_scoring (show);
                    count_bonus; view (own cards, others' number); redact/tidy slice
squares (M4)        tile_sets ``huts``; totals, new/load slice, census, setup (six
                    piles, tops face up); ``act`` + ``take_hut`` (``receive_tile``: placed
                    in the ``place`` decision); options; count_bonus (huts' neighbours);
                    narration; view (face-up huts, pile sizes); redact_slice
gates (M5)          pile_inserts (g3/g4/g5), totals, new/load slice, census, held_cards;
                    reveal_card (beside the display, or discarded); cards_beside and
                    take_beside (a ``take`` of the gate card); options (placements
                    through a gate); check_gate + use_gate; placement rule in the core (``place(...,
                    gate=side)``, ``gate_side``, ``gate_needless``, ``gated``); options;
                    narration; view
diamonds (M6)       deck_cards (11 diamonds, shuffled with the money), totals, tile_sets
                    ``diamonds`` (a card set); payment_sources and money_sources ``diamonds`` (diamonds
                    pay any square, alone)
characters (M7)     pile_inserts (piles 2-4), totals, new/load slice, held_cards,
                    census; reveal_card pushes decision ``auction`` (``bid``,
                    ``decline``) mid-refill; ``act`` + ``swap_card`` (experimental);
                    options; ask_before_scoring pushes decision ``wise_man`` (the
                    owner's type, ``wise_man``), after_scoring, count_bonus (its
                    half), scoring_details; score term ``characters``; narration; view
camps (M8)          bag_tiles, totals, tile_sets; no slice (slice_type None); placement
                    rules in the core (``camp_contact``, ``camp_unanchored``); score
                    term ``camps``
city_walls (M9)     pile_inserts, totals, new/load slice, census, held_cards;
                    reveal_card (beside the market); ``act`` + ``build_wall``; sticks
                    in the core (``Tile.sticks`` are walls; ``check_sticks``,
                    ``add_sticks``: ``overbuilt``, ``stick_against_tile``,
                    ``no_sticks``); options; narration; view
thieves (M10)       totals, new/load slice, census, setup (deal); decision ``window``
                    (``steal``, ``decline``; the vizier adds ``vizier``): the shared
                    window step ``vizier_window`` (window.py) serves both; options;
                    narration; view (own thieves, others' number); redact/tidy slice
change (M11)        other_cards/held_cards, totals, new/load slice (the coin bag),
                    census; ``overpaying`` (the minimal rule off); on_event (a buy's
                    change); take_spent (coins back to the bag); narration; view
street_merchant     totals, new/load slice, census, setup; setup step ``merchant_setup``;
  (M12)             on_event (a tile on the disc's cell); turn-end steps ``merchant``
                    before ``refill_display`` and ``merchant_late`` before
                    ``finish_turn``; decision ``merchant``; options; score term
                    ``street_merchant``; narration; view (own disc's citizens only);
                    redact/tidy slice
treasure (M13)      totals, new/load slice, census, setup (4 chests per room); ``act``
                    + ``buy_chests``; turn-end step ``chests`` before
                    ``refill_display``; decision ``chests`` (``place_chest``); options;
                    score term ``treasure``; narration; view
master_builders     other_cards/held_cards, totals, new/load slice, census, setup
  (M14)             (deal 2 each, ``shuffle_into_pile`` 3 and 5); ``act`` +
                    ``master_builder`` (a free action); turn-end step
                    ``master_builder`` after ``place_bought``; decision
                    ``master_builder`` (``redesign``, ``decline``); narration; view;
                    redact/tidy slice, redact_hand (those dealt face down);
                    pile_insert_events
invaders (M15)      totals, new/load slice, census, setup (shuffle, two scouts up);
                    on_event (exact buy / vizier: the peek); before_scoring (reveal);
                    score term ``invaders``; scoring_details (the attack); after_scoring
                    (scout refresh); narration; view (the peeked card to its viewers);
                    redact/tidy slice
bazaars (M16)       bag_tiles, totals, new/load slice, census, held_tiles (beside the
                    market); take_drawn_tile (laid beside it); ``act`` +
                    ``buy_bazaar``; options; score term ``bazaars`` (final only: None
                    before); narration; view (prices)
==================  ===================================================================

A module declares its parts too, read by the core, the engine, the score sheet and the
drawings, which name no module: its terms' ranks (``term_ranks``), its steps' places
(``step_ranks``), the steps pushing its decisions (``pushed_by``), its score-sheet entry
(``sheet``), its card tags, what its Alhambras hold (``alhambra_parts``), its secret
event fields and the secrets of its slice and hands (for the sampler,
`engine.sampling`), its narration, its window actions and its drawer (``drawer``, under
`alhambra_lib.draw.modules`). `register` adds a module defined anywhere (one line), and
`unregister` takes it back (docs/ADDING_A_MODULE.md).

A module also says where its hooks can apply, so that a game pays for a module only
where it can act: ``option_decisions`` (the decision kinds its ``options`` list
something in) and ``event_types`` (the events its ``on_event`` acts on).

Examples
--------
>>> list(MODULES)[:3]
['vizier', 'exchange', 'bonus_cards']
>>> MODULES["vizier"].section, MODULES["vizier"].title
('M1', "Vizier's Favour")
"""

from __future__ import annotations

from types import MappingProxyType

from .base import Module
from .bazaars import Bazaars
from .bonus_cards import BonusCards
from .camps import Camps
from .change import Change
from .characters import Characters
from .city_walls import CityWalls
from .diamonds import Diamonds
from .exchange import Exchange
from .gates import Gates
from .invaders import Invaders
from .master_builders import MasterBuilders
from .squares import Squares
from .street_merchant import StreetMerchant
from .thieves import Thieves
from .treasure import Treasure
from .vizier import Vizier

# One line per module, in the rulebook's order (M1..M16).
_BUILT = (
    Vizier,       # M1
    Exchange,     # M2
    BonusCards,   # M3
    Squares,      # M4
    Gates,        # M5
    Diamonds,     # M6
    Characters,   # M7
    Camps,        # M8
    CityWalls,    # M9
    Thieves,      # M10
    Change,       # M11
    StreetMerchant,  # M12
    Treasure,     # M13
    MasterBuilders,  # M14
    Invaders,     # M15
    Bazaars,      # M16
)

__all__ = ["MODULES", "Module", "register", "unregister", "term_rank", "step_rank",
           "pushed_by"]

_REGISTRY: dict[str, type[Module]] = {}
#: Grows at every register and unregister: what is derived from the registry and cached
#: (the window's modules, window.py) is keyed by it.
_generation = 0
# The registered modules' secret event fields, read by the views (engine/view.py).
_SECRET_FIELDS: dict[str, tuple] = {}
_SECRET_PER_PLAYER_FIELDS: dict[str, str] = {}
#: name -> module class, in the rulebook's order (M1..M16) as they are built, then the
#: modules registered later (`register`), in their order. A read-only live view.
MODULES = MappingProxyType(_REGISTRY)

#: The base game's terms (RULES.md §M0.17: the modules' terms come after them).
_BASE_TERM_RANKS = {"majorities": 0, "walls": 10}
#: The base game's turn-end steps (RULES.md §5, §M0.4): a module's step ranks between them.
_BASE_STEP_RANKS = {"place_bought": 0, "refill_display": 500, "refill_market": 600,
                    "hold_scorings": 700, "finish_turn": 1000}
#: The base game's decisions and the steps that push them (`decisions.PUSHED_BY`).
_BASE_PUSHED_BY = {"place": ("place_bought",), "final_place": ("final_placing",)}


def register(cls: type[Module]) -> type[Module]:
    """Add the module class `cls` to `MODULES` under ``cls.name`` (after those there) and
    its ``narration`` to the events a game can tell; returns `cls` (a class decorator).

    Raises
    ------
    ValueError
        `cls` is no `Module` subclass with a name, the name is taken, a score term has
        no rank, or an event type is already described otherwise.

    Examples
    --------
    >>> class Lantern(Module):
    ...     name, section, title = "lantern", "X1", "Lantern"
    >>> _ = register(Lantern)
    >>> list(MODULES)[-1]
    'lantern'
    >>> unregister("lantern"); "lantern" in MODULES
    False
    """
    if not (isinstance(cls, type) and issubclass(cls, Module) and cls.name):
        raise ValueError(f"a module is a Module subclass with a name, got {cls!r}")
    if cls.name in _REGISTRY:
        raise ValueError(f"a module named {cls.name!r} is already registered")
    unranked = [t for t in cls.score_terms if t not in cls.term_ranks]
    if unranked:
        raise ValueError(f"module {cls.name!r} gives no rank to {', '.join(unranked)}")
    from ..actions import register_card_tags, unregister_card_tags
    from ..narrate import register_events

    register_card_tags(cls.card_tags)
    try:
        register_events(cls.narration)
    except ValueError:
        unregister_card_tags(cls.card_tags)
        raise
    global _generation
    _generation += 1
    _SECRET_FIELDS.update(cls.secret_fields)
    _SECRET_PER_PLAYER_FIELDS.update(cls.secret_per_player)
    _REGISTRY[cls.name] = cls
    return cls


def unregister(name: str) -> None:
    """Take the module `name` out of `MODULES` (and its narration): for tests of a module
    defined outside the library. A game already made with it keeps its instance."""
    from ..actions import unregister_card_tags
    from ..narrate import unregister_events

    global _generation
    cls = _REGISTRY.pop(name)
    _generation += 1
    for kind in cls.secret_fields:
        _SECRET_FIELDS.pop(kind, None)
    for kind in cls.secret_per_player:
        _SECRET_PER_PLAYER_FIELDS.pop(kind, None)
    unregister_events(cls.narration)
    unregister_card_tags(cls.card_tags)


def term_rank(term: str) -> int:
    """Where the score term `term` comes in a scoring (RULES.md §M0.17): its rank, the
    base terms' or the one a registered module declares (`Module.term_ranks`).

    >>> sorted(["invaders", "walls", "camps", "majorities"], key=term_rank)
    ['majorities', 'walls', 'camps', 'invaders']
    """
    if term in _BASE_TERM_RANKS:
        return _BASE_TERM_RANKS[term]
    for m in _REGISTRY.values():
        if term in m.term_ranks:
            return m.term_ranks[term]
    raise KeyError(f"no module scores a term {term!r}")


def step_rank(step: str) -> int | None:
    """The rank of the turn-end step `step` in RULES.md §M0.4's order (`Module.step_ranks`),
    None for a step that keeps the place its module inserts it at.

    >>> step_rank("refill_display") < step_rank("vizier_window") < step_rank("finish_turn")
    True
    """
    if step in _BASE_STEP_RANKS:
        return _BASE_STEP_RANKS[step]
    return next((m.step_ranks[step] for m in _REGISTRY.values() if step in m.step_ranks), None)


def pushed_by() -> dict[str, tuple]:
    """``{decision kind: the steps that may push it}``: the base game's and every
    registered module's (`Module.pushed_by`), merged."""
    merged = {kind: list(steps) for kind, steps in _BASE_PUSHED_BY.items()}
    for m in _REGISTRY.values():
        for kind, steps in m.pushed_by.items():
            merged.setdefault(kind, []).extend(s for s in steps if s not in merged[kind])
    return {kind: tuple(steps) for kind, steps in merged.items()}


for _cls in _BUILT:
    register(_cls)
