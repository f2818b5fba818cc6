//! The interpreter proper: evaluates statements and expressions of the
//! owned AST over [`Value`]s, with Python's scoping, calls, classes and
//! control flow, and bounded by a step budget.
//!
//! Sub-modules: [`attr`] (attribute lookup), [`call`] (calling anything),
//! [`builtins`] (Python builtins and methods of builtin types),
//! [`record`] (putting tensor ops and symbolic ints into the graph).

pub mod attr;
pub mod call;
pub mod constructors;
pub mod dynamo_breaks;
pub mod eval;

/// The prelude class (`prelude/builtins.py`) of a string strict export
/// formats from a tensor.
pub const FORMATTED_STRING: &str = "_FormattedString";

/// The attribute `torch.jit.script` sets on the module it compiles.
pub const SCRIPTED: &str = "__exportlens_scripted__";
pub mod import;
mod locals;
pub mod record;
pub(crate) mod reuse;
pub mod scalars;
pub mod torch_natives;
pub(crate) mod typing_forms;

use std::collections::HashMap;
use std::rc::Rc;
use std::sync::Arc;

use shapes::SymExpr;
use syntax::TextRange;
use syntax::ast::{self, BinOp, CmpOp, Expr, ExprKind, Stmt, StmtKind, UnaryOp};

pub use crate::evidence::Raiser;
use crate::failure::{Failure, FailureKind, Note, NoteKind};
use crate::graph::{Graph, NodeId};
use crate::python::objects::KnownObject;
use crate::shape_env::ShapeEnv;
use crate::value::{Class, CmpKind, Dict, FunctionBody, Scope, SymBool, Value};
use crate::{Budget, Mode, SourceFile};

/// The message of a size that overflows int64 ([`Interp::size_arith`]).
pub const SIZE_OVERFLOW: &str = "size overflows int64: integer overflow in size arithmetic";

/// The longest string the interpreter builds ([`Interp::charge_str`]).
pub const MAX_STR: usize = 1 << 20;

/// How deep the native walks over a value (comparison, `repr`, deep copy,
/// `asdict`) may nest: CPython's default recursion limit, past which it
/// raises `RecursionError` for these too.
pub const MAX_VALUE_DEPTH: u32 = 1000;

/// Below this much free stack, `eval` continues on a fresh heap segment.
const STACK_RED_ZONE: usize = 256 * 1024;
/// The size of each segment `eval` grows the stack by.
const STACK_SEGMENT: usize = 4 * 1024 * 1024;

/// Whether frames running code from `path` are the user's: not the
/// prelude's (torch's own Python) and not a string `eval`/`exec` runs,
/// whose nodes and failures torch attributes to the calling line.
fn is_user_path(path: &str) -> bool {
    !crate::prelude::is_prelude_path(path) && path != eval::EVAL_PATH
}

/// Non-local control flow and failures.
pub enum Flow {
    Return(Value),
    Break,
    Continue,
    /// A Python exception raised by the model's code (or by an operation).
    Raise(PyErr),
    /// The export fails here.
    Fail(Box<Failure>),
}

/// A Python exception in flight.
#[derive(Clone, Debug)]
pub struct PyErr {
    pub class: Rc<str>,
    pub message: String,
    pub value: Option<Value>,
    /// Where it was raised (innermost user frame).
    pub range: Option<TextRange>,
    /// The file of `range`, when it is not the traced file.
    pub path: Option<String>,
    pub line: Option<u32>,
    /// Who raised it: whether, uncaught, it is evidence that torch fails
    /// ([`crate::evidence`]).
    pub raiser: Raiser,
}

pub type R<T> = Result<T, Flow>;

/// A call frame: which file and which source range is executing.
#[derive(Clone)]
pub struct Frame {
    pub file: Arc<SourceFile>,
    pub range: TextRange,
    pub function: Option<Rc<crate::value::Function>>,
    pub scope: Option<Rc<Scope>>,
}

/// An object's `__dict__` as made (see [`Interp::dict_snapshots`]).
pub(crate) struct DictSnapshot {
    object: std::rc::Weak<crate::value::Object>,
    /// The object's attributes' version when it was made.
    attrs_version: u32,
    dict: crate::value::Shared<crate::value::Dict>,
    dict_version: u32,
}

impl DictSnapshot {
    /// The dict, unless `object` is another one or either was written.
    pub(crate) fn current(&self, object: &Rc<crate::value::Object>) -> Option<Value> {
        let same = self
            .object
            .upgrade()
            .is_some_and(|o| Rc::ptr_eq(&o, object));
        (same
            && object.attrs.version() == self.attrs_version
            && self.dict.version() == self.dict_version)
            .then(|| Value::Dict(self.dict.clone()))
    }

    pub(crate) fn new(
        object: &Rc<crate::value::Object>,
        dict: crate::value::Shared<crate::value::Dict>,
    ) -> DictSnapshot {
        DictSnapshot {
            object: Rc::downgrade(object),
            attrs_version: object.attrs.version(),
            dict_version: dict.version(),
            dict,
        }
    }
}

/// A write of library configuration (see [`Interp::library_writes`]).
pub struct LibraryWrite {
    pub target: LibraryTarget,
    pub name: String,
    /// The value before the trace's first write; `None`: unbound.
    pub before: Option<Value>,
}

/// What a [`LibraryWrite`] wrote to.
pub enum LibraryTarget {
    /// A library or prelude module's globals.
    Globals(Rc<Scope>),
    /// A library or prelude class's attributes.
    Class(Rc<Class>),
}

impl LibraryTarget {
    fn is(&self, other: &LibraryTarget) -> bool {
        match (self, other) {
            (LibraryTarget::Globals(a), LibraryTarget::Globals(b)) => Rc::ptr_eq(a, b),
            (LibraryTarget::Class(a), LibraryTarget::Class(b)) => Rc::ptr_eq(a, b),
            _ => false,
        }
    }
}

