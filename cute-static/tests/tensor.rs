//! Static tensors and the generic kernels: indexing and slicing against
//! the layout's definition, `copy` on every row of Cecka Table 2 and `gemm`
//! on the BLAS/BLIS/GETT rows of Table 3 (small static sizes), each against
//! a naive loop written from the table's formula and against
//! `cute_dynamic`'s kernels on the same data.
use cute_static::*;
use cute_static::{algebra::*, algorithm::*, layout::*, tensor::*};

fn data(n: usize) -> Vec<i64> {
    (0..n as i64).map(|i| 7 * i + 3).collect()
}

#[test]
fn indexing_is_storage_at_layout() {
    type L = Layout![((2, 2), (4, 2)):((1, 8), (2, 16))];
    let d = data(L::COSIZE);
    let t = Tensor::new(&d[..], L::default()).unwrap();
    assert_eq!(t.size(), 32);
    assert_eq!(core::mem::size_of_val(&t.layout()), 0);
    for i in 0..L::SIZE {
        assert_eq!(t.get(i).unwrap(), &d[L::default().call(i)]);
        assert_eq!(t.at(i), Some(&d[L::default().call(i)]));
    }
    let e = t.get(32).unwrap_err();
    assert_eq!(e.kind(), "out_of_bounds");
    assert_eq!(
        e.to_string(),
        "coordinate 32 is outside the domain of ((_2,_2),(_4,_2)):((_1,_8),(_2,_16))"
    );
    // Beyond the domain the fast path follows the extended domain and is
    // `None` outside the storage, never undefined behaviour.
    assert_eq!(t.at(1000), None);
}

#[test]
fn storage_is_checked_once() {
    type L = Layout![(4, 8):(1, 5)];
    let d = data(L::COSIZE - 1);
    let e = Tensor::new(&d[..], L::default()).unwrap_err();
    assert_eq!(e.kind(), "out_of_storage");
    let d = data(L::COSIZE + 10);
    let t = Tensor::with_offset(&d[..], 10, L::default()).unwrap();
    assert_eq!((t.storage().len(), t.base()), (L::COSIZE + 10, 10));
    assert_eq!(t.get(5).unwrap(), &d[10 + 1 + 5]); // 5 = (1,1)
    assert!(Tensor::with_offset(&d[..], 11, L::default()).is_err());
    assert!(Tensor::with_offset(&d[..], usize::MAX, L::default()).is_err());
}

#[test]
fn writes() {
    let mut d = [0i64; 24];
    let mut t = Tensor::new(&mut d[..], layout!((4, 6):(6, 1))).unwrap();
    for i in 0..24 {
        t.set(i, i as i64).unwrap();
    }
    assert_eq!(t.set(24, 0).unwrap_err().kind(), "out_of_bounds");
    *t.at_mut(1).unwrap() += 100;
    assert_eq!(t.view().get(1).unwrap(), &101);
    assert_eq!(d[6], 101); // (1,0) of a row-major 4×6 is offset 6
    assert_eq!(d[1], 4); // offset 1 is (0,1) = index 4
}

