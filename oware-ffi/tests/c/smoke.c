/*
 * The C smoke test of oware.h: calls every function, takes every error path
 * a C caller can reach, plays whole games (one against the engine) and frees
 * everything. Run under AddressSanitizer and UndefinedBehaviorSanitizer:
 *
 *   cargo build -p oware-ffi
 *   cc -std=c11 -Wall -Wextra -Werror -pedantic -g -fsanitize=address,undefined \
 *      -fno-sanitize-recover=all -Iinclude oware-ffi/tests/c/smoke.c \
 *      target/debug/liboware_ffi.a -lpthread -ldl -lm -o target/smoke
 *   target/smoke
 *
 * It prints one line a failed check and ends with "N passed, N failed";
 * the exit status is 0 only when every check passed. The endgame files it
 * writes go to a directory of its own under /tmp (or $TMPDIR), removed at
 * the end.
 */
#define _POSIX_C_SOURCE 200809L /* mkdtemp and rmdir, for the endgame files */

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "oware.h"

static int passed = 0;
static int failed = 0;

#define CHECK(cond)                                                          \
  do {                                                                       \
    if (cond) {                                                              \
      passed++;                                                              \
    } else {                                                                 \
      failed++;                                                              \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
    }                                                                        \
  } while (0)

/* A call that must return `expected`; prints the message of what it gave. */
#define EXPECT(call, expected)                                               \
  do {                                                                       \
    oware_result got_ = (call);                                              \
    if (got_ == (expected)) {                                                \
      passed++;                                                              \
    } else {                                                                 \
      failed++;                                                              \
      fprintf(stderr, "%s:%d: %s gave %d (%s), expected %s\n", __FILE__,     \
              __LINE__, #call, (int)got_, oware_result_message((uint32_t)got_), \
              #expected);                                                    \
    }                                                                        \
  } while (0)

#define OK(call) EXPECT(call, OWARE_RESULT_OK)

/* The error-message buffer of the calls that take one: pass ERR. */
static char err[OWARE_ERROR_SIZE];
#define ERR err, sizeof err

static void check_message(const char *got, const char *want, int line) {
  if (strcmp(got, want) == 0) {
    passed++;
  } else {
    failed++;
    fprintf(stderr, "%s:%d: message \"%s\", expected \"%s\"\n", __FILE__, line, got, want);
  }
}

/* A call given ERR that must return `expected` and write `message` to err
 * (which is filled with 'x' first, to see it written). */
#define EXPECT_MSG(call, expected, message)  \
  do {                                       \
    memset(err, 'x', sizeof err);            \
    EXPECT(call, expected);                  \
    check_message(err, message, __LINE__);   \
  } while (0)

/* The reason a ruleset text "chess" is refused. */
static const char CHESS[] =
    "invalid ruleset text: unknown preset (abapa, openspiel, awale, kalah, kalah-irving or congkak)";

/* The invalid bytes of a string that is not UTF-8. */
static const char NOT_UTF8[] = {(char)0xff, (char)0xfe, 'C', 0};

static oware_game *game_new(const char *ruleset) {
  oware_game *game = NULL;
  OK(oware_game_new(ruleset, &game, NULL, 0));
  CHECK(game != NULL);
  return game;
}

static oware_game *game_at(const char *position) {
  oware_game *game = NULL;
  OK(oware_game_from_position(position, &game, NULL, 0));
  CHECK(game != NULL);
  return game;
}

/* The position string, in a buffer the caller frees (the size protocol). */
static char *position_of(const oware_game *game) {
  size_t n = 0;
  EXPECT(oware_game_position_to_str(game, NULL, 0, &n), OWARE_RESULT_INSUFFICIENT_SIZE);
  char *text = malloc(n);
  size_t written = 0;
  OK(oware_game_position_to_str(game, text, n, &written));
  CHECK(written == n - 1 && strlen(text) == written);
  return text;
}

static oware_outcome outcome_of(const oware_game *game) {
  oware_outcome outcome;
  OK(oware_game_outcome(game, &outcome));
  return outcome;
}

static unsigned seeds_on_board(const oware_game *game) {
  uint8_t pits[OWARE_MAX_PITS];
  size_t n = 0;
  OK(oware_game_board(game, pits, sizeof pits, &n));
  unsigned total = 0;
  for (size_t i = 0; i < n; i++) total += pits[i];
  return total;
}

static void test_messages(void) {
  CHECK(strcmp(oware_version(), OWARE_VERSION) == 0);
  const oware_result codes[] = {
      OWARE_RESULT_OK,           OWARE_RESULT_NULL_PARAMETER,  OWARE_RESULT_INVALID_ARGUMENT,
      OWARE_RESULT_PARSE_ERROR,  OWARE_RESULT_ILLEGAL_MOVE,    OWARE_RESULT_GAME_OVER,
      OWARE_RESULT_INSUFFICIENT_SIZE, OWARE_RESULT_NOTHING_TO_UNDO,
      OWARE_RESULT_ENDGAME_IO,   OWARE_RESULT_ENDGAME_NOT_A_DATABASE, OWARE_RESULT_ENDGAME_VERSION,
      OWARE_RESULT_ENDGAME_TRUNCATED, OWARE_RESULT_ENDGAME_CHECKSUM, OWARE_RESULT_ENDGAME_CORRUPT,
      OWARE_RESULT_ENDGAME_MISMATCH, OWARE_RESULT_ENDGAME_UNSUPPORTED,
      OWARE_RESULT_ENDGAME_TOO_MANY_SEEDS, OWARE_RESULT_ENDGAME_WRONG_RULESET,
      OWARE_RESULT_INVALID_TAG, OWARE_RESULT_STOPPED, OWARE_RESULT_OUT_OF_MEMORY,
      OWARE_RESULT_NO_SUCH_TAG, OWARE_RESULT_PANIC,
  };
  const char *unknown = oware_result_message(22);
  CHECK(strcmp(unknown, "unknown result code") == 0);
  CHECK(strcmp(oware_result_message(0xFFFFFFFFu), "unknown result code") == 0);
  for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
    const char *message = oware_result_message((uint32_t)codes[i]);
    CHECK(message != NULL && message[0] != '\0' && strcmp(message, unknown) != 0);
    for (size_t j = 0; j < i; j++) CHECK(strcmp(message, oware_result_message((uint32_t)codes[j])) != 0);
  }
  CHECK(strcmp(oware_result_message(OWARE_RESULT_GAME_OVER), "the game is over") == 0);
  CHECK(strcmp(oware_result_message(19), "stopped before it finished") == 0);

  for (uint32_t r = OWARE_ILLEGAL_MOVE_REASON_NONE; r <= OWARE_ILLEGAL_MOVE_REASON_ENDLESS_SOWING; r++)
    CHECK(strcmp(oware_illegal_move_reason_message(r), "unknown reason") != 0);
  CHECK(strcmp(oware_illegal_move_reason_message(OWARE_ILLEGAL_MOVE_REASON_EMPTY_HOUSE), "house is empty") == 0);
  CHECK(strcmp(oware_illegal_move_reason_message(OWARE_ILLEGAL_MOVE_REASON_OTHER), "unknown reason") != 0);
  CHECK(strcmp(oware_illegal_move_reason_message(8), "unknown reason") == 0);

  /* Every preset's name, and a game of each. */
  size_t presets = 0;
  for (const char *name; (name = oware_variant_name(presets)) != NULL; presets++) {
    oware_game *game = game_new(name);
    oware_game_free(game);
  }
  CHECK(presets == 6);
  CHECK(strcmp(oware_variant_name(3), "kalah") == 0);

  /* Each level's words for a menu; none outside 1 to 5. */
  CHECK(strcmp(oware_level_description(3), "looks 4 plies ahead") == 0);
  CHECK(strcmp(oware_level_description(5), "thinks a second a move, plays endgames perfectly") == 0);
  CHECK(oware_level_description(0) == NULL);
  CHECK(oware_level_description(6) == NULL);
}

static void test_text(void) {
  char buf[256];
  size_t n = 0;
  OK(oware_text_check(OWARE_TEXT_KIND_RULESET, "congkak(5,5,relay=off)", buf, sizeof buf, &n));
  CHECK(n == 0 && buf[0] == '\0');
  OK(oware_text_check(OWARE_TEXT_KIND_POSITION, "4,4,4,4,4,4/4,4,4,4,4,4 s 0 0", buf, sizeof buf, &n));
  OK(oware_text_check(OWARE_TEXT_KIND_RECORD, "CfBa", buf, sizeof buf, &n));
  EXPECT(oware_text_check(OWARE_TEXT_KIND_RECORD, "1. C C", buf, sizeof buf, &n), OWARE_RESULT_PARSE_ERROR);
  CHECK(strcmp(buf, "invalid game record: ply 2: illegal move C: house is not the side to move's") == 0);
  CHECK(n == strlen(buf));
  EXPECT(oware_text_check(OWARE_TEXT_KIND_RULESET, "chess", buf, sizeof buf, &n), OWARE_RESULT_PARSE_ERROR);
  CHECK(strncmp(buf, "invalid ruleset text", 20) == 0);
  EXPECT(oware_text_check(OWARE_TEXT_KIND_POSITION, "4,4 s 0 0", buf, sizeof buf, &n), OWARE_RESULT_PARSE_ERROR);
  EXPECT(oware_text_check(OWARE_TEXT_KIND_POSITION, NOT_UTF8, buf, sizeof buf, &n), OWARE_RESULT_PARSE_ERROR);
  CHECK(strcmp(buf, "not UTF-8 text") == 0);
  /* Too small: the size needed (with the NUL), and an empty string. */
  char small[4];
  EXPECT(oware_text_check(OWARE_TEXT_KIND_RULESET, "chess", small, sizeof small, &n), OWARE_RESULT_INSUFFICIENT_SIZE);
  CHECK(n > sizeof small && small[0] == '\0');
  EXPECT(oware_text_check(OWARE_TEXT_KIND_RECORD, "CfBa", NULL, 0, &n), OWARE_RESULT_INSUFFICIENT_SIZE);
  CHECK(n == 1);
  /* Bad arguments. */
  EXPECT(oware_text_check(3, "abapa", buf, sizeof buf, &n), OWARE_RESULT_INVALID_ARGUMENT);
  EXPECT(oware_text_check(OWARE_TEXT_KIND_RULESET, NULL, buf, sizeof buf, &n), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_text_check(OWARE_TEXT_KIND_RULESET, "abapa", NULL, 8, &n), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_text_check(OWARE_TEXT_KIND_RULESET, "abapa", buf, sizeof buf, NULL), OWARE_RESULT_NULL_PARAMETER);
}

