//! One meaning for "no limit" (issue 31): a search given no limit stops by
//! the core's `SearchLimits::DEFAULT` (8 plies or 1 000 000 positions), and
//! reaches its depth from every variant's start; and the values that are no limit (a zero table, a zero
//! budget, a depth out of range) are refused with the messages the Python
//! and C bindings give word for word (their tests pin the same strings).

use oware::search::{
    Level, MAX_TABLE_ENTRIES, Player, SearchLimits, SearchLimitsError, Searcher, TableSizeError,
};
use oware::{Game, Position, Ruleset, Variant};

/// The most positions a default search visits from a variant's start
/// (Congkak's, the largest, about 190 000): a fifth of the default's node
/// budget, so the depth, not the budget, ends it there.
const START_NODES: u64 = 200_000;

#[test]
fn the_default_is_eight_plies_or_a_million_positions() {
    assert_eq!(SearchLimits::DEFAULT_DEPTH, 8);
    assert_eq!(SearchLimits::DEFAULT_NODES, 1_000_000);
    assert_eq!(
        SearchLimits::DEFAULT,
        SearchLimits {
            depth: Some(8),
            nodes: Some(1_000_000),
            time_ms: None
        }
    );
    assert_eq!(SearchLimits::DEFAULT.check(), Ok(SearchLimits::DEFAULT));
    assert!(SearchLimits::default().is_unset());
    assert!(!SearchLimits::depth(8).is_unset());
}

#[test]
fn a_search_without_a_limit_reaches_the_default_depth_on_every_start() {
    for variant in Variant::ALL {
        let game = Game::from(Position::new(variant.ruleset()));
        let result = Searcher::new(1 << 16).search(&game, SearchLimits::default());
        println!(
            "{variant}: depth {}, {} positions",
            result.depth, result.nodes
        );
        assert_eq!(result.depth, SearchLimits::DEFAULT_DEPTH, "{variant}");
        assert!(
            result.nodes <= START_NODES,
            "{variant}: {} positions",
            result.nodes
        );
        assert!(game.is_legal(result.best_move.expect("a move")));
        // The same search as asking for the default.
        let asked = Searcher::new(1 << 16).search(&game, SearchLimits::DEFAULT);
        assert_eq!(result, asked, "{variant}");
    }
}

#[test]
fn an_analysis_without_a_limit_stops_at_the_default_depth() {
    let game = Game::from(Position::new(Ruleset::abapa()));
    let unset = Searcher::new(1 << 16).analyse(&game, SearchLimits::default());
    let asked = Searcher::new(1 << 16).analyse(&game, SearchLimits::DEFAULT);
    assert_eq!(unset, asked);
}

#[test]
fn a_search_without_a_limit_is_the_default_search_in_middle_games() {
    // Middle games of every variant (the first legal move, then the last,
    // in turn): the unset search is the default's, within its budget.
    let mut most = 0;
    for variant in Variant::ALL {
        let mut game = Game::from(Position::new(variant.ruleset()));
        for ply in 0..12 {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = if ply % 2 == 0 {
                moves[0]
            } else {
                moves[moves.len() - 1]
            };
            game.play(m).expect("legal");
            let result = Searcher::new(1 << 16).search(&game, SearchLimits::default());
            assert!(
                result.nodes <= SearchLimits::DEFAULT_NODES,
                "{variant}: {result:?}"
            );
            assert!(
                result.depth <= SearchLimits::DEFAULT_DEPTH,
                "{variant}: {result:?}"
            );
            most = most.max(result.nodes);
            if variant == Variant::Congkak && ply < 4 {
                let asked = Searcher::new(1 << 16).search(&game, SearchLimits::DEFAULT);
                assert_eq!(result, asked, "{variant}");
            }
        }
    }
    println!("most positions: {most}");
}

#[test]
fn a_search_on_threads_without_a_limit_is_the_default_search() {
    // The default's node budget keeps it on one thread: deterministic.
    let mut searcher = Searcher::new(1 << 16);
    searcher.set_threads(2);
    let result = searcher.search(&Game::default(), SearchLimits::default());
    assert_eq!(
        result,
        Searcher::new(1 << 16).search(&Game::default(), SearchLimits::DEFAULT)
    );
}

#[test]
fn a_budget_alone_is_not_capped_by_the_default_depth() {
    let result = Searcher::new(1 << 16).search(&Game::default(), SearchLimits::nodes(200_000));
    assert!(result.depth > SearchLimits::DEFAULT_DEPTH, "{result:?}");
}

