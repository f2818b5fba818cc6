//! Suppression comments (`syntax::suppression`) applied to a file's
//! diagnostics: each file's comments hide what they cover in that file
//! (the analysed file, and the files its analysis imported); on request,
//! each comment (or code in one) of the analysed file that hid nothing is
//! an `unused-suppression` warning.

use syntax::TextRange;
use syntax::suppression::Suppression;

use crate::files::Files;
use crate::model::{Diagnostic, FileDiagnostics, Severity};

/// A comment with, per code (or once for a bare one), whether it hid a
/// diagnostic.
struct Tracked {
    comment: Suppression,
    used: Vec<bool>,
}

impl Tracked {
    fn new(comment: Suppression) -> Self {
        Tracked {
            used: vec![false; comment.codes.as_ref().map_or(1, Vec::len)],
            comment,
        }
    }

    /// Whether the comment hides a diagnostic with `code` on 1-based
    /// `line`, recording the use.
    fn hides(&mut self, line: u32, code: &str) -> bool {
        match self.comment.covers(line, code) {
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
                let unused: Vec<String> = codes
                    .iter()
                    .zip(&self.used)
                    .filter(|(_, used)| !**used)
                    .map(|(c, _)| format!("`{c}`"))
                    .collect();
                (!unused.is_empty()).then(|| {
                    format!(
                        "unused suppression: no {} diagnostic on this line to ignore",
                        unused.join(", ")
                    )
                })
            }
        }
    }
}

/// Hides the shown diagnostics that their file's suppression comments
/// cover; then, when `report_unused`, adds a warning for each comment (or
/// code) of the analysed file that hid nothing.
pub fn apply(found: &mut FileDiagnostics, files: &Files, report_unused: bool) {
    let analysed = files.analysed().path.clone();
    let mut paths: Vec<String> = found
        .diagnostics
        .iter()
        .map(|d| d.path.clone())
        .filter(|p| *p != analysed)
        .collect();
    paths.sort();
    paths.dedup();
    for path in paths {
        if let Some(file) = files.get(&path) {
            hide(found, &path, &file, false);
        }
    }
    let file = files.analysed().clone();
    let unused = hide(found, &analysed, &file, report_unused);
    for d in unused {
        found.push(d);
    }
}

/// Hides what the comments of `file` (at `path`) cover; returns the
/// warnings about unused ones when `report_unused`.
fn hide(
    found: &mut FileDiagnostics,
    path: &str,
    file: &tracer::SourceFile,
    report_unused: bool,
) -> Vec<Diagnostic> {
    let comments = syntax::suppression::suppressions(&file.text);
    if comments.is_empty() {
        return Vec::new();
    }
    let mut comments: Vec<Tracked> = comments.into_iter().map(Tracked::new).collect();
    for (d, shown) in found.diagnostics.iter().zip(found.shown.iter_mut()) {
        let Some(range) = d.range.filter(|_| *shown && d.path == path) else {
            continue;
        };
        let line = file.line_of(range.start);
        // Every matching comment on the line counts as used.
        let mut hidden = false;
        for s in comments.iter_mut() {
            hidden |= s.hides(line, &d.code);
        }
        *shown &= !hidden;
    }
    if !report_unused {
        return Vec::new();
    }
    comments
        .iter()
        .filter_map(|s| {
            let message = s.unused()?;
            let c = &s.comment;
            let start = file.index.line_start(c.line.saturating_sub(1))? + c.col.saturating_sub(1);
            let range = TextRange::new(start, start + c.end_col.saturating_sub(c.col));
            Some(Diagnostic::new(
                path,
                Some(range),
                Severity::Warning,
                "unused-suppression",
                message,
            ))
        })
        .collect()
}
