//! A slice coordinate needs one entry per top-level mode.
use cute_static::{Tensor, tensor::__, layout};

fn main() {
    let data = [0u8; 24];
    let t = Tensor::new(&data[..], layout!((2, 3, 4))).unwrap();
    let s = t.slice((1, __)).unwrap();
    println!("{:?}", s.get(0));
}
