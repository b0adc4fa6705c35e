//! Tiled copies (CuTe's `TiledCopy`, `make_tiled_copy*`, `ThrCopy`): a
//! copy atom over a value type, repeated by a `(thread, value) → tile
//! index` layout over an `M×N` tile, and the thread partitions of its
//! source and destination.
//!
//! Definitions (CuTe's `copy_atom.hpp`, written with this crate's algebra):
//!
//! * the atom's bit layouts are recast to the value type
//!   (`recast_layout(1, bits, …)`): `Src`, `Dst`, `Ref` over values;
//! * `tile2thrfrg(T, ref2trg)`: the tiled TV layout zipped-divided by the
//!   atom's `(threads, values)`, its atom mode composed with `ref2trg`,
//!   zipped and coalesced by `(1,(1,1))` to `thrval2mn`; `T`'s tile mode is
//!   composed with it and unfolded to `(thread, value, rest)`;
//! * `tidfrg_S(T) = tile2thrfrg(zipped_divide(T, Tiler_MN),
//!   right_inverse(Ref) ∘ Src)`, `tidfrg_D` with `Dst`;
//! * `partition_S/D` of thread `t` slices `(t, _, (_,…))`;
//! * `layoutS_TV = tile2thrfrg(((Tiler_MN),1) compact, …)(_,_,0)`, and
//!   `layoutD_TV` likewise.
//!
//! **The contract** (`cute_tools::laws::check_tiled_copy`): for every thread `t` and
//! value `v`, `layoutS_TV(t, v)` is the offset, in the compact
//! column-major `Tiler_MN` tile, of value `v` of `partition_S` of thread
//! `t` (and `D` likewise).
//!
//! ```
//! use cute_dynamic::{make_tiled_copy, make_counting_tensor, CopyAtom, Layout, ValueType};
//! let l = |s: &str| s.parse::<Layout>().unwrap();
//! // CUTLASS's UniversalCopy<uint128_t>: one thread moves 128 bits.
//! let atom = CopyAtom::new("UniversalCopy<uint128_t>", l("1:0"),
//!     [l("(1,128):(0,1)"), l("(1,128):(0,1)"), l("(1,128):(0,1)")])?;
//! // 32×8 threads, each 8 contiguous half_t in M.
//! let copy = make_tiled_copy(&atom, ValueType::Half, &l("(32,8):(1,32)"), &l("(8,1)"))?;
//! assert_eq!(copy.tiler_mn().to_string(), "(256,8)");
//! // thread t holds rows 8(t mod 32)…+7 of column t/32: index 8t + v.
//! assert_eq!(copy.tiled_layout_tv().to_string(), "(256,8):(8,1)");
//! let g = make_counting_tensor(Layout::column_major(&"(256,8)".parse()?)?)?;
//! let mine = copy.thr_slice(33)?.partition_s(g)?;
//! assert_eq!((mine.base(), mine.layout().to_string()), (264, "((8,1),1,1):((1,0),0,0)".to_string()));
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use core::fmt;

use super::copy::CopyAtom;
use super::tiled_mma::{MmaOperand, TiledMma};
use super::value_type::ValueType;
use crate::algebra::coalesce::coalesce_by;
use crate::algebra::composition::composition;
use crate::algebra::divide::zipped_divide;
use crate::algebra::inverse::right_inverse;
use crate::algebra::product::{logical_product, raked_product};
use crate::algebra::recast::upcast;
use crate::data::coordinate::Coord;
use crate::data::int_tuple::IntTuple;
use crate::data::int_tuple_ops::product_each;
use crate::data::layout::Layout;
use crate::data::tiler::{Tiler, tile_of};
use crate::error::LayoutError;
use crate::kernel::partition::{TensorArg, fragment_layout_like};
use crate::kernel::tensor::{Tensor, TensorLayout, holes};
#[allow(unused_imports)]
use crate::prelude::*;

