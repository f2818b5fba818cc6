//! The inline expectations of a spec fixture, read from its comments.
//!
//! Grammar (also in `tests/spec/README.md`): a comment holds one or more
//! directives separated by `#`. In the leading comment block of the file:
//! `ok` (both modes export) or `error[SPEC]` (the export fails, line not
//! checked). After code on a line: `shape: V`, `shape[MODE]: V`,
//! `guard: G`, `guard[MODE]: G`, `error[SPEC]`. SPEC is
//! `[strict:|nonstrict:](GBnnnn|graph_break|data_dependent|constraint_violation|other)`;
//! a GB code or `graph_break` without a mode means strict, a category
//! without a mode means both modes. Comment text that does not start with
//! `ok`, `shape`, `guard` or `error` is prose.

use tracer::Mode;

/// One expectation.
#[derive(Clone, Debug, PartialEq)]
pub struct Directive {
    /// 1-based line, `None` for file-level directives.
    pub line: Option<u32>,
    pub modes: Vec<Mode>,
    pub kind: DirectiveKind,
}

#[derive(Clone, Debug, PartialEq)]
pub enum DirectiveKind {
    /// Both modes export.
    Ok,
    /// The last value-producing node on the line has this value.
    Shape(String),
    /// A guard with this expression is reported on the line.
    Guard(String),
    /// The export fails this way (on the line, for line directives).
    Error(ErrorSpec),
}

#[derive(Clone, Debug, PartialEq)]
pub struct ErrorSpec {
    pub category: String,
    pub code: Option<String>,
}

const CATEGORIES: [&str; 4] = [
    "graph_break",
    "data_dependent",
    "constraint_violation",
    "other",
];

/// The text after the first `#` that is not inside a string literal.
fn comment_of(line: &str) -> Option<&str> {
    let mut quote = None;
    for (i, ch) in line.char_indices() {
        match quote {
            Some(q) if ch == q => quote = None,
            Some(_) => {}
            None if ch == '\'' || ch == '"' => quote = Some(ch),
            None if ch == '#' => return Some(&line[i + 1..]),
            None => {}
        }
    }
    None
}

fn modes_of(qual: Option<&str>) -> Result<Vec<Mode>, String> {
    match qual {
        None => Ok(vec![Mode::Strict, Mode::NonStrict]),
        Some("strict") => Ok(vec![Mode::Strict]),
        Some("nonstrict") => Ok(vec![Mode::NonStrict]),
        Some(other) => Err(format!("unknown mode `{other}` (strict or nonstrict)")),
    }
}

fn starts_with_word(seg: &str, word: &str) -> bool {
    seg.strip_prefix(word)
        .is_some_and(|rest| !rest.starts_with(|c: char| c.is_alphanumeric() || c == '_'))
}

/// `shape[strict]: f32[3]` -> (`Some("strict")`, `"f32[3]"`).
fn split_qualified<'a>(seg: &'a str, word: &str) -> Option<(Option<&'a str>, &'a str)> {
    let rest = seg.strip_prefix(word)?;
    let (qual, rest) = match rest.strip_prefix('[') {
        Some(r) => {
            let end = r.find(']')?;
            (Some(&r[..end]), &r[end + 1..])
        }
        None => (None, rest),
    };
    let value = rest.strip_prefix(':')?.trim();
    (!value.is_empty()).then_some((qual, value))
}

fn parse_error(seg: &str) -> Option<Result<(Vec<Mode>, ErrorSpec), String>> {
    let inner = seg.strip_prefix("error[")?.strip_suffix(']')?;
    let (qual, what) = match inner.split_once(':') {
        Some((q, w)) => (Some(q), w),
        None => (None, inner),
    };
    let is_code =
        what.len() == 6 && what.starts_with("GB") && what[2..].bytes().all(|b| b.is_ascii_digit());
    let spec = if is_code {
        ErrorSpec {
            category: "graph_break".into(),
            code: Some(what.to_string()),
        }
    } else if CATEGORIES.contains(&what) {
        ErrorSpec {
            category: what.to_string(),
            code: None,
        }
    } else {
        return Some(Err(format!("unknown error kind `{what}`")));
    };
    let qual = qual.or((spec.category == "graph_break").then_some("strict"));
    Some(modes_of(qual).map(|m| (m, spec)))
}

