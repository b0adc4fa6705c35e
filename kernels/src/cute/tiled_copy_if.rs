//! CuTe's `tiled_copy_if.cu` (CUTLASS 4.2.0) line for line: a copy of a
//! tensor whose shape the block tile does not divide (`528 × 300` by
//! `(_128, _64)`), predicated by an identity tensor: [`copy_if_kernel`]
//! (each thread's `local_partition`, one element per access) and
//! [`copy_if_kernel_vectorized`] (a tiled copy of `UniversalCopy<uint128_t>`
//! atoms, one predicate per 128-bit access). The tensors are passed whole
//! and tiled in the kernel; `S.partial_over(&C)` marks them as admitting
//! partial tiles, over the coordinates of the identity tensor `C` the
//! predicate is made from: their views are views of those coordinates,
//! and an access is made only at a coordinate inside the tensor's own
//! shape, at the offset the layout gives it, so a predicate can never
//! make one reach past the tensor. The predicate compares the same
//! coordinates with the same shape as `S`'s check: the compiler computes
//! the two once.

use cute_static::algorithm::{CopyCompatible, Rank2};
use cute_static::arch::{
    CopyPartitionable, DeviceCopyPartition, GmemTensor, ThreadSlice, block_idx, thread_idx,
};
use cute_static::atom::{CopyDst, CopySrc, ThrCopy};
use cute_static::device::{
    DevicePartition, DeviceTile, PartOf, TileOf, TiledCopyOp, copy_if, copy_if_with,
    lazy_transform, local_partition, local_tile, make_fragment_like, make_identity_tensor, shape2,
};
use cute_static::tensor::{Coordinates, IdentityShape, MakeFragment, elem_less};

/// The block tile coordinate `(m', n')`.
type BlockCoord = (usize, usize);
/// A block's tile of a layout `L` by the block shape `B`.
type Tile<L, B> = TileOf<L, B, BlockCoord, ()>;

/// `copy_if_kernel` of `tiled_copy_if.cu`: block `(x, y)` copies its tile
/// `(x, y)` of `S` to `D` where the identity tensor's coordinate is inside
/// the shape, each thread its `local_partition` by `ThreadLayout`.
///
/// Bounds (8): the shapes of `S` and `D` (rank 2), `Thr: Copy`, the
/// block shape `Copy`, the identity tensor's shape type `Sh` (`(usize,
/// usize)`), and one per operation on the coordinate layout that `S`, `D`
/// and the predicate share (`Sh::Layout`, the identity layout of the
/// shape): `local_tile`, `local_partition`, and `copy_if` (sizes).
#[inline(always)]
#[allow(non_snake_case)]
pub fn copy_if_kernel<LS, LD, B, Thr, Sh>(
    S: GmemTensor<f32, LS>,
    D: GmemTensor<f32, LD>,
    block_shape: B,
    thr_layout: Thr,
) where
    B: Copy,
    Sh: IdentityShape<Engine = Coordinates<2>> + From<(usize, usize)>,
    Thr: Copy,
    LS: Rank2,
    LD: Rank2,
    Sh::Layout: DeviceTile<B, BlockCoord, ()>,
    Tile<Sh::Layout, B>: DevicePartition<Thr, ()>,
    PartOf<Tile<Sh::Layout, B>, Thr, ()>: CopyCompatible<PartOf<Tile<Sh::Layout, B>, Thr, ()>>,
{
    // Construct an identity layout and the predicate tensor
    let shape_S = shape2(&S.layout());
    let C = make_identity_tensor(Sh::from(shape_S));
    let P = lazy_transform(C, move |c: [usize; 2]| elem_less(c, [shape_S.0, shape_S.1]));

    // Tile the input tensors, the predicate and the output
    let block_coord = (block_idx().x, block_idx().y);
    let tile_S = local_tile(S.partial_over(&C), block_shape, block_coord, ()); // (BlockShape_M, BlockShape_N)
    let tile_D = local_tile(D.partial_over(&C), block_shape, block_coord, ()); // (BlockShape_M, BlockShape_N)
    let tile_P = local_tile(P, block_shape, block_coord, ()); // (BlockShape_M, BlockShape_N)

    // Construct a partitioning of the tile among threads with the given thread arrangement.
    let thr_tile_S = local_partition(tile_S, thr_layout, thread_idx().x, ());
    let mut thr_tile_D = local_partition(tile_D, thr_layout, thread_idx().x, ());
    let thr_tile_P = local_partition(tile_P, thr_layout, thread_idx().x, ());

    // Copy from GMEM to GMEM, predicated
    copy_if(&thr_tile_P, &thr_tile_S, &mut thr_tile_D);
}

