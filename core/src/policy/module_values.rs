//! What the Mega Box modules' tiles and decisions are worth to the strategic valuation
//! (`alhambra_lib/bots/module_values.py`), cheaply: each function looks only at the cells
//! a tile touches (a hut's four neighbours, a bazaar's eight, the lines through one cell),
//! or at what the deciding player's view shows (the chests' handing out, the street
//! merchant's and the Wise Man's choices).

use crate::board::{Board, FOUNTAIN, STEP};
use crate::cards::{is_bazaar, is_camp, is_hut, tile, TileId, KINDS};
use crate::game::{Action, Game, EMPTY};
use crate::modules::bazaars::bazaar_counts;
use crate::modules::squares;
use crate::modules::treasure::{chest_points, chests_on};

/// Whether (x, y) holds a building of one of the six types (not the fountain).
fn building_at(board: &Board, x: i8, y: i8) -> Option<u8> {
    board
        .at(x, y)
        .filter(|&id| id != FOUNTAIN && tile(id).is_building())
        .map(|id| tile(id).kind)
}

/// The counts per type of `seat`'s Alhambra with its huts' bonus (`module_counts`): the
/// bonus cards, hidden, are left out.
pub fn module_counts(game: &Game, seat: usize) -> [i32; 6] {
    let board = game.board(seat);
    let mut counts = board.counts();
    if game.has(crate::game::SQUARES) {
        squares::add_counts(board, &mut counts);
    }
    counts.map(i32::from)
}

/// Dirk's counts per type: his buildings (his camps and bazaars count for nothing).
pub fn dirk_counts(game: &Game) -> [i32; 6] {
    let mut counts = [0; 6];
    for &id in game.dirk_tiles.as_slice() {
        if tile(id).is_building() {
            counts[tile(id).kind as usize] += 1;
        }
    }
    counts
}

/// What the hut `hut` with walls `walls` on the empty (x, y) adds to its colour's count
/// (`hut_bonus_at`): its side-neighbours of its colour sharing an open side with it.
pub fn hut_bonus_at(board: &Board, x: i8, y: i8, hut: TileId, walls: u8) -> i32 {
    let colour = tile(hut).mark;
    STEP.iter()
        .enumerate()
        .filter(|&(side, (dx, dy))| {
            walls >> side & 1 == 0
                && board.placed(x + dx, y + dy).is_some_and(|other| {
                    other.tile != FOUNTAIN
                        && tile(other.tile).is_building()
                        && tile(other.tile).kind == colour
                        && other.walls >> ((side + 2) % 4) & 1 == 0
                })
        })
        .count() as i32
}

/// The n x k points the bazaar `bazaar` on the empty (x, y) would score now
/// (`bazaar_points_at`).
pub fn bazaar_points_at(board: &Board, x: i8, y: i8, bazaar: TileId) -> i32 {
    let (n, k) = bazaar_counts(board, bazaar, x, y);
    (n * k) as i32
}

/// The built cells in a gap-free line from (x, y) (excluded) towards `side` (`_run`).
fn run(board: &Board, x: i8, y: i8, side: usize) -> impl Iterator<Item = (i8, i8)> + '_ {
    let (dx, dy) = STEP[side];
    (1..)
        .map(move |k| (x + k * dx, y + k * dy))
        .take_while(|&(cx, cy)| board.at(cx, cy).is_some())
}

/// The camp points per scoring the tile `id` (walls `walls`) on the empty (x, y) adds
/// (`camp_gain_at`): a camp's buildings ahead of its bastions, and the camps whose lines
/// ended at (x, y) and now run on through it.
pub fn camp_gain_at(board: &Board, x: i8, y: i8, id: TileId, walls: u8) -> i32 {
    let buildings = |side: usize| {
        run(board, x, y, side)
            .filter(|&(cx, cy)| building_at(board, cx, cy).is_some())
            .count() as i32
    };
    let mut gain = 0;
    if is_camp(id) {
        gain += (0..4)
            .filter(|side| walls >> side & 1 == 1)
            .map(buildings)
            .sum::<i32>();
    }
    let is_building = tile(id).is_building() as i32;
    for side in 0..4 {
        let towards_cell = (side + 2) % 4; // a camp on this run aims back at (x, y)
        let camps = run(board, x, y, side)
            .filter(|&(cx, cy)| {
                board.placed(cx, cy).is_some_and(|c| {
                    c.tile != FOUNTAIN && is_camp(c.tile) && c.walls >> towards_cell & 1 == 1
                })
            })
            .count() as i32;
        if camps > 0 {
            gain += camps * (is_building + buildings(towards_cell));
        }
    }
    gain
}

