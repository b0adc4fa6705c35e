// CuTe's own TMA layout analysis on a set of cases, printed one case a line
// for the tests of cute-dynamic's atom/tma.rs (cute_ref.txt is this
// program's output). It runs the pure steps of make_tma_copy
// (detail::construct_tma_gbasis, detail::fill_tma_gmem_shape_stride, the box
// sizes, detail::get_tma_swizzle_bits, the box-to-smem layout) and stops
// before the driver call, so it needs no GPU:
//   nvcc -std=c++17 -x cu --expt-relaxed-constexpr -I$CUTLASS/include \
//        -o cute_ref cute_ref.cpp && ./cute_ref > cute_ref.txt
#include <cstdio>
#include <cute/tensor.hpp>
#include <cute/atom/copy_traits_sm90_tma.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
using namespace cute;

template <class T> const char* type_name();
template <> const char* type_name<float>() { return "float"; }
template <> const char* type_name<half_t>() { return "half_t"; }

template <class T, class GL, class SL, class Tiler>
void run(const char* name, GL gl, SL sl, Tiler tiler) {
  T* p = nullptr;
  Tensor g = make_tensor(make_gmem_ptr(p), gl);
  auto sw = get_swizzle_portion(sl);
  auto s = get_nonswizzle_portion(sl);
  auto vmap = make_identity_layout(shape(g)).compose(tiler);
  auto gb = detail::construct_tma_gbasis<T>(g, s, vmap);
  cute::array<uint64_t, 5> shp = {1,1,1,1,1};
  cute::array<uint64_t, 5> str = {0,0,0,0,0};
  detail::fill_tma_gmem_shape_stride(g, stride(gb), shp, str);
  constexpr int dim = decltype(rank(gb))::value;
  printf("%s T=%s g=", name, type_name<T>());
  print(gl);
  printf(" s=");
  print(s);
  printf(" sw=");
  print(sw);
  printf(" tile=");
  print(tiler);
  printf(" rank=%d dim=", dim);
  for (int i = 0; i < dim; ++i) printf("%s%llu", i ? "," : "", (unsigned long long)shp[i]);
  printf(" stride_bytes=");
  for (int i = 0; i < dim; ++i) printf("%s%llu", i ? "," : "", (unsigned long long)(str[i] * sizeof(T)));
  printf(" box=");
  for_each(make_seq<dim>{}, [&](auto i) { printf("%s%d", i ? "," : "", int(size<i>(gb))); });
  printf(" swizzle_bits=%d", int(detail::get_tma_swizzle_bits(sw)));
  auto inv = right_inverse(s);
  auto lv = composition(inv, Int<size(gb)>{});
  printf(" v=");
  print(coalesce(lv));
  printf("\n");
}

int main() {
  // The 2-D example of make_tma_copy's documentation: K-major float.
  run<float>("rowmajor_f32", make_layout(make_shape(1024, 256), GenRowMajor{}),
             make_layout(make_shape(_64{}, _32{}), GenRowMajor{}), make_shape(_64{}, _32{}));
  // The GMMA 2-D example: MN-major float, SW128 MN atom tiled to 128x64.
  run<float>("mn_sw128_f32", make_layout(make_shape(1024, 256)),
             tile_to_shape(GMMA::Layout_MN_SW128_Atom<float>{}, make_shape(_128{}, _64{})), make_shape(_128{}, _64{}));
  // The 3-D example.
  run<float>("three_d_f32", make_layout(make_shape(1024, 32, 512), make_stride(64, Int<1>{}, 65536)),
             make_layout(make_shape(_16{}, _8{}, _2{}), make_stride(_16{}, _1{}, _8{})), make_shape(_16{}, _8{}, _2{}));
  // K-major half, the SW128/SW64/SW32 K atoms tiled to 128x64 (as the wgmma_tma tutorial's A).
  run<half_t>("k_sw128_f16", make_layout(make_shape(512, 256), GenRowMajor{}),
              tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(_128{}, _64{})), make_shape(_128{}, _64{}));
  run<half_t>("k_sw64_f16", make_layout(make_shape(512, 256), GenRowMajor{}),
              tile_to_shape(GMMA::Layout_K_SW64_Atom<half_t>{}, make_shape(_128{}, _32{})), make_shape(_128{}, _32{}));
  run<half_t>("k_sw32_f16", make_layout(make_shape(512, 256), GenRowMajor{}),
              tile_to_shape(GMMA::Layout_K_SW32_Atom<half_t>{}, make_shape(_64{}, _16{})), make_shape(_64{}, _16{}));
  // MN-major half SW128 (the tutorial's NT operands).
  run<half_t>("mn_sw128_f16", make_layout(make_shape(512, 256)),
              tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>{}, make_shape(_128{}, _64{})), make_shape(_128{}, _64{}));
  // A 4-D tensor whose tile spans two contiguous modes (the gcd recurrence folds nothing; coalesce_256 merges).
  run<float>("four_d_f32", make_layout(make_shape(8, 16, 10, 12)),
             make_layout(make_shape(_8{}, _16{}, _2{}, _1{})), make_shape(_8{}, _16{}, _2{}, _1{}));
  // Rank 6 global tensor: the trailing size-1 box modes are grouped into the 5th.
  run<float>("six_d_f32", make_layout(make_shape(32, 4, 3, 5, 6, 7)),
             make_layout(make_shape(_32{}, _2{}, _1{}, _1{}, _1{}, _1{})), make_shape(_32{}, _2{}, _1{}, _1{}, _1{}, _1{}));
  // Batched row-major half with a padded leading dimension.
  run<half_t>("batched_f16", make_layout(make_shape(256, 128, 4), make_stride(136, Int<1>{}, 256 * 136)),
              make_layout(make_shape(_64{}, _64{}), GenRowMajor{}), make_shape(_64{}, _64{}));
  // A 1-D tile of 512 contiguous floats: a box of 512 along one mode.
  run<float>("long_f32", make_layout(make_shape(4096)), make_layout(make_shape(_512{})), make_shape(_512{}));
  // Column-major tile 256x2 of a column-major tensor: coalesce_256 keeps 256 and 2 apart.
  run<float>("col_256_f32", make_layout(make_shape(256, 64)), make_layout(make_shape(_256{}, _2{})), make_shape(_256{}, _2{}));
}
