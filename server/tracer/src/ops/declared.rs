//! torch's public API as torch declares it: every overload of every public
//! callable of `torch`, `torch.nn.functional`, `torch.linalg`, `torch.fft`,
//! `torch.special` and `Tensor`, read from `data/torch_api.txt` (written
//! from an installed torch 2.15 by `scripts/gen-torch-api.py`).
//!
//! Two uses: a call that the registry's own signature of an op cannot bind
//! is bound by torch's declared overloads instead ([`rebind`]), so every
//! spelling torch accepts (`x.split(split_size=2)`, the keyword names of
//! each overload) reaches the op; and a declared API the tracer does not
//! model is named as such ([`not_modelled`]) rather than as unknown.

use std::collections::HashMap;
use std::sync::LazyLock;

static DATA: &str = include_str!("../../data/torch_api.txt");

/// One declared parameter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeclaredParam {
    pub name: &'static str,
    pub has_default: bool,
    pub kind: ParamKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamKind {
    PositionalOnly,
    PositionalOrKeyword,
    KeywordOnly,
    VarPositional,
    VarKeyword,
}

/// One declared overload: its parameters in order (a method's `self` left
/// out), or `None` when torch declares no signature for the name.
pub type Overload = Option<Vec<DeclaredParam>>;

fn parse_overload(parts: &[&'static str]) -> Overload {
    if parts == ["..."] {
        return None;
    }
    let mut out: Vec<DeclaredParam> = Vec::new();
    let mut kw_only = false;
    for &part in parts {
        if part == "/" {
            for p in &mut out {
                p.kind = ParamKind::PositionalOnly;
            }
            continue;
        }
        let (kind, name) = if let Some(n) = part.strip_prefix("**") {
            (ParamKind::VarKeyword, n)
        } else if let Some(n) = part.strip_prefix('*') {
            kw_only = true;
            if n.is_empty() {
                continue;
            }
            (ParamKind::VarPositional, n)
        } else if kw_only {
            (ParamKind::KeywordOnly, part)
        } else {
            (ParamKind::PositionalOrKeyword, part)
        };
        let (name, has_default) = match name.split_once('=') {
            Some((n, _)) => (n, true),
            None => (name, false),
        };
        out.push(DeclaredParam {
            name,
            has_default,
            kind,
        });
    }
    Some(out)
}

/// A parameter list cut at its top-level commas (a default's text may hold
/// commas inside brackets and quotes).
fn split_top_level(params: &'static str) -> Vec<&'static str> {
    let mut out = Vec::new();
    let (mut depth, mut quote, mut start) = (0i32, None::<char>, 0usize);
    for (i, c) in params.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"') => quote = Some(c),
            (None, '(' | '[' | '{') => depth += 1,
            (None, ')' | ']' | '}') => depth -= 1,
            (None, ',') if depth == 0 => {
                out.push(params[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    let last = params[start..].trim();
    if !last.is_empty() {
        out.push(last);
    }
    out
}

fn table() -> &'static HashMap<&'static str, Vec<Overload>> {
    static TABLE: LazyLock<HashMap<&'static str, Vec<Overload>>> = LazyLock::new(|| {
        let mut table: HashMap<&'static str, Vec<Overload>> = HashMap::new();
        for line in DATA
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
        {
            let Some((name, rest)) = line.split_once('(') else {
                continue;
            };
            let params = rest.strip_suffix(')').unwrap_or(rest);
            let parts = split_top_level(params);
            table.entry(name).or_default().push(parse_overload(&parts));
        }
        table
    });
    &TABLE
}

/// The declared overloads of `name` (`torch.histc`, `Tensor.split`).
pub fn overloads(name: &str) -> Option<&'static [Overload]> {
    table().get(name).map(Vec::as_slice)
}

/// Whether torch declares `name` as a public callable.
pub fn is_declared(name: &str) -> bool {
    table().contains_key(name)
}

/// Every declared name, sorted.
pub fn names() -> Vec<&'static str> {
    let mut v: Vec<&'static str> = table().keys().copied().collect();
    v.sort_unstable();
    v
}

/// The "incomplete" wording for a declared API the tracer does not model,
/// or `None` when torch does not declare `name` either.
pub fn not_modelled(name: &str) -> Option<String> {
    is_declared(name).then(|| format!("analysis incomplete: `{name}` is not modelled yet"))
}

/// A call bound to one declared overload: the values of its parameters by
/// position in that overload (`None` where the call passed nothing), and
/// the overload's parameter names.
pub struct DeclaredBinding<T> {
    pub params: &'static [DeclaredParam],
    pub values: Vec<Option<T>>,
}

/// Binds `positional` and `keywords` to the first declared overload of
/// `name` that accepts them as Python would (no `*args`/`**kwargs`
/// overloads: those say nothing about names). `None` when none does.
pub fn rebind<T: Clone>(
    name: &str,
    positional: &[T],
    keywords: &[(String, T)],
) -> Option<DeclaredBinding<T>> {
    overloads(name)?.iter().flatten().find_map(|params| {
        if params
            .iter()
            .any(|p| matches!(p.kind, ParamKind::VarPositional | ParamKind::VarKeyword))
        {
            return None;
        }
        let mut values: Vec<Option<T>> = vec![None; params.len()];
        let takes_positional = params.iter().take_while(|p| {
            matches!(
                p.kind,
                ParamKind::PositionalOnly | ParamKind::PositionalOrKeyword
            )
        });
        if positional.len() > takes_positional.count() {
            return None;
        }
        for (slot, v) in values.iter_mut().zip(positional) {
            *slot = Some(v.clone());
        }
        for (k, v) in keywords {
            let i = params
                .iter()
                .position(|p| p.name == k && p.kind != ParamKind::PositionalOnly)?;
            if values[i].is_some() {
                return None;
            }
            values[i] = Some(v.clone());
        }
        let complete = params
            .iter()
            .zip(&values)
            .all(|(p, v)| v.is_some() || p.has_default);
        complete.then_some(DeclaredBinding {
            params: params.as_slice(),
            values,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_declarations_cover_torch_namespaces_and_tensor_methods() {
        let names = names();
        assert!(names.len() > 1500, "{} declared names", names.len());
        for ns in [
            "torch.",
            "torch.nn.functional.",
            "torch.linalg.",
            "torch.fft.",
            "torch.special.",
            "Tensor.",
        ] {
            let n = names.iter().filter(|n| n.starts_with(ns)).count();
            assert!(n > 10, "{ns}: {n} names");
        }
    }

    #[test]
    fn overloads_keep_torch_parameter_names_and_kinds() {
        let split = overloads("Tensor.split").expect("Tensor.split is declared");
        let first = split[0].as_ref().expect("a signature");
        assert_eq!(first[0].name, "split_size");
        assert_eq!(first[1].name, "dim");
        assert!(first[1].has_default);
        let add = overloads("torch.add").expect("torch.add");
        let alpha = add[0].as_ref().unwrap().iter().find(|p| p.name == "alpha");
        assert_eq!(alpha.map(|p| p.kind), Some(ParamKind::KeywordOnly));
    }

    #[test]
    fn rebind_follows_the_first_overload_that_accepts_the_call() {
        let b = rebind(
            "Tensor.split",
            &[],
            &[("split_size".into(), 2), ("dim".into(), 1)],
        )
        .expect("binds");
        assert_eq!(b.values, vec![Some(2), Some(1)]);
        assert!(rebind("Tensor.split", &[], &[("sections".into(), 2)]).is_none());
        assert!(rebind("Tensor.split", &[1, 2, 3], &[]).is_none());
        let histc = rebind("torch.histc", &[0], &[("bins".into(), 4)]).expect("binds");
        assert_eq!(histc.values, vec![Some(0), Some(4), None, None]);
    }

    #[test]
    fn defaults_with_commas_stay_one_parameter() {
        let ifft2 = overloads("torch.fft.ifft2").expect("declared");
        let names: Vec<&str> = ifft2[0].as_ref().unwrap().iter().map(|p| p.name).collect();
        assert_eq!(names, ["input", "s", "dim", "norm"]);
    }

    #[test]
    fn an_undeclared_name_is_not_called_declared() {
        assert!(!is_declared("torch.not_a_function"));
        assert!(not_modelled("torch.histc").is_some());
        assert!(not_modelled("torch.not_a_function").is_none());
    }
}
