//! A configuration object for a constructor parameter (`config:
//! LlamaConfig`, `args: ModelArgs`): built from its class's defaults with
//! its sizes shrunk (hidden sizes 64, intermediate sizes 128, layers 2,
//! heads 4 with key/value heads dividing them, vocabularies 128, ...), so a
//! model written against a transformers `PretrainedConfig` or a dataclass
//! of hyperparameters is analysed at a size that traces quickly.
//!
//! Which parameters get one is decided from the text ([`config_class`]);
//! the object itself is made while the module is built, by the interpreter
//! reading the class from the environment ([`build_config`]): the class is
//! called without arguments, the fields of that default instance are read
//! back, those the [`SHRUNK`] table names and finds larger are replaced
//! ([`shrink`]), and the class is called again with them. The arguments it
//! was built with are then call text (`LlamaConfig(hidden_size=64, ...)`)
//! that the diagnostics and the export script show.

use std::rc::Rc;

use syntax::ast::{Expr, ExprKind, StmtKind};

use super::literal::Lit;
use crate::SourceFile;
use crate::interp::{Interp, R};
use crate::value::Value;

/// The placeholder call standing for a configuration object in the
/// constructor arguments until the module is built:
/// `__exportlens_config__(LlamaConfig)`.
pub const MARKER: &str = "__exportlens_config__";

/// Field names and the small value each is given when its default is
/// larger; a field named in no row keeps its default.
pub const SHRUNK: &[(&[&str], i64)] = &[
    (
        &[
            "hidden_size",
            "d_model",
            "n_embd",
            "n_embed",
            "embed_dim",
            "dim",
            "hidden_dim",
            "model_dim",
            "emb_dim",
            "d_embed",
            "embedding_size",
            "embedding_dim",
            "width",
            "word_embed_proj_dim",
            "projection_dim",
            "proj_dim",
            "text_embed_dim",
            "vision_embed_dim",
        ],
        64,
    ),
    (
        &[
            "intermediate_size",
            "ffn_dim",
            "encoder_ffn_dim",
            "decoder_ffn_dim",
            "n_inner",
            "d_ff",
            "ffn_hidden_size",
            "mlp_dim",
            "moe_intermediate_size",
            "shared_expert_intermediate_size",
        ],
        128,
    ),
    (
        &[
            "num_hidden_layers",
            "n_layer",
            "n_layers",
            "num_layers",
            "depth",
            "encoder_layers",
            "decoder_layers",
            "num_encoder_layers",
            "num_decoder_layers",
        ],
        2,
    ),
    (
        &[
            "num_attention_heads",
            "n_head",
            "n_heads",
            "num_heads",
            "encoder_attention_heads",
            "decoder_attention_heads",
        ],
        4,
    ),
    (
        &[
            "num_key_value_heads",
            "num_kv_heads",
            "n_kv_heads",
            "n_kv_head",
            "multi_query_group_num",
        ],
        2,
    ),
    (
        &[
            "head_dim",
            "d_kv",
            "attention_head_dim",
            "kv_channels",
            "qk_head_dim",
            "qk_rope_head_dim",
            "qk_nope_head_dim",
            "v_head_dim",
            "kv_lora_rank",
            "q_lora_rank",
        ],
        16,
    ),
    (&["vocab_size", "n_vocab"], 128),
    (&["image_size", "img_size"], 32),
    (&["patch_size"], 8),
    (
        &[
            "num_experts",
            "n_routed_experts",
            "num_local_experts",
            "moe_num_experts",
        ],
        4,
    ),
    (
        &["num_experts_per_tok", "num_experts_per_token", "moe_topk"],
        2,
    ),
    (&["first_k_dense_replace"], 1),
];

/// The row of [`SHRUNK`] for the heads and key/value heads.
const HEADS_ROW: usize = 3;
const KV_HEADS_ROW: usize = 4;
/// The rows of hidden sizes and vocabularies.
const HIDDEN_ROW: usize = 0;
const VOCAB_ROW: usize = 6;

/// The small value of a field name, and its row.
fn small_of(name: &str) -> Option<(usize, i64)> {
    SHRUNK
        .iter()
        .position(|(names, _)| names.contains(&name))
        .map(|row| (row, SHRUNK[row].1))
}