static void test_creation(void) {
  oware_game *game = (oware_game *)&game; /* a non-NULL value, to see it cleared */
  EXPECT(oware_game_new("kalah(6,99)", &game, NULL, 0), OWARE_RESULT_PARSE_ERROR);
  CHECK(game == NULL);
  EXPECT(oware_game_new(NOT_UTF8, &game, NULL, 0), OWARE_RESULT_PARSE_ERROR);
  EXPECT(oware_game_new(NULL, &game, NULL, 0), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_game_new("abapa", NULL, NULL, 0), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_game_from_position("4,4,4,4,4,4/4,4,4,4,4,5 s 0 0", &game, NULL, 0), OWARE_RESULT_PARSE_ERROR);
  CHECK(game == NULL);
  EXPECT(oware_game_from_position(NULL, &game, NULL, 0), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_game_from_position("4,4,4,4,4,4/4,4,4,4,4,4 s 0 0", NULL, NULL, 0), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_game_from_record("1. C C", &game, NULL, 0), OWARE_RESULT_PARSE_ERROR);
  CHECK(game == NULL);
  EXPECT(oware_game_from_record(NOT_UTF8, &game, NULL, 0), OWARE_RESULT_PARSE_ERROR);
  EXPECT(oware_game_from_record(NULL, &game, NULL, 0), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_game_from_record("CfBa", NULL, NULL, 0), OWARE_RESULT_NULL_PARAMETER);
  oware_game_free(NULL);

  game = game_new("KALAH(6,5)");
  CHECK(oware_game_houses_per_side(game) == 6);
  char text[64];
  size_t n = 0;
  OK(oware_game_ruleset_to_str(game, text, sizeof text, &n));
  CHECK(strcmp(text, "kalah(6,5)") == 0 && n == 10);
  EXPECT(oware_game_ruleset_to_str(game, text, 10, &n), OWARE_RESULT_INSUFFICIENT_SIZE);
  CHECK(n == 11 && text[0] == '\0');
  EXPECT(oware_game_ruleset_to_str(NULL, text, sizeof text, &n), OWARE_RESULT_NULL_PARAMETER);
  char *position = position_of(game);
  CHECK(strcmp(position, "5,5,5,5,5,5/5,5,5,5,5,5 s 0 0 kalah(6,5)") == 0);
  oware_game *copy = game_at(position);
  char *again = position_of(copy);
  CHECK(strcmp(again, position) == 0);
  free(again);
  free(position);
  oware_game_free(copy);

  oware_game *clone = NULL;
  OK(oware_game_clone(game, &clone));
  CHECK(clone != NULL && clone != game);
  oware_game_free(clone);
  EXPECT(oware_game_clone(NULL, &clone), OWARE_RESULT_NULL_PARAMETER);
  CHECK(clone == NULL);
  EXPECT(oware_game_clone(game, NULL), OWARE_RESULT_NULL_PARAMETER);
  oware_game_free(game);

  CHECK(oware_game_houses_per_side(NULL) == 0);
  CHECK(oware_game_ply(NULL) == 0);
}

static void test_error_messages(void) {
  oware_game *game = (oware_game *)&game;
  EXPECT_MSG(oware_game_new("chess", &game, ERR), OWARE_RESULT_PARSE_ERROR, CHESS);
  CHECK(game == NULL);
  EXPECT_MSG(oware_game_from_position("4,4,4,4,4,4/4,4,4,4,4,5 s 0 0", &game, ERR), OWARE_RESULT_PARSE_ERROR,
             "invalid position: 49 seeds in houses and stores, the ruleset has 48");
  EXPECT_MSG(oware_game_from_record("1. C a 2. f", &game, ERR), OWARE_RESULT_PARSE_ERROR,
             "invalid game record: ply 3: illegal move f: house is not the side to move's");
  EXPECT_MSG(oware_game_from_record(NOT_UTF8, &game, ERR), OWARE_RESULT_PARSE_ERROR, "not UTF-8 text");
  /* No more to say than the code: the code's message. */
  EXPECT_MSG(oware_game_new(NULL, &game, ERR), OWARE_RESULT_NULL_PARAMETER, "a required pointer argument was NULL");
  /* Success: an empty string. */
  EXPECT_MSG(oware_game_from_record("CfBa", &game, ERR), OWARE_RESULT_OK, "");
  CHECK(oware_game_ply(game) == 4);

  /* Cut to fit: 15 bytes and the NUL; only the NUL; nothing past err_len. */
  oware_game *none = NULL;
  char small[20];
  memset(small, 'x', sizeof small);
  EXPECT(oware_game_new("chess", &none, small, 16), OWARE_RESULT_PARSE_ERROR);
  CHECK(strcmp(small, "invalid ruleset") == 0 && small[16] == 'x');
  EXPECT(oware_game_new("chess", &none, small, 1), OWARE_RESULT_PARSE_ERROR);
  CHECK(small[0] == '\0' && small[1] == 'n');
  /* No buffer: NULL, or 0 bytes (untouched). */
  EXPECT(oware_game_new("chess", &none, NULL, 64), OWARE_RESULT_PARSE_ERROR);
  EXPECT(oware_game_new("chess", &none, small, 0), OWARE_RESULT_PARSE_ERROR);
  CHECK(small[0] == '\0' && none == NULL);

  /* Tags and move letters. */
  EXPECT_MSG(oware_game_set_tag(game, "South", "Ama", ERR), OWARE_RESULT_OK, "");
  EXPECT_MSG(oware_game_set_tag(game, "Position", "x", ERR), OWARE_RESULT_INVALID_TAG,
             "invalid tag: Position comes from the game's start");
  EXPECT_MSG(oware_game_set_tag(game, "Event", "a\nb", ERR), OWARE_RESULT_INVALID_TAG,
             "invalid tag: a tag value cannot hold the control character '\\n'");
  EXPECT_MSG(oware_game_set_tag(game, "Result", "2-0", ERR), OWARE_RESULT_INVALID_TAG,
             "invalid tag: a Result must be 1-0, 0-1, 1/2-1/2 or *");
  EXPECT_MSG(oware_game_set_tag(game, "", NULL, ERR), OWARE_RESULT_INVALID_TAG,
             "invalid tag: a tag name must be ASCII letters, digits and _, not empty");
  char value[16];
  size_t n = 0;
  EXPECT_MSG(oware_game_tag(game, "Variant", value, sizeof value, &n, ERR), OWARE_RESULT_INVALID_TAG,
             "invalid tag: Variant comes from the game's start");
  EXPECT_MSG(oware_game_tag(game, "North", value, sizeof value, &n, ERR), OWARE_RESULT_NO_SUCH_TAG,
             "the game's record has no tag of that name");
  EXPECT_MSG(oware_game_tag(game, "South", value, sizeof value, &n, ERR), OWARE_RESULT_OK, "");
  uint8_t pit = 0;
  EXPECT_MSG(oware_game_move_from_str(game, "G ", &pit, ERR), OWARE_RESULT_PARSE_ERROR,
             "invalid move notation: expected one letter A-F (South) or a-f (North)");
  EXPECT_MSG(oware_game_move_from_str(game, "g", &pit, ERR), OWARE_RESULT_PARSE_ERROR,
             "g: no such house in this ruleset");
  oware_game_free(game);

  /* Building a database. */
  oware_endgame_database *endgame = NULL;
  EXPECT_MSG(oware_endgame_build("kalah", OWARE_CONVENTION_EVEN_SPLIT, 2, &endgame, ERR),
             OWARE_RESULT_ENDGAME_UNSUPPORTED,
             "endgame databases need an Oware ruleset in which a side never passes without a capture");
  EXPECT_MSG(oware_endgame_build_with_stop("chess", OWARE_CONVENTION_EVEN_SPLIT, 2, NULL, &endgame, ERR),
             OWARE_RESULT_PARSE_ERROR, CHESS);
  EXPECT_MSG(oware_endgame_build("abapa", OWARE_CONVENTION_EVEN_SPLIT, 49, &endgame, ERR),
             OWARE_RESULT_INVALID_ARGUMENT, "an argument is out of range");
  CHECK(endgame == NULL);
}

