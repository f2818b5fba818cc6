//! Conversion between byte offsets and line/column positions, with columns
//! in UTF-8 bytes and in UTF-16 code units (what LSP clients count).
//!
//! Lines end at `\n`, `\r\n` or a lone `\r` (old Mac files), as CPython
//! and LSP count them; the line ending is not part of the line's text.
//! Offsets inside a multi-byte character clamp to the character's start.

/// A 0-based line and the column of an offset in it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct LineCol {
    pub line: u32,
    pub col_utf8: u32,
    pub col_utf16: u32,
}

/// Line starts and non-ASCII characters of one text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineIndex {
    lines: Vec<Line>,
    /// Every non-ASCII character, in order.
    wide: Vec<WideChar>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Line {
    start: u32,
    /// End of the line's text, before its line ending.
    end: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct WideChar {
    start: u32,
    len_utf8: u8,
}

impl WideChar {
    fn end(self) -> u32 {
        self.start + u32::from(self.len_utf8)
    }

    fn len_utf16(self) -> u32 {
        if self.len_utf8 == 4 { 2 } else { 1 }
    }
}

impl LineIndex {
    pub fn new(text: &str) -> Self {
        let mut lines = Vec::new();
        let mut wide = Vec::new();
        let mut line_start = 0;
        let bytes = text.as_bytes();
        for (offset, &byte) in bytes.iter().enumerate() {
            let lone_cr = byte == b'\r' && bytes.get(offset + 1) != Some(&b'\n');
            let offset = to_u32(offset);
            if byte == b'\n' || lone_cr {
                let crlf =
                    byte == b'\n' && offset > line_start && bytes[offset as usize - 1] == b'\r';
                lines.push(Line {
                    start: line_start,
                    end: offset - u32::from(crlf),
                });
                line_start = offset + 1;
            } else if byte >= 0xC0 {
                // A UTF-8 lead byte; continuation bytes are 0x80..0xC0.
                wide.push(WideChar {
                    start: offset,
                    len_utf8: utf8_len(byte),
                });
            }
        }
        lines.push(Line {
            start: line_start,
            end: to_u32(text.len()),
        });
        Self { lines, wide }
    }

    /// Number of lines; a text ending in a newline has a last, empty line.
    pub fn line_count(&self) -> u32 {
        to_u32(self.lines.len())
    }

    pub fn line_start(&self, line: u32) -> Option<u32> {
        self.lines.get(line as usize).map(|line| line.start)
    }

    /// The position of `offset`, clamped to the text and to the start of
    /// the character it falls in. An offset on a line's `\r` or `\n`
    /// is at the end of that line.
    pub fn line_col(&self, offset: u32) -> LineCol {
        let offset = self.clamp_to_char(offset.min(self.text_len()));
        let line_number = self
            .lines
            .partition_point(|line| line.start <= offset)
            .saturating_sub(1);
        let line = self.lines[line_number];
        let offset = offset.min(line.end);
        let col_utf8 = offset - line.start;
        let narrowing: u32 = self
            .wide_in(line.start, offset)
            .iter()
            .map(|wide| u32::from(wide.len_utf8) - wide.len_utf16())
            .sum();
        LineCol {
            line: to_u32(line_number),
            col_utf8,
            col_utf16: col_utf8 - narrowing,
        }
    }

    /// The offset of a UTF-16 column; past the line's end it clamps to the
    /// end, inside a surrogate pair to the character's start.
    pub fn offset(&self, line: u32, col_utf16: u32) -> Option<u32> {
        let line = *self.lines.get(line as usize)?;
        let mut offset = line.start;
        let mut remaining = col_utf16;
        for wide in self.wide_in(line.start, line.end) {
            let ascii_run = wide.start - offset;
            if remaining < ascii_run {
                return Some(offset + remaining);
            }
            remaining -= ascii_run;
            if remaining < wide.len_utf16() {
                return Some(wide.start);
            }
            remaining -= wide.len_utf16();
            offset = wide.end();
        }
        Some(offset.saturating_add(remaining).min(line.end))
    }

    /// The offset of a UTF-8 column, clamped to the line's end and to the
    /// start of the character it falls in.
    pub fn offset_utf8(&self, line: u32, col_utf8: u32) -> Option<u32> {
        let line = *self.lines.get(line as usize)?;
        let offset = line.start.saturating_add(col_utf8).min(line.end);
        Some(self.clamp_to_char(offset))
    }

    /// The text of `line` without its line ending; `text` must be the text
    /// this index was built from (otherwise the result may be empty).
    pub fn line_text<'t>(&self, text: &'t str, line: u32) -> &'t str {
        self.lines
            .get(line as usize)
            .and_then(|line| text.get(line.start as usize..line.end as usize))
            .unwrap_or_default()
    }

    fn text_len(&self) -> u32 {
        self.lines.last().map_or(0, |line| line.end)
    }

    fn wide_in(&self, start: u32, end: u32) -> &[WideChar] {
        let first = self.wide.partition_point(|wide| wide.start < start);
        let last = self.wide.partition_point(|wide| wide.start < end);
        &self.wide[first..last]
    }

    fn clamp_to_char(&self, offset: u32) -> u32 {
        let next = self.wide.partition_point(|wide| wide.start <= offset);
        match next.checked_sub(1).map(|index| self.wide[index]) {
            Some(wide) if offset < wide.end() => wide.start,
            _ => offset,
        }
    }
}

fn utf8_len(lead: u8) -> u8 {
    match lead {
        0xF0.. => 4,
        0xE0.. => 3,
        _ => 2,
    }
}

fn to_u32(offset: usize) -> u32 {
    u32::try_from(offset).unwrap_or(u32::MAX)
}
