"""Extract the messages of alhambra_lib into the template, and merge it into each catalog.

Usage: ``.venv/bin/python tools/i18n_catalogs.py`` (from the repository's root). It
writes ``alhambra_lib/locale/alhambra.pot`` from the sources (Babel's extraction, the
methods of ``babel.cfg`` and the keywords of `alhambra_lib.i18n`), then updates every
``alhambra_lib/locale/<lang>/LC_MESSAGES/alhambra.po`` from it: new messages appear
untranslated, changed ones fuzzy, gone ones are dropped. Translate what is new, and
``tests/test_i18n_catalogs.py`` passes again (docs/I18N.md).
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from alhambra_lib.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, catalog_path  # noqa: E402

#: alhambra_lib.i18n's helpers -> which arguments are the message (Babel's notation);
#: `alhambra_lib.teaching.text.counted` takes a counted phrase's two forms as ngettext does.
KEYWORDS = {"_": None, "gettext": None, "N_": None, "lazy_gettext": None,
            "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "NP_": ((1, "c"), 2),
            "counted": (1, 2)}
POT = LOCALE_DIR / f"{DOMAIN}.pot"
#: Comments starting with this tag, just above a message, go to the translators.
COMMENT_TAG = "i18n:"


def extract() -> Catalog:
    """The template: every message of the sources, with its places and comments."""
    with (ROOT / "babel.cfg").open() as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    catalog = Catalog(project="alhambra_lib", domain=DOMAIN, charset="utf-8",
                      fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
            ROOT, method_map, options_map, keywords=KEYWORDS,
            comment_tags=(COMMENT_TAG,), strip_comment_tags=True):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments,
                    context=context)
    return catalog


def pot_text(catalog: Catalog) -> bytes:
    """The template as written, without its creation date (so that a template extracted
    again from unchanged sources is the same file)."""
    from io import BytesIO
    out = BytesIO()
    write_po(out, catalog, width=96, omit_header=False, sort_output=False,
             include_lineno=False)
    return b"\n".join(line for line in out.getvalue().split(b"\n")
                      if not line.startswith(b'"POT-Creation-Date'))


def update(code: str, template: Catalog) -> None:
    """Merge the template into the catalog of `code` (created if missing)."""
    path = catalog_path(code)
    if path.exists():
        with path.open("rb") as po:
            catalog = read_po(po, locale=code, domain=DOMAIN)
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        catalog = Catalog(locale=code, domain=DOMAIN, project="alhambra_lib", fuzzy=False)
    catalog.update(template, update_header_comment=False)
    catalog.obsolete.clear()  # a message gone from the sources goes from the catalogs
    with path.open("wb") as po:
        write_po(po, catalog, width=96, omit_header=False, include_lineno=False,
                 ignore_obsolete=True)


def main() -> None:
    template = extract()
    POT.write_bytes(pot_text(template))
    for code in LANGUAGES[1:]:
        update(code, template)
    print(f"{len(template)} messages -> {POT.relative_to(ROOT)} and "
          f"{', '.join(LANGUAGES[1:])}")


if __name__ == "__main__":
    main()
