//! torch functions and Tensor methods with behaviour beyond a meta function,
//! one file per group, each with the table of names it implements:
//! tensor factories (`factories.rs`), checks and `sym_*` helpers
//! (`checks.rs`), queries about tensors and the machine (`queries.rs`),
//! process-wide switches, decorators and helpers (`runtime.rs`),
//! higher-order ops with subgraphs (`control_flow.rs`), and Tensor methods
//! (`tensor_methods.rs`).

mod checks;
mod control_flow;
mod factories;
mod queries;
mod runtime;
mod tensor_methods;

use crate::dtype::DType;
use crate::interp::{Interp, R};
use crate::value::Value;

use crate::python::bind::keyword as kw;

use checks::Check;
use control_flow::HigherOrder;
use factories::Factory;
use queries::Query;
use runtime::Runtime;

pub use control_flow::size_like_range;
pub use tensor_methods::{TensorMethod, tensor_method};

/// Whether `full` (`torch.zeros`) is implemented here.
pub fn is_known(full: &str) -> bool {
    full.strip_prefix("torch.").is_some_and(|short| {
        Factory::from_name(short).is_some()
            || Check::from_name(short).is_some()
            || Query::from_name(short).is_some()
            || Runtime::from_name(short).is_some()
            || HigherOrder::from_name(short).is_some()
            || short.starts_with("nn.init.")
    })
}

/// torch functions handled here; `None` means "ask the registry".
pub fn call(
    interp: &mut Interp,
    full: &str,
    args: &[Value],
    kwargs: &[(String, Value)],
) -> R<Option<Value>> {
    let short = full.strip_prefix("torch.").unwrap_or(full);
    if let Some(f) = Factory::from_name(short) {
        factories::call(interp, f, args, kwargs)
    } else if let Some(f) = Check::from_name(short) {
        checks::call(interp, f, args, kwargs)
    } else if let Some(f) = Query::from_name(short) {
        queries::call(interp, f, args)
    } else if let Some(f) = Runtime::from_name(short) {
        runtime::call(interp, f, args, kwargs)
    } else if let Some(f) = HigherOrder::from_name(short) {
        control_flow::call(interp, f, args, kwargs)
    } else if short.starts_with("nn.init.") {
        // The other initializers fill a tensor in place: no shape changes.
        Ok(Some(args.first().cloned().unwrap_or(Value::None)))
    } else {
        Ok(None)
    }
}

fn dtype_kw(kwargs: &[(String, Value)]) -> Option<DType> {
    match kw(kwargs, "dtype") {
        Some(Value::DType(d)) => Some(*d),
        _ => None,
    }
}
