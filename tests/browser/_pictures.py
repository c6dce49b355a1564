"""What a person sees of the pictures on a page of the app: each image's size on the page
against its own pixels, the size its smallest text is shown at, and the height of each
widget against the window's."""

from __future__ import annotations

from alhambra_lib.draw.figure import NO_TEXT, SMALLEST_TEXT_KEY

#: Every image once loaded: its pixels and the CSS pixels it takes on the page.
SIZES_JS = """() => Array.from(document.querySelectorAll("#rendered_cells img"), img => {
    const box = img.getBoundingClientRect();
    return {src: img.src.slice(0, 40), classes: img.className, natural: [img.naturalWidth,
            img.naturalHeight], shown: [box.width, box.height]};
})"""
#: True once every image of the page has loaded, or failed to.
LOADED_JS = """() => Array.from(document.querySelectorAll("#rendered_cells img"))
    .every(img => img.complete)"""
#: Every image on show: its pixels, the CSS pixels it takes on the page, and the size of
#: its smallest text in its own pixels, read from the text chunk `png_of` writes (null
#: in a picture drawn otherwise).
TEXT_SIZES_JS = """async key => Promise.all(Array.from(document.querySelectorAll(
        "#rendered_cells img")).filter(img => img.getBoundingClientRect().width > 0
        && img.naturalWidth > 0).map(async img => {
    const bytes = new Uint8Array(await (await fetch(img.src)).arrayBuffer());
    const view = new DataView(bytes.buffer);
    let size = null;
    for (let at = 8; at + 12 <= bytes.length; at += 12 + view.getUint32(at)) {
        const length = view.getUint32(at);
        if (String.fromCharCode(...bytes.subarray(at + 4, at + 8)) !== "tEXt") continue;
        const [name, value] = new TextDecoder("latin1")
            .decode(bytes.subarray(at + 8, at + 8 + length)).split("\\0");
        if (name === key) size = value;
    }
    return {classes: img.className, natural: img.naturalWidth,
            shown: img.getBoundingClientRect().width, size: size};
}))"""
#: The number of pictures loaded and on show.
SHOWN_PICTURES_JS = """() => Array.from(document.querySelectorAll("#rendered_cells img"))
    .filter(img => img.complete && img.naturalWidth > 0).length"""
#: The least CSS pixels a picture's text is shown at (issue 35.8).
SMALLEST_TEXT_PX = 10
#: The height of every widget with a picture (an output holding a widget view with an
#: image): its controls and its picture must fit in the window together.
WIDGET_HEIGHTS_JS = """() => Array.from(
    document.querySelectorAll(".jp-OutputArea-output:has(> .jupyter-widgets):has(img)"),
    output => output.getBoundingClientRect().height)"""


def stretched_pictures(page):
    """The images of `page` shown larger than their pixels in either direction, or out of
    proportion; waits until every image has loaded."""
    page.wait_for_function(LOADED_JS)
    wrong = []
    for image in page.evaluate(SIZES_JS):
        (width, height), (shown_width, shown_height) = image["natural"], image["shown"]
        if not shown_width or not width:
            continue  # not on show (a closed tab, say), or no picture yet: nothing to stretch
        larger = shown_width > width + 0.5 or shown_height > height + 0.5
        distorted = abs(shown_width / shown_height - width / height) > 0.02 * width / height
        if larger or distorted:
            wrong.append(image)
    return wrong


def widget_heights(page):
    return page.evaluate(WIDGET_HEIGHTS_JS)


def assert_pictures_fit(page):
    """No picture of `page` stretched, no widget taller than the window."""
    stretched = stretched_pictures(page)
    assert not stretched, f"pictures larger than their pixels or out of proportion: {stretched}"
    window = page.viewport_size["height"]
    tall = [round(h) for h in widget_heights(page) if h > window]
    assert not tall, f"widgets with a picture taller than the {window}-pixel window: {tall}"


def wait_for_pictures(page, quiet_ms=1500):
    """Wait until the number of loaded pictures of `page` stops growing for `quiet_ms`:
    widget pictures arrive after the page's cells have run."""
    count = -1
    while (now := page.evaluate(SHOWN_PICTURES_JS)) != count:
        count = now
        page.wait_for_timeout(quiet_ms)


def picture_text_sizes(page):
    """Each picture with text on show in `page`: its CSS classes, and the CSS pixels its
    smallest text is shown at (its font size in the image's pixels, scaled as the image
    is), or None for a picture whose text size is not written in it."""
    page.wait_for_function(LOADED_JS)
    return [(image["classes"], None if image["size"] is None
             else round(float(image["size"]) * image["shown"] / image["natural"], 2))
            for image in page.evaluate(TEXT_SIZES_JS, SMALLEST_TEXT_KEY)
            if image["size"] != NO_TEXT]


def assert_text_readable(page):
    """Every picture of `page` shows its smallest text at `SMALLEST_TEXT_PX` or more."""
    sizes = picture_text_sizes(page)
    small = [(classes, px) for classes, px in sizes if px is None or px < SMALLEST_TEXT_PX]
    assert not small, f"pictures with text under {SMALLEST_TEXT_PX} CSS px (or unknown): {small}"
