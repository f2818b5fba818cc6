#!/usr/bin/env python3
"""Check the inline expectations of tests/spec/*.py against real torch.export.

The Rust spec tests (server/spec-tests/tests/spec.rs) hold the tracer to
these expectations; this script is how a fixture author confirms them with
torch 2.15 before committing. It needs torch, so no test calls it.

usage: TORCH_PYTHON scripts/verify-spec-fixtures.py [--dump] [tests/spec/NAME.py ...]
(--dump prints every node, guard and failure torch records)

The directive grammar is described in tests/spec/README.md; the semantics
here mirror server/spec-tests/src/lib.rs.
"""
import importlib.util
import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT.parent / "shared" / "tools"))
import oracle  # noqa: E402  (imports torch)

MODES = ("strict", "nonstrict")
CATEGORIES = ("graph_break", "data_dependent", "constraint_violation", "other")
DIRECTIVE = re.compile(r"^(shape|error|guard|ok)\b")


def comment_of(line):
    quote = None
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch == "#":
            return line[i + 1:]
    return None


def modes_of(qual):
    if qual in (None, ""):
        return MODES
    if qual not in MODES:
        raise ValueError(f"unknown mode {qual!r}")
    return (qual,)


def parse(path):
    """[(line|None, kind, modes, payload)]"""
    out = []
    header = True
    for n, text in enumerate(Path(path).read_text().splitlines(), 1):
        stripped = text.strip()
        if header and stripped and not stripped.startswith("#"):
            header = False
        comment = comment_of(text)
        if comment is None:
            continue
        for seg in comment.split("#"):
            seg = seg.strip()
            if not DIRECTIVE.match(seg):
                continue
            line = None if header else n
            if seg == "ok":
                if not header:
                    raise ValueError(f"{path}:{n}: `# ok` belongs in the leading comment block")
                out.append((None, "ok", MODES, None))
                continue
            m = re.fullmatch(r"(shape|guard)(?:\[(\w+)\])?:\s*(.+)", seg)
            if m:
                if header:
                    raise ValueError(f"{path}:{n}: `{m.group(1)}` needs a code line")
                out.append((line, m.group(1), modes_of(m.group(2)), m.group(3).strip()))
                continue
            m = re.fullmatch(r"error\[(?:(strict|nonstrict):)?(GB\d{4}|\w+)\]", seg)
            if m:
                what = m.group(2)
                if what.startswith("GB"):
                    modes = modes_of(m.group(1) or "strict")
                    payload = ("graph_break", what)
                elif what in CATEGORIES:
                    modes = modes_of(m.group(1) or ("strict" if what == "graph_break" else None))
                    payload = (what, None)
                else:
                    raise ValueError(f"{path}:{n}: unknown error kind {what!r}")
                out.append((line, "error", modes, payload))
                continue
            raise ValueError(f"{path}:{n}: malformed directive {seg!r}")
    return out


def render(val):
    k = val.get("kind")
    if k == "tensor":
        return val["dtype"] + val["shape"]
    if k == "sym":
        return val["expr"]
    if k == "tuple":
        return "(" + ", ".join(render(v) for v in val["items"]) + ")"
    if k == "const":
        return val["value"]
    return "None"


def nospace(s):
    return s.replace(" ", "")


def _sym(text):
    import sympy
    t = re.sub(r"(\w+)\.size\(\)\[(\d+)\]", r"\1__size\2", text)
    return sympy.sympify(t, locals={"Eq": sympy.Eq, "Ne": sympy.Ne, "Mod": sympy.Mod, "Max": sympy.Max,
                                     "Min": sympy.Min, "FloorDiv": lambda a, b: sympy.floor(a / b)})


def same_expr(a, b):
    """Integer expressions or relations equal as SymPy sees them (Eq(a, b) == Eq(b, a))."""
    import sympy
    try:
        x, y = _sym(a), _sym(b)
    except Exception:  # noqa: BLE001
        return nospace(a) == nospace(b)
    if isinstance(x, sympy.core.relational.Relational) or isinstance(y, sympy.core.relational.Relational):
        def norm(r):
            if isinstance(r, (sympy.Equality, sympy.Unequality)):
                d = sympy.expand(r.lhs - r.rhs)
                return (type(r).__name__, frozenset([d, sympy.expand(-d)]))
            if isinstance(r, (sympy.LessThan, sympy.StrictLessThan)):
                return (isinstance(r, sympy.StrictLessThan), sympy.expand(r.rhs - r.lhs))
            if isinstance(r, (sympy.GreaterThan, sympy.StrictGreaterThan)):
                return (isinstance(r, sympy.StrictGreaterThan), sympy.expand(r.lhs - r.rhs))
            return r
        return norm(x) == norm(y)
    if not isinstance(x, sympy.Expr) or not isinstance(y, sympy.Expr):
        return nospace(a) == nospace(b)
    return sympy.simplify(x - y) == 0


