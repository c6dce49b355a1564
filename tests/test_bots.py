"""Bots: the protocol, the random and greedy bots, and `play`."""

import pytest
from _game_helpers import cards, do, real_tile, set_display, set_hand, set_market

from alhambra_lib import Game
from alhambra_lib.bots import Bot, GreedyBot, RandomBot, play


def test_bots_follow_the_protocol():
    assert isinstance(RandomBot(1), Bot) and isinstance(GreedyBot(), Bot)
    assert not isinstance(object(), Bot)


@pytest.mark.parametrize("players", [2, 3, 6])
def test_play_runs_to_the_end(players):
    names = ["Ana", "Ben", "Cy", "Dana", "Eli", "Fay"][:players]
    game = play(Game(names, seed=players), [RandomBot(s) for s in range(players)])
    assert game.is_over and game.winners and set(game.winners) <= set(names)


def test_play_takes_a_mapping_and_checks_the_seats():
    game = Game(["Ana", "Ben"], seed=1)
    with pytest.raises(ValueError, match="no bot for Ben"):
        play(game, {"Ana": RandomBot(1)})
    with pytest.raises(ValueError, match="2 players need 2 bots"):
        play(game, [RandomBot(1)])
    with pytest.raises(TypeError, match="choose"):
        play(game, {"Ana": RandomBot(1), "Ben": "a bot"})
    assert play(game, {"Ben": GreedyBot(), "Ana": RandomBot(1)}).is_over


def test_play_stops_bots_that_never_finish():
    class Redesigner:
        """Moves a tile back and forth forever once it can."""

        def choose(self, view, legal):
            redesigns = [a for a in legal if a.kind == "redesign"]
            return redesigns[0] if redesigns else legal[0]

    with pytest.raises(RuntimeError, match="did not end within 300 actions"):
        play(Game(["Ana", "Ben"], seed=1), [Redesigner(), Redesigner()], max_actions=300)


def test_random_bot_is_reproducible():
    def run(seed):
        return play(Game(["Ana", "Ben", "Cy"], seed=4), [RandomBot(seed + i) for i in range(3)])
    assert run(1).to_json() == run(1).to_json() != run(2).to_json()


def test_greedy_bot_is_deterministic_given_the_view():
    game = Game(["Ana", "Ben", "Cy"], seed=9)
    bot = GreedyBot()
    for _ in range(40):
        view, legal = game.view(game.current_player), game.legal_actions()
        choice = bot.choose(view, legal)
        assert choice == GreedyBot().choose(game.view(game.current_player), list(legal))
        assert choice in legal
        game.apply(choice)


def test_greedy_pays_exactly_when_it_can():
    game = Game(["Ana", "Ben", "Cy"], seed=5)
    game = set_market(game, [real_tile("pavilion", 8, ""), real_tile("seraglio", 9, ""),
                             real_tile("garden", 8, "NE"), real_tile("tower", 12, "")])
    game = set_hand(game, "Cy", cards("6 ducat", "5 ducat", "3 ducat"))
    game = set_display(game, cards("1 ducat", "2 florin", "2 denar", "3 dirham"))
    choice = GreedyBot().choose(game.view("Cy"), game.legal_actions())
    assert str(choice) == "buy 8-garden from ducat square paying 5+3 (exact)"


def test_greedy_keeps_walls_long():
    game = Game(["Ana", "Ben", "Cy"], seed=5)
    game = set_market(game, [real_tile("pavilion", 8, ""), real_tile("seraglio", 9, ""),
                             real_tile("garden", 8, "NE"), real_tile("tower", 12, "")])
    game = set_hand(game, "Cy", cards("8 ducat"))
    do(game, "buy 8-garden from ducat square paying 8 (exact)")
    do(game, "end")
    choice = GreedyBot().choose(game.view("Cy"), game.legal_actions())
    # the chosen cell gives the longest wall any legal cell gives
    trial = game.alhambra("Cy").copy()
    trial.place(choice.tile, choice.pos)
    best = 0
    for pos in game.alhambra("Cy").legal_positions(choice.tile):
        other = game.alhambra("Cy").copy()
        other.place(choice.tile, pos)
        best = max(best, other.longest_wall())
    assert choice.kind == "place" and trial.longest_wall() == best == 2


def test_greedy_beats_random_players():
    wins = 0
    for seed in range(6):
        game = play(Game(["G", "R1", "R2"], seed=seed),
                    [GreedyBot(), RandomBot(seed), RandomBot(seed + 50)])
        wins += game.winners == ["G"]
    assert wins >= 5


def test_views_hide_other_hands():
    game = Game(["Ana", "Ben", "Cy"], seed=2)
    view = game.view("Ana")
    assert view.hand == game.hand("Ana")
    assert view.hand_sizes == {p: len(game.hand(p)) for p in game.players}
    assert not hasattr(view, "hands") and "Ben" not in repr(view.hand)
    assert view.layouts["Ben"] == dict(game.alhambra("Ben").layout)
    assert view.alhambra("Cy") == game.alhambra("Cy")
    assert view.alhambra("Cy") is not game.alhambra("Cy")
    assert view.counts("Ana") == game.alhambra("Ana").counts()
    with pytest.raises(ValueError, match="no player called 'Dirk'"):
        game.view("Dirk")
