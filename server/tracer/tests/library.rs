//! Library code as installed packages write it: packages whose `__init__`
//! imports their own submodules, decorators the tracer cannot follow,
//! `__module__`, uninterpreted binary packages, and import-time notes in
//! site-packages kept out of the user's way.

use std::collections::HashMap;
use std::path::PathBuf;
use std::rc::Rc;

use tracer::{
    Mode, SourceFile, TraceOptions, TraceOutcome, TraceResult, Workspace, find_entries,
    trace_entry_with,
};

const SITE: &str = "/venv/lib/python3.11/site-packages";

fn workspace(files: &[(&str, &str)]) -> Rc<Workspace> {
    let map: HashMap<PathBuf, String> = files
        .iter()
        .map(|(p, t)| (PathBuf::from(p), t.to_string()))
        .collect();
    Workspace::new(
        Box::new(map),
        vec![PathBuf::from("/w"), PathBuf::from(SITE)],
    )
}

fn trace(ws: &Rc<Workspace>, text: &str) -> TraceResult {
    let file = SourceFile::parse("/w/m.py", text);
    let entries = find_entries(&file);
    assert_eq!(entries.len(), 1, "one entry");
    let options = TraceOptions {
        workspace: Some(ws.clone()),
        ..TraceOptions::default()
    };
    trace_entry_with(file, &entries[0], Mode::NonStrict, &options)
}

fn site(path: &str) -> String {
    format!("{SITE}/{path}")
}

/// A package in the style of torchvision: its `__init__` imports its own
/// submodules by absolute name, builders are decorated with a registry
/// decorator and a legacy-argument shim built on `inspect`, and the model
/// logs `type(self).__module__`.
fn vision_like() -> Vec<(String, &'static str)> {
    vec![
        (
            site("vis/__init__.py"),
            "import os\nimport numpy as np\nfrom vis import models\nfrom vis import utils\nfrom vis import datasets\n",
        ),
        (
            site("vis/datasets.py"),
            "import vis\nraise RuntimeError('never run')\n",
        ),
        (
            site("vis/utils.py"),
            "import vis\n\ndef log_usage(obj):\n    module = obj.__module__\n    if not module.startswith('vis'):\n        raise RuntimeError('bad module ' + module)\n",
        ),
        (
            site("vis/models/__init__.py"),
            "from .net import *\nfrom . import extra\n",
        ),
        (
            site("vis/models/extra.py"),
            "import vis.models\nCOUNT = 1\n",
        ),
        (
            site("vis/models/net.py"),
            "\
import inspect
import functools
import torch
from torch import nn
from ..utils import log_usage

__all__ = ['Net', 'net']

def legacy(fn):
    params = inspect.signature(fn).parameters
    first_kw = next(i for i, p in enumerate(params.values()) if p.kind == p.KEYWORD_ONLY)
    @functools.wraps(fn)
    def inner(*args, **kwargs):
        return fn(*args, **kwargs)
    return inner

class Net(nn.Module):
    def __init__(self, n=4):
        super().__init__()
        log_usage(self)
        self.fc = nn.Linear(n, 2)

    @torch.no_grad()
    def forward(self, x):
        return self.fc(x).relu()

@legacy
def net(*, n=4):
    return Net(n)
",
        ),
    ]
}

const ENTRY: &str = "\
import torch
import vis
model = vis.models.net(n=4).eval()
example_args = (torch.randn(2, 4),)
";

#[test]
fn a_library_package_model_exports() {
    let files = vision_like();
    let refs: Vec<(&str, &str)> = files.iter().map(|(p, t)| (p.as_str(), *t)).collect();
    let ws = workspace(&refs);
    let r = trace(&ws, ENTRY);
    let TraceOutcome::Exported(p) = &r.outcome else {
        let TraceOutcome::Failed(f) = &r.outcome else {
            unreachable!()
        };
        panic!("expected a program, got: {}", f.message);
    };
    let ops: Vec<&str> = p
        .graph
        .nodes
        .iter()
        .filter_map(|n| match &n.op {
            tracer::graph::NodeOp::CallFunction { target, .. } => Some(target.as_str()),
            _ => None,
        })
        .collect();
    assert!(ops.contains(&"aten.linear.default"), "{ops:?}");
    // Import-time notes in site-packages (an uninterpreted `os`, the
    // decorator the tracer could not follow) are not the user's business.
    assert!(
        r.notes.iter().all(|n| n
            .path
            .as_deref()
            .is_none_or(|p| !p.contains("site-packages"))),
        "notes: {:?}",
        r.notes
    );
}

