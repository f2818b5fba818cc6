//! The ExportedProgram printed as torch prints it (`print(ep)`): FX's
//! readable code of the graph module (typed `forward`, a stack-trace
//! comment where the source line changes, each node's arguments as
//! `repr` writes them, `;  x = None` after a value's last use), each
//! higher-order op's subgraph as a nested class, then the graph signature
//! and the range constraints.
//!
//! The program is first laid out as FX holds it ([`FxGraph`]: nodes in
//! order, with the `get_attr` nodes of subgraphs), then rendered by the
//! rules of FX's code generator.

use std::collections::HashMap;
use std::fmt::Write;

use tracer::entry::TracedProgram;
use tracer::graph::{Arg, Graph, InputKind, MetaVal, NodeId, NodeOp, OutputKind};
use tracer::pyrepr::{float_repr, str_repr};
use tracer::shape_env::ShapeEnv;

use crate::names::NamedProgram;
use crate::report::bound_json;

/// A graph as FX's code generator sees it.
struct FxGraph {
    nodes: Vec<FxNode>,
    /// The `return` statement's value (`(linear,)`) and the nodes it reads.
    output: Option<(String, Vec<usize>)>,
    /// Subgraph modules, in the order their `get_attr` nodes appear.
    children: Vec<(String, FxGraph)>,
}

struct FxNode {
    name: String,
    /// The annotation's text (`f32[2, 3]`, `Sym(s0)`), for tensors and
    /// symbolic scalars only.
    annotation: Option<String>,
    body: FxBody,
    /// The nodes its arguments read, each once, in order of appearance.
    inputs: Vec<usize>,
    /// Where its code is (`File: m.py:12 in forward, code: ...`), or none.
    trace: Option<String>,
}

enum FxBody {
    /// An input, by the name `forward` takes it under (the node's own name
    /// differs when that is a Python builtin: `input_1 = input`).
    Placeholder(String),
    /// The right-hand side of `name = ...`.
    Call(String),
    /// `name = self.name`: a subgraph module.
    GetAttr,
}

/// The annotation FX writes for a node's value: dtype and shape of a
/// tensor, `Sym(expr)` of a symbolic scalar, nothing otherwise.
fn annotation(env: &ShapeEnv, v: &MetaVal) -> Option<String> {
    match v {
        MetaVal::Tensor { dtype, shape } => Some(format!(
            "{}{}",
            dtype.short(),
            crate::report::shape_text(env, shape)
        )),
        _ => crate::report::sym_text(env, v).map(|e| format!("Sym({e})")),
    }
}

/// The name FX gives the function a target names (`torch.ops.aten.add.Tensor`,
/// `math_floor`, `round`).
fn callee(target: &str) -> String {
    if let Some(rest) = target.strip_prefix("aten.") {
        format!("torch.ops.aten.{rest}")
    } else if let Some(rest) = target.strip_prefix("torch._ops.") {
        format!("torch.ops.{rest}")
    } else if let Some(rest) = target.strip_prefix("_operator.") {
        format!("operator_{rest}")
    } else if let Some(rest) = target.strip_prefix("math.") {
        format!("math_{rest}")
    } else if let Some(rest) = target.strip_prefix("builtins.") {
        rest.to_string()
    } else {
        target.to_string()
    }
}

/// FX writes Python's operators (`_operator.add`, `getitem`) as the
/// expressions they evaluate.
fn operator_template(target: &str) -> Option<&'static str> {
    Some(match target.strip_prefix("_operator.")? {
        "add" => "{} + {}",
        "sub" => "{} - {}",
        "mul" => "{} * {}",
        "floordiv" => "{} // {}",
        "truediv" | "div" => "{} / {}",
        "mod" => "{} % {}",
        "pow" => "{} ** {}",
        "lshift" => "{} << {}",
        "rshift" => "{} >> {}",
        "and_" => "{} & {}",
        "or_" => "{} | {}",
        "xor" => "{} ^ {}",
        "getitem" => "{}[{}]",
        "matmul" => "{} @ {}",
        "eq" => "{} == {}",
        "ne" => "{} != {}",
        "lt" => "{} < {}",
        "gt" => "{} > {}",
        "le" => "{} <= {}",
        "ge" => "{} >= {}",
        "pos" => "+{}",
        "neg" => "-{}",
        "invert" => "~{}",
        _ => return None,
    })
}

