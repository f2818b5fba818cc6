#!/usr/bin/env bash
# Long fuzzing runs (the test suite runs short ones):
#
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [SEED]      # default 3600 s, a random seed
#
# Runs, in release builds, one after the other, each for SECONDS_PER_TARGET:
#
# - the pipeline fuzzer (server/spec-tests/tests/fuzz.rs): mutated corpus
#   files, grammar-generated models (with values that hold themselves or
#   nest 1,000-100,000 deep: tuples, lists, dicts, strings, closures,
#   lambdas, generators, module trees; at module level, in __init__, in
#   forward, as outputs and example inputs) and small packages written to a
#   temp folder (star-import cycles, plain import cycles, modules importing
#   themselves), through parse, both traces on check's 8 MiB stack, the
#   JSON report and the printed program; then the report `check` prints,
#   rendered in every output format, JSON/JSON lines/SARIF parsed back with
#   serde_json and JUnit XML with roxmltree (a parse failure or a count that
#   differs is a finding, and so is a panic the tracer caught);
# - the language-server fuzzer (server/lsp/tests/fuzz_lsp.rs): malformed
#   JSON-RPC and framing, out-of-range positions, edits to unopened
#   documents, interleaved edits, documents with deep and self-referential
#   values and star-import cycles;
# - the checkpoint fuzzer (server/runtime/tests/fuzz_weights.rs): mutated
#   .pt and .safetensors files, random safetensors headers, and .pt files
#   whose pickle is generated from an opcode grammar (state dicts with
#   lying sizes/strides/offsets/storages, random opcode streams, globals of
#   torch's rebuild functions and of anything else, memo references,
#   nesting up to a million deep, memo fan-out, truncation) in torch.save's
#   zip layout, loaded under a 64 MiB --max-memory and run.
#
# Inputs that panic, hang or whose outputs do not parse are written under
# target/fuzz-findings/ (pipeline: also slow ones, and in-flight.py, the
# input a process abort such as a stack overflow interrupted; a package
# input is one file, its modules after `# --- <path>` lines; a run stops
# when its resident set passes EXPORTLENS_FUZZ_MAX_RSS_MIB, default 4096);
# copy them to server/spec-tests/tests/fuzz_regressions/ (or the target's
# own regression list) once fixed. EXPORTLENS_FUZZ_SKIP=N replays a pipeline
# run from its N-th input.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
seconds=${1:-3600}
seed=${2:-$RANDOM$RANDOM}
export EXPORTLENS_FUZZ_INPUTS=18446744073709551615 EXPORTLENS_FUZZ_SECONDS=$seconds EXPORTLENS_FUZZ_SEED=$seed EXPORTLENS_FUZZ_HANG_SECONDS=20 EXPORTLENS_FUZZ_PROGRESS=1
echo "fuzzing each target for ${seconds}s with seed ${seed}"
status=0
cargo test --release -p spec-tests --test fuzz pipeline_fuzz -- --nocapture || status=1
cargo test --release -p lsp --test fuzz_lsp -- --nocapture || status=1
cargo test --release -p runtime --test fuzz_weights -- --nocapture || status=1
exit $status
