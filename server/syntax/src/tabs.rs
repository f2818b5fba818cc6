//! CPython's `TabError`: indentation that means one thing with tabs
//! every 8 columns and another with tabs 1 column wide. tree-sitter reads
//! tabs as 8 columns and accepts such a file; CPython's tokenizer
//! refuses it, so it is a syntax error here too, at the line CPython
//! names and in its words.

use crate::SyntaxError;
use crate::ast::TextRange;
use crate::deferred::logical_lines;

/// CPython's message for it.
pub const TAB_ERROR: &str = "inconsistent use of tabs and spaces in indentation";

/// The first line whose indentation CPython's tokenizer rejects with
/// `TabError`, if any: the range of that line's indentation. Follows the
/// tokenizer's indentation stack (blank, comment-only and continuation
/// lines are not compared); it stops at a dedent to no enclosing level,
/// which is an `IndentationError` tree-sitter reports itself.
pub(crate) fn tab_error(source: &str) -> Option<SyntaxError> {
    if !source.as_bytes().contains(&b'\t') {
        return None;
    }
    let (lines, _) = logical_lines(source)?;
    // (columns with tabs to multiples of 8, columns with tabs 1 wide)
    let mut stack: Vec<(usize, usize)> = vec![(0, 0)];
    for line in &lines {
        let (col, alt) = columns(source.get(line.line_start..line.first)?);
        let &(top, top_alt) = stack.last()?;
        let consistent = if col == top {
            alt == top_alt
        } else if col > top {
            stack.push((col, alt));
            alt > top_alt
        } else {
            while stack.len() > 1 && stack.last().is_some_and(|&(c, _)| col < c) {
                stack.pop();
            }
            let &(outer, outer_alt) = stack.last()?;
            if col != outer {
                return None;
            }
            alt == outer_alt
        };
        if !consistent {
            return Some(SyntaxError {
                range: TextRange::new(to_u32(line.line_start), to_u32(line.first)),
                message: TAB_ERROR.to_owned(),
            });
        }
    }
    None
}

/// The width of an indentation as CPython's tokenizer measures it twice.
fn columns(indent: &str) -> (usize, usize) {
    let (mut col, mut alt) = (0, 0);
    for byte in indent.bytes() {
        match byte {
            b' ' => (col, alt) = (col + 1, alt + 1),
            b'\t' => (col, alt) = ((col / 8 + 1) * 8, alt + 1),
            // Form feed resets the column ("for Emacs users").
            b'\x0c' => (col, alt) = (0, 0),
            _ => {}
        }
    }
    (col, alt)
}

/// CPython's "unexpected indent": the first logical line indented deeper
/// than the one before it, which does not open a block (does not end with
/// `:`), or a first line indented at all. tree-sitter accepts some of
/// these and places others at the next token; this is read from the text,
/// at the end of the line's indentation, as CPython places it.
pub(crate) fn unexpected_indent(source: &str) -> Option<SyntaxError> {
    let (lines, _) = logical_lines(source)?;
    let mut previous: Option<&crate::deferred::LogicalLine> = None;
    for line in &lines {
        let deeper = match previous {
            None => line.indent > 0,
            Some(p) => line.indent > p.indent && !p.ends_with_colon,
        };
        if deeper {
            // CPython's caret: the last character of the indentation.
            let at = line.first.saturating_sub(1).max(line.line_start);
            return Some(SyntaxError {
                range: TextRange::new(to_u32(at), to_u32(line.first)),
                message: UNEXPECTED_INDENT.to_owned(),
            });
        }
        previous = Some(line);
    }
    None
}

/// CPython's message for it.
pub const UNEXPECTED_INDENT: &str = "unexpected indent";

fn to_u32(offset: usize) -> u32 {
    u32::try_from(offset).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line_of(source: &str) -> Option<usize> {
        let error = tab_error(source)?;
        assert_eq!(error.message, TAB_ERROR);
        Some(source[..error.range.start as usize].matches('\n').count() + 1)
    }

    #[test]
    fn lines_cpython_rejects() {
        // Each with the line CPython 3.11's TabError names.
        assert_eq!(line_of("if x:\n\tif y:\n\t    a\n        b\n"), Some(4));
        assert_eq!(line_of("if x:\n        a\n\tb\n"), Some(3));
        assert_eq!(line_of("if x:\n    \ta\n\tb\n"), Some(3));
        assert_eq!(line_of("if x:\n\ta\n        b\n"), Some(3));
        assert_eq!(
            line_of("if x:\n\ta\n\tif y:\n\t\tb\n        \tc\n"),
            Some(5)
        );
        assert_eq!(line_of("def f():\n    pass\n\tx = 1\n"), Some(3));
    }

    #[test]
    fn lines_cpython_accepts() {
        for source in [
            "if x:\n  \ta\n",
            "x = (1,\n\t  2)\n",
            "if x:\n\ta\n        # c\n\tb\n",
            "if x:\n\ta\n\n\tb\n",
            "s = '''\n\tx\n        y'''\nif x:\n\ta\n",
            "x = 1 + \\\n\t2\nif y:\n    z\n",
            "if x:\n\tif y:\n\t\ta\n\tb\nc\n",
            "if x:\n\x0c\ta\n\x0c\tb\n",
        ] {
            assert_eq!(line_of(source), None, "{source:?}");
        }
    }

    #[test]
    fn an_unmatched_dedent_is_left_to_the_parser() {
        assert_eq!(line_of("if x:\n        a\n    b\n\tc\n"), None);
    }

    #[test]
    fn a_line_indented_under_a_simple_statement_is_an_unexpected_indent() {
        let at = |source: &str| {
            unexpected_indent(source).map(|e| {
                (
                    source[..e.range.start as usize].matches('\n').count() + 1,
                    e.range.start,
                )
            })
        };
        // CPython: line 3, offset 1 (the last character of the indentation).
        assert_eq!(at("import a\nimport b\n from c import d\n"), Some((3, 18)));
        assert_eq!(at("x = 1\n    y = 2\n").map(|(l, _)| l), Some(2));
        assert_eq!(at("  x = 1\n").map(|(l, _)| l), Some(1));
        // A block, a continuation inside brackets or after a backslash, a
        // comment line: all fine.
        assert_eq!(
            at("if x:\n    y = 1\nz = [\n    1,\n]\nw = 1 + \\\n    2\n    # c\nv = 0\n"),
            None
        );
        assert_eq!(at("def f():  # opens\n    return 1\n"), None);
    }
}
