//! Local imports: where the source of `import mypkg.layers` or
//! `from .blocks import ResBlock` comes from.
//!
//! The tracer does no I/O. Its caller supplies a [`SourceProvider`] (the
//! CLI reads the disk, the language server its open documents first) and
//! the search roots; this module turns dotted names into candidate paths
//! (`a/b.py`, then `a/b/__init__.py`). A file is read when its existence
//! matters and parsed only when its code runs; parses are shared by every
//! trace of a [`Workspace`] and, through a process-wide cache keyed by path
//! and text, by every workspace the process builds on any thread (each
//! mode of an entry, each file of a `check`, each edit the language
//! server analyses). Running the
//! module code and binding module values is the interpreter's part
//! (`interp::import`).

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::{Arc, LazyLock, Mutex, OnceLock, mpsc};

use crate::SourceFile;

/// Reads source files for the tracer. `None` when the file does not exist
/// (or cannot be read).
pub trait SourceProvider {
    fn read(&self, path: &Path) -> Option<Arc<str>>;

    /// The Python files directly in the folder `dir`, each with its size
    /// in bytes, in any order: where a model file's neighbours are looked
    /// up for calls of its classes (`entry::assumed`). None by default (a
    /// provider that cannot list folders).
    fn python_files(&self, _dir: &Path) -> Vec<(PathBuf, u64)> {
        Vec::new()
    }
}

/// In-memory files, for tests and embedders.
impl SourceProvider for HashMap<PathBuf, String> {
    fn read(&self, path: &Path) -> Option<Arc<str>> {
        self.get(path).map(|s| Arc::from(s.as_str()))
    }

    fn python_files(&self, dir: &Path) -> Vec<(PathBuf, u64)> {
        self.iter()
            .filter(|(p, _)| p.parent() == Some(dir) && p.extension().is_some_and(|e| e == "py"))
            .map(|(p, text)| (p.clone(), text.len() as u64))
            .collect()
    }
}

/// Where imported modules are looked up, and the files already read and
/// parsed.
pub struct Workspace {
    provider: Box<dyn SourceProvider>,
    roots: Vec<PathBuf>,
    texts: RefCell<HashMap<PathBuf, Option<Arc<str>>>>,
    parsed: RefCell<HashMap<PathBuf, Option<Arc<SourceFile>>>>,
    outlines: RefCell<HashMap<PathBuf, Option<Arc<syntax::ModuleOutline>>>>,
    star_exports: RefCell<HashMap<PathBuf, Option<Rc<[String]>>>>,
}

/// Parses outlive workspaces: most files (installed libraries above all)
/// do not change between two analyses.
const PARSE_CACHE_CAPACITY: usize = 8192;

/// Parses shared by every thread of the process: the CLI traces the two
/// modes of an entry on two threads, which import the same files, and
/// the parse-ahead thread ([`parse_ahead`]) fills it for both.
static PARSE_CACHE: LazyLock<Mutex<HashMap<PathBuf, Arc<SharedParse>>>> =
    LazyLock::new(Default::default);

/// The parse of one text, made once by whichever thread asks first; a
/// thread asking while it is being made waits for it instead of parsing
/// the same text again.
struct SharedParse {
    text: Arc<str>,
    file: OnceLock<Arc<SourceFile>>,
}

/// What a module's text says about a global name, for searching star
/// imports without running every module ([`Workspace::binding_of`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum TextBinding {
    Cannot,
    Mentions,
    Defines,
}

/// Module outlines ([`syntax::module_outline`]), kept like parses: by
/// path, with the text they were read from.
static OUTLINE_CACHE: LazyLock<Mutex<HashMap<PathBuf, Outlined>>> = LazyLock::new(Default::default);

/// A text and its outline.
type Outlined = (Arc<str>, Option<Arc<syntax::ModuleOutline>>);

/// Files whose mentions of prelude modules were scanned (to parse those
/// ahead).
static PRELUDE_SCANNED: LazyLock<Mutex<std::collections::HashSet<PathBuf>>> =
    LazyLock::new(Default::default);

