"""Issue 32.6: notebook 09's material (`alhambra_lib.teaching.master_search`): the deals
it shows are the master's own first-round games, its rounds are the halving's schedule,
the cards it draws are the draw pile's next ones, and the page opens without the core."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from alhambra_lib import Game, core_info
from alhambra_lib.bots import BalancedBot, SearchBot, WallBuilder
from alhambra_lib.bots.search import (MASTER_CANDIDATES, MASTER_SAMPLES, MoveAnalysis,
                                      _margin_and_win, evaluate)
from alhambra_lib.components import ScoringCard
from alhambra_lib.draw import card_face, draw_cards
from alhambra_lib.teaching.master_search import halving_rounds, next_cards, sampled_deals

from _i18n_helpers import speaking  # noqa: F401 (a fixture)
from test_draw_card_labels_fit import card_label_faults

NATIVE = core_info()["engine"] == "native"
needs_core = pytest.mark.skipif(not NATIVE, reason="the compiled core is not in use")
NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "09_master_search.ipynb"


def mid_game(seed=1, turn=15):
    """A seeded three-player game at Ana's first money-or-tile decision of `turn`."""
    game = Game(["Ana", "Ben", "Cy"], seed=seed)
    bots = {"Ana": BalancedBot(), "Ben": BalancedBot(), "Cy": WallBuilder()}
    while not (game.decision.player == "Ana" and game.turn >= turn
               and game.decision.kind == "act" and len(game.legal_actions()) > 4):
        name = game.decision.player
        game.apply(bots[name].choose(game.view(name), game.legal_actions()))
    return game


def row(samples, rank=1):
    return MoveAnalysis(rank, f"move {rank}", 0.0, 0.5, "", 0.5, samples=samples)


# -- the draw pile's next cards --------------------------------------------------------------

def test_next_cards_are_the_cards_the_display_is_refilled_with():
    game = Game(["Ana", "Ben", "Cy"], seed=3)
    coming = next_cards(game, 2)
    take = next(a for a in game.legal_actions() if a.kind == "take" and len(a.cards) == 1)
    display = list(game.display)
    game.apply(take)
    refilled = list(game.display)
    for card in display:
        if card in refilled:
            refilled.remove(card)
    assert refilled == [coming[0]]


def test_next_cards_stop_at_the_bottom_of_the_pile_and_refuse_a_negative_count():
    game = Game(["Ana", "Ben"], seed=3)
    assert len(next_cards(game, 1000)) == game.deck_size
    assert next_cards(game, 0) == ()
    with pytest.raises(ValueError, match="0 or more"):
        next_cards(game, -1)


def test_a_scoring_card_has_a_face_that_fits_in_every_language(speaking):
    assert card_face(ScoringCard(1)).value == "\u2605"
    labels = set()
    for code in ("en", "fr", "ko", "da"):
        speaking(code)
        assert card_label_faults(draw_cards([ScoringCard(1), ScoringCard(2)]).figure) == []
        labels.add(card_face(ScoringCard(2)).label)
    assert len(labels) == 4 and all("2" in label for label in labels)


# -- the sampled deals -----------------------------------------------------------------------

def test_every_sampled_deal_is_a_game_the_player_cannot_tell_from_the_real_one():
    game = mid_game()
    view = game.view("Ana")
    deals = sampled_deals(SearchBot("easy", seed=4), view, count=3, cards=5)
    assert [d.number for d in deals] == [1, 2, 3]
    for deal in deals:
        assert deal.game.view("Ana") == view
        assert len(deal.next_cards) == 5
        assert set(deal.styles) == {"Ben", "Cy"} <= set(view.players)
        assert set(deal.styles.values()) <= {"balanced", "wall"}
    # What is hidden is dealt afresh: the deals do not all agree on the pile's order.
    assert len({d.next_cards for d in deals}) > 1


def test_the_same_bot_and_view_deal_the_same_games():
    view = mid_game().view("Ana")
    one, two = (sampled_deals(SearchBot("medium", seed=2), view, 2) for _ in range(2))
    assert [(d.next_cards, d.styles) for d in one] == [(d.next_cards, d.styles) for d in two]


