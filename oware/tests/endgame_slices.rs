//! A layer built in slices (`oware::endgame::slices`) is the layer the
//! single-process builder makes, byte for byte, whatever the number of
//! slices, and a slice's state survives being written to bytes between any
//! two rounds; bad slices, bytes and messages are refused with the slice and
//! the database unchanged.

use oware::Ruleset;
use oware::endgame::slices::MAX_SLICES;
use oware::endgame::{Convention, Database, LayerSlice, SliceError};

const CONVENTIONS: [Convention; 2] = [Convention::EvenSplit, Convention::EachTakesOwn];

/// The file bytes of every layer of `db`.
fn file_bytes(db: &Database) -> Vec<u8> {
    let mut out = Vec::new();
    db.write(&mut out).unwrap();
    out
}

/// Builds layers up to `max_seeds` both ways and compares them, layer by
/// layer, for each number of slices.
fn sliced_equals_whole(ruleset: &Ruleset, max_seeds: u8, counts: &[u32]) {
    for convention in CONVENTIONS {
        let mut whole = Database::new(ruleset, convention).unwrap();
        for seeds in 0..=max_seeds {
            for &count in counts {
                let mut sliced = whole.clone();
                assert_eq!(sliced.build_next_layer_in_slices(count), Ok(seeds));
                let mut expected = whole.clone();
                expected.build_next_layer(|_| {}).unwrap();
                assert!(
                    sliced == expected,
                    "{ruleset}, {convention:?}, layer {seeds}, {count} slices"
                );
            }
            whole.build_next_layer(|_| {}).unwrap();
        }
        let mut sliced = Database::new(ruleset, convention).unwrap();
        for _ in 0..=max_seeds {
            sliced.build_next_layer_in_slices(3).unwrap();
        }
        assert_eq!(file_bytes(&sliced), file_bytes(&whole), "{convention:?}");
    }
}

#[test]
fn slices_build_the_same_layers_as_one_process() {
    sliced_equals_whole(&Ruleset::abapa(), 8, &[1, 3, 7]);
}

#[test]
fn slices_build_the_same_layers_under_other_oware_rules() {
    sliced_equals_whole(&Ruleset::awale(), 7, &[2, 5]);
}

/// More slices than positions: empty slices take part and send nothing.
#[test]
fn more_slices_than_positions() {
    for convention in CONVENTIONS {
        let mut sliced = Database::new(&Ruleset::abapa(), convention).unwrap();
        let mut whole = sliced.clone();
        for _ in 0..=2 {
            // Layer 0 holds 1 position, layer 1 12, layer 2 78.
            sliced.build_next_layer_in_slices(100).unwrap();
            whole.build_next_layer(|_| {}).unwrap();
        }
        assert_eq!(sliced, whole);
    }
}

/// Every layer up to 14 seeds in 1 to 4 slices under both conventions:
/// `cargo test --release -p oware --test endgame_slices -- --ignored`
/// (about a minute and a half).
#[test]
#[ignore]
fn every_layer_to_14_seeds() {
    sliced_equals_whole(&Ruleset::abapa(), 14, &[2, 4]);
}

/// Runs the slices' rounds, writing every slice to bytes and reading it
/// back before each step, as a driver that keeps the states does.
fn build_through_bytes(db: &mut Database, count: u32) -> u8 {
    let mut states: Vec<Vec<u8>> = (0..count)
        .map(|k| LayerSlice::new(db, k, count).unwrap().to_bytes())
        .collect();
    let step = |bytes: &mut Vec<u8>, f: &mut dyn FnMut(&mut LayerSlice)| {
        let mut slice = LayerSlice::from_bytes(bytes).unwrap();
        f(&mut slice);
        *bytes = slice.to_bytes();
    };
    loop {
        let mut started = false;
        for s in &mut states {
            step(s, &mut |slice| started = slice.start_threshold().unwrap());
        }
        if !started {
            break;
        }
        loop {
            let mut sent = Vec::new();
            for s in &mut states {
                step(s, &mut |slice| sent.push(slice.send()));
            }
            if sent.iter().flatten().all(Vec::is_empty) {
                break;
            }
            for (k, s) in states.iter_mut().enumerate() {
                let inbox: Vec<&[u32]> = sent.iter().map(|out| out[k].as_slice()).collect();
                step(s, &mut |slice| slice.receive(&inbox).unwrap());
            }
        }
    }
    let slices = states.iter().map(|s| LayerSlice::from_bytes(s).unwrap());
    db.add_layer_slices(slices).unwrap()
}

#[test]
fn a_slice_read_back_from_bytes_carries_on_the_same() {
    for convention in CONVENTIONS {
        let mut sliced = Database::build(&Ruleset::abapa(), convention, 5).unwrap();
        let mut whole = sliced.clone();
        for seeds in 6..=7 {
            assert_eq!(build_through_bytes(&mut sliced, 3), seeds);
            whole.build_next_layer(|_| {}).unwrap();
        }
        assert_eq!(sliced, whole, "{convention:?}");
    }
}

