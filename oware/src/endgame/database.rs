//! The database: one solved layer per seed total, built bottom up, and the
//! probe that reads values and best moves from it.

use super::layer::{Child, Frame, Houses};
use super::retrograde::{MAX_RANK, NO_RANK, UNSET, Work};
use super::stored::Layer;
use super::{Convention, EndgameError, Probe, ProbeError, SeedIndex, Value};
use crate::stop::Checker;
use crate::{Game, MAX_HOUSES, Move, MoveList, Position, Ruleset, StopHandle};

/// The most seeds the index is made for: beyond any layer that fits.
pub(crate) const INDEX_SEEDS: usize = 60;

/// Layers hold fewer positions than this (their indices are `u32` with a
/// flag bit to spare): for Abapa's board, up to 28 seeds.
pub const MAX_LAYER_POSITIONS: u64 = 1 << 31;

/// An endgame database: the value of every position of one Oware ruleset
/// with up to [`Database::max_seeds`] seeds on the board, under one
/// [`Convention`] for endless play, with what best play needs to make
/// progress.
///
/// Built by [`Database::build`] (or layer by layer with
/// [`Database::build_next_layer`]), written and read with
/// [`Database::write`] and [`Database::read`], probed with
/// [`Database::probe`]. See [the module documentation](super) for what the
/// values mean. A clone shares the layers with the original (they never
/// change once built): it costs no copy of them.
///
/// ```
/// use oware::endgame::{Convention, Database};
/// use oware::{Position, Ruleset};
/// let db = Database::build(&Ruleset::abapa(), Convention::EvenSplit, 4)?;
/// // South's F (1 seed) lands in North's a, making 2: captured. North's
/// // last seed (b) cannot feed South, so North takes it (R8): 2 - 1.
/// let pos: Position = "0,0,0,0,0,1/1,1,0,0,0,0 s 24 21".parse()?;
/// let probe = db.probe(&pos)?;
/// assert_eq!(probe.value.exact(), Some(1));
/// assert_eq!(probe.best_moves[0].to_string(), "F");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Database {
    pub(crate) ruleset: Ruleset,
    pub(crate) convention: Convention,
    pub(crate) index: SeedIndex,
    pub(crate) layers: Vec<Layer>,
}

/// How far the building of a layer has gone: given to the callback of
/// [`Database::build_next_layer`] after each step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The seed total of the layer being built.
    pub seeds: u8,
    /// The positions in that layer.
    pub positions: u64,
    /// Steps done (0 when the layer starts): the first reads every move,
    /// about a third of the layer's time; then one per threshold.
    pub step: u32,
    /// Steps in all for this layer.
    pub steps: u32,
    /// The longest propagation so far in this layer, in plies: the most
    /// quiet plies best play needed to force a capture or the end.
    pub longest_plies: u32,
    /// Positions so far whose rank exceeded what a byte holds (254): for
    /// them the best moves keep the value but may not make progress.
    pub saturated: u64,
}

impl Database {
    /// An empty database (no layer yet; [`Database::max_seeds`] is `None`)
    /// for `ruleset`'s sowing, capture, grand-slam and feeding rules, under
    /// `convention`.
    ///
    /// # Errors
    /// [`EndgameError::Unsupported`] unless the ruleset is of the Oware
    /// family, and for a capture-all grand slam without must-feed (a side
    /// could then pass without a capture, which the layers do not model).
    pub fn new(ruleset: &Ruleset, convention: Convention) -> Result<Database, EndgameError> {
        let supported = ruleset.family().endgame().is_some();
        let index_seeds = usize::from(ruleset.total_seeds()).min(INDEX_SEEDS);
        let index = SeedIndex::new(2 * ruleset.houses_per_side(), index_seeds);
        match index {
            Some(index) if supported => Ok(Database {
                ruleset: *ruleset,
                convention,
                index,
                layers: Vec::new(),
            }),
            _ => Err(EndgameError::Unsupported),
        }
    }

