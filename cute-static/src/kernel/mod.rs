//! Layer 3, tensors and kernels over static, mixed and composed layouts.

pub(crate) mod algorithms;
pub(crate) mod composed;
pub(crate) mod computed;
#[cfg(any(target_arch = "nvptx64", feature = "std"))]
pub(crate) mod device;
pub(crate) mod layout;
pub(crate) mod partition;
pub(crate) mod tensor;
