//! The device partitions of tiled MMAs and copies (`partition_A/B/C`,
//! `partition_S/D` of `cute_static::arch`) on device tensors name the
//! elements the host atom layer's partitions of the same layout name, for
//! every thread (the tensor's values are their offsets).

use cute_static::arch::{
    DeviceCopyPartition, DeviceMmaPartition, Dim3, GlobalBuffer, ThreadSlice, host, thread_idx,
};
use cute_static::atom::{MakeTiledCopy, TiledMma, UniversalCopy, UniversalFMA};
use cute_static::tensor::Counting;
use cute_static::{Layout, Tensor, layout};

#[test]
fn mma_partitions_are_the_atom_layers() {
    type Mma = TiledMma<UniversalFMA<f32, f32, f32, f32>, Layout![(16, 16, 1)]>;
    let l = layout!((128, 8):(1, 128));
    let lc = layout!((128, 128):(1, 128));
    let (ba, bc) = (
        GlobalBuffer::from_slice(&(0..1024).map(|i| i as f32).collect::<Vec<_>>()),
        GlobalBuffer::from_slice(&(0..16384).map(|i| i as f32).collect::<Vec<_>>()),
    );
    let (ga, gc) = (ba.tensor(l).unwrap(), bc.tensor(lc).unwrap());
    host::launch(Dim3::new(1, 1, 1), Dim3::new(256, 1, 1), || {
        let t = thread_idx().x;
        let mma = Mma::new();
        let (a, c) = (
            mma.thread_slice(t).partition_A(ga),
            mma.thread_slice(t).partition_C(gc),
        );
        let slice = mma.get_slice(t).unwrap();
        let ha = slice
            .partition_a(Tensor::new(Counting, l).unwrap())
            .unwrap();
        let hc = slice
            .partition_c(Tensor::new(Counting, lc).unwrap())
            .unwrap();
        assert_eq!((a.size(), c.size()), (ha.size(), hc.size()));
        for i in 0..a.size() {
            assert_eq!(
                a.read(i) as usize,
                ha.read(i).unwrap(),
                "A, thread {t}, value {i}"
            );
        }
        for i in 0..c.size() {
            assert_eq!(
                c.read(i) as usize,
                hc.read(i).unwrap(),
                "C, thread {t}, value {i}"
            );
        }
    });
}

#[test]
fn copy_partitions_are_the_atom_layers() {
    type Copy = MakeTiledCopy<UniversalCopy<u128>, 32, Layout![(32, 8)], Layout![(4, 1)]>;
    let l = layout!((128, 64):(1, 128));
    let b = GlobalBuffer::from_slice(&(0..8192).map(|i| i as f32).collect::<Vec<_>>());
    let g = b.tensor(l).unwrap();
    host::launch(Dim3::new(1, 1, 1), Dim3::new(256, 1, 1), || {
        let t = thread_idx().x;
        let tc = Copy::default();
        let (s, d) = (
            tc.thread_slice(t).partition_S(g),
            tc.thread_slice(t).partition_D(g),
        );
        let slice = tc.get_slice(t).unwrap();
        let hs = slice
            .partition_s(Tensor::new(Counting, l).unwrap())
            .unwrap();
        for i in 0..s.size() {
            assert_eq!(
                s.read(i) as usize,
                hs.read(i).unwrap(),
                "S, thread {t}, value {i}"
            );
            assert_eq!(d.read(i), s.read(i), "D, thread {t}, value {i}");
        }
    });
}

/// A few pseudo-random leading dimensions `ld ≥ m` (an LCG: the test is
/// deterministic and covers odd, even and multiple-of-4 values).
fn leading_dims(m: usize, n: usize) -> Vec<usize> {
    let mut x = 0x2545_f491_4f6c_dd1du64;
    (0..n)
        .map(|_| {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            m + (x >> 40) as usize % 97
        })
        .collect()
}

