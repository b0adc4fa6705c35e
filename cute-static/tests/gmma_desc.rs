//! GMMA shared-memory descriptors of static operands (`make_gmma_desc`,
//! `partition_fragment_desc_a/b`) against cute-dynamic's on the same
//! layouts.

use cute_dynamic::{GmmaMajor as DMajor, SwizzledLayout};
use cute_static::{
    Error,
    atom::{BFloat16, GmmaDescriptor, Half, MajorK, MajorMN, SmemLayout, TFloat32, make_gmma_desc},
    layout,
};

/// cute-dynamic's descriptor (or error kind) of the same operand.
fn dynamic<S: SmemLayout + core::fmt::Display>(
    major: DMajor,
    s: &S,
    bits: i64,
    addr: u32,
) -> Result<u64, &'static str> {
    let text = s.to_string().replace('_', "");
    let d = match text.parse::<SwizzledLayout>() {
        Ok(sw) => cute_dynamic::make_gmma_desc(major, &sw, bits, addr),
        Err(_) => cute_dynamic::make_gmma_desc(
            major,
            &text.parse::<cute_dynamic::Layout>().unwrap(),
            bits,
            addr,
        ),
    };
    d.map(|d| d.bits()).map_err(|e| e.kind())
}

fn kind(r: Result<GmmaDescriptor, Error>) -> Result<u64, &'static str> {
    r.map(|d| d.bits()).map_err(|e| e.kind())
}

macro_rules! same {
    ($($major:ty, $dmajor:expr, $t:ty, $s:expr, $want_ok:expr;)*) => {$({
        let s = $s;
        for addr in [0u32, 0x400, 0x2000, 0xfff0, 8] {
            let st = kind(make_gmma_desc::<$major, $t, _>(&s, addr));
            let dy = dynamic(
                $dmajor,
                &s,
                <$t as cute_static::atom::ValueType>::BITS as i64,
                addr,
            );
            assert_eq!(st, dy, "{s} at {addr:#x}");
            if addr == 0 {
                assert_eq!(st.is_ok(), $want_ok, "{s}: {st:?}");
            }
        }
    })*};
}

#[test]
fn make_gmma_desc_matches_dynamic() {
    let k = DMajor::K;
    let mn = DMajor::MN;
    // K-major, 16-bit, every swizzle.
    same! {
        MajorK, k, Half, layout!(Sw<3,3,3> o 0 o ((8,8),16):((64,512),1)), true;
        MajorK, k, Half, layout!(Sw<2,3,3> o 0 o ((8,8),16):((32,256),1)), true;
        MajorK, k, BFloat16, layout!(Sw<1,3,3> o 0 o ((8,8),16):((16,128),1)), true;
        MajorK, k, Half, layout!(((8,8),(8,2)):((8,64),(1,512))), true;
        MajorK, k, Half, layout!(Sw<3,3,3> o 64 o ((8,8),16):((64,512),1)), true;
        // K-major tf32, every swizzle.
        MajorK, k, TFloat32, layout!(Sw<3,2,3> o 0 o ((8,8),8):((32,256),1)), true;
        MajorK, k, TFloat32, layout!(Sw<2,2,3> o 0 o ((8,8),8):((16,128),1)), true;
        MajorK, k, f32, layout!(Sw<1,2,3> o 0 o ((8,8),8):((8,64),1)), true;
        MajorK, k, TFloat32, layout!(((8,8),(4,2)):((4,32),(1,256))), true;
        // MN-major, 16-bit, every swizzle.
        MajorMN, mn, Half, layout!(Sw<3,3,3> o 0 o ((64,2),(8,2)):((1,512),(64,1024))), true;
        MajorMN, mn, Half, layout!(Sw<2,3,3> o 0 o ((32,2),(8,2)):((1,256),(32,512))), true;
        MajorMN, mn, Half, layout!(Sw<1,3,3> o 0 o ((16,4),(8,2)):((1,128),(16,512))), true;
        MajorMN, mn, Half, layout!(((8,8),(8,2)):((1,64),(8,512))), true;
        // MN-major tf32 (K = 256/32 = 8).
        MajorMN, mn, TFloat32, layout!(Sw<3,2,3> o 0 o (64,8):(1,32)), true;
        MajorMN, mn, TFloat32, layout!(Sw<2,2,3> o 0 o ((16,4),8):((1,128),16)), true;
        MajorMN, mn, TFloat32, layout!(((4,16),8):((1,32),4)), true;
        // Not canonical.
        MajorK, k, Half, layout!(Sw<3,3,3> o 0 o ((8,8),16):((32,256),1)), false;
        MajorK, k, Half, layout!(Sw<3,4,3> o 0 o ((8,8),16):((64,512),1)), false;
        MajorK, k, Half, layout!(Sw<3,3,3> o 0 o ((8,8),24):((64,512),1)), false;
        MajorK, k, Half, layout!(((4,15),(8,2)):((8,32),(1,512))), false;
        MajorK, k, Half, layout!(((4,16),(8,2)):((8,64),(1,1024))), false;
        MajorK, k, Half, layout!(((12,2),(8,2)):((8,200),(1,2000))), false;
        MajorK, k, Half, layout!((64,16):(32,2)), false;
        MajorK, k, Half, layout!((64,16):(16,1)), false;
        MajorMN, mn, Half, layout!(Sw<3,3,3> o 0 o (64,(8,3)):(1,(64,512))), false;
        MajorMN, mn, Half, layout!(Sw<2,3,3> o 0 o (64,(8,2)):(1,(64,512))), false;
        MajorK, k, Half, layout!(Sw<3,3,3> o 3 o ((8,8),16):((64,512),1)), false;
        MajorK, k, Half, layout!(Sw<3,3,3> o 0 o ((8,8),16):((64,131072),1)), false;
    }
}

