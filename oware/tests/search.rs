//! The engine: hand-made tactics, forced wins checked against a plain
//! exhaustive search (with and without the history rules), wins, draws and
//! losses under the first-repetition rule checked the same way,
//! determinism, legality, analysis, and the ladder of levels (a small match
//! per pair, so CI stays quick).

use oware::search::{Level, Player, Rng, Score, SearchLimits, Searcher, play_match};
use oware::{Game, Move, Position, Ruleset, Side, Variant};

fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn best(text: &str, depth: u8) -> (String, Score) {
    let game = Game::from(pos(text));
    let result = Searcher::new(1 << 16).search(&game, SearchLimits::depth(depth));
    (result.best_move.expect("a move").to_string(), result.score)
}

/// A position after `plies` random moves of `ruleset` (or earlier if the game ends).
fn random_position(ruleset: Ruleset, rng: &mut Rng, plies: usize) -> Position {
    let mut pos = Position::new(ruleset);
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[rng.below(moves.len())]);
    }
    pos
}

#[test]
fn takes_the_capture_in_front_of_it() {
    // R5's position: C captures e, d, c, b, a (11 seeds); nothing else captures.
    let (m, score) = best("0,0,8,0,0,1/1,1,1,1,2,3 s 10 20", 1);
    assert_eq!(m, "C");
    // 21 against 20 in the stores afterwards: about a seed up.
    assert!(score.centiseeds().is_some_and(|c| c > 50), "{score}");
}

#[test]
fn finds_the_winning_capture_and_calls_it_a_win() {
    // F captures a, b, c: 19 + 6 = 25, a win in one ply (R9).
    assert_eq!(
        best("0,0,0,0,2,3/1,1,1,0,0,1 s 19 20", 4),
        ("F".to_owned(), Score::win_in(1))
    );
    // A grand slam would capture nothing: E takes a alone (2 seeds), no win yet.
    let (m, score) = best("0,0,0,0,2,3/1,1,1,0,0,0 s 20 20", 1);
    assert_eq!(m, "E");
    assert!(!score.is_win());
}

#[test]
fn forced_wins_and_losses_match_an_exhaustive_search() {
    let mut rng = Rng::new(42);
    let (mut wins, mut losses) = (0, 0);
    for variant in [Variant::Abapa, Variant::Kalah, Variant::Congkak] {
        for _ in 0..150 {
            let plies = 30 + rng.below(100);
            let pos = random_position(variant.ruleset(), &mut rng, plies);
            if pos.is_game_over() {
                continue;
            }
            let game = Game::from(pos);
            let result = Searcher::new(1 << 16).search(&game, SearchLimits::depth(5));
            let (win, loss) = check_forced_result(&game, result.score, 5);
            wins += usize::from(win);
            losses += usize::from(loss);
        }
    }
    assert!(
        wins >= 10 && losses >= 5,
        "too few forced results tried: {wins} wins, {losses} losses"
    );
}

#[test]
fn depth_and_node_limits_are_deterministic() {
    let mut rng = Rng::new(7);
    for variant in [Variant::Abapa, Variant::KalahIrving, Variant::Congkak] {
        let game = Game::from(random_position(variant.ruleset(), &mut rng, 10));
        for limits in [SearchLimits::depth(7), SearchLimits::nodes(20_000)] {
            let first = Searcher::new(1 << 14).search(&game, limits);
            let second = Searcher::new(1 << 14).search(&game, limits);
            assert_eq!(first, second, "{}", game.position());
            assert!(first.nodes > 0);
        }
    }
}

#[test]
fn searches_and_levels_only_play_legal_moves() {
    let mut rng = Rng::new(3);
    for variant in Variant::ALL {
        for _ in 0..8 {
            let plies = rng.below(40);
            let game = Game::from(random_position(variant.ruleset(), &mut rng, plies));
            let result = Searcher::new(1 << 12).search(&game, SearchLimits::depth(4));
            match result.best_move {
                Some(m) => assert!(game.is_legal(m), "{variant}: {m} in {}", game.position()),
                None => assert!(game.is_game_over()),
            }
            // The principal variation is a line of legal moves.
            let mut line = game.clone();
            for &m in &result.pv {
                line.play(m)
                    .unwrap_or_else(|e| panic!("pv {:?}: {e}", result.pv));
            }
            for level in Level::ALL {
                let mut player = Player::reproducible(level, 1).with_limits(SearchLimits::depth(3));
                if let Some(m) = player.choose(&game) {
                    assert!(
                        game.is_legal(m),
                        "level {level}: {m} in {}",
                        game.position()
                    );
                }
            }
        }
    }
}

