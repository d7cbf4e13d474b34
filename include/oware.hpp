// oware.hpp: the C++17 wrapper of the oware C API (oware.h), header-only,
// installed beside oware.h. It covers every function of oware.h (a test,
// oware-ffi/tests/header.rs, checks that each one is called here).
//
// - Handles are RAII classes: Game (copyable: a deep copy with
//   oware_game_clone; movable), Searcher, Player, EndgameDatabase and Stop (movable,
//   not copyable), each freed by its _free function.
// - Every failing call throws oware::Error, a std::runtime_error carrying
//   the oware_result (code()) and a message (what()): the code's message,
//   or the reason the library writes to a call's error-message buffer
//   (e.g. "invalid position: ...", or a file's path and what is wrong
//   with it), or for an illegal move "illegal move C: house is empty".
// - Caller-owned buffers become std::string and std::vector; a move is the
//   pit index of its origin house (uint8_t `pit`: 0..2n-1, South's houses
//   first), as in the C API; enums and structs are the C ones (oware_side,
//   oware_outcome, oware_search_limits, ...).
// - Threads: as the C API. A const Game may be read from several threads;
//   Stop::request is safe from any thread; an EndgameDatabase may be shared.
//
// Link with -loware_ffi (pkg-config oware_ffi, or CMake's oware_ffi::oware_ffi).
#ifndef OWARE_HPP
#define OWARE_HPP

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "oware.h"

namespace oware {

// The static message of a result code, e.g. "the game is over".
inline std::string result_message(oware_result code) {
  return oware_result_message(static_cast<uint32_t>(code));
}

// A failed call: the result code, and what went wrong (what()).
class Error : public std::runtime_error {
 public:
  // The code with its static message.
  explicit Error(oware_result code) : Error(code, result_message(code)) {}
  // The code with a message: the reason the library wrote, or the caller's.
  Error(oware_result code, const std::string& message)
      : std::runtime_error(message), code_(code) {}
  oware_result code() const noexcept { return code_; }

