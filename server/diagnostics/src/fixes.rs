//! Source edits behind the quick fixes, computed on the parsed file in byte
//! offsets (torch's suggested fixes, `dy = dx`, come from
//! `export::fix_edits`, shared with `exportlens check --fix`):
//! `Dim.DYNAMIC` replaced where the code specialized,
//! `strict=True` turned into `strict=False`, a `torch._check(...)` skeleton
//! inserted before a data-dependent line, and a data-dependent `if`
//! rewritten into a `torch.cond` skeleton, and a `dynamic_shapes` spec with
//! a `Dim("batch")` for an entry exported without one.
//!
//! Every function returns `None` when it cannot produce a sound edit; none
//! of them panics on any input.

use syntax::TextRange;
use syntax::ast::{Arg, Expr, ExprKind, Stmt, StmtKind};
use tracer::SourceFile;

/// Replace `start..end` (bytes) by `text`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ByteEdit {
    pub start: usize,
    pub end: usize,
    pub text: String,
}

impl ByteEdit {
    fn replace(range: TextRange, text: impl Into<String>) -> ByteEdit {
        ByteEdit {
            start: range.start as usize,
            end: range.end as usize,
            text: text.into(),
        }
    }

    fn insert(at: usize, text: impl Into<String>) -> ByteEdit {
        ByteEdit {
            start: at,
            end: at,
            text: text.into(),
        }
    }
}

/// Apply edits to a text (for tests and for checking a fix).
pub fn apply(text: &str, edits: &[ByteEdit]) -> String {
    let mut sorted: Vec<&ByteEdit> = edits.iter().collect();
    sorted.sort_by_key(|e| (e.start, e.end));
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for e in sorted {
        if e.start < at || e.end > text.len() || e.start > e.end {
            continue;
        }
        out.push_str(text.get(at..e.start).unwrap_or(""));
        out.push_str(&e.text);
        at = e.end;
    }
    out.push_str(text.get(at..).unwrap_or(""));
    out
}

fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c == '_' || c.is_alphabetic())
        && chars.all(|c| c == '_' || c.is_alphanumeric())
}

