//! The static atom layer against cute-dynamic's: every generated atom's
//! layouts equal the run-time atom of the same CUTLASS name; tiled MMAs'
//! thread layouts, tile sizes and `layoutA/B/C_TV` equal cute-dynamic's and
//! pass its contract (`laws::check_tiled_mma`); `partition_A/B/C` of a
//! tensor equal cute-dynamic's partition (offset and layout) for every
//! thread index.
#![recursion_limit = "512"]

use cute_dynamic::{
    CopySide, Layout as DLayout, MmaOperand, Tiler as DTiler, make_counting_tensor,
};
use cute_static::{
    Layout, Tensor,
    atom::{
        CopyAtom, MmaAtom, TiledCopyLayouts, TiledMma, TiledMmaLayouts, ValLayoutDst, ValLayoutSrc,
    },
    layout::{IntTuple, StaticLayout},
    tensor::Counting,
};
use cute_tools::laws::{check_tiled_copy, check_tiled_mma};

#[test]
fn every_static_mma_atom_is_the_run_time_atom_of_its_name() {
    let mut n = 0;
    macro_rules! check {
        ($t:ty) => {{
            let name = <$t as MmaAtom>::NAME;
            let dynamic = cute_dynamic::mma_atom(name).unwrap();
            assert_eq!(<$t as MmaAtom>::to_dynamic().unwrap(), dynamic, "{name}");
            // FrgTypeA/B: where the run-time tiled MMA reads A and B from.
            let mma = cute_dynamic::make_tiled_mma(&dynamic, None, None).unwrap();
            let frg = [
                <<$t as MmaAtom>::FrgTypeA as cute_static::atom::OperandSource>::DESCRIPTOR,
                <<$t as MmaAtom>::FrgTypeB as cute_static::atom::OperandSource>::DESCRIPTOR,
            ]
            .map(|m| m.map(|m| format!("{m:?}")));
            let run_time = [MmaOperand::OperandA, MmaOperand::OperandB]
                .map(|op| mma.descriptor_major(op).map(|m| format!("{m:?}")));
            assert_eq!(frg, run_time, "{name}: FrgTypeA/B");
            n += 1;
        }};
    }
    cute_static::__for_each_mma_atom!(check);
    assert_eq!(n, 51);
}

#[test]
fn every_static_copy_atom_is_the_run_time_atom_of_its_name() {
    let mut n = 0;
    macro_rules! check {
        ($t:ty) => {{
            let name = <$t as CopyAtom>::NAME;
            let dynamic = cute_dynamic::copy_atom(name).unwrap();
            assert_eq!(<$t as CopyAtom>::to_dynamic().unwrap(), dynamic, "{name}");
            n += 1;
        }};
    }
    cute_static::__for_each_copy_atom!(check);
    assert_eq!(n, 26);
}

#[test]
fn copy_layouts_in_units_of_a_value_type_are_the_run_time_recasts() {
    type Ldsm = cute_static::atom::SM75_U32x4_LDSM_N;
    let d = cute_dynamic::copy_atom(<Ldsm as CopyAtom>::NAME).unwrap();
    let half = cute_dynamic::ValueType::Half;
    assert_eq!(
        ValLayoutSrc::<Ldsm, 16>::default().to_dynamic(),
        d.src_layout(half).unwrap()
    );
    assert_eq!(
        ValLayoutDst::<Ldsm, 16>::default().to_dynamic(),
        d.dst_layout(half).unwrap()
    );
    assert_eq!(
        ValLayoutSrc::<Ldsm, 16>::default().to_string(),
        "(_32,_8):(_8,_1)"
    );
}

/// The counting tensor of the static layout `$l` (`dynamic $l`: the
/// run-time counting tensor of the same layout).
macro_rules! counting {
    ($l:ty) => {
        Tensor::new(Counting, <$l>::default()).unwrap()
    };
    (dynamic $l:ty) => {
        make_counting_tensor(<$l>::default().to_dynamic()).unwrap()
    };
}

/// The run-time tiled MMA of a static one: the same atom (by name), atom
/// layout and permutation.
fn dynamic_of<M: TiledMmaLayouts>(layout: DLayout, perm: Option<&str>) -> cute_dynamic::TiledMma {
    let atom = <M::Atom as MmaAtom>::to_dynamic().unwrap();
    let perm: Option<DTiler> = perm.map(|p| p.parse().unwrap());
    cute_dynamic::make_tiled_mma(&atom, Some(&layout), perm.as_ref()).unwrap()
}

/// The 2×2 SM80 f16 tiled MMA whose operands the copy tests copy.
type Sm80Mma = TiledMma<cute_static::atom::SM80_16x8x16_F32F16F16F32_TN, Layout![(2, 2, 1)]>;

/// The run-time [`Sm80Mma`].
fn sm80_mma() -> cute_dynamic::TiledMma {
    dynamic_of::<Sm80Mma>(<Layout![(2, 2, 1)]>::default().to_dynamic(), None)
}

