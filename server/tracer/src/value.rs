//! Python values as the abstract interpreter sees them: primitives, symbolic
//! integers and booleans, containers, callables, classes and instances,
//! torch namespaces, and fake tensors (dtype, symbolic shape, provenance).

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::fmt;
use std::rc::Rc;
use std::sync::Arc;

use shapes::SymExpr;
use syntax::ast;

pub use symbolic::CmpKind;

use crate::dtype::DType;
use crate::graph::NodeId;
use crate::ops::return_types::ReturnType;
use crate::tracked::Tracked;

pub type Shared<T> = Rc<Tracked<T>>;

#[derive(Clone)]
pub enum Value {
    None,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(Rc<str>),
    /// An integer that depends on a tensor size or value.
    SymInt(SymExpr),
    /// A float computed from symbolic integers (`x.shape[0] / 2`) or read
    /// from tensor data (`.item()` of a floating tensor): its value (NaN
    /// when unknown), and the graph node that computes it when one does
    /// (a later op takes that node as its argument).
    SymFloat(f64, Option<NodeId>),
    /// A boolean that depends on a tensor size or value.
    SymBool(Rc<SymBool>),
    Tuple(Rc<TupleItems>),
    List(Shared<Vec<Value>>),
    Dict(Shared<Dict>),
    Set(Shared<Vec<Value>>),
    Slice(Rc<[Value; 3]>),
    Range(i64, i64, i64),
    Tensor(Rc<Tensor>),
    Function(Rc<Function>),
    /// A callable implemented by the tracer: a Python builtin, a torch
    /// function, a method of a builtin type.
    Builtin(Rc<Builtin>),
    BoundMethod(Rc<(Value, Value)>),
    Class(Rc<Class>),
    Object(Rc<Object>),
    /// A Python module: `torch`, `torch.nn.functional`, `math`, or a user import.
    PyModule(Rc<str>),
    /// A module of the workspace, run from its source: its globals are its
    /// attributes.
    Module(Rc<UserModule>),
    DType(DType),
    Device(Rc<str>),
    /// An iterator over a snapshot of items (from `iter`, `zip`, `enumerate`...).
    Iter(Shared<std::vec::IntoIter<Value>>),
    /// `Dim(...)`, `Dim.AUTO` and friends from `torch.export`.
    Dim(Rc<DimSpec>),
    /// Something the tracer cannot model; the reason was already reported.
    Unknown(Rc<str>),
    /// `from m import name` of a module whose code has not run yet: bound
    /// in the importing scope and resolved (running `m`) when first read.
    /// Never escapes a scope read ([`crate::interp::Interp`] resolves it).
    LazyImport(Rc<LazyImport>),
}

/// The items of a [`Value::Tuple`] (it reads as its `Vec`), and the torch
/// named tuple it is when an op returned one: its fields then read as
/// attributes too. Equality, hashing and every tuple operation ignore the
/// type, as a structseq compares, hashes and slices as its tuple.
pub struct TupleItems {
    items: Vec<Value>,
    pub structseq: Option<&'static ReturnType>,
}

impl std::ops::Deref for TupleItems {
    type Target = Vec<Value>;

    fn deref(&self) -> &Vec<Value> {
        &self.items
    }
}

/// See [`Value::LazyImport`].
pub struct LazyImport {
    pub module: Rc<UserModule>,
    pub name: Rc<str>,
}

impl std::fmt::Debug for LazyImport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "<lazy {}.{}>", self.module.name, self.name)
    }
}

/// A module imported from the workspace (`import mypkg.layers as L`).
pub struct UserModule {
    /// The dotted name it was imported as.
    pub name: Rc<str>,
    /// Its file; `None` for a namespace package (a folder without
    /// `__init__.py`).
    pub path: Option<std::path::PathBuf>,
    /// The package folder, for packages (where submodules are found).
    pub dir: Option<std::path::PathBuf>,
    pub globals: Rc<Scope>,
    /// Its code has not run yet: modules run when first used (an attribute
    /// read, `from m import name`, `from m import *`), not when imported,
    /// so that importing a large library runs only what is reached.
    pub pending: std::cell::Cell<bool>,
}

/// A symbolic boolean: a comparison of two symbolic integers, possibly negated.
#[derive(Clone, Debug)]
pub struct SymBool {
    pub lhs: SymExpr,
    pub op: CmpKind,
    pub rhs: SymExpr,
}

/// Insertion-ordered dictionary with Python key semantics for hashable
/// primitives. Lookups go through a hash index of the keys (consistent
/// with [`Value::key_eq`]), so a dict of many entries (a module's 100,000
/// parameters, a comprehension over a long range) costs what one lookup
/// costs, not a scan per lookup.
#[derive(Clone, Default)]
pub struct Dict {
    entries: Vec<(Value, Value)>,
    /// Positions in `entries` by [`key_hash`]; several keys may share one.
    index: foldhash::HashMap<u64, Vec<usize>>,
    /// `collections.defaultdict`'s factory: called for a missing key read
    /// with `d[key]`, its result stored.
    pub default_factory: Option<Value>,
    /// The instance attributes of an `OrderedDict` or `defaultdict`
    /// (which, unlike a plain dict, have a `__dict__`); `None` for a
    /// plain dict, whose attributes cannot be set.
    pub attrs: Option<Vec<(String, Value)>>,
}

