//! The recorded graph: placeholders and `call_function` nodes with their
//! targets, arguments, fake values and source lines, as torch's FX graph
//! holds them. Names are given by the exporter, not here.

use shapes::SymExpr;
use std::collections::HashMap;
use std::sync::Arc;

use crate::dtype::DType;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub u32);

/// What a placeholder stands for in the graph signature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputKind {
    /// A parameter, with its qualified name (`l.weight`).
    Parameter(String),
    /// A buffer, with its qualified name and persistence.
    Buffer { target: String, persistent: bool },
    /// A plain tensor attribute lifted as a constant (`c_` prefix).
    ConstantTensor(String),
    /// A flattened user input, with torch's placeholder name (`x`, `args_0`, `x_0_1`).
    User(String),
}

/// The fake value a node produces.
#[derive(Clone, Debug, PartialEq)]
pub enum MetaVal {
    Tensor {
        dtype: DType,
        shape: Vec<SymExpr>,
    },
    Sym(SymExpr),
    /// A symbolic boolean, kept as its printed form over symbol names.
    SymBool(SymBoolMeta),
    /// A symbolic float made from symbolic ints (`1.0 / n`).
    SymFloat(SymFloatExpr),
    Tuple(Vec<MetaVal>),
    Const(String),
    None,
}

/// A float torch computes from symbolic ints, in sympy's terms:
/// `ToFloat(s0)`, `FloatTrueDiv(1.0, ToFloat(s0))`.
#[derive(Clone, Debug, PartialEq)]
pub enum SymFloatExpr {
    Const(f64),
    ToFloat(SymExpr),
    TrueDiv(Box<SymFloatExpr>, Box<SymFloatExpr>),
    Pow(Box<SymFloatExpr>, Box<SymFloatExpr>),
}

impl SymFloatExpr {
    /// As torch prints it, each symbolic int through `int`.
    pub fn render(&self, int: &dyn Fn(&SymExpr) -> String) -> String {
        match self {
            SymFloatExpr::Const(f) => format!("{f:?}"),
            SymFloatExpr::ToFloat(e) => format!("ToFloat({})", int(e)),
            SymFloatExpr::TrueDiv(a, b) => {
                format!("FloatTrueDiv({}, {})", a.render(int), b.render(int))
            }
            SymFloatExpr::Pow(a, b) => format!("FloatPow({}, {})", a.render(int), b.render(int)),
        }
    }

    /// Its value with each symbolic int valued by `int`.
    pub fn eval(&self, int: &dyn Fn(&SymExpr) -> Option<i64>) -> Option<f64> {
        Some(match self {
            SymFloatExpr::Const(f) => *f,
            SymFloatExpr::ToFloat(e) => int(e)? as f64,
            SymFloatExpr::TrueDiv(a, b) => a.eval(int)? / b.eval(int)?,
            SymFloatExpr::Pow(a, b) => a.eval(int)?.powf(b.eval(int)?),
        })
    }
}

/// A relation between two symbolic integers, as torch prints `s0 > 2`.
#[derive(Clone, Debug, PartialEq)]
pub struct SymBoolMeta {
    pub lhs: SymExpr,
    pub op: &'static str,
    pub rhs: SymExpr,
}

/// One argument of a node, for printing and for the interpreter.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    Node(NodeId),
    Int(i64),
    Float(f64),
    Bool(bool),
    Str(String),
    DType(DType),
    Device(String),
    /// A tensor layout (`strided`), printed `torch.strided`.
    Layout(String),
    None,
    List(Vec<Arg>),
    /// A subgraph of a higher-order op, by index into [`Graph::subgraphs`].
    Subgraph(usize),
}

#[derive(Clone, Debug)]
pub enum NodeOp {
    Placeholder(InputKind),
    CallFunction {
        target: String,
        args: Vec<Arg>,
        kwargs: Vec<(String, Arg)>,
    },
}

#[derive(Clone, Debug)]
pub struct Node {
    pub op: NodeOp,
    pub val: MetaVal,
    /// 1-based source line in the traced file.
    pub line: Option<u32>,
    /// The source text of that line, for `# File: ... code:` comments.
    pub code: Option<String>,
    /// Base for torch's name (`add`, `sym_size_int`), unique names are
    /// assigned by the exporter.
    pub base_name: String,
    /// Runtime assertion nodes and other side-effecting nodes survive dead
    /// code elimination.
    pub side_effect: bool,
    /// Nodes inserted by torch's passes after tracing (runtime asserts) are
    /// named after all the traced ones.
    pub late_named: bool,
    /// The name this node had in its first tracing, for modes that keep the
    /// names of dead nodes (non-strict).
    pub hidden: bool,
    /// A symbolic check torch's C++ code (indexing, contiguity) runs in both
    /// modes: dead, it still takes its name wherever the code ran.
    pub probe: bool,
}

