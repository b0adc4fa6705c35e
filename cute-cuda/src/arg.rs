//! The bridge between cute-static's [`DeviceCopy`] (what may be passed to
//! a kernel by value; cute-static is `no_std` and knows nothing of
//! cudarc) and cudarc's `DeviceRepr`: the wrapper [`Arg`] (the orphan rule
//! forbids implementing cudarc's trait for cute-static's types here).

use cudarc::driver::DeviceRepr;
use cute_static::kernel_arg::DeviceCopy;

/// A kernel argument passed by value: `args.arg(&Arg::new(tensor))`.
/// `#[repr(transparent)]`, so the bytes cudarc hands the driver are those
/// of `T`, laid out as cute-static's [`ABI`](cute_static::kernel_arg::ABI) table pins.
/// A zero-sized `T` (a wholly static layout) does not compile: the kernel's
/// parameter list has no slot for it.
#[repr(transparent)]
#[derive(Clone, Copy, Debug)]
pub struct Arg<T: DeviceCopy>(T);

impl<T: DeviceCopy> Arg<T> {
    /// Wraps `value`.
    pub const fn new(value: T) -> Self {
        const {
            assert!(
                core::mem::size_of::<T>() > 0,
                "a zero-sized kernel argument (a fully static layout) has no kernel parameter: do not pass it, the kernel builds it from its type"
            )
        };
        Arg(value)
    }

    /// The value.
    pub fn get(&self) -> T {
        self.0
    }

    /// The parameter's bytes, as the driver copies them (little-endian on
    /// the host and the device alike).
    pub fn bytes(&self) -> Vec<u8> {
        let n = core::mem::size_of::<T>();
        let mut out = vec![0u8; n];
        // SAFETY: `self.0` is `n` bytes of a `DeviceCopy` type, which has
        // no padding (its contract): every byte is initialized, and a `u8`
        // may hold any bit pattern.
        unsafe {
            core::ptr::copy_nonoverlapping((&raw const self.0).cast::<u8>(), out.as_mut_ptr(), n)
        };
        out
    }

    /// The parameter as little-endian 64-bit words (for types whose fields
    /// are all 64-bit, as every kernel layout's and tensor's are).
    pub fn words(&self) -> Vec<u64> {
        self.bytes()
            .chunks(8)
            .map(|c| {
                let mut w = [0u8; 8];
                w[..c.len()].copy_from_slice(c);
                u64::from_le_bytes(w)
            })
            .collect()
    }
}

// SAFETY: `Arg<T>` is `#[repr(transparent)]` over a `DeviceCopy` type,
// whose contract is cudarc's: `Copy`, no references, one layout on the host
// and the device.
unsafe impl<T: DeviceCopy> DeviceRepr for Arg<T> {}
