//! Street Merchant (Mega Box M12, RULES.md §M12), as `alhambra_lib/modules/street_merchant.py`:
//! 42 citizens, seven of each building colour, and a merchant's disc per player. At setup
//! each player takes one citizen of each colour, puts three on their disc and sets it
//! beside the fountain; the others form the supply once everyone has chosen. A tile placed
//! on a disc's cell lifts the disc: a citizen of the building's colour on it moves onto
//! the building (a resident, for good, wherever the building goes); at the turn end its
//! owner then takes a citizen from the supply, or, if none moved in, may swap one with the
//! supply; then the disc goes back on an empty cell next to the Alhambra. In the final
//! placing a resident still moves in, but the disc stays aside. At every scoring (with
//! `merchant_final_only` the last only) the residents in an Alhambra score their best
//! grouping into sets of different colours, a set of k colours k(k+1)/2.
//!
//! The colours are `KINDS` indices (the citizens are named by their building type).

use crate::board::Board;
use crate::cards::{tile, TileId, TILE_COUNT};
use crate::game::{Action, Decision, Event, Game, Kind, MAX_PLAYERS};

/// Citizens of each colour in the box.
pub const PER_COLOUR: u8 = 7;
/// Citizens on a disc at setup.
pub const DISC_SIZE: u32 = 3;
/// The cells beside the fountain a disc starts on, sorted (`_FOUNTAIN_SIDES`).
pub const FOUNTAIN_SIDES: [(i8, i8); 4] = [(-1, 0), (0, -1), (0, 1), (1, 0)];
/// Every colour: the hand of six at setup, as a set of colour bits.
pub const ALL_COLOURS: u8 = 0b11_1111;

/// What a disc's owner has to do (`_TODO`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Todo {
    #[default]
    Nothing,
    Setup,
    Take,
    Swap,
    Place,
}

impl Todo {
    /// The name in a save's slice, None for nothing to do.
    pub fn name(self) -> Option<&'static str> {
        match self {
            Todo::Nothing => None,
            Todo::Setup => Some("setup"),
            Todo::Take => Some("take"),
            Todo::Swap => Some("swap"),
            Todo::Place => Some("place"),
        }
    }

    pub fn from_name(name: Option<&str>) -> Option<Todo> {
        [
            Todo::Nothing,
            Todo::Setup,
            Todo::Take,
            Todo::Swap,
            Todo::Place,
        ]
        .into_iter()
        .find(|t| t.name() == name)
    }
}

/// A player's disc: its cell (None while lifted, before setup or after the final lift),
/// the citizens on it by colour, the citizens held at setup (a set of colours) and what
/// is to do.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Disc {
    pub pos: Option<(i8, i8)>,
    pub citizens: [u8; 6],
    pub hand: u8,
    pub todo: Todo,
}

impl Disc {
    /// The distinct colours on the disc, as colour bits.
    pub fn colours(&self) -> u8 {
        (0..6)
            .filter(|&c| self.citizens[c] > 0)
            .fold(0, |s, c| s | 1 << c)
    }
}

/// The state: the supply by colour, each player's disc, and the residents on each base
/// building (by tile id, wherever the building is).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StreetMerchant {
    pub supply: [u8; 6],
    pub discs: [Disc; MAX_PLAYERS],
    pub residents: [u8; TILE_COUNT],
}

impl Default for StreetMerchant {
    fn default() -> Self {
        StreetMerchant {
            supply: [0; 6],
            discs: [Disc::default(); MAX_PLAYERS],
            residents: [0; TILE_COUNT],
        }
    }
}

impl StreetMerchant {
    /// Setup (`StreetMerchant.setup`): each player takes one citizen of each colour from
    /// the box, to choose three of.
    pub fn new(players: usize) -> StreetMerchant {
        let mut state = StreetMerchant {
            supply: [PER_COLOUR - players as u8; 6],
            ..StreetMerchant::default()
        };
        for disc in &mut state.discs[..players] {
            disc.hand = ALL_COLOURS;
            disc.todo = Todo::Setup;
        }
        state
    }

    /// Whether a disc waits on its owner (most turns lift none).
    pub fn any_todo(&self, players: usize) -> bool {
        self.discs[..players]
            .iter()
            .any(|d| d.todo != Todo::Nothing)
    }

