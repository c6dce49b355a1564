"""Exercises answered by typing: a box, a check button, hints, and the answer on request.

Examples
--------
>>> from alhambra_lib.teaching.exercises import Exercise
>>> task = ExerciseBox(Exercise.of("How many walls has a 9-tower NE?", "number", 2,
...                                "Count the letters."))
>>> task.answer_input.value = "3"
>>> task.check_button.click()
>>> task.feedback.value
'✗ Not yet: too high. Count the letters. Try again.'
>>> task.answer_input.value = "2"
>>> task.check_button.click()
>>> task.solved, task.feedback.value
(True, '✓ Right.')
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from html import escape
from typing import cast

import ipywidgets as widgets

from ..grid import Cell
from ..i18n import N_, _
from ..teaching.answers import UnreadableAnswer, check_answer, read_answer
from ..teaching.exercises import Exercise, placement_exercises
from ..teaching.text import cell_list
from ._common import WidgetBase, css_class

__all__ = ["ExerciseBox", "Exercises"]

#: Wrong tries after which the answer may be shown.
TRIES_BEFORE_ANSWER = 2
_PLACEHOLDERS = {"cells": N_("cells as x, y pairs, e.g. (2, 1), (0, -1)"),
                 "number": N_("a number")}


def _answer_text(exercise: Exercise) -> str:
    if exercise.kind == "number":
        return str(exercise.expected)
    cells = cast(Collection[Cell], exercise.expected)  # a "cells" exercise: a set of cells
    return cell_list(cells) if cells else _("no cell at all")


class ExerciseBox(WidgetBase):
    """One exercise: type an answer, check it, read a hint; after two wrong tries the
    answer can be shown.

    Parameters
    ----------
    exercise : Exercise, optional
        By default the first exercise of notebook 02.

    Attributes
    ----------
    exercise : Exercise
    answer_input : ipywidgets.Text
    check_button, show_button : ipywidgets.Button
        `show_button` appears after `TRIES_BEFORE_ANSWER` wrong tries.
    feedback : ipywidgets.HTML
    tries : int
        Wrong tries so far.
    solved : bool
    root : ipywidgets.Box
    """

    def __init__(self, exercise: Exercise | None = None) -> None:
        exercise = placement_exercises()[0] if exercise is None else exercise
        if not isinstance(exercise, Exercise):
            raise TypeError(f"expected an Exercise, got {type(exercise).__name__}")
        self.exercise, self.tries, self.solved = exercise, 0, False
        self.answer_input = widgets.Text(placeholder=_(_PLACEHOLDERS[exercise.kind]),
                                         continuous_update=False,
                                         layout=widgets.Layout(width="320px"))
        self.answer_input.add_class(css_class("answer"))
        self.check_button = widgets.Button(description=_("check"))
        self.show_button = widgets.Button(description=_("show the answer"),
                                          layout=widgets.Layout(display="none"))
        self.feedback = widgets.HTML()
        self.check_button.on_click(lambda _: self.check())
        self.show_button.on_click(lambda _: self.reveal())
        self.root = widgets.VBox([
            widgets.HTML(f"<b>{escape(exercise.prompt)}</b>"),
            widgets.HBox([self.answer_input, self.check_button, self.show_button]),
            self.feedback])

    def check(self) -> None:
        """Read the typed answer and judge it, as the check button does."""
        try:
            answer = read_answer(self.answer_input.value, self.exercise.kind)
        except UnreadableAnswer as why:
            self.feedback.value = escape(_("I could not read that: {why}.").format(why=why))
            return
        verdict = check_answer(answer, self.exercise.expected)
        self.solved = verdict == "right"
        if self.solved:
            self.feedback.value = escape(_("✓ Right."))
            self.show_button.layout.display = "none"
            return
        self.tries += 1
        self.feedback.value = escape(_("✗ {verdict}. {hint} Try again.").format(
            verdict=verdict[:1].upper() + verdict[1:], hint=self.exercise.hint))
        if self.tries >= TRIES_BEFORE_ANSWER:
            self.show_button.layout.display = None

    def reveal(self) -> None:
        """Show the answer (as the show button does)."""
        self.feedback.value = escape(_("The answer: {answer}.")).format(
            answer=f"<b>{escape(_answer_text(self.exercise))}</b>")


class Exercises(WidgetBase):
    """Several `ExerciseBox`es, numbered, one under the other.

    Parameters
    ----------
    exercises : sequence of Exercise, optional
        By default notebook 02's (`alhambra_lib.teaching.exercises.placement_exercises`).

    Attributes
    ----------
    boxes : tuple of ExerciseBox
    root : ipywidgets.Box
    """

    def __init__(self, exercises: Sequence[Exercise] | None = None) -> None:
        exercises = placement_exercises() if exercises is None else list(exercises)
        if not exercises:
            raise ValueError("no exercises given")
        self.boxes = tuple(ExerciseBox(exercise) for exercise in exercises)
        self.root = widgets.VBox([
            widgets.VBox([widgets.HTML(escape(_("Exercise {n}").format(n=number))), box.root],
                         layout=widgets.Layout(margin="0 0 12px 0"))
            for number, box in enumerate(self.boxes, start=1)])
