//! Helpers shared by the kernel tests: a call node carrying the traced
//! output dtype and shape a kernel reads.

use shapes::SymExpr;
use tracer::dtype::DType;
use tracer::graph::{MetaVal, Node, NodeOp};

/// A `call_function` node of `target` whose traced value is a tensor of
/// `dtype` and `shape`.
pub fn node(target: &str, dtype: DType, shape: &[i64]) -> Node {
    Node {
        op: NodeOp::CallFunction {
            target: target.into(),
            args: vec![],
            kwargs: vec![],
        },
        val: MetaVal::Tensor {
            dtype,
            shape: shape.iter().map(|d| SymExpr::int(*d)).collect(),
        },
        line: Some(1),
        code: None,
        base_name: String::new(),
        side_effect: false,
        late_named: false,
        hidden: false,
        probe: false,
    }
}