/// A slice of layer 6 of Abapa with a threshold started and entries to send.
fn started_slice() -> (Database, LayerSlice) {
    let db = Database::build(&Ruleset::abapa(), Convention::EachTakesOwn, 5).unwrap();
    let mut slice = LayerSlice::new(&db, 1, 3).unwrap();
    assert!(slice.start_threshold().unwrap());
    (db, slice)
}

#[test]
fn a_slice_says_what_it_is() {
    let (_, slice) = started_slice();
    // Layer 6 of Abapa holds C(17, 6) = 12 376 positions.
    assert_eq!(slice.range(), 4125..8250);
    assert_eq!((slice.seeds(), slice.slice(), slice.slices()), (6, 1, 3));
    assert!(!slice.is_finished());
    let debug = format!("{slice:?}");
    assert!(debug.contains("range: 4125..8250"), "{debug}");
}

#[test]
fn bad_slice_numbers_are_refused() {
    let db = Database::build(&Ruleset::abapa(), Convention::EvenSplit, 3).unwrap();
    for (slice, slices) in [(0, 0), (2, 2), (7, 3), (0, MAX_SLICES + 1)] {
        assert_eq!(
            LayerSlice::new(&db, slice, slices).unwrap_err(),
            SliceError::BadSlice { slice, slices }
        );
    }
    let mut copy = db.clone();
    assert_eq!(
        copy.build_next_layer_in_slices(0),
        Err(SliceError::BadSlice {
            slice: 0,
            slices: 0
        })
    );
    assert_eq!(copy, db);
    assert!(LayerSlice::new(&db, MAX_SLICES - 1, MAX_SLICES).is_ok());
}

#[test]
fn a_full_database_has_no_next_slice() {
    let mut ruleset = Ruleset::abapa().options();
    ruleset.seeds_per_house = 1;
    let ruleset = Ruleset::new(ruleset).unwrap();
    let db = Database::build(&ruleset, Convention::EvenSplit, 12).unwrap();
    assert_eq!(
        LayerSlice::new(&db, 0, 1).unwrap_err(),
        SliceError::Endgame(oware::endgame::EndgameError::Full)
    );
}

#[test]
fn messages_for_another_slice_are_refused_and_change_nothing() {
    let (_, mut slice) = started_slice();
    let before = slice.to_bytes();
    let forced = 1 << 31;
    for message in [
        0,
        4124,
        8250,
        20_000,
        forced | 4124,
        forced | 8250,
        u32::MAX,
    ] {
        let good = [4125, 5000 | forced];
        let inbox: [&[u32]; 3] = [&good, &[message], &[]];
        assert_eq!(
            slice.receive(&inbox),
            Err(SliceError::BadMessage { message }),
            "{message:#x}"
        );
        assert_eq!(slice.to_bytes(), before);
    }
}

#[test]
fn a_move_closed_twice_is_refused() {
    let (_, mut slice) = started_slice();
    let before = slice.to_bytes();
    // No position has 13 quiet moves: 13 messages close more than it has.
    let many = [5000; 13];
    assert_eq!(
        slice.receive(&[&many, &[], &[]]),
        Err(SliceError::BadMessage { message: 5000 })
    );
    assert_eq!(slice.to_bytes(), before);
}

#[test]
fn an_inbox_holds_one_list_a_slice() {
    let (_, mut slice) = started_slice();
    let before = slice.to_bytes();
    for lists in [0, 1, 2, 4] {
        let inbox = vec![&[4125_u32][..]; lists];
        assert_eq!(
            slice.receive(&inbox),
            Err(SliceError::Inbox { lists, slices: 3 })
        );
        assert_eq!(slice.to_bytes(), before);
    }
    assert_eq!(
        SliceError::Inbox {
            lists: 1,
            slices: 3
        }
        .to_string(),
        "an inbox holds one message list for each of the 3 slices, not 1"
    );
}

#[test]
fn messages_before_the_first_threshold_are_refused() {
    let db = Database::build(&Ruleset::abapa(), Convention::EvenSplit, 3).unwrap();
    let mut slice = LayerSlice::new(&db, 0, 1).unwrap();
    assert_eq!(
        slice.receive(&[&[3]]),
        Err(SliceError::BadMessage { message: 3 })
    );
    assert_eq!(slice.receive(&[&[]]), Ok(()));
}

