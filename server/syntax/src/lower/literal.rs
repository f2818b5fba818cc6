//! Literal values: integers (any base, arbitrarily large), floats,
//! imaginary numbers, string prefixes, escape sequences, and the assembly of
//! adjacent string pieces into one `Str`, `Bytes` or `FString`.

use std::borrow::Cow;
use std::mem;
use std::num::IntErrorKind;

use crate::ast::{ExprKind, FStringPart};

/// Non-decimal literals with more digits than this stay as written (minus
/// underscores) instead of being converted to decimal, which is quadratic.
const MAX_CONVERTED_DIGITS: usize = 4096;

pub(super) fn integer(text: &str) -> ExprKind {
    let text = without_underscores(text);
    if let Some(imaginary) = text.strip_suffix(['j', 'J']) {
        return ExprKind::Imaginary(parse_f64(imaginary));
    }
    // `10L`: a Python 2 long.
    let text = text.strip_suffix(['l', 'L']).unwrap_or(&text);
    let (digits, radix) = split_radix(text);
    match i64::from_str_radix(digits, radix) {
        Ok(value) => ExprKind::Int(value),
        Err(error) if *error.kind() == IntErrorKind::PosOverflow => {
            ExprKind::BigInt(to_decimal(digits, radix).unwrap_or_else(|| text.to_owned()))
        }
        Err(_) => ExprKind::BigInt(text.to_owned()),
    }
}

pub(super) fn float(text: &str) -> ExprKind {
    let text = without_underscores(text);
    match text.strip_suffix(['j', 'J']) {
        Some(imaginary) => ExprKind::Imaginary(parse_f64(imaginary)),
        None => ExprKind::Float(parse_f64(&text)),
    }
}

fn without_underscores(text: &str) -> Cow<'_, str> {
    if text.contains('_') {
        Cow::Owned(text.replace('_', ""))
    } else {
        Cow::Borrowed(text)
    }
}

/// Rust's float syntax accepts every Python float; overflow gives infinity.
fn parse_f64(text: &str) -> f64 {
    text.parse().unwrap_or(f64::NAN)
}

fn split_radix(text: &str) -> (&str, u32) {
    let radix = match text.get(..2) {
        Some("0x" | "0X") => 16,
        Some("0o" | "0O") => 8,
        Some("0b" | "0B") => 2,
        _ => return (text, 10),
    };
    (&text[2..], radix)
}

/// The decimal digits of a non-negative integer written in `radix`.
fn to_decimal(digits: &str, radix: u32) -> Option<String> {
    if radix == 10 {
        let trimmed = digits.trim_start_matches('0');
        return Some(if trimmed.is_empty() { "0" } else { trimmed }.to_owned());
    }
    if digits.len() > MAX_CONVERTED_DIGITS {
        return None;
    }
    const LIMB: u64 = 1_000_000_000;
    // Little-endian limbs in base 10^9.
    let mut limbs: Vec<u64> = Vec::new();
    for digit in digits.chars() {
        let mut carry = u64::from(digit.to_digit(radix)?);
        for limb in &mut limbs {
            let value = *limb * u64::from(radix) + carry;
            *limb = value % LIMB;
            carry = value / LIMB;
        }
        if carry > 0 {
            limbs.push(carry);
        }
    }
    let mut limbs = limbs.iter().rev();
    let mut decimal = limbs.next().map_or_else(|| "0".to_owned(), u64::to_string);
    for limb in limbs {
        decimal.push_str(&format!("{limb:09}"));
    }
    Some(decimal)
}

/// The letters before a string's opening quote.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Prefix {
    pub raw: bool,
    pub bytes: bool,
    pub format: bool,
}

impl Prefix {
    /// Parses the `string_start` token, e.g. `rb'` or `f"""`.
    pub(super) fn parse(start: &str) -> Self {
        let mut prefix = Self::default();
        for letter in start.chars().take_while(char::is_ascii_alphabetic) {
            match letter.to_ascii_lowercase() {
                'r' => prefix.raw = true,
                'b' => prefix.bytes = true,
                // `t` strings (templates) are f-strings for the tracer's purposes.
                'f' | 't' => prefix.format = true,
                _ => {}
            }
        }
        prefix
    }
}

/// Collects the pieces of adjacent string literals.
#[derive(Default)]
pub(super) struct StrSink {
    text: String,
    bytes: Vec<u8>,
    parts: Vec<FStringPart>,
    saw_text: bool,
    saw_bytes: bool,
    saw_format: bool,
}

impl StrSink {
    /// Notes the prefix of the next literal piece.
    pub(super) fn start(&mut self, prefix: Prefix) {
        if prefix.bytes {
            self.saw_bytes = true;
        } else {
            self.saw_text = true;
            self.saw_format |= prefix.format;
        }
    }