impl Dict {
    /// The entries in insertion order.
    pub fn entries(&self) -> &[(Value, Value)] {
        &self.entries
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The value under the string key `name`, without building a key.
    pub fn get_str(&self, name: &str) -> Option<&Value> {
        self.index
            .get(&str_key_hash(name))?
            .iter()
            .map(|&i| &self.entries[i])
            .find(|(k, _)| matches!(k, Value::Str(s) if &**s == name))
            .map(|(_, v)| v)
    }

    fn position(&self, key: &Value) -> Option<usize> {
        self.index
            .get(&key_hash(key))?
            .iter()
            .copied()
            .find(|&i| self.entries[i].0.key_eq(key))
    }

    pub fn get(&self, key: &Value) -> Option<&Value> {
        self.position(key).map(|i| &self.entries[i].1)
    }

    pub fn insert(&mut self, key: Value, value: Value) {
        if let Some(i) = self.position(&key) {
            self.entries[i].1 = value;
        } else {
            self.index
                .entry(key_hash(&key))
                .or_default()
                .push(self.entries.len());
            self.entries.push((key, value));
        }
    }

    pub fn remove(&mut self, key: &Value) -> Option<Value> {
        let i = self.position(key)?;
        let (_, value) = self.entries.remove(i);
        // Later entries moved down by one.
        self.index.retain(|_, at| {
            at.retain(|&j| j != i);
            for j in at.iter_mut() {
                if *j > i {
                    *j -= 1;
                }
            }
            !at.is_empty()
        });
        Some(value)
    }

    pub fn clear(&mut self) {
        self.entries.clear();
        self.index.clear();
    }
}

/// A hash of a dictionary key, equal for keys [`Value::key_eq`] calls
/// equal: numbers hash by their float value (`1`, `1.0` and `True` are one
/// key), identity-compared values by address, anything else by its kind.
/// A string key's hash, as [`key_hash`] gives it for `Value::Str`.
type KeyHasher = <foldhash::fast::FixedState as std::hash::BuildHasher>::Hasher;

/// Dictionary keys hash with one fixed seed: a hash is stored in the
/// index and compared across lookups (foldhash: keys are hashed on the
/// interpreter's hottest paths, where SipHash cost a few percent).
fn key_hasher() -> KeyHasher {
    use std::hash::BuildHasher;
    foldhash::fast::FixedState::default().build_hasher()
}

fn str_key_hash(name: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = key_hasher();
    // A tag of its own: strings hash apart from the other kinds of key.
    u8::MAX.hash(&mut h);
    name.hash(&mut h);
    h.finish()
}

/// How many values of a key [`key_hash`] reads at most: a tuple nesting
/// one tuple many times over (`t = (t, t)` in a loop) is a key of 2^n
/// values, and a hash of a prefix is as consistent with [`Value::key_eq`]
/// as one of the whole (equal keys list equal values in the same order).
const MAX_HASHED_VALUES: usize = 1 << 16;

fn key_hash(key: &Value) -> u64 {
    use std::hash::{Hash, Hasher};
    if let Value::Str(s) = key {
        return str_key_hash(s);
    }
    /// Hashes `key`'s kind and, for anything but a tuple, its contents
    /// (a tuple's items are fed after it by the caller, in order).
    fn feed(key: &Value, h: &mut KeyHasher) {
        let number = |x: f64, h: &mut KeyHasher| {
            // -0.0 == 0.0.
            let x = if x == 0.0 { 0.0 } else { x };
            x.to_bits().hash(h);
        };
        // Equal numbers hash alike whatever their type (`1`, `1.0`,
        // `True`), as `key_eq` compares them.
        match key {
            Value::Bool(_) | Value::Int(_) | Value::Float(_) => u8::MAX.hash(h),
            _ => std::mem::discriminant(key).hash(h),
        }
        match key {
            Value::Bool(b) => number(f64::from(u8::from(*b)), h),
            Value::Int(i) => number(*i as f64, h),
            Value::Float(f) => number(*f, h),
            Value::Str(s) => s.hash(h),
            Value::Tuple(t) => t.len().hash(h),
            Value::PyModule(m) | Value::Device(m) => m.hash(h),
            Value::Builtin(b) => b.name.hash(h),
            Value::Tensor(t) => Rc::as_ptr(t).hash(h),
            Value::Object(o) => Rc::as_ptr(o).hash(h),
            Value::Class(c) => Rc::as_ptr(c).hash(h),
            Value::Function(f) => Rc::as_ptr(f).hash(h),
            Value::Module(m) => Rc::as_ptr(m).hash(h),
            _ => {}
        }
    }
    let mut h = key_hasher();
    feed(key, &mut h);
    // A tuple's items, depth first, without recursing: keys nest as deep
    // as the code makes them.
    let mut open: Vec<std::slice::Iter<'_, Value>> = match key {
        Value::Tuple(t) => vec![t.iter()],
        _ => Vec::new(),
    };
    let mut fed = 1;
    while let Some(items) = open.last_mut() {
        let Some(x) = items.next() else {
            open.pop();
            continue;
        };
        if fed >= MAX_HASHED_VALUES {
            break;
        }
        fed += 1;
        feed(x, &mut h);
        if let Value::Tuple(t) = x {
            open.push(t.iter());
        }
    }
    h.finish()
}

/// [`Value::key_eq`] of two tuples, without recursing (tuples nest as deep
/// as the code makes them). A pair of tuples met again is not compared
/// again: its first comparison decides, which keeps a tuple nesting one
/// tuple many times over (`t = (t, t)` in a loop) linear to compare.
fn tuples_key_eq(a: &Rc<TupleItems>, b: &Rc<TupleItems>) -> bool {
    let mut seen: foldhash::HashSet<(usize, usize)> = Default::default();
    let mut pending: Vec<(&[Value], &[Value])> = vec![(a, b)];
    while let Some((a, b)) = pending.pop() {
        if a.len() != b.len() {
            return false;
        }
        for (x, y) in a.iter().zip(b) {
            match (x, y) {
                (Value::Tuple(p), Value::Tuple(q)) => {
                    let pair = (Rc::as_ptr(p) as usize, Rc::as_ptr(q) as usize);
                    if !Rc::ptr_eq(p, q) && seen.insert(pair) {
                        pending.push((p, q));
                    }
                }
                _ if !x.key_eq(y) => return false,
                _ => {}
            }
        }
    }
    true
}

/// A hash index over a sequence of keys (a set's items): membership in
/// constant time, with [`Value::key_eq`] deciding within a hash bucket.
#[derive(Default)]
pub struct KeyIndex {
    positions: foldhash::HashMap<u64, Vec<usize>>,
}

impl KeyIndex {
    pub fn new(items: &[Value]) -> Self {
        let mut index = KeyIndex::default();
        for (i, v) in items.iter().enumerate() {
            index.insert(v, i);
        }
        index
    }

    fn insert(&mut self, key: &Value, at: usize) {
        self.positions.entry(key_hash(key)).or_default().push(at);
    }

    /// Whether `items` (the sequence this index was built over) holds
    /// `key`.
    pub fn contains(&self, items: &[Value], key: &Value) -> bool {
        self.positions
            .get(&key_hash(key))
            .is_some_and(|at| at.iter().any(|&i| items[i].key_eq(key)))
    }

