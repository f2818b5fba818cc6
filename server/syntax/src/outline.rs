//! What `from m import *` binds, read from a module's text without parsing
//! it: a literal `__all__` and nothing else that could change it.
//!
//! Parsing a large module only to learn its exported names is most of the
//! cost of star-importing a package of model families; this scanner only
//! tokenizes (strings, comments, brackets, line continuations) and looks at
//! the top-level logical lines. It answers only when the answer is certain
//! from the text: the raw text holds `__all__` exactly once, as the target
//! of a top-level `__all__ = [...]` / `(...)` of plain string literals, and
//! every top-level statement only binds names in the module: an import, a
//! definition (decorated or not), an assignment to a plain name, a bare
//! string, an attribute set on an object the module made, `try` / `except`
//! and `if TYPE_CHECKING:` blocks of such statements (see
//! `allowed_statement`). Anything else (`__all__ += ...`, a computed list,
//! other top-level calls or blocks, an unterminated string) gives `None`:
//! the module must run.
//!
//! [`module_outline`] also settles an `__all__` joined from other modules'
//! (`from .v2 import __all__ as a2` ... `__all__ = a2 + a3`, as
//! torchvision's `mobilenet.py`), and lists re-exports: names the module
//! binds only by a top-level relative `from .m import name`, which the
//! interpreter reads from `m` without running the re-exporting module.

/// The names of a literal `__all__`, when the module's text settles them
/// and its top level only defines names (see the module docs), and no part
/// of it comes from another module.
pub fn literal_star_exports(source: &str) -> Option<Vec<String>> {
    let mut names = Vec::new();
    for part in module_outline(source)?.all? {
        match part {
            AllPart::Names(n) => names.extend(n),
            AllPart::AllOf(_) => return None,
        }
    }
    Some(names)
}

/// What a module whose top level only binds names (see the module docs)
/// exports and re-exports, read from its text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ModuleOutline {
    /// `__all__`, when its value is settled by the text: the
    /// concatenation of these parts.
    pub all: Option<Vec<AllPart>>,
    /// Names the module binds only by a top-level relative
    /// `from .m import name [as alias]` (no other binding of the alias
    /// anywhere in the module, no `global` in its text): the module's
    /// global is that module's name, as long as `.m` does not rebind it.
    pub reexports: Vec<(String, ImportedName)>,
    /// The modules of relative star imports (`from .m import *`), at the
    /// top level or in a checked block, in order.
    pub stars: Vec<ModuleRef>,
    /// A star import of an absolute module: names nobody can list here.
    pub unlisted_stars: bool,
    /// Every public name (not starting with `_`) the module's own
    /// statements bind, star imports aside: what `from m import *` binds
    /// besides its star sources' names when `m` has no `__all__` (a
    /// superset: attribute targets of assignments are included).
    pub names: Vec<String>,
    /// The text mentions `__all__` (settled or not): `names` and `stars`
    /// are not what a star import binds.
    pub mentions_all: bool,
}

/// A part of a settled `__all__`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AllPart {
    /// String literals.
    Names(Vec<String>),
    /// `from .m import __all__ as name` then `__all__ = name + ...`: the
    /// `__all__` of that module.
    AllOf(ModuleRef),
}

/// A module named by a relative import: `level` dots, then `dotted`
/// (possibly empty: `from . import x`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModuleRef {
    pub level: u32,
    pub dotted: String,
}

/// `name` read from the module `module`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportedName {
    pub module: ModuleRef,
    pub name: String,
}

