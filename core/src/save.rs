//! The Python engine's save format (`Game.to_json`, version 2), written and read.
//!
//! Written byte for byte as `json.dumps(state, sort_keys=True, separators=(",", ":"))`
//! writes it (non-ASCII escaped), so a save from the core equals the Python engine's for
//! the same game. Read from a save the Python engine wrote and checked: the events before
//! the game came into the core stay as their text.

use crate::board::FOUNTAIN;
use crate::cards::CHARACTER_NAMES;
use crate::cards::{
    tile, tile_id, value_of, CardId, TileId, TileSet, BAZAAR, CARD_KINDS, CURRENCIES,
    EXCHANGE_FIRST, KINDS, MONEY_KINDS, NO_MARK, SCORING_1, SCORING_2,
};
use crate::game::{
    Action, Decision, Event, Game, Kind, Move, Purchase, Refusal, Step, Term, CORE_OPTIONS, EMPTY,
    MAX_PLAYERS, NO_GATE,
};
use crate::modules::bonus_cards::BonusCards;
use crate::modules::characters::{Auction, Bid, Characters};
use crate::modules::squares::Squares;
use crate::modules::thieves::Thieves;
use crate::modules::treasure::{Chests, Pending, Treasure, COLOURS, MOST_PAID, ROOMS};
use crate::modules::window::Window;
use crate::rng::Mt;
use crate::stack::Stack;
use serde_json::value::RawValue;
use serde_json::Value;
use std::collections::HashMap;
use std::fmt::Write;

/// The names of a game's competitors (the players, then Dirk), and the order their
/// names sort in (the order of every dict keyed by name).
#[derive(Clone, Debug)]
pub struct Names {
    pub names: Vec<String>,
    sorted: Vec<usize>,
}

pub const DIRK: &str = "Dirk";

impl Names {
    pub fn new(players: &[String], dirk: bool) -> Names {
        let mut names = players.to_vec();
        if dirk {
            names.push(DIRK.to_string());
        }
        let mut sorted: Vec<usize> = (0..names.len()).collect();
        sorted.sort_by(|&a, &b| names[a].cmp(&names[b]));
        Names { names, sorted }
    }

    pub fn players(&self, dirk: bool) -> &[String] {
        &self.names[..self.names.len() - dirk as usize]
    }

    /// The seats in the order their names sort.
    pub fn sorted_seats(&self) -> &[usize] {
        &self.sorted
    }
}

// -- writing ----------------------------------------------------------------------------

