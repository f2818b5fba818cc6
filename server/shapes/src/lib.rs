//! Symbolic shapes: integer expressions over size symbols (polynomials with
//! floor division, modulo, min and max), value ranges with infinity, and the
//! shape environment that records symbols, hints, guards and replacements.

pub mod expr;
pub mod range;

pub use expr::{Atom, AtomKind, SymError, SymExpr, SymResult, SymbolId};
pub use range::{Bound, ValueRange};
