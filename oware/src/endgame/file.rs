//! The database file format, version 1 (all integers little-endian):
//!
//! | bytes | what |
//! |---|---|
//! | 8 | magic `OWAREDB` and byte 0x1A |
//! | 2 | format version (1) |
//! | 1 | convention: 0 `EvenSplit`, 1 `EachTakesOwn` |
//! | 1, 1 | the first and last seed totals held |
//! | 2 + n | the ruleset's text form: its length, then UTF-8 |
//! | ... | each layer from the first to the last: one byte of lower bound (the value) per position, one of upper bound (`EachTakesOwn` only), one of rank, in index order |
//! | 4 | CRC-32 (IEEE) of every byte before it |
//!
//! A file whose magic, version, ruleset, seed range, length or checksum is
//! wrong, or whose values lie outside `−k..=k` for `k` seeds (or a lower
//! bound above its upper bound), is refused with a [`LoadError`] that says which; nothing of it is
//! read as values.

use super::stored::Layer;
use super::{Convention, Database, SharedBytes};
use crate::Ruleset;
use core::fmt;
use std::io::{self, Read, Write};
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

const MAGIC: [u8; 8] = *b"OWAREDB\x1a";
/// The format version this library writes and reads.
pub const FORMAT_VERSION: u16 = 1;
/// Bytes copied at a time.
const CHUNK: usize = 1 << 20;

/// Why a database file was refused.
#[non_exhaustive]
#[derive(Debug)]
pub enum LoadError {
    /// Reading failed.
    Io(io::Error),
    /// The file does not start with the database magic bytes.
    NotADatabase,
    /// The file's format version is not [`FORMAT_VERSION`].
    Version {
        /// The version in the file.
        found: u16,
    },
    /// The file ends early: it was cut short.
    Truncated,
    /// The checksum does not match: the file is corrupt.
    Checksum,
    /// A header field is impossible (the named one).
    Corrupt(&'static str),
    /// The file is sound but not what was asked for: another ruleset or
    /// convention, or layers that do not follow the ones held.
    Mismatch(&'static str),
    /// A layer's array could not be allocated (the process's address-space
    /// limit, or the system's memory, is too small for the file).
    OutOfMemory {
        /// The bytes asked for when the allocation failed.
        bytes: u64,
    },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Io(e) => write!(f, "cannot read the database: {e}"),
            LoadError::NotADatabase => {
                f.write_str("not an oware endgame database (bad magic bytes)")
            }
            LoadError::Version { found } => write!(
                f,
                "database format version {found}, this library reads version {FORMAT_VERSION}"
            ),
            LoadError::Truncated => f.write_str("the database file is truncated"),
            LoadError::Checksum => f.write_str("the database file is corrupt (checksum mismatch)"),
            LoadError::Corrupt(what) => write!(f, "the database file is corrupt: bad {what}"),
            LoadError::Mismatch(what) => write!(f, "the database file does not match: {what}"),
            LoadError::OutOfMemory { bytes } => super::out_of_memory(f, *bytes),
        }
    }
}

impl std::error::Error for LoadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LoadError::Io(e) => Some(e),
            _ => None,
        }
    }
}

/// A layer file of a directory that was refused ([`Database::read_layer_dir`]).
#[derive(Debug)]
pub struct DirError {
    /// The file (or the directory, when it cannot be read).
    pub path: PathBuf,
    /// Why it was refused.
    pub error: LoadError,
}

impl fmt::Display for DirError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.error)
    }
}

impl std::error::Error for DirError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

impl From<io::Error> for LoadError {
    fn from(e: io::Error) -> LoadError {
        if e.kind() == io::ErrorKind::UnexpectedEof {
            LoadError::Truncated
        } else {
            LoadError::Io(e)
        }
    }
}

