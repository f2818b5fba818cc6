//! Open documents: a [`Rope`] per URI with the client's version number and
//! a server-side generation that increases with every change (versions come
//! from the client and are not trusted to be monotonic; generations are).
//!
//! Changes are applied with [`Document::apply_change`], incrementally when
//! the change has a range and as a full replacement otherwise. Ranges are
//! clamped to the text, so a confused client cannot make the server panic.
//!
//! A document also keeps the tree-sitter tree of its last analysed text,
//! edited along with the rope (`Tree::edit`), so the next analysis re-parses
//! incrementally. The tree always matches the rope's text or is `None`.
//! Documents being edited also keep the lowered top-level statements of
//! their last analysis ([`syntax::StmtCache`]), so that statements an edit
//! did not touch are not lowered again.

use std::sync::{Arc, Mutex};
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
    /// The syntax tree of the text, for incremental parsing.
    pub tree: Option<syntax::Tree>,
    /// How many `didChange`s the document has had.
    pub version_changes: u64,
    /// The lowered statements of the last analysis, for documents being
    /// edited. (Shared with the analysis worker, which locks it for the
    /// parse; content-addressed, so any version's statements are valid.)
    pub lowered: Option<Arc<Mutex<syntax::StmtCache>>>,
    /// The module analyses of the last analysis, for documents being
    /// edited (see `export::modules::ModuleCache`).
    pub modules: Option<Arc<Mutex<export::modules::ModuleCache>>>,
    /// The entry traces of the last analysis, for documents recently
    /// opened or edited (see `crate::analysis::traces`).
    pub traces: Option<Arc<Mutex<crate::analysis::traces::TraceCache>>>,
}

impl Document {
    pub fn new(text: &str, version: i32, generation: u64, language_id: String) -> Document {
        Document {
            rope: Rope::from_str(text),
            version,
            generation,
            language_id,
            changed_at: Instant::now(),
            tree: None,
            version_changes: 0,
            lowered: None,
            modules: None,
            traces: Some(Arc::default()),
        }
    }

    /// Apply one content change from `didChange`.
    pub fn apply_change(&mut self, change: &TextDocumentContentChangeEvent, enc: Encoding) {
        match change.range {
            None => {
                self.rope = Rope::from_str(&change.text);
                self.tree = None;
            }
            Some(range) => {
                let mut start = position_to_char(&self.rope, range.start, enc);
                let mut end = position_to_char(&self.rope, range.end, enc);
                if start > end {
                    std::mem::swap(&mut start, &mut end);
                }
                let start_byte = self.rope.char_to_byte(start);
                let old_end_byte = self.rope.char_to_byte(end);
                let start_position = self.point(start_byte);
                let old_end_position = self.point(old_end_byte);
                if start < end {
                    self.rope.remove(start..end);
                }
                if !change.text.is_empty() {
                    self.rope.insert(start, &change.text);
                }
                let new_end_byte = start_byte + change.text.len();
                let new_end_position = self.point(new_end_byte);
                if let Some(tree) = &mut self.tree {
                    tree.edit(&syntax::InputEdit {
                        start_byte,
                        old_end_byte,
                        new_end_byte,
                        start_position,
                        old_end_position,
                        new_end_position,
                    });
                }
            }
        }
    }

    /// tree-sitter's point of a byte offset: row and byte column. (Rows
    /// count ropey's lines, which also break at a lone `\r`; only byte
    /// offsets matter to the parse.)
    fn point(&self, byte: usize) -> syntax::Point {
        let byte = byte.min(self.rope.len_bytes());
        let row = self.rope.byte_to_line(byte);
        syntax::Point::new(row, byte - self.rope.line_to_byte(row))
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
    fn edited_tree_reparses_like_a_fresh_parse() {
        let mut d = doc("def f(x):\n    y = x + 1\n    return y\n");
        let (_, tree) = syntax::parse_incremental(&d.text(), None);
        d.tree = tree;
        d.apply_change(&change(1, 8, 1, 13, "x * 'é' * 2"), Encoding::Utf16);
        d.apply_change(&change(2, 4, 2, 4, "z = 3\n    "), Encoding::Utf16);
        let (inc, _) = syntax::parse_incremental(&d.text(), d.tree.as_ref());
        let fresh = syntax::parse(&d.text());
        assert_eq!(format!("{:?}", inc.module), format!("{:?}", fresh.module));
        d.apply_change(
            &TextDocumentContentChangeEvent {
                range: None,
                range_length: None,
                text: "x = 1".into(),
            },
            Encoding::Utf16,
        );
        assert!(d.tree.is_none());
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
