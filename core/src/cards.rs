//! The components as small ids: the 54 building tiles and the modules' tiles, the money
//! cards, the two scoring cards and the modules' cards, with the orders the Python engine
//! sorts them by.
//!
//! A tile is its index in `tiles()`, which lists them in the engine's `tile_order` (type
//! in scoring-table order, the fountain's place, then the modules' kinds: hut; then price,
//! walls and marks), so a list of tiles sorted by id is sorted as the engine sorts it,
//! and a set of tiles fits in a `TileSet`. The 54 buildings are 0..54 whatever modules
//! are in play; the 24 huts of Squares (M4), the 8 camps of Camps (M8) and the 8 bazaars
//! of Bazaars (M16) follow. A money card is
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
/// A set of tiles, one bit per tile id.
pub type TileSet = u128;

/// The number of building tiles (ids 0..54).
pub const TILE_COUNT: usize = 54;
/// The huts of Squares (Mega Box M4), ids `HUT_FIRST..HUT_FIRST + HUT_COUNT`.
pub const HUT_FIRST: TileId = TILE_COUNT as TileId;
pub const HUT_COUNT: usize = 24;
/// The camps of Camps (Mega Box M8), ids `CAMP_FIRST..CAMP_FIRST + CAMP_COUNT`.
pub const CAMP_FIRST: TileId = HUT_FIRST + HUT_COUNT as TileId;
pub const CAMP_COUNT: usize = 8;
/// The bazaars of Bazaars (Mega Box M16), ids `BAZAAR_FIRST..BAZAAR_FIRST + BAZAAR_COUNT`.
pub const BAZAAR_FIRST: TileId = CAMP_FIRST + CAMP_COUNT as TileId;
pub const BAZAAR_COUNT: usize = 8;
/// Every tile the core knows: the buildings, the huts, the camps, the bazaars.
pub const TILE_KINDS: usize = TILE_COUNT + HUT_COUNT + CAMP_COUNT + BAZAAR_COUNT;
/// The kind index of a hut: after the six building types and the fountain (`_KIND_RANK`).
pub const HUT: u8 = 7;
/// The kind index of a camp (its walls are its bastions).
pub const CAMP: u8 = 8;
/// The kind index of a bazaar (its marks: a currency and three building types).
pub const BAZAAR: u8 = 9;
/// The kinds' names by kind index (6 is the fountain's, which has no id).
const KIND_NAMES: [&str; 10] = [
    "pavilion", "seraglio", "arcades", "chambers", "garden", "tower", "fountain", "hut", "camp",
    "bazaar",
];
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
/// The gate card of City Gates (Mega Box M5): no money; it lies beside the display.
pub const GATE: CardId = COIN_FIRST + 4;
/// The master builders of Master Builders (Mega Box M14), one id per currency: money worth
/// 3, or played for a redesign.
pub const MASTER_BUILDER_FIRST: CardId = GATE + 1;
/// The eight wall cards of City Walls (Mega Box M9), in `card_order`: N, E, S, W, NE,
/// NW, ES, SW (one side before two, then by the sides' indices).
pub const WALL_FIRST: CardId = MASTER_BUILDER_FIRST + 4;
/// The sides (a wall mask) of each wall card, by id from `WALL_FIRST`.
pub const WALL_SIDES: [u8; 8] = [1, 2, 4, 8, 3, 9, 6, 12];
/// The ten character cards of Characters (Mega Box M7), in the order of
/// `components.CHARACTERS`: they lie in the draw pile only (auctioned when drawn).
pub const CHARACTER_FIRST: CardId = WALL_FIRST + 8;
/// The characters' ids (`CharacterCard.id`), by id from `CHARACTER_FIRST`.
pub const CHARACTER_NAMES: [&str; 10] = [
    "wise_man",
    "city_watch",
    "end_bonus",
    "money_swap",
    "extra_redesign",
    "unknown_1",
    "unknown_2",
    "unknown_3",
    "unknown_4",
    "unknown_5",
];
/// Every kind of card a hand, a pile or the display can hold, scoring cards included:
/// arrays indexed by card id have this length.
pub const CARD_KINDS: usize = CHARACTER_FIRST as usize + 10;

