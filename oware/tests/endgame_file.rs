//! The endgame database file format: exact round trips, and every damaged
//! file refused with the [`LoadError`] that says what is wrong — cut short
//! at every length, any single bit flipped, a header field rewritten (with
//! the checksum made right again so that only that field is wrong), layer
//! files that do not continue the database, and directories of layers.
//!
//! The layout (see `oware::endgame::file`): magic `OWAREDB\x1a` (8 bytes),
//! version (2, little-endian), convention (1), first and last seed totals
//! (1 + 1), ruleset text length (2) and text, the layers (lower bounds,
//! upper bounds under `EachTakesOwn`, ranks), then the CRC-32 of every byte
//! before it (4, little-endian).

use std::io;
use std::path::{Path, PathBuf};

use oware::endgame::{Convention, Database, FORMAT_VERSION, LoadError, SharedBytes};
use oware::search::Rng;
use oware::{Position, Ruleset};
use std::sync::Arc;

mod common;

/// Offsets of the header fields.
const VERSION: usize = 8;
const CONVENTION: usize = 10;
const FIRST: usize = 11;
const LAST: usize = 12;
const TEXT_LEN: usize = 13;
const TEXT: usize = 15;

/// Asserts that a load result is the error matching `pattern` (saying
/// what it was otherwise, without printing a database's layers).
macro_rules! assert_err {
    ($result:expr, $pattern:pat) => {
        match $result {
            Err($pattern) => {}
            other => panic!("expected {}, got {}", stringify!($pattern), describe(&other)),
        }
    };
    ($result:expr, $pattern:pat, $($context:tt)+) => {
        match $result {
            Err($pattern) => {}
            other => panic!(
                "expected {}, got {}: {}",
                stringify!($pattern),
                describe(&other),
                format!($($context)+)
            ),
        }
    };
}

/// CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320), bit by bit.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// Makes the stored checksum (the last 4 bytes) right for the bytes before
/// it, so that only a deliberate change is wrong.
fn fix_crc(bytes: &mut [u8]) {
    let n = bytes.len() - 4;
    let crc = crc32(&bytes[..n]);
    bytes[n..].copy_from_slice(&crc.to_le_bytes());
}

fn file_of(db: &Database) -> Vec<u8> {
    let mut bytes = Vec::new();
    db.write(&mut bytes).expect("writing to a Vec");
    bytes
}

fn layers_file(db: &Database, first: u8, last: u8) -> Vec<u8> {
    let mut bytes = Vec::new();
    db.write_layers(first..=last, &mut bytes)
        .expect("writing to a Vec");
    bytes
}

fn read(bytes: &[u8]) -> Result<Database, LoadError> {
    Database::read(&mut &bytes[..])
}

fn build(ruleset: &Ruleset, convention: Convention, max_seeds: u8) -> Database {
    Database::build(ruleset, convention, max_seeds).expect("a supported ruleset")
}

/// The bytes of the layers `first..=last` of `db`.
fn payload_len(db: &Database, first: u8, last: u8) -> usize {
    let per_position = match db.convention() {
        Convention::EvenSplit => 2,
        Convention::EachTakesOwn => 3,
    };
    (first..=last)
        .map(|k| per_position * db.positions(k) as usize)
        .sum()
}

/// `count` positions of `ruleset` with 1 to `max_seeds` seeds on the board
/// spread at random, the stores making up the rest without a majority.
fn positions(ruleset: Ruleset, max_seeds: u8, count: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|_| {
            let k = 1 + rng.below(usize::from(max_seeds)) as u8;
            common::endgame_position(&mut rng, ruleset, k)
        })
        .collect()
}

