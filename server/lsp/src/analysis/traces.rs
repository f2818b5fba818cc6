//! The entry points' traces of a document's last analysis, kept for the
//! next one.
//!
//! Typing a comment or blank space moves no token of the code: the text
//! keeps its code fingerprint (`syntax::code_fingerprint`: every token at
//! the same line and column, comments outside brackets left out), and its
//! entry points trace to the same results but for where they point. A
//! document keeps its entries' traces with everything they were traced
//! under: that fingerprint, the modes, the budget and the import roots,
//! and every path the traces read or looked for with what it held. When
//! all of it holds for the new text, the traces are moved onto it
//! (`TraceResult::rebase`) instead of running again; diagnostics, hover,
//! hints, lenses and programs are then built from them against the new
//! text as after any trace. Invariant: a reused analysis is the analysis
//! of the new text (`tests/integration.rs`, `reused_traces_*`).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::SystemTime;

use tracer::{EntryPoint, SourceFile, TraceResult, Workspace};

use crate::workspace::OpenFn;

/// Entry points with their traces, one per mode traced.
pub type Entries = Vec<(EntryPoint, Vec<TraceResult>)>;

/// What an entry's traces depend on besides the files they read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceKey {
    /// The entry file's code fingerprint.
    pub code: u64,
    /// The modes, the budget and the import roots, as written by `Debug`.
    pub under: String,
}

/// The traces of a document's last analysis (at most one version).
#[derive(Default)]
pub struct TraceCache {
    last: Option<Kept>,
}

impl std::fmt::Debug for TraceCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.last.as_ref().map_or(0, |k| k.entries.len());
        write!(f, "TraceCache({n} entries)")
    }
}

struct Kept {
    key: TraceKey,
    /// The text the traces ran on.
    file: Arc<SourceFile>,
    entries: Entries,
    /// What the analysis read: each file with its text.
    texts: Vec<(PathBuf, Arc<str>)>,
    /// What it looked for and did not find.
    absent: Absent,
}

/// What traces read: the paths their workspace looked at
/// ([`Reads::now`]), or what the traces they were moved from read.
pub struct Reads(Read);

enum Read {
    Now(Vec<(PathBuf, Option<Arc<str>>)>),
    Kept {
        texts: Vec<(PathBuf, Arc<str>)>,
        absent: Absent,
    },
}

impl Reads {
    /// What the traces that used `workspace` read (`Workspace::reads`).
    pub fn now(workspace: Option<&Workspace>) -> Reads {
        Reads(Read::Now(
            workspace.map(Workspace::reads).unwrap_or_default(),
        ))
    }
}

/// A path's modification time and length, `None` when it does not exist.
type Stamp = Option<(Option<SystemTime>, u64)>;

fn stamp(path: &Path) -> Stamp {
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.modified().ok(), meta.len()))
}

/// The paths an analysis looked for and did not find, and how to tell
/// that none of them appeared: a file cannot appear without its folder's
/// modification time changing, nor in a missing folder without the
/// nearest existing one's changing. So each missing path is watched
/// through the nearest existing folder above it (or itself, when it
/// exists but could not be read: too large, not a file); a few dozen
/// `stat`s stand for hundreds of paths. File times advance by the
/// kernel's clock tick, so a folder changed within [`RACY`] of the stamp
/// may change again unseen: the paths it watches are looked for one by
/// one instead.
struct Absent {
    paths: Vec<PathBuf>,
    stamps: Vec<(PathBuf, Stamp)>,
    /// Paths whose folder's stamp is too recent to vouch for them.
    racy: Vec<PathBuf>,
}

/// How recent a modification time is too recent to tell a later change
/// in the same clock tick apart.
const RACY: std::time::Duration = std::time::Duration::from_millis(100);

impl Absent {
    fn of(paths: Vec<PathBuf>) -> Absent {
        let now = SystemTime::now();
        let recent = |s: &Stamp| match s {
            Some((Some(t), _)) => now.duration_since(*t).map_or(true, |d| d < RACY),
            _ => false,
        };
        // Each folder met, with its stamp (`None`: it does not exist).
        let mut folders: HashMap<PathBuf, Stamp> = HashMap::new();
        let mut watched: HashMap<PathBuf, Stamp> = HashMap::new();
        let mut racy = Vec::new();
        for path in &paths {
            let mut dir = path.parent();
            // The nearest existing folder above `path`.
            let found = loop {
                let Some(d) = dir else { break None };
                let s = folders.entry(d.to_path_buf()).or_insert_with(|| stamp(d));
                if s.is_some() {
                    break Some((d.to_path_buf(), *s));
                }
                dir = d.parent();
            };
            let Some((nearest, nearest_stamp)) = found else {
                racy.push(path.clone());
                continue;
            };
            if Some(nearest.as_path()) == path.parent() {
                // Its folder exists: it may exist unread (too large).
                let own = stamp(path);
                if own.is_some() {
                    watched.insert(path.clone(), own);
                    continue;
                }
            }
            if recent(&nearest_stamp) {
                racy.push(path.clone());
            } else {
                watched.insert(nearest, nearest_stamp);
            }
        }
        Absent {
            paths,
            stamps: watched.into_iter().collect(),
            racy,
        }
    }

