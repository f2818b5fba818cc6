//! IPython syntax in a cell, made Python line for line.
//!
//! What is rewritten, only where a statement starts (not inside brackets,
//! a triple-quoted string or after a backslash continuation):
//! - line magics and shell escapes (`%time f()`, `!pip install x`, `%%`
//!   is handled below) and help requests (`?obj`, `obj?`, `obj??`) become
//!   `pass  # <the line>` at the same indentation, so that a magic in a
//!   block keeps the block valid;
//! - assignments from them (`files = !ls`, `t = %timeit -o f()`) become
//!   `files = None  # !ls`: the name stays bound;
//! - a cell magic on the first line (`%%time`) is commented the same way
//!   when its body is Python ([`PYTHON_CELL_MAGICS`]); any other cell
//!   magic (`%%bash`, `%%html`, `%%writefile`) blanks the whole cell.
//!
//! Every line keeps its line terminator, so line numbers do not move.

/// Cell magics whose body IPython runs as Python.
pub const PYTHON_CELL_MAGICS: &[&str] = &[
    "capture", "debug", "prun", "python", "python3", "time", "timeit",
];

/// A line without its terminator, and the terminator (`\n`, `\r\n` or
/// nothing on the last line).
fn split_terminator(line: &str) -> (&str, &str) {
    let body = line.trim_end_matches(['\n', '\r']);
    (body, &line[body.len()..])
}

/// `cell` with its IPython syntax rewritten; same number of lines.
pub fn python_lines(cell: &str) -> String {
    let lines: Vec<&str> = cell.split_inclusive('\n').collect();
    let mut out = String::with_capacity(cell.len() + 16);
    let mut rest: &[&str] = &lines;
    if let Some(first) = lines.first()
        && let Some(magic) = first.trim_start().strip_prefix("%%")
    {
        let name = magic.split(char::is_whitespace).next().unwrap_or("");
        if !PYTHON_CELL_MAGICS.contains(&name) {
            // Not Python: nothing of the cell is checked.
            return lines.iter().map(|l| split_terminator(l).1).collect();
        }
        out.push_str(&neutralise(first));
        rest = &lines[1..];
    }
    let mut state = Scanner::default();
    for line in rest {
        if state.at_statement_start() && is_ipython(split_terminator(line).0) {
            out.push_str(&neutralise(line));
        } else {
            state.scan(split_terminator(line).0);
            out.push_str(line);
        }
    }
    out
}

/// Whether a line that starts a statement is IPython syntax.
fn is_ipython(body: &str) -> bool {
    let code = body.trim();
    if code.is_empty() || code.starts_with('#') {
        return false;
    }
    if code.starts_with(['%', '!', '?']) {
        return true;
    }
    if code.ends_with('?') && !code.contains('#') {
        return true;
    }
    assignment_target(code).is_some()
}

/// For `name = %magic` / `a, b = !cmd`: the part up to and including `=`.
fn assignment_target(code: &str) -> Option<&str> {
    let eq = code.find('=')?;
    let (lhs, rhs) = (&code[..eq], code[eq + 1..].trim_start());
    let plain_target = !lhs.trim().is_empty()
        && lhs
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || " \t,.()[]*".contains(c));
    (plain_target && rhs.starts_with(['%', '!']) && !rhs.starts_with("!=")).then_some(&code[..=eq])
}

/// The Python that stands for an IPython line: `pass` (or the assignment
/// of `None`) with the line as a comment, terminator kept.
fn neutralise(line: &str) -> String {
    let (body, terminator) = split_terminator(line);
    let code = body.trim_start();
    let indent = &body[..body.len() - code.len()];
    match assignment_target(code) {
        Some(target) => format!(
            "{indent}{target} None  # {}{terminator}",
            code[target.len()..].trim_start()
        ),
        None => format!("{indent}pass  # {code}{terminator}"),
    }
}

/// Just enough of Python's tokenizer to know whether a line starts a
/// statement: open brackets, triple-quoted strings, backslash
/// continuations.
#[derive(Default)]
struct Scanner {
    depth: u32,
    /// Inside a triple-quoted string opened with this quote.
    triple: Option<u8>,
    continued: bool,
}

impl Scanner {
    fn at_statement_start(&self) -> bool {
        self.depth == 0 && self.triple.is_none() && !self.continued
    }

    /// Moves the state past one line (without its terminator).
    fn scan(&mut self, body: &str) {
        let b = body.as_bytes();
        let triple_at = |i: usize, q: u8| b.len() >= i + 3 && b[i..i + 3] == [q, q, q];
        self.continued = false;
        let mut i = 0;
        while i < b.len() {
            if let Some(q) = self.triple {
                if b[i] == b'\\' {
                    i += 2;
                } else if triple_at(i, q) {
                    self.triple = None;
                    i += 3;
                } else {
                    i += 1;
                }
                continue;
            }
            match b[i] {
                b'#' => return,
                q @ (b'"' | b'\'') => {
                    if triple_at(i, q) {
                        self.triple = Some(q);
                        i += 3;
                        continue;
                    }
                    // A one-line string: to its closing quote.
                    i += 1;
                    while i < b.len() && b[i] != q {
                        i += if b[i] == b'\\' { 2 } else { 1 };
                    }
                    i += 1;
                    continue;
                }
                b'(' | b'[' | b'{' => self.depth = self.depth.saturating_add(1),
                b')' | b']' | b'}' => self.depth = self.depth.saturating_sub(1),
                b'\\' if i + 1 == b.len() => self.continued = true,
                _ => {}
            }
            i += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::python_lines;

    #[test]
    fn line_magics_shell_and_help_become_pass() {
        assert_eq!(
            python_lines("%matplotlib inline\n!pip install x\nx?\n??y\nz = 1"),
            "pass  # %matplotlib inline\npass  # !pip install x\npass  # x?\npass  # ??y\nz = 1"
        );
        assert_eq!(
            python_lines("for i in r:\n    %time f(i)\n"),
            "for i in r:\n    pass  # %time f(i)\n"
        );
    }

    #[test]
    fn assignments_keep_their_names() {
        assert_eq!(
            python_lines("files = !ls -la\na, b = %sx echo 1\r\nx = y != z\n"),
            "files = None  # !ls -la\na, b = None  # %sx echo 1\r\nx = y != z\n"
        );
    }

    #[test]
    fn python_that_looks_like_magic_is_kept() {
        let src = "x = (a\n% b)\ns = '''\n%not magic\n'''\nt = 1 + \\\n!x\n# why?\ny = 'what?'\n";
        assert_eq!(python_lines(src), src);
    }

    #[test]
    fn cell_magics() {
        assert_eq!(
            python_lines("%%time\nx = f()\n%t\n"),
            "pass  # %%time\nx = f()\npass  # %t\n"
        );
        assert_eq!(python_lines("%%bash\nls -la\necho 'x\n"), "\n\n\n");
        assert_eq!(python_lines("%%html\n<b>x</b>"), "\n");
        assert_eq!(python_lines(""), "");
    }
}
