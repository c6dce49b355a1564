//! Characters (Mega Box M7, RULES.md §M7), as `alhambra_lib/modules/characters.py`: the
//! character cards (two confirmed, The Wise Man and The City Watch) spread over money
//! piles 2-4; one drawn during a refill is auctioned at once (the auctioneer is the
//! player whose turn is next; a bid is paid exactly with cards of one currency, a pass is
//! final; a player who cannot raise passes unasked); the Wise Man's owner chooses its
//! type before every scoring (MEGABOX.md 0.6), a half building there; the City Watch
//! scores a third of its owner's wall points. With `experimental` the hinted ones join
//! them (provisional): +8 at the final scoring; the money swap (`SwapCard`, once per
//! turn of its owner, a money card of the display discarded and the display refilled);
//! the extra redesign (a `master_builder` decision at the end of its owner's turns).

use crate::cards::{
    card_order, coin, diamond, master_builder, money, worth, CardId, CARD_KINDS, CHARACTER_FIRST,
};
use crate::game::{Action, Decision, Event, Game, Kind, Step, EXPERIMENTAL, MAX_PLAYERS};
use crate::stack::Stack;

/// The characters by index (`CHARACTER_NAMES`): the two confirmed, the three hinted.
pub const WISE_MAN: u8 = 0;
pub const CITY_WATCH: u8 = 1;
pub const END_BONUS: u8 = 2;
pub const MONEY_SWAP: u8 = 3;
pub const EXTRA_REDESIGN: u8 = 4;
/// The end-of-game character's points (a hint, provisional).
const END_BONUS_POINTS: i64 = 8;

/// `playable_characters`: the characters shuffled into the piles, the confirmed ones and
/// with `experimental` the hinted ones played.
pub fn playable(experimental: bool) -> &'static [u8] {
    if experimental {
        &[WISE_MAN, CITY_WATCH, END_BONUS, MONEY_SWAP, EXTRA_REDESIGN]
    } else {
        &[WISE_MAN, CITY_WATCH]
    }
}
/// Every character of the box.
pub const ALL: u8 = 10;
/// `Bid::currency` of a bid in diamonds (§M6: a currency of their own).
pub const DIAMONDS: u8 = 4;

/// A bid: cards of one currency (0-3, or `DIAMONDS`), as a purchase's payment: the number
/// of cards of each value 1..9 (two bits a value), the coins and the master builders.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Bid {
    pub currency: u8,
    pub pay: u32,
    pub coins: u8,
    pub builders: u8,
}

impl Bid {
    /// The cards of the bid, in `card_order`.
    pub fn cards(&self) -> Vec<CardId> {
        let mut cards = Vec::new();
        for value in (1..=9u8).rev() {
            let card = if self.currency == DIAMONDS {
                diamond(value)
            } else {
                money(self.currency, value)
            };
            for _ in 0..self.pay >> (2 * (value - 1)) & 3 {
                cards.push(card);
            }
        }
        if self.currency != DIAMONDS {
            cards.extend(std::iter::repeat_n(
                coin(self.currency),
                self.coins as usize,
            ));
            cards.extend(std::iter::repeat_n(
                master_builder(self.currency),
                self.builders as usize,
            ));
        }
        cards.sort_unstable_by_key(|&c| card_order(c));
        cards
    }

    /// What the bid is worth.
    pub fn amount(&self) -> u32 {
        self.cards().iter().map(|&c| worth(c)).sum()
    }

    /// The bid of `cards` (all of one currency), None when they are no bid.
    pub fn of_cards(cards: &[CardId]) -> Option<Bid> {
        let mut bid = Bid::default();
        let currency = |c: CardId| bid_currency(c);
        let first = currency(*cards.first()?)?;
        bid.currency = first;
        for &card in cards {
            if currency(card)? != first {
                return None;
            }
            bid.add(card);
        }
        Some(bid)
    }

    fn add(&mut self, card: CardId) {
        if crate::cards::is_coin(card) {
            self.coins += 1;
        } else if crate::cards::is_master_builder(card) {
            self.builders += 1;
        } else {
            let value = worth(card);
            self.pay += 1 << (2 * (value - 1));
        }
    }

