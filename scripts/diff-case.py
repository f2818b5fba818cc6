#!/usr/bin/env python3
"""Show expected vs actual report for one corpus case and mode (developer aid).
usage: scripts/diff-case.py NAME [strict|nonstrict]
NAME is a case of ../shared/corpus, of tests/corpus/cases or of a
differential source (tests/difftest/*/; written to /tmp/difftest-case/)."""
import glob, json, os, subprocess, sys
here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
name = sys.argv[1]; mode = sys.argv[2] if len(sys.argv) > 2 else "strict"
found = (glob.glob(os.path.join(here, "..", "shared", "corpus", "*", name + ".py"))
         + glob.glob(os.path.join(here, "tests", "corpus", "cases", name + ".py")))
if found:
    src = found[0]
    exp = json.load(open(src[:-3] + ".expected.json"))["runs"][mode]
else:
    sys.path.insert(0, os.path.join(here, "tests", "difftest"))
    from cases import load_cases
    for source in sorted(os.listdir(os.path.join(here, "tests", "difftest"))):
        truth = os.path.join(here, "tests", "difftest", source, "truth.jsonl")
        if os.path.isfile(truth) and name in load_cases(source):
            break
    else:
        sys.exit(f"no case {name}")
    os.makedirs("/tmp/difftest-case", exist_ok=True)
    src = f"/tmp/difftest-case/{name}.py"
    open(src, "w").write(load_cases(source)[name]["source"])
    exp = next(json.loads(l) for l in open(truth) if json.loads(l)["case"] == name)["expected"]["runs"][mode]
out = subprocess.run([os.environ.get("EXPORTLENS_BIN", os.path.join(here, "target/release/exportlens")), "export", "--json", src], capture_output=True, text=True).stdout
act = json.loads(out)["entries"][0]["runs"][mode]
def show(r):
    if not r["ok"]:
        return [f"FAIL {r.get('error_category')} {r.get('gb_code')} line={r.get('line')} fixes={r.get('suggested_fixes')}", r.get("message","")[:300]]
    rows = [f"IN  {i['name']:30s} {i['kind']:16s} {i.get('target')} {json.dumps(i.get('val'))}" for i in r["inputs"]]
    rows += [f"N   {n['name']:30s} {n['target']:36s} {json.dumps(n.get('val'))[:70]} L{n.get('line')}" for n in r["nodes"]]
    rows += [f"OUT {o['name']} {o['kind']}" for o in r["outputs"]]
    rows += [f"RC  {json.dumps(r.get('range_constraints'))}"]
    return rows
print("=== expected"); print("\n".join(show(exp)))
print("=== actual"); print("\n".join(show(act)))
print("=== guards exp:", json.dumps(exp.get("guards")))
print("=== guards act:", json.dumps(act.get("guards")))
