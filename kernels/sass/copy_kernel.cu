// CuTe's `copy_kernel` of examples/cute/tutorial/tiled_copy.cu, which that
// file defines but never launches (its main launches only
// `copy_kernel_vectorized`), so nvcc emits no code for it. This file
// includes the tutorial unchanged and instantiates `copy_kernel` with the
// arguments its main builds for the vectorized kernel: the (256, 512) f32
// tensors tiled by (128, 64), and the same (32, 8) thread layout.
// Compiled by kernels/sass/compare.py with -I<tutorial directory>.
#include "tiled_copy.cu"

namespace sass_compare {
using namespace cute;
using TiledTensor = decltype(tiled_divide(
    make_tensor(make_gmem_ptr(static_cast<float *>(nullptr)),
                make_layout(make_shape(int{}, int{}))),
    make_shape(Int<128>{}, Int<64>{})));
using ThreadLayout = decltype(make_layout(make_shape(Int<32>{}, Int<8>{})));
} // namespace sass_compare

template __global__ void
copy_kernel<sass_compare::TiledTensor, sass_compare::TiledTensor,
            sass_compare::ThreadLayout>(sass_compare::TiledTensor,
                                        sass_compare::TiledTensor,
                                        sass_compare::ThreadLayout);
