//! Unit and property tests for symbolic expressions.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use super::*;

fn s(i: u32) -> SymExpr {
    SymExpr::symbol(SymbolId(i))
}

fn int(v: i64) -> SymExpr {
    SymExpr::int(v)
}

fn hash_of(e: &SymExpr) -> u64 {
    let mut h = DefaultHasher::new();
    e.hash(&mut h);
    h.finish()
}

fn assert_same(a: &SymExpr, b: &SymExpr) {
    assert_eq!(a, b);
    assert_eq!(hash_of(a), hash_of(b), "hash of {a} and {b}");
}

#[test]
fn sums_are_canonical() {
    assert_same(&(&s(0) + &s(1)), &(&s(1) + &s(0)));
    assert_same(
        &int(2).mul(&(&s(0) + &int(1))),
        &(&int(2).mul(&s(0)) + &int(2)),
    );
    assert_same(&(&s(0) - &s(0)), &int(0));
    assert!((&s(0) - &s(0)).is_zero());
    assert_same(&(&(&s(0) + &s(1)) + &s(2)), &(&s(2) + &(&s(1) + &s(0))));
    assert_same(&(&(&s(0) + &int(3)) - &int(3)), &s(0));
    assert_ne!(s(0), s(1));
    assert_ne!(s(0), &s(0) + &int(1));
}

#[test]
fn products_are_canonical() {
    let a = &s(0) + &int(1);
    let b = &s(0) - &int(1);
    assert_same(&a.mul(&b), &(&s(0).pow(2) - &int(1)));
    assert_same(&(&s(0) * &s(1)), &(&s(1) * &s(0)));
    assert_same(&(&s(0) * &s(0)), &s(0).pow(2));
    assert_same(&s(0).mul(&int(0)), &int(0));
    assert_same(&s(0).mul(&int(1)), &s(0));
    assert_same(&a.pow(2), &(&(&s(0).pow(2) + &int(2).mul(&s(0))) + &int(1)));
    assert_same(&a.pow(0), &int(1));
    assert_same(&(-&(-&s(3))), &s(3));
    let fd = s(0).floordiv(&int(2));
    assert_same(&(&fd * &s(1)), &(&s(1) * &fd));
    assert_same(&(&fd * &fd), &fd.pow(2));
}

#[test]
fn constants_fold_with_python_semantics() {
    assert_eq!(int(-7).floordiv(&int(2)), int(-4));
    assert_eq!(int(7).floordiv(&int(-2)), int(-4));
    assert_eq!(int(-7).floordiv(&int(-2)), int(3));
    assert_eq!(int(7).floordiv(&int(2)), int(3));
    assert_eq!(int(-7).modulo(&int(2)), int(1));
    assert_eq!(int(7).modulo(&int(-2)), int(-1));
    assert_eq!(int(-7).modulo(&int(-2)), int(-1));
    assert_eq!(int(6).modulo(&int(3)), int(0));
    assert_eq!(int(i64::MIN).modulo(&int(-1)), int(0));
    assert_eq!(int(3).max(&int(5)), int(5));
    assert_eq!(int(3).min(&int(-5)), int(-5));
    assert_eq!(int(2).pow(10), int(1024));
    assert_eq!(int(-3).pow(3), int(-27));
    assert_eq!(&int(2) * &int(-4), int(-8));
}

