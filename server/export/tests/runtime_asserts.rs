//! torch's runtime-assertion pass on values read from data: after the node
//! binding each unbacked symbol, the assertion of its range, then of each
//! relation tracing assumed and could not decide, in torch's canonical
//! form, lowered to `_operator` calls in sympy's argument order and reusing
//! the nodes that already compute a subexpression. Each expectation was
//! read off `torch.export.export` (torch 2.15) on the same model.

use crate::common;

use tracer::Mode;

/// The program's nodes in final order: (name, target, value as printed).
fn nodes(src: &str, mode: Mode) -> Vec<(String, String, String)> {
    let p = common::exported(src, mode);
    let named = export::name_program(&p, mode);
    named
        .order
        .iter()
        .map(|id| {
            let n = p.graph.node(*id);
            let val = export::report::val_json(&p.env, &n.val);
            (
                named.name(*id).to_string(),
                n.target().unwrap_or("").to_string(),
                val.get("expr")
                    .or_else(|| val.get("shape"))
                    .and_then(|v| v.as_str())
                    .unwrap_or("")
                    .to_string(),
            )
        })
        .collect()
}

fn node(name: &str, target: &str, val: &str) -> (String, String, String) {
    (name.to_string(), target.to_string(), val.to_string())
}

const VIEW_TO_ANOTHER_UNBACKED_SHAPE: &str = "import torch

class M(torch.nn.Module):
    def forward(self, t):
        items = [t[i].item() for i in range(t.numel())]
        r = torch.randn([items[0], items[1]])
        return r.view(items[0], items[2])

model = M()
example_args = (torch.tensor([1, 4, 4], dtype=torch.int32),)
";

#[test]
fn an_element_count_check_on_data_is_asserted_after_its_last_symbol() {
    for mode in [Mode::NonStrict, Mode::Strict] {
        assert_eq!(
            nodes(VIEW_TO_ANOTHER_UNBACKED_SHAPE, mode),
            [
                node("select", "aten.select.int", "[]"),
                node("item", "aten.item.default", "u0"),
                node("ge", "_operator.ge", "u0 >= 0"),
                node("_assert_scalar_default", "aten._assert_scalar.default", ""),
                node("select_1", "aten.select.int", "[]"),
                node("item_1", "aten.item.default", "u1"),
                node("ge_1", "_operator.ge", "u1 >= 0"),
                node(
                    "_assert_scalar_default_1",
                    "aten._assert_scalar.default",
                    ""
                ),
                node("select_2", "aten.select.int", "[]"),
                node("item_2", "aten.item.default", "u2"),
                // The view's requested size is checked not negative.
                node("ge_2", "_operator.ge", "u2 >= 0"),
                node(
                    "_assert_scalar_default_2",
                    "aten._assert_scalar.default",
                    ""
                ),
                node("mul", "_operator.mul", "u0*u1"),
                node("mul_1", "_operator.mul", "u0*u2"),
                node("eq", "_operator.eq", "Eq(u0*u1, u0*u2)"),
                node(
                    "_assert_scalar_default_3",
                    "aten._assert_scalar.default",
                    ""
                ),
                node("randn", "aten.randn.default", "[u0, u1]"),
                node("view", "aten.view.default", "[u0, u2]"),
            ],
            "{mode:?}"
        );
    }
}

const EXPAND_TO_HALF_AN_ITEM: &str = "import torch

