//! Game records: parsing never panics; a record that parses writes as
//! text that parses to the same game with the same tags, and writes the
//! same again (export is canonical); the game replays move by move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use oware::{Game, Record};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = core::str::from_utf8(data) else {
        return;
    };
    let Ok(record) = text.parse::<Record>() else {
        return;
    };
    let written = record.to_string();
    let again: Record = written
        .parse()
        .unwrap_or_else(|e| panic!("{written:?} (from {text:?}) does not parse: {e}"));
    assert_eq!(again.game, record.game, "{written:?}");
    assert_eq!(again.to_string(), written);
    // Tags keep their values, but for the line breaks export turns into
    // spaces (a tag line cannot hold them).
    let flat = |v: &str| v.replace(['\n', '\r'], " ");
    assert_eq!(again.tags().len(), record.tags().len(), "{written:?}");
    for ((n1, v1), (n2, v2)) in record.tags().iter().zip(again.tags()) {
        assert_eq!((n1, flat(v1)), (n2, v2.clone()), "{written:?}");
    }
    // The moves replay from the start into the same game.
    let game = &record.game;
    let mut replay = Game::from_position(*game.start());
    for &m in game.moves() {
        replay
            .play(m)
            .unwrap_or_else(|e| panic!("{e} replaying {written:?}"));
    }
    if game.outcome().map(|o| o.termination) != Some(oware::Termination::Agreement) {
        assert_eq!(&replay, game, "{written:?}");
    }
    // And come back off one by one.
    while replay.undo().is_some() {}
    assert_eq!(replay.position(), game.start());
    assert_eq!(replay.ply(), 0);
});
