//! The whole base game for 2-6 players and Dirk's two-player variant (RULES.md §§3-10), as
//! `alhambra_lib/engine/game.py` plays it: the same decisions, legal actions in the same
//! canonical order, the same draws from the same generator, the same events.
//!
//! What is being decided is the top of a small decision stack (`act`, `place`,
//! `final_place`); when the action part ends, the turn-end script runs step by step
//! (place what was bought, refill the display, refill the market, hold the scorings,
//! finish the turn), and a step that needs a choice pushes a decision and waits.
//! `legal_actions` generates only legal actions, so `apply_unchecked` trusts its input;
//! `apply` checks an action against the generated list first.

use crate::board::{Board, FOUNTAIN};
use crate::cards::{
    all_bazaars, all_camps, bits, card_of_order, card_order, coin, currency_of, diamond,
    diamond_deck, exchange_pair, is_bazaar, is_camp, is_coin, is_hut, is_master_builder,
    is_money_key, is_money_of_a_currency, master_builder, module_card_worth, money, money_deck,
    payment_order, place_points, tile, tile_set, worth, CardId, TileId, TileSet, BAZAAR_COUNT,
    CARD_KINDS, EXCHANGE_FIRST, GATE, MONEY_KINDS, SCORING_1, SCORING_2, TILE_COUNT,
};
use crate::cards::{is_wall_card, order_rank, wall_sides, TILE_KINDS};
use crate::modules::bazaars::{self, Bazaars};
use crate::modules::bonus_cards::{self, BonusCards};
use crate::modules::camps;
use crate::modules::characters::{Bid, Characters};
use crate::modules::city_walls::{self, CityWalls};
use crate::modules::gates::{self, Gates};
use crate::modules::invaders::{self, Invaders};
use crate::modules::master_builders::{self, MasterBuilders};
use crate::modules::squares::{self, Squares, HUT_LIMIT};
use crate::modules::street_merchant::{self, StreetMerchant};
use crate::modules::thieves::{self, Thieves};
use crate::modules::treasure::{self, Treasure};
use crate::modules::vizier::Vizier;
use crate::modules::window::Window;
use crate::rng::Mt;
use crate::stack::Stack;

pub const MAX_PLAYERS: usize = 6;
const DISPLAY_SIZE: usize = 4;
const MARKET_SIZE: usize = 4;
const STARTING_MONEY: u32 = 20;
const PILES: usize = 5;
/// No tile on a market square.
pub const EMPTY: TileId = u8::MAX;
/// The most cards of the game: 108 money cards, the 2 scoring cards, 6 exchange cards,
/// 11 diamonds, 6 gate cards, 16 master builders, 6 characters.
pub const MAX_CARDS: usize = 155;

/// The sixteen Mega Box modules by their `MODULES` names, in the rulebook's order (M1-M16):
/// the order in which games name their modules.
pub const RULEBOOK_ORDER: [&str; 16] = [
    "vizier",
    "exchange",
    "bonus_cards",
    "squares",
    "gates",
    "diamonds",
    "characters",
    "camps",
    "city_walls",
    "thieves",
    "change",
    "street_merchant",
    "treasure",
    "master_builders",
    "invaders",
    "bazaars",
];

/// The Mega Box modules the core holds, by their `MODULES` names, in the order of their
/// bits (`VIZIER` is bit 0): a game runs in the core only when every module of it is here.
/// A module brought in takes the next bit, so the bits need not follow the rulebook.
pub const CORE_MODULES: [&str; 16] = [
    "vizier",
    "exchange",
    "bonus_cards",
    "squares",
    "gates",
    "diamonds",
    "camps",
    "city_walls",
    "thieves",
    "change",
    "master_builders",
    "invaders",
    "bazaars",
    "characters",      // 13
    "street_merchant", // 14
    "treasure",        // 15
];
/// Vizier's Favour (M1): the bit of `Game::modules` (bit k for `CORE_MODULES[k]`).
pub const VIZIER: u16 = 1;
/// Currency Exchange (M2).
pub const EXCHANGE: u16 = 2;
/// Bonus Cards (M3).
pub const BONUS_CARDS: u16 = 4;
/// Squares (M4).
pub const SQUARES: u16 = 8;
/// City Gates (M5).
pub const GATES: u16 = 16;
/// Diamonds (M6).
pub const DIAMONDS: u16 = 32;
/// Camps (M8).
pub const CAMPS: u16 = 64;
/// City Walls (M9).
pub const CITY_WALLS: u16 = 128;
/// Thieves (M10).
pub const THIEVES: u16 = 256;
/// Change (M11).
pub const CHANGE: u16 = 512;
/// Master Builders (M14).
pub const MASTER_BUILDERS: u16 = 1024;
/// Invaders (M15).
pub const INVADERS: u16 = 2048;
/// Bazaars (M16).
pub const BAZAARS: u16 = 4096;
/// Characters (M7).
pub const CHARACTERS: u16 = 8192;
/// Street Merchant (M12).
pub const STREET_MERCHANT: u16 = 16384;
/// Treasure Chamber (M13).
pub const TREASURE: u16 = 32768;
/// The modules that act in the window between turns (§M0.4 step 8).
const WINDOW_MODULES: u16 = VIZIER | THIEVES;
/// The module options the core holds, by name (bit k of `Game::options` for the k-th),
/// and the module each belongs to.
pub const CORE_OPTIONS: [(&str, u16); 6] = [
    ("thief_not_by_finisher", THIEVES),
    ("gates_all_six", GATES),
    ("bazaars_distributed", BAZAARS),
    ("walls_piles_2_to_4", CITY_WALLS),
    ("experimental", CHARACTERS),
    ("merchant_final_only", STREET_MERCHANT),
];
/// Thieves (§M10): the player who just finished may not play a thief.
pub const THIEF_NOT_BY_FINISHER: u8 = 1;
/// City Gates (§M5): all six gate cards, whatever the number of players.
pub const GATES_ALL_SIX: u8 = 2;
/// Bazaars (§M16): the bazaars beside the market handed out at the end like its tiles.
pub const BAZAARS_DISTRIBUTED: u8 = 4;
/// City Walls (§M9): the wall cards into piles 2-4 (three, three, two), not 2-5.
pub const WALLS_PILES_2_TO_4: u8 = 8;
/// Characters (§M7): the hinted characters too (provisional).
pub const EXPERIMENTAL: u8 = 16;
/// Street Merchant (§M12): the residents score at the final scoring only.
pub const MERCHANT_FINAL_ONLY: u8 = 32;
/// `Place::gate` and `Redesign::gate` without a gate.
pub const NO_GATE: u8 = u8::MAX;
/// The coins of a currency in the game (Change, §M11).
pub const COINS_PER_CURRENCY: u8 = 6;
/// `Buy::exchange` of a payment in diamonds alone.
pub const PAID_IN_DIAMONDS: u8 = 7;

/// The bits of the modules named, or the names the core does not hold.
pub fn module_bits(names: &[&str]) -> Result<u16, Vec<String>> {
    let missing: Vec<String> = names
        .iter()
        .filter(|n| !CORE_MODULES.contains(n))
        .map(|n| n.to_string())
        .collect();
    if !missing.is_empty() {
        return Err(missing);
    }
    Ok(names
        .iter()
        .map(|n| 1u16 << CORE_MODULES.iter().position(|m| m == n).unwrap_or(0))
        .fold(0, |a, b| a | b))
}

/// What the decision on top asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Kind {
    #[default]
    Act,
    Place,
    FinalPlace,
    /// The window between turns with the vizier alone (§M1).
    Vizier,
    /// The window shared by the thieves and the vizier (§M10).
    Window,
    /// A master builder's redesign at the turn end (§M14).
    MasterBuilder,
    /// Characters (§M7): a bid in the auction of a character, or passing.
    Auction,
    /// Characters (§M7): the Wise Man's type for the scoring about to be held.
    WiseMan,
    /// A merchant's disc: set up, a citizen taken or swapped, put back (§M12).
    Merchant,
    /// Treasure Chamber (§M13): a building for a chest, at the turn end.
    Chests,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Act => "act",
            Kind::Place => "place",
            Kind::FinalPlace => "final_place",
            Kind::Vizier => "vizier",
            Kind::Window => "window",
            Kind::MasterBuilder => "master_builder",
            Kind::Auction => "auction",
            Kind::WiseMan => "wise_man",
            Kind::Merchant => "merchant",
            Kind::Chests => "chests",
        }
    }

    pub fn from_name(name: &str) -> Option<Kind> {
        [
            Kind::Act,
            Kind::Place,
            Kind::FinalPlace,
            Kind::Vizier,
            Kind::Window,
            Kind::MasterBuilder,
            Kind::Auction,
            Kind::WiseMan,
            Kind::Merchant,
            Kind::Chests,
        ]
        .into_iter()
        .find(|k| k.name() == name)
    }
}

/// A pending choice: its kind, the seat that makes it, and whether a bought tile may
/// go to Dirk.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Decision {
    pub kind: Kind,
    pub player: u8,
    pub give: bool,
}

/// A step of the turn-end script or of the game's end (`decisions.TURN_END`, `GAME_END`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Step {
    #[default]
    PlaceBought,
    RefillDisplay,
    RefillMarket,
    HoldScorings,
    FinishTurn,
    FinalPlacing,
    FinalScoring,
    FirstTurn,
    /// The window between turns (§M0.4 step 8), named as the Python step.
    VizierWindow,
    /// The master builders' redesigns, right after the bought tiles are placed (§M14).
    MasterBuilder,
    /// Characters' extra redesign (§M7, `experimental`), after the master builders'.
    ExtraRedesign,
    /// Street Merchant (§M12): the discs lifted in the turn, before the display's
    /// refill; those lifted in the window, before the turn is finished; the setup.
    Merchant,
    MerchantLate,
    MerchantSetup,
    /// The chests bought handed out, before the display is refilled (§M13).
    Chests,
}

const STEP_NAMES: [(Step, &str); 15] = [
    (Step::PlaceBought, "place_bought"),
    (Step::RefillDisplay, "refill_display"),
    (Step::RefillMarket, "refill_market"),
    (Step::HoldScorings, "hold_scorings"),
    (Step::FinishTurn, "finish_turn"),
    (Step::FinalPlacing, "final_placing"),
    (Step::FinalScoring, "final_scoring"),
    (Step::FirstTurn, "first_turn"),
    (Step::VizierWindow, "vizier_window"),
    (Step::MasterBuilder, "master_builder"),
    (Step::ExtraRedesign, "extra_redesign"),
    (Step::Merchant, "merchant"),
    (Step::MerchantLate, "merchant_late"),
    (Step::MerchantSetup, "merchant_setup"),
    (Step::Chests, "chests"),
];

impl Step {
    pub fn name(self) -> &'static str {
        STEP_NAMES
            .iter()
            .find(|(s, _)| *s == self)
            .map(|(_, n)| *n)
            .unwrap_or_default()
    }

    pub fn from_name(name: &str) -> Option<Step> {
        STEP_NAMES.iter().find(|(_, n)| *n == name).map(|(s, _)| *s)
    }
}

const TURN_END: [Step; 5] = [
    Step::PlaceBought,
    Step::RefillDisplay,
    Step::RefillMarket,
    Step::HoldScorings,
    Step::FinishTurn,
];
const GAME_END: [Step; 2] = [Step::FinalPlacing, Step::FinalScoring];

/// A redesign's move (RULES.md §7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Place,
    Remove,
    Exchange,
}

impl Move {
    pub fn name(self) -> &'static str {
        match self {
            Move::Place => "place",
            Move::Remove => "remove",
            Move::Exchange => "exchange",
        }
    }
}

/// A purchase from the market square `square` (1..4) of `tile`, and its payment: the
/// number of cards of each value 1..9 in the square's currency (`pay`: two bits a value, a
/// currency has three cards of a value at most) and, with an exchange card (`exchange`:
/// 1 + its index among the six, else 0), in the card's other currency (`other`); a
/// payment in diamonds alone has `exchange` `PAID_IN_DIAMONDS` and its diamonds in `pay`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Purchase {
    pub square: u8,
    pub tile: TileId,
    pub pay: u32,
    pub other: u32,
    pub exchange: u8,
    /// Coins (Change, §M11): of the square's currency in bits 0-2, of the exchange
    /// card's other currency in bits 3-5.
    pub coins: u8,
    /// Master builders (§M14), as `coins`.
    pub builders: u8,
}

impl Purchase {
    /// The cards paid, in `card_order` (highest value first, then currency, a plain card
    /// before a coin like it; the exchange card last).
    pub fn cards(&self) -> Vec<CardId> {
        fn add(cards: &mut Vec<CardId>, card_of: impl Fn(u8) -> CardId, counts: u32) {
            for value in 1..=9u8 {
                for _ in 0..counts >> (2 * (value - 1)) & 3 {
                    cards.push(card_of(value));
                }
            }
        }
        let own = self.square - 1;
        let mut cards = Vec::new();
        if self.exchange == PAID_IN_DIAMONDS {
            add(&mut cards, diamond, self.pay);
        } else {
            add(&mut cards, |v| money(own, v), self.pay);
            cards.extend(std::iter::repeat_n(coin(own), (self.coins & 7) as usize));
            let builders = (self.builders & 7) as usize;
            cards.extend(std::iter::repeat_n(master_builder(own), builders));
            if self.exchange != 0 {
                let (a, b) = exchange_pair(EXCHANGE_FIRST + self.exchange - 1);
                let second = if a == own { b } else { a };
                add(&mut cards, |v| money(second, v), self.other);
                cards.extend(std::iter::repeat_n(
                    coin(second),
                    (self.coins >> 3) as usize,
                ));
                let builders = (self.builders >> 3) as usize;
                cards.extend(std::iter::repeat_n(master_builder(second), builders));
                cards.push(EXCHANGE_FIRST + self.exchange - 1);
            }
        }
        cards.sort_unstable_by_key(|&c| card_order(c));
        cards
    }

    /// What the payment is worth.
    pub fn total(&self) -> u32 {
        let values =
            |counts: u32| -> u32 { (1..=9).map(|v| (counts >> (2 * (v - 1)) & 3) * v).sum() };
        let builders = (self.builders & 7) as u32 + (self.builders >> 3) as u32;
        values(self.pay)
            + values(self.other)
            + (self.coins & 7) as u32
            + (self.coins >> 3) as u32
            + 3 * builders
    }

    /// Whether the payment is the tile's price exactly.
    pub fn exact(&self) -> bool {
        self.total() == tile(self.tile).price as u32
    }
}

/// An action of the player deciding, as small values. `Take` holds its cards in
/// `card_order`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    Take {
        cards: [CardId; 5],
        n: u8,
    },
    Buy(Purchase),
    End,
    /// `gate`: the side (N, E, S, W as 0-3) of a gate the tile joins through (City
    /// Gates, §M5), else `NO_GATE`; so for a redesign's placement too.
    Place {
        tile: TileId,
        x: i8,
        y: i8,
        gate: u8,
    },
    Reserve {
        tile: TileId,
    },
    Give {
        tile: TileId,
    },
    Redesign {
        mv: Move,
        tile: TileId,
        x: i8,
        y: i8,
        gate: u8,
    },
    /// Squares (§M4): take the face-up hut of the pile of `colour` (a `KINDS` index).
    TakeHut {
        colour: u8,
    },
    /// Vizier's Favour (§M1): wake one's vizier on one's turn; buy out of turn, exactly.
    Wake,
    VizierBuy(Purchase),
    /// Thieves (§M10): play a thief to take `card` (money) from the display.
    Steal {
        card: CardId,
    },
    /// Let the window pass, or a master builder's redesign.
    Decline,
    /// Master Builders (§M14): discard `card` for a redesign at the turn end.
    PlayMasterBuilder {
        card: CardId,
    },
    /// Bazaars (§M16): buy the bazaar `tile` beside the market, paying exactly the price
    /// of the tile on its currency's square (`square`), as a purchase's payment.
    BuyBazaar(Purchase),
    /// City Walls (§M9): take the wall card `card` from beside the market and lay its
    /// sticks on `tile`: the one on `cell` of the Alhambra, or with `cell` None one just
    /// bought or on the reserve.
    BuildWall {
        card: CardId,
        tile: TileId,
        cell: Option<(i8, i8)>,
    },
    /// Characters (§M7): bid cards of one currency in the auction; choose the Wise Man's
    /// type (a `KINDS` index) for the scoring about to be held.
    Bid(Bid),
    ChooseWiseMan {
        colour: u8,
    },
    /// Characters (§M7, `experimental`): the money swap discards `card` of the display.
    SwapCard {
        card: CardId,
    },
    /// Street Merchant (§M12): at setup, the three citizens (colour bits) on the disc
    /// and its cell beside the fountain; at the turn end, a citizen (a `KINDS` index)
    /// taken from the supply, one swapped, none, and the disc put back.
    SetMerchant {
        colours: u8,
        x: i8,
        y: i8,
    },
    TakeCitizen {
        colour: u8,
    },
    SwapCitizen {
        give: u8,
        take: u8,
    },
    KeepCitizens,
    PlaceMerchant {
        x: i8,
        y: i8,
    },
    /// Treasure Chamber (§M13): buy the chests of `room` (1-3) paying `cards[..n]` (in
    /// `card_order`).
    BuyChests {
        room: u8,
        cards: [CardId; treasure::MOST_PAID],
        n: u8,
    },
    /// Treasure Chamber (§M13): a chest onto one's building at (x, y).
    PlaceChest {
        x: i8,
        y: i8,
    },
}

