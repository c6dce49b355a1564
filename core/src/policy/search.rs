//! The determinized search of `SearchBot` (`alhambra_lib/bots/search.py`) in the core:
//! the same candidates, samples, rollouts and judgement, float for float, so that a
//! level plays the same moves on both engines.
//!
//! For a decision of the player `seat`, from its public state (`Public`):
//!
//! 1. the candidates: the balanced valuation's best `keep` legal actions, and the best
//!    of each kind it judges only in part (a tile given to Dirk, §10) when none is among
//!    them;
//! 2. a generator seeded with the decision's seed; for each sample, a game dealt from
//!    its next 32 bits (`Public::sample`), and a policy per player: balanced for the
//!    searching player, balanced or wall at random for each rival, in seat order;
//! 3. each candidate played on a copy of the sample, then every player on by their
//!    policy until the game ends or its turn passes the horizon;
//! 4. the end position's projected scores (`evaluate_weighted`) give the margin over the
//!    rivals (half the best rival's, half their mean) and the win (1 ahead of every
//!    rival, 0.5 level with the best, else 0);
//! 5. the candidates by mean margin, best first, the valuation's order on ties.
//!
//! The master level (`Budget::halving`) spends more on fewer: it judges wider candidates
//! by *sequential halving*. Every round deals `samples` times 2^round new games, plays
//! each candidate still in on each of them (the same games for all: common random
//! numbers), and keeps the better half by mean margin over all the games it has seen;
//! the rounds go on until one is left. The total is about `samples` x candidates x
//! rounds rollouts, most of them on the few best candidates.

use super::determinize::Public;
use super::evaluate::evaluate_weighted;
use super::strategic::{self, Weights};
use crate::game::{Action, Refusal};
use crate::rng::Mt;
use std::mem::discriminant;

/// A search's budget, in counts (`search.Level`, with the wall weight of the arm).
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Sampled games.
    pub samples: usize,
    /// Candidates by the valuation's rank (more may join: `always_searched`).
    pub keep: usize,
    /// Rounds of turns played after the candidate; None: to the end.
    pub horizon: Option<u32>,
    /// The weight of the longest walls' projected points (1: face value).
    pub wall_weight: f64,
    /// Sequential halving (the master level): `samples` are the first round's games,
    /// doubled each round.
    pub halving: bool,
}

/// A candidate as the search judged it.
#[derive(Clone, Copy, Debug)]
pub struct Judged {
    pub action: Action,
    /// The mean margin over the rivals, in points.
    pub margin: f64,
    /// The share of the samples that end ahead (a shared lead half).
    pub share: f64,
    /// The sampled games it was played on.
    pub samples: usize,
}

/// The weight of the best rival in the margin (`BEST_RIVAL`); the rivals' mean has the
/// rest.
const BEST_RIVAL: f64 = 0.5;

/// The candidates of `search`, judged, best first.
pub fn search(
    public: &Public,
    seat: usize,
    seed: u32,
    budget: &Budget,
) -> Result<Vec<Judged>, Refusal> {
    let template = &public.template;
    let players = template.players();
    if template.current_player() != Some(seat as u8) {
        return Err(Refusal::Invalid(format!(
            "the search decides for the player to move, not seat {seat}"
        )));
    }
    if !budget.wall_weight.is_finite() || budget.samples == 0 || budget.keep == 0 {
        return Err(Refusal::Invalid(format!(
            "a search needs samples and candidates and a finite wall weight, got {budget:?}"
        )));
    }
    let balanced = Weights::default();
    let wall = Weights::preset("wall").expect("a preset");
    let candidates = candidates(&strategic::ranked(template, &balanced)?, budget.keep);
    let until = budget
        .horizon
        .map(|rounds| template.turn + rounds * players as u32);
    let mut rng = Mt::from_seed(seed as u128);
    let mut tallies = vec![Tally::default(); candidates.len()];
    let mut alive: Vec<usize> = (0..candidates.len()).collect();
    let mut deals = budget.samples;
    loop {
        for _ in 0..deals {
            let sampled = public.sample(rng.next_u32() as u128);
            let seats: Vec<Weights> = (0..players)
                .map(|p| match p == seat {
                    true => balanced,
                    false => [balanced, wall][rng.randbelow(2)],
                })
                .collect();
            for &c in &alive {
                let mut game = sampled.clone();
                game.apply_unchecked(candidates[c]);
                strategic::roll_out(&mut game, &seats, until)?;
                let scores = evaluate_weighted(&game, budget.wall_weight);
                tallies[c].add(margin_and_win(&scores[..players], seat));
            }
        }
        if !budget.halving || alive.len() == 1 {
            break;
        }
        // stable: the valuation's order on ties
        alive.sort_by(|&a, &b| tallies[b].margin().total_cmp(&tallies[a].margin()));
        alive.truncate(alive.len().div_ceil(2));
        if alive.len() == 1 {
            break;
        }
        deals *= 2;
    }
    let mut judged: Vec<Judged> = candidates
        .iter()
        .zip(&tallies)
        .map(|(&action, tally)| Judged {
            action,
            margin: tally.margin(),
            share: tally.share(),
            samples: tally.samples,
        })
        .collect();
    // stable: the valuation's order on ties; with halving, the longer searched first
    judged.sort_by(|a, b| {
        b.samples
            .cmp(&a.samples)
            .then(b.margin.total_cmp(&a.margin))
    });
    Ok(judged)
}

