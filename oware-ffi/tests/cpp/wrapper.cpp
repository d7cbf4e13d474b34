// The test of the C++ wrapper include/oware.hpp: each class and function
// with exact values, the errors it throws (code and message), copies and
// moves, the endgame database, tags and stops. Run under AddressSanitizer
// and UndefinedBehaviorSanitizer, as .ci/run does:
//
//   cargo build -p oware-ffi
//   c++ -std=c++17 -Wall -Wextra -Werror -pedantic -g -fsanitize=address,undefined
//       -fno-sanitize-recover=all -Iinclude oware-ffi/tests/cpp/wrapper.cpp
//       target/debug/liboware_ffi.a -lpthread -ldl -lm -o target/wrapper   (one line)
//   target/wrapper
//
// It prints one line a failed check and ends with "N passed, N failed"; the
// exit status is 0 only when every check passed.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "oware.hpp"

namespace {

// The reason a ruleset text "chess" is refused.
const std::string kChess =
    "invalid ruleset text: unknown preset (abapa, openspiel, awale, kalah, kalah-irving or congkak)";

int passed = 0;
int failed = 0;

void check(bool ok, const char* what, int line) {
  if (ok) {
    passed++;
  } else {
    failed++;
    std::fprintf(stderr, "wrapper.cpp:%d: check failed: %s\n", line, what);
  }
}
#define CHECK(cond) check((cond), #cond, __LINE__)

// Runs f, which must throw oware::Error with `code` and the message `what`.
template <class F>
void throws(F f, oware_result code, const std::string& what, int line) {
  try {
    f();
    check(false, ("no error, expected: " + what).c_str(), line);
  } catch (const oware::Error& e) {
    check(e.code() == code && e.what() == what, (std::string("threw: ") + e.what()).c_str(), line);
  }
}
#define THROWS(expr, code, what) throws([&] { (void)(expr); }, code, what, __LINE__)

void test_free_functions() {
  CHECK(oware::version() == OWARE_VERSION);
  const std::vector<std::string> presets{"abapa", "openspiel", "awale", "kalah", "kalah-irving", "congkak"};
  CHECK(oware::variant_names() == presets);
  CHECK(oware::level_description(3) == "looks 4 plies ahead");
  THROWS(oware::level_description(6), OWARE_RESULT_INVALID_ARGUMENT, "level must be 1 to 5");
  CHECK(oware::result_message(OWARE_RESULT_GAME_OVER) == "the game is over");
  CHECK(oware::illegal_move_reason_message(OWARE_ILLEGAL_MOVE_REASON_EMPTY_HOUSE) == "house is empty");
  CHECK(oware::text_error(OWARE_TEXT_KIND_RULESET, "kalah(6,5)").empty());
  CHECK(oware::text_error(OWARE_TEXT_KIND_POSITION, "4,4 s 0 0") != "");
}

void test_game() {
  oware::Game game;
  CHECK(game.ruleset() == "abapa" && game.houses_per_side() == 6 && game.ply() == 0);
  CHECK(game.legal_moves() == (std::vector<uint8_t>{0, 1, 2, 3, 4, 5}));
  CHECK(game.perft(5) == 5219);
  CHECK(game.explain(2) == "C sows 4 seeds into D, E, F, a; the last seed makes a 5");
  THROWS(game.explain(6), OWARE_RESULT_ILLEGAL_MOVE, "illegal move a: house is not the side to move's");
  const oware::Report report = game.play(2);  // C
  CHECK(report.summary.ply == 1 && report.summary.mover == OWARE_SIDE_SOUTH);
  CHECK(report.sown == (std::vector<uint8_t>{3, 4, 5, 6}) && report.captures.empty());
  CHECK(game.position() == "4,4,0,5,5,5/5,4,4,4,4,4 n 0 0");
  CHECK(game.board() == (std::vector<uint8_t>{4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4, 0, 0}));
  CHECK(game.turn() == OWARE_SIDE_NORTH && game.move_name(6) == "a" && game.parse_move("f") == 11);
  CHECK(game.check_move(0) == OWARE_ILLEGAL_MOVE_REASON_WRONG_SIDE);
  THROWS(game.play(0), OWARE_RESULT_ILLEGAL_MOVE, "illegal move A: house is not the side to move's");
  THROWS(game.parse_move("z"), OWARE_RESULT_PARSE_ERROR,
         "invalid move notation: expected one letter A-F (South) or a-f (North)");
  THROWS(game.parse_move("g"), OWARE_RESULT_PARSE_ERROR, "g: no such house in this ruleset");
  THROWS(game.move_name(12), OWARE_RESULT_INVALID_ARGUMENT, "an argument is out of range");
  CHECK(game.threats(OWARE_SIDE_SOUTH) == 0 && game.moves() == std::vector<uint8_t>{2});

  // Copies are deep; moves keep the game.
  oware::Game copy = game;
  copy.play(6);
  CHECK(copy.ply() == 2 && game.ply() == 1);
  CHECK(copy.undo() == std::optional<uint8_t>(6) && copy.position() == game.position());
  oware::Game moved = std::move(copy);
  CHECK(moved.ply() == 1 && moved.report(1).sown == report.sown);
  THROWS(moved.report(2), OWARE_RESULT_INVALID_ARGUMENT, "an argument is out of range");

  // Tags: as the record writes them.
  game.set_tag("South", "Ama");
  CHECK(game.tag("South") == std::optional<std::string>("Ama"));
  CHECK(game.tag("Result") == std::optional<std::string>("*"));
  CHECK(game.tag("North") == std::nullopt);
  game.remove_tag("South");
  CHECK(game.tag("South") == std::nullopt);
  THROWS(game.tag("Bad Name"), OWARE_RESULT_INVALID_TAG,
         "invalid tag: a tag name must be ASCII letters, digits and _, not empty");
  THROWS(game.set_tag("Variant", "kalah"), OWARE_RESULT_INVALID_TAG, "invalid tag: Variant comes from the game's start");
  THROWS(game.remove_tag("Position"), OWARE_RESULT_INVALID_TAG, "invalid tag: Position comes from the game's start");
  const oware_outcome agreed = game.end_by_agreement();
  CHECK(game.is_over() && agreed.termination == OWARE_TERMINATION_AGREEMENT);
  CHECK(game.outcome().winner == agreed.winner && game.tag("Termination") == std::optional<std::string>("agreement"));
  CHECK(game.undo() == std::nullopt && !game.is_over());
  THROWS(oware::Game().undo(), OWARE_RESULT_NOTHING_TO_UNDO, "nothing to undo: no move has been played");

  // Text that does not parse: the reason comes with the code.
  const oware::Game read = oware::Game::from_record("[South \"Ama\"]\n\n1. C f *");
  CHECK(read.ply() == 2 && read.tag("South") == std::optional<std::string>("Ama"));
  CHECK(read.record() == "[Variant \"abapa\"]\n[South \"Ama\"]\n[Result \"*\"]\n\n1. C f *\n");
  THROWS(oware::Game("chess"), OWARE_RESULT_PARSE_ERROR, kChess);
  THROWS(oware::Game::from_position("4,4,4,4,4,4/4,4,4,4,4,5 s 0 0"), OWARE_RESULT_PARSE_ERROR,
         "invalid position: 49 seeds in houses and stores, the ruleset has 48");
  THROWS(oware::Game::from_record("1. C a 2. f"), OWARE_RESULT_PARSE_ERROR,
         "invalid game record: ply 3: illegal move f: house is not the side to move's");
  CHECK(oware::text_error(OWARE_TEXT_KIND_RULESET, "chess") == kChess);
  CHECK(oware::Game::from_position("0,7,7,7,7,7/6,6,6,6,6,6 s 1 0 kalah(6,6)").ruleset() == "kalah(6,6)");
}

void test_engine_and_stop() {
  const oware::Game game;
  oware::Searcher searcher(1024);
  const oware_search_result result = searcher.search(game, {4, 0, 0});
  CHECK(result.depth == 4 && result.pv_len >= 1 && result.pv[0] == result.best_move);
  const std::vector<oware_move_score> scores = searcher.analyse(game, {4, 0, 0});
  CHECK(scores.size() == 6 && scores[0].pit == result.best_move);
  searcher.clear();
  // No limit: the library's default (8 plies or 1 000 000 positions).
  const oware_search_result by_default = searcher.search(game, {0, 0, 0});
  CHECK(by_default.depth == OWARE_DEFAULT_SEARCH_DEPTH && by_default.nodes <= OWARE_DEFAULT_SEARCH_NODES);
  THROWS(searcher.search(game, {65, 0, 0}), OWARE_RESULT_INVALID_ARGUMENT, "depth must be 1 to 64, not 65");
  THROWS(searcher.analyse(game, {65, 0, 0}), OWARE_RESULT_INVALID_ARGUMENT, "depth must be 1 to 64, not 65");
  THROWS(oware::Searcher(0), OWARE_RESULT_INVALID_ARGUMENT, "tt_entries must be 1 to 67108864, not 0");

  const oware::Stop stop;
  CHECK(!stop.is_requested());
  CHECK(game.perft(3, stop) == 190);  // as perft(3)
  stop.request();
  CHECK(stop.is_requested());
  THROWS(game.perft(8, stop), OWARE_RESULT_STOPPED, "stopped before it finished");
  searcher.set_stop(stop);
  CHECK(searcher.search(game, {20, 0, 0}).best_move < 6);  // the first iteration's move

  oware::Player player(3, 7);
  player.set_time_budget(50);
  player.set_threads(1);
  player.set_book(false);
  player.set_auto_endgame(false);
  player.set_stop(stop);
  CHECK(player.choose(game) < 6);
  stop.reset();
  CHECK(!stop.is_requested());
  THROWS(player.set_threads(0), OWARE_RESULT_INVALID_ARGUMENT, "an argument is out of range");
  THROWS(oware::Player(6, 1), OWARE_RESULT_INVALID_ARGUMENT, "an argument is out of range");
  oware::Player first(2, 1, true), second(2, 1, true);
  CHECK(first.choose(game) == second.choose(game));
}

void test_endgame() {
  const oware::EndgameDatabase endgame = oware::EndgameDatabase::build("abapa", OWARE_CONVENTION_EACH_TAKES_OWN, 6);
  CHECK(endgame.max_seeds() == 6 && endgame.convention() == OWARE_CONVENTION_EACH_TAKES_OWN);
  CHECK(endgame.ruleset() == "abapa");
  // South's F makes North's a 2 and captures it; North's last seed cannot
  // feed South, so North takes it (R8): 2 - 1, exactly 1 for South.
  const oware::Game game = oware::Game::from_position("0,0,0,0,0,1/1,1,0,0,0,0 s 24 21");
  const oware::Probe probe = endgame.probe(game);
  CHECK(probe.result.exact && probe.result.lower == 1 && probe.result.upper == 1 && probe.result.seeds == 3);
  CHECK(!probe.best_moves.empty() && probe.best_moves[0] == 5 && probe.best_moves.size() == probe.result.best_moves_len);
  THROWS(endgame.probe(oware::Game()), OWARE_RESULT_ENDGAME_TOO_MANY_SEEDS,
         oware::result_message(OWARE_RESULT_ENDGAME_TOO_MANY_SEEDS));

  const char* tmp = std::getenv("TMPDIR");
  const std::string path = std::string(tmp ? tmp : "/tmp") + "/oware-wrapper-" + std::to_string(std::rand()) + ".owdb";
  endgame.save(path);
  const oware::EndgameDatabase back = oware::EndgameDatabase::load(path);
  CHECK(back.max_seeds() == 6 && back.probe(game).result.lower == 1);
  std::remove(path.c_str());
  const std::string missing = ": cannot read the database: No such file or directory (os error 2)";
  THROWS(oware::EndgameDatabase::load(path), OWARE_RESULT_ENDGAME_IO, path + missing);
  THROWS(oware::EndgameDatabase::load_dir(path, "abapa", OWARE_CONVENTION_EACH_TAKES_OWN), OWARE_RESULT_ENDGAME_IO,
         path + missing);
  THROWS(endgame.save(path + "/x.owdb"), OWARE_RESULT_ENDGAME_IO,
         path + "/x.owdb: No such file or directory (os error 2)");
  THROWS(oware::EndgameDatabase::load_dir("/", "chess", OWARE_CONVENTION_EACH_TAKES_OWN), OWARE_RESULT_PARSE_ERROR, kChess);
  THROWS(oware::EndgameDatabase::build("kalah", OWARE_CONVENTION_EVEN_SPLIT, 4), OWARE_RESULT_ENDGAME_UNSUPPORTED,
         "endgame databases need an Oware ruleset in which a side never passes without a capture");
  const oware::Stop stop;
  stop.request();
  THROWS(oware::EndgameDatabase::build("abapa", OWARE_CONVENTION_EVEN_SPLIT, 12, stop), OWARE_RESULT_STOPPED,
         "stopped before it finished");

  oware::Player player(5, 1, true);
  player.set_endgame(endgame);
  CHECK(player.choose(game) == 5);  // perfect play: F
}

}  // namespace

int main() {
  try {
    test_free_functions();
    test_game();
    test_engine_and_stop();
    test_endgame();
  } catch (const oware::Error& e) {
    std::fprintf(stderr, "uncaught oware::Error %d: %s\n", static_cast<int>(e.code()), e.what());
    failed++;
  }
  std::printf("wrapper: %d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
