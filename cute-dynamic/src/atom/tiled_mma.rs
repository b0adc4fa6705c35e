//! Tiled MMAs (CuTe's `TiledMMA`, `make_tiled_mma`, `ThrMMA`): an MMA atom
//! repeated over an `M×N×K` layout of atoms, with an optional permutation
//! of each of the `M`, `N`, `K` modes, and the thread partitions of its
//! operands.
//!
//! Definitions (CuTe's `mma_atom.hpp`, written with this crate's algebra):
//!
//! * `thr_layout_vmnk = tiled_product(ThrID, atom_layout)`:
//!   `(ThrV,ThrM,ThrN,ThrK) → thread index`;
//! * `permutation_mnk(i)` is the given permutation of mode `i`, or the
//!   integer `Shape_MNK[i] · size(thr_layout_vmnk[i+1])`;
//!   `tile_size(i) = size(permutation_mnk(i))`;
//! * `thrfrg_X(T)` (X = A over `(M,K)`, B over `(N,K)`, C over `(M,N)`)
//!   divides `T` by the two permutations, zipped-divides it by the atom's
//!   extents, composes the atom mode with the atom's `XLayout` and
//!   zipped-divides the rest by the thread counts, giving
//!   `((ThrV,(Thr0,Thr1)),(FrgV,(Rest0,Rest1,…)))`;
//! * `partition_X` of thread `t` slices `thrfrg_X` at the thread's
//!   coordinate `get_flat_coord(t)` of `thr_layout_vmnk`, giving
//!   `(FrgV,Rest0,Rest1,…)`;
//! * `layoutX_TV` is `thrfrg_X` of the compact column-major tile with its
//!   thread mode composed with `right_inverse(thr_layout_vmnk)` (for A and
//!   B through CuTe's `atile`/`btile`, which ignore the thread coordinate
//!   of the mode the operand does not span).
//!
//! **The contract** (`laws::check_tiled_mma`): for every thread `t` and
//! value `v`, `layoutX_TV(t, v)` is the offset, in the compact
//! column-major tile, of value `v` of `partition_X` of thread `t`, and
//! `partition_fragment_X` has the partition's shape.
//!
//! **Where this differs from CUTLASS.** CUTLASS's `get_layoutC_TV()`
//! composes with `right_inverse(thr_layout_vmnk)` without dropping the K
//! thread coordinate, so for an atom layout that tiles K (`(2,2,2)`) the
//! threads with `k > 0` are mapped outside the `M×N` tile, while its own
//! `partition_C` gives them the same C values as the threads with `k = 0`.
//! The partition is the truth: here `layoutC_TV` drops the K coordinate
//! (as `get_layoutA_TV` drops N), and equals CUTLASS's whenever
//! `size(ThrK) = 1`.
//!
//! ```
//! use cute_dynamic::{make_tiled_mma, make_counting_tensor, Layout, MmaAtom, MmaValueTypes, ValueType};
//! // CUTLASS's SM80_16x8x16_F32F16F16F32_TN.
//! let l = |s: &str| s.parse::<Layout>().unwrap();
//! let f16 = ValueType::Half;
//! let f32 = ValueType::Float;
//! let atom = MmaAtom::new(
//!     "SM80_16x8x16_F32F16F16F32_TN", [16, 8, 16], l("32:1"),
//!     [l("((4,8),(2,2,2)):((32,1),(16,8,128))"), l("((4,8),(2,2)):((16,1),(8,64))"),
//!      l("((4,8),(2,2)):((32,1),(16,8))")],
//!     MmaValueTypes { d: f32, a: f16, b: f16, c: f32 },
//! )?;
//! let mma = make_tiled_mma(&atom, Some(&l("(2,2,1)")), None)?;
//! assert_eq!(mma.thr_layout_vmnk().to_string(), "(32,2,2,1):(1,32,64,0)");
//! assert_eq!((mma.size(), mma.tile_size(0)?, mma.tile_size(1)?, mma.tile_size(2)?), (128, 32, 16, 16));
//! let c = make_counting_tensor(Layout::column_major(&"(32,16)".parse()?)?)?;
//! // thread 37 = (v 5, m 1, n 0): lane 5 of the second atom in M, rows 16..31;
//! // lane 5 holds (1,2) of its atom, so (17,2) = 17 + 32·2 of the tile.
//! let mine = mma.thr_slice(37)?.partition_c(c)?;
//! assert_eq!((mine.base(), mine.layout().to_string()), (81, "((2,2),1,1):((32,8),0,0)".to_string()));
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use core::fmt;