/// The device views of a mixed tensor (`local_tile` with a kept tile-index
/// mode, `local_partition`, the tiled copy's and MMA's mixed partitions of
/// the rank-3 tile and of one k-tile), which skip the host's overflow
/// re-checks (a view of a valid layout cannot overflow), name the elements
/// the host's checked views name, for random leading dimensions and every
/// thread; and a layout `MixedLayout::new` refuses makes no device tensor.
#[test]
fn mixed_views_are_the_checked_host_views() {
    use cute_static::arch::DeviceView;
    use cute_static::layout::MixedLayout;
    use cute_static::tensor::{__, Step, X, local_partition, local_tile};
    use cute_static::{C, Dyn, Tiler};
    type StepA = Step<(C<1>, X, C<1>)>;
    type Cta = Tiler![<128, 128, 8>];
    type CopyNt = MakeTiledCopy<UniversalCopy<u128>, 32, Layout![(32, 8)], Layout![(4, 1)]>;
    type Mma = TiledMma<UniversalFMA<f32, f32, f32, f32>, Layout![(16, 16, 1)]>;
    let (m, k) = (256, 32);
    for ld in leading_dims(m, 6) {
        let l = MixedLayout::new((Dyn(m), Dyn(k)), (C::<1>, Dyn(ld))).unwrap();
        let b = GlobalBuffer::from_slice(&(0..ld * k).map(|i| i as f32).collect::<Vec<_>>());
        let g = b.tensor(l).unwrap();
        let h = Tensor::new(Counting, l).unwrap();
        host::launch(Dim3::new(1, 1, 1), Dim3::new(256, 1, 1), || {
            let t = thread_idx().x;
            for bx in 0..m / 128 {
                let coord = (bx, 0, __);
                let dt = g.local_tile(Cta::default(), coord, StepA::default());
                let ht = local_tile(&h, Cta::default(), coord, StepA::default()).unwrap();
                assert_eq!(dt.layout().to_string(), ht.layout().to_string(), "ld {ld}");
                assert_eq!(dt.size(), ht.size());
                for i in 0..dt.size() {
                    assert_eq!(dt.read(i) as usize, ht.read(i).unwrap(), "tile, ld {ld}");
                }
                let tc = CopyNt::default();
                let ds = tc.thread_slice(t).partition_S(dt);
                let kt = dt.slice((__, __, 1));
                let hk = ht.slice((__, __, 1)).unwrap();
                let hs = tc.get_slice(t).unwrap().partition_s_mixed(hk).unwrap();
                let dk = tc.thread_slice(t).partition_S(kt);
                assert_eq!(dk.view_layout().to_string(), hs.layout().to_string());
                for i in 0..dk.size() {
                    assert_eq!(dk.read(i) as usize, hs.read(i).unwrap(), "copy, ld {ld}");
                    // The rank-3 partition's k-tile 1 is the k-tile's partition.
                    assert_eq!(ds.slice((__, __, __, 1)).read(i), dk.read(i));
                }
                let da = Mma::new().thread_slice(t).partition_A(kt);
                let ha = Mma::new()
                    .get_slice(t)
                    .unwrap()
                    .partition_a_mixed(hk)
                    .unwrap();
                assert_eq!(da.size(), ha.size());
                for i in 0..da.size() {
                    assert_eq!(da.read(i) as usize, ha.read(i).unwrap(), "A, ld {ld}");
                }
                let dp = kt.local_partition(<Layout![(32, 8)]>::default(), t, ());
                let hp = local_partition(hk, <Layout![(32, 8)]>::default(), t).unwrap();
                assert_eq!(dp.size(), hp.size());
                for i in 0..dp.size() {
                    assert_eq!(dp.read(i) as usize, hp.read(i).unwrap(), "thread, ld {ld}");
                }
            }
        });
    }
    // The leading dimension times k overflows: no tensor, whatever the buffer.
    let bad = MixedLayout::new_unchecked((Dyn(4), Dyn(4)), (C::<1>, Dyn(usize::MAX / 2)));
    let b = GlobalBuffer::from_slice(&[0.0f32; 16]);
    assert_eq!(b.tensor(bad).err().map(|e| e.kind()), Some("overflow"));
}

