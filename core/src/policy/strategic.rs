//! The strategic bots' one-step valuation (`alhambra_lib/bots/strategic.py`) in the core:
//! for the base game and Dirk, the same features, weights and arithmetic, so that the
//! legal actions come out ranked as `StrategicBot.ranked` ranks them, float for float.
//!
//! For every legal action the valuation works out how it changes a few features of the
//! deciding player's position (what that player's view shows: the public state and their
//! own hand) and sums each change times its weight, in the order of `FEATURES`. Walls
//! and majorities count the next scoring round fully and each later one at `future`
//! times its value; a tile bought is judged on its best cell now (`best_spot`), or on the
//! reserve. Ties go to the first action in the canonical order.

use crate::board::{Board, STEP};
use crate::cards::{place_points, tile, value_of, CardId, TileId, MONEY_KINDS};
use crate::game::{Action, Game, Kind, Move, Purchase, Refusal};
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
/// The features that are costs (subtracted): `reserve` and `blocked`.
const COSTS: [usize; 2] = [RESERVE, 11];

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
/// score, the first in canonical order on a tie. The base game and Dirk only: a game with
/// Mega Box modules is refused as `Unsupported`, a finished one as `Illegal`.
pub fn ranked(game: &Game, weights: &Weights) -> Result<Vec<Action>, Refusal> {
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    ranked_among(game, weights, legal)
}

/// `ranked` on the legal actions `legal` of `game`, listed already.
pub fn ranked_among(
    game: &Game,
    weights: &Weights,
    legal: Vec<Action>,
) -> Result<Vec<Action>, Refusal> {
    let position = Position::new(game, weights)?;
    let signed = weights.signed();
    let mut scored: Vec<(f64, Action)> = legal
        .into_iter()
        .map(|a| (weighted(&signed, &position.changes(&a)), a))
        .collect();
    // A stable sort: equal scores keep the canonical order.
    scored.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap_or(std::cmp::Ordering::Equal));
    Ok(scored.into_iter().map(|(_, a)| a).collect())
}

/// The best legal action (`StrategicBot.choose`): `ranked`'s first.
pub fn choose(game: &Game, weights: &Weights, legal: &[Action]) -> Result<Action, Refusal> {
    choose_with(game, weights, legal, Probes::new()).map(|(action, _)| action)
}