/// Module-level statements, looking into `if`/`with`/`try` bodies but not
/// into functions or classes.
fn module_statements(file: &SourceFile) -> Vec<&Stmt> {
    fn walk<'a>(body: &'a [Stmt], out: &mut Vec<&'a Stmt>, depth: u32) {
        if depth > 16 {
            return;
        }
        for s in body {
            out.push(s);
            match &s.kind {
                StmtKind::If { body, orelse, .. } => {
                    walk(body, out, depth + 1);
                    walk(orelse, out, depth + 1);
                }
                StmtKind::With { body, .. } => walk(body, out, depth + 1),
                StmtKind::Try {
                    body,
                    orelse,
                    finalbody,
                    ..
                } => {
                    walk(body, out, depth + 1);
                    walk(orelse, out, depth + 1);
                    walk(finalbody, out, depth + 1);
                }
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    walk(&file.module.body, &mut out, 0);
    out
}

/// The indentation of the line holding byte `offset`.
fn indent_at(text: &str, offset: usize) -> String {
    let offset = offset.min(text.len());
    let start = text
        .get(..offset)
        .and_then(|t| t.rfind('\n'))
        .map_or(0, |i| i + 1);
    text.get(start..)
        .unwrap_or("")
        .chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .collect()
}

/// The byte offset where a 1-based line starts.
fn line_start(file: &SourceFile, line: u32) -> Option<usize> {
    file.index
        .line_start(line.saturating_sub(1))
        .map(|o| o as usize)
}

fn visit_exprs<'a>(e: &'a Expr, f: &mut dyn FnMut(&'a Expr), depth: u32) {
    if depth > 64 {
        return;
    }
    f(e);
    let mut go = |x: &'a Expr| visit_exprs(x, f, depth + 1);
    match &e.kind {
        ExprKind::Attribute { value, .. } => go(value),
        ExprKind::Subscript { value, index } => {
            go(value);
            go(index);
        }
        ExprKind::Call { func, args } => {
            go(func);
            for a in args {
                match a {
                    Arg::Positional(x) | Arg::Starred(x) | Arg::DoubleStarred(x) => go(x),
                    Arg::Keyword { value, .. } => go(value),
                }
            }
        }
        ExprKind::BinOp { left, right, .. } => {
            go(left);
            go(right);
        }
        ExprKind::UnaryOp { operand, .. } => go(operand),
        ExprKind::Tuple(items) | ExprKind::List(items) | ExprKind::Set(items) => {
            items.iter().for_each(go)
        }
        ExprKind::Dict(items) => {
            for i in items {
                if let Some(k) = &i.key {
                    go(k);
                }
                go(&i.value);
            }
        }
        ExprKind::Starred(x) => go(x),
        _ => {}
    }
}

/// `strict=True` -> `strict=False` in an export call.
pub fn strict_false(call: &Expr) -> Option<ByteEdit> {
    let ExprKind::Call { args, .. } = &call.kind else {
        return None;
    };
    args.iter().find_map(|a| match a {
        Arg::Keyword { name, value, .. }
            if name == "strict" && matches!(value.kind, ExprKind::Bool(true)) =>
        {
            Some(ByteEdit::replace(value.range, "False"))
        }
        _ => None,
    })
}

/// A `torch._check(...)` skeleton inserted before a 1-based line, at its
/// indentation.
pub fn insert_check(file: &SourceFile, line: u32) -> Option<ByteEdit> {
    let start = line_start(file, line)?;
    let indent = indent_at(&file.text, start);
    Some(ByteEdit::insert(
        start,
        format!(
            "{indent}torch._check(...)  # TODO: state what you know about the data-dependent value, e.g. torch._check(n >= 0)\n"
        ),
    ))
}

/// Parse the dimension out of a constraint violation message (`You
/// marked L['y'].size()[1] as dynamic ...`, or `y.size()[1]`): the input
/// name and the dimension.
pub fn marked_dynamic_dim(message: &str) -> Option<(String, usize)> {
    let start = message.find("You marked ")? + "You marked ".len();
    let rest = message.get(start..)?;
    let subject = rest.get(..rest.find(" as dynamic")?)?;
    let (name, dim) = subject.split_once(".size()[")?;
    let name = name.trim_start_matches("L['").trim_end_matches("']");
    if !is_identifier(name) {
        return None;
    }
    let digits: String = dim.chars().take_while(char::is_ascii_digit).collect();
    Some((name.to_string(), digits.parse().ok()?))
}

/// The spec expression of an entry: the `dynamic_shapes=` argument of an
/// export call, or the module-level `dynamic_shapes` (following one name).
fn spec_expr<'a>(file: &'a SourceFile, call: Option<&'a Expr>) -> Option<&'a Expr> {
    let stmts = module_statements(file);
    let lookup = |name: &str| -> Option<&'a Expr> {
        stmts.iter().rev().find_map(|s| match &s.kind {
            StmtKind::Assign { targets, value }
                if targets
                    .iter()
                    .any(|t| matches!(&t.kind, ExprKind::Name(n) if n == name)) =>
            {
                Some(value)
            }
            _ => None,
        })
    };
    let expr = match call.map(|c| &c.kind) {
        Some(ExprKind::Call { args, .. }) => args.iter().find_map(|a| match a {
            Arg::Keyword { name, value, .. } if name == "dynamic_shapes" => Some(value),
            _ => None,
        })?,
        _ => lookup("dynamic_shapes")?,
    };
    match &expr.kind {
        ExprKind::Name(n) => lookup(n),
        _ => Some(expr),
    }
}

/// The name a module-level assignment binds, if any.
fn defines(file: &SourceFile, name: &str) -> bool {
    module_statements(file).iter().any(|s| match &s.kind {
        StmtKind::Assign { targets, .. } => targets
            .iter()
            .any(|t| matches!(&t.kind, ExprKind::Name(n) if n == name)),
        _ => false,
    })
}

/// A module-level assignment to `name`: the statement and its value.
fn assignment<'a>(file: &'a SourceFile, name: &str) -> Option<(&'a Stmt, &'a Expr)> {
    module_statements(file)
        .into_iter()
        .rev()
        .find_map(|s| match &s.kind {
            StmtKind::Assign { targets, value }
                if targets
                    .iter()
                    .any(|t| matches!(&t.kind, ExprKind::Name(n) if n == name)) =>
            {
                Some((s, value))
            }
            _ => None,
        })
}

