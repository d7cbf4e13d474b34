//! Builds, inspects and probes endgame databases.
//!
//! ```text
//! cargo run --release --example endgame -- build --dir DIR [--max-seeds 18] [--variant abapa] [--convention even|own]
//! cargo run --release --example endgame -- probe --dir DIR --position "0,0,0,0,0,1/1,1,0,0,0,0 s 24 21"
//! cargo run --release --example endgame -- info --dir DIR
//! ```
//!
//! `build` writes one file a layer (`even-07.owdb`, ...; see
//! `Database::layer_file_name`), each written under a temporary name and
//! renamed when complete, so a stopped build leaves only whole layers; run
//! again, it goes on from the layers already in the directory. A layer file
//! that fails its checks is an error naming the file: delete it to rebuild
//! it. A directory holds one ruleset for each convention.
//!
//! Bad input (a missing directory, a bad position, too many seeds, a
//! corrupt file) gives a one-line error and exit code 2; a failure to write
//! a layer gives exit code 1.
use std::fmt;
use std::fs;
use std::io::{self, IsTerminal as _, Write as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

#[macro_use]
mod common;

use clap::{Parser, Subcommand, ValueEnum};
use oware::endgame::{Convention, Database, ProbeError, Progress, Value};
use oware::{Position, Ruleset};

/// Endgame databases: build them layer by layer, show what a directory
/// holds, probe a position.
#[derive(Parser, Debug)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Builds the layers from 0 to --max-seeds seeds into a directory,
    /// going on from the layers already there.
    Build(BuildArgs),
    /// Prints the value and best moves of a position.
    Probe(ProbeArgs),
    /// Lists the layers a directory holds, their ruleset and sizes.
    Info(InfoArgs),
}

#[derive(clap::Args, Debug)]
struct BuildArgs {
    /// The directory of layer files (created if missing).
    #[arg(long)]
    dir: PathBuf,
    /// The most seeds on the board: builds the layers 0..=N. The default
    /// builds in about a minute on two cores.
    #[arg(long, default_value_t = 18)]
    max_seeds: u8,
    /// The rules (an Oware ruleset): a preset with optional changes, e.g.
    /// `abapa(grand_slam=capture-all)`.
    #[arg(long, default_value = "abapa")]
    variant: Ruleset,
    /// What endless play is worth; by default the ruleset's own (`own`
    /// for Abapa, whose cycle rule gives each side its row; `even` for a
    /// ruleset that does not count the seeds left), which is what the
    /// terminal game's level 5 loads.
    #[arg(long, value_enum)]
    convention: Option<ConventionArg>,
}

#[derive(clap::Args, Debug)]
struct ProbeArgs {
    /// The directory of layer files.
    #[arg(long)]
    dir: PathBuf,
    /// The position (`<South A..F>/<North a..f> <s|n> <South store> <North
    /// store> [ruleset]`); its ruleset must be the database's.
    #[arg(long)]
    position: String,
    /// The convention to probe; default: each one the directory holds.
    #[arg(long, value_enum)]
    convention: Option<ConventionArg>,
}

#[derive(clap::Args, Debug)]
struct InfoArgs {
    /// The directory of layer files.
    #[arg(long)]
    dir: PathBuf,
}

/// `Convention` on the command line.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum ConventionArg {
    /// Endless play splits the seeds left evenly (computer Awari): exact values.
    Even,
    /// Each side takes the seeds in its row when play is cut (Abapa R11):
    /// bounds, exact where no cycle matters.
    Own,
}

impl From<ConventionArg> for Convention {
    fn from(arg: ConventionArg) -> Convention {
        match arg {
            ConventionArg::Even => Convention::EvenSplit,
            ConventionArg::Own => Convention::EachTakesOwn,
        }
    }
}

/// How often the progress bar is redrawn on a terminal.
const REDRAW: Duration = Duration::from_millis(250);

