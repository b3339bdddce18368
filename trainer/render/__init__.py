"""Pictures of dominoes: tiles, hands and whole layouts as SVG text (no Streamlit here).

>>> from trainer.rules import Layout
>>> from trainer.render import render_layout
>>> svg = render_layout(Layout.from_record("1-4 1-1>1-4", variant="all-fives"), working=True)
>>> svg.startswith("<svg") and 'data-end="1-4:4"' in svg
True
"""

from trainer.render.geometry import Geometry, PlacedTile, layout_geometry
from trainer.render.numberline import render_number_line
from trainer.render.svg import (
    CELL,
    CLASSROOM,
    PROJECTOR,
    STYLES,
    Style,
    describe_layout,
    end_letters,
    render_hand,
    render_layout,
    render_tile,
)

__all__ = [
    "CELL", "CLASSROOM", "PROJECTOR", "STYLES", "Geometry", "PlacedTile", "Style", "describe_layout", "end_letters",
    "layout_geometry", "render_hand", "render_layout", "render_number_line", "render_tile",
]