/// The run-time atom's tiled MMA (one atom, or two along M) and its
/// descriptor fragment of `smem` for thread `t`, as the layout and the raw
/// bits of every element, or the error kind.
fn dynamic_fragment(
    atom: &str,
    atoms_m: i64,
    op: cute_dynamic::MmaOperand,
    smem: &str,
    t: usize,
    addr: u32,
) -> Result<(String, Vec<u64>), &'static str> {
    let atom = cute_dynamic::mma_atom(atom).unwrap();
    let atom_layout: cute_dynamic::Layout = format!("({atoms_m},1,1)").parse().unwrap();
    let mma = cute_dynamic::make_tiled_mma(&atom, Some(&atom_layout), None).unwrap();
    let thr = mma.thr_slice(t as i64).unwrap();
    let frag = match smem.parse::<SwizzledLayout>() {
        Ok(s) => thr.partition_fragment_desc(op, &s, addr),
        Err(_) => {
            thr.partition_fragment_desc(op, &smem.parse::<cute_dynamic::Layout>().unwrap(), addr)
        }
    }
    .map_err(|e| e.kind())?;
    let l = frag.layout();
    let (m, k) = (l.mode(1).unwrap().size(), l.mode(2).unwrap().size());
    let mut bits = Vec::new();
    for kk in 0..k {
        for mm in 0..m {
            let c = format!("(0,{mm},{kk})").parse().unwrap();
            // Past the 14-bit start address: outside the storage.
            bits.push(frag.get(&c).map_or(u64::MAX, |d| d.bits()));
        }
    }
    Ok((frag.layout().to_string(), bits))
}

/// The static fragment as the same pair.
fn static_fragment<L: cute_static::layout::TensorLayout + core::fmt::Display>(
    frag: Result<cute_static::Tensor<cute_static::atom::DescriptorIterator, L>, Error>,
) -> Result<(String, Vec<u64>), &'static str> {
    let frag = frag.map_err(|e| e.kind())?;
    let bits = (0..frag.layout().size())
        .map(|i| frag.read(i).map_or(u64::MAX, |d| d.bits()))
        .collect();
    Ok((frag.layout().to_string().replace('_', ""), bits))
}

macro_rules! fragments {
    ($($atom:ty, $name:expr, $atoms_m:literal, $desc:ident, $op:ident, $s:expr, $ok:expr;)*) => {$({
        let s = $s;
        let mma =
            cute_static::atom::make_tiled_mma(<$atom>::default(), layout!(($atoms_m, 1, 1)), ());
        let text = s.to_string().replace('_', "");
        for t in [0usize, 5, 37, 127, 128, 200, 255] {
            if t >= 128 * $atoms_m {
                continue;
            }
            let thr = mma.get_slice(t).unwrap();
            for addr in [0u32, 0x400, 0x1000, 0x3ff00, 8] {
                let st = static_fragment(thr.$desc(&s, addr));
                let dy = dynamic_fragment(
                    $name,
                    $atoms_m,
                    cute_dynamic::MmaOperand::$op,
                    &text,
                    t,
                    addr,
                );
                assert_eq!(st, dy, "{} {text} thread {t} at {addr:#x}", $name);
                if addr == 0 {
                    assert_eq!(st.is_ok(), $ok, "{text}: {st:?}");
                }
            }
        }
    })*};
}

