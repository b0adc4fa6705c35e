// Prints CuTe's TV layouts of the tiled MMAs the tests compare with
// (tests/cute-cpp/README.md has the command).
#include <cute/tensor.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cstdio>
using namespace cute;

template <class M>
void show(const char* name, M const& mma) {
  printf("%s|layoutA_TV|", name); print(mma.get_layoutA_TV()); printf("\n");
  printf("%s|layoutB_TV|", name); print(mma.get_layoutB_TV()); printf("\n");
  printf("%s|layoutC_TV|", name); print(mma.get_layoutC_TV()); printf("\n");
}

int main() {
  show("SM70_8x8x4_F32F16F16F32_NT|(1,1,1)|<8,8,4>",
       make_tiled_mma(SM70_8x8x4_F32F16F16F32_NT{}, Layout<Shape<_1,_1,_1>>{}, Tile<_8,_8,_4>{}));
  show("SM70_8x8x4_F32F16F16F32_TN|(2,2)|",
       make_tiled_mma(SM70_8x8x4_F32F16F16F32_TN{}, Layout<Shape<_2,_2>>{}));
  show("SM80_16x8x16_F32F16F16F32_TN|(2,2,1)|",
       make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2,_1>>{}));
  show("UniversalFMA<float,float,float>|(2,3,1):(1,2,0)|",
       make_tiled_mma(UniversalFMA<float,float,float>{}, Layout<Shape<_2,_3,_1>, Stride<_1,_2,_0>>{}));
  return 0;
}