/// How often a progress line is printed when standard error is not a
/// terminal.
const PROGRESS_LINES: Duration = Duration::from_secs(10);

/// Why a command failed, and its exit code.
struct Failure {
    message: String,
    code: u8,
}

/// Bad input: exit code 2.
fn bad(message: impl fmt::Display) -> Failure {
    Failure {
        message: message.to_string(),
        code: 2,
    }
}

/// A failure to write: exit code 1.
fn failed(message: impl fmt::Display) -> Failure {
    Failure {
        message: message.to_string(),
        code: 1,
    }
}

fn main() -> ExitCode {
    let result = match Cli::parse().command {
        Command::Build(args) => build(&args),
        Command::Probe(args) => probe(&args),
        Command::Info(args) => info(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("error: {}", failure.message);
            ExitCode::from(failure.code)
        }
    }
}

// ---------------------------------------------------------------------------
// build
// ---------------------------------------------------------------------------

fn build(args: &BuildArgs) -> Result<(), Failure> {
    let (ruleset, max, dir) = (args.variant, args.max_seeds, &args.dir);
    let convention = args
        .convention
        .map_or(Convention::of(&ruleset), Convention::from);
    let empty = Database::new(&ruleset, convention).map_err(|e| bad(format!("{ruleset}: {e}")))?;
    if max > ruleset.total_seeds() {
        return Err(bad(format!(
            "--max-seeds {max}: {ruleset} has {} seeds in all",
            ruleset.total_seeds()
        )));
    }
    if let Some(k) = (0..=max).find(|&k| empty.positions(k) >= oware::endgame::MAX_LAYER_POSITIONS)
    {
        return Err(bad(format!(
            "--max-seeds {max}: the layer of {k} seeds would hold {} positions, a layer holds fewer than 2^31; at most {}",
            empty.positions(k),
            k - 1
        )));
    }
    if dir.exists() && !dir.is_dir() {
        return Err(bad(format!("{}: not a directory", dir.display())));
    }
    fs::create_dir_all(dir).map_err(|e| bad(format!("{}: {e}", dir.display())))?;
    let mut db = load_layers(dir, &ruleset, convention)?;
    let first = db.max_seeds().map_or(0, |m| m + 1);
    let held = match db.max_seeds() {
        Some(m) => format!("layers 0..={m}"),
        None => "no layer".to_string(),
    };
    if first > max {
        say!(
            "{} already holds {held} of {ruleset} ({}): nothing to build",
            dir.display(),
            convention.description()
        );
        return Ok(());
    }
    let sizes: Vec<u64> = (first..=max).map(|k| db.positions(k)).collect();
    let total: u64 = sizes.iter().sum();
    let bytes_per_position = match convention {
        Convention::EvenSplit => 2,
        Convention::EachTakesOwn => 3,
    };
    say!(
        "building layers {first}..={max} of {ruleset} ({}) in {} ({held} there): {total} positions, about {}",
        convention.description(),
        dir.display(),
        human_bytes(total * bytes_per_position)
    );

    let tty = io::stderr().is_terminal();
    let meter = Mutex::new(Meter::new(tty, total));
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    let mut built_bytes = 0;
    let result = std::thread::scope(|scope| {
        // On a terminal the bar is redrawn between steps too, so the
        // elapsed time and the ETA move while a long step runs.
        let ticker = tty.then(|| {
            scope.spawn(|| {
                while !stop.load(Ordering::Relaxed) {
                    std::thread::park_timeout(REDRAW);
                    lock(&meter).draw(Instant::now());
                }
            })
        });
        let result = (first..=max).try_for_each(|k| {
            lock(&meter).start_layer(k, db.positions(k), Instant::now());
            let layer_start = Instant::now();
            db.build_next_layer(|p| lock(&meter).step(p, Instant::now()))
                .map_err(|e| bad(format!("layer {k}: {e}")))?;
            let seconds = layer_start.elapsed().as_secs_f64();
            let bytes = write_layer(&db, dir, convention, k)?;
            built_bytes += bytes;
            let positions = db.positions(k);
            let mut meter = lock(&meter);
            let (longest, saturated) = meter.finish_layer(seconds);
            say!(
                "layer {k:>2}  {positions:>10} positions  {seconds:>8.2} s  {:>9.0} positions/s  {bytes:>10} bytes  longest {}",
                positions as f64 / seconds.max(1e-9),
                plies(longest)
            );
            if saturated > 0 {
                say!(
                    "  warning: {saturated} positions need more quiet plies than a rank holds (254); their best moves keep the value but may not make progress"
                );
            }
            Ok(())
        });
        stop.store(true, Ordering::Relaxed);
        if let Some(ticker) = ticker {
            ticker.thread().unpark();
        }
        lock(&meter).clear();
        result
    });
    result?;
    say!(
        "total: layers {first}..={max} in {:.2} s, {total} positions, {built_bytes} bytes ({}); {} holds layers 0..={max}",
        start.elapsed().as_secs_f64(),
        human_bytes(built_bytes),
        dir.display()
    );
    Ok(())
}

