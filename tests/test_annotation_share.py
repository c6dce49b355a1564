"""tools/annotation_share.py counts fully annotated functions as issue 21 defines them."""

import ast
import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_SPEC = importlib.util.spec_from_file_location("annotation_share",
                                               ROOT / "tools" / "annotation_share.py")
share = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(share)

SAMPLE = '''
def typed(a: int, *rest: str, key: int = 0, **more: float) -> int: ...
def no_return(a: int): ...
def bare_star(a: int, *rest) -> None: ...
class C:
    def method(self, a: int) -> int:
        def inner(b: int) -> int: ...
        def loose(b): ...
        return a
    @classmethod
    def build(cls) -> "C": ...
    @staticmethod
    def plain(x) -> int: ...
    if True:
        def guarded(self, a: int) -> None: ...
'''


def _flags(source):
    tree = ast.parse(source)
    return {f.name: share.fully_annotated(f, m) for f, m in share._functions(tree)}


def test_every_parameter_but_self_and_cls_and_the_return_count():
    assert _flags(SAMPLE) == {"typed": True, "no_return": False, "bare_star": False,
                              "method": True, "inner": True, "loose": False, "build": True,
                              "plain": False, "guarded": True}


def test_a_file_and_the_command_line(tmp_path, capsys):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "a.py").write_text(SAMPLE)
    (package / "skipped.py").write_text("def f(x): ...\n")
    assert share.count_file(package / "a.py") == (5, 9)
    assert share.main([str(package), "--files", "--exclude", str(package / "skipped.py")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "5 of 9 functions fully annotated (56%)"
    assert "skipped" not in "".join(out)
