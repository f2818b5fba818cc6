//! The cell every mutable Python container is held in (a scope's names, a
//! class's or an object's attributes, a list, a dict, a set, an iterator,
//! a module's registries): a `RefCell` that notes writes to library state
//! kept between traces.
//!
//! After a trace, kept library state is walked to prove that it holds
//! nothing of the trace ([`crate::interp::reuse`]). The walk marks every
//! container it keeps; a later write to a marked container is noted on the
//! thread, by the container's address ([`start_noting`], [`written_since`]).
//! Everything kept that no noted container reaches holds exactly what it
//! held when it was last walked: the next walk visits only the noted
//! containers' contents and new roots.

use std::cell::{BorrowError, BorrowMutError, Cell, Ref, RefCell, RefMut};

/// Written containers noted per trace at most: past it the trace is taken
/// to have written anywhere (the whole state is walked again).
const MAX_NOTED: usize = 1 << 14;

#[derive(Default)]
struct Written {
    /// Addresses of the kept containers written, in order (repeats of the
    /// last one left out).
    containers: Vec<usize>,
    overflowed: bool,
    /// Bumped by each [`start_noting`]: a trace nested in another (which
    /// starts noting afresh) leaves the outer one's notes incomplete.
    generation: u64,
}

thread_local! {
    static WRITTEN: RefCell<Written> = RefCell::new(Written::default());
}

/// Start noting writes to kept containers on this thread afresh; the
/// generation to hand to [`written_since`].
pub(crate) fn start_noting() -> u64 {
    WRITTEN.with(|w| {
        let mut w = w.borrow_mut();
        w.containers.clear();
        w.overflowed = false;
        w.generation += 1;
        w.generation
    })
}

/// The addresses of the kept containers written on this thread since
/// [`start_noting`] returned `generation`; `None` when they are not all
/// known (too many, or noting started again since).
pub(crate) fn written_since(generation: u64) -> Option<Vec<usize>> {
    WRITTEN.with(|w| {
        let mut w = w.borrow_mut();
        (w.generation == generation && !w.overflowed).then(|| std::mem::take(&mut w.containers))
    })
}

/// A `RefCell` whose mutable borrows are noted once it is marked kept.
#[derive(Default)]
pub struct Tracked<T> {
    cell: RefCell<T>,
    kept: Cell<bool>,
    /// Bumped by every write: what is derived from the contents is valid
    /// while it stays the same.
    version: Cell<u32>,
}

impl<T> Tracked<T> {
    pub const fn new(value: T) -> Tracked<T> {
        Tracked {
            cell: RefCell::new(value),
            kept: Cell::new(false),
            version: Cell::new(0),
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

    /// A count of the writes to this container (wrapping).
    pub fn version(&self) -> u32 {
        self.version.get()
    }

    /// The address writes to this container are noted by.
    pub(crate) fn address(&self) -> usize {
        self as *const Self as *const () as usize
    }

    fn note_write(&self) {
        self.version.set(self.version.get().wrapping_add(1));
        if self.kept.get() {
            let address = self.address();
            // Kept state freed as the thread ends writes after the notes
            // are gone, and nothing walks it again.
            let _ = WRITTEN.try_with(|w| {
                let mut w = w.borrow_mut();
                if w.containers.last() != Some(&address) {
                    if w.containers.len() < MAX_NOTED {
                        w.containers.push(address);
                    } else {
                        w.overflowed = true;
                    }
                }
            });
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
    fn writes_are_noted_only_once_a_container_is_kept() {
        let cell = Tracked::new(vec![1]);
        let other = Tracked::new(vec![]);
        other.mark_kept();
        let generation = start_noting();
        cell.borrow_mut().push(2);
        cell.mark_kept();
        let _ = cell.borrow();
        assert_eq!(
            written_since(generation),
            Some(vec![]),
            "a read is not a write"
        );
        cell.borrow_mut().push(3);
        cell.replace(vec![]);
        other.borrow_mut().push(1);
        drop(cell.try_borrow_mut());
        assert_eq!(
            written_since(generation),
            Some(vec![cell.address(), other.address(), cell.address()])
        );
        assert!(!cell.clone().kept.get(), "a copy is not kept");
    }

    #[test]
    fn every_write_changes_the_version_and_reads_do_not() {
        let cell = Tracked::new(vec![1]);
        let v0 = cell.version();
        let _ = cell.borrow();
        assert_eq!(cell.version(), v0);
        cell.borrow_mut().push(2);
        let v1 = cell.version();
        assert_ne!(v1, v0);
        cell.replace(vec![]);
        assert_ne!(cell.version(), v1);
    }

    #[test]
    fn notes_are_incomplete_after_noting_started_again_or_overflowed() {
        let cell = Tracked::new(0);
        let other = Tracked::new(0);
        cell.mark_kept();
        other.mark_kept();
        let outer = start_noting();
        *cell.borrow_mut() = 1;
        let inner = start_noting();
        assert_eq!(written_since(outer), None);
        for _ in 0..MAX_NOTED {
            *cell.borrow_mut() = 2;
            *other.borrow_mut() = 2;
        }
        assert_eq!(written_since(inner), None);
    }
}