use super::mma::MmaAtom;
use crate::algebra::composition::composition;
use crate::algebra::divide::{logical_divide, zipped_divide};
use crate::algebra::inverse::right_inverse;
use crate::algebra::product::tiled_product;
use crate::data::coordinate::Coord;
use crate::data::int_tuple::IntTuple;
use crate::data::int_tuple_ops::shape_div;
use crate::data::layout::Layout;
use crate::data::tiler::Tiler;
use crate::error::LayoutError;
use crate::kernel::partition::{TensorArg, fragment_layout_like};
use crate::kernel::tensor::{Engine, Tensor, TensorLayout, flat_coord, holes};
#[allow(unused_imports)]
use crate::prelude::*;

/// One operand of an MMA, `D = A · B + C`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MmaOperand {
    /// `A`, an `M×K` tile.
    A,
    /// `B`, an `N×K` tile.
    B,
    /// `C` (and `D`), an `M×N` tile.
    C,
}

impl MmaOperand {
    /// The two of `M`, `N`, `K` (0, 1, 2) that the operand's tile spans.
    pub const fn modes(self) -> (usize, usize) {
        match self {
            MmaOperand::A => (0, 2),
            MmaOperand::B => (1, 2),
            MmaOperand::C => (0, 1),
        }
    }
}

impl fmt::Display for MmaOperand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MmaOperand::A => "A",
            MmaOperand::B => "B",
            MmaOperand::C => "C",
        })
    }
}

/// A tiled MMA (CuTe's `TiledMMA`): see the module documentation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TiledMma {
    atom: MmaAtom,
    atom_layout: Layout,
    permutation: [Tiler; 3],
    thr_layout_vmnk: Layout,
}

/// CuTe's `make_tiled_mma(atom, atom_layout, permutation)`.
///
/// `atom_layout` (default `(1,1,1)`) is a layout of up to three modes
/// `(M,N,K) → atom index`, padded with `1:0` to three modes;
/// `permutation` (default none, `<_,_,_>`) is a tiler of up to three modes
/// whose modes are applied to the `M`, `N`, `K` extents before tiling
/// (`_` or a missing mode: no permutation).
///
/// Errors: an atom layout or permutation of more than three modes
/// (`rank_mismatch`), a permutation mode that is a tuple of tilers
/// (`invalid_argument`), and any error of the algebra (overflow).
pub fn make_tiled_mma(
    atom: &MmaAtom,
    atom_layout: Option<&Layout>,
    permutation: Option<&Tiler>,
) -> Result<TiledMma, LayoutError> {
    let one: Layout = Layout::int(1, 0);
    let atom_layout = match atom_layout {
        None => Layout::concat([&one, &one, &one]),
        Some(l) => pad_layout(l)?,
    };
    let mut perm = [Tiler::Hole, Tiler::Hole, Tiler::Hole];
    match permutation {
        None | Some(Tiler::Hole) => {}
        Some(Tiler::Modes(ms)) => {
            if ms.len() > 3 {
                return Err(LayoutError::RankMismatch {
                    operation: "make_tiled_mma",
                    layout: permutation.map(|t| t.to_string()).unwrap_or_default(),
                    requested: ms.len(),
                    available: 3,
                });
            }
            for (slot, m) in perm.iter_mut().zip(ms) {
                if let Tiler::Modes(_) = m {
                    return Err(LayoutError::InvalidArgument {
                        operation: "make_tiled_mma",
                        argument: "permutation",
                        value: m.to_string(),
                        reason: "each mode of the permutation must be a layout, an integer or _"
                            .to_string(),
                    });
                }
                *slot = m.clone();
            }
        }
        Some(other) => {
            return Err(LayoutError::InvalidArgument {
                operation: "make_tiled_mma",
                argument: "permutation",
                value: other.to_string(),
                reason: "must be a by-mode tiler <M,N,K> (CuTe's Tile<…>)".to_string(),
            });
        }
    }
    let thr_layout_vmnk = tiled_product(atom.thr_id(), &atom_layout)?;
    Ok(TiledMma {
        atom: atom.clone(),
        atom_layout,
        permutation: perm,
        thr_layout_vmnk,
    })
}

