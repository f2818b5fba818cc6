//! The grammar fields lowering reads, resolved to tree-sitter field ids once
//! per process: looking a field up by name compares strings on every call.

use std::sync::OnceLock;

use tree_sitter::{Language, Node};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Field {
    Alias,
    Alternative,
    Argument,
    Arguments,
    Attribute,
    Body,
    Cause,
    Condition,
    Consequence,
    Definition,
    Expression,
    FormatSpecifier,
    Function,
    Key,
    Left,
    ModuleName,
    Name,
    Object,
    Operator,
    Operators,
    Parameters,
    ReturnType,
    Right,
    Subscript,
    Superclasses,
    Type,
    TypeConversion,
    Value,
}

impl Field {
    const ALL: [Field; 28] = [
        Field::Alias,
        Field::Alternative,
        Field::Argument,
        Field::Arguments,
        Field::Attribute,
        Field::Body,
        Field::Cause,
        Field::Condition,
        Field::Consequence,
        Field::Definition,
        Field::Expression,
        Field::FormatSpecifier,
        Field::Function,
        Field::Key,
        Field::Left,
        Field::ModuleName,
        Field::Name,
        Field::Object,
        Field::Operator,
        Field::Operators,
        Field::Parameters,
        Field::ReturnType,
        Field::Right,
        Field::Subscript,
        Field::Superclasses,
        Field::Type,
        Field::TypeConversion,
        Field::Value,
    ];

    fn grammar_name(self) -> &'static str {
        match self {
            Field::Alias => "alias",
            Field::Alternative => "alternative",
            Field::Argument => "argument",
            Field::Arguments => "arguments",
            Field::Attribute => "attribute",
            Field::Body => "body",
            Field::Cause => "cause",
            Field::Condition => "condition",
            Field::Consequence => "consequence",
            Field::Definition => "definition",
            Field::Expression => "expression",
            Field::FormatSpecifier => "format_specifier",
            Field::Function => "function",
            Field::Key => "key",
            Field::Left => "left",
            Field::ModuleName => "module_name",
            Field::Name => "name",
            Field::Object => "object",
            Field::Operator => "operator",
            Field::Operators => "operators",
            Field::Parameters => "parameters",
            Field::ReturnType => "return_type",
            Field::Right => "right",
            Field::Subscript => "subscript",
            Field::Superclasses => "superclasses",
            Field::Type => "type",
            Field::TypeConversion => "type_conversion",
            Field::Value => "value",
        }
    }

    /// The child of `node` in this field.
    pub(super) fn of<'t>(self, node: Node<'t>) -> Option<Node<'t>> {
        match table().ids[self as usize] {
            0 => None,
            id => node.child_by_field_id(id),
        }
    }

    /// The field a tree-sitter field id stands for, if lowering reads it.
    pub(super) fn from_id(id: u16) -> Option<Field> {
        table().fields.get(usize::from(id)).copied().flatten()
    }
}

struct Table {
    /// Field id per [`Field`]; 0 when the grammar lacks the field.
    ids: [u16; Field::ALL.len()],
    /// [`Field`] per field id.
    fields: Vec<Option<Field>>,
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        let language = Language::from(tree_sitter_python::LANGUAGE);
        let ids = Field::ALL.map(|field| {
            language
                .field_id_for_name(field.grammar_name())
                .map_or(0, |id| id.get())
        });
        let mut fields = vec![None; usize::from(ids.iter().copied().max().unwrap_or(0)) + 1];
        for (field, id) in Field::ALL.into_iter().zip(ids) {
            if id != 0 {
                fields[usize::from(id)] = Some(field);
            }
        }
        Table { ids, fields }
    })
}
