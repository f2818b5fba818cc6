//! Source edits that apply torch's suggested fixes (`dy = dx`, `d1 = 4`) to
//! a file's `dynamic_shapes` spec, keeping the rest of the text (formatting,
//! comments) as it is.

use syntax::TextRange;
use syntax::ast::{Expr, ExprKind, Stmt, StmtKind};
use tracer::SourceFile;

/// Replace `range` of the source with `new_text`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextEdit {
    pub range: TextRange,
    pub new_text: String,
}

/// A suggested fix parsed into `name = expression`.
fn parse_fix(fix: &str) -> Option<(&str, &str)> {
    let (name, expr) = fix.split_once('=')?;
    let name = name.trim();
    let expr = expr.trim();
    let valid = !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_');
    (valid && !expr.is_empty()).then_some((name, expr))
}

fn is_dim_call(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Call { func, .. } => match &func.kind {
            ExprKind::Name(n) => n == "Dim",
            ExprKind::Attribute { attr, .. } => attr == "Dim",
            _ => false,
        },
        _ => false,
    }
}

fn assigns(stmt: &Stmt, name: &str) -> bool {
    let target_has = |t: &Expr| -> bool {
        match &t.kind {
            ExprKind::Name(n) => n == name,
            ExprKind::Tuple(items) | ExprKind::List(items) => items
                .iter()
                .any(|i| matches!(&i.kind, ExprKind::Name(n) if n == name)),
            _ => false,
        }
    };
    match &stmt.kind {
        StmtKind::Assign { targets, .. } => targets.iter().any(target_has),
        StmtKind::AnnAssign { target, .. } => target_has(target),
        _ => false,
    }
}

/// The string argument of `Dim("name", ...)`.
fn dim_call_name(e: &Expr) -> Option<&str> {
    let ExprKind::Call { args, .. } = &e.kind else {
        return None;
    };
    match args.first() {
        Some(syntax::ast::Arg::Positional(Expr {
            kind: ExprKind::Str(s),
            ..
        })) => Some(s),
        _ => None,
    }
}

fn find_inline_dim<'a>(e: &'a Expr, name: &str, out: &mut Vec<&'a Expr>) {
    if is_dim_call(e) && dim_call_name(e) == Some(name) {
        out.push(e);
        return;
    }
    match &e.kind {
        ExprKind::Dict(items) => {
            for i in items {
                if let Some(k) = &i.key {
                    find_inline_dim(k, name, out);
                }
                find_inline_dim(&i.value, name, out);
            }
        }
        ExprKind::Tuple(items) | ExprKind::List(items) => {
            for i in items {
                find_inline_dim(i, name, out);
            }
        }
        ExprKind::Call { args, .. } => {
            for a in args {
                if let syntax::ast::Arg::Positional(x)
                | syntax::ast::Arg::Keyword { value: x, .. } = a
                {
                    find_inline_dim(x, name, out);
                }
            }
        }
        _ => {}
    }
}

/// Every statement of `body` and of the blocks, functions and classes
/// nested in it, in source order, each with the start of the function it
/// runs in (`None`: module code).
fn nested_statements<'a>(
    body: &'a [Stmt],
    owner: Option<u32>,
    out: &mut Vec<(&'a Stmt, Option<u32>)>,
    depth: u32,
) {
    if depth > 100 {
        return;
    }
    for s in body {
        out.push((s, owner));
        match &s.kind {
            StmtKind::ClassDef(def) => nested_statements(&def.body, owner, out, depth + 1),
            StmtKind::FunctionDef(def) => {
                nested_statements(def.body(), Some(def.range.start), out, depth + 1)
            }
            _ => {
                for b in s.inner_blocks() {
                    nested_statements(b, owner, out, depth + 1);
                }
            }
        }
    }
}

/// The statement that defines `name` for the spec: the last module-level
/// one, else the last one in a function, when a single function defines
/// it (an export call written in `main()` with its dims).
fn definition<'a>(all: &[(&'a Stmt, Option<u32>)], name: &str) -> Def<'a> {
    let mut defs = all.iter().filter(|(s, _)| assigns(s, name));
    if let Some((s, _)) = defs.clone().rev().find(|(_, owner)| owner.is_none()) {
        return Def::One(s);
    }
    let Some((_, owner)) = defs.next() else {
        return Def::Missing;
    };
    let mut last = Def::Missing;
    for (s, o) in all.iter().filter(|(s, _)| assigns(s, name)) {
        if o != owner {
            return Def::Ambiguous;
        }
        last = Def::One(s);
    }
    last
}

