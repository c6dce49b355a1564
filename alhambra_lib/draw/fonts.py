"""Fonts for the language of the figures: Hangul needs a font matplotlib does not ship.

`use_language_fonts` (called by every figure the library makes, `figure._Figure`) sets
matplotlib's font family for the current language of `alhambra_lib.i18n`: DejaVu Sans
first, as always, and for Korean a Hangul font after it, which matplotlib uses as a
fallback for the glyphs DejaVu Sans lacks. The project's set-up installs the font: Debian's
``fonts-nanum`` (``.ci/run``, docs/I18N.md); Noto Sans CJK is taken as well when it is
there instead.
"""

from __future__ import annotations

import warnings
from functools import cache
from pathlib import Path

import matplotlib
from matplotlib import font_manager

from ..i18n import language

__all__ = ["HANGUL_FONTS", "hangul_font", "language_fonts", "use_language_fonts"]

#: Font families that cover Hangul, the first found is used, and where Debian puts them.
HANGUL_FONTS = {"NanumGothic": "/usr/share/fonts/truetype/nanum/NanumGothic.ttf",
                "NanumBarunGothic": "/usr/share/fonts/truetype/nanum/NanumBarunGothic.ttf",
                "Noto Sans CJK KR": "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"}
#: The family every figure starts with (matplotlib's own).
_LATIN = "DejaVu Sans"


@cache
def hangul_font() -> str | None:
    """The family of an installed font that covers Hangul, registered with matplotlib, or
    None (with a warning: Korean figures would show empty boxes)."""
    known = {font.name for font in font_manager.fontManager.ttflist}
    for family, path in HANGUL_FONTS.items():
        if family not in known and Path(path).exists():
            font_manager.fontManager.addfont(path)
            known.add(family)
        if family in known:
            return family
    warnings.warn("no font covering Hangul is installed (Debian: apt-get install "
                  "fonts-nanum): Korean text in figures shows as empty boxes", stacklevel=2)
    return None


def language_fonts(code: str | None = None) -> list[str]:
    """The font families for figures in `code` (by default the current language)."""
    code = code or language()
    hangul = hangul_font() if code == "ko" else None
    return [_LATIN] + ([hangul] if hangul else [])


def use_language_fonts() -> None:
    """Set matplotlib's font family for the current language (a Hangul fallback for ko)."""
    families = language_fonts()
    if matplotlib.rcParams["font.family"] != families:
        matplotlib.rcParams["font.family"] = families
