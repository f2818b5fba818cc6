#!/usr/bin/env python3
"""The differential yardstick: exportlens against real torch on cases
generated from torch's own test databases and from random programs
(gen_random.py), and hand-written ones (issue 13).

Each source is a folder tests/difftest/SOURCE/ with its cases (cases.jsonl
from a generator, or hand-written cases/NAME.py; see cases.py) and truth.jsonl
({"case", "expected"}, written by regen_truth.py with real torch). This
script needs no torch: it writes every case to a temporary folder, runs
`exportlens export --json` on it (2 at a time) and scores the reports with
../shared/tools/compare.py through tests/corpus/scoring.py.

A source's bar decides what "agrees" means there (BARS): for opinfo, the
verdict, the ops and the shapes and dtypes of every node; elsewhere every
check. Prints per source the agreement, per-check rates, static against
dynamic, the ops or models that disagree most, the most common reasons and,
in more detail, the most common first differences (which op, which node's
value, which name or guard; see `difference`); `--list` prints every
disagreeing case-mode with its first differing check.

The ratchet of a source, tests/difftest/SOURCE/ratchet.json, lists the
case-modes that agree; the default run fails when one of them regresses.

usage: difftest_score.py [SOURCE ...] [--bin PATH] [--jobs N] [--list] [--update-ratchet [--allow-regress]]
"""
import importlib.util
import json
import re
import sys
import tempfile
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "corpus"))
import scoring  # noqa: E402
from cases import load_cases, source_digest  # noqa: E402


