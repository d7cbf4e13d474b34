//! The SQLite store: games (with their record and seats) and the results
//! against each machine for the leaderboard.
//!
//! The schema is made for games of any kind: a game has an id, a kind
//! (`machine` now; `live` for the 1-v-1 games by link to come), its ruleset,
//! the library's record of it, and one seat a side (a person with an
//! optional name and a secret token for live games, or a machine level).

use std::path::Path;
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

/// The tables, created when missing.
const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id      TEXT PRIMARY KEY,              -- as in the link /game/<id>
    kind    TEXT NOT NULL CHECK (kind IN ('machine', 'live')),
    ruleset TEXT NOT NULL,                 -- the ruleset's text, e.g. abapa
    record  TEXT NOT NULL,                 -- the library's game record
    result  TEXT,                          -- 1-0, 0-1, 1/2-1/2; NULL while it goes on
    created INTEGER NOT NULL,              -- unix seconds
    updated INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    side    TEXT NOT NULL CHECK (side IN ('south', 'north')),
    kind    TEXT NOT NULL CHECK (kind IN ('person', 'machine')),
    level   INTEGER,                       -- a machine's level, 1 to 5
    name    TEXT NOT NULL DEFAULT '',      -- a person's name, '' for none
    token   TEXT,                          -- a live game's seat secret
    PRIMARY KEY (game_id, side)
);
CREATE TABLE IF NOT EXISTS results (
    game_id TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    name    TEXT NOT NULL,
    level   INTEGER NOT NULL,
    ruleset TEXT NOT NULL,
    side    TEXT NOT NULL,                 -- the person's side
    person  INTEGER NOT NULL,              -- the person's seeds
    machine INTEGER NOT NULL,              -- the machine's seeds
    outcome TEXT NOT NULL CHECK (outcome IN ('win', 'draw', 'loss')),
    ended   INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS games_open ON games(result) WHERE result IS NULL;
-- A game that does not count on the leaderboard, and why (set up, hinted, undone).
CREATE TABLE IF NOT EXISTS unranked (
    game_id TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    why     TEXT NOT NULL
);
-- A live game's seat still open: the code of the link that takes it, once.
CREATE TABLE IF NOT EXISTS invites (
    game_id TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    side    TEXT NOT NULL CHECK (side IN ('south', 'north')),
    code    TEXT NOT NULL
);
-- A live game's clock: base_ms,increment_ms,south_ms,north_ms,since_ms
-- (since_ms: when the side to move's time began to run, empty before).
CREATE TABLE IF NOT EXISTS clocks (
    game_id TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    state   TEXT NOT NULL
);
-- A leaderboard name, kept by the browser that first used it: its secret.
CREATE TABLE IF NOT EXISTS names (
    name    TEXT PRIMARY KEY COLLATE NOCASE,
    secret  TEXT NOT NULL,
    claimed INTEGER NOT NULL
);
";

/// A game against the machine as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredGame {
    /// Its id.
    pub id: String,
    /// The ruleset's text.
    pub ruleset: String,
    /// The game record.
    pub record: String,
    /// The result, once over.
    pub result: Option<String>,
    /// The person's side (`south` or `north`).
    pub side: String,
    /// The person's name.
    pub name: String,
    /// The machine's level.
    pub level: u8,
    /// Why the game does not count on the leaderboard, if it does not.
    pub unranked: Option<String>,
}

/// A live game as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredLive {
    /// Its id.
    pub id: String,
    /// The ruleset's text.
    pub ruleset: String,
    /// The game record.
    pub record: String,
    /// The seats' secret tokens, South's then North's.
    pub tokens: [String; 2],
    /// The players' names, South's then North's ("" for none yet).
    pub names: [String; 2],
    /// The seat still open and the code of the link that takes it.
    pub invite: Option<(String, String)>,
    /// The clock's state, if the game has one (`clocks.state`).
    pub clock: Option<String>,
}

/// A finished ranked game against a machine, for the leaderboard.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameResult {
    /// The person's name ("" for none).
    pub name: String,
    /// The machine's level.
    pub level: u8,
    /// The ruleset's text.
    pub ruleset: String,
    /// The person's side.
    pub side: String,
    /// The person's seeds.
    pub person: u8,
    /// The machine's seeds.
    pub machine: u8,
    /// `win`, `draw` or `loss`, for the person.
    pub outcome: String,
}

/// One name's standing against one machine.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Standing {
    /// The name ("" for those who gave none).
    pub name: String,
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

