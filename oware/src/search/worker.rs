//! One thread's search: negamax with alpha-beta, principal-variation
//! search, late-move and internal iterative reductions, over the shared
//! transposition table.

use core::sync::atomic::{AtomicBool, Ordering};

use super::clock::Deadline;
use super::tt::{Bound, Table};
use super::{Evaluation, INFINITY, WIN, WIN_BAND, zobrist};
use crate::endgame::{Convention, Database};
use crate::repetition::Occurrences;
use crate::{Game, MAX_HOUSES, Move, MoveList, Position, StopHandle};

/// The deepest ply below the root a worker keeps state for.
const MAX_PLY: usize = super::SearchLimits::MAX_DEPTH as usize + 2;

/// An iteration's result at the root.
#[derive(Clone, Debug)]
pub(crate) struct RootResult {
    pub(crate) m: Move,
    pub(crate) score: i32,
    pub(crate) pv: Vec<Move>,
    /// Whether every move was searched (else a limit stopped the iteration).
    pub(crate) complete: bool,
}

/// What the workers of one search share besides the table.
#[derive(Debug)]
pub(crate) struct Shared<'a> {
    pub(crate) table: &'a Table,
    pub(crate) eval: Evaluation,
    pub(crate) endgame: Option<&'a Database>,
    /// The caller's "move now".
    pub(crate) stop: &'a StopHandle,
    /// Set when the main worker is done: the helpers stop.
    pub(crate) done: &'a AtomicBool,
    pub(crate) deadline: Option<Deadline<'a>>,
    pub(crate) node_limit: u64,
    /// Orders the root moves the heuristics rank equal ([`Searcher::set_root_seed`](super::Searcher::set_root_seed)).
    pub(crate) root_seed: Option<u64>,
}

/// One thread's search state.
#[derive(Debug)]
pub(crate) struct Worker<'a> {
    shared: &'a Shared<'a>,
    pub(crate) nodes: u64,
    pub(crate) stopped: bool,
    /// The game searched. The path to a node is the game's positions since
    /// its last capture, the root last (the game part, which the game's own
    /// bookkeeping counts), then the search's positions above the node.
    game: &'a Game,
    /// How many positions the game part has.
    game_part: usize,
    /// The seeds in both stores at the root.
    root_total: u16,
    /// The search part, by hash: the occurrences of its positions in their
    /// quiet stretch within it.
    path: Occurrences,
    /// By search-part entry: the seeds in both stores (they only grow, so a
    /// change is a capture).
    totals: Vec<u16>,
    /// The game's plies before the search started.
    ply_before: usize,
    /// Whether the ruleset ends games at a ply count (then the ply is part
    /// of a position's key).
    ply_limited: bool,
    /// `lines[ply]`: the best line found from the node at `ply` (the
    /// triangular principal-variation table).
    pub(crate) lines: Vec<Vec<Move>>,
    /// The earliest path index a history rule looked at in the subtree
    /// being searched (`usize::MAX`: none). A node whose subtree looked
    /// above it has a score that holds for this path only.
    history_reach: usize,
    /// `children[ply]`: the children of the node being searched at `ply`
    /// (the capture search's nodes too, which go deeper than `MAX_PLY`),
    /// kept here so that no node fills or copies an array of its own.
    children: Vec<Children>,
}

