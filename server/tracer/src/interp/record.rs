//! Putting values into the graph: fake-tensor creation, recording op nodes
//! with their source line, lifting parameters/buffers/constants to
//! placeholders on first use, materializing symbolic ints as
//! `sym_size.int` / `_operator.*` nodes, and the tensor side of Python
//! syntax (operators, indexing, unpacking, `.item()`).

use std::rc::Rc;
use std::sync::Arc;

use shapes::expr::AtomKind;
use shapes::{SymExpr, ValueRange};
use syntax::ast::BinOp;

use super::{Interp, R, SymOrConst};
use crate::dtype::DType;
use crate::failure::FailureKind;
use crate::graph::{Arg, InputKind, MetaVal, Node, NodeId, NodeOp, SymBoolMeta, SymFloatExpr};
use crate::value::{CmpKind, Provenance, SymBool, Tensor, Value};

/// The symbolic int object a dim's size is, when not found by its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SizeOrigin {
    /// Computed afresh by the op that made this (tensor id, dim) (a
    /// slice's length), even when it equals an input's size: read off
    /// that tensor.
    Fresh(u32, usize),
    /// Passed to a constructor as this node's value (a traced `max` of
    /// two sizes): read through that node.
    Given(NodeId),
}

/// Where a side of a C++ check's comparison comes from.
pub enum SizeOperand {
    /// Dim of the tensor with this id.
    Dim(u32, usize),
    /// A value passed to the op, as its argument.
    Value(Arg),
}

/// Where an op's output lives, for the metadata guards torch adds.
pub enum Output {
    /// A new contiguous tensor.
    Fresh,
    /// A new tensor allocated with the given (torch-computed) strides.
    Allocated(crate::layout::Layout),
    /// A view in its base's storage.
    View(crate::layout::Layout),
}

impl Interp {
    // ----- fake tensors -----------------------------------------------------------

    pub fn new_tensor(
        &mut self,
        dtype: DType,
        shape: Vec<SymExpr>,
        provenance: Provenance,
    ) -> Rc<Tensor> {
        let shape = shape.iter().map(|d| self.env.simplify(d)).collect();
        Rc::new(Tensor {
            id: self.fresh_id(),
            dtype,
            shape,
            provenance: std::cell::RefCell::new(provenance),
            node: std::cell::Cell::new(None),
            requires_grad: false,
            known: std::cell::RefCell::new(None),
            layout: None,
            input_storage: false,
        })
    }

    pub fn clone_tensor_as(
        &mut self,
        t: &Rc<Tensor>,
        provenance: Provenance,
        requires_grad: bool,
    ) -> Value {
        Value::Tensor(Rc::new(Tensor {
            id: self.fresh_id(),
            dtype: t.dtype,
            shape: t.shape.clone(),
            provenance: std::cell::RefCell::new(provenance),
            node: std::cell::Cell::new(None),
            requires_grad,
            known: std::cell::RefCell::new(crate::ops::values::known(t)),
            layout: None,
            input_storage: false,
        }))
    }

    /// A tensor produced by an op: recorded as a node while tracing.
    pub fn op_output(&mut self, dtype: DType, shape: Vec<SymExpr>) -> Rc<Tensor> {
        let prov = if self.tracing {
            Provenance::Graph
        } else {
            Provenance::Eager
        };
        self.new_tensor(dtype, shape, prov)
    }

    // ----- nodes --------------------------------------------------------------

    pub fn record(
        &mut self,
        target: &str,
        args: Vec<Arg>,
        kwargs: Vec<(String, Arg)>,
        val: MetaVal,
    ) -> NodeId {
        let base = default_base_name(target);
        self.record_named(target, &base, args, kwargs, val)
    }

    pub fn record_named(
        &mut self,
        target: &str,
        base: &str,
        args: Vec<Arg>,
        kwargs: Vec<(String, Arg)>,
        val: MetaVal,
    ) -> NodeId {
        let location = self.node_location();
        let site = self.innermost_site_outside_entry();
        let line = location.as_ref().map(|(l, _)| *l);
        let code = location.as_ref().map(|(l, f)| f.line_text(*l).to_string());
        let path = location
            .filter(|(_, f)| !Arc::ptr_eq(f, &self.entry_file))
            .map(|(_, f)| f.path.clone());
        tracing::trace!(
            target,
            ?line,
            path = path.as_deref().unwrap_or(""),
            ?args,
            ?val,
            "node recorded"
        );
        let id = self.graph.push(Node {
            op: NodeOp::CallFunction {
                target: target.to_string(),
                args,
                kwargs,
            },
            val,
            line,
            code,
            base_name: base.to_string(),
            side_effect: target.contains("_assert")
                || target.ends_with("_.Tensor")
                || target.ends_with("_.Scalar")
                || target.ends_with("_.default"),
            late_named: false,
            hidden: false,
            probe: false,
        });
        if let Some(p) = path {
            self.graph.node_paths.insert(id, p);
        }
        if let Some(site) = site {
            self.graph.node_sites.insert(id, site);
        }
        id
    }

    /// Record an op whose result is one tensor; returns the tensor value.
    pub fn record_tensor_op(
        &mut self,
        target: &str,
        args: Vec<Arg>,
        kwargs: Vec<(String, Arg)>,
        dtype: DType,
        shape: Vec<SymExpr>,
    ) -> R<Value> {
        self.record_output(target, args, kwargs, dtype, shape, Output::Fresh)
    }

    /// Where a reduction's output lives: under symbolic sizes torch's fake
    /// kernel is the Python reference through a prim, which allocates the
    /// output with `empty_strided` (each size asked whether 0, a real
    /// guard) and `make_contiguous_strides_for` strides (`3*Max(1, s//4)`).
    pub fn reduction_output(&mut self, shape: &[SymExpr]) -> Output {
        if !self.tracing || shape.iter().all(SymExpr::is_const) {
            return Output::Fresh;
        }
        let line = self.guard_line();
        let zero = SymExpr::int(0);
        for size in shape {
            if self
                .env
                .guard_or(size, CmpKind::Eq, &zero, line, false, false)
            {
                break;
            }
        }
        match crate::layout::Layout::allocated(&self.env, shape) {
            Ok(layout) => Output::Allocated(layout),
            Err(_) => Output::Fresh,
        }
    }

    /// A view op's output: like [`Interp::record_tensor_op`], in the
    /// base's storage at `layout`.
    pub fn record_view_op(
        &mut self,
        target: &str,
        args: Vec<Arg>,
        kwargs: Vec<(String, Arg)>,
        dtype: DType,
        shape: Vec<SymExpr>,
        layout: crate::layout::Layout,
    ) -> R<Value> {
        self.record_output(target, args, kwargs, dtype, shape, Output::View(layout))
    }