/// [`make_tiled_mma`] from text: an atom's CUTLASS name, an atom layout
/// and a permutation in CuTe notation (the empty text for the defaults),
/// as the operation table and the laws read them.
pub(crate) fn tiled_mma_from_text(
    atom: &str,
    atom_layout: &str,
    permutation: &str,
) -> Result<TiledMma, LayoutError> {
    let atom = super::mma::mma_atom(atom)?;
    let (layout_text, perm_text) = (atom_layout.trim(), permutation.trim());
    let layout: Option<Layout> = if layout_text.is_empty() {
        None
    } else {
        Some(layout_text.parse()?)
    };
    let perm: Option<Tiler> = if perm_text.is_empty() {
        None
    } else {
        Some(perm_text.parse()?)
    };
    make_tiled_mma(&atom, layout.as_ref(), perm.as_ref())
}

/// CuTe's `append<3>(layout, Layout<_1,_0>{})`.
fn pad_layout(l: &Layout) -> Result<Layout, LayoutError> {
    let modes: Vec<Layout> = if l.shape().is_int() {
        vec![l.clone()]
    } else {
        (0..l.rank()).filter_map(|i| l.mode(i)).collect()
    };
    if modes.len() > 3 {
        return Err(LayoutError::RankMismatch {
            operation: "make_tiled_mma",
            layout: l.to_string(),
            requested: modes.len(),
            available: 3,
        });
    }
    let one = Layout::int(1, 0);
    let mut all: Vec<&Layout> = modes.iter().collect();
    while all.len() < 3 {
        all.push(&one);
    }
    Ok(Layout::concat(all))
}

fn tiler_size(t: &Tiler) -> Result<i64, LayoutError> {
    match t {
        Tiler::Layout(l) => Ok(l.size()),
        Tiler::Int(n) => Ok(*n),
        Tiler::Hole => Ok(1),
        Tiler::Modes(ms) => ms.iter().try_fold(1i64, |acc, m| {
            let s = tiler_size(m)?;
            acc.checked_mul(s)
                .ok_or_else(|| LayoutError::overflow("tile size", &Layout::int(acc, 1)))
        }),
    }
}

impl TiledMma {
    /// The atom.
    pub fn atom(&self) -> &MmaAtom {
        &self.atom
    }

    /// The atom layout, padded to three modes `(M,N,K)`.
    pub fn atom_layout_mnk(&self) -> &Layout {
        &self.atom_layout
    }

    /// CuTe's `get_thr_layout_vmnk()`: `(ThrV,ThrM,ThrN,ThrK) → thread`.
    pub fn thr_layout_vmnk(&self) -> &Layout {
        &self.thr_layout_vmnk
    }

    /// `size(thr_layout_vmnk[i])`, `i` in `0..4`.
    pub fn thr_size(&self, i: usize) -> i64 {
        self.thr_layout_vmnk.mode(i).map(|m| m.size()).unwrap_or(1)
    }

    /// The number of threads, `size(thr_layout_vmnk)`.
    pub fn size(&self) -> i64 {
        self.thr_layout_vmnk.size()
    }

    /// CuTe's `permutation_mnk<I>()`: the permutation of mode `i` (0 = M,
    /// 1 = N, 2 = K), or the integer `Shape_MNK[i] · size(thr[i+1])` when
    /// there is none.
    pub fn permutation_mnk(&self, i: usize) -> Result<Tiler, LayoutError> {
        let slot = self.permutation.get(i).ok_or_else(|| self.mode_error(i))?;
        match slot {
            Tiler::Hole => {
                let extent = self.atom.shape_mnk()[i];
                let n = extent
                    .checked_mul(self.thr_size(i + 1))
                    .ok_or_else(|| LayoutError::overflow("tile size", &self.thr_layout_vmnk))?;
                Ok(Tiler::Int(n))
            }
            other => Ok(other.clone()),
        }
    }

    /// The permutation as given, `_` for a mode without one.
    pub fn permutation(&self) -> Tiler {
        Tiler::Modes(self.permutation.to_vec())
    }

    /// CuTe's `tile_size<I>(mma)`: `size(permutation_mnk(i))`.
    pub fn tile_size(&self, i: usize) -> Result<i64, LayoutError> {
        tiler_size(&self.permutation_mnk(i)?)
    }

    /// The extents of the operand's tile: `(tile_size(M), tile_size(K))` for
    /// A, and so on.
    pub fn tile_shape(&self, op: MmaOperand) -> Result<IntTuple, LayoutError> {
        let (i, j) = op.modes();
        Ok(IntTuple::flat([self.tile_size(i)?, self.tile_size(j)?]))
    }

