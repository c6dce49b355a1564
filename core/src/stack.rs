//! A list with a fixed capacity, kept inline: game states clone without allocating.

use std::fmt;

#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Stack<T: Copy + Default, const C: usize> {
    items: [T; C],
    len: u8,
}

impl<T: Copy + Default, const C: usize> Default for Stack<T, C> {
    fn default() -> Self {
        Stack {
            items: [T::default(); C],
            len: 0,
        }
    }
}

impl<T: Copy + Default + PartialEq + fmt::Debug, const C: usize> fmt::Debug for Stack<T, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<T: Copy + Default + PartialEq, const C: usize> Stack<T, C> {
    pub fn from_slice(items: &[T]) -> Option<Self> {
        if items.len() > C {
            return None;
        }
        let mut stack = Stack::default();
        for &item in items {
            stack.push(item);
        }
        Some(stack)
    }

    pub fn as_slice(&self) -> &[T] {
        &self.items[..self.len as usize]
    }

    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.items[..self.len as usize]
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Push `item` on the end; the capacity is the game's bound, so more is a bug.
    pub fn push(&mut self, item: T) {
        assert!(
            (self.len as usize) < C,
            "a list of the game outgrew its bound of {C}"
        );
        self.items[self.len as usize] = item;
        self.len += 1;
    }

    pub fn pop(&mut self) -> Option<T> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.items[self.len as usize])
    }

    pub fn last_mut(&mut self) -> Option<&mut T> {
        self.len
            .checked_sub(1)
            .map(move |i| &mut self.items[i as usize])
    }

    pub fn last(&self) -> Option<&T> {
        self.as_slice().last()
    }

    pub fn remove(&mut self, index: usize) -> T {
        let item = self.items[index];
        self.items.copy_within(index + 1..self.len as usize, index);
        self.len -= 1;
        item
    }

    pub fn insert(&mut self, index: usize, item: T) {
        assert!(
            (self.len as usize) < C,
            "a list of the game outgrew its bound of {C}"
        );
        self.items.copy_within(index..self.len as usize, index + 1);
        self.items[index] = item;
        self.len += 1;
    }

    /// Remove the first item equal to `item`; false when there is none.
    pub fn remove_item(&mut self, item: T) -> bool {
        match self.as_slice().iter().position(|&x| x == item) {
            Some(i) => {
                self.remove(i);
                true
            }
            None => false,
        }
    }

    pub fn clear(&mut self) {
        self.len = 0;
    }
}