    fn len(&self) -> u32 {
        (1..=9).map(|v| self.pay >> (2 * (v - 1)) & 3).sum::<u32>()
            + self.coins as u32
            + self.builders as u32
    }
}

/// The currency a card counts in for a bid (`DIAMONDS` for a diamond), None for a card
/// of no currency (an exchange card, a gate card, a wall card: RULES.md §M7).
pub fn bid_currency(card: CardId) -> Option<u8> {
    if card < crate::cards::MONEY_KINDS as CardId
        || crate::cards::is_coin(card)
        || crate::cards::is_master_builder(card)
    {
        Some(crate::cards::currency_of(card))
    } else if crate::cards::is_diamond(card) {
        Some(DIAMONDS)
    } else {
        None
    }
}

/// The cards of `hand` of bid currency `currency`, in `card_order` (higher value first;
/// of a value a plain card, then a master builder, then a coin).
fn group(hand: &[u8; CARD_KINDS], currency: u8) -> Vec<CardId> {
    let mut cards: Vec<CardId> = (0..CARD_KINDS as CardId)
        .filter(|&c| bid_currency(c) == Some(currency))
        .flat_map(|c| std::iter::repeat_n(c, hand[c as usize] as usize))
        .collect();
    cards.sort_by_key(|&c| card_order(c));
    cards
}

/// Whether `hand` can bid more than `above` (`bids` is not empty): all its cards of one
/// currency together are worth more.
pub fn can_raise(hand: &[u8; CARD_KINDS], above: u32) -> bool {
    let mut totals = [0u32; 5];
    for (c, &n) in hand.iter().enumerate() {
        if n > 0 {
            if let Some(currency) = bid_currency(c as CardId) {
                totals[currency as usize] += worth(c as CardId) * n as u32;
            }
        }
    }
    totals.iter().any(|&t| t > above)
}

/// `characters.bids`: one bid per currency and total above `above` that `hand` pays
/// exactly; of the ways to pay a total, the one with the fewest cards (found first, the
/// cards taken in `card_order`); by total, then the bid's first card.
pub fn bids(hand: &[u8; CARD_KINDS], above: u32, out: &mut Vec<Bid>) {
    const TOTALS: usize = 256;
    let mut found: Vec<(u32, u8, Bid)> = Vec::new();
    for currency in 0..5u8 {
        let cards = group(hand, currency);
        if cards.is_empty() {
            continue;
        }
        let mut best: [Option<Bid>; TOTALS] = [None; TOTALS];
        best[0] = Some(Bid {
            currency,
            ..Bid::default()
        });
        let mut top = 0usize;
        for &card in &cards {
            let value = worth(card) as usize;
            // totals from the highest down: a total is read before this card changes it
            for total in (0..=top).rev() {
                let Some(paid) = best[total] else { continue };
                let key = total + value;
                let mut new = paid;
                new.add(card);
                if best[key].is_none_or(|old| new.len() < old.len()) {
                    best[key] = Some(new);
                }
            }
            top += value;
        }
        for (total, bid) in best.iter().enumerate().take(top + 1) {
            if let Some(bid) = bid {
                if total as u32 > above {
                    let first = bid.cards()[0];
                    found.push((total as u32, card_order(first), *bid));
                }
            }
        }
    }
    found.sort_by_key(|&(total, first, _)| (total, first));
    out.extend(found.into_iter().map(|(_, _, bid)| bid));
}

/// The character up for auction: its index, the players still bidding (the one asked
/// first) and the highest bid so far.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Auction {
    pub card: u8,
    pub bidders: Stack<u8, MAX_PLAYERS>,
    pub high: Option<(u8, Bid)>,
}

/// The state: the characters owned by each player and out of the game (unsold), in the
/// order they went there; the auction on; the Wise Man's type and whether it is chosen
/// for the scoring about to be held; the turns the money swap and the extra redesign
/// were last used.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Characters {
    pub owned: [Stack<u8, 6>; MAX_PLAYERS],
    pub out: Stack<u8, 6>,
    pub auction: Option<Auction>,
    pub wise_man: Option<u8>,
    pub wise_man_chosen: bool,
    pub swapped: Option<u32>,
    pub redesigned: Option<u32>,
}