impl Node {
    /// A placeholder (an input of the graph) of value `val`.
    pub fn placeholder(kind: InputKind, val: MetaVal) -> Node {
        Node {
            op: NodeOp::Placeholder(kind),
            val,
            line: None,
            code: None,
            base_name: String::new(),
            side_effect: false,
            late_named: false,
            hidden: false,
            probe: false,
        }
    }

    pub fn target(&self) -> Option<&str> {
        match &self.op {
            NodeOp::CallFunction { target, .. } => Some(target),
            NodeOp::Placeholder(_) => None,
        }
    }

    pub fn args(&self) -> impl Iterator<Item = &Arg> {
        let (args, kwargs): (&[Arg], &[(String, Arg)]) = match &self.op {
            NodeOp::CallFunction { args, kwargs, .. } => (args, kwargs),
            NodeOp::Placeholder(_) => (&[], &[]),
        };
        args.iter().chain(kwargs.iter().map(|(_, a)| a))
    }
}

/// What the graph returns: each output is a node (or a constant) with a kind.
#[derive(Clone, Debug)]
pub struct Output {
    pub arg: Arg,
    pub kind: OutputKind,
}

/// The pytree of `forward`'s return value over the graph's user outputs:
/// each `Leaf` is the next user output, in order.
#[derive(Clone, Debug, PartialEq)]
pub enum OutputTree {
    Leaf,
    /// A tuple.
    Seq(Vec<OutputTree>),
    /// A list (kept apart from a tuple for the treespecs of a saved
    /// program, `builtins.list`).
    List(Vec<OutputTree>),
    /// A dict, by key in insertion order.
    Dict(Vec<(DictKey, OutputTree)>),
    /// An object export cannot flatten (a plain dataclass), kept whole by
    /// quick runs: its class name, no graph output.
    Opaque(String),
}

/// A key of a dict in the inputs or outputs, its Python type kept (a
/// saved program's treespec writes `1` and `"1"` apart).
#[derive(Clone, Debug, PartialEq)]
pub enum DictKey {
    Str(String),
    Int(i64),
    Bool(bool),
    None,
    /// A key of another type, as `str()` gives it.
    Other(String),
}

impl std::fmt::Display for DictKey {
    /// The key as `str()` gives it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DictKey::Str(s) | DictKey::Other(s) => f.write_str(s),
            DictKey::Int(i) => write!(f, "{i}"),
            DictKey::Bool(b) => f.write_str(if *b { "True" } else { "False" }),
            DictKey::None => f.write_str("None"),
        }
    }
}

