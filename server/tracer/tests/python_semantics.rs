//! Python semantics as library code relies on them, checked with
//! module-level asserts run through the tracer (see `common::holds`).

mod common;

use common::{exports, holds};

#[test]
fn a_false_check_is_seen() {
    assert!(!holds("assert 1 + 1 == 3"));
}

#[test]
fn a_partial_of_a_partial_flattens() {
    exports(
        "\
import functools
def f(a, b=0, c=0):
    return a + b + c
p = functools.partial(functools.partial(f, b=1), c=2)
assert p.func is f
assert p.keywords == {'b': 1, 'c': 2}
assert p(1) == 4
q = functools.partial(functools.partial(f, 1), 2)
assert q.args == (1, 2)
assert q() == 3
",
    );
}

#[test]
fn containers_compare_by_value() {
    exports(
        "\
assert {'b': 1, 'c': 2} == {'c': 2, 'b': 1}
assert {'b': 1} != {'b': 2}
assert [1, (2, 3)] == [1, (2, 3)]
assert {1, 2} == {2, 1}
",
    );
}

#[test]
fn a_list_never_equals_a_tuple() {
    exports(
        "\
assert [1, 2] != (1, 2)
assert not ([1] == (1,))
",
    );
}

#[test]
fn torch_version_compares_as_a_version() {
    exports(
        "\
import torch
assert torch.__version__ >= '2.2'
assert not torch.__version__ < '1.5'
assert torch.__version__ > '2.9.1'
assert torch.__version__.split('.')[0] == '2'
",
    );
}