/// The run-time copy atom of a CUTLASS name.
fn dyn_atom(name: &str) -> cute_dynamic::CopyAtom {
    cute_dynamic::copy_atom(name).unwrap()
}

/// One configuration: the static tiled MMA's thread layout, tile sizes and
/// TV layouts against cute-dynamic's and its law, and `partition_A/B/C` of
/// counting tensors (static layouts `$la`, `$lb`, `$lc`) for every thread.
/// The register fragments of A and B (`[registers]`), or none for an atom
/// that reads them through GMMA descriptors (`[descriptors]`: their
/// descriptor fragments are checked in `tests/gmma_desc.rs`).
macro_rules! fragments_ab {
    ([registers], $s:ident, $la:ty, $lb:ty, $frags:ident, $ta:ident, $tb:ident) => {
        let fa = $s.partition_fragment_a(&counting!($la));
        let fb = $s.partition_fragment_b(&counting!($lb));
        $frags.push((MmaOperand::OperandA, fa.layout().to_dynamic(), &$ta));
        $frags.push((MmaOperand::OperandB, fb.layout().to_dynamic(), &$tb));
    };
    ([descriptors], $s:ident, $la:ty, $lb:ty, $frags:ident, $ta:ident, $tb:ident) => {
        let _ = (&$ta, &$tb);
    };
}

macro_rules! config {
    ($atom:ty, $al:ty, $perm:ty, $perm_text:expr, $la:ty, $lb:ty, $lc:ty) => {
        config!([registers] $atom, $al, $perm, $perm_text, $la, $lb, $lc)
    };
    ($atom:ty, $al:ty, $perm:ty, $perm_text:expr, $la:ty, $lb:ty, $lc:ty, descriptors) => {
        config!([descriptors] $atom, $al, $perm, $perm_text, $la, $lb, $lc)
    };
    ([$ab:ident] $atom:ty, $al:ty, $perm:ty, $perm_text:expr, $la:ty, $lb:ty, $lc:ty) => {{
        type M = TiledMma<$atom, $al, $perm>;
        let m = M::new();
        let d = dynamic_of::<M>(<$al>::default().to_dynamic(), $perm_text);
        assert_eq!(
            m.thr_layout_vmnk().to_dynamic(),
            d.thr_layout_vmnk().clone(),
            "{d}"
        );
        assert_eq!(m.size() as i64, d.size(), "{d}");
        assert_eq!(
            m.tile_size().map(|x| x as i64),
            [
                d.tile_size(0).unwrap(),
                d.tile_size(1).unwrap(),
                d.tile_size(2).unwrap()
            ],
            "{d}"
        );
        for (op, tv) in [
            (
                MmaOperand::OperandA,
                cute_static::atom::LayoutATv::<M>::default().to_dynamic(),
            ),
            (
                MmaOperand::OperandB,
                cute_static::atom::LayoutBTv::<M>::default().to_dynamic(),
            ),
            (
                MmaOperand::OperandC,
                cute_static::atom::LayoutCTv::<M>::default().to_dynamic(),
            ),
        ] {
            assert_eq!(tv, d.layout_tv(op).unwrap(), "{d}: layout{op}_TV");
            check_tiled_mma(&d, op, &tv).unwrap_or_else(|v| panic!("{d}: {v}"));
        }
        let ta = counting!(dynamic $la);
        let tb = counting!(dynamic $lb);
        let tc = counting!(dynamic $lc);
        // partition_shape_A/B/C of the tensors' shapes.
        for (op, shape, dt) in [
            (
                MmaOperand::OperandA,
                m.partition_shape_a(<$la as StaticLayout>::Shape::default())
                    .to_dynamic(),
                &ta,
            ),
            (
                MmaOperand::OperandB,
                m.partition_shape_b(<$lb as StaticLayout>::Shape::default())
                    .to_dynamic(),
                &tb,
            ),
            (
                MmaOperand::OperandC,
                m.partition_shape_c(<$lc as StaticLayout>::Shape::default())
                    .to_dynamic(),
                &tc,
            ),
        ] {
            let want = d.partition_shape(op, dt.layout().shape()).unwrap();
            assert_eq!(shape, want, "{d}: partition_shape_{op}");
        }
        // Every lane of the thread layout's compact cover (CuTe's
        // thridx_2_thrid): 32 for one SM70 quad-pair atom.
        let vmnk = d.thr_layout_vmnk();
        let lanes = cute_dynamic::complement(vmnk, vmnk.cosize().unwrap()).unwrap().size()
            * vmnk.size();
        assert_eq!(
            lanes as usize,
            <<M as TiledMmaLayouts>::ThrLayoutVMNK as cute_static::atom::ThrIdxToThrId>::LANES,
            "{d}: lanes"
        );
        for thr in 0..lanes as usize {
            let s = m.get_slice(thr).unwrap();
            let ds = d.thr_slice(thr as i64).unwrap();
            let pa = s.partition_a(counting!($la)).unwrap();
            let pb = s.partition_b(counting!($lb)).unwrap();
            let pc = s.partition_c(counting!($lc)).unwrap();
            for (op, (base, layout), dt) in [
                (
                    MmaOperand::OperandA,
                    (pa.base(), pa.layout().to_dynamic()),
                    &ta,
                ),
                (
                    MmaOperand::OperandB,
                    (pb.base(), pb.layout().to_dynamic()),
                    &tb,
                ),
                (
                    MmaOperand::OperandC,
                    (pc.base(), pc.layout().to_dynamic()),
                    &tc,
                ),
            ] {
                let dp = ds.partition(op, dt.clone()).unwrap();
                assert_eq!(
                    (base as i64, layout),
                    (dp.base(), dp.layout().clone()),
                    "{d}: partition_{op} of thread {thr}"
                );
            }
            // The fragments: the same shape and offsets (the static compact
            // layout gives size-1 modes the next stride, the run-time one 0).
            let fc = s.partition_fragment_c(&counting!($lc));
            #[allow(unused_mut)]
            let mut frags = vec![(MmaOperand::OperandC, fc.layout().to_dynamic(), &tc)];
            fragments_ab!([$ab], s, $la, $lb, frags, ta, tb);
            for (op, sf, dt) in frags {
                let df = ds.fragment_layout(op, dt.layout()).unwrap();
                assert_eq!(sf.shape(), df.shape(), "{d}: partition_fragment_{op}");
                assert!(
                    (0..df.size()).all(|i| sf.call(i) == df.call(i)),
                    "{d}: partition_fragment_{op}"
                );
            }
        }
        // Beyond the lanes: an error, as at run time.
        assert!(m.get_slice(lanes as usize).is_err());
        assert!(d.thr_slice(lanes).is_err());
    }};
}

