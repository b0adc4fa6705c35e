//! CuTe's predication tutorial at run time (the logic of
//! `cute-dynamic/examples/predication.rs`): a 10×13 problem tiled by 4×8,
//! an identity tensor tiled the same way, and `copy_if` touching exactly the
//! in-range elements. The matrices are column-major with a leading
//! dimension of 16: the out-of-range rows of a tile are real memory that
//! must stay untouched, the out-of-range columns lie past the storage.
//! Each predicate and copy also satisfies its law (`cute_tools::laws`).

use cute_dynamic::{
    Coord, IntTuple, Layout, Tensor, Tiler, copy, copy_if, elem_less, local_tile,
    make_fragment_like, make_identity_tensor,
};
use cute_tools::laws::{check_copy_if, check_elem_less};

use crate::support::tensor_values;

const M: i64 = 10;
const N: i64 = 13;
const LD: i64 = 16;
const SENTINEL: i32 = -1;

fn ceil_div(a: i64, b: i64) -> i64 {
    (a + b - 1) / b
}

fn coord(bm: i64, bn: i64) -> Coord {
    Coord::Tuple(vec![Coord::Int(bm), Coord::Int(bn)])
}

/// The source `a` (its offsets) and the destination `b` (all
/// [`SENTINEL`]) of the M×N problem, `LD` apart.
fn inputs() -> (Vec<i32>, Vec<i32>) {
    let len = (LD * N) as usize;
    ((0..len as i32).collect(), vec![SENTINEL; len])
}

/// `$body` for every 4×8 tile `($bm, $bn)`, also the partial ones: `$g_a`
/// of `a`, `$g_b` of `b` (column-major, `LD` apart) and `$c_a` of the
/// identity tensor of `$shape` (M×N).
macro_rules! for_each_tile {
    ($a:expr, $b:expr, |$shape:ident, $bm:ident, $bn:ident, $g_a:ident, $g_b:ident, $c_a:ident| $body:block) => {{
        let $shape = IntTuple::flat([M, N]);
        let layout = Layout::new($shape.clone(), IntTuple::flat([1, LD])).unwrap();
        let m_a = Tensor::new(&$a[..], layout.clone()).unwrap();
        let mut m_b = Tensor::new(&mut $b[..], layout).unwrap();
        let id_a = make_identity_tensor(&$shape).unwrap();
        let tiler: Tiler = "(4,8)".parse().unwrap();
        for $bm in 0..ceil_div(M, 4) {
            for $bn in 0..ceil_div(N, 8) {
                let $g_a = local_tile(&m_a, &tiler, &coord($bm, $bn), None).unwrap();
                let mut $g_b = local_tile(&mut m_b, &tiler, &coord($bm, $bn), None).unwrap();
                let $c_a = local_tile(&id_a, &tiler, &coord($bm, $bn), None).unwrap();
                $body
            }
        }
    }};
}

#[test]
fn copy_if_touches_exactly_the_in_range_elements() {
    let (a, mut b) = inputs();
    let mut selected = 0;
    let mut partial_tiles = 0;
    // Every tile exists, also the partial ones.
    for_each_tile!(a, b, |shape, bm, bn, g_a, g_b, c_a| {
        assert_eq!(g_a.layout().to_string(), "(4,8):(1,16)");
        partial_tiles += usize::from(!g_a.fits_storage());

        let mut p =
            Tensor::<Vec<bool>>::fragment(Layout::column_major(g_a.shape()).unwrap()).unwrap();
        for i in 0..p.size() {
            let c = c_a.at(i).unwrap();
            let inside = elem_less(&c, &shape) == Ok(true);
            assert_eq!(check_elem_less(&c, &shape, inside), Ok(()));
            // The identity tile gives the global coordinate.
            let (lm, ln) = (i % 4, i / 4);
            assert_eq!(c, IntTuple::flat([bm * 4 + lm, bn * 8 + ln]));
            *p.at_mut(i).unwrap() = inside;
            selected += usize::from(inside);
        }
        let mut r = make_fragment_like(&g_a).unwrap();
        let before: Vec<Option<i32>> = (0..r.size()).map(|i| r.at(i)).collect();
        copy_if(&p, &g_a, &mut r).unwrap();
        assert_eq!(
            check_copy_if(&p, &tensor_values(&g_a), &before, &tensor_values(&r)),
            Ok(())
        );
        copy_if(&p, &r, &mut g_b).unwrap();
        // An unpredicated copy of a tile past the storage is an error,
        // never a panic.
        if !g_a.fits_storage() {
            let mut r2 = make_fragment_like(&g_a).unwrap();
            assert!(copy(&g_a, &mut r2).is_err());
        }
    });
    assert_eq!(selected, (M * N) as usize);
    assert!(partial_tiles > 0);
    for n in 0..N {
        for m in 0..LD {
            let k = (n * LD + m) as usize;
            if m < M {
                assert_eq!(b[k], a[k], "in-range ({m},{n}) written");
            } else {
                assert_eq!(b[k], SENTINEL, "padding ({m},{n}) untouched");
            }
        }
    }
}

#[test]
fn the_closure_predicate_gives_the_same_result() {
    let (a, mut b) = inputs();
    for_each_tile!(a, b, |shape, _bm, _bn, g_a, g_b, c_a| {
        let pred = |i: i64| c_a.at(i).is_some_and(|c| elem_less(&c, &shape) == Ok(true));
        copy_if(&pred, &g_a, &mut g_b).unwrap();
    });
    for n in 0..N {
        for m in 0..LD {
            let k = (n * LD + m) as usize;
            assert_eq!(b[k], if m < M { a[k] } else { SENTINEL });
        }
    }
}

#[test]
fn an_unpredicated_access_past_the_storage_is_an_error_and_writes_nothing() {
    let mut b = vec![0i32; 100];
    let mut m_b = Tensor::new(&mut b[..], "(10,10):(1,10)".parse::<Layout>().unwrap()).unwrap();
    let tiler: Tiler = "(4,4)".parse().unwrap();
    let mut last = local_tile(&mut m_b, &tiler, &coord(2, 2), None).unwrap();
    assert!(!last.fits_storage());
    assert!(last.get(&"(3,3)".parse().unwrap()).is_err());
    assert_eq!(
        cute_dynamic::fill(&mut last, 7).unwrap_err().kind(),
        "unsupported"
    );
    let ones = [1i32; 16];
    let src = Tensor::new(&ones[..], "(4,4):(1,4)".parse::<Layout>().unwrap()).unwrap();
    assert!(copy_if(&|_: i64| true, &src, &mut last).is_err());
    drop(last);
    assert!(b.iter().all(|&v| v == 0));
}
