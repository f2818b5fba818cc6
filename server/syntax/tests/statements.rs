//! Lowering of statements: simple, compound, definitions and imports.

use crate::common;

use common::{parse_clean, render, render_params, text};
use syntax::ast::{Alias, BinOp, ClassDef, FunctionDef, Stmt, StmtKind};

fn only(source: &str) -> StmtKind {
    let mut body = parse_clean(source);
    assert_eq!(body.len(), 1, "{source:?} is not one statement: {body:?}");
    body.remove(0).kind
}

fn function(source: &str) -> FunctionDef {
    match only(source) {
        StmtKind::FunctionDef(def) => (*def).clone(),
        other => panic!("not a def: {other:?}"),
    }
}

fn class(source: &str) -> ClassDef {
    match only(source) {
        StmtKind::ClassDef(def) => (*def).clone(),
        other => panic!("not a class: {other:?}"),
    }
}

fn kinds(body: &[Stmt]) -> Vec<&'static str> {
    body.iter()
        .map(|stmt| match &stmt.kind {
            StmtKind::Expr(_) => "expr",
            StmtKind::Assign { .. } => "assign",
            StmtKind::Pass => "pass",
            StmtKind::Break => "break",
            StmtKind::Continue => "continue",
            StmtKind::Return(_) => "return",
            StmtKind::If { .. } => "if",
            StmtKind::FunctionDef(_) => "def",
            StmtKind::ClassDef(_) => "class",
            StmtKind::Error => "error",
            _ => "other",
        })
        .collect()
}

fn aliases(names: &[Alias]) -> Vec<String> {
    names
        .iter()
        .map(|alias| match &alias.asname {
            Some(asname) => format!("{} as {asname}", alias.name),
            None => alias.name.clone(),
        })
        .collect()
}

#[test]
fn assignments() {
    let StmtKind::Assign { targets, value } = only("a = b = c = 1") else {
        panic!("not an assignment");
    };
    assert_eq!(
        targets.iter().map(render).collect::<Vec<_>>(),
        ["a", "b", "c"]
    );
    assert_eq!(render(&value), "1");

    let StmtKind::Assign { targets, value } = only("x, *rest = self.w[0], 2") else {
        panic!("not an assignment");
    };
    assert_eq!(render(&targets[0]), "(tuple x (* rest))");
    assert_eq!(render(&value), "(tuple ([] (. self w) 0) 2)");

    let StmtKind::Assign { targets, .. } = only("[a, (b, c)] = d") else {
        panic!("not an assignment");
    };
    assert_eq!(render(&targets[0]), "(list a (tuple b c))");
}

#[test]
fn augmented_and_annotated_assignments() {
    let StmtKind::AugAssign { target, op, value } = only("self.n //= 2") else {
        panic!("not an augmented assignment");
    };
    assert_eq!(
        (render(&target), op, render(&value)),
        ("(. self n)".to_owned(), BinOp::FloorDiv, "2".to_owned())
    );
    assert!(matches!(
        only("x @= y"),
        StmtKind::AugAssign {
            op: BinOp::MatMul,
            ..
        }
    ));
    assert!(matches!(
        only("x **= y"),
        StmtKind::AugAssign { op: BinOp::Pow, .. }
    ));

    let StmtKind::AnnAssign {
        target,
        annotation,
        value,
    } = only("x: Optional[List[int]] = None")
    else {
        panic!("not an annotated assignment");
    };
    assert_eq!(render(&target), "x");
    assert_eq!(render(&annotation), "([] Optional ([] List int))");
    assert_eq!(value.map(|value| render(&value)), Some("None".to_owned()));

    let StmtKind::AnnAssign {
        annotation,
        value: None,
        ..
    } = only("y: Dict[str, torch.Tensor] | None")
    else {
        panic!("not a bare annotation");
    };
    assert_eq!(
        render(&annotation),
        "(| ([] Dict (tuple str (. torch Tensor))) None)"
    );
}