/// Something that happened, for the record (`Game.events`). Seats are indices of the
/// players; `Game::json_event` writes the Python engine's dict.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    Setup,
    DrawTile {
        square: u8,
        tile: TileId,
    },
    DirkGift {
        after: u8,
        tiles: Vec<TileId>,
    },
    StartingMoney {
        player: u8,
        cards: Vec<CardId>,
    },
    StartPlayer {
        player: u8,
        cards: u8,
        total: u32,
    },
    DrawCard {
        card: CardId,
    },
    ScoringCard {
        round: u8,
    },
    DrawPile {
        piles: [u8; PILES],
    },
    Turn {
        turn: u32,
        player: u8,
    },
    Take {
        player: u8,
        cards: Vec<CardId>,
    },
    Buy {
        player: u8,
        square: u8,
        tile: TileId,
        cards: Vec<CardId>,
        exact: bool,
    },
    /// `sticks` and `removed_sticks`: City Walls' sticks on the tiles then (§M9).
    Redesign {
        player: u8,
        mv: Move,
        tile: TileId,
        x: i8,
        y: i8,
        removed: TileId,
        gate: u8,
        sticks: u8,
        removed_sticks: u8,
    },
    End {
        player: u8,
        passed: bool,
    },
    Place {
        player: u8,
        tile: TileId,
        x: i8,
        y: i8,
        gate: u8,
        sticks: u8,
    },
    Reserve {
        player: u8,
        tile: TileId,
        sticks: u8,
    },
    Give {
        player: u8,
        tile: TileId,
    },
    Reshuffle {
        cards: u32,
    },
    /// Per competitor (Dirk last): counts by type, walls, majority points.
    Scoring {
        round: u8,
        counts: Vec<[u8; 6]>,
        walls: Vec<u32>,
        majorities: Vec<u32>,
        /// The modules' terms in the scoring's parts, per competitor.
        terms: Vec<(Term, Vec<i64>)>,
        /// Invaders (§M15): the attack's direction this round, if revealed, and each
        /// competitor's points lost to it.
        attack: Option<(u8, Vec<u32>)>,
        /// Characters (§M7): the Wise Man's half in this scoring, its owner and type.
        half: Option<(u8, u8)>,
    },
    /// Invaders (§M15): the shuffled piles, scouts turned up (after the setup, 0, or a
    /// round), a look at the top attack card, an attack, the unused scouts leaving.
    InvadersSetup {
        deck: Vec<u8>,
        scouts: Vec<u8>,
    },
    ScoutsUp {
        after: u8,
        scouts: Vec<u8>,
    },
    ScoutPeek {
        player: u8,
        scout: u8,
        card: u8,
        tile: TileId,
        vizier: bool,
    },
    Attack {
        round: u8,
        direction: u8,
        penalties: Vec<u32>,
    },
    ScoutsOut {
        round: u8,
        scouts: Vec<u8>,
    },
    EndTriggered {
        bag_empty: bool,
    },
    /// (square, tile, recipient seat or None); square 0 for a bazaar beside the market
    /// (§M16, `bazaars_distributed`).
    Distribution {
        tiles: Vec<(u8, TileId, Option<u8>)>,
    },
    FinalPlacing {
        player: u8,
        tiles: Vec<TileId>,
    },
    /// Bonus Cards (§M3): a player's cards dealt at setup, and those shown at a scoring.
    BonusCards {
        player: u8,
        tiles: Vec<TileId>,
    },
    BonusShown {
        player: u8,
        tiles: Vec<TileId>,
    },
    /// Squares (§M4): the six piles at setup (their face-up huts, `EMPTY` for none, and
    /// sizes), a hut taken (with the number left in its pile), the next one turned up.
    HutPiles {
        up: [TileId; 6],
        sizes: [u8; 6],
    },
    TakeHut {
        player: u8,
        colour: u8,
        tile: TileId,
        left: u8,
    },
    HutTurnedUp {
        colour: u8,
        tile: TileId,
    },
    /// City Gates (§M5): a gate card drawn set beside the display, or discarded (one lies
    /// there).
    GateCardBeside,
    GateCardDiscarded,
    /// Vizier's Favour (§M1) and the window (§M0.4).
    Wake {
        player: u8,
    },
    VizierBuy {
        player: u8,
        purchase: Purchase,
    },
    Decline {
        player: u8,
        kind: Kind,
    },
    /// Thieves (§M10): the deal (each hand's thieves by currency, how many removed), a
    /// theft.
    ThievesDealt {
        hands: [[u8; 4]; MAX_PLAYERS],
        removed: u8,
    },
    Steal {
        player: u8,
        card: CardId,
    },
    /// Master Builders (§M14): a player's two dealt, the piles' share and those left out,
    /// one played, a redesign that lapses.
    MasterBuildersDealt {
        player: u8,
        cards: Vec<CardId>,
    },
    MasterBuildersSet {
        piles: [(usize, usize); 2],
        out: u8,
    },
    MasterBuilderPlayed {
        player: u8,
        card: CardId,
    },
    MasterBuilderLapses {
        player: u8,
    },
    /// Bazaars (§M16): a bazaar drawn for the market laid beside it; a bazaar bought, and
    /// the market tile that priced it.
    BazaarBeside {
        tile: TileId,
    },
    BuyBazaar {
        player: u8,
        purchase: Purchase,
        priced_by: TileId,
    },
    /// City Walls (§M9): a wall card drawn laid beside the market; sticks laid on a tile
    /// (its sticks before; its cell, or off the board a tile just bought or reserved).
    WallCardBeside {
        card: CardId,
    },
    BuildWall {
        player: u8,
        card: CardId,
        tile: TileId,
        sticks: u8,
        cell: Option<(i8, i8)>,
        bought: bool,
    },
    /// Change (§M11): coins drawn for an overpayment, by currency.
    Change {
        player: u8,
        overpaid: u32,
        coins: Vec<u8>,
    },
    /// Treasure Chamber (§M13): a room filled.
    ChestRoom {
        room: u8,
        chests: Vec<u8>,
    },
    BuyChests {
        player: u8,
        room: u8,
        cards: Vec<CardId>,
        chests: Vec<u8>,
    },
    /// A chest onto a building: by the player's choice (`place_chest`), or without one
    /// (`chest_placed`); the tile's sticks of the moment.
    ChestPlaced {
        player: u8,
        x: i8,
        y: i8,
        tile: TileId,
        sticks: u8,
        chosen: bool,
    },
    ChestsPassed {
        player: u8,
        to: u8,
        chests: Vec<u8>,
    },
    ChestsToBag {
        chests: Vec<u8>,
    },
    ChestRoomsClosed {
        room: u8,
        bag: u8,
    },
    GameOver {
        scores: Vec<i64>,
        winners: Vec<u8>,
    },
    /// Characters (§M7): a character (an index) up for auction, a bid, the auction won or
    /// unsold, the Wise Man's type chosen for a scoring.
    Auction {
        card: u8,
        auctioneer: u8,
    },
    Bid {
        player: u8,
        card: u8,
        bid: Bid,
    },
    AuctionWon {
        player: u8,
        card: u8,
        bid: Bid,
    },
    AuctionUnsold {
        card: u8,
    },
    WiseMan {
        player: u8,
        colour: u8,
        round: u8,
    },
    SwapCard {
        player: u8,
        card: CardId,
    },
    /// Street Merchant (§M12): a disc set up, the supply formed, a disc lifted by a tile
    /// (with its sticks) placed on its cell (the colour of the citizen that moved in;
    /// whether in the final placing), a citizen taken, swapped, none, the disc put back.
    SetMerchant {
        player: u8,
        colours: u8,
        x: i8,
        y: i8,
    },
    MerchantSupply {
        supply: [u8; 6],
    },
    MerchantLifted {
        player: u8,
        tile: TileId,
        sticks: u8,
        x: i8,
        y: i8,
        resident: Option<u8>,
        last: bool,
    },
    TakeCitizen {
        player: u8,
        colour: u8,
    },
    SwapCitizen {
        player: u8,
        give: u8,
        take: u8,
    },
    KeepCitizens {
        player: u8,
    },
    PlaceMerchant {
        player: u8,
        x: i8,
        y: i8,
    },
}

/// A module's term of a scoring (its key in the scoring event's `parts`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Term {
    Bazaars,
    Camps,
    Characters,
    Invaders,
    StreetMerchant,
    Treasure,
}

impl Term {
    pub fn name(self) -> &'static str {
        match self {
            Term::Bazaars => "bazaars",
            Term::Camps => "camps",
            Term::Characters => "characters",
            Term::Invaders => "invaders",
            Term::StreetMerchant => "street_merchant",
            Term::Treasure => "treasure",
        }
    }
}

/// Why a game cannot be made or an action taken.
#[derive(Debug, Clone, PartialEq)]
pub enum Refusal {
    /// The rules refuse the action now.
    Illegal(String),
    /// The input names no game this core holds (modules, another hole rule).
    Unsupported(String),
    /// Malformed input.
    Invalid(String),
}

/// The whole state of one game.
#[derive(Clone)]
pub struct Game {
    pub(crate) n: u8,
    pub(crate) dirk: bool,
    pub(crate) bag_empty_ends: bool,
    /// The Mega Box modules in play, one bit each (`CORE_MODULES`).
    pub(crate) modules: u16,
    /// The module options set, one bit each (`CORE_OPTIONS`).
    pub(crate) options: u8,
    pub(crate) rng: Mt,
    /// The tiles in the bag, one bit per tile id (sorted as the engine keeps the bag).
    pub(crate) bag: TileSet,
    pub(crate) market: [TileId; MARKET_SIZE],
    /// The draw pile, its top card last.
    pub(crate) draw: Stack<CardId, MAX_CARDS>,
    pub(crate) discard: Stack<CardId, MAX_CARDS>,
    pub(crate) display: Stack<CardId, DISPLAY_SIZE>,
    /// Each player's cards, as a count per money card.
    pub(crate) hands: [[u8; CARD_KINDS]; MAX_PLAYERS],
    pub(crate) boards: [Board; MAX_PLAYERS],
    pub(crate) reserves: [TileSet; MAX_PLAYERS],
    pub(crate) dirk_tiles: Stack<TileId, { TILE_COUNT + crate::cards::CAMP_COUNT + BAZAAR_COUNT }>,
    /// The tiles waiting to be placed: a turn's purchases (bazaars too) and hut.
    pub(crate) to_place: Stack<TileId, 16>,
    /// The final placing's tiles per player: the market's and the bazaars beside it.
    pub(crate) awaiting: Stack<(u8, Stack<TileId, { MARKET_SIZE + BAZAAR_COUNT }>), MAX_PLAYERS>,
    /// Per competitor, Dirk last.
    pub(crate) scores: [i64; MAX_PLAYERS + 1],
    pub(crate) decisions: Stack<Decision, 4>,
    pub(crate) script: Stack<Step, 12>,
    pub(crate) current: u8,
    pub(crate) start: u8,
    pub(crate) turn: u32,
    pub(crate) may_continue: bool,
    pub(crate) revealed: Stack<u8, 2>,
    pub(crate) scored: Stack<u8, 3>,
    /// None, or Some(true) for the empty bag, Some(false) for the short market.
    pub(crate) end_reason: Option<bool>,
    pub(crate) pending_rounds: Stack<u8, 2>,
    pub(crate) market_short: bool,
    /// The events since the game came into the core (the earlier ones stay as text with
    /// the simulator); none are kept while `recording` is off (playouts).
    pub(crate) events: Vec<Event>,
    pub(crate) recording: bool,
    /// Bonus Cards' state (M3), empty when the module is not in play.
    pub(crate) bonus: BonusCards,
    /// Squares' hut piles (M4), empty when the module is not in play.
    pub(crate) squares: Squares,
    /// City Gates' card beside the display and cards spent (M5).
    pub(crate) gates: Gates,
    /// Master Builders' cards out of the game and redesigns owed (M14).
    pub(crate) master_builders: MasterBuilders,
    /// Invaders' attack cards and scouts (M15).
    pub(crate) invaders: Invaders,
    /// The bazaars beside the market (M16).
    pub(crate) bazaars: Bazaars,
    /// City Walls' cards beside the market and spent (M9), the sticks on each tile (a
    /// wall mask per tile id, for good wherever the tile goes) and the set of the tiles
    /// that have some.
    pub(crate) city_walls: CityWalls,
    pub(crate) sticks: [u8; TILE_KINDS],
    pub(crate) stuck: TileSet,
    /// The viziers (M1), the thieves (M10) and the window between turns they share.
    pub(crate) vizier: Vizier,
    pub(crate) thieves: Thieves,
    pub(crate) window: Window,
    /// Change's coin bag (M11): the coins of each currency in it.
    pub(crate) coin_bag: [u8; 4],
    /// Characters' cards owned and out, the auction, the Wise Man's type (M7).
    pub(crate) characters: Characters,
    /// Street Merchant's supply, discs and residents (M12).
    pub(crate) merchant: StreetMerchant,
    /// Treasure Chamber's bag, rooms and chests (M13).
    pub(crate) treasure: Treasure,
}

/// The searches of a hand's chest payments (§M13), in money and in diamonds.
type MoneyPayments = treasure::Payments<{ treasure::MAX_SEARCHED }>;
type DiamondPayments = treasure::Payments<{ treasure::MAX_DIAMONDS }>;

/// The actions a listing left out (`Game::list_actions`): `count` of them, from `at`.
#[derive(Clone, Copy, Debug, Default)]
struct Unlisted {
    at: usize,
    count: usize,
}

fn nth_bit(set: TileSet, n: usize) -> TileId {
    let mut rest = set;
    for _ in 0..n {
        rest &= rest - 1;
    }
    rest.trailing_zeros() as TileId
}

/// `dirk_gift_size`: six at the setup and after round 1, then a third of the bag; never
/// more than the bag holds (RULES.md §10).
pub fn dirk_gift_size(round_no: u8, bag: usize) -> usize {
    let wanted = if round_no <= 1 { 6 } else { bag / 3 };
    wanted.min(bag)
}

impl Game {
    /// A new game for `players` seats (2-6; Dirk joins two), its generator seeded as
    /// `random.Random(seed)`, set up as the Python engine sets one up.
    pub fn new(players: usize, seed: u128, bag_empty_ends: bool) -> Result<Game, Refusal> {
        Game::with_modules(players, seed, bag_empty_ends, 0)
    }

    /// `new` with the modules of `modules` (bits of `CORE_MODULES`, `module_bits`).
    pub fn with_modules(
        players: usize,
        seed: u128,
        bag_empty_ends: bool,
        modules: u16,
    ) -> Result<Game, Refusal> {
        Game::with_options(players, seed, bag_empty_ends, modules, 0)
    }

    /// `with_modules` with the module options of `options` (bits of `CORE_OPTIONS`, each
    /// of a module in play).
    pub fn with_options(
        players: usize,
        seed: u128,
        bag_empty_ends: bool,
        modules: u16,
        options: u8,
    ) -> Result<Game, Refusal> {
        if !(2..=MAX_PLAYERS).contains(&players) {
            return Err(Refusal::Invalid(format!(
                "a game has 2 to 6 players, got {players}"
            )));
        }
        let stray = CORE_OPTIONS
            .iter()
            .enumerate()
            .find(|(k, (_, module))| options >> k & 1 == 1 && modules & module == 0);
        if let Some((_, (name, _))) = stray {
            return Err(Refusal::Invalid(format!(
                "{name} is an option of a module that is not in play"
            )));
        }
        let mut game = Game::blank(players as u8, Mt::from_seed(seed), bag_empty_ends);
        game.modules = modules;
        game.options = options;
        game.setup();
        Ok(game)
    }

    /// Whether the module option of bit `option` (`CORE_OPTIONS`) is set.
    pub fn option(&self, option: u8) -> bool {
        self.options & option != 0
    }

    /// Whether the module of bit `module` is in play.
    pub fn has(&self, module: u16) -> bool {
        self.modules & module != 0
    }

