// Mixed static/dynamic layouts: run-time leaves in braces, static tiles,
// through the static crate's verb traits and noun aliases.
use cute_static::{C, Dyn, Layout, Tiler, layout, tiler, algebra::{FlatDivide, ZippedQuotient}, tensor::__};

fn flat<A: FlatDivide<T>, T>(a: &A, t: T) -> A::Output {
    a.flat_divide(t)
}

fn main() -> Result<(), cute_static::dynamic::LayoutError> {
    let (m, n) = (100, 70);
    let a = layout!(({m}, {n}):(1, {m}))?;
    let tiles: ZippedQuotient<Layout![({m}, {n}):(1, {m})], Tiler<(C<16>, C<16>)>> =
        a.zipped_divide(tiler!(<16, 16>));
    let tiles = tiles?;
    assert_eq!(tiles.to_string(), "((_16,_16),(7,5)):((_1,100),(16,1600))");
    let (tile, off) = tiles.slice((__, 8));
    assert_eq!(tile.call_coord(((3, 2),)) + off, 16 + 3 + (16 + 2) * 100);
    let f = flat(&a, tiler!(<16, 16>))?;
    assert_eq!(f.to_string(), "(_16,_16,7,5):(_1,100,16,1600)");
    let c = a.compose(tiler!(<4:2, 8>))?;
    assert_eq!(c.to_string(), "(_4,_8):(_2,100)");
    let _: Dyn = c.stride().1;
    Ok(())
}
