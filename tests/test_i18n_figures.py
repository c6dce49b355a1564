"""Issue 33: the pictures speak the language, and Hangul renders in matplotlib figures
(a font covering it is installed by .ci/run and used as a fallback in Korean)."""

from __future__ import annotations

import warnings

import matplotlib
import pytest

from alhambra_lib import i18n
from alhambra_lib.draw import png_of
from alhambra_lib.draw.fonts import hangul_font, language_fonts
from alhambra_lib.score_sheet import ScoreSheet
from alhambra_lib.draw.scores import draw_score_track


def _track():
    sheet = ScoreSheet(["Ana", "Bo", "Cy"])
    sheet.record(1, {"Ana": {"tower": 2}, "Bo": {"garden": 1}}, {"Ana": 3})
    return draw_score_track(sheet.scoring_events())


@pytest.fixture
def korean():
    previous = i18n.language()
    i18n.set_language("ko")
    yield
    i18n.set_language(previous)


def test_korean_figures_fall_back_on_a_hangul_font_latin_ones_do_not():
    if hangul_font() is None:
        pytest.skip("no Hangul font installed (.ci/run installs fonts-nanum)")
    assert language_fonts("ko") == ["DejaVu Sans", hangul_font()]
    assert language_fonts("fr") == language_fonts("en") == ["DejaVu Sans"]


def test_a_korean_score_track_is_titled_in_hangul_with_no_glyph_missing(korean):
    if hangul_font() is None:
        pytest.skip("no Hangul font installed (.ci/run installs fonts-nanum)")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        ax = _track()
        png_of(ax.figure)
    missing = [str(w.message) for w in caught if "missing from" in str(w.message)]
    assert not missing, missing[:3]
    assert ax.get_title(loc="left").startswith("정산별 점수")
    assert ax.get_ylabel() == "점수"
    assert matplotlib.rcParams["font.family"][-1] == hangul_font()
