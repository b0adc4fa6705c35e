//! The static algebra compiles to constants and agrees with the paper.
use cute_static::{algebra::Composed, Layout, layout::StaticLayout, layout, tiler};

type A = Layout![(4, 6, 8, 10):(2, 3, 5, 7)];
type R = Composed<A, Layout![6:12]>;

fn main() {
    static_assertions::assert_type_eq_all!(R, Layout![(2, 3):(9, 5)]);
    assert_eq!(core::mem::size_of::<R>(), 0);
    assert_eq!(R::SIZE, 6);
    let a = A::default();
    for i in 0..6 {
        assert_eq!(R::default().call(i), a.call(12 * i));
    }
    let t = layout!((8, 8):(1, 8)).logical_divide(tiler!(<2:1, 4:1>));
    assert_eq!(t.to_string(), "((_2,_4),(_4,_2)):((_1,_2),(_8,_32))");
}
