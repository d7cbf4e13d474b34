//! Game records and position strings: exact text in and out, errors that
//! say what and where, and the real online games of `tests/data/online-games.jsonl`
//! (PlayStrategy, copied from `shared/games/`; moves as absolute houses). The
//! examples' copies of them, `examples/games/*.pgn`, are checked at the top of
//! the repository (`tests/example_games.rs`).

use oware::record::TagErrorKind;
use oware::{
    Game, IllegalMoveReason, Move, ParsePositionError, ParseRecordError, Position, Record, Side,
    Termination,
};

#[test]
fn record_export_is_exact() {
    let mut record: Record = "CfBa".parse().unwrap();
    record.set_tag("South", "Ama \"the fox\"").unwrap();
    record.set_tag("North", "Kofi").unwrap();
    record.set_tag("Date", "2026.11.30").unwrap();
    assert_eq!(
        record.to_string(),
        "[Variant \"abapa\"]\n[South \"Ama \\\"the fox\\\"\"]\n[North \"Kofi\"]\n[Date \"2026.11.30\"]\n[Result \"*\"]\n\n1. C f 2. B a *\n"
    );
    let back: Record = record.to_string().parse().unwrap();
    assert_eq!(back, record);
}

#[test]
fn record_of_a_finished_game_carries_result_and_termination() {
    let start: Position = "0,0,0,0,2,3/1,1,1,0,0,1 s 19 20".parse().unwrap();
    let mut record = Record::new(Game::from(start));
    record.game.play("F".parse().unwrap()).unwrap();
    let text = record.to_string();
    assert_eq!(
        text,
        "[Variant \"abapa\"]\n[Result \"1-0\"]\n[Termination \"majority\"]\n[Position \"0,0,0,0,2,3/1,1,1,0,0,1 s 19 20\"]\n\n1. F 1-0\n"
    );
    assert_eq!(text.parse::<Record>().unwrap().game, record.game);
    let wrong = text.replace("1-0", "0-1"); // the tag and the token
    assert_eq!(
        text.replace("[Result \"1-0\"]", "[Result \"0-1\"]")
            .parse::<Record>(),
        Err(ParseRecordError::ResultToken)
    );
    assert_eq!(
        wrong.parse::<Record>(),
        Err(ParseRecordError::Result { actual: "1-0" })
    );
}

#[test]
fn record_numbers_moves_when_north_starts() {
    let start: Position = "4,4,4,4,4,4/4,4,4,4,4,4 n 0 0".parse().unwrap();
    let mut record = Record::new(Game::from(start));
    for m in ["c", "A", "d"] {
        record.game.play(m.parse().unwrap()).unwrap();
    }
    assert!(
        record.to_string().ends_with("\n1... c 2. A d *\n"),
        "{record}"
    );
}

#[test]
fn record_import_reports_the_ply_of_an_illegal_move() {
    // North's a sows b..e, so C is still empty when South plays it again.
    let err = "1. C a 2. C".parse::<Record>().unwrap_err();
    let ParseRecordError::IllegalMove { ply, error } = err else {
        panic!("{err:?}")
    };
    assert_eq!((ply, error.reason), (3, IllegalMoveReason::EmptyHouse));
    assert_eq!(
        err.to_string(),
        "invalid game record: ply 3: illegal move C: house is empty"
    );
    assert_eq!(
        "1. C 7".parse::<Record>(),
        Err(ParseRecordError::Move { ply: 2, found: '7' })
    );
    assert_eq!(
        "[Variant \"chess\"]\n".parse::<Record>(),
        Err(ParseRecordError::Variant(oware::ParseRulesetError::Name))
    );
    assert_eq!(
        "[South Ama]\n".parse::<Record>(),
        Err(ParseRecordError::Tag { line: 1 })
    );
}

