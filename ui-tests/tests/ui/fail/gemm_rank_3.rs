//! gemm is a rank-2 algorithm: a rank-3 A must be folded first.
use cute_static::{Tensor, algorithm::gemm, layout};

fn main() {
    let (a, b, mut c) = ([1i32; 32], [1i32; 8], [0i32; 16]);
    let ta = Tensor::new(&a[..], layout!((4, 2, 4):(1, 4, 8))).unwrap();
    let tb = Tensor::new(&b[..], layout!((2, 4):(1, 2))).unwrap();
    let mut tc = Tensor::new(&mut c[..], layout!((8, 2):(1, 8))).unwrap();
    gemm(&ta, &tb, &mut tc);
}