    /// Builds every layer from 0 to `max_seeds` seeds on the board.
    /// [`Database::build_with_stop`] can be stopped.
    ///
    /// # Errors
    /// As [`Database::build_with_stop`] (never `Stopped`).
    pub fn build(
        ruleset: &Ruleset,
        convention: Convention,
        max_seeds: u8,
    ) -> Result<Database, EndgameError> {
        Database::build_with_stop(ruleset, convention, max_seeds, &StopHandle::new())
    }

    /// [`Database::build`] that `stop` can end: it is looked at every few
    /// thousand positions, so a stop ends the build within milliseconds.
    ///
    /// Before any layer is built, the memory the build needs at its peak
    /// ([`Database::memory_to_build`]) is reserved and given back at once,
    /// so that a build the process cannot hold fails now, not hours later
    /// (the reservation takes address space only, not memory that is
    /// touched). Every large array is then allocated fallibly.
    ///
    /// ```
    /// use oware::endgame::{Convention, Database, EndgameError};
    /// use oware::{Ruleset, StopHandle};
    /// let stop = StopHandle::new();
    /// stop.stop();
    /// let built = Database::build_with_stop(&Ruleset::abapa(), Convention::EvenSplit, 20, &stop);
    /// assert_eq!(built, Err(EndgameError::Stopped));
    /// ```
    ///
    /// # Errors
    /// As [`Database::new`], and, checked before any layer is built:
    /// [`EndgameError::Full`] when `max_seeds` is more than the ruleset's
    /// seeds, [`EndgameError::TooLarge`] when a layer up to it would hold
    /// 2^31 positions or more, [`EndgameError::OutOfMemory`] (with the
    /// estimate) when the memory the build needs cannot be reserved. Then
    /// [`EndgameError::OutOfMemory`] when an array cannot be allocated
    /// after all, and [`EndgameError::Stopped`] when `stop` is set.
    pub fn build_with_stop(
        ruleset: &Ruleset,
        convention: Convention,
        max_seeds: u8,
        stop: &StopHandle,
    ) -> Result<Database, EndgameError> {
        let mut db = Database::new(ruleset, convention)?;
        db.check_build_to(max_seeds)?;
        while db.max_seeds().is_none_or(|n| n < max_seeds) {
            db.build_next_layer_with_stop(|_| {}, stop)?;
        }
        Ok(db)
    }

    /// The checks [`Database::build_with_stop`] makes before it builds the
    /// layers up to `max_seeds` from those this database holds: the seed
    /// range, the layer sizes, and the memory, reserved and given back.
    ///
    /// # Errors
    /// As [`Database::build_with_stop`], before any layer is built.
    fn check_build_to(&self, max_seeds: u8) -> Result<(), EndgameError> {
        if max_seeds > self.ruleset.total_seeds() || usize::from(max_seeds) > INDEX_SEEDS {
            return Err(EndgameError::Full);
        }
        let first = self.layers.len() as u8;
        if let Some(seeds) = (first..=max_seeds).find(|&k| self.positions(k) >= MAX_LAYER_POSITIONS)
        {
            return Err(EndgameError::TooLarge { seeds });
        }
        let bytes = self.memory_to_build_to(max_seeds);
        let reserve = usize::try_from(bytes)
            .ok()
            .and_then(|n| Vec::<u8>::new().try_reserve_exact(n).ok());
        reserve.ok_or(EndgameError::OutOfMemory { bytes })
    }

