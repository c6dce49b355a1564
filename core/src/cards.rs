//! The components as small ids: the 54 building tiles, the money cards and the two
//! scoring cards, with the orders the Python engine sorts them by.
//!
//! A tile is its index in `tiles()`, which lists them in the engine's `tile_order` (type
//! in scoring-table order, then price, then walls), so a list of tiles sorted by id is
//! sorted as the engine sorts it, and a set of tiles fits in a `u64`. A money card is
//! `currency * 9 + value - 1` (0..36); `SCORING_1` and `SCORING_2` are the scoring cards.

use std::sync::OnceLock;

/// The six building types in the order of the scoring table (`KINDS`).
pub const KINDS: [&str; 6] = [
    "pavilion", "seraglio", "arcades", "chambers", "garden", "tower",
];
/// The currencies in market order (`CURRENCIES`): square s takes currency s - 1.
pub const CURRENCIES: [&str; 4] = ["denar", "dirham", "ducat", "florin"];
/// The side letters in bit order: N = 1, E = 2, S = 4, W = 8.
pub const SIDES: [char; 4] = ['N', 'E', 'S', 'W'];

pub type TileId = u8;
pub type CardId = u8;

/// The number of building tiles.
pub const TILE_COUNT: usize = 54;
/// The number of kinds of money card (4 currencies x values 1..9).
pub const MONEY_KINDS: usize = 36;
pub const SCORING_1: CardId = 36;
pub const SCORING_2: CardId = 37;
/// The six exchange cards of Currency Exchange (Mega Box M2), one per pair of
/// currencies in the order of `components.EXCHANGE_CARDS`: (denar, dirham), (denar,
/// ducat), (denar, florin), (dirham, ducat), (dirham, florin), (ducat, florin).
pub const EXCHANGE_FIRST: CardId = 38;
pub const EXCHANGE_PAIRS: [(u8, u8); 6] = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];
/// The diamonds of Diamonds (Mega Box M6), one id per value 1..9: money of a fifth
/// currency that pays any square, alone.
pub const DIAMOND_FIRST: CardId = EXCHANGE_FIRST + 6;
/// The coins of Change (Mega Box M11), one id per currency: money worth 1.
pub const COIN_FIRST: CardId = DIAMOND_FIRST + 9;
/// Every kind of card a hand, a pile or the display can hold, scoring cards included:
/// arrays indexed by card id have this length.
pub const CARD_KINDS: usize = COIN_FIRST as usize + 4;
/// The rank of the diamonds' currency after the four (`CURRENCY_RANK`).
const DIAMOND_RANK: u8 = 4;

/// The coin of `currency`.
pub fn coin(currency: u8) -> CardId {
    COIN_FIRST + currency
}

/// Whether `card` is a coin.
pub fn is_coin(card: CardId) -> bool {
    (COIN_FIRST..COIN_FIRST + 4).contains(&card)
}

/// The diamond of `value` (1..9).
pub fn diamond(value: u8) -> CardId {
    DIAMOND_FIRST + value - 1
}

/// Whether `card` is a diamond.
pub fn is_diamond(card: CardId) -> bool {
    (DIAMOND_FIRST..DIAMOND_FIRST + 9).contains(&card)
}

/// The 11 diamonds of the box, as `alhambra_lib/data/diamonds.csv` ships them (in its
/// order: the composition appends them to the money deck before the shuffle).
pub fn diamond_deck() -> Vec<CardId> {
    let text = include_str!("../../alhambra_lib/data/diamonds.csv");
    let mut lines = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty());
    let header: Vec<&str> = lines
        .next()
        .expect("diamonds.csv has a header")
        .split(',')
        .collect();
    let column = header
        .iter()
        .position(|h| *h == "value")
        .expect("a value column");
    lines
        .map(|line| {
            diamond(
                line.split(',')
                    .nth(column)
                    .and_then(|v| v.parse().ok())
                    .expect("a value"),
            )
        })
        .collect()
}

/// Whether `card` is an exchange card.
pub fn is_exchange(card: CardId) -> bool {
    (EXCHANGE_FIRST..EXCHANGE_FIRST + 6).contains(&card)
}

