"""The notebooks' exercises and the rules quiz: the library's answers, and the widgets
driven as a reader would (type, check, read the hint, try again, show the answer)."""

from __future__ import annotations

import pytest

from alhambra_lib import Alhambra, Buy, Card, Tile, score_majorities
from alhambra_lib.actions import take_choices
from alhambra_lib.teaching.answers import UnreadableAnswer, read_answer
from alhambra_lib.teaching.exercises import (RULES_QUIZ, Exercise, placement_exercises,
                                             wall_exercises)
from alhambra_lib.widgets import ExerciseBox, Exercises, Quiz


def test_placement_exercises_have_the_answers_worked_out_by_hand():
    # Notebook 02, section 7: worked out on the drawings of figures 1 and 3.
    legal, closing, depth = (e.expected for e in placement_exercises())
    assert legal == {(-1, 0), (0, -1), (1, -1), (2, 1)}
    assert closing == {(2, 0), (3, 0)}
    assert depth == 9


def test_wall_exercises_have_the_answers_worked_out_by_hand():
    # Notebook 03, section 8.
    assert [e.expected for e in wall_exercises()] == [10, {(0, 1), (2, 0), (2, 1), (3, 1)},
                                                      5, 5]


def test_the_library_agrees_with_every_answer_of_the_rules_quiz():
    # This check stood under the quiz in notebook 01, printing the answer key; it lives here.
    ducat = [Card("ducat", 5), Card("ducat", 3)]
    by_library = [
        "yes" if Alhambra().check(Tile("tower", 9, "NES"), (1, 0)) else "no",
        "yes" if Alhambra().check(Tile("tower", 9, "NES"), (-1, 0)) else "no",
        str(score_majorities({"Ana": {"tower": 4}, "Ben": {"tower": 4}, "Cy": {"tower": 2}},
                             2)["Ana"]),
        "yes" if any(len(c) == 2 for c in take_choices((Card("denar", 3), Card("florin", 3))))
        else "no",
        "you may do another action" if Buy(3, Tile("garden", 8, ""), ducat).exact
        else "your turn ends",
        str(score_majorities({"Ana": {"garden": 3}, "Dirk": {"garden": 3},
                              "Ben": {"garden": 2}}, 2)["Ana"]),
    ]
    assert [question[2] for question in RULES_QUIZ] == by_library
    assert len(Quiz(RULES_QUIZ).questions) == len(RULES_QUIZ)


@pytest.mark.parametrize("text, kind, expected", [
    ("(2, 1), (0, -1)", "cells", {(2, 1), (0, -1)}),
    ("2,1 0,-1", "cells", {(2, 1), (0, -1)}),
    ("2 1; 0 -1", "cells", {(2, 1), (0, -1)}),
    ("none", "cells", set()),
    (" 12 ", "number", 12),
])
def test_read_answer_reads_what_people_type(text, kind, expected):
    assert read_answer(text, kind) == expected


@pytest.mark.parametrize("text, kind", [
    ("", "cells"), ("(2, 1), (0", "cells"), ("two one", "cells"), ("1", "cells"),
    ("", "number"), ("7.5", "number"), ("(1, 2)", "number"),
])
def test_read_answer_refuses_what_it_cannot_read(text, kind):
    with pytest.raises(UnreadableAnswer, match="type"):
        read_answer(text, kind)


def test_unknown_kinds_are_refused():
    with pytest.raises(ValueError, match="unknown answer kind"):
        read_answer("1", "word")
    with pytest.raises(ValueError, match="unknown answer kind"):
        Exercise.of("?", "word", 1, "")


def test_a_wrong_answer_gets_a_hint_and_a_second_try_then_the_answer_on_request():
    box = ExerciseBox(placement_exercises()[0])
    assert box.show_button.layout.display == "none"
    box.answer_input.value = "(-1, 0), (0, -1)"
    box.check_button.click()
    assert box.feedback.value.startswith("✗ Not yet: 2 cells missing.")
    assert "Try again" in box.feedback.value and box.show_button.layout.display == "none"
    box.answer_input.value = "(-1, 0), (0, -1), (1, -1), (5, 5)"
    box.check_button.click()
    assert "(5, 5) should not be there" in box.feedback.value and box.tries == 2
    assert box.show_button.layout.display is None  # offered after two wrong tries
    box.show_button.click()
    assert box.feedback.value == "The answer: <b>(-1, 0), (0, -1), (1, -1), (2, 1)</b>."
    box.answer_input.value = "(2, 1) (1, -1) (0, -1) (-1, 0)"
    box.check_button.click()
    assert box.solved and box.feedback.value == "✓ Right."
    assert box.show_button.layout.display == "none"


def test_unreadable_text_is_not_counted_as_a_try():
    box = ExerciseBox(wall_exercises()[0])
    box.answer_input.value = "ten"
    box.check_button.click()
    assert box.tries == 0 and box.feedback.value.startswith("I could not read that")


def test_exercises_number_their_boxes_and_refuse_nothing():
    assert len(Exercises(wall_exercises()).boxes) == 4
    assert len(Exercises().boxes) == 3
    with pytest.raises(ValueError):
        Exercises([])
    with pytest.raises(TypeError):
        ExerciseBox("what?")
