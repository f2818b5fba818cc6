//! Node order and names as torch's exported graph has them: placeholders in
//! signature order, `sym_size.int` reads first, runtime assertions right
//! after the node defining their symbol, dead nodes removed, and FX's
//! naming (`add`, `add_1`; Python builtins such as `max` get a suffix;
//! non-strict mode keeps the names its dead nodes took).

use std::collections::{HashMap, HashSet};

use tracer::Mode;
use tracer::entry::TracedProgram;
use tracer::graph::{Arg, Graph, InputKind, NodeId, NodeOp};

/// A program with its final node order and names.
pub struct NamedProgram<'a> {
    pub program: &'a TracedProgram,
    /// `call_function` nodes in final order.
    pub order: Vec<NodeId>,
    pub names: HashMap<NodeId, String>,
}

impl NamedProgram<'_> {
    pub fn name(&self, id: NodeId) -> &str {
        self.names.get(&id).map(String::as_str).unwrap_or("_")
    }
}

/// Python keywords, which FX will not use as node names (nor Python's
/// builtins: [`tracer::evidence::is_python_builtin`]).
const KEYWORDS: &[&str] = &[
    "and", "as", "assert", "break", "class", "continue", "def", "del", "elif", "else", "except",
    "finally", "for", "from", "global", "if", "import", "in", "is", "lambda", "nonlocal", "not",
    "or", "pass", "raise", "return", "try", "while", "with", "yield",
];

/// Whether FX would rename a node rather than shadow this name.
pub(crate) fn is_reserved(name: &str) -> bool {
    KEYWORDS.contains(&name) || tracer::evidence::is_python_builtin(name)
}

struct Namespace {
    used: HashSet<String>,
    counters: HashMap<String, u32>,
}

impl Namespace {
    fn new() -> Self {
        Namespace {
            used: HashSet::new(),
            counters: HashMap::new(),
        }
    }

    fn reserve(&mut self, name: &str) {
        self.used.insert(name.to_string());
    }

    fn create(&mut self, base: &str) -> String {
        let mut candidate = base.to_string();
        if !self.used.contains(&candidate) && !is_reserved(&candidate) {
            self.used.insert(candidate.clone());
            return candidate;
        }
        let n = self.counters.entry(base.to_string()).or_insert(0);
        loop {
            *n += 1;
            candidate = format!("{base}_{n}");
            if !self.used.contains(&candidate) {
                break;
            }
        }
        self.used.insert(candidate.clone());
        candidate
    }
}

fn placeholder_name(kind: &InputKind) -> String {
    // torch's placeholder naming lowercases and replaces every character
    // that is not an ASCII letter or digit (`LayerNorm.weight` ->
    // `layernorm_weight`).
    let flat = |s: &str| {
        s.chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '_'
                }
            })
            .collect::<String>()
    };
    match kind {
        InputKind::Parameter(t) => format!("p_{}", flat(t)),
        InputKind::Buffer { target, .. } => format!("b_{}", flat(target)),
        InputKind::ConstantTensor(t) => format!("c_{}", flat(t)),
        InputKind::User(n) => n.to_lowercase(),
    }
}

