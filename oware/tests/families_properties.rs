//! Property tests of the rule families (STYLE.md 2.10, "proptest"): every
//! preset (`abapa`, `openspiel`, `awale`, `kalah`, `kalah-irving`,
//! `congkak`) and a set of custom rulesets of each family, on positions
//! reached by random legal playouts from their starts.
//!
//! Checked: seed conservation; every generated move is legal and every
//! other move is rejected with the reason the rules give, leaving the
//! `Position` and the `Game` unchanged; `play` and `play_unchecked` agree;
//! the report, replayed seed by seed from the position before, gives the
//! position after and follows the rules of its family; positions, records
//! and ruleset texts round-trip; games end; swapping the sides mirrors
//! everything; and Kalah and Congkak agree with the independent reference
//! models of `tests/reference/` over whole random games.
//!
//! Set `PROPTEST_CASES` to change the number of cases of every property
//! (e.g. `PROPTEST_CASES=5000 cargo test -p oware --release --test
//! families_properties`). Failures are saved in
//! `oware/proptest-regressions/families_properties.txt` and replayed first on
//! later runs.

mod common;
mod reference;

use common::{SplitMix64, game_playout, position_playout};
use oware::{
    BySide, CaptureCounts, CapturingSeed, CongkakEnd, CongkakRules, CycleRule, Family, Game,
    GrandSlam, IllegalMoveReason, KalahEnd, KalahRules, Leftover, Move, MoveReport, OwareRules,
    Pit, PlayError, Position, Record, Relay, Ruleset, RulesetError, RulesetOptions, SeedsLeft,
    Side, Termination,
};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use reference::congkak::CongkakState;
use reference::kalah::{EndWhen, KalahOptions, KalahState, LeftoverTo};

/// A config with `default_cases` cases unless `PROPTEST_CASES` says
/// otherwise, saving failures under `proptest-regressions/`.
fn config(default_cases: u32) -> ProptestConfig {
    common::proptest_config(
        default_cases,
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/proptest-regressions/families_properties.txt"
        ),
    )
}

/// The rulesets under test, in their text form: every preset, then custom
/// rulesets of each family (other sizes, every option off its default at
/// least once).
const RULESETS: [&str; 24] = [
    "abapa",
    "openspiel",
    "awale",
    "kalah",
    "kalah-irving",
    "congkak",
    "kalah(4,3)",
    "kalah-irving(3,2)",
    "kalah(seeds_left=first-emptied)",
    "kalah(5,6,end=mover-row,seeds_left=first-emptied)",
    "kalah-irving(9,2,end=mover-row)",
    "congkak(5,5)",
    "congkak(relay=off)",
    "congkak(6,4,capture_after_lap=on,capturing_seed=never)",
    "congkak(capturing_seed=always,end=mover-empty)",
    "congkak(4,3,end=either-row)",
    "abapa(grand_slam=capture-all)",
    "abapa(grand_slam=left-to-opponent)",
    "abapa(skip_origin=off)",
    "abapa(must_feed=off)",
    "abapa(captures=2+3+4)",
    "awale(4,3)",
    "abapa(5,3,skip_origin=off,grand_slam=capture-all)",
    "abapa(9,2,grand_slam=left-to-opponent,must_feed=off)",
];

fn ruleset(text: &str) -> Ruleset {
    text.parse()
        .unwrap_or_else(|e| panic!("ruleset {text:?}: {e}"))
}

/// The longest game a ruleset may have, for the "games end" property.
/// Oware: at most one capture per seed (each takes at least one), with at
/// most `no_capture` plies between captures (for OpenSpiel, which has no
/// such limit, Abapa's 100 is an expectation, not a theorem). Kalah and
/// Congkak end by their rules (K6, C7); 10 000 plies is generous.
fn max_game_plies(r: &Ruleset) -> usize {
    let cycle = r.cycle();
    let by_family = match r.family() {
        Family::Oware(_) => {
            let quiet = usize::from(cycle.no_capture_plies.unwrap_or(100));
            (usize::from(r.total_seeds()) + 1) * (quiet + 1)
        }
        _ => 10_000,
    };
    cycle
        .max_plies
        .map_or(by_family, |n| by_family.min(usize::from(n)))
}

// ---- Helpers ----

/// All 18 move letters `A`–`I` and `a`–`i`.
fn all_moves() -> impl Iterator<Item = Move> {
    (b'A'..=b'I')
        .chain(b'a'..=b'i')
        .map(|c| Move::from_ascii(&[c]).expect("a move letter"))
}

/// The same ruleset with grand slams that capture nothing and are legal
/// (Abapa R6), to tell a grand slam from other moves.
fn no_capture_twin(r: &Ruleset) -> Option<Ruleset> {
    let Family::Oware(mut rules) = *r.family() else {
        return None;
    };
    rules.grand_slam = GrandSlam::NoCapture;
    let mut options = r.options();
    options.family = Family::Oware(rules);
    Some(Ruleset::new(options).expect("only the grand slam changed"))
}

fn twin_position(pos: &Position, twin: Ruleset) -> Position {
    Position::from_board(*pos.board(), pos.turn(), twin).expect("the same board")
}

/// Whether `m` (legal under the twin) is a grand slam.
fn is_grand_slam(pos: &Position, twin: Ruleset, m: Move) -> bool {
    let mut p = twin_position(pos, twin);
    p.play(m).expect("legal under the twin").grand_slam
}

/// The pit index of the replay: houses `0..2h` in absolute order, South's
/// store `2h`, North's `2h + 1`.
fn cell(p: Pit, h: usize) -> usize {
    match p {
        Pit::House(side, house) => side.index() * h + house.index(),
        Pit::Store(side) => 2 * h + side.index(),
    }
}

/// The pit a seed goes to after pit `c` when `mover` sows from `origin`:
/// Oware sows houses only, skipping the origin if the rules say so (R3,
/// R4); Kalah and Congkak sow the ring South's houses, South's store,
/// North's houses, North's store, skipping the opponent's store (K1, C2).
fn next_cell(family: &Family, h: usize, mover: Side, origin: usize, c: usize) -> usize {
    match family {
        Family::Oware(rules) => {
            let mut n = (c + 1) % (2 * h);
            if rules.skip_origin && n == origin {
                n = (n + 1) % (2 * h);
            }
            n
        }
        _ => {
            let (south_store, north_store) = (2 * h, 2 * h + 1);
            let ring_next = |c: usize| {
                if c == h - 1 {
                    south_store
                } else if c == south_store {
                    h
                } else if c == 2 * h - 1 {
                    north_store
                } else if c == north_store {
                    0
                } else {
                    c + 1
                }
            };
            let opponent_store = 2 * h + (!mover).index();
            let n = ring_next(c);
            if n == opponent_store { ring_next(n) } else { n }
        }
    }
}

