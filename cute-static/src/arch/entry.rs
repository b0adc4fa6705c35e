//! The kernel-definition macro: [`kernel!`](crate::kernel).

/// Defines a kernel entry point with no `unsafe` in the user's code: on
/// `nvptx64-nvidia-cuda` the function becomes an unmangled `extern
/// "ptx-kernel"` entry of that name (the PTX `.entry`); on the host it is
/// a plain function of the same signature, which the tests run inside
/// [`arch::host::launch`](crate::arch::host::launch). The crate that uses
/// it enables `#![feature(abi_ptx)]` for the nvptx target.
///
/// The parameters are passed by value: device tensors
/// ([`GmemTensor`](crate::arch::GmemTensor), `#[repr(C)]`: the 64-bit
/// global address, then the layout's run-time leaves), scalars, and static
/// layouts (zero-sized). The entry is safe to call from Rust, since a
/// device tensor can only be made by a checked constructor; the launch
/// from the host (outside Rust's type system) must pass parameters that
/// such a constructor made, for allocations that live through the launch.
///
/// ```
/// cute_static::kernel! {
///     /// Doubles every element of a 1-D global tensor, one per thread.
///     pub fn double_all(t: cute_static::arch::GmemTensor<f32, cute_static::Layout![64:1]>) {
///         let i = cute_static::arch::thread_idx().x;
///         t.write(i, 2.0 * t.read(i));
///     }
/// }
/// # use cute_static::arch::{Dim3, GlobalBuffer, host};
/// let b = GlobalBuffer::from_slice(&[1.0f32; 64]);
/// let t = b.tensor(cute_static::layout!(64:1))?;
/// host::launch(Dim3::new(1, 1, 1), Dim3::new(64, 1, 1), || double_all(t));
/// assert_eq!(b.to_vec(), [2.0; 64]);
/// # Ok::<(), cute_static::Error>(())
/// ```
#[macro_export]
macro_rules! kernel {
    ($(#[$m:meta])* $vis:vis fn $name:ident($($arg:ident: $ty:ty),* $(,)?) $body:block) => {
        $(#[$m])*
        #[cfg(target_arch = "nvptx64")]
        #[unsafe(no_mangle)]
        #[allow(improper_ctypes_definitions, non_snake_case)]
        $vis extern "ptx-kernel" fn $name($($arg: $ty),*) $body

        $(#[$m])*
        #[cfg(not(target_arch = "nvptx64"))]
        #[allow(non_snake_case)]
        $vis fn $name($($arg: $ty),*) $body
    };
    ($($(#[$m:meta])* $vis:vis fn $name:ident($($arg:ident: $ty:ty),* $(,)?) $body:block)+) => {
        $($crate::kernel! { $(#[$m])* $vis fn $name($($arg: $ty),*) $body })+
    };
}