#[test]
fn record_agreement_and_comments_round_trip() {
    let record: Record = "[Termination \"agreement\"]\n1. C {a quiet start} f 2. B a *"
        .parse()
        .unwrap();
    let outcome = record.game.outcome().expect("agreed");
    assert_eq!(outcome.termination, Termination::Agreement);
    // C: 4,4,0,5,5,5/5,4,4,4,4,4; f: 5,5,1,6,5,5/5,4,4,4,4,0;
    // B: 5,0,2,7,6,6/6,4,4,4,4,0; a: South's row 27 seeds, North's 21.
    assert_eq!(
        record.game.position().to_string(),
        "6,0,2,7,6,6/0,5,5,5,5,1 s 0 0"
    );
    assert_eq!(outcome.result_str(), "1-0");
    assert_eq!(record.game.ply(), 4);
    assert_eq!(record.to_string().parse::<Record>().unwrap(), record);
}

#[test]
fn record_position_tag_variant_must_agree() {
    let openspiel = "[Position \"4,4,4,4,4,4/4,4,4,4,4,4 n 0 0 openspiel\"]\n";
    let record: Record = openspiel.parse().unwrap();
    assert_eq!(
        record.game.ruleset().variant(),
        Some(oware::Variant::OpenSpiel)
    );
    let clash = format!("[Variant \"abapa\"]\n{openspiel}");
    assert_eq!(
        clash.parse::<Record>(),
        Err(ParseRecordError::Position(ParsePositionError::Variant))
    );
}

#[test]
fn position_string_errors_say_what_and_where() {
    let cases = [
        ("4,4,4,4,4,4/4,4,4,4,4,4 s 0", "expected 4 or 5 fields"),
        ("4,4,4,4,4,4,4,4,4,4,4,4 s 0 0", "needs a '/'"),
        (
            "4,4,4,4,4/4,4,4,4,4,4,4 s 0 0",
            "South's row has 5 houses, the ruleset has 6",
        ),
        (
            "4,4,4,4,4,4/4,4,x,4,4,4 s 0 0",
            "the seeds in North's house c are not a number from 0 to 255",
        ),
        ("4,4,4,4,4,4/4,4,4,4,4,256 s 0 0", "North's house f"),
        (
            "4,4,4,4,4,4/4,4,4,4,4,4 w 0 0",
            "side to move must be 's' or 'n'",
        ),
        (
            "4,4,4,4,4,4/4,4,4,4,4,4 s -1 0",
            "South's store is not a number",
        ),
        (
            "4,4,4,4,4,4/4,4,4,4,4,4 s 0 1",
            "49 seeds in houses and stores, the ruleset has 48",
        ),
        (
            "4,4,4,4,4,4/4,4,4,4,4,4 s 0 0 chess",
            "the fifth field: invalid ruleset text: unknown preset",
        ),
    ];
    for (text, message) in cases {
        let err = text.parse::<Position>().unwrap_err();
        assert!(err.to_string().contains(message), "{text}: {err}");
    }
    assert_eq!(
        Position::from_ascii("4,4,4,4,4,4/4,4,4,4,4,4 s 0 0 abapá".as_bytes()),
        Err(ParsePositionError::NotAscii)
    );
    assert_eq!(
        "4,4,4,4,4,4/4,4,x,4,4,4 s 0 0".parse::<Position>(),
        Err(ParsePositionError::Seeds {
            side: Side::North,
            house: 2
        })
    );
}

/// The four real games: every move is legal under Abapa. The site's own
/// cycle rule ended them, so they are replayed on positions (no history
/// rules), and the record of each round-trips.
#[test]
fn real_online_games_are_legal_under_abapa() {
    let text = include_str!("data/online-games.jsonl");
    let mut games = 0;
    for line in text.lines() {
        let value: serde_json::Value = serde_json::from_str(line).unwrap();
        let mut pos = Position::default();
        let mut letters = String::new();
        for (ply, house) in value["houses"].as_array().unwrap().iter().enumerate() {
            let m = Move::from_index(house.as_u64().unwrap() as usize, 6).unwrap();
            pos.play(m)
                .unwrap_or_else(|e| panic!("game {} ply {}: {e}", value["game"], ply + 1));
            letters.push_str(&m.to_string());
        }
        assert_eq!(pos.board().total_seeds(), 48);
        let record: Record = letters
            .parse()
            .unwrap_or_else(|e| panic!("game {}: {e}", value["game"]));
        assert_eq!(
            record.game.position().board(),
            pos.board(),
            "game {}",
            value["game"]
        );
        games += 1;
    }
    assert_eq!(games, 4);
}