    /// Record an op whose result is one tensor living where `output` says.
    pub fn record_output(
        &mut self,
        target: &str,
        args: Vec<Arg>,
        kwargs: Vec<(String, Arg)>,
        dtype: DType,
        shape: Vec<SymExpr>,
        output: Output,
    ) -> R<Value> {
        // No tensor's element count overflows int64: torch's kernels and
        // fake kernels refuse such an output (`numel: integer
        // multiplication overflow`), and code reading sizes relies on it.
        if crate::layout::numel(&shape).is_err() {
            return Err(self.torch_error("RuntimeError", "numel: integer multiplication overflow"));
        }
        let mut t = self.op_output(dtype, shape);
        let is_view = matches!(output, Output::View(_));
        if let Output::View(l) | Output::Allocated(l) = output
            && let Some(t) = Rc::get_mut(&mut t)
        {
            t.layout = Some(Rc::new(l));
        }
        if self.tracing {
            self.check_node_budget()?;
            let val = self.meta_of(&t);
            let id = self.record(target, args, kwargs, val);
            t.node.set(Some(id));
            self.output_metadata_guards(&t, is_view);
        }
        Ok(Value::Tensor(t))
    }

    /// The guards torch's fake tensors add computing an op output's
    /// metadata (see [`crate::layout`]): the cache's suppressed ones; in
    /// non-strict mode make_fx's `tensor_meta` ones. A size too large to
    /// multiply symbolically just adds none.
    pub(crate) fn output_metadata_guards(&mut self, t: &Tensor, is_view: bool) {
        self.outputs_metadata_guards(&[(t, is_view)]);
    }

    /// [`Self::output_metadata_guards`] for the outputs of one op: the
    /// cache rebuilds them all before make_fx reads their metadata.
    pub(crate) fn outputs_metadata_guards(&mut self, outputs: &[(&Tensor, bool)]) {
        let layouts: Vec<_> = outputs
            .iter()
            .map(|&(t, is_view)| (t, self.output_cache_guards(t, is_view)))
            .collect();
        for (t, layout) in layouts {
            let Some(layout) = layout else { continue };
            match self.mode {
                crate::Mode::NonStrict => {
                    let _ = crate::layout::tensor_meta_checks(&mut self.env, &t.shape, &layout);
                }
                crate::Mode::Strict if self.in_subgraph == 0 => {
                    self.aot_outputs.push((t.shape.clone(), layout));
                }
                crate::Mode::Strict => {}
            }
        }
    }

    /// The fake-tensor cache's suppressed guards on one output, and its
    /// layout when its metadata is then read (`None`: no guards at all).
    fn output_cache_guards(&mut self, t: &Tensor, is_view: bool) -> Option<crate::layout::Layout> {
        let unbacked = t
            .shape
            .iter()
            .any(|d| d.symbols().iter().any(|s| self.env.info(*s).unbacked));
        if unbacked || t.shape.iter().all(SymExpr::is_const) {
            return None;
        }
        let line = self.guard_line();
        match &t.layout {
            Some(l) if is_view => {
                let itemsize = t.dtype.size_of() as i64;
                let _ =
                    crate::layout::view_cache_checks(&mut self.env, &t.shape, l, itemsize, line);
                Some((**l).clone())
            }
            Some(l) => {
                crate::layout::fresh_cache_checks(&mut self.env, &t.shape, line);
                Some((**l).clone())
            }
            None => {
                crate::layout::fresh_cache_checks(&mut self.env, &t.shape, line);
                crate::layout::Layout::contiguous(&t.shape).ok()
            }
        }
    }

    /// Strict mode, after Dynamo's graph exported: torch's AOT phase
    /// traces it again with make_fx, whose `tensor_meta` of each node
    /// asks what non-strict mode asked while tracing (guards, no line).
    pub fn aot_metadata_guards(&mut self) {
        for (shape, layout) in std::mem::take(&mut self.aot_outputs) {
            let shape: Vec<SymExpr> = shape.iter().map(|d| self.env.simplify(d)).collect();
            let _ = crate::layout::tensor_meta_checks(&mut self.env, &shape, &layout);
        }
    }

    fn check_node_budget(&self) -> R<()> {
        if self.graph.nodes.len() >= self.budget.nodes {
            return Err(self.fail(
                FailureKind::Incomplete,
                format!(
                    "analysis incomplete: graph grew past {} nodes",
                    self.budget.nodes
                ),
            ));
        }
        Ok(())
    }

    pub fn meta_of(&self, t: &Tensor) -> MetaVal {
        MetaVal::Tensor {
            dtype: t.dtype,
            shape: t.shape.iter().map(|d| self.env.simplify(d)).collect(),
        }
    }

    /// A node that stands for `t` in the graph; parameters, buffers and
    /// constant attributes become placeholders on first use.
    pub fn tensor_node(&mut self, t: &Rc<Tensor>) -> NodeId {
        if let Some(n) = self.capture(t) {
            return n;
        }
        if let Some(n) = t.node.get() {
            return n;
        }
        if let Some(n) = self.lifted.get(&t.id) {
            return *n;
        }
        let prov = t.provenance.borrow().clone();
        let kind = match prov {
            Provenance::Parameter => InputKind::Parameter(String::new()),
            Provenance::Buffer { persistent } => InputKind::Buffer {
                target: String::new(),
                persistent,
            },
            _ => InputKind::ConstantTensor(String::new()),
        };
        if self.tracing
            && matches!(kind, InputKind::ConstantTensor(_))
            && let Some(owner) = self.module_calls.last()
        {
            self.lift_owners.insert(t.id, owner.clone());
        }
        let id = self.graph.push(Node::placeholder(kind, self.meta_of(t)));
        self.lifted.insert(t.id, id);
        if let Some(k) = crate::ops::values::known(t) {
            self.graph.constant_values.insert(id, k);
        }
        id
    }

    /// Inside a subgraph: the placeholder of a tensor of an enclosing
    /// graph the code closes over (lifted on first use).
    fn capture(&mut self, t: &Rc<Tensor>) -> Option<NodeId> {
        let frame = self.captures.last()?;
        if t.id > frame.floor || t.node.get().is_none() {
            return None;
        }
        if let Some((_, n)) = frame.lifted.iter().find(|(c, _)| c.id == t.id) {
            return Some(*n);
        }
        Some(self.capture_placeholder(t))
    }