/// The two currencies an exchange card joins.
pub fn exchange_pair(card: CardId) -> (u8, u8) {
    EXCHANGE_PAIRS[(card - EXCHANGE_FIRST) as usize]
}

/// One building tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tile {
    /// Index into `KINDS`.
    pub kind: u8,
    pub price: u8,
    /// Walls as a mask N = 1, E = 2, S = 4, W = 8.
    pub mask: u8,
}

impl Tile {
    pub fn kind_name(&self) -> &'static str {
        KINDS[self.kind as usize]
    }
}

/// The side letters of a wall mask in N, E, S, W order.
pub fn mask_sides(mask: u8) -> String {
    SIDES
        .iter()
        .enumerate()
        .filter(|(i, _)| mask >> i & 1 == 1)
        .map(|(_, s)| *s)
        .collect()
}

/// The 54 building tiles in `tile_order`, read from the project's `tiles.csv`.
pub fn tiles() -> &'static [Tile; TILE_COUNT] {
    static TILES: OnceLock<[Tile; TILE_COUNT]> = OnceLock::new();
    TILES.get_or_init(|| {
        let mut found = parse_tiles(include_str!("../../alhambra_lib/data/tiles.csv"));
        found.sort_by_key(|t| (t.kind, t.price, t.mask));
        found
            .try_into()
            .expect("tiles.csv holds the 54 building tiles")
    })
}

fn parse_tiles(text: &str) -> Vec<Tile> {
    let mut lines = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty());
    let header: Vec<&str> = lines
        .next()
        .expect("tiles.csv has a header")
        .split(',')
        .collect();
    let column = |name: &str| {
        header
            .iter()
            .position(|h| *h == name)
            .expect("tiles.csv column")
    };
    let (kind, price) = (column("type"), column("price"));
    let walls = ["wall_n", "wall_e", "wall_s", "wall_w"].map(column);
    lines
        .map(|line| line.split(',').collect::<Vec<_>>())
        .filter(|row| row[kind] != "fountain")
        .map(|row| Tile {
            kind: KINDS
                .iter()
                .position(|k| *k == row[kind])
                .expect("a building type") as u8,
            price: row[price].parse().expect("a price"),
            mask: walls
                .iter()
                .enumerate()
                .map(|(i, c)| if row[*c] == "1" { 1 << i } else { 0 })
                .sum(),
        })
        .collect()
}

/// The tile of `id`.
pub fn tile(id: TileId) -> Tile {
    tiles()[id as usize]
}

/// The id of the tile `kind`-`price` with walls `mask`, if it is one of the 54.
pub fn tile_id(kind: u8, price: u8, mask: u8) -> Option<TileId> {
    tiles()
        .iter()
        .position(|t| t.kind == kind && t.price == price && t.mask == mask)
        .map(|i| i as TileId)
}

/// The money card of currency index `currency` (0..4) and `value` (1..9).
pub fn money(currency: u8, value: u8) -> CardId {
    currency * 9 + value - 1
}

/// The currency of a money card (coins too; the diamonds' is 4).
pub fn currency_of(card: CardId) -> u8 {
    money_parts(card).map_or(u8::MAX, |(_, rank, _)| rank)
}

/// The value of a plain money card.
pub fn value_of(card: CardId) -> u8 {
    card % 9 + 1
}

/// `(value, currency rank, kind)` of money (None for other cards): kind 0 for a plain
/// card, 2 a coin, 3 a diamond, as the engine's `_MONEY_RANK` orders cards of a value
/// and currency (1 is the master builders').
fn money_parts(card: CardId) -> Option<(u8, u8, u8)> {
    if card < MONEY_KINDS as u8 {
        Some((value_of(card), card / 9, 0))
    } else if is_coin(card) {
        Some((1, card - COIN_FIRST, 2))
    } else if is_diamond(card) {
        Some((card - DIAMOND_FIRST + 1, DIAMOND_RANK, 3))
    } else {
        None
    }
}

/// The money keys of `card_order`: 9 values x 5 currencies x 4 kinds.
const MONEY_KEYS: u8 = 180;

/// The engine's `card_order` as one small number: money (diamonds and coins included)
/// higher value first, then currency, then kind (a plain card before a coin like it);
/// exchange cards after every money card, by their pair.
pub fn card_order(card: CardId) -> u8 {
    match money_parts(card) {
        Some((value, rank, kind)) => (9 - value) * 20 + rank * 4 + kind,
        None => MONEY_KEYS + card - EXCHANGE_FIRST,
    }
}

