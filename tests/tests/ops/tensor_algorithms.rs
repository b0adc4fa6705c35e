//! Tensors and the generic algorithms of Cecka §2.6: `copy` on every row of
//! Table 2 and `gemm` on every row of Table 3, each against a naive loop over
//! explicitly materialised arrays; tensor indexing, slicing and partitioning
//! against brute force.

use cute_dynamic::{
    Coord, IntTuple, Layout, Tensor, Tiler, copy, downcast, gemm, idx2crd, make_counting_tensor,
    upcast,
};
use cute_tools::laws;
use proptest::prelude::*;

fn l(s: &str) -> Layout {
    s.parse().unwrap()
}

/// Copy `src_layout → dst_layout` with the generic `copy` and compare with
/// `naive` applied to the same explicit arrays.
fn check_copy(src_layout: &str, dst_layout: &str, naive: impl Fn(&[i64], &mut [i64])) {
    let src: Vec<i64> = (0..200).map(|x| 7 * x + 3).collect();
    let mut dst = vec![-1i64; 200];
    let mut want = dst.clone();
    naive(&src, &mut want);
    let s = Tensor::new(&src[..], l(src_layout)).unwrap();
    let mut d = Tensor::new(&mut dst[..], l(dst_layout)).unwrap();
    copy(&s, &mut d).unwrap();
    assert_eq!(dst, want, "copy {src_layout} -> {dst_layout}");
}

#[test]
fn copy_table_2_every_row() {
    // 1D arrays
    check_copy("8:1", "8:1", |s, d| (0..8).for_each(|i| d[i] = s[i]));
    // ND arrays
    check_copy("(8,2,3):(1,16,32)", "(8,2,3):(1,16,32)", |s, d| {
        for k in 0..3 {
            for j in 0..2 {
                for i in 0..8 {
                    let o = i + 16 * j + 32 * k;
                    d[o] = s[o];
                }
            }
        }
    });
    // Gather
    check_copy("(2,3,2):(42,1,128)", "12:1", |s, d| {
        for k in 0..2 {
            for j in 0..3 {
                for i in 0..2 {
                    d[i + 2 * j + 6 * k] = s[42 * i + j + 128 * k];
                }
            }
        }
    });
    // Scatter
    check_copy("12:1", "(2,3,2):(42,1,128)", |s, d| {
        for k in 0..2 {
            for j in 0..3 {
                for i in 0..2 {
                    d[42 * i + j + 128 * k] = s[i + 2 * j + 6 * k];
                }
            }
        }
    });
    // Broadcast
    check_copy("7:0", "7:1", |s, d| (0..7).for_each(|i| d[i] = s[0]));
    // Constant
    check_copy("7:0", "7:0", |s, d| d[0] = s[0]);
    // Transpose
    check_copy("(8,3):(1,8)", "(8,3):(3,1)", |s, d| {
        for j in 0..3 {
            for i in 0..8 {
                d[3 * i + j] = s[i + 8 * j];
            }
        }
    });
    // Tensor transpose
    check_copy("(8,(3,5)):(1,(57,8))", "(8,15):(1,8)", |s, d| {
        for b in 0..5 {
            for a in 0..3 {
                for i in 0..8 {
                    d[i + 8 * (a + 3 * b)] = s[i + 57 * a + 8 * b];
                }
            }
        }
    });
}

#[test]
fn copy_rejects_different_sizes() {
    let src = [0i64; 8];
    let mut dst = [0i64; 8];
    let s = Tensor::new(&src[..], l("8:1")).unwrap();
    let mut d = Tensor::new(&mut dst[..], l("4:1")).unwrap();
    assert_eq!(copy(&s, &mut d).unwrap_err().kind(), "not_compatible");
}

fn data(n: usize, seed: i64) -> Vec<i64> {
    (0..n as i64).map(|x| (x * 7 + seed) % 11 - 5).collect()
}

/// Run the generic gemm on the three layouts and compare with `naive`.
fn check_gemm(la: &Layout, lb: &Layout, lc: &Layout, naive: impl Fn(&[i64], &[i64], &mut [i64])) {
    let a = data(la.cosize().unwrap() as usize, 1);
    let b = data(lb.cosize().unwrap() as usize, 4);
    let c0 = data(lc.cosize().unwrap() as usize, 9);
    let mut c = c0.clone();
    let mut want = c0;
    naive(&a, &b, &mut want);
    let ta = Tensor::new(&a[..], la.clone()).unwrap();
    let tb = Tensor::new(&b[..], lb.clone()).unwrap();
    let mut tc = Tensor::new(&mut c[..], lc.clone()).unwrap();
    gemm(&ta, &tb, &mut tc).unwrap();
    assert_eq!(c, want, "gemm {la} x {lb} -> {lc}");
}

