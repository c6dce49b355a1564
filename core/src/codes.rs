//! Actions as integers for the crossing to Python: one `u128` per action, which the Python
//! side turns into the project's `Action` values (and back) with a dictionary.
//!
//! The low 3 bits are the kind (take 0, buy 1, end 2, place 3, reserve 4, give 5,
//! redesign 6); the fields follow, as `docs/CORE.md` lays out. A buy's tile is bits 6-12,
//! its payment the number of cards of each value (two bits a value) in the square's
//! currency from bit 13, in an exchange card's other currency from bit 31, and the
//! exchange card (1 + its index among the six, 0 for none; 7 for diamonds alone) from
//! bit 49, the coins of the square's currency and of the other from bit 52, and their
//! master builders from bit 58 (three bits each); bit 64 marks a vizier's purchase (§M1),
//! bit 65 a bazaar's (§M16: its tile the bazaar, its square its currency's).
//! Kind 7 is a module's action: its number among the modules' actions in bits 3-7 (take
//! a hut 0, wake the vizier 1, decline 2, steal 3, play a master builder 4), its fields
//! from bit 8 (a hut's colour, a card); laying a wall card's sticks 5: the card in bits
//! 8-14, the tile in 15-22, bit 23 set for a tile on the Alhambra, its x + 128 and y + 128
//! in bits 24-31 and 32-39. Characters (§M7): a bid 6, its currency in bits 8-10 (4 for
//! diamonds), its cards of each value from bit 11 (two bits a value), its coins from bit
//! 29 and master builders from bit 32 (three bits each); the Wise Man's type 7, the type
//! in bits 8-10; the money swap 8, the card in bits 8-15. Treasure Chamber (§M13): buying
//! a room's chests 9, the room in bits 8-9, the number of cards paid in 10-13, the cards
//! (in card order) 7 bits each from bit 14; placing a chest 10, its cell's x + 128 and
//! y + 128 in bits 8-15 and 16-23. Street Merchant's (§M12) from 24: setting the disc 24
//! (the three colours as bits 8-13, the cell's x + 128 and y + 128 in bits 14-21 and
//! 22-29), taking a citizen 25 (its colour in bits 8-10), swapping 26 (the colour given
//! in bits 8-10, the one taken in 11-13), keeping the citizens 27, putting the disc back
//! 28 (x + 128 and y + 128 in bits 8-15 and 16-23).
//!
//! With City Walls (§M9) a tile a player holds may carry sticks, and the Python action
//! names the tile with them: `encode_in` adds the tile's sticks to its code (a place's in
//! bits 30-33, a reserve's or a give's in 11-14, a redesign's in 32-35, a wall's in
//! 40-43), and `decode_in` reads such a code back only if they are the tile's now.

use crate::game::{Action, Game, Move, Purchase, NO_GATE};
use crate::modules::characters::Bid;

const TAKE: u128 = 0;
const BUY: u128 = 1;
const END: u128 = 2;
const PLACE: u128 = 3;
const RESERVE: u128 = 4;
const GIVE: u128 = 5;
const REDESIGN: u128 = 6;
const MODULE: u128 = 7;
/// The modules' actions (bits 3-7 of a `MODULE` code).
const TAKE_HUT: u128 = 0;
const WAKE: u128 = 1;
const DECLINE: u128 = 2;
const STEAL: u128 = 3;
const PLAY_MASTER_BUILDER: u128 = 4;
const BUILD_WALL: u128 = 5;
const BID: u128 = 6;
const WISE_MAN: u128 = 7;
const SWAP_CARD: u128 = 8;
const SET_MERCHANT: u128 = 24;
const TAKE_CITIZEN: u128 = 25;
const SWAP_CITIZEN: u128 = 26;
const KEEP_CITIZENS: u128 = 27;
const PLACE_MERCHANT: u128 = 28;
const BUY_CHESTS: u128 = 9;
const PLACE_CHEST: u128 = 10;
/// Bit 64 of a buy's code: the vizier's purchase.
const VIZIER_BUY: u128 = 1 << 64;
/// Bit 65 of a buy's code: a bazaar's purchase.
const BAZAAR_BUY: u128 = 1 << 65;