fn fill(template: &str, parts: &[String]) -> String {
    let mut out = String::new();
    let mut parts = parts.iter();
    let mut pieces = template.split("{}").peekable();
    while let Some(piece) = pieces.next() {
        out.push_str(piece);
        if pieces.peek().is_some() {
            out.push_str(parts.next().map_or("", String::as_str));
        }
    }
    out
}

/// Names of the values one graph's arguments refer to.
struct Scope<'a> {
    nodes: &'a HashMap<NodeId, String>,
    subgraphs: &'a [String],
    /// Collections a higher-order op takes as tuples (`cond`'s operands).
    tuples: bool,
}

impl Scope<'_> {
    fn repr(&self, a: &Arg) -> String {
        match a {
            Arg::Node(id) => self.nodes.get(id).cloned().unwrap_or_else(|| "_".into()),
            Arg::Int(i) => i.to_string(),
            Arg::Float(f) => float_repr(*f),
            Arg::Bool(b) => if *b { "True" } else { "False" }.into(),
            Arg::Str(s) => str_repr(s),
            Arg::DType(d) => d.torch_name().to_string(),
            Arg::Device(d) => format!("device(type='{d}')"),
            Arg::Layout(l) => format!("torch.{l}"),
            Arg::None => "None".into(),
            Arg::List(items) => {
                let parts: Vec<String> = items.iter().map(|i| self.repr(i)).collect();
                match (self.tuples, parts.len()) {
                    (true, 1) => format!("({},)", parts[0]),
                    (true, _) => format!("({})", parts.join(", ")),
                    _ => format!("[{}]", parts.join(", ")),
                }
            }
            Arg::Subgraph(i) => self
                .subgraphs
                .get(*i)
                .cloned()
                .unwrap_or_else(|| format!("subgraph_{i}")),
        }
    }
}

/// Lays a graph out as FX holds it: placeholders, then the call nodes in
/// `order` (each subgraph's `get_attr` node right before its first user),
/// then the output.
struct Layout<'a> {
    env: &'a ShapeEnv,
    /// The traced file, for nodes recorded in it.
    path: &'a str,
    graph: &'a Graph,
    names: HashMap<NodeId, String>,
    subgraph_names: Vec<String>,
    fx: FxGraph,
    index: HashMap<NodeId, usize>,
    attr_index: HashMap<usize, usize>,
}

impl<'a> Layout<'a> {
    fn new(
        env: &'a ShapeEnv,
        path: &'a str,
        graph: &'a Graph,
        names: HashMap<NodeId, String>,
        subgraph_names: Vec<String>,
    ) -> Self {
        Layout {
            env,
            path,
            graph,
            names,
            subgraph_names,
            fx: FxGraph {
                nodes: Vec::new(),
                output: None,
                children: Vec::new(),
            },
            index: HashMap::new(),
            attr_index: HashMap::new(),
        }
    }

    fn placeholder(&mut self, id: NodeId) {
        let n = self.graph.node(id);
        let target = self.name(id);
        // FX's namespace will not shadow a builtin: the node is renamed and
        // the body starts by copying the argument.
        let name = if crate::names::is_reserved(&target) {
            let renamed = format!("{target}_1");
            self.names.insert(id, renamed.clone());
            renamed
        } else {
            target.clone()
        };
        self.index.insert(id, self.fx.nodes.len());
        self.fx.nodes.push(FxNode {
            name,
            annotation: annotation(self.env, &n.val),
            body: FxBody::Placeholder(target),
            inputs: Vec::new(),
            trace: None,
        });
    }

