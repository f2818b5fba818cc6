//! Values nested as deep as the code makes them, and values that contain
//! themselves: comparing, printing, copying, hashing and freeing them
//! never overflows the native stack (these tests run on the test
//! harness's 2 MiB threads). Where CPython raises `RecursionError` so does
//! the tracer, at the line; where CPython copes (`[[...]]`, a deep copy of
//! a cycle, freeing) so does the tracer. Reproducers of
//! `reliability/stack-overflow-selfref-nested`.

use tracer::failure::NoteKind;
use tracer::{Mode, TraceOutcome};

use crate::common::{self, exports, trace_first_entry};

/// The notes of a module whose code is `module` (with a trivial model).
fn module_notes(module: &str) -> Vec<String> {
    let src = format!(
        "import copy\nimport torch\n{module}\n\
class M(torch.nn.Module):\n    def forward(self, x):\n        return x + 1\n\n\
model = M()\nexample_args = (torch.randn(2),)\n"
    );
    let r = trace_first_entry(&src, Mode::NonStrict);
    assert!(
        matches!(r.outcome, TraceOutcome::Exported(_)),
        "the model exports whatever the module code did"
    );
    r.notes
        .iter()
        .filter(|n| n.kind == NoteKind::Incomplete)
        .map(|n| n.message.clone())
        .collect()
}

/// The module code raises `RecursionError` with CPython's `message` at
/// `line` (1-based in the snippet).
fn raises_recursion_error(module: &str, message: &str) {
    let notes = module_notes(module);
    assert!(
        notes.iter().any(|n| n.contains(&format!(
            "RecursionError: maximum recursion depth exceeded{message}"
        ))),
        "{notes:#?}"
    );
}

#[test]
fn a_list_that_contains_itself_prints_as_cpython_prints_it() {
    exports(
        "\
a = []
a.append(a)
assert str(a) == '[[...]]'
assert repr([1, a]) == '[1, [[...]]]'
d = {}
d['k'] = d
assert str(d) == \"{'k': {...}}\"
assert str({1: 'a', 'b': (2,)}) == \"{1: 'a', 'b': (2,)}\"
assert str(set()) == 'set()'
",
    );
}

#[test]
fn a_list_that_contains_itself_equals_itself_and_holds_itself() {
    exports(
        "\
a = []
a.append(a)
assert a == a
assert a in a
assert 1 not in a
",
    );
}

#[test]
fn comparing_two_lists_that_contain_themselves_is_a_recursion_error() {
    raises_recursion_error(
        "a = []\na.append(a)\nb = []\nb.append(b)\ne = a == b\n",
        " in comparison",
    );
    raises_recursion_error(
        "a = []\na.append(a)\nb = []\nb.append(b)\ne = a < b\n",
        " in comparison",
    );
}

#[test]
fn a_recursion_error_can_be_caught() {
    exports(
        "\
a = []
a.append(a)
b = []
b.append(b)
caught = False
try:
    a == b
except RecursionError:
    caught = True
assert caught
",
    );
}

#[test]
fn a_deep_copy_of_a_cycle_is_a_cycle_of_copies() {
    exports(
        "\
import copy
a = [1]
a.append(a)
b = copy.deepcopy(a)
assert b is not a
assert b[1] is b
assert b[0] == 1
d = {'x': [1]}
d['self'] = d
e = copy.deepcopy(d)
assert e['self'] is e
assert e['x'] is not d['x']
s = {1, 2}
t = copy.deepcopy([s, s])
assert t[0] is t[1]
assert t[0] is not s
",
    );
}

#[test]
fn values_nested_past_the_recursion_limit_are_recursion_errors() {
    raises_recursion_error(
        "a = ()\nb = ()\nfor i in range(100000):\n    a = (a,)\n    b = (b,)\ne = a == b\n",
        " in comparison",
    );
    raises_recursion_error(
        "a = []\nfor i in range(10000):\n    a = [a]\ns = str(a)\n",
        " while getting the repr of an object",
    );
    raises_recursion_error(
        "d = {}\nfor i in range(10000):\n    d = {'k': d}\nc = copy.deepcopy(d)\n",
        "",
    );
}

#[test]
fn values_nested_within_the_limit_compare_print_and_copy() {
    exports(
        "\
import copy
a = []
b = []
for i in range(500):
    a = [a]
    b = [b]
assert a == b
assert len(str(a)) == 1002
c = copy.deepcopy(a)
assert c == a
",
    );
}

#[test]
fn deeply_nested_tuples_are_dictionary_keys() {
    exports(
        "\
t = ()
u = ()
for i in range(100000):
    t = (t,)
    u = (u,)
d = {t: 1}
assert u in d
assert hash(t) == hash(u)
p = ()
q = ()
for i in range(64):
    p = (p, p)
    q = (q, q)
assert {p: 2}[q] == 2
",
    );
}