#[test]
fn analysis_agrees_with_the_search() {
    let mut rng = Rng::new(11);
    for _ in 0..20 {
        let game = Game::from(random_position(Ruleset::abapa(), &mut rng, 12));
        if game.is_game_over() {
            continue;
        }
        // Two plies: too shallow for late-move reductions, whose scores
        // depend on the window, so a full window and the search agree.
        let scores = Searcher::new(1 << 16).analyse(&game, SearchLimits::depth(2));
        let result = Searcher::new(1 << 16).search(&game, SearchLimits::depth(2));
        assert_eq!(scores.len(), game.legal_moves().len());
        assert!(
            scores.windows(2).all(|w| w[0].score >= w[1].score),
            "sorted best first"
        );
        assert_eq!(scores[0].score, result.score, "{}", game.position());
        let chosen: Vec<Move> = scores
            .iter()
            .filter(|s| s.score == result.score)
            .map(|s| s.m)
            .collect();
        assert!(
            chosen.contains(&result.best_move.unwrap()),
            "{}",
            game.position()
        );
    }
}

#[test]
fn a_search_from_a_game_sees_the_repetition_rule() {
    // OpenSpiel's repetition cycle (tests/rules.rs): after A a B b C c D d E e,
    // South's F and North's f repeat the start, which the openspiel preset
    // ends as a 24-24 draw. Both sides have only one move, so the search must
    // see the draw by repetition two plies ahead.
    let start = Position::from_board(
        *pos("1,0,0,0,0,0/1,0,0,0,0,0 s 23 23").board(),
        Side::South,
        Ruleset::openspiel(),
    )
    .unwrap();
    let mut game = Game::from(start);
    for m in ["A", "a", "B", "b", "C", "c", "D", "d", "E", "e"] {
        game.play(m.parse().unwrap()).unwrap();
    }
    let result = Searcher::new(1 << 12).search(&game, SearchLimits::depth(4));
    assert_eq!(result.best_move.map(|m| m.to_string()), Some("F".into()));
    assert_eq!(result.score, Score::DRAW);
    assert_eq!(
        result
            .pv
            .iter()
            .map(ToString::to_string)
            .collect::<String>(),
        "Ff"
    );
}

/// Each level beats the one below it in a short match (CI-sized: 40 games a
/// pair, level 5 with a small node budget).
#[test]
fn ladder_each_level_beats_the_one_below() {
    let limits = |level: Level| match level {
        Level::Five => Some(SearchLimits::nodes(60_000)),
        _ => None,
    };
    let make = |level: Level| {
        move |seed| {
            let player = Player::reproducible(level, seed);
            match limits(level) {
                Some(l) => player.with_limits(l),
                None => player,
            }
        }
    };
    for pair in Level::ALL.windows(2) {
        let (lower, upper) = (pair[0], pair[1]);
        let result = play_match(Ruleset::abapa(), 40, 2026, make(upper), make(lower));
        println!("level {upper} vs level {lower}: {result}");
        assert!(
            result.score() > 0.5,
            "level {upper} vs level {lower}: {result}"
        );
    }
}

#[test]
fn a_stop_handle_stops_a_search_from_another_thread() {
    let game = Game::default();
    let mut searcher = Searcher::new(1 << 16);
    let stop = searcher.stop_handle();
    let worker = std::thread::spawn(move || searcher.search(&game, SearchLimits::depth(64)));
    std::thread::sleep(std::time::Duration::from_millis(50));
    stop.stop();
    let result = worker.join().expect("the search thread");
    // Stopped long before depth 64, with a legal move of a completed iteration.
    assert!(
        result.depth >= 1 && result.depth < 40,
        "depth {}",
        result.depth
    );
    assert!(Game::default().is_legal(result.best_move.unwrap()));
}

