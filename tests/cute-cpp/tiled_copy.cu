// Prints CuTe's tiled copies: Tiler_MN, TiledLayout_TV, layoutS/D_TV and,
// for each listed thread, get_slice(t).partition_S/D of the counting
// tensor of the tile (OFFSET|LAYOUT), of the identity tensor
// (COORDINATE|LAYOUT), make_fragment_like of it and retile_S/D of that
// fragment (OFFSET|LAYOUT, the offset in the fragment); command in
// tests/cute-cpp/README.md. Lines: the operation, `tiled_copy` and its
// arguments (COPY_ATOM|VALUE_TYPE|THR_LAYOUT|VAL_LAYOUT) or
// `tiled_copy_mma` and its (COPY_ATOM|VALUE_TYPE|A/B/C|ATOM|ATOM_LAYOUT|
// PERMUTATION), then QUERY|ANSWER.
#include <cute/tensor.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cute/atom/copy_atom.hpp>
#include <cstdio>
#include <vector>
using namespace cute;

template <class T>
void answer(const char* prefix, const char* query, T const& x) {
  printf("%s|%s|", prefix, query); print(x); printf("\n");
}

template <class Frag, class R>
void retiled(const char* prefix, const char* name, const char* side, int t, Frag const& f, R const& r) {
  printf("%s|%s(make_fragment_like(partition_%s(t=%d)))|%d|", prefix, name, side, t,
         int(r.data() - f.data()));
  print(r.layout()); printf("\n");
}

template <class TC>
void show(const char* prefix, TC const& tc, std::vector<int> const& threads) {
  answer(prefix, "Tiler_MN", typename TC::Tiler_MN{});
  answer(prefix, "TiledLayout_TV", typename TC::TiledLayout_TV{});
  answer(prefix, "layoutS_TV", tc.get_layoutS_TV());
  answer(prefix, "layoutD_TV", tc.get_layoutD_TV());
  answer(prefix, "size", size(tc));
  auto tile = make_layout(product_each(shape(typename TC::Tiler_MN{})));
  auto count = make_tensor(make_inttuple_iter(0), tile);
  auto ident = make_identity_tensor(shape(tile));
  for (int t : threads) {
    auto thr = tc.get_slice(t);
    auto ps = thr.partition_S(count);
    auto pd = thr.partition_D(count);
    printf("%s|partition_S(t=%d)|", prefix, t); print(*ps.data()); printf("|"); print(ps.layout()); printf("\n");
    printf("%s|partition_D(t=%d)|", prefix, t); print(*pd.data()); printf("|"); print(pd.layout()); printf("\n");
    auto cs = thr.partition_S(ident);
    auto cd = thr.partition_D(ident);
    printf("%s|partition_S_coord(t=%d)|", prefix, t); print(*cs.data()); printf("|"); print(cs.layout()); printf("\n");
    printf("%s|partition_D_coord(t=%d)|", prefix, t); print(*cd.data()); printf("|"); print(cd.layout()); printf("\n");
    auto fs = make_fragment_like<float>(ps);
    auto fd = make_fragment_like<float>(pd);
    printf("%s|make_fragment_like(partition_S(t=%d))|", prefix, t); print(fs.layout()); printf("\n");
    printf("%s|make_fragment_like(partition_D(t=%d))|", prefix, t); print(fd.layout()); printf("\n");
    retiled(prefix, "retile_S", "S", t, fs, thr.retile_S(fs));
    retiled(prefix, "retile_D", "D", t, fd, thr.retile_D(fd));
    retiled(prefix, "retile_S", "D", t, fd, thr.retile_S(fd));
    retiled(prefix, "retile_D", "S", t, fs, thr.retile_D(fs));
  }
}

// The threads listed for a copy of `n` threads.
std::vector<int> some(int n) {
  std::vector<int> v;
  for (int t : {0, 1, 2, 5, 7, 8, 13, 31, 32, 37, 63, 64, 100, 127, 128, 200, 255})
    if (t < n) v.push_back(t);
  return v;
}

template <class Atom, class T, class Thr, class Val>
void tc(const char* prefix, Thr const& thr, Val const& val) {
  auto c = make_tiled_copy(Copy_Atom<Atom, T>{}, thr, val);
  show(prefix, c, some(size(c)));
}

// make_tiled_copy_A (X = 0), _B (1) or _C (2) over make_tiled_mma(Mma, ML).
template <int X, class Atom, class T, class Mma, class ML>
void tcm(const char* prefix, ML const& ml) {
  auto mma = make_tiled_mma(Mma{}, ml);
  if constexpr (X == 0) {
    auto c = make_tiled_copy_A(Copy_Atom<Atom, T>{}, mma);
    show(prefix, c, some(size(c)));
  } else if constexpr (X == 1) {
    auto c = make_tiled_copy_B(Copy_Atom<Atom, T>{}, mma);
    show(prefix, c, some(size(c)));
  } else {
    auto c = make_tiled_copy_C(Copy_Atom<Atom, T>{}, mma);
    show(prefix, c, some(size(c)));
  }
}

