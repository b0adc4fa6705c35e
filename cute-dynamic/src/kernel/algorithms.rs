//! The generic reference algorithms of Cecka §2.6, written once over any
//! tensors: `copy` (`dst(i) = src(i)` for `i < size`), `axpby`
//! (`y(i) = a·x(i) + b·y(i)`) and `gemm` over `(M,K) × (N,K) → (M,N)`
//! (`C(m,n) += A(m,k)·B(n,k)`, the paper's loop nest), plus
//! `batched_gemm` over `(M,K,L) × (N,K,L) → (M,N,L)` (four nested loops).
//! Every layout of Cecka Tables 2 and 3 works unchanged: the layouts carry
//! gathers, scatters, broadcasts, transposes, tensor contractions and
//! `im2col`.
//!
//! ```
//! use cute_dynamic::{copy, Layout, Tensor};
//! let src: Vec<i32> = (0..24).collect();
//! let mut dst = vec![0; 24];
//! let s = Tensor::new(&src[..], "(8,3):(1,8)".parse::<Layout>()?)?;
//! let mut d = Tensor::new(&mut dst[..], "(8,3):(3,1)".parse::<Layout>()?)?; // transpose
//! copy(&s, &mut d)?;
//! assert_eq!(dst[3], 1);
//! assert_eq!(dst[1], 8);
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use alloc::{format, string::String, string::ToString, vec::Vec};
use core::ops::{Add, Mul};

use crate::data::layout::Layout;
use crate::error::LayoutError;
use crate::kernel::tensor::{Engine, EngineMut, Tensor, TensorLayout};

fn access_error(what: &str, i: i64) -> LayoutError {
    LayoutError::Unsupported {
        operation: "tensor algorithm",
        reason: format!("{what} has no element at index {i}"),
    }
}

fn same_size(op: &'static str, a: i64, b: i64, la: String, lb: String) -> Result<(), LayoutError> {
    if a == b {
        Ok(())
    } else {
        Err(LayoutError::NotCompatible {
            operation: op,
            left: la,
            right: lb,
        })
    }
}

/// Every access an elementwise algorithm makes exists, checked before
/// anything is written (a view past its storage is an error and the
/// destination is left as it was); free for views that fit their storage.
fn validate<S, D, LS, LD>(
    sn: &str,
    src: &Tensor<S, LS>,
    dn: &str,
    dst: &mut Tensor<D, LD>,
) -> Result<(), LayoutError>
where
    LS: TensorLayout,
    LD: TensorLayout,
    S: Engine<LS::Offset>,
    D: EngineMut<LD::Offset>,
{
    let (check_src, check_dst) = (!src.fits_storage(), !dst.fits_storage());
    if !(check_src || check_dst) {
        return Ok(());
    }
    for i in 0..dst.size() {
        if check_src && src.at(i).is_none() {
            return Err(access_error(sn, i));
        }
        if check_dst && dst.at_mut(i).is_none() {
            return Err(access_error(dn, i));
        }
    }
    Ok(())
}

/// `dst(i) = src(i)` for every `i < size(dst)` (`@pre size(src) == size(dst)`);
/// an access past the storage is an error and nothing is written.
pub fn copy<S, D, LS, LD>(src: &Tensor<S, LS>, dst: &mut Tensor<D, LD>) -> Result<(), LayoutError>
where
    LS: TensorLayout,
    LD: TensorLayout,
    S: Engine<LS::Offset>,
    D: EngineMut<LD::Offset, Value = S::Value>,
{
    same_size(
        "copy",
        src.size(),
        dst.size(),
        src.layout().to_string(),
        dst.layout().to_string(),
    )?;
    validate("source", src, "destination", dst)?;
    for i in 0..dst.size() {
        let v = src.at(i).ok_or_else(|| access_error("source", i))?;
        *dst.at_mut(i)
            .ok_or_else(|| access_error("destination", i))? = v;
    }
    Ok(())
}

