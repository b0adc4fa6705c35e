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
//!   thread mode composed with CuTe's `thridx_2_thrid`, `(size(vmnk),1):(1,0)
//!   ∘ right_inverse((vmnk, complement(vmnk)))` (every lane below the
//!   cosize: 32 for one SM70 quadpair atom) (for A and
//!   B through CuTe's `atile`/`btile`, which ignore the thread coordinate
//!   of the mode the operand does not span).
//!
//! **The contract** (`cute_tools::laws::check_tiled_mma`): for every thread `t` and
//! value `v`, `layoutX_TV(t, v)` is the offset, in the compact
//! column-major tile, of value `v` of `partition_X` of thread `t`, and
//! `partition_fragment_X` has the partition's shape.
//!
//! **Where this differs from CUTLASS.** CUTLASS's `get_layoutC_TV()`
//! composes with its `thridx_2_thrid` without dropping the K
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

use super::gmma::smem_major;
use super::gmma_desc::{
    DescriptorIterator, GmmaMajor, SmemLayout, make_gmma_desc, per_u128, to_u128,
};
use super::mma::MmaAtom;
use crate::algebra::composition::composition;
use crate::algebra::divide::{logical_divide, zipped_divide, zipped_divide_by_guide};
use crate::algebra::inverse::right_inverse;
use crate::algebra::product::tiled_product;
use crate::data::coordinate::Coord;
use crate::data::int_tuple::IntTuple;
use crate::data::int_tuple_ops::shape_div;
use crate::data::layout::Layout;
use crate::data::swizzle::SwizzledLayout;
use crate::data::tiler::Tiler;
use crate::error::LayoutError;
use crate::kernel::partition::{TensorArg, fragment_layout_like};
use crate::kernel::tensor::{Engine, Tensor, TensorLayout, flat_coord, holes};
#[allow(unused_imports)]
use crate::prelude::*;

/// One operand of an MMA, `D = A · B + C`.
///
/// (The variants are not named `A`, `B`, `C`: a public item named `C`
/// anywhere in the dependency graph makes rustc print cute-static's `C<N>`
/// as `cute_static::C<N>` in every diagnostic.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MmaOperand {
    /// `A`, an `M×K` tile.
    OperandA,
    /// `B`, an `N×K` tile.
    OperandB,
    /// `C` (and `D`), an `M×N` tile.
    OperandC,
}

impl MmaOperand {
    /// The two of `M`, `N`, `K` (0, 1, 2) that the operand's tile spans.
    pub const fn modes(self) -> (usize, usize) {
        match self {
            MmaOperand::OperandA => (0, 2),
            MmaOperand::OperandB => (1, 2),
            MmaOperand::OperandC => (0, 1),
        }
    }
}

