//! `--weights FILE`: a state dict read from `.safetensors` or from a torch
//! `.pt` checkpoint (`torch.save(model.state_dict(), ...)`), and its check
//! against the model before anything runs.
//!
//! A `.pt` is a zip archive: `*/data.pkl` is walked by candle's pickle
//! machine into plain data (it never calls what the pickle names, so a
//! checkpoint cannot run code), and each tensor's bytes are gathered from
//! its storage entry `*/data/N` by its offset, sizes and strides. The
//! archive is read with its offset fixed at 0: the zip crate's offset
//! detection rejects some of torch's zip64 archives. Only tensors are
//! taken; a file that holds a whole pickled module or no tensors is refused
//! with the reason.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;

use candle_core::DType as CDType;
use tracer::dtype::DType;

use crate::error::{Error, ErrorKind, Res};
use crate::exec::human_bytes;
use crate::value::{T, cpu};

/// Tensors by state-dict key.
#[derive(Debug)]
pub struct StateDict {
    /// The file, as the user named it.
    pub source: String,
    pub tensors: BTreeMap<String, T>,
}

fn weights_error(path: &str, why: impl std::fmt::Display) -> Error {
    Error::new(
        ErrorKind::Weights,
        format!("cannot read the weights in {path}: {why}"),
    )
}

fn torch_dtype(d: CDType) -> Option<DType> {
    Some(match d {
        CDType::U8 => DType::U8,
        CDType::U32 | CDType::I64 => DType::I64,
        CDType::I16 => DType::I16,
        CDType::I32 => DType::I32,
        CDType::BF16 => DType::BF16,
        CDType::F16 => DType::F16,
        CDType::F32 => DType::F32,
        CDType::F64 => DType::F64,
        _ => return None,
    })
}

fn wrap(path: &str, name: &str, t: candle_core::Tensor) -> Res<T> {
    let dt = torch_dtype(t.dtype()).ok_or_else(|| {
        weights_error(
            path,
            format!("`{name}` has dtype {:?}, which is not supported", t.dtype()),
        )
    })?;
    T::new(t, dt)
}

/// How torch's legacy (pre-1.6) format starts: pickle protocol 2, then
/// the 10-byte magic number as a LONG1.
const LEGACY_MAGIC: &[u8] = &[0x80, 0x02, 0x8a, 0x0a];

/// Read a state dict. Files larger than `max_bytes` are refused unread.
pub fn load(path: &Path, max_bytes: u64) -> Res<StateDict> {
    let shown = path.display().to_string();
    let meta = std::fs::metadata(path).map_err(|e| weights_error(&shown, e))?;
    if meta.len() > max_bytes {
        return Err(Error::new(
            ErrorKind::Memory,
            format!(
                "the weights file {shown} is {}, more than --max-memory ({})",
                human_bytes(meta.len() as u128),
                human_bytes(max_bytes as u128)
            ),
        ));
    }
    let mut head = [0u8; 8];
    let n = std::fs::File::open(path)
        .and_then(|mut f| f.read(&mut head))
        .map_err(|e| weights_error(&shown, e))?;
    let head = &head[..n];
    // A panic inside a reader on a hostile file must not take the tool down.
    let read = std::panic::catch_unwind(|| {
        if head.starts_with(b"PK\x03\x04") {
            read_pt(path, &shown, max_bytes)
        } else if head.starts_with(LEGACY_MAGIC) {
            Err(weights_error(
                &shown,
                "this is torch's legacy (pre-1.6) pickle format; save it again with torch.save(model.state_dict(), path) from a recent torch, or as .safetensors",
            ))
        } else {
            read_safetensors(path, &shown)
        }
    })
    .unwrap_or_else(|_| Err(weights_error(&shown, "the file is malformed")))?;
    if read.is_empty() {
        return Err(weights_error(
            &shown,
            "it holds no tensors (save `model.state_dict()`, not the module object)",
        ));
    }
    Ok(StateDict {
        source: shown,
        tensors: read,
    })
}

