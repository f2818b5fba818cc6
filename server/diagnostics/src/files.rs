//! The texts diagnostics are located in: the analysed file, and the files
//! its analysis imported (read again through the tracer's workspace, so a
//! range is always in the text the tracer saw); and the span a diagnostic
//! that only knows its line underlines.

use std::path::Path;
use std::rc::Rc;
use std::sync::Arc;

use syntax::TextRange;
use tracer::SourceFile;

/// The analysed file and the files its analysis imported, by path.
#[derive(Clone)]
pub struct Files {
    file: Arc<SourceFile>,
    workspace: Option<Rc<tracer::Workspace>>,
}

impl Files {
    pub fn new(file: Arc<SourceFile>, workspace: Option<Rc<tracer::Workspace>>) -> Self {
        Files { file, workspace }
    }

    /// The analysed file.
    pub fn analysed(&self) -> &Arc<SourceFile> {
        &self.file
    }

    /// The file at `path`: the analysed one, or one the analysis imported;
    /// `None` when it cannot be read any more.
    pub fn get(&self, path: &str) -> Option<Arc<SourceFile>> {
        if path == self.file.path {
            return Some(self.file.clone());
        }
        self.workspace.as_ref()?.load(Path::new(path))
    }
}

/// The code of a 1-based line: its text without the indentation and the
/// trailing whitespace; an empty range at the line's start for a blank
/// line, at the end of the text for a line past it.
pub fn line_span(file: &SourceFile, line: u32) -> TextRange {
    let line0 = line.saturating_sub(1);
    let Some(start) = file.index.line_start(line0) else {
        let end = file.text.len() as u32;
        return TextRange::new(end, end);
    };
    let text = file.index.line_text(&file.text, line0);
    let code = text.trim();
    if code.is_empty() {
        return TextRange::new(start, start);
    }
    let indent = (text.len() - text.trim_start().len()) as u32;
    TextRange::new(start + indent, start + indent + code.len() as u32)
}

/// `range`, or when it is empty the character at its start (nothing at
/// the end of the text), so that an editor has something to underline.
pub fn nonempty(file: &SourceFile, range: TextRange) -> TextRange {
    if range.end > range.start {
        return range;
    }
    let width = file
        .text
        .get(range.start as usize..)
        .and_then(|rest| rest.chars().next())
        .map_or(0, char::len_utf8) as u32;
    TextRange::new(range.start, range.start + width)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_span_is_its_code() {
        let file = SourceFile::parse("t.py", "def f():\n    return 1  \n\n");
        assert_eq!(line_span(&file, 2), TextRange::new(13, 21));
        assert_eq!(file.slice(line_span(&file, 2)), "return 1");
        assert_eq!(line_span(&file, 3), TextRange::new(24, 24));
        assert_eq!(line_span(&file, 9), TextRange::new(25, 25));
    }

    #[test]
    fn an_empty_range_widens_to_its_character() {
        let file = SourceFile::parse("t.py", "x = 'é'\n");
        assert_eq!(nonempty(&file, TextRange::new(5, 5)), TextRange::new(5, 7));
        assert_eq!(nonempty(&file, TextRange::new(9, 9)), TextRange::new(9, 9));
        assert_eq!(nonempty(&file, TextRange::new(0, 3)), TextRange::new(0, 3));
    }
}