    /// Appends `key` to `items` unless it holds it already.
    pub fn push_new(&mut self, items: &mut Vec<Value>, key: Value) {
        if !self.contains(items, &key) {
            self.insert(&key, items.len());
            items.push(key);
        }
    }
}

/// The distinct items of `items` (by [`Value::key_eq`]), in first-seen
/// order: a set's items.
pub fn distinct(items: impl IntoIterator<Item = Value>) -> Vec<Value> {
    let mut index = KeyIndex::default();
    let mut out = Vec::new();
    for v in items {
        index.push_new(&mut out, v);
    }
    out
}

/// Where a fake tensor comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Provenance {
    /// Built by module-level or `__init__` code (not in any graph).
    Eager,
    /// A registered parameter (lifted as `p_*`).
    Parameter,
    /// A registered buffer (lifted as `b_*`).
    Buffer { persistent: bool },
    /// A plain tensor attribute of a module (lifted as `c_*`).
    Constant,
    /// Produced inside the traced graph (inputs included).
    Graph,
}

/// A fake tensor: metadata only, plus the graph node currently holding it.
pub struct Tensor {
    pub id: u32,
    pub dtype: DType,
    pub shape: Vec<SymExpr>,
    pub provenance: RefCell<Provenance>,
    pub node: Cell<Option<NodeId>>,
    pub requires_grad: bool,
    /// Known integer contents for small constant tensors (`torch.tensor([1, 2])`,
    /// `arange`), used when Python reads values back out.
    pub known: RefCell<Option<Arc<Vec<f64>>>>,
    /// Strides and storage when this is a view of another tensor's
    /// storage; `None`: contiguous in a storage of its own.
    pub layout: Option<Rc<crate::layout::Layout>>,
    /// A user input: torch sized its storage from its strides, not from
    /// its element count (see [`crate::layout::Layout::spanning`]).
    pub input_storage: bool,
}

impl Tensor {
    pub fn rank(&self) -> usize {
        self.shape.len()
    }

    /// Its strides and storage (contiguous unless it is a view).
    pub fn layout(&self) -> shapes::expr::SymResult<crate::layout::Layout> {
        match &self.layout {
            Some(l) => Ok((**l).clone()),
            None if self.input_storage => crate::layout::Layout::spanning(&self.shape),
            None => crate::layout::Layout::contiguous(&self.shape),
        }
    }
}

/// A user-defined function, lambda or closure.
pub struct Function {
    pub name: Rc<str>,
    pub qualname: Rc<str>,
    pub params: Arc<ast::Parameters>,
    pub body: FunctionBody,
    /// Evaluated defaults by parameter name.
    pub defaults: NameMap<Value>,
    /// The scope the function closes over.
    pub closure: Rc<Scope>,
    pub globals: Rc<Scope>,
    /// The file the function was defined in (for lines and diagnostics).
    pub file: Arc<crate::SourceFile>,
    pub kind: FunctionKind,
    /// Attributes set on the function object (`fn.__name__`, ...).
    pub attrs: Tracked<HashMap<String, Value>>,
}

