//! gemm: A is 8×4 (K = 4) but B is 2×(2,3) (K = 6).
use cute_static::{Tensor, algorithm::gemm, layout};

fn main() {
    let (a, b, mut c) = ([1i32; 32], [1i32; 12], [0i32; 16]);
    let ta = Tensor::new(&a[..], layout!((8, 4):(1, 8))).unwrap();
    let tb = Tensor::new(&b[..], layout!((2, (2, 3)):(1, (2, 4)))).unwrap();
    let mut tc = Tensor::new(&mut c[..], layout!((8, 2):(1, 8))).unwrap();
    gemm(&ta, &tb, &mut tc);
}