/// [`Workspace::rebinds_submodule`]'s answers by (path, package, name),
/// with the text they were read from.
type RebindsKey = (PathBuf, String, String);
type RebindsCache = Mutex<HashMap<RebindsKey, (Arc<str>, bool)>>;
static REBINDS_CACHE: LazyLock<RebindsCache> = LazyLock::new(Default::default);

/// `f` on a cache, which stays usable if a thread panicked holding it.
fn with_cache<K, V, T>(cache: &Mutex<HashMap<K, V>>, f: impl FnOnce(&mut HashMap<K, V>) -> T) -> T {
    let mut guard = cache
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    f(&mut guard)
}

/// The parse of `text` at `path`, from the process-wide cache when the
/// same text was parsed (or is being parsed) before. The text is
/// compared, not a hash of it: that reads it once, not twice.
fn parse_cached(path: &Path, text: &Arc<str>) -> Arc<SourceFile> {
    let slot = with_cache(&PARSE_CACHE, |c| {
        if let Some(hit) = c
            .get(path)
            .filter(|s| Arc::ptr_eq(&s.text, text) || *s.text == **text)
        {
            return hit.clone();
        }
        if c.len() >= PARSE_CACHE_CAPACITY {
            c.clear();
        }
        let slot = Arc::new(SharedParse {
            text: text.clone(),
            file: OnceLock::new(),
        });
        c.insert(path.to_path_buf(), slot.clone());
        slot
    });
    slot.file
        .get_or_init(|| SourceFile::parse_imported(&path.display().to_string(), text))
        .clone()
}

/// Whether the parse of `text` at `path` is made or being made.
fn parse_started(path: &Path, text: &Arc<str>) -> bool {
    with_cache(&PARSE_CACHE, |c| {
        c.get(path)
            .is_some_and(|s| Arc::ptr_eq(&s.text, text) || *s.text == **text)
    })
}

/// A parse the parse-ahead thread makes.
enum Ahead {
    /// An imported file.
    File(PathBuf, Arc<str>),
    /// A prelude module ([`crate::prelude::source`]).
    Prelude(usize),
}

/// Makes a parse on the parse-ahead thread that the code now running is
/// about to need: while the traces interpret one module, the next ones are
/// parsed on another core. A trace that needs the file first parses it
/// itself (the other waits for whichever started). Nothing happens when
/// the thread cannot start.
fn parse_ahead(job: Ahead) {
    static QUEUE: LazyLock<Option<mpsc::Sender<Ahead>>> = LazyLock::new(|| {
        let (queue, jobs) = mpsc::channel::<Ahead>();
        std::thread::Builder::new()
            .name("exportlens-parse-ahead".into())
            .spawn(move || {
                for job in jobs {
                    match job {
                        Ahead::File(path, text) => {
                            parse_cached(&path, &text);
                        }
                        Ahead::Prelude(index) => {
                            crate::prelude::source(index);
                        }
                    }
                }
            })
            .ok()?;
        Some(queue)
    });
    if let Some(queue) = QUEUE.as_ref() {
        // A send fails only when the thread is gone; the traces then
        // parse for themselves.
        let _ = queue.send(job);
    }
}

/// The outline of `text` at `path`, from the process-wide cache when the
/// same text was scanned before.
fn outline_cached(path: &Path, text: &Arc<str>) -> Option<Arc<syntax::ModuleOutline>> {
    if let Some(hit) = with_cache(&OUTLINE_CACHE, |c| {
        c.get(path)
            .filter(|(t, _)| Arc::ptr_eq(t, text) || **t == **text)
            .map(|(_, o)| o.clone())
    }) {
        return hit;
    }
    let outline = syntax::module_outline(text).map(Arc::new);
    with_cache(&OUTLINE_CACHE, |c| {
        if c.len() >= PARSE_CACHE_CAPACITY {
            c.clear();
        }
        c.insert(path.to_path_buf(), (text.clone(), outline.clone()));
    });
    outline
}

/// A module found for a dotted name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolved {
    /// The file that holds the module's code (`b.py` or `b/__init__.py`).
    pub path: PathBuf,
    /// The folder the dotted name was resolved against.
    pub root: PathBuf,
}

