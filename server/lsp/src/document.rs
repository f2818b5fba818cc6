//! Open documents: a [`Rope`] per URI with the client's version number and
//! a server-side generation that increases with every change (versions come
//! from the client and are not trusted to be monotonic; generations are).
//!
//! Changes are applied with [`Document::apply_change`], incrementally when
//! the change has a range and as a full replacement otherwise. Ranges are
//! clamped to the text, so a confused client cannot make the server panic.

use std::time::Instant;

use ropey::Rope;
use tower_lsp_server::ls_types::TextDocumentContentChangeEvent;

use crate::position::{Encoding, position_to_char};

/// One open document.
#[derive(Clone, Debug)]
pub struct Document {
    pub rope: Rope,
    /// The client's version of the text.
    pub version: i32,
    /// Increases with every open and change; analysis results carry the
    /// generation they were computed for, stale ones are dropped.
    pub generation: u64,
    pub language_id: String,
    /// When the text last changed (for debouncing).
    pub changed_at: Instant,
}

impl Document {
    pub fn new(text: &str, version: i32, generation: u64, language_id: String) -> Document {
        Document {
            rope: Rope::from_str(text),
            version,
            generation,
            language_id,
            changed_at: Instant::now(),
        }
    }

    /// Apply one content change from `didChange`.
    pub fn apply_change(&mut self, change: &TextDocumentContentChangeEvent, enc: Encoding) {
        match change.range {
            None => self.rope = Rope::from_str(&change.text),
            Some(range) => {
                let mut start = position_to_char(&self.rope, range.start, enc);
                let mut end = position_to_char(&self.rope, range.end, enc);
                if start > end {
                    std::mem::swap(&mut start, &mut end);
                }
                if start < end {
                    self.rope.remove(start..end);
                }
                if !change.text.is_empty() {
                    self.rope.insert(start, &change.text);
                }
            }
        }
    }

    /// The whole text as one string.
    pub fn text(&self) -> String {
        self.rope.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tower_lsp_server::ls_types::{Position, Range};

    fn change(sl: u32, sc: u32, el: u32, ec: u32, text: &str) -> TextDocumentContentChangeEvent {
        TextDocumentContentChangeEvent {
            range: Some(Range::new(Position::new(sl, sc), Position::new(el, ec))),
            range_length: None,
            text: text.to_string(),
        }
    }

    fn doc(text: &str) -> Document {
        Document::new(text, 1, 1, "python".into())
    }

    #[test]
    fn insert_delete_replace() {
        let mut d = doc("import torch\nx = 1\n");
        d.apply_change(&change(1, 4, 1, 5, "42"), Encoding::Utf16);
        assert_eq!(d.text(), "import torch\nx = 42\n");
        d.apply_change(&change(0, 0, 1, 0, ""), Encoding::Utf16);
        assert_eq!(d.text(), "x = 42\n");
        d.apply_change(&change(1, 0, 1, 0, "y = x\n"), Encoding::Utf16);
        assert_eq!(d.text(), "x = 42\ny = x\n");
    }

    #[test]
    fn full_replacement() {
        let mut d = doc("abc");
        d.apply_change(
            &TextDocumentContentChangeEvent {
                range: None,
                range_length: None,
                text: "new".into(),
            },
            Encoding::Utf16,
        );
        assert_eq!(d.text(), "new");
    }

    #[test]
    fn utf16_and_utf8_columns() {
        let mut d = doc("s = '😀'\n");
        // After the emoji: UTF-16 column 7, UTF-8 column 9.
        d.apply_change(&change(0, 7, 0, 7, "!"), Encoding::Utf16);
        assert_eq!(d.text(), "s = '😀!'\n");
        d.apply_change(&change(0, 9, 0, 10, ""), Encoding::Utf8);
        assert_eq!(d.text(), "s = '😀'\n");
    }

    #[test]
    fn out_of_range_and_reversed_ranges_are_clamped() {
        let mut d = doc("ab\ncd");
        d.apply_change(&change(9, 9, 12, 0, "!"), Encoding::Utf16);
        assert_eq!(d.text(), "ab\ncd!");
        d.apply_change(&change(1, 2, 0, 1, ""), Encoding::Utf16);
        assert_eq!(d.text(), "a!");
    }

    #[test]
    fn crlf_lines() {
        let mut d = doc("a\r\nb\r\n");
        d.apply_change(&change(1, 0, 1, 1, "c"), Encoding::Utf16);
        assert_eq!(d.text(), "a\r\nc\r\n");
        // A column past the end of the line stops before `\r\n`.
        d.apply_change(&change(0, 5, 0, 5, "z"), Encoding::Utf16);
        assert_eq!(d.text(), "az\r\nc\r\n");
    }
}
