//! Breaking the reference cycles a trace leaves behind.
//!
//! Values are reference-counted, and Python's object graph is full of
//! cycles: a module's functions hold its globals (`Function::globals`),
//! which hold the functions; a class's methods hold the scope that holds the
//! class; `self.f = self.g` stores a bound method of an object in the object.
//! Nothing of a trace is needed once its [`crate::TraceResult`] is built
//! (the result is plain data), so the trace driver runs the interpreter
//! inside a [`Collector`]: every scope, class and object created meanwhile
//! is registered (weakly), and when the collector is dropped the ones still
//! alive are emptied, which breaks every cycle through them and frees the
//! trace's values, its source file included.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use crate::tracked::Tracked;
use crate::value::{Class, Object, Scope};

/// Something whose contents can be dropped to break cycles.
pub(crate) trait Breakable {
    /// Drop every value held, leaving the thing empty.
    fn break_cycles(&self);

    /// Forget what has died since (a class's subclasses of a past trace).
    fn prune(&self) {}
}

/// The contents of `cell`, leaving it empty (`None` if it is borrowed). The
/// caller drops them after the borrow ends: dropping values may drop other
/// registered things.
fn take<T: Default>(cell: &Tracked<T>) -> Option<T> {
    cell.try_borrow_mut()
        .ok()
        .map(|mut v| std::mem::take(&mut *v))
}

impl Breakable for Scope {
    fn break_cycles(&self) {
        drop(take(&self.vars));
    }
}

impl Breakable for Class {
    fn break_cycles(&self) {
        crate::value::class_attrs_changed();
        drop(take(&self.attrs));
    }

    fn prune(&self) {
        if let Ok(mut subclasses) = self.subclasses.try_borrow_mut() {
            subclasses.retain(|w| w.strong_count() > 0);
        }
    }
}

impl Breakable for Object {
    fn break_cycles(&self) {
        let attrs = take(&self.attrs);
        let state = self.module.as_ref().and_then(take);
        drop((attrs, state));
    }
}

thread_local! {
    /// What the innermost live [`Collector`] of this thread registered;
    /// `None` outside any.
    static REGISTERED: RefCell<Option<Vec<Weak<dyn Breakable>>>> = const { RefCell::new(None) };
}

/// Register `value` with the current collector, if any.
pub(crate) fn register<T: Breakable + 'static>(value: &Rc<T>) {
    let weak: Weak<dyn Breakable> = Rc::downgrade(value) as Weak<dyn Breakable>;
    REGISTERED.with(|cell| {
        let Ok(mut slot) = cell.try_borrow_mut() else {
            return;
        };
        if let Some(list) = slot.as_mut() {
            // Forget what is already gone before growing, so a long trace
            // keeps only a weak pointer per live value.
            if list.len() == list.capacity() && list.len() >= 1024 {
                list.retain(|w| w.strong_count() > 0);
            }
            list.push(weak);
        }
    });
}

/// A [`Collector`] for callers that run the interpreter outside a trace
/// (the quick run builds the model's values by running the module's code):
/// when dropped, the cycles of every scope, class and object created on
/// this thread while it lived are broken, so their values are freed.
/// Nothing it collects may be used after it is dropped.
pub struct CycleGuard(#[allow(dead_code)] Collector);

impl CycleGuard {
    pub fn start() -> CycleGuard {
        CycleGuard(Collector::start())
    }
}

/// Registers what is created while it lives; dropping it (also when
/// unwinding) empties whatever of that is still alive.
pub(crate) struct Collector {
    outer: Option<Vec<Weak<dyn Breakable>>>,
    /// Things to leave alone (by address): state kept for the next trace
    /// (`interp::reuse`).
    exempt: Rc<foldhash::HashSet<usize>>,
}

impl Collector {
    pub(crate) fn start() -> Collector {
        let outer = REGISTERED.with(|cell| {
            cell.try_borrow_mut()
                .ok()
                .and_then(|mut slot| slot.replace(Vec::new()))
        });
        Collector {
            outer,
            exempt: Default::default(),
        }
    }

    /// Leave the things at these addresses alone when dropped.
    pub(crate) fn exempt(&mut self, addresses: Rc<foldhash::HashSet<usize>>) {
        self.exempt = addresses;
    }
}

impl Drop for Collector {
    fn drop(&mut self) {
        let outer = self.outer.take();
        let mine = REGISTERED.with(|cell| {
            cell.try_borrow_mut()
                .ok()
                .and_then(|mut slot| std::mem::replace(&mut *slot, outer))
        });
        for weak in mine.into_iter().flatten() {
            if self.exempt.contains(&(weak.as_ptr() as *const () as usize)) {
                continue;
            }
            if let Some(value) = weak.upgrade() {
                value.break_cycles();
            }
        }
    }
}