impl Workspace {
    /// `roots` are searched in order, after the importing file's folder.
    pub fn new(provider: Box<dyn SourceProvider>, roots: Vec<PathBuf>) -> Rc<Workspace> {
        Rc::new(Workspace {
            provider,
            roots,
            texts: RefCell::new(HashMap::new()),
            parsed: RefCell::new(HashMap::new()),
            outlines: RefCell::new(HashMap::new()),
            star_exports: RefCell::new(HashMap::new()),
        })
    }

    /// The folders searched after the importing file's, in order.
    pub fn roots(&self) -> &[PathBuf] {
        &self.roots
    }

    /// The text at `path`, read once.
    pub fn text(&self, path: &Path) -> Option<Arc<str>> {
        if let Some(t) = self.texts.borrow().get(path) {
            return t.clone();
        }
        let text = self.provider.read(path);
        self.texts
            .borrow_mut()
            .insert(path.to_path_buf(), text.clone());
        text
    }

    /// The text at `path` without counting it among the files the
    /// analysis read ([`Workspace::files`]): a file looked at only to see
    /// whether it matters.
    pub fn peek(&self, path: &Path) -> Option<Arc<str>> {
        if let Some(t) = self.texts.borrow().get(path) {
            return t.clone();
        }
        self.provider.read(path)
    }

    /// The Python files directly in `dir` with their sizes, sorted by path
    /// ([`SourceProvider::python_files`]).
    pub fn python_files(&self, dir: &Path) -> Vec<(PathBuf, u64)> {
        let mut files = self.provider.python_files(dir);
        files.sort();
        files
    }

    /// The parsed file at `path`, read and parsed once.
    pub fn load(&self, path: &Path) -> Option<Arc<SourceFile>> {
        if let Some(f) = self.parsed.borrow().get(path) {
            return f.clone();
        }
        let file = self.text(path).map(|text| parse_cached(path, &text));
        self.parsed
            .borrow_mut()
            .insert(path.to_path_buf(), file.clone());
        if let Some(file) = &file {
            let top = self.top_package(path);
            self.parse_imports_ahead(path, top.as_deref(), &file.module.body);
            // The scan is for the first run of a file's code: later traces
            // find those prelude modules parsed (a text that changed since
            // only misses a head start, not a module).
            let first = PRELUDE_SCANNED
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
                .insert(path.to_path_buf());
            if first {
                for index in crate::prelude::mentioned_in(&file.text) {
                    if !crate::prelude::is_parsed(index) {
                        parse_ahead(Ahead::Prelude(index));
                    }
                }
            }
        }
        file
    }

    /// Starts parsing, on the parse-ahead thread, the modules that the
    /// module at `path` imports names from at its top level (`from m
    /// import name` in its own statements and `try` blocks, not in `if`
    /// blocks, which a lazy package's `TYPE_CHECKING` imports are): its
    /// code is about to run, and the modules whose names it uses are the
    /// files it reads next. Only modules
    /// of its own top-level package are parsed ahead (never another
    /// installed package, which may be one the tracer does not read).
    fn parse_imports_ahead(&self, path: &Path, top: Option<&Path>, body: &[syntax::ast::Stmt]) {
        use syntax::ast::StmtKind;
        for stmt in body {
            match &stmt.kind {
                // A star import whose names the module's `__all__`
                // settles does not run the module (`Workspace::star_exports`).
                StmtKind::ImportFrom { names, .. } if names.iter().any(|a| a.name == "*") => {}
                StmtKind::ImportFrom { module, level, .. } => {
                    let target = if *level > 0 {
                        let m = syntax::ModuleRef {
                            level: *level,
                            dotted: module.clone().unwrap_or_default(),
                        };
                        self.module_ref(path, &m)
                    } else {
                        let dotted = module.as_deref().unwrap_or_default();
                        let parts: Vec<&str> = dotted.split('.').collect();
                        top.filter(|top| top.file_name().is_some_and(|n| n == parts[0]))
                            .and_then(|top| self.module_in(top.parent()?, &parts))
                    };
                    let Some(target) = target.filter(|t| t != path) else {
                        continue;
                    };
                    if let Some(text) = self.text(&target)
                        && !parse_started(&target, &text)
                    {
                        parse_ahead(Ahead::File(target, text));
                    }
                }
                StmtKind::Try {
                    body,
                    orelse,
                    finalbody,
                    ..
                } => {
                    for block in [body, orelse, finalbody] {
                        self.parse_imports_ahead(path, top, block);
                    }
                }
                _ => {}
            }
        }
    }

