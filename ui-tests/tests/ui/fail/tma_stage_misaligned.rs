// A 128-byte-swizzled stage must start on a 1024-byte boundary (one swizzle
// pattern); 512 does not compile.
use cute_static::atom::TmaBox;

fn main() {
    let _ = TmaBox::<2, 3, 3, 3, 64, 128>::stage::<512>();
}