 private:
  oware_result code_;
};

// Throws Error(result) unless it is OWARE_RESULT_OK.
inline void check(oware_result result) {
  if (result != OWARE_RESULT_OK) throw Error(result);
}

// The library's version, e.g. "0.1.0" (OWARE_VERSION is the header's).
inline std::string version() { return oware_version(); }

// The names of the presets: "abapa", "openspiel", "awale", "kalah", ...
inline std::vector<std::string> variant_names() {
  std::vector<std::string> names;
  for (size_t i = 0; const char* name = oware_variant_name(i); i++) names.emplace_back(name);
  return names;
}

// How level `level` (1 to 5) plays, for a menu, e.g. "looks 4 plies ahead";
// throws Error (OWARE_RESULT_INVALID_ARGUMENT) for another level.
inline std::string level_description(uint32_t level) {
  const char* text = oware_level_description(level);
  if (text == nullptr) throw Error(OWARE_RESULT_INVALID_ARGUMENT, "level must be 1 to 5");
  return text;
}

// The message of why a move is illegal, e.g. "house is empty".
inline std::string illegal_move_reason_message(oware_illegal_move_reason reason) {
  return oware_illegal_move_reason_message(static_cast<uint32_t>(reason));
}

// Why text does not parse as `kind` (an oware_text_kind), or "" if it does.
inline std::string text_error(oware_text_kind kind, const std::string& text) {
  size_t n = 0;
  oware_result result = oware_text_check(kind, text.c_str(), nullptr, 0, &n);
  if (result != OWARE_RESULT_INSUFFICIENT_SIZE) check(result);
  std::string message(n, '\0');
  result = oware_text_check(kind, text.c_str(), message.data(), message.size(), &n);
  if (result != OWARE_RESULT_OK && result != OWARE_RESULT_PARSE_ERROR) throw Error(result);
  message.resize(n);
  return message;
}

namespace detail {

// Calls f(buf, len, &n) twice: for the size, then for the items.
template <class T, class F>
std::vector<T> read_list(F f) {
  size_t n = 0;
  oware_result result = f(nullptr, 0, &n);
  if (result == OWARE_RESULT_OK) return {};
  if (result != OWARE_RESULT_INSUFFICIENT_SIZE) throw Error(result);
  std::vector<T> items(n);
  check(f(items.data(), items.size(), &n));
  items.resize(n);
  return items;
}

// The same for a NUL-terminated string.
template <class F>
std::string read_string(F f) {
  size_t n = 0;
  oware_result result = f(nullptr, 0, &n);
  if (result != OWARE_RESULT_INSUFFICIENT_SIZE) check(result);
  std::string text(n, '\0');
  check(f(text.data(), text.size(), &n));
  text.resize(n);
  return text;
}

// Calls f(err, err_len) with an error-message buffer, and throws Error with
// the code and the message the call wrote unless it succeeds.
template <class F>
void check_detail(F f) {
  char err[OWARE_ERROR_SIZE] = "";
  const oware_result result = f(err, sizeof err);
  if (result != OWARE_RESULT_OK) throw Error(result, err);
}

// A unique_ptr deleter calling the C API's _free function.
template <class T, void (*Free)(T*)>
struct Deleter {
  void operator()(T* p) const noexcept { Free(p); }
};

template <class T, void (*Free)(T*)>
using Handle = std::unique_ptr<T, Deleter<T, Free>>;

// A handle made by a C function writing it to `T** out`.
template <class T, void (*Free)(T*), class F>
Handle<T, Free> make(F f) {
  T* raw = nullptr;
  check(f(&raw));
  return Handle<T, Free>(raw);
}

}  // namespace detail

// A stop flag: request() (from any thread, or a signal handler through
// get()) ends the calls and searches given it with OWARE_RESULT_STOPPED, or
// a search's best move so far. It stays set until reset().
class Stop {
 public:
  Stop() : stop_(detail::make<oware_stop, oware_stop_free>([](oware_stop** out) {
             return oware_stop_new(out);
           })) {}
  void request() const { check(oware_stop_request(get())); }
  void reset() const { check(oware_stop_reset(get())); }
  bool is_requested() const {
    bool stopped = false;
    check(oware_stop_is_requested(get(), &stopped));
    return stopped;
  }
  const oware_stop* get() const noexcept { return stop_.get(); }

 private:
  detail::Handle<oware_stop, oware_stop_free> stop_;
};

// What a move did: the summary and its lists.
struct Report {
  oware_move_report summary;
  std::vector<uint8_t> sown;            // pit indices, one a seed, in order
  std::vector<oware_capture> captures;  // in the order taken
  std::vector<oware_relay> relays;      // Congkak's relay sowing
};

// A game with its history and record tags; copyable (a deep copy), movable.
class Game {
 public:
  // A game from the start of a ruleset: "abapa", "kalah(6,5)", "congkak", ...
  // Throws Error(OWARE_RESULT_PARSE_ERROR, why) for text that is no ruleset.
  explicit Game(const std::string& ruleset = "abapa") : game_(from_text(oware_game_new, ruleset)) {}
  // A game from a position string, e.g. "4,4,4,4,4,4/4,4,4,4,4,4 s 0 0".
  static Game from_position(const std::string& position) {
    return Game(from_text(oware_game_from_position, position));
  }
  // A game from a record (tags and movetext) or a move string ("CfBa").
  static Game from_record(const std::string& record) {
    return Game(from_text(oware_game_from_record, record));
  }

  Game(const Game& other)
      : game_(detail::make<oware_game, oware_game_free>(
            [&](oware_game** out) { return oware_game_clone(other.get(), out); })) {}
  Game& operator=(const Game& other) {
    if (this != &other) *this = Game(other);
    return *this;
  }
  Game(Game&&) noexcept = default;
  Game& operator=(Game&&) noexcept = default;
  ~Game() = default;

  const oware_game* get() const noexcept { return game_.get(); }
  oware_game* get() noexcept { return game_.get(); }