/// Which side of a copy: the source or the destination.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CopySide {
    /// The source (`S`).
    Src,
    /// The destination (`D`).
    Dst,
}

impl fmt::Display for CopySide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CopySide::Src => "S",
            CopySide::Dst => "D",
        })
    }
}

/// A tiled copy (CuTe's `TiledCopy`): see the module documentation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TiledCopy {
    atom: CopyAtom,
    value_type: ValueType,
    layout_tv: Layout,
    tiler: IntTuple,
    src: Layout,
    dst: Layout,
    reference: Layout,
}

fn copy_error(argument: &'static str, value: String, reason: String) -> LayoutError {
    LayoutError::InvalidArgument {
        operation: "make_tiled_copy",
        argument,
        value,
        reason,
    }
}

/// CuTe's `make_tiled_copy_impl(atom, layout_tv, tiler)`: the atom over
/// `value_type`, a `(thread, value) → tile index` layout and the tile's
/// shape. Errors: the atom's bit layouts do not recast to whole values
/// of `value_type` ([`CopyAtom::src_layout`]); the tiled layout's threads (values) are not a multiple
/// of the atom's (CuTe's static assertions); its rank is not 2.
pub fn make_tiled_copy_impl(
    atom: &CopyAtom,
    value_type: ValueType,
    layout_tv: Layout,
    tiler: IntTuple,
) -> Result<TiledCopy, LayoutError> {
    let src = atom.src_layout(value_type)?;
    let dst = atom.dst_layout(value_type)?;
    let reference = atom.ref_layout(value_type)?;
    if layout_tv.rank() != 2 || layout_tv.shape().is_int() {
        return Err(copy_error(
            "layout_tv",
            layout_tv.to_string(),
            "must be a rank-2 (thread, value) layout".to_string(),
        ));
    }
    let mode = |l: &Layout, i: usize| l.mode(i).map(|m| m.size()).unwrap_or(1);
    let (atom_thr, atom_val) = (mode(&reference, 0), mode(&reference, 1));
    let (thr, val) = (mode(&layout_tv, 0), mode(&layout_tv, 1));
    if atom_thr <= 0 || thr % atom_thr != 0 {
        return Err(copy_error(
            "layout_tv",
            layout_tv.to_string(),
            format!(
                "TiledCopy uses too few threads for {atom}: {thr} is not a multiple of {atom_thr}"
            ),
        ));
    }
    if atom_val <= 0 || val % atom_val != 0 {
        return Err(copy_error(
            "layout_tv",
            layout_tv.to_string(),
            format!(
                "TiledCopy uses too few values for {atom} over {value_type}: {val} is not a multiple of {atom_val}"
            ),
        ));
    }
    Ok(TiledCopy {
        atom: atom.clone(),
        value_type,
        layout_tv,
        tiler,
        src,
        dst,
        reference,
    })
}

/// CuTe's `make_tiled_copy(atom, thr_layout, val_layout)`: the tile is
/// `raked_product(thr_layout, val_layout)` (`(m,n) → (thread, value)`),
/// the TV layout its right inverse shaped `(size(thr), size(val))`, the
/// tiler `product_each(shape(raked_product))`.
pub fn make_tiled_copy(
    atom: &CopyAtom,
    value_type: ValueType,
    thr_layout: &Layout,
    val_layout: &Layout,
) -> Result<TiledCopy, LayoutError> {
    let layout_mn = raked_product(thr_layout, val_layout)?;
    let shape = IntTuple::flat([thr_layout.size(), val_layout.size()]);
    let layout_tv = composition(&right_inverse(&layout_mn)?, &Layout::column_major(&shape)?)?;
    let tiler = product_each(layout_mn.shape())?;
    make_tiled_copy_impl(atom, value_type, layout_tv, tiler)
}

