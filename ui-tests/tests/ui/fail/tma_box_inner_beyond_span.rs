// A 128-byte-swizzled TMA box of 128 halves a row (256 bytes): wider than
// the swizzle span, so naming it does not compile, and the first line names
// the rule.
use cute_static::atom::TmaBox;

fn main() {
    let _ = TmaBox::<2, 3, 3, 3, 128, 8>::new();
}
