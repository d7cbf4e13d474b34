//! The endgame databases' values and best moves, checked against an
//! independent reference on every position with few seeds.
//!
//! # The reference
//! It shares nothing with the database but the rules' public API
//! (`Position::from_board`, `legal_moves`, `play_unchecked`):
//!
//! * the positions are every distribution of `k` seeds over the houses, by a
//!   plain recursive enumeration (no `SeedIndex`), for each side to move,
//!   with stores that make up the ruleset's total without a majority, and
//!   kept in a `HashMap` keyed by houses and side to move;
//! * a move is worth the mover's store gain minus the opponent's, minus the
//!   child's value when the turn passes, plus it when the mover moves again
//!   (after a capture-all grand slam); a position without a legal move is
//!   worth the seeds on the mover's row minus those on the opponent's (R8);
//! * the values come from plain (Jacobi) value iteration, one seed count at
//!   a time (a move never adds seeds): [`Convention::EvenSplit`] from 0 until
//!   a pass changes nothing (an endless game is worth 0; the `n`-th pass
//!   gives the value of the game cut after `n` plies, whose limit does not
//!   depend on solving the layers in turn); [`Convention::EachTakesOwn`] as
//!   bounds, the least and the greatest fixpoint of the coupled iteration
//!   from `-k` and `+k` (`k` the seeds on the board).
//!
//! The database is built for the same rulesets and must give the same value
//! on every position, and best moves that achieve it. A play-out test checks
//! that best play keeps the value and that a winning side makes progress.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::fmt::Write as _;
use std::ops::Range;

use oware::endgame::{Convention, Database, Probe};
use oware::search::Rng;
use oware::{
    Board, BySide, Family, GrandSlam, MAX_HOUSES, Move, OwareRules, Position, Ruleset, Side,
};