    /// Add a placeholder for the closed-over tensor `t` to the subgraph
    /// being traced.
    pub fn capture_placeholder(&mut self, t: &Rc<Tensor>) -> NodeId {
        let k = self.captures.last().map_or(0, |f| f.lifted.len());
        let id = self.graph.push(Node::placeholder(
            InputKind::User(format!("captured_{k}")),
            self.meta_of(t),
        ));
        if let Some(f) = self.captures.last_mut() {
            f.lifted.push((t.clone(), id));
        }
        id
    }

    /// Convert a value into a node argument.
    pub fn arg_of(&mut self, v: &Value) -> Arg {
        match v {
            // Outside forward nothing is recorded, and nothing may be lifted.
            Value::Tensor(_) if !self.tracing => Arg::None,
            Value::Tensor(t) => Arg::Node(self.tensor_node(t)),
            Value::Int(i) => Arg::Int(*i),
            Value::Bool(b) => Arg::Bool(*b),
            Value::SymFloat(_, Some(node)) if self.in_subgraph == 0 => Arg::Node(*node),
            Value::Float(f) | Value::SymFloat(f, _) => Arg::Float(*f),
            Value::SymInt(e) => self.sym_arg(e),
            Value::Str(s) => Arg::Str(s.to_string()),
            Value::DType(d) => Arg::DType(*d),
            Value::Device(d) => Arg::Device(d.to_string()),
            Value::None => Arg::None,
            Value::Tuple(items) => Arg::List(items.iter().map(|x| self.arg_of(x)).collect()),
            Value::List(items) => {
                let items = items.borrow().clone();
                Arg::List(items.iter().map(|x| self.arg_of(x)).collect())
            }
            _ => Arg::None,
        }
    }

    /// A symbolic int as a node argument: input sizes read with
    /// `sym_size.int`, arithmetic as `_operator` nodes.
    pub fn sym_arg(&mut self, e: &SymExpr) -> Arg {
        let e = self.env.simplify(e);
        if let Some(c) = e.as_const() {
            return Arg::Int(c);
        }
        if !self.tracing {
            return Arg::Int(self.env.hint(&e).unwrap_or(0));
        }
        if let Some((_, n)) = self.sym_expr_nodes.iter().find(|(x, _)| *x == e) {
            return Arg::Node(*n);
        }
        if let Some(s) = e.as_symbol() {
            return Arg::Node(self.input_size_read(s));
        }
        // Build from terms: c*m + ... + k.
        let user_difference = self.user_differences.contains(&e);
        let mut acc: Option<Arg> = None;
        let mut acc_expr = SymExpr::int(0);
        for term in e.terms() {
            let mut mono: Option<(Arg, SymExpr)> = None;
            for f in term.factors() {
                let base = match f.atom().kind() {
                    AtomKind::Symbol(s) => SymExpr::symbol(s),
                    _ => SymExpr::symbol(shapes::SymbolId(u32::MAX)),
                };
                let base = if base.as_symbol() == Some(shapes::SymbolId(u32::MAX)) {
                    atom_expr(f.atom())
                } else {
                    base
                };
                for _ in 0..f.pow() {
                    let a = self.sym_leaf(&base);
                    mono = Some(match mono {
                        None => (a, base.clone()),
                        Some((m, me)) => {
                            let prod = part_of(me.checked_mul(&base), &e);
                            let n = self.sym_node("_operator.mul", "mul", vec![m, a], &prod);
                            (Arg::Node(n), prod)
                        }
                    });
                }
            }
            let Some((m, me)) = mono else { continue };
            // After a first term, a negative one is subtracted (`a - b`) when
            // the user's code wrote it so; torch rebuilds any other size from
            // its expression, multiplying by the negative coefficient.
            let subtract = user_difference && acc.is_some() && term.coeff() < 0;
            let coeff = if subtract {
                term.coeff().saturating_neg()
            } else {
                term.coeff()
            };
            let (t, te) = if coeff == 1 {
                (m, me)
            } else {
                let te = part_of(me.checked_mul(&SymExpr::int(coeff)), &e);
                let n = self.sym_node("_operator.mul", "mul", vec![m, Arg::Int(coeff)], &te);
                (Arg::Node(n), te)
            };
            acc = Some(match acc {
                None => {
                    acc_expr = te;
                    t
                }
                Some(a) if subtract => {
                    acc_expr = part_of(acc_expr.checked_sub(&te), &e);
                    Arg::Node(self.sym_node("_operator.sub", "sub", vec![a, t], &acc_expr))
                }
                Some(a) => {
                    acc_expr = part_of(acc_expr.checked_add(&te), &e);
                    Arg::Node(self.sym_node("_operator.add", "add", vec![a, t], &acc_expr))
                }
            });
        }
        let k = e.constant();

        match acc {
            None => Arg::Int(k),
            Some(a) if k == 0 => a,
            Some(a) if user_difference && k < 0 && k != i64::MIN => {
                Arg::Node(self.sym_node("_operator.sub", "sub", vec![a, Arg::Int(-k)], &e))
            }
            Some(a) => Arg::Node(self.sym_node("_operator.add", "add", vec![a, Arg::Int(k)], &e)),
        }
    }

    /// The `sym_size.int` node symbol `s` is read through, made the first
    /// time torch's tracer needs it (as an op's argument, an operand of
    /// traced arithmetic or of a C++ check) and reused after: torch makes
    /// one such node per size it reads while tracing, and the exporter
    /// numbers the final reads after all of them (`export/src/names.rs`).
    pub fn input_size_read(&mut self, s: shapes::SymbolId) -> NodeId {
        if let Some(n) = self.sym_nodes.get(&s) {
            return *n;
        }
        let n = self.graph.push(Node {
            op: NodeOp::CallFunction {
                target: "aten.sym_size.int".into(),
                args: self.graph.input_dim_of(s).unwrap_or_default(),
                kwargs: vec![],
            },
            val: MetaVal::Sym(SymExpr::symbol(s)),
            line: None,
            code: None,
            base_name: "sym_size_int".into(),
            side_effect: false,
            late_named: true,
            hidden: false,
            probe: false,
        });
        self.sym_nodes.insert(s, n);
        n
    }

    /// Non-strict mode traces Python arithmetic on sizes as it runs, so the
    /// input sizes among its operands are read then, used or not.
    fn read_operand_sizes(&mut self, operands: [&SymExpr; 2]) {
        if self.traces_size_arithmetic() {
            operands.into_iter().for_each(|e| self.read_input_size(e));
        }
    }

