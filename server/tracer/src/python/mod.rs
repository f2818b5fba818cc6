//! Python semantics by name, in one place: the builtin functions, the
//! methods of builtin types and the standard-library modules the tracer
//! models, and Python's operators on values that are not tensors.
//!
//! A qualified name (`builtins.len`, `math.sqrt`, `list.append`) becomes a
//! typed identity once, where a builtin is called ([`call_builtin`]): an
//! enum per namespace, declared with its table of names by
//! [`names::known_names`] (`KnownBuiltin`, `MathFunction`, `ListMethod`,
//! ...), and dispatch past that point matches variants. Arguments are
//! bound by a [`bind::Signature`] declared once per function, with
//! CPython's `TypeError`s. What a namespace does not declare is "analysis
//! incomplete: `name` is not modelled".
//!
//! - `builtins/`: the builtin functions, one file per group;
//! - `methods/`: the methods of builtin types, one file per type;
//! - `stdlib/`: one file per standard-library module;
//! - `objects.rs`: the builtin objects the tracer makes (`partial`
//!   objects, `super()`, sentinels), [`objects::KnownObject`];
//! - `operators.rs`: binary operators and comparisons;
//! - `numpy.rs`: the kernels of the numpy prelude (`_exportlens_numpy`);
//! - `files.rs`: the file natives of the prelude (`_exportlens_files`);
//! - `format.rs`: format specs and `%` formatting of known values;
//! - `dispatch.rs`: from a called builtin's name to its file.
//!
//! The semantics are checked against CPython by the Python files of
//! `tracer/tests/python/`, which CPython and the tracer both run.

pub mod bind;
pub mod builtins;
mod dispatch;
pub mod files;
pub mod format;
pub mod methods;
pub(crate) mod names;
pub mod numpy;
pub mod objects;
pub mod operators;
pub mod stdlib;

pub use dispatch::call_builtin;

use crate::interp::Interp;
use crate::value::Value;

/// What calling a name the tracer does not model gives: an unknown value,
/// noted as "analysis incomplete: `qualified` is not modelled".
pub(crate) fn not_modelled(interp: &mut Interp, qualified: &str) -> Value {
    let r = interp.current_range();
    interp.incomplete(
        r,
        format!("analysis incomplete: `{qualified}` is not modelled"),
    )
}
