//! Opening books: the best move of early positions, found ahead of time by
//! a deep search of this engine, for level 5 to play at once.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use super::{Score, zobrist};
use crate::{Move, Position, Ruleset};

/// One position's entry in a [`Book`].
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub struct BookEntry {
    /// The move to play.
    pub best_move: Move,
    /// Its score from the side to move's view, as the search gave it.
    pub score: Score,
    /// The depth of the search that gave it, in plies.
    pub depth: u8,
}

/// Why a book's text was refused: the line (counted from 1) and what is
/// wrong with it.
#[derive(Clone, Eq, PartialEq, Debug)]
pub struct ParseBookError {
    /// The line, counted from 1.
    pub line: usize,
    /// What is wrong with it.
    pub reason: String,
}

impl core::fmt::Display for ParseBookError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "opening book, line {}: {}", self.line, self.reason)
    }
}

impl core::error::Error for ParseBookError {}

/// An opening book: for each position it holds, the move to play there.
///
/// Its text form, which [`Book::parse`] reads and [`Book::line`] writes,
/// is one line a position, `position | move | score | depth`: the position
/// in the crate's notation, the move's letter, its score in centiseeds
/// from the mover's view and the depth searched. Lines starting with `#`
/// are comments; a line `ruleset TEXT` before the first entry names the
/// ruleset the positions are of (Abapa when there is none).
///
/// ```
/// use oware::search::Book;
/// use oware::{Game, Position};
/// let book = Book::standard();
/// let game = Game::new(oware::Ruleset::abapa());
/// let entry = book.get(game.position()).expect("the start is in the book");
/// assert!(game.legal_moves().contains(&entry.best_move));
/// ```
#[derive(Clone, Debug)]
pub struct Book {
    ruleset: Ruleset,
    entries: HashMap<u64, BookEntry>,
}

/// The text of the book that ships with the crate: Abapa's (and
/// OpenSpiel's) positions of the first plies, built by `examples/book.rs`.
const STANDARD: &str = include_str!("book.txt");

impl Book {
    /// The book that ships with the crate, for the standard 6-house,
    /// 4-seed Oware board with Abapa's moves and captures (the `abapa` and
    /// `openspiel` presets, and any ruleset that changes only their cycle
    /// rules): every position up to ply 3, and
    /// at ply 4 those where the side to move played the book's move at
    /// ply 2 (its header says how it was built). Level 5 plays from it.
    /// Parsed once per process; every call shares it.
    #[must_use]
    pub fn standard() -> Arc<Book> {
        static BOOK: OnceLock<Arc<Book>> = OnceLock::new();
        let book =
            BOOK.get_or_init(|| Arc::new(Book::parse(STANDARD).expect("the shipped book parses")));
        Arc::clone(book)
    }

    /// A book with no entries, for `ruleset`.
    #[must_use]
    pub fn new(ruleset: Ruleset) -> Book {
        Book {
            ruleset,
            entries: HashMap::new(),
        }
    }

    /// Reads a book from its text form (see [`Book`]).
    ///
    /// # Errors
    /// A [`ParseBookError`] naming the first line that is not a comment, a
    /// ruleset line before the entries, or an entry whose position parses
    /// under the book's ruleset, whose move is legal there, and whose score
    /// and depth are numbers in range.
    pub fn parse(text: &str) -> Result<Book, ParseBookError> {
        let mut book = Book::new(Ruleset::abapa());
        for (i, line) in text.lines().enumerate() {
            let error = |reason: String| ParseBookError {
                line: i + 1,
                reason,
            };
            if line.trim_end_matches('\r').contains('\r') {
                let reason = "a carriage return inside the line (lines end with \\n or \\r\\n)";
                return Err(error(reason.into()));
            }
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if let Some(rest) = line.strip_prefix("ruleset ") {
                if !book.is_empty() {
                    return Err(error("the ruleset comes before the entries".into()));
                }
                book.ruleset = rest.trim().parse().map_err(|e| error(format!("{e}")))?;
                continue;
            }
            let (pos, entry) = book.parse_entry(line).map_err(error)?;
            book.insert(&pos, entry);
        }
        Ok(book)
    }

    /// One entry's line: its position, move, score and depth.
    fn parse_entry(&self, line: &str) -> Result<(Position, BookEntry), String> {
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let [pos, m, score, depth] = fields[..] else {
            return Err("expected `position | move | score | depth`".into());
        };
        let pos = Position::from_str_with_ruleset(pos, self.ruleset).map_err(|e| format!("{e}"))?;
        let best_move: Move = m.parse().map_err(|e| format!("{e}"))?;
        if !pos.is_legal(best_move) {
            return Err(format!("{best_move} is not legal in {pos}"));
        }
        let centiseeds: i32 = score.parse().map_err(|_| format!("bad score {score:?}"))?;
        if centiseeds.unsigned_abs() > Score::MAX_CENTISEEDS.unsigned_abs() {
            return Err(format!("score {centiseeds} out of range"));
        }
        let depth = depth.parse().map_err(|_| format!("bad depth {depth:?}"))?;
        let score = Score::from_centiseeds(centiseeds);
        Ok((
            pos,
            BookEntry {
                best_move,
                score,
                depth,
            },
        ))
    }

    /// The line of `entry` for `pos` in the text form.
    #[must_use]
    pub fn line(pos: &Position, entry: &BookEntry) -> String {
        let centiseeds = entry.score.centiseeds().unwrap_or(0);
        format!(
            "{pos} | {} | {centiseeds:+} | {}",
            entry.best_move, entry.depth
        )
    }

    /// Adds (or replaces) the entry of `pos`.
    pub fn insert(&mut self, pos: &Position, entry: BookEntry) {
        self.entries.insert(zobrist::hash(pos), entry);
    }

    /// The entry of `pos`, if the book holds it and covers its ruleset.
    #[must_use]
    pub fn get(&self, pos: &Position) -> Option<BookEntry> {
        if !self.covers(pos.ruleset()) {
            return None;
        }
        let entry = *self.entries.get(&zobrist::hash(pos))?;
        pos.is_legal(entry.best_move).then_some(entry)
    }

    /// Whether the book's moves hold under `ruleset`: the same board and
    /// the same sowing, capture and feeding rules as the book's ruleset
    /// (the cycle rules do not matter in an opening).
    #[must_use]
    pub fn covers(&self, ruleset: &Ruleset) -> bool {
        ruleset.houses_per_side() == self.ruleset.houses_per_side()
            && ruleset.seeds_per_house() == self.ruleset.seeds_per_house()
            && ruleset.family() == self.ruleset.family()
    }

    /// The ruleset the book's positions are of.
    #[must_use]
    pub const fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// The number of positions held.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book holds no position.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}
