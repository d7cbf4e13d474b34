//! Checks the naive reference models of Kalah (`tests/reference/kalah.rs`) and Congkak
//! (`tests/reference/congkak.rs`) against the numbers given in the specifications and against
//! examples worked by hand from the rules (K1-K6 of `oware/rules/kalah.md`, C1-C7 of
//! `oware/rules/congkak.md`), so that they can be trusted when used to cross-check the `oware`
//! crate.
//!
//! House indices (both games): South's `A`.. are `0..m`, North's `a`.. are `m..2m`; house `h`
//! faces house `2m-1-h`.

mod common;
mod reference;

use common::SplitMix64;
use reference::congkak::{self, CongkakState};
use reference::kalah::{EndWhen, KalahOptions, KalahState, LeftoverTo};

/// Every option combination of Kalah.
fn all_kalah_options() -> Vec<KalahOptions> {
    let mut all = Vec::new();
    for empty_capture in [false, true] {
        for end_when in [EndWhen::EitherSideEmpty, EndWhen::MoverEmpty] {
            for leftover_to in [LeftoverTo::Owner, LeftoverTo::FirstEmptied] {
                all.push(KalahOptions {
                    empty_capture,
                    end_when,
                    leftover_to,
                });
            }
        }
    }
    all
}

/// Rotates a Kalah position by `m` houses: South's and North's roles swapped.
fn mirror_kalah(pos: &KalahState) -> KalahState {
    let m = pos.m;
    KalahState {
        houses: (0..2 * m).map(|i| pos.houses[(i + m) % (2 * m)]).collect(),
        stores: [pos.stores[1], pos.stores[0]],
        to_move: 1 - pos.to_move,
        ..pos.clone()
    }
}

/// Rotates a Congkak position by `m` houses.
fn mirror_congkak(pos: &CongkakState) -> CongkakState {
    let m = pos.m;
    CongkakState {
        m,
        houses: (0..2 * m).map(|i| pos.houses[(i + m) % (2 * m)]).collect(),
        stores: [pos.stores[1], pos.stores[0]],
        to_move: 1 - pos.to_move,
    }
}

// ---------------------------------------------------------------------------------------------
// Kalah
// ---------------------------------------------------------------------------------------------

#[test]
fn kalah_start_position() {
    let start = KalahState::start(6, 4, KalahOptions::standard());
    assert_eq!(start.houses, vec![4; 12]);
    assert_eq!(start.stores, [0, 0]);
    assert_eq!(start.to_move, 0);
    assert!(!start.is_over());
    assert_eq!(start.legal_moves(), vec![0, 1, 2, 3, 4, 5]);
    assert_eq!(start.to_string(), "4,4,4,4,4,4/4,4,4,4,4,4 s 0 0 kalah");
    assert_eq!(KalahState::parse(&start.to_string()), start);
    let irving = KalahState::start(4, 3, KalahOptions::irving());
    assert_eq!(irving.to_string(), "3,3,3,3/3,3,3,3 s 0 0 kalah-irving");
    assert_eq!(KalahState::parse(&irving.to_string()), irving);
}

#[test]
fn kalah_perft_from_start_matches_spec() {
    // oware/rules/kalah.md, section "Perft": Kalah(6,4), standard options.
    let start = KalahState::start(6, 4, KalahOptions::standard());
    let expected = [1, 6, 35, 185, 942, 4690];
    for (depth, &nodes) in expected.iter().enumerate() {
        assert_eq!(start.perft(depth as u32), nodes, "perft({depth})");
    }
}

/// [K2] perft(2) = 35 by hand: from the start only `C` (4 seeds: D, E, F, store) ends in the
/// store, so South moves again with 5 non-empty houses (`A B D E F`); the other 5 moves give
/// North its 6 houses: 5 * 6 + 5 = 35.
#[test]
fn kalah_perft_two_by_hand() {
    let start = KalahState::start(6, 4, KalahOptions::standard());
    let after_c = start.apply(2);
    assert_eq!(after_c.to_string(), "4,4,0,5,5,5/4,4,4,4,4,4 s 1 0 kalah");
    assert_eq!(after_c.legal_moves(), vec![0, 1, 3, 4, 5]);
    for h in [0, 1, 3, 4, 5] {
        assert_eq!(start.apply(h).to_move, 1);
        assert_eq!(start.apply(h).legal_moves().len(), 6);
    }
}

