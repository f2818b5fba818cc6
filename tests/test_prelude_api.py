"""The Python prelude's nn classes (server/tracer/prelude/*.py, which the
tracer runs in place of torch.nn) have every method torch 2.15's classes of
the same names have, private ones included: library code calls
`self._reset_parameters()`, `_conv_forward`, `_register_load_state_dict_pre_hook`,
and a method the prelude lacks would be an AttributeError no torch user
sees. torch's lists are in server/tracer/data/nn_methods.txt
(scripts/gen-torch-api.py); this test reads the prelude with `ast` and
needs no torch.
"""
import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PRELUDE = ROOT / "server" / "tracer" / "prelude"
NN_METHODS = ROOT / "server" / "tracer" / "data" / "nn_methods.txt"


def prelude_classes():
    """{class name: (base names, own attribute names)} over every prelude module."""
    classes = {}
    for path in sorted(PRELUDE.glob("*.py")):
        for node in ast.parse(path.read_text()).body:
            if not isinstance(node, ast.ClassDef):
                continue
            own = set()
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    own.add(item.name)
                elif isinstance(item, ast.Assign):
                    own.update(t.id for t in item.targets if isinstance(t, ast.Name))
            bases = [b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in node.bases]
            classes.setdefault(node.name, (bases, own))
    return classes


def resolvable(classes, name):
    """Every attribute of prelude class `name`, its bases' included."""
    seen, todo, found = set(), [name], set()
    while todo:
        cls = todo.pop()
        if cls in seen or cls not in classes:
            continue
        seen.add(cls)
        bases, own = classes[cls]
        found |= own
        todo.extend(bases)
    return found


def torch_methods():
    out = {}
    for line in NN_METHODS.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        name, methods = line.split(":", 1)
        out[name] = methods.split()
    return out


CLASSES = prelude_classes()
TORCH = torch_methods()
MODELLED = sorted(name for name in TORCH if name in CLASSES)


def test_the_prelude_models_most_of_torch_nn():
    assert len(TORCH) > 150, "nn_methods.txt lists torch.nn's classes"
    assert len(MODELLED) >= 100, f"{len(MODELLED)} of torch.nn's classes are in the prelude"


@pytest.mark.parametrize("name", MODELLED)
def test_prelude_class_has_every_method_torch_has(name):
    missing = sorted(set(TORCH[name]) - resolvable(CLASSES, name))
    assert not missing, f"prelude class {name} lacks torch's methods: {missing}"
