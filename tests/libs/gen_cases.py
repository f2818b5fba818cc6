#!/usr/bin/env python3
"""Writes the library yardstick's cases: one small file per model, in the
ExportDB layout the tool reads (module-level `model`, `example_args`,
optional `dynamic_shapes`), under tests/libs/cases/<group>/.

Run it with a Python that has torch (ground truth is torch's business):

    /work/torchvenv/bin/python tests/libs/gen_cases.py [GROUP ...]

Groups: `torchvision` (every classification builder of torchvision.models,
weights=None), `timm` (a list of small models across families,
pretrained=False), `repos` (models of the pure-Python PyPI packages of
tests/libs/packages.txt, with small configurations; those packages are
read from .venv-libs, which tests/libs/prepare.sh makes). Every model is
put in eval mode and run eagerly first: the input is the smallest of
SIZES that torch accepts, and a model that cannot be built or run is
dropped (printed with the reason). A third of the models (every third
by name) get a dynamic batch, written as users write it: alternately a
named `Dim("batch", ...)` and `Dim.AUTO`, with batch 2 in the example so
torch does not specialize it. A group's folder is rewritten whole.
"""
import inspect
import shutil
import sys
import traceback
from dataclasses import dataclass, field
from pathlib import Path

import torch

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CASES = HERE / "cases"
LIBS_VENV = ROOT / ".venv-libs"
SIZES = (64, 96, 128, 160, 192, 224, 256, 299)
BATCH_MAX = 64


@dataclass
class Spec:
    """One model: how the case file imports and builds it and its inputs.

    `args` are expressions of the example arguments; `{b}` is the batch and
    `{s}` the image size, which is searched over SIZES when it appears."""

    name: str
    imports: list
    build: str
    args: list = field(default_factory=lambda: ["torch.randn({b}, 3, {s}, {s})"])
    dynamic: bool = True  # may get a dynamic batch (dim 0 of the first input)
    doc: str = ""


# --- torchvision ----------------------------------------------------------------
def torchvision_specs():
    import torchvision

    return [
        Spec(f"tv_{b}", ["import torchvision"], f"torchvision.models.{b}(weights=None)",
             doc=f"torchvision.models.{b}(weights=None)")
        for b in sorted(torchvision.models.list_models(module=torchvision.models))
    ]


# --- timm -----------------------------------------------------------------------
TIMM_MODELS = [
    "resnet18", "resnet26d", "resnext26ts", "seresnext26d_32x4d", "resnetv2_50",
    "efficientnet_b0", "efficientnet_lite0", "tf_efficientnetv2_b0", "mnasnet_100",
    "mobilenetv2_100", "mobilenetv3_small_100", "mobilenetv3_large_100", "lcnet_050",
    "fbnetc_100", "tinynet_e", "rexnet_100", "ghostnet_100",
    "convnext_atto", "convnextv2_atto", "edgenext_xx_small", "fastvit_t8",
    "vit_tiny_patch16_224", "deit_tiny_patch16_224", "deit_tiny_distilled_patch16_224",
    "pit_ti_224", "cait_xxs24_224", "levit_128s", "efficientformer_l1",
    "mobilevit_xxs", "mobilevitv2_050", "swin_tiny_patch4_window7_224",
    "regnetx_002", "regnety_002", "densenet121", "inception_v3", "dla34", "dpn68",
    "hrnet_w18_small", "repvgg_a0", "cspresnet50", "mixer_s16_224", "resmlp_12_224",
    "gmlp_ti16_224", "poolformer_s12", "botnet26t_256", "halonet26t",
]


def timm_specs():
    return [
        Spec(f"timm_{n}", ["import timm"], f'timm.create_model("{n}", pretrained=False)',
             doc=f'timm.create_model("{n}", pretrained=False)')
        for n in TIMM_MODELS
    ]


