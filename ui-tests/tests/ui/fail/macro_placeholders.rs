//! On an error every macro still expands to a value or type of its kind
//! (one placeholder routine), so the code around it reports nothing more:
//! only the four literal errors below appear.
use cute_static::{Layout, dlayout, layout, tiler};

type L = Layout![(4, { 5 }):(1, (4, 2))];

fn main() -> Result<(), cute_static::dynamic::LayoutError> {
    let m = 4usize;
    let mixed = layout!((4, { m }):(1, -4))?;
    println!("{mixed} {}", L::default());
    let d = dlayout!((4, -1));
    println!("{d}");
    let t = tiler!(<4:1, { m }>);
    println!("{t}");
    Ok(())
}
