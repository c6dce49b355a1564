"""Issue 35, points 1, 4 and 7: the hint's numbers and words, buttons that differ, words.

The hint ranks by the margin it shows and says why a move ranked lower may show a higher
chance, says where its chance was not measured, and names the ring's real colour; every
payment and bid button names its cards and currency; "You" is "your", plurals are
plural, a finished game's points are not "so far".
"""

from __future__ import annotations

import random
import re
import warnings
from collections import Counter
from types import SimpleNamespace

import pytest

from alhambra_lib import Card, Game
from alhambra_lib.actions import Take
from alhambra_lib.bots.search import _describe, calibration_gap
from alhambra_lib.draw import draw_game
from alhambra_lib.i18n import set_language
from alhambra_lib.engine.narration import describe_event
from alhambra_lib.modules import MODULES
from alhambra_lib.modules.characters import Bid, ChooseWiseMan
from alhambra_lib.modules.treasure import BuyChests
from alhambra_lib.narrate import plural, possessive
from alhambra_lib.widgets import GameTable
from alhambra_lib.widgets._board import HINT_COLOUR, HINT_COLOUR_NAME, STYLE
from alhambra_lib.widgets.table_text import analysis_lines, choice_text, status_text

PAYING = {"buy", "vizier", "buy_chests", "buy_bazaar", "bid"}


def _row(rank, margin, chance, value=3):
    return SimpleNamespace(rank=rank, action=Take((Card("denar", value),)), margin=margin,
                           win_chance=chance)


def test_a_lower_ranked_move_with_a_higher_chance_is_explained():
    lines = analysis_lines([_row(1, 9.2, 0.44), _row(2, 8.1, 0.49, 2), _row(3, 2.0, 0.3, 1)])
    assert lines[0].endswith("best first by the points it expects you to finish ahead of "
                             "your rivals:")
    assert lines[4].startswith("Move 2 shows a higher win chance than move 1 but a smaller "
                               "expected lead")


def test_margins_that_round_alike_are_shown_to_a_decimal_so_the_order_shows():
    lines = analysis_lines([_row(1, 8.4, 0.4), _row(2, 7.6, 0.4, 2)])
    assert "about 8.4 points ahead" in lines[1] and "about 7.6 points ahead" in lines[2]
    shown = [float(re.search(r"about ([\d.]+) points", line)[1]) for line in lines[1:3]]
    assert shown == sorted(shown, reverse=True)


def test_no_explanation_when_the_first_shows_the_highest_chance():
    lines = analysis_lines([_row(1, 9.0, 0.5), _row(2, 3.0, 0.4, 2)])
    assert not any(line.startswith("Move ") for line in lines)


@pytest.mark.parametrize("players, modules, says", [
    (3, True, "In a Mega Box game this chance is not calibrated"),
    (2, True, "In a Mega Box game this chance is not calibrated"),
    (4, False, "With 4 players this chance is not calibrated"),
    (3, False, None), (2, False, None)])
def test_the_chance_says_where_it_was_not_measured(players, modules, says):
    gap = calibration_gap(players, modules)
    assert (gap is None) if says is None else gap.startswith(says)


def test_the_analysis_text_of_an_uncalibrated_chance_says_so():
    assert _describe("take 3 denar", -95.0, 0.03, calibrated=False) == (
        "take 3 denar: expected to finish 95.0 points behind the rivals (win chance 3%, "
        "not calibrated for this game)")


def test_a_mega_box_hint_says_its_chance_is_not_calibrated():
    table = GameTable(Game(["You", "Greedy 1", "Greedy 2"], seed=4, modules=["vizier"]))
    table.hint()
    lines = table.message.value.split("<br>")
    assert lines[-1] == ("In a Mega Box game this chance is not calibrated: it was measured "
                         "on base games of 2 and 3 players only.")


def test_the_hint_names_the_colour_its_ring_is_drawn_in():
    assert HINT_COLOUR in STYLE and HINT_COLOUR_NAME == "blue"
    table = GameTable(Game(["You", "Greedy 1"], seed=4))
    table.hint()
    assert f"outlined in {HINT_COLOUR_NAME}" in table.message.value
    assert "yellow" not in table.message.value


@pytest.mark.parametrize("action, decision", [
    (ChooseWiseMan("arcades"), "wise_man"), (Take((Card("denar", 3),)), "act")])