/// "Make the batch dimension dynamic" for an entry exported without a
/// `dynamic_shapes` spec: a `Dim("batch")` on dimension 0 of every example
/// input whose dimension 0 has the size of the first one's (`dim0[i]`, the
/// static size of the i-th flattened user input, `None` for a non-tensor
/// or a scalar), as a positional spec. Offered only when the example
/// arguments are a tuple literal of calls with one flattened input each,
/// without keyword inputs, and the batch size is at least 2 (a size of 0
/// or 1 would specialize).
pub fn batch_dynamic(
    file: &SourceFile,
    call: Option<&Expr>,
    dim0: &[Option<i64>],
) -> Option<Vec<ByteEdit>> {
    if spec_expr(file, call).is_some() {
        return None;
    }
    let follow = |e: &'_ Expr| -> Option<Expr> {
        match &e.kind {
            ExprKind::Name(n) => assignment(file, n).map(|(_, v)| v.clone()),
            _ => Some(e.clone()),
        }
    };
    let example = match call.map(|c| &c.kind) {
        Some(ExprKind::Call { args, .. }) => {
            if args
                .iter()
                .any(|a| matches!(a, Arg::Keyword { name, .. } if name == "kwargs"))
                || args
                    .iter()
                    .filter(|a| matches!(a, Arg::Positional(_)))
                    .count()
                    > 2
            {
                return None;
            }
            let positional = args.iter().filter_map(|a| match a {
                Arg::Positional(e) => Some(e),
                _ => None,
            });
            let keyword = args.iter().find_map(|a| match a {
                Arg::Keyword { name, value, .. } if name == "args" => Some(value),
                _ => None,
            });
            follow(positional.clone().nth(1).or(keyword)?)?
        }
        _ => {
            if defines(file, "example_kwargs") {
                return None;
            }
            follow(assignment(file, "example_args")?.1)?
        }
    };
    let (ExprKind::Tuple(items) | ExprKind::List(items)) = &example.kind else {
        return None;
    };
    if items.len() != dim0.len()
        || items
            .iter()
            .any(|e| !matches!(e.kind, ExprKind::Call { .. }))
    {
        return None;
    }
    let batch = *dim0.iter().flatten().next()?;
    if batch < 2 {
        return None;
    }
    let name = ["batch", "batch_dim", "dyn_batch"]
        .into_iter()
        .find(|n| !defines(file, n))?;
    let per_input: Vec<String> = dim0
        .iter()
        .map(|d| {
            if *d == Some(batch) {
                format!("{{0: {name}}}")
            } else {
                "None".into()
            }
        })
        .collect();
    let spec = format!("({},)", per_input.join(", "));
    let dim_line = format!("{name} = torch.export.Dim(\"{name}\")");
    match call {
        Some(call) => {
            // `batch = Dim(...)` before the statement, the spec as the
            // call's last argument.
            let stmt_line = file.line_of(call.range.start);
            let start = line_start(file, stmt_line)?;
            let indent = indent_at(&file.text, start);
            let close = (call.range.end as usize).checked_sub(1)?;
            if file.text.get(close..close + 1) != Some(")") {
                return None;
            }
            let before = file.text.get(..close)?.trim_end();
            let sep = if before.ends_with(',') || before.ends_with('(') {
                " "
            } else {
                ", "
            };
            Some(vec![
                ByteEdit::insert(start, format!("{indent}{dim_line}\n")),
                ByteEdit::insert(before.len(), format!("{sep}dynamic_shapes={spec}")),
            ])
        }
        None => {
            let (stmt, _) = assignment(file, "example_args")?;
            let end =
                file.text.get(stmt.range.end as usize..)?.find('\n')? + stmt.range.end as usize + 1;
            Some(vec![ByteEdit::insert(
                end,
                format!("{dim_line}\ndynamic_shapes = {spec}\n"),
            )])
        }
    }
}

/// `Dim.DYNAMIC` at `input`'s dimension `dim` in the spec, replaced by
/// `Dim.<replacement>` (`STATIC` or `AUTO`).
pub fn replace_dynamic(
    file: &SourceFile,
    call: Option<&Expr>,
    input: &str,
    dim: usize,
    replacement: &str,
) -> Option<ByteEdit> {
    let spec = spec_expr(file, call)?;
    let ExprKind::Dict(items) = &spec.kind else {
        return None;
    };
    let value = items
        .iter()
        .find_map(|i| match i.key.as_ref().map(|k| &k.kind) {
            Some(ExprKind::Str(k)) if k == input => Some(&i.value),
            _ => None,
        })?;
    let elem = match &value.kind {
        ExprKind::Tuple(xs) | ExprKind::List(xs) => xs.get(dim)?,
        ExprKind::Dict(entries) => entries.iter().find_map(|e| match e.key.as_ref()?.kind {
            ExprKind::Int(i) if usize::try_from(i).ok() == Some(dim) => Some(&e.value),
            _ => None,
        })?,
        _ => return None,
    };
    match &elem.kind {
        ExprKind::Attribute { attr, .. } if attr == "DYNAMIC" => {
            let text = file.slice(elem.range);
            let prefix = text.strip_suffix("DYNAMIC")?;
            Some(ByteEdit::replace(
                elem.range,
                format!("{prefix}{replacement}"),
            ))
        }
        _ => None,
    }
}

