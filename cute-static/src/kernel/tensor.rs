//! Tensors (docs/semantics/tensors-and-atoms.md#tensors, Cecka §2.5): a tensor is an accessor composed
//! with a layout, `T(i) = engine[base + L(i)]`, over any layout kind
//! ([`TensorLayout`]: static [`Layout`], [`MixedLayout`](crate::MixedLayout),
//! …) and any accessor ([`Engine`]): `&[T]`, `&mut [T]`, owned arrays
//! `[T; N]` (register fragments, no allocation), [`Counting`] (the offset
//! itself) and [`Coordinates`] (the identity tensor of
//! [`make_identity_tensor`](crate::make_identity_tensor)). Defining
//! properties, checked in the tests:
//!
//! * `T(i) == storage[base + L(i)]` for every `i < size(L)`;
//! * slicing moves the fixed part into the accessor: `T(c' + c*) == T'(c*)`
//!   with `T' = (e + L(c')) ∘ L(c*)`; a static layout's kept modes stay a
//!   static layout.
//!
//! **Storage rule.** A tensor built over storage ([`Tensor::new`],
//! [`Tensor::with_offset`], [`make_tensor`](crate::make_tensor)) is checked
//! once: the `cosize` offsets its layout reaches must lie inside the
//! storage. The views made from it by slicing and partitioning
//! ([`Tensor::slice`], [`local_tile`](crate::local_tile),
//! [`local_partition`](crate::local_partition), the divides) are *not*
//! re-checked: as in CuTe, the last tile of a problem whose size is not a
//! multiple of the tile exists and reaches past the storage (a partial
//! tile). Every access stays a checked slice lookup, so this can never cause
//! undefined behaviour or a panic: [`Tensor::get`] returns an error,
//! [`Tensor::at`] returns `None`, [`copy`](crate::copy) returns an error
//! and [`copy_if`](crate::copy_if) touches only the elements its predicate
//! selects. [`Tensor::fits_storage`] says whether a view lies wholly inside
//! its storage.
//!
//! ```
//! use cute_static::{Tensor, tensor::__, layout};
//! let data: Vec<i32> = (0..24).collect();
//! let t = Tensor::new(&data[..], layout!((4, 6):(6, 1)))?; // row-major 4×6
//! assert_eq!(t.get(9)?, &8); // integral coordinate 9 = (1, 2): offset 6 + 2
//! assert_eq!(t.at(9), Some(&8)); // the fast path
//! assert_eq!(t.get(24).unwrap_err().kind(), "out_of_bounds");
//! let row = t.slice((2, __))?; // offset 12 moves into the accessor
//! assert_eq!((row.base(), row.layout().to_string()), (12, "(_6):(_1)".to_string()));
//! assert_eq!(row.get(5)?, &17);
//! // A mixed tensor: run-time extent, static leading mode.
//! let n = 6;
//! let m = Tensor::new(&data[..], layout!((4, {n}):(1, 4))?)?;
//! assert_eq!(m.get(9)?, &9);
//! let col = m.slice((__, 5))?;
//! assert_eq!((col.base(), col.layout().to_string()), (20, "(_4):(_1)".to_string()));
//! # Ok::<(), cute_static::Error>(())
//! ```

use core::fmt;

use crate::Error;

use crate::data::layout::{Layout, StaticLayout};
use crate::kernel::layout::{SliceLayout, TensorLayout};

/// An accessor (Cecka Def. 2.18 with integer offsets): dereference at an
/// offset, by value.
///
/// # Examples
///
/// CuTe's counting iterator: the element at an offset is the offset:
///
/// ```
/// use cute_static::tensor::{Counting, Engine};
/// assert_eq!(Counting.read(5), Some(5));
/// ```
pub trait Engine {
    /// The element type.
    type Value;
    /// A shared view of the accessor (a slice for storage, the accessor
    /// itself for implicit ones).
    type View<'a>: Engine<Value = Self::Value>
    where
        Self: 'a;
    /// The number of elements held, `None` for implicit accessors.
    fn extent(&self) -> Option<usize>;
    /// The value at offset `off`, `None` outside the storage.
    fn read(&self, off: usize) -> Option<Self::Value>;
    /// A shared view.
    fn view(&self) -> Self::View<'_>;
    /// The elements as a slice, for accessors over storage (`None` for
    /// implicit ones): lets the kernels index a window whose length the
    /// compiler knows.
    #[inline(always)]
    fn as_slice(&self) -> Option<&[Self::Value]> {
        None
    }
}

/// An accessor over contiguous storage: `&[T]`, `&mut [T]`, `[T; N]`.
///
/// # Examples
///
/// The elements an owning engine holds:
///
/// ```
/// use cute_static::tensor::Storage;
/// assert_eq!([1, 2, 3].storage(), &[1, 2, 3]);
/// ```
pub trait Storage: Engine {
    /// The storage, read-only.
    fn storage(&self) -> &[Self::Value];
}