/// The empty cells next to a camp with bastions `walls` on (x, y) that no building may
/// take any more (`closed_sides`): each empty side-neighbour on a side without a bastion.
pub fn closed_sides(board: &Board, x: i8, y: i8, walls: u8) -> i32 {
    STEP.iter()
        .enumerate()
        .filter(|&(side, (dx, dy))| walls >> side & 1 == 0 && board.at(x + dx, y + dy).is_none())
        .count() as i32
}

/// The empty cells sharing a side with a built cell (`Alhambra.frontier`).
pub fn frontier(board: &Board) -> Vec<(i8, i8)> {
    let mut cells: Vec<(i8, i8)> = board
        .cells()
        .iter()
        .flat_map(|c| STEP.iter().map(move |(dx, dy)| (c.x + dx, c.y + dy)))
        .filter(|&(x, y)| board.at(x, y).is_none())
        .collect();
    cells.sort_unstable();
    cells.dedup();
    cells
}

/// Which module tile `id` is, for the valuation: it scores no majority of its own.
pub fn is_module_tile(id: TileId) -> bool {
    is_hut(id) || is_bazaar(id) || is_camp(id)
}

// -- chests (M13)

/// The chests on each player's buildings, in seat order (`chest_counts`).
pub fn chest_counts(game: &Game) -> Vec<i32> {
    (0..game.players())
        .map(|p| chests_on(game.board(p), game.treasure.chests) as i32)
        .collect()
}

/// The chests each player sets if `me` bought those of `room` (1-3) now
/// (`chest_handout`, §M13.3): the buyer first, on buildings of the chests' colours
/// without a chest (those it is about to build included), then round the table.
pub fn chest_handout(game: &Game, me: usize, room: u8) -> Vec<i32> {
    let mut left = [0i32; 6];
    for &colour in game.treasure.rooms[room as usize - 1].as_slice() {
        left[colour as usize] += 1;
    }
    let players = game.players();
    let mut placed = vec![0; players];
    for name in (0..players).map(|k| (me + k) % players) {
        let mut free = [0i32; 6];
        for cell in game.board(name).cells() {
            if cell.tile != FOUNTAIN
                && tile(cell.tile).is_building()
                && game.treasure.chests >> cell.tile & 1 == 0
            {
                free[tile(cell.tile).kind as usize] += 1;
            }
        }
        if name == me {
            for &id in game.to_place.as_slice() {
                if tile(id).is_building() {
                    free[tile(id).kind as usize] += 1;
                }
            }
        }
        for (n, free) in left.iter_mut().zip(free) {
            let set = (*n).min(free);
            placed[name] += set;
            *n -= set;
        }
        if left.iter().all(|&n| n == 0) {
            break;
        }
    }
    placed
}

/// (first-place points, lower-place points) of `me` in the chest majority of round
/// `round_no` (`chest_places`, ties as in §8.3).
pub fn chest_places(counts: &[i32], me: usize, round_no: u8) -> (i32, i32) {
    let mine = counts[me];
    if mine <= 0 {
        return (0, 0);
    }
    let points = chest_points(round_no);
    let others = counts.iter().enumerate().filter(|&(p, _)| p != me);
    let place = 1 + others.clone().filter(|&(_, &n)| n > mine).count();
    let sharing = 1 + others.filter(|&(_, &n)| n == mine).count();
    let pooled: u32 = (place..place + sharing)
        .map(|p| points.get(p - 1).copied().unwrap_or(0))
        .sum();
    let share = (pooled / sharing as u32) as i32;
    if place == 1 {
        (share, 0)
    } else {
        (0, share)
    }
}

// -- the street merchant (M12)

/// How likely the player is to build each type (`colour_wishes`): two per building in
/// the Alhambra or about to be built, one per building on the market or the reserve.
fn colour_wishes(game: &Game, me: usize) -> [i32; 6] {
    let mut wish = [0; 6];
    let built = game.board(me).cells().iter().map(|c| c.tile);
    for id in built.chain(game.to_place.as_slice().iter().copied()) {
        if id != FOUNTAIN && tile(id).is_building() {
            wish[tile(id).kind as usize] += 2;
        }
    }
    for id in waiting(game, me) {
        if tile(id).is_building() {
            wish[tile(id).kind as usize] += 1;
        }
    }
    wish
}