    /// Read `e` through its `sym_size.int` node if it is an input size
    /// (a backed symbol with a source) and a graph is being traced.
    pub fn read_input_size(&mut self, e: &SymExpr) {
        if !self.tracing || self.in_subgraph > 0 {
            return;
        }
        if let Some(s) = self.env.simplify(e).as_symbol()
            && self.env.info(s).source.is_some()
            && !self.env.info(s).unbacked
        {
            self.input_size_read(s);
        }
    }

    fn sym_leaf(&mut self, e: &SymExpr) -> Arg {
        if e.as_symbol().is_some() {
            return self.sym_arg(e);
        }
        // One node per expression (torch's runtime-assertion pass keeps the
        // first node computing each).
        if let Some((_, n)) = self.sym_expr_nodes.iter().find(|(x, _)| x == e) {
            return Arg::Node(*n);
        }
        match e
            .terms()
            .first()
            .map(|t| t.factors().first().map(|f| f.atom().kind()))
        {
            Some(Some(AtomKind::FloorDiv(a, b))) if e.terms().len() == 1 => {
                let (a, b) = (a.clone(), b.clone());
                let aa = self.sym_arg(&a);
                let ba = self.sym_arg(&b);
                Arg::Node(self.sym_node("_operator.floordiv", "floordiv", vec![aa, ba], e))
            }
            Some(Some(AtomKind::Mod(a, b))) if e.terms().len() == 1 => {
                let (a, b) = (a.clone(), b.clone());
                let aa = self.sym_arg(&a);
                let ba = self.sym_arg(&b);
                Arg::Node(self.sym_node("_operator.mod", "mod", vec![aa, ba], e))
            }
            // `max(a, b)` / `min(a, b)` over sizes: torch records sym_max / sym_min.
            Some(Some(AtomKind::Max(args))) if e.terms().len() == 1 && e.constant() == 0 => {
                let args = args.to_vec();
                self.sym_fold("torch.sym_max", "sym_max", &args, SymExpr::max)
            }
            Some(Some(AtomKind::Min(args))) if e.terms().len() == 1 && e.constant() == 0 => {
                let args = args.to_vec();
                self.sym_fold("torch.sym_min", "sym_min", &args, SymExpr::min)
            }
            _ => self.sym_arg(e),
        }
    }

    /// A binary symbolic function applied left to right over `args`
    /// (`sym_max(sym_max(a, b), c)`).
    fn sym_fold(
        &mut self,
        target: &str,
        base: &str,
        args: &[SymExpr],
        combine: fn(&SymExpr, &SymExpr) -> SymExpr,
    ) -> Arg {
        let Some((first, rest)) = args.split_first() else {
            return Arg::Int(0);
        };
        let mut acc_expr = first.clone();
        let mut acc = self.sym_arg(first);
        for next in rest {
            let b = self.sym_arg(next);
            acc_expr = combine(&acc_expr, next);
            acc = Arg::Node(self.sym_node(target, base, vec![acc, b], &acc_expr));
        }
        acc
    }

    fn sym_node(&mut self, target: &str, base: &str, args: Vec<Arg>, e: &SymExpr) -> NodeId {
        // Non-strict traced this arithmetic when the Python code ran it: the
        // node it made (and named) is the one used.
        let val = MetaVal::Sym(e.clone());
        if let Some(i) = self
            .graph
            .nodes
            .iter()
            .rposition(|n| n.hidden && n.target() == Some(target) && n.val == val)
        {
            let id = NodeId(i as u32);
            let line = self.node_line();
            let node = self.graph.node_mut(id);
            node.hidden = false;
            if node.line.is_none() {
                node.line = line;
            }
            if let NodeOp::CallFunction { args: a, .. } = &mut node.op {
                *a = args;
            }
            self.sym_expr_nodes.push((e.clone(), id));
            return id;
        }
        let n = self.record_named(target, base, args, vec![], val);
        self.sym_expr_nodes.push((e.clone(), n));
        n
    }

    /// A symbolic check torch's C++ code makes while tracing, in both modes
    /// (a slice's "is this a no-op" test, an index's bounds check): a dead
    /// node that still takes its name.
    pub fn probe(&mut self, target: &str, base: &str, args: Vec<Arg>, val: MetaVal) {
        if !self.tracing {
            return;
        }
        let n = self.record_named(target, base, args, vec![], val);
        let node = self.graph.node_mut(n);
        node.hidden = true;
        node.probe = true;
    }

    /// A comparison `size <op> k` of dim `dim` of `t` as torch's C++ code
    /// makes it: recorded only when the size is symbolic. Returns whether it
    /// was recorded.
    pub fn probe_size_compare(&mut self, t: &Tensor, dim: usize, kind: CmpKind, k: i64) -> bool {
        let Some(size) = t.shape.get(dim).map(|d| self.env.simplify(d)) else {
            return false;
        };
        if size.as_const().is_some() || !self.tracing {
            return false;
        }
        let lhs = self.probe_dim_read(t.id, dim, &size);
        self.probe(
            &format!("_operator.{}", kind.operator_name()),
            kind.operator_name(),
            vec![lhs, Arg::Int(k)],
            MetaVal::SymBool(SymBoolMeta {
                lhs: size,
                op: kind.symbol(),
                rhs: SymExpr::int(k),
            }),
        );
        true
    }

    /// A comparison of two sizes (or ints) as torch's C++ indexing code
    /// makes it: recorded unless both sides are numbers, reading each
    /// symbolic side as that code does. Returns the comparison's static
    /// answer, if any.
    pub fn probe_compare(
        &mut self,
        lhs: (SizeOperand, SymExpr),
        kind: CmpKind,
        rhs: (SizeOperand, SymExpr),
    ) -> Option<bool> {
        let (l, r) = (self.env.simplify(&lhs.1), self.env.simplify(&rhs.1));
        let decided = self.env.static_decide(&l, kind, &r);
        if !self.tracing || (l.is_const() && r.is_const()) {
            return decided;
        }
        let read = |this: &mut Self, operand: SizeOperand, e: &SymExpr| match operand {
            _ if e.is_const() => Arg::Int(e.constant()),
            SizeOperand::Dim(t, d) => this.probe_dim_read(t, d, e),
            SizeOperand::Value(a) => a,
        };
        let (la, ra) = (read(self, lhs.0, &l), read(self, rhs.0, &r));
        self.probe(
            &format!("_operator.{}", kind.operator_name()),
            kind.operator_name(),
            vec![la, ra],
            MetaVal::SymBool(SymBoolMeta {
                lhs: l,
                op: kind.symbol(),
                rhs: r,
            }),
        );
        decided
    }

