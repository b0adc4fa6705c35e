//! A right side with several non-trivial modes and a negative stride among
//! them is not checked for carries: rejected, as cute-dynamic does.
use cute_static::layout;

fn main() {
    let r = layout!((4, 4):(1, 4)).compose(layout!((2, 2):(-1, 4)));
    println!("{r}");
}