/// [K1] Sowing skips the opponent's store.
///
/// Before: South `1,1,1,1,1,1`, North `2,0,0,0,0,8`, stores 0/0, North to move, plays `f`
/// (index 11, 8 seeds): North's store (1), `A`..`F` (2-7), South's store is skipped, `a`
/// (8). The last seed is in `a`, North's own, which held 2: no capture (K3), no extra turn.
/// After: South `2,2,2,2,2,2`, North `3,0,0,0,0,0`, stores South 0, North 1, South to move.
#[test]
fn kalah_k1_sowing_skips_opponents_store() {
    let before = KalahState::parse("1,1,1,1,1,1/2,0,0,0,0,8 n 0 0 kalah");
    let after = before.apply(11);
    assert_eq!(after.to_string(), "2,2,2,2,2,2/3,0,0,0,0,0 s 0 1 kalah");
    assert_eq!(after.total_seeds(), before.total_seeds());
}

/// [K1, K3] With 2m+1 = 13 seeds the last seed lands back in the origin house, which is
/// empty (it was lifted), so it captures.
///
/// Before: South `0,0,0,0,0,13`, North `1,2,0,0,0,0`, stores 5/7, South to move, plays `F`
/// (index 5): South's store (1), `a`..`f` (2-7), North's store skipped, `A`..`E` (8-12),
/// `F` (13, the origin: not skipped). Board then: South `1,1,1,1,1,1`, North `2,3,1,1,1,1`,
/// stores 6/7. `F` holds 1 (was empty); it faces `a` (index 11-5 = 6) which holds 2: capture
/// 2 + 1 = 3, South's store 9.
/// After: South `1,1,1,1,1,0`, North `0,3,1,1,1,1`, stores 9/7, North to move.
#[test]
fn kalah_k1_lap_reaches_origin_and_captures() {
    let before = KalahState::parse("0,0,0,0,0,13/1,2,0,0,0,0 s 5 7 kalah");
    let after = before.apply(5);
    assert_eq!(after.to_string(), "1,1,1,1,1,0/0,3,1,1,1,1 n 9 7 kalah");
    assert_eq!(after.total_seeds(), 28);
}

/// [K2, K4] Three extra turns in a row, and the game ends after a move that earned an extra
/// turn.
///
/// Before: South `0,0,0,0,2,1`, North `1,1,1,1,1,1`, stores 10/10, South to move.
/// - `F` (1 seed) -> store 11: extra turn. South `0,0,0,0,2,0`.
/// - `E` (2 seeds) -> `F`, store 12: extra turn. South `0,0,0,0,0,1`.
/// - `F` (1 seed) -> store 13: extra turn, but South's houses are now empty: the game ends
///   (K4), North adds its 6 seeds: 13 to 16, North wins (K5).
#[test]
fn kalah_k2_extra_turns_and_k4_end_after_an_extra_turn() {
    let before = KalahState::parse("0,0,0,0,2,1/1,1,1,1,1,1 s 10 10 kalah");
    assert_eq!(before.legal_moves(), vec![4, 5]);
    let p1 = before.apply(5);
    assert_eq!(p1.to_string(), "0,0,0,0,2,0/1,1,1,1,1,1 s 11 10 kalah");
    let p2 = p1.apply(4);
    assert_eq!(p2.to_string(), "0,0,0,0,0,1/1,1,1,1,1,1 s 12 10 kalah");
    assert!(!p2.is_over());
    let p3 = p2.apply(5);
    assert_eq!(p3.to_string(), "0,0,0,0,0,0/1,1,1,1,1,1 s 13 10 kalah");
    assert_eq!(p3.to_move, 0, "the extra turn was earned");
    assert!(p3.is_over());
    assert!(p3.legal_moves().is_empty());
    assert_eq!(p3.final_scores(), [13, 16]);
    assert_eq!(p3.winner(), Some(1));
    assert_eq!(p3.perft(0), 1);
    assert_eq!(p3.perft(1), 0);
}

