//! What a docstring says of a constructor parameter the signature leaves
//! open: its type, in the three styles people write (Google `dim (int):
//! ...`, NumPy `dim : int` under an underlined `Parameters` header, Sphinx
//! `:param int dim:` / `:type dim: int`), and a default its description
//! names ("Default: 4", "defaults to 4", "default=4", "(default ``4``)").

use super::literal::Lit;

/// One parameter's documentation.
#[derive(Clone, Debug, PartialEq)]
pub struct ParamDoc {
    /// The type named (`int`, `LlamaConfig`, `transformers.GPT2Config`),
    /// markup and `optional` removed.
    pub type_name: Option<String>,
    /// A literal default the description names.
    pub default: Option<Lit>,
    /// The 1-based line of the docstring that documents it.
    pub line: u32,
}

/// Lines of a docstring read, at most.
const MAX_LINES: usize = 400;

/// What `text`, a docstring whose first line is line `first`, says of
/// parameter `name`.
pub fn param_doc(text: &str, first: u32, name: &str) -> Option<ParamDoc> {
    let lines: Vec<&str> = text.lines().take(MAX_LINES).collect();
    let numpy = is_numpy_style(&lines);
    let mut found: Option<ParamDoc> = None;
    let mut sphinx_type: Option<String> = None;
    for (i, raw) in lines.iter().enumerate() {
        let line = raw.trim();
        if let Some((field, rest)) = sphinx_field(line) {
            let (kind, words) = field;
            if kind == SphinxField::Type && words == [name] {
                sphinx_type = clean_type(rest);
            } else if kind == SphinxField::Param && words.last() == Some(&name) {
                let written = (words.len() > 1).then(|| words[..words.len() - 1].join(" "));
                let description = with_continuation(&lines, i, rest);
                found = Some(ParamDoc {
                    type_name: written.as_deref().and_then(clean_type),
                    default: default_in(&description),
                    line: first + i as u32,
                });
            }
            continue;
        }
        if found.is_some() {
            continue;
        }
        let Some(after) = named(line, name) else {
            continue;
        };
        let after = after.trim_start();
        let (type_name, description) = if let Some(typed) = after.strip_prefix('(') {
            // Google: `dim (int, optional): the width`.
            let Some(close) = typed.find(')') else {
                continue;
            };
            let Some(desc) = typed[close + 1..].trim_start().strip_prefix(':') else {
                continue;
            };
            (clean_type(&typed[..close]), desc)
        } else if let Some(rest) = after.strip_prefix(':') {
            if numpy {
                // NumPy: `dim : int, optional`, the description below.
                (clean_type(rest), "")
            } else {
                (None, rest)
            }
        } else {
            continue;
        };
        let description = with_continuation(&lines, i, description);
        found = Some(ParamDoc {
            type_name,
            default: default_in(&description),
            line: first + i as u32,
        });
    }
    match (found, sphinx_type) {
        (Some(mut doc), Some(t)) => {
            doc.type_name = doc.type_name.or(Some(t));
            Some(doc)
        }
        (Some(doc), None) => Some(doc),
        (None, Some(t)) => Some(ParamDoc {
            type_name: Some(t),
            default: None,
            line: first,
        }),
        (None, None) => None,
    }
}

/// A docstring with a NumPy section: a header line (`Parameters`)
/// underlined with dashes.
fn is_numpy_style(lines: &[&str]) -> bool {
    lines.windows(2).any(|w| {
        let under = w[1].trim();
        !w[0].trim().is_empty() && under.len() >= 3 && under.chars().all(|c| c == '-')
    })
}

/// Sphinx's field kinds this reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SphinxField {
    Param,
    Type,
}

/// `:param int dim: text` → ((Param, ["int", "dim"]), "text").
fn sphinx_field(line: &str) -> Option<((SphinxField, Vec<&str>), &str)> {
    const PARAM: [&str; 6] = ["param", "parameter", "arg", "argument", "key", "keyword"];
    let inner = line.strip_prefix(':')?;
    let (head, rest) = inner.split_once(':')?;
    let mut words = head.split_whitespace();
    let word = words.next()?;
    let kind = if PARAM.contains(&word) {
        SphinxField::Param
    } else if word == "type" {
        SphinxField::Type
    } else {
        return None;
    };
    Some(((kind, words.collect()), rest.trim()))
}

/// The text after `name` when `line` starts with it as a word (also as
/// one of NumPy's `a, b : int`).
fn named<'l>(line: &'l str, name: &str) -> Option<&'l str> {
    let line = line.trim_start_matches(['*', '`']);
    let rest = line.strip_prefix(name)?;
    let rest = rest.trim_start_matches('`');
    if rest.starts_with(|c: char| c.is_alphanumeric() || c == '_') {
        return None;
    }
    if let Some(more) = rest.trim_start().strip_prefix(',') {
        // `dim, heads : int`: the type follows the last name.
        let colon = more.find(':')?;
        let names = &more[..colon];
        if names
            .split(',')
            .all(|n| n.trim().chars().all(|c| c.is_alphanumeric() || c == '_'))
        {
            return Some(&more[colon..]);
        }
        return None;
    }
    Some(rest)
}

/// A description: the rest of its line and the lines below indented
/// deeper, up to a blank line.
fn with_continuation(lines: &[&str], at: usize, first: &str) -> String {
    let indent = |l: &str| l.len() - l.trim_start().len();
    let own = indent(lines[at]);
    let mut out = first.trim().to_string();
    for l in &lines[at + 1..] {
        if l.trim().is_empty() || indent(l) <= own {
            break;
        }
        out.push(' ');
        out.push_str(l.trim());
    }
    out
}