#[test]
fn simple_statements() {
    assert!(matches!(only("return"), StmtKind::Return(None)));
    let StmtKind::Return(Some(value)) = only("return a, b") else {
        panic!("not a return");
    };
    assert_eq!(render(&value), "(tuple a b)");
    assert_eq!(
        kinds(&parse_clean("pass; break; continue")),
        ["pass", "break", "continue"]
    );

    let StmtKind::Raise { exc, cause } = only("raise ValueError('x') from err") else {
        panic!("not a raise");
    };
    assert_eq!(
        exc.map(|exc| render(&exc)),
        Some("(call ValueError \"x\")".to_owned())
    );
    assert_eq!(cause.map(|cause| render(&cause)), Some("err".to_owned()));
    assert!(matches!(
        only("raise"),
        StmtKind::Raise {
            exc: None,
            cause: None
        }
    ));

    let StmtKind::Assert { test, msg } = only("assert x.dim() == 2, 'bad rank'") else {
        panic!("not an assert");
    };
    assert_eq!(render(&test), "(cmp (call (. x dim)) == 2)");
    assert_eq!(msg.map(|msg| render(&msg)), Some("\"bad rank\"".to_owned()));

    assert!(matches!(only("global a, b"), StmtKind::Global(names) if names == ["a", "b"]));
    assert!(matches!(only("nonlocal c"), StmtKind::Nonlocal(names) if names == ["c"]));
    let StmtKind::Delete(targets) = only("del a[0], b.c") else {
        panic!("not a del");
    };
    assert_eq!(
        targets.iter().map(render).collect::<Vec<_>>(),
        ["([] a 0)", "(. b c)"]
    );
}

#[test]
fn elif_chain_nests_in_orelse() {
    let source = "if a:\n    x\nelif b:\n    y\nelif c:\n    pass\nelse:\n    z\n";
    let StmtKind::If { test, body, orelse } = only(source) else {
        panic!("not an if");
    };
    assert_eq!(render(&test), "a");
    assert_eq!(kinds(&body), ["expr"]);
    assert_eq!(orelse.len(), 1);
    assert_eq!(
        text(source, orelse[0].range),
        "elif b:\n    y\nelif c:\n    pass\nelse:\n    z"
    );
    let StmtKind::If { test, orelse, .. } = &orelse[0].kind else {
        panic!("elif is not an if");
    };
    assert_eq!(render(test), "b");
    let StmtKind::If { test, body, orelse } = &orelse[0].kind else {
        panic!("second elif is not an if");
    };
    assert_eq!(
        (render(test).as_str(), kinds(body), kinds(orelse)),
        ("c", vec!["pass"], vec!["expr"])
    );
}

#[test]
fn loops_with_else() {
    let StmtKind::While { test, body, orelse } =
        only("while n > 0:\n    n -= 1\nelse:\n    done()\n")
    else {
        panic!("not a while");
    };
    assert_eq!(
        (render(&test).as_str(), body.len(), orelse.len()),
        ("(cmp n > 0)", 1, 1)
    );

    let StmtKind::For {
        target,
        iter,
        body,
        orelse,
        is_async,
    } = only("for i, x in enumerate(xs):\n    break\nelse:\n    pass\n")
    else {
        panic!("not a for");
    };
    assert_eq!(render(&target), "(tuple i x)");
    assert_eq!(render(&iter), "(call enumerate xs)");
    assert_eq!(
        (kinds(&body), kinds(&orelse), is_async),
        (vec!["break"], vec!["pass"], false)
    );

    assert!(matches!(
        only("async for x in y:\n    pass\n"),
        StmtKind::For { is_async: true, .. }
    ));
}

#[test]
fn with_items() {
    let StmtKind::With {
        items,
        body,
        is_async,
    } = only("with open(p) as f, torch.no_grad(), lock:\n    pass\n")
    else {
        panic!("not a with");
    };
    let shown: Vec<String> = items
        .iter()
        .map(|item| {
            format!(
                "{} -> {}",
                render(&item.context),
                item.target.as_ref().map_or("_".to_owned(), render)
            )
        })
        .collect();
    assert_eq!(
        shown,
        [
            "(call open p) -> f",
            "(call (. torch no_grad)) -> _",
            "lock -> _"
        ]
    );
    assert_eq!((body.len(), is_async), (1, false));

    let StmtKind::With {
        items, is_async, ..
    } = only("async with (a as b, c as (d, e)):\n    pass\n")
    else {
        panic!("not a with");
    };
    assert!(is_async);
    assert_eq!(items.len(), 2);
    assert_eq!(
        items[1].target.as_ref().map(render),
        Some("(tuple d e)".to_owned())
    );
}