    /// Appends literal source text, resolving escapes unless raw.
    pub(super) fn push_content(&mut self, content: &str, prefix: Prefix) {
        if prefix.bytes {
            decode_bytes(content, prefix.raw, &mut self.bytes);
        } else {
            decode_str(content, prefix.raw, prefix.format, &mut self.text);
        }
    }

    pub(super) fn push_part(&mut self, part: FStringPart) {
        self.flush_text();
        self.parts.push(part);
    }

    fn flush_text(&mut self) {
        if !self.text.is_empty() {
            self.parts
                .push(FStringPart::Literal(mem::take(&mut self.text)));
        }
    }

    pub(super) fn into_parts(mut self) -> Vec<FStringPart> {
        self.flush_text();
        self.parts
    }

    pub(super) fn finish(self) -> Result<ExprKind, &'static str> {
        match (self.saw_bytes, self.saw_text) {
            (true, true) => Err("cannot mix bytes and nonbytes literals"),
            (true, false) => Ok(ExprKind::Bytes(self.bytes)),
            _ if self.saw_format => Ok(ExprKind::FString(self.into_parts())),
            _ => Ok(ExprKind::Str(self.text)),
        }
    }
}

/// Appends string content to `out`, resolving backslash escapes unless
/// `raw` and collapsing the doubled braces of an f-string.
pub(super) fn decode_str(content: &str, raw: bool, format: bool, out: &mut String) {
    let is_special =
        |byte: u8| (byte == b'\\' && !raw) || (format && (byte == b'{' || byte == b'}'));
    let bytes = content.as_bytes();
    // Only ASCII bytes are special, so every slice below is on a char boundary.
    let mut pending = 0;
    let mut i = 0;
    while i < bytes.len() {
        let byte = bytes[i];
        if !is_special(byte) {
            i += 1;
            continue;
        }
        out.push_str(&content[pending..i]);
        if byte == b'\\' {
            let (escape, len) = parse_escape(&bytes[i + 1..], true);
            match escape {
                Escape::Code(code) => out.push(char::from_u32(code).unwrap_or('\u{FFFD}')),
                Escape::Continuation => {}
                Escape::Verbatim => out.push('\\'),
            }
            i += 1 + len;
        } else {
            out.push(char::from(byte));
            i += if bytes.get(i + 1) == Some(&byte) {
                2
            } else {
                1
            };
        }
        pending = i;
    }
    out.push_str(&content[pending..]);
}

/// Appends bytes-literal content to `out`, resolving escapes unless `raw`.
pub(super) fn decode_bytes(content: &str, raw: bool, out: &mut Vec<u8>) {
    let bytes = content.as_bytes();
    if raw {
        out.extend_from_slice(bytes);
        return;
    }
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'\\' {
            out.push(bytes[i]);
            i += 1;
            continue;
        }
        let (escape, len) = parse_escape(&bytes[i + 1..], false);
        match escape {
            // Octal escapes above `\377` wrap, as CPython's did before they became errors.
            Escape::Code(code) => out.push((code & 0xFF) as u8),
            Escape::Continuation => {}
            Escape::Verbatim => out.push(b'\\'),
        }
        i += 1 + len;
    }
}

enum Escape {
    Code(u32),
    /// A backslash before a newline: both vanish.
    Continuation,
    /// Not an escape: the backslash stays and what follows is plain text.
    Verbatim,
}

/// Parses the escape after a backslash, returning the escape and the
/// number of bytes after the backslash it consumed. `\u`, `\U` (and `\N`,
/// which is kept verbatim for want of a name table) only exist in `str`.
fn parse_escape(after: &[u8], unicode: bool) -> (Escape, usize) {
    let Some(&first) = after.first() else {
        return (Escape::Verbatim, 0);
    };
    let code = |code: u8| (Escape::Code(u32::from(code)), 1);
    match first {
        b'\n' => (Escape::Continuation, 1),
        b'\r' => (
            Escape::Continuation,
            1 + usize::from(after.get(1) == Some(&b'\n')),
        ),
        b'\\' | b'\'' | b'"' => code(first),
        b'a' => code(0x07),
        b'b' => code(0x08),
        b'f' => code(0x0C),
        b'n' => code(b'\n'),
        b'r' => code(b'\r'),
        b't' => code(b'\t'),
        b'v' => code(0x0B),
        b'0'..=b'7' => {
            let len = after
                .iter()
                .take(3)
                .take_while(|byte| (b'0'..=b'7').contains(*byte))
                .count();
            let value = after[..len]
                .iter()
                .fold(0, |value, digit| value * 8 + u32::from(digit - b'0'));
            (Escape::Code(value), len)
        }
        b'x' => hex_escape(after, 2),
        b'u' if unicode => hex_escape(after, 4),
        b'U' if unicode => hex_escape(after, 8),
        _ => (Escape::Verbatim, 0),
    }
}