/// A directory of its own under the system's temporary directory, removed
/// when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let path =
            std::env::temp_dir().join(format!("oware-endgame-file-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("creating a temporary directory");
        TempDir(path)
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Writes each layer of `seeds` of `db` to its own file in `dir`.
fn write_layer_files(db: &Database, dir: &Path, seeds: impl IntoIterator<Item = u8>) {
    for k in seeds {
        let name = Database::layer_file_name(db.convention(), k);
        std::fs::write(dir.join(name), layers_file(db, k, k)).expect("writing a layer file");
    }
}

#[test]
fn the_crc_helper_is_crc32_ieee() {
    assert_eq!(crc32(b""), 0);
    assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
    let db = build(&Ruleset::abapa(), Convention::EvenSplit, 2);
    let bytes = file_of(&db);
    let mut fixed = bytes.clone();
    fix_crc(&mut fixed);
    assert_eq!(
        fixed, bytes,
        "the library writes CRC-32 IEEE, little-endian"
    );
}

#[test]
fn the_header_is_laid_out_as_documented() {
    for (convention, code, per_position) in [
        (Convention::EvenSplit, 0, 2),
        (Convention::EachTakesOwn, 1, 3),
    ] {
        let db = build(&Ruleset::abapa(), convention, 3);
        let bytes = file_of(&db);
        assert_eq!(&bytes[..8], b"OWAREDB\x1a");
        assert_eq!(&bytes[VERSION..CONVENTION], &FORMAT_VERSION.to_le_bytes());
        assert_eq!(FORMAT_VERSION, 1);
        assert_eq!(bytes[CONVENTION], code);
        assert_eq!((bytes[FIRST], bytes[LAST]), (0, 3));
        assert_eq!(&bytes[TEXT_LEN..TEXT], &5u16.to_le_bytes());
        assert_eq!(&bytes[TEXT..TEXT + 5], b"abapa");
        // 1 + 12 + 78 + 364 positions in the layers of 0 to 3 seeds.
        assert_eq!(payload_len(&db, 0, 3), per_position * 455);
        assert_eq!(bytes.len(), TEXT + 5 + per_position * 455 + 4);
    }
}

#[test]
fn round_trip_gives_an_equal_database_and_equal_probes() {
    let ruleset = Ruleset::abapa();
    for convention in [Convention::EvenSplit, Convention::EachTakesOwn] {
        let db = build(&ruleset, convention, 6);
        let bytes = file_of(&db);
        assert_eq!(bytes.len(), TEXT + 5 + payload_len(&db, 0, 6) + 4);
        let n = bytes.len() - 4;
        assert_eq!(bytes[n..], crc32(&bytes[..n]).to_le_bytes());
        let back = read(&bytes).expect("a database just written reads back");
        assert_eq!(back, db);
        assert_eq!(back.max_seeds(), Some(6));
        assert_eq!(back.convention(), convention);
        assert_eq!(back.ruleset(), &ruleset);
        assert_eq!(
            file_of(&back),
            bytes,
            "{convention:?}: rewriting is identical"
        );
        for pos in positions(ruleset, 6, 400, 0x5EED_0001) {
            assert_eq!(back.probe(&pos), db.probe(&pos), "{convention:?}: {pos}");
            assert!(db.probe(&pos).is_ok(), "{pos}");
        }
    }
}

#[test]
fn a_file_cut_short_at_any_length_is_truncated() {
    for convention in [Convention::EvenSplit, Convention::EachTakesOwn] {
        let db = build(&Ruleset::abapa(), convention, 3);
        let bytes = file_of(&db);
        // Shorter than the magic is truncated too: the magic is read whole
        // before it is compared.
        for len in 0..bytes.len() {
            assert_err!(
                read(&bytes[..len]),
                LoadError::Truncated,
                "{convention:?}, {len} of {} bytes",
                bytes.len()
            );
        }
        assert_eq!(read(&bytes).unwrap(), db);
    }
}

/// What flipping bit `bit` of byte `at` of the file of `db` (layers 0 to 3,
/// ruleset `abapa`) must give.
fn expected_flip(db: &Database, bytes: &[u8], at: usize, bit: u32) -> &'static str {
    let remaining_after_text_len = bytes.len() - TEXT;
    match at {
        0..VERSION => "NotADatabase",
        VERSION..CONVENTION => "Version",
        CONVENTION => match (db.convention(), bit) {
            // EvenSplit read as EachTakesOwn wants a third more bytes.
            (Convention::EvenSplit, 0) => "Truncated",
            // EachTakesOwn read as EvenSplit takes layer bytes for the CRC.
            (Convention::EachTakesOwn, 0) => "Checksum",
            _ => "Corrupt(convention)",
        },
        // first = 1 or 2: a sound range that does not start at 0 seeds.
        FIRST if bit < 2 => "Mismatch(start)",
        // first = 4.. > last = 3.
        FIRST => "Corrupt(seed range)",
        LAST => match 3u8 ^ (1 << bit) {
            // Fewer layers: the CRC is read from layer bytes.
            1 | 2 => "Checksum",
            // 67 and 131 are more than abapa's 48 seeds.
            k if k > 48 => "Corrupt(seed range)",
            // More layers than the file holds.
            _ => "Truncated",
        },
        TEXT_LEN => "Corrupt(ruleset)",
        // The length becomes 5 + 256 << bit: text past the file's end.
        _ if at == TEXT_LEN + 1 && 5 + (256 << bit) > remaining_after_text_len => "Truncated",
        _ if at == TEXT_LEN + 1 => "Corrupt(ruleset)",
        // "abapa": flipping bit 5 changes the case, which the ruleset
        // parser ignores, so only the checksum catches it.
        _ if (TEXT..TEXT + 5).contains(&at) && bit == 5 => "Checksum",
        _ if (TEXT..TEXT + 5).contains(&at) => "Corrupt(ruleset)",
        // The layers and the checksum itself.
        _ => "Checksum",
    }
}

fn describe<T>(result: &Result<T, LoadError>) -> String {
    match result {
        Ok(_) => "Ok".to_owned(),
        Err(LoadError::NotADatabase) => "NotADatabase".to_owned(),
        Err(LoadError::Version { .. }) => "Version".to_owned(),
        Err(LoadError::Truncated) => "Truncated".to_owned(),
        Err(LoadError::Checksum) => "Checksum".to_owned(),
        Err(LoadError::Corrupt(what)) => format!("Corrupt({what})"),
        Err(LoadError::Mismatch("the layers do not start at 0 seeds")) => {
            "Mismatch(start)".to_owned()
        }
        Err(e) => format!("{e:?}"),
    }
}

#[test]
fn any_single_bit_flip_is_refused_with_the_error_of_its_field() {
    for convention in [Convention::EvenSplit, Convention::EachTakesOwn] {
        let db = build(&Ruleset::abapa(), convention, 3);
        let bytes = file_of(&db);
        let mut damaged = bytes.clone();
        for at in 0..bytes.len() {
            for bit in 0..8 {
                damaged[at] ^= 1 << bit;
                let result = read(&damaged);
                assert_eq!(
                    describe(&result),
                    expected_flip(&db, &bytes, at, bit),
                    "{convention:?}: bit {bit} of byte {at} of {}",
                    bytes.len()
                );
                if let Err(LoadError::Version { found }) = result {
                    let version = u16::from_le_bytes([damaged[VERSION], damaged[VERSION + 1]]);
                    assert_eq!(found, version);
                    assert_eq!(
                        found,
                        FORMAT_VERSION ^ (1 << (8 * (at - VERSION) as u32 + bit))
                    );
                }
                damaged[at] ^= 1 << bit;
            }
        }
        assert_eq!(damaged, bytes);
    }
}

#[test]
fn representative_bit_flips() {
    let db = build(&Ruleset::abapa(), Convention::EvenSplit, 3);
    let bytes = file_of(&db);
    let flip = |at: usize, bit: u32| {
        let mut damaged = bytes.clone();
        damaged[at] ^= 1 << bit;
        read(&damaged)
    };
    assert_err!(flip(0, 0), LoadError::NotADatabase);
    assert_err!(flip(7, 7), LoadError::NotADatabase);
    assert_err!(flip(VERSION, 0), LoadError::Version { found: 0 });
    assert_err!(flip(VERSION + 1, 7), LoadError::Version { found: 0x8001 });
    assert_err!(flip(CONVENTION, 1), LoadError::Corrupt("convention"));
    assert_err!(flip(CONVENTION, 0), LoadError::Truncated);
    assert_err!(
        flip(FIRST, 0),
        LoadError::Mismatch("the layers do not start at 0 seeds")
    );
    assert_err!(flip(FIRST, 2), LoadError::Corrupt("seed range"));
    assert_err!(flip(LAST, 0), LoadError::Checksum);
    assert_err!(flip(LAST, 2), LoadError::Truncated);
    assert_err!(flip(LAST, 7), LoadError::Corrupt("seed range"));
    assert_err!(flip(TEXT_LEN, 0), LoadError::Corrupt("ruleset"));
    assert_err!(flip(TEXT_LEN + 1, 7), LoadError::Truncated);
    assert_err!(flip(TEXT, 0), LoadError::Corrupt("ruleset"));
    assert_err!(flip(TEXT, 5), LoadError::Checksum);
    assert_err!(flip(TEXT + 5, 0), LoadError::Checksum); // the first layer
    assert_err!(flip(bytes.len() / 2, 3), LoadError::Checksum);
    assert_err!(flip(bytes.len() - 5, 6), LoadError::Checksum); // last rank
    assert_err!(flip(bytes.len() - 4, 0), LoadError::Checksum); // the CRC
    assert_err!(flip(bytes.len() - 1, 7), LoadError::Checksum);
}

#[test]
fn a_wrong_version_with_a_right_checksum_is_refused_as_version() {
    let db = build(&Ruleset::abapa(), Convention::EvenSplit, 3);
    let bytes = file_of(&db);
    for version in [0u16, 2, 0x0100, u16::MAX] {
        let mut changed = bytes.clone();
        changed[VERSION..CONVENTION].copy_from_slice(&version.to_le_bytes());
        fix_crc(&mut changed);
        match read(&changed) {
            Err(LoadError::Version { found }) => assert_eq!(found, version),
            other => panic!("version {version}: {}", describe(&other)),
        }
    }
    // Writing version 1 back (and the CRC) gives the file again.
    let mut changed = bytes.clone();
    changed[VERSION] = 2;
    fix_crc(&mut changed);
    changed[VERSION] = 1;
    fix_crc(&mut changed);
    assert_eq!(changed, bytes);
    assert_eq!(read(&changed).unwrap(), db);
}

#[test]
fn bad_magic_is_not_a_database() {
    let db = build(&Ruleset::abapa(), Convention::EvenSplit, 3);
    let bytes = file_of(&db);
    for at in 0..8 {
        let mut changed = bytes.clone();
        changed[at] = b'?';
        fix_crc(&mut changed);
        assert_err!(read(&changed), LoadError::NotADatabase, "byte {at}");
    }
    assert_err!(
        read(b"this is not an endgame database at all"),
        LoadError::NotADatabase
    );
    assert_err!(read(&[0; 64]), LoadError::NotADatabase);
    // The magic without its 0x1A byte (a text-mode mangling) is not it.
    let mut mangled = bytes.clone();
    mangled.remove(7);
    assert_err!(read(&mangled), LoadError::NotADatabase);
}

#[test]
fn bytes_after_the_checksum_are_corrupt() {
    for convention in [Convention::EvenSplit, Convention::EachTakesOwn] {
        let db = build(&Ruleset::abapa(), convention, 3);
        let bytes = file_of(&db);
        for extra in [&[0u8][..], &[0xFF], &[1, 2, 3, 4], &bytes] {
            let mut longer = bytes.clone();
            longer.extend_from_slice(extra);
            assert_err!(
                read(&longer),
                LoadError::Corrupt("length (bytes after the checksum)"),
                "{convention:?}, {} extra bytes",
                extra.len()
            );
        }
    }
}

/// The file of `db` with its ruleset text replaced by `text` (and the
/// length and the CRC made right).
fn with_ruleset_text(bytes: &[u8], text: &[u8]) -> Vec<u8> {
    let old = usize::from(u16::from_le_bytes([bytes[TEXT_LEN], bytes[TEXT_LEN + 1]]));
    let mut changed = bytes[..TEXT_LEN].to_vec();
    changed.extend_from_slice(&(text.len() as u16).to_le_bytes());
    changed.extend_from_slice(text);
    changed.extend_from_slice(&bytes[TEXT + old..]);
    fix_crc(&mut changed);
    changed
}

#[test]
fn unparseable_or_unsupported_ruleset_text_is_corrupt_ruleset() {
    let db = build(&Ruleset::abapa(), Convention::EvenSplit, 3);
    let bytes = file_of(&db);
    assert_eq!(with_ruleset_text(&bytes, b"abapa"), bytes);
    for text in [
        &b"zzzzz"[..],
        b"",
        b"abap",
        b"abapa(",
        b"abapa()",
        b"abapa(captures=0)",
        b"abapa(captures=32)",
        b"abapa(grand_slam=sometimes)",
        b"abapa(0,4)",
        b"\xff\xfe\xfd\xfc\xfb",
        // Sound rulesets without endgame databases.
        b"kalah",
        b"congkak",
        b"abapa(grand_slam=capture-all,must_feed=off)",
    ] {
        assert_err!(
            read(&with_ruleset_text(&bytes, text)),
            LoadError::Corrupt("ruleset"),
            "{}",
            String::from_utf8_lossy(text)
        );
    }
    // Another spelling of the same ruleset reads (the CRC being right).
    for text in [&b"ABAPA"[..], b"oware", b" abapa "] {
        let back = read(&with_ruleset_text(&bytes, text)).expect("the same ruleset");
        assert_eq!(back, db, "{}", String::from_utf8_lossy(text));
    }
}

#[test]
fn a_seed_range_beyond_the_ruleset_is_corrupt_seed_range() {
    let db = build(&Ruleset::abapa(), Convention::EvenSplit, 3);
    let bytes = file_of(&db);
    let with_range = |bytes: &[u8], first: u8, last: u8| {
        let mut changed = bytes.to_vec();
        (changed[FIRST], changed[LAST]) = (first, last);
        fix_crc(&mut changed);
        read(&changed)
    };
    // abapa has 48 seeds.
    for last in [49, 60, 61, 200, 255] {
        assert_err!(
            with_range(&bytes, 0, last),
            LoadError::Corrupt("seed range"),
            "0..={last}"
        );
    }
    // 48 layers are possible: the file is then too short for them.
    assert_err!(with_range(&bytes, 0, 48), LoadError::Truncated);
    // A range that runs backwards.
    assert_err!(with_range(&bytes, 3, 2), LoadError::Corrupt("seed range"));
    assert_err!(with_range(&bytes, 255, 0), LoadError::Corrupt("seed range"));

    // A ruleset of 4 seeds in all: layers 0 to 4 exist, 5 does not.
    let tiny: Ruleset = "abapa(2,1)".parse().unwrap();
    assert_eq!(tiny.total_seeds(), 4);
    let small = build(&tiny, Convention::EvenSplit, 4);
    let small_bytes = file_of(&small);
    assert_eq!(read(&small_bytes).unwrap(), small);
    assert_err!(
        with_range(&small_bytes, 0, 5),
        LoadError::Corrupt("seed range")
    );
    // The same with the text of abapa's 48 seeds: the range is fine, the
    // layers (of 12 houses, not 4) are not.
    let as_abapa = with_ruleset_text(&small_bytes, b"abapa");
    assert_err!(read(&as_abapa), LoadError::Truncated);

    // A ruleset of more than 60 seeds is held to the index's 60.
    let big = with_ruleset_text(&bytes, b"abapa(6,10)");
    assert_eq!(read(&big).unwrap().ruleset().total_seeds(), 120);
    assert_err!(with_range(&big, 0, 61), LoadError::Corrupt("seed range"));
    assert_err!(with_range(&big, 0, 60), LoadError::Truncated);
}

#[test]
fn read_needs_layers_from_zero() {
    let db = build(&Ruleset::abapa(), Convention::EvenSplit, 4);
    assert_err!(
        read(&layers_file(&db, 1, 4)),
        LoadError::Mismatch("the layers do not start at 0 seeds")
    );
    assert_err!(
        read(&layers_file(&db, 4, 4)),
        LoadError::Mismatch("the layers do not start at 0 seeds")
    );
    assert_eq!(read(&layers_file(&db, 0, 4)).unwrap(), db);
    let part = read(&layers_file(&db, 0, 2)).unwrap();
    assert_eq!(part, build(&Ruleset::abapa(), Convention::EvenSplit, 2));
}

#[test]
fn write_refuses_layers_it_does_not_hold() {
    let db = build(&Ruleset::abapa(), Convention::EvenSplit, 3);
    let kind = |result: io::Result<()>| result.unwrap_err().kind();
    let mut sink = Vec::new();
    assert_eq!(
        kind(db.write_layers(2..=4, &mut sink)),
        io::ErrorKind::InvalidInput
    );
    #[allow(clippy::reversed_empty_ranges)]
    let backwards = 3..=2;
    assert_eq!(
        kind(db.write_layers(backwards, &mut sink)),
        io::ErrorKind::InvalidInput
    );
    let empty = Database::new(&Ruleset::abapa(), Convention::EvenSplit).unwrap();
    assert_eq!(kind(empty.write(&mut sink)), io::ErrorKind::InvalidInput);
    assert!(sink.is_empty(), "nothing is written on a refusal");
}

#[test]
fn read_layers_refuses_another_convention_or_ruleset() {
    let abapa = Ruleset::abapa();
    let original = build(&abapa, Convention::EvenSplit, 4);
    let others = [
        build(&abapa, Convention::EachTakesOwn, 6),
        build(&Ruleset::awale(), Convention::EvenSplit, 6),
    ];
    for other in &others {
        let mut db = original.clone();
        assert_err!(
            db.read_layers(&mut &layers_file(other, 5, 6)[..]),
            LoadError::Mismatch("another ruleset or convention"),
            "{} {:?}",
            other.ruleset(),
            other.convention()
        );
        assert_eq!(db, original, "unchanged");
    }
}

#[test]
fn read_layers_refuses_layers_that_do_not_follow() {
    let big = build(&Ruleset::abapa(), Convention::EvenSplit, 6);
    let original = build(&Ruleset::abapa(), Convention::EvenSplit, 4);
    for (first, last) in [(6, 6), (4, 6), (0, 6), (0, 0), (3, 5)] {
        let mut db = original.clone();
        assert_err!(
            db.read_layers(&mut &layers_file(&big, first, last)[..]),
            LoadError::Mismatch("the layers do not follow the ones held"),
            "{first}..={last}"
        );
        assert_eq!(db, original, "unchanged");
    }
    // An empty database takes layers from 0 only.
    let mut empty = Database::new(&Ruleset::abapa(), Convention::EvenSplit).unwrap();
    assert_err!(
        empty.read_layers(&mut &layers_file(&big, 1, 2)[..]),
        LoadError::Mismatch("the layers do not follow the ones held")
    );
    assert_eq!(empty.max_seeds(), None);
    assert_eq!(empty.read_layers(&mut &file_of(&big)[..]).unwrap(), 0..=6);
    assert_eq!(empty, big);
}

#[test]
fn read_layers_extends_with_the_right_continuation() {
    for convention in [Convention::EvenSplit, Convention::EachTakesOwn] {
        let big = build(&Ruleset::abapa(), convention, 6);
        let mut db = build(&Ruleset::abapa(), convention, 4);
        let more = layers_file(&big, 5, 6);
        assert_eq!(db.read_layers(&mut &more[..]).unwrap(), 5..=6);
        assert_eq!(db.max_seeds(), Some(6));
        assert_eq!(db, big, "{convention:?}");

        // One layer at a time does the same.
        let mut db = build(&Ruleset::abapa(), convention, 4);
        assert_eq!(
            db.read_layers(&mut &layers_file(&big, 5, 5)[..]).unwrap(),
            5..=5
        );
        assert_eq!(
            db.read_layers(&mut &layers_file(&big, 6, 6)[..]).unwrap(),
            6..=6
        );
        assert_eq!(db, big, "{convention:?}");
    }
}

#[test]
fn read_layers_leaves_the_database_unchanged_on_a_damaged_continuation() {
    let big = build(&Ruleset::abapa(), Convention::EvenSplit, 6);
    let original = build(&Ruleset::abapa(), Convention::EvenSplit, 4);
    let more = layers_file(&big, 5, 6);
    let try_read = |bytes: &[u8]| {
        let mut db = original.clone();
        let result = db.read_layers(&mut &bytes[..]);
        assert_eq!(db, original, "unchanged");
        result
    };
    for len in [0, 7, 20, TEXT + 5, more.len() / 2, more.len() - 1] {
        assert_err!(try_read(&more[..len]), LoadError::Truncated, "{len} bytes");
    }
    let mut damaged = more.clone();
    damaged[more.len() - 10] ^= 0x10;
    assert_err!(try_read(&damaged), LoadError::Checksum);
    let mut damaged = more.clone();
    damaged[VERSION] = 9;
    assert_err!(try_read(&damaged), LoadError::Version { found: 9 });
    let mut damaged = more.clone();
    damaged[0] = b'X';
    assert_err!(try_read(&damaged), LoadError::NotADatabase);
    let mut longer = more.clone();
    longer.push(0);
    assert_err!(
        try_read(&longer),
        LoadError::Corrupt("length (bytes after the checksum)")
    );
}

#[test]
fn load_dir_reads_layer_files_up_to_the_first_missing() {
    let ruleset = Ruleset::abapa();
    let even = build(&ruleset, Convention::EvenSplit, 6);
    let own = build(&ruleset, Convention::EachTakesOwn, 3);
    assert_eq!(
        Database::layer_file_name(Convention::EvenSplit, 7),
        "even-07.owdb"
    );
    assert_eq!(
        Database::layer_file_name(Convention::EachTakesOwn, 12),
        "own-12.owdb"
    );

    let dir = TempDir::new("load-dir");
    // Nothing yet: an empty database.
    let empty = Database::load_dir(dir.path(), &ruleset, Convention::EvenSplit).unwrap();
    assert_eq!(empty.max_seeds(), None);

    // Layers 0 to 4 and 6 (5 missing): 0 to 4 load.
    write_layer_files(&even, dir.path(), [0, 1, 2, 3, 4, 6]);
    write_layer_files(&own, dir.path(), 0..=2);
    let db = Database::load_dir(dir.path(), &ruleset, Convention::EvenSplit).unwrap();
    assert_eq!(db, build(&ruleset, Convention::EvenSplit, 4));
    // The other convention's files are apart.
    let db = Database::load_dir(dir.path(), &ruleset, Convention::EachTakesOwn).unwrap();
    assert_eq!(db, build(&ruleset, Convention::EachTakesOwn, 2));

    // Layer 5 filled in: all of them.
    write_layer_files(&even, dir.path(), [5]);
    let db = Database::load_dir(dir.path(), &ruleset, Convention::EvenSplit).unwrap();
    assert_eq!(db, even);

    // A file may hold several layers: the next file is the one after them.
    std::fs::remove_file(dir.path().join("even-04.owdb")).unwrap();
    std::fs::write(dir.path().join("even-03.owdb"), layers_file(&even, 3, 4)).unwrap();
    let db = Database::load_dir(dir.path(), &ruleset, Convention::EvenSplit).unwrap();
    assert_eq!(db, even);

    // A directory that does not exist is an error, not an empty database.
    let missing = dir.path().join("no-such-directory");
    assert_err!(
        Database::load_dir(&missing, &ruleset, Convention::EvenSplit),
        LoadError::Io(_)
    );

    // A ruleset without databases.
    assert_err!(
        Database::load_dir(
            dir.path(),
            &Ruleset::kalah(6, 4).unwrap(),
            Convention::EvenSplit
        ),
        LoadError::Mismatch("the ruleset has no endgame databases")
    );
}

#[test]
fn load_dir_fails_on_a_damaged_middle_layer() {
    let ruleset = Ruleset::abapa();
    let even = build(&ruleset, Convention::EvenSplit, 4);
    let dir = TempDir::new("load-dir-damaged");
    write_layer_files(&even, dir.path(), 0..=4);
    let load = || Database::load_dir(dir.path(), &ruleset, Convention::EvenSplit);
    assert_eq!(load().unwrap(), even);
    let middle = dir
        .path()
        .join(Database::layer_file_name(Convention::EvenSplit, 2));
    let good = std::fs::read(&middle).unwrap();

    let mut flipped = good.clone();
    flipped[TEXT + 5 + 3] ^= 1;
    std::fs::write(&middle, &flipped).unwrap();
    assert_err!(load(), LoadError::Checksum);

    std::fs::write(&middle, &good[..good.len() - 1]).unwrap();
    assert_err!(load(), LoadError::Truncated);

    std::fs::write(&middle, b"").unwrap();
    assert_err!(load(), LoadError::Truncated);

    // Another layer under the name of layer 2.
    std::fs::write(&middle, layers_file(&even, 3, 3)).unwrap();
    assert_err!(
        load(),
        LoadError::Mismatch("the layers do not follow the ones held")
    );

    // Layer 2 of another ruleset.
    let awale = build(&Ruleset::awale(), Convention::EvenSplit, 2);
    std::fs::write(&middle, layers_file(&awale, 2, 2)).unwrap();
    assert_err!(load(), LoadError::Mismatch("another ruleset or convention"));

    std::fs::write(&middle, &good).unwrap();
    assert_eq!(load().unwrap(), even);
}

#[test]
fn save_and_load_through_a_path() {
    let dir = TempDir::new("save-load");
    for convention in [Convention::EvenSplit, Convention::EachTakesOwn] {
        let db = build(&Ruleset::abapa(), convention, 5);
        let path = dir.path().join(format!("{convention:?}.owdb"));
        db.save(&path).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), file_of(&db));
        assert_eq!(Database::load(&path).unwrap(), db);

        let mut bytes = std::fs::read(&path).unwrap();
        bytes[TEXT + 5] ^= 0x40;
        std::fs::write(&path, &bytes).unwrap();
        assert_err!(Database::load(&path), LoadError::Checksum);
    }
    match Database::load(dir.path().join("missing.owdb")) {
        Err(LoadError::Io(e)) => assert_eq!(e.kind(), io::ErrorKind::NotFound),
        other => panic!("expected Io(NotFound), got {}", describe(&other)),
    }
    // A directory is not a file (opening or reading it fails).
    assert_err!(Database::load(dir.path()), LoadError::Io(_));
}

