//! Static tensors: construction, indexing, slicing with `__`, and the
//! generic kernels on matching sizes (including a transpose and a gemm with
//! a folded K mode) compile and run.
use cute_static::{Layout, Tensor, layout, algorithm::{axpby, copy, gemm}, layout::StaticLayout, tensor::__};

fn main() {
    // copy: an 8×3 transpose; shapes differ from sizes only in folding.
    let src: Vec<i32> = (0..24).collect();
    let mut dst = vec![0; 24];
    let s = Tensor::new(&src[..], layout!((8, 3):(1, 8))).unwrap();
    let mut d = Tensor::new(&mut dst[..], layout!((8, 3):(3, 1))).unwrap();
    copy(&s, &mut d).unwrap();
    assert_eq!((dst[1], dst[3]), (8, 1));

    // copy between different ranks of the same size.
    let mut flat = vec![0; 24];
    copy(&s, &mut Tensor::new(&mut flat[..], layout!(24:1)).unwrap()).unwrap();
    assert_eq!(flat, src);

    // axpby.
    let mut y = vec![1; 24];
    axpby(2, &s, 3, &mut Tensor::new(&mut y[..], layout!((4, 6))).unwrap()).unwrap();
    assert_eq!(y[5], 13);

    // gemm: (M,K) = (2,(2,2)), (N,K) = (3,(2,2)), (M,N) = (2,3).
    let a = [1, 2, 3, 4, 5, 6, 7, 8];
    let b = [1; 12];
    let mut c = [0; 6];
    gemm(
        &Tensor::new(&a[..], layout!((2, (2, 2)):(1, (2, 4)))).unwrap(),
        &Tensor::new(&b[..], layout!((3, (2, 2)):(1, (3, 6)))).unwrap(),
        &mut Tensor::new(&mut c[..], layout!((2, 3))).unwrap(),
    )
    .unwrap();
    assert_eq!(c, [16, 20, 16, 20, 16, 20]);

    // Slicing keeps the layout static and zero-sized.
    type L = Layout![(4, 6):(6, 1)];
    let t = Tensor::new(&src[..], L::default()).unwrap();
    let row = t.slice((2, __)).unwrap();
    assert_eq!(core::mem::size_of_val(&row.layout()), 0);
    assert_eq!(row.layout().to_string(), "(_6):(_1)");
    assert_eq!(*row.get(5).unwrap(), 17);
    assert_eq!(L::SIZE, 24);
}
