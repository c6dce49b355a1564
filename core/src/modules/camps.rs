//! Camps (Mega Box M8, RULES.md §M8), as `alhambra_lib/modules/camps.py`: eight camps join
//! the bag and are bought like buildings. Their placement rule (bastions against walls, never
//! walked to, kept anchored) is the board's (`board.rs`); a camp's cell is empty for wall
//! points (`walls.rs`). At every scoring each bastion looks straight ahead along the
//! gap-free line of built cells and scores 1 per building on it.

use crate::board::{Board, FOUNTAIN, STEP};
use crate::cards::{is_camp, tile};

/// The camp points of `board` (`camp_points`): per camp, per bastion, the buildings on
/// the line of built cells from the camp in the bastion's direction, up to the first
/// empty cell (walls do not stop it; other tiles neither score nor break it).
pub fn camp_points(board: &Board) -> u32 {
    let mut points = 0;
    for camp in board
        .cells()
        .iter()
        .filter(|c| c.tile != FOUNTAIN && is_camp(c.tile))
    {
        for (side, (dx, dy)) in STEP.into_iter().enumerate() {
            if camp.walls >> side & 1 == 0 {
                continue;
            }
            let (mut x, mut y) = (camp.x + dx, camp.y + dy);
            while let Some(id) = board.at(x, y) {
                if id != FOUNTAIN && tile(id).is_building() {
                    points += 1;
                }
                (x, y) = (x + dx, y + dy);
            }
        }
    }
    points
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{CAMP_COUNT, CAMP_FIRST};

    #[test]
    fn a_bastion_scores_the_buildings_ahead_to_the_first_gap() {
        // a camp with a west bastion at (2, 0), a building at (1, 0), the fountain, a
        // building at (-1, 0), then nothing: 2 points (the module's own example)
        let camp = (CAMP_FIRST..CAMP_FIRST + CAMP_COUNT as u8)
            .find(|&id| tile(id).mask == 8)
            .expect("a camp with one bastion, west");
        let mut board = Board::new();
        board.build(1, 0, 53);
        board.build(-1, 0, 40);
        board.build(2, 0, camp);
        assert_eq!(camp_points(&board), 2);
    }
}