  size_t houses_per_side() const { return oware_game_houses_per_side(get()); }
  size_t ply() const { return oware_game_ply(get()); }
  oware_side turn() const {
    oware_side side = OWARE_SIDE_SOUTH;
    check(oware_game_turn(get(), &side));
    return side;
  }
  // Seeds by pit index: South's houses, North's houses, South's store, North's.
  std::vector<uint8_t> board() const {
    return detail::read_list<uint8_t>(
        [this](uint8_t* b, size_t l, size_t* n) { return oware_game_board(get(), b, l, n); });
  }
  std::vector<uint8_t> legal_moves() const {
    return detail::read_list<uint8_t>(
        [this](uint8_t* b, size_t l, size_t* n) { return oware_game_legal_moves(get(), b, l, n); });
  }
  // The moves played, in order.
  std::vector<uint8_t> moves() const {
    return detail::read_list<uint8_t>(
        [this](uint8_t* b, size_t l, size_t* n) { return oware_game_moves(get(), b, l, n); });
  }
  // Why the move is illegal; OWARE_ILLEGAL_MOVE_REASON_NONE when it is legal.
  oware_illegal_move_reason check_move(uint8_t pit) const {
    oware_illegal_move_reason reason = OWARE_ILLEGAL_MOVE_REASON_NONE;
    oware_result result = oware_game_check_move(get(), pit, &reason);
    if (result != OWARE_RESULT_OK && result != OWARE_RESULT_ILLEGAL_MOVE &&
        result != OWARE_RESULT_GAME_OVER)
      throw Error(result);
    return reason;
  }
  // Plays the move; an illegal one throws Error(OWARE_RESULT_ILLEGAL_MOVE,
  // "illegal move C: house is empty") and leaves the game unchanged.
  Report play(uint8_t pit) {
    oware_move_report summary;
    oware_illegal_move_reason reason = OWARE_ILLEGAL_MOVE_REASON_NONE;
    const oware_result result = oware_game_play(get(), pit, &summary, &reason);
    throw_if_illegal(result, pit, reason);
    check(result);
    return report(summary.ply);
  }
  // The move explained in the field's words, without playing it: "C sows 4
  // seeds into D, E, F, a; the last seed makes a 5". An illegal move throws
  // as play() does.
  std::string explain(uint8_t pit) const {
    size_t n = 0;
    oware_illegal_move_reason reason = OWARE_ILLEGAL_MOVE_REASON_NONE;
    const oware_result result = oware_game_explain(get(), pit, nullptr, 0, &n, &reason);
    throw_if_illegal(result, pit, reason);
    return detail::read_string([this, pit](char* b, size_t l, size_t* k) {
      return oware_game_explain(get(), pit, b, l, k, nullptr);
    });
  }
  // The report of ply `ply` (from 1 to ply()).
  Report report(size_t ply) const {
    Report r{};
    check(oware_game_report(get(), ply, &r.summary));
    r.sown = detail::read_list<uint8_t>([&](uint8_t* b, size_t l, size_t* n) {
      return oware_game_report_sown(get(), ply, b, l, n);
    });
    r.captures = detail::read_list<oware_capture>([&](oware_capture* b, size_t l, size_t* n) {
      return oware_game_report_captures(get(), ply, b, l, n);
    });
    r.relays = detail::read_list<oware_relay>([&](oware_relay* b, size_t l, size_t* n) {
      return oware_game_report_relays(get(), ply, b, l, n);
    });
    return r;
  }
  // The move taken back, or nullopt when an agreement was.
  std::optional<uint8_t> undo() {
    uint8_t pit = OWARE_NO_MOVE;
    check(oware_game_undo(get(), &pit));
    if (pit == OWARE_NO_MOVE) return std::nullopt;
    return pit;
  }
  oware_outcome outcome() const {
    oware_outcome outcome;
    check(oware_game_outcome(get(), &outcome));
    return outcome;
  }
  bool is_over() const { return outcome().termination != OWARE_TERMINATION_NONE; }
  oware_outcome end_by_agreement() {
    oware_outcome outcome;
    check(oware_game_end_by_agreement(get(), &outcome));
    return outcome;
  }
  // Bit k set: `side`'s house k (A or a for 0) is under threat.
  uint32_t threats(oware_side side) const {
    uint32_t mask = 0;
    check(oware_game_threats(get(), side, &mask));
    return mask;
  }
  std::string position() const {
    return detail::read_string(
        [this](char* b, size_t l, size_t* n) { return oware_game_position_to_str(get(), b, l, n); });
  }
  std::string record() const {
    return detail::read_string(
        [this](char* b, size_t l, size_t* n) { return oware_game_record_to_str(get(), b, l, n); });
  }
  std::string ruleset() const {
    return detail::read_string(
        [this](char* b, size_t l, size_t* n) { return oware_game_ruleset_to_str(get(), b, l, n); });
  }
  // Throws Error(result, "illegal move C: house is empty") when `result`
  // says the move at `pit` cannot be played, for `reason`.
  void throw_if_illegal(oware_result result, uint8_t pit, oware_illegal_move_reason reason) const {
    if (result == OWARE_RESULT_ILLEGAL_MOVE || result == OWARE_RESULT_GAME_OVER) {
      const std::string name = pit < 2 * houses_per_side() ? move_name(pit) : std::to_string(pit);
      throw Error(result, "illegal move " + name + ": " + illegal_move_reason_message(reason));
    }
  }
  // The letter of the move at `pit`: "A".., "a"...
  std::string move_name(uint8_t pit) const {
    return detail::read_string([&](char* b, size_t l, size_t* n) {
      return oware_game_move_to_str(get(), pit, b, l, n);
    });
  }
  // The pit of a move letter ("C", "f"); Error(OWARE_RESULT_PARSE_ERROR, why) for any other text.
  uint8_t parse_move(const std::string& letter) const {
    uint8_t pit = OWARE_NO_MOVE;
    detail::check_detail([&](char* e, size_t l) {
      return oware_game_move_from_str(get(), letter.c_str(), &pit, e, l);
    });
    return pit;
  }
  // The record tag `name` as record() writes it, or nullopt when there is none.
  std::optional<std::string> tag(const std::string& name) const {
    size_t n = 0;
    char err[OWARE_ERROR_SIZE] = "";
    oware_result result = oware_game_tag(get(), name.c_str(), nullptr, 0, &n, err, sizeof err);
    if (result == OWARE_RESULT_NO_SUCH_TAG) return std::nullopt;
    if (result != OWARE_RESULT_INSUFFICIENT_SIZE && result != OWARE_RESULT_OK) throw Error(result, err);
    return detail::read_string([&](char* b, size_t l, size_t* out) {
      return oware_game_tag(get(), name.c_str(), b, l, out, nullptr, 0);
    });
  }
  // Error(OWARE_RESULT_INVALID_TAG, why) for a tag the game refuses.
  void set_tag(const std::string& name, const std::string& value) { write_tag(name, value.c_str()); }
  void remove_tag(const std::string& name) { write_tag(name, nullptr); }
  // The move paths of `depth` plies (perft).
  uint64_t perft(uint32_t depth) const {
    uint64_t nodes = 0;
    check(oware_game_perft(get(), depth, &nodes));
    return nodes;
  }
  // As perft(depth); Error(OWARE_RESULT_STOPPED) once `stop` is requested.
  uint64_t perft(uint32_t depth, const Stop& stop) const {
    uint64_t nodes = 0;
    check(oware_game_perft_with_stop(get(), depth, stop.get(), &nodes));
    return nodes;
  }