/// Order and name the nodes of a traced program for `mode`.
pub fn name_program(program: &TracedProgram, mode: Mode) -> NamedProgram<'_> {
    let g = &program.graph;
    let live = g.live_nodes();
    let mut ns = Namespace::new();
    let mut names = HashMap::new();
    for id in &program.inputs {
        if let NodeOp::Placeholder(k) = &g.node(*id).op {
            let n = match (k, g.read_names.get(id)) {
                (InputKind::Parameter(_), Some(path)) => {
                    placeholder_name(&InputKind::Parameter(path.clone()))
                }
                (InputKind::Buffer { persistent, .. }, Some(path)) => {
                    placeholder_name(&InputKind::Buffer {
                        target: path.clone(),
                        persistent: *persistent,
                    })
                }
                _ => placeholder_name(k),
            };
            ns.reserve(&n);
            names.insert(*id, n);
        }
    }
    // Traced nodes, in creation order; non-strict names dead nodes too, and
    // both modes name the checks torch's C++ code made (in strict mode only
    // where Dynamo kept the subscript that made them). Size reads those
    // checks made take `sym_size_int` names before the final reads.
    let named: Vec<bool> = (0..g.nodes.len())
        .map(|i| {
            live[i] || mode == Mode::NonStrict || (g.nodes[i].probe && probe_kept(g, &live, i))
        })
        .collect();
    let mut probe_size_reads = 0;
    for (i, n) in g.nodes.iter().enumerate() {
        let id = NodeId(i as u32);
        if matches!(n.op, NodeOp::Placeholder(_)) || n.late_named || !named[i] {
            continue;
        }
        if n.probe && n.target() == Some("aten.sym_size.int") {
            probe_size_reads += 1;
            continue;
        }
        names.insert(id, ns.create(&n.base_name));
    }
    // torch's tracer reads each input size it needs with a `sym_size.int`
    // node (`sym_size_int`, `sym_size_int_1`, ... in the order it reads
    // them, used or not). Its runtime-assertion pass then reads every
    // input dim that has a symbol of its own, in signature order, and
    // replaces each traced read by the pass's read of the same symbol: the
    // reads that remain are numbered after all the traced ones.
    let anchored: HashSet<NodeId> = g.anchors.iter().map(|(n, _)| *n).collect();
    let is_input_read = |i: usize| {
        let n = &g.nodes[i];
        n.late_named
            && n.target() == Some("aten.sym_size.int")
            && !anchored.contains(&NodeId(i as u32))
    };
    // Strict mode: a read made only for code Dynamo dropped (a check of an
    // unused subscript) never reaches torch's tracer.
    let users = users_of(g);
    let dropped_read = |i: usize| {
        mode == Mode::Strict
            && !users[i].is_empty()
            && users[i].iter().all(|u| !named[u.0 as usize])
    };
    let traced_reads = (0..g.nodes.len())
        .filter(|&i| is_input_read(i) && !dropped_read(i))
        .count();
    let pass_reads = input_dim_symbols(program);
    let pass_index = |id: &NodeId| match &g.node(*id).val {
        tracer::graph::MetaVal::Sym(e) => program
            .env
            .simplify(e)
            .as_symbol()
            .and_then(|s| pass_reads.iter().position(|p| *p == s)),
        _ => None,
    };
    let mut size_reads: Vec<NodeId> = (0..g.nodes.len())
        .filter(|&i| live[i] && is_input_read(i))
        .map(|i| NodeId(i as u32))
        .collect();
    size_reads.sort_by_key(|id| pass_index(id).unwrap_or(usize::MAX));
    let traced_reads = traced_reads + probe_size_reads + g.unbacked_size_reads.len();
    let read_name = |k: usize| match traced_reads + k {
        0 => "sym_size_int".to_string(),
        n => format!("sym_size_int_{n}"),
    };
    for id in &size_reads {
        if let Some(k) = pass_index(id) {
            let name = read_name(k);
            names.insert(*id, name);
        }
    }
    // A traced read the pass does not replace (of a dim a guard made a
    // number) keeps the name it took when traced, in reading order.
    for (j, i) in (0..g.nodes.len())
        .filter(|&i| is_input_read(i) && !dropped_read(i))
        .enumerate()
    {
        let id = NodeId(i as u32);
        if live[i] && pass_index(&id).is_none() {
            names.insert(
                id,
                match j {
                    0 => "sym_size_int".to_string(),
                    n => format!("sym_size_int_{n}"),
                },
            );
        }
    }
    // The pass reads every such dim, used or not: the reads it drops keep
    // their names, and so do the traced reads it replaced.
    for k in 0..traced_reads + pass_reads.len() {
        ns.reserve(&match k {
            0 => "sym_size_int".to_string(),
            n => format!("sym_size_int_{n}"),
        });
    }
    // Other nodes inserted by torch's passes, after the names of nodes torch
    // traced and removed (the comparisons of `torch._check`).
    for r in &g.reserved_names {
        ns.create(r);
    }
    for (i, n) in g.nodes.iter().enumerate() {
        let id = NodeId(i as u32);
        if !n.late_named || !live[i] || names.contains_key(&id) {
            continue;
        }
        names.insert(id, ns.create(&n.base_name));
    }
    // Final order: sym_size reads, then traced nodes with anchored nodes
    // after their anchors.
    let mut order = size_reads;
    for (i, n) in g.nodes.iter().enumerate() {
        let id = NodeId(i as u32);
        if !live[i]
            || matches!(n.op, NodeOp::Placeholder(_))
            || n.target() == Some("aten.sym_size.int")
            || anchored.contains(&id)
        {
            continue;
        }
        push_with_anchored(g, &live, id, &mut order, 0);
    }
    NamedProgram {
        program,
        order,
        names,
    }
}

