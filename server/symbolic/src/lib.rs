//! Symbolic shapes: the shape environment of one trace (symbols, ranges,
//! guards, replacements), solving a relation for one symbol, fake tensors'
//! strides and the guards computing them adds, and the comparison kinds.
//! Builds on the expression crate (`shapes`) alone: no Python values, no
//! tensors, no torch ops.

pub mod cmp;
pub mod layout;
pub mod shape_env;
pub mod solve;

pub use cmp::CmpKind;

/// The greatest common divisor of `|a|` and `|b|` (`gcd(0, 0) == 0`).
pub fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}
