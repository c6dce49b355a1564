//! A game sampled from what one player can know (`engine/sampling.py`'s `determinize`),
//! with the same draws as the Python engine.
//!
//! The Python engine writes a player's knowledge down as a *public state*: the save, but
//! its generator and record, where every secret is a slot `{"?": class}` and `"hidden"`
//! pools the secrets by class, sorted. The core reads that text once per decision
//! (`Public::read`) and deals its secrets afresh for each sample (`Public::sample`).
//!
//! The draw pile is a list of *segments* (what is left of each of the five money piles,
//! or one after a reshuffle), each a list of classes (`deck` for the money, `scoring:N`
//! for a scoring card, a module's tag for its cards, each in its own pile). The other
//! secrets are slots in the hands (master builders dealt face down) and in the slices of
//! the modules that hide something (a `redact_slice` hook): a slot may carry conditions,
//! `"not"` (values it cannot take) and `"apart"` (a group whose slots take distinct
//! values). A sample, from `random.Random(seed)`, as `_dealt` and `_Pools` deal:
//!
//! 1. shuffles each class's pool, the classes in sorted order;
//! 2. for each segment, top first, shuffles its list of classes and deals, for each
//!    class in that order, the last card of its pool;
//! 3. deals the slots in the order the public state's JSON lists them (its keys sorted:
//!    the hands by player, then the slices in the game's module order), each the last
//!    secret of its pool, but the classes with a condition on a slot (*conditioned*),
//!    each dealt at once afterwards, in the order first met: up to `DEALS` deals of its
//!    pool (`deal`), the first that fits taken, else a randomized search (`search`);
//! 4. tidies the slices (`tidy`) and seeds the game's generator (the future draws) with
//!    `getrandbits(64)`.
//!
//! A public state whose secrets all lie in the draw pile (the base game, Dirk, the ten
//! modules that hide nothing else) is sampled as a copy of its game with a new pile; any
//! other is read afresh from its JSON, its slots filled in place (`save::read_state`, as
//! the template).

use crate::cards::CardId;
use crate::game::{Game, Refusal};
use crate::rng::Mt;
use crate::save::{read_card, read_state, Names};
use crate::stack::Stack;
use serde_json::{json, Map, Value};
use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

/// Deals tried before `search` (`sampling._DEALS`).
const DEALS: usize = 200;

/// A secret: its index among its class's distinct values.
type Secret = u16;

/// A player's knowledge of a game: a game of it (its secrets dealt as `determinize`
/// deals them without a generator) and how to deal the secrets afresh.
pub struct Public {
    pub template: Game,
    pub names: Names,
    dealer: Dealer,
}

/// The secrets of a public state and their places.
struct Dealer {
    /// The classes (`"hidden"`'s keys), sorted.
    classes: Vec<String>,
    /// Each class's secrets in the public state's order (sorted).
    pools: Vec<Vec<Secret>>,
    /// Each class's distinct secrets, as the public state writes them.
    values: Vec<Vec<Value>>,
    /// The draw pile's segments, top first: the class (an index of `pools`) of each card.
    segments: Vec<Vec<usize>>,
    /// The cards of each class of the pile (by `Secret`), empty for the other classes.
    cards: Vec<Vec<CardId>>,
    /// The secrets held elsewhere than in the draw pile, if any.
    elsewhere: Option<Elsewhere>,
}

/// The slots outside the draw pile and the state they sit in.
struct Elsewhere {
    /// The public state without its pool, with a generator, that each sample fills in
    /// place, under the lock (a copy would cost as much as the reading): every sample
    /// fills every slot and the pile, so nothing of the last one shows.
    state: Mutex<HashMap<String, Value>>,
    /// The players whose peeks at the attack deck are secret (`"?"`, §M15).
    peeks: Vec<String>,
    /// Every slot, in the order the JSON lists them.
    slots: Vec<Slot>,
    /// The classes with a condition on a slot, in the order first met.
    conditioned: Vec<usize>,
}

/// A slot: where it is, its class and its conditions.
#[derive(Debug, Clone, PartialEq)]
struct Slot {
    path: Vec<Step>,
    class: usize,
    /// The secrets it cannot take (those of its `"not"` found in the pool).
    barred: Vec<Secret>,
    /// How many values its `"not"` lists (the search takes the most barred first).
    barred_count: usize,
    /// Its `"apart"` group, numbered.
    apart: Option<usize>,
    /// Whether it carries a condition, even an empty one (`_Pools._noted` counts its
    /// keys): its class is then dealt at once (`fitting`).
    conditioned: bool,
}