/// Every directive of a fixture, in file order.
pub fn parse_directives(text: &str) -> Result<Vec<Directive>, String> {
    let mut out = Vec::new();
    let mut header = true;
    for (i, line_text) in text.lines().enumerate() {
        let n = i as u32 + 1;
        let trimmed = line_text.trim();
        if header && !trimmed.is_empty() && !trimmed.starts_with('#') {
            header = false;
        }
        let Some(comment) = comment_of(line_text) else {
            continue;
        };
        for seg in comment.split('#').map(str::trim) {
            let word = ["ok", "shape", "guard", "error"]
                .into_iter()
                .find(|w| starts_with_word(seg, w));
            let Some(word) = word else { continue };
            let line = (!header).then_some(n);
            let bad = |why: &str| format!("line {n}: {why}: `{seg}`");
            let directive = match word {
                "ok" if seg == "ok" => {
                    if !header {
                        return Err(bad("`ok` belongs in the leading comment block"));
                    }
                    Directive {
                        line: None,
                        modes: vec![Mode::Strict, Mode::NonStrict],
                        kind: DirectiveKind::Ok,
                    }
                }
                "shape" | "guard" => {
                    let Some((qual, value)) = split_qualified(seg, word) else {
                        return Err(bad("malformed directive"));
                    };
                    if header {
                        return Err(bad("needs a code line"));
                    }
                    let modes = modes_of(qual).map_err(|e| bad(&e))?;
                    let kind = if word == "shape" {
                        DirectiveKind::Shape(value.to_string())
                    } else {
                        DirectiveKind::Guard(value.to_string())
                    };
                    Directive { line, modes, kind }
                }
                "error" => match parse_error(seg) {
                    Some(Ok((modes, spec))) => Directive {
                        line,
                        modes,
                        kind: DirectiveKind::Error(spec),
                    },
                    Some(Err(e)) => return Err(bad(&e)),
                    None => return Err(bad("malformed directive")),
                },
                _ => return Err(bad("malformed directive")),
            };
            out.push(directive);
        }
    }
    let has_ok = out.iter().any(|d| d.kind == DirectiveKind::Ok);
    let has_error = out
        .iter()
        .any(|d| matches!(d.kind, DirectiveKind::Error(_)));
    if has_ok && has_error {
        return Err("`# ok` contradicts an `error[...]` expectation".into());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_directive_kind() {
        let text = "# ok\nimport torch\nx = 1  # shape: f32[3, 2]  # guard[strict]: Eq(a, 2)\n";
        let d = parse_directives(text).unwrap();
        assert_eq!(d.len(), 3);
        assert_eq!(d[0].kind, DirectiveKind::Ok);
        assert_eq!(d[1].line, Some(3));
        assert_eq!(d[1].kind, DirectiveKind::Shape("f32[3, 2]".into()));
        assert_eq!(d[2].modes, vec![Mode::Strict]);
        assert_eq!(d[2].kind, DirectiveKind::Guard("Eq(a, 2)".into()));
    }

    #[test]
    fn error_modes_default_by_kind() {
        let text = "import torch\nif x:  # error[GB0170]  # error[nonstrict:data_dependent]\ny  # error[other]\n";
        let d = parse_directives(text).unwrap();
        assert_eq!(d[0].modes, vec![Mode::Strict]);
        assert_eq!(
            d[0].kind,
            DirectiveKind::Error(ErrorSpec {
                category: "graph_break".into(),
                code: Some("GB0170".into())
            })
        );
        assert_eq!(d[1].modes, vec![Mode::NonStrict]);
        assert_eq!(d[2].modes, vec![Mode::Strict, Mode::NonStrict]);
    }

    #[test]
    fn typos_are_errors_not_prose() {
        assert!(parse_directives("x = 1  # shape f32[3]\n").is_err());
        assert!(parse_directives("x = 1  # error[GB17]\n").is_err());
        assert!(parse_directives("x = 1  # shape[eager]: f32[3]\n").is_err());
        assert!(parse_directives("x = 1  # ok\n").is_err());
        assert!(parse_directives("# ok\nx = 1  # error[other]\n").is_err());
        assert!(
            parse_directives("x = 1  # shapes are prose\n")
                .unwrap()
                .is_empty()
        );
        assert!(
            parse_directives("x = '# shape: f32[1]'\n")
                .unwrap()
                .is_empty()
        );
    }
}
