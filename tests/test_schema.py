"""The saved state declared once (`engine.schema`): every state attribute of a `Game`
is a field of the table or declared unsaved, each codec reads back what it writes, and
a save holds a module's field exactly when the module is in play."""

import json
import random
import warnings

import pytest
from _game_helpers import play_randomly

from alhambra_lib import MODULES, Game, InvalidSave
from alhambra_lib.engine.persist import game_state
from alhambra_lib.engine.schema import FIELDS, STAGES, STATE_FIELDS, UNSAVED


def _game(modules, seed=5, steps=120):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # provisional data of some modules
        game = Game(["Ana", "Ben", "Cy"], seed=seed, modules=modules)
    return play_randomly(game, random.Random(seed), steps)


@pytest.fixture(scope="module")
def every_module():
    return _game(tuple(MODULES))


class _Reader:
    """A `schema.Reader` that refuses as the loader does."""

    where = ""

    def fail(self, message):
        raise InvalidSave(message, self.where)

    def expect(self, value, kind, what):
        if not isinstance(value, kind):
            self.fail(f"{what} should be a {kind.__name__}")
        return value

    def decode(self, decoder, value, what):
        return decoder(value)


def _plain(value):
    """A generator by its state (two generators are equal only when the same object)."""
    return value.getstate() if isinstance(value, random.Random) else value


def test_every_state_attribute_is_a_field_or_declared_unsaved(every_module):
    state = set(every_module.__getstate__())  # what a pickle keeps: the state alone
    fields = {f.attr for f in STATE_FIELDS}
    assert state - UNSAVED == fields
    assert not fields & UNSAVED


def test_keys_are_unique_and_stages_run_in_table_order():
    assert len(FIELDS) == len(STATE_FIELDS)
    order = [STAGES.index(f.stage) for f in STATE_FIELDS]
    assert order == sorted(order)  # a field is read in the stage it is listed in


def test_each_codec_reads_back_what_it_writes(every_module):
    game = every_module
    data = json.loads(game.to_json())
    reader = _Reader()
    for field in STATE_FIELDS:
        reader.where = field.key
        value = field.codec.decode(reader, game, data[field.key])
        written = field.codec.encode(game, getattr(game, field.attr))
        assert json.loads(json.dumps(written)) == data[field.key], field.key
        if field.codec.assign:
            assert _plain(value) == _plain(getattr(game, field.attr)), field.key


@pytest.mark.parametrize("modules", [(), ("gates",), ("vizier", "exchange")])
def test_a_save_holds_a_modules_field_only_with_the_module(modules):
    """A field of an Alhambra part (the gates) is saved exactly when a module in play
    declares that part (City Gates, §M5)."""
    game = _game(modules, seed=2, steps=30)
    state = game_state(game)
    parts = {part for name in game.modules for part in MODULES[name].alhambra_parts}
    for field in STATE_FIELDS:
        assert (field.key in state) == (field.part is None or field.part in parts)
    assert ("gates" in state) == ("gates" in modules)


@pytest.mark.parametrize("key, value, where", [
    ("events", {"not": "a list"}, "events"),
    ("turn", 0, "turn"),  # 0 only before the first turn: checked with the script
    ("turn", -1, "turn"),
    ("start_player", "Zed", "start_player"),
    ("gates", [], "gates"),
])
def test_a_field_is_refused_where_it_is_read(key, value, where):
    data = json.loads(_game(("gates",), seed=3, steps=40).to_json())
    data[key] = value
    with pytest.raises(InvalidSave) as info:
        Game.from_json(json.dumps(data))
    assert info.value.where == where, str(info.value)
