#!/usr/bin/env python3
"""The library yardstick: exportlens against real torch on library models.

Runs `exportlens export --json --python .venv-libs CASE.py` on every case of
tests/libs/cases/<group>/ (groups torchvision, timm, repos, transformers,
and one per library of the ecosystem, the other folders there; 2 at a
time), writes each group's ground truth
(tests/libs/truth/<group>.jsonl, made by regen_truth.sh) back as
NAME.expected.json files and scores the reports with ../shared/tools/compare.py
through tests/corpus/scoring.py's functions. Prints per group the verdict
agreement, the case-modes passing every check (and the same per family
for the transformers group: encoder, decoder, encdec, vision, audio, and
per library of the ecosystem with its false failures and incompletes),
per-check rates, and every failing case-mode with its first differing
check and what exportlens said; then the most common failure reasons.

The ratchet, tests/libs/ratchet.json, lists the case-modes ("NAME [strict]")
that pass every check; the default run fails (exit 1) when one of them
regresses, as tests/corpus/ratchet.json does for the corpus.

usage: score.py [--bin PATH] [--jobs N] [--quiet] [--group G ...] [--update-ratchet [--allow-regress]]
"""
import json
import re
import sys
import tempfile
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "corpus"))
import scoring  # noqa: E402

ROOT = scoring.ROOT
CASES = HERE / "cases"
TRUTH = HERE / "truth"
RATCHET = HERE / "ratchet.json"
PROGRAM_RATCHET = HERE / "ratchet_program.json"
LIBRARY_RATCHET = HERE / "ratchet_libraries.json"  # per ecosystem library: library_figures()
VENV = ROOT / ".venv-libs"
# The hand-listed groups (tests/libs/gen_cases.py) and the transformers
# architectures with shrunk default configs; every other folder of
# tests/libs/cases/ is an ecosystem group, one library each
# (tests/libs/gen_ecosystem.py).
HAND_GROUPS = ("torchvision", "timm", "repos", "transformers")
NOT_ECOSYSTEM = HAND_GROUPS + ("transformers_auto",)


def ecosystem_groups():
    """The ecosystem groups: the folders of tests/libs/cases/ with a case
    that are not NOT_ECOSYSTEM, sorted."""
    if not CASES.is_dir():
        return ()
    return tuple(sorted(p.name for p in CASES.iterdir()
                        if p.is_dir() and p.name not in NOT_ECOSYSTEM and any(p.glob("*.py"))))


GROUPS = NOT_ECOSYSTEM + ecosystem_groups()
ECOSYSTEM = ecosystem_groups()
FAMILY_GROUPS = ("transformers",)  # groups also tabled per family (the second token of a case name)
CHECKS = ("verdict", "line", "code", "ops", "shapes", "signature", "names", "ranges", "guards", "fixes")
JOBS = 2
# The slowest case (transformers' Segformer with Dim.AUTO height and width:
# the tool derives about 600 guards where torch has 55) takes 52 s on an
# idle 2-core machine and over 60 s beside a second job.
TIMEOUT_S = 180


def load_truth(group):
    """{case: the oracle's JSON} of tests/libs/truth/<group>.jsonl."""
    path = TRUTH / f"{group}.jsonl"
    truth = {}
    if path.exists():
        for line in path.read_text().splitlines():
            if line.strip():
                row = json.loads(line)
                truth[row["case"]] = row["expected"]
    return truth


def find_cases(only=None):
    """({group: {case: (source, expected)}}, problems) of GROUPS (or of the
    groups in `only`)."""
    groups, problems = {}, []
    for group in only or GROUPS:
        folder = CASES / group
        sources = {p.stem: p for p in folder.glob("*.py")} if folder.is_dir() else {}
        truth = load_truth(group)
        if not sources:
            problems.append(f"no cases under {folder}")
        if not truth:
            problems.append(f"no truth in {TRUTH / group}.jsonl (run tests/libs/regen_truth.sh)")
        for name in sorted(set(sources) - set(truth)):
            problems.append(f"{group}: {name}.py has no line in truth/{group}.jsonl")
        for name in sorted(set(truth) - set(sources)):
            problems.append(f"{group}: truth/{group}.jsonl has {name} but there is no {name}.py")
        groups[group] = {n: (sources[n], truth[n]) for n in sorted(set(sources) & set(truth))}
    return groups, problems