#[test]
fn floordiv_simplifications() {
    // x // 1 == x, x // -1 == -x, 0 // x == 0.
    assert_eq!(s(0).floordiv(&int(1)), s(0));
    assert_eq!(s(0).floordiv(&int(-1)), -&s(0));
    assert_eq!(int(0).floordiv(&s(0)), int(0));
    // Terms divisible by the constant divisor are pulled out.
    assert_eq!(int(4).mul(&s(0)).floordiv(&int(2)), int(2).mul(&s(0)));
    let two_s0 = int(2).mul(&s(0));
    assert_eq!((&two_s0 + &int(2)).floordiv(&int(2)), &s(0) + &int(1));
    assert_eq!((&two_s0 + &int(3)).floordiv(&int(2)), &s(0) + &int(1));
    assert_eq!(
        (&s(0) + &int(4)).floordiv(&int(2)),
        &s(0).floordiv(&int(2)) + &int(2)
    );
    assert_eq!(
        (&int(6).mul(&s(0)) + &s(1)).floordiv(&int(3)),
        &int(2).mul(&s(0)) + &s(1).floordiv(&int(3))
    );
    // What cannot be pulled out stays a FloorDiv atom.
    let e = (&s(1) - &int(1)).floordiv(&int(2));
    let atom = e.as_atom().expect("a FloorDiv atom");
    assert_eq!(atom.kind(), AtomKind::FloorDiv(&(&s(1) - &int(1)), &int(2)));
    // Nested floor divisions by positive constants merge.
    assert_eq!(
        s(0).floordiv(&int(2)).floordiv(&int(3)),
        s(0).floordiv(&int(6))
    );
    assert_eq!(
        s(0).floordiv(&s(1)).floordiv(&int(2)),
        s(0).floordiv(&int(2).mul(&s(1)))
    );
    // Common integer and syntactic factors cancel.
    assert_eq!(
        (&two_s0 + &int(2)).floordiv(&int(4)),
        (&s(0) + &int(1)).floordiv(&int(2))
    );
    assert_eq!(two_s0.floordiv(&int(4)), s(0).floordiv(&int(2)));
    assert_eq!((&s(0) * &s(1)).floordiv(&s(0)), s(1));
    assert_eq!(
        int(4).mul(&s(0)).mul(&s(1)).floordiv(&two_s0),
        int(2).mul(&s(1))
    );
    assert_eq!(
        (&(&s(0) * &s(1)) + &(&s(0) * &s(2))).floordiv(&s(0)),
        &s(1) + &s(2)
    );
    assert_eq!(s(0).floordiv(&s(0)), int(1));
    // Nothing in common: stays.
    assert!(s(0).floordiv(&s(1)).as_atom().is_some());
    assert_eq!(
        s(0).checked_floordiv(&int(0)),
        Err(SymError::DivisionByZero)
    );
    assert_eq!(
        s(0).checked_floordiv(&(&s(1) - &s(1))),
        Err(SymError::DivisionByZero)
    );
}

#[test]
fn a_sum_divided_by_a_sum_it_is_a_multiple_of_is_the_constant() {
    // (4*s0*L - 4*s0) // (s0*L - s0) with L = s1 // 10: the view's -1 of a
    // [s0, L - 1, 64] tensor split into heads of 16.
    let l = s(1).floordiv(&int(10));
    let q = &(&s(0) * &l) - &s(0);
    let p = &int(4) * &q;
    assert_eq!(p.floordiv(&q), int(4));
    assert_eq!(int(64).floordiv(&p.floordiv(&q)), int(16));
    // Not a multiple: stays a floor division.
    let r = &p + &int(1);
    assert!(r.floordiv(&q).as_const().is_none());
    // A constant multiple that is not an integer: stays too.
    let half = &(&int(2) * &s(0)) + &int(1);
    assert!(half.floordiv(&(&int(4) * &s(0))).as_const().is_none());
}

#[test]
fn mod_simplifications() {
    let two_s0 = int(2).mul(&s(0));
    assert_eq!((&two_s0 + &int(3)).modulo(&int(2)), int(1));
    assert_eq!(int(4).mul(&s(0)).modulo(&int(2)), int(0));
    assert_eq!((&s(0) + &int(4)).modulo(&int(4)), s(0).modulo(&int(4)));
    assert_eq!(
        (&s(1) + &int(4).mul(&s(0))).modulo(&int(4)),
        s(1).modulo(&int(4))
    );
    assert_eq!(s(0).modulo(&int(1)), int(0));
    assert_eq!(s(0).modulo(&int(-1)), int(0));
    assert_eq!(s(0).modulo(&s(0)), int(0));
    assert_eq!(s(0).modulo(&-&s(0)), int(0));
    assert_eq!((&s(0) * &s(1)).modulo(&s(0)), int(0));
    assert_eq!(int(0).modulo(&s(0)), int(0));
    let m = s(0).modulo(&int(4));
    assert_eq!(
        m.as_atom().map(Atom::kind),
        Some(AtomKind::Mod(&s(0), &int(4)))
    );
    assert!((&s(0) + &s(1)).modulo(&s(0)).as_atom().is_some());
    // A constant multiple of a sum: Mod(64*(s0*s1 - s0), s0*s1 - s0) == 0.
    let sum = &(&s(0) * &s(1)) - &s(0);
    assert_eq!(int(64).mul(&sum).modulo(&sum), int(0));
    assert!(
        int(64)
            .mul(&sum)
            .modulo(&(&sum + &int(1)))
            .as_atom()
            .is_some()
    );
    assert_eq!(s(0).checked_modulo(&int(0)), Err(SymError::DivisionByZero));
}

