//! Partitioning tensors as CuTe's kernels do (docs/semantics/tensors-and-atoms.md#tensors):
//! `local_tile` and `local_partition` with a [`Step`] projection, owned
//! register fragments (`make_fragment_like`, `make_tensor_like`),
//! `group_modes` and `flatten` of tensors. (`tile_to_shape`, how CUTLASS
//! builds shared-memory layouts from an atom, is in the algebra layer.)
//!
//! A [`Step`] such as `<1,X,1>` (CuTe's `Step<_1,X,_1>`) projects a tiler and
//! a coordinate before they are used: CuTe's `dice` keeps the modes whose
//! step is not `X` and drops the others, so one CTA tiler `(BM,BN,BK)` and
//! one coordinate `(m,n,_)` serve the three operands of a GEMM.
//!
//! ```
//! use cute_dynamic::{local_partition, local_tile, make_counting_tensor, Coord, Layout, Step, Tiler};
//! // mA: (M,K) = (256,64), column-major; CTA tiler (128,128,8); block (1,0,_).
//! let m_a = make_counting_tensor("(256,64):(1,256)".parse()?)?;
//! let cta_tiler: Tiler = "(128,128,8)".parse()?;
//! let cta_coord: Coord = "(1,0,_)".parse()?;
//! let g_a = local_tile(&m_a, &cta_tiler, &cta_coord, Some(&Step::parse("<1,X,1>")?))?;
//! assert_eq!(g_a.layout().to_string(), "(128,8,8):(1,256,2048)"); // (BM,BK,k)
//! assert_eq!(g_a.base(), 128);
//! // 256 threads as (16,16); the A side uses the thread layout's mode 0.
//! let t_c: Layout = "(16,16):(1,16)".parse()?;
//! let t_a = local_partition(&g_a, &t_c, 17, Some(&Step::parse("<1,X>")?))?;
//! assert_eq!((t_a.base(), t_a.layout().to_string()), (129, "(8,8,8):(16,256,2048)".to_string()));
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::algebra::divide::{flat_divide, logical_divide, tiled_divide};
use crate::data::coordinate::Coord;
use crate::data::int_tuple::IntTuple;
use crate::data::layout::Layout;
use crate::data::tiler::{AsTiler, Tiler};
use crate::error::LayoutError;
use crate::kernel::tensor::{Engine, Tensor, TensorLayout};

/// A projection (CuTe's `Step<_1,X,_1>`): one entry per mode, `Some(v)` to
/// keep the mode (the value is an order) and
/// `None` (written `X` or `_`) to drop it.
///
/// ```
/// use cute_dynamic::Step;
/// let s = Step::parse("<1, X, 1>")?;
/// assert_eq!(s, Step::new(&[Some(1), None, Some(1)]));
/// assert_eq!(s.to_string(), "<1,X,1>");
/// assert_eq!(s.dice(&"(128,128,8)".parse()?)?.to_string(), "(128,8)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Step {
    modes: Vec<Option<i64>>,
}

impl Step {
    /// A step from its entries (`None` is CuTe's `X`).
    pub fn new(modes: &[Option<i64>]) -> Step {
        Step {
            modes: modes.to_vec(),
        }
    }

    /// Parse `<1,X,1>` (or `(1,X,1)`, `_1` for `1`, `_` for `X`).
    pub fn parse(text: &str) -> Result<Step, LayoutError> {
        text.parse()
    }

    /// The number of modes.
    pub fn rank(&self) -> usize {
        self.modes.len()
    }

    /// The entries.
    pub fn modes(&self) -> &[Option<i64>] {
        &self.modes
    }

    fn rank_error(&self, operation: &'static str, what: String, rank: usize) -> LayoutError {
        LayoutError::RankMismatch {
            operation,
            layout: format!("{what} (projected by step {self})"),
            requested: self.rank(),
            available: rank,
        }
    }

    /// CuTe's `dice(step, t)`: the modes of `t` whose step is not `X` (`t`
    /// must have the step's rank; an integer counts as rank 1).
    pub fn dice(&self, t: &IntTuple) -> Result<IntTuple, LayoutError> {
        let rank = if t.is_int() { 1 } else { t.rank() };
        if rank != self.rank() {
            return Err(self.rank_error("dice", t.to_string(), rank));
        }
        let wrapped = if t.is_int() {
            IntTuple::tuple([t.as_ref()])
        } else {
            t.clone()
        };
        crate::algebra::dice::dice_int_tuple(&self.as_coord(), &wrapped)
    }

