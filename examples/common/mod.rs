//! Command-line pieces the examples share.
#![allow(unused_macros, dead_code)]

/// `println!` that ends the program quietly when standard output is gone
/// (a closed pipe, as in `play ... | head`), instead of panicking.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}

/// `print!` (for prompts) with the same closed-pipe handling as `say!`.
macro_rules! say_part {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let mut out = std::io::stdout();
        if write!(out, $($arg)*).and_then(|()| out.flush()).is_err() {
            std::process::exit(0);
        }
    }};
}

use clap::Args;
use oware::{ParsePositionError, Position, Ruleset};

/// Where a game starts: a variant's start, or a position string.
#[derive(Args, Debug)]
pub struct StartArgs {
    /// The rules: a preset (abapa, openspiel, awale, kalah, kalah-irving,
    /// congkak) with optional changes, e.g. `kalah(6,5)` or
    /// `abapa(grand_slam=capture-all)`. Default: abapa, or the ruleset the
    /// position names.
    #[arg(long)]
    pub variant: Option<Ruleset>,
    /// Start from this position string (`<South A..F>/<North a..f> <s|n>
    /// <South store> <North store> [ruleset]`) instead of the variant's start.
    #[arg(long)]
    pub position: Option<String>,
}

impl StartArgs {
    /// The starting position these arguments ask for.
    pub fn start(&self) -> Result<Position, ParsePositionError> {
        match &self.position {
            Some(text) => match self.variant {
                Some(ruleset) => Position::from_str_with_ruleset(text, ruleset),
                None => text.parse(),
            },
            None => Ok(Position::new(self.variant.unwrap_or_default())),
        }
    }
}
