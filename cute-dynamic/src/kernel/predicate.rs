//! Predicated and filling kernels (CuTe's `copy_if`, `clear`, `fill`):
//! `copy_if(pred, src, dst)` sets `dst(i) = src(i)` exactly where `pred(i)`
//! holds and touches nothing else; `fill(dst, v)` sets every element to `v`
//! and `clear(dst)` to the default value. Sizes are checked first (a
//! `not_compatible` error, never a panic), and every access is validated
//! before anything is written, so an error leaves the destination as it
//! was.
//!
//! The predicate is a tensor of `bool` (CuTe's `tApA`) or a closure over the
//! integral index `i` — typically over an identity tensor tiled like the
//! data, `|i| id_tile.at(i).is_some_and(|c| elem_less(&c, &shape) == Ok(true))`.
//!
//! ```
//! use cute_dynamic::{copy_if, elem_less, make_identity_tensor, IntTuple, Layout, Tensor};
//! let shape: IntTuple = "(3,5)".parse()?;
//! let src: Vec<i32> = (0..15).collect();
//! let mut dst = vec![-1; 15];
//! let s = Tensor::new(&src[..], "(3,5):(1,3)".parse::<Layout>()?)?;
//! let mut d = Tensor::new(&mut dst[..], "(3,5):(1,3)".parse::<Layout>()?)?;
//! let id = make_identity_tensor(&shape)?;
//! let below: IntTuple = "(2,5)".parse()?;               // rows 0 and 1 only
//! copy_if(&|i: i64| id.at(i).is_some_and(|c| elem_less(&c, &below) == Ok(true)), &s, &mut d)?;
//! assert_eq!(dst, vec![0, 1, -1, 3, 4, -1, 6, 7, -1, 9, 10, -1, 12, 13, -1]);
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use crate::error::LayoutError;
use crate::kernel::tensor::{Engine, EngineMut, Tensor, TensorLayout};
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

/// A predicate over the integral indices of a tensor: a tensor of `bool`
/// or a closure `Fn(i64) -> bool`.
///
/// ```
/// use cute_dynamic::{Layout, Predicate, Tensor};
/// let mask = vec![true, false];
/// let p = Tensor::new(&mask[..], "2:1".parse::<Layout>()?)?;
/// assert_eq!((p.len(), p.test(1)), (Some(2), Some(false)));
/// let even = |i: i64| i % 2 == 0;
/// assert_eq!((even.len(), even.test(4)), (None, Some(true)));
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub trait Predicate {
    /// The number of indices it covers (`None`: any).
    fn len(&self) -> Option<i64>;
    /// `true` when it covers no index.
    fn is_empty(&self) -> bool {
        self.len() == Some(0)
    }
    /// The predicate at index `i` (`None` when it cannot be read there).
    fn test(&self, i: i64) -> Option<bool>;
}

impl<P, L> Predicate for Tensor<P, L>
where
    L: TensorLayout,
    P: Engine<L::Offset, Value = bool>,
{
    fn len(&self) -> Option<i64> {
        Some(self.size())
    }
    fn test(&self, i: i64) -> Option<bool> {
        self.at(i)
    }
}

impl<F: Fn(i64) -> bool> Predicate for F {
    fn len(&self) -> Option<i64> {
        None
    }
    fn test(&self, i: i64) -> Option<bool> {
        Some(self(i))
    }
}

fn size_error(operation: &'static str, what: String, left: i64, right: i64) -> LayoutError {
    LayoutError::NotCompatible {
        operation,
        left: format!("{what} of size {left}"),
        right: format!("a destination of size {right}"),
    }
}

fn access_error(operation: &'static str, what: &str, i: i64) -> LayoutError {
    LayoutError::Unsupported {
        operation,
        reason: format!("{what} has no element at index {i} (outside its storage)"),
    }
}

