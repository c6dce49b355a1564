//! The Python bindings, and nothing else: `alhambra_core.Core` wraps a `Game` with its
//! players' names and the record it came with. `alhambra_lib.sim` is the API built on it.
//!
//! Every call runs under `catch_unwind`: a panic (a bug of the core) reaches Python as
//! `CoreBug`, and the game it happened in refuses every later call (its state may be half
//! changed), rather than killing the interpreter.

use crate::board::Board;
use crate::codes;
use crate::game::{module_bits, Game, Refusal, CORE_MODULES, CORE_OPTIONS, RULEBOOK_ORDER};
use crate::policy::determinize::Public;
use crate::policy::random_playouts;
use crate::policy::search::Budget;
use crate::policy::strategic::{self, Weights};
use crate::save::{read_save, save_json, Names};
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;
use std::time::Instant;

/// The version of the crossing: `alhambra_lib.sim` checks it, so a stale build is refused.
pub const PROTOCOL: u32 = 8;

create_exception!(
    alhambra_core,
    CoreError,
    PyException,
    "Base of the core's errors."
);
create_exception!(
    alhambra_core,
    IllegalMove,
    CoreError,
    "The rules refuse the action now."
);
create_exception!(
    alhambra_core,
    Unsupported,
    CoreError,
    "The core holds no such game."
);
create_exception!(alhambra_core, InvalidGame, CoreError, "Malformed input.");
create_exception!(
    alhambra_core,
    CoreBug,
    PyRuntimeError,
    "The core panicked: a bug, reported with its message."
);

fn refused(refusal: Refusal) -> PyErr {
    match refusal {
        Refusal::Illegal(why) => IllegalMove::new_err(why),
        Refusal::Unsupported(why) => Unsupported::new_err(why),
        Refusal::Invalid(why) => InvalidGame::new_err(why),
    }
}

fn guarded<T>(call: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(call)).unwrap_or_else(|panic| {
        let message = panic
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "no message".into());
        Err(CoreBug::new_err(format!("the core panicked: {message}")))
    })
}

/// A game in the core.
#[pyclass(module = "alhambra_core")]
pub struct Core {
    game: Game,
    names: Arc<Names>,
    /// The events before the game came into the core, as save text, and their number.
    earlier: Arc<String>,
    earlier_count: usize,
    /// Set when a call panicked: the state is not to be trusted any more.
    broken: bool,
}

impl Core {
    fn check(&self) -> PyResult<()> {
        if self.broken {
            return Err(CoreBug::new_err(
                "this game's core panicked earlier: its state is not to be trusted",
            ));
        }
        Ok(())
    }

    fn mutate<T>(&mut self, call: impl FnOnce(&mut Core) -> PyResult<T>) -> PyResult<T> {
        self.check()?;
        let result = catch_unwind(AssertUnwindSafe(|| call(self)));
        match result {
            Ok(value) => value,
            Err(_) => {
                self.broken = true;
                guarded(|| -> PyResult<T> {
                    Err(CoreBug::new_err("the core panicked while changing a game"))
                })
            }
        }
    }
}

#[pymethods]
impl Core {
    /// A new game (`Game(players, seed=seed, end_trigger=..., modules=...)`), seed 0 or
    /// more, modules among `MODULES`.
    #[staticmethod]
    #[pyo3(signature = (players, seed, end_trigger = "market_short", modules = Vec::new(), options = Vec::new()))]
    fn new(
        players: Vec<String>,
        seed: u64,
        end_trigger: &str,
        modules: Vec<String>,
        options: Vec<String>,
    ) -> PyResult<Core> {
        guarded(|| {
            let bag_empty = match end_trigger {
                "market_short" => false,
                "bag_empty" => true,
                other => {
                    return Err(InvalidGame::new_err(format!(
                        "unknown end trigger {other:?}"
                    )))
                }
            };
            let names: Vec<&str> = modules.iter().map(String::as_str).collect();
            let bits = module_bits(&names).map_err(|missing| {
                Unsupported::new_err(format!("the core does not hold {}", missing.join(", ")))
            })?;
            let mut option_bits = 0u8;
            for option in &options {
                let k = CORE_OPTIONS
                    .iter()
                    .position(|(name, _)| name == option)
                    .ok_or_else(|| {
                        Unsupported::new_err(format!("the core does not hold the option {option}"))
                    })?;
                option_bits |= 1 << k;
            }
            let game =
                Game::with_options(players.len(), seed as u128, bag_empty, bits, option_bits)
                    .map_err(refused)?;
            let names = Arc::new(Names::new(&players, game.has_dirk()));
            Ok(Core {
                game,
                names,
                earlier: Arc::new(String::new()),
                earlier_count: 0,
                broken: false,
            })
        })
    }

