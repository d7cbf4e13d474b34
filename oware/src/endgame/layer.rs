//! Positions of a database in its own frame: the side to move's houses
//! first, then the opponent's (so a position and its mirror image share one
//! entry), with the moves forward (to classify them) and backward (to find
//! the positions a move came from).

use super::SeedIndex;
use crate::{House, MAX_HOUSES, Move, Position, Ruleset, Side};

/// Houses in the database frame: `[..h]` the side to move's, `[h..2h]` the
/// opponent's; the rest of the array is unused.
pub(crate) type Houses = [u8; 2 * MAX_HOUSES];

/// One seed total's positions under one ruleset: makes [`Position`]s from
/// the frame (South to move; stores that make up the ruleset's seed total
/// without a majority, which a database value never depends on) and reads
/// them back.
#[derive(Clone, Copy)]
pub(crate) struct Frame<'a> {
    pub(crate) ruleset: &'a Ruleset,
    pub(crate) index: &'a SeedIndex,
    pub(crate) seeds: usize,
}

/// What a legal move leads to, seen from the side that played it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Child {
    /// No seed was captured: the opponent is to move, with the same seed
    /// total, at this index of the layer.
    Quiet(u64),
    /// Seeds left the board: the mover gained `net` (its captures minus the
    /// opponent's), and the game goes on at `index` among the positions of
    /// `seeds` seeds, with the turn passed (`same_side` false) or not (after
    /// a capture-all grand slam the captured side passes).
    Exit {
        net: i8,
        seeds: usize,
        index: u64,
        same_side: bool,
    },
}

impl Frame<'_> {
    /// Houses a side.
    fn h(&self) -> usize {
        self.ruleset.houses_per_side()
    }

    /// The position with `houses` (database frame) and South to move.
    pub(crate) fn position(&self, houses: &Houses) -> Position {
        let total = self.ruleset.total_seeds() - self.seeds as u8;
        let south = total / 2;
        Position {
            board: crate::Board {
                pits: *houses,
                stores: [south, total - south],
                houses_per_side: self.ruleset.houses_per_side,
            },
            turn: Side::South,
            ruleset: *self.ruleset,
        }
    }

    /// The houses of `position` in the database frame of its side to move,
    /// with the seeds on the board.
    pub(crate) fn houses_of(position: &Position) -> (Houses, usize) {
        let seeds = usize::from(position.board.seeds_on_board());
        (Frame::frame_houses(position), seeds)
    }

    /// The houses of `position` in the database frame of its side to move.
    pub(crate) fn frame_houses(position: &Position) -> Houses {
        if position.turn == Side::South {
            position.board.pits
        } else {
            position.board.mirrored().pits
        }
    }

    /// The index of `houses` (database frame, `2h` houses used).
    pub(crate) fn index_of(&self, houses: &Houses) -> u64 {
        self.index
            .index(&houses[..2 * self.h()])
            .expect("a database frame holds at most the index's seeds")
    }

    /// Calls `f` with each legal move of `houses` (South to move) and what it
    /// leads to; returns how many there were.
    #[inline]
    pub(crate) fn children(&self, houses: &Houses, mut f: impl FnMut(Move, Child)) -> usize {
        let pos = self.position(houses);
        let moves = pos.legal_moves();
        for &m in &moves {
            let mut child = pos;
            child.play_unchecked(m);
            f(m, self.classify(&pos, &child));
        }
        moves.len()
    }

    /// What the move from `before` (South to move) to `after` did.
    #[inline]
    pub(crate) fn classify(&self, before: &Position, after: &Position) -> Child {
        let (houses, seeds) = Frame::houses_of(after);
        let same_side = after.turn == Side::South;
        if seeds == self.seeds && !same_side {
            return Child::Quiet(self.index_of(&houses));
        }
        let gain = i16::from(after.board.stores[0]) - i16::from(before.board.stores[0]);
        let loss = i16::from(after.board.stores[1]) - i16::from(before.board.stores[1]);
        Child::Exit {
            net: (gain - loss) as i8,
            seeds,
            index: self.index_of(&houses),
            same_side,
        }
    }

    /// Calls `f` with the index of every position (in this layer) that has
    /// a legal move to `houses` (South to move) capturing nothing, once per
    /// such move.
    ///
    /// The candidates come from unsowing: North's move from house `o` with
    /// `s` seeds put one seed in each of the next `s` houses (skipping `o`
    /// on laps when the ruleset does), so taking those seeds back and
    /// putting `s` in `o` gives the position before. Each candidate is then
    /// played forward, so only real, legal, quiet moves count.
    pub(crate) fn predecessors(&self, houses: &Houses, mut f: impl FnMut(u64)) {
        let h = self.h();
        let skip = self.ruleset.family.endgame().is_some_and(|e| e.skip_origin);
        for origin in h..2 * h {
            if skip && houses[origin] != 0 {
                continue; // the origin of a move ends empty
            }
            let mut before = *houses;
            let mut at = origin;
            for sown in 1..=self.seeds {
                at = next_house(at, origin, 2 * h, skip);
                if before[at] == 0 {
                    break; // a longer sowing needs seeds that are not there
                }
                before[at] -= 1;
                if before[origin] == 0 {
                    let mut candidate = before;
                    candidate[origin] = sown as u8;
                    if let Some(i) = self.quiet_move_to(&candidate, origin - h, houses) {
                        f(i);
                    }
                }
            }
        }
    }

    /// If North, to move on `candidate` (South's frame), may play `house`
    /// and that quietly gives `target` with South to move: the candidate's
    /// index in North's frame.
    fn quiet_move_to(&self, candidate: &Houses, house: usize, target: &Houses) -> Option<u64> {
        let mut pos = self.position(candidate);
        pos.turn = Side::North;
        let m = Move::new(Side::North, House(house as u8));
        if pos.legal_mask() & 1 << house == 0 {
            return None;
        }
        let mut after = pos;
        after.play_unchecked(m);
        let quiet = after.turn == Side::South && after.board.stores == pos.board.stores;
        let h2 = 2 * self.h();
        if !quiet || after.board.pits[..h2] != target[..h2] {
            return None;
        }
        let (mirrored, _) = Frame::houses_of(&pos);
        Some(self.index_of(&mirrored))
    }
}

