//! A fixed-capacity vector on the stack for the searches' move lists: no heap allocation and no
//! initialisation of the unused slots (a legal-move list never holds more than one entry per empty square).

use std::mem::MaybeUninit;

/// Up to `N` values of a `Copy` type, stored inline.
pub(crate) struct StackVec<T: Copy, const N: usize> {
    items: [MaybeUninit<T>; N],
    len: usize,
}

impl<T: Copy, const N: usize> StackVec<T, N> {
    /// An empty list (the storage is left uninitialised).
    #[inline]
    pub(crate) fn new() -> Self {
        StackVec {
            items: [const { MaybeUninit::uninit() }; N],
            len: 0,
        }
    }

    /// Appends `value`.
    ///
    /// # Panics
    /// When the list is full.
    #[inline]
    pub(crate) fn push(&mut self, value: T) {
        self.items[self.len] = MaybeUninit::new(value);
        self.len += 1;
    }

    /// The values pushed so far.
    #[inline]
    pub(crate) fn as_slice(&self) -> &[T] {
        // SAFETY: the first `len` slots were written by `push`, and `T: Copy` has no drop glue.
        unsafe { std::slice::from_raw_parts(self.items.as_ptr().cast::<T>(), self.len) }
    }

    /// The values pushed so far, mutably.
    #[inline]
    pub(crate) fn as_mut_slice(&mut self) -> &mut [T] {
        // SAFETY: as in `as_slice`.
        unsafe { std::slice::from_raw_parts_mut(self.items.as_mut_ptr().cast::<T>(), self.len) }
    }

    /// Removes and returns the value at `index`, the later ones moving down one place (their order kept).
    ///
    /// # Panics
    /// When `index` is out of range.
    #[inline]
    pub(crate) fn remove(&mut self, index: usize) -> T {
        let slice = self.as_mut_slice();
        let value = slice[index];
        slice.copy_within(index + 1.., index);
        self.len -= 1;
        value
    }
}

impl<T: Copy, const N: usize> std::ops::Deref for StackVec<T, N> {
    type Target = [T];

    #[inline]
    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pushes_and_reads_back() {
        let mut v: StackVec<u32, 64> = StackVec::new();
        assert!(v.is_empty());
        for i in 0..64 {
            v.push(i * 3);
        }
        assert_eq!(v.len(), 64);
        assert_eq!(v[63], 189);
        v.as_mut_slice().sort_by_key(|&x| std::cmp::Reverse(x));
        assert_eq!(v[0], 189);
    }
}