    /// `dice` of a coordinate with holes (the holes themselves are kept
    /// when their step is not `X`).
    ///
    /// ```
    /// use cute_dynamic::Step;
    /// let c = Step::parse("<1,X,1>")?.dice_coord(&"(3,4,_)".parse()?)?;
    /// assert_eq!(c.to_string(), "(3,_)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn dice_coord(&self, c: &Coord) -> Result<Coord, LayoutError> {
        let wrapped = match c {
            Coord::Tuple(_) => c.clone(),
            other => Coord::Tuple(vec![other.clone()]),
        };
        let rank = match &wrapped {
            Coord::Tuple(v) => v.len(),
            _ => 1,
        };
        if rank != self.rank() {
            return Err(self.rank_error("dice", c.to_string(), rank));
        }
        crate::algebra::dice::dice_coord(&self.as_coord(), &wrapped)
    }

    /// `dice` of a tiler: the kept modes of a by-mode tiler, or of a layout.
    ///
    /// ```
    /// use cute_dynamic::Step;
    /// let t = Step::parse("<X,1,1>")?.dice_tiler(&"<128,_,8:2>".parse()?)?;
    /// assert_eq!(t.to_string(), "<_,8:2>");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn dice_tiler(&self, t: &Tiler) -> Result<Tiler, LayoutError> {
        match t {
            Tiler::Modes(ms) => {
                if ms.len() != self.rank() {
                    return Err(self.rank_error("dice", t.to_string(), ms.len()));
                }
                Ok(Tiler::Modes(self.kept(ms.clone())))
            }
            Tiler::Layout(l) => Ok(Tiler::Layout(self.dice_layout(l)?)),
            Tiler::Int(_) | Tiler::Hole => {
                if self.rank() != 1 {
                    return Err(self.rank_error("dice", t.to_string(), 1));
                }
                Ok(Tiler::Modes(self.kept(vec![t.clone()])))
            }
        }
    }

    /// `dice` of a layout: its kept modes (CuTe `make_layout(dice(s, shape),
    /// dice(s, stride))`).
    ///
    /// ```
    /// use cute_dynamic::Step;
    /// let l = Step::parse("<X,1>")?.dice_layout(&"(16,16):(1,16)".parse()?)?;
    /// assert_eq!(l.to_string(), "(16):(16)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn dice_layout(&self, l: &Layout) -> Result<Layout, LayoutError> {
        if l.rank() != self.rank() {
            return Err(self.rank_error("dice", l.to_string(), l.rank()));
        }
        let wrapped = if l.shape().is_int() {
            Layout::concat([l])
        } else {
            l.clone()
        };
        crate::algebra::dice::dice(&self.as_coord(), &wrapped)
    }

    /// The step as a coordinate for the algebra's `dice`: an integer where
    /// the mode is kept, a hole at each `X`.
    fn as_coord(&self) -> Coord {
        Coord::Tuple(
            self.modes
                .iter()
                .map(|m| m.map_or(Coord::Hole, Coord::Int))
                .collect(),
        )
    }

    fn kept<T>(&self, modes: Vec<T>) -> Vec<T> {
        modes
            .into_iter()
            .zip(&self.modes)
            .filter_map(|(m, s)| s.map(|_| m))
            .collect()
    }
}

impl FromStr for Step {
    type Err = LayoutError;
    /// The step grammar of the text layer (`crate::text::parse`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(Step {
            modes: crate::text::parse::parse_step(s)?,
        })
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<")?;
        for (i, m) in self.modes.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            match m {
                Some(v) => write!(f, "{v}")?,
                None => f.write_str("X")?,
            }
        }
        f.write_str(">")
    }
}

/// What the free partitioning functions accept: a tensor by value, a
/// shared reference to a tensor with a clonable accessor (`&[T]`,
/// counting, identity), or a mutable reference to a tensor over `&mut [T]`
/// or `Vec<T>` (a reborrowed mutable view).
///
/// ```
/// use cute_dynamic::{local_tile, Layout, Tensor};
/// let mut data = vec![0; 16];
/// let mut t = Tensor::new(&mut data[..], "(4,4):(1,4)".parse::<Layout>()?)?;
/// let mut tile = local_tile(&mut t, &"(2,2)".parse()?, &"(1,1)".parse()?, None)?;
/// *tile.at_mut(0).unwrap() = 7;                       // element (2,2)
/// assert_eq!(data[10], 7);
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub trait TensorArg {
    /// The accessor of the view.
    type Engine: Engine<<Self::Layout as TensorLayout>::Offset>;
    /// The layout kind.
    type Layout: TensorLayout;
    /// The view.
    fn into_tensor(self) -> Tensor<Self::Engine, Self::Layout>;
}

