//! Matches between two players, with an Elo estimate.

use core::fmt;

use super::{Player, Rng};
use crate::{Game, Ruleset, Side, StopHandle, Stopped};

/// The result of a match, from the first player's view.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MatchResult {
    /// Games the first player won.
    pub wins: u32,
    /// Drawn games.
    pub draws: u32,
    /// Games the first player lost.
    pub losses: u32,
}

impl MatchResult {
    /// Games played.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The first player's score: (wins + draws / 2) / games, 0 to 1.
    #[must_use]
    pub fn score(&self) -> f64 {
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(self.games().max(1))
    }

    /// The Elo difference the score implies (first player minus second),
    /// with the score kept inside (0, 1) so a clean sweep stays finite.
    #[must_use]
    pub fn elo(&self) -> f64 {
        elo_of(self.score(), self.games())
    }

    /// The half-width of the 95 % confidence interval of [`MatchResult::elo`],
    /// from the variance of the per-game results.
    #[must_use]
    pub fn elo_margin(&self) -> f64 {
        let n = f64::from(self.games().max(1));
        let p = self.score();
        let variance = (f64::from(self.wins) * (1.0 - p).powi(2)
            + f64::from(self.draws) * (0.5 - p).powi(2)
            + f64::from(self.losses) * p.powi(2))
            / n;
        // One kind of result only (a sweep): no spread was seen, so take
        // the spread of a score one half-game less extreme.
        let edge = 0.5 / n;
        let q = p.clamp(edge, 1.0 - edge);
        let variance = if variance > 0.0 {
            variance
        } else {
            q * (1.0 - q)
        };
        let se = (variance / n).sqrt();
        (elo_of(p + 1.96 * se, self.games()) - elo_of(p - 1.96 * se, self.games())) / 2.0
    }
}

fn elo_of(p: f64, games: u32) -> f64 {
    let edge = 0.5 / f64::from(games.max(1));
    let p = p.clamp(edge, 1.0 - edge);
    // An even score gives -400 × 0 = -0.0; adding 0.0 makes it +0.0.
    -400.0 * (1.0 / p - 1.0).log10() + 0.0
}

/// `x` rounded to a whole number without a negative zero, for printing:
/// `-0.3` rounds to `+0`, not `-0`.
fn whole(x: f64) -> f64 {
    x.round() + 0.0
}

impl fmt::Display for MatchResult {
    /// E.g. `+31 =4 -5 (81.2 %), Elo +254 ± 121`; an even match is `Elo +0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "+{} ={} -{} ({:.1} %), Elo {:+} ± {}",
            self.wins,
            self.draws,
            self.losses,
            100.0 * self.score(),
            whole(self.elo()),
            whole(self.elo_margin())
        )
    }
}

/// Plays `games` games of `ruleset` between players made by `first` and
/// `second` (each called with a seed for every game), in pairs: each pair
/// starts from the same random two-ply opening, once with each player as
/// South. Returns the result from the first player's view.
/// [`play_match_with_stop`] can be stopped.
///
/// ```
/// use oware::search::{Level, Player, play_match};
/// use oware::Ruleset;
/// let result = play_match(Ruleset::abapa(), 4, 1, |s| Player::new(Level::Two, s), |s| Player::new(Level::One, s));
/// assert_eq!(result.games(), 4);
/// ```
pub fn play_match(
    ruleset: Ruleset,
    games: u32,
    seed: u64,
    first: impl FnMut(u64) -> Player,
    second: impl FnMut(u64) -> Player,
) -> MatchResult {
    let never = StopHandle::new();
    play_match_with_stop(ruleset, games, seed, first, second, &never)
        .unwrap_or_else(|Stopped| unreachable!("no one holds this stop handle"))
}