/// CuTe's `make_tiled_copy_A/B/C(atom, mma)`: the tiled MMA's
/// `layoutX_TV` over its `tile_size` extents.
pub fn make_tiled_copy_mma(
    atom: &CopyAtom,
    value_type: ValueType,
    operand: MmaOperand,
    mma: &TiledMma,
) -> Result<TiledCopy, LayoutError> {
    make_tiled_copy_impl(
        atom,
        value_type,
        mma.layout_tv(operand)?,
        mma.tile_shape(operand)?,
    )
}

/// `make_tiled_copy_mma` of one operand, a function each.
macro_rules! make_tiled_copy_of_operand {
    ($($(#[$doc:meta])* $name:ident => $op:ident;)+) => {$(
        $(#[$doc])*
        pub fn $name(
            atom: &CopyAtom,
            value_type: ValueType,
            mma: &TiledMma,
        ) -> Result<TiledCopy, LayoutError> {
            make_tiled_copy_mma(atom, value_type, MmaOperand::$op, mma)
        }
    )+};
}

make_tiled_copy_of_operand! {
    /// CuTe's `make_tiled_copy_A(atom, mma)`.
    make_tiled_copy_a => OperandA;
    /// CuTe's `make_tiled_copy_B(atom, mma)`.
    make_tiled_copy_b => OperandB;
    /// CuTe's `make_tiled_copy_C(atom, mma)`.
    make_tiled_copy_c => OperandC;
}

/// `atom` over the TV layout of one side of `tiled_copy` (CuTe's
/// `make_tiled_copy_S/D`).
fn make_tiled_copy_side(
    atom: &CopyAtom,
    value_type: ValueType,
    tiled_copy: &TiledCopy,
    side: CopySide,
) -> Result<TiledCopy, LayoutError> {
    make_tiled_copy_impl(
        atom,
        value_type,
        tiled_copy.layout_tv_of(side)?,
        tiled_copy.tiler.clone(),
    )
}

/// CuTe's `make_tiled_copy_S(atom, tiled_copy)`: `atom` over the source
/// TV layout of `tiled_copy`.
pub fn make_tiled_copy_s(
    atom: &CopyAtom,
    value_type: ValueType,
    tiled_copy: &TiledCopy,
) -> Result<TiledCopy, LayoutError> {
    make_tiled_copy_side(atom, value_type, tiled_copy, CopySide::Src)
}

/// CuTe's `make_tiled_copy_D(atom, tiled_copy)`: `atom` over the
/// destination TV layout of `tiled_copy`.
pub fn make_tiled_copy_d(
    atom: &CopyAtom,
    value_type: ValueType,
    tiled_copy: &TiledCopy,
) -> Result<TiledCopy, LayoutError> {
    make_tiled_copy_side(atom, value_type, tiled_copy, CopySide::Dst)
}

/// [`make_tiled_copy`] from text (copy atom name, value type, thread and
/// value layouts), as the operation table and the laws read them.
pub fn tiled_copy_from_text(
    atom: &str,
    value_type: &str,
    thr_layout: &str,
    val_layout: &str,
) -> Result<TiledCopy, LayoutError> {
    let atom = super::copy::copy_atom(atom)?;
    make_tiled_copy(
        &atom,
        value_type.parse()?,
        &thr_layout.parse()?,
        &val_layout.parse()?,
    )
}

/// [`make_tiled_copy_mma`] from text: copy atom name, value type, operand
/// letter `A`, `B` or `C`, and the tiled MMA's atom, atom layout and
/// permutation (see `tiled_mma_from_text`).
pub fn tiled_copy_mma_from_text(
    atom: &str,
    value_type: &str,
    operand: &str,
    mma: [&str; 3],
) -> Result<TiledCopy, LayoutError> {
    let copy = super::copy::copy_atom(atom)?;
    let op = match operand.trim() {
        "A" => MmaOperand::OperandA,
        "B" => MmaOperand::OperandB,
        "C" => MmaOperand::OperandC,
        other => {
            return Err(LayoutError::InvalidArgument {
                operation: "tiled_copy_mma",
                argument: "OPERAND",
                value: other.to_string(),
                reason: "must be A, B or C (make_tiled_copy_A/B/C)".to_string(),
            });
        }
    };
    let [a, l, p] = mma;
    let mma = super::tiled_mma::tiled_mma_from_text(a, l, p)?;
    make_tiled_copy_mma(&copy, value_type.parse()?, op, &mma)
}

/// `((a,b),(c,d)) → ((a,c),(b,d))` (CuTe's `zip` of a rank-2 layout of
/// rank-2 modes).
fn zip2(l: &Layout) -> Result<Layout, LayoutError> {
    let part = |i: usize, j: usize| {
        l.mode(i)
            .and_then(|m| m.mode(j))
            .ok_or_else(|| l.rank_error("zip", 2))
    };
    let (a, b, c, d) = (part(0, 0)?, part(0, 1)?, part(1, 0)?, part(1, 1)?);
    Ok(Layout::concat([
        &Layout::concat([&a, &c]),
        &Layout::concat([&b, &d]),
    ]))
}

impl TiledCopy {
    /// The atom.
    pub fn atom(&self) -> &CopyAtom {
        &self.atom
    }
    /// The value type the atom is used with.
    pub fn value_type(&self) -> ValueType {
        self.value_type
    }
    /// CuTe's `Tiler_MN`, the tile's shape.
    pub fn tiler_mn(&self) -> &IntTuple {
        &self.tiler
    }
    /// CuTe's `TiledLayout_TV`: `(thread, value) → tile index`.
    pub fn tiled_layout_tv(&self) -> &Layout {
        &self.layout_tv
    }
    /// The number of threads, `size<0>(TiledLayout_TV)`.
    pub fn size(&self) -> i64 {
        self.layout_tv.mode(0).map(|m| m.size()).unwrap_or(1)
    }
    /// The atom's `(thread, value)` layout of `side` over values.
    pub fn atom_layout(&self, side: CopySide) -> &Layout {
        match side {
            CopySide::Src => &self.src,
            CopySide::Dst => &self.dst,
        }
    }
    /// The atom's reference layout over values.
    pub fn atom_ref_layout(&self) -> &Layout {
        &self.reference
    }

    fn ref2trg(&self, side: CopySide) -> Result<Layout, LayoutError> {
        composition(&right_inverse(&self.reference)?, self.atom_layout(side))
    }

    /// CuTe's `tile2thrfrg(tensor, ref2trg)`: `((tile),(rest…))` to
    /// `(thread, value, (rest…))`.
    fn tile2thrfrg(&self, tiled: &Layout, side: CopySide) -> Result<Layout, LayoutError> {
        let ref2trg = self.ref2trg(side)?;
        let mode = |l: &Layout, i: usize| l.mode(i).map(|m| m.size()).unwrap_or(1);
        let atom_tile = Tiler::Modes(vec![
            Tiler::Int(mode(&self.reference, 0)),
            Tiler::Int(mode(&self.reference, 1)),
        ]);
        let atom_tv = zipped_divide(&self.layout_tv, &atom_tile)?;
        let trg_tv = composition(
            &atom_tv,
            &Tiler::Modes(vec![Tiler::Layout(ref2trg), Tiler::Hole]),
        )?;
        let profile = IntTuple::tuple([IntTuple::int(1).as_ref(), IntTuple::flat([1, 1]).as_ref()]);
        let thrval2mn = coalesce_by(&zip2(&trg_tv)?, &profile)?;
        let tv = composition(
            tiled,
            &Tiler::Modes(vec![Tiler::Layout(thrval2mn), Tiler::Hole]),
        )?;
        let (unfolded, _) = tv.slice(&Coord::Tuple(vec![
            Coord::Tuple(vec![Coord::Hole, Coord::Hole]),
            Coord::Hole,
        ]))?;
        Ok(unfolded)
    }

    /// CuTe's `tidfrg_S/D`: a layout of shape `(M,N,…)` to
    /// `(thread, value, (RestM,RestN,…))`.
    pub fn tidfrg(&self, side: CopySide, layout: &Layout) -> Result<Layout, LayoutError> {
        let tiled = zipped_divide(layout, &Tiler::from_shape(self.tiler.as_ref()))?;
        self.tile2thrfrg(&tiled, side)
    }

    /// CuTe's `get_layoutS_TV()`: `(thread, value) → index` of the compact
    /// column-major `Tiler_MN` tile, for the source.
    pub fn layout_s_tv(&self) -> Result<Layout, LayoutError> {
        self.layout_tv_of(CopySide::Src)
    }

    /// CuTe's `get_layoutD_TV()`, for the destination.
    pub fn layout_d_tv(&self) -> Result<Layout, LayoutError> {
        self.layout_tv_of(CopySide::Dst)
    }

    /// `layoutS_TV` or `layoutD_TV`.
    pub fn layout_tv_of(&self, side: CopySide) -> Result<Layout, LayoutError> {
        let tile = Layout::column_major(&self.tiler)?;
        let reference = Layout::concat([&tile, &Layout::int(1, 0)]);
        let frg = self.tile2thrfrg(&reference, side)?;
        let (tv, _) = frg.slice(&Coord::Tuple(vec![Coord::Hole, Coord::Hole, Coord::Int(0)]))?;
        Ok(tv)
    }

    /// CuTe's `get_slice(t)`: the partitioner of thread `t`,
    /// `0 ≤ t < size()`.
    pub fn thr_slice(&self, t: i64) -> Result<ThrCopy, LayoutError> {
        if t < 0 || t >= self.size() {
            return Err(LayoutError::OutOfBounds {
                layout: self.layout_tv.to_string(),
                coordinate: format!("thread {t}"),
            });
        }
        Ok(ThrCopy {
            copy: self.clone(),
            thr: t,
        })
    }

    /// CuTe's `retile` (of `retile_S` and `retile_D`, which are the same):
    /// a fragment layout `(V, Rest…)` re-tiled to `((atom values, rest
    /// values), Rest…)`, with the offset of the slice.
    pub fn retile(&self, layout: &Layout) -> Result<(Layout, i64), LayoutError> {
        let v = layout.mode(0).map(|m| m.size()).unwrap_or(layout.size());
        let threads = self.size();
        let tile = Layout::column_major(&self.tiler)?;
        let mn_to_tv = composition(&right_inverse(&self.layout_tv)?, &tile)?;
        let factor = threads
            .checked_mul(v)
            .ok_or_else(|| LayoutError::overflow("retile", &self.layout_tv))?;
        let frg_layout_mn = upcast(factor, &mn_to_tv)?;
        let atom_val = self.reference.mode(1).map(|m| m.size()).unwrap_or(1);
        let frg_layout_v = zipped_divide(
            &logical_product(&tile_of(v), &right_inverse(&frg_layout_mn)?)?,
            &tile_of(atom_val),
        )?;
        let mut tiler = vec![Tiler::Int(v)];
        for s in product_each(frg_layout_mn.shape())?.as_ref().modes() {
            tiler.push(Tiler::Int(s.size().unwrap_or(1)));
        }
        if frg_layout_mn.shape().is_int() {
            tiler.truncate(1);
            tiler.push(Tiler::Int(frg_layout_mn.size()));
        }
        let t = zipped_divide(layout, &Tiler::Modes(tiler))?;
        let vt = composition(
            &t,
            &Tiler::Modes(vec![Tiler::Layout(frg_layout_v), Tiler::Hole]),
        )?;
        let rest_rank = vt
            .mode(1)
            .map(|m| if m.shape().is_int() { 1 } else { m.rank() })
            .unwrap_or(1);
        let mut rest = vec![Coord::Int(0)];
        while rest.len() < rest_rank {
            rest.push(Coord::Hole);
        }
        let rest = if rest.len() == 1 {
            Coord::Int(0)
        } else {
            Coord::Tuple(rest)
        };
        vt.slice(&Coord::Tuple(vec![Coord::Hole, rest]))
    }
}

impl fmt::Display for TiledCopy {
    /// `TiledCopy(atom, value type, Tiler_MN, TiledLayout_TV)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "TiledCopy({}, {}, {}, {})",
            self.atom, self.value_type, self.tiler, self.layout_tv
        )
    }
}

