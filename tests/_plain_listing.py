"""The plain listing of legal actions: the reference the engine's fast listing must equal.

`plain_legal_actions` lists a game's legal actions the plain, uncached way: every
module asked in every decision (no `option_decisions` dispatch), Alhambras rebuilt from
their layouts (no listing kept per layout, no facts kept near changes), placements and
redesigns from the checks `apply` makes (one cell at a time), payments as listed,
the modules' kept listings (exchange and diamond payments too) emptied first, bazaar
purchases listed without the quick test, and the chest purchases built with their
checks. The tests compare it with `Game.legal_actions` at every decision of random games.
"""

from __future__ import annotations

from alhambra_lib.actions import End, Give, Place, Redesign, Reserve, Take
from alhambra_lib.actions import card_order, take_choices, tile_order
from alhambra_lib.alhambra import Alhambra
from alhambra_lib.modules import bazaars, diamonds, exchange, treasure
from alhambra_lib.modules.treasure import BuyChests
from alhambra_lib.engine.context import module_context

__all__ = ["plain_legal_actions", "plain_redesigns"]


def _fresh(game, player):
    """A new Alhambra with `player`'s layout and gates: nothing cached in it."""
    alhambra = game.alhambra(player)
    return Alhambra.from_layout(alhambra.layout, alhambra.hole_rule, check=False,
                                gates=alhambra.gates())


def _distinct(tiles):
    return sorted(set(tiles), key=tile_order)


def _where(alhambra, check, cells):
    """The cells, sorted, where `check(cell)` gives a legal `Verdict`: the checks of
    `apply`, one cell at a time, not the listing functions."""
    return sorted(cell for cell in cells if check(cell).ok)


def plain_redesigns(game, player):
    """Every redesign of `player`: reserve placements, removals, exchanges (RULES.md §7)."""
    alhambra = _fresh(game, player)
    reserve = _distinct(game.reserve(player))
    empty, built = alhambra.frontier(), list(alhambra.layout)
    actions = [Redesign("place", t, pos) for t in reserve
               for pos in _where(alhambra, lambda c, t=t: alhambra.check(t, c), empty)]
    actions += [Redesign("remove", None, pos)
                for pos in _where(alhambra, alhambra.check_removal, built)]
    actions += [Redesign("exchange", t, pos) for t in reserve
                for pos in _where(alhambra, lambda c, t=t: alhambra.check_exchange(t, c), built)]
    return actions


def _takes(game):
    takes = [Take(cards) for cards in take_choices(tuple(sorted(game.display, key=card_order)))]
    takes += [Take((card,)) for m in game._beside_hooks for card in m.cards_beside(module_context(game))]
    return takes


def _placing(game, decision):
    alhambra = _fresh(game, decision.player)
    may_give = decision.data.get("give", False)
    actions = []
    for tile in _distinct(game.to_place):
        actions += [Place(tile, pos) for pos in
                    _where(alhambra, lambda c, t=tile: alhambra.check(t, c), alhambra.frontier())]
        actions.append(Reserve(tile))
        if may_give and tile.kind != "hut" and not tile.stick_mask:
            actions.append(Give(tile))
    return actions


def _bazaar_buys(game, module, decision):
    """The bazaar purchases listed for every hand (no quick test first)."""
    if decision.kind != "act":
        return []
    beside = tuple(dict.fromkeys(module.beside(module_context(game))))
    prices = tuple(None if tile is None else tile.price
                   for _, tile in (module.price(module_context(game), b) for b in beside))
    return list(bazaars._bazaar_buys(beside, prices, game.hand(decision.player)))


def _module_options(game, decision):
    """Every module asked, its kept listings emptied, the game's kept ones bypassed."""
    bazaars._BUYS.clear()
    treasure._CHEST_BUYS.clear()
    game._redesigns_of = lambda player: tuple(plain_redesigns(game, player))
    ctx = module_context(game)
    try:
        actions = []
        for module in game._option_hooks:
            if module.name == "bazaars":
                actions += _bazaar_buys(game, module, decision)
            else:
                actions += module.options(ctx, decision)
    finally:
        del game._redesigns_of
    # Chest purchases are built without their checks on the fast path: build them with.
    return [BuyChests(a.room, a.cards) if isinstance(a, BuyChests) else a for a in actions]


def plain_legal_actions(game):
    """Every legal action now, in the canonical order of `Game.legal_actions`."""
    decision = game.decision
    if decision is None:
        return []
    actions = []
    if decision.kind == "act":
        actions += _takes(game)
        exchange._BUYS.clear()  # the exchange and diamond payments kept by hand and market
        diamonds._BUYS.clear()
        actions += module_context(game).payment_options(decision.player)
        actions += plain_redesigns(game, decision.player)
    elif decision.kind in ("place", "final_place"):
        actions += _placing(game, decision)
    actions += _module_options(game, decision)
    free = game._free_kinds
    if decision.kind == "act" and (game._may_continue or not actions or (
            free and all(a.kind in free for a in actions))):
        actions.append(End())
    return actions
