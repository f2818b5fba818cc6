//! The six comparisons of symbolic and concrete integers, with their
//! negation, mirror image and the names torch records them under.

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpKind {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl CmpKind {
    pub fn negate(self) -> CmpKind {
        match self {
            CmpKind::Eq => CmpKind::Ne,
            CmpKind::Ne => CmpKind::Eq,
            CmpKind::Lt => CmpKind::Ge,
            CmpKind::Le => CmpKind::Gt,
            CmpKind::Gt => CmpKind::Le,
            CmpKind::Ge => CmpKind::Lt,
        }
    }

    /// The comparison with its sides swapped: `a < b` is `b > a`.
    pub fn mirror(self) -> CmpKind {
        match self {
            CmpKind::Lt => CmpKind::Gt,
            CmpKind::Le => CmpKind::Ge,
            CmpKind::Gt => CmpKind::Lt,
            CmpKind::Ge => CmpKind::Le,
            eq_or_ne => eq_or_ne,
        }
    }

    pub fn holds(self, a: i64, b: i64) -> bool {
        self.holds_for(&a, &b)
    }

    /// Whether `a op b` holds for any ordered values (floats with Python's
    /// NaN rules, strings).
    pub fn holds_for<T: PartialOrd + ?Sized>(self, a: &T, b: &T) -> bool {
        match self {
            CmpKind::Eq => a == b,
            CmpKind::Ne => a != b,
            CmpKind::Lt => a < b,
            CmpKind::Le => a <= b,
            CmpKind::Gt => a > b,
            CmpKind::Ge => a >= b,
        }
    }

    pub fn symbol(self) -> &'static str {
        match self {
            CmpKind::Eq => "==",
            CmpKind::Ne => "!=",
            CmpKind::Lt => "<",
            CmpKind::Le => "<=",
            CmpKind::Gt => ">",
            CmpKind::Ge => ">=",
        }
    }

    /// The comparison written `symbol` (`"<="`).
    pub fn from_symbol(symbol: &str) -> Option<CmpKind> {
        [
            CmpKind::Eq,
            CmpKind::Ne,
            CmpKind::Lt,
            CmpKind::Le,
            CmpKind::Gt,
            CmpKind::Ge,
        ]
        .into_iter()
        .find(|k| k.symbol() == symbol)
    }

    /// The `_operator` function torch records for this comparison.
    pub fn operator_name(self) -> &'static str {
        match self {
            CmpKind::Eq => "eq",
            CmpKind::Ne => "ne",
            CmpKind::Lt => "lt",
            CmpKind::Le => "le",
            CmpKind::Gt => "gt",
            CmpKind::Ge => "ge",
        }
    }
}
