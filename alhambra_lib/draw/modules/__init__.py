"""Each Mega Box module's drawing code, one module per Mega Box module.

`alhambra_lib.draw.pieces.MODULE_PIECES` imports ``<name>.py`` here (the module's
``drawer`` attribute) the first time it is read: importing a drawer registers its board
and table drawers (`alhambra_lib.draw.pieces.register_pieces`) and its card faces
(`alhambra_lib.draw.cards.register_card_face`). A module defined outside the library
names its own drawer module the same way.
"""
