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
read from .venv-libs, which tests/libs/prepare.sh makes), `transformers`
(Hugging Face transformers models with tiny configs: encoder-only,
decoder-only, the encoders of encoder-decoder models, vision and audio;
see transformers_specs). Every model is put in eval mode and run eagerly
first: the input is the smallest of SIZES that torch accepts, and a model
that cannot be built or run is dropped (printed with the reason). A third
of the models (every third by name) get a dynamic batch, written as users
write it: alternately a named `Dim("batch", ...)` and `Dim.AUTO`, with
batch 2 in the example so torch does not specialize it. The transformers
group has its own renderer (render_hf): each model is written as users
write it (`config = XxxConfig(...)`, `model = XxxModel(config).eval()`)
twice, `hf_<family>_<arch>` with static shapes and `hf_<family>_<arch>_dyn`
with `Dim("batch")` and, for token and audio-sample inputs, a `Dim("seq",
max=...)` (`Dim("time", ...)`) too; batch 2, sequence 16. A group's folder
is rewritten whole.
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


# --- transformers: Hugging Face models with tiny configs ----------------------------
HF_BATCH, HF_SEQ, HF_SEQ_MAX = 2, 16, 64
HF_VOCAB = 128
HF_IMAGE = 32
HF_WAVE, HF_WAVE_MIN, HF_WAVE_MAX = 1600, 30, 16000  # audio samples: the example, the dynamic range
TEXT = dict(vocab_size=HF_VOCAB, max_position_embeddings=HF_SEQ_MAX)
BERTISH = dict(TEXT, hidden_size=64, num_hidden_layers=2, num_attention_heads=4, intermediate_size=128)
# Decoders: use_cache=False, as users export them with plain torch.export (the default
# use_cache=True returns a DynamicCache, which torch cannot export as an output: the
# hf_decoder_llama_cache case keeps that failure).
NO_CACHE = dict(use_cache=False)
DECODER = dict(TEXT, hidden_size=64, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2,
               intermediate_size=128, **NO_CACHE)
VIT = dict(image_size=HF_IMAGE, patch_size=8, hidden_size=64, num_hidden_layers=2, num_attention_heads=4,
           intermediate_size=128)


@dataclass
class HFSpec:
    """One transformers model: `config = CONFIG(**kwargs)` then
    `model = BUILD.eval()` (BUILD spells `config`), as users write it.

    `inputs` is "tokens" (input_ids, batch x seq), "image" (pixel_values,
    batch x 3 x HF_IMAGE x HF_IMAGE), "mel" (Whisper's input_features,
    batch x mel bins x frames) or "wave" (Wav2Vec2's input_values, batch x
    samples). `dynamic` lists the dims of the input that the `_dyn` case
    makes dynamic: 0 is Dim("batch"), any other Dim("seq", max=HF_SEQ_MAX)
    (Dim("time", min=HF_WAVE_MIN, max=HF_WAVE_MAX) for audio samples: the
    minimum torch suggests for Wav2Vec2's feature convolutions); () makes no
    `_dyn` case."""

    name: str
    config: str
    kwargs: dict
    build: str
    inputs: str = "tokens"
    dynamic: tuple = (0, 1)
    doc: str = ""


