//! Learn to play (`/learn`): lessons of one move each on a live board, the
//! learner playing South. Each lesson is a position and a goal; which moves
//! meet the goal is worked out by the library from the position (so a
//! lesson cannot say a move captures what it does not), and what a move did
//! is said in the library's words (`explain`) and its rule numbers.

use oware::{Game, Move, Position, Side};
use serde::Serialize;

use crate::session::{Refusal, play_reported};
use crate::wire::{BoardView, EndView, ReportView, Sides, threatened};

/// What a lesson asks of the learner's one move.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Goal {
    /// Any move of the learner's own.
    AnyMove,
    /// A move whose last seed falls in this house.
    LastSeedIn(&'static str),
    /// A move of 12 seeds or more, which laps the board (R4).
    Lap,
    /// A move that captures exactly this many seeds.
    Captures(u16),
    /// A move that captures the most seeds any move captures.
    MostCaptured,
    /// Any legal move (the wrong tries are the illegal ones).
    Legal,
    /// A move after which, with the opponent's reply, the game is over.
    EndsGame,
    /// A move after which, with the opponent's reply, the learner has won.
    Wins,
    /// A move that leaves the opponent the smallest capture next.
    LeastGivenAway,
    /// A move that relays (Congkak C4).
    Relay,
}

/// One lesson: a position with South to move, what to read, what to do.
#[derive(Debug)]
pub struct Lesson {
    /// Its address: `/learn/<slug>`.
    pub slug: &'static str,
    /// Which part of the course it is in.
    pub part: &'static str,
    /// Its title.
    pub title: &'static str,
    /// The position string (a fifth field names Kalah or Congkak).
    pub position: &'static str,
    /// What to read first, a paragraph each.
    pub text: &'static [&'static str],
    /// What to do.
    pub task: &'static str,
    /// What the move must do.
    pub goal: Goal,
    /// What is said when the move is right, after the move's own words.
    pub well_done: &'static str,
}

const BASICS: &str = "Oware: the rules";
const HABITS: &str = "Oware: habits of good players";
const OTHERS: &str = "Other games of the family";