/// Replays `report` of `m` seed by seed from `before` (relays lift the
/// house they name, captures empty theirs into the store they name) and
/// checks that it gives `after`. Returns the pits after the sowing, before
/// the captures.
fn replay_report(
    before: &Position,
    m: Move,
    report: &MoveReport,
    after: &Position,
) -> Result<Vec<u16>, TestCaseError> {
    let r = before.ruleset();
    let h = r.houses_per_side();
    let mover = before.turn();
    let board = before.board();
    let context = format!("{m} in {before}: {report:?}");
    let mut cells: Vec<u16> = board.all_houses().iter().map(|&s| u16::from(s)).collect();
    cells.extend([board.store(Side::South), board.store(Side::North)].map(u16::from));
    let origin = m.to_index(h);
    let lifted = cells[origin];
    cells[origin] = 0;
    let relayed: u16 = report.relays.iter().map(|x| u16::from(x.seeds)).sum();
    prop_assert_eq!(
        report.sown.len(),
        usize::from(lifted + relayed),
        "{}",
        context
    );
    let mut at = origin;
    let mut relays = report.relays.iter().peekable();
    for (k, &p) in report.sown.iter().enumerate() {
        if let Some(relay) = relays.next_if(|x| x.after == k) {
            prop_assert!(k > 0, "{}", context);
            prop_assert_eq!(relay.pit, report.sown[k - 1], "{}", context);
            let c = cell(relay.pit, h);
            prop_assert!(c < 2 * h, "relay from a store: {}", context);
            prop_assert!(relay.seeds > 1, "{}", context);
            prop_assert_eq!(cells[c], u16::from(relay.seeds), "{}", context);
            cells[c] = 0;
            at = c;
        }
        let expected = next_cell(r.family(), h, mover, origin, at);
        prop_assert_eq!(cell(p, h), expected, "seed {}: {}", k, context);
        cells[expected] += 1;
        at = expected;
    }
    prop_assert!(
        relays.next().is_none(),
        "a relay after the last seed: {}",
        context
    );
    let sown = cells.clone();
    for captured in &report.captures {
        let c = cell(captured.pit, h);
        prop_assert!(c < 2 * h, "captured a store: {}", context);
        prop_assert!(captured.seeds > 0, "{}", context);
        prop_assert_eq!(cells[c], u16::from(captured.seeds), "{}", context);
        cells[c] = 0;
        cells[2 * h + captured.to.index()] += u16::from(captured.seeds);
    }
    let board = after.board();
    let mut expected: Vec<u16> = board.all_houses().iter().map(|&s| u16::from(s)).collect();
    expected.extend([board.store(Side::South), board.store(Side::North)].map(u16::from));
    prop_assert_eq!(cells, expected, "{} gives {}", context, after);
    Ok(sown)
}

/// The captures the rules give after the sowing left `sown` (pits as in
/// [`replay_report`]), the last seed in `last`: R5 and R6 with the grand
/// slam option (Oware), K3 (Kalah), C5 and C6 (Congkak). Also whether an
/// Oware grand slam annulled the capture.
fn expected_captures(
    before: &Position,
    report: &MoveReport,
    sown: &[u16],
) -> (Vec<(usize, u16, Side)>, bool) {
    let r = before.ruleset();
    let h = r.houses_per_side();
    let mover = before.turn();
    let last = cell(*report.sown.last().expect("a move sows"), h);
    let row = |side: Side| side.index() * h..(side.index() + 1) * h;
    let mut captures = Vec::new();
    match r.family() {
        Family::Oware(rules) => {
            let theirs = row(!mover);
            if !theirs.contains(&last) {
                return (captures, false);
            }
            let mut i = last;
            let mut taken = 0;
            while theirs.contains(&i) && rules.capture_counts.contains(sown[i] as u8) {
                captures.push((i, sown[i], mover));
                taken += sown[i];
                if i == 0 {
                    break;
                }
                i -= 1;
            }
            let row_total: u16 = sown[theirs].iter().sum();
            if taken == 0 || taken < row_total {
                return (captures, false);
            }
            match rules.grand_slam {
                GrandSlam::CaptureAll => {}
                GrandSlam::LeftToOpponent => {
                    for i in row(mover) {
                        if sown[i] > 0 {
                            captures.push((i, sown[i], !mover));
                        }
                    }
                }
                _ => return (Vec::new(), true),
            }
        }
        Family::Kalah(rules) => {
            if row(mover).contains(&last) && sown[last] == 1 {
                let opposite = 2 * h - 1 - last;
                if sown[opposite] > 0 || rules.empty_capture {
                    if sown[opposite] > 0 {
                        captures.push((opposite, sown[opposite], mover));
                    }
                    captures.push((last, 1, mover));
                }
            }
        }
        Family::Congkak(rules) => {
            let lapped = report.sown.contains(&Pit::Store(mover));
            if row(mover).contains(&last) && sown[last] == 1 && (lapped || !rules.capture_after_lap)
            {
                let opposite = 2 * h - 1 - last;
                if sown[opposite] > 0 {
                    captures.push((opposite, sown[opposite], mover));
                }
                let with_seed = match rules.capturing_seed {
                    CapturingSeed::OnCapture => sown[opposite] > 0,
                    CapturingSeed::Always => true,
                    _ => false,
                };
                if with_seed {
                    captures.push((last, 1, mover));
                }
            }
        }
        _ => panic!("unknown family"),
    }
    (captures, false)
}