impl Database {
    /// Writes every layer to `w` in the file format of
    /// [`endgame::file`](super::file).
    ///
    /// # Errors
    /// Any error of `w`.
    ///
    /// ```
    /// use oware::endgame::{Convention, Database};
    /// let db = Database::build(&oware::Ruleset::abapa(), Convention::EvenSplit, 5)?;
    /// let mut bytes = Vec::new();
    /// db.write(&mut bytes)?;
    /// assert_eq!(Database::read(&mut bytes.as_slice())?, db);
    /// bytes[100] ^= 1;
    /// assert!(Database::read(&mut bytes.as_slice()).is_err());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn write(&self, w: &mut impl Write) -> io::Result<()> {
        match self.max_seeds() {
            Some(max) => self.write_layers(0..=max, w),
            None => Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "the database has no layer",
            )),
        }
    }

    /// Writes the layers of `seeds` (a range the database holds) to `w`.
    ///
    /// # Errors
    /// Any error of `w`; [`io::ErrorKind::InvalidInput`] when the database
    /// does not hold the whole range.
    pub fn write_layers(&self, seeds: RangeInclusive<u8>, w: &mut impl Write) -> io::Result<()> {
        let (first, last) = (*seeds.start(), *seeds.end());
        if first > last || usize::from(last) >= self.layers.len() {
            let message = "the database does not hold those layers";
            return Err(io::Error::new(io::ErrorKind::InvalidInput, message));
        }
        let mut out = Checksummed::new(w);
        let text = self.ruleset.to_string();
        out.put(&MAGIC)?;
        out.put(&FORMAT_VERSION.to_le_bytes())?;
        out.put(&[self.convention.code(), first, last])?;
        out.put(&(text.len() as u16).to_le_bytes())?;
        out.put(text.as_bytes())?;
        for layer in &self.layers[usize::from(first)..=usize::from(last)] {
            for array in layer.arrays() {
                out.put(array)?;
            }
        }
        let crc = out.crc.value();
        out.inner.write_all(&crc.to_le_bytes())
    }

    /// Reads a database written by [`Database::write`] (a file whose layers
    /// start at 0 seeds).
    ///
    /// # Errors
    /// A [`LoadError`] saying what is wrong with the file; nothing is
    /// returned from a file that fails any check.
    pub fn read(r: &mut impl Read) -> Result<Database, LoadError> {
        let mut input = Checksummed::new(r);
        let header = Header::read(&mut input)?;
        let mut db = Database::new(&header.ruleset, header.convention)
            .map_err(|_| LoadError::Corrupt("ruleset"))?;
        if header.first != 0 {
            return Err(LoadError::Mismatch("the layers do not start at 0 seeds"));
        }
        db.read_payload(&header, &mut input)?;
        Ok(db)
    }

    /// Reads a file of layers that continue this database (its first
    /// layer is one more than [`Database::max_seeds`]; the same convention,
    /// and a ruleset that moves, captures and feeds alike, see
    /// [`Database::covers`]) and adds them; returns the seed totals added.
    ///
    /// # Errors
    /// A [`LoadError`]; the database is unchanged on any error.
    pub fn read_layers(&mut self, r: &mut impl Read) -> Result<RangeInclusive<u8>, LoadError> {
        let mut input = Checksummed::new(r);
        let header = Header::read(&mut input)?;
        self.check_follows(&header)?;
        let mut more = self.clone_empty();
        more.read_payload(&header, &mut input)?;
        self.layers.append(&mut more.layers);
        Ok(header.first..=header.last)
    }

    /// Adds the layers of a database file held whole in `bytes` (written by
    /// [`Database::write`] or [`Database::write_layer_file`]) as
    /// [`Database::read_layers`] does, but without copying them: the
    /// database reads their values from `bytes` in place, and keeps `bytes`
    /// alive as long as it (or a clone of it) holds them. With a read-only
    /// memory map of the file, processes on one machine that read the same
    /// file share one copy of it in the page cache. The whole of `bytes` is
    /// checked once here (checksum and values), as [`Database::read_layers`]
    /// checks a file; what `bytes` holds must not change afterwards (a
    /// layer file this library wrote is never changed in place: a new one
    /// is renamed over it).
    ///
    /// # Errors
    /// A [`LoadError`], as [`Database::read_layers`]; the database is
    /// unchanged on any error.
    ///
    /// ```
    /// use oware::endgame::{Convention, Database, SharedBytes};
    /// use oware::{Position, Ruleset};
    /// use std::sync::Arc;
    /// let built = Database::build(&Ruleset::abapa(), Convention::EvenSplit, 6)?;
    /// let mut file = Vec::new();
    /// built.write(&mut file)?;
    /// // A memory map (`memmap2::Mmap`) of the file serves as well as a Vec.
    /// let bytes: SharedBytes = Arc::new(file);
    /// let mut db = Database::new(&Ruleset::abapa(), Convention::EvenSplit)?;
    /// assert_eq!(db.read_layers_in_place(Arc::clone(&bytes))?, 0..=6);
    /// assert_eq!(db, built);
    /// let pos: Position = "0,0,0,0,0,1/1,1,0,0,0,0 s 24 21".parse()?;
    /// assert_eq!(db.probe(&pos)?.value.exact(), Some(1));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn read_layers_in_place(
        &mut self,
        bytes: SharedBytes,
    ) -> Result<RangeInclusive<u8>, LoadError> {
        let all: &[u8] = (*bytes).as_ref();
        let mut input = Checksummed::new(all);
        let header = Header::read(&mut input)?;
        self.check_follows(&header)?;
        let header_end = all.len() - input.inner.len();
        let with_upper = self.convention == Convention::EachTakesOwn;
        let mut layers = Vec::new();
        let mut at = header_end;
        for seeds in header.first..=header.last {
            let n = self.positions_in_file(seeds)?;
            let (layer, end) =
                Layer::shared(&bytes, at, n, with_upper).ok_or(LoadError::Truncated)?;
            layers.push(layer);
            at = end;
        }
        input.crc.update(&all[header_end..at]);
        let stored = all.get(at..at + 4).ok_or(LoadError::Truncated)?;
        if u32::from_le_bytes([stored[0], stored[1], stored[2], stored[3]]) != input.crc.value() {
            return Err(LoadError::Checksum);
        }
        if all.len() != at + 4 {
            return Err(LoadError::Corrupt("length (bytes after the checksum)"));
        }
        self.accept(header.first, layers)?;
        Ok(header.first..=header.last)
    }

    /// Refuses a file whose layers cannot continue this database: another
    /// ruleset or convention, or a first layer that is not the next.
    fn check_follows(&self, header: &Header) -> Result<(), LoadError> {
        // Any ruleset that moves, captures and feeds alike has the same
        // values: an Abapa file serves OpenSpiel's rules too.
        if !self.covers(&header.ruleset) || header.convention != self.convention {
            return Err(LoadError::Mismatch("another ruleset or convention"));
        }
        if usize::from(header.first) != self.layers.len() {
            return Err(LoadError::Mismatch(
                "the layers do not follow the ones held",
            ));
        }
        Ok(())
    }

    /// The positions of layer `seeds` of a file, as a length.
    fn positions_in_file(&self, seeds: u8) -> Result<usize, LoadError> {
        usize::try_from(self.positions(seeds)).map_err(|_| LoadError::Corrupt("seed range"))
    }

    /// Adds `layers`, the layers of a file from `first` seeds whose checksum
    /// is right, once their values are in range: a right checksum over
    /// wrong values (a writer's bug, or a forgery) must not reach a probe
    /// either.
    fn accept(&mut self, first: u8, mut layers: Vec<Layer>) -> Result<(), LoadError> {
        if !(first..)
            .zip(&layers)
            .all(|(seeds, layer)| layer.values_in_range(seeds))
        {
            return Err(LoadError::Corrupt("values"));
        }
        self.layers.append(&mut layers);
        Ok(())
    }

    /// Writes the database to a file at `path` (see [`Database::write`]):
    /// first under a temporary name of this process's own beside it, then
    /// renamed over `path`, so that the file is whole or absent and a file
    /// read in place ([`Database::read_layers_in_place`]) is never changed.
    ///
    /// # Errors
    /// Any error creating, writing, syncing or renaming the file (the
    /// temporary file is then removed); [`io::ErrorKind::InvalidInput`]
    /// (and no file touched) for a database without layers or a path that
    /// names no file.
    pub fn save(&self, path: impl AsRef<Path>) -> io::Result<()> {
        if self.layers.is_empty() {
            let message = "the database has no layer";
            return Err(io::Error::new(io::ErrorKind::InvalidInput, message));
        }
        write_whole(path.as_ref(), |w| self.write(w))
    }

    /// Reads a database from the file at `path` (see [`Database::read`]).
    ///
    /// # Errors
    /// As [`Database::read`], with [`LoadError::Io`] when the file cannot
    /// be opened.
    pub fn load(path: impl AsRef<Path>) -> Result<Database, LoadError> {
        Database::read(&mut io::BufReader::new(std::fs::File::open(path)?))
    }

    /// The name of the file that holds layer `seeds` alone in a directory
    /// of layers: `even-07.owdb` or `own-07.owdb`.
    #[must_use]
    pub fn layer_file_name(convention: Convention, seeds: u8) -> String {
        format!("{}-{seeds:02}.owdb", convention.name())
    }

    /// Writes layer `seeds` to its file in `dir`, named by
    /// [`Database::layer_file_name`], as [`Database::load_dir`] reads it:
    /// first under a temporary name of this process's own, then renamed,
    /// so that the file is whole or absent, and two processes writing the
    /// same layer into one directory do not spoil each other's file.
    /// Returns the file's path.
    ///
    /// # Errors
    /// Any error creating, writing, syncing or renaming the file (the
    /// temporary file is then removed); [`io::ErrorKind::InvalidInput`]
    /// when the database does not hold the layer.
    pub fn write_layer_file(&self, dir: impl AsRef<Path>, seeds: u8) -> io::Result<PathBuf> {
        let path = dir
            .as_ref()
            .join(Database::layer_file_name(self.convention, seeds));
        write_whole(&path, |w| self.write_layers(seeds..=seeds, w))?;
        Ok(path)
    }

    /// Reads the layers of `convention` from `dir`, one file a layer named
    /// by [`Database::layer_file_name`], from 0 seeds up to the first file
    /// missing. A directory without the layer of 0 seeds gives an empty
    /// database; the files may have been built under any ruleset the
    /// database [covers](Database::covers).
    ///
    /// # Errors
    /// As [`Database::read_layers`] for any file present: a corrupt layer
    /// is an error, not the end of the database. [`LoadError::Io`] when
    /// `dir` is not a directory that can be read (a mistyped path is not
    /// an empty database).
    pub fn load_dir(
        dir: impl AsRef<Path>,
        ruleset: &Ruleset,
        convention: Convention,
    ) -> Result<Database, LoadError> {
        let mut db = Database::new(ruleset, convention)
            .map_err(|_| LoadError::Mismatch("the ruleset has no endgame databases"))?;
        db.read_layer_dir(dir).map_err(|e| e.error)?;
        Ok(db)
    }

    /// Adds the layers of this database's convention found in `dir`, one
    /// file a layer named by [`Database::layer_file_name`], from the one
    /// after [`Database::max_seeds`] up to the first file missing: what
    /// [`Database::load_dir`] does, with errors that name the file.
    ///
    /// # Errors
    /// A [`DirError`]: the path of the file (or of `dir`, when it cannot
    /// be read) and the [`LoadError`] of [`Database::read_layers`]; the
    /// layers read before it stay.
    pub fn read_layer_dir(&mut self, dir: impl AsRef<Path>) -> Result<(), DirError> {
        self.read_dir_with(dir.as_ref(), |db, file| {
            db.read_layers(&mut io::BufReader::new(file))
        })
    }

    /// [`Database::read_layer_dir`], reading each file in place
    /// ([`Database::read_layers_in_place`]) from the bytes `map` gives for
    /// it: typically a read-only memory map, which the core crate (free of
    /// `unsafe`) leaves to the caller.
    ///
    /// # Errors
    /// As [`Database::read_layer_dir`], with [`LoadError::Io`] for an
    /// error of `map`.
    ///
    /// ```
    /// use oware::endgame::{Convention, Database, SharedBytes};
    /// use std::io::Read;
    /// use std::sync::Arc;
    /// let abapa = oware::Ruleset::abapa();
    /// let dir = std::env::temp_dir().join(format!("oware-doc-in-place-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir)?;
    /// let built = Database::build(&abapa, Convention::EachTakesOwn, 5)?;
    /// for seeds in 0..=5 {
    ///     built.write_layer_file(&dir, seeds)?;
    /// }
    /// // With memmap2: `|file| Ok(Arc::new(unsafe { memmap2::Mmap::map(file)? }))`.
    /// let read_whole = |mut file: &std::fs::File| -> std::io::Result<SharedBytes> {
    ///     let mut bytes = Vec::new();
    ///     file.read_to_end(&mut bytes)?;
    ///     Ok(Arc::new(bytes))
    /// };
    /// let mut db = Database::new(&abapa, Convention::EachTakesOwn)?;
    /// db.read_layer_dir_in_place(&dir, read_whole)?;
    /// assert_eq!(db, built);
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn read_layer_dir_in_place(
        &mut self,
        dir: impl AsRef<Path>,
        mut map: impl FnMut(&std::fs::File) -> io::Result<SharedBytes>,
    ) -> Result<(), DirError> {
        self.read_dir_with(dir.as_ref(), |db, file| {
            db.read_layers_in_place(map(&file)?)
        })
    }

    /// Adds the layer files of `dir` from the next layer up to the first
    /// missing, each by `add`.
    fn read_dir_with(
        &mut self,
        dir: &Path,
        mut add: impl FnMut(&mut Database, std::fs::File) -> Result<RangeInclusive<u8>, LoadError>,
    ) -> Result<(), DirError> {
        let refused = |path: &Path, error| DirError {
            path: path.to_path_buf(),
            error,
        };
        std::fs::read_dir(dir).map_err(|e| refused(dir, LoadError::Io(e)))?;
        loop {
            let seeds = self.layers.len() as u8;
            let path = dir.join(Database::layer_file_name(self.convention, seeds));
            let file = match std::fs::File::open(&path) {
                Ok(file) => file,
                Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
                Err(e) => return Err(refused(&path, LoadError::Io(e))),
            };
            add(self, file).map_err(|e| refused(&path, e))?;
        }
    }

    /// This database's ruleset, convention and index, without layers.
    fn clone_empty(&self) -> Database {
        Database {
            ruleset: self.ruleset,
            convention: self.convention,
            index: self.index.clone(),
            layers: Vec::new(),
        }
    }

    /// Reads the layers the header announces, then checks the checksum.
    fn read_payload<R: Read>(
        &mut self,
        header: &Header,
        input: &mut Checksummed<R>,
    ) -> Result<(), LoadError> {
        let mut layers = Vec::new();
        for seeds in header.first..=header.last {
            let n = self.positions_in_file(seeds)?;
            let lower = input.take(n)?;
            let upper = match self.convention {
                Convention::EvenSplit => Vec::new(),
                Convention::EachTakesOwn => input.take(n)?,
            };
            let rank = input.take(n)?;
            layers.push(Layer::read(lower, upper, rank));
        }
        let expected = input.crc.value();
        let mut stored = [0; 4];
        input.inner.read_exact(&mut stored)?;
        if u32::from_le_bytes(stored) != expected {
            return Err(LoadError::Checksum);
        }
        let mut rest = [0; 1];
        if input.inner.read(&mut rest)? != 0 {
            return Err(LoadError::Corrupt("length (bytes after the checksum)"));
        }
        self.accept(header.first, layers)
    }
}

