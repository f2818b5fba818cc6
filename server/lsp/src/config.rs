//! Server settings, read from `initializationOptions` and from the
//! `exportlens` section of `workspace/configuration`.
//!
//! Parsing never fails: each bad value is replaced by its default and
//! produces a warning the server shows with `window/showMessage`.
//! Settings (camelCase, all optional):
//!
//! - `mode`: `"auto"` (what each export call asks for, else torch's default
//!   non-strict), `"strict"`, `"nonstrict"` or `"both"`;
//! - `guards`: report guards and specializations (default `true`);
//! - `guardSeverity`: `"information"` (default), `"hint"` or `"warning"`;
//! - `inlayHints`: tensor shapes after assignments (default `true`);
//! - `debounceMs`: delay before analysing a burst of edits (default 50);
//! - `analysisSteps`: the tracer's step budget per entry point;
//! - `modules`: trace the `nn.Module` classes no entry point reaches on
//!   assumed inputs (annotations, shape comments, else guessed ranks;
//!   default `true`).

use serde_json::Value as Json;
use tower_lsp_server::ls_types::DiagnosticSeverity;

/// Which tracing modes are reported.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ModeSetting {
    /// Per export call: its `strict=` argument, else non-strict.
    #[default]
    Auto,
    Strict,
    NonStrict,
    Both,
}

/// The server's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub mode: ModeSetting,
    pub guards: bool,
    pub guard_severity: DiagnosticSeverity,
    pub inlay_hints: bool,
    pub debounce_ms: u64,
    pub analysis_steps: u64,
    pub modules: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            mode: ModeSetting::Auto,
            guards: true,
            guard_severity: DiagnosticSeverity::INFORMATION,
            inlay_hints: true,
            debounce_ms: 50,
            analysis_steps: tracer::Budget::default().steps,
            modules: true,
        }
    }
}

const KNOWN: &[&str] = &[
    "mode",
    "guards",
    "guardSeverity",
    "inlayHints",
    "debounceMs",
    "analysisSteps",
    "modules",
];

impl Config {
    /// Settings from a JSON value on top of `self`: either the section's
    /// object itself or an object with an `exportlens` key. Returns the
    /// warnings for values that were ignored.
    pub fn merged(&self, value: &Json) -> (Config, Vec<String>) {
        let mut cfg = self.clone();
        let mut warnings = Vec::new();
        let obj = match value {
            Json::Null => return (cfg, warnings),
            Json::Object(m) => match m.get("exportlens") {
                Some(Json::Object(inner)) => inner,
                Some(Json::Null) | None => m,
                Some(other) => {
                    warnings.push(format!(
                        "exportlens settings must be an object, got {}",
                        kind(other)
                    ));
                    return (cfg, warnings);
                }
            },
            other => {
                warnings.push(format!(
                    "exportlens settings must be an object, got {}",
                    kind(other)
                ));
                return (cfg, warnings);
            }
        };
        let defaults = Config::default();
        for (key, v) in obj {
            if v.is_null() {
                continue;
            }
            let mut bad = |expected: &str| {
                warnings.push(format!(
                    "exportlens.{key}: expected {expected}, got {}; using the default",
                    short(v)
                ));
            };
            match key.as_str() {
                "mode" => match v.as_str().map(str::to_ascii_lowercase).as_deref() {
                    Some("auto" | "default") => cfg.mode = ModeSetting::Auto,
                    Some("strict") => cfg.mode = ModeSetting::Strict,
                    Some("nonstrict" | "non-strict" | "non_strict") => {
                        cfg.mode = ModeSetting::NonStrict
                    }
                    Some("both") => cfg.mode = ModeSetting::Both,
                    _ => {
                        bad("one of \"auto\", \"strict\", \"nonstrict\", \"both\"");
                        cfg.mode = defaults.mode;
                    }
                },
                "guards" => match v.as_bool() {
                    Some(b) => cfg.guards = b,
                    None => {
                        bad("true or false");
                        cfg.guards = defaults.guards;
                    }
                },
                "guardSeverity" => match v.as_str().map(str::to_ascii_lowercase).as_deref() {
                    Some("information" | "info") => {
                        cfg.guard_severity = DiagnosticSeverity::INFORMATION
                    }
                    Some("hint") => cfg.guard_severity = DiagnosticSeverity::HINT,
                    Some("warning") => cfg.guard_severity = DiagnosticSeverity::WARNING,
                    _ => {
                        bad("one of \"information\", \"hint\", \"warning\"");
                        cfg.guard_severity = defaults.guard_severity;
                    }
                },
                "inlayHints" => match v.as_bool() {
                    Some(b) => cfg.inlay_hints = b,
                    None => {
                        bad("true or false");
                        cfg.inlay_hints = defaults.inlay_hints;
                    }
                },
                "debounceMs" => match v.as_u64() {
                    Some(n) if n <= 10_000 => cfg.debounce_ms = n,
                    _ => {
                        bad("an integer from 0 to 10000");
                        cfg.debounce_ms = defaults.debounce_ms;
                    }
                },
                "analysisSteps" => match v.as_u64() {
                    Some(n) if n >= 1_000 => cfg.analysis_steps = n,
                    _ => {
                        bad("an integer of at least 1000");
                        cfg.analysis_steps = defaults.analysis_steps;
                    }
                },
                "modules" => match v.as_bool() {
                    Some(b) => cfg.modules = b,
                    None => {
                        bad("true or false");
                        cfg.modules = defaults.modules;
                    }
                },
                _ => warnings.push(format!(
                    "exportlens.{key}: unknown setting (known: {})",
                    KNOWN.join(", ")
                )),
            }
        }
        (cfg, warnings)
    }