/// Writes layer `k` to its file in `dir` (whole or absent); returns its size.
fn write_layer(db: &Database, dir: &Path, convention: Convention, k: u8) -> Result<u64, Failure> {
    let write = || -> io::Result<u64> {
        let path = db.write_layer_file(dir, k)?;
        Ok(fs::metadata(path)?.len())
    };
    write().map_err(|e| {
        let path = dir.join(Database::layer_file_name(convention, k));
        failed(format!("writing {}: {e}", path.display()))
    })
}

/// The layers of `convention` in `dir`, from 0 seeds up to the first file
/// missing: `Database::load_dir`, but an error names the file that fails,
/// and a file that is there but cannot be opened is an error too (not the
/// end of the layers, which would rebuild it).
fn load_layers(dir: &Path, ruleset: &Ruleset, convention: Convention) -> Result<Database, Failure> {
    let mut db = Database::new(ruleset, convention).map_err(|e| bad(format!("{ruleset}: {e}")))?;
    db.read_layer_dir(dir).map_err(|e| bad(e.to_string()))?;
    Ok(db)
}

fn lock(meter: &Mutex<Meter>) -> MutexGuard<'_, Meter> {
    meter.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The progress bar: how much of the build is done and an estimate of the
/// time left.
///
/// The estimate weighs layers by their positions: the time per position of
/// the last layer built (it grows slowly with the seeds) times the
/// positions left. Within a layer the steps take very unequal times (the
/// first reads every move, the thresholds near 0 take the most), so the
/// share of a layer done after a step is read off how the last layer's
/// time was spread over its steps.
struct Meter {
    tty: bool,
    /// Positions to build in this run.
    total: u64,
    /// Positions of the layers finished in this run.
    done: u64,
    /// The layer being built.
    layer: Option<LayerMeter>,
    /// Seconds per position of the last layer that took long enough to
    /// time.
    rate: Option<f64>,
    /// That layer's (step / steps, share of its time) after each step.
    profile: Vec<(f64, f64)>,
    /// A bar is on standard error's line (terminal).
    drawn: bool,
    /// When the last progress line was printed (not a terminal).
    last_line: Option<Instant>,
}

struct LayerMeter {
    seeds: u8,
    positions: u64,
    start: Instant,
    step: u32,
    steps: u32,
    /// Seconds from the start of the layer to its last step.
    at_step: f64,
    /// (step / steps, seconds) after each step.
    times: Vec<(f64, f64)>,
    /// The last step's `Progress::longest_plies` and `saturated`.
    longest: u32,
    saturated: u64,
}

impl Meter {
    fn new(tty: bool, total: u64) -> Meter {
        Meter {
            tty,
            total,
            done: 0,
            layer: None,
            rate: None,
            profile: Vec::new(),
            drawn: false,
            last_line: None,
        }
    }

