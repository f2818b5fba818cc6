#!/usr/bin/env python3
"""Diff exportlens against torch's truth for one library case (developer aid).
usage: scripts/diff-lib.py CASE [strict|nonstrict] [--names]
Runs `exportlens export --json --python .venv-libs` on tests/libs/cases/*/CASE.py
and prints a unified diff of the node targets (with --names: name and target)."""
import difflib, glob, re, json, os, subprocess, sys
here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
args = [a for a in sys.argv[1:] if not a.startswith("--")]
name = args[0]; mode = args[1] if len(args) > 1 else "strict"
with_names = "--names" in sys.argv
src = glob.glob(os.path.join(here, "tests", "libs", "cases", "*", name + ".py"))[0]
group = os.path.basename(os.path.dirname(src))
truth = None
for line in open(os.path.join(here, "tests", "libs", "truth", group + ".jsonl")):
    row = json.loads(line)
    if row["case"] == name:
        truth = row["expected"]["runs"][mode]
out = subprocess.run([os.path.join(here, "target/release/exportlens"), "export", "--json",
                      "--python", os.path.join(here, ".venv-libs"), src], capture_output=True, text=True).stdout
act = json.loads(out)["entries"][0]["runs"][mode]
def rows(r):
    if not r["ok"]:
        return [f"FAIL {r.get('error_category')} {r.get('message', '')[:300]}"]
    key = (lambda n: f"{n['name']:28s} {n['target']}") if with_names else (lambda n: n["target"])
    return ([f"IN {i['name']} {json.dumps(i.get('val'))}" for i in r["inputs"] if i["kind"] == "USER_INPUT"]
            + [key(n) + ("  " + str(n.get("val", {}).get("shape")) if not with_names else "") for n in r["nodes"]]
            + [f"OUT {o['name']}" for o in r["outputs"]])
def renumber(lines):
    """Symbols renamed by order of appearance, as compare.py scores them."""
    names = {}
    sub = lambda m: names.setdefault(m.group(0), f"s{len(names)}")
    return [re.sub(r"\bs\d+\b", sub, l) for l in lines]
sys.stdout.writelines(l + "\n" for l in difflib.unified_diff(renumber(rows(truth)), renumber(rows(act)), "torch", "exportlens", n=2, lineterm=""))
