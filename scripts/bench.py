#!/usr/bin/env python3
"""Benchmarks of exportlens against the acceptance targets, and against real
torch.export when a torch venv is available. Every figure and ratio printed
is measured in this run; nothing is compared with stored baselines.

Steps:
  1. cargo build --release (the CLI and the bench crate's timing runner).
  2. criterion benches (cargo bench -p bench), unless --no-criterion; their
     medians are read back from target/criterion/**/new/estimates.json.
  3. In-process medians per corpus case (examples/timing.rs, --runs runs
     after 3 warm-ups): the whole `export --json` pipeline, the parse layer,
     the trace layer, the report layer, and the static variant
     (`dynamic_shapes = None` appended) for the symbolic overhead.
  4. Whole processes: `target/release/exportlens export --json CASE`, median
     of --process-runs runs per case, with hyperfine (-N, 3 warm-ups) when
     it is installed, else a Python subprocess timing loop.
  5. torch.export.export per case in strict and non-strict mode
     (scripts/bench_torch.py under $TORCH_PYTHON, default
     /work/torchvenv/bin/python if it exists), unless --no-torch.
  6. A per-case table, overall medians, the `import torch` time, the
     targets (met or missed, by how much), and a Markdown summary.
  7. The library case (server/bench/models/tv_resnet50.py: torchvision's
     resnet50 under .venv-libs, made by tests/libs/prepare.sh; skipped with
     a message when absent): `exportlens check --both --python .venv-libs`
     as a whole process (each run a new process: cold parse cache), and in
     process the first check and the median of further checks reusing the
     parse cache (`timing library`). `--library-only` runs just this step.

usage: scripts/bench.py [--no-criterion] [--no-torch] [--runs N]
                        [--process-runs N] [--torch-runs N] [--only a,b]
                        [--markdown FILE] [--json FILE] [--library-only]
"""
import argparse
import atexit
import glob
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.environ.get("EXPORTLENS_CORPUS", os.path.join(os.path.dirname(ROOT), "shared", "corpus"))
REPRESENTATIVE = ["conv_relu_maxpool", "dynamic_model_guards", "seq_torch_encoder_layer", "mlp_residual_layernorm"]
GENERATED = "generated_wide_50dims"

# Acceptance targets (issue): in-process case <= 1 ms median, whole process
# <= 20 ms, >= 100x faster than torch.export, 200-line/50-dim model <= 5 ms,
# symbolic overhead <= 30 %.
T_INPROC_MS, T_PROCESS_MS, T_SPEEDUP, T_GENERATED_MS, T_SYMBOLIC = 1.0, 20.0, 100.0, 5.0, 0.30
# Library bar: torchvision resnet50, both modes, whole process on a cold
# parse cache <= 50 ms; a further check in the same process <= 10 ms.
LIBRARY_CASE = os.path.join(ROOT, "server", "bench", "models", "tv_resnet50.py")
LIBRARY_VENV = os.path.join(ROOT, ".venv-libs")
T_LIBRARY_PROCESS_MS, T_LIBRARY_AGAIN_MS = 50.0, 10.0


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def run(cmd, **kw):
    log("+ " + " ".join(cmd))
    return subprocess.run(cmd, cwd=ROOT, check=True, **kw)