/// The module's outline, when its top level only binds names (see the
/// module docs); `None` otherwise.
pub fn module_outline(source: &str) -> Option<ModuleOutline> {
    let text = crate::normalized(source);
    let source = &*text;
    let (mut lines, all_mentions) = top_level_lines(source, true)?;
    let lazy_module = drop_lazy_module_branch(&mut lines);
    let mut own: Vec<&str> = Vec::new();
    for line in &lines {
        if !allowed_statement(&line.1, &own) {
            return None;
        }
        match line.1.as_slice() {
            [Tok::Name("def" | "class"), Tok::Name(n), ..]
            | [Tok::Name("async"), Tok::Name("def"), Tok::Name(n), ..]
            | [Tok::Name(n), Tok::Op("="), Tok::Name(_), Tok::Op("("), ..] => own.push(n),
            _ => {}
        }
    }
    // Every top-level binding, and the relative `from` imports among them.
    let mut bound: Vec<&str> = Vec::new();
    let mut imported: Vec<(&str, ImportedName)> = Vec::new();
    let mut all_value: Option<&[Tok]> = None;
    let mut all_count = 0;
    let mut star = false;
    let mut stars = Vec::new();
    let mut unlisted_stars = false;
    for (top, line) in &lines {
        match line.as_slice() {
            [Tok::Name("__all__"), rest @ ..] => {
                all_count += 1;
                all_value = Some(rest);
            }
            [Tok::Name("from"), rest @ .., Tok::Op("*")] => {
                star = true;
                match imported_module(rest) {
                    Some((Some(m), [Tok::Name("import")])) => stars.push(m),
                    _ => unlisted_stars = true,
                }
            }
            [Tok::Name("from"), rest @ ..] => {
                let (names, module) = from_import(rest)?;
                for (name, alias) in names {
                    bound.push(alias);
                    if (*top || lazy_module)
                        && let Some(m) = &module
                    {
                        imported.push((
                            alias,
                            ImportedName {
                                module: m.clone(),
                                name: name.to_string(),
                            },
                        ));
                    }
                }
            }
            _ => bound.extend(line_bindings(line)),
        }
    }
    let all = match (all_count, all_value) {
        (1, Some(rest)) => all_parts(rest, &imported, source),
        _ => None,
    };
    let all_aliases = usize::from(all.is_some())
        * all
            .iter()
            .flatten()
            .filter(|p| matches!(p, AllPart::AllOf(_)))
            .count();
    // `__all__` read or written elsewhere is not settled; a star import
    // binds names nobody can list.
    let settled = all_mentions == all_count + all_aliases;
    let mut names: Vec<String> = Vec::new();
    for b in &bound {
        if !b.starts_with('_') && !is_keyword(b) && !names.iter().any(|n| n == b) {
            names.push((*b).to_string());
        }
    }
    Some(ModuleOutline {
        all: all.filter(|_| settled),
        // A star import may rebind any name, except in a lazy module's
        // `TYPE_CHECKING` imports, which list each name once for tools.
        reexports: if star && !lazy_module {
            Vec::new()
        } else {
            reexports(source, &bound, imported)
        },
        stars,
        unlisted_stars,
        names,
        mentions_all: all_mentions > 0,
    })
}

/// Whether the top level of package `package`'s `__init__` (`source`)
/// binds `name` to something other than its submodule `package.name`:
/// `from .x import name`, `import a as name`, a definition or assignment
/// (`from . import name`, `from package import name` and
/// `import package.name` bind the submodule). Only lines at the top level
/// or in `try` / `except` / `if TYPE_CHECKING:` blocks are read; `true`
/// when the text does not tokenize.
pub fn rebinds_submodule(source: &str, package: &str, name: &str) -> bool {
    let text = crate::normalized(source);
    let source = &*text;
    let Some((lines, _)) = top_level_lines(source, true) else {
        return true;
    };
    let submodule = format!("{package}.{name}");
    lines.iter().any(|(_, line)| match line.as_slice() {
        [Tok::Name("from"), rest @ ..] => {
            let Some((bound, _)) = from_import(rest) else {
                return false;
            };
            let Some((_, after)) = imported_module(rest) else {
                return false;
            };
            let dotted = from_module_text(&rest[..rest.len() - after.len()]);
            bound.iter().any(|(n, alias)| {
                *alias == name && !(*n == name && (dotted == "." || dotted == package))
            })
        }
        [Tok::Name("import"), rest @ ..] => rest.split(|t| *t == Tok::Op(",")).any(|item| {
            let dotted =
                from_module_text(item.split(|t| *t == Tok::Name("as")).next().unwrap_or(&[]));
            match item {
                [.., Tok::Name("as"), Tok::Name(alias)] => *alias == name && dotted != submodule,
                _ => false,
            }
        }),
        _ => line_bindings(line).contains(&name),
    })
}

/// The module text of a `from` import's tokens before `import` (dots and
/// names: `..a.b`), or of an `import` item.
fn from_module_text(tokens: &[Tok]) -> String {
    tokens
        .iter()
        .map(|t| match t {
            Tok::Name(n) => *n,
            Tok::Op(op) => op,
            Tok::Str(_) => "",
        })
        .collect()
}

/// Removes the runtime branch of the lazy-module idiom: a top-level
/// `else:` after `if TYPE_CHECKING:` whose block installs a replacement
/// module (`sys.modules[__name__] = _LazyModule(...)`). The interpreter
/// runs the `TYPE_CHECKING` imports of such a module instead (they bind
/// the same names, lazily), so they are its outline. True when removed.
fn drop_lazy_module_branch(lines: &mut Lines<'_>) -> bool {
    let type_checking = |l: &[Tok]| is_type_checking_header(l);
    let mut header = None;
    for (k, (top, line)) in lines.iter().enumerate() {
        if !*top {
            continue;
        }
        if line.as_slice() == [Tok::Name("else"), Tok::Op(":")]
            && lines[..k]
                .iter()
                .rev()
                .find(|(t, _)| *t)
                .is_some_and(|(_, l)| type_checking(l))
        {
            header = Some(k);
            break;
        }
    }
    let Some(start) = header else {
        return false;
    };
    let end = lines[start + 1..]
        .iter()
        .position(|(t, _)| *t)
        .map_or(lines.len(), |p| start + 1 + p);
    let installs = lines[start + 1..end].iter().any(|(_, l)| {
        matches!(
            l.as_slice(),
            [
                Tok::Name("sys"),
                Tok::Op("."),
                Tok::Name("modules"),
                Tok::Op("["),
                ..
            ]
        ) && l.contains(&Tok::Op("="))
    });
    if installs {
        lines.drain(start..end);
    }
    installs
}

