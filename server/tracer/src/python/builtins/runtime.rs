//! The builtins that reach past values: `print` (nothing export records;
//! Dynamo reorders it out of the graph), `open` (the prelude's file
//! object, which touches no file), `eval` and `exec` of a string
//! (`interp/eval.rs`), and what is not modelled (`compile`, `__import__`,
//! calling `NotImplemented`).

use super::KnownBuiltin;
use crate::interp::{Interp, R};
use crate::python::bind::{Args, Signature};
use crate::value::Value;

/// Calls one of the runtime builtins.
pub fn call(interp: &mut Interp, builtin: KnownBuiltin, args: Args) -> R<Value> {
    use KnownBuiltin as B;
    match builtin {
        B::Print => {
            const PRINT: Signature<4> = Signature::new("print", ["sep", "end", "file", "flush"])
                .keyword_only(4)
                .star_args();
            PRINT.bind(interp, args)?;
            Ok(Value::None)
        }
        B::Open => {
            // In strict mode Dynamo breaks on the call (`dynamo_breaks`).
            let index = crate::prelude::module_index("exportlens.builtins")
                .ok_or_else(|| interp.type_error("the prelude has no file class"))?;
            let file = interp.prelude_value(index, "_File")?;
            interp.call(&file, args.positional, args.keywords)
        }
        B::Eval | B::Exec => interp.python_eval(builtin == B::Exec, args.positional, args.keywords),
        B::Compile | B::Import => {
            let r = interp.current_range();
            Ok(interp.incomplete(
                r,
                format!("analysis incomplete: `{}` is not modelled", builtin.name()),
            ))
        }
        _ => Ok(super::not_modelled(interp, builtin.name())),
    }
}
