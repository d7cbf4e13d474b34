// play.cpp: a whole game against the engine through the C++17 wrapper
// include/oware.hpp (over include/oware.h). The ruleset is the first argument
// ("abapa" by default; "kalah", "congkak(5,5)", ... work too).
//
// You are South (the bottom row): type a house letter and Enter, or "hint".
// When the input ends (e.g. `< /dev/null`), a greedy player (level 2)
// moves for you, so the game always finishes. The engine is level 4.
//
// Build and run from the repository root:
//
//   cargo build -p oware-ffi
//   c++ -std=c++17 -Wall -Wextra -Werror -pedantic -Iinclude examples/cpp/play.cpp
//       target/debug/liboware_ffi.a -lpthread -ldl -lm -o target/play_cpp   (one line)
//   target/play_cpp kalah

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

#include "oware.hpp"

namespace {

// The board as South sees it; houses North could capture next are starred.
void draw(const oware::Game& game) {
  const auto pits = game.board();
  const size_t h = game.houses_per_side();
  // South's houses are pits 0..h, so bit i is pit i.
  const uint32_t threatened = game.threats(OWARE_SIDE_SOUTH);
  auto cell = [&](size_t i) {
    std::string text = std::to_string(pits[i]);
    if (threatened & (1u << i)) text += '*';
    return std::string(4 - std::min<size_t>(text.size(), 3), ' ') + text;
  };
  std::cout << "\n     ";
  for (size_t i = 2 * h; i-- > h;) std::cout << "   " << game.move_name(static_cast<uint8_t>(i));
  std::cout << "\n     ";
  for (size_t i = 2 * h; i-- > h;) std::cout << cell(i);
  std::cout << "\n  " << std::to_string(pits[2 * h + 1]) << std::string(4 * h + 4, ' ')
            << std::to_string(pits[2 * h]) << "\n     ";
  for (size_t i = 0; i < h; i++) std::cout << cell(i);
  std::cout << "\n     ";
  for (size_t i = 0; i < h; i++) std::cout << "   " << game.move_name(static_cast<uint8_t>(i));
  std::cout << "\n\n";
}

std::string describe(const oware::Game& game, const oware::Report& report) {
  std::string text = game.move_name(report.summary.played) + ":";
  const size_t h = game.houses_per_side();
  for (uint8_t pit : report.sown)
    text += ' ' + (pit < 2 * h ? game.move_name(pit) : pit == 2 * h ? "S*" : "N*");
  for (const oware_capture& c : report.captures)
    text += ", takes " + std::to_string(c.seeds) + " from " + game.move_name(c.pit);
  if (report.summary.grand_slam) text += ", a grand slam: no capture";
  if (report.summary.fed) text += ", feeds the opponent";
  if (report.summary.extra_turn) text += ", moves again";
  return text;
}

std::string score_text(const oware_score& score) {
  switch (score.kind) {
    case OWARE_SCORE_KIND_WIN: return "win in " + std::to_string(score.plies);
    case OWARE_SCORE_KIND_LOSS: return "loss in " + std::to_string(score.plies);
    default: {
      char text[32];
      std::snprintf(text, sizeof text, "%+.2f", score.centiseeds / 100.0);
      return text;
    }
  }
}

// A game of `ruleset`; a text that is no ruleset ends the program with
// the library's reason ("invalid ruleset text: ...").
oware::Game new_game(const std::string& ruleset) {
  try {
    return oware::Game(ruleset);
  } catch (const oware::Error& e) {
    std::cerr << e.what() << "\n";
    std::exit(2);
  }
}

}  // namespace

int main(int argc, char** argv) {
  const std::string ruleset = argc > 1 ? argv[1] : "abapa";
  try {
    oware::Game game = new_game(ruleset);
    game.set_tag("South", "you");
    game.set_tag("North", "oware level 4");
    oware::Player engine(4, 1);
    oware::Player autopilot(2, 2, true);
    oware::Searcher hints;
    bool interactive = true;

    while (!game.is_over()) {
      uint8_t pit = OWARE_NO_MOVE;
      if (game.turn() == OWARE_SIDE_NORTH) {
        pit = engine.choose(game);
      } else {
        if (interactive) draw(game);
        while (interactive && pit == OWARE_NO_MOVE) {
          std::cout << "your move: " << std::flush;
          std::string line;
          if (!std::getline(std::cin, line)) {
            interactive = false;
          } else if (line == "hint") {
            for (const oware_move_score& s : hints.analyse(game, {6, 0, 1000}))
              std::cout << "  " << game.move_name(s.pit) << " " << score_text(s.score) << "\n";
          } else {
            try {
              const uint8_t m = game.parse_move(line);
              const oware_illegal_move_reason why = game.check_move(m);
              if (why == OWARE_ILLEGAL_MOVE_REASON_NONE) {
                pit = m;
              } else {
                std::cout << line << ": " << oware_illegal_move_reason_message(why) << "\n";
              }
            } catch (const oware::Error& e) {  // OWARE_RESULT_PARSE_ERROR, and why
              std::cout << e.what() << " (type a house letter, or hint)\n";
            }
          }
        }
        if (pit == OWARE_NO_MOVE) pit = autopilot.choose(game);
      }
      const oware::Report report = game.play(pit);
      std::cout << report.summary.ply << ". " << describe(game, report) << "\n";
    }

    draw(game);
    const oware_outcome outcome = game.outcome();
    std::cout << (outcome.winner == OWARE_WINNER_SOUTH   ? "You win"
                  : outcome.winner == OWARE_WINNER_NORTH ? "The engine wins"
                                                         : "A draw")
              << ", " << int{outcome.south_score} << "-" << int{outcome.north_score} << ".\n\n"
              << game.record();

    // The record reads back into the same game; copies are independent.
    oware::Game replay = oware::Game::from_record(game.record());
    oware::Game copy = replay;
    copy.undo();
    if (replay.ply() != game.ply() || copy.ply() + 1 != replay.ply()) return 1;
  } catch (const oware::Error& e) {
    std::cerr << "oware: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
