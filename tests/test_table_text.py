"""The GameTable's words: choice buttons that read as sentences, decisions titled by the
module that asks, "or click a market square to buy" only when a purchase is possible,
and a payment among many narrowed by clicking the cards paid with."""

from __future__ import annotations

import random
import warnings
from types import SimpleNamespace

from alhambra_lib import Card, Game, Tile
from alhambra_lib.actions import Buy, Decline, End, Place
from alhambra_lib.components import MasterBuilderCard
from alhambra_lib.engine.narration import describe_event
from alhambra_lib.modules.characters import Bid
from alhambra_lib.modules.master_builders import PlayMasterBuilder
from alhambra_lib.modules.thieves import Steal
from alhambra_lib.modules.treasure import BuyChests, PlaceChest
from alhambra_lib.modules.vizier import VizierBuy, Wake
from alhambra_lib.widgets.table_model import MAX_OFFERED, Selection, decision_title
from alhambra_lib.widgets.table_text import choice_text, status_text

TOWER = Tile("tower", 9, "N")


def _decision(kind, modules=("vizier", "thieves", "treasure", "characters")):
    """A game stub deciding `kind` for "You" at turn 3."""
    return SimpleNamespace(is_over=False, turn=3, modules=modules,
                           decision=SimpleNamespace(kind=kind, player="You"))


def test_choice_buttons_read_as_sentences():
    assert choice_text(Steal(Card("ducat", 6)), "window") == (
        "play a ducat thief and steal the 6 ducat")
    # Issue 35: every payment and bid names its currency; a move reads after "would".
    assert choice_text(Bid((Card("florin", 4), Card("florin", 3))), "auction") == (
        "bid 7 (4 + 3 florin)")
    assert choice_text(Decline(), "auction") == "pass (no bid)"
    assert choice_text(Decline(), "window") == "let the chance pass"
    assert choice_text(Wake()) == "wake your vizier (your turn ends)"
    assert choice_text(End()) == "end your turn"
    assert choice_text(BuyChests(2, (Card("ducat", 8),))) == (
        "pay 8 ducat for the chests of room 2")
    assert choice_text(VizierBuy(1, TOWER, (Card("denar", 9),))) == (
        "use your vizier to buy the 9-tower of square 1, paying 9 denar (exact)")
    assert choice_text(Place(TOWER, (1, 0), gate="N")) == (
        "build the 9-tower at (1, 0) through a gate on its N side")
    assert "master builder" in choice_text(PlayMasterBuilder(MasterBuilderCard("denar")))


def test_the_second_person_reads_well_with_two_verbs():
    event = {"type": "steal", "player": "You", "card": ["ducat", 6]}
    assert describe_event(event).startswith("You play a thief and steal 6 ducat")


def test_each_decision_is_titled_by_its_module_and_says_what_to_click():
    steal = [Steal(Card("ducat", 6)), Decline()]
    text = status_text(_decision("window"), "You", steal)
    assert text.startswith("Turn 3, Thieves: click a card of the display to steal it")
    assert "Vizier" not in text and "market square" not in text
    vizier = [VizierBuy(1, TOWER, (Card("denar", 9),)), Decline()]
    text = status_text(_decision("window"), "You", vizier)
    assert text.startswith("Turn 3, Vizier's Favour: click a market square for the vizier")
    assert status_text(_decision("chests"), "You", [PlaceChest((1, 0))]).startswith(
        "Turn 3, Treasure Chamber: click one of your buildings")
    auction = status_text(_decision("auction"), "You", [Bid((Card("florin", 3),)), Decline()])
    assert "Characters: bid with a button beside the character" in auction


def test_market_square_only_when_a_purchase_is_possible():
    """A decision the table does not know offers its buttons; a purchase is mentioned only
    when one is legal."""
    odd = [SimpleNamespace(kind="wise_man_test")]
    text = status_text(_decision("wise_man_test"), "You", odd)
    assert text == "Turn 3, wise man test: choose one of the buttons offered."
    buy = Buy(1, TOWER, (Card("denar", 9),))
    assert status_text(_decision("wise_man_test"), "You", odd + [buy]).endswith(
        "or click a market square to buy.")


def test_a_turn_end_redesign_is_the_master_builders_unless_the_character_is_owned():
    game = SimpleNamespace(modules=("characters", "master_builders"),
                           decision=SimpleNamespace(player="You"),
                           view=lambda p: SimpleNamespace(modules={"characters": {
                               "owned": {"You": ()}}}))
    assert decision_title("master_builder", [Decline()], game) == "Master Builders"
    assert decision_title("master_builder", [Decline()]) == "Characters or Master Builders"
    assert decision_title("act") == "your turn"


def _many_payments():
    """A state with more than 8 ways to buy one room's chests (seeded search)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for seed in range(40):
            game, rng = Game(["You", "Ana"], seed=seed, modules=("treasure",)), \
                random.Random(seed)
            for _ in range(300):
                if game.is_over:
                    break
                legal = game.legal_actions()
                rooms = [a.room for a in legal if a.kind == "buy_chests"]
                if game.current_player == "You" and max(
                        (rooms.count(r) for r in set(rooms)), default=0) > MAX_OFFERED:
                    return game, legal, max(set(rooms), key=rooms.count)
                game.apply(rng.choice(legal))
    raise AssertionError("no state with many payments")


def test_a_payment_among_many_is_narrowed_by_clicking_the_cards_paid_with():
    game, legal, room = _many_payments()
    selection = Selection(game, "You", legal)
    selection.click(("room", room))
    assert selection.too_many() > MAX_OFFERED and not selection.offered
    payment = next(a for a in legal if a.kind == "buy_chests" and a.room == room)
    for card in payment.cards:
        if selection.offered:
            break
        selection.click(("money", card))
    assert payment in selection.offered and len(selection.offered) <= MAX_OFFERED


def test_the_whole_table_is_drawn_with_the_module_pieces_when_asked():
    from alhambra_lib.modules import MODULES
    from alhambra_lib.widgets import GameTable

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        table = GameTable(Game(["You", "Ana", "Ben"], seed=4, modules=tuple(MODULES)))
    story = table.story
    assert story.drawing.layout.display == "none"  # nothing drawn until asked
    story.drawing_button.click()
    assert bytes(story.drawing.value).startswith(b"\x89PNG") and story.drawing.layout.display == ""
    assert "at turn" in story.drawing_note.value