/// A type as written, cleaned: `:obj:\`int\`, optional` → `int`,
/// `Optional[LlamaConfig]` → `LlamaConfig`, `int or None` → `int`.
fn clean_type(written: &str) -> Option<String> {
    let mut t = written.trim();
    for marker in [":obj:", ":class:", ":py:class:"] {
        t = t.trim_start_matches(marker);
    }
    let t = t.replace(['`', '~'], "");
    let t = t.trim();
    let t = t.split([',', '|']).next()?.trim();
    let t = t.split(" or ").next()?.trim();
    let t = t
        .strip_prefix("Optional[")
        .and_then(|x| x.strip_suffix(']'))
        .unwrap_or(t)
        .trim();
    let word = if t == "integer" {
        "int"
    } else if t == "boolean" {
        "bool"
    } else {
        t
    };
    let dotted = !word.is_empty()
        && word.split('.').all(|p| {
            p.chars()
                .next()
                .is_some_and(|c| c.is_alphabetic() || c == '_')
                && p.chars().all(|c| c.is_alphanumeric() || c == '_')
        });
    dotted.then(|| word.to_string())
}

/// The first literal a description names as a default: "Default: 4",
/// "defaults to ``'gelu'``", "default=0.1", "Default is True".
fn default_in(description: &str) -> Option<Lit> {
    let lower = description.to_ascii_lowercase();
    const CONNECTORS: [&str; 7] = ["value", "is", "to", "of", ":", "=", "("];
    for (at, word) in lower.match_indices("default") {
        let mut rest = &description[at + word.len()..];
        rest = rest.strip_prefix(['s', 'S']).unwrap_or(rest);
        for _ in 0..CONNECTORS.len() {
            rest = rest.trim_start();
            let lowered = rest.to_ascii_lowercase();
            let Some(c) = CONNECTORS.iter().find(|c| {
                lowered.starts_with(**c)
                    && (!c.starts_with(char::is_alphabetic)
                        || !lowered[c.len()..].starts_with(char::is_alphanumeric))
            }) else {
                break;
            };
            rest = &rest[c.len()..];
        }
        let rest = rest.trim_start().trim_start_matches(['`', '*']);
        if let Some(v) = literal_token(rest) {
            return Some(v);
        }
    }
    None
}

/// A literal at the start of `text`: a number, `True`/`False`/`None`, or
/// a quoted string.
fn literal_token(text: &str) -> Option<Lit> {
    let token = if let Some(q) = text.chars().next().filter(|c| *c == '\'' || *c == '"') {
        let end = text[1..].find(q)? + 2;
        &text[..end]
    } else {
        let end = text
            .find(|c: char| !(c.is_alphanumeric() || matches!(c, '.' | '-' | '+' | '_')))
            .unwrap_or(text.len());
        text[..end].trim_end_matches('.')
    };
    if token.is_empty() {
        return None;
    }
    let parsed = syntax::parse(&format!("({token})\n"));
    if !parsed.errors.is_empty() {
        return None;
    }
    let [stmt] = parsed.module.body.as_slice() else {
        return None;
    };
    let syntax::ast::StmtKind::Expr(e) = &stmt.kind else {
        return None;
    };
    match Lit::of_expr(e)? {
        v @ (Lit::Int(_) | Lit::Float(_) | Lit::Bool(_) | Lit::None | Lit::Str(_)) => Some(v),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(text: &str, name: &str) -> (Option<String>, Option<Lit>, u32) {
        let d = param_doc(text, 10, name).expect("documented");
        (d.type_name, d.default, d.line)
    }

    #[test]
    fn google_style_gives_type_and_default() {
        let text = "Attention.\n\n    Args:\n        dim (int): the width.\n        heads (int, optional): how many heads.\n            Defaults to 8.\n        config (:obj:`LlamaConfig`): the model's.\n";
        assert_eq!(doc(text, "dim"), (Some("int".into()), None, 13));
        assert_eq!(
            doc(text, "heads"),
            (Some("int".into()), Some(Lit::Int(8)), 14)
        );
        assert_eq!(doc(text, "config").0.as_deref(), Some("LlamaConfig"));
        assert!(param_doc(text, 10, "di").is_none());
    }

    #[test]
    fn numpy_style_reads_the_type_after_the_colon() {
        let text = "Block.\n\nParameters\n----------\ndim : int\n    Width. Default: 64\nratio : float, optional\n    The MLP ratio (default ``4.0``).\n";
        assert_eq!(
            doc(text, "dim"),
            (Some("int".into()), Some(Lit::Int(64)), 14)
        );
        assert_eq!(
            doc(text, "ratio"),
            (Some("float".into()), Some(Lit::Float(4.0)), 16)
        );
    }

    #[test]
    fn sphinx_style_reads_param_and_type_fields() {
        let text = "Block.\n\n:param int dim: the width, default=32\n:param act: activation, defaults to 'gelu'\n:type act: str\n";
        assert_eq!(
            doc(text, "dim"),
            (Some("int".into()), Some(Lit::Int(32)), 12)
        );
        assert_eq!(
            doc(text, "act"),
            (Some("str".into()), Some(Lit::Str("gelu".into())), 13)
        );
    }

    #[test]
    fn an_untyped_google_line_gives_a_default_only() {
        let text =
            "Args:\n    depth: number of blocks. Default is 2.\n    drop: uses the default rate\n";
        assert_eq!(doc(text, "depth"), (None, Some(Lit::Int(2)), 11));
        assert_eq!(doc(text, "drop"), (None, None, 12));
    }
}
