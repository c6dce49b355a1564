//! A game sampled from what one player can know (`engine/sampling.py`'s `determinize`),
//! with the same draws as the Python engine.
//!
//! The Python engine writes a player's knowledge down as a *public state*: the save, but
//! its generator and record, where every secret is a slot and `"hidden"` pools the
//! secrets by class, sorted. The core reads that text once per decision
//! (`Public::read`) and deals its secrets afresh for each sample (`Public::sample`).
//!
//! The core deals the draw pile's secrets, the only ones of the base game and Dirk: the
//! pile is a list of *segments* (what is left of each of the five money piles, or one
//! after a reshuffle), each a list of classes (`deck` for the money, `scoring:N` for a
//! scoring card, which lies in its own pile). A sample, from `random.Random(seed)`:
//!
//! 1. shuffles each class's pool, the classes in sorted order;
//! 2. for each segment, top first, shuffles its list of classes and deals, for each
//!    class in that order, the last card of its pool;
//! 3. seeds the game's generator (the future draws) with `getrandbits(64)`.
//!
//! A public state with secrets outside the draw pile (the hands and slices of the Mega
//! Box modules) is refused as `Unsupported`: their deals are not ported yet.

use crate::cards::CardId;
use crate::game::{Game, Refusal};
use crate::rng::Mt;
use crate::save::{read_card, read_state, Names};
use crate::stack::Stack;
use serde_json::{json, Value};
use std::collections::HashMap;

/// A player's knowledge of a game: a game of it (its secrets in sorted order) and how
/// to deal the secrets afresh.
pub struct Public {
    pub template: Game,
    pub names: Names,
    /// Each class's secrets in the public state's order (sorted), the classes sorted.
    pools: Vec<Vec<CardId>>,
    /// The draw pile's segments, top first: the class (an index of `pools`) of each card.
    segments: Vec<Vec<usize>>,
}

fn invalid(what: &str) -> Refusal {
    Refusal::Invalid(format!("the public state's {what} is missing or malformed"))
}

impl Public {
    /// The knowledge `public_state` wrote (`PublicState.text`).
    pub fn read(text: &str) -> Result<Public, Refusal> {
        let mut state: HashMap<String, Value> = serde_json::from_str(text)
            .map_err(|e| Refusal::Invalid(format!("the public state is no JSON object: {e}")))?;
        let hidden = state.remove("hidden").ok_or_else(|| invalid("hidden"))?;
        let hidden = hidden.as_object().ok_or_else(|| invalid("hidden"))?;
        let classes: Vec<&String> = hidden.keys().collect();
        let mut pools_values: Vec<Vec<Value>> = Vec::with_capacity(classes.len());
        for class in &classes {
            let cards = hidden[class.as_str()]
                .as_array()
                .ok_or_else(|| invalid("hidden"))?;
            pools_values.push(cards.clone());
        }
        let segments = read_segments(&state, &classes)?;
        refuse_secrets_elsewhere(&segments, &pools_values, &classes)?;
        let pools = pools_values
            .iter()
            .map(|cards| {
                cards
                    .iter()
                    .map(|card| read_card(card, "hidden"))
                    .collect::<Result<Vec<_>, _>>()
            })
            .collect::<Result<Vec<_>, _>>()?;
        // The template's pile: every segment's classes in order, each dealing the last
        // card of its pool, as the Python engine's template (its pools unshuffled).
        let mut left = pools_values;
        let pile: Vec<Value> = segments
            .iter()
            .flatten()
            .map(|&class| left[class].pop().expect("counted"))
            .collect();
        state.insert("draw_pile".into(), Value::Array(pile));
        state.insert("rng".into(), json!([3, Mt::from_seed(0).state(), null]));
        let (template, names) = read_state(&state)?;
        Ok(Public {
            template,
            names,
            pools,
            segments,
        })
    }

    /// The game of the public state with its secrets dealt from `random.Random(seed)`
    /// (`determinize(view, seed)`), silent (no events kept).
    pub fn sample(&self, seed: u128) -> Game {
        let mut rng = Mt::from_seed(seed);
        let mut pools = self.pools.clone();
        for pool in &mut pools {
            rng.shuffle(pool);
        }
        let mut pile: Vec<CardId> = Vec::with_capacity(self.template.draw.len());
        for segment in &self.segments {
            let mut order = segment.clone();
            rng.shuffle(&mut order);
            pile.extend(
                order
                    .iter()
                    .map(|&class| pools[class].pop().expect("counted")),
            );
        }
        pile.reverse(); // the core keeps the pile's top card last
        let mut game = self.template.silent_copy();
        game.draw = Stack::from_slice(&pile).expect("the template's pile held as many");
        let low = rng.next_u32() as u128;
        let high = rng.next_u32() as u128;
        game.rng = Mt::from_seed(low | high << 32);
        game
    }
}

/// The segments of `state`'s draw pile (`{"segments": [[class, ...], ...]}`), each class
/// an index of `classes`.
fn read_segments(
    state: &HashMap<String, Value>,
    classes: &[&String],
) -> Result<Vec<Vec<usize>>, Refusal> {
    let what = "draw_pile";
    let segments = state
        .get(what)
        .and_then(|pile| pile.get("segments"))
        .and_then(Value::as_array)
        .ok_or_else(|| invalid(what))?;
    segments
        .iter()
        .map(|segment| {
            segment
                .as_array()
                .ok_or_else(|| invalid(what))?
                .iter()
                .map(|class| {
                    class
                        .as_str()
                        .and_then(|c| classes.iter().position(|k| k.as_str() == c))
                        .ok_or_else(|| invalid(what))
                })
                .collect()
        })
        .collect()
}

/// Refused unless every secret lies in the draw pile: each class's pool as large as the
/// places its segments leave it.
fn refuse_secrets_elsewhere(
    segments: &[Vec<usize>],
    pools: &[Vec<Value>],
    classes: &[&String],
) -> Result<(), Refusal> {
    let mut places = vec![0usize; pools.len()];
    for &class in segments.iter().flatten() {
        places[class] += 1;
    }
    for (class, (pool, &n)) in pools.iter().zip(&places).enumerate() {
        if pool.len() < n {
            return Err(invalid("hidden"));
        }
        if pool.len() > n {
            return Err(Refusal::Unsupported(format!(
                "the core deals the draw pile's secrets only, not the {} secrets held \
                 elsewhere (a Mega Box module's)",
                classes[class]
            )));
        }
    }
    Ok(())
}
