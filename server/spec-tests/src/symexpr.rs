//! Semantic comparison of the symbolic expressions spec fixtures write:
//! shapes (`f32[s0 + s1, 3]`), sym values (`u0 + 2`) and guards
//! (`Eq(x.size()[0], y.size()[0])`, `x.size()[0] > 4`). Two expressions
//! are the same when they agree at several integer points, so
//! `s1 + s0 == s0 + s1` and `Eq(a, b) == Eq(b, a)`; `a > 4` and `a >= 5`
//! are the same integer relation.

use std::collections::HashMap;

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Int(i128),
    Ident(String),
    Op(&'static str),
}

fn tokenize(s: &str) -> Option<Vec<Tok>> {
    const OPS: [&str; 16] = [
        "**", "//", "==", "!=", "<=", ">=", "+", "-", "*", "%", "(", ")", ",", "<", ">", "/",
    ];
    let b = s.as_bytes();
    let mut i = 0;
    let mut out = Vec::new();
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() {
            let st = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            out.push(Tok::Int(s[st..i].parse().ok()?));
        } else if c.is_ascii_alphabetic() || c == b'_' {
            // Identifiers swallow `.size()[N]` and other attribute/index
            // suffixes: `x.size()[0]` and `L['x'].size()[0]` are atoms.
            let st = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            while i < b.len() && (b[i] == b'.' || b[i] == b'[') {
                if b[i] == b'.' {
                    i += 1;
                    while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                        i += 1;
                    }
                    if s[i..].starts_with("()") {
                        i += 2;
                    }
                } else {
                    let end = s[i..].find(']')?;
                    i += end + 1;
                }
            }
            out.push(Tok::Ident(s[st..i].to_string()));
        } else {
            let op = OPS.iter().find(|op| s[i..].starts_with(**op))?;
            out.push(Tok::Op(op));
            i += op.len();
        }
    }
    Some(out)
}

#[derive(Clone, Debug)]
enum Ast {
    Int(i128),
    Sym(String),
    Bin(&'static str, Box<Ast>, Box<Ast>),
    Neg(Box<Ast>),
    Call(String, Vec<Ast>),
}

struct Parser {
    toks: Vec<Tok>,
    pos: usize,
}

impl Parser {
    fn peek_op(&self) -> Option<&'static str> {
        match self.toks.get(self.pos) {
            Some(Tok::Op(o)) => Some(o),
            _ => None,
        }
    }
    fn eat(&mut self, op: &str) -> bool {
        if self.peek_op() == Some(op) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    fn rel(&mut self) -> Option<Ast> {
        let lhs = self.sum()?;
        for op in ["==", "!=", "<=", ">=", "<", ">"] {
            if self.eat(op) {
                let rhs = self.sum()?;
                return Some(Ast::Bin(op, Box::new(lhs), Box::new(rhs)));
            }
        }
        Some(lhs)
    }
    fn sum(&mut self) -> Option<Ast> {
        let mut lhs = self.term()?;
        loop {
            let op = match self.peek_op() {
                Some(o @ ("+" | "-")) => o,
                _ => return Some(lhs),
            };
            self.pos += 1;
            lhs = Ast::Bin(op, Box::new(lhs), Box::new(self.term()?));
        }
    }
    fn term(&mut self) -> Option<Ast> {
        let mut lhs = self.unary()?;
        loop {
            let op = match self.peek_op() {
                Some(o @ ("*" | "//" | "%" | "/")) => o,
                _ => return Some(lhs),
            };
            self.pos += 1;
            lhs = Ast::Bin(op, Box::new(lhs), Box::new(self.unary()?));
        }
    }
    fn unary(&mut self) -> Option<Ast> {
        if self.eat("-") {
            return Some(Ast::Neg(Box::new(self.unary()?)));
        }
        let base = self.atom()?;
        if self.eat("**") {
            return Some(Ast::Bin("**", Box::new(base), Box::new(self.unary()?)));
        }
        Some(base)
    }
    fn atom(&mut self) -> Option<Ast> {
        let tok = self.toks.get(self.pos)?.clone();
        self.pos += 1;
        match tok {
            Tok::Int(i) => Some(Ast::Int(i)),
            Tok::Op("(") => {
                let e = self.rel()?;
                self.eat(")").then_some(e)
            }
            Tok::Ident(name) if self.eat("(") => {
                let mut args = vec![self.rel()?];
                while self.eat(",") {
                    args.push(self.rel()?);
                }
                self.eat(")").then_some(Ast::Call(name, args))
            }
            Tok::Ident(name) => Some(Ast::Sym(name)),
            Tok::Op(_) => None,
        }
    }
}

fn parse(s: &str) -> Option<Ast> {
    let mut p = Parser {
        toks: tokenize(s)?,
        pos: 0,
    };
    let e = p.rel()?;
    (p.pos == p.toks.len()).then_some(e)
}

fn floordiv(a: i128, b: i128) -> Option<i128> {
    if b == 0 {
        return None;
    }
    let q = a / b;
    Some(if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    })
}