/// One machine's leaderboard under one ruleset.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LevelBoard {
    /// The ruleset's text.
    pub ruleset: String,
    /// The machine's level.
    pub level: u8,
    /// The best standings against it, most points first (a win 1, a draw ½).
    pub standings: Vec<Standing>,
    /// The latest results against it, newest first.
    pub recent: Vec<GameResult>,
}

/// The store: one connection, used from blocking threads.
#[derive(Debug)]
pub struct Store {
    conn: Mutex<Connection>,
}

/// Seconds since 1970.
fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

impl Store {
    /// Opens (or creates) the database at `path`.
    pub fn open(path: &Path) -> rusqlite::Result<Store> {
        let conn = Connection::open(path)?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        // With WAL, NORMAL syncs at checkpoints, not at every move: a crash
        // of the server loses nothing, a power cut at most the last moves.
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.execute_batch(SCHEMA)?;
        Ok(Store {
            conn: Mutex::new(conn),
        })
    }

    /// Runs `f` on the connection.
    fn with<T>(
        &self,
        f: impl FnOnce(&mut Connection) -> rusqlite::Result<T>,
    ) -> rusqlite::Result<T> {
        let mut conn = self
            .conn
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        f(&mut conn)
    }

    /// Stores a new game against the machine with its two seats.
    pub fn insert_game(&self, game: &StoredGame) -> rusqlite::Result<()> {
        self.with(|conn| {
            let tx = conn.transaction()?;
            insert_row(&tx, "machine", &game.id, &game.ruleset, &game.record)?;
            let machine_side = if game.side == "south" {
                "north"
            } else {
                "south"
            };
            tx.execute(
                "INSERT INTO seats (game_id, side, kind, name) VALUES (?1, ?2, 'person', ?3)",
                params![game.id, game.side, game.name],
            )?;
            tx.execute(
                "INSERT INTO seats (game_id, side, kind, level) VALUES (?1, ?2, 'machine', ?3)",
                params![game.id, machine_side, game.level],
            )?;
            if let Some(why) = &game.unranked {
                tx.execute(
                    "INSERT INTO unranked (game_id, why) VALUES (?1, ?2)",
                    params![game.id, why],
                )?;
            }
            tx.commit()
        })
    }

    /// Marks game `id` as not counting on the leaderboard, for `why`; the
    /// first reason given is kept.
    pub fn mark_unranked(&self, id: &str, why: &str) -> rusqlite::Result<()> {
        self.with(|conn| {
            conn.execute(
                "INSERT OR IGNORE INTO unranked (game_id, why) VALUES (?1, ?2)",
                params![id, why],
            )
            .map(drop)
        })
    }

    /// Whether `name` may be played under with `secret`: a name nobody has
    /// used is claimed for the secret; a claimed one takes only its own
    /// (names are compared without case).
    pub fn claim_name(&self, name: &str, secret: &str) -> rusqlite::Result<bool> {
        self.with(|conn| {
            conn.execute(
                "INSERT OR IGNORE INTO names (name, secret, claimed) VALUES (?1, ?2, ?3)",
                params![name, secret, now()],
            )?;
            let kept: String = conn.query_row(
                "SELECT secret FROM names WHERE name = ?1",
                params![name],
                |row| row.get(0),
            )?;
            Ok(kept == secret)
        })
    }

    /// Replaces a game's record and result (after a move or an undo).
    pub fn update_record(
        &self,
        id: &str,
        record: &str,
        result: Option<&str>,
    ) -> rusqlite::Result<()> {
        self.with(|conn| {
            conn.execute(
                "UPDATE games SET record = ?2, result = ?3, updated = ?4 WHERE id = ?1",
                params![id, record, result, now()],
            )
            .map(drop)
        })
    }

    /// The game against the machine with id `id`, if stored.
    pub fn game(&self, id: &str) -> rusqlite::Result<Option<StoredGame>> {
        self.with(|conn| {
            game_row(
                conn,
                "SELECT g.id, g.ruleset, g.record, g.result, p.side, p.name, m.level, u.why
                 FROM games g
                 JOIN seats p ON p.game_id = g.id AND p.kind = 'person'
                 JOIN seats m ON m.game_id = g.id AND m.kind = 'machine'
                 LEFT JOIN unranked u ON u.game_id = g.id
                 WHERE g.id = ?1 AND g.kind = 'machine'",
                id,
                |row| {
                    Ok(StoredGame {
                        id: row.get(0)?,
                        ruleset: row.get(1)?,
                        record: row.get(2)?,
                        result: row.get(3)?,
                        side: row.get(4)?,
                        name: row.get(5)?,
                        level: row.get(6)?,
                        unranked: row.get(7)?,
                    })
                },
            )
        })
    }