#[cfg(unix)]
#[test]
fn load_dir_reports_a_layer_file_it_cannot_open() {
    let ruleset = Ruleset::abapa();
    let even = build(&ruleset, Convention::EvenSplit, 4);
    let dir = TempDir::new("unopenable");
    write_layer_files(&even, dir.path(), 0..=4);
    let middle = dir.path().join("even-02.owdb");
    std::fs::remove_file(&middle).unwrap();
    std::os::unix::fs::symlink("even-02.owdb", &middle).unwrap(); // a loop
    assert_err!(
        Database::load_dir(dir.path(), &ruleset, Convention::EvenSplit),
        LoadError::Io(_)
    );
}

#[test]
fn values_out_of_range_with_a_right_checksum_are_refused() {
    let db = build(&Ruleset::abapa(), Convention::EvenSplit, 3);
    let mut bytes = file_of(&db);
    // Layer 1's twelve values follow layer 0's value and rank.
    let layer1 = TEXT + "abapa".len() + 2;
    bytes[layer1..layer1 + 12].fill(0x80);
    fix_crc(&mut bytes);
    assert_err!(read(&bytes), LoadError::Corrupt("values"));
    // Under EachTakesOwn a lower bound above its upper bound is refused too.
    let own = build(&Ruleset::abapa(), Convention::EachTakesOwn, 1);
    let mut bytes = file_of(&own);
    let lower1 = TEXT + "abapa".len() + 3; // after layer 0's lower, upper, rank
    bytes[lower1] = 1; // lower 1 ...
    bytes[lower1 + 12] = (-1i8) as u8; // ... above upper -1
    fix_crc(&mut bytes);
    assert_err!(read(&bytes), LoadError::Corrupt("values"));
}