/// A JSON string as Python's `json.dumps` writes it (`ensure_ascii`).
fn string(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 || (c as u32) > 0x7e => {
                let mut units = [0u16; 2];
                for unit in c.encode_utf16(&mut units) {
                    let _ = write!(out, "\\u{unit:04x}");
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

fn tile_json(out: &mut String, id: TileId) {
    tile_json_with(out, id, 0);
}

/// The letters of printed walls `mask` and sticks `sticks` in N, E, S, W order, a stick
/// in lower case (§M9).
fn walls_letters(mask: u8, sticks: u8) -> String {
    crate::cards::SIDES
        .iter()
        .enumerate()
        .filter(|(side, _)| (mask | sticks) >> side & 1 == 1)
        .map(|(side, letter)| {
            if sticks >> side & 1 == 1 {
                letter.to_ascii_lowercase()
            } else {
                *letter
            }
        })
        .collect()
}

/// A tile with City Walls sticks `sticks` (§M9): in its walls' letters, a stick in lower
/// case (`Tile.to_list`).
fn tile_json_with(out: &mut String, id: TileId, sticks: u8) {
    if id == FOUNTAIN {
        out.push_str("[\"fountain\",0,\"\"]");
        return;
    }
    let t = tile(id);
    let walls = walls_letters(t.mask, sticks);
    let _ = write!(out, "[\"{}\",{},\"{walls}\"", t.kind_name(), t.price);
    for mark in t.marks() {
        let _ = write!(out, ",\"{mark}\"");
    }
    out.push(']');
}

fn card_json(out: &mut String, card: CardId) {
    if card == crate::cards::GATE {
        out.push_str("[\"gate\"]");
    } else if crate::cards::is_wall_card(card) {
        let sides = crate::cards::mask_sides(crate::cards::wall_sides(card));
        let _ = write!(out, "[\"wall\",\"{sides}\"]");
    } else if crate::cards::is_master_builder(card) {
        let currency = CURRENCIES[crate::cards::currency_of(card) as usize];
        let _ = write!(out, "[\"master_builder\",\"{currency}\"]");
    } else if crate::cards::is_coin(card) {
        let currency = CURRENCIES[crate::cards::currency_of(card) as usize];
        let _ = write!(out, "[\"coin\",\"{currency}\"]");
    } else if crate::cards::is_diamond(card) {
        let _ = write!(out, "[\"diamond\",{}]", crate::cards::worth(card));
    } else if crate::cards::is_exchange(card) {
        let (a, b) = crate::cards::exchange_pair(card);
        let _ = write!(
            out,
            "[\"exchange\",\"{}\",\"{}\"]",
            CURRENCIES[a as usize], CURRENCIES[b as usize]
        );
    } else if card == SCORING_1 || card == SCORING_2 {
        let _ = write!(out, "[\"scoring\",{}]", card - SCORING_1 + 1);
    } else if crate::cards::is_character(card) {
        let id = CHARACTER_NAMES[(card - crate::cards::CHARACTER_FIRST) as usize];
        let _ = write!(out, "[\"character\",\"{id}\"]");
    } else {
        let _ = write!(
            out,
            "[\"{}\",{}]",
            CURRENCIES[crate::cards::currency_of(card) as usize],
            value_of(card)
        );
    }
}

fn list<T: Copy>(
    out: &mut String,
    items: impl IntoIterator<Item = T>,
    mut each: impl FnMut(&mut String, T),
) {
    out.push('[');
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        each(out, item);
    }
    out.push(']');
}

fn tiles_json(out: &mut String, tiles: &[TileId]) {
    list(out, tiles.iter().copied(), tile_json);
}

/// Tiles a player holds, each with its sticks (§M9).
fn held_tiles_json(out: &mut String, game: &Game, tiles: &[TileId]) {
    list(out, tiles.iter().copied(), |o, id| {
        tile_json_with(o, id, game.sticks[id as usize])
    });
}

fn cards_json(out: &mut String, cards: &[CardId]) {
    list(out, cards.iter().copied(), card_json);
}

/// `{name: value}` over `seats` (competitor indices), in the names' sorted order.
fn by_name(
    out: &mut String,
    names: &Names,
    seats: usize,
    mut value: impl FnMut(&mut String, usize),
) {
    out.push('{');
    let mut first = true;
    for &seat in names.sorted.iter().filter(|&&s| s < seats) {
        if !first {
            out.push(',');
        }
        first = false;
        string(out, &names.names[seat]);
        out.push(':');
        value(out, seat);
    }
    out.push('}');
}

/// The kinds' names in sorted order, with their index.
fn kinds_sorted() -> [(usize, &'static str); 6] {
    let mut kinds: [(usize, &str); 6] = [0, 1, 2, 3, 4, 5].map(|i| (i, KINDS[i]));
    kinds.sort_by_key(|&(_, name)| name);
    kinds
}

/// Chests by their colours' names (§M13).
fn colours_json(out: &mut String, chests: &[u8]) {
    list(out, chests.iter(), |o, &c| string(o, COLOURS[c as usize]));
}

/// Treasure Chamber's slice (§M13): the bag and the rooms by colour, the buildings
/// carrying a chest as printed, whether the rooms are refilled, the chests handed out.
fn treasure_json(out: &mut String, treasure: &Treasure, names: &Names) {
    let bag: Vec<u8> = (0..6u8)
        .flat_map(|c| std::iter::repeat_n(c, treasure.bag[c as usize] as usize))
        .collect();
    out.push_str("{\"bag\":");
    colours_json(out, &bag);
    out.push_str(",\"chests\":");
    tiles_json(
        out,
        &crate::cards::bits(treasure.chests).collect::<Vec<_>>(),
    );
    out.push_str(",\"pending\":");
    match &treasure.pending {
        None => out.push_str("null"),
        Some(p) => {
            out.push_str("{\"chests\":");
            colours_json(out, p.chests.as_slice());
            out.push_str(",\"queue\":");
            list(out, p.queue.as_slice().iter(), |o, &s| {
                string(o, &names.names[s as usize])
            });
            let _ = write!(out, ",\"room\":{}}}", p.room);
        }
    }
    let _ = write!(out, ",\"refill\":{},\"rooms\":", treasure.refill);
    list(out, treasure.rooms.iter(), |o, r| {
        colours_json(o, r.as_slice())
    });
    out.push('}');
}

/// The indices in `names` of a list of names (`value`), e.g. currencies.
fn indices_of(value: Option<&Value>, names: &[&str], what: &str) -> Result<Vec<u8>, Refusal> {
    value
        .and_then(Value::as_array)
        .ok_or_else(|| invalid(what))?
        .iter()
        .map(|c| {
            c.as_str()
                .and_then(|c| names.iter().position(|x| *x == c))
                .map(|c| c as u8)
                .ok_or_else(|| invalid(what))
        })
        .collect()
}

/// Treasure Chamber's slice of a save.
fn read_treasure(state: &HashMap<String, Value>, players: &[String]) -> Result<Treasure, Refusal> {
    let what = "modules_state";
    let data = slice(state, "treasure")?;
    let colours = |value: Option<&Value>| -> Result<Vec<u8>, Refusal> {
        let mut colours = indices_of(value, &COLOURS, what)?;
        colours.sort_unstable(); // a bag or a room has no order
        Ok(colours)
    };
    let room_of = |value: Option<&Value>| -> Result<Chests, Refusal> {
        Chests::from_slice(&colours(value)?).ok_or_else(|| invalid(what))
    };
    let mut treasure = Treasure::default();
    for c in colours(data.get("bag"))? {
        treasure.bag[c as usize] += 1;
    }
    let rooms = data
        .get("rooms")
        .and_then(Value::as_array)
        .filter(|r| r.len() == ROOMS)
        .ok_or_else(|| invalid(what))?;
    for (i, room) in rooms.iter().enumerate() {
        treasure.rooms[i] = room_of(Some(room))?;
    }
    treasure.chests = read_tile_set(data.get("chests").unwrap_or(&Value::Null), what)?;
    treasure.refill = data
        .get("refill")
        .and_then(Value::as_bool)
        .ok_or_else(|| invalid(what))?;
    treasure.pending = match data.get("pending") {
        None | Some(Value::Null) => None,
        Some(p) => {
            let room = p
                .get("room")
                .and_then(Value::as_u64)
                .filter(|r| (1..=ROOMS as u64).contains(r))
                .ok_or_else(|| invalid(what))? as u8;
            let mut queue = Stack::default();
            for seat in p
                .get("queue")
                .and_then(Value::as_array)
                .filter(|q| !q.is_empty() && q.len() <= players.len())
                .ok_or_else(|| invalid(what))?
            {
                queue.push(seat_of(players, seat, what)?);
            }
            Some(Pending {
                room,
                chests: room_of(p.get("chests"))?,
                queue,
            })
        }
    };
    Ok(treasure)
}

fn pos(out: &mut String, x: i8, y: i8) {
    let _ = write!(out, "[{x},{y}]");
}

fn options(out: &mut String, game: &Game) {
    let trigger = if game.bag_empty_ends {
        "bag_empty"
    } else {
        "market_short"
    };
    // the base options and every option of the modules in play, set or not, sorted by
    // name (`GameConfig.options`)
    let mut options = vec![
        ("end_trigger", format!("\"{trigger}\"")),
        ("hole_rule", "\"enclosed\"".to_string()),
    ];
    for (k, (name, module)) in CORE_OPTIONS.iter().enumerate() {
        if game.has(*module) {
            options.push((name, game.option(1 << k).to_string()));
        }
    }
    options.sort_unstable();
    out.push('{');
    for (i, (name, value)) in options.iter().enumerate() {
        let _ = write!(out, "{}\"{name}\":{value}", if i > 0 { "," } else { "" });
    }
    out.push('}');
}

/// One event as the Python engine's dict, keys sorted.
pub fn event_json(out: &mut String, game: &Game, names: &Names, event: &Event) {
    let name = |out: &mut String, seat: u8| string(out, &names.names[seat as usize]);
    let competitors = game.competitors();
    match event {
        Event::Setup => {
            let _ = write!(out, "{{\"dirk\":{},", game.has_dirk());
            let modules = game.module_names();
            if !modules.is_empty() {
                out.push_str("\"modules\":");
                list(out, modules.iter(), |o, m| string(o, m));
                out.push(',');
            }
            out.push_str("\"options\":");
            options(out, game);
            out.push_str(",\"players\":");
            list(out, names.players(game.has_dirk()).iter(), |o, n| {
                string(o, n)
            });
            out.push_str(",\"type\":\"setup\"}");
        }
        Event::DrawTile { square, tile } => {
            let _ = write!(out, "{{\"square\":{square},\"tile\":");
            tile_json(out, *tile);
            out.push_str(",\"type\":\"draw_tile\"}");
        }
        Event::DirkGift { after, tiles } => {
            let after = if *after == 0 {
                "setup".to_string()
            } else {
                format!("round {after}")
            };
            let _ = write!(out, "{{\"after\":\"{after}\",\"tiles\":");
            tiles_json(out, tiles);
            out.push_str(",\"type\":\"dirk_gift\"}");
        }
        Event::StartingMoney { player, cards } => {
            out.push_str("{\"cards\":");
            cards_json(out, cards);
            out.push_str(",\"player\":");
            name(out, *player);
            out.push_str(",\"type\":\"starting_money\"}");
        }
        Event::StartPlayer {
            player,
            cards,
            total,
        } => {
            let _ = write!(out, "{{\"cards\":{cards},\"player\":");
            name(out, *player);
            let _ = write!(out, ",\"total\":{total},\"type\":\"start_player\"}}");
        }
        Event::DrawCard { card } => {
            out.push_str("{\"card\":");
            card_json(out, *card);
            out.push_str(",\"type\":\"draw_card\"}");
        }
        Event::ScoringCard { round } => {
            let _ = write!(out, "{{\"round\":{round},\"type\":\"scoring_card\"}}");
        }
        Event::DrawPile { piles } => {
            out.push_str("{\"piles\":");
            list(out, piles.iter(), |o, n| {
                let _ = write!(o, "{n}");
            });
            out.push_str(",\"type\":\"draw_pile\"}");
        }
        Event::Turn { turn, player } => {
            out.push_str("{\"player\":");
            name(out, *player);
            let _ = write!(out, ",\"turn\":{turn},\"type\":\"turn\"}}");
        }
        Event::Take { player, cards } => {
            out.push_str("{\"cards\":");
            cards_json(out, cards);
            out.push_str(",\"player\":");
            name(out, *player);
            out.push_str(",\"type\":\"take\"}");
        }
        Event::Buy {
            player,
            square,
            tile,
            cards,
            exact,
        } => {
            out.push_str("{\"cards\":");
            cards_json(out, cards);
            let _ = write!(
                out,
                ",\"currency\":\"{}\",\"exact\":{exact},\"player\":",
                CURRENCIES[*square as usize - 1]
            );
            name(out, *player);
            let _ = write!(out, ",\"square\":{square},\"tile\":");
            tile_json(out, *tile);
            out.push_str(",\"type\":\"buy\"}");
        }
        Event::Redesign {
            player,
            mv,
            tile,
            x,
            y,
            removed,
            gate,
            sticks,
            removed_sticks,
        } => {
            out.push('{');
            gate_key(out, *gate);
            let _ = write!(out, "\"move\":\"{}\",\"player\":", mv.name());
            name(out, *player);
            out.push_str(",\"pos\":");
            pos(out, *x, *y);
            out.push_str(",\"removed\":");
            optional_tile(out, *removed, *removed_sticks);
            out.push_str(",\"tile\":");
            optional_tile(out, *tile, *sticks);
            out.push_str(",\"type\":\"redesign\"}");
        }
        Event::End { player, passed } => {
            let _ = write!(out, "{{\"passed\":{passed},\"player\":");
            name(out, *player);
            out.push_str(",\"type\":\"end\"}");
        }
        Event::Place {
            player,
            tile,
            x,
            y,
            gate,
            sticks,
        } => {
            out.push('{');
            gate_key(out, *gate);
            out.push_str("\"player\":");
            name(out, *player);
            out.push_str(",\"pos\":");
            pos(out, *x, *y);
            out.push_str(",\"tile\":");
            tile_json_with(out, *tile, *sticks);
            out.push_str(",\"type\":\"place\"}");
        }
        Event::Reserve {
            player,
            tile,
            sticks,
        } => {
            out.push_str("{\"player\":");
            name(out, *player);
            out.push_str(",\"tile\":");
            tile_json_with(out, *tile, *sticks);
            out.push_str(",\"type\":\"reserve\"}");
        }
        Event::Give { player, tile } => {
            out.push_str("{\"player\":");
            name(out, *player);
            out.push_str(",\"tile\":");
            tile_json(out, *tile);
            out.push_str(",\"type\":\"give\"}");
        }
        Event::WallCardBeside { card } => {
            out.push_str("{\"card\":");
            card_json(out, *card);
            out.push_str(",\"type\":\"wall_card_beside\"}");
        }
        Event::BuildWall {
            player,
            card,
            tile,
            sticks,
            cell,
            bought,
        } => {
            out.push_str("{\"card\":");
            card_json(out, *card);
            out.push_str(",\"cell\":");
            match cell {
                Some((x, y)) => pos(out, *x, *y),
                None => out.push_str("null"),
            }
            out.push_str(",\"player\":");
            name(out, *player);
            let sides = crate::cards::mask_sides(crate::cards::wall_sides(*card));
            let _ = write!(out, ",\"sides\":\"{sides}\",\"tile\":");
            tile_json_with(out, *tile, *sticks);
            let place = match (cell, bought) {
                (Some(_), _) => "alhambra",
                (None, true) => "bought",
                (None, false) => "reserve",
            };
            let _ = write!(out, ",\"type\":\"build_wall\",\"where\":\"{place}\"}}");
        }
        Event::Reshuffle { cards } => {
            let _ = write!(out, "{{\"cards\":{cards},\"type\":\"reshuffle\"}}");
        }
        Event::Scoring {
            round,
            counts,
            walls,
            majorities,
            terms,
            attack,
            half,
        } => {
            out.push_str("{\"counts\":");
            by_name(out, names, competitors, |o, c| {
                by_colour(o, |o, kind| {
                    number(o, counts[c][kind] as u32);
                    if *half == Some((c as u8, kind as u8)) {
                        o.push_str(".5"); // the Wise Man's half (§M7)
                    }
                })
            });
            if let Some((direction, penalties)) = attack {
                // the attack under the invaders' key (`scoring_details`, §M15)
                out.push_str(",\"invaders\":");
                attack_json(out, names, *round, *direction, penalties, competitors);
            }
            out.push_str(",\"parts\":{");
            // the parts by name: the modules' terms (bazaars, camps, invaders),
            // majorities, the terms after it (treasure), walls
            let term_json = |out: &mut String, (term, points): &(Term, Vec<i64>)| {
                let _ = write!(out, "\"{}\":", term.name());
                by_name(out, names, competitors, |o, c| {
                    let _ = write!(o, "{}", points[c]);
                });
                out.push(',');
            };
            let before = |t: &&(Term, Vec<i64>)| t.0.name() < "majorities";
            terms.iter().filter(before).for_each(|t| term_json(out, t));
            out.push_str("\"majorities\":");
            by_name(out, names, competitors, |o, c| number(o, majorities[c]));
            out.push(',');
            terms
                .iter()
                .filter(|t| !before(t))
                .for_each(|t| term_json(out, t));
            out.push_str("\"walls\":");
            by_name(out, names, competitors, |o, c| number(o, walls[c]));
            out.push_str("},\"points\":");
            by_name(out, names, competitors, |o, c| {
                let module_points: i64 = terms.iter().map(|(_, points)| points[c]).sum();
                let _ = write!(o, "{}", (majorities[c] + walls[c]) as i64 + module_points);
            });
            let _ = write!(out, ",\"round\":{round},\"type\":\"scoring\",\"walls\":");
            by_name(out, names, competitors, |o, c| number(o, walls[c]));
            if let Some((owner, kind)) = half {
                // `scoring_details` of Characters (§M7)
                out.push_str(",\"wise_man\":{\"player\":");
                name(out, *owner);
                let _ = write!(out, ",\"type\":\"{}\"}}", KINDS[*kind as usize]);
            }
            out.push('}');
        }
        Event::EndTriggered { bag_empty } => {
            let reason = if *bag_empty {
                "bag_empty"
            } else {
                "market_short"
            };
            let _ = write!(
                out,
                "{{\"reason\":\"{reason}\",\"type\":\"end_triggered\"}}"
            );
        }
        Event::Distribution { tiles } => {
            out.push_str("{\"tiles\":");
            list(out, tiles.iter(), |o, (square, id, to)| {
                if *square == 0 {
                    // a bazaar beside the market (§M16), by its currency
                    let currency = CURRENCIES[tile(*id).mark as usize];
                    let _ = write!(
                        o,
                        "{{\"beside_market\":true,\"currency\":\"{currency}\",\"tile\":"
                    );
                } else {
                    let _ = write!(
                        o,
                        "{{\"currency\":\"{}\",\"square\":{square},\"tile\":",
                        CURRENCIES[*square as usize - 1]
                    );
                }
                tile_json(o, *id);
                o.push_str(",\"to\":");
                match to {
                    Some(seat) => name(o, *seat),
                    None => o.push_str("null"),
                }
                o.push('}');
            });
            out.push_str(",\"type\":\"distribution\"}");
        }
        Event::FinalPlacing { player, tiles }
        | Event::BonusCards { player, tiles }
        | Event::BonusShown { player, tiles } => {
            out.push_str("{\"player\":");
            name(out, *player);
            out.push_str(",\"tiles\":");
            tiles_json(out, tiles);
            let kind = match event {
                Event::BonusCards { .. } => "bonus_cards",
                Event::BonusShown { .. } => "bonus_shown",
                _ => "final_placing",
            };
            let _ = write!(out, ",\"type\":\"{kind}\"}}");
        }
        Event::MasterBuildersDealt { player, cards } => {
            out.push_str("{\"cards\":");
            cards_json(out, cards);
            out.push_str(",\"player\":");
            name(out, *player);
            out.push_str(",\"type\":\"master_builders_dealt\"}");
        }
        Event::MasterBuildersSet { piles, out: left } => {
            let _ = write!(out, "{{\"out_of_game\":{left},\"piles\":{{");
            for (i, (pile, n)) in piles.iter().enumerate() {
                let _ = write!(out, "{}\"{pile}\":{n}", if i > 0 { "," } else { "" });
            }
            out.push_str("},\"type\":\"master_builders_set\"}");
        }
        Event::MasterBuilderPlayed { player, card } => {
            out.push_str("{\"card\":");
            card_json(out, *card);
            out.push_str(",\"player\":");
            name(out, *player);
            out.push_str(",\"type\":\"master_builder\"}");
        }
        Event::MasterBuilderLapses { player } => {
            out.push_str("{\"player\":");
            name(out, *player);
            out.push_str(",\"type\":\"master_builder_lapses\"}");
        }
        Event::InvadersSetup { deck, scouts } => {
            out.push_str("{\"attack_deck\":");
            directions(out, deck);
            out.push_str(",\"scouts\":");
            kind_names(out, scouts);
            out.push_str(",\"type\":\"invaders_setup\"}");
        }
        Event::ScoutsUp { after, scouts } => {
            let after = if *after == 0 {
                "setup".to_string()
            } else {
                format!("round {after}")
            };
            let _ = write!(out, "{{\"after\":\"{after}\",\"scouts\":");
            kind_names(out, scouts);
            out.push_str(",\"type\":\"scouts_up\"}");
        }
        Event::ScoutPeek {
            player,
            scout,
            card,
            tile,
            vizier,
        } => {
            let side = crate::cards::SIDES[*card as usize];
            let _ = write!(out, "{{\"card\":\"{side}\",\"player\":");
            name(out, *player);
            let _ = write!(out, ",\"scout\":\"{}\",\"tile\":", KINDS[*scout as usize]);
            tile_json(out, *tile);
            let via = if *vizier { "vizier" } else { "buy" };
            let _ = write!(out, ",\"type\":\"scout_peek\",\"via\":\"{via}\"}}");
        }
        Event::Attack {
            round,
            direction,
            penalties,
        } => {
            let mut attack = String::new();
            attack_json(
                &mut attack,
                names,
                *round,
                *direction,
                penalties,
                competitors,
            );
            // the same fields as the scoring's, with the round and the type
            out.push_str(&attack[..attack.len() - 1]);
            let _ = write!(out, ",\"round\":{round},\"type\":\"attack\"}}");
        }
        Event::ScoutsOut { round, scouts } => {
            let _ = write!(out, "{{\"round\":{round},\"scouts\":");
            kind_names(out, scouts);
            out.push_str(",\"type\":\"scouts_out\"}");
        }
        Event::BazaarBeside { tile } => {
            out.push_str("{\"tile\":");
            tile_json(out, *tile);
            out.push_str(",\"type\":\"bazaar_beside\"}");
        }
        Event::BuyBazaar {
            player,
            purchase,
            priced_by,
        } => {
            out.push_str("{\"bazaar\":");
            tile_json(out, purchase.tile);
            out.push_str(",\"cards\":");
            cards_json(out, &purchase.cards());
            let currency = CURRENCIES[purchase.square as usize - 1];
            let _ = write!(out, ",\"currency\":\"{currency}\",\"player\":");
            name(out, *player);
            let price = tile(*priced_by).price;
            let _ = write!(out, ",\"price\":{price},\"priced_by\":");
            tile_json(out, *priced_by);
            let _ = write!(
                out,
                ",\"square\":{},\"type\":\"buy_bazaar\"}}",
                purchase.square
            );
        }
        Event::ChestRoom { room, chests } => {
            out.push_str("{\"chests\":");
            colours_json(out, chests);
            let _ = write!(out, ",\"room\":{room},\"type\":\"chest_room\"}}");
        }
        Event::BuyChests {
            player,
            room,
            cards,
            chests,
        } => {
            out.push_str("{\"cards\":");
            cards_json(out, cards);
            out.push_str(",\"chests\":");
            colours_json(out, chests);
            out.push_str(",\"player\":");
            name(out, *player);
            let _ = write!(out, ",\"room\":{room},\"type\":\"buy_chests\"}}");
        }
        Event::ChestPlaced {
            player,
            x,
            y,
            tile: id,
            sticks,
            chosen,
        } => {
            let colour = COLOURS[tile(*id).kind as usize];
            let _ = write!(out, "{{\"colour\":\"{colour}\",\"player\":");
            name(out, *player);
            out.push_str(",\"pos\":");
            pos(out, *x, *y);
            out.push_str(",\"tile\":");
            tile_json_with(out, *id, *sticks);
            let kind = if *chosen {
                "place_chest"
            } else {
                "chest_placed"
            };
            let _ = write!(out, ",\"type\":\"{kind}\"}}");
        }
        Event::ChestsPassed { player, to, chests } => {
            out.push_str("{\"chests\":");
            colours_json(out, chests);
            out.push_str(",\"player\":");
            name(out, *player);
            out.push_str(",\"to\":");
            name(out, *to);
            out.push_str(",\"type\":\"chests_passed\"}");
        }
        Event::ChestsToBag { chests } => {
            out.push_str("{\"chests\":");
            colours_json(out, chests);
            out.push_str(",\"type\":\"chests_to_bag\"}");
        }
        Event::ChestRoomsClosed { room, bag } => {
            let _ = write!(
                out,
                "{{\"bag\":{bag},\"room\":{room},\"type\":\"chest_rooms_closed\"}}"
            );
        }
        Event::GateCardBeside => out.push_str("{\"type\":\"gate_card_beside\"}"),
        Event::GateCardDiscarded => out.push_str("{\"type\":\"gate_card_discarded\"}"),
        Event::Wake { player } | Event::KeepCitizens { player } => {
            out.push_str("{\"player\":");
            name(out, *player);
            let kind = match event {
                Event::Wake { .. } => "wake",
                _ => "keep_citizens",
            };
            let _ = write!(out, ",\"type\":\"{kind}\"}}");
        }
        Event::VizierBuy { player, purchase } => {
            out.push_str("{\"cards\":");
            cards_json(out, &purchase.cards());
            let _ = write!(
                out,
                ",\"currency\":\"{}\",\"player\":",
                CURRENCIES[purchase.square as usize - 1]
            );
            name(out, *player);
            let _ = write!(out, ",\"square\":{},\"tile\":", purchase.square);
            tile_json(out, purchase.tile);
            out.push_str(",\"type\":\"vizier\"}");
        }
        Event::Decline { player, kind } => {
            let _ = write!(out, "{{\"decision\":\"{}\",\"player\":", kind.name());
            name(out, *player);
            out.push_str(",\"type\":\"decline\"}");
        }
        Event::ThievesDealt { hands, removed } => {
            out.push_str("{\"hands\":");
            by_name(out, names, game.players(), |o, p| currencies(o, &hands[p]));
            let _ = write!(out, ",\"removed\":{removed},\"type\":\"thieves\"}}");
        }
        Event::Steal { player, card } | Event::SwapCard { player, card } => {
            // a theft (§M10), the money swap (§M7)
            let kind = if matches!(event, Event::Steal { .. }) {
                "steal"
            } else {
                "swap_card"
            };
            out.push_str("{\"card\":");
            card_json(out, *card);
            out.push_str(",\"player\":");
            name(out, *player);
            let _ = write!(out, ",\"type\":\"{kind}\"}}");
        }
        Event::HutPiles { up, sizes } => {
            out.push_str("{\"sizes\":");
            by_colour(out, |o, c| number(o, sizes[c] as u32));
            out.push_str(",\"type\":\"hut_piles\",\"up\":");
            by_colour(out, |o, c| optional_tile(o, up[c], 0));
            out.push('}');
        }
        Event::TakeHut {
            player,
            colour,
            tile,
            left,
        } => {
            let _ = write!(
                out,
                "{{\"colour\":\"{}\",\"left\":{left},\"player\":",
                KINDS[*colour as usize]
            );
            name(out, *player);
            out.push_str(",\"tile\":");
            tile_json(out, *tile);
            out.push_str(",\"type\":\"take_hut\"}");
        }
        Event::HutTurnedUp { colour, tile } => {
            let _ = write!(
                out,
                "{{\"colour\":\"{}\",\"tile\":",
                KINDS[*colour as usize]
            );
            tile_json(out, *tile);
            out.push_str(",\"type\":\"hut_turned_up\"}");
        }
        Event::Change {
            player,
            overpaid,
            coins,
        } => {
            out.push_str("{\"coins\":");
            let cards: Vec<CardId> = coins.iter().map(|&c| crate::cards::coin(c)).collect();
            cards_json(out, &cards);
            let _ = write!(out, ",\"overpaid\":{overpaid},\"player\":");
            name(out, *player);
            out.push_str(",\"type\":\"change\"}");
        }
        Event::Auction { card, auctioneer } => {
            out.push_str("{\"auctioneer\":");
            name(out, *auctioneer);
            let _ = write!(
                out,
                ",\"card\":\"{}\",\"type\":\"auction\"}}",
                CHARACTER_NAMES[*card as usize]
            );
        }
        Event::Bid { player, card, bid } | Event::AuctionWon { player, card, bid } => {
            let kind = if matches!(event, Event::Bid { .. }) {
                "bid"
            } else {
                "auction_won"
            };
            let _ = write!(
                out,
                "{{\"amount\":{},\"card\":\"{}\",\"cards\":",
                bid.amount(),
                CHARACTER_NAMES[*card as usize]
            );
            cards_json(out, &bid.cards());
            out.push_str(",\"player\":");
            name(out, *player);
            let _ = write!(out, ",\"type\":\"{kind}\"}}");
        }
        Event::AuctionUnsold { card } => {
            let _ = write!(
                out,
                "{{\"card\":\"{}\",\"type\":\"auction_unsold\"}}",
                CHARACTER_NAMES[*card as usize]
            );
        }
        Event::WiseMan {
            player,
            colour,
            round,
        } => {
            let _ = write!(
                out,
                "{{\"colour\":\"{}\",\"player\":",
                KINDS[*colour as usize]
            );
            name(out, *player);
            let _ = write!(out, ",\"round\":{round},\"type\":\"wise_man\"}}");
        }
        Event::SetMerchant {
            player,
            colours,
            x,
            y,
        } => {
            out.push_str("{\"colours\":");
            colour_list(out, &colour_counts(*colours));
            out.push_str(",\"player\":");
            name(out, *player);
            out.push_str(",\"pos\":");
            pos(out, *x, *y);
            out.push_str(",\"type\":\"set_merchant\"}");
        }
        Event::MerchantSupply { supply } => {
            out.push_str("{\"supply\":");
            by_colour(out, |o, c| number(o, supply[c] as u32));
            out.push_str(",\"type\":\"merchant_supply\"}");
        }
        Event::MerchantLifted {
            player,
            tile,
            sticks,
            x,
            y,
            resident,
            last,
        } => {
            let _ = write!(out, "{{\"final\":{last},\"player\":");
            name(out, *player);
            out.push_str(",\"pos\":");
            pos(out, *x, *y);
            out.push_str(",\"resident\":");
            match resident {
                Some(c) => string(out, KINDS[*c as usize]),
                None => out.push_str("null"),
            }
            out.push_str(",\"tile\":");
            tile_json_with(out, *tile, *sticks);
            out.push_str(",\"type\":\"merchant_lifted\"}");
        }
        Event::TakeCitizen { player, colour } => {
            let _ = write!(
                out,
                "{{\"colour\":\"{}\",\"player\":",
                KINDS[*colour as usize]
            );
            name(out, *player);
            out.push_str(",\"type\":\"take_citizen\"}");
        }
        Event::SwapCitizen { player, give, take } => {
            let _ = write!(
                out,
                "{{\"colours\":[\"{}\",\"{}\"],\"player\":",
                KINDS[*give as usize], KINDS[*take as usize]
            );
            name(out, *player);
            out.push_str(",\"type\":\"swap_citizen\"}");
        }
        Event::PlaceMerchant { player, x, y } => {
            out.push_str("{\"player\":");
            name(out, *player);
            out.push_str(",\"pos\":");
            pos(out, *x, *y);
            out.push_str(",\"type\":\"place_merchant\"}");
        }
        Event::GameOver { scores, winners } => {
            out.push_str("{\"scores\":");
            by_name(out, names, competitors, |o, c| {
                let _ = write!(o, "{}", scores[c]);
            });
            out.push_str(",\"type\":\"game_over\",\"winners\":");
            list(out, winners.iter(), |o, &seat| name(o, seat));
            out.push('}');
        }
    }
}

/// Citizens counted per colour (Street Merchant, §M12), as a list in colour order
/// (`["pavilion", "pavilion", "tower"]`).
fn colour_list(out: &mut String, counts: &[u8; 6]) {
    let listed = (0..6).flat_map(|c| std::iter::repeat_n(c, counts[c] as usize));
    list(out, listed, |o, c| string(o, KINDS[c]));
}

/// The counts per colour of a set of colour bits.
fn colour_counts(colours: u8) -> [u8; 6] {
    [0, 1, 2, 3, 4, 5].map(|c| colours >> c & 1)
}

/// Currencies counted per currency, as a list in market order (`["denar", "denar", ...]`).
fn currencies(out: &mut String, counts: &[u8; 4]) {
    let listed = (0..4).flat_map(|c| std::iter::repeat_n(c, counts[c] as usize));
    list(out, listed, |o, c| string(o, CURRENCIES[c]));
}

/// The window's state (`window.Window`): null while closed.
fn window_json(out: &mut String, window: &Window, names: &Names) {
    if !window.open {
        out.push_str("null");
        return;
    }
    out.push_str("{\"queue\":");
    list(out, window.queue.as_slice().iter(), |o, &seat| {
        string(o, &names.names[seat as usize])
    });
    let _ = write!(out, ",\"repoll\":{}}}", window.repoll);
}

/// Directions (side indices) as their letters.
fn directions(out: &mut String, sides: &[u8]) {
    list(out, sides.iter(), |o, &d| {
        let _ = write!(o, "\"{}\"", crate::cards::SIDES[d as usize]);
    });
}

/// Building types (indices) by name.
fn kind_names(out: &mut String, kinds: &[u8]) {
    list(out, kinds.iter(), |o, &k| string(o, KINDS[k as usize]));
}

/// An attack (§M15): `{"direction", "flanks" (round 3 only), "penalties"}`.
fn attack_json(
    out: &mut String,
    names: &Names,
    round: u8,
    direction: u8,
    penalties: &[u32],
    competitors: usize,
) {
    let _ = write!(
        out,
        "{{\"direction\":\"{}\",\"flanks\":",
        crate::cards::SIDES[direction as usize]
    );
    let flanks = if round == 3 {
        crate::modules::invaders::flanks(direction).to_vec()
    } else {
        Vec::new()
    };
    directions(out, &flanks);
    out.push_str(",\"penalties\":");
    by_name(out, names, competitors, |o, c| number(o, penalties[c]));
    out.push('}');
}

/// `{colour: value}` over the six building types, in their names' sorted order.
fn by_colour(out: &mut String, mut value: impl FnMut(&mut String, usize)) {
    out.push('{');
    for (i, (kind, kind_name)) in kinds_sorted().into_iter().enumerate() {
        let _ = write!(out, "{}\"{kind_name}\":", if i > 0 { "," } else { "" });
        value(out, kind);
    }
    out.push('}');
}

/// A tile, or null for none (`FOUNTAIN` or `EMPTY`).
/// The `"gate": side` of a placement through a gate (§M5), first of its event's keys;
/// nothing without a gate.
fn gate_key(out: &mut String, gate: u8) {
    if gate != NO_GATE {
        let _ = write!(out, "\"gate\":\"{}\",", crate::cards::SIDES[gate as usize]);
    }
}

fn optional_tile(out: &mut String, id: TileId, sticks: u8) {
    if id == FOUNTAIN {
        out.push_str("null");
    } else {
        tile_json_with(out, id, sticks);
    }
}

/// The cards of a hand in `hand_order`: by currency, highest value first.
pub fn hand_cards(hand: &[u8; CARD_KINDS]) -> Vec<CardId> {
    let mut cards = Vec::new();
    for currency in 0..4u8 {
        for value in (1..=9u8).rev() {
            let card = crate::cards::money(currency, value);
            cards.extend(std::iter::repeat_n(card, hand[card as usize] as usize));
            if value == 3 {
                // after the plain 3s (hand_order)
                let builder = crate::cards::master_builder(currency);
                cards.extend(std::iter::repeat_n(
                    builder,
                    hand[builder as usize] as usize,
                ));
            }
        }
        let coin = crate::cards::coin(currency); // after the plain 1s (hand_order)
        cards.extend(std::iter::repeat_n(coin, hand[coin as usize] as usize));
    }
    for value in (1..=9u8).rev() {
        let card = crate::cards::diamond(value);
        cards.extend(std::iter::repeat_n(card, hand[card as usize] as usize));
    }
    for card in (EXCHANGE_FIRST..EXCHANGE_FIRST + 6).chain([crate::cards::GATE]) {
        cards.extend(std::iter::repeat_n(card, hand[card as usize] as usize));
    }
    cards
}

/// The whole save (`Game.to_json`): `earlier` is the text of the events before the game
/// came into the core (comma-joined, without brackets).
pub fn save_json(game: &Game, names: &Names, earlier: &str) -> String {
    let mut out = String::with_capacity(16_384 + earlier.len());
    let players = game.players();
    out.push_str("{\"alhambras\":");
    by_name(&mut out, names, players, |o, p| {
        list(o, game.board(p).cells().iter(), |o, c| {
            let _ = write!(o, "[{},{},", c.x, c.y);
            let mut t = String::new();
            let sticks = if c.tile == FOUNTAIN {
                0
            } else {
                crate::modules::city_walls::sticks_on(c.walls, c.tile)
            };
            tile_json_with(&mut t, c.tile, sticks);
            o.push_str(&t[1..]);
        });
    });
    out.push_str(",\"awaiting\":");
    list(
        &mut out,
        game.awaiting.as_slice().iter(),
        |o, (seat, tiles)| {
            o.push('[');
            string(o, &names.names[*seat as usize]);
            o.push(',');
            tiles_json(o, tiles.as_slice());
            o.push(']');
        },
    );
    out.push_str(",\"bag\":");
    tiles_json(&mut out, &crate::cards::bits(game.bag).collect::<Vec<_>>());
    out.push_str(",\"decisions\":");
    list(&mut out, game.decisions.as_slice().iter(), |o, d| {
        o.push('{');
        if d.give {
            o.push_str("\"give\":true,");
        }
        let _ = write!(o, "\"kind\":\"{}\",\"player\":", d.kind.name());
        string(o, &names.names[d.player as usize]);
        if d.kind == Kind::WiseMan {
            let _ = write!(o, ",\"round\":{}", game.wise_man_round());
        }
        o.push('}');
    });
    out.push_str(",\"dirk_tiles\":");
    tiles_json(&mut out, game.dirk_tiles.as_slice());
    out.push_str(",\"discard\":");
    cards_json(&mut out, game.discard.as_slice());
    out.push_str(",\"display\":");
    cards_json(&mut out, game.display.as_slice());
    out.push_str(",\"draw_pile\":");
    let top_first: Vec<CardId> = game.draw.as_slice().iter().rev().copied().collect();
    cards_json(&mut out, &top_first);
    out.push_str(",\"end_reason\":");
    out.push_str(match game.end_reason {
        None => "null",
        Some(true) => "\"bag_empty\"",
        Some(false) => "\"market_short\"",
    });
    out.push_str(",\"events\":[");
    out.push_str(earlier);
    for event in game.events() {
        if out.as_bytes().last() != Some(&b'[') {
            out.push(',');
        }
        event_json(&mut out, game, names, event);
    }
    out.push_str("],\"format\":\"alhambra_lib.game\"");
    if game.has(crate::game::GATES) {
        // a gate belongs to its Alhambra (§M5): [[cell, cell], ...] sorted, per player
        out.push_str(",\"gates\":");
        by_name(&mut out, names, players, |o, p| {
            let mut gates = game.board(p).gates().to_vec();
            gates.sort_unstable();
            list(o, gates.iter(), |o, &((ax, ay), (bx, by))| {
                let _ = write!(o, "[[{ax},{ay}],[{bx},{by}]]");
            });
        });
    }
    out.push_str(",\"hands\":");
    by_name(&mut out, names, players, |o, p| {
        cards_json(o, &hand_cards(&game.hands[p]))
    });
    out.push_str(",\"market\":");
    list(&mut out, game.market.iter(), |o, &id| {
        if id == EMPTY {
            o.push_str("null")
        } else {
            tile_json(o, id)
        }
    });
    let _ = write!(
        out,
        ",\"market_short\":{},\"may_continue\":{},\"modules\":",
        game.market_short, game.may_continue
    );
    let modules = game.module_names();
    list(&mut out, modules.iter(), |o, m| string(o, m));
    // the modules the core holds keep no slice of their own (Currency Exchange: null)
    out.push_str(",\"modules_state\":");
    module_slices(&mut out, game, names);
    out.push_str(",\"options\":");
    options(&mut out, game);
    out.push_str(",\"pending_rounds\":");
    numbers(&mut out, game.pending_rounds.as_slice());
    out.push_str(",\"players\":");
    list(&mut out, names.players(game.has_dirk()).iter(), |o, n| {
        string(o, n)
    });
    out.push_str(",\"reserves\":");
    by_name(&mut out, names, players, |o, p| {
        let mut reserve = Vec::new();
        game.in_tile_order(game.reserves[p], |id| reserve.push(id));
        held_tiles_json(o, game, &reserve)
    });
    out.push_str(",\"rng\":[3,");
    list(&mut out, game.rng.state(), |o, w| {
        let _ = write!(o, "{w}");
    });
    out.push_str(",null],\"rounds_scored\":");
    numbers(&mut out, game.scored.as_slice());
    out.push_str(",\"scores\":");
    by_name(&mut out, names, game.competitors(), |o, c| {
        let _ = write!(o, "{}", game.scores()[c]);
    });
    out.push_str(",\"scoring_cards_revealed\":");
    numbers(&mut out, game.revealed.as_slice());
    out.push_str(",\"script\":");
    list(&mut out, game.script.as_slice().iter(), |o, s| {
        let _ = write!(o, "\"{}\"", s.name());
    });
    out.push_str(",\"start_player\":");
    string(&mut out, &names.names[game.start as usize]);
    out.push_str(",\"to_place\":");
    held_tiles_json(&mut out, game, game.to_place.as_slice());
    let _ = write!(out, ",\"turn\":{},\"turn_player\":", game.turn);
    string(&mut out, &names.names[game.current as usize]);
    out.push_str(",\"version\":2}");
    out
}

fn number(out: &mut String, value: u32) {
    let _ = write!(out, "{value}");
}

/// The modules' slices (`modules_state`), by module name: null for the modules that
/// keep none (Currency Exchange, Diamonds), Bonus Cards' hands, shown and set-aside cards.
fn module_slices(out: &mut String, game: &Game, names: &Names) {
    let mut modules = game.module_names();
    modules.sort_unstable();
    let players = game.players();
    out.push('{');
    for (i, module) in modules.iter().enumerate() {
        let _ = write!(out, "{}\"{module}\":", if i > 0 { "," } else { "" });
        if *module == "change" {
            out.push_str("{\"bag\":");
            let bag: Vec<u8> = (0..4u8)
                .flat_map(|c| std::iter::repeat_n(c, game.coin_bag[c as usize] as usize))
                .collect();
            list(out, bag.iter(), |o, &c| string(o, CURRENCIES[c as usize]));
            out.push('}');
        } else if *module == "vizier" {
            out.push_str("{\"awake\":");
            by_name(out, names, players, |o, p| {
                let _ = write!(o, "{}", game.vizier.awake[p]);
            });
            out.push_str(",\"window\":");
            if game.has(crate::game::THIEVES) {
                out.push_str("null"); // the thieves hold the window they share
            } else {
                window_json(out, &game.window, names);
            }
            out.push('}');
        } else if *module == "thieves" {
            let thieves = &game.thieves;
            out.push_str("{\"hands\":");
            by_name(out, names, players, |o, p| currencies(o, &thieves.hands[p]));
            out.push_str(",\"played\":");
            list(out, thieves.played.as_slice().iter(), |o, &c| {
                string(o, CURRENCIES[c as usize])
            });
            out.push_str(",\"removed\":");
            currencies(out, &thieves.removed);
            out.push_str(",\"window\":");
            window_json(out, &game.window, names);
            out.push('}');
        } else if *module == "invaders" {
            let inv = &game.invaders;
            out.push_str("{\"attack_deck\":");
            directions(out, inv.deck.as_slice());
            out.push_str(",\"peeks\":");
            let peeked: Vec<usize> = (0..players)
                .filter(|&p| inv.peeks[p] != crate::modules::invaders::NO_PEEK)
                .collect();
            out.push('{');
            for (i, &p) in names
                .sorted_seats()
                .iter()
                .filter(|p| peeked.contains(p))
                .enumerate()
            {
                if i > 0 {
                    out.push(',');
                }
                string(out, &names.names[p]);
                let _ = write!(out, ":\"{}\"", crate::cards::SIDES[inv.peeks[p] as usize]);
            }
            out.push_str("},\"revealed\":");
            list(out, inv.revealed.as_slice().iter(), |o, &(r, d)| {
                let _ = write!(o, "[{r},\"{}\"]", crate::cards::SIDES[d as usize]);
            });
            out.push_str(",\"scouts_down\":");
            kind_names(out, inv.down.as_slice());
            out.push_str(",\"scouts_out\":");
            kind_names(out, inv.out.as_slice());
            out.push_str(",\"scouts_up\":");
            kind_names(out, inv.up.as_slice());
            out.push('}');
        } else if *module == "master_builders" {
            let mb = &game.master_builders;
            out.push_str("{\"out\":");
            currencies(out, &mb.out);
            let _ = write!(out, ",\"played\":{}}}", mb.played);
        } else if *module == "gates" {
            let _ = write!(
                out,
                "{{\"beside\":{},\"used\":{}}}",
                u8::from(game.gates.beside),
                game.gates.used
            );
        } else if *module == "city_walls" {
            let walls = &game.city_walls;
            let cards = |set: u8| crate::modules::city_walls::cards(set).collect::<Vec<_>>();
            out.push_str("{\"beside\":");
            cards_json(out, &cards(walls.beside));
            out.push_str(",\"used\":");
            cards_json(out, &cards(walls.used));
            out.push('}');
        } else if *module == "bazaars" {
            out.push_str("{\"beside\":");
            tiles_json(
                out,
                &crate::cards::bits(game.bazaars.beside).collect::<Vec<_>>(),
            );
            out.push('}');
        } else if *module == "characters" {
            characters_json(out, game, names);
        } else if *module == "street_merchant" {
            merchant_slice(out, game, names);
        } else if *module == "treasure" {
            treasure_json(out, &game.treasure, names);
        } else if *module == "squares" {
            out.push_str("{\"piles\":");
            by_colour(out, |o, c| tiles_json(o, game.squares.piles[c].as_slice()));
            out.push('}');
        } else if *module == "bonus_cards" {
            let bonus = &game.bonus;
            out.push_str("{\"hands\":");
            by_name(out, names, players, |o, p| {
                tiles_json(o, &crate::cards::bits(bonus.hands[p]).collect::<Vec<_>>())
            });
            out.push_str(",\"set_aside\":");
            tiles_json(
                out,
                &crate::cards::bits(bonus.set_aside).collect::<Vec<_>>(),
            );
            out.push_str(",\"shown\":");
            by_name(out, names, players, |o, p| {
                tiles_json(o, bonus.shown[p].as_slice())
            });
            out.push('}');
        } else {
            out.push_str("null");
        }
    }
    out.push('}');
}

/// Characters' slice (§M7): the characters by id in the box, out, owned; the auction; the
/// Wise Man's type; the hinted characters' turns (never used in the core: null).
fn characters_json(out: &mut String, game: &Game, names: &Names) {
    let chars = &game.characters;
    let ids = |o: &mut String, cards: &[u8]| {
        list(o, cards.iter(), |o, &c| {
            string(o, CHARACTER_NAMES[c as usize])
        })
    };
    out.push_str("{\"auction\":");
    match &chars.auction {
        None => out.push_str("null"),
        Some(auction) => {
            out.push_str("{\"bidders\":");
            list(out, auction.bidders.as_slice().iter(), |o, &p| {
                string(o, &names.names[p as usize])
            });
            let _ = write!(
                out,
                ",\"card\":\"{}\",\"high\":",
                CHARACTER_NAMES[auction.card as usize]
            );
            match auction.high {
                None => out.push_str("null"),
                Some((p, bid)) => {
                    out.push('[');
                    string(out, &names.names[p as usize]);
                    out.push(',');
                    cards_json(out, &bid.cards());
                    out.push(']');
                }
            }
            out.push('}');
        }
    }
    out.push_str(",\"box\":");
    let experimental = game.option(crate::game::EXPERIMENTAL);
    ids(out, &Characters::boxed(experimental).collect::<Vec<_>>());
    out.push_str(",\"out\":");
    ids(out, chars.out.as_slice());
    out.push_str(",\"owned\":");
    by_name(out, names, game.players(), |o, p| {
        ids(o, chars.owned[p].as_slice())
    });
    let turn = |o: &mut String, t: Option<u32>| match t {
        None => o.push_str("null"),
        Some(t) => number(o, t),
    };
    out.push_str(",\"redesigned\":");
    turn(out, chars.redesigned);
    out.push_str(",\"swapped\":");
    turn(out, chars.swapped);
    out.push_str(",\"wise_man\":");
    match chars.wise_man {
        None => out.push_str("null"),
        Some(kind) => string(out, KINDS[kind as usize]),
    }
    let _ = write!(out, ",\"wise_man_chosen\":{}}}", chars.wise_man_chosen);
}

/// A character's index of its id.
fn character_index(id: &str) -> Option<u8> {
    CHARACTER_NAMES
        .iter()
        .position(|&n| n == id)
        .map(|k| k as u8)
}

/// Characters' slice of a save (`characters_json`).
fn read_characters(
    state: &HashMap<String, Value>,
    players: &[String],
    experimental: bool,
) -> Result<Characters, Refusal> {
    let what = "modules_state";
    let data = slice(state, "characters")?;
    let get = |key: &str| data.get(key).ok_or_else(|| invalid(what));
    let ids = |value: &Value| -> Result<Vec<u8>, Refusal> {
        read_list(value, what, |v, w| {
            v.as_str()
                .and_then(character_index)
                .ok_or_else(|| invalid(w))
        })
    };
    let mut chars = Characters::default();
    if ids(get("box")?)? != Characters::boxed(experimental).collect::<Vec<_>>() {
        return Err(Refusal::Invalid(
            "the characters in the box are not those of the game".into(),
        ));
    }
    chars.out = stack(&ids(get("out")?)?, what)?;
    let owned = get("owned")?.as_object().ok_or_else(|| invalid(what))?;
    for (p, name) in players.iter().enumerate() {
        chars.owned[p] = stack(&ids(owned.get(name).ok_or_else(|| invalid(what))?)?, what)?;
    }
    let turn = |key: &str| -> Result<Option<u32>, Refusal> {
        match get(key)? {
            Value::Null => Ok(None),
            value => value
                .as_u64()
                .filter(|&t| t <= u32::MAX as u64)
                .map(|t| Some(t as u32))
                .ok_or_else(|| invalid(what)),
        }
    };
    chars.redesigned = turn("redesigned")?;
    chars.swapped = turn("swapped")?;
    chars.wise_man = match get("wise_man")? {
        Value::Null => None,
        value => Some(
            value
                .as_str()
                .and_then(|k| KINDS.iter().position(|&n| n == k))
                .ok_or_else(|| invalid(what))? as u8,
        ),
    };
    // saved before the choice was asked: not chosen (`load_slice`)
    chars.wise_man_chosen = match data.get("wise_man_chosen") {
        None => false,
        Some(value) => value.as_bool().ok_or_else(|| invalid(what))?,
    };
    chars.auction = match get("auction")? {
        Value::Null => None,
        auction => {
            let card = auction
                .get("card")
                .and_then(Value::as_str)
                .and_then(character_index)
                .ok_or_else(|| invalid(what))?;
            let bidders = auction
                .get("bidders")
                .and_then(Value::as_array)
                .filter(|b| !b.is_empty() && b.len() <= players.len())
                .ok_or_else(|| invalid(what))?
                .iter()
                .map(|b| seat_of(players, b, what))
                .collect::<Result<Vec<u8>, Refusal>>()?;
            let high = match auction.get("high").ok_or_else(|| invalid(what))? {
                Value::Null => None,
                high => {
                    let pair = high
                        .as_array()
                        .filter(|h| h.len() == 2)
                        .ok_or_else(|| invalid(what))?;
                    let cards = read_cards(&pair[1], what)?;
                    let bid = Bid::of_cards(&cards)
                        .filter(|b| b.cards() == cards)
                        .ok_or_else(|| invalid(what))?;
                    Some((seat_of(players, &pair[0], what)?, bid))
                }
            };
            Some(Auction {
                card,
                bidders: stack(&bidders, what)?,
                high,
            })
        }
    };
    Ok(chars)
}

/// Characters (§M7): an auction is on exactly while its first bidder decides, the
/// highest bidder still bids with cards of their hand; a Wise Man's choice is its
/// owner's; each character in play once.
fn characters_agree(game: &Game) -> Result<(), Refusal> {
    let chars = &game.characters;
    let top = game.decisions.last();
    let bad = |why: &str| Err(Refusal::Invalid(format!("characters: {why}")));
    match &chars.auction {
        None if top.is_some_and(|d| d.kind == Kind::Auction) => {
            return bad("an auction decision with no character auctioned")
        }
        None => {}
        Some(auction) => {
            let asked = auction.bidders.as_slice()[0];
            if top.is_none_or(|d| d.kind != Kind::Auction || d.player != asked) {
                return bad("the auction's first bidder is not the one deciding");
            }
            if let Some((leader, bid)) = auction.high {
                let mut needed = [0u8; CARD_KINDS];
                bid.cards().iter().for_each(|&c| needed[c as usize] += 1);
                if !auction.bidders.as_slice().contains(&leader)
                    || (0..CARD_KINDS).any(|c| needed[c] > game.hands[leader as usize][c])
                {
                    return bad("the highest bidder no longer bids or lacks the cards");
                }
            }
        }
    }
    if top.is_some_and(|d| {
        d.kind == Kind::WiseMan
            && chars.owner(crate::modules::characters::WISE_MAN) != Some(d.player)
    }) {
        return bad("the Wise Man's type is chosen by a player who does not own it");
    }
    Ok(())
}

/// Street Merchant's slice (§M12): each player's disc, the residents by building in tile
/// order, the supply by colour.
fn merchant_slice(out: &mut String, game: &Game, names: &Names) {
    let state = &game.merchant;
    out.push_str("{\"discs\":");
    by_name(out, names, game.players(), |o, p| {
        let disc = &state.discs[p];
        o.push_str("{\"citizens\":");
        colour_list(o, &disc.citizens);
        o.push_str(",\"hand\":");
        colour_list(o, &colour_counts(disc.hand));
        o.push_str(",\"pos\":");
        match disc.pos {
            Some((x, y)) => pos(o, x, y),
            None => o.push_str("null"),
        }
        o.push_str(",\"todo\":");
        match disc.todo.name() {
            Some(todo) => string(o, todo),
            None => o.push_str("null"),
        }
        o.push('}');
    });
    out.push_str(",\"residents\":");
    let housed = (0..crate::cards::TILE_COUNT).filter(|&id| state.residents[id] > 0);
    list(out, housed, |o, id| {
        o.push('[');
        tile_json(o, id as TileId);
        let _ = write!(o, ",{}]", state.residents[id]);
    });
    out.push_str(",\"supply\":");
    by_colour(out, |o, c| number(o, state.supply[c] as u32));
    out.push('}');
}

/// Street Merchant's slice of a save (`merchant_slice`), checked in `check_components`.
fn read_merchant(
    state: &HashMap<String, Value>,
    players: &[String],
) -> Result<crate::modules::street_merchant::StreetMerchant, Refusal> {
    use crate::modules::street_merchant::{StreetMerchant, Todo};
    let what = "modules_state";
    let data = slice(state, "street_merchant")?;
    let colours = |v: Option<&Value>| -> Result<[u8; 6], Refusal> {
        let mut counts = [0u8; 6];
        for c in colours_of(v, usize::MAX, what)? {
            counts[c as usize] = counts[c as usize].saturating_add(1);
        }
        Ok(counts)
    };
    let mut merchant = StreetMerchant::default();
    let supply = data
        .get("supply")
        .and_then(Value::as_object)
        .filter(|s| s.len() == 6)
        .ok_or_else(|| invalid(what))?;
    for (c, kind) in KINDS.iter().enumerate() {
        merchant.supply[c] = supply
            .get(*kind)
            .and_then(Value::as_u64)
            .filter(|&n| n <= 7)
            .ok_or_else(|| invalid(what))? as u8;
    }
    let discs = data
        .get("discs")
        .and_then(Value::as_object)
        .filter(|d| d.len() == players.len())
        .ok_or_else(|| invalid(what))?;
    for (p, player) in players.iter().enumerate() {
        let disc = discs.get(player).ok_or_else(|| invalid(what))?;
        let citizens = colours(disc.get("citizens"))?;
        let hand = colours(disc.get("hand"))?;
        if citizens.iter().sum::<u8>() > 3 || hand.iter().any(|&n| n > 1) {
            return Err(invalid(what));
        }
        let cell = match disc.get("pos") {
            Some(Value::Null) => None,
            Some(xy) => {
                let xy = xy
                    .as_array()
                    .filter(|a| a.len() == 2)
                    .ok_or_else(|| invalid(what))?;
                let coordinate = |v: &Value| {
                    v.as_i64()
                        .filter(|c| c.abs() < 100)
                        .map(|c| c as i8)
                        .ok_or_else(|| invalid(what))
                };
                Some((coordinate(&xy[0])?, coordinate(&xy[1])?))
            }
            None => return Err(invalid(what)),
        };
        let todo = match disc.get("todo") {
            Some(Value::Null) => Some(Todo::Nothing),
            Some(Value::String(name)) => Todo::from_name(Some(name)),
            _ => None,
        }
        .ok_or_else(|| invalid(what))?;
        merchant.discs[p] = crate::modules::street_merchant::Disc {
            pos: cell,
            citizens,
            hand: (0..6).filter(|&c| hand[c] == 1).fold(0, |s, c| s | 1 << c),
            todo,
        };
    }
    for entry in data
        .get("residents")
        .and_then(Value::as_array)
        .ok_or_else(|| invalid(what))?
    {
        let pair = entry
            .as_array()
            .filter(|e| e.len() == 2)
            .ok_or_else(|| invalid(what))?;
        let id = read_tile(&pair[0], what)? as usize;
        let n = pair[1]
            .as_u64()
            .filter(|n| (1..=7).contains(n))
            .ok_or_else(|| invalid(what))?;
        if id >= crate::cards::TILE_COUNT || merchant.residents[id] != 0 {
            return Err(invalid(what));
        }
        merchant.residents[id] = n as u8;
    }
    Ok(merchant)
}

/// Bonus Cards' slice of a save.
fn read_bonus_cards(
    state: &HashMap<String, Value>,
    players: &[String],
) -> Result<BonusCards, Refusal> {
    let what = "modules_state";
    let slice = slice(state, "bonus_cards")?;
    let mut bonus = BonusCards::default();
    for (p, name) in players.iter().enumerate() {
        bonus.hands[p] = read_tile_set(
            slice
                .get("hands")
                .and_then(|h| h.get(name))
                .unwrap_or(&Value::Null),
            what,
        )?;
        bonus.shown[p] = stack(
            &read_tiles(
                slice
                    .get("shown")
                    .and_then(|h| h.get(name))
                    .unwrap_or(&Value::Null),
                what,
            )?,
            what,
        )?;
    }
    bonus.set_aside = read_tile_set(slice.get("set_aside").unwrap_or(&Value::Null), what)?;
    if !bonus.complete(players.len()) {
        return Err(Refusal::Invalid(
            "the bonus cards are not the ten of the game, once each".into(),
        ));
    }
    Ok(bonus)
}

/// The options of a save: the base game's two and exactly the options of the modules in
/// play (`CORE_OPTIONS`), as bits.
fn read_options(options: &Value, modules: u16) -> Result<u8, Refusal> {
    let given = options.as_object().ok_or_else(|| invalid("options"))?;
    let mut bits = 0u8;
    let mut known = 2;
    for (k, (name, module)) in CORE_OPTIONS.iter().enumerate() {
        if modules & module == 0 {
            continue;
        }
        match given.get(*name).map(Value::as_bool) {
            Some(Some(set)) => bits |= u8::from(set) << k,
            _ => return Err(invalid("options")),
        }
        known += 1;
    }
    if given.len() != known {
        return Err(Refusal::Unsupported(
            "module options the core does not hold".into(),
        ));
    }
    Ok(bits)
}

/// A seat of a name in `players`.
fn seat_of(players: &[String], value: &Value, what: &str) -> Result<u8, Refusal> {
    let name = value.as_str().ok_or_else(|| invalid(what))?;
    players
        .iter()
        .position(|p| p == name)
        .map(|s| s as u8)
        .ok_or_else(|| invalid(what))
}

/// The window's state in a slice (null while closed).
fn read_window(value: &Value, players: &[String]) -> Result<Window, Refusal> {
    let what = "modules_state";
    if value.is_null() {
        return Ok(Window::default());
    }
    let mut window = Window {
        open: true,
        ..Window::default()
    };
    for name in value
        .get("queue")
        .and_then(Value::as_array)
        .ok_or_else(|| invalid(what))?
    {
        let seat = seat_of(players, name, what)?;
        if window.queue.as_slice().contains(&seat) {
            return Err(invalid(what));
        }
        window.queue.push(seat);
    }
    window.repoll = value
        .get("repoll")
        .and_then(Value::as_bool)
        .ok_or_else(|| invalid(what))?;
    Ok(window)
}

/// A module's slice of a save.
fn slice<'a>(state: &'a HashMap<String, Value>, module: &str) -> Result<&'a Value, Refusal> {
    field(state, "modules_state")?
        .get(module)
        .ok_or_else(|| invalid("modules_state"))
}

/// Vizier's Favour's slice: each vizier awake or not, the window without the thieves.
fn read_vizier(
    state: &HashMap<String, Value>,
    players: &[String],
    game: &mut Game,
) -> Result<(), Refusal> {
    let what = "modules_state";
    let vizier = slice(state, "vizier")?;
    for (p, name) in players.iter().enumerate() {
        game.vizier.awake[p] = vizier
            .get("awake")
            .and_then(|a| a.get(name))
            .and_then(Value::as_bool)
            .ok_or_else(|| invalid(what))?;
    }
    let window = read_window(vizier.get("window").unwrap_or(&Value::Null), players)?;
    if game.has(crate::game::THIEVES) && window.open {
        return Err(invalid(what)); // with the thieves the window is theirs
    }
    game.window = window;
    Ok(())
}

/// Thieves' slice: the hands, those removed and played (as currencies), the window.
fn read_thieves(
    state: &HashMap<String, Value>,
    players: &[String],
    game: &mut Game,
) -> Result<(), Refusal> {
    let what = "modules_state";
    let thieves = slice(state, "thieves")?;
    let currencies = |value: Option<&Value>| indices_of(value, &CURRENCIES, what);
    let counted = |listed: Vec<u8>| -> Result<[u8; 4], Refusal> {
        let mut counts = [0u8; 4];
        for c in listed {
            counts[c as usize] = counts[c as usize].saturating_add(1);
        }
        Ok(counts)
    };
    let mut dealt = Thieves::default();
    for (p, name) in players.iter().enumerate() {
        dealt.hands[p] = counted(currencies(thieves.get("hands").and_then(|h| h.get(name)))?)?;
    }
    dealt.removed = counted(currencies(thieves.get("removed"))?)?;
    dealt.played = stack(&currencies(thieves.get("played"))?, what)?;
    if !dealt.complete(players.len()) {
        return Err(Refusal::Invalid(
            "the thieves are not the twelve of the game, dealt as the rules deal them".into(),
        ));
    }
    game.thieves = dealt;
    game.window = read_window(thieves.get("window").unwrap_or(&Value::Null), players)?;
    Ok(())
}

/// City Gates: each Alhambra's gates (`"gates"`), the card beside the display and the
/// cards spent (its slice); as many gates built as cards spent.
fn read_gates(
    state: &HashMap<String, Value>,
    players: &[String],
    game: &mut Game,
) -> Result<(), Refusal> {
    let what = "gates";
    let cell = |v: &Value| -> Option<(i8, i8)> {
        let xy = v.as_array().filter(|a| a.len() == 2)?;
        let coordinate = |c: &Value| c.as_i64().filter(|c| c.abs() < 100).map(|c| c as i8);
        Some((coordinate(&xy[0])?, coordinate(&xy[1])?))
    };
    for (p, name) in players.iter().enumerate() {
        let listed = field(state, what)?
            .get(name)
            .and_then(Value::as_array)
            .ok_or_else(|| invalid(what))?;
        for gate in listed {
            let pair = gate
                .as_array()
                .filter(|g| g.len() == 2)
                .and_then(|g| Some((cell(&g[0])?, cell(&g[1])?)))
                .ok_or_else(|| invalid(what))?;
            if !game.boards[p].add_gate_pair(pair) {
                return Err(invalid(what));
            }
        }
    }
    let slice = slice(state, "gates")?;
    let number = |key: &str| slice.get(key).and_then(Value::as_u64);
    let (beside, used) = match (number("beside"), number("used")) {
        (Some(b @ 0..=1), Some(u @ 0..=6)) => (b == 1, u as u8),
        _ => return Err(invalid("modules_state")),
    };
    // as many gates built as cards spent: checked with the other components
    game.gates = crate::modules::gates::Gates { beside, used };
    Ok(())
}

/// Invaders' slice: the attack cards face down and revealed, the scouts face down, up
/// and out, the peeks; every card and scout once.
fn read_invaders(
    state: &HashMap<String, Value>,
    players: &[String],
) -> Result<crate::modules::invaders::Invaders, Refusal> {
    use crate::modules::invaders::{Invaders, NO_PEEK};
    let what = "modules_state";
    let data = slice(state, "invaders")?;
    let direction = |v: &Value| {
        v.as_str()
            .and_then(|d| {
                crate::cards::SIDES
                    .iter()
                    .position(|s| d.len() == 1 && d.starts_with(*s))
            })
            .map(|d| d as u8)
            .ok_or_else(|| invalid(what))
    };
    let kind = |v: &Value| {
        v.as_str()
            .and_then(|k| KINDS.iter().position(|n| *n == k))
            .map(|k| k as u8)
            .ok_or_else(|| invalid(what))
    };
    let items = |key: &str| -> Result<&Vec<Value>, Refusal> {
        data.get(key)
            .and_then(Value::as_array)
            .ok_or_else(|| invalid(what))
    };
    let listed = |key: &str, read: &dyn Fn(&Value) -> Result<u8, Refusal>| {
        items(key)?
            .iter()
            .map(read)
            .collect::<Result<Vec<u8>, Refusal>>()
    };
    let mut invaders = Invaders {
        deck: stack(&listed("attack_deck", &direction)?, what)?,
        down: stack(&listed("scouts_down", &kind)?, what)?,
        up: stack(&listed("scouts_up", &kind)?, what)?,
        out: stack(&listed("scouts_out", &kind)?, what)?,
        peeks: [NO_PEEK; MAX_PLAYERS],
        ..Invaders::default()
    };
    let mut revealed = Vec::new();
    for entry in items("revealed")? {
        let pair = entry
            .as_array()
            .filter(|e| e.len() == 2)
            .ok_or_else(|| invalid(what))?;
        let round = pair[0]
            .as_u64()
            .filter(|r| (1..=3).contains(r))
            .ok_or_else(|| invalid(what))?;
        revealed.push((round as u8, direction(&pair[1])?));
    }
    invaders.revealed = stack(&revealed, what)?;
    let peeks = data
        .get("peeks")
        .and_then(Value::as_object)
        .ok_or_else(|| invalid(what))?;
    for (name, card) in peeks {
        let seat = players
            .iter()
            .position(|p| p == name)
            .ok_or_else(|| invalid(what))?;
        invaders.peeks[seat] = direction(card)?;
    }
    Ok(invaders)
}

/// Squares' slice of a save: the piles by colour, each of its colour's huts.
fn read_squares(state: &HashMap<String, Value>) -> Result<Squares, Refusal> {
    let what = "modules_state";
    let piles = field(state, what)?
        .get("squares")
        .and_then(|s| s.get("piles"))
        .ok_or_else(|| invalid(what))?;
    let mut squares = Squares::default();
    for (colour, name) in KINDS.iter().enumerate() {
        let pile = read_tiles(piles.get(*name).unwrap_or(&Value::Null), what)?;
        squares.piles[colour] = stack(&pile, what)?;
    }
    if !squares.well_sorted() {
        return Err(Refusal::Invalid(
            "a hut pile holds a tile that is not a hut of its colour".into(),
        ));
    }
    Ok(squares)
}

fn numbers(out: &mut String, values: &[u8]) {
    list(out, values.iter(), |o, v| {
        let _ = write!(o, "{v}");
    });
}

// -- reading ----------------------------------------------------------------------------

fn invalid(what: &str) -> Refusal {
    Refusal::Invalid(format!("the save's {what} is not one the core reads"))
}

fn field<'a>(state: &'a HashMap<String, Value>, key: &str) -> Result<&'a Value, Refusal> {
    state.get(key).ok_or_else(|| invalid(key))
}

