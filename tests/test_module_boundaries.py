"""A module is one file plus one registry line: the rules core and the engine name no
module, and the modules import nothing from the engine.

Every string constant of the core and the engine (docstrings aside) that is a registered
module's name is listed here with the reason it is not the module: a word shared with
the rules (the redesign move ``exchange``, an Alhambra's ``gates``) or a data set the
core still reads (the shipped tile and card sets).
"""

import ast
from pathlib import Path

from alhambra_lib.modules import MODULES

PACKAGE = Path(__file__).resolve().parent.parent / "alhambra_lib"
CORE = ("alhambra.py", "scoring.py", "actions.py", "payments.py", "components.py")
#: (file, string) -> why the string there is not the module.
NOT_THE_MODULE = {
    ("alhambra.py", "exchange"): "the redesign move (RULES.md §7), a cache key",
    ("actions.py", "exchange"): "the redesign move in REDESIGN_MOVES",
    ("engine/game.py", "exchange"): "the redesign move; a payment source (Module.money_sources)",
    ("engine/game.py", "diamonds"): "a payment source a module brings (Module.money_sources)",
    ("components.py", "exchange"): "an exchange card's JSON tag, written by the card",
    ("components.py", "camps"): "the shipped tile set camps.csv",
    ("components.py", "bazaars"): "the shipped tile set bazaars.csv",
    ("components.py", "diamonds"): "the shipped card set diamonds.csv",
    ("engine/persist.py", "gates"): "an Alhambra's gates (Module.alhambra_parts), a save key",
    ("engine/schema.py", "gates"): "an Alhambra's gates (Module.alhambra_parts), a save key",
    ("engine/view.py", "gates"): "an Alhambra's gates (Module.alhambra_parts)",
}


def _strings(path):
    tree = ast.parse(path.read_text())
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)}
    return {node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
            and isinstance(node.value, str) and id(node) not in docstrings}


def test_the_core_and_the_engine_name_no_module():
    files = [PACKAGE / name for name in CORE] + sorted((PACKAGE / "engine").glob("*.py"))
    named = {(str(f.relative_to(PACKAGE)), s) for f in files for s in _strings(f)
             if s in MODULES}
    assert named - NOT_THE_MODULE.keys() == set()


def _run_time_imports(tree):
    """The ``from ... import`` statements that run: those under ``if TYPE_CHECKING:`` are
    read by the type checker alone (the hooks' `GameContext` names engine types)."""
    typing_only = {id(node) for block in ast.walk(tree)
                   if isinstance(block, ast.If) and isinstance(block.test, ast.Name)
                   and block.test.id == "TYPE_CHECKING"
                   for stmt in block.body for node in ast.walk(stmt)}
    return [node for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and id(node) not in typing_only]


def test_the_modules_import_nothing_from_the_engine():
    importing = [(f.name, node.module) for f in sorted((PACKAGE / "modules").glob("*.py"))
                 for node in _run_time_imports(ast.parse(f.read_text()))
                 if node.module and node.module.split(".")[0] == "engine"]
    assert importing == []