/// A step from a value to one it holds.
#[derive(Debug, Clone, PartialEq)]
enum Step {
    Key(String),
    Index(usize),
}

fn invalid(what: &str) -> Refusal {
    Refusal::Invalid(format!("the public state's {what} is missing or malformed"))
}

fn refuse(message: String) -> Refusal {
    Refusal::Invalid(format!("determinize: {message}"))
}

/// The secrets dealt by one sample: the pile's, top first, as (class, secret), and each
/// slot's.
struct Dealt {
    pile: Vec<(usize, Secret)>,
    slots: Vec<Secret>,
}

impl Public {
    /// The knowledge `public_state` wrote (`PublicState.text`).
    pub fn read(text: &str) -> Result<Public, Refusal> {
        let mut state: HashMap<String, Value> = serde_json::from_str(text)
            .map_err(|e| Refusal::Invalid(format!("the public state is no JSON object: {e}")))?;
        let hidden = state.remove("hidden").ok_or_else(|| invalid("hidden"))?;
        let hidden = hidden.as_object().ok_or_else(|| invalid("hidden"))?;
        let classes: Vec<&String> = hidden.keys().collect();
        let mut values: Vec<Vec<Value>> = Vec::with_capacity(classes.len());
        let mut pools: Vec<Vec<Secret>> = Vec::with_capacity(classes.len());
        for class in &classes {
            let (distinct, pool) = distinct_values(&hidden[class.as_str()])?;
            values.push(distinct);
            pools.push(pool);
        }
        let segments = read_segments(&state, &classes)?;
        let mut groups: Vec<String> = Vec::new();
        let slots = find_slots(&state, &classes, &values, &mut groups)?;
        check_counts(&segments, &slots, &pools, &classes)?;
        let mut in_pile = vec![false; classes.len()];
        segments.iter().flatten().for_each(|&c| in_pile[c] = true);
        let cards = values
            .iter()
            .zip(&in_pile)
            .map(|(distinct, &pile)| match pile {
                true => distinct.iter().map(|v| read_card(v, "hidden")).collect(),
                false => Ok(Vec::new()),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let mut conditioned: Vec<usize> = Vec::new();
        for found in slots.iter().filter(|s| s.conditioned) {
            if !conditioned.contains(&found.class) {
                conditioned.push(found.class);
            }
        }
        state.insert("rng".into(), json!([3, Mt::from_seed(0).state(), null]));
        let peeks = secret_peeks(&state);
        let mut dealer = Dealer {
            classes: classes.into_iter().cloned().collect(),
            pools,
            values,
            segments,
            cards,
            elsewhere: Some(Elsewhere {
                state: Mutex::new(state),
                peeks,
                slots,
                conditioned,
            }),
        };
        // The template: the secrets dealt without a generator (`_template`), which also
        // proves that some arrangement fits every condition.
        let (template, names) = dealer.read_dealt(&dealer.deal(None)?)?;
        if dealer
            .elsewhere
            .as_ref()
            .is_some_and(|e| e.slots.is_empty())
        {
            dealer.elsewhere = None; // every secret is in the pile: copy, new pile
        }
        Ok(Public {
            template,
            names,
            dealer,
        })
    }

    /// The game of the public state with its secrets dealt from `random.Random(seed)`
    /// (`determinize(view, seed)`), silent (no events kept).
    ///
    /// # Panics
    ///
    /// When the reader refuses a deal though it took the template's (a bug: every deal
    /// respects the same conditions).
    pub fn sample(&self, seed: u128) -> Game {
        self.try_sample(seed)
            .expect("a deal of the secrets the template's reading accepted")
    }

    /// `sample`, the reader's refusal given back.
    pub fn try_sample(&self, seed: u128) -> Result<Game, Refusal> {
        let mut rng = Mt::from_seed(seed);
        let dealer = &self.dealer;
        let dealt = dealer.deal(Some(&mut rng))?;
        let mut game = match &dealer.elsewhere {
            None => {
                let mut pile: Vec<CardId> = dealt
                    .pile
                    .iter()
                    .map(|&(class, secret)| dealer.cards[class][secret as usize])
                    .collect();
                pile.reverse(); // the core keeps the pile's top card last
                let mut game = self.template.silent_copy();
                game.draw = Stack::from_slice(&pile).expect("the template's pile held as many");
                game
            }
            Some(_) => {
                let mut game = dealer.read_dealt(&dealt)?.0;
                game.recording = false;
                game
            }
        };
        game.rng = Mt::from_seed(rng.getrandbits64() as u128);
        Ok(game)
    }
}

impl Dealer {
    /// The secrets dealt: from `rng` (`determinize`), or without one, each pool in its
    /// sorted order (`_template`).
    fn deal(&self, mut rng: Option<&mut Mt>) -> Result<Dealt, Refusal> {
        let mut pools = self.pools.clone();
        if let Some(rng) = rng.as_deref_mut() {
            pools.iter_mut().for_each(|pool| rng.shuffle(pool));
        }
        let mut pile = Vec::with_capacity(self.segments.iter().map(Vec::len).sum());
        for segment in &self.segments {
            let mut order = segment.clone();
            if let Some(rng) = rng.as_deref_mut() {
                rng.shuffle(&mut order);
            }
            for class in order {
                pile.push((class, pools[class].pop().expect("counted")));
            }
        }
        let Some(elsewhere) = &self.elsewhere else {
            return Ok(Dealt {
                pile,
                slots: Vec::new(),
            });
        };
        let mut slots = vec![0; elsewhere.slots.len()];
        for (value, found) in slots.iter_mut().zip(&elsewhere.slots) {
            if !elsewhere.conditioned.contains(&found.class) {
                *value = pools[found.class].pop().expect("counted");
            }
        }
        for &class in &elsewhere.conditioned {
            let places: Vec<usize> = (0..slots.len())
                .filter(|&i| elsewhere.slots[i].class == class)
                .collect();
            let conditions: Vec<&Slot> = places.iter().map(|&i| &elsewhere.slots[i]).collect();
            let found =
                fitting(&mut pools[class], &conditions, rng.as_deref_mut()).ok_or_else(|| {
                    refuse(format!(
                        "no arrangement of the {} secrets fits what the record tells",
                        self.classes[class]
                    ))
                })?;
            for (&i, value) in places.iter().zip(found) {
                slots[i] = value;
            }
        }
        Ok(Dealt { pile, slots })
    }

    /// The game of `dealt`: the public state with its pile and slots filled, its slices
    /// tidied (`tidy`), read.
    fn read_dealt(&self, dealt: &Dealt) -> Result<(Game, Names), Refusal> {
        let elsewhere = self.elsewhere.as_ref().expect("read keeps the state");
        // A panic while it was held left slots only half filled: all are filled again.
        let mut state = elsewhere
            .state
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let pile = dealt
            .pile
            .iter()
            .map(|&(class, secret)| self.values[class][secret as usize].clone())
            .collect();
        state.insert("draw_pile".into(), Value::Array(pile));
        for (found, &secret) in elsewhere.slots.iter().zip(&dealt.slots) {
            *place(&mut state, &found.path) = self.values[found.class][secret as usize].clone();
        }
        tidy(&mut state, &elsewhere.peeks)?;
        read_state(&state)
    }
}

/// A pool's distinct values (in the order first met) and the pool as their indices.
fn distinct_values(pool: &Value) -> Result<(Vec<Value>, Vec<Secret>), Refusal> {
    let pool = pool.as_array().ok_or_else(|| invalid("hidden"))?;
    let mut distinct: Vec<Value> = Vec::new();
    let mut secrets = Vec::with_capacity(pool.len());
    for value in pool {
        let index = match distinct.iter().position(|d| d == value) {
            Some(i) => i,
            None => {
                distinct.push(value.clone());
                distinct.len() - 1
            }
        };
        secrets.push(Secret::try_from(index).map_err(|_| invalid("hidden"))?);
    }
    Ok((distinct, secrets))
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

/// Every slot of `state` in the order `_dealt` fills them: the hands by player, then
/// the slices in the game's module order (those of the modules without a `redact_slice`
/// hold no slot: walking them too keeps the order), each walked as its JSON
/// lists it. `groups` numbers the `"apart"` groups.
fn find_slots(
    state: &HashMap<String, Value>,
    classes: &[&String],
    values: &[Vec<Value>],
    groups: &mut Vec<String>,
) -> Result<Vec<Slot>, Refusal> {
    let mut slots = Vec::new();
    let mut finder = Finder {
        classes,
        values,
        groups,
        slots: &mut slots,
    };
    let hands = state
        .get("hands")
        .and_then(Value::as_object)
        .ok_or_else(|| invalid("hands"))?;
    let mut path = vec![Step::Key("hands".into())];
    finder.walk_map(hands, &mut path)?;
    let modules = state
        .get("modules")
        .and_then(Value::as_array)
        .ok_or_else(|| invalid("modules"))?;
    let slices = state
        .get("modules_state")
        .and_then(Value::as_object)
        .ok_or_else(|| invalid("modules_state"))?;
    for module in modules.iter().filter_map(Value::as_str) {
        if let Some(slice) = slices.get(module) {
            let mut path = vec![
                Step::Key("modules_state".into()),
                Step::Key(module.to_string()),
            ];
            finder.walk(slice, &mut path)?;
        }
    }
    Ok(slots)
}

/// The walk of `find_slots` (`_Pools.fill`): the nested values in order, depth first.
struct Finder<'a> {
    classes: &'a [&'a String],
    values: &'a [Vec<Value>],
    groups: &'a mut Vec<String>,
    slots: &'a mut Vec<Slot>,
}

impl Finder<'_> {
    fn walk(&mut self, value: &Value, path: &mut Vec<Step>) -> Result<(), Refusal> {
        match value {
            Value::Object(map) => self.walk_map(map, path),
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    path.push(Step::Index(i));
                    self.visit(item, path)?;
                    path.pop();
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    fn walk_map(&mut self, map: &Map<String, Value>, path: &mut Vec<Step>) -> Result<(), Refusal> {
        for (key, item) in map {
            path.push(Step::Key(key.clone()));
            self.visit(item, path)?;
            path.pop();
        }
        Ok(())
    }

    /// A slot noted, or a nested value walked.
    fn visit(&mut self, item: &Value, path: &mut Vec<Step>) -> Result<(), Refusal> {
        match item.as_object() {
            Some(map) if is_slot(map) => {
                let found = self.slot(map, path)?;
                self.slots.push(found);
                Ok(())
            }
            _ => self.walk(item, path),
        }
    }

    /// The slot `map` at `path` (`secrets.slot`).
    fn slot(&mut self, map: &Map<String, Value>, path: &[Step]) -> Result<Slot, Refusal> {
        let name = map["?"].as_str().ok_or_else(|| invalid("slot"))?;
        let class = self
            .classes
            .iter()
            .position(|c| c.as_str() == name)
            .ok_or_else(|| refuse(format!("more {name} slots than secrets of the class")))?;
        let barred_values = match map.get("not") {
            None => &[][..],
            Some(not) => not.as_array().ok_or_else(|| invalid("slot"))?.as_slice(),
        };
        let barred = self.values[class]
            .iter()
            .enumerate()
            .filter(|(_, value)| barred_values.contains(value))
            .map(|(i, _)| i as Secret)
            .collect();
        let apart = match map.get("apart") {
            None => None,
            Some(group) => {
                let group = group.as_str().ok_or_else(|| invalid("slot"))?;
                Some(match self.groups.iter().position(|g| g == group) {
                    Some(i) => i,
                    None => {
                        self.groups.push(group.to_string());
                        self.groups.len() - 1
                    }
                })
            }
        };
        Ok(Slot {
            path: path.to_vec(),
            class,
            barred,
            barred_count: barred_values.len(),
            apart,
            conditioned: map.len() > 1,
        })
    }
}

/// Whether `map` is a slot (`secrets.is_slot`): a class, and conditions only.
fn is_slot(map: &Map<String, Value>) -> bool {
    map.contains_key("?")
        && map
            .keys()
            .all(|k| matches!(k.as_str(), "?" | "not" | "apart"))
}

/// Refused unless each class has as many secrets as places: in the pile and in slots.
fn check_counts(
    segments: &[Vec<usize>],
    slots: &[Slot],
    pools: &[Vec<Secret>],
    classes: &[&String],
) -> Result<(), Refusal> {
    let mut places = vec![0usize; pools.len()];
    segments.iter().flatten().for_each(|&c| places[c] += 1);
    slots.iter().for_each(|s| places[s.class] += 1);
    for ((pool, &n), class) in pools.iter().zip(&places).zip(classes) {
        if pool.len() < n {
            return Err(refuse(format!(
                "more {class} slots than secrets of the class"
            )));
        }
        if pool.len() > n {
            return Err(refuse(format!("more {class} secrets than slots for them")));
        }
    }
    Ok(())
}

/// The value at `path` of `state`.
fn place<'a>(state: &'a mut HashMap<String, Value>, path: &[Step]) -> &'a mut Value {
    let Step::Key(first) = &path[0] else {
        unreachable!("a path starts at a key")
    };
    let mut value = state.get_mut(first).expect("a slot's path");
    for step in &path[1..] {
        value = match step {
            Step::Key(key) => value.get_mut(key.as_str()),
            Step::Index(i) => value.get_mut(*i),
        }
        .expect("a slot's path");
    }
    value
}