    /// The names of the modules in play, in the rulebook's order.
    pub fn module_names(&self) -> Vec<&'static str> {
        RULEBOOK_ORDER
            .iter()
            .copied()
            .filter(|&name| module_bits(&[name]).is_ok_and(|bit| self.modules & bit != 0))
            .collect()
    }

    /// Every field empty: the fountains alone, nothing dealt.
    pub(crate) fn blank(n: u8, rng: Mt, bag_empty_ends: bool) -> Game {
        Game {
            n,
            dirk: n == 2,
            bag_empty_ends,
            modules: 0,
            options: 0,
            rng,
            bag: 0,
            market: [EMPTY; MARKET_SIZE],
            draw: Stack::default(),
            discard: Stack::default(),
            display: Stack::default(),
            hands: [[0; CARD_KINDS]; MAX_PLAYERS],
            boards: [Board::new(); MAX_PLAYERS],
            reserves: [0; MAX_PLAYERS],
            dirk_tiles: Stack::default(),
            to_place: Stack::default(),
            awaiting: Stack::default(),
            scores: [0; MAX_PLAYERS + 1],
            decisions: Stack::default(),
            script: Stack::default(),
            current: 0,
            start: 0,
            turn: 0,
            may_continue: false,
            revealed: Stack::default(),
            scored: Stack::default(),
            end_reason: None,
            pending_rounds: Stack::default(),
            market_short: false,
            events: Vec::new(),
            recording: true,
            bonus: BonusCards::default(),
            squares: Squares::default(),
            gates: Gates::default(),
            master_builders: MasterBuilders::default(),
            invaders: Invaders::default(),
            bazaars: Bazaars::default(),
            city_walls: CityWalls::default(),
            sticks: [0; TILE_KINDS],
            stuck: 0,
            vizier: Vizier::default(),
            thieves: Thieves::default(),
            window: Window::default(),
            coin_bag: [0; 4],
            characters: Characters::default(),
            merchant: StreetMerchant::default(),
            treasure: Treasure::default(),
        }
    }

    /// A copy that keeps no record: for playouts and searches.
    pub fn silent_copy(&self) -> Game {
        let mut copy = Game {
            events: Vec::new(),
            ..self.clone()
        };
        copy.recording = false;
        copy
    }

    // -- what anyone may read --------------------------------------------------------

    pub fn players(&self) -> usize {
        self.n as usize
    }

    /// The players and Dirk in a two-player game.
    pub fn competitors(&self) -> usize {
        self.n as usize + self.dirk as usize
    }

    pub fn has_dirk(&self) -> bool {
        self.dirk
    }

    pub fn is_over(&self) -> bool {
        self.decisions.is_empty() && self.scored.as_slice().contains(&3)
    }

    /// The seat deciding now, None once the game is over.
    pub fn current_player(&self) -> Option<u8> {
        self.decisions.last().map(|d| d.player)
    }

    pub fn decision(&self) -> Option<Decision> {
        self.decisions.last().copied()
    }

    /// Points per competitor, Dirk last.
    pub fn scores(&self) -> &[i64] {
        &self.scores[..self.competitors()]
    }

    pub fn events(&self) -> &[Event] {
        &self.events
    }

    pub fn board(&self, seat: usize) -> &Board {
        &self.boards[seat]
    }

    /// The real players with the highest total; empty before the end.
    pub fn winners(&self) -> Vec<u8> {
        if !self.is_over() {
            return Vec::new();
        }
        let best = self.scores[..self.players()]
            .iter()
            .max()
            .copied()
            .unwrap_or(0);
        (0..self.n)
            .filter(|&p| self.scores[p as usize] == best)
            .collect()
    }

    fn decider(&self) -> u8 {
        self.decisions.last().expect("a decision waits").player
    }

    pub(crate) fn event(&mut self, event: Event) {
        if self.recording {
            self.events.push(event);
        }
    }

    // -- setup (RULES.md §3) -----------------------------------------------------------

    fn setup(&mut self) {
        self.event(Event::Setup);
        let inserts = self.pile_inserts();
        self.bag = (1 << TILE_COUNT) - 1;
        if self.has(CAMPS) {
            self.bag |= all_camps(); // the camps join the bag (§M8)
        }
        if self.has(BAZAARS) {
            self.bag |= all_bazaars(); // and the bazaars (§M16)
        }
        self.refill_market();
        if self.dirk {
            self.gift_dirk(dirk_gift_size(0, self.bag_len()), 0);
        }
        let mut deck = money_deck(self.dirk);
        if self.has(DIAMONDS) {
            deck.extend(diamond_deck()); // shuffled with the money (§M6)
        }
        self.rng.shuffle(&mut deck);
        self.draw = Stack::from_slice(&deck).expect("the deck fits the pile");
        for seat in 0..self.n {
            self.deal_starting_money(seat);
        }
        self.start = self.start_player();
        let hand = &self.hands[self.start as usize];
        let cards = hand.iter().sum::<u8>();
        let total = hand_total(hand);
        self.event(Event::StartPlayer {
            player: self.start,
            cards,
            total,
        });
        self.refill_display();
        let pile_sizes = self.build_draw_pile(&inserts);
        if self.has(BONUS_CARDS) {
            self.deal_bonus_cards();
        }
        if self.has(VIZIER) {
            self.vizier = Vizier::new();
        }
        if self.has(SQUARES) {
            self.lay_out_huts();
        }
        if self.has(THIEVES) {
            self.deal_thieves();
        }
        if self.has(CHANGE) {
            self.coin_bag = [COINS_PER_CURRENCY; 4];
        }
        if self.has(TREASURE) {
            self.fill_chest_rooms();
        }
        if self.has(MASTER_BUILDERS) {
            self.deal_master_builders(pile_sizes);
        }
        if self.has(INVADERS) {
            self.set_up_invaders();
        }
        if self.has(STREET_MERCHANT) {
            self.merchant = StreetMerchant::new(self.players());
        }
        self.current = self.start;
        self.script = Stack::from_slice(&[Step::FirstTurn]).expect("one step");
        if self.has(STREET_MERCHANT) {
            self.script.insert(0, Step::MerchantSetup); // the discs before the first turn
        }
        self.run_script();
    }

    fn deal_starting_money(&mut self, seat: u8) {
        let mut dealt = Vec::new();
        let mut total = 0u32;
        while total < STARTING_MONEY {
            let card = self.draw.pop().expect("the deck deals every starting hand");
            total += worth(card);
            self.hands[seat as usize][card as usize] += 1;
            dealt.push(card);
        }
        self.event(Event::StartingMoney {
            player: seat,
            cards: dealt,
        });
    }

    /// §3.5: fewest cards, then lowest total, then earliest seat.
    fn start_player(&self) -> u8 {
        (0..self.n)
            .min_by_key(|&p| {
                let hand = &self.hands[p as usize];
                let cards: u32 = hand.iter().map(|&c| c as u32).sum();
                (cards, hand_total(hand), p)
            })
            .expect("two players or more")
    }

    /// Change (§M11): an overpayment of `overpaid` draws half of it, rounded down, in coins
    /// from the bag at random (the bag's coins listed by currency, shuffled with the
    /// game's generator, the first drawn); an empty bag gives what it has.
    fn draw_change(&mut self, seat: u8, overpaid: u32) {
        let mut bag: Vec<u8> = (0..4u8)
            .flat_map(|c| std::iter::repeat_n(c, self.coin_bag[c as usize] as usize))
            .collect();
        self.rng.shuffle(&mut bag);
        let drawn: Vec<u8> = bag.iter().take((overpaid / 2) as usize).copied().collect();
        for &currency in &drawn {
            self.coin_bag[currency as usize] -= 1;
            self.hands[seat as usize][coin(currency) as usize] += 1;
        }
        self.event(Event::Change {
            player: seat,
            overpaid,
            coins: drawn,
        });
    }

    /// Bonus Cards' setup (§M3): the ten cards shuffled with the game's generator and
    /// dealt, each hand in tile order, the rest set aside.
    fn deal_bonus_cards(&mut self) {
        let mut cards = bonus_cards::card_tiles();
        self.rng.shuffle(&mut cards);
        for (p, hand) in self
            .bonus
            .deal(&cards, self.players())
            .into_iter()
            .enumerate()
        {
            self.event(Event::BonusCards {
                player: p as u8,
                tiles: hand,
            });
        }
    }

    /// Squares' setup (§M4): per colour, its huts in tile order shuffled with the game's
    /// generator, the first face up.
    fn lay_out_huts(&mut self) {
        let mut up = [EMPTY; 6];
        let mut sizes = [0u8; 6];
        for colour in 0..6u8 {
            let mut pile = squares::huts_of(colour);
            self.rng.shuffle(&mut pile);
            up[colour as usize] = pile[0];
            sizes[colour as usize] = pile.len() as u8;
            self.squares.piles[colour as usize] = Stack::from_slice(&pile).expect("a pile fits");
        }
        self.event(Event::HutPiles { up, sizes });
    }

    /// Thieves' setup (§M10): the twelve, listed by currency, shuffled with the game's
    /// generator and dealt.
    fn deal_thieves(&mut self) {
        let mut every = thieves::every_thief();
        self.rng.shuffle(&mut every);
        self.thieves.deal(&every, self.players());
        let removed = self.thieves.removed.iter().sum();
        self.event(Event::ThievesDealt {
            hands: self.thieves.hands,
            removed,
        });
    }

    /// The cards shuffled into money piles 1..5 after the split, in the order each pile
    /// takes them (`composition.pile_inserts`): the scoring cards into piles 2 and 4, then
    /// the modules' cards. Currency Exchange shuffles its six cards first (with the game's
    /// generator, before anything else is drawn) and puts two into each of piles 2, 3, 4.
    fn pile_inserts(&mut self) -> [Vec<CardId>; PILES] {
        let mut inserts: [Vec<CardId>; PILES] = Default::default();
        inserts[1].push(SCORING_1);
        inserts[3].push(SCORING_2);
        if self.has(EXCHANGE) {
            let mut cards: Vec<CardId> = (EXCHANGE_FIRST..EXCHANGE_FIRST + 6).collect();
            self.rng.shuffle(&mut cards);
            for (k, pile) in [1, 1, 2, 2, 3, 3].into_iter().enumerate() {
                inserts[pile].push(cards[k]);
            }
        }
        if self.has(GATES) {
            let cards = gates::cards_in_game(self.players(), self.option(GATES_ALL_SIX));
            for (k, count) in gates::gate_piles(cards).into_iter().enumerate() {
                inserts[2 + k].extend(std::iter::repeat_n(GATE, count as usize));
            }
        }
        if self.has(CHARACTERS) {
            self.character_inserts(&mut inserts);
        }
        if self.has(CITY_WALLS) {
            // shuffled with the game's generator, then two into each of piles 2-5, or
            // three, three and two into piles 2-4 (§M9)
            let mut cards = city_walls::BOX_ORDER.to_vec();
            self.rng.shuffle(&mut cards);
            let shares: &[(usize, usize)] = if self.option(WALLS_PILES_2_TO_4) {
                &[(1, 3), (2, 3), (3, 2)]
            } else {
                &[(1, 2), (2, 2), (3, 2), (4, 2)]
            };
            let mut rest = &cards[..];
            for &(pile, n) in shares {
                let (into, others) = rest.split_at(n);
                inserts[pile].extend_from_slice(into);
                rest = others;
            }
        }
        inserts
    }

    /// Invaders' setup (§M15): the attack cards (N, E, S, W) and the scouts (the types in
    /// order) shuffled with the game's generator, two scouts turned up.
    fn set_up_invaders(&mut self) {
        let mut deck: Vec<u8> = (0..4).collect();
        self.rng.shuffle(&mut deck);
        let mut scouts: Vec<u8> = (0..6).collect();
        self.rng.shuffle(&mut scouts);
        self.invaders = Invaders {
            deck: Stack::from_slice(&deck).expect("four cards"),
            down: Stack::from_slice(&scouts).expect("six scouts"),
            peeks: [invaders::NO_PEEK; MAX_PLAYERS],
            ..Invaders::default()
        };
        self.event(Event::InvadersSetup { deck, scouts });
        self.turn_up_scouts(0);
    }

    /// Master Builders' setup (§M14): the sixteen, listed by currency, shuffled with the
    /// game's generator; two dealt to each player; the piles' share shuffled into money
    /// piles 3 and 5 (`pile_sizes`: the piles as built, top first); the rest out.
    fn deal_master_builders(&mut self, mut pile_sizes: [usize; PILES]) {
        let mut cards = master_builders::every_master_builder();
        self.rng.shuffle(&mut cards);
        let mut rest = &cards[..];
        for seat in 0..self.n {
            let (dealt, others) = rest.split_at(master_builders::DEALT);
            rest = others;
            let dealt: Vec<CardId> = dealt.iter().map(|&c| master_builder(c)).collect();
            for &card in &dealt {
                self.hands[seat as usize][card as usize] += 1;
            }
            self.event(Event::MasterBuildersDealt {
                player: seat,
                cards: dealt,
            });
        }
        let piles = master_builders::pile_inserts(self.players());
        for (pile, n) in piles {
            let (into, others) = rest.split_at(n);
            rest = others;
            for &currency in into {
                // as `Game._shuffle_into_pile`: a depth in the pile, counted from the top
                let above: usize = pile_sizes[..pile - 1].iter().sum();
                let depth = above + self.rng.randbelow(pile_sizes[pile - 1] + 1);
                self.draw
                    .insert(self.draw.len() - depth, master_builder(currency));
                pile_sizes[pile - 1] += 1;
            }
        }
        for &currency in rest {
            self.master_builders.out[currency as usize] += 1;
        }
        self.event(Event::MasterBuildersSet {
            piles,
            out: rest.len() as u8,
        });
    }

    /// §3.7: five piles, the cards of `inserts` shuffled into theirs, pile 1 on top;
    /// returns the piles' sizes, top first.
    fn build_draw_pile(&mut self, inserts: &[Vec<CardId>; PILES]) -> [usize; PILES] {
        let top_first: Vec<CardId> = self.draw.as_slice().iter().rev().copied().collect();
        let (size, extra) = (top_first.len() / PILES, top_first.len() % PILES);
        let mut piles: Vec<Vec<CardId>> = Vec::with_capacity(PILES);
        let mut start = 0;
        for number in 1..=PILES {
            let end = start + size + usize::from(number <= extra);
            let mut pile = top_first[start..end].to_vec();
            for &card in &inserts[number - 1] {
                let at = self.rng.randbelow(pile.len() + 1);
                pile.insert(at, card);
            }
            piles.push(pile);
            start = end;
        }
        self.draw.clear();
        for pile in piles.iter().rev() {
            for &card in pile.iter().rev() {
                self.draw.push(card);
            }
        }
        let sizes = [0, 1, 2, 3, 4].map(|i| piles[i].len());
        self.event(Event::DrawPile {
            piles: sizes.map(|n| n as u8),
        });
        sizes
    }

    // -- legal actions -----------------------------------------------------------------

    /// Every action legal now for the player deciding, in the engine's canonical order,
    /// into `out` (cleared first).
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        self.list_actions(out, true);
    }

    /// One legal action drawn uniformly with `choose`, as
    /// `legal[choose.randbelow(legal.len())]` draws it from `legal_actions` (the same
    /// index, the same action), but without listing a treasure room's payments (§M13:
    /// hundreds a room): they are counted, and only the one drawn is found. `out` is
    /// scratch space.
    pub fn random_action(&self, choose: &mut Mt, out: &mut Vec<Action>) -> Action {
        let unlisted = self.list_actions(out, false);
        let k = choose.randbelow(out.len() + unlisted.count);
        self.nth_action(k, unlisted, out)
    }

    /// The `k`-th legal action (`legal_actions()[k]`) of a listing by `list_actions`
    /// that left `unlisted` out.
    fn nth_action(&self, k: usize, unlisted: Unlisted, listed: &[Action]) -> Action {
        if k < unlisted.at {
            listed[k]
        } else if k < unlisted.at + unlisted.count {
            self.nth_chest_buy(k - unlisted.at)
        } else {
            listed[k - unlisted.count]
        }
    }

    /// `legal_actions` into `out`; with `chests` false the chest purchases (§M13) are
    /// counted, not listed: they would be `out[at..at + count]`.
    fn list_actions(&self, out: &mut Vec<Action>, chests: bool) -> Unlisted {
        out.clear();
        let mut unlisted = Unlisted::default();
        let Some(decision) = self.decisions.last().copied() else {
            return unlisted;
        };
        match decision.kind {
            Kind::Act => {
                self.takes(out);
                let buys_from = out.len();
                self.buys(decision.player, out);
                let buys = buys_from..out.len();
                self.redesigns(decision.player, out);
                if self.has(VIZIER) && !self.vizier.awake[decision.player as usize] {
                    out.push(Action::Wake);
                }
                if self.has(SQUARES) {
                    self.hut_takes(decision.player, out);
                }
                if self.has(GATES) && self.hands[decision.player as usize][GATE as usize] > 0 {
                    self.gated_redesigns(decision.player, out);
                }
                if self.has(CHARACTERS) {
                    self.swaps(decision.player, out);
                }
                if self.has(CITY_WALLS) && self.city_walls.beside != 0 {
                    self.wall_builds(decision.player, out);
                }
                if self.has(TREASURE) {
                    unlisted.at = out.len();
                    if chests {
                        self.chest_buys(decision.player, out);
                    } else {
                        unlisted.count = self.chest_buy_count(decision.player);
                    }
                }
                let before_free = out.len();
                if self.has(MASTER_BUILDERS) {
                    self.master_builder_plays(decision.player, out);
                }
                let free = out.len() - before_free;
                if self.has(BAZAARS) && self.bazaars.beside != 0 {
                    self.bazaar_buys(buys, out);
                }
                // playing a master builder is no action of the turn (§M14): one may pass
                // when nothing else is left
                if self.may_continue || out.len() + unlisted.count == free {
                    out.push(Action::End);
                }
            }
            Kind::MasterBuilder => {
                // the gates' placements first (their module comes first), then the
                // plain redesigns, then declining (§M14)
                if self.has(GATES) && self.hands[decision.player as usize][GATE as usize] > 0 {
                    self.gated_redesigns(decision.player, out);
                }
                self.redesigns(decision.player, out);
                out.push(Action::Decline);
            }
            Kind::Place | Kind::FinalPlace => {
                self.placings(decision, out);
                if self.has(GATES) && self.hands[decision.player as usize][GATE as usize] > 0 {
                    self.gated_placings(decision.player, out);
                }
            }
            Kind::Auction => self.auction_options(decision.player, out),
            Kind::WiseMan => {
                // one per type, in scoring-table order
                out.extend((0..6).map(|colour| Action::ChooseWiseMan { colour }));
            }
            Kind::Chests => self.chest_places(decision.player, out),
            Kind::Vizier | Kind::Window => {
                if self.has(VIZIER) {
                    self.vizier_buys(decision.player, out);
                }
                if self.has(THIEVES) {
                    self.steals(decision.player, out);
                }
                out.push(Action::Decline);
            }
            Kind::Merchant => self.merchant_options(decision.player, out),
        }
        unlisted
    }

    /// Master Builders (§M14): playing each master builder in hand, one per currency, in
    /// card order.
    fn master_builder_plays(&self, seat: u8, out: &mut Vec<Action>) {
        for currency in 0..4 {
            let card = master_builder(currency);
            if self.hands[seat as usize][card as usize] > 0 {
                out.push(Action::PlayMasterBuilder { card });
            }
        }
    }

    /// Whether `seat` has a redesign to make now, through a gate included
    /// (`gates.any_redesign`): a master builder's redesign lapses without one.
    pub(crate) fn any_redesign(&self, seat: u8) -> bool {
        let mut found = Vec::new();
        self.redesigns(seat, &mut found);
        if found.is_empty() && self.has(GATES) && self.hands[seat as usize][GATE as usize] > 0 {
            self.gated_redesigns(seat, &mut found);
        }
        !found.is_empty()
    }

    /// Vizier's Favour (§M1): `seat`'s purchases paid exactly, in the order of the buys,
    /// none while its vizier sleeps.
    fn vizier_buys(&self, seat: u8, out: &mut Vec<Action>) {
        if !self.vizier.awake[seat as usize] {
            return;
        }
        let start = out.len();
        self.buys(seat, out);
        let mut kept = start;
        for i in start..out.len() {
            if let Action::Buy(purchase) = out[i] {
                if purchase.exact() {
                    out[kept] = Action::VizierBuy(purchase);
                    kept += 1;
                }
            }
        }
        out.truncate(kept);
    }

    /// Whether `seat` has a purchase paid exactly (one of `vizier_buys`, the vizier's
    /// waking aside), found without listing the purchases: a payment of exactly the
    /// price is minimal, so `buys` lists one wherever some of the cards it searches sum
    /// to the price (with an exchange card, some of the other currency among them).
    fn any_exact_purchase(&self, seat: u8) -> bool {
        let hand = &self.hands[seat as usize];
        let diamonds = if self.has(DIAMONDS) {
            subset_sums(1, hand, (1..=9).map(diamond))
        } else {
            1
        };
        let exchanges = if self.has(EXCHANGE) {
            EXCHANGE_FIRST..EXCHANGE_FIRST + 6
        } else {
            EXCHANGE_FIRST..EXCHANGE_FIRST
        };
        // square by square, each currency's sums found when its square is asked
        (0..MARKET_SIZE as u8).any(|square| {
            let id = self.market[square as usize];
            if id == EMPTY {
                return false;
            }
            let price = tile(id).price as u32;
            let pays = |sums: u64| sums >> price & 1 == 1;
            let own = currency_sums(hand, square);
            pays(own | diamonds)
                || exchanges.clone().any(|exchange| {
                    let (a, b) = exchange_pair(exchange);
                    let other = if a == square { b } else { a };
                    hand[exchange as usize] > 0 && (a == square || b == square) && {
                        // the sums with at least one card of the other currency
                        let theirs = bits(u128::from(currency_sums(hand, other) & !1));
                        pays(theirs.fold(0, |sums, t| sums | own << t))
                    }
                })
        })
    }

    /// Thieves (§M10): a theft per distinct money card on the display, in card order, of
    /// a currency `seat` holds a thief of, when `seat` may steal now.
    fn steals(&self, seat: u8, out: &mut Vec<Action>) {
        let held = &self.thieves.hands[seat as usize];
        if !self.may_steal(seat) || held.iter().all(|&n| n == 0) {
            return;
        }
        let cards = self.display_money(|c| held[currency_of(c) as usize] > 0);
        out.extend(cards.into_iter().map(|card| Action::Steal { card }));
    }

    /// The distinct money cards of the display (a plain card or a master builder, what a
    /// thief steals and the money swap swaps) that `keep` keeps, in card order.
    pub(crate) fn display_money(&self, keep: impl Fn(CardId) -> bool) -> Vec<CardId> {
        let mut cards: Vec<CardId> = self
            .display
            .as_slice()
            .iter()
            .copied()
            .filter(|&c| is_money_of_a_currency(c) && keep(c))
            .collect();
        cards.sort_unstable_by_key(|&c| card_order(c));
        cards.dedup();
        cards
    }

    /// §M10: the player whose turn is next may not steal, nor the one who just finished
    /// with `thief_not_by_finisher`.
    fn may_steal(&self, seat: u8) -> bool {
        seat != (self.current + 1) % self.n
            && !(seat == self.current && self.option(THIEF_NOT_BY_FINISHER))
    }

    /// The seats who can act in the window now (a bit each): an awake vizier with an exact
    /// purchase, a thief of a currency on the display that may be played.
    fn window_able(&self) -> u8 {
        let mut able = 0u8;
        if self.has(THIEVES) && self.thieves.any_held(self.players()) {
            let shown = self
                .display
                .as_slice()
                .iter()
                .filter(|&&c| is_money_of_a_currency(c))
                .fold(0u8, |set, &c| set | 1 << currency_of(c));
            for seat in 0..self.n {
                let held = &self.thieves.hands[seat as usize];
                let stealable = (0..4).any(|c| shown >> c & 1 == 1 && held[c] > 0);
                if stealable && self.may_steal(seat) {
                    able |= 1 << seat;
                }
            }
        }
        if self.has(VIZIER) && self.vizier.any_awake(self.players()) {
            for seat in 0..self.n {
                if able >> seat & 1 == 1 {
                    continue; // able already: the purchases need not be listed
                }
                if self.vizier.awake[seat as usize] && self.any_exact_purchase(seat) {
                    able |= 1 << seat;
                }
            }
        }
        able
    }

    /// `take_choices`: one card, or several totalling at most 5, each multiset once;
    /// fewer cards first, then by `card_order`.
    fn takes(&self, out: &mut Vec<Action>) {
        // each choice as (number of cards, their card_order keys in order): sorting these
        // is the engine's order, and a key names its card
        let mut keys = [0u8; DISPLAY_SIZE];
        let n = self.display.len();
        for (key, &card) in keys.iter_mut().zip(self.display.as_slice()) {
            *key = card_order(card);
        }
        keys[..n].sort_unstable();
        let mut choices = [(0u8, [0u8; 5]); 1 << DISPLAY_SIZE];
        let mut found = 0;
        for subset in 1usize..(1 << n) {
            let mut choice = (0u8, [0u8; 5]);
            let mut total = 0;
            for (i, &key) in keys[..n].iter().enumerate() {
                if subset >> i & 1 == 1 {
                    choice.1[choice.0 as usize] = key;
                    choice.0 += 1;
                    // a card's worth; an exchange card is taken alone (§M2)
                    total += if is_money_key(key) {
                        worth(card_of_order(key))
                    } else {
                        6
                    };
                }
            }
            if choice.0 == 1 || total <= 5 {
                choices[found] = choice;
                found += 1;
            }
        }
        let choices = &mut choices[..found];
        choices.sort_unstable();
        let mut previous = None;
        for &(count, keys) in choices.iter() {
            if previous == Some((count, keys)) {
                continue;
            }
            previous = Some((count, keys));
            let mut cards = [0u8; 5]; // unused slots stay 0: one action, one value
            for (card, &key) in cards.iter_mut().zip(&keys[..count as usize]) {
                *card = card_of_order(key);
            }
            out.push(Action::Take { cards, n: count });
        }
        if self.gates.beside {
            // the gate card beside the display, taken alone (§M5)
            out.push(Action::Take {
                cards: [GATE, 0, 0, 0, 0],
                n: 1,
            });
        }
    }

    /// Square by square, every minimal payment in its currency (`minimal_payments`), then
    /// those an exchange card makes (Currency Exchange, §M2).
    fn buys(&self, seat: u8, out: &mut Vec<Action>) {
        let hand = &self.hands[seat as usize];
        for square in 1..=MARKET_SIZE as u8 {
            let id = self.market[square as usize - 1];
            if id != EMPTY {
                currency_payments(hand, square - 1, tile(id).price as u32, &mut |paid| {
                    out.push(Action::Buy(plain_purchase(square, id, paid)))
                });
            }
        }
        if self.has(EXCHANGE) {
            self.exchange_buys(hand, out);
        }
        if self.has(DIAMONDS) {
            self.diamond_buys(hand, out);
        }
    }

    /// Bazaars (§M16): per bazaar beside the market, in tile order, whose currency's
    /// square holds a tile, the payments of exactly that tile's price: in its currency,
    /// then with each exchange card of that currency in hand (in card order) mixing in
    /// the other (`_bazaar_buys`). These are the exact ones among the market buys of that
    /// square listed in `out[buys]` (the same searches, in that order), diamonds aside.
    fn bazaar_buys(&self, buys: std::ops::Range<usize>, out: &mut Vec<Action>) {
        for id in bits(self.bazaars.beside) {
            let square = tile(id).mark + 1;
            for i in buys.clone() {
                if let Action::Buy(purchase) = out[i] {
                    if purchase.square == square
                        && purchase.exchange != PAID_IN_DIAMONDS
                        && purchase.exact()
                    {
                        out.push(Action::BuyBazaar(Purchase {
                            tile: id,
                            ..purchase
                        }));
                    }
                }
            }
        }
    }

    /// The payments in diamonds alone, square by square (`Diamonds.payment_sources`).
    fn diamond_buys(&self, hand: &[u8; CARD_KINDS], out: &mut Vec<Action>) {
        let mut cards = [0u8; 11];
        let mut count = 0;
        for value in (1..=9u8).rev() {
            for _ in 0..hand[diamond(value) as usize] {
                cards[count] = diamond(value);
                count += 1;
            }
        }
        if count == 0 {
            return;
        }
        for square in 1..=MARKET_SIZE as u8 {
            let id = self.market[square as usize - 1];
            if id != EMPTY {
                minimal_payments(&cards[..count], tile(id).price as u32, &mut |paid| {
                    out.push(Action::Buy(Purchase {
                        square,
                        tile: id,
                        pay: counts(paid),
                        other: 0,
                        exchange: PAID_IN_DIAMONDS,
                        coins: 0,
                        builders: 0,
                    }))
                });
            }
        }
    }

    /// The payments an exchange card makes: per exchange card in hand (in card order),
    /// per square of one of its two currencies, each minimal payment in the two
    /// currencies mixed that uses the other one (`Exchange.payment_sources`).
    fn exchange_buys(&self, hand: &[u8; CARD_KINDS], out: &mut Vec<Action>) {
        for exchange in (EXCHANGE_FIRST..EXCHANGE_FIRST + 6).filter(|&c| hand[c as usize] > 0) {
            let (a, b) = exchange_pair(exchange);
            let (cards, count) = exchange_cards(hand, exchange);
            for own in [a, b] {
                let id = self.market[own as usize];
                if id == EMPTY {
                    continue;
                }
                let square = own + 1;
                minimal_payments(&cards[..count], tile(id).price as u32, &mut |paid| {
                    if let Some(purchase) = exchange_purchase(square, id, exchange, paid) {
                        out.push(Action::Buy(purchase));
                    }
                });
            }
        }
    }

    /// Reserve tiles placed, tiles removed, reserve tiles exchanged in (RULES.md §7).
    fn redesigns(&self, seat: u8, out: &mut Vec<Action>) {
        let board = &self.boards[seat as usize];
        let reserve = self.reserves[seat as usize];
        let planes = board.planes();
        let mut cells = Vec::new();
        let emit = |out: &mut Vec<Action>, mv: Move, tile: TileId, cells: &mut Vec<(i8, i8)>| {
            for &(x, y) in cells.iter() {
                out.push(Action::Redesign {
                    mv,
                    tile,
                    x,
                    y,
                    gate: NO_GATE,
                });
            }
            cells.clear();
        };
        // a reserve holds many tiles of a few wall patterns: each pattern's cells are
        // found once
        let mut found = CellsByWalls::default();
        self.in_tile_order(reserve, |id| {
            let (mask, camp) = (self.mask_of(id), is_camp(id));
            cells.extend_from_slice(found.get(mask, camp, |c| planes.placeable(mask, camp, c)));
            emit(out, Move::Place, id, &mut cells);
        });
        planes.removable(board, &mut cells);
        emit(out, Move::Remove, FOUNTAIN, &mut cells);
        let mut found = CellsByWalls::default();
        self.in_tile_order(reserve, |id| {
            let (mask, camp) = (self.mask_of(id), is_camp(id));
            cells.extend_from_slice(found.get(mask, camp, |c| planes.exchangeable(mask, camp, c)));
            emit(out, Move::Exchange, id, &mut cells);
        });
    }

    /// Squares (§M4): a face-up hut of each pile not empty, in colour order, while the
    /// player holds fewer than `HUT_LIMIT` huts.
    fn hut_takes(&self, seat: u8, out: &mut Vec<Action>) {
        if self.huts_held(seat) >= HUT_LIMIT {
            return;
        }
        for colour in 0..6u8 {
            if !self.squares.piles[colour as usize].is_empty() {
                out.push(Action::TakeHut { colour });
            }
        }
    }

    /// The huts `seat` holds: in its Alhambra, its reserve, and waiting to be placed on
    /// its turn.
    fn huts_held(&self, seat: u8) -> usize {
        let waiting = if seat == self.current {
            tile_set(self.to_place.as_slice())
        } else {
            0
        };
        squares::huts_held(
            &self.boards[seat as usize],
            self.reserves[seat as usize] | waiting,
        )
    }

    /// City Gates (§M5): the placements through a gate of the tiles waiting, in tile
    /// order, by cell and side letter.
    fn gated_placings(&self, seat: u8, out: &mut Vec<Action>) {
        let waiting = tile_set(self.to_place.as_slice());
        self.through_gates(seat, waiting, out, |tile, x, y, gate| Action::Place {
            tile,
            x,
            y,
            gate,
        });
    }

    /// City Gates (§M5): the redesigns placing a reserve tile through a gate, in tile
    /// order, by cell and side letter (`gated_redesigns`).
    fn gated_redesigns(&self, seat: u8, out: &mut Vec<Action>) {
        let reserve = self.reserves[seat as usize];
        self.through_gates(seat, reserve, out, |tile, x, y, gate| Action::Redesign {
            mv: Move::Place,
            tile,
            x,
            y,
            gate,
        });
    }

    /// The gate positions (`Planes::gate_positions`) of each tile of `tiles` in `seat`'s
    /// Alhambra, as the actions `action` makes of them; a camp is never walked to, so it
    /// never needs a gate (§M8).
    fn through_gates(
        &self,
        seat: u8,
        tiles: TileSet,
        out: &mut Vec<Action>,
        action: impl Fn(TileId, i8, i8, u8) -> Action,
    ) {
        let planes = self.boards[seat as usize].planes();
        let mut found = Vec::new();
        self.in_tile_order(tiles & !all_camps(), |id| {
            found.clear();
            planes.gate_positions(self.mask_of(id), &mut found);
            out.extend(
                found
                    .iter()
                    .map(|&(x, y, side)| action(id, x, y, side as u8)),
            );
        });
    }

    /// A tile's walls, City Walls' sticks included (§M9).
    pub(crate) fn mask_of(&self, id: TileId) -> u8 {
        tile(id).mask | self.sticks[id as usize]
    }

    /// The City Walls sticks on a tile (§M9): none on the fountain.
    pub fn sticks_of(&self, id: TileId) -> u8 {
        self.sticks.get(id as usize).copied().unwrap_or(0)
    }

    /// `each` tile of `set` in the engine's `tile_order`: id order, unless sticks (§M9)
    /// change a tile's walls and so its place.
    pub(crate) fn in_tile_order(&self, set: TileSet, mut each: impl FnMut(TileId)) {
        if self.stuck & set == 0 {
            bits(set).for_each(each);
            return;
        }
        let mut ids = [0; TILE_KINDS];
        let mut n = 0;
        for id in bits(set) {
            ids[n] = id;
            n += 1;
        }
        ids[..n].sort_unstable_by_key(|&id| order_rank(id, self.sticks[id as usize]));
        ids[..n].iter().for_each(|&id| each(id));
    }

    /// City Walls (§M9): per wall card beside the market, in card order, its sticks laid
    /// on each cell of the Alhambra that takes them (by cell), then on each tile just
    /// bought or on the reserve that takes them (in tile order).
    fn wall_builds(&self, seat: u8, out: &mut Vec<Action>) {
        let board = &self.boards[seat as usize];
        let loose = tile_set(self.to_place.as_slice()) | self.reserves[seat as usize];
        let mut cells = Vec::new();
        for card in city_walls::cards(self.city_walls.beside) {
            let sides = wall_sides(card);
            cells.clear();
            city_walls::stick_cells(board, sides, &mut cells);
            for &(x, y) in &cells {
                let id = board.at(x, y).expect("a built cell");
                out.push(Action::BuildWall {
                    card,
                    tile: id,
                    cell: Some((x, y)),
                });
            }
            self.in_tile_order(loose, |id| {
                if city_walls::may_take_sticks(id, self.mask_of(id), sides) {
                    out.push(Action::BuildWall {
                        card,
                        tile: id,
                        cell: None,
                    });
                }
            });
        }
    }

    /// Lay `sides` as sticks on `id` (the tile on `cell` of `seat`'s Alhambra, or off
    /// the board).
    fn lay_sticks(&mut self, seat: u8, id: TileId, cell: Option<(i8, i8)>, sides: u8) {
        self.sticks[id as usize] |= sides;
        self.stuck |= 1 << id;
        if let Some((x, y)) = cell {
            self.boards[seat as usize].add_walls(x, y, sides);
        }
    }

    /// Per waiting tile in tile order: its placements by cell, then reserve, then give
    /// (never a hut, §M4).
    fn placings(&self, decision: Decision, out: &mut Vec<Action>) {
        let board = &self.boards[decision.player as usize];
        let waiting = tile_set(self.to_place.as_slice());
        let planes = board.planes();
        let mut cells = Vec::new();
        self.in_tile_order(waiting, |id| {
            cells.clear();
            planes.placeable(self.mask_of(id), is_camp(id), &mut cells);
            out.extend(cells.iter().map(|&(x, y)| Action::Place {
                tile: id,
                x,
                y,
                gate: NO_GATE,
            }));
            out.push(Action::Reserve { tile: id });
            // never a hut (§M4), nor a tile with sticks (§M9)
            if decision.give && !is_hut(id) && self.sticks[id as usize] == 0 {
                out.push(Action::Give { tile: id });
            }
        });
    }

    // -- applying actions --------------------------------------------------------------

    /// Carry out `action` if it is legal now; otherwise refuse it and change nothing.
    pub fn apply(&mut self, action: Action) -> Result<(), Refusal> {
        let mut legal = Vec::new();
        self.legal_actions(&mut legal);
        if !legal.contains(&action) && !self.overpays_by_hand(action) && !self.bid_by_hand(action) {
            return Err(Refusal::Illegal(if self.decisions.is_empty() {
                "the game is over".to_string()
            } else {
                format!(
                    "{action:?} is not among the {} legal actions now",
                    legal.len()
                )
            }));
        }
        self.apply_unchecked(action);
        Ok(())
    }

    /// Change (§M11) lifts "a payment is minimal" for market buys: `legal_actions` lists
    /// the minimal payments only, and a payment made by hand with cards to spare is legal
    /// too when its cards are in hand, of the currencies it may use, and reach the price
    /// (`payments.check_payment` with overpaying).
    fn overpays_by_hand(&self, action: Action) -> bool {
        let Action::Buy(purchase) = action else {
            return false;
        };
        let Purchase {
            square,
            tile: id,
            exchange,
            ..
        } = purchase;
        let Some(decision) = self.decision() else {
            return false;
        };
        if !self.has(CHANGE)
            || decision.kind != Kind::Act
            || !(1..=4).contains(&square)
            || self.market[square as usize - 1] != id
        {
            return false;
        }
        let joins = match exchange {
            0 | PAID_IN_DIAMONDS => true,
            k if k <= 6 => {
                let (a, b) = exchange_pair(EXCHANGE_FIRST + k - 1);
                self.has(EXCHANGE) && (a == square - 1 || b == square - 1)
            }
            _ => false,
        };
        let used_source = exchange != PAID_IN_DIAMONDS || self.has(DIAMONDS);
        let cards = purchase.cards();
        let hand = &self.hands[decision.player as usize];
        let mut needed = [0u8; CARD_KINDS];
        cards.iter().for_each(|&c| needed[c as usize] += 1);
        let held = (0..CARD_KINDS).all(|c| needed[c] <= hand[c]);
        joins
            && used_source
            && held
            && purchase.total() >= tile(id).price as u32
            && exchange_or_plain(&purchase)
    }

    /// Carry out an action generated by `legal_actions` for this very state.
    pub fn apply_unchecked(&mut self, action: Action) {
        let seat = self.decider();
        let p = seat as usize;
        match action {
            Action::Take { cards, n } => {
                for &card in &cards[..n as usize] {
                    if card == GATE {
                        self.gates.beside = false;
                    } else {
                        self.display.remove_item(card);
                    }
                    self.hands[p][card as usize] += 1;
                }
                if self.recording {
                    let cards = cards[..n as usize].to_vec();
                    self.event(Event::Take {
                        player: seat,
                        cards,
                    });
                }
                self.end_actions();
            }
            Action::Buy(purchase) => {
                let paid = self.pay(seat, purchase);
                let (square, id) = (purchase.square, purchase.tile);
                let price = tile(id).price as u32;
                let exact = paid == price;
                if self.recording {
                    let cards = purchase.cards();
                    self.event(Event::Buy {
                        player: seat,
                        square,
                        tile: id,
                        cards,
                        exact,
                    });
                }
                if self.has(CHANGE) && paid >= price + 2 {
                    self.draw_change(seat, paid - price);
                }
                if self.has(INVADERS) && exact {
                    self.scout_peek(seat, id, false);
                }
                self.to_place.push(id);
                if exact {
                    self.may_continue = true;
                } else {
                    self.end_actions();
                }
            }
            Action::Redesign {
                mv,
                tile: id,
                x,
                y,
                gate,
            } => {
                let walls = if mv == Move::Remove {
                    0
                } else {
                    self.mask_of(id)
                };
                let board = &mut self.boards[p];
                let removed = match mv {
                    Move::Remove => board.take(x, y),
                    Move::Place => {
                        board.build_with_walls(x, y, id, walls);
                        FOUNTAIN
                    }
                    Move::Exchange => board.replace_with_walls(x, y, id, walls),
                };
                self.use_gate(seat, x, y, gate);
                if mv != Move::Remove {
                    self.reserves[p] &= !(1 << id);
                }
                if removed != FOUNTAIN {
                    self.reserves[p] |= 1 << removed;
                }
                let sticks_of = |id: TileId| {
                    if id == FOUNTAIN {
                        0
                    } else {
                        self.sticks[id as usize]
                    }
                };
                let (sticks, removed_sticks) = (sticks_of(id), sticks_of(removed));
                self.event(Event::Redesign {
                    player: seat,
                    mv,
                    tile: id,
                    x,
                    y,
                    removed,
                    gate,
                    sticks,
                    removed_sticks,
                });
                if self.has(STREET_MERCHANT) && mv == Move::Place {
                    self.lift_merchant(seat, id, x, y);
                }
                if self.decisions.last().map(|d| d.kind) == Some(Kind::Act) {
                    self.end_actions();
                } else {
                    self.resume(); // a master builder's redesign at the turn end (§M14)
                }
            }
            Action::TakeHut { colour } => {
                let id = self.squares.take(colour);
                let left = self.squares.piles[colour as usize].len() as u8;
                self.event(Event::TakeHut {
                    player: seat,
                    colour,
                    tile: id,
                    left,
                });
                if let Some(&next) = self.squares.piles[colour as usize].as_slice().first() {
                    self.event(Event::HutTurnedUp { colour, tile: next });
                }
                self.to_place.push(id);
                self.end_actions();
            }
            Action::Wake => {
                self.vizier.awake[p] = true;
                self.event(Event::Wake { player: seat });
                self.end_actions();
            }
            Action::VizierBuy(purchase) => {
                self.pay(seat, purchase);
                self.vizier.awake[p] = false;
                self.window.repoll = true;
                self.event(Event::VizierBuy {
                    player: seat,
                    purchase,
                });
                if self.has(INVADERS) {
                    self.scout_peek(seat, purchase.tile, true);
                }
                // placed or reserved at once, never given to Dirk
                self.to_place.push(purchase.tile);
                *self.decisions.last_mut().expect("the window's decision") = Decision {
                    kind: Kind::Place,
                    player: seat,
                    give: false,
                };
            }
            Action::Steal { card } => {
                self.thieves.hands[p][currency_of(card) as usize] -= 1;
                self.thieves.played.push(currency_of(card));
                self.display.remove_item(card);
                self.hands[p][card as usize] += 1;
                self.event(Event::Steal { player: seat, card });
                self.window.repoll = true;
                self.resume();
            }
            Action::Decline => {
                let kind = self.decisions.last().expect("a decision waits").kind;
                if kind == Kind::Auction {
                    self.event(Event::Decline { player: seat, kind });
                    self.decline_auction();
                    return;
                }
                if kind != Kind::MasterBuilder {
                    self.window.queue.remove(0);
                }
                self.event(Event::Decline { player: seat, kind });
                self.resume();
            }
            Action::Bid(bid) => self.apply_bid(seat, bid),
            Action::ChooseWiseMan { colour } => self.choose_wise_man(seat, colour),
            Action::SwapCard { card } => self.apply_swap(seat, card),
            Action::PlayMasterBuilder { card } => {
                self.hands[p][card as usize] -= 1;
                self.discard.push(card);
                self.master_builders.played += 1;
                self.event(Event::MasterBuilderPlayed { player: seat, card });
            }
            Action::BuildWall {
                card,
                tile: id,
                cell,
            } => {
                // the card is spent; its sticks are the tile's for good (§M9), a
                // terminal action
                self.city_walls.beside &= !city_walls::bit(card);
                self.city_walls.used |= city_walls::bit(card);
                let sticks = self.sticks[id as usize];
                let bought = cell.is_none() && self.to_place.as_slice().contains(&id);
                self.lay_sticks(seat, id, cell, wall_sides(card));
                self.event(Event::BuildWall {
                    player: seat,
                    card,
                    tile: id,
                    sticks,
                    cell,
                    bought,
                });
                self.end_actions();
            }
            Action::BuyBazaar(purchase) => {
                // paid exactly: another action follows; the market keeps its tile
                let priced_by = self.market[purchase.square as usize - 1];
                self.pay_cards(seat, purchase);
                self.bazaars.beside &= !(1 << purchase.tile);
                self.event(Event::BuyBazaar {
                    player: seat,
                    purchase,
                    priced_by,
                });
                self.to_place.push(purchase.tile);
                self.may_continue = true;
            }
            Action::SetMerchant { .. }
            | Action::TakeCitizen { .. }
            | Action::SwapCitizen { .. }
            | Action::KeepCitizens
            | Action::PlaceMerchant { .. } => self.apply_merchant(seat, action),
            Action::BuyChests { room, cards, n } => {
                // the chests are handed out at the turn end; no action follows (§M13.3)
                self.discard_paid(seat, &cards[..n as usize]);
                let chests = std::mem::take(&mut self.treasure.rooms[room as usize - 1]);
                let mut queue = Stack::default();
                (0..self.n).for_each(|k| queue.push((seat + k) % self.n));
                self.treasure.pending = Some(treasure::Pending {
                    room,
                    chests,
                    queue,
                });
                self.event(Event::BuyChests {
                    player: seat,
                    room,
                    cards: cards[..n as usize].to_vec(),
                    chests: chests.as_slice().to_vec(),
                });
                self.end_actions();
            }
            Action::PlaceChest { x, y } => {
                self.put_chest(seat, x, y, true);
                self.resume();
            }
            Action::End => {
                self.event(Event::End {
                    player: seat,
                    passed: !self.may_continue,
                });
                self.end_actions();
            }
            Action::Place {
                tile: id,
                x,
                y,
                gate,
            } => {
                let walls = self.mask_of(id);
                self.boards[p].build_with_walls(x, y, id, walls);
                self.use_gate(seat, x, y, gate);
                self.to_place.remove_item(id);
                self.event(Event::Place {
                    player: seat,
                    tile: id,
                    x,
                    y,
                    gate,
                    sticks: self.sticks[id as usize],
                });
                if self.has(STREET_MERCHANT) {
                    self.lift_merchant(seat, id, x, y);
                }
                self.after_placing();
            }
            Action::Reserve { tile: id } => {
                self.to_place.remove_item(id);
                self.reserves[p] |= 1 << id;
                self.event(Event::Reserve {
                    player: seat,
                    tile: id,
                    sticks: self.sticks[id as usize],
                });
                self.after_placing();
            }
            Action::Give { tile: id } => {
                self.to_place.remove_item(id);
                self.dirk_tiles.push(id);
                self.event(Event::Give {
                    player: seat,
                    tile: id,
                });
                self.after_placing();
            }
        }
    }

    /// Move a purchase's cards from `seat`'s hand to the discard pile (a coin back into
    /// its bag, §M11) and take the tile off the market; returns what was paid.
    fn pay(&mut self, seat: u8, purchase: Purchase) -> u32 {
        let paid = self.pay_cards(seat, purchase);
        self.market[purchase.square as usize - 1] = EMPTY;
        paid
    }

    /// Move a payment's cards from `seat`'s hand to the discard pile (a coin back into its
    /// bag, §M11); returns what was paid.
    fn pay_cards(&mut self, seat: u8, purchase: Purchase) -> u32 {
        let p = seat as usize;
        let mut paid = 0u32;
        if purchase.exchange == 0 && purchase.coins == 0 && purchase.builders == 0 {
            // the common case, without building the list of cards
            for value in (1..=9u8).rev() {
                let card = money(purchase.square - 1, value);
                for _ in 0..purchase.pay >> (2 * (value - 1)) & 3 {
                    self.hands[p][card as usize] -= 1;
                    self.discard.push(card);
                    paid += value as u32;
                }
            }
        } else {
            // in card order, the exchange card last, as the engine discards them
            paid = self.discard_paid(seat, &purchase.cards());
        }
        paid
    }

    /// Move `cards` from `seat`'s hand to the discard pile in their order (a coin back
    /// into its bag, §M11); returns what they are worth.
    fn discard_paid(&mut self, seat: u8, cards: &[CardId]) -> u32 {
        let p = seat as usize;
        let mut paid = 0;
        for &card in cards {
            self.hands[p][card as usize] -= 1;
            if is_coin(card) {
                self.coin_bag[crate::cards::currency_of(card) as usize] += 1;
            } else {
                self.discard.push(card);
            }
            paid += worth(card);
        }
        paid
    }

    fn end_actions(&mut self) {
        self.may_continue = false;
        self.decisions.pop();
        self.script = Stack::from_slice(&TURN_END).expect("the turn end fits");
        if self.has(MASTER_BUILDERS) {
            // right after the bought tiles are placed (§M0.4 step 2)
            self.script.insert(1, Step::MasterBuilder);
        }
        if self.has(CHARACTERS) {
            // after the master builders' redesigns (§M0.4)
            let at = 1 + usize::from(self.has(MASTER_BUILDERS));
            self.script.insert(at, Step::ExtraRedesign);
        }
        if self.has(TREASURE) {
            // the chests handed out before the display is refilled (§M0.4 step 3)
            let refill = self.script.len() - 4;
            self.script.insert(refill, Step::Chests);
        }
        if self.modules & WINDOW_MODULES != 0 {
            // the window between turns, just before the turn is finished (§M0.4 step 8)
            let finish = self.script.len() - 1;
            self.script.insert(finish, Step::VizierWindow);
        }
        if self.has(STREET_MERCHANT) {
            // the discs lifted in the turn before the display's refill (§M0.4 step 4),
            // those lifted in the window before the turn is finished
            let refill = self
                .script
                .as_slice()
                .iter()
                .position(|&s| s == Step::RefillDisplay);
            self.script
                .insert(refill.expect("the refill in the script"), Step::Merchant);
            let finish = self.script.len() - 1;
            self.script.insert(finish, Step::MerchantLate);
        }
        self.run_script();
    }

    fn after_placing(&mut self) {
        if self.to_place.is_empty() {
            self.resume();
        }
    }

    /// City Gates (§M5): a placement through a gate on `side` of (x, y) opens it and
    /// spends a gate card of `seat`'s (out of the game); nothing without a gate.
    fn use_gate(&mut self, seat: u8, x: i8, y: i8, side: u8) {
        if side != NO_GATE {
            self.boards[seat as usize].add_gate(x, y, side as usize);
            self.hands[seat as usize][GATE as usize] -= 1;
            self.gates.used += 1;
        }
    }

    /// The decision on top is made: take it off and go on with the script.
    pub(crate) fn resume(&mut self) {
        self.decisions.pop();
        self.run_script();
    }

    // -- Treasure Chamber (§M13) ---------------------------------------------------------

    /// The setup: 4 chests drawn into each room.
    fn fill_chest_rooms(&mut self) {
        self.treasure = Treasure::new();
        for room in 0..treasure::ROOMS {
            let chests = self.treasure.draw(&mut self.rng);
            self.treasure.rooms[room] = chests;
            self.event(Event::ChestRoom {
                room: room as u8 + 1,
                chests: chests.as_slice().to_vec(),
            });
        }
    }

    /// The rooms holding chests (1-3), none while chests are handed out.
    fn chest_rooms(&self) -> Stack<u8, { treasure::ROOMS }> {
        let mut rooms = Stack::default();
        if self.treasure.pending.is_none() {
            (0..treasure::ROOMS)
                .filter(|&r| !self.treasure.rooms[r].is_empty())
                .for_each(|r| rooms.push(r as u8 + 1));
        }
        rooms
    }

    /// `seat`'s chest purchases: per room holding chests, every minimal payment of at
    /// least 8 in money (any currencies), then in diamonds alone (`_chest_buys`).
    fn chest_buys(&self, seat: u8, out: &mut Vec<Action>) {
        let rooms = self.chest_rooms();
        if rooms.is_empty() {
            return;
        }
        let (money, diamonds) = self.chest_payments(seat);
        for &room in rooms.as_slice() {
            let mut emit = |paid: &[CardId]| out.push(buy_chests(room, paid));
            money.each(&mut emit);
            diamonds.each(&mut emit);
        }
    }

    /// The searches of `seat`'s chest payments: in money, in diamonds.
    fn chest_payments(&self, seat: u8) -> (MoneyPayments, DiamondPayments) {
        let hand = &self.hands[seat as usize];
        (
            treasure::Payments::new(treasure::money_cards(hand).as_slice()),
            treasure::Payments::new(treasure::diamond_cards(hand).as_slice()),
        )
    }

    /// How many chest purchases `chest_buys` lists: rooms x payments.
    fn chest_buy_count(&self, seat: u8) -> usize {
        let rooms = self.chest_rooms().len();
        if rooms == 0 {
            return 0;
        }
        let hand = &self.hands[seat as usize];
        let money = treasure::payment_count(treasure::money_cards(hand).as_slice());
        rooms * (money + treasure::payment_count(treasure::diamond_cards(hand).as_slice()))
    }

    /// The `k`-th chest purchase `chest_buys` lists for the player deciding, found
    /// without listing: the room's, then the payment's rank among the room's.
    fn nth_chest_buy(&self, k: usize) -> Action {
        let (money, diamonds) = self.chest_payments(self.decider());
        let per_room = money.count() + diamonds.count();
        let room = self.chest_rooms().as_slice()[k / per_room];
        let nth = k % per_room;
        let paid = if nth < money.count() {
            money.nth(nth as u32)
        } else {
            diamonds.nth((nth - money.count()) as u32)
        };
        buy_chests(room, paid.as_slice())
    }

    /// The buildings `seat` chooses among for the chests handed out to them: per colour
    /// with more free buildings than chests, its free cells (`_choices`).
    fn chest_places(&self, seat: u8, out: &mut Vec<Action>) {
        let Some(pending) = &self.treasure.pending else {
            return;
        };
        let board = &self.boards[seat as usize];
        for (colour, n) in treasure::by_colour(pending.chests.as_slice()) {
            let free = treasure::free_cells(board, colour, self.treasure.chests);
            if free.len() > n {
                out.extend(free.into_iter().map(|(x, y)| Action::PlaceChest { x, y }));
            }
        }
    }

    /// A chest handed out onto `seat`'s building at (x, y): chosen, or without a choice.
    fn put_chest(&mut self, seat: u8, x: i8, y: i8, chosen: bool) {
        let id = self.boards[seat as usize].at(x, y).expect("a building");
        let colour = tile(id).kind;
        let pending = self.treasure.pending.as_mut().expect("chests handed out");
        pending.chests.remove_item(colour);
        self.treasure.chests |= 1 << id;
        self.event(Event::ChestPlaced {
            player: seat,
            x,
            y,
            tile: id,
            sticks: self.sticks[id as usize],
            chosen,
        });
    }

    /// The turn end's chests step (`step_chests`): the chests bought handed out, player
    /// after player from the buyer (true while one chooses a building), the rest back into
    /// the bag, the room refilled.
    fn chests_step(&mut self) -> bool {
        while let Some(pending) = self.treasure.pending {
            let Some(&player) = pending.queue.as_slice().first() else {
                break;
            };
            let mut choosing = false;
            for (colour, n) in treasure::by_colour(pending.chests.as_slice()) {
                let board = &self.boards[player as usize];
                let free = treasure::free_cells(board, colour, self.treasure.chests);
                if free.len() <= n {
                    free.into_iter()
                        .for_each(|(x, y)| self.put_chest(player, x, y, false));
                } else {
                    choosing = true;
                }
            }
            if choosing {
                self.decisions.push(Decision {
                    kind: Kind::Chests,
                    player,
                    give: false,
                });
                return true;
            }
            let pending = self.treasure.pending.as_mut().expect("chests handed out");
            pending.queue.remove(0);
            let (chests, to) = (pending.chests, pending.queue.as_slice().first().copied());
            if let (false, Some(to)) = (chests.is_empty(), to) {
                self.event(Event::ChestsPassed {
                    player,
                    to,
                    chests: chests.as_slice().to_vec(),
                });
            }
        }
        let Some(pending) = self.treasure.pending.take() else {
            return false;
        };
        if !pending.chests.is_empty() {
            for &colour in pending.chests.as_slice() {
                self.treasure.bag[colour as usize] += 1;
            }
            self.event(Event::ChestsToBag {
                chests: pending.chests.as_slice().to_vec(),
            });
        }
        let room = pending.room;
        if self.treasure.refill && self.treasure.bag_len() >= treasure::ROOM_SIZE {
            let chests = self.treasure.draw(&mut self.rng);
            self.treasure.rooms[room as usize - 1] = chests;
            self.event(Event::ChestRoom {
                room,
                chests: chests.as_slice().to_vec(),
            });
        } else if self.treasure.refill {
            self.treasure.refill = false;
            self.event(Event::ChestRoomsClosed {
                room,
                bag: self.treasure.bag_len() as u8,
            });
        }
        false
    }

    // -- the turn-end script -----------------------------------------------------------

    fn run_script(&mut self) {
        while !self.script.is_empty() && self.decisions.is_empty() {
            let step = self.script.remove(0);
            let waits = match step {
                Step::PlaceBought => self.step_place_bought(),
                Step::RefillDisplay => self.refill_display(),
                Step::RefillMarket => {
                    self.refill_market();
                    false
                }
                Step::HoldScorings => self.hold_scorings(),
                Step::FinishTurn => {
                    self.finish_turn();
                    false
                }
                Step::FinalPlacing => self.final_placing(),
                Step::FinalScoring => self.final_scoring(),
                Step::FirstTurn => {
                    self.current = self.start;
                    self.begin_turn();
                    false
                }
                Step::VizierWindow => self.window_step(),
                Step::MasterBuilder => self.master_builder_step(),
                Step::ExtraRedesign => self.extra_redesign_step(),
                Step::Merchant | Step::MerchantLate => self.merchant_step(),
                Step::MerchantSetup => self.merchant_setup_step(),
                Step::Chests => self.chests_step(),
            };
            if waits {
                self.script.insert(0, step);
                return;
            }
        }
    }

    fn step_place_bought(&mut self) -> bool {
        if self.to_place.is_empty() {
            return false;
        }
        self.decisions.push(Decision {
            kind: Kind::Place,
            player: self.current,
            give: self.dirk,
        });
        true
    }

    /// §5.2: draw until the display holds 4; a reshuffle when the draw pile is empty.
    /// True when a character's auction waits (§M7): called again after it, the refill
    /// goes on.
    pub(crate) fn refill_display(&mut self) -> bool {
        let waiting = self.decisions.len();
        let mut stalled = false;
        while self.display.len() < DISPLAY_SIZE {
            if self.draw.is_empty() {
                if self.discard.is_empty() || stalled {
                    return false;
                }
                self.reshuffle();
                stalled = true;
            }
            let shown = self.display.len();
            let card = self.draw.pop().expect("a card to draw");
            self.reveal(card);
            stalled = stalled && self.display.len() == shown;
            if self.decisions.len() > waiting {
                return true;
            }
        }
        false
    }

    fn reveal(&mut self, card: CardId) {
        if crate::cards::is_character(card) {
            self.start_auction(card); // auctioned at once (§M7)
        } else if is_wall_card(card) {
            // beside the market (§M9)
            self.city_walls.beside |= city_walls::bit(card);
            self.event(Event::WallCardBeside { card });
        } else if card == GATE {
            // beside the display, or to the discards if one lies there (§M5)
            if self.gates.beside {
                self.discard.push(card);
                self.event(Event::GateCardDiscarded);
            } else {
                self.gates.beside = true;
                self.event(Event::GateCardBeside);
            }
        } else if card == SCORING_1 || card == SCORING_2 {
            let round = card - SCORING_1 + 1;
            self.revealed.push(round);
            self.pending_rounds.push(round);
            self.event(Event::ScoringCard { round });
        } else {
            self.display.push(card);
            self.event(Event::DrawCard { card });
        }
    }

    fn reshuffle(&mut self) {
        self.draw = self.discard;
        self.discard.clear();
        let len = self.draw.len();
        let mut cards: Vec<CardId> = self.draw.as_slice().to_vec();
        self.rng.shuffle(&mut cards);
        self.draw = Stack::from_slice(&cards).expect("the same cards");
        self.event(Event::Reshuffle { cards: len as u32 });
    }

    fn bag_len(&self) -> usize {
        self.bag.count_ones() as usize
    }

    fn draw_from_bag(&mut self) -> TileId {
        let index = self.rng.randbelow(self.bag_len());
        let id = nth_bit(self.bag, index);
        self.bag &= !(1 << id);
        id
    }

    /// §5.3: fill the empty squares from the bag; note when it falls short. A bazaar
    /// drawn is laid beside the market and the drawing goes on for the same square
    /// (§M16).
    fn refill_market(&mut self) {
        for square in 0..MARKET_SIZE {
            while self.market[square] == EMPTY {
                if self.bag == 0 {
                    self.market_short = true;
                    return;
                }
                let id = self.draw_from_bag();
                if is_bazaar(id) {
                    self.bazaars.beside |= 1 << id;
                    self.event(Event::BazaarBeside { tile: id });
                    continue;
                }
                self.market[square] = id;
                self.event(Event::DrawTile {
                    square: square as u8 + 1,
                    tile: id,
                });
            }
        }
    }

    fn gift_dirk(&mut self, size: usize, after: u8) {
        let tiles: Vec<TileId> = (0..size).map(|_| self.draw_from_bag()).collect();
        for &id in &tiles {
            self.dirk_tiles.push(id);
        }
        self.event(Event::DirkGift { after, tiles });
    }

    /// §5.4: score the rounds whose card came up; Dirk's gift follows each (§10). True
    /// while the Wise Man's type for the next scoring is being chosen (§M7).
    fn hold_scorings(&mut self) -> bool {
        while let Some(&round) = self.pending_rounds.as_slice().first() {
            if self.has(CHARACTERS) && self.ask_wise_man() {
                return true;
            }
            self.pending_rounds.remove(0);
            self.score_round(round);
            if self.dirk {
                self.gift_dirk(dirk_gift_size(round, self.bag_len()), round);
            }
        }
        false
    }

    /// Master Builders (§M14): one redesign per master builder played this turn, pushed
    /// for the turn's player while one is owed (true while it waits); a redesign that
    /// cannot be made lapses.
    fn master_builder_step(&mut self) -> bool {
        while self.master_builders.played > 0 {
            self.master_builders.played -= 1;
            self.boards[self.current as usize].keep_stuck_cells();
            if self.any_redesign(self.current) {
                self.decisions.push(Decision {
                    kind: Kind::MasterBuilder,
                    player: self.current,
                    give: false,
                });
                return true;
            }
            self.event(Event::MasterBuilderLapses {
                player: self.current,
            });
        }
        false
    }

    /// Whether the turn now ending ends the game (§9.1): the trigger has fired.
    fn game_ending(&self) -> bool {
        if self.bag_empty_ends {
            self.bag == 0
        } else {
            self.market_short
        }
    }

    /// The window between turns (§M0.4 step 8, `window.run_window`): after a use, refill
    /// and ask everyone again; ask the next player who can act (true while someone is
    /// asked); closed after the game-ending turn or when nobody can act.
    fn window_step(&mut self) -> bool {
        if self.window.open && self.window.repoll {
            if self.refill_display() {
                return true; // a character's auction first (§M7)
            }
            self.refill_market();
            if self.hold_scorings() {
                return true; // once the Wise Man's type is chosen (§M7)
            }
            self.window.open = false;
        }
        if self.game_ending() {
            self.window = Window::default();
            return false;
        }
        let able = self.window_able();
        let mut queue = Stack::default();
        if able != 0 {
            let order: Vec<u8> = if self.window.open {
                self.window.queue.as_slice().to_vec()
            } else {
                (1..=self.n).map(|k| (self.current + k) % self.n).collect()
            };
            order
                .into_iter()
                .filter(|&p| able >> p & 1 == 1)
                .for_each(|p| queue.push(p));
        }
        let Some(&first) = queue.as_slice().first() else {
            self.window = Window::default();
            return false;
        };
        self.window = Window {
            open: true,
            queue,
            repoll: false,
        };
        let kind = if self.has(THIEVES) {
            Kind::Window
        } else {
            Kind::Vizier
        };
        self.decisions.push(Decision {
            kind,
            player: first,
            give: false,
        });
        true
    }

    fn finish_turn(&mut self) {
        let ending = self.game_ending();
        self.market_short = false;
        if ending {
            self.end_game();
        } else {
            self.current = (self.current + 1) % self.n;
            self.begin_turn();
        }
    }

    fn begin_turn(&mut self) {
        // the turn's decisions list the player's redesigns from one finding of the cells
        // that must stay, as long as the Alhambra does not change
        self.boards[self.current as usize].keep_stuck_cells();
        self.turn += 1;
        self.decisions.push(Decision {
            kind: Kind::Act,
            player: self.current,
            give: false,
        });
        self.event(Event::Turn {
            turn: self.turn,
            player: self.current,
        });
    }

    // -- scoring (§8) ------------------------------------------------------------------

    /// Tiles of each type per competitor, Dirk last.
    pub fn counts(&self) -> Vec<[u8; 6]> {
        let mut counts: Vec<[u8; 6]> = (0..self.players())
            .map(|p| {
                let mut counts = self.boards[p].counts();
                if self.has(BONUS_CARDS) {
                    self.bonus.add_counts(p, &self.boards[p], &mut counts);
                }
                if self.has(SQUARES) {
                    squares::add_counts(&self.boards[p], &mut counts);
                }
                counts
            })
            .collect();
        if self.dirk {
            let mut dirk = [0u8; 6];
            for &id in self.dirk_tiles.as_slice() {
                if tile(id).is_building() {
                    dirk[tile(id).kind as usize] += 1; // his camps are dead tiles (§M8)
                }
            }
            counts.push(dirk);
        }
        counts
    }

    fn score_round(&mut self, round: u8) {
        if self.has(BONUS_CARDS) {
            // the cards that count now are shown, seat by seat (§M3)
            for p in 0..self.players() {
                let new = self.bonus.show(p, &self.boards[p]);
                if !new.is_empty() {
                    self.event(Event::BonusShown {
                        player: p as u8,
                        tiles: new,
                    });
                }
            }
        }
        if self.has(INVADERS) {
            self.reveal_attack(round);
        }
        let counts = self.counts();
        let walls: Vec<u32> = (0..self.competitors())
            .map(|c| {
                if c < self.players() {
                    self.boards[c].longest_wall()
                } else {
                    0
                }
            })
            .collect();
        let half = if self.has(CHARACTERS) {
            self.wise_man_half()
        } else {
            None
        };
        let majorities = match half {
            None => majority_points(&counts, round as usize),
            Some((owner, kind)) => {
                // the Wise Man's half (§M7): the counts doubled, its owner's one more
                let mut doubled: Vec<[u8; 6]> = counts.iter().map(|c| c.map(|n| 2 * n)).collect();
                doubled[owner as usize][kind as usize] += 1;
                majority_points(&doubled, round as usize)
            }
        };
        let attack = self.invaders.attack(round);
        let attack = attack.map(|d| (d, self.attack_penalties(round, d)));
        let terms = self.round_terms(round);
        for c in 0..self.competitors() {
            let module_points: i64 = terms.iter().map(|(_, points)| points[c]).sum();
            self.scores[c] += (majorities[c] + walls[c]) as i64 + module_points;
        }
        self.scored.push(round);
        self.event(Event::Scoring {
            round,
            counts,
            walls,
            majorities,
            terms,
            attack,
            half,
        });
        if self.has(INVADERS) {
            self.after_invasion(round);
        }
        self.characters.wise_man_chosen = false; // `after_scoring`
    }

    /// The modules' terms of scoring round `round` as the game stands, each for every
    /// competitor (Dirk's are 0), in the order of their names, as the save writes the
    /// parts: what a scoring adds to the majorities and walls, and what the search
    /// projects (`evaluate`). A term a module does not score in `round` is left out.
    pub(crate) fn round_terms(&self, round: u8) -> Vec<(Term, Vec<i64>)> {
        // Camps' bastion lines (§M8), the invaders' attack as points lost (§M15)
        let mut terms: Vec<(Term, Vec<i64>)> = Vec::new();
        let per_player = |points: &dyn Fn(usize) -> i64| -> Vec<i64> {
            (0..self.competitors())
                .map(|c| if c < self.players() { points(c) } else { 0 })
                .collect()
        };
        if self.has(BAZAARS) && round == 3 {
            // the bazaars score at the final scoring only (§M16)
            terms.push((
                Term::Bazaars,
                per_player(&|c| bazaars::bazaar_points(&self.boards[c]) as i64),
            ));
        }
        if self.has(CAMPS) {
            terms.push((
                Term::Camps,
                per_player(&|c| camps::camp_points(&self.boards[c]) as i64),
            ));
        }
        if self.has(CHARACTERS) {
            // the City Watch at every scoring, the end-of-game bonus at the last (§M7)
            terms.push((
                Term::Characters,
                per_player(&|c| self.character_points(c, round)),
            ));
        }
        if self.has(INVADERS) {
            // the points lost to this round's attack (none before its card is revealed)
            let lost = self
                .invaders
                .attack(round)
                .map(|d| self.attack_penalties(round, d));
            let lost = |c: usize| lost.as_ref().map_or(0, |lost| lost[c] as i64);
            terms.push((Term::Invaders, per_player(&|c| -lost(c))));
        }
        if self.has(STREET_MERCHANT) && (round == 3 || !self.option(MERCHANT_FINAL_ONLY)) {
            // the residents' best grouping (§M12.4)
            terms.push((
                Term::StreetMerchant,
                per_player(&|c| {
                    let counts = self.merchant.counts(&self.boards[c]);
                    street_merchant::best_grouping(&counts) as i64
                }),
            ));
        }
        if self.has(TREASURE) {
            // the majority of the chests on buildings in the Alhambras (§M13.4)
            let chests: Vec<u32> = (0..self.players())
                .map(|p| treasure::chests_on(&self.boards[p], self.treasure.chests))
                .collect();
            let shares = share_places(&chests, treasure::chest_points(round));
            terms.push((Term::Treasure, per_player(&|c| shares[c] as i64)));
        }
        terms
    }

    /// Invaders (§M15), before a scoring's points: the top attack card revealed (once per
    /// round), the peeks forgotten, each competitor's penalty recorded.
    fn reveal_attack(&mut self, round: u8) {
        if self.invaders.deck.is_empty() || self.invaders.attack(round).is_some() {
            return;
        }
        let direction = self.invaders.deck.remove(0);
        self.invaders.revealed.push((round, direction));
        self.invaders.peeks = [invaders::NO_PEEK; MAX_PLAYERS];
        let penalties = self.attack_penalties(round, direction);
        self.event(Event::Attack {
            round,
            direction,
            penalties,
        });
    }

    /// Each competitor's points lost to the attack from `direction` (Dirk's 0).
    pub(crate) fn attack_penalties(&self, round: u8, direction: u8) -> Vec<u32> {
        (0..self.competitors())
            .map(|c| {
                if c < self.players() {
                    invaders::penalty(&self.boards[c], direction, round)
                } else {
                    0
                }
            })
            .collect()
    }

    /// Invaders (§M15), after a scoring: the unused scouts leave; after rounds 1 and 2 two
    /// new ones are turned up.
    fn after_invasion(&mut self, round: u8) {
        let unused = self.invaders.up;
        if !unused.is_empty() {
            unused
                .as_slice()
                .iter()
                .for_each(|&s| self.invaders.out.push(s));
            self.invaders.up.clear();
            self.event(Event::ScoutsOut {
                round,
                scouts: unused.as_slice().to_vec(),
            });
        }
        if round < 3 {
            self.turn_up_scouts(round);
        }
    }

    /// Turn up two scouts, after the setup (`after` 0) or round `after`.
    fn turn_up_scouts(&mut self, after: u8) {
        let scouts = self.invaders.turn_up();
        if !scouts.is_empty() {
            self.event(Event::ScoutsUp { after, scouts });
        }
    }

    /// Invaders (§M15): an exact purchase (a vizier's too) of a face-up scout's type lets
    /// the buyer look at the top attack card; the scout leaves.
    fn scout_peek(&mut self, seat: u8, id: TileId, vizier: bool) {
        let kind = tile(id).kind;
        if !tile(id).is_building()
            || !self.invaders.up.as_slice().contains(&kind)
            || self.invaders.deck.is_empty()
        {
            return;
        }
        let card = self.invaders.deck.as_slice()[0];
        self.invaders.up.remove_item(kind);
        self.invaders.out.push(kind);
        self.invaders.peeks[seat as usize] = card;
        self.event(Event::ScoutPeek {
            player: seat,
            scout: kind,
            card,
            tile: id,
            vizier,
        });
    }

    // -- the end (§9) ------------------------------------------------------------------

    fn end_game(&mut self) {
        let bag_empty = self.bag_empty_ends;
        self.event(Event::EndTriggered { bag_empty });
        self.end_reason = Some(bag_empty);
        self.distribute();
        self.script = Stack::from_slice(&GAME_END).expect("the game end fits");
    }

    /// The one player holding strictly the most money of `currency`, if any.
    fn majority_holder(&self, currency: u8) -> Option<u8> {
        // the currency's money, its coins (§M11) and master builders (§M14) included
        let holding = |p: usize| {
            (1..=9u8)
                .map(|v| self.hands[p][money(currency, v) as usize] as u32 * v as u32)
                .sum::<u32>()
                + self.hands[p][coin(currency) as usize] as u32
                + 3 * self.hands[p][master_builder(currency) as usize] as u32
        };
        let totals: Vec<u32> = (0..self.players()).map(holding).collect();
        let best = *totals.iter().max()?;
        let leaders: Vec<usize> = (0..totals.len()).filter(|&p| totals[p] == best).collect();
        (best > 0 && leaders.len() == 1).then(|| leaders[0] as u8)
    }

    /// §9.3: each market tile to the strict majority holder of its currency.
    fn distribute(&mut self) {
        let mut record = Vec::new();
        let mut received: Vec<Vec<TileId>> = vec![Vec::new(); self.players()];
        for square in 0..MARKET_SIZE {
            let id = self.market[square];
            if id == EMPTY {
                continue;
            }
            let holder = self.majority_holder(square as u8);
            record.push((square as u8 + 1, id, holder));
            if let Some(p) = holder {
                self.market[square] = EMPTY;
                received[p as usize].push(id);
            }
        }
        if self.has(BAZAARS) && self.option(BAZAARS_DISTRIBUTED) {
            // the bazaars beside the market too, by their currency (§M16); one without a
            // strict majority holder stays there
            for id in bits(self.bazaars.beside) {
                let holder = self.majority_holder(tile(id).mark);
                record.push((0, id, holder));
                if let Some(p) = holder {
                    self.bazaars.beside &= !(1 << id);
                    received[p as usize].push(id);
                }
            }
        }
        self.event(Event::Distribution { tiles: record });
        self.awaiting.clear();
        for k in 1..=self.n {
            let p = (self.current + k) % self.n;
            if !received[p as usize].is_empty() {
                let tiles = Stack::from_slice(&received[p as usize])
                    .expect("four squares and eight bazaars at most");
                self.awaiting.push((p, tiles));
            }
        }
    }

    fn final_placing(&mut self) -> bool {
        if self.awaiting.is_empty() {
            return false;
        }
        let (seat, tiles) = self.awaiting.remove(0);
        self.current = seat;
        self.to_place = Stack::from_slice(tiles.as_slice()).expect("twelve tiles at most");
        self.decisions.push(Decision {
            kind: Kind::FinalPlace,
            player: seat,
            give: false,
        });
        self.event(Event::FinalPlacing {
            player: seat,
            tiles: tiles.as_slice().to_vec(),
        });
        true
    }

    /// True while the Wise Man's type for it is being chosen (§M7).
    fn final_scoring(&mut self) -> bool {
        if self.has(CHARACTERS) && self.ask_wise_man() {
            return true;
        }
        self.score_round(3);
        let scores = self.scores().to_vec();
        let winners = self.winners();
        self.event(Event::GameOver { scores, winners });
        false
    }
}