/// The most seeds on the board of the exhaustive comparisons on Abapa's
/// board: 8, or `OWARE_ENDGAME_CHECK_SEEDS` (e.g. 10 for a longer run in
/// release mode: `OWARE_ENDGAME_CHECK_SEEDS=10 cargo test -p oware --release --test
/// endgame_values`).
fn max_seeds() -> u8 {
    std::env::var("OWARE_ENDGAME_CHECK_SEEDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(8)
}

/// The most seeds on the board of the play-out database.
const PLAYOUT_MAX_SEEDS: u8 = 12;

/// Mismatches printed before a comparison fails.
const SHOWN: usize = 10;

// ---------------------------------------------------------------------------
// Rulesets
// ---------------------------------------------------------------------------

/// Abapa with its Oware options changed by `change`.
fn abapa_with(change: impl FnOnce(&mut OwareRules)) -> Ruleset {
    let mut options = Ruleset::abapa().options();
    if let Family::Oware(ref mut rules) = options.family {
        change(rules);
    }
    Ruleset::new(options).expect("a valid ruleset")
}

fn capture_all() -> Ruleset {
    abapa_with(|rules| rules.grand_slam = GrandSlam::CaptureAll)
}

fn no_origin_skip() -> Ruleset {
    abapa_with(|rules| rules.skip_origin = false)
}

/// Abapa without the origin skip on 3 houses a side (24 seeds): with up to
/// 12 seeds a house can go round the 6-house ring, so the skip matters.
fn small_board_no_origin_skip() -> Ruleset {
    let mut options = no_origin_skip().options();
    options.houses_per_side = 3;
    Ruleset::new(options).expect("a valid ruleset")
}

// ---------------------------------------------------------------------------
// Positions
// ---------------------------------------------------------------------------

/// A position's houses (padded with zeros) and side to move.
type Key = ([u8; 2 * MAX_HOUSES], Side);

fn key_of(pits: &[u8], turn: Side) -> Key {
    let mut padded = [0; 2 * MAX_HOUSES];
    padded[..pits.len()].copy_from_slice(pits);
    (padded, turn)
}

fn key(pos: &Position) -> Key {
    key_of(pos.board().all_houses(), pos.turn())
}

/// Every distribution of `seeds` seeds over `houses` houses.
fn distributions(houses: usize, seeds: u8) -> Vec<Vec<u8>> {
    if houses == 1 {
        return vec![vec![seeds]];
    }
    (0..=seeds)
        .flat_map(|first| {
            distributions(houses - 1, seeds - first)
                .into_iter()
                .map(move |mut rest| {
                    rest.insert(0, first);
                    rest
                })
        })
        .collect()
}

fn seeds_on_board(pits: &[u8]) -> u8 {
    pits.iter().sum()
}

/// The position with these houses and side to move, its stores making up
/// the ruleset's total without a majority (R9, R10). `None` when the board
/// is empty: any split of the total then ends the game by majority.
fn position(ruleset: Ruleset, pits: &[u8], turn: Side) -> Option<Position> {
    let k = seeds_on_board(pits);
    if k == 0 {
        return None;
    }
    let captured = ruleset.total_seeds() - k;
    let south = captured / 2;
    let stores = BySide {
        south,
        north: captured - south,
    };
    let board = Board::from_pits(pits, stores).expect("a board");
    Some(Position::from_board(board, turn, ruleset).expect("a position"))
}

/// What `m` captures: the mover's store gain minus the opponent's.
fn capture_difference(before: &Position, after: &Position) -> i8 {
    let gain = |side: Side| after.board().store(side) as i8 - before.board().store(side) as i8;
    gain(before.turn()) - gain(!before.turn())
}

// ---------------------------------------------------------------------------
// The reference: the game graph and its value iteration
// ---------------------------------------------------------------------------

/// A position's value for its side to move; exact when the bounds meet.
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
struct Bounds {
    lower: i8,
    upper: i8,
}

impl Bounds {
    fn exact(v: i8) -> Bounds {
        Bounds { lower: v, upper: v }
    }
}

/// A legal move, what it captures and where it leads.
struct Edge {
    m: Move,
    captures: i8,
    child: usize,
    /// The mover moves again (the opponent passes).
    again: bool,
}

impl Edge {
    /// The move's value for the mover, from its child's value.
    fn value(&self, child: Bounds) -> Bounds {
        if self.again {
            Bounds {
                lower: self.captures + child.lower,
                upper: self.captures + child.upper,
            }
        } else {
            Bounds {
                lower: self.captures - child.upper,
                upper: self.captures - child.lower,
            }
        }
    }
}

/// A position of the graph.
struct Node {
    /// `None` for the empty board.
    pos: Option<Position>,
    seeds: u8,
    edges: Vec<Edge>,
    /// The value when there is no legal move (R8: each takes its own row).
    end_value: i8,
}

/// Every position with up to `max_seeds` seeds, grouped by seeds.
struct Graph {
    nodes: Vec<Node>,
    /// The nodes of each seed count.
    levels: Vec<Range<usize>>,
    /// The node of each position.
    index: HashMap<Key, usize>,
}

impl Graph {
    fn new(ruleset: Ruleset, max_seeds: u8) -> Graph {
        let houses = 2 * ruleset.houses_per_side();
        let mut index = HashMap::new();
        let mut nodes = Vec::new();
        let mut levels = Vec::new();
        for seeds in 0..=max_seeds {
            let start = nodes.len();
            for pits in distributions(houses, seeds) {
                for turn in Side::ALL {
                    let pos = position(ruleset, &pits, turn);
                    // A side without seeds may pass at once (capture-all):
                    // the key is the side that actually moves.
                    let k = pos.as_ref().map_or_else(|| key_of(&pits, turn), key);
                    if let Entry::Vacant(entry) = index.entry(k) {
                        entry.insert(nodes.len());
                        nodes.push(Node::unlinked(pos, seeds));
                    }
                }
            }
            levels.push(start..nodes.len());
        }
        for node in &mut nodes {
            node.link(&index);
        }
        Graph {
            nodes,
            levels,
            index,
        }
    }

    /// The value of node `i` by one step of value iteration on `values`.
    fn backup(&self, i: usize, values: &[Bounds]) -> Bounds {
        let node = &self.nodes[i];
        node.edges
            .iter()
            .map(|e| e.value(values[e.child]))
            .reduce(|a, b| Bounds {
                lower: a.lower.max(b.lower),
                upper: a.upper.max(b.upper),
            })
            .unwrap_or(Bounds::exact(node.end_value))
    }

    /// The values by `convention`, iterated one seed count at a time.
    fn solve(&self, convention: Convention) -> Vec<Bounds> {
        let mut values: Vec<Bounds> = self
            .nodes
            .iter()
            .map(|node| match (node.edges.is_empty(), convention) {
                (true, _) => Bounds::exact(node.end_value),
                (false, Convention::EvenSplit) => Bounds::exact(0),
                (false, _) => Bounds {
                    lower: -(node.seeds as i8),
                    upper: node.seeds as i8,
                },
            })
            .collect();
        for level in &self.levels {
            for pass in 0.. {
                assert!(pass < 100_000, "value iteration does not converge");
                let next: Vec<Bounds> = level.clone().map(|i| self.backup(i, &values)).collect();
                if next[..] == values[level.clone()] {
                    break;
                }
                values[level.clone()].copy_from_slice(&next);
            }
        }
        values
    }
}

impl Node {
    fn unlinked(pos: Option<Position>, seeds: u8) -> Node {
        let end_value = pos.map_or(0, |pos| {
            let row = |side| pos.board().row_seeds(side) as i8;
            row(pos.turn()) - row(!pos.turn())
        });
        Node {
            pos,
            seeds,
            edges: Vec::new(),
            end_value,
        }
    }

    fn link(&mut self, index: &HashMap<Key, usize>) {
        let Some(pos) = self.pos else { return };
        for &m in pos.legal_moves().iter() {
            let mut child = pos;
            child.play_unchecked(m);
            self.edges.push(Edge {
                m,
                captures: capture_difference(&pos, &child),
                child: index[&key(&child)],
                again: child.turn() == pos.turn(),
            });
        }
    }
}

// ---------------------------------------------------------------------------
// The comparison
// ---------------------------------------------------------------------------

fn build(ruleset: Ruleset, convention: Convention, max_seeds: u8) -> Database {
    let db = Database::build(&ruleset, convention, max_seeds)
        .unwrap_or_else(|e| panic!("build {convention:?} to {max_seeds} seeds: {e:?}"));
    assert_eq!(db.max_seeds(), Some(max_seeds));
    db
}

fn probe(db: &Database, pos: &Position) -> Probe {
    db.probe(pos)
        .unwrap_or_else(|e| panic!("probe {pos}: {e:?}"))
}

/// What is wrong with the database's answer on node `i`, if anything.
fn check_node(graph: &Graph, values: &[Bounds], i: usize, probe: &Probe) -> Option<String> {
    let node = &graph.nodes[i];
    let pos = node.pos.expect("a non-empty board");
    let want = values[i];
    let got = Bounds {
        lower: probe.value.lower,
        upper: probe.value.upper,
    };
    if got != want {
        return Some(format!("{pos}: value {got:?}, reference {want:?}"));
    }
    if probe.seeds != node.seeds {
        return Some(format!(
            "{pos}: {} seeds, reference {}",
            probe.seeds, node.seeds
        ));
    }
    if !node.edges.is_empty() && probe.best_moves.is_empty() {
        return Some(format!("{pos}: no best move, value {want:?}"));
    }
    for &m in probe.best_moves.iter() {
        let Some(edge) = node.edges.iter().find(|e| e.m == m) else {
            return Some(format!("{pos}: best move {m} is not legal"));
        };
        let achieved = edge.value(values[edge.child]).lower;
        if achieved != want.lower {
            let best: Vec<String> = node
                .edges
                .iter()
                .filter(|e| e.value(values[e.child]).lower == want.lower)
                .map(|e| e.m.to_string())
                .collect();
            return Some(format!(
                "{pos}: best move {m} is worth {achieved} (lower), the value is {want:?} \
                 (reference best moves {best:?})"
            ));
        }
    }
    None
}

/// Compares the database with the reference on every position with up to
/// `max_seeds` seeds, both sides to move; fails listing the first mismatches.
fn compare(ruleset: Ruleset, convention: Convention, max_seeds: u8) {
    let graph = Graph::new(ruleset, max_seeds);
    let values = graph.solve(convention);
    if convention == Convention::EvenSplit {
        assert!(values.iter().all(|v| v.lower == v.upper));
    }
    let db = build(ruleset, convention, max_seeds);
    let mut bad = Vec::new();
    let mut checked = 0usize;
    for (i, node) in graph.nodes.iter().enumerate() {
        let Some(pos) = node.pos else { continue };
        checked += 1;
        bad.extend(check_node(&graph, &values, i, &probe(&db, &pos)));
    }
    if !bad.is_empty() {
        let mut report = format!(
            "{convention:?}, up to {max_seeds} seeds: {} of {checked} positions differ\n",
            bad.len()
        );
        for line in bad.iter().take(SHOWN) {
            writeln!(report, "  {line}").unwrap();
        }
        panic!("{report}");
    }
}

#[test]
fn abapa_even_split() {
    compare(Ruleset::abapa(), Convention::EvenSplit, max_seeds());
}

#[test]
fn abapa_each_takes_own() {
    compare(Ruleset::abapa(), Convention::EachTakesOwn, max_seeds());
}

#[test]
fn awale_even_split() {
    compare(Ruleset::awale(), Convention::EvenSplit, max_seeds());
}

#[test]
fn awale_each_takes_own() {
    compare(Ruleset::awale(), Convention::EachTakesOwn, max_seeds());
}

#[test]
fn capture_all_even_split() {
    compare(capture_all(), Convention::EvenSplit, max_seeds());
}

#[test]
fn capture_all_each_takes_own() {
    compare(capture_all(), Convention::EachTakesOwn, max_seeds());
}

/// With fewer than 12 seeds no house goes round Abapa's 12-house ring, so
/// this is Abapa's check under another ruleset; the small board below laps.
#[test]
fn no_origin_skip_even_split() {
    compare(no_origin_skip(), Convention::EvenSplit, max_seeds());
}

#[test]
fn no_origin_skip_each_takes_own() {
    compare(no_origin_skip(), Convention::EachTakesOwn, max_seeds());
}

#[test]
fn small_board_no_origin_skip_even_split() {
    compare(small_board_no_origin_skip(), Convention::EvenSplit, 12);
}

#[test]
fn small_board_no_origin_skip_each_takes_own() {
    compare(small_board_no_origin_skip(), Convention::EachTakesOwn, 12);
}

/// The reference's value of one position, solved up to its seeds.
fn reference_value(ruleset: Ruleset, convention: Convention, pits: &[u8], turn: Side) -> Bounds {
    let graph = Graph::new(ruleset, seeds_on_board(pits));
    let values = graph.solve(convention);
    let pos = position(ruleset, pits, turn).expect("seeds on the board");
    values[graph.index[&key(&pos)]]
}

/// The reference itself, on positions worked out by hand.
#[test]
fn the_reference_knows_hand_solved_positions() {
    use Convention::{EachTakesOwn, EvenSplit};
    const F_A: [u8; 12] = [0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0];
    const F_AB: [u8; 12] = [0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0];
    const F_F: [u8; 12] = [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1];
    for convention in [EvenSplit, EachTakesOwn] {
        let value =
            |ruleset, pits: &[u8; 12], turn| reference_value(ruleset, convention, pits, turn);
        // North has no seeds and no move: South takes its seed (R8).
        let f = [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0];
        assert_eq!(value(Ruleset::abapa(), &f, Side::North), Bounds::exact(-1));
        // F makes 2 in a and takes it; North's b cannot feed South, so
        // North takes it (R8): 2 - 1.
        assert_eq!(
            value(Ruleset::abapa(), &F_AB, Side::South),
            Bounds::exact(1)
        );
        // F makes 2 in a, a grand slam. It captures nothing (Abapa), and
        // North, unable to feed, takes both seeds (R8). Awale forbids it
        // unless it is the only move, as here: the same.
        assert_eq!(
            value(Ruleset::abapa(), &F_A, Side::South),
            Bounds::exact(-2)
        );
        assert_eq!(
            value(Ruleset::awale(), &F_A, Side::South),
            Bounds::exact(-2)
        );
        // With capture-all it takes both and the board is empty.
        assert_eq!(value(capture_all(), &F_A, Side::South), Bounds::exact(2));
        // f feeds A; F must feed a; then each side's single seed chases the
        // other's round the board, each having one move, and no house ever
        // holds 2: an endless game, worth 0 split evenly, and anything
        // between -2 and 2 when each side takes its own.
        let endless = match convention {
            EvenSplit => Bounds::exact(0),
            EachTakesOwn => Bounds {
                lower: -2,
                upper: 2,
            },
        };
        assert_eq!(value(Ruleset::abapa(), &F_F, Side::North), endless);
    }
}

// ---------------------------------------------------------------------------
// Play-out
// ---------------------------------------------------------------------------

/// A random position with `seeds` seeds on the board and a legal move.
fn random_position(rng: &mut Rng, ruleset: Ruleset, seeds: u8) -> Position {
    loop {
        let mut pits = [0u8; 12];
        for _ in 0..seeds {
            pits[rng.below(12)] += 1;
        }
        let turn = Side::ALL[rng.below(2)];
        let pos = position(ruleset, &pits, turn).expect("seeds on the board");
        if !pos.legal_moves().is_empty() {
            return pos;
        }
    }
}

/// The database's exact value of `pos` for `side`.
fn exact_value(db: &Database, pos: &Position, side: Side) -> i8 {
    let value = probe(db, pos).value;
    let v = value
        .exact()
        .unwrap_or_else(|| panic!("{pos}: an even-split value is exact, got {value:?}"));
    if pos.turn() == side { v } else { -v }
}

/// Plays the first best move for both sides from `start`, checking that
/// the captures so far plus the value left always make the starting value.
/// Play stops at the end of the game, or after `quiet` plies without a
/// capture; returns the position where that happened if its value is not 0
/// (a winning side that made no progress).
fn play_out(db: &Database, start: Position, quiet: usize) -> Option<String> {
    let ruleset = *start.ruleset();
    let me = start.turn();
    let start_value = exact_value(db, &start, me);
    let mut captured = 0i8; // from `me`'s point of view
    let mut pos = start;
    let mut since_capture = 0;
    loop {
        let value = exact_value(db, &pos, me);
        assert_eq!(
            captured + value,
            start_value,
            "from {start}, at {pos}: captured {captured}, value {value}"
        );
        if since_capture == quiet {
            return (value != 0).then(|| format!("{pos} (value {value} for {me:?})"));
        }
        let Some(&m) = probe(db, &pos).best_moves.first() else {
            assert!(pos.legal_moves().is_empty(), "{pos}: no best move");
            return None;
        };
        let mut child = pos;
        child
            .play(m)
            .unwrap_or_else(|e| panic!("from {start}, best move at {pos}: {e}"));
        let gained = capture_difference(&pos, &child);
        captured += if pos.turn() == me { gained } else { -gained };
        since_capture = if gained == 0 { since_capture + 1 } else { 0 };
        // The stores do not count: rebalance them so that no majority ends
        // the game the database plays on.
        let Some(next) = position(ruleset, child.board().all_houses(), child.turn()) else {
            assert_eq!(captured, start_value, "from {start}: the board emptied");
            return None;
        };
        pos = next;
    }
}

#[test]
fn best_play_keeps_the_value_and_makes_progress() {
    let ruleset = Ruleset::abapa();
    let db = build(ruleset, Convention::EvenSplit, PLAYOUT_MAX_SEEDS);
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    let stalled: Vec<String> = (0..200)
        .filter_map(|_| {
            let seeds = PLAYOUT_MAX_SEEDS - 2 + rng.below(3) as u8;
            let start = random_position(&mut rng, ruleset, seeds);
            play_out(&db, start, 500).map(|stall| format!("from {start}: {stall}"))
        })
        .collect();
    assert!(
        stalled.is_empty(),
        "{} play-outs left a non-zero value with no capture in 500 plies: {:#?}",
        stalled.len(),
        &stalled[..stalled.len().min(SHOWN)]
    );
}
