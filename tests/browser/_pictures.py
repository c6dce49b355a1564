"""What a person sees of the pictures on a page of the app: each image's size on the page
against its own pixels, and the height of each widget against the window's."""

from __future__ import annotations

#: Every image once loaded: its pixels and the CSS pixels it takes on the page.
SIZES_JS = """() => Array.from(document.querySelectorAll("#rendered_cells img"), img => {
    const box = img.getBoundingClientRect();
    return {src: img.src.slice(0, 40), classes: img.className, natural: [img.naturalWidth,
            img.naturalHeight], shown: [box.width, box.height]};
})"""
#: True once every image of the page has loaded, or failed to.
LOADED_JS = """() => Array.from(document.querySelectorAll("#rendered_cells img"))
    .every(img => img.complete)"""
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
