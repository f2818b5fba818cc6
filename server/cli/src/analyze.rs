//! Reading a file and running every entry point through the tracer in the
//! requested modes; shared by `check` and `export`.

use std::path::Path;
use std::rc::Rc;

use anyhow::{Context, Result, bail};
use serde_json::Value as Json;
use tracer::{Budget, EntryPoint, Mode, SourceFile, TraceResult};

pub struct Analysis {
    pub file: Rc<SourceFile>,
    pub entries: Vec<(EntryPoint, Vec<TraceResult>)>,
}

pub fn read_source(path: &Path) -> Result<String> {
    if path.is_dir() {
        bail!(
            "{} is a folder; `export` takes one Python file",
            path.display()
        );
    }
    if path.extension().and_then(|e| e.to_str()) != Some("py") {
        bail!(
            "{} is not a Python file (expected a .py file)",
            path.display()
        );
    }
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

pub fn analyze(path: &str, text: &str, modes: &[Mode]) -> Analysis {
    let file = SourceFile::parse(path, text);
    let entries = tracer::find_entries(&file)
        .into_iter()
        .map(|e| {
            let runs = modes
                .iter()
                .map(|m| tracer::trace_entry(file.clone(), &e, *m, Budget::default()))
                .collect();
            (e, runs)
        })
        .collect();
    Analysis { file, entries }
}

impl Analysis {
    pub fn json(&self) -> Json {
        let entries = self
            .entries
            .iter()
            .map(|(e, runs)| export::entry_report(e, runs))
            .collect();
        export::file_report(&self.file.path, entries)
    }

    pub fn programs_text(&self, mode: Mode) -> String {
        let mut out = String::new();
        for (e, runs) in &self.entries {
            for r in runs.iter().filter(|r| r.mode == mode) {
                out.push_str(&format!("# {} ({}), line {}\n", e.name, mode.key(), e.line));
                match &r.outcome {
                    tracer::TraceOutcome::Exported(p) => {
                        let named = export::name_program(p, mode);
                        out.push_str(&export::print_program(&named, &self.file.path));
                    }
                    tracer::TraceOutcome::Failed(f) => {
                        out.push_str(&format!(
                            "export fails ({}{}): {}\n",
                            f.kind.category(),
                            f.gb_code.map(|c| format!(" {c}")).unwrap_or_default(),
                            f.message
                        ));
                    }
                }
            }
        }
        if self.entries.is_empty() {
            out.push_str("no entry points found (expected `model` + `example_args`, or a torch.export.export(...) call)\n");
        }
        out
    }
}
