//! Tensor contents computed outside the traced graph: module-level and
//! `__init__` code that builds a configuration with tensor ops and reads
//! it back into Python gets the values eager torch gives (expected values
//! below are what torch 2.15 prints for the same code).

use crate::common;

use common::{exports, holds, outcome, width};
use tracer::TraceOutcome;

#[test]
fn a_false_check_is_seen() {
    // The control for the tests below.
    assert!(!holds("assert torch.tensor([1, 2]).tolist() == [1, 3]"));
    assert!(holds("assert torch.tensor([1, 2]).tolist() == [1, 2]"));
}

#[test]
fn regnet_block_widths_are_computed_as_torch_computes_them() {
    exports(
        "\
depth, w_a, w_0, w_m = 13, 24.48, 24, 2.54
widths_cont = torch.arange(depth) * w_a + w_0
block_capacity = torch.round(torch.log(widths_cont / w_0) / math.log(w_m))
block_widths = (torch.round(torch.divide(w_0 * torch.pow(w_m, block_capacity), 8)) * 8).int().tolist()
assert block_widths == [24, 64, 64, 152, 152, 152, 152, 152, 152, 152, 392, 392, 392]
splits = [w != wp for w, wp in zip(block_widths + [0], [0] + block_widths)]
stage_depths = torch.diff(torch.tensor([d for d, t in enumerate(splits) if t])).int().tolist()
assert stage_depths == [1, 2, 7, 3]
assert len(torch.unique(torch.tensor(block_widths))) == 4
",
    );
}

#[test]
fn float_schedules_round_through_float32() {
    exports(
        "\
dpr = [x.item() for x in torch.linspace(0, 0.1, 4)]
assert dpr == [0.0, 0.03333333507180214, 0.06666666269302368, 0.10000000149011612]
assert torch.arange(0.0, 1.0, 0.25).tolist() == [0.0, 0.25, 0.5, 0.75]
assert torch.arange(start=-2.0, end=3.0, step=1).tolist() == [-2.0, -1.0, 0.0, 1.0, 2.0]
assert torch.ones(3).sum().item() == 3.0
assert torch.eye(2).tolist() == [[1.0, 0.0], [0.0, 1.0]]
",
    );
}

#[test]
fn reductions_indexing_and_scans_read_the_contents() {
    exports(
        "\
assert torch.tensor([3, 1, 2]).max().item() == 3
assert torch.tensor([[1, 2], [3, 4]])[1].tolist() == [3, 4]
assert torch.tensor([1, 2, 3, 4])[1:3].tolist() == [2, 3]
assert torch.tensor([5, 6, 7]).cumsum(0).tolist() == [5, 11, 18]
assert [int(v) for v in torch.tensor([2, 4])] == [2, 4]
assert torch.tensor([1.5, -2.5]).int().tolist() == [1, -2]
assert (torch.tensor([1, 2]) > 1).tolist() == [False, True]
",
    );
}

#[test]
fn in_place_ops_update_or_forget_the_contents() {
    exports(
        "\
t = torch.ones(3)
t.mul_(4)
assert t.tolist() == [4.0, 4.0, 4.0]
",
    );
    // After an element write the contents are no longer followed: the
    // decision on a value read back is data-dependent, never made on the
    // stale contents.
    let written = "t = torch.zeros(3, dtype=torch.long)\nt[1] = 5\nn = int(t.sum().item())";
    match outcome(written, "8 if n != 0 else 16") {
        TraceOutcome::Failed(f) => {
            assert!(
                f.message.contains("depends on tensor data"),
                "{}",
                f.message
            )
        }
        TraceOutcome::Exported(_) => panic!("decided on stale contents"),
    }
}

#[test]
fn computed_values_size_the_model() {
    let w = width("n = int(torch.tensor([2.0, 3.0]).prod().item())", "n + 2");
    assert!(w.contains('8'), "{w}");
}

#[test]
fn unique_with_counts_and_splits_of_a_schedule() {
    exports(
        "\
w, c = torch.unique(torch.tensor([8, 8, 16, 16, 16, 32], device='cpu'), return_counts=True)
assert (w.tolist(), c.tolist()) == ([8, 16, 32], [2, 3, 1])
assert torch.unique(torch.tensor([3, 1, 3]), return_inverse=True)[1].tolist() == [1, 0, 1]
dpr = [x.tolist() for x in torch.linspace(0, 0.1, 6, device='cpu').split([1, 2, 3])]
assert dpr == [[0.0], [0.019999999552965164, 0.03999999910593033], [0.06000000238418579, 0.07999999821186066, 0.10000000149011612]]
assert [t.tolist() for t in torch.arange(6).chunk(3)] == [[0, 1], [2, 3], [4, 5]]
",
    );
}

#[test]
fn window_functions_and_logspace_hold_torchs_values() {
    exports(
        "\
def close(a, b):
    return len(a) == len(b) and all(abs(x - y) < 1e-6 for x, y in zip(a, b))
assert torch.hann_window(4).tolist() == [0.0, 0.5, 1.0, 0.5]
assert torch.hann_window(5, periodic=False).tolist() == [0.0, 0.5, 1.0, 0.5, 0.0]
assert torch.hamming_window(4, False, 0.5, 0.5).tolist() == [0.0, 0.75, 0.7499999403953552, 0.0]
assert torch.bartlett_window(5, periodic=False).tolist() == [0.0, 0.5, 1.0, 0.5, 0.0]
assert close(torch.kaiser_window(6, periodic=False, beta=8.0).tolist(), [0.002338829915970564, 0.2267768234014511, 0.8598017692565918, 0.8598017692565918, 0.2267768234014511, 0.002338829915970564])
assert close(torch.kaiser_window(5).tolist(), [5.2773437346331775e-05, 0.10171971470117569, 0.7929394245147705, 0.7929394245147705, 0.10171971470117569])
assert torch.kaiser_window(1).tolist() == [1.0]
assert torch.logspace(0, 2, 3).tolist() == [1.0, 10.0, 100.0]
assert torch.logspace(0, 3, 4, base=2).tolist() == [1.0, 2.0, 4.0, 8.0]
",
    );
}