/// The symbols torch's runtime-assertion pass reads input dims for: each
/// tensor input's dims in signature order, every dim created with a symbol
/// not met before (a derived dim too: torch traces it as a symbol of its
/// own and only later writes it through its root).
fn input_dim_symbols(program: &TracedProgram) -> Vec<shapes::SymbolId> {
    let mut symbols = Vec::new();
    for id in &program.inputs {
        if let tracer::graph::MetaVal::Tensor { shape, .. } = &program.graph.node(*id).val {
            for s in shape.iter().filter_map(shapes::SymExpr::as_symbol) {
                if !symbols.contains(&s) {
                    symbols.push(s);
                }
            }
        }
    }
    symbols
}

/// The nodes whose arguments use each node.
fn users_of(g: &tracer::graph::Graph) -> Vec<Vec<NodeId>> {
    let mut users = vec![Vec::new(); g.nodes.len()];
    for (j, n) in g.nodes.iter().enumerate() {
        let mut deps = Vec::new();
        for a in n.args() {
            tracer::graph::Graph::arg_nodes(a, &mut deps);
        }
        for d in deps {
            if let Some(u) = users.get_mut(d.0 as usize) {
                u.push(NodeId(j as u32));
            }
        }
    }
    users
}

/// Whether the op a C++ check at `i` guarded (the next node that is not a
/// check) survived: Dynamo drops an unused subscript before the ATen trace.
fn probe_kept(g: &tracer::graph::Graph, live: &[bool], i: usize) -> bool {
    (i + 1..g.nodes.len())
        .find(|&j| {
            // Past other checks, dead size arithmetic and the size reads
            // it made.
            let n = &g.nodes[j];
            let size_read = n.late_named && n.target() == Some("aten.sym_size.int");
            !(n.probe || size_read)
        })
        .is_some_and(|j| live[j])
}

/// Push a node and, after it, the nodes anchored to it (recursively).
fn push_with_anchored(
    g: &tracer::graph::Graph,
    live: &[bool],
    id: NodeId,
    order: &mut Vec<NodeId>,
    depth: u32,
) {
    order.push(id);
    if depth > 16 {
        return;
    }
    for (a, anchor) in &g.anchors {
        if *anchor == id && live[a.0 as usize] {
            push_with_anchored(g, live, *a, order, depth + 1);
        }
    }
}

