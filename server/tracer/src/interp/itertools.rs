//! The `itertools` module over materialised sequences (the tracer unrolls
//! loops, so every iterator here is finite and built eagerly): `repeat` with
//! a count, `chain`, `product`, `accumulate`, `groupby`, `islice`,
//! `zip_longest`, `combinations`, `permutations` and `pairwise`. An endless iterator
//! (`count`, `cycle`, `repeat` without a count) is "analysis incomplete".

use super::builtins::iter_of;
use super::{Interp, R};
use crate::value::Value;

fn kwarg<'a>(kwargs: &'a [(String, Value)], name: &str) -> Option<&'a Value> {
    kwargs.iter().find(|(k, _)| k == name).map(|(_, v)| v)
}

/// Call `itertools.NAME(args, kwargs)`.
pub fn call(
    interp: &mut Interp,
    name: &str,
    args: Vec<Value>,
    kwargs: Vec<(String, Value)>,
) -> R<Value> {
    let items = match name {
        "repeat" => match args.get(1).or_else(|| kwarg(&kwargs, "times")) {
            Some(n) => {
                let n = interp.index_int(n)?.max(0) as usize;
                interp.charge_items(n as u128, "`itertools.repeat`")?;
                vec![args.first().cloned().unwrap_or(Value::None); n]
            }
            None => return endless(interp, name),
        },
        "chain" => {
            let mut out = Vec::new();
            for a in &args {
                out.extend(interp.iterate(a)?);
            }
            out
        }
        "product" => {
            let times = match kwarg(&kwargs, "repeat") {
                Some(n) => interp.index_int(n)?.max(0) as usize,
                None => 1,
            };
            let pools: R<Vec<Vec<Value>>> = args.iter().map(|a| interp.iterate(a)).collect();
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
                .take(args.len().saturating_mul(times))
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
            out.into_iter().map(Value::tuple).collect()
        }
        "accumulate" => {
            let items = interp.iterate(args.first().unwrap_or(&Value::None))?;
            let func = args.get(1).or_else(|| kwarg(&kwargs, "func")).cloned();
            let mut acc = kwarg(&kwargs, "initial").cloned();
            let mut out: Vec<Value> = acc.iter().cloned().collect();
            for x in items {
                let next = match (&acc, &func) {
                    (None, _) => x,
                    (Some(a), Some(f)) if !f.is_none() => {
                        interp.call(f, vec![a.clone(), x], vec![])?
                    }
                    (Some(a), _) => interp.binop(syntax::ast::BinOp::Add, a.clone(), x)?,
                };
                out.push(next.clone());
                acc = Some(next);
            }
            out
        }
        "groupby" => {
            let items = interp.iterate(args.first().unwrap_or(&Value::None))?;
            let key = args
                .get(1)
                .or_else(|| kwarg(&kwargs, "key"))
                .filter(|k| !k.is_none())
                .cloned();
            let mut groups: Vec<(Value, Vec<Value>)> = Vec::new();
            for x in items {
                let k = match &key {
                    Some(f) => interp.call(f, vec![x.clone()], vec![])?,
                    None => x.clone(),
                };
                if interp.mode == crate::Mode::Strict
                    && interp.tracing
                    && matches!(k, Value::Tensor(_))
                {
                    return Err(interp.graph_break(
                        "GB0152",
                        "Unsupported key type for itertools.groupby: Dynamo groups by Python constants, not tensors",
                        "group by Python values (sizes, ints), or compute the groups with tensor ops",
                    ));
                }
                // CPython compares the group's key with the new one.
                let same = match groups.last() {
                    Some((last, _)) => {
                        let eq = interp.compare(syntax::ast::CmpOp::Eq, last, &k)?;
                        interp.truthy(&eq)?
                    }
                    None => false,
                };
                match groups.last_mut() {
                    Some((_, members)) if same => members.push(x),
                    _ => groups.push((k, vec![x])),
                }
            }
            groups
                .into_iter()
                .map(|(k, members)| Value::tuple(vec![k, iter_of(members)]))
                .collect()
        }
        "islice" => {
            let items = interp.iterate(args.first().unwrap_or(&Value::None))?;
            let int_or = |interp: &mut Interp, v: Option<&Value>, default: usize| -> R<usize> {
                match v {
                    Some(v) if !v.is_none() => Ok(interp.index_int(v)?.max(0) as usize),
                    _ => Ok(default),
                }
            };
            let (start, stop, step) = if args.len() <= 2 {
                (0, int_or(interp, args.get(1), items.len())?, 1)
            } else {
                (
                    int_or(interp, args.get(1), 0)?,
                    int_or(interp, args.get(2), items.len())?,
                    int_or(interp, args.get(3), 1)?.max(1),
                )
            };
            items
                .into_iter()
                .take(stop)
                .skip(start)
                .step_by(step)
                .collect()
        }
        "zip_longest" => {
            let fill = kwarg(&kwargs, "fillvalue").cloned().unwrap_or(Value::None);
            let lists: R<Vec<Vec<Value>>> = args.iter().map(|a| interp.iterate(a)).collect();
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
        "pairwise" => {
            let items = interp.iterate(args.first().unwrap_or(&Value::None))?;
            items.windows(2).map(|w| Value::tuple(w.to_vec())).collect()
        }
        "combinations" | "permutations" => {
            let items = interp.iterate(args.first().unwrap_or(&Value::None))?;
            let r = match args.get(1).or_else(|| kwarg(&kwargs, "r")) {
                Some(v) if !v.is_none() => interp.index_int(v)?.max(0) as usize,
                _ => items.len(),
            };
            let count = if r > items.len() {
                Some(0)
            } else {
                // n!/(n-r)! ordered, n!/(r!(n-r)!) not.
                (0..r).try_fold(1u128, |acc, i| {
                    let acc = acc.checked_mul((items.len() - i) as u128)?;
                    Some(if name == "permutations" {
                        acc
                    } else {
                        acc / (i as u128 + 1)
                    })
                })
            };
            interp.charge_items(count.unwrap_or(u128::MAX), &format!("`itertools.{name}`"))?;
            let mut out = Vec::new();
            choose(&items, r, name == "permutations", &mut vec![], &mut out);
            out
        }
        "count" | "cycle" => return endless(interp, name),
        _ => {
            let r = interp.current_range();
            return Ok(interp.incomplete(
                r,
                format!("analysis incomplete: `itertools.{name}` is not modelled"),
            ));
        }
    };
    Ok(iter_of(items))
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

fn endless(interp: &mut Interp, name: &str) -> R<Value> {
    let r = interp.current_range();
    Ok(interp.incomplete(
        r,
        format!("analysis incomplete: `itertools.{name}` without an end is not unrolled"),
    ))
}