fn read_safetensors(path: &Path, shown: &str) -> Res<BTreeMap<String, T>> {
    let data = std::fs::read(path).map_err(|e| weights_error(shown, e))?;
    let map = candle_core::safetensors::load_buffer(&data, &cpu()).map_err(|e| {
        weights_error(
            shown,
            format!(
                "not a .safetensors file or a torch checkpoint ({})",
                first_line(&e.to_string())
            ),
        )
    })?;
    map.into_iter()
        .map(|(k, t)| Ok((k.clone(), wrap(shown, &k, t)?)))
        .collect()
}

fn read_pt(path: &Path, shown: &str, max_bytes: u64) -> Res<BTreeMap<String, T>> {
    use candle_core::pickle::{Object, Stack};
    let bad = |why: String| weights_error(shown, format!("not a torch checkpoint ({why})"));
    let file = std::fs::File::open(path).map_err(|e| weights_error(shown, e))?;
    let config = zip::read::Config {
        archive_offset: zip::read::ArchiveOffset::Known(0),
    };
    let mut archive = zip::ZipArchive::with_config(config, std::io::BufReader::new(file))
        .map_err(|e| bad(e.to_string()))?;
    let pkl = archive
        .file_names()
        .filter_map(Result::ok)
        .find(|n| n.ends_with("data.pkl"))
        .map(|n| n.into_owned())
        .ok_or_else(|| bad("no data.pkl in the archive".into()))?;
    let dir = pkl.strip_suffix(".pkl").unwrap_or(&pkl).to_string();
    let root = {
        let entry = archive.by_name(&pkl).map_err(|e| bad(e.to_string()))?;
        let mut stack = Stack::empty();
        stack
            .read_loop(&mut std::io::BufReader::new(entry))
            .map_err(|e| bad(first_line(&e.to_string())))?;
        stack
            .finalize()
            .map_err(|e| bad(first_line(&e.to_string())))?
    };
    let entries = |o: Object| match o {
        Object::Dict(items) => items,
        _ => Vec::new(),
    };
    let mut items = entries(root);
    // A training checkpoint often nests the state dict under a key.
    let nested = ["state_dict", "model"].iter().find_map(|key| {
        items.iter().position(|(k, v)| {
            matches!(k, Object::Unicode(s) if s == key) && matches!(v, Object::Dict(_))
        })
    });
    if let Some(i) = nested {
        items = entries(items.swap_remove(i).1);
    }
    let mut out = BTreeMap::new();
    for (key, value) in items {
        let shown_key = match &key {
            Object::Unicode(k) => k.clone(),
            _ => continue,
        };
        let info = match value.into_tensor_info(key, Path::new(&dir)) {
            Ok(Some(info)) => info,
            // Not a tensor (a number, a string): not part of a state dict.
            Ok(None) => continue,
            Err(e) => {
                return Err(bad(format!(
                    "`{shown_key}`: {}",
                    first_line(&e.to_string())
                )));
            }
        };
        let mut bytes = Vec::new();
        archive
            .by_name(&info.path)
            .map_err(|e| bad(format!("{}: {e}", info.path)))?
            .read_to_end(&mut bytes)
            .map_err(|e| weights_error(shown, e))?;
        let t = gather(&bytes, &info, max_bytes)
            .map_err(|why| bad(format!("`{}`: {why}", info.name)))?;
        out.insert(info.name.clone(), wrap(shown, &info.name, t)?);
    }
    Ok(out)
}

/// The tensor `info` describes, gathered element by element from its
/// storage bytes (any offset and strides, checked against the storage).
fn gather(
    storage: &[u8],
    info: &candle_core::pickle::TensorInfo,
    max_bytes: u64,
) -> Result<candle_core::Tensor, String> {
    let size = info.dtype.size_in_bytes();
    let dims = info.layout.dims();
    let strides = info.layout.stride();
    // The sizes come from the file: a hostile one may claim anything.
    let n = dims
        .iter()
        .try_fold(1usize, |acc, d| acc.checked_mul(*d))
        .filter(|n| n.checked_mul(size).is_some_and(|b| b as u64 <= max_bytes))
        .ok_or_else(|| format!("its sizes {dims:?} need more than --max-memory"))?;
    let mut data = Vec::with_capacity(n.saturating_mul(size).min(storage.len()));
    let mut index = vec![0usize; dims.len()];
    for _ in 0..n {
        // candle keeps the storage offset in bytes, strides in elements.
        let offset = index
            .iter()
            .zip(strides)
            .try_fold(0usize, |acc, (i, s)| acc.checked_add(i.checked_mul(*s)?))
            .and_then(|e| e.checked_mul(size))
            .and_then(|b| b.checked_add(info.layout.start_offset()))
            .filter(|b| b.checked_add(size).is_some_and(|end| end <= storage.len()))
            .ok_or("it points outside its storage")?;
        data.extend_from_slice(&storage[offset..offset + size]);
        for d in (0..dims.len()).rev() {
            index[d] += 1;
            if index[d] < dims[d] {
                break;
            }
            index[d] = 0;
        }
    }
    candle_core::Tensor::from_raw_buffer(&data, info.dtype, dims, &cpu()).map_err(|e| e.to_string())
}