    /// The tracer budget these settings ask for.
    pub fn budget(&self) -> tracer::Budget {
        tracer::Budget {
            steps: self.analysis_steps,
            ..tracer::Budget::default()
        }
    }
}

fn kind(v: &Json) -> &'static str {
    match v {
        Json::Null => "null",
        Json::Bool(_) => "a boolean",
        Json::Number(_) => "a number",
        Json::String(_) => "a string",
        Json::Array(_) => "an array",
        Json::Object(_) => "an object",
    }
}

fn short(v: &Json) -> String {
    let s = v.to_string();
    if s.chars().count() > 40 {
        format!("{}...", s.chars().take(40).collect::<String>())
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn defaults_and_good_values() {
        let (c, w) = Config::default().merged(&json!({
            "mode": "both", "guards": false, "inlayHints": false,
            "guardSeverity": "hint", "debounceMs": 0, "analysisSteps": 5000
        }));
        assert!(w.is_empty(), "{w:?}");
        assert_eq!(c.mode, ModeSetting::Both);
        assert!(!c.guards && !c.inlay_hints);
        assert_eq!(c.guard_severity, DiagnosticSeverity::HINT);
        assert_eq!(c.debounce_ms, 0);
        assert_eq!(c.budget().steps, 5000);
    }

    #[test]
    fn nested_section() {
        let (c, w) = Config::default().merged(&json!({"exportlens": {"mode": "strict"}}));
        assert!(w.is_empty());
        assert_eq!(c.mode, ModeSetting::Strict);
    }

    #[test]
    fn bad_values_warn_and_reset() {
        let start = Config {
            mode: ModeSetting::Strict,
            ..Config::default()
        };
        let (c, w) =
            start.merged(&json!({"mode": 3, "guards": "yes", "bogus": 1, "debounceMs": -4}));
        assert_eq!(c.mode, ModeSetting::Auto);
        assert!(c.guards);
        assert_eq!(c.debounce_ms, 50);
        assert_eq!(w.len(), 4, "{w:?}");
        let (_, w) = Config::default().merged(&json!([1, 2]));
        assert_eq!(w.len(), 1);
        let (c, w) = Config::default().merged(&Json::Null);
        assert!(w.is_empty());
        assert_eq!(c, Config::default());
    }
}
