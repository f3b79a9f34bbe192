"""cardtable: rules engines, a terminal table and simulators for five Japanese card games."""

from cardtable import accel as _accel

__version__ = "0.1.0"

# the optional compiled build of the hot modules, when one is built and fresh (CARDTABLE_PURE=1
# keeps the pure path); see cardtable.accel
_accel.install()