    /// The colours `seat` may take from the supply, as colour bits.
    pub fn takes(&self) -> u8 {
        (0..6)
            .filter(|&c| self.supply[c] > 0)
            .fold(0, |s, c| s | 1 << c)
    }

    /// `seat`'s swaps (`_swaps`): (a colour of the disc given, one of the supply taken),
    /// by the colour given, then the one taken.
    pub fn swaps(&self, seat: usize, mut each: impl FnMut(u8, u8)) {
        let mine = self.discs[seat].colours();
        let takes = self.takes();
        for give in 0..6u8 {
            if mine >> give & 1 == 0 {
                continue;
            }
            for take in 0..6u8 {
                if take != give && takes >> take & 1 == 1 {
                    each(give, take);
                }
            }
        }
    }

    /// Whether `seat` has a swap to make.
    pub fn any_swap(&self, seat: usize) -> bool {
        let mut found = false;
        self.swaps(seat, |_, _| found = true);
        found
    }

    /// The residents of each colour on the buildings of `board` (`_counts`).
    pub fn counts(&self, board: &Board) -> [u8; 6] {
        let mut counts = [0u8; 6];
        for cell in board.cells() {
            if (cell.tile as usize) < TILE_COUNT {
                let kind = crate::cards::tile(cell.tile).kind as usize;
                counts[kind] += self.residents[cell.tile as usize];
            }
        }
        counts
    }

    /// Every citizen of each colour: the supply, the discs, the hands and the residents.
    pub fn census(&self, players: usize) -> [u32; 6] {
        let mut found = self.supply.map(u32::from);
        for disc in &self.discs[..players] {
            for (c, n) in found.iter_mut().enumerate() {
                *n += disc.citizens[c] as u32 + (disc.hand >> c & 1) as u32;
            }
        }
        for id in 0..TILE_COUNT {
            found[crate::cards::tile(id as TileId).kind as usize] += self.residents[id] as u32;
        }
        found
    }
}

impl Game {
    /// The first player, from the one whose turn it is in seat order (`_order`), whose
    /// disc waits for `todo` (`Nothing`: for anything).
    fn merchant_due(&self, todo: Todo) -> Option<u8> {
        (0..self.n).map(|k| (self.current + k) % self.n).find(|&p| {
            let waits = self.merchant.discs[p as usize].todo;
            if todo == Todo::Nothing {
                waits != Todo::Nothing
            } else {
                waits == todo
            }
        })
    }

    /// The setup step (`step_merchant_setup`): each player in turn, the start player
    /// first, chooses their disc; then the citizens not chosen form the supply.
    pub(crate) fn merchant_setup_step(&mut self) -> bool {
        if let Some(seat) = self.merchant_due(Todo::Setup) {
            self.ask_merchant(seat);
            return true;
        }
        let players = self.players();
        let state = &mut self.merchant;
        if state.discs[..players].iter().any(|d| d.hand != 0) {
            for disc in &mut state.discs[..players] {
                for c in 0..6 {
                    state.supply[c] += disc.hand >> c & 1;
                }
                disc.hand = 0;
            }
            let supply = state.supply;
            self.event(Event::MerchantSupply { supply });
        }
        false
    }

    /// The turn-end steps (`step_merchant`, `step_merchant_late`): each lifted disc's
    /// owner, in turn order from the turn's player, takes or swaps a citizen (nothing to
    /// take or swap: straight to putting it back), then puts the disc back; true while a
    /// player is asked.
    pub(crate) fn merchant_step(&mut self) -> bool {
        if !self.merchant.any_todo(self.players()) {
            return false;
        }
        let Some(seat) = self.merchant_due(Todo::Nothing) else {
            return false;
        };
        let p = seat as usize;
        let todo = self.merchant.discs[p].todo;
        if (todo == Todo::Take && self.merchant.takes() == 0)
            || (todo == Todo::Swap && !self.merchant.any_swap(p))
        {
            self.merchant.discs[p].todo = Todo::Place;
        }
        self.ask_merchant(seat);
        true
    }

    fn ask_merchant(&mut self, seat: u8) {
        self.decisions.push(Decision {
            kind: Kind::Merchant,
            player: seat,
            give: false,
        });
    }

