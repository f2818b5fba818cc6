//! The native half of `nn.Module`: the registries every module instance
//! carries ([`ModuleState`]: `_parameters`, `_buffers`, `_modules`,
//! `_non_persistent_buffers_set`, `training`) and torch's attribute
//! protocol over them (assigning a Parameter, Module or buffer registers
//! it; reading an attribute falls back to the registries, see
//! `Interp::object_attr`). Everything else `nn.Module` does is Python in
//! the prelude (`prelude/module.py`), which derives from the native base
//! class [`STORAGE_CLASS`].
//!
//! The exporter reads the same registries here ([`named_parameters`],
//! [`named_buffers`], ...) to build the exported program's signature, in
//! the order torch's `named_parameters()`/`named_buffers()` give.

use std::collections::HashSet;
use std::rc::Rc;

use crate::interp::{Interp, R};
use crate::value::{ModuleState, Object, Provenance, Tensor, Value};

/// The qualified name of the native base class of the prelude's `Module`
/// (`from torch._C import _ModuleStorage`): instances of its subclasses
/// carry a [`ModuleState`].
pub const STORAGE_CLASS: &str = "torch._C._ModuleStorage";

/// The registries read as attributes: live views Python code may write to
/// (`self._modules[name] = m` registers `m`).
pub fn registry_attr(obj: &Object, name: &str) -> Option<Value> {
    let st = obj.module.as_ref()?.borrow();
    Some(match name {
        "_parameters" => Value::Dict(st.params.clone()),
        "_buffers" => Value::Dict(st.buffers.clone()),
        "_modules" => Value::Dict(st.modules.clone()),
        "_non_persistent_buffers_set" => Value::Set(st.non_persistent.clone()),
        _ => return None,
    })
}

/// `self.name = value` on a module, as `nn.Module.__setattr__` does it:
/// a Parameter goes to `_parameters`, a Module to `_modules`, a tensor (or
/// None) assigned to a registered buffer's name replaces the buffer; the
/// rest is a plain attribute.
pub fn setattr(interp: &mut Interp, obj: &Rc<Object>, name: &str, value: Value) -> R<()> {
    let state = obj.module.as_ref().expect("caller checked");
    if name == "training" {
        let mode = interp.truthy(&value)?;
        state.borrow_mut().training = mode;
        return Ok(());
    }
    let target = match &value {
        Value::Tensor(t) if *t.provenance.borrow() == Provenance::Parameter => {
            Some(Registry::Parameters)
        }
        // An `nn.Buffer(...)` assigned in `__init__` registers as a buffer.
        Value::Tensor(t) if !interp.tracing => match *t.provenance.borrow() {
            Provenance::Buffer { persistent } => Some(Registry::Buffers { persistent }),
            _ => None,
        },
        Value::Object(o) if o.module.is_some() => Some(Registry::Modules),
        _ => None,
    };
    if let Some(target) = target {
        let st = state.borrow();
        let into = match target {
            Registry::Parameters => &st.params,
            Registry::Buffers { persistent } => {
                st.set_persistent(name, persistent);
                &st.buffers
            }
            Registry::Modules => &st.modules,
        };
        for registry in [&st.params, &st.buffers, &st.modules] {
            if !Rc::ptr_eq(registry, into) {
                ModuleState::unregister(registry, name);
            }
        }
        ModuleState::register(into, name, value);
        drop(st);
        obj.attrs.borrow_mut().retain(|(n, _)| n != name);
        return Ok(());
    }
    {
        let st = state.borrow();
        if ModuleState::lookup(&st.params, name).is_some() {
            match &value {
                Value::None => {
                    ModuleState::register(&st.params, name, Value::None);
                    return Ok(());
                }
                // Inside forward, torch.export replaces a parameter by a
                // tensor the graph computes (functionalized).
                Value::Tensor(_) if interp.tracing => {}
                _ => {
                    drop(st);
                    return Err(interp.type_error(format!(
                        "cannot assign '{}' as parameter '{name}' (torch.nn.Parameter or None expected)",
                        value.type_name()
                    )));
                }
            }
        }
        // `self.sub = None` on a registered submodule keeps the slot, empty.
        if value.is_none() && ModuleState::lookup(&st.modules, name).is_some() {
            ModuleState::register(&st.modules, name, Value::None);
            return Ok(());
        }
        if ModuleState::lookup(&st.buffers, name).is_some() {
            if let Value::Tensor(t) = &value {
                if !interp.tracing {
                    let persistent = !st.is_non_persistent(name);
                    *t.provenance.borrow_mut() = Provenance::Buffer { persistent };
                }
                ModuleState::register(&st.buffers, name, value.clone());
                return Ok(());
            }
            if value.is_none() {
                ModuleState::register(&st.buffers, name, Value::None);
                return Ok(());
            }
        }
    }
    if let Value::Tensor(t) = &value
        && !interp.tracing
        && *t.provenance.borrow() == Provenance::Eager
    {
        *t.provenance.borrow_mut() = Provenance::Constant;
    }
    obj.set_attr(name, value);
    Ok(())
}