#[test]
fn damaged_bytes_are_refused() {
    let (_, slice) = started_slice();
    let bytes = slice.to_bytes();
    assert!(LayerSlice::from_bytes(&bytes).is_ok());
    // Every truncation, and a flipped bit in every byte (the checksum).
    for len in 0..bytes.len() {
        assert_eq!(
            LayerSlice::from_bytes(&bytes[..len]).unwrap_err(),
            SliceError::Corrupt
        );
    }
    for at in (0..bytes.len()).step_by(97).chain([0, 5, bytes.len() - 1]) {
        let mut bad = bytes.clone();
        bad[at] ^= 0x10;
        assert_eq!(
            LayerSlice::from_bytes(&bad).unwrap_err(),
            SliceError::Corrupt
        );
    }
}

/// Bytes with a right checksum but values no slice holds: each is refused.
#[test]
fn forged_bytes_with_a_good_checksum_are_refused() {
    let (_, slice) = started_slice();
    let bytes = slice.to_bytes();
    let text_len = usize::from(u16::from_le_bytes([bytes[21], bytes[22]]));
    let arrays = 23 + text_len;
    let m = 4125;
    let forge = |at: usize, value: &[u8]| {
        let mut bad = bytes[..bytes.len() - 4].to_vec();
        bad[at..at + value.len()].copy_from_slice(value);
        let crc = crc32(&bad);
        bad.extend_from_slice(&crc.to_le_bytes());
        LayerSlice::from_bytes(&bad).unwrap_err()
    };
    let cases: [(usize, &[u8]); 9] = [
        (4, &[2]),                 // version
        (5, &[2]),                 // convention
        (6, &[61]),                // seeds past the index
        (7, &[2]),                 // started flag
        (8, &[100]),               // threshold above the top
        (9, &3u32.to_le_bytes()),  // slice not below slices
        (13, &0u32.to_le_bytes()), // no slices
        (23, b"x"),                // ruleset text
        (arrays, &[7]),            // a lower bound beyond 6 seeds
    ];
    for (at, value) in cases {
        assert_eq!(forge(at, value), SliceError::Corrupt, "at {at}");
    }
    // An entry past the slice, and an entry count beyond the bytes.
    let entries = arrays + 6 * m;
    assert_eq!(
        forge(entries + 8, &(m as u32).to_le_bytes()),
        SliceError::Corrupt
    );
    assert_eq!(forge(entries, &u64::MAX.to_le_bytes()), SliceError::Corrupt);
}

/// CRC-32 (IEEE), bit by bit: an independent check of the state's trailer.
fn crc32(bytes: &[u8]) -> u32 {
    let mut c = !0u32;
    for &b in bytes {
        c ^= u32::from(b);
        for _ in 0..8 {
            c = if c & 1 != 0 {
                0xEDB8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
        }
    }
    !c
}

#[test]
fn slices_that_do_not_make_the_layer_are_refused() {
    let db = Database::build(&Ruleset::abapa(), Convention::EvenSplit, 4).unwrap();
    let finished = |k: u32, n: u32, convention: Convention| {
        let source = Database::build(&Ruleset::abapa(), convention, 4).unwrap();
        let mut parts: Vec<LayerSlice> = (0..n)
            .map(|j| LayerSlice::new(&source, j, n).unwrap())
            .collect();
        while parts.iter_mut().all(|p| p.start_threshold().unwrap()) {
            loop {
                let sent: Vec<Vec<Vec<u32>>> = parts.iter_mut().map(LayerSlice::send).collect();
                if sent.iter().flatten().all(Vec::is_empty) {
                    break;
                }
                for (j, p) in parts.iter_mut().enumerate() {
                    let inbox: Vec<&[u32]> = sent.iter().map(|o| o[j].as_slice()).collect();
                    p.receive(&inbox).unwrap();
                }
            }
        }
        parts.swap_remove(k as usize)
    };
    let even = Convention::EvenSplit;
    let unfinished = LayerSlice::new(&db, 1, 2).unwrap();
    let attempts: Vec<Vec<LayerSlice>> = vec![
        vec![],
        vec![finished(0, 2, even)],
        vec![finished(1, 2, even), finished(0, 2, even)],
        vec![finished(0, 2, even), unfinished],
        vec![finished(0, 2, even), finished(1, 3, even)],
        vec![finished(0, 1, Convention::EachTakesOwn)],
        // Slices of two cuts of the layer, and slices after the last.
        vec![finished(0, 3, even), finished(1, 2, even)],
        vec![
            finished(0, 2, even),
            finished(1, 2, even),
            finished(1, 2, even),
        ],
        vec![finished(0, 1, even), finished(0, 1, even)],
        vec![
            finished(0, 2, even),
            finished(1, 2, even),
            finished(2, 3, even),
        ],
    ];
    for attempt in attempts {
        let mut copy = db.clone();
        assert_eq!(copy.add_layer_slices(attempt), Err(SliceError::Mismatch));
        assert_eq!(copy, db);
    }
    let mut copy = db.clone();
    assert_eq!(
        copy.add_layer_slices([finished(0, 2, even), finished(1, 2, even)]),
        Ok(5)
    );
}