/// Cecka Figure 5 / docs/semantics/objects.md#slicing: slices of `A = ((3,2),((2,3),2)):((4,1),((2,15),100))`.
#[test]
fn slicing_figure_5() {
    type A = Layout![((3, 2), ((2, 3), 2)):((4, 1), ((2, 15), 100))];
    let d = data(A::COSIZE);
    let a = Tensor::new(&d[..], A::default()).unwrap();
    let dyn_a = a.to_dynamic().unwrap();
    let row = a.view().slice((2, __)).unwrap();
    assert_eq!(row.layout().to_string(), "(((_2,_3),_2)):(((_2,_15),_100))");
    let col = a.view().slice((__, 5)).unwrap();
    assert_eq!(col.layout().to_string(), "((_3,_2)):((_4,_1))");
    let all = a.view().slice((__, __)).unwrap();
    assert_eq!(all.layout().to_string(), A::default().to_string());
    let one = a.view().slice((2, 5)).unwrap();
    assert_eq!(one.layout().to_string(), "():()");
    assert_eq!(one.get(0).unwrap(), &d[8 + 32]);
    // Against the run-time slice: same layout, same elements.
    for (t, text) in [(row.to_dynamic(), "(2,_)"), (col.to_dynamic(), "(_,5)")] {
        let t = t.unwrap();
        let r = dyn_a.clone().slice(&text.parse().unwrap()).unwrap();
        assert_eq!(t.layout(), r.layout());
        for i in 0..r.size() {
            assert_eq!(t.at(i), r.at(i), "{text} at {i}");
        }
    }
    // Property: T(c, j) == T'(j) for every fixed c.
    for m in 0..6 {
        let r = a.view().slice((m, __)).unwrap();
        for n in 0..12 {
            assert_eq!(r.get(n).unwrap(), a.get(m + 6 * n).unwrap());
        }
    }
    let e = a.view().slice((6, __)).unwrap_err();
    assert_eq!(e.kind(), "out_of_bounds");
    assert!(
        e.to_string()
            .contains("slice index 6 is outside mode 0 (size 6)"),
        "{e}"
    );
}

#[test]
fn slicing_rank_3_and_mutable() {
    let mut d = [0i64; 24];
    let mut t = Tensor::new(&mut d[..], layout!((2, 3, 4))).unwrap();
    let mut s = t.view_mut().slice((1, __, 3)).unwrap();
    assert_eq!(s.layout().to_string(), "(_3):(_2)");
    for j in 0..3 {
        s.set(j, 1).unwrap();
    }
    let hit: Vec<usize> = (0..24).filter(|&i| d[i] == 1).collect();
    assert_eq!(hit, vec![19, 21, 23]); // 1 + 2j + 6·3
}

/// Copy `src` into a zeroed `dst` with the static kernel and with the
/// run-time kernel; return the source and both destination buffers.
fn copy_both<LS, LD>(ls: LS, ld: LD) -> [Vec<i64>; 3]
where
    LS: CopyCompatible<LD> + StaticLayout,
    LD: StaticLayout + TensorLayout,
{
    let src = data(LS::COSIZE);
    let mut d1 = vec![0; LD::COSIZE];
    let mut d2 = vec![0; LD::COSIZE];
    let s = Tensor::new(&src[..], ls).unwrap();
    copy(&s, &mut Tensor::new(&mut d1[..], ld).unwrap()).unwrap();
    let sd = cute_dynamic::Tensor::new(&src[..], ls.to_dynamic()).unwrap();
    let mut dd = cute_dynamic::Tensor::new(&mut d2[..], ld.to_dynamic()).unwrap();
    cute_dynamic::copy(&sd, &mut dd).unwrap();
    [src, d1, d2]
}

