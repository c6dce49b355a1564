"""The quiz widgets driven as a reader would: choose, check, change the choice."""

from __future__ import annotations

import pytest

from alhambra_lib.teaching.demo import DEMO_QUESTION
from alhambra_lib.widgets import Question, Quiz

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def make():
    return Question("What does a tie for first in towers pay in round 2?",
                    ["13 each", "9 each", "6 each"], "9 each",
                    "The two share first and second place: (13 + 6) / 2 = 9.5, rounded down.")


def test_nothing_chosen_asks_for_a_choice():
    q = make()
    assert q.choices.value is None and q.feedback.value == "" and q.correct is None
    q.check_button.click()
    assert q.correct is None and q.feedback.value == "Choose an answer first."


def test_right_answer_says_so_and_why():
    q = make()
    q.choices.value = "9 each"
    q.check_button.click()
    assert q.correct is True
    assert q.feedback.value.startswith("✓ Right.") and "(13 + 6) / 2" in q.feedback.value


def test_wrong_answer_names_the_right_one_and_why():
    q = make()
    q.choices.value = "13 each"
    q.check_button.click()
    assert q.correct is False
    assert "the answer is <b>9 each</b>" in q.feedback.value
    assert "rounded down" in q.feedback.value


def test_changing_the_choice_clears_the_verdict():
    q = make()
    q.choices.value = "6 each"
    q.check_button.click()
    q.choices.value = "9 each"
    assert q.correct is None and q.feedback.value == ""


def test_text_is_escaped():
    q = Question("Is 3 < 5?", ["yes <b>", "no"], "yes <b>", "Because 3 & 5.")
    q.choices.value = "no"
    q.check()
    assert "yes &lt;b&gt;" in q.feedback.value and "3 &amp; 5" in q.feedback.value


def test_refuses_bad_questions():
    with pytest.raises(ValueError, match="not among the options"):
        Question("?", ["a", "b"], "c", "")
    with pytest.raises(ValueError, match="two or more different options"):
        Question("?", ["a", "a"], "a", "")
    with pytest.raises(TypeError, match="needs a prompt"):
        Question("?", ["a", "b"])


def test_builds_without_arguments_and_displays_itself():
    q, quiz = Question(), Quiz()
    assert (q.prompt, q.options, q.answer, q.explanation) == DEMO_QUESTION
    for widget in (q, quiz):
        assert widget._repr_mimebundle_()[WIDGET_VIEW]["model_id"] == widget.root.model_id


def test_quiz_counts_right_answers():
    first, second = make(), Question()
    quiz = Quiz([first, second])
    assert quiz.summary.value == "0 of 2 answered right."
    first.choices.value = "9 each"
    first.check_button.click()
    second.choices.value = "yes"
    second.check_button.click()
    assert quiz.score == 1 and quiz.summary.value == "1 of 2 answered right."
    first.choices.value = "6 each"  # a changed choice is no longer counted
    assert quiz.summary.value == "0 of 2 answered right."
    with pytest.raises(TypeError):
        Quiz(["not a question"])
