//! A game at the terminal: whose turn, what was typed, what it does.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use oware::endgame::Database;
use oware::search::{Hint, Level, Player};
use oware::{BySide, Game, Move, MoveReport, PlayError, Position, Record, Side};

use super::keyboard::{Command, Input, Keyboard, command};
use super::view::{self, Marks, Screen};
use super::{interrupt, saving, sowing, words};

/// Who plays each side (a level, or a person) and the side the board is
/// drawn from.
#[derive(Copy, Clone, Debug)]
pub struct Sides {
    levels: BySide<Option<Level>>,
    view: Side,
}

impl Sides {
    /// Two engine levels, South's first.
    pub fn engines(south: Level, north: Level, view: Side) -> Sides {
        let levels = BySide {
            south: Some(south),
            north: Some(north),
        };
        Sides { levels, view }
    }

    /// Two people at one keyboard.
    pub fn people() -> Sides {
        Sides {
            levels: BySide::default(),
            view: Side::South,
        }
    }

    /// A person playing `you` against the engine at `level`.
    pub fn against(you: Side, level: Level) -> Sides {
        let levels = BySide::new_with(|side| (side != you).then_some(level));
        Sides { levels, view: you }
    }

    /// The same players on the other sides (a rematch).
    fn swapped(self) -> Sides {
        Sides {
            levels: BySide {
                south: self.levels.north,
                north: self.levels.south,
            },
            view: !self.view,
        }
    }

    fn level(self, side: Side) -> Option<Level> {
        *self.levels.get(side)
    }

    /// Whether level 5 plays a side (it builds an endgame database on
    /// first use, unless one is given).
    fn level_five_plays(self) -> bool {
        Side::ALL
            .iter()
            .any(|&s| self.level(s) == Some(Level::Five))
    }

    fn people_only(self) -> bool {
        Side::ALL.iter().all(|&s| self.level(s).is_none())
    }

    fn engines_only(self) -> bool {
        Side::ALL.iter().all(|&s| self.level(s).is_some())
    }

    /// "North (level 3)", "South (you)", or the side alone for two people.
    fn name(self, side: Side) -> String {
        match self.level(side) {
            Some(level) => format!("{side} (level {level})"),
            None if self.people_only() => side.to_string(),
            None => format!("{side} (you)"),
        }
    }

    /// The command-line flags that seat these players, where they differ
    /// from the defaults (you South, against level 3): ` --you north`,
    /// ` --level 5`, ` --engines 2,4`, ` --you both`, or nothing.
    fn flags(self) -> String {
        let view = match self.view {
            Side::North => " --you north",
            Side::South => "",
        };
        match (self.level(Side::South), self.level(Side::North)) {
            (None, None) => " --you both".into(),
            (Some(south), Some(north)) => format!(" --engines {south},{north}{view}"),
            (Some(level), None) | (None, Some(level)) if level == Level::Three => view.into(),
            (Some(level), None) | (None, Some(level)) => format!("{view} --level {level}"),
        }
    }

    /// What the endgame databases are for with these players.
    pub fn endgame_use(self) -> String {
        let levels: Vec<Level> = Side::ALL.iter().filter_map(|&s| self.level(s)).collect();
        if levels.contains(&Level::Five) {
            "Level 5 plays from them; hint uses them too.".into()
        } else if let Some(level) = levels.first() {
            format!("Level {level} plays without them (only level 5 does); hint uses them.")
        } else {
            "hint uses them.".into()
        }
    }
}

/// The most lines a move's explanation may take (one a sowing, so a
/// Congkak turn of this many relays) before the board is drawn again
/// under it.
const RELAYS_BEFORE_REDRAW: usize = 3;

/// Whether the session goes on after a command.
enum Flow {
    Continue,
    Stop,
}

/// A game being played at the terminal.
pub struct Session {
    game: Game,
    /// Where `new` and `rematch` start.
    start: Position,
    sides: Sides,
    seed: u64,
    endgame: Option<Arc<Database>>,
    players: BySide<Option<Player>>,
    screen: Screen,
    keyboard: Keyboard,
    /// Where an unfinished game is kept as it is played.
    save_file: Option<PathBuf>,
    /// Whether the last save in `save_file` was written.
    saved: std::cell::Cell<bool>,
    /// The file `save` last wrote, which a later `save` may write over.
    saved_as: std::cell::Cell<Option<PathBuf>>,
    /// The flags that `--load` needs besides the file to resume as
    /// played (the endgame databases').
    resume_flags: String,
    /// The flags besides the start, the players and the seed that play
    /// this game again (`--moves`); `None` for a game loaded.
    replay_flags: Option<String>,
    /// Whether the game has said what level 5 builds.
    told_build: std::cell::Cell<bool>,
}