    /// The game of a save the Python engine wrote (`Game.to_json()`).
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<Core> {
        guarded(|| {
            let (game, names, earlier, earlier_count) = read_save(text).map_err(refused)?;
            Ok(Core {
                game,
                names: Arc::new(names),
                earlier: Arc::new(earlier),
                earlier_count,
                broken: false,
            })
        })
    }

    /// A game sampled from a player's knowledge (`determinize(view, seed)`): `public`
    /// is the view's `PublicState.text`, `events` its record as a save writes it (the
    /// events' JSON, comma-separated) and `count` their number.
    #[staticmethod]
    fn determinize(public: &str, seed: u64, events: &str, count: usize) -> PyResult<Core> {
        guarded(|| {
            let public = Public::read(public).map_err(refused)?;
            let mut game = public.try_sample(seed as u128).map_err(refused)?;
            game.recording = true;
            Ok(Core {
                game,
                names: Arc::new(public.names),
                earlier: Arc::new(events.to_string()),
                earlier_count: count,
                broken: false,
            })
        })
    }

    /// The save (`Game.to_json()` of the same game, byte for byte).
    fn to_json(&self) -> PyResult<String> {
        self.check()?;
        guarded(|| Ok(save_json(&self.game, &self.names, &self.earlier)))
    }

    /// The codes of the legal actions, in the canonical order.
    fn legal(&self) -> PyResult<Vec<u128>> {
        self.check()?;
        guarded(|| {
            let mut actions = Vec::new();
            self.game.legal_actions(&mut actions);
            Ok(actions
                .iter()
                .map(|a| codes::encode_in(&self.game, a))
                .collect())
        })
    }

    /// Apply the action of `code` if legal now; `IllegalMove` (nothing changed) if not.
    fn apply(&mut self, code: u128) -> PyResult<()> {
        self.mutate(|core| {
            let action = codes::decode_in(&core.game, code)
                .ok_or_else(|| IllegalMove::new_err(format!("{code} is no action's code")))?;
            core.game.apply(action).map_err(refused)
        })
    }

    /// An independent copy (its record shared up to now).
    fn copy(&self) -> PyResult<Core> {
        self.check()?;
        Ok(Core {
            game: self.game.clone(),
            names: Arc::clone(&self.names),
            earlier: Arc::clone(&self.earlier),
            earlier_count: self.earlier_count,
            broken: false,
        })
    }

    /// `n` random playouts to the end, each from a copy of this game, each action drawn
    /// as `random.Random(seed).choice` draws from the legal list (one generator for all,
    /// in turn); the GIL is released. Returns the final scores (one row of competitors
    /// per playout, flat) and the number of actions played.
    fn playouts(&self, py: Python<'_>, n: usize, seed: u64) -> PyResult<(Vec<i64>, u64)> {
        self.check()?;
        let game = &self.game;
        py.detach(|| guarded(|| Ok(random_playouts(game, n, seed))))
    }