/// A candidate's sums over the games it was played on.
#[derive(Clone, Copy, Default)]
struct Tally {
    margin: f64,
    win: f64,
    samples: usize,
}

impl Tally {
    fn add(&mut self, (margin, win): (f64, f64)) {
        self.margin += margin;
        self.win += win;
        self.samples += 1;
    }

    fn margin(&self) -> f64 {
        self.margin / self.samples as f64
    }

    fn share(&self) -> f64 {
        self.win / self.samples as f64
    }
}

/// The valuation's best `keep` of `ranked`, then the best of each kind it does not judge
/// or judges only in part that none of them is of (`SearchBot._candidates`).
fn candidates(ranked: &[Action], keep: usize) -> Vec<Action> {
    let mut chosen: Vec<Action> = ranked.iter().take(keep).copied().collect();
    for action in ranked.iter().skip(keep) {
        if (always_searched(action) || !strategic::judged(action))
            && !chosen
                .iter()
                .any(|c| discriminant(c) == discriminant(action))
        {
            chosen.push(*action);
        }
    }
    chosen
}

/// Kinds the valuation judges only in part (`ALWAYS_SEARCHED`): a tile given to Dirk
/// costs the giver its majority points, which the valuation sees, and may cost the
/// opponent a majority, which it does not.
fn always_searched(action: &Action) -> bool {
    matches!(action, Action::Give { .. })
}

/// (margin over the rivals, 1/0.5/0 for ahead of/level with/behind the best of them) of
/// the real players' `scores` for `seat` (`_margin_and_win`).
fn margin_and_win(scores: &[f64], seat: usize) -> (f64, f64) {
    let rivals = scores
        .iter()
        .enumerate()
        .filter(|&(p, _)| p != seat)
        .map(|(_, &s)| s);
    let best = rivals.clone().fold(f64::NEG_INFINITY, f64::max);
    let sum = rivals.clone().fold(0.0, |sum, s| sum + s);
    let count = rivals.count() as f64;
    let mine = scores[seat];
    let rival = BEST_RIVAL * best + (1.0 - BEST_RIVAL) * sum / count;
    let win = match mine.partial_cmp(&best) {
        Some(std::cmp::Ordering::Greater) => 1.0,
        Some(std::cmp::Ordering::Equal) => 0.5,
        _ => 0.0,
    };
    (mine - rival, win)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_margin_mixes_the_best_rival_and_the_rivals_mean() {
        let (margin, win) = margin_and_win(&[10.0, 12.0, 4.0], 0);
        assert_eq!(margin, 10.0 - (0.5 * 12.0 + 0.5 * 16.0 / 2.0));
        assert_eq!(win, 0.0);
        assert_eq!(margin_and_win(&[12.0, 12.0], 1), (0.0, 0.5));
        assert_eq!(margin_and_win(&[3.0, 1.0], 0), (2.0, 1.0));
    }
}