@dataclass
class LibScoring(scoring.Scoring):
    groups: dict = field(default_factory=dict)     # group -> [case names]
    reports: dict = field(default_factory=dict)    # case -> the CLI's entry (or None)
    expected: dict = field(default_factory=dict)   # case -> the oracle's JSON

    def record(self, name, out, err):
        """Keep what the CLI said for one case: its first entry, or the error."""
        if err:
            self.tool_errors[name] = err
            self.reports[name] = None
        else:
            entries = json.loads(out.read_text())["entries"]
            self.reports[name] = entries[0] if entries else None

    def group_rows(self, group):
        names = set(self.groups.get(group, ()))
        return {k: r for k, r in self.rows.items() if k.split(" ")[0] in names}


def score(binary=scoring.BINARY, python=sys.executable, jobs=JOBS, only=None):
    groups, problems = find_cases(only)
    if not (VENV / "bin").is_dir():
        raise FileNotFoundError(f"{VENV} is missing: run tests/libs/prepare.sh (scripts/test.sh does)")
    if not Path(binary).is_file():
        raise FileNotFoundError(f"{binary} is missing: build it with `cargo build --release -p cli`")
    cases = {n: c for g in groups.values() for n, c in g.items()}
    result = LibScoring(cases, problems, groups={g: sorted(c) for g, c in groups.items()},
                        expected={n: c[1] for n, c in cases.items()})
    with tempfile.TemporaryDirectory(prefix="exportlens-libs-") as tmp:
        act_dirs = {}
        for group, members in groups.items():
            exp_dir, act_dir = Path(tmp, group, "expected"), Path(tmp, group, "actual")
            exp_dir.mkdir(parents=True)
            act_dir.mkdir()
            act_dirs[group] = act_dir
            for name, (_, expected) in members.items():
                (exp_dir / f"{name}.expected.json").write_text(json.dumps(expected))

        def run(item):
            group, name, source = item
            out = act_dirs[group] / f"{name}.json"
            return name, out, scoring.run_cli(binary, source, out, ("--python", str(VENV)), TIMEOUT_S)

        work = [(g, n, c[0]) for g, members in groups.items() for n, c in members.items()]
        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            for name, out, err in pool.map(run, work):
                result.record(name, out, err)
        boards = []
        for group in groups:
            board, rows = scoring.compare(act_dirs[group].parent / "expected", act_dirs[group], python)
            boards.append(f"[{group}]\n{board}")
            result.rows.update(rows)
        result.scoreboard = "\n".join(boards)
    return result


def rate(ok, n):
    return f"{ok}/{n} ({100.0 * ok / n:.1f}%)" if n else "0/0"


def group_table(result):
    """Markdown rows: group, cases, verdict agreement, passing every check."""
    lines = ["| group | cases | case-modes | verdict agrees | pass every check "
             "| tool: exports / incomplete / fails |",
             "|---|---:|---:|---:|---:|---:|"]
    all_rows = {}
    for group in result.groups:
        rows = result.group_rows(group)
        all_rows.update(rows)
        lines.append(table_line(result, group, len(result.groups[group]), rows))
    lines.append(table_line(result, "**all**", sum(len(c) for c in result.groups.values()), all_rows))
    return "\n".join(lines)


def family_table(result, group):
    """The group_table rows of one group's families (hf_encoder_bert -> encoder)."""
    lines = [f"| {group} family | cases | case-modes | verdict agrees | pass every check "
             "| tool: exports / incomplete / fails |",
             "|---|---:|---:|---:|---:|---:|"]
    rows = result.group_rows(group)
    families = {}
    for name in result.groups.get(group, ()):
        families.setdefault(name.split("_")[1] if "_" in name else name, []).append(name)
    for family, names in sorted(families.items()):
        members = set(names)
        fam_rows = {k: r for k, r in rows.items() if k.split(" ")[0] in members}
        lines.append(table_line(result, family, len(names), fam_rows))
    return "\n".join(lines)


def tables(result):
    """The per-group table, a per-family one for each of FAMILY_GROUPS, then
    the ecosystem's per-library one."""
    return "\n\n".join([group_table(result)]
                        + [family_table(result, g) for g in FAMILY_GROUPS if result.groups.get(g)]
                        + ([library_table(result)] if any(g in result.groups for g in ECOSYSTEM) else []))


def library_figures(result, rows):
    """{case-modes, verdict (agreeing, given), pass, false failures, incomplete}
    of some scored rows: the verdict agreement counts only the case-modes
    where the tool gives a verdict (exports or fails, not incomplete); a
    false failure is the tool saying "fails" where torch exports."""
    said = {k: tool_verdict(result, k) for k in rows}
    given = [k for k in rows if said[k] != "incomplete"]
    agree = sum(rows[k]["checks"].get("verdict", False) for k in given)
    false_fail = sum(said[k] == "fails" and truth_exports(result, k) for k in rows)
    return {"case_modes": len(rows), "verdict": (agree, len(given)),
            "pass": sum(r["pass"] for r in rows.values()), "false_failures": false_fail,
            "incomplete": sum(said[k] == "incomplete" for k in rows)}