impl OutputTree {
    /// How many user outputs the tree takes.
    pub fn leaves(&self) -> usize {
        match self {
            OutputTree::Leaf => 1,
            OutputTree::Seq(items) | OutputTree::List(items) => {
                items.iter().map(OutputTree::leaves).sum()
            }
            OutputTree::Dict(items) => items.iter().map(|(_, t)| t.leaves()).sum(),
            OutputTree::Opaque(_) => 0,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OutputKind {
    User,
    BufferMutation(String),
    UserInputMutation(String),
}

#[derive(Clone, Debug, Default)]
pub struct Graph {
    pub nodes: Vec<Node>,
    pub outputs: Vec<Output>,
    /// The structure of the user outputs as `forward` returned them (`None`
    /// for graphs not traced from a `forward`: subgraphs).
    pub output_tree: Option<OutputTree>,
    /// The structure of the example inputs as torch flattens them, `((args),
    /// {kwargs})`, each leaf the next user placeholder (`None` for
    /// subgraphs).
    pub input_tree: Option<OutputTree>,
    /// `forward`'s argument names as torch keeps them to restore its
    /// signature: positional names (`*args` as `args_0`, `args_1`), then
    /// the keyword arguments in the order the caller gave them.
    pub forward_arg_names: Vec<String>,
    pub subgraphs: Vec<Graph>,
    /// Nodes inserted after tracing that belong right after another node
    /// (runtime assertions after the node defining their symbol).
    pub anchors: Vec<(NodeId, NodeId)>,
    /// Names taken by nodes torch traced and later removed (the comparisons
    /// inside `torch._check`), which later nodes must not reuse.
    pub reserved_names: Vec<String>,
    /// Data-dependent sizes (unbacked symbols) `forward` read off a tensor
    /// (`idx.shape[0]` after `nonzero`): torch's tracer read each with a
    /// `sym_size.int` node that its runtime-assertion pass later replaced,
    /// so each took a `sym_size_int` name.
    pub unbacked_size_reads: std::collections::BTreeSet<shapes::SymbolId>,
    /// Placeholders named after another path than their target: a tied
    /// parameter strict mode lifted under the name `forward` read it by
    /// (`p_encoder_embed_weight` for target `shared.weight`), a shared
    /// buffer named by its first path and targeting its last.
    pub read_names: std::collections::HashMap<NodeId, String>,
    /// The file of each node recorded in a file other than the traced one
    /// (a model imported from elsewhere in the workspace).
    pub node_paths: std::collections::HashMap<NodeId, String>,
    /// Where the code that recorded each node runs when that is in another
    /// file than the traced one, in both modes: (path, 1-based line of the
    /// innermost frame). Non-strict attributes a node to `forward`'s line;
    /// editors show it at this site too.
    pub node_sites: std::collections::HashMap<NodeId, (String, u32)>,
    /// The values of lifted constant placeholders the code spells out
    /// (`torch.tensor([...])` literals, small `arange`s), flat in row-major
    /// order, for whoever runs the graph.
    pub constant_values: std::collections::HashMap<NodeId, Arc<Vec<f64>>>,
}

impl Graph {
    pub fn push(&mut self, node: Node) -> NodeId {
        let id = NodeId(self.nodes.len() as u32);
        self.nodes.push(node);
        id
    }

    /// The arguments of a `sym_size.int` read of symbol `s`: the first user
    /// input dim created with it, as torch's tracer reads it.
    pub fn input_dim_of(&self, s: shapes::SymbolId) -> Option<Vec<Arg>> {
        self.nodes
            .iter()
            .enumerate()
            .find_map(|(i, n)| match (&n.op, &n.val) {
                (NodeOp::Placeholder(InputKind::User(_)), MetaVal::Tensor { shape, .. }) => {
                    let dim = shape.iter().position(|d| d.as_symbol() == Some(s))?;
                    Some(vec![Arg::Node(NodeId(i as u32)), Arg::Int(dim as i64)])
                }
                _ => None,
            })
    }

    /// Make every argument and output that uses node `old` use `new`,
    /// except the arguments of probes (the dropped checks of torch's C++
    /// code keep the read they made, which the exporter counts).
    pub fn replace_uses(&mut self, old: NodeId, new: NodeId) {
        fn replace(arg: &mut Arg, old: NodeId, new: NodeId) {
            match arg {
                Arg::Node(n) if *n == old => *n = new,
                Arg::List(items) => items.iter_mut().for_each(|a| replace(a, old, new)),
                _ => {}
            }
        }
        for node in self.nodes.iter_mut().filter(|n| !n.probe) {
            if let NodeOp::CallFunction { args, kwargs, .. } = &mut node.op {
                args.iter_mut().for_each(|a| replace(a, old, new));
                kwargs.iter_mut().for_each(|(_, a)| replace(a, old, new));
            }
        }
        for o in &mut self.outputs {
            replace(&mut o.arg, old, new);
        }
    }

    /// The placeholders, in order.
    pub fn placeholders(&self) -> Vec<NodeId> {
        (0..self.nodes.len())
            .map(|i| NodeId(i as u32))
            .filter(|id| matches!(self.node(*id).op, NodeOp::Placeholder(_)))
            .collect()
    }

    /// The nodes some live node or an output reads.
    pub fn read_nodes(&self) -> std::collections::HashSet<NodeId> {
        let live = self.live_nodes();
        let mut read = Vec::new();
        for (i, n) in self.nodes.iter().enumerate() {
            if live[i] {
                n.args().for_each(|a| Self::arg_nodes(a, &mut read));
            }
        }
        for o in &self.outputs {
            Self::arg_nodes(&o.arg, &mut read);
        }
        read.into_iter().collect()
    }

    /// Make `inputs` the graph's placeholders, in that order, ahead of
    /// every other node; placeholders not listed are removed (nothing may
    /// read them). Node ids are renumbered throughout.
    pub fn set_placeholders(&mut self, inputs: &[NodeId]) {
        let others = (0..self.nodes.len())
            .map(|i| NodeId(i as u32))
            .filter(|id| !matches!(self.node(*id).op, NodeOp::Placeholder(_)));
        let order: Vec<NodeId> = inputs.iter().copied().chain(others).collect();
        let mut new_id: HashMap<NodeId, NodeId> = HashMap::new();
        for (i, old) in order.iter().enumerate() {
            new_id.insert(*old, NodeId(i as u32));
        }
        fn remap(arg: &mut Arg, new_id: &HashMap<NodeId, NodeId>) {
            match arg {
                Arg::Node(n) => *n = new_id.get(n).copied().unwrap_or(*n),
                Arg::List(items) => items.iter_mut().for_each(|a| remap(a, new_id)),
                _ => {}
            }
        }
        let mut old_nodes: Vec<Option<Node>> = std::mem::take(&mut self.nodes)
            .into_iter()
            .map(Some)
            .collect();
        self.nodes = order
            .iter()
            .filter_map(|id| old_nodes.get_mut(id.0 as usize).and_then(Option::take))
            .collect();
        for node in &mut self.nodes {
            if let NodeOp::CallFunction { args, kwargs, .. } = &mut node.op {
                args.iter_mut().for_each(|a| remap(a, &new_id));
                kwargs.iter_mut().for_each(|(_, a)| remap(a, &new_id));
            }
        }
        for o in &mut self.outputs {
            remap(&mut o.arg, &new_id);
        }
        let keep = |id: &NodeId| new_id.get(id).copied();
        self.anchors = self
            .anchors
            .iter()
            .filter_map(|(a, b)| Some((keep(a)?, keep(b)?)))
            .collect();
        self.read_names = std::mem::take(&mut self.read_names)
            .into_iter()
            .filter_map(|(k, v)| Some((keep(&k)?, v)))
            .collect();
        self.node_paths = std::mem::take(&mut self.node_paths)
            .into_iter()
            .filter_map(|(k, v)| Some((keep(&k)?, v)))
            .collect();
        self.node_sites = std::mem::take(&mut self.node_sites)
            .into_iter()
            .filter_map(|(k, v)| Some((keep(&k)?, v)))
            .collect();
        self.constant_values = std::mem::take(&mut self.constant_values)
            .into_iter()
            .filter_map(|(k, v)| Some((keep(&k)?, v)))
            .collect();
    }

    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.0 as usize]
    }

    pub fn node_mut(&mut self, id: NodeId) -> &mut Node {
        &mut self.nodes[id.0 as usize]
    }

    /// Collect every node an argument refers to, recursively.
    pub fn arg_nodes(arg: &Arg, out: &mut Vec<NodeId>) {
        match arg {
            Arg::Node(n) => out.push(*n),
            Arg::List(items) => items.iter().for_each(|a| Self::arg_nodes(a, out)),
            _ => {}
        }
    }

    /// Whether autograd would track the value of node `id`: it is computed
    /// in floating point, through differentiable ops, from a parameter.
    pub fn requires_grad(&self, id: NodeId) -> bool {
        self.grad_flows_from(id, &[])
    }

    /// Whether the value of node `id` is computed in floating point,
    /// through differentiable ops, from a parameter or one of `marked`
    /// (tensors `forward` made require grad).
    pub fn grad_flows_from(&self, id: NodeId, marked: &[NodeId]) -> bool {
        let mut seen = vec![false; self.nodes.len()];
        let mut stack = vec![id];
        while let Some(id) = stack.pop() {
            let Some(slot) = seen.get_mut(id.0 as usize) else {
                continue;
            };
            if std::mem::replace(slot, true) {
                continue;
            }
            let node = self.node(id);
            let floating = match &node.val {
                MetaVal::Tensor { dtype, .. } => dtype.is_floating(),
                MetaVal::Tuple(items) => items
                    .iter()
                    .any(|v| matches!(v, MetaVal::Tensor { dtype, .. } if dtype.is_floating())),
                _ => false,
            };
            if floating && marked.contains(&id) {
                return true;
            }
            match &node.op {
                NodeOp::Placeholder(InputKind::Parameter(_)) if floating => return true,
                NodeOp::Placeholder(_) => {}
                NodeOp::CallFunction { target, .. }
                    if !floating || target.starts_with("aten.detach") => {}
                NodeOp::CallFunction { args, .. } => {
                    for a in args {
                        Self::arg_nodes(a, &mut stack);
                    }
                }
            }
        }
        false
    }

    /// Which nodes are live: reachable from the outputs or side-effecting.
    pub fn live_nodes(&self) -> Vec<bool> {
        let mut live = vec![false; self.nodes.len()];
        let mut stack = Vec::new();
        for o in &self.outputs {
            Self::arg_nodes(&o.arg, &mut stack);
        }
        // torch's export removes dead symbolic-int arithmetic only; tensor
        // ops (and `getitem` on their results) stay even when unused.
        for (i, n) in self.nodes.iter().enumerate() {
            let pure_sym = match n.target() {
                Some(t) => {
                    (t.starts_with("_operator.") && t != "_operator.getitem")
                        || t == "aten.sym_size.int"
                }
                None => true,
            };
            if n.side_effect || (!pure_sym && !n.hidden) {
                stack.push(NodeId(i as u32));
            }
        }
        while let Some(id) = stack.pop() {
            let slot = &mut live[id.0 as usize];
            if *slot {
                continue;
            }
            *slot = true;
            let mut deps = Vec::new();
            for a in self.node(id).args() {
                Self::arg_nodes(a, &mut deps);
            }
            stack.extend(deps);
        }
        live
    }
}
