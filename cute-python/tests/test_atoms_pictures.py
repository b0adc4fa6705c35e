"""The atom layer and the pictures.

Expected TV layouts and descriptors are not written here by hand: each is
checked against its defining property by evaluation (the tiled MMA's and
copy's partitions against their TV layouts, the descriptor's fields against
the layout), and the pictures against cute-dynamic's renderer as `cute svg`
draws them (the cells of a layout picture are its offsets)."""

import re

import pytest

from cute_algebra import ComposedLayout, Layout, Swizzle, errors, size
from cute_algebra.atom import (
    CopyAtom, MmaAtom, TiledCopy, TiledMma, copy_atom_names, make_gmma_desc, mma_atom_names, tv_svg,
)


def test_atom_names_load():
    assert len(mma_atom_names()) > 10 and len(copy_atom_names()) > 5
    for n in mma_atom_names():
        a = MmaAtom(n)
        m, nn, k = a.shape_mnk
        # every (m, n) of the C tile is held by exactly one (thread, value)
        c = a.layout_c
        assert sorted(c(i) for i in range(size(c))) == list(range(m * nn)), n


def test_unknown_atom_raises():
    with pytest.raises(errors.CuteError):
        MmaAtom("SM80_NOT_AN_ATOM")


@pytest.mark.parametrize("op", ["A", "B", "C"])
def test_tiled_mma_partition_matches_tv_layout(op):
    mma = TiledMma(MmaAtom("SM80_16x8x16_F32F16F16F32_TN"), Layout((2, 2, 1)))
    tile = mma.tile_shape(op)
    tv = mma.layout_tv(op)
    # a column-major tensor of exactly one tile: thread t's partition holds
    # the tile indices tv(t, v), in value order
    for t in (0, 1, 31, 64, mma.size - 1):
        part, off = mma.partition(op, t, Layout(tile))
        got = [off + part(i) for i in range(size(part))]
        want = [tv(t, v) for v in range(size(tv[1]))]
        assert got == want, (op, t)


def test_tiled_copy_partition_matches_tv_layout():
    cp = TiledCopy(CopyAtom("UniversalCopy<uint32_t>", "half_t"), Layout((32, 8), (8, 1)), Layout((1, 2)))
    assert cp.size == 256
    tv = cp.layout_tv("S")
    for t in (0, 5, 255):
        part, off = cp.partition("S", t, Layout(cp.tiler_mn))
        got = [off + part(i) for i in range(size(part))]
        assert got == [tv(t, v) for v in range(size(tv[1]))]


def test_copy_for_mma_operand():
    mma = TiledMma(MmaAtom("SM80_16x8x16_F32F16F16F32_TN"), Layout((2, 2, 1)))
    cp = TiledCopy.for_mma(CopyAtom("SM75_U32x4_LDSM_N", "half_t"), mma, "A")
    assert cp.size == mma.size
    assert cp.tiler_mn == mma.tile_shape("A")


def test_gmma_descriptor_fields():
    s = ComposedLayout(Swizzle(3, 3, 3), 0, Layout(((8, 8), 16), ((64, 512), 1)))
    bits, text = make_gmma_desc("K", s, 16, 0x400)
    assert bits & 0x3FFF == 0x400 >> 4  # start address, in 16-byte units
    assert bits >> 62 == 1  # layout type SW128
    assert "0x" in text
    with pytest.raises(errors.NonCanonicalGmmaLayoutError):
        make_gmma_desc("K", Layout((64, 16), (16, 1)), 16)


def cell_texts(svg):
    return re.findall(r"<text[^>]*>([^<]*)</text>", svg)


def test_layout_picture_shows_offsets():
    L = Layout((4, 8), (8, 1))
    svg = L._repr_svg_()
    assert svg.startswith("<svg") or svg.startswith("<?xml")
    texts = cell_texts(svg)
    for i in range(size(L)):
        assert str(L(i)) in texts
    assert L._repr_html_().count("<svg") == 1


def test_tv_and_atom_pictures():
    mma = TiledMma(MmaAtom("SM80_16x8x16_F32F16F16F32_TN"))
    assert mma._repr_svg_().count("<svg") >= 1
    assert "<svg" in tv_svg(mma.layout_tv("C"), 16, 8)
    sw = ComposedLayout(Swizzle(3, 3, 3), 0, Layout((8, 64), (64, 1)))
    assert "<svg" in sw._repr_svg_()


def cute_bin():
    import os

    here = os.path.dirname(os.path.abspath(__file__))
    for p in (os.environ.get("CUTE_BIN"), os.path.join(here, "..", "..", "target", "debug", "cute"),
              os.path.join(here, "..", "..", "target", "release", "cute")):
        if p and os.path.isfile(p) and os.access(p, os.X_OK):
            return p
    return None


@pytest.mark.skipif(cute_bin() is None, reason="the cute binary is not built (CUTE_BIN or target/debug/cute)")
def test_pictures_are_those_of_cute_svg():
    import subprocess

    def cli(*args):
        return subprocess.run([cute_bin(), "svg", *args], capture_output=True, text=True, check=True).stdout

    assert Layout(((2, 2), (4, 2)), ((1, 8), (2, 16)))._repr_svg_() == cli("((2,2),(4,2)):((1,8),(2,16))")
    sw = ComposedLayout(Swizzle(3, 3, 3), 0, Layout((8, 64), (64, 1)))
    assert sw._repr_svg_() == cli("Sw<3,3,3> o 0 o (8,64):(64,1)")
    assert sw.svg(4) == cli("Sw<3,3,3> o 0 o (8,64):(64,1)", "--element-bytes", "4")
    tv = Layout(((4, 8), (2, 2)), ((32, 1), (16, 8)))
    assert tv_svg(tv, 16, 8) == cli("--tv", "16x8", "((4,8),(2,2)):((32,1),(16,8))")
    # CuTe's (2,2,1) is (2,2,1):(1,2,0) (a size-1 mode has stride 0);
    # pycute's Layout((2, 2, 1)) has the prefix products (1, 2, 4)
    mma = TiledMma(MmaAtom("SM80_16x8x16_F32F16F16F32_TN"), Layout((2, 2, 1), (1, 2, 0)))
    assert mma._repr_svg_() == cli("--mma", "SM80_16x8x16_F32F16F16F32_TN", "--atom-layout", "(2,2,1)")
    cp = TiledCopy(CopyAtom("UniversalCopy<uint32_t>", "half_t"), Layout((32, 8), (8, 1)), Layout((1, 2)))
    assert cp._repr_svg_() == cli("--copy", "UniversalCopy<uint32_t>", "--value-type", "half_t",
                                  "--thr", "(32,8):(8,1)", "--val", "(1,2)")
