//! Layer 3, tensors and kernels over static layouts.

pub(crate) mod algorithms;
pub(crate) mod composed;
pub(crate) mod tensor;
