//! copy needs size(src) == size(dst); a 8×8 tile does not fit in 32 slots.
use cute_static::{Tensor, algorithm::copy, layout};

fn main() {
    let src = [0.0f32; 64];
    let mut dst = [0.0f32; 32];
    let s = Tensor::new(&src[..], layout!((8, 8):(1, 8))).unwrap();
    let mut d = Tensor::new(&mut dst[..], layout!(32:1)).unwrap();
    copy(&s, &mut d);
}