#[test]
fn saving_an_empty_database_touches_no_file() {
    let dir = TempDir::new("empty-save");
    let path = dir.path().join("kept.owdb");
    std::fs::write(&path, b"keep me").unwrap();
    let empty = Database::new(&Ruleset::abapa(), Convention::EvenSplit).unwrap();
    assert!(empty.save(&path).is_err());
    assert_eq!(std::fs::read(&path).unwrap(), b"keep me");
}

#[test]
fn files_of_a_ruleset_that_moves_alike_continue_a_database() {
    // OpenSpiel's oware differs from Abapa only in its cycle rule, which
    // no value depends on: Abapa's layers serve it, and the other way round.
    let abapa = build(&Ruleset::abapa(), Convention::EvenSplit, 6);
    let mut db = build(&Ruleset::openspiel(), Convention::EvenSplit, 4);
    assert_eq!(
        db.read_layers(&mut &layers_file(&abapa, 5, 6)[..]).unwrap(),
        5..=6
    );
    assert_eq!(db.ruleset(), &Ruleset::openspiel());
    let pos: Position = "0,1,2,0,0,1/1,0,0,0,0,1 s 21 21".parse().unwrap(); // 6 seeds
    assert_eq!(db.value(&pos).unwrap(), abapa.value(&pos).unwrap());
}

