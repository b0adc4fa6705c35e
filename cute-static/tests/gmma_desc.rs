//! GMMA shared-memory descriptors of static operands (`make_gmma_desc`,
//! `partition_fragment_desc_a/b`) against cute-dynamic's on the same
//! layouts.

use cute_dynamic::{GmmaMajor as DMajor, SwizzledLayout};
use cute_static::{
    BFloat16, Error, GmmaDescriptor, Half, MajorK, MajorMN, SmemLayout, TFloat32, layout,
    make_gmma_desc,
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
    ($major:ty, $dmajor:expr, $t:ty, $s:expr, $want_ok:expr) => {{
        let s = $s;
        for addr in [0u32, 0x400, 0x2000, 0xfff0, 8] {
            let st = kind(make_gmma_desc::<$major, $t, _>(&s, addr));
            let dy = dynamic(
                $dmajor,
                &s,
                <$t as cute_static::ValueType>::BITS as i64,
                addr,
            );
            assert_eq!(st, dy, "{s} at {addr:#x}");
            if addr == 0 {
                assert_eq!(st.is_ok(), $want_ok, "{s}: {st:?}");
            }
        }
    }};
}

#[test]
fn make_gmma_desc_matches_dynamic() {
    let k = DMajor::K;
    let mn = DMajor::MN;
    // K-major, 16-bit, every swizzle.
    same!(
        MajorK,
        k,
        Half,
        layout!(Sw<3,3,3> o 0 o ((8,8),16):((64,512),1)),
        true
    );
    same!(
        MajorK,
        k,
        Half,
        layout!(Sw<2,3,3> o 0 o ((8,8),16):((32,256),1)),
        true
    );
    same!(
        MajorK,
        k,
        BFloat16,
        layout!(Sw<1,3,3> o 0 o ((8,8),16):((16,128),1)),
        true
    );
    same!(
        MajorK,
        k,
        Half,
        layout!(((8,8),(8,2)):((8,64),(1,512))),
        true
    );
    same!(
        MajorK,
        k,
        Half,
        layout!(Sw<3,3,3> o 64 o ((8,8),16):((64,512),1)),
        true
    );
    // K-major tf32, every swizzle.
    same!(
        MajorK,
        k,
        TFloat32,
        layout!(Sw<3,2,3> o 0 o ((8,8),8):((32,256),1)),
        true
    );
    same!(
        MajorK,
        k,
        TFloat32,
        layout!(Sw<2,2,3> o 0 o ((8,8),8):((16,128),1)),
        true
    );
    same!(
        MajorK,
        k,
        f32,
        layout!(Sw<1,2,3> o 0 o ((8,8),8):((8,64),1)),
        true
    );
    same!(
        MajorK,
        k,
        TFloat32,
        layout!(((8,8),(4,2)):((4,32),(1,256))),
        true
    );
    // MN-major, 16-bit, every swizzle.
    same!(
        MajorMN,
        mn,
        Half,
        layout!(Sw<3,3,3> o 0 o ((64,2),(8,2)):((1,512),(64,1024))),
        true
    );
    same!(
        MajorMN,
        mn,
        Half,
        layout!(Sw<2,3,3> o 0 o ((32,2),(8,2)):((1,256),(32,512))),
        true
    );
    same!(
        MajorMN,
        mn,
        Half,
        layout!(Sw<1,3,3> o 0 o ((16,4),(8,2)):((1,128),(16,512))),
        true
    );
    same!(
        MajorMN,
        mn,
        Half,
        layout!(((8,8),(8,2)):((1,64),(8,512))),
        true
    );
    // MN-major tf32 (K = 256/32 = 8).
    same!(
        MajorMN,
        mn,
        TFloat32,
        layout!(Sw<3,2,3> o 0 o (64,8):(1,32)),
        true
    );
    same!(
        MajorMN,
        mn,
        TFloat32,
        layout!(Sw<2,2,3> o 0 o ((16,4),8):((1,128),16)),
        true
    );
    same!(MajorMN, mn, TFloat32, layout!(((4,16),8):((1,32),4)), true);
    // Not canonical.
    same!(
        MajorK,
        k,
        Half,
        layout!(Sw<3,3,3> o 0 o ((8,8),16):((32,256),1)),
        false
    );
    same!(
        MajorK,
        k,
        Half,
        layout!(Sw<3,4,3> o 0 o ((8,8),16):((64,512),1)),
        false
    );
    same!(
        MajorK,
        k,
        Half,
        layout!(Sw<3,3,3> o 0 o ((8,8),24):((64,512),1)),
        false
    );
    same!(
        MajorK,
        k,
        Half,
        layout!(((4,15),(8,2)):((8,32),(1,512))),
        false
    );
    same!(
        MajorK,
        k,
        Half,
        layout!(((4,16),(8,2)):((8,64),(1,1024))),
        false
    );
    same!(
        MajorK,
        k,
        Half,
        layout!(((12,2),(8,2)):((8,200),(1,2000))),
        false
    );
    same!(MajorK, k, Half, layout!((64,16):(32,2)), false);
    same!(MajorK, k, Half, layout!((64,16):(16,1)), false);
    same!(
        MajorMN,
        mn,
        Half,
        layout!(Sw<3,3,3> o 0 o (64,(8,3)):(1,(64,512))),
        false
    );
    same!(
        MajorMN,
        mn,
        Half,
        layout!(Sw<2,3,3> o 0 o (64,(8,2)):(1,(64,512))),
        false
    );
    same!(
        MajorK,
        k,
        Half,
        layout!(Sw<3,3,3> o 3 o ((8,8),16):((64,512),1)),
        false
    );
    same!(
        MajorK,
        k,
        Half,
        layout!(Sw<3,3,3> o 0 o ((8,8),16):((64,131072),1)),
        false
    );
}
