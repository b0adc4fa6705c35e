//! The E0275 case: slicing a mixed tile and dividing it again. The rest
//! mode `(4, m/32)` of a zipped divide is a tuple holding a run-time leaf;
//! dividing it used to overflow the trait solver (`error[E0275]: overflow
//! evaluating the requirement … FlatModes`). It now fails with the rule.
use cute_static::{algebra::ZippedDivide, tensor::__, layout, tiler};

fn main() -> Result<(), cute_static::Error> {
    let m = 1000;
    let a = layout!((128, {m}):(1, 128))?;
    let t = a.zipped_divide(tiler!(<32, 32>))?;
    // The tile mode is static: dividing it again compiles.
    let (tile, _) = t.slice((__, 5));
    let _ = ZippedDivide::zipped_divide(&tile, tiler!(<8>))?;
    // The rest mode holds a run-time leaf: a named error.
    let (rest, _) = t.slice((0, __));
    let _ = ZippedDivide::zipped_divide(&rest, tiler!(<2>))?;
    Ok(())
}