/// Cards of a second currency (or its coins) only with an exchange card; diamonds alone.
fn exchange_or_plain(purchase: &Purchase) -> bool {
    let p = purchase;
    match p.exchange {
        0 => p.other == 0 && p.coins >> 3 == 0 && p.builders >> 3 == 0,
        PAID_IN_DIAMONDS => p.other == 0 && p.coins == 0 && p.builders == 0,
        _ => true,
    }
}

/// Every minimal payment of `price` with `hand`'s cards of `currency`
/// (`minimal_payments`), its master builders and coins included.
fn currency_payments(
    hand: &[u8; CARD_KINDS],
    currency: u8,
    price: u32,
    emit: &mut impl FnMut(&[CardId]),
) {
    // the currency's cards in the search's order (highest first, a coin before a plain
    // 1, a master builder before a plain 3): three of each value at most, six coins,
    // four master builders
    let mut cards = [0u8; 37];
    let mut count = 0;
    for value in (1..=9u8).rev() {
        if let Some(card) = module_card_worth(currency, value) {
            for _ in 0..hand[card as usize] {
                cards[count] = card;
                count += 1;
            }
        }
        let card = money(currency, value);
        for _ in 0..hand[card as usize] {
            cards[count] = card;
            count += 1;
        }
    }
    let cards = &cards[..count];
    if cards.iter().map(|&c| worth(c)).sum::<u32>() >= price {
        minimal_payments(cards, price, emit);
    }
}

