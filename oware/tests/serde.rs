//! The optional `serde` feature: value types round-trip through JSON, and a
//! ruleset that fails validation is rejected on the way in.
#![cfg(feature = "serde")]

use oware::{Game, Move, MoveReport, Outcome, Position, Ruleset, Variant};

#[test]
fn value_types_round_trip_through_json() {
    let m: Move = "d".parse().unwrap();
    assert_eq!(
        serde_json::from_str::<Move>(&serde_json::to_string(&m).unwrap()).unwrap(),
        m
    );
    let v = Variant::OpenSpiel;
    assert_eq!(
        serde_json::from_str::<Variant>(&serde_json::to_string(&v).unwrap()).unwrap(),
        v
    );
    let r = Ruleset::openspiel();
    assert_eq!(
        serde_json::from_str::<Ruleset>(&serde_json::to_string(&r).unwrap()).unwrap(),
        r
    );
    let mut game = Game::from(
        "0,0,0,0,2,3/1,1,1,0,0,1 s 19 20"
            .parse::<Position>()
            .unwrap(),
    );
    let report = game.play("F".parse().unwrap()).unwrap();
    let json = serde_json::to_string(&report).unwrap();
    assert_eq!(serde_json::from_str::<MoveReport>(&json).unwrap(), report);
    let outcome = report.outcome.unwrap();
    assert_eq!(
        serde_json::from_str::<Outcome>(&serde_json::to_string(&outcome).unwrap()).unwrap(),
        outcome
    );
}

#[test]
fn invalid_ruleset_json_is_rejected() {
    let json = serde_json::to_string(&Ruleset::abapa()).unwrap();
    let bad = json.replace("\"houses_per_side\":6", "\"houses_per_side\":0");
    assert_ne!(bad, json);
    let err = serde_json::from_str::<Ruleset>(&bad).unwrap_err();
    assert!(err.to_string().contains("0 houses a side"), "{err}");
}

#[test]
fn positions_and_boards_are_checked_on_the_way_in() {
    let pos: Position = "0,0,0,0,2,3/1,1,1,0,0,1 s 19 20".parse().unwrap();
    let json = serde_json::to_string(&pos).unwrap();
    assert_eq!(json, "\"0,0,0,0,2,3/1,1,1,0,0,1 s 19 20\"");
    assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos);
    assert!(serde_json::from_str::<Position>("\"0,0,0,0,2,3/1,1,1,0,0,1 s 19 21\"").is_err());
    let board = *pos.board();
    let json = serde_json::to_string(&board).unwrap();
    assert_eq!(
        json,
        r#"{"south":[0,0,0,0,2,3],"north":[1,1,1,0,0,1],"stores":{"south":19,"north":20}}"#
    );
    assert_eq!(serde_json::from_str::<oware::Board>(&json).unwrap(), board);
    let uneven = r#"{"south":[0,0,0,0,2,3],"north":[1,1],"stores":{"south":19,"north":20}}"#;
    assert!(serde_json::from_str::<oware::Board>(uneven).is_err());
}

#[test]
fn houses_and_moves_out_of_range_are_rejected() {
    assert!(serde_json::from_str::<Move>(r#"{"side":"South","house":200}"#).is_err());
    assert!(serde_json::from_str::<Move>(r#"{"side":"North","house":9}"#).is_err());
    let m: Move = serde_json::from_str(r#"{"side":"North","house":8}"#).unwrap();
    assert_eq!(m.to_string(), "i");
    assert!(serde_json::from_str::<oware::HouseSet>("65535").is_err());
    let set: oware::HouseSet = serde_json::from_str("511").unwrap();
    assert_eq!(set.len(), 9);
}