# --- repos: pure-Python model packages ---------------------------------------------
def repos_specs():
    vit = dict(image_size=64, patch_size=16, num_classes=10, dim=64, depth=2, heads=4, mlp_dim=128)
    kw = lambda d: ", ".join(f"{k}={v!r}" for k, v in d.items())  # noqa: E731
    img64 = ["torch.randn({b}, 3, 64, 64)"]
    return [
        Spec("repo_vit_pytorch_vit", ["from vit_pytorch import ViT"], f"ViT({kw(vit)})", img64),
        Spec("repo_vit_pytorch_simple_vit", ["from vit_pytorch import SimpleViT"],
             f"SimpleViT({kw(vit)})", img64),
        Spec("repo_vit_pytorch_cait", ["from vit_pytorch.cait import CaiT"],
             f"CaiT({kw(dict(vit, cls_depth=1))})", img64),
        Spec("repo_vit_pytorch_deepvit", ["from vit_pytorch.deepvit import DeepViT"],
             f"DeepViT({kw(vit)})", img64),
        Spec("repo_vit_pytorch_t2t", ["from vit_pytorch.t2t import T2TViT"],
             "T2TViT(dim=64, image_size=64, depth=2, heads=4, mlp_dim=128, num_classes=10, "
             "t2t_layers=((7, 4), (3, 2), (3, 2)))", img64),
        Spec("repo_vit_pytorch_cvt", ["from vit_pytorch.cvt import CvT"], "CvT(num_classes=10)", img64),
        Spec("repo_vit_pytorch_pit", ["from vit_pytorch.pit import PiT"],
             "PiT(image_size=64, patch_size=8, dim=64, num_classes=10, depth=(1, 1, 1), heads=4, "
             "mlp_dim=128)", img64),
        Spec("repo_vit_pytorch_mobilevit", ["from vit_pytorch.mobile_vit import MobileViT"],
             "MobileViT(image_size=(64, 64), dims=[96, 120, 144], "
             "channels=[16, 32, 48, 48, 64, 64, 80, 80, 96, 96, 384], num_classes=10)", img64),
        Spec("repo_efficientnet_pytorch_b0", ["from efficientnet_pytorch import EfficientNet"],
             'EfficientNet.from_name("efficientnet-b0")'),
        Spec("repo_pytorchcv_resnet10", ["from pytorchcv.models.resnet import resnet10"],
             "resnet10(pretrained=False)"),
        Spec("repo_pytorchcv_mobilenetv2", ["from pytorchcv.models.mobilenetv2 import mobilenetv2_w1"],
             "mobilenetv2_w1(pretrained=False)"),
        Spec("repo_pytorchcv_shufflenetv2", ["from pytorchcv.models.shufflenetv2 import shufflenetv2_w1"],
             "shufflenetv2_w1(pretrained=False)"),
        Spec("repo_pytorchcv_squeezenet", ["from pytorchcv.models.squeezenet import squeezenet_v1_1"],
             "squeezenet_v1_1(pretrained=False)"),
        Spec("repo_smp_unet", ["import segmentation_models_pytorch as smp"],
             'smp.Unet("resnet18", encoder_weights=None, classes=2)'),
        Spec("repo_smp_fpn", ["import segmentation_models_pytorch as smp"],
             'smp.FPN("resnet18", encoder_weights=None, classes=2)'),
        Spec("repo_pretrainedmodels_bninception", ["import pretrainedmodels"],
             'pretrainedmodels.__dict__["bninception"](num_classes=1000, pretrained=None)'),
        Spec("repo_pretrainedmodels_se_resnext50", ["import pretrainedmodels"],
             'pretrainedmodels.__dict__["se_resnext50_32x4d"](num_classes=1000, pretrained=None)'),
        Spec("repo_pretrainedmodels_xception", ["import pretrainedmodels"],
             'pretrainedmodels.__dict__["xception"](num_classes=1000, pretrained=None)'),
        Spec("repo_resnest_resnest50", ["from resnest.torch import resnest50"], "resnest50(pretrained=False)"),
        Spec("repo_linformer_linformer", ["from linformer import Linformer"],
             "Linformer(dim=64, seq_len=128, depth=2, heads=4, k=32, one_kv_head=True, share_kv=True)",
             ["torch.randn({b}, 128, 64)"]),
        Spec("repo_linformer_lm", ["from linformer import LinformerLM"],
             "LinformerLM(num_tokens=1000, dim=64, seq_len=128, depth=2, heads=4, k=32)",
             ["torch.randint(0, 1000, ({b}, 128))"]),
        Spec("repo_perceiver_pytorch_perceiver", ["from perceiver_pytorch import Perceiver"],
             "Perceiver(input_channels=3, input_axis=2, num_freq_bands=6, max_freq=10.0, depth=2, "
             "num_latents=32, latent_dim=64, cross_heads=1, latent_heads=4, cross_dim_head=32, "
             "latent_dim_head=32, num_classes=10, attn_dropout=0.0, ff_dropout=0.0, "
             "weight_tie_layers=False, fourier_encode_data=True, self_per_cross_attn=1)",
             ["torch.randn({b}, 32, 32, 3)"]),
        Spec("repo_mlp_mixer_pytorch_mixer", ["from mlp_mixer_pytorch import MLPMixer"],
             "MLPMixer(image_size=64, channels=3, patch_size=16, dim=128, depth=2, num_classes=10)", img64),
        Spec("repo_g_mlp_pytorch_vision", ["from g_mlp_pytorch import gMLPVision"],
             "gMLPVision(image_size=64, patch_size=16, num_classes=10, dim=128, depth=2)", img64),
        Spec("repo_g_mlp_pytorch_lm", ["from g_mlp_pytorch import gMLP"],
             "gMLP(num_tokens=1000, dim=128, depth=2, seq_len=64)",
             ["torch.randint(0, 1000, ({b}, 64))"]),
    ]


