//! Static tensors (docs/semantics.md#tensors, Cecka §2.5): a tensor is an accessor composed
//! with a layout, `T(i) = storage[L(i)]`, here with a static, zero-sized
//! layout `L` and run-time storage. Defining properties, checked in the
//! tests:
//!
//! * `T(i) == storage[base + L(i)]` for every `i < size(L)`;
//! * slicing moves the fixed part into the accessor: `T(c' + c*) == T'(c*)`
//!   with `T' = (e + L(c')) ∘ L(c*)`, and `L(c*)` stays a static layout.
//!
//! The storage is checked once, when the tensor is built: it must hold the
//! `COSIZE` elements the layout reaches (static strides are non-negative, so
//! the offsets are `0..COSIZE`). The tensor then keeps exactly that window,
//! so the fast path [`Tensor::at`] is the layout's literal index arithmetic
//! followed by one safe slice lookup: never undefined behaviour, and never
//! `None` for `i < SIZE`.
//!
//! ```
//! use cute_static::{Tensor, __, layout};
//! let data: Vec<i32> = (0..24).collect();
//! let t = Tensor::new(&data[..], layout!((4, 6):(6, 1)))?; // row-major 4×6
//! assert_eq!(t.get(9)?, &8); // integral coordinate 9 = (1, 2): offset 6 + 2
//! assert_eq!(t.at(9), Some(&8)); // the fast path
//! assert_eq!(t.get(24).unwrap_err().kind(), "out_of_bounds");
//! let row = t.slice((2, __))?; // offset 12 moves into the accessor
//! assert_eq!(row.layout().to_string(), "(_6):(_1)");
//! assert_eq!(row.get(5)?, &17);
//! # Ok::<(), cute_static::Error>(())
//! ```

use core::fmt;

use cute_core::Notation;

use crate::Error;

use crate::data::layout::{Layout, StaticLayout};

/// An accessor over contiguous storage (Cecka Def. 2.18 with integer
/// offsets): `&[T]` or `&mut [T]`.
pub trait Engine: Sized {
    /// The element type.
    type Value;
    /// The storage, read-only.
    fn storage(&self) -> &[Self::Value];
    /// The window `[start, start + len)` of the storage, `None` if it does
    /// not fit.
    fn restrict(self, start: usize, len: usize) -> Option<Self>;
}

/// A writable accessor.
pub trait EngineMut: Engine {
    /// The storage, writable.
    fn storage_mut(&mut self) -> &mut [Self::Value];
}

/// Shared slices are read-only accessors.
impl<T> Engine for &[T] {
    type Value = T;
    #[inline(always)]
    fn storage(&self) -> &[T] {
        self
    }
    fn restrict(self, start: usize, len: usize) -> Option<Self> {
        self.get(start..start.checked_add(len)?)
    }
}

/// Mutable slices are read-write accessors.
impl<T> Engine for &mut [T] {
    type Value = T;
    #[inline(always)]
    fn storage(&self) -> &[T] {
        self
    }
    fn restrict(self, start: usize, len: usize) -> Option<Self> {
        self.get_mut(start..start.checked_add(len)?)
    }
}

/// Mutable slices are writable.
impl<T> EngineMut for &mut [T] {
    #[inline(always)]
    fn storage_mut(&mut self) -> &mut [T] {
        self
    }
}

/// A tensor `e ∘ L`: storage `E` (exactly the `L::COSIZE` elements the
/// layout reaches) and a static layout `L` (zero-sized).
pub struct Tensor<E, L> {
    engine: E,
    layout: L,
}

impl<E: Engine, L: StaticLayout> fmt::Debug for Tensor<E, L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tensor({})", self.layout)
    }
}

/// The CuTe notation of the static layout `L`, written on demand.
fn notation<L: StaticLayout>() -> Notation {
    Notation::new(|f| fmt::Display::fmt(&L::default(), f))
}

/// The error for storage too short for a layout.
fn out_of_storage<L: StaticLayout>(_: L, base: usize, len: usize) -> Error {
    Error::OutOfStorage {
        layout: Some(notation::<L>()),
        base,
        last: base.saturating_add(L::COSIZE - 1),
        len,
    }
}

/// The error for an integral coordinate outside the domain of `L`.
fn out_of_domain<L: StaticLayout>(index: usize) -> Error {
    Error::OutOfBounds {
        layout: Some(notation::<L>()),
        mode: None,
        index,
        size: L::SIZE,
    }
}

/// The error for a slice index outside its mode: `(mode, index, size)`.
pub(crate) fn out_of_mode<L: StaticLayout>((mode, index, size): (usize, usize, usize)) -> Error {
    Error::OutOfBounds {
        layout: Some(notation::<L>()),
        mode: Some(mode),
        index,
        size,
    }
}

