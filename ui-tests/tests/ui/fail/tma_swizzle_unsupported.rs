// Sw<2,4,3> on half offsets is Sw<2,5,3> on bytes: not one of TMA's swizzles.
use cute_static::atom::TmaBox;

fn main() {
    let _ = TmaBox::<2, 2, 4, 3, 32, 8>::new();
}
