//! A deliberately naive, independent reference model of the Oware Abapa rules.
//!
//! Written only from the specification (`oware/rules/abapa.md`, rules R1-R11), without
//! looking at the `oware` crate, so that the fast implementation can be cross-checked against
//! it. Everything here favours being obviously correct over being fast: sowing drops one seed
//! at a time, feeding is decided by simulating the move, and positions are plain values.
//!
//! Include it from an integration test with `mod reference;`.
//!
//! Conventions: absolute house index 0..11 counter-clockwise, South's houses `A`..`F` are
//! 0..5 and North's houses `a`..`f` are 6..11. Side 0 is South, side 1 is North.
//! Cycle rules (R11) are not modelled: perft does not need them.
#![allow(dead_code)]

pub mod congkak;
pub mod kalah;

/// Seeds in play in Abapa (R1).
pub const TOTAL_SEEDS: i32 = 48;

/// A position: the seeds in each house, in each store, and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RefState {
    /// Seeds in each house, by absolute index (South 0..5, North 6..11).
    pub houses: [i32; 12],
    /// Seeds captured by South (`stores[0]`) and North (`stores[1]`).
    pub stores: [i32; 2],
    /// The side to move: 0 = South, 1 = North.
    pub to_move: usize,
}

/// The position in the text format that [`RefState::parse`] reads.
impl std::fmt::Display for RefState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write_text(f, &self.houses, self.to_move, self.stores, None)
    }
}

/// Whether absolute house `house` belongs to `side` (0 = South, 1 = North).
pub fn owns(side: usize, house: usize) -> bool {
    if side == 0 {
        house <= 5
    } else {
        (6..=11).contains(&house)
    }
}

impl RefState {
    /// The Abapa starting position: 4 seeds in every house, South to move (R1, R2).
    pub fn start() -> RefState {
        RefState {
            houses: [4; 12],
            stores: [0, 0],
            to_move: 0,
        }
    }

    /// Builds a position from the text format of the perft data files:
    /// `<South A..F>/<North a..f> <s|n> <South store> <North store>`,
    /// for example `4,4,4,4,4,4/4,4,4,4,4,4 s 0 0`. Panics on malformed text (test helper).
    pub fn parse(text: &str) -> RefState {
        let text = parse_text(text);
        assert_eq!(text.m, 6, "each row has 6 houses");
        assert!(text.ruleset.is_none(), "an Abapa position has 4 fields");
        let mut houses = [0; 12];
        houses.copy_from_slice(&text.houses);
        RefState {
            houses,
            stores: text.stores,
            to_move: text.to_move,
        }
    }

    /// Seeds on the board and in both stores (48 in any valid Abapa position, R1).
    pub fn total_seeds(&self) -> i32 {
        self.houses.iter().sum::<i32>() + self.stores[0] + self.stores[1]
    }

    /// Seeds in `side`'s row.
    pub fn row_seeds(&self, side: usize) -> i32 {
        (0..12)
            .filter(|&h| owns(side, h))
            .map(|h| self.houses[h])
            .sum()
    }

    /// The game has ended: a store holds 25 or more (R9), both stores hold 24 (R10), or the
    /// side to move has no legal move (R8; this includes having no seeds at all).
    pub fn is_over(&self) -> bool {
        if self.stores[0] >= 25 || self.stores[1] >= 25 {
            return true;
        }
        if self.stores[0] == 24 && self.stores[1] == 24 {
            return true;
        }
        self.candidate_moves().is_empty()
    }

    /// The legal moves (absolute house indices, ascending); empty when the game is over.
    pub fn legal_moves(&self) -> Vec<usize> {
        if self.is_over() {
            Vec::new()
        } else {
            self.candidate_moves()
        }
    }

    /// The mover's non-empty houses, filtered by the feeding rule (R3, R7). Ignores R9/R10.
    fn candidate_moves(&self) -> Vec<usize> {
        let me = self.to_move;
        let opponent = 1 - me;
        let starved = self.row_seeds(opponent) == 0;
        let mut moves = Vec::new();
        for house in 0..12 {
            if !owns(me, house) || self.houses[house] == 0 {
                continue;
            }
            if starved && !self.sowing_feeds(house) {
                continue; // R7: must feed a starved opponent
            }
            moves.push(house);
        }
        moves
    }

    /// Whether sowing `house` drops at least one seed into the opponent's row, found by
    /// sowing it (the same loop as [`RefState::apply`]) and watching where seeds land.
    fn sowing_feeds(&self, house: usize) -> bool {
        let opponent = 1 - self.to_move;
        self.sow(house).1.iter().any(|&h| owns(opponent, h))
    }

    /// Sows `house` one seed at a time, without capturing. Returns the houses after sowing and
    /// the houses that received a seed, in order (one entry per seed).
    fn sow(&self, origin: usize) -> ([i32; 12], Vec<usize>) {
        let mut houses = self.houses;
        let mut seeds = houses[origin];
        houses[origin] = 0;
        let mut drops = Vec::new();
        let mut i = origin;
        while seeds > 0 {
            i = (i + 1) % 12;
            if i == origin {
                continue; // R4: laps skip the origin house
            }
            houses[i] += 1;
            seeds -= 1;
            drops.push(i);
        }
        (houses, drops)
    }