/// A device tensor's size and cosize are at most `i32::MAX` (CuTe's `int`;
/// the device's index arithmetic relies on it): one more is an `overflow`
/// error, whatever the buffer, and `i32::MAX` itself passes that check
/// (here failing only for the buffer's length).
#[test]
fn device_tensors_are_int_sized() {
    use cute_static::layout::{Dyn, MixedLayout};
    use cute_static::{C, arch::MAX_COSIZE};
    assert_eq!(MAX_COSIZE, i32::MAX as usize);
    let b = GlobalBuffer::from_slice(&[0.0f32; 16]);
    let kind = |l: MixedLayout<(Dyn, Dyn), (C<1>, Dyn)>| b.tensor(l).err().map(|e| e.kind());
    // cosize = 1 + 1·(2^31 − 2) + 1 = 2^31: one too many.
    let over = MixedLayout::new((Dyn(2), Dyn(2)), (C::<1>, Dyn(MAX_COSIZE - 1))).unwrap();
    assert_eq!(over.cosize(), MAX_COSIZE + 1);
    assert_eq!(kind(over), Some("overflow"));
    let at = MixedLayout::new((Dyn(2), Dyn(2)), (C::<1>, Dyn(MAX_COSIZE - 2))).unwrap();
    assert_eq!(at.cosize(), MAX_COSIZE);
    assert_eq!(kind(at), Some("out_of_storage"));
    // The size counts too (a broadcast: cosize 1).
    let wide = MixedLayout::new((Dyn(1 << 16), Dyn(1 << 15)), (C::<1>, Dyn(0))).unwrap();
    assert_eq!(wide.size(), MAX_COSIZE + 1);
    let wide = MixedLayout::new((Dyn(1 << 16), Dyn(1 << 15)), (Dyn(0), Dyn(0))).unwrap();
    assert_eq!(b.tensor(wide).err().map(|e| e.kind()), Some("overflow"));
}

/// What a device tensor's `layout()` gives (its run-time strides masked to
/// 31 bits, its extents mapped into `1..=2^31`, so that the compiler knows
/// them to be CuTe's `int`s) is the same function on the domain: for valid
/// layouts of size and cosize at most `i32::MAX`, including an extent-1
/// mode whose stride is beyond (the only leaf that may change, multiplying
/// coordinate 0) and extents and strides at the limits.
#[test]
fn narrowed_layouts_are_the_same_function() {
    use cute_static::layout::{Dyn, MixedLayout, TensorLayout};
    use cute_static::{C, arch::MAX_COSIZE};
    let cases = [
        ((3, 5), (1, 7)),
        ((1, 6), (usize::MAX / 4, 3)),
        ((4, 1), (2, 1 << 40)),
        ((MAX_COSIZE, 1), (1, 0)),
        ((1, 1), (0, 0)),
        ((2, 2), (1 << 29, MAX_COSIZE / 2 - 1)),
    ];
    for ((m, n), (dm, dn)) in cases {
        let l = MixedLayout::new((Dyn(m), Dyn(n)), (Dyn(dm), Dyn(dn))).unwrap();
        assert!(l.size() <= MAX_COSIZE && l.cosize() <= MAX_COSIZE, "{l}");
        let r = l.narrowed();
        assert_eq!((r.size(), r.cosize()), (l.size(), l.cosize()), "{l}");
        let probe = |i: usize| (l.offset(i), r.offset(i));
        for i in (0..l.size().min(64)).chain(l.size().saturating_sub(64)..l.size()) {
            let (a, b) = probe(i);
            assert_eq!(a, b, "{l} at {i}");
        }
        // A static leaf is kept.
        let s = MixedLayout::new((Dyn(m), Dyn(n)), (C::<1>, Dyn(dn))).unwrap();
        assert_eq!(
            s.narrowed().to_string(),
            MixedLayout::new((Dyn(m), Dyn(n)), (C::<1>, Dyn(dn & MAX_COSIZE)))
                .unwrap()
                .to_string()
        );
    }
}