/// The re-exported names: bound once, by a relative `from` import, and
/// no `global` statement that could rebind them.
fn reexports(
    source: &str,
    bound: &[&str],
    imported: Vec<(&str, ImportedName)>,
) -> Vec<(String, ImportedName)> {
    if has_global_statement(source) {
        return Vec::new();
    }
    imported
        .into_iter()
        .filter(|(alias, i)| {
            i.name != "*"
                && i.name != "__all__"
                && bound.iter().filter(|b| *b == alias).count() == 1
        })
        .map(|(alias, i)| (alias.to_string(), i))
        .collect()
}

/// The word `global` followed by a space or tab (a `global` statement,
/// or text that looks like one: erring towards yes), not `globals()`.
fn has_global_statement(source: &str) -> bool {
    source.match_indices("global").any(|(k, _)| {
        let before = source[..k].bytes().next_back();
        let after = source.as_bytes().get(k + "global".len());
        !before.is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_')
            && matches!(after, Some(b' ' | b'\t'))
    })
}

/// (name, alias) pairs a `from` import binds.
type Bound<'a> = Vec<(&'a str, &'a str)>;

/// The tokens after `from` of a `from` import (not a star import): each
/// (name, alias) it binds, and the module when the import is relative.
/// `None` when it does not read as one.
fn from_import<'a>(rest: &'a [Tok<'a>]) -> Option<(Bound<'a>, Option<ModuleRef>)> {
    let (module, after) = imported_module(rest)?;
    let mut items = &after[1..];
    if let [Tok::Op("("), inner @ .., Tok::Op(")")] = items {
        items = inner;
    }
    let mut names = Vec::new();
    let mut j = 0;
    while j < items.len() {
        match items.get(j..) {
            Some([Tok::Name(n), Tok::Name("as"), Tok::Name(a), ..]) => {
                names.push((*n, *a));
                j += 3;
            }
            Some([Tok::Name(n), ..]) => {
                names.push((*n, *n));
                j += 1;
            }
            _ => return None,
        }
        match items.get(j) {
            None => {}
            Some(Tok::Op(",")) => j += 1,
            Some(_) => return None,
        }
    }
    Some((names, module))
}