/// Rewrite a data-dependent `if` (the statement whose test holds `offset`)
/// into a `torch.cond` skeleton: both branches become functions of the
/// names they use that are bound before the `if`. Only `if`/`else` pairs
/// whose branches both `return` are rewritten (the shape torch.cond has).
pub fn cond_skeleton(file: &SourceFile, offset: u32) -> Option<ByteEdit> {
    let (stmt, tail) = find_if(&file.module.body, offset, 0)?;
    let StmtKind::If { test, body, orelse } = &stmt.kind else {
        return None;
    };
    // `if c: return a` followed by `return b` counts as an else branch.
    let (else_body, end) = if orelse.is_empty() {
        match tail.first() {
            Some(next) if matches!(next.kind, StmtKind::Return(Some(_))) => {
                (std::slice::from_ref(next), next.range.end)
            }
            _ => return None,
        }
    } else {
        (orelse.as_slice(), stmt.range.end)
    };
    let returns = |b: &[Stmt]| matches!(b.last().map(|s| &s.kind), Some(StmtKind::Return(Some(_))));
    if !returns(body) || !returns(else_body) {
        return None;
    }
    let text = file.text.as_str();
    let indent = indent_at(text, stmt.range.start as usize);
    let mut operands: Vec<String> = Vec::new();
    for s in body.iter().chain(else_body) {
        collect_loads(s, &mut operands);
    }
    let bound_inside: Vec<String> = body
        .iter()
        .chain(else_body)
        .flat_map(stmt_targets)
        .collect();
    operands.retain(|n| {
        !bound_inside.contains(n)
            && !matches!(
                n.as_str(),
                "torch" | "F" | "nn" | "self" | "True" | "False" | "None"
            )
    });
    let params = operands.join(", ");
    let branch = |name: &str, stmts: &[Stmt]| -> String {
        let mut out = format!("{indent}def {name}({params}):\n");
        for s in stmts {
            let src = file.slice(s.range);
            for (i, l) in src.lines().enumerate() {
                let l = if i == 0 {
                    l
                } else {
                    l.strip_prefix(indent.as_str()).unwrap_or(l)
                };
                out.push_str(&format!("{indent}    {}\n", l.trim_end()));
            }
        }
        out
    };
    let tuple = if operands.len() == 1 {
        format!("({params},)")
    } else {
        format!("({params})")
    };
    let mut out = String::new();
    out.push_str(&branch("true_fn", body));
    out.push('\n');
    out.push_str(&branch("false_fn", else_body));
    out.push('\n');
    out.push_str(&format!(
        "{indent}return torch.cond({}, true_fn, false_fn, {tuple})",
        file.slice(test.range)
    ));
    Some(ByteEdit {
        start: stmt.range.start as usize,
        end: end as usize,
        text: out,
    })
}

/// The `if` statement whose test contains `offset`, and the statements
/// following it in the same block.
fn find_if(body: &[Stmt], offset: u32, depth: u32) -> Option<(&Stmt, &[Stmt])> {
    if depth > 32 {
        return None;
    }
    for (i, s) in body.iter().enumerate() {
        if !(s.range.start <= offset && offset <= s.range.end) {
            continue;
        }
        match &s.kind {
            StmtKind::If {
                test,
                body: b,
                orelse,
            } => {
                if test.range.start <= offset && offset <= test.range.end {
                    return Some((s, &body[i + 1..]));
                }
                return find_if(b, offset, depth + 1)
                    .or_else(|| find_if(orelse, offset, depth + 1));
            }
            StmtKind::FunctionDef(f) => return find_if(f.body(), offset, depth + 1),
            StmtKind::ClassDef(c) => return find_if(&c.body, offset, depth + 1),
            StmtKind::For { body: b, .. }
            | StmtKind::While { body: b, .. }
            | StmtKind::With { body: b, .. } => {
                return find_if(b, offset, depth + 1);
            }
            _ => return None,
        }
    }
    None
}

