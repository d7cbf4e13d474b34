//! Live games between two people by link: each seat has a secret token,
//! moves come over a WebSocket, are checked and played by the library,
//! stored, and pushed to every page watching the game.
//!
//! The protocol (JSON text messages, at most `protocol::MAX_MESSAGE` bytes):
//!
//! ```text
//! client → server  {"type": "move", "house": "C", "ply": 0}
//!                  {"type": "offer_end", "ply": 4}      {"type": "accept_end", "ply": 4}
//!                  {"type": "resign", "ply": 4}       {"type": "rematch"}
//!                  {"type": "point", "house": "C" | null}  (the house the player's pointer is on)
//! server → client  {"type": "seated", "you": "south" | "north" | null, "token": "..." | null, "game": {...}}
//!                  {"type": "played", "report": {...}, "game": {...}}   (to everyone)
//!                  {"type": "state", "game": {...}}                     (to everyone)
//!                  {"type": "error", "error": "..."}                    (to the sender only)
//!                  {"type": "rematch", "id": "..."}  (to everyone: the new game)
//!                  {"type": "pointing", "side": "south", "house": "C" | null, "last": "a" | null}
//!                  {"type": "expired"}
//! ```
//!
//! The socket is `/api/live/<id>/ws?token=<seat token>`; with no token (or
//! a wrong one) the page watches. The seat the creator leaves open is taken
//! once, by the first page that opens `/api/live/<id>/ws?invite=<code>&name=<name>`
//! (the link the creator sends): its `seated` message carries the seat's
//! token, which that page keeps; later pages with the code watch. Players
//! and spectators have connection limits of their own. A message over `protocol::MAX_MESSAGE` bytes gets
//! an error; a frame over 16 KiB closes the socket. `ply` is the ply the page saw: a message
//! sent twice, or from a page behind, is refused as stale.
//!
//! The module is split by job: `game.rs` is one game's state and rules
//! (seats, offers, rematch, pointing), `clock.rs` its clock,
//! `protocol.rs` the messages and how a game answers each, `hub.rs` the
//! games in memory and the connection counts (the app holds it),
//! `socket.rs` a page's WebSocket, and `lifecycle.rs` a game's creation,
//! storage, time forfeits and expiry.

mod clock;
mod game;
pub mod hub;
mod lifecycle;
mod protocol;
mod socket;

pub use game::LiveView;
pub use hub::LiveLimits;
pub use lifecycle::{Created, NewLive, create, sweep, view, watch_clocks};
pub use socket::socket;