#[test]
fn limits_that_are_no_limit_are_refused_with_the_bindings_words() {
    let cases = [
        (
            SearchLimits::depth(0),
            SearchLimitsError::Depth(0),
            "depth must be 1 to 64, not 0",
        ),
        (
            SearchLimits::depth(65),
            SearchLimitsError::Depth(65),
            "depth must be 1 to 64, not 65",
        ),
        (
            SearchLimits::nodes(0),
            SearchLimitsError::ZeroNodes,
            "nodes must be 1 to 2**64 - 1, not 0",
        ),
        (
            SearchLimits::time_ms(0),
            SearchLimitsError::ZeroTime,
            "time_ms must be 1 to 2**64 - 1, not 0",
        ),
    ];
    for (limits, error, message) in cases {
        assert_eq!(limits.check(), Err(error), "{limits:?}");
        assert_eq!(error.to_string(), message);
    }
    for fine in [
        SearchLimits::default(),
        SearchLimits::depth(1),
        SearchLimits::depth(64),
        SearchLimits::nodes(1),
        SearchLimits::time_ms(1),
    ] {
        assert_eq!(fine.check(), Ok(fine));
    }
}

#[test]
fn a_table_of_no_entries_or_too_many_is_refused_with_the_bindings_words() {
    let e = Searcher::try_new(0).expect_err("0 entries");
    assert_eq!(e, TableSizeError { entries: 0 });
    assert_eq!(e.to_string(), "tt_entries must be 1 to 67108864, not 0");
    let e = Searcher::try_new(MAX_TABLE_ENTRIES + 1).expect_err("too many");
    assert_eq!(
        e.to_string(),
        "tt_entries must be 1 to 67108864, not 67108865"
    );
    let mut searcher = Searcher::try_new(1).expect("1 entry");
    assert_eq!(
        searcher
            .search(&Game::default(), SearchLimits::depth(2))
            .depth,
        2
    );
}

#[test]
fn try_search_refuses_what_check_refuses_and_searches_nothing() {
    let game = Game::default();
    let mut searcher = Searcher::new(1 << 16);
    for bad in [
        SearchLimits::depth(0),
        SearchLimits::depth(65),
        SearchLimits::depth(u8::MAX),
        SearchLimits::nodes(0),
        SearchLimits::time_ms(0),
        SearchLimits {
            depth: Some(6),
            nodes: Some(0),
            time_ms: None,
        },
    ] {
        assert_eq!(
            searcher.try_search(&game, bad),
            Err(bad.check().unwrap_err())
        );
        assert_eq!(
            searcher.try_analyse(&game, bad),
            Err(bad.check().unwrap_err())
        );
    }
    // What it takes, it searches as `search` does (a fresh table each).
    for fine in [
        SearchLimits::default(),
        SearchLimits::depth(5),
        SearchLimits::nodes(5_000),
    ] {
        let tried = Searcher::new(1 << 16).try_search(&game, fine);
        assert_eq!(tried, Ok(Searcher::new(1 << 16).search(&game, fine)));
        let tried = Searcher::new(1 << 16).try_analyse(&game, fine);
        assert_eq!(tried, Ok(Searcher::new(1 << 16).analyse(&game, fine)));
    }
}

#[test]
fn a_players_budgets_have_one_range_and_one_message() {
    let cases = [
        (
            SearchLimits::nodes(0),
            "nodes must be 1 to 1000000000000, not 0",
        ),
        (
            SearchLimits::nodes(1_000_000_000_001),
            "nodes must be 1 to 1000000000000, not 1000000000001",
        ),
        (
            SearchLimits::time_ms(0),
            "time_ms must be 1 to 86400000, not 0",
        ),
        (
            SearchLimits::time_ms(u64::MAX),
            "time_ms must be 1 to 86400000, not 18446744073709551615",
        ),
        (SearchLimits::depth(65), "depth must be 1 to 64, not 65"),
    ];
    let mut player = Player::new(Level::Three, 1);
    let before = player.limits();
    for (limits, message) in cases {
        let error = Player::check_limits(limits).expect_err(message);
        assert_eq!(error.to_string(), message);
        assert_eq!(player.try_set_limits(limits), Err(error));
        assert_eq!(
            player.limits(),
            before,
            "refused limits leave the player as it was"
        );
    }
    for fine in [
        SearchLimits::nodes(1),
        SearchLimits::nodes(Player::MAX_NODES),
        SearchLimits::time_ms(1),
        SearchLimits::time_ms(Player::MAX_TIME_MS),
        SearchLimits::default(),
        Level::Five.limits(),
        Level::Five.reproducible_limits(),
    ] {
        assert_eq!(player.try_set_limits(fine), Ok(()));
        assert_eq!(player.limits(), fine);
    }
}