/// A writable accessor.
///
/// # Examples
///
/// An engine whose elements can be written:
///
/// ```
/// use cute_static::tensor::EngineMut;
/// let mut a = [0; 4];
/// a.storage_mut()[1] = 7;
/// assert_eq!(a, [0, 7, 0, 0]);
/// ```
pub trait EngineMut: Storage {
    /// A writable view of the accessor (a reborrowed slice).
    type ViewMut<'a>: EngineMut<Value = Self::Value>
    where
        Self: 'a;
    /// The storage, writable.
    fn storage_mut(&mut self) -> &mut [Self::Value];
    /// A writable view.
    fn view_mut(&mut self) -> Self::ViewMut<'_>;
}

/// The storage engines, written once: `$t` holds its elements as a slice.
macro_rules! storage_engine {
    ($([$($g:tt)*] $t:ty),*) => {$(
        /// Storage: offsets index the elements.
        impl<$($g)*> Engine for $t {
            type Value = T;
            type View<'a> = &'a [T] where Self: 'a;
            #[inline(always)]
            fn extent(&self) -> Option<usize> {
                Some(self.len())
            }
            #[inline(always)]
            fn read(&self, off: usize) -> Option<T> {
                self.get(off).cloned()
            }
            #[inline(always)]
            fn view(&self) -> &[T] {
                &self[..]
            }
            #[inline(always)]
            fn as_slice(&self) -> Option<&[T]> {
                Some(&self[..])
            }
        }
        /// Storage.
        impl<$($g)*> Storage for $t {
            #[inline(always)]
            fn storage(&self) -> &[T] {
                &self[..]
            }
        }
    )*};
}
storage_engine!([T: Clone] &[T], [T: Clone] &mut [T], [T: Clone, const N: usize] [T; N]);

/// Mutable slices are writable.
impl<T: Clone> EngineMut for &mut [T] {
    type ViewMut<'a>
        = &'a mut [T]
    where
        Self: 'a;
    #[inline(always)]
    fn storage_mut(&mut self) -> &mut [T] {
        self
    }
    #[inline(always)]
    fn view_mut(&mut self) -> &mut [T] {
        self
    }
}
/// Owned arrays (register fragments) are writable.
impl<T: Clone, const N: usize> EngineMut for [T; N] {
    type ViewMut<'a>
        = &'a mut [T]
    where
        Self: 'a;
    #[inline(always)]
    fn storage_mut(&mut self) -> &mut [T] {
        self
    }
    #[inline(always)]
    fn view_mut(&mut self) -> &mut [T] {
        self
    }
}

/// The counting accessor: dereferences to the offset itself (a layout made
/// into an implicit tensor).
///
/// ```
/// use cute_static::{tensor::Counting, Tensor, layout};
/// let t = Tensor::new(Counting, layout!((4, 8):(8, 1)))?;
/// assert_eq!(t.read(1 + 4 * 2)?, 10); // (1, 2)
/// # Ok::<(), cute_static::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Counting;

impl Engine for Counting {
    type Value = usize;
    type View<'a> = Counting;
    fn extent(&self) -> Option<usize> {
        None
    }
    #[inline(always)]
    fn read(&self, off: usize) -> Option<usize> {
        Some(off)
    }
    fn view(&self) -> Counting {
        Counting
    }
}

/// The coordinate accessor of an identity tensor of rank `R`: an offset
/// holds the coordinate `(c0, c1, …)` as `Σ c_k · 2^(k·B)` with `B =
/// usize::BITS / R` bits per mode (CuTe's basis strides `E<k>` with a
/// fixed radix), and dereferences to `[c0, c1, …]`.
/// [`make_identity_tensor`](crate::make_identity_tensor) checks that every
/// extent stays below half the radix, so the coordinates of partial tiles
/// (which reach past the extent) stay exact.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Coordinates<const R: usize>;

impl<const R: usize> Coordinates<R> {
    /// Bits per mode.
    pub const BITS: u32 = usize::BITS / if R == 0 { 1 } else { R as u32 };
    /// The stride of mode `k`: `2^(k·BITS)`.
    pub const fn stride(k: usize) -> usize {
        1usize << (k as u32 * Self::BITS)
    }
}

impl<const R: usize> Engine for Coordinates<R> {
    type Value = [usize; R];
    type View<'a> = Coordinates<R>;
    fn extent(&self) -> Option<usize> {
        None
    }
    #[inline(always)]
    fn read(&self, off: usize) -> Option<[usize; R]> {
        let mask = if Self::BITS >= usize::BITS {
            usize::MAX
        } else {
            (1usize << Self::BITS) - 1
        };
        Some(core::array::from_fn(|k| {
            off.checked_shr(k as u32 * Self::BITS).unwrap_or(0) & mask
        }))
    }
    fn view(&self) -> Coordinates<R> {
        Coordinates
    }
}