#[test]
fn a_name_read_from_a_module_still_initialising_is_an_import_cycle_note() {
    let ws = workspace(&[
        (
            "/w/pkg/__init__.py",
            "from pkg.a import VALUE\nX = VALUE\nLATER = 3\n",
        ),
        ("/w/pkg/a.py", "import pkg\nVALUE = pkg.LATER\n"),
        (
            "/w/pkg/model.py",
            "import torch\nclass M(torch.nn.Module):\n    def forward(self, x):\n        return x + 1\n",
        ),
    ]);
    let r = trace(
        &ws,
        "import torch\nimport pkg\nfrom pkg.model import M\nN = pkg.LATER\nmodel = M()\nexample_args = (torch.randn(2),)\n",
    );
    assert!(matches!(r.outcome, TraceOutcome::Exported(_)));
    let cycle: Vec<_> = r
        .notes
        .iter()
        .filter(|n| n.message.contains("import cycle"))
        .collect();
    assert_eq!(cycle.len(), 1, "notes: {:?}", r.notes);
    assert!(cycle[0].message.contains("`LATER`"), "{}", cycle[0].message);
    assert_eq!(cycle[0].path.as_deref(), Some("/w/pkg/a.py"));
}

#[test]
fn an_unfollowed_decorator_leaves_the_function_usable() {
    let ws = workspace(&[]);
    let r = trace(
        &ws,
        "\
import torch
import mystery

@mystery.register()
def build():
    return torch.nn.Linear(3, 3)

model = build()
example_args = (torch.randn(2, 3),)
",
    );
    assert!(matches!(r.outcome, TraceOutcome::Exported(_)));
}

#[test]
fn only_the_modules_a_model_reaches_are_parsed() {
    let files = vision_like();
    let refs: Vec<(&str, &str)> = files.iter().map(|(p, t)| (p.as_str(), *t)).collect();
    let ws = workspace(&refs);
    let r = trace(&ws, ENTRY);
    assert!(matches!(r.outcome, TraceOutcome::Exported(_)));
    let parsed: Vec<String> = ws
        .parsed_files()
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    // `from vis import datasets` and `from . import extra` bind modules
    // nothing reads from: their code neither runs nor is parsed.
    assert!(!parsed.contains(&site("vis/datasets.py")), "{parsed:?}");
    assert!(!parsed.contains(&site("vis/models/extra.py")), "{parsed:?}");
    assert!(parsed.contains(&site("vis/models/net.py")), "{parsed:?}");
}

/// A package in the style of timm: builders register into a registry by
/// decorator (finding their module through `sys.modules`), configs are
/// dataclasses with factories and `__post_init__`, and the user builds a
/// model by name.
fn registry_like() -> Vec<(String, &'static str)> {
    vec![
        (
            site("reg/__init__.py"),
            "from .models import create_model\n",
        ),
        (
            site("reg/models/__init__.py"),
            "from .tiny import *\nfrom ._registry import create_model\n",
        ),
        (
            site("reg/models/_registry.py"),
            "\
import sys
from collections import defaultdict, deque
from dataclasses import dataclass, field, replace

_entrypoints = {}
_by_module = defaultdict(set)

@dataclass
class Cfg:
    tags: deque = field(default_factory=deque)
    width: int = 4
    name: str = ''

    def __post_init__(self):
        self.tags.appendleft('default')

def register_model(fn):
    mod = sys.modules[fn.__module__]
    if hasattr(mod, '__all__'):
        mod.__all__.append(fn.__name__)
    _entrypoints[fn.__name__] = fn
    _by_module[fn.__module__.split('.')[-1]].add(fn.__name__)
    return fn

def create_model(name, **kwargs):
    if name not in _entrypoints:
        raise RuntimeError('Unknown model (%s)' % name)
    cfg = replace(Cfg(), name=name)
    assert cfg.tags.popleft() == 'default' and cfg.width == 4
    return _entrypoints[name](cfg=cfg, **kwargs)
",
        ),
        (
            site("reg/models/tiny.py"),
            "\
import torch
from torch import nn
from ._registry import register_model

__all__ = ['Tiny']

class Tiny(nn.Module):
    def __init__(self, width, classes):
        super().__init__()
        self.fc = nn.Linear(width, classes)

    @torch.inference_mode()
    def predict(self, x):
        return self(x)

    def forward(self, x):
        return self.fc(x)

@register_model
def tiny(cfg, num_classes=2):
    return Tiny(cfg.width, num_classes)
",
        ),
    ]
}

