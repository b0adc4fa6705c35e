// A swizzle type whose shift is shorter than its bit count: using it does
// not compile, and the error names the rule (|S| must be at least B).
use cute_static::layout::Swizzle;

fn main() {
    let sw = Swizzle::<3, 3, -2>::new();
    println!("{}", sw.apply(64));
}