fn coordinate(v: i8) -> u128 {
    (v as i16 + 128) as u128
}

fn signed(v: u128) -> i8 {
    ((v & 0xff) as i16 - 128) as i8
}

/// A purchase's fields in a buy's code.
fn purchase_code(p: &Purchase) -> u128 {
    BUY | (p.square as u128) << 3
        | (p.tile as u128) << 6
        | (p.pay as u128) << 13
        | (p.other as u128) << 31
        | (p.exchange as u128) << 49
        | (p.coins as u128) << 52
        | (p.builders as u128) << 58
}

/// The purchase of a buy's code.
fn purchase_of(code: u128) -> Purchase {
    Purchase {
        square: (code >> 3 & 7) as u8,
        tile: (code >> 6 & 127) as u8,
        pay: (code >> 13 & 0x3ffff) as u32,
        other: (code >> 31 & 0x3ffff) as u32,
        exchange: (code >> 49 & 7) as u8,
        coins: (code >> 52 & 63) as u8,
        builders: (code >> 58 & 63) as u8,
    }
}

/// The code of `action`.
pub fn encode(action: &Action) -> u128 {
    match *action {
        Action::Take { cards, n } => {
            let mut code = TAKE | (n as u128) << 3;
            for (i, &card) in cards[..n as usize].iter().enumerate() {
                code |= (card as u128) << (6 + 6 * i);
            }
            code
        }
        Action::Buy(purchase) => purchase_code(&purchase),
        Action::End => END,
        Action::Place { tile, x, y, gate } => {
            PLACE
                | (tile as u128) << 3
                | coordinate(x) << 11
                | coordinate(y) << 19
                | gate_field(gate) << 27
        }
        Action::Reserve { tile } => RESERVE | (tile as u128) << 3,
        Action::Give { tile } => GIVE | (tile as u128) << 3,
        Action::Redesign {
            mv,
            tile,
            x,
            y,
            gate,
        } => {
            let mv = match mv {
                Move::Place => 0,
                Move::Remove => 1,
                Move::Exchange => 2,
            };
            REDESIGN
                | mv << 3
                | (tile as u128) << 5
                | coordinate(x) << 13
                | coordinate(y) << 21
                | gate_field(gate) << 29
        }
        Action::TakeHut { colour } => MODULE | TAKE_HUT << 3 | (colour as u128) << 8,
        Action::Wake => MODULE | WAKE << 3,
        Action::Decline => MODULE | DECLINE << 3,
        Action::Steal { card } => MODULE | STEAL << 3 | (card as u128) << 8,
        Action::VizierBuy(purchase) => purchase_code(&purchase) | VIZIER_BUY,
        Action::BuyBazaar(purchase) => purchase_code(&purchase) | BAZAAR_BUY,
        Action::PlayMasterBuilder { card } => {
            MODULE | PLAY_MASTER_BUILDER << 3 | (card as u128) << 8
        }
        Action::BuildWall { card, tile, cell } => {
            let at = cell.map_or(0, |(x, y)| {
                1 << 23 | coordinate(x) << 24 | coordinate(y) << 32
            });
            MODULE | BUILD_WALL << 3 | (card as u128) << 8 | (tile as u128) << 15 | at
        }
        Action::Bid(bid) => {
            MODULE
                | BID << 3
                | (bid.currency as u128) << 8
                | (bid.pay as u128) << 11
                | (bid.coins as u128) << 29
                | (bid.builders as u128) << 32
        }
        Action::ChooseWiseMan { colour } => MODULE | WISE_MAN << 3 | (colour as u128) << 8,
        Action::SwapCard { card } => MODULE | SWAP_CARD << 3 | (card as u128) << 8,
        Action::SetMerchant { colours, x, y } => {
            MODULE
                | SET_MERCHANT << 3
                | (colours as u128) << 8
                | coordinate(x) << 14
                | coordinate(y) << 22
        }
        Action::TakeCitizen { colour } => MODULE | TAKE_CITIZEN << 3 | (colour as u128) << 8,
        Action::SwapCitizen { give, take } => {
            MODULE | SWAP_CITIZEN << 3 | (give as u128) << 8 | (take as u128) << 11
        }
        Action::KeepCitizens => MODULE | KEEP_CITIZENS << 3,
        Action::PlaceMerchant { x, y } => {
            MODULE | PLACE_MERCHANT << 3 | coordinate(x) << 8 | coordinate(y) << 16
        }
        Action::BuyChests { room, cards, n } => cards[..n as usize].iter().enumerate().fold(
            MODULE | BUY_CHESTS << 3 | (room as u128) << 8 | (n as u128) << 10,
            |code, (i, &card)| code | (card as u128) << (14 + 7 * i),
        ),
        Action::PlaceChest { x, y } => {
            MODULE | PLACE_CHEST << 3 | coordinate(x) << 8 | coordinate(y) << 16
        }
    }
}