#[test]
fn a_model_built_by_name_through_a_registry_exports() {
    let files = registry_like();
    let refs: Vec<(&str, &str)> = files.iter().map(|(p, t)| (p.as_str(), *t)).collect();
    let ws = workspace(&refs);
    let r = trace(
        &ws,
        "import torch\nimport reg\nmodel = reg.create_model('tiny', num_classes=3)\nexample_args = (torch.randn(2, 4),)\n",
    );
    match &r.outcome {
        TraceOutcome::Exported(p) => {
            let out = p.graph.nodes.last().expect("a node");
            assert!(format!("{:?}", out.val).contains('3'), "{:?}", out.val);
        }
        TraceOutcome::Failed(f) => panic!("expected a program, got: {}", f.message),
    }
}

#[test]
fn a_builder_looked_up_in_a_package_namespace_dict() {
    // pretrainedmodels' README style: `pkg.__dict__["name"](...)`, with the
    // builder imported lazily from a submodule.
    let ws = workspace(&[
        (
            &site("zoo/__init__.py"),
            "from .nets import tiny\nfrom .nets import wide as _wide\n",
        ),
        (
            &site("zoo/nets.py"),
            "import torch.nn as nn\n\ndef tiny(n=4):\n    return nn.Linear(n, 2)\n\ndef wide(n=4):\n    return nn.Linear(n, 8)\n",
        ),
    ]);
    let r = trace(
        &ws,
        "import torch\nimport zoo\nns = zoo.__dict__\nn = 4 if '_wide' in ns and 'nope' not in ns else 5\nmodel = ns['tiny'](n=n)\nexample_args = (torch.randn(2, n),)\n",
    );
    let TraceOutcome::Exported(p) = &r.outcome else {
        let TraceOutcome::Failed(f) = &r.outcome else {
            unreachable!()
        };
        panic!("expected a program, got: {}", f.message);
    };
    let shapes: Vec<String> = p
        .inputs
        .iter()
        .map(|id| format!("{:?}", p.graph.node(*id).val))
        .collect();
    assert_eq!(shapes.len(), 3, "{shapes:?}");
    assert!(
        shapes[0].contains("[SymExpr(2), SymExpr(4)]"),
        "weight of tiny(4): {shapes:?}"
    );
}

fn families_workspace() -> Rc<Workspace> {
    let files = families();
    let refs: Vec<(&str, &str)> = files.iter().map(|(p, t)| (p.as_str(), *t)).collect();
    workspace(&refs)
}