    fn start_layer(&mut self, seeds: u8, positions: u64, now: Instant) {
        self.layer = Some(LayerMeter {
            seeds,
            positions,
            start: now,
            step: 0,
            steps: 0,
            at_step: 0.0,
            times: Vec::new(),
            longest: 0,
            saturated: 0,
        });
        self.draw(now);
    }

    fn step(&mut self, progress: Progress, now: Instant) {
        if let Some(layer) = &mut self.layer {
            layer.step = progress.step;
            layer.steps = progress.steps;
            layer.at_step = (now - layer.start).as_secs_f64();
            let x = f64::from(progress.step) / f64::from(progress.steps.max(1));
            layer.times.push((x, layer.at_step));
            (layer.longest, layer.saturated) = (progress.longest_plies, progress.saturated);
        }
        self.draw(now);
    }

    /// Ends the layer (`seconds` long) and clears the bar for the layer's
    /// line on standard output; returns the layer's longest forced quiet
    /// sequence in plies and its positions with saturated ranks.
    fn finish_layer(&mut self, seconds: f64) -> (u32, u64) {
        self.clear();
        let Some(layer) = self.layer.take() else {
            return (0, 0);
        };
        self.done += layer.positions;
        // Layers of a few milliseconds time thread start-up, not positions.
        if seconds >= 0.05 {
            self.rate = Some(seconds / layer.positions as f64);
            self.profile = layer.times.iter().map(|&(x, t)| (x, t / seconds)).collect();
        }
        (layer.longest, layer.saturated)
    }

    /// The share of the current layer done after `step` steps.
    fn layer_share(&self, layer: &LayerMeter, step: u32) -> f64 {
        if step == 0 {
            return 0.0;
        }
        if layer.steps == 0 {
            // Before the first step the layer's steps are not known yet.
            return self.profile.first().map_or(0.0, |&(_, share)| share);
        }
        let x = f64::from(step.min(layer.steps)) / f64::from(layer.steps);
        let mut last = (0.0, 0.0);
        for &(px, py) in &self.profile {
            if px >= x {
                let span = px - last.0;
                let along = if span > 0.0 { (x - last.0) / span } else { 1.0 };
                return last.1 + along * (py - last.1);
            }
            last = (px, py);
        }
        x
    }

    /// The share of the run done, and the seconds left if they can be
    /// estimated yet.
    fn estimate(&self, now: Instant) -> (f64, Option<f64>) {
        let total = self.total.max(1) as f64;
        let Some(layer) = &self.layer else {
            return (self.done as f64 / total, None);
        };
        let mut share = self.layer_share(layer, layer.step);
        let positions = layer.positions as f64;
        let elapsed = (now - layer.start).as_secs_f64();
        // The layer's own pace once a tenth of it is done (and long enough
        // to time), else the last layer's time per position.
        let layer_time = if share >= 0.1 && layer.at_step >= 0.05 {
            Some(layer.at_step / share)
        } else {
            self.rate.map(|rate| rate * positions)
        };
        let left = layer_time.map(|t| {
            let later = (self.total - self.done - layer.positions) as f64;
            (t - elapsed).max(0.0) + later * t / positions
        });
        // Between steps the share moves with the time, up to the next step's.
        if let Some(t) = layer_time.filter(|&t| t > 0.0) {
            let next = self.layer_share(layer, layer.step + 1);
            share = share.max((elapsed / t).min(next));
        }
        let done = (self.done as f64 + share * positions) / total;
        (done, left)
    }