    /// Whether every path is still missing (and none is an open document).
    fn still(&self, open: Option<&OpenFn>) -> bool {
        self.stamps.iter().all(|(p, s)| stamp(p) == *s)
            && self.racy.iter().all(|p| stamp(p).is_none())
            && open.is_none_or(|open| !self.paths.iter().any(|p| open(p)))
    }
}

impl TraceCache {
    /// The kept traces moved onto `file` and paired with its entry points
    /// `found`, when they were traced under `key`, every file they read
    /// holds the same text through `workspace`, and no path they looked
    /// for has appeared (on disk or as an open document, `open`); `None`
    /// otherwise (they stay kept unless `key` matched). With them, what
    /// they read, to [`TraceCache::store`] again with them.
    pub fn take(
        &mut self,
        key: &TraceKey,
        file: &Arc<SourceFile>,
        found: &[EntryPoint],
        workspace: Option<&Workspace>,
        open: Option<&OpenFn>,
    ) -> Option<(Entries, Reads)> {
        let kept = self.last.as_ref()?;
        let same_entries = kept.entries.len() == found.len()
            && kept
                .entries
                .iter()
                .zip(found)
                .all(|((e, _), f)| e.name == f.name && e.line == f.line);
        if kept.key != *key || !same_entries {
            return None;
        }
        let texts_hold = match workspace {
            Some(ws) => kept.texts.iter().all(|(path, was)| {
                ws.text(path)
                    .is_some_and(|now| Arc::ptr_eq(&now, was) || now == *was)
            }),
            None => kept.texts.is_empty(),
        };
        let holds = texts_hold && kept.absent.still(open);
        let kept = self.last.take()?;
        if !holds {
            return None;
        }
        let entries = found
            .iter()
            .cloned()
            .zip(kept.entries.into_iter().map(|(_, mut runs)| {
                for r in &mut runs {
                    r.rebase(&kept.file, file);
                }
                runs
            }))
            .collect();
        Some((
            entries,
            Reads(Read::Kept {
                texts: kept.texts,
                absent: kept.absent,
            }),
        ))
    }

    /// Keep the traces of this version of the document for the next one,
    /// with what they read.
    pub fn store(&mut self, key: TraceKey, file: Arc<SourceFile>, entries: Entries, reads: Reads) {
        let (texts, absent) = match reads.0 {
            Read::Kept { texts, absent } => (texts, absent),
            Read::Now(reads) => {
                let mut texts = Vec::new();
                let mut missing = Vec::new();
                for (path, text) in reads {
                    match text {
                        Some(t) => texts.push((path, t)),
                        None => missing.push(path),
                    }
                }
                (texts, Absent::of(missing))
            }
        };
        self.last = Some(Kept {
            key,
            file,
            entries,
            texts,
            absent,
        });
    }

    /// Forget what is kept.
    pub fn clear(&mut self) {
        self.last = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("exportlens-absent-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        dir
    }

    #[test]
    fn a_missing_file_that_appears_is_seen_through_its_folder() {
        let dir = folder("settled");
        // Past the racy window: the folder's stamp vouches for its files.
        std::thread::sleep(RACY + std::time::Duration::from_millis(50));
        let missing = vec![dir.join("m.py"), dir.join("pkg/sub/m.py")];
        let absent = Absent::of(missing.clone());
        assert!(absent.racy.is_empty());
        assert_eq!(absent.stamps.len(), 1, "{:?}", absent.stamps);
        assert!(absent.still(None));
        let open: OpenFn = Arc::new(|p: &Path| p.ends_with("m.py"));
        assert!(!absent.still(Some(&open)), "an open document counts");
        std::fs::create_dir_all(dir.join("pkg")).expect("a folder");
        assert!(!absent.still(None));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_folder_changed_just_now_does_not_vouch_for_its_files() {
        let dir = folder("racy");
        let absent = Absent::of(vec![dir.join("m.py")]);
        assert_eq!(absent.racy, vec![dir.join("m.py")]);
        assert!(absent.still(None));
        std::fs::write(dir.join("m.py"), "x = 1\n").expect("write");
        assert!(!absent.still(None));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