/// Model families star-imported by their package, in the style of
/// `torchvision.models`: `a`, `b` and `d` have a literal `__all__` and
/// only define names (their star imports wait until a name is used), `c`
/// has none (it runs at its star import); all register builders.
fn families() -> Vec<(String, &'static str)> {
    vec![
        (
            site("fam/__init__.py"),
            "from .a import *\nfrom .b import *\nfrom .c import *\nfrom .d import *\nfrom ._reg import list_models\n",
        ),
        (
            site("fam/_reg.py"),
            "MODELS = {}\n\ndef register(fn):\n    MODELS[fn.__name__] = fn\n    return fn\n\ndef list_models():\n    return sorted(MODELS)\n",
        ),
        (
            site("fam/a.py"),
            "\
import torch
from torch import nn
from ._reg import register

__all__ = ['Net', 'a1', 'shared']
shared = 1

class Net(nn.Module):
    def __init__(self, n, out):
        super().__init__()
        self.fc = nn.Linear(n, out)

    def forward(self, x):
        return self.fc(x)

@register
def a1():
    return Net(5, 1)
",
        ),
        (
            site("fam/b.py"),
            "from ._reg import register\n__all__ = ('b1', 'shared')\nshared = 2\n\n@register\ndef b1():\n    return None\n",
        ),
        (
            site("fam/c.py"),
            "from ._reg import MODELS\nMODELS['c1'] = None\nshared_c = 3\n",
        ),
        (
            site("fam/d.py"),
            "from ._reg import register\n__all__ = ['d1']\n\n@register\ndef d1():\n    return None\n",
        ),
    ]
}

fn out_features(r: &TraceResult) -> String {
    match &r.outcome {
        TraceOutcome::Exported(p) => {
            let out = p.graph.nodes.last().expect("a node");
            format!("{:?}", out.val)
        }
        TraceOutcome::Failed(f) => panic!("expected a program, got: {}", f.message),
    }
}

#[test]
fn a_star_import_with_a_literal_all_runs_its_module_when_a_name_is_used() {
    let ws = families_workspace();
    // `shared` comes from `b`, the later star import, as in Python.
    let r = trace(
        &ws,
        "import torch\nimport fam\nmodel = fam.Net(5, fam.shared + 10)\nexample_args = (torch.randn(2, 5),)\n",
    );
    assert!(out_features(&r).contains("12"), "{}", out_features(&r));
    let parsed: Vec<String> = ws
        .parsed_files()
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    for used in ["fam/a.py", "fam/b.py", "fam/c.py"] {
        assert!(parsed.contains(&site(used)), "{used}: {parsed:?}");
    }
    assert!(!parsed.contains(&site("fam/d.py")), "{parsed:?}");
}

#[test]
fn reading_a_registry_runs_every_deferred_star_import_first() {
    let ws = families_workspace();
    // Only `Net` is used, yet the registry holds every family's builder.
    let r = trace(
        &ws,
        "import torch\nimport fam\nmodel = fam.Net(5, len(fam.list_models()) + 20)\nexample_args = (torch.randn(2, 5),)\n",
    );
    assert!(out_features(&r).contains("24"), "{}", out_features(&r));
    assert!(ws.parsed_files().contains(&PathBuf::from(site("fam/d.py"))));
}

/// torchvision's layout in small: a package star-imports a module that
/// only re-exports a name from a sibling (`transforms.py` binding
/// `InterpolationMode` by `from .functional import ...`), and a module
/// whose `__all__` joins its submodules' (`mobilenet.py`).
fn reexporting(rebind: &'static str) -> Vec<(String, &'static str)> {
    vec![
        (site("tv/__init__.py"), ""),
        (
            site("tv/transforms/__init__.py"),
            "from .transforms import *\n",
        ),
        (
            site("tv/transforms/transforms.py"),
            if rebind.is_empty() {
                "from .functional import Mode\n__all__ = ['Mode', 'Resize']\nclass Resize:\n    pass\n"
            } else {
                rebind
            },
        ),
        (
            site("tv/transforms/functional.py"),
            "class Mode:\n    BILINEAR = 7\n",
        ),
        (
            site("tv/presets.py"),
            "from .transforms import Mode\nWIDTH = Mode.BILINEAR\n",
        ),
        (
            site("tv/models.py"),
            "from .mobile import *\nfrom .net import *\n",
        ),
        (
            site("tv/mobile.py"),
            "from .v2 import *\nfrom .v3 import *\nfrom .v2 import __all__ as a2\nfrom .v3 import __all__ as a3\n__all__ = a2 + a3\n",
        ),
        (
            site("tv/v2.py"),
            "__all__ = ['m2']\ndef m2():\n    return 2\n",
        ),
        (
            site("tv/v3.py"),
            "__all__ = ['m3']\ndef m3():\n    return 3\n",
        ),
        (
            site("tv/net.py"),
            "from torch import nn\n__all__ = ['Net']\nclass Net(nn.Module):\n    def __init__(self, n, out):\n        super().__init__()\n        self.fc = nn.Linear(n, out)\n\n    def forward(self, x):\n        return self.fc(x)\n",
        ),
    ]
}