/// Cecka Table 2, every row, with a naive loop written from the row.
#[test]
fn copy_table_2() {
    // 1D arrays: 8:1 → 8:1.
    let [s, d, dd] = copy_both(layout!(8:1), layout!(8:1));
    assert_eq!(d, s);
    assert_eq!(d, dd);

    // ND arrays: (8,2,3):(1,16,32) → same.
    let [s, d, dd] = copy_both(
        layout!((8, 2, 3):(1, 16, 32)),
        layout!((8, 2, 3):(1, 16, 32)),
    );
    let mut naive = vec![0; d.len()];
    for k in 0..3 {
        for j in 0..2 {
            for i in 0..8 {
                naive[i + 16 * j + 32 * k] = s[i + 16 * j + 32 * k];
            }
        }
    }
    assert_eq!((&d, &dd), (&naive, &naive));

    // Gather: (2,3,2):(42,1,128) → 12:1.
    let [s, d, dd] = copy_both(layout!((2, 3, 2):(42, 1, 128)), layout!(12:1));
    let mut naive = vec![0; 12];
    for k in 0..2 {
        for j in 0..3 {
            for i in 0..2 {
                naive[i + 2 * j + 6 * k] = s[42 * i + j + 128 * k];
            }
        }
    }
    assert_eq!((&d, &dd), (&naive, &naive));

    // Scatter: 12:1 → (2,3,2):(42,1,128).
    let [s, d, dd] = copy_both(layout!(12:1), layout!((2, 3, 2):(42, 1, 128)));
    let mut naive = vec![0; d.len()];
    for k in 0..2 {
        for j in 0..3 {
            for i in 0..2 {
                naive[42 * i + j + 128 * k] = s[i + 2 * j + 6 * k];
            }
        }
    }
    assert_eq!((&d, &dd), (&naive, &naive));

    // Broadcast: 7:0 → 7:1.
    let [s, d, dd] = copy_both(layout!(7:0), layout!(7:1));
    assert_eq!((&d, &dd), (&vec![s[0]; 7], &vec![s[0]; 7]));

    // Constant: 7:0 → 7:0.
    let [s, d, dd] = copy_both(layout!(7:0), layout!(7:0));
    assert_eq!((&d, &dd), (&s, &s));

    // Transpose: (8,3):(1,8) → (8,3):(3,1).
    let [s, d, dd] = copy_both(layout!((8, 3):(1, 8)), layout!((8, 3):(3, 1)));
    let mut naive = vec![0; 24];
    for j in 0..3 {
        for i in 0..8 {
            naive[3 * i + j] = s[i + 8 * j];
        }
    }
    assert_eq!((&d, &dd), (&naive, &naive));

    // Tensor transpose: (8,(3,5)):(1,(57,8)) → (8,15):(1,8).
    let [s, d, dd] = copy_both(layout!((8, (3, 5)):(1, (57, 8))), layout!((8, 15):(1, 8)));
    let mut naive = vec![0; 120];
    for k in 0..5 {
        for j in 0..3 {
            for i in 0..8 {
                naive[i + 8 * (j + 3 * k)] = s[i + 57 * j + 8 * k];
            }
        }
    }
    assert_eq!((&d, &dd), (&naive, &naive));
}

#[test]
fn axpby_matches_runtime() {
    let x = data(24);
    let mut y1: Vec<i64> = (0..24).collect();
    let mut y2 = y1.clone();
    let lx = layout!((4, 6):(6, 1));
    let ly = layout!((2, 12):(12, 1));
    axpby(
        3,
        &Tensor::new(&x[..], lx).unwrap(),
        -2,
        &mut Tensor::new(&mut y1[..], ly).unwrap(),
    )
    .unwrap();
    cute_dynamic::axpby(
        3,
        &cute_dynamic::Tensor::new(&x[..], lx.to_dynamic()).unwrap(),
        -2,
        &mut cute_dynamic::Tensor::new(&mut y2[..], ly.to_dynamic()).unwrap(),
    )
    .unwrap();
    assert_eq!(y1, y2);
    for i in 0..24 {
        let (xo, yo) = (6 * (i % 4) + i / 4, 12 * (i % 2) + i / 2);
        assert_eq!(y1[yo], 3 * x[xo] - 2 * (yo as i64));
    }
}

/// `C += A·B` with the static kernel and the run-time kernel, starting from
/// the same `C`; returns `(a, b, c_static, c_dynamic, c_before)`.
fn gemm_both<LA, LB, LC>(la: LA, lb: LB, lc: LC) -> [Vec<i64>; 5]
where
    LA: GemmCompatible<LB, LC> + StaticLayout,
    LB: Rank2 + StaticLayout,
    LC: Rank2 + StaticLayout,
{
    let a: Vec<i64> = (0..LA::COSIZE as i64)
        .map(|i| (i * 5 + 1) % 11 - 5)
        .collect();
    let b: Vec<i64> = (0..LB::COSIZE as i64)
        .map(|i| (i * 3 + 2) % 7 - 3)
        .collect();
    let c0: Vec<i64> = (0..LC::COSIZE as i64).map(|i| i % 5).collect();
    let (mut c1, mut c2) = (c0.clone(), c0.clone());
    gemm(
        &Tensor::new(&a[..], la).unwrap(),
        &Tensor::new(&b[..], lb).unwrap(),
        &mut Tensor::new(&mut c1[..], lc).unwrap(),
    )
    .unwrap();
    cute_dynamic::gemm(
        &cute_dynamic::Tensor::new(&a[..], la.to_dynamic()).unwrap(),
        &cute_dynamic::Tensor::new(&b[..], lb.to_dynamic()).unwrap(),
        &mut cute_dynamic::Tensor::new(&mut c2[..], lc.to_dynamic()).unwrap(),
    )
    .unwrap();
    [a, b, c1, c2, c0]
}

