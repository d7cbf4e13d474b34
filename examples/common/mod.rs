//! Command-line pieces the examples share.

use clap::Args;
use oware::{ParsePositionError, Position, Variant};

/// Where a game starts: a variant's start, or a position string.
#[derive(Args, Debug)]
pub struct StartArgs {
    /// The rules: abapa (default) or openspiel.
    #[arg(long, default_value = "abapa")]
    pub variant: Variant,
    /// Start from this position string (`<South A..F>/<North a..f> <s|n>
    /// <South store> <North store>`) instead of the variant's start.
    #[arg(long)]
    pub position: Option<String>,
}

impl StartArgs {
    /// The starting position these arguments ask for.
    pub fn start(&self) -> Result<Position, ParsePositionError> {
        match &self.position {
            Some(text) => Position::from_str_with_variant(text, self.variant),
            None => Ok(Position::new(self.variant.ruleset())),
        }
    }
}
