#!/usr/bin/env python3
"""Writes the transformers_auto group: every Hugging Face transformers
architecture whose base model (transformers' MODEL_MAPPING_NAMES) builds
from its default configuration shrunk generically (shrink(): hidden 32,
layers 2, heads 4, intermediate 37, vocab 99, image 32, ...) and runs
eagerly on token ids (2, 16), pixel values (2, C, 32, 32) or raw audio
(2, 1600). Unlike the hand-picked transformers group, nothing here is
chosen per model: a type that does not build or run this way is dropped
(listed in target/libs-gen/transformers_auto.json with why).

Each case is written as users write it: `config = XConfig(<the shrunk
fields>)`, `model = XModel(config).eval()`; decoders get use_cache=False
(a DynamicCache output is not exportable). A third of the cases (chosen
by a hash of the model type) get dynamic shapes, half of them named Dims
(`Dim("batch")`, `Dim("seq", max=64)`), half `Dim.AUTO`, on batch and on
the sequence (or, for images, height and width where eager torch runs at
another size). Models of more than MAX_MODULES modules are left out.

    /work/torchvenv/bin/python tests/libs/gen_transformers_auto.py
"""
import inspect
import json
import re
import sys
import warnings
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gen_ecosystem import CASES, GEN_LOG, TRY_TIMEOUT_S, limit, write_case  # noqa: E402

GROUP = "transformers_auto"
MAX_PARAMS = 3_000_000
MAX_MODULES = 200  # larger graphs export for minutes and weigh megabytes of truth (MaskFormer-Swin: 8 min, 2 MB)
VOCAB, BATCH, SEQ, SEQ_MAX, IMAGE, WAVE = 99, 2, 16, 64, 32, 1600
SCALARS = [  # (field-name pattern, value when the default is larger)
    (r"^(hidden_size|d_model|n_embd|embed_dim|dim|hidden_dim|embedding_size|word_embed_proj_dim|"
     r"projection_dim|text_embed_dim|vision_embed_dim|proj_dim)$", 32),
    (r"^(num_hidden_layers|n_layer|n_layers|num_layers|encoder_layers|decoder_layers|num_decoder_layers|"
     r"num_encoder_layers)$", 2),
    (r"^(num_attention_heads|n_head|n_heads|encoder_attention_heads|decoder_attention_heads|num_heads)$", 4),
    (r"^(num_key_value_heads|num_kv_heads|n_kv_heads|multi_query_group_num)$", 2),
    (r"^(intermediate_size|ffn_dim|encoder_ffn_dim|decoder_ffn_dim|n_inner|d_ff|moe_intermediate_size|"
     r"shared_expert_intermediate_size|hidden_act_dim|mlp_dim)$", 37),
    (r"^(head_dim|d_kv|attention_head_dim|qk_rope_head_dim|qk_nope_head_dim|v_head_dim|"
     r"kv_channels|qk_head_dim)$", 8),
    (r"^(kv_lora_rank|q_lora_rank)$", 16),
    (r"^(vocab_size|n_vocab)$", VOCAB),
    (r"^(image_size|img_size)$", IMAGE),
    (r"^(num_experts|n_routed_experts|num_local_experts|moe_num_experts)$", 4),
    (r"^(num_experts_per_tok|num_experts_per_token|moe_topk|top_k)$", 2),
    (r"^(first_k_dense_replace)$", 1),
    (r"^(conv_dim_out|codevector_dim|proj_codevector_dim|classifier_proj_size|tdnn_dim_out)$", 32),
]


