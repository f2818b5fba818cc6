//! Installed libraries' state kept from one trace to the next on a thread
//! (`interp::reuse`): a later trace starts from it instead of running the
//! libraries' code again, and exports exactly what a fresh trace exports,
//! whatever the earlier entries did to that state.

use std::collections::HashMap;
use std::path::PathBuf;
use std::rc::Rc;

use tracer::{
    Mode, SourceFile, TraceOptions, TraceOutcome, TraceResult, Workspace, find_entries,
    trace_entry_with,
};

const SITE: &str = "/venv/lib/python3.11/site-packages";

/// A library in the style of timm and transformers: a registry filled by a
/// decorator, a nested list nothing reads, a global switch with a setter, a class attribute read at
/// construction, a module-level tensor in a module of its own, and a
/// method that stores a function it defines (closing over the model being
/// built) on `nn.Module` the first time it runs.
fn library(width: i64) -> Vec<(String, String)> {
    let init = format!(
        "\
import torch
from torch import nn

WIDTH = {width}
_FUSED = True
REGISTRY = {{}}
HOLDER = [[]]


def register(fn):
    REGISTRY[fn.__name__] = fn
    return fn


def set_fused(value):
    global _FUSED
    _FUSED = value


@register
def small():
    return 1


class Block(nn.Module):
    scale = 2

    def __init__(self):
        super().__init__()
        width = WIDTH * self.scale if _FUSED else WIDTH
        self.fc = nn.Linear(4, width + len(REGISTRY) - 1)
        self.init_weights()

    def init_weights(self):
        if not hasattr(nn.Module, 'lib_apply'):
            def lib_apply(module, fn):
                for child in module.children():
                    lib_apply(child, fn)
                fn(module)
                return module
            setattr(nn.Module, 'lib_apply', lib_apply)
        self.lib_apply(lambda m: None)

    def forward(self, x):
        return self.fc(x).relu()
"
    );
    vec![
        (format!("{SITE}/lib/__init__.py"), init),
        (
            format!("{SITE}/lib/tables.py"),
            "import torch\nTABLE = torch.arange(4).float()\n".to_string(),
        ),
    ]
}

fn workspace(files: &[(String, String)]) -> Rc<Workspace> {
    let map: HashMap<PathBuf, String> = files
        .iter()
        .map(|(p, t)| (PathBuf::from(p), t.clone()))
        .collect();
    Workspace::new(
        Box::new(map),
        vec![PathBuf::from("/w"), PathBuf::from(SITE)],
    )
}

fn entry(prologue: &str) -> String {
    format!(
        "import torch\nimport lib\n{prologue}\nmodel = lib.Block()\nexample_args = (torch.randn(2, 4),)\n"
    )
}

fn trace(files: &[(String, String)], text: &str, mode: Mode, fresh: bool) -> TraceResult {
    let file = SourceFile::parse("/w/m.py", text);
    let entries = find_entries(&file);
    assert_eq!(entries.len(), 1, "one entry");
    let options = TraceOptions {
        workspace: Some(workspace(files)),
        fresh_libraries: fresh,
        ..TraceOptions::default()
    };
    trace_entry_with(file, &entries[0], mode, &options)
}

/// What a trace exported: every node (op, value, line, name), the guards.
fn fingerprint(r: &TraceResult) -> String {
    match &r.outcome {
        TraceOutcome::Exported(p) => format!("{:?}\n{:?}", p.graph.nodes, r.guards),
        TraceOutcome::Failed(f) => panic!("the trace failed: {}", f.message),
    }
}

/// The output width the model was built with.
fn width(r: &TraceResult) -> String {
    match &r.outcome {
        TraceOutcome::Exported(p) => format!("{:?}", p.graph.nodes.last().map(|n| &n.val)),
        TraceOutcome::Failed(f) => panic!("the trace failed: {}", f.message),
    }
}

/// Traces `texts` in order on a thread of their own (its pool starts
/// empty), each reusing what the previous kept, and checks each against a
/// fresh trace of the same entry; returns whether each reused state.
fn traced_in_order(files: &[(String, String)], texts: &[String], mode: Mode) -> Vec<bool> {
    let files = files.to_vec();
    let texts = texts.to_vec();
    std::thread::spawn(move || {
        texts
            .iter()
            .map(|text| {
                let reused = trace(&files, text, mode, false);
                let fresh = trace(&files, text, mode, true);
                assert!(!fresh.reused_libraries);
                assert_eq!(
                    fingerprint(&reused),
                    fingerprint(&fresh),
                    "reusing library state changed the export of:\n{text}"
                );
                reused.reused_libraries
            })
            .collect()
    })
    .join()
    .expect("no panic")
}

