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

With --llama and/or --resnet50 it measures only library-heavy entry files
(the tiny transformers Llama and torchvision's resnet50 of tests/libs,
libraries from --venv): open -> first and -> traced diagnostics, and edit ->
publishDiagnostics for a comment edit and a code edit (the example input's
last dimension); at most 60 edits of each kind.

Usage: scripts/bench-lsp.py [--bin target/release/exportlens] [--edits 300]
       scripts/bench-lsp.py --llama --resnet50 [--edits 60] [--json]
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


# Library-heavy entry files (tests/libs cases), each with the literal a
# code edit changes: (case file, text before the literal, the literal, the
# values a code edit cycles through).
LIBRARY_CASES = {
    "llama": ("tests/libs/cases/transformers/hf_decoder_llama.py",
              "torch.randint(0, 128, (2, ", "16", [str(v) for v in range(9, 33)]),
    "resnet50": ("tests/libs/cases/torchvision/tv_resnet50.py",
                 "torch.randn(1, 3, 64, ", "64", [str(v) for v in range(33, 97)]),
}


def open_latencies(s: Server, uri: str, text: str) -> tuple[float, float]:
    """Open `uri`: (ms to the first publishDiagnostics of it, ms to its
    traced diagnostics). A server may first publish a cheap pass (syntax
    errors, entry points) and then the traced diagnostics of the same
    version: after the first publication a code-lens request, which the
    server answers from the finished analysis of the newest version (it
    publishes it first; a second request, as the answer may overtake that
    notification), tells when the traced ones came."""
    t0 = time.perf_counter()
    s.open(uri, text)
    t_first, _ = s.wait_diagnostics(uri, 1)
    for _ in range(2):
        s.result("textDocument/codeLens", {"textDocument": {"uri": uri}})
    t_traced = t_first
    while True:
        try:
            t, _ = s.wait_diagnostics(uri, 1, timeout=0.001)
        except Exception:  # noqa: BLE001 (queue.Empty: nothing more came)
            break
        t_traced = t
    return (t_first - t0) * 1e3, (t_traced - t0) * 1e3


def bench_library_entry(binary: str, venv: str, case: str, edits: int) -> dict:
    """Latencies of `binary` on a library-heavy entry file (a case of
    tests/libs), libraries read from `venv`: open -> first and -> traced
    diagnostics; then two kinds of edit, one at a time, each waiting for
    the diagnostics of its version: a comment at the end of the file typed
    and deleted (`comment`), and the literal of the example input's last
    dimension changed to another value (`code`: the model is built and
    traced again on the new input)."""
    import tempfile

    rel, before, literal, values = LIBRARY_CASES[case]
    src = (ROOT / rel).read_text() + "# edit\n"
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"{case}_entry.py"
        path.write_text(src)
        s = Server(binary, env={"VIRTUAL_ENV": str(Path(venv).resolve())})
        s.initialize(Path(tmp))
        uri = path.resolve().as_uri()
        first, traced = open_latencies(s, uri, src)
        version = 1

        def edit(start: tuple[int, int], end: tuple[int, int], text: str) -> float:
            nonlocal version
            version += 1
            change = {
                "range": {
                    "start": {"line": start[0], "character": start[1]},
                    "end": {"line": end[0], "character": end[1]},
                },
                "text": text,
            }
            t0 = time.perf_counter()
            s.notify("textDocument/didChange",
                     {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]})
            t, _ = s.wait_diagnostics(uri, version)
            return (t - t0) * 1e3

        last = src.count("\n") - 1
        comment = [edit((last, 6), (last, 6), "x") if i % 2 == 0 else edit((last, 6), (last, 7), "")
                   for i in range(edits)]
        lines = src.split("\n")
        row = next(i for i, l in enumerate(lines) if before in l)
        col = lines[row].index(before) + len(before)
        code = []
        current = literal
        for i in range(edits):
            new = values[i % len(values)]
            if new == current:
                new = values[(i + 1) % len(values)]
            code.append(edit((row, col), (row, col + len(current)), new))
            current = new
        s.close()

    def figures(lat: list[float]) -> dict:
        return {"n": len(lat), "median": statistics.median(lat), "p90": percentile(lat, 90),
                "min": min(lat)}

    return {"open_first_ms": first, "open_traced_ms": traced,
            "comment": figures(comment), "code": figures(code)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default=str(ROOT / "target" / "release" / "exportlens"))
    ap.add_argument("--edits", type=int, default=300)
    ap.add_argument("--starts", type=int, default=20)
    ap.add_argument("--hovers", type=int, default=300)
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    ap.add_argument("--llama", action="store_true",
                    help="only the tiny transformers Llama entry (libraries from --venv)")
    ap.add_argument("--resnet50", action="store_true",
                    help="only the torchvision resnet50 entry (libraries from --venv)")
    ap.add_argument("--venv", default=str(ROOT / ".venv-libs"))
    args = ap.parse_args()
    if not Path(args.bin).exists():
        print(f"{args.bin} is missing: cargo build --release -p cli", file=sys.stderr)
        return 2
    cases = [c for c, on in (("llama", args.llama), ("resnet50", args.resnet50)) if on]
    if cases:
        out = {}
        for case in cases:
            r = bench_library_entry(args.bin, args.venv, case, min(args.edits, 60))
            out[case] = r
            if args.json:
                continue
            print(f"{case} entry: open -> first diagnostics {r['open_first_ms']:.0f} ms, "
                  f"-> traced diagnostics {r['open_traced_ms']:.0f} ms")
            for kind in ("comment", "code"):
                e = r[kind]
                print(f"  {kind} edit -> publishDiagnostics: median {e['median']:.1f} ms, "
                      f"p90 {e['p90']:.1f} ms, min {e['min']:.1f} ms ({e['n']} edits)")
        if args.json:
            print(json.dumps(out, indent=2))
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