    fn name(&self, id: NodeId) -> String {
        self.names.get(&id).cloned().unwrap_or_else(|| "_".into())
    }

    fn call(
        &mut self,
        id: NodeId,
        (args, kwargs): (Vec<Arg>, Vec<(String, Arg)>),
        trace: Option<String>,
    ) {
        let n = self.graph.node(id);
        let NodeOp::CallFunction { target, .. } = &n.op else {
            return;
        };
        let mut subgraphs = Vec::new();
        for a in args.iter().chain(kwargs.iter().map(|(_, a)| a)) {
            collect_in_order(a, &mut subgraphs);
        }
        for s in subgraphs.iter().filter_map(|r| match r {
            Ref::Subgraph(s) => Some(s),
            Ref::Node(_) => None,
        }) {
            if !self.attr_index.contains_key(s) {
                self.attr_index.insert(*s, self.fx.nodes.len());
                self.fx.nodes.push(FxNode {
                    name: self.subgraph_name(*s),
                    annotation: None,
                    body: FxBody::GetAttr,
                    inputs: Vec::new(),
                    trace: trace.clone(),
                });
                let operands = operand_names(&args, &self.names);
                if let Some(sub) = self.graph.subgraphs.get(*s) {
                    let child = subgraph_layout(self.env, sub, &operands, self.path);
                    self.fx.children.push((self.subgraph_name(*s), child));
                }
            }
        }
        // The inputs in order of appearance: FX walks args then kwargs.
        let mut inputs = Vec::new();
        let mut order = Vec::new();
        for a in args.iter().chain(kwargs.iter().map(|(_, a)| a)) {
            collect_in_order(a, &mut order);
        }
        for r in order {
            let i = match r {
                Ref::Node(id) => self.index.get(&id).copied(),
                Ref::Subgraph(s) => self.attr_index.get(&s).copied(),
            };
            if let Some(i) = i
                && !inputs.contains(&i)
            {
                inputs.push(i);
            }
        }
        let scope = Scope {
            nodes: &self.names,
            subgraphs: &self.subgraph_names,
            tuples: target.starts_with("torch.ops.higher_order.cond"),
        };
        let parts: Vec<String> = args.iter().map(|a| scope.repr(a)).collect();
        let rhs = match operator_template(target) {
            Some(t) if kwargs.is_empty() => fill(t, &parts),
            _ => {
                let mut all = parts;
                all.extend(
                    kwargs
                        .iter()
                        .map(|(k, a)| format!("{k} = {}", scope.repr(a))),
                );
                format!("{}({})", callee(target), all.join(", "))
            }
        };
        self.index.insert(id, self.fx.nodes.len());
        self.fx.nodes.push(FxNode {
            name: self.name(id),
            annotation: annotation(self.env, &n.val),
            body: FxBody::Call(rhs),
            inputs,
            trace,
        });
    }

    fn subgraph_name(&self, i: usize) -> String {
        self.subgraph_names
            .get(i)
            .cloned()
            .unwrap_or_else(|| format!("subgraph_{i}"))
    }

    fn finish(mut self) -> FxGraph {
        let scope = Scope {
            nodes: &self.names,
            subgraphs: &self.subgraph_names,
            tuples: true,
        };
        let outs: Vec<Arg> = self.graph.outputs.iter().map(|o| o.arg.clone()).collect();
        let text = scope.repr(&Arg::List(outs.clone()));
        let mut read = Vec::new();
        for a in &outs {
            collect_in_order(a, &mut read);
        }
        let mut inputs: Vec<usize> = Vec::new();
        for r in read {
            if let Ref::Node(id) = r
                && let Some(i) = self.index.get(&id)
                && !inputs.contains(i)
            {
                inputs.push(*i);
            }
        }
        self.fx.output = Some((text, inputs));
        self.fx
    }
}

enum Ref {
    Node(NodeId),
    Subgraph(usize),
}

