//! Slicing: `slice`, `dice`, `domain_offset`: its laws on random operands, CuTe's answers and
//! the documented errors.

use crate::support::{config, coord_like, l, layout, with_leaves};
use cute_dynamic::{Coord, IntTuple, idx2crd};
use cute_tests::arb_layout;
use cute_tools::laws;
use proptest::prelude::*;

proptest! {
    #[test]
    fn domain_offset(l in layout(), c in prop::collection::vec(-3i64..10, 1..8), whole in any::<bool>()) {
        let coord = if whole { IntTuple::int(c[0]) } else { with_leaves(l.shape(), &c) };
        let r = cute_dynamic::domain_offset(&coord, &l).unwrap();
        prop_assert_eq!(laws::check_domain_offset(&coord, &l, &r.0, r.1), Ok(()));
    }

    #[test]
    fn dice(l in layout(), choices in prop::collection::vec(any::<u8>(), 1..12)) {
        let mut k = 0;
        let coord: Coord = coord_like(l.shape(), &choices, &mut k).parse().unwrap();
        let r = cute_dynamic::dice(&coord, &l).unwrap();
        prop_assert_eq!(laws::check_dice(&coord, &l, &r), Ok(()));
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn slicing_splits_the_offset(l in arb_layout(40), i in 0i64..4096, holes in prop::collection::vec(any::<bool>(), 4)) {
        // A natural coordinate at the top level, some modes replaced by `_`.
        if l.shape().is_int() { return Ok(()); }
        let c = idx2crd(i % l.size(), l.shape());
        let coord = Coord::Tuple((0..l.rank()).map(|k| if holes[k] { Coord::Hole } else { Coord::from(c.get(k).unwrap()) }).collect());
        let (sub, off) = l.slice(&coord).unwrap();
        prop_assert_eq!(laws::check_slice(&l, &coord, &sub, off), Ok(()));
    }
}

#[test]
fn slicing_2_5_1() {
    let a = l("((3,2),((2,3),2)):((4,1),((2,15),100))");
    let cases = [
        ("(2,_)", 8, "(((2,3),2)):(((2,15),100))"),
        ("(_,5)", 32, "((3,2)):((4,1))"),
        ("(2,((0,_),_))", 8, "(3,2):(15,100)"),
        ("((1,_),((_,0),_))", 4, "(2,2,2):(1,2,100)"),
    ];
    for (c, off, sub) in cases {
        let (r, o) = a.slice(&c.parse().unwrap()).unwrap();
        assert_eq!((o, r.to_string().as_str()), (off, sub), "{c}");
    }
}