impl Function {
    /// The same function as another kind of class attribute (a property's
    /// getter read back as a plain function, a property with a setter).
    pub fn with_kind(&self, kind: FunctionKind) -> Function {
        Function {
            name: self.name.clone(),
            qualname: self.qualname.clone(),
            params: self.params.clone(),
            body: self.body.clone(),
            defaults: self.defaults.clone(),
            closure: self.closure.clone(),
            globals: self.globals.clone(),
            file: self.file.clone(),
            kind,
            attrs: crate::tracked::Tracked::new(self.attrs.borrow().clone()),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FunctionKind {
    Plain,
    StaticMethod,
    ClassMethod,
    Property,
}

#[derive(Clone)]
pub enum FunctionBody {
    Def(Arc<ast::FunctionDef>),
    Lambda(Arc<ast::Expr>),
}

/// A map keyed by names (foldhash: name lookups are the interpreter's
/// hottest path).
pub type NameMap<V> = foldhash::HashMap<String, V>;

/// A lexical scope: a function's locals or a module's globals.
pub struct Scope {
    pub vars: Tracked<NameMap<Value>>,
    pub parent: Option<Rc<Scope>>,
    pub nonlocals: RefCell<Vec<String>>,
    pub globals_decl: RefCell<Vec<String>>,
    /// A class body's namespace: functions defined in it do not see its
    /// names (they close over the enclosing scope, as in Python).
    pub class_body: Cell<bool>,
}

impl Scope {
    pub fn new(parent: Option<Rc<Scope>>) -> Rc<Scope> {
        let scope = Self::unregistered(parent);
        crate::cycles::register(&scope);
        scope
    }

    /// A scope the cycle collector does not know about yet: a call's
    /// locals, registered only if something still holds them when the call
    /// returns (a closure, a bound generator), see `Interp::call_function`.
    pub fn unregistered(parent: Option<Rc<Scope>>) -> Rc<Scope> {
        Rc::new(Scope {
            vars: crate::tracked::Tracked::new(NameMap::default()),
            parent,
            nonlocals: RefCell::new(Vec::new()),
            globals_decl: RefCell::new(Vec::new()),
            class_body: Cell::new(false),
        })
    }

    /// The scope a function defined in this one closes over.
    pub fn closure_for_functions(self: &Rc<Self>) -> Rc<Scope> {
        match &self.parent {
            Some(parent) if self.class_body.get() => parent.clone(),
            _ => self.clone(),
        }
    }

    pub fn lookup(&self, name: &str) -> Option<Value> {
        if let Some(v) = self.vars.borrow().get(name) {
            return Some(v.clone());
        }
        self.parent.as_ref().and_then(|p| p.lookup(name))
    }

    /// Assign in the scope that owns `name` (for `nonlocal`).
    pub fn assign_existing(&self, name: &str, value: Value) -> bool {
        if self.vars.borrow().contains_key(name) {
            self.vars.borrow_mut().insert(name.to_string(), value);
            return true;
        }
        match &self.parent {
            Some(p) => p.assign_existing(name, value),
            None => false,
        }
    }
}

/// A callable implemented by the tracer.
#[derive(Clone, Debug)]
pub struct Builtin {
    /// Fully qualified name: `builtins.len`, `torch.cat`,
    /// `torch.nn.functional.relu`, `tensor.view`, `list.append`.
    pub name: Rc<str>,
    /// The receiver for builtin methods (`[].append`, `x.view`).
    pub receiver: Option<Value>,
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.type_name())
    }
}

/// A class: user-defined, or one the tracer knows (`nn.Linear`, `object`).
pub struct Class {
    pub name: Rc<str>,
    pub qualname: Rc<str>,
    pub bases: Vec<Rc<Class>>,
    pub attrs: Tracked<Vec<(String, Value)>>,
    /// For classes the tracer implements: the registry name (`torch.nn.Linear`).
    pub builtin: Option<Rc<str>>,
    /// For a class the prelude defines, the torch namespace it stands in
    /// (`torch.nn`).
    pub prelude_namespace: Option<&'static str>,
    pub decorators: Vec<Value>,
    pub is_dataclass: Cell<bool>,
    pub is_enum: bool,
    /// The classes created so far that list this one as a direct base, in
    /// creation order, held weakly as Python's `type.__subclasses__` holds
    /// them (a subclass already holds its bases strongly).
    pub subclasses: RefCell<Vec<std::rc::Weak<Class>>>,
    /// The MRO after the class itself, computed on first use (the bases
    /// never change): attribute lookups walk it without allocating.
    pub mro_tail: std::cell::OnceCell<Vec<Rc<Class>>>,
    /// Whether a class of the MRO defines a property, as of a
    /// [`class_attrs_epoch`]: every instance attribute read and write asks.
    pub defines_property: Cell<Option<(u64, bool)>>,
    /// Where names looked up on this class were found along its MRO.
    pub lookups: RefCell<LookupCache>,
}

/// Where each name looked up on a class was found, as of a
/// [`class_attrs_epoch`]: the position of the defining class on the MRO
/// and of the name in its attributes, `None` when no class defines it.
/// Positions, not values: the cache holds nothing alive.
#[derive(Default)]
pub struct LookupCache {
    epoch: u64,
    places: foldhash::HashMap<Box<str>, Option<(u32, u32)>>,
}

/// Names remembered per class at most (`getattr` with names made at run
/// time would grow it without end).
const MAX_LOOKUPS: usize = 1024;

thread_local! {
    static CLASS_ATTRS_EPOCH: Cell<u64> = const { Cell::new(0) };
}

/// A count of the changes made to classes' attributes on this thread:
/// what is derived from them is valid while it stays the same.
pub fn class_attrs_epoch() -> u64 {
    CLASS_ATTRS_EPOCH.with(Cell::get)
}

/// Note that a class's attributes changed (see [`class_attrs_epoch`]).
pub fn class_attrs_changed() {
    CLASS_ATTRS_EPOCH.with(|e| e.set(e.get() + 1));
}

impl Class {
    /// Record `class` as a direct subclass of each of its bases; called once
    /// when a class is created.
    pub fn link_to_bases(class: &Rc<Class>) {
        for b in &class.bases {
            let mut subs = b.subclasses.borrow_mut();
            subs.retain(|w| w.strong_count() > 0);
            subs.push(Rc::downgrade(class));
        }
    }

    /// `cls.__subclasses__()`: the live direct subclasses, oldest first.
    pub fn live_subclasses(&self) -> Vec<Rc<Class>> {
        self.subclasses
            .borrow()
            .iter()
            .filter_map(std::rc::Weak::upgrade)
            .collect()
    }

    /// Method resolution order: depth-first, left to right, without repeats
    /// (equals C3 for the hierarchies models use).
    pub fn mro(self: &Rc<Self>) -> Vec<Rc<Class>> {
        let mut out = vec![self.clone()];
        out.extend(self.tail().iter().cloned());
        out
    }

    /// The MRO without the class itself (holding the class itself would
    /// be a reference cycle).
    fn tail(&self) -> &[Rc<Class>] {
        self.mro_tail.get_or_init(|| {
            if let Some(linear) = c3_merge(&self.bases) {
                return linear;
            }
            // Bases Python would refuse (no consistent order): depth first.
            let mut out: Vec<Rc<Class>> = Vec::new();
            fn walk(c: &Rc<Class>, out: &mut Vec<Rc<Class>>) {
                if out.iter().any(|o| Rc::ptr_eq(o, c)) {
                    return;
                }
                out.push(c.clone());
                for b in &c.bases {
                    walk(b, out);
                }
            }
            for b in &self.bases {
                walk(b, &mut out);
            }
            out
        })
    }

    /// The classes of the MRO, without allocating.
    pub fn mro_iter(self: &Rc<Self>) -> impl Iterator<Item = &Rc<Class>> {
        std::iter::once(self).chain(self.tail().iter())
    }

    pub fn own_attr(&self, name: &str) -> Option<Value> {
        self.attrs
            .borrow()
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    }

    pub fn set_attr(&self, name: &str, value: Value) {
        class_attrs_changed();
        let mut attrs = self.attrs.borrow_mut();
        if let Some(slot) = attrs.iter_mut().find(|(n, _)| n == name) {
            slot.1 = value;
        } else {
            attrs.push((name.to_string(), value));
        }
    }

    /// Whether a class of the MRO defines a property (a function of kind
    /// [`FunctionKind::Property`]).
    pub fn defines_property(self: &Rc<Self>) -> bool {
        let epoch = class_attrs_epoch();
        if let Some((at, defines)) = self.defines_property.get()
            && at == epoch
        {
            return defines;
        }
        let defines = self.mro_iter().any(|c| {
            c.attrs
                .borrow()
                .iter()
                .any(|(_, v)| matches!(v, Value::Function(f) if f.kind == FunctionKind::Property))
        });
        self.defines_property.set(Some((epoch, defines)));
        defines
    }

    /// Find an attribute along the MRO, with the class that defines it.
    pub fn lookup(self: &Rc<Self>, name: &str) -> Option<(Value, Rc<Class>)> {
        let (at, index) = self.place(name)?;
        self.found_at(name, at, index)
    }