/// Writes the file at `path` by `write`: first under a temporary name of
/// this process's own beside it, then renamed over `path`, so that the file
/// is whole or absent, two processes writing the same file do not spoil
/// each other's, and a file mapped into memory is never changed under its
/// map. The temporary file is removed on any error.
fn write_whole(
    path: &Path,
    write: impl FnOnce(&mut io::BufWriter<std::fs::File>) -> io::Result<()>,
) -> io::Result<()> {
    let Some(name) = path.file_name() else {
        let message = "the path names no file";
        return Err(io::Error::new(io::ErrorKind::InvalidInput, message));
    };
    let mut temp_name = name.to_os_string();
    temp_name.push(format!(".partial-{}", std::process::id()));
    let temp = path.with_file_name(temp_name);
    let whole = || -> io::Result<()> {
        let mut out = io::BufWriter::new(std::fs::File::create(&temp)?);
        write(&mut out)?;
        let file = out.into_inner().map_err(io::IntoInnerError::into_error)?;
        file.sync_all()?;
        drop(file);
        std::fs::rename(&temp, path)
    };
    whole().inspect_err(|_| {
        let _ = std::fs::remove_file(&temp);
    })
}

impl Convention {
    fn code(self) -> u8 {
        match self {
            Convention::EvenSplit => 0,
            Convention::EachTakesOwn => 1,
        }
    }
}

