//! Quick runs free what they build: the model's values are made by running
//! its code, whose objects hold each other in cycles (a module's functions
//! hold its globals, which hold the model); `run_program` breaks them when
//! it returns. Without that each run of a small model kept about 58 KB, and
//! the checkpoint fuzzer grew to 8 GB in ten minutes. Its own test binary,
//! so that no other test's allocations move the resident set.

use runtime::RunOptions;

const LINEAR: &str = "import torch\nimport torch.nn as nn\n\nclass M(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.l = nn.Linear(2, 1)\n\n    def forward(self, x):\n        return self.l(x)\n\nmodel = M()\nexample_args = (torch.randn(1, 2),)\n";

fn resident_mib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|kb| kb.parse::<u64>().ok())
        .expect("VmRSS")
        / 1024
}

#[test]
fn repeated_quick_runs_keep_the_resident_set_flat() {
    let run = || {
        let runs = runtime::run_source("case.py", LINEAR, &RunOptions::default());
        assert!(runs[0].result.is_ok());
    };
    // Warm up: the prelude, caches and the allocator's pools.
    for _ in 0..100 {
        run();
    }
    let before = resident_mib();
    for _ in 0..1000 {
        run();
    }
    let grown = resident_mib().saturating_sub(before);
    assert!(
        grown < 25,
        "1,000 runs grew the resident set by {grown} MiB"
    );
}