    /// The merchant decision's actions (`StreetMerchant.options`), by what the disc
    /// waits for.
    pub(crate) fn merchant_options(&self, seat: u8, out: &mut Vec<Action>) {
        let p = seat as usize;
        let state = &self.merchant;
        match state.discs[p].todo {
            Todo::Setup => {
                for colours in setup_choices() {
                    for &(x, y) in &FOUNTAIN_SIDES {
                        out.push(Action::SetMerchant { colours, x, y });
                    }
                }
            }
            Todo::Take => {
                let takes = state.takes();
                out.extend(
                    (0..6u8)
                        .filter(|&c| takes >> c & 1 == 1)
                        .map(|colour| Action::TakeCitizen { colour }),
                );
            }
            Todo::Swap => {
                state.swaps(p, |give, take| out.push(Action::SwapCitizen { give, take }));
                out.push(Action::KeepCitizens);
            }
            Todo::Place => {
                let mut cells = Vec::new();
                frontier(&self.boards[p], &mut cells);
                out.extend(
                    cells
                        .into_iter()
                        .map(|(x, y)| Action::PlaceMerchant { x, y }),
                );
            }
            Todo::Nothing => {}
        }
    }

    /// A merchant action of `seat`'s, legal now.
    pub(crate) fn apply_merchant(&mut self, seat: u8, action: Action) {
        let disc = &mut self.merchant.discs[seat as usize];
        let supply = &mut self.merchant.supply;
        let player = seat;
        let event = match action {
            Action::SetMerchant { colours, x, y } => {
                for c in 0..6 {
                    disc.citizens[c] = colours >> c & 1;
                }
                disc.hand &= !colours;
                disc.pos = Some((x, y));
                disc.todo = Todo::Nothing;
                Event::SetMerchant {
                    player,
                    colours,
                    x,
                    y,
                }
            }
            Action::TakeCitizen { colour } => {
                supply[colour as usize] -= 1;
                disc.citizens[colour as usize] += 1;
                disc.todo = Todo::Place;
                Event::TakeCitizen { player, colour }
            }
            Action::SwapCitizen { give, take } => {
                disc.citizens[give as usize] -= 1;
                disc.citizens[take as usize] += 1;
                supply[give as usize] += 1;
                supply[take as usize] -= 1;
                disc.todo = Todo::Place;
                Event::SwapCitizen { player, give, take }
            }
            Action::KeepCitizens => {
                disc.todo = Todo::Place;
                Event::KeepCitizens { player }
            }
            Action::PlaceMerchant { x, y } => {
                disc.pos = Some((x, y));
                disc.todo = Todo::Nothing;
                Event::PlaceMerchant { player, x, y }
            }
            _ => unreachable!("a merchant's action"),
        };
        self.event(event);
        self.resume();
    }

    /// A tile `id` placed on (x, y) of `seat`'s Alhambra (`on_event`): on the disc's cell
    /// it lifts the disc, and a citizen of a base building's colour on it moves in.
    pub(crate) fn lift_merchant(&mut self, seat: u8, id: TileId, x: i8, y: i8) {
        let p = seat as usize;
        if self.merchant.discs[p].pos != Some((x, y)) {
            return;
        }
        let last = self.decisions.last().map(|d| d.kind) == Some(Kind::FinalPlace);
        let state = &mut self.merchant;
        let disc = &mut state.discs[p];
        let colour = ((id as usize) < TILE_COUNT).then(|| tile(id).kind);
        let resident = colour.filter(|&c| disc.citizens[c as usize] > 0);
        if let Some(c) = resident {
            disc.citizens[c as usize] -= 1;
            state.residents[id as usize] += 1;
        }
        disc.pos = None;
        disc.todo = match (last, resident) {
            (true, _) => Todo::Nothing,
            (false, Some(_)) => Todo::Take,
            (false, None) => Todo::Swap,
        };
        let sticks = self.sticks[id as usize];
        self.event(Event::MerchantLifted {
            player: seat,
            tile: id,
            sticks,
            x,
            y,
            resident,
            last,
        });
    }
}

/// Points of one set of `k` different colours: k(k+1)/2.
pub fn set_points(k: u32) -> u32 {
    k * (k + 1) / 2
}