/// The fields before the layers.
struct Header {
    convention: Convention,
    first: u8,
    last: u8,
    ruleset: Ruleset,
}

impl Header {
    fn read<R: Read>(input: &mut Checksummed<R>) -> Result<Header, LoadError> {
        if input.take(MAGIC.len())? != MAGIC {
            return Err(LoadError::NotADatabase);
        }
        let version = input.take(2)?;
        let found = u16::from_le_bytes([version[0], version[1]]);
        if found != FORMAT_VERSION {
            return Err(LoadError::Version { found });
        }
        let fields = input.take(5)?;
        let convention = match fields[0] {
            0 => Convention::EvenSplit,
            1 => Convention::EachTakesOwn,
            _ => return Err(LoadError::Corrupt("convention")),
        };
        let (first, last) = (fields[1], fields[2]);
        let text = input.take(usize::from(u16::from_le_bytes([fields[3], fields[4]])))?;
        let ruleset = core::str::from_utf8(&text)
            .ok()
            .and_then(|t| t.parse::<Ruleset>().ok())
            .ok_or(LoadError::Corrupt("ruleset"))?;
        let most = usize::from(ruleset.total_seeds()).min(super::database::INDEX_SEEDS);
        if first > last || usize::from(last) > most {
            return Err(LoadError::Corrupt("seed range"));
        }
        Ok(Header {
            convention,
            first,
            last,
            ruleset,
        })
    }
}