/// The course, in order.
pub const LESSONS: &[Lesson] = &[
    Lesson {
        slug: "board",
        part: BASICS,
        title: "The board",
        position: "4,4,4,4,4,4/4,4,4,4,4,4 s 0 0",
        text: &[
            "Oware is played on two rows of six houses, with four seeds in each house at the start: 48 seeds in all (R1).",
            "You are South: your houses are the near row, A to F from left to right. North owns the far row, a to f. Each side has a store at its end for the seeds it captures; yours is on the right.",
            "South moves first (R2). A move takes every seed from one of your own houses.",
        ],
        task: "Play any one of your houses: click a house in the near row.",
        goal: Goal::AnyMove,
        well_done: "You sow only from your own row. Next: where the seeds go.",
    },
    Lesson {
        slug: "sowing",
        part: BASICS,
        title: "Sowing",
        position: "4,4,4,4,4,4/4,4,4,4,4,4 s 0 0",
        text: &[
            "The seeds you lift are sown one by one into the next houses, counter-clockwise: along your row to the right, then into North's row (R3). Seeds never go into a store when sown.",
            "So C's 4 seeds go into D, E, F and then a, North's first house.",
        ],
        task: "Play the house whose last seed lands in North's house a.",
        goal: Goal::LastSeedIn("a"),
        well_done: "Count the seeds: a house of n seeds ends n houses further on.",
    },
    Lesson {
        slug: "lap",
        part: BASICS,
        title: "A lap of the board",
        position: "1,0,0,0,0,12/2,2,2,2,2,2 s 12 11",
        text: &[
            "A house of 12 seeds or more goes all the way round the board. The lap skips the house it started from, which stays empty (R4).",
            "F holds 12: one seed each into a to f, then A to E, and the twelfth goes on past F into a.",
        ],
        task: "Play the house that laps the board.",
        goal: Goal::Lap,
        well_done: "F stayed empty: the lap skipped it, and the twelfth seed went into a.",
    },
    Lesson {
        slug: "capture",
        part: BASICS,
        title: "Capturing",
        position: "4,4,4,4,3,3/4,2,1,4,4,4 s 4 3",
        text: &[
            "If your last seed lands in one of North's houses and makes it hold 2 or 3 seeds, you capture them into your store (R5).",
            "Then look at the house before it: if it is North's and holds 2 or 3 now, it is captured too, and so on backwards, until a house holds another count or the row ends.",
        ],
        task: "Capture 5 seeds in one move: a 2 and a 3.",
        goal: Goal::Captures(5),
        well_done: "The last seed made c 2, and the house before it, b, held 3: both went to your store.",
    },
    Lesson {
        slug: "grand-slam",
        part: BASICS,
        title: "The grand slam",
        position: "0,0,0,0,2,2/1,2,0,0,0,0 s 21 20",
        text: &[
            "A capture that would take every seed North has is a grand slam. Under the Abapa rules it may be played, but it captures nothing: the seeds stay where they were sown (R6).",
        ],
        task: "Capture as many seeds as you can.",
        goal: Goal::MostCaptured,
        well_done: "E took a's 2 and left North its b: a capture that leaves North seeds counts.",
    },
    Lesson {
        slug: "feeding",
        part: BASICS,
        title: "Feeding",
        position: "1,0,0,3,0,1/0,0,0,0,0,0 s 22 21",
        text: &[
            "When North has no seeds at all, you must give it some: only a move that reaches North's row is legal (R7).",
            "A house reaches North's row when its seeds are at least the number of houses to your right end, plus one: F needs 1 seed, E 2, D 3, and so on.",
        ],
        task: "North is starved. Play a move that feeds it.",
        goal: Goal::Legal,
        well_done: "That move reached North's row, so North can play on.",
    },
    Lesson {
        slug: "no-feeding",
        part: BASICS,
        title: "When no move can feed",
        position: "1,0,0,0,1,0/0,0,0,0,0,1 s 23 22",
        text: &[
            "If North has no seeds and none of your moves can reach its row, the game ends: you take every seed left on your side (R8).",
            "North has one seed left, in f. Its only move will sow it into your row.",
        ],
        task: "Play so that after North's reply none of your houses can reach North's row.",
        goal: Goal::EndsGame,
        well_done: "North sowed its last seed and you could not feed it: the seeds on your side were yours.",
    },
    Lesson {
        slug: "winning",
        part: BASICS,
        title: "Winning: 25 seeds",
        position: "0,0,0,2,1,2/4,2,0,0,1,0 s 22 14",
        text: &[
            "Whoever captures 25 seeds, more than half of the 48, wins at once (R9). If both sides capture 24, the game is a draw (R10).",
            "You have 22 in your store.",
        ],
        task: "Win the game with this move.",
        goal: Goal::Wins,
        well_done: "25 seeds: more than half, and the game is yours.",
    },
    Lesson {
        slug: "count",
        part: HABITS,
        title: "Count where the last seed lands",
        position: "3,5,1,6,3,4/1,4,2,6,3,1 s 6 3",
        text: &[
            "Before every move, count: a house of n seeds ends n houses on. Good players see at a glance which of their houses end on a 1 or a 2 in North's row.",
        ],
        task: "Only one move captures here. Find it.",
        goal: Goal::MostCaptured,
        well_done: "B's 5 seeds end in a, which held 1: now 2, and yours.",
    },
    Lesson {
        slug: "least-bad",
        part: HABITS,
        title: "The least bad move",
        position: "2,1,1,1,3,3/3,9,7,0,1,3 s 9 5",
        text: &[
            "Sometimes every move leaves North a capture. Then look at North's best reply to each of your moves, and choose the move whose reply takes the least.",
            "After your move, North will take the most it can.",
        ],
        task: "Every move gives North a capture. Give away the least.",
        goal: Goal::LeastGivenAway,
        well_done: "North took 3, the least any move of yours allowed.",
    },
    Lesson {
        slug: "hoard",
        part: HABITS,
        title: "Hoard for a lap",
        position: "2,1,0,3,0,13/1,1,5,4,6,3 s 5 4",
        text: &[
            "A house you let grow past 12 seeds comes back round: its second lap lands seeds on houses the first lap just filled, and can capture several at once.",
            "F holds 13: one lap and two more seeds.",
        ],
        task: "Make the biggest capture on the board.",
        goal: Goal::MostCaptured,
        well_done: "The lap put 2 seeds each into a and b, which held 1: 3 and 3, both yours.",
    },
    Lesson {
        slug: "starve",
        part: HABITS,
        title: "Starve in the endgame",
        position: "0,2,1,1,0,0/0,0,0,0,0,2 s 21 21",
        text: &[
            "In the endgame, keep your seeds where they cannot reach North's row. When North runs out and you cannot feed it, the seeds on your side are yours (R8).",
            "North has 2 seeds, in f: they will fall into your A and B. Watch out for a 2 or 3 there.",
        ],
        task: "Win the game: North moves after you.",
        goal: Goal::Wins,
        well_done: "North's seeds fell where it could capture nothing, it ran out, and the seeds left on your side won you the game.",
    },
    Lesson {
        slug: "kalah",
        part: OTHERS,
        title: "Kalah: the opposite capture",
        position: "1,0,2,0,4,4/4,4,4,4,4,4 s 6 7 kalah",
        text: &[
            "Kalah is sown like Oware, but through your own store (K1), and the last seed in your store gives you another move (K2).",
            "It captures differently: a last seed that lands in an empty house of your own takes that seed and every seed in the opposite house of North's (K3).",
            "The game ends when one side has no seeds in its houses; the other side keeps what is left on its side, and the bigger store wins (K4, K5).",
        ],
        task: "Capture with the opposite capture.",
        goal: Goal::MostCaptured,
        well_done: "A's seed made B hold 1, and B faces e: both went to your store.",
    },
    Lesson {
        slug: "congkak",
        part: OTHERS,
        title: "Congkak: the relay",
        position: "7,7,7,7,7,7,7/7,7,7,7,7,7,7 s 0 0 congkak",
        text: &[
            "Congkak has seven houses a side of seven seeds. It is sown through your own store but not North's (C2), and a last seed in your store gives you another move (C3).",
            "If the last seed lands in a house that already held seeds, on either side, you lift them all and sow on: a relay (C4). A last seed in an empty house of North's ends your turn (C5); in an empty house of yours it captures the opposite house (C6).",
        ],
        task: "Play a house whose sowing relays.",
        goal: Goal::Relay,
        well_done: "Your last seed fell on seeds, so you lifted them and sowed on until a seed fell in an empty house.",
    },
];