/// One `#[test]` a row, `name: [config! arguments];`.
macro_rules! config_tests {
    ($($name:ident: [$($args:tt)*];)+) => {$(
        #[test]
        fn $name() {
            config!($($args)*);
        }
    )+};
}

config_tests! {
    sm80_16x8x16_2x2_atoms: [cute_static::atom::SM80_16x8x16_F32F16F16F32_TN,
        Layout![(2, 2, 1)], (), None, Layout![(32, 16)], Layout![(16, 16)], Layout![(32, 16)]];
    universal_fma_8x8_with_an_m_permutation: [cute_static::atom::UniversalFMA<f32>,
        Layout![(8, 8, 1)], cute_static::Tiler![<(4, 2):(2, 1), _, _>], Some("<(4,2):(2,1),_,_>"), Layout![(16, 2)], Layout![(8, 2)], Layout![(16, 8)]];
    sm70_8x8x4_2x2_atoms_over_two_tiles: [cute_static::atom::SM70_8x8x4_F32F16F16F32_TN,
        Layout![(2, 2, 1)], (), None, Layout![(32, 8)], Layout![(16, 4)], Layout![(32, 16)]];
    sm80_tf32_k_tiled_2x1x2: [cute_static::atom::SM80_16x8x8_F32TF32TF32F32_TN,
        Layout![(2, 1, 2)], (), None, Layout![(32, 16)], Layout![(8, 16)], Layout![(32, 16)]];
    sm80_f16_with_an_n_permutation: [cute_static::atom::SM80_16x8x16_F16F16F16F16_TN,
        Layout![(1, 2, 1)], cute_static::Tiler![<_, (8, 2, 2):(1, 16, 8), _>], Some("<_,(8,2,2):(1,16,8),_>"), Layout![(16, 16)], Layout![(32, 16)], Layout![(16, 32)]];
    sm80_f64_2x2_atoms: [cute_static::atom::SM80_8x8x4_F64F64F64F64_TN,
        Layout![(2, 2, 1)], (), None, Layout![(16, 4)], Layout![(16, 4)], Layout![(16, 16)]];
    sm89_fp8_1x2_atoms: [cute_static::atom::SM89_16x8x32_F32E4M3E4M3F32_TN,
        Layout![(1, 2, 1)], (), None, Layout![(16, 32)], Layout![(16, 32)], Layout![(16, 16)]];
    sm90_gmma_64x128x16: [cute_static::atom::SM90_64x128x16_F32F16F16_SS<cute_static::atom::MajorK, cute_static::atom::MajorK>,
        Layout![(1, 1, 1)], (), None, Layout![(64, 16)], Layout![(128, 16)], Layout![(64, 128)], descriptors];
    sm75_rank_3_tensors_over_several_tiles: [cute_static::atom::SM75_16x8x8_F32F16F16F32_TN,
        Layout![(2, 1, 1)], (), None, Layout![(64, 16, 2)], Layout![(16, 16, 2)], Layout![(64, 16, 3)]];
}