/// `y(i) = a·x(i) + b·y(i)` for every `i < size(y)` (`@pre size(x) == size(y)`).
///
/// ```
/// use cute_dynamic::{axpby, Layout, Tensor};
/// let x = vec![1.0, 2.0, 3.0];
/// let mut y = vec![10.0, 20.0, 30.0];
/// let l: Layout = "3:1".parse()?;
/// axpby(2.0, &Tensor::new(&x[..], l.clone())?, 0.5, &mut Tensor::new(&mut y[..], l)?)?;
/// assert_eq!(y, vec![7.0, 14.0, 21.0]);
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn axpby<T, X, Y, LX, LY>(
    a: T,
    x: &Tensor<X, LX>,
    b: T,
    y: &mut Tensor<Y, LY>,
) -> Result<(), LayoutError>
where
    T: Copy + Add<Output = T> + Mul<Output = T>,
    LX: TensorLayout,
    LY: TensorLayout,
    X: Engine<LX::Offset, Value = T>,
    Y: EngineMut<LY::Offset, Value = T>,
{
    same_size(
        "axpby",
        x.size(),
        y.size(),
        x.layout().to_string(),
        y.layout().to_string(),
    )?;
    validate("x", x, "y", y)?;
    for i in 0..y.size() {
        let xi = x.at(i).ok_or_else(|| access_error("x", i))?;
        let yi = y.at_mut(i).ok_or_else(|| access_error("y", i))?;
        *yi = a * xi + b * *yi;
    }
    Ok(())
}

/// Per-mode offsets of a rank-`r` layout: `offsets[m][c]` is mode `m`
/// evaluated at its integral coordinate `c` (so `L(c_0,…) = Σ offsets`).
fn mode_offsets(l: &Layout, op: &'static str, rank: usize) -> Result<Vec<Vec<i64>>, LayoutError> {
    if l.rank() != rank {
        return Err(LayoutError::RankMismatch {
            operation: op,
            layout: l.to_string(),
            requested: rank,
            available: l.rank(),
        });
    }
    (0..rank)
        .map(|m| {
            let mode = l.mode(m).unwrap_or_else(|| Layout::int(1, 0));
            (0..mode.size()).map(|c| mode.checked_call(c)).collect()
        })
        .collect()
}

/// `C(m,n) += A(m,k)·B(n,k)` over `A: (M,K)`, `B: (N,K)`, `C: (M,N)` (each
/// mode may be hierarchical): the paper's three nested loops, `k`
/// outermost.
///
/// ```
/// use cute_dynamic::{gemm, Layout, Tensor};
/// // NT GEMM, M = N = K = 2: A = [[1,2],[3,4]] column-major, B = identity.
/// let a = vec![1, 3, 2, 4];
/// let b = vec![1, 0, 0, 1];
/// let mut c = vec![0; 4];
/// let l: Layout = "(2,2):(1,2)".parse()?;
/// gemm(&Tensor::new(&a[..], l.clone())?, &Tensor::new(&b[..], l.clone())?, &mut Tensor::new(&mut c[..], l)?)?;
/// assert_eq!(c, a);
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn gemm<T, A, B, C>(
    a: &Tensor<A, Layout>,
    b: &Tensor<B, Layout>,
    c: &mut Tensor<C, Layout>,
) -> Result<(), LayoutError>
where
    T: Copy + Add<Output = T> + Mul<Output = T>,
    A: Engine<i64, Value = T>,
    B: Engine<i64, Value = T>,
    C: EngineMut<i64, Value = T>,
{
    let ao = mode_offsets(a.layout(), "gemm", 2)?;
    let bo = mode_offsets(b.layout(), "gemm", 2)?;
    let co = mode_offsets(c.layout(), "gemm", 2)?;
    check_gemm_sizes(&ao, &bo, &co, a.layout(), b.layout(), c.layout())?;
    gemm_loops(
        a,
        b,
        c,
        [&ao[0], &ao[1], &[0]],
        [&bo[0], &bo[1], &[0]],
        [&co[0], &co[1], &[0]],
    )
}

