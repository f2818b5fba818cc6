//! A generator of large synthetic models in the ExportDB layout: `n`
//! inputs, each `(a_i, b_i)` with two named `Dim`s (so `2n` dynamic dims),
//! and a `forward` that relates them with elementwise ops, reductions, a
//! `Linear` on a dynamic batch, transposes, and `cat`s whose sizes are sums
//! and sums of products of different inputs' dims. Every dim stays free: no
//! op equates two of them, so the export succeeds with `2n` symbols.
//!
//! With `n = 25` the module is about 200 lines with 50 dynamic dims: the
//! "large model" bench.

use std::fmt::Write as _;

/// Lines of `forward` body emitted per input.
const LINES_PER_INPUT: usize = 7;

/// The source of a model with `n` inputs (`2n` dynamic dims). `n` ≥ 2.
pub fn wide_model(n: usize) -> String {
    let n = n.max(2);
    let mut s = String::new();
    s.push_str("import torch\nfrom torch.export import Dim\n\n\n");
    let _ = writeln!(
        s,
        "class Wide(torch.nn.Module):\n    \"\"\"{n} inputs, {} dynamic dims.\"\"\"\n",
        2 * n
    );
    s.push_str("    def __init__(self):\n        super().__init__()\n");
    for i in 0..n {
        let _ = writeln!(s, "        self.lin{i} = torch.nn.Linear(1, 8)");
    }
    s.push('\n');
    let params: Vec<String> = (0..n).map(|i| format!("x{i}")).collect();
    let _ = writeln!(s, "    def forward(self, {}):", params.join(", "));
    for i in 0..n {
        let j = (i + 1) % n;
        let _ = writeln!(s, "        h{i} = torch.relu(x{i} * 2.0 + 1.0)");
        let _ = writeln!(s, "        r{i} = h{i}.sum(dim=1, keepdim=True)");
        let _ = writeln!(s, "        l{i} = self.lin{i}(r{i})");
        let _ = writeln!(s, "        m{i} = h{i}.mean(dim=0)");
        let _ = writeln!(
            s,
            "        f{i} = torch.cat([x{i}.flatten(), x{j}.flatten()])"
        );
        let _ = writeln!(s, "        t{i} = h{i}.transpose(0, 1) - 0.5");
        let _ = writeln!(s, "        s{i} = f{i}.sum() + t{i}.sum()");
    }
    let list = |p: &str| {
        (0..n)
            .map(|i| format!("{p}{i}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let _ = writeln!(s, "        rows = torch.cat([{}], dim=0)", list("l"));
    let _ = writeln!(s, "        cols = torch.cat([{}])", list("m"));
    s.push_str("        total = s0");
    for i in 1..n {
        let _ = write!(s, " + s{i}");
    }
    s.push_str("\n        return rows, cols, total\n\n\n");
    s.push_str("example_args = (\n");
    for i in 0..n {
        // Distinct example sizes for all 2n dims, none 0 or 1.
        let _ = writeln!(s, "    torch.randn({}, {}),", 2 * i + 3, 2 * i + 4);
    }
    s.push_str(")\ndynamic_shapes = {\n");
    for i in 0..n {
        let _ = writeln!(
            s,
            "    \"x{i}\": (Dim(\"a{i}\", min=2, max=4096), Dim(\"b{i}\", min=2, max=4096)),"
        );
    }
    s.push_str("}\nmodel = Wide()\n");
    s
}

/// Lines of the `Wide` class (module, not the example inputs) for `n` inputs.
pub fn class_lines(n: usize) -> usize {
    let src = wide_model(n);
    let start = src
        .lines()
        .position(|l| l.starts_with("class "))
        .unwrap_or(0);
    let end = src
        .lines()
        .position(|l| l.starts_with("example_args"))
        .unwrap_or(0);
    end.saturating_sub(start)
}

/// Approximate body lines per input (documentation for reports).
pub const fn lines_per_input() -> usize {
    LINES_PER_INPUT
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fifty_dims_about_two_hundred_lines() {
        let src = wide_model(25);
        assert_eq!(src.matches("Dim(\"").count(), 50);
        let lines = class_lines(25);
        assert!((200..=260).contains(&lines), "{lines} lines");
    }

    #[test]
    fn traces_with_fifty_free_symbols() {
        let json = crate::pipeline::export_json("wide.py", &wide_model(25));
        let (entries, ok, syms) = crate::pipeline::summarize(&json);
        assert_eq!((entries, ok), (1, 2), "{json}");
        assert_eq!(syms, 100, "50 range constraints per mode: {json}");
    }
}
