//! The exact value of a position above a database's range: the positions it
//! can reach above the range are gathered and solved as layers are, by the
//! same fixpoint, with the database below.

use std::collections::HashMap;

use super::layer::{Child, Houses};
use super::retrograde::{UNSET, Work};
use super::{Database, EndgameError, ProbeError, Value};
use crate::stop::Checker;
use crate::{MAX_HOUSES, Position, StopHandle};
use core::fmt;

/// Why [`Database::solve`] gave no value.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The position cannot be probed (another ruleset, or the game is
    /// over), or the database has no layer.
    Probe(ProbeError),
    /// More than the limit of positions above the database's range are
    /// reachable.
    TooManyPositions {
        /// The limit given.
        limit: usize,
    },
    /// An array of the gathered positions' values could not be
    /// allocated.
    OutOfMemory {
        /// The bytes asked for when the allocation failed.
        bytes: u64,
    },
    /// A [`StopHandle`] stopped the solve.
    Stopped,
}

/// An error of the layer fixpoint ([`Work`]), which fails only by a failed
/// allocation or a stop, as a solve's.
fn fixpoint_error(e: EndgameError) -> SolveError {
    match e {
        EndgameError::OutOfMemory { bytes } => SolveError::OutOfMemory { bytes },
        _ => SolveError::Stopped,
    }
}

impl From<crate::Stopped> for SolveError {
    fn from(_: crate::Stopped) -> SolveError {
        SolveError::Stopped
    }
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Probe(e) => e.fmt(f),
            SolveError::TooManyPositions { limit } => write!(
                f,
                "more than {limit} positions above the database are reachable"
            ),
            SolveError::OutOfMemory { bytes } => super::out_of_memory(f, *bytes),
            SolveError::Stopped => crate::Stopped.fmt(f),
        }
    }
}

impl core::error::Error for SolveError {}

/// A move of a gathered position that the database does not settle.
#[derive(Clone, Copy)]
enum Edge {
    /// A quiet move to a gathered position of the same seeds.
    Quiet(u32),
    /// A capture to a gathered position of fewer seeds.
    Exit { net: i8, to: u32, same_side: bool },
}

/// A position above the database's range, with its moves.
struct Node {
    seeds: usize,
    edges: Vec<Edge>,
    /// The best bounds among moves into the database (or the value of a
    /// position without moves).
    known: Option<Value>,
}

impl Database {
    /// The value of `position` under the database's convention, even above
    /// [`Database::max_seeds`]: every position it can reach with more seeds
    /// than the database holds is gathered (at most `max_positions` of
    /// them) and solved layer by layer as the database was, with the
    /// database's values below. Within the database's range this is
    /// [`Database::value`].
    ///
    /// ```
    /// use oware::endgame::{Convention, Database};
    /// let small = Database::build(&oware::Ruleset::abapa(), Convention::EvenSplit, 5)?;
    /// let large = Database::build(&oware::Ruleset::abapa(), Convention::EvenSplit, 8)?;
    /// let pos: oware::Position = "1,0,2,0,0,1/0,1,0,2,0,1 s 20 20".parse()?;
    /// assert_eq!(small.solve(&pos, 100_000)?, large.value(&pos)?);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Database::solve_with_stop`] (never `Stopped`).
    pub fn solve(&self, position: &Position, max_positions: usize) -> Result<Value, SolveError> {
        self.solve_with_stop(position, max_positions, &StopHandle::new())
    }

    /// [`Database::solve`] that `stop` can end: it is looked at every few
    /// thousand positions gathered or solved.
    ///
    /// ```
    /// use oware::endgame::{Convention, Database, SolveError};
    /// use oware::StopHandle;
    /// let db = Database::build(&oware::Ruleset::abapa(), Convention::EvenSplit, 5)?;
    /// let pos: oware::Position = "1,0,2,0,0,1/0,1,0,2,0,1 s 20 20".parse()?;
    /// let stop = StopHandle::new();
    /// stop.stop();
    /// assert_eq!(db.solve_with_stop(&pos, 100_000, &stop), Err(SolveError::Stopped));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`SolveError::Probe`] as [`Database::probe`] would, except for too
    /// many seeds; [`SolveError::TooManyPositions`] past the limit;
    /// [`SolveError::OutOfMemory`] when the arrays of a group of gathered
    /// positions cannot be allocated; [`SolveError::Stopped`] when `stop`
    /// is set.
    pub fn solve_with_stop(
        &self,
        position: &Position,
        max_positions: usize,
        stop: &StopHandle,
    ) -> Result<Value, SolveError> {
        match self.value(position) {
            Err(ProbeError::TooManySeeds { .. }) => {}
            other => return other.map_err(SolveError::Probe),
        }
        Checker::new(stop).now()?;
        let (houses, seeds) = super::layer::Frame::houses_of(position);
        let nodes = self.gather(houses, seeds, max_positions, stop)?;
        Ok(self.solve_nodes(&nodes, stop)?[0])
    }

