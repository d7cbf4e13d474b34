//! Fits the weights of the engine's static evaluation to games, Texel
//! style, and checks the fitted weights in a match against the engine's own.
//!
//! ```text
//! cargo run --release --example tune_eval -- [--variant openspiel] [--games 2000] [--nodes 5000]
//!     [--seed 1] [--endgame-seeds 12] [--threads 2] [--check-games 400] [--check-nodes 20000]
//! ```
//!
//! 1. **Positions.** Level 5 plays itself `--games` times with a budget of
//!    `--nodes` positions a move, each game from its own random opening
//!    (`--opening-plies`); every quiet position after the opening (the side
//!    to move has no capture) is kept with the terms the evaluation counts
//!    in it ([`Evaluation::terms`]).
//! 2. **Labels.** Each position is labelled with the game's result from its
//!    side to move's view (1 a win, ½ a draw, 0 a loss), unless the endgame
//!    database (`--endgame-seeds` seeds or fewer on the board) knows its
//!    exact value: then with the result best play gives.
//! 3. **Fit.** The score of a position is read as a win probability,
//!    `1 / (1 + e^(-score / s))`; the scale `s` is fitted to the engine's
//!    weights first, then each weight is moved in steps (100, 50, ..., 1
//!    centiseeds) while the mean squared error of the labels falls (the
//!    local search of the Texel method, Peter Österlund, 2014). The stores'
//!    weight stays 100 a seed: it fixes the unit.
//! 4. **Check.** The fitted weights play the engine's, `--check-games`
//!    games at `--check-nodes` positions a move, colours swapped, both with
//!    the same endgame database.
//!
//! With `--spsa N`, the weights are tuned in games instead (SPSA, as
//! Fishtest tunes Stockfish): each of `N` iterations moves every weight to
//! be tuned up or down by a perturbation at random, plays `--spsa-pairs`
//! game pairs (`--nodes` positions a move, colours swapped) of the weights
//! moved one way against the weights moved the other, and steps each weight
//! towards the side that scored more. The perturbation falls from
//! `--spsa-c` centiseeds and the step from `--spsa-r` as the iterations
//! go (the gains of Spall, 1998). `--state FILE` keeps the iteration and
//! the weights after each one, and a run given the same file goes on from
//! there, so a long tuning runs in pieces (`--pause-after K` iterations, or
//! stopped at any time) and gives what one run would:
//!
//! ```text
//! cargo run --release --example tune_eval -- --spsa 1000 --state spsa.txt --pause-after 100 --check-games 0
//! ```
//!
//! Everything is reproducible from the seed (node budgets, not time).
use std::sync::Arc;

#[macro_use]
mod common;

use clap::Parser;
use oware::endgame::{Convention, Database};
use oware::search::{
    EvalTerms, Evaluation, Level, MatchResult, Player, Rng, SearchLimits, play_match,
};
use oware::{Game, Position, Ruleset};