/// The lesson at `slug`.
pub fn find(slug: &str) -> Option<&'static Lesson> {
    LESSONS.iter().find(|lesson| lesson.slug == slug)
}

impl Lesson {
    /// The lesson's start.
    pub fn start(&self) -> Position {
        self.position.parse().expect("a lesson's position parses")
    }

    /// Whether North replies to the learner's move: only where the goal
    /// is judged on what the reply does.
    fn north_replies(&self) -> bool {
        matches!(
            self.goal,
            Goal::EndsGame | Goal::Wins | Goal::LeastGivenAway
        )
    }

    /// Every move that meets the goal, as the library plays them.
    pub fn right_moves(&self) -> Vec<Move> {
        let start = self.start();
        let own = || (0..start.ruleset().houses_per_side()).map(house_of_south);
        let tried: Vec<(Move, Tried)> = own()
            .filter_map(|m| Some((m, Tried::play(&start, m, self.north_replies()).ok()?)))
            .collect();
        let best = |score: fn(&Tried) -> i32| tried.iter().map(|(_, t)| score(t)).max();
        let most = best(|t| i32::from(t.captured));
        let least_given = best(|t| -i32::from(t.given_away));
        tried
            .iter()
            .filter(|(_, t)| match self.goal {
                Goal::AnyMove | Goal::Legal => true,
                Goal::LastSeedIn(pit) => t.last.as_deref() == Some(pit),
                Goal::Lap => t.sown >= 12,
                Goal::Captures(n) => t.captured == n,
                Goal::MostCaptured => t.captured > 0 && Some(i32::from(t.captured)) == most,
                Goal::EndsGame => t.game.is_game_over(),
                Goal::Wins => t.game.outcome().and_then(|o| o.winner) == Some(Side::South),
                Goal::LeastGivenAway => Some(-i32::from(t.given_away)) == least_given,
                Goal::Relay => t.relays > 0,
            })
            .map(|(m, _)| *m)
            .collect()
    }