/// The fields to pass, from a default instance's integer fields (name,
/// value): each field [`SHRUNK`] names whose default is larger gets its
/// small value (a vocabulary that is not positive, as some hyperparameter
/// classes leave it for the tokenizer to set, gets it too); then the key
/// and value heads divide the heads, the hidden size is a multiple of the
/// heads, and token ids fit the smaller vocabulary.
pub fn shrink(fields: &[(String, i64)]) -> Vec<(String, i64)> {
    let mut out: Vec<(String, i64)> = Vec::new();
    for (name, value) in fields {
        let Some((row, small)) = small_of(name) else {
            continue;
        };
        if *value > small || (row == VOCAB_ROW && *value <= 0) {
            out.push((name.clone(), small));
        }
    }
    let final_of = |out: &[(String, i64)], row: usize| {
        fields
            .iter()
            .filter(|(n, _)| SHRUNK[row].0.contains(&n.as_str()))
            .map(|(n, v)| {
                out.iter()
                    .find(|(o, _)| o == n)
                    .map_or(*v, |(_, small)| *small)
            })
            .next()
    };
    if let Some(heads) = final_of(&out, HEADS_ROW).filter(|h| *h > 0) {
        for (name, value) in fields {
            if !SHRUNK[KV_HEADS_ROW].0.contains(&name.as_str()) || *value <= 0 {
                continue;
            }
            let current = out
                .iter()
                .find(|(o, _)| o == name)
                .map_or(*value, |(_, v)| *v);
            if heads % current != 0 {
                let fit = (1..=current.min(heads))
                    .rev()
                    .find(|d| heads % d == 0)
                    .unwrap_or(1);
                set(&mut out, name, fit);
            }
        }
        for (name, value) in fields {
            if !SHRUNK[HIDDEN_ROW].0.contains(&name.as_str()) || *value <= 0 {
                continue;
            }
            let current = out
                .iter()
                .find(|(o, _)| o == name)
                .map_or(*value, |(_, v)| *v);
            if current % heads != 0 {
                set(&mut out, name, heads * 16);
            }
        }
    }
    if let Some(vocab) = final_of(&out, VOCAB_ROW) {
        for (name, value) in fields {
            if name.ends_with("_token_id") && *value >= vocab {
                set(&mut out, name, 0);
            }
        }
    }
    out
}

fn set(out: &mut Vec<(String, i64)>, name: &str, value: i64) {
    match out.iter_mut().find(|(n, _)| n == name) {
        Some(slot) => slot.1 = value,
        None => out.push((name.to_string(), value)),
    }
}

/// Class names that read as configuration (the last part of a dotted
/// name ends with one of these).
const CONFIG_SUFFIXES: [&str; 11] = [
    "Config",
    "Configuration",
    "Cfg",
    "Args",
    "Arguments",
    "Params",
    "Parameters",
    "HParams",
    "Hparams",
    "Options",
    "Settings",
];

/// Parameter names that hold a configuration object whatever its class.
const CONFIG_PARAMS: [&str; 12] = [
    "config",
    "cfg",
    "conf",
    "configs",
    "args",
    "params",
    "hparams",
    "opt",
    "opts",
    "options",
    "model_args",
    "model_config",
];

/// Types that are never a configuration object.
const NOT_CONFIG: [&str; 16] = [
    "int", "float", "bool", "str", "bytes", "list", "dict", "tuple", "set", "Any", "object",
    "Tensor", "Module", "Callable", "Sequence", "Mapping",
];

/// The class to build a configuration object of for parameter `param`
/// whose type is written `type_name` (an annotation or a docstring's),
/// as the expression text that names it in the module's globals; `None`
/// when the type is not one (a tensor, a number, a module) or the file
/// does not bind its name at run time (an import under `TYPE_CHECKING`).
/// A class defined in the file must be a dataclass; another must be named
/// like a configuration or given to a parameter named like one.
pub fn config_class(file: &SourceFile, type_name: &str, param: &str) -> Option<String> {
    let last = type_name.rsplit('.').next()?;
    let head = type_name.split('.').next()?;
    if NOT_CONFIG.contains(&last) {
        return None;
    }
    let mut bound = false;
    for s in &file.module.body {
        match &s.kind {
            StmtKind::ClassDef(c) if c.name == head => {
                return is_dataclass(&c.decorators).then(|| type_name.to_string());
            }
            _ if binds(s, head) => bound = true,
            _ => {}
        }
    }
    let named_like_config = CONFIG_SUFFIXES.iter().any(|s| last.ends_with(s));
    let param_like_config = CONFIG_PARAMS.contains(&param.to_ascii_lowercase().as_str());
    (bound && (named_like_config || param_like_config)).then(|| type_name.to_string())
}