impl<const R: usize> Coordinates<R> {
    /// The coordinate of the element at `off` from a view's `base` on the
    /// device, mode by mode: `base_k + off_k` for the entries `k` of the
    /// two packed offsets, each entry first clamped to half the radix. The
    /// same coordinate as [`read`](Engine::read)`(base + off)` for every
    /// entry below half the radix (a coordinate of an extent, which
    /// [`make_identity_tensor`](crate::make_identity_tensor) keeps there),
    /// and an entry of at least half the radix (outside every extent)
    /// otherwise. Summed per mode, the entries of a view's coordinates are
    /// a base plus a constant (no carry between modes), and their bound
    /// is known to the compiler: the device predicates and
    /// [`PartialTensor`](crate::arch::PartialTensor)'s checks compare them
    /// in 32 bits, and an address formed from them keeps the constants as
    /// offsets of the access.
    ///
    /// ```
    /// use cute_static::tensor::Coordinates;
    /// let at = |c0: usize, c1: usize| c0 + (c1 << 32); // (c0, c1) packed
    /// // Below half the radix: the packed sum's coordinate.
    /// assert_eq!(Coordinates::<2>::sum(at(128, 64), at(3, 7)), [131, 71]);
    /// // No carry from mode 0 into mode 1: an entry past half the radix
    /// // stays at least half of it (outside every extent).
    /// let s = Coordinates::<2>::sum(at(u32::MAX as usize, 0), at(5, 0));
    /// assert_eq!(s[1], 0);
    /// assert!(s[0] >= 1 << 31);
    /// ```
    #[inline(always)]
    pub fn sum(base: usize, off: usize) -> [usize; R] {
        let (b, o) = Self::parts(base, off);
        // At most 2^BITS each: no overflow but for R = 1 (saturated).
        core::array::from_fn(|k| b[k].saturating_add(o[k]))
    }
    /// The two terms of [`sum`](Self::sum), each entry clamped to half the
    /// radix.
    #[inline(always)]
    pub fn parts(base: usize, off: usize) -> ([usize; R], [usize; R]) {
        let half = 1usize << (Self::BITS - 1);
        let (b, o) = (
            Coordinates::<R>.read(base).unwrap_or([0; R]),
            Coordinates::<R>.read(off).unwrap_or([0; R]),
        );
        (b.map(|x| x.min(half)), o.map(|x| x.min(half)))
    }
}

/// A tensor `(e + base) ∘ L`: an accessor `E`, a base offset, and a layout
/// `L` (zero-sized when static).
#[derive(Clone, Copy)]
pub struct Tensor<E, L> {
    engine: E,
    base: usize,
    layout: L,
}

impl<E, L: TensorLayout> fmt::Debug for Tensor<E, L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tensor({} at {})", self.layout, self.base)
    }
}

/// The error for storage too short for a layout placed at `base`.
fn out_of_storage<L: TensorLayout>(l: &L, base: usize, len: usize) -> Error {
    Error::OutOfStorage {
        layout: l.notation(),
        base,
        last: base.saturating_add(l.cosize().saturating_sub(1)),
        len,
    }
}

/// The error for an integral coordinate outside the domain of `l`.
fn out_of_domain<L: TensorLayout>(l: &L, index: usize) -> Error {
    Error::OutOfBounds {
        layout: l.notation(),
        mode: None,
        index,
        size: l.size(),
    }
}

/// The error for a slice index outside its mode: `(mode, index, size)`.
pub(crate) fn out_of_mode<L: StaticLayout>((mode, index, size): (usize, usize, usize)) -> Error {
    Error::OutOfBounds {
        layout: Some(crate::kernel::layout::notation::<L>()),
        mode: Some(mode),
        index,
        size,
    }
}

/// CuTe's `make_tensor(engine, layout)`: [`Tensor::new`].
///
/// ```
/// use cute_static::{layout, tensor::make_tensor};
/// let data: Vec<i32> = (0..12).collect();
/// let t = make_tensor(&data[..], layout!((3, 4):(4, 1)))?;
/// assert_eq!(t.get(1 + 3 * 2)?, &6);
/// assert!(make_tensor(&data[..], layout!((4, 4):(4, 1))).is_err());
/// # Ok::<(), cute_static::Error>(())
/// ```
pub fn make_tensor<E: Engine, L: TensorLayout>(
    engine: E,
    layout: L,
) -> Result<Tensor<E, L>, Error> {
    Tensor::new(engine, layout)
}