 private:
  using Handle = detail::Handle<oware_game, oware_game_free>;
  explicit Game(Handle game) : game_(std::move(game)) {}
  static Handle from_text(oware_result (*f)(const char*, oware_game**, char*, size_t),
                          const std::string& text) {
    oware_game* game = nullptr;
    detail::check_detail([&](char* e, size_t l) { return f(text.c_str(), &game, e, l); });
    return Handle(game);
  }
  // Sets the tag to `value`, or removes it when `value` is NULL.
  void write_tag(const std::string& name, const char* value) {
    detail::check_detail(
        [&](char* e, size_t l) { return oware_game_set_tag(get(), name.c_str(), value, e, l); });
  }
  Handle game_;
};

// The engine with its transposition table; movable, not copyable.
class Searcher {
 public:
  // A table of `tt_entries` entries (16 bytes each), 1 to OWARE_SEARCHER_MAX_ENTRIES;
  // another size throws why, e.g. "tt_entries must be 1 to 67108864, not 0".
  explicit Searcher(size_t tt_entries = size_t{1} << 20) : searcher_(create(tt_entries)) {}
  // Searches within `limits`; all zeros is the library's default
  // (OWARE_DEFAULT_SEARCH_DEPTH plies or OWARE_DEFAULT_SEARCH_NODES positions).
  // Limits refused throw why, e.g. "depth must be 1 to 64, not 65".
  oware_search_result search(const Game& game, const oware_search_limits& limits) {
    check_limits(limits);
    oware_search_result result;
    check(oware_searcher_search(get(), game.get(), &limits, &result));
    return result;
  }
  // Every legal move and its score, best first.
  std::vector<oware_move_score> analyse(const Game& game, const oware_search_limits& limits) {
    check_limits(limits);
    std::vector<oware_move_score> scores(OWARE_MAX_HOUSES);
    size_t n = 0;
    check(oware_searcher_analyse(get(), game.get(), &limits, scores.data(), scores.size(), &n));
    scores.resize(n);
    return scores;
  }
  void clear() { check(oware_searcher_clear(get())); }
  // Searches end at their last completed iteration once `stop` is requested.
  void set_stop(const Stop& stop) { check(oware_searcher_set_stop(get(), stop.get())); }
  oware_searcher* get() const noexcept { return searcher_.get(); }

