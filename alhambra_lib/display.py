"""How the core's values show themselves as the value of a notebook cell.

With matplotlib installed (the ``notebooks`` extra) a Tile, an Alhambra or a Game
shows the drawing of `alhambra_lib.draw` as a PNG; on a bare install, where only
networkx is there, the plain SVG of `alhambra_lib.svg` stands in. matplotlib is
imported only when a picture is asked for, so the rules never pay for it.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["mimebundle"]


def mimebundle(obj: Any, svg: Callable[[Any], str] | None = None) -> dict[str, str | bytes]:
    """Return the notebook representation of `obj`: ``{mime type: data}``.

    Parameters
    ----------
    obj : Tile, Alhambra or Game
        Anything `alhambra_lib.draw.png_of` can draw.
    svg : callable, optional
        ``svg(obj) -> str``, the fallback picture without matplotlib.

    Examples
    --------
    >>> from alhambra_lib import Tile
    >>> sorted(mimebundle(Tile("tower", 13, "E")))
    ['image/png', 'text/plain']
    """
    try:
        from .draw import png_of
    except ImportError:  # matplotlib is optional
        bundle: dict[str, str | bytes] = {"text/plain": repr(obj)}
        if svg is not None:
            bundle["image/svg+xml"] = svg(obj)
        return bundle
    return {"image/png": png_of(obj), "text/plain": repr(obj)}