type SsKK = cute_static::atom::SM90_64x64x16_F32F16F16_SS<MajorK, MajorK>;
type SsMnMn = cute_static::atom::SM90_64x64x16_F32F16F16_SS<MajorMN, MajorMN>;
type SsKMn = cute_static::atom::SM90_64x64x16_F32F16F16_SS<MajorK, MajorMN>;
type SsTf32 = cute_static::atom::SM90_64x64x8_F32TF32TF32_SS_TN;
type RsKK = cute_static::atom::SM90_64x64x16_F32F16F16_RS<MajorK, MajorK>;
const SS_KK: &str = "SM90_64x64x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>";
const SS_MNMN: &str = "SM90_64x64x16_F32F16F16_SS<GMMA::Major::MN,GMMA::Major::MN>";
const SS_KMN: &str = "SM90_64x64x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::MN>";
const SS_TF32: &str = "SM90_64x64x8_F32TF32TF32_SS_TN";
const RS_KK: &str = "SM90_64x64x16_F32F16F16_RS<GMMA::Major::K,GMMA::Major::K>";

/// K-major A and B of 16-bit values, every swizzle, one and two atoms.
#[test]
fn k_major_fragments_match_dynamic() {
    let a128 = layout!(Sw<3,3,3> o 0 o ((8,16),(64,1)):((64,512),(1,0)));
    fragments! {
        SsKK, SS_KK, 1, partition_fragment_desc_a, OperandA, a128, true;
        SsKK, SS_KK, 2, partition_fragment_desc_a, OperandA, a128, true;
    }
    let a64 = layout!(Sw<2,3,3> o 0 o ((8,8),(32,2)):((32,256),(1,2048)));
    fragments! {
        SsKK, SS_KK, 1, partition_fragment_desc_a, OperandA, a64, true;
    }
    let b32 = layout!(Sw<1,3,3> o 0 o ((8,8),(16,4)):((16,128),(1,1024)));
    fragments! {
        SsKK, SS_KK, 1, partition_fragment_desc_b, OperandB, b32, true;
    }
    let inter = layout!(((8,8),(8,8)):((8,64),(1,512)));
    fragments! {
        SsKK, SS_KK, 1, partition_fragment_desc_b, OperandB, inter, true;
        SsKK, SS_KK, 2, partition_fragment_desc_a, OperandA, layout!(((8,16),(8,4)):((8,64),(1,1024))), true;
    }
    // An offset in the composed layout.
    let moved = layout!(Sw<3,3,3> o 64 o ((8,8),(64,1)):((64,512),(1,0)));
    fragments! {
        SsKK, SS_KK, 1, partition_fragment_desc_a, OperandA, moved, true;
        // B of an RS atom.
        RsKK, RS_KK, 1, partition_fragment_desc_b, OperandB, a128, true;
    }
}

/// MN-major operands of 16-bit values, every swizzle.
#[test]
fn mn_major_fragments_match_dynamic() {
    let a128 = layout!(Sw<3,3,3> o 0 o ((64,2),(8,4)):((1,512),(64,1024)));
    fragments! {
        SsMnMn, SS_MNMN, 1, partition_fragment_desc_a, OperandA, a128, true;
        SsMnMn, SS_MNMN, 2, partition_fragment_desc_a, OperandA, a128, true;
        SsMnMn, SS_MNMN, 1, partition_fragment_desc_b, OperandB, layout!(Sw<3,3,3> o 0 o (64,(8,8)):(1,(64,512))), true;
    }
    let b64 = layout!(Sw<2,3,3> o 0 o ((32,2),(8,4)):((1,256),(32,512)));
    fragments! {
        SsKMn, SS_KMN, 1, partition_fragment_desc_b, OperandB, b64, true;
    }
    let b32 = layout!(Sw<1,3,3> o 0 o ((16,4),(8,4)):((1,128),(16,512)));
    fragments! {
        SsMnMn, SS_MNMN, 1, partition_fragment_desc_b, OperandB, b32, true;
    }
    let inter = layout!(((8,8),(8,4)):((1,64),(8,512)));
    fragments! {
        SsMnMn, SS_MNMN, 1, partition_fragment_desc_a, OperandA, inter, true;
    }
}

