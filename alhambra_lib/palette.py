"""One palette for every drawing: the colours of the tile types as printed.

The building types keep the colours of the printed tiles (blue pavilions, red
seraglios, brown arcades, cream chambers, green gardens, purple towers), so a
drawing reads like the table. Players, money and explanations get colours of their
own, chosen so that none of them is mistaken for a tile type.
"""

__all__ = [
    "CARD_BACK_COLOUR",
    "CORNER_COLOURS",
    "CURRENCY_COLOURS",
    "DIRK_COLOUR",
    "EMPTY_COLOUR",
    "EXTERNAL_WALL_COLOUR",
    "FOUNTAIN_RING_COLOUR",
    "GRID_COLOUR",
    "ILLEGAL_COLOUR",
    "KIND_COLOURS",
    "LEGAL_COLOUR",
    "LEGAL_TEXT_COLOUR",
    "LONGEST_WALL_COLOUR",
    "PIECE_COLOURS",
    "REASON_TEXT_COLOUR",
    "SEARCH_COLOURS",
    "SERIES_COLOURS",
    "STICK_COLOUR",
    "WALL_COLOUR",
]

KIND_COLOURS = {
    "fountain": "#d9d2c3",
    "pavilion": "#4f86c6",
    "seraglio": "#c8453c",
    "arcades": "#9a6a3f",
    "chambers": "#efe3c2",
    "garden": "#4c9a4a",
    "tower": "#7d559b",
    # The Mega Box's tiles (RULES.md §M4, §M8, §M16): a hut is drawn in its colour's type
    # with a roof mark, so its own entry is the frame; camps are the printed dark green.
    "hut": "#b9ad96",
    "camp": "#2f5d34",
    "bazaar": "#c9a24a",
}
WALL_COLOUR = "#2b2b2b"
#: A City Walls stick (M9): a wooden bar, apart from the printed dark walls.
STICK_COLOUR = "#f0b46e"
LONGEST_WALL_COLOUR = "#ffb000"
EMPTY_COLOUR = "#ffffff"

#: Outlines of the empty cells of the building grid.
GRID_COLOUR = "#dddddd"
#: The ring that marks the fountain.
FOUNTAIN_RING_COLOUR = "#3a78b5"
#: Shading of the cells where a tile may go, and of frontier cells where it may not.
LEGAL_COLOUR = "#bfe8b0"
ILLEGAL_COLOUR = "#f6d3cf"
#: Reason codes written on frontier cells, and "ok" on the legal ones.
REASON_TEXT_COLOUR = "#a8281d"
LEGAL_TEXT_COLOUR = "#1d6b1d"

#: The longest-wall search step by step: external segments, and the corners of the
#: corner graph by their number of segments (1: an end, 2: passing, 3+: a fork).
EXTERNAL_WALL_COLOUR = "#56b4e9"
CORNER_COLOURS = {"end": "#d55e00", "passing": "#ffffff", "fork": "#cc79a7"}

#: A search step by step: cells reached earlier, the layer just reached, and the
#: cells the search never reaches (enclosed empty cells, tiles cut off).
SEARCH_COLOURS = {"reached": "#3fb0bf", "newest": "#e69f00", "missed": "#d55e00"}

#: Money cards and the market squares of each currency.
CURRENCY_COLOURS = {
    "denar": "#e0a526",
    "dirham": "#5aa6a0",
    "ducat": "#4a6fb5",
    "florin": "#b5546a",
}

#: Colours for players (in seat order) and other series (wall chains): the
#: colour-blind-safe Okabe-Ito set, without the yellow that vanishes on white and the
#: black that vanishes on walls: six, one per seat.
SERIES_COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9")
#: The neutral player Dirk of the two-player game.
DIRK_COLOUR = "#8c8c8c"

#: The back of a face-down card (a hidden bonus card, the attack cards' pile).
CARD_BACK_COLOUR = "#6d6d6d"
#: The Mega Box's pieces on and beside the boards (RULES.md Part II), kept clear of the
#: tile types, the walls and the longest wall's amber.
PIECE_COLOURS = {
    "awake": "#f2c14e",  # a vizier token awake (gold); asleep it is grey
    "asleep": "#b0b0b0",
    "chest": "#e3b23c",  # a chest (M13): gold on its building
    "citizen_edge": "#ffffff",  # a citizen (M12) in its type's colour, ringed white
    "merchant": "#ffffff",  # the merchant's disc, ringed in its owner's colour
    "attack": "#d62728",  # an attack (M15) and the unprotected sides it gets through
    "camp_line": "#ff7f0e",  # a camp's bastion looking down the line it scores (M8)
    "counted": "#ffffff",  # a neighbour a hut (M4) or a bazaar (M16) counts
}
