#!/usr/bin/env bash
# Long fuzzing runs (the test suite runs short ones):
#
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [SEED]      # default 3600 s, a random seed
#
# Runs, in release builds, the pipeline fuzzer (server/spec-tests/tests/fuzz.rs:
# mutated corpus files and grammar-generated models through parse, both
# traces and the reports), the language-server fuzzer
# (server/lsp/tests/fuzz_lsp.rs: malformed JSON-RPC, out-of-range positions,
# edits to unopened documents, interleaved edits) and the checkpoint-reader
# fuzzer (server/interp/tests/fuzz_weights.rs), one after the other, each
# for SECONDS_PER_TARGET. Inputs that panic or hang are written under
# target/fuzz-findings/ (pipeline: also slow ones, and in-flight.py, the
# input a process abort such as a stack overflow interrupted; a run stops
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
cargo test --release -p interp --test fuzz_weights -- --nocapture || status=1
exit $status