/// The loop nest of [`gemm`] and [`batched_gemm`] over the mode offsets
/// `(m|n, k|n, l)` of each operand: `l`, then `k`, `n`, `m` innermost.
fn gemm_loops<T, A, B, C>(
    a: &Tensor<A, Layout>,
    b: &Tensor<B, Layout>,
    c: &mut Tensor<C, Layout>,
    ao: [&[i64]; 3],
    bo: [&[i64]; 3],
    co: [&[i64]; 3],
) -> Result<(), LayoutError>
where
    T: Copy + Add<Output = T> + Mul<Output = T>,
    A: Engine<i64, Value = T>,
    B: Engine<i64, Value = T>,
    C: EngineMut<i64, Value = T>,
{
    let (ab, bb, cb) = (a.base(), b.base(), c.base());
    for l in 0..ao[2].len() {
        for k in 0..bo[1].len() {
            for n in 0..bo[0].len() {
                for m in 0..ao[0].len() {
                    fma(
                        a,
                        b,
                        c,
                        ab + ao[0][m] + ao[1][k] + ao[2][l],
                        bb + bo[0][n] + bo[1][k] + bo[2][l],
                        cb + co[0][m] + co[1][n] + co[2][l],
                    )?;
                }
            }
        }
    }
    Ok(())
}

/// `C(m,n,l) += A(m,k,l)·B(n,k,l)` over `(M,K,L) × (N,K,L) → (M,N,L)`:
/// four nested loops, the batch `l` outermost.
pub fn batched_gemm<T, A, B, C>(
    a: &Tensor<A, Layout>,
    b: &Tensor<B, Layout>,
    c: &mut Tensor<C, Layout>,
) -> Result<(), LayoutError>
where
    T: Copy + Add<Output = T> + Mul<Output = T>,
    A: Engine<i64, Value = T>,
    B: Engine<i64, Value = T>,
    C: EngineMut<i64, Value = T>,
{
    let ao = mode_offsets(a.layout(), "batched_gemm", 3)?;
    let bo = mode_offsets(b.layout(), "batched_gemm", 3)?;
    let co = mode_offsets(c.layout(), "batched_gemm", 3)?;
    check_gemm_sizes(&ao, &bo, &co, a.layout(), b.layout(), c.layout())?;
    if ao[2].len() != bo[2].len() || ao[2].len() != co[2].len() {
        return Err(LayoutError::NotCompatible {
            operation: "batched_gemm (L)",
            left: a.layout().to_string(),
            right: c.layout().to_string(),
        });
    }
    gemm_loops(
        a,
        b,
        c,
        [&ao[0], &ao[1], &ao[2]],
        [&bo[0], &bo[1], &bo[2]],
        [&co[0], &co[1], &co[2]],
    )
}

fn check_gemm_sizes(
    ao: &[Vec<i64>],
    bo: &[Vec<i64>],
    co: &[Vec<i64>],
    a: &Layout,
    b: &Layout,
    c: &Layout,
) -> Result<(), LayoutError> {
    let bad = |what: &'static str, x: &Layout, y: &Layout| LayoutError::NotCompatible {
        operation: what,
        left: x.to_string(),
        right: y.to_string(),
    };
    if ao[0].len() != co[0].len() {
        return Err(bad("gemm (M: size<0>(A) == size<0>(C))", a, c));
    }
    if bo[0].len() != co[1].len() {
        return Err(bad("gemm (N: size<0>(B) == size<1>(C))", b, c));
    }
    if ao[1].len() != bo[1].len() {
        return Err(bad("gemm (K: size<1>(A) == size<1>(B))", a, b));
    }
    Ok(())
}

/// `C[oc] += A[oa]·B[ob]` on raw offsets (tensors are storage-checked, so
/// the lookups succeed; they stay safe regardless).
#[inline]
fn fma<T, A, B, C>(
    a: &Tensor<A, Layout>,
    b: &Tensor<B, Layout>,
    c: &mut Tensor<C, Layout>,
    oa: i64,
    ob: i64,
    oc: i64,
) -> Result<(), LayoutError>
where
    T: Copy + Add<Output = T> + Mul<Output = T>,
    A: Engine<i64, Value = T>,
    B: Engine<i64, Value = T>,
    C: EngineMut<i64, Value = T>,
{
    let x = a.engine().read(&oa).ok_or_else(|| access_error("A", oa))?;
    let y = b.engine().read(&ob).ok_or_else(|| access_error("B", ob))?;
    let z = c
        .engine_mut()
        .slot(&oc)
        .ok_or_else(|| access_error("C", oc))?;
    *z = *z + x * y;
    Ok(())
}
