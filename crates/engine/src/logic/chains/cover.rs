//! Which hints a nested chain producer can skip: those whose removals
//! earlier hints already make, at no later place in the sorted list.
//!
//! An enclosing chain takes a nested producer's hints in key order (a
//! stable sort) and adds each removal once, from the first hint that makes
//! it; a hint resting on no removed candidate is dropped. So a hint each of
//! whose removals an already collected hint (resting on some removed
//! candidate) makes with a key that sorts no later adds nothing, and
//! neither its parents nor its step need building.

use super::Key;

const NONE: u32 = u32::MAX;

/// For each candidate (`cell * 9 + d0`), the collected hint that removes
/// it and sorts first among those so far (the first found on ties), as an
/// index into the caller's list of keys.
///
/// A slot is read only when its candidate is in `covered`, so a cover is
/// emptied by clearing that set: filling 729 slots for each nested search
/// was a percent of rating the hardest.
pub struct Cover {
    hint: Vec<u32>,
    /// The candidates some hint removes.
    covered: [u64; 729usize.div_ceil(64)],
}

impl Cover {
    /// No candidate covered.
    pub fn new() -> Cover {
        Cover {
            hint: Vec::new(),
            covered: [0; 729usize.div_ceil(64)],
        }
    }

    /// Uncovers every candidate (the slots' memory kept).
    pub fn clear(&mut self) {
        self.covered = [0; 729usize.div_ceil(64)];
    }

    /// The hint covering candidate `cand`, or [`NONE`].
    #[inline]
    fn hint(&self, cand: usize) -> u32 {
        if self.covered[cand / 64] >> (cand % 64) & 1 == 0 {
            return NONE;
        }
        self.hint[cand]
    }

    /// Whether every one of `cands` is removed by a hint (of `keys`) that
    /// sorts no later than a hint with `key` found after it.
    pub fn covers(
        &self,
        mut cands: impl Iterator<Item = usize>,
        key: Key,
        keys: impl Fn(u32) -> Key,
    ) -> bool {
        cands.all(|cand| {
            let hint = self.hint(cand);
            hint != NONE && !key.before(keys(hint))
        })
    }

    /// The largest size a hint of `base` and `kind` removing `cands` may
    /// have and still not be covered (`u32::MAX` when some candidate is
    /// uncovered): keys grow with size, so a hint whose chains count more
    /// states can stop counting.
    pub fn size_limit(
        &self,
        base: f64,
        kind: u8,
        cands: impl Iterator<Item = usize>,
        keys: impl Fn(u32) -> Key,
    ) -> u32 {
        let mut limit = None;
        for cand in cands {
            let hint = self.hint(cand);
            if hint == NONE {
                return u32::MAX;
            }
            let last = last_before(base, kind, keys(hint));
            limit = Some(limit.map_or(last, |limit: u32| limit.max(last)));
        }
        // No candidates: nothing to cut.
        limit.unwrap_or(u32::MAX)
    }

    /// Records hint `index` (with `key`) removing `cands`.
    pub fn add(
        &mut self,
        cands: impl Iterator<Item = usize>,
        key: Key,
        index: u32,
        keys: impl Fn(u32) -> Key,
    ) {
        if self.hint.is_empty() {
            self.hint.resize(729, NONE);
        }
        for cand in cands {
            let hint = self.hint(cand);
            if hint == NONE || key.before(keys(hint)) {
                self.hint[cand] = index;
                self.covered[cand / 64] |= 1 << (cand % 64);
            }
        }
    }
}