impl<E: Engine<L::Offset>, L: TensorLayout> TensorArg for Tensor<E, L> {
    type Engine = E;
    type Layout = L;
    fn into_tensor(self) -> Tensor<E, L> {
        self
    }
}

impl<E: Engine<L::Offset> + Clone, L: TensorLayout> TensorArg for &Tensor<E, L> {
    type Engine = E;
    type Layout = L;
    fn into_tensor(self) -> Tensor<E, L> {
        self.clone()
    }
}

impl<'a, T: Clone, L: TensorLayout<Offset = i64>> TensorArg for &'a mut Tensor<&mut [T], L> {
    type Engine = &'a mut [T];
    type Layout = L;
    fn into_tensor(self) -> Tensor<&'a mut [T], L> {
        self.reborrow()
    }
}

impl<'a, T: Clone, L: TensorLayout<Offset = i64>> TensorArg for &'a mut Tensor<Vec<T>, L> {
    type Engine = &'a mut [T];
    type Layout = L;
    fn into_tensor(self) -> Tensor<&'a mut [T], L> {
        self.view_mut()
    }
}

/// CuTe's `make_tensor(engine, layout)`: [`Tensor::new`], checked against
/// the storage.
///
/// ```
/// use cute_dynamic::{make_tensor, Layout};
/// let data: Vec<i32> = (0..12).collect();
/// let t = make_tensor(&data[..], "(3,4):(4,1)".parse::<Layout>()?)?;
/// assert_eq!(t.get(&"(1,2)".parse()?)?, 6);
/// assert!(make_tensor(&data[..], "(4,4):(4,1)".parse::<Layout>()?).is_err());
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn make_tensor<E, L>(engine: E, layout: L) -> Result<Tensor<E, L>, LayoutError>
where
    L: TensorLayout,
    E: Engine<L::Offset>,
{
    Tensor::new(engine, layout)
}

/// CuTe's `local_tile(tensor, tiler, coord[, step])`: the tile at `coord`
/// of the tiling of `tensor` by `tiler`. With a step, the tiler and the
/// coordinate are first diced by it (`X` modes dropped). The coordinate may
/// hold `_` (the tile-index modes kept, as in `(m,n,_)`); a tuple shorter
/// than the rest modes is padded with `_`. A partial last tile is a view
/// past the storage whose accesses are checked (see the tensor module).
///
/// ```
/// use cute_dynamic::{local_tile, make_counting_tensor, Step};
/// let m_b = make_counting_tensor("(256,64):(1,256)".parse()?)?; // (N,K)
/// let g_b = local_tile(&m_b, &"(128,128,8)".parse()?, &"(1,1,_)".parse()?,
///                      Some(&Step::parse("<X,1,1>")?))?;
/// assert_eq!((g_b.base(), g_b.layout().to_string()), (128, "(128,8,8):(1,256,2048)".to_string()));
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn local_tile<A: TensorArg>(
    tensor: A,
    tiler: &Tiler,
    coord: &Coord,
    step: Option<&Step>,
) -> Result<Tensor<A::Engine, A::Layout>, LayoutError> {
    let t = tensor.into_tensor();
    match step {
        None => t.local_tile_at(tiler, coord),
        Some(s) => t.local_tile_at(&s.dice_tiler(tiler)?, &s.dice_coord(coord)?),
    }
}

/// CuTe's `local_partition(tensor, thr_layout, thr_idx[, step])`: the
/// elements of thread `thr_idx` when the tensor is tiled by the shape of
/// `thr_layout` (see [`Tensor::local_partition`]). With a step, the thread
/// layout is first diced by it (`X` modes dropped).
///
/// ```
/// use cute_dynamic::{local_partition, make_counting_tensor, Layout, Step};
/// let s_b = make_counting_tensor("(128,8):(1,128)".parse()?)?;  // (BN,BK)
/// let t_c: Layout = "(16,16):(1,16)".parse()?;
/// let t_b = local_partition(&s_b, &t_c, 17, Some(&Step::parse("<X,1>")?))?; // thread 17: n = 1
/// assert_eq!((t_b.base(), t_b.layout().to_string()), (1, "(8,8):(16,128)".to_string()));
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn local_partition<A: TensorArg>(
    tensor: A,
    thr_layout: &Layout,
    thr_idx: i64,
    step: Option<&Step>,
) -> Result<Tensor<A::Engine, A::Layout>, LayoutError> {
    let t = tensor.into_tensor();
    match step {
        None => t.local_partition(thr_layout, thr_idx),
        Some(s) => t.local_partition(&s.dice_layout(thr_layout)?, thr_idx),
    }
}