/// The market's tiles and the player's reserve: what the disc may wait for.
fn waiting(game: &Game, me: usize) -> impl Iterator<Item = TileId> + '_ {
    let market = game.market.iter().copied().filter(|&id| id != EMPTY);
    market.chain(crate::cards::bits(game.reserves[me]))
}

/// Per cell, how many tiles could go there.
type Fit = Vec<((i8, i8), i32)>;

/// How many market and reserve buildings of the colours `colours` (bits) could go on
/// each cell of the player's Alhambra (`merchant_choice.fits`).
fn fits(game: &Game, me: usize, colours: u8) -> Fit {
    let mut fit: Fit = Vec::new();
    let planes = game.board(me).planes();
    let mut cells = Vec::new();
    for id in waiting(game, me) {
        if !tile(id).is_building() || colours >> tile(id).kind & 1 == 0 {
            continue;
        }
        cells.clear();
        planes.placeable(game.mask_of(id), false, &mut cells);
        for &cell in &cells {
            match fit.iter_mut().find(|(c, _)| *c == cell) {
                Some((_, n)) => *n += 1,
                None => fit.push((cell, 1)),
            }
        }
    }
    fit
}

fn fit_at(fit: &[((i8, i8), i32)], cell: (i8, i8)) -> i32 {
    fit.iter().find(|(c, _)| *c == cell).map_or(0, |&(_, n)| n)
}

/// The first of `candidates` with the highest `score` (`first_best`).
fn first_best<K: PartialOrd>(
    candidates: impl Iterator<Item = Action>,
    mut score: impl FnMut(&Action) -> K,
) -> Option<Action> {
    let mut best: Option<(K, Action)> = None;
    for action in candidates {
        let value = score(&action);
        if best.as_ref().is_none_or(|(top, _)| value > *top) {
            best = Some((value, action));
        }
    }
    best.map(|(_, action)| action)
}

/// The street merchant's choice among `actions`, the decision `merchant`
/// (`merchant_choice`): the wished colours, where the market's tiles of them fit.
pub fn merchant_choice(game: &Game, me: usize, actions: &[Action]) -> Action {
    let wish = colour_wishes(game, me);
    let disc = game.merchant.discs[me].citizens;
    let wished = |colours: u8| -> i32 {
        (0..6)
            .filter(|c| colours >> c & 1 == 1)
            .map(|c| wish[c])
            .sum()
    };
    let all = || actions.iter().copied();
    let set = all().filter(|a| matches!(a, Action::SetMerchant { .. }));
    let mut known: Vec<(u8, Fit)> = Vec::new();
    if let Some(best) = first_best(set, |a| match *a {
        Action::SetMerchant { colours, x, y } => {
            if !known.iter().any(|(c, _)| *c == colours) {
                known.push((colours, fits(game, me, colours)));
            }
            let fit = &known.iter().find(|(c, _)| *c == colours).expect("kept").1;
            (wished(colours), fit_at(fit, (x, y)))
        }
        _ => unreachable!("a set_merchant"),
    }) {
        return best;
    }
    let take = all().filter(|a| matches!(a, Action::TakeCitizen { .. }));
    if let Some(best) = first_best(take, |a| match *a {
        Action::TakeCitizen { colour } => (disc[colour as usize] == 0, wish[colour as usize]),
        _ => unreachable!("a take_citizen"),
    }) {
        return best;
    }
    let keep = all().find(|a| matches!(a, Action::KeepCitizens));
    let swaps = all().filter(|a| matches!(a, Action::SwapCitizen { .. }));
    let on_disc: u8 = (0..6).filter(|&c| disc[c] > 0).fold(0, |s, c| s | 1 << c);
    let swap_gain = |a: &Action| -> i32 {
        let Action::SwapCitizen { give, take } = *a else {
            unreachable!("a swap_citizen")
        };
        let mut after = on_disc & !(1 << give) | 1 << take;
        if disc[give as usize] > 1 {
            after |= 1 << give;
        }
        wished(after) - wished(on_disc)
    };
    let swap = first_best(swaps, swap_gain);
    if swap.is_some() || keep.is_some() {
        return match (swap, keep) {
            (Some(s), keep) if swap_gain(&s) > 0 || keep.is_none() => s,
            (_, Some(keep)) => keep,
            _ => unreachable!("a swap or a keep"),
        };
    }
    let places = all().filter(|a| matches!(a, Action::PlaceMerchant { .. }));
    let fit_disc = fits(game, me, on_disc);
    let board = game.board(me);
    first_best(places, |a| match *a {
        Action::PlaceMerchant { x, y } => (
            fit_at(&fit_disc, (x, y)),
            STEP.iter()
                .filter(|(dx, dy)| board.at(x + dx, y + dy).is_some())
                .count(),
        ),
        _ => unreachable!("a place_merchant"),
    })
    .unwrap_or(actions[0])
}