impl Characters {
    /// The owner of the character `card` (an index), if any.
    pub fn owner(&self, card: u8) -> Option<u8> {
        (0..MAX_PLAYERS as u8).find(|&p| self.owned[p as usize].as_slice().contains(&card))
    }

    /// The characters in play that are neither in the piles nor auctioned: owned or out.
    pub fn held(&self) -> impl Iterator<Item = u8> + '_ {
        self.owned
            .iter()
            .flat_map(|s| s.as_slice().iter().copied())
            .chain(self.out.as_slice().iter().copied())
            .chain(self.auction.map(|a| a.card))
    }

    /// The characters never in play (`box`), in the box's order.
    pub fn boxed(experimental: bool) -> impl Iterator<Item = u8> {
        (0..ALL).filter(move |c| !playable(experimental).contains(c))
    }

    /// Whether `seat` owns the character `card`.
    pub fn owns(&self, seat: u8, card: u8) -> bool {
        self.owned[seat as usize].as_slice().contains(&card)
    }
}

/// `characters.spread`: cards per pile 2, 3, 4, as evenly as possible, the earlier first.
pub fn spread(n: usize) -> [usize; 3] {
    let first = n.div_ceil(3);
    let second = (n - first).div_ceil(2);
    [first, second, n - first - second]
}

impl Game {
    /// Characters' pile inserts (§M7): the playable characters shuffled with the game's
    /// generator, spread over piles 2, 3, 4.
    pub(crate) fn character_inserts(&mut self, inserts: &mut [Vec<CardId>]) {
        let experimental = self.option(EXPERIMENTAL);
        let mut cards: Vec<CardId> = playable(experimental)
            .iter()
            .map(|&c| CHARACTER_FIRST + c)
            .collect();
        self.rng.shuffle(&mut cards);
        let mut rest = &cards[..];
        for (pile, size) in spread(cards.len()).into_iter().enumerate() {
            let (into, others) = rest.split_at(size);
            inserts[1 + pile].extend_from_slice(into);
            rest = others;
        }
    }

    /// A character drawn for the display: auctioned at once, the player whose turn is
    /// next asked first.
    pub(crate) fn start_auction(&mut self, card: CardId) {
        let card = card - CHARACTER_FIRST;
        let mut bidders = Stack::default();
        for k in 1..=self.n {
            bidders.push((self.current + k) % self.n);
        }
        self.characters.auction = Some(Auction {
            card,
            bidders,
            high: None,
        });
        self.event(Event::Auction {
            card,
            auctioneer: bidders.as_slice()[0],
        });
        self.auction_go_on(false);
    }

    fn high_amount(&self) -> u32 {
        let auction = self.characters.auction.expect("an auction is on");
        auction.high.map_or(0, |(_, bid)| bid.amount())
    }

    /// Ask the next bidder who can raise (`asked`: an auction decision is on top, it
    /// becomes theirs); close the auction when the bidding is back at the highest bidder
    /// or nobody is left.
    fn auction_go_on(&mut self, asked: bool) {
        let above = self.high_amount();
        let mut auction = self.characters.auction.expect("an auction is on");
        let leader = auction.high.map(|(p, _)| p);
        while let Some(&first) = auction.bidders.as_slice().first() {
            if Some(first) == leader || can_raise(&self.hands[first as usize], above) {
                break;
            }
            auction.bidders.remove(0); // cannot raise: passes unasked
        }
        self.characters.auction = Some(auction);
        if let Some(&first) = auction.bidders.as_slice().first() {
            if Some(first) != leader {
                let decision = Decision {
                    kind: Kind::Auction,
                    player: first,
                    give: false,
                };
                if asked {
                    *self.decisions.last_mut().expect("the auction's decision") = decision;
                } else {
                    self.decisions.push(decision);
                }
                return;
            }
        }
        self.characters.auction = None;
        match auction.high {
            None => {
                self.characters.out.push(auction.card);
                self.event(Event::AuctionUnsold { card: auction.card });
            }
            Some((leader, bid)) => {
                for card in bid.cards() {
                    self.hands[leader as usize][card as usize] -= 1;
                    if crate::cards::is_coin(card) {
                        self.coin_bag[crate::cards::currency_of(card) as usize] += 1;
                    } else {
                        self.discard.push(card);
                    }
                }
                self.characters.owned[leader as usize].push(auction.card);
                self.event(Event::AuctionWon {
                    player: leader,
                    card: auction.card,
                    bid,
                });
            }
        }
        if asked {
            self.resume(); // the refill that drew the card goes on
            if self.decisions.last().is_some_and(|d| d.kind == Kind::Act) {
                self.refill_display(); // drawn by the money swap, on its owner's turn
            }
        }
    }