/// tf32 (K-major only), every swizzle.
#[test]
fn tf32_fragments_match_dynamic() {
    let a128 = layout!(Sw<3,2,3> o 0 o ((8,8),(32,1)):((32,256),(1,0)));
    fragments! {
        SsTf32, SS_TF32, 1, partition_fragment_desc_a, OperandA, a128, true;
        SsTf32, SS_TF32, 2, partition_fragment_desc_a, OperandA, layout!(Sw<3,2,3> o 0 o ((8,16),(32,1)):((32,256),(1,0))), true;
    }
    let b64 = layout!(Sw<2,2,3> o 0 o ((8,8),(16,2)):((16,128),(1,1024)));
    fragments! {
        SsTf32, SS_TF32, 1, partition_fragment_desc_b, OperandB, b64, true;
    }
    let b32 = layout!(Sw<1,2,3> o 0 o ((8,8),(8,4)):((8,64),(1,512)));
    fragments! {
        SsTf32, SS_TF32, 1, partition_fragment_desc_b, OperandB, b32, true;
    }
    let inter = layout!(((8,8),(4,8)):((4,32),(1,256)));
    fragments! {
        SsTf32, SS_TF32, 1, partition_fragment_desc_a, OperandA, inter, true;
    }
}

/// Layouts that are not canonical: the named error in both crates.
#[test]
fn non_canonical_fragments_are_named_errors() {
    // 128-byte swizzle over rows of 64 bytes.
    let bad = layout!(Sw<3,3,3> o 0 o ((8,8),(32,2)):((32,256),(1,2048)));
    fragments! {
        SsKK, SS_KK, 1, partition_fragment_desc_a, OperandA, bad, false;
        // Row-major without core matrices.
        SsKK, SS_KK, 1, partition_fragment_desc_b, OperandB, layout!((64,64):(64,1)), false;
    }
    // The byte swizzle of 8-bit elements on 16-bit ones.
    let wrong_sw = layout!(Sw<3,4,3> o 0 o ((8,8),(64,1)):((64,512),(1,0)));
    fragments! {
        SsKK, SS_KK, 1, partition_fragment_desc_a, OperandA, wrong_sw, false;
    }
    // MN-major B64 rows of 64 elements.
    let mn_bad = layout!(Sw<2,3,3> o 0 o (64,(8,8)):(1,(64,512)));
    fragments! {
        SsMnMn, SS_MNMN, 1, partition_fragment_desc_b, OperandB, mn_bad, false;
    }
    let mma = cute_static::atom::make_tiled_mma(SsKK::default(), layout!((1, 1, 1)), ());
    let e = mma
        .get_slice(0)
        .unwrap()
        .partition_fragment_desc_a(&bad, 0)
        .unwrap_err();
    assert_eq!(e.kind(), "non_canonical_gmma_layout");
    let text = e.to_string();
    // The same error through `?` into cute-dynamic's error.
    let host: cute_dynamic::LayoutError = e.into();
    assert_eq!((host.kind(), host.to_string()), (e.kind(), text.clone()));
    assert_eq!(
        text,
        "make_gmma_desc<GMMA::Major::K>: Sw<3,0,3> o (_64,_2):(_4,_1) is not a canonical GMMA \
         layout: stride<0,0> of the canonical layout ((_8,_8),(_2,_1)):((_4,_32),(_1,_0)) is 4, \
         B128 needs 8"
    );
}

/// A tensor over shared memory is its layout at the tensor's base.
#[test]
fn tensor_operands_are_their_layouts() {
    let smem = [0u16; 2 * 64 * 64];
    let s_a = layout!(Sw<3,3,3> o 0 o ((8,8),(64,1)):((64,512),(1,0)));
    let mma = cute_static::atom::make_tiled_mma(SsKK::default(), layout!((1, 1, 1)), ());
    let thr = mma.get_slice(9).unwrap();
    let t = cute_static::Tensor::new(&smem[..], s_a).unwrap();
    let from_tensor = static_fragment(thr.partition_fragment_desc_a(&t, 0x800));
    let from_layout = static_fragment(thr.partition_fragment_desc_a(&s_a, 0x800));
    assert_eq!(from_tensor, from_layout);
    // The tensor's base (4096 halves = 8192 bytes) moves the start address.
    let tile = layout!(Sw<3,3,3> o 0 o ((8,8),16):((64,512),1));
    let moved = cute_static::Tensor::with_offset(&smem[..], 4096, tile).unwrap();
    let d = make_gmma_desc::<MajorK, Half, _>(&moved, 0x800).unwrap();
    let at = make_gmma_desc::<MajorK, Half, _>(&tile, 0x800 + 8192).unwrap();
    assert_eq!(d, at);
}
