"""An importable ``pycute`` that is ``cute_algebra.pycute``.

Put this directory first on ``sys.path`` (``PYTHONPATH=$(python -m
cute_algebra.shim)``) and ``import pycute`` / ``from pycute import *`` load
cute_algebra's drop-in, so code and tests written for pycute run unchanged.
"""

import os

PATH = os.path.dirname(os.path.abspath(__file__))