#[test]
fn max_min_simplifications() {
    assert_eq!(s(0).max(&s(0)), s(0));
    assert_eq!(s(0).min(&s(0)), s(0));
    assert_same(&s(0).max(&s(1)), &s(1).max(&s(0)));
    assert_same(&s(0).max(&s(1)).max(&s(2)), &s(2).max(&s(1).max(&s(0))));
    let m = s(0).max(&s(1)).max(&s(2));
    assert!(matches!(m.as_atom().map(Atom::kind), Some(AtomKind::Max(args)) if args.len() == 3));
    assert_eq!(s(0).max(&int(3)).max(&int(5)), s(0).max(&int(5)));
    assert_eq!(s(0).max(&s(0).min(&s(1))), s(0));
    assert_eq!(s(0).min(&s(0).max(&s(1))), s(0));
    assert_eq!(int(5).max(&int(3).min(&s(0))), int(5));
    assert_eq!(int(1).min(&int(3).max(&s(0))), int(1));
    assert_ne!(s(0).max(&s(1)), s(0).min(&s(1)));
}

#[test]
fn overflow_is_an_error_not_a_panic() {
    let max = int(i64::MAX);
    assert_eq!(max.checked_add(&int(1)), Err(SymError::Overflow));
    assert_eq!(int(i64::MIN).checked_sub(&int(1)), Err(SymError::Overflow));
    assert_eq!(int(i64::MIN).checked_neg(), Err(SymError::Overflow));
    assert_eq!(max.checked_mul(&int(2)), Err(SymError::Overflow));
    let big = s(0).mul(&max);
    assert_eq!(big.checked_add(&s(0)), Err(SymError::Overflow));
    assert_eq!(big.checked_mul(&int(2)), Err(SymError::Overflow));
    assert_eq!(big.checked_mul(&(&s(1) + &int(2))), Err(SymError::Overflow));
    assert_eq!(int(2).checked_pow(64), Err(SymError::Overflow));
    assert_eq!(
        s(0).mul(&int(1 << 32)).checked_pow(2),
        Err(SymError::Overflow)
    );
    assert_eq!(
        int(i64::MIN).checked_floordiv(&int(-1)),
        Err(SymError::Overflow)
    );
    assert_eq!(
        s(0).pow(u32::MAX).checked_mul(&s(0)),
        Err(SymError::Overflow)
    );
    // Intermediate values may exceed i64 when the result does not.
    assert_eq!(max.checked_sub(&int(-1)), Err(SymError::Overflow));
    assert_eq!(int(-1).checked_sub(&int(i64::MIN)), Ok(max.clone()));
    assert_eq!((&s(0) + &max).checked_sub(&max), Ok(s(0)));
}

#[test]
#[should_panic(expected = "overflow")]
fn infallible_ops_panic_on_overflow() {
    let _ = int(i64::MAX).add(&int(1));
}

#[test]
fn queries() {
    assert_eq!(int(5).as_const(), Some(5));
    assert_eq!(s(0).as_const(), None);
    assert!(int(5).is_const());
    assert!(!s(0).is_const());
    assert_eq!(s(7).as_symbol(), Some(SymbolId(7)));
    assert_eq!((&s(7) + &int(1)).as_symbol(), None);
    assert_eq!(int(2).mul(&s(7)).as_symbol(), None);
    assert_eq!(s(7).pow(2).as_symbol(), None);
    assert_eq!(SymExpr::from(SymbolId(3)), s(3));
    assert_eq!(SymExpr::from(4), int(4));
    assert_eq!(SymExpr::default(), int(0));

    let e = &(&s(0) * &s(1)) + &(&s(2) + &int(1)).floordiv(&s(3));
    let syms: Vec<u32> = e.symbols().into_iter().map(|id| id.0).collect();
    assert_eq!(syms, [0, 1, 2, 3]);
    assert!(e.free_of(SymbolId(4)));
    assert!(!e.free_of(SymbolId(2)));

    let lin = &(&int(3).mul(&s(0)) - &s(1)) + &int(7);
    assert!(lin.is_linear_in(SymbolId(0)));
    assert_eq!(lin.coeff_of(SymbolId(0)), Some(3));
    assert_eq!(lin.coeff_of(SymbolId(1)), Some(-1));
    assert_eq!(lin.coeff_of(SymbolId(9)), Some(0));
    assert!(!e.is_linear_in(SymbolId(0)));
    assert_eq!(e.coeff_of(SymbolId(2)), None);
    assert_eq!(s(0).pow(2).coeff_of(SymbolId(0)), None);
    assert_eq!(lin.constant(), 7);
    assert_eq!(lin.terms().len(), 2);
    let t = lin.terms().iter().find(|t| t.coeff() == 3).unwrap();
    assert_eq!(t.factors().len(), 1);
    assert_eq!(t.factors()[0].pow(), 1);
    assert_eq!(t.factors()[0].atom().kind(), AtomKind::Symbol(SymbolId(0)));
}

