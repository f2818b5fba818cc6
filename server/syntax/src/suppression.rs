//! Suppression comments: `# exportlens: ignore[GB0170, data-dependent]`
//! hides the diagnostics with those codes on the comment's line, a bare
//! `# exportlens: ignore` every diagnostic on it. Comments are the parser's
//! comment tokens, so the same text inside a string literal is not one.
//! Syntax errors cannot be suppressed. Shared by the CLI and the language
//! server.

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
}

impl Suppression {
    /// Which of its codes hides a diagnostic with `code` on 1-based `line`
    /// (0 for a bare comment), if it hides it. Syntax errors are never
    /// hidden.
    pub fn covers(&self, line: u32, code: &str) -> Option<usize> {
        if line != self.line || code == "syntax" {
            return None;
        }
        match &self.codes {
            None => Some(0),
            Some(codes) => codes.iter().position(|c| c == code),
        }
    }
}

/// The suppression comments of `text`.
pub fn suppressions(text: &str) -> Vec<Suppression> {
    // Most files have none: skip the second parse.
    if !text.contains(MARKER) {
        return Vec::new();
    }
    let index = crate::LineIndex::new(text);
    crate::comments(text)
        .into_iter()
        .filter_map(|range| {
            let comment = text.get(range.start as usize..range.end as usize)?;
            let codes = parse_comment(comment)?;
            let start = index.line_col(range.start);
            let end = index.line_col(range.end);
            Some(Suppression {
                line: start.line + 1,
                col: start.col_utf8 + 1,
                end_col: end.col_utf8 + 1,
                codes,
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
    fn a_comment_covers_its_line_and_codes() {
        let found = suppressions(
            "x = 1  # exportlens: ignore[guard, GB0170]\ny = 2  # exportlens: ignore\n",
        );
        assert_eq!(found[0].covers(1, "GB0170"), Some(1));
        assert_eq!(found[0].covers(1, "data-dependent"), None);
        assert_eq!(found[0].covers(2, "guard"), None);
        assert_eq!(found[1].covers(2, "data-dependent"), Some(0));
        assert_eq!(found[1].covers(2, "syntax"), None);
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