def false_failures(result, group):
    """The group's case-modes where the tool says "fails" and torch exports."""
    return sorted(k for k in result.group_rows(group)
                  if tool_verdict(result, k) == "fails" and truth_exports(result, k))


def update_library_ratchet(result, allow_regress):
    """Record library_figures() per ecosystem library in LIBRARY_RATCHET;
    refuse (1) where one got worse unless allow_regress."""
    old = json.loads(LIBRARY_RATCHET.read_text()) if LIBRARY_RATCHET.exists() else {}
    new, worse = {}, []
    for group in ECOSYSTEM:
        f = library_figures(result, result.group_rows(group))
        new[group] = f
        was = old.get(group)
        if was and was["case_modes"] == f["case_modes"] and (
                f["verdict"][0] < was["verdict"][0] or f["pass"] < was["pass"]
                or f["false_failures"] > was["false_failures"] or f["incomplete"] > was["incomplete"]):
            worse.append(f"{group}: {was} -> {f}")
    if worse and not allow_regress:
        print(f"refusing to update {LIBRARY_RATCHET.relative_to(ROOT)}:\n  " + "\n  ".join(worse))
        return 1
    LIBRARY_RATCHET.write_text(json.dumps(new, indent=1, sort_keys=True) + "\n")
    print(f"{LIBRARY_RATCHET.relative_to(ROOT)}: {len(new)} libraries")
    return 0


def truth_exports(result, entry):
    case, mode = entry.split(" ")[0], entry.split(" ")[1].strip("[]")
    return bool(result.expected[case]["runs"][mode]["ok"])


