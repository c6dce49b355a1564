//! The strategic bots' one-step valuation (`alhambra_lib/bots/strategic.py`) in the core:
//! for the base game, Dirk and every Mega Box module, the same features, weights and
//! arithmetic, so that the legal actions come out ranked as `StrategicBot.ranked` ranks
//! them, float for float.
//!
//! For every legal action the valuation works out how it changes a few features of the
//! deciding player's position (what that player's view shows: the public state and their
//! own hand) and sums each change times its weight, in the order of `FEATURES`. Walls
//! and majorities count the next scoring round fully and each later one at `future`
//! times its value; a tile bought is judged on its best cell now (`best_spot`), or on the
//! reserve. Ties go to the first action in the canonical order.
//!
//! The modules (`module_values` holds what their tiles and rules are worth): the majority
//! counts include the huts' bonus (M4); a hut, bazaar or camp is judged on its best cell
//! with what it scores there by itself; exchange cards, coins and master builders count
//! in the buying power; the chests' majority (M13) of a room bought. The actions of a
//! kind the bots do not judge (a wall card's sticks, a master builder played, the money
//! swap) are left out and ranked last; the Wise Man's type and the street merchant's
//! decisions go to a rule's pick, the others after it in canonical order.

use super::module_values::{
    bazaar_points_at, camp_gain_at, chest_counts, chest_handout, chest_places, closed_sides,
    dirk_counts, frontier, hut_bonus_at, merchant_choice, module_counts, wise_man_pick,
};
use crate::board::{Board, STEP};
use crate::cards::{
    coin, is_bazaar, is_camp, is_hut, master_builder, money, place_points, tile, worth, CardId,
    TileId, CARD_KINDS, EXCHANGE_FIRST,
};
use crate::game::{Action, Game, Move, Purchase, Refusal, SQUARES};
use std::cell::RefCell;
use std::collections::HashMap;

/// The features, in the order `strategic.FEATURES` lists them (the score's sum order).
pub const FEATURES: [&str; 12] = [
    "wall",
    "first_place",
    "lower_place",
    "tile",
    "exact_payment",
    "money",
    "buying_power",
    "reserve",
    "compact",
    "vizier",
    "module_points",
    "blocked",
];
const WALL: usize = 0;
const FIRST: usize = 1;
const LOWER: usize = 2;
const TILE: usize = 3;
const EXACT: usize = 4;
const MONEY: usize = 5;
const POWER: usize = 6;
const RESERVE: usize = 7;
const COMPACT: usize = 8;
const VIZIER: usize = 9;
const MODULE_POINTS: usize = 10;
const BLOCKED: usize = 11;
/// The features that are costs (subtracted): `reserve` and `blocked`.
const COSTS: [usize; 2] = [RESERVE, BLOCKED];

/// The weights of the valuation (`strategic.Weights`): one per feature, then `future`,
/// the discount of the scoring rounds after the next one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// In `FEATURES` order.
    pub features: [f64; 12],
    pub future: f64,
}

impl Default for Weights {
    /// `Weights()`: the `BalancedBot`'s.
    fn default() -> Weights {
        Weights {
            features: [1.0, 1.0, 1.0, 1.0, 3.0, 0.2, 1.0, 1.0, 0.2, 2.0, 1.0, 0.5],
            future: 0.5,
        }
    }
}

impl Weights {
    /// The preset of a registry name: `wall` (`WallBuilder`), `majority`
    /// (`MajorityHunter`), `balanced` (`BalancedBot`).
    pub fn preset(name: &str) -> Option<Weights> {
        let mut weights = Weights::default();
        let f = &mut weights.features;
        match name {
            "wall" => [f[WALL], f[FIRST], f[LOWER], f[COMPACT]] = [3.0, 0.6, 0.4, 0.1],
            "majority" => [f[WALL], f[FIRST], f[LOWER], f[TILE]] = [0.1, 1.6, 0.8, 1.5],
            "balanced" => {}
            _ => return None,
        }
        Some(weights)
    }

    /// The weights of `values`: the 13 fields of `strategic.Weights` in its order (the
    /// features, then `future`), each finite.
    pub fn from_values(values: &[f64]) -> Result<Weights, Refusal> {
        if values.len() != FEATURES.len() + 1 || values.iter().any(|v| !v.is_finite()) {
            return Err(Refusal::Invalid(format!(
                "weights: {} finite numbers (the features, then future), got {values:?}",
                FEATURES.len() + 1
            )));
        }
        let mut features = [0.0; 12];
        features.copy_from_slice(&values[..12]);
        Ok(Weights {
            features,
            future: values[12],
        })
    }

    /// Each feature's weight, negative for a cost (`_signed_weights`).
    fn signed(&self) -> [f64; 12] {
        let mut signed = self.features;
        for cost in COSTS {
            signed[cost] = -signed[cost];
        }
        signed
    }
}

/// What an action changes, per feature in `FEATURES` order.
pub type Changes = [f64; 12];

/// The score of `changes` (`_weighted`): each change times its signed weight, summed in
/// `FEATURES` order.
fn weighted(signed: &[f64; 12], changes: &Changes) -> f64 {
    signed
        .iter()
        .zip(changes)
        .fold(0.0, |sum, (w, c)| sum + w * c)
}

/// The legal actions of the decision on top, best first (`StrategicBot.ranked`): by
/// The legal actions of the decision on top, best first (`StrategicBot.ranked`): by
/// score, the first in canonical order on a tie, the kinds the bots do not judge last in
/// canonical order; a rule's pick first where a rule decides (the Wise Man's type, the
/// street merchant). A finished game is refused as `Illegal`.
pub fn ranked(game: &Game, weights: &Weights) -> Result<Vec<Action>, Refusal> {
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    ranked_among(game, weights, legal)
}