/// The module of a `from` import's tokens after `from` (`Some` when it is
/// relative) and the tokens from `import` on.
fn imported_module<'a>(rest: &'a [Tok<'a>]) -> Option<(Option<ModuleRef>, &'a [Tok<'a>])> {
    let mut level = 0u32;
    let mut i = 0;
    while let Some(Tok::Op(op @ ("." | "..."))) = rest.get(i) {
        level += op.len() as u32;
        i += 1;
    }
    let mut dotted = String::new();
    while let Some(Tok::Name(n)) = rest.get(i) {
        if *n == "import" {
            break;
        }
        dotted.push_str(n);
        i += 1;
        if let Some(Tok::Op(".")) = rest.get(i) {
            dotted.push('.');
            i += 1;
        }
    }
    if rest.get(i) != Some(&Tok::Name("import")) {
        return None;
    }
    let module = (level > 0).then_some(ModuleRef { level, dotted });
    Some((module, &rest[i..]))
}

/// The names a top-level statement other than a `from` import binds (a
/// superset is fine: a name bound twice is simply not a re-export).
fn line_bindings<'a>(line: &'a [Tok<'a>]) -> Vec<&'a str> {
    match line {
        [Tok::Name("def" | "class"), Tok::Name(n), ..]
        | [Tok::Name("async"), Tok::Name("def"), Tok::Name(n), ..] => vec![n],
        // A condition binds nothing (an assignment expression aside).
        [Tok::Name("if" | "elif" | "while"), rest @ ..] if !rest.contains(&Tok::Op(":=")) => {
            Vec::new()
        }
        [Tok::Name("import"), rest @ ..] => {
            // `import a.b as c, d`: `c` and `d` (every name, to be safe).
            rest.iter()
                .filter_map(|t| match t {
                    Tok::Name(n) if *n != "as" => Some(*n),
                    _ => None,
                })
                .collect()
        }
        _ => {
            // Assignments (`a = b = ...`, `a, b = ...`, `a: T = ...`,
            // `x.y = ...`): every name before the last top-level `=`, or
            // before the `:` of an annotation.
            let mut depth = 0usize;
            let mut end = 0;
            for (k, t) in line.iter().enumerate() {
                match t {
                    Tok::Op("(" | "[" | "{") => depth += 1,
                    Tok::Op(")" | "]" | "}") => depth = depth.saturating_sub(1),
                    Tok::Op("=") if depth == 0 => end = k,
                    Tok::Op(":") if depth == 0 && end == 0 => {
                        end = k;
                        break;
                    }
                    _ => {}
                }
            }
            line[..end]
                .iter()
                .filter_map(|t| match t {
                    Tok::Name(n) => Some(*n),
                    _ => None,
                })
                .collect()
        }
    }
}

/// The parts of `__all__ = ...` (`rest` starts at `=`): literal lists
/// and, joined by `+`, names bound by `from .m import __all__ as name`
/// that appear nowhere else in the text.
fn all_parts(
    rest: &[Tok],
    imported: &[(&str, ImportedName)],
    source: &str,
) -> Option<Vec<AllPart>> {
    let [Tok::Op("="), value @ ..] = rest else {
        return None;
    };
    let mut parts = Vec::new();
    for term in value.split(|t| *t == Tok::Op("+")) {
        match term {
            [Tok::Name(alias)] => {
                let (_, i) = imported.iter().find(|(a, _)| a == alias)?;
                if i.name != "__all__" || source.matches(alias).count() != 2 {
                    return None;
                }
                parts.push(AllPart::AllOf(i.module.clone()));
            }
            _ => {
                let mut with_eq = vec![Tok::Op("=")];
                with_eq.extend_from_slice(term);
                parts.push(AllPart::Names(literal_names(&with_eq)?));
            }
        }
    }
    Some(parts)
}

/// The names a module's own top-level statements bind by definition or
/// simple assignment: `def` / `async def` / `class` names (decorated or
/// not) and the plain-name targets of `=` assignments (`a = b = ...`
/// gives both), in order, repeats kept; names bound inside blocks
/// (`try`, `if`) are not included. `None` when the text does not
/// tokenize. Read without parsing, for a bundled module whose names are
/// needed long before (or without) its code running.
pub fn top_level_names(source: &str) -> Option<Vec<String>> {
    let text = crate::normalized(source);
    let source = &*text;
    let mut names = Vec::new();
    for (_, line) in top_level_lines(source, false)?.0 {
        match line.as_slice() {
            [Tok::Name("def" | "class"), Tok::Name(n), ..]
            | [Tok::Name("async"), Tok::Name("def"), Tok::Name(n), ..] => {
                names.push((*n).to_string());
            }
            [Tok::Name(_), Tok::Op("="), ..] => {
                // `a = b = value`: every name directly before an `=` of
                // the chain.
                let mut i = 0;
                while let (Some(Tok::Name(n)), Some(Tok::Op("="))) = (line.get(i), line.get(i + 1))
                {
                    if is_keyword(n) {
                        break;
                    }
                    names.push((*n).to_string());
                    i += 2;
                }
            }
            _ => {}
        }
    }
    Some(names)
}

#[derive(Clone, Debug, PartialEq)]
enum Tok<'s> {
    Name(&'s str),
    /// A string literal: its value when it is a plain one (no prefix other
    /// than `u`/`r`, no backslash), else `None`.
    Str(Option<&'s str>),
    Op(&'s str),
}

/// Whether a top-level statement only binds names in its module (`own`:
/// the functions and classes it defined so far, and the names it bound to
/// the result of a call, `Outputs = namedtuple(...)`): imports,
/// definitions, assignments to a name, a bare string, an attribute set on
/// an object the module made itself (`Outputs.__annotations__ = ...` after
/// `Outputs = namedtuple(...)`), and `torch.fx.wrap("name")` (torch is
/// modelled: it changes nothing the tracer sees).
fn allowed_statement(line: &[Tok], own: &[&str]) -> bool {
    match line {
        [Tok::Name("import" | "from" | "def" | "class" | "async"), ..] => true,
        [Tok::Op("@"), ..] => true,
        [Tok::Str(_)] | [Tok::Name("pass")] => true,
        l if opens_checked_block(l) => true,
        [Tok::Name(n), Tok::Op("=" | ":"), ..] => !is_keyword(n),
        [Tok::Name(n), Tok::Op("."), Tok::Name(_), Tok::Op("="), ..] => own.contains(n),
        [
            Tok::Name("torch"),
            Tok::Op("."),
            Tok::Name("fx"),
            Tok::Op("."),
            Tok::Name("wrap"),
            Tok::Op("("),
            Tok::Str(Some(_)),
            Tok::Op(")"),
        ] => true,
        _ => false,
    }
}

fn is_keyword(n: &str) -> bool {
    matches!(
        n,
        "if" | "elif"
            | "else"
            | "try"
            | "except"
            | "finally"
            | "for"
            | "while"
            | "with"
            | "match"
            | "case"
            | "lambda"
            | "del"
            | "global"
            | "nonlocal"
            | "return"
            | "yield"
            | "raise"
            | "assert"
            | "pass"
    )
}

/// `= [ "a", "b", ]` (or parentheses): the strings, else `None`.
fn literal_names(rest: &[Tok]) -> Option<Vec<String>> {
    let (close, items) = match rest {
        [Tok::Op("="), Tok::Op("["), items @ ..] => ("]", items),
        [Tok::Op("="), Tok::Op("("), items @ ..] => (")", items),
        _ => return None,
    };
    let mut names = Vec::new();
    let mut i = 0;
    loop {
        match items.get(i)? {
            Tok::Op(c) if *c == close => return (i + 1 == items.len()).then_some(names),
            Tok::Str(Some(s)) => {
                names.push((*s).to_string());
                match items.get(i + 1)? {
                    Tok::Op(",") => i += 2,
                    Tok::Op(c) if *c == close => i += 1,
                    _ => return None,
                }
            }
            _ => return None,
        }
    }
}

/// The tokens of every logical line that starts in column 0 (indented
/// lines are scanned, not kept; with `blocks`, also the lines of the
/// blocks [`opens_checked_block`] accepts); `None` when the text does not
/// tokenize.
/// Each line comes with whether it is a top-level one (not in a block).
type Lines<'s> = Vec<(bool, Vec<Tok<'s>>)>;

/// Also counts the name `__all__` wherever it occurs in code (comments
/// and strings aside).
fn top_level_lines(src: &str, blocks: bool) -> Option<(Lines<'_>, usize)> {
    let mut all_mentions = 0;
    let b = src.as_bytes();
    let mut lines = Vec::new();
    let mut cur: Vec<Tok> = Vec::new();
    let mut depth = 0usize;
    let mut line_start = true;
    // `keep`: the tokens of this logical line are kept (a top-level line,
    // or a line in the block of a top-level `try` / `except` / `else` /
    // `finally` / `if TYPE_CHECKING:`, which bind names in the module too);
    // `checked_block`: the last top-level line opened such a block.
    let mut keep = false;
    let mut top = false;
    let mut checked_block = false;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if line_start && depth == 0 {
            // The first character of a physical line that starts a
            // logical one: skip blank and comment-only lines.
            let mut j = i;
            while j < b.len() && (b[j] == b' ' || b[j] == b'\t' || b[j] == b'\x0c') {
                j += 1;
            }
            if j >= b.len() {
                break;
            }
            if b[j] == b'\n' || b[j] == b'\r' || b[j] == b'#' {
                while j < b.len() && b[j] != b'\n' {
                    j += 1;
                }
                i = j + 1;
                continue;
            }
            top = j == i;
            keep = top || checked_block;
            line_start = false;
            i = j;
            continue;
        }
        match c {
            b' ' | b'\t' | b'\x0c' | b'\r' => i += 1,
            b'#' => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'\\' => {
                // A line continuation.
                match b.get(i + 1) {
                    Some(b'\n') => i += 2,
                    Some(b'\r') if b.get(i + 2) == Some(&b'\n') => i += 3,
                    _ => return None,
                }
            }
            b'\n' => {
                i += 1;
                if depth == 0 {
                    if top {
                        checked_block = blocks && opens_checked_block(&cur);
                    }
                    if keep && !cur.is_empty() {
                        lines.push((top, std::mem::take(&mut cur)));
                    }
                    cur.clear();
                    line_start = true;
                }
            }
            b'\'' | b'"' => {
                let (end, value) = string(src, i, "")?;
                all_mentions += usize::from(value == Some("__all__"));
                if keep {
                    cur.push(Tok::Str(value));
                }
                i = end;
            }
            c if c.is_ascii_alphabetic() || c == b'_' || c >= 0x80 => {
                let mut j = i;
                while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'_' || b[j] >= 0x80)
                {
                    j += 1;
                }
                let word = &src[i..j];
                if j < b.len() && (b[j] == b'\'' || b[j] == b'"') && is_string_prefix(word) {
                    let (end, value) = string(src, j, word)?;
                    all_mentions += usize::from(value == Some("__all__"));
                    if keep {
                        cur.push(Tok::Str(value));
                    }
                    i = end;
                } else {
                    all_mentions += usize::from(word == "__all__");
                    if keep {
                        cur.push(Tok::Name(word));
                    }
                    i = j;
                }
            }
            c if c.is_ascii_digit() => {
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'.' || b[i] == b'_')
                {
                    i += 1;
                }
                if keep {
                    cur.push(Tok::Op("0"));
                }
            }
            _ => {
                let op = operator(&src[i..]);
                match op {
                    "(" | "[" | "{" => depth += 1,
                    ")" | "]" | "}" => depth = depth.checked_sub(1)?,
                    _ => {}
                }
                if keep {
                    cur.push(Tok::Op(op));
                }
                i += op.len();
            }
        }
    }
    if depth != 0 {
        return None;
    }
    if keep && !cur.is_empty() {
        lines.push((top, cur));
    }
    Some((lines, all_mentions))
}

