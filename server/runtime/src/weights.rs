//! `--weights FILE`: a state dict read from `.safetensors` or from a torch
//! `.pt` checkpoint (`torch.save(model.state_dict(), ...)`), and its check
//! against the model before anything runs.
//!
//! A `.pt` is a zip archive: `*/data.pkl` is read by the crate's own
//! bounded pickle reader ([`crate::pickle`]: plain data, nothing it names
//! is called, so a checkpoint cannot run code; nesting, memo expansion and
//! the bytes it holds are bounded), and each tensor is described by its
//! storage entry `*/data/N`, offset, sizes and strides. Every description
//! is validated before any tensor memory is allocated: as many strides as
//! sizes, nothing negative, every element inside the storage's real bytes
//! (checked arithmetic: an offset of 2^62 does not wrap), and all tensors
//! together within `--max-memory` (a stride-0 view of one stored element
//! may claim gigabytes). Tensors are gathered from their storage only when
//! a run asks for them, after the state dict has been checked against the
//! model, so a key the model does not have never costs memory. The
//! archive is read with its offset fixed at 0: the zip crate's offset
//! detection rejects some of torch's zip64 archives. Only tensors are
//! taken; a file that holds a whole pickled module or no tensors is refused
//! with the reason.

use std::collections::{BTreeMap, HashMap};
use std::io::Read;
use std::path::Path;
use std::rc::Rc;

use candle_core::DType as CDType;
use tracer::dtype::DType;

use crate::error::{Error, ErrorKind, Res};
use crate::exec::human_bytes;
use crate::pickle::{self, Id, Obj, Pickle};
use crate::value::{T, cpu};

/// Tensors by state-dict key.
#[derive(Debug)]
pub struct StateDict {
    /// The file, as the user named it.
    pub source: String,
    entries: BTreeMap<String, Entry>,
}

#[derive(Debug)]
enum Entry {
    /// Read whole (safetensors).
    Ready(T),
    /// A validated view of a checkpoint storage, gathered on demand.
    Stored(Stored),
}

#[derive(Debug)]
struct Stored {
    storage: Rc<Vec<u8>>,
    dtype: DType,
    cdtype: CDType,
    /// Element offset, sizes and strides, validated against `storage`.
    offset: usize,
    size: Vec<usize>,
    stride: Vec<usize>,
}

impl StateDict {
    /// A state dict of tensors already in memory.
    pub fn from_tensors(source: String, tensors: BTreeMap<String, T>) -> StateDict {
        StateDict {
            source,
            entries: tensors
                .into_iter()
                .map(|(k, t)| (k, Entry::Ready(t)))
                .collect(),
        }
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The keys, sorted.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.entries.keys().map(String::as_str)
    }

    pub fn contains(&self, key: &str) -> bool {
        self.entries.contains_key(key)
    }

    /// The sizes of `key`'s tensor, known without reading it.
    pub fn dims(&self, key: &str) -> Option<&[usize]> {
        self.entries.get(key).map(|e| match e {
            Entry::Ready(t) => t.dims(),
            Entry::Stored(s) => s.size.as_slice(),
        })
    }

    /// `key`'s tensor, gathered from its storage when it is a view.
    pub fn tensor(&self, key: &str) -> Res<Option<T>> {
        match self.entries.get(key) {
            None => Ok(None),
            Some(Entry::Ready(t)) => Ok(Some(t.clone())),
            Some(Entry::Stored(s)) => s
                .gather()
                .map(Some)
                .map_err(|why| weights_error(&self.source, format!("`{key}`: {why}"))),
        }
    }
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

/// Read a state dict within `max_bytes` (`--max-memory`): files larger
/// are refused unread, and so are checkpoints whose tensors would need
/// more in all.
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
        entries: read,
    })
}

fn read_safetensors(path: &Path, shown: &str) -> Res<BTreeMap<String, Entry>> {
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
        .map(|(k, t)| Ok((k.clone(), Entry::Ready(wrap(shown, &k, t)?))))
        .collect()
}