fn lay(shape: &str, stride: &str) -> Layout {
    Layout::new(shape.parse().unwrap(), stride.parse().unwrap()).unwrap()
}

#[test]
fn gemm_table_3_blas_rows() {
    let (m, n, k) = (3usize, 4usize, 5usize);
    // NT: A (M,K):(1,lda), B (N,K):(1,ldb), C (M,N):(1,ldc), padded leading dims.
    let (lda, ldb, ldc) = (4, 6, 5);
    check_gemm(
        &lay("(3,5)", &format!("(1,{lda})")),
        &lay("(4,5)", &format!("(1,{ldb})")),
        &lay("(3,4)", &format!("(1,{ldc})")),
        |a, b, c| {
            for kk in 0..k {
                for nn in 0..n {
                    for mm in 0..m {
                        c[mm + nn * ldc] += a[mm + kk * lda] * b[nn + kk * ldb];
                    }
                }
            }
        },
    );
    // TN: A (M,K):(lda,1), B (N,K):(ldb,1), C (M,N):(1,ldc).
    let (lda, ldb, ldc) = (6, 5, 3);
    check_gemm(
        &lay("(3,5)", &format!("({lda},1)")),
        &lay("(4,5)", &format!("({ldb},1)")),
        &lay("(3,4)", &format!("(1,{ldc})")),
        |a, b, c| {
            for mm in 0..m {
                for nn in 0..n {
                    for kk in 0..k {
                        c[mm + nn * ldc] += a[mm * lda + kk] * b[nn * ldb + kk];
                    }
                }
            }
        },
    );
    // NTT: the roles of A and B swap and C is (N,M): computes Cᵀ = B·Aᵀ.
    let (lda, ldb, ldc) = (3, 4, 4);
    check_gemm(
        &lay("(4,5)", &format!("(1,{ldb})")),
        &lay("(3,5)", &format!("(1,{lda})")),
        &lay("(4,3)", &format!("(1,{ldc})")),
        |bm, am, c| {
            for mm in 0..m {
                for nn in 0..n {
                    for kk in 0..k {
                        c[nn + mm * ldc] += am[mm + kk * lda] * bm[nn + kk * ldb];
                    }
                }
            }
        },
    );
    // BLIS: general strides on every mode.
    let (dma, dka, dnb, dkb, dmc, dnc) = (2, 7, 11, 1, 5, 1);
    check_gemm(
        &lay("(3,5)", &format!("({dma},{dka})")),
        &lay("(4,5)", &format!("({dnb},{dkb})")),
        &lay("(3,4)", &format!("({dmc},{dnc})")),
        |a, b, c| {
            for mm in 0..m {
                for nn in 0..n {
                    for kk in 0..k {
                        c[mm * dmc + nn * dnc] += a[mm * dma + kk * dka] * b[nn * dnb + kk * dkb];
                    }
                }
            }
        },
    );
}

#[test]
fn gemm_table_3_gett_rows() {
    // GETT 1: A ((M1,M2),K):((1,W),X), B (N,K):(K,1), C ((M1,M2),N):((1,Y),Z).
    let (m1, m2, k, n) = (2usize, 3usize, 4usize, 3usize);
    let (w, x, y, z) = (3, 9, 2, 6);
    check_gemm(
        &lay("((2,3),4)", &format!("((1,{w}),{x})")),
        &lay("(3,4)", &format!("({k},1)")),
        &lay("((2,3),3)", &format!("((1,{y}),{z})")),
        |a, b, c| {
            for i1 in 0..m1 {
                for i2 in 0..m2 {
                    for nn in 0..n {
                        for kk in 0..k {
                            c[i1 + y * i2 + z * nn] += a[i1 + w * i2 + x * kk] * b[nn * k + kk];
                        }
                    }
                }
            }
        },
    );
    // GETT 2: the paper prints A (M,(K1,K2)):((W,X),1) and B (N,(K1,K2)):((Y,Z),1),
    // whose strides are not congruent to the shapes; the intended layouts
    // (M stride 1, K modes strided W, X) are (M,(K1,K2)):(1,(W,X)) and
    // (N,(K1,K2)):(1,(Y,Z)); C (M,N):(1,M).
    let (m, k1, k2, n) = (3usize, 2usize, 3usize, 2usize);
    let (w, x, y, z) = (3, 6, 2, 4);
    check_gemm(
        &lay("(3,(2,3))", &format!("(1,({w},{x}))")),
        &lay("(2,(2,3))", &format!("(1,({y},{z}))")),
        &lay("(3,2)", "(1,3)"),
        |a, b, c| {
            for mm in 0..m {
                for nn in 0..n {
                    for a1 in 0..k1 {
                        for a2 in 0..k2 {
                            c[mm + m * nn] += a[w * a1 + x * a2 + mm] * b[y * a1 + z * a2 + nn];
                        }
                    }
                }
            }
        },
    );
}

