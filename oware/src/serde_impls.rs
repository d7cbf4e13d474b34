//! `serde` support for the types whose fields carry invariants: they are
//! checked on the way in, exactly as their constructors check them.
//!
//! - [`Position`] is its position string (`"4,4,4,4,4,4/4,4,4,4,4,4 s 0 0"`).
//! - [`Board`] is `{"south": [..], "north": [..], "stores": {"south": s, "north": n}}`.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Board, BySide, Position, Side};

impl Serialize for Position {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Position, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(D::Error::custom)
    }
}

#[derive(Serialize, Deserialize)]
struct BoardRows {
    south: Vec<u8>,
    north: Vec<u8>,
    stores: BySide<u8>,
}

impl Serialize for Board {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        BoardRows {
            south: self.houses(Side::South).to_vec(),
            north: self.houses(Side::North).to_vec(),
            stores: self.stores(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Board {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Board, D::Error> {
        let rows = BoardRows::deserialize(deserializer)?;
        Board::from_rows(&rows.south, &rows.north, rows.stores).map_err(D::Error::custom)
    }
}
