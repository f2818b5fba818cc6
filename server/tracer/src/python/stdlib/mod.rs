//! The standard-library modules the tracer models, one file per module
//! (the modules of a function or a few share `small.rs`). Each file
//! declares its functions' names as an enum and its arguments as
//! [`Signature`](crate::python::bind::Signature)s; a name it does not
//! declare is "analysis incomplete: `module.name` is not modelled".
//! Module attributes that are values (`math.pi`, `string.digits`) are
//! [`constant`]s.

pub mod collections;
pub mod copy;
pub mod dataclasses;
pub mod functools;
pub mod importlib;
pub mod inspect;
pub mod itertools;
pub mod math;
pub mod operator;
pub mod re;
pub mod small;
pub mod string;
pub mod types;
pub mod typing;

use crate::value::Value;

/// The constant `module.name` of a modelled module (`math.pi`,
/// `string.digits`, `keyword.kwlist`, `typing.TYPE_CHECKING`).
pub fn constant(module: &str, name: &str) -> Option<Value> {
    type Lookup = fn(&str) -> Option<Value>;
    const MODULES: &[(&str, Lookup)] = &[
        ("math", math::constant),
        ("string", string::constant),
        ("keyword", small::keyword_list),
        ("typing", typing::constant),
        ("sys", small::sys_constant),
        ("inspect", inspect::constant),
    ];
    let (_, lookup) = MODULES.iter().find(|(m, _)| *m == module)?;
    lookup(name)
}