/// A block header whose body is judged line by line like the top level.
fn opens_checked_block(line: &[Tok]) -> bool {
    matches!(
        line,
        [Tok::Name("try" | "else" | "finally"), Tok::Op(":")]
            | [Tok::Name("except"), .., Tok::Op(":")]
    ) || is_type_checking_header(line)
}

/// `if TYPE_CHECKING:`, also as one operand of an `or` of names
/// (`if TYPE_CHECKING or DIFFUSERS_SLOW_IMPORT:`, `typing.TYPE_CHECKING`).
fn is_type_checking_header(line: &[Tok]) -> bool {
    let [Tok::Name("if"), test @ .., Tok::Op(":")] = line else {
        return false;
    };
    test.contains(&Tok::Name("TYPE_CHECKING"))
        && test.iter().all(|t| match t {
            Tok::Name(n) => *n == "or" || !is_keyword(n),
            Tok::Op(op) => *op == ".",
            Tok::Str(_) => false,
        })
}

pub(crate) fn is_string_prefix(word: &str) -> bool {
    word.len() <= 2
        && word
            .bytes()
            .all(|c| matches!(c.to_ascii_lowercase(), b'r' | b'b' | b'u' | b'f' | b't'))
}

/// The operator at the start of `s` (the longest of `==`, `->`, `**=`...
/// that matters here: `=` alone is an assignment).
pub(crate) fn operator(s: &str) -> &str {
    for op in [
        "**=", "//=", ">>=", "<<=", "...", "==", "!=", "<=", ">=", "->", ":=", "+=", "-=", "*=",
        "/=", "%=", "&=", "|=", "^=", "@=", "**", "//", "<<", ">>",
    ] {
        if s.starts_with(op) {
            return &s[..op.len()];
        }
    }
    let n = s.chars().next().map_or(1, char::len_utf8);
    &s[..n]
}