static void test_queries(void) {
  oware_game *game = game_new("abapa");
  uint8_t buf[OWARE_MAX_PITS];
  size_t n = 0;
  oware_side side = OWARE_SIDE_NORTH;

  OK(oware_game_turn(game, &side));
  CHECK(side == OWARE_SIDE_SOUTH);
  EXPECT(oware_game_turn(NULL, &side), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_game_turn(game, NULL), OWARE_RESULT_NULL_PARAMETER);

  OK(oware_game_board(game, buf, sizeof buf, &n));
  CHECK(n == 14 && buf[0] == 4 && buf[11] == 4 && buf[12] == 0 && buf[13] == 0);
  EXPECT(oware_game_board(game, buf, 13, &n), OWARE_RESULT_INSUFFICIENT_SIZE);
  CHECK(n == 14);
  EXPECT(oware_game_board(game, NULL, 14, &n), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_game_board(game, buf, 14, NULL), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_game_board(NULL, buf, 14, &n), OWARE_RESULT_NULL_PARAMETER);

  OK(oware_game_legal_moves(game, buf, OWARE_MAX_HOUSES, &n));
  CHECK(n == 6 && buf[0] == 0 && buf[5] == 5);
  EXPECT(oware_game_legal_moves(game, NULL, 0, &n), OWARE_RESULT_INSUFFICIENT_SIZE);
  CHECK(n == 6);
  EXPECT(oware_game_legal_moves(game, NULL, 3, &n), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_game_legal_moves(game, buf, 6, NULL), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_game_legal_moves(NULL, buf, 6, &n), OWARE_RESULT_NULL_PARAMETER);

  /* Move letters. */
  char letter[2];
  OK(oware_game_move_to_str(game, 2, letter, sizeof letter, &n));
  CHECK(strcmp(letter, "C") == 0 && n == 1);
  OK(oware_game_move_to_str(game, 11, letter, sizeof letter, &n));
  CHECK(strcmp(letter, "f") == 0);
  EXPECT(oware_game_move_to_str(game, 12, letter, sizeof letter, &n), OWARE_RESULT_INVALID_ARGUMENT);
  EXPECT(oware_game_move_to_str(game, 2, letter, 1, &n), OWARE_RESULT_INSUFFICIENT_SIZE);
  CHECK(n == 2);
  EXPECT(oware_game_move_to_str(NULL, 2, letter, sizeof letter, &n), OWARE_RESULT_NULL_PARAMETER);
  uint8_t m = 0;
  OK(oware_game_move_from_str(game, "e", &m, NULL, 0));
  CHECK(m == 10);
  EXPECT(oware_game_move_from_str(game, "G", &m, NULL, 0), OWARE_RESULT_PARSE_ERROR);
  EXPECT(oware_game_move_from_str(game, "CC", &m, NULL, 0), OWARE_RESULT_PARSE_ERROR);
  EXPECT(oware_game_move_from_str(game, "", &m, NULL, 0), OWARE_RESULT_PARSE_ERROR);
  EXPECT(oware_game_move_from_str(game, NOT_UTF8, &m, NULL, 0), OWARE_RESULT_PARSE_ERROR);
  EXPECT(oware_game_move_from_str(game, NULL, &m, NULL, 0), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_game_move_from_str(game, "C", NULL, NULL, 0), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_game_move_from_str(NULL, "C", &m, NULL, 0), OWARE_RESULT_NULL_PARAMETER);

  /* Threats: North's e (1 seed) is what South's F (5 seeds) would make 2. */
  oware_game *threatened = game_at("4,4,4,4,4,5/4,4,4,4,1,6 n 0 0");
  uint32_t mask = 0;
  OK(oware_game_threats(threatened, OWARE_SIDE_NORTH, &mask));
  CHECK(mask == (1u << 4)); /* North's house 4, e (pit 10) */
  OK(oware_game_threats(threatened, OWARE_SIDE_SOUTH, &mask));
  CHECK((mask & ~0x3Fu) == 0);
  EXPECT(oware_game_threats(threatened, 2, &mask), OWARE_RESULT_INVALID_ARGUMENT);
  EXPECT(oware_game_threats(threatened, 0, NULL), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_game_threats(NULL, 0, &mask), OWARE_RESULT_NULL_PARAMETER);
  oware_game_free(threatened);

  /* Perft from the start. */
  uint64_t nodes = 0;
  OK(oware_game_perft(game, 5, &nodes));
  CHECK(nodes == 5219);
  EXPECT(oware_game_perft(game, 256, &nodes), OWARE_RESULT_INVALID_ARGUMENT);
  EXPECT(oware_game_perft(game, 1, NULL), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_game_perft(NULL, 1, &nodes), OWARE_RESULT_NULL_PARAMETER);

  /* Outcome while the game goes on. */
  oware_outcome outcome = outcome_of(game);
  CHECK(outcome.termination == OWARE_TERMINATION_NONE && outcome.winner == OWARE_WINNER_NONE);
  EXPECT(oware_game_outcome(game, NULL), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_game_outcome(NULL, &outcome), OWARE_RESULT_NULL_PARAMETER);
  oware_game_free(game);
}

/* Why `pit` cannot be played, from oware_game_check_move, checked to be
 * what oware_game_play (on a clone) and oware_game_explain set too. */
static oware_illegal_move_reason reason_of(const oware_game *game, uint8_t pit, oware_result expected) {
  oware_illegal_move_reason reason = OWARE_ILLEGAL_MOVE_REASON_OTHER;
  EXPECT(oware_game_check_move(game, pit, &reason), expected);
  EXPECT(oware_game_check_move(game, pit, NULL), expected);
  oware_game *copy = NULL;
  OK(oware_game_clone(game, &copy));
  oware_illegal_move_reason played = OWARE_ILLEGAL_MOVE_REASON_OTHER;
  EXPECT(oware_game_play(copy, pit, NULL, &played), expected);
  oware_game_free(copy);
  oware_illegal_move_reason explained = OWARE_ILLEGAL_MOVE_REASON_OTHER;
  size_t n = 0;
  const oware_result code = oware_game_explain(game, pit, NULL, 0, &n, &explained);
  EXPECT(code == OWARE_RESULT_INSUFFICIENT_SIZE ? OWARE_RESULT_OK : code, expected); /* a legal move */
  CHECK(played == reason && explained == reason);
  return reason;
}