impl<E: Engine, L: TensorLayout> Tensor<E, L> {
    /// `engine ∘ layout`, checked once: the storage must hold the layout's
    /// `cosize` elements (implicit accessors hold every offset).
    ///
    /// ```
    /// use cute_static::{Tensor, layout};
    /// let data = [0u8; 31];
    /// let err = Tensor::new(&data[..], layout!((4, 8):(1, 4))).unwrap_err();
    /// assert_eq!(err.kind(), "out_of_storage");
    /// ```
    pub fn new(engine: E, layout: L) -> Result<Self, Error> {
        Self::with_offset(engine, 0, layout)
    }

    /// `(engine + offset) ∘ layout`, checked like [`Tensor::new`].
    pub fn with_offset(engine: E, offset: usize, layout: L) -> Result<Self, Error> {
        if let Some(len) = engine.extent() {
            let fits = offset
                .checked_add(layout.cosize())
                .is_some_and(|end| end <= len);
            if !fits {
                return Err(out_of_storage(&layout, offset, len));
            }
        }
        Ok(Tensor {
            engine,
            base: offset,
            layout,
        })
    }

    /// A view with no storage check (the partitioning operations' result;
    /// see the storage rule in the module docs).
    #[inline(always)]
    pub(crate) fn from_parts(engine: E, base: usize, layout: L) -> Self {
        Tensor {
            engine,
            base,
            layout,
        }
    }

    /// The accessor, its base offset and the layout.
    #[inline(always)]
    pub(crate) fn into_parts(self) -> (E, usize, L) {
        (self.engine, self.base, self.layout)
    }

    /// The layout (zero-sized when static).
    #[inline(always)]
    pub fn layout(&self) -> L {
        self.layout
    }

    /// The base offset of the accessor.
    #[inline(always)]
    pub fn base(&self) -> usize {
        self.base
    }

    /// The accessor.
    #[inline(always)]
    pub fn engine(&self) -> &E {
        &self.engine
    }

    /// The number of coordinates.
    #[inline(always)]
    pub fn size(&self) -> usize {
        self.layout.size()
    }

    /// The accessor, by value.
    pub fn into_engine(self) -> E {
        self.engine
    }

    /// Whether every offset the layout reaches on its domain lies inside
    /// the storage (always for implicit accessors).
    pub fn fits_storage(&self) -> bool {
        match self.engine.extent() {
            None => true,
            Some(len) => self
                .base
                .checked_add(self.layout.cosize())
                .is_some_and(|end| end <= len),
        }
    }

    /// The storage offset of the integral coordinate `i`, `None` on
    /// overflow.
    #[inline(always)]
    fn locate(&self, i: usize) -> Option<usize> {
        self.base.checked_add(self.layout.offset(i))
    }

    /// The value at integral coordinate `i`, checked: `i ≥ size` is an
    /// `out_of_bounds` error, an offset outside the storage an
    /// `out_of_storage` error.
    pub fn read(&self, i: usize) -> Result<E::Value, Error> {
        if i >= self.size() {
            return Err(out_of_domain(&self.layout, i));
        }
        self.read_at(i).ok_or_else(|| self.storage_error())
    }

    /// The fast path by value: `engine[base + L(i)]`, one safe lookup,
    /// `None` outside the storage (never undefined behaviour).
    #[inline(always)]
    pub fn read_at(&self, i: usize) -> Option<E::Value> {
        self.engine.read(self.locate(i)?)
    }

    /// `Ok` when the tensor [fits its storage](Tensor::fits_storage), else
    /// the `out_of_storage` error naming its reach.
    pub(crate) fn check_storage(&self) -> Result<(), Error> {
        if self.fits_storage() {
            Ok(())
        } else {
            Err(self.storage_error())
        }
    }

    pub(crate) fn storage_error(&self) -> Error {
        out_of_storage(&self.layout, self.base, self.engine.extent().unwrap_or(0))
    }

