//! Sizes beyond the readable constants (here 1536) are shown as the size of
//! the shape, never as a typenum integer.
use cute_static::{Tensor, algorithm::copy, layout};

fn main() {
    let src = vec![0u16; 1536];
    let mut dst = vec![0u16; 1024];
    let s = Tensor::new(&src[..], layout!((48, 32):(1, 48))).unwrap();
    let mut d = Tensor::new(&mut dst[..], layout!((32, 32):(1, 32))).unwrap();
    copy(&s, &mut d);
}