/// The tile of `action` that a player holds and the shift of its sticks in the code.
fn held_tile(action: &Action) -> Option<(u8, u32)> {
    match *action {
        Action::Place { tile, .. } => Some((tile, 30)),
        Action::Reserve { tile } | Action::Give { tile } => Some((tile, 11)),
        Action::Redesign { mv, tile, .. } if mv != Move::Remove => Some((tile, 32)),
        Action::BuildWall { tile, .. } => Some((tile, 40)),
        _ => None,
    }
}

/// The code of `action` in `game`: `encode`, with the sticks of the tile it moves.
pub fn encode_in(game: &Game, action: &Action) -> u128 {
    let code = encode(action);
    match held_tile(action) {
        Some((tile, shift)) => code | (game.sticks_of(tile) as u128) << shift,
        None => code,
    }
}

/// The action of a code of `encode_in` in `game`.
pub fn decode_in(game: &Game, code: u128) -> Option<Action> {
    let plain = |shift: u32| code & !(15 << shift);
    let action = [30, 11, 32, 40]
        .into_iter()
        .find_map(|shift| decode(plain(shift)).filter(|a| held_tile(a).map(|h| h.1) == Some(shift)))
        .or_else(|| decode(code))?;
    (encode_in(game, &action) == code).then_some(action)
}

/// A gate's side in a code: 0 for none, 1 + the side (City Gates, §M5).
fn gate_field(gate: u8) -> u128 {
    if gate == NO_GATE {
        0
    } else {
        gate as u128 + 1
    }
}

/// The gate of a code's gate field (3 bits).
fn gate_of(field: u128) -> u8 {
    match field & 7 {
        0 => NO_GATE,
        side => side as u8 - 1,
    }
}

