//! Test helpers: parse and render the AST as compact S-expressions so that
//! tests can assert whole shapes in one readable line.

#![allow(dead_code)]

use syntax::ast::{
    Arg, Comprehension, Expr, ExprKind, FStringPart, Param, Parameters, Stmt, StmtKind, UnaryOp,
};
use syntax::{TextRange, parse};

/// Parses source that must have no syntax errors.
pub fn parse_clean(source: &str) -> Vec<Stmt> {
    let parsed = parse(source);
    assert!(
        parsed.errors.is_empty(),
        "unexpected errors in {source:?}: {:?}",
        parsed.errors
    );
    parsed.module.body
}

/// The expression of a one-statement module.
pub fn expr(source: &str) -> Expr {
    let mut body = parse_clean(source);
    assert_eq!(body.len(), 1, "{source:?} is not one statement");
    match body.remove(0).kind {
        StmtKind::Expr(expr) => expr,
        other => panic!("{source:?} is not an expression statement: {other:?}"),
    }
}

/// Renders the one expression statement of `source`.
pub fn show(source: &str) -> String {
    render(&expr(source))
}

pub fn text(source: &str, range: TextRange) -> &str {
    &source[range.start as usize..range.end as usize]
}

pub fn render(expr: &Expr) -> String {
    match &expr.kind {
        ExprKind::Name(name) => name.clone(),
        ExprKind::Int(value) => value.to_string(),
        ExprKind::BigInt(digits) => format!("big:{digits}"),
        ExprKind::Float(value) => format!("{value:?}"),
        ExprKind::Imaginary(value) => format!("{value:?}j"),
        ExprKind::Str(value) => format!("{value:?}"),
        ExprKind::Bytes(value) => format!("b{:?}", value.escape_ascii().to_string()),
        ExprKind::Bool(value) => if *value { "True" } else { "False" }.to_owned(),
        ExprKind::NoneLit => "None".to_owned(),
        ExprKind::Ellipsis => "...".to_owned(),
        ExprKind::FString(parts) => list("f", parts.iter().map(render_part)),
        ExprKind::Attribute { value, attr } => format!("(. {} {attr})", render(value)),
        ExprKind::Subscript { value, index } => format!("([] {} {})", render(value), render(index)),
        ExprKind::Slice { lower, upper, step } => {
            let bound = |bound: &Option<Box<Expr>>| bound.as_deref().map_or("_".to_owned(), render);
            format!("(: {} {} {})", bound(lower), bound(upper), bound(step))
        }
        ExprKind::Call { func, args } => list(
            "call",
            std::iter::once(render(func)).chain(args.iter().map(render_arg)),
        ),
        ExprKind::BinOp { left, op, right } => {
            format!("({} {} {})", op.symbol(), render(left), render(right))
        }
        ExprKind::UnaryOp { op, operand } => {
            let symbol = match op {
                UnaryOp::Not => "not",
                UnaryOp::Neg => "-",
                UnaryOp::Pos => "+",
                UnaryOp::Invert => "~",
            };
            format!("({symbol} {})", render(operand))
        }
        ExprKind::BoolOp { op, values } => {
            list(&format!("{op:?}").to_lowercase(), values.iter().map(render))
        }
        ExprKind::Compare {
            left,
            ops,
            comparators,
        } => list(
            "cmp",
            std::iter::once(render(left)).chain(
                ops.iter()
                    .zip(comparators)
                    .flat_map(|(op, right)| [op.symbol().to_owned(), render(right)]),
            ),
        ),
        ExprKind::IfExp { test, body, orelse } => {
            format!("(if {} {} {})", render(test), render(body), render(orelse))
        }
        ExprKind::Lambda { params, body } => {
            format!("(lambda ({}) {})", render_params(params), render(body))
        }
        ExprKind::Tuple(items) => list("tuple", items.iter().map(render)),
        ExprKind::List(items) => list("list", items.iter().map(render)),
        ExprKind::Set(items) => list("set", items.iter().map(render)),
        ExprKind::Dict(items) => list(
            "dict",
            items.iter().map(|item| match &item.key {
                Some(key) => format!("({} {})", render(key), render(&item.value)),
                None => format!("(** {})", render(&item.value)),
            }),
        ),
        ExprKind::ListComp { elt, generators } => comprehension("listcomp", &[elt], generators),
        ExprKind::SetComp { elt, generators } => comprehension("setcomp", &[elt], generators),
        ExprKind::GeneratorExp { elt, generators } => comprehension("genexp", &[elt], generators),
        ExprKind::DictComp {
            key,
            value,
            generators,
        } => comprehension("dictcomp", &[key, value], generators),
        ExprKind::Starred(value) => format!("(* {})", render(value)),
        ExprKind::Named { target, value } => format!("(:= {} {})", render(target), render(value)),
        ExprKind::Await(value) => format!("(await {})", render(value)),
        ExprKind::Yield(value) => match value {
            Some(value) => format!("(yield {})", render(value)),
            None => "(yield)".to_owned(),
        },
        ExprKind::YieldFrom(value) => format!("(yield-from {})", render(value)),
        ExprKind::Unsupported { what } => format!("(unsupported {what})"),
        ExprKind::Error => "ERROR".to_owned(),
    }
}

