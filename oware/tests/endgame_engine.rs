//! The engine with an endgame database: best play from the database keeps
//! exact Abapa values and realises them, the history check refuses lines
//! the game's rules would cut, and level 5 plays the database's moves.

use std::sync::Arc;

use oware::endgame::{Convention, Database};
use oware::search::{Level, Player, Rng, SearchLimits};
use oware::{CycleRule, Game, Position, Ruleset, Side};

mod common;

/// The mover's store minus the other side's.
fn lead(pos: &Position, side: Side) -> i32 {
    i32::from(pos.board().store(side)) - i32::from(pos.board().store(!side))
}

#[test]
fn best_play_realises_exact_abapa_values() {
    let db = Database::build(&Ruleset::abapa(), Convention::EachTakesOwn, 10).unwrap();
    let mut rng = Rng::new(7);
    let mut exact = 0;
    for _ in 0..200 {
        let seeds = 6 + rng.below(5) as u8;
        let start = common::endgame_position(&mut rng, Ruleset::abapa(), seeds);
        let probe = db.probe(&start).unwrap();
        let Some(value) = probe.value.exact() else {
            continue;
        };
        exact += 1;
        let mover = start.turn();
        let mut pos = start;
        let mut quiet = 0;
        while let Ok(probe) = db.probe(&pos) {
            // Captures so far plus what is left to win never change.
            let left = probe
                .value
                .exact()
                .expect("best play stays on exact values");
            let left = if pos.turn() == mover { left } else { -left };
            assert_eq!(
                lead(&pos, mover) - lead(&start, mover) + i32::from(left),
                i32::from(value),
                "from {start}"
            );
            let Some(&m) = probe.best_moves.first() else {
                break;
            };
            let before = pos.board().seeds_on_board();
            pos.play_unchecked(m);
            quiet = if pos.board().seeds_on_board() < before {
                0
            } else {
                quiet + 1
            };
            assert!(
                quiet <= 300,
                "best play from {start} goes round without capturing"
            );
        }
    }
    assert!(exact > 100, "only {exact} exact starts");
}

#[test]
fn the_history_check_refuses_lines_the_rules_would_cut() {
    let db = Database::build(&Ruleset::abapa(), Convention::EachTakesOwn, 8).unwrap();
    let mut rng = Rng::new(11);
    // A position whose value needs a few quiet plies before the capture.
    let (start, plies) = loop {
        let pos = common::endgame_position(&mut rng, Ruleset::abapa(), 8);
        let probe = db.probe(&pos).unwrap();
        if let (Some(1..), Some(plies @ 3..=20)) = (probe.value.exact(), probe.plies) {
            break (pos, plies);
        }
    };
    let with_limit = |n: u16| {
        let mut options = Ruleset::abapa().options();
        options.cycle = CycleRule::abapa();
        options.cycle.no_capture_plies = Some(n);
        let ruleset = Ruleset::new(options).unwrap();
        Game::from(Position::from_board(*start.board(), start.turn(), ruleset).unwrap())
    };
    let probe = db.probe(&start).unwrap();
    assert!(probe.safe_in(&Game::from(start)));
    assert!(probe.safe_in(&with_limit(plies)), "the line fits exactly");
    assert!(!probe.safe_in(&with_limit(plies - 1)), "one ply short");
    // OpenSpiel ends at the first repetition: after a quiet move, the
    // earlier position could come back on the line.
    let openspiel =
        Position::from_board(*start.board(), start.turn(), Ruleset::openspiel()).unwrap();
    let mut game = Game::from(openspiel);
    let first = db.probe(game.position()).unwrap();
    assert!(first.safe_in(&game));
    // Several plies to go: no move realises the value at once, so the
    // best move is quiet.
    let m = first.best_moves[0];
    game.play(m).unwrap();
    assert_eq!(game.plies_since_capture(), 1);
    let next = db.probe(game.position()).unwrap();
    assert_eq!(next.safe_in(&game), next.plies.is_none());
}

#[test]
fn level_five_plays_the_database_move_and_others_do_not_probe() {
    let db = Arc::new(Database::build(&Ruleset::abapa(), Convention::EachTakesOwn, 8).unwrap());
    let mut rng = Rng::new(3);
    let mut checked = 0;
    while checked < 20 {
        let pos = common::endgame_position(&mut rng, Ruleset::abapa(), 8);
        let probe = db.probe(&pos).unwrap();
        let game = Game::from(pos);
        if probe.value.exact().is_none() || probe.best_moves.is_empty() || !probe.safe_in(&game) {
            continue;
        }
        let mut player = Player::reproducible(Level::Five, 1).with_endgame(Arc::clone(&db));
        assert_eq!(player.choose(&game), Some(probe.best_moves[0]), "{pos}");
        checked += 1;
    }
    // A database of another convention is not used: an Abapa game plays
    // by EachTakesOwn, so an EvenSplit database changes nothing.
    let even = Arc::new(Database::build(&Ruleset::abapa(), Convention::EvenSplit, 4).unwrap());
    let pos: Position = "0,0,0,0,0,1/1,1,0,0,0,0 s 24 21".parse().unwrap();
    let game = Game::from(pos);
    let plain = Player::reproducible(Level::Five, 1).choose(&game);
    assert_eq!(
        Player::reproducible(Level::Five, 1)
            .with_endgame(even)
            .choose(&game),
        plain
    );
}