impl<E: Engine, L: StaticLayout> Tensor<E, L> {
    /// `engine ∘ layout`, checked once: the storage must hold the layout's
    /// `COSIZE` elements.
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
        let len = engine.storage().len();
        match engine.restrict(offset, L::COSIZE) {
            Some(engine) => Ok(Tensor { engine, layout }),
            None => Err(out_of_storage(layout, offset, len)),
        }
    }

    /// The layout (a zero-sized value).
    #[inline(always)]
    pub fn layout(&self) -> L {
        self.layout
    }

    /// The number of coordinates, `L::SIZE`.
    #[inline(always)]
    pub const fn size(&self) -> usize {
        L::SIZE
    }

    /// The storage window: `L::COSIZE` elements, offset 0 first.
    #[inline(always)]
    pub fn storage(&self) -> &[E::Value] {
        self.engine.storage()
    }

    /// The accessor, writable (crate-internal: the storage window must stay).
    #[inline(always)]
    pub(crate) fn engine_mut(&mut self) -> &mut E {
        &mut self.engine
    }

    /// The accessor, by value.
    pub fn into_engine(self) -> E {
        self.engine
    }

    /// The element at integral coordinate `i`, checked: `i ≥ SIZE` is an
    /// `out_of_bounds` error.
    pub fn get(&self, i: usize) -> Result<&E::Value, Error> {
        if i >= L::SIZE {
            return Err(out_of_domain::<L>(i));
        }
        let len = self.storage().len();
        self.at(i)
            .ok_or_else(|| out_of_storage(self.layout, 0, len))
    }

    /// The fast path: `storage[L(i)]`, the layout's literal arithmetic and
    /// one safe lookup. Always `Some` for `i < SIZE`; beyond, the layout's
    /// extended domain is used and `None` means outside the storage.
    #[inline(always)]
    pub fn at(&self, i: usize) -> Option<&E::Value> {
        self.engine.storage().get(self.layout.call(i))
    }

    /// A read-only view of the same elements.
    #[inline(always)]
    pub fn view(&self) -> Tensor<&[E::Value], L> {
        Tensor {
            engine: self.engine.storage(),
            layout: self.layout,
        }
    }

    /// Slice with `__` holes (CuTe's `_`): one entry per top-level mode,
    /// an index fixes the mode and `__` keeps it. The offset of the fixed
    /// part moves into the accessor; the kept modes form a static layout
    /// (a single kept mode stays a rank-1 tuple, as in CuTe). An index
    /// outside its mode is an `out_of_bounds` error.
    ///
    /// ```
    /// use cute_static::{Tensor, __, layout};
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
    pub fn slice<Cd: SliceCoord<L>>(self, coord: Cd) -> Result<Tensor<E, Cd::Output>, Error> {
        let len = self.storage().len();
        let offset = coord.locate().map_err(out_of_mode::<L>)?;
        let sub = Cd::Output::default();
        match self.engine.restrict(offset, Cd::Output::COSIZE) {
            Some(engine) => Ok(Tensor {
                engine,
                layout: sub,
            }),
            None => Err(out_of_storage(sub, offset, len)),
        }
    }

    /// The equal run-time tensor (for cross-checks and for handing a static
    /// tile to run-time code).
    #[cfg(feature = "std")]
    pub fn to_dynamic(&self) -> Result<cute_dynamic::Tensor<&[E::Value]>, cute_dynamic::LayoutError>
    where
        E::Value: Clone,
    {
        cute_dynamic::Tensor::new(self.storage(), self.layout.to_dynamic())
    }
}

impl<E: EngineMut, L: StaticLayout> Tensor<E, L> {
    /// The element at integral coordinate `i`, writable, checked like
    /// [`Tensor::get`].
    pub fn get_mut(&mut self, i: usize) -> Result<&mut E::Value, Error> {
        if i >= L::SIZE {
            return Err(out_of_domain::<L>(i));
        }
        let (layout, len) = (self.layout, self.storage().len());
        self.at_mut(i).ok_or_else(|| out_of_storage(layout, 0, len))
    }

    /// The fast path, writable (see [`Tensor::at`]).
    #[inline(always)]
    pub fn at_mut(&mut self, i: usize) -> Option<&mut E::Value> {
        let off = self.layout.call(i);
        self.engine.storage_mut().get_mut(off)
    }

    /// `T(i) = v`, checked like [`Tensor::get`].
    pub fn set(&mut self, i: usize, v: E::Value) -> Result<(), Error> {
        *self.get_mut(i)? = v;
        Ok(())
    }

    /// A writable view of the same elements (a reborrow).
    #[inline(always)]
    pub fn view_mut(&mut self) -> Tensor<&mut [E::Value], L> {
        Tensor {
            engine: self.engine.storage_mut(),
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
    /// per top-level mode, run-time indices elsewhere): the static
    /// sub-layout of the kept modes (CuTe's structure) and the run-time
    /// offset of the fixed part; an index outside its mode is an error.
    ///
    /// ```
    /// use cute_static::{__, layout};
    /// let a = layout!(((3, 2), ((2, 3), 2)):((4, 1), ((2, 15), 100)));
    /// let (sub, offset) = a.slice((2, __))?; // Cecka Figure 5: A(2,_)
    /// assert_eq!((sub.to_string(), offset), ("(((_2,_3),_2)):(((_2,_15),_100))".to_string(), 8));
    /// assert_eq!(core::mem::size_of_val(&sub), 0);
    /// let (sub, offset) = a.slice((__, 5))?;
    /// assert_eq!((sub.to_string(), offset), ("((_3,_2)):((_4,_1))".to_string(), 32));
    /// assert!(a.slice((7, __)).is_err());
    /// # Ok::<(), cute_static::Error>(())
    /// ```
    pub fn slice<Cd: SliceCoord<Self>>(self, coord: Cd) -> Result<(Cd::Output, usize), Error> {
        let offset = coord.locate().map_err(out_of_mode::<Self>)?;
        Ok((Cd::Output::default(), offset))
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
            Some(c) if c < size => Layout::<S0, D0>::new().call(c),
            Some(c) => return Err((mode, c, size)),
        };
        Ok(here + self.1.locate(mode + 1)?)
    }
}

macro_rules! slice_tuples {
    ($($C:ident $S:ident $D:ident $i:tt),+) => {
        /// A tuple of entries slices a layout with as many top-level modes.
        impl<$($C, $S, $D),+> SliceCoord<Layout<($($S,)+), ($($D,)+)>> for ($($C,)+)
        where
            $($C: SliceArg,)+
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
