//! An SM90 GMMA SS atom reads A from shared memory through a descriptor:
//! the register fragment `partition_fragment_a` of its A does not compile,
//! and the error names the method that builds the descriptor fragment.
use cute_static::{Tensor, layout, atom::{MajorK, SM90_64x64x16_F32F16F16_SS, make_tiled_mma}};

fn main() {
    let mma = make_tiled_mma(
        SM90_64x64x16_F32F16F16_SS::<MajorK, MajorK>::new(),
        layout!((1, 1, 1)),
        (),
    );
    let smem = [0u16; 64 * 64];
    let s_a = Tensor::new(&smem[..], layout!((64, 64):(64, 1))).unwrap();
    let _ = mma.get_slice(0).unwrap().partition_fragment_a(&s_a);
}
