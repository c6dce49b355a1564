"""Issue 33: the catalogs stay complete. `make test` runs this file: it fails when the
template is out of date with the sources (run tools/i18n_catalogs.py), or when a
language's catalog has a message untranslated, fuzzy, or with other placeholders than
the English (docs/I18N.md)."""

from __future__ import annotations

import importlib.util
import re
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from alhambra_lib import i18n

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("i18n_catalogs", ROOT / "tools" / "i18n_catalogs.py")
assert _spec and _spec.loader
catalogs = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(catalogs)


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields of a message (``str.format`` syntax)."""
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def test_the_template_is_extracted_from_the_sources_as_they_are():
    fresh = catalogs.pot_text(catalogs.extract())
    kept = catalogs.POT.read_bytes()
    assert fresh == kept, "run tools/i18n_catalogs.py: the .pot is out of date with the sources"


@pytest.mark.parametrize("code", i18n.LANGUAGES[1:])
def test_every_message_is_translated_with_the_same_placeholders(code):
    with catalogs.POT.open("rb") as pot:
        wanted = {(m.context, m.id if isinstance(m.id, str) else m.id[0])
                  for m in read_po(pot) if m.id}
    with i18n.catalog_path(code).open("rb") as po:
        catalog = read_po(po, locale=code)
    found, faults = set(), []
    for message in catalog:
        if not message.id:
            continue
        ids = (message.id,) if isinstance(message.id, str) else message.id
        strings = (message.string,) if isinstance(message.string, str) else message.string
        found.add((message.context, ids[0]))
        if message.fuzzy:
            faults.append(f"fuzzy: {ids[0]!r}")
        elif not all(strings):
            faults.append(f"untranslated: {ids[0]!r}")
        elif any(placeholders(s) != placeholders(ids[-1]) and placeholders(s) != placeholders(ids[0])
                 for s in strings):
            faults.append(f"placeholders differ: {ids[0]!r} -> {strings!r}")
    faults += [f"missing: {m!r}" for m in sorted(wanted - found, key=str)]
    assert not faults, f"{code}: " + "; ".join(faults[:12])


@pytest.mark.parametrize("code", i18n.LANGUAGES[1:])
def test_the_catalog_compiles_and_its_plural_forms_are_the_languages(code):
    compiled = i18n.translations(code)
    forms = {"fr": "nplurals=2; plural=(n > 1);", "ko": "nplurals=1; plural=0;",
             "da": "nplurals=2; plural=(n != 1);"}
    assert re.sub(r"\s", "", compiled.info()["plural-forms"]) == re.sub(r"\s", "", forms[code])


def test_a_language_the_app_does_not_speak_is_refused_and_changes_nothing():
    before = i18n.language()
    with pytest.raises(i18n.InvalidInput):
        i18n.set_language("de")
    assert i18n.language() == before


def test_the_default_language_comes_from_alhambra_lang_then_the_locale(monkeypatch):
    for variable in ("ALHAMBRA_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "da_DK.UTF-8")
    assert i18n._from_environment() == "da"
    monkeypatch.setenv("ALHAMBRA_LANG", "ko")
    assert i18n._from_environment() == "ko"
    monkeypatch.setenv("ALHAMBRA_LANG", "xx")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert i18n._from_environment() == "en"


def test_a_page_s_query_chooses_the_language_before_alhambra_lang(monkeypatch):
    monkeypatch.setenv("ALHAMBRA_LANG", "da")
    monkeypatch.setenv("QUERY_STRING", "lang=fr")
    assert i18n._from_environment() == "fr"
    monkeypatch.setenv("QUERY_STRING", "lang=xx")
    assert i18n._from_environment() == "da"


def test_the_front_page_has_its_words_in_every_language():
    from alhambra_lib.front_page import page_words

    korean = page_words("ko", 8)
    assert korean["heading"] == "알함브라: 플레이, 규칙 배우기, 분석"
    assert korean["paths"]["play"]["title"] == "플레이" and "8" in korean["all"]
    assert page_words("en", 8)["heading"] == "Alhambra: play, learn the rules, analyse"