/// The points of the best grouping of residents `counts` (`best_grouping`): set j holds
/// every colour with at least j residents.
pub fn best_grouping(counts: &[u8; 6]) -> u32 {
    let most = counts.iter().copied().max().unwrap_or(0);
    (1..=most)
        .map(|j| set_points(counts.iter().filter(|&&n| n >= j).count() as u32))
        .sum()
}

/// The empty cells sharing a side with a built cell of `board`, sorted (`frontier`).
pub fn frontier(board: &Board, out: &mut Vec<(i8, i8)>) {
    out.clear();
    for cell in board.cells() {
        for (dx, dy) in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
            let (x, y) = (cell.x + dx, cell.y + dy);
            if board.at(x, y).is_none() {
                out.push((x, y));
            }
        }
    }
    out.sort_unstable();
    out.dedup();
}

/// The three-colour choices of the setup in `itertools.combinations` order, as colour bits.
pub fn setup_choices() -> impl Iterator<Item = u8> {
    (0..6u8).flat_map(|a| {
        (a + 1..6).flat_map(move |b| (b + 1..6).map(move |c| 1 << a | 1 << b | 1 << c))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_best_grouping_layers_the_colours() {
        // best_grouping({"pavilion": 3, "seraglio": 1, "arcades": 1}) == 8
        assert_eq!(best_grouping(&[3, 1, 1, 0, 0, 0]), 8);
        assert_eq!(best_grouping(&[1; 6]), 21);
        assert_eq!(best_grouping(&[0; 6]), 0);
        assert_eq!(best_grouping(&[2, 1, 0, 0, 0, 0]), 4);
    }

    /// A game of the module played at random to its `steps`-th action.
    fn played(seed: u128, steps: usize) -> Game {
        let mut game = Game::with_modules(3, seed, false, crate::game::STREET_MERCHANT).unwrap();
        let mut choice = crate::rng::Mt::from_seed(seed);
        let mut legal = Vec::new();
        for _ in 0..steps {
            game.legal_actions(&mut legal);
            game.apply_unchecked(legal[choice.randbelow(legal.len())]);
        }
        game
    }

    #[test]
    fn the_census_counts_every_citizen_and_each_disc_where_it_may_lie() {
        let game = played(4, 120);
        assert_eq!(game.merchant.census(3), [PER_COLOUR as u32; 6]);
        assert!(crate::save::check_components(&game).is_ok());
        let mut lost = game.clone();
        lost.merchant.supply[2] -= 1; // a citizen gone
        assert!(crate::save::check_components(&lost).is_err());
        let mut housed = game.clone();
        housed.merchant.residents[0] += 1; // one too many
        assert!(crate::save::check_components(&housed).is_err());
        let mut built_on = game.clone();
        built_on.merchant.discs[0].pos = Some((0, 0)); // the fountain's cell
        built_on.merchant.discs[0].todo = Todo::Nothing;
        assert!(crate::save::check_components(&built_on).is_err());
        let mut idle = game.clone();
        idle.merchant.discs[1].pos = None; // off the table with nothing to do
        idle.merchant.discs[1].todo = Todo::Nothing;
        assert!(crate::save::check_components(&idle).is_err());
        let mut asking = played(4, 0); // the start player chooses first
        asking.decisions.last_mut().unwrap().player = (asking.start + 1) % 3;
        assert!(crate::save::check_components(&asking).is_err());
    }

    #[test]
    fn the_frontier_is_every_empty_side_neighbour_once() {
        let mut board = Board::new();
        assert_eq!(
            {
                let mut cells = Vec::new();
                frontier(&board, &mut cells);
                cells
            },
            FOUNTAIN_SIDES.to_vec()
        );
        board.build(1, 0, 0);
        let mut cells = Vec::new();
        frontier(&board, &mut cells);
        assert_eq!(
            cells,
            vec![(-1, 0), (0, -1), (0, 1), (1, -1), (1, 1), (2, 0)]
        );
    }

    #[test]
    fn twenty_setup_choices_in_order() {
        let choices: Vec<u8> = setup_choices().collect();
        assert_eq!(choices.len(), 20);
        assert_eq!(choices[0], 0b111);
        assert_eq!(choices[19], 0b111000);
        assert!(choices.iter().all(|c| c.count_ones() == DISC_SIZE));
    }
}
