// Prints CuTe's answers for the swizzled shared layouts of sgemm_sm80.cu's
// gemm_tn (tests/cute-cpp/README.md has the command). Each line:
// OP|ARG|...|ANSWER.
#include <cute/tensor.hpp>
#include <cstdio>
using namespace cute;

template <class R>
void line(const char* args, R const& r) {
  printf("%s|", args); print(r); printf("\n");
}

int main() {
  auto atom = composition(Swizzle<3,3,3>{},
                          Layout<Shape <_8,Shape <_8, _8>>,
                                 Stride<_8,Stride<_1,_64>>>{});
  auto sA = tile_to_shape(atom, make_shape(Int<128>{}, Int<64>{}, Int<3>{}));
  line("tile_to_shape|Sw<3,3,3> o 0 o (8,(8,8)):(8,(1,64))|(128,64,3)", sA);
  line("tile_to_shape|Sw<3,3,3> o 0 o (8,(8,8)):(8,(1,64))|(64,128)",
       tile_to_shape(atom, make_shape(Int<64>{}, Int<128>{})));
  line("tile_to_shape|Sw<2,3,3> o 0 o (8,32):(32,1)|(32,64,2)",
       tile_to_shape(composition(Swizzle<2,3,3>{}, Layout<Shape<_8,_32>,Stride<_32,_1>>{}),
                     make_shape(Int<32>{}, Int<64>{}, Int<2>{})));
  line("cosize|sA", Int<cosize_v<decltype(sA)>>{});

  TiledCopy copyA = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>{},
                                    Layout<Shape<_16,_8>,Stride<_8,_1>>{},
                                    Layout<Shape< _1,_8>>{});
  TiledMMA mmaC = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{},
                                 Layout<Shape<_2,_2>>{},
                                 Tile<_32,_32,_16>{});
  TiledCopy s2r = make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, mmaC);
  Tensor s = make_tensor(make_smem_ptr((half_t*)nullptr), sA);
  for (int t : {0, 1, 5, 17, 33, 64, 127}) {
    char buf[64];
    auto tAsA = copyA.get_slice(t).partition_D(s);
    snprintf(buf, 64, "partition_D|cp_async|%d", t); line(buf, tAsA.layout());
    auto tXsA = s2r.get_slice(t).partition_S(s);
    snprintf(buf, 64, "partition_S|ldsm|%d", t); line(buf, tXsA.layout());
    auto tCsA = mmaC.get_slice(t).partition_A(s);
    snprintf(buf, 64, "partition_A|mma|%d", t); line(buf, tCsA.layout());
    auto tCrA = mmaC.get_slice(t).partition_fragment_A(s(_,_,0));
    snprintf(buf, 64, "partition_fragment_A|mma|%d", t); line(buf, tCrA.layout());
    auto tXrA = s2r.get_slice(t).retile_D(tCrA);
    snprintf(buf, 64, "retile_D|ldsm|%d", t); line(buf, tXrA.layout());
    auto p = tXsA(_,_,_,1);
    snprintf(buf, 64, "slice|ldsm|%d|(_,_,_,1)", t); line(buf, p.layout());
    snprintf(buf, 64, "slice|ldsm|%d|(_,_,_,1)(_,_,3)", t); line(buf, p(_,_,3).layout());
  }
  return 0;
}