/// The arguments of call node `id` as torch's graph holds them: by the
/// op's declared schema ([`crate::schema::torch_args`]), and a runtime
/// assertion's message naming the node it checks, as
/// `insert_deferred_runtime_asserts` words it once names are final.
pub fn recorded_args(named: &NamedProgram, id: NodeId) -> (Vec<Arg>, Vec<(String, Arg)>) {
    let NodeOp::CallFunction {
        target,
        args,
        kwargs,
    } = &named.program.graph.node(id).op
    else {
        return (Vec::new(), Vec::new());
    };
    let (mut args, kwargs) = crate::schema::torch_args(target, args, kwargs);
    if target == "aten._assert_scalar.default"
        && let [Arg::Node(checked), Arg::Str(message)] = args.as_mut_slice()
        && message.starts_with("Runtime assertion failed for expression")
        && !message.contains(" on node '")
    {
        *message = format!("{message} on node '{}'", named.name(*checked));
    }
    (args, kwargs)
}

/// The attribute names torch gives the subgraphs of higher-order ops, by
/// index into `Graph::subgraphs`: `true_graph_k` / `false_graph_k` for the
/// k-th `cond`, `body_graph_k` for the k-th `map`; `subgraph_i` otherwise.
pub fn subgraph_names(named: &NamedProgram) -> Vec<String> {
    subgraph_roles(&named.program.graph, named.order.iter().copied())
}

/// [`subgraph_names`] of the subgraphs a subgraph holds (a `cond` inside a
/// branch), its nodes in traced order.
pub fn nested_subgraph_names(g: &Graph) -> Vec<String> {
    subgraph_roles(g, (0..g.nodes.len()).map(|i| NodeId(i as u32)))
}

fn subgraph_roles(g: &Graph, order: impl Iterator<Item = NodeId>) -> Vec<String> {
    let mut names: Vec<String> = (0..g.subgraphs.len())
        .map(|i| format!("subgraph_{i}"))
        .collect();
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for id in order {
        let NodeOp::CallFunction { target, args, .. } = &g.node(id).op else {
            continue;
        };
        let roles: &[&str] = match target.as_str() {
            "torch.ops.higher_order.cond" => &["true_graph", "false_graph"],
            "torch.ops.higher_order.map_impl" => &["body_graph"],
            _ => continue,
        };
        let k = seen.entry(target.as_str()).or_default();
        let subgraphs = args.iter().filter_map(|a| match a {
            Arg::Subgraph(i) => Some(*i),
            _ => None,
        });
        for (role, i) in roles.iter().zip(subgraphs) {
            if let Some(slot) = names.get_mut(i) {
                *slot = format!("{role}_{k}");
            }
        }
        *k += 1;
    }
    names
}

/// The names of a subgraph's nodes: its placeholders take the names of the
/// operands the higher-order op passes them (`operands`, in order), its
/// live call nodes FX's names in traced order.
pub fn subgraph_node_names(g: &Graph, operands: &[String]) -> HashMap<NodeId, String> {
    let live = g.live_nodes();
    let mut ns = Namespace::new();
    let mut names = HashMap::new();
    let mut k = 0;
    for (i, n) in g.nodes.iter().enumerate() {
        if matches!(n.op, NodeOp::Placeholder(_)) {
            let name = operands
                .get(k)
                .cloned()
                .unwrap_or_else(|| format!("arg{k}"));
            ns.reserve(&name);
            names.insert(NodeId(i as u32), name);
            k += 1;
        }
    }
    for (i, n) in g.nodes.iter().enumerate() {
        if live[i] && !matches!(n.op, NodeOp::Placeholder(_)) {
            names.insert(NodeId(i as u32), ns.create(&n.base_name));
        }
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lifted_names_replace_every_non_alphanumeric_character() {
        let p = InputKind::Parameter("trunk.block1-0.proj.weight".into());
        assert_eq!(placeholder_name(&p), "p_trunk_block1_0_proj_weight");
        let b = InputKind::Buffer {
            target: "bn.running_mean".into(),
            persistent: true,
        };
        assert_eq!(placeholder_name(&b), "b_bn_running_mean");
        assert_eq!(placeholder_name(&InputKind::User("x".into())), "x");
    }
}
