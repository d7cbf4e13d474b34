//! A move shown as it happens, seed by seed, from the library's report of
//! what it sowed and captured.

use std::time::Duration;

use oware::{Board, BySide, Move, MoveReport, Pit, Position};

use super::keyboard::{Keyboard, Typed};
use super::view::{self, Mark, Marks, Screen};

/// The houses and stores of a board as the frames change them.
struct Seeds {
    houses: Vec<u8>,
    stores: BySide<u8>,
}

impl Seeds {
    fn of(board: &Board) -> Seeds {
        Seeds {
            houses: board.all_houses().to_vec(),
            stores: board.stores(),
        }
    }

    fn slot(&mut self, pit: Pit) -> &mut u8 {
        let n = self.houses.len() / 2;
        match pit {
            Pit::House(side, house) => &mut self.houses[Move::new(side, house).to_index(n)],
            Pit::Store(side) => self.stores.get_mut(side),
        }
    }

    fn board(&self) -> Board {
        Board::from_pits(&self.houses, self.stores).expect("the seeds of a position, moved")
    }
}

/// The boards of `report`'s move from `before`, one a seed sown (with
/// Congkak's relays), then the capture, then `after`, each with its marks.
fn frames(before: &Position, report: &MoveReport, after: &Position) -> Vec<(Board, Marks)> {
    let origin = Pit::House(report.played.side(), report.played.house());
    let mut seeds = Seeds::of(before.board());
    let mut marks = Marks::default();
    marks.set(origin, Mark::Origin);
    let mut frames = vec![(seeds.board(), marks.clone())];
    *seeds.slot(origin) = 0;
    let mut last = origin;
    for (i, &pit) in report.sown.iter().enumerate() {
        if let Some(relay) = report.relays.iter().find(|r| r.after == i) {
            *seeds.slot(relay.pit) = 0;
            marks.set(relay.pit, Mark::Origin);
        }
        if last != origin {
            marks.set(last, Mark::Reached);
        }
        *seeds.slot(pit) += 1;
        marks.set(pit, Mark::Last);
        last = pit;
        frames.push((seeds.board(), marks.clone()));
    }
    for c in &report.captures {
        marks.set(c.pit, Mark::Captured);
    }
    if !report.captures.is_empty() {
        frames.push((seeds.board(), marks.clone()));
    }
    frames.push((final_board(report, after), final_marks(report, after)));
    frames
}

/// The board after a move; at the end of the game, with the seeds left
/// in the stores where the outcome gives them out (R8, R11, K4).
fn final_board(report: &MoveReport, after: &Position) -> Board {
    let board = after.board();
    let Some(outcome) = report.outcome else {
        return *board;
    };
    let scores = outcome.scores;
    if u16::from(scores.south) + u16::from(scores.north) != board.total_seeds() {
        return *board;
    }
    let houses = vec![0; board.all_houses().len()];
    Board::from_pits(&houses, scores).expect("every seed in a store")
}

/// The marks left on the board after a move: the threats of the new
/// position (while the game goes on), the origin, the last pit sown and
/// the captures.
fn final_marks(report: &MoveReport, after: &Position) -> Marks {
    let mut marks = match report.outcome {
        Some(_) => Marks::default(),
        None => Marks::threats(after),
    };
    marks.set(
        Pit::House(report.played.side(), report.played.house()),
        Mark::Origin,
    );
    if let Some(&last) = report.sown.last() {
        marks.set(last, Mark::Last);
    }
    for c in &report.captures {
        marks.set(c.pit, Mark::Captured);
    }
    marks
}

/// Shows the move of `report` (played from `before`, giving `after`): seed
/// by seed on a terminal, until a line typed skips to the end; the final
/// board alone otherwise. `names` are the rows' names while the move is
/// sown (the mover's says so), then after it.
pub fn show(
    screen: &Screen,
    keyboard: &mut Keyboard,
    before: &Position,
    report: &MoveReport,
    after: &Position,
    names: &[[String; 2]; 2],
) {
    let [moving, moved] = names;
    let frames = frames(before, report, after);
    let lines = |(board, marks): &(Board, Marks), names| screen.board(board, marks, names);
    let last = frames.last().expect("a final board");
    if !screen.animate {
        view::print(&lines(last, moved));
        return;
    }
    keyboard.settle();
    view::print(&lines(&frames[0], moving));
    for (i, frame) in frames.iter().enumerate().skip(1) {
        let typed = keyboard.wait(Duration::from_millis(screen.delay_ms));
        if typed != Typed::Nothing {
            view::redraw(&lines(last, moved), typed.echoed_lines());
            return;
        }
        let names = if i + 1 == frames.len() { moved } else { moving };
        view::redraw(&lines(frame, names), 0);
    }
}
