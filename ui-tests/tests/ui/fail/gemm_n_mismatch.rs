//! gemm: B is 2×4 (N = 2) but C is 8×3 (N = 3).
use cute_static::{Tensor, algorithm::gemm, layout};

fn main() {
    let (a, b, mut c) = ([1i32; 32], [1i32; 8], [0i32; 24]);
    let ta = Tensor::new(&a[..], layout!((8, 4):(1, 8))).unwrap();
    let tb = Tensor::new(&b[..], layout!((2, 4):(1, 2))).unwrap();
    let mut tc = Tensor::new(&mut c[..], layout!((8, 3):(1, 8))).unwrap();
    gemm(&ta, &tb, &mut tc);
}