/// The `im2col` layout of an activation tensor `X[n, c, d, h, w]` with
/// strides `xs` for a convolution with output extents `(N,Z,P,Q)` and filter
/// extents `(C,T,R,S)` (stride 1, no padding): coordinate
/// `((n,z,p,q),(c,t,r,s))` ↦ offset of `X[n, c, z+t, p+r, q+s]`.
fn im2col_layout(nzpq: [i64; 4], ctrs: [i64; 4], xs: [i64; 5]) -> Layout {
    let [sn, sc, sd, sh, sw] = xs;
    let shape = IntTuple::tuple([IntTuple::flat(nzpq).as_ref(), IntTuple::flat(ctrs).as_ref()]);
    let stride = IntTuple::tuple([
        IntTuple::flat([sn, sd, sh, sw]).as_ref(),
        IntTuple::flat([sc, sd, sh, sw]).as_ref(),
    ]);
    Layout::new(shape, stride).unwrap()
}

#[test]
fn gemm_table_3_conv_row() {
    // Output O[k,n,z,p,q] = Σ_{c,t,r,s} W[k,c,t,r,s] · X[n, c, z+t, p+r, q+s].
    let (kk, n, z, p, q) = (2i64, 2i64, 2i64, 2i64, 3i64);
    let (c, t, r, s) = (2i64, 2i64, 2i64, 2i64);
    let (d, h, w) = (z + t - 1, p + r - 1, q + s - 1);
    let xs = [c * d * h * w, d * h * w, h * w, w, 1]; // X is (n,c,d,h,w), row-major
    // A = filter (K,(C,T,R,S)), compact column-major.
    let la = lay(
        "(2,(2,2,2,2))",
        &format!("(1,({},{},{},{}))", kk, kk * c, kk * c * t, kk * c * t * r),
    );
    let lb = im2col_layout([n, z, p, q], [c, t, r, s], xs);
    // C = output (K,(N,Z,P,Q)), compact column-major.
    let lc = lay(
        "(2,(2,2,2,3))",
        &format!("(1,({},{},{},{}))", kk, kk * n, kk * n * z, kk * n * z * p),
    );
    assert_eq!(
        lb.to_string(),
        "((2,2,2,3),(2,2,2,2)):((72,12,4,1),(36,12,4,1))"
    );
    check_gemm(&la, &lb, &lc, |wf, x, o| {
        for ko in 0..kk {
            for ni in 0..n {
                for zi in 0..z {
                    for pi in 0..p {
                        for qi in 0..q {
                            let out = ko + kk * (ni + n * (zi + z * (pi + p * qi)));
                            for ci in 0..c {
                                for ti in 0..t {
                                    for ri in 0..r {
                                        for si in 0..s {
                                            let wi = ko + kk * (ci + c * (ti + t * (ri + r * si)));
                                            let xi = ni * xs[0]
                                                + ci * xs[1]
                                                + (zi + ti) * xs[2]
                                                + (pi + ri) * xs[3]
                                                + (qi + si) * xs[4];
                                            o[out as usize] += wf[wi as usize] * x[xi as usize];
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    });
}

#[test]
fn gemm_checks_shapes() {
    let a = [0i64; 64];
    let mut c = [0i64; 64];
    let ta = Tensor::new(&a[..], l("(4,8)")).unwrap();
    let tb = Tensor::new(&a[..], l("(4,7)")).unwrap();
    let mut tc = Tensor::new(&mut c[..], l("(4,4)")).unwrap();
    assert_eq!(
        gemm(&ta, &tb, &mut tc).unwrap_err().kind(),
        "not_compatible"
    );
    let t3 = Tensor::new(&a[..], l("(2,2,2)")).unwrap();
    assert_eq!(gemm(&t3, &tb, &mut tc).unwrap_err().kind(), "rank_mismatch");
}

#[test]
fn batched_gemm_four_loops() {
    let la = l("(2,3,2):(1,2,6)");
    let lb = l("(4,3,2):(3,1,12)");
    let lc = l("(2,4,2):(1,2,8)");
    let a = data(12, 1);
    let b = data(24, 2);
    let mut c = vec![0i64; 16];
    let mut want = c.clone();
    for bt in 0..2 {
        for m in 0..2 {
            for n in 0..4 {
                for k in 0..3 {
                    want[m + 2 * n + 8 * bt] += a[m + 2 * k + 6 * bt] * b[3 * n + k + 12 * bt];
                }
            }
        }
    }
    cute_dynamic::batched_gemm(
        &Tensor::new(&a[..], la).unwrap(),
        &Tensor::new(&b[..], lb).unwrap(),
        &mut Tensor::new(&mut c[..], lc).unwrap(),
    )
    .unwrap();
    assert_eq!(c, want);
}

#[test]
fn cecka_figure_5_slices_of_a_counting_tensor() {
    let a = make_counting_tensor(l("((3,2),((2,3),2)):((4,1),((2,15),100))")).unwrap();
    let s = |c: &str| {
        let t = a.clone().slice(&c.parse().unwrap()).unwrap();
        (t.base(), t.layout().to_string())
    };
    assert_eq!(s("(2,_)"), (8, "(((2,3),2)):(((2,15),100))".into()));
    assert_eq!(s("(_,5)"), (32, "((3,2)):((4,1))".into()));
    assert_eq!(s("(2,((0,_),_))"), (8, "(3,2):(15,100)".into()));
    assert_eq!(s("((1,_),((_,0),_))"), (4, "(2,2,2):(1,2,100)".into()));
}

#[test]
fn local_tile_and_partition_cover_the_tensor_exactly_once() {
    let t = make_counting_tensor(l("(8,12):(12,1)")).unwrap();
    let tiler: Tiler = "(4,3)".parse().unwrap();
    let mut seen = vec![0u32; 96];
    for bm in 0..2 {
        for bn in 0..4 {
            let tile = t
                .clone()
                .local_tile(&tiler, &IntTuple::flat([bm, bn]))
                .unwrap();
            assert_eq!(tile.layout().to_string(), "(4,3):(12,1)");
            let coord = IntTuple::flat([bm, bn]);
            let law =
                laws::check_local_tile(t.layout(), &tiler, &coord, tile.layout(), tile.base());
            assert_eq!(law, Ok(()));
            for i in 0..tile.size() {
                let c = idx2crd(i, tile.shape());
                let (m, n) = (c.leaves().next().unwrap(), c.leaves().nth(1).unwrap());
                let v = tile.at(i).unwrap();
                assert_eq!(v, (4 * bm + m) * 12 + 3 * bn + n);
                seen[v as usize] += 1;
            }
        }
    }
    assert!(seen.iter().all(|&x| x == 1));
    let thr = l("(4,2):(2,1)");
    let mut seen = vec![0u32; 96];
    for id in 0..8 {
        let part = t.clone().local_partition(&thr, id).unwrap();
        assert_eq!(part.size(), 12);
        let law = laws::check_local_partition(t.layout(), &thr, id, part.layout(), part.base());
        assert_eq!(law, Ok(()));
        for i in 0..part.size() {
            seen[part.at(i).unwrap() as usize] += 1;
        }
    }
    assert!(seen.iter().all(|&x| x == 1));
}

#[test]
fn tv_partition_matches_composition_table_4() {
    // Cecka Table 4 rows with integer data layouts: thread t holds values
    // R(t, v) where R = A ∘ TV.
    for (data, result) in [
        ("(8,8):(1,8)", "((4,8),2):((16,1),8)"),
        ("(8,8):(8,1)", "((4,8),2):((2,8),1)"),
        ("(8,8):(1,9)", "((4,8),2):((18,1),9)"),
        (
            "((4,2),(2,4)):((2,16),(1,8))",
            "((4,(4,2)),2):((8,(2,16)),1)",
        ),
    ] {
        let tv = l("((4,8),2):((16,1),8)");
        let t = make_counting_tensor(l(data)).unwrap();
        assert_eq!(t.clone().compose(&tv).unwrap().layout().to_string(), result);
        let r = l(result);
        for thr in 0..32 {
            let mine = t.clone().tv_partition(&tv, thr).unwrap();
            for v in 0..2 {
                assert_eq!(mine.at(v).unwrap(), r.call(thr + 32 * v));
            }
        }
    }
}

#[test]
fn mutable_tensors_slice_and_write() {
    let mut buf = [0i64; 24];
    let mut t = Tensor::new(&mut buf[..], l("(4,6):(6,1)")).unwrap();
    let mut row = t
        .reborrow()
        .slice(&"(2,_)".parse::<Coord>().unwrap())
        .unwrap();
    for i in 0..6 {
        *row.at_mut(i).unwrap() = 100 + i;
    }
    t.set(&"(0,5)".parse().unwrap(), -1).unwrap();
    assert_eq!(
        t.get_mut(&"(4,0)".parse().unwrap()).unwrap_err().kind(),
        "out_of_bounds"
    );
    assert_eq!(&buf[12..18], &[100, 101, 102, 103, 104, 105]);
    assert_eq!(buf[5], -1);
}

#[test]
fn upcast_downcast_16_32_bit() {
    // A 4×8 tile of 16-bit values, column-major, as 32-bit words and back.
    let halves = l("(4,8):(1,4)");
    let words = upcast(2, &halves).unwrap();
    assert_eq!(words.to_string(), "(2,8):(1,2)");
    for i in 0..words.size() {
        assert_eq!(2 * words.call(i), halves.call(2 * i));
    }
    // Row-major (K-major) tiles: the contiguous mode is upcast.
    assert_eq!(
        upcast(2, &l("(8,64):(64,1)")).unwrap().to_string(),
        "(8,32):(32,1)"
    );
    assert_eq!(
        downcast(2, &l("(8,32):(32,1)")).unwrap().to_string(),
        "(8,64):(64,1)"
    );
    assert_eq!(
        upcast(4, &l("(4,8):(0,2)")).unwrap().to_string(),
        "(4,4):(0,1)"
    );
}

fn small_layout() -> impl Strategy<Value = Layout> {
    crate::support::flat_layout(-6..7, 1..4)
}

proptest! {
    /// `T(c) == storage[base + L(c)]` for integral and natural coordinates,
    /// and a slice `T(i, _)` agrees with `T(i, j)`.
    #[test]
    fn tensor_indexing_matches_the_layout(layout in small_layout()) {
        let (lo, hi) = layout.leaf_modes().fold((0i64, 0i64), |(lo, hi), (s, d)| {
            let r = (s - 1) * d;
            if r < 0 { (lo + r, hi) } else { (lo, hi + r) }
        });
        let data: Vec<i64> = (0..=(hi - lo)).map(|x| 3 * x + 1).collect();
        let t = Tensor::with_base(&data[..], -lo, layout.clone()).unwrap();
        for i in 0..layout.size() {
            let want = data[(layout.call(i) - lo) as usize];
            prop_assert_eq!(t.at(i), Some(want));
            prop_assert_eq!(t.get(&IntTuple::int(i)).unwrap(), want);
            prop_assert_eq!(t.get(&idx2crd(i, layout.shape())).unwrap(), want);
        }
        prop_assert_eq!(t.get(&IntTuple::int(layout.size())).unwrap_err().kind(), "out_of_bounds");
        if layout.rank() >= 2 {
            let s0 = layout.mode(0).unwrap().size();
            for i in 0..s0 {
                let mut c = vec![Coord::Hole; layout.rank()];
                c[0] = Coord::Int(i);
                let sub = t.clone().slice(&Coord::Tuple(c)).unwrap();
                for j in 0..sub.size() {
                    prop_assert_eq!(sub.at(j), t.at(i + s0 * j));
                }
            }
        }
    }

    /// `downcast(N, L)(i) == N·L(i / N) + i mod N` when the first mode has stride 1.
    #[test]
    fn downcast_splits_elements(layout in small_layout(), n in 1i64..5) {
        // First mode stride 1, no other stride ±1.
        let modes: Vec<(i64, i64)> = layout
            .leaf_modes()
            .enumerate()
            .map(|(k, (s, d))| (s, if k == 0 { 1 } else if d.abs() == 1 { 3 * d } else { d }))
            .collect();
        let layout = Layout::new(
            IntTuple::flat(modes.iter().map(|m| m.0)),
            IntTuple::flat(modes.iter().map(|m| m.1)),
        )
        .unwrap();
        let d = downcast(n, &layout).unwrap();
        prop_assert_eq!(laws::check_downcast(n, &layout, &d), Ok(()));
    }
}