    fn mode_error(&self, i: usize) -> LayoutError {
        LayoutError::RankMismatch {
            operation: "tiled_mma",
            layout: self.atom_layout.to_string(),
            requested: i + 1,
            available: 3,
        }
    }

    /// The atom's `(thread, value) → tile index` layout of `op`.
    pub fn atom_layout_tv(&self, op: MmaOperand) -> &Layout {
        match op {
            MmaOperand::A => self.atom.a_layout(),
            MmaOperand::B => self.atom.b_layout(),
            MmaOperand::C => self.atom.c_layout(),
        }
    }

    /// CuTe's `thrfrg_A/B/C`: tile a layout of shape `(M,K,…)` (A),
    /// `(N,K,…)` (B) or `(M,N,…)` (C) to
    /// `((ThrV,(Thr0,Thr1)),(FrgV,(Rest0,Rest1,…)))`.
    pub fn thrfrg(&self, op: MmaOperand, layout: &Layout) -> Result<Layout, LayoutError> {
        if layout.rank() < 2 {
            return Err(LayoutError::RankMismatch {
                operation: "tiled_mma partition",
                layout: layout.to_string(),
                requested: 2,
                available: layout.rank(),
            });
        }
        let (i, j) = op.modes();
        let t_tile = Tiler::Modes(vec![self.permutation_mnk(i)?, self.permutation_mnk(j)?]);
        let permuted = logical_divide(layout, &t_tile)?;
        let mnk = self.atom.shape_mnk();
        let atom_tile = Tiler::Modes(vec![Tiler::Int(mnk[i]), Tiler::Int(mnk[j])]);
        let atoms = zipped_divide(&permuted, &atom_tile)?;
        let tv = composition(
            &atoms,
            &Tiler::Modes(vec![
                Tiler::Layout(self.atom_layout_tv(op).clone()),
                Tiler::Hole,
            ]),
        )?;
        let thr_tile = Tiler::Modes(vec![
            Tiler::Hole,
            Tiler::Modes(vec![
                Tiler::Int(self.thr_size(i + 1)),
                Tiler::Int(self.thr_size(j + 1)),
            ]),
        ]);
        zipped_divide(&tv, &thr_tile)
    }

    /// CuTe's `get_layoutA_TV()`: `(thread, value) → (m,k)` index of the
    /// compact column-major `tile_size(M)×tile_size(K)` tile.
    pub fn layout_a_tv(&self) -> Result<Layout, LayoutError> {
        self.layout_tv(MmaOperand::A)
    }

    /// CuTe's `get_layoutB_TV()`: `(thread, value) → (n,k)` index.
    pub fn layout_b_tv(&self) -> Result<Layout, LayoutError> {
        self.layout_tv(MmaOperand::B)
    }

    /// CuTe's `get_layoutC_TV()`: `(thread, value) → (m,n)` index (the K
    /// thread coordinate dropped, see the module documentation).
    pub fn layout_c_tv(&self) -> Result<Layout, LayoutError> {
        self.layout_tv(MmaOperand::C)
    }

    /// `layoutX_TV` of one operand.
    pub fn layout_tv(&self, op: MmaOperand) -> Result<Layout, LayoutError> {
        let reference = Layout::column_major(&self.tile_shape(op)?)?;
        let thrfrg = self.thrfrg(op, &reference)?;
        let (m, n, k) = (self.thr_size(1), self.thr_size(2), self.thr_size(3));
        // (ThrV,(Thr0,Thr1)) → (ThrV,(ThrM,ThrN,ThrK)): the thread
        // coordinate of the mode the operand does not span is ignored.
        let spread = match op {
            MmaOperand::A => Some(Tiler::Modes(vec![
                Tiler::Hole,
                Tiler::Modes(vec![
                    Tiler::Layout(Layout::flat([(m, 1), (n, 0)])),
                    Tiler::Hole,
                ]),
            ])),
            MmaOperand::B => Some(Tiler::Modes(vec![
                Tiler::Hole,
                Tiler::Modes(vec![
                    Tiler::Layout(Layout::flat([(m, 0), (n, 1)])),
                    Tiler::Hole,
                ]),
            ])),
            MmaOperand::C if k > 1 => Some(Tiler::Modes(vec![
                Tiler::Hole,
                Tiler::Layout(Layout::flat([(m, 1), (n, m), (k, 0)])),
            ])),
            MmaOperand::C => None,
        };
        let spread = match spread {
            Some(s) => composition(&thrfrg, &Tiler::Modes(vec![s, Tiler::Hole]))?,
            None => thrfrg,
        };
        let thridx_to_thrid = right_inverse(&self.thr_layout_vmnk)?;
        composition(
            &spread,
            &Tiler::Modes(vec![Tiler::Layout(thridx_to_thrid), Tiler::Hole]),
        )
    }

