// Prints CuTe's answers for layout functions of the operation table
// (tests/cute-cpp/README.md has the command). Each line:
// OP|ARG|...|ANSWER, the arguments as the operation table reads them.
#include <cute/tensor.hpp>
#include <cstdio>
using namespace cute;

template <class R>
void line(const char* args, R const& r) {
  printf("%s|", args); print(r); printf("\n");
}

int main() {
  // Composition with run-time integers (CuTe checks nothing at run time;
  // this answer satisfies the defining property); left_inverse needs
  // static strides.
  line("composition|(5,2):(0,1)|4:3",
       composition(make_layout(make_shape(5, 2), make_stride(0, 1)), make_layout(4, 3)));
  line("left_inverse|(1,2):(-1,1)",
       left_inverse(Layout<Shape<_1,_2>, Stride<Int<-1>,_1>>{}));
  // tile_to_shape (static block and shape, as CuTe's swizzle atoms use it).
  line("tile_to_shape|(8,64):(64,1)|(128,64)",
       tile_to_shape(Layout<Shape<_8,_64>, Stride<_64,_1>>{}, Shape<_128,_64>{}));
  line("tile_to_shape|(8,8):(8,1)|(32,32)",
       tile_to_shape(Layout<Shape<_8,_8>, Stride<_8,_1>>{}, Shape<_32,_32>{}));
  line("tile_to_shape|(4,8):(1,4)|(16,16)",
       tile_to_shape(Layout<Shape<_4,_8>, Stride<_1,_4>>{}, Shape<_16,_16>{}));
  line("tile_to_shape|(8,8):(8,1)|(32,32,2)",
       tile_to_shape(Layout<Shape<_8,_8>, Stride<_8,_1>>{}, Shape<_32,_32,_2>{}));
  line("tile_to_shape|16:1|32",
       tile_to_shape(Layout<_16, _1>{}, Shape<_32>{}));
  line("tile_to_shape|(64,8):(1,64)|(128,32)",
       tile_to_shape(Layout<Shape<_64,_8>, Stride<_1,_64>>{}, Shape<_128,_32>{}));
  line("tile_to_shape|(2,2):(1,2)|(4,4)|(1,0)",
       tile_to_shape(Layout<Shape<_2,_2>, Stride<_1,_2>>{}, Shape<_4,_4>{}, Step<_1,_0>{}));
  line("tile_to_shape|4:1|(8,3)",
       tile_to_shape(Layout<_4, _1>{}, Shape<_8,_3>{}));
  line("tile_to_shape|8:1|32",
       tile_to_shape(Layout<_8, _1>{}, _32{}));
  line("tile_to_shape|(8):(1)|32",
       tile_to_shape(Layout<Shape<_8>, Stride<_1>>{}, _32{}));
  line("tile_to_shape|8:2|32",
       tile_to_shape(Layout<_8, _2>{}, Shape<_32>{}));
  line("tile_to_shape|(8,8):(8,1)|(32,64)",
       tile_to_shape(Layout<Shape<_8,_8>, Stride<_8,_1>>{}, Shape<_32,_64>{}));
  line("tile_to_shape|(8,8):(8,1)|(32,64)|(2,1)",
       tile_to_shape(Layout<Shape<_8,_8>, Stride<_8,_1>>{}, Shape<_32,_64>{}, Step<_2,_1>{}));
  line("tile_to_shape|8:1|(16,4)",
       tile_to_shape(Layout<_8, _1>{}, Shape<_16,_4>{}));
  line("tile_to_shape|(2,2):(1,2)|(4,4,3)",
       tile_to_shape(Layout<Shape<_2,_2>, Stride<_1,_2>>{}, Shape<_4,_4,_3>{}));
  line("tile_to_shape|(8,64):(64,1)|(64,128)|(1,0)",
       tile_to_shape(Layout<Shape<_8,_64>, Stride<_64,_1>>{}, Shape<_64,_128>{}, Step<_1,_0>{}));
  line("make_layout_like|(4,8):(1,1)",
       make_layout_like(Layout<Shape<_4,_8>, Stride<_1,_1>>{}));
  line("make_layout_like|(4,8):(8,1)",
       make_layout_like(Layout<Shape<_4,_8>, Stride<_8,_1>>{}));
  line("make_layout_like|(4,8,2):(1,1,7)",
       make_layout_like(Layout<Shape<_4,_8,_2>, Stride<_1,_1,_7>>{}));
  line("make_layout_like|(2,(4,8)):(9,(-2,-2))",
       make_layout_like(Layout<Shape<_2,Shape<_4,_8>>, Stride<_9,Stride<Int<-2>,Int<-2>>>>{}));
  // make_fragment_like of a layout (mode 0 compact first, the rest by
  // their strides) and slice_and_offset (SUBLAYOUT|OFFSET).
  line("make_fragment_like|(4,8):(8,1)",
       make_fragment_like(Layout<Shape<_4,_8>, Stride<_8,_1>>{}));
  line("make_fragment_like|((2,2),4,8):((16,64),1,4)",
       make_fragment_like(Layout<Shape<Shape<_2,_2>,_4,_8>, Stride<Stride<_16,_64>,_1,_4>>{}));
  line("make_fragment_like|(4,(2,3)):(3,(12,1))",
       make_fragment_like(Layout<Shape<_4,Shape<_2,_3>>, Stride<_3,Stride<_12,_1>>>{}));
  line("make_fragment_like|(4,(2,3)):(0,(12,1))",
       make_fragment_like(Layout<Shape<_4,Shape<_2,_3>>, Stride<_0,Stride<_12,_1>>>{}));
  line("make_fragment_like|(2,4,4):(1,8,8)",
       make_fragment_like(Layout<Shape<_2,_4,_4>, Stride<_1,_8,_8>>{}));
  line("make_fragment_like|8:2",
       make_fragment_like(Layout<_8, _2>{}));
  line("make_fragment_like|((2,4),3):((0,1),8)",
       make_fragment_like(Layout<Shape<Shape<_2,_4>,_3>, Stride<Stride<_0,_1>,_8>>{}));
  {
    auto [sub, off] = slice_and_offset(make_coord(make_coord(1, _), 2),
                                       Layout<Shape<Shape<_2,_2>,_4>, Stride<Stride<_16,_64>,_1>>{});
    printf("slice_and_offset|((2,2),4):((16,64),1)|((1,_),2)|"); print(sub); printf("|"); print(off); printf("\n");
  }
  {
    auto [sub, off] = slice_and_offset(make_coord(_, 2), Layout<Shape<_4,_8>, Stride<_1,_4>>{});
    printf("slice_and_offset|(4,8):(1,4)|(_,2)|"); print(sub); printf("|"); print(off); printf("\n");
  }
  // make_layout of layouts: one mode per operand.
  line("make_layout|4:1",
       make_layout(Layout<_4, _1>{}));
  line("make_layout|(2,3):(1,2)|4:6",
       make_layout(Layout<Shape<_2,_3>, Stride<_1,_2>>{}, Layout<_4, _6>{}));
  line("make_layout|(2,3):(1,2)|4:6|(2,2):(24,48)",
       make_layout(Layout<Shape<_2,_3>, Stride<_1,_2>>{}, Layout<_4, _6>{},
                   Layout<Shape<_2,_2>, Stride<_24,_48>>{}));
  return 0;
}