def same_val(want, got):
    """A rendered value against the expectation: dtype and every dim equal semantically."""
    w = re.fullmatch(r"(\w+)\[(.*)\]", want.strip())
    g = re.fullmatch(r"(\w+)\[(.*)\]", got.strip())
    if w and g:
        wd = [d for d in w.group(2).split(",") if d.strip()]
        gd = [d for d in g.group(2).split(",") if d.strip()]
        return w.group(1) == g.group(1) and len(wd) == len(gd) and all(map(same_expr, wd, gd))
    if not w and not g and "(" not in want:
        return same_expr(want, got)
    return nospace(want) == nospace(got)


def check(path):
    directives = parse(path)
    if not directives:
        return [f"{path}: no directives"]
    name = Path(path).stem
    spec = importlib.util.spec_from_file_location(f"spec_{name}", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    problems = []
    for mode in MODES:
        oracle.torch._dynamo.reset()
        run = oracle.run_one(mod, os.path.abspath(path), mode == "strict")
        if DUMP:
            print(f"--- {name} [{mode}] ok={run['ok']}")
            for n in run.get("nodes", []):
                print(f"    line {n.get('line')}: {n['target']} -> {render(n.get('val', {}))}")
            for g in run.get("guards", []):
                print(f"    guard line {g['line']}: {g['expr']}")
            if not run["ok"]:
                print(f"    {run['error_category']} {run.get('gb_code')} line {run.get('line')}: "
                      f"{run['message'][:400]}")
        errors = [d for d in directives if d[1] == "error" and mode in d[2]]
        where = f"{name} [{mode}]"
        if errors:
            (line, _, _, (cat, code)) = errors[0]
            if run["ok"]:
                problems.append(f"{where}: expected failure {cat} {code or ''} but export succeeded")
            else:
                got = (run["error_category"], run.get("gb_code"), run.get("line"))
                if got[0] != cat or (code and got[1] != code) or (line is not None and got[2] != line):
                    problems.append(f"{where}: expected {cat} {code} line {line}, torch: {got}: "
                                    f"{run['message'].splitlines()[0][:200]}")
        elif not run["ok"]:
            problems.append(f"{where}: torch fails: {run['error_category']} {run.get('gb_code')} "
                            f"line {run.get('line')}: {run['message'].splitlines()[0][:300]}")
            continue
        for line, kind, modes, payload in directives:
            if mode not in modes:
                continue
            if kind == "shape":
                # the last node on the line that produces a value (runtime
                # assertions produce none)
                on_line = [n for n in run.get("nodes", [])
                           if n.get("line") == line and n.get("val", {}).get("kind") != "none"]
                if not on_line:
                    problems.append(f"{where}:{line}: no node on this line (nodes on lines "
                                    f"{sorted({n.get('line') for n in run.get('nodes', [])}, key=str)})")
                    continue
                got = render(on_line[-1]["val"])
                if not same_val(payload, got):
                    problems.append(f"{where}:{line}: shape {payload}, torch: {got} ({on_line[-1]['target']})")
            elif kind == "guard":
                texts = [(g["expr"], g["line"]) for g in run.get("guards", [])
                         if not g["expr"].startswith("[guard suppressed]")]
                # torch gives no line for guards it attributes to its own code;
                # the tool still names the user line (report-schema.md).
                if not any(ln in (line, None) and same_expr(payload, e) for e, ln in texts):
                    problems.append(f"{where}:{line}: guard {payload}, torch guards: {texts}")
    return problems


DUMP = False


def main(argv):
    global DUMP
    if "--dump" in argv:
        DUMP = True
        argv = [a for a in argv if a != "--dump"]
    paths = argv or sorted(str(p) for p in (ROOT / "tests" / "spec").glob("*.py"))
    bad = 0
    for p in paths:
        problems = check(p)
        bad += bool(problems)
        print(f"{'ok  ' if not problems else 'FAIL'} {p}")
        for q in problems:
            print(f"     {q}")
    print(f"{len(paths) - bad} fixtures agree with torch, {bad} disagree")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