    fn draw(&mut self, now: Instant) {
        let Some(layer) = &self.layer else {
            return;
        };
        if !self.tty && self.last_line.is_some_and(|t| now - t < PROGRESS_LINES) {
            return;
        }
        let (done, left) = self.estimate(now);
        let eta = left.map_or_else(|| "--:--".to_string(), clock);
        let step = if layer.steps == 0 {
            "reading moves".to_string()
        } else {
            format!("step {}/{}", layer.step, layer.steps)
        };
        let text = format!(
            "{:>3.0}%  layer {} ({step})  ETA {eta}",
            100.0 * done,
            layer.seeds
        );
        let mut err = io::stderr().lock();
        if self.tty {
            const WIDTH: usize = 30;
            let filled = ((done * WIDTH as f64) as usize).min(WIDTH);
            let bar = "#".repeat(filled) + &"-".repeat(WIDTH - filled);
            let _ = write!(err, "\r[{bar}] {text}\x1b[K");
            self.drawn = true;
        } else {
            let _ = writeln!(err, "progress: {text}");
            self.last_line = Some(now);
        }
        let _ = err.flush();
    }

    /// Removes the bar from standard error's line.
    fn clear(&mut self) {
        if self.drawn {
            let mut err = io::stderr().lock();
            let _ = write!(err, "\r\x1b[K");
            let _ = err.flush();
            self.drawn = false;
        }
    }
}

/// `n plies`, or `1 ply`.
fn plies(n: u32) -> String {
    if n == 1 {
        "1 ply".to_string()
    } else {
        format!("{n} plies")
    }
}

