/*
 * play.c: a whole game of Oware (Abapa rules) against the engine, through
 * the C API of include/oware.h.
 *
 * You are South (houses A-F, the bottom row); type a house letter and
 * Enter. When the input ends (e.g. `< /dev/null`), a beginner (level 1)
 * moves for you, so the game always finishes.
 *
 * Build and run from the repository root:
 *
 *   cargo build -p oware-ffi
 *   cc -std=c11 -Wall -Wextra -Werror -pedantic -Iinclude examples/c/play.c \
 *      target/debug/liboware_ffi.a -lpthread -ldl -lm -o target/play_c
 *   target/play_c
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oware.h"

/* Every fallible call returns an oware_result; stop on anything else. */
static void check(oware_result result, const char *what) {
  if (result != OWARE_RESULT_OK) {
    fprintf(stderr, "%s: %s\n", what, oware_result_message((uint32_t)result));
    exit(EXIT_FAILURE);
  }
}

/* Draws the board as South sees it: North's row on top, right to left. */
static void draw(const oware_game *game) {
  uint8_t pits[OWARE_MAX_PITS]; /* seeds by pit index: the houses, then the stores */
  size_t n = 0;
  check(oware_game_board(game, pits, sizeof pits, &n), "board");
  size_t h = oware_game_houses_per_side(game);
  printf("\n     ");
  for (size_t i = 2 * h; i-- > h;) printf("%3c", (int)('a' + (i - h)));
  printf("\n     ");
  for (size_t i = 2 * h; i-- > h;) printf("%3u", pits[i]);
  printf("\n  %3u%*s%3u\n     ", pits[2 * h + 1], (int)(3 * h), "", pits[2 * h]);
  for (size_t i = 0; i < h; i++) printf("%3u", pits[i]);
  printf("\n     ");
  for (size_t i = 0; i < h; i++) printf("%3c", (int)('A' + i));
  printf("\n\n");
}

/* Reads your move, as the pit index of its house; OWARE_NO_MOVE at the end
 * of the input. */
static uint8_t ask(const oware_game *game) {
  char line[64];
  for (;;) {
    printf("your move (A-F): ");
    fflush(stdout);
    if (fgets(line, sizeof line, stdin) == NULL) return OWARE_NO_MOVE;
    line[strcspn(line, "\r\n")] = '\0';
    uint8_t pit = 0;
    oware_illegal_move_reason reason = OWARE_ILLEGAL_MOVE_REASON_NONE;
    char err[OWARE_ERROR_SIZE]; /* why the text is refused, from the library */
    if (oware_game_move_from_str(game, line, &pit, err, sizeof err) != OWARE_RESULT_OK) {
      printf("%s: %s\n", line, err);
    } else if (oware_game_check_move(game, pit, &reason) != OWARE_RESULT_OK) {
      /* The reason comes as a code with a static message. */
      printf("%s: %s\n", line, oware_illegal_move_reason_message((uint32_t)reason));
    } else {
      return pit;
    }
  }
}

int main(void) {
  /* The game (a handle we own and free at the end), the engine with a
   * 1 Mi-entry table, and the beginner that plays for you at end of input. */
  oware_game *game = NULL;
  oware_searcher *engine = NULL;
  oware_player *autopilot = NULL;
  char err[OWARE_ERROR_SIZE];
  if (oware_game_new("abapa", &game, err, sizeof err) != OWARE_RESULT_OK) {
    fprintf(stderr, "new game: %s\n", err); /* e.g. "invalid ruleset text: ..." */
    return EXIT_FAILURE;
  }
  check(oware_searcher_new((size_t)1 << 20, &engine), "new searcher");
  check(oware_player_new(1, 2024, true, &autopilot), "new player");
  /* The engine thinks 6 plies deep, or for at most half a second. */
  const oware_search_limits limits = {.depth = 6, .nodes = 0, .time_ms = 500};
  int interactive = 1;

  oware_outcome outcome;
  check(oware_game_outcome(game, &outcome), "outcome");
  while (outcome.termination == OWARE_TERMINATION_NONE) {
    oware_side side;
    check(oware_game_turn(game, &side), "turn");
    uint8_t pit = OWARE_NO_MOVE;
    if (side == OWARE_SIDE_SOUTH) {
      if (interactive) draw(game);
      if (interactive && (pit = ask(game)) == OWARE_NO_MOVE) interactive = 0;
      if (pit == OWARE_NO_MOVE) check(oware_player_choose(autopilot, game, &pit), "autopilot");
    } else {
      oware_search_result result;
      check(oware_searcher_search(engine, game, &limits, &result), "search");
      pit = result.best_move;
    }

    /* Play it and say what it did: the move report. */
    oware_move_report report;
    check(oware_game_play(game, pit, &report, NULL), "play");
    char letter[2];
    size_t n = 0;
    check(oware_game_move_to_str(game, pit, letter, sizeof letter, &n), "letter");
    printf("%3zu. %s %s sows %zu", report.ply, side == OWARE_SIDE_SOUTH ? "South" : "North",
           letter, report.sown_len);
    if (report.captured_seeds > 0) printf(", captures %u", report.captured_seeds);
    if (report.grand_slam) printf(", a grand slam: no capture");
    if (report.fed) printf(", feeds the opponent");
    printf("\n");
    outcome = report.outcome;
  }

  draw(game);
  const char *winner = outcome.winner == OWARE_WINNER_SOUTH   ? "South wins"
                       : outcome.winner == OWARE_WINNER_NORTH ? "North wins"
                                                              : "A draw";
  printf("%s, %u-%u.\n\n", winner, outcome.south_score, outcome.north_score);

  /* The game record: ask for the size, then write it (caller-owned buffer). */
  size_t size = 0;
  oware_result result = oware_game_record_to_str(game, NULL, 0, &size);
  if (result != OWARE_RESULT_INSUFFICIENT_SIZE) check(result, "record size");
  char *record = malloc(size);
  if (record == NULL) return EXIT_FAILURE;
  check(oware_game_record_to_str(game, record, size, &size), "record");
  fputs(record, stdout);

  free(record);
  oware_player_free(autopilot);
  oware_searcher_free(engine);
  oware_game_free(game);
  return EXIT_SUCCESS;
}