impl<E, L> Tensor<E, L>
where
    L: TensorLayout,
    E: Engine<L::Offset>,
{
    /// [`local_tile`] with a step, as a method.
    ///
    /// ```
    /// use cute_dynamic::{make_counting_tensor, Step};
    /// let m_c = make_counting_tensor("(256,256):(1,256)".parse()?)?; // (M,N)
    /// let g_c = m_c.local_tile_with_step(&"(128,128,8)".parse()?, &"(1,0,_)".parse()?,
    ///                                    &Step::parse("<1,1,X>")?)?;
    /// assert_eq!((g_c.base(), g_c.layout().to_string()), (128, "(128,128):(1,256)".to_string()));
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn local_tile_with_step(
        self,
        tiler: &Tiler,
        coord: &Coord,
        step: &Step,
    ) -> Result<Self, LayoutError> {
        local_tile(self, tiler, coord, Some(step))
    }

    /// [`local_partition`] with a step, as a method.
    ///
    /// ```
    /// use cute_dynamic::{make_counting_tensor, Step};
    /// let s_a = make_counting_tensor("(128,8):(1,128)".parse()?)?;
    /// let t_a = s_a.local_partition_with_step(&"(16,16):(1,16)".parse()?, 3, &Step::parse("<1,X>")?)?;
    /// assert_eq!((t_a.base(), t_a.layout().to_string()), (3, "(8,8):(16,128)".to_string()));
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn local_partition_with_step(
        self,
        thr_layout: &Layout,
        thr_idx: i64,
        step: &Step,
    ) -> Result<Self, LayoutError> {
        local_partition(self, thr_layout, thr_idx, Some(step))
    }

    /// `logical_divide(T, tiler)`: the layout divided, the values unchanged
    /// (a `_` tiler mode keeps that mode).
    ///
    /// ```
    /// use cute_dynamic::{make_counting_tensor, Tiler};
    /// let t = make_counting_tensor("(8,6):(1,8)".parse()?)?;
    /// let d = t.logical_divide(&"<_,2>".parse::<Tiler>()?)?;
    /// assert_eq!(d.layout().to_string(), "(8,(2,3)):(1,(8,16))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn logical_divide<T: AsTiler + ?Sized>(self, tiler: &T) -> Result<Self, LayoutError> {
        self.relayout(&|l| logical_divide(l, tiler))
    }

    /// `tiled_divide(T, tiler)`: `((tile modes), rest0, rest1, …)`.
    ///
    /// ```
    /// use cute_dynamic::{make_counting_tensor, Tiler};
    /// let t = make_counting_tensor("(8,6):(1,8)".parse()?)?;
    /// let d = t.tiled_divide(&"(4,3)".parse::<Tiler>()?)?;
    /// assert_eq!(d.layout().to_string(), "((4,3),2,2):((1,8),4,24)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn tiled_divide<T: AsTiler + ?Sized>(self, tiler: &T) -> Result<Self, LayoutError> {
        self.relayout(&|l| tiled_divide(l, tiler))
    }

    /// `flat_divide(T, tiler)`: `(tile0, tile1, …, rest0, rest1, …)`.
    ///
    /// ```
    /// use cute_dynamic::{make_counting_tensor, Tiler};
    /// let t = make_counting_tensor("(8,6):(1,8)".parse()?)?;
    /// let d = t.flat_divide(&"(4,3)".parse::<Tiler>()?)?;
    /// assert_eq!(d.layout().to_string(), "(4,3,2,2):(1,8,4,24)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn flat_divide<T: AsTiler + ?Sized>(self, tiler: &T) -> Result<Self, LayoutError> {
        self.relayout(&|l| flat_divide(l, tiler))
    }

    /// Modes `begin..end` of the layout grouped into one (CuTe
    /// `group_modes<B,E>(tensor)`); the values are unchanged.
    ///
    /// ```
    /// use cute_dynamic::make_counting_tensor;
    /// let t = make_counting_tensor("(2,3,4):(1,2,6)".parse()?)?.group_modes(1, 3)?;
    /// assert_eq!(t.layout().to_string(), "(2,(3,4)):(1,(2,6))");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn group_modes(self, begin: usize, end: usize) -> Result<Self, LayoutError> {
        self.relayout(&|l| l.group_modes(begin, end))
    }

    /// The layout flattened (CuTe `flatten(tensor)`); the values are
    /// unchanged.
    ///
    /// ```
    /// use cute_dynamic::make_counting_tensor;
    /// let t = make_counting_tensor("((2,2),3):((1,2),4)".parse()?)?.flatten()?;
    /// assert_eq!(t.layout().to_string(), "(2,2,3):(1,2,4)");
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn flatten(self) -> Result<Self, LayoutError> {
        self.relayout(&|l| Ok(l.flatten()))
    }
}