/// The players whose peeks at the attack deck are secret (`"?"`: the others').
fn secret_peeks(state: &HashMap<String, Value>) -> Vec<String> {
    let peeks = state
        .get("modules_state")
        .and_then(|slices| slices.pointer("/invaders/peeks"))
        .and_then(Value::as_object);
    peeks
        .into_iter()
        .flatten()
        .filter(|(_, peek)| peek.as_str() == Some("?"))
        .map(|(player, _)| player.clone())
        .collect()
}

/// The slices tidied as the modules' `tidy_slice` do, where the core reads the
/// difference: a master builder out of the game is saved as its currency, and the
/// `peeks` (players) at the attack deck are at its top card. (The other tidies sort
/// lists the core holds as counts or sets.)
fn tidy(state: &mut HashMap<String, Value>, peeks: &[String]) -> Result<(), Refusal> {
    let Some(slices) = state.get_mut("modules_state") else {
        return Ok(());
    };
    if let Some(out) = slices
        .pointer_mut("/master_builders/out")
        .and_then(Value::as_array_mut)
    {
        for card in out.iter_mut() {
            // a currency already when the last sample left it there and no slot is here
            if let Some(currency) = card.get(1).cloned() {
                *card = currency;
            }
        }
    }
    for player in peeks {
        let top = slices
            .pointer("/invaders/attack_deck/0")
            .cloned()
            .ok_or_else(|| invalid("invaders"))?;
        slices["invaders"]["peeks"][player] = top;
    }
    Ok(())
}