pub struct Interp {
    pub mode: Mode,
    pub budget: Budget,
    pub env: ShapeEnv,
    pub graph: Graph,
    pub notes: Vec<Note>,
    /// True while running `forward`: tensor ops are recorded.
    pub tracing: bool,
    pub frames: Vec<Frame>,
    pub entry_file: Arc<SourceFile>,
    pub steps: u64,
    next_id: u32,
    classes: HashMap<&'static str, Rc<Class>>,
    /// Placeholder nodes of lifted parameters, buffers and constants, by tensor id.
    pub lifted: HashMap<u32, NodeId>,
    /// Modules whose `forward` is running, outermost first (torch's
    /// `nn_module_stack`).
    pub module_calls: Vec<Rc<crate::value::Object>>,
    /// For a constant tensor lifted while tracing: the module whose
    /// `forward` first used it, which its lifted name is placed under.
    pub lift_owners: HashMap<u32, Rc<crate::value::Object>>,
    /// Strict mode: for a parameter, the module and attribute name through
    /// which `forward` first read it (a tied parameter has several names;
    /// Dynamo lifts it under the one the code used).
    pub param_reads: HashMap<u32, (Rc<crate::value::Object>, String)>,
    /// Input-size symbols already materialized as `sym_size.int` nodes.
    pub sym_nodes: HashMap<shapes::SymbolId, NodeId>,
    /// The symbol `.item()` gave each tensor, by tensor id and the node
    /// holding its value (a mutation gives it another): torch's fake
    /// tensors remember it, so reading the same value again is the same
    /// symbol.
    pub item_memo: HashMap<(u32, Option<NodeId>), SymExpr>,
    /// Expressions already materialized as `_operator` nodes.
    pub sym_expr_nodes: Vec<(SymExpr, NodeId)>,
    /// Differences the Python code computed with `-`: torch records them as
    /// `sub`; a size it rebuilds from its expression adds negative terms.
    pub user_differences: std::collections::HashSet<SymExpr>,
    /// Sizes an op computed rather than passed through (`arange(n)`'s
    /// length): torch reads them off that op's output, not off an input.
    pub computed_sizes: std::collections::HashSet<SymExpr>,
    /// The `sym_size.int` reads torch's C++ checks made of computed sizes.
    pub probe_size_reads: HashMap<SymExpr, NodeId>,
    /// Where the symbolic sizes of some dims (tensor id, dim) come from,
    /// where that is not their expression: torch reads a size by the
    /// symbolic int object holding it, not by its value.
    pub size_origins: HashMap<(u32, usize), record::SizeOrigin>,
    /// The reads of fresh sizes, by the dim that first held them.
    pub fresh_size_reads: HashMap<(u32, usize), NodeId>,
    /// Buffers mutated in place, in order of first mutation.
    pub mutated_buffers: Vec<u32>,
    /// Set while tracing a `torch.cond` branch or `map` body.
    pub in_subgraph: u32,
    /// Where local imports are read from; `None`: they are not analysed.
    pub workspace: Option<Rc<crate::imports::Workspace>>,
    /// Modules imported from the workspace, by file (or package folder).
    pub modules: HashMap<std::path::PathBuf, Value>,
    /// Modules whose code is running (an import of one of them is a cycle).
    pub loading: Vec<std::path::PathBuf>,
    /// Modules a star import bound lazily (their literal `__all__` read
    /// from the text, their code not run yet), in import order: they run
    /// when one of their names is used, or all of them when code could
    /// observe what running them changes elsewhere (see
    /// `import.rs::force_deferred_for`).
    pub deferred: Vec<Rc<crate::value::UserModule>>,
    /// Star imports of modules that bind names of other modules' star
    /// imports in turn (a lazy package of model families), by the globals
    /// that made them: their names are looked up on first use instead of
    /// listed (`import.rs::star_fallback`), last import first.
    pub star_fallbacks: HashMap<*const Scope, Vec<Rc<crate::value::UserModule>>>,
    /// The star-import searches under way (module, name): a search that
    /// reaches its own module again (`from .sub import *` in a package
    /// whose `sub` does `from . import *`) finds nothing there, as the
    /// names Python binds are those already bound.
    star_searches: Vec<(*const crate::value::UserModule, Rc<str>)>,
    /// The star-fallback lookups under way (globals, name), resolving the
    /// lazy imports they found included: a lookup that comes back to
    /// itself through a cycle of star imports (`pkg` -> `.c` -> `.a` ->
    /// `pkg`, none binding the name) finds nothing there, instead of
    /// recursing without end.
    star_lookups: Vec<(*const Scope, Rc<str>)>,
    /// Classes registered with `torch.utils._pytree.register_pytree_node`
    /// and their flatten functions (`(children, context)` of an instance):
    /// export flattens such outputs through them.
    pub pytree_nodes: Vec<(Rc<Class>, Value)>,
    /// Operators code defined with `torch.library`, by `ns::name`
    /// ([`crate::ops::custom`]).
    pub custom_ops: HashMap<String, crate::ops::custom::CustomOp>,
    /// See [`crate::TraceOptions::opaque_outputs`].
    pub opaque_outputs: bool,
    /// Nodes of tensors `forward` made require grad (`y.requires_grad =
    /// True`, `y.requires_grad_()` on an intermediate): strict export
    /// refuses to return what derives from them (GB7324).
    pub grad_enabled_in_forward: Vec<crate::graph::NodeId>,
    /// A class of this trace defines `__getattribute__`, `__getattr__` or
    /// `__setattr__`: until one does, attribute access skips looking for
    /// them (it is the interpreter's hottest path).
    pub attribute_hooks_defined: bool,
    /// A module got a forward (pre-)hook registry: until one does, a
    /// module call skips looking for hooks (every layer call goes there).
    pub module_hooks_registered: bool,
    /// A property was defined: until one is, an instance attribute needs
    /// no check for a property of the same name that would win over it.
    pub properties_defined: bool,
    /// The globals of every workspace module (by address), to tell their
    /// reads from the prelude's and the entry file's.
    pub module_globals: std::collections::HashSet<*const Scope>,
    /// The globals of the prelude modules that ran, by index in
    /// [`crate::prelude::MODULES`].
    pub preludes: HashMap<usize, Rc<Scope>>,
    /// `torch.*` module attributes read so far, by module path then name:
    /// reading one resolves through the prelude, the op registry and the
    /// class tables, and model code reads the same few
    /// (`torch.nn.functional`, `torch.ones`) at every call.
    pub torch_attrs: crate::value::NameMap<crate::value::NameMap<Value>>,
    /// Python's builtins resolved so far (`isinstance`, `ValueError`): names
    /// no scope binds are looked up here at every use.
    pub builtin_names: crate::value::NameMap<Value>,
    /// The `__dict__` made for an object this trace, by the object's
    /// address: given again while neither the object's attributes nor the
    /// dict were written since (transformers' configs read their
    /// `__dict__` on every attribute access). Per trace: not kept.
    pub(crate) dict_snapshots: foldhash::HashMap<usize, DictSnapshot>,
    /// The values yielded so far by each generator function running (the
    /// innermost last). A generator runs to completion when called and
    /// iterates over what it yielded: loops are unrolled anyway, and an
    /// endless one ends at the step budget.
    generator_sinks: Vec<Vec<Value>>,
    /// The file of each guard of `env` (aligned with `env.guards`; `None`
    /// for the traced file).
    pub guard_paths: Vec<Option<String>>,
    /// Concrete mode (see [`crate::concrete`]): decisions on tensor data
    /// ask this evaluator; `None`: they are data-dependent failures.
    pub concrete: Option<Rc<dyn crate::concrete::ConcreteEval>>,
    /// Draft export (torch's `propagate_real_tensors`): tracing stays
    /// symbolic, and a decision on tensor data is taken on the example
    /// inputs' values (from `concrete`), asserted at run time and noted in
    /// `decided_on_examples`.
    pub draft: bool,
    pub decided_on_examples: Vec<crate::failure::ExampleDecision>,
    /// Draft export's second trace: every Dim of the spec acts as
    /// `Dim.AUTO` (see `spec`).
    pub dims_as_auto: bool,
    /// Buffers and parameters made from a recorded tensor keep its node, so that a
    /// caller recording the module code (the interpreter recovering buffer
    /// values) can run their construction graph. Off in export traces.
    pub keep_state_nodes: bool,
    /// One frame per subgraph being traced (innermost last): the tensors
    /// of enclosing graphs its code closes over, lifted as extra operands.
    pub captures: Vec<CaptureFrame>,
    /// Strict mode: each recorded output's shape and layout, for the
    /// `tensor_meta` guards torch's AOT phase adds once Dynamo's graph
    /// exported ([`Interp::aot_metadata_guards`]).
    pub aot_outputs: Vec<(Vec<SymExpr>, crate::layout::Layout)>,
    /// Index in `notes` where `forward`'s own notes begin (`None` before
    /// tracing starts): what it did not follow makes its graph incomplete.
    pub forward_notes_from: Option<usize>,
    /// Where `forward` first used a value the tracer could not follow
    /// (called it, passed it to an op), with why it is unknown.
    pub unknown_used_in_forward: Option<(TextRange, Option<String>, String)>,
    /// Where building the model first assumed something about a value the
    /// tracer could not follow (an unknown iterable taken as empty): the
    /// model may lack parts, so an error it then hits is not a verdict.
    pub structure_assumed: Option<(TextRange, Option<String>, &'static str)>,
    /// The entry hook: the range of the export call being analysed, in
    /// the entry file. When the interpreter reaches that call it evaluates
    /// its arguments, stores them in `entry_captured` and stops execution
    /// (a failure the trace driver recognizes by `entry_captured` being
    /// set) instead of calling it (see `entry.rs`).
    pub entry_hook: Option<TextRange>,
    /// The positional and keyword arguments the hooked call was reached with.
    pub entry_captured: Option<CallArgs>,
    /// A module traced on assumed inputs: the constructor arguments it was
    /// built with, as call text, when building completed them (a config
    /// object made from its class's defaults, shrunk; `entry::assumed`).
    pub built_init: Option<String>,
    /// The step budget or the time limit stopped this trace, possibly in
    /// the middle of a module's code: none of its state is kept for the
    /// next trace (`reuse`).
    pub cut_short: bool,
    /// The globals of the modules whose code is running (aligned with
    /// `loading`): what runs meanwhile is import time.
    pub initializing: Vec<*const Scope>,
    /// After its import, a library or prelude module's global was rebound
    /// (a `global` statement in a function), or the user's code set a
    /// library class's attribute: configuration that a later trace must
    /// not inherit. Each is recorded with the value it had before the
    /// first write; unless every one holds that value again at the end
    /// (timm's `set_layer_config` sets its flags and restores them), none
    /// of this trace's state is kept (`reuse`).
    pub library_writes: Vec<LibraryWrite>,
    /// How deep the native walks over a value (comparison, `repr`, deep
    /// copy) are nested now: see [`Interp::nested`].
    value_depth: u32,
    /// The containers whose `repr` is being made, by address: one met
    /// again inside itself is `[...]`, as CPython's `Py_ReprEnter` has it.
    repr_active: Vec<usize>,
}

/// Evaluated call arguments: positional, then keyword.
pub type CallArgs = (Vec<Value>, Vec<(String, Value)>);

/// The closed-over tensors of a subgraph being traced: tensors created
/// before it started (id at most `floor`) that have a node in an enclosing
/// graph become placeholders after its operands, as torch lifts them.
#[derive(Default)]
pub struct CaptureFrame {
    pub floor: u32,
    /// Captured tensors, in placeholder order, with their placeholder.
    pub lifted: Vec<(Rc<crate::value::Tensor>, NodeId)>,
}

impl Interp {
    pub fn new(mode: Mode, budget: Budget, entry_file: Arc<SourceFile>) -> Self {
        Interp {
            mode,
            budget,
            env: ShapeEnv::new(),
            graph: Graph::default(),
            notes: Vec::new(),
            tracing: false,
            aot_outputs: Vec::new(),
            forward_notes_from: None,
            unknown_used_in_forward: None,
            structure_assumed: None,
            entry_hook: None,
            entry_captured: None,
            built_init: None,
            frames: Vec::new(),
            entry_file,
            steps: 0,
            next_id: 0,
            classes: HashMap::new(),
            lifted: HashMap::new(),
            module_calls: Vec::new(),
            lift_owners: HashMap::new(),
            param_reads: HashMap::new(),
            sym_nodes: HashMap::new(),
            item_memo: HashMap::new(),
            sym_expr_nodes: Vec::new(),
            user_differences: Default::default(),
            computed_sizes: Default::default(),
            probe_size_reads: HashMap::new(),
            size_origins: HashMap::new(),
            fresh_size_reads: HashMap::new(),
            mutated_buffers: Vec::new(),
            in_subgraph: 0,
            workspace: None,
            modules: HashMap::new(),
            loading: Vec::new(),
            deferred: Vec::new(),
            star_fallbacks: HashMap::new(),
            star_searches: Vec::new(),
            star_lookups: Vec::new(),
            pytree_nodes: Vec::new(),
            custom_ops: HashMap::new(),
            opaque_outputs: false,
            grad_enabled_in_forward: Vec::new(),
            attribute_hooks_defined: false,
            module_hooks_registered: false,
            properties_defined: false,
            module_globals: std::collections::HashSet::new(),
            preludes: HashMap::new(),
            torch_attrs: Default::default(),
            builtin_names: Default::default(),
            dict_snapshots: Default::default(),
            generator_sinks: Vec::new(),
            guard_paths: Vec::new(),
            concrete: None,
            draft: false,
            decided_on_examples: Vec::new(),
            dims_as_auto: false,
            keep_state_nodes: false,
            captures: Vec::new(),
            cut_short: false,
            initializing: Vec::new(),
            library_writes: Vec::new(),
            value_depth: 0,
            repr_active: Vec::new(),
        }
    }

    /// The value of a one-element tensor, from the concrete evaluator
    /// (while tracing the top-level graph, when one is supplied: a
    /// subgraph's values depend on operands the evaluator does not have).
    pub fn concrete_scalar(
        &mut self,
        t: &Rc<crate::value::Tensor>,
    ) -> Option<crate::concrete::Scalar> {
        if !self.tracing || self.in_subgraph > 0 || self.draft {
            return None;
        }
        let eval = self.concrete.clone()?;
        let node = self.tensor_node(t);
        eval.scalar(&self.graph, &self.env, node)
    }

    /// The value a node of the top-level graph has on the example inputs
    /// (draft export); `None` when it cannot be computed.
    pub(crate) fn example_scalar(&self, node: NodeId) -> Option<crate::concrete::Scalar> {
        if !self.draft || self.in_subgraph > 0 {
            return None;
        }
        let eval = self.concrete.clone()?;
        eval.scalar(&self.graph, &self.env, node)
    }

    /// Draft export: decide `lhs op rhs`, which tracing cannot, on the
    /// example inputs' values (each unbacked symbol's by running the graph
    /// up to the node that reads it). The decision is assumed from now on
    /// (asserted at run time, as `torch._check` is) and noted; `None` when
    /// a value cannot be computed.
    pub fn decide_on_examples(
        &mut self,
        lhs: &SymExpr,
        op: CmpKind,
        rhs: &SymExpr,
        expr: &str,
    ) -> Option<bool> {
        let holds = op.holds(self.example_value(lhs)?, self.example_value(rhs)?);
        let decided = if holds { op } else { op.negate() };
        self.assert_decision(lhs, decided, rhs);
        let line = self.guard_line();
        // Asserted where decided (above), not again after its symbols.
        let deferred = self.env.deferred_asserts.len();
        self.env.assume(lhs, decided, rhs, line);
        self.env.deferred_asserts.truncate(deferred);
        self.note_example_decision(expr);
        Some(holds)
    }

    /// `torch._check(lhs op rhs)` in an op's meta function: decided
    /// statically or by a guard; on a value read from data (an unbacked
    /// symbol) assumed, and asserted when the program runs.
    pub fn torch_check(&mut self, lhs: &SymExpr, op: CmpKind, rhs: &SymExpr) -> R<bool> {
        let line = self.guard_line();
        let unbacked = lhs
            .symbols()
            .iter()
            .chain(rhs.symbols().iter())
            .any(|s| self.env.info(*s).unbacked);
        if unbacked {
            return Ok(self.env.assume(lhs, op, rhs, line));
        }
        match self.env.evaluate(lhs, op, rhs, line) {
            Ok(b) => Ok(b),
            Err(dd) => Err(self.data_dependent(&dd.expr)),
        }
    }

    /// The runtime assertion of a decision taken on the example values,
    /// recorded where it is taken. A bound on one symbol (`u0 >= 3`) is
    /// left out: the assertion of the symbol's range, added when the trace
    /// ends, is the same one.
    fn assert_decision(&mut self, lhs: &SymExpr, op: CmpKind, rhs: &SymExpr) {
        let (lhs, op, rhs) = if lhs.as_const().is_some() && rhs.as_const().is_none() {
            (rhs, op.mirror(), lhs)
        } else {
            (lhs, op, rhs)
        };
        if matches!(op, CmpKind::Ge | CmpKind::Le)
            && lhs.as_symbol().is_some()
            && rhs.as_const().is_some()
        {
            return;
        }
        let relation = |op: CmpKind| crate::graph::SymBoolMeta {
            lhs: lhs.clone(),
            op: op.symbol(),
            rhs: rhs.clone(),
        };
        let args = vec![self.sym_arg(lhs), self.sym_arg(rhs)];
        let text = self.env.render_relation(lhs, op, rhs, false);
        let checked = if op == CmpKind::Ne {
            // torch asserts `Ne` as the negation of `==`.
            let eq = self.record(
                "_operator.eq",
                args,
                vec![],
                crate::graph::MetaVal::SymBool(relation(CmpKind::Eq)),
            );
            self.record(
                "torch.sym_not",
                vec![crate::graph::Arg::Node(eq)],
                vec![],
                crate::graph::MetaVal::SymBool(relation(CmpKind::Ne)),
            )
        } else {
            self.record(
                &format!("_operator.{}", op.operator_name()),
                args,
                vec![],
                crate::graph::MetaVal::SymBool(relation(op)),
            )
        };
        self.record(
            "aten._assert_scalar.default",
            vec![
                crate::graph::Arg::Node(checked),
                crate::graph::Arg::Str(format!("Runtime assertion failed for expression {text}")),
            ],
            vec![],
            crate::graph::MetaVal::None,
        );
    }