impl<T: Clone + Default> Tensor<Vec<T>> {
    /// An owned tensor (a register fragment) over `layout`, its storage
    /// `cosize(layout)` default values.
    ///
    /// ```
    /// use cute_dynamic::Tensor;
    /// let f = Tensor::<Vec<f32>>::fragment("(4,2):(2,1)".parse()?)?;
    /// assert_eq!((f.size(), f.engine().len()), (8, 8));
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn fragment(layout: Layout) -> Result<Self, LayoutError> {
        let cosize = layout.cosize()?;
        let len = usize::try_from(cosize).map_err(|_| LayoutError::Unsupported {
            operation: "fragment",
            reason: format!("{layout} has a negative cosize"),
        })?;
        Tensor::new(vec![T::default(); len], layout)
    }
}

/// The compact layout of a fragment like `layout` (CuTe's
/// `make_fragment_like` for a static shape): the same shape, mode 0
/// compact column-major first, the other modes after it in the order of
/// their strides.
///
/// ```
/// use cute_dynamic::{fragment_layout_like, Layout};
/// let l: Layout = "(4,(2,3)):(3,(12,1))".parse()?;
/// assert_eq!(fragment_layout_like(&l)?.to_string(), "(4,(2,3)):(1,(12,4))");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn fragment_layout_like(layout: &Layout) -> Result<Layout, LayoutError> {
    if layout.rank() <= 1 || layout.shape().is_int() {
        return Layout::column_major(layout.shape());
    }
    let first = layout
        .mode(0)
        .ok_or_else(|| layout.rank_error("make_fragment_like", 1))?;
    let rest = layout.take(1, layout.rank())?;
    let head = Layout::column_major(first.shape())?;
    let size0 = head.size();
    let tail = Layout::ordered(rest.shape(), rest.stride())?;
    let scaled = tail
        .stride()
        .leaves()
        .map(|d| d * size0)
        .collect::<Vec<i64>>();
    let tail = Layout::new(
        tail.shape().clone(),
        crate::data::layout::replace_leaves(tail.stride().as_ref(), scaled.into_iter()),
    )?;
    let mut modes = vec![head];
    for i in 0..tail.rank() {
        if let Some(m) = tail.mode(i) {
            modes.push(m);
        }
    }
    Ok(Layout::concat(modes.iter()))
}

/// An owned register fragment shaped like `tensor` (CuTe
/// `make_fragment_like`): default values over [`fragment_layout_like`].
///
/// ```
/// use cute_dynamic::{make_fragment_like, Layout, Tensor};
/// let data = vec![1.0f32; 64];
/// let t = Tensor::new(&data[..], "(4,8):(8,1)".parse::<Layout>()?)?;
/// let f = make_fragment_like(&t)?;
/// assert_eq!(f.layout().to_string(), "(4,8):(1,4)");
/// assert_eq!(f.engine(), &vec![0.0f32; 32]);
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn make_fragment_like<E>(tensor: &Tensor<E>) -> Result<Tensor<Vec<E::Value>>, LayoutError>
where
    E: Engine<i64>,
    E::Value: Clone + Default,
{
    Tensor::fragment(fragment_layout_like(tensor.layout())?)
}

/// An owned tensor shaped like `tensor` (CuTe `make_tensor_like`): default
/// values over [`make_layout_like`](crate::make_layout_like).
///
/// ```
/// use cute_dynamic::{make_tensor_like, make_counting_tensor};
/// let t = make_counting_tensor("(4,8):(8,1)".parse()?)?;
/// assert_eq!(make_tensor_like(&t)?.layout().to_string(), "(4,8):(8,1)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn make_tensor_like<E>(tensor: &Tensor<E>) -> Result<Tensor<Vec<E::Value>>, LayoutError>
where
    E: Engine<i64>,
    E::Value: Clone + Default,
{
    Tensor::fragment(crate::algebra::layout_like::make_layout_like(
        tensor.layout(),
    )?)
}