/// Which registry an assigned value joins.
enum Registry {
    Parameters,
    Buffers { persistent: bool },
    Modules,
}

/// `del self.name`: out of whichever registry holds it, else a plain
/// attribute. `false` when nothing had the name.
pub fn delattr(obj: &Object, name: &str) -> bool {
    if let Some(state) = &obj.module {
        let st = state.borrow();
        for registry in [&st.params, &st.buffers, &st.modules] {
            if ModuleState::lookup(registry, name).is_some() {
                ModuleState::unregister(registry, name);
                return true;
            }
        }
    }
    let mut attrs = obj.attrs.borrow_mut();
    let before = attrs.len();
    attrs.retain(|(n, _)| n != name);
    attrs.len() != before
}

/// The module tree in `named_modules()` order (pre-order, each module once).
pub fn named_modules(root: &Rc<Object>) -> Vec<(String, Rc<Object>)> {
    fn walk(
        prefix: String,
        m: &Rc<Object>,
        seen: &mut HashSet<*const Object>,
        out: &mut Vec<(String, Rc<Object>)>,
    ) {
        if !seen.insert(Rc::as_ptr(m)) {
            return;
        }
        let children = children_of(m);
        out.push((prefix, m.clone()));
        let prefix = out.len() - 1;
        for (n, c) in children {
            if let Some(c) = c {
                walk(qual(&out[prefix].0, &n), &c, seen, out);
            }
        }
    }
    let mut out = Vec::new();
    walk(String::new(), root, &mut HashSet::new(), &mut out);
    out
}

/// A module's registered children (`None`: a child set to `None`).
fn children_of(m: &Rc<Object>) -> Vec<(String, Option<Rc<Object>>)> {
    m.module
        .as_ref()
        .map(|st| st.borrow().module_entries())
        .unwrap_or_default()
}

/// `named_modules(remove_duplicate=False)`: a module shared by several
/// parents under each path. A module already on the path is skipped (torch
/// would recurse forever) and the walk stops at [`MAX_MODULE_PATHS`] paths,
/// which shared modules can multiply.
pub fn named_modules_with_duplicates(root: &Rc<Object>) -> Vec<(String, Rc<Object>)> {
    fn walk(
        prefix: String,
        m: &Rc<Object>,
        path: &mut Vec<*const Object>,
        out: &mut Vec<(String, Rc<Object>)>,
    ) {
        if path.contains(&Rc::as_ptr(m)) || out.len() >= MAX_MODULE_PATHS {
            return;
        }
        let children = children_of(m);
        out.push((prefix.clone(), m.clone()));
        path.push(Rc::as_ptr(m));
        for (n, c) in children {
            if let Some(c) = c {
                walk(qual(&prefix, &n), &c, path, out);
            }
        }
        path.pop();
    }
    let mut out = Vec::new();
    walk(String::new(), root, &mut Vec::new(), &mut out);
    out
}

/// The most module paths [`named_modules_with_duplicates`] lists.
pub const MAX_MODULE_PATHS: usize = 10_000;

/// `named_parameters()`: qualified names in registration order, each tensor once.
pub fn named_parameters(root: &Rc<Object>) -> Vec<(String, Rc<Tensor>)> {
    parameters_of(&named_modules(root))
}

/// [`named_parameters`] of a module tree already walked by [`named_modules`].
pub fn parameters_of(modules: &[(String, Rc<Object>)]) -> Vec<(String, Rc<Tensor>)> {
    let mut seen = HashSet::new();
    parameters_with_duplicates_of(modules)
        .into_iter()
        .filter(|(_, t)| seen.insert(Rc::as_ptr(t)))
        .collect()
}

