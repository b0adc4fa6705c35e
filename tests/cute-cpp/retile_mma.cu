// Prints CuTe's retile_D / retile_S of a tiled MMA's register fragments
// through make_tiled_copy_A/B (the sgemm_sm80 pattern); command in
// tests/cute-cpp/README.md. Lines: the tiled_copy_mma arguments, then the
// retiled fragment as OFFSET|LAYOUT.
#include <cute/tensor.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cute/atom/copy_atom.hpp>
#include <cstdio>
using namespace cute;

template <class Copy, class Mma, class Frag>
void show(const char* prefix, const char* query, Copy const& cp, Frag const& f, int t) {
  auto r = cp.get_slice(t).retile_D(f);
  printf("%s|%s(partition_fragment_%s(t=%d))|0|", prefix, "retile_D", query, t);
  print(r.layout());
  printf("\n");
}

int main() {
  auto mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2,_1>>{});
  auto cpA = make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, mma);
  auto cpB = make_tiled_copy_B(Copy_Atom<SM75_U32x2_LDSM_N, half_t>{}, mma);
  // One tile of each operand (tile_size M×K = 32×16, N×K = 16×16).
  auto sA = make_tensor(make_smem_ptr((half_t*)nullptr), make_layout(make_shape(Int<32>{}, Int<16>{})));
  auto sB = make_tensor(make_smem_ptr((half_t*)nullptr), make_layout(make_shape(Int<16>{}, Int<16>{})));
  for (int t : {0, 1, 5, 37, 127}) {
    auto thr = mma.get_slice(t);
    auto fA = thr.partition_fragment_A(sA);
    auto fB = thr.partition_fragment_B(sB);
    show<decltype(cpA), decltype(mma)>("SM75_U32x4_LDSM_N|half_t|A|SM80_16x8x16_F32F16F16F32_TN|(2,2,1)|", "A", cpA, fA, t);
    show<decltype(cpB), decltype(mma)>("SM75_U32x2_LDSM_N|half_t|B|SM80_16x8x16_F32F16F16F32_TN|(2,2,1)|", "B", cpB, fB, t);
  }
  return 0;
}