/// Whether the valuation judges actions of `action`'s kind (`_HANDLERS`): every kind but
/// a wall card's sticks (M9), a master builder played (M14), the money swap and the
/// Wise Man's type (M7, a rule's); the search weighs the best of each of those.
pub(crate) fn judged(action: &Action) -> bool {
    !matches!(
        action,
        Action::BuildWall { .. }
            | Action::PlayMasterBuilder { .. }
            | Action::SwapCard { .. }
            | Action::ChooseWiseMan { .. }
    )
}

/// The street merchant's actions (M12), all decided by `merchant_choice`.
fn is_merchant(action: &Action) -> bool {
    matches!(
        action,
        Action::SetMerchant { .. }
            | Action::TakeCitizen { .. }
            | Action::SwapCitizen { .. }
            | Action::KeepCitizens
            | Action::PlaceMerchant { .. }
    )
}

/// The action a rule picks instead of the valuation (`StrategicBot._ordered`): the Wise
/// Man's type (M7); the first action when the bots judge none of them; the street
/// merchant's choice (M12). None when the valuation ranks the judged actions.
fn rule_pick(game: &Game, seat: usize, legal: &[Action]) -> Option<Action> {
    let first = *legal.first()?;
    if matches!(first, Action::ChooseWiseMan { .. }) {
        return Some(wise_man_pick(game, seat, legal));
    }
    let known: Vec<Action> = legal.iter().copied().filter(judged).collect();
    match known.first() {
        None => Some(first),
        Some(action) if is_merchant(action) => Some(merchant_choice(game, seat, &known)),
        Some(_) => None,
    }
}

/// The seat deciding now, or `Illegal` when the game is over.
fn deciding(game: &Game) -> Result<usize, Refusal> {
    game.decision()
        .map(|d| d.player as usize)
        .ok_or_else(|| Refusal::Illegal("the game is over: no decision".into()))
}

/// `ranked` on the legal actions `legal` of `game`, listed already.
pub fn ranked_among(
    game: &Game,
    weights: &Weights,
    legal: Vec<Action>,
) -> Result<Vec<Action>, Refusal> {
    let seat = deciding(game)?;
    if let Some(pick) = rule_pick(game, seat, &legal) {
        let at = legal.iter().position(|a| *a == pick).unwrap_or(0);
        let mut ranked = Vec::with_capacity(legal.len());
        ranked.push(pick);
        ranked.extend(
            legal
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != at)
                .map(|(_, a)| *a),
        );
        return Ok(ranked);
    }
    let position = Position::new(game, weights)?;
    let signed = weights.signed();
    let (judged_ones, rest): (Vec<Action>, Vec<Action>) = legal.into_iter().partition(judged);
    let mut scored: Vec<(f64, Action)> = judged_ones
        .into_iter()
        .map(|a| (weighted(&signed, &position.changes(&a)), a))
        .collect();
    // A stable sort: equal scores keep the canonical order.
    scored.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap_or(std::cmp::Ordering::Equal));
    Ok(scored.into_iter().map(|(_, a)| a).chain(rest).collect())
}

/// The best legal action (`StrategicBot.choose`): `ranked`'s first.
pub fn choose(game: &Game, weights: &Weights, legal: &[Action]) -> Result<Action, Refusal> {
    choose_with(game, weights, legal, Probes::new()).map(|(action, _)| action)
}

/// A change of a layout: the cell whose tile is taken away, and the tile added with its
/// walls (City Walls' sticks included) and cell (both for an exchange, neither for the
/// layout as it is).
type Probe = (Option<(i8, i8)>, Option<(TileId, u8, i8, i8)>);
/// The wall lengths of a layout's changes probed so far.
type Probes = HashMap<Probe, u32>;

/// `choose`, given the wall probes known of the player's layout, and returning them with
/// those made.
fn choose_with(
    game: &Game,
    weights: &Weights,
    legal: &[Action],
    probes: Probes,
) -> Result<(Action, Probes), Refusal> {
    let seat = deciding(game)?;
    if let Some(pick) = rule_pick(game, seat, legal) {
        return Ok((pick, probes));
    }
    let mut position = Position::new(game, weights)?;
    position.probes = RefCell::new(probes);
    let signed = weights.signed();
    let mut best: Option<(f64, Action)> = None;
    for &action in legal.iter().filter(|a| judged(a)) {
        let score = weighted(&signed, &position.changes(&action));
        if best.is_none_or(|(b, _)| score > b) {
            best = Some((score, action));
        }
    }
    let (_, action) =
        best.ok_or_else(|| Refusal::Illegal("no legal action to choose from".into()))?;
    Ok((action, position.probes.into_inner()))
}