    /// An estimate of the memory, in bytes, that building the layers of 0
    /// to `max_seeds` seeds of `ruleset` under `convention` holds at its
    /// peak (0 for a ruleset without databases). Building layer `k` holds
    /// every layer below it, at 2 bytes a position under
    /// [`Convention::EvenSplit`] (value and rank) and 3 under
    /// [`Convention::EachTakesOwn`] (two bounds and rank), and 8 bytes a
    /// position of layer `k`: 6 of work arrays (bounds, rank, open-move
    /// count, best exits) and 2 of propagation queues (measured: at most
    /// 1.1), which are freed before the 1 or 2 bytes of bounds it keeps
    /// are allocated. The peak is the largest of these sums,
    /// the last layer's. Threads add a few MiB, and the process its own.
    ///
    /// ```
    /// use oware::endgame::{Convention, Database};
    /// use oware::Ruleset;
    /// let abapa = Ruleset::abapa();
    /// // Layers 0..=17 hold 51 895 935 positions, layer 18 34 597 290.
    /// let bytes = Database::memory_to_build(&abapa, Convention::EvenSplit, 18);
    /// assert_eq!(bytes, 51_895_935 * 2 + 34_597_290 * 8);
    /// assert!(Database::memory_to_build(&abapa, Convention::EachTakesOwn, 28) > 20 << 30);
    /// ```
    #[must_use]
    pub fn memory_to_build(ruleset: &Ruleset, convention: Convention, max_seeds: u8) -> u64 {
        Database::new(ruleset, convention).map_or(0, |db| db.memory_to_build_to(max_seeds))
    }

    /// [`Database::memory_to_build`] from the layers this database holds.
    pub(crate) fn memory_to_build_to(&self, max_seeds: u8) -> u64 {
        let stored = match self.convention {
            Convention::EvenSplit => 2,
            Convention::EachTakesOwn => 3,
        };
        // The queues are freed before the bounds are kept.
        let solving = Work::BYTES + Work::QUEUE_BYTES.max(Work::finish_bytes(self.convention));
        let mut below: u64 = self.layers.iter().map(Layer::bytes).sum();
        let mut peak = 0;
        for k in self.layers.len()..=usize::from(max_seeds) {
            let n = self.index.count(k);
            peak = peak.max(below.saturating_add(n.saturating_mul(solving)));
            below = below.saturating_add(n.saturating_mul(stored));
        }
        peak
    }

    /// The ruleset the database was built for.
    #[must_use]
    pub const fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// The convention for endless play.
    #[must_use]
    pub const fn convention(&self) -> Convention {
        self.convention
    }

    /// The most seeds on the board of a position the database holds;
    /// `None` before the first layer.
    #[must_use]
    pub fn max_seeds(&self) -> Option<u8> {
        self.layers.len().checked_sub(1).map(|n| n as u8)
    }

    /// The positions with exactly `seeds` seeds on the board (each side to
    /// move counted once, since the database folds mirror images): the
    /// entries of that layer.
    #[must_use]
    pub fn positions(&self, seeds: u8) -> u64 {
        self.index.count(usize::from(seeds))
    }

    /// Builds the layer of one more seed than [`Database::max_seeds`] (the
    /// first is 0), calling `progress` before the first step and after
    /// each; returns its seed total. Uses every core the machine offers for the first step.
    ///
    /// # Errors
    /// As [`Database::build_next_layer_with_stop`] (never `Stopped`).
    pub fn build_next_layer(&mut self, progress: impl FnMut(Progress)) -> Result<u8, EndgameError> {
        self.build_next_layer_with_stop(progress, &StopHandle::new())
    }