 private:
  using Handle = detail::Handle<oware_searcher, oware_searcher_free>;
  // A searcher, or throws why the size is refused, in the library's words.
  static Handle create(size_t tt_entries) {
    detail::check_detail([&](char* e, size_t l) { return oware_searcher_entries_check(tt_entries, e, l); });
    return detail::make<oware_searcher, oware_searcher_free>(
        [&](oware_searcher** out) { return oware_searcher_new(tt_entries, out); });
  }
  // Throws why `limits` are refused, in the library's words.
  static void check_limits(const oware_search_limits& limits) {
    detail::check_detail([&](char* e, size_t l) { return oware_search_limits_check(&limits, e, l); });
  }
  Handle searcher_;
};

// What an endgame database says of a position: its value and best moves.
struct Probe {
  oware_probe_result result;
  std::vector<uint8_t> best_moves;  // pit indices, best first
};

// An endgame database of an Oware ruleset; movable, not copyable. Players
// given it keep their own reference, so it may go before they do.
class EndgameDatabase {
 public:
  // The layers in directory `dir` (even-00.owdb, ... or own-00.owdb, ...).
  static EndgameDatabase load_dir(const std::string& dir, const std::string& ruleset,
                          oware_convention convention) {
    return made([&](oware_endgame_database** out, char* e, size_t l) {
      return oware_endgame_load_dir(dir.c_str(), ruleset.c_str(), convention, out, e, l);
    });
  }
  // A database saved in one file by save().
  static EndgameDatabase load(const std::string& path) {
    return made([&](oware_endgame_database** out, char* e, size_t l) {
      return oware_endgame_load(path.c_str(), out, e, l);
    });
  }
  // Builds the layers of 0 to `max_seeds` seeds on every core.
  static EndgameDatabase build(const std::string& ruleset, oware_convention convention, uint32_t max_seeds) {
    return made([&](oware_endgame_database** out, char* e, size_t l) {
      return oware_endgame_build(ruleset.c_str(), convention, max_seeds, out, e, l);
    });
  }
  // As build(); Error(OWARE_RESULT_STOPPED) once `stop` is requested.
  static EndgameDatabase build(const std::string& ruleset, oware_convention convention, uint32_t max_seeds,
                       const Stop& stop) {
    return made([&](oware_endgame_database** out, char* e, size_t l) {
      return oware_endgame_build_with_stop(ruleset.c_str(), convention, max_seeds, stop.get(), out, e, l);
    });
  }