    /// The codes of the legal actions best first by the strategic bots' valuation
    /// (`StrategicBot.ranked`), `weights` a preset's registry name (`wall`, `majority`,
    /// `balanced`) or the 13 numbers of `Weights` in its field order; every module's
    /// decisions (`IllegalMove` once the game is over).
    fn strategic_ranked(&self, weights: WeightsArg) -> PyResult<Vec<u128>> {
        self.check()?;
        let weights = weights.resolve()?;
        guarded(|| {
            let ranked = strategic::ranked(&self.game, &weights).map_err(refused)?;
            Ok(ranked
                .iter()
                .map(|a| codes::encode_in(&self.game, a))
                .collect())
        })
    }

    /// The 12 feature changes (`strategic.FEATURES` order) the legal action of `code`
    /// brings to the player deciding (`StrategicBot.features`), by the weights `weights`
    /// (as `strategic_ranked` takes them).
    fn strategic_features(&self, weights: WeightsArg, code: u128) -> PyResult<Vec<f64>> {
        self.check()?;
        let weights = weights.resolve()?;
        guarded(|| {
            let mut legal = Vec::new();
            self.game.legal_actions(&mut legal);
            let action = legal
                .into_iter()
                .find(|a| codes::encode_in(&self.game, a) == code)
                .ok_or_else(|| IllegalMove::new_err(format!("{code} is no legal action's code")))?;
            let changes = strategic::features(&self.game, &weights, &action).map_err(refused)?;
            Ok(changes.to_vec())
        })
    }

    /// Play on, each seat choosing by its strategic weights (`seats`: one per player in
    /// seat order, each as `strategic_ranked` takes them), until the game is over or its
    /// turn passes `until_turn` (`SearchBot._roll_out`); returns the actions played.
    #[pyo3(signature = (seats, until_turn = None))]
    fn roll_out(&mut self, seats: Vec<WeightsArg>, until_turn: Option<u32>) -> PyResult<u64> {
        let seats: Vec<Weights> = seats
            .into_iter()
            .map(WeightsArg::resolve)
            .collect::<PyResult<_>>()?;
        self.mutate(|core| strategic::roll_out(&mut core.game, &seats, until_turn).map_err(refused))
    }

    /// The search's projected final scores (`search.evaluate`), Dirk last.
    fn evaluate(&self) -> PyResult<Vec<f64>> {
        self.check()?;
        guarded(|| Ok(crate::policy::evaluate::evaluate(&self.game)))
    }

    #[getter]
    fn current_player(&self) -> Option<String> {
        self.game
            .current_player()
            .map(|seat| self.names.names[seat as usize].clone())
    }

    #[getter]
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// `[(name, points)]`, Dirk last.
    #[getter]
    fn scores(&self) -> Vec<(String, i64)> {
        self.names
            .names
            .iter()
            .cloned()
            .zip(self.game.scores().iter().copied())
            .collect()
    }

    /// The number of events recorded, those from before the core included.
    #[getter]
    fn event_count(&self) -> usize {
        self.earlier_count + self.game.events().len()
    }

    /// Benchmark: median nanoseconds of `repeats` listings of the cells where tile `tile`
    /// (a core tile id) may go in seat `seat`'s Alhambra, each in a loop of 1,000.
    fn time_placements(&self, seat: usize, tile: u8, repeats: usize) -> PyResult<f64> {
        self.check()?;
        if seat >= self.game.players() || tile as usize >= crate::cards::TILE_KINDS {
            return Err(PyValueError::new_err("no such seat or tile"));
        }
        let board = *self.game.board(seat);
        let mut cells = Vec::with_capacity(64);
        Ok(median_ns(repeats, || {
            cells.clear();
            board.placements(tile, &mut cells);
            std::hint::black_box(&cells);
        }))
    }