    /// Plays `house` (an absolute index of one of the mover's houses) and returns the new
    /// position. Panics if the house is not the mover's or is empty; does not check R7.
    pub fn apply(&self, house: usize) -> RefState {
        let me = self.to_move;
        let opponent = 1 - me;
        assert!(
            owns(me, house),
            "house {house} does not belong to side {me}"
        );
        assert!(self.houses[house] > 0, "house {house} is empty");

        // R3, R4: sow.
        let (mut houses, drops) = self.sow(house);
        let last = *drops
            .last()
            .expect("a non-empty house sows at least one seed");

        // R5: capture chain, backwards from the last house, within the opponent's row only.
        let mut chain = Vec::new();
        let mut h = last;
        loop {
            if !owns(opponent, h) {
                break;
            }
            if houses[h] != 2 && houses[h] != 3 {
                break;
            }
            chain.push(h);
            if h == 0 {
                break; // index -1 would wrap into North's row; the chain never wraps
            }
            h -= 1;
        }
        let captured: i32 = chain.iter().map(|&h| houses[h]).sum();

        // R6: a capture that would leave the opponent's row empty is a grand slam and
        // captures nothing.
        let opponent_left: i32 = (0..12)
            .filter(|&h| owns(opponent, h) && !chain.contains(&h))
            .map(|h| houses[h])
            .sum();
        let mut stores = self.stores;
        if captured > 0 && opponent_left > 0 {
            for &h in &chain {
                houses[h] = 0;
            }
            stores[me] += captured;
        }

        RefState {
            houses,
            stores,
            to_move: opponent,
        }
    }

    /// The number of legal move sequences of exactly `depth` plies. A game that ends before
    /// `depth` plies contributes nothing; depth 0 is 1 even in an ended game.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.legal_moves()
            .iter()
            .map(|&m| self.apply(m).perft(depth - 1))
            .sum()
    }
}

/// The model's state for an `oware` position with 6 houses a side: the one
/// bridge between the two, for the tests that compare them (the model
/// itself uses nothing of `oware`).
pub fn to_reference(pos: &oware::Position) -> RefState {
    let board = pos.board();
    let mut houses = [0; 12];
    for (h, &seeds) in houses.iter_mut().zip(board.all_houses()) {
        *h = i32::from(seeds);
    }
    RefState {
        houses,
        stores: [
            i32::from(board.store(oware::Side::South)),
            i32::from(board.store(oware::Side::North)),
        ],
        to_move: pos.turn().index(),
    }
}

/// The fields of a position string, as the three models read them:
/// `<South row>/<North row> <s|n> <South store> <North store> [ruleset]`.
pub struct PositionText {
    /// Houses a side.
    pub m: usize,
    /// The houses in absolute order, South's row first.
    pub houses: Vec<i32>,
    /// South's and North's stores.
    pub stores: [i32; 2],
    /// 0 for South, 1 for North.
    pub to_move: usize,
    /// The fifth field, if any.
    pub ruleset: Option<String>,
}

/// Reads a position string. Panics on malformed text (these are test models).
pub fn parse_text(text: &str) -> PositionText {
    let fields: Vec<&str> = text.split_whitespace().collect();
    assert!(
        matches!(fields.len(), 4 | 5),
        "position text needs 4 or 5 fields: {text:?}"
    );
    let rows: Vec<Vec<i32>> = fields[0]
        .split('/')
        .map(|row| {
            row.split(',')
                .map(|s| s.parse().expect("seed count"))
                .collect()
        })
        .collect();
    assert_eq!(rows.len(), 2, "position text needs two rows: {text:?}");
    assert_eq!(
        rows[0].len(),
        rows[1].len(),
        "rows of different lengths: {text:?}"
    );
    let to_move = match fields[1] {
        "s" => 0,
        "n" => 1,
        other => panic!("side to move must be s or n, not {other:?}"),
    };
    PositionText {
        m: rows[0].len(),
        houses: rows.concat(),
        stores: [
            fields[2].parse().expect("South store"),
            fields[3].parse().expect("North store"),
        ],
        to_move,
        ruleset: fields.get(4).map(|s| (*s).to_owned()),
    }
}

/// Writes a position string (the ruleset field only if `ruleset` is given).
pub fn write_text(
    f: &mut std::fmt::Formatter<'_>,
    houses: &[i32],
    to_move: usize,
    stores: [i32; 2],
    ruleset: Option<&str>,
) -> std::fmt::Result {
    let m = houses.len() / 2;
    let row = |r: &[i32]| {
        r.iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    let side = if to_move == 0 { "s" } else { "n" };
    write!(
        f,
        "{}/{} {side} {} {}",
        row(&houses[..m]),
        row(&houses[m..]),
        stores[0],
        stores[1]
    )?;
    match ruleset {
        Some(name) => write!(f, " {name}"),
        None => Ok(()),
    }
}
