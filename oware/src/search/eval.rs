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

/// The counts an [`Evaluation`] weighs in a position, each the side to
/// move's minus the opponent's: what a tool fitting the weights to games
/// reads ([`Evaluation::terms`]). A family counts only its own terms;
/// the others are 0.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Default)]
pub struct EvalTerms {
    /// Seeds in the stores.
    pub stores: i32,
    /// Legal moves.
    pub mobility: i32,
    /// Houses that lap the board.
    pub lapping_houses: i32,
    /// Houses holding 1 or 2 seeds.
    pub weak_houses: i32,
    /// Empty houses.
    pub empty_houses: i32,
    /// Seeds in the houses (Kalah and Congkak).
    pub seeds_in_houses: i32,
}

impl EvalTerms {
    /// One side's terms less the other's.
    fn minus(self, other: EvalTerms) -> EvalTerms {
        EvalTerms {
            stores: self.stores - other.stores,
            mobility: self.mobility - other.mobility,
            lapping_houses: self.lapping_houses - other.lapping_houses,
            weak_houses: self.weak_houses - other.weak_houses,
            empty_houses: self.empty_houses - other.empty_houses,
            seeds_in_houses: self.seeds_in_houses - other.seeds_in_houses,
        }
    }
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
        self.weigh(&counts(pos, self.mobility != 0))
    }

    /// The terms an evaluation weighs in `pos`, the side to move's minus
    /// the opponent's (mobility counted, whatever its weight); an
    /// evaluation's score of `pos` is [`Evaluation::weigh`] of them.
    ///
    /// ```
    /// use oware::search::Evaluation;
    /// use oware::Position;
    /// let pos: Position = "0,0,0,0,1,2/3,0,0,0,0,0 s 20 22".parse().unwrap();
    /// let terms = Evaluation::terms(&pos);
    /// assert_eq!(terms.stores, -2);
    /// assert_eq!((terms.weak_houses, terms.empty_houses), (2 - 0, 4 - 5));
    /// // -200 for the stores, -80 a weak house, +160 an empty house fewer.
    /// assert_eq!(Evaluation::default().weigh(&terms), -200 - 160 + 160);
    /// ```
    #[must_use]
    pub fn terms(pos: &Position) -> EvalTerms {
        counts(pos, true)
    }

    /// The score of `terms`, in hundredths of a seed.
    #[must_use]
    pub fn weigh(&self, terms: &EvalTerms) -> i32 {
        100 * terms.stores
            + self.mobility * terms.mobility
            + self.lapping_houses * terms.lapping_houses
            - self.weak_houses * terms.weak_houses
            - self.empty_houses * terms.empty_houses
            + self.seeds_in_houses * terms.seeds_in_houses
    }
}

/// The terms of `pos`, with mobility only if `mobility`.
fn counts(pos: &Position, mobility: bool) -> EvalTerms {
    let me = pos.turn();
    let board = pos.board();
    let side = |side: Side| EvalTerms {
        stores: i32::from(board.store(side)),
        // Mobility costs a legal-move generation: only when asked.
        mobility: if mobility { moves_of(pos, side) } else { 0 },
        ..pos.house_terms(side)
    };
    side(me).minus(side(!me))
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