    /// Benchmark: median nanoseconds of one random draw of an action here, each in a loop
    /// of 1,000: with `listing`, every legal action listed and one indexed; else as the
    /// playouts draw (`Game::random_action`, a treasure room's payments counted).
    fn time_draw(&self, listing: bool, repeats: usize) -> PyResult<f64> {
        self.check()?;
        if self.game.is_over() {
            return Err(PyValueError::new_err("the game is over"));
        }
        let mut choose = crate::rng::Mt::from_seed(0);
        let mut legal = Vec::with_capacity(256);
        Ok(median_ns(repeats, || {
            let action = if listing {
                self.game.legal_actions(&mut legal);
                legal[choose.randbelow(legal.len())]
            } else {
                self.game.random_action(&mut choose, &mut legal)
            };
            std::hint::black_box(action);
        }))
    }

    /// Benchmark: median nanoseconds of one silent copy of the game (no record), as a
    /// playout makes, each in a loop of 1,000.
    fn time_clone(&self, repeats: usize) -> PyResult<f64> {
        self.check()?;
        Ok(median_ns(repeats, || {
            std::hint::black_box(self.game.silent_copy());
        }))
    }
}

/// The strategic weights as Python gives them: a preset's name or the 13 numbers.
#[derive(FromPyObject)]
enum WeightsArg {
    Preset(String),
    Values(Vec<f64>),
}

impl WeightsArg {
    fn resolve(self) -> PyResult<Weights> {
        match self {
            WeightsArg::Preset(name) => Weights::preset(&name).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "unknown strategic preset {name:?}: wall, majority or balanced"
                ))
            }),
            WeightsArg::Values(values) => Weights::from_values(&values).map_err(refused),
        }
    }
}

