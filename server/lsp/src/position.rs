//! Conversion between LSP positions and offsets in a [`Rope`].
//!
//! LSP positions are a 0-based line and a column counted in the negotiated
//! encoding: UTF-16 code units by default, UTF-8 bytes when the client
//! offers `positionEncoding: utf-8`. Lines end at `\n`, `\r\n` or `\r`
//! (ropey is built with `cr_lines` and without `unicode_lines`, which is
//! exactly the LSP set). Every conversion clamps: a line past the end maps
//! to the end of the text, a column past the end of its line maps to the end
//! of the line (before the line break), and a column inside a character
//! maps to the start of that character. Nothing here panics on any input.

use ropey::Rope;
use tower_lsp_server::ls_types::{Position, PositionEncodingKind, Range};

/// How columns are counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Encoding {
    /// UTF-16 code units (the LSP default).
    #[default]
    Utf16,
    /// UTF-8 bytes.
    Utf8,
}

impl Encoding {
    /// Pick the encoding from the client's `general.positionEncodings`:
    /// UTF-8 when offered, else UTF-16.
    pub fn negotiate(offered: Option<&[PositionEncodingKind]>) -> Encoding {
        match offered {
            Some(list) if list.contains(&PositionEncodingKind::UTF8) => Encoding::Utf8,
            _ => Encoding::Utf16,
        }
    }

    /// The LSP name of the encoding, for the server capabilities.
    pub fn kind(self) -> PositionEncodingKind {
        match self {
            Encoding::Utf16 => PositionEncodingKind::UTF16,
            Encoding::Utf8 => PositionEncodingKind::UTF8,
        }
    }
}

/// The char index just past the text of `line` (before its line break).
fn line_end_char(rope: &Rope, line: usize) -> usize {
    let start = rope.line_to_char(line);
    let slice = rope.line(line);
    let mut len = slice.len_chars();
    // Strip the line break: `\n`, `\r\n` or `\r`.
    if len > 0 && slice.char(len - 1) == '\n' {
        len -= 1;
    }
    if len > 0 && slice.char(len - 1) == '\r' {
        len -= 1;
    }
    start + len
}

/// The char index of an LSP position, clamped to the text.
pub fn position_to_char(rope: &Rope, pos: Position, enc: Encoding) -> usize {
    let line = pos.line as usize;
    if line >= rope.len_lines() {
        return rope.len_chars();
    }
    let start = rope.line_to_char(line);
    let end = line_end_char(rope, line);
    let col = pos.character as usize;
    let idx = match enc {
        Encoding::Utf16 => {
            let base = rope.char_to_utf16_cu(start);
            let end_cu = rope.char_to_utf16_cu(end);
            let target = base.saturating_add(col).min(end_cu);
            // utf16_cu_to_char rounds a unit inside a surrogate pair down.
            rope.utf16_cu_to_char(target)
        }
        Encoding::Utf8 => {
            let base = rope.char_to_byte(start);
            let end_b = rope.char_to_byte(end);
            let target = base.saturating_add(col).min(end_b);
            rope.byte_to_char(target)
        }
    };
    idx.clamp(start, end)
}

/// The LSP position of a char index (clamped to the text).
pub fn char_to_position(rope: &Rope, char_idx: usize, enc: Encoding) -> Position {
    let char_idx = char_idx.min(rope.len_chars());
    let line = rope.char_to_line(char_idx);
    let start = rope.line_to_char(line);
    let col = match enc {
        Encoding::Utf16 => rope.char_to_utf16_cu(char_idx) - rope.char_to_utf16_cu(start),
        Encoding::Utf8 => rope.char_to_byte(char_idx) - rope.char_to_byte(start),
    };
    Position::new(to_u32(line), to_u32(col))
}

/// The LSP position of a byte offset (clamped, rounded down to a char).
pub fn byte_to_position(rope: &Rope, byte: usize, enc: Encoding) -> Position {
    let byte = byte.min(rope.len_bytes());
    char_to_position(rope, rope.byte_to_char(byte), enc)
}

/// The LSP range of a byte range.
pub fn byte_range(rope: &Rope, start: usize, end: usize, enc: Encoding) -> Range {
    let (start, end) = if start <= end {
        (start, end)
    } else {
        (end, start)
    };
    Range::new(
        byte_to_position(rope, start, enc),
        byte_to_position(rope, end, enc),
    )
}

/// The byte offset of an LSP position.
pub fn position_to_byte(rope: &Rope, pos: Position, enc: Encoding) -> usize {
    rope.char_to_byte(position_to_char(rope, pos, enc))
}

