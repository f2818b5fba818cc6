#!/usr/bin/env python3
"""Latency and memory benchmark of `exportlens lsp`, driving the real binary
over stdio with a minimal JSON-RPC client (no dependencies).

Measures:
  - start -> initialized: process spawn to the `initialize` response (the
    client sends `initialized` right then), median of --starts runs;
  - edit -> publishDiagnostics on a generated 2,000-line model file (the
    classes of a corpus model repeated under new names), one edit at a time,
    each waiting for the diagnostics of its version: median and p99;
  - the same file without its entry point (every class traced on assumed
    inputs), edits in one class's forward: median and p99;
  - hover latency on a tensor variable of that file: median and p99;
  - RSS (VmRSS, and the peak VmHWM) with 50 corpus model files open.

Usage: scripts/bench-lsp.py [--bin target/release/exportlens] [--edits 300]
Figures go in docs/editors.md ("Language server performance"); nothing here
is a pass/fail test.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = (ROOT / ".." / "shared" / "corpus").resolve()


sys.path.insert(0, str(ROOT / "tests" / "lsp"))
from raw_client import RawServer as Server  # noqa: E402  (the tests' own JSON-RPC client)


def percentile(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    k = min(len(xs) - 1, max(0, int(round(p / 100 * (len(xs) - 1)))))
    return xs[k]


def generate_model(lines: int = 2000) -> tuple[str, int]:
    """A model file of about `lines` lines: the class of
    tutorial/dynamic_model_guards.py repeated under new names, with the
    ExportDB entry point on the last copy. Returns the text and the line of
    `x1 = self.l(w)` in the traced class (0-based)."""
    src = (CORPUS / "tutorial" / "dynamic_model_guards.py").read_text()
    head, _, rest = src.partition("class DynamicModel(torch.nn.Module):")
    body, _, tail = rest.partition("\n\n\nexample_args")
    cls = "class DynamicModel(torch.nn.Module):" + body + "\n\n\n"
    out = head
    i = 0
    while out.count("\n") < lines - 12:
        out += cls.replace("DynamicModel", f"DynamicModel{i}")
        i += 1
    last = f"DynamicModel{i - 1}"
    out += "example_args" + tail.replace("DynamicModel()", f"{last}()")
    # the traced class is the last one: find its x1 line
    lines_ = out.split("\n")
    cls_line = max(i for i, l in enumerate(lines_) if l.startswith(f"class {last}("))
    target_line = next(i for i in range(cls_line, len(lines_)) if "x1 = self.l(w)" in lines_[i])
    return out, target_line


def edit_latencies(s: Server, uri: str, line: int, end: int, edits: int) -> list[float]:
    """Type `  # x` at the end of `line` (its length `end`) and delete it
    again, one edit at a time from version 2, each waiting for the
    diagnostics of its version: the latencies in ms."""
    lat = []
    for i in range(edits):
        typed = i % 2 == 0
        change = {
            "range": {
                "start": {"line": line, "character": end},
                "end": {"line": line, "character": end + (0 if typed else 5)},
            },
            "text": "  # x" if typed else "",
        }
        version = i + 2
        t0 = time.perf_counter()
        s.notify(
            "textDocument/didChange",
            {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]},
        )
        t, _ = s.wait_diagnostics(uri, version)
        lat.append((t - t0) * 1e3)
    return lat


def bench(binary: str, edits: int, starts: int, hovers: int) -> dict:
    results: dict = {}

    # start -> initialized
    times = []
    for _ in range(starts):
        s = Server(binary)
        times.append(s.initialize(ROOT) * 1e3)
        s.close()
    results["start_to_initialized_ms"] = {"median": statistics.median(times), "max": max(times)}

    # edit -> publishDiagnostics on a 2,000-line file
    text, target_line = generate_model(2000)
    nlines = text.count("\n")
    s = Server(binary)
    s.initialize(ROOT)
    uri = "file:///tmp/exportlens-bench/model_2000.py"
    t_open = time.perf_counter()
    s.open(uri, text)
    t, diags = s.wait_diagnostics(uri, 1)
    results["open_2000_lines_ms"] = (t - t_open) * 1e3
    results["lines"] = nlines
    results["diagnostics_on_open"] = len(diags)
    comment_line = 0  # "import torch": edits go at its end and come back
    lat = edit_latencies(s, uri, comment_line, len(text.split("\n")[comment_line]), edits)
    results["edit_to_diagnostics_ms"] = {
        "n": len(lat),
        "median": statistics.median(lat),
        "p99": percentile(lat, 99),
        "max": max(lat),
    }

    # The same file without its entry point: every class is analysed on
    # assumed inputs (issue "every model file speaks"); edits type a comment
    # in the forward of a class in the middle of the file, so that class is
    # traced again on each edit.
    bare = text[: text.rindex("example_args")]
    bare_lines = bare.split("\n")
    middle = next(
        i for i in range(len(bare_lines) // 2, len(bare_lines)) if "x1 = self.l(w)" in bare_lines[i]
    )
    s2 = Server(binary)
    s2.initialize(ROOT)
    uri2 = "file:///tmp/exportlens-bench/modules_2000.py"
    t_open = time.perf_counter()
    s2.open(uri2, bare)
    t, diags2 = s2.wait_diagnostics(uri2, 1)
    results["modules_open_ms"] = (t - t_open) * 1e3
    results["modules_diagnostics_on_open"] = len(diags2)
    lat2 = edit_latencies(s2, uri2, middle, len(bare_lines[middle]), edits)
    results["modules_edit_to_diagnostics_ms"] = {
        "n": len(lat2),
        "median": statistics.median(lat2),
        "p99": percentile(lat2, 99),
    }
    s2.close()

    # hover on `x1` of the traced class
    hl = []
    value = None
    for _ in range(hovers):
        t0 = time.perf_counter()
        t, msg = s.request(
            "textDocument/hover",
            {"textDocument": {"uri": uri}, "position": {"line": target_line, "character": 13}},
        )
        hl.append((t - t0) * 1e3)
        value = msg.get("result")
    results["hover_ms"] = {"n": len(hl), "median": statistics.median(hl), "p99": percentile(hl, 99)}
    results["hover_sample"] = (value or {}).get("contents", {}).get("value", "")[:80]
    s.close()

    # RSS with 50 open corpus model files
    files = sorted(CORPUS.glob("*/*.py"))[:50]
    s = Server(binary)
    s.initialize(ROOT)
    for f in files:
        s.open(f.resolve().as_uri(), f.read_text())
    for f in files:
        s.wait_diagnostics(f.resolve().as_uri(), 1)
    rss, hwm = s.rss_kb()
    results["rss_50_corpus_files_mb"] = {"rss": rss / 1024, "peak": hwm / 1024, "files": len(files)}
    s.close()

    # RSS with 50 copies of the 2,000-line file (worst case)
    s = Server(binary)
    s.initialize(ROOT)
    for i in range(50):
        s.open(f"file:///tmp/exportlens-bench/copy_{i}.py", text)
    for i in range(50):
        s.wait_diagnostics(f"file:///tmp/exportlens-bench/copy_{i}.py", 1)
    rss, hwm = s.rss_kb()
    results["rss_50_files_of_2000_lines_mb"] = {"rss": rss / 1024, "peak": hwm / 1024}
    s.close()
    return results


def bench_library_entry(binary: str, venv: str, edits: int) -> dict:
    """Edit -> publishDiagnostics on a transformers entry file (the tiny
    Llama case of tests/libs), libraries read from `venv`: a comment at
    the end of the file typed and deleted, one edit at a time."""
    import tempfile

    src = (ROOT / "tests/libs/cases/transformers/hf_decoder_llama.py").read_text() + "# edit\n"
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "llama_entry.py"
        path.write_text(src)
        s = Server(binary, env={"VIRTUAL_ENV": str(Path(venv).resolve())})
        s.initialize(Path(tmp))
        uri = path.resolve().as_uri()
        t0 = time.perf_counter()
        s.open(uri, src)
        t, _ = s.wait_diagnostics(uri, 1)
        opened = (t - t0) * 1e3
        line = src.count("\n") - 1
        lat = []
        for version in range(2, 2 + edits):
            if version % 2 == 0:
                rng, text = (6, 6), "x"
            else:
                rng, text = (6, 7), ""
            change = {
                "range": {
                    "start": {"line": line, "character": rng[0]},
                    "end": {"line": line, "character": rng[1]},
                },
                "text": text,
            }
            t0 = time.perf_counter()
            s.notify("textDocument/didChange",
                     {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]})
            t, _ = s.wait_diagnostics(uri, version)
            lat.append((t - t0) * 1e3)
        s.close()
    return {"open_ms": opened, "n": len(lat), "median": statistics.median(lat),
            "p90": percentile(lat, 90), "min": min(lat)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default=str(ROOT / "target" / "release" / "exportlens"))
    ap.add_argument("--edits", type=int, default=300)
    ap.add_argument("--starts", type=int, default=20)
    ap.add_argument("--hovers", type=int, default=300)
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    ap.add_argument("--llama", action="store_true",
                    help="only the tiny transformers Llama entry (libraries from --venv)")
    ap.add_argument("--venv", default=str(ROOT / ".venv-libs"))
    args = ap.parse_args()
    if not Path(args.bin).exists():
        print(f"{args.bin} is missing: cargo build --release -p cli", file=sys.stderr)
        return 2
    if args.llama:
        r = bench_library_entry(args.bin, args.venv, min(args.edits, 60))
        print(f"tiny Llama entry: open -> diagnostics {r['open_ms']:.0f} ms; edit -> publishDiagnostics "
              f"median {r['median']:.1f} ms, p90 {r['p90']:.1f} ms, min {r['min']:.1f} ms ({r['n']} edits)")
        return 0
    r = bench(args.bin, args.edits, args.starts, args.hovers)
    if args.json:
        print(json.dumps(r, indent=2))
        return 0
    e, h = r["edit_to_diagnostics_ms"], r["hover_ms"]
    print(f"start -> initialized:          median {r['start_to_initialized_ms']['median']:.1f} ms "
          f"(max {r['start_to_initialized_ms']['max']:.1f} ms)")
    print(f"open {r['lines']}-line file -> diagnostics: {r['open_2000_lines_ms']:.1f} ms")
    print(f"edit -> publishDiagnostics:    median {e['median']:.2f} ms, p99 {e['p99']:.2f} ms, "
          f"max {e['max']:.2f} ms ({e['n']} edits, {r['lines']}-line file)")
    m = r["modules_edit_to_diagnostics_ms"]
    print(f"same file, no entry point (every module on assumed inputs): open -> diagnostics "
          f"{r['modules_open_ms']:.1f} ms; edit in one forward -> publishDiagnostics median "
          f"{m['median']:.2f} ms, p99 {m['p99']:.2f} ms ({m['n']} edits)")
    print(f"hover:                         median {h['median']:.2f} ms, p99 {h['p99']:.2f} ms ({h['n']} requests)")
    m = r["rss_50_corpus_files_mb"]
    print(f"RSS, {m['files']} corpus files open:   {m['rss']:.1f} MB (peak {m['peak']:.1f} MB)")
    m = r["rss_50_files_of_2000_lines_mb"]
    print(f"RSS, 50 x 2,000-line files open: {m['rss']:.1f} MB (peak {m['peak']:.1f} MB)")
    print(f"hover sample: {r['hover_sample']!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