impl Session {
    pub fn new(
        game: Game,
        sides: Sides,
        seed: u64,
        endgame: Option<Arc<Database>>,
        delay_ms: u64,
    ) -> Session {
        let mut session = Session {
            start: *game.start(),
            game,
            sides,
            seed,
            endgame,
            players: BySide::default(),
            screen: Screen::new(sides.view, delay_ms),
            keyboard: Keyboard::start(),
            save_file: saving::default_save_file(),
            saved: std::cell::Cell::new(true),
            saved_as: std::cell::Cell::new(None),
            resume_flags: String::new(),
            replay_flags: Some(String::new()),
            told_build: std::cell::Cell::new(false),
        };
        session.seat_players();
        session.claim_save_file();
        session
    }

    /// Makes the save file this game's alone: when another game that is
    /// running saves there, this one saves in a numbered file beside it.
    /// A file that is not a game (or a directory) is left alone, and so
    /// is a place where nothing can be written: the game is not saved.
    fn claim_save_file(&mut self) {
        let Some(path) = self.save_file.clone() else {
            return;
        };
        let not_saved = "this game is not saved as you play ('save FILE' keeps it)";
        if !saving::holds_no_other_file(&path) {
            say!(
                "{} is not a saved game: it is left as it is, and {not_saved}.",
                path.display()
            );
            self.save_file = None;
        } else {
            match saving::claim(&path) {
                Ok(true) => {}
                Ok(false) => {
                    self.save_file = saving::claim_numbered(&path);
                    match &self.save_file {
                        Some(own) => say!(
                            "Another game being played saves in {}: this one saves in {}.",
                            path.display(),
                            own.display()
                        ),
                        None => say!(
                            "Another game being played saves in {}: {not_saved}.",
                            path.display()
                        ),
                    }
                }
                Err(e) => {
                    say!("cannot save in {} ({e}): {not_saved}.", path.display());
                    self.save_file = None;
                }
            }
        }
        interrupt::set_save_file(self.save_file.clone());
    }

    /// Saves this game in `path`, a numbered save file it was loaded from,
    /// instead of the save file (which keeps the game it holds), so that
    /// resuming leaves no older copy behind; false when another running
    /// game saves there.
    pub fn save_in(&mut self, path: &Path) -> bool {
        if !saving::claim(path).unwrap_or(false) {
            return false;
        }
        if let Some(old) = self.save_file.replace(path.to_owned()) {
            saving::release(&old);
        }
        interrupt::set_save_file(self.save_file.clone());
        true
    }

    /// Whether `path` is a numbered file beside the save file.
    pub fn is_numbered_save(&self, path: &Path) -> bool {
        self.save_file
            .as_deref()
            .is_some_and(|save| saving::is_numbered_beside(save, path))
    }

    /// Says no replay command for the seed: the game did not start here.
    pub fn not_replayable(&mut self) {
        self.replay_flags = None;
    }

    /// Adds `flags` (the moves played first) to the replay command.
    pub fn replay_with(&mut self, flags: &str) {
        if let Some(replay) = &mut self.replay_flags {
            replay.push_str(flags);
        }
    }

    /// Engine players for the sides that have a level: South's with the
    /// seed, North's with the next one.
    fn seat_players(&mut self) {
        let (seed, endgame) = (self.seed, self.endgame.as_ref());
        self.players = BySide::new_with(|side| {
            let seed = seed.wrapping_add(side.index() as u64);
            self.sides
                .level(side)
                .map(|level| super::engine(level, seed, endgame))
        });
        self.screen.view = self.sides.view;
    }

    pub fn plies(&self) -> usize {
        self.game.ply()
    }

    /// Adds `flags` to the command that resumes a saved game.
    pub fn resume_with(&mut self, flags: &str) {
        self.resume_flags = flags.to_owned();
    }

    /// The command line's flags that resume the game saved in `path`.
    fn resume_command(&self, path: &Path) -> String {
        format!("--load {}{}", shell_path(path), self.resume_flags)
    }