def median(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def ms(s, digits=2):
    return "n/a" if s is None else f"{s * 1e3:.{digits}f}"


def ratio(a, b):
    return None if a is None or b in (None, 0) else a / b


def mss(s, digits=2):
    """Milliseconds with the unit, or n/a."""
    return "n/a" if s is None else f"{s * 1e3:.{digits}f} ms"


def fx(r, digits=0):
    return "n/a" if r is None else f"{r:,.{digits}f}×"


def machine():
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    rustc = subprocess.run(["rustc", "--version"], capture_output=True, text=True).stdout.strip()
    return {"cpu": cpu, "cores": os.cpu_count(), "os": platform.platform(), "rustc": rustc}


def loadavg():
    try:
        return os.getloadavg()[0]
    except OSError:
        return None


# ---------------------------------------------------------------- criterion

def criterion(args):
    run(["cargo", "bench", "-p", "bench", "--benches", "--quiet", "--", "--noplot"], stdout=sys.stderr)
    out = {}
    for est in glob.glob(os.path.join(ROOT, "target", "criterion", "**", "new", "estimates.json"), recursive=True):
        bench_dir = os.path.dirname(os.path.dirname(est))
        try:
            with open(os.path.join(bench_dir, "new", "benchmark.json")) as f:
                full_id = json.load(f)["full_id"]
            with open(est) as f:
                out[full_id] = json.load(f)["median"]["point_estimate"] / 1e9
        except (OSError, KeyError, ValueError):
            continue
    return out


# ---------------------------------------------------------------- in-process

def in_process(args, timing_bin):
    cmd = [timing_bin, "corpus", "--runs", str(args.runs)]
    if args.only:
        cmd += ["--only", args.only]
    rows = {}
    log("+ " + " ".join(cmd))
    for line in subprocess.run(cmd, check=True, capture_output=True, text=True).stdout.splitlines():
        r = json.loads(line)
        rows[r["case"]] = r
    log("+ " + f"{timing_bin} generated --runs {args.runs}")
    out = subprocess.run([timing_bin, "generated", "--runs", str(args.runs)], check=True,
                         capture_output=True, text=True).stdout
    gen = json.loads(out.splitlines()[0])
    return rows, gen


# ---------------------------------------------------------------- processes

def processes(args, binary, paths):
    """Per path of `exportlens export --json PATH`: (median wall s, CPU s).

    CPU is user + system time of the child: hyperfine's mean, or the median
    over the loop's runs (from the children's rusage)."""
    runs = max(20, args.process_runs)
    out = {}
    hf = None if args.no_hyperfine else shutil.which("hyperfine")
    if hf:
        with tempfile.TemporaryDirectory() as tmp:
            # One hyperfine call per 25 cases keeps the command line short.
            for i in range(0, len(paths), 25):
                chunk = paths[i:i + 25]
                js = os.path.join(tmp, f"hf{i}.json")
                cmd = [hf, "-N", "--warmup", "3", "--runs", str(runs), "--style", "none",
                       "--export-json", js] + [f"{binary} export --json {p}" for p in chunk]
                log(f"+ hyperfine -N --warmup 3 --runs {runs} ... ({len(chunk)} cases)")
                subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
                with open(js) as f:
                    for p, res in zip(chunk, json.load(f)["results"]):
                        out[p] = (res["median"], res["user"] + res["system"])
        return out, f"hyperfine -N, 3 warm-ups, median of {runs} runs"
    log(f"hyperfine not used: Python subprocess loop, {runs} runs per case")
    for p in paths:
        wall, cpu = [], []
        for k in range(runs + 2):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t = time.perf_counter()
            subprocess.run([binary, "export", "--json", p], stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
            dt = time.perf_counter() - t
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            if k >= 2:
                wall.append(dt)
                cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        out[p] = (statistics.median(wall), statistics.median(cpu))
    return out, f"Python subprocess loop, 2 warm-ups, median of {runs} runs"


def library(args, binary, timing_bin):
    """The library case: (text lines, measurements) or a skip message."""
    venv = LIBRARY_VENV
    if not glob.glob(os.path.join(venv, "lib", "python3*", "site-packages", "torchvision", "__init__.py")):
        return [f"library case skipped: no torchvision under {venv} (tests/libs/prepare.sh makes it)"], None
    runs = max(10, args.process_runs)
    cmd = [binary, "check", "--both", "--python", venv, LIBRARY_CASE]
    log("+ " + " ".join(cmd) + f"  (x{runs + 2})")
    wall, cpu = [], []
    for k in range(runs + 2):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        dt = time.perf_counter() - t
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if k >= 2:
            wall.append(dt)
            cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    tcmd = [timing_bin, "library", LIBRARY_CASE, venv, "--runs", str(args.runs)]
    log("+ " + " ".join(tcmd))
    ip = json.loads(subprocess.run(tcmd, cwd=ROOT, check=True, capture_output=True, text=True).stdout)
    m = {"process_s": statistics.median(wall), "process_cpu_s": statistics.median(cpu),
         "first_s": ip["first_ns"] / 1e9, "again_s": ip["again_ns"] / 1e9,
         "again_cpu_s": ip["again_cpu_ns"] / 1e9, "exported": ip["exported"]}
    lines = [
        f"library case: torchvision resnet50, check --both --python .venv-libs ({ip['exported']} of 2 modes exported)",
        f"  whole process (cold parse cache): median {mss(m['process_s'])} wall, {mss(m['process_cpu_s'])} CPU over {runs} runs",
        f"  in process: first check {mss(m['first_s'])}; again (parse cache reused) median {mss(m['again_s'])} wall, "
        f"{mss(m['again_cpu_s'])} CPU over {args.runs} runs",
    ]
    py = None if args.no_torch else torch_python()
    if py:
        # torch.export on the same model in the same run: the torch venv
        # holds torchvision itself.
        _, rows = torch_times(args, py, [LIBRARY_CASE], 3)
        torch_s = both_modes(rows.get(os.path.splitext(os.path.basename(LIBRARY_CASE))[0]))
        if torch_s:
            m["torch_s"] = torch_s
            lines.append(
                f"  torch.export (strict + non-strict, median of 3 after a warm-up): {mss(torch_s)}; "
                f"ratio {torch_s / m['process_s']:,.0f}× (whole process), {torch_s / m['first_s']:,.0f}× (in process, first check)"
            )
    for label, val, tgt in [("whole process ≤ 50 ms", m["process_s"], T_LIBRARY_PROCESS_MS / 1e3),
                            ("second entry in process ≤ 10 ms", m["again_s"], T_LIBRARY_AGAIN_MS / 1e3)]:
        ok = val <= tgt
        lines.append(f"  [{'MET ' if ok else 'MISS'}] {label}: {mss(val)}" + ("" if ok else f" — {val / tgt:.2f}× the target"))
    return lines, m


# ---------------------------------------------------------------- torch

def torch_python():
    tp = os.environ.get("TORCH_PYTHON")
    if tp:
        return tp
    default = "/work/torchvenv/bin/python"
    return default if os.path.exists(default) else None


def torch_times(args, py, paths, runs):
    cmd = [py, os.path.join(ROOT, "scripts", "bench_torch.py"), "--runs", str(runs)] + paths
    log(f"+ {py} scripts/bench_torch.py --runs {runs} ... ({len(paths)} cases)")
    proc = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=sys.stderr, text=True)
    meta, rows = {}, {}
    for line in proc.stdout.splitlines():
        try:
            r = json.loads(line)
        except ValueError:
            continue
        if "case" in r:
            rows[r["case"]] = r
        else:
            meta = r
    return meta, rows


def both_modes(tr):
    """torch seconds for strict + non-strict (exportlens traces both)."""
    if not tr:
        return None
    s, n = tr["strict"].get("median_s"), tr["nonstrict"].get("median_s")
    return None if s is None or n is None else s + n


# ---------------------------------------------------------------- report

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--no-criterion", action="store_true", help="skip cargo bench")
    ap.add_argument("--no-torch", action="store_true", help="skip torch.export")
    ap.add_argument("--runs", type=int, default=30, help="in-process runs per case (median)")
    ap.add_argument("--process-runs", type=int, default=20, help="whole-process runs per case (>= 20)")
    ap.add_argument("--torch-runs", type=int, default=3, help="timed torch.export runs per case and mode")
    ap.add_argument("--torch-sample", type=int, default=0,
                    help="time torch.export on N evenly spaced corpus cases plus the representative ones "
                         "(0: every case); exportlens is still timed on every case")
    ap.add_argument("--torch-generated-runs", type=int, default=1,
                    help="timed torch.export runs of the generated 50-dim model (about 5 s each)")
    ap.add_argument("--no-hyperfine", action="store_true", help="time processes with the Python loop")
    ap.add_argument("--only", help="comma-separated case names")
    ap.add_argument("--exportlens", help="use this exportlens binary (with --timing: skip the build)")
    ap.add_argument("--timing", help="use this examples/timing binary (with --exportlens: skip the build)")
    ap.add_argument("--markdown", help="also write the Markdown summary here")
    ap.add_argument("--json", help="write every measurement here")
    ap.add_argument("--library-only", action="store_true", help="only the library case (step 7)")
    args = ap.parse_args()

    mach = machine()
    load_start = loadavg()
    binary = args.exportlens or os.path.join(ROOT, "target", "release", "exportlens")
    timing_bin = args.timing or os.path.join(ROOT, "target", "release", "examples", "timing")
    if not (args.exportlens and args.timing):
        run(["cargo", "build", "--release", "--quiet", "-p", "cli", "-p", "bench", "--bins", "--examples"],
            stdout=sys.stderr)

    if args.library_only:
        print("\n".join(library(args, binary, timing_bin)[0]))
        return
    crit = {} if args.no_criterion else criterion(args)
    inproc, gen = in_process(args, timing_bin)

    paths = sorted(glob.glob(os.path.join(CORPUS, "*", "*.py")))
    if args.only:
        keep = set(args.only.split(","))
        paths = [p for p in paths if os.path.splitext(os.path.basename(p))[0] in keep]
    name_of = {p: os.path.splitext(os.path.basename(p))[0] for p in paths}
    tmpdir = tempfile.mkdtemp(prefix="exportlens-bench-")
    atexit.register(shutil.rmtree, tmpdir, True)
    gen_path = os.path.join(tmpdir, GENERATED + ".py")
    subprocess.run([timing_bin, "write-generated", gen_path], check=True)

    proc, proc_how = processes(args, binary, paths + [gen_path])

    torch_meta, torch_rows, py = {}, {}, None if args.no_torch else torch_python()
    if py:
        tpaths = paths
        if 0 < args.torch_sample < len(paths):
            step = len(paths) / args.torch_sample
            keep = {paths[int(i * step)] for i in range(args.torch_sample)}
            keep |= {p for p in paths if name_of[p] in REPRESENTATIVE}
            tpaths = [p for p in paths if p in keep]
        torch_meta, torch_rows = torch_times(args, py, tpaths, args.torch_runs)
        if args.torch_generated_runs > 0:
            _, g = torch_times(args, py, [gen_path], args.torch_generated_runs)
            torch_rows.update(g)
    load_end = loadavg()

    # ---- per-case rows
    rows = []
    for p in paths + [gen_path]:
        name = name_of.get(p, GENERATED)
        ip = gen if p == gen_path else inproc.get(name)
        if ip is None:
            continue
        tr = torch_rows.get(name)
        pw, pc = proc.get(p, (None, None))
        sec = lambda key: ip[key] / 1e9  # noqa: E731
        rows.append({
            "case": name, "group": ip["group"], "lines": ip["lines"],
            "inproc_s": sec("full_ns"), "inproc_cpu_s": sec("full_cpu_ns"), "inproc_min_s": sec("full_min_ns"),
            "parse_cpu_s": sec("parse_cpu_ns"), "tree_sitter_cpu_s": sec("tree_sitter_cpu_ns"),
            "trace_cpu_s": sec("trace_cpu_ns"), "report_cpu_s": sec("report_cpu_ns"),
            "serialize_cpu_s": sec("serialize_cpu_ns"),
            "static_s": sec("static_ns"), "static_cpu_s": sec("static_cpu_ns"),
            "symbols": ip["symbols"], "static_symbols": ip["static_symbols"], "ok_runs": ip["ok_runs"],
            "process_s": pw, "process_cpu_s": pc,
            "torch_strict_s": tr["strict"].get("median_s") if tr else None,
            "torch_nonstrict_s": tr["nonstrict"].get("median_s") if tr else None,
            "torch_ok": [tr["strict"].get("ok"), tr["nonstrict"].get("ok")] if tr else None,
            "torch_both_s": both_modes(tr),
        })
    for r in rows:
        # Ratios compare wall clock with wall clock, measured in this run.
        r["speedup_inproc"] = ratio(r["torch_both_s"], r["inproc_s"])
        r["speedup_process"] = ratio(r["torch_both_s"], r["process_s"])
        r["symbolic_overhead"] = ratio(r["inproc_cpu_s"], r["static_cpu_s"])
    corpus_rows = [r for r in rows if r["case"] != GENERATED]
    genrow = next((r for r in rows if r["case"] == GENERATED), None)
    spec_cases = set()
    for p in paths:
        with open(p) as f:
            if any(line.startswith("dynamic_shapes") and "=" in line for line in f):
                spec_cases.add(name_of[p])
    spec_rows = [r for r in corpus_rows if r["case"] in spec_cases]

    # ---- per-case table (text)
    out = []
    w = out.append
    w(f"exportlens benchmarks — {mach['cores']} cores, {mach['cpu']}, {mach['rustc']}")
    if load_start is not None:
        w(f"load average (1 min): {load_start:.2f} at start, {load_end:.2f} at end")
    w(f"in-process: median of {args.runs} runs after 3 warm-ups (examples/timing.rs), thread CPU time and wall clock; "
      f"layers in CPU time. process: {proc_how}, wall clock and user+sys CPU. torch: "
      + (f"{torch_meta.get('torch', '?')}, median of {args.torch_runs} runs after 1 warm-up per mode, "
         "strict + non-strict summed (exportlens traces both); ratios are wall / wall" if torch_rows else "not measured"))
    w("")
    hdr = (f"{'case':32} {'inproc':>7} {'inproc':>7} {'parse':>6} {'(t-s)':>6} {'trace':>6} {'report':>6} "
           f"{'proc':>6} {'proc':>6} {'torch S':>8} {'torch NS':>8} {'torch':>8} {'×':>7} {'×':>7} {'dyn/':>6}")
    w(hdr)
    w(f"{'':32} {'cpu ms':>7} {'wall ms':>7} {'cpu ms':>6} {'cpu ms':>6} {'cpu ms':>6} {'cpu ms':>6} "
      f"{'wall':>6} {'cpu':>6} {'ms':>8} {'ms':>8} {'ms':>8} {'inproc':>7} {'proc':>7} {'static':>6}")
    w("-" * len(hdr))
    for r in rows:
        so = f"{r['symbolic_overhead']:.2f}" if r["case"] in spec_cases or r["case"] == GENERATED else "-"
        w(f"{r['case'][:32]:32} {ms(r['inproc_cpu_s'], 3):>7} {ms(r['inproc_s'], 3):>7} {ms(r['parse_cpu_s'], 3):>6} "
          f"{ms(r['tree_sitter_cpu_s'], 3):>6} {ms(r['trace_cpu_s'], 3):>6} {ms(r['report_cpu_s'], 3):>6} "
          f"{ms(r['process_s'], 2):>6} {ms(r['process_cpu_s'], 2):>6} {ms(r['torch_strict_s'], 1):>8} "
          f"{ms(r['torch_nonstrict_s'], 1):>8} {ms(r['torch_both_s'], 1):>8} "
          f"{fx(r['speedup_inproc']):>7} {fx(r['speedup_process']):>7} {so:>6}")
    w("")

    # ---- overall
    med = lambda key, rs=corpus_rows: median([r[key] for r in rs])  # noqa: E731
    total = lambda key, rs=corpus_rows: sum(r[key] or 0 for r in rs)  # noqa: E731
    layers = total("parse_cpu_s") + total("trace_cpu_s") + total("report_cpu_s")
    sym_med = median([r["symbolic_overhead"] for r in spec_rows])
    sym_agg = ratio(total("inproc_cpu_s", spec_rows), total("static_cpu_s", spec_rows)) if spec_rows else None
    worst = max(corpus_rows, key=lambda r: r["inproc_cpu_s"]) if corpus_rows else None
    over_1ms = [r["case"] for r in corpus_rows if r["inproc_cpu_s"] > T_INPROC_MS / 1e3]
    s = {
        "cases": len(corpus_rows),
        "inproc_median_s": med("inproc_s"),
        "inproc_cpu_median_s": med("inproc_cpu_s"),
        "inproc_min_median_s": med("inproc_min_s"),
        "inproc_cpu_p90_s": quantile([r["inproc_cpu_s"] for r in corpus_rows], 0.9),
        "inproc_cpu_max": [worst["case"], worst["inproc_cpu_s"]] if worst else None,
        "cases_over_1ms_cpu": over_1ms,
        "process_median_s": med("process_s"),
        "process_cpu_median_s": med("process_cpu_s"),
        "process_max_s": max((r["process_s"] for r in corpus_rows if r["process_s"]), default=None),
        "torch_strict_median_s": med("torch_strict_s"),
        "torch_nonstrict_median_s": med("torch_nonstrict_s"),
        "torch_both_median_s": med("torch_both_s"),
        "torch_cases": sum(1 for r in corpus_rows if r["torch_both_s"] is not None),
        "speedup_inproc_median": med("speedup_inproc"),
        "speedup_process_median": med("speedup_process"),
        "speedup_inproc_min": min((r["speedup_inproc"] for r in corpus_rows if r["speedup_inproc"]), default=None),
        "speedup_process_min": min((r["speedup_process"] for r in corpus_rows if r["speedup_process"]), default=None),
        "import_torch_s": torch_meta.get("import_torch_s"),
        "parse_share": ratio(total("parse_cpu_s"), layers),
        "tree_sitter_share": ratio(total("tree_sitter_cpu_s"), layers),
        "trace_share": ratio(total("trace_cpu_s"), layers),
        "report_share": ratio(total("report_cpu_s"), layers),
        "serialize_share": ratio(total("serialize_cpu_s"), layers),
        "corpus_total_cpu_s": total("inproc_cpu_s"),
        "symbolic_overhead_median": sym_med,
        "symbolic_overhead_aggregate": sym_agg,
        "symbolic_cases": len(spec_rows),
        "load_average": [load_start, load_end],
    }
    pct = lambda x: f"{100 * (x or 0):.0f} %"  # noqa: E731
    w(f"corpus ({s['cases']} cases): in-process median {ms(s['inproc_cpu_median_s'], 3)} ms CPU, "
      f"{ms(s['inproc_median_s'], 3)} ms wall (fastest run: {ms(s['inproc_min_median_s'], 3)} ms); p90 {ms(s['inproc_cpu_p90_s'], 3)} ms CPU; "
      f"max {ms(worst['inproc_cpu_s'], 3) if worst else 'n/a'} ms CPU ({worst['case'] if worst else ''}); "
      f"{len(over_1ms)} cases over 1 ms CPU; whole corpus {ms(s['corpus_total_cpu_s'], 1)} ms CPU")
    w(f"  layers over the corpus (CPU): parse {pct(s['parse_share'])} (tree-sitter alone {pct(s['tree_sitter_share'])}), "
      f"trace {pct(s['trace_share'])}, report {pct(s['report_share'])} (serialization alone {pct(s['serialize_share'])})")
    w(f"whole process: median {ms(s['process_median_s'])} ms wall, {ms(s['process_cpu_median_s'])} ms CPU "
      f"(max {ms(s['process_max_s'])} ms wall)")
    if torch_rows:
        w(f"torch.export measured on {s['torch_cases']} corpus cases; ratios' medians are over those")
        w(f"torch.export median: strict {ms(s['torch_strict_median_s'], 1)} ms, non-strict {ms(s['torch_nonstrict_median_s'], 1)} ms, "
          f"both {ms(s['torch_both_median_s'], 1)} ms; import torch {ms(s['import_torch_s'], 0)} ms")
        w(f"speed-up (torch both modes / exportlens, wall): in-process median {fx(s['speedup_inproc_median'])} "
          f"(min {fx(s['speedup_inproc_min'])}), process median {fx(s['speedup_process_median'])} (min {fx(s['speedup_process_min'])})")
    w(f"symbolic overhead (as written / all static, CPU) over {s['symbolic_cases']} cases with a dynamic spec: "
      f"median {fmt_pct(sym_med)}, aggregate {fmt_pct(sym_agg)}")
    if genrow:
        w(f"generated model ({gen.get('class_lines', '?')}-line module, {gen['lines']}-line file, 50 dynamic dims, "
          f"{genrow['symbols'] // 2} symbols per mode, {genrow['ok_runs']}/2 modes export): "
          f"in-process {ms(genrow['inproc_cpu_s'])} ms CPU / {ms(genrow['inproc_s'])} ms wall "
          f"(parse {ms(genrow['parse_cpu_s'])} of which tree-sitter {ms(genrow['tree_sitter_cpu_s'])}, "
          f"trace {ms(genrow['trace_cpu_s'])}, report {ms(genrow['report_cpu_s'])} of which serialization "
          f"{ms(genrow['serialize_cpu_s'])}), process {ms(genrow['process_s'])} ms wall, "
          f"static variant {ms(genrow['static_cpu_s'])} ms CPU"
          + (f", torch {ms(genrow['torch_both_s'], 0)} ms (ok: {genrow['torch_ok']})" if genrow["torch_both_s"] else ""))
    if crit:
        w("")
        w("criterion medians (wall, ms):")
        for k in sorted(crit):
            if not k.startswith("corpus_case/"):
                w(f"  {k:55} {crit[k] * 1e3:9.3f}")
        for name in sorted({k.rsplit('/', 1)[0] for k in crit if k.startswith("symbolic/")}):
            d, st = crit.get(name + "/dynamic"), crit.get(name + "/static")
            if d and st:
                w(f"  {name:55} dynamic/static {d / st:.2f}")
        cases = [v for k, v in crit.items() if k.startswith("corpus_case/")]
        if cases:
            w(f"  corpus_case: median over {len(cases)} cases {median(cases) * 1e3:.3f} ms, max {max(cases) * 1e3:.3f} ms")

    # ---- targets
    w("")
    w("targets:")
    checks = [
        ("in-process parse+trace+export, corpus median ≤ 1 ms (CPU)", s["inproc_cpu_median_s"], T_INPROC_MS / 1e3, "le", "ms"),
        ("in-process parse+trace+export, corpus median ≤ 1 ms (wall)", s["inproc_median_s"], T_INPROC_MS / 1e3, "le", "ms"),
        ("whole process, corpus median ≤ 20 ms (wall)", s["process_median_s"], T_PROCESS_MS / 1e3, "le", "ms"),
        ("≥ 100× faster than torch.export (median, in-process)", s["speedup_inproc_median"], T_SPEEDUP, "ge", "x"),
        ("≥ 100× faster than torch.export (median, whole process)", s["speedup_process_median"], T_SPEEDUP, "ge", "x"),
        ("200-line / 50-dim model ≤ 5 ms (in-process, CPU)", genrow["inproc_cpu_s"] if genrow else None, T_GENERATED_MS / 1e3, "le", "ms"),
        ("200-line / 50-dim model ≤ 5 ms (in-process, wall)", genrow["inproc_s"] if genrow else None, T_GENERATED_MS / 1e3, "le", "ms"),
        ("symbolic overhead ≤ 30 % (median over cases)", None if sym_med is None else sym_med - 1, T_SYMBOLIC, "le", "%"),
        ("symbolic overhead ≤ 30 % (aggregate)", None if sym_agg is None else sym_agg - 1, T_SYMBOLIC, "le", "%"),
    ]
    s["targets"] = []
    for label, val, tgt, op, unit in checks:
        if val is None:
            w(f"  [ -- ] {label}: not measured")
            continue
        ok = val <= tgt if op == "le" else val >= tgt
        shown = {"ms": f"{val * 1e3:.3f} ms", "x": f"{val:,.0f}×", "%": f"{val * 100:+.1f} %"}[unit]
        miss = (f"{val / tgt:.2f}× the target" if op == "le" else f"{tgt / val:.2f}× short") if unit != "%" \
            else f"{(val - tgt) * 100:.1f} points over"
        w(f"  [{'MET ' if ok else 'MISS'}] {label}: {shown}" + ("" if ok else f" — {miss}"))
        s["targets"].append({"target": label, "value": val, "met": ok})
    lib_lines, lib = library(args, binary, timing_bin)
    s["library"] = lib
    w("")
    out.extend(lib_lines)
    print("\n".join(out))

    md = markdown(mach, args, proc_how, torch_meta, rows, s, load_start, load_end, gen)
    print("\n" + md)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(md + "\n")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"machine": mach, "summary": s, "rows": rows, "criterion": crit,
                       "torch": torch_meta}, f, indent=1, default=str)