/// [K3] Capture, and no capture when the opposite house is empty (standard) versus the
/// `empty_capture` option.
///
/// Capture: South `1,0,0,1,0,0`, North `0,2,0,0,0,3`, stores 0/0. South plays `D` (index 3,
/// 1 seed) into `E` (index 4), empty: it faces index 11-4 = 7 (`b`) with 2 seeds: 2 + 1 = 3 to
/// South's store. After: South `1,0,0,0,0,0`, North `0,0,0,0,0,3`, stores 3/0, North to move.
///
/// Empty opposite: South `1,0,0,1,0,0`, North `0,0,0,0,0,3`. South plays `D` into empty `E`
/// facing empty `b`. Standard: nothing happens, `E` keeps its seed. `empty_capture`: the lone
/// seed goes to the store: South `1,0,0,0,0,0`, store 1.
#[test]
fn kalah_k3_capture_and_empty_capture_option() {
    let before = KalahState::parse("1,0,0,1,0,0/0,2,0,0,0,3 s 0 0 kalah");
    assert_eq!(
        before.apply(3).to_string(),
        "1,0,0,0,0,0/0,0,0,0,0,3 n 3 0 kalah"
    );
    let irving = KalahState::parse("1,0,0,1,0,0/0,2,0,0,0,3 s 0 0 kalah-irving");
    assert_eq!(
        irving.apply(3).to_string(),
        "1,0,0,0,0,0/0,0,0,0,0,3 n 3 0 kalah-irving"
    );

    let standard = KalahState::parse("1,0,0,1,0,0/0,0,0,0,0,3 s 0 0 kalah");
    assert_eq!(
        standard.apply(3).to_string(),
        "1,0,0,0,1,0/0,0,0,0,0,3 n 0 0 kalah"
    );
    let irving = KalahState::parse("1,0,0,1,0,0/0,0,0,0,0,3 s 0 0 kalah-irving");
    assert_eq!(
        irving.apply(3).to_string(),
        "1,0,0,0,0,0/0,0,0,0,0,3 n 1 0 kalah-irving"
    );
}

/// [K3] Only the mover's own empty houses capture: a last seed in an empty house of the
/// opponent's stays. South `0,0,0,0,0,2`, North `0,0,0,0,4,0`: `F` sows the store and `a`
/// (empty, faces `F`): no capture, North to move.
#[test]
fn kalah_k3_no_capture_on_the_opponents_side() {
    for variant in ["kalah", "kalah-irving"] {
        let before = KalahState::parse(&format!("0,0,0,0,0,2/0,0,0,0,4,0 s 0 0 {variant}"));
        let after = before.apply(5);
        assert_eq!(
            after.to_string(),
            format!("0,0,0,0,0,0/1,0,0,0,4,0 n 1 0 {variant}")
        );
        assert!(after.is_over(), "South's row is empty (K4)");
        assert_eq!(after.final_scores(), [1, 5]);
    }
}

/// [K4, K5] The end rule and its options.
///
/// Before: South `0,0,0,0,0,2`, North `1,1,1,1,1,1`, stores 20/20 (48 seeds), South plays `F`
/// (2 seeds): store 21, `a` 2. South's row is empty, North is to move.
/// - Standard (either side empty): over. North adds its 7 seeds: 21 to 27.
/// - Leftover to the side that emptied first (South): 28 to 20.
/// - End only when the mover is empty: not over; North has 6 moves. North plays `a` (2 seeds):
///   `b` 2, `c` 2, last seed in a non-empty own house: South to move, with no seeds: over.
///   Leftover to owner: 21 to 27; to the side that emptied first (South, to move): 28 to 20.
#[test]
fn kalah_k4_end_rule_options() {
    let text = "0,0,0,0,0,2/1,1,1,1,1,1 s 20 20 kalah";
    let base = KalahState::parse(text);
    let with = |end_when, leftover_to| KalahState {
        options: KalahOptions {
            empty_capture: false,
            end_when,
            leftover_to,
        },
        ..base.clone()
    };

    let after = base.apply(5);
    assert_eq!(after.to_string(), "0,0,0,0,0,0/2,1,1,1,1,1 n 21 20 kalah");
    assert!(after.is_over());
    assert!(after.legal_moves().is_empty());
    assert_eq!(after.final_scores(), [21, 27]);
    assert_eq!(after.winner(), Some(1));

    let german = with(EndWhen::EitherSideEmpty, LeftoverTo::FirstEmptied).apply(5);
    assert!(german.is_over());
    assert_eq!(german.final_scores(), [28, 20]);
    assert_eq!(german.winner(), Some(0));

    for (leftover_to, scores) in [
        (LeftoverTo::Owner, [21, 27]),
        (LeftoverTo::FirstEmptied, [28, 20]),
    ] {
        let after = with(EndWhen::MoverEmpty, leftover_to).apply(5);
        assert!(!after.is_over(), "North to move still has seeds");
        assert_eq!(after.legal_moves(), vec![6, 7, 8, 9, 10, 11]);
        let end = after.apply(6);
        assert_eq!(end.houses, vec![0, 0, 0, 0, 0, 0, 0, 2, 2, 1, 1, 1]);
        assert_eq!(end.to_move, 0);
        assert!(end.is_over());
        assert_eq!(end.final_scores(), scores);
    }
}

