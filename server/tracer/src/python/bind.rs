//! Argument binding for the functions the tracer implements natively
//! (builtins, builtin types' methods, modelled standard-library
//! functions): each declares its parameters once as a [`Signature`], and
//! [`Signature::bind`] matches a call's positional and keyword arguments to
//! them as CPython binds a call to a Python function, raising CPython's
//! `TypeError`s (an unexpected keyword, a value given twice, too many
//! positional arguments, a missing required one).

use crate::interp::{Interp, R};
use crate::value::Value;

/// The parameters of a native function, in order: positional-only first,
/// then positional-or-keyword, then keyword-only; the first `required` of
/// them must be given.
pub struct Signature<const N: usize> {
    function: &'static str,
    params: [&'static str; N],
    positional_only: usize,
    keyword_only: usize,
    required: usize,
    star_args: bool,
    star_kwargs: bool,
}

/// A call's arguments as evaluated: positional, then keyword, in call
/// order.
pub struct Args {
    pub positional: Vec<Value>,
    pub keywords: Vec<(String, Value)>,
}

impl Args {
    pub fn new(positional: Vec<Value>, keywords: Vec<(String, Value)>) -> Args {
        Args {
            positional,
            keywords,
        }
    }

    /// The same call with `recv` before its positional arguments: a bound
    /// method called as its function.
    pub fn with_receiver(mut self, recv: Value) -> Args {
        self.positional.insert(0, recv);
        self
    }
}

/// A call bound to a [`Signature`]: one slot per parameter (`None` when the
/// call does not give it), with what `*args` and `**kwargs` collected.
pub struct Bound<const N: usize> {
    pub args: [Option<Value>; N],
    /// Positional arguments past the named ones (`*args`).
    pub rest: Vec<Value>,
    /// Keyword arguments no parameter names (`**kwargs`), in call order.
    pub keywords: Vec<(String, Value)>,
}

impl<const N: usize> Bound<N> {
    /// Every parameter's value, Python's `None` for one the call does not
    /// give.
    pub fn values(self) -> [Value; N] {
        self.args.map(|v| v.unwrap_or(Value::None))
    }
}

impl<const N: usize> Signature<N> {
    /// `function(params...)`: every parameter positional-or-keyword and
    /// optional.
    pub const fn new(function: &'static str, params: [&'static str; N]) -> Self {
        Signature {
            function,
            params,
            positional_only: 0,
            keyword_only: 0,
            required: 0,
            star_args: false,
            star_kwargs: false,
        }
    }

    /// The first `n` parameters must be given.
    pub const fn required(mut self, n: usize) -> Self {
        self.required = n;
        self
    }

    /// The first `n` parameters are positional-only (before `/`).
    pub const fn positional_only(mut self, n: usize) -> Self {
        self.positional_only = n;
        self
    }

    /// The last `n` parameters are keyword-only (after `*`).
    pub const fn keyword_only(mut self, n: usize) -> Self {
        self.keyword_only = n;
        self
    }

    /// Extra positional arguments are collected (`*args`).
    pub const fn star_args(mut self) -> Self {
        self.star_args = true;
        self
    }

    /// Extra keyword arguments are collected (`**kwargs`).
    pub const fn star_kwargs(mut self) -> Self {
        self.star_kwargs = true;
        self
    }

    /// Binds a call's arguments, as CPython binds them: keywords first
    /// (unknown, positional-only or given twice), then the count of
    /// positional arguments, then the required ones missing.
    pub fn bind(&self, interp: &Interp, args: Args) -> R<Bound<N>> {
        let Args {
            positional: args,
            keywords: kwargs,
        } = args;
        let positional = N - self.keyword_only;
        let given = args.len();
        let mut slots: [Option<Value>; N] = std::array::from_fn(|_| None);
        let mut args = args.into_iter();
        for slot in slots.iter_mut().take(positional) {
            match args.next() {
                Some(v) => *slot = Some(v),
                None => break,
            }
        }
        let rest: Vec<Value> = args.collect();
        let positional_only_names: Vec<&str> = kwargs
            .iter()
            .filter(|(k, _)| self.params[..self.positional_only].contains(&k.as_str()))
            .map(|(k, _)| k.as_str())
            .collect();
        let positional_only_error =
            (!self.star_kwargs && !positional_only_names.is_empty()).then(|| {
                format!(
                    "{}() got some positional-only arguments passed as keyword arguments: '{}'",
                    self.function,
                    positional_only_names.join(", ")
                )
            });
        let mut keywords = Vec::new();
        for (k, v) in kwargs {
            match self.params.iter().position(|p| *p == k) {
                Some(i) if i >= self.positional_only => {
                    if slots[i].is_some() {
                        return Err(interp.type_error(format!(
                            "{}() got multiple values for argument '{k}'",
                            self.function
                        )));
                    }
                    slots[i] = Some(v);
                }
                _ if self.star_kwargs => keywords.push((k, v)),
                _ => {
                    return Err(interp.type_error(positional_only_error.unwrap_or_else(|| {
                        format!(
                            "{}() got an unexpected keyword argument '{k}'",
                            self.function
                        )
                    })));
                }
            }
        }
        if !rest.is_empty() && !self.star_args {
            return Err(interp.type_error(self.too_many(positional, given)));
        }
        let missing: Vec<&str> = (0..self.required.min(N))
            .filter(|&i| slots[i].is_none())
            .map(|i| self.params[i])
            .collect();
        if !missing.is_empty() {
            return Err(interp.type_error(format!(
                "{}() missing {} required positional argument{}: {}",
                self.function,
                missing.len(),
                plural(missing.len()),
                quoted_list(&missing)
            )));
        }
        Ok(Bound {
            args: slots,
            rest,
            keywords,
        })
    }