/// Whether `card` is a character card.
pub fn is_character(card: CardId) -> bool {
    (CHARACTER_FIRST..CHARACTER_FIRST + 10).contains(&card)
}

/// Whether `card` is a wall card.
pub fn is_wall_card(card: CardId) -> bool {
    (WALL_FIRST..WALL_FIRST + 8).contains(&card)
}

/// The sides (a wall mask) a wall card's sticks go on.
pub fn wall_sides(card: CardId) -> u8 {
    WALL_SIDES[(card - WALL_FIRST) as usize]
}

/// The wall card of the sides `mask`, if there is one.
pub fn wall_card(mask: u8) -> Option<CardId> {
    WALL_SIDES
        .iter()
        .position(|&m| m == mask)
        .map(|i| WALL_FIRST + i as CardId)
}
/// What a master builder is worth as money.
const MASTER_BUILDER_VALUE: u8 = 3;

/// The master builder of `currency`.
pub fn master_builder(currency: u8) -> CardId {
    MASTER_BUILDER_FIRST + currency
}

/// Whether `card` is money of one of the four currencies (a plain card or a master
/// builder; coins never lie on the display): what a thief may steal (§M10).
pub fn is_money_of_a_currency(card: CardId) -> bool {
    card < MONEY_KINDS as CardId || is_master_builder(card)
}

/// Whether `card` is a master builder.
pub fn is_master_builder(card: CardId) -> bool {
    (MASTER_BUILDER_FIRST..MASTER_BUILDER_FIRST + 4).contains(&card)
}
/// The rank of the diamonds' currency after the four (`CURRENCY_RANK`).
const DIAMOND_RANK: u8 = 4;

/// The coin of `currency`.
pub fn coin(currency: u8) -> CardId {
    COIN_FIRST + currency
}

/// The module card of `currency` worth `value`, if any: a coin (1) or a master builder
/// (3), which `payment_order` puts before the plain card of that value.
pub fn module_card_worth(currency: u8, value: u8) -> Option<CardId> {
    match value {
        1 => Some(coin(currency)),
        MASTER_BUILDER_VALUE => Some(master_builder(currency)),
        _ => None,
    }
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

/// One tile: a building or a module's tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tile {
    /// Index into `KINDS` for a building, `HUT` for a hut.
    pub kind: u8,
    pub price: u8,
    /// Walls as a mask N = 1, E = 2, S = 4, W = 8.
    pub mask: u8,
    /// A hut's colour (index into `KINDS`), a bazaar's currency (index into
    /// `CURRENCIES`); `NO_MARK` for the other tiles.
    pub mark: u8,
    /// A bazaar's three building types, a bit per `KINDS` index; 0 for the other tiles.
    pub types: u8,
}

/// `Tile::mark` of a tile without marks.
pub const NO_MARK: u8 = u8::MAX;

impl Tile {
    pub fn kind_name(&self) -> &'static str {
        KIND_NAMES[self.kind as usize]
    }

    /// Whether the tile is a building of one of the six types (it counts for majorities).
    pub fn is_building(&self) -> bool {
        (self.kind as usize) < KINDS.len()
    }

    /// The engine's `tile_order` key: kind, price, walls, then the marks by their names.
    fn order_key(&self) -> (u8, u8, u8, [&'static str; 4]) {
        (self.kind, self.price, self.mask, self.mark_names())
    }

    fn mark_names(&self) -> [&'static str; 4] {
        let mut marks = [""; 4];
        for (slot, mark) in marks.iter_mut().zip(self.marks()) {
            *slot = mark;
        }
        marks
    }

    /// The printed marks by name (`Tile.marks`): a hut's colour; a bazaar's currency,
    /// then its three types in `KINDS` order; none for the other tiles.
    pub fn marks(&self) -> impl Iterator<Item = &'static str> {
        let (first, types) = match (self.kind, self.mark) {
            (_, NO_MARK) => (None, 0),
            (BAZAAR, currency) => (Some(CURRENCIES[currency as usize]), self.types),
            (_, colour) => (Some(KINDS[colour as usize]), 0),
        };
        first.into_iter().chain(
            (0..KINDS.len())
                .filter(move |&k| types >> k & 1 == 1)
                .map(|k| KINDS[k]),
        )
    }
}

