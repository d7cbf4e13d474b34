//! The words a frontend shows for the library's values: a family's name,
//! a preset's description, a ruleset's title, the rule that ended a game
//! and how it ended, in English. The terminal game, the web server and the
//! bindings say the same thing because they take it from here.

use std::borrow::ToOwned;
use std::fmt;
use std::string::{String, ToString};
use std::vec::Vec;

use crate::search::{Hint, Judgement};
use crate::{Family, Game, Leftover, Outcome, Ruleset, Side, Termination, Variant};

impl Leftover {
    /// Who gets the seeds left on the board, as a clause: `"each side
    /// takes the seeds on its own side"` or `"the seeds left are not
    /// counted"`.
    ///
    /// ```
    /// use oware::Leftover;
    /// assert_eq!(Leftover::NotCounted.description(), "the seeds left are not counted");
    /// ```
    #[must_use]
    pub const fn description(self) -> &'static str {
        match self {
            Leftover::EachTakesOwn => "each side takes the seeds on its own side",
            Leftover::NotCounted => "the seeds left are not counted",
        }
    }
}

impl Variant {
    /// The preset as a menu offers it: the game's name, then what sets the
    /// preset apart: `"Oware, Abapa (tournament rules)"`, `"Kalah (6
    /// houses, 4 seeds)"`.
    ///
    /// ```
    /// use oware::Variant;
    /// assert_eq!(Variant::Awale.description(), "Oware, Awalé (grand slam forbidden)");
    /// assert_eq!(Variant::Congkak.description(), "Congkak (7 houses, 7 seeds)");
    /// ```
    #[must_use]
    pub const fn description(self) -> &'static str {
        match self {
            Variant::Abapa => "Oware, Abapa (tournament rules)",
            Variant::OpenSpiel => "Oware, OpenSpiel (first repetition ends it)",
            Variant::Awale => "Oware, Awalé (grand slam forbidden)",
            Variant::Kalah => "Kalah (6 houses, 4 seeds)",
            Variant::KalahIrving => "Kalah (6 houses, 4 seeds, with the empty capture)",
            Variant::Congkak => "Congkak (7 houses, 7 seeds)",
        }
    }
}

impl Ruleset {
    /// The game's banner: its family's name, the ruleset when it is more
    /// than that name, and the board: `"Oware (abapa rules), 6 houses a
    /// side, 4 seeds in each"`.
    ///
    /// ```
    /// use oware::{Ruleset, Variant};
    /// assert_eq!(Ruleset::abapa().title(), "Oware (abapa rules), 6 houses a side, 4 seeds in each");
    /// assert_eq!(Variant::Kalah.ruleset().title(), "Kalah, 6 houses a side, 4 seeds in each");
    /// ```
    #[must_use]
    pub fn title(&self) -> String {
        let name = self.family().name();
        let rules = self.to_string();
        let rules = if rules.eq_ignore_ascii_case(name) {
            String::new()
        } else {
            format!(" ({rules} rules)")
        };
        format!(
            "{name}{rules}, {} houses a side, {} in each",
            self.houses_per_side(),
            seeds(self.seeds_per_house())
        )
    }
}

impl Outcome {
    /// The rule that ended the game under `family`'s rules
    /// (`rules/abapa.md`, `rules/kalah.md`, `rules/congkak.md`): R8 (no
    /// moves), R9 (majority), R10 (half each, a draw) or R11 (cycle, move
    /// limit, agreement) for Oware, K4 for Kalah, C7 for Congkak.
    ///
    /// ```
    /// use oware::{Position, Variant};
    /// let pos: Position = "0,0,0,0,0,0/0,0,0,0,0,2 s 21 25".parse()?;
    /// let outcome = pos.outcome().unwrap();
    /// assert_eq!(outcome.rule(pos.ruleset().family()), "R9");
    /// assert_eq!(outcome.rule(Variant::Kalah.ruleset().family()), "K4");
    /// # Ok::<_, oware::ParsePositionError>(())
    /// ```
    #[must_use]
    pub const fn rule(&self, family: &Family) -> &'static str {
        family.endings().rule(self)
    }

    /// The result, the winner's score first, with `wins` for the verb:
    /// `"South wins 27-21"`, `"24-24, a draw"`.
    fn result(&self, wins: &str) -> String {
        let (south, north) = (self.scores.south, self.scores.north);
        match self.winner {
            Some(side) => {
                let (won, lost) = side.fold_sn((south, north), (north, south));
                format!("{side} {wins} {won}-{lost}")
            }
            None => format!("{south}-{north}, a draw"),
        }
    }
}