    /// Whether `path` is the file an unfinished game is kept in.
    pub fn is_save_file(&self, path: &Path) -> bool {
        self.save_file
            .as_deref()
            .is_some_and(|save| saving::same_file(save, path))
    }

    /// Keeps the unfinished game in the save file from this game's saves:
    /// moves it to a numbered name beside it, and says how to resume it.
    /// If it cannot be moved, this game is not saved as it is played.
    pub fn keep_saved_game(&mut self) {
        let Some(path) = self.save_file.clone().filter(|p| p.exists()) else {
            return;
        };
        match saving::keep_aside(&path) {
            Ok(kept) => say!(
                "An unfinished game was in {}: it is kept in {} ({} resumes it).",
                path.display(),
                kept.display(),
                self.resume_command(&kept)
            ),
            Err(e) => {
                say!(
                    "could not keep the unfinished game in {} ({e}): this game is not saved as you play",
                    path.display()
                );
                self.save_file = None;
            }
        }
    }

    /// The record of the game, with who plays each side and the seed in
    /// its tags.
    fn record(&self) -> Record {
        let mut record = Record::new(self.game.clone());
        let mut tag = |name: &str, value: &str| {
            record
                .set_tag(name, value)
                .expect("a tag the game does not decide");
        };
        for side in Side::ALL {
            tag(
                &side.to_string(),
                &saving::player_tag(self.sides.level(side)),
            );
        }
        if !self.sides.people_only() {
            tag("Seed", &self.seed.to_string());
        }
        record
    }

    /// Plays the game: `first` (shown one by one), then the engines'
    /// moves and what is typed, until the game ends (engines only), `quit`
    /// or the end of the input.
    pub fn run(&mut self, first: &[Move]) -> Result<ExitCode, String> {
        self.introduce();
        // A game loaded is kept as it stands before the engine thinks
        // (so Ctrl-C then says where it is); a finished one says how it
        // ended.
        self.autosave();
        if first.is_empty() && self.game.is_game_over() {
            self.announce_end();
        }
        for (i, &m) in first.iter().enumerate() {
            self.play(m).map_err(|e| format!("ply {}: {e}", i + 1))?;
        }
        loop {
            let turn = self.game.position().turn();
            if !self.game.is_game_over() && self.sides.level(turn).is_some() {
                self.engine_moves(turn);
                continue;
            }
            if self.sides.engines_only() {
                return Ok(ExitCode::SUCCESS);
            }
            match self.game.outcome() {
                Some(_) => say_part!("game over: new, rematch, undo, save, record or quit> "),
                None => say_part!("{turn} to move> "),
            }
            let flow = match self.keyboard.next() {
                Input::End => {
                    say!();
                    self.leave("input ended")
                }
                Input::NotUtf8 => {
                    say!("that line is not UTF-8 text; type a house letter or 'help'");
                    Flow::Continue
                }
                Input::Line(line) => self.obey(command(&line, self.game.position())),
            };
            if let Flow::Stop = flow {
                return Ok(ExitCode::SUCCESS);
            }
        }
    }

    /// The banner, who plays what, how to play, the legend and the board.
    fn introduce(&self) {
        let ruleset = self.game.ruleset();
        let n = ruleset.houses_per_side();
        say!("{}.", ruleset.title());
        let houses = |side: Side| format!("{side} ({})", words::letters(side, n));
        let (bottom, top) = (self.sides.view, !self.sides.view);
        match (self.sides.level(bottom), self.sides.level(top)) {
            (None, None) => say!(
                "Two players: {} at the bottom, {} at the top.",
                houses(bottom),
                houses(top)
            ),
            (None, Some(level)) => say!(
                "You play {}, the bottom row; the engine plays {top} at level {level}.",
                houses(bottom)
            ),
            _ => say!(
                "Level {} (South) against level {} (North).",
                self.sides.level(Side::South).map_or(0, Level::number),
                self.sides.level(Side::North).map_or(0, Level::number)
            ),
        }
        if !self.sides.people_only() {
            match &self.replay_flags {
                Some(replay) => say!(
                    "Seed {} (--seed {}{}{}{replay} plays the same again).",
                    self.seed,
                    self.seed,
                    self.start_flags(),
                    self.sides.flags()
                ),
                None => say!("Seed {}.", self.seed),
            }
        }
        if !self.sides.engines_only() {
            say!(
                "Type a house letter (or its number, 1–{n}, from the mover's left) to sow it, or 'help'."
            );
            if let Some(path) = &self.save_file {
                say!(
                    "An unfinished game is saved as you play in {} (--load it to resume).",
                    path.display()
                );
            }
        }
        self.tell_endgame_build();
        say!("{}", view::legend(self.sides.view));
        self.draw();
    }

