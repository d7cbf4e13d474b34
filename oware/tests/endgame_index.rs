//! The seed-distribution index of the endgame databases: a bijection for
//! every seed total, checked exhaustively on small boards against a plain
//! enumeration, and its counts against the stars-and-bars formula.

use oware::endgame::SeedIndex;

/// Every distribution of `seeds` seeds over `houses` houses, by a plain
/// recursive enumeration (independent of the index's arithmetic).
fn all_distributions(houses: usize, seeds: usize) -> Vec<Vec<u8>> {
    if houses == 1 {
        return vec![vec![seeds as u8]];
    }
    (0..=seeds)
        .flat_map(|first| {
            all_distributions(houses - 1, seeds - first)
                .into_iter()
                .map(move |mut rest| {
                    rest.insert(0, first as u8);
                    rest
                })
        })
        .collect()
}

fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |c, i| c * (n - i) / (i + 1))
}

#[test]
fn the_index_is_a_bijection_onto_0_to_count() {
    for (houses, max_seeds) in [(1, 10), (2, 12), (3, 9), (6, 8), (12, 6)] {
        let index = SeedIndex::new(houses, max_seeds).unwrap();
        for seeds in 0..=max_seeds {
            let all = all_distributions(houses, seeds);
            assert_eq!(
                index.count(seeds),
                all.len() as u64,
                "{houses} houses, {seeds} seeds"
            );
            let mut seen = vec![false; all.len()];
            for d in &all {
                let i = index.index(d).unwrap() as usize;
                assert!(!seen[i], "{d:?} shares index {i}");
                seen[i] = true;
                let mut back = vec![0; houses];
                index.distribution(seeds, i as u64, &mut back).unwrap();
                assert_eq!(&back, d);
            }
        }
    }
}

#[test]
fn counts_and_offsets_follow_stars_and_bars() {
    let index = SeedIndex::new(12, 48).unwrap();
    let mut offset = 0;
    for seeds in 0..=48 {
        assert_eq!(index.offset(seeds), Some(offset));
        assert_eq!(index.count(seeds), binomial(seeds as u64 + 11, 11));
        offset += index.count(seeds);
    }
    // Every Abapa board with up to 48 seeds on it: C(60, 12), about 1.4e12.
    assert_eq!(index.offset(49), Some(offset));
    assert_eq!(offset, binomial(60, 12));
}

#[test]
fn bad_input_is_refused() {
    let index = SeedIndex::new(12, 10).unwrap();
    assert_eq!(index.index(&[1; 11]), None); // 11 houses
    assert_eq!(index.index(&[1; 12]), None); // 12 seeds > 10
    let mut out = [0; 12];
    assert_eq!(index.distribution(3, index.count(3), &mut out), None);
    assert_eq!(index.distribution(11, 0, &mut out), None);
    assert_eq!(index.distribution(3, 0, &mut [0; 5]), None);
    assert!(SeedIndex::new(0, 10).is_none());
    assert!(SeedIndex::new(12, 256).is_none()); // more seeds than any ruleset has
    assert!(SeedIndex::new(18, 255).is_none()); // C(272, 17) overflows u64
}

#[test]
fn next_walks_every_block_in_index_order() {
    for (houses, max_seeds) in [(1, 5), (2, 7), (5, 6), (12, 5)] {
        let index = SeedIndex::new(houses, max_seeds).unwrap();
        for seeds in 0..=max_seeds {
            let mut d = vec![0u8; houses];
            index.distribution(seeds, 0, &mut d).unwrap();
            let mut steps = 1;
            loop {
                let before = d.clone();
                if !index.next(&mut d) {
                    assert_eq!(d, before, "the last distribution stays");
                    break;
                }
                assert_eq!(
                    index.index(&d),
                    Some(steps),
                    "{houses} houses, {seeds} seeds"
                );
                assert_eq!(d.iter().map(|&s| usize::from(s)).sum::<usize>(), seeds);
                steps += 1;
            }
            assert_eq!(steps, index.count(seeds));
        }
    }
}