    /// A bid of the player asked: the highest now; they go to the end of the bidders.
    pub(crate) fn apply_bid(&mut self, seat: u8, bid: Bid) {
        let auction = self.characters.auction.as_mut().expect("an auction is on");
        auction.high = Some((seat, bid));
        let first = auction.bidders.remove(0);
        auction.bidders.push(first);
        let card = auction.card;
        self.event(Event::Bid {
            player: seat,
            card,
            bid,
        });
        self.auction_go_on(true);
    }

    /// The player asked passes: for good.
    pub(crate) fn decline_auction(&mut self) {
        let auction = self.characters.auction.as_mut().expect("an auction is on");
        auction.bidders.remove(0);
        self.auction_go_on(true);
    }

    /// A bid made by hand (§M7): `bids` lists one way to pay each total, and any other
    /// is legal too when its cards are in the bidder's hand, of one currency, and worth
    /// more than the highest bid (`check_payment` with overpaying, one currency).
    pub(crate) fn bid_by_hand(&self, action: Action) -> bool {
        let Action::Bid(bid) = action else {
            return false;
        };
        let Some(decision) = self.decisions.last().filter(|d| d.kind == Kind::Auction) else {
            return false;
        };
        if bid.currency > DIAMONDS || (bid.currency == DIAMONDS && bid.coins + bid.builders > 0) {
            return false;
        }
        let hand = &self.hands[decision.player as usize];
        let mut needed = [0u8; CARD_KINDS];
        bid.cards().iter().for_each(|&c| needed[c as usize] += 1);
        (0..CARD_KINDS).all(|c| needed[c] <= hand[c]) && bid.amount() > self.high_amount()
    }

    /// The bids of the player asked, then passing.
    pub(crate) fn auction_options(&self, seat: u8, out: &mut Vec<Action>) {
        let mut found = Vec::new();
        bids(&self.hands[seat as usize], self.high_amount(), &mut found);
        out.extend(found.into_iter().map(Action::Bid));
        out.push(Action::Decline);
    }

    /// `ask_before_scoring` (MEGABOX.md 0.6): the Wise Man's owner chooses its type just
    /// before each scoring; true while they choose.
    pub(crate) fn ask_wise_man(&mut self) -> bool {
        let Some(owner) = self.characters.owner(WISE_MAN) else {
            return false;
        };
        if self.characters.wise_man_chosen {
            return false;
        }
        self.decisions.push(Decision {
            kind: Kind::WiseMan,
            player: owner,
            give: false,
        });
        true
    }

    /// The round of the scoring a `wise_man` decision is for: the final scoring's, or the
    /// first pending round's.
    pub(crate) fn wise_man_round(&self) -> u8 {
        if self.script.as_slice().first() == Some(&Step::FinalScoring) {
            3
        } else {
            self.pending_rounds.as_slice().first().copied().unwrap_or(3)
        }
    }

    /// The Wise Man's type chosen (a `KINDS` index): the scoring goes on.
    pub(crate) fn choose_wise_man(&mut self, seat: u8, colour: u8) {
        self.characters.wise_man = Some(colour);
        self.characters.wise_man_chosen = true;
        let round = self.wise_man_round();
        self.event(Event::WiseMan {
            player: seat,
            colour,
            round,
        });
        self.resume();
    }