    /// Draft export: the value of `e` on the example inputs, computing each
    /// unbacked symbol's by running the graph up to the node that reads it.
    pub fn example_value(&mut self, e: &SymExpr) -> Option<i64> {
        if !self.draft {
            return None;
        }
        for s in e.symbols() {
            if !self.env.info(s).unbacked || self.env.real_values.contains_key(&s) {
                continue;
            }
            let node = *self.sym_nodes.get(&s)?;
            let v = match self.example_scalar(node)? {
                crate::concrete::Scalar::Int(i) => i,
                crate::concrete::Scalar::Bool(b) => i64::from(b),
                crate::concrete::Scalar::Float(_) => return None,
            };
            self.env.real_values.insert(s, v);
        }
        self.env.real_value(e)
    }

    /// Draft export's `bool(tensor)`: torch reads `ne(t, 0).item()` and
    /// turns it into an int in [0, 1] with `sym_ite`, which the decision
    /// compares with 1. Returns that int, its example value known; `None`
    /// outside draft export or when the value cannot be computed.
    fn truth_on_examples(&mut self, t: &Rc<crate::value::Tensor>) -> Option<SymExpr> {
        use crate::graph::{Arg, MetaVal};
        if !self.draft || !self.tracing || self.in_subgraph > 0 {
            return None;
        }
        let source = Arg::Node(self.tensor_node(t));
        let ne = self.record(
            "aten.ne.Scalar",
            vec![source, Arg::Int(0)],
            vec![],
            MetaVal::Tensor {
                dtype: crate::dtype::DType::Bool,
                shape: t.shape.clone(),
            },
        );
        let value = self.example_scalar(ne).map(|v| v.truthy());
        let item = self.record(
            "aten.item.default",
            vec![Arg::Node(ne)],
            vec![],
            MetaVal::None,
        );
        let u = self.env.create_unbacked(shapes::ValueRange::new(
            shapes::Bound::Finite(0),
            shapes::Bound::Finite(1),
        ));
        let ite = self.record(
            "torch.sym_ite",
            vec![Arg::Node(item), Arg::Int(1), Arg::Int(0)],
            vec![],
            MetaVal::Sym(u.clone()),
        );
        let s = u.as_symbol()?;
        self.sym_nodes.insert(s, ite);
        if let Some(v) = value {
            self.env.real_values.insert(s, i64::from(v));
        }
        Some(u)
    }

    /// Note a decision draft export took on the example inputs' values.
    pub fn note_example_decision(&mut self, expr: &str) {
        self.decided_on_examples
            .push(crate::failure::ExampleDecision {
                expr: expr.to_string(),
                line: self.failure_line(),
                path: self.current_path(),
                guards_before: self.env.reported_count(),
            });
    }

    /// Note the file of the guards added since the last call: the file of
    /// the innermost frame. Called whenever that frame may change (each
    /// step, each call and return), so every guard gets the file of the
    /// frame that added it.
    pub fn sync_guard_paths(&mut self) {
        if self.guard_paths.len() < self.env.guards.len() {
            let path = self.current_path();
            self.guard_paths.resize(self.env.guards.len(), path);
        }
    }

    /// Start a capture frame for a subgraph whose code starts now.
    pub fn begin_captures(&mut self) {
        self.captures.push(CaptureFrame {
            floor: self.next_id,
            lifted: Vec::new(),
        });
    }

    pub fn fresh_id(&mut self) -> u32 {
        self.next_id += 1;
        self.next_id
    }

    // ----- locations and failures -------------------------------------------------

    pub fn set_range(&mut self, range: TextRange) {
        if let Some(f) = self.frames.last_mut() {
            f.range = range;
        }
    }

    /// The innermost frame executing user code (the traced file or a
    /// module it imports); prelude frames are torch's own code, which
    /// torch does not attribute failures or nodes to.
    /// The running code is the prelude's (torch's own Python), not the user's.
    pub fn in_prelude_frame(&self) -> bool {
        self.frames
            .last()
            .is_some_and(|f| crate::prelude::is_prelude_path(&f.file.path))
    }

    /// Whether Python arithmetic on sizes is traced as it runs (dead
    /// `_operator` nodes that take names, operands' size reads):
    /// non-strict mode, and strict mode inside a `torch.nn.functional`
    /// function Dynamo keeps as a call (`IN_GRAPH_FUNCTIONALS`), whose
    /// Python export's second trace runs.
    pub fn traces_size_arithmetic(&self) -> bool {
        self.mode == Mode::NonStrict
            || self.frames.iter().any(|f| {
                f.function.as_ref().is_some_and(|func| {
                    crate::prelude::namespace_of(&f.file.path) == Some("torch.nn.functional")
                        && dynamo_breaks::IN_GRAPH_FUNCTIONALS.contains(&&*func.name)
                })
            })
    }

    fn innermost_user_frame(&self) -> Option<&Frame> {
        self.frames
            .iter()
            .rev()
            .find(|f| is_user_path(&f.file.path))
    }

    /// The outermost frame running a user function (the model's `forward` in
    /// non-strict attribution); prelude frames are torch's, never the user's.
    fn outermost_user_function_frame(&self) -> Option<&Frame> {
        self.frames
            .iter()
            .find(|f| f.function.is_some() && is_user_path(&f.file.path))
    }

    /// The parsed file of a path notes and failures carry (an imported
    /// module's file).
    pub fn file_for_path(&self, path: &str) -> Option<Arc<SourceFile>> {
        self.workspace.as_ref()?.load(std::path::Path::new(path))
    }

    /// The file of the innermost user frame, when it is not the traced
    /// file: where failures, notes and guards raised now are located.
    pub fn current_path(&self) -> Option<String> {
        self.innermost_user_frame()
            .filter(|f| !Arc::ptr_eq(&f.file, &self.entry_file))
            .map(|f| f.file.path.clone())
    }

    /// The line torch attributes to a failure: the innermost user frame.
    pub fn failure_line(&self) -> Option<u32> {
        self.innermost_user_frame()
            .map(|f| f.file.line_of(f.range.start))
    }

    pub fn current_range(&self) -> TextRange {
        self.innermost_user_frame()
            .map(|f| f.range)
            .unwrap_or_default()
    }

    /// The line a recorded node is attributed to: strict mode reports the
    /// innermost frame in the traced file, non-strict the outermost one
    /// (the line in `forward`).
    pub fn node_line(&self) -> Option<u32> {
        let frame = match self.mode {
            Mode::Strict => self.innermost_user_frame(),
            Mode::NonStrict => self.outermost_user_function_frame(),
        }?;
        Some(frame.file.line_of(frame.range.start))
    }

    /// The file and source text of the line [`Interp::node_line`] reports.
    pub fn node_location(&self) -> Option<(u32, Arc<SourceFile>)> {
        let frame = match self.mode {
            Mode::Strict => self.innermost_user_frame(),
            Mode::NonStrict => self.outermost_user_function_frame(),
        }?;
        Some((frame.file.line_of(frame.range.start), frame.file.clone()))
    }

    /// The innermost user frame's file and line (strict mode's
    /// attribution) when that file is not the traced one.
    pub fn innermost_site_outside_entry(&self) -> Option<(String, u32)> {
        let frame = self.innermost_user_frame()?;
        if Arc::ptr_eq(&frame.file, &self.entry_file) {
            return None;
        }
        Some((
            frame.file.path.clone(),
            frame.file.line_of(frame.range.start),
        ))
    }

    /// The line a guard is attributed to: the innermost user line.
    pub fn guard_line(&self) -> Option<u32> {
        self.failure_line()
    }

    pub fn fail(&self, kind: FailureKind, message: impl Into<String>) -> Flow {
        let mut f = Failure::new(kind, message);
        f.range = Some(self.current_range());
        f.path = self.current_path();
        f.line = self.failure_line();
        Flow::Fail(Box::new(f))
    }

    pub fn fail_with(&self, mut failure: Failure) -> Flow {
        if failure.range.is_none() {
            failure.range = Some(self.current_range());
            failure.path = self.current_path();
        }
        if failure.line.is_none() {
            failure.line = self.failure_line();
        }
        Flow::Fail(Box::new(failure))
    }

    /// A strict-mode graph break with its registry code.
    /// Tracing `forward` under strict export (Dynamo).
    pub fn strict_tracing(&self) -> bool {
        self.tracing && self.mode == crate::Mode::Strict
    }

    pub fn graph_break(&self, code: &'static str, message: impl Into<String>, hint: &str) -> Flow {
        let mut f = Failure::new(FailureKind::GraphBreak, message).with_code(code);
        if !hint.is_empty() {
            f.hint = Some(hint.to_string());
        }
        self.fail_with(f)
    }

    pub fn raise(&self, class: &str, message: impl Into<String>) -> Flow {
        Flow::Raise(PyErr {
            class: Rc::from(class),
            message: message.into(),
            value: None,
            range: Some(self.current_range()),
            path: self.current_path(),
            line: self.failure_line(),
            raiser: Raiser::Model,
        })
    }

    /// An exception raised by someone other than the tracer's model of
    /// Python and torch: see [`Raiser`].
    pub fn raise_by(&self, raiser: Raiser, class: &str, message: impl Into<String>) -> Flow {
        match self.raise(class, message) {
            Flow::Raise(mut e) => {
                e.raiser = raiser;
                Flow::Raise(e)
            }
            other => other,
        }
    }

    /// An error torch itself raises, by a rule the tracer models (an op's
    /// argument or shape check): evidence that export fails.
    pub fn torch_error(&self, class: &str, message: impl Into<String>) -> Flow {
        self.raise_by(Raiser::TorchCheck, class, message)
    }

    pub fn type_error(&self, message: impl Into<String>) -> Flow {
        self.raise("TypeError", message)
    }

    /// A size computed from user sizes (`10**12`, `2**62`): where it does
    /// not fit in int64 torch fails (`numel: integer multiplication
    /// overflow`, `Storage size calculation overflowed`), and so does the
    /// trace, with a `RuntimeError` at the current line; a symbolic
    /// division by zero is Python's `ZeroDivisionError`.
    pub fn size_arith<T>(&self, r: shapes::SymResult<T>) -> R<T> {
        r.map_err(|e| match e {
            shapes::SymError::Overflow => self.torch_error("RuntimeError", SIZE_OVERFLOW),
            shapes::SymError::DivisionByZero => {
                self.raise("ZeroDivisionError", "integer division or modulo by zero")
            }
        })
    }

    /// Record that something was not understood, and go on with Unknown.
    pub fn incomplete(&mut self, range: TextRange, what: impl Into<String>) -> Value {
        let message = what.into();
        let path = self.current_path();
        // What an installed library's import-time code does not follow is
        // noise to its user; inside `forward` it is kept, as it decides
        // whether the program is complete.
        let library_noise = !self.tracing && path.as_deref().is_some_and(is_installed_library);
        if library_noise {
            let line = self
                .innermost_user_frame()
                .map_or(0, |f| f.file.line_of(range.start));
            tracing::debug!(path = path.as_deref().unwrap_or(""), line, %message, "library note dropped");
        }
        if !library_noise
            && !self
                .notes
                .iter()
                .any(|n| n.range == range && n.message == message && n.path == path)
        {
            self.notes.push(Note {
                kind: NoteKind::Incomplete,
                range,
                path,
                message: message.clone(),
            });
        }
        Value::Unknown(Rc::from(message.as_str()))
    }

