#!/usr/bin/env python3
"""Corpus fidelity scoring shared by tests/test_corpus.py and
scripts/update-ratchet.sh.

Runs `exportlens export --json` on every case of ../shared/corpus/*/ and of
tests/corpus/cases/, gathers the NAME.expected.json files into one folder and
scores the reports with ../shared/tools/compare.py (its `--json` rows give a
pass/fail per case and mode). A case-mode is written "NAME [strict]" or
"NAME [nonstrict]", the spelling of tests/corpus/ratchet.json.

compare.py reports `args` and `print` (the exported program exact to the
argument and as torch prints it) without counting them in a pass; they
have their own ratchet, tests/corpus/ratchet_program.json: for each of
the two checks, the case-modes where it holds.

usage: scoring.py [--bin PATH] [--update-ratchet [--allow-regress]]
"""
import json
import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"
CORPUS = SHARED / "corpus"
COMPARE = SHARED / "tools" / "compare.py"
CASES = ROOT / "tests" / "corpus" / "cases"
RATCHET = ROOT / "tests" / "corpus" / "ratchet.json"
PROGRAM_RATCHET = ROOT / "tests" / "corpus" / "ratchet_program.json"
PROGRAM_CHECKS = ("args", "print")
BINARY = Path(os.environ.get("EXPORTLENS_BIN", ROOT / "target" / "release" / "exportlens"))
MODES = ("strict", "nonstrict")
ENTRY_RE = re.compile(r"^[A-Za-z0-9_]+ \[(strict|nonstrict)\]$")
TIMEOUT_S = 120


def key(case, mode):
    return f"{case} [{mode}]"


@dataclass
class Case:
    name: str
    source: Path
    expected: Path


def find_cases():
    """Every case: (cases, problems). A case is NAME.py beside NAME.expected.json."""
    cases, problems = {}, []
    folders = sorted(p for p in CORPUS.glob("*") if p.is_dir()) if CORPUS.is_dir() else []
    if not folders:
        problems.append(f"no corpus folders under {CORPUS}")
    if CASES.is_dir():
        folders.append(CASES)
    for folder in folders:
        sources = {p.stem for p in folder.glob("*.py")}
        expected = {p.name[: -len(".expected.json")] for p in folder.glob("*.expected.json")}
        for name in sorted(sources - expected):
            problems.append(f"{folder / name}.py has no {name}.expected.json")
        for name in sorted(expected - sources):
            problems.append(f"{folder / name}.expected.json has no {name}.py")
        for name in sorted(sources & expected):
            if name in cases:
                problems.append(f"case name {name} is used twice: {cases[name].source} and {folder / name}.py")
                continue
            cases[name] = Case(name, folder / f"{name}.py", folder / f"{name}.expected.json")
    return cases, problems


@dataclass
class Scoring:
    cases: dict
    problems: list
    rows: dict = field(default_factory=dict)       # "case [mode]" -> {"pass": bool, "checks": {...}}
    tool_errors: dict = field(default_factory=dict)  # case -> why the CLI gave no valid document
    scoreboard: str = ""

    def __repr__(self):
        return f"<Scoring: {len(self.cases)} cases, {len(self.passing)}/{len(self.rows)} case-modes pass>"

    @property
    def passing(self):
        return sorted(k for k, r in self.rows.items() if r["pass"])

    def holding(self, check):
        """The case-modes where `check` applies and holds."""
        return sorted(k for k, r in self.rows.items() if r["checks"].get(check))


def run_cli(binary, source, out_path, extra_args=(), timeout=TIMEOUT_S):
    """Write the CLI's JSON report for one file; return an error text or None.

    `extra_args` go before the file (e.g. `--python ENV`)."""
    try:
        proc = subprocess.run(
            [str(binary), "export", "--json", *extra_args, str(source)],
            capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL,
        )
    except subprocess.TimeoutExpired:
        return f"timed out after {timeout}s"
    # 1: an entry fails to export (the report says how), as `check` exits.
    if proc.returncode not in (0, 1):
        return f"exit code {proc.returncode}: {proc.stderr.strip()[-2000:]}"
    try:
        doc = json.loads(proc.stdout)
    except json.JSONDecodeError as e:
        return f"stdout is not JSON ({e}): {proc.stdout[:300]!r}"
    if not isinstance(doc, dict) or not isinstance(doc.get("entries"), list):
        return f"document lacks an `entries` list: {proc.stdout[:300]!r}"
    out_path.write_text(proc.stdout)
    return None


def score(binary=BINARY, python=sys.executable):
    cases, problems = find_cases()
    result = Scoring(cases, problems)
    if not Path(binary).is_file():
        raise FileNotFoundError(f"{binary} is missing: build it with `cargo build --release -p cli`")
    with tempfile.TemporaryDirectory(prefix="exportlens-corpus-") as tmp:
        exp_dir, act_dir = Path(tmp, "expected"), Path(tmp, "actual")
        exp_dir.mkdir()
        act_dir.mkdir()
        for case in cases.values():
            (exp_dir / f"{case.name}.expected.json").symlink_to(case.expected)
            err = run_cli(binary, case.source, act_dir / f"{case.name}.json")
            if err:
                result.tool_errors[case.name] = err
        result.scoreboard, result.rows = compare(exp_dir, act_dir, python)
    return result


