#!/usr/bin/env python3
"""Write server/export/data/aten_schemas.txt from an installed torch 2.15.

One line per ATen overload, as torch declares it (`str(op._schema)`): the
exporter reads each op's parameters from it (names, which are keyword-only,
defaults) to write node arguments as torch records them. `out=` variants are
left out: export never records them.

usage: /path/to/torch-venv/bin/python scripts/gen-aten-schemas.py
"""
import pathlib

import torch

OUT = pathlib.Path(__file__).resolve().parent.parent / "server/export/data/aten_schemas.txt"


def main():
    lines = set()
    for schema in torch._C._jit_get_all_schemas():
        if not schema.name.startswith("aten::"):
            continue
        if any(a.is_out for a in schema.arguments):
            continue
        lines.add(str(schema).removeprefix("aten::"))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    header = f"# ATen schemas of torch {torch.__version__.split('+')[0]} (scripts/gen-aten-schemas.py); one overload a line\n"
    OUT.write_text(header + "\n".join(sorted(lines)) + "\n")
    print(f"{OUT}: {len(lines)} schemas")


if __name__ == "__main__":
    main()