/// The sums `sums` (bits; bit 0: paying nothing) with some of `kinds`' cards in `hand`
/// added.
fn subset_sums(
    mut sums: u64,
    hand: &[u8; CARD_KINDS],
    kinds: impl IntoIterator<Item = CardId>,
) -> u64 {
    for card in kinds {
        for _ in 0..hand[card as usize] {
            sums |= sums << worth(card);
        }
    }
    sums
}

/// The sums some of the cards `currency_payments` searches for `currency` make: its money
/// (a currency's nine values side by side in `hand`), coins and master builders.
fn currency_sums(hand: &[u8; CARD_KINDS], currency: u8) -> u64 {
    let first = money(currency, 1) as usize;
    let mut sums = 1u64;
    for (value, &n) in (1..=9).zip(&hand[first..first + 9]) {
        for _ in 0..n {
            sums |= sums << value;
        }
    }
    subset_sums(sums, hand, [coin(currency), master_builder(currency)])
}

/// A payment `paid` of the square's currency alone for `id`.
fn plain_purchase(square: u8, id: TileId, paid: &[CardId]) -> Purchase {
    Purchase {
        square,
        tile: id,
        pay: counts(paid),
        other: 0,
        exchange: 0,
        coins: coin_count(paid),
        builders: builder_count(paid),
    }
}