/// The naive `C(m,n) += Σ_k A(m,k)·B(n,k)` with offsets given as closures.
#[allow(clippy::too_many_arguments)]
fn naive_gemm(
    (m_size, n_size, k_size): (usize, usize, usize),
    a: &[i64],
    b: &[i64],
    c: &mut [i64],
    ao: impl Fn(usize, usize) -> usize,
    bo: impl Fn(usize, usize) -> usize,
    co: impl Fn(usize, usize) -> usize,
) {
    for m in 0..m_size {
        for n in 0..n_size {
            let s: i64 = (0..k_size).map(|k| a[ao(m, k)] * b[bo(n, k)]).sum();
            c[co(m, n)] += s;
        }
    }
}

/// Cecka Table 3 with M = 4, N = 3, K = 5 (BLAS/BLIS rows) and small
/// folded GETT shapes.
#[test]
fn gemm_table_3() {
    // NT: A (M,K):(1,lda), B (N,K):(1,ldb), C (M,N):(1,ldc); lda 5, ldb 4, ldc 6.
    let [a, b, c, cd, mut n] = gemm_both(
        layout!((4, 5):(1, 5)),
        layout!((3, 5):(1, 4)),
        layout!((4, 3):(1, 6)),
    );
    naive_gemm(
        (4, 3, 5),
        &a,
        &b,
        &mut n,
        |m, k| m + 5 * k,
        |n, k| n + 4 * k,
        |m, n| m + 6 * n,
    );
    assert_eq!((&c, &cd), (&n, &n), "NT");

    // TN: A (M,K):(lda,1), B (N,K):(ldb,1), C (M,N):(1,ldc); lda 6, ldb 5, ldc 4.
    let [a, b, c, cd, mut n] = gemm_both(
        layout!((4, 5):(6, 1)),
        layout!((3, 5):(5, 1)),
        layout!((4, 3):(1, 4)),
    );
    naive_gemm(
        (4, 3, 5),
        &a,
        &b,
        &mut n,
        |m, k| 6 * m + k,
        |n, k| 5 * n + k,
        |m, n| m + 4 * n,
    );
    assert_eq!((&c, &cd), (&n, &n), "TN");

    // NTT: A (N,K):(1,ldb), B (M,K):(1,lda), C (N,M):(1,ldc): Cᵀ = Bᵀ-style.
    let [a, b, c, cd, mut n] = gemm_both(
        layout!((3, 5):(1, 3)),
        layout!((4, 5):(1, 4)),
        layout!((3, 4):(1, 3)),
    );
    naive_gemm(
        (3, 4, 5),
        &a,
        &b,
        &mut n,
        |m, k| m + 3 * k,
        |n, k| n + 4 * k,
        |m, n| m + 3 * n,
    );
    assert_eq!((&c, &cd), (&n, &n), "NTT");

    // BLIS: A (M,K):(dma,dka), B (N,K):(dnb,dkb), C (M,N):(dmc,dnc), general strides.
    let [a, b, c, cd, mut n] = gemm_both(
        layout!((4, 5):(2, 9)),
        layout!((3, 5):(6, 1)),
        layout!((4, 3):(3, 13)),
    );
    naive_gemm(
        (4, 3, 5),
        &a,
        &b,
        &mut n,
        |m, k| 2 * m + 9 * k,
        |n, k| 6 * n + k,
        |m, n| 3 * m + 13 * n,
    );
    assert_eq!((&c, &cd), (&n, &n), "BLIS");

    // GETT: A ((M1,M2),K):((1,W),X), B (N,K):(K,1), C ((M1,M2),N):((1,Y),Z).
    let [a, b, c, cd, mut n] = gemm_both(
        layout!(((2, 2), 3):((1, 4), 8)),
        layout!((3, 3):(3, 1)),
        layout!(((2, 2), 3):((1, 5), 10)),
    );
    naive_gemm(
        (4, 3, 3),
        &a,
        &b,
        &mut n,
        |m, k| m % 2 + 4 * (m / 2) + 8 * k,
        |n, k| 3 * n + k,
        |m, n| m % 2 + 5 * (m / 2) + 10 * n,
    );
    assert_eq!((&c, &cd), (&n, &n), "GETT (M1,M2)");

    // GETT with folded K: A (M,(K1,K2)):(1,(W,X)), B (N,(K1,K2)):(1,(Y,Z)), C (M,N):(1,M).
    let [a, b, c, cd, mut n] = gemm_both(
        layout!((4, (2, 3)):(1, (4, 8))),
        layout!((3, (2, 3)):(1, (3, 6))),
        layout!((4, 3):(1, 4)),
    );
    naive_gemm(
        (4, 3, 6),
        &a,
        &b,
        &mut n,
        |m, k| m + 4 * (k % 2) + 8 * (k / 2),
        |n, k| n + 3 * (k % 2) + 6 * (k / 2),
        |m, n| m + 4 * n,
    );
    assert_eq!((&c, &cd), (&n, &n), "GETT (K1,K2)");
}