/// `named_parameters(remove_duplicate=False)`: tied parameters under each name.
pub fn named_parameters_with_duplicates(root: &Rc<Object>) -> Vec<(String, Rc<Tensor>)> {
    parameters_with_duplicates_of(&named_modules(root))
}

/// [`named_parameters_with_duplicates`] of a walked module tree.
pub fn parameters_with_duplicates_of(
    modules: &[(String, Rc<Object>)],
) -> Vec<(String, Rc<Tensor>)> {
    let mut out = Vec::new();
    for (prefix, m) in modules {
        let st = m.module.as_ref().expect("modules have state").borrow();
        for (n, t) in st.param_entries() {
            if let Some(t) = t {
                out.push((qual(prefix, &n), t));
            }
        }
    }
    out
}

/// `named_buffers()` with persistence.
pub fn named_buffers(root: &Rc<Object>) -> Vec<(String, Rc<Tensor>, bool)> {
    buffers_of(&named_modules(root))
}

/// [`named_buffers`] of a walked module tree.
pub fn buffers_of(modules: &[(String, Rc<Object>)]) -> Vec<(String, Rc<Tensor>, bool)> {
    let mut seen = HashSet::new();
    buffers_with_duplicates_of(modules)
        .into_iter()
        .filter(|(_, t, _)| seen.insert(Rc::as_ptr(t)))
        .collect()
}

/// `named_buffers(remove_duplicate=False)` of a walked module tree: a
/// buffer shared by several modules under each name.
pub fn buffers_with_duplicates_of(
    modules: &[(String, Rc<Object>)],
) -> Vec<(String, Rc<Tensor>, bool)> {
    let mut out = Vec::new();
    for (prefix, m) in modules {
        let st = m.module.as_ref().expect("modules have state").borrow();
        for (n, t, persistent) in st.buffer_entries() {
            if let Some(t) = t {
                out.push((qual(prefix, &n), t, persistent));
            }
        }
    }
    out
}

/// Plain tensor attributes (lifted as constants).
pub fn named_constants(root: &Rc<Object>) -> Vec<(String, Rc<Tensor>)> {
    constants_of(&named_modules(root))
}

/// [`named_constants`] of a walked module tree.
pub fn constants_of(modules: &[(String, Rc<Object>)]) -> Vec<(String, Rc<Tensor>)> {
    let mut out = Vec::new();
    for (prefix, m) in modules {
        for (n, v) in m.attrs.borrow().iter() {
            if let Value::Tensor(t) = v {
                out.push((qual(prefix, n), t.clone()));
            }
        }
    }
    out
}

fn qual(prefix: &str, n: &str) -> String {
    if prefix.is_empty() {
        n.to_string()
    } else {
        format!("{prefix}.{n}")
    }
}

/// The attribute protocol as methods, for `super().__getattr__(name)` and
/// friends from a class that overrides one of them.
pub const NATIVE_METHODS: &[&str] = &["__getattr__", "__setattr__", "__delattr__"];

/// Call one of [`NATIVE_METHODS`] on module `recv`.
pub fn call_native(interp: &mut Interp, recv: &Value, method: &str, args: Vec<Value>) -> R<Value> {
    let (Value::Object(obj), Some(Value::Str(name))) = (recv, args.first()) else {
        return Err(interp.type_error(format!("{method}() expects a module and a name")));
    };
    match method {
        "__getattr__" => {
            if let Some(state) = &obj.module {
                let st = state.borrow();
                for registry in [&st.params, &st.buffers, &st.modules] {
                    if let Some(v) = ModuleState::lookup(registry, name) {
                        return Ok(v);
                    }
                }
            }
            match registry_attr(obj, name) {
                Some(v) => Ok(v),
                None => Err(interp.attr_error(&Value::Object(obj.clone()), name)),
            }
        }
        "__setattr__" => {
            let value = args.get(1).cloned().unwrap_or(Value::None);
            setattr(interp, obj, name, value)?;
            Ok(Value::None)
        }
        "__delattr__" => {
            if delattr(obj, name) {
                Ok(Value::None)
            } else {
                Err(interp.raise(
                    "AttributeError",
                    format!("'{}' object has no attribute '{name}'", obj.class.name),
                ))
            }
        }
        _ => Err(interp.type_error(format!("nn.Module has no native method {method}"))),
    }
}