def library_table(result):
    """Markdown: per ecosystem library, case-modes, verdict agreement where the
    tool gives a verdict, pass every check, false failures, incompletes; then
    the ecosystem's total."""
    lines = ["| library | cases | case-modes | verdict agrees (where given) | pass every check "
             "| false failures | incomplete |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    everything = {}
    libs = [g for g in ECOSYSTEM if g in result.groups]
    for group in libs:
        rows = result.group_rows(group)
        everything.update(rows)
        lines.append(library_line(result, group, len(result.groups[group]), rows))
    lines.append(library_line(result, f"**{len(libs)} libraries**",
                              sum(len(result.groups[g]) for g in libs), everything))
    return "\n".join(lines)


def library_line(result, label, ncases, rows):
    f = library_figures(result, rows)
    n = f["case_modes"]
    return (f"| {label} | {ncases} | {n} | {rate(*f['verdict'])} | {rate(f['pass'], n)} "
            f"| {rate(f['false_failures'], n)} | {rate(f['incomplete'], n)} |")


def table_line(result, label, ncases, rows):
    verdict = sum(r["checks"].get("verdict", False) for r in rows.values())
    passing = sum(r["pass"] for r in rows.values())
    said = Counter(tool_verdict(result, k) for k in rows)
    return (f"| {label} | {ncases} | {len(rows)} | {rate(verdict, len(rows))} | {rate(passing, len(rows))} "
            f"| {said['exports']} / {said['incomplete']} / {said['fails']} |")


def tool_verdict(result, entry):
    """What the tool said for a case-mode: "exports", "incomplete" or "fails"."""
    case, mode = entry.split(" ")[0], entry.split(" ")[1].strip("[]")
    run = ((result.reports.get(case) or {}).get("runs") or {}).get(mode) or {}
    return {True: "exports", None: "incomplete"}.get(run.get("ok"), "fails") if run else "fails"


def check_rates(rows):
    out = []
    for check in CHECKS:
        vals = [r["checks"][check] for r in rows.values() if check in r["checks"]]
        if vals:
            out.append(f"{check} {rate(sum(vals), len(vals))}")
    return ", ".join(out)


def first_failing_check(row):
    return next((c for c in CHECKS if row["checks"].get(c) is False), None)


def reason(result, entry, located=False):
    """What went wrong for a failing case-mode, in exportlens' own first words
    where it did not export (without the "(at FILE:LINE)" part unless
    `located`, so that reasons group)."""
    case, mode = entry.split(" ")[0], entry.split(" ")[1].strip("[]")
    if case in result.tool_errors:
        return f"CLI error: {result.tool_errors[case].splitlines()[0][:160]}"
    report = result.reports.get(case)
    run = (report or {}).get("runs", {}).get(mode) or {}
    truth = result.expected[case]["runs"][mode]
    if not run:
        return "no run in the report"
    if run.get("ok") is not True:
        msg = (run.get("message") or "").strip()
        first = msg.splitlines()[0] if msg else "(no message)"
        # Library paths read as site-packages/PKG/...; the location goes unless asked for.
        first = re.sub(r"\S*/site-packages/", "site-packages/", first)
        if not located:
            first = re.sub(r" \(at [^)]*\)", "", first)[:200]
        elif "(at " not in first and run.get("line") is not None:
            first += f" (line {run['line']})"
        if run.get("ok") is None:
            return first if first.startswith("analysis incomplete") else f"incomplete: {first}"
        return f"fails ({run.get('error_category')}): {first}"
    if not truth["ok"]:
        return f"exports, torch fails ({truth.get('error_category')}: {truth.get('error_type')})"
    return f"exports, {first_failing_check(result.rows[entry])} differ"


def top_reasons(result, n):
    """[(reason, count, first case-mode)] over the failing case-modes, most
    common first."""
    failing = sorted(k for k, r in result.rows.items() if not r["pass"])
    first = {}
    for k in failing:
        first.setdefault(reason(result, k), k)
    counts = Counter(reason(result, k) for k in failing).most_common(n)
    return [(why, count, first[why]) for why, count in counts]


def report(result, out=print):
    out(tables(result))
    for group in result.groups:
        rows = result.group_rows(group)
        out(f"\n[{group}] per check: {check_rates(rows)}")
        failing = sorted(k for k, r in rows.items() if not r["pass"])
        for k in failing:
            out(f"  FAIL {k}: {first_failing_check(rows[k])}: {reason(result, k, located=True)}")
    reasons = top_reasons(result, 25)
    if reasons:
        out("\nmost common failure reasons (case-modes):")
        for why, n, example in reasons:
            out(f"  {n:4d}  {why}")
            located = reason(result, example, located=True)
            if located != why:
                out(f"        e.g. {example}: {located}")
    for p in result.problems:
        out(f"libs problem: {p}")
    for name, err in sorted(result.tool_errors.items()):
        out(f"CLI failed on {name}: {err[:300]}")


def regressions(result, ratchet):
    return sorted(e for e in ratchet if not result.rows.get(e, {}).get("pass"))


def main(argv):
    binary = scoring.BINARY
    if "--bin" in argv:
        binary = Path(argv[argv.index("--bin") + 1])
    jobs = int(argv[argv.index("--jobs") + 1]) if "--jobs" in argv else JOBS
    only = [argv[i + 1] for i, a in enumerate(argv) if a == "--group"] or None
    if only and "--update-ratchet" in argv:
        print("--update-ratchet scores every group: leave out --group", file=sys.stderr)
        return 2
    try:
        import sympy  # noqa: F401 - compare.py is only semantic with sympy
    except ImportError:
        print("sympy is not installed for this python; use .venv-test/bin/python", file=sys.stderr)
        return 2
    result = score(binary, jobs=jobs, only=only)
    if "--quiet" not in argv:
        report(result)
    else:
        print(tables(result))
    for check in scoring.PROGRAM_CHECKS:
        scored = [r["checks"][check] for r in result.rows.values() if check in r["checks"]]
        print(f"{check}: {sum(scored)}/{len(scored)} case-modes agree (reported, not in a pass)")
    if "--update-ratchet" in argv:
        allow = "--allow-regress" in argv
        return (scoring.update_ratchet(result, allow, RATCHET)
                or scoring.update_program_ratchet(result, allow, PROGRAM_RATCHET)
                or update_library_ratchet(result, allow))
    scored_cases = {c for g in result.groups.values() for c in g}  # --group scores some groups only
    program_lost = [f"{entry} ({check})"
                    for check, entries in scoring.load_program_ratchet(PROGRAM_RATCHET).items()
                    for entry in entries if entry.split(" ")[0] in scored_cases
                    and not result.rows.get(entry, {}).get("checks", {}).get(check)]
    for e in program_lost:
        print(f"REGRESSED {e}")
    ratchet = [e for e in scoring.load_ratchet(RATCHET) if e.split(" ")[0] in scored_cases]
    lost = regressions(result, ratchet)
    for e in lost:
        print(f"REGRESSED {e}: {reason(result, e)}")
    held = len(ratchet) - len(lost)
    print(f"ratchet: {held}/{len(ratchet)} held, "
          f"{len(result.passing)} of {len(result.rows)} case-modes pass")
    return 1 if lost or program_lost or result.problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
