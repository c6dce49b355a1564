"""Wording shared by the teaching material: counted words and lists of cells.

Examples
--------
>>> plural(1, "tile"), plural(3, "wall side")
('1 tile', '3 wall sides')
>>> cell_list({(1, 0), (0, 1)}), cell_list([(0, 0), (0, 1), (0, 2)], most=2)
('(0, 1), (1, 0)', '(0, 0), (0, 1) and 1 more')
"""

__all__ = ["plural", "cell_list"]


def plural(n, word):
    """`n` and `word`, with an s unless `n` is 1."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def cell_list(cells, most=None):
    """The cells in order, separated by commas.

    Parameters
    ----------
    cells : iterable of tuple
    most : int, optional
        Name at most this many; the others are counted ("and 3 more").

    Returns
    -------
    str
    """
    cells = sorted(cells)
    shown = cells if most is None else cells[:most]
    named = ", ".join(map(str, shown))
    return named + (f" and {len(cells) - len(shown)} more" if len(shown) < len(cells) else "")
