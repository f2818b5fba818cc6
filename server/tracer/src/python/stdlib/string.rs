//! The `string` module's constants.

use crate::value::Value;

/// `string.NAME`.
pub fn constant(name: &str) -> Option<Value> {
    CONSTANTS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, v)| Value::str(v))
}

/// The constants, by name.
const CONSTANTS: &[(&str, &str)] = &[
    ("ascii_lowercase", "abcdefghijklmnopqrstuvwxyz"),
    ("ascii_uppercase", "ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
    (
        "ascii_letters",
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    ),
    ("digits", "0123456789"),
    ("hexdigits", "0123456789abcdefABCDEF"),
    ("octdigits", "01234567"),
    ("punctuation", "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"),
    ("whitespace", " \t\n\r\x0b\x0c"),
];