/// Where a name a fix assigns is defined.
enum Def<'a> {
    One(&'a Stmt),
    Missing,
    /// In several functions.
    Ambiguous,
}

/// Edits that make the spec say what the fixes say (module-level, or in
/// the one function that defines the names). A fix for a
/// name bound by `name = Dim(...)` rewrites that statement; a name bound
/// some other way (`dims(...)`, tuple unpacking) gets a new statement right
/// after its definition; a `Dim("name")` written inline in the spec is
/// replaced when the fix is a constant.
pub fn fix_edits(file: &SourceFile, fixes: &[String]) -> Vec<TextEdit> {
    let mut edits: Vec<TextEdit> = Vec::new();
    let mut all = Vec::new();
    nested_statements(&file.module.body, None, &mut all, 0);
    for fix in fixes {
        let Some((name, expr)) = parse_fix(fix) else {
            continue;
        };
        let def = match definition(&all, name) {
            Def::One(stmt) => Some(stmt),
            Def::Missing => None,
            Def::Ambiguous => continue,
        };
        match def {
            Some(stmt) => {
                let simple = matches!(&stmt.kind, StmtKind::Assign { targets, value }
                    if targets.len() == 1 && matches!(&targets[0].kind, ExprKind::Name(_)) && is_dim_call(value));
                if simple {
                    edits.push(TextEdit {
                        range: stmt.range,
                        new_text: format!("{name} = {expr}"),
                    });
                } else {
                    let at = stmt.range.end;
                    edits.push(TextEdit {
                        range: TextRange::new(at, at),
                        new_text: format!("\n{name} = {expr}"),
                    });
                }
            }
            None => {
                // A new root such as torch's `_seq = Dim('_seq', ...)` for a
                // divisibility fix (`seq = 2*_seq`): define it just before
                // the dim whose fix uses it.
                let user = fixes
                    .iter()
                    .filter_map(|f| parse_fix(f))
                    .find(|(other, e)| {
                        *other != name
                            && e.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                                .any(|w| w == name)
                    });
                if let Some((other, _)) = user
                    && let Def::One(stmt) = definition(&all, other)
                {
                    let at = stmt.range.start;
                    edits.push(TextEdit {
                        range: TextRange::new(at, at),
                        new_text: format!("{name} = {expr}\n"),
                    });
                    continue;
                }
                for (s, _) in &all {
                    let value = match &s.kind {
                        StmtKind::Assign { value, .. } | StmtKind::Expr(value) => value,
                        StmtKind::AnnAssign { value: Some(v), .. } | StmtKind::Return(Some(v)) => v,
                        _ => continue,
                    };
                    let mut found = Vec::new();
                    find_inline_dim(value, name, &mut found);
                    for e in found {
                        // Other dims named in the fix are inline too: spell
                        // them as the same `Dim("name")` call.
                        let ExprKind::Call { func, .. } = &e.kind else {
                            continue;
                        };
                        let callee = file.slice(func.range);
                        edits.push(TextEdit {
                            range: e.range,
                            new_text: inline_dims(expr, callee),
                        });
                    }
                }
            }
        }
    }
    edits.sort_by_key(|e| (e.range.start, e.range.end));
    edits.dedup();
    edits
}

