//! Checks the naive reference model (`tests/reference/mod.rs`) against the numbers and
//! examples worked by hand from the Abapa specification, so that it can be trusted when it is
//! used to cross-check the `oware` crate.

mod reference;

use reference::RefState;

/// Absolute house indices of South's `A`..`F` and North's `a`..`f`.
const F: usize = 5;
const F_NORTH: usize = 11;

#[test]
fn start_position() {
    let start = RefState::start();
    assert_eq!(start.houses, [4; 12]);
    assert_eq!(start.stores, [0, 0]);
    assert_eq!(start.to_move, 0);
    assert!(!start.is_over());
    assert_eq!(start.legal_moves(), vec![0, 1, 2, 3, 4, 5]);
    assert_eq!(start.to_string(), "4,4,4,4,4,4/4,4,4,4,4,4 s 0 0");
    assert_eq!(RefState::parse(&start.to_string()), start);
}

#[test]
fn perft_from_start_matches_spec() {
    // oware/rules/abapa.md, section "Perft".
    let start = RefState::start();
    let expected = [1, 6, 36, 190, 1014, 5219];
    for (depth, &nodes) in expected.iter().enumerate() {
        assert_eq!(start.perft(depth as u32), nodes, "perft({depth})");
    }
}

/// [R4] The spec's lap example, carried on through the capture.
///
/// Before: South `0,0,0,0,0,12`, North `1,1,1,1,1,1` (indices 6..11), stores 15/15 (any stores
/// below 24 will do; 15 + 15 + 18 on the board = 48), South to move, plays `F` (index 5).
/// - Index 5 is emptied: 12 seeds in hand.
/// - Seeds 1-6 go to indices 6..11: North becomes `2,2,2,2,2,2`.
/// - Seeds 7-11 go to indices 0..4: South becomes `1,1,1,1,1,0`.
/// - Index 5 is the origin house: skipped (R4).
/// - Seed 12 goes to index 6, which now holds 3. That is the last seed.
/// - R5: index 6 is North's and holds 3, so it is captured. The previous house is index 5,
///   South's own, so the chain stops there: 3 seeds captured.
/// - R6: North keeps `2,2,2,2,2` in indices 7..11, so this is not a grand slam.
///
/// After: South `1,1,1,1,1,0`, North `0,2,2,2,2,2`, stores South 18, North 15, North to move.
#[test]
fn lap_skips_origin_house_and_captures() {
    let before = RefState {
        houses: [0, 0, 0, 0, 0, 12, 1, 1, 1, 1, 1, 1],
        stores: [15, 15],
        to_move: 0,
    };
    assert_eq!(before.total_seeds(), 48);
    assert!(before.legal_moves().contains(&F));
    let after = before.apply(F);
    assert_eq!(
        after,
        RefState {
            houses: [1, 1, 1, 1, 1, 0, 0, 2, 2, 2, 2, 2],
            stores: [18, 15],
            to_move: 1,
        }
    );
    assert_eq!(after.total_seeds(), 48);
    assert!(!after.is_over());
}

/// [R6] Grand slam captures nothing.
///
/// Before: `0,0,0,0,2,3 / 1,1,1,0,0,0`, stores 20/20, South to move, plays `F` (index 5, 3
/// seeds): indices 6, 7, 8 become 2, 2, 2. The last seed is in index 8; the chain 8, 7, 6 holds
/// 2 each and then stops at index 5 (South's own). It would take all 6 seeds North has, and
/// indices 9..11 are empty, so it is a grand slam: nothing is captured, seeds stay as sown.
///
/// After: `0,0,0,0,2,0 / 2,2,2,0,0,0`, stores 20/20, North to move.
#[test]
fn grand_slam_abapa_captures_nothing() {
    let before = RefState {
        houses: [0, 0, 0, 0, 2, 3, 1, 1, 1, 0, 0, 0],
        stores: [20, 20],
        to_move: 0,
    };
    assert_eq!(before.total_seeds(), 48);
    assert_eq!(before.legal_moves(), vec![4, 5]);
    let after = before.apply(F);
    assert_eq!(
        after,
        RefState {
            houses: [0, 0, 0, 0, 2, 0, 2, 2, 2, 0, 0, 0],
            stores: [20, 20],
            to_move: 1,
        }
    );
    assert!(!after.is_over());
}

/// A capture of part of the chain is not a grand slam: the same position with one seed more
/// on North's side (index 10, taken from South's store) captures all three houses.
///
/// Before: `0,0,0,0,2,3 / 1,1,1,0,1,0`, stores 19/20. South plays `F`: 6, 7, 8 become 2, 2, 2,
/// chain 8, 7, 6 takes 6 seeds, index 10 keeps 1, so the capture stands.
/// After: `0,0,0,0,2,0 / 0,0,0,0,1,0`, stores 25/20: South has won (R9).
#[test]
fn capture_that_leaves_a_seed_is_not_a_grand_slam() {
    let before = RefState {
        houses: [0, 0, 0, 0, 2, 3, 1, 1, 1, 0, 1, 0],
        stores: [19, 20],
        to_move: 0,
    };
    assert_eq!(before.total_seeds(), 48);
    let after = before.apply(F);
    assert_eq!(after.houses, [0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 1, 0]);
    assert_eq!(after.stores, [25, 20]);
    assert!(after.is_over());
    assert!(after.legal_moves().is_empty());
    assert_eq!(after.perft(0), 1);
    assert_eq!(after.perft(1), 0);
}