int main() {
  using namespace cute;
  // make_tiled_copy: the sgemm_sm80 global copies, N-major and K-major
  // thread layouts, vectors of 1, 2, 4 and 8 values.
  tc<UniversalCopy<uint128_t>, half_t>("tiled_copy|UniversalCopy<uint128_t>|half_t|(32,4):(4,1)|(1,8)",
     Layout<Shape<_32, _4>, Stride<_4, _1>>{}, Layout<Shape<_1, _8>>{});
  tc<UniversalCopy<uint128_t>, half_t>("tiled_copy|UniversalCopy<uint128_t>|half_t|(16,8)|(8,1)",
     Layout<Shape<_16, _8>>{}, Layout<Shape<_8, _1>>{});
  tc<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>("tiled_copy|SM80_CP_ASYNC_CACHEALWAYS<uint128_t>|half_t|(16,8):(8,1)|(1,8)",
     Layout<Shape<_16, _8>, Stride<_8, _1>>{}, Layout<Shape<_1, _8>>{});
  tc<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, float>("tiled_copy|SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>|float|(32,8)|(4,1)",
     Layout<Shape<_32, _8>>{}, Layout<Shape<_4, _1>>{});
  tc<SM80_CP_ASYNC_CACHEALWAYS<uint64_t>, float>("tiled_copy|SM80_CP_ASYNC_CACHEALWAYS<uint64_t>|float|(8,16):(16,1)|(1,2)",
     Layout<Shape<_8, _16>, Stride<_16, _1>>{}, Layout<Shape<_1, _2>>{});
  tc<SM80_CP_ASYNC_CACHEALWAYS<uint32_t>, float>("tiled_copy|SM80_CP_ASYNC_CACHEALWAYS<uint32_t>|float|(32,8)|(1,1)",
     Layout<Shape<_32, _8>>{}, Layout<Shape<_1, _1>>{});
  tc<UniversalCopy<uint32_t>, half_t>("tiled_copy|UniversalCopy<uint32_t>|half_t|(4,8):(8,1)|(2,1)",
     Layout<Shape<_4, _8>, Stride<_8, _1>>{}, Layout<Shape<_2, _1>>{});
  tc<UniversalCopy<float>, float>("tiled_copy|UniversalCopy<float>|float|(32,8)|(4,1)",
     Layout<Shape<_32, _8>>{}, Layout<Shape<_4, _1>>{});
  tc<UniversalCopy<double>, double>("tiled_copy|UniversalCopy<double>|double|(2,(4,4)):(4,(1,8))|(2,2)",
     Layout<Shape<_2, Shape<_4, _4>>, Stride<_4, Stride<_1, _8>>>{}, Layout<Shape<_2, _2>>{});
  tc<DefaultCopy, float>("tiled_copy|DefaultCopy|float|(8,4)|(1,1)",
     Layout<Shape<_8, _4>>{}, Layout<Shape<_1, _1>>{});
  tc<AutoVectorizingCopyWithAssumedAlignment<128>, half_t>("tiled_copy|AutoVectorizingCopyWithAssumedAlignment<128>|half_t|(16,8)|(8,1)",
     Layout<Shape<_16, _8>>{}, Layout<Shape<_8, _1>>{});
  // ldmatrix / stmatrix over a warp.
  tc<SM75_U32x4_LDSM_N, half_t>("tiled_copy|SM75_U32x4_LDSM_N|half_t|(32,1)|(1,8)",
     Layout<Shape<_32, _1>>{}, Layout<Shape<_1, _8>>{});
  tc<SM75_U32x2_LDSM_N, half_t>("tiled_copy|SM75_U32x2_LDSM_N|half_t|(16,2)|(1,4)",
     Layout<Shape<_16, _2>>{}, Layout<Shape<_1, _4>>{});
  tc<SM75_U32x1_LDSM_N, half_t>("tiled_copy|SM75_U32x1_LDSM_N|half_t|(8,4)|(1,2)",
     Layout<Shape<_8, _4>>{}, Layout<Shape<_1, _2>>{});
  tc<SM75_U16x8_LDSM_T, half_t>("tiled_copy|SM75_U16x8_LDSM_T|half_t|(32,1)|(8,1)",
     Layout<Shape<_32, _1>>{}, Layout<Shape<_8, _1>>{});
  tc<SM75_U16x4_LDSM_T, half_t>("tiled_copy|SM75_U16x4_LDSM_T|half_t|(32,1)|(4,1)",
     Layout<Shape<_32, _1>>{}, Layout<Shape<_4, _1>>{});
  tc<SM75_U16x2_LDSM_T, half_t>("tiled_copy|SM75_U16x2_LDSM_T|half_t|(32,1)|(2,1)",
     Layout<Shape<_32, _1>>{}, Layout<Shape<_2, _1>>{});
  tc<SM90_U32x4_STSM_N, half_t>("tiled_copy|SM90_U32x4_STSM_N|half_t|(32,1)|(1,8)",
     Layout<Shape<_32, _1>>{}, Layout<Shape<_1, _8>>{});
  tc<SM90_U32x2_STSM_N, half_t>("tiled_copy|SM90_U32x2_STSM_N|half_t|(16,2)|(1,4)",
     Layout<Shape<_16, _2>>{}, Layout<Shape<_1, _4>>{});
  tc<SM90_U32x1_STSM_N, half_t>("tiled_copy|SM90_U32x1_STSM_N|half_t|(8,4)|(1,2)",
     Layout<Shape<_8, _4>>{}, Layout<Shape<_1, _2>>{});
  tc<SM90_U16x8_STSM_T, half_t>("tiled_copy|SM90_U16x8_STSM_T|half_t|(32,1)|(8,1)",
     Layout<Shape<_32, _1>>{}, Layout<Shape<_8, _1>>{});
  tc<SM90_U16x4_STSM_T, half_t>("tiled_copy|SM90_U16x4_STSM_T|half_t|(32,1)|(4,1)",
     Layout<Shape<_32, _1>>{}, Layout<Shape<_4, _1>>{});
  tc<SM90_U16x2_STSM_T, half_t>("tiled_copy|SM90_U16x2_STSM_T|half_t|(32,1)|(2,1)",
     Layout<Shape<_32, _1>>{}, Layout<Shape<_2, _1>>{});
  // make_tiled_copy_A/B/C over tiled MMAs (sgemm_sm80's smem -> register
  // copies, the accumulators' stores).
  tcm<0, SM75_U32x4_LDSM_N, half_t, SM80_16x8x16_F32F16F16F32_TN>("tiled_copy_mma|SM75_U32x4_LDSM_N|half_t|A|SM80_16x8x16_F32F16F16F32_TN|(2,2,1)|",
      Layout<Shape<_2, _2, _1>>{});
  tcm<1, SM75_U32x2_LDSM_N, half_t, SM80_16x8x16_F32F16F16F32_TN>("tiled_copy_mma|SM75_U32x2_LDSM_N|half_t|B|SM80_16x8x16_F32F16F16F32_TN|(2,2,1)|",
      Layout<Shape<_2, _2, _1>>{});
  tcm<0, SM75_U16x8_LDSM_T, half_t, SM80_16x8x16_F16F16F16F16_TN>("tiled_copy_mma|SM75_U16x8_LDSM_T|half_t|A|SM80_16x8x16_F16F16F16F16_TN|(2,2,1)|",
      Layout<Shape<_2, _2, _1>>{});
  tcm<1, SM75_U16x4_LDSM_T, half_t, SM80_16x8x16_F16F16F16F16_TN>("tiled_copy_mma|SM75_U16x4_LDSM_T|half_t|B|SM80_16x8x16_F16F16F16F16_TN|(2,2,1)|",
      Layout<Shape<_2, _2, _1>>{});
  tcm<2, UniversalCopy<uint32_t>, half_t, SM80_16x8x16_F16F16F16F16_TN>("tiled_copy_mma|UniversalCopy<uint32_t>|half_t|C|SM80_16x8x16_F16F16F16F16_TN|(2,2,1)|",
      Layout<Shape<_2, _2, _1>>{});
  tcm<2, UniversalCopy<float>, float, SM80_16x8x16_F32F16F16F32_TN>("tiled_copy_mma|UniversalCopy<float>|float|C|SM80_16x8x16_F32F16F16F32_TN|(2,2,1)|",
      Layout<Shape<_2, _2, _1>>{});
  tcm<2, SM90_U32x2_STSM_N, half_t, SM80_16x8x16_F16F16F16F16_TN>("tiled_copy_mma|SM90_U32x2_STSM_N|half_t|C|SM80_16x8x16_F16F16F16F16_TN|(2,2,1)|",
      Layout<Shape<_2, _2, _1>>{});
  tcm<0, UniversalCopy<half_t>, half_t, SM80_16x8x8_F32F16F16F32_TN>("tiled_copy_mma|UniversalCopy<half_t>|half_t|A|SM80_16x8x8_F32F16F16F32_TN|(1,2,1)|",
      Layout<Shape<_1, _2, _1>>{});
  tcm<0, UniversalCopy<float>, float, UniversalFMA<float>>("tiled_copy_mma|UniversalCopy<float>|float|A|UniversalFMA<float>|(16,8,1)|",
      Layout<Shape<_16, _8, _1>>{});
  tcm<1, UniversalCopy<float>, float, UniversalFMA<float>>("tiled_copy_mma|UniversalCopy<float>|float|B|UniversalFMA<float>|(16,8,1)|",
      Layout<Shape<_16, _8, _1>>{});
  tcm<2, UniversalCopy<float>, float, UniversalFMA<float>>("tiled_copy_mma|UniversalCopy<float>|float|C|UniversalFMA<float>|(16,8,1)|",
      Layout<Shape<_16, _8, _1>>{});
  tcm<2, UniversalCopy<float>, float, SM80_16x8x8_F32TF32TF32F32_TN>("tiled_copy_mma|UniversalCopy<float>|float|C|SM80_16x8x8_F32TF32TF32F32_TN|(2,1,2)|",
      Layout<Shape<_2, _1, _2>>{});
  return 0;
}
