//! Fixed-capacity inline storage with a heap fallback: the flat mode lists
//! of the algebra. Up to `N` elements live in an array with a length, so a
//! push is one comparison and one store (no spill check on every access, as a general small vector
//! makes); beyond `N`, all elements move to a heap vector (the cold path).

use alloc::{boxed::Box, vec::Vec};
use core::hash::{Hash, Hasher};
use core::ops::{Deref, DerefMut};

/// Up to `N` elements inline, all of them on the heap beyond.
#[derive(Clone)]
pub(crate) struct InlineVec<T: Copy + Default, const N: usize> {
    /// Number of inline elements; above `N` once they live in `heap`.
    len: usize,
    inline: [T; N],
    /// Boxed so that the field is one pointer (not a vector's three words)
    /// in every value that never spills: every copy of a layout is smaller.
    #[allow(clippy::box_collection)]
    heap: Option<Box<Vec<T>>>,
}

impl<T: Copy + Default, const N: usize> InlineVec<T, N> {
    /// No elements.
    #[inline(always)]
    pub(crate) fn new() -> Self {
        InlineVec {
            len: 0,
            inline: [T::default(); N],
            heap: None,
        }
    }

    /// The elements as a slice.
    #[inline(always)]
    pub(crate) fn as_slice(&self) -> &[T] {
        match self.inline.get(..self.len) {
            Some(s) => s,
            None => self.heap.as_deref().map_or(&[], |v| v.as_slice()),
        }
    }

    /// The elements as a mutable slice.
    #[inline(always)]
    pub(crate) fn as_mut_slice(&mut self) -> &mut [T] {
        match self.inline.get_mut(..self.len) {
            Some(s) => s,
            None => self
                .heap
                .as_deref_mut()
                .map_or(&mut [], |v| v.as_mut_slice()),
        }
    }

    /// Append one element.
    #[inline(always)]
    pub(crate) fn push(&mut self, x: T) {
        match self.inline.get_mut(self.len) {
            Some(slot) => {
                *slot = x;
                self.len += 1;
            }
            None => self.spill().push(x),
        }
    }

    /// Keep the first `n` elements.
    #[inline]
    pub(crate) fn truncate(&mut self, n: usize) {
        if self.len <= N {
            self.len = self.len.min(n);
        } else if let Some(v) = self.heap.as_deref_mut() {
            v.truncate(n);
        }
    }

    /// Remove every element (a spilled vector stays on the heap).
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.truncate(0);
    }

    /// The heap vector, the inline elements moved into it first.
    #[cold]
    #[inline(never)]
    fn spill(&mut self) -> &mut Vec<T> {
        if self.len <= N {
            let mut v = Vec::with_capacity(2 * N);
            v.extend_from_slice(&self.inline[..self.len]);
            self.heap = Some(Box::new(v));
            self.len = N + 1;
        }
        self.heap.get_or_insert_with(Default::default)
    }
}

impl<T: Copy + Default, const N: usize> Default for InlineVec<T, N> {
    #[inline(always)]
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Copy + Default, const N: usize> Deref for InlineVec<T, N> {
    type Target = [T];
    #[inline(always)]
    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T: Copy + Default, const N: usize> DerefMut for InlineVec<T, N> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [T] {
        self.as_mut_slice()
    }
}

impl<T: Copy + Default + PartialEq, const N: usize> PartialEq for InlineVec<T, N> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Copy + Default + Eq, const N: usize> Eq for InlineVec<T, N> {}

impl<T: Copy + Default + Hash, const N: usize> Hash for InlineVec<T, N> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl<T: Copy + Default + core::fmt::Debug, const N: usize> core::fmt::Debug for InlineVec<T, N> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<T: Copy + Default, const N: usize> Extend<T> for InlineVec<T, N> {
    #[inline]
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        for x in iter {
            self.push(x);
        }
    }
}

impl<T: Copy + Default, const N: usize> FromIterator<T> for InlineVec<T, N> {
    #[inline]
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut v = Self::new();
        v.extend(iter);
        v
    }
}

impl<'a, T: Copy + Default, const N: usize> IntoIterator for &'a InlineVec<T, N> {
    type Item = &'a T;
    type IntoIter = core::slice::Iter<'a, T>;
    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

#[cfg(test)]
mod tests {
    use super::InlineVec;

    /// Pushes and truncation agree with a `Vec` across the
    /// spill to the heap.
    #[test]
    fn agrees_with_vec_across_the_spill() {
        let mut v: InlineVec<i64, 4> = InlineVec::new();
        let mut w: alloc::vec::Vec<i64> = alloc::vec::Vec::new();
        for i in 0..9 {
            v.push(i);
            w.push(i);
            assert_eq!(v.as_slice(), w.as_slice());
        }
        v.extend([20, 21]);
        w.extend_from_slice(&[20, 21]);
        v.truncate(5);
        w.truncate(5);
        assert_eq!(v.as_slice(), w.as_slice());
        let mut small: InlineVec<i64, 4> = [2, 3].into_iter().collect();
        small.extend([7, 8]);
        assert_eq!(small.as_slice(), &[2, 3, 7, 8]);
        small.extend([9]);
        assert_eq!(small.as_slice(), &[2, 3, 7, 8, 9]);
        small.clear();
        assert!(small.is_empty());
        assert_eq!(small, InlineVec::new());
    }
}