fn collect_in_order(a: &Arg, out: &mut Vec<Ref>) {
    match a {
        Arg::Node(id) => out.push(Ref::Node(*id)),
        Arg::Subgraph(i) => out.push(Ref::Subgraph(*i)),
        Arg::List(items) => {
            for i in items {
                collect_in_order(i, out);
            }
        }
        _ => {}
    }
}

/// The names of a higher-order op's operands (the nodes after its last
/// subgraph argument), which its subgraphs' placeholders take.
fn operand_names(args: &[Arg], names: &HashMap<NodeId, String>) -> Vec<String> {
    let last_subgraph = args
        .iter()
        .rposition(|a| matches!(a, Arg::Subgraph(_)))
        .map_or(0, |i| i + 1);
    let mut read = Vec::new();
    for a in &args[last_subgraph..] {
        collect_in_order(a, &mut read);
    }
    read.into_iter()
        .filter_map(|r| match r {
            Ref::Node(id) => names.get(&id).cloned(),
            Ref::Subgraph(_) => None,
        })
        .collect()
}

/// A subgraph laid out: its placeholders named after the operands the op
/// passes them, its live call nodes in the order they were traced.
fn subgraph_layout(env: &ShapeEnv, g: &Graph, operands: &[String], path: &str) -> FxGraph {
    let names = crate::names::subgraph_node_names(g, operands);
    let subgraph_names = crate::names::nested_subgraph_names(g);
    let live = g.live_nodes();
    let mut layout = Layout::new(env, path, g, names, subgraph_names);
    for (i, n) in g.nodes.iter().enumerate() {
        if matches!(n.op, NodeOp::Placeholder(_)) {
            layout.placeholder(NodeId(i as u32));
        }
    }
    for (i, n) in g.nodes.iter().enumerate() {
        let id = NodeId(i as u32);
        if let NodeOp::CallFunction {
            target,
            args,
            kwargs,
        } = &n.op
            && live[i]
        {
            let recorded = crate::schema::torch_args(target, args, kwargs);
            layout.call(id, recorded, stack_summary(g, id, path));
        }
    }
    layout.finish()
}

/// The comment FX writes above a node: where the code that recorded it
/// is, or nothing for nodes torch's passes inserted.
fn stack_summary(g: &Graph, id: NodeId, path: &str) -> Option<String> {
    let n = g.node(id);
    let Some(line) = n.line else {
        // Traced code without a line in a user file ran inside torch (an
        // nn module exported by itself); only nodes torch's passes insert
        // have no stack at all.
        return (!n.late_named).then(|| "File: torch, code: (torch's own code)".to_string());
    };
    let file = g.node_paths.get(&id).map_or(path, String::as_str);
    Some(format!(
        "File: {file}:{line} in forward, code: {}",
        n.code.as_deref().unwrap_or("")
    ))
}

/// The main graph laid out in the exporter's final order and names.
fn program_layout<'a>(named: &'a NamedProgram, path: &'a str) -> Layout<'a> {
    let p: &TracedProgram = named.program;
    let g = &p.graph;
    let mut layout = Layout::new(
        &p.env,
        path,
        g,
        named.names.clone(),
        crate::names::subgraph_names(named),
    );
    for id in &p.inputs {
        layout.placeholder(*id);
    }
    for id in &named.order {
        let trace = stack_summary(g, *id, path);
        layout.call(*id, crate::names::recorded_args(named, *id), trace);
    }
    layout
}

impl FxGraph {
    /// FX's `print_readable` of this graph as module `class_name`.
    fn readable(&self, class_name: &str) -> String {
        let module_code = format!(
            "class {class_name}(torch.nn.Module):\n{}",
            self.forward_source()
        );
        let mut out = add_indent(&module_code, 4);
        let mut children = vec![String::new()];
        for (name, child) in &self.children {
            children.push(child.readable(name));
        }
        out.push_str(&add_indent(&children.join("\n"), 4));
        out
    }

