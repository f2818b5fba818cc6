//! `check --fix` on disk. Fixes are computed as edits of the analysed text
//! (the file's bytes read as UTF-8, each invalid sequence as one U+FFFD);
//! [`Original::apply`] applies them to the file's bytes instead, so nothing
//! outside an edit changes: the bytes of a `# -*- coding: latin-1 -*-`
//! file, stray non-UTF-8 bytes, each line's own line ending (a line the
//! fix inserts ends as the line it is inserted into does). [`replace`]
//! writes the result to a temporary file beside the original, flushes it
//! to disk, gives it the original's permissions (and owner, where allowed)
//! and renames it over the original: a full disk, a file-size limit or a
//! kill mid-write leaves the original as it was. A symbolic link stays a
//! link: its target is replaced.

use std::ffi::OsString;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use anyhow::{Context, Result, anyhow};
use export::fixes::TextEdit;

/// A file's bytes and the text the analysis reads.
pub struct Original {
    pub bytes: Vec<u8>,
    pub text: String,
    /// The invalid UTF-8 sequences, in order, each a U+FFFD of `text`.
    replaced: Vec<Replaced>,
}

/// An invalid UTF-8 sequence: `len` bytes at `byte`, one U+FFFD at `text`.
struct Replaced {
    text: usize,
    byte: usize,
    len: usize,
}

const REPLACEMENT_LEN: usize = char::REPLACEMENT_CHARACTER.len_utf8();

impl Original {
    /// Decodes `bytes` as `String::from_utf8_lossy` does, remembering where
    /// each replacement stands.
    pub fn new(bytes: Vec<u8>) -> Self {
        let mut text = String::with_capacity(bytes.len());
        let mut replaced = Vec::new();
        let mut byte = 0;
        for chunk in bytes.utf8_chunks() {
            text.push_str(chunk.valid());
            byte += chunk.valid().len();
            let invalid = chunk.invalid().len();
            if invalid > 0 {
                replaced.push(Replaced {
                    text: text.len(),
                    byte,
                    len: invalid,
                });
                text.push(char::REPLACEMENT_CHARACTER);
                byte += invalid;
            }
        }
        Original {
            bytes,
            text,
            replaced,
        }
    }

    /// The byte offset of text offset `at`; `None` inside a U+FFFD that
    /// stands for invalid bytes.
    fn byte_offset(&self, at: usize) -> Option<usize> {
        let before = self.replaced.partition_point(|r| r.text < at);
        let Some(r) = before.checked_sub(1).map(|i| &self.replaced[i]) else {
            return Some(at);
        };
        let after = r.text + REPLACEMENT_LEN;
        (at >= after).then(|| r.byte + r.len + (at - after))
    }

    /// The file's bytes with `edits` (offsets into `text`) applied; edits
    /// that overlap a later one or fall outside the text are left out, as
    /// `export::fixes::apply_edits` leaves them. An error when an edit
    /// cannot be made without changing bytes it does not replace: it
    /// starts or ends inside an invalid sequence, its text holds a U+FFFD
    /// (bytes the analysis could not read), or it is not ASCII in a file
    /// that declares an encoding other than UTF-8.
    pub fn apply(&self, edits: &[TextEdit]) -> Result<Vec<u8>> {
        let mut sorted: Vec<(usize, &TextEdit)> = edits.iter().enumerate().collect();
        sorted.sort_by_key(|(i, e)| std::cmp::Reverse((e.range.start, e.range.end, *i)));
        let foreign = declared_encoding(&self.bytes).filter(|e| !is_utf8_name(e));
        let mut out = self.bytes.clone();
        let mut limit = usize::MAX;
        for (_, e) in sorted {
            let (s, t) = (e.range.start as usize, e.range.end as usize);
            if t > limit || s > t || t > self.text.len() {
                continue;
            }
            let (Some(bs), Some(bt)) = (self.byte_offset(s), self.byte_offset(t)) else {
                return Err(anyhow!("the fix would split bytes that are not UTF-8"));
            };
            if !self.text.is_char_boundary(s) || !self.text.is_char_boundary(t) {
                continue;
            }
            if e.new_text.contains(char::REPLACEMENT_CHARACTER) {
                return Err(anyhow!(
                    "the fix would write bytes that are not UTF-8, which it cannot reproduce"
                ));
            }
            if let Some(encoding) = &foreign
                && !e.new_text.is_ascii()
            {
                return Err(anyhow!(
                    "the fix is not ASCII and the file is in {encoding}, not UTF-8"
                ));
            }
            let newline = line_ending_at(&self.bytes, bs);
            let new = e.new_text.replace('\n', newline);
            out.splice(bs..bt, new.into_bytes());
            limit = s;
        }
        Ok(out)
    }
}