    /// The read of dim `d` of tensor `t` (of size `size`): by its origin
    /// when one is known (see [`SizeOrigin`]), else as
    /// [`Self::probe_size_read`] reads it.
    fn probe_dim_read(&mut self, t: u32, d: usize, size: &SymExpr) -> Arg {
        match self.size_origins.get(&(t, d)).copied() {
            None => self.probe_size_read(size),
            Some(SizeOrigin::Given(n)) => Arg::Node(n),
            Some(SizeOrigin::Fresh(t, d)) => {
                if let Some(n) = self.fresh_size_reads.get(&(t, d)) {
                    return Arg::Node(*n);
                }
                let n = self.record_probe_read(size);
                self.fresh_size_reads.insert((t, d), n);
                Arg::Node(n)
            }
        }
    }

    /// A dead `sym_size.int` read of a computed size, made for a C++ check.
    fn record_probe_read(&mut self, size: &SymExpr) -> NodeId {
        let n = self.record_named(
            "aten.sym_size.int",
            "sym_size_int",
            vec![],
            vec![],
            MetaVal::Sym(size.clone()),
        );
        let node = self.graph.node_mut(n);
        node.hidden = true;
        node.probe = true;
        n
    }

    /// The node torch reads a symbolic size through: an input's size through
    /// its `sym_size.int` read; a size an op computed is read off that op's
    /// output, once.
    fn probe_size_read(&mut self, size: &SymExpr) -> Arg {
        let computed = size.as_symbol().is_none() || self.computed_sizes.contains(size);
        if !computed {
            return size
                .as_symbol()
                .map_or(Arg::None, |s| Arg::Node(self.input_size_read(s)));
        }
        if let Some(n) = self.probe_size_reads.get(size) {
            return Arg::Node(*n);
        }
        let n = self.record_probe_read(size);
        self.probe_size_reads.insert(size.clone(), n);
        Arg::Node(n)
    }

    /// Non-strict mode traces Python arithmetic on symbolic ints into nodes
    /// that die unless used; they still take their names.
    pub(crate) fn phantom(&mut self, base: &str, val: MetaVal) {
        if self.tracing && self.traces_size_arithmetic() {
            let n = self.record_named(&format!("_operator.{base}"), base, vec![], vec![], val);
            self.graph.node_mut(n).hidden = true;
            // Strict mode names it only where Dynamo kept the call that ran
            // it (the op after it survives), as it names C++ checks.
            if self.mode == crate::Mode::Strict {
                self.graph.node_mut(n).probe = true;
            }
        }
    }

    // ----- symbolic arithmetic ---------------------------------------------------

    /// Whether non-strict tracing already computed `e` with traced
    /// arithmetic (a node of its own that torch reuses, not rebuilt).
    fn traced_arithmetic(&self, e: &SymExpr) -> bool {
        let val = MetaVal::Sym(e.clone());
        self.traces_size_arithmetic()
            && self.graph.nodes.iter().rev().any(|n| {
                n.hidden && n.target().is_some_and(|t| t.starts_with("_operator.")) && n.val == val
            })
    }

    pub fn sym_binop(&mut self, op: BinOp, a: SymExpr, b: SymExpr) -> R<Value> {
        // Torch traces arithmetic on symbolic ints as it runs, reading its
        // operands' proxies: a size that is an expression (`4*s0`, read from
        // an intermediate tensor) is rebuilt from the input sizes right
        // here, before the nodes that use the result.
        if self.tracing {
            for e in [&a, &b] {
                let e = self.env.simplify(e);
                if e.as_const().is_none() && e.as_symbol().is_none() && !self.traced_arithmetic(&e)
                {
                    self.sym_arg(&e);
                }
            }
        }
        let overflow = |this: &Self| {
            this.fail(
                FailureKind::Incomplete,
                "analysis incomplete: integer overflow in a size expression",
            )
        };
        let e = match op {
            BinOp::Add => a.checked_add(&b).map_err(|_| overflow(self))?,
            BinOp::Sub => a.checked_sub(&b).map_err(|_| overflow(self))?,
            BinOp::Mul => a.checked_mul(&b).map_err(|_| overflow(self))?,
            BinOp::FloorDiv => {
                if b.as_const() == Some(0) {
                    return Err(
                        self.raise("ZeroDivisionError", "integer division or modulo by zero")
                    );
                }
                a.checked_floordiv(&b).map_err(|_| overflow(self))?
            }
            BinOp::Mod => {
                if b.as_const() == Some(0) {
                    return Err(
                        self.raise("ZeroDivisionError", "integer division or modulo by zero")
                    );
                }
                a.checked_modulo(&b).map_err(|_| overflow(self))?
            }
            BinOp::Pow => match b.as_const() {
                Some(k) if (0..=64).contains(&k) => {
                    a.checked_pow(k as u32).map_err(|_| overflow(self))?
                }
                _ => return Err(self.type_error("symbolic power with a non-constant exponent")),
            },
            BinOp::Div => {
                let (x, y) = (self.env.hint(&a), self.env.hint(&b));
                return match (x, y) {
                    (Some(_), Some(0)) => Err(self.raise("ZeroDivisionError", "division by zero")),
                    (Some(x), Some(y)) => {
                        self.read_operand_sizes([&a, &b]);
                        self.phantom("truediv", MetaVal::None);
                        Ok(Value::SymFloat(x as f64 / y as f64, None))
                    }
                    _ => Ok(Value::SymFloat(f64::NAN, None)),
                };
            }
            _ => {
                return Err(self.type_error(format!(
                    "unsupported operand for symbolic int: {}",
                    op.symbol()
                )));
            }
        };
        let name = match op {
            BinOp::Add => "add",
            BinOp::Sub => "sub",
            BinOp::Mul => "mul",
            BinOp::FloorDiv => "floordiv",
            BinOp::Mod => "mod",
            _ => "pow",
        };
        // Torch's proxy mode peephole-optimizes a multiplication by the
        // constant 1: it returns the other operand and records nothing.
        let times_one = op == BinOp::Mul && (a.as_const() == Some(1) || b.as_const() == Some(1));
        if op == BinOp::Sub {
            self.user_differences.insert(self.env.simplify(&e));
        }
        let v = self.sym_value(e.clone());
        if matches!(v, Value::SymInt(_)) && !times_one {
            self.read_operand_sizes([&a, &b]);
            self.phantom(name, MetaVal::Sym(e));
        }
        Ok(v)
    }

