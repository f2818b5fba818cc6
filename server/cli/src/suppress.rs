//! Applying suppression comments (`syntax::suppression`) to a report:
//! hides what they cover and, on request, reports each comment (or code
//! in one) that hid nothing as an `unused-suppression` warning.

use syntax::suppression::Suppression;

use crate::report::{Diagnostic, Report, Severity};

pub use syntax::suppression::suppressions;

/// A comment with, per code (or once for a bare one), whether it hid a
/// diagnostic.
struct Tracked {
    comment: Suppression,
    used: Vec<bool>,
}

impl Tracked {
    /// Whether the comment hides `diagnostic`, recording the use.
    fn hides(&mut self, diagnostic: &Diagnostic) -> bool {
        match self.comment.covers(diagnostic.line, &diagnostic.code) {
            Some(i) => {
                self.used[i] = true;
                true
            }
            None => false,
        }
    }

    /// What is unused in it, as a message, if anything.
    fn unused(&self) -> Option<String> {
        match &self.comment.codes {
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

/// Hides the shown diagnostics of `path` that `comments` suppress; then,
/// when `report_unused`, adds a warning for each comment (or code) that
/// hid nothing.
pub fn apply(
    report: &mut Report,
    path: &str,
    comments: Vec<Suppression>,
    source_line: impl Fn(u32) -> String,
    report_unused: bool,
) {
    if comments.is_empty() {
        return;
    }
    let mut comments: Vec<Tracked> = comments
        .into_iter()
        .map(|comment| Tracked {
            used: vec![false; comment.codes.as_ref().map_or(1, Vec::len)],
            comment,
        })
        .collect();
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
                s.comment.line,
                (s.comment.col, s.comment.end_col),
                Severity::Warning,
                "unused-suppression",
                message,
            );
            d.source_line = source_line(s.comment.line);
            report.push(d);
        }
    }
}
