//! Tensor dtypes and torch's type-promotion rules.

use std::fmt;

/// A tensor element type, spelled as the report schema spells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DType {
    Bool,
    U8,
    I8,
    I16,
    I32,
    I64,
    F16,
    BF16,
    F32,
    F64,
    C32,
    C64,
    C128,
}

/// The promotion category torch uses when mixing tensors and scalars.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Category {
    Bool,
    Int,
    Float,
    Complex,
}

impl DType {
    /// All dtypes with their `torch.<name>` spellings (aliases included).
    pub const TORCH_NAMES: &'static [(&'static str, DType)] = &[
        ("bool", DType::Bool),
        ("uint8", DType::U8),
        ("int8", DType::I8),
        ("int16", DType::I16),
        ("short", DType::I16),
        ("int32", DType::I32),
        ("int", DType::I32),
        ("int64", DType::I64),
        ("long", DType::I64),
        ("float16", DType::F16),
        ("half", DType::F16),
        ("bfloat16", DType::BF16),
        ("float32", DType::F32),
        ("float", DType::F32),
        ("float64", DType::F64),
        ("double", DType::F64),
        ("complex32", DType::C32),
        ("chalf", DType::C32),
        ("complex64", DType::C64),
        ("cfloat", DType::C64),
        ("complex128", DType::C128),
        ("cdouble", DType::C128),
    ];

    pub fn from_torch_name(name: &str) -> Option<DType> {
        Self::TORCH_NAMES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, d)| *d)
    }

    /// Short form used in reports and printed programs: `f32`, `i64`, `b8`.
    pub fn short(self) -> &'static str {
        match self {
            DType::Bool => "b8",
            DType::U8 => "u8",
            DType::I8 => "i8",
            DType::I16 => "i16",
            DType::I32 => "i32",
            DType::I64 => "i64",
            DType::F16 => "f16",
            DType::BF16 => "bf16",
            DType::F32 => "f32",
            DType::F64 => "f64",
            DType::C32 => "c32",
            DType::C64 => "c64",
            DType::C128 => "c128",
        }
    }

    /// `torch.float32` style name.
    pub fn torch_name(self) -> &'static str {
        match self {
            DType::Bool => "torch.bool",
            DType::U8 => "torch.uint8",
            DType::I8 => "torch.int8",
            DType::I16 => "torch.int16",
            DType::I32 => "torch.int32",
            DType::I64 => "torch.int64",
            DType::F16 => "torch.float16",
            DType::BF16 => "torch.bfloat16",
            DType::F32 => "torch.float32",
            DType::F64 => "torch.float64",
            DType::C32 => "torch.complex32",
            DType::C64 => "torch.complex64",
            DType::C128 => "torch.complex128",
        }
    }

    /// torch's ScalarType name, as its error messages spell it (`Long`).
    pub fn scalar_type_name(self) -> &'static str {
        match self {
            DType::Bool => "Bool",
            DType::U8 => "Byte",
            DType::I8 => "Char",
            DType::I16 => "Short",
            DType::I32 => "Int",
            DType::I64 => "Long",
            DType::F16 => "Half",
            DType::BF16 => "BFloat16",
            DType::F32 => "Float",
            DType::F64 => "Double",
            DType::C32 => "ComplexHalf",
            DType::C64 => "ComplexFloat",
            DType::C128 => "ComplexDouble",
        }
    }

    pub fn category(self) -> Category {
        match self {
            DType::Bool => Category::Bool,
            DType::U8 | DType::I8 | DType::I16 | DType::I32 | DType::I64 => Category::Int,
            DType::F16 | DType::BF16 | DType::F32 | DType::F64 => Category::Float,
            DType::C32 | DType::C64 | DType::C128 => Category::Complex,
        }
    }

    pub fn is_floating(self) -> bool {
        self.category() == Category::Float
    }

    pub fn is_complex(self) -> bool {
        self.category() == Category::Complex
    }

    /// Bytes per element.
    /// `torch.finfo` of a floating type: (max, eps, tiny); `min` is `-max`.
    pub fn finfo(self) -> Option<(f64, f64, f64)> {
        Some(match self {
            DType::F16 | DType::C32 => (65504.0, 0.0009765625, 6.103515625e-05),
            DType::BF16 => (3.3895313892515355e38, 0.0078125, 1.1754943508222875e-38),
            DType::F32 | DType::C64 => (
                3.4028234663852886e38,
                1.1920928955078125e-07,
                1.1754943508222875e-38,
            ),
            DType::F64 | DType::C128 => (f64::MAX, f64::EPSILON, f64::MIN_POSITIVE),
            _ => return None,
        })
    }

    /// `torch.iinfo` of an integer type: (min, max).
    pub fn iinfo(self) -> Option<(i64, i64)> {
        Some(match self {
            DType::Bool | DType::U8 => (0, if self == DType::Bool { 1 } else { 255 }),
            DType::I8 => (i8::MIN.into(), i8::MAX.into()),
            DType::I16 => (i16::MIN.into(), i16::MAX.into()),
            DType::I32 => (i32::MIN.into(), i32::MAX.into()),
            DType::I64 => (i64::MIN, i64::MAX),
            _ => return None,
        })
    }

    pub fn size_of(self) -> usize {
        match self {
            DType::Bool | DType::U8 | DType::I8 => 1,
            DType::I16 | DType::F16 | DType::BF16 => 2,
            DType::I32 | DType::F32 | DType::C32 => 4,
            DType::I64 | DType::F64 | DType::C64 => 8,
            DType::C128 => 16,
        }
    }

    /// `torch.promote_types(a, b)`.
    pub fn promote(a: DType, b: DType) -> DType {
        use DType::*;
        if a == b {
            return a;
        }
        let (ca, cb) = (a.category(), b.category());
        if ca != cb {
            let (hi, lo) = if ca > cb { (a, b) } else { (b, a) };
            // A complex with a float: the complex of the wider real part
            // (`complex32` with `float32` is `complex64`).
            if hi.is_complex() && lo.is_floating() {
                return DType::promote(hi.real_part(), lo).to_complex();
            }
            return hi;
        }
        match (a, b) {
            (F16, BF16) | (BF16, F16) => F32,
            (U8, I8) | (I8, U8) => I16,
            _ => {
                if a.size_of() >= b.size_of() {
                    a
                } else {
                    b
                }
            }
        }
    }

    /// The complex dtype paired with a float dtype.
    pub fn to_complex(self) -> DType {
        match self {
            DType::F16 => DType::C32,
            DType::F64 => DType::C128,
            _ => DType::C64,
        }
    }

    /// The float dtype of a complex dtype's parts (a real dtype: itself).
    pub fn real_part(self) -> DType {
        match self {
            DType::C32 => DType::F16,
            DType::C64 => DType::F32,
            DType::C128 => DType::F64,
            other => other,
        }
    }
}