/// Checks everything about playing legal `m` in `pos`: `play` and
/// `play_unchecked` agree, the report replays to the position after, and
/// its captures, flags, turn and outcome follow the family's rules.
fn check_move(pos: &Position, m: Move) -> Result<(), TestCaseError> {
    let mut after = *pos;
    let report = after.play(m).expect("a legal move plays");
    let mut fast = *pos;
    fast.play_unchecked(m);
    prop_assert_eq!(fast, after, "play vs play_unchecked of {} in {}", m, pos);
    prop_assert_eq!(fast.to_string(), after.to_string());
    let context = format!("{m} in {pos}: {report:?}");
    prop_assert_eq!(report.played, m);
    let sown = replay_report(pos, m, &report, &after)?;

    let h = pos.ruleset().houses_per_side();
    let mover = pos.turn();
    let (captures, grand_slam) = expected_captures(pos, &report, &sown);
    let actual: Vec<(usize, u16, Side)> = report
        .captures
        .iter()
        .map(|c| (cell(c.pit, h), u16::from(c.seeds), c.to))
        .collect();
    prop_assert_eq!(actual, captures, "captures: {}", context);
    prop_assert_eq!(report.grand_slam, grand_slam, "{}", context);

    let starved = pos.board().row_seeds(!mover) == 0;
    let feeds = report
        .sown
        .iter()
        .any(|p| matches!(p, Pit::House(side, _) if *side == !mover));
    prop_assert_eq!(report.fed, starved && feeds, "{}", context);
    prop_assert_eq!(report.outcome, after.outcome(), "{}", context);

    let last = *report.sown.last().expect("a move sows");
    let in_store = last == Pit::Store(mover);
    match pos.ruleset().family() {
        Family::Oware(rules) => {
            prop_assert!(!report.extra_turn, "{}", context);
            prop_assert!(report.relays.is_empty(), "{}", context);
            prop_assert!(matches!(last, Pit::House(..)), "{}", context);
            // Only a capture-all grand slam leaves the side to move without
            // seeds while the mover has some: it passes (the mover feeds it).
            let passes = rules.grand_slam == GrandSlam::CaptureAll
                && after.board().row_seeds(!mover) == 0
                && after.board().row_seeds(mover) > 0;
            prop_assert_eq!(report.passed, passes, "{}", context);
            let next = if passes { mover } else { !mover };
            prop_assert_eq!(after.turn(), next, "{}", context);
        }
        Family::Kalah(_) => {
            prop_assert!(!report.passed && report.relays.is_empty(), "{}", context);
            prop_assert_eq!(report.extra_turn, in_store, "{}", context);
            let next = if in_store { mover } else { !mover };
            prop_assert_eq!(after.turn(), next, "{}", context);
        }
        Family::Congkak(rules) => {
            if rules.relay {
                // The move ended: the last seed lies alone, or in a store.
                prop_assert!(in_store || sown[cell(last, h)] == 1, "{}", context);
            } else {
                prop_assert!(report.relays.is_empty(), "{}", context);
            }
            let next = if in_store { mover } else { !mover };
            let board = after.board();
            let passes = rules.end == CongkakEnd::AllHousesEmpty
                && board.row_seeds(next) == 0
                && board.row_seeds(!next) > 0;
            prop_assert_eq!(report.passed, passes, "{}", context);
            let turn = if passes { !next } else { next };
            prop_assert_eq!(after.turn(), turn, "{}", context);
            prop_assert_eq!(report.extra_turn, in_store, "{}", context);
        }
        _ => panic!("unknown family"),
    }
    if matches!(pos.ruleset().family(), Family::Oware(_)) && report.captured_seeds() > 0 {
        // A capture that empties the opponent's row either ends the game
        // (LeftToOpponent: the board is empty; or the capturer cannot feed)
        // or makes the opponent pass, the capturer to feed it (CaptureAll).
        if after.board().row_seeds(!mover) == 0 {
            prop_assert!(after.outcome().is_some() || report.passed, "{}", context);
        }
    }
    Ok(())
}

/// Why `m` is illegal in `pos`, from the rules and the documented order of
/// the checks; `None` if it is legal.
fn expected_reason(pos: &Position, m: Move) -> Option<IllegalMoveReason> {
    let r = pos.ruleset();
    let h = r.houses_per_side();
    if pos.outcome().is_some() {
        return Some(IllegalMoveReason::GameOver);
    }
    if m.side() != pos.turn() {
        return Some(IllegalMoveReason::WrongSide);
    }
    if m.house().index() >= h {
        return Some(IllegalMoveReason::NoSuchHouse);
    }
    let seeds = pos.board().houses(m.side())[m.house().index()];
    if seeds == 0 {
        return Some(IllegalMoveReason::EmptyHouse);
    }
    let Family::Oware(rules) = r.family() else {
        return None; // Kalah and Congkak: every non-empty own house.
    };
    let feeds = |seeds: u8, house: usize| usize::from(seeds) >= h - house;
    let starved = pos.board().row_seeds(!pos.turn()) == 0;
    if rules.must_feed && starved && !feeds(seeds, m.house().index()) {
        return Some(IllegalMoveReason::MustFeed);
    }
    if rules.grand_slam == GrandSlam::Illegal {
        let twin = no_capture_twin(r).expect("Oware");
        let candidates = twin_position(pos, twin).legal_moves();
        let all_slams = candidates.iter().all(|&c| is_grand_slam(pos, twin, c));
        if !all_slams && is_grand_slam(pos, twin, m) {
            return Some(IllegalMoveReason::GrandSlam);
        }
    }
    None
}

/// The move of the same house of the other side.
fn mirror_move(m: Move) -> Move {
    Move::new(!m.side(), m.house())
}

fn mirror_pit(p: Pit) -> Pit {
    match p {
        Pit::House(side, house) => Pit::House(!side, house),
        Pit::Store(side) => Pit::Store(!side),
    }
}

/// The report of the mirrored move in the mirrored position.
fn mirror_report(report: &MoveReport) -> MoveReport {
    MoveReport {
        played: mirror_move(report.played),
        sown: report.sown.iter().map(|&p| mirror_pit(p)).collect(),
        relays: report
            .relays
            .iter()
            .map(|x| Relay {
                pit: mirror_pit(x.pit),
                ..*x
            })
            .collect(),
        captures: report
            .captures
            .iter()
            .map(|c| oware::Captured {
                pit: mirror_pit(c.pit),
                seeds: c.seeds,
                to: !c.to,
            })
            .collect(),
        outcome: report.outcome.map(|o| oware::Outcome {
            winner: o.winner.map(|w| !w),
            scores: BySide {
                south: o.scores.north,
                north: o.scores.south,
            },
            ..o
        }),
        ..report.clone()
    }
}

/// Checks a finished game's outcome against its family's end rules.
fn check_outcome(game: &Game) -> Result<(), TestCaseError> {
    let pos = game.position();
    let r = game.ruleset();
    let outcome = game.outcome();
    prop_assert!(
        outcome.is_some(),
        "not over after {} plies: {}",
        game.ply(),
        pos
    );
    let outcome = outcome.expect("checked");
    let context = format!("{outcome:?} at {pos} after {} plies", game.ply());
    let scores = outcome.scores;
    let winner = match scores.south.cmp(&scores.north) {
        std::cmp::Ordering::Greater => Some(Side::South),
        std::cmp::Ordering::Less => Some(Side::North),
        std::cmp::Ordering::Equal => None,
    };
    prop_assert_eq!(outcome.winner, winner, "{}", context);
    let sum = u16::from(scores.south) + u16::from(scores.north);
    if outcome.termination == Termination::Majority {
        prop_assert_eq!(scores, pos.board().stores(), "{}", context);
    } else {
        prop_assert_eq!(sum, u16::from(r.total_seeds()), "{}", context);
    }
    let allowed: &[Termination] = match r.family() {
        Family::Oware(_) => &[
            Termination::Majority,
            Termination::NoMoves,
            Termination::Cycle,
            Termination::MoveLimit,
        ],
        Family::Kalah(_) => &[Termination::EmptyRow],
        Family::Congkak(rules) => match rules.end {
            CongkakEnd::AllHousesEmpty => &[Termination::EmptyBoard],
            CongkakEnd::MoverEmpty => &[Termination::NoMoves],
            _ => &[Termination::EmptyRow],
        },
        _ => &[],
    };
    prop_assert!(allowed.contains(&outcome.termination), "{}", context);
    if outcome.termination == Termination::EmptyBoard {
        prop_assert_eq!(pos.board().seeds_on_board(), 0, "{}", context);
    }
    prop_assert!(game.legal_moves().is_empty(), "{}", context);
    Ok(())
}

