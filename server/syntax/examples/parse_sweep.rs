//! Parses every `.py` file under the paths given on the command line and
//! prints, as one JSON object per line, each file the parser reports a
//! syntax error for (path, 1-based line and column, message, the source
//! line), then a summary line with the number of files and bytes parsed
//! and the time the parses took. `scripts/parser-fidelity.py` drives it
//! and checks the flagged files against CPython's `ast.parse`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn main() -> std::process::ExitCode {
    let mut files = Vec::new();
    for arg in std::env::args_os().skip(1) {
        collect(Path::new(&arg), &mut files);
    }
    files.sort();
    files.dedup();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let (mut parsed, mut bytes, mut flagged, mut unreadable) = (0usize, 0usize, 0usize, 0usize);
    let mut spent = Duration::ZERO;
    for path in &files {
        let Ok(raw) = std::fs::read(path) else {
            unreadable += 1;
            continue;
        };
        // CPython decodes by the coding cookie; the tool reads UTF-8, with
        // invalid bytes replaced, as the CLI does.
        let text = String::from_utf8_lossy(&raw);
        let start = Instant::now();
        let result = syntax::parse(&text);
        spent += start.elapsed();
        parsed += 1;
        bytes += raw.len();
        if result.errors.is_empty() {
            continue;
        }
        flagged += 1;
        let index = syntax::LineIndex::new(&text);
        let errors: Vec<String> = result
            .errors
            .iter()
            .map(|error| {
                let at = index.line_col(error.range.start);
                let line = index.line_text(&text, at.line);
                format!(
                    "{{\"line\":{},\"col\":{},\"message\":{},\"text\":{}}}",
                    at.line + 1,
                    at.col_utf8 + 1,
                    json_string(&error.message),
                    json_string(line.trim_end())
                )
            })
            .collect();
        let _ = writeln!(
            out,
            "{{\"path\":{},\"errors\":[{}]}}",
            json_string(&path.to_string_lossy()),
            errors.join(",")
        );
    }
    let _ = writeln!(
        out,
        "{{\"summary\":{{\"files\":{parsed},\"bytes\":{bytes},\"flagged\":{flagged},\"unreadable\":{unreadable},\"parse_seconds\":{:.3}}}}}",
        spent.as_secs_f64()
    );
    std::process::ExitCode::SUCCESS
}

/// Every `.py` file under `path` (or `path` itself), not following
/// symbolic links, outside `site-packages` folders below `path`.
fn collect(path: &Path, out: &mut Vec<PathBuf>) {
    let Ok(meta) = std::fs::symlink_metadata(path) else {
        return;
    };
    if meta.is_dir() {
        let Ok(entries) = std::fs::read_dir(path) else {
            return;
        };
        for entry in entries.flatten() {
            // A standard library's own installed packages are not its code.
            let name = entry.file_name();
            if !matches!(name.to_str(), Some("site-packages" | "dist-packages")) {
                collect(&entry.path(), out);
            }
        }
    } else if path.extension().is_some_and(|ext| ext == "py") && !meta.is_symlink() {
        out.push(path.to_path_buf());
    }
}

fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
