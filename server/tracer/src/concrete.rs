//! Concrete mode: a caller-supplied evaluator of tensor data.
//!
//! Tracing never looks at tensor values: a Python decision on tensor data
//! (`if x.sum() > 0`, `range(n.item())`, `while tensor`) is a
//! data-dependent failure, as in torch.export. A caller that can compute
//! values (the `interp` crate runs the graph recorded so far on its
//! deterministic inputs) supplies a [`ConcreteEval`] in
//! [`crate::entry::TraceOptions`]; the tracer then asks it for the value
//! of the node it must decide on and follows the branch eager PyTorch
//! takes. The tracer stays free of kernels and I/O: it only passes the
//! graph and the shape environment.

use crate::graph::{Graph, NodeId};
use crate::shape_env::ShapeEnv;

/// One Python scalar read from tensor data.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scalar {
    Bool(bool),
    Int(i64),
    Float(f64),
}

impl Scalar {
    /// The Python value.
    pub fn to_value(self) -> crate::value::Value {
        match self {
            Scalar::Bool(b) => crate::value::Value::Bool(b),
            Scalar::Int(i) => crate::value::Value::Int(i),
            Scalar::Float(f) => crate::value::Value::Float(f),
        }
    }

    /// Python truthiness.
    pub fn truthy(self) -> bool {
        match self {
            Scalar::Bool(b) => b,
            Scalar::Int(i) => i != 0,
            Scalar::Float(f) => f != 0.0,
        }
    }
}

/// Computes the value of a one-element tensor node of the graph recorded
/// so far. `None`: the value cannot be computed (the tracer then fails as
/// it does without an evaluator).
pub trait ConcreteEval {
    fn scalar(&self, graph: &Graph, env: &ShapeEnv, node: NodeId) -> Option<Scalar>;
}
