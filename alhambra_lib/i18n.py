"""The languages a person sees: English, French, Korean and Danish.

Every sentence a player reads goes through this module. The translations are gettext
catalogs kept with Babel (docs/I18N.md): ``alhambra_lib/locale/alhambra.pot`` is
extracted from the sources by ``tools/i18n_catalogs.py``, and one
``alhambra_lib/locale/<lang>/LC_MESSAGES/alhambra.po`` per language holds its
translations. The ``.po`` files are read at run time through Babel and compiled in
memory, so there is no binary file to keep in step.

The language is chosen by `set_language`; until then it comes from the app's page (its
query string ``?lang=fr``, which Voila hands to the kernel), else the environment
variable ``ALHAMBRA_LANG``, else the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else
English. Every helper reads the language at the time it is called: a sentence told
after `set_language` is told in the new language.

English is the source language: its messages are the ``msgid`` themselves, so the English
text never depends on a catalog.

Examples
--------
>>> previous = language()
>>> set_language("fr")
>>> ngettext("{n} point", "{n} points", 3).format(n=3)
'3 points'
>>> format_list(["Ana", "Bo", "Cy"])
'Ana, Bo et Cy'
>>> set_language("en"); format_number(1234)
'1,234'
>>> set_language(previous)
"""

from __future__ import annotations

import gettext as _gettext
import io
import locale
import os
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Literal
from urllib.parse import parse_qs

from babel.lists import format_list as _babel_format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.numbers import format_percent as _babel_format_percent
from babel.support import LazyProxy, Translations

from .errors import InvalidInput

__all__ = ["LANGUAGES", "LANGUAGE_NAMES", "DOMAIN", "LOCALE_DIR", "set_language", "language",
           "gettext", "_", "ngettext", "pgettext", "N_", "NP_", "lazy_gettext", "format_number", "format_percent",
           "format_list", "catalog_path", "translations", "language_of_query"]

#: The list styles of `babel.lists.format_list`.
ListStyle = Literal["standard", "standard-short", "or", "or-short", "unit", "unit-short",
                    "unit-narrow"]

#: The languages the app speaks, English (the source language) first.
LANGUAGES = ("en", "fr", "ko", "da")
#: Each language named in itself, for a language choice.
LANGUAGE_NAMES = {"en": "English", "fr": "Français", "ko": "한국어", "da": "Dansk"}
#: The gettext domain: the catalogs' file name.
DOMAIN = "alhambra"
#: Where the catalogs live: ``<lang>/LC_MESSAGES/alhambra.po`` and ``alhambra.pot``.
LOCALE_DIR = Path(__file__).resolve().parent / "locale"


def language_of_query(query: str) -> str | None:
    """The language a page's query string chooses (``lang=fr``), if one the app speaks.

    >>> language_of_query("lang=ko&x=1"), language_of_query("lang=tlh"), language_of_query("")
    ('ko', None, None)
    """
    chosen = parse_qs(query).get("lang", [""])[-1].strip().lower()
    return chosen if chosen in LANGUAGES else None


def _from_environment() -> str:
    """The language of the app's page (Voila gives its kernel the page's query string as
    ``QUERY_STRING``: the front page's choice, ``?lang=fr``), else the one
    ``ALHAMBRA_LANG`` names, else the locale's, else English."""
    page = language_of_query(os.environ.get("QUERY_STRING", ""))
    if page:
        return page
    chosen = os.environ.get("ALHAMBRA_LANG", "").strip().lower()[:2]
    if chosen in LANGUAGES:
        return chosen
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        code = os.environ.get(variable, "").lower()[:2]
        if code:  # the first variable set decides, as for gettext itself
            return code if code in LANGUAGES else "en"
    code = (locale.getlocale()[0] or "").lower()[:2]
    return code if code in LANGUAGES else "en"


_current = _from_environment()


def set_language(code: str) -> None:
    """Speak `code` (one of `LANGUAGES`) from now on.

    Raises
    ------
    InvalidInput
        A language the app does not speak; the language stays as it was.

    Examples
    --------
    >>> set_language("tlh")
    Traceback (most recent call last):
    ...
    alhambra_lib.errors.InvalidInput: language must be one of en, fr, ko, da, got 'tlh'
    """
    global _current
    if code not in LANGUAGES:
        raise InvalidInput(f"language must be one of {', '.join(LANGUAGES)}, got {code!r}")
    _current = code


def language() -> str:
    """The language the app speaks now, one of `LANGUAGES`."""
    return _current


def catalog_path(code: str) -> Path:
    """The ``.po`` file of the language `code`."""
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def translations(code: str) -> _gettext.NullTranslations:
    """The compiled catalog of `code`: its ``.po`` read by Babel and compiled in memory
    (English, the source language, needs none)."""
    if code == "en":
        return _gettext.NullTranslations()
    with catalog_path(code).open("rb") as po:
        catalog = read_po(po, locale=code, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)  # fuzzy entries left out, as msgfmt does
    compiled.seek(0)
    return Translations(compiled, domain=DOMAIN)


def gettext(message: str) -> str:
    """`message` in the current language."""
    return translations(_current).gettext(message)


#: The usual short name, the keyword Babel extracts.
_ = gettext


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of `singular`/`plural` the current language uses for `n` things."""
    return translations(_current).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` in the current language, told apart from the same English words used
    elsewhere by `context`."""
    return translations(_current).pgettext(context, message)


def N_(message: str) -> str:  # noqa: N802 (the gettext convention)
    """Mark `message` for extraction only: it is translated later, where it is shown."""
    return message


def NP_(context: str, message: str) -> str:  # noqa: N802 (the gettext convention)
    """Mark `message` with its `context` for extraction only: it is said later by
    ``pgettext(context, message)``."""
    return message


def lazy_gettext(message: str) -> LazyProxy:
    """`message`, translated each time it is used as text (for module-level constants)."""
    translate: Callable[[str], str] = gettext
    return LazyProxy(translate, message, enable_cache=False)


def format_number(number: float) -> str:
    """`number` written as the current language writes numbers (``1,234``, ``1 234``)."""
    return format_decimal(number, locale=_current)


def format_percent(share: float) -> str:
    """`share` (0.625) as a whole percentage of the current language: ``62 %`` in English
    (as the app always wrote it), Babel's pattern otherwise (``62 %``, ``62%``)."""
    if _current == "en":
        return f"{share:.0%}".replace("%", " %")
    return _babel_format_percent(share, locale=_current)


def format_list(items: Sequence[str], style: ListStyle = "standard") -> str:
    """`items` as one phrase of the current language: ``A, B and C``, ``A, B et C``,
    ``A, B 및 C`` (Babel's list patterns; `style` as `babel.lists.format_list`)."""
    return _babel_format_list(list(items), style=style, locale=_current)