/// The range of a 0-based line's text without its leading whitespace and
/// its line break; an empty range at the line start for a blank line.
pub fn line_range(rope: &Rope, line: usize, enc: Encoding) -> Range {
    if line >= rope.len_lines() {
        let end = char_to_position(rope, rope.len_chars(), enc);
        return Range::new(end, end);
    }
    let start = rope.line_to_char(line);
    let end = line_end_char(rope, line);
    let indent = rope
        .slice(start..end)
        .chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .count();
    Range::new(
        char_to_position(rope, start + indent, enc),
        char_to_position(rope, end, enc),
    )
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(line: u32, character: u32) -> Position {
        Position::new(line, character)
    }

    #[test]
    fn ascii_round_trip() {
        let rope = Rope::from_str("ab\ncd\n");
        for enc in [Encoding::Utf16, Encoding::Utf8] {
            assert_eq!(position_to_char(&rope, pos(1, 1), enc), 4);
            assert_eq!(char_to_position(&rope, 4, enc), pos(1, 1));
            // last, empty line
            assert_eq!(position_to_char(&rope, pos(2, 0), enc), 6);
        }
    }

    #[test]
    fn utf16_counts_surrogate_pairs() {
        // 'é' is 1 UTF-16 unit / 2 bytes; '😀' is 2 units / 4 bytes.
        let rope = Rope::from_str("é😀x\n");
        assert_eq!(position_to_char(&rope, pos(0, 3), Encoding::Utf16), 2);
        assert_eq!(char_to_position(&rope, 2, Encoding::Utf16), pos(0, 3));
        assert_eq!(position_to_char(&rope, pos(0, 6), Encoding::Utf8), 2);
        assert_eq!(char_to_position(&rope, 2, Encoding::Utf8), pos(0, 6));
        // Inside the surrogate pair / inside the UTF-8 sequence: clamp down.
        assert_eq!(position_to_char(&rope, pos(0, 2), Encoding::Utf16), 1);
        assert_eq!(position_to_char(&rope, pos(0, 4), Encoding::Utf8), 1);
    }

    #[test]
    fn clamps_past_line_and_text_end() {
        let rope = Rope::from_str("abc\r\ndef");
        assert_eq!(position_to_char(&rope, pos(0, 99), Encoding::Utf16), 3);
        assert_eq!(position_to_char(&rope, pos(7, 0), Encoding::Utf16), 8);
        assert_eq!(position_to_char(&rope, pos(1, 99), Encoding::Utf8), 8);
        assert_eq!(char_to_position(&rope, 999, Encoding::Utf16), pos(1, 3));
    }

    #[test]
    fn lone_cr_is_a_line_break() {
        let rope = Rope::from_str("a\rb\nc");
        assert_eq!(position_to_char(&rope, pos(1, 0), Encoding::Utf16), 2);
        assert_eq!(position_to_char(&rope, pos(2, 0), Encoding::Utf16), 4);
    }

    #[test]
    fn unicode_line_separators_are_not_line_breaks() {
        // U+2028 is a line break for ropey's `unicode_lines`, not for LSP.
        let rope = Rope::from_str("a\u{2028}b\nc");
        assert_eq!(rope.len_lines(), 2);
        assert_eq!(position_to_char(&rope, pos(1, 0), Encoding::Utf16), 4);
    }

    #[test]
    fn byte_positions() {
        let rope = Rope::from_str("x = 'é'\ny = 1\n");
        let p = byte_to_position(&rope, 9, Encoding::Utf16);
        assert_eq!(p, pos(1, 0));
        assert_eq!(byte_to_position(&rope, 6, Encoding::Utf16), pos(0, 5));
        assert_eq!(byte_to_position(&rope, 7, Encoding::Utf16), pos(0, 6));
        // Byte 6 is inside 'é' (bytes 5..7): rounds down to its start.
        assert_eq!(byte_to_position(&rope, 6, Encoding::Utf8), pos(0, 5));
        assert_eq!(position_to_byte(&rope, pos(1, 1), Encoding::Utf8), 10);
    }

    #[test]
    fn line_ranges_skip_indent() {
        let rope = Rope::from_str("def f():\n    return 1\n");
        assert_eq!(
            line_range(&rope, 1, Encoding::Utf16),
            Range::new(pos(1, 4), pos(1, 12))
        );
    }

    #[test]
    fn negotiation() {
        assert_eq!(Encoding::negotiate(None), Encoding::Utf16);
        let offered = [PositionEncodingKind::UTF32, PositionEncodingKind::UTF8];
        assert_eq!(Encoding::negotiate(Some(&offered)), Encoding::Utf8);
        let offered = [PositionEncodingKind::UTF16];
        assert_eq!(Encoding::negotiate(Some(&offered)), Encoding::Utf16);
    }
}