    /// `def forward(...):` and its body, as FX's code generator writes it.
    fn forward_source(&self) -> String {
        let mut free_vars = vec!["self".to_string()];
        for n in &self.nodes {
            if let FxBody::Placeholder(target) = &n.body {
                free_vars.push(match &n.annotation {
                    Some(a) => format!("{target}: \"{a}\""),
                    None => target.clone(),
                });
            }
        }
        let output_inputs: &[usize] = self.output.as_ref().map_or(&[], |(_, i)| i);
        // Each value's last user, found walking back from the output.
        let mut last_user: HashMap<usize, usize> = HashMap::new();
        let mut last_uses: HashMap<usize, Vec<usize>> = HashMap::new();
        let output_user = self.nodes.len();
        for &i in output_inputs {
            last_user.entry(i).or_insert(output_user);
        }
        for (u, n) in self.nodes.iter().enumerate().rev() {
            for &i in &n.inputs {
                if let std::collections::hash_map::Entry::Vacant(e) = last_user.entry(i) {
                    e.insert(u);
                    last_uses.entry(u).or_default().push(i);
                }
            }
        }
        let mut used = vec![false; self.nodes.len()];
        for n in &self.nodes {
            for &i in &n.inputs {
                used[i] = true;
            }
        }
        for &i in output_inputs {
            used[i] = true;
        }
        let mut body = String::new();
        let mut previous_trace: Option<Option<&str>> = None;
        for (u, n) in self.nodes.iter().enumerate() {
            let rhs = match &n.body {
                FxBody::Placeholder(target) => {
                    if *target != n.name {
                        let _ = writeln!(body, "{} = {target}", n.name);
                    }
                    continue;
                }
                FxBody::Call(rhs) => rhs.clone(),
                FxBody::GetAttr => format!("self.{}", n.name),
            };
            let trace = n.trace.as_deref();
            if previous_trace != Some(trace) {
                previous_trace = Some(trace);
                let _ = write!(
                    body,
                    "\n# {}\n",
                    trace.unwrap_or("No stacktrace found for following nodes")
                );
            }
            let lhs = match &n.annotation {
                Some(a) => format!("{}: \"{a}\"", n.name),
                None => n.name.clone(),
            };
            let _ = write!(body, "{lhs} = {rhs}");
            let mut released: Vec<&str> = last_uses
                .get(&u)
                .map(|v| v.iter().map(|&i| self.nodes[i].name.as_str()).collect())
                .unwrap_or_default();
            if !used[u] {
                released.push(&n.name);
            }
            if released.is_empty() {
                body.push('\n');
            } else {
                let _ = writeln!(body, ";  {} = None", released.join(" = "));
            }
        }
        if let Some((text, _)) = &self.output {
            let _ = writeln!(body, "return {text}");
        }
        let code: Vec<String> = body
            .trim_start_matches('\n')
            .split('\n')
            .map(|l| format!("    {l}"))
            .collect();
        format!(
            "def forward({}):\n{}",
            free_vars.join(", "),
            code.join("\n")
        )
    }
}

/// Python's `_addindent`: every line but the first indented by `spaces`.
fn add_indent(text: &str, spaces: usize) -> String {
    let mut lines = text.split('\n');
    let first = lines.next().unwrap_or("");
    let rest: Vec<String> = lines
        .map(|l| format!("{}{l}", " ".repeat(spaces)))
        .collect();
    if rest.is_empty() {
        return text.to_string();
    }
    format!("{first}\n{}", rest.join("\n"))
}