#[test]
fn a_second_trace_starts_from_the_library_state_the_first_kept() {
    let files = library(3);
    let text = entry("");
    for mode in [Mode::Strict, Mode::NonStrict] {
        assert_eq!(
            traced_in_order(&files, &[text.clone(), text.clone(), text.clone()], mode),
            [false, true, true],
            "{mode:?}"
        );
    }
}

#[test]
fn a_changed_library_file_runs_again() {
    let before = library(3);
    let after = library(5);
    let text = entry("");
    let (first, second) = std::thread::spawn(move || {
        let first = trace(&before, &text, Mode::NonStrict, false);
        let second = trace(&after, &text, Mode::NonStrict, false);
        (first, second)
    })
    .join()
    .unwrap();
    assert!(!second.reused_libraries, "its text changed");
    assert!(width(&first).contains("6"), "{}", width(&first));
    assert!(width(&second).contains("10"), "{}", width(&second));
}

#[test]
fn configuration_an_entry_sets_is_not_inherited_by_the_next() {
    let files = library(3);
    // A global switch set through the library's setter, and a class
    // attribute set by the entry: the next entry sets neither.
    let texts = [
        entry("lib.set_fused(False)"),
        entry(""),
        entry("lib.Block.scale = 3"),
        entry(""),
    ];
    let reused = traced_in_order(&files, &texts, Mode::NonStrict);
    assert_eq!(reused, [false, false, true, false]);
}

#[test]
fn an_entry_registering_its_own_function_leaves_nothing_behind() {
    let files = library(3);
    let texts = [
        entry("@lib.register\ndef mine():\n    return 2\n"),
        entry(""),
        entry(""),
    ];
    assert_eq!(
        traced_in_order(&files, &texts, Mode::Strict),
        [false, false, true]
    );
}

#[test]
fn library_state_holding_a_tensor_is_not_kept() {
    let files = library(3);
    let text = entry("from lib.tables import TABLE\nwidth = int(TABLE.sum())");
    assert_eq!(
        traced_in_order(&files, &[text.clone(), text], Mode::NonStrict),
        [false, false]
    );
}

#[test]
fn fresh_traces_neither_reuse_nor_keep() {
    let files = library(3);
    let text = entry("");
    let reused = std::thread::spawn(move || {
        trace(&files, &text, Mode::NonStrict, true);
        trace(&files, &text, Mode::NonStrict, false).reused_libraries
    })
    .join()
    .unwrap();
    assert!(!reused);
}

#[test]
fn a_write_into_state_kept_before_is_walked_again() {
    // Each entry after the first starts from kept state and writes into a
    // container of it (the registry dict) something of its own: a function
    // of the entry file, a tensor. The walk after it must see the write
    // although it saw that dict, unchanged, after the trace before.
    let files = library(3);
    let texts = [
        entry(""),
        entry(""),
        entry("lib.REGISTRY['mine'] = lambda: 2"),
        entry(""),
        entry("lib.REGISTRY['table'] = torch.ones(1)"),
        entry(""),
    ];
    assert_eq!(
        traced_in_order(&files, &texts, Mode::Strict),
        [false, true, true, false, true, false]
    );
}

#[test]
fn a_write_deep_inside_state_kept_before_is_walked_again() {
    // Only the inner list (or the function's attributes) is written: the
    // containers holding it are unchanged, and the walk must still find
    // what was put there.
    let files = library(3);
    let texts = [
        entry(""),
        entry(""),
        entry("lib.HOLDER[0].append(1)"),
        entry(""),
        entry("lib.HOLDER[0].append(torch.ones(1))"),
        entry(""),
        entry("lib.small.tag = torch.ones(1)"),
        entry(""),
        entry("lib.HOLDER.append({'inner': [torch.ones(1)]})"),
        entry(""),
    ];
    assert_eq!(
        traced_in_order(&files, &texts, Mode::NonStrict),
        [
            false, true, true, true, true, false, true, false, true, false
        ]
    );
}

#[test]
fn configuration_an_entry_sets_and_restores_keeps_the_state() {
    // timm's `create_model` sets its layer flags for the build and puts
    // them back: the state after it is the state before.
    let files = library(3);
    let texts = [
        entry(""),
        entry("lib.set_fused(False)\nlib.set_fused(True)"),
        entry("lib.Block.scale = 3\nlib.Block.scale = 2"),
        entry(""),
        entry("lib.set_fused(False)\nlib.Block.scale = 2"),
        entry(""),
    ];
    assert_eq!(
        traced_in_order(&files, &texts, Mode::NonStrict),
        [false, true, true, true, true, false]
    );
}