/// A reader or writer that keeps the CRC-32 of the bytes through it.
struct Checksummed<T> {
    inner: T,
    crc: Crc32,
}

impl<T> Checksummed<T> {
    fn new(inner: T) -> Checksummed<T> {
        Checksummed {
            inner,
            crc: Crc32::new(),
        }
    }
}

impl<W: Write> Checksummed<W> {
    fn put(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.crc.update(bytes);
        self.inner.write_all(bytes)
    }
}

impl<R: Read> Checksummed<R> {
    /// The next `n` bytes; [`LoadError::Truncated`] if the input ends.
    /// Read in chunks, so a corrupt length fails at the end of the file,
    /// not by allocating it at once; grown fallibly, so a file too large
    /// for the process's memory gives [`LoadError::OutOfMemory`].
    fn take(&mut self, n: usize) -> Result<Vec<u8>, LoadError> {
        let out_of_memory = |_| LoadError::OutOfMemory { bytes: n as u64 };
        let mut bytes = Vec::new();
        bytes
            .try_reserve_exact(n.min(CHUNK))
            .map_err(out_of_memory)?;
        while bytes.len() < n {
            let start = bytes.len();
            let part = CHUNK.min(n - start);
            bytes.try_reserve(part).map_err(out_of_memory)?;
            bytes.resize(start + part, 0);
            self.inner.read_exact(&mut bytes[start..])?;
            self.crc.update(&bytes[start..]);
        }
        Ok(bytes)
    }
}

