//! torch's Python surface written in Python: the bundled prelude
//! (`server/tracer/prelude/*.py`), run by the same interpreter as user and
//! library code. This module owns the bundled sources, their virtual paths
//! and the names each defines; the interpreter runs a prelude module the
//! first time one of its names is read (`Interp::prelude_value`).
//!
//! Every `torch.nn` module, `nn.Module` itself included, is defined here;
//! the native half of `nn.Module` (its registries and attribute protocol)
//! is [`crate::module`].

use std::collections::HashSet;
use std::sync::Arc;

use crate::SourceFile;

/// Where the prelude's virtual paths start: no file on disk has it.
pub const VIRTUAL_ROOT: &str = "<exportlens prelude>/";

/// One bundled module of the prelude.
pub struct PreludeModule {
    /// The dotted name its code sees as `__name__`.
    pub name: &'static str,
    /// The virtual path frames and parse caches use (never on disk).
    pub path: &'static str,
    /// The torch namespace whose attributes it provides (`torch.nn`: also
    /// `torch.nn.modules.*`).
    pub namespace: &'static str,
    source: &'static str,
}

/// A prelude module of the `torch.nn` namespace, one per file of
/// torch's `torch/nn/modules` that it mirrors.
macro_rules! nn_module {
    ($file:literal) => {
        PreludeModule {
            name: concat!("torch.nn.modules.", $file),
            path: concat!("<exportlens prelude>/torch/nn/modules/", $file, ".py"),
            namespace: "torch.nn",
            source: include_str!(concat!("../prelude/", $file, ".py")),
        }
    };
}

/// The prelude modules. Several may serve one namespace: a name is read
/// from the first that defines it.
/// A module outside torch's namespaces, standing in for the module of that
/// name (its own namespace): name, virtual file, prelude file stem.
macro_rules! standalone {
    ($name:literal, $path:literal, $file:literal) => {
        PreludeModule {
            name: $name,
            path: concat!("<exportlens prelude>/", $path),
            namespace: $name,
            source: include_str!(concat!("../prelude/", $file, ".py")),
        }
    };
}

pub static MODULES: &[PreludeModule] = &[
    PreludeModule {
        name: "torch.nn.modules",
        path: "<exportlens prelude>/torch/nn/modules.py",
        namespace: "torch.nn",
        source: include_str!("../prelude/nn.py"),
    },
    nn_module!("module"),
    nn_module!("activation"),
    nn_module!("batchnorm"),
    nn_module!("conv"),
    nn_module!("distance"),
    nn_module!("dropout"),
    nn_module!("flatten"),
    nn_module!("linear"),
    nn_module!("loss"),
    nn_module!("instancenorm"),
    nn_module!("normalization"),
    nn_module!("pooling"),
    nn_module!("rnn"),
    nn_module!("sparse"),
    nn_module!("transformer"),
    nn_module!("utils"),
    PreludeModule {
        name: "torch.autograd.function",
        path: "<exportlens prelude>/torch/autograd/function.py",
        namespace: "torch.autograd",
        source: include_str!("../prelude/autograd.py"),
    },
    PreludeModule {
        name: "torch.nn.utils.parametrize",
        path: "<exportlens prelude>/torch/nn/utils/parametrize.py",
        namespace: "torch.nn.utils.parametrize",
        source: include_str!("../prelude/parametrize.py"),
    },
    PreludeModule {
        name: "torch.nn.utils.parametrizations",
        path: "<exportlens prelude>/torch/nn/utils/parametrizations.py",
        namespace: "torch.nn.utils.parametrizations",
        source: include_str!("../prelude/parametrizations.py"),
    },
    PreludeModule {
        name: "torch.nn.utils.weight_norm",
        path: "<exportlens prelude>/torch/nn/utils/weight_norm.py",
        namespace: "torch.nn.utils",
        source: include_str!("../prelude/weight_norm.py"),
    },
    PreludeModule {
        name: "torch.autograd.profiler",
        path: "<exportlens prelude>/torch/autograd/profiler.py",
        namespace: "torch.autograd.profiler",
        source: include_str!("../prelude/profiler.py"),
    },
    PreludeModule {
        name: "torch.profiler",
        path: "<exportlens prelude>/torch/profiler/__init__.py",
        namespace: "torch.profiler",
        source: include_str!("../prelude/torch_profiler.py"),
    },
    PreludeModule {
        name: "torch.autograd.forward_ad",
        path: "<exportlens prelude>/torch/autograd/forward_ad.py",
        namespace: "torch.autograd.forward_ad",
        source: include_str!("../prelude/forward_ad.py"),
    },
    PreludeModule {
        name: "torch.distributions",
        path: "<exportlens prelude>/torch/distributions/__init__.py",
        namespace: "torch.distributions",
        source: include_str!("../prelude/distributions.py"),
    },
    PreludeModule {
        name: "torch.library",
        path: "<exportlens prelude>/torch/library.py",
        namespace: "torch.library",
        source: include_str!("../prelude/library.py"),
    },
    PreludeModule {
        name: "torch.storage",
        path: "<exportlens prelude>/torch/storage.py",
        namespace: "torch.storage",
        source: include_str!("../prelude/storage.py"),
    },
    PreludeModule {
        name: "torch.utils.hooks",
        path: "<exportlens prelude>/torch/utils/hooks.py",
        namespace: "torch.utils.hooks",
        source: include_str!("../prelude/hooks.py"),
    },
    PreludeModule {
        name: "torch._numpy",
        path: "<exportlens prelude>/torch/_numpy/__init__.py",
        namespace: "torch._numpy",
        source: include_str!("../prelude/torch_numpy.py"),
    },
    PreludeModule {
        name: "torch._C",
        path: "<exportlens prelude>/torch/_C/__init__.py",
        namespace: "torch._C",
        source: include_str!("../prelude/torch_c.py"),
    },
    PreludeModule {
        name: "torch",
        path: "<exportlens prelude>/torch/__init__.py",
        namespace: "torch",
        source: include_str!("../prelude/torch.py"),
    },
    standalone!("numpy", "numpy.py", "numpy"),
    standalone!("contextvars", "contextvars.py", "contextvars"),
    standalone!("collections", "collections.py", "collections"),
    standalone!("exportlens.builtins", "builtins.py", "builtins"),
    standalone!(
        "packaging.version",
        "packaging/version.py",
        "packaging_version"
    ),
    standalone!("collections.abc", "collections/abc.py", "collections_abc"),
    standalone!("random", "random.py", "random"),
    standalone!(
        "distutils.version",
        "distutils/version.py",
        "distutils_version"
    ),
    standalone!("os.path", "os/path.py", "posixpath"),
    standalone!("tempfile", "tempfile.py", "tempfile"),
    standalone!("importlib.util", "importlib/util.py", "importlib_util"),
    standalone!("jinja2", "jinja2/__init__.py", "jinja2"),
    standalone!("typing", "typing.py", "typing"),
    standalone!("types", "types.py", "types"),
    PreludeModule {
        name: "torch.nn.functional",
        path: "<exportlens prelude>/torch/nn/functional.py",
        namespace: "torch.nn.functional",
        source: include_str!("../prelude/functional.py"),
    },
];

