"""Syntax errors where CPython puts them.

Broken files are generated from the project's model files by deleting one
token (a seeded choice, so the set is the same on every run: three random
tokens per file, and two of its colons or brackets); those CPython
rejects are checked with `exportlens check --output-format json`, and the
line of the first syntax diagnostic must equal the line CPython's
`compile()` names in at least 90% of them, and the column too in at least
70%.
"""
import io
import json
import random
import subprocess
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BINARY = ROOT / "target" / "release" / "exportlens"
SOURCES = sorted((ROOT / "tests" / "corpus" / "cases").glob("*.py"))
VARIANTS_PER_FILE = 3
SEED = 20261202


def tokens(text):
    try:
        return [t for t in tokenize.generate_tokens(io.StringIO(text).readline)
                if t.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT,
                                  tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER)
                and t.start[0] == t.end[0]]
    except (tokenize.TokenError, SyntaxError):
        return []


def delete_token(text, tok):
    lines = text.splitlines(keepends=True)
    row, (c0, c1) = tok.start[0] - 1, (tok.start[1], tok.end[1])
    lines[row] = lines[row][:c0] + lines[row][c1:]
    return "".join(lines)


def cpython_error(text):
    """CPython's (line, 1-based column) of the syntax error, or None."""
    try:
        compile(text, "broken.py", "exec")
    except SyntaxError as e:
        return (e.lineno, e.offset)
    return None


def broken_files():
    rng = random.Random(SEED)
    out = []
    for src in SOURCES:
        text = src.read_text()
        toks = tokens(text)
        if not toks:
            continue
        punctuation = [t for t in toks if t.string in (":", "(", ")", "[", "]", "{", "}")]
        chosen = [rng.choice(toks) for _ in range(VARIANTS_PER_FILE)]
        chosen += rng.sample(punctuation, min(2, len(punctuation)))
        for tok in chosen:
            broken = delete_token(text, tok)
            where = cpython_error(broken)
            if where is not None:
                out.append((f"{src.stem}", broken, where))
    return out


def first_syntax_error(report):
    """The (line, 1-based column) of the first syntax diagnostic."""
    places = [(d["line"], d["column"]) for d in report["diagnostics"] if d["code"] == "syntax"]
    return min(places) if places else None


def test_syntax_error_lines_agree_with_cpython(tmp_path):
    if not BINARY.is_file():
        pytest.fail(f"{BINARY} is missing: build it with `cargo build --release -p cli`")
    cases = broken_files()
    assert len(cases) >= 200, f"only {len(cases)} broken files"
    paths = []
    for i, (name, text, _) in enumerate(cases):
        p = tmp_path / f"{i:04d}_{name}.py"
        p.write_text(text)
        paths.append(p)
    lines, columns, misses = 0, 0, []
    for p, (name, text, (line, column)) in zip(paths, cases):
        proc = subprocess.run([str(BINARY), "check", "--output-format", "json", str(p)],
                              capture_output=True, text=True, timeout=60)
        assert proc.returncode in (0, 1, 2), f"{p.name}: exit {proc.returncode}: {proc.stderr[-500:]}"
        got = first_syntax_error(json.loads(proc.stdout))
        if got and got[0] == line:
            lines += 1
            columns += got[1] == column
        else:
            misses.append(f"{p.name}: CPython {line}:{column}, exportlens {got}")
    n = len(cases)
    print(f"syntax errors agree with CPython on {lines}/{n} broken files by line "
          f"({100 * lines / n:.1f}%), {columns}/{n} by line and column ({100 * columns / n:.1f}%)")
    assert lines / n >= 0.90, f"lines {lines}/{n}; first misses:\n" + "\n".join(misses[:40])
    assert columns / n >= 0.70, f"columns {columns}/{n}"