/// The workspace of [`reexporting`]'s files.
fn reexporting_workspace(rebind: &'static str) -> Rc<Workspace> {
    let files = reexporting(rebind);
    let refs: Vec<(&str, &str)> = files.iter().map(|(p, t)| (p.as_str(), *t)).collect();
    workspace(&refs)
}

/// A model built with the presets' `WIDTH` has `width` output features.
fn assert_preset_width(ws: &Rc<Workspace>, width: i64) {
    let r = trace(
        ws,
        "import torch\nfrom tv.presets import WIDTH\nimport tv.models as M\nmodel = M.Net(5, WIDTH)\nexample_args = (torch.randn(2, 5),)\n",
    );
    let features = out_features(&r);
    assert!(
        features.contains(&format!("SymExpr({width})")),
        "{features}"
    );
}

fn parsed(ws: &Rc<Workspace>) -> Vec<String> {
    ws.parsed_files()
        .iter()
        .map(|p| p.display().to_string())
        .collect()
}

#[test]
fn a_reexported_name_is_read_from_its_module_and_a_joined_all_is_settled() {
    let ws = reexporting_workspace("");
    assert_preset_width(&ws, 7);
    let parsed = parsed(&ws);
    assert!(
        parsed.contains(&site("tv/transforms/functional.py")),
        "{parsed:?}"
    );
    // Neither the re-exporting module nor the mobile family ran.
    for unused in [
        "tv/transforms/transforms.py",
        "tv/mobile.py",
        "tv/v2.py",
        "tv/v3.py",
    ] {
        assert!(!parsed.contains(&site(unused)), "{unused}: {parsed:?}");
    }
    // A name of the joined `__all__` runs its module when used.
    let r = trace(
        &ws,
        "import torch\nimport tv.models as M\nmodel = M.Net(5, M.m2() + M.m3())\nexample_args = (torch.randn(2, 5),)\n",
    );
    assert!(
        out_features(&r).contains("SymExpr(5)"),
        "{}",
        out_features(&r)
    );
    assert!(parsed_after(&ws, "tv/mobile.py"));
}

fn parsed_after(ws: &Rc<Workspace>, file: &str) -> bool {
    parsed(ws).contains(&site(file))
}

#[test]
fn a_name_rebound_after_its_import_is_the_module_own() {
    // The import is not the module's last word on `Mode`: the module runs.
    let ws = reexporting_workspace(
        "from .functional import Mode\n__all__ = ['Mode']\nclass Other:\n    BILINEAR = 9\nMode = Other\n",
    );
    assert_preset_width(&ws, 9);
    assert!(parsed_after(&ws, "tv/transforms/transforms.py"));
}