def transformers_specs():
    kw_dec = lambda **k: dict(DECODER, **k)  # noqa: E731
    whisper = dict(vocab_size=HF_VOCAB, num_mel_bins=16, d_model=64, encoder_layers=2, encoder_attention_heads=4,
                   encoder_ffn_dim=128, decoder_layers=2, decoder_attention_heads=4, decoder_ffn_dim=128,
                   max_source_positions=32, max_target_positions=HF_SEQ_MAX, pad_token_id=0, bos_token_id=1,
                   eos_token_id=2, decoder_start_token_id=3)
    wav2vec2 = dict(vocab_size=32, hidden_size=64, num_hidden_layers=2, num_attention_heads=4,
                    intermediate_size=128, conv_dim=[32, 32], conv_stride=[5, 2], conv_kernel=[10, 3],
                    num_conv_pos_embeddings=16, num_conv_pos_embedding_groups=4)
    return [
        # encoder-only
        HFSpec("hf_encoder_bert", "BertConfig", BERTISH, "BertModel(config)"),
        HFSpec("hf_encoder_roberta", "RobertaConfig", dict(BERTISH, max_position_embeddings=HF_SEQ_MAX + 2),
               "RobertaModel(config)"),
        HFSpec("hf_encoder_distilbert", "DistilBertConfig",
               dict(TEXT, dim=64, n_layers=2, n_heads=4, hidden_dim=128), "DistilBertModel(config)"),
        HFSpec("hf_encoder_albert", "AlbertConfig", dict(BERTISH, embedding_size=32), "AlbertModel(config)"),
        HFSpec("hf_encoder_electra", "ElectraConfig", dict(BERTISH, embedding_size=32), "ElectraModel(config)"),
        HFSpec("hf_encoder_deberta_v2", "DebertaV2Config",
               dict(BERTISH, relative_attention=True, position_buckets=32, pos_att_type=["p2c", "c2p"]),
               "DebertaV2Model(config)"),
        # decoder-only
        HFSpec("hf_decoder_gpt2", "GPT2Config",
               dict(vocab_size=HF_VOCAB, n_positions=HF_SEQ_MAX, n_embd=64, n_layer=2, n_head=4, n_inner=128,
                    bos_token_id=0, eos_token_id=0, **NO_CACHE),
               "GPT2Model(config)"),
        HFSpec("hf_decoder_gpt_neox", "GPTNeoXConfig", dict(BERTISH, **NO_CACHE), "GPTNeoXModel(config)"),
        HFSpec("hf_decoder_opt", "OPTConfig",
               dict(TEXT, hidden_size=64, word_embed_proj_dim=64, num_hidden_layers=2, num_attention_heads=4,
                    ffn_dim=128, **NO_CACHE), "OPTModel(config)"),
        HFSpec("hf_decoder_llama", "LlamaConfig", DECODER, "LlamaModel(config)"),
        HFSpec("hf_decoder_llama_cache", "LlamaConfig", {k: v for k, v in DECODER.items() if k != "use_cache"},
               "LlamaModel(config)", dynamic=(), doc="LlamaModel (use_cache left at True)"),
        HFSpec("hf_decoder_mistral", "MistralConfig", kw_dec(sliding_window=32), "MistralModel(config)"),
        HFSpec("hf_decoder_qwen2", "Qwen2Config", DECODER, "Qwen2Model(config)"),
        HFSpec("hf_decoder_qwen3", "Qwen3Config", kw_dec(head_dim=16), "Qwen3Model(config)"),
        HFSpec("hf_decoder_phi3", "Phi3Config", kw_dec(pad_token_id=0, eos_token_id=2), "Phi3Model(config)"),
        HFSpec("hf_decoder_gemma", "GemmaConfig", kw_dec(head_dim=16), "GemmaModel(config)"),
        HFSpec("hf_decoder_gemma2", "Gemma2Config", kw_dec(head_dim=16, sliding_window=32), "Gemma2Model(config)"),
        # SmolLM's shapes shrunk: 3:1 grouped-query attention, head_dim 16, an MLP
        # 8/3 wide, tied input and output embeddings (so the causal-LM head).
        HFSpec("hf_decoder_smollm", "LlamaConfig",
               dict(TEXT, hidden_size=48, intermediate_size=128, num_hidden_layers=2, num_attention_heads=3,
                    num_key_value_heads=1, tie_word_embeddings=True, rms_norm_eps=1e-5,
                    bos_token_id=0, eos_token_id=0, **NO_CACHE),
               "LlamaForCausalLM(config)", doc="SmolLM-style LlamaForCausalLM"),
        # encoders of encoder-decoder models
        HFSpec("hf_encdec_t5", "T5Config",
               dict(vocab_size=HF_VOCAB, d_model=64, d_kv=16, d_ff=128, num_layers=2, num_heads=4),
               "T5EncoderModel(config)"),
        HFSpec("hf_encdec_bart", "BartConfig",
               dict(TEXT, d_model=64, encoder_layers=2, decoder_layers=2, encoder_attention_heads=4,
                    decoder_attention_heads=4, encoder_ffn_dim=128, decoder_ffn_dim=128),
               "BartModel(config).get_encoder()"),
        # vision
        HFSpec("hf_vision_vit", "ViTConfig", VIT, "ViTModel(config)", "image", (0,)),
        HFSpec("hf_vision_deit", "DeiTConfig", VIT, "DeiTModel(config)", "image", (0,)),
        HFSpec("hf_vision_convnext", "ConvNextConfig",
               dict(hidden_sizes=[16, 32, 48, 64], depths=[1, 1, 1, 1]), "ConvNextModel(config)", "image", (0,)),
        HFSpec("hf_vision_resnet", "ResNetConfig",
               dict(embedding_size=16, hidden_sizes=[16, 32, 48, 64], depths=[1, 1, 1, 1], layer_type="basic"),
               "ResNetModel(config)", "image", (0,)),
        HFSpec("hf_vision_swin", "SwinConfig",
               dict(image_size=HF_IMAGE, patch_size=2, embed_dim=16, depths=[1, 1], num_heads=[2, 2],
                    window_size=4), "SwinModel(config)", "image", (0,)),
        HFSpec("hf_vision_clip", "CLIPVisionConfig", VIT, "CLIPVisionModel(config)", "image", (0,)),
        # audio encoders
        HFSpec("hf_audio_whisper", "WhisperConfig", whisper, "WhisperModel(config).get_encoder()", "mel", (0,)),
        HFSpec("hf_audio_wav2vec2", "Wav2Vec2Config", wav2vec2, "Wav2Vec2Model(config)", "wave", (0, 1)),
    ]


