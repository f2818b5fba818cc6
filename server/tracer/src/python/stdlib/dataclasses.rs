//! The `dataclasses` module: `@dataclass` (the class is marked; its
//! `__init__` is generated when the class is instantiated,
//! `Interp::init_dataclass`), `fields`, `field` (a `default_factory` is a
//! marker the generated `__init__` calls per instance), `asdict`,
//! `astuple` and `replace`.

use crate::tracked::Tracked;
use std::rc::Rc;

use crate::interp::{Interp, R};
use crate::python::bind::{Args, Signature};
use crate::python::names::known_names;
use crate::python::objects::KnownObject;
use crate::value::{Dict, Value};

known_names! {
    /// The functions of `dataclasses` the tracer implements.
    pub enum DataclassesFunction {
        Dataclass = "dataclass",
        Fields = "fields",
        Field = "field",
        Asdict = "asdict",
        Astuple = "astuple",
        Replace = "replace",
    }
}

/// Call `dataclasses.NAME(args, kwargs)`.
pub fn call(interp: &mut Interp, function: DataclassesFunction, args: Args) -> R<Value> {
    match function {
        DataclassesFunction::Dataclass => {
            // `dataclass(cls, **options)` called directly (in a base's
            // `__init_subclass__`); with options only, the decorator.
            const DATACLASS: Signature<1> = Signature::new("dataclass", ["cls"])
                .positional_only(1)
                .star_kwargs();
            let [cls] = DATACLASS.bind(interp, args)?.args;
            if let Some(Value::Class(ref c)) = cls {
                c.is_dataclass.set(true);
                return Ok(Value::Class(c.clone()));
            }
            Ok(Value::builtin("dataclasses.dataclass"))
        }
        DataclassesFunction::Fields => {
            const FIELDS: Signature<1> =
                Signature::new("fields", ["class_or_instance"]).required(1);
            let [target] = FIELDS.bind(interp, args)?.args;
            dataclass_field_objects(interp, target.as_ref())
        }
        DataclassesFunction::Field => {
            // `field(default_factory=f)` is a marker the generated
            // `__init__` calls per instance.
            const FIELD: Signature<8> = Signature::new(
                "field",
                [
                    "default",
                    "default_factory",
                    "init",
                    "repr",
                    "hash",
                    "compare",
                    "metadata",
                    "kw_only",
                ],
            )
            .keyword_only(8);
            let [default, factory, ..] = FIELD.bind(interp, args)?.args;
            Ok(match (default, factory) {
                (Some(v), _) => v,
                (None, Some(f)) => KnownObject::DataclassFactory.bound(f),
                (None, None) => Value::None,
            })
        }
        DataclassesFunction::Asdict | DataclassesFunction::Astuple => {
            let as_dict = function == DataclassesFunction::Asdict;
            let factory = if as_dict {
                "dict_factory"
            } else {
                "tuple_factory"
            };
            let [obj, _] = Signature::new(function.name(), ["obj", factory])
                .keyword_only(1)
                .required(1)
                .bind(interp, args)?
                .values();
            if !matches!(obj, Value::Object(_)) {
                return Err(interp.type_error(format!(
                    "{}() should be called on dataclass instances",
                    function.name()
                )));
            }
            dataclass_values(interp, &obj, as_dict)
        }
        DataclassesFunction::Replace => {
            const REPLACE: Signature<1> = Signature::new("replace", ["obj"])
                .positional_only(1)
                .required(1)
                .star_kwargs();
            let bound = REPLACE.bind(interp, args)?;
            let [Some(Value::Object(ref o))] = bound.args else {
                return Err(interp.type_error("replace() should be called on dataclass instances"));
            };
            let fields = interp.dataclass_fields(&o.class);
            let mut values: Vec<(String, Value)> = fields
                .iter()
                .map(|f| (f.clone(), o.get_attr(f).unwrap_or(Value::None)))
                .collect();
            for (k, v) in bound.keywords {
                match values.iter_mut().find(|(n, _)| *n == k) {
                    Some(slot) => slot.1 = v,
                    None => values.push((k, v)),
                }
            }
            interp.instantiate(o.class.clone(), vec![], values)
        }
    }
}