#[test]
fn read_layer_dir_names_the_file_it_refuses() {
    let ruleset = Ruleset::abapa();
    let even = build(&ruleset, Convention::EvenSplit, 4);
    let dir = TempDir::new("names-the-file");
    write_layer_files(&even, dir.path(), 0..=4);
    let layer2 = dir.path().join("even-02.owdb");
    let mut bytes = std::fs::read(&layer2).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 1;
    std::fs::write(&layer2, bytes).unwrap();
    let mut db = Database::new(&ruleset, Convention::EvenSplit).unwrap();
    let err = db.read_layer_dir(dir.path()).unwrap_err();
    assert_eq!(err.path, layer2);
    assert!(matches!(err.error, LoadError::Checksum), "{err}");
    assert_eq!(
        err.to_string(),
        format!(
            "{}: the database file is corrupt (checksum mismatch)",
            layer2.display()
        )
    );
    assert_eq!(db.max_seeds(), Some(1), "the layers before it stay");
    // A directory that cannot be read is named itself.
    let missing = dir.path().join("missing");
    let err = Database::new(&ruleset, Convention::EvenSplit)
        .unwrap()
        .read_layer_dir(&missing)
        .unwrap_err();
    assert_eq!(err.path, missing);
    assert!(matches!(err.error, LoadError::Io(_)), "{err}");
}

