//! Errors of a run: what kind of problem stopped it, in words a user can act
//! on. `Skip` kinds (random state, unknown values) mean the run cannot be
//! reproduced number for number; the others are failures.

use std::fmt;

/// Why a run stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// No kernel for an op (`no kernel for aten.X (node N, line L)`).
    NoKernel,
    /// The op's inputs are outside what the kernel supports.
    Unsupported,
    /// The values cannot be reproduced: random state or random ops.
    Random,
    /// A buffer, constant or input whose values the tracer does not know.
    UnknownValues,
    /// A run would need more memory than allowed.
    Memory,
    /// A runtime check failed (shape mismatch, assertion, guard).
    Runtime,
    /// The export itself fails, so there is no program to run.
    ExportFails,
    /// The tracer could not follow the model, so there is no program.
    AnalysisIncomplete,
    /// A bug in the interpreter (mismatch with the traced metadata).
    Internal,
    /// A `--weights` file that cannot be read or does not fit the model.
    Weights,
    /// An `--input NAME=SHAPE` the program cannot run with.
    Input,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub kind: ErrorKind,
    pub message: String,
}

pub type Res<T> = Result<T, Error>;

impl Error {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error {
            kind,
            message: message.into(),
        }
    }
    pub fn unsupported(m: impl Into<String>) -> Error {
        Error::new(ErrorKind::Unsupported, m)
    }
    pub fn runtime(m: impl Into<String>) -> Error {
        Error::new(ErrorKind::Runtime, m)
    }
    pub fn internal(m: impl Into<String>) -> Error {
        Error::new(ErrorKind::Internal, m)
    }
    pub fn random(m: impl Into<String>) -> Error {
        Error::new(ErrorKind::Random, m)
    }
    pub fn unknown(m: impl Into<String>) -> Error {
        Error::new(ErrorKind::UnknownValues, m)
    }

    /// Prefix the message with where it happened.
    pub fn at(mut self, target: &str, node: usize, line: Option<u32>) -> Error {
        let line = line.map_or("?".to_string(), |l| l.to_string());
        if self.kind == ErrorKind::NoKernel {
            self.message = format!("{} (node {node}, line {line})", self.message);
            return self;
        }
        self.message = format!("{target} (node {node}, line {line}): {}", self.message);
        self
    }

    /// A short label for the kind, as reports print it.
    pub fn label(&self) -> &'static str {
        match self.kind {
            ErrorKind::NoKernel => "no kernel",
            ErrorKind::Unsupported => "unsupported",
            ErrorKind::Random => "random",
            ErrorKind::UnknownValues => "unknown values",
            ErrorKind::Memory => "memory",
            ErrorKind::Runtime => "runtime error",
            ErrorKind::ExportFails => "export fails",
            ErrorKind::AnalysisIncomplete => "analysis incomplete",
            ErrorKind::Internal => "internal error",
            ErrorKind::Weights => "weights",
            ErrorKind::Input => "input",
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

impl From<candle_core::Error> for Error {
    fn from(e: candle_core::Error) -> Error {
        let text = e.to_string();
        let first = text.lines().next().unwrap_or("").to_string();
        Error::runtime(format!("tensor library: {first}"))
    }
}
