//! The messages a page and the server exchange over a live game's socket,
//! and how a game answers each.

use std::sync::Arc;

use oware::Side;
use serde::{Deserialize, Serialize};

use super::game::{Live, LiveView};
use crate::app::new_id;
use crate::session::Refusal;
use crate::wire::ReportView;

/// The longest message a client may send, in bytes; longer ones are refused.
pub const MAX_MESSAGE: usize = 1024;

/// What a page sends.
#[derive(Deserialize, Debug, PartialEq)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// Sow from `house` on the board of `ply` plies.
    Move {
        /// The house letter.
        house: String,
        /// The plies the page's board has.
        ply: usize,
    },
    /// Offer to end the game by agreement (R11).
    OfferEnd {
        /// The plies the page's board has.
        ply: usize,
    },
    /// Accept the other side's offer.
    AcceptEnd {
        /// The plies the page's board has.
        ply: usize,
    },
    /// Resign: the other side wins.
    Resign {
        /// The plies the page's board has.
        ply: usize,
    },
    /// Offer a rematch once the game is over, or accept the other's.
    Rematch {},
    /// The player to move points at one of its houses (none: at none).
    Point {
        /// The house letter, or none.
        house: Option<String>,
    },
}

/// What the server sends.
#[derive(Serialize, Debug)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage<'a> {
    /// To a page that opened the game: its seat and the game.
    Seated {
        /// The page's side, none for a spectator.
        you: Option<&'static str>,
        /// The seat's token, to the page that has just taken the open seat.
        token: Option<&'a str>,
        /// The game.
        game: &'a LiveView,
    },
    /// To every page: a move was played.
    Played {
        /// The library's report of it.
        report: &'a ReportView,
        /// The game after it.
        game: &'a LiveView,
    },
    /// To every page: the game changed otherwise (an end offered or
    /// agreed, a page opened or closed).
    State {
        /// The game now.
        game: &'a LiveView,
    },
    /// To the page that sent a message the server refused.
    Error {
        /// Why, in a sentence.
        error: String,
    },
    /// To every page: the player to move points at `house`, whose last
    /// seed would fall in `last` (the library's report of it, unplayed).
    Pointing {
        /// The pointing side.
        side: &'static str,
        /// The house, none when the pointer left the houses.
        house: Option<&'a str>,
        /// The pit its last seed would fall in.
        last: Option<String>,
    },
    /// To every page: both players agreed to a rematch, game `id`.
    Rematch {
        /// The new game's id.
        id: &'a str,
    },
    /// To every page: the game was abandoned and is gone.
    Expired,
}

impl ServerMessage<'_> {
    /// The message as JSON text.
    pub(super) fn text(&self) -> Arc<str> {
        serde_json::to_string(self)
            .unwrap_or_else(|e| format!("{{\"type\":\"error\",\"error\":\"{e}\"}}"))
            .into()
    }
}

/// The answer to a page's message, for everyone (with the rematch's new
/// game, to store first, where one was agreed), or a refusal for it alone.
pub(super) fn apply(
    live: &mut Live,
    seat: Option<Side>,
    message: &ClientMessage,
) -> Result<(Arc<str>, Option<Live>), Refusal> {
    if let ClientMessage::Rematch {} = message {
        return Ok(match live.rematch(seat, new_id())? {
            Some(next) => (ServerMessage::Rematch { id: &next.id }.text(), Some(next)),
            None => (state(live), None),
        });
    }
    let answer = match message {
        ClientMessage::Move { house, ply } => {
            let report = live.play(seat, house, *ply)?;
            let game = live.view();
            Ok(ServerMessage::Played {
                report: &report,
                game: &game,
            }
            .text())
        }
        ClientMessage::OfferEnd { ply } => live.offer_end(seat, *ply).map(|()| state(live)),
        ClientMessage::AcceptEnd { ply } => live.accept_end(seat, *ply).map(|()| state(live)),
        ClientMessage::Resign { ply } => live.resign(seat, *ply).map(|()| state(live)),
        ClientMessage::Rematch {} => Ok(state(live)),
        ClientMessage::Point { house } => {
            let side = seat.map_or("", Side::name);
            match live.point(seat, house.as_deref())? {
                Some(last) => Ok(ServerMessage::Pointing {
                    side,
                    house: house.as_deref(),
                    last,
                }
                .text()),
                None => return Ok((Arc::from(""), None)),
            }
        }
    };
    answer.map(|text| (text, None))
}

/// The state message of `live`.
pub(super) fn state(live: &Live) -> Arc<str> {
    ServerMessage::State { game: &live.view() }.text()
}

