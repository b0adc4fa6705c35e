//! Layer 3, tensors and kernels: a layout over storage, and the generic
//! algorithms (`copy`, `axpby`, `gemm`) written once over tensors.

pub(crate) mod algorithms;
pub(crate) mod partition;
pub(crate) mod predicate;
pub(crate) mod tensor;
