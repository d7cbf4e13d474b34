//! What the fuzz targets share: the rulesets and small endgame files they
//! start from, the file layout the forged-values target edits, the probe
//! checks, and the byte code of the C-ABI call-sequence driver (which the
//! seed generator, `examples/seeds.rs`, writes programs in).

use std::sync::OnceLock;

use oware::endgame::{Convention, Database, SeedIndex};
use oware::{Board, BySide, Game, Position, Ruleset, Side};

/// Ruleset texts worth starting from: every preset, and custom ones that
/// reach other code (smaller boards, other options).
pub const RULESET_TEXTS: &[&str] = &[
    "abapa",
    "openspiel",
    "awale",
    "kalah",
    "kalah-irving",
    "congkak",
    "kalah(6,5)",
    "kalah(4,3,empty_capture=on,end=mover-row)",
    "congkak(5,5,relay=off)",
    "congkak(3,2,capturing_seed=always,end=either-row)",
    "abapa(grand_slam=capture-all)",
    "abapa(3,2)",
    "abapa(9,1,captures=2+3+4,must_feed=off)",
    "awale(4,3,repetitions=2,no_capture=off,max_plies=40,leftover=none)",
];

/// Deterministic pseudo-random numbers (SplitMix64), for the seed
/// generator and the drivers: no dependency, same sequence everywhere.
#[derive(Clone, Debug)]
pub struct SplitMix(pub u64);

impl SplitMix {
    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// A game of `ruleset` played `plies` random legal plies (fewer if it
/// ends) from its start, the choices following `seed`.
pub fn random_game(ruleset: Ruleset, plies: usize, seed: u64) -> Game {
    let mut rng = SplitMix(seed);
    let mut game = Game::new(ruleset);
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() || game.is_game_over() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        if game.play(m).is_err() {
            break;
        }
    }
    game
}

/// CRC-32 (IEEE, as zlib), bit by bit: the endgame file's checksum,
/// written here independently of the library's table-driven one.
pub fn crc32(bytes: &[u8]) -> u32 {
    let mut c = !0u32;
    for &b in bytes {
        c ^= u32::from(b);
        for _ in 0..8 {
            c = if c & 1 != 0 {
                0xEDB8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
        }
    }
    !c
}

/// A small endgame file the forged-values target starts from, with its
/// layout: where the header ends and which bytes are which values.
#[derive(Debug)]
pub struct BaseFile {
    /// The file as the library writes it.
    pub bytes: Vec<u8>,
    /// The ruleset and convention it was built under.
    pub ruleset: Ruleset,
    /// The convention.
    pub convention: Convention,
    /// The first and last layers in the file.
    pub first: u8,
    /// The last layer.
    pub last: u8,
    /// The database holding the layers below `first`, which
    /// [`Database::read_layers`] continues (`None` when `first` is 0:
    /// the file is read whole with [`Database::read`]).
    pub below: Option<Database>,
    /// Where the header ends (the first layer's first byte).
    pub payload: usize,
    /// The positions of each layer from `first` to `last`.
    pub counts: Vec<usize>,
}

/// What a byte of a layer's payload holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// The lower bound (the value) of entry `index` of layer `seeds`.
    Lower {
        /// The layer.
        seeds: u8,
        /// The entry.
        index: usize,
    },
    /// Its upper bound (`EachTakesOwn` files only).
    Upper {
        /// The layer.
        seeds: u8,
        /// The entry.
        index: usize,
    },
    /// Its rank (how far best play is from the capture that secures it).
    Rank {
        /// The layer.
        seeds: u8,
        /// The entry.
        index: usize,
    },
}

impl Slot {
    /// The layer and entry the byte belongs to.
    pub fn entry(self) -> (u8, usize) {
        match self {
            Slot::Lower { seeds, index }
            | Slot::Upper { seeds, index }
            | Slot::Rank { seeds, index } => (seeds, index),
        }
    }
}

impl BaseFile {
    fn new(ruleset: Ruleset, convention: Convention, first: u8, last: u8) -> BaseFile {
        let db = Database::build(&ruleset, convention, last).expect("a small database builds");
        let mut bytes = Vec::new();
        db.write_layers(first..=last, &mut bytes)
            .expect("writes to memory");
        let below = (first > 0).then(|| {
            Database::build(&ruleset, convention, first - 1).expect("a small database builds")
        });
        let payload = 8 + 2 + 3 + 2 + ruleset.to_string().len();
        let counts = (first..=last).map(|k| db.positions(k) as usize).collect();
        BaseFile {
            bytes,
            ruleset,
            convention,
            first,
            last,
            below,
            payload,
            counts,
        }
    }

    /// The bytes of one entry of a layer: value, upper bound (if the
    /// convention stores it), rank.
    pub fn planes(&self) -> usize {
        match self.convention {
            Convention::EvenSplit => 2,
            Convention::EachTakesOwn => 3,
        }
    }

    /// The length of the layers' bytes (between the header and the CRC).
    pub fn payload_len(&self) -> usize {
        self.counts.iter().sum::<usize>() * self.planes()
    }