// ---- Reference models ----

/// The reference model's Kalah options for the crate's.
fn reference_kalah_options(rules: &KalahRules) -> KalahOptions {
    KalahOptions {
        empty_capture: rules.empty_capture,
        end_when: match rules.end {
            KalahEnd::MoverRowEmpty => EndWhen::MoverEmpty,
            _ => EndWhen::EitherSideEmpty,
        },
        leftover_to: match rules.seeds_left {
            SeedsLeft::ToFirstEmptied => LeftoverTo::FirstEmptied,
            _ => LeftoverTo::Owner,
        },
    }
}

/// The crate's position as the reference models see it: houses, stores,
/// side to move.
fn state_of(pos: &Position) -> (Vec<i32>, [i32; 2], usize) {
    let board = pos.board();
    (
        board.all_houses().iter().map(|&s| i32::from(s)).collect(),
        [
            i32::from(board.store(Side::South)),
            i32::from(board.store(Side::North)),
        ],
        pos.turn().index(),
    )
}

/// The absolute indices of the legal moves.
fn legal_indices(pos: &Position) -> Vec<usize> {
    let h = pos.ruleset().houses_per_side();
    pos.legal_moves().iter().map(|m| m.to_index(h)).collect()
}

/// A Kalah ruleset: Kalah(`m`, `n`) with the options given.
fn kalah_ruleset(
    m: u8,
    n: u8,
    empty_capture: bool,
    mover_row: bool,
    first_emptied: bool,
) -> Ruleset {
    let mut rules = KalahRules::standard();
    rules.empty_capture = empty_capture;
    if mover_row {
        rules.end = KalahEnd::MoverRowEmpty;
    }
    if first_emptied {
        rules.seeds_left = SeedsLeft::ToFirstEmptied;
    }
    let mut options = Ruleset::kalah(m, n).expect("valid sizes").options();
    options.family = Family::Kalah(rules);
    Ruleset::new(options).expect("valid options")
}

/// What the differential tests need of a reference model.
trait Reference: Sized + std::fmt::Display {
    fn houses(&self) -> &[i32];
    fn stores(&self) -> [i32; 2];
    fn to_move(&self) -> usize;
    fn legal_moves(&self) -> Vec<usize>;
    fn apply(&self, house: usize) -> Self;
    fn is_over(&self) -> bool;
    fn final_scores(&self) -> [i32; 2];
    fn winner(&self) -> Option<usize>;
}

macro_rules! reference_impl {
    ($state:ty) => {
        impl Reference for $state {
            fn houses(&self) -> &[i32] {
                &self.houses
            }
            fn stores(&self) -> [i32; 2] {
                self.stores
            }
            fn to_move(&self) -> usize {
                self.to_move
            }
            fn legal_moves(&self) -> Vec<usize> {
                <$state>::legal_moves(self)
            }
            fn apply(&self, house: usize) -> Self {
                <$state>::apply(self, house)
            }
            fn is_over(&self) -> bool {
                <$state>::is_over(self)
            }
            fn final_scores(&self) -> [i32; 2] {
                <$state>::final_scores(self)
            }
            fn winner(&self) -> Option<usize> {
                <$state>::winner(self)
            }
        }
    };
}
reference_impl!(KalahState);
reference_impl!(CongkakState);

/// Plays a whole game from `start` in the crate and in the reference model
/// (`reference`, the same position), `choices` picking the moves (then the
/// first legal move), and compares them at every ply and at the end, which
/// must come by `termination`.
fn differential<R: Reference>(
    start: Position,
    mut reference: R,
    choices: &[u8],
    termination: Termination,
) -> Result<(), TestCaseError> {
    let m = start.ruleset().houses_per_side();
    let preset = start.ruleset().variant().is_some();
    let mut game = Game::from_position(start);
    for ply in 0.. {
        let pos = *game.position();
        let (houses, stores, turn) = state_of(&pos);
        let at = format!("ply {ply}: {pos} vs {reference}");
        prop_assert_eq!(houses.as_slice(), reference.houses(), "{}", at);
        prop_assert_eq!(stores, reference.stores(), "{}", at);
        prop_assert_eq!(turn, reference.to_move(), "{}", at);
        if preset {
            prop_assert_eq!(pos.to_string(), reference.to_string());
        }
        let legal = legal_indices(&pos);
        prop_assert_eq!(&legal, &reference.legal_moves(), "{}", at);
        prop_assert_eq!(game.is_game_over(), reference.is_over(), "{}", at);
        if reference.is_over() {
            let outcome = game.outcome().expect("checked");
            let scores = [
                i32::from(outcome.scores.south),
                i32::from(outcome.scores.north),
            ];
            prop_assert_eq!(scores, reference.final_scores(), "{}", at);
            prop_assert_eq!(
                outcome.winner.map(Side::index),
                reference.winner(),
                "{}",
                at
            );
            prop_assert_eq!(outcome.termination, termination);
            return Ok(());
        }
        prop_assert!(ply < 10_000, "the game does not end: {}", pos);
        let choice = choices.get(ply).map_or(0, |&c| usize::from(c));
        let index = legal[choice % legal.len()];
        game.play(Move::from_index(index, m).expect("an index of the board"))
            .expect("a legal move plays");
        reference = reference.apply(index);
    }
    unreachable!("the loop returns")
}

/// [`differential`] for a Kalah position.
fn differential_kalah(start: Position, choices: &[u8]) -> Result<(), TestCaseError> {
    let r = *start.ruleset();
    let Family::Kalah(rules) = *r.family() else {
        panic!("a Kalah ruleset")
    };
    let m = r.houses_per_side();
    let (houses, stores, to_move) = state_of(&start);
    let reference = KalahState {
        m,
        houses,
        stores,
        to_move,
        options: reference_kalah_options(&rules),
    };
    if start == Position::new(r) {
        prop_assert_eq!(
            &reference,
            &KalahState::start(m, i32::from(r.seeds_per_house()), reference.options)
        );
    }
    differential(start, reference, choices, Termination::EmptyRow)
}