fn first_line(s: &str) -> String {
    s.lines().next().unwrap_or_default().to_string()
}

/// What the model expects of a state dict: its keys in `state_dict()`
/// order and, where the program knows it, each tensor's shape.
pub struct Expected {
    pub model: String,
    pub keys: Vec<(String, Option<Vec<usize>>)>,
}

/// Check a state dict against the model as torch's strict
/// `load_state_dict` does: every key present, no extra key, every shape
/// equal. All problems are listed at once; nothing runs on a partial load.
pub fn check(sd: &StateDict, expected: &Expected) -> Res<()> {
    let mut problems = Vec::new();
    let missing: Vec<&str> = expected
        .keys
        .iter()
        .filter(|(k, _)| !sd.tensors.contains_key(k))
        .map(|(k, _)| k.as_str())
        .collect();
    if !missing.is_empty() {
        problems.push(format!("missing key(s): {}", missing.join(", ")));
    }
    let extra: Vec<&str> = sd
        .tensors
        .keys()
        .filter(|k| !expected.keys.iter().any(|(e, _)| e == *k))
        .map(String::as_str)
        .collect();
    if !extra.is_empty() {
        problems.push(format!("unexpected key(s): {}", extra.join(", ")));
    }
    for (k, shape) in &expected.keys {
        if let (Some(t), Some(want)) = (sd.tensors.get(k), shape)
            && t.dims() != want.as_slice()
        {
            problems.push(format!(
                "size mismatch for {k}: {:?} in the file, {want:?} in the model",
                t.dims()
            ));
        }
    }
    if problems.is_empty() {
        return Ok(());
    }
    Err(Error::new(
        ErrorKind::Weights,
        format!(
            "the weights in {} do not fit {} (nothing ran):\n  {}",
            sd.source,
            expected.model,
            problems.join("\n  ")
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sd(entries: &[(&str, &[usize])]) -> StateDict {
        StateDict {
            source: "w.safetensors".into(),
            tensors: entries
                .iter()
                .map(|(k, s)| {
                    let n = s.iter().product();
                    (
                        k.to_string(),
                        T::from_f64(vec![0.5; n], s, DType::F32).unwrap(),
                    )
                })
                .collect(),
        }
    }

    fn expected(keys: &[(&str, &[usize])]) -> Expected {
        Expected {
            model: "M".into(),
            keys: keys
                .iter()
                .map(|(k, s)| (k.to_string(), Some(s.to_vec())))
                .collect(),
        }
    }

    #[test]
    fn a_matching_state_dict_passes() {
        let e = expected(&[("l.weight", &[4, 3]), ("l.bias", &[4])]);
        assert!(check(&sd(&[("l.weight", &[4, 3]), ("l.bias", &[4])]), &e).is_ok());
    }

    #[test]
    fn every_problem_is_listed_at_once() {
        let e = expected(&[("l.weight", &[4, 3]), ("l.bias", &[4])]);
        let err = check(&sd(&[("l.weight", &[4, 2]), ("extra.w", &[1])]), &e).unwrap_err();
        assert_eq!(err.kind, ErrorKind::Weights);
        let m = err.message;
        assert!(m.contains("missing key(s): l.bias"), "{m}");
        assert!(m.contains("unexpected key(s): extra.w"), "{m}");
        assert!(
            m.contains("size mismatch for l.weight: [4, 2] in the file, [4, 3] in the model"),
            "{m}"
        );
        assert!(m.contains("nothing ran"), "{m}");
    }
}