/// Whether a top-level statement binds `name` when the module runs (an
/// import, also in a `try` block, or an assignment).
fn binds(s: &syntax::ast::Stmt, name: &str) -> bool {
    let alias_binds = |aliases: &[syntax::ast::Alias]| {
        aliases.iter().any(|a| {
            let bound = a.asname.as_deref().unwrap_or(&a.name);
            bound.split('.').next() == Some(name)
        })
    };
    match &s.kind {
        StmtKind::Import(aliases) => alias_binds(aliases),
        StmtKind::ImportFrom { names, .. } => names
            .iter()
            .any(|a| a.asname.as_deref().unwrap_or(&a.name) == name),
        StmtKind::Assign { targets, .. } => targets
            .iter()
            .any(|t| matches!(&t.kind, ExprKind::Name(n) if n == name)),
        StmtKind::Try {
            body,
            orelse,
            finalbody,
            ..
        } => body
            .iter()
            .chain(orelse)
            .chain(finalbody)
            .any(|s| binds(s, name)),
        _ => false,
    }
}

/// `@dataclass`, `@dataclasses.dataclass`, `@dataclass(frozen=True)`.
fn is_dataclass(decorators: &[Expr]) -> bool {
    decorators.iter().any(|d| {
        let callee = match &d.kind {
            ExprKind::Call { func, .. } => func,
            _ => d,
        };
        match &callee.kind {
            ExprKind::Name(n) => n == "dataclass",
            ExprKind::Attribute { attr, .. } => attr == "dataclass",
            _ => false,
        }
    })
}

/// A configuration object of `class` made from its defaults with its
/// sizes shrunk, and the call text that makes it (`LlamaConfig(
/// hidden_size=64, ...)`, written with `written`, the class's expression
/// text). Python's error when the class cannot be built so.
pub fn build_config(interp: &mut Interp, class: &Value, written: &str) -> R<(Value, String)> {
    // Dataclass fields without a default are given values as parameters
    // are ([`super::constructor::first_guess`]).
    let mut required: Vec<(String, Value)> = Vec::new();
    if let Value::Class(c) = class {
        for field in interp.dataclass_fields(c) {
            if c.lookup(&field).is_some() {
                continue;
            }
            let value = match super::constructor::first_guess(&field) {
                Some(Lit::Int(i)) => Value::Int(i),
                Some(Lit::Float(f)) => Value::Float(f),
                Some(Lit::Bool(b)) => Value::Bool(b),
                _ => {
                    return Err(interp.type_error(format!(
                        "`{written}` cannot be built from its defaults: `{field}` has none"
                    )));
                }
            };
            required.push((field, value));
        }
    }
    let default = interp.call(class, vec![], required.clone())?;
    let Value::Object(object) = &default else {
        return Err(interp.type_error(format!("`{written}()` is not a configuration object")));
    };
    let fields: Vec<(String, Value)> = {
        let dataclass = interp.dataclass_fields(&object.class);
        if dataclass.is_empty() {
            object.attrs.borrow().clone()
        } else {
            dataclass
                .into_iter()
                .filter_map(|f| Some((f.clone(), object.get_attr(&f)?)))
                .collect()
        }
    };
    let ints: Vec<(String, i64)> = fields
        .iter()
        .filter_map(|(n, v)| match v {
            Value::Int(i) => Some((n.clone(), *i)),
            _ => None,
        })
        .collect();
    let accepted = accepted_names(&object.class);
    let small: Vec<(String, i64)> = shrink(&ints)
        .into_iter()
        .filter(|(n, _)| accepted.as_ref().is_none_or(|names| names.contains(n)))
        .collect();
    // The required fields keep their guesses unless shrunk.
    let mut kwargs: Vec<(String, Value)> = required
        .into_iter()
        .filter(|(n, _)| !small.iter().any(|(s, _)| s == n))
        .collect();
    kwargs.extend(small.iter().map(|(n, v)| (n.clone(), Value::Int(*v))));
    let text = kwargs
        .iter()
        .map(|(n, v)| format!("{n}={}", repr_of(v)))
        .collect::<Vec<_>>()
        .join(", ");
    if small.is_empty() {
        return Ok((default, format!("{written}({text})")));
    }
    let built = interp.call(class, vec![], kwargs)?;
    Ok((built, format!("{written}({text})")))
}

/// A number or flag as Python writes it.
fn repr_of(v: &Value) -> String {
    match v {
        Value::Int(i) => Lit::Int(*i).repr(),
        Value::Float(f) => Lit::Float(*f).repr(),
        Value::Bool(b) => Lit::Bool(*b).repr(),
        _ => "None".to_string(),
    }
}

