"""Where a differential source keeps its cases: generated ones in
SOURCE/cases.jsonl ({"case", "op", "source"}), hand-written ones as
SOURCE/cases/NAME.py (their "op" is the first word of the docstring's first
line: the graph-break kind or the test the case comes from)."""
import hashlib
import json
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent


def load_cases(source):
    """{case: {"case", "op", "source"}} of a source, sorted by name."""
    folder = HERE / source
    rows = {}
    jsonl = folder / "cases.jsonl"
    if jsonl.exists():
        for line in jsonl.read_text().splitlines():
            if line.strip():
                row = json.loads(line)
                rows[row["case"]] = row
    for path in sorted((folder / "cases").glob("*.py")):
        text = path.read_text()
        doc = re.match(r'\s*(?:"""|\'\'\')\s*(\S+)', text)
        rows[path.stem] = {"case": path.stem, "op": doc.group(1).rstrip(":.,") if doc else path.stem,
                           "source": text}
    return dict(sorted(rows.items()))


def source_digest(source):
    """What truth.jsonl records of the source its ground truth was made from."""
    return hashlib.sha256(source.encode()).hexdigest()[:16]
