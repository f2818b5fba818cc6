//! Python source text read from disk for the tracer's imports, kept for
//! the life of the process: a file is read again only when its size or
//! modification time changed. A language-server edit or a `check` over
//! many files then pays a `stat` per imported module instead of reading
//! and decoding every library file again, and equal texts come back as
//! the same `Arc`, which the tracer's parse caches compare by pointer.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, LazyLock, Mutex};
use std::time::SystemTime;

/// Files kept at most; past it the cache starts over.
const CAPACITY: usize = 8192;

/// A text and the metadata it was read under.
struct Cached {
    modified: Option<SystemTime>,
    len: u64,
    text: Arc<str>,
}

static CACHE: LazyLock<Mutex<HashMap<PathBuf, Cached>>> = LazyLock::new(Default::default);

/// The text of the regular file at `path` (invalid UTF-8 replaced), from
/// the cache when the file's size and modification time are unchanged;
/// `None` when it is missing, not a regular file, or larger than
/// `max_bytes`.
pub fn read_source(path: &Path, max_bytes: u64) -> Option<Arc<str>> {
    let meta = std::fs::metadata(path).ok()?;
    if !meta.is_file() || meta.len() > max_bytes {
        return None;
    }
    let modified = meta.modified().ok();
    let cache = CACHE.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(c) = cache.get(path)
        && c.len == meta.len()
        && c.modified == modified
        && modified.is_some()
    {
        return Some(c.text.clone());
    }
    drop(cache);
    let bytes = std::fs::read(path).ok()?;
    // Valid UTF-8 (the usual case) is taken as is, without a copy.
    let text: Arc<str> = match String::from_utf8(bytes) {
        Ok(s) => Arc::from(s),
        Err(e) => Arc::from(String::from_utf8_lossy(e.as_bytes()).into_owned()),
    };
    let mut cache = CACHE.lock().unwrap_or_else(|p| p.into_inner());
    if cache.len() >= CAPACITY {
        cache.clear();
    }
    cache.insert(
        path.to_path_buf(),
        Cached {
            modified,
            len: meta.len(),
            text: text.clone(),
        },
    );
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_changed_file_is_read_again_an_unchanged_one_is_shared() {
        let dir = std::env::temp_dir().join(format!("exportlens-sources-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("m.py");
        std::fs::write(&path, "x = 1\n").unwrap();
        let first = read_source(&path, 1 << 20).unwrap();
        let again = read_source(&path, 1 << 20).unwrap();
        assert!(Arc::ptr_eq(&first, &again));
        // A different size is a different file even within one clock tick.
        std::fs::write(&path, "x = 22\n").unwrap();
        assert_eq!(&*read_source(&path, 1 << 20).unwrap(), "x = 22\n");
        assert!(read_source(&path, 3).is_none(), "over the size limit");
        assert!(read_source(&dir, 1 << 20).is_none(), "a folder");
        assert!(read_source(&dir.join("missing.py"), 1 << 20).is_none());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn invalid_utf8_is_replaced() {
        let dir =
            std::env::temp_dir().join(format!("exportlens-sources-utf8-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("m.py");
        std::fs::write(&path, b"s = '\xff'\n").unwrap();
        assert_eq!(&*read_source(&path, 1 << 20).unwrap(), "s = '\u{fffd}'\n");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
