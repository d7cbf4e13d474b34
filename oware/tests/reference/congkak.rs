//! A deliberately naive, independent reference model of Congkak (default rules C1-C7).
//!
//! Written only from the specification (`oware/rules/congkak.md`), without looking at the
//! `oware` crate, so that the fast implementation can be cross-checked against it. Sowing
//! drops one seed at a time while walking an explicit ring of slots.
//!
//! Conventions: the same as [`super::kalah`]. `m` houses a side (7 by default); absolute house
//! index `0..m` is South's `A`.., `m..2m` North's `a`.., both in sowing order; the stores are
//! apart: `stores[0]` South's, `stores[1]` North's; the ring is South's houses, South's store,
//! North's houses, North's store; a sowing side skips the opponent's store; house `h` faces
//! house `2m-1-h`. Side 0 is South, side 1 is North.
//!
//! Passing (C7) is not a move of its own here: after a move, if the side that would move next
//! has no seeds in its houses but the game is not over, the turn goes to the other side at
//! once (which then has seeds). So `to_move` always names a side that can move, unless the
//! game is over; a pass is not a ply in [`CongkakState::perft`].
//!
//! Only the default rules are modelled (plus the board size); none of the spec's options.
#![allow(dead_code)]

use std::fmt;

/// Seeds dropped in one move (relays included) above which the model panics instead of
/// looping for ever. The default rules never get near it (every lap feeds the own store).
pub const DROP_LIMIT: u64 = 100_000;

// The board and its sowing ring are Kalah's (`oware/rules/congkak.md`, "Board").
pub use super::kalah::{Slot, next_slot, opposite, owner};

/// A Congkak position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CongkakState {
    /// Houses a side.
    pub m: usize,
    /// Seeds in each house, by absolute index (South `0..m`, North `m..2m`).
    pub houses: Vec<i32>,
    /// Seeds in South's store (`stores[0]`) and North's (`stores[1]`).
    pub stores: [i32; 2],
    /// The side to move: 0 = South, 1 = North.
    pub to_move: usize,
}

/// `<South A..>/<North a..> <s|n> <South store> <North store> congkak`, for example
/// `7,7,7,7,7,7,7/7,7,7,7,7,7,7 s 0 0 congkak`.
impl fmt::Display for CongkakState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        super::write_text(f, &self.houses, self.to_move, self.stores, Some("congkak"))
    }
}

impl CongkakState {
    /// The default start: 7 houses a side, 7 seeds in each, South to move (C1).
    pub fn default_start() -> CongkakState {
        CongkakState::start(7, 7)
    }

    /// `m` houses a side with `n` seeds in each, empty stores, South to move (C1).
    pub fn start(m: usize, n: i32) -> CongkakState {
        assert!(m >= 1, "at least one house a side");
        assert!(n >= 0, "seed count must not be negative");
        CongkakState {
            m,
            houses: vec![n; 2 * m],
            stores: [0, 0],
            to_move: 0,
        }
    }

    /// Reads the position text written by `Display`. Panics on malformed text. The side to
    /// move is taken as written (no pass is applied).
    pub fn parse(text: &str) -> CongkakState {
        let text = super::parse_text(text);
        let ruleset = text.ruleset.expect("a Congkak position names its variant");
        // The ruleset field may give the sizes, `congkak(5,5)`: the rows tell them.
        let name = ruleset.split('(').next().unwrap_or_default();
        assert_eq!(name, "congkak", "not a congkak position: {ruleset:?}");
        CongkakState {
            m: text.m,
            houses: text.houses,
            stores: text.stores,
            to_move: text.to_move,
        }
    }

    /// Seeds in houses and stores together.
    pub fn total_seeds(&self) -> i32 {
        self.houses.iter().sum::<i32>() + self.stores[0] + self.stores[1]
    }

    /// Seeds in `side`'s houses.
    pub fn row_seeds(&self, side: usize) -> i32 {
        (0..2 * self.m)
            .filter(|&h| owner(self.m, h) == side)
            .map(|h| self.houses[h])
            .sum()
    }

    /// C7: the game is over when every house is empty.
    pub fn is_over(&self) -> bool {
        self.houses.iter().all(|&s| s == 0)
    }