    /// What is said of a legal move that misses the goal.
    fn missed(&self, t: &Tried) -> String {
        match self.goal {
            Goal::AnyMove | Goal::Legal => "That move does not do what the lesson asks".into(),
            Goal::LastSeedIn(pit) => format!(
                "The last seed fell in {}, not in {pit}: a house of n seeds ends n houses on",
                t.last.as_deref().unwrap_or("a store")
            ),
            Goal::Lap => format!(
                "That house held {}: it takes 12 to go round",
                seeds(t.sown.try_into().unwrap_or(u16::MAX))
            ),
            Goal::Captures(n) => format!("That captured {}, not {n}", seeds(t.captured)),
            Goal::MostCaptured if t.grand_slam => {
                "A grand slam: it would have taken all of North's seeds, so it captured nothing. Another move captures".into()
            }
            Goal::MostCaptured => format!("That captured {}: another move captures more", seeds(t.captured)),
            Goal::EndsGame => "The game goes on: after North's reply one of your houses can still reach North's row".into(),
            Goal::Wins if t.game.is_game_over() => "The game is over, but it is not your win".into(),
            Goal::Wins => "The game goes on: another move wins it now".into(),
            Goal::LeastGivenAway => format!(
                "North's reply took {}: another move gives away less",
                seeds(t.given_away)
            ),
            Goal::Relay => "No relay: the last seed did not fall on seeds in a house".into(),
        }
    }

    /// The learner's try of `house`: the moves played (the learner's, then
    /// North's reply where the lesson has one) and what is said of it.
    pub fn attempt(&self, house: &str) -> Result<Attempt, Refusal> {
        let start = self.start();
        let m = Move::from_ascii(house.as_bytes())
            .map_err(|_| Refusal::NotAHouse(house.chars().take(8).collect()))?;
        if m.side() != Side::South {
            return Ok(Attempt::refused(format!(
                "{m} is North's house: you sow only from your own row, A to F"
            )));
        }
        let tried = match Tried::play(&start, m, self.north_replies()) {
            Ok(tried) => tried,
            Err(Refusal::Illegal(why)) => return Ok(Attempt::refused(why)),
            Err(other) => return Err(other),
        };
        let right = self.right_moves().contains(&m);
        let said = if right {
            self.well_done.to_owned()
        } else {
            format!("{}. Try again.", self.missed(&tried))
        };
        Ok(Attempt {
            right,
            said,
            end: EndView::of(&tried.game),
            reports: tried.reports,
        })
    }

    /// The lesson as the page shows it before the learner's move.
    pub fn view(&self) -> LessonView {
        let start = self.start();
        let at = LESSONS
            .iter()
            .position(|l| l.slug == self.slug)
            .expect("a lesson of the course");
        LessonView {
            slug: self.slug,
            number: at + 1,
            count: LESSONS.len(),
            part: self.part,
            title: self.title,
            rules: start.ruleset().title(),
            text: self.text,
            task: self.task,
            board: BoardView::of(&start),
            threats: Sides {
                south: threatened(&start, Side::South),
                north: threatened(&start, Side::North),
            },
            previous: at.checked_sub(1).map(|i| LESSONS[i].slug),
            next: LESSONS.get(at + 1).map(|l| l.slug),
        }
    }
}

/// South's move from house `i`.
fn house_of_south(i: usize) -> Move {
    Move::new(
        Side::South,
        oware::House::new(i).expect("a house of the board"),
    )
}

/// "1 seed", "3 seeds".
fn seeds(n: u16) -> String {
    if n == 1 {
        "1 seed".into()
    } else {
        format!("{n} seeds")
    }
}