/// The cards of `hand` an exchange card joins: its two currencies' money, coins and
/// master builders included, in the search's order; and their number.
fn exchange_cards(hand: &[u8; CARD_KINDS], exchange: CardId) -> ([CardId; 74], usize) {
    let (a, b) = exchange_pair(exchange);
    let mut kinds: Vec<CardId> = (0..MONEY_KINDS as u8)
        .chain([coin(a), coin(b), master_builder(a), master_builder(b)])
        .filter(|&c| [a, b].contains(&crate::cards::currency_of(c)) && hand[c as usize] > 0)
        .collect();
    kinds.sort_unstable_by_key(|&c| payment_order(c));
    let mut cards = [0u8; 74];
    let mut count = 0;
    for card in kinds {
        for _ in 0..hand[card as usize] {
            cards[count] = card;
            count += 1;
        }
    }
    (cards, count)
}

/// A payment `paid` with the exchange card `exchange` for `id` on `square`: None unless
/// it uses the card's other currency (§M2: else it is a plain payment).
fn exchange_purchase(
    square: u8,
    id: TileId,
    exchange: CardId,
    paid: &[CardId],
) -> Option<Purchase> {
    let own = square - 1;
    let (mine, theirs): (Vec<CardId>, Vec<CardId>) = paid
        .iter()
        .partition(|&&c| crate::cards::currency_of(c) == own);
    (!theirs.is_empty()).then(|| Purchase {
        square,
        tile: id,
        pay: counts(&mine),
        other: counts(&theirs),
        exchange: exchange - EXCHANGE_FIRST + 1,
        coins: coin_count(&mine) | coin_count(&theirs) << 3,
        builders: builder_count(&mine) | builder_count(&theirs) << 3,
    })
}

