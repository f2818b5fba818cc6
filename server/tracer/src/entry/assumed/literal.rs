//! Python literal values a constructor argument is given with, and a small
//! evaluator of the expressions code writes for them (`DIM * 2`,
//! `cfg.hidden_size // 4`, `max(1, heads // 2)`, `dim % heads == 0`). It
//! reads no tracer state: names, attributes and subscripts it cannot
//! compute itself are asked of a [`Lookup`], and whatever it cannot
//! decide is `None`. Bounded: nesting deeper than [`MAX_DEPTH`] is not
//! evaluated, chains of binary operators are walked without recursion,
//! and no value grows past [`MAX_ITEMS`] items or [`MAX_STR`] bytes.

use syntax::ast::{Arg, BinOp, BoolOp, CmpOp, Expr, ExprKind, UnaryOp};

/// Expression nesting (and name resolution) followed, at most.
pub const MAX_DEPTH: u32 = 32;

/// Items a tuple, list or dict may hold.
const MAX_ITEMS: usize = 64;

/// Bytes a string may hold.
const MAX_STR: usize = 256;

/// A Python value written as a literal.
#[derive(Clone, Debug, PartialEq)]
pub enum Lit {
    Int(i64),
    Float(f64),
    Bool(bool),
    Str(String),
    None,
    Tuple(Vec<Lit>),
    List(Vec<Lit>),
    /// A dict with string keys, in insertion order.
    Dict(Vec<(String, Lit)>),
}

