// Prints CuTe's answers for the other layout kinds the parser reads, in
// the operations that take a layout: coordinate layouts (ArithTuple
// strides, make_identity_layout) and swizzled layouts (ComposedLayout
// Swizzle o offset o Layout). Command in tests/cute-cpp/README.md. Lines:
// OP|ARG|ARG|…|ANSWER, the arguments as the operation table reads them.
#include <cute/tensor.hpp>
#include <cute/swizzle_layout.hpp>
#include <cstdio>
using namespace cute;

template <class T>
void out(T const& x) { print(x); printf("\n"); }

int main() {
  // Coordinate layouts: identity layouts of tiles.
  auto id = make_identity_layout(Shape<_4, _8>{});
  printf("size|(4,8):(1@0,1@1)|"); out(size(id));
  printf("rank|(4,8):(1@0,1@1)|"); out(rank(id));
  printf("depth|(4,8):(1@0,1@1)|"); out(depth(id));
  printf("eval|(4,8):(1@0,1@1)|(2,5)|"); out(id(make_coord(2, 5)));
  printf("eval|(4,8):(1@0,1@1)|13|"); out(id(13));
  printf("composition|(4,8):(1@0,1@1)|4:2|"); out(composition(id, Layout<_4, _2>{}));
  printf("composition|(4,8):(1@0,1@1)|(2,4):(1,8)|"); out(composition(id, Layout<Shape<_2, _4>, Stride<_1, _8>>{}));
  printf("composition|(4,8):(1@0,1@1)|<2:2,4:2>|"); out(composition(id, make_tile(Layout<_2, _2>{}, Layout<_4, _2>{})));
  printf("zipped_divide|(4,8):(1@0,1@1)|<2,4>|"); out(zipped_divide(id, Shape<_2, _4>{}));
  printf("logical_divide|(4,8):(1@0,1@1)|<2,4>|"); out(logical_divide(id, Shape<_2, _4>{}));
  printf("tiled_divide|(4,8):(1@0,1@1)|<2,4>|"); out(tiled_divide(id, Shape<_2, _4>{}));
  printf("flat_divide|(4,8):(1@0,1@1)|<2,4>|"); out(flat_divide(id, Shape<_2, _4>{}));
  printf("coalesce|(4,8):(1@0,1@1)|"); out(coalesce(id));
  printf("coalesce|(4,(2,4)):(1@0,(1@1,2@1))|"); out(coalesce(make_layout(Shape<_4, Shape<_2, _4>>{}, make_stride(E<0>{}, make_stride(E<1>{}, Int<2>{} * E<1>{})))));
  printf("flatten|((2,2),8):((1@0,2@0),1@1)|"); out(flatten(make_layout(Shape<Shape<_2, _2>, _8>{}, make_stride(make_stride(E<0>{}, Int<2>{} * E<0>{}), E<1>{}))));
  printf("group_modes|(2,4,8):(1@0,2@0,1@1)|0|2|"); out(group<0, 2>(make_layout(Shape<_2, _4, _8>{}, make_stride(E<0>{}, Int<2>{} * E<0>{}, E<1>{}))));
  printf("take|(2,4,8):(1@0,2@0,1@1)|1|3|"); out(take<1, 3>(make_layout(Shape<_2, _4, _8>{}, make_stride(E<0>{}, Int<2>{} * E<0>{}, E<1>{}))));
  printf("zipped_divide|(10,13):(1@0,1@1)|<4,8>|"); out(zipped_divide(make_identity_layout(make_shape(Int<10>{}, Int<13>{})), Shape<_4, _8>{}));
  // Swizzled layouts: a 128-byte swizzle atom of half_t and its tiles.
  auto sw = composition(Swizzle<3, 3, 3>{}, Int<0>{}, Layout<Shape<_8, _64>, Stride<_64, _1>>{});
  const char* s = "Sw<3,3,3> o 0 o (8,64):(64,1)";
  printf("size|%s|", s); out(size(sw));
  printf("rank|%s|", s); out(rank(sw));
  printf("depth|%s|", s); out(depth(sw));
  printf("cosize|%s|", s); out(cosize(sw));
  printf("eval|%s|(3,9)|", s); out(sw(make_coord(3, 9)));
  printf("composition|%s|(4,8):(1,8)|", s); out(composition(sw, Layout<Shape<_4, _8>, Stride<_1, _8>>{}));
  printf("zipped_divide|%s|<2,8>|", s); out(zipped_divide(sw, Shape<_2, _8>{}));
  printf("logical_divide|%s|<2,8>|", s); out(logical_divide(sw, Shape<_2, _8>{}));
  printf("tiled_divide|%s|<2,8>|", s); out(tiled_divide(sw, Shape<_2, _8>{}));
  printf("flat_divide|%s|<2,8>|", s); out(flat_divide(sw, Shape<_2, _8>{}));
  printf("logical_product|%s|2:1|", s); out(logical_product(sw, Layout<_2, _1>{}));
  printf("blocked_product|%s|(2,1)|", s); out(blocked_product(sw, Layout<Shape<_2, _1>>{}));
  printf("raked_product|%s|(2,2)|", s); out(raked_product(sw, Layout<Shape<_2, _2>>{}));
  printf("tile_to_shape|%s|(16,128)|", s); out(tile_to_shape(sw, Shape<_16, _128>{}));
  printf("tile_to_shape|%s|(16,128)|(1,0)|", s); out(tile_to_shape(sw, Shape<_16, _128>{}, Step<_1, _0>{}));
  printf("coalesce|%s|", s); out(coalesce(sw));
  printf("coalesce|%s|(1,1)|", s); out(coalesce(sw, Shape<_1, _1>{}));
  printf("flatten|%s|", s); out(flatten(sw));
  printf("take|%s|1|2|", s); out(take<1, 2>(sw));
  printf("complement|%s|", s); out(complement(sw));
  printf("complement|%s|1024|", s); out(complement(sw, Int<1024>{}));
  {
    auto [sl, off] = slice_and_offset(make_coord(3, _), sw);
    printf("slice_and_offset|%s|(3,_)|", s); print(sl); printf("|"); out(off);
    printf("slice|%s|(3,_)|", s); printf("0|"); out(slice(make_coord(3, _), sw));
  }
  {
    auto [dl, doff] = domain_offset(make_coord(1, 2), sw);
    printf("domain_offset|(1,2)|%s|", s); print(doff); printf("|"); out(dl);
  }
  printf("max_alignment|%s|", s); out(max_alignment(sw));
  printf("nullspace|%s|", s); out(nullspace(sw));
  auto sw2 = composition(Swizzle<2, 0, 3>{}, Int<0>{}, Layout<Shape<_4, _8>, Stride<_8, _1>>{});
  const char* s2 = "Sw<2,0,3> o 0 o (4,8):(8,1)";
  printf("zipped_divide|%s|<2,4>|", s2); out(zipped_divide(sw2, Shape<_2, _4>{}));
  return 0;
}
