//! The search's projected final scores (`alhambra_lib/bots/search.py`'s `evaluate`) in
//! the core: the same terms in the same order, so that the floats are the same.
//!
//! The points so far; then for each scoring round still to come the majorities at
//! today's counts (the modules' bonuses and a chosen Wise Man's half in them) and the
//! modules' terms as they stand (camps, characters, chests, ...: `Game::round_terms`),
//! the rounds after the next at `LATER_ROUNDS`, and today's longest wall; then the money
//! in hand (every card with a value: money, diamonds, coins, master builders) at
//! `MONEY_VALUE` per scoring still to come. With Dirk,
//! his counts grow before each later round by the gift he is expected to draw after the
//! scoring before it, each type by its share of the bag, to the nearest half.

use crate::cards::{bits, money_value, tile, CardId, CARD_KINDS};
use crate::game::{dirk_gift_size, majority_points, Game};

/// Points a unit of money in hand is worth at the end, by the scorings to come.
pub const MONEY_VALUE: [f64; 4] = [0.0, 0.08, 0.12, 0.15];
/// The weight of a scoring round after the next one.
pub const LATER_ROUNDS: f64 = 0.5;

/// `{competitor: projected final score}` of `game` (`search.evaluate`), in seat order,
/// Dirk last; a finished game's final scores.
pub fn evaluate(game: &Game) -> Vec<f64> {
    evaluate_weighted(game, 1.0)
}

/// `evaluate` with the longest walls' projected points times `wall_weight`
/// (`search.evaluate(..., wall_weight)`; 1 is face value, and gives `evaluate`'s floats).
pub fn evaluate_weighted(game: &Game, wall_weight: f64) -> Vec<f64> {
    let mut scores: Vec<f64> = game.scores().iter().map(|&s| s as f64).collect();
    if game.is_over() {
        return scores;
    }
    let remaining: Vec<u8> = (1..=3u8)
        .filter(|r| !game.scored.as_slice().contains(r))
        .collect();
    // Counts in halves: Dirk's expected gifts are whole or half tiles, and doubling
    // every count keeps the majorities' order and ties.
    let mut halves: Vec<[u8; 6]> = game.counts().iter().map(|c| c.map(|n| 2 * n)).collect();
    if let Some((owner, kind)) = game.wise_man_half() {
        halves[owner as usize][kind as usize] += 1;
    }
    let walls: Vec<f64> = (0..game.players())
        .map(|p| wall_weight * game.board(p).longest_wall() as f64)
        .collect();
    for (i, &round) in remaining.iter().enumerate() {
        let weight = if i == 0 { 1.0 } else { LATER_ROUNDS };
        if i > 0 && game.has_dirk() {
            add_dirk_gift(
                game,
                halves.last_mut().expect("Dirk's counts"),
                remaining[i - 1],
            );
        }
        let points = majority_points(&halves, round as usize);
        for (p, score) in scores.iter_mut().enumerate() {
            *score += weight * points[p] as f64 + walls.get(p).copied().unwrap_or(0.0);
        }
        for (_, term) in game.round_terms(round) {
            for (score, points) in scores.iter_mut().zip(term) {
                *score += weight * points as f64;
            }
        }
    }
    let worth = MONEY_VALUE[remaining.len()];
    for (p, score) in scores.iter_mut().enumerate().take(game.players()) {
        *score += worth * money(game, p) as f64;
    }
    scores
}

/// The value of the cards in seat `seat`'s hand (`search._money`: every card with a
/// value).
fn money(game: &Game, seat: usize) -> u32 {
    (0..CARD_KINDS)
        .map(|card| game.hands[seat][card] as u32 * money_value(card as CardId) as u32)
        .sum()
}

/// Add to Dirk's counts (in halves) the tiles he is expected to draw after
/// `after_round`'s scoring (`_add_dirk_gift`): the gift's size times each type's share of
/// the bag as it is now, to the nearest half (ties to even, as Python's `round`).
fn add_dirk_gift(game: &Game, dirk: &mut [u8; 6], after_round: u8) {
    let bag = game.bag.count_ones() as usize;
    if bag == 0 {
        return;
    }
    let size = dirk_gift_size(after_round, bag);
    let mut kinds = [0usize; 6];
    for id in bits(game.bag) {
        if tile(id).is_building() {
            kinds[tile(id).kind as usize] += 1;
        }
    }
    for (count, n) in dirk.iter_mut().zip(kinds) {
        *count += ((2 * size * n) as f64 / bag as f64).round_ties_even() as u8;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{money as card, CAMP_COUNT, CAMP_FIRST};

    #[test]
    fn a_new_game_projects_its_money_and_nothing_else() {
        let game = Game::new(3, 7, false).expect("a game");
        let scores = evaluate(&game);
        for (p, &score) in scores.iter().enumerate() {
            assert_eq!(score, 0.15 * money(&game, p) as f64);
        }
    }

    #[test]
    fn majorities_and_walls_count_for_each_round_to_come() {
        let mut game = Game::new(3, 7, false).expect("a game");
        game.hands = [[0; crate::cards::CARD_KINDS]; 6];
        game.hands[1][card(0, 5) as usize] = 2;
        game.boards[0].build(1, 0, 4); // a pavilion with a north wall
        game.scored.push(1);
        let wall = game.boards[0].longest_wall() as f64;
        let first = |round| crate::cards::place_points(0, round, 1) as f64;
        let scores = evaluate(&game);
        assert_eq!(scores[0], (first(2) + wall) + (0.5 * first(3) + wall));
        assert_eq!(scores[1], 0.12 * 10.0);
        assert_eq!(scores[2], 0.0);
    }

    #[test]
    fn a_camp_scores_its_line_in_every_round_to_come() {
        let mut game = Game::with_modules(3, 7, false, crate::game::CAMPS).expect("a game");
        let camp = (CAMP_FIRST..CAMP_FIRST + CAMP_COUNT as u8)
            .find(|&id| tile(id).mask == 8)
            .expect("a camp with one bastion, west");
        game.boards[0].build(1, 0, 53);
        game.boards[0].build(2, 0, camp);
        let line = crate::modules::camps::camp_points(&game.boards[0]) as f64;
        assert_eq!(line, 1.0);
        // the camp's point in round 1 and half of it in rounds 2 and 3, beside the
        // building's majorities and walls, which the base game's projection has too
        let mut base = game.clone();
        base.modules = 0;
        assert_eq!(
            evaluate(&game)[0] - evaluate(&base)[0],
            line * (1.0 + 0.5 + 0.5)
        );
    }

    #[test]
    fn dirk_draws_his_share_of_the_bag_to_the_nearest_half() {
        let mut game = Game::new(2, 3, false).expect("Dirk's game");
        let before = game.counts()[2];
        let mut dirk = before.map(|n| 2 * n);
        add_dirk_gift(&game, &mut dirk, 1);
        let bag = game.bag.count_ones() as usize;
        let added: u32 = dirk
            .iter()
            .zip(before)
            .map(|(&d, b)| (d - 2 * b) as u32)
            .sum();
        // six tiles after round 1, in halves, give or take the rounding of each type
        assert!(
            (added as i32 - 12).abs() <= 3,
            "{added} halves from a bag of {bag}"
        );
        game.bag = 0;
        let mut unchanged = before.map(|n| 2 * n);
        add_dirk_gift(&game, &mut unchanged, 1);
        assert_eq!(unchanged, before.map(|n| 2 * n));
    }
}