    /// The attribute `place` found: the `index`th of the `at`th class on
    /// the MRO, checked to be `name`.
    fn found_at(
        self: &Rc<Self>,
        name: &str,
        at: usize,
        index: usize,
    ) -> Option<(Value, Rc<Class>)> {
        let class = self.mro_iter().nth(at)?;
        if let Some((n, value)) = class.attrs.borrow().get(index)
            && n == name
        {
            return Some((value.clone(), class.clone()));
        }
        // A write that did not count as a change (a bug elsewhere): the
        // answer is still the MRO's.
        self.mro_iter()
            .find_map(|c| c.own_attr(name).map(|v| (v, c.clone())))
    }

    /// Where `name` is defined along the MRO: the defining class's
    /// position and the name's among its attributes. Remembered until a
    /// class's attributes change (every write bumps [`class_attrs_epoch`]).
    fn place(self: &Rc<Self>, name: &str) -> Option<(usize, usize)> {
        let epoch = class_attrs_epoch();
        if let Ok(cache) = self.lookups.try_borrow()
            && cache.epoch == epoch
            && let Some(place) = cache.places.get(name)
        {
            return place.map(|(at, index)| (at as usize, index as usize));
        }
        let place = self.mro_iter().enumerate().find_map(|(at, c)| {
            let index = c.attrs.borrow().iter().position(|(n, _)| n == name)?;
            Some((at, index))
        });
        if let Ok(mut cache) = self.lookups.try_borrow_mut() {
            if cache.epoch != epoch || cache.places.len() >= MAX_LOOKUPS {
                cache.places.clear();
                cache.epoch = epoch;
            }
            let narrow = |(at, index): (usize, usize)| {
                Some((u32::try_from(at).ok()?, u32::try_from(index).ok()?))
            };
            if let Some(stored) = place.map_or(Some(None), |p| narrow(p).map(Some)) {
                cache.places.insert(name.into(), stored);
            }
        }
        place
    }

    /// `name` from the first class of the MRO that defines it in Python,
    /// unless a builtin class (whose behaviour is native: a Rust library
    /// module) comes first.
    pub fn python_lookup(self: &Rc<Self>, name: &str) -> Option<(Value, Rc<Class>)> {
        let (at, index) = self.place(name)?;
        if self.mro_iter().take(at + 1).any(|c| c.builtin.is_some()) {
            return None;
        }
        self.found_at(name, at, index)
    }

    /// The first builtin class on the MRO (`torch.nn.Module` for user modules).
    pub fn builtin_base(self: &Rc<Self>) -> Option<Rc<str>> {
        self.mro_iter().find_map(|c| c.builtin.clone())
    }

    /// The torch class this class is or derives from, by torch's
    /// qualified name: the nearest in the MRO that is a Rust library class
    /// (`torch.nn.Linear`) or a class of the prelude (`torch.nn.LSTM`).
    /// Quick runs key torch's initializers on it.
    pub fn torch_class(self: &Rc<Self>) -> Option<Rc<str>> {
        self.mro_iter().find_map(|c| {
            if let Some(b) = &c.builtin {
                return Some(b.clone());
            }
            c.prelude_namespace
                .map(|ns| Rc::from(format!("{ns}.{}", c.name)))
        })
    }

    pub fn is_subclass_of(self: &Rc<Self>, other: &Rc<Class>) -> bool {
        self.mro_iter().any(|c| Rc::ptr_eq(c, other))
    }

    pub fn is_module(self: &Rc<Self>) -> bool {
        self.mro_iter()
            .any(|c| c.builtin.as_deref() == Some(crate::module::STORAGE_CLASS))
    }
}

/// An instance of a class. `nn.Module` instances keep torch's registries of
/// parameters, buffers and submodules in registration order.
pub struct Object {
    pub id: u32,
    pub class: Rc<Class>,
    pub attrs: Tracked<Vec<(String, Value)>>,
    pub module: Option<Tracked<ModuleState>>,
}

impl Object {
    pub fn get_attr(&self, name: &str) -> Option<Value> {
        self.attrs
            .borrow()
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    }

    pub fn set_attr(&self, name: &str, value: Value) {
        let mut attrs = self.attrs.borrow_mut();
        if let Some(slot) = attrs.iter_mut().find(|(n, _)| n == name) {
            slot.1 = value;
        } else {
            attrs.push((name.to_string(), value));
        }
    }
}

/// The registries an `nn.Module` instance keeps, as torch keeps them: the
/// `_parameters`, `_buffers` and `_modules` dicts (shared with the Python
/// code that reads and writes them, the prelude's `Module` methods above
/// all), the names in `_non_persistent_buffers_set`, and `training`.
#[derive(Clone, Default)]
pub struct ModuleState {
    pub params: Shared<Dict>,
    pub buffers: Shared<Dict>,
    pub modules: Shared<Dict>,
    pub non_persistent: Shared<Vec<Value>>,
    pub training: bool,
}

impl ModuleState {
    pub fn new(training: bool) -> Self {
        ModuleState {
            training,
            ..Default::default()
        }
    }

    /// The registered parameters in order; `None` for a name registered as
    /// `None` (or holding anything but a tensor).
    pub fn param_entries(&self) -> Vec<(String, Option<Rc<Tensor>>)> {
        entries(&self.params, |v| match v {
            Value::Tensor(t) => Some(t.clone()),
            _ => None,
        })
    }

    /// The registered buffers in order, with their persistence.
    pub fn buffer_entries(&self) -> Vec<(String, Option<Rc<Tensor>>, bool)> {
        entries(&self.buffers, |v| match v {
            Value::Tensor(t) => Some(t.clone()),
            _ => None,
        })
        .into_iter()
        .map(|(n, t)| {
            let persistent = !self.is_non_persistent(&n);
            (n, t, persistent)
        })
        .collect()
    }

    /// The registered submodules in order; `None` for an empty slot.
    pub fn module_entries(&self) -> Vec<(String, Option<Rc<Object>>)> {
        entries(&self.modules, |v| match v {
            Value::Object(o) => Some(o.clone()),
            _ => None,
        })
    }

    /// `Some(value)` when `name` is registered in `registry` (`Value::None`
    /// for an empty slot).
    pub fn lookup(registry: &Shared<Dict>, name: &str) -> Option<Value> {
        // Through the dict's hash index: a module with 10^5 children is
        // looked up in constant time.
        registry.borrow().get_str(name).cloned()
    }

