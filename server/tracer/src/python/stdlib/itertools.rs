//! The `itertools` module over materialised sequences (the tracer unrolls
//! loops, so every iterator here is finite and built eagerly): `repeat` with
//! a count, `chain`, `product`, `accumulate`, `groupby`, `islice`,
//! `zip_longest`, `combinations`, `permutations` and `pairwise`. An endless iterator
//! (`count`, `cycle`, `repeat` without a count) is "analysis incomplete".

use syntax::ast::{BinOp, CmpOp};

use crate::interp::{Interp, R};
use crate::python::bind::{Args, Signature};
use crate::python::builtins::iter_of;
use crate::python::names::known_names;
use crate::value::Value;

known_names! {
    /// The functions of `itertools` the tracer implements.
    pub enum ItertoolsFunction {
        Repeat = "repeat",
        Chain = "chain",
        Product = "product",
        Accumulate = "accumulate",
        Groupby = "groupby",
        Islice = "islice",
        ZipLongest = "zip_longest",
        Pairwise = "pairwise",
        Combinations = "combinations",
        Permutations = "permutations",
        Count = "count",
        Cycle = "cycle",
    }
}

/// Call `itertools.NAME(args, kwargs)`.
pub fn call(interp: &mut Interp, function: ItertoolsFunction, args: Args) -> R<Value> {
    use ItertoolsFunction as I;
    let items = match function {
        I::Repeat => {
            const REPEAT: Signature<2> = Signature::new("repeat", ["object", "times"]).required(1);
            let [object, times] = REPEAT.bind(interp, args)?.args;
            let Some(n) = times else {
                return endless(interp, function);
            };
            let n = interp.index_int(&n)?.max(0) as usize;
            interp.charge_items(n as u128, "`itertools.repeat`")?;
            vec![object.unwrap_or(Value::None); n]
        }
        I::Chain => {
            const CHAIN: Signature<0> = Signature::new("chain", []).star_args();
            let mut out = Vec::new();
            for a in &CHAIN.bind(interp, args)?.rest {
                out.extend(interp.iterate(a)?);
            }
            out
        }
        I::Product => return product(interp, args),
        I::Accumulate => accumulate(interp, args)?,
        I::Groupby => groupby(interp, args)?,
        I::Islice => islice(interp, args)?,
        I::ZipLongest => {
            const ZIP_LONGEST: Signature<1> = Signature::new("zip_longest", ["fillvalue"])
                .keyword_only(1)
                .star_args();
            let bound = ZIP_LONGEST.bind(interp, args)?;
            let [fill] = bound.args;
            let fill = fill.unwrap_or(Value::None);
            let lists: R<Vec<Vec<Value>>> = bound.rest.iter().map(|a| interp.iterate(a)).collect();
            let lists = lists?;
            let n = lists.iter().map(Vec::len).max().unwrap_or(0);
            (0..n)
                .map(|i| {
                    Value::tuple(
                        lists
                            .iter()
                            .map(|l| l.get(i).cloned().unwrap_or_else(|| fill.clone()))
                            .collect(),
                    )
                })
                .collect()
        }
        I::Pairwise => {
            const PAIRWISE: Signature<1> = Signature::new("pairwise", ["iterable"])
                .positional_only(1)
                .required(1);
            let [iterable] = PAIRWISE.bind(interp, args)?.values();
            let items = interp.iterate(&iterable)?;
            items.windows(2).map(|w| Value::tuple(w.to_vec())).collect()
        }
        I::Combinations | I::Permutations => arrangements(interp, function, args)?,
        I::Count | I::Cycle => return endless(interp, function),
    };
    Ok(iter_of(items))
}

/// `product(*iterables, repeat=1)`.
fn product(interp: &mut Interp, args: Args) -> R<Value> {
    const PRODUCT: Signature<1> = Signature::new("product", ["repeat"])
        .keyword_only(1)
        .star_args();
    let bound = PRODUCT.bind(interp, args)?;
    let [repeat] = bound.args;
    let times = match repeat {
        Some(n) => interp.index_int(&n)?.max(0) as usize,
        None => 1,
    };
    let pools: R<Vec<Vec<Value>>> = bound.rest.iter().map(|a| interp.iterate(a)).collect();
    let pools = pools?;
    // Counted before anything is built: `repeat=100000` of two
    // items is 2**100000 tuples.
    let per_round = pools
        .iter()
        .try_fold(1u128, |acc, p| acc.checked_mul(p.len() as u128));
    let count = per_round.and_then(|r| match r {
        0 | 1 => Some(r),
        _ => u32::try_from(times).ok().and_then(|t| r.checked_pow(t)),
    });
    let width = (pools.len() as u128).saturating_mul(times as u128);
    let cells = count.map_or(u128::MAX, |c| c.saturating_mul(width.max(1)));
    interp.charge_items(cells, "`itertools.product`")?;
    if count == Some(0) {
        return Ok(iter_of(Vec::new()));
    }
    let pools: Vec<Vec<Value>> = pools
        .iter()
        .cycle()
        .take(bound.rest.len().saturating_mul(times))
        .cloned()
        .collect();
    let mut out: Vec<Vec<Value>> = vec![vec![]];
    for pool in &pools {
        out = out
            .iter()
            .flat_map(|prefix| {
                pool.iter().map(move |x| {
                    let mut p = prefix.clone();
                    p.push(x.clone());
                    p
                })
            })
            .collect();
    }
    Ok(iter_of(out.into_iter().map(Value::tuple).collect()))
}

