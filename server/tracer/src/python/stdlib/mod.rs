//! The standard-library modules the tracer models, one file per module
//! (the modules of a function or a few share `small.rs`). Each file
//! declares its functions' names as an enum and its arguments as
//! [`Signature`](crate::python::bind::Signature)s; a name it does not
//! declare is "analysis incomplete: `module.name` is not modelled".
//! Module attributes that are values (`math.pi`, `string.digits`) are read
//! in `interp/attr.rs`.

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
pub mod typing;
