//! The shape notation people write for a tensor input: the dims of a
//! comment or docstring (`[B, 3, H, W]`, `(B, C)`), a jaxtyping spec string
//! (`"batch 3 h w"`), and a config value (`"int64[B, T]"`). Owns the grammar
//! only; what a dtype word means is the tracer's.
//!
//! A dim is a literal size (static), a name (dims of the same name are one
//! size across inputs), or `_` (a size of its own). `*name` counts as one
//! dim and `...` as none.

/// One written dim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenDim {
    /// The name written (`batch`, `H`); `None` for a literal or `_`.
    pub label: Option<String>,
    /// The literal size, if one was written.
    pub size: Option<i64>,
}

/// The dtype words a typed shape may start with: torch's dtype names and
/// jaxtyping's array kinds.
pub const DTYPE_WORDS: &[&str] = &[
    "bool", "uint8", "int8", "int16", "short", "int32", "int", "int64", "long", "float16", "half",
    "bfloat16", "float32", "float", "float64", "double", "Float", "Float32", "Real", "Num",
    "Shaped", "Inexact", "Float16", "Half", "BFloat16", "Float64", "Int", "Int64", "Integer",
    "Long", "Int32", "UInt8", "Bool",
];

/// One dim token: a literal size, `_`, or a name; `None` for anything else.
fn dim(token: &str) -> Option<WrittenDim> {
    let token = token.trim().trim_start_matches(['*', '#']);
    if let Ok(size) = token.parse::<i64>() {
        return (size >= 0).then_some(WrittenDim {
            label: None,
            size: Some(size),
        });
    }
    if token == "_" {
        return Some(WrittenDim {
            label: None,
            size: None,
        });
    }
    let named = token.chars().next().is_some_and(|c| c.is_alphabetic())
        && token.chars().all(|c| c.is_alphanumeric() || c == '_');
    named.then(|| WrittenDim {
        label: Some(token.to_string()),
        size: None,
    })
}

/// `B, 3, H, W`: comma-separated dims (`...` skipped); `None` when an item
/// is not a dim or there are none.
pub fn dims_list(text: &str) -> Option<Vec<WrittenDim>> {
    let mut dims = Vec::new();
    for item in text.split(',') {
        if item.trim() == "..." {
            continue;
        }
        dims.push(dim(item)?);
    }
    (!dims.is_empty()).then_some(dims)
}

/// The first bracketed dims list in free text (`# [B, 3, H, W]`, `of shape
/// (B, C)`).
pub fn shape_in_text(text: &str) -> Option<Vec<WrittenDim>> {
    let mut rest = text;
    while let Some(open) = rest.find(['[', '(']) {
        let close = if rest.as_bytes()[open] == b'[' {
            ']'
        } else {
            ')'
        };
        let after = &rest[open + 1..];
        let end = after.find(close)?;
        if let Some(dims) = dims_list(&after[..end]) {
            return Some(dims);
        }
        rest = &after[end..];
    }
    None
}

/// A jaxtyping spec string, `"*batch channels 32 32"`: whitespace-separated
/// dims; `...` is none, and an expression (`h+1`) a size of its own.
pub fn jaxtyping_dims(spec: &str) -> Vec<WrittenDim> {
    spec.split_whitespace()
        .filter(|t| !matches!(t.trim_start_matches(['*', '#']), "..." | ""))
        .map(|t| {
            dim(t).unwrap_or(WrittenDim {
                label: None,
                size: None,
            })
        })
        .collect()
}

/// A whole typed shape, `int64[B, T]` or `[B, 3, H, W]`: the dtype word
/// (one of [`DTYPE_WORDS`]) if written, and the dims. `Err` says what is
/// wrong with the text.
pub fn typed_shape(text: &str) -> Result<(Option<&str>, Vec<WrittenDim>), String> {
    let text = text.trim();
    let open = text
        .find(['[', '('])
        .ok_or_else(|| format!("`{text}` has no `[...]` list of dims"))?;
    let close = if text.as_bytes()[open] == b'[' {
        ']'
    } else {
        ')'
    };
    let inner = text[open + 1..]
        .strip_suffix(close)
        .ok_or_else(|| format!("`{text}` does not end with `{close}`"))?;
    let dtype = text[..open].trim();
    if !dtype.is_empty() && !DTYPE_WORDS.contains(&dtype) {
        return Err(format!(
            "`{dtype}` is not a dtype (write e.g. `int64[B, T]`)"
        ));
    }
    if inner.trim().is_empty() {
        return Ok(((!dtype.is_empty()).then_some(dtype), Vec::new()));
    }
    let dims = dims_list(inner).ok_or_else(|| {
        format!("`{inner}` is not a list of dims (sizes, names or `_`, separated by commas)")
    })?;
    Ok(((!dtype.is_empty()).then_some(dtype), dims))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(dims: &[WrittenDim]) -> String {
        dims.iter()
            .map(|d| match (&d.label, d.size) {
                (_, Some(s)) => s.to_string(),
                (Some(l), None) => l.clone(),
                (None, None) => "_".to_string(),
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn comments_and_docstrings_name_the_first_bracketed_dims() {
        assert_eq!(
            show(&shape_in_text(" input, [B, 3, H, W]").unwrap()),
            "B 3 H W"
        );
        assert_eq!(
            show(&shape_in_text("of shape (B, _, *C, ...)").unwrap()),
            "B _ C"
        );
        assert_eq!(shape_in_text("see f(x + 1)"), None);
        assert_eq!(show(&shape_in_text("f(x + 1) then (T, D)").unwrap()), "T D");
    }

    #[test]
    fn jaxtyping_specs_split_on_whitespace() {
        assert_eq!(show(&jaxtyping_dims("*batch c 32 32")), "batch c 32 32");
        assert_eq!(show(&jaxtyping_dims("... d")), "d");
        assert_eq!(show(&jaxtyping_dims("b h+1 #")), "b _");
    }

    #[test]
    fn typed_shapes_are_whole_values_with_an_optional_dtype() {
        let (dtype, dims) = typed_shape("int64[B, T]").unwrap();
        assert_eq!((dtype, show(&dims).as_str()), (Some("int64"), "B T"));
        let (dtype, dims) = typed_shape(" [B, 3, 224, 224] ").unwrap();
        assert_eq!((dtype, show(&dims).as_str()), (None, "B 3 224 224"));
        assert_eq!(typed_shape("float32[]").unwrap(), (Some("float32"), vec![]));
        assert!(typed_shape("B, 3").unwrap_err().contains("no `[...]`"));
        assert!(
            typed_shape("tensor[B]")
                .unwrap_err()
                .contains("not a dtype")
        );
        assert!(
            typed_shape("[B, 3 + 1]")
                .unwrap_err()
                .contains("not a list of dims")
        );
        assert!(typed_shape("[B, 3").unwrap_err().contains("does not end"));
    }
}