/// The chest purchase of `room` paying `paid` (its cards put in `card_order`).
fn buy_chests(room: u8, paid: &[CardId]) -> Action {
    let mut cards = [0u8; treasure::MOST_PAID];
    cards[..paid.len()].copy_from_slice(paid);
    cards[..paid.len()].sort_unstable_by_key(|&c| card_order(c));
    Action::BuyChests {
        room,
        cards,
        n: paid.len() as u8,
    }
}

/// What a hand's cards are worth together.
fn hand_total(hand: &[u8; CARD_KINDS]) -> u32 {
    (0..CARD_KINDS)
        .map(|c| hand[c] as u32 * worth(c as CardId))
        .sum()
}

/// The number of plain cards of each value 1..9 among `cards` (two bits a value; a coin
/// or a master builder counts apart).
fn counts(cards: &[CardId]) -> u32 {
    cards
        .iter()
        .filter(|&&c| !is_coin(c) && !is_master_builder(c))
        .map(|&c| 1u32 << (2 * (worth(c) - 1)))
        .sum()
}

/// The coins among `cards`.
fn coin_count(cards: &[CardId]) -> u8 {
    cards.iter().filter(|&&c| is_coin(c)).count() as u8
}

/// The master builders among `cards`.
fn builder_count(cards: &[CardId]) -> u8 {
    cards.iter().filter(|&&c| is_master_builder(c)).count() as u8
}

/// `minimal_payments` / `minimal_card_payments`: each minimal way to pay `price` with
/// `cards` (in card order: highest value first, equal cards side by side), each multiset
/// once, in the engine's depth-first order (largest cards first). A payment is minimal
/// when it reaches the price and no card could be left out (RULES.md §4).
fn minimal_payments(cards: &[CardId], price: u32, emit: &mut impl FnMut(&[CardId])) {
    let mut suffix = [0u32; 55];
    for i in (0..cards.len()).rev() {
        suffix[i] = suffix[i + 1] + worth(cards[i]);
    }
    struct Search<'a, F> {
        cards: &'a [CardId],
        suffix: &'a [u32],
        price: u32,
        chosen: [CardId; 27],
        emit: &'a mut F,
    }
    impl<F: FnMut(&[CardId])> Search<'_, F> {
        fn extend(&mut self, start: usize, depth: usize, total: u32) {
            let mut previous = None;
            for i in start..self.cards.len() {
                if total + self.suffix[i] < self.price {
                    return;
                }
                if previous == Some(self.cards[i]) {
                    continue; // the same multiset as the branch just explored
                }
                previous = Some(self.cards[i]);
                self.chosen[depth] = self.cards[i];
                let with = total + worth(self.cards[i]);
                if with >= self.price {
                    (self.emit)(&self.chosen[..=depth]);
                } else {
                    self.extend(i + 1, depth + 1, with);
                }
            }
        }
    }
    let mut search = Search {
        cards,
        suffix: &suffix,
        price,
        chosen: [0; 27],
        emit,
    };
    search.extend(0, 0, 0);
}