#[test]
fn movetext_comments_results_and_stray_text() {
    // A comment may touch the moves around it.
    let record: Record = "1. C f {x}2. B a".parse().unwrap();
    assert_eq!(record.game.ply(), 4);
    assert_eq!(
        "1. C f {never closed 2. B a".parse::<Record>(),
        Err(ParseRecordError::UnclosedComment)
    );
    assert_eq!(
        "1. C f 1-0 2. B a".parse::<Record>(),
        Err(ParseRecordError::AfterResult)
    );
    assert_eq!("1. C f * {done}".parse::<Record>().unwrap().game.ply(), 2);
    // An unfinished game keeps a decided result token as its Result (a resignation, say).
    let resigned: Record = "1. C f 0-1".parse().unwrap();
    assert_eq!(resigned.tag("Result"), Some("0-1"));
    assert!(resigned.to_string().ends_with("1. C f 0-1\n"));
    assert_eq!(
        "[Result \"1-0\"]\n1. C f 0-1".parse::<Record>(),
        Err(ParseRecordError::ResultToken)
    );
    // F feeds North's a; North's one seed cannot reach South, so North takes
    // it and wins 25-23 (no moves): a 1-0 token is wrong.
    let finished = "[Position \"0,0,0,0,0,1/0,0,0,0,0,0 s 23 24\"]\nF 1-0";
    assert_eq!(
        finished.parse::<Record>(),
        Err(ParseRecordError::Result { actual: "0-1" })
    );
    assert_eq!(
        "1. C\n[South \"Ama\"]\n".parse::<Record>(),
        Err(ParseRecordError::TagAfterMovetext { line: 2 })
    );
    assert_eq!("\u{feff}CfBa".parse::<Record>().unwrap().game.ply(), 4);
    let err = "CfBé".parse::<Record>().unwrap_err();
    assert_eq!(
        err,
        ParseRecordError::Move {
            ply: 4, found: 'é'
        }
    );
    assert_eq!(
        err.to_string(),
        "invalid game record: ply 4: 'é' is not a move letter"
    );
}

#[test]
fn tag_names_are_checked_when_set() {
    let mut record = Record::default();
    for bad in ["", "Bad Name", "a]b", "Ünïcode"] {
        assert_eq!(
            record.set_tag(bad, "x").map_err(|e| e.kind),
            Err(TagErrorKind::Name),
            "{bad:?}"
        );
    }
    for start in ["Variant", "Position"] {
        assert_eq!(
            record.set_tag(start, "x").map_err(|e| e.kind),
            Err(TagErrorKind::FromStart(start))
        );
    }
    assert!(record.tags().is_empty());
    record.set_tag("Event", "tab\tand \"quotes\"").unwrap();
    let text = record.to_string();
    assert!(
        text.contains("[Event \"tab\tand \\\"quotes\\\"\"]"),
        "{text}"
    );
    assert_eq!(text.parse::<Record>().unwrap(), record);
    assert_eq!(
        record.remove_tag("Event").as_deref(),
        Some("tab\tand \"quotes\"")
    );
    assert!(record.tags().is_empty());
}

/// A tag line cannot carry a line break, so no value may hold one (nor
/// another control character): set_tag refuses it, import rejects the line.
#[test]
fn tag_values_cannot_hold_line_breaks() {
    let mut record = Record::default();
    for (value, c) in [
        ("line one\nline two", '\n'),
        ("cr\r", '\r'),
        ("nul\0", '\0'),
        ("next line\u{85}", '\u{85}'),
        ("separator\u{2028}", '\u{2028}'),
    ] {
        let error = record.set_tag("Event", value).unwrap_err();
        assert_eq!(error.kind, TagErrorKind::ControlCharacter(c), "{value:?}");
        let line = format!("[Event \"{value}\"]\n\nCf");
        assert_eq!(
            line.parse::<Record>(),
            Err(ParseRecordError::Tag { line: 1 }),
            "{value:?}"
        );
    }
    assert_eq!(
        record.set_tag("Event", "a\nb").unwrap_err().to_string(),
        "invalid tag: a tag value cannot hold the control character '\\n'"
    );
    assert!(record.tags().is_empty());
}