/// A change of a layout: the cell whose tile is taken away, and the tile added with its
/// cell (both for an exchange, neither for the layout as it is).
type Probe = (Option<(i8, i8)>, Option<(TileId, i8, i8)>);
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
    let mut position = Position::new(game, weights)?;
    position.probes = RefCell::new(probes);
    let signed = weights.signed();
    let mut best: Option<(f64, Action)> = None;
    for &action in legal {
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
/// action as `Unsupported` with Mega Box modules, `Invalid` without a policy per seat.
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
    refuse_modules(game)?;
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

/// The valuation (and the search's evaluation) knows the base game and Dirk only.
pub(crate) fn refuse_modules(game: &Game) -> Result<(), Refusal> {
    if game.modules == 0 {
        return Ok(());
    }
    Err(Refusal::Unsupported(format!(
        "the core's strategic valuation and evaluation play the base game and Dirk only, \
         not module {}",
        game.module_names().join(", ")
    )))
}

/// `{feature: change}` of `action` for the player deciding (`StrategicBot.features`).
pub fn features(game: &Game, weights: &Weights, action: &Action) -> Result<Changes, Refusal> {
    Ok(Position::new(game, weights)?.changes(action))
}

/// (first-place points, lower-place points) of a competitor with `mine` tiles of type
/// `kind` in round `round_no` against `others` (`_kind_points`, RULES.md §8.3): a place
/// is 1 + the number with strictly more; k sharing it pool the points of their places
/// and each get the sum // k; nobody with none takes a place.
fn kind_points(kind: usize, round_no: usize, mine: i32, others: &[i32]) -> (u32, u32) {
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

/// The totals some of the money cards `counts` (a count per money card) of `currency`
/// pay exactly, as bits (`exact_sums`; prices are far below 128).
fn exact_sums(counts: &[i32; MONEY_KINDS], currency: u8) -> u128 {
    let mut reach: u128 = 1;
    for value in 1..=9u8 {
        let card = (currency * 9 + value - 1) as usize;
        for _ in 0..counts[card].max(0) {
            reach |= reach << value;
        }
    }
    reach
}

/// The best cell for a tile: its wall change and its sides shared with built cells.
#[derive(Clone, Copy)]
struct Spot {
    wall: i32,
    compact: i32,
}

/// The deciding player's position, and what each action changes in it (`_Position`).
struct Position<'g> {
    game: &'g Game,
    weights: Weights,
    /// The scoring rounds to come with their discounts, and their sum.
    rounds: Vec<(usize, f64)>,
    round_weight: f64,
    board: Board,
    /// The player's counts per type, the tiles bought this turn included.
    counts: [i32; 6],
    /// The other competitors' counts, in seat order, Dirk last.
    rivals: Vec<[i32; 6]>,
    dirk: Option<usize>,
    /// The player's money, a count per money card.
    hand: [i32; MONEY_KINDS],
    power_now: i32,
    /// The best spots found, by tile: a tile is bought with many payments.
    spots: RefCell<Vec<(TileId, Option<Spot>)>>,
    /// The wall lengths of the layout's changes probed so far.
    probes: RefCell<Probes>,
}

impl<'g> Position<'g> {
    fn new(game: &'g Game, weights: &Weights) -> Result<Position<'g>, Refusal> {
        refuse_modules(game)?;
        let decision = game
            .decision()
            .ok_or_else(|| Refusal::Illegal("the game is over: no decision".into()))?;
        if !matches!(decision.kind, Kind::Act | Kind::Place | Kind::FinalPlace) {
            return Err(Refusal::Unsupported(format!(
                "no strategic valuation of a {} decision",
                decision.kind.name()
            )));
        }
        let me = decision.player as usize;
        let rounds: Vec<(usize, f64)> = (1..=3u8)
            .filter(|r| !game.scored.as_slice().contains(r))
            .enumerate()
            .map(|(i, r)| (r as usize, if i == 0 { 1.0 } else { weights.future }))
            .collect();
        let round_weight = rounds.iter().fold(0.0, |sum, (_, d)| sum + d);
        let all = game.counts();
        let widen = |c: &[u8; 6]| c.map(i32::from);
        let mut counts = widen(&all[me]);
        for &id in game.to_place.as_slice() {
            if tile(id).is_building() {
                counts[tile(id).kind as usize] += 1;
            }
        }
        let rivals: Vec<[i32; 6]> = (0..all.len())
            .filter(|&c| c != me)
            .map(|c| widen(&all[c]))
            .collect();
        let dirk = game.has_dirk().then(|| rivals.len() - 1);
        let mut hand = [0; MONEY_KINDS];
        for (count, &held) in hand.iter_mut().zip(&game.hands[me][..MONEY_KINDS]) {
            *count = held as i32;
        }
        let board = *game.board(me);
        let mut position = Position {
            game,
            weights: *weights,
            rounds,
            round_weight,
            board,
            counts,
            rivals,
            dirk,
            hand,
            power_now: 0,
            spots: RefCell::new(Vec::with_capacity(4)),
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
    /// the player and `dirk_delta` more for Dirk (`_majority_change`).
    fn majority_change(&self, tile_id: TileId, mine_delta: i32, dirk_delta: i32) -> (f64, f64) {
        let t = tile(tile_id);
        if !t.is_building() {
            return (0.0, 0.0);
        }
        let kind = t.kind as usize;
        let mine = self.counts[kind];
        let (first0, lower0) = self.majority(kind, mine, 0);
        let (first1, lower1) = self.majority(kind, mine + mine_delta, dirk_delta);
        (first1 - first0, lower1 - lower0)
    }

    /// How many market squares `hand` pays exactly, the square `emptied` (1-4) left out
    /// (`exact_square_count`).
    fn square_count(&self, hand: &[i32; MONEY_KINDS], emptied: Option<u8>) -> i32 {
        let mut count = 0;
        for (n, &id) in self.game.market.iter().enumerate() {
            let square = n as u8 + 1;
            if id == crate::game::EMPTY || emptied == Some(square) {
                continue;
            }
            count += (exact_sums(hand, n as u8) >> tile(id).price & 1) as i32;
        }
        count
    }

    /// How the buying power changes with `cards` added to the hand (`sign` 1) or paid
    /// from it (-1), and the tile of `emptied` gone (`_buying_power_change`).
    fn power_change(&self, cards: &[CardId], sign: i32, emptied: Option<u8>) -> i32 {
        let mut hand = self.hand;
        for &card in cards {
            if (card as usize) < MONEY_KINDS {
                hand[card as usize] += sign;
            }
        }
        self.square_count(&hand, emptied) - self.power_now
    }

    /// The wall length after the tile on `remove` is taken away and/or `add` is built,
    /// less the length now (`_LayoutFacts.wall_change`).
    fn wall_change(&self, remove: Option<(i8, i8)>, add: Option<(TileId, i8, i8)>) -> i32 {
        self.wall_length((remove, add)) as i32 - self.wall_length((None, None)) as i32
    }

    /// The wall length of the layout changed by `probe`, measured once per layout.
    fn wall_length(&self, probe: Probe) -> u32 {
        if let Some(&length) = self.probes.borrow().get(&probe) {
            return length;
        }
        let mut board = self.board;
        match probe {
            (Some((x, y)), Some((id, ..))) => {
                board.replace(x, y, id);
            }
            (Some((x, y)), None) => {
                board.take(x, y);
            }
            (None, Some((id, x, y))) => board.build(x, y, id),
            (None, None) => {}
        }
        let length = board.longest_wall();
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
    /// worth, the first in cell order on a tie; None when no cell takes it.
    fn find_spot(&self, id: TileId) -> Option<Spot> {
        let (wall_weight, compact_weight) =
            (self.weights.features[WALL], self.weights.features[COMPACT]);
        let mut cells = Vec::new();
        self.board.placements(id, &mut cells);
        let mut best: Option<(f64, Spot)> = None;
        for (x, y) in cells {
            let wall = self.wall_change(None, Some((id, x, y)));
            let compact = self.neighbours(x, y);
            let value =
                wall_weight * wall as f64 * self.round_weight + compact_weight * compact as f64;
            if best.is_none_or(|(b, _)| value > b) {
                best = Some((value, Spot { wall, compact }));
            }
        }
        best.map(|(_, spot)| spot)
    }

    // -- what an action changes

    fn changes(&self, action: &Action) -> Changes {
        let mut change = [0.0; 12];
        match *action {
            Action::Take { cards, n } => {
                let cards = &cards[..n as usize];
                change[MONEY] = cards.iter().map(|&c| value_of(c) as f64).sum::<f64>();
                change[POWER] = self.power_change(cards, 1, None) as f64;
            }
            Action::Buy(purchase) => self.buy(&purchase, &mut change),
            Action::Place { tile: id, x, y, .. } => {
                change[WALL] = self.wall_change(None, Some((id, x, y))) as f64 * self.round_weight;
                change[COMPACT] = self.neighbours(x, y) as f64;
            }
            Action::Reserve { tile: id } => {
                self.unbuild(id, 0, &mut change);
                change[RESERVE] = 1.0;
            }
            Action::Give { tile: id } => self.unbuild(id, 1, &mut change),
            Action::Redesign {
                mv, tile: id, x, y, ..
            } => self.redesign(mv, id, x, y, &mut change),
            // the position stays as it is (the modules' actions are refused earlier)
            _ => {}
        }
        change
    }

    fn buy(&self, purchase: &Purchase, change: &mut Changes) {
        change[MONEY] = -(purchase.total() as f64);
        change[POWER] = self.power_change(&purchase.cards(), -1, Some(purchase.square)) as f64;
        change[EXACT] = purchase.exact() as i32 as f64;
        match self.best_spot(purchase.tile) {
            None => change[RESERVE] = 1.0, // on the reserve it scores nothing now
            Some(spot) => {
                change[WALL] = spot.wall as f64 * self.round_weight;
                change[COMPACT] = spot.compact as f64;
                change[TILE] = 1.0;
                (change[FIRST], change[LOWER]) = self.majority_change(purchase.tile, 1, 0);
            }
        }
    }

    /// A tile counted as built that will not be (reserved, or given to Dirk).
    fn unbuild(&self, id: TileId, dirk_delta: i32, change: &mut Changes) {
        change[TILE] = -1.0;
        (change[FIRST], change[LOWER]) = self.majority_change(id, -1, dirk_delta);
    }

    fn redesign(&self, mv: Move, id: TileId, x: i8, y: i8, change: &mut Changes) {
        let (wall, majority) = match mv {
            Move::Place => {
                change[TILE] = 1.0;
                change[RESERVE] = -1.0;
                change[COMPACT] = self.neighbours(x, y) as f64;
                (
                    self.wall_change(None, Some((id, x, y))),
                    self.majority_change(id, 1, 0),
                )
            }
            Move::Remove => {
                let old = self.board.at(x, y).expect("a removal's cell is built");
                change[TILE] = -1.0;
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
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::money;
    use crate::game::{Decision, EMPTY, NO_GATE};
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
        for seed in 0..4 {
            let mut kept = Game::new(3, seed, false).expect("a game");
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
    fn modules_and_finished_games_are_refused() {
        let game = Game::with_modules(3, 1, false, crate::game::DIAMONDS).expect("a game");
        assert!(matches!(
            ranked(&game, &Weights::default()),
            Err(Refusal::Unsupported(_))
        ));
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