/// Majority points per competitor in round `round` (RULES.md §8.3): `share_places` per
/// building type, with that type's points for places 1, 2, 3.
pub fn majority_points(counts: &[[u8; 6]], round: usize) -> Vec<u32> {
    let mut points = vec![0u32; counts.len()];
    for kind in 0..6 {
        let values: Vec<u32> = counts.iter().map(|c| c[kind] as u32).collect();
        let paid: Vec<u32> = (1..=round).map(|p| place_points(kind, round, p)).collect();
        for (total, share) in points.iter_mut().zip(share_places(&values, &paid)) {
            *total += share;
        }
    }
    points
}

/// `share_places`: the points of a majority on `values` paying `points` for places 1, 2,
/// ...: a competitor's place is 1 + the number with strictly more; k sharing place p pool
/// the points of places p .. p+k-1 (0 past `points`) and each get the sum // k; nobody
/// with 0 takes a place.
pub fn share_places(values: &[u32], points: &[u32]) -> Vec<u32> {
    let mut result = vec![0; values.len()];
    let mut levels: Vec<u32> = values.iter().copied().filter(|&n| n > 0).collect();
    levels.sort_unstable_by(|a, b| b.cmp(a));
    levels.dedup();
    let mut place = 1;
    for level in levels {
        let sharing: Vec<usize> = (0..values.len()).filter(|&c| values[c] == level).collect();
        let pooled: u32 = (place..place + sharing.len())
            .map(|p| points.get(p - 1).copied().unwrap_or(0))
            .sum();
        for &c in &sharing {
            result[c] = pooled / sharing.len() as u32;
        }
        place += sharing.len();
    }
    result
}

/// The cells of one placement query per wall pattern (four side bits) and camp flag,
/// found on first asking: the tiles of a reserve share a few patterns.
#[derive(Default)]
struct CellsByWalls {
    cells: Vec<(i8, i8)>,
    /// Per pattern and flag, the span of `cells` found for it, once asked.
    spans: [Option<(u16, u16)>; 32],
}

impl CellsByWalls {
    /// The cells for walls `mask` and camp flag `camp`, found by `find` the first time.
    fn get(&mut self, mask: u8, camp: bool, find: impl FnOnce(&mut Vec<(i8, i8)>)) -> &[(i8, i8)] {
        debug_assert!(mask < 16, "walls are four side bits");
        let key = usize::from(mask & 15) | usize::from(camp) << 4;
        let (start, end) = *self.spans[key].get_or_insert_with(|| {
            let start = self.cells.len();
            find(&mut self.cells);
            (start as u16, self.cells.len() as u16)
        });
        &self.cells[start as usize..end as usize]
    }
}
#[cfg(test)]
mod tests {
    use super::*;

    /// Money cards of currency 0 with these values.
    fn denars(values: &[u8]) -> Vec<CardId> {
        values.iter().map(|&v| money(0, v)).collect()
    }

    fn listed(cards: &[CardId], price: u32) -> Vec<Vec<CardId>> {
        let mut found = Vec::new();
        minimal_payments(cards, price, &mut |paid| found.push(paid.to_vec()));
        found
    }

    #[test]
    fn minimal_payments_as_the_engine_lists_them() {
        // payments.minimal_payments((6, 5, 3, 2), 8) == ((6, 5), (6, 3), (6, 2), (5, 3))
        let expected: Vec<Vec<CardId>> = [[6, 5], [6, 3], [6, 2], [5, 3]]
            .iter()
            .map(|v| denars(v))
            .collect();
        assert_eq!(listed(&denars(&[6, 5, 3, 2]), 8), expected);
        assert_eq!(listed(&denars(&[4, 4, 4]), 8).len(), 1);
        // two currencies (an exchange payment): equal values of two currencies differ
        let mixed = [money(0, 4), money(1, 4), money(1, 4)];
        assert_eq!(
            listed(&mixed, 8),
            vec![
                vec![money(0, 4), money(1, 4)],
                vec![money(1, 4), money(1, 4)]
            ]
        );
    }

    /// Slow check of the payment search: every subset of a hand of two currencies, kept
    /// when it reaches the price and no card could be left out (RULES.md §4), each
    /// multiset once.
    #[test]
    fn minimal_payments_by_the_definition() {
        let mut rng = Mt::from_seed(5);
        for _ in 0..300 {
            let mut cards: Vec<CardId> = (0..rng.randbelow(10))
                .map(|_| money(rng.randbelow(2) as u8, rng.randbelow(9) as u8 + 1))
                .collect();
            cards.sort_unstable_by_key(|&c| card_order(c));
            let price = rng.randbelow(14) as u32 + 1;
            let fast = listed(&cards, price);
            let mut slow: Vec<Vec<CardId>> = Vec::new();
            for subset in 0u32..(1 << cards.len()) {
                let chosen: Vec<CardId> = (0..cards.len())
                    .filter(|i| subset >> i & 1 == 1)
                    .map(|i| cards[i])
                    .collect();
                let total: u32 = chosen.iter().map(|&c| worth(c)).sum();
                let minimal = chosen.iter().all(|&c| total - worth(c) < price);
                if total >= price && minimal && !slow.contains(&chosen) {
                    slow.push(chosen);
                }
            }
            let (mut a, mut b) = (fast.clone(), slow);
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(a, b, "cards {cards:?}, price {price}");
            a.dedup();
            assert_eq!(fast.len(), a.len(), "each payment once");
        }
    }

    /// Slow check of the take choices: every subset of the display, one card or several
    /// totalling at most 5 (RULES.md §4a), each multiset once, fewer cards first.
    #[test]
    fn take_choices_by_the_definition() {
        let mut game = Game::new(3, 8, false).unwrap();
        let mut rng = Mt::from_seed(9);
        for _ in 0..300 {
            let cards: Vec<CardId> = (0..rng.randbelow(5))
                .map(|_| rng.randbelow(MONEY_KINDS) as u8)
                .collect();
            game.display = Stack::from_slice(&cards).unwrap();
            let mut fast = Vec::new();
            game.takes(&mut fast);
            let mut slow: Vec<Vec<u8>> = Vec::new();
            for subset in 1u32..(1 << cards.len()) {
                let mut chosen: Vec<u8> = (0..cards.len())
                    .filter(|i| subset >> i & 1 == 1)
                    .map(|i| card_order(cards[i]))
                    .collect();
                chosen.sort_unstable();
                let total: u32 = chosen.iter().map(|&k| worth(card_of_order(k))).sum();
                if (chosen.len() == 1 || total <= 5) && !slow.contains(&chosen) {
                    slow.push(chosen);
                }
            }
            slow.sort_by_key(|c| (c.len(), c.clone()));
            let fast: Vec<Vec<u8>> = fast
                .iter()
                .map(|a| match a {
                    Action::Take { cards, n } => cards[..*n as usize]
                        .iter()
                        .map(|&c| card_order(c))
                        .collect(),
                    _ => unreachable!(),
                })
                .collect();
            assert_eq!(fast, slow, "display {cards:?}");
        }
    }

    #[test]
    fn the_wise_mans_half_breaks_a_tie() {
        // two players with a tower each: alone second, the half makes its owner first
        let mut a = [0u8; 6];
        a[5] = 2;
        let mut b = a;
        b[5] += 1;
        let first = place_points(5, 1, 1);
        assert_eq!(majority_points(&[a, a], 1), vec![first / 2, first / 2]);
        assert_eq!(majority_points(&[b, a], 1), vec![first, 0]);
    }

    #[test]
    fn ties_pool_the_places() {
        // RULES.md §8.3, example 2: A and B tie for first in towers in round 2.
        let mut a = [0u8; 6];
        a[5] = 4;
        let mut c = [0u8; 6];
        c[5] = 2;
        assert_eq!(majority_points(&[a, a, c], 2), vec![9, 9, 0]);
        // the chests' majority (§M13.4): places past the points pay 0
        assert_eq!(
            share_places(&[3, 3, 1, 0], &[22, 14, 7]),
            vec![18, 18, 7, 0]
        );
        assert_eq!(share_places(&[2, 2, 2], &[14, 7]), vec![7, 7, 7]);
        assert_eq!(share_places(&[0, 0], &[7]), vec![0, 0]);
    }

    /// Every module the core holds (the empty places in `CORE_MODULES` aside).
    fn every_module() -> u16 {
        u16::MAX >> (16 - CORE_MODULES.len())
    }

    #[test]
    fn a_random_action_is_the_listed_action_of_the_same_index() {
        // treasure alone and with every module: each position's listing against the
        // count-and-find draw, index by index, and the draw itself; in half the games
        // the players mostly take money (the first take listed) for big hands, hundreds of
        // payments a room
        let every = every_module();
        let (mut legal, mut part) = (Vec::new(), Vec::new());
        let (mut chest_positions, mut most) = (0, 0);
        for seed in 0..24u128 {
            let modules = if seed % 2 == 0 { TREASURE } else { every };
            let mut game =
                Game::with_modules(2 + (seed as usize % 5), seed, seed % 3 == 0, modules).unwrap();
            let mut choice = Mt::from_seed(seed + 7);
            let hoarding = seed % 4 < 2;
            while !game.is_over() {
                game.legal_actions(&mut legal);
                let unlisted = game.list_actions(&mut part, false);
                assert_eq!(part.len() + unlisted.count, legal.len());
                chest_positions += usize::from(unlisted.count > 0);
                most = most.max(unlisted.count);
                // every index of a short list; of a long one about 100, the run's ends too
                let step = legal.len() / 100 + 1;
                let ends = [unlisted.at, unlisted.at + unlisted.count, legal.len()];
                for k in (0..legal.len())
                    .filter(|k| k % step == 0 || ends.contains(k) || ends.contains(&(k + 1)))
                {
                    assert_eq!(game.nth_action(k, unlisted, &part), legal[k], "seed {seed}");
                }
                let mut listing = choice.clone();
                let drawn = game.random_action(&mut choice, &mut part);
                assert_eq!(drawn, legal[listing.randbelow(legal.len())]);
                let take = legal.iter().find(|a| matches!(a, Action::Take { .. }));
                match take {
                    Some(&take) if hoarding && choice.randbelow(8) > 0 => {
                        game.apply_unchecked(take)
                    }
                    _ => game.apply_unchecked(drawn),
                }
            }
        }
        assert!(
            chest_positions > 100 && most > 1000,
            "{chest_positions} {most}"
        );
    }

    #[test]
    fn the_window_finds_an_exact_purchase_where_the_buys_list_one() {
        // at every position of random games, for every seat: the check without listing
        // against the listed buys paid exactly (exchange cards, diamonds, coins and master
        // builders among them)
        let mixes = [
            every_module(),
            VIZIER | EXCHANGE | DIAMONDS,
            VIZIER | CHANGE | MASTER_BUILDERS | EXCHANGE,
        ];
        let (mut legal, mut buys) = (Vec::new(), Vec::new());
        let mut found = [0usize; 2];
        for seed in 0..36u128 {
            let modules = mixes[seed as usize % mixes.len()];
            let mut game =
                Game::with_modules(2 + (seed as usize % 5), seed, seed % 2 == 0, modules).unwrap();
            let mut choice = Mt::from_seed(seed);
            while !game.is_over() {
                for seat in 0..game.n {
                    buys.clear();
                    game.buys(seat, &mut buys);
                    let listed = buys
                        .iter()
                        .any(|a| matches!(a, Action::Buy(p) if p.exact()));
                    assert_eq!(game.any_exact_purchase(seat), listed, "seed {seed}");
                    found[usize::from(listed)] += 1;
                }
                game.legal_actions(&mut legal);
                game.apply_unchecked(legal[choice.randbelow(legal.len())]);
            }
        }
        assert!(found[0] > 1000 && found[1] > 1000, "{found:?}");
    }

    #[test]
    fn the_stuck_cells_kept_are_those_found_anew() {
        // every Alhambra at every position of random games with every module (camps,
        // gates, walls' sticks, master builders' redesigns, invaders): the cells kept
        // since the turn began against those of the Alhambra as it is
        let mut legal = Vec::new();
        let mut kept = 0;
        for seed in 0..24u128 {
            let mut game =
                Game::with_modules(2 + (seed as usize % 5), seed, seed % 2 == 0, every_module())
                    .unwrap();
            let mut choice = Mt::from_seed(seed);
            while !game.is_over() {
                for board in &game.boards[..game.players()] {
                    assert_eq!(board.stuck_cells(), board.find_stuck_cells(), "seed {seed}");
                    kept += usize::from(board.stuck.is_some());
                }
                game.legal_actions(&mut legal);
                game.apply_unchecked(legal[choice.randbelow(legal.len())]);
            }
        }
        assert!(kept > 1000, "{kept}");
    }

    #[test]
    fn random_games_end_and_conserve_every_tile_and_card() {
        let every = every_module();
        for seed in 0..192u128 {
            let players = 2 + (seed as usize % 5);
            let modules = [
                0,
                EXCHANGE,
                DIAMONDS,
                BONUS_CARDS,
                CHANGE,
                SQUARES,
                VIZIER,
                THIEVES,
                VIZIER | THIEVES,
                every,
                GATES,
                GATES | EXCHANGE,
                CAMPS,
                CAMPS | GATES | SQUARES,
                MASTER_BUILDERS,
                MASTER_BUILDERS | GATES | THIEVES | EXCHANGE | CHANGE,
                INVADERS,
                INVADERS | VIZIER | CAMPS | SQUARES,
                BAZAARS,
                BAZAARS | EXCHANGE | MASTER_BUILDERS | CHANGE | VIZIER,
                BAZAARS | CAMPS | SQUARES | GATES | THIEVES,
                CITY_WALLS,
                CITY_WALLS | GATES | CAMPS | SQUARES | BAZAARS | INVADERS,
                CITY_WALLS | MASTER_BUILDERS | VIZIER | EXCHANGE,
                CHARACTERS,
                CHARACTERS | THIEVES | VIZIER | CHANGE | DIAMONDS | MASTER_BUILDERS,
                STREET_MERCHANT,
                STREET_MERCHANT | VIZIER | THIEVES | MASTER_BUILDERS | GATES,
                STREET_MERCHANT | SQUARES | CAMPS | CITY_WALLS | BAZAARS,
                TREASURE,
                TREASURE | DIAMONDS | CHANGE | MASTER_BUILDERS | EXCHANGE,
                TREASURE | CITY_WALLS | INVADERS | GATES | VIZIER | BONUS_CARDS,
            ][seed as usize % 32];
            let options = if seed % 4 == 1 {
                THIEF_NOT_BY_FINISHER
            } else {
                0
            } | if seed % 5 == 1 { GATES_ALL_SIX } else { 0 }
                | if seed % 2 == 1 {
                    BAZAARS_DISTRIBUTED | WALLS_PILES_2_TO_4 | MERCHANT_FINAL_ONLY
                } else {
                    0
                };
            let options = options | if seed % 3 == 2 { EXPERIMENTAL } else { 0 };
            let options = options
                & if modules & CHARACTERS != 0 {
                    !0
                } else {
                    !EXPERIMENTAL
                }
                & if modules & THIEVES != 0 {
                    !0
                } else {
                    !THIEF_NOT_BY_FINISHER
                }
                & if modules & GATES != 0 {
                    !0
                } else {
                    !GATES_ALL_SIX
                }
                & if modules & BAZAARS != 0 {
                    !0
                } else {
                    !BAZAARS_DISTRIBUTED
                }
                & if modules & CITY_WALLS != 0 {
                    !0
                } else {
                    !WALLS_PILES_2_TO_4
                }
                & if modules & STREET_MERCHANT != 0 {
                    !0
                } else {
                    !MERCHANT_FINAL_ONLY
                };
            let mut game =
                Game::with_options(players, seed, seed % 3 == 0, modules, options).unwrap();
            let mut legal = Vec::new();
            let mut choice = Mt::from_seed(seed + 1000);
            let mut steps = 0;
            while !game.is_over() {
                game.legal_actions(&mut legal);
                assert!(!legal.is_empty());
                let action = legal[choice.randbelow(legal.len())];
                game.apply_unchecked(action);
                steps += 1;
                assert!(steps < 5000);
                // the census a save's reader applies: every component once, where it may be
                if let Err(e) = crate::save::check_components(&game) {
                    panic!("seed {seed}, after {action:?}: {e:?}");
                }
            }
            assert!(!game.winners().is_empty());
        }
    }
}