def _library_yardstick():
    """tests/libs/score.py, whose scoring record and report helpers this reuses."""
    spec = importlib.util.spec_from_file_location("libs_score", HERE.parent / "libs" / "score.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


libscore = _library_yardstick()


def _compare_module():
    """../shared/tools/compare.py, whose canonical renaming and guard parsing `difference` reuses."""
    spec = importlib.util.spec_from_file_location("compare", scoring.COMPARE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


compare = _compare_module()

SOURCES = ("opinfo", "modules", "export_tests", "graph_breaks", "random")
# The checks a case-mode must pass to count as agreeing, per source (absent: every check).
BARS = {"opinfo": ("verdict", "ops", "shapes"), "graph_breaks": ("verdict", "code", "line")}
JOBS = 2
TIMEOUT_S = 60


def load_jsonl(path):
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def find_cases(sources):
    """({source: {case: row}}, {case: expected}, problems)."""
    groups, expected, problems = {}, {}, []
    for source in sources:
        cases = load_cases(source)
        rows = load_jsonl(HERE / source / "truth.jsonl")
        truth = {r["case"]: r["expected"] for r in rows}
        stale = sorted(r["case"] for r in rows
                       if r["case"] in cases and r.get("source_digest") != source_digest(cases[r["case"]]["source"]))
        if stale:
            problems.append(f"{source}: {len(stale)} cases changed since their ground truth was made, "
                            f"e.g. {stale[:3]} (run tests/difftest/regen_truth.py {source} --only-missing)")
            for name in stale:
                del truth[name]
        if not cases:
            continue
        missing = sorted(set(cases) - set(truth))
        if missing:
            problems.append(f"{source}: {len(missing)} cases without ground truth, e.g. {missing[:3]} "
                            f"(run tests/difftest/regen_truth.py {source})")
        groups[source] = {n: cases[n] for n in sorted(set(cases) & set(truth))}
        expected.update({n: truth[n] for n in groups[source]})
    return groups, expected, problems


def agrees(source, row):
    bar = BARS.get(source)
    if bar is None:
        return row["pass"]
    return all(row["checks"].get(c, True) for c in bar)


def score(sources, binary=scoring.BINARY, python=sys.executable, jobs=JOBS):
    groups, expected, problems = find_cases(sources)
    if not Path(binary).is_file():
        raise FileNotFoundError(f"{binary} is missing: build it with `cargo build --release -p cli`")
    cases = {n: c for g in groups.values() for n, c in g.items()}
    result = libscore.LibScoring(cases, problems, groups={g: sorted(c) for g, c in groups.items()},
                                 expected=expected)
    with tempfile.TemporaryDirectory(prefix="exportlens-difftest-") as tmp:
        exp_dir, act_dir, src_dir = Path(tmp, "expected"), Path(tmp, "actual"), Path(tmp, "cases")
        for d in (exp_dir, act_dir, src_dir):
            d.mkdir()
        for name, row in cases.items():
            (exp_dir / f"{name}.expected.json").write_text(json.dumps(expected[name]))
            (src_dir / f"{name}.py").write_text(row["source"])

        def run(name):
            out = act_dir / f"{name}.json"
            return name, out, scoring.run_cli(binary, src_dir / f"{name}.py", out, (), TIMEOUT_S)

        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            for name, out, err in pool.map(run, sorted(cases)):
                result.record(name, out, err)
        result.scoreboard, result.rows = scoring.compare(exp_dir, act_dir, python)
    for source in groups:
        for k, row in result.group_rows(source).items():
            row["agrees"] = agrees(source, row)
    return result


def agreeing(result):
    return sorted(k for k, r in result.rows.items() if r.get("agrees"))


def split_rows(rows, predicate):
    return {k: r for k, r in rows.items() if predicate(k)}


def summary(result, source):
    """Lines: agreement overall, static/dynamic, per mode, per check."""
    rows = result.group_rows(source)
    rate = libscore.rate
    out = [f"[{source}] {len(result.groups[source])} cases, {len(rows)} case-modes; "
           f"agree ({', '.join(BARS.get(source) or ('every check',))}): "
           f"{rate(sum(r['agrees'] for r in rows.values()), len(rows))}; "
           f"every check {rate(sum(r['pass'] for r in rows.values()), len(rows))}"]
    def lib_op(k):
        return result.cases[k.split(" ")[0]].get("lib_op", False)

    def is_static(k):
        return k.split(" ")[0].endswith("_s")

    parts = [("strict", lambda k: k.endswith("[strict]")),
             ("nonstrict", lambda k: k.endswith("[nonstrict]"))]
    if all(k.split(" ")[0].endswith(("_s", "_d")) for k in rows):  # generated: static and dynamic twins
        parts = [("static", is_static), ("dynamic", lambda k: not is_static(k))] + parts
    if any(lib_op(k) for k in rows):
        parts += [("ops of library graphs", lib_op),
                  ("ops of library graphs, static", lambda k: lib_op(k) and is_static(k)),
                  ("ops of library graphs, dynamic", lambda k: lib_op(k) and not is_static(k)),
                  ("ops of library graphs, strict", lambda k: lib_op(k) and k.endswith("[strict]")),
                  ("ops of library graphs, nonstrict", lambda k: lib_op(k) and k.endswith("[nonstrict]"))]
    for label, pred in parts:
        part = split_rows(rows, pred)
        if part:
            out.append(f"  {label}: agree {rate(sum(r['agrees'] for r in part.values()), len(part))}")
    out.append(f"  per check: {libscore.check_rates(rows)}")
    return out


def by_key(result, source, key_of):
    """{key: (agreeing, total)} over a source's case-modes."""
    table = defaultdict(lambda: [0, 0])
    for k, r in result.group_rows(source).items():
        cell = table[key_of(k.split(" ")[0])]
        cell[0] += r["agrees"]
        cell[1] += 1
    return table


def _general(text):
    """A difference without what varies from case to case: numbers and input names."""
    text = re.sub(r"\b(?<![su])\d+\b", "N", text)
    return re.sub(r"\b[A-Za-z_]\w*(?=\.size\(\)|\.shape\b)", "X", text)


def difference(result, entry):
    """What disagrees first in a failing case-mode, more precisely than
    libscore.reason and general enough to group: which op, which node's
    value, which name or guard differs (numbers and input names left out)."""
    why = libscore.reason(result, entry)
    row = result.rows.get(entry) or {}
    check = libscore.first_failing_check(row) if why.startswith("exports, ") and "torch fails" not in why else None
    if check is None:
        return _general(why)
    case, mode = entry.split(" ")[0], entry.split(" ")[1].strip("[]")
    exp = compare.canon_run(result.expected[case]["runs"][mode])
    act = compare.canon_run(result.reports[case]["runs"][mode])
    en, an = exp["nodes"], act.get("nodes", [])
    first = next((i for i in range(max(len(en), len(an)))
                  if i >= len(en) or i >= len(an) or en[i]["target"] != an[i].get("target")), None)
    if check == "ops":
        e = en[first]["target"] if first < len(en) else "nothing more"
        a = an[first].get("target") if first < len(an) else "nothing more"
        return f"ops: torch records {e}, exportlens {a}"
    if check == "shapes":
        i = next(i for i, (x, y) in enumerate(zip(en, an)) if x.get("val") != y.get("val"))
        ev, av = en[i].get("val") or {}, an[i].get("val") or {}
        what = "dtype" if ev.get("dtype") != av.get("dtype") else "kind" if ev.get("kind") != av.get("kind") else "shape"
        return f"shapes: the {what} of {en[i]['target']}"
    if check == "names":
        names = lambda run: [(i["name"], i["kind"]) for i in run.get("inputs", [])] + \
            [(n.get("name"), n.get("target")) for n in run.get("nodes", [])]  # noqa: E731
        pairs = list(zip(names(exp), names(act)))
        for (e, where), (a, _) in pairs:
            if e != a:
                e, a = re.sub(r"_\d+$", "_N", e or ""), re.sub(r"_\d+$", "_N", a or "")
                return _general(f"names: {where}: torch {e}, exportlens {a}" if e != a
                                else f"names: {where}: numbered otherwise ({e})")
        return "names: another count of inputs and nodes"
    if check == "signature":
        for e, a in zip(exp.get("inputs", []), act.get("inputs", [])):
            if (e["kind"], e.get("target"), e.get("val")) != (a.get("kind"), a.get("target"), a.get("val")):
                part = ("kind" if e["kind"] != a.get("kind") else "target" if e.get("target") != a.get("target")
                        else "value")
                return f"signature: the {part} of a {e['kind']} input (exportlens {a.get('kind')})"
        if len(exp.get("inputs", [])) != len(act.get("inputs", [])):
            return f"signature: {len(exp['inputs'])} inputs in torch, {len(act.get('inputs', []))} in exportlens"
        return "signature: outputs"
    if check == "ranges":
        er, ar = exp["range_constraints"], act.get("range_constraints", {})
        for k in sorted(set(er) | set(ar)):
            if er.get(k) != ar.get(k):
                return f"ranges: {k} torch {er.get(k)}, exportlens {ar.get(k)}"
        return "ranges: written otherwise"
    if check == "guards":
        torch_guards = {compare.sym(g["expr"]): g["expr"] for g in result.expected[case]["runs"][mode]["guards"]}
        tool_guards = {compare.sym(g["expr"]): g["expr"]
                       for g in result.reports[case]["runs"][mode].get("guards", [])}
        missing = [torch_guards[k] for k in torch_guards if k not in tool_guards]
        extra = [tool_guards[k] for k in tool_guards if k not in torch_guards]
        if missing:
            return _general(f"guards: only torch adds {missing[0]}")
        if extra:
            return _general(f"guards: only exportlens adds {extra[0]}")
        return "guards: same guards, another line"
    return f"exports, {check} differ"


def report(result, listing, out=print):
    for source in result.groups:
        for line in summary(result, source):
            out(line)
        op_of = {n: result.cases[n].get("op", n) for n in result.groups[source]}
        table = by_key(result, source, lambda n: op_of[n])
        worst = sorted(((t - a, key, a, t) for key, (a, t) in table.items() if a < t), reverse=True)
        out(f"  {len(table) - len(worst)}/{len(table)} {'ops' if source == 'opinfo' else 'models'} "
            f"agree on every sample; most disagreeing:")
        for _, key, a, t in worst[:25]:
            out(f"    {key}: {a}/{t}")
        failing = sorted(k for k, r in result.group_rows(source).items() if not r["agrees"])
        why = Counter(libscore.reason(result, k) for k in failing)
        out("  most common reasons:")
        for text, n in why.most_common(15):
            out(f"    {n:5d}  {text}")
        detail = Counter(difference(result, k) for k in failing)
        out("  most common differences (the first differing check, in detail):")
        for text, n in detail.most_common(10):
            out(f"    {n:5d}  {text}")
        if listing:
            for k in failing:
                out(f"  FAIL {k}: {libscore.reason(result, k, located=True)}")
    for p in result.problems:
        out(f"difftest problem: {p}")


def ratchet_path(source):
    return HERE / source / "ratchet.json"


def main(argv):
    sources = [a for a in argv if a in SOURCES] or list(SOURCES)
    binary = Path(argv[argv.index("--bin") + 1]) if "--bin" in argv else scoring.BINARY
    jobs = int(argv[argv.index("--jobs") + 1]) if "--jobs" in argv else JOBS
    try:
        import sympy  # noqa: F401 - compare.py is only semantic with sympy
    except ImportError:
        print("sympy is not installed for this python; use .venv-test/bin/python", file=sys.stderr)
        return 2
    result = score(sources, binary, jobs=jobs)
    report(result, "--list" in argv)
    status = 0
    for source in result.groups:
        names = set(result.groups[source])
        now = [k for k in agreeing(result) if k.split(" ")[0] in names]
        if "--update-ratchet" in argv:
            view = libscore.LibScoring(result.cases, [], rows={k: {"pass": k in now, "checks": {}}
                                                               for k in result.group_rows(source)})
            status |= scoring.update_ratchet(view, "--allow-regress" in argv, ratchet_path(source))
            continue
        ratchet = scoring.load_ratchet(ratchet_path(source))
        lost = sorted(set(ratchet) - set(now))
        for e in lost:
            print(f"REGRESSED {e}: {libscore.reason(result, e)}")
        print(f"[{source}] ratchet: {len(ratchet) - len(lost)}/{len(ratchet)} held")
        status |= 1 if lost else 0
    return 1 if status or result.problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