static void test_moves(void) {
  oware_game *game = game_new("abapa");
  oware_move_report report;
  CHECK(reason_of(game, 2, OWARE_RESULT_OK) == OWARE_ILLEGAL_MOVE_REASON_NONE);
  CHECK(reason_of(game, 6, OWARE_RESULT_ILLEGAL_MOVE) == OWARE_ILLEGAL_MOVE_REASON_WRONG_SIDE);
  CHECK(reason_of(game, 12, OWARE_RESULT_ILLEGAL_MOVE) == OWARE_ILLEGAL_MOVE_REASON_NO_SUCH_HOUSE);
  EXPECT(oware_game_check_move(NULL, 2, NULL), OWARE_RESULT_NULL_PARAMETER);

  /* C: 4 seeds into D, E, F and a. */
  OK(oware_game_play(game, 2, &report, NULL));
  CHECK(report.ply == 1 && report.played == 2 && report.mover == OWARE_SIDE_SOUTH);
  CHECK(report.sown_len == 4 && report.captures_len == 0 && report.relays_len == 0);
  CHECK(report.captured_seeds == 0 && !report.grand_slam && !report.fed && !report.extra_turn && !report.passed);
  CHECK(report.outcome.termination == OWARE_TERMINATION_NONE);
  uint8_t sown[8];
  size_t n = 0;
  OK(oware_game_report_sown(game, 1, sown, sizeof sown, &n));
  CHECK(n == 4 && sown[0] == 3 && sown[1] == 4 && sown[2] == 5 && sown[3] == 6);
  EXPECT(oware_game_report_sown(game, 1, sown, 3, &n), OWARE_RESULT_INSUFFICIENT_SIZE);
  CHECK(n == 4);
  EXPECT(oware_game_report_sown(game, 2, sown, sizeof sown, &n), OWARE_RESULT_INVALID_ARGUMENT);
  EXPECT(oware_game_report_sown(game, 0, sown, sizeof sown, &n), OWARE_RESULT_INVALID_ARGUMENT);
  EXPECT(oware_game_report_sown(NULL, 1, sown, sizeof sown, &n), OWARE_RESULT_NULL_PARAMETER);
  oware_move_report again;
  OK(oware_game_report(game, 1, &again));
  CHECK(again.ply == report.ply && again.played == report.played && again.sown_len == report.sown_len);
  EXPECT(oware_game_report(game, 2, &again), OWARE_RESULT_INVALID_ARGUMENT);
  EXPECT(oware_game_report(game, 1, NULL), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_game_report(NULL, 1, &again), OWARE_RESULT_NULL_PARAMETER);

  /* a: 5 seeds into b-f; C stays empty. */
  OK(oware_game_play(game, 6, NULL, NULL));
  CHECK(oware_game_ply(game) == 2);
  CHECK(reason_of(game, 2, OWARE_RESULT_ILLEGAL_MOVE) == OWARE_ILLEGAL_MOVE_REASON_EMPTY_HOUSE);
  char *before = position_of(game);
  EXPECT(oware_game_play(game, 2, &report, NULL), OWARE_RESULT_ILLEGAL_MOVE);
  EXPECT(oware_game_play(game, 255, NULL, NULL), OWARE_RESULT_ILLEGAL_MOVE);
  EXPECT(oware_game_play(NULL, 0, NULL, NULL), OWARE_RESULT_NULL_PARAMETER);
  char *after = position_of(game);
  CHECK(strcmp(before, after) == 0);
  free(before);
  free(after);

  uint8_t moves[4];
  OK(oware_game_moves(game, moves, sizeof moves, &n));
  CHECK(n == 2 && moves[0] == 2 && moves[1] == 6);
  EXPECT(oware_game_moves(game, moves, 1, &n), OWARE_RESULT_INSUFFICIENT_SIZE);
  CHECK(n == 2);
  EXPECT(oware_game_moves(NULL, moves, 4, &n), OWARE_RESULT_NULL_PARAMETER);

  /* Undo, agreement, undo of the agreement. */
  uint8_t undone = 0;
  OK(oware_game_undo(game, &undone));
  CHECK(undone == 6 && oware_game_ply(game) == 1);
  oware_outcome agreed;
  OK(oware_game_end_by_agreement(game, &agreed));
  CHECK(agreed.termination == OWARE_TERMINATION_AGREEMENT && agreed.winner == OWARE_WINNER_NORTH);
  CHECK(agreed.south_score == 23 && agreed.north_score == 25);
  EXPECT(oware_game_end_by_agreement(game, NULL), OWARE_RESULT_GAME_OVER);
  EXPECT(oware_game_end_by_agreement(NULL, NULL), OWARE_RESULT_NULL_PARAMETER);
  CHECK(reason_of(game, 6, OWARE_RESULT_GAME_OVER) == OWARE_ILLEGAL_MOVE_REASON_GAME_OVER);
  EXPECT(oware_game_play(game, 6, NULL, NULL), OWARE_RESULT_GAME_OVER);
  OK(oware_game_undo(game, &undone));
  CHECK(undone == OWARE_NO_MOVE);
  OK(oware_game_undo(game, NULL));
  EXPECT(oware_game_undo(game, &undone), OWARE_RESULT_NOTHING_TO_UNDO);
  EXPECT(oware_game_undo(NULL, &undone), OWARE_RESULT_NULL_PARAMETER);
  oware_game_free(game);

  /* Must feed: North has no seeds; A does not feed it, F does. */
  game = game_at("1,0,0,0,0,6/0,0,0,0,0,0 s 20 21");
  CHECK(reason_of(game, 0, OWARE_RESULT_ILLEGAL_MOVE) == OWARE_ILLEGAL_MOVE_REASON_MUST_FEED);
  OK(oware_game_play(game, 5, &report, NULL));
  CHECK(report.fed);
  oware_game_free(game);

  /* Grand slam: forbidden in Awale while another move is legal, annulled in Abapa. */
  game = game_at("1,0,0,0,0,2/1,1,0,0,0,0 s 20 23 awale");
  CHECK(reason_of(game, 5, OWARE_RESULT_ILLEGAL_MOVE) == OWARE_ILLEGAL_MOVE_REASON_GRAND_SLAM);
  oware_game_free(game);
  game = game_at("1,0,0,0,0,2/1,1,0,0,0,0 s 20 23");
  OK(oware_game_play(game, 5, &report, NULL));
  CHECK(report.grand_slam && report.captures_len == 0);
  oware_game_free(game);

  /* A capture: North's f makes South's A 2. */
  game = game_at("1,2,4,4,4,4/4,4,4,4,4,1 n 1 7");
  OK(oware_game_play(game, 11, &report, NULL));
  CHECK(report.captures_len == 1 && report.captured_seeds == 2);
  oware_capture captures[2];
  OK(oware_game_report_captures(game, 1, captures, 2, &n));
  CHECK(n == 1 && captures[0].pit == 0 && captures[0].seeds == 2 && captures[0].to == OWARE_SIDE_NORTH);
  EXPECT(oware_game_report_captures(game, 1, NULL, 0, &n), OWARE_RESULT_INSUFFICIENT_SIZE);
  CHECK(n == 1);
  EXPECT(oware_game_report_captures(game, 9, captures, 2, &n), OWARE_RESULT_INVALID_ARGUMENT);
  EXPECT(oware_game_report_captures(NULL, 1, captures, 2, &n), OWARE_RESULT_NULL_PARAMETER);
  oware_game_free(game);

  /* Kalah: the last seed in the store (pit 12) earns an extra turn. */
  game = game_new("kalah");
  OK(oware_game_play(game, 2, &report, NULL));
  CHECK(report.extra_turn);
  OK(oware_game_report_sown(game, 1, sown, sizeof sown, &n));
  CHECK(n == 4 && sown[3] == 12);
  oware_game_free(game);

  /* Congkak: relay sowing. */
  game = game_new("congkak");
  OK(oware_game_play(game, 6, &report, NULL));
  CHECK(report.relays_len > 0);
  oware_relay *relays = malloc(report.relays_len * sizeof *relays);
  OK(oware_game_report_relays(game, 1, relays, report.relays_len, &n));
  CHECK(n == report.relays_len && relays[0].after <= report.sown_len && relays[0].seeds > 0);
  free(relays);
  EXPECT(oware_game_report_relays(game, 1, NULL, 0, &n), OWARE_RESULT_INSUFFICIENT_SIZE);
  EXPECT(oware_game_report_relays(game, 2, NULL, 0, &n), OWARE_RESULT_INVALID_ARGUMENT);
  EXPECT(oware_game_report_relays(NULL, 1, NULL, 0, &n), OWARE_RESULT_NULL_PARAMETER);
  oware_game_free(game);

  /* Game over. */
  game = game_at("0,0,0,0,0,0/0,0,0,0,0,2 s 21 25");
  oware_outcome outcome = outcome_of(game);
  CHECK(outcome.termination == OWARE_TERMINATION_MAJORITY && outcome.winner == OWARE_WINNER_NORTH);
  CHECK(outcome.south_score == 21 && outcome.north_score == 25);
  CHECK(reason_of(game, 0, OWARE_RESULT_GAME_OVER) == OWARE_ILLEGAL_MOVE_REASON_GAME_OVER);
  OK(oware_game_legal_moves(game, moves, sizeof moves, &n));
  CHECK(n == 0);
  oware_game_free(game);
}

/* oware_game_explain: the sentence of a move not played, with the buffer
   protocol and the codes of bad input. */
static void test_explain(void) {
  oware_game *game = game_at("4,4,4,4,4,3/4,2,1,4,4,4 s 3 3");
  const char *expected =
      "F sows 3 seeds into a, b, c; the last seed makes c 2: captures c (2) and b (3) = 5";
  size_t n = 0;
  EXPECT(oware_game_explain(game, 5, NULL, 0, &n, NULL), OWARE_RESULT_INSUFFICIENT_SIZE);
  CHECK(n == strlen(expected) + 1);
  char text[128];
  EXPECT(oware_game_explain(game, 5, text, 10, &n, NULL), OWARE_RESULT_INSUFFICIENT_SIZE);
  CHECK(n == strlen(expected) + 1 && text[0] == '\0');
  OK(oware_game_explain(game, 5, text, sizeof text, &n, NULL));
  CHECK(strcmp(text, expected) == 0 && n == strlen(expected));
  CHECK(oware_game_ply(game) == 0);
  EXPECT(oware_game_explain(game, 6, text, sizeof text, &n, NULL), OWARE_RESULT_ILLEGAL_MOVE);
  EXPECT(oware_game_explain(game, 12, text, sizeof text, &n, NULL), OWARE_RESULT_ILLEGAL_MOVE);
  EXPECT(oware_game_explain(game, 5, text, sizeof text, NULL, NULL), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_game_explain(game, 5, NULL, 5, &n, NULL), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_game_explain(NULL, 5, text, sizeof text, &n, NULL), OWARE_RESULT_NULL_PARAMETER);
  oware_game_free(game);

  /* Kalah: the store, the extra turn (K2). */
  game = game_new("kalah");
  OK(oware_game_explain(game, 2, text, sizeof text, &n, NULL));
  CHECK(strcmp(text, "C sows 4 seeds into D, E, F, South's store; the last seed falls in "
                     "South's store: South moves again (K2)") == 0);
  oware_game_free(game);

  /* South cannot feed North: the game is over (R8). */
  game = game_at("0,0,2,0,1,0/0,0,0,0,0,0 s 21 24");
  EXPECT(oware_game_explain(game, 2, text, sizeof text, &n, NULL), OWARE_RESULT_GAME_OVER);
  oware_game_free(game);
}