/// Fit the evaluation's weights to self-play games and endgame values.
#[derive(Parser, Debug)]
struct Args {
    /// The rules to play by (an Oware ruleset for the endgame database).
    #[arg(long, default_value = "openspiel")]
    variant: Ruleset,
    /// Self-play games whose positions are fitted.
    #[arg(long, default_value = "2000", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    games: u32,
    /// Positions a move in the self-play games.
    #[arg(long, default_value = "5000", value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    nodes: u64,
    /// Random plies that open each game.
    #[arg(long, default_value = "6", value_parser = clap::value_parser!(u32).range(0..=100))]
    opening_plies: u32,
    /// The seed of the openings and the players.
    #[arg(long, default_value = "1")]
    seed: u64,
    /// Label positions with this many seeds or fewer on the board by the
    /// endgame database (0: none); the check match uses it too.
    #[arg(long, default_value = "12", value_parser = clap::value_parser!(u8).range(0..=20))]
    endgame_seeds: u8,
    /// Threads for the games.
    #[arg(long, default_value = "2", value_parser = clap::value_parser!(u32).range(1..=64))]
    threads: u32,
    /// Games of the check match, fitted weights against the engine's (0:
    /// no match).
    #[arg(long, default_value = "400")]
    check_games: u32,
    /// The weights to fit, by name, comma-separated (default: every weight
    /// whose term the positions count); the others keep the engine's.
    #[arg(long, value_delimiter = ',', value_parser = clap::builder::PossibleValuesParser::new(WEIGHTS))]
    fit: Vec<String>,
    /// Start from the engine's weights with these changed, e.g.
    /// `--set empty_houses=120` (repeatable).
    #[arg(long, value_name = "NAME=VALUE", value_parser = parse_setting)]
    set: Vec<(String, i32)>,
    /// Fit nothing: check the starting weights (`--set`) in the match.
    #[arg(long)]
    no_fit: bool,
    /// Tune the weights in this many SPSA iterations of games instead of
    /// fitting them to positions (0: fit).
    #[arg(long, default_value = "0", value_parser = clap::value_parser!(u32).range(0..=1_000_000))]
    spsa: u32,
    /// Game pairs an SPSA iteration plays, shared among the threads.
    #[arg(long, default_value = "2", value_parser = clap::value_parser!(u32).range(1..=10_000))]
    spsa_pairs: u32,
    /// The SPSA perturbation of each weight at the last iteration, in
    /// centiseeds (larger before: it falls as iteration^-0.101).
    #[arg(long, default_value = "20", value_parser = parse_positive)]
    spsa_c: f64,
    /// The SPSA step at the last iteration, in centiseeds a weight moves
    /// for each game point won or lost, per centiseed of perturbation.
    #[arg(long, default_value = "0.01", value_parser = parse_positive)]
    spsa_r: f64,
    /// A file that keeps the SPSA iteration and weights: read if it exists
    /// (the run goes on from there), written after every iteration.
    #[arg(long, value_name = "FILE")]
    state: Option<std::path::PathBuf>,
    /// Stop after this many SPSA iterations of this run, to go on later
    /// from `--state` (which it needs).
    #[arg(long, value_name = "K", requires = "state", value_parser = clap::value_parser!(u32).range(1..))]
    pause_after: Option<u32>,
    /// Positions a move in the check match.
    #[arg(long, default_value = "20000", value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    check_nodes: u64,
}

/// A position's terms and its label, from its side to move's view.
#[derive(Copy, Clone, Debug)]
struct Sample {
    terms: EvalTerms,
    /// 1 a win, 0.5 a draw, 0 a loss.
    label: f64,
}

/// The weights a fit moves: the stores stay at 100 a seed.
const WEIGHTS: [&str; 5] = [
    "mobility",
    "lapping_houses",
    "weak_houses",
    "empty_houses",
    "seeds_in_houses",
];

fn weight<'a>(eval: &'a mut Evaluation, name: &str) -> &'a mut i32 {
    match name {
        "mobility" => &mut eval.mobility,
        "lapping_houses" => &mut eval.lapping_houses,
        "weak_houses" => &mut eval.weak_houses,
        "empty_houses" => &mut eval.empty_houses,
        "seeds_in_houses" => &mut eval.seeds_in_houses,
        _ => unreachable!("the names are WEIGHTS"),
    }
}

fn main() {
    let args = Args::parse();
    let database = (args.endgame_seeds > 0).then(|| {
        let convention = Convention::of(&args.variant);
        match Database::build(&args.variant, convention, args.endgame_seeds) {
            Ok(db) => Arc::new(db),
            Err(e) => {
                eprintln!("error: the endgame database of {}: {e}", args.variant);
                std::process::exit(2);
            }
        }
    });
    let mut start = Evaluation::default();
    for (name, value) in &args.set {
        *weight(&mut start, name) = *value;
    }
    let fitted = if args.no_fit {
        start
    } else if args.spsa > 0 {
        spsa::tune(&args, start, database.as_ref())
    } else {
        fit(&args, start, database.as_ref())
    };
    say!("{fitted:?}");
    if args.check_games > 0 {
        check(&args, fitted, database);
    }
}

/// The positions' fit from `start`, with what it found said on the way.
fn fit(args: &Args, start: Evaluation, database: Option<&Arc<Database>>) -> Evaluation {
    let samples = collect(args, database);
    let relabelled = samples.iter().filter(|s| s.1).count();
    let samples: Vec<Sample> = samples.into_iter().map(|s| s.0).collect();
    say!(
        "{} quiet positions from {} games ({} labelled by the endgame database)",
        samples.len(),
        args.games,
        relabelled
    );
    let scale = fit_scale(&samples, &start);
    say!(
        "starting weights: error {:.6} (scale {scale:.0})",
        error(&samples, &start, scale)
    );
    let fitted = fit_weights(&samples, start, scale, &args.fit);
    say!(
        "fitted weights:   error {:.6}",
        error(&samples, &fitted, scale)
    );
    fitted
}

