//! The catalog of the codes exportlens reports: torch's graph-break codes
//! (`GB0170`), described from torch's own registry (embedded at build time,
//! see `build.rs`), and exportlens's own codes (`data-dependent`,
//! `analysis-incomplete`, ...). Owns what a code means, its hints, its
//! documentation URL and whether a string names a code at all; the CLI's
//! `rule` command, SARIF rules and JSON diagnostics read it from here.

use std::collections::BTreeMap;
use std::sync::OnceLock;

/// Who defines a code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// torch's graph-break registry (`GBnnnn`).
    Torch,
    /// exportlens itself.
    Exportlens,
}

/// What a code means and how to act on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    pub code: String,
    /// A short title (torch's `Gb_type` for graph breaks).
    pub name: String,
    pub explanation: String,
    pub hints: Vec<String>,
    /// Where the code is documented, when it has a page.
    pub url: Option<String>,
    pub origin: Origin,
}

/// One of exportlens's own codes.
struct OwnCode {
    code: &'static str,
    name: &'static str,
    explanation: &'static str,
    hints: &'static [&'static str],
}

/// exportlens's own codes, in the order `rule --all` lists them.
const OWN_CODES: &[OwnCode] = &[
    OwnCode {
        code: "data-dependent",
        name: "Data-dependent decision in non-strict mode",
        explanation: "In non-strict mode Python runs as written and only tensor operations are recorded. A Python decision (an `if`, a `bool()`, an `int()`) on a value computed from tensor data cannot be made while tracing, so the export fails.",
        hints: &[
            "Express the branch with `torch.cond(pred, true_fn, false_fn, operands)` or compute both sides with `torch.where`.",
            "State what you know about the value with `torch._check(...)`.",
        ],
    },
    OwnCode {
        code: "constraint-violation",
        name: "dynamic_shapes constraint violation",
        explanation: "The `dynamic_shapes` specification says a dimension may vary (or take a range of values), but tracing the model found that it must be constant, equal to another dimension, or limited to a narrower range.",
        hints: &["Apply the suggested fixes to the specification (`exportlens check --fix`)."],
    },
    OwnCode {
        code: "graph-break",
        name: "Graph break in strict mode",
        explanation: "Strict mode (TorchDynamo) cannot trace a construct, and torch's registry has no code for it.",
        hints: &["Rewrite the construct, or export in non-strict mode (`strict=False`)."],
    },
    OwnCode {
        code: "export-error",
        name: "Export error",
        explanation: "torch rejects the program for another reason: an output that is not a tensor or a container of tensors, a shape mismatch eager PyTorch would raise too, or an exception raised by the model.",
        hints: &[],
    },
    OwnCode {
        code: "analysis-incomplete",
        name: "Analysis incomplete",
        explanation: "exportlens could not follow the code far enough to tell whether torch exports it: a library it does not find, an API it does not model, or a step budget. This is not an export failure.",
        hints: &[
            "Point exportlens at the environment holding the library (`--python` or `python` in the configuration).",
            "Pass `--strict-analysis` to treat it as an error in CI.",
        ],
    },
    OwnCode {
        code: "incomplete",
        name: "Construct not followed",
        explanation: "The place where exportlens first met something it could not follow; what depends on it is unknown.",
        hints: &[],
    },
    OwnCode {
        code: "guard",
        name: "Shape guard",
        explanation: "A condition on the input shapes that the exported program asserts at run time, added by the line shown.",
        hints: &[],
    },
    OwnCode {
        code: "syntax",
        name: "Syntax error",
        explanation: "The file is not valid Python; torch.export cannot import it.",
        hints: &[],
    },
    OwnCode {
        code: "draft-export",
        name: "Issue found by draft_export",
        explanation: "A `torch.export.draft_export(...)` call exports where `export` fails, and reports what it had to assume: a data-dependent decision made on the example inputs' values and asserted at run time (`DATA_DEPENDENT_ERROR`), or a guard that specialized a dimension marked dynamic, after which it traced again with `Dim.AUTO` (`GUARD_ADDED`). A warning: the program exports, but not soundly for other inputs.",
        hints: &[
            "State the data-dependent assumption with `torch._check(...)`, or rewrite the branch with `torch.cond`.",
            "Fix the `dynamic_shapes` spec as the guard says, then switch back to `torch.export.export`.",
        ],
    },
    OwnCode {
        code: "invalid-notebook",
        name: "Invalid notebook",
        explanation: "The `.ipynb` file is not a Jupyter notebook exportlens can read: not JSON, JSON without the nbformat 4 shape (`cells` with `cell_type` and `source`), or an older nbformat. The error is reported at the line and column of the notebook's JSON where reading stopped; like a syntax error, it fails the check and cannot be suppressed.",
        hints: &[
            "Open and save the notebook in Jupyter, or convert it with `jupyter nbconvert --to notebook`.",
        ],
    },
    OwnCode {
        code: "no-entry",
        name: "No export entry point",
        explanation: "The file has neither the ExportDB layout (`model` and `example_args` at module level) nor a `torch.export.export(...)` call, so nothing in it is checked.",
        hints: &[],
    },
    OwnCode {
        code: "unused-suppression",
        name: "Unused suppression comment",
        explanation: "A `# exportlens: ignore` comment suppressed no diagnostic on its line (reported with `--report-unused-suppressions`).",
        hints: &["Remove the comment, or the codes in it that no longer apply."],
    },
];

