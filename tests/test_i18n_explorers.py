"""Issue 33: the explorers of the rules notebooks, built and used in French, Korean and
Danish, show no English: the quiz, the exercises, the search stepper, the wall tracer,
the majorities explorer, the replay viewer, and the Mega Box attack explorer and citizen
grouper; the analysis pages' wall-weight explorer, study runner and saved studies (every
label, button, message and refusal a person reads in them); and the stories pages 01 and
06 tell in sentences."""

from __future__ import annotations

import pytest
from _i18n_helpers import english_left, speaking, widget_texts  # noqa: F401 (a fixture)

from alhambra_lib.teaching.exercises import RULES_QUIZ, wall_exercises
from alhambra_lib.widgets import (
    AttackExplorer,
    CitizenGrouper,
    Exercises,
    MajorityExplorer,
    Quiz,
    ReplayViewer,
    SearchStepper,
    WallTracer,
)

LANGUAGES = ["fr", "ko", "da"]


def _quiz():
    quiz = Quiz(RULES_QUIZ)
    first, second = quiz.questions[:2]
    first.check()  # nothing chosen yet: "choose an answer first"
    texts = widget_texts(quiz.root)
    first.choices.value = first.answer  # right
    first.check()
    second.choices.value = next(o for o in second.options if o != second.answer)  # wrong
    second.check()
    return texts + widget_texts(quiz.root)


def _exercises():
    texts = []
    for exercises in (Exercises(), Exercises(wall_exercises())):
        for box, typed in zip(exercises.boxes, ("(9, 9), (0, 1)", "x", "99", "0")):
            box.answer_input.value = typed
            box.check()
            box.check()
            box.reveal()
            texts += widget_texts(box.root)
        texts += widget_texts(exercises.root)
    return texts


def _stepper():
    stepper, texts = SearchStepper(), []
    for search in ("walk", "flood"):
        stepper.search_picker.value = search
        for step in range(len(stepper.steps)):
            stepper.step_slider.value = step
            texts += widget_texts(stepper.root)
    return texts


def _tracer():
    tracer, texts = WallTracer(), []
    for source in ("given", "sample"):
        tracer.source.value = source
        for step in range(1, len(tracer.steps) + 1):
            tracer.step_slider.value = step
            texts += widget_texts(tracer.root)
    return texts


def _majorities():
    explorer, texts = MajorityExplorer(), []
    for round_no in (1, 2, 3):
        explorer.round_picker.value = round_no
        texts += widget_texts(explorer.root)
    return texts


def _replay():
    viewer = ReplayViewer()
    texts = widget_texts(viewer.root)
    viewer.turn_slider.value = viewer.turn_slider.max  # the scoring and the end of the game
    return texts + widget_texts(viewer.root)


def _attacks():
    explorer, texts = AttackExplorer(), []
    for direction in "NESW":
        for round_no in (1, 2, 3):
            explorer.direction_buttons.value, explorer.round_buttons.value = direction, round_no
            texts += widget_texts(explorer.root)
    return texts


def _citizens():
    grouper, texts = CitizenGrouper(), []
    grouper.move("pavilion", "pavilion")  # two different colours, please
    texts += widget_texts(grouper.root)
    grouper.move("garden", "tower")  # no garden resident to move
    texts += widget_texts(grouper.root)
    grouper.move("pavilion", "garden")  # moved
    texts += widget_texts(grouper.root)
    grouper.count_inputs["tower"].value = 7
    grouper.move("pavilion", "tower")  # all seven towers' citizens are residents
    texts += widget_texts(grouper.root)
    for colour in grouper.count_inputs:
        grouper.count_inputs[colour].value = 0  # no resident: no points
    return texts + widget_texts(grouper.root)


def _wall_weights():
    from alhambra_lib.widgets import WallWeightExplorer

    explorer = WallWeightExplorer()
    texts = widget_texts(explorer.root)
    explorer.weight_slider.value = explorer.weights[-1]
    return texts + widget_texts(explorer.root)


def _study_runner():
    from alhambra_lib.widgets import StudyRunner

    runner = StudyRunner()
    texts = widget_texts(runner.root)
    for typed in ("0, x", "0, 1, 1", "0, 200", ",".join(map(str, range(12)))):
        runner.weights_input.value = typed  # refused: what is wrong, in the language
        runner.run()
        texts += widget_texts(runner.root)
    return texts


def _saved_studies():
    from alhambra_lib.analysis.reports import describe_module_effects, describe_wall_study
    from alhambra_lib.analysis.strong_walls import describe_strong_walls
    from alhambra_lib.widgets import SavedStudyView

    texts = []
    for name, describe in (("wall_study", describe_wall_study),
                           ("strong_walls", describe_strong_walls),
                           ("module_effects", describe_module_effects)):
        texts += widget_texts(SavedStudyView(name, describe).root)
    return texts


#: The explorers of the rules pages, and the analysis pages' widgets (05 and 08).
EXPLORERS = {"quiz": _quiz, "exercises": _exercises, "search stepper": _stepper,
             "wall tracer": _tracer, "majorities": _majorities, "replay": _replay,
             "attack explorer": _attacks, "citizen grouper": _citizens,
             "wall weights": _wall_weights, "study runner": _study_runner,
             "saved studies": _saved_studies}


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("name", sorted(EXPLORERS))
def test_every_explorer_shows_no_english(name, code, speaking):
    speaking(code)
    texts = EXPLORERS[name]()
    left = english_left(code, texts)
    assert not left, (name, left, [t for t in texts if any(w in t for w in left)][:5])


@pytest.mark.parametrize("name", sorted(EXPLORERS))
def test_the_english_explorers_show_their_english_words(name):
    """The test above would pass on a widget showing no text: in English, each shows the
    words the catalogs translate."""
    texts = EXPLORERS[name]()
    assert english_left("fr", texts), name


def test_the_quiz_checks_its_answer_in_any_language(speaking):
    """The options are shown translated but keep their English values: the answer the
    rules give is still the right one."""
    speaking("ko")
    question = Quiz(RULES_QUIZ).questions[0]
    assert ("예", "yes") in question.choices.options
    question.choices.value = "yes"
    question.check()
    assert question.correct and question.feedback.value.startswith("✓ 정답.")


def test_a_story_told_in_french_reads_its_turns_as_french_sentences(speaking):
    """`teaching.text.sentences` (pages 01 and 06) says a turn's heading in words: it read
    only the English heading, and left '-- tour 1 : Ben.' as it was in French."""
    from alhambra_lib.replay import narrate
    from alhambra_lib.teaching.demo import demo_game
    from alhambra_lib.teaching.text import sentences

    __, events = demo_game()
    for code, heading in (("fr", "Tour 1, Ben joue :"), ("ko", "1번째 턴, Ben 님 차례:"),
                          ("en", "Turn 1, Ben plays:")):
        speaking(code)
        assert str(sentences(*narrate(events, turns=[1]))).splitlines()[0] == heading