    /// Says what level 5 is about to build (once): its endgame database,
    /// unless one was given or it is built or cached already.
    fn tell_endgame_build(&self) {
        if self.endgame.is_some() || !self.sides.level_five_plays() || self.told_build.replace(true)
        {
            return;
        }
        if let Some(notice) = super::endgame_build_notice(self.game.ruleset()) {
            say!("{notice}");
        }
    }

    /// The command-line flags that start from this game's start: its
    /// `--position`, or its `--variant` from the ruleset's start, or
    /// nothing for Abapa's start.
    fn start_flags(&self) -> String {
        let ruleset = *self.start.ruleset();
        if self.start != Position::new(ruleset) {
            format!(" --position {}", shell_word(&self.start.to_string()))
        } else if ruleset != oware::Ruleset::abapa() {
            format!(" --variant {}", shell_word(&ruleset.to_string()))
        } else {
            String::new()
        }
    }

    /// The board as it stands, with the threatened houses marked.
    fn draw(&self) {
        let pos = self.game.position();
        let lines = self
            .screen
            .board(pos.board(), &Marks::threats(pos), &self.names());
        view::print(&lines);
    }

    /// The names beside the rows, top then bottom; the side to move's
    /// says so.
    fn names(&self) -> [String; 2] {
        let turn = (!self.game.is_game_over()).then(|| self.game.position().turn());
        self.names_saying(turn, "to move")
    }

    /// The names beside the rows, top then bottom, `side`'s followed by
    /// `what` it does.
    fn names_saying(&self, side: Option<Side>, what: &str) -> [String; 2] {
        let name = |s: Side| {
            let name = self.sides.name(s);
            if side == Some(s) {
                format!("{name}, {what}")
            } else {
                name
            }
        };
        [name(!self.sides.view), name(self.sides.view)]
    }

    /// Plays `m`, showing it and what it did, and the end if it ended the game.
    fn play(&mut self, m: Move) -> Result<MoveReport, PlayError> {
        let before = *self.game.position();
        let moving = self.names_saying(Some(m.side()), "moving");
        let report = self.game.play(m)?;
        self.autosave();
        let after = *self.game.position();
        let names = [moving, self.names()];
        sowing::show(
            &self.screen,
            &mut self.keyboard,
            &before,
            &report,
            &after,
            &names,
        );
        let explanation = format!("{:#}", report.explain(&before));
        say!("{explanation}");
        if explanation.lines().count() > RELAYS_BEFORE_REDRAW {
            // A long relay turn has pushed the board up: show it again
            // beside the prompt.
            self.draw();
        }
        if report.outcome.is_some() {
            self.announce_end();
        }
        Ok(report)
    }

    /// The engine of `side` thinks, then plays.
    fn engine_moves(&mut self, side: Side) {
        say_part!("{} is thinking… ", self.sides.name(side));
        let Some(m) = self
            .players
            .get_mut(side)
            .as_mut()
            .and_then(|p| p.choose(&self.game))
        else {
            return;
        };
        say!("{side} plays {m}");
        // The engine's move is one of the game's legal moves.
        let _ = self.play(m);
    }

    fn announce_end(&self) {
        if let Some(ending) = self.game.ending() {
            say!("Game over. {ending}.");
        }
        if !self.sides.engines_only() {
            say!(
                "Type new or rematch to play again (rematch swaps the sides), undo, save or quit."
            );
        }
    }

