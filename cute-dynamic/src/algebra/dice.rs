//! Dice: the complement of slicing. Where `slice(c, L)` keeps the modes of
//! `L` paired with a hole `_` in `c`, `dice(c, L)` keeps the modes paired
//! with an integer, with the same structure rules (CuTe's `underscore.hpp`):
//! an integer keeps the whole mode, `_` drops it, a tuple coordinate keeps
//! what its children keep, spliced one level up. So the leaves of `L` are
//! split between `slice` and `dice`: `size(slice) · size(dice) == size(L)`,
//! and the diced leaves are those of `L` under integers, in order. The
//! whole-layout cases are `dice(n, L) = L` and `dice(_, L) = ()`.
//!
//! CuTe uses `dice` with a projection such as `Step<_1, X, _1>` to pick the
//! modes of a tiler or a coordinate that apply to one operand (`local_tile`);
//! [`dice_coord`] is that form for coordinates.
//!
//! ```
//! use cute_dynamic::{dice, dice_coord, Coord, Layout};
//! let l: Layout = "((3,2),((2,3),2)):((4,1),((2,15),100))".parse()?;
//! assert_eq!(dice(&"(2,_)".parse()?, &l)?.to_string(), "((3,2)):((4,1))");
//! assert_eq!(dice(&"(_,((0,_),_))".parse()?, &l)?.to_string(), "(2):(2)");
//! let proj: Coord = "(1,_,1)".parse()?;
//! assert_eq!(dice_coord(&proj, &"(4,7,_)".parse()?)?.to_string(), "(4,_)");
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use crate::data::coordinate::Coord;
use crate::data::int_tuple::IntTuple;
use crate::data::layout::Layout;
use crate::error::LayoutError;
#[allow(unused_imports)]
use crate::prelude::*;

/// `dice(c, L)` (see the module documentation). Errors: a tuple coordinate
/// whose rank differs from the mode it is paired with (`not_compatible`).
pub fn dice(coord: &Coord, l: &Layout) -> Result<Layout, LayoutError> {
    let shape = dice_int_tuple(coord, l.shape())?;
    let stride = dice_int_tuple(coord, l.stride())?;
    // Shape and stride are congruent, so their dice are.
    Ok(Layout::from_parts_unchecked(shape, stride))
}

/// `dice(c, t)` for an integer tuple (a shape, a stride or a tile shape).
///
/// ```
/// use cute_dynamic::{dice_int_tuple, IntTuple};
/// let t: IntTuple = "(128,64,32)".parse()?;
/// assert_eq!(dice_int_tuple(&"(1,_,1)".parse()?, &t)?.to_string(), "(128,32)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn dice_int_tuple(coord: &Coord, t: &IntTuple) -> Result<IntTuple, LayoutError> {
    let diced = dice_coord(coord, &Coord::from(t.as_ref()))?;
    // Dicing only selects parts of `t`, which has no holes.
    diced
        .to_int_tuple()
        .ok_or_else(|| LayoutError::NotCompatible {
            operation: "dice",
            left: coord.to_string(),
            right: t.to_string(),
        })
}

/// `dice(c, b)` for a coordinate `b` (which may itself hold holes).
pub fn dice_coord(coord: &Coord, b: &Coord) -> Result<Coord, LayoutError> {
    match coord {
        Coord::Int(_) => Ok(b.clone()),
        Coord::Hole => Ok(Coord::Tuple(Vec::new())),
        Coord::Tuple(_) => {
            let mut out = Vec::new();
            lift(coord, b, &mut out)?;
            Ok(Coord::Tuple(out))
        }
    }
}

/// Push what `c` keeps of `b` into `out` (a tuple `c` splices its
/// children's parts).
fn lift(c: &Coord, b: &Coord, out: &mut Vec<Coord>) -> Result<(), LayoutError> {
    match (c, b) {
        (Coord::Int(_), _) => out.push(b.clone()),
        (Coord::Hole, _) => {}
        (Coord::Tuple(cs), Coord::Tuple(bs)) if cs.len() == bs.len() => {
            for (ci, bi) in cs.iter().zip(bs) {
                lift(ci, bi, out)?;
            }
        }
        _ => {
            return Err(LayoutError::NotCompatible {
                operation: "dice",
                left: c.to_string(),
                right: b.to_string(),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(c: &str, l: &str) -> String {
        let l: Layout = l.parse().unwrap();
        dice(&c.parse().unwrap(), &l).map_or_else(|e| e.kind().to_string(), |r| r.to_string())
    }

    /// CuTe C++ answers, derived from underscore.hpp's `dice`/`lift_dice`
    /// (the mirror image of the slices in the coordinate tests).
    #[test]
    fn cute_exact() {
        let a = "((3,2),((2,3),2)):((4,1),((2,15),100))";
        // dice(2,_): mode 0 kept whole, as a rank-1 tuple.
        assert_eq!(d("(2,_)", a), "((3,2)):((4,1))");
        // dice(_,5): mode 1.
        assert_eq!(d("(_,5)", a), "(((2,3),2)):(((2,15),100))");
        // dice((1,_),((_,0),_)): leaf 3 of mode 0, leaf 3 of mode 1.
        assert_eq!(d("((1,_),((_,0),_))", a), "(3,3):(4,15)");
        assert_eq!(d("(2,((0,_),_))", a), "((3,2),2):((4,1),2)");
        assert_eq!(d("7", a), a);
        assert_eq!(d("_", a), "():()");
        assert_eq!(d("(_,_)", a), "():()");
        assert_eq!(d("(1,2)", a), a);
        assert_eq!(d("(1,2,3)", a), "not_compatible");
        assert_eq!(d("((1,2,3),_)", a), "not_compatible");
    }
}
