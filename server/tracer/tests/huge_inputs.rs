//! Inputs with huge numbers in them, which user code can write anywhere
//! (`10**12`, `2**62`):
//!
//! - a size or element count past int64 is torch's located
//!   `RuntimeError`, never a panic;
//! - builtins that materialize many items at once (`[0] * n`, `a + a`,
//!   `itertools.product`, `tolist()`, string doubling, a dict of 100,000
//!   entries) are bounded by the analysis budget: a count past the loop
//!   limit is "analysis incomplete" before anything is allocated, and what
//!   is built costs steps, so every input finishes quickly in bounded
//!   memory.

use std::time::{Duration, Instant};

use tracer::failure::FailureKind;
use tracer::{Budget, Mode, SourceFile, TraceOutcome, find_entries, trace_entry};

/// Traces a model whose `__init__` runs `init_body` and whose
/// `forward(self, x)` (`x` a `[2, 3]` tensor) runs `forward_body` (each a
/// few lines), in both modes; each mode's failure kind, message and line
/// (`None`: exported). `forward`'s body starts on line 11 when `__init__`'s
/// has one line.
fn trace(init_body: &str, forward_body: &str) -> Vec<Option<(FailureKind, String, Option<u32>)>> {
    let indent = |body: &str| {
        body.lines()
            .map(|l| format!("        {l}\n"))
            .collect::<String>()
    };
    let src = [
        "import itertools\nimport torch\nimport torch.nn as nn\n\n",
        "class M(nn.Module):\n    def __init__(self):\n        super().__init__()\n",
        &indent(init_body),
        "\n    def forward(self, x):\n",
        &indent(forward_body),
        "\nmodel = M()\nexample_args = (torch.randn(2, 3),)\n",
    ]
    .concat();
    let file = SourceFile::parse("m.py", &src);
    let entries = find_entries(&file);
    assert_eq!(entries.len(), 1, "one entry");
    [Mode::Strict, Mode::NonStrict]
        .into_iter()
        .map(
            |mode| match trace_entry(file.clone(), &entries[0], mode, Budget::default()).outcome {
                TraceOutcome::Exported(_) => None,
                TraceOutcome::Failed(f) => Some((f.kind, f.message, f.line)),
            },
        )
        .collect()
}

/// Both modes fail on `line` with a message containing `needle`.
fn fails_with(init_body: &str, forward_body: &str, line: u32, needle: &str) {
    for outcome in trace(init_body, forward_body) {
        let (_, message, at) = outcome.expect("the export fails");
        assert!(message.contains(needle), "{message}");
        assert_eq!(at, Some(line), "{message}");
    }
}

/// `init_body` is analysis incomplete in both modes, with a message
/// containing `needle`, within a few seconds.
fn incomplete_quickly(init_body: &str, needle: &str) {
    let began = Instant::now();
    for outcome in trace(init_body, "return x + 1") {
        let (kind, message, _) = outcome.unwrap_or_else(|| panic!("{init_body}: exported"));
        assert_eq!(kind, FailureKind::Incomplete, "{init_body}: {message}");
        assert!(message.contains(needle), "{init_body}: {message}");
    }
    let took = began.elapsed();
    assert!(took < Duration::from_secs(20), "{init_body}: {took:?}");
}

#[test]
fn a_constructor_past_int64_elements_is_torchs_storage_error() {
    fails_with(
        "pass",
        "return torch.zeros(10**12, 10**12) + x.sum()",
        11,
        "Storage size calculation overflowed with sizes=[1000000000000, 1000000000000]",
    );
}

#[test]
fn an_op_output_past_int64_elements_is_torchs_numel_error() {
    fails_with(
        "pass",
        "y = x.reshape(-1)\nreturn y.expand(2**40, 2**40, 6)",
        12,
        "numel: integer multiplication overflow",
    );
}

#[test]
fn a_size_doubled_by_a_loop_until_it_overflows_is_an_error_at_its_line() {
    // Each pass doubles the length; `k` grows by one: the loop only ends
    // when the size no longer fits int64.
    fails_with(
        "pass",
        "h = x.reshape(-1)\nk = 0\nwhile k < h.shape[0]:\n    k += 1\n    h = h.expand(2, -1).reshape(-1)\nreturn h",
        15,
        "numel: integer multiplication overflow",
    );
}

#[test]
fn repeat_and_repeat_interleave_past_int64_are_errors_not_panics() {
    fails_with("pass", "return x.repeat(2**62, 4)", 11, "overflows int64");
    fails_with(
        "pass",
        "return x.repeat_interleave(2**62)",
        11,
        "overflows int64",
    );
}

