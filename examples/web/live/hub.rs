//! The live games held in memory, each with the channel its pages listen
//! on, and the count of open connections. The app holds the hub; nothing
//! here knows the app.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use tokio::sync::broadcast;

use super::game::Live;

/// Messages a slow page may fall behind by before it is sent the whole game.
const BACKLOG: usize = 64;

/// How many live games and connections the server takes, and when an
/// abandoned game expires.
#[derive(Debug, Clone, Copy)]
pub struct LiveLimits {
    /// Live games held in memory (those with a page open) at once.
    pub games: usize,
    /// WebSocket connections of players at once.
    pub connections: usize,
    /// WebSocket connections of spectators at once, apart from the players'.
    pub spectators: usize,
    /// Seconds with no move after which a live game going on is deleted.
    pub expiry_secs: u64,
}

/// A live game in memory, with the channel its pages listen on.
#[derive(Debug)]
pub struct LiveGame {
    state: Mutex<Live>,
    pub(super) tx: broadcast::Sender<Arc<str>>,
}

impl LiveGame {
    /// `live` in memory, with a channel of its own.
    pub(super) fn new(live: Live) -> LiveGame {
        let (tx, _) = broadcast::channel(BACKLOG);
        LiveGame {
            state: Mutex::new(live),
            tx,
        }
    }

    pub(super) fn lock(&self) -> MutexGuard<'_, Live> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// The live games with a page open, and the connections.
#[derive(Debug)]
pub struct Hub {
    games: Mutex<HashMap<String, Arc<LiveGame>>>,
    connections: AtomicUsize,
    spectators: AtomicUsize,
    pub(super) limits: LiveLimits,
}

impl Hub {
    /// No games yet, at most `limits`.
    pub fn new(limits: LiveLimits) -> Hub {
        Hub {
            games: Mutex::new(HashMap::new()),
            connections: AtomicUsize::new(0),
            spectators: AtomicUsize::new(0),
            limits,
        }
    }

    pub(super) fn games(&self) -> MutexGuard<'_, HashMap<String, Arc<LiveGame>>> {
        self.games
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The live games in memory.
    pub fn held(&self) -> usize {
        self.games().len()
    }

    /// The open connections, players' and spectators'.
    pub fn connections(&self) -> usize {
        self.connections.load(Ordering::Relaxed) + self.spectators.load(Ordering::Relaxed)
    }

    /// The count and the limit of one kind of connection.
    pub(super) fn kind(&self, player: bool) -> (&AtomicUsize, usize) {
        if player {
            (&self.connections, self.limits.connections)
        } else {
            (&self.spectators, self.limits.spectators)
        }
    }
}