    /// The mover's non-empty houses, ascending absolute indices; none when the game is over.
    pub fn legal_moves(&self) -> Vec<usize> {
        if self.is_over() {
            return Vec::new();
        }
        (0..2 * self.m)
            .filter(|&h| owner(self.m, h) == self.to_move && self.houses[h] > 0)
            .collect()
    }

    /// Plays absolute house `house` (C2-C6) and returns the new position, with the turn given
    /// to the side that moves next (C3 extra turn, C7 pass). Panics if the house is not the
    /// mover's or is empty, or if more than [`DROP_LIMIT`] seeds are dropped.
    pub fn apply(&self, house: usize) -> CongkakState {
        let m = self.m;
        let me = self.to_move;
        let opponent = 1 - me;
        assert_eq!(owner(m, house), me, "house {house} is not the mover's");
        assert!(self.houses[house] > 0, "house {house} is empty");

        let mut houses = self.houses.clone();
        let mut stores = self.stores;
        let mut drops: u64 = 0;
        let mut extra_turn = false;

        // C2: lift the origin house.
        let mut hand = houses[house];
        houses[house] = 0;
        let mut slot = Slot::House(house);
        loop {
            // C2: sow one seed at a time, skipping the opponent's store; no house is skipped.
            while hand > 0 {
                slot = next_slot(m, slot);
                match slot {
                    Slot::Store(s) if s == opponent => continue,
                    Slot::Store(s) => stores[s] += 1,
                    Slot::House(h) => houses[h] += 1,
                }
                hand -= 1;
                drops += 1;
                assert!(
                    drops <= DROP_LIMIT,
                    "more than {DROP_LIMIT} seeds dropped in one move from {self} playing {house}"
                );
            }
            match slot {
                // C3: last seed in the own store: move again.
                Slot::Store(s) => {
                    assert_eq!(s, me, "the opponent's store is skipped");
                    extra_turn = true;
                    break;
                }
                // C4: last seed in a house that was not empty before the drop: relay.
                Slot::House(h) if houses[h] > 1 => {
                    hand = houses[h];
                    houses[h] = 0;
                    // `slot` stays at h: the relay sows from the following slot.
                }
                // C5: last seed in an empty house of the opponent's: the turn ends.
                Slot::House(h) if owner(m, h) == opponent => break,
                // C6: last seed in an empty own house: capture the opposite house with the
                // last seed if it holds seeds; otherwise the seed stays. The turn ends.
                Slot::House(h) => {
                    let o = opposite(m, h);
                    if houses[o] > 0 {
                        stores[me] += houses[o] + houses[h];
                        houses[o] = 0;
                        houses[h] = 0;
                    }
                    break;
                }
            }
        }

        let mut next = if extra_turn { me } else { opponent };
        let all_empty = houses.iter().all(|&s| s == 0);
        let next_row: i32 = (0..2 * m)
            .filter(|&h| owner(m, h) == next)
            .map(|h| houses[h])
            .sum();
        if !all_empty && next_row == 0 {
            // C7: a side with no seeds passes; the other side has seeds (not all are empty).
            next = 1 - next;
        }
        CongkakState {
            m,
            houses,
            stores,
            to_move: next,
        }
    }

    /// C7: the final scores `[South, North]` (the stores; every seed is in one once all houses
    /// are empty). Panics if the game is not over.
    pub fn final_scores(&self) -> [i32; 2] {
        assert!(self.is_over(), "the game is not over: {self}");
        self.stores
    }

    /// C7: the side with more than half of the seeds wins (`Some(side)`); `None` is a draw.
    /// Panics if the game is not over.
    pub fn winner(&self) -> Option<usize> {
        let s = self.final_scores();
        let total = s[0] + s[1];
        if 2 * s[0] > total {
            Some(0)
        } else if 2 * s[1] > total {
            Some(1)
        } else {
            None
        }
    }

    /// The number of legal move sequences of exactly `depth` plies (a ply is one move, relays
    /// included; extra turns count as plies; passes do not). A finished game contributes 0 at
    /// depth >= 1; depth 0 is 1.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.legal_moves()
            .iter()
            .map(|&h| self.apply(h).perft(depth - 1))
            .sum()
    }
}
