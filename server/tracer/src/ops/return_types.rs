//! torch's named-tuple results (`torch.return_types.*`): which ops return
//! one and the names of its fields, as data. An ATen function whose schema
//! names its returns (`max.dim(...) -> (Tensor values, Tensor indices)`) is
//! bound in Python to return a structseq named after the function
//! (`torch.return_types.max`), whatever spelling called it (`torch.max`,
//! `Tensor.max`); `torch.linalg.qr` is the function `linalg_qr`. Calls
//! through `torch.ops.aten` return plain tuples.
//!
//! The tuple stays a tuple (it indexes, unpacks, iterates, compares and
//! flattens as one, and is an instance of `tuple`); its fields also read
//! as attributes (`x.max(1).values`).

/// One `torch.return_types` structseq: its name and field names.
#[derive(Debug, PartialEq, Eq)]
pub struct ReturnType {
    pub name: &'static str,
    pub fields: &'static [&'static str],
}

const VALUES_INDICES: &[&str] = &["values", "indices"];

/// Every structseq of `torch.return_types` in torch 2.15 (the `_out`
/// variants are the same types for `out=` calls, which the tracer does not
/// record).
pub const RETURN_TYPES: &[ReturnType] = &[
    rt("aminmax", &["min", "max"]),
    rt("cummax", VALUES_INDICES),
    rt("cummin", VALUES_INDICES),
    rt("frexp", &["mantissa", "exponent"]),
    rt("geqrf", &["a", "tau"]),
    rt("histogram", &["hist", "bin_edges"]),
    rt("histogramdd", &["hist", "bin_edges"]),
    rt("kthvalue", VALUES_INDICES),
    rt("linalg_cholesky_ex", &["L", "info"]),
    rt("linalg_eig", &["eigenvalues", "eigenvectors"]),
    rt("linalg_eigh", &["eigenvalues", "eigenvectors"]),
    rt("linalg_inv_ex", &["inverse", "info"]),
    rt("linalg_ldl_factor", &["LD", "pivots"]),
    rt("linalg_ldl_factor_ex", &["LD", "pivots", "info"]),
    rt(
        "linalg_lstsq",
        &["solution", "residuals", "rank", "singular_values"],
    ),
    rt("linalg_lu", &["P", "L", "U"]),
    rt("linalg_lu_factor", &["LU", "pivots"]),
    rt("linalg_lu_factor_ex", &["LU", "pivots", "info"]),
    rt("linalg_polar", &["U", "H"]),
    rt("linalg_qr", &["Q", "R"]),
    rt("linalg_slogdet", &["sign", "logabsdet"]),
    rt("linalg_solve_ex", &["result", "info"]),
    rt("linalg_svd", &["U", "S", "Vh"]),
    rt("lu_unpack", &["P", "L", "U"]),
    rt("max", VALUES_INDICES),
    rt("median", VALUES_INDICES),
    rt("min", VALUES_INDICES),
    rt("mode", VALUES_INDICES),
    rt("nanmedian", VALUES_INDICES),
    rt("slogdet", &["sign", "logabsdet"]),
    rt("sort", VALUES_INDICES),
    rt("svd", &["U", "S", "V"]),
    rt("topk", VALUES_INDICES),
    rt("triangular_solve", &["solution", "cloned_coefficient"]),
];

const fn rt(name: &'static str, fields: &'static [&'static str]) -> ReturnType {
    ReturnType { name, fields }
}

/// The structseq a call spelled `spelling` returns when its result is a
/// tuple of `len` items: `Tensor.max` / `torch.max` -> `max`,
/// `torch.linalg.qr` -> `linalg_qr`. `None` for plain tuples
/// (`torch.var_mean`, `torch.ops.aten.max.dim`).
pub fn for_call(spelling: &str, len: usize) -> Option<&'static ReturnType> {
    let name = match spelling.strip_prefix("torch.linalg.") {
        Some(f) => format!("linalg_{f}"),
        None => {
            let f = spelling
                .strip_prefix("Tensor.")
                .or_else(|| spelling.strip_prefix("torch."))?;
            if f.contains('.') {
                return None;
            }
            f.to_string()
        }
    };
    RETURN_TYPES
        .iter()
        .find(|r| r.name == name && r.fields.len() == len)
}

/// The position of the field `name` of `rt`.
pub fn field_index(rt: &ReturnType, name: &str) -> Option<usize> {
    rt.fields.iter().position(|f| *f == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spelling_of_a_function_names_its_structseq() {
        for spelling in ["torch.max", "Tensor.max"] {
            assert_eq!(for_call(spelling, 2).map(|r| r.name), Some("max"));
        }
        let qr = for_call("torch.linalg.qr", 2).expect("linalg_qr");
        assert_eq!(qr.fields, ["Q", "R"]);
        assert_eq!(field_index(qr, "R"), Some(1));
    }

    #[test]
    fn plain_tuples_stay_plain() {
        assert!(for_call("torch.var_mean", 2).is_none());
        assert!(for_call("torch.ops.aten.max.dim", 2).is_none());
        assert!(for_call("torch.nn.functional.max_pool2d", 2).is_none());
        // A result of another arity is not that structseq.
        assert!(for_call("torch.max", 3).is_none());
    }

    #[test]
    fn names_are_unique_and_fields_distinct() {
        let mut seen = std::collections::HashSet::new();
        for r in RETURN_TYPES {
            assert!(seen.insert(r.name), "{}", r.name);
            let fields: std::collections::HashSet<_> = r.fields.iter().collect();
            assert_eq!(fields.len(), r.fields.len(), "{}", r.name);
        }
    }
}