/// The string literal whose opening quote is at `start`: the offset after
/// it, and its value when plain. f-strings' replacement fields are scanned
/// as code (nested strings included).
pub(crate) fn string<'s>(
    src: &'s str,
    start: usize,
    prefix: &str,
) -> Option<(usize, Option<&'s str>)> {
    let b = src.as_bytes();
    let q = b[start];
    let triple = b.get(start + 1) == Some(&q) && b.get(start + 2) == Some(&q);
    let open = if triple { 3 } else { 1 };
    let lower = prefix.to_ascii_lowercase();
    let fstring = lower.contains('f') || lower.contains('t');
    let plain = !lower.contains('b') && !fstring;
    let mut i = start + open;
    let mut escaped = false;
    while i < b.len() {
        let c = b[i];
        if c == b'\\' {
            escaped = true;
            i += 2;
            continue;
        }
        if fstring && c == b'{' {
            if b.get(i + 1) == Some(&b'{') {
                i += 2;
                continue;
            }
            i = replacement_field(src, i + 1)?;
            continue;
        }
        if c == q && (!triple || (b.get(i + 1) == Some(&q) && b.get(i + 2) == Some(&q))) {
            let end = i + open;
            let value = (plain && !escaped && !triple).then(|| &src[start + open..i]);
            return Some((end, value));
        }
        if c == b'\n' && !triple {
            return None;
        }
        i += 1;
    }
    None
}

