// Prints CuTe's per-thread view of tiled MMAs: layoutA/B/C_TV, thrfrg_A/B/C
// of the compact column-major tile, and for each listed thread
// get_slice(t).partition_A/B/C of the counting tensor of the tile
// (OFFSET|LAYOUT), of the identity tensor (COORDINATE|LAYOUT) and
// partition_fragment_A/B/C (command in tests/cute-cpp/README.md).
// Lines: ATOM|ATOM_LAYOUT|PERMUTATION|QUERY|ANSWER.
#include <cute/tensor.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cstdio>
#include <vector>
using namespace cute;

template <class T>
void answer(const char* prefix, const char* query, T const& x) {
  printf("%s|%s|", prefix, query); print(x); printf("\n");
}

// One operand's partition queries for thread t (`frag`: the operand is
// read from registers, so partition_fragment_X is a register fragment).
template <class Thr, class Tile, class Part, class Frag>
void operand(const char* prefix, const char* x, int t, Tile const& tile, Part part, Frag frag, bool regs) {
  auto count = make_tensor(make_inttuple_iter(0), tile);
  auto p = part(count);
  printf("%s|partition_%s(t=%d)|", prefix, x, t); print(*p.data()); printf("|"); print(p.layout()); printf("\n");
  auto c = part(make_identity_tensor(shape(tile)));
  printf("%s|partition_%s_coord(t=%d)|", prefix, x, t); print(*c.data()); printf("|"); print(c.layout()); printf("\n");
  if (regs) {
    auto f = frag(count);
    printf("%s|partition_fragment_%s(t=%d)|", prefix, x, t); print(f.layout()); printf("\n");
  }
}

// `regs_ab`: A and B are register operands (false for GMMA SS atoms,
// whose fragments are descriptors).
template <bool RegsAB, class M>
void show(const char* prefix, M const& mma, std::vector<int> const& threads) {
  answer(prefix, "thr_layout_vmnk", mma.get_thr_layout_vmnk());
  answer(prefix, "layoutA_TV", mma.get_layoutA_TV());
  answer(prefix, "layoutB_TV", mma.get_layoutB_TV());
  answer(prefix, "layoutC_TV", mma.get_layoutC_TV());
  auto tA = make_layout(make_shape(tile_size<0>(mma), tile_size<2>(mma)));
  auto tB = make_layout(make_shape(tile_size<1>(mma), tile_size<2>(mma)));
  auto tC = make_layout(make_shape(tile_size<0>(mma), tile_size<1>(mma)));
  answer(prefix, "thrfrg_A", mma.thrfrg_A(tA));
  answer(prefix, "thrfrg_B", mma.thrfrg_B(tB));
  answer(prefix, "thrfrg_C", mma.thrfrg_C(tC));
  for (int t : threads) {
    auto thr = mma.get_slice(t);
    using Thr = decltype(thr);
    operand<Thr>(prefix, "A", t, tA,
                 [&](auto const& x) { return thr.partition_A(x); },
                 [&](auto const& x) { if constexpr (RegsAB) return thr.partition_fragment_A(x); else return x; }, RegsAB);
    operand<Thr>(prefix, "B", t, tB,
                 [&](auto const& x) { return thr.partition_B(x); },
                 [&](auto const& x) { if constexpr (RegsAB) return thr.partition_fragment_B(x); else return x; }, RegsAB);
    operand<Thr>(prefix, "C", t, tC,
                 [&](auto const& x) { return thr.partition_C(x); },
                 [&](auto const& x) { return thr.partition_fragment_C(x); }, true);
  }
}

std::vector<int> upto(int n) {
  std::vector<int> v;
  for (int i = 0; i < n; ++i) v.push_back(i);
  return v;
}

