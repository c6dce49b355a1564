"""Helpers of the translation tests (issue 33): English words left in translated text."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from alhambra_lib import i18n

# A fixture: the tests import it (`from _i18n_helpers import speaking`).
@pytest.fixture
def speaking():
    """Set a language for one test and put the previous one back after it."""
    previous = i18n.language()
    yield i18n.set_language
    i18n.set_language(previous)


#: Words the English messages share with names and markup, never a sign of English left.
_NEUTRAL = {"True", "False", "Alhambra", "Dirk", "scores", "csv"}


def _words(text):
    """The words of 4 letters or more, outside placeholders and HTML tags."""
    return set(re.findall(r"[A-Za-z]{4,}", re.sub(r"\{[^}]*\}|<[^>]*>", " ", text)))


def english_left(code, lines):
    """The words of the English messages (4 letters or more, no placeholder) found in
    `lines`, leaving out those the language's own translations use too (florin,
    arcades...)."""
    with (i18n.LOCALE_DIR / f"{i18n.DOMAIN}.pot").open("rb") as pot:
        english = set().union(*(_words(m.id if isinstance(m.id, str) else " ".join(m.id))
                                for m in read_po(pot) if m.id))
    with i18n.catalog_path(code).open("rb") as po:
        own = set().union(*(_words(m.string if isinstance(m.string, str)
                                   else " ".join(m.string)) for m in read_po(po) if m.id))
    english -= own | _NEUTRAL
    return {w for line in lines for w in _words(line) if w in english}




def widget_texts(root) -> list[str]:
    """Every text a person sees in the widget tree under `root`: descriptions, tooltips,
    placeholders, the HTML and labels' values, the options' labels and the titles (HTML
    styles and tags left out)."""
    import ipywidgets as widgets

    texts, seen, todo = [], set(), [root]
    while todo:
        widget = todo.pop()
        if id(widget) in seen:
            continue
        seen.add(id(widget))
        for name in ("description", "tooltip", "placeholder"):
            value = getattr(widget, name, None)
            if isinstance(value, str) and value:
                texts.append(value)
        if isinstance(widget, (widgets.HTML, widgets.Label, widgets.HTMLMath)):
            texts.append(re.sub(r"<style.*?</style>|style='[^']*'|style=\"[^\"]*\"", " ",
                                widget.value, flags=re.S))
        texts += [str(label) for label in getattr(widget, "_options_labels", ())]
        texts += [str(title) for title in getattr(widget, "titles", ()) or ()]
        todo += [child for child in getattr(widget, "children", ()) or ()
                 if isinstance(child, widgets.Widget)]
    return texts


def figure_texts(figure) -> list[str]:
    """Every word drawn in a matplotlib `figure`: its suptitle and legends, and in each Axes
    the titles, axis labels, tick labels, legend entries, texts and annotations, and the
    labels drawn as glyph outlines (`alhambra_lib.draw.LabelCollection`)."""
    from alhambra_lib.draw import LabelCollection

    texts = [t.get_text() for t in figure.texts]
    if getattr(figure, "_suptitle", None) is not None:
        texts.append(figure._suptitle.get_text())
    legends = list(figure.legends)
    for ax in figure.axes:
        texts += [ax.get_title(loc=where) for where in ("left", "center", "right")]
        texts += [ax.get_xlabel(), ax.get_ylabel()]
        texts += [t.get_text() for t in ax.get_xticklabels() + ax.get_yticklabels()]
        texts += [t.get_text() for t in ax.texts]
        texts += [c.texts for c in ax.collections if isinstance(c, LabelCollection)]
        legends += [ax.get_legend()] if ax.get_legend() is not None else []
    for legend in legends:
        texts += [t.get_text() for t in legend.get_texts()]
        if legend.get_title().get_text():
            texts.append(legend.get_title().get_text())
    flat = []
    for text in texts:
        flat += list(text) if isinstance(text, tuple) else [text]
    return [t for t in flat if t]