/// torch's storage classes (`torch.FloatStorage`, ...): the dtype of the
/// elements and the candle dtype their bytes are read as.
const STORAGES: &[(&str, DType, CDType)] = &[
    ("FloatStorage", DType::F32, CDType::F32),
    ("DoubleStorage", DType::F64, CDType::F64),
    ("HalfStorage", DType::F16, CDType::F16),
    ("BFloat16Storage", DType::BF16, CDType::BF16),
    ("ByteStorage", DType::U8, CDType::U8),
    ("BoolStorage", DType::Bool, CDType::U8),
    ("ShortStorage", DType::I16, CDType::I16),
    ("IntStorage", DType::I32, CDType::I32),
    ("LongStorage", DType::I64, CDType::I64),
];

/// How torch's rebuild functions wrap `_rebuild_tensor_v2`'s arguments.
#[derive(Clone, Copy)]
enum Rebuild {
    /// `_rebuild_tensor_v2(storage, offset, size, stride, ...)`.
    Tensor,
    /// The tensor is argument `i`, itself a rebuild call.
    Wraps(usize),
    /// `_rebuild_from_type_v2(func, type, args, state)`: `func(*args)`.
    FromType,
}

const REBUILDS: &[(&str, &str, Rebuild)] = &[
    ("torch._utils", "_rebuild_tensor_v2", Rebuild::Tensor),
    ("torch._utils", "_rebuild_parameter", Rebuild::Wraps(0)),
    (
        "torch._utils",
        "_rebuild_parameter_with_state",
        Rebuild::Wraps(0),
    ),
    ("torch._tensor", "_rebuild_from_type_v2", Rebuild::FromType),
];

/// A tensor as the pickle describes it, before its storage is read.
struct TensorRef {
    storage_key: String,
    dtype: DType,
    cdtype: CDType,
    /// The element count the persistent id declares for the storage.
    storage_numel: u64,
    offset: u64,
    size: Vec<u64>,
    stride: Vec<u64>,
}

impl TensorRef {
    fn elem(&self) -> u64 {
        self.cdtype.size_in_bytes() as u64
    }

    fn numel(&self) -> Option<u64> {
        self.size.iter().try_fold(1u64, |a, d| a.checked_mul(*d))
    }
}

fn shown_ints(v: &[u64]) -> String {
    let parts: Vec<String> = v.iter().map(u64::to_string).collect();
    if parts.len() == 1 {
        format!("({},)", parts[0])
    } else {
        format!("({})", parts.join(", "))
    }
}

fn int_of(pk: &Pickle, id: Id, what: &str) -> Result<u64, String> {
    match pk.get(id) {
        Obj::Int(v) if *v >= 0 => Ok(*v as u64),
        Obj::Int(v) => Err(format!("its {what} {v} is negative")),
        Obj::BigInt => Err(format!("its {what} does not fit in 64 bits")),
        other => Err(format!("its {what} is a {}, not an int", other.kind())),
    }
}

fn ints_of(pk: &Pickle, id: Id, what: &str) -> Result<Vec<u64>, String> {
    let items = pk
        .items(id)
        .ok_or_else(|| format!("its {what} is a {}, not a tuple", pk.get(id).kind()))?;
    items.iter().map(|i| int_of(pk, *i, what)).collect()
}

/// The tensor `id` rebuilds, if it is one (`Ok(None)`: not a tensor).
fn tensor_ref(pk: &Pickle, id: Id) -> Result<Option<TensorRef>, String> {
    let mut cur = id;
    // Each wrapper unwraps one call; a chain longer than torch writes is
    // not a tensor.
    for _ in 0..REBUILDS.len() {
        let Obj::Call { func, args } = pk.get(cur) else {
            return Ok(None);
        };
        let Obj::Global { module, name } = pk.get(*func) else {
            return Ok(None);
        };
        let Some((_, _, how)) = REBUILDS.iter().find(|(m, n, _)| m == module && n == name) else {
            return Ok(None);
        };
        let items = pk.items(*args).unwrap_or_default();
        match how {
            Rebuild::Tensor => return rebuild_args(pk, items).map(Some),
            Rebuild::Wraps(i) => {
                cur = *items
                    .get(*i)
                    .ok_or("its rebuild call has too few arguments")?;
            }
            Rebuild::FromType => {
                let (Some(f), Some(inner)) = (items.first(), items.get(2)) else {
                    return Err("its rebuild call has too few arguments".into());
                };
                let is_v2 = matches!(pk.get(*f), Obj::Global { module, name }
                    if module == "torch._utils" && name == "_rebuild_tensor_v2");
                if !is_v2 {
                    return Ok(None);
                }
                return rebuild_args(pk, pk.items(*inner).unwrap_or_default()).map(Some);
            }
        }
    }
    Ok(None)
}