def test_a_move_reads_as_a_sentence_after_would(action, decision):
    said = f"The bot would {choice_text(action, decision)}."
    assert "would the" not in said and not re.search(r"would \w+s\b", said)


def test_the_wise_mans_decision_says_what_its_half_does():
    game = SimpleNamespace(is_over=False, turn=30, modules=("characters",),
                           decision=SimpleNamespace(kind="wise_man", player="You"))
    text = status_text(game, "You", [ChooseWiseMan("arcades"), ChooseWiseMan("tower")])
    assert "choose one of the buttons offered" not in text
    assert "Wise Man's half building" in text and "breaks a tie" in text


def test_payment_and_bid_buttons_name_their_currency():
    assert choice_text(Bid((Card("denar", 6),)), "auction") == "bid 6 (6 denar)"
    assert choice_text(Bid((Card("ducat", 6),)), "auction") == "bid 6 (6 ducat)"
    assert choice_text(BuyChests(1, (Card("dirham", 8),))) == (
        "pay 8 dirham for the chests of room 1")
    assert choice_text(BuyChests(1, (Card("dirham", 5), Card("denar", 3)))) == (
        "pay 5 dirham + 3 denar for the chests of room 1")


@pytest.mark.parametrize("seed", [0, 1])
def test_no_two_payment_or_bid_buttons_read_the_same(seed):
    """Random games with all 16 modules: at every decision the payments and bids offered
    have distinct words (the same cards of another currency, another bazaar, another
    square for the vizier)."""
    rng = random.Random(seed)
    with warnings.catch_warnings():  # the modules' provisional data, said elsewhere
        warnings.simplefilter("ignore")
        game = Game(["You", "Ben", "Cy"], seed=seed, modules=tuple(MODULES))
    checked = Counter()
    for _ in range(700):
        if game.is_over:
            break
        legal = game.legal_actions()
        paying = [a for a in legal if a.kind in PAYING]
        words = [choice_text(a, game.decision.kind) for a in paying]
        assert len(set(words)) == len(words), Counter(words).most_common(1)
        checked.update(a.kind for a in paying)
        game.apply(rng.choice(legal))
    assert checked["buy_chests"] and checked["buy"]


def test_you_is_your_in_the_story_and_the_drawing():
    event = {"type": "chest_placed", "player": "You", "pos": [1, 0],
             "tile": ["chambers", 9, []], "colour": "white"}
    assert describe_event(event) == "a white chest goes onto your 9-chambers at (1, 0)"
    assert possessive("Ana") == "Ana's"
    fig = draw_game(Game(["You", "Ben"], seed=1, modules=("street_merchant",)),
                    viewer="You")
    titles = [ax.get_title(loc="left") for ax in fig.axes]
    assert "Your hand" in titles and not any("You's" in t for t in titles)
    assert fig._suptitle.get_text() == ("Before the first turn: your decision for the Street "
                                        "Merchant")


def test_plurals_of_words_ending_in_s_stay():
    assert plural(2, "chambers") == "2 chambers" and plural(2, "arcades") == "2 arcades"
    assert plural(1, "tower") == "1 tower" and plural(0, "tower") == "0 towers"


def test_a_finished_games_points_are_not_so_far():
    table = GameTable(Game(["You", "Greedy 1"], seed=3))
    while not table.game.is_over:
        table.game.apply(random.Random(len(table.game.events)).choice(
            table.game.legal_actions()))
    table._refresh()
    assert table.mine.value.endswith(" points in the end") or table.mine.value.endswith(
        " point in the end")
    assert "so far" not in table.mine.value


@pytest.mark.parametrize("language, modules, says", [
    ("fr", True, "Dans une partie Mega Box, cette chance n'est pas calibrée : elle a été mesurée "
                 "sur des parties de base à 2 et 3 joueurs seulement."),
    ("da", False, "Med 5 spillere er denne chance ikke kalibreret: den blev kun målt på spil "
                  "med 2 og 3 spillere."),
    ("ko", False, "5인 게임에서는 이 확률이 보정되지 않았습니다: 2 및 3인 게임에서만 측정했습니다."),
])
def test_the_uncalibrated_chance_is_said_in_the_players_language(language, modules, says):
    try:
        set_language(language)
        assert calibration_gap(5 if not modules else 3, modules) == says
    finally:
        set_language("en")