    /// [`Database::build_next_layer`] that `stop` can end (looked at every
    /// few thousand positions); a stopped layer is dropped, and the
    /// database keeps the layers it held.
    ///
    /// # Errors
    /// [`EndgameError::Full`] when the layers already reach the ruleset's
    /// seed total; [`EndgameError::TooLarge`] when the layer would hold
    /// 2^31 positions or more; [`EndgameError::OutOfMemory`] when one of
    /// its arrays cannot be allocated; [`EndgameError::Stopped`] when
    /// `stop` is set.
    pub fn build_next_layer_with_stop(
        &mut self,
        mut progress: impl FnMut(Progress),
        stop: &StopHandle,
    ) -> Result<u8, EndgameError> {
        let (seeds, n) = self.next_layer()?;
        let (top, bottom) = Work::thresholds(self.convention, seeds as i8);
        let steps = 1 + (top - bottom + 1).max(0) as u32;
        let mut report = Progress {
            seeds: seeds as u8,
            positions: n,
            step: 0,
            steps,
            longest_plies: 0,
            saturated: 0,
        };
        progress(report);
        if stop.is_stopped() {
            return Err(EndgameError::Stopped);
        }
        let mut work = Work::new(n as usize)?;
        self.read_moves(seeds, 0, &mut work, stop)?;
        report.step = 1;
        progress(report);
        let frame = self.frame(seeds);
        work.solve(
            top,
            bottom,
            |i, buf| {
                let mut houses: Houses = [0; 2 * MAX_HOUSES];
                self.decode(seeds, u64::from(i), &mut houses);
                frame.predecessors(&houses, |p| buf.push(p as u32));
            },
            |stats| {
                report.step += 1;
                report.longest_plies = stats.rounds;
                report.saturated = stats.saturated;
                progress(report);
            },
            stop,
        )?;
        let layer = self.finish(seeds, work)?;
        self.layers.push(layer);
        Ok(seeds as u8)
    }

    /// The seed total of the layer after those this database holds, and
    /// its positions.
    ///
    /// # Errors
    /// [`EndgameError::Full`] when the layers already reach the ruleset's
    /// seed total; [`EndgameError::TooLarge`] when the layer would hold
    /// 2^31 positions or more.
    pub(super) fn next_layer(&self) -> Result<(usize, u64), EndgameError> {
        let seeds = self.layers.len();
        if seeds > usize::from(self.ruleset.total_seeds()) || seeds > INDEX_SEEDS {
            return Err(EndgameError::Full);
        }
        let n = self.index.count(seeds);
        if n >= MAX_LAYER_POSITIONS {
            return Err(EndgameError::TooLarge { seeds: seeds as u8 });
        }
        Ok((seeds, n))
    }

    /// The first step of a layer: every move of the positions from index
    /// `start` on that `work` holds, quiet ones counted, those leaving the
    /// layer valued from the layers below; split over the machine's cores
    /// (on this thread alone if no other starts).
    pub(super) fn read_moves(
        &self,
        seeds: usize,
        start: usize,
        work: &mut Work,
        stop: &StopHandle,
    ) -> Result<(), EndgameError> {
        let n = work.open.len();
        let threads = std::thread::available_parallelism().map_or(1, |t| t.get());
        let chunk = n.div_ceil(threads).max(1);
        let parts = work
            .open
            .chunks_mut(chunk)
            .zip(work.best_lower_exit.chunks_mut(chunk))
            .zip(work.best_upper_exit.chunks_mut(chunk));
        super::threads::run_all(parts.enumerate().map(|(k, ((open, lower), upper))| {
            move || self.read_moves_from(seeds, start + k * chunk, open, lower, upper, stop)
        }));
        // A part stopped early leaves the flag set.
        Checker::new(stop).now().map_err(EndgameError::from)
    }

    /// [`Database::read_moves`] for the positions from index `start` on.
    fn read_moves_from(
        &self,
        seeds: usize,
        start: usize,
        open: &mut [u8],
        lower: &mut [i8],
        upper: &mut [i8],
        stop: &StopHandle,
    ) {
        let mut checker = Checker::new(stop);
        let frame = self.frame(seeds);
        let mut houses: Houses = [0; 2 * MAX_HOUSES];
        self.decode(seeds, start as u64, &mut houses);
        let h2 = 2 * self.ruleset.houses_per_side();
        for i in 0..open.len() {
            if checker.step().is_err() {
                return;
            }
            let (mut quiet, mut best_lower, mut best_upper) = (0, UNSET, UNSET);
            let moves = frame.children(&houses, |_, child| match child {
                Child::Quiet(_) => quiet += 1,
                exit => {
                    let v = self.child_value(exit);
                    best_lower = best_lower.max(v.lower);
                    best_upper = best_upper.max(v.upper);
                }
            });
            if moves == 0 {
                let v = self.no_move_value(&houses, seeds);
                (best_lower, best_upper) = (v.lower, v.upper);
            }
            (open[i], lower[i], upper[i]) = (quiet, best_lower, best_upper);
            self.index.next(&mut houses[..h2]);
        }
    }