#[test]
fn eval_uses_python_semantics() {
    let values = |id: SymbolId| match id.0 {
        0 => Some(-7),
        1 => Some(2),
        2 => Some(0),
        _ => None,
    };
    assert_eq!(int(5).eval(&values), Some(5));
    assert_eq!((&s(0) + &s(1)).eval(&values), Some(-5));
    assert_eq!(s(0).floordiv(&s(1)).eval(&values), Some(-4));
    assert_eq!(s(0).modulo(&s(1)).eval(&values), Some(1));
    assert_eq!(s(0).max(&s(1)).eval(&values), Some(2));
    assert_eq!(s(0).min(&s(1)).min(&s(2)).eval(&values), Some(-7));
    assert_eq!((&s(0) * &s(1)).pow(2).eval(&values), Some(196));
    assert_eq!(s(3).eval(&values), None);
    assert_eq!(s(0).floordiv(&s(2)).eval(&values), None);
    assert_eq!(s(0).modulo(&s(2)).eval(&values), None);
    let huge = |_: SymbolId| Some(i64::MAX);
    assert_eq!((&s(0) + &int(1)).eval(&huge), None);
    assert_eq!((&s(0) - &int(1)).eval(&huge), Some(i64::MAX - 1));
    assert_eq!((&s(0) * &s(0)).eval(&huge), None);
    // Intermediate terms may exceed i64 when the sum does not.
    assert_eq!((&(&s(0) * &int(2)) - &s(0)).eval(&huge), Some(i64::MAX));
    assert_eq!((&(&s(0) + &s(1)) - &s(2)).eval(&huge), Some(i64::MAX));
}

#[test]
fn substitution_recanonicalizes() {
    let e = (&s(0) + &int(2)).floordiv(&int(2));
    assert_eq!(e.substitute(&|id| (id.0 == 0).then(|| int(4))), int(3));
    let e = &int(2).mul(&s(0)) + &s(1);
    let sub = e.substitute(&|id| (id.0 == 0).then(|| &s(1) + &int(1)));
    assert_eq!(sub, &int(3).mul(&s(1)) + &int(2));
    let e = s(0).modulo(&s(1)).max(&s(2));
    assert_eq!(
        e.substitute(&|id| match id.0 {
            0 => Some(int(7)),
            1 => Some(int(4)),
            _ => None,
        }),
        int(3).max(&s(2))
    );
    // Nothing to replace: the same expression comes back.
    assert_eq!(e.substitute(&|_| None), e);
    assert_eq!(
        s(0).floordiv(&s(1))
            .checked_substitute(&|id| (id.0 == 1).then(|| int(0))),
        Err(SymError::DivisionByZero)
    );
    assert_eq!(
        s(0).pow(2).checked_substitute(&|_| Some(int(i64::MAX))),
        Err(SymError::Overflow)
    );
}

#[test]
fn solve_linear_equations() {
    let (s0, s1) = (SymbolId(0), SymbolId(1));
    let e = &(&s(1) - &s(0)) - &int(2);
    assert_eq!(e.solve_linear(s1), Some(&s(0) + &int(2)));
    assert_eq!(e.solve_linear(s0), Some(&s(1) - &int(2)));
    let e = &int(3).mul(&s(0)) - &s(1);
    assert_eq!(SymExpr::solve_linear(&e, s1), Some(int(3).mul(&s(0))));
    assert_eq!(e.solve_linear(s0), None);
    assert_eq!(
        (&int(2).mul(&s(0)) - &int(6)).solve_linear(s0),
        Some(int(3))
    );
    assert_eq!((&int(2).mul(&s(0)) - &s(1)).solve_linear(s0), None);
    assert_eq!(
        (&int(2).mul(&s(0)) - &int(2).mul(&s(1))).solve_linear(s0),
        Some(s(1))
    );
    assert_eq!(s(0).solve_linear(s0), Some(int(0)));
    assert_eq!(s(1).solve_linear(s0), None);
    assert_eq!((&s(0) * &s(1)).solve_linear(s0), None);
    assert_eq!((&s(0) + &s(0).floordiv(&int(2))).solve_linear(s0), None);
    assert_eq!(
        (&s(0) + &s(1).floordiv(&int(2))).solve_linear(s0),
        Some(-&s(1).floordiv(&int(2)))
    );
}

fn show(e: &SymExpr) -> String {
    e.to_string()
}

