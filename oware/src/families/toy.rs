//! A toy family, used only by the tests to prove the family seam: this
//! file and one `#[cfg(test)]` variant of [`Family`] are all it takes to
//! add a family (the compile errors at `dispatch!` and `Family::oware6` in
//! `families/mod.rs` point to the rest).
//!
//! The rules: one row a side and no stores in the sowing. A move lifts the
//! seeds of a house of the side to move and sows them one by one, counter-
//! clockwise, into the following houses of both rows (T1). A last seed that
//! makes 2 in the opponent's row captures that house (T2). The game ends
//! when the side to move has no seeds, each side taking the seeds in its row
//! (T3). The seeds can go round for ever, so a cycle rule must end the game.

use super::{Citations, EndgameRules, Endings, Rules};
use crate::report::Recorder;
use crate::search::EvalTerms;
use crate::{
    CycleRule, Family, IllegalMoveReason, Move, Outcome, Position, Ruleset, RulesetError,
    RulesetOptions, Termination,
};

/// The toy family's options: none.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ToyRules;

impl Rules for ToyRules {
    const NAME: &'static str = "Toy";
    const KEYS: &'static [&'static str] = &[];
    const CAN_CYCLE: bool = true;
    const ENDINGS: Endings = Endings::all("T3");

    fn check(&self) -> Result<(), RulesetError> {
        Ok(())
    }

    fn get(&self, _: &str) -> String {
        String::new()
    }

    fn set(&mut self, _: &str, _: &str) -> Option<()> {
        None
    }

    fn takes(_: &str) -> Option<String> {
        None
    }

    fn legal_mask(&self, pos: &Position) -> u16 {
        pos.own_nonempty_houses()
    }

    fn outcome(&self, pos: &Position) -> Option<Outcome> {
        (pos.own_nonempty_houses() == 0)
            .then(|| Outcome::from_scores(Termination::NoMoves, pos.stores_plus_rows()))
    }

    fn illegal_reason(&self, _: &Position, _: Move) -> IllegalMoveReason {
        IllegalMoveReason::GameOver
    }

    fn apply<R: Recorder>(&self, pos: &mut Position, m: Move, rec: &mut R) -> bool {
        let h = pos.ruleset.houses_per_side();
        let mover = pos.turn;
        let mut pit = m.to_index(h);
        let seeds = pos.board.pits[pit];
        pos.board.pits[pit] = 0;
        for _ in 0..seeds {
            pit = (pit + 1) % (2 * h);
            pos.board.pits[pit] += 1;
            rec.sown(pit);
        }
        if pos.in_row(pit, !mover) && pos.board.pits[pit] == 2 {
            pos.take(pit, mover, rec);
        }
        pos.turn = !mover;
        true
    }

    fn normalize_turn(&self, _: &mut Position) {}

    fn citations(&self) -> Citations {
        Citations {
            origin_skip: None,
            opposite_capture: None,
            grand_slam: None,
            feed: None,
            extra_turn: None,
            relay: None,
            pass: None,
        }
    }

    fn eval_terms(&self, houses: &[u8]) -> EvalTerms {
        super::seeds_in_houses(houses)
    }

    fn endgame(&self) -> Option<EndgameRules> {
        None
    }
}

/// The toy on `houses` houses a side of `seeds` seeds, with `cycle`.
fn toy(houses: u8, seeds: u8, cycle: CycleRule) -> Result<Ruleset, RulesetError> {
    Ruleset::new(RulesetOptions {
        houses_per_side: houses,
        seeds_per_house: seeds,
        family: Family::Toy(ToyRules),
        cycle,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, Side, perft};

    #[test]
    fn a_toy_family_is_checked_named_and_played_through_the_seam() {
        // It can cycle, so a cycle rule is required.
        assert_eq!(toy(3, 2, CycleRule::none()), Err(RulesetError::EndlessPlay));
        let ruleset = toy(3, 2, CycleRule::abapa()).unwrap();
        assert_eq!(ruleset.family().name(), "Toy");
        assert_eq!(ruleset.variant(), None);
        // No preset plays it: its text says so, and is not read as another
        // family's (it was `abapa(3,2)` before the family had a say).
        assert_eq!(
            ruleset.to_string(),
            "toy(3,2,repetitions=3,no_capture=100,max_plies=off,leftover=own)"
        );
        assert!(ruleset.to_string().parse::<Ruleset>().is_err());

        // South's house A (2 seeds) sows B and C; the last seed ends in its
        // own row: no capture.
        let mut pos = Position::new(ruleset);
        let report = pos.play(Move::new(Side::South, crate::House(0))).unwrap();
        assert_eq!(report.sown.len(), 2);
        assert!(report.captures.is_empty());
        assert_eq!(pos.turn(), Side::North);
        assert_eq!(pos.board().houses(Side::South), &[0, 3, 3]);

        // Every move from the start is legal, and the counts follow.
        assert_eq!(perft(&Position::new(ruleset), 1), 3);
        assert_eq!(perft(&Position::new(ruleset), 2), 9);

        // Random games end by the toy's rules or the cycle rule, with every
        // seed accounted for.
        let mut rng = 0x2545_F491_4F6C_DD1D_u64;
        for _ in 0..200 {
            let mut game = Game::new(ruleset);
            while !game.is_game_over() {
                let moves = game.legal_moves();
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                game.play(moves[(rng % moves.len() as u64) as usize])
                    .unwrap();
            }
            let outcome = game.outcome().unwrap();
            assert_eq!(
                outcome
                    .scores
                    .iter()
                    .map(|(_, &s)| u32::from(s))
                    .sum::<u32>(),
                12
            );
            if outcome.termination == Termination::NoMoves {
                assert_eq!(outcome.rule(ruleset.family()), "T3");
            }
        }
    }
}