/// The error message `error`.
pub(super) fn error(error: impl std::fmt::Display) -> Arc<str> {
    ServerMessage::Error {
        error: error.to_string(),
    }
    .text()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::live::clock::Clock;
    use crate::live::game::tests::{START, live};

    #[test]
    fn messages_read_strictly() {
        let read =
            |text: &str| serde_json::from_str::<ClientMessage>(text).map_err(|e| e.to_string());
        assert_eq!(
            read(r#"{"type":"move","house":"C","ply":3}"#),
            Ok(ClientMessage::Move {
                house: "C".into(),
                ply: 3
            })
        );
        assert!(
            read(r#"{"type":"move","house":"C"}"#)
                .unwrap_err()
                .contains("missing field `ply`")
        );
        assert_eq!(
            read(r#"{"type":"resign","ply":1}"#),
            Ok(ClientMessage::Resign { ply: 1 })
        );
        assert!(
            read(r#"{"type":"flip","ply":1}"#)
                .unwrap_err()
                .contains("unknown variant")
        );
        assert!(
            read(r#"{"type":"offer_end","ply":1,"x":2}"#)
                .unwrap_err()
                .contains("unknown field")
        );
        assert!(read(r#"{"type":"move","house":"C","ply":-1}"#).is_err());
    }

    #[test]
    fn apply_answers_everyone_or_refuses() {
        let mut g = live(START);
        let move_c = ClientMessage::Move {
            house: "C".into(),
            ply: 0,
        };
        let (answer, next) = apply(&mut g, Some(Side::South), &move_c).unwrap();
        assert!(next.is_none());
        assert!(
            answer.starts_with("{\"type\":\"played\",\"report\":{\"ply\":1,"),
            "{answer}"
        );
        assert_eq!(
            apply(&mut g, Some(Side::South), &move_c).unwrap_err(),
            Refusal::Stale { ply: 1 }
        );
        let text = error(Refusal::Watching);
        assert_eq!(
            &*text,
            r#"{"type":"error","error":"you are watching: only the two players move"}"#
        );
    }

    #[test]
    fn a_rematch_offered_and_accepted_swaps_colours_with_the_same_tokens() {
        let mut g = live(START);
        g.clock = Some(Clock::new(60, 1).unwrap());
        g.take_seat(Side::North, "Kofi".into());
        let rematch = ClientMessage::Rematch {};
        assert_eq!(
            apply(&mut g, Some(Side::South), &rematch).unwrap_err(),
            Refusal::NotOver
        );
        g.play(Some(Side::South), "C", 0).unwrap();
        g.resign(Some(Side::North), 1).unwrap();
        assert_eq!(
            apply(&mut g, None, &rematch).unwrap_err(),
            Refusal::Watching
        );
        let (_, none) = apply(&mut g, Some(Side::North), &rematch).unwrap();
        assert!(none.is_none());
        assert_eq!(g.view().rematch_offer, Some("north"));
        let (_, again) = apply(&mut g, Some(Side::North), &rematch).unwrap();
        assert!(
            again.is_none(),
            "an offer is accepted by the other side only"
        );
        let (text, next) = apply(&mut g, Some(Side::South), &rematch).unwrap();
        let next = next.unwrap();
        assert_eq!(
            apply(&mut g, Some(Side::North), &rematch).unwrap_err(),
            Refusal::Rematched,
            "one rematch a game"
        );
        assert_eq!(g.view().rematch_id.as_deref(), Some(next.id.as_str()));
        assert!(text.contains(&format!("\"id\":\"{}\"", next.id)), "{text}");
        assert_eq!(
            next.seat(Some("s-token")),
            Some(Side::North),
            "colours swapped"
        );
        assert_eq!(next.seat(Some("n-token")), Some(Side::South));
        let view = next.view();
        assert_eq!(
            (view.names.south.as_str(), view.names.north.as_str()),
            ("Kofi", "Ama")
        );
        assert_eq!(
            (view.table.ply, view.open_seat, view.table.end.is_none()),
            (0, None, true)
        );
        let clock = view.clock.unwrap();
        assert_eq!(
            (clock.left.south, clock.left.north, clock.running),
            (60_000, 60_000, None)
        );
    }

    #[test]
    fn the_player_to_move_points_and_everyone_sees_where_the_last_seed_would_fall() {
        let mut g = live(START);
        let point = |house: Option<&str>| ClientMessage::Point {
            house: house.map(str::to_owned),
        };
        let (text, _) = apply(&mut g, Some(Side::South), &point(Some("C"))).unwrap();
        assert_eq!(
            &*text,
            r#"{"type":"pointing","side":"south","house":"C","last":"a"}"#
        );
        let (again, _) = apply(&mut g, Some(Side::South), &point(Some("C"))).unwrap();
        assert!(again.is_empty(), "the same house is not told twice");
        assert_eq!(
            apply(&mut g, Some(Side::North), &point(Some("a"))).unwrap_err(),
            Refusal::NotYourTurn
        );
        assert_eq!(
            apply(&mut g, None, &point(Some("C"))).unwrap_err(),
            Refusal::Watching
        );
        assert!(matches!(
            apply(&mut g, Some(Side::South), &point(Some("Q"))).unwrap_err(),
            Refusal::NotAHouse(_)
        ));
        g.pointed_at = 0; // past the pointing rate
        let (gone, _) = apply(&mut g, Some(Side::South), &point(None)).unwrap();
        assert_eq!(
            &*gone,
            r#"{"type":"pointing","side":"south","house":null,"last":null}"#
        );
        assert_eq!(g.game().ply(), 0, "pointing plays nothing");
    }
}