/// The largest size of a hint of `base` and `kind` whose key sorts
/// before `other` (0 when none; at most 4096).
///
/// With `other`'s base, that is `other.size` when `kind` is lower, else
/// one less (equal difficulties, then sizes decide); checked, with a
/// binary search over sizes for any other base.
fn last_before(base: f64, kind: u8, other: Key) -> u32 {
    let before = |size: u32| Key::new(base, size, kind).before(other);
    let guess = other.size.saturating_sub(u32::from(kind >= other.kind));
    if (guess == 0 || before(guess)) && !before(guess + 1) {
        return guess;
    }
    // `before` is true up to some size, then false.
    let (mut low, mut high) = (0u32, 4097u32);
    while high - low > 1 {
        let mid = (low + high) / 2;
        if before(mid) {
            low = mid;
        } else {
            high = mid;
        }
    }
    low
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(difficulty: f64, size: u32) -> Key {
        Key {
            difficulty,
            size,
            kind: 0,
        }
    }

    #[test]
    fn a_hint_is_covered_only_by_hints_sorting_no_later() {
        let keys = [key(9.0, 10), key(9.1, 12)];
        let at = |i: u32| keys[i as usize];
        let mut cover = Cover::new();
        assert!(!cover.covers([5].into_iter(), keys[0], at));
        cover.add([5, 6].into_iter(), keys[0], 0, at);
        // An equal key found later sorts after the first: covered.
        assert!(cover.covers([5, 6].into_iter(), keys[0], at));
        assert!(cover.covers([6].into_iter(), keys[1], at));
        // A smaller key sorts before it, and candidate 7 is uncovered.
        assert!(!cover.covers([5].into_iter(), key(8.9, 8), at));
        assert!(!cover.covers([5, 7].into_iter(), keys[1], at));
    }

    #[test]
    fn a_cleared_cover_covers_nothing_and_records_afresh() {
        let keys = [key(9.0, 10), key(9.1, 12)];
        let at = |i: u32| keys[i as usize];
        let mut cover = Cover::new();
        cover.add([5, 6].into_iter(), keys[1], 1, at);
        cover.clear();
        // The slots still hold hint 1, but nothing is covered.
        assert!(!cover.covers([5].into_iter(), keys[1], at));
        assert_eq!(cover.size_limit(9.0, 0, [6].into_iter(), at), u32::MAX);
        // A later hint records over the stale slot, whatever its key.
        cover.add([5].into_iter(), keys[1], 0, at);
        assert!(cover.covers([5].into_iter(), keys[1], at));
        assert!(!cover.covers([6].into_iter(), keys[1], at));
    }

    #[test]
    fn the_size_limit_is_the_last_size_sorting_before_every_cover() {
        let base = 9.0;
        let keys = [Key::new(base, 10, 5), Key::new(base, 14, 5)];
        let at = |i: u32| keys[i as usize];
        let mut cover = Cover::new();
        cover.add([1].into_iter(), keys[0], 0, at);
        cover.add([2].into_iter(), keys[1], 1, at);
        assert_eq!(cover.size_limit(base, 5, [1].into_iter(), at), 9);
        assert_eq!(cover.size_limit(base, 1, [1].into_iter(), at), 10);
        assert_eq!(cover.size_limit(base, 7, [1, 2].into_iter(), at), 13);
        assert_eq!(cover.size_limit(base, 5, [1, 3].into_iter(), at), u32::MAX);
        // Another base: searched.
        let limit = cover.size_limit(8.5, 5, [1].into_iter(), at);
        assert!(Key::new(8.5, limit, 5).before(keys[0]));
        assert!(!Key::new(8.5, limit + 1, 5).before(keys[0]));
        for size in 1..40 {
            for kind in [1, 5, 6, 7] {
                let other = Key::new(9.5, size, 6);
                let last = last_before(9.5, kind, other);
                assert!(last == 0 || Key::new(9.5, last, kind).before(other));
                assert!(!Key::new(9.5, last + 1, kind).before(other));
            }
        }
    }

    #[test]
    fn each_candidate_keeps_the_first_sorting_hint() {
        let keys = [key(9.1, 12), key(9.0, 10), key(9.0, 10)];
        let at = |i: u32| keys[i as usize];
        let mut cover = Cover::new();
        cover.add([1].into_iter(), keys[0], 0, at);
        cover.add([1, 2].into_iter(), keys[1], 1, at);
        cover.add([1, 2, 3].into_iter(), keys[2], 2, at);
        assert_eq!(cover.hint[1], 1);
        assert_eq!(cover.hint[2], 1);
        assert_eq!(cover.hint[3], 2);
        assert!(!cover.covers([1].into_iter(), key(9.0, 9), at));
    }
}
