"""Words that fit (issue 33.5): no text of a widget runs into another, none is cut.

Measured on the page as drawn, from the boxes of the lines of text (a longer French or
Danish word, or Hangul, needs more room than the English it replaces).
"""

from __future__ import annotations

#: Under an element: the pairs of texts whose drawn lines overlap, and the texts cut off,
#: run past a box that hides what overflows it (or shown "…" by a button too narrow).
LAYOUT_JS = r"""root => {
  const lines = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const text = node.textContent.trim();
    if (!text) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects())
      if (r.width > 0 && r.height > 0) lines.push({text: text.slice(0, 40), node, r});
  }
  const overlaps = [];
  for (let i = 0; i < lines.length; i++)
    for (let j = i + 1; j < lines.length; j++) {
      const a = lines[i].r, b = lines[j].r;
      if (lines[i].node === lines[j].node) continue;
      const wide = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const high = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (wide > 1 && high > 2) overlaps.push([lines[i].text, lines[j].text]);
    }
  const cut = new Set();
  for (const {text, node, r} of lines) {
    for (let el = node.parentElement; el && el !== root.parentElement; el = el.parentElement) {
      const style = getComputedStyle(el);
      if (style.overflowX === "auto" || style.overflowX === "scroll") break;  // scrolls
      if (style.overflowX === "visible" && style.overflowY === "visible") continue;
      const box = el.getBoundingClientRect();
      if (el.scrollWidth > el.clientWidth + 1 || r.right > box.right + 1
          || r.left < box.left - 1) { cut.add(text); break; }
    }
  }
  return {overlaps, cut: Array.from(cut)};
}"""


def misfits(locator):
    """``{"overlaps": [[text, text], ...], "cut": [text, ...]}`` under `locator`'s element,
    as drawn now (what is hidden has no box and is not measured)."""
    return locator.evaluate(LAYOUT_JS)


def assert_words_fit(locator):
    found = misfits(locator)
    assert found == {"overlaps": [], "cut": []}, found
