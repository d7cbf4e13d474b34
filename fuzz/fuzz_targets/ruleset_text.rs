//! A ruleset's text form: parsing never panics, and a ruleset that parses
//! prints as text that parses to the same ruleset and prints the same
//! (Display is canonical); its starting position plays.
#![no_main]

use libfuzzer_sys::fuzz_target;
use oware::{Position, Ruleset};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = core::str::from_utf8(data) else {
        return;
    };
    let Ok(ruleset) = text.parse::<Ruleset>() else {
        return;
    };
    let printed = ruleset.to_string();
    assert!(
        !printed.contains(char::is_whitespace),
        "{printed:?} has a space"
    );
    let again: Ruleset = printed
        .parse()
        .unwrap_or_else(|e| panic!("{printed:?} (from {text:?}) does not parse: {e}"));
    assert_eq!(again, ruleset, "{text:?} printed as {printed:?}");
    assert_eq!(again.to_string(), printed);
    assert_eq!(Ruleset::new(ruleset.options()), Ok(ruleset));
    if let Some(variant) = ruleset.variant() {
        assert_eq!(printed, variant.name());
    }
    // The start position prints with this ruleset and reads back.
    let start = Position::new(ruleset);
    assert_eq!(
        start.board().total_seeds(),
        u16::from(ruleset.total_seeds())
    );
    let line = start.to_string();
    assert_eq!(line.parse::<Position>(), Ok(start), "{line:?}");
    for &m in &start.legal_moves() {
        let mut after = start;
        if after.play(m).is_ok() {
            assert_eq!(after.board().total_seeds(), start.board().total_seeds());
        }
    }
});
