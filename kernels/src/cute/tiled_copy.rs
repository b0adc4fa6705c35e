//! CuTe's `tiled_copy.cu` (CUTLASS 4.2.0) line for line: [`copy_kernel`]
//! (each thread copies its `local_partition` through a register
//! fragment, one element per access) and [`copy_kernel_vectorized`] (a
//! tiled copy of `UniversalCopy<uint128_t>` atoms: one 128-bit load and one
//! 128-bit store per four elements). The tensors are the tutorial's
//! `tiled_divide(tensor, block_shape)`, `((M, N), m', n')`, made on the
//! host and passed by value.

use cute_static::algorithm::CopyCompatible;
use cute_static::arch::{
    CopyPartitionable, DeviceCopyPartition, GmemTensor, ThreadSlice, block_idx, thread_idx,
};
use cute_static::atom::{CopyDst, CopySrc, MakeTiledCopy, ThrCopy, UniversalCopy};
use cute_static::device::{
    DevicePartition, PartOf, TiledCopyOp, copy, copy_with, local_partition, make_fragment_like,
    make_tensor_like,
};
use cute_static::layout::{MixedLayout, SliceLayout};
use cute_static::tensor::{__, MakeFragment, TensorDivide, Underscore};
use cute_static::{C, Dyn, Layout, Tiler};

/// The slice `S(make_coord(_,_), blockIdx.x, blockIdx.y)`.
type BlockSlice = ((Underscore, Underscore), usize, usize);
/// A block's tile of a tensor of layout `L`.
type TileOf<L> = <L as SliceLayout<BlockSlice>>::Output;
/// The compact layout of a register fragment like a tensor of layout `L`.
type Compact<L> = <L as MakeFragment>::Compact;

/// `copy_kernel` of `tiled_copy.cu`: block `(x, y)` copies tile `(x, y)`
/// of `S` to `D`, each thread its `local_partition` by `ThreadLayout`
/// through registers.
///
/// Bounds (8): `Thr: Copy`, and one per operation: the two block slices,
/// the two `local_partition`s, `make_tensor_like`, and the two `copy`s
/// (source → fragment, fragment → destination; sizes checked at compile
/// time).
#[inline(always)]
#[allow(non_snake_case)]
pub fn copy_kernel<LS, LD, Thr>(S: GmemTensor<f32, LS>, D: GmemTensor<f32, LD>, thr_layout: Thr)
where
    Thr: Copy,
    LS: SliceLayout<BlockSlice>,
    LD: SliceLayout<BlockSlice>,
    TileOf<LS>: DevicePartition<Thr, ()>,
    TileOf<LD>: DevicePartition<Thr, ()>,
    PartOf<TileOf<LS>, Thr, ()>: MakeFragment,
    PartOf<TileOf<LS>, Thr, ()>: CopyCompatible<Compact<PartOf<TileOf<LS>, Thr, ()>>>,
    Compact<PartOf<TileOf<LS>, Thr, ()>>: CopyCompatible<PartOf<TileOf<LD>, Thr, ()>>,
{
    // Slice the tiled tensors
    let tile_S = S.slice(((__, __), block_idx().x, block_idx().y)); // (BlockShape_M, BlockShape_N)
    let tile_D = D.slice(((__, __), block_idx().x, block_idx().y)); // (BlockShape_M, BlockShape_N)

    // Construct a partitioning of the tile among threads with the given thread arrangement.
    let thr_tile_S = local_partition(tile_S, thr_layout, thread_idx().x, ()); // (ThrValM, ThrValN)
    let mut thr_tile_D = local_partition(tile_D, thr_layout, thread_idx().x, ()); // (ThrValM, ThrValN)

    // Construct a register-backed Tensor with the same shape as each thread's partition
    let mut fragment = make_tensor_like(&thr_tile_S); // (ThrValM, ThrValN)

    // Copy from GMEM to RMEM and from RMEM to GMEM
    copy(&thr_tile_S, &mut fragment);
    copy(&fragment, &mut thr_tile_D);
}

/// `copy_kernel_vectorized` of `tiled_copy.cu`: as [`copy_kernel`], each
/// thread's values partitioned by the tiled copy and moved by its atom.
///
/// Bounds (9): two on the tiled copy (its thread slice, its atom's
/// access width), and one per operation: the two block slices,
/// `partition_S`, `partition_D`, `make_fragment_like`, the two `copy`s.
#[inline(always)]
#[allow(non_snake_case)]
pub fn copy_kernel_vectorized<LS, LD, Tc>(
    S: GmemTensor<f32, LS>,
    D: GmemTensor<f32, LD>,
    tiled_copy: Tc,
) where
    Tc: ThreadSlice<Slice = ThrCopy<Tc>> + TiledCopyOp,
    LS: SliceLayout<BlockSlice>,
    LD: SliceLayout<BlockSlice>,
    TileOf<LS>: CopyPartitionable<Tc, CopySrc>,
    TileOf<LD>: CopyPartitionable<Tc, CopyDst>,
    <TileOf<LD> as CopyPartitionable<Tc, CopyDst>>::Output: MakeFragment,
    <TileOf<LS> as CopyPartitionable<Tc, CopySrc>>::Output:
        CopyCompatible<Compact<<TileOf<LD> as CopyPartitionable<Tc, CopyDst>>::Output>>,
    Compact<<TileOf<LD> as CopyPartitionable<Tc, CopyDst>>::Output>:
        CopyCompatible<<TileOf<LD> as CopyPartitionable<Tc, CopyDst>>::Output>,
{
    // Slice the tensors to obtain a view into each tile.
    let tile_S = S.slice(((__, __), block_idx().x, block_idx().y)); // (BlockShape_M, BlockShape_N)
    let tile_D = D.slice(((__, __), block_idx().x, block_idx().y)); // (BlockShape_M, BlockShape_N)

    // Construct a Tensor corresponding to each thread's slice.
    let thr_copy = tiled_copy.thread_slice(thread_idx().x);

    let thr_tile_S = thr_copy.partition_S(tile_S); // (CopyOp, CopyM, CopyN)
    let mut thr_tile_D = thr_copy.partition_D(tile_D); // (CopyOp, CopyM, CopyN)

    // Construct a register-backed Tensor with the same shape as each thread's partition
    // Use make_fragment_like because the first mode is the instruction-local mode
    let mut fragment = make_fragment_like(&thr_tile_D); // (CopyOp, CopyM, CopyN)

    // Copy from GMEM to RMEM and from RMEM to GMEM
    copy_with(&tiled_copy, &thr_tile_S, &mut fragment);
    copy_with(&tiled_copy, &fragment, &mut thr_tile_D);
}

/// The tutorial's tensor: `(M, N)` column-major, run-time extents
/// (`make_layout(make_shape(256, 512))`).
pub type TensorLayout = MixedLayout<(Dyn, Dyn), (C<1>, Dyn)>;
/// `block_shape = (_128, _64)`.
pub type BlockShape = Tiler![<128, 64>];
/// `tiled_divide(tensor, block_shape)`: `((_128,_64), m', n')`.
pub type TiledTensor = <TensorLayout as TensorDivide<BlockShape>>::Tiled;
/// `thr_layout = (_32,_8)`.
pub type ThrLayout = Layout![(32, 8)];
/// `val_layout = (_4,_1)`.
pub type ValLayout = Layout![(4, 1)];
/// `make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, float>, thr_layout, val_layout)`.
pub type TiledCopyVec = MakeTiledCopy<UniversalCopy<u128>, 32, ThrLayout, ValLayout>;
