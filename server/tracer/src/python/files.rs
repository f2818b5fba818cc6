//! `_exportlens_files`: the natives behind the prelude's `os.path`,
//! `tempfile`, `importlib.util` and `jinja2`, which reach files. The
//! analysis writes nothing and reads only what an import could: files
//! inside the environment's import roots (a library's templates and data
//! beside its code), through the workspace, so that what a trace read is
//! known to the caches that reuse it. A module made from a source (a
//! generated module a library loads by path) runs with this interpreter,
//! as an imported module does.

use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use crate::interp::{Interp, R};
use crate::python::bind::{Args, Signature};
use crate::python::names::known_names;
use crate::value::Value;

/// The largest file `read_text` gives (a template or a small data file).
const MAX_READ_BYTES: usize = 1 << 20;

known_names! {
    /// The functions of `_exportlens_files`.
    pub enum FilesFunction {
        /// `read_text(path)`: the text, or `None` when it cannot be read.
        ReadText = "read_text",
        /// `new_module(name, origin)`: an empty module.
        NewModule = "new_module",
        /// `run_source(module, source, path)`: run the source as the
        /// module's code.
        RunSource = "run_source",
    }
}

/// Calls `_exportlens_files.NAME(args)`.
pub fn call(interp: &mut Interp, function: FilesFunction, args: Args) -> R<Value> {
    match function {
        FilesFunction::ReadText => {
            const READ_TEXT: Signature<1> = Signature::new("read_text", ["path"]).required(1);
            let [path] = READ_TEXT.bind(interp, args)?.values();
            Ok(match &path {
                Value::Str(p) => read_text(interp, p).map_or(Value::None, |t| Value::str(&t)),
                _ => Value::None,
            })
        }
        FilesFunction::NewModule => {
            const NEW_MODULE: Signature<2> =
                Signature::new("new_module", ["name", "origin"]).required(1);
            let [name, origin] = NEW_MODULE.bind(interp, args)?.values();
            let Value::Str(name) = &name else {
                return Err(interp.type_error("module name must be a str"));
            };
            let origin = match &origin {
                Value::Str(o) => Some(PathBuf::from(&**o)),
                _ => None,
            };
            Ok(interp.new_source_module(name, origin))
        }
        FilesFunction::RunSource => {
            const RUN_SOURCE: Signature<3> =
                Signature::new("run_source", ["module", "source", "path"]).required(3);
            let [module, source, path] = RUN_SOURCE.bind(interp, args)?.values();
            match (&module, &source, &path) {
                (Value::Module(m), Value::Str(source), Value::Str(path)) => {
                    interp.run_source_in_module(m, source, path)?;
                    Ok(Value::None)
                }
                (_, Value::Unknown(_), _) => Ok(source.clone()),
                _ => Err(interp.type_error("run_source(module, source: str, path: str)")),
            }
        }
    }
}

/// The text of `path` when it lies inside one of the workspace's import
/// roots, is UTF-8 and is at most [`MAX_READ_BYTES`].
fn read_text(interp: &Interp, path: &str) -> Option<Arc<str>> {
    let ws = interp.workspace.as_ref()?;
    let path = lexically_normal(Path::new(path))?;
    if !ws.roots().iter().any(|root| path.starts_with(root)) {
        return None;
    }
    let text = ws.text(&path)?;
    (text.len() <= MAX_READ_BYTES).then_some(text)
}

/// `path` with `.` and `..` resolved without touching the file system;
/// `None` for a relative path or one that climbs above the root.
fn lexically_normal(path: &Path) -> Option<PathBuf> {
    if !path.is_absolute() {
        return None;
    }
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::RootDir | Component::Prefix(_) => out.push(component),
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    return None;
                }
            }
            Component::Normal(c) => out.push(c),
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::lexically_normal;
    use std::path::{Path, PathBuf};

    #[test]
    fn paths_are_normalized_without_the_file_system() {
        assert_eq!(
            lexically_normal(Path::new("/a/b/../c/./d.jinja")),
            Some(PathBuf::from("/a/c/d.jinja"))
        );
        assert_eq!(lexically_normal(Path::new("a/b")), None);
        assert_eq!(lexically_normal(Path::new("/..")), None);
    }
}
