//! Zobrist hashing of positions: houses, stores and side to move.

use crate::{MAX_HOUSES, Position, Side};

/// Pits hashed: the houses and the two stores.
const PITS: usize = 2 * MAX_HOUSES + 2;

/// One random key for each seed count in each pit, made at compile time by
/// SplitMix64 so the table is the same on every build.
static KEYS: [[u64; 256]; PITS] = {
    let mut keys = [[0; 256]; PITS];
    let mut state: u64 = 0x6f77_6172_6521_2026; // "oware!" 2026
    let mut pit = 0;
    while pit < PITS {
        let mut seeds = 0;
        while seeds < 256 {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            keys[pit][seeds] = mix(state);
            seeds += 1;
        }
        pit += 1;
    }
    keys
};

/// SplitMix64's output function: a bijection of `u64` that spreads every
/// input bit over the whole word.
pub(crate) const fn mix(x: u64) -> u64 {
    let mut z = x;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The key of the game's ply count, mixed into table keys where the
/// ruleset limits plies (the same board is then a different position).
pub(crate) const fn ply_key(plies: usize) -> u64 {
    mix(0x706c_7921 ^ plies as u64)
}

/// The key for North to move.
const NORTH_TO_MOVE: u64 = 0x2545_f491_4f6c_dd1d;

/// The Zobrist hash of `pos` (its ruleset is not hashed: a search keeps to one).
pub(crate) fn hash(pos: &Position) -> u64 {
    let board = pos.board();
    let mut h = 0;
    for (pit, &seeds) in board.all_houses().iter().enumerate() {
        h ^= KEYS[pit][usize::from(seeds)];
    }
    h ^= KEYS[2 * MAX_HOUSES][usize::from(board.store(Side::South))];
    h ^= KEYS[2 * MAX_HOUSES + 1][usize::from(board.store(Side::North))];
    if pos.turn() == Side::North {
        h ^= NORTH_TO_MOVE;
    }
    h
}
