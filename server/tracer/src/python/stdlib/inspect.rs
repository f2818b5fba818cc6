//! The `inspect` module as library code uses it for introspection:
//! `signature` (parameters with names, defaults and kinds),
//! `get_annotations`, `getsource` (a module's, a function's or a class's
//! source text), `currentframe`,
//! `isclass`, `isfunction`, and `Parameter`'s kind constants.

use crate::tracked::Tracked;
use std::rc::Rc;

use crate::SourceFile;
use crate::interp::{Interp, R};
use crate::python::bind::{Args, Signature};
use crate::python::names::known_names;
use crate::python::objects::KnownObject;
use crate::value::{Class, Dict, FunctionBody, Value};
use syntax::TextRange;
use syntax::ast::{Stmt, StmtKind};

known_names! {
    /// The functions of `inspect` the tracer implements.
    pub enum InspectFunction {
        GetAnnotations = "get_annotations",
        Signature = "signature",
        Getsource = "getsource",
        Currentframe = "currentframe",
        Isclass = "isclass",
        Isfunction = "isfunction",
        GetattrStatic = "getattr_static",
    }
}

/// Call `inspect.NAME(args, kwargs)`.
pub fn call(interp: &mut Interp, function: InspectFunction, args: Args) -> R<Value> {
    if function == InspectFunction::Currentframe {
        Signature::new("currentframe", []).bind(interp, args)?;
        return Ok(Value::Object(Rc::new(crate::value::Object {
            id: interp.fresh_id(),
            class: interp.builtin_class("types.FrameType"),
            attrs: Default::default(),
            module: None,
        })));
    }
    if function == InspectFunction::GetattrStatic {
        return getattr_static(interp, args);
    }
    // Each takes the object first; what follows is keyword-only and the
    // tracer does not need it.
    let [object] = Signature::new(function.name(), ["object"])
        .required(1)
        .star_kwargs()
        .bind(interp, args)?
        .values();
    match function {
        InspectFunction::GetAnnotations => {
            let own = match &object {
                Value::Class(c) => c.own_attr("__annotations__"),
                _ => None,
            };
            Ok(match own {
                Some(Value::Dict(ref d)) => Value::Dict(Rc::new(Tracked::new(d.borrow().clone()))),
                _ => Value::Dict(Rc::new(Tracked::new(Dict::default()))),
            })
        }
        InspectFunction::Signature => signature_of(interp, &object),
        // A module's source is its file's text (library code inspects its
        // own modules for decorators); a function's or a class's, the lines
        // of its definition, decorators included (torch_geometric parses a
        // class's `propagate_type` comment).
        InspectFunction::Getsource => {
            let text = match (&object, &interp.workspace) {
                (Value::Module(m), Some(ws)) => m
                    .path
                    .as_ref()
                    .and_then(|p| ws.text(p))
                    .map(|t| t.to_string()),
                (Value::Function(f), _) => match &f.body {
                    FunctionBody::Def(def) => Some(definition_lines(&f.file, def.range)),
                    FunctionBody::Lambda(_) => None,
                },
                (Value::Class(c), _) => class_source(c),
                _ => None,
            };
            Ok(match text {
                Some(t) => Value::str(&t),
                None => Value::unknown("inspect.getsource"),
            })
        }
        InspectFunction::Isclass => Ok(Value::Bool(matches!(object, Value::Class(_)))),
        _ => Ok(Value::Bool(matches!(object, Value::Function(_)))),
    }
}

/// The whole lines `range` spans in `file`, with the last line's end.
fn definition_lines(file: &SourceFile, range: TextRange) -> String {
    let start = file.index.line_col(range.start).line;
    let start = file.index.line_start(start).unwrap_or(0) as usize;
    let end = (range.end as usize).min(file.text.len());
    let end = file.text[end..]
        .find('\n')
        .map_or(file.text.len(), |i| end + i + 1);
    file.text.get(start..end).unwrap_or_default().to_string()
}

/// The source of class `c`: its `class` statement, found in the file of a
/// method it defines as the class definition around that method.
fn class_source(c: &Class) -> Option<String> {
    let attrs = c.attrs.borrow();
    let (file, method) = attrs.iter().find_map(|(_, v)| match v {
        Value::Function(f) => match &f.body {
            FunctionBody::Def(def) => Some((f.file.clone(), def.range)),
            FunctionBody::Lambda(_) => None,
        },
        _ => None,
    })?;
    let range = enclosing_class(&file.module.body, &c.name, method)?;
    Some(definition_lines(&file, range))
}

/// The range of the innermost class statement named `name` among `body`
/// (and the classes nested in it) that contains `inner`.
fn enclosing_class(body: &[Stmt], name: &str, inner: TextRange) -> Option<TextRange> {
    body.iter().find_map(|stmt| match &stmt.kind {
        StmtKind::ClassDef(def) if def.range.start <= inner.start && inner.end <= def.range.end => {
            enclosing_class(&def.body, name, inner)
                .or_else(|| (def.name == name).then_some(def.range))
        }
        _ => None,
    })
}