/// [`play_match`] that `stop` can end: the flag is looked at before every
/// move, and each player's searches are given it
/// ([`Player::set_stop`]), so a stop ends the match within a move's first
/// search iteration. The players' searches leave the flag set.
///
/// ```
/// use oware::search::{Level, Player, play_match_with_stop};
/// use oware::{Ruleset, StopHandle, Stopped};
/// let stop = StopHandle::new();
/// let players = |s| Player::new(Level::Two, s);
/// assert_eq!(play_match_with_stop(Ruleset::abapa(), 2, 1, players, players, &stop)?.games(), 2);
/// stop.stop();
/// assert_eq!(play_match_with_stop(Ruleset::abapa(), 1_000_000, 1, players, players, &stop), Err(Stopped));
/// # Ok::<_, Stopped>(())
/// ```
///
/// # Errors
/// [`Stopped`] when the flag is set before the last game ends (at once if
/// it is set when the call starts); the games played are not returned.
pub fn play_match_with_stop(
    ruleset: Ruleset,
    games: u32,
    seed: u64,
    mut first: impl FnMut(u64) -> Player,
    mut second: impl FnMut(u64) -> Player,
    stop: &StopHandle,
) -> Result<MatchResult, Stopped> {
    let mut rng = Rng::new(seed);
    let mut result = MatchResult::default();
    for game_number in 0..games {
        if game_number % 2 == 0 {
            rng = Rng::new(seed ^ u64::from(game_number / 2).wrapping_mul(0x9e37_79b9));
        }
        let opening = random_opening(ruleset, &mut rng.clone(), 2);
        let first_is_south = game_number % 2 == 0;
        let game_seed = seed.wrapping_add(u64::from(game_number));
        let mut a = first(game_seed);
        let mut b = second(game_seed ^ 0x5555);
        a.set_stop(stop.clone());
        b.set_stop(stop.clone());
        let mut game = opening;
        loop {
            if stop.is_stopped() {
                return Err(Stopped);
            }
            if game.is_game_over() {
                break;
            }
            let south_to_move = game.position().turn() == Side::South;
            let player = if south_to_move == first_is_south {
                &mut a
            } else {
                &mut b
            };
            let Some(m) = player.choose(&game) else { break };
            if game.play(m).is_err() {
                break;
            }
        }
        let first_side = if first_is_south {
            Side::South
        } else {
            Side::North
        };
        match game.outcome().and_then(|o| o.winner) {
            Some(side) if side == first_side => result.wins += 1,
            Some(_) => result.losses += 1,
            None => result.draws += 1,
        }
    }
    Ok(result)
}

/// A game of `ruleset` after `plies` random legal moves.
fn random_opening(ruleset: Ruleset, rng: &mut Rng, plies: usize) -> Game {
    let mut game = Game::new(ruleset);
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        let _ = game.play(m);
    }
    game
}

#[cfg(test)]
mod tests {
    use super::MatchResult;

    fn result(wins: u32, draws: u32, losses: u32) -> MatchResult {
        MatchResult {
            wins,
            draws,
            losses,
        }
    }

    /// An even match printed "Elo -0" (-400 × log10(1) is -0.0), and so
    /// did any Elo just below 0 and every one-game match (its score is
    /// kept within half a game of even).
    #[test]
    fn even_matches_print_elo_plus_zero() {
        assert_eq!(result(0, 1, 0).to_string(), "+0 =1 -0 (50.0 %), Elo +0 ± 0");
        assert_eq!(
            result(1, 0, 1).to_string(),
            "+1 =0 -1 (50.0 %), Elo +0 ± 191"
        );
        assert!(result(0, 1, 0).elo().is_sign_positive());
        assert!(result(3, 4, 3).elo().is_sign_positive());
        // Elo -0.17 rounds to 0.
        let close = result(999, 0, 1000);
        assert!((close.elo() - -0.17).abs() < 0.01, "{}", close.elo());
        assert!(close.to_string().ends_with("Elo +0 ± 15"), "{close}");
        assert_eq!(
            result(1, 0, 0).to_string(),
            "+1 =0 -0 (100.0 %), Elo +0 ± 0"
        );
    }
}
