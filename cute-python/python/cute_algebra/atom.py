"""The atom layer: MMA and copy atoms by CuTe's names, tiled MMAs and copies
(their TV layouts, partitions and pictures) and SM90 GMMA descriptors.

>>> from cute_algebra.atom import MmaAtom, mma_atom_names
>>> "SM80_16x8x16_F32F16F16F32_TN" in mma_atom_names()
True
>>> MmaAtom("SM80_16x8x16_F32F16F16F32_TN").shape_mnk
(16, 8, 16)
"""

from ._native import (  # noqa: F401
    CopyAtom,
    MmaAtom,
    TiledCopy,
    TiledMma,
    copy_atom_names,
    make_gmma_desc,
    mma_atom_names,
    tv_svg,
)

__all__ = [
    "CopyAtom", "MmaAtom", "TiledCopy", "TiledMma",
    "copy_atom_names", "make_gmma_desc", "mma_atom_names", "tv_svg",
]
