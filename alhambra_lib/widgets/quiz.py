"""Questions with checked answers: pick an option, press check, read why.

A question's words (prompt, options, explanation) are shown in the current language
(`alhambra_lib.i18n`) when the catalogs hold them, as they hold the rules quiz's; the
options keep their own words as values, so the answer is checked whatever the language.

Examples
--------
>>> q = Question("May you take 3 + 3 from the display?", ["yes", "no"], "no",
...              "Several cards may total at most 5.")
>>> q.choices.value = "yes"
>>> q.check_button.click()
>>> q.correct, q.feedback.value
(False, '✗ Not this one: the answer is <b>no</b>. Several cards may total at most 5.')
>>> q.choices.value = "no"
>>> q.feedback.value
''
>>> q.check_button.click()
>>> q.correct
True
>>> quiz = Quiz([q])
>>> quiz.summary.value
'1 of 1 answered right.'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

import ipywidgets as widgets

from ..i18n import _, gettext, ngettext
from ..teaching.demo import DEMO_QUESTION
from ._common import WidgetBase

# DEMO_QUESTION lives in alhambra_lib.teaching.demo; still importable from here.
__all__ = ["Question", "Quiz", "DEMO_QUESTION"]


class Question(WidgetBase):
    """One multiple-choice question: options, a check button, feedback with the reason.

    Parameters
    ----------
    prompt : str, optional
        The question (plain text). With no arguments at all, the demo question
        `DEMO_QUESTION` is asked.
    options : sequence of str
        The possible answers, shown in this order.
    answer : str
        The right option, one of `options`.
    explanation : str
        Why: shown after every check, right or wrong (plain text).

    Attributes
    ----------
    choices : ipywidgets.RadioButtons
        The options; nothing is chosen at first (value None).
    check_button : ipywidgets.Button
    feedback : ipywidgets.HTML
        Empty until checked, and again as soon as the choice changes.
    correct : bool or None
        Whether the checked choice was right; None before a check, or after the
        choice changed.
    root : ipywidgets.Box

    Notes
    -----
    A wrong choice is answered with the right one and the explanation straight away:
    the questions are there to teach the rules, not to keep score.
    """

    def __init__(self, prompt: str | None = None, options: Sequence[str] | None = None,
                 answer: str | None = None, explanation: str | None = None) -> None:
        given = (prompt, options, answer, explanation)
        if all(part is None for part in given):
            prompt, options, answer, explanation = DEMO_QUESTION
        elif prompt is None or options is None or answer is None or explanation is None:
            raise TypeError("a question needs a prompt, options, an answer and an explanation")
        options = list(options)
        if len(options) < 2 or len(set(options)) != len(options):
            raise ValueError(f"a question needs two or more different options, got {options}")
        if answer not in options:
            raise ValueError(f"the answer {answer!r} is not among the options {options}")
        self.prompt, self.options = prompt, tuple(options)
        self.answer, self.explanation = answer, explanation
        self.correct: bool | None = None
        self.choices = widgets.RadioButtons(options=[(gettext(o), o) for o in options],
                                            value=None,
                                            layout=widgets.Layout(width="max-content"))
        self.check_button = widgets.Button(description=_("check"))
        self.feedback = widgets.HTML()
        self.check_button.on_click(lambda _: self.check())
        self.choices.observe(lambda _: self._clear(), "value")
        self._on_check: list[Callable[[Question], object]] = []
        self.root = widgets.VBox([widgets.HTML(f"<b>{escape(gettext(prompt))}</b>"), self.choices,
                                  widgets.HBox([self.check_button, self.feedback])])

    def check(self) -> None:
        """Judge the chosen option (as the check button does) and say why."""
        choice = self.choices.value
        if choice is None:
            self.correct = None
            self.feedback.value = escape(_("Choose an answer first."))
        else:
            self.correct = choice == self.answer
            why = escape(gettext(self.explanation))
            if self.correct:
                said = escape(_("✓ Right. {why}")).format(why=why)
            else:
                said = escape(_("✗ Not this one: the answer is {answer}. {why}")).format(
                    answer=f"<b>{escape(gettext(self.answer))}</b>", why=why)
            self.feedback.value = said
        for handler in self._on_check:
            handler(self)

    def _clear(self) -> None:
        self.correct = None
        self.feedback.value = ""

    def on_check(self, handler: Callable[[Question], object]) -> None:
        """Call `handler(question)` after every check."""
        self._on_check.append(handler)


class Quiz(WidgetBase):
    """Several questions, one under the other, and how many were answered right.

    Parameters
    ----------
    questions : sequence of Question or of (prompt, options, answer, explanation), optional
        By default one demo question. Tuples (as in
        `alhambra_lib.teaching.exercises.RULES_QUIZ`) become `Question` widgets.

    Attributes
    ----------
    questions : tuple of Question
    summary : ipywidgets.HTML
        "k of n answered right.", updated after every check.
    root : ipywidgets.Box
    """

    def __init__(self, questions: Sequence[Question] | None = None) -> None:
        questions = (Question(),) if questions is None else tuple(questions)
        if not questions or not all(isinstance(q, (Question, tuple)) for q in questions):
            raise TypeError("a quiz is made of one or more questions")
        self.questions = tuple(q if isinstance(q, Question) else Question(*q) for q in questions)
        self.summary = widgets.HTML()
        for question in self.questions:
            question.on_check(lambda _: self._count())
            question.choices.observe(lambda _: self._count(), "value")
        numbered = [widgets.VBox([widgets.HTML(escape(_("Question {n}").format(n=i))), q.root],
                                 layout=widgets.Layout(margin="0 0 12px 0"))
                    for i, q in enumerate(self.questions, start=1)]
        self.root = widgets.VBox([*numbered, self.summary])
        self._count()

    @property
    def score(self) -> int:
        """The number of questions whose last check was right."""
        return sum(q.correct is True for q in self.questions)

    def _count(self) -> None:
        asked = len(self.questions)
        self.summary.value = escape(ngettext("{right} of {n} answered right.",
                                             "{right} of {n} answered right.", asked).format(
            right=self.score, n=asked))