    /// Remember the first assumption the tracer made about a value it
    /// could not follow (see `structure_assumed`).
    /// What an installed library's import-time code assumes (logging and
    /// availability checks over packages the tracer keeps opaque) sets up
    /// the library's environment, not the model: it does not count.
    pub fn assume(&mut self, range: TextRange, what: &'static str) {
        let importing_library = self
            .frames
            .iter()
            .any(|f| f.function.is_none() && is_installed_library(&f.file.path));
        if self.structure_assumed.is_none() && !importing_library {
            self.structure_assumed = Some((range, self.current_path(), what));
        }
    }

    /// Remember the first place `forward` uses an unknown value: the
    /// program it yields lacks what that value's code would record.
    pub fn note_unknown_use(&mut self, v: &Value) {
        if let Value::Unknown(why) = v
            && self.tracing
            && self.unknown_used_in_forward.is_none()
        {
            let range = self.current_range();
            let path = self.current_path();
            self.unknown_used_in_forward = Some((range, path, why.to_string()));
        }
    }

    pub fn warn(&mut self, range: TextRange, message: impl Into<String>) {
        let path = self.current_path();
        self.notes.push(Note {
            kind: NoteKind::Warning,
            range,
            path,
            message: message.into(),
        });
    }

    /// Charge the budget for `n` items a builtin materializes at once
    /// (`[0] * n`, `a + b`, `itertools.product(...)`): a count past the
    /// loop limit is "analysis incomplete" before anything is allocated
    /// (as `range` is, `Interp::iterate`), and the items cost as many
    /// steps, so what the analysis builds stays bounded by its budget in
    /// time and memory, however the counts multiply.
    pub fn charge_items(&mut self, n: u128, what: &str) -> R<()> {
        if n > u128::from(self.budget.loop_iterations) {
            // A count that overflowed u128 is passed as `u128::MAX`.
            let n = if n == u128::MAX {
                "more than 2**128".to_string()
            } else {
                n.to_string()
            };
            return Err(self.fail(
                FailureKind::Incomplete,
                format!("analysis incomplete: {what} of {n} items is too long to unroll"),
            ));
        }
        self.steps += n as u64;
        self.step()
    }

    /// A sequence of `len` items built by copying existing ones (`a + b`,
    /// `a.extend(b)`; `copied` of them new): past the loop limit it is
    /// "analysis incomplete" (doubling a list in a loop would otherwise
    /// take the machine's memory), and copies cost a step per 8 items, as
    /// [`Interp::iterate`] charges them.
    pub fn charge_copies(&mut self, len: usize, copied: usize, what: &str) -> R<()> {
        if len as u64 > self.budget.loop_iterations {
            return Err(self.fail(
                FailureKind::Incomplete,
                format!("analysis incomplete: {what} of {len} items is too long to unroll"),
            ));
        }
        self.steps += copied as u64 / 8;
        self.step()
    }

    /// Run one level of a native walk over a nested value (an item
    /// compared, a container's `repr`, a deep copy): past
    /// [`MAX_VALUE_DEPTH`] levels it is Python's `RecursionError` at the
    /// current line (`detail` completes CPython's message: " in
    /// comparison"), and the Rust stack grows on demand as in
    /// [`Interp::eval`], so no nesting of values overflows it.
    pub fn nested<T>(&mut self, detail: &str, walk: impl FnOnce(&mut Self) -> R<T>) -> R<T> {
        if self.value_depth >= MAX_VALUE_DEPTH {
            return Err(self.raise(
                "RecursionError",
                format!("maximum recursion depth exceeded{detail}"),
            ));
        }
        self.value_depth += 1;
        let result = stacker::maybe_grow(STACK_RED_ZONE, STACK_SEGMENT, || walk(self));
        self.value_depth -= 1;
        result
    }

    /// Charge the budget for a string of `len` bytes about to be built
    /// (`s + s`, `join`, `replace`, formatting): past [`MAX_STR`] bytes it
    /// is "analysis incomplete" (model code has no use for such strings,
    /// and doubling one in a loop would take the machine's memory), and
    /// every 256 bytes cost a step.
    pub fn charge_str(&mut self, len: usize) -> R<()> {
        self.charge_text(len, "a string")
    }

    /// [`Interp::charge_str`] for a bytes object (`bytes(n)`).
    pub fn charge_bytes(&mut self, len: usize) -> R<()> {
        self.charge_text(len, "a bytes object")
    }

    fn charge_text(&mut self, len: usize, what: &str) -> R<()> {
        if len > MAX_STR {
            return Err(self.fail(
                FailureKind::Incomplete,
                format!(
                    "analysis incomplete: {what} of {len} bytes is too long to follow (limit {MAX_STR} bytes)"
                ),
            ));
        }
        self.steps += len as u64 / 256;
        self.step()
    }

    pub(crate) fn step(&mut self) -> R<()> {
        self.sync_guard_paths();
        self.steps += 1;
        if self.steps.is_multiple_of(256)
            && self
                .budget
                .deadline
                .is_some_and(|d| std::time::Instant::now() > d)
        {
            self.cut_short = true;
            return Err(self.fail(
                FailureKind::Incomplete,
                "analysis incomplete: step budget cut short by the time limit (very large symbolic sizes?)",
            ));
        }
        if self.steps > self.budget.steps {
            self.cut_short = true;
            return Err(self.fail(
                FailureKind::Incomplete,
                format!(
                    "analysis incomplete: step budget of {} exhausted (an endless loop or very large model?)",
                    self.budget.steps
                ),
            ));
        }
        Ok(())
    }

    // ----- classes the tracer knows --------------------------------------------

    /// A class implemented by the tracer, created once per trace.
    pub fn builtin_class(&mut self, name: &'static str) -> Rc<Class> {
        if let Some(c) = self.classes.get(name) {
            return c.clone();
        }
        let short = name.rsplit('.').next().unwrap_or(name);
        let bases = match name {
            "builtins.object" => vec![],
            n => match crate::python::builtins::exception_base(n) {
                Some(base) => vec![self.builtin_class(base)],
                None if is_exception_class(n) => vec![self.builtin_class("builtins.Exception")],
                None => vec![self.builtin_class("builtins.object")],
            },
        };
        let class = Rc::new(Class {
            name: Rc::from(short),
            qualname: Rc::from(name),
            bases,
            attrs: Default::default(),
            builtin: Some(Rc::from(name)),
            prelude_namespace: None,
            decorators: Vec::new(),
            is_dataclass: Default::default(),
            subclasses: Default::default(),
            mro_tail: Default::default(),
            defines_property: Default::default(),
            lookups: Default::default(),
            is_enum: name == "enum.Enum" || name == "enum.IntEnum",
        });
        crate::cycles::register(&class);
        Class::link_to_bases(&class);
        self.classes.insert(name, class.clone());
        class
    }

    // ----- statements ---------------------------------------------------------

    pub fn exec_block(&mut self, stmts: &[Stmt], scope: &Rc<Scope>) -> R<()> {
        for s in stmts {
            self.exec(s, scope)?;
        }
        Ok(())
    }

    pub fn exec(&mut self, stmt: &Stmt, scope: &Rc<Scope>) -> R<()> {
        self.step()?;
        self.set_range(stmt.range);
        match &stmt.kind {
            StmtKind::Expr(e) => {
                self.eval(e, scope)?;
            }
            StmtKind::Assign { targets, value } => {
                let v = self.eval(value, scope)?;
                for t in targets {
                    self.assign(t, v.clone(), scope)?;
                }
            }
            StmtKind::AugAssign { target, op, value } => {
                let cur = self.eval(target, scope)?;
                let rhs = self.eval(value, scope)?;
                self.set_range(stmt.range);
                let v = self.binop_inplace(*op, cur, rhs)?;
                self.assign(target, v, scope)?;
            }
            StmtKind::AnnAssign {
                target,
                annotation,
                value,
            } => self.exec_ann_assign(target, annotation, value.as_ref(), scope)?,
            StmtKind::Return(e) => {
                let v = match e {
                    Some(e) => self.eval(e, scope)?,
                    None => Value::None,
                };
                return Err(Flow::Return(v));
            }
            StmtKind::If { test, body, orelse } => {
                if is_lazy_module_switch(test, orelse) {
                    return self.exec_block(body, scope);
                }
                let t = self.eval(test, scope)?;
                self.set_range(test.range);
                if self.truthy(&t)? {
                    self.exec_block(body, scope)?;
                } else {
                    self.exec_block(orelse, scope)?;
                }
            }
            StmtKind::While { test, body, orelse } => self.exec_while(test, body, orelse, scope)?,
            StmtKind::For {
                target,
                iter,
                body,
                orelse,
                ..
            } => self.exec_for(target, iter, body, orelse, scope)?,
            StmtKind::With { items, body, .. } => self.exec_with(items, body, scope)?,
            StmtKind::FunctionDef(def) => {
                let f = self.make_function(def, scope)?;
                scope.vars.borrow_mut().insert(def.name.clone(), f);
            }
            StmtKind::ClassDef(def) => {
                if self.strict_tracing() && !self.in_prelude_frame() {
                    return Err(self.graph_break(
                        "GB8977",
                        format!("Invalid call to __build_class__: Dynamo cannot trace the definition of class `{}`", def.name),
                        "define the class outside `forward`",
                    ));
                }
                let c = self.make_class(def, scope)?;
                scope.vars.borrow_mut().insert(def.name.clone(), c);
            }
            StmtKind::Import(aliases) => {
                for a in aliases {
                    match &a.asname {
                        Some(asname) => {
                            let m = self.import_module(&a.name, a.range)?;
                            scope.vars.borrow_mut().insert(asname.clone(), m);
                        }
                        None => {
                            let top = a.name.split('.').next().unwrap_or(&a.name);
                            let m = self.import_top(&a.name, a.range)?;
                            scope.vars.borrow_mut().insert(top.to_string(), m);
                        }
                    }
                }
            }
            StmtKind::ImportFrom {
                module,
                level,
                names,
            } => self.exec_import_from(stmt, module.as_deref(), *level, names, scope)?,
            StmtKind::Pass => {}
            StmtKind::Break => return Err(Flow::Break),
            StmtKind::Continue => return Err(Flow::Continue),
            StmtKind::Raise { exc, .. } => {
                let mut err = match exc {
                    Some(e) => {
                        let v = self.eval(e, scope)?;
                        self.set_range(stmt.range);
                        self.exception_from(v)
                    }
                    None => PyErr {
                        class: Rc::from("RuntimeError"),
                        message: "re-raise".into(),
                        value: None,
                        range: Some(stmt.range),
                        path: self.current_path(),
                        line: self.failure_line(),
                        raiser: Raiser::RaiseStatement,
                    },
                };
                err.raiser = Raiser::RaiseStatement;
                return Err(Flow::Raise(err));
            }
            StmtKind::Assert { test, msg } => {
                let t = self.eval(test, scope)?;
                self.set_range(stmt.range);
                let constant_message = match msg.as_ref().map(|m| &m.kind) {
                    Some(syntax::ast::ExprKind::Str(text)) => Some(text.clone()),
                    _ => None,
                };
                if !self.assert_truthy(&t, constant_message.as_deref())? {
                    let message = match msg {
                        Some(m) => {
                            let v = self.eval(m, scope)?;
                            self.to_str(&v)?
                        }
                        None => String::new(),
                    };
                    return Err(self.raise_by(Raiser::Assertion, "AssertionError", message));
                }
            }
            StmtKind::Global(names) => {
                scope
                    .globals_decl
                    .borrow_mut()
                    .extend(names.iter().cloned());
            }
            StmtKind::Nonlocal(names) => {
                scope.nonlocals.borrow_mut().extend(names.iter().cloned());
            }
            StmtKind::Delete(targets) => {
                for t in targets {
                    self.delete(t, scope)?;
                }
            }
            StmtKind::Try {
                body,
                handlers,
                orelse,
                finalbody,
            } => self.exec_try(body, handlers, orelse, finalbody, scope)?,
            StmtKind::Unsupported { what } => {
                let msg = format!("analysis incomplete: {what} is not modelled");
                self.incomplete(stmt.range, msg);
            }
            StmtKind::Error => {
                self.incomplete(stmt.range, "analysis incomplete: syntax error here");
            }
        }
        Ok(())
    }