/// The house after `at` in sowing order on a ring of `len` houses, passing
/// over `origin` when `skip`.
fn next_house(at: usize, origin: usize, len: usize, skip: bool) -> usize {
    let next = if at + 1 == len { 0 } else { at + 1 };
    if skip && next == origin {
        if next + 1 == len { 0 } else { next + 1 }
    } else {
        next
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GrandSlam;

    fn with(f: impl Fn(&mut crate::OwareRules)) -> Ruleset {
        Ruleset::new(crate::families::abapa_with(f)).unwrap()
    }

    /// Unsowing finds exactly the quiet moves that forward play makes, as
    /// a multiset of (child, parent) pairs, on every position of up to 6
    /// seeds (and 12, whose houses can lap the board) of several rulesets.
    #[test]
    fn predecessors_are_the_quiet_moves_backwards() {
        let rulesets = [
            Ruleset::abapa(),
            Ruleset::awale(),
            with(|r| r.skip_origin = false),
            with(|r| r.grand_slam = GrandSlam::CaptureAll),
            with(|r| r.grand_slam = GrandSlam::LeftToOpponent),
            with(|r| r.must_feed = false),
        ];
        for ruleset in &rulesets {
            let index = SeedIndex::new(12, 12).unwrap();
            for seeds in (0..=6).chain([12]) {
                let frame = Frame {
                    ruleset,
                    index: &index,
                    seeds,
                };
                let n = index.count(seeds) as usize;
                let mut forward = Vec::new();
                let mut backward = Vec::new();
                let mut houses: Houses = [0; 2 * MAX_HOUSES];
                index.distribution(seeds, 0, &mut houses[..12]).unwrap();
                for p in 0..n as u64 {
                    frame.children(&houses, |_, child| {
                        if let Child::Quiet(c) = child {
                            forward.push((c, p));
                        }
                    });
                    frame.predecessors(&houses, |q| backward.push((p, q)));
                    index.next(&mut houses[..12]);
                }
                forward.sort_unstable();
                backward.sort_unstable();
                assert_eq!(forward, backward, "{ruleset}, {seeds} seeds");
            }
        }
    }
}
