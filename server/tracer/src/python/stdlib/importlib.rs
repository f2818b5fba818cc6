//! `importlib`: what is installed and importing by name, answered from the
//! files the tracer can read: torch (built in, at the version it models)
//! and whatever the environment's import roots hold.

use crate::interp::{Interp, R};
use crate::python::bind::{Args, Signature};
use crate::python::names::known_names;
use crate::python::operators::TORCH_VERSION;
use crate::value::Value;

known_names! {
    /// The functions of `importlib` and its submodules the tracer
    /// implements, by their name under `importlib`.
    pub enum ImportlibFunction {
        FindSpec = "util.find_spec",
        Version = "metadata.version",
        ImportModule = "import_module",
    }
}

/// Call `importlib.NAME(args, kwargs)` (`NAME` may be dotted:
/// `util.find_spec`).
pub fn call(interp: &mut Interp, function: ImportlibFunction, args: Args) -> R<Value> {
    match function {
        ImportlibFunction::FindSpec => {
            const FIND_SPEC: Signature<2> =
                Signature::new("find_spec", ["name", "package"]).required(1);
            let [module, _] = FIND_SPEC.bind(interp, args)?.values();
            let Value::Str(ref module) = module else {
                return Ok(Value::None);
            };
            let range = interp.current_range();
            let found = module.as_ref() == "torch"
                || module.starts_with("torch.")
                || interp.import_workspace(module, range)?.is_some();
            Ok(if found {
                Value::Str(module.clone())
            } else {
                Value::None
            })
        }
        ImportlibFunction::Version => {
            const VERSION: Signature<1> =
                Signature::new("version", ["distribution_name"]).required(1);
            match VERSION.bind(interp, args)?.values() {
                [Value::Str(ref m)] if &**m == "torch" => Ok(Value::str(TORCH_VERSION)),
                _ => Ok(crate::python::not_modelled(
                    interp,
                    "importlib.metadata.version",
                )),
            }
        }
        ImportlibFunction::ImportModule => {
            const IMPORT_MODULE: Signature<2> =
                Signature::new("import_module", ["name", "package"]).required(1);
            let [module, package] = IMPORT_MODULE.bind(interp, args)?.args;
            let Some(Value::Str(ref module)) = module else {
                return Err(interp.type_error("import_module() takes a module name"));
            };
            let dotted = match (module.strip_prefix('.'), &package) {
                (Some(relative), Some(Value::Str(p))) => {
                    format!("{p}.{}", relative.trim_start_matches('.'))
                }
                _ => module.to_string(),
            };
            let range = interp.current_range();
            interp.import_module(&dotted, range)
        }
    }
}