/// A legal move of the learner's played out: the reports, and the facts
/// the goals are judged on.
struct Tried {
    game: Game,
    reports: Vec<ReportView>,
    /// Seeds the learner's move captured.
    captured: u16,
    /// Seeds it lifted from its house.
    sown: usize,
    /// The house its last seed fell in (none for a store).
    last: Option<String>,
    grand_slam: bool,
    relays: usize,
    /// Seeds North's reply captured.
    given_away: u16,
}

impl Tried {
    /// Plays `m` from `start`, then, if `reply`, North's reply while North
    /// is to move: the move that captures the most (the first of equals).
    fn play(start: &Position, m: Move, reply: bool) -> Result<Tried, Refusal> {
        let mut game = Game::from_position(*start);
        let played = play_reported(&mut game, m)?;
        let mut reports = vec![played.clone()];
        let mut given_away = 0;
        while reply && !game.is_game_over() && game.position().turn() == Side::North {
            let greediest = greediest(game.position());
            let answer = play_reported(&mut game, greediest)?;
            given_away += captured(&answer);
            reports.push(answer);
        }
        Ok(Tried {
            captured: captured(&played),
            sown: played.sown.len() - played.relays.len(),
            last: played
                .sown
                .last()
                .filter(|pit| !pit.ends_with('*'))
                .cloned(),
            grand_slam: played.grand_slam,
            relays: played.relays.len(),
            given_away,
            game,
            reports,
        })
    }
}

/// The seeds a reported move captured.
fn captured(report: &ReportView) -> u16 {
    report.captures.iter().map(|c| u16::from(c.seeds)).sum()
}

/// The legal move of `pos` that captures the most, the first of equals.
fn greediest(pos: &Position) -> Move {
    let moves = pos.legal_moves();
    let captured = |m: &Move| {
        let mut copy = *pos;
        copy.play(*m).map(|r| r.captured_seeds()).unwrap_or(0)
    };
    let most = moves.iter().map(captured).max().unwrap_or(0);
    *moves
        .iter()
        .find(|m| captured(m) == most)
        .expect("a game not over has a legal move")
}

/// The answer to a try.
#[derive(Serialize, Debug)]
pub struct Attempt {
    /// Whether the move met the lesson's goal.
    pub right: bool,
    /// What is said of it.
    pub said: String,
    /// The moves played, the learner's first (none for a refused move).
    pub reports: Vec<ReportView>,
    /// How the game ended, if the moves ended it.
    pub end: Option<EndView>,
}

impl Attempt {
    fn refused(why: String) -> Attempt {
        Attempt {
            right: false,
            said: format!("{why}. Try again."),
            reports: Vec::new(),
            end: None,
        }
    }
}

/// A lesson as the page shows it.
#[derive(Serialize, Debug)]
pub struct LessonView {
    /// Its address: `/learn/<slug>`.
    pub slug: &'static str,
    /// Its place in the course, from 1.
    pub number: usize,
    /// The lessons in the course.
    pub count: usize,
    /// The part of the course it is in.
    pub part: &'static str,
    /// Its title.
    pub title: &'static str,
    /// The rules it is played by, in words.
    pub rules: String,
    /// What to read, a paragraph each.
    pub text: &'static [&'static str],
    /// What to do.
    pub task: &'static str,
    /// The board at the start.
    pub board: BoardView,
    /// Each side's houses its opponent could capture with its next move.
    pub threats: Sides<Vec<String>>,
    /// The lesson before, if any.
    pub previous: Option<&'static str>,
    /// The lesson after, if any.
    pub next: Option<&'static str>,
}

/// The course's table of contents.
#[derive(Serialize, Debug)]
pub struct CourseEntry {
    /// The lesson's address: `/learn/<slug>`.
    pub slug: &'static str,
    /// Its part of the course.
    pub part: &'static str,
    /// Its title.
    pub title: &'static str,
}