pub fn render_params(params: &Parameters) -> String {
    let param = |prefix: &str, param: &Param| {
        let mut out = format!("{prefix}{}", param.name);
        if let Some(annotation) = &param.annotation {
            out += &format!(":{}", render(annotation));
        }
        if let Some(default) = &param.default {
            out += &format!("={}", render(default));
        }
        out
    };
    let mut parts: Vec<String> = params.posonly.iter().map(|p| param("", p)).collect();
    if !params.posonly.is_empty() {
        parts.push("/".to_owned());
    }
    parts.extend(params.args.iter().map(|p| param("", p)));
    match &params.vararg {
        Some(vararg) => parts.push(param("*", vararg)),
        None if !params.kwonly.is_empty() => parts.push("*".to_owned()),
        None => {}
    }
    parts.extend(params.kwonly.iter().map(|p| param("", p)));
    parts.extend(params.kwarg.iter().map(|p| param("**", p)));
    parts.join(" ")
}

fn render_part(part: &FStringPart) -> String {
    match part {
        FStringPart::Literal(text) => format!("{text:?}"),
        FStringPart::Expr {
            expr,
            conversion,
            format_spec,
            debug,
        } => {
            let mut out = format!("{{{}", render(expr));
            if *debug {
                out += " =";
            }
            if let Some(conversion) = conversion {
                out += &format!(" !{conversion}");
            }
            if !format_spec.is_empty() {
                out += " :";
                for part in format_spec {
                    out += &format!(" {}", render_part(part));
                }
            }
            out + "}"
        }
    }
}

fn render_arg(arg: &Arg) -> String {
    match arg {
        Arg::Positional(value) => render(value),
        Arg::Starred(value) => format!("(* {})", render(value)),
        Arg::Keyword { name, value, .. } => format!("(= {name} {})", render(value)),
        Arg::DoubleStarred(value) => format!("(** {})", render(value)),
    }
}

fn comprehension(head: &str, elements: &[&Expr], generators: &[Comprehension]) -> String {
    let generators = generators.iter().map(|generator| {
        let head = if generator.is_async {
            "async-for"
        } else {
            "for"
        };
        list(
            head,
            [render(&generator.target), render(&generator.iter)]
                .into_iter()
                .chain(
                    generator
                        .ifs
                        .iter()
                        .map(|test| format!("(if {})", render(test))),
                ),
        )
    });
    list(
        head,
        elements
            .iter()
            .map(|element| render(element))
            .chain(generators),
    )
}

fn list(head: &str, items: impl Iterator<Item = String>) -> String {
    let mut out = format!("({head}");
    for item in items {
        out.push(' ');
        out += &item;
    }
    out + ")"
}

/// Every `.py` file under `dir`, recursively, appended to `out`.
pub fn python_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    let entries =
        std::fs::read_dir(dir).unwrap_or_else(|error| panic!("{}: {error}", dir.display()));
    for entry in entries {
        let path = entry.expect("readable directory entry").path();
        if path.is_dir() {
            python_files(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "py") {
            out.push(path);
        }
    }
}