#[test]
fn prints_sums_like_sympy() {
    assert_eq!(show(&(&s(0) + &int(2))), "s0 + 2");
    assert_eq!(show(&(&s(0) - &int(1))), "s0 - 1");
    assert_eq!(show(&(&int(2).mul(&s(0)) + &int(1))), "2*s0 + 1");
    assert_eq!(show(&(&s(1) + &s(0))), "s0 + s1");
    assert_eq!(show(&(&(&s(0) * &s(1)) + &int(4))), "s0*s1 + 4");
    assert_eq!(show(&(&int(5) - &s(0))), "5 - s0");
    assert_eq!(show(&(&int(5) - &int(2).mul(&s(0)))), "5 - 2*s0");
    assert_eq!(show(&(&int(5) - &s(0).pow(2))), "5 - s0**2");
    assert_eq!(show(&(&s(1) - &s(0))), "-s0 + s1");
    assert_eq!(show(&(&-&s(0) - &int(1))), "-s0 - 1");
    assert_eq!(show(&(&(&int(5) - &s(0)) - &s(1))), "-s0 - s1 + 5");
    assert_eq!(show(&(&int(5) - &(&s(0) * &s(1)))), "-s0*s1 + 5");
    assert_eq!(show(&(&s(0).pow(2) + &s(1))), "s0**2 + s1");
    // Lexicographic, not by degree: `x + y**2`.
    assert_eq!(show(&(&s(0) + &s(1).pow(2))), "s0 + s1**2");
    // A common monomial sharing no symbol with the rest is taken out, as
    // in the product of sizes torch builds (see `prints_products_of_sums`).
    assert_eq!(show(&(&(&s(0) * &s(1)) + &s(0))), "s0*(s1 + 1)");
    assert_eq!(show(&(&s(0).pow(2) - &int(3).mul(&s(0)))), "s0**2 - 3*s0");
    assert_eq!(
        show(&(&(&s(0).pow(2) - &int(3).mul(&s(0))) + &int(2))),
        "s0**2 - 3*s0 + 2"
    );
    assert_eq!(show(&(&s(10) + &s(2))), "s10 + s2");
}

#[test]
fn prints_products_and_constants_like_sympy() {
    assert_eq!(show(&int(0)), "0");
    assert_eq!(show(&int(-3)), "-3");
    assert_eq!(show(&s(0)), "s0");
    assert_eq!(show(&-&s(0)), "-s0");
    assert_eq!(show(&int(4).mul(&s(0))), "4*s0");
    assert_eq!(show(&int(-2).mul(&s(1))), "-2*s1");
    assert_eq!(show(&(&s(1) * &s(0))), "s0*s1");
    assert_eq!(show(&(&s(77) * &s(1))), "s1*s77");
    assert_eq!(show(&(&s(2) * &s(10))), "s10*s2");
    assert_eq!(show(&s(0).pow(2)), "s0**2");
    assert_eq!(show(&(&s(0).pow(2) * &s(1))), "s0**2*s1");
    assert_eq!(show(&int(-3).mul(&s(0)).mul(&s(1).pow(3))), "-3*s0*s1**3");
    assert_eq!(show(&int(i64::MIN)), "-9223372036854775808");
    assert_eq!(
        show(&(&int(i64::MIN).mul(&s(0)) + &int(i64::MIN))),
        "-9223372036854775808*s0 - 9223372036854775808"
    );
}

#[test]
fn prints_products_of_sums_as_sympy_keeps_them() {
    // torch's numel of `[s0, 32, (s1//10) - 1]` and its square.
    let t = &s(1).floordiv(&int(10)) - &int(1);
    let n = s(0).mul(&t);
    assert_eq!(show(&int(32).mul(&n)), "32*s0*(((s1//10)) - 1)");
    assert_eq!(show(&n), "s0*(((s1//10)) - 1)");
    assert_eq!(show(&n.mul(&t)), "s0*(((s1//10)) - 1)**2");
    assert_eq!(show(&int(-4).mul(&n)), "-4*s0*(((s1//10)) - 1)");
    // A number alone times a sum is distributed, as sympy does.
    assert_eq!(show(&int(32).mul(&t)), "32*((s1//10)) - 32");
    // A lone power of a sum, with and without a coefficient.
    let u = &s(0) + &int(1);
    assert_eq!(show(&u.pow(2)), "(s0 + 1)**2");
    assert_eq!(show(&int(4).mul(&u.pow(3))), "4*(s0 + 1)**3");
    assert_eq!(show(&(&s(0) - &s(1)).pow(2)), "(s0 - s1)**2");
    // Factors sort by `default_sort_key`: a symbol before the sum, the sum
    // before a `FloorDiv`.
    let fd = s(2).floordiv(&int(2));
    assert_eq!(show(&fd.mul(&u)), "(s0 + 1)*((s2//2))");
    assert_eq!(show(&s(3).mul(&fd).mul(&u)), "s3*(s0 + 1)*((s2//2))");
    // Inside a function: the argument is the product.
    assert_eq!(show(&s(0).modulo(&n)), "Mod(s0, s0*(((s1//10)) - 1))");
    assert_eq!(show(&n.floordiv(&int(3))), "((s0*(((s1//10)) - 1))//3)");
    // A sum that is no product stays a sum.
    assert_eq!(show(&(&(&s(0) * &s(1)) + &int(1))), "s0*s1 + 1");
    assert_eq!(show(&(&u.pow(2) + &int(1))), "s0**2 + 2*s0 + 2");
}

