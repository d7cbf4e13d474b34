//! Writes the seed corpus, `fuzz/corpus/<target>/`, from the library's
//! own output: every preset's ruleset text and custom ones, position
//! strings and records of games it plays, small endgame files its builder
//! writes, and C-ABI programs. Deterministic: rerun it after a change to
//! a text form or the file format and commit what changes.
//!
//! ```text
//! cargo run --manifest-path fuzz/Cargo.toml --example seeds
//! ```
//!
//! It overwrites the files it writes and leaves others (inputs kept from
//! a fuzzing run, e.g. one that found a bug) alone.

use std::path::Path;

use oware::endgame::{Convention, Database};
use oware::{Record, Ruleset, Variant};
use oware_fuzz::{Op, RULESET_TEXTS, Slot, base_files, random_game, raw_text};

fn main() -> std::io::Result<()> {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let mut written = 0;
    let mut put = |target: &str, name: &str, bytes: &[u8]| -> std::io::Result<()> {
        let dir = corpus.join(target);
        std::fs::create_dir_all(&dir)?;
        std::fs::write(dir.join(name), bytes)?;
        written += 1;
        Ok(())
    };

    // Ruleset texts: every preset and the custom ones.
    for text in RULESET_TEXTS {
        put("ruleset_text", &file_name(text), text.as_bytes())?;
    }

    // Position strings: each preset's start and a position from the middle
    // of a game, read the plain way (selector 9), plus the same under
    // `from_str_with_ruleset` (selector 1 + the preset's number) with a
    // walk of moves after the 0xFF byte.
    for (i, variant) in Variant::ALL.iter().enumerate() {
        let ruleset = variant.ruleset();
        let start = oware::Position::new(ruleset).to_string();
        put(
            "position_text",
            &format!("{variant}-start"),
            &[&[9], start.as_bytes()].concat(),
        )?;
        let middle = random_game(ruleset, 17, i as u64).position().to_string();
        let walk = [1 + i as u8];
        let bytes = [
            &walk[..],
            middle.as_bytes(),
            &[0xFF, 3, 1, 4, 1, 5, 9, 2, 6],
        ]
        .concat();
        put("position_text", &format!("{variant}-middle-walk"), &bytes)?;
    }
    for text in ["abapa(3,2)", "kalah(4,3,empty_capture=on,end=mover-row)"] {
        let ruleset: Ruleset = text.parse().expect("a valid ruleset");
        let line = random_game(ruleset, 5, 7).position().to_string();
        put(
            "position_text",
            &file_name(text),
            &[&[0], line.as_bytes()].concat(),
        )?;
    }

    // Records: a game of each preset, one played to its end, one with tags
    // and comments, and a bare move string.
    for (i, variant) in Variant::ALL.iter().enumerate() {
        let record = Record::new(random_game(variant.ruleset(), 24, 100 + i as u64));
        put(
            "record_text",
            &format!("{variant}-24-plies"),
            record.to_string().as_bytes(),
        )?;
    }
    let finished = Record::new(random_game(Ruleset::abapa(), 10_000, 3));
    assert!(finished.game.is_game_over());
    put(
        "record_text",
        "abapa-to-the-end",
        finished.to_string().as_bytes(),
    )?;
    let mut tagged = Record::new(random_game("congkak(5,5,relay=off)".parse().unwrap(), 9, 4));
    tagged.set_tag("South", "Ama \"the fast\"").unwrap();
    tagged.set_tag("North", "Kofi \\ Esi").unwrap();
    tagged.set_tag("Termination", "resignation").unwrap();
    let text = tagged.to_string().replacen("\n\n", "\n\n{a comment} ", 1);
    put("record_text", "custom-tags-comments", text.as_bytes())?;
    put("record_text", "bare-moves", b"CfBa")?;

    // Endgame files as the library writes them: whole databases and one
    // layer that continues one.
    let small: Ruleset = "abapa(3,4)".parse().expect("a valid ruleset");
    for (name, ruleset, convention, max) in [
        ("abapa-even-0-2", Ruleset::abapa(), Convention::EvenSplit, 2),
        (
            "abapa-own-0-2",
            Ruleset::abapa(),
            Convention::EachTakesOwn,
            2,
        ),
        ("abapa-3-4-own-0-4", small, Convention::EachTakesOwn, 4),
    ] {
        let db = Database::build(&ruleset, convention, max).expect("a small database builds");
        let mut bytes = Vec::new();
        db.write(&mut bytes)?;
        put("endgame_file", name, &bytes)?;
    }
    let db = Database::build(&Ruleset::abapa(), Convention::EvenSplit, 3).expect("builds");
    let mut layer = Vec::new();
    db.write_layers(3..=3, &mut layer)?;
    put("endgame_file", "abapa-even-layer-3", &layer)?;

    // Forged values: each base file as it is, then with edits (offset into
    // the layers, little-endian, and the byte written).
    for i in 0..base_files().len() {
        put("endgame_forged", &format!("base-{i}"), &[i as u8])?;
    }
    // A value of 5 in a layer of 1 seed (refused), ranks changed
    // (accepted), lower bounds set to the least their layer allows
    // (accepted: in range, and not above any upper bound).
    let edit = |pick: usize, wanted: &dyn Fn(Slot) -> bool, nth: usize, byte: u8| {
        let base = &base_files()[pick];
        let offset = (0..base.payload_len())
            .filter(|&o| wanted(base.slot(o)))
            .nth(nth)
            .expect("such a byte") as u16;
        let [lo, hi] = offset.to_le_bytes();
        vec![lo, hi, byte]
    };
    let lower_in = |layer| move |s: Slot| matches!(s, Slot::Lower { seeds, .. } if seeds == layer);
    let rank = |s: Slot| matches!(s, Slot::Rank { .. });
    let out_of_range = [vec![0], edit(0, &lower_in(1), 3, 5)].concat();
    put("endgame_forged", "out-of-range", &out_of_range)?;
    let ranks = [vec![1], edit(1, &rank, 40, 7), edit(1, &rank, 300, 0xFE)].concat();
    put("endgame_forged", "ranks", &ranks)?;
    let in_range = [
        vec![2],
        edit(2, &lower_in(4), 9, -4i8 as u8),
        edit(2, &lower_in(5), 0, -5i8 as u8),
    ]
    .concat();
    put("endgame_forged", "in-range", &in_range)?;

    // C-ABI programs.
    let mut game_and_queries = Vec::new();
    step(&mut game_and_queries, Op::GameNew, 0, &[0]);
    for k in 0..12 {
        step(&mut game_and_queries, Op::PlayLegal, 0, &[k * 7]);
        step(&mut game_and_queries, Op::Query, 0, &[k, k, k, k]);
    }
    step(&mut game_and_queries, Op::Play, 0, &[3]);
    step(&mut game_and_queries, Op::Play, 0, &[200]);
    step(&mut game_and_queries, Op::Undo, 0, &[]);
    step(&mut game_and_queries, Op::EndByAgreement, 0, &[]);
    step(&mut game_and_queries, Op::Undo, 0, &[]);
    put("ffi_calls", "game-and-queries", &game_and_queries)?;

    let mut records = Vec::new();
    step(&mut records, Op::GameNew, 1, &[5]);
    for k in 0..9 {
        step(&mut records, Op::PlayLegal, 1, &[k]);
    }
    // A name from the table (South; 8 is "Bad Name"), then a value.
    step(
        &mut records,
        Op::SetTag,
        1,
        &[&[0, 1][..], &raw_text(b"Ama")].concat(),
    );
    step(
        &mut records,
        Op::SetTag,
        1,
        &[&[8, 1][..], &raw_text(b"xyz")].concat(),
    );
    step(&mut records, Op::RecordRoundTrip, 1, &[]);
    step(&mut records, Op::GameFromRecord, 2, &[0]);
    step(&mut records, Op::PositionRoundTrip, 2, &[]);
    step(&mut records, Op::GameClone, 2, &[3]);
    step(&mut records, Op::GameFree, 1, &[]);
    let mut raw = Vec::new();
    raw.extend(raw_text(b"[Variant \"kalah\"]\n\n1. C f 2. B"));
    step(&mut records, Op::GameFromRecord, 0, &raw);
    put("ffi_calls", "records", &records)?;

    let mut endgame = Vec::new();
    step(&mut endgame, Op::EndgameBuild, 0, &[0, 0, 3]);
    step(&mut endgame, Op::EndgameBuild, 1, &[3, 1, 3]);
    let position = raw_text(b"0,0,0,0,0,1/1,1,0,0,0,0 s 24 21");
    step(&mut endgame, Op::GameFromPosition, 0, &position);
    step(&mut endgame, Op::EndgameProbe, 0, &[0, 9]);
    step(&mut endgame, Op::EndgameProbe, 0, &[0, 0]);
    step(&mut endgame, Op::EndgameSaveLoad, 0, &[]);
    step(&mut endgame, Op::EndgameBuild, 0, &[5, 0, 1]);
    step(&mut endgame, Op::EndgameFree, 1, &[]);
    put("ffi_calls", "endgame", &endgame)?;

    let mut engine = Vec::new();
    step(&mut engine, Op::GameNew, 0, &[0]);
    step(&mut engine, Op::SearcherNew, 4, &[]);
    step(&mut engine, Op::Search, 0, &[2, 0]);
    step(&mut engine, Op::Search, 0, &[0x89, 0]);
    step(&mut engine, Op::PlayerNew, 0, &[3, 1, 2, 3, 4]);
    step(&mut engine, Op::PlayerChoose, 0, &[0]);
    step(&mut engine, Op::EndgameBuild, 0, &[0, 1, 2]);
    step(&mut engine, Op::PlayerSettings, 0, &[0, 0]);
    step(&mut engine, Op::PlayerSettings, 0, &[0, 6]);
    put("ffi_calls", "engine", &engine)?;

    let mut texts = Vec::new();
    for kind in 0..4 {
        step(&mut texts, Op::TextCheck, kind, &[kind, 64]);
        step(&mut texts, Op::TextCheck, kind, &[kind, 3]);
    }
    for which in 0..4 {
        step(&mut texts, Op::Statics, which, &[which, 0, 0, 0]);
    }
    for which in 0..10 {
        step(&mut texts, Op::Nulls, which, &[]);
    }
    put("ffi_calls", "texts-statics-nulls", &texts)?;

    println!("wrote {written} seed files under {}", corpus.display());
    Ok(())
}

/// Appends one operation of the C-ABI driver: opcode, slot, arguments.
fn step(program: &mut Vec<u8>, op: Op, slot: u8, args: &[u8]) {
    program.push(op as u8);
    program.push(slot);
    program.extend_from_slice(args);
}

/// A file name for a text: letters and digits kept, the rest `-`.
fn file_name(text: &str) -> String {
    let name: String = text
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    name.trim_matches('-').to_owned()
}