    /// Every position reachable from `houses` with more seeds than the
    /// database holds, the start first.
    fn gather(
        &self,
        houses: Houses,
        seeds: usize,
        limit: usize,
        stop: &StopHandle,
    ) -> Result<Vec<Node>, SolveError> {
        let mut checker = Checker::new(stop);
        let mut ids: HashMap<(usize, u64), u32> = HashMap::new();
        let mut keys = vec![(seeds, self.frame(seeds).index_of(&houses))];
        ids.insert(keys[0], 0);
        let mut nodes = Vec::new();
        while nodes.len() < keys.len() {
            checker.step()?;
            let (seeds, index) = keys[nodes.len()];
            let mut houses: Houses = [0; 2 * MAX_HOUSES];
            self.index
                .distribution(
                    seeds,
                    index,
                    &mut houses[..2 * self.ruleset.houses_per_side()],
                )
                .expect("gathered indices are in range");
            let mut node = Node {
                seeds,
                edges: Vec::new(),
                known: None,
            };
            let mut id_of = |key: (usize, u64)| {
                *ids.entry(key).or_insert_with(|| {
                    keys.push(key);
                    (keys.len() - 1) as u32
                })
            };
            let moves = self.frame(seeds).children(&houses, |_, child| match child {
                Child::Quiet(c) => node.edges.push(Edge::Quiet(id_of((seeds, c)))),
                Child::Exit {
                    net,
                    seeds: s,
                    index,
                    same_side,
                } if s >= self.layers.len() => {
                    let to = id_of((s, index));
                    node.edges.push(Edge::Exit { net, to, same_side });
                }
                exit => node.known = Some(best(node.known, self.child_value(exit))),
            });
            if moves == 0 {
                node.known = Some(self.no_move_value(&houses, seeds));
            }
            nodes.push(node);
            if keys.len() > limit {
                return Err(SolveError::TooManyPositions { limit });
            }
        }
        Ok(nodes)
    }

    /// Solves gathered nodes, fewest seeds first; their values by id.
    fn solve_nodes(&self, nodes: &[Node], stop: &StopHandle) -> Result<Vec<Value>, SolveError> {
        let mut values = vec![Value { lower: 0, upper: 0 }; nodes.len()];
        let mut by_seeds: Vec<usize> = (0..nodes.len()).collect();
        by_seeds.sort_by_key(|&i| nodes[i].seeds);
        for group in by_seeds.chunk_by(|&a, &b| nodes[a].seeds == nodes[b].seeds) {
            let local: HashMap<usize, u32> = group
                .iter()
                .enumerate()
                .map(|(l, &i)| (i, l as u32))
                .collect();
            let mut work = Work::new(group.len()).map_err(fixpoint_error)?;
            let mut predecessors = vec![Vec::new(); group.len()];
            for (l, &i) in group.iter().enumerate() {
                let mut known = nodes[i].known;
                for &edge in &nodes[i].edges {
                    match edge {
                        Edge::Quiet(c) => {
                            work.open[l] += 1;
                            predecessors[local[&(c as usize)] as usize].push(l as u32);
                        }
                        Edge::Exit { net, to, same_side } => {
                            let v = Value::after_move(net, same_side, values[to as usize]);
                            known = Some(best(known, v));
                        }
                    }
                }
                let known = known.map_or((UNSET, UNSET), |v| (v.lower, v.upper));
                (work.best_lower_exit[l], work.best_upper_exit[l]) = known;
            }
            let seeds = nodes[group[0]].seeds as i8;
            let (top, bottom) = Work::thresholds(self.convention, seeds);
            work.solve(
                top,
                bottom,
                |c, buf| buf.extend(&predecessors[c as usize]),
                |_| {},
                stop,
            )
            .map_err(fixpoint_error)?;
            let (lower, upper) = work
                .bounds(self.convention, seeds)
                .map_err(fixpoint_error)?;
            for (l, &i) in group.iter().enumerate() {
                let upper = upper.get(l).copied().unwrap_or(lower[l]);
                values[i] = Value {
                    lower: lower[l],
                    upper,
                };
            }
        }
        Ok(values)
    }
}

/// The better of two move values, bound by bound.
fn best(a: Option<Value>, b: Value) -> Value {
    a.map_or(b, |a| Value {
        lower: a.lower.max(b.lower),
        upper: a.upper.max(b.upper),
    })
}