/// A database of `convention` that read `bytes` in place, from nothing
/// (`read_layers_in_place` on an empty database).
fn read_in_place(convention: Convention, bytes: &[u8]) -> Result<Database, LoadError> {
    let mut db = Database::new(&Ruleset::abapa(), convention).unwrap();
    db.read_layers_in_place(Arc::new(bytes.to_vec()))
        .map(|_| db)
}

/// The same, by `read_layers` from a reader.
fn read_from_nothing(convention: Convention, bytes: &[u8]) -> Result<Database, LoadError> {
    let mut db = Database::new(&Ruleset::abapa(), convention).unwrap();
    db.read_layers(&mut &bytes[..]).map(|_| db)
}

#[test]
fn reading_in_place_refuses_every_damaged_file_as_reading_does() {
    for convention in [Convention::EvenSplit, Convention::EachTakesOwn] {
        let db = build(&Ruleset::abapa(), convention, 3);
        let bytes = file_of(&db);
        assert_eq!(read_in_place(convention, &bytes).unwrap(), db);
        let mut longer = bytes.clone();
        longer.push(0);
        let mut wrong_values = bytes.clone();
        wrong_values[TEXT + "abapa".len()] = 0x80; // layer 0's one value
        fix_crc(&mut wrong_values);
        let mut damaged = vec![longer, wrong_values];
        damaged.extend((0..bytes.len()).map(|len| bytes[..len].to_vec()));
        for at in 0..bytes.len() {
            for bit in 0..8 {
                let mut flipped = bytes.clone();
                flipped[at] ^= 1 << bit;
                damaged.push(flipped);
            }
        }
        for bad in &damaged {
            let expected = describe(&read_from_nothing(convention, bad));
            assert_ne!(expected, "Ok", "{convention:?}: a damaged file was read");
            assert_eq!(
                describe(&read_in_place(convention, bad)),
                expected,
                "{convention:?}, {} bytes",
                bad.len()
            );
        }
    }
}