/// One SM70 quad-pair atom (`ThrID = (4,2):(1,16)`) tiled to `<8,8,4>`
/// (CuTe's MMA-atom docs): 8 threads, 32 lanes; CuTe C++ prints
/// `layoutA_TV = ((4,4,2),(4,(1,1))):((8,0,4),(1,(0,0)))`
/// (tests/cute-cpp/tiled_mma_tv.expected). Before the static tiled MMA
/// composed with CuTe's thridx_2_thrid it had the 4 lanes of
/// `right_inverse(ThrLayoutVMNK)`, `(4,(4,(1,1))):(8,(1,(0,0)))`.
#[test]
fn sm70_one_quadpair_atom_covers_the_warp() {
    type M = TiledMma<
        cute_static::atom::SM70_8x8x4_F32F16F16F32_NT,
        Layout![(1, 1, 1)],
        cute_static::Tiler![<8, 8, 4>],
    >;
    assert_eq!(
        cute_static::atom::LayoutATv::<M>::default().to_string(),
        "((_4,_4,_2),(_4,(_1,_1))):((_8,_0,_4),(_1,(_0,_0)))"
    );
    assert_eq!(
        cute_static::atom::LayoutCTv::<M>::default().to_string(),
        "(((_2,_2),_4,_2),((_2,_2,_2),(_1,_1))):(((_1,_16),_0,_4),((_8,_2,_32),(_0,_0)))"
    );
    config!(
        cute_static::atom::SM70_8x8x4_F32F16F16F32_NT,
        Layout![(1, 1, 1)],
        cute_static::Tiler![<8, 8, 4>],
        Some("<8,8,4>"),
        Layout![(8, 4)],
        Layout![(8, 4)],
        Layout![(8, 8)]
    );
}

/// Every SM70 variant, one atom without a permutation and `(2,2)`
/// N-major atoms over `<32,32,4>`.
#[test]
fn sm70_variants() {
    macro_rules! variant {
        ($atom:ty) => {
            config!(
                $atom,
                Layout![(1, 1, 1)],
                (),
                None,
                Layout![(8, 4)],
                Layout![(8, 4)],
                Layout![(8, 8)]
            );
            config!(
                $atom,
                Layout![(2, 2, 1):(2, 1, 0)],
                cute_static::Tiler![<32, 32, 4>],
                Some("<32,32,4>"),
                Layout![(32, 4)],
                Layout![(32, 4)],
                Layout![(32, 32)]
            );
        };
    }
    variant!(cute_static::atom::SM70_8x8x4_F16F16F16F16_TN);
    variant!(cute_static::atom::SM70_8x8x4_F16F16F16F16_NT);
    variant!(cute_static::atom::SM70_8x8x4_F16F16F16F16_NN);
    variant!(cute_static::atom::SM70_8x8x4_F16F16F16F16_TT);
    variant!(cute_static::atom::SM70_8x8x4_F32F16F16F32_TN);
    variant!(cute_static::atom::SM70_8x8x4_F32F16F16F32_NT);
    variant!(cute_static::atom::SM70_8x8x4_F32F16F16F32_NN);
    variant!(cute_static::atom::SM70_8x8x4_F32F16F16F32_TT);
}

/// A static tiled copy `$tc` (its type) against the run-time one `$d`: the
/// TV layout, the tile, `layoutS/D_TV` equal and pass
/// `laws::check_tiled_copy`, and `partition_S/D` of a counting tensor of
/// the static layout `$lt` equal cute-dynamic's (offset and layout) for
/// every thread.
macro_rules! copy_check {
    ($tc:ty, $d:expr, $lt:ty) => {{
        type Tc = $tc;
        type Ltv = <Tc as TiledCopyLayouts>::LayoutTv;
        type Tmn = <Tc as TiledCopyLayouts>::TilerMn;
        type Atom = <Tc as TiledCopyLayouts>::Atom;
        let d: cute_dynamic::TiledCopy = $d;
        let tc = Tc::new();
        assert_eq!(
            Ltv::default().to_dynamic(),
            d.tiled_layout_tv().clone(),
            "{d}"
        );
        assert_eq!(tc.size() as i64, d.size());
        let [m, n] = tc.tiler_mn();
        assert_eq!(d.tiler_mn().to_string(), format!("({m},{n})"));
        const BITS: usize = <Tc as TiledCopyBits>::BITS;
        macro_rules! layout_tv {
            ($side:ident) => {
                cute_static::atom::CopyLayoutTv::<Atom, BITS, Ltv, Tmn, cute_static::atom::$side>::default()
                    .to_dynamic()
            };
        }
        for (side, tv) in [
            (CopySide::Src, layout_tv!(CopySrc)),
            (CopySide::Dst, layout_tv!(CopyDst)),
        ]
        {
            assert_eq!(tv, d.layout_tv_of(side).unwrap(), "{d}: layout{side}_TV");
            // The same layouts named by the copy (Computed).
            let named = match side {
                CopySide::Src => cute_static::atom::LayoutSTv::<Tc>::default().to_dynamic(),
                CopySide::Dst => cute_static::atom::LayoutDTv::<Tc>::default().to_dynamic(),
            };
            assert_eq!(named, tv, "{d}: Layout{side}Tv");
            check_tiled_copy(&d, side, &tv).unwrap_or_else(|v| panic!("{d}: {v}"));
        }
        let dt = counting!(dynamic $lt);
        for thr in 0..tc.size() {
            let s = tc.get_slice(thr).unwrap();
            let ds = d.thr_slice(thr as i64).unwrap();
            let ps = s.partition_s(counting!($lt)).unwrap();
            let pd = s.partition_d(counting!($lt)).unwrap();
            for (side, (base, layout)) in [
                (CopySide::Src, (ps.base(), ps.layout().to_dynamic())),
                (CopySide::Dst, (pd.base(), pd.layout().to_dynamic())),
            ] {
                let dp = ds.partition(side, dt.clone()).unwrap();
                assert_eq!(
                    (base as i64, layout),
                    (dp.base(), dp.layout().clone()),
                    "{d}: partition_{side} of thread {thr}"
                );
            }
        }
        // Beyond the threads: an error, as at run time.
        assert!(tc.get_slice(tc.size()).is_err());
        assert!(d.thr_slice(d.size()).is_err());
    }};
}