    /// `target: annotation = value`: a class body keeps the annotation.
    fn exec_ann_assign(
        &mut self,
        target: &Expr,
        annotation: &Expr,
        value: Option<&Expr>,
        scope: &Rc<Scope>,
    ) -> R<()> {
        if scope.class_body.get()
            && let ExprKind::Name(name) = &target.kind
        {
            // A class keeps its annotations (`get_type_hints`,
            // `inspect.get_annotations`); one that cannot be
            // evaluated is unknown.
            let hint = match self.eval(annotation, scope) {
                Ok(v) => v,
                Err(Flow::Raise(_)) => Value::Unknown(Rc::from("annotation")),
                Err(e) => return Err(e),
            };
            let existing = scope.vars.borrow().get("__annotations__").cloned();
            let table = match existing {
                Some(Value::Dict(ref d)) => d.clone(),
                _ => {
                    let d = Rc::new(crate::tracked::Tracked::new(crate::value::Dict::default()));
                    scope
                        .vars
                        .borrow_mut()
                        .insert("__annotations__".into(), Value::Dict(d.clone()));
                    d
                }
            };
            table.borrow_mut().insert(Value::str(name), hint);
        }
        if let Some(value) = value {
            let v = self.eval(value, scope)?;
            self.assign(target, v, scope)?;
        }
        Ok(())
    }