/// [`differential`] for a Congkak position with the default rules. The
/// reference takes the side to move as given: it gets the crate's, which
/// has already passed (C7) if the side written had no seeds.
fn differential_congkak(start: Position, choices: &[u8]) -> Result<(), TestCaseError> {
    let r = *start.ruleset();
    let m = r.houses_per_side();
    let (houses, stores, to_move) = state_of(&start);
    let reference = CongkakState {
        m,
        houses,
        stores,
        to_move,
    };
    if start == Position::new(r) {
        prop_assert_eq!(
            &reference,
            &CongkakState::start(m, i32::from(r.seeds_per_house()))
        );
    }
    differential(start, reference, choices, Termination::EmptyBoard)
}

/// A tag to set: often a name and value the record itself reads or
/// writes (results, terminations, line breaks, quotes), else any strings.
fn tag_attempt() -> impl Strategy<Value = (String, String)> {
    const NAMES: [&str; 7] = [
        "Result",
        "Termination",
        "Variant",
        "Position",
        "South",
        "Event",
        "Bad Name",
    ];
    const VALUES: [&str; 14] = [
        "1-0",
        "0-1",
        "1/2-1/2",
        "*",
        "agreement",
        " Majority",
        "resignation",
        "",
        "a \"quoted\" \\ name",
        "two\nlines",
        "cr\r",
        "[Result \"1-0\"]",
        "{ comment }",
        "tab\there",
    ];
    let name = prop_oneof![
        3 => prop::sample::select(NAMES.to_vec()).prop_map(String::from),
        1 => "[A-Za-z0-9_]{1,8}",
        1 => any::<String>(),
    ];
    let value = prop_oneof![
        3 => prop::sample::select(VALUES.to_vec()).prop_map(String::from),
        2 => any::<String>(),
    ];
    (name, value)
}

/// Sets the tag `name` to `value` in `record`: if `set_tag` takes it, the
/// tag holds `value` (a `Result` of `*` removes the tag); if it refuses,
/// `check_tag` gives the same error and the record is unchanged.
fn check_set_tag(record: &mut Record, name: &str, value: &str) -> Result<(), TestCaseError> {
    let before = record.clone();
    let checked = record.check_tag(name, value);
    match record.set_tag(name, value) {
        Ok(()) => {
            prop_assert_eq!(checked, Ok(()));
            let expected = (name != "Result" || value != "*").then_some(value);
            prop_assert_eq!(record.tag(name), expected, "{:?} = {:?}", name, value);
        }
        Err(error) => {
            prop_assert_eq!(checked, Err(error));
            prop_assert_eq!(&*record, &before, "{:?} = {:?}: {}", name, value, error);
        }
    }
    Ok(())
}

fn ruleset_name() -> impl Strategy<Value = &'static str> {
    prop::sample::select(RULESETS.to_vec())
}

prop_compose! {
    /// A ruleset under test and the positions of a random playout from its start.
    fn line()(name in ruleset_name(), choices in vec(any::<u8>(), 0..200)) -> Vec<Position> {
        position_playout(Position::new(ruleset(name)), &choices)
    }
}

prop_compose! {
    /// A game of a ruleset under test, from its start or from a position
    /// reached by a playout, after a random playout (many are over).
    fn any_game()(
        name in ruleset_name(),
        before in vec(any::<u8>(), 0..40),
        from_start in any::<bool>(),
        choices in vec(any::<u8>(), 0..300),
    ) -> Game {
        let start = Position::new(ruleset(name));
        let start = if from_start {
            start
        } else {
            *position_playout(start, &before).last().expect("a playout has its start")
        };
        game_playout(start, &choices)
    }
}

/// The parts of a random layout: cut points, a pile of extra seeds
/// (often none) on one house, and the side to move.
fn layout_parts(houses: usize) -> impl Strategy<Value = (Vec<u16>, u16, usize, bool)> {
    (
        vec(any::<u16>(), 2 * houses + 1),
        prop_oneof![2 => Just(0u16), 1 => 0..=255u16],
        0..2 * houses,
        any::<bool>(),
    )
}

prop_compose! {
    /// A valid position that no game need reach: the seeds of a ruleset
    /// under test anywhere in its houses and stores, sometimes piled up in
    /// one house (sowings of several laps), either side to move.
    fn layout()(name in ruleset_name())(
        parts in layout_parts(ruleset(name).houses_per_side()),
        name in Just(name),
    ) -> Position {
        let (cuts, pile, pile_house, north) = parts;
        layout_position(ruleset(name), cuts, pile, pile_house, north)
    }
}

prop_compose! {
    /// A random layout of Kalah(m, n), any size and options.
    fn kalah_layout()(
        m in 1..=9u8,
        n in 1..=6u8,
        options in (any::<bool>(), any::<bool>(), any::<bool>()),
    )(
        parts in layout_parts(usize::from(m)),
        r in Just(kalah_ruleset(m, n, options.0, options.1, options.2)),
    ) -> Position {
        let (cuts, pile, pile_house, north) = parts;
        layout_position(r, cuts, pile, pile_house, north)
    }
}

prop_compose! {
    /// A random layout of Congkak (default rules), any size.
    fn congkak_layout()(m in 1..=9u8, n in 1..=7u8)(
        parts in layout_parts(usize::from(m)),
        m in Just(m),
        n in Just(n),
    ) -> Position {
        let mut options = Ruleset::congkak().options();
        options.houses_per_side = m;
        options.seeds_per_house = n;
        let r = Ruleset::new(options).expect("valid sizes");
        let (cuts, pile, pile_house, north) = parts;
        layout_position(r, cuts, pile, pile_house, north)
    }
}

