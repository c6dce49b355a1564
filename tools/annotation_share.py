"""Print the share of the library's functions that are fully annotated.

A function counts as fully annotated when it has a return annotation and every
parameter has one, except the first parameter (``self`` or ``cls``) of a function
defined directly in a class body. Nested functions and lambdas-free closures count
too (they are functions mypy checks). Run from the repository root::

    python tools/annotation_share.py            # the whole library
    python tools/annotation_share.py --files    # and each file's figure, worst first
    python tools/annotation_share.py --exclude alhambra_lib/engine alhambra_lib/modules
"""

from __future__ import annotations

import argparse
import ast
from collections.abc import Iterator
from pathlib import Path

__all__ = ["count_file", "fully_annotated", "main"]

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef


def _functions(tree: ast.AST) -> Iterator[tuple[FunctionNode, bool]]:
    """Each function in `tree` with whether it is a method: in a class body, possibly under
    an ``if`` or ``try`` there (``if TYPE_CHECKING: def __init__(self, ...)``)."""
    stack: list[tuple[ast.AST, bool]] = [(tree, False)]
    while stack:
        node, in_class = stack.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                yield child, in_class
                stack.append((child, False))
            else:
                stack.append((child, isinstance(child, ast.ClassDef) or (
                    in_class and isinstance(child, ast.stmt))))


def fully_annotated(func: FunctionNode, is_method: bool) -> bool:
    """Whether `func` annotates its return and every parameter but self/cls.

    Examples
    --------
    >>> tree = ast.parse("def f(a: int, *b: str, c: int = 1, **d: int) -> int: ...")
    >>> fully_annotated(tree.body[0], False)
    True
    >>> fully_annotated(ast.parse("def g(self, a: int): ...").body[0], True)
    False
    """
    if func.returns is None:
        return False
    args = func.args
    params = [*args.posonlyargs, *args.args]
    decorators = {getattr(d, "id", None) for d in func.decorator_list}
    if is_method and "staticmethod" not in decorators and params:
        params = params[1:]  # self or cls
    params += args.kwonlyargs
    params += [a for a in (args.vararg, args.kwarg) if a is not None]
    return all(p.annotation is not None for p in params)


def count_file(path: Path) -> tuple[int, int]:
    """(fully annotated, all) functions of one source file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    flags = [fully_annotated(f, m) for f, m in _functions(tree)]
    return sum(flags), len(flags)


def main(argv: list[str] | None = None) -> int:
    """Print the share; return 0 (a measure, not a gate)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", nargs="?", default="alhambra_lib")
    parser.add_argument("--files", action="store_true", help="each file's figure too")
    parser.add_argument("--exclude", nargs="*", default=[], help="paths to leave out")
    opts = parser.parse_args(argv)
    excluded = [Path(e) for e in opts.exclude]
    rows = []
    for path in sorted(Path(opts.root).rglob("*.py")):
        if any(path == e or e in path.parents for e in excluded):
            continue
        rows.append((path, *count_file(path)))
    done = sum(r[1] for r in rows)
    total = sum(r[2] for r in rows)
    if opts.files:
        for path, n, k in sorted(rows, key=lambda r: (r[1] - r[2], str(r[0]))):
            if n < k:
                print(f"{n:5d}/{k:<5d} {path}")
    share = done / total if total else 1.0
    print(f"{done} of {total} functions fully annotated ({share:.0%})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
