//! Integer helpers: the divisions of the layout algebra and checked
//! arithmetic that returns `None` instead of overflowing.
//!
//! ```
//! use cute_core::int;
//! assert_eq!(int::ceil_div(9, 4), 3);
//! assert_eq!(int::gcd(12, 18), 6);
//! assert_eq!(int::checked_product([4, 8, 2]), Some(64));
//! assert_eq!(int::checked_product([i64::MAX, 2]), None);
//! ```

/// `⌈a / b⌉` for `a ≥ 0`, `b > 0`.
#[inline]
pub const fn ceil_div(a: i64, b: i64) -> i64 {
    a / b + (a % b != 0) as i64
}

/// The greatest common divisor (non-negative inputs; `gcd(a, 0) = a`).
#[inline]
pub const fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a, b);
    while b != 0 {
        let r = a % b;
        a = b;
        b = r;
    }
    a
}

/// The walk of `greatest_common_domain` (PyCuTe's) over the positive leaves
/// `xa`, `xb` of two shapes, shared by cute-dynamic and the mixed layer:
/// `push(c, p)` is called for each common factor `c > 1`, in order, with
/// `p` the index at which it starts in both shapes' colexicographic
/// domains. Both slices are used as scratch. `None` when an index passes
/// `i64` (no factor is pushed after that).
///
/// ```
/// let mut got = Vec::new();
/// cute_core::int::common_domain(&mut [5, 3, 4], &mut [10, 6], |c, p| got.push((c, p)));
/// assert_eq!(got, [(5, 1), (2, 30)]);
/// ```
pub fn common_domain(xa: &mut [i64], xb: &mut [i64], mut push: impl FnMut(i64, i64)) -> Option<()> {
    let (mut pa, mut pb) = (1i64, 1i64);
    let (mut i, mut j) = (0usize, 0usize);
    while i < xa.len() && j < xb.len() {
        if xa[i] == 1 {
            i += 1;
            continue;
        }
        if xb[j] == 1 {
            j += 1;
            continue;
        }
        let g = gcd(pa, pb);
        let lcm = (pa / g).checked_mul(pb)?;
        let (ra, rb) = (lcm / pa, lcm / pb);
        if xa[i] % ra == 0 && xb[j] % rb == 0 {
            let c = gcd(xa[i] / ra, xb[j] / rb);
            if c != 1 {
                push(c, lcm);
                xa[i] /= ra * c;
                xb[j] /= rb * c;
                pa = lcm * c;
                pb = pa;
                continue;
            }
        }
        // Leaf ends are prefix products of the shapes: they fit in i64
        // when the shapes' sizes do.
        let (ea, eb) = (pa.checked_mul(xa[i])?, pb.checked_mul(xb[j])?);
        let (qa, qb) = (eb % ea == 0, ea % eb == 0);
        if qa || !qb {
            pa = ea;
            i += 1;
        }
        if qb || !qa {
            pb = eb;
            j += 1;
        }
    }
    Some(())
}

/// The product of `values`, `None` on overflow (`1` for none).
#[inline]
pub fn checked_product(values: impl IntoIterator<Item = i64>) -> Option<i64> {
    values
        .into_iter()
        .try_fold(1i64, |acc, v| acc.checked_mul(v))
}

/// The sum of `values`, `None` on overflow (`0` for none).
#[inline]
pub fn checked_sum(values: impl IntoIterator<Item = i64>) -> Option<i64> {
    values
        .into_iter()
        .try_fold(0i64, |acc, v| acc.checked_add(v))
}

/// CuTe's `upcast<n>` of one leaf `s:d` (`n ≥ 1`): `⌈s / ⌈n/|d|⌉⌉ :
/// sign(d)·⌈|d|/n⌉`, a stride-0 leaf kept — the one leaf rule of the
/// run-time and the mixed `upcast`.
///
/// ```
/// use cute_core::int::upcast_leaf;
/// assert_eq!(upcast_leaf(8, 1, 2), (4, 1));
/// assert_eq!(upcast_leaf(8, 64, 8), (8, 8));
/// assert_eq!(upcast_leaf(3, 0, 4), (3, 0));
/// ```
#[inline]
pub const fn upcast_leaf(s: i64, d: i64, n: i64) -> (i64, i64) {
    if d == 0 {
        return (s, 0);
    }
    let a = if d == i64::MIN { i64::MAX } else { d.abs() };
    (ceil_div(s, ceil_div(n, a)), d.signum() * ceil_div(a, n))
}

/// CuTe's `downcast<n>` of one leaf `s:d`: a leaf of stride `±1` becomes
/// `s·n:±1`, any other `s:d·n`; `None` on overflow — the one leaf rule of
/// the run-time and the mixed `downcast`.
///
/// ```
/// use cute_core::int::downcast_leaf;
/// assert_eq!(downcast_leaf(4, 1, 2), Some((8, 1)));
/// assert_eq!(downcast_leaf(8, 4, 2), Some((8, 8)));
/// assert_eq!(downcast_leaf(2, i64::MAX, 2), None);
/// ```
#[inline]
pub const fn downcast_leaf(s: i64, d: i64, n: i64) -> Option<(i64, i64)> {
    if d == 1 || d == -1 {
        match s.checked_mul(n) {
            Some(s) => Some((s, d)),
            None => None,
        }
    } else {
        match d.checked_mul(n) {
            Some(d) => Some((s, d)),
            None => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn divisions() {
        assert_eq!(ceil_div(0, 3), 0);
        assert_eq!(ceil_div(6, 3), 2);
        assert_eq!(ceil_div(7, 3), 3);
        assert_eq!(gcd(0, 5), 5);
        assert_eq!(gcd(7, 0), 7);
        assert_eq!(gcd(8, 12), 4);
    }

    #[test]
    fn checked() {
        assert_eq!(checked_sum([]), Some(0));
        assert_eq!(checked_sum([i64::MAX, 1]), None);
        assert_eq!(checked_product([]), Some(1));
    }
}
