//! The cell every mutable Python container is held in (a scope's names, a
//! class's or an object's attributes, a list, a dict, a set, an iterator,
//! a module's registries): a `RefCell` that notes writes to library state
//! kept between traces.
//!
//! After a trace, kept library state is walked to prove that it holds
//! nothing of the trace ([`crate::interp::reuse`]). The walk marks every
//! container it keeps; a later write to a marked container counts on the
//! thread ([`kept_writes`]). When a trace wrote to no kept container and
//! the roots of the kept state are the same, everything kept reaches
//! exactly what it reached when it was last walked, and the walk is not
//! done again.

use std::cell::{BorrowError, BorrowMutError, Cell, Ref, RefCell, RefMut};

thread_local! {
    static KEPT_WRITES: Cell<u64> = const { Cell::new(0) };
}

/// How many times, on this thread, a container marked kept was borrowed
/// for writing: a trace that leaves it unchanged wrote to no kept state.
pub(crate) fn kept_writes() -> u64 {
    KEPT_WRITES.with(Cell::get)
}

/// A `RefCell` whose mutable borrows are counted once it is marked kept.
#[derive(Default)]
pub struct Tracked<T> {
    cell: RefCell<T>,
    kept: Cell<bool>,
}

impl<T> Tracked<T> {
    pub const fn new(value: T) -> Tracked<T> {
        Tracked {
            cell: RefCell::new(value),
            kept: Cell::new(false),
        }
    }

    pub fn borrow(&self) -> Ref<'_, T> {
        self.cell.borrow()
    }

    pub fn try_borrow(&self) -> Result<Ref<'_, T>, BorrowError> {
        self.cell.try_borrow()
    }

    pub fn borrow_mut(&self) -> RefMut<'_, T> {
        self.note_write();
        self.cell.borrow_mut()
    }

    pub fn try_borrow_mut(&self) -> Result<RefMut<'_, T>, BorrowMutError> {
        self.note_write();
        self.cell.try_borrow_mut()
    }

    pub fn replace(&self, value: T) -> T {
        self.note_write();
        self.cell.replace(value)
    }

    pub fn take(&self) -> T
    where
        T: Default,
    {
        self.replace(T::default())
    }

    pub fn into_inner(self) -> T {
        self.cell.into_inner()
    }

    /// Mark the container as part of kept state: writes to it count from now.
    pub(crate) fn mark_kept(&self) {
        self.kept.set(true);
    }

    fn note_write(&self) {
        if self.kept.get() {
            KEPT_WRITES.with(|n| n.set(n.get() + 1));
        }
    }
}

/// A copy is a new container, not kept.
impl<T: Clone> Clone for Tracked<T> {
    fn clone(&self) -> Tracked<T> {
        Tracked::new(self.cell.borrow().clone())
    }
}

impl<T: std::fmt::Debug> std::fmt::Debug for Tracked<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.cell.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_count_only_once_a_container_is_kept() {
        let cell = Tracked::new(vec![1]);
        let before = kept_writes();
        cell.borrow_mut().push(2);
        assert_eq!(kept_writes(), before);
        cell.mark_kept();
        let _ = cell.borrow();
        assert_eq!(kept_writes(), before, "a read is not a write");
        cell.borrow_mut().push(3);
        cell.replace(vec![]);
        drop(cell.try_borrow_mut());
        assert_eq!(kept_writes(), before + 3);
        assert!(!cell.clone().kept.get(), "a copy is not kept");
    }
}