#[test]
fn abapa_needs_the_third_occurrence() {
    // The same cycle under Abapa: after 12 plies the start is back for the
    // second time, which does not end the game; no forced end in sight.
    let start = pos("1,0,0,0,0,0/1,0,0,0,0,0 s 23 23");
    let mut game = Game::from(start);
    for m in ["A", "a", "B", "b", "C", "c", "D", "d", "E", "e", "F", "f"] {
        game.play(m.parse().unwrap()).unwrap();
    }
    assert_eq!(game.repetitions(), 2);
    let result = Searcher::new(1 << 12).search(&game, SearchLimits::depth(6));
    assert_eq!(result.score, Score::DRAW);
    assert_eq!(
        result.score.plies_to_end(),
        None,
        "no end within 6 plies: {}",
        result.score
    );
    // Twelve plies on, the third occurrence ends it: a draw the search sees.
    let result = Searcher::new(1 << 12).search(&game, SearchLimits::depth(14));
    assert_eq!(
        (result.score, result.score.plies_to_end()),
        (Score::DRAW, None)
    );
}

#[test]
fn a_reused_searcher_gives_each_ruleset_its_own_values() {
    let text = "2,5,0,0,0,1/0,0,0,0,0,1 s 20 19";
    let captures_two: Ruleset = "abapa(captures=2)".parse().unwrap();
    let game = Game::from(Position::from_str_with_ruleset(text, captures_two).unwrap());
    let fresh = Searcher::new(1 << 12).analyse(&game, SearchLimits::depth(2));
    let mut reused = Searcher::new(1 << 12);
    reused.analyse(&Game::from(pos(text)), SearchLimits::depth(2));
    assert_eq!(reused.analyse(&game, SearchLimits::depth(2)), fresh);
}

#[test]
fn node_limits_are_exact() {
    for limit in [1, 50, 1000, 5000] {
        let result = Searcher::new(1 << 12).search(&Game::default(), SearchLimits::nodes(limit));
        assert!(
            result.nodes <= limit,
            "{} nodes for a limit of {limit}",
            result.nodes
        );
        assert!(result.best_move.is_some());
    }
}

#[test]
fn score_constructors_stay_in_range() {
    assert!(!Score::from_centiseeds(i32::MAX).is_win());
    assert!(!Score::from_centiseeds(i32::MIN).is_loss());
    assert_eq!(
        -Score::from_centiseeds(i32::MIN),
        Score::from_centiseeds(Score::MAX_CENTISEEDS)
    );
    assert!(Score::win_in(u16::MAX).is_win() && Score::loss_in(u16::MAX).is_loss());
    assert_eq!(Rng::new(1).below(0), 0);
}

/// `Score::from_raw` takes back every raw value a score has and no other:
/// checked against the constructors over the whole range of forced
/// results and across the edges of the seeds' range.
#[test]
fn raw_scores_read_back_exactly_the_scores_there_are() {
    let mut scores: Vec<Score> = (0..=u16::MAX)
        .flat_map(|n| [Score::win_in(n), Score::loss_in(n)])
        .collect();
    let max = Score::MAX_CENTISEEDS;
    scores.extend([-max, -max + 1, -1, 0, 1, max - 1, max].map(Score::from_centiseeds));
    for score in &scores {
        assert_eq!(Score::from_raw(score.raw()), Some(*score), "{score}");
    }
    let win = Score::win_in(0).raw();
    let longest = Score::win_in(u16::MAX).raw();
    for raw in [
        max + 1,
        longest - 1,
        win + 1,
        i32::MAX,
        -(max + 1),
        -(longest - 1),
        -(win + 1),
        i32::MIN,
    ] {
        assert!(!scores.iter().any(|s| s.raw() == raw), "{raw}");
        assert_eq!(Score::from_raw(raw), None, "{raw}");
    }
}

#[test]
fn analysis_scores_every_move_even_under_a_tiny_node_limit() {
    let game = Game::default();
    for nodes in [1, 5, 10] {
        let scores = Searcher::new(1 << 10).analyse(&game, SearchLimits::nodes(nodes));
        assert_eq!(scores.len(), 6, "nodes({nodes})");
    }
}

/// Checks `score`, a search's score of `game`, against an exhaustive search
/// to `reach` plies: a forced end within reach is found (the capture search
/// at the horizon may find later ones too), and a forced end it claims is
/// real, and the shortest where it is within reach. Returns whether the
/// side to move can force a win, and whether a loss, within reach.
fn check_forced_result(game: &Game, score: Score, reach: u8) -> (bool, bool) {
    let me = game.position().turn();
    let at = game.position();
    let win = forced_win_in_game(game, reach, me);
    let loss = forced_win_in_game(game, reach, !me);
    assert!(!win || score.is_win(), "{at}: missed a win: {score}");
    assert!(!loss || score.is_loss(), "{at}: missed a loss: {score}");
    if let Some(n) = score.plies_to_end() {
        let winner = if score.is_win() { me } else { !me };
        let n = n as u8;
        assert!(
            forced_win_in_game(game, n, winner),
            "{at}: {score} is not forced"
        );
        assert!(
            n == 0 || n > reach || !forced_win_in_game(game, n - 1, winner),
            "{at}: {score} is not the shortest"
        );
    }
    (win, loss)
}