/// [R7, R8] No move can feed the starved opponent: the game is over.
///
/// Before: `0,0,2,0,1,0 / 0,0,0,0,0,1`, stores South 20, North 24, North to move. North plays
/// `f` (index 11, 1 seed): it lands in index 0 (South's `A`), which holds 1: no capture.
/// After: `1,0,2,0,1,0 / 0,0,0,0,0,0`, South to move. North is starved. South's moves: `A` (1
/// seed) reaches index 1, `C` (2 seeds) reaches 3 and 4, `E` (1 seed) reaches 5; none reaches
/// North's row, so none is legal and the game is over.
#[test]
fn no_move_can_feed_ends_the_game() {
    let before = RefState {
        houses: [0, 0, 2, 0, 1, 0, 0, 0, 0, 0, 0, 1],
        stores: [20, 24],
        to_move: 1,
    };
    assert_eq!(before.total_seeds(), 48);
    assert!(!before.is_over());
    assert_eq!(before.legal_moves(), vec![F_NORTH]);
    let after = before.apply(F_NORTH);
    assert_eq!(
        after,
        RefState {
            houses: [1, 0, 2, 0, 1, 0, 0, 0, 0, 0, 0, 0],
            stores: [20, 24],
            to_move: 0,
        }
    );
    assert_eq!(after.row_seeds(1), 0);
    assert!(after.is_over());
    assert!(after.legal_moves().is_empty());
    assert_eq!(after.perft(1), 0);
}

/// [R7] When the opponent is starved, only the feeding moves are legal.
///
/// `0,0,0,1,0,2 / 0,0,0,0,0,0` with South to move: `D` (1 seed) reaches index 4 only, `F`
/// (2 seeds) reaches 6 and 7. Only `F` feeds.
#[test]
fn must_feed_a_starved_opponent() {
    let pos = RefState::parse("0,0,0,1,0,2/0,0,0,0,0,0 s 22 23");
    assert_eq!(pos.total_seeds(), 48);
    assert_eq!(pos.legal_moves(), vec![5]);
}

/// [R4] A house with 22 seeds makes two full laps of the 11 other houses, and the last seed
/// lands just before the origin house.
#[test]
fn two_full_laps_end_before_the_origin() {
    // North plays `c` (index 8) with 22 seeds; everything else empty, stores 13/13.
    let mut houses = [0; 12];
    houses[8] = 22;
    let before = RefState {
        houses,
        stores: [13, 13],
        to_move: 1,
    };
    assert_eq!(before.total_seeds(), 48);
    let after = before.apply(8);
    // Every other house gets 2; the last seed is in index 7, North's own: no capture.
    assert_eq!(after.houses, [2, 2, 2, 2, 2, 2, 2, 2, 0, 2, 2, 2]);
    assert_eq!(after.stores, [13, 13]);
}

/// [R5] The capture chain runs backwards and never wraps from `A` (index 0) into North's row.
#[test]
fn north_capture_chain_stops_at_a() {
    // North plays `f` (index 11) with 3 seeds into A, B, C (indices 0, 1, 2).
    // A, B, C hold 1, 2, 1 before, so 2, 3, 2 after: chain C, B, A takes 7 seeds, and stops at
    // A (the previous house, index 11, is North's own). South keeps D = 1.
    let before = RefState::parse("1,2,1,1,0,0/2,2,2,2,2,3 n 15 15");
    assert_eq!(before.total_seeds(), 48);
    let after = before.apply(11);
    assert_eq!(after.to_string(), "0,0,0,1,0,0/2,2,2,2,2,0 s 15 22");
}

/// [R1] Seeds are conserved along every line of play from the start, to depth 5.
#[test]
fn seeds_are_conserved() {
    fn walk(pos: RefState, depth: u32) {
        assert_eq!(pos.total_seeds(), 48, "{}", pos);
        assert!(pos.houses.iter().all(|&s| s >= 0));
        if depth == 0 {
            return;
        }
        for m in pos.legal_moves() {
            walk(pos.apply(m), depth - 1);
        }
    }
    walk(RefState::start(), 5);
}

/// Swapping the sides (rotating the board by six houses) mirrors perft.
#[test]
fn mirror_symmetry_of_perft() {
    let pos = RefState::parse("0,3,0,1,5,12/2,0,1,6,0,1 s 9 8");
    assert_eq!(pos.total_seeds(), 48);
    let mut houses = [0; 12];
    for (i, seeds) in houses.iter_mut().enumerate() {
        *seeds = pos.houses[(i + 6) % 12];
    }
    let mirrored = RefState {
        houses,
        stores: [pos.stores[1], pos.stores[0]],
        to_move: 1,
    };
    for depth in 0..=4 {
        assert_eq!(pos.perft(depth), mirrored.perft(depth), "perft({depth})");
    }
}

/// The model reproduces every count in `tests/data/abapa.perft` that is small enough for a
/// debug build (the larger ones were computed with the same model in release mode).
#[test]
fn perft_data_file_matches_model() {
    const NODE_LIMIT: u64 = 200_000;
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/abapa.perft");
    let text = std::fs::read_to_string(path).expect("tests/data/abapa.perft");
    let mut pos = None;
    let mut checked = 0;
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(' ').expect("`key value` line");
        match key {
            "id" => pos = None,
            "pos" => {
                let p = RefState::parse(value);
                assert_eq!(p.total_seeds(), 48, "{value}");
                pos = Some(p);
            }
            "perft" => {
                let (depth, nodes) = value.split_once(' ').expect("perft <depth> <nodes>");
                let (depth, nodes): (u32, u64) = (depth.parse().unwrap(), nodes.parse().unwrap());
                if nodes <= NODE_LIMIT {
                    let p = pos.expect("perft line after a pos line");
                    assert_eq!(p.perft(depth), nodes, "{p} perft {depth}");
                    checked += 1;
                }
            }
            other => panic!("unknown key {other:?} in abapa.perft"),
        }
    }
    assert!(checked >= 30, "only {checked} perft lines checked");
}