class Model(torch.nn.Module):
    def forward(self, x, repeat):
        u0 = repeat.item()
        t1 = x.unsqueeze(1).expand(x.size(0), u0 // 2, x.size(-1))
        return t1 * 2

model = Model()
example_args = (torch.randn(4, 3), torch.scalar_tensor(2, dtype=torch.int))
";

#[test]
fn a_number_on_the_left_compares_from_the_right_and_traced_arithmetic_is_reused() {
    let nodes = nodes(EXPAND_TO_HALF_AN_ITEM, Mode::NonStrict);
    assert_eq!(
        nodes[..6],
        [
            node("item", "aten.item.default", "u0"),
            // `(u0//2) >= 0` taught `u0 >= 0`.
            node("ge", "_operator.ge", "u0 >= 0"),
            node("_assert_scalar_default", "aten._assert_scalar.default", ""),
            // `0 <= (u0//2)` runs as `(u0//2) >= 0`; the traced `u0 // 2`
            // (named `floordiv` when traced) is replaced by the pass's.
            node("floordiv_1", "_operator.floordiv", "(u0//2)"),
            node("ge_1", "_operator.ge", "0 <= (u0//2)"),
            node(
                "_assert_scalar_default_1",
                "aten._assert_scalar.default",
                ""
            ),
        ]
    );
    assert!(!nodes.iter().any(|(name, _, _)| name == "floordiv"));
}

const CHECKED_SUM: &str = "import torch

class M1(torch.nn.Module):
    def forward(self, x1, x2, x3, y):
        z1 = x1.item()
        z2 = x2.item()
        z3 = x3.item()
        torch._check(z1 == (z2 + z3))
        if z2 + z3 == z1:
            return y * 2
        else:
            return y + 3

model = M1()
example_args = (torch.tensor(6), torch.tensor(3), torch.tensor(3), torch.randn(1))
";

#[test]
fn a_checked_relation_between_items_decides_the_same_question_later() {
    // No replacement by a value read from data: u0 stays, and the
    // relation is an axiom that decides the `if`.
    assert_eq!(
        nodes(CHECKED_SUM, Mode::NonStrict),
        [
            node("item", "aten.item.default", "u0"),
            node("item_1", "aten.item.default", "u1"),
            node("item_2", "aten.item.default", "u2"),
            node("add_2", "_operator.add", "u1 + u2"),
            node("eq_2", "_operator.eq", "Eq(u0, u1 + u2)"),
            node("_assert_scalar_default", "aten._assert_scalar.default", ""),
            node("mul", "aten.mul.Tensor", "[1]"),
        ]
    );
}

const NORMALIZED_BY_AN_ITEM: &str = "import torch

class MyModel(torch.nn.Module):
    def forward(self, scalar, weight, bias):
        u1 = scalar.item()
        y = torch.ones(2, u1)
        return torch.nn.functional.layer_norm(
            input=y, normalized_shape=(u1,), weight=weight, bias=bias
        )

model = MyModel()
example_args = (torch.scalar_tensor(16, dtype=torch.int32), torch.randn(16), torch.randn(16))
";

#[test]
fn an_item_equal_to_a_number_is_replaced_and_its_checks_print_true() {
    assert_eq!(
        nodes(NORMALIZED_BY_AN_ITEM, Mode::NonStrict),
        [
            node("item", "aten.item.default", "16"),
            node("ge", "_operator.ge", "True"),
            node("_assert_scalar_default", "aten._assert_scalar.default", ""),
            node("le", "_operator.le", "True"),
            node(
                "_assert_scalar_default_1",
                "aten._assert_scalar.default",
                ""
            ),
            node("eq", "_operator.eq", "True"),
            node(
                "_assert_scalar_default_2",
                "aten._assert_scalar.default",
                ""
            ),
            node("ones", "aten.ones.default", "[2, 16]"),
            node("layer_norm", "aten.layer_norm.default", "[2, 16]"),
        ]
    );
}

const SAME_ITEM_TWICE: &str = "import torch

class M1(torch.nn.Module):
    def forward(self, x, y):
        b = x.item()
        torch._check_is_size(b)
        torch._check(b < y.size(0))
        return y[:b]

class M3(torch.nn.Module):
    def forward(self, x, y):
        b = x.item()
        torch._check_is_size(b)
        torch._check(b < y.size(0) * 2)
        return y[:b]

class M2(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.m1 = M1()
        self.m3 = M3()

    def forward(self, x, y):
        return self.m1(x, y) + self.m3(x, y)

model = M2()
example_args = (torch.tensor(3), torch.randn(10))
dynamic_shapes = {'x': None, 'y': (torch.export.Dim('moo'),)}
";

#[test]
fn reading_a_tensor_item_again_is_the_same_symbol() {
    // The second `.item()` is u0 again and merged into the first read;
    // each `_check_is_size` took a `ge` name when traced.
    assert_eq!(
        nodes(SAME_ITEM_TWICE, Mode::NonStrict),
        [
            node("sym_size_int_1", "aten.sym_size.int", "s17"),
            node("item", "aten.item.default", "u0"),
            node("ge_2", "_operator.ge", "u0 >= 0"),
            node("_assert_scalar_default", "aten._assert_scalar.default", ""),
            node("lt_2", "_operator.lt", "u0 < s17"),
            node(
                "_assert_scalar_default_1",
                "aten._assert_scalar.default",
                ""
            ),
            node("mul_1", "_operator.mul", "2*s17"),
            node("lt_3", "_operator.lt", "u0 < 2*s17"),
            node(
                "_assert_scalar_default_2",
                "aten._assert_scalar.default",
                ""
            ),
            node("slice_1", "aten.slice.Tensor", "[u0]"),
            node("slice_2", "aten.slice.Tensor", "[u0]"),
            node("add", "aten.add.Tensor", "[u0]"),
        ]
    );
}

#[test]
fn strict_mode_names_a_float_item_again_as_a_float_symbol() {
    // Dynamo's trace and the ATen re-trace each make the float: zuf0, zuf1.
    let src = "import torch

class M(torch.nn.Module):
    def forward(self, tensor):
        return tensor.item()

model = M()
example_args = (torch.tensor([3.14], dtype=torch.float),)
";
    let names = |mode| -> Vec<String> {
        common::exported(src, mode)
            .range_constraints
            .iter()
            .map(|(name, _, _)| name.clone())
            .collect()
    };
    assert_eq!(names(Mode::Strict), ["zuf0", "zuf1"]);
    assert_eq!(names(Mode::NonStrict), ["zuf0"]);
}