static void test_records(void) {
  oware_game *game = NULL;
  OK(oware_game_from_record("[South \"Ama\"]\n\n1. C f 2. B a *", &game, NULL, 0));
  CHECK(oware_game_ply(game) == 4);
  OK(oware_game_set_tag(game, "North", "Kofi", NULL, 0));
  OK(oware_game_set_tag(game, "South", NULL, NULL, 0));
  EXPECT(oware_game_set_tag(game, "Bad Name", "x", NULL, 0), OWARE_RESULT_INVALID_TAG);
  EXPECT(oware_game_set_tag(game, "Variant", "kalah", NULL, 0), OWARE_RESULT_INVALID_TAG);
  EXPECT(oware_game_set_tag(game, "Termination", "agreement", NULL, 0), OWARE_RESULT_INVALID_TAG);
  EXPECT(oware_game_set_tag(game, "Event", "two\nlines", NULL, 0), OWARE_RESULT_INVALID_TAG);
  EXPECT(oware_game_set_tag(game, "Event", NOT_UTF8, NULL, 0), OWARE_RESULT_PARSE_ERROR);
  EXPECT(oware_game_set_tag(game, NULL, "x", NULL, 0), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_game_set_tag(NULL, "Event", "x", NULL, 0), OWARE_RESULT_NULL_PARAMETER);

  /* Reading tags back: as the record writes them. */
  char tag[8];
  size_t n = 99;
  OK(oware_game_tag(game, "North", tag, sizeof tag, &n, NULL, 0));
  CHECK(n == 4 && strcmp(tag, "Kofi") == 0);
  OK(oware_game_tag(game, "Result", tag, sizeof tag, &n, NULL, 0));
  CHECK(n == 1 && strcmp(tag, "*") == 0);
  EXPECT(oware_game_tag(game, "North", tag, 4, &n, NULL, 0), OWARE_RESULT_INSUFFICIENT_SIZE);
  CHECK(n == 5 && tag[0] == '\0');
  EXPECT(oware_game_tag(game, "North", NULL, 0, &n, NULL, 0), OWARE_RESULT_INSUFFICIENT_SIZE);
  CHECK(n == 5);
  n = 99;
  strcpy(tag, "x");
  EXPECT(oware_game_tag(game, "South", tag, sizeof tag, &n, NULL, 0), OWARE_RESULT_NO_SUCH_TAG);
  CHECK(n == 99 && tag[0] == '\0');
  EXPECT(oware_game_tag(game, "Termination", tag, sizeof tag, &n, NULL, 0), OWARE_RESULT_NO_SUCH_TAG);
  EXPECT(oware_game_tag(game, "Bad Name", tag, sizeof tag, &n, NULL, 0), OWARE_RESULT_INVALID_TAG);
  EXPECT(oware_game_tag(game, "Variant", tag, sizeof tag, &n, NULL, 0), OWARE_RESULT_INVALID_TAG);
  EXPECT(oware_game_tag(game, NOT_UTF8, tag, sizeof tag, &n, NULL, 0), OWARE_RESULT_PARSE_ERROR);
  EXPECT(oware_game_tag(game, NULL, tag, sizeof tag, &n, NULL, 0), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_game_tag(NULL, "North", tag, sizeof tag, &n, NULL, 0), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_game_tag(game, "North", NULL, 5, &n, NULL, 0), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_game_tag(game, "North", tag, sizeof tag, NULL, NULL, 0), OWARE_RESULT_NULL_PARAMETER);
  {
    /* Once the game is over, Result and Termination are the outcome's. */
    oware_game *agreed = NULL;
    OK(oware_game_clone(game, &agreed));
    oware_outcome outcome;
    OK(oware_game_end_by_agreement(agreed, &outcome));
    /* Each side takes the seeds on its row (Abapa R11). */
    CHECK(outcome.winner == OWARE_WINNER_SOUTH && outcome.south_score == 27 && outcome.north_score == 21);
    OK(oware_game_tag(agreed, "Result", tag, sizeof tag, &n, NULL, 0));
    CHECK(strcmp(tag, "1-0") == 0);
    char termination[16];
    OK(oware_game_tag(agreed, "Termination", termination, sizeof termination, &n, NULL, 0));
    CHECK(n == 9 && strcmp(termination, "agreement") == 0);
    oware_game_free(agreed);
  }

  EXPECT(oware_game_record_to_str(game, NULL, 0, &n), OWARE_RESULT_INSUFFICIENT_SIZE);
  char *record = malloc(n);
  size_t written = 0;
  OK(oware_game_record_to_str(game, record, n, &written));
  CHECK(written == n - 1);
  CHECK(strcmp(record, "[Variant \"abapa\"]\n[North \"Kofi\"]\n[Result \"*\"]\n\n1. C f 2. B a *\n") == 0);
  EXPECT(oware_game_record_to_str(game, record, 5, &n), OWARE_RESULT_INSUFFICIENT_SIZE);
  CHECK(record[0] == '\0');
  EXPECT(oware_game_record_to_str(NULL, record, 5, &n), OWARE_RESULT_NULL_PARAMETER);
  free(record);

  /* Moves read from a record have reports too. */
  oware_move_report report;
  OK(oware_game_report(game, 4, &report));
  CHECK(report.ply == 4 && report.played == 6 && report.mover == OWARE_SIDE_NORTH);
  oware_game_free(game);
}

/* Plays a whole game: South by `south` (a player), North by the searcher at
 * `depth` plies, checking each move's report; returns the outcome. */
static oware_outcome play_game(const char *ruleset, oware_player *south, oware_searcher *searcher,
                               uint32_t depth) {
  oware_game *game = game_new(ruleset);
  unsigned total = seeds_on_board(game);
  oware_search_limits limits = {depth, 0, 0};
  while (outcome_of(game).termination == OWARE_TERMINATION_NONE) {
    oware_side side;
    OK(oware_game_turn(game, &side));
    uint8_t pit = OWARE_NO_MOVE;
    if (side == OWARE_SIDE_SOUTH) {
      OK(oware_player_choose(south, game, &pit));
    } else {
      oware_search_result result;
      OK(oware_searcher_search(searcher, game, &limits, &result));
      CHECK(result.pv_len >= 1 && result.pv[0] == result.best_move && result.depth >= 1);
      pit = result.best_move;
    }
    CHECK(reason_of(game, pit, OWARE_RESULT_OK) == OWARE_ILLEGAL_MOVE_REASON_NONE);
    oware_move_report report;
    OK(oware_game_play(game, pit, &report, NULL));
    CHECK(report.played == pit && report.ply == oware_game_ply(game));
    /* Every sown seed landed in a pit; the seeds are all still there. */
    uint8_t *sown = malloc(report.sown_len + 1);
    size_t n = 0;
    OK(oware_game_report_sown(game, report.ply, sown, report.sown_len + 1, &n));
    CHECK(n == report.sown_len);
    for (size_t i = 0; i < n; i++) CHECK(sown[i] < 2 * oware_game_houses_per_side(game) + 2);
    free(sown);
    CHECK(seeds_on_board(game) == total);
  }
  oware_outcome outcome = outcome_of(game);
  CHECK(outcome.winner != OWARE_WINNER_NONE);
  CHECK(outcome.south_score + outcome.north_score <= total);

  /* The record replays to the same game. */
  size_t n = 0;
  EXPECT(oware_game_record_to_str(game, NULL, 0, &n), OWARE_RESULT_INSUFFICIENT_SIZE);
  char *record = malloc(n);
  OK(oware_game_record_to_str(game, record, n, &n));
  oware_game *replayed = NULL;
  OK(oware_game_from_record(record, &replayed, NULL, 0));
  oware_outcome again = outcome_of(replayed);
  CHECK(again.termination == outcome.termination && again.winner == outcome.winner);
  CHECK(oware_game_ply(replayed) == oware_game_ply(game));
  printf("%-12s %3zu plies, %s %u-%u\n", ruleset, oware_game_ply(game),
         outcome.winner == OWARE_WINNER_SOUTH ? "South wins"
         : outcome.winner == OWARE_WINNER_NORTH ? "North (the engine) wins"
                                                : "draw",
         outcome.south_score, outcome.north_score);
  oware_game_free(replayed);
  free(record);
  oware_game_free(game);
  return outcome;
}