#[test]
fn function_parameters() {
    let def = function("def f(a, /, b=1, *c, d, **e):\n    pass\n");
    let params = &def.params;
    let names =
        |params: &[syntax::ast::Param]| params.iter().map(|p| p.name.clone()).collect::<Vec<_>>();
    assert_eq!(names(&params.posonly), ["a"]);
    assert_eq!(names(&params.args), ["b"]);
    assert_eq!(
        params.args[0].default.as_ref().map(render),
        Some("1".to_owned())
    );
    assert_eq!(params.vararg.as_ref().map(|p| p.name.as_str()), Some("c"));
    assert_eq!(names(&params.kwonly), ["d"]);
    assert_eq!(params.kwarg.as_ref().map(|p| p.name.as_str()), Some("e"));
}

#[test]
fn annotated_parameters_and_returns() {
    let def = function(
        "async def forward(self, x: Tensor, *args: int, k: int = 2, **kw: Any) -> Tensor:\n    ...\n",
    );
    assert_eq!(
        render_params(&def.params),
        "self x:Tensor *args:int k:int=2 **kw:Any"
    );
    assert_eq!(def.returns.as_ref().map(render), Some("Tensor".to_owned()));
    assert!(def.is_async);
    assert_eq!(
        render_params(&function("def g(*, a, b=2): pass").params),
        "* a b=2"
    );
    assert_eq!(
        render_params(&function("def h(a, b, /): pass").params),
        "a b /"
    );
}

#[test]
fn decorators_are_in_the_definition_range() {
    let source = "@torch.no_grad()\n@staticmethod\ndef f(x):\n    return x\n";
    let def = function(source);
    assert_eq!(
        def.decorators.iter().map(render).collect::<Vec<_>>(),
        ["(call (. torch no_grad))", "staticmethod"]
    );
    assert_eq!(text(source, def.range), source.trim_end());
    assert_eq!(text(source, def.name_range), "f");
    assert_eq!(kinds(def.body()), ["return"]);
}

#[test]
fn classes() {
    let source = "@dataclass\nclass Net(nn.Module, Generic[T], metaclass=Meta, **extra):\n    x: int\n    def forward(self): pass\n";
    let class = class(source);
    assert_eq!(class.name, "Net");
    assert_eq!(text(source, class.name_range), "Net");
    assert_eq!(text(source, class.range), source.trim_end());
    assert_eq!(
        class.bases.iter().map(render).collect::<Vec<_>>(),
        ["(. nn Module)", "([] Generic T)"]
    );
    let keywords: Vec<String> = class
        .keywords
        .iter()
        .map(|(name, value)| format!("{name}={}", render(value)))
        .collect();
    assert_eq!(keywords, ["metaclass=Meta", "**=extra"]);
    assert_eq!(
        class.decorators.iter().map(render).collect::<Vec<_>>(),
        ["dataclass"]
    );
    assert_eq!(kinds(&class.body), ["other", "def"]);
}

#[test]
fn imports() {
    let StmtKind::Import(names) = only("import torch, torch.nn as nn") else {
        panic!("not an import");
    };
    assert_eq!(aliases(&names), ["torch", "torch.nn as nn"]);

    let cases = [
        ("from torch import nn", Some("torch"), 0, vec!["nn"]),
        ("from . import x", None, 1, vec!["x"]),
        (
            "from ..a.b import (c as d, e,)",
            Some("a.b"),
            2,
            vec!["c as d", "e"],
        ),
        ("from ...pkg import *", Some("pkg"), 3, vec!["*"]),
        ("from .... import y", None, 4, vec!["y"]),
        (
            "from __future__ import annotations",
            Some("__future__"),
            0,
            vec!["annotations"],
        ),
    ];
    for (source, expected_module, expected_level, expected_names) in cases {
        let StmtKind::ImportFrom {
            module,
            level,
            names,
        } = only(source)
        else {
            panic!("{source:?} is not a from-import");
        };
        assert_eq!(
            (module.as_deref(), level),
            (expected_module, expected_level),
            "{source}"
        );
        assert_eq!(aliases(&names), expected_names, "{source}");
    }
}

