// A tiled copy of 128-bit atoms (4 f32 per access) over a row-major tile:
// the 4 values of an access are 16 elements apart, not one vector.
use cute_static::arch::GlobalBuffer;
use cute_static::atom::{MakeTiledCopy, UniversalCopy};
use cute_static::device::{copy_with, make_fragment_like};
use cute_static::{Layout, layout};

type TiledCopyVec = MakeTiledCopy<UniversalCopy<u128>, 32, Layout![(32, 8)], Layout![(4, 1)]>;

fn main() {
    let buffer = GlobalBuffer::<f32>::zeroed(64);
    let tile = buffer.tensor(layout!((4, 16):(16, 1))).unwrap();
    let mut fragment = make_fragment_like(&tile);
    copy_with(&TiledCopyVec::default(), &tile, &mut fragment);
}
