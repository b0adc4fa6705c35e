//! gemm: A is 8×4 (M = 8) but C is 4×2 (M = 4).
use cute_static::{Tensor, algorithm::gemm, layout};

fn main() {
    let (a, b, mut c) = ([1i32; 32], [1i32; 8], [0i32; 8]);
    let ta = Tensor::new(&a[..], layout!((8, 4):(1, 8))).unwrap();
    let tb = Tensor::new(&b[..], layout!((2, 4):(1, 2))).unwrap();
    let mut tc = Tensor::new(&mut c[..], layout!((4, 2):(1, 4))).unwrap();
    gemm(&ta, &tb, &mut tc);
}
