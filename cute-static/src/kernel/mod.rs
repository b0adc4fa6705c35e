//! Layer 3, tensors and kernels over static and mixed layouts.

pub(crate) mod algorithms;
pub(crate) mod layout;
pub(crate) mod partition;
pub(crate) mod tensor;
