//! Endgame files with forged values: the input picks one of a few small
//! files the library wrote (`oware_fuzz::base_files`) and overwrites bytes
//! of its layers, then the CRC is fixed up so that the checksum passes.
//! The loader must accept the file exactly when every value lies within
//! minus to plus the seeds of its layer and no lower bound is above its
//! upper bound (ranks are not checked), and refuse it as corrupt
//! otherwise. An accepted forgery must still probe sanely everywhere and
//! be safe to search with.
#![no_main]

use std::sync::{Arc, Mutex, OnceLock};

use libfuzzer_sys::fuzz_target;
use oware::Game;
use oware::endgame::LoadError;
use oware::search::{SearchLimits, Searcher};
use oware_fuzz::{SplitMix, base_files, check_probe, crc32, entry_position};

fn searcher() -> &'static Mutex<Searcher> {
    static SEARCHER: OnceLock<Mutex<Searcher>> = OnceLock::new();
    SEARCHER.get_or_init(|| Mutex::new(Searcher::new(1 << 10)))
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, edits)) = data.split_first() else {
        return;
    };
    let files = base_files();
    let base = &files[usize::from(pick) % files.len()];
    let mut bytes = base.bytes.clone();
    let payload_len = base.payload_len();
    let mut touched = Vec::new();
    // Each edit is three bytes: an offset into the layers (16 bits) and the
    // byte to write there.
    for edit in edits.chunks_exact(3).take(64) {
        let offset = usize::from(u16::from_le_bytes([edit[0], edit[1]])) % payload_len;
        bytes[base.payload + offset] = edit[2];
        touched.push(base.slot(offset));
    }
    let crc_at = bytes.len() - 4;
    let crc = crc32(&bytes[..crc_at]);
    bytes[crc_at..].copy_from_slice(&crc.to_le_bytes());

    let sound = base.values_sound(&bytes);
    match base.load(&bytes) {
        Ok(db) => {
            assert!(
                sound,
                "forged values out of range were accepted: {touched:?}"
            );
            // The touched entries probe sanely, both ways round, and so
            // does a sample of the others, where a forged value is a child's
            // (probing every entry every run would cost 20 times as much).
            for slot in &touched {
                let (seeds, index) = slot.entry();
                if let Some(pos) = entry_position(&base.ruleset, seeds, index as u64) {
                    check_probe(&db, &pos, false);
                    check_probe(&db, &pos.mirrored(), false);
                }
            }
            let mut rng = SplitMix(u64::from(crc));
            let max = db.max_seeds().expect("a layer at least");
            for _ in 0..32 {
                let seeds = rng.below(usize::from(max) + 1) as u8;
                let index = rng.below(db.positions(seeds) as usize) as u64;
                if let Some(pos) = entry_position(&base.ruleset, seeds, index) {
                    check_probe(&db, &pos, false);
                }
            }
            // Search a touched position with the forgery as its endgame
            // database: the move chosen is legal.
            let db = Arc::new(db);
            let mut searcher = searcher().lock().unwrap();
            searcher.clear();
            searcher.set_endgame(Some(Arc::clone(&db)));
            for slot in touched.iter().take(2) {
                let (seeds, index) = slot.entry();
                let Some(pos) = entry_position(&base.ruleset, seeds, index as u64) else {
                    continue;
                };
                let game = Game::from(pos);
                if game.is_game_over() {
                    continue;
                }
                let result = searcher.search(&game, SearchLimits::depth(3));
                let best = result.best_move.expect("a move where the game goes on");
                assert!(pos.is_legal(best), "search chose illegal {best} in {pos}");
            }
            searcher.set_endgame(None);
        }
        Err(LoadError::Corrupt("values")) if !sound => {}
        Err(e) => panic!("sound: {sound}, edits {touched:?}: refused with {e}"),
    }
});