    /// What byte `offset` of the payload (from 0) holds.
    pub fn slot(&self, mut offset: usize) -> Slot {
        for (seeds, &n) in (self.first..).zip(&self.counts) {
            let size = n * self.planes();
            if offset < size {
                let (plane, index) = (offset / n, offset % n);
                return match (plane, self.planes()) {
                    (0, _) => Slot::Lower { seeds, index },
                    (1, 3) => Slot::Upper { seeds, index },
                    _ => Slot::Rank { seeds, index },
                };
            }
            offset -= size;
        }
        panic!("offset past the payload");
    }

    /// Whether the values in `bytes` (this file, edited in its layers)
    /// pass the loader's checks: every lower and upper bound of layer `k`
    /// within `-k..=k`, and no lower bound above its upper bound.
    pub fn values_sound(&self, bytes: &[u8]) -> bool {
        let mut at = self.payload;
        for (k, &n) in (self.first..).zip(&self.counts) {
            let k = k as i8;
            let lower = &bytes[at..at + n];
            let upper = match self.convention {
                Convention::EvenSplit => lower,
                Convention::EachTakesOwn => &bytes[at + n..at + 2 * n],
            };
            let in_range = |&b: &u8| (-k..=k).contains(&(b as i8));
            if !lower.iter().chain(upper).all(in_range)
                || lower.iter().zip(upper).any(|(&l, &u)| l as i8 > u as i8)
            {
                return false;
            }
            at += n * self.planes();
        }
        true
    }

    /// Reads `bytes` (this file edited) as the loader would: whole, or as
    /// the layers after [`BaseFile::below`].
    pub fn load(&self, bytes: &[u8]) -> Result<Database, oware::endgame::LoadError> {
        match &self.below {
            None => Database::read(&mut &bytes[..]),
            Some(below) => {
                let mut db = below.clone();
                db.read_layers(&mut &bytes[..])?;
                Ok(db)
            }
        }
    }
}

/// The files the forged-values target edits: Abapa under both
/// conventions, a smaller board with more seeds a house (so more layers
/// and captures), and a layer file that continues a database.
pub fn base_files() -> &'static [BaseFile] {
    static FILES: OnceLock<Vec<BaseFile>> = OnceLock::new();
    FILES.get_or_init(|| {
        let small: Ruleset = "abapa(3,4)".parse().expect("a valid ruleset");
        vec![
            BaseFile::new(Ruleset::abapa(), Convention::EvenSplit, 0, 3),
            BaseFile::new(Ruleset::abapa(), Convention::EachTakesOwn, 0, 3),
            BaseFile::new(small, Convention::EachTakesOwn, 0, 5),
            BaseFile::new(Ruleset::awale(), Convention::EvenSplit, 3, 3),
        ]
    })
}

/// The position of entry `index` of layer `seeds` of a database of
/// `ruleset` (South to move; the stores split the seeds off the board so
/// that neither side has a majority), or `None` if there is no such
/// position.
pub fn entry_position(ruleset: &Ruleset, seeds: u8, index: u64) -> Option<Position> {
    let h = ruleset.houses_per_side();
    let total = ruleset.total_seeds();
    let index_of = SeedIndex::new(2 * h, usize::from(total).min(60))?;
    let mut houses = vec![0u8; 2 * h];
    index_of.distribution(usize::from(seeds), index, &mut houses)?;
    let stores = total - seeds;
    let board = Board::from_rows(
        &houses[..h],
        &houses[h..],
        BySide {
            south: stores / 2,
            north: stores - stores / 2,
        },
    )
    .ok()?;
    Position::from_board(board, Side::South, *ruleset).ok()
}

/// Checks what a database says of `position` against what holds for any
/// database whose values pass the loader's checks, genuine or forged:
/// the probe succeeds where the position is held, its bounds are ordered
/// and within the seeds on the board, every best move is legal and listed
/// once, and [`Database::value`] and [`Database::perfect_move`] agree.
/// With `genuine`, the database was built by the library: a position
/// with a legal move then has a best move.
pub fn check_probe(db: &Database, position: &Position, genuine: bool) {
    let Ok(probe) = db.probe(position) else {
        return;
    };
    let seeds = i16::try_from(position.board().seeds_on_board()).expect("few seeds");
    let (lower, upper) = (i16::from(probe.value.lower), i16::from(probe.value.upper));
    assert!(
        -seeds <= lower && lower <= upper && upper <= seeds,
        "{probe:?}"
    );
    assert_eq!(i16::from(probe.seeds), seeds);
    assert_eq!(db.value(position), Ok(probe.value));
    for (i, &m) in probe.best_moves.iter().enumerate() {
        assert!(
            position.is_legal(m),
            "best move {m} is illegal in {position}"
        );
        assert!(!probe.best_moves[..i].contains(&m), "{m} listed twice");
    }
    if let Some(plies) = probe.plies {
        assert!(plies >= 1);
    }
    let legal = position.legal_moves();
    if genuine && !legal.is_empty() {
        assert!(!probe.best_moves.is_empty(), "no best move in {position}");
    }
    let game = Game::from(*position);
    if let Some((m, value)) = db.perfect_move(&game) {
        assert!(position.is_legal(m));
        assert_eq!(Some(value), probe.value.exact());
        assert_eq!(probe.best_moves.first(), Some(&m));
    }
}