fn read_tile(value: &Value, what: &str) -> Result<TileId, Refusal> {
    match read_held_tile(value, what)? {
        (id, 0) => Ok(id),
        _ => Err(invalid(what)), // sticks only on a player's tiles
    }
}

/// A tile a player holds and its City Walls sticks (§M9: lower-case wall letters).
fn read_held_tile(value: &Value, what: &str) -> Result<(TileId, u8), Refusal> {
    // [kind, price, walls], then its marks: a hut's colour, a bazaar's currency and types
    let parts = value
        .as_array()
        .filter(|a| a.len() == 3 || a.len() == 4 || a.len() == 7)
        .ok_or_else(|| invalid(what))?;
    let kind = parts[0]
        .as_str()
        .and_then(crate::cards::kind_of_name)
        .ok_or_else(|| invalid(what))?;
    let marks: Vec<&str> = parts[3..]
        .iter()
        .map(|m| m.as_str().ok_or_else(|| invalid(what)))
        .collect::<Result<_, _>>()?;
    let index = |names: &[&str], name: &str| {
        names
            .iter()
            .position(|n| *n == name)
            .map(|i| i as u8)
            .ok_or_else(|| invalid(what))
    };
    let (mark, types) = match (kind, marks.as_slice()) {
        (_, []) => (NO_MARK, 0),
        (BAZAAR, [currency, types @ ..]) => (
            index(&CURRENCIES, currency)?,
            types
                .iter()
                .try_fold(0u8, |set, t| Ok(set | 1 << index(&KINDS, t)?))?,
        ),
        (_, [colour]) => (index(&KINDS, colour)?, 0),
        _ => return Err(invalid(what)),
    };
    let price = parts[1]
        .as_u64()
        .filter(|&p| p < 256)
        .ok_or_else(|| invalid(what))? as u8;
    let walls = parts[2].as_str().ok_or_else(|| invalid(what))?;
    let (mut mask, mut sticks) = (0, 0);
    for c in walls.chars() {
        let side = crate::cards::SIDES
            .iter()
            .position(|&s| s == c.to_ascii_uppercase())
            .ok_or_else(|| invalid(what))?;
        if c.is_ascii_lowercase() {
            sticks |= 1 << side;
        } else {
            mask |= 1 << side;
        }
    }
    let id = tile_id(kind, price, mask, mark, types).ok_or_else(|| invalid(what))?;
    // the marks and walls as the engine writes them, in their order
    if !tile(id).marks().eq(marks.iter().copied())
        || walls_letters(mask, sticks) != walls
        || mask & sticks != 0
    {
        return Err(invalid(what));
    }
    Ok((id, sticks))
}