#[test]
fn layers_read_in_place_probe_write_and_compare_as_read_ones() {
    for convention in [Convention::EvenSplit, Convention::EachTakesOwn] {
        let big = build(&Ruleset::abapa(), convention, 8);
        // Layers 0-4 read, 5-8 in place from one shared file, then cloned.
        let mut db = build(&Ruleset::abapa(), convention, 4);
        let shared: SharedBytes = Arc::new(layers_file(&big, 5, 8));
        assert_eq!(db.read_layers_in_place(Arc::clone(&shared)).unwrap(), 5..=8);
        assert_eq!(db, big, "{convention:?}");
        // Layers 5-8 hold the bytes alive: the caller's handle, and the
        // four layers' three arrays each.
        assert_eq!(Arc::strong_count(&shared), 1 + 4 * 3);
        let copy = db.clone();
        assert_eq!(Arc::strong_count(&shared), 1 + 2 * 4 * 3);
        drop(shared);
        for pos in positions(Ruleset::abapa(), 8, 300, 5) {
            let probe = big.probe(&pos).unwrap();
            assert_eq!(db.probe(&pos).unwrap(), probe, "{convention:?} {pos}");
            assert_eq!(copy.probe(&pos).unwrap(), probe);
        }
        // Written again byte for byte, and built upon as owned layers are.
        assert_eq!(file_of(&db), file_of(&big));
        let mut next = db.clone();
        next.build_next_layer(|_| {}).unwrap();
        assert_eq!(next, build(&Ruleset::abapa(), convention, 9));
    }
}