/// A package in the style of Hugging Face transformers: every `__init__`
/// is a lazy module (`if TYPE_CHECKING:` imports, else
/// `sys.modules[__name__] = _LazyModule(...)` built by listing files),
/// the top package star-imports `models`, which star-imports each family
/// package, which star-imports its files; a utility module is named like
/// a standard-library one (`utils/math.py` imports `math`). The family
/// packages switch on `TYPE_CHECKING or SLOW_IMPORT`, as diffusers does.
fn lazy_families() -> Vec<(String, &'static str)> {
    const LAZY_TAIL: &str = "else:\n    import sys\n\n    _file = globals()[\"__file__\"]\n    sys.modules[__name__] = _LazyModule(__name__, _file, define_import_structure(_file))\n";
    let lazy = |imports: &str| -> &'static str {
        Box::leak(
            format!(
                "from typing import TYPE_CHECKING\nfrom ..utils import _LazyModule, define_import_structure\n\nSLOW_IMPORT = False\n\nif TYPE_CHECKING or SLOW_IMPORT:\n{imports}{LAZY_TAIL}"
            )
            .into_boxed_str(),
        )
    };
    vec![
        (
            site("hf/__init__.py"),
            Box::leak(
                format!(
                    "from typing import TYPE_CHECKING\nfrom .utils import _LazyModule, define_import_structure\n\nif TYPE_CHECKING:\n    from .utils.math import get_logger as get_logger\n    from .models import *\n{LAZY_TAIL}"
                )
                .into_boxed_str(),
            ),
        ),
        (
            site("hf/utils/__init__.py"),
            "from .math import get_logger\n\nclass _LazyModule:\n    def __init__(self, *args):\n        raise RuntimeError('the runtime branch ran')\n\ndef define_import_structure(path):\n    raise RuntimeError('files were listed')\n",
        ),
        (
            site("hf/utils/math.py"),
            "import math\n\nWIDTH = int(math.pi * 10)\n\ndef get_logger(name):\n    return name\n",
        ),
        (
            site("hf/models/__init__.py"),
            lazy("    from .albert import *\n    from .bert import *\n    from .llama import *\n    from .zeta import *\n"),
        ),
        (
            site("hf/models/albert/__init__.py"),
            "raise RuntimeError('albert ran')\n",
        ),
        (
            site("hf/models/bert/__init__.py"),
            "raise RuntimeError('bert ran')\n",
        ),
        (
            site("hf/models/llama/__init__.py"),
            "from typing import TYPE_CHECKING\nfrom ...utils import _LazyModule, define_import_structure\n\nif TYPE_CHECKING:\n    from .configuration_llama import *\n    from .modeling_llama import *\n",
        ),
        (
            site("hf/models/llama/configuration_llama.py"),
            "# `__all__` in a comment changes nothing.\n__all__ = ['LlamaConfig']\n\nclass LlamaConfig:\n    def __init__(self, hidden_size=8):\n        self.hidden_size = hidden_size\n",
        ),
        (
            site("hf/models/llama/modeling_llama.py"),
            "\
import torch
from torch import nn
from ...utils.math import get_logger, WIDTH
from .configuration_llama import LlamaConfig

logger = get_logger(__name__)
__all__ = ['LlamaModel']

class LlamaModel(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.fc = nn.Linear(config.hidden_size, config.hidden_size + WIDTH)

    def forward(self, x):
        return self.fc(x)
",
        ),
        (
            site("hf/models/zeta/__init__.py"),
            "raise RuntimeError('zeta ran')\n",
        ),
    ]
}

#[test]
fn a_lazy_package_is_read_through_its_type_checking_imports() {
    let files = lazy_families();
    let refs: Vec<(&str, &str)> = files.iter().map(|(p, t)| (p.as_str(), *t)).collect();
    for entry in [
        "import torch\nfrom hf import LlamaConfig, LlamaModel\nmodel = LlamaModel(LlamaConfig(hidden_size=4))\nexample_args = (torch.randn(2, 4),)\n",
        "import torch\nimport hf\nmodel = hf.LlamaModel(hf.LlamaConfig(hidden_size=4))\nexample_args = (torch.randn(2, 4),)\n",
    ] {
        let ws = workspace(&refs);
        let r = trace(&ws, entry);
        // `int(math.pi * 10)` is 31: `import math` in `hf/utils/math.py`
        // is the standard library's, not the file itself.
        assert!(out_features(&r).contains("35"), "{}", out_features(&r));
        let parsed: Vec<String> = ws
            .parsed_files()
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        for family in ["albert", "bert", "zeta"] {
            let init = site(&format!("hf/models/{family}/__init__.py"));
            assert!(!parsed.contains(&init), "{family} ran: {parsed:?}");
        }
    }
}

#[test]
fn a_function_kept_undecorated_takes_the_decorated_call_as_unknown() {
    let ws = workspace(&[(
        site("val/__init__.py").as_str(),
        "import numpy as np\n\ndef interval(lo):\n    @np.vectorize\n    def _inner(value):\n        return value >= lo\n    return _inner\n\nDEFAULT = interval(0)(default=0.5)\n",
    )]);
    let r = trace(
        &ws,
        "import torch\nfrom torch import nn\nimport val\nmodel = nn.Linear(4, 6 if val.DEFAULT is not None else 1)\nexample_args = (torch.randn(2, 4),)\n",
    );
    assert!(out_features(&r).contains("6"), "{}", out_features(&r));
}

