//! Run-time leaves with a static divisor: the spelling `{m:128}`, the types
//! it gives, and a divide by a tile of the divisor whose rest keeps a
//! divisor, all named in a signature.
use cute_static::{C, Dyn, Layout, Tiler, layout, tiler, algebra::ZippedQuotient, layout::{DynDiv, MixedLayout}};

type A = Layout![({m:128}, {n:8}):(1, {m})];

fn tiles(a: &A) -> ZippedQuotient<A, Tiler<(C<32>, C<8>)>> {
    a.zipped_divide(tiler!(<32, 8>))
}

fn main() {
    let (m, n) = (256, 16);
    let a: MixedLayout<(DynDiv<128>, DynDiv<8>), (C<1>, DynDiv<128>)> =
        layout!(({m:128}, {n:8}):(1, {m})).unwrap();
    let z: MixedLayout<((C<32>, C<8>), (DynDiv<4>, DynDiv<1>)), ((C<1>, DynDiv<128>), (Dyn, Dyn))> =
        tiles(&a).unwrap();
    println!("{z} {}", z.structure());
}