def compare(exp_dir, act_dir, python=sys.executable):
    """Score NAME.json reports in act_dir against NAME.expected.json files in
    exp_dir with compare.py: (its printed scoreboard, {"case [mode]": row})."""
    out = Path(act_dir).parent / f"scores-{Path(act_dir).name}.json"
    proc = subprocess.run(
        [python, str(COMPARE), str(exp_dir), str(act_dir), "--json", str(out)],
        capture_output=True, text=True, stdin=subprocess.DEVNULL,
    )
    if proc.returncode != 0:
        raise RuntimeError(f"compare.py failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}")
    rows = {key(row["case"], row["mode"]): {"pass": row["pass"], "checks": row["checks"]}
            for row in json.loads(out.read_text())["rows"]}
    return proc.stdout.rstrip(), rows


def load_ratchet(path=RATCHET):
    if not path.exists():
        return []
    return json.loads(path.read_text())


def ratchet_problems(entries, cases):
    """What is wrong with a ratchet list for these case names: malformed,
    unsorted or repeated entries, entries for cases that do not exist."""
    if not isinstance(entries, list):
        return ["the ratchet must be a JSON list"]
    problems = []
    bad = [e for e in entries if not isinstance(e, str) or not ENTRY_RE.match(e)]
    if bad:
        problems.append(f"malformed entries (want 'case [strict|nonstrict]'): {bad}")
    elif entries != sorted(set(entries)):
        problems.append("the ratchet must be sorted and free of duplicates")
    known = {key(c, m) for c in cases for m in MODES}
    unknown = sorted(set(e for e in entries if isinstance(e, str)) - known)
    if unknown:
        problems.append(f"ratchet entries for cases that do not exist: {unknown}")
    return problems


def write_ratchet(entries, path=RATCHET):
    path.write_text(json.dumps(sorted(entries), indent=1) + "\n")


def update_ratchet(scoring, allow_regress, path=RATCHET):
    """Raise the ratchet at `path` to what passes now; refuse to drop entries
    unless allow_regress."""
    old = set(load_ratchet(path))
    new = set(scoring.passing)
    lost = sorted(old - new)
    gained = sorted(new - old)
    if lost and not allow_regress:
        print(f"refusing to update {path.relative_to(ROOT)}: {len(lost)} entries would be removed:")
        for k in lost:
            bad = [c for c, ok in scoring.rows.get(k, {}).get("checks", {}).items() if not ok]
            print(f"  {k}: {'failing ' + ', '.join(bad) if bad else 'no longer a case'}")
        print("fix the regression, or pass --allow-regress to drop them on purpose")
        return 1
    entries = new if allow_regress else new | old
    write_ratchet(entries, path)
    print(f"{path.relative_to(ROOT)}: {len(entries)} case-modes "
          f"(+{len(gained)} added, -{len(lost) if allow_regress else 0} removed)")
    for k in gained:
        print(f"  + {k}")
    if allow_regress:
        for k in lost:
            print(f"  - {k}")
    return 0


def load_program_ratchet(path=PROGRAM_RATCHET):
    if not path.exists():
        return {c: [] for c in PROGRAM_CHECKS}
    return json.loads(path.read_text())


def update_program_ratchet(scoring, allow_regress, path=PROGRAM_RATCHET):
    """Raise the args/print ratchet to what holds now, as update_ratchet."""
    old = load_program_ratchet(path)
    new = {}
    for check in PROGRAM_CHECKS:
        before, now = set(old.get(check, [])), set(scoring.holding(check))
        lost = sorted(before - now)
        if lost and not allow_regress:
            print(f"refusing to update {path.relative_to(ROOT)}: `{check}` no longer holds on {lost}")
            return 1
        new[check] = sorted(now if allow_regress else now | before)
        print(f"{path.relative_to(ROOT)}: {check} {len(new[check])} case-modes (+{len(now - before)})")
    path.write_text(json.dumps(new, indent=1) + "\n")
    return 0


def main(argv):
    binary = BINARY
    if "--bin" in argv:
        binary = Path(argv[argv.index("--bin") + 1])
    try:
        import sympy  # noqa: F401 - compare.py is only semantic with sympy
    except ImportError:
        print("sympy is not installed for this python; run through scripts/update-ratchet.sh", file=sys.stderr)
        return 2
    scoring = score(binary)
    print(scoring.scoreboard)
    for p in scoring.problems:
        print(f"corpus problem: {p}")
    for name, err in sorted(scoring.tool_errors.items()):
        print(f"CLI failed on {name}: {err}")
    if "--update-ratchet" in argv:
        allow = "--allow-regress" in argv
        return update_ratchet(scoring, allow) or update_program_ratchet(scoring, allow)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