/// `NAME=VALUE`, a weight's name and its value.
fn parse_setting(text: &str) -> Result<(String, i32), String> {
    let (name, value) = text.split_once('=').ok_or("expected NAME=VALUE")?;
    if !WEIGHTS.contains(&name) {
        return Err(format!(
            "no weight {name}; the weights: {}",
            WEIGHTS.join(", ")
        ));
    }
    let value = value.parse().map_err(|e| format!("{value}: {e}"))?;
    Ok((name.to_owned(), value))
}

/// A finite number above 0.
fn parse_positive(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(x) if x.is_finite() && x > 0.0 => Ok(x),
        Ok(_) => Err(format!("{text}: must be a number above 0")),
        Err(e) => Err(format!("{text}: {e}")),
    }
}

/// Every game's quiet positions with their labels, and whether the
/// database gave the label.
fn collect(args: &Args, database: Option<&Arc<Database>>) -> Vec<(Sample, bool)> {
    let threads = args.threads.min(args.games);
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    (t..args.games)
                        .step_by(threads as usize)
                        .flat_map(|g| play_game(args, u64::from(g), database))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a game thread panicked"))
            .collect()
    })
}

/// Game `number`: its quiet positions, labelled.
fn play_game(args: &Args, number: u64, database: Option<&Arc<Database>>) -> Vec<(Sample, bool)> {
    let seed = args.seed.wrapping_mul(1_000_003).wrapping_add(number);
    let mut rng = Rng::new(seed);
    let mut game = Game::new(args.variant);
    for _ in 0..args.opening_plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let _ = game.play(moves[rng.below(moves.len())]);
    }
    let limits = SearchLimits::nodes(args.nodes);
    let mut players =
        [seed, seed ^ 0x5555].map(|s| Player::reproducible(Level::Five, s).with_limits(limits));
    let mut kept: Vec<(Position, EvalTerms)> = Vec::new();
    while !game.is_game_over() {
        let pos = *game.position();
        if is_quiet(&pos) {
            kept.push((pos, Evaluation::terms(&pos)));
        }
        let player = &mut players[game.position().turn() as usize];
        let Some(m) = player.choose(&game) else { break };
        if game.play(m).is_err() {
            break;
        }
    }
    let winner = game.outcome().and_then(|o| o.winner);
    kept.into_iter()
        .map(|(pos, terms)| {
            let exact = database.and_then(|db| exact_label(db, &pos));
            let label = exact.unwrap_or(match winner {
                Some(side) if side == pos.turn() => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            });
            (Sample { terms, label }, exact.is_some())
        })
        .collect()
}

/// Whether no legal move of `pos` captures.
fn is_quiet(pos: &Position) -> bool {
    let me = pos.turn();
    pos.legal_moves().iter().all(|&m| {
        let mut child = *pos;
        child.play_unchecked(m);
        child.board().store(me) == pos.board().store(me)
    })
}

/// The result best play gives the side to move of `pos`, if the database
/// knows its value exactly.
fn exact_label(db: &Database, pos: &Position) -> Option<f64> {
    let value = db.value(pos).ok()?.exact()?;
    let board = pos.board();
    let margin =
        i32::from(board.store(pos.turn())) - i32::from(board.store(!pos.turn())) + i32::from(value);
    Some(match margin.signum() {
        1 => 1.0,
        0 => 0.5,
        _ => 0.0,
    })
}

/// The win probability a score in centiseeds reads as, at `scale`.
fn probability(score: i32, scale: f64) -> f64 {
    1.0 / (1.0 + (-f64::from(score) / scale).exp())
}

/// The mean squared error of `eval`'s probabilities against the labels.
fn error(samples: &[Sample], eval: &Evaluation, scale: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| (s.label - probability(eval.weigh(&s.terms), scale)).powi(2))
        .sum();
    total / samples.len().max(1) as f64
}

