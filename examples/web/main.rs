//! Oware in the browser against the engine's five levels: a server on the
//! library (axum, with the games and a leaderboard in SQLite) and a page
//! that animates each move seed by seed from the library's move report.
//!
//! ```text
//! cargo run --release --example web                        # http://127.0.0.1:8080, games in oware-web.sqlite
//! cargo run --release --example web -- --addr 0.0.0.0:9000 --db /tmp/games.sqlite
//! ```
//!
//! The server is the authority: the page sends a house letter and the ply
//! it saw; the library checks and plays it, the machine replies on a
//! blocking thread, the game record goes to the store, and the page
//! animates the reports it gets back. Live games between two people go
//! over a WebSocket (`live/`): each move checked, stored and pushed to
//! both players and the spectators. `/learn` is a course of one-move
//! lessons on a live board (`lessons.rs`), each judged by the library. The
//! end-to-end tests and the load test
//! are in `examples/web/tests/` (`node e2e.mjs`, `load.mjs`, run by `.ci/run`).

mod api;
mod app;
mod lessons;
mod live;
mod session;
mod store;
mod wire;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use clap::Parser;

/// The command line.
#[derive(Parser, Debug)]
#[command(about = "Oware against the engine or a friend, in the browser")]
struct Args {
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// The SQLite database of games and results (created if missing).
    #[arg(long, default_value = "oware-web.sqlite")]
    db: PathBuf,
    /// Games held in memory at once (the others wait in the database).
    #[arg(long, default_value_t = 256)]
    cached_games: usize,
    /// Games going on at once; a new game beyond them is refused.
    #[arg(long, default_value_t = 10_000)]
    open_games: u64,
    /// Live games held in memory (with a page open) at once.
    #[arg(long, default_value_t = 1000)]
    live_games: usize,
    /// WebSocket connections of players at once.
    #[arg(long, default_value_t = 4096)]
    connections: usize,
    /// WebSocket connections of spectators at once, apart from the players'.
    #[arg(long, default_value_t = 4096)]
    spectators: usize,
    /// Hours with no move after which a live game is deleted as abandoned.
    #[arg(long, default_value_t = 48.0)]
    expire_hours: f64,
    /// The seed of the machines' random choices (default: the clock).
    #[arg(long)]
    seed: Option<u64>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let store = match store::Store::open(&args.db) {
        Ok(store) => store,
        Err(e) => {
            eprintln!("web: cannot open the database {}: {e}", args.db.display());
            return ExitCode::FAILURE;
        }
    };
    let seed = args.seed.unwrap_or_else(clock_seed);
    let limits = app::Limits {
        cached: args.cached_games,
        open: args.open_games,
    };
    let live = live::LiveLimits {
        games: args.live_games,
        connections: args.connections,
        spectators: args.spectators,
        expiry_secs: (args.expire_hours.max(0.0) * 3600.0) as u64,
    };
    let app = Arc::new(app::App::new(store, seed, limits, live));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        // Engine searches and SQLite run on these: a bounded pool.
        .max_blocking_threads(16)
        .build();
    match runtime.map(|rt| rt.block_on(serve(args.addr, app))) {
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(e)) | Err(e) => {
            eprintln!("web: {e}");
            ExitCode::FAILURE
        }
    }
}

/// A seed from the clock.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// Serves the app on `addr` until Ctrl-C.
async fn serve(addr: SocketAddr, app: Arc<app::App>) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    println!("oware web: serving http://{}", listener.local_addr()?);
    tokio::spawn(live::sweep(Arc::clone(&app)));
    tokio::spawn(live::watch_clocks(Arc::clone(&app)));
    axum::serve(listener, api::router(app))
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
}