/// Tiles a player holds, each with its sticks: `sticks` set for each.
fn read_held_tiles(
    value: &Value,
    what: &str,
    sticks: &mut [u8; crate::cards::TILE_KINDS],
) -> Result<Vec<TileId>, Refusal> {
    let tiles = read_list(value, what, read_held_tile)?;
    Ok(tiles
        .into_iter()
        .map(|(id, on)| {
            sticks[id as usize] = on;
            id
        })
        .collect())
}

/// Tiles as a set, each once.
fn read_tile_set(value: &Value, what: &str) -> Result<TileSet, Refusal> {
    read_tiles(value, what)?
        .iter()
        .try_fold(0 as TileSet, |set, &id| {
            if set >> id & 1 == 1 {
                Err(Refusal::Invalid(format!(
                    "the save's {what} holds a tile twice"
                )))
            } else {
                Ok(set | 1 << id)
            }
        })
}

/// A list, each item read by `read`.
fn read_list<T>(
    value: &Value,
    what: &str,
    read: fn(&Value, &str) -> Result<T, Refusal>,
) -> Result<Vec<T>, Refusal> {
    value
        .as_array()
        .ok_or_else(|| invalid(what))?
        .iter()
        .map(|item| read(item, what))
        .collect()
}

fn read_tiles(value: &Value, what: &str) -> Result<Vec<TileId>, Refusal> {
    read_list(value, what, read_tile)
}