/// Probes every entry of every layer of `db` (South to move, and the
/// mirror image with North to move) with [`check_probe`].
pub fn check_every_probe(db: &Database, genuine: bool) {
    let Some(max) = db.max_seeds() else {
        return;
    };
    for seeds in 0..=max {
        for index in 0..db.positions(seeds) {
            if let Some(pos) = entry_position(db.ruleset(), seeds, index) {
                check_probe(db, &pos, genuine);
                check_probe(db, &pos.mirrored(), genuine);
            }
        }
    }
}

/// The operations of the C-ABI driver (`fuzz_targets/ffi_calls.rs`). A
/// program is a sequence of them, each an opcode byte (taken modulo
/// [`Op::COUNT`]) and its argument bytes; the driver reads the arguments
/// it needs and pads with zeros at the end of the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Op {
    /// Game slot, text: `oware_game_new`.
    GameNew = 0,
    /// Game slot, text: `oware_game_from_position`.
    GameFromPosition,
    /// Game slot, text: `oware_game_from_record`.
    GameFromRecord,
    /// Source and target game slots: `oware_game_clone`.
    GameClone,
    /// Game slot: `oware_game_free`.
    GameFree,
    /// Game slot, pit byte (any value): `oware_game_play`, checked
    /// against `oware_game_check_move`.
    Play,
    /// Game slot, choice: plays the legal move of that number.
    PlayLegal,
    /// Game slot: `oware_game_undo`.
    Undo,
    /// Game slot, name text, value text (or NULL): `oware_game_set_tag`.
    SetTag,
    /// Game slot: exports the record and imports it again.
    RecordRoundTrip,
    /// Game slot: writes the position string and reads it back.
    PositionRoundTrip,
    /// Game slot, byte arguments: every read-only query on the game, with
    /// buffers of the given sizes.
    Query,
    /// Game slot: `oware_game_end_by_agreement`.
    EndByAgreement,
    /// Kind, text, buffer size: `oware_text_check`.
    TextCheck,
    /// Table size choice: `oware_searcher_new` (replacing the searcher).
    SearcherNew,
    /// Game slot, limits: `oware_searcher_search` or `_analyse`.
    Search,
    /// Player slot, level, seed: `oware_player_new`, reproducible.
    PlayerNew,
    /// Player slot, game slot: `oware_player_choose`.
    PlayerChoose,
    /// Endgame slot, ruleset, convention, seeds: `oware_endgame_build`.
    EndgameBuild,
    /// Endgame slot, game slot, buffer size: `oware_endgame_probe`.
    EndgameProbe,
    /// Endgame slot: `oware_endgame_free`.
    EndgameFree,
    /// Endgame slot: saves it to a file and loads it back, whole and as a
    /// directory of layers.
    EndgameSaveLoad,
    /// Player slot, endgame slot, settings: `oware_player_set_endgame`,
    /// `_set_book`, `_set_threads`, `_set_time_budget`.
    PlayerSettings,
    /// Numbers: the static strings (`oware_version`, messages, names).
    Statics,
    /// Which function: a NULL argument where one is required.
    Nulls,
}

impl Op {
    /// The number of operations.
    pub const COUNT: u8 = Op::Nulls as u8 + 1;

    /// The operation of an opcode byte.
    pub fn from_byte(b: u8) -> Op {
        const ALL: [Op; Op::COUNT as usize] = [
            Op::GameNew,
            Op::GameFromPosition,
            Op::GameFromRecord,
            Op::GameClone,
            Op::GameFree,
            Op::Play,
            Op::PlayLegal,
            Op::Undo,
            Op::SetTag,
            Op::RecordRoundTrip,
            Op::PositionRoundTrip,
            Op::Query,
            Op::EndByAgreement,
            Op::TextCheck,
            Op::SearcherNew,
            Op::Search,
            Op::PlayerNew,
            Op::PlayerChoose,
            Op::EndgameBuild,
            Op::EndgameProbe,
            Op::EndgameFree,
            Op::EndgameSaveLoad,
            Op::PlayerSettings,
            Op::Statics,
            Op::Nulls,
        ];
        ALL[usize::from(b % Op::COUNT)]
    }
}

/// Text arguments of the driver: a selector byte below [`RAW_TEXT`]
/// picks entry `byte % n` of a table (the ruleset texts, or for positions
/// and records the current text of a live game); from [`RAW_TEXT`] on, the
/// next byte is a length and that many bytes follow (NUL bytes dropped).
pub const RAW_TEXT: u8 = 0xF0;

/// The argument bytes of a raw text (at most 255 bytes of it).
pub fn raw_text(text: &[u8]) -> Vec<u8> {
    let text = &text[..text.len().min(255)];
    let mut out = vec![RAW_TEXT, text.len() as u8];
    out.extend_from_slice(text);
    out
}
