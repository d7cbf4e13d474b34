//! The static evaluation: captured-seed difference plus positional terms.

use crate::{Position, Side};

/// The weights of the static evaluation, in hundredths of a seed. The
/// score is the stores' difference (×100, from the side to move's view)
/// plus these terms, each the side to move's count minus the opponent's.
///
/// [`Evaluation::default`] has the weights the engine plays with;
/// [`Evaluation::MATERIAL`] counts the stores alone. The match runner shows
/// what the positional terms are worth (see the crate README).
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Evaluation {
    /// Per legal move: mobility.
    pub mobility: i32,
    /// Per house that holds enough seeds to lap the board (12 or more in
    /// Abapa): a store of seeds for a big capture later (Oware family).
    pub lapping_houses: i32,
    /// Per house holding 1 or 2 seeds, which a last seed can turn into a
    /// capture (Oware family; counted against its owner).
    pub weak_houses: i32,
    /// Per empty house, which gives the opponent a target and its owner
    /// one move fewer (Oware family; counted against its owner).
    pub empty_houses: i32,
    /// Per seed in the side's houses (Kalah and Congkak, where the seeds
    /// left in one's houses usually end up in one's store).
    pub seeds_in_houses: i32,
}

impl Evaluation {
    /// The stores' difference alone.
    pub const MATERIAL: Evaluation = Evaluation {
        mobility: 0,
        lapping_houses: 0,
        weak_houses: 0,
        empty_houses: 0,
        seeds_in_houses: 0,
    };

    /// The score of `pos` from the side to move's view, in hundredths of a seed.
    pub(crate) fn evaluate(&self, pos: &Position) -> i32 {
        let me = pos.turn();
        let board = pos.board();
        let material = 100 * (i32::from(board.store(me)) - i32::from(board.store(!me)));
        let per_side = |side: Side| -> i32 {
            let houses = board.houses(side);
            // Mobility costs a legal-move generation: only when weighed.
            let score = match self.mobility {
                0 => 0,
                weight => weight * moves_of(pos, side),
            };
            score + pos.ruleset().family().eval_terms(self, houses)
        };
        material + per_side(me) - per_side(!me)
    }
}

/// The number of legal moves `side` would have if it were to move.
fn moves_of(pos: &Position, side: Side) -> i32 {
    let mut as_side = *pos;
    as_side.turn = side;
    as_side.legal_mask().count_ones() as i32
}

impl Default for Evaluation {
    /// The engine's weights.
    fn default() -> Evaluation {
        // Oware's weights come from self-play, 300 games at 20 000
        // positions a move, colours swapped from random openings, for each
        // setting tried. Against the earlier weights (mobility 10, lapping
        // 40, weak 20, no empty-house term): 0,60,80,120 85.3 %, Aalina's
        // own terms scaled to centiseeds (0,112,144,216) 75.3 %. Then, with
        // the capture search at the horizon, against 0,60,80,120:
        // 0,60,80,160 66.0 %, 0,60,80,200 62.3 %, 0,60,60,160 62.2 %,
        // 0,80,100,140 51.7 %.
        Evaluation {
            mobility: 0,
            lapping_houses: 60,
            weak_houses: 80,
            empty_houses: 160,
            seeds_in_houses: 25,
        }
    }
}
