// Prints CuTe's retile_D / retile_S of a tiled MMA's register fragments
// through make_tiled_copy_A/B/C (the sgemm_sm80 pattern:
// s2r_copy.get_slice(t).retile_D(thr_mma.partition_fragment_A(sA)));
// command in tests/cute-cpp/README.md. Lines: the tiled_copy_mma
// arguments (COPY_ATOM|VALUE_TYPE|A|B|C|ATOM|ATOM_LAYOUT|PERMUTATION|QUERY),
// then the retiled fragment as OFFSET|LAYOUT (a register fragment's offset
// is 0).
#include <cute/tensor.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cute/atom/copy_atom.hpp>
#include <cstdio>
#include <vector>
using namespace cute;

std::vector<int> upto(int n) {
  std::vector<int> v;
  for (int i = 0; i < n; ++i) v.push_back(i);
  return v;
}

// Operand X (0 = A, 1 = B, 2 = C) of `mma` copied by Copy_Atom<Op, T>:
// retile_D and retile_S of partition_fragment_X of one tile, per thread.
template <int X, class Op, class T, class Mma>
void retile(const char* copy, const char* mma_args, Mma const& mma, std::vector<int> const& threads) {
  auto atom = Copy_Atom<Op, T>{};
  auto cp = [&] {
    if constexpr (X == 0) return make_tiled_copy_A(atom, mma);
    else if constexpr (X == 1) return make_tiled_copy_B(atom, mma);
    else return make_tiled_copy_C(atom, mma);
  }();
  auto tile = make_layout(make_shape(tile_size<X == 1 ? 1 : 0>(mma), tile_size<X == 2 ? 1 : 2>(mma)));
  auto s = make_tensor(make_smem_ptr((T*)nullptr), tile);
  const char* name = X == 0 ? "A" : X == 1 ? "B" : "C";
  for (int t : threads) {
    auto thr = mma.get_slice(t);
    auto f = [&] {
      if constexpr (X == 0) return thr.partition_fragment_A(s);
      else if constexpr (X == 1) return thr.partition_fragment_B(s);
      else return thr.partition_fragment_C(s);
    }();
    auto c = cp.get_slice(t);
    printf("%s|%s|%s|retile_D(partition_fragment_%s(t=%d))|0|", copy, name, mma_args, name, t);
    print(c.retile_D(f).layout());
    printf("\n");
    printf("%s|%s|%s|retile_S(partition_fragment_%s(t=%d))|0|", copy, name, mma_args, name, t);
    print(c.retile_S(f).layout());
    printf("\n");
  }
}