GROUPS = {"torchvision": torchvision_specs, "timm": timm_specs, "repos": repos_specs}


def libs_site_packages():
    """.venv-libs' site-packages, for the repos group's packages (appended
    to sys.path, so the torch side's own torchvision and timm win)."""
    found = sorted(LIBS_VENV.glob("lib/python*/site-packages"))
    if not found:
        sys.exit(f"{LIBS_VENV} is missing: run tests/libs/prepare.sh first")
    return found[0]


def render(spec, size, batch, dynamic_kind):
    """The case file's text."""
    args = [a.format(b=batch, s=size) for a in spec.args]
    lines = [f'"""{spec.doc or spec.build}, eval mode.'
             + (" Dynamic batch." if dynamic_kind else "") + '"""',
             "import torch"]
    if dynamic_kind:
        lines.append("from torch.export import Dim")
    lines += spec.imports
    lines += ["", f"model = {spec.build}.eval()", f"example_args = ({', '.join(args)},)"]
    if dynamic_kind:
        lines.append(f"dynamic_shapes = {{\"{dynamic_kind[0]}\": {{0: {dynamic_kind[1]}}}}}")
    return "\n".join(lines) + "\n"


def try_spec(spec, dynamic):
    """(size, batch, param name) for the smallest input that runs, or raises."""
    ns = {}
    exec("import torch\n" + "\n".join(spec.imports), ns)  # noqa: S102 - our own specs
    model = eval(spec.build, ns).eval()  # noqa: S307
    batch = 2 if dynamic else 1
    sizes = SIZES if any("{s}" in a for a in spec.args) else (None,)
    errors = []
    with torch.no_grad():
        for size in sizes:
            args = tuple(eval(a.format(b=batch, s=size), ns) for a in spec.args)  # noqa: S307
            try:
                model(*args)
            except Exception as e:  # noqa: BLE001 - a refused size: try the next one
                errors.append(f"{size}: {type(e).__name__}: {str(e).splitlines()[0][:120] if str(e) else ''}")
                continue
            first = next(iter(inspect.signature(model.forward).parameters))
            return size, batch, first
    raise RuntimeError("no input size runs: " + "; ".join(errors[-2:]))


def generate(group):
    specs = GROUPS[group]()
    out = CASES / group
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    written, dropped = [], []
    for i, spec in enumerate(sorted(specs, key=lambda s: s.name)):
        dynamic = spec.dynamic and i % 3 == 0
        try:
            size, batch, param = try_spec(spec, dynamic)
        except Exception as e:  # noqa: BLE001
            reason = str(e).splitlines()[0] if str(e) else type(e).__name__
            if not isinstance(e, RuntimeError):
                reason = f"{type(e).__name__}: {reason} ({traceback.extract_tb(e.__traceback__)[-1].name})"
            dropped.append((spec.name, reason))
            print(f"{group}: dropped {spec.name}: {reason}", flush=True)
            continue
        kind = None
        if dynamic:
            dim = f'Dim("batch", min=1, max={BATCH_MAX})' if (i // 3) % 2 == 0 else "Dim.AUTO"
            kind = (param, dim)
        (out / f"{spec.name}.py").write_text(render(spec, size, batch, kind))
        written.append(spec.name)
        print(f"{group}: {spec.name}: input {size or '-'}{' dynamic batch' if kind else ''}", flush=True)
    print(f"{group}: wrote {len(written)} cases, dropped {len(dropped)}"
          + (": " + ", ".join(n for n, _ in dropped) if dropped else ""))
    return written, dropped


def main(argv):
    groups = argv or list(GROUPS)
    unknown = [g for g in groups if g not in GROUPS]
    if unknown:
        sys.exit(f"unknown group(s) {unknown}; groups: {', '.join(GROUPS)}")
    if "repos" in groups:
        sys.path.append(str(libs_site_packages()))
    torch.set_num_threads(1)
    for g in groups:
        generate(g)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