fn stmt_targets(s: &Stmt) -> Vec<String> {
    fn names(e: &Expr, out: &mut Vec<String>) {
        match &e.kind {
            ExprKind::Name(n) => out.push(n.clone()),
            ExprKind::Tuple(xs) | ExprKind::List(xs) => xs.iter().for_each(|x| names(x, out)),
            ExprKind::Starred(x) => names(x, out),
            _ => {}
        }
    }
    let mut out = Vec::new();
    match &s.kind {
        StmtKind::Assign { targets, .. } => targets.iter().for_each(|t| names(t, &mut out)),
        StmtKind::AnnAssign { target, .. } | StmtKind::AugAssign { target, .. } => {
            names(target, &mut out)
        }
        _ => {}
    }
    out
}

fn collect_loads(s: &Stmt, out: &mut Vec<String>) {
    let mut push = |e: &Expr| {
        visit_exprs(
            e,
            &mut |x| {
                if let ExprKind::Name(n) = &x.kind
                    && !out.contains(n)
                {
                    out.push(n.clone());
                }
            },
            0,
        )
    };
    match &s.kind {
        StmtKind::Expr(e) | StmtKind::Return(Some(e)) => push(e),
        StmtKind::Assign { value, .. } => push(value),
        StmtKind::AugAssign { target, value, .. } => {
            push(target);
            push(value);
        }
        StmtKind::AnnAssign { value: Some(v), .. } => push(v),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strict_true_becomes_false() {
        let src = "ep = torch.export.export(m, (x,), strict=True)\n";
        let file = SourceFile::parse("t.py", src);
        let StmtKind::Assign { value, .. } = &file.module.body[0].kind else {
            panic!("not an assignment")
        };
        let e = strict_false(value).expect("an edit");
        assert_eq!(
            apply(src, &[e]),
            "ep = torch.export.export(m, (x,), strict=False)\n"
        );
    }

    #[test]
    fn check_skeleton_is_indented() {
        let src = "def f(x):\n    if x.sum() > 0:\n        return x\n";
        let file = SourceFile::parse("t.py", src);
        let e = insert_check(&file, 2).expect("an edit");
        let out = apply(src, &[e]);
        assert!(out.contains("\n    torch._check(...)"), "{out}");
        assert!(out.contains("\n    if x.sum() > 0:"), "{out}");
        assert!(insert_check(&file, 99).is_none());
    }

    #[test]
    fn marked_dynamic_and_replacement() {
        let msg = "You marked L['y'].size()[1] as dynamic but your code specialized it";
        assert_eq!(marked_dynamic_dim(msg), Some(("y".into(), 1)));
        let msg = "You marked y.size()[0] as dynamic (Dim.DYNAMIC) but";
        assert_eq!(marked_dynamic_dim(msg), Some(("y".into(), 0)));
        let msg = "You marked L['y'].size()[1]'] as dynamic but";
        assert_eq!(marked_dynamic_dim(msg), Some(("y".into(), 1)));
        assert_eq!(
            marked_dynamic_dim("You marked L['x'][0].size()[1] as dynamic"),
            None
        );
        assert_eq!(marked_dynamic_dim("nothing here"), None);
        let src = "from torch.export import Dim\ndynamic_shapes = {\"x\": (Dim.STATIC,), \"y\": (Dim.AUTO, Dim.DYNAMIC)}\n";
        let file = SourceFile::parse("t.py", src);
        let e = replace_dynamic(&file, None, "y", 1, "STATIC").expect("an edit");
        assert_eq!(
            apply(src, &[e]),
            "from torch.export import Dim\ndynamic_shapes = {\"x\": (Dim.STATIC,), \"y\": (Dim.AUTO, Dim.STATIC)}\n"
        );
        assert!(replace_dynamic(&file, None, "y", 0, "AUTO").is_none());
        assert!(replace_dynamic(&file, None, "z", 0, "AUTO").is_none());
    }

    #[test]
    fn cond_rewrite() {
        let src = "import torch\n\n\nclass Bad1(torch.nn.Module):\n    def forward(self, x):\n        if x.sum() > 0:\n            return torch.sin(x)\n        return torch.cos(x)\n";
        let file = SourceFile::parse("t.py", src);
        let at = src.find("x.sum()").expect("test") as u32;
        let e = cond_skeleton(&file, at).expect("an edit");
        let out = apply(src, &[e]);
        assert!(
            out.contains("        def true_fn(x):\n            return torch.sin(x)\n"),
            "{out}"
        );
        assert!(
            out.contains("        def false_fn(x):\n            return torch.cos(x)\n"),
            "{out}"
        );
        assert!(
            out.contains("        return torch.cond(x.sum() > 0, true_fn, false_fn, (x,))"),
            "{out}"
        );
        // The rewritten file parses without errors.
        assert!(SourceFile::parse("t.py", &out).syntax_errors.is_empty());
    }
}