/// Module code that builds a value nested `module` deep, then drops it,
/// runs to its end.
fn frees(module: &str) {
    let notes = module_notes(module);
    assert!(notes.is_empty(), "{notes:#?}");
}

#[test]
fn a_chain_of_100000_closures_is_freed() {
    frees(
        "f = lambda: 0\nfor i in range(100000):\n    f = (lambda g: (lambda: g()))(f)\nf = None\n",
    );
}

#[test]
fn a_list_nested_400000_deep_is_freed() {
    frees("a = []\nfor k in range(4):\n    for i in range(100000):\n        a = [a]\na = None\n");
}

#[test]
fn tuples_and_dicts_nested_100000_deep_are_freed() {
    frees("t = ()\nfor i in range(100000):\n    t = (t, {'k': t})\nt = None\n");
}

#[test]
fn a_linked_list_of_100000_objects_is_freed() {
    frees(
        "class Node:\n    pass\nn = None\nfor i in range(100000):\n    m = Node()\n    m.next = n\n    n = m\nn = None\nm = None\n",
    );
}

#[test]
fn an_object_holding_itself_is_printed_by_its_own_repr() {
    let r = common::trace(
        "class C:\n    def __repr__(self):\n        return 'C(' + repr(self.me) + ')'\nc = C()\nc.me = c\ns = repr(c)\n",
        "4",
    );
    // Python recursion, bounded by the call-depth budget: a note, not a crash.
    assert!(matches!(r.outcome, TraceOutcome::Exported(_)));
}

/// The failure of the first entry of `src` in both modes.
fn entry_failure(src: &str) -> Vec<String> {
    [Mode::Strict, Mode::NonStrict]
        .into_iter()
        .map(|mode| match trace_first_entry(src, mode).outcome {
            TraceOutcome::Failed(f) => f.message,
            TraceOutcome::Exported(_) => panic!("exported in {mode:?}:\n{src}"),
        })
        .collect()
}

#[test]
fn example_inputs_that_hold_themselves_or_nest_past_the_limit_are_recursion_errors() {
    // torch's pytree flattening of the example inputs recurses: a
    // RecursionError, which once overflowed the native stack instead.
    for build in [
        "deep = []\ndeep.append((deep,))",
        "deep = {}\ndeep['k'] = [deep]",
        "deep = torch.randn(2)\nfor i in range(100000):\n    deep = [deep]",
    ] {
        for spec in ["", "dynamic_shapes = {'x': {0: Dim('b')}, 'y': None}\n"] {
            let src = format!(
                "import torch\nfrom torch.export import Dim\n\nclass M(torch.nn.Module):\n    def forward(self, x, y):\n        return x\n\nmodel = M()\n{build}\nexample_args = (torch.randn(2, 4), deep)\n{spec}"
            );
            for message in entry_failure(&src) {
                assert!(
                    message.contains("RecursionError: maximum recursion depth exceeded"),
                    "{message}\n{src}"
                );
            }
        }
    }
}

#[test]
fn outputs_that_hold_themselves_or_nest_past_the_limit_are_recursion_errors() {
    for build in [
        "out = [x]\n        out.append(out)",
        "out = {'x': x}\n        out['me'] = out",
        "out = x\n        for i in range(5000):\n            out = (out,)",
    ] {
        let src = format!(
            "import torch\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n        {build}\n        return out\n\nmodel = M()\nexample_args = (torch.randn(2),)\n"
        );
        for message in entry_failure(&src) {
            assert!(
                message.contains("RecursionError: maximum recursion depth exceeded"),
                "{message}\n{src}"
            );
        }
    }
}

#[test]
fn example_inputs_and_outputs_nested_within_the_limit_export() {
    exports_src(
        "import torch\n\nclass M(torch.nn.Module):\n    def forward(self, x, y):\n        out = x\n        for i in range(200):\n            out = [out]\n        return out\n\nmodel = M()\ndeep = torch.randn(2)\nfor i in range(200):\n    deep = (deep,)\nexample_args = (torch.randn(2), deep)\n",
    );
}

fn exports_src(src: &str) {
    for mode in [Mode::Strict, Mode::NonStrict] {
        let r = trace_first_entry(src, mode);
        assert!(
            matches!(r.outcome, TraceOutcome::Exported(_)),
            "{mode:?}: {:?}",
            match r.outcome {
                TraceOutcome::Failed(f) => f.message,
                TraceOutcome::Exported(_) => String::new(),
            }
        );
    }
}