/// Options of any family, valid or not.
fn any_options() -> impl Strategy<Value = RulesetOptions> {
    let oware = (any::<bool>(), vec(1..32u8, 0..4), 0..4usize, any::<bool>()).prop_map(
        |(skip_origin, counts, grand_slam, must_feed)| {
            let mut rules = OwareRules::abapa();
            rules.skip_origin = skip_origin;
            rules.capture_counts = CaptureCounts::from_counts(&counts).expect("1..32");
            rules.grand_slam = [
                GrandSlam::NoCapture,
                GrandSlam::Illegal,
                GrandSlam::CaptureAll,
                GrandSlam::LeftToOpponent,
            ][grand_slam];
            rules.must_feed = must_feed;
            Family::Oware(rules)
        },
    );
    let kalah = (any::<bool>(), any::<bool>(), any::<bool>()).prop_map(
        |(empty_capture, mover_row, first_emptied)| {
            let mut rules = KalahRules::standard();
            rules.empty_capture = empty_capture;
            if mover_row {
                rules.end = KalahEnd::MoverRowEmpty;
            }
            if first_emptied {
                rules.seeds_left = SeedsLeft::ToFirstEmptied;
            }
            Family::Kalah(rules)
        },
    );
    let congkak = (any::<bool>(), any::<bool>(), 0..3usize, 0..3usize).prop_map(
        |(relay, capture_after_lap, seed, end)| {
            let mut rules = CongkakRules::standard();
            rules.relay = relay;
            rules.capture_after_lap = capture_after_lap;
            rules.capturing_seed = [
                CapturingSeed::OnCapture,
                CapturingSeed::Always,
                CapturingSeed::Never,
            ][seed];
            rules.end = [
                CongkakEnd::AllHousesEmpty,
                CongkakEnd::MoverEmpty,
                CongkakEnd::EitherRowEmpty,
            ][end];
            Family::Congkak(rules)
        },
    );
    let cycle = (
        proptest::option::of(0..6u8),
        proptest::option::of(0..300u16),
        proptest::option::of(0..300u16),
        any::<bool>(),
    )
        .prop_map(|(occurrences, no_capture_plies, max_plies, not_counted)| {
            let mut cycle = CycleRule::none();
            cycle.occurrences = occurrences;
            cycle.no_capture_plies = no_capture_plies;
            cycle.max_plies = max_plies;
            if not_counted {
                cycle.leftover = Leftover::NotCounted;
            }
            cycle
        });
    (
        0..=10u8,
        0..=24u8,
        prop_oneof![oware, kalah, congkak],
        cycle,
    )
        .prop_map(|(houses, seeds, family, cycle)| {
            let mut options = Ruleset::abapa().options();
            options.houses_per_side = houses;
            options.seeds_per_house = seeds;
            options.family = family;
            options.cycle = cycle;
            options
        })
}

/// The error `Ruleset::new` must give for `options`, checked in the
/// documented order; `None` if they are valid.
fn expected_ruleset_error(options: &RulesetOptions) -> Option<RulesetError> {
    let h = options.houses_per_side;
    let s = options.seeds_per_house;
    let cycle = &options.cycle;
    let oware = matches!(options.family, Family::Oware(_));
    if h == 0 || h > 9 {
        Some(RulesetError::HousesPerSide(h))
    } else if s == 0 || 2 * u32::from(h) * u32::from(s) > 255 {
        Some(RulesetError::SeedsPerHouse(s))
    } else if let Family::Oware(rules) = options.family
        && rules.capture_counts.iter().next().is_none()
    {
        Some(RulesetError::CaptureCounts)
    } else if matches!(cycle.occurrences, Some(0 | 1)) {
        Some(RulesetError::Occurrences)
    } else if cycle.no_capture_plies == Some(0) || cycle.max_plies == Some(0) {
        Some(RulesetError::PlyLimit)
    } else if oware
        && cycle.occurrences.is_none()
        && cycle.no_capture_plies.is_none()
        && cycle.max_plies.is_none()
    {
        Some(RulesetError::EndlessPlay)
    } else {
        None
    }
}

/// Every move letter in `pos`: the legal ones are generated and play, the
/// others are rejected with the reason the rules give and change nothing.
fn check_legality(pos: &Position) -> Result<(), TestCaseError> {
    let legal = pos.legal_moves();
    prop_assert_eq!(legal.is_empty(), pos.outcome().is_some(), "{}", pos);
    prop_assert_eq!(legal.is_empty(), pos.is_game_over(), "{}", pos);
    for m in all_moves() {
        let expected = expected_reason(pos, m);
        prop_assert_eq!(legal.contains(&m), expected.is_none(), "{} in {}", m, pos);
        prop_assert_eq!(
            pos.check(m),
            expected.map_or(Ok(()), Err),
            "{} in {}",
            m,
            pos
        );
        prop_assert_eq!(pos.is_legal(m), expected.is_none(), "{} in {}", m, pos);
        let mut p = *pos;
        match expected {
            None => check_move(pos, m)?,
            Some(reason) => {
                prop_assert_eq!(p.play(m), Err(PlayError { m, reason }), "{}", pos);
                prop_assert_eq!(p, *pos);
            }
        }
    }
    if let Family::Oware(rules) = pos.ruleset().family()
        && rules.grand_slam == GrandSlam::Illegal
        && !legal.is_empty()
    {
        // Awale: the feeding moves without their grand slams, or all of
        // them if each is one (judged on the same board under Abapa's R6).
        let twin = no_capture_twin(pos.ruleset()).expect("Oware");
        let candidates = twin_position(pos, twin).legal_moves();
        let slams: Vec<Move> = candidates
            .iter()
            .copied()
            .filter(|&c| is_grand_slam(pos, twin, c))
            .collect();
        let expected: Vec<Move> = if slams.len() == candidates.len() {
            candidates.to_vec()
        } else {
            candidates
                .iter()
                .copied()
                .filter(|c| !slams.contains(c))
                .collect()
        };
        prop_assert_eq!(legal.to_vec(), expected, "{}", pos);
    }
    Ok(())
}

/// The position string round-trips, and the constructors rebuild `pos`.
fn check_round_trip(pos: &Position) -> Result<(), TestCaseError> {
    let text = pos.to_string();
    prop_assert_eq!(
        text.split(' ').count(),
        if *pos.ruleset() == Ruleset::abapa() {
            4
        } else {
            5
        }
    );
    prop_assert_eq!(text.parse::<Position>(), Ok(*pos), "{}", text);
    prop_assert_eq!(
        Position::from_str_with_ruleset(&text, *pos.ruleset()),
        Ok(*pos)
    );
    prop_assert_eq!(
        Position::from_board(*pos.board(), pos.turn(), *pos.ruleset()),
        Ok(*pos)
    );
    Ok(())
}

/// Swapping South and North mirrors the legal moves, the reasons of the
/// illegal ones, every move's report and resulting position, the threats
/// and the outcome.
fn check_mirror(pos: &Position) -> Result<(), TestCaseError> {
    let mirrored = pos.mirrored();
    prop_assert_eq!(mirrored.mirrored(), *pos);
    prop_assert_eq!(mirrored.to_string().parse::<Position>(), Ok(mirrored));
    let expected: Vec<Move> = pos.legal_moves().iter().map(|&m| mirror_move(m)).collect();
    prop_assert_eq!(mirrored.legal_moves().to_vec(), expected, "{}", pos);
    for m in all_moves() {
        prop_assert_eq!(
            mirrored.check(mirror_move(m)),
            pos.check(m),
            "{} in {}",
            m,
            pos
        );
    }
    prop_assert_eq!(
        mirrored.outcome(),
        pos.outcome().map(|o| oware::Outcome {
            winner: o.winner.map(|w| !w),
            scores: BySide {
                south: o.scores.north,
                north: o.scores.south
            },
            ..o
        }),
        "{}",
        pos
    );
    for &m in &pos.legal_moves() {
        let mut after = *pos;
        let report = after.play(m).expect("a legal move plays");
        let mut mirrored_after = mirrored;
        let mirrored_report = mirrored_after.play(mirror_move(m)).expect("mirrored");
        prop_assert_eq!(mirrored_after, after.mirrored(), "{} in {}", m, pos);
        prop_assert_eq!(mirrored_report, mirror_report(&report), "{} in {}", m, pos);
    }
    for side in Side::ALL {
        prop_assert_eq!(
            mirrored.threats(!side),
            pos.threats(side),
            "{} in {}",
            side,
            pos
        );
    }
    Ok(())
}