/// CRC-32 (IEEE 802.3, reflected, as zlib and PNG use), by a table of 8
/// slices: eight bytes a step.
pub(super) struct Crc32 {
    state: u32,
}

const CRC_TABLES: [[u32; 256]; 8] = crc_tables();

const fn crc_tables() -> [[u32; 256]; 8] {
    let mut tables = [[0u32; 256]; 8];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 {
                0xEDB8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
            k += 1;
        }
        tables[0][i] = c;
        i += 1;
    }
    let mut t = 1;
    while t < 8 {
        let mut i = 0;
        while i < 256 {
            let prev = tables[t - 1][i];
            tables[t][i] = (prev >> 8) ^ tables[0][(prev & 0xFF) as usize];
            i += 1;
        }
        t += 1;
    }
    tables
}

impl Crc32 {
    pub(super) fn new() -> Crc32 {
        Crc32 { state: !0 }
    }

    pub(super) fn update(&mut self, bytes: &[u8]) {
        let t = &CRC_TABLES;
        let mut c = self.state;
        let mut chunks = bytes.chunks_exact(8);
        for b in &mut chunks {
            let lo = c ^ u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
            c = t[7][(lo & 0xFF) as usize]
                ^ t[6][((lo >> 8) & 0xFF) as usize]
                ^ t[5][((lo >> 16) & 0xFF) as usize]
                ^ t[4][(lo >> 24) as usize]
                ^ t[3][usize::from(b[4])]
                ^ t[2][usize::from(b[5])]
                ^ t[1][usize::from(b[6])]
                ^ t[0][usize::from(b[7])];
        }
        for &b in chunks.remainder() {
            c = (c >> 8) ^ t[0][((c ^ u32::from(b)) & 0xFF) as usize];
        }
        self.state = c;
    }

    pub(super) fn value(&self) -> u32 {
        !self.state
    }
}

#[cfg(test)]
mod tests {
    use super::Crc32;

    #[test]
    fn crc32_matches_the_standard_check_value() {
        // The check value of CRC-32/ISO-HDLC for "123456789".
        for split in 0..9 {
            let mut crc = Crc32::new();
            crc.update(&b"123456789"[..split]);
            crc.update(&b"123456789"[split..]);
            assert_eq!(crc.value(), 0xCBF4_3926);
        }
    }
}