/// `3*dx + 1` -> `3*Dim("dx") + 1`.
fn inline_dims(expr: &str, callee: &str) -> String {
    let mut out = String::new();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        if word.is_empty() {
            return;
        }
        if word.chars().next().is_some_and(|c| c.is_ascii_digit()) {
            out.push_str(word);
        } else {
            out.push_str(&format!("{callee}(\"{word}\")"));
        }
        word.clear();
    };
    for c in expr.chars() {
        if c.is_alphanumeric() || c == '_' {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

/// Apply non-overlapping edits to a text.
pub fn apply_edits(text: &str, edits: &[TextEdit]) -> String {
    // Back to front, so earlier offsets stay valid; insertions at one point
    // keep their order.
    let mut sorted: Vec<(usize, &TextEdit)> = edits.iter().enumerate().collect();
    sorted.sort_by_key(|(i, e)| std::cmp::Reverse((e.range.start, e.range.end, *i)));
    let mut out = text.to_string();
    let mut limit = usize::MAX;
    for (_, e) in sorted {
        let (s, t) = (e.range.start as usize, e.range.end as usize);
        if t > limit
            || s > t
            || t > out.len()
            || !out.is_char_boundary(s)
            || !out.is_char_boundary(t)
        {
            continue;
        }
        out.replace_range(s..t, &e.new_text);
        limit = s;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixed(src: &str, fixes: &[&str]) -> String {
        let file = SourceFile::parse("t.py", src);
        let fixes: Vec<String> = fixes.iter().map(|s| s.to_string()).collect();
        apply_edits(src, &fix_edits(&file, &fixes))
    }

    #[test]
    fn rewrites_a_dim_definition() {
        let src = "from torch.export import Dim\ndx = Dim(\"dx\")\ndy = Dim(\"dy\")  # keep\n";
        assert_eq!(
            fixed(src, &["dy = dx"]),
            "from torch.export import Dim\ndx = Dim(\"dx\")\ndy = dx  # keep\n"
        );
    }

    #[test]
    fn defines_a_new_root_before_the_dim_derived_from_it() {
        let src = "from torch.export import Dim\nseq = Dim(\"seq\", min=2, max=512)\nspec = {\"x\": {1: seq}}\n";
        assert_eq!(
            fixed(src, &["_seq = Dim('_seq', min=1, max=256)", "seq = 2*_seq"]),
            "from torch.export import Dim\n_seq = Dim('_seq', min=1, max=256)\nseq = 2*_seq\nspec = {\"x\": {1: seq}}\n"
        );
    }

    #[test]
    fn overrides_names_bound_by_dims() {
        let src = "dx, dy, d1 = torch.export.dims(\"dx\", \"dy\", \"d1\")\nspec = {}\n";
        assert_eq!(
            fixed(src, &["d1 = 4", "dy = dx"]),
            "dx, dy, d1 = torch.export.dims(\"dx\", \"dy\", \"d1\")\nd1 = 4\ndy = dx\nspec = {}\n"
        );
    }

    #[test]
    fn replaces_an_inline_dim_with_a_constant() {
        let src = "dynamic_shapes = {\"x\": {0: Dim(\"batch\"), 1: Dim(\"features\")}}\n";
        assert_eq!(
            fixed(src, &["features = 16"]),
            "dynamic_shapes = {\"x\": {0: Dim(\"batch\"), 1: 16}}\n"
        );
    }

    #[test]
    fn relates_inline_dims_by_name() {
        let src = "s = {\"a\": {1: Dim(\"h\")}, \"b\": {1: Dim(\"k\")}}\n";
        assert_eq!(
            fixed(src, &["k = h"]),
            "s = {\"a\": {1: Dim(\"h\")}, \"b\": {1: Dim(\"h\")}}\n"
        );
    }

    #[test]
    fn fixes_dims_defined_in_the_function_that_exports() {
        let src = "def main():\n    batch = torch.export.Dim(\"batch\")\n    ep = torch.export.export(m, (x,), dynamic_shapes={\"x\": {0: batch}})\n";
        assert_eq!(
            fixed(src, &["batch = 4"]),
            "def main():\n    batch = 4\n    ep = torch.export.export(m, (x,), dynamic_shapes={\"x\": {0: batch}})\n"
        );
        let inline = "def test():\n    torch.export.export(m, (x,), dynamic_shapes={\"x\": {0: Dim(\"b\")}})\n";
        assert_eq!(
            fixed(inline, &["b = 4"]),
            "def test():\n    torch.export.export(m, (x,), dynamic_shapes={\"x\": {0: 4}})\n"
        );
        // Two functions define the name: which one is meant is unknown.
        let two = "def a():\n    b = Dim(\"b\")\ndef c():\n    b = Dim(\"b\")\n";
        assert_eq!(fixed(two, &["b = 4"]), two);
    }

    #[test]
    fn ignores_fixes_it_cannot_place() {
        let src = "x = 1\n";
        assert_eq!(fixed(src, &["nonsense", "a = b"]), src);
    }
}