/// Values of `pool` for `slots` (`_fitting`), by up to `DEALS` deals (`deal`), else a
/// `search`; without `rng`, the pool's last values in the order they would be taken,
/// else a search in the pool's order. None when no arrangement fits.
fn fitting(pool: &mut [Secret], slots: &[&Slot], mut rng: Option<&mut Mt>) -> Option<Vec<Secret>> {
    let n = slots.len();
    match rng.as_deref_mut() {
        None => {
            let values: Vec<Secret> = pool.iter().rev().take(n).copied().collect();
            if fits(slots, &values) {
                return Some(values);
            }
        }
        Some(rng) => {
            for _ in 0..DEALS {
                if let Some(values) = deal(pool, slots, rng) {
                    return Some(values);
                }
            }
        }
    }
    search(pool, slots, rng)
}

/// One deal of `pool` (shuffled in place) to `slots` (`_deal`): drawn from the end, a
/// Fisher-Yates shuffle one slot at a time, given up at the first slot it does not fit.
fn deal(pool: &mut [Secret], slots: &[&Slot], rng: &mut Mt) -> Option<Vec<Secret>> {
    let mut taken = Vec::new();
    let mut values = Vec::with_capacity(slots.len());
    let mut end = pool.len();
    for found in slots {
        end -= 1;
        let pick = rng.randbelow(end + 1);
        pool.swap(pick, end);
        if !fits_one(found, pool[end], &mut taken) {
            return None;
        }
        values.push(pool[end]);
    }
    Some(values)
}

