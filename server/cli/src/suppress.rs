//! Suppression comments: `# exportlens: ignore[GB0170, data-dependent]`
//! hides the diagnostics with those codes on the comment's line, a bare
//! `# exportlens: ignore` every diagnostic on it. Comments are the parser's
//! comment tokens, so the same text inside a string literal is not one.
//! Syntax errors cannot be suppressed. A suppression (or a code in one)
//! that hid nothing is an `unused-suppression` warning on request.

use crate::report::{Diagnostic, Report, Severity};

/// The marker a suppression comment starts with (after `#` and any other
/// comment text).
const MARKER: &str = "exportlens:";

/// One suppression comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suppression {
    /// 1-based line and byte columns of the comment.
    pub line: u32,
    pub col: u32,
    pub end_col: u32,
    /// The codes it names; `None` for a bare `ignore` (every code).
    pub codes: Option<Vec<String>>,
    /// Per code (or once for a bare one): whether it hid a diagnostic.
    used: Vec<bool>,
}

impl Suppression {
    /// Whether this comment hides `diagnostic`, recording the use.
    fn hides(&mut self, diagnostic: &Diagnostic) -> bool {
        if diagnostic.line != self.line || diagnostic.code == "syntax" {
            return false;
        }
        match &self.codes {
            None => {
                self.used[0] = true;
                true
            }
            Some(codes) => match codes.iter().position(|c| *c == diagnostic.code) {
                Some(i) => {
                    self.used[i] = true;
                    true
                }
                None => false,
            },
        }
    }

    /// What is unused in it, as a message, if anything.
    fn unused(&self) -> Option<String> {
        match &self.codes {
            None => (!self.used[0])
                .then(|| "unused suppression: no diagnostic on this line to ignore".to_string()),
            Some(codes) => {
                let unused: Vec<&str> = codes
                    .iter()
                    .zip(&self.used)
                    .filter(|(_, used)| !**used)
                    .map(|(c, _)| c.as_str())
                    .collect();
                (!unused.is_empty()).then(|| {
                    format!(
                        "unused suppression: no {} diagnostic on this line to ignore",
                        unused
                            .iter()
                            .map(|c| format!("`{c}`"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                })
            }
        }
    }
}

/// The suppression comments of `text`.
pub fn suppressions(text: &str) -> Vec<Suppression> {
    // Most files have none: skip the second parse.
    if !text.contains(MARKER) {
        return Vec::new();
    }
    let index = syntax::LineIndex::new(text);
    syntax::comments(text)
        .into_iter()
        .filter_map(|range| {
            let comment = text.get(range.start as usize..range.end as usize)?;
            let codes = parse_comment(comment)?;
            let start = index.line_col(range.start);
            let end = index.line_col(range.end);
            let used = vec![false; codes.as_ref().map_or(1, Vec::len)];
            Some(Suppression {
                line: start.line + 1,
                col: start.col_utf8 + 1,
                end_col: end.col_utf8 + 1,
                codes,
                used,
            })
        })
        .collect()
}

/// The codes of a suppression comment (`Some(None)` for a bare one), or
/// `None` when `comment` is not one (or an unclosed `[`).
fn parse_comment(comment: &str) -> Option<Option<Vec<String>>> {
    let at = comment.find(MARKER)?;
    let rest = comment[at + MARKER.len()..].trim_start();
    let rest = rest.strip_prefix("ignore")?;
    if let Some(list) = rest.strip_prefix('[') {
        let list = &list[..list.find(']')?];
        let codes: Vec<String> = list
            .split(',')
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(str::to_string)
            .collect();
        return Some((!codes.is_empty()).then_some(codes));
    }
    // `ignore` must end there (not `ignored`, `ignore-this`).
    match rest.chars().next() {
        None => Some(None),
        Some(c) if c.is_whitespace() || c == '#' => Some(None),
        Some(_) => None,
    }
}

/// Hides the shown diagnostics of `path` that `comments` suppress; then,
/// when `report_unused`, adds a warning for each comment (or code) that
/// hid nothing.
pub fn apply(
    report: &mut Report,
    path: &str,
    mut comments: Vec<Suppression>,
    source_line: impl Fn(u32) -> String,
    report_unused: bool,
) {
    if comments.is_empty() {
        return;
    }
    for (d, shown) in report.diagnostics.iter().zip(report.shown.iter_mut()) {
        if *shown && d.path == path {
            // Every matching comment on the line counts as used.
            let mut hidden = false;
            for s in comments.iter_mut() {
                hidden |= s.hides(d);
            }
            *shown &= !hidden;
        }
    }
    if !report_unused {
        return;
    }
    for s in &comments {
        if let Some(message) = s.unused() {
            let mut d = Diagnostic::on_line(
                path,
                s.line,
                (s.col, s.end_col),
                Severity::Warning,
                "unused-suppression",
                message,
            );
            d.source_line = source_line(s.line);
            report.push(d);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_name_codes_or_everything() {
        let codes = |c: &[&str]| Some(Some(c.iter().map(|s| s.to_string()).collect()));
        assert_eq!(parse_comment("# exportlens: ignore"), Some(None));
        assert_eq!(parse_comment("#exportlens:ignore  # why"), Some(None));
        assert_eq!(
            parse_comment("# noqa: E501  # exportlens: ignore[GB0170, data-dependent]"),
            codes(&["GB0170", "data-dependent"])
        );
        assert_eq!(parse_comment("# exportlens: ignore[]"), Some(None));
        assert_eq!(parse_comment("# exportlens: ignore[GB0170"), None);
        assert_eq!(parse_comment("# exportlens: ignored"), None);
        assert_eq!(parse_comment("# type: ignore"), None);
    }

    #[test]
    fn only_real_comments_count() {
        let text = "s = '# exportlens: ignore'\nx = 1  # exportlens: ignore[guard]\n";
        let found = suppressions(text);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!((found[0].line, found[0].col), (2, 8));
        assert_eq!(found[0].codes, Some(vec!["guard".to_string()]));
    }
}