#[test]
fn try_statements() {
    let source = "try:\n    a\nexcept (A, B) as e:\n    b\nexcept C:\n    pass\nexcept:\n    raise\nelse:\n    c\nfinally:\n    d\n";
    let StmtKind::Try {
        body,
        handlers,
        orelse,
        finalbody,
    } = only(source)
    else {
        panic!("not a try");
    };
    assert_eq!((body.len(), orelse.len(), finalbody.len()), (1, 1, 1));
    let shown: Vec<String> = handlers
        .iter()
        .map(|handler| {
            format!(
                "{} {:?}",
                handler.type_.as_ref().map_or("_".to_owned(), render),
                handler.name
            )
        })
        .collect();
    assert_eq!(shown, ["(tuple A B) Some(\"e\")", "C None", "_ None"]);
    assert_eq!(text(source, handlers[1].range), "except C:\n    pass");

    let StmtKind::Try { handlers, .. } =
        only("try:\n    pass\nexcept* ValueError as eg:\n    pass\n")
    else {
        panic!("not a try");
    };
    assert_eq!(handlers[0].name.as_deref(), Some("eg"));
}

#[test]
fn unsupported_statements() {
    let source = "match x:\n    case 1:\n        pass\ntype Alias = list[int]\nprint >>sys.stderr, 'x'\nprint 'x'\nexec 'code'\n";
    let whats: Vec<&str> = parse_clean(source)
        .iter()
        .map(|stmt| match &stmt.kind {
            StmtKind::Unsupported { what } => *what,
            other => panic!("not unsupported: {other:?}"),
        })
        .collect();
    assert_eq!(
        whats,
        [
            "match statement",
            "type alias",
            "print statement",
            "print statement",
            "exec statement"
        ]
    );
}

#[test]
fn comments_and_blank_lines_are_ignored() {
    let body = parse_clean("# header\n\nx = 1  # trailing\n\n\ndef f():\n    # inside\n    pass\n");
    assert_eq!(kinds(&body), ["assign", "def"]);
}

#[test]
fn statement_ranges() {
    let source = "x = 1\nif x:\n    y = 2\n";
    let body = parse_clean(source);
    assert_eq!(text(source, body[0].range), "x = 1");
    assert_eq!(text(source, body[1].range), "if x:\n    y = 2");
}

#[test]
fn a_function_whose_own_body_yields_is_a_generator() {
    assert!(function("def f():\n    yield 1\n").is_generator());
    assert!(function("def f(xs):\n    x = yield from xs\n").is_generator());
    assert!(!function("def f():\n    return 1\n").is_generator());
    let outer = function("def f():\n    def g():\n        yield 1\n    return g\n");
    assert!(
        !outer.is_generator(),
        "a nested generator does not make its parent one"
    );
    let StmtKind::FunctionDef(inner) = &outer.body()[0].kind else {
        panic!("not a def")
    };
    assert!(inner.is_generator());
}

#[test]
fn a_starred_item_in_an_unparenthesized_tuple_stays_starred() {
    let StmtKind::Assign { value, .. } = only("t = *x.shape, 4\n") else {
        panic!("not an assignment")
    };
    let syntax::ast::ExprKind::Tuple(items) = &value.kind else {
        panic!("not a tuple: {value:?}")
    };
    assert_eq!(items.len(), 2, "{items:?}");
    let syntax::ast::ExprKind::Starred(inner) = &items[0].kind else {
        panic!("not starred: {items:?}")
    };
    assert!(
        matches!(inner.kind, syntax::ast::ExprKind::Attribute { .. }),
        "the star applies to `x.shape`: {inner:?}"
    );
    assert_eq!(text("t = *x.shape, 4\n", items[0].range), "*x.shape");
}
