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
                    count_bonus; view (own cards, others' number)
squares (M4)        tile_sets ``huts``; totals, new/load slice, census, setup (six
                    piles, tops face up); ``act`` + ``take_hut`` (``receive_tile``: placed
                    in the ``place`` decision); options; count_bonus (huts' neighbours);
                    narration; view (face-up huts, pile sizes)
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
                    narration; view (own thieves, others' number)
change (M11)        other_cards/held_cards, totals, new/load slice (the coin bag),
                    census; ``overpaying`` (the minimal rule off); on_event (a buy's
                    change); take_spent (coins back to the bag); narration; view
street_merchant     totals, new/load slice, census, setup; setup step ``merchant_setup``;
  (M12)             on_event (a tile on the disc's cell); turn-end steps ``merchant``
                    before ``refill_display`` and ``merchant_late`` before
                    ``finish_turn``; decision ``merchant``; options; score term
                    ``street_merchant``; narration; view (own disc's citizens only)
treasure (M13)      totals, new/load slice, census, setup (4 chests per room); ``act``
                    + ``buy_chests``; turn-end step ``chests`` before
                    ``refill_display``; decision ``chests`` (``place_chest``); options;
                    score term ``treasure``; narration; view
master_builders     other_cards/held_cards, totals, new/load slice, census, setup
  (M14)             (deal 2 each, ``shuffle_into_pile`` 3 and 5); ``act`` +
                    ``master_builder`` (a free action); turn-end step
                    ``master_builder`` after ``place_bought``; decision
                    ``master_builder`` (``redesign``, ``decline``); narration; view
invaders (M15)      totals, new/load slice, census, setup (shuffle, two scouts up);
                    on_event (exact buy / vizier: the peek); before_scoring (reveal);
                    score term ``invaders``; scoring_details (the attack); after_scoring
                    (scout refresh); narration; view (the peeked card to its viewers)
bazaars (M16)       bag_tiles, totals, new/load slice, census, held_tiles (beside the
                    market); take_drawn_tile (laid beside it); ``act`` +
                    ``buy_bazaar``; options; score term ``bazaars`` (final only: None
                    before); narration; view (prices)
==================  ===================================================================

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

__all__ = ["MODULES", "Module"]

#: name -> module class, in the rulebook's order (M1..M16) as they are built.
MODULES = MappingProxyType({m.name: m for m in _BUILT})