def quantile(xs, q):
    xs = sorted(x for x in xs if x is not None)
    if not xs:
        return None
    pos = q * (len(xs) - 1)
    lo, hi = int(pos), min(int(pos) + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def fmt_pct(r):
    return "n/a" if r is None else f"{(r - 1) * 100:+.1f} %"


def markdown(mach, args, proc_how, torch_meta, rows, s, load_start, load_end, gen):
    L = []
    a = L.append
    a("### Benchmarks")
    a("")
    load = f", load average {load_start:.1f}–{load_end:.1f} (shared machine)" if load_start is not None else ""
    a(f"Measured with `scripts/bench.sh` on {mach['cores']} cores ({mach['cpu']}), {mach['rustc']}{load}"
      + (f"; torch {torch_meta.get('torch', '?').split('+')[0]} (CPU)." if torch_meta else "."))
    a(f"In-process: the whole `export --json` pipeline (parse, strict and non-strict traces, JSON report) "
      f"in one process, median of {args.runs} runs, thread CPU time (wall clock in parentheses). "
      f"Process: `exportlens export --json CASE`, {proc_how}, wall clock. "
      + ("torch.export: `torch.export.export` after `import torch`, strict and non-strict, "
         f"median of {args.torch_runs} runs after a warm-up, summed (exportlens reports both modes). "
         "Ratios are torch / exportlens wall clock, measured in the same run." if torch_meta else ""))
    a("")
    a("| case | exportlens in-process | exportlens process | torch.export (strict + non-strict) | ratio (in-process) | ratio (process) |")
    a("|---|---:|---:|---:|---:|---:|")
    pick = [r for n in REPRESENTATIVE for r in rows if r["case"] == n] + [r for r in rows if r["case"] == GENERATED]
    for r in pick:
        name = r["case"] if r["case"] != GENERATED else f"generated ({gen.get('class_lines', '?')} lines, 50 dims)"
        a(f"| {name} | {mss(r['inproc_cpu_s'], 3)} ({ms(r['inproc_s'], 3)}) | {mss(r['process_s'], 1)} | "
          f"{mss(r['torch_both_s'], 0)} | {fx(r['speedup_inproc'])} | {fx(r['speedup_process'])} |")
    a(f"| **median over {s['cases']} corpus cases** (torch: {s['torch_cases']}) | **{mss(s['inproc_cpu_median_s'], 3)}** ({ms(s['inproc_median_s'], 3)}) | "
      f"**{mss(s['process_median_s'], 1)}** | **{mss(s['torch_both_median_s'], 0)}** | "
      f"**{fx(s['speedup_inproc_median'])}** | **{fx(s['speedup_process_median'])}** |")
    a("")
    extra = []
    if s["import_torch_s"] is not None:
        extra.append(f"`import torch` alone takes {ms(s['import_torch_s'], 0)} ms")
    extra.append(f"symbolic overhead (each case as written vs. with every dim static, over the "
                 f"{s['symbolic_cases']} cases with a dynamic spec): median {fmt_pct(s['symbolic_overhead_median'])}")
    pct = lambda x: f"{100 * (x or 0):.0f} %"  # noqa: E731
    extra.append(f"time split over the corpus: parse {pct(s['parse_share'])} (tree-sitter {pct(s['tree_sitter_share'])}), "
                 f"trace {pct(s['trace_share'])}, report {pct(s['report_share'])}")
    a("; ".join(extra) + ".")
    return "\n".join(L)


if __name__ == "__main__":
    main()
