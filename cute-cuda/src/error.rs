//! The crate's one error type.

use std::fmt;
use std::path::PathBuf;

use cudarc::driver::DriverError;

/// What went wrong on the host side of a kernel: no panics, every failure
/// of the driver, the module or a check is one of these.
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// The CUDA driver library could not be opened (a machine without an
    /// NVIDIA driver): the names searched.
    NoDriver {
        /// The library file names tried, in order.
        searched: Vec<String>,
    },
    /// The driver is there but reports no device (or fewer than asked).
    NoDevice {
        /// The device ordinal asked for.
        ordinal: usize,
        /// The number of devices the driver reports.
        count: usize,
    },
    /// A driver call failed.
    Driver {
        /// What the crate was doing (`cuModuleLoadData`, `launch sgemm_1`, …).
        call: String,
        /// The driver's error.
        source: DriverError,
    },
    /// No PTX module at this path.
    PtxMissing {
        /// The path tried.
        path: PathBuf,
        /// How the path was chosen and how to build the module.
        hint: String,
    },
    /// The module text holds a NUL byte (not PTX).
    PtxInvalid {
        /// The path or `embedded`.
        origin: String,
    },
    /// The module has no kernel of this name.
    KernelMissing {
        /// The kernel's name.
        name: String,
    },
    /// A launch configuration the device cannot run.
    Launch {
        /// The kernel.
        kernel: String,
        /// Which limit, with the numbers.
        reason: String,
    },
    /// A layout could not be built (a run-time leaf out of range).
    Layout(cute_static::Error),
    /// TMA descriptor arguments the driver would refuse.
    TensorMap {
        /// The rule broken, with the numbers.
        reason: String,
    },
    /// cuBLAS failed, or its library is not there.
    Cublas {
        /// What failed.
        reason: String,
    },
    /// A file (a CuTe executable's output, a cubin) could not be read.
    Io {
        /// The path.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
}

impl Error {
    /// The error of `source` while doing `call`.
    pub fn driver(call: impl Into<String>, source: DriverError) -> Self {
        Error::Driver {
            call: call.into(),
            source,
        }
    }
    /// Whether this error means "no GPU here" (no driver, no device): what
    /// a runner reports as a skip, never as a pass.
    pub fn is_no_device(&self) -> bool {
        matches!(self, Error::NoDriver { .. } | Error::NoDevice { .. })
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::NoDriver { searched } => {
                let shown: Vec<&str> = searched.iter().take(3).map(String::as_str).collect();
                write!(
                    f,
                    "no CUDA driver: the driver library could not be opened (searched {}{})",
                    shown.join(", "),
                    match searched.len().saturating_sub(shown.len()) {
                        0 => String::new(),
                        more => format!(" and {more} more names"),
                    }
                )
            }
            Error::NoDevice { ordinal, count } => write!(
                f,
                "no CUDA device {ordinal}: the driver reports {count} device(s)"
            ),
            Error::Driver { call, source } => write!(f, "{call}: CUDA driver error {source:?}"),
            Error::PtxMissing { path, hint } => {
                write!(f, "no PTX module at {}: {hint}", path.display())
            }
            Error::PtxInvalid { origin } => {
                write!(f, "the module {origin} holds a NUL byte: not PTX text")
            }
            Error::KernelMissing { name } => write!(f, "{name}: not in the PTX module"),
            Error::Launch { kernel, reason } => write!(f, "cannot launch {kernel}: {reason}"),
            Error::Layout(e) => write!(f, "layout: {e}"),
            Error::TensorMap { reason } => write!(f, "cuTensorMapEncodeTiled: {reason}"),
            Error::Cublas { reason } => write!(f, "cuBLAS: {reason}"),
            Error::Io { path, source } => write!(f, "{}: {source}", path.display()),
        }
    }
}

impl std::error::Error for Error {}

impl From<cute_static::Error> for Error {
    fn from(e: cute_static::Error) -> Self {
        Error::Layout(e)
    }
}

/// The crate's result.
pub type Result<T, E = Error> = std::result::Result<T, E>;
