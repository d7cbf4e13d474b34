//! The board as the player sees it: from the player's side, with the
//! stores labelled, the houses of a move marked, in colour where the
//! terminal takes it.

use std::io::IsTerminal;

use oware::{Board, House, HouseSet, Move, Pit, Position, Side};

/// How a house is marked on the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mark {
    Plain,
    /// The opponent can capture it next move.
    Threatened,
    /// The house the move was sown from.
    Origin,
    /// A house the move has sown into.
    Reached,
    /// Where the last seed (so far) fell.
    Last,
    /// Captured by the move.
    Captured,
}

impl Mark {
    /// The brackets around the seed count, so the marks read without colour.
    fn brackets(self) -> (char, char) {
        match self {
            Mark::Plain | Mark::Reached => (' ', ' '),
            Mark::Threatened => (' ', '*'),
            Mark::Origin => ('(', ')'),
            Mark::Last => ('[', ']'),
            Mark::Captured => ('x', 'x'),
        }
    }

    /// The colour (an ANSI SGR code) of the mark.
    fn colour(self) -> Option<&'static str> {
        match self {
            Mark::Plain => None,
            Mark::Threatened => Some("31"),
            Mark::Origin => Some("1;33"),
            Mark::Reached => Some("32"),
            Mark::Last => Some("1;7;32"),
            Mark::Captured => Some("1;7;31"),
        }
    }
}

/// The explanation of the marks, for the start of a game and `help`.
pub fn legend(view: Side) -> String {
    let (left, right) = (!view, view);
    format!(
        "Marks: ( ) the house a move was sown from, [ ] where its last seed fell, \
         x x a capture, * a house the opponent can capture next move.\n\
         The numbers beside the rows are the stores: {left}'s on the left, {right}'s on the right."
    )
}

/// Where and how the board is drawn.
#[derive(Debug)]
pub struct Screen {
    /// The side drawn at the bottom.
    pub view: Side,
    /// Colours (a terminal, and `NO_COLOR` unset).
    colour: bool,
    /// Moves are shown seed by seed (a terminal and a delay).
    pub animate: bool,
    /// Milliseconds between two frames of a move.
    pub delay_ms: u64,
}

impl Screen {
    /// A screen for standard output: colours and animation only on a
    /// terminal, colours only without `NO_COLOR` (<https://no-color.org>)
    /// and with a `TERM` other than `dumb`.
    pub fn new(view: Side, delay_ms: u64) -> Screen {
        let terminal = std::io::stdout().is_terminal();
        let no_colour = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
            || std::env::var("TERM").is_ok_and(|t| t == "dumb");
        Screen {
            view,
            colour: terminal && !no_colour,
            animate: terminal && delay_ms > 0,
            delay_ms,
        }
    }

    /// `text` in the colour `code`, when colours are on.
    pub fn paint(&self, code: Option<&str>, text: &str) -> String {
        match code {
            Some(code) if self.colour => format!("\x1b[{code}m{text}\x1b[0m"),
            _ => text.to_owned(),
        }
    }

    /// The lines of the board with `marks` on its houses and the sides'
    /// names beside their rows.
    pub fn board(&self, board: &Board, marks: &Marks, names: &[String; 2]) -> Vec<String> {
        let (top, bottom) = (!self.view, self.view);
        let [top_name, bottom_name] = names;
        let width = 5 * board.houses_per_side();
        let store = |side: Side| self.store(board, side, marks);
        vec![
            format!("{:10}{}", "", self.letters(top, board.houses_per_side())),
            format!("{:10}{}   {top_name}", "", self.row(board, top, marks)),
            format!(
                "{:<7}{}{:w$}  {} {}'s",
                format!("{top}'s"),
                store(top),
                "",
                store(bottom),
                bottom,
                w = width - 1
            ),
            format!("{:<10}{:width$}      store", "  store", ""),
            format!(
                "{:10}{}   {bottom_name}",
                "",
                self.row(board, bottom, marks)
            ),
            format!("{:10}{}", "", self.letters(bottom, board.houses_per_side())),
        ]
    }

    /// The houses of `side` in the order the viewer sees them: its own
    /// row left to right, the opponent's right to left.
    fn order(&self, side: Side, n: usize) -> Vec<House> {
        let houses = (0..n).filter_map(House::new);
        if side == self.view {
            houses.collect()
        } else {
            houses.rev().collect()
        }
    }

    fn letters(&self, side: Side, n: usize) -> String {
        self.order(side, n)
            .into_iter()
            .map(|h| format!(" {:>2}  ", Move::new(side, h).to_string()))
            .collect()
    }

    fn row(&self, board: &Board, side: Side, marks: &Marks) -> String {
        self.order(side, board.houses_per_side())
            .into_iter()
            .map(|h| {
                let pit = Pit::House(side, h);
                format!("{} ", self.cell(pit, board.seeds(side, h), marks, None))
            })
            .collect()
    }

    /// `side`'s store, cyan unless marked.
    fn store(&self, board: &Board, side: Side, marks: &Marks) -> String {
        self.cell(Pit::Store(side), board.store(side), marks, Some("36"))
    }

    /// The seeds of `pit` in the brackets of its mark, in its colour (else
    /// `plain`).
    fn cell(&self, pit: Pit, seeds: u8, marks: &Marks, plain: Option<&str>) -> String {
        let mark = marks.get(pit);
        let (open, close) = mark.brackets();
        let colour = mark.colour().or(plain);
        self.paint(colour, &format!("{open}{seeds:>2}{close}"))
    }
}

/// The marks on a board's houses.
#[derive(Clone, Debug, Default)]
pub struct Marks {
    marked: Vec<(Pit, Mark)>,
}

impl Marks {
    /// The houses the opponent of each side can capture next move in `pos`.
    pub fn threats(pos: &Position) -> Marks {
        let mut marks = Marks::default();
        for side in Side::ALL {
            let threats: HouseSet = pos.threats(side);
            for h in threats.iter() {
                marks.set(Pit::House(side, h), Mark::Threatened);
            }
        }
        marks
    }

    /// Marks `pit` (a later mark replaces an earlier one).
    pub fn set(&mut self, pit: Pit, mark: Mark) {
        self.marked.retain(|&(p, _)| p != pit);
        self.marked.push((pit, mark));
    }

    fn get(&self, pit: Pit) -> Mark {
        self.marked
            .iter()
            .find(|&&(p, _)| p == pit)
            .map_or(Mark::Plain, |&(_, m)| m)
    }
}

/// Writes the lines of a board.
pub fn print(lines: &[String]) {
    for line in lines {
        say!("{line}");
    }
}

/// Draws `lines` over the `lines.len()` lines printed last (a terminal),
/// which `below` lines the terminal echoed since have pushed up.
pub fn redraw(lines: &[String], below: usize) {
    say_part!("\x1b[{}A", lines.len() + below);
    for line in lines {
        say!("\x1b[2K{line}");
    }
}
