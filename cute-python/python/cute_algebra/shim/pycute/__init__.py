"""``pycute`` served by cute_algebra (see ``cute_algebra.shim``)."""

from cute_algebra.pycute import *  # noqa: F401,F403
from cute_algebra.pycute import __all__  # noqa: F401