/// The action of `code`, if it is the code of one.
pub fn decode(code: u128) -> Option<Action> {
    let action = match code & 7 {
        TAKE => {
            let n = (code >> 3 & 7) as u8;
            if !(1..=5).contains(&n) {
                return None;
            }
            let mut cards = [0u8; 5];
            for (i, card) in cards.iter_mut().enumerate().take(n as usize) {
                *card = (code >> (6 + 6 * i) & 63) as u8;
            }
            Action::Take { cards, n }
        }
        BUY if code & VIZIER_BUY != 0 => Action::VizierBuy(purchase_of(code)),
        BUY if code & BAZAAR_BUY != 0 => Action::BuyBazaar(purchase_of(code)),
        BUY => Action::Buy(purchase_of(code)),
        END => Action::End,
        PLACE => Action::Place {
            tile: (code >> 3) as u8,
            x: signed(code >> 11),
            y: signed(code >> 19),
            gate: gate_of(code >> 27),
        },
        RESERVE => Action::Reserve {
            tile: (code >> 3) as u8,
        },
        GIVE => Action::Give {
            tile: (code >> 3) as u8,
        },
        REDESIGN => {
            let mv = match code >> 3 & 3 {
                0 => Move::Place,
                1 => Move::Remove,
                2 => Move::Exchange,
                _ => return None,
            };
            Action::Redesign {
                mv,
                tile: (code >> 5) as u8,
                x: signed(code >> 13),
                y: signed(code >> 21),
                gate: gate_of(code >> 29),
            }
        }
        _ => match code >> 3 & 31 {
            TAKE_HUT if (code >> 8) < 6 => Action::TakeHut {
                colour: (code >> 8) as u8,
            },
            WAKE => Action::Wake,
            DECLINE => Action::Decline,
            STEAL if crate::cards::is_money_of_a_currency((code >> 8).min(255) as u8) => {
                Action::Steal {
                    card: (code >> 8) as u8,
                }
            }
            PLAY_MASTER_BUILDER if crate::cards::is_master_builder((code >> 8).min(255) as u8) => {
                Action::PlayMasterBuilder {
                    card: (code >> 8) as u8,
                }
            }
            BUILD_WALL if crate::cards::is_wall_card((code >> 8 & 127) as u8) => {
                Action::BuildWall {
                    card: (code >> 8 & 127) as u8,
                    tile: (code >> 15) as u8,
                    cell: (code >> 23 & 1 == 1).then(|| (signed(code >> 24), signed(code >> 32))),
                }
            }
            BID if (code >> 8 & 7) <= 4 => Action::Bid(Bid {
                currency: (code >> 8 & 7) as u8,
                pay: (code >> 11 & 0x3ffff) as u32,
                coins: (code >> 29 & 7) as u8,
                builders: (code >> 32 & 7) as u8,
            }),
            WISE_MAN if (code >> 8) < 6 => Action::ChooseWiseMan {
                colour: (code >> 8) as u8,
            },
            SWAP_CARD if crate::cards::is_money_of_a_currency((code >> 8).min(255) as u8) => {
                Action::SwapCard {
                    card: (code >> 8) as u8,
                }
            }
            SET_MERCHANT if (code >> 8 & 63).count_ones() == 3 => Action::SetMerchant {
                colours: (code >> 8 & 63) as u8,
                x: signed(code >> 14),
                y: signed(code >> 22),
            },
            TAKE_CITIZEN if (code >> 8 & 7) < 6 => Action::TakeCitizen {
                colour: (code >> 8 & 7) as u8,
            },
            SWAP_CITIZEN if (code >> 8 & 7) < 6 && (code >> 11 & 7) < 6 => {
                let (give, take) = ((code >> 8 & 7) as u8, (code >> 11 & 7) as u8);
                if give == take {
                    return None;
                }
                Action::SwapCitizen { give, take }
            }
            KEEP_CITIZENS => Action::KeepCitizens,
            PLACE_MERCHANT => Action::PlaceMerchant {
                x: signed(code >> 8),
                y: signed(code >> 16),
            },
            BUY_CHESTS => {
                let n = (code >> 10 & 15) as u8;
                if !(1..=crate::modules::treasure::MOST_PAID as u8).contains(&n) {
                    return None;
                }
                let mut cards = [0u8; crate::modules::treasure::MOST_PAID];
                for (i, card) in cards.iter_mut().enumerate().take(n as usize) {
                    *card = (code >> (14 + 7 * i) & 127) as u8;
                }
                if cards[..n as usize]
                    .iter()
                    .any(|&c| c as usize >= crate::cards::CARD_KINDS)
                {
                    return None;
                }
                Action::BuyChests {
                    room: (code >> 8 & 3) as u8,
                    cards,
                    n,
                }
            }
            PLACE_CHEST => Action::PlaceChest {
                x: signed(code >> 8),
                y: signed(code >> 16),
            },
            _ => return None,
        },
    };
    // a code names one action: anything else is no code of ours
    (encode(&action) == code).then_some(action)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::FOUNTAIN;

    #[test]
    fn codes_round_trip() {
        let actions = [
            Action::Take {
                cards: [3, 12, 0, 0, 0],
                n: 2,
            },
            Action::Buy(Purchase {
                square: 4,
                tile: 53,
                pay: 0b01_00_10,
                other: 0,
                exchange: 0,
                coins: 0,
                builders: 0,
            }),
            Action::Buy(Purchase {
                square: 2,
                tile: 11,
                pay: 0b11,
                other: 0b1_00_00,
                exchange: 6,
                coins: 0b010_001,
                builders: 0b100_011,
            }),
            Action::End,
            Action::Place {
                tile: 7,
                x: -3,
                y: 12,
                gate: NO_GATE,
            },
            Action::Place {
                tile: 77,
                x: 3,
                y: -12,
                gate: 3,
            },
            Action::Take {
                cards: [crate::cards::GATE, 0, 0, 0, 0],
                n: 1,
            },
            Action::Reserve { tile: 0 },
            Action::Give { tile: 9 },
            Action::Redesign {
                mv: Move::Remove,
                tile: FOUNTAIN,
                x: 2,
                y: -1,
                gate: NO_GATE,
            },
            Action::Redesign {
                mv: Move::Place,
                tile: 20,
                x: 0,
                y: -1,
                gate: 0,
            },
            Action::Redesign {
                mv: Move::Exchange,
                tile: 4,
                x: -40,
                y: 40,
                gate: NO_GATE,
            },
            Action::TakeHut { colour: 5 },
            Action::Wake,
            Action::Decline,
            Action::Steal { card: 35 },
            Action::VizierBuy(Purchase {
                square: 1,
                tile: 2,
                pay: 0b10,
                other: 0,
                exchange: 7,
                coins: 0,
                builders: 0,
            }),
            Action::PlayMasterBuilder {
                card: crate::cards::master_builder(3),
            },
            Action::Steal {
                card: crate::cards::master_builder(0),
            },
            Action::BuildWall {
                card: crate::cards::WALL_FIRST + 7,
                tile: 40,
                cell: Some((-2, 5)),
            },
            Action::BuildWall {
                card: crate::cards::WALL_FIRST,
                tile: 3,
                cell: None,
            },
            Action::BuyChests {
                room: 2,
                cards: [58, 27, 1, 0, 0, 0, 0, 0],
                n: 3,
            },
            Action::PlaceChest { x: -3, y: 2 },
            Action::BuyBazaar(Purchase {
                square: 3,
                tile: crate::cards::BAZAAR_FIRST + 5,
                pay: 0b01_00_00_00_01,
                other: 0b1,
                exchange: 4,
                coins: 0b001_001,
                builders: 0,
            }),
            Action::SetMerchant {
                colours: 0b100101,
                x: 0,
                y: -1,
            },
            Action::TakeCitizen { colour: 5 },
            Action::SwapCitizen { give: 0, take: 4 },
            Action::KeepCitizens,
            Action::PlaceMerchant { x: -7, y: 3 },
        ];
        let actions = actions.into_iter().chain([
            Action::Bid(Bid {
                currency: 2,
                pay: 0b11_00_01,
                coins: 6,
                builders: 4,
            }),
            Action::Bid(Bid {
                currency: crate::modules::characters::DIAMONDS,
                pay: 0b10 << 16,
                coins: 0,
                builders: 0,
            }),
            Action::ChooseWiseMan { colour: 5 },
            Action::SwapCard { card: 17 },
        ]);
        for action in actions {
            assert_eq!(decode(encode(&action)), Some(action));
        }
        assert_eq!(decode(MODULE | 6 << 8), None);
        assert_eq!(decode(MODULE | 31 << 3), None);
        assert_eq!(decode(MODULE | STEAL << 3 | 36 << 8), None);
        assert_eq!(decode(END | 1 << 40), None);
        assert_eq!(decode(BUY | VIZIER_BUY | BAZAAR_BUY), None);
        assert_eq!(decode(MODULE | SET_MERCHANT << 3 | 0b11 << 8), None);
        assert_eq!(decode(MODULE | SWAP_CITIZEN << 3 | 2 << 8 | 2 << 11), None);
    }
}