/// The value width of a static tiled copy's type.
trait TiledCopyBits {
    const BITS: usize;
}
impl<A, const B: usize, L, T> TiledCopyBits for cute_static::atom::TiledCopy<A, B, L, T> {
    const BITS: usize = B;
}

/// A static `make_tiled_copy` against cute-dynamic's of the same atom,
/// value type and layouts (see `copy_check`).
macro_rules! copy_config {
    ($($atom:ty, $bits:literal, $vt:ident, $thr:ty, $val:ty, $lt:ty;)+) => {$(
        copy_check!(
            cute_static::atom::MakeTiledCopy<$atom, $bits, $thr, $val>,
            dynamic_copy!($atom, $vt, $thr, $val),
            $lt
        );
    )+};
}

/// cute-dynamic's `make_tiled_copy` of a static atom, value type and
/// static thread and value layouts.
macro_rules! dynamic_copy {
    ($atom:ty, $vt:ident, $thr:ty, $val:ty) => {
        cute_dynamic::make_tiled_copy(
            &<$atom as CopyAtom>::to_dynamic().unwrap(),
            cute_dynamic::ValueType::$vt,
            &<$thr>::default().to_dynamic(),
            &<$val>::default().to_dynamic(),
        )
        .unwrap()
    };
}

#[test]
fn tiled_copies_equal_the_run_time_ones() {
    // A thread layout of rank 1: CuTe pads it to the value layout's rank
    // (Tiler_MN = (32·1, 1·2)).
    copy_config! {
        cute_static::atom::UniversalCopy<u32>, 16, Half, Layout![32:1], Layout![(1, 2)], Layout![(64, 4)];
        cute_static::atom::UniversalCopy<u128>, 16, Half, Layout![(32, 8):(1, 32)], Layout![(8, 1)], Layout![(256, 16)];
        cute_static::atom::SM80_CP_ASYNC_CACHEALWAYS<u128>, 16, Half, Layout![(32, 4):(4, 1)], Layout![(1, 8)], Layout![(64, 32)];
        cute_static::atom::UniversalCopy<u32>, 32, Float, Layout![(16, 8)], Layout![(1, 1)], Layout![(32, 8):(8, 1)];
        cute_static::atom::UniversalCopy<u64>, 16, Half, Layout![(8, 16):(16, 1)], Layout![(1, 4)], Layout![(8, 64, 2)];
        cute_static::atom::SM75_U32x4_LDSM_N, 16, Half, Layout![(32, 1)], Layout![(1, 8)], Layout![(32, 8)];
    }
}

/// `make_tiled_copy_A/B/C(atom, tiled_mma)`: the static copies over the
/// tiled MMA's TV layouts against cute-dynamic's (see `copy_check`).
#[test]
fn tiled_copies_of_a_tiled_mma_equal_the_run_time_ones() {
    type Mma = Sm80Mma;
    let (mma, d) = (Mma::new(), sm80_mma());
    let half = cute_dynamic::ValueType::Half;
    // A (32×16) by LDSM x4, B (16×16) by LDSM x2, C (32×16, f32) by 32-bit copies.
    let a = cute_static::atom::make_tiled_copy_a::<_, 16, _>(
        cute_static::atom::SM75_U32x4_LDSM_N,
        &mma,
    );
    let b = cute_static::atom::make_tiled_copy_b::<_, 16, _>(
        cute_static::atom::SM75_U32x2_LDSM_N,
        &mma,
    );
    let c = cute_static::atom::make_tiled_copy_c::<_, 32, _>(
        cute_static::atom::UniversalCopy::<u32>::new(),
        &mma,
    );
    assert_eq!(
        (a.tiler_mn(), b.tiler_mn(), c.tiler_mn()),
        ([32, 16], [16, 16], [32, 16])
    );
    copy_check!(
        cute_static::atom::MakeTiledCopyA<cute_static::atom::SM75_U32x4_LDSM_N, 16, Mma>,
        cute_dynamic::make_tiled_copy_a(&dyn_atom("SM75_U32x4_LDSM_N"), half, &d).unwrap(),
        Layout![(64, 32)]
    );
    copy_check!(
        cute_static::atom::MakeTiledCopyB<cute_static::atom::SM75_U32x2_LDSM_N, 16, Mma>,
        cute_dynamic::make_tiled_copy_b(&dyn_atom("SM75_U32x2_LDSM_N"), half, &d).unwrap(),
        Layout![(16, 32)]
    );
    copy_check!(
        cute_static::atom::MakeTiledCopyC<cute_static::atom::UniversalCopy<u32>, 32, Mma>,
        cute_dynamic::make_tiled_copy_c(
            &dyn_atom("UniversalCopy<uint32_t>"),
            cute_dynamic::ValueType::Float,
            &d
        )
        .unwrap(),
        Layout![(32, 16, 2)]
    );
}

