//! The `copy` module: `copy.copy` and `copy.deepcopy` of the values models
//! copy (config objects before mutating them, a layer cloned N times, a
//! list of widths). A shallow copy shares what the original holds; a deep
//! copy makes new objects, modules and tensors (fresh fake tensors of the
//! same shape, dtype and role), each copied once however often it is
//! reached, as `deepcopy`'s memo does.

use crate::tracked::Tracked;
use std::rc::Rc;

use crate::interp::{Interp, R};
use crate::python::bind::{Args, Signature};
use crate::python::names::known_names;
use crate::value::{Dict, ModuleState, Object, Tensor, Value};

known_names! {
    /// The functions of `copy`.
    pub enum CopyFunction {
        Copy = "copy",
        Deepcopy = "deepcopy",
    }
}

/// Call `copy.NAME(args, kwargs)`.
pub fn call(interp: &mut Interp, function: CopyFunction, args: Args) -> R<Value> {
    match function {
        CopyFunction::Copy => {
            const COPY: Signature<1> = Signature::new("copy", ["x"]).required(1);
            let [value] = COPY.bind(interp, args)?.values();
            Ok(shallow(interp, &value))
        }
        CopyFunction::Deepcopy => {
            const DEEPCOPY: Signature<2> = Signature::new("deepcopy", ["x", "memo"]).required(1);
            let [value, _] = DEEPCOPY.bind(interp, args)?.values();
            let mut memo = Memo::default();
            deep(interp, &value, &mut memo)
        }
    }
}

fn shallow(interp: &mut Interp, v: &Value) -> Value {
    match v {
        Value::List(l) => Value::list(l.borrow().clone()),
        Value::Set(s) => Value::Set(Rc::new(Tracked::new(s.borrow().clone()))),
        Value::Dict(d) => Value::Dict(Rc::new(Tracked::new(d.borrow().clone()))),
        Value::Object(o) => {
            let module = o.module.as_ref().map(|m| Tracked::new(m.borrow().clone()));
            new_object(interp, o, o.attrs.borrow().clone(), module)
        }
        other => other.clone(),
    }
}

fn new_object(
    interp: &mut Interp,
    like: &Object,
    attrs: Vec<(String, Value)>,
    module: Option<Tracked<ModuleState>>,
) -> Value {
    let obj = Rc::new(Object {
        id: interp.fresh_id(),
        class: like.class.clone(),
        attrs: Tracked::new(attrs),
        module,
    });
    crate::cycles::register(&obj);
    Value::Object(obj)
}

/// Budget steps a deep copy charges per object and per tensor it makes.
const OBJECT_COPY_STEPS: u128 = 16;
const TENSOR_COPY_STEPS: u128 = 4;

/// What a deep copy already made, by the address of the original (kept
/// alive here, so that no address is reused while the copy runs).
#[derive(Default)]
struct Memo {
    made: foldhash::HashMap<usize, (Value, Value)>,
    tensors: foldhash::HashMap<usize, (Rc<Tensor>, Rc<Tensor>)>,
}

impl Memo {
    fn get(&self, address: usize) -> Option<Value> {
        self.made.get(&address).map(|(_, made)| made.clone())
    }
}

/// One value copied, one nesting level deeper: a value nested past the
/// recursion limit is Python's `RecursionError`, as `copy.deepcopy`'s own
/// recursion is in CPython.
fn deep(interp: &mut Interp, v: &Value, memo: &mut Memo) -> R<Value> {
    interp.nested("", |interp| deep_here(interp, v, memo))
}

