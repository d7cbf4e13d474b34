//! The solver above a database's range agrees with a database built that
//! far, under both conventions, and reports its limits as typed errors.

use oware::endgame::{Convention, Database, ProbeError, SolveError};
use oware::search::Rng;
use oware::{Position, Ruleset};

mod common;

#[test]
fn solving_above_the_range_gives_the_values_of_a_larger_database() {
    for convention in [Convention::EvenSplit, Convention::EachTakesOwn] {
        let small = Database::build(&Ruleset::abapa(), convention, 5).unwrap();
        let large = Database::build(&Ruleset::abapa(), convention, 9).unwrap();
        let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
        for i in 0..60 {
            let pos = common::endgame_position(&mut rng, Ruleset::abapa(), 6 + (i % 4) as u8);
            assert_eq!(
                small.solve(&pos, 1 << 20),
                Ok(large.value(&pos).unwrap()),
                "{pos} ({convention:?})"
            );
        }
    }
}

#[test]
fn builds_beyond_what_can_be_built_are_refused_before_any_work() {
    use oware::endgame::EndgameError;
    // Abapa has 48 seeds; its layer of 29 seeds passes 2^31 positions.
    let abapa = Ruleset::abapa();
    assert_eq!(
        Database::build(&abapa, Convention::EvenSplit, 49),
        Err(EndgameError::Full)
    );
    assert_eq!(
        Database::build(&abapa, Convention::EvenSplit, 40),
        Err(EndgameError::TooLarge { seeds: 29 })
    );
}

#[test]
fn the_solver_reports_its_limits() {
    let db = Database::build(&Ruleset::abapa(), Convention::EvenSplit, 3).unwrap();
    let pos: Position = "1,1,1,1,1,1/1,1,1,1,1,1 s 12 24".parse().unwrap();
    assert_eq!(
        db.solve(&pos, 10),
        Err(SolveError::TooManyPositions { limit: 10 })
    );
    let over: Position = "1,1,1,1,1,1/0,0,0,0,0,0 s 25 17".parse().unwrap();
    assert_eq!(
        db.solve(&over, 10),
        Err(SolveError::Probe(ProbeError::GameOver))
    );
    let kalah = Position::new(Ruleset::kalah(6, 4).unwrap());
    assert_eq!(
        db.solve(&kalah, 10),
        Err(SolveError::Probe(ProbeError::Ruleset))
    );
    // Within the range, the solver is the database.
    let small: Position = "0,0,0,0,0,1/1,1,0,0,0,0 s 24 21".parse().unwrap();
    assert_eq!(db.solve(&small, 1).unwrap().exact(), Some(1));
}
