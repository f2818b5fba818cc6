//! `collections` constructors the tracer implements natively:
//! `OrderedDict` (a dict: insertion order is every dict's), `deque` (a
//! list; its `appendleft`/`popleft` are in `methods/list.rs`) and
//! `defaultdict` (a dict with a factory `d[key]` calls for a missing key).
//! `namedtuple` and the abstract classes are prelude Python
//! (`prelude/collections.py`, `prelude/collections_abc.py`).

use crate::interp::{Interp, R};
use crate::python::bind::{Args, Signature};
use crate::python::builtins::KnownBuiltin;
use crate::python::builtins::conversions::{self, dict_of, list_of};
use crate::python::names::known_names;
use crate::value::Value;

known_names! {
    /// The classes of `collections` built natively, by qualified name.
    pub enum CollectionsClass {
        OrderedDict = "collections.OrderedDict",
        Deque = "collections.deque",
        Defaultdict = "collections.defaultdict",
    }
}

/// Instantiates `class`.
pub fn construct(interp: &mut Interp, class: CollectionsClass, args: Args) -> R<Value> {
    match class {
        CollectionsClass::OrderedDict => {
            let made = conversions::call(interp, KnownBuiltin::Dict, args)?;
            if let Value::Dict(d) = &made {
                d.borrow_mut().attrs.get_or_insert_with(Vec::new);
            }
            Ok(made)
        }
        CollectionsClass::Deque => {
            const DEQUE: Signature<2> = Signature::new("deque", ["iterable", "maxlen"]);
            let [iterable, _] = DEQUE.bind(interp, args)?.args;
            list_of(interp, iterable.as_ref())
        }
        CollectionsClass::Defaultdict => {
            const DEFAULTDICT: Signature<2> =
                Signature::new("defaultdict", ["default_factory", "mapping"])
                    .positional_only(2)
                    .star_kwargs();
            let bound = DEFAULTDICT.bind(interp, args)?;
            let [factory, source] = bound.args;
            let d = dict_of(interp, source.as_ref(), bound.keywords)?;
            if let Value::Dict(dict) = &d {
                dict.borrow_mut().attrs.get_or_insert_with(Vec::new);
            }
            if let (Value::Dict(dict), Some(factory)) = (&d, factory)
                && !factory.is_none()
            {
                dict.borrow_mut().default_factory = Some(factory);
            }
            Ok(d)
        }
    }
}
