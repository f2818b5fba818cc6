//! Runtime values of the interpreter: concrete tensors (a candle tensor plus
//! the torch dtype it stands for), Python scalars, strings and lists, and the
//! conversions between torch dtypes and candle storage dtypes.
//!
//! candle has no bool, int8 or int16 storage that every kernel supports, so
//! a tensor keeps its torch dtype beside a storage dtype: bool and uint8 are
//! stored as `U8`, every signed integer type as `I64`, floats as themselves.

use candle_core::{DType as CDType, Device, Tensor};
use tracer::dtype::DType;

use crate::error::{Error, Res};

/// A concrete tensor: candle storage plus the torch dtype it represents.
#[derive(Clone, Debug)]
pub struct T {
    pub t: Tensor,
    pub dt: DType,
}

/// A value flowing along the graph's edges.
#[derive(Clone, Debug)]
pub enum RVal {
    Tensor(T),
    Int(i64),
    Float(f64),
    Bool(bool),
    Str(String),
    DType(DType),
    None,
    /// Python lists and tuples (and multi-output ops).
    List(Vec<RVal>),
}

/// The candle dtype that stores a torch dtype.
pub fn storage(dt: DType) -> Res<CDType> {
    Ok(match dt {
        DType::Bool | DType::U8 => CDType::U8,
        DType::I8 | DType::I16 | DType::I32 | DType::I64 => CDType::I64,
        DType::F16 => CDType::F16,
        DType::BF16 => CDType::BF16,
        DType::F32 => CDType::F32,
        DType::F64 => CDType::F64,
        DType::C32 | DType::C64 | DType::C128 => {
            return Err(Error::unsupported(format!(
                "complex tensors ({dt}) are not supported"
            )));
        }
    })
}

/// Call `f` on the elements of `t` (storage type `V`) in row-major order,
/// borrowing candle's storage when the tensor is contiguous.
pub fn with_slice<V: candle_core::WithDType, R>(t: &Tensor, f: impl FnOnce(&[V]) -> R) -> Res<R> {
    let t = t.contiguous()?;
    let (storage, layout) = t.storage_and_layout();
    let candle_core::Storage::Cpu(cpu) = &*storage else {
        return Err(Error::internal("a tensor is not on the CPU"));
    };
    let all = cpu.as_slice::<V>()?;
    let (start, end) = layout
        .contiguous_offsets()
        .ok_or_else(|| Error::internal("a contiguous tensor has no contiguous offsets"))?;
    // An empty view may keep an offset past the end of its storage.
    if start >= end {
        return Ok(f(&[]));
    }
    let values = all
        .get(start..end)
        .ok_or_else(|| Error::internal("a tensor's view lies outside its storage"))?;
    Ok(f(values))
}

/// The device every tensor lives on.
pub fn cpu() -> Device {
    Device::Cpu
}

impl T {
    /// Wrap a candle tensor, converting its storage to the one of `dt`.
    pub fn new(t: Tensor, dt: DType) -> Res<T> {
        let s = storage(dt)?;
        let t = if t.dtype() == s { t } else { t.to_dtype(s)? };
        Ok(T { t, dt })
    }

    /// A tensor from f64 values (rounded/truncated as torch's casts do).
    pub fn from_f64(values: Vec<f64>, shape: &[usize], dt: DType) -> Res<T> {
        let n: usize = shape.iter().product();
        if values.len() != n {
            return Err(Error::internal(format!(
                "{} values for shape {shape:?}",
                values.len()
            )));
        }
        let values = if dt == DType::Bool {
            values
                .into_iter()
                .map(|v| if v != 0.0 { 1.0 } else { 0.0 })
                .collect()
        } else if dt.is_floating() {
            values
        } else {
            values.into_iter().map(f64::trunc).collect()
        };
        if dt == DType::F32 {
            // One pass instead of building f64 storage and converting it.
            let narrow: Vec<f32> = values.into_iter().map(|v| v as f32).collect();
            return Ok(T {
                t: Tensor::from_vec(narrow, shape, &cpu())?,
                dt,
            });
        }
        let t = Tensor::from_vec(values, shape, &cpu())?;
        T::new(t, dt)
    }

    /// A 0-dim tensor holding `v`.
    pub fn scalar(v: f64, dt: DType) -> Res<T> {
        T::from_f64(vec![v], &[], dt)
    }

    pub fn dims(&self) -> &[usize] {
        self.t.dims()
    }

    pub fn rank(&self) -> usize {
        self.t.rank()
    }

    pub fn numel(&self) -> usize {
        self.t.elem_count()
    }

