"""The rules reference `docs/RULES.md` and the section citations pointing into it.

Code, tests and notebooks cite the reference by section: "RULES.md §8.4", "RULES §6",
"§§3–10", "§4a", "§M1", "§ 5.2". A bare "§n" in those files refers to `docs/RULES.md`
too. Every cited section must be a heading of the reference ("## 8 Scoring",
"### 8.4 Walls", "## M1 Vizier's Favour") or one of its numbered points, a line that
starts with the point's number in bold ("- **3.4 Starting money.**", "- **4a Take
money.**").

Scanned: the ``.py`` and ``.ipynb`` files under ``alhambra_lib/``, ``tests/`` and
``notebooks/`` (notebook cells' sources, not their outputs), and ``README.md``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "RULES.md"
SCANNED_DIRS = ("alhambra_lib", "tests", "notebooks")
SCANNED_FILES = ("README.md",)
SUFFIXES = (".py", ".ipynb")

SECTION = "\u00a7"  # the section sign, kept out of this file's own text on purpose

# A section id as cited: "8", "8.4", "4a", "M1", "M0.17". The capture is generous
# ("4ab", "8.4x" are taken whole) so that a malformed id fails to resolve instead of
# being silently shortened; a trailing full stop belongs to the sentence.
_ID = r"M?\d[\w.]*"
_GAP = r"[ \u00a0]?"
CITATION = re.compile(
    rf"{SECTION}{{1,2}}{_GAP}(?P<first>{_ID})"
    rf"(?:{_GAP}[–-]{_GAP}{SECTION}{{0,2}}{_GAP}(?P<last>{_ID}))?")

_HEADING = re.compile(r"^(?P<hashes>#{1,6})\s+(?P<rest>.*)$")
_HEADING_ID = re.compile(r"(?P<id>M?\d+(?:\.\d+)*[a-z]?)(?=\s|$)")
_POINT = re.compile(r"^\s*(?:[-*]\s+|\d+\.\s+)?\*\*(?P<id>M?\d+(?:\.\d+)*[a-z]?)(?=[\s.*:])")

# The numbering other files rely on: RULES.md keeps the base sections of the shared
# rules reference, and these points are cited (or meant to be citable) by number.
BASE_SECTIONS = tuple(str(n) for n in range(1, 13))
REQUIRED = (
    "3.1", "3.2", "3.3", "3.4", "3.5", "3.6", "3.7",
    "4a", "4b", "4c",
    "5.1", "5.2", "5.3", "5.4",
    "8.1", "8.2", "8.3", "8.4",
    "9.1", "9.2", "9.3", "9.4", "9.5", "9.6",
    "M0", "M0.2", "M0.3", "M0.4", "M0.17", "M1", "M2", "M3",
)


@dataclass(frozen=True)
class Citation:
    """One section citation: where it is, what it says, the section ids it names."""

    where: str  # "alhambra_lib/game.py:122" or "notebooks/x.ipynb cell 4 line 2"
    text: str  # the citation as written, e.g. "§§3–10"
    ids: tuple

    def __str__(self):
        return f"{self.where}: {self.text!r}"


# -- the reference --------------------------------------------------------------------------


@dataclass(frozen=True)
class Anchor:
    """A citable place of RULES.md: a numbered heading or a numbered point."""

    id: str
    line: int
    kind: str  # "heading" or "point"
    section: str | None  # the id of the numbered ## section it lies in


def rules_anchors(text):
    """The citable places of a rules reference's text, in order.

    Headings of levels 2 to 4 whose title starts with a section number are anchors, and
    so are numbered points: lines starting (after a list marker) with a bold number.
    Text inside fenced code blocks (the figures) is skipped.
    """
    anchors = []
    section = None
    fenced = False
    for number, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            continue
        heading = _HEADING.match(line)
        if heading:
            level = len(heading["hashes"])
            found = _HEADING_ID.match(heading["rest"])
            if level == 2:
                section = found["id"] if found else None
            if found and 2 <= level <= 4:
                anchors.append(Anchor(found["id"], number, "heading", section))
            continue
        point = _POINT.match(line)
        if point:
            anchors.append(Anchor(point["id"], number, "point", section))
    return anchors


def rules_ids(path=RULES):
    return {a.id for a in rules_anchors(path.read_text(encoding="utf-8"))}


# -- the citations --------------------------------------------------------------------------


def _clean(raw):
    return raw.rstrip(".")


def _expand(first, last):
    """The ids a citation names: one, or every whole section of a range like 3–10."""
    if last is None:
        return (first,)
    a, b = re.fullmatch(r"(M?)(\d+)", first), re.fullmatch(r"(M?)(\d+)", last)
    if a and b and a[1] == b[1] and int(a[2]) <= int(b[2]):
        return tuple(f"{a[1]}{n}" for n in range(int(a[2]), int(b[2]) + 1))
    return (first, last)


def citations_in_line(line):
    """The (text, ids) of each citation in one line of text."""
    found = []
    for match in CITATION.finditer(line):
        last = match["last"] and _clean(match["last"])
        found.append((match[0].rstrip("."), _expand(_clean(match["first"]), last)))
    return found


def _lines(path):
    """(where-prefix, line number, line) for the text a file holds."""
    if path.suffix == ".ipynb":
        notebook = json.loads(path.read_text(encoding="utf-8"))
        for index, cell in enumerate(notebook.get("cells", [])):
            source = cell.get("source", "")
            text = "".join(source) if isinstance(source, list) else source
            for number, line in enumerate(text.splitlines(), 1):
                yield f" cell {index} line ", number, line
    else:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            yield ":", number, line


def citations_in_file(path, root=ROOT):
    name = path.relative_to(root).as_posix()
    return [Citation(f"{name}{sep}{number}", text, ids)
            for sep, number, line in _lines(path)
            for text, ids in citations_in_line(line)]


def scanned_files(root=ROOT):
    files = []
    for folder in SCANNED_DIRS:
        for path in sorted((root / folder).rglob("*")):
            parts = path.relative_to(root).parts
            if (path.suffix in SUFFIXES and path.is_file()
                    and not any(p.startswith(".") or p == "__pycache__" for p in parts)):
                files.append(path)
    files.extend(root / name for name in SCANNED_FILES if (root / name).is_file())
    return files


def all_citations(root=ROOT):
    return [c for path in scanned_files(root) for c in citations_in_file(path, root)]


def unresolved(citations, ids):
    """Lines naming each citation with a section `ids` lacks."""
    return [f"{c}: no {SECTION}{i} in docs/RULES.md"
            for c in citations for i in c.ids if i not in ids]


# -- tests: the parser ------------------------------------------------------------------------


@pytest.mark.parametrize("line, expected", [
    ("RULES.md " + SECTION + "8.4", [("8.4",)]),
    ("see RULES " + SECTION + "6.", [("6",)]),
    ("(" + SECTION + "4a)", [("4a",)]),
    (SECTION + " 5.2: draw", [("5.2",)]),
    ("RULES.md " + SECTION + "M1 and " + SECTION + "M0.17", [("M1",), ("M0.17",)]),
    ("RULES.md " + SECTION * 2 + "3–10", [tuple(str(n) for n in range(3, 11))]),
    ("RULES.md " + SECTION + "6-" + SECTION + "8.", [("6", "7", "8")]),
    ("RULES.md " + SECTION + "8.2/" + SECTION + "8.3", [("8.2",), ("8.3",)]),
    (SECTION + "5 steps 2–4", [("5",)]),
    (SECTION + "8.4, *Other readings*", [("8.4",)]),
    (SECTION + "4ab", [("4ab",)]),  # taken whole, so it fails to resolve
    ("no citation here, 5.2", []),
])
def test_citations_in_line(line, expected):
    assert [ids for _, ids in citations_in_line(line)] == expected


def test_anchors_are_headings_and_bold_points_outside_figures():
    text = "\n".join([
        "# Title 1",
        "## 3 Setup",
        "- **3.4 Starting money.** Deal.",
        "**Decision:** not a point.",
        "```",
        "## 9 inside a figure",
        "```",
        "### 8.4 Walls",
        "## M1 Vizier's Favour",
        "### M1.3 Play",
        "## Modules not yet built",
        "- M4 Squares",
    ])
    anchors = rules_anchors(text)
    assert [(a.id, a.kind, a.section) for a in anchors] == [
        ("3", "heading", "3"), ("3.4", "point", "3"), ("8.4", "heading", "3"),
        ("M1", "heading", "M1"), ("M1.3", "heading", "M1")]


def test_a_citation_of_a_missing_section_is_reported_with_file_and_line(tmp_path):
    (tmp_path / "alhambra_lib").mkdir()
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "alhambra_lib" / "m.py").write_text(
        '"""Good: RULES.md ' + SECTION + '8.4."""\n'
        "# bad: RULES.md " + SECTION + "13 and " + SECTION + "M99\n", encoding="utf-8")
    cell = {"cell_type": "markdown", "metadata": {},
            "source": ["intro\n", "the walls (" + SECTION + "8.5)\n"]}
    (tmp_path / "notebooks" / "n.ipynb").write_text(
        json.dumps({"cells": [{"cell_type": "code", "source": []}, cell]}), encoding="utf-8")
    found = all_citations(tmp_path)
    assert [c.where for c in found] == [
        "alhambra_lib/m.py:1", "alhambra_lib/m.py:2", "alhambra_lib/m.py:2",
        "notebooks/n.ipynb cell 1 line 2"]
    problems = unresolved(found, rules_ids())
    assert problems == [
        f"alhambra_lib/m.py:2: '{SECTION}13': no {SECTION}13 in docs/RULES.md",
        f"alhambra_lib/m.py:2: '{SECTION}M99': no {SECTION}M99 in docs/RULES.md",
        f"notebooks/n.ipynb cell 1 line 2: '{SECTION}8.5': no {SECTION}8.5 in docs/RULES.md",
    ]


# -- tests: the reference and the repository --------------------------------------------------


def test_rules_reference_keeps_its_numbering():
    anchors = rules_anchors(RULES.read_text(encoding="utf-8"))
    ids = [a.id for a in anchors]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    assert not duplicates, f"docs/RULES.md numbers these twice: {duplicates}"
    sections = [a.id for a in anchors if a.kind == "heading" and a.id == a.section]
    assert [s for s in sections if not s.startswith("M")] == list(BASE_SECTIONS)
    modules = [s for s in sections if s.startswith("M")]
    assert modules[:4] == ["M0", "M1", "M2", "M3"]
    numbers = [int(m[1:]) for m in modules]  # the built modules, M0 first; gaps are modules to come
    assert numbers == sorted(set(numbers)) and max(numbers) <= 16, "modules out of order"
    missing = [i for i in REQUIRED if i not in ids]
    assert not missing, f"docs/RULES.md lacks the numbered points {missing}"
    for a in anchors:
        if a.id == a.section:
            continue
        rest = a.id[len(a.section):] if a.section and a.id.startswith(a.section) else None
        assert rest and re.fullmatch(r"\.\d+(\.\d+)*|[a-z]", rest), (
            f"docs/RULES.md line {a.line}: {SECTION}{a.id} stands in {SECTION}{a.section}")


def test_every_cited_section_exists():
    citations = all_citations()
    problems = unresolved(citations, rules_ids())
    assert not problems, (
        "section citations that name no heading or numbered point of docs/RULES.md:\n  "
        + "\n  ".join(problems))


def test_citations_are_found_everywhere_they_are_made():
    citations = all_citations()
    folders = {c.where.split("/", 1)[0] for c in citations}
    assert {"alhambra_lib", "tests", "notebooks"} <= folders
    assert any(".ipynb cell " in c.where for c in citations)
    assert len(citations) >= 100


def test_cross_references_inside_the_reference_resolve():
    ids = rules_ids()
    lines = RULES.read_text(encoding="utf-8").splitlines()
    citations = [Citation(f"docs/RULES.md:{n}", text, found)
                 for n, line in enumerate(lines, 1)
                 for text, found in citations_in_line(line)]
    problems = unresolved(citations, ids)
    assert not problems, "\n".join(problems)