fn median_ns(repeats: usize, mut work: impl FnMut()) -> f64 {
    const LOOP: u32 = 1000;
    let mut times: Vec<f64> = (0..repeats.max(1))
        .map(|_| {
            let began = Instant::now();
            for _ in 0..LOOP {
                work();
            }
            began.elapsed().as_nanos() as f64 / LOOP as f64
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

/// A board of `cells` ((x, y, walls) of every built cell, the fountain at (0, 0) included),
/// for the teaching functions below: any layout the planes hold.
fn board_of(cells: &[(i8, i8, u8)]) -> PyResult<Board> {
    let bad = |why: &str| InvalidGame::new_err(format!("a layout for the core: {why}"));
    if cells.len() > crate::board::MAX_CELLS || !cells.contains(&(0, 0, 0)) {
        return Err(bad("at most 55 cells, the fountain (0, 0, 0) among them"));
    }
    let span = |f: fn(&(i8, i8, u8)) -> i8| {
        let values = cells.iter().map(f);
        values.clone().max().unwrap_or(0) as i32 - values.min().unwrap_or(0) as i32
    };
    if span(|c| c.0) >= crate::board::MAX_CELLS as i32
        || span(|c| c.1) >= crate::board::MAX_CELLS as i32
    {
        return Err(bad("at most 55 cells wide and high"));
    }
    let mut board = Board::new();
    for &(x, y, walls) in cells.iter().filter(|c| (c.0, c.1) != (0, 0)) {
        if board.at(x, y).is_some() || walls > 15 {
            return Err(bad("each cell once, walls a mask below 16"));
        }
        board.build_with_walls(x, y, 0, walls);
    }
    Ok(board)
}

/// The cells, sorted, where a tile with walls `walls` (N 1, E 2, S 4, W 8) may be placed
/// in the layout `cells` ((x, y, walls) of every built cell): the bit-plane rule.
#[pyfunction]
fn legal_cells(cells: Vec<(i8, i8, u8)>, walls: u8) -> PyResult<Vec<(i8, i8)>> {
    guarded(|| {
        let board = board_of(&cells)?;
        let planes = board.planes();
        let mut found = Vec::new();
        planes.placeable(walls & 15, false, &mut found);
        Ok(found)
    })
}

/// Benchmark: median nanoseconds of `legal_cells(cells, walls)` inside the core (the
/// planes built from the layout each time), each in a loop of 1,000.
#[pyfunction]
fn time_legal_cells(cells: Vec<(i8, i8, u8)>, walls: u8, repeats: usize) -> PyResult<f64> {
    guarded(|| {
        let board = board_of(&cells)?;
        let mut found = Vec::with_capacity(64);
        Ok(median_ns(repeats, || {
            found.clear();
            let planes = board.planes();
            planes.placeable(walls & 15, false, &mut found);
            std::hint::black_box(&found);
        }))
    })
}

/// The determinized search of `SearchBot` for the decision of `player` in the public
/// state `public` (`PublicState.text`), with the decision's `seed` and the budget
/// (`search::Budget`; `halving` for the master level): its candidates `(code, mean
/// margin, share ahead, games played on)`, best first. The GIL is released while it runs.
#[pyfunction]
#[pyo3(signature = (public, player, seed, samples, keep, horizon = None, wall_weight = 1.0, halving = false))]
#[allow(clippy::too_many_arguments)] // the budget's counts, as Python names them
fn search(
    py: Python<'_>,
    public: &str,
    player: &str,
    seed: u32,
    samples: usize,
    keep: usize,
    horizon: Option<u32>,
    wall_weight: f64,
    halving: bool,
) -> PyResult<Vec<(u128, f64, f64, usize)>> {
    let budget = Budget {
        samples,
        keep,
        horizon,
        wall_weight,
        halving,
    };
    py.detach(|| {
        guarded(|| {
            let public = Public::read(public).map_err(refused)?;
            let seat = public
                .names
                .names
                .iter()
                .position(|name| name == player)
                .ok_or_else(|| PyValueError::new_err(format!("no player {player:?}")))?;
            let judged =
                crate::policy::search::search(&public, seat, seed, &budget).map_err(refused)?;
            Ok(judged
                .iter()
                .map(|j| {
                    let code = codes::encode_in(&public.template, &j.action);
                    (code, j.margin, j.share, j.samples)
                })
                .collect())
        })
    })
}

/// For the tests: panics inside the guard, to show a panic reaches Python as `CoreBug`.
#[pyfunction]
fn _panic(message: &str) -> PyResult<()> {
    guarded(|| panic!("{message}"))
}

/// Every tile as the core numbers it: `(kind, price, walls, marks)`, marks the names of
/// its marks joined (a hut's colour, a bazaar's currency and types) or "".
#[pyfunction]
fn tile_table() -> Vec<(String, u8, String, String)> {
    crate::cards::tiles()
        .iter()
        .map(|t| {
            (
                t.kind_name().to_string(),
                t.price,
                crate::cards::mask_sides(t.mask),
                t.marks().collect(),
            )
        })
        .collect()
}

#[pymodule]
fn alhambra_core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("PROTOCOL", PROTOCOL)?;
    m.add("SOURCE_HASH", env!("ALHAMBRA_CORE_SOURCE_HASH"))?;
    // in the rulebook's order, as games name their modules
    let held: Vec<&str> = RULEBOOK_ORDER
        .iter()
        .copied()
        .filter(|name| CORE_MODULES.contains(name))
        .collect();
    m.add("MODULES", held)?;
    m.add(
        "OPTIONS",
        CORE_OPTIONS
            .iter()
            .map(|(name, _)| *name)
            .collect::<Vec<_>>(),
    )?;
    m.add_class::<Core>()?;
    m.add_function(wrap_pyfunction!(tile_table, m)?)?;
    m.add_function(wrap_pyfunction!(_panic, m)?)?;
    m.add_function(wrap_pyfunction!(search, m)?)?;
    m.add_function(wrap_pyfunction!(legal_cells, m)?)?;
    m.add_function(wrap_pyfunction!(time_legal_cells, m)?)?;
    let py = m.py();
    m.add("CoreError", py.get_type::<CoreError>())?;
    m.add("IllegalMove", py.get_type::<IllegalMove>())?;
    m.add("Unsupported", py.get_type::<Unsupported>())?;
    m.add("InvalidGame", py.get_type::<InvalidGame>())?;
    m.add("CoreBug", py.get_type::<CoreBug>())?;
    Ok(())
}