#[test]
fn a_huge_arange_outside_forward_is_a_size_not_a_list() {
    let began = Instant::now();
    let outcomes = trace(
        "self.register_buffer('index', torch.arange(2**31))",
        "return x + self.index[:3]",
    );
    assert!(
        began.elapsed() < Duration::from_secs(10),
        "{:?}",
        began.elapsed()
    );
    assert_eq!(outcomes, vec![None, None]);
}

#[test]
fn repeated_sequences_past_the_loop_limit_are_refused_before_allocation() {
    incomplete_quickly(
        "self.a = [0] * 10**9",
        "a repeated sequence of 1000000000 items is too long",
    );
    incomplete_quickly(
        "self.a = (1,) * 10**12",
        "a repeated sequence of 1000000000000 items is too long",
    );
}

#[test]
fn nested_repetition_runs_out_of_steps_not_memory() {
    incomplete_quickly(
        "self.a = [[0] * 10**4 for _ in range(10**4)]",
        "step budget",
    );
}

#[test]
fn doubling_a_list_or_a_string_in_a_loop_stops_at_the_limit() {
    incomplete_quickly(
        "a = [1]\nfor _ in range(64):\n    a = a + a",
        "a list of 131072 items is too long",
    );
    incomplete_quickly(
        "a = [1]\nfor _ in range(64):\n    a.extend(a)",
        "a list of 131072 items is too long",
    );
    incomplete_quickly(
        "a = 'ab'\nfor _ in range(64):\n    a = a + a",
        "a string of 2097152 bytes is too long",
    );
    incomplete_quickly(
        "a = 'ab'\nfor _ in range(64):\n    a = '-'.join([a, a])",
        "bytes is too long",
    );
    incomplete_quickly(
        "a = 'ab' * 10**12",
        "a string of 2000000000000 bytes is too long",
    );
}

/// `reliability/bytes-n-memory-blowup`: `bytes(10**9)` took 3.8 GB.
#[test]
fn a_huge_bytes_object_is_refused_before_allocation() {
    incomplete_quickly(
        "self.pad = bytes(10**9)",
        "a bytes object of 1000000000 bytes is too long to follow (limit 1048576 bytes)",
    );
    fails_with(
        "self.pad = 0",
        "b = bytes(3 * 10**9)\nreturn x",
        11,
        "a bytes object of 3000000000 bytes is too long",
    );
    fails_with(
        "self.pad = 0",
        "b = bytes(-1)\nreturn x",
        11,
        "ValueError: negative count",
    );
    assert_eq!(
        trace("self.pad = bytes(1000)", "return x + len(self.pad)"),
        vec![None, None]
    );
}

#[test]
fn combinatorial_itertools_are_counted_before_they_are_built() {
    incomplete_quickly(
        "self.n = len(list(itertools.product([0, 1], repeat=100000)))",
        "`itertools.product` of more than 2**128 items",
    );
    incomplete_quickly(
        "self.n = len(list(itertools.permutations(range(20))))",
        "`itertools.permutations` of 2432902008176640000 items",
    );
    incomplete_quickly(
        "self.n = len(list(itertools.combinations(range(100), 50)))",
        "`itertools.combinations` of 100891344545564193334812497256 items",
    );
    incomplete_quickly(
        "self.n = len(list(itertools.repeat(1, 10**12)))",
        "`itertools.repeat` of 1000000000000 items",
    );
}

#[test]
fn reading_a_huge_tensor_back_into_python_is_refused() {
    incomplete_quickly(
        "self.a = torch.randn(10**5, 10**4).tolist()",
        "`tolist()` of 1000000000 items",
    );
    incomplete_quickly(
        "self.a = [r for r in torch.zeros(10**12, 2)]",
        "a tensor's rows of 1000000000000 items",
    );
}

#[test]
fn small_bulk_work_still_computes_python_values() {
    // Within the limits the values are Python's: the model exports.
    let began = Instant::now();
    let outcomes = trace(
        "d = {i: i * i for i in range(100000)}\n\
         assert d[99999] == 99999 * 99999 and len(d) == 100000\n\
         assert len(list(itertools.product([0, 1], repeat=10))) == 1024\n\
         assert len([0] * 1000 + [1] * 1000) == 2000\n\
         assert 'ab' * 2 + 'cd' == 'ababcd' and 3 * 'x' == 'xxx' and 'x' * -1 == ''\n\
         assert len(torch.zeros(10, 10).tolist()) == 10",
        "return x + 1",
    );
    assert_eq!(outcomes, vec![None, None]);
    assert!(
        began.elapsed() < Duration::from_secs(20),
        "{:?}",
        began.elapsed()
    );
}