fn hex_escape(after: &[u8], digits: usize) -> (Escape, usize) {
    let Some(hex) = after.get(1..=digits) else {
        return (Escape::Verbatim, 0);
    };
    let value = hex.iter().try_fold(0u32, |value, &digit| {
        let digit = char::from(digit).to_digit(16)?;
        Some(value << 4 | digit)
    });
    match value {
        Some(value) => (Escape::Code(value), 1 + digits),
        None => (Escape::Verbatim, 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn str_of(content: &str, raw: bool, format: bool) -> String {
        let mut out = String::new();
        decode_str(content, raw, format, &mut out);
        out
    }

    fn bytes_of(content: &str, raw: bool) -> Vec<u8> {
        let mut out = Vec::new();
        decode_bytes(content, raw, &mut out);
        out
    }

    #[test]
    fn simple_escapes() {
        assert_eq!(
            str_of(r#"a\n\t\\\'\"\a\b\f\v\r"#, false, false),
            "a\n\t\\'\"\x07\x08\x0c\x0b\r"
        );
    }

    #[test]
    fn numeric_escapes() {
        assert_eq!(
            str_of(r"\x41\101\0\u00e9\U0001F600", false, false),
            "AA\0é😀"
        );
        assert_eq!(str_of(r"\7\77\777", false, false), "\u{7}\u{3f}\u{1ff}");
    }

    #[test]
    fn invalid_escapes_stay_verbatim() {
        assert_eq!(
            str_of(r"\q\xZZ\u12\N{DASH}\é", false, false),
            r"\q\xZZ\u12\N{DASH}\é"
        );
        assert_eq!(str_of("trailing\\", false, false), "trailing\\");
    }

    #[test]
    fn surrogates_and_out_of_range_become_replacement() {
        assert_eq!(
            str_of(r"\ud800\U00110000", false, false),
            "\u{FFFD}\u{FFFD}"
        );
    }

    #[test]
    fn line_continuation_vanishes() {
        assert_eq!(str_of("a\\\nb\\\r\nc", false, false), "abc");
    }

    #[test]
    fn raw_keeps_backslashes() {
        assert_eq!(str_of(r"\n\x41", true, false), r"\n\x41");
        assert_eq!(bytes_of(r"\n", true), b"\\n");
    }

    #[test]
    fn fstring_braces_collapse() {
        assert_eq!(str_of("{{a}}", false, true), "{a}");
        assert_eq!(str_of("{{a}}", false, false), "{{a}}");
        assert_eq!(str_of(r"{{\n}}", true, true), r"{\n}");
    }

    #[test]
    fn bytes_escapes() {
        assert_eq!(
            bytes_of(r"\x00\xff\777\u1234", false),
            b"\x00\xff\xff\\u1234"
        );
    }

    #[test]
    fn prefixes() {
        let prefix = |start| Prefix::parse(start);
        assert_eq!(prefix("'"), Prefix::default());
        assert!(prefix("Rb'").raw && prefix("Rb'").bytes);
        assert!(prefix("fR\"\"\"").format && prefix("fR\"\"\"").raw);
        assert!(!prefix("u'").raw);
    }

    #[test]
    fn integers() {
        assert!(matches!(integer("0x_ff"), ExprKind::Int(255)));
        assert!(matches!(integer("0o17"), ExprKind::Int(15)));
        assert!(matches!(integer("0B101"), ExprKind::Int(5)));
        assert!(matches!(integer("1_000"), ExprKind::Int(1000)));
        assert!(matches!(
            integer("9223372036854775807"),
            ExprKind::Int(i64::MAX)
        ));
        assert!(matches!(integer("10L"), ExprKind::Int(10)));
        assert!(matches!(integer("3j"), ExprKind::Imaginary(3.0)));
    }

    #[test]
    fn big_integers_are_decimal() {
        let big = |text| match integer(text) {
            ExprKind::BigInt(digits) => digits,
            other => panic!("expected BigInt, got {other:?}"),
        };
        assert_eq!(big("9223372036854775808"), "9223372036854775808");
        assert_eq!(big("0x1_0000_0000_0000_0000"), "18446744073709551616");
        assert_eq!(big("000_99999999999999999999"), "99999999999999999999");
    }

    #[test]
    fn huge_non_decimal_integers_stay_as_written() {
        let text = format!("0x{}", "f".repeat(MAX_CONVERTED_DIGITS + 1));
        assert!(matches!(integer(&text), ExprKind::BigInt(digits) if digits == text));
    }

    #[test]
    fn floats() {
        assert!(matches!(float("1.5e3"), ExprKind::Float(value) if value == 1500.0));
        assert!(matches!(float("1."), ExprKind::Float(value) if value == 1.0));
        assert!(matches!(float(".5"), ExprKind::Float(value) if value == 0.5));
        assert!(matches!(float("1_0.0_1"), ExprKind::Float(value) if value == 10.01));
        assert!(matches!(float("1e400"), ExprKind::Float(value) if value.is_infinite()));
        assert!(matches!(float("2.5J"), ExprKind::Imaginary(value) if value == 2.5));
    }
}