/// Play `game` on, each seat choosing its action by its own weights (`seats`, one per
/// player in seat order), until the game is over or its turn passes `until_turn`
/// (`SearchBot._roll_out`). Returns the number of actions played. Refused before any
/// action as `Invalid` without a policy per seat.
pub fn roll_out(
    game: &mut Game,
    seats: &[Weights],
    until_turn: Option<u32>,
) -> Result<u64, Refusal> {
    if seats.len() != game.players() {
        return Err(Refusal::Invalid(format!(
            "a rollout needs a policy per player: {} for {} players",
            seats.len(),
            game.players()
        )));
    }
    let mut legal = Vec::with_capacity(256);
    let mut played = 0u64;
    // Each player's layout with its wall probes: a layout changes only when its owner
    // builds, and the same tiles are judged on it decision after decision.
    let mut known: Vec<(Board, Probes)> = (0..game.players())
        .map(|seat| (*game.board(seat), Probes::new()))
        .collect();
    while let Some(decision) = game.decision() {
        if until_turn.is_some_and(|until| game.turn > until) {
            break;
        }
        game.legal_actions(&mut legal);
        let seat = decision.player as usize;
        let (board, probes) = &mut known[seat];
        if board.cells() != game.board(seat).cells() {
            *board = *game.board(seat);
            probes.clear();
        }
        let (action, kept) = choose_with(game, &seats[seat], &legal, std::mem::take(probes))?;
        *probes = kept;
        game.apply_unchecked(action);
        played += 1;
    }
    Ok(played)
}

/// `{feature: change}` of `action` for the player deciding (`StrategicBot.features`).
pub fn features(game: &Game, weights: &Weights, action: &Action) -> Result<Changes, Refusal> {
    Ok(Position::new(game, weights)?.changes(action))
}

/// (first-place points, lower-place points) of a competitor with `mine` tiles of type
/// `kind` in round `round_no` against `others` (`_kind_points`, RULES.md §8.3): a place
/// is 1 + the number with strictly more; k sharing it pool the points of their places
/// and each get the sum // k; nobody with none takes a place.
pub(super) fn kind_points(kind: usize, round_no: usize, mine: i32, others: &[i32]) -> (u32, u32) {
    if mine <= 0 {
        return (0, 0);
    }
    let place = 1 + others.iter().filter(|&&n| n > mine).count();
    let sharing = 1 + others.iter().filter(|&&n| n == mine).count();
    let pooled: u32 = (place..place + sharing)
        .map(|p| place_points(kind, round_no, p))
        .sum();
    let points = pooled / sharing as u32;
    if place == 1 {
        (points, 0)
    } else {
        (0, points)
    }
}

/// The totals some of the cards `hand` (a count per card) pays exactly in `currency`
/// (`currency_sums`): its money (coins and master builders too) alone, or with that of a
/// second currency an exchange card in the hand joins to it (§M2); as bits (the prices
/// are far below 128, and a sum's high bits never reach back to the low ones).
fn currency_sums(hand: &[i32; CARD_KINDS], currency: u8) -> u128 {
    let mut sums = exact_sums(hand, &[currency]);
    for (k, &(a, b)) in crate::cards::EXCHANGE_PAIRS.iter().enumerate() {
        if hand[EXCHANGE_FIRST as usize + k] > 0 && (a == currency || b == currency) {
            sums |= exact_sums(hand, &[a, b]);
        }
    }
    sums
}

/// The totals some of the money of `currencies` in `hand` reaches exactly (`exact_sums`).
fn exact_sums(hand: &[i32; CARD_KINDS], currencies: &[u8]) -> u128 {
    let mut reach: u128 = 1;
    let mut add = |card: CardId, value: u8| {
        for _ in 0..hand[card as usize].max(0) {
            reach |= reach << value;
        }
    };
    for &currency in currencies {
        for value in 1..=9u8 {
            add(money(currency, value), value);
        }
        add(coin(currency), 1);
        add(master_builder(currency), 3);
    }
    reach
}

/// A tile's changes of the features a module tile scores by itself on a cell
/// (`_module_tile`): `(feature, change)` in the order Python lists them.
#[derive(Clone, Copy, Default)]
struct Extras {
    items: [(usize, f64); 2],
    n: usize,
}

impl Extras {
    fn of(items: &[(usize, f64)]) -> Extras {
        let mut extras = Extras::default();
        extras.items[..items.len()].copy_from_slice(items);
        extras.n = items.len();
        extras
    }

    fn iter(&self) -> impl Iterator<Item = &(usize, f64)> {
        self.items[..self.n].iter()
    }
}

/// A tile and its walls (City Walls' sticks included, §M9).
type Held = (TileId, u8);

/// The best cell for a tile: its wall change, its sides shared with built cells, and
/// what a module tile scores there by itself.
#[derive(Clone, Copy)]
struct Spot {
    wall: i32,
    compact: i32,
    extras: Extras,
}

/// The deciding player's position, and what each action changes in it (`_Position`).
struct Position<'g> {
    game: &'g Game,
    weights: Weights,
    me: usize,
    /// The scoring rounds to come with their discounts, and their sum.
    rounds: Vec<(usize, f64)>,
    round_weight: f64,
    board: Board,
    /// The player's counts per type (the huts' bonus in), the tiles bought this turn
    /// included.
    counts: [i32; 6],
    /// The other competitors' counts, in seat order, Dirk last.
    rivals: Vec<[i32; 6]>,
    dirk: Option<usize>,
    /// The player's cards, a count per card.
    hand: [i32; CARD_KINDS],
    power_now: i32,
    /// Whether huts may close every cell of an Alhambra to buildings (M4).
    may_wall_in: bool,
    /// The best spots found, by tile: a tile is bought with many payments.
    spots: RefCell<Vec<(TileId, Option<Spot>)>>,
    /// A bazaar's reserve worth and a room's chest majority, once per decision.
    bazaar_reserve: RefCell<Vec<(TileId, f64)>>,
    chests: RefCell<Vec<(u8, (f64, f64))>>,
    /// The wall lengths of the layout's changes probed so far.
    probes: RefCell<Probes>,
}