    pub fn register(registry: &Shared<Dict>, name: &str, value: Value) {
        registry.borrow_mut().insert(Value::str(name), value);
    }

    pub fn unregister(registry: &Shared<Dict>, name: &str) {
        registry.borrow_mut().remove(&Value::str(name));
    }

    pub fn is_non_persistent(&self, name: &str) -> bool {
        self.non_persistent
            .borrow()
            .iter()
            .any(|v| matches!(v, Value::Str(s) if &**s == name))
    }

    pub fn set_persistent(&self, name: &str, persistent: bool) {
        let mut set = self.non_persistent.borrow_mut();
        set.retain(|v| !matches!(v, Value::Str(s) if &**s == name));
        if !persistent {
            set.push(Value::str(name));
        }
    }
}

fn entries<T>(
    registry: &Shared<Dict>,
    of: impl Fn(&Value) -> Option<T>,
) -> Vec<(String, Option<T>)> {
    registry
        .borrow()
        .entries
        .iter()
        .filter_map(|(k, v)| match k {
            Value::Str(s) => Some((s.to_string(), of(v))),
            _ => None,
        })
        .collect()
}

/// A `torch.export.Dim` value in a `dynamic_shapes` spec.
#[derive(Clone, Debug)]
pub enum DimSpec {
    Named {
        name: Rc<str>,
        min: Option<i64>,
        max: Option<i64>,
    },
    /// `A * d + B` over a named dim.
    Derived {
        root: Rc<DimSpec>,
        coeff: i64,
        offset: i64,
    },
    Auto {
        min: Option<i64>,
        max: Option<i64>,
    },
    Dynamic {
        min: Option<i64>,
        max: Option<i64>,
    },
    /// `Dim.STATIC`, with the bounds `Dim.STATIC(min, max)` gives (checked
    /// against the example size after tracing, as torch does).
    Static {
        min: Option<i64>,
        max: Option<i64>,
    },
}

impl DimSpec {
    /// The value of the root named Dim when this dim equals `value`
    /// (`2*n + 1` at 9: `n` is 4); `None` when no integer root gives it.
    pub fn root_value(&self, value: i64) -> Option<i64> {
        match self {
            DimSpec::Named { .. } => Some(value),
            DimSpec::Derived {
                root,
                coeff,
                offset,
            } => {
                let shifted = value.checked_sub(*offset)?;
                if *coeff == 0 || shifted % coeff != 0 {
                    return None;
                }
                root.root_value(shifted / coeff)
            }
            _ => None,
        }
    }

    pub fn root_name(&self) -> Option<Rc<str>> {
        match self {
            DimSpec::Named { name, .. } => Some(name.clone()),
            DimSpec::Derived { root, .. } => root.root_name(),
            _ => None,
        }
    }
}

impl Value {
    pub fn str(s: &str) -> Value {
        Value::Str(Rc::from(s))
    }

    pub fn tuple(items: Vec<Value>) -> Value {
        Value::Tuple(Rc::new(TupleItems {
            items,
            structseq: None,
        }))
    }

    /// A tuple an op returned as the structseq `rt` (`torch.return_types.max`).
    pub fn structseq(items: Vec<Value>, rt: &'static ReturnType) -> Value {
        Value::Tuple(Rc::new(TupleItems {
            items,
            structseq: Some(rt),
        }))
    }

    pub fn list(items: Vec<Value>) -> Value {
        Value::List(Rc::new(crate::tracked::Tracked::new(items)))
    }

    pub fn builtin(name: &str) -> Value {
        Value::Builtin(Rc::new(Builtin {
            name: Rc::from(name),
            receiver: None,
        }))
    }

    pub fn method(name: &str, receiver: Value) -> Value {
        Value::Builtin(Rc::new(Builtin {
            name: Rc::from(name),
            receiver: Some(receiver),
        }))
    }

    /// The method `name` of a builtin value's type (`list.append` bound to
    /// a list), named `KIND.name`.
    pub fn builtin_method(kind: &'static str, name: &str, receiver: Value) -> Value {
        Value::Builtin(Rc::new(Builtin {
            name: builtin_method_name(kind, name),
            receiver: Some(receiver),
        }))
    }

    pub fn unknown(reason: &str) -> Value {
        Value::Unknown(Rc::from(reason))
    }

    pub fn type_name(&self) -> String {
        match self {
            Value::None => "NoneType".into(),
            Value::Bool(_) | Value::SymBool(_) => "bool".into(),
            Value::Int(_) | Value::SymInt(_) => "int".into(),
            Value::Float(_) | Value::SymFloat(_, _) => "float".into(),
            Value::Str(_) => "str".into(),
            Value::Tuple(_) => "tuple".into(),
            Value::List(_) => "list".into(),
            Value::Dict(_) => "dict".into(),
            Value::Set(_) => "set".into(),
            Value::Slice(_) => "slice".into(),
            Value::Range(..) => "range".into(),
            Value::Tensor(_) => "Tensor".into(),
            Value::Function(_) => "function".into(),
            Value::Builtin(_) => "builtin_function_or_method".into(),
            Value::BoundMethod(_) => "method".into(),
            Value::Class(_) => "type".into(),
            Value::Object(o) => o.class.name.to_string(),
            Value::PyModule(_) | Value::Module(_) => "module".into(),
            Value::DType(_) => "torch.dtype".into(),
            Value::Device(_) => "torch.device".into(),
            Value::Iter(_) => "iterator".into(),
            Value::Dim(_) => "Dim".into(),
            Value::Unknown(_) => "unknown".into(),
            Value::LazyImport(_) => "lazy import".into(),
        }
    }