impl Game {
    /// How the game ended, as a sentence with the rule and the result
    /// (`None` while it goes on): `"North has captured more than half the
    /// seeds (R9); North wins 25-21"`, `"South cannot feed North: South
    /// takes its 4 seeds (R8); 24-24, a draw"`.
    ///
    /// ```
    /// use oware::{Game, Ruleset};
    /// let mut game = Game::new(Ruleset::abapa());
    /// assert_eq!(game.ending(), None);
    /// game.end_by_agreement().unwrap();
    /// assert_eq!(
    ///     game.ending().unwrap(),
    ///     "Ended by agreement: each side takes the seeds on its own side (R11); 24-24, a draw"
    /// );
    /// ```
    #[must_use]
    pub fn ending(&self) -> Option<String> {
        let outcome = self.outcome()?;
        let pos = self.position();
        let board = pos.board();
        let rule = outcome.rule(self.ruleset().family());
        let split = self.ruleset().cycle().leftover.description();
        let mover = pos.turn();
        let why = match outcome.termination {
            Termination::NoMoves if board.row_seeds(mover) == 0 => {
                format!(
                    "{mover} has no seeds to sow: each side takes the seeds on its own side ({rule})"
                )
            }
            Termination::NoMoves => format!(
                "{mover} cannot feed {}: {mover} takes its {} ({rule})",
                !mover,
                seeds(board.row_seeds(mover))
            ),
            Termination::Majority if outcome.winner.is_none() => {
                format!("Both sides have captured half the seeds ({rule})")
            }
            Termination::Majority => format!(
                "{} has captured more than half the seeds ({rule})",
                outcome.winner.unwrap_or(mover)
            ),
            Termination::Cycle => format!(
                "The same position has come up {} times: {split} ({rule})",
                self.repetitions()
            ),
            Termination::MoveLimit => format!(
                "{} plies without a capture: {split} ({rule})",
                self.plies_since_capture()
            ),
            Termination::Agreement => format!("Ended by agreement: {split} ({rule})"),
            Termination::EmptyRow => {
                let empty = Side::ALL
                    .into_iter()
                    .find(|&s| board.row_seeds(s) == 0)
                    .unwrap_or(mover);
                format!("{empty}'s houses are empty: the seeds left go to the stores ({rule})")
            }
            Termination::EmptyBoard => format!("Every seed is in a store ({rule})"),
        };
        Some(format!("{why}; {}", outcome.result("wins")))
    }

    /// What ending the game by agreement now would give, before it is
    /// agreed (`None` once the game is over): `"By agreement each side
    /// takes the seeds on its own side (R11): 24-24, a draw"`.
    ///
    /// ```
    /// use oware::{Game, Ruleset};
    /// let game = Game::new(Ruleset::abapa());
    /// assert_eq!(
    ///     game.agreement_terms().unwrap(),
    ///     "By agreement each side takes the seeds on its own side (R11): 24-24, a draw"
    /// );
    /// ```
    #[must_use]
    pub fn agreement_terms(&self) -> Option<String> {
        let outcome = self.clone().end_by_agreement().ok()?;
        let ruleset = self.ruleset();
        Some(format!(
            "By agreement {} ({}): {}",
            ruleset.cycle().leftover.description(),
            outcome.rule(ruleset.family()),
            outcome.result("would win")
        ))
    }
}

