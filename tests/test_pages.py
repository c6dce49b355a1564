"""What the app's pages show: no empty picture, text and picture of one moment, sentences."""

from alhambra_lib.draw import draw_game
from alhambra_lib.replay import narrate
from alhambra_lib.teaching.text import Table, sentences
from alhambra_lib.widgets import ReplayViewer
from alhambra_lib.widgets._common import picture, picture_png, show


def test_a_picture_is_hidden_until_it_has_a_drawing():
    image = picture()
    assert image.layout.visibility == "hidden" and image.value == b""
    show(image, _tiny_figure())
    assert image.layout.visibility == "visible" and image.value[:4] == b"\x89PNG"


def _tiny_figure():
    from matplotlib.figure import Figure

    figure = Figure(figsize=(1, 1))
    figure.subplots().plot([0, 1])
    return figure


def test_the_replay_shows_the_words_and_the_picture_of_the_same_turn():
    viewer = ReplayViewer()
    for turn in (1, 2, viewer.turn_slider.max):
        viewer.turn_slider.value = turn
        assert viewer.narration.value.count(f"-- turn {turn}:") == 1
        assert viewer.image.value == picture_png(draw_game(viewer.game))
        assert viewer.narration.value.split("<br>")[0] == narrate(viewer.events, turns=[turn])[0]


def test_sentences_and_tables_show_as_html_not_as_printouts():
    said = sentences("-- turn 3: Ana", "Ana buys 8-tower paying 9", "Done!")
    assert str(said) == "Turn 3, Ana plays:\nAna buys 8-tower paying 9.\nDone!"
    assert said._repr_html_() == ("<p>Turn 3, Ana plays:</p><p>Ana buys 8-tower paying 9.</p>"
                                  "<p>Done!</p>")
    assert sentences("A < B")._repr_html_() == "<p>A &lt; B.</p>"
    table = Table(["cell", "verdict"], [[(1, 0), "legal"]])
    assert "<td style='padding:2px 8px;text-align:right'>(1, 0)</td>" in table._repr_html_()
