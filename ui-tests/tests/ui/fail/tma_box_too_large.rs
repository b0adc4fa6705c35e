// A TMA box mode of 512 elements: the hardware's limit is 256.
use cute_static::atom::TmaBox;

fn main() {
    println!("{}", TmaBox::<4, 0, 0, 0, 512, 2>::BYTES);
}