/// The keyword names the class's constructor accepts: its dataclass
/// fields, else its `__init__`'s parameters; `None` when it takes any
/// (`**kwargs`) or cannot be read.
fn accepted_names(class: &Rc<crate::value::Class>) -> Option<Vec<String>> {
    let (init, _) = class.lookup("__init__")?;
    let Value::Function(ref f) = init else {
        return None;
    };
    if f.params.kwarg.is_some() {
        return None;
    }
    Some(
        f.params
            .posonly
            .iter()
            .chain(&f.params.args)
            .chain(&f.params.kwonly)
            .map(|p| p.name.clone())
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shrunk(fields: &[(&str, i64)]) -> Vec<(String, i64)> {
        let fields: Vec<(String, i64)> = fields.iter().map(|(n, v)| (n.to_string(), *v)).collect();
        shrink(&fields)
    }

    #[test]
    fn every_row_shrinks_a_larger_default_and_keeps_a_smaller_one() {
        for (names, small) in SHRUNK {
            for name in *names {
                assert_eq!(
                    small_of(name),
                    Some((SHRUNK.iter().position(|(n, _)| n == names).unwrap(), *small)),
                    "{name} is in one row only"
                );
                let larger = shrunk(&[(name, small * 8 + 1)]);
                assert!(
                    larger.contains(&(name.to_string(), *small)),
                    "{name}: {larger:?}"
                );
                assert!(shrunk(&[(name, 1)]).is_empty(), "{name} kept when small");
            }
        }
    }

    #[test]
    fn a_llama_config_shrinks_with_heads_that_divide() {
        let small = shrunk(&[
            ("vocab_size", 32000),
            ("hidden_size", 4096),
            ("intermediate_size", 11008),
            ("num_hidden_layers", 32),
            ("num_attention_heads", 32),
            ("num_key_value_heads", 8),
            ("max_position_embeddings", 2048),
            ("bos_token_id", 1),
            ("eos_token_id", 2),
            ("pad_token_id", 32000),
        ]);
        let expected: Vec<(String, i64)> = [
            ("vocab_size", 128),
            ("hidden_size", 64),
            ("intermediate_size", 128),
            ("num_hidden_layers", 2),
            ("num_attention_heads", 4),
            ("num_key_value_heads", 2),
            ("pad_token_id", 0),
        ]
        .iter()
        .map(|(n, v)| (n.to_string(), *v))
        .collect();
        assert_eq!(small, expected);
    }

    #[test]
    fn sizes_are_made_consistent_with_heads_left_as_they_were() {
        // Three heads (kept): the hidden size becomes a multiple of them,
        // and two key/value heads would not divide them.
        let small = shrunk(&[("n_head", 3), ("n_embd", 768), ("num_kv_heads", 8)]);
        assert!(small.contains(&("n_embd".to_string(), 48)), "{small:?}");
        assert!(
            small.contains(&("num_kv_heads".to_string(), 1)),
            "{small:?}"
        );
        // A vocabulary left for the tokenizer to set (-1) gets one.
        assert_eq!(
            shrunk(&[("vocab_size", -1)]),
            [("vocab_size".to_string(), 128)]
        );
    }

    #[test]
    fn only_a_configuration_class_the_file_binds_is_built() {
        let text = "from dataclasses import dataclass\nfrom typing import TYPE_CHECKING\nfrom transformers import LlamaConfig\nimport transformers\nif TYPE_CHECKING:\n    from x import HiddenConfig\n\n@dataclass\nclass ModelArgs:\n    dim: int = 4096\n\nclass Plain:\n    pass\n";
        let file = SourceFile::parse("/w/m.py", text);
        let found = |t: &str, p: &str| config_class(&file, t, p);
        assert_eq!(
            found("LlamaConfig", "config").as_deref(),
            Some("LlamaConfig")
        );
        assert_eq!(found("LlamaConfig", "c").as_deref(), Some("LlamaConfig"));
        assert_eq!(
            found("transformers.GPT2Config", "config").as_deref(),
            Some("transformers.GPT2Config")
        );
        assert_eq!(found("ModelArgs", "params").as_deref(), Some("ModelArgs"));
        // Not a dataclass; not bound at run time; not a configuration.
        assert_eq!(found("Plain", "config"), None);
        assert_eq!(found("HiddenConfig", "config"), None);
        assert_eq!(found("Tensor", "config"), None);
        assert_eq!(found("int", "config"), None);
    }
}