    /// The outermost package folder holding the module at `path` (the last
    /// folder up from it with an `__init__.py`), if it is in a package.
    fn top_package(&self, path: &Path) -> Option<PathBuf> {
        let mut top = None;
        let mut dir = path.parent();
        while let Some(d) = dir
            && self.exists(&d.join("__init__.py"))
        {
            top = Some(d.to_path_buf());
            dir = d.parent();
        }
        top
    }

    /// The outline of the module at `path` ([`syntax::module_outline`]),
    /// scanned once.
    fn outline(&self, path: &Path) -> Option<Arc<syntax::ModuleOutline>> {
        if let Some(o) = self.outlines.borrow().get(path) {
            return o.clone();
        }
        let outline = self.text(path).and_then(|t| outline_cached(path, &t));
        self.outlines
            .borrow_mut()
            .insert(path.to_path_buf(), outline.clone());
        outline
    }

    /// The names `from m import *` binds for the module at `path`, when
    /// its text settles them without running it: a literal `__all__`, or
    /// one joined from the settled `__all__` of the modules it imports
    /// them from ([`syntax::module_outline`]); scanned once.
    pub fn star_exports(&self, path: &Path) -> Option<Rc<[String]>> {
        if let Some(e) = self.star_exports.borrow().get(path) {
            return e.clone();
        }
        // In progress: a cycle of `__all__` imports is not settled.
        self.star_exports
            .borrow_mut()
            .insert(path.to_path_buf(), None);
        let names = self.settled_all(path).map(Rc::from);
        self.star_exports
            .borrow_mut()
            .insert(path.to_path_buf(), names.clone());
        names
    }

    fn settled_all(&self, path: &Path) -> Option<Vec<String>> {
        let outline = self.outline(path)?;
        let mut names = Vec::new();
        for part in outline.all.as_ref()? {
            match part {
                syntax::AllPart::Names(n) => names.extend(n.iter().cloned()),
                syntax::AllPart::AllOf(m) => {
                    let file = self.module_ref(path, m)?;
                    names.extend(self.star_exports(&file)?.iter().cloned());
                }
            }
        }
        Some(names)
    }

    /// What `from m import *` binds for the module at `path` when it has no
    /// `__all__` and its top level only binds names
    /// ([`syntax::module_outline`]; a lazy module is read through its
    /// `TYPE_CHECKING` imports): its own public names and the modules it
    /// star-imports in turn (relative imports only).
    pub fn star_sources(&self, path: &Path) -> Option<Arc<syntax::ModuleOutline>> {
        let outline = self.outline(path)?;
        (!outline.mentions_all && !outline.unlisted_stars).then_some(outline)
    }

    /// Whether package `package`'s `__init__` at `path` binds `name` to
    /// something other than its submodule ([`syntax::rebinds_submodule`]).
    pub fn rebinds_submodule(&self, path: &Path, package: &str, name: &str) -> bool {
        let Some(text) = self.text(path) else {
            return false;
        };
        // A package `__init__` is scanned once per name it is asked about,
        // not once per trace (transformers' is asked on every import).
        let key = (path.to_path_buf(), package.to_string(), name.to_string());
        if let Some(hit) = with_cache(&REBINDS_CACHE, |c| {
            c.get(&key)
                .filter(|(t, _)| Arc::ptr_eq(t, &text) || **t == *text)
                .map(|(_, b)| *b)
        }) {
            return hit;
        }
        let rebinds = syntax::rebinds_submodule(&text, package, name);
        with_cache(&REBINDS_CACHE, |c| {
            if c.len() >= PARSE_CACHE_CAPACITY {
                c.clear();
            }
            c.insert(key, (text, rebinds));
        });
        rebinds
    }

