//! Ctrl-C. The game is saved before each move is shown, so an interrupt
//! loses nothing: it says what quitting would (how far the game got and
//! how to resume it) and ends the program.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Mutex;

use super::saving;

/// What Ctrl-C says before the program ends: kept up to date by the game.
static FAREWELL: Mutex<String> = Mutex::new(String::new());

/// The save file the game holds, given up when Ctrl-C ends the program.
static SAVE_FILE: Mutex<Option<PathBuf>> = Mutex::new(None);

/// The exit status of a program ended by Ctrl-C (128 + SIGINT), as shells
/// report it.
const INTERRUPTED: i32 = 130;

/// Makes Ctrl-C print the farewell and end the program. Without a signal
/// handler (an unusual host), Ctrl-C ends the program as it would have.
pub fn catch() {
    let _ = ctrlc::set_handler(|| {
        let farewell = FAREWELL.lock().map(|f| f.clone()).unwrap_or_default();
        let mut out = std::io::stdout().lock();
        if out.is_terminal() {
            // Out of any colour a move's animation had switched on.
            let _ = write!(out, "\x1b[0m");
        }
        let _ = writeln!(out);
        let _ = write!(out, "{farewell}");
        let _ = out.flush();
        if let Ok(Some(path)) = SAVE_FILE.lock().as_deref() {
            saving::release(path);
        }
        std::process::exit(INTERRUPTED);
    });
}

/// Sets what Ctrl-C says (lines ending in a newline, or nothing).
pub fn set_farewell(text: String) {
    if let Ok(mut farewell) = FAREWELL.lock() {
        *farewell = text;
    }
}

/// Sets the save file to give up on Ctrl-C.
pub fn set_save_file(path: Option<PathBuf>) {
    if let Ok(mut save_file) = SAVE_FILE.lock() {
        *save_file = path;
    }
}