#[test]
fn what_a_library_assumes_at_import_time_leaves_a_failure_standing() {
    // `logging.py` branches on an opaque package's value while it is
    // imported; the model's own error afterwards is still a verdict.
    let ws = workspace(&[
        (&site("lib/__init__.py"), ""),
        (
            &site("lib/logging.py"),
            "import tqdm\nactive = 1 if tqdm.enabled() else 0\n",
        ),
        (
            &site("lib/model.py"),
            "\
import torch
from lib import logging

class Net(torch.nn.Module):
    def forward(self, x):
        return {1, 2}
",
        ),
    ]);
    let r = trace(
        &ws,
        "import torch\nfrom lib.model import Net\nmodel = Net()\nexample_args = (torch.randn(2),)\n",
    );
    let TraceOutcome::Failed(f) = &r.outcome else {
        panic!("a set output fails to export")
    };
    assert_eq!(f.kind, tracer::FailureKind::Other, "{}", f.message);
}

#[test]
fn what_model_construction_assumes_makes_a_failure_incomplete() {
    let ws = workspace(&[]);
    let r = trace(
        &ws,
        "\
import torch
import tqdm

class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.wide = 1 if tqdm.enabled() else 0

    def forward(self, x):
        return {1, 2}

model = Net()
example_args = (torch.randn(2),)
",
    );
    let TraceOutcome::Failed(f) = &r.outcome else {
        panic!("a set output fails to export")
    };
    assert_eq!(f.kind, tracer::FailureKind::Incomplete, "{}", f.message);
}

#[test]
fn a_sequence_subclass_iterates_by_index_and_is_a_sequence() {
    // collections.abc.Sequence's mixins over `__getitem__`/`__len__`, and
    // isinstance against it for built-in and user sequences.
    let ws = workspace(&[(
        &site("cfg/__init__.py"),
        "\
from collections.abc import Sequence

class Layers(Sequence):
    def __init__(self, n):
        self.n = n
    def __len__(self):
        return self.n
    def __getitem__(self, i):
        if i >= self.n:
            raise IndexError('out of range')
        return i * 10

layers = Layers(3)
assert [v for v in layers] == [0, 10, 20]
assert 20 in layers and 5 not in layers
assert layers.index(10) == 1 and layers.count(0) == 1
assert list(reversed(layers)) == [20, 10, 0]
assert isinstance(layers, Sequence)
assert isinstance([1], Sequence) and isinstance((1,), Sequence)
assert not isinstance({}, Sequence)
WIDTH = sum(layers)
",
    )]);
    let r = trace(
        &ws,
        "import torch\nfrom cfg import WIDTH\nmodel = torch.nn.Linear(4, WIDTH)\nexample_args = (torch.randn(2, 4),)\n",
    );
    let features = out_features(&r);
    assert!(features.contains("SymExpr(30)"), "{features}");
}

#[test]
fn a_module_reads_its_own_source_with_inspect() {
    let ws = workspace(&[(
        &site("deco/__init__.py"),
        "\
import inspect
import sys

def marker(f):
    return f

@marker
def g():
    return 1

WIDTH = 5 if '@marker' in inspect.getsource(sys.modules[__name__]) else 1
",
    )]);
    let r = trace(
        &ws,
        "import torch\nfrom deco import WIDTH\nmodel = torch.nn.Linear(4, WIDTH)\nexample_args = (torch.randn(2, 4),)\n",
    );
    let features = out_features(&r);
    assert!(features.contains("SymExpr(5)"), "{features}");
}