pub(crate) fn read_card(value: &Value, what: &str) -> Result<CardId, Refusal> {
    // the module cards are written with words: ["coin", currency], ["exchange", a, b]
    let words: Option<Vec<&str>> = value
        .as_array()
        .map(|parts| parts.iter().map(|p| p.as_str().unwrap_or("")).collect());
    let rank = |c: &str| CURRENCIES.iter().position(|x| *x == c).map(|r| r as u8);
    if let Some(["gate"]) = words.as_deref() {
        return Ok(crate::cards::GATE);
    }
    if let Some(["character", id]) = words.as_deref() {
        return character_index(id)
            .map(|k| crate::cards::CHARACTER_FIRST + k)
            .ok_or_else(|| invalid(what));
    }
    if let Some(["wall", sides]) = words.as_deref() {
        let mask = sides.chars().try_fold(0u8, |mask, c| {
            let side = crate::cards::SIDES.iter().position(|&s| s == c)?;
            Some(mask | 1 << side)
        });
        return mask
            .and_then(crate::cards::wall_card)
            .filter(|&card| crate::cards::mask_sides(crate::cards::wall_sides(card)) == *sides)
            .ok_or_else(|| invalid(what));
    }
    if let Some(["master_builder", currency]) = words.as_deref() {
        return Ok(crate::cards::master_builder(
            rank(currency).ok_or_else(|| invalid(what))?,
        ));
    }
    if let Some(["coin", currency]) = words.as_deref() {
        return Ok(crate::cards::coin(
            rank(currency).ok_or_else(|| invalid(what))?,
        ));
    }
    if let Some(["exchange", a, b]) = words.as_deref() {
        let pair = (
            rank(a).ok_or_else(|| invalid(what))?,
            rank(b).ok_or_else(|| invalid(what))?,
        );
        let index = crate::cards::EXCHANGE_PAIRS
            .iter()
            .position(|p| *p == pair)
            .ok_or_else(|| invalid(what))?;
        return Ok(EXCHANGE_FIRST + index as u8);
    }
    let parts = value
        .as_array()
        .filter(|a| a.len() == 2)
        .ok_or_else(|| invalid(what))?;
    let tag = parts[0].as_str().ok_or_else(|| invalid(what))?;
    let number = parts[1].as_u64().ok_or_else(|| invalid(what))?;
    if tag == "scoring" && (1..=2).contains(&number) {
        return Ok(SCORING_1 + number as u8 - 1);
    }
    if tag == "diamond" && (1..=9).contains(&number) {
        return Ok(crate::cards::diamond(number as u8));
    }
    let currency = CURRENCIES
        .iter()
        .position(|c| *c == tag)
        .ok_or_else(|| invalid(what))?;
    if !(1..=9).contains(&number) {
        return Err(invalid(what));
    }
    Ok(crate::cards::money(currency as u8, number as u8))
}

