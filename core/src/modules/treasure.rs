//! Treasure Chamber (Mega Box M13, RULES.md §M13), as `alhambra_lib/modules/treasure.py`:
//! 42 chests in six colours (a colour per building type, in `KINDS` order) start in a bag;
//! 4 are drawn into each of 3 rooms. On their turn a player may buy every chest of a room,
//! paying at least 8 in any mix of currencies (or diamonds alone), inclusion-minimal, no
//! change; the purchase ends the action part. At the turn end the chests go onto the
//! buyer's buildings of their colour (one a building; a choice `PlaceChest` when there
//! are more free buildings of a colour than chests of it), what is left to the left
//! neighbour and on round the table, the rest back into the bag; the room is refilled
//! with 4 unless the bag holds fewer (then no room is refilled any more). A chest stays on
//! its building (a set of tile ids), and counts while the building is in the Alhambra: the
//! majority scores 7 / 14, 7 / 22, 14, 7.
//!
//! The payments are listed by the engine's search (`minimal_card_payments`, then the
//! diamonds' `minimal_payments`); `Payments` also counts them and finds the k-th without
//! listing, for a playout's draw.

use crate::board::{Board, FOUNTAIN};
use crate::cards::{
    bits, diamond, module_card_worth, money, tile, worth, CardId, TileSet, CARD_KINDS, TILE_COUNT,
};
use crate::rng::Mt;
use crate::stack::Stack;

/// The colours' names by `KINDS` index (`COLOURS`: blue is the pavilions', ...).
pub const COLOURS: [&str; 6] = ["blue", "red", "brown", "white", "green", "purple"];
/// How many chests of each colour (§M13.1): 42 in all.
pub const CHESTS: [u8; 6] = [5, 5, 7, 7, 9, 9];
pub const ALL_CHESTS: usize = 42;
pub const ROOMS: usize = 3;
pub const ROOM_SIZE: usize = 4;
/// The least a room's chests cost.
pub const CHEST_PRICE: u32 = 8;
/// The most cards of a minimal payment of at least 8: n cards of at least m with a total
/// below 8 + m.
pub const MOST_PAID: usize = 8;

/// A room's or a handing-out's chests: colours (`KINDS` indices), sorted.
pub type Chests = Stack<u8, ROOM_SIZE>;

/// The chests bought this turn while they are handed out: their room (1-3), the chests
/// still to place and the seats to receive them (the one placing first).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Pending {
    pub room: u8,
    pub chests: Chests,
    pub queue: Stack<u8, { crate::game::MAX_PLAYERS }>,
}

/// The state: the bag's chests by colour, the rooms, the base buildings carrying a
/// chest, false once a room could not be refilled, the chests being handed out.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Treasure {
    pub bag: [u8; 6],
    pub rooms: [Chests; ROOMS],
    pub chests: TileSet,
    pub refill: bool,
    pub pending: Option<Pending>,
}

impl Treasure {
    /// The bag full, the rooms empty (`new_slice`).
    pub fn new() -> Treasure {
        Treasure {
            bag: CHESTS,
            refill: true,
            ..Treasure::default()
        }
    }

    /// The chests in the bag.
    pub fn bag_len(&self) -> usize {
        self.bag.iter().map(|&n| n as usize).sum()
    }

    /// Draw `ROOM_SIZE` chests at random out of the bag (`_draw`: the sorted bag
    /// shuffled, the first four taken, sorted).
    pub fn draw(&mut self, rng: &mut Mt) -> Chests {
        let mut bag: Stack<u8, ALL_CHESTS> = Stack::default();
        for (colour, &n) in self.bag.iter().enumerate() {
            (0..n).for_each(|_| bag.push(colour as u8));
        }
        rng.shuffle(bag.as_mut_slice());
        let mut drawn: Vec<u8> = bag.as_slice()[..ROOM_SIZE].to_vec();
        drawn.sort_unstable();
        drawn.iter().for_each(|&c| self.bag[c as usize] -= 1);
        Stack::from_slice(&drawn).expect("four chests")
    }

    /// Whether the chests are the 42 of the game, each colour's number, wherever they are
    /// (the census's "chest"), those on buildings on base buildings.
    pub fn complete(&self) -> bool {
        let mut every = self.bag;
        for room in &self.rooms {
            room.as_slice().iter().for_each(|&c| every[c as usize] += 1);
        }
        if let Some(p) = &self.pending {
            p.chests
                .as_slice()
                .iter()
                .for_each(|&c| every[c as usize] += 1);
        }
        if self.chests >> TILE_COUNT != 0 {
            return false;
        }
        bits(self.chests).for_each(|id| every[tile(id).kind as usize] += 1);
        every == CHESTS
    }
}

/// The chests on `board`'s buildings (`chest_counts`).
pub fn chests_on(board: &Board, chests: TileSet) -> u32 {
    board
        .cells()
        .iter()
        .filter(|c| c.tile != FOUNTAIN && (c.tile as usize) < TILE_COUNT)
        .filter(|c| chests >> c.tile & 1 == 1)
        .count() as u32
}