  // The most seeds of a position it holds; OWARE_ENDGAME_NO_LAYERS for none.
  uint8_t max_seeds() const {
    uint8_t seeds = 0;
    check(oware_endgame_max_seeds(get(), &seeds));
    return seeds;
  }
  oware_convention convention() const {
    oware_convention convention = OWARE_CONVENTION_EVEN_SPLIT;
    check(oware_endgame_convention(get(), &convention));
    return convention;
  }
  // The text of the ruleset it was built for, e.g. "abapa".
  std::string ruleset() const {
    return detail::read_string([this](char* b, size_t l, size_t* n) {
      return oware_endgame_ruleset_to_str(get(), b, l, n);
    });
  }
  // Saves every layer to one file, which load() reads back.
  void save(const std::string& path) const {
    detail::check_detail([&](char* e, size_t l) { return oware_endgame_save(get(), path.c_str(), e, l); });
  }
  // The value and best moves of the game's position.
  Probe probe(const Game& game) const {
    Probe probe{};
    probe.best_moves.resize(OWARE_MAX_HOUSES);
    size_t n = 0;
    check(oware_endgame_probe(get(), game.get(), &probe.result, probe.best_moves.data(),
                              probe.best_moves.size(), &n));
    probe.best_moves.resize(n);
    return probe;
  }
  const oware_endgame_database* get() const noexcept { return endgame_.get(); }

 private:
  explicit EndgameDatabase(oware_endgame_database* endgame) : endgame_(endgame) {}
  // The database f(&out, err, err_len) makes, or Error with its message.
  template <class F>
  static EndgameDatabase made(F f) {
    oware_endgame_database* endgame = nullptr;
    detail::check_detail([&](char* e, size_t l) { return f(&endgame, e, l); });
    return EndgameDatabase(endgame);
  }
  detail::Handle<oware_endgame_database, oware_endgame_free> endgame_;
};

// A level of play, 1 to 5; movable, not copyable.
class Player {
 public:
  // Random choices follow `seed`; `reproducible` makes level 5 search a
  // fixed number of positions on one thread instead of a second.
  Player(uint32_t level, uint64_t seed, bool reproducible = false)
      : player_(detail::make<oware_player, oware_player_free>([&](oware_player** out) {
          return oware_player_new(level, seed, reproducible, out);
        })) {}
  uint8_t choose(const Game& game) {
    uint8_t pit = OWARE_NO_MOVE;
    check(oware_player_choose(get(), game.get(), &pit));
    return pit;
  }
  // Milliseconds a move (1 to 86 400 000) for levels 3 to 5.
  // Throws why a budget is refused, in the library's words.
  void set_time_budget(uint64_t ms) {
    detail::check_detail([&](char* e, size_t l) { return oware_player_time_budget_check(ms, e, l); });
    check(oware_player_set_time_budget(get(), ms));
  }
  // Threads a search runs on, 1 to 64.
  void set_threads(uint32_t threads) { check(oware_player_set_threads(get(), threads)); }
  // Level 5's opening book, on by default; throws when turned on for
  // another level, which has none.
  void set_book(bool on) { check(oware_player_set_book(get(), on)); }
  // The endgame databases level 5 builds itself, on by default.
  void set_auto_endgame(bool on) { check(oware_player_set_auto_endgame(get(), on)); }
  // Searches end with their first iteration's move once `stop` is requested.
  void set_stop(const Stop& stop) { check(oware_player_set_stop(get(), stop.get())); }
  // Level 5 plays perfectly where `endgame` holds an exact, safe value.
  void set_endgame(const EndgameDatabase& endgame) { check(oware_player_set_endgame(get(), endgame.get())); }
  oware_player* get() const noexcept { return player_.get(); }

 private:
  detail::Handle<oware_player, oware_player_free> player_;
};

}  // namespace oware

#endif  // OWARE_HPP