fn read_cards(value: &Value, what: &str) -> Result<Vec<CardId>, Refusal> {
    read_list(value, what, read_card)
}

/// Round numbers from 1 to `last`.
fn read_rounds(value: &Value, last: u64, what: &str) -> Result<Vec<u8>, Refusal> {
    value
        .as_array()
        .ok_or_else(|| invalid(what))?
        .iter()
        .map(|v| {
            v.as_u64()
                .filter(|n| (1..=last).contains(n))
                .map(|n| n as u8)
                .ok_or_else(|| invalid(what))
        })
        .collect()
}

fn stack<T: Copy + Default + PartialEq, const C: usize>(
    items: &[T],
    what: &str,
) -> Result<Stack<T, C>, Refusal> {
    Stack::from_slice(items).ok_or_else(|| invalid(what))
}

/// Every tile and card of the game exactly once, and every Alhambra within the window
/// the bit planes cover (55 cells wide at most, as any Alhambra of 55 tiles): the core
/// trusts its state from then on.
pub fn check_components(game: &Game) -> Result<(), Refusal> {
    let mut tiles = [0u8; crate::cards::TILE_KINDS];
    let mut count = |id: TileId| tiles[id as usize] += 1;
    crate::cards::bits(game.bag).for_each(&mut count);
    game.market
        .iter()
        .filter(|&&t| t != EMPTY)
        .for_each(|&t| count(t));
    for p in 0..game.players() {
        crate::cards::bits(game.reserves[p]).for_each(&mut count);
        let cells = game.board(p).cells();
        cells
            .iter()
            .filter(|c| c.tile != FOUNTAIN)
            .for_each(|c| count(c.tile));
        if cells.iter().filter(|c| c.tile == FOUNTAIN).count() != 1
            || game.board(p).at(0, 0) != Some(FOUNTAIN)
        {
            return Err(invalid("alhambras"));
        }
        let span = |f: fn(&crate::board::Placed) -> i8| {
            let (lo, hi) = cells
                .iter()
                .map(f)
                .fold((i8::MAX, i8::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
            hi as i32 - lo as i32
        };
        if span(|c| c.x) >= crate::board::MAX_CELLS as i32
            || span(|c| c.y) >= crate::board::MAX_CELLS as i32
        {
            return Err(invalid("alhambras"));
        }
    }
    game.dirk_tiles.as_slice().iter().for_each(|&t| count(t));
    game.to_place.as_slice().iter().for_each(|&t| count(t));
    game.awaiting
        .as_slice()
        .iter()
        .for_each(|(_, ts)| ts.as_slice().iter().for_each(|&t| count(t)));
    crate::cards::bits(game.squares.held()).for_each(&mut count);
    crate::cards::bits(game.bazaars.beside).for_each(&mut count);
    // each building once, each module tile once with its module, else never
    let once = |id: TileId| {
        if crate::cards::is_hut(id) {
            game.has(crate::game::SQUARES)
        } else if crate::cards::is_camp(id) {
            game.has(crate::game::CAMPS)
        } else if crate::cards::is_bazaar(id) {
            game.has(crate::game::BAZAARS)
        } else {
            true
        }
    };
    if (0..tiles.len()).any(|id| tiles[id] != u8::from(once(id as TileId))) {
        return Err(Refusal::Invalid(
            "the save does not hold each of the game's tiles once".into(),
        ));
    }
    if game.has(crate::game::INVADERS) && !game.invaders.complete() {
        return Err(Refusal::Invalid(
            "the attack cards and scouts are not the game's, once each".into(),
        ));
    }
    if game.has(crate::game::THIEVES) && !game.thieves.complete(game.players()) {
        return Err(Refusal::Invalid(
            "the thieves are not the twelve of the game, dealt as the rules deal them".into(),
        ));
    }
    window_agrees(game)?;
    characters_agree(game)?;
    if game.has(crate::game::TREASURE) && !treasure_agrees(game) {
        return Err(Refusal::Invalid(
            "the chests are not the 42 of the game, one at most on a base building a player holds"
                .into(),
        ));
    }
    if (0..game.players()).any(|p| {
        crate::modules::squares::huts_held(game.board(p), game.reserves[p])
            > crate::modules::squares::HUT_LIMIT
    }) {
        return Err(Refusal::Invalid(
            "a player holds more huts than the rules allow".into(),
        ));
    }
    let mut cards = [0u8; CARD_KINDS];
    for pile in [
        game.draw.as_slice(),
        game.discard.as_slice(),
        game.display.as_slice(),
    ] {
        pile.iter().for_each(|&c| cards[c as usize] += 1);
    }
    for p in 0..game.players() {
        for (c, n) in game.hands[p].iter().enumerate() {
            cards[c] += n;
        }
    }
    game.revealed
        .as_slice()
        .iter()
        .for_each(|&r| cards[SCORING_1 as usize + r as usize - 1] += 1);
    let copies = if game.has_dirk() { 2 } else { 3 };
    let mut expected = [0u8; CARD_KINDS];
    expected[..MONEY_KINDS].fill(copies);
    expected[MONEY_KINDS..EXCHANGE_FIRST as usize].fill(1);
    if game.has(crate::game::EXCHANGE) {
        expected[EXCHANGE_FIRST as usize..EXCHANGE_FIRST as usize + 6].fill(1);
    }
    if game.has(crate::game::DIAMONDS) {
        crate::cards::diamond_deck()
            .iter()
            .for_each(|&d| expected[d as usize] += 1);
    }
    let gates: usize = (0..game.players())
        .map(|p| game.board(p).gates().len())
        .sum();
    if gates != game.gates.used as usize {
        return Err(Refusal::Invalid(format!(
            "the Alhambras hold {gates} gates, {} gate cards were spent",
            game.gates.used
        )));
    }
    if game.has(crate::game::MASTER_BUILDERS) {
        // those out of the game count with those held and in the piles: four a currency
        for currency in 0..4u8 {
            let card = crate::cards::master_builder(currency) as usize;
            cards[card] = cards[card].saturating_add(game.master_builders.out[currency as usize]);
            expected[card] = crate::modules::master_builders::PER_CURRENCY;
        }
    }
    if game.has(crate::game::GATES) {
        // the cards beside the display and spent count with those held and in the piles
        let gate = crate::cards::GATE as usize;
        cards[gate] += u8::from(game.gates.beside) + game.gates.used;
        expected[gate] = crate::modules::gates::cards_in_game(
            game.players(),
            game.option(crate::game::GATES_ALL_SIX),
        );
    }
    if game.has(crate::game::CITY_WALLS) {
        // the wall cards beside the market and spent count with those in the piles
        let walls = &game.city_walls;
        for set in [walls.beside, walls.used] {
            crate::modules::city_walls::cards(set).for_each(|card| cards[card as usize] += 1);
        }
        expected[crate::cards::WALL_FIRST as usize..crate::cards::CHARACTER_FIRST as usize].fill(1);
    }
    sticks_agree(game)?;
    if game.has(crate::game::CHARACTERS) {
        // the characters in play, owned, out or auctioned count with those in the piles
        game.characters
            .held()
            .for_each(|c| cards[(crate::cards::CHARACTER_FIRST + c) as usize] += 1);
        for &c in crate::modules::characters::playable(game.option(crate::game::EXPERIMENTAL)) {
            expected[(crate::cards::CHARACTER_FIRST + c) as usize] = 1;
        }
    }
    if game.has(crate::game::STREET_MERCHANT) {
        merchant_agrees(game)?;
    }
    if game.has(crate::game::CHANGE) {
        for currency in 0..4u8 {
            // the coins in the bag count with those in hand: six of each currency
            let coin = crate::cards::coin(currency) as usize;
            cards[coin] = cards[coin].saturating_add(game.coin_bag[currency as usize]);
            expected[coin] = crate::game::COINS_PER_CURRENCY;
        }
    }
    if cards != expected {
        return Err(Refusal::Invalid(
            "the save does not hold the game's cards once each".into(),
        ));
    }
    Ok(())
}

/// Street Merchant (§M12, the slice's rules): seven citizens of each colour; a disc on the
/// table lies on an empty cell with nothing to do, one off it is lifted or the game is
/// ending; a hand only at setup, of the six colours with the disc's; the merchant decision
/// is the first player's due.
fn merchant_agrees(game: &Game) -> Result<(), Refusal> {
    use crate::modules::street_merchant::{Todo, ALL_COLOURS, PER_COLOUR};
    let state = &game.merchant;
    if state.census(game.players()) != [PER_COLOUR as u32; 6] {
        return Err(Refusal::Invalid(format!(
            "there are 7 citizens of each colour, found {:?}",
            state.census(game.players())
        )));
    }
    let ending = game.end_reason.is_some();
    for p in 0..game.players() {
        let disc = &state.discs[p];
        let placed = match disc.pos {
            Some((x, y)) => game.board(p).at(x, y).is_none() && disc.todo == Todo::Nothing,
            None => disc.todo != Todo::Nothing || ending,
        };
        let held = disc.hand == 0
            || (game.turn == 0
                && disc.hand & disc.colours() == 0
                && disc.hand | disc.colours() == ALL_COLOURS
                && disc.citizens.iter().all(|&n| n <= 1));
        let setting = disc.todo != Todo::Setup || (disc.hand == ALL_COLOURS && disc.colours() == 0);
        if !placed || !held || !setting {
            return Err(invalid("modules_state"));
        }
    }
    // the steps ask the players in turn order from the turn's player (`_merchant_due`)
    let asked = game.decision().filter(|d| d.kind == Kind::Merchant);
    let due = (0..game.players() as u8)
        .map(|k| (game.current + k) % game.players() as u8)
        .find(|&p| state.discs[p as usize].todo != Todo::Nothing);
    if asked.is_some_and(|d| Some(d.player) != due) {
        return Err(invalid("decisions"));
    }
    Ok(())
}

/// Treasure Chamber (§M13): the 42 chests, each colour's number, the chests on base
/// buildings the players hold (in an Alhambra or on a reserve).
fn treasure_agrees(game: &Game) -> bool {
    let mut held: crate::cards::TileSet = 0;
    for p in 0..game.players() {
        held |= game.reserves[p];
        for c in game.board(p).cells().iter().filter(|c| c.tile != FOUNTAIN) {
            held |= 1 << c.tile;
        }
    }
    game.treasure.complete() && game.treasure.chests & !held == 0
}

/// City Walls' sticks (§M9): only with the module, on the players' tiles (neither the
/// fountain nor a camp, never on a printed wall), as many as the spent cards show; a
/// built tile's walls are its printed walls and its sticks.
fn sticks_agree(game: &Game) -> Result<(), Refusal> {
    let mut held: TileSet = crate::cards::tile_set(game.to_place.as_slice());
    for p in 0..game.players() {
        held |= game.reserves[p];
        for c in game.board(p).cells().iter().filter(|c| c.tile != FOUNTAIN) {
            held |= 1 << c.tile;
            if c.walls != game.mask_of(c.tile) {
                return Err(invalid("alhambras"));
            }
        }
    }
    let mut laid = 0;
    for id in 0..crate::cards::TILE_KINDS as TileId {
        let sticks = game.sticks[id as usize];
        let ok = sticks == 0
            || (held >> id & 1 == 1 && !crate::cards::is_camp(id) && tile(id).mask & sticks == 0);
        if !ok || (game.stuck >> id & 1 == 1) != (sticks != 0) {
            return Err(invalid("sticks"));
        }
        laid += sticks.count_ones();
    }
    if laid != crate::modules::city_walls::sticks_spent(game.city_walls.used) {
        return Err(Refusal::Invalid(format!(
            "the tiles carry {laid} sticks, the wall cards spent show {}",
            crate::modules::city_walls::sticks_spent(game.city_walls.used)
        )));
    }
    Ok(())
}

/// The window asks someone exactly while its decision is on top, the first of its queue
/// (`window.window_problem`), and it is open only with a module that acts there.
fn window_agrees(game: &Game) -> Result<(), Refusal> {
    let window = &game.window;
    let top = game.decision();
    let asking = top.filter(|d| matches!(d.kind, Kind::Vizier | Kind::Window));
    let kind = if game.has(crate::game::THIEVES) {
        Kind::Window
    } else {
        Kind::Vizier
    };
    let agrees = match asking {
        Some(d) => {
            d.kind == kind
                && window.open
                && !window.repoll
                && window.queue.as_slice().first() == Some(&d.player)
        }
        None => !window.open || window.repoll,
    };
    let seats_ok = window
        .queue
        .as_slice()
        .iter()
        .all(|&s| (s as usize) < game.players());
    let held = game.has(crate::game::VIZIER) || game.has(crate::game::THIEVES);
    if agrees && seats_ok && (held || !window.open) {
        Ok(())
    } else {
        Err(invalid("modules_state"))
    }
}

/// A game from a save the Python engine wrote: the game, its names, and the text of its
/// events (comma-joined) with their number.
pub fn read_save(text: &str) -> Result<(Game, Names, String, usize), Refusal> {
    let raw: HashMap<String, Box<RawValue>> = serde_json::from_str(text)
        .map_err(|e| Refusal::Invalid(format!("the save is no JSON object: {e}")))?;
    let mut state: HashMap<String, Value> = HashMap::new();
    for (key, value) in &raw {
        if key != "events" {
            state.insert(
                key.clone(),
                serde_json::from_str(value.get()).map_err(|_| invalid(key))?,
            );
        }
    }
    let (game, names) = read_state(&state)?;
    let events = raw.get("events").ok_or_else(|| invalid("events"))?.get();
    let inner = events.trim();
    let inner = inner
        .strip_prefix('[')
        .and_then(|s| s.strip_suffix(']'))
        .ok_or_else(|| invalid("events"))?;
    let count = serde_json::from_str::<Vec<Box<RawValue>>>(events)
        .map_err(|_| invalid("events"))?
        .len();
    Ok((game, names, inner.to_string(), count))
}

/// The game of a save's fields but its events (`read_save`; `determinize` gives it a
/// public state's, its draw pile dealt), every component checked.
pub(crate) fn read_state(state: &HashMap<String, Value>) -> Result<(Game, Names), Refusal> {
    if field(state, "format")? != "alhambra_lib.game" || field(state, "version")? != 2 {
        return Err(Refusal::Invalid(
            "the core reads saves of format alhambra_lib.game, version 2".into(),
        ));
    }
    let modules = field(state, "modules")?
        .as_array()
        .ok_or_else(|| invalid("modules"))?;
    let names: Vec<&str> = modules.iter().map(|m| m.as_str().unwrap_or("?")).collect();
    let module_set = crate::game::module_bits(&names).map_err(|missing| {
        Refusal::Unsupported(format!(
            "the core does not hold the module(s) {}",
            missing.join(", ")
        ))
    })?;
    let options = field(state, "options")?;
    let option_bits = read_options(options, module_set)?;
    if options.get("hole_rule").and_then(Value::as_str) != Some("enclosed") {
        return Err(Refusal::Unsupported(
            "the core holds the hole rule 'enclosed' only".into(),
        ));
    }
    let bag_empty_ends = match options.get("end_trigger").and_then(Value::as_str) {
        Some("market_short") => false,
        Some("bag_empty") => true,
        _ => return Err(invalid("end_trigger")),
    };
    let players: Vec<String> = field(state, "players")?
        .as_array()
        .ok_or_else(|| invalid("players"))?
        .iter()
        .map(|p| {
            p.as_str()
                .map(str::to_string)
                .ok_or_else(|| invalid("players"))
        })
        .collect::<Result<_, _>>()?;
    if !(2..=MAX_PLAYERS).contains(&players.len()) {
        return Err(invalid("players"));
    }
    let n = players.len();
    let names = Names::new(&players, n == 2);
    let seat = |value: &Value, what: &str| -> Result<u8, Refusal> {
        let name = value.as_str().ok_or_else(|| invalid(what))?;
        names
            .names
            .iter()
            .position(|n| n == name)
            .map(|s| s as u8)
            .ok_or_else(|| invalid(what))
    };
    let per_player = |key: &str| -> Result<Vec<&Value>, Refusal> {
        let map = field(state, key)?.as_object().ok_or_else(|| invalid(key))?;
        players
            .iter()
            .map(|p| map.get(p).ok_or_else(|| invalid(key)))
            .collect()
    };

    let rng_state = field(state, "rng")?;
    let words: Vec<u32> = rng_state
        .get(1)
        .and_then(Value::as_array)
        .ok_or_else(|| invalid("rng"))?
        .iter()
        .map(|w| {
            w.as_u64()
                .filter(|&x| x <= u32::MAX as u64)
                .map(|x| x as u32)
                .ok_or_else(|| invalid("rng"))
        })
        .collect::<Result<_, _>>()?;
    let rng = Mt::from_state(&words).ok_or_else(|| invalid("rng"))?;
    let mut game = Game::blank(n as u8, rng, bag_empty_ends);
    game.modules = module_set;
    game.options = option_bits;
    if game.has(crate::game::VIZIER) {
        read_vizier(state, &players, &mut game)?;
    }
    if game.has(crate::game::THIEVES) {
        read_thieves(state, &players, &mut game)?;
    }
    if game.has(crate::game::BONUS_CARDS) {
        game.bonus = read_bonus_cards(state, &players)?;
    }
    if game.has(crate::game::CHARACTERS) {
        let experimental = game.option(crate::game::EXPERIMENTAL);
        game.characters = read_characters(state, &players, experimental)?;
    }
    if game.has(crate::game::SQUARES) {
        game.squares = read_squares(state)?;
    }
    if game.has(crate::game::INVADERS) {
        game.invaders = read_invaders(state, &players)?;
    }
    if game.has(crate::game::CITY_WALLS) {
        let data = slice(state, "city_walls")?;
        let cards = |key: &str| -> Result<u8, Refusal> {
            let what = "modules_state";
            let listed = read_cards(data.get(key).unwrap_or(&Value::Null), what)?;
            listed.iter().try_fold(0u8, |set, &card| {
                let bit = crate::modules::city_walls::bit(card);
                if !crate::cards::is_wall_card(card) || set & bit != 0 {
                    Err(invalid(what))
                } else {
                    Ok(set | bit)
                }
            })
        };
        game.city_walls.beside = cards("beside")?;
        game.city_walls.used = cards("used")?;
    }
    if game.has(crate::game::STREET_MERCHANT) {
        game.merchant = read_merchant(state, &players)?;
    }
    if game.has(crate::game::BAZAARS) {
        let beside = slice(state, "bazaars")?
            .get("beside")
            .ok_or_else(|| invalid("modules_state"))?;
        game.bazaars.beside = read_tile_set(beside, "modules_state")?;
        if !game.bazaars.well_formed() {
            return Err(Refusal::Invalid(
                "a tile that is no bazaar lies beside the market".into(),
            ));
        }
    }
    if game.has(crate::game::TREASURE) {
        game.treasure = read_treasure(state, &players)?;
    }
    if game.has(crate::game::MASTER_BUILDERS) {
        let what = "modules_state";
        let slice = slice(state, "master_builders")?;
        for currency in slice
            .get("out")
            .and_then(Value::as_array)
            .ok_or_else(|| invalid(what))?
        {
            let rank = currency
                .as_str()
                .and_then(|c| CURRENCIES.iter().position(|x| *x == c))
                .ok_or_else(|| invalid(what))?;
            let out = &mut game.master_builders.out[rank];
            *out = out.saturating_add(1);
        }
        game.master_builders.played = slice
            .get("played")
            .and_then(Value::as_u64)
            .filter(|&n| n <= 16)
            .ok_or_else(|| invalid(what))? as u8;
    }
    if game.has(crate::game::CHANGE) {
        let bag = field(state, "modules_state")?
            .get("change")
            .and_then(|c| c.get("bag"))
            .and_then(Value::as_array)
            .ok_or_else(|| invalid("modules_state"))?;
        for currency in bag {
            let rank = currency
                .as_str()
                .and_then(|c| CURRENCIES.iter().position(|x| *x == c))
                .ok_or_else(|| invalid("modules_state"))?;
            game.coin_bag[rank] = game.coin_bag[rank].saturating_add(1);
        }
    }
    game.bag = read_tile_set(field(state, "bag")?, "bag")?;
    let market = field(state, "market")?
        .as_array()
        .filter(|m| m.len() == 4)
        .ok_or_else(|| invalid("market"))?;
    for (square, value) in market.iter().enumerate() {
        game.market[square] = if value.is_null() {
            EMPTY
        } else {
            read_tile(value, "market")?
        };
    }
    let mut draw = read_cards(field(state, "draw_pile")?, "draw_pile")?;
    draw.reverse();
    game.draw = stack(&draw, "draw_pile")?;
    game.discard = stack(&read_cards(field(state, "discard")?, "discard")?, "discard")?;
    game.display = stack(&read_cards(field(state, "display")?, "display")?, "display")?;
    game.revealed = stack(
        &read_rounds(
            field(state, "scoring_cards_revealed")?,
            2,
            "scoring_cards_revealed",
        )?,
        "revealed",
    )?;
    game.scored = stack(
        &read_rounds(field(state, "rounds_scored")?, 3, "rounds_scored")?,
        "rounds_scored",
    )?;
    game.pending_rounds = stack(
        &read_rounds(field(state, "pending_rounds")?, 2, "pending_rounds")?,
        "pending_rounds",
    )?;
    game.dirk_tiles = stack(
        &read_tiles(field(state, "dirk_tiles")?, "dirk_tiles")?,
        "dirk_tiles",
    )?;
    for (p, hand) in per_player("hands")?.into_iter().enumerate() {
        for card in read_cards(hand, "hands")? {
            if card == SCORING_1 || card == SCORING_2 || crate::cards::is_character(card) {
                return Err(invalid("hands"));
            }
            game.hands[p][card as usize] += 1;
        }
    }
    for (p, reserve) in per_player("reserves")?.into_iter().enumerate() {
        let tiles = read_held_tiles(reserve, "reserves", &mut game.sticks)?;
        for id in tiles {
            if game.reserves[p] >> id & 1 == 1 {
                return Err(invalid("reserves"));
            }
            game.reserves[p] |= 1 << id;
        }
    }
    for (p, layout) in per_player("alhambras")?.into_iter().enumerate() {
        for entry in layout.as_array().ok_or_else(|| invalid("alhambras"))? {
            let cell = entry
                .as_array()
                // a hut has its colour, a bazaar its currency and three types
                .filter(|e| e.len() == 5 || e.len() == 6 || e.len() == 9)
                .ok_or_else(|| invalid("alhambras"))?;
            let coordinate = |v: &Value| {
                v.as_i64()
                    .filter(|c| c.abs() < 100)
                    .map(|c| c as i8)
                    .ok_or_else(|| invalid("alhambras"))
            };
            let (x, y) = (coordinate(&cell[0])?, coordinate(&cell[1])?);
            if cell[2] == "fountain" {
                continue;
            }
            let (id, sticks) = read_held_tile(&Value::Array(cell[2..].to_vec()), "alhambras")?;
            if game.boards[p].at(x, y).is_some()
                || game.boards[p].cells().len() == crate::board::MAX_CELLS
            {
                return Err(invalid("alhambras"));
            }
            game.sticks[id as usize] = sticks;
            game.boards[p].build_with_walls(x, y, id, tile(id).mask | sticks);
        }
    }
    if game.has(crate::game::GATES) {
        read_gates(state, &players, &mut game)?;
    }
    game.to_place = stack(
        &read_held_tiles(field(state, "to_place")?, "to_place", &mut game.sticks)?,
        "to_place",
    )?;
    game.stuck = (0..crate::cards::TILE_KINDS)
        .filter(|&id| game.sticks[id] != 0)
        .fold(0, |set, id| set | 1 << id);
    for entry in field(state, "awaiting")?
        .as_array()
        .ok_or_else(|| invalid("awaiting"))?
    {
        let pair = entry
            .as_array()
            .filter(|e| e.len() == 2)
            .ok_or_else(|| invalid("awaiting"))?;
        let tiles = stack(&read_tiles(&pair[1], "awaiting")?, "awaiting")?;
        if game.awaiting.len() == MAX_PLAYERS {
            return Err(invalid("awaiting"));
        }
        game.awaiting.push((seat(&pair[0], "awaiting")?, tiles));
    }
    game.start = seat(field(state, "start_player")?, "start_player")?;
    game.current = seat(field(state, "turn_player")?, "turn_player")?;
    game.turn = field(state, "turn")?
        .as_u64()
        .ok_or_else(|| invalid("turn"))? as u32;
    game.may_continue = field(state, "may_continue")?
        .as_bool()
        .ok_or_else(|| invalid("may_continue"))?;
    game.market_short = field(state, "market_short")?
        .as_bool()
        .ok_or_else(|| invalid("market_short"))?;
    game.end_reason = match field(state, "end_reason")?.as_str() {
        None => None,
        Some("bag_empty") => Some(true),
        Some("market_short") => Some(false),
        Some(_) => return Err(invalid("end_reason")),
    };
    let mut wise_man_rounds = Vec::new();
    for entry in field(state, "decisions")?
        .as_array()
        .ok_or_else(|| invalid("decisions"))?
    {
        let kind = entry
            .get("kind")
            .and_then(Value::as_str)
            .and_then(Kind::from_name)
            .ok_or_else(|| Refusal::Unsupported("a decision of a module".into()))?;
        let player = seat(entry.get("player").unwrap_or(&Value::Null), "decisions")?;
        let give = entry.get("give").and_then(Value::as_bool).unwrap_or(false);
        if game.decisions.len() == 4 {
            return Err(invalid("decisions"));
        }
        if kind == Kind::WiseMan {
            wise_man_rounds.push(entry.get("round").and_then(Value::as_u64));
        }
        game.decisions.push(Decision { kind, player, give });
    }
    for step in field(state, "script")?
        .as_array()
        .ok_or_else(|| invalid("script"))?
    {
        let step = step
            .as_str()
            .and_then(Step::from_name)
            .ok_or_else(|| invalid("script"))?;
        if game.script.len() == 12 {
            return Err(invalid("script"));
        }
        game.script.push(step);
    }
    if wise_man_rounds
        .iter()
        .any(|&r| r != Some(game.wise_man_round() as u64))
    {
        return Err(Refusal::Invalid(
            "the Wise Man's type is chosen just before a scoring, for its round".into(),
        ));
    }
    let scores = field(state, "scores")?
        .as_object()
        .ok_or_else(|| invalid("scores"))?;
    for (c, name) in names.names.iter().enumerate() {
        game.scores[c] = scores
            .get(name)
            .and_then(Value::as_i64)
            .ok_or_else(|| invalid("scores"))?;
    }
    check_components(&game)?;
    Ok((game, names))
}

/// The gate of a placement's dict (`"gate": side letter`, §M5), `NO_GATE` without one.
fn gate_of(value: &Value) -> Result<u8, Refusal> {
    match value.get("gate") {
        None | Some(Value::Null) => Ok(NO_GATE),
        Some(side) => side
            .as_str()
            .and_then(|s| {
                crate::cards::SIDES
                    .iter()
                    .position(|c| s.len() == 1 && s.starts_with(*c))
            })
            .map(|s| s as u8)
            .ok_or_else(|| invalid("action")),
    }
}

/// The purchase of `id` on `square` paid with `cards` (a game record's payment).
fn purchase_of_cards(square: u8, id: TileId, cards: &[CardId]) -> Purchase {
    let (mut pay, mut other, mut exchange) = (0u32, 0u32, 0u8);
    let (mut coins, mut builders) = (0u8, 0u8);
    for &card in cards {
        // a coin or a master builder of the square's currency counts 1, of the other
        // currency 8 (its three bits)
        let own = if crate::cards::currency_of(card) == square - 1 {
            1
        } else {
            8
        };
        if crate::cards::is_coin(card) {
            coins = coins.saturating_add(own);
        } else if crate::cards::is_master_builder(card) {
            builders = builders.saturating_add(own);
        } else if crate::cards::is_diamond(card) {
            exchange = crate::game::PAID_IN_DIAMONDS;
            pay += 1 << (2 * (crate::cards::worth(card) - 1));
        } else if crate::cards::is_exchange(card) {
            exchange = card - EXCHANGE_FIRST + 1;
        } else if crate::cards::currency_of(card) == square - 1 {
            pay += 1 << (2 * (value_of(card) - 1));
        } else {
            other += 1 << (2 * (value_of(card) - 1));
        }
    }
    Purchase {
        square,
        tile: id,
        pay,
        other,
        exchange,
        coins,
        builders,
    }
}

/// An action as `Action.to_dict()` writes it (a game record's actions).
pub fn read_action(value: &Value) -> Result<Action, Refusal> {
    let what = "action";
    let pos = |v: Option<&Value>| -> Result<(i8, i8), Refusal> {
        let xy = v
            .and_then(Value::as_array)
            .filter(|a| a.len() == 2)
            .ok_or_else(|| invalid(what))?;
        let coordinate = |v: &Value| {
            v.as_i64()
                .filter(|c| c.abs() < 100)
                .map(|c| c as i8)
                .ok_or_else(|| invalid(what))
        };
        Ok((coordinate(&xy[0])?, coordinate(&xy[1])?))
    };
    // a tile with its City Walls sticks (§M9): the core names the tile by its id alone
    let tile_of =
        |key: &str| read_held_tile(value.get(key).unwrap_or(&Value::Null), what).map(|(id, _)| id);
    Ok(match value.get("kind").and_then(Value::as_str) {
        Some("take") => {
            let mut cards = read_cards(value.get("cards").unwrap_or(&Value::Null), what)?;
            if cards.is_empty() || cards.len() > 5 {
                return Err(invalid(what));
            }
            cards.sort_by_key(|&c| crate::cards::card_order(c));
            let mut array = [0; 5];
            array[..cards.len()].copy_from_slice(&cards);
            Action::Take {
                cards: array,
                n: cards.len() as u8,
            }
        }
        Some(kind @ ("buy" | "vizier")) => {
            let square = value
                .get("square")
                .and_then(Value::as_u64)
                .filter(|s| (1..=4).contains(s))
                .ok_or_else(|| invalid(what))? as u8;
            let cards = read_cards(value.get("cards").unwrap_or(&Value::Null), what)?;
            let purchase = purchase_of_cards(square, tile_of("tile")?, &cards);
            if kind == "vizier" {
                Action::VizierBuy(purchase)
            } else {
                Action::Buy(purchase)
            }
        }
        Some("build_wall") => {
            let card = read_card(value.get("card").unwrap_or(&Value::Null), what)?;
            let id = tile_of("tile")?;
            let cell = match value.get("cell") {
                None | Some(Value::Null) => None,
                Some(_) => Some(pos(value.get("cell"))?),
            };
            if !crate::cards::is_wall_card(card) {
                return Err(invalid(what));
            }
            Action::BuildWall {
                card,
                tile: id,
                cell,
            }
        }
        Some("buy_bazaar") => {
            let id = tile_of("bazaar")?;
            if !crate::cards::is_bazaar(id) {
                return Err(invalid(what));
            }
            let square = tile(id).mark + 1;
            let cards = read_cards(value.get("cards").unwrap_or(&Value::Null), what)?;
            Action::BuyBazaar(purchase_of_cards(square, id, &cards))
        }
        Some("end") => Action::End,
        Some("place") => {
            let (x, y) = pos(value.get("pos"))?;
            Action::Place {
                tile: tile_of("tile")?,
                x,
                y,
                gate: gate_of(value)?,
            }
        }
        Some("reserve") => Action::Reserve {
            tile: tile_of("tile")?,
        },
        Some("give") => Action::Give {
            tile: tile_of("tile")?,
        },
        Some("master_builder") => Action::PlayMasterBuilder {
            card: read_card(value.get("card").unwrap_or(&Value::Null), what)
                .ok()
                .filter(|&c| crate::cards::is_master_builder(c))
                .ok_or_else(|| invalid(what))?,
        },
        Some("buy_chests") => {
            let room = value
                .get("room")
                .and_then(Value::as_u64)
                .filter(|r| (1..=ROOMS as u64).contains(r))
                .ok_or_else(|| invalid(what))? as u8;
            let mut cards = read_cards(value.get("cards").unwrap_or(&Value::Null), what)?;
            if cards.is_empty() || cards.len() > MOST_PAID {
                return Err(invalid(what));
            }
            cards.sort_by_key(|&c| crate::cards::card_order(c));
            let mut array = [0; MOST_PAID];
            array[..cards.len()].copy_from_slice(&cards);
            Action::BuyChests {
                room,
                cards: array,
                n: cards.len() as u8,
            }
        }
        Some("place_chest") => {
            let (x, y) = pos(value.get("pos"))?;
            Action::PlaceChest { x, y }
        }
        Some("wake") => Action::Wake,
        Some("decline") => Action::Decline,
        Some("bid") => {
            let cards = read_cards(value.get("cards").unwrap_or(&Value::Null), what)?;
            Action::Bid(Bid::of_cards(&cards).ok_or_else(|| invalid(what))?)
        }
        Some("wise_man") => Action::ChooseWiseMan {
            colour: value
                .get("colour")
                .and_then(Value::as_str)
                .and_then(|c| KINDS.iter().position(|k| *k == c))
                .ok_or_else(|| invalid(what))? as u8,
        },
        Some("swap_card") => Action::SwapCard {
            card: read_card(value.get("card").unwrap_or(&Value::Null), what)
                .ok()
                .filter(|&c| crate::cards::is_money_of_a_currency(c))
                .ok_or_else(|| invalid(what))?,
        },
        Some("steal") => Action::Steal {
            card: read_card(value.get("card").unwrap_or(&Value::Null), what)?,
        },
        Some("take_hut") => Action::TakeHut {
            colour: colour_of(value.get("colour"), what)?,
        },
        Some("set_merchant") => {
            let (x, y) = pos(value.get("pos"))?;
            let colours = colours_of(value.get("colours"), 3, what)?;
            Action::SetMerchant {
                colours: colours.iter().fold(0, |set, &c| set | 1 << c),
                x,
                y,
            }
        }
        Some("take_citizen") => Action::TakeCitizen {
            colour: colour_of(value.get("colour"), what)?,
        },
        Some("swap_citizen") => {
            let pair = colours_of(value.get("colours"), 2, what)?;
            Action::SwapCitizen {
                give: pair[0],
                take: pair[1],
            }
        }
        Some("keep_citizens") => Action::KeepCitizens,
        Some("place_merchant") => {
            let (x, y) = pos(value.get("pos"))?;
            Action::PlaceMerchant { x, y }
        }
        Some("redesign") => {
            let (x, y) = pos(value.get("pos"))?;
            let mv = match value.get("move").and_then(Value::as_str) {
                Some("place") => Move::Place,
                Some("remove") => Move::Remove,
                Some("exchange") => Move::Exchange,
                _ => return Err(invalid(what)),
            };
            let tile = if mv == Move::Remove {
                FOUNTAIN
            } else {
                tile_of("tile")?
            };
            Action::Redesign {
                mv,
                tile,
                x,
                y,
                gate: gate_of(value)?,
            }
        }
        _ => return Err(Refusal::Unsupported("an action of a module".into())),
    })
}

/// A colour (a `KINDS` index) by its name.
fn colour_of(value: Option<&Value>, what: &str) -> Result<u8, Refusal> {
    value
        .and_then(Value::as_str)
        .and_then(|c| KINDS.iter().position(|k| *k == c))
        .map(|c| c as u8)
        .ok_or_else(|| invalid(what))
}

/// A list of `n` colours by their names (any number for `usize::MAX`).
fn colours_of(value: Option<&Value>, n: usize, what: &str) -> Result<Vec<u8>, Refusal> {
    value
        .and_then(Value::as_array)
        .filter(|c| n == usize::MAX || c.len() == n)
        .ok_or_else(|| invalid(what))?
        .iter()
        .map(|c| colour_of(Some(c), what))
        .collect()
}

/// FNV-1a (64 bits) of a text: the records keep their saves as these.
pub fn fnv64(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ byte as u64).wrapping_mul(0x0100_0000_01b3)
    })
}