    /// `1.0 / n` or `n / 2.0` with `n` a symbolic size, while tracing: torch
    /// records the size made a float (`torch.sym_float`) and the division
    /// (`_operator.truediv`), and tensor arithmetic on the result takes that
    /// node. `None` for other operands (Python float arithmetic).
    pub fn sym_float_truediv(&mut self, l: &Value, r: &Value) -> Option<Value> {
        if !self.tracing {
            return None;
        }
        let symbolic = |this: &Self, v: &Value| match v {
            Value::SymInt(e) => {
                let e = this.env.simplify(e);
                (e.as_const().is_none()).then(|| this.env.hint(&e).map(|h| (e, h)))?
            }
            _ => None,
        };
        let (int_left, (e, hint), f) = match (l, r) {
            (Value::Float(f), Value::SymInt(_)) => (false, symbolic(self, r)?, *f),
            (Value::SymInt(_), Value::Float(f)) => (true, symbolic(self, l)?, *f),
            _ => return None,
        };
        let divisor = if int_left { f } else { hint as f64 };
        if divisor == 0.0 {
            return None;
        }
        let as_float = SymFloatExpr::ToFloat(e.clone());
        let converted = self.sym_float_of(&e);
        let (args, lhs, rhs, value) = if int_left {
            let args = vec![Arg::Node(converted), Arg::Float(f)];
            (args, as_float, SymFloatExpr::Const(f), hint as f64 / f)
        } else {
            let args = vec![Arg::Float(f), Arg::Node(converted)];
            (args, SymFloatExpr::Const(f), as_float, f / hint as f64)
        };
        let quotient = MetaVal::SymFloat(SymFloatExpr::TrueDiv(Box::new(lhs), Box::new(rhs)));
        let node = self.record("_operator.truediv", args, vec![], quotient);
        Some(Value::SymFloat(value, Some(node)))
    }

    /// `size ** exponent` with a float exponent while tracing (`d ** -0.5`,
    /// an attention scale from a dynamic size): torch makes the size a float
    /// (`torch.sym_float`, once per size) and records `_operator.pow`.
    pub fn sym_float_pow(&mut self, l: &Value, r: &Value) -> Option<Value> {
        let (Value::SymInt(e), Value::Float(exponent)) = (l, r) else {
            return None;
        };
        if !self.tracing {
            return None;
        }
        let e = self.env.simplify(e);
        if e.as_const().is_some() {
            return None;
        }
        let hint = self.env.hint(&e)?;
        let converted = self.sym_float_of(&e);
        let base = SymFloatExpr::ToFloat(e);
        let power = MetaVal::SymFloat(SymFloatExpr::Pow(
            Box::new(base),
            Box::new(SymFloatExpr::Const(*exponent)),
        ));
        let args = vec![Arg::Node(converted), Arg::Float(*exponent)];
        let node = self.record("_operator.pow", args, vec![], power);
        Some(Value::SymFloat((hint as f64).powf(*exponent), Some(node)))
    }

    /// The `torch.sym_float` node of a size: torch makes a size a float
    /// once and reuses that node.
    fn sym_float_of(&mut self, e: &SymExpr) -> NodeId {
        let meta = MetaVal::SymFloat(SymFloatExpr::ToFloat(e.clone()));
        let earlier = self
            .graph
            .nodes
            .iter()
            .rposition(|n| n.target() == Some("torch.sym_float") && n.val == meta);
        match earlier {
            Some(i) => NodeId(i as u32),
            None => {
                let size = self.sym_arg(e);
                self.record("torch.sym_float", vec![size], vec![], meta)
            }
        }
    }

    pub fn sym_compare(&mut self, kind: CmpKind, a: SymExpr, b: SymExpr) -> Value {
        let (a, b) = (self.env.simplify(&a), self.env.simplify(&b));
        if let Some(d) = a.checked_sub(&b).ok().and_then(|d| d.as_const()) {
            return Value::Bool(kind.holds(d, 0));
        }
        self.read_operand_sizes([&a, &b]);
        self.phantom(
            kind.operator_name(),
            MetaVal::SymBool(SymBoolMeta {
                lhs: a.clone(),
                op: kind.symbol(),
                rhs: b.clone(),
            }),
        );
        Value::SymBool(Rc::new(SymBool {
            lhs: a,
            op: kind,
            rhs: b,
        }))
    }

    /// Comparing floats read from tensor data cannot be decided.
    pub fn sym_float_compare(&mut self, kind: CmpKind, l: &Value, r: &Value) -> R<Value> {
        let f = |v: &Value| match v {
            Value::Float(f) | Value::SymFloat(f, _) => *f,
            Value::Int(i) => *i as f64,
            _ => f64::NAN,
        };
        let (a, b) = (f(l), f(r));
        if a.is_nan() || b.is_nan() {
            if let Some(holds) = self.float_decision_on_examples(kind, l, r) {
                return Ok(Value::Bool(holds));
            }
            return Err(self.data_dependent(&format!(
                "a float read from tensor data {} ...",
                kind.symbol()
            )));
        }
        Ok(Value::Bool(kind.holds_for(&a, &b)))
    }

    /// Draft export: decide a comparison of floats read from tensor data
    /// on the example inputs' values, recording the comparison and its
    /// runtime assertion where torch does (at the decision).
    fn float_decision_on_examples(&mut self, kind: CmpKind, l: &Value, r: &Value) -> Option<bool> {
        if !self.draft || self.in_subgraph > 0 {
            return None;
        }
        let side = |v: &Value| -> Option<(f64, Arg, SymExpr, String)> {
            match v {
                Value::SymFloat(_, Some(node)) => {
                    let x = match self.example_scalar(*node)? {
                        crate::concrete::Scalar::Float(x) => x,
                        crate::concrete::Scalar::Int(i) => i as f64,
                        crate::concrete::Scalar::Bool(b) => f64::from(u8::from(b)),
                    };
                    let MetaVal::Sym(e) = &self.graph.node(*node).val else {
                        return None;
                    };
                    Some((x, Arg::Node(*node), e.clone(), self.env.render(e)))
                }
                Value::Float(x) => Some((
                    *x,
                    Arg::Float(*x),
                    SymExpr::int(x.round() as i64),
                    format!("{x:?}"),
                )),
                Value::Int(i) => Some((*i as f64, Arg::Int(*i), SymExpr::int(*i), i.to_string())),
                _ => None,
            }
        };
        let (a, a_arg, a_expr, a_text) = side(l)?;
        let (b, b_arg, b_expr, b_text) = side(r)?;
        let holds = kind.holds_for(&a, &b);
        self.note_example_decision(&format!("{a_text} {} {b_text}", kind.symbol()));
        if !holds {
            // torch asserts a float relation only where it holds.
            return Some(false);
        }
        let decided = kind;
        let text = format!("{a_text} {} {b_text}", decided.symbol());
        let cmp = self.record(
            &format!("_operator.{}", decided.operator_name()),
            vec![a_arg, b_arg],
            vec![],
            MetaVal::SymBool(SymBoolMeta {
                lhs: a_expr,
                op: decided.symbol(),
                rhs: b_expr,
            }),
        );
        self.record(
            "aten._assert_scalar.default",
            vec![
                Arg::Node(cmp),
                Arg::Str(format!("Runtime assertion failed for expression {text}")),
            ],
            vec![],
            MetaVal::None,
        );
        Some(true)
    }