    /// A read-only view of the same elements.
    #[inline(always)]
    pub fn view(&self) -> Tensor<E::View<'_>, L> {
        Tensor {
            engine: self.engine.view(),
            base: self.base,
            layout: self.layout,
        }
    }

    /// Slice with `__` holes (CuTe's `_`): one entry per top-level mode,
    /// an index fixes the mode and `__` keeps it; an entry may be a tuple
    /// of entries for a tuple mode (`(__, (2, __))`,
    /// any depth), the modes kept inside joining the result's top level. The offset of the fixed
    /// part moves into the accessor; the kept modes keep their kinds (a
    /// static layout's stay static; a single kept mode stays a rank-1
    /// tuple, as in CuTe). An index outside its mode is an `out_of_bounds`
    /// error.
    ///
    /// ```
    /// use cute_static::{Tensor, tensor::__, layout};
    /// let data: Vec<u32> = (0..200).collect();
    /// let a = Tensor::new(&data[..], layout!(((3, 2), ((2, 3), 2)):((4, 1), ((2, 15), 100))))?;
    /// let col = a.view().slice((__, 5))?; // Cecka Figure 5: A(_, 5)
    /// assert_eq!(col.layout().to_string(), "((_3,_2)):((_4,_1))");
    /// assert_eq!(col.get(0)?, &32);
    /// let row = a.slice((2, __))?; // A(2, _)
    /// assert_eq!(row.layout().to_string(), "(((_2,_3),_2)):(((_2,_15),_100))");
    /// assert_eq!(row.get(0)?, &8);
    /// # Ok::<(), cute_static::Error>(())
    /// ```
    pub fn slice<Cd>(self, coord: Cd) -> Result<Tensor<E, L::Output>, Error>
    where
        L: SliceLayout<Cd>,
    {
        let (layout, off) = self.layout.slice_layout(coord)?;
        let base = self
            .base
            .checked_add(off)
            .ok_or(crate::mixed::layout::overflow(
                "slice",
                "a tensor's base offset plus the slice offset",
            ))?;
        Ok(Tensor {
            engine: self.engine,
            base,
            layout,
        })
    }

    /// The equal run-time tensor (for cross-checks and for handing a tile
    /// to run-time code): the storage from offset 0, the base, the layout.
    /// A partial tile (not [fitting its storage](Tensor::fits_storage)) is
    /// an error, as the run-time constructor checks the storage.
    #[cfg(feature = "std")]
    pub fn to_dynamic(&self) -> Result<cute_dynamic::Tensor<&[E::Value]>, cute_dynamic::LayoutError>
    where
        E: Storage,
        E::Value: Clone,
    {
        let layout =
            self.layout
                .dynamic_layout()
                .ok_or_else(|| cute_dynamic::LayoutError::Unsupported {
                    operation: "to_dynamic",
                    reason: std::format!("the layout {} has no run-time equivalent", self.layout),
                })?;
        let base = i64::try_from(self.base).unwrap_or(i64::MAX);
        cute_dynamic::Tensor::with_base(self.engine.storage(), base, layout)
    }
}

impl<E: Storage, L: TensorLayout> Tensor<E, L> {
    /// The whole storage (offset 0 first; the tensor starts at
    /// [`base`](Tensor::base)).
    #[inline(always)]
    pub fn storage(&self) -> &[E::Value] {
        self.engine.storage()
    }

    /// The element at integral coordinate `i`, checked: `i ≥ size` is an
    /// `out_of_bounds` error, an offset outside the storage (a partial
    /// tile) an `out_of_storage` error.
    pub fn get(&self, i: usize) -> Result<&E::Value, Error> {
        if i >= self.size() {
            return Err(out_of_domain(&self.layout, i));
        }
        match self.locate(i).and_then(|o| self.engine.storage().get(o)) {
            Some(v) => Ok(v),
            None => Err(self.storage_error()),
        }
    }

    /// The fast path: `storage[base + L(i)]`, the layout's arithmetic and
    /// one safe lookup, `None` outside the storage. Always `Some` for
    /// `i < size` on a tensor that [fits its storage](Tensor::fits_storage);
    /// beyond the domain the layout's extended domain is used.
    #[inline(always)]
    pub fn at(&self, i: usize) -> Option<&E::Value> {
        self.engine.storage().get(self.locate(i)?)
    }
}

impl<E: EngineMut, L: TensorLayout> Tensor<E, L> {
    /// The element at integral coordinate `i`, writable, checked like
    /// [`Tensor::get`].
    pub fn get_mut(&mut self, i: usize) -> Result<&mut E::Value, Error> {
        if i >= self.size() {
            return Err(out_of_domain(&self.layout, i));
        }
        let err = self.storage_error();
        self.at_mut(i).ok_or(err)
    }

    /// The fast path, writable (see [`Tensor::at`]).
    #[inline(always)]
    pub fn at_mut(&mut self, i: usize) -> Option<&mut E::Value> {
        let off = self.locate(i)?;
        self.engine.storage_mut().get_mut(off)
    }

    /// `T(i) = v`, checked like [`Tensor::get`].
    pub fn set(&mut self, i: usize, v: E::Value) -> Result<(), Error> {
        *self.get_mut(i)? = v;
        Ok(())
    }

    /// The accessor, writable (crate-internal).
    #[inline(always)]
    pub(crate) fn engine_mut(&mut self) -> &mut E {
        &mut self.engine
    }

    /// A writable view of the same elements (a reborrow).
    #[inline(always)]
    pub fn view_mut(&mut self) -> Tensor<E::ViewMut<'_>, L> {
        Tensor {
            engine: self.engine.view_mut(),
            base: self.base,
            layout: self.layout,
        }
    }
}