    /// Stores a new live game with its two seats' secret tokens.
    pub fn insert_live(&self, game: &StoredLive) -> rusqlite::Result<()> {
        self.with(|conn| {
            let tx = conn.transaction()?;
            insert_row(&tx, "live", &game.id, &game.ruleset, &game.record)?;
            let seats = [("south", 0), ("north", 1)];
            for (side, i) in seats {
                tx.execute(
                    "INSERT INTO seats (game_id, side, kind, token, name) VALUES (?1, ?2, 'person', ?3, ?4)",
                    params![game.id, side, game.tokens[i], game.names[i]],
                )?;
            }
            if let Some((side, code)) = &game.invite {
                tx.execute(
                    "INSERT INTO invites (game_id, side, code) VALUES (?1, ?2, ?3)",
                    params![game.id, side, code],
                )?;
            }
            if let Some(clock) = &game.clock {
                tx.execute(
                    "INSERT INTO clocks (game_id, state) VALUES (?1, ?2)",
                    params![game.id, clock],
                )?;
            }
            tx.commit()
        })
    }

    /// The live game with id `id`, if stored.
    pub fn live_game(&self, id: &str) -> rusqlite::Result<Option<StoredLive>> {
        self.with(|conn| {
            game_row(
                conn,
                "SELECT g.ruleset, g.record, s.token, n.token, s.name, n.name, i.side, i.code, c.state
                 FROM games g
                 JOIN seats s ON s.game_id = g.id AND s.side = 'south'
                 JOIN seats n ON n.game_id = g.id AND n.side = 'north'
                 LEFT JOIN invites i ON i.game_id = g.id
                 LEFT JOIN clocks c ON c.game_id = g.id
                 WHERE g.id = ?1 AND g.kind = 'live'",
                id,
                |row| {
                    let side: Option<String> = row.get(6)?;
                    let code: Option<String> = row.get(7)?;
                    Ok(StoredLive {
                        id: id.to_owned(),
                        ruleset: row.get(0)?,
                        record: row.get(1)?,
                        tokens: [row.get(2)?, row.get(3)?],
                        names: [row.get(4)?, row.get(5)?],
                        invite: side.zip(code),
                        clock: row.get(8)?,
                    })
                },
            )
        })
    }

    /// Replaces live game `id`'s clock state.
    pub fn update_clock(&self, id: &str, state: &str) -> rusqlite::Result<()> {
        self.with(|conn| {
            conn.execute(
                "UPDATE clocks SET state = ?2 WHERE game_id = ?1",
                params![id, state],
            )
            .map(drop)
        })
    }

    /// Takes the open seat of live game `id` with the link's `code`, for
    /// `name`: its side, if the code is the game's and the seat still
    /// open (the first to come takes it; the code is then spent).
    pub fn take_seat(&self, id: &str, code: &str, name: &str) -> rusqlite::Result<Option<String>> {
        self.with(|conn| {
            let tx = conn.transaction()?;
            let side: Option<String> = tx
                .query_row(
                    "DELETE FROM invites WHERE game_id = ?1 AND code = ?2 RETURNING side",
                    params![id, code],
                    |row| row.get(0),
                )
                .optional()?;
            if let Some(side) = &side {
                tx.execute(
                    "UPDATE seats SET name = ?3 WHERE game_id = ?1 AND side = ?2",
                    params![id, side, name],
                )?;
            }
            tx.commit()?;
            Ok(side)
        })
    }

    /// Deletes the live games going on with no move for `idle_secs`
    /// seconds or more, and gives their ids.
    pub fn expire_live(&self, idle_secs: i64) -> rusqlite::Result<Vec<String>> {
        self.with(|conn| {
            conn.prepare_cached(
                "DELETE FROM games WHERE kind = 'live' AND result IS NULL AND updated <= ?1 RETURNING id",
            )?
            .query_map(params![now().saturating_sub(idle_secs)], |row| row.get(0))?
            .collect()
        })
    }

    /// The games still going on.
    pub fn open_games(&self) -> rusqlite::Result<u64> {
        self.with(|conn| {
            conn.query_row(
                "SELECT COUNT(*) FROM games WHERE result IS NULL",
                [],
                |row| row.get(0),
            )
        })
    }