/// Whether `me` can force a win within `plies` plies of `game`, its history
/// rules included (repetition, no-capture and ply limits): a plain
/// exhaustive search over whole games, no pruning or tables.
fn forced_win_in_game(game: &Game, plies: u8, me: Side) -> bool {
    if let Some(outcome) = game.outcome() {
        return outcome.winner == Some(me);
    }
    if plies == 0 {
        return false;
    }
    let moves = game.legal_moves();
    let mut children = moves.iter().map(|&m| {
        let mut child = game.clone();
        child.play(m).expect("a legal move");
        forced_win_in_game(&child, plies - 1, me)
    });
    if game.position().turn() == me {
        children.any(|w| w)
    } else {
        children.all(|w| w)
    }
}

#[test]
fn a_game_ended_by_the_repetition_rule_is_seen_from_the_start() {
    // One house a side, one seed each: every move is forced and North wins
    // at ply 5. A table entry stored under one history and used under
    // another used to hide it (a depth-20 search said -0.30).
    let ruleset: Ruleset = "abapa(1,1)".parse().unwrap();
    let game = Game::new(ruleset);
    let result = Searcher::new(1 << 12).search(&game, SearchLimits::depth(20));
    assert!(result.score.plies_to_end().is_some(), "{}", result.score);
    check_forced_result(&game, result.score, 20);
}

/// Forced results on small boards, where positions repeat within a search,
/// match a plain exhaustive search over games with their history: those it
/// finds are real, and none within reach is missed.
#[test]
fn forced_results_under_the_history_rules_match_an_exhaustive_search() {
    let seed = std::env::var("OWARE_SEARCH_SEED").map_or(7, |s| s.parse().unwrap());
    let mut rng = Rng::new(seed);
    let rulesets: Vec<Ruleset> = [
        "abapa(2,2)",
        "abapa(3,2)",
        "abapa(2,3)",
        "abapa(3,2,repetitions=2)",
        "abapa(2,2,repetitions=2,no_capture=off)",
        "abapa(3,3,no_capture=12)",
    ]
    .iter()
    .map(|t| t.parse().unwrap())
    .collect();
    let (mut found, mut tried) = (0, 0);
    for ruleset in rulesets {
        for _ in 0..150 {
            let mut game = Game::new(ruleset);
            for _ in 0..rng.below(12) {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                game.play(moves[rng.below(moves.len())]).unwrap();
            }
            if game.is_game_over() {
                continue;
            }
            tried += 1;
            // One searcher for the game so far, as a player uses it: its
            // table holds entries from other paths.
            let mut searcher = Searcher::new(1 << 12);
            searcher.search(&game, SearchLimits::depth(6));
            let result = searcher.search(&game, SearchLimits::depth(14));
            check_forced_result(&game, result.score, 9);
            if result.score.plies_to_end().is_some() {
                found += 1;
            }
        }
    }
    assert!(found >= 30, "too few forced results: {found} of {tried}");
}

#[test]
fn a_time_budget_is_kept_on_every_thread_count() {
    let mut rng = Rng::new(21);
    for threads in [1, 2] {
        for _ in 0..6 {
            let game = Game::from(random_position(Ruleset::abapa(), &mut rng, 10));
            if game.is_game_over() {
                continue;
            }
            let mut player = Player::new(Level::Five, 1).with_limits(SearchLimits::time_ms(200));
            player.set_threads(threads);
            let start = std::time::Instant::now();
            let m = player.choose(&game).expect("a move");
            let took = start.elapsed().as_millis();
            assert!(game.is_legal(m));
            // The budget plus a margin for a loaded 2-core test machine.
            assert!(took <= 200 + 250, "{threads} threads: {took} ms");
        }
    }
}

#[test]
fn a_time_budget_too_long_for_the_clock_is_no_budget() {
    let limits = SearchLimits {
        depth: Some(4),
        nodes: None,
        time_ms: Some(u64::MAX),
    };
    let result = Searcher::new(1 << 12).search(&Game::default(), limits);
    assert_eq!(result.depth, 4);
    assert!(Game::default().is_legal(result.best_move.expect("a move")));
}