/// CuTe's `_` in a slice coordinate: keep this mode.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Underscore;

/// CuTe's `_` (Rust reserves `_`): `t.slice((2, __))` is CuTe's `t(2, _)`.
#[allow(non_upper_case_globals)]
pub const __: Underscore = Underscore;

/// One entry of a slice coordinate: an index (`usize`, fixes the mode) or
/// [`Underscore`] (keeps it).
///
/// # Examples
///
/// ```
/// use cute_static::tensor::{SliceArg, __};
/// assert_eq!((3usize.fixed(), __.fixed()), (Some(3), None));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a slice entry: use an index (`usize`) or `__`",
    note = "a slice coordinate has one entry per top-level mode: an index fixes the mode, `__` keeps it"
)]
pub trait SliceArg: Copy {
    /// The index, or `None` for `__`.
    fn fixed(self) -> Option<usize>;
}
/// An index fixes its mode.
impl SliceArg for usize {
    #[inline(always)]
    fn fixed(self) -> Option<usize> {
        Some(self)
    }
}
/// `__` keeps its mode.
impl SliceArg for Underscore {
    #[inline(always)]
    fn fixed(self) -> Option<usize> {
        None
    }
}

/// A slice coordinate of the layout `L`: one [`SliceArg`] per top-level
/// mode, as a tuple.
///
/// # Examples
///
/// CuTe's `A(2, _)` and `A(_, 3)` of `A = (4,8):(1,4)`: the offsets of the
/// fixed parts (the kept modes are the slice's layout).
///
/// ```
/// use cute_static::Layout;
/// use cute_static::tensor::{SliceCoord, __};
/// type A = Layout![(4, 8):(1, 4)];
/// assert_eq!(SliceCoord::<A>::offset(&(2usize, __)), Some(2));
/// assert_eq!(SliceCoord::<A>::offset(&(__, 3usize)), Some(12));
/// assert_eq!(SliceCoord::<A>::offset(&(4usize, __)), None); // outside mode 0
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a slice coordinate of the layout `{L}`",
    label = "one entry per top-level mode is needed",
    note = "a slice coordinate is a tuple with one entry per top-level mode of the layout: an index (`usize`) fixes the mode, `__` keeps it"
)]
pub trait SliceCoord<L>: Copy {
    /// The layout of the kept modes.
    type Output: StaticLayout;
    /// The offset of the fixed part, `None` if an index is outside its mode.
    fn offset(&self) -> Option<usize> {
        self.locate().ok()
    }
    /// The offset of the fixed part, or the first index outside its mode
    /// as `(mode, index, mode size)`.
    #[doc(hidden)]
    fn locate(&self) -> Result<usize, (usize, usize, usize)>;
}

impl<S, D> Layout<S, D>
where
    Layout<S, D>: StaticLayout,
{
    /// Slice the layout with a coordinate holding holes [`__`] (one entry
    /// per top-level mode, run-time indices elsewhere; an entry may itself
    /// be a tuple of entries for a tuple mode, at any depth): the static
    /// sub-layout of the kept modes (CuTe's structure: the modes kept at
    /// any depth are its top-level modes, in order) and the run-time
    /// offset of the fixed part; an index outside its mode is an error.
    ///
    /// ```
    /// use cute_static::{tensor::__, layout};
    /// let a = layout!(((3, 2), ((2, 3), 2)):((4, 1), ((2, 15), 100)));
    /// let (sub, offset) = a.slice((2, __))?; // Cecka Figure 5: A(2,_)
    /// assert_eq!((sub.to_string(), offset), ("(((_2,_3),_2)):(((_2,_15),_100))".to_string(), 8));
    /// assert_eq!(core::mem::size_of_val(&sub), 0);
    /// let (sub, offset) = a.slice((__, 5))?;
    /// assert_eq!((sub.to_string(), offset), ("((_3,_2)):((_4,_1))".to_string(), 32));
    /// assert!(a.slice((7, __)).is_err());
    /// let (sub, offset) = a.slice((__, ((1, __), 1)))?; // A(_, ((1,_),1))
    /// assert_eq!((sub.to_string(), offset), ("((_3,_2),_3):((_4,_1),_15)".to_string(), 102));
    /// # Ok::<(), cute_static::Error>(())
    /// ```
    pub fn slice<Cd: SliceCoord<Self>>(self, coord: Cd) -> Result<(Cd::Output, usize), Error>
    where
        <Self as StaticLayout>::Flat: crate::data::layout::NonNegativeStrides,
    {
        let offset = coord.locate().map_err(out_of_mode::<Self>)?;
        Ok((Cd::Output::default(), offset))
    }
    /// [`slice`](Self::slice) with a signed offset: the slice of a layout
    /// with negative strides ([`Neg`](crate::Neg)), whose offset may be
    /// negative (`slice` does not compile for it).
    ///
    /// ```
    /// use cute_static::{tensor::__, layout};
    /// let a = layout!((8, 4):(-1, 8));
    /// let (sub, offset) = a.slice_signed((5, __))?;
    /// assert_eq!((sub.to_string(), offset), ("(_4):(_8)".to_string(), -5));
    /// let (sub, offset) = a.slice_signed((__, 2))?;
    /// assert_eq!((sub.to_string(), offset), ("(_8):(_-1)".to_string(), 16));
    /// # Ok::<(), cute_static::Error>(())
    /// ```
    pub fn slice_signed<Cd: SliceCoord<Self>>(
        self,
        coord: Cd,
    ) -> Result<(Cd::Output, isize), Error> {
        let offset = coord.locate().map_err(out_of_mode::<Self>)?;
        Ok((Cd::Output::default(), offset as isize))
    }
}