/// Whether `value` fits slot `found` beside the values of its group `taken`, which it
/// joins (`_fits_one`).
fn fits_one(found: &Slot, value: Secret, taken: &mut Vec<(usize, Secret)>) -> bool {
    if found.barred.contains(&value) {
        return false;
    }
    let Some(group) = found.apart else {
        return true;
    };
    if taken.contains(&(group, value)) {
        return false;
    }
    taken.push((group, value));
    true
}

/// Whether `values` (in the order of `slots`) respect the slots' conditions.
fn fits(slots: &[&Slot], values: &[Secret]) -> bool {
    let mut taken = Vec::new();
    slots
        .iter()
        .zip(values)
        .all(|(found, &value)| fits_one(found, value, &mut taken))
}

/// A fitting arrangement by depth-first search (`_search`): the slots with the most
/// values barred first, each step trying the distinct values left that fit, with `rng`
/// in a weighted random order (each value's key `random() ** (1 / copies left)`,
/// highest first), else in the pool's order.
fn search(pool: &[Secret], slots: &[&Slot], rng: Option<&mut Mt>) -> Option<Vec<Secret>> {
    let mut left: Vec<(Secret, usize)> = Vec::new(); // (value, copies left), first met first
    for &value in pool {
        match left.iter_mut().find(|(v, _)| *v == value) {
            Some(entry) => entry.1 += 1,
            None => left.push((value, 1)),
        }
    }
    let mut order: Vec<usize> = (0..slots.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(slots[i].barred_count));
    let mut searcher = Searcher {
        slots,
        order,
        left,
        chosen: vec![0; slots.len()],
        taken: Vec::new(),
        rng,
    };
    searcher.extend(0).then_some(searcher.chosen)
}

