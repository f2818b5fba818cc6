//! Evidence before "fails": the one rule deciding whether a Python
//! exception that escapes the traced code is a verdict (torch fails too) or
//! only the tracer's own limit (analysis incomplete).
//!
//! The tracer stands in for CPython, numpy and torch. When its model of
//! them raises (a builtin it lacks, a keyword it does not bind, an attribute
//! it does not know), that says nothing about what torch does, and
//! reporting it as an export failure would be a false "fails", the worst
//! answer the tool can give. So every exception carries who raised it
//! ([`Raiser`]), and only the raisers that are evidence make a failure:
//!
//! | raiser | verdict |
//! |---|---|
//! | a `raise` statement in user or library code | fails (strict: Dynamo observes it, GB0088) |
//! | a failed `assert` in user or library code | fails |
//! | a modelled torch check (an op's shape rule, `torch._check`, size overflow) | fails |
//! | binding the arguments of a function called as written | fails (strict: GB0088) |
//! | binding the arguments of a decorated function | incomplete |
//! | Python's name rules on the entry file's own code (a local read before assignment, a global nothing defines, an attribute its own class lacks) | fails |
//! | the tracer's model of Python, numpy or torch | incomplete |
//!
//! Exceptions that user code catches never reach this rule: `try`/`except`
//! sees every exception whatever raised it, as in Python.

use crate::Mode;
use crate::failure::{Failure, FailureKind};
use crate::interp::PyErr;

/// Who raised a Python exception: decides whether it is evidence that
/// torch fails ([`Raiser::is_evidence`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Raiser {
    /// A `raise` statement in user or library code: eager Python raises it
    /// too, and Dynamo observes it.
    RaiseStatement,
    /// An `assert` in user or library code whose condition the tracer
    /// found false.
    Assertion,
    /// A check torch itself makes whose rule the tracer models: an op's
    /// shape rule (`meta::shape_error`), `torch._check`, a size past int64.
    TorchCheck,
    /// Binding the arguments of a Python function called as it is written
    /// (no decorator between the call and the `def`): Python's own
    /// TypeError, which Dynamo observes.
    PlainCallBinding,
    /// Binding the arguments of a decorated function: a decorator or
    /// descriptor the tracer models wrongly makes the same error as a
    /// wrong call, so it is no evidence.
    DecoratedCallBinding,
    /// Python's name rules applied to the entry file's own code, decided
    /// from that code alone: a local read before assignment, a free
    /// variable its enclosing function has not bound, a global no code
    /// defines that is not a builtin ([`is_python_builtin`]), an attribute
    /// an instance of a class the entry file defines does not have.
    UserCodeNames,
    /// The tracer's own model of Python, numpy or torch: a builtin, method
    /// or attribute it does not know, an argument form an op model does not
    /// accept, an operation it does not support on a value.
    Model,
}

impl Raiser {
    /// True when an exception from this raiser, uncaught, means the export
    /// fails in torch as well.
    pub fn is_evidence(self) -> bool {
        matches!(
            self,
            Raiser::RaiseStatement
                | Raiser::Assertion
                | Raiser::TorchCheck
                | Raiser::PlainCallBinding
                | Raiser::UserCodeNames
        )
    }

    /// True when strict export (TorchDynamo) observes the exception as
    /// raised by the traced Python code: uncaught, it is graph break GB0088.
    pub fn observed_by_dynamo(self) -> bool {
        matches!(self, Raiser::RaiseStatement | Raiser::PlainCallBinding)
    }
}

/// CPython 3.11's builtin names (`dir(builtins)`): a `NameError` for one
/// of them means the tracer lacks that builtin, not that the code is wrong.
const PYTHON_BUILTINS: &[&str] = &[
    "ArithmeticError",
    "AssertionError",
    "AttributeError",
    "BaseException",
    "BaseExceptionGroup",
    "BlockingIOError",
    "BrokenPipeError",
    "BufferError",
    "BytesWarning",
    "ChildProcessError",
    "ConnectionAbortedError",
    "ConnectionError",
    "ConnectionRefusedError",
    "ConnectionResetError",
    "DeprecationWarning",
    "EOFError",
    "Ellipsis",
    "EncodingWarning",
    "EnvironmentError",
    "Exception",
    "ExceptionGroup",
    "False",
    "FileExistsError",
    "FileNotFoundError",
    "FloatingPointError",
    "FutureWarning",
    "GeneratorExit",
    "IOError",
    "ImportError",
    "ImportWarning",
    "IndentationError",
    "IndexError",
    "InterruptedError",
    "IsADirectoryError",
    "KeyError",
    "KeyboardInterrupt",
    "LookupError",
    "MemoryError",
    "ModuleNotFoundError",
    "NameError",
    "None",
    "NotADirectoryError",
    "NotImplemented",
    "NotImplementedError",
    "OSError",
    "OverflowError",
    "PendingDeprecationWarning",
    "PermissionError",
    "ProcessLookupError",
    "RecursionError",
    "ReferenceError",
    "ResourceWarning",
    "RuntimeError",
    "RuntimeWarning",
    "StopAsyncIteration",
    "StopIteration",
    "SyntaxError",
    "SyntaxWarning",
    "SystemError",
    "SystemExit",
    "TabError",
    "TimeoutError",
    "True",
    "TypeError",
    "UnboundLocalError",
    "UnicodeDecodeError",
    "UnicodeEncodeError",
    "UnicodeError",
    "UnicodeTranslateError",
    "UnicodeWarning",
    "UserWarning",
    "ValueError",
    "Warning",
    "ZeroDivisionError",
    "__build_class__",
    "__debug__",
    "__import__",
    "abs",
    "aiter",
    "all",
    "anext",
    "any",
    "ascii",
    "bin",
    "bool",
    "breakpoint",
    "bytearray",
    "bytes",
    "callable",
    "chr",
    "classmethod",
    "compile",
    "complex",
    "copyright",
    "credits",
    "delattr",
    "dict",
    "dir",
    "divmod",
    "enumerate",
    "eval",
    "exec",
    "exit",
    "filter",
    "float",
    "format",
    "frozenset",
    "getattr",
    "globals",
    "hasattr",
    "hash",
    "help",
    "hex",
    "id",
    "input",
    "int",
    "isinstance",
    "issubclass",
    "iter",
    "len",
    "license",
    "list",
    "locals",
    "map",
    "max",
    "memoryview",
    "min",
    "next",
    "object",
    "oct",
    "open",
    "ord",
    "pow",
    "print",
    "property",
    "quit",
    "range",
    "repr",
    "reversed",
    "round",
    "set",
    "setattr",
    "slice",
    "sorted",
    "staticmethod",
    "str",
    "sum",
    "super",
    "tuple",
    "type",
    "vars",
    "zip",
];