impl Lit {
    /// Python's `repr`, which reads back as the same value.
    pub fn repr(&self) -> String {
        let items = |v: &[Lit]| v.iter().map(Lit::repr).collect::<Vec<_>>().join(", ");
        match self {
            Lit::Int(i) => i.to_string(),
            Lit::Float(f) => crate::pyrepr::float_repr(*f),
            Lit::Bool(true) => "True".into(),
            Lit::Bool(false) => "False".into(),
            Lit::Str(s) => crate::pyrepr::str_repr(s),
            Lit::None => "None".into(),
            Lit::Tuple(v) if v.len() == 1 => format!("({},)", v[0].repr()),
            Lit::Tuple(v) => format!("({})", items(v)),
            Lit::List(v) => format!("[{}]", items(v)),
            Lit::Dict(v) => format!(
                "{{{}}}",
                v.iter()
                    .map(|(k, x)| format!("{}: {}", crate::pyrepr::str_repr(k), x.repr()))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }

    /// Python's truth value.
    pub fn truthy(&self) -> bool {
        match self {
            Lit::Int(i) => *i != 0,
            Lit::Float(f) => *f != 0.0,
            Lit::Bool(b) => *b,
            Lit::Str(s) => !s.is_empty(),
            Lit::None => false,
            Lit::Tuple(v) | Lit::List(v) => !v.is_empty(),
            Lit::Dict(v) => !v.is_empty(),
        }
    }

    /// The value as a number (`bool` is an `int` in Python).
    fn number(&self) -> Option<Num> {
        match self {
            Lit::Int(i) => Some(Num::Int(*i)),
            Lit::Bool(b) => Some(Num::Int(i64::from(*b))),
            Lit::Float(f) => Some(Num::Float(*f)),
            _ => None,
        }
    }

    /// The value as an `int` (`True` is 1).
    pub fn as_int(&self) -> Option<i64> {
        match self.number()? {
            Num::Int(i) => Some(i),
            Num::Float(_) => None,
        }
    }

    /// The value read from a literal expression (`64`, `-1`, `'gelu'`,
    /// `(3, 3)`), with no name in it.
    pub fn of_expr(e: &Expr) -> Option<Lit> {
        eval(e, &NoNames, 0)
    }
}

/// A number in arithmetic.
#[derive(Clone, Copy)]
enum Num {
    Int(i64),
    Float(f64),
}

impl Num {
    fn float(self) -> f64 {
        match self {
            Num::Int(i) => i as f64,
            Num::Float(f) => f,
        }
    }

    fn lit(self) -> Lit {
        match self {
            Num::Int(i) => Lit::Int(i),
            Num::Float(f) => Lit::Float(f),
        }
    }
}

/// What the evaluator asks of its caller: the value of a name, an
/// attribute read or a subscript it cannot compute from the expression
/// alone. `depth` is the nesting so far, to pass on to [`eval`].
pub trait Lookup {
    fn lookup(&self, e: &Expr, depth: u32) -> Option<Lit>;
}

/// A lookup that knows no name.
pub struct NoNames;

impl Lookup for NoNames {
    fn lookup(&self, _: &Expr, _: u32) -> Option<Lit> {
        None
    }
}

/// The value of `e`, or `None` when it depends on something unknown.
pub fn eval(e: &Expr, names: &dyn Lookup, depth: u32) -> Option<Lit> {
    if depth > MAX_DEPTH {
        return None;
    }
    let d = depth + 1;
    let all = |v: &[Expr]| -> Option<Vec<Lit>> {
        if v.len() > MAX_ITEMS {
            return None;
        }
        v.iter().map(|x| eval(x, names, d)).collect()
    };
    match &e.kind {
        ExprKind::Int(i) => Some(Lit::Int(*i)),
        ExprKind::Float(f) => Some(Lit::Float(*f)),
        ExprKind::Bool(b) => Some(Lit::Bool(*b)),
        ExprKind::Str(s) if s.len() <= MAX_STR => Some(Lit::Str(s.clone())),
        ExprKind::NoneLit => Some(Lit::None),
        ExprKind::Tuple(v) => all(v).map(Lit::Tuple),
        ExprKind::List(v) => all(v).map(Lit::List),
        ExprKind::Dict(items) => {
            if items.len() > MAX_ITEMS {
                return None;
            }
            let mut out: Vec<(String, Lit)> = Vec::new();
            for item in items {
                let Lit::Str(k) = eval(item.key.as_ref()?, names, d)? else {
                    return None;
                };
                let v = eval(&item.value, names, d)?;
                match out.iter_mut().find(|(n, _)| *n == k) {
                    Some(slot) => slot.1 = v,
                    None => out.push((k, v)),
                }
            }
            Some(Lit::Dict(out))
        }
        ExprKind::UnaryOp { op, operand } => {
            let v = eval(operand, names, d)?;
            match op {
                UnaryOp::Not => Some(Lit::Bool(!v.truthy())),
                UnaryOp::Neg => match v.number()? {
                    Num::Int(i) => i.checked_neg().map(Lit::Int),
                    Num::Float(f) => Some(Lit::Float(-f)),
                },
                UnaryOp::Pos => v.number().map(Num::lit),
                UnaryOp::Invert => v.as_int().map(|i| Lit::Int(!i)),
            }
        }
        ExprKind::BinOp { .. } => {
            let (bottom, links) = e.binop_spine();
            let mut acc = eval(bottom, names, d)?;
            for (_, op, right) in links {
                acc = binop(&acc, op, &eval(right, names, d)?)?;
            }
            Some(acc)
        }
        ExprKind::BoolOp { op, values } => {
            let mut last = None;
            for v in values {
                let x = eval(v, names, d)?;
                let stop = match op {
                    BoolOp::And => !x.truthy(),
                    BoolOp::Or => x.truthy(),
                };
                last = Some(x);
                if stop {
                    break;
                }
            }
            last
        }
        ExprKind::Compare {
            left,
            ops,
            comparators,
        } => {
            let mut l = eval(left, names, d)?;
            for (op, right) in ops.iter().zip(comparators) {
                let r = eval(right, names, d)?;
                if !compare(&l, *op, &r)? {
                    return Some(Lit::Bool(false));
                }
                l = r;
            }
            Some(Lit::Bool(true))
        }
        ExprKind::IfExp { test, body, orelse } => {
            if eval(test, names, d)?.truthy() {
                eval(body, names, d)
            } else {
                eval(orelse, names, d)
            }
        }
        ExprKind::Subscript { value, index } => {
            let direct = eval(value, names, d)
                .zip(eval(index, names, d))
                .and_then(|(v, i)| subscript(&v, &i));
            direct.or_else(|| names.lookup(e, d))
        }
        ExprKind::Call { func, args } => builtin_call(func, args, names, d),
        ExprKind::Name(_) | ExprKind::Attribute { .. } => names.lookup(e, d),
        _ => None,
    }
}

/// `v[i]` of a tuple, list or dict.
fn subscript(v: &Lit, i: &Lit) -> Option<Lit> {
    match (v, i) {
        (Lit::Tuple(items) | Lit::List(items), _) => {
            let i = i.as_int()?;
            let at = if i < 0 {
                items.len().checked_sub(i.unsigned_abs() as usize)?
            } else {
                i as usize
            };
            items.get(at).cloned()
        }
        (Lit::Dict(items), Lit::Str(k)) => {
            items.iter().find(|(n, _)| n == k).map(|(_, x)| x.clone())
        }
        _ => None,
    }
}

/// The builtins a size is computed with: `int`, `float`, `bool`, `abs`,
/// `min`, `max`, `round`, `len` (names the code might rebind are taken
/// as the builtins: a guess only ever costs a value).
fn builtin_call(func: &Expr, args: &[Arg], names: &dyn Lookup, depth: u32) -> Option<Lit> {
    const BUILTINS: [&str; 8] = ["int", "float", "bool", "abs", "min", "max", "round", "len"];
    let ExprKind::Name(f) = &func.kind else {
        return None;
    };
    let which = BUILTINS.iter().position(|b| b == f)?;
    let mut values = Vec::new();
    for a in args {
        let Arg::Positional(e) = a else {
            return None;
        };
        values.push(eval(e, names, depth)?);
    }
    let one = || match values.as_slice() {
        [v] => Some(v.clone()),
        _ => None,
    };
    match which {
        0 => match one()? {
            Lit::Float(f) if f.is_finite() && f.abs() < 9e18 => Some(Lit::Int(f.trunc() as i64)),
            v => v.as_int().map(Lit::Int),
        },
        1 => one()?.number().map(|n| Lit::Float(n.float())),
        2 => Some(Lit::Bool(one()?.truthy())),
        3 => match one()?.number()? {
            Num::Int(i) => i.checked_abs().map(Lit::Int),
            Num::Float(f) => Some(Lit::Float(f.abs())),
        },
        4 | 5 => {
            let items = match values.as_slice() {
                [Lit::Tuple(v) | Lit::List(v)] => v.clone(),
                _ => values.clone(),
            };
            let mut best: Option<Lit> = None;
            for x in items {
                let better = match &best {
                    None => true,
                    Some(b) if which == 4 => compare(&x, CmpOp::Lt, b)?,
                    Some(b) => compare(&x, CmpOp::Gt, b)?,
                };
                if better {
                    best = Some(x);
                }
            }
            best
        }
        6 => match one()?.number()? {
            Num::Int(i) => Some(Lit::Int(i)),
            // Python rounds half to even.
            Num::Float(f) if f.is_finite() && f.abs() < 9e18 => {
                Some(Lit::Int(f.round_ties_even() as i64))
            }
            Num::Float(_) => None,
        },
        _ => match one()? {
            Lit::Tuple(v) | Lit::List(v) => Some(Lit::Int(v.len() as i64)),
            Lit::Dict(v) => Some(Lit::Int(v.len() as i64)),
            Lit::Str(s) => Some(Lit::Int(s.chars().count() as i64)),
            _ => None,
        },
    }
}

/// `a op b` as Python computes it; `None` for what Python would raise on
/// (or that overflows 64 bits).
fn binop(a: &Lit, op: BinOp, b: &Lit) -> Option<Lit> {
    match (a, b, op) {
        (Lit::Str(x), Lit::Str(y), BinOp::Add) if x.len() + y.len() <= MAX_STR => {
            return Some(Lit::Str(format!("{x}{y}")));
        }
        (Lit::Tuple(x), Lit::Tuple(y), BinOp::Add) if x.len() + y.len() <= MAX_ITEMS => {
            return Some(Lit::Tuple(x.iter().chain(y).cloned().collect()));
        }
        (Lit::List(x), Lit::List(y), BinOp::Add) if x.len() + y.len() <= MAX_ITEMS => {
            return Some(Lit::List(x.iter().chain(y).cloned().collect()));
        }
        (Lit::Tuple(x) | Lit::List(x), n, BinOp::Mul) => {
            let n = usize::try_from(n.as_int()?.max(0)).ok()?;
            if x.len().checked_mul(n)? > MAX_ITEMS {
                return None;
            }
            let items: Vec<Lit> = (0..n).flat_map(|_| x.iter().cloned()).collect();
            return Some(match a {
                Lit::Tuple(_) => Lit::Tuple(items),
                _ => Lit::List(items),
            });
        }
        _ => {}
    }
    match (a.number()?, b.number()?) {
        (Num::Int(x), Num::Int(y)) => int_binop(x, op, y),
        (x, y) => {
            let (x, y) = (x.float(), y.float());
            let v = match op {
                BinOp::Add => x + y,
                BinOp::Sub => x - y,
                BinOp::Mul => x * y,
                BinOp::Div if y != 0.0 => x / y,
                BinOp::FloorDiv if y != 0.0 => (x / y).floor(),
                BinOp::Mod if y != 0.0 => x - y * (x / y).floor(),
                BinOp::Pow => x.powf(y),
                _ => return None,
            };
            v.is_finite().then_some(Lit::Float(v))
        }
    }
}

fn int_binop(x: i64, op: BinOp, y: i64) -> Option<Lit> {
    let v = match op {
        BinOp::Add => x.checked_add(y)?,
        BinOp::Sub => x.checked_sub(y)?,
        BinOp::Mul => x.checked_mul(y)?,
        BinOp::Div if y != 0 => return Some(Lit::Float(x as f64 / y as f64)),
        BinOp::FloorDiv if y != 0 => {
            // Python floors the quotient; Rust truncates it.
            let q = x.checked_div(y)?;
            if x.checked_rem(y)? != 0 && (x < 0) != (y < 0) {
                q - 1
            } else {
                q
            }
        }
        BinOp::Mod if y != 0 => {
            let r = x.checked_rem(y)?;
            if r != 0 && (r < 0) != (y < 0) {
                r + y
            } else {
                r
            }
        }
        BinOp::Pow if (0..=62).contains(&y) => x.checked_pow(y as u32)?,
        BinOp::Pow if (-62..0).contains(&y) && x != 0 => {
            return Some(Lit::Float((x as f64).powi(y as i32)));
        }
        BinOp::LShift if (0..63).contains(&y) => x.checked_shl(y as u32)?,
        BinOp::RShift if y >= 0 => x >> y.min(63),
        BinOp::BitAnd => x & y,
        BinOp::BitOr => x | y,
        BinOp::BitXor => x ^ y,
        _ => return None,
    };
    Some(Lit::Int(v))
}

/// `a op b` for a comparison; `None` when Python would raise or the
/// operands are of kinds this does not compare.
fn compare(a: &Lit, op: CmpOp, b: &Lit) -> Option<bool> {
    use std::cmp::Ordering;
    match op {
        CmpOp::Is => return Some(matches!((a, b), (Lit::None, Lit::None)) || identical_bool(a, b)),
        CmpOp::IsNot => return compare(a, CmpOp::Is, b).map(|x| !x),
        CmpOp::In | CmpOp::NotIn => {
            let found = match b {
                Lit::Tuple(v) | Lit::List(v) => v.iter().any(|x| equal(a, x)),
                Lit::Dict(v) => matches!(a, Lit::Str(k) if v.iter().any(|(n, _)| n == k)),
                Lit::Str(s) => match a {
                    Lit::Str(sub) => s.contains(sub.as_str()),
                    _ => return None,
                },
                _ => return None,
            };
            return Some(found == (op == CmpOp::In));
        }
        CmpOp::Eq => return Some(equal(a, b)),
        CmpOp::NotEq => return Some(!equal(a, b)),
        _ => {}
    }
    let order = match (a, b) {
        (Lit::Str(x), Lit::Str(y)) => x.cmp(y),
        _ => match (a.number()?, b.number()?) {
            (Num::Int(x), Num::Int(y)) => x.cmp(&y),
            (x, y) => x.float().partial_cmp(&y.float())?,
        },
    };
    Some(match op {
        CmpOp::Lt => order == Ordering::Less,
        CmpOp::LtE => order != Ordering::Greater,
        CmpOp::Gt => order == Ordering::Greater,
        _ => order != Ordering::Less,
    })
}

fn identical_bool(a: &Lit, b: &Lit) -> bool {
    matches!((a, b), (Lit::Bool(x), Lit::Bool(y)) if x == y)
}

/// Python's `==` (numbers compare across `int`, `float` and `bool`).
fn equal(a: &Lit, b: &Lit) -> bool {
    match (a.number(), b.number()) {
        (Some(Num::Int(x)), Some(Num::Int(y))) => x == y,
        (Some(x), Some(y)) => x.float() == y.float(),
        _ => match (a, b) {
            (Lit::Tuple(x), Lit::Tuple(y)) | (Lit::List(x), Lit::List(y)) => {
                x.len() == y.len() && x.iter().zip(y).all(|(p, q)| equal(p, q))
            }
            _ => a == b,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(text: &str) -> Option<Lit> {
        let parsed = syntax::parse(&format!("({text})\n"));
        let syntax::ast::StmtKind::Expr(e) = &parsed.module.body[0].kind else {
            panic!("not an expression: {text}");
        };
        Lit::of_expr(e)
    }

    #[test]
    fn arithmetic_follows_python() {
        assert_eq!(value("7 // -2"), Some(Lit::Int(-4)));
        assert_eq!(value("-7 % 3"), Some(Lit::Int(2)));
        assert_eq!(value("7 % -3"), Some(Lit::Int(-2)));
        assert_eq!(value("7 / 2"), Some(Lit::Float(3.5)));
        assert_eq!(value("2 ** 10 + 1"), Some(Lit::Int(1025)));
        assert_eq!(value("64 * 4 // 3"), Some(Lit::Int(85)));
        assert_eq!(value("1 / 0"), None);
        assert_eq!(value("2 ** 64"), None, "past 64 bits is not guessed");
        assert_eq!(
            value("(3,) * 2"),
            Some(Lit::Tuple(vec![Lit::Int(3), Lit::Int(3)]))
        );
        assert_eq!(value("max(1, 48 // 64)"), Some(Lit::Int(1)));
        assert_eq!(value("min([4, 2, 8])"), Some(Lit::Int(2)));
        assert_eq!(value("int(2.9) + round(2.5)"), Some(Lit::Int(4)));
        assert_eq!(value("{'dim': 8}['dim']"), Some(Lit::Int(8)));
        assert_eq!(value("(1, 2, 3)[-1]"), Some(Lit::Int(3)));
        assert_eq!(value("x + 1"), None);
    }

    #[test]
    fn conditions_decide_or_stay_unknown() {
        assert_eq!(value("64 % 4 == 0"), Some(Lit::Bool(true)));
        assert_eq!(value("0 < 3 <= 2"), Some(Lit::Bool(false)));
        assert_eq!(value("'gelu' in ('relu', 'gelu')"), Some(Lit::Bool(true)));
        assert_eq!(value("None is None and 3"), Some(Lit::Int(3)));
        assert_eq!(value("0 or 'a'"), Some(Lit::Str("a".into())));
        assert_eq!(value("not 2 == 2.0"), Some(Lit::Bool(false)));
        assert_eq!(value("a % 4 == 0"), None);
    }

    #[test]
    fn values_print_as_python_reads_them() {
        for text in [
            "1e-05",
            "0.1",
            "(3,)",
            "[1, 2]",
            "{'a': 'x'}",
            "-4",
            "None",
            "True",
        ] {
            assert_eq!(value(text).map(|v| v.repr()).as_deref(), Some(text));
        }
    }

    #[test]
    fn long_chains_and_deep_nesting_stay_bounded() {
        let chain = vec!["1"; 5000].join(" + ");
        assert_eq!(value(&chain), Some(Lit::Int(5000)));
        let deep = format!("{}1{}", "(-".repeat(100), ")".repeat(100));
        assert_eq!(value(&deep), None);
        let long = format!("({})", vec!["1"; 200].join(", "));
        assert_eq!(value(&long), None);
    }
}