int main() {
  std::vector<int> some = {0, 1, 5, 37, 127};
  // sgemm_sm80's copies: LDSM on A and B of the SM80 (2,2,1) tiled MMA.
  auto sm80 = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2, _2, _1>>{});
  const char* sm80_args = "SM80_16x8x16_F32F16F16F32_TN|(2,2,1)|";
  retile<0, SM75_U32x4_LDSM_N, half_t>("SM75_U32x4_LDSM_N|half_t", sm80_args, sm80, some);
  retile<1, SM75_U32x2_LDSM_N, half_t>("SM75_U32x2_LDSM_N|half_t", sm80_args, sm80, some);
  retile<2, UniversalCopy<float>, float>("UniversalCopy<float>|float", sm80_args, sm80, some);
  // N-major atom layout.
  auto nmaj = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2, _2, _1>, Stride<_2, _1, _0>>{});
  const char* nmaj_args = "SM80_16x8x16_F32F16F16F32_TN|(2,2,1):(2,1,0)|";
  retile<0, SM75_U32x4_LDSM_N, half_t>("SM75_U32x4_LDSM_N|half_t", nmaj_args, nmaj, some);
  retile<1, SM75_U32x2_LDSM_N, half_t>("SM75_U32x2_LDSM_N|half_t", nmaj_args, nmaj, some);
  // A permuted N mode.
  auto perm = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_1, _2, _1>>{},
                             Tile<Underscore, Layout<Shape<_8, _2, _2>, Stride<_1, _16, _8>>, Underscore>{});
  const char* perm_args = "SM80_16x8x16_F16F16F16F16_TN|(1,2,1)|<_,(8,2,2):(1,16,8),_>";
  retile<0, SM75_U32x4_LDSM_N, half_t>("SM75_U32x4_LDSM_N|half_t", perm_args, perm, {0, 1, 33, 63});
  retile<1, SM75_U32x4_LDSM_N, half_t>("SM75_U32x4_LDSM_N|half_t", perm_args, perm, {0, 1, 33, 63});
  retile<2, UniversalCopy<uint32_t>, half_t>("UniversalCopy<uint32_t>|half_t", perm_args, perm, {0, 1, 33, 63});
  // K split over two atoms.
  auto ksplit = make_tiled_mma(SM80_16x8x8_F32TF32TF32F32_TN{}, Layout<Shape<_2, _1, _2>>{});
  const char* ksplit_args = "SM80_16x8x8_F32TF32TF32F32_TN|(2,1,2)|";
  retile<0, UniversalCopy<float>, float>("UniversalCopy<float>|float", ksplit_args, ksplit, some);
  retile<1, UniversalCopy<float>, float>("UniversalCopy<float>|float", ksplit_args, ksplit, some);
  // SM75 with the smaller LDSM atoms.
  auto sm75 = make_tiled_mma(SM75_16x8x8_F32F16F16F32_TN{}, Layout<Shape<_2, _1, _1>>{});
  const char* sm75_args = "SM75_16x8x8_F32F16F16F32_TN|(2,1,1)|";
  retile<0, SM75_U32x2_LDSM_N, half_t>("SM75_U32x2_LDSM_N|half_t", sm75_args, sm75, {0, 1, 31, 32, 63});
  retile<1, SM75_U32x1_LDSM_N, half_t>("SM75_U32x1_LDSM_N|half_t", sm75_args, sm75, {0, 1, 31, 32, 63});
  // SM70 quad pairs, element-wise copies.
  auto sm70 = make_tiled_mma(SM70_8x8x4_F32F16F16F32_NT{}, Layout<Shape<_1, _1, _1>>{}, Tile<_8, _8, _4>{});
  const char* sm70_args = "SM70_8x8x4_F32F16F16F32_NT|(1,1,1)|<8,8,4>";
  retile<0, UniversalCopy<half_t>, half_t>("UniversalCopy<half_t>|half_t", sm70_args, sm70, upto(32));
  retile<1, UniversalCopy<half_t>, half_t>("UniversalCopy<half_t>|half_t", sm70_args, sm70, upto(32));
  retile<2, UniversalCopy<float>, float>("UniversalCopy<float>|float", sm70_args, sm70, upto(32));
  auto sm70x4 = make_tiled_mma(SM70_8x8x4_F16F16F16F16_TN{}, Layout<Shape<_2, _2>>{});
  const char* sm70x4_args = "SM70_8x8x4_F16F16F16F16_TN|(2,2)|";
  // 32 threads: CuTe also slices a thread beyond them; we answer out_of_bounds.
  retile<0, UniversalCopy<half_t>, half_t>("UniversalCopy<half_t>|half_t", sm70x4_args, sm70x4, {0, 1, 5, 17, 31});
  retile<1, UniversalCopy<half_t>, half_t>("UniversalCopy<half_t>|half_t", sm70x4_args, sm70x4, {0, 1, 5, 17, 31});
  // UniversalFMA over an atom layout with a stride-0 mode.
  auto fma = make_tiled_mma(UniversalFMA<float, float, float>{}, Layout<Shape<_2, _3, _1>, Stride<_1, _2, _0>>{});
  const char* fma_args = "UniversalFMA<float,float,float>|(2,3,1):(1,2,0)|";
  retile<0, UniversalCopy<float>, float>("UniversalCopy<float>|float", fma_args, fma, upto(6));
  retile<1, UniversalCopy<float>, float>("UniversalCopy<float>|float", fma_args, fma, upto(6));
  retile<2, UniversalCopy<float>, float>("UniversalCopy<float>|float", fma_args, fma, upto(6));
  // F64.
  auto f64 = make_tiled_mma(SM80_8x8x4_F64F64F64F64_TN{}, Layout<Shape<_2, _2, _1>>{});
  const char* f64_args = "SM80_8x8x4_F64F64F64F64_TN|(2,2,1)|";
  retile<0, UniversalCopy<double>, double>("UniversalCopy<double>|double", f64_args, f64, some);
  retile<2, UniversalCopy<double>, double>("UniversalCopy<double>|double", f64_args, f64, some);
  return 0;
}
