//! City Walls (Mega Box M9, RULES.md §M9), as `alhambra_lib/modules/city_walls.py`: the
//! eight wall cards (four single sides, four corners) shuffled two each into money piles
//! 2-5 (three, three and two into piles 2-4 with `walls_piles_2_to_4`). A wall card drawn
//! for the display is laid beside the market. On their turn a player may take one and lay
//! its sticks, as shown, on one of their tiles: on the Alhambra (the sides facing empty
//! cells), a tile just bought or one on the reserve; that ends the action part. The
//! sticks are the tile's walls for good (`Game::sticks`), for every rule; a tile with
//! sticks never goes to Dirk; a stick never goes on a wall, the fountain or a camp.

use crate::board::{Board, FOUNTAIN, STEP};
use crate::cards::{is_camp, tile, wall_sides, CardId, TileId, WALL_FIRST};

/// The state: the wall cards beside the market and those spent, a bit each (by id from
/// `WALL_FIRST`, which is card order).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct CityWalls {
    pub beside: u8,
    pub used: u8,
}

/// The bit of a wall card in `CityWalls::beside` and `used`.
pub fn bit(card: CardId) -> u8 {
    1 << (card - WALL_FIRST)
}

/// The wall cards of a set of bits, in card order.
pub fn cards(set: u8) -> impl Iterator<Item = CardId> {
    (0..8)
        .filter(move |i| set >> i & 1 == 1)
        .map(|i| WALL_FIRST + i)
}

/// The wall cards in the order `components.WALL_CARDS` lists them (N, E, S, W, NE, ES,
/// SW, NW): the order the setup shuffles them in.
pub const BOX_ORDER: [CardId; 8] = [
    WALL_FIRST,
    WALL_FIRST + 1,
    WALL_FIRST + 2,
    WALL_FIRST + 3,
    WALL_FIRST + 4,
    WALL_FIRST + 6,
    WALL_FIRST + 7,
    WALL_FIRST + 5,
];

/// The sticks of the used cards: as many as the tiles carry.
pub fn sticks_spent(used: u8) -> u32 {
    cards(used).map(|c| wall_sides(c).count_ones()).sum()
}

/// Whether sticks may go on `sides` of a tile off the board with walls `mask`
/// (`stick_reasons`: never on a camp, never on a wall).
pub fn may_take_sticks(id: TileId, mask: u8, sides: u8) -> bool {
    !is_camp(id) && mask & sides == 0
}

/// The cells of `board`, sorted, where sticks may go on `sides` (`stick_cells`): not the
/// fountain nor a camp, no wall there yet, an empty cell across each side.
pub fn stick_cells(board: &Board, sides: u8, out: &mut Vec<(i8, i8)>) {
    for c in board.cells() {
        if c.tile == FOUNTAIN || !may_take_sticks(c.tile, c.walls, sides) {
            continue;
        }
        let facing_empty = STEP
            .iter()
            .enumerate()
            .filter(|(side, _)| sides >> side & 1 == 1)
            .all(|(_, (dx, dy))| board.at(c.x + dx, c.y + dy).is_none());
        if facing_empty {
            out.push((c.x, c.y));
        }
    }
}

/// The sticks on a built cell: its walls that are not printed on its tile.
pub fn sticks_on(walls: u8, id: TileId) -> u8 {
    walls & !tile(id).mask
}