#[test]
fn probes_need_no_progress_to_the_least_value_and_name_their_errors() {
    use oware::endgame::ProbeError;
    let db = Database::build(&Ruleset::abapa(), Convention::EachTakesOwn, 6).unwrap();
    // North can only lose all three seeds: nothing to make progress towards.
    let pos: Position = "0,1,0,0,0,0/0,0,1,0,1,0 n 22 23".parse().unwrap();
    let probe = db.probe(&pos).unwrap();
    assert_eq!(probe.value.exact(), Some(-3));
    assert_eq!(probe.plies, None);
    assert!(!probe.best_moves.is_empty());
    // 24-24 is a draw (R10): the game is over, though nobody has a majority.
    let drawn: Position = "0,0,0,0,0,0/0,0,0,0,0,0 n 24 24".parse().unwrap();
    let err = db.probe(&drawn).unwrap_err();
    assert_eq!(err, ProbeError::GameOver);
    assert!(err.to_string().contains("each has half"), "{err}");
    let empty = Database::new(&Ruleset::abapa(), Convention::EachTakesOwn).unwrap();
    assert_eq!(empty.probe(&pos), Err(ProbeError::Empty));
    assert_eq!(
        empty.probe(&pos).unwrap_err().to_string(),
        "the database holds no layer"
    );
}

