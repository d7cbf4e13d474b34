//! A live game's clock, kept by the server.

use serde::Serialize;

use oware::Side;

use crate::wire::Sides;

/// Milliseconds since 1970.
pub(super) fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// A game's clock, kept by the server: each side's time left, and the
/// increment added after each of its moves. It starts running after the
/// first move of the game (South's first move is free), for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clock {
    /// Each side's time at the start, in milliseconds.
    pub base_ms: u64,
    /// Added to a side's time after each of its moves, in milliseconds.
    pub increment_ms: u64,
    /// South's and North's time left when their time last stopped.
    pub(super) left: [u64; 2],
    /// When the side to move's time began to run (none before the first move).
    pub(super) since: Option<u64>,
}

impl Clock {
    /// The most time a side starts with (3 hours), and the most increment (a minute).
    const MAX_BASE_SECS: u64 = 3 * 3600;
    const MAX_INCREMENT_SECS: u64 = 60;

    /// A clock of `base_secs` a side and `increment_secs` a move.
    pub fn new(base_secs: u64, increment_secs: u64) -> Result<Clock, String> {
        if !(1..=Self::MAX_BASE_SECS).contains(&base_secs) {
            return Err(format!(
                "a clock's base_secs must be 1 to {}, not {base_secs}",
                Self::MAX_BASE_SECS
            ));
        }
        if increment_secs > Self::MAX_INCREMENT_SECS {
            return Err(format!(
                "a clock's increment_secs must be 0 to {}, not {increment_secs}",
                Self::MAX_INCREMENT_SECS
            ));
        }
        Ok(Clock {
            base_ms: base_secs * 1000,
            increment_ms: increment_secs * 1000,
            left: [base_secs * 1000; 2],
            since: None,
        })
    }

    /// `side`'s time left at `now`, with `turn` to move.
    pub(super) fn left(&self, side: Side, turn: Side, now: u64) -> u64 {
        let stored = self.left[side as usize];
        match self.since {
            Some(since) if side == turn => stored.saturating_sub(now.saturating_sub(since)),
            _ => stored,
        }
    }

    /// The side whose time has run out at `now`, `turn` to move.
    pub(super) fn flagged(&self, turn: Side, now: u64) -> Option<Side> {
        (self.since.is_some() && self.left(turn, turn, now) == 0).then_some(turn)
    }

    /// `mover` has moved at `now`: its time stops, gains the increment,
    /// and the other side's starts.
    pub(super) fn moved(&mut self, mover: Side, now: u64) {
        if self.since.is_some() {
            let left = self.left(mover, mover, now);
            self.left[mover as usize] = left + self.increment_ms;
        }
        self.since = Some(now);
    }

    /// The clock stops at `now`, `turn` to move (the game is over).
    pub(super) fn stop(&mut self, turn: Side, now: u64) {
        self.left[turn as usize] = self.left(turn, turn, now);
        self.since = None;
    }

    /// The state as the store keeps it: `base,increment,south,north,since`.
    pub(super) fn stored(&self) -> String {
        let since = self.since.map(|s| s.to_string()).unwrap_or_default();
        format!(
            "{},{},{},{},{since}",
            self.base_ms, self.increment_ms, self.left[0], self.left[1]
        )
    }

    /// The clock `text` (as `stored` writes it) holds.
    pub(super) fn from_stored(text: &str) -> Option<Clock> {
        let mut fields = text.split(',');
        let mut number = || fields.next()?.parse::<u64>().ok();
        let (base_ms, increment_ms, south, north) = (number()?, number()?, number()?, number()?);
        let since = match fields.next()? {
            "" => None,
            t => Some(t.parse().ok()?),
        };
        Some(Clock {
            base_ms,
            increment_ms,
            left: [south, north],
            since,
        })
    }
}

/// A clock as the pages show it.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct ClockView {
    /// Each side's time left, in milliseconds, when the view was made.
    pub left: Sides<u64>,
    /// The side whose time is running, if one's is.
    pub running: Option<&'static str>,
    /// The increment a move, in milliseconds.
    pub increment_ms: u64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use oware::Side;

    #[test]
    fn a_clock_runs_for_the_side_to_move_from_the_first_move_and_flags_it() {
        assert!(Clock::new(0, 0).is_err() && Clock::new(60, 61).is_err());
        let mut clock = Clock::new(10, 2).unwrap();
        assert_eq!(
            clock.flagged(Side::South, 1_000_000),
            None,
            "not running before a move"
        );
        clock.moved(Side::South, 1_000);
        assert_eq!(
            clock.left(Side::South, Side::North, 1_000),
            10_000,
            "the first move is free"
        );
        assert_eq!(clock.left(Side::North, Side::North, 4_000), 7_000);
        clock.moved(Side::North, 4_000);
        assert_eq!(
            clock.left(Side::North, Side::South, 4_000),
            9_000,
            "7 s left and 2 s added"
        );
        assert_eq!(clock.flagged(Side::South, 13_999), None);
        assert_eq!(clock.flagged(Side::South, 14_000), Some(Side::South));
        assert_eq!(Clock::from_stored(&clock.stored()), Some(clock));
        assert_eq!(Clock::from_stored("1,2,3"), None);
    }
}
