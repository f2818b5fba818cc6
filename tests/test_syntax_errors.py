"""Syntax errors where CPython puts them.

Broken files are generated from the project's model files by deleting one
token (a seeded choice, so the set is the same on every run: three random
tokens per file, and two of its colons or brackets); those CPython
rejects are checked with `exportlens check --output-format json`, and the
line of the first syntax diagnostic must equal the line CPython's
`compile()` names in at least 90% of them.
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


def cpython_error_line(text):
    try:
        compile(text, "broken.py", "exec")
    except SyntaxError as e:
        return e.lineno
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
            line = cpython_error_line(broken)
            if line is not None:
                out.append((f"{src.stem}", broken, line))
    return out


def first_syntax_line(report):
    lines = [d["line"] for d in report["diagnostics"] if d["code"] == "syntax"]
    return min(lines) if lines else None


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
    agree, misses = 0, []
    for p, (name, text, line) in zip(paths, cases):
        proc = subprocess.run([str(BINARY), "check", "--output-format", "json", str(p)],
                              capture_output=True, text=True, timeout=60)
        assert proc.returncode in (0, 1, 2), f"{p.name}: exit {proc.returncode}: {proc.stderr[-500:]}"
        got = first_syntax_line(json.loads(proc.stdout))
        if got == line:
            agree += 1
        else:
            misses.append(f"{p.name}: CPython line {line}, exportlens {got}")
    rate = agree / len(cases)
    print(f"syntax error lines agree with CPython on {agree}/{len(cases)} broken files ({100 * rate:.1f}%)")
    assert rate >= 0.90, f"{agree}/{len(cases)} ({100 * rate:.1f}%); first misses:\n" + "\n".join(misses[:40])