    /// `while test: body else: orelse`, bounded by the loop budget.
    fn exec_while(
        &mut self,
        test: &Expr,
        body: &[Stmt],
        orelse: &[Stmt],
        scope: &Rc<Scope>,
    ) -> R<()> {
        let mut n = 0u64;
        loop {
            let t = self.eval(test, scope)?;
            self.set_range(test.range);
            if let Value::Unknown(what) = &t {
                // Guessing either way would run the loop wrongly.
                return Err(self.fail(
                    FailureKind::Incomplete,
                    format!(
                        "analysis incomplete: a `while` condition depends on a value the tracer could not follow ({what})"
                    ),
                ));
            }
            if !self.truthy(&t)? {
                self.exec_block(orelse, scope)?;
                break;
            }
            n += 1;
            if n > self.budget.loop_iterations {
                return Err(self.fail(
                    FailureKind::Incomplete,
                    format!(
                        "analysis incomplete: `while` loop ran more than {} iterations",
                        self.budget.loop_iterations
                    ),
                ));
            }
            match self.exec_block(body, scope) {
                Ok(()) | Err(Flow::Continue) => {}
                Err(Flow::Break) => break,
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    /// `for target in iter: body else: orelse`, unrolled over the items.
    fn exec_for(
        &mut self,
        target: &Expr,
        iter: &Expr,
        body: &[Stmt],
        orelse: &[Stmt],
        scope: &Rc<Scope>,
    ) -> R<()> {
        let it = self.eval(iter, scope)?;
        self.set_range(iter.range);
        let items = self.iterate(&it)?;
        let mut broke = false;
        for (n, item) in items.into_iter().enumerate() {
            if n as u64 > self.budget.loop_iterations {
                return Err(self.fail(
                    FailureKind::Incomplete,
                    "analysis incomplete: loop too long to unroll",
                ));
            }
            self.set_range(target.range);
            self.assign(target, item, scope)?;
            match self.exec_block(body, scope) {
                Ok(()) | Err(Flow::Continue) => {}
                Err(Flow::Break) => {
                    broke = true;
                    break;
                }
                Err(e) => return Err(e),
            }
        }
        if !broke {
            self.exec_block(orelse, scope)?;
        }
        Ok(())
    }

    /// `from module import names` (relative at `level`, `*` included).
    fn exec_import_from(
        &mut self,
        stmt: &Stmt,
        module: Option<&str>,
        level: u32,
        names: &[syntax::ast::Alias],
        scope: &Rc<Scope>,
    ) -> R<()> {
        let modname = module.unwrap_or_default();
        let m = if level > 0 {
            self.import_relative(modname, level, stmt.range)?
        } else {
            self.import_module(modname, stmt.range)?
        };
        for a in names {
            if a.name == "*" {
                if let Value::Module(um) = &m {
                    if self.star_import_by_fallback(um, scope, stmt.range)? {
                        continue;
                    }
                    let public = match self.star_names_lazily(um, stmt.range)? {
                        Some(public) => public,
                        None => self.star_names(um)?,
                    };
                    scope.vars.borrow_mut().extend(public);
                }
                continue;
            }
            if let Value::Module(um) = &m
                && let Some(v) = self.import_lazily(um, &a.name, a.range)?
            {
                let bind = a.asname.clone().unwrap_or_else(|| a.name.clone());
                scope.vars.borrow_mut().insert(bind, v);
                continue;
            }
            let found = match &m {
                Value::Module(um) => self.import_from_module(um, &a.name, a.range)?,
                _ => None,
            };
            let v = match found.map_or_else(|| self.get_attr(&m, &a.name), Ok) {
                Ok(v) => v,
                Err(Flow::Raise(e)) => self.incomplete(
                    a.range,
                    format!(
                        "cannot resolve `{}` in `{}` ({})",
                        a.name, modname, e.message
                    ),
                ),
                Err(e) => return Err(e),
            };
            let bind = a.asname.clone().unwrap_or_else(|| a.name.clone());
            scope.vars.borrow_mut().insert(bind, v);
        }
        Ok(())
    }

    /// `try`/`except`/`else`/`finally`: handlers see every exception.
    fn exec_try(
        &mut self,
        body: &[Stmt],
        handlers: &[syntax::ast::ExceptHandler],
        orelse: &[Stmt],
        finalbody: &[Stmt],
        scope: &Rc<Scope>,
    ) -> R<()> {
        let r = self.exec_block(body, scope);
        let r = match r {
            Err(Flow::Raise(err)) => {
                let mut handled = None;
                for h in handlers {
                    let matches = match &h.type_ {
                        None => true,
                        Some(t) => {
                            let tv = self.eval(t, scope)?;
                            self.exception_matches(&err, &tv)
                        }
                    };
                    if matches {
                        if let Some(n) = &h.name {
                            let v = err.value.clone().unwrap_or(Value::str(&err.message));
                            scope.vars.borrow_mut().insert(n.clone(), v);
                        }
                        handled = Some(self.exec_block(&h.body, scope));
                        break;
                    }
                }
                handled.unwrap_or(Err(Flow::Raise(err)))
            }
            Ok(()) => self.exec_block(orelse, scope),
            other => other,
        };
        self.exec_block(finalbody, scope)?;
        r?;
        Ok(())
    }

    fn exec_with(&mut self, items: &[ast::WithItem], body: &[Stmt], scope: &Rc<Scope>) -> R<()> {
        let mut exits = Vec::new();
        for item in items {
            let cm = self.eval(&item.context, scope)?;
            if self.strict_tracing() && dynamo_breaks::unsupported_context_manager(&cm) {
                self.set_range(item.context.range);
                return Err(self.graph_break(
                    "GB0142",
                    "Unsupported context manager: Dynamo does not know how to enter it",
                    "avoid using the context manager in `forward`",
                ));
            }
            let entered = match &cm {
                Value::Object(o) if !o.class.is_module() => match self.get_attr(&cm, "__enter__") {
                    Ok(enter) => {
                        let v = self.call(&enter, vec![], vec![])?;
                        exits.push(Value::Object(o.clone()));
                        v
                    }
                    Err(_) => Value::None,
                },
                _ => Value::None,
            };
            if let Some(t) = &item.target {
                self.assign(t, entered, scope)?;
            }
        }
        let r = self.exec_block(body, scope);
        for cm in exits.into_iter().rev() {
            if let Ok(exit) = self.get_attr(&cm, "__exit__") {
                self.call(&exit, vec![Value::None, Value::None, Value::None], vec![])?;
            }
        }
        r
    }

    // ----- assignment ---------------------------------------------------------

    pub fn assign(&mut self, target: &Expr, value: Value, scope: &Rc<Scope>) -> R<()> {
        match &target.kind {
            ExprKind::Name(n) => {
                if self.strict_tracing()
                    && scope.globals_decl.borrow().iter().any(|g| g == n)
                    && !self.in_prelude_frame()
                {
                    // Dynamo replays global writes only for the root frame's
                    // module, and export's root is torch's own wrapper.
                    if let Value::Object(o) = &value
                        && o.class.prelude_namespace == Some("torch.utils.hooks")
                    {
                        return Err(self.graph_break(
                            "GB0101",
                            format!("Storing Tensor hook handle in globals (inline call): `{n}`"),
                            "keep the handle outside `forward`",
                        ));
                    }
                    return Err(self.graph_break(
                        "GB8949",
                        format!("STORE_GLOBAL in non-module globals: `{n}`"),
                        "keep the state on the module instance instead of a global",
                    ));
                }
                self.bind_name(n, value, scope);
                Ok(())
            }
            ExprKind::Tuple(elts) | ExprKind::List(elts) => self.assign_unpack(elts, value, scope),
            ExprKind::Attribute { value: obj, attr } => {
                let o = self.eval(obj, scope)?;
                self.set_range(target.range);
                self.set_attr(&o, attr, value)
            }
            ExprKind::Subscript { value: obj, index } => {
                let o = self.eval(obj, scope)?;
                let i = self.eval(index, scope)?;
                self.set_range(target.range);
                self.set_item(&o, i, value)
            }
            ExprKind::Starred(inner) => self.assign(inner, value, scope),
            _ => {
                self.incomplete(
                    target.range,
                    "analysis incomplete: unsupported assignment target",
                );
                Ok(())
            }
        }
    }

    pub fn bind_name(&mut self, name: &str, value: Value, scope: &Rc<Scope>) {
        if scope.nonlocals.borrow().iter().any(|n| n == name)
            && let Some(p) = &scope.parent
            && p.assign_existing(name, value.clone())
        {
            return;
        }
        if scope.globals_decl.borrow().iter().any(|n| n == name) {
            let mut s = scope.clone();
            while let Some(p) = s.parent.clone() {
                s = p;
            }
            self.note_global_write(&s, name);
            s.vars.borrow_mut().insert(name.to_string(), value);
            return;
        }
        scope.vars.borrow_mut().insert(name.to_string(), value);
    }

    /// A `global` write into `globals`: outside any import, into a library
    /// or prelude module, it is configuration (see
    /// [`Interp::library_state_written`]).
    fn note_global_write(&mut self, globals: &Rc<Scope>, name: &str) {
        // Code run by an import (a module's own or a function it calls)
        // builds the library state; it runs the same way for every trace.
        if !self.initializing.is_empty() {
            return;
        }
        let ptr = Rc::as_ptr(globals);
        let library = self.module_globals.contains(&ptr)
            || self.preludes.values().any(|g| Rc::ptr_eq(g, globals));
        if library {
            tracing::debug!(
                name,
                path = self.current_path().unwrap_or_default(),
                "a library module's global rebound after its import"
            );
            let before = globals.vars.borrow().get(name).cloned();
            self.note_library_write(LibraryTarget::Globals(globals.clone()), name, before);
        }
    }

    /// Record a write of configuration (see [`Interp::library_writes`]),
    /// with the value `name` had before, the first time it is written.
    pub(super) fn note_library_write(
        &mut self,
        target: LibraryTarget,
        name: &str,
        before: Option<Value>,
    ) {
        let known = self
            .library_writes
            .iter()
            .any(|w| w.target.is(&target) && w.name == name);
        if !known {
            self.library_writes.push(LibraryWrite {
                target,
                name: name.to_string(),
                before,
            });
        }
    }

    /// Whether configuration this trace wrote still differs from what it
    /// was before (see [`Interp::library_writes`]).
    pub(crate) fn library_state_changed(&self) -> bool {
        self.library_writes.iter().any(|w| {
            let now = match &w.target {
                LibraryTarget::Globals(scope) => scope.vars.borrow().get(&w.name).cloned(),
                LibraryTarget::Class(class) => class
                    .attrs
                    .borrow()
                    .iter()
                    .find(|(k, _)| *k == w.name)
                    .map(|(_, v)| v.clone()),
            };
            match (&w.before, &now) {
                (Some(before), Some(now)) => !is_same(before, now),
                (None, None) => false,
                _ => true,
            }
        })
    }

    fn assign_unpack(&mut self, elts: &[Expr], value: Value, scope: &Rc<Scope>) -> R<()> {
        if let Value::Unknown(_) = value {
            // Each target of an unknown value is unknown (for the same reason).
            for t in elts {
                let target = match &t.kind {
                    ExprKind::Starred(inner) => inner,
                    _ => t,
                };
                self.assign(target, value.clone(), scope)?;
            }
            return Ok(());
        }
        let items = self.unpack_items(&value)?;
        let star = elts
            .iter()
            .position(|e| matches!(e.kind, ExprKind::Starred(_)));
        match star {
            None => {
                if items.len() != elts.len() {
                    return Err(self.raise(
                        "ValueError",
                        format!(
                            "cannot unpack {} values into {} targets",
                            items.len(),
                            elts.len()
                        ),
                    ));
                }
                for (t, v) in elts.iter().zip(items) {
                    self.assign(t, v, scope)?;
                }
            }
            Some(si) => {
                let after = elts.len() - si - 1;
                if items.len() < elts.len() - 1 {
                    return Err(self.raise("ValueError", "not enough values to unpack"));
                }
                let mid_end = items.len() - after;
                for (t, v) in elts[..si].iter().zip(items[..si].iter()) {
                    self.assign(t, v.clone(), scope)?;
                }
                self.assign(&elts[si], Value::list(items[si..mid_end].to_vec()), scope)?;
                for (t, v) in elts[si + 1..].iter().zip(items[mid_end..].iter()) {
                    self.assign(t, v.clone(), scope)?;
                }
            }
        }
        Ok(())
    }

    /// Items for `a, b = value`: tensors unpack along dim 0 (strict: one
    /// `select` per item; non-strict: `unbind`).
    fn unpack_items(&mut self, value: &Value) -> R<Vec<Value>> {
        if let Value::Tensor(t) = value {
            return self.unbind_for_unpack(t.clone());
        }
        self.iterate(value)
    }

    // ----- expressions --------------------------------------------------------

    /// Evaluate an expression. Python recursion (calls, nested expressions,
    /// statement bodies) all passes through here, so this is where the Rust
    /// stack is grown on demand: the call-depth budget bounds the Python
    /// frames, but how much Rust stack each one takes depends on the build and
    /// on the calling thread, and an overflow cannot be caught.
    pub fn eval(&mut self, expr: &Expr, scope: &Rc<Scope>) -> R<Value> {
        stacker::maybe_grow(STACK_RED_ZONE, STACK_SEGMENT, || {
            self.eval_here(expr, scope)
        })
    }

    fn eval_here(&mut self, expr: &Expr, scope: &Rc<Scope>) -> R<Value> {
        self.step()?;
        match &expr.kind {
            ExprKind::Name(n) => self.lookup_name(n, scope, expr.range),
            ExprKind::Int(i) => Ok(Value::Int(*i)),
            ExprKind::BigInt(_) => {
                Ok(self.incomplete(expr.range, "analysis incomplete: integer literal too large"))
            }
            ExprKind::Float(f) => Ok(Value::Float(*f)),
            ExprKind::Imaginary(_) => Ok(self.incomplete(
                expr.range,
                "analysis incomplete: complex literals are not modelled",
            )),
            ExprKind::Str(s) => Ok(Value::str(s)),
            // Bytes are text of one char per byte.
            ExprKind::Bytes(b) => Ok(Value::str(
                &b.iter().map(|c| char::from(*c)).collect::<String>(),
            )),
            ExprKind::Bool(b) => Ok(Value::Bool(*b)),
            ExprKind::NoneLit => Ok(Value::None),
            ExprKind::Ellipsis => Ok(KnownObject::Ellipsis.value()),
            ExprKind::FString(parts) => self.eval_fstring(parts, scope, expr.range),
            ExprKind::Attribute { value, attr } => self.eval_attribute(expr, value, attr, scope),
            ExprKind::Subscript { value, index } => {
                let v = self.eval(value, scope)?;
                let i = self.eval(index, scope)?;
                self.set_range(expr.range);
                self.get_item(&v, i)
            }
            ExprKind::Slice { lower, upper, step } => {
                let mut parts = [Value::None, Value::None, Value::None];
                for (slot, e) in parts.iter_mut().zip([lower, upper, step]) {
                    if let Some(e) = e {
                        *slot = self.eval(e, scope)?;
                    }
                }
                Ok(Value::Slice(Rc::new(parts)))
            }
            ExprKind::Call { func, args } => self.eval_call(expr, func, args, scope),
            ExprKind::BinOp { left, op, right } => {
                let l = self.eval(left, scope)?;
                let r = self.eval(right, scope)?;
                self.set_range(expr.range);
                self.binop(*op, l, r)
            }
            ExprKind::UnaryOp { op, operand } => {
                let v = self.eval(operand, scope)?;
                self.set_range(expr.range);
                self.unary(*op, v)
            }
            ExprKind::BoolOp { op, values } => {
                let mut last = Value::None;
                for (i, e) in values.iter().enumerate() {
                    last = self.eval(e, scope)?;
                    if i + 1 == values.len() {
                        break;
                    }
                    self.set_range(e.range);
                    let t = self.truthy(&last)?;
                    match op {
                        ast::BoolOp::And if !t => return Ok(last),
                        ast::BoolOp::Or if t => return Ok(last),
                        _ => {}
                    }
                }
                Ok(last)
            }
            ExprKind::Compare {
                left,
                ops,
                comparators,
            } => {
                let mut l = self.eval(left, scope)?;
                let mut result = Value::Bool(true);
                for (i, (op, c)) in ops.iter().zip(comparators).enumerate() {
                    let r = self.eval(c, scope)?;
                    self.set_range(expr.range);
                    result = self.compare(*op, &l, &r)?;
                    if i + 1 < ops.len() {
                        if !self.truthy(&result)? {
                            return Ok(result);
                        }
                        l = r;
                    }
                }
                Ok(result)
            }
            ExprKind::IfExp { test, body, orelse } => {
                let t = self.eval(test, scope)?;
                self.set_range(test.range);
                if self.truthy(&t)? {
                    self.eval(body, scope)
                } else {
                    self.eval(orelse, scope)
                }
            }
            ExprKind::Lambda { params, body } => self.make_lambda(params, body, scope, expr.range),
            ExprKind::Tuple(elts) => Ok(Value::tuple(self.eval_elements(elts, scope)?)),
            ExprKind::List(elts) => Ok(Value::list(self.eval_elements(elts, scope)?)),
            ExprKind::Set(elts) => {
                let items = self.eval_elements(elts, scope)?;
                Ok(Value::Set(Rc::new(crate::tracked::Tracked::new(dedup(
                    items,
                )))))
            }
            ExprKind::Dict(items) => self.eval_dict(items, scope),
            ExprKind::ListComp { elt, generators } | ExprKind::GeneratorExp { elt, generators } => {
                let mut out = Vec::new();
                let inner = Scope::new(Some(scope.clone()));
                self.comprehension(generators, 0, &inner, &mut |this, s| {
                    out.push(this.eval(elt, s)?);
                    Ok(())
                })?;
                // A generator expression is computed at once but is an
                // iterator, as `next(p for p in ...)` needs.
                Ok(match &expr.kind {
                    ExprKind::GeneratorExp { .. } => crate::python::builtins::iter_of(out),
                    _ => Value::list(out),
                })
            }
            ExprKind::SetComp { elt, generators } => {
                let mut out = Vec::new();
                let inner = Scope::new(Some(scope.clone()));
                self.comprehension(generators, 0, &inner, &mut |this, s| {
                    out.push(this.eval(elt, s)?);
                    Ok(())
                })?;
                Ok(Value::Set(Rc::new(crate::tracked::Tracked::new(dedup(
                    out,
                )))))
            }
            ExprKind::DictComp {
                key,
                value,
                generators,
            } => {
                let mut d = Dict::default();
                let inner = Scope::new(Some(scope.clone()));
                self.comprehension(generators, 0, &inner, &mut |this, s| {
                    let k = this.eval(key, s)?;
                    let v = this.eval(value, s)?;
                    d.insert(k, v);
                    Ok(())
                })?;
                Ok(Value::Dict(Rc::new(crate::tracked::Tracked::new(d))))
            }
            ExprKind::Starred(inner) => self.eval(inner, scope),
            ExprKind::Named { target, value } => {
                let v = self.eval(value, scope)?;
                self.assign(target, v.clone(), scope)?;
                Ok(v)
            }
            ExprKind::Yield(value) if !self.generator_sinks.is_empty() => {
                let v = match value {
                    Some(e) => self.eval(e, scope)?,
                    None => Value::None,
                };
                if let Some(sink) = self.generator_sinks.last_mut() {
                    sink.push(v);
                }
                Ok(Value::None)
            }
            ExprKind::YieldFrom(inner) if !self.generator_sinks.is_empty() => {
                let v = self.eval(inner, scope)?;
                let items = self.iterate(&v)?;
                if let Some(sink) = self.generator_sinks.last_mut() {
                    sink.extend(items);
                }
                Ok(Value::None)
            }
            ExprKind::Await(_) | ExprKind::Yield(_) | ExprKind::YieldFrom(_) => Ok(self
                .incomplete(
                    expr.range,
                    "analysis incomplete: coroutines are not modelled",
                )),
            ExprKind::Unsupported { what } => Ok(self.incomplete(
                expr.range,
                format!("analysis incomplete: {what} is not modelled"),
            )),
            ExprKind::Error => {
                Ok(self.incomplete(expr.range, "analysis incomplete: syntax error here"))
            }
        }
    }

    /// `value.attr`: an attribute a module or an unknown value lacks is an
    /// unknown API ("incomplete"), not an AttributeError.
    fn eval_attribute(
        &mut self,
        expr: &Expr,
        value: &Expr,
        attr: &str,
        scope: &Rc<Scope>,
    ) -> R<Value> {
        let v = self.eval(value, scope)?;
        self.set_range(expr.range);
        self.get_attr(&v, attr).or_else(|e| match e {
            Flow::Raise(err) if &*err.class == "AttributeError" => {
                if matches!(v, Value::PyModule(_) | Value::Unknown(_)) {
                    let declared = match &v {
                        Value::PyModule(path) => {
                            let full = attr::canonical_path(&format!("{path}.{attr}"));
                            crate::ops::declared::not_modelled(&full)
                        }
                        _ => None,
                    };
                    let message = declared.unwrap_or_else(|| {
                        format!(
                            "analysis incomplete: unknown API `{}`",
                            self.entry_file_slice(expr.range)
                        )
                    });
                    Ok(self.incomplete(expr.range, message))
                } else {
                    Err(Flow::Raise(err))
                }
            }
            e => Err(e),
        })
    }

    /// A dict display, `**` unpacking included.
    fn eval_dict(&mut self, items: &[syntax::ast::DictItem], scope: &Rc<Scope>) -> R<Value> {
        let mut d = Dict::default();
        for item in items {
            match &item.key {
                Some(k) => {
                    let k = self.eval(k, scope)?;
                    let v = self.eval(&item.value, scope)?;
                    d.insert(k, v);
                }
                None => {
                    let m = self.eval(&item.value, scope)?;
                    for (k, v) in self.dict_items(&m)? {
                        d.insert(k, v);
                    }
                }
            }
        }
        Ok(Value::Dict(Rc::new(crate::tracked::Tracked::new(d))))
    }

    fn entry_file_slice(&self, range: TextRange) -> String {
        self.frames
            .last()
            .map(|f| f.file.slice(range).to_string())
            .unwrap_or_default()
    }

    fn eval_elements(&mut self, elts: &[Expr], scope: &Rc<Scope>) -> R<Vec<Value>> {
        let mut out = Vec::with_capacity(elts.len());
        for e in elts {
            if let ExprKind::Starred(inner) = &e.kind {
                let v = self.eval(inner, scope)?;
                out.extend(self.iterate(&v)?);
            } else {
                out.push(self.eval(e, scope)?);
            }
        }
        Ok(out)
    }

    fn comprehension(
        &mut self,
        generators: &[ast::Comprehension],
        i: usize,
        scope: &Rc<Scope>,
        body: &mut dyn FnMut(&mut Self, &Rc<Scope>) -> R<()>,
    ) -> R<()> {
        let Some(g) = generators.get(i) else {
            return body(self, scope);
        };
        let it = self.eval(&g.iter, scope)?;
        self.set_range(g.iter.range);
        for item in self.iterate(&it)? {
            self.assign(&g.target, item, scope)?;
            let mut keep = true;
            for cond in &g.ifs {
                let c = self.eval(cond, scope)?;
                self.set_range(cond.range);
                if !self.truthy(&c)? {
                    keep = false;
                    break;
                }
            }
            if keep {
                self.comprehension(generators, i + 1, scope, body)?;
            }
        }
        Ok(())
    }

    fn eval_fstring(
        &mut self,
        parts: &[ast::FStringPart],
        scope: &Rc<Scope>,
        range: TextRange,
    ) -> R<Value> {
        let mut out = String::new();
        let mut formats_tensor = false;
        for p in parts {
            match p {
                ast::FStringPart::Literal(s) => out.push_str(s),
                ast::FStringPart::Expr {
                    expr,
                    conversion,
                    format_spec,
                    ..
                } => {
                    let mut v = self.eval(expr, scope)?;
                    self.set_range(range);
                    if let Value::Unknown(_) = v {
                        return Ok(v);
                    }
                    formats_tensor |= matches!(v, Value::Tensor(_));
                    if let Value::Tensor(ref t) = v.clone()
                        && !format_spec.is_empty()
                        && self.mode == Mode::NonStrict
                        && self.tracing
                    {
                        // Formatting a tensor's value needs its data: in
                        // concrete mode, the value eager PyTorch formats.
                        if let Some(x) = self.concrete_scalar(t) {
                            v = x.to_value();
                        } else {
                            return Err(match self.mode {
                                Mode::NonStrict => self.fail(
                                    FailureKind::Other,
                                    "formatting a tensor's value (an f-string format spec) needs real data; fake tensors cannot be formatted",
                                ),
                                Mode::Strict => self.raise("TypeError", "unsupported format string passed to Tensor.__format__"),
                            });
                        }
                    }
                    let v = match conversion {
                        Some('r' | 'a') => Value::str(&self.repr(&v)?),
                        Some('s') => Value::str(&self.to_str(&v)?),
                        _ => v,
                    };
                    let spec = match self.eval_fstring(format_spec, scope, range)? {
                        Value::Str(ref spec) => spec.to_string(),
                        unknown => return Ok(unknown),
                    };
                    let s = crate::python::format::format_value(self, &v, &spec)?;
                    self.charge_str(out.len() + s.len())?;
                    out.push_str(&s);
                }
            }
        }
        if formats_tensor && self.strict_tracing() {
            // Dynamo keeps a string formatted from a tensor unformatted (its
            // StringFormatVariable): printable, but no string to measure.
            let index = crate::prelude::module_index("exportlens.builtins")
                .ok_or_else(|| self.type_error("the prelude has no formatted string"))?;
            let class = self.prelude_value(index, FORMATTED_STRING)?;
            return self.call(&class, vec![Value::str(&out)], vec![]);
        }
        Ok(Value::str(&out))
    }

    fn lookup_name(&mut self, name: &str, scope: &Rc<Scope>, range: TextRange) -> R<Value> {
        if let Some(v) = scope.lookup(name) {
            if let Value::LazyImport(_) = v {
                self.set_range(range);
                let resolved = self.resolve_lazy(v)?;
                scope.assign_existing(name, resolved.clone());
                if self.force_deferred_for(&resolved, None)? {
                    return self.lookup_name(name, scope, range);
                }
                return Ok(resolved);
            }
            if self.force_deferred_for(&v, Some((scope, name)))? {
                return self.lookup_name(name, scope, range);
            }
            return Ok(v);
        }
        if !self.star_fallbacks.is_empty() {
            let mut globals = scope.clone();
            while let Some(p) = globals.parent.clone() {
                globals = p;
            }
            if let Some(v) = self.star_fallback(&globals, name, range)? {
                return Ok(v);
            }
        }
        if let Some(v) = self.builtin_names.get(name) {
            return Ok(v.clone());
        }
        if let Some(v) = crate::python::builtins::builtin_name(self, name) {
            self.builtin_names.insert(name.to_string(), v.clone());
            return Ok(v);
        }
        self.set_range(range);
        Err(self.unbound_name(name, scope))
    }

    /// A name no scope holds: an undefined local of the running function
    /// (Dynamo's GB0011), a cell of an enclosing one not yet assigned
    /// (GB0091, located at the line the enclosing function runs), else an
    /// undefined name.
    fn unbound_name(&self, name: &str, scope: &Rc<Scope>) -> Flow {
        let binds = |f: &Frame| match f.function.as_deref().map(|f| &f.body) {
            Some(FunctionBody::Def(def)) => locals::binds(def.body(), name),
            _ => false,
        };
        let Some((innermost, outer)) = self.frames.split_last() else {
            return self.raise("NameError", format!("name '{name}' is not defined"));
        };
        let user = is_user_path(&innermost.file.path);
        if binds(innermost) {
            if self.strict_tracing() && user {
                return self.graph_break(
                    "GB0011",
                    format!("Attempted to read undefined local variable: could not find a local variable with name `{name}`"),
                    "",
                );
            }
            return self.raise_by(
                Raiser::UserCodeNames,
                "NameError",
                format!(
                    "cannot access local variable '{name}' where it is not associated with a value"
                ),
            );
        }
        let encloses = |f: &Frame| {
            f.scope.as_ref().is_some_and(|owner| {
                let mut s = scope.parent.clone();
                while let Some(p) = s {
                    if Rc::ptr_eq(&p, owner) {
                        return true;
                    }
                    s = p.parent.clone();
                }
                false
            })
        };
        if let Some(owner) = outer.iter().rev().find(|f| encloses(f) && binds(f)) {
            if self.strict_tracing() && user {
                let mut f = Failure::new(
                    FailureKind::GraphBreak,
                    format!("Read uninitialized cell: the closure variable `{name}` has not been assigned yet"),
                )
                .with_code("GB0091");
                f.range = Some(owner.range);
                f.line = Some(owner.file.line_of(owner.range.start));
                f.path =
                    (!Arc::ptr_eq(&owner.file, &self.entry_file)).then(|| owner.file.path.clone());
                return self.fail_with(f);
            }
            return self.raise_by(
                Raiser::UserCodeNames,
                "NameError",
                format!("cannot access free variable '{name}' where it is not associated with a value in enclosing scope"),
            );
        }
        let in_entry_file = Arc::ptr_eq(&innermost.file, &self.entry_file);
        // A global the file's own top level assigns was left undefined by
        // a statement the tracer could not follow: no evidence.
        let assigned_at_top = || {
            syntax::top_level_names(&self.entry_file.text)
                .is_some_and(|names| names.iter().any(|n| n == name))
        };
        let raiser =
            if in_entry_file && !crate::evidence::is_python_builtin(name) && !assigned_at_top() {
                Raiser::UserCodeNames
            } else {
                Raiser::Model
            };
        self.raise_by(raiser, "NameError", format!("name '{name}' is not defined"))
    }

    // ----- truthiness and symbolic decisions ---------------------------------

    /// Python truthiness; a symbolic bool is decided by its hint and guarded,
    /// a tensor's truth value is a data-dependent decision.
    pub fn truthy(&mut self, v: &Value) -> R<bool> {
        Ok(match v {
            Value::None => false,
            Value::Bool(b) => *b,
            Value::Int(i) => *i != 0,
            Value::Float(f) => *f != 0.0,
            Value::Str(s) => !s.is_empty(),
            Value::Tuple(t) => !t.is_empty(),
            Value::List(l) | Value::Set(l) => !l.borrow().is_empty(),
            Value::Dict(d) => !d.borrow().is_empty(),
            Value::Range(a, b, s) => range_len(*a, *b, *s) > 0,
            Value::SymInt(e) => {
                let b = SymBool {
                    lhs: e.clone(),
                    op: CmpKind::Ne,
                    rhs: SymExpr::int(0),
                };
                return self.decide(&b);
            }
            Value::SymFloat(f, node) if f.is_nan() => return self.float_data_truth(*node),
            Value::SymFloat(f, _) => *f != 0.0,
            Value::SymBool(b) => return self.decide(b),
            Value::Tensor(t) => return self.tensor_truth(t.clone()),
            Value::Object(o) => {
                if let Some((f, _)) = o.class.lookup("__bool__") {
                    let r = self.call_method_value(&f, v.clone(), vec![])?;
                    return self.truthy(&r);
                }
                if let Some((f, _)) = o.class.lookup("__len__") {
                    let r = self.call_method_value(&f, v.clone(), vec![])?;
                    return self.truthy(&r);
                }
                true
            }
            Value::Unknown(_) => {
                let r = self.current_range();
                self.assume(r, "a condition it could not follow is true");
                self.incomplete(
                    r,
                    "analysis incomplete: branch on an unknown value (took the true branch)",
                );
                true
            }
            _ => true,
        })
    }

    /// `assert cond, message`: like truthiness, except a tensor condition
    /// becomes a runtime assertion carrying the message when it is a
    /// constant string.
    pub(crate) fn assert_truthy(&mut self, v: &Value, message: Option<&str>) -> R<bool> {
        if let (Value::Tensor(_), Mode::Strict, true) = (v, self.mode, self.tracing) {
            // Dynamo turns `assert tensor` into a runtime assertion.
            let a = self.arg_of(v);
            let n = self.record_named(
                "aten._assert_async.msg",
                "_assert_async",
                vec![
                    a,
                    crate::graph::Arg::Str(message.unwrap_or("assertion failed").into()),
                ],
                vec![],
                crate::graph::MetaVal::None,
            );
            self.graph.node_mut(n).side_effect = true;
            return Ok(true);
        }
        self.truthy(v)
    }

    /// Decide a symbolic relation, adding a guard on the current line.
    pub fn decide(&mut self, b: &SymBool) -> R<bool> {
        let line = self.guard_line();
        match self.env.evaluate(&b.lhs, b.op, &b.rhs, line) {
            Ok(v) => Ok(v),
            Err(dd) => match self.decide_on_examples(&b.lhs, b.op, &b.rhs, &dd.expr) {
                Some(v) => Ok(v),
                None => Err(self.data_dependent(&dd.expr)),
            },
        }
    }

    pub fn data_dependent(&self, expr: &str) -> Flow {
        let f = Failure::new(
            FailureKind::DataDependent,
            format!("this Python decision depends on tensor data: could not decide `{expr}` while tracing"),
        )
        .with_hint("express the branch with `torch.cond(pred, true_fn, false_fn, operands)`, or state what you know with `torch._check(...)`");
        self.fail_with(f)
    }

    /// `bool(tensor)` / `if tensor:`: a graph break in strict mode, a
    /// data-dependent failure in non-strict mode.
    fn tensor_truth(&mut self, t: Rc<crate::value::Tensor>) -> R<bool> {
        match self.mode {
            // Code outside the traced call (module level, `__init__`) runs
            // eagerly: only the trace itself breaks the graph.
            Mode::Strict if self.tracing => {
                self.check_single_element(&t)?;
                Err(self.graph_break(
                    "GB0170",
                    "data-dependent branching: a Python `if`/`while` on a tensor value",
                    "rewrite the branch with `torch.cond(pred, true_fn, false_fn, operands)` or `torch.where`",
                ))
            }
            _ => self.tensor_value_truth(t),
        }
    }

    /// A one-element tensor's value as a bool, as ATen decides it
    /// (`is_nonzero`, and `bool(tensor)` in non-strict mode): read with
    /// `.item()` and compared, a data-dependent decision on a traced value.
    pub(crate) fn tensor_value_truth(&mut self, t: Rc<crate::value::Tensor>) -> R<bool> {
        self.check_single_element(&t)?;
        if let Some(v) = self.concrete_scalar(&t) {
            return Ok(v.truthy());
        }
        // Contents known outside tracing (module level, `__init__`).
        if !self.tracing
            && let Some(known) = crate::ops::values::known(&t)
            && let [v] = known.as_slice()
        {
            return Ok(*v != 0.0);
        }
        if let Some(u) = self.truth_on_examples(&t) {
            let b = SymBool {
                lhs: u,
                op: CmpKind::Eq,
                rhs: SymExpr::int(1),
            };
            return self.decide(&b);
        }
        // The value is read with `.item()` and compared with 0.
        let e = match self.record_item(&t)? {
            SymOrConst::Sym(e) => e,
            SymOrConst::Const(c) => return Ok(c != 0),
        };
        let b = SymBool {
            lhs: e,
            op: CmpKind::Eq,
            rhs: SymExpr::int(1),
        };
        self.decide(&b)
    }

    /// torch's error for the truth of a tensor with several elements.
    fn check_single_element(&self, t: &crate::value::Tensor) -> R<()> {
        if t.shape.iter().any(|d| d.as_const() != Some(1)) && !t.shape.is_empty() {
            let n: Option<i64> = t.shape.iter().map(|d| d.as_const()).product();
            if n != Some(1) {
                return Err(self.torch_error(
                    "RuntimeError",
                    "Boolean value of Tensor with more than one value is ambiguous",
                ));
            }
        }
        Ok(())
    }

    // ----- operators -----------------------------------------------------------

    pub fn binop(&mut self, op: BinOp, l: Value, r: Value) -> R<Value> {
        if matches!(l, Value::Tensor(_)) || matches!(r, Value::Tensor(_)) {
            return self.tensor_binop(op, l, r, false);
        }
        // Arithmetic on Dynamo's fake `id()` of a tensor stays one.
        let fake_id = |v: &Value| KnownObject::of(v) == Some(KnownObject::IdFake);
        if (fake_id(&l) && matches!(r, Value::Int(_) | Value::Float(_)))
            || (fake_id(&r) && matches!(l, Value::Int(_) | Value::Float(_)))
        {
            return Ok(KnownObject::IdFake.value());
        }
        crate::python::operators::python_binop(self, op, l, r)
    }

    fn binop_inplace(&mut self, op: BinOp, l: Value, r: Value) -> R<Value> {
        match (&l, op) {
            (Value::Tensor(_), _) => self.tensor_binop(op, l, r, true),
            (Value::List(items), BinOp::Add) => {
                let extra = self.iterate(&r)?;
                items.borrow_mut().extend(extra);
                Ok(l)
            }
            _ => self.binop(op, l, r),
        }
    }

    pub(crate) fn unary(&mut self, op: UnaryOp, v: Value) -> R<Value> {
        // A class's own `__neg__`, `__pos__`, `__invert__` (numpy's arrays).
        let dunder = match op {
            UnaryOp::Neg => Some("__neg__"),
            UnaryOp::Pos => Some("__pos__"),
            UnaryOp::Invert => Some("__invert__"),
            UnaryOp::Not => None,
        };
        if let (Value::Object(o), Some(name)) = (&v, dunder)
            && let Some(f) = attr::python_dunder(o, name)
        {
            return self.call(&f, vec![v.clone()], vec![]);
        }
        match (op, &v) {
            (UnaryOp::Not, _) => Ok(Value::Bool(!self.truthy(&v)?)),
            (_, Value::Tensor(_)) => {
                let name = match op {
                    UnaryOp::Neg => "neg",
                    UnaryOp::Pos => return Ok(v),
                    UnaryOp::Invert => "bitwise_not",
                    UnaryOp::Not => unreachable!("handled above"),
                };
                self.call_op_by_method(name, v, vec![], vec![])
            }
            (UnaryOp::Neg, Value::Int(i)) => Ok(Value::Int(i.checked_neg().unwrap_or(i64::MAX))),
            (UnaryOp::Neg, Value::Bool(b)) => Ok(Value::Int(-i64::from(*b))),
            (UnaryOp::Neg, Value::Float(f)) => Ok(Value::Float(-f)),
            (UnaryOp::Neg, Value::SymInt(e)) => {
                let neg = self.size_arith(e.checked_neg())?;
                Ok(self.sym_value(neg))
            }
            (UnaryOp::Neg, Value::SymFloat(f, _)) => Ok(Value::SymFloat(-f, None)),
            (UnaryOp::Pos, _) => Ok(v),
            (UnaryOp::Invert, Value::Int(i)) => Ok(Value::Int(!i)),
            (_, Value::Unknown(_)) => Ok(v),
            _ => Err(self.type_error(format!(
                "bad operand type for unary op: '{}'",
                v.type_name()
            ))),
        }
    }

    pub fn compare(&mut self, op: CmpOp, l: &Value, r: &Value) -> R<Value> {
        match op {
            CmpOp::Is => return Ok(Value::Bool(is_same(l, r))),
            CmpOp::IsNot => return Ok(Value::Bool(!is_same(l, r))),
            CmpOp::In | CmpOp::NotIn if matches!(r, Value::Unknown(_)) => return Ok(r.clone()),
            CmpOp::In | CmpOp::NotIn => {
                let found = self.contains(r, l)?;
                let found = self.truthy(&found)?;
                return Ok(Value::Bool(if op == CmpOp::In { found } else { !found }));
            }
            _ => {}
        }
        if let Value::Unknown(_) = l {
            return Ok(l.clone());
        }
        if let Value::Unknown(_) = r {
            return Ok(r.clone());
        }
        if matches!(l, Value::Tensor(_)) || matches!(r, Value::Tensor(_)) {
            let name = match op {
                CmpOp::Eq => "eq",
                CmpOp::NotEq => "ne",
                CmpOp::Lt => "lt",
                CmpOp::LtE => "le",
                CmpOp::Gt => "gt",
                CmpOp::GtE => "ge",
                _ => unreachable!("identity and membership handled above"),
            };
            return match (l, r) {
                (Value::Tensor(_), _) => {
                    self.call_op_by_method(name, l.clone(), vec![r.clone()], vec![])
                }
                _ => {
                    let flipped = match name {
                        "lt" => "gt",
                        "le" => "ge",
                        "gt" => "lt",
                        "ge" => "le",
                        n => n,
                    };
                    self.call_op_by_method(flipped, r.clone(), vec![l.clone()], vec![])
                }
            };
        }
        crate::python::operators::python_compare(self, op, l, r)
    }

    /// A symbolic integer value, folded to a plain int when constant.
    pub fn sym_value(&self, e: SymExpr) -> Value {
        let e = self.env.simplify(&e);
        match e.as_const() {
            Some(c) => Value::Int(c),
            None => Value::SymInt(e),
        }
    }
}

/// A Python int or a symbolic one, after reading a value out of a tensor.
pub enum SymOrConst {
    Sym(SymExpr),
    Const(i64),
}

pub fn range_len(start: i64, stop: i64, step: i64) -> i64 {
    if step > 0 && stop > start {
        (stop - start + step - 1) / step
    } else if step < 0 && stop < start {
        (start - stop - step - 1) / (-step)
    } else {
        0
    }
}

fn dedup(items: Vec<Value>) -> Vec<Value> {
    crate::value::distinct(items)
}

pub fn is_same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::None, Value::None) => true,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Tensor(x), Value::Tensor(y)) => Rc::ptr_eq(x, y),
        (Value::Object(x), Value::Object(y)) => Rc::ptr_eq(x, y),
        (Value::Class(x), Value::Class(y)) => Rc::ptr_eq(x, y),
        (Value::List(x), Value::List(y)) => Rc::ptr_eq(x, y),
        (Value::Dict(x), Value::Dict(y)) => Rc::ptr_eq(x, y),
        (Value::Set(x), Value::Set(y)) => Rc::ptr_eq(x, y),
        (Value::Tuple(x), Value::Tuple(y)) => Rc::ptr_eq(x, y),
        (Value::Function(x), Value::Function(y)) => Rc::ptr_eq(x, y),
        // A module-level builtin (`F.relu`) is one object however it is
        // reached; a bound method is a new object at each read.
        (Value::Builtin(x), Value::Builtin(y)) => {
            Rc::ptr_eq(x, y) || (x.receiver.is_none() && y.receiver.is_none() && x.name == y.name)
        }
        (Value::DType(x), Value::DType(y)) => x == y,
        (Value::Int(x), Value::Int(y)) => x == y,
        (Value::Str(x), Value::Str(y)) => x == y,
        (Value::PyModule(x), Value::PyModule(y)) => x == y,
        (Value::Module(x), Value::Module(y)) => Rc::ptr_eq(x, y),
        _ => false,
    }
}