/// `dst(i) = src(i)` for every `i < size(dst)` where `pred(i)` holds; the
/// other elements of `dst` are not touched (neither is `src` read there).
/// `@pre size(src) == size(dst) == size(pred)` (for a tensor predicate).
///
/// ```
/// use cute_dynamic::{copy_if, Layout, Tensor};
/// let src = vec![1, 2, 3, 4];
/// let mut dst = vec![0; 4];
/// let mask = vec![true, false, true, false];
/// let l: Layout = "4:1".parse()?;
/// let p = Tensor::new(&mask[..], l.clone())?;
/// copy_if(&p, &Tensor::new(&src[..], l.clone())?, &mut Tensor::new(&mut dst[..], l)?)?;
/// assert_eq!(dst, vec![1, 0, 3, 0]);
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn copy_if<P, S, D, LS, LD>(
    pred: &P,
    src: &Tensor<S, LS>,
    dst: &mut Tensor<D, LD>,
) -> Result<(), LayoutError>
where
    P: Predicate + ?Sized,
    LS: TensorLayout,
    LD: TensorLayout,
    S: Engine<LS::Offset>,
    D: EngineMut<LD::Offset, Value = S::Value>,
{
    let n = dst.size();
    if src.size() != n {
        return Err(size_error(
            "copy_if",
            format!("the source {}", src.layout()),
            src.size(),
            n,
        ));
    }
    if let Some(pn) = pred.len()
        && pn != n
    {
        return Err(size_error("copy_if", "the predicate".to_string(), pn, n));
    }
    // Validate every access the copy will make before writing anything.
    let mut selected = Vec::new();
    for i in 0..n {
        let p = pred
            .test(i)
            .ok_or_else(|| access_error("copy_if", "the predicate", i))?;
        if p {
            if src.at(i).is_none() {
                return Err(access_error("copy_if", "the source", i));
            }
            if dst.at_mut(i).is_none() {
                return Err(access_error("copy_if", "the destination", i));
            }
            selected.push(i);
        }
    }
    for i in selected {
        if let (Some(v), Some(d)) = (src.at(i), dst.at_mut(i)) {
            *d = v;
        }
    }
    Ok(())
}

fn check_all<D, LD>(operation: &'static str, dst: &mut Tensor<D, LD>) -> Result<(), LayoutError>
where
    LD: TensorLayout,
    D: EngineMut<LD::Offset>,
{
    if dst.fits_storage() {
        return Ok(());
    }
    for i in 0..dst.size() {
        if dst.at_mut(i).is_none() {
            return Err(access_error(operation, "the destination", i));
        }
    }
    Ok(())
}

/// `dst(i) = v` for every `i < size(dst)` (CuTe `fill`). A view reaching
/// past its storage is an error and nothing is written.
///
/// ```
/// use cute_dynamic::{fill, Layout, Tensor};
/// let mut data = vec![0; 8];
/// fill(&mut Tensor::new(&mut data[..], "(2,2):(1,4)".parse::<Layout>()?)?, 7)?;
/// assert_eq!(data, vec![7, 7, 0, 0, 7, 7, 0, 0]);
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn fill<D, LD>(dst: &mut Tensor<D, LD>, v: D::Value) -> Result<(), LayoutError>
where
    LD: TensorLayout,
    D: EngineMut<LD::Offset>,
    D::Value: Clone,
{
    check_all("fill", dst)?;
    for i in 0..dst.size() {
        if let Some(d) = dst.at_mut(i) {
            *d = v.clone();
        }
    }
    Ok(())
}

/// `dst(i) = 0` (the default value) for every `i < size(dst)` (CuTe
/// `clear`), checked like [`fill`].
///
/// ```
/// use cute_dynamic::{clear, Tensor};
/// let mut f = Tensor::<Vec<f32>>::fragment("(2,3):(1,2)".parse()?)?;
/// cute_dynamic::fill(&mut f, 1.5)?;
/// clear(&mut f)?;
/// assert_eq!(f.engine(), &vec![0.0; 6]);
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn clear<D, LD>(dst: &mut Tensor<D, LD>) -> Result<(), LayoutError>
where
    LD: TensorLayout,
    D: EngineMut<LD::Offset>,
    D::Value: Clone + Default,
{
    fill(dst, D::Value::default())
}