    // ----- tensors and Python syntax --------------------------------------------

    pub fn tensor_binop(&mut self, op: BinOp, l: Value, r: Value, inplace: bool) -> R<Value> {
        let l_is_tensor = matches!(l, Value::Tensor(_));
        let name = match op {
            BinOp::Add => "add",
            BinOp::Sub => "sub",
            BinOp::Mul => "mul",
            BinOp::Div => "div",
            BinOp::FloorDiv => "floor_divide",
            BinOp::Mod => "remainder",
            BinOp::Pow => "pow",
            BinOp::MatMul => "matmul",
            // `a & b` is `Tensor.__and__`, its own ATen op.
            BinOp::BitAnd if !inplace => "__and__",
            BinOp::BitOr if !inplace => "__or__",
            BinOp::BitXor if !inplace => "__xor__",
            BinOp::BitAnd => "bitwise_and",
            BinOp::BitOr => "bitwise_or",
            BinOp::BitXor => "bitwise_xor",
            BinOp::LShift => "bitwise_left_shift",
            BinOp::RShift => "bitwise_right_shift",
        };
        if l_is_tensor {
            let name = if inplace {
                format!("{name}_")
            } else {
                name.to_string()
            };
            return self.call_op_by_method(&name, l, vec![r], vec![]);
        }
        // scalar (op) tensor: the reflected operator.
        match op {
            BinOp::Add | BinOp::Mul | BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor => {
                self.call_op_by_method(name, r, vec![l], vec![])
            }
            BinOp::Sub => self.call_op_by_method("rsub", r, vec![l], vec![]),
            BinOp::Div => {
                let recip = self.call_op_by_method("reciprocal", r, vec![], vec![])?;
                self.call_op_by_method("mul", recip, vec![l], vec![])
            }
            BinOp::Pow => self.call_op_function("pow", vec![l, r], vec![]),
            _ => {
                let lt = self.scalar_tensor(&l)?;
                self.call_op_by_method(name, lt, vec![r], vec![])
            }
        }
    }

    fn scalar_tensor(&mut self, v: &Value) -> R<Value> {
        self.call_op_function("tensor", vec![v.clone()], vec![])
    }

    pub fn call_op_by_method(
        &mut self,
        name: &str,
        recv: Value,
        args: Vec<Value>,
        kwargs: Vec<(String, Value)>,
    ) -> R<Value> {
        crate::ops::call_method(self, name, recv, args, kwargs)
    }

    pub fn call_op_function(
        &mut self,
        name: &str,
        args: Vec<Value>,
        kwargs: Vec<(String, Value)>,
    ) -> R<Value> {
        crate::ops::call_torch_function(self, &format!("torch.{name}"), args, kwargs)
    }

    pub fn tensor_index(&mut self, t: Rc<Tensor>, index: Value) -> R<Value> {
        let first_new = self.graph.nodes.len();
        let value = crate::ops::index::getitem(self, t, index)?;
        // Dynamo records a subscript as one `getitem` node and drops it
        // when nothing uses its result, before the ATen trace: in strict
        // mode the subscript's ops live only if used.
        if self.tracing && self.mode == crate::Mode::Strict {
            for i in first_new..self.graph.nodes.len() {
                self.graph.node_mut(NodeId(i as u32)).hidden = true;
            }
        }
        Ok(value)
    }

    /// Strict mode: reading a symbolic size of a subscript's result keeps
    /// the subscript alive (Dynamo's graph reads the size off its `getitem`
    /// node, so the ATen trace records it even if nothing else uses it).
    pub fn keep_for_size_read(&mut self, t: &Rc<Tensor>, dims: &[SymExpr]) {
        if self.tracing {
            for d in dims {
                if let Some(s) = self.env.simplify(d).as_symbol()
                    && self.env.info(s).unbacked
                {
                    self.graph.unbacked_size_reads.insert(s);
                }
            }
        }
        if !self.tracing
            || self.mode != crate::Mode::Strict
            || dims
                .iter()
                .all(|d| self.env.simplify(d).as_const().is_some())
        {
            return;
        }
        let mut stack: Vec<NodeId> = t.node.get().into_iter().collect();
        while let Some(id) = stack.pop() {
            let node = self.graph.node_mut(id);
            if !node.hidden {
                continue;
            }
            node.hidden = false;
            let mut deps = Vec::new();
            for a in self.graph.node(id).args() {
                crate::graph::Graph::arg_nodes(a, &mut deps);
            }
            stack.extend(deps);
        }
    }

    pub fn tensor_setitem(&mut self, t: Rc<Tensor>, index: Value, value: Value) -> R<()> {
        crate::ops::index::setitem(self, t, index, value)
    }

    /// `a, b = tensor`: strict mode selects each row, non-strict unbinds.
    pub fn unbind_for_unpack(&mut self, t: Rc<Tensor>) -> R<Vec<Value>> {
        self.unbind_rows(t)
    }

    pub fn unbind_for_iter(&mut self, t: Rc<Tensor>) -> R<Vec<Value>> {
        self.unbind_rows(t)
    }

    fn unbind_rows(&mut self, t: Rc<Tensor>) -> R<Vec<Value>> {
        let Some(first) = t.shape.first().cloned() else {
            return Err(self.type_error("iteration over a 0-d tensor"));
        };
        let n = self.index_int(&Value::SymInt(first))?;
        self.charge_items(n.max(0) as u128, "a tensor's rows")?;
        match self.mode {
            crate::Mode::Strict => {
                let mut out = Vec::new();
                for i in 0..n {
                    out.push(self.call_op_by_method(
                        "select",
                        Value::Tensor(t.clone()),
                        vec![Value::Int(0), Value::Int(i)],
                        vec![],
                    )?);
                }
                Ok(out)
            }
            crate::Mode::NonStrict => {
                let v = self.call_op_by_method(
                    "unbind",
                    Value::Tensor(t),
                    vec![Value::Int(0)],
                    vec![],
                )?;
                self.iterate(&v)
            }
        }
    }