impl fmt::Display for DType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.short())
    }
}

/// One operand of an elementwise op, for promotion purposes.
#[derive(Clone, Copy, Debug)]
pub enum Operand {
    /// A tensor with at least one dimension.
    Tensor(DType),
    /// A zero-dimensional tensor.
    ZeroDim(DType),
    /// A Python scalar of the given category.
    Scalar(Category),
}

/// `torch.result_type` over several operands: dimensioned tensors win over
/// zero-dim tensors, which win over Python scalars, unless a lower priority
/// operand is of a higher category.
pub fn result_type(operands: &[Operand]) -> DType {
    let mut dim: Option<DType> = None;
    let mut zero: Option<DType> = None;
    let mut scalar: Option<Category> = None;
    for op in operands {
        match *op {
            Operand::Tensor(d) => dim = Some(dim.map_or(d, |c| DType::promote(c, d))),
            Operand::ZeroDim(d) => zero = Some(zero.map_or(d, |c| DType::promote(c, d))),
            Operand::Scalar(c) => scalar = Some(scalar.map_or(c, |s| s.max(c))),
        }
    }
    let mut result = dim;
    if let Some(z) = zero {
        result = Some(match result {
            None => z,
            Some(r) if z.category() > r.category() => z,
            Some(r) => r,
        });
    }
    if let Some(s) = scalar {
        let default_of = |c: Category| match c {
            Category::Bool => DType::Bool,
            Category::Int => DType::I64,
            Category::Float => DType::F32,
            Category::Complex => DType::C64,
        };
        result = Some(match result {
            None => default_of(s),
            Some(r) if s > r.category() => match s {
                Category::Complex if r == DType::F64 => DType::C128,
                _ => default_of(s),
            },
            Some(r) => r,
        });
    }
    result.unwrap_or(DType::F32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn promote_types_follows_torch() {
        assert_eq!(DType::promote(DType::I64, DType::F32), DType::F32);
        assert_eq!(DType::promote(DType::F16, DType::BF16), DType::F32);
        assert_eq!(DType::promote(DType::U8, DType::I8), DType::I16);
        assert_eq!(DType::promote(DType::C64, DType::F64), DType::C128);
        assert_eq!(DType::promote(DType::F32, DType::C32), DType::C64);
        assert_eq!(DType::promote(DType::C32, DType::I64), DType::C32);
        assert_eq!(DType::promote(DType::C32, DType::C64), DType::C64);
        assert_eq!(DType::from_torch_name("chalf"), Some(DType::C32));
        assert_eq!(DType::promote(DType::Bool, DType::I32), DType::I32);
        assert_eq!(DType::promote(DType::F32, DType::F64), DType::F64);
    }

    #[test]
    fn scalars_do_not_upcast_tensors_of_their_category() {
        use Operand::*;
        assert_eq!(
            result_type(&[Tensor(DType::F16), Scalar(Category::Float)]),
            DType::F16
        );
        assert_eq!(
            result_type(&[Tensor(DType::I32), Scalar(Category::Int)]),
            DType::I32
        );
        assert_eq!(
            result_type(&[Tensor(DType::I64), Scalar(Category::Float)]),
            DType::F32
        );
        assert_eq!(
            result_type(&[Tensor(DType::F32), ZeroDim(DType::F64)]),
            DType::F32
        );
        assert_eq!(
            result_type(&[Tensor(DType::I64), ZeroDim(DType::F64)]),
            DType::F64
        );
    }
}