/// Every lesson, in order.
pub fn course() -> Vec<CourseEntry> {
    LESSONS
        .iter()
        .map(|l| CourseEntry {
            slug: l.slug,
            part: l.part,
            title: l.title,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The right moves of each lesson, worked out by hand from its
    /// position, and a wrong one to try.
    const WORKED: &[(&str, &[&str], &str)] = &[
        ("board", &["A", "B", "C", "D", "E", "F"], "a"),
        ("sowing", &["C"], "D"),
        ("lap", &["F"], "A"),
        ("capture", &["F"], "D"),
        ("grand-slam", &["E"], "F"),
        ("feeding", &["D", "F"], "A"),
        ("no-feeding", &["A"], "E"),
        ("winning", &["F"], "E"),
        ("count", &["B"], "D"),
        ("least-bad", &["C"], "B"),
        ("hoard", &["F"], "D"),
        ("starve", &["B"], "C"),
        ("kalah", &["A"], "C"),
        ("congkak", &["B", "C", "D", "E", "F", "G"], "A"),
    ];

    fn names(moves: &[Move]) -> Vec<String> {
        moves.iter().map(Move::to_string).collect()
    }

    #[test]
    fn every_lesson_has_the_right_moves_worked_by_hand() {
        assert_eq!(WORKED.len(), LESSONS.len());
        for (lesson, (slug, right, _)) in LESSONS.iter().zip(WORKED) {
            assert_eq!(lesson.slug, *slug);
            assert_eq!(names(&lesson.right_moves()), *right, "{slug}");
        }
    }

    #[test]
    fn a_right_try_is_praised_and_a_wrong_one_explained() {
        for (slug, right, wrong) in WORKED {
            let lesson = find(slug).unwrap();
            let good = lesson.attempt(right[0]).unwrap();
            assert!(good.right, "{slug}");
            assert_eq!(good.said, lesson.well_done);
            let bad = lesson.attempt(wrong).unwrap();
            assert!(!bad.right, "{slug}");
            assert!(bad.said.ends_with("Try again."), "{slug}: {}", bad.said);
        }
    }

    #[test]
    fn the_words_of_a_try_are_the_librarys() {
        let sowing = find("sowing").unwrap().attempt("D").unwrap();
        assert_eq!(
            sowing.said,
            "The last seed fell in b, not in a: a house of n seeds ends n houses on. Try again."
        );
        assert_eq!(
            sowing.reports[0].words,
            ["D sows 4 seeds into E, F, a, b; the last seed makes b 5"]
        );
        let slam = find("grand-slam").unwrap().attempt("F").unwrap();
        assert!(slam.reports[0].grand_slam);
        assert!(slam.said.starts_with("A grand slam"));
        let starved = find("feeding").unwrap().attempt("A").unwrap();
        assert_eq!(
            starved.said,
            "illegal move A: the opponent has no seeds and this move does not feed it. Try again."
        );
        assert!(starved.reports.is_empty());
        let north = find("board").unwrap().attempt("c").unwrap();
        assert!(north.said.starts_with("c is North's house"));
        assert!(matches!(
            find("board").unwrap().attempt("Z9"),
            Err(Refusal::NotAHouse(_))
        ));
    }

    #[test]
    fn lessons_with_a_reply_play_north_and_end_as_the_rules_say() {
        let ended = find("no-feeding").unwrap().attempt("A").unwrap();
        assert_eq!(names_of(&ended.reports), ["A", "f"]);
        let end = ended.end.unwrap();
        assert_eq!((end.scores.south, end.scores.north), (26, 22));
        assert_eq!(end.termination, "no moves");
        let least = find("least-bad").unwrap().attempt("C").unwrap();
        let taken: u8 = least.reports[1].captures.iter().map(|c| c.seeds).sum();
        assert_eq!(taken, 3);
        let won = find("winning").unwrap().attempt("F").unwrap();
        assert_eq!(won.reports.len(), 1, "a won game has no reply");
        let captured = find("capture").unwrap().attempt("F").unwrap();
        assert_eq!(
            names_of(&captured.reports),
            ["F"],
            "no reply where none is judged"
        );
        assert_eq!(won.end.unwrap().winner, Some("south"));
    }

    fn names_of(reports: &[ReportView]) -> Vec<&str> {
        reports.iter().map(|r| r.played.as_str()).collect()
    }
}