/// The evaluation the engine plays with against the weights it had before
/// they were tuned (mobility 10, lapping 40, weak 20, no empty houses),
/// both with the same node budget: a clear win over 40 games.
#[test]
fn the_tuned_evaluation_beats_the_earlier_weights() {
    use oware::search::Evaluation;
    let earlier = Evaluation {
        mobility: 10,
        lapping_houses: 40,
        weak_houses: 20,
        empty_houses: 0,
        seeds_in_houses: 25,
    };
    let limits = SearchLimits::nodes(20_000);
    let result = play_match(
        Ruleset::openspiel(),
        40,
        11,
        |s| Player::reproducible(Level::Five, s).with_limits(limits),
        |s| {
            Player::reproducible(Level::Five, s)
                .with_limits(limits)
                .with_evaluation(earlier)
        },
    );
    println!("tuned vs earlier weights: {result}");
    assert!(result.score() >= 0.65, "{result}");
}

/// The issue-12 record: 65 000 quiet plies under a ruleset where only 31
/// seeds capture, repetitions don't count and only a 65 535-ply limit ends
/// the game. The search at its end
/// sees the same tree as from the same position in a new game: the same
/// move, score, line and node count (the bench `history` in
/// `benches/search.rs` shows it takes the same time too).
#[test]
fn a_long_quiet_history_leaves_the_search_as_from_a_new_game() {
    let ruleset: Ruleset = "abapa(captures=31,repetitions=off,no_capture=off,max_plies=65535)"
        .parse()
        .unwrap();
    let mut game = Game::new(ruleset);
    let mut rng = Rng::new(12);
    while game.ply() < 65_000 {
        let moves = game.legal_moves();
        game.play_quiet(moves[rng.below(moves.len())]).unwrap();
    }
    assert_eq!(game.plies_since_capture(), 65_000);
    let fresh = Game::from(*game.position());
    let search = |g: &Game| Searcher::new(1 << 16).search(g, SearchLimits::depth(8));
    let (long, new) = (search(&game), search(&fresh));
    assert_eq!(
        (long.best_move, long.score, &long.pv, long.nodes),
        (new.best_move, new.score, &new.pv, new.nodes)
    );
    assert!(long.nodes > 1000, "{} nodes", long.nodes);
}

/// In Congkak nearly every move captures, so a capture search at the
/// horizon that tried every capture was a full-width search six plies
/// deep: from the start of `congkak(7,18)` depth 1 (seven moves) visited
/// 48 982 nodes and depth 4 2 386 923. It tries the four biggest captures
/// a node (Oware's searches barely reach the limit: `QUIESCENCE_BREADTH`).
#[test]
fn the_capture_search_stays_narrow_where_every_move_captures() {
    let nodes = |text: &str, depth: u8| {
        let game = Game::new(text.parse().unwrap());
        Searcher::new(1 << 16)
            .search(&game, SearchLimits::depth(depth))
            .nodes
    };
    let (one, four) = (nodes("congkak(7,18)", 1), nodes("congkak(7,18)", 4));
    assert!(one < 5_000, "depth 1: {one} nodes");
    assert!(four < 200_000, "depth 4: {four} nodes");
}

/// Levels 4 and 5 with seeded ties pick among equal-best moves by their seed: the same
/// seed plays the same move, other seeds vary it, and every choice scores
/// the same (North's c, d and e score -3.00 at depth 8).
#[test]
fn seeds_vary_level_four_between_equal_moves() {
    let game = Game::from(
        "4,0,0,7,6,6/0,1,6,6,6,6 n 0 0"
            .parse::<Position>()
            .expect("a position"),
    );
    let choice = |seed| {
        let mut player = Player::reproducible(Level::Four, seed);
        player.set_seeded_ties(true);
        player.choose(&game)
    };
    assert_eq!(choice(3), choice(3));
    let chosen: std::collections::BTreeSet<String> =
        (0..10).filter_map(choice).map(|m| m.to_string()).collect();
    assert!(chosen.len() > 1, "{chosen:?}");
    let scores = Searcher::new(1 << 16).analyse(&game, SearchLimits::depth(8));
    let best = scores[0].score;
    for m in &chosen {
        let score = scores
            .iter()
            .find(|s| s.m.to_string() == *m)
            .map(|s| s.score);
        assert_eq!(score, Some(best), "{m} in {scores:?}");
    }
}