impl fmt::Display for MmaOperand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MmaOperand::OperandA => "A",
            MmaOperand::OperandB => "B",
            MmaOperand::OperandC => "C",
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
pub fn tiled_mma_from_text(
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
                .ok_or_else(|| LayoutError::overflow("tile size", Layout::int(acc, 1)))
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

    /// The major of operand `op` when the atom reads it from shared memory
    /// through a GMMA descriptor (A of the SM90 `SS` atoms, B of `SS` and
    /// `RS`); `None` for registers (every other operand and atom).
    ///
    /// ```
    /// use cute_dynamic::{make_tiled_mma, mma_atom, GmmaMajor, MmaOperand};
    /// let rs = mma_atom("SM90_64x64x16_F16F16F16_RS<GMMA::Major::K,GMMA::Major::MN>")?;
    /// let mma = make_tiled_mma(&rs, None, None)?;
    /// assert_eq!(mma.descriptor_major(MmaOperand::OperandA), None);
    /// assert_eq!(mma.descriptor_major(MmaOperand::OperandB), Some(GmmaMajor::MN));
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn descriptor_major(&self, op: MmaOperand) -> Option<GmmaMajor> {
        smem_major(self.atom.name(), op)
    }

    /// The atom's `(thread, value) → tile index` layout of `op`.
    pub fn atom_layout_tv(&self, op: MmaOperand) -> &Layout {
        match op {
            MmaOperand::OperandA => self.atom.a_layout(),
            MmaOperand::OperandB => self.atom.b_layout(),
            MmaOperand::OperandC => self.atom.c_layout(),
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
        // CuTe's `zip2_by` split of the kept `(ThrV, FrgV)` mode.
        zipped_divide_by_guide(&tv, &thr_tile)
    }

    /// CuTe's `get_layoutA_TV()`: `(thread, value) → (m,k)` index of the
    /// compact column-major `tile_size(M)×tile_size(K)` tile.
    pub fn layout_a_tv(&self) -> Result<Layout, LayoutError> {
        self.layout_tv(MmaOperand::OperandA)
    }

    /// CuTe's `get_layoutB_TV()`: `(thread, value) → (n,k)` index.
    pub fn layout_b_tv(&self) -> Result<Layout, LayoutError> {
        self.layout_tv(MmaOperand::OperandB)
    }

    /// CuTe's `get_layoutC_TV()`: `(thread, value) → (m,n)` index (the K
    /// thread coordinate dropped, see the module documentation).
    pub fn layout_c_tv(&self) -> Result<Layout, LayoutError> {
        self.layout_tv(MmaOperand::OperandC)
    }

    /// `layoutX_TV` of one operand.
    pub fn layout_tv(&self, op: MmaOperand) -> Result<Layout, LayoutError> {
        let reference = Layout::column_major(&self.tile_shape(op)?)?;
        let thrfrg = self.thrfrg(op, &reference)?;
        let (m, n, k) = (self.thr_size(1), self.thr_size(2), self.thr_size(3));
        // (ThrV,(Thr0,Thr1)) → (ThrV,(ThrM,ThrN,ThrK)): the thread
        // coordinate of the mode the operand does not span is ignored.
        let spread = match op {
            MmaOperand::OperandA => Some(Tiler::Modes(vec![
                Tiler::Hole,
                Tiler::Modes(vec![
                    Tiler::Layout(Layout::flat([(m, 1), (n, 0)])),
                    Tiler::Hole,
                ]),
            ])),
            MmaOperand::OperandB => Some(Tiler::Modes(vec![
                Tiler::Hole,
                Tiler::Modes(vec![
                    Tiler::Layout(Layout::flat([(m, 0), (n, 1)])),
                    Tiler::Hole,
                ]),
            ])),
            MmaOperand::OperandC if k > 1 => Some(Tiler::Modes(vec![
                Tiler::Hole,
                Tiler::Layout(Layout::flat([(m, 1), (n, m), (k, 0)])),
            ])),
            MmaOperand::OperandC => None,
        };
        let spread = match spread {
            Some(s) => composition(&thrfrg, &Tiler::Modes(vec![s, Tiler::Hole]))?,
            None => thrfrg,
        };
        // CuTe's thridx_2_thrid: `(size, 1):(1, 0) ∘ right_inverse((vmnk,
        // complement(vmnk)))`, a map of every lane below the cosize (lanes
        // outside the thread layout, such as lanes 4-15 of an SM70
        // quadpair, read as the thread whose index they reduce to).
        let vmnk = &self.thr_layout_vmnk;
        let filled = Layout::concat([vmnk, &crate::algebra::complement::complement_default(vmnk)?]);
        let thridx_to_thrid = composition(
            &Layout::flat([(vmnk.size(), 1), (1, 0)]),
            &right_inverse(&filled)?,
        )?;
        composition(
            &spread,
            &Tiler::Modes(vec![Tiler::Layout(thridx_to_thrid), Tiler::Hole]),
        )
    }

    /// CuTe's `get_slice(t)` / `get_thread_slice(t)`: the partitioner of
    /// thread `t`, `0 ≤ t < size(vmnk)·size(complement(vmnk))` (a lane of
    /// the thread layout's compact cover, the thread mode of `layoutX_TV`:
    /// lanes 0-31 of one SM70 quadpair atom).
    pub fn thr_slice(&self, t: i64) -> Result<ThrMma, LayoutError> {
        let vmnk = &self.thr_layout_vmnk;
        let cover = crate::algebra::complement::complement_default(vmnk)?
            .size()
            .checked_mul(vmnk.size())
            .ok_or_else(|| LayoutError::overflow("thr_slice", vmnk))?;
        if t < 0 || t >= cover.max(1) {
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

/// What CuTe's `partition_fragment_A/B` make for an operand: a register
/// fragment, or for an operand a GMMA atom reads from shared memory a
/// tensor of descriptors ([`ThrMma::partition_fragment_smem`]).
#[derive(Clone, Debug)]
pub enum MmaFragment {
    /// A register fragment: its layout ([`ThrMma::fragment_layout`]).
    Registers(Layout),
    /// A descriptor fragment ([`ThrMma::partition_fragment_desc`]).
    Descriptors(Tensor<DescriptorIterator>),
}

/// One thread's view of a [`TiledMma`] (CuTe's `ThrMMA`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ThrMma {
    mma: TiledMma,
    thr: i64,
    vmnk: [i64; 4],
}

/// `ThrMma::partition_fragment` of one operand, a method each.
macro_rules! partition_fragment_of {
    ($($(#[$doc:meta])* $name:ident => $op:ident;)+) => {$(
        $(#[$doc])*
        pub fn $name<E>(&self, tensor: &Tensor<E>) -> Result<Tensor<Vec<E::Value>>, LayoutError>
        where
            E: Engine<i64>,
            E::Value: Clone + Default,
        {
            self.partition_fragment(MmaOperand::$op, tensor)
        }
    )+};
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
        self.partition(MmaOperand::OperandA, tensor)
    }

    /// CuTe's `partition_B`.
    pub fn partition_b<A: TensorArg>(
        &self,
        tensor: A,
    ) -> Result<Tensor<A::Engine, A::Layout>, LayoutError> {
        self.partition(MmaOperand::OperandB, tensor)
    }

    /// CuTe's `partition_C`.
    pub fn partition_c<A: TensorArg>(
        &self,
        tensor: A,
    ) -> Result<Tensor<A::Engine, A::Layout>, LayoutError> {
        self.partition(MmaOperand::OperandC, tensor)
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
            MmaOperand::OperandC => Layout::column_major(part.shape()),
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

    partition_fragment_of! {
        /// CuTe's `partition_fragment_A`.
        partition_fragment_a => OperandA;
        /// CuTe's `partition_fragment_B`.
        partition_fragment_b => OperandB;
        /// CuTe's `partition_fragment_C`.
        partition_fragment_c => OperandC;
    }
}

impl ThrMma {
    /// CuTe's `partition_fragment_A/B(smem)` for an operand the atom reads
    /// from shared memory through GMMA descriptors
    /// ([`TiledMma::descriptor_major`]): `make_tensor<smem_desc>` of the
    /// partition, a tensor of [`GmmaDescriptor`](crate::GmmaDescriptor)s
    /// over [`DescriptorIterator`].
    ///
    /// `smem` is the operand's shared-memory layout (`(M,K)` for A, `(N,K)`
    /// for B, in elements of the atom's A or B type, optionally swizzled)
    /// and `smem_address` the byte address of its element 0. With `P` this
    /// thread's partition, `Sw ∘ O ∘ P` (`O` the partition's offset):
    ///
    /// * the base descriptor is `make_gmma_desc(major, Sw ∘ O ∘ P<0>)`, the
    ///   descriptor of the atom's `M×K` (`N×K`) tile at the thread's first
    ///   instruction;
    /// * the layout is `P` recast to 128-bit units with mode 0 replaced by
    ///   `1:0`, shape `(1,MMA_M,MMA_K)`: element `(0,m,k)` is the base
    ///   descriptor advanced by `P(0,m,k)` in 128-bit units, the descriptor
    ///   of instruction `(m,k)`'s tile.
    ///
    /// Errors: `invalid_argument` when the atom does not read `op` through a
    /// descriptor, or a rest mode of `P` is not in whole 128-bit units; the
    /// errors of [`make_gmma_desc`] and of the partition.
    ///
    /// ```
    /// use cute_dynamic::{make_gmma_desc, make_tiled_mma, mma_atom, GmmaMajor, SwizzledLayout};
    /// let atom = mma_atom("SM90_64x64x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>")?;
    /// let thr = make_tiled_mma(&atom, None, None)?.thr_slice(5)?;
    /// // 64x64 K-major half tile, 128-byte swizzle atoms (8 rows of 64).
    /// let s_a: SwizzledLayout = "Sw<3,3,3> o 0 o ((8,8),64):((64,512),1)".parse()?;
    /// let frag = thr.partition_fragment_desc(cute_dynamic::MmaOperand::OperandA, &s_a, 0)?;
    /// assert_eq!(frag.layout().to_string(), "(1,1,4):(0,0,2)");
    /// // k-block 2: 32 elements along K, 64 bytes past the start.
    /// let tile: SwizzledLayout = "Sw<3,3,3> o 32 o ((8,8),16):((64,512),1)".parse()?;
    /// assert_eq!(frag.get(&"(0,0,2)".parse()?)?, make_gmma_desc(GmmaMajor::K, &tile, 16, 0)?);
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn partition_fragment_desc<L: SmemLayout + ?Sized>(
        &self,
        op: MmaOperand,
        smem: &L,
        smem_address: u32,
    ) -> Result<Tensor<DescriptorIterator>, LayoutError> {
        let atom = &self.mma.atom;
        let major = self
            .mma
            .descriptor_major(op)
            .ok_or_else(|| LayoutError::InvalidArgument {
                operation: "partition_fragment_desc",
                argument: "operand",
                value: op.to_string(),
                reason: format!(
                    "{} reads {op} from registers, not through a GMMA shared-memory descriptor",
                    atom.name()
                ),
            })?;
        let types = atom.value_types();
        let bits = match op {
            MmaOperand::OperandA => types.a.bits(),
            _ => types.b.bits(),
        };
        let n = per_u128(bits)?;
        let (sw, offset, layout) = smem.smem_parts();
        let tiled = self.mma.thrfrg(op, layout)?;
        let coord = self.slice_coord(op, tiled.shape())?;
        let (part, off) = tiled.slice(&coord)?;
        let start = offset
            .checked_add(off)
            .ok_or_else(|| LayoutError::overflow("partition_fragment_desc", &part))?;
        let atom_tile = part.mode(0).ok_or_else(|| LayoutError::RankMismatch {
            operation: "partition_fragment_desc",
            layout: part.to_string(),
            requested: 1,
            available: 0,
        })?;
        let desc = make_gmma_desc(
            major,
            &SwizzledLayout::new(sw, start, atom_tile),
            bits,
            smem_address,
        )?;
        let one = Layout::int(1, 0);
        let mut modes = vec![one];
        for i in 1..part.rank() {
            let Some(m) = part.mode(i) else { continue };
            let u = to_u128(&m, n).map_err(|why| LayoutError::InvalidArgument {
                operation: "partition_fragment_desc",
                argument: "smem",
                value: part.to_string(),
                reason: why
                    .unwrap_or_else(|| format!("mode {i} cannot be recast to 128-bit units")),
            })?;
            modes.push(u);
        }
        Tensor::new(DescriptorIterator(desc), Layout::concat(modes.iter()))
    }

    /// CuTe's `partition_fragment_A/B/C` of a shared-memory operand, as
    /// CuTe dispatches it: the descriptor fragment
    /// ([`ThrMma::partition_fragment_desc`]) when the atom reads `op` from
    /// shared memory through GMMA descriptors, else the register fragment's
    /// layout ([`ThrMma::fragment_layout`] of the inner layout).
    ///
    /// ```
    /// use cute_dynamic::{make_tiled_mma, mma_atom, Layout, MmaFragment, MmaOperand};
    /// let atom = mma_atom("SM90_64x64x16_F16F16F16_RS<GMMA::Major::K,GMMA::Major::K>")?;
    /// let thr = make_tiled_mma(&atom, None, None)?.thr_slice(0)?;
    /// let s: Layout = "((8,8),(8,2)):((8,64),(1,512))".parse()?;
    /// assert!(matches!(thr.partition_fragment_smem(MmaOperand::OperandA, &s, 0)?, MmaFragment::Registers(_)));
    /// assert!(matches!(thr.partition_fragment_smem(MmaOperand::OperandB, &s, 0)?, MmaFragment::Descriptors(_)));
    /// # Ok::<(), cute_dynamic::LayoutError>(())
    /// ```
    pub fn partition_fragment_smem<L: SmemLayout + ?Sized>(
        &self,
        op: MmaOperand,
        smem: &L,
        smem_address: u32,
    ) -> Result<MmaFragment, LayoutError> {
        if self.mma.descriptor_major(op).is_some() {
            return Ok(MmaFragment::Descriptors(self.partition_fragment_desc(
                op,
                smem,
                smem_address,
            )?));
        }
        let (_, _, layout) = smem.smem_parts();
        Ok(MmaFragment::Registers(self.fragment_layout(op, layout)?))
    }
}