#[test]
fn prints_functions_like_torch() {
    let fd = s(0).floordiv(&int(2));
    assert_eq!(show(&fd), "(s0//2)");
    let fd1 = (&s(1) - &int(1)).floordiv(&int(2));
    assert_eq!(show(&fd1), "((s1 - 1)//2)");
    assert_eq!(show(&(&fd1 + &int(1))), "(((s1 - 1)//2)) + 1");
    assert_eq!(show(&(&s(0) + &int(1)).floordiv(&int(2))), "((s0 + 1)//2)");
    assert_eq!(show(&int(8).mul(&fd)), "8*((s0//2))");
    assert_eq!(show(&-&fd), "-((s0//2))");
    assert_eq!(show(&(&s(0) - &fd)), "s0 - ((s0//2))");
    assert_eq!(show(&(&int(5) - &fd)), "5 - ((s0//2))");
    assert_eq!(show(&(&s(1) + &fd)), "s1 + ((s0//2))");
    assert_eq!(show(&(&fd * &s(1))), "s1*((s0//2))");
    assert_eq!(show(&fd.pow(2)), "((s0//2))**2");
    assert_eq!(show(&int(2).mul(&s(0)).floordiv(&int(3))), "((2*s0)//3)");
    assert_eq!(show(&s(0).pow(2).floordiv(&int(3))), "((s0**2)//3)");
    assert_eq!(show(&(-&s(0)).floordiv(&int(2))), "((-s0)//2)");
    assert_eq!(show(&s(0).floordiv(&s(1))), "(s0//s1)");
    assert_eq!(
        show(&s(0).floordiv(&s(1)).floordiv(&int(2))),
        "(s0//(2*s1))"
    );
    // Merging under a symbolic divisor needs it positive, which torch
    // assumes but this algebra does not.
    assert_eq!(
        show(&s(0).floordiv(&int(2)).floordiv(&s(1))),
        "(((s0//2))//s1)"
    );
    assert_eq!(show(&s(0).floordiv(&(&s(1) + &int(1)))), "(s0//(s1 + 1))");

    let m = s(0).modulo(&int(4));
    assert_eq!(show(&m), "Mod(s0, 4)");
    assert_eq!(show(&(&s(0) + &int(1)).modulo(&s(1))), "Mod(s0 + 1, s1)");
    // torch's Mod has precedence 35, like FloorDiv.
    assert_eq!(show(&(&m + &int(1))), "(Mod(s0, 4)) + 1");
    assert_eq!(show(&int(2).mul(&m)), "2*(Mod(s0, 4))");
    assert_eq!(
        show(&(&fd + &s(0).modulo(&int(2)))),
        "((s0//2)) + (Mod(s0, 2))"
    );

    assert_eq!(show(&s(0).max(&int(1))), "Max(1, s0)");
    assert_eq!(show(&int(1).min(&s(0))), "Min(1, s0)");
    assert_eq!(show(&s(1).max(&s(0))), "Max(s0, s1)");
    assert_eq!(show(&s(0).max(&s(1)).max(&s(2))), "Max(s0, s1, s2)");
    assert_eq!(show(&(&s(0) + &int(1)).max(&s(1))), "Max(s1, s0 + 1)");
    assert_eq!(show(&int(2).mul(&s(0)).max(&s(0))), "Max(s0, 2*s0)");
    assert_eq!(show(&(&s(0).max(&s(1)) + &int(1))), "Max(s0, s1) + 1");
    assert_eq!(show(&int(2).mul(&s(0).max(&int(1)))), "2*Max(1, s0)");
    assert_eq!(show(&(&s(1) + &s(0).max(&int(1)))), "s1 + Max(1, s0)");
}

