//! The handlers of the notifications `server.rs` dispatches (document
//! notifications are applied in order by `crate::ordered`, watched files by
//! `crate::state`).

pub mod did_change_configuration;
pub mod initialized;