/// `_rebuild_tensor_v2(storage, storage_offset, size, stride, ...)` with
/// the storage a persistent id `("storage", torch.XStorage, key, location,
/// numel)`.
fn rebuild_args(pk: &Pickle, args: &[Id]) -> Result<TensorRef, String> {
    if args.len() < 4 {
        return Err(format!(
            "_rebuild_tensor_v2 has {} arguments, not at least 4",
            args.len()
        ));
    }
    let Obj::PersId(pid) = pk.get(args[0]) else {
        return Err(format!(
            "its storage is a {}, not a persistent id",
            pk.get(args[0]).kind()
        ));
    };
    let pid = pk.items(*pid).unwrap_or_default();
    if pid.len() < 5 || pk.str(pid[0]) != Some("storage") {
        return Err("its storage's persistent id is not torch's".into());
    }
    let (dtype, cdtype) = match pk.get(pid[1]) {
        Obj::Global { module, name } if module == "torch" => STORAGES
            .iter()
            .find(|(n, _, _)| n == name)
            .map(|(_, d, c)| (*d, *c))
            .ok_or_else(|| format!("its storage type torch.{name} is not supported"))?,
        _ => return Err("its storage type is not one of torch's".into()),
    };
    let storage_key = pk
        .str(pid[2])
        .ok_or("its storage key is not a string")?
        .to_string();
    Ok(TensorRef {
        storage_key,
        dtype,
        cdtype,
        storage_numel: int_of(pk, pid[4], "storage size")?,
        offset: int_of(pk, args[1], "storage offset")?,
        size: ints_of(pk, args[2], "size")?,
        stride: ints_of(pk, args[3], "stride")?,
    })
}

/// The checks that need no storage bytes; the tensor's byte size.
fn check_shape(r: &TensorRef) -> Result<u128, String> {
    if r.size.len() != r.stride.len() {
        return Err(format!(
            "its size {} has {} dims but its stride {} has {}",
            shown_ints(&r.size),
            r.size.len(),
            shown_ints(&r.stride),
            r.stride.len()
        ));
    }
    let numel = r.numel().filter(|n| *n <= i64::MAX as u64).ok_or_else(|| {
        format!(
            "its size {} has more elements than int64 holds",
            shown_ints(&r.size)
        )
    })?;
    Ok(u128::from(numel) * u128::from(r.elem()))
}

/// Every element of the view inside the storage's `bytes`, and the
/// storage as large as its persistent id declares.
fn check_extent(r: &TensorRef, bytes: usize) -> Result<(), String> {
    let elem = u128::from(r.elem());
    let have = bytes as u128 / elem;
    if u128::from(r.storage_numel) > have {
        return Err(format!(
            "its storage is declared as {} elements but the archive holds {bytes} bytes",
            r.storage_numel
        ));
    }
    if r.numel() == Some(0) {
        return Ok(());
    }
    // The last element the view reaches, in u128: no sum of u64 products
    // of this many dims can overflow it past detection (saturating).
    let last = r
        .size
        .iter()
        .zip(&r.stride)
        .fold(u128::from(r.offset), |acc, (d, s)| {
            acc.saturating_add(u128::from(d - 1).saturating_mul(u128::from(*s)))
        });
    if u128::from(r.offset) >= have {
        return Err(format!(
            "its storage offset {} lies outside its storage of {have} elements",
            r.offset
        ));
    }
    if last >= have {
        return Err(format!(
            "its size {} and stride {} from offset {} reach element {last}, but its storage holds {have} elements",
            shown_ints(&r.size),
            shown_ints(&r.stride),
            r.offset
        ));
    }
    Ok(())
}