def hf_input(spec, kwargs):
    """(forward parameter, example-argument expression) of an HFSpec."""
    if spec.inputs == "tokens":
        return "input_ids", f"torch.randint(0, {HF_VOCAB}, ({HF_BATCH}, {HF_SEQ}))"
    if spec.inputs == "image":
        return "pixel_values", f"torch.randn({HF_BATCH}, 3, {HF_IMAGE}, {HF_IMAGE})"
    if spec.inputs == "mel":  # Whisper wants exactly 2 * max_source_positions frames
        frames = 2 * kwargs["max_source_positions"]
        return "input_features", f"torch.randn({HF_BATCH}, {kwargs['num_mel_bins']}, {frames})"
    if spec.inputs == "wave":
        return "input_values", f"torch.randn({HF_BATCH}, {HF_WAVE})"
    raise ValueError(spec.inputs)


def hf_call(name, kwargs, width=100):
    """`name(k=v, ...)`, wrapped below `width` columns as a formatter would."""
    parts = [f"{k}={v!r}" for k, v in kwargs.items()]
    one = f"{name}({', '.join(parts)})"
    if len(one) + len("config = ") <= width:
        return one
    lines, cur = [], "    "
    for p in parts:
        if len(cur) + len(p) + 2 > width and cur.strip():
            lines.append(cur.rstrip())
            cur = "    "
        cur += p + ", "
    lines.append(cur.rstrip().rstrip(","))
    return f"{name}(\n" + "\n".join(lines) + "\n)"


def render_hf(spec, dynamic):
    """The case file of an HFSpec, static or with the dynamic dims of spec.dynamic."""
    param, arg = hf_input(spec, spec.kwargs)
    model_cls = spec.build.split("(")[0]
    what = f"{spec.doc or model_cls} with a tiny {spec.config}"
    if ".get_encoder()" in spec.build:
        what = f"The encoder of {model_cls} with a tiny {spec.config}"
    dims = ""
    if dynamic:
        dims = " Dynamic batch" + ((" and time." if spec.inputs == "wave" else " and sequence.")
                                   if len(spec.dynamic) > 1 else ".")
    lines = [f'"""{what}, eval mode.{dims}"""', "import torch"]
    if dynamic:
        lines.append("from torch.export import Dim")
    lines += [f"from transformers import {spec.config}, {model_cls}", "",
              f"config = {hf_call(spec.config, spec.kwargs)}",
              f"model = {spec.build}.eval()",
              f"example_args = ({arg},)"]
    if dynamic:
        seq = (f'Dim("seq", max={HF_SEQ_MAX})' if spec.inputs == "tokens"
               else f'Dim("time", min={HF_WAVE_MIN}, max={HF_WAVE_MAX})')
        axes = ", ".join(f'{d}: Dim("batch")' if d == 0 else f"{d}: {seq}" for d in spec.dynamic)
        lines.append(f'dynamic_shapes = {{"{param}": {{{axes}}}}}')
    return "\n".join(lines) + "\n"


def try_hf(text):
    """Builds the case file's model and runs it eagerly (raises if torch cannot)."""
    ns = {"__name__": "hf_case"}
    exec(compile(text, "<case>", "exec"), ns)  # noqa: S102 - our own case text
    with torch.no_grad():
        ns["model"](*ns["example_args"])


def generate_hf(group, specs, out):
    written, dropped = [], []
    for spec in sorted(specs, key=lambda s: s.name):
        for dynamic in (False, True) if spec.dynamic else (False,):
            name = spec.name + ("_dyn" if dynamic else "")
            text = render_hf(spec, dynamic)
            try:
                try_hf(text)
            except Exception as e:  # noqa: BLE001 - a model torch cannot run eagerly is dropped
                reason = f"{type(e).__name__}: {str(e).splitlines()[0][:200] if str(e) else ''}"
                dropped.append((name, reason))
                print(f"{group}: dropped {name}: {reason}", flush=True)
                continue
            (out / f"{name}.py").write_text(text)
            written.append(name)
            print(f"{group}: {name}", flush=True)
    return written, dropped


GROUPS = {"torchvision": torchvision_specs, "timm": timm_specs, "repos": repos_specs,
          "transformers": transformers_specs}


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
    if group == "transformers":
        written, dropped = generate_hf(group, specs, out)
        print(f"{group}: wrote {len(written)} cases, dropped {len(dropped)}"
              + (": " + ", ".join(n for n, _ in dropped) if dropped else ""))
        return written, dropped
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