/// Each module's parse, made the first time its code runs on any thread.
static PARSED: std::sync::LazyLock<Vec<std::sync::OnceLock<Arc<SourceFile>>>> =
    std::sync::LazyLock::new(|| MODULES.iter().map(|_| std::sync::OnceLock::new()).collect());

/// The classes, functions and simply assigned names each module defines at
/// its top level, read from its text without parsing it
/// ([`syntax::top_level_names`]): asking which module provides a name must
/// not parse the whole prelude.
fn names(index: usize) -> &'static HashSet<String> {
    static NAMES: std::sync::OnceLock<Vec<HashSet<String>>> = std::sync::OnceLock::new();
    &NAMES.get_or_init(|| {
        MODULES
            .iter()
            .map(|m| {
                syntax::top_level_names(m.source)
                    .unwrap_or_default()
                    .into_iter()
                    .collect()
            })
            .collect()
    })[index]
}

/// The prelude module that provides the attribute `full` (a canonical
/// dotted path such as `torch.nn.InstanceNorm2d` or
/// `torch.nn.modules.padding.ReflectionPad2d`), with the name to read
/// from it.
pub fn provider(full: &str) -> Option<(usize, &str)> {
    let (path, name) = full.rsplit_once('.')?;
    // A private name (`_pair`) is read only from its own module's path; a
    // public one also from the namespace and its `modules` package.
    let private = name.starts_with('_');
    let index = MODULES.iter().enumerate().position(|(i, m)| {
        let reaches = if private {
            path == m.name
        } else {
            path == m.name
                || path == m.namespace
                || path
                    .strip_prefix(m.namespace)
                    .is_some_and(|rest| rest == ".modules" || rest.starts_with(".modules."))
        };
        reaches && names(i).contains(name)
    })?;
    Some((index, name))
}

