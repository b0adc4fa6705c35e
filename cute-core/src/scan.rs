//! The byte-level decimal scanner of the text grammars (CuTe notation,
//! descriptors, `layout!`).
//!
//! ```
//! use cute_core::scan::{scan_i64, scan_u32};
//! let text = b"(-42,7)";
//! let mut pos = 2;
//! assert_eq!(scan_i64(text, &mut pos, true), Ok(Some(-42)));
//! assert_eq!(pos, 4);
//! assert_eq!(scan_i64(text, &mut pos, false), Ok(None));
//! let mut pos = 0;
//! assert!(scan_u32(b"99999999999", &mut pos).is_err());
//! ```

/// The digits read do not fit in the target integer type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ScanOverflow;

/// Read the decimal digits at `*pos` (advancing it past them) into an
/// `i64`, negated as they are read when `negative` (so `i64::MIN` scans).
/// `Ok(None)` when there is no digit at `*pos`; on overflow `*pos` is left
/// inside the digits.
pub fn scan_i64(
    bytes: &[u8],
    pos: &mut usize,
    negative: bool,
) -> Result<Option<i64>, ScanOverflow> {
    let first = *pos;
    let mut value: i64 = 0;
    while let Some(&b) = bytes.get(*pos).filter(|b| b.is_ascii_digit()) {
        let d = i64::from(b - b'0');
        let shifted = value.checked_mul(10).ok_or(ScanOverflow)?;
        value = if negative {
            shifted.checked_sub(d)
        } else {
            shifted.checked_add(d)
        }
        .ok_or(ScanOverflow)?;
        *pos += 1;
    }
    Ok((*pos > first).then_some(value))
}

/// Read the decimal digits at `*pos` (advancing it past them) into a `u32`;
/// `Ok(None)` when there is no digit.
pub fn scan_u32(bytes: &[u8], pos: &mut usize) -> Result<Option<u32>, ScanOverflow> {
    let first = *pos;
    let mut value: u32 = 0;
    while let Some(&b) = bytes.get(*pos).filter(|b| b.is_ascii_digit()) {
        value = value
            .checked_mul(10)
            .and_then(|v| v.checked_add(u32::from(b - b'0')))
            .ok_or(ScanOverflow)?;
        *pos += 1;
    }
    Ok((*pos > first).then_some(value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extremes() {
        let mut pos = 0;
        assert_eq!(
            scan_i64(b"9223372036854775808", &mut pos, true),
            Ok(Some(i64::MIN))
        );
        let mut pos = 0;
        assert_eq!(
            scan_i64(b"9223372036854775808", &mut pos, false),
            Err(ScanOverflow)
        );
        let mut pos = 0;
        assert_eq!(scan_u32(b"4294967295x", &mut pos), Ok(Some(u32::MAX)));
        assert_eq!(pos, 10);
    }
}