impl<'g> Position<'g> {
    fn new(game: &'g Game, weights: &Weights) -> Result<Position<'g>, Refusal> {
        let me = deciding(game)?;
        let rounds: Vec<(usize, f64)> = (1..=3u8)
            .filter(|r| !game.scored.as_slice().contains(r))
            .enumerate()
            .map(|(i, r)| (r as usize, if i == 0 { 1.0 } else { weights.future }))
            .collect();
        let round_weight = rounds.iter().fold(0.0, |sum, (_, d)| sum + d);
        let mut counts = module_counts(game, me);
        for &id in game.to_place.as_slice() {
            if tile(id).is_building() {
                counts[tile(id).kind as usize] += 1;
            }
        }
        let mut rivals: Vec<[i32; 6]> = (0..game.players())
            .filter(|&p| p != me)
            .map(|p| module_counts(game, p))
            .collect();
        let dirk = game.has_dirk().then_some(rivals.len());
        if dirk.is_some() {
            rivals.push(dirk_counts(game));
        }
        let hand = game.hands[me].map(i32::from);
        let mut position = Position {
            game,
            weights: *weights,
            me,
            rounds,
            round_weight,
            board: *game.board(me),
            counts,
            rivals,
            dirk,
            hand,
            power_now: 0,
            // `_WALLING_MODULES` among the view's modules: the camps have no section
            // there, so only the huts count
            may_wall_in: game.has(SQUARES),
            spots: RefCell::new(Vec::with_capacity(4)),
            bazaar_reserve: RefCell::new(Vec::new()),
            chests: RefCell::new(Vec::new()),
            probes: RefCell::new(Probes::new()),
        };
        position.power_now = position.square_count(&position.hand, None);
        Ok(position)
    }

    // -- features of the position

    /// (first, lower) points in `kind` over the rounds to come, discounted (`_majority`).
    fn majority(&self, kind: usize, mine: i32, dirk_extra: i32) -> (f64, f64) {
        let mut others: Vec<i32> = self.rivals.iter().map(|c| c[kind]).collect();
        if let Some(dirk) = self.dirk {
            others[dirk] += dirk_extra;
        }
        let (mut first, mut lower) = (0.0, 0.0);
        for &(round_no, discount) in &self.rounds {
            let (f, low) = kind_points(kind, round_no, mine, &others);
            first += discount * f as f64;
            lower += discount * low as f64;
        }
        (first, lower)
    }

    /// How (first, lower) change with `mine_delta` more tiles of `tile_id`'s type for
    /// the player and `dirk_delta` more for Dirk (`_majority_change`); none for a tile
    /// that is no building.
    fn majority_change(&self, tile_id: TileId, mine_delta: i32, dirk_delta: i32) -> (f64, f64) {
        let t = tile(tile_id);
        if !t.is_building() {
            return (0.0, 0.0);
        }
        self.kind_change(t.kind as usize, mine_delta, dirk_delta)
    }

    /// `majority_change` of the type `kind` (a hut's colour too).
    fn kind_change(&self, kind: usize, mine_delta: i32, dirk_delta: i32) -> (f64, f64) {
        let mine = self.counts[kind];
        let (first0, lower0) = self.majority(kind, mine, 0);
        let (first1, lower1) = self.majority(kind, mine + mine_delta, dirk_delta);
        (first1 - first0, lower1 - lower0)
    }

    /// How many market squares `hand` pays exactly, the square `emptied` (1-4) left out
    /// (`exact_square_count`).
    fn square_count(&self, hand: &[i32; CARD_KINDS], emptied: Option<u8>) -> i32 {
        let mut count = 0;
        for (n, &id) in self.game.market.iter().enumerate() {
            let square = n as u8 + 1;
            if id == crate::game::EMPTY || emptied == Some(square) {
                continue;
            }
            count += (currency_sums(hand, n as u8) >> tile(id).price & 1) as i32;
        }
        count
    }

    /// How the buying power changes with `cards` added to the hand (`sign` 1) or paid
    /// from it (-1), and the tile of `emptied` gone (`_buying_power_change`).
    fn power_change(&self, cards: &[CardId], sign: i32, emptied: Option<u8>) -> i32 {
        let mut hand = self.hand;
        for &card in cards {
            hand[card as usize] += sign;
        }
        self.square_count(&hand, emptied) - self.power_now
    }

    /// The wall length after the tile on `remove` is taken away and/or `add` is built,
    /// less the length now (`_LayoutFacts.wall_change`).
    fn wall_change(&self, remove: Option<(i8, i8)>, add: Option<(TileId, i8, i8)>) -> i32 {
        let add = add.map(|(id, x, y)| (id, self.game.mask_of(id), x, y));
        self.wall_length((remove, add)) as i32 - self.wall_length((None, None)) as i32
    }

    /// The wall length of the layout changed by `probe`, measured once per layout.
    fn wall_length(&self, probe: Probe) -> u32 {
        if let Some(&length) = self.probes.borrow().get(&probe) {
            return length;
        }
        let mut board = self.board;
        match probe {
            (Some((x, y)), Some((id, walls, ..))) => {
                board.replace_with_walls(x, y, id, walls);
            }
            (Some((x, y)), None) => {
                board.take(x, y);
            }
            (None, Some((id, walls, x, y))) => board.build_with_walls(x, y, id, walls),
            (None, None) => {}
        }
        // camps as plain tiles, as `_LayoutFacts`' wall graph measures them
        let length = crate::walls::longest_wall_camps_as_tiles(&board);
        self.probes.borrow_mut().insert(probe, length);
        length
    }

    /// Built cells beside (x, y) (`_neighbours`).
    fn neighbours(&self, x: i8, y: i8) -> i32 {
        STEP.iter()
            .filter(|(dx, dy)| self.board.at(x + dx, y + dy).is_some())
            .count() as i32
    }

    /// The best cell for `id` now (`_best_spot`), found once per tile.
    fn best_spot(&self, id: TileId) -> Option<Spot> {
        if let Some(&(_, spot)) = self.spots.borrow().iter().find(|(t, _)| *t == id) {
            return spot;
        }
        let spot = self.find_spot(id);
        self.spots.borrow_mut().push((id, spot));
        spot
    }

    /// The best cell for `id` now (`_find_spot`): the highest wall and compactness
    /// worth, with what a module tile scores there by itself at its unsigned weights;
    /// the first in cell order on a tie; None when no cell takes it.
    fn find_spot(&self, id: TileId) -> Option<Spot> {
        let w = &self.weights.features;
        let mut cells = Vec::new();
        let camp = is_camp(id);
        self.board
            .planes()
            .placeable(self.game.mask_of(id), camp, &mut cells);
        let mut best: Option<(f64, Spot)> = None;
        for (x, y) in cells {
            let wall = self.wall_change(None, Some((id, x, y)));
            let compact = self.neighbours(x, y);
            let mut value = w[WALL] * wall as f64 * self.round_weight + w[COMPACT] * compact as f64;
            let extras = self.module_tile(self.held(id), (x, y), &self.board, 1);
            if !tile(id).is_building() {
                value += extras.iter().fold(0.0, |sum, &(f, v)| sum + w[f] * v);
            }
            if best.is_none_or(|(b, _)| value > b) {
                best = Some((
                    value,
                    Spot {
                        wall,
                        compact,
                        extras,
                    },
                ));
            }
        }
        best.map(|(_, spot)| spot)
    }

    /// A tile with its walls, City Walls' sticks included.
    fn held(&self, id: TileId) -> Held {
        (id, self.game.mask_of(id))
    }

    /// What a hut, bazaar or camp `held` (a tile and its walls) on the empty (x, y) of `board`
    /// brings by itself (`_module_tile`): a hut's majority points, a bazaar's n x k, a
    /// camp's line points over the rounds to come and the cells it closes (`sign` -1:
    /// the tile taken away, `board` without it). Nothing for a building.
    fn module_tile(&self, held: Held, (x, y): (i8, i8), board: &Board, sign: i32) -> Extras {
        let (id, walls) = held;
        if is_hut(id) {
            let bonus = hut_bonus_at(board, x, y, id, walls);
            if bonus == 0 {
                return Extras::default();
            }
            let (first, lower) = self.kind_change(tile(id).mark as usize, sign * bonus, 0);
            Extras::of(&[(FIRST, first), (LOWER, lower)])
        } else if is_bazaar(id) {
            let points = sign * bazaar_points_at(board, x, y, id);
            Extras::of(&[(MODULE_POINTS, points as f64)])
        } else if is_camp(id) {
            let gain = sign * camp_gain_at(board, x, y, id, walls);
            let closed = sign * closed_sides(board, x, y, walls);
            Extras::of(&[
                (MODULE_POINTS, gain as f64 * self.round_weight),
                (BLOCKED, closed as f64),
            ])
        } else {
            Extras::default()
        }
    }

    /// Add `module_tile`'s changes to `change` (`_module_change`).
    fn module_change(
        &self,
        held: Held,
        cell: (i8, i8),
        board: &Board,
        sign: i32,
        change: &mut Changes,
    ) {
        for &(feature, value) in self.module_tile(held, cell, board, sign).iter() {
            change[feature] += value;
        }
    }

    // -- what an action changes

    fn changes(&self, action: &Action) -> Changes {
        let mut change = [0.0; 12];
        match *action {
            Action::Take { cards, n } => self.take(&cards[..n as usize], &mut change),
            Action::Steal { card } => self.take(&[card], &mut change),
            Action::Buy(purchase) => self.buy(&purchase, &mut change),
            Action::VizierBuy(purchase) => {
                // a buy that grants no action and puts the vizier to sleep (M1)
                self.buy(&purchase, &mut change);
                change[EXACT] = 0.0;
                change[VIZIER] = -1.0;
            }
            Action::Wake => change[VIZIER] = 1.0,
            // money spent for a character the bots cannot weigh (M7)
            Action::Bid(bid) => change[MONEY] = -(bid.amount() as f64),
            Action::TakeHut { colour } => {
                if let Some(&hut) = self.game.squares.piles[colour as usize].as_slice().first() {
                    self.build(hut, &mut change);
                }
            }
            Action::BuyBazaar(purchase) => self.buy_bazaar(&purchase, &mut change),
            Action::BuyChests { room, cards, n } => {
                self.pay(&cards[..n as usize], None, &mut change);
                (change[FIRST], change[LOWER]) = self.chest_change(room);
            }
            Action::Place { tile: id, x, y, .. } => {
                change[WALL] = self.wall_change(None, Some((id, x, y))) as f64 * self.round_weight;
                change[COMPACT] = self.neighbours(x, y) as f64;
                self.module_change(self.held(id), (x, y), &self.board, 1, &mut change);
            }
            Action::Reserve { tile: id } => {
                self.unbuild(id, 0, &mut change);
                change[RESERVE] = 1.0;
            }
            Action::Give { tile: id } => self.unbuild(id, 1, &mut change),
            Action::Redesign {
                mv, tile: id, x, y, ..
            } => self.redesign(mv, id, x, y, &mut change),
            // the position stays as it is: an end, a window declined, a chest's building
            // (any will do), the street merchant's actions (a rule's)
            _ => {}
        }
        change
    }

    /// Cards taken into the hand (`_take`; a theft, M10, too).
    fn take(&self, cards: &[CardId], change: &mut Changes) {
        change[MONEY] = cards.iter().map(|&c| worth(c) as f64).sum::<f64>();
        change[POWER] = self.power_change(cards, 1, None) as f64;
    }

    /// `money` and `buying_power` after paying `cards` (and buying `square`'s tile).
    fn pay(&self, cards: &[CardId], square: Option<u8>, change: &mut Changes) {
        change[MONEY] = -(cards.iter().map(|&c| worth(c)).sum::<u32>() as f64);
        change[POWER] = self.power_change(cards, -1, square) as f64;
    }

    fn buy(&self, purchase: &Purchase, change: &mut Changes) {
        self.pay(&purchase.cards(), Some(purchase.square), change);
        change[EXACT] = purchase.exact() as i32 as f64;
        self.build(purchase.tile, change);
    }

    /// A bazaar bought beside the market (M16): paid exactly, built like a tile; on the
    /// reserve, half its best points over the cells next to the Alhambra.
    fn buy_bazaar(&self, purchase: &Purchase, change: &mut Changes) {
        self.pay(&purchase.cards(), None, change);
        change[EXACT] = 1.0;
        self.build(purchase.tile, change);
        if change[RESERVE] != 0.0 {
            change[MODULE_POINTS] = self.reserve_bazaar_points(purchase.tile);
        }
    }

    /// Half the best n x k of `bazaar` over the empty cells next to the Alhambra.
    fn reserve_bazaar_points(&self, bazaar: TileId) -> f64 {
        if let Some(&(_, points)) = self
            .bazaar_reserve
            .borrow()
            .iter()
            .find(|(b, _)| *b == bazaar)
        {
            return points;
        }
        let best = frontier(&self.board)
            .into_iter()
            .map(|(x, y)| bazaar_points_at(&self.board, x, y, bazaar))
            .max()
            .unwrap_or(0);
        let points = best as f64 / 2.0;
        self.bazaar_reserve.borrow_mut().push((bazaar, points));
        points
    }

    /// The chest majority's (first, lower) change of buying `room`'s chests (M13), over
    /// the rounds to come: none when the player could set none of them.
    fn chest_change(&self, room: u8) -> (f64, f64) {
        if let Some(&(_, change)) = self.chests.borrow().iter().find(|(r, _)| *r == room) {
            return change;
        }
        let handout = chest_handout(self.game, self.me, room);
        let change = if handout[self.me] == 0 {
            (0.0, 0.0)
        } else {
            let counts = chest_counts(self.game);
            let after: Vec<i32> = counts.iter().zip(&handout).map(|(c, h)| c + h).collect();
            let (mut first, mut lower) = (0.0, 0.0);
            for &(round_no, discount) in &self.rounds {
                let (f0, low0) = chest_places(&counts, self.me, round_no as u8);
                let (f1, low1) = chest_places(&after, self.me, round_no as u8);
                first += discount * (f1 - f0) as f64;
                lower += discount * (low1 - low0) as f64;
            }
            (first, lower)
        };
        self.chests.borrow_mut().push((room, change));
        change
    }

    /// A tile bought now: built on its best cell, or waiting on the reserve (`_build`).
    fn build(&self, id: TileId, change: &mut Changes) {
        let building = tile(id).is_building();
        match self.best_spot(id) {
            None => {
                // On the reserve it scores nothing now, but a redesign may build it
                // later: where huts and camps can wall an Alhambra in, half its worth
                // as a building.
                change[RESERVE] = 1.0;
                if building && self.may_wall_in {
                    change[TILE] = 0.5;
                    let (first, lower) = self.majority_change(id, 1, 0);
                    (change[FIRST], change[LOWER]) = (first / 2.0, lower / 2.0);
                }
            }
            Some(spot) => {
                change[WALL] = spot.wall as f64 * self.round_weight;
                change[COMPACT] = spot.compact as f64;
                if building {
                    change[TILE] = 1.0;
                    (change[FIRST], change[LOWER]) = self.majority_change(id, 1, 0);
                }
                for &(feature, value) in spot.extras.iter() {
                    change[feature] += value;
                }
            }
        }
    }

    /// A tile counted as built that will not be (reserved, or given to Dirk).
    fn unbuild(&self, id: TileId, dirk_delta: i32, change: &mut Changes) {
        if !tile(id).is_building() {
            return;
        }
        change[TILE] = -1.0;
        (change[FIRST], change[LOWER]) = self.majority_change(id, -1, dirk_delta);
    }

    fn redesign(&self, mv: Move, id: TileId, x: i8, y: i8, change: &mut Changes) {
        let (wall, majority) = match mv {
            Move::Place => {
                change[TILE] = tile(id).is_building() as i32 as f64;
                change[RESERVE] = -1.0;
                change[COMPACT] = self.neighbours(x, y) as f64;
                (
                    self.wall_change(None, Some((id, x, y))),
                    self.majority_change(id, 1, 0),
                )
            }
            Move::Remove => {
                let old = self.board.at(x, y).expect("a removal's cell is built");
                change[TILE] = -(tile(old).is_building() as i32 as f64);
                change[RESERVE] = 1.0;
                change[COMPACT] = -self.neighbours(x, y) as f64;
                (
                    self.wall_change(Some((x, y)), None),
                    self.majority_change(old, -1, 0),
                )
            }
            Move::Exchange => {
                let old = self.board.at(x, y).expect("an exchange's cell is built");
                let majority = if tile(old).kind == tile(id).kind {
                    (0.0, 0.0)
                } else {
                    let gain = self.majority_change(id, 1, 0);
                    let loss = self.majority_change(old, -1, 0);
                    (gain.0 + loss.0, gain.1 + loss.1)
                };
                (self.wall_change(Some((x, y)), Some((id, x, y))), majority)
            }
        };
        change[WALL] = wall as f64 * self.round_weight;
        (change[FIRST], change[LOWER]) = majority;
        // What a hut, bazaar or camp moved scores by itself, judged on the layout without
        // the tile taken away (its effect on the huts and bazaars around is not followed).
        let mut board = self.board;
        if mv != Move::Place {
            let old = board.placed(x, y).expect("a redesign's cell is built");
            board.take(x, y);
            self.module_change((old.tile, old.walls), (x, y), &board, -1, change);
        }
        if mv != Move::Remove {
            self.module_change(self.held(id), (x, y), &board, 1, change);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::money;
    use crate::game::{Decision, Kind, EMPTY, NO_GATE};
    use crate::stack::Stack;

    /// A pavilion without walls, price 8; one with a north wall, price 6.
    const OPEN_PAVILION: TileId = 6;
    const NORTH_PAVILION: TileId = 4;

    /// A game of `players` with empty Alhambras, hands and market, seat 0 to decide
    /// `kind`.
    fn bare(players: usize, kind: Kind) -> Game {
        let mut game = Game::new(players, 1, false).expect("a game");
        game.hands = [[0; crate::cards::CARD_KINDS]; 6];
        game.market = [EMPTY; 4];
        game.boards = [Board::new(); 6];
        game.dirk_tiles = Stack::default();
        game.to_place = Stack::default();
        game.decisions = Stack::default();
        game.decisions.push(Decision {
            kind,
            player: 0,
            give: game.has_dirk(),
        });
        game
    }

    /// The first-place points of a type over the three rounds, the later two at `future`.
    fn first_over_rounds(kind: usize, future: f64) -> f64 {
        let mut sum = 0.0;
        for (round, discount) in [(1, 1.0), (2, future), (3, future)] {
            sum += discount * place_points(kind, round, 1) as f64;
        }
        sum
    }

    #[test]
    fn kind_points_share_places_as_the_rules_say() {
        // majority_awards' example: pavilion, round 3, A 5, B 3, C 3, D 1
        assert_eq!(kind_points(0, 3, 5, &[3, 3, 1]), (16, 0));
        assert_eq!(kind_points(0, 3, 3, &[5, 3, 1]), (0, 4));
        assert_eq!(kind_points(0, 3, 1, &[5, 3, 3]), (0, 0));
        assert_eq!(kind_points(0, 3, 0, &[5]), (0, 0));
        // a tie for first in round 1 pools the first place with nothing: (1 + 0) // 2
        assert_eq!(kind_points(0, 1, 2, &[2]), (place_points(0, 1, 1) / 2, 0));
    }

    #[test]
    fn presets_and_weights_from_values() {
        let wall = Weights::preset("wall").expect("a preset");
        assert_eq!(wall.features[..3], [3.0, 0.6, 0.4]);
        assert_eq!(Weights::preset("balanced"), Some(Weights::default()));
        assert_eq!(
            Weights::preset("majority").map(|w| w.features[TILE]),
            Some(1.5)
        );
        assert!(Weights::preset("greedy").is_none());
        let mut values = [1.0; 13];
        values[12] = 0.25;
        assert_eq!(Weights::from_values(&values).map(|w| w.future), Ok(0.25));
        assert!(Weights::from_values(&values[..12]).is_err());
        values[3] = f64::NAN;
        assert!(Weights::from_values(&values).is_err());
        assert_eq!(Weights::default().signed()[RESERVE], -1.0);
    }

    #[test]
    fn taking_money_counts_its_value_and_the_squares_it_pays() {
        let mut game = bare(3, Kind::Act);
        game.market[0] = OPEN_PAVILION; // the denar square, price 8
        let take = Action::Take {
            cards: [money(0, 8), 0, 0, 0, 0],
            n: 1,
        };
        let changes = features(&game, &Weights::default(), &take).expect("the base game");
        assert_eq!((changes[MONEY], changes[POWER]), (8.0, 1.0));
        // a dirham 8 pays no denar square
        let other = Action::Take {
            cards: [money(1, 8), 0, 0, 0, 0],
            n: 1,
        };
        let changes = features(&game, &Weights::default(), &other).expect("the base game");
        assert_eq!((changes[MONEY], changes[POWER]), (8.0, 0.0));
    }

    #[test]
    fn an_exact_buy_gains_the_action_the_tile_and_its_first_place() {
        let mut game = bare(3, Kind::Act);
        game.market[0] = OPEN_PAVILION;
        game.hands[0][money(0, 8) as usize] = 1;
        let buy = Action::Buy(Purchase {
            square: 1,
            tile: OPEN_PAVILION,
            pay: 1 << (2 * 7), // one card of value 8
            other: 0,
            exchange: 0,
            coins: 0,
            builders: 0,
        });
        let changes = features(&game, &Weights::default(), &buy).expect("the base game");
        assert_eq!(changes[EXACT], 1.0);
        assert_eq!(changes[MONEY], -8.0);
        assert_eq!(changes[POWER], -1.0); // the hand paid its only payable square
        assert_eq!((changes[TILE], changes[RESERVE]), (1.0, 0.0));
        assert_eq!((changes[WALL], changes[COMPACT]), (0.0, 1.0)); // beside the fountain
        assert_eq!(changes[FIRST], first_over_rounds(0, 0.5));
        assert_eq!(changes[LOWER], 0.0);
    }

    #[test]
    fn a_wall_counts_for_the_rounds_to_come_discounted() {
        let mut game = bare(3, Kind::Place);
        game.to_place.push(NORTH_PAVILION);
        game.scored.push(1); // rounds 2 (in full) and 3 (at future) to come
        let place = Action::Place {
            tile: NORTH_PAVILION,
            x: 1,
            y: 0,
            gate: NO_GATE,
        };
        let mut built = Board::new();
        built.build(1, 0, NORTH_PAVILION);
        let segments = built.longest_wall() as f64;
        assert!(segments > 0.0);
        let weights = Weights {
            future: 0.25,
            ..Weights::default()
        };
        let changes = features(&game, &weights, &place).expect("the base game");
        assert_eq!(changes[WALL], segments * 1.25);
        assert_eq!(changes[COMPACT], 1.0);
    }

    #[test]
    fn a_tile_given_to_dirk_loses_the_shared_first_place_to_him() {
        let mut game = bare(2, Kind::Place);
        assert!(game.has_dirk());
        game.to_place.push(OPEN_PAVILION); // counted as built: 1 pavilion, as Dirk
        game.dirk_tiles.push(NORTH_PAVILION);
        let weights = Weights::default();
        let mut shared = 0.0;
        for (round, discount) in [(1, 1.0), (2, 0.5), (3, 0.5)] {
            let pooled = place_points(0, round, 1) + place_points(0, round, 2);
            shared += discount * (pooled / 2) as f64;
        }
        let give = Action::Give {
            tile: OPEN_PAVILION,
        };
        let changes = features(&game, &weights, &give).expect("Dirk's game");
        assert_eq!(
            (changes[TILE], changes[FIRST], changes[LOWER]),
            (-1.0, -shared, 0.0)
        );
        let reserve = Action::Reserve {
            tile: OPEN_PAVILION,
        };
        let changes = features(&game, &weights, &reserve).expect("Dirk's game");
        assert_eq!((changes[TILE], changes[RESERVE]), (-1.0, 1.0));
        assert_eq!(changes[FIRST], -shared); // Dirk alone first now
    }

    #[test]
    fn a_removal_gives_back_the_walls_and_shape_of_the_tile() {
        let mut game = bare(3, Kind::Act);
        game.boards[0].build(1, 0, NORTH_PAVILION);
        let segments = game.boards[0].longest_wall() as f64;
        let remove = Action::Redesign {
            mv: Move::Remove,
            tile: EMPTY,
            x: 1,
            y: 0,
            gate: NO_GATE,
        };
        let changes = features(&game, &Weights::default(), &remove).expect("the base game");
        assert_eq!(changes[WALL], -segments * 2.0); // round_weight 1 + 0.5 + 0.5
        assert_eq!(
            (changes[TILE], changes[RESERVE], changes[COMPACT]),
            (-1.0, 1.0, -1.0)
        );
        assert_eq!(changes[FIRST], -first_over_rounds(0, 0.5));
    }

    #[test]
    fn with_no_weight_every_action_ties_and_keeps_the_canonical_order() {
        let game = Game::new(3, 7, false).expect("a game");
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        let zero = Weights::from_values(&[0.0; 13]).expect("finite weights");
        assert_eq!(ranked(&game, &zero), Ok(legal.clone()));
        let best = ranked(&game, &Weights::default()).expect("the base game")[0];
        assert_eq!(choose(&game, &Weights::default(), &legal), Ok(best));
    }

    #[test]
    fn a_rollout_keeping_its_wall_probes_plays_as_choosing_afresh() {
        let seats = [
            Weights::preset("wall").expect("a preset"),
            Weights::default(),
            Weights::preset("majority").expect("a preset"),
        ];
        // the base game, then every module (City Walls' sticks on tiles about to be
        // placed change no layout: the probes know the walls they measured)
        let every = u16::MAX >> (16 - crate::game::CORE_MODULES.len());
        for (seed, modules) in [(0, 0), (1, 0), (2, every), (3, every)] {
            let mut kept = Game::with_modules(3, seed, false, modules).expect("a game");
            let mut afresh = kept.clone();
            roll_out(&mut kept, &seats, None).expect("the base game");
            let mut legal = Vec::new();
            while let Some(decision) = afresh.decision() {
                afresh.legal_actions(&mut legal);
                let weights = &seats[decision.player as usize];
                afresh.apply_unchecked(choose(&afresh, weights, &legal).expect("an action"));
            }
            assert_eq!(kept.events(), afresh.events(), "seed {seed}");
        }
    }

    #[test]
    fn module_games_are_ranked_and_finished_games_refused() {
        let game = Game::with_modules(3, 1, false, crate::game::DIAMONDS).expect("a game");
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        let best_first = ranked(&game, &Weights::default()).expect("a module game");
        assert_eq!(best_first.len(), legal.len());
        assert!(legal.iter().all(|a| best_first.contains(a)));
        let mut game = Game::new(2, 3, false).expect("a game");
        let seats = [Weights::default(); 2];
        assert!(matches!(
            roll_out(&mut game, &seats[..1], None),
            Err(Refusal::Invalid(_))
        ));
        assert!(roll_out(&mut game, &seats, None).expect("the base game") > 0);
        assert!(game.is_over());
        assert!(matches!(
            ranked(&game, &Weights::default()),
            Err(Refusal::Illegal(_))
        ));
    }
}