    /// CuTe's `get_slice(t)` / `get_thread_slice(t)`: the partitioner of
    /// thread `t`, `0 ≤ t < cosize(thr_layout_vmnk)` (a lane index).
    pub fn thr_slice(&self, t: i64) -> Result<ThrMma, LayoutError> {
        let cosize = self.thr_layout_vmnk.cosize()?;
        if t < 0 || t >= cosize.max(1) {
            return Err(LayoutError::OutOfBounds {
                layout: self.thr_layout_vmnk.to_string(),
                coordinate: format!("thread {t}"),
            });
        }
        let coord = flat_coord(&self.thr_layout_vmnk, t)?;
        let mut vmnk = [0i64; 4];
        if let Coord::Tuple(cs) = &coord {
            for (slot, c) in vmnk.iter_mut().zip(cs) {
                if let Coord::Int(x) = c {
                    *slot = *x;
                }
            }
        }
        Ok(ThrMma {
            mma: self.clone(),
            thr: t,
            vmnk,
        })
    }

    /// CuTe's `partition_shape_A/B/C(mma, shape)`:
    /// `(V, shape_div(shape[0], atom·thr), shape_div(shape[1], atom·thr), rest…)`
    /// with `V` the value mode of the atom's layout.
    pub fn partition_shape(
        &self,
        op: MmaOperand,
        shape: &IntTuple,
    ) -> Result<IntTuple, LayoutError> {
        if shape.rank() < 2 || shape.is_int() {
            return Err(LayoutError::RankMismatch {
                operation: "partition_shape",
                layout: shape.to_string(),
                requested: 2,
                available: if shape.is_int() { 1 } else { shape.rank() },
            });
        }
        let (i, j) = op.modes();
        let mnk = self.atom.shape_mnk();
        let v = self
            .atom_layout_tv(op)
            .mode(1)
            .map(|m| m.shape().clone())
            .unwrap_or_else(|| IntTuple::int(1));
        let mut parts = vec![v];
        for (pos, mode) in [(0usize, i), (1usize, j)] {
            let extent = shape
                .get(pos)
                .map(|s| s.to_owned())
                .unwrap_or_else(|| IntTuple::int(1));
            let per = mnk[mode]
                .checked_mul(self.thr_size(mode + 1))
                .ok_or_else(|| LayoutError::overflow("partition_shape", &self.thr_layout_vmnk))?;
            let size = extent
                .size()
                .ok_or_else(|| LayoutError::overflow("partition_shape", &extent))?;
            parts.push(shape_div(&IntTuple::int(size), &IntTuple::int(per))?);
        }
        for pos in 2..shape.rank() {
            if let Some(s) = shape.get(pos) {
                parts.push(s.to_owned());
            }
        }
        Ok(IntTuple::tuple(parts.iter().map(|p| p.as_ref())))
    }
}

impl fmt::Display for TiledMma {
    /// `TiledMMA(atom, ThrLayoutVMNK, PermutationMNK)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "TiledMMA({}, {}, {})",
            self.atom,
            self.thr_layout_vmnk,
            self.permutation()
        )
    }
}

/// One thread's view of a [`TiledMma`] (CuTe's `ThrMMA`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ThrMma {
    mma: TiledMma,
    thr: i64,
    vmnk: [i64; 4],
}

impl ThrMma {
    /// The thread index.
    pub fn thread(&self) -> i64 {
        self.thr
    }

    /// The thread's coordinate `(v, m, n, k)` in `thr_layout_vmnk`.
    pub fn thr_vmnk(&self) -> [i64; 4] {
        self.vmnk
    }

    /// The tiled MMA.
    pub fn tiled_mma(&self) -> &TiledMma {
        &self.mma
    }