/// [K4, K5] A draw: South `0,0,0,1,0,2`, North `0,3,0,0,0,0`, stores 20/22, South plays `D`
/// (1 seed) into empty `E`, which faces `b` (3 seeds): 4 to South's store (24). North's row is
/// now empty: over. Standard: South adds `F`'s 2: 26 to 22, South wins. Leftover to the side
/// that emptied first (North): 24 to 24, a draw.
#[test]
fn kalah_k5_win_and_draw() {
    let before = KalahState::parse("0,0,0,1,0,2/0,3,0,0,0,0 s 20 22 kalah");
    let after = before.apply(3);
    assert_eq!(after.to_string(), "0,0,0,0,0,2/0,0,0,0,0,0 n 24 22 kalah");
    assert!(after.is_over());
    assert_eq!(after.final_scores(), [26, 22]);
    assert_eq!(after.winner(), Some(0));
    let german = KalahState {
        options: KalahOptions {
            leftover_to: LeftoverTo::FirstEmptied,
            ..KalahOptions::standard()
        },
        ..after
    };
    assert_eq!(german.final_scores(), [24, 24]);
    assert_eq!(german.winner(), None);
}

/// [K6] Random games end, under every option combination, and conserve seeds; final scores
/// add up to all the seeds.
#[test]
fn kalah_k6_random_games_end_and_conserve_seeds() {
    let mut rng = SplitMix64(0x6b616c6168);
    for options in all_kalah_options() {
        for (m, n) in [(6, 4), (6, 3), (6, 6), (4, 3), (3, 2), (1, 1), (8, 5)] {
            for _ in 0..40 {
                let mut pos = KalahState::start(m, n, options);
                let total = pos.total_seeds();
                let mut plies = 0;
                while !pos.is_over() {
                    let moves = pos.legal_moves();
                    assert!(!moves.is_empty(), "{pos}");
                    pos = pos.apply(moves[rng.below(moves.len())]);
                    assert_eq!(pos.total_seeds(), total, "{pos}");
                    assert!(pos.houses.iter().all(|&s| s >= 0), "{pos}");
                    plies += 1;
                    assert!(plies < 10_000, "game does not end: {pos}");
                }
                let scores = pos.final_scores();
                assert_eq!(scores[0] + scores[1], total, "{pos}");
            }
        }
    }
}

