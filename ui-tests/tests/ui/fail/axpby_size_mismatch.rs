//! axpby needs size(x) == size(y).
use cute_static::{Tensor, algorithm::axpby, layout};

fn main() {
    let x = [1.0f64; 12];
    let mut y = [0.0f64; 16];
    let tx = Tensor::new(&x[..], layout!((3, 4):(4, 1))).unwrap();
    let mut ty = Tensor::new(&mut y[..], layout!((4, 4):(1, 4))).unwrap();
    axpby(2.0, &tx, 1.0, &mut ty);
}
