//! A deliberately naive, independent reference model of Kalah(m, n).
//!
//! Written only from the specification (`oware/rules/kalah.md`, rules K1-K6 and its options),
//! without looking at the `oware` crate, so that the fast implementation can be cross-checked
//! against it. Sowing drops one seed at a time while walking an explicit ring of slots;
//! positions are plain values; nothing is cached.
//!
//! Besides the spec's perft numbers, the standard options were checked (outside the
//! repository) against OpenSpiel's `mancala` (open_spiel 2.0.2): perft 1-8 from the start, and
//! 3000 seeded random games compared ply by ply (board, stores, side to move, legal moves) and
//! by result (OpenSpiel's returns include the K4 sweep).
//!
//! Conventions (shared with [`super::congkak`]):
//! - `m` houses a side. Absolute house index `0..m` is South's `A`.. (left to right as South
//!   sees them, which is the sowing order); `m..2m` is North's `a`.. (left to right as North
//!   sees them, again the sowing order).
//! - The stores are kept apart from the houses: `stores[0]` is South's, `stores[1]` North's.
//! - The sowing ring is South's houses, South's store, North's houses, North's store, then
//!   South's `A` again. A sowing side skips the opponent's store (K1).
//! - South's house `i` faces North's house `m-1-i`, absolute `2m-1-i` (the same formula maps
//!   any house to the one facing it).
//! - Side 0 is South, side 1 is North.
//!
//! The state after [`KalahState::apply`] keeps the seeds as they were sown: the end-of-game
//! sweep of K4 (seeds left in the houses go to a store) is not applied to `houses`/`stores`,
//! it is computed by [`KalahState::final_scores`].
#![allow(dead_code)]

use std::fmt;

/// When the game ends (K4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndWhen {
    /// Standard: as soon as either side has no seeds in its houses, checked after every move
    /// (also after a move that earned an extra turn).
    EitherSideEmpty,
    /// Option: only when the side to move has no seeds in its houses.
    MoverEmpty,
}

/// Who gets the seeds still in the houses when the game ends (K4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LeftoverTo {
    /// Standard: each side adds the seeds in its own houses to its own store.
    Owner,
    /// German "Kalaha" form: all seeds left go to the side that emptied its houses first,
    /// i.e. the side whose houses are empty when the game ends. Under
    /// [`EndWhen::MoverEmpty`] that is the side to move. (If both sides are empty there is
    /// nothing left to give.)
    FirstEmptied,
}

/// The rule options of the specification.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KalahOptions {
    /// K3 option: a last seed in an empty own house facing an empty house still goes to the
    /// store (alone). Off in the standard game.
    pub empty_capture: bool,
    /// K4: when the game ends.
    pub end_when: EndWhen,
    /// K4: who gets the seeds left in the houses at the end.
    pub leftover_to: LeftoverTo,
}

impl KalahOptions {
    /// The standard options: no empty capture, the game ends when either side is empty, seeds
    /// left go to their owner. Preset `kalah`.
    pub fn standard() -> KalahOptions {
        KalahOptions {
            empty_capture: false,
            end_when: EndWhen::EitherSideEmpty,
            leftover_to: LeftoverTo::Owner,
        }
    }

    /// Preset `kalah-irving`: empty capture, the game ends when either side is empty (seeds
    /// left to their owner).
    pub fn irving() -> KalahOptions {
        KalahOptions {
            empty_capture: true,
            ..KalahOptions::standard()
        }
    }

    /// The variant name used in the position text, if the options are a named preset.
    pub fn variant_name(&self) -> Option<&'static str> {
        if *self == KalahOptions::standard() {
            Some("kalah")
        } else if *self == KalahOptions::irving() {
            Some("kalah-irving")
        } else {
            None
        }
    }
}

/// A place a seed can be dropped into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// A house, by absolute index.
    House(usize),
    /// A store, by side.
    Store(usize),
}

/// The side owning absolute house `house` on a board with `m` houses a side.
pub fn owner(m: usize, house: usize) -> usize {
    assert!(house < 2 * m, "house {house} out of range for m = {m}");
    if house < m { 0 } else { 1 }
}

/// The house facing absolute house `house`.
pub fn opposite(m: usize, house: usize) -> usize {
    assert!(house < 2 * m, "house {house} out of range for m = {m}");
    2 * m - 1 - house
}

/// The slot after `slot` on the ring (no skipping here).
pub fn next_slot(m: usize, slot: Slot) -> Slot {
    match slot {
        Slot::House(h) if h == m - 1 => Slot::Store(0),
        Slot::House(h) if h == 2 * m - 1 => Slot::Store(1),
        Slot::House(h) => Slot::House(h + 1),
        Slot::Store(0) => Slot::House(m),
        Slot::Store(_) => Slot::House(0),
    }
}

/// A Kalah position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct KalahState {
    /// Houses a side.
    pub m: usize,
    /// Seeds in each house, by absolute index (South `0..m`, North `m..2m`).
    pub houses: Vec<i32>,
    /// Seeds in South's store (`stores[0]`) and North's (`stores[1]`).
    pub stores: [i32; 2],
    /// The side to move: 0 = South, 1 = North.
    pub to_move: usize,
    /// The rule options.
    pub options: KalahOptions,
}

