//! Meta functions: the dtype and shape rules of op families (elementwise
//! with broadcasting and type promotion, reductions, views, matmul family,
//! convolution and pooling, normalization, constructors), each recording
//! its node and adding the guards torch would add.
//!
//! One file per family: argument helpers (`args.rs`), `elementwise.rs`,
//! `reductions.rs`, `matmul.rs`, `conv_pool.rs`, `norm.rs`,
//! `nn_functional.rs`, `prelude_ops.rs`. Their functions are re-exported
//! here, so the registry names each as `meta::f`.

mod args;
mod conv_pool;
mod elementwise;
mod matmul;
mod nn_functional;
mod norm;
mod prelude_ops;
mod reductions;
mod scatter;

pub use args::*;
pub use conv_pool::*;
pub use elementwise::*;
pub use matmul::*;
pub use nn_functional::*;
pub use norm::*;
pub use prelude_ops::*;
pub use reductions::*;
pub use scatter::*;
