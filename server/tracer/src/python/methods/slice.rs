//! The attributes of `slice` (it has no method the tracer models).

use crate::python::names::known_names;

known_names! {
    /// The data attributes of `slice`, in the order a `Value::Slice` holds
    /// them.
    pub enum SliceAttribute {
        Start = "start",
        Stop = "stop",
        Step = "step",
    }
}