/// The kind index of a tile kind's name (a building type or a module's kind; not the
/// fountain).
pub fn kind_of_name(name: &str) -> Option<u8> {
    KIND_NAMES
        .iter()
        .position(|k| *k == name && *k != "fountain")
        .map(|k| k as u8)
}

/// Whether `id` is a hut's.
pub fn is_hut(id: TileId) -> bool {
    (HUT_FIRST..HUT_FIRST + HUT_COUNT as TileId).contains(&id)
}

/// Whether `id` is a camp's.
pub fn is_camp(id: TileId) -> bool {
    (CAMP_FIRST..CAMP_FIRST + CAMP_COUNT as TileId).contains(&id)
}

/// The set of every camp.
pub fn all_camps() -> TileSet {
    ((1 << CAMP_COUNT) - 1) << CAMP_FIRST
}

/// Whether `id` is a bazaar's.
pub fn is_bazaar(id: TileId) -> bool {
    (BAZAAR_FIRST..BAZAAR_FIRST + BAZAAR_COUNT as TileId).contains(&id)
}

/// The set of every bazaar.
pub fn all_bazaars() -> TileSet {
    ((1 << BAZAAR_COUNT) - 1) << BAZAAR_FIRST
}

/// The tiles of a set, in id order.
pub fn bits(set: TileSet) -> impl Iterator<Item = TileId> {
    let mut rest = set;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let id = rest.trailing_zeros() as TileId;
            rest &= rest - 1;
            id
        })
    })
}

/// The set of `ids`.
pub fn tile_set(ids: &[TileId]) -> TileSet {
    ids.iter().fold(0, |set, &id| set | 1 << id)
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

/// Every tile in `tile_order`: the 54 buildings of the project's `tiles.csv`, then the
/// 24 huts of `huts.csv`, the 8 camps of `camps.csv` and the 8 bazaars of `bazaars.csv`.
pub fn tiles() -> &'static [Tile; TILE_KINDS] {
    static TILES: OnceLock<[Tile; TILE_KINDS]> = OnceLock::new();
    TILES.get_or_init(|| {
        let mut found = parse_buildings(include_str!("../../alhambra_lib/data/tiles.csv"));
        found.sort_by_key(Tile::order_key);
        for mut module_tiles in [
            parse_huts(include_str!("../../alhambra_lib/data/huts.csv")),
            parse_camps(include_str!("../../alhambra_lib/data/camps.csv")),
            parse_bazaars(include_str!("../../alhambra_lib/data/bazaars.csv")),
        ] {
            module_tiles.sort_by_key(Tile::order_key);
            found.extend(module_tiles);
        }
        found
            .try_into()
            .expect("the 54 buildings, 24 huts, 8 camps and 8 bazaars of the data files")
    })
}

/// The rows of a CSV text (comments and blank lines skipped) and a column finder.
fn csv_rows(text: &str) -> (Vec<&str>, Vec<Vec<&str>>) {
    let mut lines = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty());
    let header = lines.next().expect("a header").split(',').collect();
    (
        header,
        lines.map(|line| line.split(',').collect()).collect(),
    )
}

fn column(header: &[&str], name: &str) -> usize {
    header
        .iter()
        .position(|h| *h == name)
        .expect("the column is there")
}

fn kind_index(name: &str) -> u8 {
    KINDS
        .iter()
        .position(|k| *k == name)
        .expect("a building type") as u8
}

/// A wall mask from side letters ("NE").
fn sides_mask(sides: &str) -> u8 {
    sides
        .chars()
        .map(|c| 1 << SIDES.iter().position(|&s| s == c).expect("a side letter"))
        .sum()
}