static void test_engine(void) {
  oware_searcher *searcher = (oware_searcher *)&searcher;
  EXPECT(oware_searcher_new(0, &searcher), OWARE_RESULT_INVALID_ARGUMENT);
  CHECK(searcher == NULL);
  EXPECT(oware_searcher_new(OWARE_SEARCHER_MAX_ENTRIES + (size_t)1, &searcher), OWARE_RESULT_INVALID_ARGUMENT);
  EXPECT(oware_searcher_new(1024, NULL), OWARE_RESULT_NULL_PARAMETER);
  /* Why a size is refused, in the words of Rust and Python. */
  EXPECT(oware_searcher_entries_check(0, ERR), OWARE_RESULT_INVALID_ARGUMENT);
  CHECK(strcmp(err, "tt_entries must be 1 to 67108864, not 0") == 0);
  OK(oware_searcher_entries_check(1, ERR));
  CHECK(err[0] == '\0');
  EXPECT(oware_searcher_entries_check(0, NULL, 0), OWARE_RESULT_INVALID_ARGUMENT);
  OK(oware_searcher_new((size_t)1 << 16, &searcher));
  OK(oware_searcher_clear(searcher));
  EXPECT(oware_searcher_clear(NULL), OWARE_RESULT_NULL_PARAMETER);

  oware_game *game = game_new("abapa");
  oware_search_limits depth6 = {6, 0, 0};
  oware_search_limits none = {0, 0, 0};
  oware_search_limits too_deep = {65, 0, 0};
  oware_search_result first, second;
  OK(oware_searcher_search(searcher, game, &depth6, &first));
  CHECK(first.best_move < 6 && first.depth == 6 && first.nodes > 0);
  CHECK(first.score.kind == OWARE_SCORE_KIND_CENTISEEDS && first.score.plies == 0);
  CHECK(first.pv_len >= 1 && first.pv_len <= OWARE_MAX_PV && first.pv[first.pv_len - 1] != OWARE_NO_MOVE);
  OK(oware_searcher_clear(searcher));
  OK(oware_searcher_search(searcher, game, &depth6, &second));
  CHECK(second.best_move == first.best_move && second.nodes == first.nodes &&
        second.score.centiseeds == first.score.centiseeds);
  /* No limit: the library's default, the same as Rust's and Python's. */
  oware_search_limits by_default = {OWARE_DEFAULT_SEARCH_DEPTH, OWARE_DEFAULT_SEARCH_NODES, 0};
  OK(oware_searcher_clear(searcher));
  OK(oware_searcher_search(searcher, game, &none, &first));
  CHECK(first.depth == OWARE_DEFAULT_SEARCH_DEPTH && first.depth == 8);
  CHECK(first.nodes > 0 && first.nodes <= OWARE_DEFAULT_SEARCH_NODES);
  OK(oware_searcher_clear(searcher));
  OK(oware_searcher_search(searcher, game, &by_default, &second));
  CHECK(second.best_move == first.best_move && second.nodes == first.nodes &&
        second.depth == first.depth && second.score.centiseeds == first.score.centiseeds);
  OK(oware_search_limits_check(&none, ERR));
  CHECK(err[0] == '\0');
  EXPECT(oware_searcher_search(searcher, game, &too_deep, &first), OWARE_RESULT_INVALID_ARGUMENT);
  EXPECT(oware_search_limits_check(&too_deep, ERR), OWARE_RESULT_INVALID_ARGUMENT);
  CHECK(strcmp(err, "depth must be 1 to 64, not 65") == 0);
  EXPECT(oware_search_limits_check(NULL, ERR), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_searcher_search(searcher, game, NULL, &first), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_searcher_search(searcher, game, &depth6, NULL), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_searcher_search(searcher, NULL, &depth6, &first), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_searcher_search(NULL, game, &depth6, &first), OWARE_RESULT_NULL_PARAMETER);
  oware_search_limits nodes = {0, 20000, 0};
  OK(oware_searcher_search(searcher, game, &nodes, &first));
  oware_search_limits time = {0, 0, 30};
  OK(oware_searcher_search(searcher, game, &time, &first));
  CHECK(first.best_move < 6);

  /* Analysis of every move, best first; the size is checked first. */
  oware_move_score scores[OWARE_MAX_HOUSES];
  size_t n = 0;
  oware_search_limits depth4 = {4, 0, 0};
  EXPECT(oware_searcher_analyse(searcher, game, &depth4, scores, 5, &n), OWARE_RESULT_INSUFFICIENT_SIZE);
  CHECK(n == 6);
  OK(oware_searcher_analyse(searcher, game, &depth4, scores, OWARE_MAX_HOUSES, &n));
  CHECK(n == 6);
  for (size_t i = 1; i < n; i++) CHECK(scores[i - 1].score.centiseeds >= scores[i].score.centiseeds);
  unsigned scored = 0; /* each of South's pits 0..5 once */
  for (size_t i = 0; i < n; i++) {
    CHECK(scores[i].pit < 6);
    scored |= 1u << scores[i].pit;
  }
  CHECK(scored == 0x3f);
  EXPECT(oware_searcher_analyse(searcher, game, &too_deep, scores, OWARE_MAX_HOUSES, &n), OWARE_RESULT_INVALID_ARGUMENT);
  OK(oware_searcher_analyse(searcher, game, &none, scores, OWARE_MAX_HOUSES, &n));
  CHECK(n == 6);
  EXPECT(oware_searcher_analyse(searcher, game, &depth4, NULL, 6, &n), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_searcher_analyse(searcher, game, &depth4, scores, 6, NULL), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_searcher_analyse(NULL, game, &depth4, scores, 6, &n), OWARE_RESULT_NULL_PARAMETER);
  oware_game_free(game);

  /* A forced win: F captures a and b and reaches 26. */
  game = game_at("0,0,0,0,0,2/1,1,1,0,0,0 s 22 21");
  OK(oware_searcher_search(searcher, game, &depth4, &first));
  CHECK(first.best_move == 5 && first.score.kind == OWARE_SCORE_KIND_WIN && first.score.plies >= 1);
  oware_game_free(game);
  game = game_at("0,0,0,0,0,0/0,0,0,0,0,2 s 21 25");
  EXPECT(oware_searcher_search(searcher, game, &depth4, &first), OWARE_RESULT_GAME_OVER);
  EXPECT(oware_searcher_analyse(searcher, game, &depth4, scores, OWARE_MAX_HOUSES, &n), OWARE_RESULT_GAME_OVER);

  /* Players. */
  oware_player *player = (oware_player *)&player;
  EXPECT(oware_player_new(0, 1, false, &player), OWARE_RESULT_INVALID_ARGUMENT);
  CHECK(player == NULL);
  EXPECT(oware_player_new(6, 1, false, &player), OWARE_RESULT_INVALID_ARGUMENT);
  EXPECT(oware_player_new(3, 1, false, NULL), OWARE_RESULT_NULL_PARAMETER);
  OK(oware_player_new(5, 42, false, &player));
  EXPECT(oware_player_set_time_budget(player, 0), OWARE_RESULT_INVALID_ARGUMENT);
  EXPECT(oware_player_set_time_budget(player, 86400001), OWARE_RESULT_INVALID_ARGUMENT);
  /* Why a budget is refused, in the words of Rust and Python. */
  EXPECT(oware_player_time_budget_check(0, ERR), OWARE_RESULT_INVALID_ARGUMENT);
  CHECK(strcmp(err, "time_ms must be 1 to 86400000, not 0") == 0);
  EXPECT(oware_player_time_budget_check(86400001, ERR), OWARE_RESULT_INVALID_ARGUMENT);
  CHECK(strcmp(err, "time_ms must be 1 to 86400000, not 86400001") == 0);
  OK(oware_player_time_budget_check(86400000, ERR));
  CHECK(err[0] == '\0');
  EXPECT(oware_player_time_budget_check(0, NULL, 0), OWARE_RESULT_INVALID_ARGUMENT);
  EXPECT(oware_player_set_threads(player, 65), OWARE_RESULT_INVALID_ARGUMENT);
  EXPECT(oware_player_set_time_budget(NULL, 100), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_player_set_threads(NULL, 1), OWARE_RESULT_NULL_PARAMETER);
  OK(oware_player_set_time_budget(player, 50));
  OK(oware_player_set_threads(player, 1));
  EXPECT(oware_player_set_book(NULL, false), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_player_set_auto_endgame(NULL, false), OWARE_RESULT_NULL_PARAMETER);
  OK(oware_player_set_book(player, false));
  OK(oware_player_set_auto_endgame(player, false));
  oware_player_free(player);
  OK(oware_player_new(2, 42, true, &player));
  /* Only level 5 has an opening book. */
  EXPECT(oware_player_set_book(player, true), OWARE_RESULT_INVALID_ARGUMENT);
  OK(oware_player_set_book(player, false));
  uint8_t m = 0;
  EXPECT(oware_player_choose(player, game, &m), OWARE_RESULT_GAME_OVER);
  EXPECT(oware_player_choose(player, game, NULL), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_player_choose(NULL, game, &m), OWARE_RESULT_NULL_PARAMETER);
  oware_game_free(game);

  /* Whole games against the engine, in every family. */
  play_game("abapa", player, searcher, 4);
  OK(oware_searcher_clear(searcher));
  play_game("kalah", player, searcher, 4);
  OK(oware_searcher_clear(searcher));
  play_game("congkak", player, searcher, 3);
  oware_player_free(player);

  /* Level 4 (an 8-ply search) against the engine at depth 2. */
  OK(oware_player_new(4, 1, true, &player));
  OK(oware_searcher_clear(searcher));
  play_game("abapa", player, searcher, 2);
  oware_player_free(player);
  oware_player_free(NULL);
  oware_searcher_free(searcher);
  oware_searcher_free(NULL);
}

/* The bytes of a file, in a buffer the caller frees; *size is their number. */
static unsigned char *read_file(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  CHECK(f != NULL);
  if (f == NULL) return NULL;
  size_t cap = 1 << 16, n = 0;
  unsigned char *bytes = malloc(cap);
  for (size_t got; (got = fread(bytes + n, 1, cap - n, f)) > 0;) {
    n += got;
    if (n == cap) bytes = realloc(bytes, cap *= 2);
  }
  fclose(f);
  *size = n;
  return bytes;
}

static void write_file(const char *path, const unsigned char *bytes, size_t size) {
  FILE *f = fopen(path, "wb");
  CHECK(f != NULL);
  if (f == NULL) return;
  CHECK(fwrite(bytes, 1, size, f) == size);
  fclose(f);
}

/* `oware_endgame_load` of `path`, expected to fail with `expected`. */
static void load_fails(const char *path, oware_result expected) {
  oware_endgame_database *endgame = (oware_endgame_database *)&endgame;
  EXPECT(oware_endgame_load(path, &endgame, NULL, 0), expected);
  CHECK(endgame == NULL);
}

static uint8_t max_seeds_of(const oware_endgame_database *endgame) {
  uint8_t max = 0;
  OK(oware_endgame_max_seeds(endgame, &max));
  return max;
}

