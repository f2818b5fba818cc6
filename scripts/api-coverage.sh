#!/usr/bin/env bash
# Rewrite docs/api-coverage.md: how many of torch's declared functions
# (server/tracer/data/torch_api.txt) the tracer models, per namespace, and
# which it does not. The test suite checks the file is current
# (server/tracer/tests/api_coverage.rs).
set -euo pipefail
cd "$(dirname "$0")/.."
UPDATE_API_COVERAGE=1 cargo test --release -p tracer --test integration api_coverage::the_coverage_report_is_current -- --exact
sed -n '/| namespace/,/\*\*all\*\*/p' docs/api-coverage.md