def shrink(config, nested=True, moe_width=37):
    """The fields of a default config to override: {name: small value};
    sub-configs (text_config, vision_config, backbone_config, ...) as dicts
    of their own shrunk fields with their model_type."""
    out = {}
    d = config.to_dict()
    for k, v in d.items():
        sub = getattr(config, k, None)
        if nested and isinstance(v, dict) and hasattr(sub, "to_dict") and getattr(sub, "model_type", None):
            small = shrink(sub, nested=False, moe_width=moe_width)
            small.pop("use_cache", None)
            if small:
                out[k] = {"model_type": sub.model_type, **small}
            continue
        if isinstance(v, bool) or not isinstance(v, (int, list, tuple)):
            continue
        if isinstance(v, int):
            for pat, small in SCALARS:
                if small == 37:
                    small = moe_width
                if re.match(pat, k) and v > small:
                    out[k] = small
                    break
            else:
                if k == "patch_size" and v > 8:
                    out[k] = 8
                elif k.endswith("_token_id") and v >= VOCAB:
                    out[k] = 0
        elif v and all(isinstance(x, int) and not isinstance(x, bool) for x in v):
            if k in ("hidden_sizes", "embed_dims", "dims", "channels", "neck_hidden_sizes") and min(v) > 32:
                f = min(v) // 16
                out[k] = [max(8, x // f) for x in v]
            elif k in ("depths", "num_layers_per_stage", "block_repeats"):
                out[k] = [1] * len(v)
            elif k in ("num_heads", "num_attention_heads") and max(v) > 2:
                out[k] = [1] * len(v)
            elif k in ("conv_dim",):
                out[k] = [32] * len(v)
    if "use_cache" in d:
        out["use_cache"] = False
    return out


def input_for(model, config):
    """(parameter name, kind, example expression) of the base model's main input."""
    params = list(inspect.signature(model.forward).parameters)
    ch = getattr(config, "num_channels", 3)
    ch = ch if isinstance(ch, int) else 3
    size = getattr(config, "image_size", IMAGE)
    size = size if isinstance(size, int) else IMAGE
    for p in params[:3]:
        if p == "input_ids":
            return p, "tokens", f"torch.randint(0, {VOCAB}, ({BATCH}, {SEQ}))"
        if p == "pixel_values":
            return p, "image", f"torch.randn({BATCH}, {ch}, {size}, {size})"
        if p == "input_values":
            return p, "wave", f"torch.randn({BATCH}, {WAVE})"
    return None


def run(ns_text):
    import torch

    ns = {"__name__": "gen_check"}
    with limit(TRY_TIMEOUT_S * 2), warnings.catch_warnings(), torch.no_grad():
        warnings.simplefilter("ignore")
        torch.manual_seed(0)
        exec(compile(ns_text, "<case>", "exec"), ns)  # noqa: S102 - our own case text
        return ns["model"](*ns["example_args"])


def render(model_type, cfg_name, model_name, kw, arg, dyn, named):
    kwargs = ", ".join(f"{k}={v!r}" for k, v in kw.items())
    lines = [f'"""transformers ({model_type}): {model_name} with {cfg_name} shrunk, eval mode.'
             + (" Dynamic " + ", ".join(n for _, n in dyn[1]) + "." if dyn else "") + '"""', "import torch"]
    if dyn:
        lines.append("from torch.export import Dim")
    lines += [f"from transformers import {cfg_name}, {model_name}", "",
              f"config = {cfg_name}({kwargs})", f"model = {model_name}(config).eval()",
              f"example_args = ({arg},)"]
    if dyn:
        param, axes = dyn
        if named:
            spec = ", ".join(f'{a}: Dim("{n}"' + (f", max={SEQ_MAX})" if n == "seq" else ")") for a, n in axes)
        else:
            spec = ", ".join(f"{a}: Dim.AUTO" for a, _ in axes)
        lines.append(f'dynamic_shapes = {{"{param}": {{{spec}}}}}')
    return "\n".join(lines) + "\n"


def resized(arg, kind, batch, other):
    if kind == "tokens":
        return f"torch.randint(0, {VOCAB}, ({batch}, {other or SEQ}))"
    if kind == "wave":
        return f"torch.randn({batch}, {other or WAVE})"
    m = re.match(r"torch\.randn\((\d+), (\d+), (\d+), (\d+)\)", arg)
    return f"torch.randn({batch}, {m.group(2)}, {other or m.group(3)}, {other or m.group(4)})"


def main():
    import torch
    import transformers
    from transformers.models.auto import configuration_auto as ca
    from transformers.models.auto import modeling_auto as ma

    torch.set_num_threads(1)
    warnings.simplefilter("ignore")
    transformers.logging.set_verbosity_error()
    out = CASES / GROUP
    out.mkdir(parents=True, exist_ok=True)
    stale = set(out.glob("*.py"))
    written, dropped = [], []
    for model_type, model_name in sorted(ma.MODEL_MAPPING_NAMES.items()):
        cfg_name = ca.CONFIG_MAPPING_NAMES.get(model_type)
        if not isinstance(model_name, str) or not cfg_name:
            continue
        try:
            cfg_cls, model_cls = getattr(transformers, cfg_name), getattr(transformers, model_name)
            # MoE experts run grouped matmuls that want 16-byte aligned rows: a
            # width of 37 floats is not, so such a model is retried at 48.
            for moe_width in (37, 48):
                with limit(TRY_TIMEOUT_S), warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    kw = shrink(cfg_cls(), moe_width=moe_width)
                    config = cfg_cls(**kw)
                    with torch.device("meta"):
                        n = sum(p.numel() for p in model_cls(config).parameters())
                if n > MAX_PARAMS:
                    raise RuntimeError(f"{n} parameters")
                with limit(TRY_TIMEOUT_S):
                    model = model_cls(config)
                if sum(1 for _ in model.modules()) > MAX_MODULES:
                    raise RuntimeError(f"more than {MAX_MODULES} modules")
                found = input_for(model, config)
                if found is None:
                    raise RuntimeError("no token, image or audio input")
                param, kind, arg = found
                # By a hash of the name, not the position: a type that comes or
                # goes leaves the others' cases (and so their truth) as they were.
                pick = zlib.crc32(model_type.encode()) % 6
                dynamic, named = pick < 2, pick == 0
                text = render(model_type, cfg_name, model_name, kw, arg, None, named)
                try:
                    run(text)
                    break
                except RuntimeError as e:
                    if moe_width == 48 or "strides should be multiple" not in str(e):
                        raise
            if dynamic:
                axes = {"tokens": [(0, "batch"), (1, "seq")], "wave": [(0, "batch"), (1, "time")],
                        "image": [(0, "batch"), (2, "height"), (3, "width")]}[kind]
                other = {"tokens": 24, "wave": 2400, "image": 48}[kind]
                for ax in (axes, axes[:1]):
                    try:
                        run(text.replace(arg, resized(arg, kind, 3, other if len(ax) > 1 else None)))
                        text = render(model_type, cfg_name, model_name, kw, arg, (param, ax), named)
                        break
                    except BaseException as e:  # noqa: BLE001 - that size does not run: fewer dynamic dims
                        if isinstance(e, KeyboardInterrupt):
                            raise
        except BaseException as e:  # noqa: BLE001
            if isinstance(e, KeyboardInterrupt):
                raise
            dropped.append((model_type, f"{type(e).__name__}: {str(e)[:200]}"))
            continue
        name = "hfa_" + re.sub(r"\W", "_", model_type)
        write_case(out / f"{name}.py", text, stale)
        written.append(name)
        print(f"{GROUP}: {name}", flush=True)
    for path in stale:
        path.unlink()
    GEN_LOG.mkdir(parents=True, exist_ok=True)
    (GEN_LOG / f"{GROUP}.json").write_text(json.dumps({"written": len(written), "dropped": dropped}, indent=1))
    print(f"{GROUP}: wrote {len(written)} cases, dropped {len(dropped)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
