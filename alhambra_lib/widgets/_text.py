"""Wording shared by the step-by-step narrations (`search_steps`, `wall_steps`).

Examples
--------
>>> plural(1, "tile"), plural(3, "wall side")
('1 tile', '3 wall sides')
"""

__all__ = ["plural"]


def plural(n, word):
    """`n` and `word`, with an s unless `n` is 1."""
    return f"{n} {word}{'' if n == 1 else 's'}"