/// The final seed difference, from the side to move's view, of `game`
/// played on best by both sides: a plain minimax over every line through
/// `Game::play` and `Game::undo`, whose own history rules end a line that
/// repeats a position (no pruning, no table). With it, whether the first
/// of the best lines ends by the repetition rule. `None` once `budget`
/// positions have been visited.
fn exhaustive_value(game: &mut Game, budget: &mut u32) -> Option<(i32, bool)> {
    *budget = budget.checked_sub(1)?;
    if let Some(outcome) = game.outcome() {
        let me = game.position().turn();
        let diff = i32::from(*outcome.scores.get(me)) - i32::from(*outcome.scores.get(!me));
        return Some((diff, outcome.termination == oware::Termination::Cycle));
    }
    let mut best: Option<(i32, bool)> = None;
    for (_, value, by_cycle) in exhaustive_move_values(game, budget)? {
        if best.is_none_or(|(b, _)| value > b) {
            best = Some((value, by_cycle));
        }
    }
    best
}

/// Each legal move of `game` (whose game goes on) with its
/// [`exhaustive_value`] from the mover's view, and whether the first of its
/// best lines ends by the repetition rule; `None` past `budget`.
fn exhaustive_move_values(game: &mut Game, budget: &mut u32) -> Option<Vec<(Move, i32, bool)>> {
    let me = game.position().turn();
    let mut values = Vec::new();
    for &m in &game.legal_moves() {
        game.play(m).expect("a legal move");
        let child = exhaustive_value(game, budget);
        let same_side = game.position().turn() == me;
        game.undo();
        let (value, by_cycle) = child?;
        values.push((m, if same_side { value } else { -value }, by_cycle));
    }
    Some(values)
}

/// Under `openspiel`'s repetition rule (the first repetition ends the game,
/// each side taking the seeds on its own row), on the full board with 2 to
/// 4 seeds left: the search's result (win, draw or loss) and its move match
/// a plain exhaustive search over whole games, including positions where
/// the best line ends by the repetition rule (issue 30 part 2's check).
#[test]
fn results_under_the_first_repetition_rule_match_an_exhaustive_search() {
    let ruleset = Ruleset::openspiel();
    let mut rng = Rng::new(5);
    let (mut checked, mut by_repetition) = (0, 0);
    let class = |v: i32| v.signum();
    while checked < 120 {
        let seeds = 2 + rng.below(3) as u8;
        let mut pits = [0u8; 12];
        for _ in 0..seeds {
            pits[rng.below(12)] += 1;
        }
        // Stores that make up the rest without a majority (24 each at most).
        let rest = ruleset.total_seeds() - seeds;
        let half = ruleset.total_seeds() / 2;
        let south = (rest - half) + rng.below(usize::from(2 * half - rest) + 1) as u8;
        let stores = oware::BySide {
            south,
            north: rest - south,
        };
        let board = oware::Board::from_pits(&pits, stores).unwrap();
        let start = Position::from_board(board, Side::ALL[rng.below(2)], ruleset).unwrap();
        let mut game = Game::from(start);
        if game.is_game_over() {
            continue;
        }
        let Some(values) = exhaustive_move_values(&mut game, &mut 200_000) else {
            continue;
        };
        // The first of the best moves, as the minimax takes it.
        let (_, value, ends_by_cycle) = values
            .iter()
            .copied()
            .reduce(|best, v| if v.1 > best.1 { v } else { best })
            .expect("a game that goes on has a move");
        checked += 1;
        by_repetition += usize::from(ends_by_cycle && value >= 0);
        let result = Searcher::new(1 << 16).search(&game, SearchLimits::depth(64));
        let found = if result.score.is_win() {
            1
        } else if result.score.is_loss() {
            -1
        } else {
            assert_eq!(result.score, Score::DRAW, "{start}: {}", result.score);
            0
        };
        assert_eq!(
            found,
            class(value),
            "{start}: {} against {value}",
            result.score
        );
        // The move the search plays keeps the result.
        let m = result.best_move.expect("a move");
        let (_, after, _) = values
            .iter()
            .find(|(v, _, _)| *v == m)
            .expect("the search plays a legal move");
        assert_eq!(
            class(*after),
            class(value),
            "{start}: {m} gives {after}, not {value}"
        );
    }
    assert!(
        by_repetition >= 5,
        "{by_repetition} positions drawn or won by the repetition"
    );
}