/// The game decides Result and Termination once it is over; before, a
/// Result (of a resignation, say) and a free-text Termination are the
/// user's, but a Termination naming how games end is not: the importer
/// would end the game by agreement, or the moves would have to say so.
#[test]
fn tags_the_game_decides_are_refused() {
    let mut record: Record = "CfBa".parse().unwrap();
    // The bug this guards: these two made a record import refused.
    assert_eq!(
        record.set_tag("Termination", "agreement").unwrap_err().kind,
        TagErrorKind::TerminationName(Termination::Agreement)
    );
    record.set_tag("Result", "0-1").unwrap();
    for name in ["majority", "Agreement", " cycle ", "move limit"] {
        let kind = record.set_tag("Termination", name).unwrap_err().kind;
        assert!(
            matches!(kind, TagErrorKind::TerminationName(_)),
            "{name:?}: {kind:?}"
        );
    }
    for bad in ["won", "1-1", "", "1/2"] {
        assert_eq!(
            record.set_tag("Result", bad).unwrap_err().kind,
            TagErrorKind::Result
        );
    }
    record.set_tag("Termination", "resignation").unwrap();
    record.set_tag("South", "Ama").unwrap();
    assert_eq!(
        record.to_string(),
        "[Variant \"abapa\"]\n[South \"Ama\"]\n[Result \"0-1\"]\n[Termination \"resignation\"]\n\n1. C f 2. B a 0-1\n"
    );
    let back: Record = record.to_string().parse().unwrap();
    assert_eq!(back, record);
    // `*` is the result of a game that goes on: it removes the Result.
    record.set_tag("Result", "*").unwrap();
    assert_eq!(record.tag("Result"), None);

    record.game.end_by_agreement().unwrap();
    for name in ["Result", "Termination"] {
        assert_eq!(
            record.set_tag(name, "resignation").unwrap_err().kind,
            TagErrorKind::FromOutcome(name)
        );
    }
    let text = record.to_string();
    assert!(
        text.contains("[Result \"1-0\"]\n[Termination \"agreement\"]\n"),
        "{text}"
    );
    let back: Record = text.parse().unwrap();
    assert_eq!(back.game, record.game);
    assert_eq!(back.tags(), [("South".to_owned(), "Ama".to_owned())]);
}

/// A record holds one value a tag, so import refuses a tag name given
/// twice (found by fuzz/record_text: three `Result` tags imported as three
/// and exported as one).
#[test]
fn a_tag_given_twice_is_refused_with_its_line() {
    for (text, line) in [
        ("[Result \"0-1\"]\n[Result \"0-1\"]\n\nD d", 2),
        ("[Event \"a\"]\n[Site \"b\"]\n\n[Event \"a\"]\n\nD d", 4),
        ("[Variant \"abapa\"]\n[Variant \"kalah\"]\n\nC", 2),
    ] {
        assert_eq!(
            text.parse::<Record>(),
            Err(ParseRecordError::DuplicateTag { line }),
            "{text:?}"
        );
    }
    let error = "[Site \"x\"]\n[Site \"x\"]\n"
        .parse::<Record>()
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "invalid game record: line 2 repeats a tag name: each tag appears once"
    );
}

/// A `Result` that comes from the movetext's token takes its place before
/// `Termination`, as export writes them, so the tags read back in order
/// (found by fuzz/record_text).
#[test]
fn a_result_token_is_ordered_as_export_writes_it() {
    let record: Record = "[Termination \"resignation\"]\n\nD d 0-1".parse().unwrap();
    let names: Vec<&str> = record.tags().iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["Result", "Termination"]);
    let again: Record = record.to_string().parse().unwrap();
    assert_eq!(again.tags(), record.tags());
}