/// Whether `name` is one of Python's builtins.
pub fn is_python_builtin(name: &str) -> bool {
    PYTHON_BUILTINS.binary_search(&name).is_ok()
}

/// The failure an exception that escaped the traced code makes, without its
/// location (the caller places it).
pub fn failure_of_exception(err: &PyErr, mode: Mode) -> Failure {
    let mut f = judge(err, mode);
    f.raised_by = Some(err.raiser);
    f
}

fn judge(err: &PyErr, mode: Mode) -> Failure {
    let described = format!("{}: {}", err.class, err.message);
    if !err.raiser.is_evidence() {
        let origin = match err.raiser {
            Raiser::DecoratedCallBinding => "binding a decorated function's arguments",
            _ => "the tracer's model of Python, numpy or torch",
        };
        return Failure::new(
            FailureKind::Incomplete,
            format!(
                "analysis incomplete: {described} (raised by {origin}, not by the model's code or a torch check: no evidence that torch fails here)"
            ),
        );
    }
    if err.raiser.observed_by_dynamo() && mode == Mode::Strict {
        // An exception that escapes the traced frame is a graph break for
        // TorchDynamo; one caught inside it is traced through.
        return Failure::new(
            FailureKind::GraphBreak,
            format!("Observed exception: raised exception {described}"),
        )
        .with_code("GB0088")
        .with_hint(
            "check the condition with `torch._check(...)` instead of raising, or export with strict=False",
        );
    }
    Failure::new(FailureKind::Other, described)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::rc::Rc;

    fn err(class: &str, raiser: Raiser) -> PyErr {
        PyErr {
            class: Rc::from(class),
            message: "boom".into(),
            value: None,
            range: None,
            path: None,
            line: None,
            raiser,
        }
    }

    #[test]
    fn a_raise_statement_fails_and_strict_observes_it() {
        let e = err("ValueError", Raiser::RaiseStatement);
        let call = failure_of_exception(&err("TypeError", Raiser::PlainCallBinding), Mode::Strict);
        assert_eq!(call.gb_code, Some("GB0088"));
        let strict = failure_of_exception(&e, Mode::Strict);
        assert_eq!(strict.kind, FailureKind::GraphBreak);
        assert_eq!(strict.gb_code, Some("GB0088"));
        let nonstrict = failure_of_exception(&e, Mode::NonStrict);
        assert_eq!(nonstrict.kind, FailureKind::Other);
        assert_eq!(nonstrict.message, "ValueError: boom");
    }

    #[test]
    fn assertions_and_torch_checks_fail_in_both_modes() {
        for raiser in [Raiser::Assertion, Raiser::TorchCheck] {
            for mode in [Mode::Strict, Mode::NonStrict] {
                let f = failure_of_exception(&err("RuntimeError", raiser), mode);
                assert_eq!(f.kind, FailureKind::Other, "{raiser:?} {mode:?}");
            }
        }
    }

    #[test]
    fn the_builtin_names_are_sorted_for_lookup() {
        assert!(PYTHON_BUILTINS.windows(2).all(|w| w[0] < w[1]));
        assert!(is_python_builtin("bytearray") && is_python_builtin("__import__"));
        assert!(!is_python_builtin("undefined_helper"));
    }

    #[test]
    fn the_tracers_own_errors_are_incomplete_in_both_modes() {
        for raiser in [Raiser::Model, Raiser::DecoratedCallBinding] {
            for mode in [Mode::Strict, Mode::NonStrict] {
                let f = failure_of_exception(&err("TypeError", raiser), mode);
                assert_eq!(f.kind, FailureKind::Incomplete, "{raiser:?} {mode:?}");
                assert!(
                    f.message
                        .starts_with("analysis incomplete: TypeError: boom")
                );
                assert!(!f.is_verdict());
            }
        }
    }
}