/// `inspect.getattr_static(obj, attr, default)`: the attribute as stored,
/// without descriptors or `__getattr__`: an instance's own dict, then the
/// classes of the MRO (of the object itself when it is a class).
fn getattr_static(interp: &mut Interp, args: Args) -> R<Value> {
    let [object, attr, default] = Signature::new("getattr_static", ["obj", "attr", "default"])
        .required(2)
        .bind(interp, args)?
        .args;
    let object = object.unwrap_or(Value::None);
    let Some(Value::Str(ref name)) = attr else {
        return Err(interp.type_error("attribute name must be a string"));
    };
    let stored = match &object {
        Value::Class(c) => c.lookup(name).map(|(v, _)| v),
        Value::Object(o) if o.module.is_none() => o
            .get_attr(name)
            .or_else(|| o.class.lookup(name).map(|(v, _)| v)),
        _ => None,
    };
    match (stored, default) {
        (Some(v), _) | (None, Some(v)) => Ok(v),
        (None, None) => match &object {
            Value::Class(_) | Value::Object(_) => Err(interp.attr_error(&object, name)),
            _ => interp.get_attr(&object, name),
        },
    }
}

/// A parameter's or the return's annotation as `inspect.signature` gives
/// it: `Parameter.empty` when there is none; its source text under `from
/// __future__ import annotations` (or when it names what the function's
/// module does not define: a forward reference); else its value, evaluated
/// in the function's globals as at definition time.
fn annotation_value(
    interp: &mut Interp,
    func: &crate::value::Function,
    annotation: Option<&syntax::ast::Expr>,
) -> R<Value> {
    let Some(annotation) = annotation else {
        return Ok(KnownObject::ParameterEmpty.value());
    };
    let text = &func.file.text;
    let source = text
        .get(annotation.range.start as usize..annotation.range.end as usize)
        .map(Value::str)
        .unwrap_or(Value::None);
    if text.contains("from __future__ import annotations") {
        return Ok(source);
    }
    match interp.eval(annotation, &func.globals.clone()) {
        Ok(v) => Ok(v),
        Err(crate::interp::Flow::Raise(_)) => Ok(source),
        Err(e) => Err(e),
    }
}

/// `inspect.Parameter`'s kinds, as CPython numbers them.
const PARAMETER_KINDS: [(&str, i64); 5] = [
    ("POSITIONAL_ONLY", 0),
    ("POSITIONAL_OR_KEYWORD", 1),
    ("VAR_POSITIONAL", 2),
    ("KEYWORD_ONLY", 3),
    ("VAR_KEYWORD", 4),
];

/// The constant `inspect.NAME`: `_empty`, the marker of no default or
/// annotation.
pub fn constant(name: &str) -> Option<Value> {
    (name == "_empty").then(|| KnownObject::ParameterEmpty.value())
}

/// `inspect.Parameter.NAME` read from the class.
pub fn parameter_class_attr(name: &str) -> Option<Value> {
    if name == "empty" {
        return Some(KnownObject::ParameterEmpty.value());
    }
    PARAMETER_KINDS
        .iter()
        .find(|(k, _)| *k == name)
        .map(|(_, v)| Value::Int(*v))
}

/// `inspect.signature(f)` of a Python function (a bound method without
/// its first parameter): `parameters`, an ordered dict of `Parameter`s
/// with `name`, `default` (`Parameter.empty` when none) and `kind`.
fn signature_of(interp: &mut Interp, target: &Value) -> R<Value> {
    let (func, bound) = match target {
        Value::Function(f) => (f.clone(), false),
        Value::BoundMethod(m) => match &m.1 {
            Value::Function(f) => (f.clone(), true),
            _ => return Ok(Value::unknown("inspect.signature")),
        },
        // A class: its `__init__`'s parameters after `self`.
        Value::Class(c) if c.builtin.is_none() => match c.python_lookup("__init__") {
            Some((Value::Function(ref f), _)) => (f.clone(), true),
            _ => return Ok(Value::unknown("inspect.signature")),
        },
        _ => return Ok(Value::unknown("inspect.signature")),
    };
    let p = &func.params;
    let mut listed: Vec<(&syntax::ast::Param, i64)> = Vec::new();
    listed.extend(p.posonly.iter().map(|a| (a, 0)));
    listed.extend(p.args.iter().map(|a| (a, 1)));
    listed.extend(p.vararg.iter().map(|a| (a, 2)));
    listed.extend(p.kwonly.iter().map(|a| (a, 3)));
    listed.extend(p.kwarg.iter().map(|a| (a, 4)));
    let class = interp.builtin_class("inspect.Parameter");
    let mut parameters = Dict::default();
    for (param, kind) in listed.into_iter().skip(usize::from(bound)) {
        let name = param.name.as_str();
        let default = func
            .defaults
            .get(name)
            .cloned()
            .unwrap_or_else(|| KnownObject::ParameterEmpty.value());
        let annotation = annotation_value(interp, &func, param.annotation.as_ref())?;
        let param = Rc::new(crate::value::Object {
            id: interp.fresh_id(),
            class: class.clone(),
            attrs: Tracked::new(vec![
                ("name".to_string(), Value::str(name)),
                ("default".to_string(), default),
                ("kind".to_string(), Value::Int(kind)),
                ("annotation".to_string(), annotation),
            ]),
            module: None,
        });
        parameters.insert(Value::str(name), Value::Object(param));
    }
    let returns = match &func.body {
        crate::value::FunctionBody::Def(def) => def.returns.as_ref(),
        crate::value::FunctionBody::Lambda(_) => None,
    };
    let return_annotation = annotation_value(interp, &func, returns)?;
    let signature = Rc::new(crate::value::Object {
        id: interp.fresh_id(),
        class: interp.builtin_class("inspect.Signature"),
        attrs: Tracked::new(vec![
            (
                "parameters".to_string(),
                Value::Dict(Rc::new(Tracked::new(parameters))),
            ),
            ("return_annotation".to_string(), return_annotation),
        ]),
        module: None,
    });
    Ok(Value::Object(signature))
}