/// One thread's view of a [`TiledCopy`] (CuTe's `ThrCopy`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ThrCopy {
    copy: TiledCopy,
    thr: i64,
}

impl ThrCopy {
    /// The thread index.
    pub fn thread(&self) -> i64 {
        self.thr
    }

    /// The tiled copy.
    pub fn tiled_copy(&self) -> &TiledCopy {
        &self.copy
    }

    /// CuTe's `partition_S/D`: this thread's values of a tensor of shape
    /// `(M,N,…)`, as a tensor `(CPY_V, RestM, RestN, …)` over the same
    /// accessor (any tensor: slices, `Vec`, counting, identity).
    pub fn partition<A: TensorArg>(
        &self,
        side: CopySide,
        tensor: A,
    ) -> Result<Tensor<A::Engine, A::Layout>, LayoutError> {
        let t = tensor.into_tensor();
        let tiled = t.relayout(&|l| self.copy.tidfrg(side, l))?;
        let rest = tiled
            .layout()
            .shape()
            .get(2)
            .map(|r| if r.is_int() { 1 } else { r.rank() })
            .unwrap_or(1);
        tiled.slice(&Coord::Tuple(vec![
            Coord::Int(self.thr),
            Coord::Hole,
            holes(rest),
        ]))
    }

    /// CuTe's `partition_S`.
    pub fn partition_s<A: TensorArg>(
        &self,
        tensor: A,
    ) -> Result<Tensor<A::Engine, A::Layout>, LayoutError> {
        self.partition(CopySide::Src, tensor)
    }