/// The line ending of the line holding byte `at`: the line's own, else
/// (a last line without one) the previous line's, else `\n`.
fn line_ending_at(bytes: &[u8], at: usize) -> &'static str {
    let ending = |i: usize| match bytes[i] {
        b'\r' if bytes.get(i + 1) == Some(&b'\n') => "\r\n",
        b'\r' => "\r",
        _ => "\n",
    };
    let at = at.min(bytes.len());
    if let Some(i) = bytes[at..].iter().position(|&b| b == b'\n' || b == b'\r') {
        return ending(at + i);
    }
    match bytes[..at].iter().rposition(|&b| b == b'\n' || b == b'\r') {
        Some(i) if bytes[i] == b'\n' && i > 0 && bytes[i - 1] == b'\r' => "\r\n",
        Some(i) => ending(i),
        None => "\n",
    }
}

/// The encoding a PEP 263 comment on the first or second line declares.
fn declared_encoding(bytes: &[u8]) -> Option<String> {
    let mut rest = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    for _ in 0..2 {
        let end = rest
            .iter()
            .position(|&b| b == b'\n' || b == b'\r')
            .unwrap_or(rest.len());
        if let Some(name) = coding_comment(&rest[..end]) {
            return Some(name);
        }
        let skip = if rest[end..].starts_with(b"\r\n") {
            2
        } else {
            1
        };
        rest = rest.get(end + skip..)?;
    }
    None
}

/// The encoding name of a `# ... coding: NAME` or `coding=NAME` line.
fn coding_comment(line: &[u8]) -> Option<String> {
    let code = line.trim_ascii_start().strip_prefix(b"#")?;
    let at = code.windows(6).position(|w| w == b"coding")?;
    let rest = &code[at + 6..];
    let rest = rest
        .strip_prefix(b":")
        .or_else(|| rest.strip_prefix(b"="))?;
    let name: Vec<u8> = rest
        .trim_ascii_start()
        .iter()
        .copied()
        .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
        .collect();
    (!name.is_empty()).then(|| String::from_utf8_lossy(&name).into_owned())
}

/// Whether Python reads an encoding name as UTF-8.
fn is_utf8_name(name: &str) -> bool {
    let n = name.to_ascii_lowercase().replace('_', "-");
    n == "utf-8" || n == "utf8" || n.starts_with("utf-8-")
}

/// Replaces the contents of `path` with `bytes` (see the module doc).
pub fn replace(path: &Path, bytes: &[u8]) -> Result<()> {
    replace_with(path, bytes, |file, bytes| file.write_all(bytes))
}

/// [`replace`], the contents written into the temporary file by `write`
/// (tests make it fail).
pub fn replace_with(
    path: &Path,
    bytes: &[u8],
    write: impl FnOnce(&mut File, &[u8]) -> io::Result<()>,
) -> Result<()> {
    let cannot = || format!("cannot write {}", path.display());
    let target = fs::canonicalize(path).with_context(cannot)?;
    let meta = fs::metadata(&target).with_context(cannot)?;
    // The permission to write the file itself, which a rename would not
    // ask for: a read-only or immutable file is refused, not replaced.
    OpenOptions::new()
        .write(true)
        .open(&target)
        .with_context(cannot)?;
    let (tmp_path, mut tmp) = temporary_beside(&target).with_context(cannot)?;
    let written = (|| -> io::Result<()> {
        keep_owner(&tmp, &meta);
        tmp.set_permissions(meta.permissions())?;
        write(&mut tmp, bytes)?;
        tmp.sync_all()?;
        drop(tmp);
        fs::rename(&tmp_path, &target)
    })();
    if let Err(e) = written {
        let _ = fs::remove_file(&tmp_path);
        return Err(e).with_context(cannot);
    }
    Ok(())
}