/// `<South A..>/<North a..> <s|n> <South store> <North store> <variant>`, for example
/// `4,4,4,4,4,4/4,4,4,4,4,4 s 0 0 kalah`. Non-preset options print as `kalah-custom`.
impl fmt::Display for KalahState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.options.variant_name().unwrap_or("kalah-custom");
        super::write_text(f, &self.houses, self.to_move, self.stores, Some(name))
    }
}

impl KalahState {
    /// Kalah(m, n): `n` seeds in each of the `m` houses a side, empty stores, South to move.
    pub fn start(m: usize, n: i32, options: KalahOptions) -> KalahState {
        assert!(m >= 1, "at least one house a side");
        assert!(n >= 0, "seed count must not be negative");
        KalahState {
            m,
            houses: vec![n; 2 * m],
            stores: [0, 0],
            to_move: 0,
            options,
        }
    }

    /// Reads the position text written by `Display` (variants `kalah` and `kalah-irving`).
    /// The number of houses a side is the length of a row. Panics on malformed text.
    pub fn parse(text: &str) -> KalahState {
        let text = super::parse_text(text);
        let ruleset = text.ruleset.expect("a Kalah position names its variant");
        // The ruleset field may give the sizes, `kalah(4,3)`: the rows tell them.
        let options = match ruleset.split('(').next().unwrap_or_default() {
            "kalah" => KalahOptions::standard(),
            "kalah-irving" => KalahOptions::irving(),
            other => panic!("unknown Kalah variant {other:?}"),
        };
        KalahState {
            m: text.m,
            houses: text.houses,
            stores: text.stores,
            to_move: text.to_move,
            options,
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

    /// K4: the game is over (either side empty, or with the option, the side to move empty).
    pub fn is_over(&self) -> bool {
        match self.options.end_when {
            EndWhen::EitherSideEmpty => self.row_seeds(0) == 0 || self.row_seeds(1) == 0,
            EndWhen::MoverEmpty => self.row_seeds(self.to_move) == 0,
        }
    }

    /// The legal moves: the mover's non-empty houses, ascending absolute indices (K1); none
    /// when the game is over.
    pub fn legal_moves(&self) -> Vec<usize> {
        if self.is_over() {
            return Vec::new();
        }
        (0..2 * self.m)
            .filter(|&h| owner(self.m, h) == self.to_move && self.houses[h] > 0)
            .collect()
    }

    /// Plays absolute house `house` and returns the new position. Panics if the game is over
    /// or the house is not the mover's or empty.
    pub fn apply(&self, house: usize) -> KalahState {
        let m = self.m;
        let me = self.to_move;
        let opponent = 1 - me;
        assert!(!self.is_over(), "the game is over: {self}");
        assert_eq!(owner(m, house), me, "house {house} is not the mover's");
        assert!(self.houses[house] > 0, "house {house} is empty");

        let mut houses = self.houses.clone();
        let mut stores = self.stores;

        // K1: lift and sow one seed at a time; skip the opponent's store; the origin house is
        // an ordinary slot on later laps.
        let mut hand = houses[house];
        houses[house] = 0;
        let mut slot = Slot::House(house);
        while hand > 0 {
            slot = next_slot(m, slot);
            match slot {
                Slot::Store(s) if s == opponent => continue,
                Slot::Store(s) => stores[s] += 1,
                Slot::House(h) => houses[h] += 1,
            }
            hand -= 1;
        }

        let mut extra_turn = false;
        match slot {
            // K2: last seed in the own store.
            Slot::Store(s) => {
                assert_eq!(s, me, "the opponent's store is skipped");
                extra_turn = true;
            }
            // K3: last seed in an own house that was empty (it now holds 1).
            Slot::House(h) if owner(m, h) == me && houses[h] == 1 => {
                let o = opposite(m, h);
                if houses[o] > 0 || self.options.empty_capture {
                    stores[me] += houses[o] + houses[h];
                    houses[o] = 0;
                    houses[h] = 0;
                }
            }
            Slot::House(_) => {}
        }

        KalahState {
            m,
            houses,
            stores,
            to_move: if extra_turn { me } else { opponent },
            options: self.options,
        }
    }

    /// K4, K5: the final scores `[South, North]` once the game is over: the stores plus the
    /// seeds left in the houses, given to their owner or (option) to the side that emptied
    /// first. Panics if the game is not over.
    pub fn final_scores(&self) -> [i32; 2] {
        assert!(self.is_over(), "the game is not over: {self}");
        let left = [self.row_seeds(0), self.row_seeds(1)];
        let mut scores = self.stores;
        match self.options.leftover_to {
            LeftoverTo::Owner => {
                scores[0] += left[0];
                scores[1] += left[1];
            }
            LeftoverTo::FirstEmptied => {
                let emptied = match self.options.end_when {
                    EndWhen::MoverEmpty => self.to_move,
                    EndWhen::EitherSideEmpty => {
                        if left[0] == 0 {
                            0
                        } else {
                            1
                        }
                    }
                };
                assert_eq!(left[emptied], 0);
                scores[emptied] += left[0] + left[1];
            }
        }
        scores
    }

    /// K5: `Some(0)` South wins, `Some(1)` North wins, `None` a draw. Panics if not over.
    pub fn winner(&self) -> Option<usize> {
        let s = self.final_scores();
        match s[0].cmp(&s[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// The number of legal move sequences of exactly `depth` plies (a ply is one sowing;
    /// extra turns count as plies). A finished game contributes 0 at depth >= 1; depth 0 is 1.
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