/// Whether `full` names one of torch's submodules that hold the prelude's
/// classes (`torch.nn.modules.conv`, `torch.nn.modules.padding`): read as
/// a namespace whose attributes the prelude provides.
pub fn is_submodule(full: &str) -> bool {
    provider(full).is_none()
        && MODULES.iter().any(|m| {
            full.strip_prefix(m.namespace)
                .and_then(|rest| rest.strip_prefix(".modules."))
                .is_some_and(|sub| {
                    !sub.is_empty()
                        && sub
                            .split('.')
                            .all(|p| p.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
                })
        })
}

/// The parsed source of prelude module `index`.
pub fn source(index: usize) -> Arc<SourceFile> {
    PARSED[index]
        .get_or_init(|| SourceFile::parse_imported(MODULES[index].path, MODULES[index].source))
        .clone()
}

/// Whether prelude module `index` is parsed (or being parsed).
pub fn is_parsed(index: usize) -> bool {
    PARSED[index].get().is_some()
}

/// The prelude modules that code mentioning `nn.<Name>` (`nn.Conv2d`,
/// `nn.functional.relu`) reads when it runs, by the text alone, each once.
pub fn mentioned_in(text: &str) -> Vec<usize> {
    let mut found = Vec::new();
    for (at, _) in text.match_indices("nn.") {
        if text[..at]
            .bytes()
            .next_back()
            .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_')
        {
            continue;
        }
        let rest = &text[at + 3..];
        let end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        let name = &rest[..end];
        let index = if name == "functional" {
            MODULES.iter().position(|m| m.name == "torch.nn.functional")
        } else if name.starts_with(|c: char| c.is_ascii_uppercase()) {
            provider(&format!("torch.nn.{name}")).map(|(index, _)| index)
        } else {
            None
        };
        if let Some(index) = index
            && !found.contains(&index)
        {
            found.push(index);
        }
    }
    found
}

/// The torch namespace of the prelude module at virtual path `path`
/// (`torch.nn`), if it is one.
pub fn namespace_of(path: &str) -> Option<&'static str> {
    MODULES.iter().find(|m| m.path == path).map(|m| m.namespace)
}

/// Whether `path` is a prelude module's virtual path: its frames are not
/// user code (failures and nodes are attributed to the caller).
pub fn is_prelude_path(path: &str) -> bool {
    MODULES.iter().any(|m| m.path == path)
}

/// The index of the prelude module named `name`.
pub fn module_index(name: &str) -> Option<usize> {
    MODULES.iter().position(|m| m.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use syntax::ast::StmtKind;

    /// What [`names`] scans, from the parse.
    fn top_level_names(file: &SourceFile) -> HashSet<String> {
        file.module
            .body
            .iter()
            .flat_map(|s| match &s.kind {
                StmtKind::ClassDef(def) => vec![def.name.clone()],
                StmtKind::FunctionDef(def) => vec![def.name.clone()],
                StmtKind::Assign { targets, .. } => targets
                    .iter()
                    .filter_map(|t| match &t.kind {
                        syntax::ast::ExprKind::Name(n) => Some(n.clone()),
                        _ => None,
                    })
                    .collect(),
                _ => vec![],
            })
            .collect()
    }

    #[test]
    fn every_prelude_module_parses_without_errors() {
        for (i, m) in MODULES.iter().enumerate() {
            let file = source(i);
            assert!(
                file.syntax_errors.is_empty(),
                "{}: {:?}",
                m.path,
                file.syntax_errors
            );
            assert!(!names(i).is_empty(), "{} defines nothing", m.path);
            assert_eq!(
                names(i),
                &top_level_names(&file),
                "{}: the scanned names are the parsed ones",
                m.path
            );
        }
    }

    #[test]
    fn classes_are_found_under_the_namespace_and_its_modules() {
        let instancenorm = MODULES
            .iter()
            .position(|m| m.name == "torch.nn.modules.instancenorm");
        assert_eq!(
            provider("torch.nn.InstanceNorm2d").map(|(i, n)| (Some(i), n)),
            Some((instancenorm, "InstanceNorm2d"))
        );
        assert_eq!(
            provider("torch.nn.modules.padding.ReflectionPad2d"),
            Some((0, "ReflectionPad2d"))
        );
        // Private helpers and other namespaces are not exposed, but a
        // private name is read from its own module.
        assert_eq!(provider("torch.nn._ntuple"), None);
        assert_eq!(provider("torch.nn._pair"), None);
        let utils = MODULES
            .iter()
            .position(|m| m.name == "torch.nn.modules.utils");
        assert_eq!(
            provider("torch.nn.modules.utils._pair").map(|(i, n)| (Some(i), n)),
            Some((utils, "_pair"))
        );
        assert_eq!(provider("torch.nn.functional.pad"), None);
        let functional = MODULES.iter().position(|m| m.name == "torch.nn.functional");
        assert_eq!(
            provider("torch.nn.functional.interpolate").map(|(i, n)| (Some(i), n)),
            Some((functional, "interpolate"))
        );
        // A class of another file of the same namespace.
        let activation = MODULES
            .iter()
            .position(|m| m.name == "torch.nn.modules.activation");
        assert_eq!(
            provider("torch.nn.modules.activation.CELU").map(|(i, n)| (Some(i), n)),
            Some((activation, "CELU"))
        );
        assert_eq!(
            provider("torch.nn.GLU").map(|(i, n)| (Some(i), n)),
            Some((activation, "GLU"))
        );
        assert_eq!(provider("torch.InstanceNorm2d"), None);
        assert!(is_submodule("torch.nn.modules.padding"));
        assert!(!is_submodule("torch.nn.modules.Padding"));
        assert!(!is_submodule("torch.nn.functional"));
    }
}