// One SM70 quad-pair atom (ThrID (4,2):(1,16)) over every lane of the warp,
// alone and tiled, for each of its eight variants.
#define SM70(NAME)                                                                                 \
  show<true>(#NAME "|(1,1,1)|<8,8,4>",                                                             \
             make_tiled_mma(NAME{}, Layout<Shape<_1, _1, _1>>{}, Tile<_8, _8, _4>{}), upto(32));   \
  show<true>(#NAME "||", make_tiled_mma(NAME{}), upto(32));                                        \
  show<true>(#NAME "|(2,2)|", make_tiled_mma(NAME{}, Layout<Shape<_2, _2>>{}), upto(32));          \
  show<true>(#NAME "|(2,2):(2,1)|<32,32,4>",                                                       \
             make_tiled_mma(NAME{}, Layout<Shape<_2, _2>, Stride<_2, _1>>{}, Tile<_32, _32, _4>{}), \
             upto(32));

int main() {
  SM70(SM70_8x8x4_F16F16F16F16_TN)
  SM70(SM70_8x8x4_F16F16F16F16_NT)
  SM70(SM70_8x8x4_F16F16F16F16_NN)
  SM70(SM70_8x8x4_F16F16F16F16_TT)
  SM70(SM70_8x8x4_F32F16F16F32_TN)
  SM70(SM70_8x8x4_F32F16F16F32_NT)
  SM70(SM70_8x8x4_F32F16F16F32_NN)
  SM70(SM70_8x8x4_F32F16F16F32_TT)
  // CuTe's 0t_mma_atom.md: an M permutation of the SM70 NT atom.
  show<true>("SM70_8x8x4_F32F16F16F32_NT|(2,2):(2,1)|<(4,4,2):(1,8,4),32,4>",
             make_tiled_mma(SM70_8x8x4_F32F16F16F32_NT{}, Layout<Shape<_2, _2>, Stride<_2, _1>>{},
                            Tile<Layout<Shape<_4, _4, _2>, Stride<_1, _8, _4>>, _32, _4>{}),
             upto(32));
  std::vector<int> some = {0, 1, 5, 31, 32, 37, 64, 101, 127};
  // SM80 and SM90 atoms: N-major, K-split and permuted atom layouts.
  show<true>("SM80_16x8x16_F32F16F16F32_TN|(2,2,1)|",
             make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2, _2, _1>>{}), some);
  show<true>("SM80_16x8x16_F32F16F16F32_TN|(2,2,1):(2,1,0)|",
             make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2, _2, _1>, Stride<_2, _1, _0>>{}), some);
  show<true>("SM80_16x8x16_F16F16F16F16_TN|(1,2,1)|<_,(8,2,2):(1,16,8),_>",
             make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_1, _2, _1>>{},
                            Tile<Underscore, Layout<Shape<_8, _2, _2>, Stride<_1, _16, _8>>, Underscore>{}),
             upto(64));
  show<true>("SM80_16x8x8_F32TF32TF32F32_TN|(2,1,2)|",
             make_tiled_mma(SM80_16x8x8_F32TF32TF32F32_TN{}, Layout<Shape<_2, _1, _2>>{}), some);
  show<true>("SM80_8x8x4_F64F64F64F64_TN|(2,2,1)|",
             make_tiled_mma(SM80_8x8x4_F64F64F64F64_TN{}, Layout<Shape<_2, _2, _1>>{}), some);
  show<true>("SM80_16x8x32_S32S8S8S32_TN|(2,1,1)|<32,16,32>",
             make_tiled_mma(SM80_16x8x32_S32S8S8S32_TN{}, Layout<Shape<_2, _1, _1>>{}, Tile<_32, _16, _32>{}),
             upto(64));
  show<true>("SM89_16x8x32_F32E4M3E4M3F32_TN|(1,2,1)|",
             make_tiled_mma(SM89_16x8x32_F32E4M3E4M3F32_TN{}, Layout<Shape<_1, _2, _1>>{}), upto(64));
  // UniversalFMA over atom layouts with size-1 and stride-0 modes (the
  // partition_X_coord queries that once failed).
  show<true>("UniversalFMA<float,float,float>|(2,3,1):(1,2,0)|",
             make_tiled_mma(UniversalFMA<float, float, float>{}, Layout<Shape<_2, _3, _1>, Stride<_1, _2, _0>>{}),
             upto(6));
  show<true>("UniversalFMA<float,float,float>|(2,3,2):(1,2,6)|",
             make_tiled_mma(UniversalFMA<float, float, float>{}, Layout<Shape<_2, _3, _2>, Stride<_1, _2, _6>>{}),
             upto(12));
  show<true>("SM75_16x8x8_F32F16F16F32_TN|(2,1,1)|",
             make_tiled_mma(SM75_16x8x8_F32F16F16F32_TN{}, Layout<Shape<_2, _1, _1>>{}), upto(64));
  show<false>("SM90_64x128x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>|(1,1,1)|",
              make_tiled_mma(SM90_64x128x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K>{}), some);
  show<false>("SM90_64x64x16_F16F16F16_SS<GMMA::Major::MN,GMMA::Major::K>|(2,1,1)|",
              make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::MN, GMMA::Major::K>{}, Layout<Shape<_2, _1, _1>>{}),
              {0, 1, 5, 127, 128, 200, 255});
  return 0;
}