/// The value of a symbol at sample point `k`: distinct, > 2, deterministic.
fn sample(name: &str, k: u64) -> i128 {
    let mut h: u64 = 0xcbf29ce484222325 ^ k.wrapping_mul(0x9e3779b97f4a7c15);
    for b in name.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x100000001b3);
    }
    3 + (h % 997) as i128
}

fn eval(e: &Ast, env: &mut dyn FnMut(&str) -> i128) -> Option<i128> {
    Some(match e {
        Ast::Int(i) => *i,
        Ast::Sym(s) => env(s),
        Ast::Neg(a) => -eval(a, env)?,
        Ast::Bin(op, a, b) => {
            let (x, y) = (eval(a, env)?, eval(b, env)?);
            match *op {
                "+" => x.checked_add(y)?,
                "-" => x.checked_sub(y)?,
                "*" => x.checked_mul(y)?,
                "//" => floordiv(x, y)?,
                "%" => x.checked_sub(floordiv(x, y)?.checked_mul(y)?)?,
                "**" => x.checked_pow(u32::try_from(y).ok()?)?,
                _ => return None, // relations and true division are not integers
            }
        }
        Ast::Call(f, args) => {
            let v: Option<Vec<i128>> = args.iter().map(|a| eval(a, env)).collect();
            let v = v?;
            match (f.as_str(), v.as_slice()) {
                ("Max", [a, rest @ ..]) => rest.iter().fold(*a, |m, x| m.max(*x)),
                ("Min", [a, rest @ ..]) => rest.iter().fold(*a, |m, x| m.min(*x)),
                ("FloorDiv", [a, b]) => floordiv(*a, *b)?,
                ("CeilDiv", [a, b]) => -floordiv(-*a, *b)?,
                ("Mod", [a, b]) => a.checked_sub(floordiv(*a, *b)?.checked_mul(*b)?)?,
                _ => return None,
            }
        }
    })
}

const POINTS: u64 = 8;

fn values(e: &Ast) -> Option<Vec<i128>> {
    (0..POINTS)
        .map(|k| {
            let mut cache = HashMap::new();
            eval(e, &mut |s| {
                *cache.entry(s.to_string()).or_insert_with(|| sample(s, k))
            })
        })
        .collect()
}

