//! A dense index of seed distributions: every way of putting `k` seeds into
//! `n` houses gets a number in `0..C(k + n - 1, n - 1)`, in the
//! combinatorial number system (stars and bars), so a database over all
//! positions with up to `N` seeds is one array.

/// Numbers the distributions of seeds over a row of houses: for each seed
/// total `k` up to a maximum, a bijection between the distributions of `k`
/// seeds and `0..count(k)`; [`SeedIndex::offset`] places all totals in one
/// range.
///
/// ```
/// use oware::endgame::SeedIndex;
/// let index = SeedIndex::new(12, 48).unwrap();
/// assert_eq!(index.count(4), 1365); // C(15, 11): 4 seeds in 12 houses
/// let houses = [0, 1, 0, 0, 2, 0, 0, 0, 0, 0, 1, 0];
/// let i = index.index(&houses).unwrap();
/// let mut back = [0; 12];
/// index.distribution(4, i, &mut back).unwrap();
/// assert_eq!(back, houses);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeedIndex {
    houses: usize,
    max_seeds: usize,
    /// C(n, k) at `n * (houses + 1) + k`, for n up to `max_seeds + houses`
    /// and k up to `houses`: one flat table, read on every index.
    binomial: Vec<u64>,
}

impl SeedIndex {
    /// An index for `houses` houses holding up to `max_seeds` seeds in all
    /// (at most 255, the most any ruleset has); `None` if `houses` is 0 or
    /// `max_seeds` more than 255, or the counts overflow `u64`.
    #[must_use]
    pub fn new(houses: usize, max_seeds: usize) -> Option<SeedIndex> {
        if houses == 0 || max_seeds > usize::from(u8::MAX) {
            return None;
        }
        let size = max_seeds + houses + 1;
        let stride = houses + 1;
        let mut binomial = vec![0u64; size * stride];
        for n in 0..size {
            binomial[n * stride] = 1;
            for k in 1..=houses.min(n) {
                let above = (n - 1) * stride;
                binomial[n * stride + k] =
                    binomial[above + k - 1].checked_add(binomial[above + k])?;
            }
        }
        let index = SeedIndex {
            houses,
            max_seeds,
            binomial,
        };
        index.offset(max_seeds + 1)?;
        Some(index)
    }

    /// The number of houses.
    #[must_use]
    pub fn houses(&self) -> usize {
        self.houses
    }

    /// The distributions of exactly `seeds` seeds: C(seeds + houses − 1,
    /// houses − 1); 0 above the maximum.
    #[must_use]
    pub fn count(&self, seeds: usize) -> u64 {
        if seeds > self.max_seeds {
            return 0;
        }
        self.choose(seeds + self.houses - 1, self.houses - 1)
    }

    /// C(n, k), for n up to `max_seeds + houses` and k up to `houses`.
    #[inline(always)]
    fn choose(&self, n: usize, k: usize) -> u64 {
        self.binomial[n * (self.houses + 1) + k]
    }

    /// The distributions of fewer than `seeds` seeds: where the block of
    /// `seeds` starts in a table of every total; `None` on overflow or
    /// beyond the maximum plus one.
    #[must_use]
    pub fn offset(&self, seeds: usize) -> Option<u64> {
        if seeds > self.max_seeds + 1 {
            return None;
        }
        (0..seeds).try_fold(0u64, |sum, k| sum.checked_add(self.count(k)))
    }

    /// The number of `houses` (seeds in each, in order) among the
    /// distributions of its own seed total; `None` if the length is not
    /// [`SeedIndex::houses`] or the total is above the maximum.
    #[must_use]
    pub fn index(&self, houses: &[u8]) -> Option<u64> {
        if houses.len() != self.houses {
            return None;
        }
        let total: usize = houses.iter().map(|&s| usize::from(s)).sum();
        if total > self.max_seeds {
            return None;
        }
        // Stars and bars: the bar after house i sits at position
        // (seeds in houses 0..=i) + i among total + houses - 1 slots; the
        // combination of the bars' positions is ranked in colex order.
        let mut rank = 0;
        let mut before = 0;
        for (i, &seeds) in houses[..self.houses - 1].iter().enumerate() {
            before += usize::from(seeds);
            rank += self.choose(before + i, i + 1);
        }
        Some(rank)
    }

    /// Writes into `houses` the distribution of `seeds` seeds numbered
    /// `index` (the inverse of [`SeedIndex::index`]); `None` if the length
    /// is wrong, `seeds` is above the maximum or `index` out of range.
    pub fn distribution(&self, seeds: usize, index: u64, houses: &mut [u8]) -> Option<()> {
        if houses.len() != self.houses || seeds > self.max_seeds || index >= self.count(seeds) {
            return None;
        }
        // Undo the colex ranking, the last bar first. Each bar is found by
        // walking down from the one after it, so the walks add up to the
        // seeds: O(houses + seeds) in all.
        let mut rank = index;
        let mut next_bar = seeds + self.houses - 1; // a bar one past the end
        for i in (0..self.houses - 1).rev() {
            // The largest position p below the next bar with C(p, i + 1) <= rank
            // (C(i, i + 1) = 0, so p >= i).
            let mut p = next_bar - 1;
            while self.choose(p, i + 1) > rank {
                p -= 1;
            }
            rank -= self.choose(p, i + 1);
            // Seeds between this bar and the next one belong to house i + 1.
            houses[i + 1] = u8::try_from(next_bar - p - 1).ok()?;
            next_bar = p;
        }
        houses[0] = u8::try_from(next_bar).ok()?;
        Some(())
    }

    /// Steps `houses` to the distribution numbered one more, among those of
    /// the same seed total; `false` (and `houses` unchanged) at the last.
    /// Walking a whole block this way costs O(1) a step on average, where
    /// [`SeedIndex::distribution`] costs O(houses + seeds).
    ///
    /// ```
    /// use oware::endgame::SeedIndex;
    /// let index = SeedIndex::new(3, 2).unwrap();
    /// let mut houses = [0, 0, 2]; // number 0
    /// let mut seen = vec![houses];
    /// while index.next(&mut houses) {
    ///     assert_eq!(index.index(&houses), Some(seen.len() as u64));
    ///     seen.push(houses);
    /// }
    /// assert_eq!(seen.len() as u64, index.count(2));
    /// ```
    pub fn next(&self, houses: &mut [u8]) -> bool {
        // In colex order the first bar that can move right does, and the
        // bars before it return to the start: house i + 1 gives a seed to
        // house i, which also takes every seed of the houses before it.
        let Some(i) = (0..houses.len().saturating_sub(1)).find(|&i| houses[i + 1] > 0) else {
            return false;
        };
        let gathered: u8 = houses[..=i].iter().sum();
        houses[..i].fill(0);
        houses[i] = gathered + 1;
        houses[i + 1] -= 1;
        true
    }
}