static void test_endgame(void) {
  const uint32_t even = OWARE_CONVENTION_EVEN_SPLIT, own = OWARE_CONVENTION_EACH_TAKES_OWN;

  /* Building: every argument is checked, and *out cleared on failure. */
  oware_endgame_database *endgame = (oware_endgame_database *)&endgame;
  EXPECT(oware_endgame_build("kalah", even, 3, &endgame, NULL, 0), OWARE_RESULT_ENDGAME_UNSUPPORTED);
  CHECK(endgame == NULL);
  EXPECT(oware_endgame_build("chess", even, 3, &endgame, NULL, 0), OWARE_RESULT_PARSE_ERROR);
  EXPECT(oware_endgame_build(NOT_UTF8, even, 3, &endgame, NULL, 0), OWARE_RESULT_PARSE_ERROR);
  EXPECT(oware_endgame_build("abapa", 2, 3, &endgame, NULL, 0), OWARE_RESULT_INVALID_ARGUMENT);
  EXPECT(oware_endgame_build("abapa", even, 49, &endgame, NULL, 0), OWARE_RESULT_INVALID_ARGUMENT);
  EXPECT(oware_endgame_build("abapa", even, 40, &endgame, NULL, 0), OWARE_RESULT_INVALID_ARGUMENT); /* 2^31 positions */
  EXPECT(oware_endgame_build(NULL, even, 3, &endgame, NULL, 0), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_endgame_build("abapa", even, 3, NULL, NULL, 0), OWARE_RESULT_NULL_PARAMETER);
  CHECK(endgame == NULL);

  /* Abapa's convention, up to 6 seeds on the board. */
  OK(oware_endgame_build("abapa", own, 6, &endgame, NULL, 0));
  CHECK(max_seeds_of(endgame) == 6);
  uint8_t max = 0;
  EXPECT(oware_endgame_max_seeds(NULL, &max), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_endgame_max_seeds(endgame, NULL), OWARE_RESULT_NULL_PARAMETER);
  oware_convention convention = OWARE_CONVENTION_EVEN_SPLIT;
  OK(oware_endgame_convention(endgame, &convention));
  CHECK(convention == OWARE_CONVENTION_EACH_TAKES_OWN);
  EXPECT(oware_endgame_convention(NULL, &convention), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_endgame_convention(endgame, NULL), OWARE_RESULT_NULL_PARAMETER);
  char text[16];
  size_t n = 0;
  OK(oware_endgame_ruleset_to_str(endgame, text, sizeof text, &n));
  CHECK(strcmp(text, "abapa") == 0 && n == 5);
  EXPECT(oware_endgame_ruleset_to_str(endgame, text, 5, &n), OWARE_RESULT_INSUFFICIENT_SIZE);
  CHECK(n == 6 && text[0] == '\0');
  EXPECT(oware_endgame_ruleset_to_str(NULL, text, sizeof text, &n), OWARE_RESULT_NULL_PARAMETER);

  /* The hand-worked position: South's F (1 seed) makes North's a 2 and
   * captures it; North's last seed cannot feed South, so North takes it
   * (R8): 2 - 1, exactly 1 for South. */
  oware_game *game = game_at("0,0,0,0,0,1/1,1,0,0,0,0 s 24 21");
  oware_probe_result probe;
  uint8_t best[OWARE_MAX_HOUSES];
  OK(oware_endgame_probe(endgame, game, &probe, best, sizeof best, &n));
  CHECK(probe.exact && probe.lower == 1 && probe.upper == 1 && probe.seeds == 3);
  CHECK(probe.safe && probe.plies >= 1 && probe.plies < 65535);
  CHECK(n == probe.best_moves_len && n >= 1 && best[0] == 5); /* F */
  /* The value alone: the summary comes with the size needed. */
  memset(&probe, 0, sizeof probe);
  EXPECT(oware_endgame_probe(endgame, game, &probe, NULL, 0, &n), OWARE_RESULT_INSUFFICIENT_SIZE);
  CHECK(n >= 1 && n == probe.best_moves_len && probe.lower == 1 && probe.exact);
  EXPECT(oware_endgame_probe(endgame, game, &probe, NULL, 3, &n), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_endgame_probe(endgame, game, &probe, best, sizeof best, NULL), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_endgame_probe(endgame, game, NULL, best, sizeof best, &n), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_endgame_probe(endgame, NULL, &probe, best, sizeof best, &n), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_endgame_probe(NULL, game, &probe, best, sizeof best, &n), OWARE_RESULT_NULL_PARAMETER);
  /* North to move in the mirror image: f, pit 11. */
  oware_game *mirror = game_at("1,1,0,0,0,0/0,0,0,0,0,1 n 21 24");
  OK(oware_endgame_probe(endgame, mirror, &probe, best, sizeof best, &n));
  CHECK(probe.exact && probe.lower == 1 && best[0] == 11);
  oware_game_free(mirror);

  /* Probe errors: too many seeds, another ruleset, the game over. */
  oware_game *other = game_new("abapa");
  EXPECT(oware_endgame_probe(endgame, other, &probe, best, sizeof best, &n), OWARE_RESULT_ENDGAME_TOO_MANY_SEEDS);
  oware_game_free(other);
  other = game_at("0,0,0,0,0,1/1,0,0,0,0,0 s 34 36 kalah(6,6)");
  EXPECT(oware_endgame_probe(endgame, other, &probe, best, sizeof best, &n), OWARE_RESULT_ENDGAME_WRONG_RULESET);
  oware_game_free(other);
  other = game_at("0,0,0,0,0,0/0,0,0,0,0,2 s 21 25");
  EXPECT(oware_endgame_probe(endgame, other, &probe, best, sizeof best, &n), OWARE_RESULT_GAME_OVER);
  oware_game_free(other);

  /* A level-5 player with the database: it holds its own reference, so the
   * handle may be freed first (ASan would see a use after free). */
  oware_player *player = NULL;
  OK(oware_player_new(5, 1, true, &player));
  EXPECT(oware_player_set_endgame(NULL, endgame), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_player_set_endgame(player, NULL), OWARE_RESULT_NULL_PARAMETER);
  OK(oware_player_set_endgame(player, endgame));

  /* Files: a directory of our own. */
  const char *tmp = getenv("TMPDIR");
  char dir[512];
  snprintf(dir, sizeof dir, "%s/oware-smoke-XXXXXX", tmp != NULL && tmp[0] != '\0' ? tmp : "/tmp");
  CHECK(mkdtemp(dir) != NULL);
  char path[600], bad[600], missing[600];
  snprintf(path, sizeof path, "%s/own-00.owdb", dir); /* a whole database, named as layer 0 */
  snprintf(bad, sizeof bad, "%s/bad.owdb", dir);
  snprintf(missing, sizeof missing, "%s/missing", dir);
  OK(oware_endgame_save(endgame, path, NULL, 0));
  EXPECT(oware_endgame_save(NULL, path, NULL, 0), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_endgame_save(endgame, NULL, NULL, 0), OWARE_RESULT_NULL_PARAMETER);
  char nowhere[620];
  snprintf(nowhere, sizeof nowhere, "%s/x.owdb", missing);
  char expected[700];
  snprintf(expected, sizeof expected, "%s: No such file or directory (os error 2)", nowhere);
  EXPECT_MSG(oware_endgame_save(endgame, nowhere, ERR), OWARE_RESULT_ENDGAME_IO, expected);
  EXPECT_MSG(oware_endgame_save(endgame, path, ERR), OWARE_RESULT_OK, "");
  oware_endgame_free(endgame);
  oware_endgame_free(NULL);

  uint8_t m = OWARE_NO_MOVE;
  OK(oware_player_choose(player, game, &m));
  CHECK(m == 5); /* F */
  oware_player_free(player);

  /* One file back; the probe is the same. */
  endgame = NULL;
  OK(oware_endgame_load(path, &endgame, NULL, 0));
  CHECK(max_seeds_of(endgame) == 6);
  OK(oware_endgame_probe(endgame, game, &probe, best, sizeof best, &n));
  CHECK(probe.exact && probe.lower == 1 && best[0] == 5);
  oware_endgame_free(endgame);
  EXPECT(oware_endgame_load(NULL, &endgame, NULL, 0), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_endgame_load(path, NULL, NULL, 0), OWARE_RESULT_NULL_PARAMETER);

  /* The directory: Abapa's layers; none of the other convention (an empty
   * database, in which nothing can be probed); no directory at all (the same). */
  endgame = NULL;
  OK(oware_endgame_load_dir(dir, "abapa", own, &endgame, NULL, 0));
  CHECK(max_seeds_of(endgame) == 6);
  oware_endgame_free(endgame);
  OK(oware_endgame_load_dir(dir, "abapa", even, &endgame, NULL, 0));
  CHECK(max_seeds_of(endgame) == OWARE_ENDGAME_NO_LAYERS);
  EXPECT(oware_endgame_probe(endgame, game, &probe, best, sizeof best, &n), OWARE_RESULT_ENDGAME_TOO_MANY_SEEDS);
  EXPECT(oware_endgame_save(endgame, bad, NULL, 0), OWARE_RESULT_INVALID_ARGUMENT); /* nothing to save */
  oware_endgame_free(endgame);
  snprintf(expected, sizeof expected, "%s: cannot read the database: No such file or directory (os error 2)",
           missing);
  EXPECT_MSG(oware_endgame_load_dir(missing, "abapa", own, &endgame, ERR), OWARE_RESULT_ENDGAME_IO, expected);
  EXPECT_MSG(oware_endgame_load(missing, &endgame, ERR), OWARE_RESULT_ENDGAME_IO, expected);
  CHECK(endgame == NULL);
  endgame = (oware_endgame_database *)&endgame;
  EXPECT(oware_endgame_load_dir(dir, "kalah", own, &endgame, NULL, 0), OWARE_RESULT_ENDGAME_UNSUPPORTED);
  CHECK(endgame == NULL);
  EXPECT(oware_endgame_load_dir(dir, "awale", own, &endgame, NULL, 0), OWARE_RESULT_ENDGAME_MISMATCH);
  OK(oware_endgame_load_dir(dir, "openspiel", own, &endgame, NULL, 0)); /* moves and captures as Abapa */
  CHECK(max_seeds_of(endgame) == 6);
  oware_endgame_free(endgame);
  EXPECT(oware_endgame_load_dir(dir, NOT_UTF8, own, &endgame, NULL, 0), OWARE_RESULT_PARSE_ERROR);
  EXPECT(oware_endgame_load_dir(dir, "abapa", 7, &endgame, NULL, 0), OWARE_RESULT_INVALID_ARGUMENT);
  EXPECT(oware_endgame_load_dir(NULL, "abapa", own, &endgame, NULL, 0), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_endgame_load_dir(dir, NULL, own, &endgame, NULL, 0), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_endgame_load_dir(dir, "abapa", own, NULL, NULL, 0), OWARE_RESULT_NULL_PARAMETER);

  /* Damaged files are refused, each with its code. */
  size_t size = 0;
  unsigned char *bytes = read_file(path, &size);
  CHECK(bytes != NULL && size > 64);
  if (bytes != NULL && size > 64) {
    load_fails(missing, OWARE_RESULT_ENDGAME_IO);
    load_fails(dir, OWARE_RESULT_ENDGAME_IO); /* a directory */
    write_file(bad, bytes, size - 1);
    load_fails(bad, OWARE_RESULT_ENDGAME_TRUNCATED);
    snprintf(expected, sizeof expected, "%s: the database file is truncated", bad);
    EXPECT_MSG(oware_endgame_load(bad, &endgame, ERR), OWARE_RESULT_ENDGAME_TRUNCATED, expected);
    bytes[size / 2] ^= 0x20;
    write_file(bad, bytes, size);
    load_fails(bad, OWARE_RESULT_ENDGAME_CHECKSUM);
    bytes[size / 2] ^= 0x20;
    bytes[8] = 99; /* the format version */
    write_file(bad, bytes, size);
    load_fails(bad, OWARE_RESULT_ENDGAME_VERSION);
    bytes[8] = 1;
    bytes[10] = 7; /* the convention */
    write_file(bad, bytes, size);
    load_fails(bad, OWARE_RESULT_ENDGAME_CORRUPT);
    bytes[10] = 1;
    bytes[11] = 2; /* the first layer: 2 seeds, not 0 */
    bytes[12] = 6;
    write_file(bad, bytes, size);
    load_fails(bad, OWARE_RESULT_ENDGAME_MISMATCH);
    memcpy(bytes, "NOTOWARE", 8);
    write_file(bad, bytes, size);
    load_fails(bad, OWARE_RESULT_ENDGAME_NOT_A_DATABASE);
    /* A bad layer file in a directory is an error, not its end. */
    write_file(path, bytes, size);
    snprintf(expected, sizeof expected, "%s: not an oware endgame database (bad magic bytes)", path);
    EXPECT_MSG(oware_endgame_load_dir(dir, "abapa", own, &endgame, ERR), OWARE_RESULT_ENDGAME_NOT_A_DATABASE,
               expected);
    CHECK(endgame == NULL);
  }
  free(bytes);
  oware_game_free(game);
  CHECK(remove(path) == 0 && remove(bad) == 0 && rmdir(dir) == 0);
}