/// The generated `__init__`, bound to (the dataclass, the instance), or
/// read from the class (`cls.__init__`, bound to the dataclass alone: the
/// instance comes first in `args`).
pub fn call_generated_init(interp: &mut Interp, recv: &Value, args: Args) -> R<Value> {
    let Args {
        positional: args,
        keywords: kwargs,
    } = args;
    match interp.iterate(recv)?.as_slice() {
        [Value::Class(class), Value::Object(obj)] => {
            let (class, obj) = (class.clone(), obj.clone());
            interp.init_dataclass(&class, &obj, args, kwargs)?;
            Ok(Value::None)
        }
        [Value::Class(class)] => {
            let class = class.clone();
            let mut args = args.into_iter();
            let Some(Value::Object(ref obj)) = args.next() else {
                return Err(interp.type_error("dataclass __init__ without an instance"));
            };
            interp.init_dataclass(&class, obj, args.collect(), kwargs)?;
            Ok(Value::None)
        }
        _ => Err(interp.type_error("dataclass __init__ without an instance")),
    }
}

/// `asdict`/`astuple` of a dataclass instance: its fields in order,
/// dataclass values converted recursively and containers copied.
fn dataclass_values(interp: &mut Interp, v: &Value, as_dict: bool) -> R<Value> {
    interp.nested("", |interp| dataclass_values_here(interp, v, as_dict))
}

fn dataclass_values_here(interp: &mut Interp, v: &Value, as_dict: bool) -> R<Value> {
    match v {
        Value::Object(o) if !interp.dataclass_fields(&o.class).is_empty() => {
            let fields = interp.dataclass_fields(&o.class);
            let mut values = Vec::with_capacity(fields.len());
            for f in &fields {
                let field = o.get_attr(f).unwrap_or(Value::None);
                values.push(dataclass_values(interp, &field, as_dict)?);
            }
            Ok(if as_dict {
                let mut d = Dict::default();
                for (f, v) in fields.iter().zip(values) {
                    d.insert(Value::str(f), v);
                }
                Value::Dict(Rc::new(Tracked::new(d)))
            } else {
                Value::tuple(values)
            })
        }
        Value::List(items) => {
            let items = items.borrow().clone();
            let mut out = Vec::with_capacity(items.len());
            for x in &items {
                out.push(dataclass_values(interp, x, as_dict)?);
            }
            Ok(Value::list(out))
        }
        Value::Tuple(items) => {
            let mut out = Vec::with_capacity(items.len());
            for x in items.iter() {
                out.push(dataclass_values(interp, x, as_dict)?);
            }
            Ok(Value::tuple(out))
        }
        Value::Dict(d) => {
            let entries = d.borrow().entries().to_vec();
            let mut out = Dict::default();
            for (k, x) in &entries {
                out.insert(k.clone(), dataclass_values(interp, x, as_dict)?);
            }
            Ok(Value::Dict(Rc::new(Tracked::new(out))))
        }
        other => Ok(other.clone()),
    }
}

/// `dataclasses.fields(cls_or_instance)`: a `Field` per field in `__init__`
/// order, with `name`, `default` and `default_factory` (`MISSING` when
/// absent) read from the class.
fn dataclass_field_objects(interp: &mut Interp, target: Option<&Value>) -> R<Value> {
    let class = match target {
        Some(Value::Class(c)) => c.clone(),
        Some(Value::Object(o)) => o.class.clone(),
        _ => {
            return Err(
                interp.type_error("fields() should be called on dataclass types or instances")
            );
        }
    };
    if !class.is_dataclass.get() {
        return Err(interp.type_error("must be called with a dataclass type or instance"));
    }
    let field_class = interp.builtin_class("dataclasses.Field");
    let missing = KnownObject::DataclassMissing.value();
    let fields = interp.dataclass_fields(&class);
    let mut out = Vec::with_capacity(fields.len());
    for name in fields {
        let (default, factory) = match class.lookup(&name).map(|(v, _)| v) {
            Some(Value::Builtin(ref b)) if KnownObject::DataclassFactory.is(b) => {
                (missing.clone(), b.receiver.clone().unwrap_or(Value::None))
            }
            Some(v) => (v, missing.clone()),
            None => (missing.clone(), missing.clone()),
        };
        let field = Rc::new(crate::value::Object {
            id: interp.fresh_id(),
            class: field_class.clone(),
            attrs: Tracked::new(vec![
                ("name".to_string(), Value::str(&name)),
                ("default".to_string(), default),
                ("default_factory".to_string(), factory),
                ("init".to_string(), Value::Bool(true)),
            ]),
            module: None,
        });
        out.push(Value::Object(field));
    }
    Ok(Value::tuple(out))
}