    fn obey(&mut self, command: Command) -> Flow {
        let over = self.game.is_game_over();
        match command {
            Command::Nothing => {}
            Command::Quit => return self.leave("quit"),
            Command::Help => self.help(),
            Command::Record => say_part!("{}", self.record()),
            Command::Save(file) => self.save(file),
            Command::New => self.new_game(false),
            Command::Rematch => self.new_game(true),
            Command::Undo => self.undo(),
            Command::Move(_) | Command::NoSuchHouse(_) | Command::Hint | Command::Draw if over => {
                say!("the game is over: type new or rematch to play again, or undo")
            }
            Command::Hint => self.hint(),
            Command::Draw if !self.sides.people_only() => say!(
                "the engine declines and plays on (a draw by agreement is for two people: --you both)"
            ),
            Command::Draw => self.offer_draw(),
            Command::NoSuchHouse(why) => say!("{why}"),
            Command::Move(m) => {
                if let Err(e) = self.play(m) {
                    say!("{e}; legal: {}", self.legal());
                }
            }
            Command::Unknown(text) if over => {
                say!("'{text}' is not a command: type new, rematch, undo, save, record or quit")
            }
            Command::Unknown(text) => say!(
                "'{text}' is not a move: type one of {}, or 'help'",
                self.legal()
            ),
        }
        Flow::Continue
    }

    fn legal(&self) -> String {
        let moves: Vec<String> = self
            .game
            .legal_moves()
            .iter()
            .map(Move::to_string)
            .collect();
        moves.join(" ")
    }

    fn help(&self) {
        if self.game.is_game_over() {
            say!(
                "The game is over. new: the same players again; rematch: the sides swapped; \
                 undo: take back the last move; save FILE: write the game record; \
                 record: print it; quit."
            );
            return;
        }
        let n = self.game.ruleset().houses_per_side();
        let side = self.game.position().turn();
        say!(
            "Sow a house of the side to move: its letter ({} for {side}, either case) or its number, 1–{n}, from {side}'s left. Legal now: {}",
            words::letters(side, n),
            self.legal()
        );
        say!(
            "Commands: hint (the engine's suggestion), undo, draw (offer to end the game by agreement), \
             save FILE (write the game record), record (print it), new, rematch, quit (or q). \
             Enter skips a move being shown."
        );
        say!("{}", view::legend(self.sides.view));
    }

    /// Leaves the session: an unfinished game is abandoned, with its score.
    fn leave(&self, why: &str) -> Flow {
        say_part!("{}", self.farewell(why));
        Flow::Stop
    }

    /// What leaving says (`why` it ends): an unfinished game is abandoned,
    /// with its score and how to resume it, in lines ending in a newline;
    /// nothing for a finished game or one not begun.
    fn farewell(&self, why: &str) -> String {
        if self.game.is_game_over() || self.game.ply() == 0 {
            return String::new();
        }
        let mut text = format!(
            "Game abandoned ({why}) after {}, with {} in the stores.\n",
            words::plies(self.game.ply()),
            words::stores(&self.game)
        );
        match (&self.save_file, self.saved.get()) {
            (Some(path), true) => {
                text += &format!(
                    "It is saved in {}: {} resumes it.\n",
                    path.display(),
                    self.resume_command(path)
                );
            }
            (Some(path), false) => {
                text += &format!(
                    "It could not be saved in {} (see above); 'save FILE' keeps a game.\n",
                    path.display()
                );
            }
            (None, _) => {
                let why = match saving::default_save_file() {
                    None => "OWARE_PLAY_SAVE is off",
                    Some(_) => "see above",
                };
                text += &format!("It is not saved ({why}); 'save FILE' keeps a game.\n");
            }
        }
        text
    }

    /// A new game from the same start: the same sides, or swapped for a
    /// rematch; the engines take the next seed.
    fn new_game(&mut self, rematch: bool) {
        self.keep_saved_game();
        if rematch {
            self.sides = self.sides.swapped();
        }
        self.seed = self.seed.wrapping_add(2);
        self.game = Game::from_position(self.start);
        self.seat_players();
        self.autosave();
        say!("{}", if rematch { "Rematch." } else { "New game." });
        self.introduce();
    }

    /// Takes back the last move; against the engine, back to your turn.
    fn undo(&mut self) {
        if !self.sides.people_only() && !self.person_has_moved() {
            say!("nothing to undo: you have not moved yet");
            return;
        }
        let was_over = self.game.is_game_over();
        let Some(m) = self.game.undo() else {
            let agreement_withdrawn = was_over && !self.game.is_game_over();
            say!(
                "{}",
                if agreement_withdrawn {
                    "took back the agreement"
                } else {
                    "nothing to undo"
                }
            );
            self.autosave();
            return;
        };
        let mut taken = vec![m.to_string()];
        while self.sides.level(self.game.position().turn()).is_some() {
            match self.game.undo() {
                Some(m) => taken.push(m.to_string()),
                None => break,
            }
        }
        say!("took back {}", taken.join(" "));
        self.autosave();
        self.draw();
    }

