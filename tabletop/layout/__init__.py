"""Table layouts: ``layouts/<game>.toml`` zones turned into placed shapes (mm).

No pygame here.  See :mod:`tabletop.layout.loader` for the file format.
"""

from tabletop.layout.arrange import arrange, zone_cells
from tabletop.layout.loader import check_layout_needs, load_layout, parse_layout
from tabletop.layout.model import (
    ARRANGEMENTS,
    CARD_SIZE,
    CELL_KEY_PREFIX,
    VISIBILITIES,
    ZONE_KEY_PREFIX,
    ZONE_KINDS,
    Layout,
    LayoutError,
    SlotSpec,
    Zone,
    cell_key,
    split_cell_key,
    zone_key,
)
from tabletop.layout.table import CARD, CELL, ZONE, TableGeometry

__all__ = [
    "ARRANGEMENTS",
    "CARD",
    "CARD_SIZE",
    "CELL",
    "CELL_KEY_PREFIX",
    "VISIBILITIES",
    "ZONE",
    "ZONE_KEY_PREFIX",
    "ZONE_KINDS",
    "Layout",
    "LayoutError",
    "SlotSpec",
    "TableGeometry",
    "Zone",
    "arrange",
    "cell_key",
    "check_layout_needs",
    "load_layout",
    "parse_layout",
    "split_cell_key",
    "zone_cells",
    "zone_key",
]