#[test]
fn a_library_loads_a_module_it_generated_into_a_temporary_file() {
    // torch_geometric's `module_from_template`: render a source from a
    // template file beside the code, write it to a temporary file, load
    // that file with importlib.util and use its function as a method.
    let ws = workspace(&[
        (&site("gen/widths.txt"), "7\n"),
        (
            &site("gen/__init__.py"),
            "\
import importlib.util
import os.path as osp
import sys
import tempfile
from _exportlens_files import read_text

def build(name):
    width = read_text(osp.join(osp.dirname(osp.realpath(__file__)), 'widths.txt')).strip()
    source = 'WIDTH = ' + width + '\\ndef double(x):\\n    return x * 2\\n'
    with tempfile.NamedTemporaryFile(mode='w', prefix=name + '_', suffix='.py', delete=False) as tmp:
        tmp.write(source)
        tmp.flush()
    spec = importlib.util.spec_from_file_location(name, tmp.name)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    assert osp.isfile(tmp.name) and module.double.__module__ == name
    return module

generated = build('gen_double')
WIDTH = generated.WIDTH
",
        ),
    ]);
    let r = trace(
        &ws,
        "import torch\nfrom gen import WIDTH\nmodel = torch.nn.Linear(4, WIDTH)\nexample_args = (torch.randn(2, 4),)\n",
    );
    let features = out_features(&r);
    assert!(features.contains("SymExpr(7)"), "{features}");
    // Outside the import roots nothing is read.
    let outside = workspace(&[
        ("/elsewhere/secret.txt", "1"),
        (
            &site("peek/__init__.py"),
            "from _exportlens_files import read_text\nhidden = read_text('/elsewhere/secret.txt') is None and read_text('relative.txt') is None\nWIDTH = 3 if hidden else 1\n",
        ),
    ]);
    let r = trace(
        &outside,
        "import torch\nfrom peek import WIDTH\nmodel = torch.nn.Linear(4, WIDTH)\nexample_args = (torch.randn(2, 4),)\n",
    );
    let features = out_features(&r);
    assert!(features.contains("SymExpr(3)"), "{features}");
}

#[test]
fn a_library_renders_a_jinja_template_into_the_method_it_runs() {
    // The torch_geometric pattern end to end: templates beside the code
    // (one including another), rendered with jinja2 from the
    // environment's files, the source loaded as a module and its function
    // made the class's method. The generated body computes both selects
    // first, as the template orders them.
    let ws = workspace(&[
        (
            &site("tgen/templates/body.jinja"),
            "{%- for name in names %}\n    {{ name }}_sel = x[{{ loop.index0 }}]\n{%- endfor %}\n",
        ),
        (
            &site("tgen/templates/method.jinja"),
            "import torch\n\n\ndef {{ fn }}(self, x):\n{% include 'body.jinja' %}\n    return {{ names | join('_sel + ') }}_sel\n",
        ),
        (
            &site("tgen/__init__.py"),
            "\
import importlib.util
import os.path as osp
import sys
import tempfile

import torch
from jinja2 import Environment, FileSystemLoader


def module_from_template(name, template, **kwargs):
    env = Environment(loader=FileSystemLoader(osp.join(osp.dirname(osp.realpath(__file__)), 'templates')))
    source = env.get_template(template).render(**kwargs)
    with tempfile.NamedTemporaryFile(mode='w', prefix=name + '_', suffix='.py', delete=False) as tmp:
        tmp.write(source)
    spec = importlib.util.spec_from_file_location(name, tmp.name)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


class Sum(torch.nn.Module):
    def __init__(self):
        super().__init__()
        generated = module_from_template('tgen_sum', 'method.jinja', fn='combine', names=['a', 'b'])
        self.__class__.combine = generated.combine

    def forward(self, x):
        return self.combine(x)
",
        ),
    ]);
    let r = trace(
        &ws,
        "import torch\nfrom tgen import Sum\nmodel = Sum()\nexample_args = (torch.randn(2, 3),)\n",
    );
    let TraceOutcome::Exported(p) = &r.outcome else {
        let TraceOutcome::Failed(f) = &r.outcome else {
            unreachable!()
        };
        panic!("expected a program, got: {}", f.message);
    };
    let targets: Vec<&str> = p
        .graph
        .nodes
        .iter()
        .filter_map(|n| match &n.op {
            tracer::graph::NodeOp::CallFunction { target, .. } => Some(target.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(
        targets,
        ["aten.select.int", "aten.select.int", "aten.add.Tensor"],
        "{targets:?}"
    );
}