/// A use: a host GEMM `C = A·Bᵀ` (A `M×K`, B `N×K`, C `M×N`, column-major)
/// through a static tiled MMA of UniversalFMA atoms over 8×8 threads, every
/// thread's `partition_A/B/C` multiplied as CuTe's `gemm(thr_mma, …)` does
/// for FMA atoms, against a naive GEMM.
#[test]
fn host_gemm_through_a_static_tiled_mma() {
    let (m, n, k) = (32usize, 32usize, 8usize);
    let a: Vec<f32> = (0..m * k).map(|i| ((i * 7) % 11) as f32 - 5.0).collect();
    let b: Vec<f32> = (0..n * k).map(|i| ((i * 5) % 13) as f32 - 6.0).collect();
    let mut c = vec![0.0f32; m * n];
    let mma = cute_static::atom::make_tiled_mma(
        cute_static::atom::UniversalFMA::<f32>::new(),
        cute_static::layout!((8, 8, 1)),
        (),
    );
    for thr in 0..mma.size() {
        let s = mma.get_slice(thr).unwrap();
        let ta = s
            .partition_a(Tensor::new(&a[..], cute_static::layout!((32, 8))).unwrap())
            .unwrap();
        let tb = s
            .partition_b(Tensor::new(&b[..], cute_static::layout!((32, 8))).unwrap())
            .unwrap();
        let mut tc = s
            .partition_c(Tensor::new(&mut c[..], cute_static::layout!((32, 32))).unwrap())
            .unwrap();
        // (FrgV, RestM, RestK) × (FrgV, RestN, RestK) → (FrgV, RestM, RestN).
        let (rm, rn, rk) = (4, 4, 8);
        assert_eq!(
            (ta.size(), tb.size(), tc.size()),
            (rm * rk, rn * rk, rm * rn)
        );
        for mm in 0..rm {
            for nn in 0..rn {
                let mut acc = *tc.get(mm + rm * nn).unwrap();
                for kk in 0..rk {
                    acc += ta.get(mm + rm * kk).unwrap() * tb.get(nn + rn * kk).unwrap();
                }
                tc.set(mm + rm * nn, acc).unwrap();
            }
        }
    }
    for i in 0..m {
        for j in 0..n {
            let want: f32 = (0..k).map(|kk| a[i + m * kk] * b[j + n * kk]).sum();
            assert_eq!(c[i + m * j], want, "C({i},{j})");
        }
    }
}

/// `retile_S/D` of a thread's register fragment (`partition_fragment_X`
/// of the tiled MMA) by `make_tiled_copy_X` of the same MMA against
/// cute-dynamic's `TiledCopy::retile` of the same layout, for every thread
/// (the retiled view keeps the fragment's base: the slice's offset is 0).
macro_rules! retile_check {
    ($mma:expr, $copy:expr, $dcopy:expr, $frag:ident, $lt:ty) => {{
        let mma = $mma;
        let copy = $copy;
        let d: cute_dynamic::TiledCopy = $dcopy;
        let t = counting!($lt);
        for thr in 0..copy.size() {
            let mut f = mma.get_slice(thr).unwrap().$frag(&t);
            let fl = f.layout().to_dynamic();
            let (want, off) = d.retile(&fl).unwrap();
            let s = copy.get_slice(thr).unwrap();
            let rs = s.retile_s(&f);
            assert_eq!(
                (rs.layout().to_dynamic(), rs.base() as i64),
                (want.clone(), off),
                "{d}: retile_S of {fl} (thread {thr})"
            );
            let rd = s.retile_d(&mut f);
            assert_eq!(rd.layout().to_dynamic(), want, "{d}: retile_D of {fl}");
            assert_eq!(rd.size(), fl.size() as usize);
        }
    }};
}