impl<'a> Worker<'a> {
    pub(crate) fn new(shared: &'a Shared<'a>, game: &'a Game) -> Worker<'a> {
        let tracked = game.ruleset().cycle().occurrences.is_some();
        Worker {
            shared,
            nodes: 0,
            stopped: false,
            game,
            game_part: game.plies_since_capture() + 1,
            root_total: store_total(game.position()),
            path: Occurrences::new(tracked, MAX_PLY),
            totals: Vec::with_capacity(MAX_PLY),
            ply_before: game.ply(),
            ply_limited: game.ruleset().cycle().max_plies.is_some(),
            lines: vec![Vec::new(); MAX_PLY],
            history_reach: usize::MAX,
            children: vec![Children::new(game.position()); MAX_PLY + usize::from(QUIESCENCE_PLIES)],
        }
    }

    /// How many positions the path has, game part and search part.
    fn path_len(&self) -> usize {
        self.game_part + self.path.len()
    }

    /// Puts `pos` (hash `hash`) on the path.
    fn push(&mut self, pos: &Position, hash: u64) {
        let total = store_total(pos);
        let capture = self.last_total() != total;
        self.totals.push(total);
        // Equal hashes are taken as equal positions, as in the table.
        self.path.push(hash, capture, |_| true);
    }

    /// The seeds in both stores at the path's last position.
    fn last_total(&self) -> u16 {
        self.totals.last().copied().unwrap_or(self.root_total)
    }

    /// Takes the last position off the path.
    fn pop(&mut self) {
        self.totals.pop();
        self.path.pop();
    }

    /// The table key of `pos` here: its hash, and the ply where the ruleset
    /// limits plies.
    fn table_key(&self, hash: u64, ply: u16) -> u64 {
        let mut key = hash;
        if self.ply_limited {
            key ^= zobrist::ply_key(self.ply_before + usize::from(ply));
        }
        key
    }

    /// The root's table key.
    pub(crate) fn root_key(&self, pos: &Position) -> u64 {
        self.table_key(zobrist::hash(pos), 0)
    }

    /// The best move, score and line at the root to `depth`, and whether
    /// the iteration completed: a limit that stops it after a move scored
    /// within the window keeps that move (it is at least as good as the
    /// last iteration's, searched deeper); `None` if it stopped before.
    pub(crate) fn root_search(
        &mut self,
        pos: &Position,
        depth: u8,
        mut alpha: i32,
        beta: i32,
    ) -> Option<RootResult> {
        let floor = alpha;
        let mut best: Option<(Move, i32)> = None;
        let mut pv = Vec::new();
        for (i, m) in self.ordered_moves(pos).iter().copied().enumerate() {
            // A move the seed ranks above the best so far searches one
            // centiseed lower, so that a score equal to the best shows.
            let wins_ties = best.is_some_and(|(b, _)| self.seed_ranks_above(m, b));
            let low = alpha - i32::from(wins_ties);
            let Some(score) = self.root_child(pos, m, i == 0, depth, low, beta) else {
                let (m, score) = best.filter(|&(_, b)| b > floor && b < beta)?;
                return Some(RootResult {
                    m,
                    score,
                    pv,
                    complete: false,
                });
            };
            if best.is_none_or(|(b_move, b)| score > b || (score == b && wins_ties && b_move != m))
            {
                best = Some((m, score));
                pv = core::iter::once(m)
                    .chain(self.lines[1].iter().copied())
                    .collect();
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        let (m, score) = best?;
        let bound = if score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let key = self.root_key(pos);
        self.shared
            .table
            .store(key, depth, score, bound, Some(m), 0);
        Some(RootResult {
            m,
            score,
            pv,
            complete: true,
        })
    }

    /// Whether the root seed ([`Searcher::set_root_seed`](super::Searcher::set_root_seed)) ranks
    /// `m` above `other` among moves of equal score; never without a seed.
    fn seed_ranks_above(&self, m: Move, other: Move) -> bool {
        let Some(seed) = self.shared.root_seed else {
            return false;
        };
        let rank = |m: Move| zobrist::mix(seed ^ zobrist::mix(m.house().index() as u64 + 1));
        rank(m) > rank(other)
    }

    /// A root move's score by principal-variation search (the first with
    /// the full window); `None` if a limit stopped it.
    fn root_child(
        &mut self,
        pos: &Position,
        m: Move,
        first: bool,
        depth: u8,
        alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        if first {
            return self.child_score(pos, m, depth, alpha, beta);
        }
        let probe = self.child_score(pos, m, depth, alpha, alpha + 1)?;
        if probe > alpha && probe < beta {
            self.child_score(pos, m, depth, alpha, beta)
        } else {
            Some(probe)
        }
    }

    /// The score of `m` in `pos` searched to `depth` (the move included),
    /// from the mover's view; `None` if a limit stopped the search.
    pub(crate) fn child_score(
        &mut self,
        pos: &Position,
        m: Move,
        depth: u8,
        alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        let mut child = *pos;
        child.play_unchecked(m);
        let score = if child.turn() == pos.turn() {
            self.negamax(&child, depth - 1, alpha, beta, 1)
        } else {
            -self.negamax(&child, depth - 1, -beta, -alpha, 1)
        };
        (!self.stopped).then_some(score)
    }

    /// The score of `m` one ply deep, from the mover's view, without
    /// counting positions or checking limits.
    pub(crate) fn one_ply_score(&mut self, pos: &Position, m: Move) -> i32 {
        let mut child = *pos;
        child.play_unchecked(m);
        let score = match self.end_by_rules(&child, child.legal_mask(), zobrist::hash(&child), 1) {
            Ok(_) => self.shared.eval.evaluate(&child),
            Err(score) => score,
        };
        if child.turn() == pos.turn() {
            score
        } else {
            -score
        }
    }

    /// Counts a node and checks the limits.
    fn visit(&mut self) -> bool {
        if self.stopped {
            return false;
        }
        self.nodes += 1;
        if self.nodes >= self.shared.node_limit {
            self.stopped = true;
        } else if self.nodes & 1023 == 0 {
            let shared = self.shared;
            if shared.stop.is_stopped()
                || shared.done.load(Ordering::Relaxed)
                || shared.deadline.as_ref().is_some_and(Deadline::passed)
            {
                self.stopped = true;
            }
        }
        !self.stopped
    }

    /// Negamax with alpha-beta and principal-variation search; `ply` is
    /// the distance from the root.
    fn negamax(&mut self, pos: &Position, depth: u8, alpha: i32, beta: i32, ply: u16) -> i32 {
        if !self.visit() {
            return 0;
        }
        let ply_index = usize::from(ply).min(MAX_PLY - 1);
        self.lines[ply_index].clear();
        let hash = zobrist::hash(pos);
        let legal = pos.legal_mask();
        let repeats = match self.end_by_rules(pos, legal, hash, ply) {
            Ok(repeats) => repeats,
            Err(score) => return score,
        };
        // The database's bounds: an exact value, or one that settles the
        // window, ends the search here; others bound what it finds.
        let bounds = self.endgame_bounds(pos);
        if let Some((lower, upper)) = bounds {
            if lower == upper || lower >= beta {
                return lower;
            }
            if upper <= alpha {
                return upper;
            }
        }
        if ply_index + 1 >= MAX_PLY {
            return horizon_score(self.shared.eval.evaluate(pos), bounds);
        }
        if depth == 0 {
            let score = self.quiesce(pos, legal, alpha, beta, ply, QUIESCENCE_PLIES);
            return horizon_score(score, bounds);
        }
        let key = self.table_key(hash, ply);
        let mut tt_move = None;
        if let Some(entry) = self.shared.table.probe(key) {
            tt_move = entry.best_move(pos, legal);
            // A position already on the path since the last capture counts
            // its occurrences from there: a score found elsewhere does not
            // hold for it.
            if entry.depth >= depth && !repeats {
                let score = entry.score(ply);
                let usable = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if usable {
                    return score;
                }
            }
        }
        let depth = reduced_without_table_move(depth, tt_move);
        let reach_above = core::mem::replace(&mut self.history_reach, usize::MAX);
        let index = self.path_len();
        self.push(pos, hash);
        let original_alpha = alpha;
        let mut node = Node {
            depth,
            alpha,
            beta,
            ply,
            best_score: -INFINITY,
            best_move: None,
        };
        // The table's move first, played alone: where it cuts off, the
        // other moves are never generated. The rest follow best first, as
        // one ordered list with it would have them.
        let mut done = false;
        if let Some(m) = tt_move {
            let mut child = *pos;
            child.play_unchecked(m);
            done = self.search_child(pos, &mut node, 0, (m, child), false);
        }
        if !done {
            let first = usize::from(tt_move.is_some());
            self.children[ply_index].fill_ordered(pos, legal, tt_move);
            for i in 0..self.children[ply_index].len {
                let (gain, m, child) = self.children[ply_index].items[i];
                if self.search_child(pos, &mut node, first + i, (m, child), gain == 0) {
                    break;
                }
            }
        }
        let Node {
            best_score,
            best_move,
            ..
        } = node;
        self.pop();
        let reach = self.history_reach;
        self.history_reach = reach_above.min(reach);
        if self.stopped {
            return 0;
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score <= original_alpha {
            Bound::Upper
        } else {
            Bound::Exact
        };
        // A score that a history rule gave by looking above this node holds
        // for this path only: the table keeps its move, at depth 0, where
        // no search takes its score.
        let stored_depth = if reach < index { 0 } else { depth };
        self.shared
            .table
            .store(key, stored_depth, best_score, bound, best_move, ply);
        best_score
    }

    /// Searches `child`, reached from `pos` by its `index`-th move in
    /// search order, and folds its score into `node`; returns whether the
    /// node is done (a cut-off, or the search stopped).
    fn search_child(
        &mut self,
        pos: &Position,
        node: &mut Node,
        index: usize,
        (m, child): (Move, Position),
        quiet: bool,
    ) -> bool {
        let reduction = late_move_reduction(node.depth, index, quiet);
        let (alpha, beta) = (node.alpha, node.beta);
        let score = self.child_pvs(
            pos,
            &child,
            node.depth,
            reduction,
            alpha,
            beta,
            node.ply,
            index == 0,
        );
        if self.stopped {
            return true;
        }
        if score > node.best_score {
            node.best_score = score;
            node.best_move = Some(m);
        }
        if score > node.alpha {
            node.alpha = score;
            self.extend_line(usize::from(node.ply).min(MAX_PLY - 1), m);
        }
        node.alpha >= node.beta
    }

    /// The score of `pos` (whose legal moves are `legal`) at the horizon:
    /// the evaluation, unless a capture does better for the side to move
    /// (searched `plies` deep, captures only). A capture changes the
    /// stores, so no history rule can end the game on the way; the
    /// position's own rules can.
    fn quiesce(
        &mut self,
        pos: &Position,
        legal: u16,
        mut alpha: i32,
        beta: i32,
        ply: u16,
        plies: u8,
    ) -> i32 {
        let stand = self.shared.eval.evaluate(pos);
        if plies == 0 || stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let at = usize::from(ply);
        self.children[at].fill_captures(pos, legal);
        for i in 0..self.children[at].len.min(QUIESCENCE_BREADTH) {
            let (_, _, child) = self.children[at].items[i];
            if !self.visit() {
                return 0;
            }
            let same_side = child.turn() == pos.turn();
            let (a, b) = if same_side {
                (alpha, beta)
            } else {
                (-beta, -alpha)
            };
            let child_legal = child.legal_mask();
            let score = match ended(&child, child_legal) {
                Some(outcome) => terminal_score(&child, outcome, ply + 1),
                None => self.quiesce(&child, child_legal, a, b, ply + 1, plies - 1),
            };
            let score = if same_side { score } else { -score };
            if self.stopped {
                return 0;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// A child's score from `pos`'s view by principal-variation search: the
    /// first child with the full window, the others with a null window
    /// (first `reduction` plies shallower), searched again where they beat
    /// alpha.
    #[allow(clippy::too_many_arguments)]
    fn child_pvs(
        &mut self,
        pos: &Position,
        child: &Position,
        depth: u8,
        reduction: u8,
        alpha: i32,
        beta: i32,
        ply: u16,
        first: bool,
    ) -> i32 {
        let same_side = child.turn() == pos.turn();
        let search = |s: &mut Worker<'a>, d: u8, a: i32, b: i32| {
            if same_side {
                s.negamax(child, d, a, b, ply + 1)
            } else {
                -s.negamax(child, d, -b, -a, ply + 1)
            }
        };
        if first {
            return search(self, depth - 1, alpha, beta);
        }
        let mut score = search(self, depth - 1 - reduction, alpha, alpha + 1);
        if reduction > 0 && score > alpha {
            score = search(self, depth - 1, alpha, alpha + 1);
        }
        if score > alpha && score < beta {
            score = search(self, depth - 1, alpha, beta);
        }
        score
    }

    /// The score of a position where the game ends, by the position's own
    /// rules or by the history rules (repetition on the path, the
    /// no-capture and ply limits), as `Err`; while it goes on, `Ok` with
    /// whether the position occurred before since the last capture. Notes
    /// in `history_reach` how far up the path the history rules looked.
    pub(crate) fn end_by_rules(
        &mut self,
        pos: &Position,
        legal: u16,
        key: u64,
        ply: u16,
    ) -> Result<bool, i32> {
        if let Some(outcome) = ended(pos, legal) {
            return Err(terminal_score(pos, outcome, ply));
        }
        let cycle = pos.ruleset().cycle();
        let (start, earlier, seen) = self.occurrences(pos, key);
        let quiet_plies = self.path_len() - start;
        let repeated = cycle.occurrences.is_some_and(|n| seen >= usize::from(n));
        let no_capture = cycle
            .no_capture_plies
            .is_some_and(|n| quiet_plies >= usize::from(n));
        let plies = self.ply_before + usize::from(ply);
        let too_long = cycle.max_plies.is_some_and(|n| plies >= usize::from(n));
        let reach = if too_long {
            Some(0)
        } else if no_capture {
            Some(start)
        } else {
            earlier
        };
        if let Some(reach) = reach {
            self.history_reach = self.history_reach.min(reach);
        }
        if repeated || no_capture || too_long {
            let outcome = Game::split(pos, crate::Termination::Cycle);
            return Err(terminal_score(pos, outcome, ply));
        }
        Ok(earlier.is_some())
    }

    /// Where the quiet stretch of `pos` (hash `key`), about to go on the
    /// path, starts; its first occurrence there; and its occurrences
    /// counting now (Abapa R11: the third ends the game). The path's last
    /// stretch unless seeds left the board on the ply to `pos`.
    fn occurrences(&self, pos: &Position, key: u64) -> (usize, Option<usize>, usize) {
        if store_total(pos) != self.last_total() {
            return (self.path_len(), None, 1);
        }
        let reaches_game = self.path.stretch_start() == 0
            && self.totals.first().is_none_or(|&t| t == self.root_total);
        let in_search = self.path.find(key, |_| true);
        let in_game = if reaches_game {
            self.game.occurrences_since_capture(pos)
        } else {
            None
        };
        let count = |found: Option<(u16, usize)>| usize::from(found.map_or(0, |(n, _)| n));
        let first = match (in_game, in_search) {
            (Some((_, first)), _) => Some(first),
            (None, found) => found.map(|(_, first)| self.game_part + first),
        };
        let start = if reaches_game {
            0
        } else {
            self.game_part + self.path.stretch_start()
        };
        (start, first, 1 + count(in_game) + count(in_search))
    }

    /// The bounds the endgame database gives `pos`'s score, if it holds
    /// the position: the stores' difference plus the least and the most
    /// still to be won ([`Value`](crate::endgame::Value)'s bounds, equal
    /// where it is exact), in centiseeds.
    fn endgame_bounds(&self, pos: &Position) -> Option<(i32, i32)> {
        let db = self.shared.endgame?;
        if Convention::of(pos.ruleset()) != db.convention() {
            return None;
        }
        let value = db.value(pos).ok()?;
        let own = i32::from(pos.board().store(pos.turn()));
        let other = i32::from(pos.board().store(!pos.turn()));
        let lead = own - other;
        Some((
            100 * (lead + i32::from(value.lower)),
            100 * (lead + i32::from(value.upper)),
        ))
    }

    /// The legal moves of `pos` (the root), best first.
    pub(crate) fn ordered_moves(&self, pos: &Position) -> MoveList {
        let legal = pos.legal_mask();
        let tt_move = self
            .shared
            .table
            .probe(self.root_key(pos))
            .and_then(|e| e.best_move(pos, legal));
        let mut moves = MoveList::new();
        if let Some(m) = tt_move {
            moves.push(m);
        }
        let mut children = Children::new(pos);
        children.fill_ordered(pos, legal, tt_move);
        for &(_, m, _) in children.as_slice() {
            moves.push(m);
        }
        moves
    }

    /// Sets the line at `ply` to `m` followed by the line below it.
    fn extend_line(&mut self, ply: usize, m: Move) {
        let (above, below) = self.lines.split_at_mut(ply + 1);
        let line = &mut above[ply];
        line.clear();
        line.push(m);
        line.extend_from_slice(&below[0]);
    }
}

/// The most captures in a row the horizon's capture search plays.
/// (Measured: 300 games at 20 000 positions a move, 56.7 % against the
/// same search without it; 2 plies 55.2 %, 12 plies 57.0 %.)
const QUIESCENCE_PLIES: u8 = 6;

/// The most captures the horizon's capture search tries at a node, the
/// biggest first. Oware rarely offers more, so its searches are unchanged
/// (from the start, depth 16: the same 345 392 nodes; depth 20: 3 of
/// 3 283 768 fewer), but in Congkak nearly every move captures and the
/// capture search was a full-width one six plies deep: from the start of
/// `congkak(7,18)` a depth-4 search visited 2 386 923 nodes, now 80 038
/// (`congkak`, depth 8: 1 533 763, now 189 905). Measured: no change in
/// strength (Congkak, 60 games at 5 ms a move 51.7 %, 40 of
/// `congkak(7,18)` at 20 ms 52.5 %, against the search without the limit).
const QUIESCENCE_BREADTH: usize = 4;

/// Plies a late quiet move is searched shallower: none for the first two
/// moves, the table's move, captures and shallow nodes. (Measured: 300
/// games at 20 000 positions a move against the previous engine, this
/// search scored 38.5 % without reductions and 49.0 % with them.)
fn late_move_reduction(depth: u8, index: usize, quiet: bool) -> u8 {
    if !quiet || depth < 3 || index < 2 {
        0
    } else if depth >= 6 && index >= 4 {
        2
    } else {
        1
    }
}

/// The depth a node searches to, given the table's move for it: one ply
/// less from [`BLIND_DEPTH`] plies up where the table has none, since its
/// moves would be searched in a blind order (internal iterative reduction:
/// the shallower search fills the table, and the next iteration finds the
/// node with a move). (Measured: 600 games at 20 000 positions a move
/// against the same search without it, colours swapped from random
/// openings, 58.9 %; against Aalina no change that 80 games at 200 ms and
/// 40 at 1 s a move could show.)
fn reduced_without_table_move(depth: u8, tt_move: Option<Move>) -> u8 {
    if tt_move.is_none() && depth >= BLIND_DEPTH {
        depth - 1
    } else {
        depth
    }
}

/// The least depth at which a node without a table move searches one ply
/// less ([`reduced_without_table_move`]).
const BLIND_DEPTH: u8 = 4;

/// A node of [`Worker::negamax`] while its children are searched: its
/// depth, window and distance from the root, and the best found so far.
struct Node {
    depth: u8,
    alpha: i32,
    beta: i32,
    ply: u16,
    best_score: i32,
    best_move: Option<Move>,
}

/// The legal moves of a position with the positions they lead to, best
/// first by a cheap guess: the seeds each move puts in the mover's store
/// (ties in house order), without the move the search has played already
/// (the table's). The search keeps one for each ply and fills it again at
/// each node, playing each move once. (Killer and history ordering of the
/// other moves was tried and not kept: 300 games at 20 000 positions a
/// move showed no gain.)
#[derive(Clone, Debug)]
struct Children {
    items: [(i32, Move, Position); MAX_HOUSES],
    len: usize,
}

impl Children {
    /// No children yet (`pos` only fills the room).
    fn new(pos: &Position) -> Children {
        Children {
            items: [(0, Move::new(pos.turn(), crate::House(0)), *pos); MAX_HOUSES],
            len: 0,
        }
    }

    /// Fills in the children of `pos`, whose legal moves are `mask`, but
    /// `skip`'s, best first; each key is the move's gain (0 for a quiet
    /// move).
    fn fill_ordered(&mut self, pos: &Position, mut mask: u16, skip: Option<Move>) {
        if let Some(m) = skip {
            mask &= !(1 << m.house().index());
        }
        self.len = 0;
        for &m in MoveList::from_mask(pos.turn(), mask).iter() {
            self.insert(pos, m, |_| true);
        }
    }

    /// Fills in the children of `pos`, whose legal moves are `mask`, that
    /// capture, the biggest capture first: the moves that surely capture
    /// nothing are not played.
    fn fill_captures(&mut self, pos: &Position, mask: u16) {
        self.len = 0;
        let moves = MoveList::from_mask(pos.turn(), mask);
        for &m in moves.iter().filter(|&&m| pos.may_capture(m)) {
            self.insert(pos, m, |gain| gain > 0);
        }
    }

    /// Plays `m` and, if `keep` takes its gain, puts the child after those
    /// that gain as much or more: moves given in house order end up by
    /// gain, ties in house order.
    #[inline(always)]
    fn insert(&mut self, pos: &Position, m: Move, keep: impl Fn(i32) -> bool) {
        let mover = pos.turn();
        let mut child = *pos;
        child.play_unchecked(m);
        let gain = i32::from(child.board().store(mover)) - i32::from(pos.board().store(mover));
        if !keep(gain) {
            return;
        }
        let mut at = self.len;
        while at > 0 && self.items[at - 1].0 < gain {
            self.items[at] = self.items[at - 1];
            at -= 1;
        }
        self.items[at] = (gain, m, child);
        self.len += 1;
    }

    fn as_slice(&self) -> &[(i32, Move, Position)] {
        &self.items[..self.len]
    }
}

/// How the game ends at `pos`, whose legal moves are `legal`, by the
/// position's own rules: only a position without legal moves ends
/// ([`Position::is_game_over`]), so the others skip the question.
fn ended(pos: &Position, legal: u16) -> Option<crate::Outcome> {
    if legal == 0 { pos.outcome() } else { None }
}

/// The seeds in both stores: it only grows, and a capture changes it.
fn store_total(pos: &Position) -> u16 {
    let stores = pos.board().stores();
    u16::from(stores.south) + u16::from(stores.north)
}

/// The score of a finished game from the view of the side to move at
/// `pos`, `ply` plies from the root.
pub(crate) fn terminal_score(pos: &Position, outcome: crate::Outcome, ply: u16) -> i32 {
    match outcome.winner {
        Some(side) if side == pos.turn() => WIN - i32::from(ply),
        Some(_) => -WIN + i32::from(ply),
        None => 0,
    }
}

/// The score at the horizon of a position whose static or quiescence
/// score is `score`, given the database's `bounds` (the least and the most
/// it can be), if there are any: `score` moved into the bounds, then
/// halfway to their middle. Where the bounds are open, what the position
/// is worth turns on play around repeated positions, which a static score
/// does not see; their middle is the better half of the guess. Replaying
/// the open endgames of games against Aalina, this scored better than
/// the bounds alone in 65 pairs of games and worse in 32 (`match
/// --openings`, 200 ms a move).
fn horizon_score(score: i32, bounds: Option<(i32, i32)>) -> i32 {
    match bounds {
        Some((lower, upper)) => (score.clamp(lower, upper) + (lower + upper) / 2) / 2,
        None => score,
    }
}

/// Whether `score` is a forced result.
pub(crate) fn is_forced(score: i32) -> bool {
    score.abs() > WIN - WIN_BAND
}

#[cfg(test)]
mod tests {
    use super::{BLIND_DEPTH, horizon_score, reduced_without_table_move};
    use crate::{House, Move, Side};

    /// Hand-worked: a node without a table move searches a ply less from
    /// `BLIND_DEPTH` (4) up; below it, or with a move, its own depth.
    #[test]
    fn a_deep_node_without_a_table_move_searches_a_ply_less() {
        let m = Some(Move::new(Side::South, House(2)));
        assert_eq!(BLIND_DEPTH, 4);
        assert_eq!(reduced_without_table_move(3, None), 3);
        assert_eq!(reduced_without_table_move(4, None), 3);
        assert_eq!(reduced_without_table_move(12, None), 11);
        assert_eq!(reduced_without_table_move(4, m), 4);
        assert_eq!(reduced_without_table_move(12, m), 12);
    }

    /// Hand-worked: a score is clamped into the bounds, then drawn halfway
    /// to their middle; without bounds it stays.
    #[test]
    fn a_horizon_score_meets_the_middle_of_the_bounds_halfway() {
        assert_eq!(horizon_score(500, Some((-400, 400))), 200);
        assert_eq!(horizon_score(-100, Some((-800, 0))), -250);
        assert_eq!(horizon_score(-900, Some((-800, 0))), -600);
        assert_eq!(horizon_score(300, Some((200, 600))), 350);
        assert_eq!(horizon_score(123, None), 123);
    }
}