/// A new file in `target`'s folder, named after it.
fn temporary_beside(target: &Path) -> io::Result<(PathBuf, File)> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let folder = target.parent().unwrap_or(Path::new("."));
    let name = target.file_name().unwrap_or_default();
    loop {
        let mut tmp_name = OsString::from(".");
        tmp_name.push(name);
        tmp_name.push(format!(
            ".exportlens-fix-{}-{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        let tmp_path = folder.join(tmp_name);
        match OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp_path)
        {
            Ok(file) => return Ok((tmp_path, file)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
}

/// Gives the new file the original's owner and group where the process
/// may (root, or a group it belongs to); otherwise it keeps the creator's.
#[cfg(unix)]
fn keep_owner(file: &File, meta: &fs::Metadata) {
    use std::os::unix::fs::MetadataExt;
    let _ = std::os::unix::fs::fchown(file, Some(meta.uid()), Some(meta.gid()));
}

#[cfg(not(unix))]
fn keep_owner(_: &File, _: &fs::Metadata) {}

#[cfg(test)]
mod tests {
    use super::*;
    use syntax::TextRange;
    use tracer::SourceFile;

    /// The model of ../shared/reliability's `--fix` reproducers: torch
    /// suggests `dy = dx` and `df = 16`.
    const SPEC_LINE: &str = "dx, dy, df = Dim(\"dx\"), Dim(\"dy\"), Dim(\"df\")";

    fn model(head: &[u8], nl: &str) -> Vec<u8> {
        let mut out = head.to_vec();
        for line in [
            "import torch",
            "from torch.export import Dim",
            SPEC_LINE,
            "dynamic_shapes = {\"x\": {0: dx, 1: df}, \"y\": {0: dy, 1: df}}",
        ] {
            out.extend_from_slice(line.as_bytes());
            out.extend_from_slice(nl.as_bytes());
        }
        out
    }

    /// `bytes` fixed as `check --fix` fixes them.
    fn fixed(bytes: &[u8]) -> Vec<u8> {
        let original = Original::new(bytes.to_vec());
        let file = SourceFile::parse("t.py", &original.text);
        let fixes = ["dy = dx".to_string(), "df = 16".to_string()];
        let edits = export::fixes::fix_edits(&file, &fixes);
        assert_eq!(edits.len(), 2, "{edits:?}");
        original.apply(&edits).expect("a faithful fix")
    }

    /// `bytes` with `insert` right after the spec line's text.
    fn with_inserted(bytes: &[u8], insert: &str) -> Vec<u8> {
        let at = bytes
            .windows(SPEC_LINE.len())
            .position(|w| w == SPEC_LINE.as_bytes())
            .unwrap()
            + SPEC_LINE.len();
        [&bytes[..at], insert.as_bytes(), &bytes[at..]].concat()
    }

    #[test]
    fn only_the_spec_changes_whatever_the_encoding() {
        let heads: [&[u8]; 4] = [
            b"# -*- coding: latin-1 -*-\n\"\"\"Caf\xe9 na\xefve \xa9\"\"\"\n",
            b"\"\"\"Stray bytes.\"\"\"  # \xff\xfe legacy\n",
            "\u{feff}\"\"\"A BOM and UTF-8: caf\u{e9} \u{1F600}\"\"\"\n".as_bytes(),
            b"x = 1  # \xc3 a cut sequence, then \xe2\x82\n",
        ];
        for head in heads {
            let before = model(head, "\n");
            assert_eq!(
                fixed(&before),
                with_inserted(&before, "\ndy = dx\ndf = 16"),
                "{}",
                String::from_utf8_lossy(head)
            );
        }
    }

    #[test]
    fn inserted_lines_end_as_their_line_does() {
        for nl in ["\r\n", "\n", "\r"] {
            let before = model(b"", nl);
            assert_eq!(
                fixed(&before),
                with_inserted(&before, &format!("{nl}dy = dx{nl}df = 16")),
                "{nl:?}"
            );
        }
        // Mixed: the spec's line is CRLF, its neighbours LF; only that
        // line's ending is used and no other line's changes.
        let mut mixed = model(b"", "\n");
        let at = mixed
            .windows(SPEC_LINE.len())
            .position(|w| w == SPEC_LINE.as_bytes())
            .unwrap()
            + SPEC_LINE.len();
        mixed.insert(at, b'\r');
        assert_eq!(
            fixed(&mixed),
            with_inserted(&mixed, "\r\ndy = dx\r\ndf = 16")
        );
        // A last line without an ending takes the previous line's.
        let last = format!("import torch\r\nfrom torch.export import Dim\r\n{SPEC_LINE}");
        assert_eq!(
            fixed(last.as_bytes()),
            format!("{last}\r\ndy = dx\r\ndf = 16").into_bytes()
        );
    }

    #[test]
    fn refuses_edits_it_cannot_make_faithfully() {
        for bytes in [
            &b"a\xff\xfeb"[..],
            b"\xe2\x82",
            b"\xf0\x9f\x98\x80\xc3",
            b"ok",
        ] {
            assert_eq!(
                Original::new(bytes.to_vec()).text,
                String::from_utf8_lossy(bytes),
                "the text the analysis reads"
            );
        }
        // A cut three-byte sequence: one U+FFFD.
        let original = Original::new(b"a = \xe2\x82\nb = 1\n".to_vec());
        assert_eq!(original.text, "a = \u{fffd}\nb = 1\n");
        let edit = |s: u32, t: u32, new: &str| TextEdit {
            range: TextRange::new(s, t),
            new_text: new.to_string(),
        };
        // Replacing the whole invalid sequence is faithful to the rest.
        assert_eq!(
            original.apply(&[edit(4, 7, "2")]).unwrap(),
            b"a = 2\nb = 1\n"
        );
        assert!(original.apply(&[edit(5, 7, "2")]).is_err());
        assert!(original.apply(&[edit(0, 1, "\u{fffd}")]).is_err());
        let latin1 = Original::new(b"# coding: latin-1\nb = 1\n".to_vec());
        assert!(latin1.apply(&[edit(18, 19, "\u{e9}")]).is_err());
        assert_eq!(
            latin1.apply(&[edit(18, 19, "c")]).unwrap(),
            b"# coding: latin-1\nc = 1\n"
        );
        assert_eq!(
            declared_encoding(b"#!/usr/bin/env python\r\n# vim: set fileencoding=cp1252 :\r\n"),
            Some("cp1252".to_string())
        );
        assert_eq!(declared_encoding(b"x = 1\n\n# coding: latin-1\n"), None);
        let utf8 = Original::new(b"# -*- coding: utf-8 -*-\nb = 1\n".to_vec());
        assert!(utf8.apply(&[edit(24, 25, "\u{e9}")]).is_ok());
    }

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("exportlens-fix-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn listing(dir: &Path) -> Vec<OsString> {
        let mut names: Vec<OsString> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_failed_write_leaves_the_original_byte_identical() {
        let dir = scratch("failing");
        let path = dir.join("m.py");
        let before = model(b"# \xff\n", "\r\n");
        fs::write(&path, &before).unwrap();
        let after = fixed(&before);
        // A disk that fills up half-way through the new contents.
        let err = replace_with(&path, &after, |file, bytes| {
            file.write_all(&bytes[..bytes.len() / 2])?;
            Err(io::Error::from_raw_os_error(28))
        })
        .unwrap_err();
        assert!(format!("{err:#}").starts_with(&format!("cannot write {}", path.display())));
        assert_eq!(fs::read(&path).unwrap(), before);
        assert_eq!(listing(&dir), [OsString::from("m.py")], "temporary left");
        // The same write, allowed to finish.
        replace(&path, &after).unwrap();
        assert_eq!(fs::read(&path).unwrap(), after);
        assert_eq!(listing(&dir), [OsString::from("m.py")]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn keeps_permissions_and_links() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch("perms");
        let real = dir.join("real.py");
        fs::write(&real, "x = 1\n").unwrap();
        fs::set_permissions(&real, fs::Permissions::from_mode(0o640)).unwrap();
        let link = dir.join("link.py");
        std::os::unix::fs::symlink("real.py", &link).unwrap();
        replace(&link, b"x = 2\n").unwrap();
        assert!(fs::symlink_metadata(&link).unwrap().is_symlink());
        assert_eq!(fs::read(&real).unwrap(), b"x = 2\n");
        let mode = fs::metadata(&real).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
        assert!(replace(&dir.join("missing.py"), b"x").is_err());
        fs::remove_dir_all(&dir).unwrap();
    }
}