    /// How the text of the module at `path` could bind the global `name`:
    /// `Defines` (a `def`/`class` of that name, or an assignment at the
    /// start of a line), `Mentions` (the word occurs, or the module can
    /// bind names its text does not spell: a star import, `globals()`,
    /// `setattr`, `exec`, a module `__getattr__`), else `Cannot`.
    pub fn binding_of(&self, path: &Path, name: &str) -> TextBinding {
        let Some(text) = self.text(path) else {
            return TextBinding::Cannot;
        };
        let mut mentioned = false;
        for (k, _) in text.match_indices(name) {
            let before = text[..k].bytes().next_back();
            let after = text.as_bytes().get(k + name.len()).copied();
            let word = |b: Option<u8>| b.is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_');
            if word(before) || word(after) {
                continue;
            }
            mentioned = true;
            let line_start = text[..k].rfind('\n').map_or(0, |p| p + 1);
            let head = &text[line_start..k];
            let rest = text[k + name.len()..].trim_start_matches([' ', '\t']);
            if head.trim_end().ends_with("class")
                || head.trim_end().ends_with("def")
                || (head.is_empty()
                    && (rest.starts_with('=') && !rest.starts_with("==") || rest.starts_with(':')))
            {
                return TextBinding::Defines;
            }
        }
        let dynamic = [
            "import *",
            "globals()",
            "setattr(",
            "exec(",
            "def __getattr__",
        ];
        if mentioned || dynamic.iter().any(|d| text.contains(d)) {
            TextBinding::Mentions
        } else {
            TextBinding::Cannot
        }
    }

    /// Where the global `name` of the module at `path` comes from when the
    /// module binds it only by a relative `from m import name`
    /// ([`syntax::ModuleOutline::reexports`]), when `m` is found.
    pub fn reexport(&self, path: &Path, name: &str) -> Option<syntax::ImportedName> {
        let outline = self.outline(path)?;
        let (_, imported) = outline.reexports.iter().find(|(n, _)| n == name)?;
        self.module_ref(path, &imported.module)?;
        Some(imported.clone())
    }

    /// The file a relative module reference made in the module at `path`
    /// names.
    pub fn module_ref(&self, path: &Path, m: &syntax::ModuleRef) -> Option<PathBuf> {
        let base = Self::relative_base(path, m.level)?;
        let parts: Vec<&str> = if m.dotted.is_empty() {
            Vec::new()
        } else {
            m.dotted.split('.').collect()
        };
        self.module_in(&base, &parts)
    }

    fn exists(&self, path: &Path) -> bool {
        self.text(path).is_some()
    }

    /// Files whose code was parsed (the modules that ran), sorted.
    pub fn parsed_files(&self) -> Vec<PathBuf> {
        found_paths(&self.parsed.borrow())
    }

    /// The module file of `parts` under `base`: `base/a/b.py`, else
    /// `base/a/b/__init__.py`.
    pub fn module_in(&self, base: &Path, parts: &[&str]) -> Option<PathBuf> {
        if parts.iter().any(|p| !is_identifier(p)) {
            return None;
        }
        let mut dir = base.to_path_buf();
        for p in parts {
            dir.push(p);
        }
        if parts.is_empty() {
            let init = dir.join("__init__.py");
            return self.exists(&init).then_some(init);
        }
        let file = dir.with_extension("py");
        if self.exists(&file) {
            return Some(file);
        }
        let init = dir.join("__init__.py");
        self.exists(&init).then_some(init)
    }