// -- the Wise Man (M7)

/// The points `counts[name]` wins in `kind` at `round_no` against the others
/// (`majority_awards`' share for `name`).
fn kind_share(counts: &[[i32; 6]], name: usize, kind: usize, round_no: usize) -> u32 {
    let mine = counts[name][kind];
    let others: Vec<i32> = (0..counts.len())
        .filter(|&c| c != name)
        .map(|c| counts[c][kind])
        .collect();
    let (first, lower) = super::strategic::kind_points(kind, round_no, mine, &others);
    first + lower
}

/// The Wise Man's type (`wise_man_pick`, MEGABOX.md 0.6): the most points for the
/// owner `me` this scoring, then the fewest for its best rival, then table order; on
/// the counts the owner sees (the bonus cards hidden).
pub fn wise_man_pick(game: &Game, me: usize, actions: &[Action]) -> Action {
    let mut counts: Vec<[i32; 6]> = (0..game.players())
        .map(|p| module_counts(game, p))
        .collect();
    if game.has_dirk() {
        counts.push(dirk_counts(game));
    }
    // half a building: every count doubled, the owner's kind one more
    let doubled: Vec<[i32; 6]> = counts.iter().map(|c| c.map(|n| 2 * n)).collect();
    let round = game.wise_man_round() as usize;
    let rival = (0..game.players())
        .filter(|&p| p != me)
        .fold(None, |best: Option<usize>, p| match best {
            Some(b) if game.scores[b] >= game.scores[p] => Some(b),
            _ => Some(p),
        });
    let gain = |kind: usize, name: usize| -> i64 {
        let mut half = doubled.clone();
        half[me][kind] += 1;
        kind_share(&half, name, kind, round) as i64 - kind_share(&doubled, name, kind, round) as i64
    };
    let kind = (0..KINDS.len())
        .min_by_key(|&kind| (-gain(kind, me), rival.map_or(0, |r| gain(kind, r)), kind))
        .expect("six types");
    actions
        .iter()
        .copied()
        .find(|a| matches!(a, Action::ChooseWiseMan { colour } if *colour as usize == kind))
        .unwrap_or(actions[0])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{BAZAAR_COUNT, BAZAAR_FIRST, CAMP_COUNT, CAMP_FIRST, TILE_COUNT};
    use crate::game::{STREET_MERCHANT, TREASURE};
    use crate::modules::squares::huts_of;
    use crate::stack::Stack;

    /// The `nth` building of `kind` (a `KINDS` index) with the walls `mask`, or any walls.
    fn building(kind: u8, mask: Option<u8>, nth: usize) -> TileId {
        (0..TILE_COUNT as TileId)
            .filter(|&id| tile(id).kind == kind && mask.is_none_or(|m| tile(id).mask == m))
            .nth(nth)
            .expect("such a building")
    }

    fn camp(mask: u8) -> TileId {
        (CAMP_FIRST..CAMP_FIRST + CAMP_COUNT as TileId)
            .find(|&id| tile(id).mask == mask)
            .expect("such a camp")
    }

    const GARDEN: u8 = 4;
    const TOWER: u8 = 5;

    #[test]
    fn a_hut_counts_its_open_neighbours_of_its_colour() {
        let hut = huts_of(GARDEN)
            .into_iter()
            .find(|&id| tile(id).mask == 1)
            .expect("a garden hut with a north wall");
        let mut board = Board::new();
        board.build(2, 0, building(GARDEN, Some(0), 0)); // open: counts
        board.build(1, 1, building(GARDEN, Some(0), 1)); // behind the hut's wall
        board.build(1, -1, building(TOWER, Some(0), 0)); // another colour
        assert_eq!(hut_bonus_at(&board, 1, 0, hut, tile(hut).mask), 1);
        // the same hut without its wall counts the garden to the north too
        assert_eq!(hut_bonus_at(&board, 1, 0, hut, 0), 2);
    }

    #[test]
    fn a_camp_scores_the_line_of_its_bastion_and_a_building_joins_a_line() {
        // module_values' example: a camp at (2, 0) looking W at a tower and a garden
        let mut board = Board::new();
        board.build(1, 0, building(TOWER, None, 0));
        board.build(-1, 0, building(GARDEN, None, 0));
        let west = camp(8);
        assert_eq!(camp_gain_at(&board, 2, 0, west, 8), 2);
        // a garden set on the gap between a camp aiming W and the fountain's row: it
        // scores itself and the building beyond (camp_gain_at's example)
        let mut board = Board::new();
        board.build(-1, 0, building(3, None, 0));
        board.build(2, 0, building(TOWER, None, 0));
        board.build(3, 0, west);
        let garden = building(GARDEN, None, 1);
        assert_eq!(camp_gain_at(&board, 1, 0, garden, tile(garden).mask), 2);
        // three empty sides without a bastion are closed to buildings
        assert_eq!(closed_sides(&Board::new(), 1, 0, 8), 3);
        assert_eq!(closed_sides(&Board::new(), 1, 0, 15), 0);
    }

    #[test]
    fn a_bazaar_scores_n_times_k_around_its_cell_unbuilt() {
        let bazaar = (BAZAAR_FIRST..BAZAAR_FIRST + BAZAAR_COUNT as TileId)
            .find(|&id| tile(id).types == 1 << 1 | 1 << 2 | 1 << TOWER)
            .expect("a bazaar of seraglio, arcades and tower");
        let mut board = Board::new();
        board.build(2, 0, building(1, None, 0));
        board.build(1, -1, building(1, None, 1));
        board.build(2, 1, building(2, None, 0));
        board.build(0, 1, building(TOWER, None, 0));
        board.build(0, -1, building(0, None, 0)); // no type of the bazaar
        assert_eq!(bazaar_points_at(&board, 1, 0, bazaar), 12); // 4 x 3
        assert!(frontier(&board).contains(&(1, 0)));
        assert!(!frontier(&board).contains(&(0, 0)));
    }

    #[test]
    fn chest_places_share_as_the_rules_say() {
        // place_groups' example, round 3: A and B share 22 + 14, C third
        let counts = [3, 3, 1, 0];
        assert_eq!(chest_places(&counts, 0, 3), (18, 0));
        assert_eq!(chest_places(&counts, 2, 3), (0, 7));
        assert_eq!(chest_places(&counts, 3, 3), (0, 0));
        assert_eq!(chest_places(&counts, 2, 1), (0, 0)); // round 1 pays the first only
    }

    #[test]
    fn chests_go_to_the_buyer_first_then_round_the_table() {
        let mut game = Game::with_modules(3, 1, false, TREASURE).expect("a game");
        game.boards = [Board::new(); 6];
        game.to_place = Stack::default();
        game.treasure.chests = 0;
        game.treasure.rooms[0] = Stack::from_slice(&[GARDEN, GARDEN, TOWER]).expect("chests");
        game.boards[0].build(1, 0, building(GARDEN, None, 0));
        game.boards[1].build(1, 0, building(GARDEN, None, 1));
        game.boards[1].build(-1, 0, building(TOWER, None, 0));
        game.boards[2].build(1, 0, building(GARDEN, None, 2));
        assert_eq!(chest_handout(&game, 0, 1), [1, 2, 0]);
        // seat 2 first: a garden; then seat 0 the other garden, seat 1 the tower
        assert_eq!(chest_handout(&game, 2, 1), [1, 1, 1]);
        assert_eq!(chest_counts(&game), [0, 0, 0]);
    }

    #[test]
    fn the_merchant_takes_the_wished_colour_and_keeps_rather_than_a_useless_swap() {
        let mut game = Game::with_modules(3, 1, false, STREET_MERCHANT).expect("a game");
        game.boards = [Board::new(); 6];
        game.to_place = Stack::default();
        game.reserves = [0; 6];
        game.market = [EMPTY; 4];
        game.boards[0].build(1, 0, building(GARDEN, None, 0)); // a wish of 2 for gardens
        game.merchant.discs[0].citizens = [1, 0, 0, 0, 0, 0];
        let takes = [
            Action::TakeCitizen { colour: 0 },
            Action::TakeCitizen { colour: GARDEN },
        ];
        assert_eq!(merchant_choice(&game, 0, &takes), takes[1]);
        // swapping the pavilion for a tower wishes nothing more: keep
        let swaps = [
            Action::SwapCitizen {
                give: 0,
                take: TOWER,
            },
            Action::KeepCitizens,
        ];
        assert_eq!(merchant_choice(&game, 0, &swaps), Action::KeepCitizens);
        let swaps = [
            Action::SwapCitizen {
                give: 0,
                take: GARDEN,
            },
            Action::KeepCitizens,
        ];
        assert_eq!(merchant_choice(&game, 0, &swaps), swaps[0]);
    }
}