    /// Equality for dictionary keys and `in` tests on hashable primitives.
    pub fn key_eq(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::None, Value::None) => true,
            (Value::Bool(a), Value::Bool(b)) => a == b,
            (Value::Int(a), Value::Int(b)) => a == b,
            (Value::Bool(a), Value::Int(b)) | (Value::Int(b), Value::Bool(a)) => {
                i64::from(*a) == *b
            }
            (Value::Float(a), Value::Float(b)) => a == b,
            (Value::Int(a), Value::Float(b)) | (Value::Float(b), Value::Int(a)) => {
                (*a as f64) == *b
            }
            (Value::Str(a), Value::Str(b)) => a == b,
            (Value::Tuple(a), Value::Tuple(b)) => Rc::ptr_eq(a, b) || tuples_key_eq(a, b),
            (Value::DType(a), Value::DType(b)) => a == b,
            (Value::Device(a), Value::Device(b)) => a == b,
            (Value::Tensor(a), Value::Tensor(b)) => Rc::ptr_eq(a, b),
            (Value::Object(a), Value::Object(b)) => Rc::ptr_eq(a, b),
            (Value::Class(a), Value::Class(b)) => Rc::ptr_eq(a, b),
            (Value::Function(a), Value::Function(b)) => Rc::ptr_eq(a, b),
            (Value::PyModule(a), Value::PyModule(b)) => a == b,
            (Value::Module(a), Value::Module(b)) => Rc::ptr_eq(a, b),
            (Value::Builtin(a), Value::Builtin(b)) => a.name == b.name,
            _ => false,
        }
    }

    pub fn as_tensor(&self) -> Option<&Rc<Tensor>> {
        match self {
            Value::Tensor(t) => Some(t),
            _ => None,
        }
    }

    pub fn as_object(&self) -> Option<&Rc<Object>> {
        match self {
            Value::Object(o) => Some(o),
            _ => None,
        }
    }

    /// A statically known integer (bools count, as in Python).
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Value::Int(i) => Some(*i),
            Value::Bool(b) => Some(i64::from(*b)),
            Value::SymInt(e) => e.as_const(),
            _ => None,
        }
    }

    pub fn is_none(&self) -> bool {
        matches!(self, Value::None)
    }
}

/// Freeing values without recursing on the native stack.
///
/// A value nested 100,000 deep (`a = [a]` in a loop, a chain of closures
/// each holding the previous one, a linked list of objects) would free
/// itself one nesting level per native frame, and overflow the stack. So
/// the last owner of a container defers it: the outermost drop on a thread
/// frees a queue of such values one at a time, and a container met while
/// one of them is being freed joins the queue instead of being freed
/// inside it. A drop thus recurses one container deep, whatever the
/// nesting.
impl Drop for Value {
    fn drop(&mut self) {
        if !self.owns_nested_values() {
            return;
        }
        // While the thread's locals are being destroyed (a thread-local
        // pool dropping its values), values are freed as Rust frees them.
        let _ = FREEING.try_with(|state| match state.get() {
            Freeing::Itself => state.set(Freeing::Deferring),
            Freeing::Deferring => {
                let _ = DEFERRED.try_with(|q| {
                    q.borrow_mut().push(std::mem::replace(self, Value::None));
                });
            }
            Freeing::Idle if DEFERRED.try_with(|_| ()).is_ok() => {
                let value = std::mem::replace(self, Value::None);
                free_iteratively(state, value);
            }
            Freeing::Idle => {}
        });
    }
}

/// What the drops of this thread are doing (see `impl Drop for Value`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Freeing {
    /// No value is being freed.
    Idle,
    /// A value is being freed: containers whose last owner drops join
    /// [`DEFERRED`].
    Deferring,
    /// The next container to drop is the one the queue just handed out: it
    /// is freed, its own containers deferred.
    Itself,
}

thread_local! {
    static FREEING: Cell<Freeing> = const { Cell::new(Freeing::Idle) };
    static DEFERRED: RefCell<Vec<Value>> = const { RefCell::new(Vec::new()) };
}

fn free_iteratively(state: &Cell<Freeing>, first: Value) {
    /// Back to idle however the loop ends (a drop that panics included).
    struct Reset<'a>(&'a Cell<Freeing>);
    impl Drop for Reset<'_> {
        fn drop(&mut self) {
            self.0.set(Freeing::Idle);
        }
    }
    let _reset = Reset(state);
    let mut next = Some(first);
    while let Some(value) = next {
        state.set(Freeing::Itself);
        drop(value);
        state.set(Freeing::Deferring);
        next = DEFERRED.try_with(|q| q.borrow_mut().pop()).ok().flatten();
    }
}

impl Value {
    /// Whether dropping this value frees other values that may hold more
    /// (it is the last owner of a container that holds a container): the
    /// drops that could nest arbitrarily deep.
    #[inline]
    fn owns_nested_values(&self) -> bool {
        // Dropping an item another owner shares only counts it down: a
        // container whose items are all leaves or shared frees nothing
        // else.
        fn holds_containers<'a>(mut items: impl Iterator<Item = &'a Value>) -> bool {
            items.any(|v| !v.drops_alone())
        }
        match self {
            Value::Tuple(t) => Rc::strong_count(t) == 1 && holds_containers(t.iter()),
            Value::List(l) | Value::Set(l) => {
                Rc::strong_count(l) == 1
                    && l.try_borrow()
                        .map_or(true, |items| holds_containers(items.iter()))
            }
            Value::Dict(d) => {
                Rc::strong_count(d) == 1
                    && d.try_borrow().map_or(true, |d| {
                        d.default_factory.is_some()
                            || holds_containers(d.entries.iter().flat_map(|(k, v)| [k, v]))
                    })
            }
            Value::Slice(s) => Rc::strong_count(s) == 1 && holds_containers(s.iter()),
            Value::Builtin(b) => {
                Rc::strong_count(b) == 1 && b.receiver.as_ref().is_some_and(|r| !r.drops_alone())
            }
            Value::Function(f) => Rc::strong_count(f) == 1,
            Value::BoundMethod(m) => {
                Rc::strong_count(m) == 1 && (!m.0.drops_alone() || !m.1.drops_alone())
            }
            Value::Class(c) => Rc::strong_count(c) == 1,
            Value::Object(o) => Rc::strong_count(o) == 1,
            Value::Module(m) => Rc::strong_count(m) == 1,
            Value::Iter(i) => Rc::strong_count(i) == 1,
            Value::LazyImport(l) => Rc::strong_count(l) == 1,
            leaf => {
                debug_assert!(
                    leaf.holds_no_values(),
                    "a container variant is missing above"
                );
                false
            }
        }
    }

    /// Whether dropping this reference frees no other Python value: a leaf,
    /// or a container another owner shares.
    #[inline]
    fn drops_alone(&self) -> bool {
        let shared = |count: usize| count > 1;
        match self {
            Value::Tuple(t) => shared(Rc::strong_count(t)),
            Value::List(l) | Value::Set(l) => shared(Rc::strong_count(l)),
            Value::Dict(d) => shared(Rc::strong_count(d)),
            Value::Slice(s) => shared(Rc::strong_count(s)),
            Value::Builtin(b) => shared(Rc::strong_count(b)),
            Value::Function(f) => shared(Rc::strong_count(f)),
            Value::BoundMethod(m) => shared(Rc::strong_count(m)),
            Value::Class(c) => shared(Rc::strong_count(c)),
            Value::Object(o) => shared(Rc::strong_count(o)),
            Value::Module(m) => shared(Rc::strong_count(m)),
            Value::Iter(i) => shared(Rc::strong_count(i)),
            Value::LazyImport(l) => shared(Rc::strong_count(l)),
            leaf => leaf.holds_no_values(),
        }
    }

    /// A value that holds no other Python values, so dropping it never
    /// nests.
    #[inline]
    fn holds_no_values(&self) -> bool {
        matches!(
            self,
            Value::None
                | Value::Bool(_)
                | Value::Int(_)
                | Value::Float(_)
                | Value::Str(_)
                | Value::SymInt(_)
                | Value::SymFloat(..)
                | Value::SymBool(_)
                | Value::Range(..)
                | Value::Tensor(_)
                | Value::PyModule(_)
                | Value::DType(_)
                | Value::Device(_)
                | Value::Dim(_)
                | Value::Unknown(_)
        )
    }
}