    fn too_many(&self, positional: usize, given: usize) -> String {
        let takes = if self.required < positional {
            format!(
                "from {} to {positional} positional arguments",
                self.required
            )
        } else {
            format!("{positional} positional argument{}", plural(positional))
        };
        let was = if given == 1 { "was" } else { "were" };
        format!("{}() takes {takes} but {given} {was} given", self.function)
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// `'a'`, `'a' and 'b'`, `'a', 'b', and 'c'`: CPython's list of missing
/// parameters.
fn quoted_list(names: &[&str]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
    match quoted.as_slice() {
        [one] => one.clone(),
        [a, b] => format!("{a} and {b}"),
        [init @ .., last] => format!("{}, and {last}", init.join(", ")),
        [] => String::new(),
    }
}

/// The keyword argument `name` of a call, for the native functions that
/// read one keyword past positional arguments they take as they come.
pub fn keyword<'a>(kwargs: &'a [(String, Value)], name: &str) -> Option<&'a Value> {
    kwargs.iter().find(|(k, _)| k == name).map(|(_, v)| v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interp::Flow;

    fn message(r: R<impl Sized>) -> String {
        match r {
            Err(Flow::Raise(e)) => format!("{}: {}", e.class, e.message),
            Err(_) => "another flow".into(),
            Ok(_) => "bound".into(),
        }
    }

    fn interp() -> Interp {
        let file = crate::SourceFile::parse("m.py", "");
        Interp::new(crate::Mode::NonStrict, crate::Budget::default(), file)
    }

    const F: Signature<4> = Signature::new("f", ["a", "b", "c", "d"])
        .positional_only(2)
        .keyword_only(1)
        .required(1);

    fn ints(n: i64) -> Vec<Value> {
        (0..n).map(Value::Int).collect()
    }

    fn kw(names: &[&str]) -> Vec<(String, Value)> {
        names
            .iter()
            .map(|n| (n.to_string(), Value::Int(9)))
            .collect()
    }

    #[test]
    fn binds_by_position_and_name() {
        let i = interp();
        let bound = F
            .bind(&i, Args::new(ints(2), kw(&["d", "c"])))
            .map_err(|_| ())
            .unwrap();
        let given: Vec<Option<i64>> = bound
            .args
            .iter()
            .map(|v| v.as_ref().and_then(Value::as_int))
            .collect();
        assert_eq!(given, [Some(0), Some(1), Some(9), Some(9)]);
    }

    #[test]
    fn errors_are_worded_as_cpython_words_them() {
        let i = interp();
        type Call = (Vec<Value>, Vec<(String, Value)>, &'static str);
        let cases: [Call; 6] = [
            (
                ints(4),
                vec![],
                "f() takes from 1 to 3 positional arguments but 4 were given",
            ),
            (
                vec![],
                vec![],
                "f() missing 1 required positional argument: 'a'",
            ),
            (
                ints(1),
                kw(&["a"]),
                "f() got some positional-only arguments passed as keyword arguments: 'a'",
            ),
            (
                ints(1),
                kw(&["c", "z"]),
                "f() got an unexpected keyword argument 'z'",
            ),
            (
                ints(3),
                kw(&["c"]),
                "f() got multiple values for argument 'c'",
            ),
            (
                ints(4),
                kw(&["z"]),
                "f() got an unexpected keyword argument 'z'",
            ),
        ];
        for (args, kwargs, want) in cases {
            assert_eq!(
                message(F.bind(&i, Args::new(args, kwargs))),
                format!("TypeError: {want}")
            );
        }
    }

    #[test]
    fn counts_are_worded_in_the_singular_and_plural() {
        let i = interp();
        let none = Signature::new("g", []);
        assert_eq!(
            message(none.bind(&i, Args::new(ints(1), vec![]))),
            "TypeError: g() takes 0 positional arguments but 1 was given"
        );
        let one = Signature::new("g", ["a"]).required(1);
        assert_eq!(
            message(one.bind(&i, Args::new(ints(2), vec![]))),
            "TypeError: g() takes 1 positional argument but 2 were given"
        );
        let three = Signature::new("g", ["a", "b", "c"]).required(3);
        assert_eq!(
            message(three.bind(&i, Args::new(vec![], vec![]))),
            "TypeError: g() missing 3 required positional arguments: 'a', 'b', and 'c'"
        );
        assert_eq!(
            message(three.bind(&i, Args::new(ints(1), vec![]))),
            "TypeError: g() missing 2 required positional arguments: 'b' and 'c'"
        );
    }

    #[test]
    fn star_parameters_collect_the_rest() {
        let i = interp();
        let g = Signature::new("g", ["a"]).star_args().star_kwargs();
        let bound = g
            .bind(&i, Args::new(ints(3), kw(&["z"])))
            .map_err(|_| ())
            .unwrap();
        assert_eq!(bound.rest.len(), 2);
        assert_eq!(bound.keywords.len(), 1);
    }
}
