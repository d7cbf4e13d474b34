// oware.hpp: a small C++17 RAII wrapper over the C API of include/oware.h.
//
// Handles are owned by std::unique_ptr with the matching _free function, a
// Game copies with oware_game_clone, every failing call throws oware::Error
// (its code() is the oware_result), and the caller-owned buffers of the C
// API become std::string and std::vector.
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

// A failed call: the result code and its static message.
class Error : public std::runtime_error {
 public:
  explicit Error(oware_result code)
      : std::runtime_error(oware_result_message(static_cast<uint32_t>(code))), code_(code) {}
  oware_result code() const noexcept { return code_; }

 private:
  oware_result code_;
};

inline void check(oware_result result) {
  if (result != OWARE_RESULT_OK) throw Error(result);
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

struct GameFree {
  void operator()(oware_game* game) const noexcept { oware_game_free(game); }
};
struct SearcherFree {
  void operator()(oware_searcher* searcher) const noexcept { oware_searcher_free(searcher); }
};
struct PlayerFree {
  void operator()(oware_player* player) const noexcept { oware_player_free(player); }
};

}  // namespace detail

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

// What a move did: the summary and its lists.
struct Report {
  oware_move_report summary;
  std::vector<uint8_t> sown;            // pit indices, one a seed, in order
  std::vector<oware_capture> captures;  // in the order taken
  std::vector<oware_relay> relays;      // Congkak's relay sowing
};

// A game with its history; copyable (a deep copy), movable.
class Game {
 public:
  // A game from the start of a ruleset: "abapa", "kalah(6,5)", "congkak", ...
  explicit Game(const std::string& ruleset = "abapa") {
    oware_game* game = nullptr;
    check(oware_game_new(ruleset.c_str(), &game));
    game_.reset(game);
  }
  static Game from_position(const std::string& position) {
    oware_game* game = nullptr;
    check(oware_game_from_position(position.c_str(), &game));
    return Game(game);
  }
  static Game from_record(const std::string& record) {
    oware_game* game = nullptr;
    check(oware_game_from_record(record.c_str(), &game));
    return Game(game);
  }

  Game(const Game& other) {
    oware_game* game = nullptr;
    check(oware_game_clone(other.get(), &game));
    game_.reset(game);
  }
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
  std::vector<uint8_t> moves() const {
    return detail::read_list<uint8_t>(
        [this](uint8_t* b, size_t l, size_t* n) { return oware_game_moves(get(), b, l, n); });
  }
  // OWARE_ILLEGAL_MOVE_REASON_NONE when the move is legal.
  oware_illegal_move_reason check_move(uint8_t house) const {
    oware_illegal_move_reason reason = OWARE_ILLEGAL_MOVE_REASON_NONE;
    oware_result result = oware_game_check_move(get(), house, &reason);
    if (result != OWARE_RESULT_OK && result != OWARE_RESULT_ILLEGAL_MOVE &&
        result != OWARE_RESULT_GAME_OVER)
      throw Error(result);
    return reason;
  }
  Report play(uint8_t house) {
    oware_move_report summary;
    check(oware_game_play(get(), house, &summary));
    return report(summary.ply);
  }
  // The report of ply `ply` (from 1).
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
    uint8_t house = OWARE_NO_MOVE;
    check(oware_game_undo(get(), &house));
    if (house == OWARE_NO_MOVE) return std::nullopt;
    return house;
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
  // Bit i set: absolute house i of `side` is under threat.
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
  std::string move_name(uint8_t house) const {
    return detail::read_string([&](char* b, size_t l, size_t* n) {
      return oware_game_move_to_str(get(), house, b, l, n);
    });
  }
  uint8_t parse_move(const std::string& letter) const {
    uint8_t house = OWARE_NO_MOVE;
    check(oware_game_move_from_str(get(), letter.c_str(), &house));
    return house;
  }
  void set_tag(const std::string& name, const std::string& value) {
    check(oware_game_set_tag(get(), name.c_str(), value.c_str()));
  }
  void remove_tag(const std::string& name) { check(oware_game_set_tag(get(), name.c_str(), nullptr)); }
  uint64_t perft(uint32_t depth) const {
    uint64_t nodes = 0;
    check(oware_game_perft(get(), depth, &nodes));
    return nodes;
  }

 private:
  explicit Game(oware_game* game) : game_(game) {}
  std::unique_ptr<oware_game, detail::GameFree> game_;
};

// The engine with its transposition table; movable, not copyable.
class Searcher {
 public:
  explicit Searcher(size_t tt_entries = size_t{1} << 20) {
    oware_searcher* searcher = nullptr;
    check(oware_searcher_new(tt_entries, &searcher));
    searcher_.reset(searcher);
  }
  oware_search_result search(const Game& game, const oware_search_limits& limits) {
    oware_search_result result;
    check(oware_searcher_search(searcher_.get(), game.get(), &limits, &result));
    return result;
  }
  // Every legal move and its score, best first.
  std::vector<oware_move_score> analyse(const Game& game, const oware_search_limits& limits) {
    std::vector<oware_move_score> scores(OWARE_MAX_HOUSES);
    size_t n = 0;
    check(oware_searcher_analyse(searcher_.get(), game.get(), &limits, scores.data(), scores.size(),
                                 &n));
    scores.resize(n);
    return scores;
  }
  void clear() { check(oware_searcher_clear(searcher_.get())); }

 private:
  std::unique_ptr<oware_searcher, detail::SearcherFree> searcher_;
};

// A level of play, 1 to 5; movable, not copyable.
class Player {
 public:
  Player(uint32_t level, uint64_t seed, bool reproducible = false) {
    oware_player* player = nullptr;
    check(oware_player_new(level, seed, reproducible, &player));
    player_.reset(player);
  }
  uint8_t choose(const Game& game) {
    uint8_t house = OWARE_NO_MOVE;
    check(oware_player_choose(player_.get(), game.get(), &house));
    return house;
  }

 private:
  std::unique_ptr<oware_player, detail::PlayerFree> player_;
};

}  // namespace oware

#endif  // OWARE_HPP