/// Partitioning is composition then slicing: a 8×8 tile split into 2×4
/// blocks by `zipped_divide`, then one block by `slice((__, blk))`.
#[test]
fn partition_by_divide_then_slice() {
    type Tiles = ZippedQuotient<Layout![(8, 8):(1, 8)], Tiler<(Layout![2:1], Layout![4:1])>>;
    let d = data(64);
    let t = Tensor::new(&d[..], Tiles::default()).unwrap();
    assert_eq!(
        t.layout().to_string(),
        "((_2,_4),(_4,_2)):((_1,_8),(_2,_32))"
    );
    for blk in 0..8 {
        let b = t.view().slice((__, blk)).unwrap();
        let (bm, bn) = (blk % 4, blk / 4);
        for i in 0..8 {
            let (m, n) = (2 * bm + i % 2, 4 * bn + i / 2);
            assert_eq!(b.get(i).unwrap(), &d[m + 8 * n], "block {blk} element {i}");
        }
    }
}

/// The `core`-only errors keep their kind when converted into the run-time
/// crate's error (what `?` does in host code).
#[test]
fn errors_convert_to_the_run_time_kind() {
    let d = [0u8; 8];
    let t = Tensor::new(&d[..], layout!((2, 4):(1, 2))).unwrap();
    let zero = 0;
    let errors = [
        t.get(8).unwrap_err(),
        Tensor::new(&d[..4], layout!((2, 4):(1, 2))).unwrap_err(),
        layout!((4, 8):(1, 4)).slice((9, __)).unwrap_err(),
        layout!((4, {zero}):(1, 4)).unwrap_err(),
        layout!(({usize::MAX}, 4):(1, 1)).unwrap_err(),
    ];
    let kinds = errors.map(|e| e.kind());
    assert_eq!(
        kinds,
        [
            "out_of_bounds",
            "out_of_storage",
            "out_of_bounds",
            "non_positive_shape",
            "overflow"
        ]
    );
    for e in errors {
        let r: cute_dynamic::LayoutError = e.into();
        assert_eq!(r.kind(), e.kind(), "{e} / {r}");
    }
}
