//! The terminal game of `examples/play/` as a binary of its own, so that
//! `cargo install --path . --bin oware-play` and `cargo run --release --bin
//! oware-play` build only the game and its two dependencies (clap and
//! `oware`), not the dev-dependencies an example builds with.

#[path = "../../examples/play/main.rs"]
mod play;

fn main() -> std::process::ExitCode {
    play::main()
}
