//! An analysis that reuses the last version's traces (an edit typed only a
//! comment or blank space, `lsp::analysis::traces`) is the analysis of the
//! new text: its diagnostics, hover facts, hints, code actions, lenses and
//! printed programs equal a fresh analysis's; an edit that changes code,
//! moves a token or makes a missing import appear is traced again.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use lsp::analysis::traces::TraceCache;
use lsp::analysis::{FileAnalysis, Snapshot, analyze};
use lsp::document::Document;
use lsp::workspace::Imports;
use tower_lsp_server::ls_types::{DiagnosticSeverity, Uri};

/// A model whose export fails (`x.shape[0] > 2` against `min=2`): a
/// located failure with suggested fixes, guards, ops on every line.
const MODEL: &str = "\
import torch
from torch.export import Dim

class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(4, 3)

    def forward(self, x):
        y = self.fc(x)
        if x.shape[0] > 2:
            y = y * 2
        return y.sum(dim=1)

batch = Dim(\"batch\", min=2)
model = M()
example_args = (torch.randn(3, 4),)
dynamic_shapes = {\"x\": {0: batch}}
";

struct Doc {
    dir: PathBuf,
    path: PathBuf,
    cache: Arc<Mutex<TraceCache>>,
    version: i32,
}

impl Doc {
    fn new(name: &str) -> Doc {
        let dir =
            std::env::temp_dir().join(format!("exportlens-reuse-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        let path = dir.join("main.py");
        Doc {
            dir,
            path,
            cache: Arc::default(),
            version: 0,
        }
    }

    fn snapshot(&self, text: &str, traces: Option<Arc<Mutex<TraceCache>>>) -> Snapshot {
        let uri = Uri::from_file_path(&self.path).expect("a file uri");
        let doc = Document::new(text, self.version, self.version as u64, "python".into());
        let imports = Imports {
            read: Arc::new(|p: &Path| lsp::workspace::disk_read(p)),
            open: Arc::new(|_: &Path| false),
            roots: Vec::new(),
        };
        Snapshot {
            imports: Some(imports),
            traces,
            ..Snapshot::of_document(uri, self.path.display().to_string(), &doc)
        }
    }

    /// Whether the analysis of `text` with the document's kept traces
    /// reused them; it is checked against a fresh analysis.
    fn edit(&mut self, text: &str) -> bool {
        self.analyse(text).0
    }

    fn analyse(&mut self, text: &str) -> (bool, FileAnalysis) {
        self.version += 1;
        let (a, _) = analyze(&self.snapshot(text, Some(self.cache.clone())));
        let (fresh, _) = analyze(&self.snapshot(text, None));
        assert_eq!(canonical(&a), canonical(&fresh), "{text}");
        let reused = a.timings.iter().any(|(phase, _)| *phase == "traces reused");
        (reused, a)
    }
}

impl Drop for Doc {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// What the handlers answer from, in a stable order.
fn canonical(a: &FileAnalysis) -> String {
    let mut hover: Vec<_> = a.hover.lines.iter().collect();
    hover.sort_by_key(|(line, _)| **line);
    let programs: Vec<_> = a.programs.iter().map(|p| &p.text).collect();
    format!(
        "{:#?}\n{hover:#?}\n{:#?}\n{:#?}\n{:#?}\n{:#?}\n{:#?}\n{:#?}\n{:#?}\n{programs:#?}",
        a.diagnostics,
        a.hover.bindings,
        a.hover.symbols,
        a.inlay_hints,
        a.actions,
        a.entry_actions,
        a.lenses,
        a.foreign,
    )
}

#[test]
fn reused_traces_give_the_analysis_of_the_new_text() {
    let mut doc = Doc::new("comments");
    let (reused, first) = doc.analyse(MODEL);
    assert!(!reused, "nothing kept yet");
    let errors = |a: &FileAnalysis| {
        a.diagnostics
            .iter()
            .filter(|d| d.severity == Some(DiagnosticSeverity::ERROR))
            .count()
    };
    assert_eq!(errors(&first), 1, "{:#?}", first.diagnostics);
    // Comments that end a line or stand alone, and blank space at line
    // ends and at the end of the file: the traces are moved, not redone.
    let commented = MODEL
        .replace("import torch\n", "import torch  # the library\n")
        .replace("y = self.fc(x)\n", "y = self.fc(x)  # a linear layer\n")
        .replace("model = M()\n", "model = M()   \n")
        .replace("\n\nbatch", "\n# the spec\nbatch")
        + "\n# end\n";
    assert!(doc.edit(&commented));
    // A suppression comment on the error's line (the entry's) hides it.
    let suppressed = commented.replace("model = M()   \n", "model = M()  # exportlens: ignore\n");
    let (reused, hidden) = doc.analyse(&suppressed);
    assert!(reused);
    assert_eq!(errors(&hidden), 0, "{:#?}", hidden.diagnostics);
    assert!(doc.edit(&commented));
    // Code changed, a token moved, a comment inside brackets: traced again.
    assert!(!doc.edit(&commented.replace("min=2", "min=3")));
    assert!(doc.edit(&(commented.replace("min=2", "min=3") + "# again\n")));
    assert!(!doc.edit(&commented.replace("y = y * 2", "y = y *  2")));
    assert!(!doc.edit(&commented.replace("\nmodel = M()", "\n\nmodel = M()")));
    assert!(!doc.edit(&commented.replace("(3, 4)", "(3,  # rows\n 4)")));
}

#[test]
fn reused_traces_follow_the_files_they_read_and_looked_for() {
    let mut doc = Doc::new("imports");
    let entry = "\
import torch
from helper import Net

model = Net()
example_args = (torch.randn(2, 4),)
";
    // `helper` does not exist yet: the model cannot be built.
    assert!(!doc.edit(entry));
    assert!(doc.edit(&format!("{entry}# typing\n")));
    // It appears on disk: the next comment edit traces again.
    std::fs::write(
        doc.dir.join("helper.py"),
        "import torch\n\nclass Net(torch.nn.Module):\n    def forward(self, x):\n        return x.relu()\n",
    )
    .expect("write helper.py");
    assert!(!doc.edit(entry));
    assert!(doc.edit(&format!("{entry}# typing\n")));
    // It changes: traced again.
    std::fs::write(
        doc.dir.join("helper.py"),
        "import torch\n\nclass Net(torch.nn.Module):\n    def forward(self, x):\n        return x.sin() + 1\n",
    )
    .expect("write helper.py");
    assert!(!doc.edit(entry));
    assert!(doc.edit(&format!("{entry}# typing\n")));
}
