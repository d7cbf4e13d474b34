//! `serde` support for the types whose fields carry invariants: they are
//! checked on the way in, exactly as their constructors check them.
//!
//! - [`Position`] is its position string (`"4,4,4,4,4,4/4,4,4,4,4,4 s 0 0"`).
//! - [`Board`] is `{"south": [..], "north": [..], "stores": {"south": s, "north": n}}`.
//! - [`House`] is its index, below [`MAX_HOUSES`]; [`HouseSet`] its bits,
//!   none at or above [`MAX_HOUSES`].

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Board, BySide, House, HouseSet, MAX_HOUSES, Position, Side};

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

impl<'de> Deserialize<'de> for House {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<House, D::Error> {
        let index = u8::deserialize(deserializer)?;
        House::new(usize::from(index))
            .ok_or_else(|| D::Error::custom(format!("house {index} is not below {MAX_HOUSES}")))
    }
}

impl<'de> Deserialize<'de> for HouseSet {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<HouseSet, D::Error> {
        let bits = u16::deserialize(deserializer)?;
        if bits >> MAX_HOUSES != 0 {
            return Err(D::Error::custom(format!(
                "house set {bits:#b} has houses at or above {MAX_HOUSES}"
            )));
        }
        Ok(HouseSet(bits))
    }
}