/// Read a zip entry of at most `limit` bytes; `None` when it is longer.
fn read_entry<R: Read + std::io::Seek>(
    archive: &mut zip::ZipArchive<R>,
    name: &str,
    limit: u64,
) -> Result<Option<Vec<u8>>, String> {
    let entry = archive.by_name(name).map_err(|e| format!("{name}: {e}"))?;
    // Reserve what a stored (uncompressed) entry holds, as the archive
    // declares it and no more than the limit: the bytes are in the file.
    let mut out = Vec::new();
    if entry.compression() == zip::CompressionMethod::Stored {
        let declared = entry.size().min(entry.compressed_size()).min(limit);
        out.try_reserve_exact(declared as usize)
            .map_err(|_| format!("{name}: cannot allocate {}", human_bytes(declared.into())))?;
    }
    entry
        .take(limit.saturating_add(1))
        .read_to_end(&mut out)
        .map_err(|e| format!("{name}: {e}"))?;
    Ok((out.len() as u64 <= limit).then_some(out))
}

fn read_pt(path: &Path, shown: &str, max_bytes: u64) -> Res<BTreeMap<String, Entry>> {
    let bad = |why: String| weights_error(shown, format!("not a torch checkpoint ({why})"));
    let malformed = |name: &str, why: String| {
        weights_error(shown, format!("the tensor `{name}` is malformed: {why}"))
    };
    let over = |what: String| {
        Error::new(
            ErrorKind::Memory,
            format!(
                "cannot read the weights in {shown}: {what}, more than --max-memory allows ({})",
                human_bytes(max_bytes as u128)
            ),
        )
    };
    let pickle_over = |what: String| {
        Error::new(
            ErrorKind::Memory,
            format!(
                "cannot read the weights in {shown}: {what}; a checkpoint's pickle may take an eighth of --max-memory ({})",
                human_bytes(max_bytes as u128)
            ),
        )
    };
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
    let limits = pickle::Limits::within(max_bytes);
    let data = read_entry(&mut archive, &pkl, limits.max_bytes)
        .map_err(bad)?
        .ok_or_else(|| {
            pickle_over(format!(
                "its pickle ({pkl}) is larger than {}",
                human_bytes(limits.max_bytes as u128)
            ))
        })?;
    let pk = pickle::read(&data, limits).map_err(|e| {
        if e.over_budget {
            pickle_over(format!("its pickle ({pkl}) is refused: {e}"))
        } else {
            weights_error(shown, format!("its pickle ({pkl}) is refused: {e}"))
        }
    })?;
    drop(data);
    let dict_items = |id: Id| match pk.get(id) {
        Obj::Dict(items) => items.as_slice(),
        _ => &[],
    };
    let mut items = dict_items(pk.root);
    // A training checkpoint often nests the state dict under a key.
    let nested = ["state_dict", "model"].iter().find_map(|key| {
        items
            .iter()
            .find(|(k, v)| pk.str(*k) == Some(key) && matches!(pk.get(*v), Obj::Dict(_)))
    });
    if let Some((_, v)) = nested {
        items = dict_items(*v);
    }
    let mut refs = Vec::new();
    let mut total: u128 = 0;
    for (key, value) in items {
        // Not a string key, or not a tensor (a number, a string): not part
        // of a state dict.
        let Some(name) = pk.str(*key) else { continue };
        let r = match tensor_ref(&pk, *value) {
            Ok(Some(r)) => r,
            Ok(None) => continue,
            Err(why) => return Err(malformed(name, why)),
        };
        let bytes = check_shape(&r).map_err(|why| malformed(name, why))?;
        total = total.saturating_add(bytes);
        refs.push((name.to_string(), r));
    }
    if total > u128::from(max_bytes) {
        return Err(over(format!(
            "its tensors take {} in all",
            human_bytes(total)
        )));
    }
    let mut storages: HashMap<String, Rc<Vec<u8>>> = HashMap::new();
    let mut read_bytes: u64 = 0;
    let mut out = BTreeMap::new();
    for (name, r) in refs {
        let storage = match storages.get(&r.storage_key) {
            Some(s) => s.clone(),
            None => {
                let entry = format!("{dir}/{}", r.storage_key);
                let left = max_bytes.saturating_sub(read_bytes);
                let bytes = read_entry(&mut archive, &entry, left)
                    .map_err(|why| bad(format!("`{name}`: {why}")))?
                    .ok_or_else(|| {
                        over(format!(
                            "its storages take more than {}",
                            human_bytes(u128::from(max_bytes))
                        ))
                    })?;
                read_bytes += bytes.len() as u64;
                let s = Rc::new(bytes);
                storages.insert(r.storage_key.clone(), s.clone());
                s
            }
        };
        check_extent(&r, storage.len()).map_err(|why| malformed(&name, why))?;
        // In range after the checks above: every value is below the
        // storage's length.
        let stored = Stored {
            storage,
            dtype: r.dtype,
            cdtype: r.cdtype,
            offset: r.offset as usize,
            size: r.size.iter().map(|d| *d as usize).collect(),
            stride: r.stride.iter().map(|s| *s as usize).collect(),
        };
        out.insert(name, Entry::Stored(stored));
    }
    Ok(out)
}