#[test]
fn prints_with_custom_names() {
    let source = |id: SymbolId| match id.0 {
        0 => "x.size()[0]".to_owned(),
        1 => "y.size()[1]".to_owned(),
        n => format!("u{n}"),
    };
    let e = &(&s(1) + &s(0)) + &int(1);
    assert_eq!(
        e.display(&source).to_string(),
        "x.size()[0] + y.size()[1] + 1"
    );
    assert_eq!(
        s(5).floordiv(&int(2)).display(&source).to_string(),
        "(u5//2)"
    );
    // Ordered by one naming, printed with another.
    let reversed = |id: SymbolId| format!("{}", 9 - id.0);
    let order = |id: SymbolId| format!("s{}", id.0);
    assert_eq!(
        (&s(0) - &s(1))
            .display_with_order(&reversed, &order)
            .to_string(),
        "9 - 8"
    );
    assert_eq!(
        (&s(1) - &s(0))
            .display_with_order(&reversed, &order)
            .to_string(),
        "-9 + 8"
    );
    assert_eq!(format!("{:?}", &s(0) + &int(1)), "SymExpr(s0 + 1)");
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }
}

/// An expression as written, evaluated directly with Python semantics.
#[derive(Clone, Debug)]
enum Tree {
    Const(i64),
    Sym(u32),
    Add(Box<Tree>, Box<Tree>),
    Sub(Box<Tree>, Box<Tree>),
    Mul(Box<Tree>, Box<Tree>),
    Neg(Box<Tree>),
    Pow(Box<Tree>, u32),
    FloorDiv(Box<Tree>, Box<Tree>),
    Mod(Box<Tree>, Box<Tree>),
    Max(Box<Tree>, Box<Tree>),
    Min(Box<Tree>, Box<Tree>),
}

const SYMBOLS: u32 = 4;

fn gen_tree(rng: &mut Rng, depth: u32) -> Tree {
    if depth == 0 || rng.below(4) == 0 {
        return if rng.below(2) == 0 {
            Tree::Const(rng.range(-6, 6))
        } else {
            Tree::Sym(rng.below(SYMBOLS.into()) as u32)
        };
    }
    let mut sub = || Box::new(gen_tree(rng, depth - 1));
    let (a, b) = (sub(), sub());
    match rng.below(10) {
        0 | 1 => Tree::Add(a, b),
        2 => Tree::Sub(a, b),
        3 => Tree::Mul(a, b),
        4 => Tree::Neg(a),
        5 => Tree::Pow(a, rng.below(4) as u32),
        6 => Tree::FloorDiv(a, b),
        7 => Tree::Mod(a, b),
        8 => Tree::Max(a, b),
        _ => Tree::Min(a, b),
    }
}

impl Tree {
    /// Builds the canonical expression; `mirror` swaps the operands of
    /// commutative operations, which must not change the result.
    fn build(&self, mirror: bool) -> SymResult<SymExpr> {
        let pair = |a: &Tree, b: &Tree| -> SymResult<(SymExpr, SymExpr)> {
            let (x, y) = (a.build(mirror)?, b.build(mirror)?);
            Ok(if mirror { (y, x) } else { (x, y) })
        };
        match self {
            Tree::Const(c) => Ok(int(*c)),
            Tree::Sym(i) => Ok(s(*i)),
            Tree::Add(a, b) => pair(a, b).and_then(|(x, y)| x.checked_add(&y)),
            Tree::Sub(a, b) => a.build(mirror)?.checked_sub(&b.build(mirror)?),
            Tree::Mul(a, b) => pair(a, b).and_then(|(x, y)| x.checked_mul(&y)),
            Tree::Neg(a) => a.build(mirror)?.checked_neg(),
            Tree::Pow(a, n) => a.build(mirror)?.checked_pow(*n),
            Tree::FloorDiv(a, b) => a.build(mirror)?.checked_floordiv(&b.build(mirror)?),
            Tree::Mod(a, b) => a.build(mirror)?.checked_modulo(&b.build(mirror)?),
            Tree::Max(a, b) => pair(a, b).map(|(x, y)| x.max(&y)),
            Tree::Min(a, b) => pair(a, b).map(|(x, y)| x.min(&y)),
        }
    }

    fn eval(&self, vals: &[i64]) -> Option<i64> {
        Some(match self {
            Tree::Const(c) => *c,
            Tree::Sym(i) => vals[*i as usize],
            Tree::Add(a, b) => a.eval(vals)?.checked_add(b.eval(vals)?)?,
            Tree::Sub(a, b) => a.eval(vals)?.checked_sub(b.eval(vals)?)?,
            Tree::Mul(a, b) => a.eval(vals)?.checked_mul(b.eval(vals)?)?,
            Tree::Neg(a) => a.eval(vals)?.checked_neg()?,
            Tree::Pow(a, n) => a.eval(vals)?.checked_pow(*n)?,
            Tree::FloorDiv(a, b) => py_floordiv(a.eval(vals)?, b.eval(vals)?)?,
            Tree::Mod(a, b) => py_mod(a.eval(vals)?, b.eval(vals)?)?,
            Tree::Max(a, b) => a.eval(vals)?.max(b.eval(vals)?),
            Tree::Min(a, b) => a.eval(vals)?.min(b.eval(vals)?),
        })
    }
}