fn parse_buildings(text: &str) -> Vec<Tile> {
    let (header, rows) = csv_rows(text);
    let (kind, price) = (column(&header, "type"), column(&header, "price"));
    let walls = ["wall_n", "wall_e", "wall_s", "wall_w"].map(|c| column(&header, c));
    rows.into_iter()
        .filter(|row| row[kind] != "fountain")
        .map(|row| Tile {
            kind: kind_index(row[kind]),
            price: row[price].parse().expect("a price"),
            mask: walls
                .iter()
                .enumerate()
                .map(|(i, c)| if row[*c] == "1" { 1 << i } else { 0 })
                .sum(),
            mark: NO_MARK,
            types: 0,
        })
        .collect()
}

fn parse_huts(text: &str) -> Vec<Tile> {
    let (header, rows) = csv_rows(text);
    let (colour, walls) = (column(&header, "type"), column(&header, "walls"));
    rows.into_iter()
        .map(|row| Tile {
            kind: HUT,
            price: 0,
            mask: sides_mask(row[walls]),
            mark: kind_index(row[colour]),
            types: 0,
        })
        .collect()
}

fn parse_camps(text: &str) -> Vec<Tile> {
    let (header, rows) = csv_rows(text);
    let (price, bastions) = (column(&header, "price"), column(&header, "bastions"));
    rows.into_iter()
        .map(|row| Tile {
            kind: CAMP,
            price: row[price].parse().expect("a price"),
            mask: sides_mask(row[bastions]),
            mark: NO_MARK,
            types: 0,
        })
        .collect()
}

fn parse_bazaars(text: &str) -> Vec<Tile> {
    let (header, rows) = csv_rows(text);
    let (currency, types) = (column(&header, "currency"), column(&header, "types"));
    rows.into_iter()
        .map(|row| Tile {
            kind: BAZAAR,
            price: 0,
            mask: 0,
            mark: CURRENCIES
                .iter()
                .position(|c| *c == row[currency])
                .expect("a currency") as u8,
            types: row[types]
                .split(' ')
                .fold(0, |set, name| set | 1 << kind_index(name)),
        })
        .collect()
}

/// The rank of each tile's marks among every tile's marks, by their names.
fn marks_ranks() -> &'static [u8; TILE_KINDS] {
    static RANKS: OnceLock<[u8; TILE_KINDS]> = OnceLock::new();
    RANKS.get_or_init(|| {
        let mut names: Vec<[&str; 4]> = tiles().iter().map(Tile::mark_names).collect();
        names.sort_unstable();
        names.dedup();
        let mut ranks = [0u8; TILE_KINDS];
        for (rank, t) in ranks.iter_mut().zip(tiles()) {
            *rank = names.binary_search(&t.mark_names()).unwrap_or(0) as u8;
        }
        ranks
    })
}

/// The engine's `tile_order` key of tile `id` with City Walls sticks `sticks` (§M9), as
/// one number: kind, price, walls with the sticks, marks, then the sticks.
pub fn order_rank(id: TileId, sticks: u8) -> u32 {
    let t = tile(id);
    (t.kind as u32) << 24
        | (t.price as u32) << 16
        | ((t.mask | sticks) as u32) << 12
        | (marks_ranks()[id as usize] as u32) << 4
        | sticks as u32
}

/// The tile of `id`.
pub fn tile(id: TileId) -> Tile {
    tiles()[id as usize]
}