fn is_exception_class(name: &str) -> bool {
    name.ends_with("Error") || name.ends_with("Exception") || name == "builtins.StopIteration"
}

/// A file of an installed package (under `site-packages`), as opposed to
/// the user's own code.
pub fn is_installed_library(path: &str) -> bool {
    std::path::Path::new(path).components().any(|c| {
        matches!(
            c.as_os_str().to_str(),
            Some("site-packages" | "dist-packages")
        )
    })
}

/// `if TYPE_CHECKING: <imports> else: sys.modules[__name__] = _LazyModule(...)`:
/// the lazy-module idiom (transformers, diffusers, many `__init__.py`s). The
/// runtime branch builds its table of names by listing and reading files,
/// which the tracer does not do; the `TYPE_CHECKING` branch states the same
/// names as imports, which bind lazily here (nothing runs until a name is
/// read), so it is the one the tracer runs, as static type checkers do.
fn is_lazy_module_switch(test: &Expr, orelse: &[Stmt]) -> bool {
    names_type_checking(test) && orelse.iter().any(installs_sys_module)
}

/// `TYPE_CHECKING`, `typing.TYPE_CHECKING`, or an `or` with one of them
/// (diffusers: `if TYPE_CHECKING or DIFFUSERS_SLOW_IMPORT:`).
fn names_type_checking(test: &Expr) -> bool {
    match &test.kind {
        ExprKind::Name(n) => n == "TYPE_CHECKING",
        ExprKind::Attribute { attr, .. } => attr == "TYPE_CHECKING",
        ExprKind::BoolOp {
            op: syntax::ast::BoolOp::Or,
            values,
        } => values.iter().any(names_type_checking),
        _ => false,
    }
}

/// A statement assigning `sys.modules[...] = ...`.
fn installs_sys_module(stmt: &Stmt) -> bool {
    let StmtKind::Assign { targets, .. } = &stmt.kind else {
        return false;
    };
    targets.iter().any(|t| {
        let ExprKind::Subscript { value, .. } = &t.kind else {
            return false;
        };
        let ExprKind::Attribute { value, attr } = &value.kind else {
            return false;
        };
        attr == "modules" && matches!(&value.kind, ExprKind::Name(n) if n == "sys")
    })
}