    /// The slice coordinate of this thread in `thrfrg_X`:
    /// `((v,(m,k)),(_,(_,…)))` for A, and so on.
    fn slice_coord(&self, op: MmaOperand, thrfrg_shape: &IntTuple) -> Result<Coord, LayoutError> {
        let (i, j) = op.modes();
        let [v, ..] = self.vmnk;
        let thread = Coord::Tuple(vec![
            Coord::Int(v),
            Coord::Tuple(vec![
                Coord::Int(self.vmnk[i + 1]),
                Coord::Int(self.vmnk[j + 1]),
            ]),
        ]);
        let rest_rank = thrfrg_shape
            .get(1)
            .and_then(|m| m.get(1))
            .map(|r| if r.is_int() { 1 } else { r.rank() })
            .unwrap_or(1);
        Ok(Coord::Tuple(vec![
            thread,
            Coord::Tuple(vec![Coord::Hole, holes(rest_rank)]),
        ]))
    }

    /// CuTe's `partition_X`: this thread's values of a tensor of shape
    /// `(M,K,…)` (A), `(N,K,…)` (B) or `(M,N,…)` (C), as a tensor of
    /// shape `(FrgV,Rest0,Rest1,…)` over the same accessor. Any tensor:
    /// over a slice, a `Vec`, counting, or an identity tensor.
    pub fn partition<A: TensorArg>(
        &self,
        op: MmaOperand,
        tensor: A,
    ) -> Result<Tensor<A::Engine, A::Layout>, LayoutError> {
        let t = tensor.into_tensor();
        let tiled = t.relayout(&|l| self.mma.thrfrg(op, l))?;
        let coord = self.slice_coord(op, tiled.layout().shape())?;
        tiled.slice(&coord)
    }

    /// CuTe's `partition_A`.
    pub fn partition_a<A: TensorArg>(
        &self,
        tensor: A,
    ) -> Result<Tensor<A::Engine, A::Layout>, LayoutError> {
        self.partition(MmaOperand::A, tensor)
    }

    /// CuTe's `partition_B`.
    pub fn partition_b<A: TensorArg>(
        &self,
        tensor: A,
    ) -> Result<Tensor<A::Engine, A::Layout>, LayoutError> {
        self.partition(MmaOperand::B, tensor)
    }

    /// CuTe's `partition_C`.
    pub fn partition_c<A: TensorArg>(
        &self,
        tensor: A,
    ) -> Result<Tensor<A::Engine, A::Layout>, LayoutError> {
        self.partition(MmaOperand::C, tensor)
    }

    /// The layout of CuTe's `partition_fragment_X(tensor)` for a tensor
    /// whose layout is `layout`: for C `make_tensor(shape(partition_C))`
    /// (compact column-major), for A and B `make_fragment_like` of the
    /// partition (mode 0 compact, the rest in the order of its strides).
    pub fn fragment_layout(&self, op: MmaOperand, layout: &Layout) -> Result<Layout, LayoutError> {
        let tiled = self.mma.thrfrg(op, layout)?;
        let coord = self.slice_coord(op, tiled.shape())?;
        let (part, _) = tiled.slice(&coord)?;
        match op {
            MmaOperand::C => Layout::column_major(part.shape()),
            _ => fragment_layout_like(&part),
        }
    }

    /// CuTe's `partition_fragment_X(tensor)`: an owned register fragment
    /// (default values) shaped like this thread's partition.
    pub fn partition_fragment<E>(
        &self,
        op: MmaOperand,
        tensor: &Tensor<E>,
    ) -> Result<Tensor<Vec<E::Value>>, LayoutError>
    where
        E: Engine<i64>,
        E::Value: Clone + Default,
    {
        Tensor::fragment(self.fragment_layout(op, tensor.layout())?)
    }

    /// CuTe's `partition_fragment_A`.
    pub fn partition_fragment_a<E>(
        &self,
        tensor: &Tensor<E>,
    ) -> Result<Tensor<Vec<E::Value>>, LayoutError>
    where
        E: Engine<i64>,
        E::Value: Clone + Default,
    {
        self.partition_fragment(MmaOperand::A, tensor)
    }

    /// CuTe's `partition_fragment_B`.
    pub fn partition_fragment_b<E>(
        &self,
        tensor: &Tensor<E>,
    ) -> Result<Tensor<Vec<E::Value>>, LayoutError>
    where
        E: Engine<i64>,
        E::Value: Clone + Default,
    {
        self.partition_fragment(MmaOperand::B, tensor)
    }

    /// CuTe's `partition_fragment_C`.
    pub fn partition_fragment_c<E>(
        &self,
        tensor: &Tensor<E>,
    ) -> Result<Tensor<Vec<E::Value>>, LayoutError>
    where
        E: Engine<i64>,
        E::Value: Clone + Default,
    {
        self.partition_fragment(MmaOperand::C, tensor)
    }
}
