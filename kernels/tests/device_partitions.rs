//! The device partitions of tiled MMAs and copies (`partition_A/B/C`,
//! `partition_S/D` of `cute_static::arch`) on device tensors name the
//! elements the host atom layer's partitions of the same layout name, for
//! every thread (the tensor's values are their offsets).

use cute_static::arch::{
    DeviceCopyPartition, DeviceMmaPartition, Dim3, GlobalBuffer, ThreadSlice, host, thread_idx,
};
use cute_static::atom::{MakeTiledCopy, TiledMma, UniversalCopy, UniversalFMA};
use cute_static::tensor::Counting;
use cute_static::{Layout, Tensor, layout};

#[test]
fn mma_partitions_are_the_atom_layers() {
    type Mma = TiledMma<UniversalFMA<f32, f32, f32, f32>, Layout![(16, 16, 1)]>;
    let l = layout!((128, 8):(1, 128));
    let lc = layout!((128, 128):(1, 128));
    let (ba, bc) = (
        GlobalBuffer::from_slice(&(0..1024).map(|i| i as f32).collect::<Vec<_>>()),
        GlobalBuffer::from_slice(&(0..16384).map(|i| i as f32).collect::<Vec<_>>()),
    );
    let (ga, gc) = (ba.tensor(l).unwrap(), bc.tensor(lc).unwrap());
    host::launch(Dim3::new(1, 1, 1), Dim3::new(256, 1, 1), || {
        let t = thread_idx().x;
        let mma = Mma::new();
        let (a, c) = (
            mma.thread_slice(t).partition_A(ga),
            mma.thread_slice(t).partition_C(gc),
        );
        let slice = mma.get_slice(t).unwrap();
        let ha = slice
            .partition_a(Tensor::new(Counting, l).unwrap())
            .unwrap();
        let hc = slice
            .partition_c(Tensor::new(Counting, lc).unwrap())
            .unwrap();
        assert_eq!((a.size(), c.size()), (ha.size(), hc.size()));
        for i in 0..a.size() {
            assert_eq!(
                a.read(i) as usize,
                ha.read(i).unwrap(),
                "A, thread {t}, value {i}"
            );
        }
        for i in 0..c.size() {
            assert_eq!(
                c.read(i) as usize,
                hc.read(i).unwrap(),
                "C, thread {t}, value {i}"
            );
        }
    });
}

#[test]
fn copy_partitions_are_the_atom_layers() {
    type Copy = MakeTiledCopy<UniversalCopy<u128>, 32, Layout![(32, 8)], Layout![(4, 1)]>;
    let l = layout!((128, 64):(1, 128));
    let b = GlobalBuffer::from_slice(&(0..8192).map(|i| i as f32).collect::<Vec<_>>());
    let g = b.tensor(l).unwrap();
    host::launch(Dim3::new(1, 1, 1), Dim3::new(256, 1, 1), || {
        let t = thread_idx().x;
        let tc = Copy::default();
        let (s, d) = (
            tc.thread_slice(t).partition_S(g),
            tc.thread_slice(t).partition_D(g),
        );
        let slice = tc.get_slice(t).unwrap();
        let hs = slice
            .partition_s(Tensor::new(Counting, l).unwrap())
            .unwrap();
        for i in 0..s.size() {
            assert_eq!(
                s.read(i) as usize,
                hs.read(i).unwrap(),
                "S, thread {t}, value {i}"
            );
            assert_eq!(d.read(i), s.read(i), "D, thread {t}, value {i}");
        }
    });
}
