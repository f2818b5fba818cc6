//! Names as identities: the macro that declares an enum of the names one
//! namespace defines (a module's functions, a type's methods) with its
//! table, so that a qualified name is looked up once, at the boundary, and
//! everything past it matches variants.

/// Declares `enum $Enum { $Variant = "name", ... }` with `ALL`, `name()`
/// and `from_name()`. The table is the single place a name is spelled.
macro_rules! known_names {
    (
        $(#[$meta:meta])*
        $vis:vis enum $Enum:ident {
            $($(#[$variant_meta:meta])* $Variant:ident = $name:literal),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[allow(clippy::enum_variant_names)]
        $vis enum $Enum {
            $($(#[$variant_meta])* $Variant),*
        }

        impl $Enum {
            /// Every variant, in table order.
            #[allow(dead_code)]
            pub const ALL: &'static [$Enum] = &[$($Enum::$Variant),*];

            /// The name as Python spells it.
            #[allow(dead_code)]
            pub const fn name(self) -> &'static str {
                match self {
                    $($Enum::$Variant => $name),*
                }
            }

            /// The variant spelled `name`, if this namespace defines it.
            pub fn from_name(name: &str) -> Option<Self> {
                match name {
                    $($name => Some($Enum::$Variant),)*
                    _ => None,
                }
            }
        }
    };
}

pub(crate) use known_names;

#[cfg(test)]
mod tests {
    known_names! {
        enum Sample { One = "one", Two = "two" }
    }

    #[test]
    fn names_round_trip() {
        for v in Sample::ALL {
            assert_eq!(Sample::from_name(v.name()), Some(*v));
        }
        assert_eq!(Sample::from_name("three"), None);
    }
}
