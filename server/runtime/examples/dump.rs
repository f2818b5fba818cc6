//! Prints the non-strict graph of a file, node by node, for debugging.
#![allow(clippy::print_stdout)]
use tracer::graph::NodeOp;
use tracer::{Budget, Mode, SourceFile, TraceOutcome};

fn dump(g: &tracer::graph::Graph, ind: &str) {
    for (i, n) in g.nodes.iter().enumerate() {
        match &n.op {
            NodeOp::Placeholder(k) => println!("{ind}%{i} = placeholder {k:?} : {:?}", n.val),
            NodeOp::CallFunction {
                target,
                args,
                kwargs,
            } => {
                println!(
                    "{ind}%{i} = {target}({args:?}, {kwargs:?}) : {:?} line {:?} hidden={} se={}",
                    n.val, n.line, n.hidden, n.side_effect
                )
            }
        }
    }
    println!("{ind}outputs: {:?}", g.outputs);
    for (j, s) in g.subgraphs.iter().enumerate() {
        println!("{ind}subgraph {j}:");
        dump(s, &format!("{ind}    "));
    }
}

fn main() {
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).unwrap();
        let file = SourceFile::parse(&path, &text);
        for e in tracer::find_entries(&file) {
            let r = tracer::trace_entry(file.clone(), &e, Mode::NonStrict, Budget::default());
            println!("=== {path} {}", e.name);
            match &r.outcome {
                TraceOutcome::Exported(p) => {
                    println!("inputs: {:?}", p.inputs);
                    dump(&p.graph, "");
                }
                TraceOutcome::Failed(f) => println!("FAILED {}", f.message),
            }
        }
    }
}