    /// Cast to another torch dtype with torch's semantics (float to int
    /// truncates, anything to bool is `!= 0`).
    pub fn cast(&self, dt: DType) -> Res<T> {
        if dt == self.dt {
            return Ok(self.clone());
        }
        if dt == DType::Bool {
            let z = self.t.zeros_like()?;
            return T::new(self.t.ne(&z)?, DType::Bool);
        }
        let s = storage(dt)?;
        let t = if self.t.dtype().is_float() && !s.is_float() {
            // Truncate toward zero, as torch does.
            let f = self.t.to_dtype(CDType::F64)?;
            let tr = f.sign()?.mul(&f.abs()?.floor()?)?;
            tr.to_dtype(s)?
        } else {
            self.t.to_dtype(s)?
        };
        let out = T { t, dt };
        Ok(match dt {
            DType::U8 => out.wrap_int(256.0, 0.0)?,
            DType::I8 => out.wrap_int(256.0, -128.0)?,
            DType::I16 => out.wrap_int(65536.0, -32768.0)?,
            DType::I32 => out.wrap_int(4294967296.0, -2147483648.0)?,
            _ => out,
        })
    }

    /// Integer wrap-around for narrow integer types stored wider.
    fn wrap_int(self, modulus: f64, lo: f64) -> Res<T> {
        let v = self.to_f64()?;
        if v.iter().all(|x| *x >= lo && *x < lo + modulus) {
            return Ok(self);
        }
        let w: Vec<f64> = v
            .iter()
            .map(|x| (x - lo).rem_euclid(modulus) + lo)
            .collect();
        T::from_f64(w, self.dims(), self.dt)
    }

    /// Every element as f64, row-major.
    pub fn to_f64(&self) -> Res<Vec<f64>> {
        if self.t.dtype() == CDType::F32 {
            return with_slice(&self.t, |v: &[f32]| {
                v.iter().map(|x| f64::from(*x)).collect()
            });
        }
        Ok(self
            .t
            .to_dtype(CDType::F64)?
            .flatten_all()?
            .to_vec1::<f64>()?)
    }

    /// The single element of a one-element tensor.
    pub fn item(&self) -> Res<f64> {
        if self.numel() != 1 {
            return Err(Error::runtime(format!(
                "a Tensor with {} elements cannot be converted to Scalar",
                self.numel()
            )));
        }
        Ok(self.to_f64()?[0])
    }

    /// The Python scalar `.item()` gives: a bool, float or int by dtype.
    pub fn item_value(&self) -> Res<RVal> {
        let v = self.item()?;
        Ok(if self.dt == DType::Bool {
            RVal::Bool(v != 0.0)
        } else if self.dt.is_floating() {
            RVal::Float(v)
        } else {
            RVal::Int(v as i64)
        })
    }

    /// Apply a function to every element (computed in f64).
    pub fn map(&self, out: DType, f: impl Fn(f64) -> f64) -> Res<T> {
        if out == DType::F32 && self.t.dtype() == CDType::F32 {
            // f32 in and out: computed in f64 per element, without f64 buffers.
            let v: Vec<f32> = with_slice(&self.t, |v: &[f32]| {
                v.iter().map(|x| f(f64::from(*x)) as f32).collect()
            })?;
            return Ok(T {
                t: Tensor::from_vec(v, self.dims(), &cpu())?,
                dt: out,
            });
        }
        let v: Vec<f64> = self.to_f64()?.into_iter().map(f).collect();
        T::from_f64(v, self.dims(), out)
    }
}

impl RVal {
    pub fn kind(&self) -> &'static str {
        match self {
            RVal::Tensor(_) => "tensor",
            RVal::Int(_) => "int",
            RVal::Float(_) => "float",
            RVal::Bool(_) => "bool",
            RVal::Str(_) => "str",
            RVal::DType(_) => "dtype",
            RVal::None => "None",
            RVal::List(_) => "list",
        }
    }

    pub fn is_none(&self) -> bool {
        matches!(self, RVal::None)
    }

    /// A Python number (bools count), as f64.
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            RVal::Int(i) => Some(*i as f64),
            RVal::Float(f) => Some(*f),
            RVal::Bool(b) => Some(if *b { 1.0 } else { 0.0 }),
            _ => None,
        }
    }

    pub fn as_int(&self) -> Option<i64> {
        match self {
            RVal::Int(i) => Some(*i),
            RVal::Bool(b) => Some(*b as i64),
            _ => None,
        }
    }

    pub fn as_tensor(&self) -> Option<&T> {
        match self {
            RVal::Tensor(t) => Some(t),
            _ => None,
        }
    }
}