#[test]
fn canonical_form_agrees_with_direct_evaluation() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut checked = 0;
    for _ in 0..4000 {
        let tree = gen_tree(&mut rng, 4);
        let Ok(expr) = tree.build(false) else {
            continue;
        };
        // Commuted operands give the identical canonical form.
        assert_eq!(tree.build(true).as_ref(), Ok(&expr), "mirror of {tree:?}");
        // Printing never fails and is deterministic.
        assert_eq!(expr.to_string(), expr.clone().to_string());
        for _ in 0..8 {
            let vals: Vec<i64> = (0..SYMBOLS).map(|_| rng.range(-6, 6)).collect();
            let Some(expected) = tree.eval(&vals) else {
                continue;
            };
            let lookup = |id: SymbolId| vals.get(id.0 as usize).copied();
            assert_eq!(
                expr.eval(&lookup),
                Some(expected),
                "{expr} at {vals:?} from {tree:?}"
            );
            // Substitution folds step by step in i64, so a high power of a
            // cancelling difference may overflow where the value does not.
            match expr.checked_substitute(&|id| lookup(id).map(int)) {
                Ok(value) => assert_eq!(value, int(expected), "{expr} at {vals:?}"),
                Err(err) => assert_eq!(err, SymError::Overflow, "{expr} at {vals:?}"),
            }
            checked += 1;
        }
    }
    assert!(checked > 10_000, "only {checked} evaluations were checked");
}

fn shown(e: &SymExpr) -> Shown {
    Shown::of(e).unwrap()
}

fn show_shown(e: &Shown) -> String {
    let name = |id: SymbolId| format!("s{}", id.0);
    e.display(&name, &name).to_string()
}

#[test]
fn shown_values_keep_sympys_structure() {
    // Texts read off sympy building the same values op by op.
    let one = Shown::int(1);
    let c = shown(&(&s(0) + &int(2)).floordiv(&int(3)));
    // The element count of (s0 - 2*c, 4, s2), left to right.
    let rows = shown(&s(0)).checked_sub(&c.checked_mul(&Shown::int(2)).unwrap());
    let numel = rows
        .unwrap()
        .checked_mul(&Shown::int(4))
        .unwrap()
        .checked_mul(&shown(&s(2)))
        .unwrap();
    assert_eq!(show_shown(&numel), "s2*(4*s0 - 8*(((s0 + 2)//3)))");
    // The storage span of a contiguous (s0, 4, s2): 1 + sum(stride*(size - 1)).
    let mut span = one.clone();
    for (size, stride) in [(s(0), int(4).mul(&s(2))), (int(4), s(2)), (s(2), int(1))] {
        let less = shown(&size).checked_sub(&one).unwrap();
        span = span
            .checked_add(&shown(&stride).checked_mul(&less).unwrap())
            .unwrap();
    }
    let bytes = Shown::int(4).checked_mul(&span).unwrap();
    assert_eq!(show_shown(&bytes), "16*s2*(s0 - 1) + 16*s2");
    assert_eq!(bytes.expanded().unwrap(), int(16).mul(&s(0)).mul(&s(2)));
    // A repeated sum becomes a power; a negated one distributes first.
    let less = shown(&(&s(0) - &int(1)));
    let sq = less.checked_mul(&less).unwrap().checked_mul(&shown(&s(1)));
    assert_eq!(show_shown(&sq.unwrap()), "s1*(s0 - 1)**2");
    let neg = less
        .checked_mul(&Shown::int(-1))
        .unwrap()
        .checked_mul(&shown(&s(2)));
    let neg = neg.unwrap().checked_mul(&Shown::int(2)).unwrap();
    assert_eq!(show_shown(&neg), "2*s2*(1 - s0)");
    let two = shown(&(&s(1) - &int(1)))
        .checked_mul(&shown(&(&s(0) + &int(2))))
        .unwrap()
        .checked_mul(&Shown::int(3))
        .unwrap();
    assert_eq!(show_shown(&two), "3*(s0 + 2)*(s1 - 1)");
    // A value from elsewhere keeps the product form it prints with.
    let f = shown(&(&(&s(0) * &s(2)) - &s(2)));
    assert_eq!(show_shown(&f), "s2*(s0 - 1)");
    assert_eq!(
        show_shown(&f.checked_add(&shown(&s(2))).unwrap()),
        "s2*(s0 - 1) + s2"
    );
}