    /// The Wise Man's half in this scoring: its owner and type, when chosen for it.
    pub(crate) fn wise_man_half(&self) -> Option<(u8, u8)> {
        let chars = &self.characters;
        if !chars.wise_man_chosen {
            return None;
        }
        Some((chars.owner(WISE_MAN)?, chars.wise_man?))
    }

    /// The term `characters` (§M7): the City Watch, a third of its owner's wall points
    /// rounded down; the end-of-game bonus at the final scoring.
    pub(crate) fn character_points(&self, seat: usize, round: u8) -> i64 {
        let owns = |card| self.characters.owns(seat as u8, card);
        let mut points = 0;
        if owns(CITY_WATCH) {
            points += (self.boards[seat].longest_wall() / 3) as i64;
        }
        if round == 3 && owns(END_BONUS) {
            points += END_BONUS_POINTS;
        }
        points
    }

    /// The money swap (§M7, provisional): one `SwapCard` per money card of the display
    /// (a plain card or a master builder), in card order, once per turn of its owner.
    pub(crate) fn swaps(&self, seat: u8, out: &mut Vec<Action>) {
        let chars = &self.characters;
        if !chars.owns(seat, MONEY_SWAP) || chars.swapped == Some(self.turn) {
            return;
        }
        let cards = self.display_money(|_| true);
        out.extend(cards.into_iter().map(|card| Action::SwapCard { card }));
    }

    /// The money swap used: the card to the discards, the display refilled (a character
    /// drawn now is auctioned at once).
    pub(crate) fn apply_swap(&mut self, seat: u8, card: CardId) {
        self.characters.swapped = Some(self.turn);
        self.display.remove_item(card);
        self.discard.push(card);
        self.event(Event::SwapCard { player: seat, card });
        self.refill_display();
    }

    /// `step_extra_redesign` (§M7, provisional): the extra redesign's owner redesigns once
    /// at the end of their own turn, after the master builders' redesigns; true while
    /// they choose.
    pub(crate) fn extra_redesign_step(&mut self) -> bool {
        let seat = self.current;
        if !self.characters.owns(seat, EXTRA_REDESIGN)
            || self.characters.redesigned == Some(self.turn)
            || !self.any_redesign(seat)
        {
            return false;
        }
        self.characters.redesigned = Some(self.turn);
        self.decisions.push(Decision {
            kind: Kind::MasterBuilder,
            player: seat,
            give: false,
        });
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bids_as_the_engine_lists_them() {
        // characters.bids([5 ducat, 1 ducat, 4 ducat, 2 denar], 5): 6, 9, 10 in ducats
        let mut hand = [0u8; CARD_KINDS];
        for card in [money(2, 5), money(2, 1), money(2, 4), money(0, 2)] {
            hand[card as usize] += 1;
        }
        let mut found = Vec::new();
        bids(&hand, 5, &mut found);
        let listed: Vec<(u32, Vec<CardId>)> =
            found.iter().map(|b| (b.amount(), b.cards())).collect();
        assert_eq!(
            listed,
            vec![
                (6, vec![money(2, 5), money(2, 1)]),
                (9, vec![money(2, 5), money(2, 4)]),
                (10, vec![money(2, 5), money(2, 4), money(2, 1)]),
            ]
        );
        assert!(can_raise(&hand, 9) && !can_raise(&hand, 10));
    }

    #[test]
    fn spread_as_the_engine_spreads() {
        assert_eq!(spread(2), [1, 1, 0]);
        assert_eq!(spread(5), [2, 2, 1]);
        assert_eq!(spread(6), [2, 2, 2]);
    }

    #[test]
    fn a_diamond_bid_is_its_own_currency() {
        let bid = Bid::of_cards(&[diamond(6), diamond(3)]).unwrap();
        assert_eq!((bid.currency, bid.amount()), (DIAMONDS, 9));
        assert_eq!(Bid::of_cards(&[diamond(1), money(0, 1)]), None);
    }
}