/// Rust tuples with one more element in front (up to 8).
#[doc(hidden)]
pub trait Prepend<X> {
    /// `(X, …Self)`.
    type Out;
}
/// `X :: () = (X,)`.
impl<X> Prepend<X> for () {
    type Out = (X,);
}
macro_rules! prepend {
    ($($T:ident),+) => {
        /// `X :: (…) = (X, …)`.
        impl<X, $($T),+> Prepend<X> for ($($T,)+) {
            type Out = (X, $($T,)+);
        }
    };
}
// Up to `MAX_RANK - 1` modes: the result has at most `MAX_RANK`.
crate::data::int_tuple::arities!(prepend; (A), (B), (C2), (D), (E), (F), (G));

/// Whether a slice entry keeps the mode `S:D` in front of the kept modes
/// `KS:KD`.
#[doc(hidden)]
pub trait KeepMode<S, D, KS, KD> {
    /// Kept shapes.
    type S;
    /// Kept strides.
    type D;
}
/// An index drops the mode.
impl<S, D, KS, KD> KeepMode<S, D, KS, KD> for usize {
    type S = KS;
    type D = KD;
}
/// `__` keeps the mode.
impl<S, D, KS: Prepend<S>, KD: Prepend<D>> KeepMode<S, D, KS, KD> for Underscore {
    type S = KS::Out;
    type D = KD::Out;
}

/// Slice entries as a nested list `(c0, (c1, ()))` against the modes as
/// nested lists `(s0, (s1, ()))`, `(d0, (d1, ()))`.
#[doc(hidden)]
pub trait SliceModes<S, D> {
    /// Kept shapes (a Rust tuple).
    type S;
    /// Kept strides (a Rust tuple).
    type D;
    /// The offset of the fixed entries, or the first one outside its mode
    /// as `(mode, index, mode size)`, modes counted from `mode`.
    fn locate(self, mode: usize) -> Result<usize, (usize, usize, usize)>;
}
/// No entries: nothing kept, offset 0.
impl SliceModes<(), ()> for () {
    type S = ();
    type D = ();
    #[inline(always)]
    fn locate(self, _: usize) -> Result<usize, (usize, usize, usize)> {
        Ok(0)
    }
}
/// Entry `c` on mode `s:d`, then the rest.
impl<Cd, Cs, S0, Ss, D0, Ds> SliceModes<(S0, Ss), (D0, Ds)> for (Cd, Cs)
where
    Cd: SliceArg + KeepMode<S0, D0, Cs::S, Cs::D>,
    Cs: SliceModes<Ss, Ds>,
    Layout<S0, D0>: StaticLayout,
{
    type S = <Cd as KeepMode<S0, D0, Cs::S, Cs::D>>::S;
    type D = <Cd as KeepMode<S0, D0, Cs::S, Cs::D>>::D;
    #[inline(always)]
    fn locate(self, mode: usize) -> Result<usize, (usize, usize, usize)> {
        let size = <Layout<S0, D0> as StaticLayout>::SIZE;
        let here = match self.0.fixed() {
            None => 0,
            // The flat evaluation, not `StaticLayout::call` (which refuses
            // negative strides): `slice_signed` reads the wrapped sum back.
            Some(c) if c < size => {
                <<Layout<S0, D0> as StaticLayout>::Flat as crate::data::layout::FlatModes>::call(c)
            }
            Some(c) => return Err((mode, c, size)),
        };
        // Two's complement: a negative stride's part is the signed offset
        // modulo 2^64, so the sum is too (`slice_signed` reads it back).
        Ok(here.wrapping_add(self.1.locate(mode + 1)?))
    }
}