/// The graph-break site's page of a `GBnnnn` code.
fn graph_break_url(code: &str) -> Option<String> {
    let digits = code.strip_prefix("GB")?;
    (digits.len() == 4 && digits.bytes().all(|b| b.is_ascii_digit())).then(|| {
        format!("https://meta-pytorch.github.io/compile-graph-break-site/gb/gb{digits}.html")
    })
}

/// Whether `code` is a well-formed graph-break code (`GB` and four digits).
pub fn is_graph_break_code(code: &str) -> bool {
    graph_break_url(code).is_some()
}

/// Whether `code` names a code exportlens can report.
pub fn is_known(code: &str) -> bool {
    is_graph_break_code(code) || OWN_CODES.iter().any(|c| c.code == code)
}

/// The documentation URL of `code`, when it has one.
pub fn url(code: &str) -> Option<String> {
    graph_break_url(code)
}

/// Every code exportlens defines itself.
pub fn own_codes() -> impl Iterator<Item = &'static str> {
    OWN_CODES.iter().map(|c| c.code)
}

/// What `code` means, if it is a code exportlens can report. A graph-break
/// code missing from the embedded registry still gets its URL.
pub fn rule(code: &str) -> Option<Rule> {
    if let Some(own) = OWN_CODES.iter().find(|c| c.code == code) {
        return Some(Rule {
            code: own.code.to_string(),
            name: own.name.to_string(),
            explanation: own.explanation.to_string(),
            hints: own.hints.iter().map(|h| h.to_string()).collect(),
            url: None,
            origin: Origin::Exportlens,
        });
    }
    let url = graph_break_url(code)?;
    let described = registry().get(code).cloned().unwrap_or_default();
    Some(Rule {
        code: code.to_string(),
        name: described.name.unwrap_or_else(|| code.to_string()),
        explanation: described.explanation.unwrap_or_default(),
        hints: described.hints,
        url: Some(url),
        origin: Origin::Torch,
    })
}

/// Whether the embedded registry describes any code (false when the build
/// did not find it).
pub fn registry_embedded() -> bool {
    !registry().is_empty()
}

/// One code's description, merged from the registry's variants of it.
#[derive(Clone, Debug, Default)]
struct Described {
    name: Option<String>,
    explanation: Option<String>,
    hints: Vec<String>,
}