/// Seconds as `m:ss` or `h:mm:ss`.
fn clock(seconds: f64) -> String {
    let s = seconds.round() as u64;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// Bytes in kB, MB or GB (powers of 1000).
fn human_bytes(bytes: u64) -> String {
    let b = bytes as f64;
    if b >= 1e9 {
        format!("{:.1} GB", b / 1e9)
    } else if b >= 1e6 {
        format!("{:.1} MB", b / 1e6)
    } else if b >= 1e3 {
        format!("{:.1} kB", b / 1e3)
    } else {
        format!("{bytes} bytes")
    }
}

// ---------------------------------------------------------------------------
// probe and info
// ---------------------------------------------------------------------------

/// `dir`, checked to be a directory.
fn existing_dir(dir: &Path) -> Result<&Path, Failure> {
    if dir.is_dir() {
        Ok(dir)
    } else if dir.exists() {
        Err(bad(format!("{}: not a directory", dir.display())))
    } else {
        Err(bad(format!("{}: no such directory", dir.display())))
    }
}

/// The layers of `convention` in `dir`, with the ruleset named in its
/// first file; `None` when there is no layer of 0 seeds.
fn load_convention(dir: &Path, convention: Convention) -> Result<Option<Database>, Failure> {
    let path = dir.join(Database::layer_file_name(convention, 0));
    if !path.exists() {
        return Ok(None);
    }
    let first = Database::load(&path).map_err(|e| bad(format!("{}: {e}", path.display())))?;
    load_layers(dir, first.ruleset(), convention).map(Some)
}

fn probe(args: &ProbeArgs) -> Result<(), Failure> {
    let dir = existing_dir(&args.dir)?;
    let position: Position = args
        .position
        .parse()
        .map_err(|e| bad(format!("bad position '{}': {e}", args.position)))?;
    let conventions = match args.convention {
        Some(c) => vec![Convention::from(c)],
        None => Convention::ALL.to_vec(),
    };
    let mut databases = Vec::new();
    for convention in conventions {
        match load_convention(dir, convention)? {
            Some(db) => databases.push(db),
            None if args.convention.is_some() => {
                return Err(bad(format!(
                    "{}: no layers for --convention {} (no {})",
                    dir.display(),
                    convention.name(),
                    Database::layer_file_name(convention, 0)
                )));
            }
            None => {}
        }
    }
    if databases.is_empty() {
        return Err(bad(format!("{}: no endgame layers", dir.display())));
    }
    let board = position.board();
    let turn = position.turn();
    // Every answer is found before any is printed, so an error is the
    // only output.
    let mut lines = vec![format!(
        "{position}: {} seeds on the board, {turn} to move",
        board.seeds_on_board()
    )];
    for db in &databases {
        let name = db.convention().description();
        let probe = match db.probe(&position) {
            Ok(probe) => probe,
            Err(ProbeError::Ruleset) => {
                return Err(bad(format!(
                    "the position's ruleset {} is not the database's {} ({name})",
                    position.ruleset(),
                    db.ruleset()
                )));
            }
            // Layers of one convention may stop short where the other's
            // go on: say so, and answer from the other.
            Err(e @ ProbeError::TooManySeeds { .. }) if databases.len() > 1 => {
                lines.push(format!("{name}: {e}"));
                continue;
            }
            Err(e) => return Err(bad(format!("{name}: {e}"))),
        };
        let moves = if probe.best_moves.is_empty() {
            "none (no move: each side takes its own seeds, R8)".to_string()
        } else {
            let moves: Vec<String> = probe.best_moves.iter().map(ToString::to_string).collect();
            let what = match probe.value.exact() {
                Some(_) => "the value",
                None => "the lower bound",
            };
            let within = match probe.plies {
                None => String::new(),
                Some(u16::MAX) => format!(" (best play secures {what} in more than 254 plies)"),
                Some(n) => format!(
                    " (best play secures {what} by a capture or the end within {})",
                    plies(n.into())
                ),
            };
            moves.join(" ") + &within
        };
        let (mover, other) = (board.store(turn), board.store(turn.other()));
        let seeds = i16::from(probe.seeds);
        let value = match probe.value {
            Value { lower, upper } if lower == upper => {
                let v = i16::from(lower);
                let score = if (seeds + v) % 2 == 0 {
                    format!(
                        "; with best play {turn} ends {}-{}",
                        i16::from(mover) + (seeds + v) / 2,
                        i16::from(other) + (seeds - v) / 2
                    )
                } else {
                    String::new()
                };
                format!("{lower:+} (exact){score}")
            }
            Value { lower, upper } => {
                format!("between {lower:+} and {upper:+} (the game's history decides)")
            }
        };
        lines.push(format!(
            "{name}: value for {turn} {value}\n{name}: best moves: {moves}"
        ));
    }
    for line in lines {
        say!("{line}");
    }
    Ok(())
}

fn info(args: &InfoArgs) -> Result<(), Failure> {
    let dir = existing_dir(&args.dir)?;
    let mut any = false;
    for convention in Convention::ALL {
        let name = convention.description();
        let Some(db) = load_convention(dir, convention)? else {
            continue;
        };
        let Some(max) = db.max_seeds() else {
            continue;
        };
        any = true;
        let mut rows = Vec::new();
        let (mut positions, mut bytes) = (0, 0);
        for k in 0..=max {
            let path = dir.join(Database::layer_file_name(convention, k));
            let size = fs::metadata(&path)
                .map_err(|e| bad(format!("{}: {e}", path.display())))?
                .len();
            positions += db.positions(k);
            bytes += size;
            rows.push(format!("{k:>7}  {:>10}  {size:>10}", db.positions(k)));
        }
        say!(
            "{name}: {}, layers 0..={max}, {positions} positions, {bytes} bytes ({})",
            db.ruleset(),
            human_bytes(bytes)
        );
        say!("  seeds   positions       bytes");
        for row in rows {
            say!("{row}");
        }
        let stray = stray_layers(dir, convention, max);
        if !stray.is_empty() {
            say!(
                "  not read (layer {} is missing): {}",
                max + 1,
                stray.join(" ")
            );
        }
    }
    if !any {
        return Err(bad(format!("{}: no endgame layers", dir.display())));
    }
    Ok(())
}

/// Layer files of `convention` in `dir` above the first missing layer,
/// which the database does not read.
fn stray_layers(dir: &Path, convention: Convention, max: u8) -> Vec<String> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|name| {
            (max.saturating_add(2)..=u8::MAX)
                .any(|k| *name == Database::layer_file_name(convention, k))
        })
        .collect();
    names.sort();
    names
}
