//! Names as identities: the `known_names!` macro turns a table of Python or
//! torch names into an enum, so that code dispatches on variants and the
//! strings live in exactly one place, the table (as ty's `KnownFunction`).

/// Declares `enum $name` with one variant per `Variant = "name"` row, plus
/// `ALL`, `from_name` and `name`. Several rows may not share a name.
macro_rules! known_names {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $text:literal ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[allow(clippy::enum_variant_names)]
        $vis enum $name {
            $( $(#[$vmeta])* $variant ),+
        }

        #[allow(dead_code)]
        impl $name {
            /// Every variant, in table order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The variant named `name`, if the table has it.
            pub fn from_name(name: &str) -> Option<$name> {
                match name {
                    $( $text => Some($name::$variant), )+
                    _ => None,
                }
            }

            /// The name this variant stands for.
            pub fn name(self) -> &'static str {
                match self {
                    $( $name::$variant => $text, )+
                }
            }
        }
    };
}

pub(crate) use known_names;

#[cfg(test)]
mod tests {
    known_names! {
        enum Colour {
            Red = "red",
            DarkBlue = "dark.blue",
        }
    }

    #[test]
    fn names_and_variants_round_trip() {
        for c in Colour::ALL {
            assert_eq!(Colour::from_name(c.name()), Some(*c));
        }
        assert_eq!(Colour::from_name("dark.blue"), Some(Colour::DarkBlue));
        assert_eq!(Colour::from_name("green"), None);
    }
}