    /// Records the result of game `id` for the leaderboard.
    pub fn insert_result(&self, id: &str, result: &GameResult) -> rusqlite::Result<()> {
        self.with(|conn| {
            conn.execute(
                "INSERT OR REPLACE INTO results (game_id, name, level, ruleset, side, person, machine, outcome, ended)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                params![
                    id,
                    result.name,
                    result.level,
                    result.ruleset,
                    result.side,
                    result.person,
                    result.machine,
                    result.outcome,
                    now()
                ],
            )
            .map(drop)
        })
    }

    /// The leaderboard of every level under `ruleset` (its text): the ten
    /// best standings and the ten latest results against each machine.
    pub fn leaderboard(&self, ruleset: &str) -> rusqlite::Result<Vec<LevelBoard>> {
        self.with(|conn| {
            (1..=5u8)
                .map(|level| {
                    Ok(LevelBoard {
                        ruleset: ruleset.to_owned(),
                        level,
                        standings: standings(conn, ruleset, level)?,
                        recent: recent(conn, ruleset, level)?,
                    })
                })
                .collect()
        })
    }
}

/// The row `sql` gives for game `id`, read by `read`, if there is one.
fn game_row<T>(
    conn: &Connection,
    sql: &str,
    id: &str,
    read: impl FnOnce(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
) -> rusqlite::Result<Option<T>> {
    conn.query_row(sql, params![id], read).optional()
}

/// Adds the `games` row of a new game of `kind`, going on.
fn insert_row(
    tx: &rusqlite::Transaction<'_>,
    kind: &str,
    id: &str,
    ruleset: &str,
    record: &str,
) -> rusqlite::Result<()> {
    tx.execute(
        "INSERT INTO games (id, kind, ruleset, record, created, updated) VALUES (?1, ?2, ?3, ?4, ?5, ?5)",
        params![id, kind, ruleset, record, now()],
    )
    .map(drop)
}

/// The rows `sql` gives for `ruleset` and `level`, each read by `read`.
fn level_rows<T>(
    conn: &Connection,
    sql: &str,
    ruleset: &str,
    level: u8,
    read: impl FnMut(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
) -> rusqlite::Result<Vec<T>> {
    conn.prepare_cached(sql)?
        .query_map(params![ruleset, level], read)?
        .collect()
}

/// The ten best standings against `level` under `ruleset`.
fn standings(conn: &Connection, ruleset: &str, level: u8) -> rusqlite::Result<Vec<Standing>> {
    let sql = "SELECT name, SUM(outcome = 'win'), SUM(outcome = 'draw'), SUM(outcome = 'loss')
         FROM results WHERE ruleset = ?1 AND level = ?2 GROUP BY name
         ORDER BY 2.0 * SUM(outcome = 'win') + SUM(outcome = 'draw') DESC, COUNT(*) ASC, name
         LIMIT 10";
    level_rows(conn, sql, ruleset, level, |row| {
        Ok(Standing {
            name: row.get(0)?,
            wins: row.get(1)?,
            draws: row.get(2)?,
            losses: row.get(3)?,
        })
    })
}

/// The ten latest results against `level` under `ruleset`.
fn recent(conn: &Connection, ruleset: &str, level: u8) -> rusqlite::Result<Vec<GameResult>> {
    let sql = "SELECT name, level, ruleset, side, person, machine, outcome FROM results
         WHERE ruleset = ?1 AND level = ?2 ORDER BY ended DESC, rowid DESC LIMIT 10";
    level_rows(conn, sql, ruleset, level, |row| {
        Ok(GameResult {
            name: row.get(0)?,
            level: row.get(1)?,
            ruleset: row.get(2)?,
            side: row.get(3)?,
            person: row.get(4)?,
            machine: row.get(5)?,
            outcome: row.get(6)?,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(id: &str) -> StoredGame {
        StoredGame {
            id: id.into(),
            ruleset: "abapa".into(),
            record: "[Variant \"abapa\"]\n[Result \"*\"]\n\n*\n".into(),
            result: None,
            side: "north".into(),
            name: "Ama".into(),
            level: 3,
            unranked: None,
        }
    }

    #[test]
    fn a_game_comes_back_with_its_seats() {
        let store = Store::open(Path::new(":memory:")).unwrap();
        store.insert_game(&game("g1")).unwrap();
        store.update_record("g1", "CfBa", None).unwrap();
        let back = store.game("g1").unwrap().unwrap();
        assert_eq!(
            back,
            StoredGame {
                record: "CfBa".into(),
                ..game("g1")
            }
        );
        assert_eq!(store.game("nope").unwrap(), None);
        assert_eq!(store.open_games().unwrap(), 1);
    }

    #[test]
    fn a_live_game_comes_back_with_its_tokens_and_expires() {
        let store = Store::open(Path::new(":memory:")).unwrap();
        let live = StoredLive {
            id: "L1".into(),
            ruleset: "abapa".into(),
            record: "CfBa".into(),
            tokens: ["s3cret".into(), "n0rth".into()],
            names: ["Ama".into(), String::new()],
            invite: Some(("north".into(), "c0de".into())),
            clock: Some("300000,3000,300000,300000,".into()),
        };
        store.insert_live(&live).unwrap();
        store.insert_game(&game("g1")).unwrap();
        assert_eq!(store.live_game("L1").unwrap(), Some(live.clone()));
        assert_eq!(store.take_seat("L1", "guess", "Kofi").unwrap(), None);
        assert_eq!(
            store.take_seat("L1", "c0de", "Kofi").unwrap().as_deref(),
            Some("north")
        );
        assert_eq!(
            store.take_seat("L1", "c0de", "Yaw").unwrap(),
            None,
            "the code is spent"
        );
        let taken = StoredLive {
            names: ["Ama".into(), "Kofi".into()],
            invite: None,
            ..live
        };
        assert_eq!(store.live_game("L1").unwrap(), Some(taken));
        assert_eq!(
            store.live_game("g1").unwrap(),
            None,
            "a game against the machine"
        );
        assert_eq!(store.expire_live(3600).unwrap(), Vec::<String>::new());
        assert_eq!(store.expire_live(0).unwrap(), ["L1"]);
        assert_eq!(store.live_game("L1").unwrap(), None);
        assert!(
            store.game("g1").unwrap().is_some(),
            "only live games expire"
        );
    }

    #[test]
    fn the_leaderboard_ranks_wins_then_draws() {
        let store = Store::open(Path::new(":memory:")).unwrap();
        let outcomes = [
            ("g1", "Ama", "draw"),
            ("g2", "Kofi", "win"),
            ("g3", "Ama", "draw"),
            ("g4", "Ama", "draw"),
        ];
        for (id, name, outcome) in outcomes {
            store.insert_game(&game(id)).unwrap();
            let result = GameResult {
                name: name.into(),
                level: 3,
                ruleset: "abapa".into(),
                side: "north".into(),
                person: 24,
                machine: 24,
                outcome: outcome.into(),
            };
            store.insert_result(id, &result).unwrap();
        }
        let boards = store.leaderboard("abapa").unwrap();
        let names: Vec<(&str, u32, u32)> = boards[2]
            .standings
            .iter()
            .map(|s| (s.name.as_str(), s.wins, s.draws))
            .collect();
        assert_eq!(names, [("Ama", 0, 3), ("Kofi", 1, 0)]);
        assert_eq!(boards[2].recent.len(), 4);
        assert!(boards[0].standings.is_empty());
        let kalah = store.leaderboard("kalah").unwrap();
        assert!(
            kalah
                .iter()
                .all(|b| b.standings.is_empty() && b.ruleset == "kalah"),
            "each ruleset has its own leaderboard"
        );
    }

    #[test]
    fn a_name_is_kept_by_the_secret_that_claimed_it() {
        let store = Store::open(Path::new(":memory:")).unwrap();
        assert!(store.claim_name("Ama", "first-secret").unwrap());
        assert!(store.claim_name("Ama", "first-secret").unwrap());
        assert!(!store.claim_name("Ama", "another").unwrap());
        assert!(!store.claim_name("AMA", "another").unwrap(), "case aside");
        assert!(store.claim_name("Kofi", "another").unwrap());
    }

    #[test]
    fn an_unranked_game_comes_back_with_why() {
        let store = Store::open(Path::new(":memory:")).unwrap();
        store.insert_game(&game("g1")).unwrap();
        store.mark_unranked("g1", "a hint").unwrap();
        store.mark_unranked("g1", "an undo").unwrap();
        assert_eq!(
            store.game("g1").unwrap().unwrap().unranked.as_deref(),
            Some("a hint")
        );
        let set_up = StoredGame {
            unranked: Some("set up".into()),
            ..game("g2")
        };
        store.insert_game(&set_up).unwrap();
        assert_eq!(store.game("g2").unwrap().unwrap(), set_up);
    }
}