const EMBEDDED_REGISTRY: &str =
    include_str!(concat!(env!("OUT_DIR"), "/graph_break_registry.json"));

fn registry() -> &'static BTreeMap<String, Described> {
    static REGISTRY: OnceLock<BTreeMap<String, Described>> = OnceLock::new();
    REGISTRY.get_or_init(|| parse_registry(EMBEDDED_REGISTRY))
}

/// The registry maps each code to the list of places torch raises it; a
/// variant's `Gb_type` or `Explanation` may be the name of a variable or a
/// Python expression (`_explanation`, `"..." + trace_info`) rather than
/// prose. The first prose of each is kept, and every distinct hint.
fn parse_registry(text: &str) -> BTreeMap<String, Described> {
    let Ok(serde_json::Value::Object(codes)) = serde_json::from_str(text) else {
        return BTreeMap::new();
    };
    codes
        .into_iter()
        .map(|(code, variants)| {
            let mut described = Described::default();
            for variant in variants.as_array().into_iter().flatten() {
                let prose = |key: &str| {
                    variant
                        .get(key)
                        .and_then(|v| v.as_str())
                        .filter(|s| is_prose(s))
                        .map(str::to_string)
                };
                described.name = described.name.or_else(|| prose("Gb_type"));
                described.explanation = described.explanation.or_else(|| prose("Explanation"));
                for hint in variant
                    .get("Hints")
                    .and_then(|h| h.as_array())
                    .into_iter()
                    .flatten()
                    .filter_map(|h| h.as_str())
                {
                    let hint = hint.trim();
                    if is_prose(hint) && !described.hints.iter().any(|h| h == hint) {
                        described.hints.push(hint.to_string());
                    }
                }
            }
            (code, described)
        })
        .collect()
}

/// Text meant for a reader, not a Python identifier or expression.
fn is_prose(s: &str) -> bool {
    let s = s.trim();
    !s.is_empty()
        && !s.starts_with('"')
        && !s.starts_with('\'')
        && !s
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registry_variants_merge_into_prose() {
        let registry = parse_registry(
            r#"{"GB0001": [
                {"Gb_type": "_gb_type", "Explanation": "\"quoted \" + info", "Hints": []},
                {"Gb_type": "Some break", "Explanation": "What happened.", "Hints": ["Do this.", "hints.x"]},
                {"Gb_type": "Other", "Explanation": "_explanation", "Hints": ["Do this. ", "Or that."]}
            ]}"#,
        );
        let d = &registry["GB0001"];
        assert_eq!(d.name.as_deref(), Some("Some break"));
        assert_eq!(d.explanation.as_deref(), Some("What happened."));
        assert_eq!(d.hints, ["Do this.", "Or that."]);
        assert!(parse_registry("not json").is_empty());
    }

    #[test]
    fn codes_are_known_by_form_or_by_name() {
        assert!(is_known("GB0170") && is_known("analysis-incomplete"));
        assert!(!is_known("GB17") && !is_known("E501") && !is_known("GBabcd"));
        let rule = rule("GB9999").expect("well-formed");
        assert_eq!(
            rule.url.as_deref(),
            Some("https://meta-pytorch.github.io/compile-graph-break-site/gb/gb9999.html")
        );
        let own = super::rule("data-dependent").expect("own");
        assert_eq!((own.origin, own.url), (Origin::Exportlens, None));
        assert!(!own.hints.is_empty());
    }

    #[test]
    fn the_embedded_registry_describes_data_dependent_branching() {
        assert!(
            registry_embedded(),
            "the build did not find ../shared/reference/graph_break_registry.json"
        );
        let rule = rule("GB0170").expect("known");
        assert_eq!(rule.name, "Data-dependent branching");
        assert!(rule.explanation.contains("data-dependent"), "{rule:?}");
        assert!(rule.hints.iter().any(|h| h.contains("torch.cond")));
    }
}