    /// The value of a position without a legal move (R8): each side takes
    /// the seeds in its row.
    pub(crate) fn no_move_value(&self, houses: &Houses, seeds: usize) -> Value {
        let h = self.ruleset.houses_per_side();
        let own: i16 = houses[..h].iter().map(|&s| i16::from(s)).sum();
        let v = (2 * own - seeds as i16) as i8;
        Value { lower: v, upper: v }
    }

    /// The value of a move that leaves the layer, for its mover.
    pub(crate) fn child_value(&self, child: Child) -> Value {
        let Child::Exit {
            net,
            seeds,
            index,
            same_side,
        } = child
        else {
            unreachable!("quiet moves stay in the layer")
        };
        Value::after_move(net, same_side, self.layers[seeds].value(index as usize))
    }

    /// The stored layer from the solved work arrays.
    fn finish(&self, seeds: usize, work: Work) -> Result<Layer, EndgameError> {
        let (lower, upper) = work.bounds(self.convention, seeds as i8)?;
        Ok(Layer::own(lower, upper, work.rank))
    }

    /// The frame of the positions with `seeds` seeds.
    pub(crate) fn frame(&self, seeds: usize) -> Frame<'_> {
        Frame {
            ruleset: &self.ruleset,
            index: &self.index,
            seeds,
        }
    }

    /// The houses of position `i` of the layer of `seeds` seeds.
    pub(super) fn decode(&self, seeds: usize, i: u64, houses: &mut Houses) {
        let h2 = 2 * self.ruleset.houses_per_side();
        self.index
            .distribution(seeds, i, &mut houses[..h2])
            .expect("indices come from the layer's range");
    }

    /// The value and the best moves of `position` (see the module
    /// documentation for their meaning).
    ///
    /// # Errors
    /// [`ProbeError::Ruleset`] when the position's rules for moves,
    /// captures and feeding differ from the database's;
    /// [`ProbeError::Empty`] when the database has no layer;
    /// [`ProbeError::TooManySeeds`] when more seeds are on its board than
    /// the database holds; [`ProbeError::GameOver`] when a side already has
    /// a majority (R9, R10), so no value remains to play for.
    pub fn probe(&self, position: &Position) -> Result<Probe, ProbeError> {
        let (houses, seeds, i) = self.locate(position)?;
        let layer = &self.layers[seeds];
        let value = layer.value(i);
        // Minus the seeds is the least any line gives: nothing to make
        // progress towards.
        let trivial = i16::from(value.lower) == -(seeds as i16);
        let rank = if trivial { NO_RANK } else { layer.rank(i) };
        let frame = self.frame(seeds);
        let mut ranked: Vec<(Move, i8, u32)> = Vec::new();
        frame.children(&houses, |m, child| {
            let v = match child {
                Child::Quiet(c) => Value::after_move(0, false, layer.value(c as usize)),
                exit => self.child_value(exit),
            };
            if v.lower != value.lower {
                return;
            }
            let order = match child {
                Child::Quiet(c) if rank != NO_RANK => {
                    let round = self.forced_round(seeds, c, value.lower);
                    if round >= u32::from(rank) {
                        return; // keeps the value but makes no progress
                    }
                    round + 1
                }
                Child::Quiet(_) => 1,
                Child::Exit { .. } => 0,
            };
            ranked.push((m, v.upper, order));
        });
        // Best first: the highest upper bound, then the quickest.
        ranked.sort_by_key(|&(m, upper, order)| (-upper, order, m.house().index()));
        let mut best_moves = MoveList::new();
        for (m, _, _) in ranked {
            best_moves.push(Move::new(position.turn(), m.house()));
        }
        let plies = match rank {
            NO_RANK => None,
            MAX_RANK => Some(u16::MAX),
            rank => Some(u16::from(rank) + 1),
        };
        Ok(Probe {
            value,
            best_moves,
            seeds: seeds as u8,
            plies,
        })
    }

    /// The move perfect play makes in `game`, with the value it secures:
    /// `None` unless the database holds an exact value for the game's
    /// position under the convention of the game's ruleset
    /// ([`Convention::of`]) and the game's history lets best play secure it
    /// ([`Probe::safe_in`]); then the database's first best move. Level 5
    /// plays it ([`Player::with_endgame`](crate::search::Player::with_endgame)).
    ///
    /// ```
    /// use oware::endgame::{Convention, Database};
    /// use oware::{Game, Position, Ruleset};
    /// let db = Database::build(&Ruleset::abapa(), Convention::EachTakesOwn, 3)?;
    /// let pos: Position = "0,0,0,0,0,1/1,1,0,0,0,0 s 24 21".parse()?;
    /// let (m, value) = db.perfect_move(&Game::from(pos)).unwrap();
    /// assert_eq!((m.to_string(), value), ("F".to_string(), 1));
    /// // An EvenSplit database does not answer for Abapa's cycle rule.
    /// let even = Database::build(&Ruleset::abapa(), Convention::EvenSplit, 3)?;
    /// assert_eq!(even.perfect_move(&Game::from(pos)), None);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn perfect_move(&self, game: &Game) -> Option<(Move, i8)> {
        if Convention::of(game.ruleset()) != self.convention {
            return None;
        }
        let probe = self.probe(game.position()).ok()?;
        let value = probe.value.exact()?;
        let first = probe.best_moves.first().copied()?;
        probe.safe_in(game).then_some((first, value))
    }

    /// The value of `position`: [`Database::probe`] without the moves.
    ///
    /// # Errors
    /// As [`Database::probe`].
    pub fn value(&self, position: &Position) -> Result<Value, ProbeError> {
        let (_, seeds, i) = self.locate(position)?;
        Ok(self.layers[seeds].value(i))
    }

    /// The frame houses, seeds and index of `position`, checked.
    fn locate(&self, position: &Position) -> Result<(Houses, usize, usize), ProbeError> {
        if !self.covers(position.ruleset()) {
            return Err(ProbeError::Ruleset);
        }
        if self.layers.is_empty() {
            return Err(ProbeError::Empty);
        }
        if position.majority_reached() {
            return Err(ProbeError::GameOver);
        }
        // The seeds first: a search asks about many positions above the
        // database, which need no frame.
        let seeds = usize::from(position.board.seeds_on_board());
        if seeds >= self.layers.len() {
            return Err(ProbeError::TooManySeeds {
                seeds: seeds as u8,
                max: self.max_seeds().unwrap_or(0),
            });
        }
        let houses = Frame::frame_houses(position);
        let i = self.frame(seeds).index_of(&houses) as usize;
        Ok((houses, seeds, i))
    }

    /// Whether positions of `ruleset` move, capture and feed as the
    /// database's: same family options and houses (the seed total and the
    /// cycle rules do not change a value).
    #[must_use]
    pub fn covers(&self, ruleset: &Ruleset) -> bool {
        ruleset.houses_per_side() == self.ruleset.houses_per_side()
            && ruleset.family() == self.ruleset.family()
    }

    /// The round in which quiet child `c` (opponent to move) entered
    /// `F_t`: one more than the latest round in which its quiet children
    /// entered `W_t`, 0 if none did at this threshold.
    fn forced_round(&self, seeds: usize, c: u64, t: i8) -> u32 {
        let layer = &self.layers[seeds];
        let mut houses: Houses = [0; 2 * MAX_HOUSES];
        self.decode(seeds, c, &mut houses);
        let mut round = 0;
        self.frame(seeds).children(&houses, |_, child| {
            if let Child::Quiet(d) = child {
                let d = d as usize;
                if layer.lower(d) == t && layer.rank(d) != NO_RANK {
                    round = round.max(u32::from(layer.rank(d)) + 1);
                }
            }
        });
        round
    }
}
