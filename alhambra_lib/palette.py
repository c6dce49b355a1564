"""One palette for every drawing: the colours of the tile types as printed.

The building types keep the colours of the printed tiles (blue pavilions, red
seraglios, brown arcades, cream chambers, green gardens, purple towers), so a
drawing reads like the table.
"""

__all__ = ["KIND_COLOURS", "WALL_COLOUR", "LONGEST_WALL_COLOUR", "EMPTY_COLOUR"]

KIND_COLOURS = {
    "fountain": "#d9d2c3",
    "pavilion": "#4f86c6",
    "seraglio": "#c8453c",
    "arcades": "#9a6a3f",
    "chambers": "#efe3c2",
    "garden": "#4c9a4a",
    "tower": "#7d559b",
}
WALL_COLOUR = "#2b2b2b"
LONGEST_WALL_COLOUR = "#ffb000"
EMPTY_COLOUR = "#ffffff"