/// `accumulate(iterable, func=None, *, initial=None)`.
fn accumulate(interp: &mut Interp, args: Args) -> R<Vec<Value>> {
    const ACCUMULATE: Signature<3> = Signature::new("accumulate", ["iterable", "func", "initial"])
        .keyword_only(1)
        .required(1);
    let [iterable, func, initial] = ACCUMULATE.bind(interp, args)?.args;
    let items = interp.iterate(&iterable.unwrap_or(Value::None))?;
    let mut acc = initial;
    let mut out: Vec<Value> = acc.iter().cloned().collect();
    for x in items {
        let next = match (&acc, &func) {
            (None, _) => x,
            (Some(a), Some(f)) if !f.is_none() => interp.call(f, vec![a.clone(), x], vec![])?,
            (Some(a), _) => interp.binop(BinOp::Add, a.clone(), x)?,
        };
        out.push(next.clone());
        acc = Some(next);
    }
    Ok(out)
}

/// `groupby(iterable, key=None)`: runs of equal keys, as (key, iterator).
fn groupby(interp: &mut Interp, args: Args) -> R<Vec<Value>> {
    const GROUPBY: Signature<2> = Signature::new("groupby", ["iterable", "key"]).required(1);
    let [iterable, key] = GROUPBY.bind(interp, args)?.args;
    let items = interp.iterate(&iterable.unwrap_or(Value::None))?;
    let key = key.filter(|k| !k.is_none());
    let mut groups: Vec<(Value, Vec<Value>)> = Vec::new();
    for x in items {
        let k = match &key {
            Some(f) => interp.call(f, vec![x.clone()], vec![])?,
            None => x.clone(),
        };
        if interp.mode == crate::Mode::Strict && interp.tracing && matches!(k, Value::Tensor(_)) {
            return Err(interp.graph_break(
                "GB0152",
                "Unsupported key type for itertools.groupby: Dynamo groups by Python constants, not tensors",
                "group by Python values (sizes, ints), or compute the groups with tensor ops",
            ));
        }
        // CPython compares the group's key with the new one.
        let same = match groups.last() {
            Some((last, _)) => {
                let eq = interp.compare(CmpOp::Eq, last, &k)?;
                interp.truthy(&eq)?
            }
            None => false,
        };
        match groups.last_mut() {
            Some((_, members)) if same => members.push(x),
            _ => groups.push((k, vec![x])),
        }
    }
    Ok(groups
        .into_iter()
        .map(|(k, members)| Value::tuple(vec![k, iter_of(members)]))
        .collect())
}

/// `islice(iterable, stop)` / `islice(iterable, start, stop[, step])`.
fn islice(interp: &mut Interp, args: Args) -> R<Vec<Value>> {
    const ISLICE: Signature<4> = Signature::new("islice", ["iterable", "start", "stop", "step"])
        .positional_only(4)
        .required(2);
    let [iterable, first, stop, step] = ISLICE.bind(interp, args)?.args;
    let items = interp.iterate(&iterable.unwrap_or(Value::None))?;
    let int_or = |interp: &mut Interp, v: Option<Value>, default: usize| -> R<usize> {
        match v {
            Some(v) if !v.is_none() => Ok(interp.index_int(&v)?.max(0) as usize),
            _ => Ok(default),
        }
    };
    let (start, stop, step) = match stop {
        None => (0, int_or(interp, first, items.len())?, 1),
        stop => (
            int_or(interp, first, 0)?,
            int_or(interp, stop, items.len())?,
            int_or(interp, step, 1)?.max(1),
        ),
    };
    Ok(items
        .into_iter()
        .take(stop)
        .skip(start)
        .step_by(step)
        .collect())
}

/// `combinations(iterable, r)` and `permutations(iterable, r=None)`,
/// counted before they are built.
fn arrangements(interp: &mut Interp, function: ItertoolsFunction, args: Args) -> R<Vec<Value>> {
    let ordered = function == ItertoolsFunction::Permutations;
    let [iterable, r] = Signature::new(function.name(), ["iterable", "r"])
        .required(if ordered { 1 } else { 2 })
        .bind(interp, args)?
        .args;
    let items = interp.iterate(&iterable.unwrap_or(Value::None))?;
    let r = match r {
        Some(v) if !v.is_none() => interp.index_int(&v)?.max(0) as usize,
        _ => items.len(),
    };
    let count = if r > items.len() {
        Some(0)
    } else {
        // n!/(n-r)! ordered, n!/(r!(n-r)!) not.
        (0..r).try_fold(1u128, |acc, i| {
            let acc = acc.checked_mul((items.len() - i) as u128)?;
            Some(if ordered { acc } else { acc / (i as u128 + 1) })
        })
    };
    interp.charge_items(
        count.unwrap_or(u128::MAX),
        &format!("`itertools.{}`", function.name()),
    )?;
    let mut out = Vec::new();
    choose(&items, r, ordered, &mut vec![], &mut out);
    Ok(out)
}

/// Index tuples of `r` items in lexicographic order: increasing indices for
/// combinations, all distinct indices for permutations.
fn choose(items: &[Value], r: usize, ordered: bool, picked: &mut Vec<usize>, out: &mut Vec<Value>) {
    if picked.len() == r {
        out.push(Value::tuple(
            picked.iter().map(|&i| items[i].clone()).collect(),
        ));
        return;
    }
    let from = if ordered {
        0
    } else {
        picked.last().map_or(0, |&i| i + 1)
    };
    for i in from..items.len() {
        if ordered && picked.contains(&i) {
            continue;
        }
        picked.push(i);
        choose(items, r, ordered, picked, out);
        picked.pop();
    }
}

fn endless(interp: &mut Interp, function: ItertoolsFunction) -> R<Value> {
    let r = interp.current_range();
    Ok(interp.incomplete(
        r,
        format!(
            "analysis incomplete: `itertools.{}` without an end is not unrolled",
            function.name()
        ),
    ))
}
