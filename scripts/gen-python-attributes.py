#!/usr/bin/env python3
"""Write server/tracer/data/python_attributes.txt: the attributes CPython's
built-in types have (`dir(str)`, `dir(list)`, ...), one line per type,
`TYPE: NAME NAME ...`. The tracer reads it to decide what `hasattr`,
`getattr` and attribute access find on a built-in value: a name the type
lacks raises AttributeError, as in CPython; a name it has but the tracer
does not model is "not modelled yet" when called. `list` also carries
`collections.deque`'s attributes (the tracer models a deque as a list).

    python3 scripts/gen-python-attributes.py
"""
import collections
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "server" / "tracer" / "data" / "python_attributes.txt"


def main():
    types = {
        "str": dir(str),
        "list": sorted(set(dir(list)) | set(dir(collections.deque))),
        "tuple": dir(tuple),
        "dict": dir(dict),
        "set": sorted(set(dir(set)) | set(dir(frozenset))),
        "int": sorted(set(dir(int)) | set(dir(bool))),
        "float": dir(float),
    }
    lines = [f"# CPython {sys.version_info.major}.{sys.version_info.minor}: dir() of the built-in types "
             "(scripts/gen-python-attributes.py)"]
    lines += [f"{name}: {' '.join(sorted(names))}" for name, names in types.items()]
    OUT.write_text("\n".join(lines) + "\n")
    print(f"wrote {OUT} ({len(types)} types)")


if __name__ == "__main__":
    main()