/* The stop flag the signal handler and the stopping thread set. */
static oware_stop *stop_flag = NULL;

static void on_signal(int signal) {
  (void)signal;
  (void)oware_stop_request(stop_flag); /* one atomic store: async-signal-safe */
}

/* Waits 50 ms, then interrupts the thread `arg` points to with SIGUSR1,
 * whose handler sets the stop flag. */
static void *interrupt_later(void *arg) {
  struct timespec wait = {0, 50 * 1000 * 1000};
  nanosleep(&wait, NULL);
  pthread_kill(*(pthread_t *)arg, SIGUSR1);
  return NULL;
}

/* Waits 50 ms, then sets the stop flag from this thread. */
static void *stop_later(void *arg) {
  (void)arg;
  struct timespec wait = {0, 50 * 1000 * 1000};
  nanosleep(&wait, NULL);
  (void)oware_stop_request(stop_flag);
  return NULL;
}

static void test_stop(void) {
  EXPECT(oware_stop_new(NULL), OWARE_RESULT_NULL_PARAMETER);
  OK(oware_stop_new(&stop_flag));
  CHECK(stop_flag != NULL);
  bool set = true;
  OK(oware_stop_is_requested(stop_flag, &set));
  CHECK(!set);
  oware_game *game = game_new("abapa");
  uint64_t nodes = 0;
  OK(oware_game_perft_with_stop(game, 4, NULL, &nodes));
  CHECK(nodes == 1014);
  OK(oware_game_perft_with_stop(game, 4, stop_flag, &nodes));
  CHECK(nodes == 1014);

  /* A flag set before the call: stopped at once. */
  OK(oware_stop_request(stop_flag));
  OK(oware_stop_is_requested(stop_flag, &set));
  CHECK(set);
  nodes = 7;
  EXPECT(oware_game_perft_with_stop(game, 30, stop_flag, &nodes), OWARE_RESULT_STOPPED);
  CHECK(nodes == 7);
  oware_endgame_database *endgame = (oware_endgame_database *)&nodes;
  EXPECT(oware_endgame_build_with_stop("abapa", OWARE_CONVENTION_EVEN_SPLIT, 20, stop_flag, &endgame, NULL, 0),
         OWARE_RESULT_STOPPED);
  CHECK(endgame == NULL);
  EXPECT(oware_endgame_build_with_stop("abapa", OWARE_CONVENTION_EVEN_SPLIT, 3, NULL, NULL, NULL, 0),
         OWARE_RESULT_NULL_PARAMETER);

  /* A searcher and a player given the flag stop after one iteration. */
  oware_searcher *searcher = NULL;
  OK(oware_searcher_new(1 << 16, &searcher));
  OK(oware_searcher_set_stop(searcher, stop_flag));
  EXPECT(oware_searcher_set_stop(searcher, NULL), OWARE_RESULT_NULL_PARAMETER);
  oware_search_limits depth40 = {40, 0, 0};
  oware_search_result result;
  OK(oware_searcher_search(searcher, game, &depth40, &result));
  CHECK(result.depth == 1);
  oware_searcher_free(searcher);
  oware_player *player = NULL;
  OK(oware_player_new(4, 1, false, &player));
  OK(oware_player_set_stop(player, stop_flag));
  EXPECT(oware_player_set_stop(NULL, stop_flag), OWARE_RESULT_NULL_PARAMETER);
  uint8_t move = OWARE_NO_MOVE;
  OK(oware_player_choose(player, game, &move));
  CHECK(move < 6);
  oware_player_free(player);

  /* Set from another thread while perft(30) runs. */
  OK(oware_stop_reset(stop_flag));
  OK(oware_stop_is_requested(stop_flag, &set));
  CHECK(!set);
  pthread_t stopper;
  CHECK(pthread_create(&stopper, NULL, stop_later, NULL) == 0);
  EXPECT(oware_game_perft_with_stop(game, 30, stop_flag, &nodes), OWARE_RESULT_STOPPED);
  pthread_join(stopper, NULL);

  /* Set by a signal handler (as for Ctrl-C) while perft(30) runs. */
  OK(oware_stop_reset(stop_flag));
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  CHECK(sigaction(SIGUSR1, &action, NULL) == 0);
  pthread_t self = pthread_self();
  CHECK(pthread_create(&stopper, NULL, interrupt_later, &self) == 0);
  EXPECT(oware_game_perft_with_stop(game, 30, stop_flag, &nodes), OWARE_RESULT_STOPPED);
  pthread_join(stopper, NULL);
  signal(SIGUSR1, SIG_DFL);

  EXPECT(oware_stop_request(NULL), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_stop_reset(NULL), OWARE_RESULT_NULL_PARAMETER);
  EXPECT(oware_stop_is_requested(stop_flag, NULL), OWARE_RESULT_NULL_PARAMETER);
  oware_stop_free(stop_flag);
  oware_stop_free(NULL);
  stop_flag = NULL;
  oware_game_free(game);
}

int main(void) {
  printf("oware %s (header %d.%d.%d)\n", oware_version(), OWARE_VERSION_MAJOR, OWARE_VERSION_MINOR,
         OWARE_VERSION_PATCH);
  test_messages();
  test_text();
  test_creation();
  test_error_messages();
  test_queries();
  test_moves();
  test_explain();
  test_records();
  test_engine();
  test_endgame();
  test_stop();
  printf("smoke: %d passed, %d failed\n", passed, failed);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