/// `threats(side)` is the set of `side`'s houses that some legal move of
/// the opponent, were it to move, captures into its own store.
fn check_threats(pos: &Position) -> Result<(), TestCaseError> {
    for side in Side::ALL {
        let attacker =
            Position::from_board(*pos.board(), !side, *pos.ruleset()).expect("the same board");
        let mut expected = oware::HouseSet::EMPTY;
        // Congkak's passing rule may hand the move back to `side`.
        if attacker.turn() == !side {
            for &m in &attacker.legal_moves() {
                let mut after = attacker;
                for c in after.play(m).expect("legal").captures {
                    if let Pit::House(owner, house) = c.pit
                        && owner == side
                    {
                        prop_assert_eq!(c.to, !side);
                        expected.insert(house);
                    }
                }
            }
        }
        prop_assert_eq!(pos.threats(side), expected, "{} in {}", side, pos);
    }
    Ok(())
}

/// `total` seeds of `r` split at random (`cuts` sorted give the houses and
/// stores, `pile` extra seeds go to house `pile_house`).
fn layout_position(
    r: Ruleset,
    mut cuts: Vec<u16>,
    pile: u16,
    pile_house: usize,
    north: bool,
) -> Position {
    let h = r.houses_per_side();
    let total = u16::from(r.total_seeds());
    let pile = pile.min(total);
    let rest = total - pile;
    cuts.iter_mut().for_each(|c| *c %= rest + 1);
    cuts.sort_unstable();
    let mut parts = Vec::with_capacity(2 * h + 2);
    let mut previous = 0;
    for &c in &cuts {
        parts.push(c - previous);
        previous = c;
    }
    parts.push(rest - previous);
    parts[pile_house % (2 * h)] += pile;
    let parts: Vec<u8> = parts
        .iter()
        .map(|&p| u8::try_from(p).expect("at most 255"))
        .collect();
    let stores = BySide {
        south: parts[2 * h],
        north: parts[2 * h + 1],
    };
    let board = oware::Board::from_pits(&parts[..2 * h], stores).expect("2h houses");
    let turn = if north { Side::North } else { Side::South };
    Position::from_board(board, turn, r).expect("the ruleset's seeds")
}

// ---- Properties ----

proptest! {
    #![proptest_config(config(768))]

    /// Houses plus stores hold the ruleset's seeds before and after every
    /// move, and no outcome credits more or fewer (but a majority, which
    /// counts the stores alone).
    #[test]
    fn seeds_are_conserved(line in line()) {
        let total = u16::from(line[0].ruleset().total_seeds());
        for pos in &line {
            prop_assert_eq!(pos.board().total_seeds(), total, "{}", pos);
            if let Some(outcome) = pos.outcome() {
                let sum = u16::from(outcome.scores.south) + u16::from(outcome.scores.north);
                if outcome.termination == Termination::Majority {
                    prop_assert!(sum <= total, "{}", pos);
                } else {
                    prop_assert_eq!(sum, total, "{:?} at {}", outcome, pos);
                }
            }
        }
    }

    /// Along a game: every generated move is legal, plays, and its report
    /// replays and follows the rules ([`check_move`]); every other move
    /// letter is rejected with the reason the rules give (in the documented
    /// order), and neither the Position nor the Game changes.
    #[test]
    fn legal_moves_play_and_the_rest_are_rejected(
        name in ruleset_name(),
        choices in vec(any::<u8>(), 0..160),
    ) {
        let mut game = Game::new(ruleset(name));
        for step in 0..=choices.len() {
            let pos = *game.position();
            check_legality(&pos)?;
            for m in all_moves() {
                if pos.is_legal(m) {
                    if !game.is_game_over() {
                        prop_assert!(game.is_legal(m), "{} in {}", m, pos);
                    }
                } else {
                    let before = game.clone();
                    prop_assert!(!game.is_legal(m));
                    prop_assert!(game.play(m).is_err(), "{} in {}", m, pos);
                    prop_assert_eq!(&game, &before, "{} in {}", m, pos);
                }
            }
            let moves = game.legal_moves();
            if step == choices.len() || moves.is_empty() {
                break;
            }
            game.play(moves[usize::from(choices[step]) % moves.len()])
                .expect("a legal move plays");
        }
    }

    /// The same on random layouts (big piles, starved rows, games already
    /// over): legality, reasons, reports, round trips, mirror symmetry and
    /// threats.
    #[test]
    fn layouts_follow_the_rules(pos in layout()) {
        prop_assert_eq!(pos.board().total_seeds(), u16::from(pos.ruleset().total_seeds()));
        check_legality(&pos)?;
        check_round_trip(&pos)?;
        check_mirror(&pos)?;
        check_threats(&pos)?;
    }

    /// Positions print and parse back (the ruleset in the fifth field), and
    /// `from_board` and `from_str_with_ruleset` rebuild them.
    #[test]
    fn positions_round_trip(line in line()) {
        for pos in &line {
            check_round_trip(pos)?;
        }
    }

    /// Records print and parse back to the same game (finished or not, from
    /// the start or from a Position tag) and print the same text again.
    #[test]
    fn records_round_trip(game in any_game()) {
        let record = Record::new(game.clone());
        let text = record.to_string();
        let variant = format!("[Variant \"{}\"]", game.ruleset());
        prop_assert!(text.starts_with(&variant), "{}", text);
        let parsed = text.parse::<Record>();
        prop_assert!(parsed.is_ok(), "{:?}: {:?}", text, parsed);
        let parsed = parsed.expect("checked");
        prop_assert_eq!(&parsed.game, &game, "{}", text);
        prop_assert_eq!(parsed.to_string(), text);
    }

    /// Every record the library writes imports back to the same game,
    /// tags and result: games of every ruleset under test, finished, ended
    /// by agreement or going on, with random tags set through `set_tag`
    /// (the names and values the record itself reads and writes, and any
    /// strings at all), some before the game ends and some after. A tag
    /// set_tag refuses leaves the record unchanged; one it takes is kept
    /// as given.
    #[test]
    fn written_records_read_back(
        game in any_game(),
        agree in any::<bool>(),
        before in vec(tag_attempt(), 0..5),
        after in vec(tag_attempt(), 0..3),
    ) {
        let mut record = Record::new(game);
        for (name, value) in &before {
            check_set_tag(&mut record, name, value)?;
        }
        if agree {
            let _ = record.game.end_by_agreement();
        }
        for (name, value) in &after {
            check_set_tag(&mut record, name, value)?;
        }
        let text = record.to_string();
        let parsed = text.parse::<Record>();
        prop_assert!(parsed.is_ok(), "{:?}: {:?}", text, parsed);
        let parsed = parsed.expect("checked");
        prop_assert_eq!(&parsed.game, &record.game, "{}", text);
        // Tags set before the end that the outcome now decides are
        // written from the outcome instead.
        let over = record.game.is_game_over();
        let expected: Vec<_> = record
            .tags()
            .iter()
            .filter(|(n, _)| !(over && (n == "Result" || n == "Termination")))
            .cloned()
            .collect();
        prop_assert_eq!(parsed.tags(), &expected[..], "{}", text);
        let result = match record.game.outcome() {
            Some(outcome) => outcome.result_str(),
            None => record.tag("Result").unwrap_or("*"),
        };
        let token = text.split_whitespace().last();
        prop_assert_eq!(token, Some(result), "{}", text);
        prop_assert_eq!(parsed.to_string(), text);
    }

    /// Swapping South and North mirrors everything, along playouts.
    #[test]
    fn mirror_symmetry(line in line()) {
        for pos in &line {
            check_mirror(pos)?;
        }
    }

    /// Threats are the houses the opponent's legal moves capture.
    #[test]
    fn threats_are_what_the_opponent_captures(line in line()) {
        for pos in &line {
            check_threats(pos)?;
        }
    }
}

