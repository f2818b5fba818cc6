//! The names Dynamo (strict export) gives the values it lifts from a
//! source: the source's Python expression (`L['self'].layer`,
//! `dict(type(L['self']).__dict__)['forward'].__defaults__[0]`) made into
//! an identifier by `OutputGraph.module_key_name`'s rules.

use std::collections::HashMap;
use std::rc::Rc;
use std::sync::LazyLock;

use regex::Regex;

use crate::value::{Object, Value};

/// `OutputGraph.module_key_name`: registry subscripts and `getattr` become
/// attribute reads, a whole `L[...]`/`G[...]` lookup its key, integer
/// subscripts `_N`, and every other non-alphanumeric character `_`.
pub fn module_key_name(source: &str) -> String {
    static REGISTRY: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r#"\._(?:modules|parameters|buffers)\[(?:'([^'\]]+)'|"([^"\]]+)")\]"#)
            .expect("a valid pattern")
    });
    static GETATTR: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r#"getattr\(\s*([^,]+?)\s*,\s*(?:'([^']+)'|"([^"]+)")\s*\)"#)
            .expect("a valid pattern")
    });
    static LOOKUP: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"^[GL]\['?(.*?)'?\]$").expect("a valid pattern"));
    static INDEX: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"\[(\d+)\]").expect("a valid pattern"));
    let name = REGISTRY.replace_all(source, |c: &regex::Captures| {
        format!(".{}", c.get(1).or(c.get(2)).map_or("", |m| m.as_str()))
    });
    let name = GETATTR.replace_all(&name, |c: &regex::Captures| {
        let attr = c.get(2).or(c.get(3)).map_or("", |m| m.as_str());
        format!("{}.{attr}", &c[1])
    });
    let name = LOOKUP.replace(&name, "$1");
    let name = INDEX.replace_all(&name, "_$1");
    let name: String = name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    if name.starts_with(|c: char| c.is_ascii_alphabetic()) {
        name
    } else {
        format!("sub{name}")
    }
}

/// The tensors among the defaults of `model`'s `forward`, by tensor id,
/// with the name Dynamo lifts each under.
pub fn forward_default_names(model: &Rc<Object>) -> HashMap<u32, String> {
    let mut out = HashMap::new();
    let Some((Value::Function(ref f), _)) = model.class.python_lookup("forward") else {
        return out;
    };
    let method = "dict(type(L['self']).__dict__)['forward']";
    let positional = f.params.posonly.iter().chain(f.params.args.iter());
    let with_defaults = positional.filter_map(|p| f.defaults.get(&p.name));
    for (i, v) in with_defaults.enumerate() {
        if let Value::Tensor(t) = v {
            let source = format!("{method}.__defaults__[{i}]");
            out.insert(t.id, module_key_name(&source));
        }
    }
    for p in &f.params.kwonly {
        if let Some(Value::Tensor(t)) = f.defaults.get(&p.name) {
            let source = format!("{method}.__kwdefaults__['{}']", p.name);
            out.insert(t.id, module_key_name(&source));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::module_key_name;

    #[test]
    fn sources_become_identifiers_as_dynamo_makes_them() {
        assert_eq!(
            module_key_name("dict(type(L['self']).__dict__)['forward'].__defaults__[0]"),
            "dict_type_L__self______dict_____forward_____defaults___0"
        );
        assert_eq!(
            module_key_name("L['self']._modules['layers']._modules['0'].weight"),
            "L__self___layers_0_weight"
        );
        assert_eq!(module_key_name("L['x']"), "x");
        assert_eq!(module_key_name("getattr(L['self'], 'w')"), "L__self___w");
        assert_eq!(module_key_name("[0]"), "sub_0");
    }
}