/// A nested slice entry `(c0, c1, …)` on a tuple mode `(m0, m1, …)`: its
/// entries apply to the sub-modes, and the modes they keep join the kept
/// modes in place — CuTe's `slice`, where the modes kept at any depth
/// become top-level modes of the result. Modes are counted in that
/// spliced order in the error of an index outside its mode.
macro_rules! nested_entry {
    ($($C:ident),+) => {
        /// A nested entry on a tuple mode: spliced into the list.
        impl<$($C,)+ Cs, S0, Ss, D0, Ds> SliceModes<(S0, Ss), (D0, Ds)> for (($($C,)+), Cs)
        where
            ($($C,)+): SpliceList<Cs>,
            S0: SpliceList<Ss>,
            D0: SpliceList<Ds>,
            <($($C,)+) as SpliceList<Cs>>::Out: SliceModes<S0::Out, D0::Out>,
        {
            type S = <<($($C,)+) as SpliceList<Cs>>::Out as SliceModes<S0::Out, D0::Out>>::S;
            type D = <<($($C,)+) as SpliceList<Cs>>::Out as SliceModes<S0::Out, D0::Out>>::D;
            #[inline(always)]
            fn locate(self, mode: usize) -> Result<usize, (usize, usize, usize)> {
                self.0.splice(self.1).locate(mode)
            }
        }
    };
}
crate::data::int_tuple::arities!(nested_entry; (C0), (C1), (C2), (C3), (C4), (C5), (C6), (C7));

/// A Rust tuple spliced in front of a nested list: `(a, b) ++ r = (a, (b, r))`.
#[doc(hidden)]
pub trait SpliceList<R> {
    /// The nested list.
    type Out;
    /// Splice the value.
    fn splice(self, rest: R) -> Self::Out;
}
macro_rules! splice_list {
    ($($T:ident $i:tt),+) => {
        /// `(t0, …) ++ r = (t0, (…, r))`.
        impl<$($T,)+ R> SpliceList<R> for ($($T,)+) {
            type Out = splice_list!(@ty R; $($T),+);
            #[inline(always)]
            fn splice(self, rest: R) -> Self::Out {
                splice_list!(@val self, rest; $($i),+)
            }
        }
    };
    (@ty $r:ident;) => { $r };
    (@ty $r:ident; $h:ident $(, $t:ident)*) => { ($h, splice_list!(@ty $r; $($t),*)) };
    (@val $s:ident, $r:ident;) => { $r };
    (@val $s:ident, $r:ident; $h:tt $(, $t:tt)*) => { ($s.$h, splice_list!(@val $s, $r; $($t),*)) };
}
crate::data::int_tuple::arities!(splice_list; (A 0), (B 1), (C2 2), (D 3), (E 4), (F 5), (G 6), (H 7));

macro_rules! slice_tuples {
    ($($C:ident $S:ident $D:ident $i:tt),+) => {
        /// A tuple of entries slices a layout with as many top-level modes.
        impl<$($C, $S, $D),+> SliceCoord<Layout<($($S,)+), ($($D,)+)>> for ($($C,)+)
        where
            $($C: Copy,)+
            slice_tuples!(@nest $($C),+): SliceModes<slice_tuples!(@nest $($S),+), slice_tuples!(@nest $($D),+)>,
            Layout<
                <slice_tuples!(@nest $($C),+) as SliceModes<slice_tuples!(@nest $($S),+), slice_tuples!(@nest $($D),+)>>::S,
                <slice_tuples!(@nest $($C),+) as SliceModes<slice_tuples!(@nest $($S),+), slice_tuples!(@nest $($D),+)>>::D,
            >: StaticLayout,
        {
            type Output = Layout<
                <slice_tuples!(@nest $($C),+) as SliceModes<slice_tuples!(@nest $($S),+), slice_tuples!(@nest $($D),+)>>::S,
                <slice_tuples!(@nest $($C),+) as SliceModes<slice_tuples!(@nest $($S),+), slice_tuples!(@nest $($D),+)>>::D,
            >;
            #[inline(always)]
            fn locate(&self) -> Result<usize, (usize, usize, usize)> {
                let nested = slice_tuples!(@value self; $($i),+);
                <slice_tuples!(@nest $($C),+) as SliceModes<slice_tuples!(@nest $($S),+), slice_tuples!(@nest $($D),+)>>::locate(nested, 0)
            }
        }
    };
    (@nest) => { () };
    (@nest $h:ident $(, $t:ident)*) => { ($h, slice_tuples!(@nest $($t),*)) };
    (@value $s:ident;) => { () };
    (@value $s:ident; $h:tt $(, $t:tt)*) => { ($s.$h, slice_tuples!(@value $s; $($t),*)) };
}
crate::data::int_tuple::arities!(slice_tuples; (C0 S0 D0 0), (C1 S1 D1 1), (C2 S2 D2 2), (C3 S3 D3 3), (C4 S4 D4 4), (C5 S5 D5 5), (C6 S6 D6 6), (C7 S7 D7 7));