/// The cells of `board`'s buildings of `colour` without a chest, in cell order.
pub fn free_cells(board: &Board, colour: u8, chests: TileSet) -> Vec<(i8, i8)> {
    let mut cells: Vec<(i8, i8)> = board
        .cells()
        .iter()
        .filter(|c| c.tile != FOUNTAIN && (c.tile as usize) < TILE_COUNT)
        .filter(|c| tile(c.tile).kind == colour && chests >> c.tile & 1 == 0)
        .map(|c| (c.x, c.y))
        .collect();
    cells.sort_unstable();
    cells
}

/// `[(colour, how many)]` of `chests`, in colour order (`_by_colour`).
pub fn by_colour(chests: &[u8]) -> Vec<(u8, usize)> {
    (0..6u8)
        .map(|c| (c, chests.iter().filter(|&&x| x == c).count()))
        .filter(|&(_, n)| n > 0)
        .collect()
}

/// The points of places 1, 2, 3 at scoring round `round` (`CHEST_POINTS`).
pub fn chest_points(round: u8) -> &'static [u32] {
    match round {
        1 => &[7],
        2 => &[14, 7],
        _ => &[22, 14, 7],
    }
}

/// The most cards a payment search in money runs over.
pub const MAX_SEARCHED: usize = crate::game::MAX_CARDS;
/// The most diamonds in a game (§M6).
pub const MAX_DIAMONDS: usize = 11;

/// The minimal payments of at least `CHEST_PRICE` out of some cards, as the engine's
/// search meets them (`_minimal_indices`: cards highest first, equal cards side by side,
/// each multiset once), counted without listing: `below(j, t)` is the number of payments
/// the search finds from the card at `j` on (j and the next different cards after it, as
/// siblings) with `t` already paid, so the k-th payment is found by walking down. Over
/// `N` cards at most.
pub struct Payments<const N: usize> {
    cards: [CardId; N],
    len: usize,
    /// The index of the next card unlike the one at j.
    next: [u8; N],
    table: [[u32; CHEST_PRICE as usize]; N],
}

impl<const N: usize> Payments<N> {
    /// The search over `cards` (in the search's order; the first `N`).
    pub fn new(cards: &[CardId]) -> Payments<N> {
        let len = cards.len().min(N);
        let mut search = Payments {
            cards: [0; N],
            len,
            next: [0; N],
            table: [[0; CHEST_PRICE as usize]; N],
        };
        search.cards[..len].copy_from_slice(&cards[..len]);
        let mut suffix = 0u32;
        let mut next = len;
        for j in (0..len).rev() {
            let card = search.cards[j];
            if j + 1 < len && search.cards[j + 1] != card {
                next = j + 1;
            }
            search.next[j] = next as u8;
            suffix += worth(card);
            let at = |j: usize| if j < len { search.table[j] } else { NO_ROW };
            let (after, skip) = (at(j + 1), at(next));
            search.table[j] = row(worth(card), suffix, &after, &skip);
        }
        search
    }

    /// The payments found from the card at `j` on with `t` paid (none past the cards).
    fn below(&self, j: usize, t: u32) -> u32 {
        if j < self.len {
            self.table[j][t as usize]
        } else {
            0
        }
    }

    /// The number of payments.
    pub fn count(&self) -> usize {
        self.below(0, 0) as usize
    }

    /// The `k`-th payment (k < `count`), its cards in the search's order.
    pub fn nth(&self, mut k: u32) -> Stack<CardId, MOST_PAID> {
        let mut chosen = Stack::default();
        let (mut j, mut t) = (0usize, 0u32);
        loop {
            let card = self.cards[j];
            let with = t + worth(card);
            let mine = if with >= CHEST_PRICE {
                1
            } else {
                self.below(j + 1, with)
            };
            if k < mine {
                chosen.push(card);
                if with >= CHEST_PRICE {
                    return chosen;
                }
                j += 1;
                t = with;
            } else {
                k -= mine;
                j = self.next[j] as usize;
            }
        }
    }

    /// Every payment in the search's order.
    pub fn each(&self, emit: &mut impl FnMut(&[CardId])) {
        let mut chosen = [0u8; MOST_PAID];
        self.walk(0, 0, 0, &mut chosen, emit);
    }

    fn walk(
        &self,
        start: usize,
        depth: usize,
        total: u32,
        chosen: &mut [CardId; MOST_PAID],
        emit: &mut impl FnMut(&[CardId]),
    ) {
        let mut j = start;
        while self.below(j, total) > 0 {
            let card = self.cards[j];
            chosen[depth] = card;
            let with = total + worth(card);
            if with >= CHEST_PRICE {
                emit(&chosen[..=depth]);
            } else {
                self.walk(j + 1, depth + 1, with, chosen, emit);
            }
            j = self.next[j] as usize;
        }
    }
}

/// The payments found from one card on, by the total already paid (`Payments::below`).
type Row = [u32; CHEST_PRICE as usize];
/// The row past the cards: nothing is found there.
const NO_ROW: Row = [0; CHEST_PRICE as usize];