/// Swapping the sides mirrors perft (all option combinations, a midgame position).
#[test]
fn kalah_mirror_symmetry_of_perft() {
    for options in all_kalah_options() {
        let mut pos = KalahState::parse("0,3,0,1,5,12/2,0,1,6,0,1 s 9 8 kalah");
        pos.options = options;
        let mirrored = mirror_kalah(&pos);
        for depth in 0..=5 {
            assert_eq!(pos.perft(depth), mirrored.perft(depth), "perft({depth})");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Congkak
// ---------------------------------------------------------------------------------------------

/// [C1] The default start: 7 houses a side, 7 seeds in each, South to move.
#[test]
fn congkak_c1_start_position() {
    let start = CongkakState::default_start();
    assert_eq!(start.m, 7);
    assert_eq!(start.houses, vec![7; 14]);
    assert_eq!(start.total_seeds(), 98);
    assert_eq!(start.to_move, 0);
    assert!(!start.is_over());
    assert_eq!(start.legal_moves(), (0..7).collect::<Vec<_>>());
    assert_eq!(
        start.to_string(),
        "7,7,7,7,7,7,7/7,7,7,7,7,7,7 s 0 0 congkak"
    );
    assert_eq!(CongkakState::parse(&start.to_string()), start);
}

#[test]
fn congkak_perft_from_start_matches_issue() {
    // Congkak 7x7, default rules: 7, 36, 230, 1406 at depths 1-4.
    let start = CongkakState::default_start();
    let expected = [1, 7, 36, 230, 1406];
    for (depth, &nodes) in expected.iter().enumerate() {
        assert_eq!(start.perft(depth as u32), nodes, "perft({depth})");
    }
}

/// [C2, C3] A lap: the origin house is not skipped, North's store is.
///
/// Before: South `0,0,0,0,0,0,16`, North `1,0,0,0,0,0,0`, stores 40/41 (98 seeds), South
/// plays `G` (index 6, 16 seeds): South's store (1), `a`..`g` (2-8), North's store skipped,
/// `A`..`F` (9-14), `G` (15, the origin), South's store (16). The last seed is in the own
/// store: South moves again (C3).
/// After: South `1,1,1,1,1,1,1`, North `2,1,1,1,1,1,1`, stores 42/41, South to move.
#[test]
fn congkak_c2_lap_keeps_origin_and_skips_opponents_store() {
    let before = CongkakState::parse("0,0,0,0,0,0,16/1,0,0,0,0,0,0 s 40 41 congkak");
    assert_eq!(before.total_seeds(), 98);
    let after = before.apply(6);
    assert_eq!(
        after.to_string(),
        "1,1,1,1,1,1,1/2,1,1,1,1,1,1 s 42 41 congkak"
    );
}

/// [C3] From the start, `A` (7 seeds) sows `B`..`G` (8 each) and the store: South moves
/// again, with `B`..`G` to choose from.
#[test]
fn congkak_c3_extra_turn_from_the_start() {
    let after = CongkakState::default_start().apply(0);
    assert_eq!(
        after.to_string(),
        "0,8,8,8,8,8,8/7,7,7,7,7,7,7 s 1 0 congkak"
    );
    assert_eq!(after.legal_moves(), vec![1, 2, 3, 4, 5, 6]);
}

/// [C4, C6] Relay through the opponent's side, back to the emptied origin, and a capture.
///
/// From the start South plays `B` (index 1, 7 seeds): `C`..`G` become 8, South's store 1,
/// `a` (index 7) becomes 8. `a` held 7 before the drop: relay (C4), lift its 8 seeds: `b`..`g`
/// become 8 (6 seeds), North's store is skipped, `A` becomes 8 (7th), `B` becomes 1 (8th).
/// `B` was emptied at the start of the move, so the last seed is in an empty own house (C6):
/// it faces index 13-1 = 12 (`f`, 8 seeds): 8 + 1 = 9 to South's store (10).
/// After: South `8,0,8,8,8,8,8`, North `0,8,8,8,8,0,8`, stores 10/0, North to move.
#[test]
fn congkak_c4_relay_through_the_opponent_and_c6_capture() {
    let after = CongkakState::default_start().apply(1);
    assert_eq!(
        after.to_string(),
        "8,0,8,8,8,8,8/0,8,8,8,8,0,8 n 10 0 congkak"
    );
    assert_eq!(after.total_seeds(), 98);
}

/// [C4, C6] Relay on the own side, ending in an empty own house facing an empty house.
///
/// Before: South `1,2,0,0,0,0,0`, North `0,0,0,0,0,0,5`, stores 45/45. South plays `A` (1
/// seed) into `B`, which held 2: relay, lift 3: `C`, `D`, `E` get 1 each. `E` (index 4) was
/// empty; it faces index 9 (`c`), empty: the seed stays and the turn ends (C6).
/// After: South `0,0,1,1,1,0,0`, North `0,0,0,0,0,0,5`, stores 45/45, North to move.
#[test]
fn congkak_c4_relay_on_own_side_and_c6_no_capture() {
    let before = CongkakState::parse("1,2,0,0,0,0,0/0,0,0,0,0,0,5 s 45 45 congkak");
    let after = before.apply(0);
    assert_eq!(
        after.to_string(),
        "0,0,1,1,1,0,0/0,0,0,0,0,0,5 n 45 45 congkak"
    );
}

/// [C4, C5, C3, C6] Relay from the last house, versus an extra turn.
///
/// Before: South `0,0,0,0,0,1,1`, North `0,0,0,0,0,0,3`, stores 46/47 (98 seeds).
/// - South plays `F` (1 seed) into `G`, which held 1: relay (C4), lift 2: South's store (47)
///   and `a` (empty, North's): the turn ends (C5). North to move.
/// - South plays `G` instead (1 seed): South's store (47): extra turn (C3). Then `F` (1 seed)
///   into the now empty `G`, which faces index 13-6 = 7 (`a`, empty): the seed stays, the turn
///   ends (C6). North to move.
#[test]
fn congkak_c4_relay_then_c5_and_c3() {
    let before = CongkakState::parse("0,0,0,0,0,1,1/0,0,0,0,0,0,3 s 46 47 congkak");
    let relay = before.apply(5);
    assert_eq!(
        relay.to_string(),
        "0,0,0,0,0,0,0/1,0,0,0,0,0,3 n 47 47 congkak"
    );
    let extra = before.apply(6);
    assert_eq!(
        extra.to_string(),
        "0,0,0,0,0,1,0/0,0,0,0,0,0,3 s 47 47 congkak"
    );
    assert_eq!(
        extra.apply(5).to_string(),
        "0,0,0,0,0,0,1/0,0,0,0,0,0,3 n 47 47 congkak"
    );
}

/// [C4] Only the last seed of a sowing decides; relays chain.
///
/// 1. South `0,0,0,0,0,0,3`, North `2,0,0,0,0,0,0`, stores 40/53 (98 seeds). South plays `G`
///    (3): store (41), `a` (3, but not the last seed: no relay), `b` (1). `b` was empty and is
///    North's: the turn ends (C5).
/// 2. The same with `b` holding 1 (North `2,1,0,0,0,0,0`, stores 40/52): `b` becomes 2,
///    relay: `c`, `d` get 1; `d` was empty, North's: the turn ends.
/// 3. A relay of a relay of a relay, see the comments in the test.
#[test]
fn congkak_c4_relay_chains() {
    let p = CongkakState::parse("0,0,0,0,0,0,3/2,0,0,0,0,0,0 s 40 53 congkak");
    assert_eq!(
        p.apply(6).to_string(),
        "0,0,0,0,0,0,0/3,1,0,0,0,0,0 n 41 53 congkak"
    );
    let p = CongkakState::parse("0,0,0,0,0,0,3/2,1,0,0,0,0,0 s 40 52 congkak");
    assert_eq!(
        p.apply(6).to_string(),
        "0,0,0,0,0,0,0/3,0,1,1,0,0,0 n 41 52 congkak"
    );
    // Three relays in one move: `G` (2) -> store (45), `a` (held 6, now 7): relay 7 ->
    // `b`..`g` get 1 each (6 seeds), North's store skipped, `A` (7th; held 1, now 2): relay 2
    // -> `B` 1, `C` (held 1, now 2): relay 2 -> `D` 1, `E` 1. `E` was empty and is South's own
    // (C6), facing index 13-4 = 9 (`c`), which got 1 in the first relay: 1 + 1 = 2 to South's
    // store (47). North to move.
    let p = CongkakState::parse("1,0,1,0,0,0,2/6,0,0,0,0,0,0 s 44 44 congkak");
    assert_eq!(p.total_seeds(), 98);
    let after = p.apply(6);
    assert_eq!(
        after.to_string(),
        "0,1,0,1,0,0,0/0,1,0,1,1,1,1 n 47 44 congkak"
    );
    assert_eq!(after.total_seeds(), 98);
}

/// [C5] Last seed in an empty house of the opponent's: the turn ends.
///
/// Before: South `1,0,0,0,0,0,2`, North `0,3,0,0,0,0,0`, stores 46/46. South plays `G` (2):
/// South's store (47), `a` (empty, North's): the turn ends, no capture.
#[test]
fn congkak_c5_empty_opponent_house_ends_the_turn() {
    let before = CongkakState::parse("1,0,0,0,0,0,2/0,3,0,0,0,0,0 s 46 46 congkak");
    assert_eq!(before.total_seeds(), 98);
    assert_eq!(
        before.apply(6).to_string(),
        "1,0,0,0,0,0,0/1,3,0,0,0,0,0 n 47 46 congkak"
    );
}

/// [C6, C7] A capture that empties the board ends the game.
///
/// Before: South `1,0,0,0,0,0,0`, North `0,0,0,0,0,4,0`, stores 46/47. South plays `A` into
/// empty `B` (index 1), facing index 12 (`f`, 4 seeds): 4 + 1 = 5 to South's store (51). All
/// houses are empty: the game is over, 51 > 49: South wins.
#[test]
fn congkak_c6_capture_and_c7_end() {
    let before = CongkakState::parse("1,0,0,0,0,0,0/0,0,0,0,0,4,0 s 46 47 congkak");
    let after = before.apply(0);
    assert_eq!(after.houses, vec![0; 14]);
    assert_eq!(after.stores, [51, 47]);
    assert!(after.is_over());
    assert!(after.legal_moves().is_empty());
    assert_eq!(after.final_scores(), [51, 47]);
    assert_eq!(after.winner(), Some(0));
    assert_eq!(after.perft(1), 0);
}

/// [C7] 49-49 is a draw.
#[test]
fn congkak_c7_draw() {
    // North plays `g` (1 seed) into its store: 49-49, all houses empty.
    let before = CongkakState::parse("0,0,0,0,0,0,0/0,0,0,0,0,0,1 n 49 48 congkak");
    let after = before.apply(13);
    assert!(after.is_over());
    assert_eq!(after.final_scores(), [49, 49]);
    assert_eq!(after.winner(), None);
}

/// [C7] Passing.
///
/// - South `1,0,0,0,0,0,0`, North empty, stores 48/49, South to move (North passed). `A` into
///   empty `B`, facing empty `f`: the seed stays, the turn ends; North has no seeds and passes:
///   South moves again.
/// - South `0,0,0,0,0,0,1`, North `0,0,3,0,0,0,0`, stores 47/47. `G` into the store: an extra
///   turn (C3), but South has no seeds left and passes: North moves.
#[test]
fn congkak_c7_pass() {
    let before = CongkakState::parse("1,0,0,0,0,0,0/0,0,0,0,0,0,0 s 48 49 congkak");
    let after = before.apply(0);
    assert_eq!(
        after.to_string(),
        "0,1,0,0,0,0,0/0,0,0,0,0,0,0 s 48 49 congkak"
    );
    assert!(!after.is_over());
    assert_eq!(after.legal_moves(), vec![1]);

    let before = CongkakState::parse("0,0,0,0,0,0,1/0,0,3,0,0,0,0 s 47 47 congkak");
    let after = before.apply(6);
    assert_eq!(
        after.to_string(),
        "0,0,0,0,0,0,0/0,0,3,0,0,0,0 n 48 47 congkak"
    );
    assert_eq!(after.legal_moves(), vec![9]);
}

/// The drop guard: a move that drops more than `DROP_LIMIT` seeds panics rather than run on.
/// (The default rules always end a move; a house holding more than the limit is the only way
/// to reach it.)
#[test]
#[should_panic(expected = "seeds dropped in one move")]
fn congkak_drop_guard_panics() {
    let mut pos = CongkakState::start(7, 0);
    pos.houses[0] = congkak::DROP_LIMIT as i32 + 1;
    pos.houses[7] = 1;
    let _ = pos.apply(0);
}

/// Random games end (C7), conserve seeds, and the side to move always has a move until the
/// end (passes are automatic); at the end every seed is in a store.
#[test]
fn congkak_random_games_end_and_conserve_seeds() {
    let mut rng = SplitMix64(0x636f6e676b616b);
    for (m, n) in [
        (7, 7),
        (7, 3),
        (5, 5),
        (6, 4),
        (9, 9),
        (3, 2),
        (1, 1),
        (1, 5),
    ] {
        for _ in 0..100 {
            let mut pos = CongkakState::start(m, n);
            let total = pos.total_seeds();
            let mut plies = 0;
            while !pos.is_over() {
                let moves = pos.legal_moves();
                assert!(!moves.is_empty(), "side to move cannot move: {pos}");
                pos = pos.apply(moves[rng.below(moves.len())]);
                assert_eq!(pos.total_seeds(), total, "{pos}");
                assert!(pos.houses.iter().all(|&s| s >= 0), "{pos}");
                plies += 1;
                assert!(plies < 10_000, "game does not end: {pos}");
            }
            let scores = pos.final_scores();
            assert_eq!(scores[0] + scores[1], total, "{pos}");
        }
    }
}

/// Swapping the sides mirrors perft.
#[test]
fn congkak_mirror_symmetry_of_perft() {
    let pos = CongkakState::parse("0,3,0,1,5,12,2/2,0,1,6,0,1,9 s 30 26 congkak");
    assert_eq!(pos.total_seeds(), 98);
    let mirrored = mirror_congkak(&pos);
    for depth in 0..=4 {
        assert_eq!(pos.perft(depth), mirrored.perft(depth), "perft({depth})");
    }
}

// ---------------------------------------------------------------------------------------------
// Data files
// ---------------------------------------------------------------------------------------------

/// Replays every count of a perft file up to `node_limit` nodes through `perft`, a function of
/// the position text. Returns the number of lines checked.
fn check_perft_file(name: &str, node_limit: u64, perft: impl Fn(&str, u32) -> u64) -> usize {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut pos: Option<String> = None;
    let mut checked = 0;
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(' ').expect("`key value` line");
        match key {
            "id" => pos = None,
            "pos" => pos = Some(value.to_owned()),
            "perft" => {
                let (depth, nodes) = value.split_once(' ').expect("perft <depth> <nodes>");
                let (depth, nodes): (u32, u64) = (depth.parse().unwrap(), nodes.parse().unwrap());
                if nodes <= node_limit {
                    let p = pos.as_deref().expect("perft line after a pos line");
                    assert_eq!(perft(p, depth), nodes, "{p} perft {depth}");
                    checked += 1;
                }
            }
            other => panic!("unknown key {other:?} in {name}"),
        }
    }
    checked
}

/// The model reproduces the counts of `tests/data/kalah.perft` small enough for a debug build.
#[test]
fn kalah_perft_data_file_matches_model() {
    let checked = check_perft_file("kalah.perft", 100_000, |p, d| {
        let pos = KalahState::parse(p);
        assert_eq!(KalahState::parse(&pos.to_string()), pos);
        pos.perft(d)
    });
    assert!(checked >= 20, "only {checked} perft lines checked");
}

/// The model reproduces the counts of `tests/data/congkak.perft` small enough for a debug
/// build.
#[test]
fn congkak_perft_data_file_matches_model() {
    let checked = check_perft_file("congkak.perft", 100_000, |p, d| {
        let pos = CongkakState::parse(p);
        assert_eq!(CongkakState::parse(&pos.to_string()), pos);
        pos.perft(d)
    });
    assert!(checked >= 10, "only {checked} perft lines checked");
}

/// Prints deeper perft counts (release mode recommended):
/// `cargo test -p oware --release --test reference_families -- --ignored --nocapture print_perft`.
/// `REFERENCE_PERFT_MAX_NODES` (default 1e8) stops a table once a count passes it.
#[test]
#[ignore = "slow; used to write tests/data/*.perft"]
fn print_perft_tables() {
    let max: u64 = std::env::var("REFERENCE_PERFT_MAX_NODES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100_000_000);
    let run = |name: &str, f: &dyn Fn(u32) -> u64| {
        for depth in 1.. {
            let t = std::time::Instant::now();
            let n = f(depth);
            println!("{name} perft {depth} {n} ({:.1?})", t.elapsed());
            if n > max {
                break;
            }
        }
    };
    let kalah = KalahState::start(6, 4, KalahOptions::standard());
    run("kalah", &|d| kalah.perft(d));
    let irving = KalahState::start(6, 4, KalahOptions::irving());
    run("kalah-irving", &|d| irving.perft(d));
    let congkak = CongkakState::default_start();
    run("congkak", &|d| congkak.perft(d));
}