proptest! {
    #![proptest_config(config(384))]

    /// Random games end within the ruleset's bound, with outcomes that
    /// follow its end rules.
    #[test]
    fn games_end(name in ruleset_name(), seed in any::<u64>()) {
        let r = ruleset(name);
        let bound = max_game_plies(&r);
        let mut rng = SplitMix64(seed);
        let mut game = Game::new(r);
        while !game.is_game_over() && game.ply() <= bound {
            let moves = game.legal_moves();
            prop_assert!(!moves.is_empty(), "no moves but not over: {}", game.position());
            game.play(moves[rng.below(moves.len())]).expect("a legal move plays");
        }
        prop_assert!(game.ply() <= bound, "{} plies: {}", game.ply(), game.position());
        check_outcome(&game)?;
    }

    /// Kalah: whole random games agree with the reference model at every
    /// ply (legal moves as absolute indices, houses, stores, side to move,
    /// game over) and in the final scores and winner. The presets, and
    /// Kalah(m, n) of every size with every option.
    #[test]
    fn kalah_matches_the_reference_model(
        sizes in prop_oneof![
            2 => Just((6u8, 4u8)),
            1 => (1..=9u8, 1..=6u8),
        ],
        options in prop_oneof![
            2 => Just((false, false, false)),
            2 => Just((true, false, false)),
            1 => (any::<bool>(), any::<bool>(), any::<bool>()),
        ],
        choices in vec(any::<u8>(), 0..200),
    ) {
        let (m, n) = sizes;
        let r = kalah_ruleset(m, n, options.0, options.1, options.2);
        differential_kalah(Position::new(r), &choices)?;
    }

    /// Congkak (default rules): whole random games agree with the reference
    /// model, on the 7x7 board and on others.
    #[test]
    fn congkak_matches_the_reference_model(
        sizes in prop_oneof![
            2 => Just((7u8, 7u8)),
            1 => Just((5u8, 5u8)),
            1 => (1..=9u8, 1..=7u8),
        ],
        choices in vec(any::<u8>(), 0..200),
    ) {
        let (m, n) = sizes;
        let mut options = Ruleset::congkak().options();
        options.houses_per_side = m;
        options.seeds_per_house = n;
        let r = Ruleset::new(options).expect("valid sizes");
        differential_congkak(Position::new(r), &choices)?;
    }
}

proptest! {
    #![proptest_config(config(1024))]

    /// Kalah from random layouts (any size and options, big piles, games
    /// already over) agrees with the reference model to the end.
    #[test]
    fn kalah_layouts_match_the_reference_model(
        start in kalah_layout(),
        choices in vec(any::<u8>(), 0..50),
    ) {
        differential_kalah(start, &choices)?;
    }

    /// Congkak (default rules) from random layouts agrees with the
    /// reference model to the end.
    #[test]
    fn congkak_layouts_match_the_reference_model(
        start in congkak_layout(),
        choices in vec(any::<u8>(), 0..50),
    ) {
        differential_congkak(start, &choices)?;
    }
}

proptest! {
    #![proptest_config(config(4096))]

    /// `Ruleset::new` accepts exactly the valid options, naming the first
    /// problem otherwise; a valid ruleset's text has no spaces, names a
    /// preset of its family and parses back to it, and its start position
    /// round-trips.
    #[test]
    fn ruleset_text_round_trips(options in any_options()) {
        let result = Ruleset::new(options);
        prop_assert_eq!(result.err(), expected_ruleset_error(&options), "{:?}", options);
        let Ok(r) = result else { return Ok(()) };
        prop_assert_eq!(r.options(), options);
        let text = r.to_string();
        prop_assert!(!text.contains(char::is_whitespace), "{}", text);
        let name = text.split('(').next().expect("a name");
        let preset: oware::Variant = name.parse().expect("a preset's name");
        prop_assert_eq!(
            std::mem::discriminant(preset.ruleset().family()),
            std::mem::discriminant(r.family()),
            "{}",
            text
        );
        prop_assert_eq!(text.parse::<Ruleset>(), Ok(r), "{}", text);
        prop_assert_eq!(text.parse::<Ruleset>().map(|p| p.to_string()), Ok(text.clone()));
        prop_assert_eq!(r.variant().is_some(), !text.contains('('), "{}", text);
        let start = Position::new(r);
        prop_assert_eq!(start.to_string().parse::<Position>(), Ok(start));
    }
}

// ---- Exhaustive checks over small domains ----

/// Every ruleset under test parses, prints back the same text and is
/// valid; the presets print their names.
#[test]
fn rulesets_under_test_print_as_written() {
    for text in RULESETS {
        let r = ruleset(text);
        assert_eq!(r.to_string(), text);
    }
    for variant in oware::Variant::ALL {
        assert!(RULESETS.contains(&variant.name()), "{variant} is tested");
    }
}
