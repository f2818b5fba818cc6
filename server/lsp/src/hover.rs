//! Hover: the value under the cursor. For a name on a line, the tensor type
//! it is bound to (`x: f32[s0, 64]`), what the line records
//! (`aten.linear.default -> f32[s0, 64]`), the guards the line added, and
//! the ranges and sources of the symbols shown (`s0 ∈ [2, int_oo]`,
//! `x.size()[0]`).

use std::fmt::Write;

use ropey::Rope;
use tower_lsp_server::ls_types::{
    Hover, HoverContents, MarkupContent, MarkupKind, Position, Range,
};

use crate::analysis::HoverTable;
use crate::position::{Encoding, char_to_position, position_to_char};

/// The identifier under (or just before) the cursor: its text and range.
pub fn identifier_at(rope: &Rope, pos: Position, enc: Encoding) -> Option<(String, Range)> {
    let at = position_to_char(rope, pos, enc);
    let line = rope.char_to_line(at);
    let line_start = rope.line_to_char(line);
    let chars: Vec<char> = rope.line(line).chars().collect();
    let is_ident = |c: char| c == '_' || c.is_alphanumeric();
    let mut i = at - line_start;
    if i >= chars.len() || !is_ident(chars[i]) {
        // The cursor right after an identifier still counts.
        if i > 0 && chars.get(i - 1).is_some_and(|c| is_ident(*c)) {
            i -= 1;
        } else {
            return None;
        }
    }
    let mut start = i;
    while start > 0 && is_ident(chars[start - 1]) {
        start -= 1;
    }
    let mut end = i;
    while end < chars.len() && is_ident(chars[end]) {
        end += 1;
    }
    let word: String = chars[start..end].iter().collect();
    if word.chars().next().is_none_or(|c| c.is_ascii_digit()) {
        return None;
    }
    let range = Range::new(
        char_to_position(rope, line_start + start, enc),
        char_to_position(rope, line_start + end, enc),
    );
    Some((word, range))
}

/// Symbol names (`s0`, `u12`) appearing in a type text.
fn symbols_in(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let prev_ident = i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
        if (c == 's' || c == 'u') && !prev_ident {
            let mut j = i + 1;
            while j < chars.len() && chars[j].is_ascii_digit() {
                j += 1;
            }
            let next_ident = j < chars.len() && (chars[j].is_alphanumeric() || chars[j] == '_');
            if j > i + 1 && !next_ident {
                let s: String = chars[i..j].iter().collect();
                if !out.contains(&s) {
                    out.push(s);
                }
            }
            i = j.max(i + 1);
        } else {
            i += 1;
        }
    }
    out
}

/// The hover for a position, from a file's hover table.
pub fn hover(table: &HoverTable, rope: &Rope, pos: Position, enc: Encoding) -> Option<Hover> {
    let (word, range) = identifier_at(rope, pos, enc)?;
    let line = range.start.line;
    let binding = table
        .bindings
        .iter()
        .filter(|b| b.name == word && b.scope.0 <= line && line <= b.scope.1 && b.line <= line)
        .max_by_key(|b| b.line);
    let facts = table.lines.get(&line);
    let has_facts = facts.is_some_and(|f| !f.ops.is_empty() || !f.guards.is_empty());
    if binding.is_none() && !has_facts {
        return None;
    }
    let mut md = String::new();
    let mut types = String::new();
    if let Some(b) = binding {
        let _ = writeln!(md, "```python\n{}: {}\n```", b.name, b.ty);
        types.push_str(&b.ty);
    }
    if let Some(f) = facts {
        if !f.ops.is_empty() {
            md.push_str("\n**This line records**\n\n");
            for (target, ty) in &f.ops {
                if ty.is_empty() {
                    let _ = writeln!(md, "- `{target}`");
                } else {
                    let _ = writeln!(md, "- `{target}` → `{ty}`");
                    types.push(' ');
                    types.push_str(ty);
                }
            }
        }
        if !f.guards.is_empty() {
            md.push_str("\n**Guards added here**\n\n");
            for g in &f.guards {
                let _ = writeln!(md, "- `{g}`");
            }
        }
        if let Some(at) = f.partial {
            let _ = writeln!(
                md,
                "\n_Partial trace: the export fails at line {at}; this is what ran before the failure._"
            );
        }
    }
    let syms: Vec<String> = symbols_in(&types)
        .into_iter()
        .filter(|s| table.symbols.contains_key(s))
        .collect();
    if !syms.is_empty() {
        md.push_str("\n**Symbols**\n\n");
        for s in syms {
            if let Some((range, source)) = table.symbols.get(&s) {
                match source {
                    Some(src) => {
                        let _ = writeln!(md, "- `{s}` ∈ `{range}` (`{src}`)");
                    }
                    None => {
                        let _ = writeln!(md, "- `{s}` ∈ `{range}`");
                    }
                }
            }
        }
    }
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: md.trim_end().to_string(),
        }),
        range: Some(range),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{Binding, LineFacts};

    #[test]
    fn identifiers() {
        let rope = Rope::from_str("    a = self.conv(x)\n");
        let at = |c| identifier_at(&rope, Position::new(0, c), Encoding::Utf16).map(|(w, _)| w);
        assert_eq!(at(4).as_deref(), Some("a"));
        assert_eq!(at(5).as_deref(), Some("a"));
        assert_eq!(at(6), None);
        assert_eq!(at(15).as_deref(), Some("conv"));
        assert_eq!(at(18).as_deref(), Some("x"));
        assert_eq!(at(99), None);
    }

    #[test]
    fn symbol_names() {
        assert_eq!(symbols_in("f32[s0, 4*s1 + u2] s"), vec!["s0", "s1", "u2"]);
        assert!(symbols_in("f32[3, 4]").is_empty());
    }

    #[test]
    fn hover_shows_type_ops_guards_and_ranges() {
        let rope = Rope::from_str("def forward(self, x):\n    a = x + 1\n    return a\n");
        let mut t = HoverTable::default();
        t.lines.insert(
            1,
            LineFacts {
                ops: vec![("aten.add.Tensor".into(), "f32[s0, 4]".into())],
                guards: vec!["Eq(x.size()[1], 4)".into()],
                partial: None,
            },
        );
        t.bindings.push(Binding {
            name: "a".into(),
            line: 1,
            ty: "f32[s0, 4]".into(),
            scope: (0, 2),
        });
        t.symbols.insert(
            "s0".into(),
            ("[0, int_oo]".into(), Some("x.size()[0]".into())),
        );
        let h = hover(&t, &rope, Position::new(2, 11), Encoding::Utf16).expect("a hover");
        let HoverContents::Markup(m) = h.contents else {
            panic!("markdown expected")
        };
        assert!(m.value.contains("a: f32[s0, 4]"), "{}", m.value);
        assert!(
            m.value.contains("`s0` ∈ `[0, int_oo]` (`x.size()[0]`)"),
            "{}",
            m.value
        );
        let h = hover(&t, &rope, Position::new(1, 4), Encoding::Utf16).expect("a hover");
        let HoverContents::Markup(m) = h.contents else {
            panic!("markdown expected")
        };
        assert!(m.value.contains("aten.add.Tensor"), "{}", m.value);
        assert!(m.value.contains("Eq(x.size()[1], 4)"), "{}", m.value);
        assert!(hover(&t, &rope, Position::new(0, 0), Encoding::Utf16).is_none());
    }
}