/// Issue 12: import kept `[Termination "Agreement"]` (capitalised) as free
/// text, so the game went on, while `set_tag` refused the same value as the
/// name of a termination. Both now read a termination name ignoring ASCII
/// case and spaces around it: on an unfinished game `agreement` ends it,
/// and another name is refused.
#[test]
fn import_and_set_tag_read_termination_names_alike() {
    for value in ["agreement", "Agreement", " AGREEMENT "] {
        let text = format!("[Termination \"{value}\"]\n\n1. C f 2. B a *");
        let record: Record = text.parse().unwrap();
        let outcome = record.game.outcome();
        assert_eq!(
            outcome.map(|o| o.termination),
            Some(Termination::Agreement),
            "{value:?}"
        );
        assert_eq!(record.tag("Termination"), None, "{value:?}");
        let mut unfinished: Record = "CfBa".parse().unwrap();
        assert_eq!(
            unfinished.set_tag("Termination", value).unwrap_err().kind,
            TagErrorKind::TerminationName(Termination::Agreement),
            "{value:?}"
        );
    }
    for (value, termination) in [
        ("majority", Termination::Majority),
        ("Move Limit", Termination::MoveLimit),
    ] {
        let text = format!("[Termination \"{value}\"]\n\n1. C f 2. B a *");
        assert_eq!(
            text.parse::<Record>(),
            Err(ParseRecordError::TerminationUnfinished { termination })
        );
        let mut unfinished: Record = "CfBa".parse().unwrap();
        assert_eq!(
            unfinished.set_tag("Termination", value).unwrap_err().kind,
            TagErrorKind::TerminationName(termination)
        );
    }
    assert_eq!(
        "[Termination \"Majority\"]\n\nCfBa"
            .parse::<Record>()
            .unwrap_err()
            .to_string(),
        "invalid game record: the Termination tag says the game ended by majority, but the moves leave it unfinished"
    );
    // Free text stays free text, both ways.
    let record: Record = "[Termination \"Resignation\"]\n\nCfBa *".parse().unwrap();
    assert_eq!(record.tag("Termination"), Some("Resignation"));
    assert!(!record.game.is_game_over());
    let mut copy: Record = "CfBa".parse().unwrap();
    copy.set_tag("Termination", "Resignation").unwrap();
    assert_eq!(copy, record);
    // A finished game's termination matches in any case too: Kalah(1,1),
    // A empties South's row (K4).
    let record: Record = "[Variant \"kalah(1,1)\"]\n[Termination \"Empty Row\"]\n\n1. A 1/2-1/2"
        .parse()
        .unwrap();
    assert_eq!(
        record.game.outcome().map(|o| o.termination),
        Some(Termination::EmptyRow)
    );
}

/// Issue 12: an agreement whose result disagrees with the record's was
/// reported as "the result disagrees with the moves", though the moves
/// leave the game unfinished: the error now names the agreement and its
/// scores.
#[test]
fn an_agreement_with_another_result_says_so() {
    // After C f B a, each side taking its own seeds: South 27, North 21.
    let text = "[Result \"0-1\"]\n[Termination \"agreement\"]\n\n1. C f 2. B a 0-1";
    let error = text.parse::<Record>().unwrap_err();
    let ParseRecordError::AgreementResult { given, outcome } = error else {
        panic!("{error:?}");
    };
    assert_eq!((given, outcome.result_str()), ("0-1", "1-0"));
    assert_eq!(
        error.to_string(),
        "invalid game record: the Result 0-1 disagrees with the agreement, which gives 1-0 (South 27, North 21: the seeds left go by the ruleset's leftover rule)"
    );
    // The moves' own end still gets the moves' message.
    assert_eq!(
        "[Variant \"kalah(1,1)\"]\n[Termination \"agreement\"]\n\n1. A *".parse::<Record>(),
        Err(ParseRecordError::Termination {
            actual: Termination::EmptyRow
        })
    );
}