/// Python's C3 linearization of a class with these bases, without the
/// class itself: the merge of the bases' MROs and the list of bases.
/// `None` when no consistent order exists.
fn c3_merge(bases: &[Rc<Class>]) -> Option<Vec<Rc<Class>>> {
    let mut lists: Vec<Vec<Rc<Class>>> = bases.iter().map(|b| b.mro()).collect();
    lists.push(bases.to_vec());
    let mut out: Vec<Rc<Class>> = Vec::new();
    loop {
        lists.retain(|l| !l.is_empty());
        if lists.is_empty() {
            return Some(out);
        }
        // The first head that is in no other list's tail.
        let head = lists.iter().map(|l| l[0].clone()).find(|candidate| {
            !lists
                .iter()
                .any(|l| l[1..].iter().any(|c| Rc::ptr_eq(c, candidate)))
        })?;
        for l in &mut lists {
            if Rc::ptr_eq(&l[0], &head) {
                l.remove(0);
            }
        }
        out.push(head);
    }
}

/// `KIND.name`, made once per thread and shared: code reads methods off
/// lists, dicts and strings all the time (`self._modules.items()`), and
/// formatting the name for each read was a measurable part of a trace.
fn builtin_method_name(kind: &'static str, name: &str) -> Rc<str> {
    /// Distinct names kept per thread; past it names are made per read.
    const MAX_NAMES: usize = 4096;
    thread_local! {
        static NAMES: RefCell<HashMap<&'static str, NameMap<Rc<str>>>> =
            RefCell::new(HashMap::new());
    }
    NAMES.with(|names| {
        let mut names = names.borrow_mut();
        let of_kind = names.entry(kind).or_default();
        if let Some(made) = of_kind.get(name) {
            return made.clone();
        }
        let made: Rc<str> = Rc::from(format!("{kind}.{name}"));
        if of_kind.len() < MAX_NAMES {
            of_kind.insert(name.to_string(), made.clone());
        }
        made
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distinct_keeps_first_seen_order_and_equal_numbers_once() {
        let items = vec![
            Value::Int(1),
            Value::Str("a".into()),
            Value::Float(1.0),
            Value::Bool(true),
            Value::Int(2),
            Value::Str("a".into()),
            Value::Bool(false),
            Value::Int(0),
        ];
        let out = distinct(items);
        assert_eq!(out.len(), 4, "{out:?}");
        assert!(matches!(out[0], Value::Int(1)));
        assert!(matches!(out[3], Value::Bool(false)));
        let index = KeyIndex::new(&out);
        assert!(index.contains(&out, &Value::Float(2.0)));
        assert!(!index.contains(&out, &Value::Int(3)));
        let big = distinct((0..100_000).map(|i| Value::Int(i % 50_000)));
        assert_eq!(big.len(), 50_000);
    }

    fn named(name: &str) -> Rc<DimSpec> {
        Rc::new(DimSpec::Named {
            name: Rc::from(name),
            min: None,
            max: None,
        })
    }

    #[test]
    fn a_string_key_is_found_by_name_as_by_value() {
        let mut d = Dict::default();
        d.insert(Value::str("fc1"), Value::Int(1));
        d.insert(Value::Int(7), Value::Int(2));
        d.insert(Value::tuple(vec![Value::str("fc1")]), Value::Int(3));
        assert!(matches!(d.get_str("fc1"), Some(Value::Int(1))));
        assert!(matches!(d.get(&Value::str("fc1")), Some(Value::Int(1))));
        assert!(d.get_str("fc2").is_none());
        assert!(d.get_str("7").is_none(), "an int key is not its digits");
        assert!(matches!(
            d.get(&Value::tuple(vec![Value::str("fc1")])),
            Some(Value::Int(3))
        ));
    }

    #[test]
    fn a_derived_dims_value_pins_its_root() {
        let n = named("n");
        let twice = DimSpec::Derived {
            root: n.clone(),
            coeff: 2,
            offset: 0,
        };
        assert_eq!(twice.root_value(8), Some(4));
        assert_eq!(twice.root_value(7), None, "no integer n has 2*n == 7");
        let nested = DimSpec::Derived {
            root: Rc::new(DimSpec::Derived {
                root: n.clone(),
                coeff: 2,
                offset: 1,
            }),
            coeff: 3,
            offset: 0,
        };
        // 3*(2*n + 1) == 27  =>  n == 4
        assert_eq!(nested.root_value(27), Some(4));
        assert_eq!(n.root_value(5), Some(5));
        assert_eq!(
            DimSpec::Static {
                min: None,
                max: None
            }
            .root_value(5),
            None
        );
    }
}