fn nospace(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

/// Two integer expressions (`s0 + s1`, `4*s0`) are equal.
pub fn same_expr(a: &str, b: &str) -> bool {
    match (
        parse(a).as_ref().and_then(values),
        parse(b).as_ref().and_then(values),
    ) {
        (Some(x), Some(y)) => x == y,
        _ => nospace(a) == nospace(b),
    }
}

/// A relation as (kind, difference): `Eq`/`Ne` keep `lhs - rhs` up to sign;
/// inequalities become `d >= 0` (strict ones `d - 1 >= 0`).
fn relation(s: &str) -> Option<(&'static str, Vec<i128>)> {
    let (kind, lhs, rhs, shift) = match parse(s)? {
        Ast::Call(f, mut args) if args.len() == 2 && (f == "Eq" || f == "Ne") => {
            let rhs = args.pop()?;
            let lhs = args.pop()?;
            (if f == "Eq" { "eq" } else { "ne" }, lhs, rhs, 0)
        }
        Ast::Bin(op, a, b) => match op {
            "==" => ("eq", *a, *b, 0),
            "!=" => ("ne", *a, *b, 0),
            ">=" => ("ge", *a, *b, 0),
            ">" => ("ge", *a, *b, 1),
            "<=" => ("ge", *b, *a, 0),
            "<" => ("ge", *b, *a, 1),
            _ => return None,
        },
        _ => return None,
    };
    let diff = Ast::Bin("-", Box::new(lhs), Box::new(rhs));
    let mut v = values(&diff)?;
    v.iter_mut().for_each(|x| *x -= shift);
    if kind != "ge" && v.iter().find(|x| **x != 0).is_some_and(|x| *x < 0) {
        // Eq(a, b) == Eq(b, a): normalize the sign.
        v.iter_mut().for_each(|x| *x = -*x);
    }
    Some((kind, v))
}

/// Two guards are the same relation over the same atoms.
pub fn same_relation(a: &str, b: &str) -> bool {
    match (relation(a), relation(b)) {
        (Some(x), Some(y)) => x == y,
        _ => nospace(a) == nospace(b),
    }
}

/// Split `a, Max(b, c), d` at top-level commas.
fn split_top(s: &str) -> Vec<&str> {
    let (mut depth, mut start, mut out) = (0i32, 0, Vec::new());
    for (i, ch) in s.char_indices() {
        match ch {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&s[start..]);
    out.into_iter().filter(|p| !p.trim().is_empty()).collect()
}

/// A value as the fixtures write it against one rendered from a report:
/// tensors compare dtype and each dim semantically; sym values compare as
/// expressions; tuples item by item; anything else as text.
pub fn same_value(want: &str, got: &str) -> bool {
    let (want, got) = (want.trim(), got.trim());
    let tensor = |s: &str| -> Option<(String, String)> {
        let open = s.find('[')?;
        let dtype = &s[..open];
        (s.ends_with(']') && !dtype.is_empty() && dtype.bytes().all(|b| b.is_ascii_alphanumeric()))
            .then(|| (dtype.to_string(), s[open + 1..s.len() - 1].to_string()))
    };
    if let (Some((wd, ws)), Some((gd, gs))) = (tensor(want), tensor(got)) {
        let (w, g) = (split_top(&ws), split_top(&gs));
        return wd == gd && w.len() == g.len() && w.iter().zip(&g).all(|(a, b)| same_expr(a, b));
    }
    if let (Some(w), Some(g)) = (
        want.strip_prefix('(').and_then(|s| s.strip_suffix(')')),
        got.strip_prefix('(').and_then(|s| s.strip_suffix(')')),
    ) {
        let (w, g) = (split_top(w), split_top(g));
        return w.len() == g.len() && w.iter().zip(&g).all(|(a, b)| same_value(a, b));
    }
    if tensor(want).is_some() || tensor(got).is_some() {
        return false;
    }
    same_expr(want, got)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expressions_compare_semantically() {
        assert!(same_expr("s0 + s1", "s1 + s0"));
        assert!(same_expr("4*s0", "s0*4"));
        assert!(same_expr("(s0 - 1)//2 + 1", "((s0 + 1)//2)"));
        assert!(!same_expr("s0 - 1", "s0 + 1"));
        assert!(!same_expr("s0", "s1"));
        assert!(same_expr("Max(s0, 3)", "Max(3, s0)"));
    }

    #[test]
    fn values_compare_dtype_and_dims() {
        assert!(same_value("f32[s0 + s1, 3]", "f32[s1 + s0, 3]"));
        assert!(!same_value("f32[3]", "f16[3]"));
        assert!(!same_value("f32[3, 2]", "f32[3]"));
        assert!(!same_value("f32[3]", "3"));
        assert!(same_value("f32[]", "f32[]"));
        assert!(same_value("u0 + 2", "2 + u0"));
        assert!(same_value("(f32[2], i64[2])", "(f32[2], i64[2])"));
    }

    #[test]
    fn relations_compare_semantically() {
        assert!(same_relation(
            "Eq(x.size()[0], y.size()[0])",
            "Eq(y.size()[0], x.size()[0])"
        ));
        assert!(same_relation("x.size()[0] > 4", "x.size()[0] >= 5"));
        assert!(same_relation("x.size()[0] > 4", "4 < x.size()[0]"));
        assert!(!same_relation("x.size()[0] > 4", "x.size()[0] >= 4"));
        assert!(!same_relation("Eq(x.size()[0], 4)", "Ne(x.size()[0], 4)"));
        assert!(!same_relation(
            "Eq(x.size()[0], y.size()[0])",
            "Eq(x.size()[0], y.size()[1])"
        ));
        assert!(same_relation(
            "Ne(x.size()[0] - 1, 1)",
            "Ne(x.size()[0], 2)"
        ));
    }
}