    /// Whether a person has played a move of this game.
    fn person_has_moved(&self) -> bool {
        self.game
            .moves()
            .iter()
            .any(|m| self.sides.level(m.side()).is_none())
    }

    /// The side to move offers to end the game by agreement (R11); the
    /// other side answers.
    fn offer_draw(&mut self) {
        let turn = self.game.position().turn();
        say!("{turn} offers to end the game.");
        if let Some(terms) = self.game.agreement_terms() {
            say!("{terms}.");
        }
        if !self.keyboard.yes(&format!("{}, agree?", !turn)) {
            say!("no agreement; play on");
            return;
        }
        if self.game.end_by_agreement().is_ok() {
            self.autosave();
            self.announce_end();
        }
    }

    /// The engine's suggestion for the side to move, explained
    /// ([`Hint`]): the endgame database's (the one given, else, against
    /// level 5, the one it builds, once ready) where it holds an exact
    /// value, else a search of at most 12 plies and 2 seconds. Below
    /// level 5 a hint builds no database.
    fn hint(&self) {
        let endgame = self.endgame.clone().or_else(|| {
            self.sides
                .level_five_plays()
                .then(|| oware::search::auto_endgame(self.game.ruleset()))
                .flatten()
        });
        if let Some(hint) = Hint::new(&self.game, endgame, 2000) {
            say!("hint: {hint}");
        }
    }

    /// Writes the game record to `file` (a leading `~/` is the home
    /// directory).
    fn save(&self, file: Option<String>) {
        let Some(path) = file.as_deref().map(saving::expand_home) else {
            say!("save needs a file name: save FILE");
            return;
        };
        let saved_as = self.saved_as.take();
        let ours = saved_as
            .as_deref()
            .is_some_and(|p| saving::same_file(p, &path));
        if path.is_dir() {
            say!(
                "{} is a directory: save to a file in it (save DIRECTORY/NAME.pgn)",
                path.display()
            );
            self.saved_as.set(saved_as);
            return;
        }
        if path.exists() && !ours {
            say!(
                "{} already exists: save to another name (this game's own saves it writes over)",
                path.display()
            );
            self.saved_as.set(saved_as);
            return;
        }
        match saving::write(&self.record(), &path) {
            Ok(()) => {
                say!(
                    "saved the game in {} ({} resumes it)",
                    path.display(),
                    self.resume_command(&path)
                );
                self.saved_as.set(Some(path));
            }
            Err(e) => {
                say!("could not save in {}: {e}", path.display());
                self.saved_as.set(saved_as);
            }
        }
    }

    /// Keeps the unfinished game in the save file, or removes the file
    /// once the game is over (or back at its start).
    fn autosave(&self) {
        let Some(path) = &self.save_file else {
            interrupt::set_farewell(self.farewell("Ctrl-C"));
            return;
        };
        if self.game.is_game_over() || self.game.ply() == 0 {
            let _ = std::fs::remove_file(path);
            self.saved.set(true);
        } else {
            let result = saving::autosave(&self.record(), path);
            if let Err(e) = &result {
                say!("could not save in {}: {e}", path.display());
            }
            self.saved.set(result.is_ok());
        }
        interrupt::set_farewell(self.farewell("Ctrl-C"));
    }
}

impl Drop for Session {
    /// Gives up the save file for the next game.
    fn drop(&mut self) {
        if let Some(path) = &self.save_file {
            saving::release(path);
        }
    }
}

/// `text` as one word for a POSIX shell, so that a command printed with
/// it can be pasted back: as it is when every character is one a shell
/// gives no meaning to (letters, digits and `-_./,:=@%+`), else in single
/// quotes, each `'` in it written `'\''`; `''` for nothing.
pub fn shell_word(text: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./,:=@%+".contains(c);
    if !text.is_empty() && text.chars().all(plain) {
        text.to_owned()
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
}

/// The path `path` as one word for a shell, as [`shell_word`].
pub fn shell_path(path: &Path) -> String {
    shell_word(&path.to_string_lossy())
}