    /// CuTe's `partition_D`.
    pub fn partition_d<A: TensorArg>(
        &self,
        tensor: A,
    ) -> Result<Tensor<A::Engine, A::Layout>, LayoutError> {
        self.partition(CopySide::Dst, tensor)
    }

    /// The layout of CuTe's `make_fragment_like(partition_X(tensor))` for a
    /// tensor whose layout is `layout`.
    pub fn fragment_layout(&self, side: CopySide, layout: &Layout) -> Result<Layout, LayoutError> {
        let tiled = self.copy.tidfrg(side, layout)?;
        let rest = tiled
            .shape()
            .get(2)
            .map(|r| if r.is_int() { 1 } else { r.rank() })
            .unwrap_or(1);
        let (part, _) = tiled.slice(&Coord::Tuple(vec![
            Coord::Int(self.thr),
            Coord::Hole,
            holes(rest),
        ]))?;
        fragment_layout_like(&part)
    }

    /// CuTe's `retile_S`: a register fragment re-tiled for the atom.
    pub fn retile_s<A: TensorArg<Layout = Layout>>(
        &self,
        tensor: A,
    ) -> Result<Tensor<A::Engine, Layout>, LayoutError> {
        let t = tensor.into_tensor();
        let (layout, off) = self.copy.retile(t.layout())?;
        let base = t.layout().add(&t.base(), &off)?;
        Ok(Tensor::view_of(t.into_engine(), base, layout))
    }

    /// CuTe's `retile_D` (the same as [`ThrCopy::retile_s`]).
    pub fn retile_d<A: TensorArg<Layout = Layout>>(
        &self,
        tensor: A,
    ) -> Result<Tensor<A::Engine, Layout>, LayoutError> {
        self.retile_s(tensor)
    }
}
