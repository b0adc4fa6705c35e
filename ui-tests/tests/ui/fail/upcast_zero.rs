//! upcast by a factor of 0.
use cute_static::layout;

fn main() {
    let r = layout!((4, 8):(1, 4)).upcast::<0>();
    println!("{r}");
}
