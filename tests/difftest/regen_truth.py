#!/usr/bin/env python3
"""Ground truth for the differential cases, from real torch.export.

    /work/torchvenv/bin/python tests/difftest/regen_truth.py SOURCE [--jobs N] [--only-missing]

Writes every case of SOURCE (cases.jsonl and cases/*.py, see cases.py) to a temporary
folder, runs ../shared/tools/oracle.py on them (in chunks, one torch process
per chunk, N at a time) and writes tests/difftest/SOURCE/truth.jsonl
({"case", "source_digest", "expected"}, one compact line per case, sorted). A chunk that crashes or
times out is retried one case at a time; a case the oracle cannot load is
left out and listed.
"""
import argparse
import json
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from cases import load_cases, source_digest

HERE = Path(__file__).resolve().parent
ORACLE = HERE.parents[1].parent / "shared" / "tools" / "oracle.py"
CHUNK = 100
CHUNK_TIMEOUT_S = 1800
CASE_TIMEOUT_S = 300


def run_oracle(files, out_dir, timeout):
    try:
        proc = subprocess.run([sys.executable, str(ORACLE), str(out_dir), *map(str, files)],
                              capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL)
        return proc.returncode == 0
    except subprocess.TimeoutExpired:
        return False


def run_chunk(files, out_dir):
    if run_oracle(files, out_dir, CHUNK_TIMEOUT_S):
        return
    for f in files:
        if not (out_dir / f"{f.stem}.json").exists():
            run_oracle([f], out_dir, CASE_TIMEOUT_S)


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("source")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only-missing", action="store_true",
                    help="keep the truth of cases whose source is unchanged")
    opts = ap.parse_args(argv)
    folder = HERE / opts.source
    cases = list(load_cases(opts.source).values())
    truth_path = folder / "truth.jsonl"
    digests = {c["case"]: source_digest(c["source"]) for c in cases}
    truth = {}
    if opts.only_missing and truth_path.exists():
        for line in truth_path.read_text().splitlines():
            row = json.loads(line)
            if digests.get(row["case"]) == row.get("source_digest"):
                truth[row["case"]] = row["expected"]
    todo = [c for c in cases if c["case"] not in truth]
    with tempfile.TemporaryDirectory(prefix=f"difftest-{opts.source}-") as tmp:
        src, out = Path(tmp, "cases"), Path(tmp, "out")
        src.mkdir()
        out.mkdir()
        files = []
        for c in todo:
            path = src / f"{c['case']}.py"
            path.write_text(c["source"])
            files.append(path)
        chunks = [files[i:i + CHUNK] for i in range(0, len(files), CHUNK)]
        with ThreadPoolExecutor(opts.jobs) as pool:
            for i, _ in enumerate(pool.map(lambda ch: run_chunk(ch, out), chunks)):
                print(f"chunk {i + 1}/{len(chunks)} done", file=sys.stderr, flush=True)
        missing = []
        for c in todo:
            result = out / f"{c['case']}.json"
            if result.exists():
                truth[c["case"]] = json.loads(result.read_text())
            else:
                missing.append(c["case"])
    with truth_path.open("w") as f:
        for name in sorted(truth):
            row = {"case": name, "source_digest": digests[name], "expected": truth[name]}
            f.write(json.dumps(row, sort_keys=True, separators=(",", ":")) + "\n")
    print(f"{truth_path.relative_to(HERE.parents[1])}: {len(truth)} cases; "
          f"{len(missing)} without ground truth: {missing[:20]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
