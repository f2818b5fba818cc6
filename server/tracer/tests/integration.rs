//! The crate's integration tests, one module per file, built as one
//! test binary (one link instead of one per file). The fuzzers and
//! long runs that print their figures are test targets of their own.

mod affine_size_guards;
mod assignment_guards;
mod assumed;
mod aten_packets;
mod aten_slice;
mod boolean_masks;
mod broadcast_or_guards;
mod builtin_min_max;
mod common;
mod conjunction_guards;
mod constraint_guards;
mod conv_output_guards;
mod data_dependent_outputs;
mod deep_values;
mod derived_dims;
mod diff_guards;
mod dim_hints;
mod dynamic_splits;
mod dynamo_breaks;
mod eager_values;
mod elementwise_input_guards;
mod entries;
mod huge_inputs;
mod imports;
mod incomplete;
mod input_order;
mod internal_view_guards;
mod introspection;
mod library;
mod linear_bias_guards;
mod memory;
mod module_python;
mod nonzero_static;
mod open_product_guards;
mod overloads;
mod prelude_nn;
mod python_semantics;
mod range_refinement;
mod reflection_pad_guards;
mod reshape_guards;
mod reuse;
mod size_fit_guards;
mod suppressed_guard_text;
mod torch_python_functions;