/// The id of the tile of `kind` (a `KINDS` index or a module's kind), `price`, walls
/// `mask`, `mark` (`NO_MARK`, a hut's colour or a bazaar's currency) and `types` (a
/// bazaar's, else 0), if the core knows it.
pub fn tile_id(kind: u8, price: u8, mask: u8, mark: u8, types: u8) -> Option<TileId> {
    let wanted = Tile {
        kind,
        price,
        mask,
        mark,
        types,
    };
    tiles()
        .iter()
        .position(|t| *t == wanted)
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

/// The value of a card that has one (money, a master builder, a coin, a diamond); 0 for
/// the others, as `search._money` counts a hand.
pub fn money_value(card: CardId) -> u8 {
    money_parts(card).map_or(0, |(value, _, _)| value)
}

/// `(value, currency rank, kind)` of money (None for other cards): kind 0 for a plain
/// card, 1 a master builder, 2 a coin, 3 a diamond, as the engine's `_MONEY_RANK` orders
/// cards of a value and currency.
fn money_parts(card: CardId) -> Option<(u8, u8, u8)> {
    if card < MONEY_KINDS as u8 {
        Some((value_of(card), card / 9, 0))
    } else if is_master_builder(card) {
        Some((MASTER_BUILDER_VALUE, card - MASTER_BUILDER_FIRST, 1))
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
/// exchange cards after every money card, by their pair; the gate card after them.
pub fn card_order(card: CardId) -> u8 {
    match money_parts(card) {
        Some((value, rank, kind)) => (9 - value) * 20 + rank * 4 + kind,
        None if card == GATE => MONEY_KEYS + 6,
        None if is_wall_card(card) => MONEY_KEYS + 7 + (card - WALL_FIRST), // "wall_card"
        None if is_character(card) => MONEY_KEYS + 15 + (card - CHARACTER_FIRST),
        None => MONEY_KEYS + card - EXCHANGE_FIRST,
    }
}

/// The card of a `card_order` number.
pub fn card_of_order(key: u8) -> CardId {
    if key == MONEY_KEYS + 6 {
        return GATE;
    }
    if key >= MONEY_KEYS + 15 {
        return CHARACTER_FIRST + (key - MONEY_KEYS - 15);
    }
    if key > MONEY_KEYS + 6 {
        return WALL_FIRST + (key - MONEY_KEYS - 7);
    }
    if key >= MONEY_KEYS {
        return EXCHANGE_FIRST + key - MONEY_KEYS;
    }
    let (value, rank, kind) = (9 - key / 20, key % 20 / 4, key % 4);
    match kind {
        1 => master_builder(rank),
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
        1 => 2, // master_builder
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
            .take(TILE_COUNT)
            .all(|w| (w[0].kind, w[0].price, w[0].mask) < (w[1].kind, w[1].price, w[1].mask)));
        assert_eq!(
            tile_id(all[7].kind, all[7].price, all[7].mask, NO_MARK, 0),
            Some(7)
        );
        // the huts follow, by walls, then colour name (`tile_order`)
        let huts = &all[HUT_FIRST as usize..CAMP_FIRST as usize];
        let camps = &all[CAMP_FIRST as usize..BAZAAR_FIRST as usize];
        // the bazaars last, by currency, then their types' names
        let bazaars = &all[BAZAAR_FIRST as usize..];
        assert!(bazaars.iter().all(|t| t.kind == BAZAAR && !t.is_building()));
        assert!(bazaars
            .windows(2)
            .all(|w| w[0].order_key() < w[1].order_key()));
        let first: Vec<&str> = bazaars[0].marks().collect();
        assert_eq!(first, ["denar", "chambers", "garden", "tower"]);
        // with sticks (City Walls, §M9) the order is (kind, price, walls with the sticks,
        // marks, sticks), as one number
        let key = |id: TileId, sticks: u8| {
            let t = tile(id);
            (t.kind, t.price, t.mask | sticks, t.mark_names(), sticks)
        };
        for a in 0..TILE_KINDS as TileId {
            for b in 0..TILE_KINDS as TileId {
                let (sa, sb) = ((a % 16) & !tile(a).mask, (b % 7) & !tile(b).mask);
                assert_eq!(
                    order_rank(a, sa).cmp(&order_rank(b, sb)),
                    key(a, sa).cmp(&key(b, sb)),
                    "{a} {b}"
                );
            }
        }
        assert!(camps.iter().all(|t| t.kind == CAMP && !t.is_building()));
        assert!(camps.windows(2).all(|w| w[0].price < w[1].price));
        assert!(huts.iter().all(|t| t.kind == HUT && !t.is_building()));
        assert!(huts.windows(2).all(|w| w[0].order_key() < w[1].order_key()));
        assert_eq!(
            (0..6)
                .map(|k| huts.iter().filter(|t| t.mark == k).count())
                .collect::<Vec<_>>(),
            [3, 3, 4, 4, 5, 5]
        );
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
        assert!(card_order(GATE) < card_order(WALL_FIRST)); // "gate" < "wall_card"
        assert_eq!(wall_card(9), Some(WALL_FIRST + 5));
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