impl Stored {
    /// The view's elements, copied out of the storage in row-major order.
    fn gather(&self) -> Result<T, String> {
        let elem = self.cdtype.size_in_bytes();
        let numel: usize = self.size.iter().product();
        let nbytes = numel * elem;
        let mut data: Vec<u8> = Vec::new();
        data.try_reserve_exact(nbytes)
            .map_err(|_| format!("cannot allocate {} for it", human_bytes(nbytes as u128)))?;
        let mut contiguous = true;
        let mut want = 1usize;
        for (d, s) in self.size.iter().zip(&self.stride).rev() {
            if *d > 1 && *s != want {
                contiguous = false;
            }
            want = want.saturating_mul(*d);
        }
        if numel > 0 && contiguous {
            let start = self.offset * elem;
            data.extend_from_slice(&self.storage[start..start + nbytes]);
        } else if numel > 0 {
            // An odometer over the indices, the element offset kept as it
            // moves (validated: never past the storage).
            let rank = self.size.len();
            let mut index = vec![0usize; rank];
            let mut at = self.offset;
            for _ in 0..numel {
                data.extend_from_slice(&self.storage[at * elem..(at + 1) * elem]);
                for d in (0..rank).rev() {
                    index[d] += 1;
                    if index[d] < self.size[d] {
                        at += self.stride[d];
                        break;
                    }
                    at -= self.stride[d] * (self.size[d] - 1);
                    index[d] = 0;
                }
            }
        }
        let t = candle_core::Tensor::from_raw_buffer(&data, self.cdtype, &self.size, &cpu())
            .map_err(|e| first_line(&e.to_string()))?;
        T::new(t, self.dtype).map_err(|e| e.message)
    }
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
        .filter(|(k, _)| !sd.contains(k))
        .map(|(k, _)| k.as_str())
        .collect();
    if !missing.is_empty() {
        problems.push(format!("missing key(s): {}", missing.join(", ")));
    }
    let extra: Vec<&str> = sd
        .keys()
        .filter(|k| !expected.keys.iter().any(|(e, _)| e == *k))
        .collect();
    if !extra.is_empty() {
        problems.push(format!("unexpected key(s): {}", extra.join(", ")));
    }
    for (k, shape) in &expected.keys {
        if let (Some(dims), Some(want)) = (sd.dims(k), shape)
            && dims != want.as_slice()
        {
            problems.push(format!(
                "size mismatch for {k}: {dims:?} in the file, {want:?} in the model"
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
        StateDict::from_tensors(
            "w.safetensors".into(),
            entries
                .iter()
                .map(|(k, s)| {
                    let n = s.iter().product();
                    (
                        k.to_string(),
                        T::from_f64(vec![0.5; n], s, DType::F32).unwrap(),
                    )
                })
                .collect(),
        )
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