/// `copy_if_kernel_vectorized` of `tiled_copy_if.cu`: as
/// [`copy_if_kernel`], each thread's values partitioned by the tiled copy
/// and moved (into registers, then out) by its atom where the predicate
/// holds.
///
/// Bounds (11): the shapes of `S` and `D`, the block shape, the identity
/// shape type, the tiled copy (2), and one per operation on the shared
/// coordinate layout (`Sh::Layout`): `local_tile` (the three tiles),
/// `partition_S` (S, the predicate), `partition_D`, `make_fragment_like`,
/// the two `copy_if`s.
#[inline(always)]
#[allow(non_snake_case)]
pub fn copy_if_kernel_vectorized<LS, LD, B, Tc, Sh>(
    S: GmemTensor<f32, LS>,
    D: GmemTensor<f32, LD>,
    block_shape: B,
    tiled_copy: Tc,
) where
    B: Copy,
    Sh: IdentityShape<Engine = Coordinates<2>> + From<(usize, usize)>,
    Tc: ThreadSlice<Slice = ThrCopy<Tc>> + TiledCopyOp,
    LS: Rank2,
    LD: Rank2,
    Sh::Layout: DeviceTile<B, BlockCoord, ()>,
    Tile<Sh::Layout, B>: CopyPartitionable<Tc, CopySrc> + CopyPartitionable<Tc, CopyDst>,
    <Tile<Sh::Layout, B> as CopyPartitionable<Tc, CopySrc>>::Output: MakeFragment,
    <Tile<Sh::Layout, B> as CopyPartitionable<Tc, CopySrc>>::Output: CopyCompatible<
        <<Tile<Sh::Layout, B> as CopyPartitionable<Tc, CopySrc>>::Output as MakeFragment>::Compact,
    >,
    <<Tile<Sh::Layout, B> as CopyPartitionable<Tc, CopySrc>>::Output as MakeFragment>::Compact:
        CopyCompatible<<Tile<Sh::Layout, B> as CopyPartitionable<Tc, CopyDst>>::Output>,
{
    // Construct an identity layout and the predicate tensor
    let shape_S = shape2(&S.layout());
    let C = make_identity_tensor(Sh::from(shape_S));
    let P = lazy_transform(C, move |c: [usize; 2]| elem_less(c, [shape_S.0, shape_S.1]));

    // Tile the input tensors, the predicate and the output
    let block_coord = (block_idx().x, block_idx().y);
    let tile_S = local_tile(S.partial_over(&C), block_shape, block_coord, ()); // (BlockShape_M, BlockShape_N)
    let tile_D = local_tile(D.partial_over(&C), block_shape, block_coord, ()); // (BlockShape_M, BlockShape_N)
    let tile_P = local_tile(P, block_shape, block_coord, ()); // (BlockShape_M, BlockShape_N)

    // Construct a Tensor corresponding to each thread's slice.
    let thr_copy = tiled_copy.thread_slice(thread_idx().x);
    let thr_tile_S = thr_copy.partition_S(tile_S); // (CPY, CPY_M, CPY_N)
    let mut thr_tile_D = thr_copy.partition_D(tile_D); // (CPY, CPY_M, CPY_N)
    let thr_tile_P = thr_copy.partition_S(tile_P); // (CPY, CPY_M, CPY_N)

    // Copy from GMEM to RMEM and from RMEM to GMEM, predicated
    let mut frag = make_fragment_like(&thr_tile_S);
    copy_if_with(&tiled_copy, &thr_tile_P, &thr_tile_S, &mut frag);
    copy_if_with(&tiled_copy, &thr_tile_P, &frag, &mut thr_tile_D);
}
