// Mixed static/dynamic layouts: run-time leaves in braces, static tiles.
use cute_static::{__, layout, tiler};

fn main() -> Result<(), cute_static::dynamic::LayoutError> {
    let (m, n) = (100, 70);
    let a = layout!(({m}, {n}):(1, {m}))?;
    let tiles = a.zipped_divide(tiler!(<16, 16>))?;
    assert_eq!(tiles.to_string(), "((_16,_16),(7,5)):((_1,100),(16,1600))");
    let (tile, off) = tiles.slice((__, 8));
    assert_eq!(tile.call_coord(((3, 2),)) + off, 16 + 3 + (16 + 2) * 100);
    Ok(())
}