/// The row of a card worth `value` (`suffix`: what it and the cards after it are worth),
/// from the rows of the next card (`after`) and of the next card unlike it (`skip`): the
/// payments with the card, then those going on without it.
fn row(value: u32, suffix: u32, after: &Row, skip: &Row) -> Row {
    let mut row = NO_ROW;
    for t in 0..CHEST_PRICE {
        if t + suffix < CHEST_PRICE {
            continue; // the search stops here: the rest cannot reach the price
        }
        let mine = if t + value >= CHEST_PRICE {
            1
        } else {
            after[(t + value) as usize]
        };
        row[t as usize] = mine + skip[t as usize];
    }
    row
}

/// `Payments::new(cards).count()` without the table: the rows are found from the last
/// card back, keeping only those of the run of equal cards at hand and of the run after.
pub fn payment_count(cards: &[CardId]) -> usize {
    let (mut skip, mut suffix, mut end) = (NO_ROW, 0, cards.len());
    while end > 0 {
        let card = cards[end - 1];
        let start = cards[..end]
            .iter()
            .rposition(|&c| c != card)
            .map_or(0, |i| i + 1);
        let mut after = skip;
        for _ in start..end {
            suffix += worth(card);
            after = row(worth(card), suffix, &after, &skip);
        }
        (skip, end) = (after, start);
    }
    skip[0] as usize
}

/// The cards of `hand` a chest payment of money draws on: every card of a currency
/// (money, coins, master builders), in the search's order (`minimal_card_payments`).
pub fn money_cards(hand: &[u8; CARD_KINDS]) -> Stack<CardId, MAX_SEARCHED> {
    let mut cards = Stack::default();
    // highest value first, then currency: `payment_order`, without sorting
    let mut add = |card: CardId| {
        let n = (hand[card as usize] as usize).min(MAX_SEARCHED - cards.len());
        (0..n).for_each(|_| cards.push(card));
    };
    for value in (1..=9u8).rev() {
        for currency in 0..4 {
            if let Some(card) = module_card_worth(currency, value) {
                add(card);
            }
            add(money(currency, value));
        }
    }
    cards
}

/// The diamonds of `hand`, highest first (they pay only alone, §M13.3).
pub fn diamond_cards(hand: &[u8; CARD_KINDS]) -> Stack<CardId, MAX_DIAMONDS> {
    let mut cards = Stack::default();
    for value in (1..=9u8).rev() {
        for _ in 0..hand[diamond(value) as usize] {
            cards.push(diamond(value));
        }
    }
    cards
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{coin, master_builder, payment_order};

    /// The minimal payments of at least 8 by the definition: every sub-multiset of
    /// `cards` reaching 8 that no card could be left out of, each once, sorted.
    fn by_definition(cards: &[CardId]) -> Vec<Vec<CardId>> {
        let mut found: Vec<Vec<CardId>> = (1u32..1 << cards.len())
            .map(|subset| {
                let mut paid: Vec<CardId> = (0..cards.len())
                    .filter(|&i| subset >> i & 1 == 1)
                    .map(|i| cards[i])
                    .collect();
                paid.sort_unstable();
                paid
            })
            .filter(|paid| {
                let total: u32 = paid.iter().map(|&c| worth(c)).sum();
                let least = paid.iter().map(|&c| worth(c)).min().unwrap_or(0);
                total >= CHEST_PRICE && total - least < CHEST_PRICE
            })
            .collect();
        found.sort_unstable();
        found.dedup();
        found
    }

    #[test]
    fn payments_counted_listed_and_found_by_rank_agree_with_the_definition() {
        let mut rng = Mt::from_seed(31);
        for _ in 0..300 {
            let mut hand = [0u8; CARD_KINDS];
            for _ in 0..rng.randbelow(13) {
                let card = match rng.randbelow(6) {
                    0 => coin(rng.randbelow(4) as u8),
                    1 => master_builder(rng.randbelow(4) as u8),
                    _ => money(rng.randbelow(4) as u8, rng.randbelow(9) as u8 + 1),
                };
                hand[card as usize] += 1;
            }
            let cards = money_cards(&hand);
            let mut sorted = cards.as_slice().to_vec();
            sorted.sort_by_key(|&c| payment_order(c));
            assert_eq!(cards.as_slice(), sorted, "in the search's order");
            let search = Payments::<MAX_SEARCHED>::new(cards.as_slice());
            let mut listed: Vec<Vec<CardId>> = Vec::new();
            search.each(&mut |paid| listed.push(paid.to_vec()));
            assert_eq!(listed.len(), search.count());
            assert_eq!(payment_count(cards.as_slice()), search.count());
            for (k, paid) in listed.iter().enumerate() {
                assert_eq!(search.nth(k as u32).as_slice(), paid.as_slice());
            }
            let mut sorted: Vec<Vec<CardId>> = listed
                .iter()
                .map(|p| {
                    let mut p = p.clone();
                    p.sort_unstable();
                    p
                })
                .collect();
            sorted.sort_unstable();
            assert_eq!(sorted, by_definition(cards.as_slice()));
        }
    }
}