#[test]
fn a_directory_read_in_place_is_the_directory_read() {
    let ruleset = Ruleset::abapa();
    let dir = TempDir::new("in-place-dir");
    let own = build(&ruleset, Convention::EachTakesOwn, 6);
    write_layer_files(&own, dir.path(), 0..=6);
    let mut mapped = 0;
    let read_whole = |file: &std::fs::File| -> io::Result<SharedBytes> {
        mapped += 1;
        let mut bytes = Vec::new();
        io::Read::read_to_end(&mut &*file, &mut bytes)?;
        Ok(Arc::new(bytes))
    };
    let mut db = Database::new(&ruleset, Convention::EachTakesOwn).unwrap();
    db.read_layer_dir_in_place(dir.path(), read_whole).unwrap();
    assert_eq!(db, own);
    assert_eq!(mapped, 7, "one map a file");

    // An error of the map names the file; the layers before it stay.
    let mut db = Database::new(&ruleset, Convention::EachTakesOwn).unwrap();
    let mut calls = 0;
    let error = db
        .read_layer_dir_in_place(dir.path(), |file| {
            calls += 1;
            if calls == 4 {
                return Err(io::Error::other("no map"));
            }
            let mut bytes = Vec::new();
            io::Read::read_to_end(&mut &*file, &mut bytes)?;
            Ok(Arc::new(bytes))
        })
        .unwrap_err();
    assert!(
        error.path.ends_with("own-03.owdb"),
        "{}",
        error.path.display()
    );
    assert_err!(Err::<(), _>(error.error), LoadError::Io(_));
    assert_eq!(db, build(&ruleset, Convention::EachTakesOwn, 2));

    // A damaged file is refused by name, as read_layer_dir refuses it.
    let path = dir.path().join("own-05.owdb");
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 5;
    bytes[last] ^= 1;
    std::fs::write(&path, bytes).unwrap();
    let mut db = Database::new(&ruleset, Convention::EachTakesOwn).unwrap();
    let error = db
        .read_layer_dir_in_place(dir.path(), |file| {
            let mut bytes = Vec::new();
            io::Read::read_to_end(&mut &*file, &mut bytes)?;
            Ok(Arc::new(bytes))
        })
        .unwrap_err();
    assert!(error.path.ends_with("own-05.owdb"));
    assert_err!(Err::<(), _>(error.error), LoadError::Checksum);
    assert_eq!(db, build(&ruleset, Convention::EachTakesOwn, 4));
}

#[test]
fn saving_over_a_file_replaces_it_and_leaves_its_old_bytes_alone() {
    // A reader that mapped the old file keeps its bytes: the new file is
    // renamed over the old one, not written into it. A hard link to the old
    // file shows which: written in place, the link would see the new bytes.
    let dir = TempDir::new("save-over");
    let path = dir.path().join("db.owdb");
    let small = build(&Ruleset::abapa(), Convention::EvenSplit, 2);
    let big = build(&Ruleset::abapa(), Convention::EvenSplit, 4);
    small.save(&path).unwrap();
    let old = dir.path().join("old.owdb");
    std::fs::hard_link(&path, &old).unwrap();
    big.save(&path).unwrap();
    assert_eq!(std::fs::read(&old).unwrap(), file_of(&small));
    assert_eq!(std::fs::read(&path).unwrap(), file_of(&big));
    let layer = big.write_layer_file(dir.path(), 3).unwrap();
    std::fs::hard_link(&layer, dir.path().join("old-layer")).unwrap();
    small.write_layer_file(dir.path(), 3).unwrap_err();
    let mut names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["db.owdb", "even-03.owdb", "old-layer", "old.owdb"],
        "no temporary file left"
    );
    // A path that names no file is refused before anything is written.
    assert_eq!(
        big.save(dir.path().join("..")).unwrap_err().kind(),
        io::ErrorKind::InvalidInput
    );
}

/// A convention's name reads back as the convention, names its layer
/// files, and nothing else reads as a convention.
#[test]
fn convention_names_read_back_and_name_the_layer_files() {
    use oware::endgame::ParseConventionError;
    for convention in Convention::ALL {
        assert_eq!(convention.name().parse(), Ok(convention));
        assert_eq!(convention.to_string(), convention.name());
        assert_eq!(
            Database::layer_file_name(convention, 7),
            format!("{}-07.owdb", convention.name())
        );
    }
    assert_eq!(Convention::ALL.map(Convention::name), ["even", "own"]);
    assert_eq!("Even".parse(), Ok(Convention::EvenSplit));
    assert_eq!("OWN".parse(), Ok(Convention::EachTakesOwn));
    for bad in ["", "even split", "owner", " own", "evén"] {
        assert_eq!(
            bad.parse::<Convention>(),
            Err(ParseConventionError(bad.to_owned()))
        );
    }
    assert_eq!(
        "odd".parse::<Convention>().unwrap_err().to_string(),
        r#"unknown convention "odd": expected "even" or "own""#
    );
}
