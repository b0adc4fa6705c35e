// cp.async moves 4, 8 or 16 bytes: a 16-bit unit is no copy atom (copy 8
// halves with SM80_CP_ASYNC_CACHEALWAYS<uint128_t>).
use cute_static::arch::{
    DeviceCopyPartition, F16, GmemTensor, SmemArray, ThreadSlice, copy_async, shared_storage,
};
use cute_static::atom::{MakeTiledCopy, SM80_CP_ASYNC_CACHEALWAYS};
use cute_static::Layout;

type Cp = MakeTiledCopy<SM80_CP_ASYNC_CACHEALWAYS<u16>, 16, Layout![(32, 1)], Layout![(1, 1)]>;

pub fn kernel(g: GmemTensor<F16, Layout![(32, 1)]>) {
    let (s,) = shared_storage::<(SmemArray<F16, Layout![(32, 1)]>,)>();
    let cp = Cp::default();
    let thr = cp.thread_slice(0);
    let mut d = thr.partition_D(s.tensor(<Layout![(32, 1)]>::default()));
    copy_async(&cp, &thr.partition_S(g), &mut d);
}

fn main() {
    let _ = kernel as fn(GmemTensor<F16, Layout![(32, 1)]>);
}