/// The state of `search`.
struct Searcher<'a, 'r> {
    slots: &'a [&'a Slot],
    order: Vec<usize>,
    left: Vec<(Secret, usize)>,
    chosen: Vec<Secret>,
    taken: Vec<(usize, Secret)>,
    rng: Option<&'r mut Mt>,
}

impl Searcher<'_, '_> {
    fn extend(&mut self, i: usize) -> bool {
        if i == self.order.len() {
            return true;
        }
        let found = self.slots[self.order[i]];
        let mut keys: Vec<usize> = (0..self.left.len())
            .filter(|&k| {
                let (value, n) = self.left[k];
                n > 0
                    && !found.barred.contains(&value)
                    && found
                        .apart
                        .is_none_or(|group| !self.taken.contains(&(group, value)))
            })
            .collect();
        if let Some(rng) = self.rng.as_deref_mut() {
            // Efraimidis and Spirakis: drawn in the list's order, sorted highest first
            // (a stable sort, as Python's with reverse=True)
            let weights: Vec<f64> = keys
                .iter()
                .map(|&k| rng.random().powf(1.0 / self.left[k].1 as f64))
                .collect();
            let mut ranked: Vec<(f64, usize)> = weights.into_iter().zip(keys).collect();
            ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
            keys = ranked.into_iter().map(|(_, k)| k).collect();
        }
        for k in keys {
            let value = self.left[k].0;
            self.left[k].1 -= 1;
            let mark = found.apart.map(|group| (group, value));
            self.taken.extend(mark);
            self.chosen[self.order[i]] = value;
            if self.extend(i + 1) {
                return true;
            }
            if let Some(mark) = mark {
                self.taken.retain(|&m| m != mark);
            }
            self.left[k].1 += 1;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slot(barred: &[Secret], apart: Option<usize>) -> Slot {
        Slot {
            path: vec![Step::Key("hands".into())],
            class: 0,
            barred: barred.to_vec(),
            barred_count: barred.len(),
            apart,
            conditioned: true,
        }
    }

    #[test]
    fn without_a_generator_the_pool_end_is_taken_when_it_fits() {
        let (a, b) = (slot(&[], Some(0)), slot(&[], Some(0)));
        assert_eq!(fitting(&mut [0, 1, 2], &[&a, &b], None), Some(vec![2, 1]));
    }

    #[test]
    fn without_a_generator_a_pool_end_that_misfits_is_searched_in_the_pool_order() {
        // the two slots of a group cannot both take the last two, equal, values
        let (a, b) = (slot(&[], Some(0)), slot(&[], Some(0)));
        assert_eq!(fitting(&mut [0, 1, 1], &[&a, &b], None), Some(vec![0, 1]));
    }

    #[test]
    fn a_deal_is_given_up_at_the_first_slot_it_does_not_fit() {
        let barred = slot(&[0], None);
        let mut rng = Mt::from_seed(1);
        assert_eq!(deal(&mut [0], &[&barred], &mut rng), None);
        assert_eq!(deal(&mut [1], &[&barred], &mut rng), Some(vec![1]));
    }

    #[test]
    fn the_search_finds_the_fits_the_deals_rarely_find() {
        // the last slot may take value 2 only; the group's two slots differ
        let (a, b, c) = (slot(&[], Some(0)), slot(&[], Some(0)), slot(&[0, 1], None));
        let mut seen = Vec::new();
        for seed in 0..20 {
            let mut rng = Mt::from_seed(seed);
            let found = search(&[0, 1, 2, 0, 1], &[&a, &b, &c], Some(&mut rng)).unwrap();
            assert!(found[0] != found[1] && found[2] == 2, "{found:?}");
            seen.push(found);
        }
        seen.sort();
        seen.dedup();
        assert!(seen.len() > 1, "the random order tries every fit: {seen:?}");
    }

    #[test]
    fn no_arrangement_that_fits_is_none() {
        let (a, b) = (slot(&[], Some(0)), slot(&[], Some(0)));
        assert_eq!(fitting(&mut [1, 1], &[&a, &b], None), None);
        let mut rng = Mt::from_seed(3);
        assert_eq!(fitting(&mut [1, 1], &[&a, &b], Some(&mut rng)), None);
    }

    #[test]
    fn slots_are_found_as_the_json_lists_them_hands_then_slices_in_module_order() {
        let state: HashMap<String, Value> = serde_json::from_value(json!({
            "hands": {"Ben": [["denar", 3], {"?": "mb"}], "Ana": [{"?": "mb"}]},
            "modules": ["street_merchant", "thieves"],
            "modules_state": {
                "thieves": {"removed": [{"?": "thief"}], "hands": {"Ben": [{"?": "thief"}]}},
                "street_merchant": {"discs": {"Ben": {"citizens": [
                    "tower", {"?": "citizen", "not": ["tower", "garden"], "apart": "Ben"}]}}},
            },
        }))
        .unwrap();
        let names: Vec<String> = ["citizen", "mb", "thief"].map(String::from).to_vec();
        let classes: Vec<&String> = names.iter().collect();
        let values = vec![vec![json!("tower"), json!("arcades")], vec![], vec![]];
        let slots = find_slots(&state, &classes, &values, &mut Vec::new()).unwrap();
        let key = |k: &str| Step::Key(k.into());
        let paths: Vec<Vec<Step>> = slots.iter().map(|s| s.path.clone()).collect();
        assert_eq!(
            paths,
            [
                vec![key("hands"), key("Ana"), Step::Index(0)],
                vec![key("hands"), key("Ben"), Step::Index(1)],
                vec![
                    key("modules_state"),
                    key("street_merchant"),
                    key("discs"),
                    key("Ben"),
                    key("citizens"),
                    Step::Index(1)
                ],
                vec![
                    key("modules_state"),
                    key("thieves"),
                    key("hands"),
                    key("Ben"),
                    Step::Index(0)
                ],
                vec![
                    key("modules_state"),
                    key("thieves"),
                    key("removed"),
                    Step::Index(0)
                ],
            ]
        );
        let citizen = &slots[2];
        // "garden" is in no pool: only "tower" is barred among the values
        assert_eq!((citizen.barred.clone(), citizen.barred_count), (vec![0], 2));
        assert_eq!((citizen.apart, citizen.conditioned), (Some(0), true));
        assert!(!slots[0].conditioned);
    }

    #[test]
    fn tidy_saves_master_builders_out_as_currencies_and_peeks_at_the_top_card() {
        let mut state: HashMap<String, Value> = serde_json::from_value(json!({
            "modules_state": {
                "master_builders": {"out": [["master_builder", "ducat"]]},
                "invaders": {"attack_deck": [[2, 5], [1, 3]], "peeks": {"Ana": [1, 3], "Ben": "?"}},
            },
        }))
        .unwrap();
        let peeks = secret_peeks(&state);
        assert_eq!(peeks, ["Ben"]);
        // the first sample's deal, then a second one's at the same places
        for top in [json!([2, 5]), json!([3, 4])] {
            state.get_mut("modules_state").unwrap()["invaders"]["attack_deck"][0] = top.clone();
            tidy(&mut state, &peeks).unwrap();
            let slices = &state["modules_state"];
            assert_eq!(slices["master_builders"]["out"], json!(["ducat"]));
            assert_eq!(
                slices["invaders"]["peeks"],
                json!({"Ana": [1, 3], "Ben": top})
            );
        }
    }
}