fn deep_here(interp: &mut Interp, v: &Value, memo: &mut Memo) -> R<Value> {
    interp.step()?;
    Ok(match v {
        Value::Tensor(t) => Value::Tensor(deep_tensor(interp, t, memo)),
        // A container is registered in the memo before its items are
        // copied, so a cycle through it (`a.append(a)`) resolves to the
        // copy, as `deepcopy`'s memo has it.
        Value::List(l) => {
            let address = Rc::as_ptr(l) as usize;
            if let Some(made) = memo.get(address) {
                return Ok(made);
            }
            let out = Rc::new(Tracked::new(Vec::new()));
            memo.made
                .insert(address, (v.clone(), Value::List(out.clone())));
            let items = l.borrow().clone();
            for x in &items {
                let x = deep(interp, x, memo)?;
                out.borrow_mut().push(x);
            }
            Value::List(out)
        }
        Value::Set(items) => {
            let address = Rc::as_ptr(items) as usize;
            if let Some(made) = memo.get(address) {
                return Ok(made);
            }
            let items = items.borrow().clone();
            let copied: R<Vec<Value>> = items.iter().map(|x| deep(interp, x, memo)).collect();
            let made = Value::Set(Rc::new(Tracked::new(copied?)));
            memo.made.insert(address, (v.clone(), made.clone()));
            made
        }
        Value::Tuple(t) => {
            let items: R<Vec<Value>> = t.iter().map(|x| deep(interp, x, memo)).collect();
            let items = items?;
            // Reached again through a list among its items: that copy.
            let address = Rc::as_ptr(t) as usize;
            if let Some(made) = memo.get(address) {
                return Ok(made);
            }
            let made = Value::tuple(items);
            memo.made.insert(address, (v.clone(), made.clone()));
            made
        }
        Value::Dict(d) => {
            let address = Rc::as_ptr(d) as usize;
            if let Some(made) = memo.get(address) {
                return Ok(made);
            }
            let mut empty = Dict::default();
            empty.default_factory = d.borrow().default_factory.clone();
            let out = Rc::new(Tracked::new(empty));
            memo.made
                .insert(address, (v.clone(), Value::Dict(out.clone())));
            let entries = d.borrow().entries().to_vec();
            for (k, x) in entries {
                let x = deep(interp, &x, memo)?;
                out.borrow_mut().insert(k, x);
            }
            Value::Dict(out)
        }
        Value::Object(o) => {
            let address = Rc::as_ptr(o) as usize;
            if let Some(made) = memo.get(address) {
                return Ok(made);
            }
            // An object (a module with its registries) weighs far more than
            // a value: its copy costs steps in proportion, so a model cloned
            // 10^5 times stops within the budget's memory too.
            interp.charge_items(OBJECT_COPY_STEPS, "a deep copy")?;
            let module = o
                .module
                .as_ref()
                .map(|_| Tracked::new(ModuleState::default()));
            let made = new_object(interp, o, vec![], module);
            memo.made.insert(address, (v.clone(), made.clone()));
            let Value::Object(new) = &made else {
                unreachable!("new_object makes an object")
            };
            let attrs = o.attrs.borrow().clone();
            for (name, x) in attrs {
                let x = deep(interp, &x, memo)?;
                new.attrs.borrow_mut().push((name, x));
            }
            if let (Some(state), Some(slot)) = (&o.module, &new.module) {
                let copied = deep_module_state(interp, &state.borrow(), memo)?;
                *slot.borrow_mut() = copied;
            }
            made
        }
        other => other.clone(),
    })
}

fn deep_module_state(interp: &mut Interp, st: &ModuleState, memo: &mut Memo) -> R<ModuleState> {
    let copy = ModuleState::new(st.training);
    let tensors = st.param_entries().len() + st.buffer_entries().len();
    interp.charge_items(TENSOR_COPY_STEPS * tensors as u128, "a deep copy")?;
    for (n, t) in st.param_entries() {
        let t = t.map_or(Value::None, |t| {
            Value::Tensor(deep_tensor(interp, &t, memo))
        });
        ModuleState::register(&copy.params, &n, t);
    }
    for (n, t, persistent) in st.buffer_entries() {
        let t = t.map_or(Value::None, |t| {
            Value::Tensor(deep_tensor(interp, &t, memo))
        });
        ModuleState::register(&copy.buffers, &n, t);
        copy.set_persistent(&n, persistent);
    }
    for (n, m) in st.module_entries() {
        let m = match m {
            Some(m) => deep(interp, &Value::Object(m), memo)?,
            None => Value::None,
        };
        ModuleState::register(&copy.modules, &n, m);
    }
    Ok(copy)
}

fn deep_tensor(interp: &mut Interp, t: &Rc<Tensor>, memo: &mut Memo) -> Rc<Tensor> {
    let address = Rc::as_ptr(t) as usize;
    if let Some((_, made)) = memo.tensors.get(&address) {
        return made.clone();
    }
    let provenance = t.provenance.borrow().clone();
    let made = match interp.clone_tensor_as(t, provenance, t.requires_grad) {
        Value::Tensor(ref n) => n.clone(),
        _ => unreachable!("clone_tensor_as makes a tensor"),
    };
    memo.tensors.insert(address, (t.clone(), made.clone()));
    made
}