@needs_core
def test_the_deals_shown_are_the_games_of_the_masters_first_round():
    """A move that left after the first round was judged on the first MASTER_SAMPLES deals
    alone: played forward on the deals `sampled_deals` gives, with their styles, it gets
    the very mean margin the core's search reported."""
    game = mid_game(seed=2, turn=18)
    view = game.view("Ana")
    master = SearchBot("master", seed=5)
    analysis = master.analyse(view, n=MASTER_CANDIDATES, legal_actions=game.legal_actions())
    first_out = [m for m in analysis if m.samples == MASTER_SAMPLES]
    assert first_out, "some candidate leaves after the first round"
    until = view.turn + master.budget.horizon * len(view.players)
    for move in first_out[:2]:
        margins = []
        for sampled, seats in master.sampled_games(view, MASTER_SAMPLES):
            played = sampled.copy()
            played.apply(move.action)
            master._roll_out(played, seats, until)
            margins.append(_margin_and_win(evaluate(played, "Ana"), "Ana", view.players)[0])
        assert sum(margins) / len(margins) == pytest.approx(move.margin, abs=1e-9)


# -- the halving's rounds --------------------------------------------------------------------

@needs_core
def test_the_rounds_of_a_master_search_halve_the_moves_and_double_the_deals():
    game = mid_game(seed=2, turn=18)
    analysis = SearchBot("master", seed=5).analyse(game.view("Ana"), n=MASTER_CANDIDATES,
                                                   legal_actions=game.legal_actions())
    rounds = halving_rounds(analysis, MASTER_SAMPLES)
    assert len(rounds[0].still_in) == len(analysis)
    for before, after in zip(rounds, rounds[1:]):
        assert len(after.still_in) == -(-len(before.still_in) // 2)
        assert after.new_games == 2 * before.new_games
        assert set(after.still_in) == set(before.still_in) - set(before.leaving)
    assert len(rounds[-1].still_in) == 2 and rounds[-1].leaving == rounds[-1].still_in[1:]
    assert rounds[-1].games_each == analysis[0].samples
    # Every game a move was played on is one of a round's new deals.
    assert sum(r.new_games * len(r.still_in) for r in rounds) == sum(m.samples for m in analysis)


def test_the_rounds_follow_the_games_each_move_was_played_on():
    rows = [row(56, 1), row(56, 2), row(24, 3), row(8, 4), row(8, 5)]
    rounds = halving_rounds(rows, first_round=8)
    assert [(r.number, r.new_games, r.games_each) for r in rounds] == [(1, 8, 8), (2, 16, 24),
                                                                       (3, 32, 56)]
    assert [[m.rank for m in r.leaving] for r in rounds] == [[4, 5], [3], [2]]
    assert [len(r.still_in) for r in rounds] == [5, 3, 2]


def test_a_single_round_leaves_all_but_the_move_chosen():
    rounds = halving_rounds([row(8, 1), row(8, 2), row(8, 3)], first_round=8)
    assert [(r.number, [m.rank for m in r.leaving]) for r in rounds] == [(1, [2, 3])]


@pytest.mark.parametrize("rows, first_round, message", [
    ([], 8, "at least one move"),
    ([row(8)], 0, "at least one game"),
    ([row(12, 1), row(8, 2)], 8, r"\[12\] fit no round"),  # another level's counts
    ([row(24, 1), row(8, 2)], 4, r"\[8, 24\] fit no round"),  # another first round
])
def test_an_analysis_that_is_no_halving_is_refused(rows, first_round, message):
    with pytest.raises(ValueError, match=message):
        halving_rounds(rows, first_round)


# -- the page --------------------------------------------------------------------------------

def test_the_page_opens_without_the_core_and_says_the_master_needs_it(monkeypatch):
    nbclient = pytest.importorskip("nbclient")
    nbformat = pytest.importorskip("nbformat")
    monkeypatch.setenv("ALHAMBRA_CORE", "python")  # the kernel inherits it
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    nbclient.NotebookClient(notebook, timeout=300, kernel_name="python3",
                            resources={"metadata": {"path": str(NOTEBOOK.parent)}}).execute()
    outputs = [o for c in notebook.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    first = outputs[0]["data"]["text/html"]
    assert "This page needs the library's compiled core" in first
    assert not [o for o in outputs if "image/png" in o.get("data", {})]
    assert os.environ["ALHAMBRA_CORE"] == "python"