impl fmt::Display for Hint {
    /// The hint to the player whose move it is: how they stand, the move
    /// and where it comes from: `"you can win within 3 plies; best: F (the
    /// line: F c E)"`, `"you are 1.4 seeds behind; best: c (the engine's
    /// line, 12 plies deep: c D e)"`, `"with perfect play you capture 3
    /// seeds more than North from here on; best: F (endgame database)"`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let opponent = !self.side;
        let m = self.best_move;
        let line = self
            .line
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        match self.judgement {
            Judgement::Perfect { captures } => {
                let n = seeds(captures.unsigned_abs());
                let gain = match captures {
                    0 => "as many seeds as".to_owned(),
                    c if c > 0 => format!("{n} more than"),
                    _ => format!("{n} fewer than"),
                };
                write!(
                    f,
                    "with perfect play you capture {gain} {opponent} from here on; best: {m} (endgame database)"
                )
            }
            Judgement::ForcedEnd {
                win: true,
                plies: n,
            } => {
                write!(
                    f,
                    "you can win within {}; best: {m} (the line: {line})",
                    plies(n)
                )
            }
            Judgement::ForcedEnd {
                win: false,
                plies: n,
            } => write!(
                f,
                "you lose within {} if {opponent} plays its best; best: {m} (the line: {line})",
                plies(n)
            ),
            Judgement::Estimate {
                seeds: ahead,
                depth,
            } => write!(
                f,
                "{}; best: {m} (the engine's line, {} deep: {line})",
                standing(ahead),
                plies(depth)
            ),
        }
    }
}

/// How a side stands `ahead` seeds ahead (behind when below 0), to its
/// player, to one decimal: "you are 1.4 seeds behind", "you are 1 seed
/// ahead", "you are level".
fn standing(ahead: f64) -> String {
    let margin = format!("{:.1}", ahead.abs());
    let margin = margin.strip_suffix(".0").unwrap_or(&margin);
    let direction = if ahead > 0.0 { "ahead" } else { "behind" };
    match margin {
        "0" => "you are level".to_owned(),
        "1" => format!("you are 1 seed {direction}"),
        _ => format!("you are {margin} seeds {direction}"),
    }
}

/// `"1 seed"`, `"4 seeds"`.
fn seeds(n: impl Into<u16>) -> String {
    count(n.into(), "seed", "seeds")
}

/// `"1 ply"`, `"2 plies"`.
fn plies(n: impl Into<u16>) -> String {
    count(n.into(), "ply", "plies")
}

fn count(n: u16, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{BySide, Position};

    #[test]
    fn every_family_and_variant_has_words() {
        for variant in Variant::ALL {
            let ruleset = variant.ruleset();
            let name = ruleset.family().name();
            assert!(variant.description().starts_with(name), "{variant:?}");
            assert!(ruleset.title().starts_with(name), "{variant:?}");
        }
    }

    #[test]
    fn the_rules_that_end_an_oware_game() {
        let family = *Ruleset::abapa().family();
        let rule = |termination, scores: (u8, u8)| {
            Outcome::from_scores(
                termination,
                BySide {
                    south: scores.0,
                    north: scores.1,
                },
            )
            .rule(&family)
        };
        assert_eq!(rule(Termination::NoMoves, (20, 28)), "R8");
        assert_eq!(rule(Termination::Majority, (25, 20)), "R9");
        assert_eq!(rule(Termination::Majority, (24, 24)), "R10");
        for t in [
            Termination::Cycle,
            Termination::MoveLimit,
            Termination::Agreement,
        ] {
            assert_eq!(rule(t, (24, 24)), "R11");
        }
        let congkak = *Variant::Congkak.ruleset().family();
        let outcome = Outcome::from_scores(Termination::EmptyBoard, BySide::default());
        assert_eq!(outcome.rule(&congkak), "C7");
    }

    #[test]
    fn a_starved_side_that_cannot_be_fed() {
        // North has no seeds; South's one seed cannot reach it.
        let pos: Position = "1,0,0,0,0,0/0,0,0,0,0,0 s 23 24".parse().unwrap();
        let game = Game::from_position(pos);
        assert_eq!(
            game.ending().unwrap(),
            "South cannot feed North: South takes its 1 seed (R8); 24-24, a draw"
        );
        assert_eq!(game.agreement_terms(), None);
    }

    #[test]
    fn a_majority() {
        let pos: Position = "0,0,0,0,0,0/0,0,0,0,0,2 s 21 25".parse().unwrap();
        let ending = Game::from_position(pos).ending().unwrap();
        assert_eq!(
            ending,
            "North has captured more than half the seeds (R9); North wins 25-21"
        );
    }
}