/// The scale that fits `eval` best (golden-section search over 10 to 10 000).
fn fit_scale(samples: &[Sample], eval: &Evaluation) -> f64 {
    let f = |ln_s: f64| error(samples, eval, ln_s.exp());
    let (mut lo, mut hi) = (10f64.ln(), 10_000f64.ln());
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if f(a) < f(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    ((lo + hi) / 2.0).exp()
}

/// The Texel local search from `start`: each weight (of `only`, if any)
/// moved by a step while the error falls, then smaller steps.
fn fit_weights(samples: &[Sample], start: Evaluation, scale: f64, only: &[String]) -> Evaluation {
    let used: Vec<&str> = WEIGHTS
        .into_iter()
        .filter(|&name| only.is_empty() || only.iter().any(|o| o == name))
        .filter(|&name| samples.iter().any(|s| term(&s.terms, name) != 0))
        .collect();
    let mut best = start;
    let mut best_error = error(samples, &best, scale);
    for step in [100, 50, 20, 10, 5, 2, 1] {
        let mut moved = true;
        while moved {
            moved = false;
            for &name in &used {
                for delta in [step, -step] {
                    let mut trial = best;
                    *weight(&mut trial, name) += delta;
                    let e = error(samples, &trial, scale);
                    if e < best_error {
                        (best, best_error, moved) = (trial, e, true);
                        break;
                    }
                }
            }
        }
    }
    best
}

/// The count of the term `name` in `terms`.
fn term(terms: &EvalTerms, name: &str) -> i32 {
    match name {
        "mobility" => terms.mobility,
        "lapping_houses" => terms.lapping_houses,
        "weak_houses" => terms.weak_houses,
        "empty_houses" => terms.empty_houses,
        "seeds_in_houses" => terms.seeds_in_houses,
        _ => unreachable!("the names are WEIGHTS"),
    }
}

/// `a` against `b` (level 5 with those weights, `nodes` positions a move
/// and the database), game counts `games[i]` on thread `i` from seed
/// `seed + 7919 i` (a count of 0 plays nothing), the results summed.
fn match_on_threads(
    args: &Args,
    games: &[u32],
    seed: u64,
    (a, b): (Evaluation, Evaluation),
    nodes: u64,
    database: Option<&Arc<Database>>,
) -> MatchResult {
    let player = |eval: Evaluation| {
        let database = database.cloned();
        move |s: u64| {
            let player = Player::reproducible(Level::Five, s)
                .with_limits(SearchLimits::nodes(nodes))
                .with_evaluation(eval);
            match &database {
                Some(db) => player.with_endgame(Arc::clone(db)),
                None => player,
            }
        }
    };
    let results: Vec<MatchResult> = std::thread::scope(|scope| {
        let handles: Vec<_> = games
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .map(|(i, &n)| {
                let (a, b) = (player(a), player(b));
                let seed = seed.wrapping_add(7919 * i as u64);
                scope.spawn(move || play_match(args.variant, n, seed, a, b))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a match thread panicked"))
            .collect()
    });
    let mut total = results[0];
    for r in &results[1..] {
        total.wins += r.wins;
        total.draws += r.draws;
        total.losses += r.losses;
    }
    total
}

/// The fitted weights against the engine's, in two halves on two threads.
fn check(args: &Args, fitted: Evaluation, database: Option<Arc<Database>>) {
    let halves = [
        args.check_games / 2 + args.check_games % 2,
        args.check_games / 2,
    ];
    let total = match_on_threads(
        args,
        &halves,
        args.seed,
        (fitted, Evaluation::default()),
        args.check_nodes,
        database.as_ref(),
    );
    say!(
        "these weights vs the engine's, {} positions a move: {total}",
        args.check_nodes
    );
}

/// Tuning in games: simultaneous perturbation stochastic approximation
/// (SPSA, Spall 1998), with Fishtest's form of the step.
mod spsa {
    use std::path::Path;
    use std::sync::Arc;

    use oware::endgame::Database;
    use oware::search::{Evaluation, Rng};

    use super::{Args, WEIGHTS, match_on_threads, weight};

    /// The exponents of the perturbation's and the step's decay (Spall's
    /// recommended 0.101 and 0.602).
    const GAMMA: f64 = 0.101;
    const ALPHA: f64 = 0.602;

    /// Where a tuning stands: the iterations done of how many (the gains
    /// depend on the whole), and the weights, as real numbers (the players
    /// use them rounded).
    #[derive(Clone, Debug, PartialEq)]
    struct State {
        done: u32,
        of: u32,
        weights: Vec<(&'static str, f64)>,
    }

    /// The weights SPSA tunes from `start`: those of `--fit`, else every
    /// weight but mobility (whose count costs a move generation at every
    /// leaf) whose term `args.variant` counts.
    fn tuned_names(args: &Args) -> Vec<&'static str> {
        if !args.fit.is_empty() {
            return WEIGHTS
                .into_iter()
                .filter(|&name| args.fit.iter().any(|f| f == name))
                .collect();
        }
        let counted = counted_weights(args);
        WEIGHTS
            .into_iter()
            .zip(counted)
            .filter(|&(name, counted)| name != "mobility" && counted)
            .map(|(name, _)| name)
            .collect()
    }

    /// By weight of [`WEIGHTS`]: whether its term is counted in some
    /// position of a few random games of the variant.
    fn counted_weights(args: &Args) -> [bool; WEIGHTS.len()] {
        let mut rng = Rng::new(args.seed);
        let mut counted = [false; WEIGHTS.len()];
        for _ in 0..8 {
            let mut game = oware::Game::new(args.variant);
            while !game.is_game_over() {
                let terms = Evaluation::terms(game.position());
                for (seen, name) in counted.iter_mut().zip(WEIGHTS) {
                    *seen |= super::term(&terms, name) != 0;
                }
                let moves = game.legal_moves();
                let _ = game.play(moves[rng.below(moves.len())]);
            }
        }
        counted
    }

    /// Tunes the weights from `start` as `args` says, reporting on the way;
    /// returns them rounded.
    pub(super) fn tune(
        args: &Args,
        start: Evaluation,
        database: Option<&Arc<Database>>,
    ) -> Evaluation {
        let names = tuned_names(args);
        let fresh = State {
            done: 0,
            of: args.spsa,
            weights: names
                .iter()
                .map(|&n| {
                    let mut copy = start;
                    (n, f64::from(*weight(&mut copy, n)))
                })
                .collect(),
        };
        let mut state = match &args.state {
            Some(path) => match read_state(path, &fresh) {
                Ok(state) => state,
                Err(e) => {
                    eprintln!("error: {}: {e}", path.display());
                    std::process::exit(2);
                }
            },
            None => fresh,
        };
        say!(
            "SPSA from iteration {} to {}: {} pairs an iteration at {} positions a move, tuning {}",
            state.done,
            args.spsa,
            args.spsa_pairs,
            args.nodes,
            names.join(", ")
        );
        let every = (args.spsa / 10).max(1);
        let stop = args
            .pause_after
            .map_or(args.spsa, |k| state.done.saturating_add(k).min(args.spsa));
        while state.done < stop {
            state = iteration(args, start, &state, database);
            if let Some(path) = &args.state
                && let Err(e) = write_state(path, &state)
            {
                eprintln!("error: {}: {e}", path.display());
                std::process::exit(2);
            }
            if state.done % every == 0 || state.done == stop {
                say!("iteration {}: {}", state.done, show(&state));
            }
        }
        if state.done < args.spsa {
            say!(
                "paused after iteration {} of {}: the same command goes on from there",
                state.done,
                args.spsa
            );
            std::process::exit(0);
        }
        evaluation(start, &state.weights, None)
    }

    /// The weights as `name value` pairs, one decimal.
    fn show(state: &State) -> String {
        let parts: Vec<String> = state
            .weights
            .iter()
            .map(|(n, v)| format!("{n} {v:.1}"))
            .collect();
        parts.join(", ")
    }

    /// `start` with `weights` rounded, each moved by `shift` (its sign
    /// for each weight, times the perturbation) if given.
    fn evaluation(
        start: Evaluation,
        weights: &[(&str, f64)],
        shift: Option<(&[f64], f64)>,
    ) -> Evaluation {
        let mut eval = start;
        for (i, &(name, value)) in weights.iter().enumerate() {
            let moved = shift.map_or(value, |(signs, c)| value + signs[i] * c);
            *weight(&mut eval, name) = moved.round() as i32;
        }
        eval
    }

    /// One iteration after `state`: its pairs played, the weights stepped.
    fn iteration(
        args: &Args,
        start: Evaluation,
        state: &State,
        database: Option<&Arc<Database>>,
    ) -> State {
        let k = f64::from(state.done + 1);
        let n = f64::from(args.spsa);
        // Fishtest's gains: the perturbation is spsa_c and the step
        // spsa_r per centiseed at the last iteration, larger before.
        let big_a = 0.1 * n;
        let c_k = args.spsa_c * n.powf(GAMMA) / k.powf(GAMMA);
        let a = args.spsa_r * args.spsa_c * args.spsa_c * (big_a + n).powf(ALPHA);
        let a_k = a / (big_a + k).powf(ALPHA);
        let seed = args
            .seed
            .wrapping_mul(0x9E37_79B9)
            .wrapping_add(u64::from(state.done));
        let mut rng = Rng::new(seed);
        let signs: Vec<f64> = state
            .weights
            .iter()
            .map(|_| if rng.next_u64() & 1 == 0 { 1.0 } else { -1.0 })
            .collect();
        let plus = evaluation(start, &state.weights, Some((&signs, c_k)));
        let minus = evaluation(start, &state.weights, Some((&signs, -c_k)));
        let points = play_pairs(args, plus, minus, seed, database);
        let weights = state
            .weights
            .iter()
            .zip(&signs)
            .map(|(&(name, value), sign)| (name, value + a_k / c_k * points * sign))
            .collect();
        State {
            done: state.done + 1,
            weights,
            ..*state
        }
    }

    /// `plus`'s wins less its losses in `args.spsa_pairs` game pairs
    /// against `minus`, the pairs shared among the threads.
    fn play_pairs(
        args: &Args,
        plus: Evaluation,
        minus: Evaluation,
        seed: u64,
        database: Option<&Arc<Database>>,
    ) -> f64 {
        let threads = args.threads.min(args.spsa_pairs);
        let games: Vec<u32> = (0..threads)
            .map(|t| 2 * (t..args.spsa_pairs).step_by(threads as usize).count() as u32)
            .collect();
        let r = match_on_threads(args, &games, seed, (plus, minus), args.nodes, database);
        f64::from(r.wins) - f64::from(r.losses)
    }

    /// The state in `path`, or `fresh` if there is no such file; an error
    /// for a file that is not a state of the same weights.
    fn read_state(path: &Path, fresh: &State) -> Result<State, String> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(fresh.clone()),
            Err(e) => return Err(e.to_string()),
        };
        let mut lines = text.lines();
        let (done, of) = lines
            .next()
            .and_then(|l| l.strip_prefix("iteration "))
            .and_then(|l| l.split_once(" of "))
            .and_then(|(done, of)| Some((done.parse().ok()?, of.parse().ok()?)))
            .filter(|(done, of)| done <= of)
            .ok_or("the first line is not `iteration N of M`")?;
        if of != fresh.of {
            return Err(format!(
                "it is a tuning of {of} iterations, not {} (--spsa)",
                fresh.of
            ));
        }
        let mut weights = Vec::new();
        for (&(name, _), line) in fresh.weights.iter().zip(lines.by_ref()) {
            let value = line
                .strip_prefix(name)
                .and_then(|v| v.strip_prefix(' '))
                .and_then(|v| v.parse::<f64>().ok())
                .filter(|v| v.is_finite())
                .ok_or_else(|| format!("expected `{name} VALUE`, found `{line}`"))?;
            weights.push((name, value));
        }
        if weights.len() != fresh.weights.len() || lines.next().is_some() {
            return Err(format!(
                "it does not hold the weights tuned here ({})",
                show(fresh)
            ));
        }
        Ok(State { done, of, weights })
    }

    /// Writes `state` to `path` whole: first beside it, then renamed.
    fn write_state(path: &Path, state: &State) -> std::io::Result<()> {
        let mut text = format!("iteration {} of {}\n", state.done, state.of);
        for (name, value) in &state.weights {
            text.push_str(&format!("{name} {value:?}\n"));
        }
        let temporary = path.with_extension(format!("tmp{}", std::process::id()));
        std::fs::write(&temporary, text)?;
        std::fs::rename(&temporary, path)
    }
}