#[test]
fn retile_of_mma_fragments_equals_the_run_time_one() {
    type Mma = Sm80Mma;
    let (mma, d) = (Mma::new(), sm80_mma());
    let half = cute_dynamic::ValueType::Half;
    let a = cute_static::atom::make_tiled_copy_a::<_, 16, _>(
        cute_static::atom::SM75_U32x4_LDSM_N,
        &mma,
    );
    let da = cute_dynamic::make_tiled_copy_a(&dyn_atom("SM75_U32x4_LDSM_N"), half, &d).unwrap();
    retile_check!(mma, a, da.clone(), partition_fragment_a, Layout![(32, 16)]);
    retile_check!(mma, a, da, partition_fragment_a, Layout![(64, 32)]);
    let b = cute_static::atom::make_tiled_copy_b::<_, 16, _>(
        cute_static::atom::SM75_U32x2_LDSM_N,
        &mma,
    );
    let db = cute_dynamic::make_tiled_copy_b(&dyn_atom("SM75_U32x2_LDSM_N"), half, &d).unwrap();
    retile_check!(mma, b, db.clone(), partition_fragment_b, Layout![(16, 16)]);
    retile_check!(mma, b, db, partition_fragment_b, Layout![(32, 48)]);
    let c = cute_static::atom::make_tiled_copy_c::<_, 32, _>(
        cute_static::atom::UniversalCopy::<u32>::new(),
        &mma,
    );
    let dc = cute_dynamic::make_tiled_copy_c(
        &dyn_atom("UniversalCopy<uint32_t>"),
        cute_dynamic::ValueType::Float,
        &d,
    )
    .unwrap();
    retile_check!(mma, c, dc.clone(), partition_fragment_c, Layout![(32, 16)]);
    retile_check!(mma, c, dc, partition_fragment_c, Layout![(64, 32)]);
}

/// Whether a static partition (base, layout) of a mixed tensor equals
/// cute-dynamic's: the same base, size and offset at every index, and the
/// same layout unless cute-dynamic coalesced modes whose run-time strides
/// happen to meet (`coalesces`).
fn same_partition(
    (base, layout): (usize, DLayout),
    d: &cute_dynamic::Tensor<cute_dynamic::Counting>,
    coalesces: bool,
    what: &str,
) {
    assert_eq!(base as i64, d.base(), "{what}: base");
    let dl = d.layout();
    assert_eq!(layout.size(), dl.size(), "{what}: size of {layout} vs {dl}");
    for i in 0..dl.size() {
        assert_eq!(
            layout.call(i),
            dl.call(i),
            "{what}: index {i} of {layout} vs {dl}"
        );
    }
    if !coalesces {
        assert_eq!(&layout, dl, "{what}");
    }
}

/// `partition_A/B/C_mixed` of mixed tensors (static shapes, run-time
/// strides) against cute-dynamic's partition of the same layouts, for
/// every thread and several run-time strides.
macro_rules! mma_mixed_config {
    ($atom:ty, $al:ty, $perm:ty, $perm_text:expr, [$($mk:expr),+]) => {{
        type M = TiledMma<$atom, $al, $perm>;
        let m = M::new();
        let d = dynamic_of::<M>(<$al>::default().to_dynamic(), $perm_text);
        for ld in [0usize, 3, 41] {
            let (la, lb, lc, coalesces) = ($($mk(ld)),+);
            let (ta, tb, tc) = (
                make_counting_tensor(la.to_dynamic()).unwrap(),
                make_counting_tensor(lb.to_dynamic()).unwrap(),
                make_counting_tensor(lc.to_dynamic()).unwrap(),
            );
            // Every lane (CuTe's thridx_2_thrid: 32 for one SM70 atom).
            let vmnk = d.thr_layout_vmnk();
            let lanes = cute_dynamic::complement(vmnk, vmnk.cosize().unwrap()).unwrap().size()
                * vmnk.size();
            for thr in 0..lanes as usize {
                let s = m.get_slice(thr).unwrap();
                let ds = d.thr_slice(thr as i64).unwrap();
                let pa = s.partition_a_mixed(Tensor::new(Counting, la).unwrap()).unwrap();
                let pb = s.partition_b_mixed(Tensor::new(Counting, lb).unwrap()).unwrap();
                let pc = s.partition_c_mixed(Tensor::new(Counting, lc).unwrap()).unwrap();
                for (op, got, dt) in [
                    (MmaOperand::OperandA, (pa.base(), pa.layout().to_dynamic()), &ta),
                    (MmaOperand::OperandB, (pb.base(), pb.layout().to_dynamic()), &tb),
                    (MmaOperand::OperandC, (pc.base(), pc.layout().to_dynamic()), &tc),
                ] {
                    let dp = ds.partition(op, dt.clone()).unwrap();
                    same_partition(got, &dp, coalesces, &format!("{d}: partition_{op} of {} (thread {thr})", dt.layout()));
                }
            }
        }
    }};
}