/// Print a named program as torch's `print(ep)` does.
pub fn print_program(named: &NamedProgram, path: &str) -> String {
    let p: &TracedProgram = named.program;
    let g = &p.graph;
    let module = program_layout(named, path).finish().readable("GraphModule");
    let mut signature = String::from("\n# inputs\n");
    let inputs: Vec<String> = p
        .inputs
        .iter()
        .map(|id| {
            let name = named.name(*id);
            match &g.node(*id).op {
                NodeOp::Placeholder(InputKind::Parameter(t)) => {
                    format!("{name}: PARAMETER target='{t}'")
                }
                NodeOp::Placeholder(InputKind::Buffer { target, persistent }) => format!(
                    "{name}: BUFFER target='{target}' persistent={}",
                    if *persistent { "True" } else { "False" }
                ),
                NodeOp::Placeholder(InputKind::ConstantTensor(t)) => {
                    format!("{name}: CONSTANT_TENSOR target='{t}'")
                }
                _ => format!("{name}: USER_INPUT"),
            }
        })
        .collect();
    signature.push_str(&inputs.join("\n"));
    signature.push_str("\n\n# outputs\n");
    let scope_names = &named.names;
    let outputs: Vec<String> = g
        .outputs
        .iter()
        .map(|o| {
            // A constant output's argument has no name.
            let name = match &o.arg {
                Arg::Node(id) => scope_names.get(id).cloned().unwrap_or_default(),
                _ => String::new(),
            };
            match &o.kind {
                OutputKind::User => format!("{name}: USER_OUTPUT"),
                OutputKind::BufferMutation(t) => format!("{name}: BUFFER_MUTATION target='{t}'"),
                OutputKind::UserInputMutation(t) => {
                    format!("{name}: USER_INPUT_MUTATION target='{t}'")
                }
            }
        })
        .collect();
    signature.push_str(&outputs.join("\n"));
    signature.push('\n');
    let ranges: Vec<String> = p
        .range_constraints
        .iter()
        .map(|(k, lo, hi)| {
            // Float symbols (`zuf0`) range over sympy's reals: `oo`.
            let bound = |b: shapes::Bound| {
                let text = bound_json(b).to_string().trim_matches('"').to_string();
                if k.starts_with('z') {
                    text.replace("int_oo", "oo")
                } else {
                    text
                }
            };
            format!("{k}: VR[{}, {}]", bound(*lo), bound(*hi))
        })
        .collect();
    format!(
        "ExportedProgram:\n    {}\nGraph signature:{}\nRange constraints: {{{}}}\n",
        module.replace('\n', "\n    "),
        signature.replace('\n', "\n    "),
        ranges.join(", ")
    )
}

/// A failed trace's partial graph ([`tracer::TraceResult::partial`]): the
/// ops recorded before the failure at `failed_at`, marked as partial (no
/// outputs, no signature: it is not an exported program).
pub fn print_partial(named: &NamedProgram, path: &str, failed_at: Option<u32>) -> String {
    let place = failed_at.map_or(String::new(), |l| format!(" at line {l}"));
    let mut layout = program_layout(named, path);
    layout.fx.output = None;
    let module = layout.fx.readable("GraphModule");
    format!(
        "Partial program (the export fails{place}; the ops traced before the failure):\n    {}\n            # ... the trace stops here{place}\n",
        module.trim_end().replace('\n', "\n    ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn add_indent_leaves_the_first_line() {
        assert_eq!(add_indent("a\nb\n", 4), "a\n    b\n    ");
        assert_eq!(add_indent("a", 4), "a");
    }

    #[test]
    fn operators_print_as_expressions() {
        let parts = vec!["cond".to_string(), "0".to_string()];
        assert_eq!(
            fill(operator_template("_operator.getitem").unwrap(), &parts),
            "cond[0]"
        );
        assert_eq!(
            fill(
                operator_template("_operator.neg").unwrap(),
                &["s0".to_string()]
            ),
            "-s0"
        );
        assert_eq!(callee("aten.add.Tensor"), "torch.ops.aten.add.Tensor");
        assert_eq!(callee("math.floor"), "math_floor");
        assert_eq!(callee("builtins.round"), "round");
        assert_eq!(
            callee("torch._ops.lib.op.default"),
            "torch.ops.lib.op.default"
        );
    }
}