    /// `.item()`: records `aten.item.default`; the result is an unbacked
    /// symbol for integer tensors (or the known value of a constant).
    pub fn record_item(&mut self, t: &Rc<Tensor>) -> R<SymOrConst> {
        if let Some(k) = crate::ops::values::known(t)
            && k.len() == 1
            && !self.tracing
        {
            return Ok(SymOrConst::Const(k[0] as i64));
        }
        let key = (t.id, t.node.get());
        if self.tracing
            && let Some(u) = self.item_memo.get(&key).cloned()
        {
            // Recorded again, then merged into the first read by the
            // runtime-assertion pass: only its name remains taken.
            let a = Arg::Node(self.tensor_node(t));
            let n = self.record(
                "aten.item.default",
                vec![a],
                vec![],
                MetaVal::Sym(u.clone()),
            );
            self.graph.node_mut(n).hidden = true;
            return Ok(SymOrConst::Sym(u));
        }
        let u = self.env.create_unbacked(ValueRange::unbounded());
        if self.tracing {
            let a = Arg::Node(self.tensor_node(t));
            let n = self.record(
                "aten.item.default",
                vec![a],
                vec![],
                MetaVal::Sym(u.clone()),
            );
            if let Some(s) = u.as_symbol() {
                self.sym_nodes.insert(s, n);
            }
            self.item_memo.insert(key, u.clone());
        }
        Ok(SymOrConst::Sym(u))
    }

    /// Python value of `t.item()`.
    pub fn tensor_item(&mut self, t: &Rc<Tensor>) -> R<Value> {
        let numel: Option<i64> = t
            .shape
            .iter()
            .map(|d| self.env.simplify(d).as_const())
            .product();
        if numel != Some(1) {
            return Err(self.torch_error(
                "RuntimeError",
                "a Tensor with more than one element cannot be converted to Scalar",
            ));
        }
        if !self.tracing
            && let Some(k) = crate::ops::values::known(t)
        {
            return Ok(crate::ops::values::element(k[0], t.dtype));
        }
        if let Some(v) = self.concrete_scalar(t) {
            use crate::concrete::Scalar;
            return Ok(match v {
                Scalar::Bool(b) if t.dtype == DType::Bool => Value::Bool(b),
                _ if t.dtype == DType::Bool => Value::Bool(v.truthy()),
                Scalar::Int(i) if !t.dtype.is_floating() => Value::Int(i),
                Scalar::Float(f) if !t.dtype.is_floating() => Value::Int(f as i64),
                Scalar::Bool(b) if !t.dtype.is_floating() => Value::Int(i64::from(b)),
                Scalar::Float(f) => Value::Float(f),
                Scalar::Int(i) => Value::Float(i as f64),
                Scalar::Bool(b) => Value::Float(f64::from(u8::from(b))),
            });
        }
        if !t.dtype.is_floating() && t.dtype != DType::Bool {
            return Ok(match self.record_item(t)? {
                SymOrConst::Sym(e) => Value::SymInt(e),
                SymOrConst::Const(c) => Value::Int(c),
            });
        }
        if !self.tracing {
            return Ok(Value::SymFloat(f64::NAN, None));
        }
        let a = Arg::Node(self.tensor_node(t));
        let u = self.env.create_unbacked_float();
        let node = self.record("aten.item.default", vec![a], vec![], MetaVal::Sym(u));
        // A node of a subgraph means nothing outside it.
        let node = (self.in_subgraph == 0).then_some(node);
        Ok(Value::SymFloat(f64::NAN, node))
    }
}

/// A part of `whole` rebuilt from its own terms and factors (a product of
/// its atoms, a term, a partial sum): every coefficient is one of `whole`'s,
/// so this does not overflow; if it ever did, the whole stands in.
fn part_of(part: shapes::SymResult<SymExpr>, whole: &SymExpr) -> SymExpr {
    part.unwrap_or_else(|_| whole.clone())
}

fn atom_expr(atom: &shapes::expr::Atom) -> SymExpr {
    // Rebuilding an existing atom gives that atom back.
    let as_is = || SymExpr::from(atom.clone());
    match atom.kind() {
        AtomKind::Symbol(s) => SymExpr::symbol(s),
        AtomKind::FloorDiv(a, b) => a.checked_floordiv(b).unwrap_or_else(|_| as_is()),
        AtomKind::Mod(a, b) => a.checked_modulo(b).unwrap_or_else(|_| as_is()),
        AtomKind::Max(args) => args
            .iter()
            .skip(1)
            .fold(args[0].clone(), |acc, x| acc.max(x)),
        AtomKind::Min(args) => args
            .iter()
            .skip(1)
            .fold(args[0].clone(), |acc, x| acc.min(x)),
    }
}

/// torch's node name for a traced op: the op's name (`aten.add.Tensor` ->
/// `add`), snake-cased as FX names nodes (`aten.mT.default` -> `m_t`).
pub fn default_base_name(target: &str) -> String {
    let parts: Vec<&str> = target.split('.').collect();
    let name = match parts.as_slice() {
        // A dunder op is named without its underscores (`__and__` -> `and`).
        ["aten", op, _] => op
            .strip_prefix("__")
            .and_then(|o| o.strip_suffix("__"))
            .unwrap_or(op)
            .to_string(),
        ["_operator", op] => (*op).to_string(),
        [.., "higher_order", op] => (*op).to_string(),
        [.., op, "default"] => (*op).to_string(),
        [.., last] => (*last).to_string(),
        [] => "node".into(),
    };
    snake_case(&name)
}

/// FX's snake case: an underscore before each capital that follows a
/// lower-case letter, then everything lower-cased (`mT` -> `m_t`,
/// `numpy_T` -> `numpy_t`).
fn snake_case(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 2);
    let mut after_lower = false;
    for c in name.chars() {
        if c.is_ascii_uppercase() && after_lower {
            out.push('_');
        }
        after_lower = c.is_ascii_lowercase();
        out.push(c.to_ascii_lowercase());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::default_base_name;

    #[test]
    fn node_names_are_the_op_name_snake_cased_as_fx_does() {
        for (target, name) in [
            ("aten.add.Tensor", "add"),
            ("aten.__and__.Tensor", "and"),
            ("aten.mT.default", "m_t"),
            ("aten.mH.default", "m_h"),
            ("aten.numpy_T.default", "numpy_t"),
            ("aten.matrix_H.default", "matrix_h"),
            ("aten.sym_size.int", "sym_size"),
            ("_operator.floordiv", "floordiv"),
            ("higher_order.cond", "cond"),
        ] {
            assert_eq!(default_base_name(target), name, "{target}");
        }
    }
}