/// The offset after the `}` closing an f-string replacement field whose
/// code starts at `i`.
fn replacement_field(src: &str, mut i: usize) -> Option<usize> {
    let b = src.as_bytes();
    let mut depth = 0usize;
    while i < b.len() {
        match b[i] {
            b'{' | b'(' | b'[' => depth += 1,
            b'}' if depth == 0 => return Some(i + 1),
            b'}' | b')' | b']' => depth = depth.checked_sub(1)?,
            b'\'' | b'"' => {
                let (end, _) = string(src, i, "")?;
                i = end;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::literal_star_exports as exports;

    fn names(v: &[&str]) -> Option<Vec<String>> {
        Some(v.iter().map(|s| s.to_string()).collect())
    }

    #[test]
    fn reads_a_literal_all() {
        let src = r#""""Doc with 'quotes'."""
from functools import partial
import torch.nn as nn

__all__ = [
    "ResNet",  # the class
    'resnet50',
]

_META = {"a": [1, 2], "b": f"{partial!r:>{10}} {'x'}"}

@register_model()
def resnet50(*, weights=None, **kwargs) -> nn.Module:
    """__doc__ mentions no exports."""
    if weights:
        return x[
            1]
    return ResNet(
        Bottleneck, [3, 4, 6, 3])

class ResNet(nn.Module):
    expansion: int = 4
"#;
        assert_eq!(exports(src), names(&["ResNet", "resnet50"]));
        assert_eq!(exports("__all__ = ('a', 'b')\n"), names(&["a", "b"]));
        assert_eq!(exports("__all__ = []"), names(&[]));
        let own_attr = "__all__ = ['Out']\nOut = namedtuple('Out', ['a'])\nOut.__annotations__ = {'a': int}\ntorch.fx.wrap('f')\n";
        assert_eq!(exports(own_attr), names(&["Out"]));
        let optional = "try:\n    import accimage\nexcept ImportError:\n    accimage = None\nelse:\n    pass\nif TYPE_CHECKING:\n    from x import Y\n__all__ = ['a']\n";
        assert_eq!(exports(optional), names(&["a"]));
    }

    #[test]
    fn anything_uncertain_is_none() {
        for src in [
            "x = 1\n",
            "__all__ = ['a']\n__all__ += ['b']\n",
            "__all__ = ['a']\ndef f():\n    return __all__\n",
            "__all__ = a + b\n",
            "__all__ = ['a' 'b']\n",
            "__all__ = [f'a']\n",
            "__all__ = ['a\\n']\n",
            "__all__ = ['a']\nregister(x)\n",
            "__all__ = ['a']\ntry:\n    import x\nexcept ImportError:\n    register(x)\n",
            "__all__ = ['a']\ntry:\n    import x\n    if x:\n        pass\nexcept ImportError:\n    pass\n",
            "__all__ = ['a']\nif DEBUG:\n    pass\n",
            "__all__ = ['a']\ntorch.backends.flag = True\n",
            "from m import Out\n__all__ = ['a']\nOut.flag = True\n",
            "__all__ = ['a']\nOut.flag = True\nOut = 1\n",
            "from m import Imported\n__all__ = ['a']\nOut = Imported\nOut.flag = True\n",
            "__all__ = ['a']\ntorch.fx.wrap(f)\n",
            "__all__ = ['a']\nx = (1,\n",
            "__all__ = ['a']\ns = 'unterminated\n",
            "s = '''\n__all__ = ['a']\n'''\n",
            "# __all__ = ['a']\n",
            "__all__ = ['a']\ngetattr(m, '__all__').append('b')\n",
        ] {
            assert_eq!(exports(src), None, "{src}");
        }
    }

    fn r(level: u32, dotted: &str) -> super::ModuleRef {
        super::ModuleRef {
            level,
            dotted: dotted.to_string(),
        }
    }

    fn imported(level: u32, dotted: &str, n: &str) -> super::ImportedName {
        super::ImportedName {
            module: r(level, dotted),
            name: n.to_string(),
        }
    }

    #[test]
    fn all_from_submodules_and_reexports() {
        use super::{AllPart, module_outline};
        let src = "from .v2 import *\nfrom .v2 import __all__ as a2\nfrom ..pkg.v3 import __all__ as a3\n__all__ = a2 + a3 + ['extra']\n";
        let o = module_outline(src).unwrap();
        assert_eq!(
            o.all,
            Some(vec![
                AllPart::AllOf(r(1, "v2")),
                AllPart::AllOf(r(2, "pkg.v3")),
                AllPart::Names(vec!["extra".to_string()]),
            ])
        );
        // A star import may rebind anything: no re-exports.
        assert_eq!(o.reexports, vec![]);
        // The alias used elsewhere, `__all__` elsewhere, a computed part.
        for src in [
            "from .v2 import __all__ as a2\n__all__ = a2 + []\nx = a2\n",
            "from .v2 import __all__ as a2\n__all__ = a2\ndef f():\n    return __all__\n",
            "from .v2 import __all__ as a2\n__all__ = a2 + f()\n",
            "from .v2 import names as a2\n__all__ = a2\n",
            "from v2 import __all__ as a2\n__all__ = a2\n",
        ] {
            assert_eq!(module_outline(src).unwrap().all, None, "{src}");
        }
        let src = "from . import functional as F\nfrom .functional import (\n    _helper,\n    Mode as M,\n)\nfrom .other import kept, rebound, redefined\nfrom torch import Tensor\ntry:\n    from .x import y\nexcept ImportError:\n    y = None\nrebound = 1\ndef redefined():\n    pass\n__all__ = ['M']\n";
        let o = module_outline(src).unwrap();
        assert_eq!(
            o.reexports,
            vec![
                ("F".to_string(), imported(1, "", "functional")),
                ("_helper".to_string(), imported(1, "functional", "_helper")),
                ("M".to_string(), imported(1, "functional", "Mode")),
                ("kept".to_string(), imported(1, "other", "kept")),
            ]
        );
        assert_eq!(o.all, Some(vec![AllPart::Names(vec!["M".to_string()])]));
        // `global` anywhere: a function could rebind any name.
        let global = "from .f import g\ndef h():\n    global g\n    g = 1\n";
        assert_eq!(module_outline(global).unwrap().reexports, vec![]);
        // Not only binding names: no outline.
        assert_eq!(module_outline("from .f import g\ng.register(1)\n"), None);
    }

    #[test]
    fn lazy_modules_are_read_through_their_type_checking_imports() {
        use super::module_outline;
        let src = "from typing import TYPE_CHECKING\nfrom ...utils import _LazyModule\n\nif TYPE_CHECKING:\n    from .configuration_x import *\n    from .modeling_x import *\n    from .cache import Cache as Cache\nelse:\n    import sys\n\n    _file = globals()[\"__file__\"]\n    sys.modules[__name__] = _LazyModule(__name__, _file, define(_file))\n";
        let o = module_outline(src).unwrap();
        assert_eq!(o.stars, vec![r(1, "configuration_x"), r(1, "modeling_x")]);
        assert!(!o.unlisted_stars && !o.mentions_all && o.all.is_none());
        assert_eq!(o.names, ["TYPE_CHECKING", "Cache"]);
        // diffusers switches on `TYPE_CHECKING or DIFFUSERS_SLOW_IMPORT`.
        let slow = src.replace("if TYPE_CHECKING:", "if TYPE_CHECKING or SLOW_IMPORT:");
        let slow = module_outline(&slow).unwrap();
        assert_eq!(slow.stars, o.stars);
        assert_eq!(slow.names, o.names);
        // Any other test is code: its imports are not the module's outline.
        let other = src.replace("if TYPE_CHECKING:", "if TYPE_CHECKING and check():");
        assert!(module_outline(&other).is_none_or(|o| o.stars.is_empty()));
        assert_eq!(
            o.reexports,
            vec![
                (
                    "_LazyModule".to_string(),
                    imported(3, "utils", "_LazyModule")
                ),
                ("Cache".to_string(), imported(1, "cache", "Cache")),
            ]
        );
        // An `else` that does not install a module is judged as code; an
        // absolute star import cannot be listed.
        let plain = "if TYPE_CHECKING:\n    from .a import *\nelse:\n    register(1)\n";
        assert_eq!(module_outline(plain), None);
        let absolute = "from os.path import *\nfrom .a import *\n";
        let o = module_outline(absolute).unwrap();
        assert!(o.unlisted_stars);
        assert_eq!(o.stars, vec![r(1, "a")]);
        assert_eq!(o.reexports, vec![]);
    }

    #[test]
    fn a_package_may_rebind_a_submodule_name() {
        use super::rebinds_submodule;
        let src = "from . import models\nfrom pkg import ops\nimport pkg.io\nfrom .auto_docstring import (\n    auto_docstring,\n    other,\n)\ntry:\n    from .version import version as __version__\nexcept ImportError:\n    pass\nimport numpy as np\nhub = 1\n";
        for name in ["models", "ops", "io", "transforms"] {
            assert!(!rebinds_submodule(src, "pkg", name), "{name}");
        }
        for name in ["auto_docstring", "__version__", "np", "hub"] {
            assert!(rebinds_submodule(src, "pkg", name), "{name}");
        }
    }

    #[test]
    fn top_level_names_are_definitions_and_plain_assignments() {
        let src = "import x\n@dec(a=1)\nclass A(B, metaclass=M):\n    inner = 1\n    def m(self): pass\nasync def f(x=2):\n    y = 3\na = b = f(c=4)\nd, e = 1, 2\nn: int = 5\nt.attr = 6\nk += 7\ntry:\n    z = 8\nexcept E:\n    pass\ns = '''\nq = 9\n'''\n";
        let names = super::top_level_names(src).unwrap();
        assert_eq!(names, ["A", "f", "a", "b", "s"]);
        assert_eq!(super::top_level_names("x = (1,\n"), None);
    }

    #[test]
    fn indented_code_is_scanned_not_judged() {
        let src =
            "__all__ = ['f']\ndef f():\n    if x:\n        g()\n    s = \"\"\"\nfoo()\n\"\"\"\n";
        assert_eq!(exports(src), names(&["f"]));
    }
}
