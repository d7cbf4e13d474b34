//! Endgame database files as raw bytes: the loader refuses or accepts,
//! never panics, and allocates in step with the input (the run sets
//! `-malloc_limit_mb`, so one huge allocation from a header's claim is a
//! crash). A file accepted writes out as a file that reads back to the
//! same database and writes the same again; its probes are sane. The
//! bytes are read whole ([`Database::read`]) and as layers continuing
//! small databases ([`Database::read_layers`]).
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use oware::Ruleset;
use oware::endgame::{Convention, Database};

/// The databases a layer file may continue.
fn bases() -> &'static [Database] {
    static BASES: OnceLock<Vec<Database>> = OnceLock::new();
    BASES.get_or_init(|| {
        let small: Ruleset = "abapa(3,4)".parse().expect("a valid ruleset");
        [
            (Ruleset::abapa(), Convention::EvenSplit),
            (Ruleset::abapa(), Convention::EachTakesOwn),
            (small, Convention::EachTakesOwn),
        ]
        .iter()
        .map(|(r, c)| Database::build(r, *c, 2).expect("a small database builds"))
        .collect()
    })
}

fn check_accepted(db: &Database) {
    let mut bytes = Vec::new();
    db.write(&mut bytes).expect("an accepted database writes");
    let again = Database::read(&mut bytes.as_slice()).expect("what the library writes reads");
    assert_eq!(&again, db);
    let mut twice = Vec::new();
    again.write(&mut twice).expect("writes");
    assert_eq!(twice, bytes);
    // Probing every entry costs too much for big layers: small ones only.
    if db.max_seeds().is_some_and(|m| db.positions(m) <= 2000) {
        oware_fuzz::check_every_probe(db, false);
    }
}

fuzz_target!(|data: &[u8]| {
    if let Ok(db) = Database::read(&mut &data[..]) {
        check_accepted(&db);
    }
    for base in bases() {
        let mut db = base.clone();
        match db.read_layers(&mut &data[..]) {
            Ok(added) => {
                assert_eq!(*added.start(), base.max_seeds().unwrap() + 1);
                assert_eq!(db.max_seeds(), Some(*added.end()));
                check_accepted(&db);
            }
            Err(_) => assert_eq!(&db, base, "a refused file changed the database"),
        }
    }
});
