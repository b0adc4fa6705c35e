//! Literals nest at most 64 levels (the grammar's bound, which every static
//! depth up to it compiles within the default recursion limit).
use cute_static::Layout;

type L = Layout![(((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((1, 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1), 1)];

fn main() {
    println!("{}", L::default());
}