#[test]
fn level_five_builds_its_own_endgame_database_and_plays_it() {
    use oware::search::AUTO_ENDGAME_SEEDS;
    // 24-21 with three seeds left: South's F captures a and b for 25 (R9).
    let pos: Position = "0,0,0,0,0,1/1,1,0,0,0,0 s 24 21".parse().unwrap();
    let game = Game::from(pos);
    let mut player = Player::new(Level::Five, 1).with_limits(SearchLimits::depth(1));
    // The database builds in the background; the player takes it up at
    // the first move after it is ready.
    let start = std::time::Instant::now();
    while player.endgame().is_none() {
        assert!(
            start.elapsed().as_secs() < 120,
            "no database after 2 minutes"
        );
        player.choose(&game);
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let db = Arc::clone(player.endgame().unwrap());
    // 12 seeds in memory, more where the cache directory held or got them.
    assert!(
        db.max_seeds() >= Some(AUTO_ENDGAME_SEEDS),
        "{:?}",
        db.max_seeds()
    );
    assert_eq!(db.convention(), Convention::EachTakesOwn);
    // A 12-seed position the database solves exactly: the player's move is
    // the database's, and a second player gets the same database at once.
    let mut rng = Rng::new(5);
    let mut checked = 0;
    while checked < 10 {
        let pos = common::endgame_position(&mut rng, Ruleset::abapa(), 12);
        let game = Game::from(pos);
        let Some((m, _)) = db.perfect_move(&game) else {
            continue;
        };
        assert_eq!(player.choose(&game), Some(m), "{pos}");
        checked += 1;
    }
    let mut second = Player::new(Level::Five, 2).with_limits(SearchLimits::depth(1));
    second.choose(&game);
    let shared = second.endgame().expect("the database built for the first");
    assert!(Arc::ptr_eq(shared, &db) || shared.max_seeds() > db.max_seeds());
    // Turned off, it drops the database it built; reproducible players
    // never build one.
    second.set_auto_endgame(false);
    assert!(second.endgame().is_none());
    let mut reproducible = Player::reproducible(Level::Five, 1);
    reproducible.choose(&game);
    assert!(reproducible.endgame().is_none());
}

/// Runs this test binary's ignored test `name` alone with the endgame cache
/// variable set to `cache` and the cached layers to 16 seeds; returns what
/// it printed.
fn run_child(name: &str, cache: &std::ffi::OsStr) -> String {
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--ignored",
            "--exact",
            "--nocapture",
            "--test-threads=1",
            name,
        ])
        .env(oware::search::ENDGAME_CACHE_VAR, cache)
        .env(oware::search::ENDGAME_SEEDS_VAR, "16")
        .output()
        .expect("run the test binary");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{name}: {text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

/// The child of `the_endgame_cache_keeps_larger_layers_for_the_next_process`:
/// waits for `abapa(3,3)`'s automatic databases and prints the largest's
/// seeds.
#[test]
#[ignore = "run by the_endgame_cache_keeps_larger_layers_for_the_next_process"]
fn child_waits_for_the_automatic_database() {
    let ruleset: Ruleset = "abapa(3,3)".parse().unwrap();
    let start = std::time::Instant::now();
    loop {
        let db = oware::search::auto_endgame(&ruleset);
        let seeds = db.and_then(|db| db.max_seeds());
        // 18 seeds in the game: 12 in memory, 16 with a cache (as the
        // parent sets the variable).
        let done = oware::search::auto_endgame_seeds(&ruleset).cached;
        assert_eq!(
            done,
            if oware::search::endgame_cache_dir(&ruleset).is_some() {
                16
            } else {
                12
            }
        );
        if seeds == Some(done) {
            // Give a cache-less build the time to go further if it would.
            std::thread::sleep(std::time::Duration::from_millis(300));
            let seeds = oware::search::auto_endgame(&ruleset).and_then(|db| db.max_seeds());
            println!("max seeds {seeds:?}");
            return;
        }
        assert!(
            start.elapsed().as_secs() < 120,
            "no database after 2 minutes: {seeds:?}"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

#[test]
fn the_endgame_cache_keeps_larger_layers_for_the_next_process() {
    const CHILD: &str = "child_waits_for_the_automatic_database";
    let root = std::env::temp_dir().join(format!("oware-cache-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let ruleset: Ruleset = "abapa(3,3)".parse().unwrap();
    let dir = root.join("abapa_3,3_");
    let layer = |k: u8| dir.join(Database::layer_file_name(Convention::EachTakesOwn, k));
    // Turned off: 12 seeds in memory, nothing written.
    assert!(run_child(CHILD, "off".as_ref()).contains("max seeds Some(12)"));
    assert!(!root.exists());
    // First process: builds to 16 seeds and writes every layer.
    assert!(run_child(CHILD, root.as_os_str()).contains("max seeds Some(16)"));
    let db = Database::load_dir(&dir, &ruleset, Convention::EachTakesOwn).unwrap();
    assert_eq!(db.max_seeds(), Some(16));
    assert!(!layer(17).exists());
    // Next process: loads the layers below the one spoiled, and builds that
    // one and those above it (built on it) again.
    let written = |k: u8| std::fs::metadata(layer(k)).unwrap().modified().unwrap();
    let before: Vec<_> = (0..=16).map(written).collect();
    std::fs::write(layer(14), b"not a layer").unwrap();
    assert!(run_child(CHILD, root.as_os_str()).contains("max seeds Some(16)"));
    for k in 0..=16 {
        let kept = written(k) == before[k as usize];
        assert_eq!(kept, k < 14, "layer {k}: kept {kept}");
    }
    let again = Database::load_dir(&dir, &ruleset, Convention::EachTakesOwn).unwrap();
    assert_eq!(again, db);
    std::fs::remove_dir_all(&root).unwrap();
}

/// The search's score for `pos` with `db` (or none) at `depth` plies.
fn search_score(pos: Position, db: Option<Arc<Database>>, depth: u8) -> oware::search::Score {
    let mut searcher = oware::search::Searcher::new(1 << 16);
    searcher.set_endgame(db);
    searcher
        .search(&Game::from(pos), SearchLimits::depth(depth))
        .score
}

/// Whether `score` for `pos` lies within the database's bounds for it:
/// the stores' lead plus the lower and upper values, in centiseeds; a
/// forced win or loss where the bounds allow one.
fn within_bounds(pos: &Position, db: &Database, score: oware::search::Score) -> bool {
    let value = db.value(pos).unwrap();
    let lead = lead(pos, pos.turn());
    let (lower, upper) = (lead + i32::from(value.lower), lead + i32::from(value.upper));
    match score.centiseeds() {
        Some(c) => (100 * lower..=100 * upper).contains(&c),
        None if score.is_win() => upper > 0,
        None => lower < 0,
    }
}

#[test]
fn the_search_keeps_within_the_database_bounds() {
    // Under a repetition rule many positions have only bounds; the search
    // keeps its horizon's scores within them, so a shallow search's score
    // never leaves them, where the evaluation alone often does. (Deeper,
    // a line that repeats a position can: the bounds know no history.)
    let db = Arc::new(Database::build(&Ruleset::abapa(), Convention::EachTakesOwn, 10).unwrap());
    let mut rng = Rng::new(11);
    let (mut open, mut outside_without) = (0, 0);
    for i in 0..300 {
        let pos = common::endgame_position(&mut rng, Ruleset::abapa(), 8 + (i % 3) as u8);
        let value = db.value(&pos).unwrap();
        if value.exact().is_some() {
            continue;
        }
        open += 1;
        let score = search_score(pos, Some(Arc::clone(&db)), 4);
        assert!(
            within_bounds(&pos, &db, score),
            "{pos}: {score:?} outside {value:?}"
        );
        if !within_bounds(&pos, &db, search_score(pos, None, 4)) {
            outside_without += 1;
        }
    }
    assert!(open >= 30, "{open} positions with bounds only");
    assert!(
        outside_without * 10 > open,
        "{outside_without} of {open} outside without the database"
    );
}