#[test]
fn partitions_of_mixed_tensors_equal_the_run_time_ones() {
    // Column-major tiles of matrices with ld ≥ the tile's rows (ld = 32 +
    // 0 coalesces at run time).
    mma_mixed_config!(
        cute_static::atom::SM80_16x8x16_F32F16F16F32_TN,
        Layout![(2, 2, 1)],
        (),
        None,
        [|ld: usize| (
            cute_static::layout!((32, 16):(1, {32 + ld})).unwrap(),
            cute_static::layout!((16, 16):({16 + ld}, 1)).unwrap(),
            cute_static::layout!((64, 32):(1, {64 + ld})).unwrap(),
            ld == 0
        )]
    );
    // One SM70 quad-pair atom: 8 threads, 32 lanes.
    mma_mixed_config!(
        cute_static::atom::SM70_8x8x4_F32F16F16F32_NT,
        Layout![(1, 1, 1)],
        cute_static::Tiler![<8, 8, 4>],
        Some("<8,8,4>"),
        [|ld: usize| (
            cute_static::layout!((8, 4):(1, {8 + ld})).unwrap(),
            cute_static::layout!((8, 4):({4 + ld}, 1)).unwrap(),
            cute_static::layout!((8, 8):(1, {8 + ld})).unwrap(),
            ld == 0
        )]
    );
    mma_mixed_config!(
        cute_static::atom::UniversalFMA<f32>,
        Layout![(8, 8, 1)],
        cute_static::Tiler![<(4, 2):(2, 1), _, _>],
        Some("<(4,2):(2,1),_,_>"),
        [|ld: usize| (
            cute_static::layout!((16, 2):(1, {16 + ld})).unwrap(),
            cute_static::layout!((8, 2, 3):(1, {8 + ld}, {100 + ld})).unwrap(),
            cute_static::layout!((16, 8):({8 + ld}, 1)).unwrap(),
            ld == 0
        )]
    );
}

/// `partition_S/D_mixed` of a mixed tensor by the static tiled copy `$tc`
/// against cute-dynamic's `$d`, for every thread and several strides.
macro_rules! copy_mixed_check {
    (make $atom:ty, $bits:literal, $vt:ident, $thr:ty, $val:ty, $mk:expr) => {
        copy_mixed_check!(
            cute_static::atom::MakeTiledCopy<$atom, $bits, $thr, $val>,
            dynamic_copy!($atom, $vt, $thr, $val),
            $mk
        )
    };
    ($tc:ty, $d:expr, $mk:expr) => {{
        let tc = <$tc>::new();
        let d: cute_dynamic::TiledCopy = $d;
        for ld in [0usize, 3, 41] {
            let (l, coalesces) = $mk(ld);
            let dt = make_counting_tensor(l.to_dynamic()).unwrap();
            for thr in 0..tc.size() {
                let s = tc.get_slice(thr).unwrap();
                let ds = d.thr_slice(thr as i64).unwrap();
                let ps = s
                    .partition_s_mixed(Tensor::new(Counting, l).unwrap())
                    .unwrap();
                let pd = s
                    .partition_d_mixed(Tensor::new(Counting, l).unwrap())
                    .unwrap();
                for (side, got) in [
                    (CopySide::Src, (ps.base(), ps.layout().to_dynamic())),
                    (CopySide::Dst, (pd.base(), pd.layout().to_dynamic())),
                ] {
                    let dp = ds.partition(side, dt.clone()).unwrap();
                    same_partition(
                        got,
                        &dp,
                        coalesces,
                        &format!("{d}: partition_{side} of {} (thread {thr})", dt.layout()),
                    );
                }
            }
        }
    }};
}

#[test]
fn copy_partitions_of_mixed_tensors_equal_the_run_time_ones() {
    let half = cute_dynamic::ValueType::Half;
    // sgemm-like: 128-bit global loads of a K-major (row-major) 64×32 tile.
    copy_mixed_check!(
        make cute_static::atom::SM80_CP_ASYNC_CACHEALWAYS<u128>, 16, Half,
        Layout![(32, 4):(4, 1)], Layout![(1, 8)],
        |ld: usize| (cute_static::layout!((64, 32):({32 + ld}, 1)).unwrap(), ld == 0)
    );
    copy_mixed_check!(
        make cute_static::atom::UniversalCopy<u128>, 16, Half,
        Layout![(32, 8):(1, 32)], Layout![(8, 1)],
        |ld: usize| (
            cute_static::layout!((256, 16, 2):(1, {256 + ld}, {5000 + ld})).unwrap(),
            ld == 0
        )
    );
    // The LDSM copy of A of a 2×2 SM80 tiled MMA over a column-major tile.
    type Mma = Sm80Mma;
    let d = sm80_mma();
    copy_mixed_check!(
        cute_static::atom::MakeTiledCopyA<cute_static::atom::SM75_U32x4_LDSM_N, 16, Mma>,
        cute_dynamic::make_tiled_copy_a(&dyn_atom("SM75_U32x4_LDSM_N"), half, &d).unwrap(),
        |ld: usize| (cute_static::layout!((64, 32):(1, {64 + ld})).unwrap(), ld == 0)
    );
}