/// The card of a `card_order` number.
pub fn card_of_order(key: u8) -> CardId {
    if key >= MONEY_KEYS {
        return EXCHANGE_FIRST + key - MONEY_KEYS;
    }
    let (value, rank, kind) = (9 - key / 20, key % 20 / 4, key % 4);
    match kind {
        2 => coin(rank),
        3 => diamond(value),
        _ => money(rank, value),
    }
}

/// The order in which the engine's payment search meets money (`minimal_card_payments`
/// sorts by value, then currency, then the component's name: "coin" before "money").
pub fn payment_order(card: CardId) -> u8 {
    let (value, rank, kind) = money_parts(card).expect("money pays");
    let component = match kind {
        2 => 0, // coin
        3 => 1, // diamond
        _ => 3, // money
    };
    (9 - value) * 20 + rank * 4 + component
}

/// Whether a `card_order` number is a money card's (diamonds and coins included).
pub fn is_money_key(key: u8) -> bool {
    key < MONEY_KEYS
}

/// What a card adds to a payment: money its value (diamonds and coins too), an exchange
/// card nothing.
pub fn worth(card: CardId) -> u32 {
    money_parts(card).map_or(0, |(value, _, _)| value as u32)
}

/// The money deck in the engine's canonical order (currency, value, copy): 3 copies of
/// each card, 2 in a game with Dirk.
pub fn money_deck(two_players: bool) -> Vec<CardId> {
    let copies = if two_players { 2 } else { 3 };
    let mut deck = Vec::with_capacity(MONEY_KINDS * copies);
    for currency in 0..4 {
        for value in 1..=9 {
            deck.extend(std::iter::repeat_n(money(currency, value), copies));
        }
    }
    deck
}

/// First-place points per type in rounds 1, 2 and 3 (`FIRST_PLACE_POINTS`).
const FIRST_PLACE: [[u32; 3]; 6] = [
    [1, 8, 16],
    [2, 9, 17],
    [3, 10, 18],
    [4, 11, 19],
    [5, 12, 20],
    [6, 13, 21],
];

/// Points for `place` (1, 2, ...) in type `kind` in round `round_no` (`place_points`).
pub fn place_points(kind: usize, round_no: usize, place: usize) -> u32 {
    if place == 0 || place > round_no {
        return 0;
    }
    FIRST_PLACE[kind][round_no - place]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_are_the_54_in_tile_order() {
        let all = tiles();
        assert_eq!(all.iter().filter(|t| t.kind == 5).count(), 11);
        assert!(all
            .windows(2)
            .all(|w| (w[0].kind, w[0].price, w[0].mask) < (w[1].kind, w[1].price, w[1].mask)));
        assert_eq!(tile_id(all[7].kind, all[7].price, all[7].mask), Some(7));
    }

    #[test]
    fn money_and_points() {
        let card = money(2, 7);
        assert_eq!((currency_of(card), value_of(card)), (2, 7));
        assert!(card_order(money(0, 9)) < card_order(money(3, 9)));
        assert!(card_order(money(3, 9)) < card_order(diamond(9)));
        assert!(card_order(diamond(9)) < card_order(money(0, 8)));
        assert!(card_order(money(1, 1)) < card_order(coin(1)));
        assert!(card_order(coin(1)) < card_order(money(2, 1)));
        assert!(payment_order(coin(1)) < payment_order(money(1, 1)));
        for card in (0..MONEY_KINDS as u8).chain(EXCHANGE_FIRST..CARD_KINDS as u8) {
            assert_eq!(card_of_order(card_order(card)), card);
        }
        assert_eq!(diamond_deck().len(), 11);
        assert!(card_order(money(3, 9)) < card_order(money(0, 8)));
        assert_eq!(money_deck(false).len(), 108);
        assert_eq!(money_deck(true).len(), 72);
        // RULES.md §8: place p of round r pays the first place of round r - p + 1.
        assert_eq!(place_points(5, 2, 2), 6);
        assert_eq!(place_points(0, 3, 3), 1);
        assert_eq!(place_points(4, 1, 2), 0);
    }
}