    /// An absolute import: against the importing file's folder (a script's
    /// folder is on `sys.path`; a package's is not, so `import logging` in
    /// `pkg/utils/logging.py` is the standard library's), then the roots.
    pub fn resolve_absolute(&self, dotted: &str, importer: &Path) -> Option<Resolved> {
        let parts: Vec<&str> = dotted.split('.').collect();
        let here = importer
            .parent()
            .filter(|dir| !self.exists(&dir.join("__init__.py")))
            .map(Path::to_path_buf);
        here.into_iter()
            .chain(self.roots.iter().cloned())
            .find_map(|root| {
                self.module_in(&root, &parts)
                    .map(|path| Resolved { path, root })
            })
    }

    /// The folder `level` dots refer to from `importer`: its package, then
    /// parents.
    pub fn relative_base(importer: &Path, level: u32) -> Option<PathBuf> {
        let mut base = importer.parent()?.to_path_buf();
        for _ in 1..level {
            base = base.parent()?.to_path_buf();
        }
        Some(base)
    }

    /// Every file read so far, for dependency tracking.
    pub fn files(&self) -> Vec<PathBuf> {
        found_paths(&self.texts.borrow())
    }

    /// Every path looked at so far with what it held (`None`: no such
    /// file), sorted: what the traces that used this workspace depend on
    /// outside their own file.
    pub fn reads(&self) -> Vec<(PathBuf, Option<Arc<str>>)> {
        let mut v: Vec<_> = self
            .texts
            .borrow()
            .iter()
            .map(|(p, t)| (p.clone(), t.clone()))
            .collect();
        v.sort_by(|a, b| a.0.cmp(&b.0));
        v
    }
}

/// The paths of a cache whose lookups succeeded, sorted.
fn found_paths<T>(cache: &HashMap<PathBuf, Option<T>>) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = cache
        .iter()
        .filter(|(_, f)| f.is_some())
        .map(|(p, _)| p.clone())
        .collect();
    v.sort();
    v
}

/// The folders absolute imports of `file` resolve against (besides the
/// workspace's): its folder and, while that folder is a package
/// (`is_package`: it has an `__init__.py`), its parents up to the first
/// folder that is not one.
pub fn package_roots(file: &Path, is_package: impl Fn(&Path) -> bool) -> Vec<PathBuf> {
    let mut roots = Vec::new();
    let mut dir = file.parent().map(Path::to_path_buf);
    while let Some(d) = dir {
        let package = is_package(&d);
        roots.push(d.clone());
        if !package || roots.len() > 64 {
            break;
        }
        dir = d.parent().map(Path::to_path_buf);
    }
    roots
}

fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ws(files: &[(&str, &str)]) -> Rc<Workspace> {
        let map: HashMap<PathBuf, String> = files
            .iter()
            .map(|(p, t)| (PathBuf::from(p), t.to_string()))
            .collect();
        Workspace::new(Box::new(map), vec![PathBuf::from("/w")])
    }

    #[test]
    fn resolves_modules_and_packages() {
        let w = ws(&[
            ("/w/models.py", ""),
            ("/w/mypkg/layers.py", ""),
            ("/w/mypkg/__init__.py", ""),
        ]);
        let importer = Path::new("/w/sub/export_model.py");
        assert_eq!(
            w.resolve_absolute("models", importer).map(|r| r.path),
            Some(PathBuf::from("/w/models.py"))
        );
        assert_eq!(
            w.resolve_absolute("mypkg.layers", importer).map(|r| r.path),
            Some(PathBuf::from("/w/mypkg/layers.py"))
        );
        assert_eq!(
            w.resolve_absolute("mypkg", importer).map(|r| r.path),
            Some(PathBuf::from("/w/mypkg/__init__.py"))
        );
        assert!(w.resolve_absolute("missing", importer).is_none());
        assert!(w.resolve_absolute("a..b", importer).is_none());
        assert_eq!(w.files().len(), 3);
    }

    #[test]
    fn relative_bases() {
        let f = Path::new("/w/pkg/sub/m.py");
        assert_eq!(
            Workspace::relative_base(f, 1),
            Some(PathBuf::from("/w/pkg/sub"))
        );
        assert_eq!(
            Workspace::relative_base(f, 2),
            Some(PathBuf::from("/w/pkg"))
        );
        assert_eq!(Workspace::relative_base(Path::new("m.py"), 3), None);
    }
}
