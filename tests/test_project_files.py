"""The project's own files agree with each other: pyproject.toml, environment.yml,
README.md, Makefile and .ci/run. A dependency added to one list only fails here."""

import os
import re
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: pytest itself depends on tomli there
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent

# pip requirement -> conda-forge packages, where the names differ.
CONDA_ALIASES = {
    "dask[distributed]": ["dask", "distributed"],
}
# Environment entries that are not project dependencies.
CONDA_ONLY = {"python", "pip"}

_REQ = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)(\[[^\]]*\])?\s*(.*)$")


def normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def split_requirement(req: str) -> tuple[str, str]:
    """'Dask[distributed] >= 2024.1' -> ('dask[distributed]', '>=2024.1')."""
    req = req.split(";")[0].split("#")[0]  # drop markers and comments
    match = _REQ.match(req)
    assert match, f"cannot parse requirement {req!r}"
    name, extras, spec = match.groups()
    return normalise(name) + (extras or "").lower(), spec.replace(" ", "")


def pyproject_requirements() -> dict[str, str]:
    """Runtime and every extra of pyproject.toml, as {conda name: version spec}."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    reqs = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        reqs += extra
    out = {}
    for req in reqs:
        name, spec = split_requirement(req)
        for conda_name in CONDA_ALIASES.get(name, [name.split("[")[0]]):
            out[conda_name] = spec
    return out


def environment_requirements(text: str) -> dict[str, str]:
    """The top-level `dependencies:` list of environment.yml, as {name: version spec}.

    A small line parser, enough for this file: `- item` lines under `dependencies:`
    at the first indentation seen; nested lists (the `pip:` section) are skipped.
    """
    out, indent, inside = {}, None, False
    for line in text.splitlines():
        stripped = line.split("#")[0].rstrip()
        if not stripped.strip():
            continue
        if not line[0].isspace():  # a top-level key
            inside = stripped == "dependencies:"
            continue
        if not inside or not stripped.lstrip().startswith("- "):
            continue
        depth = len(stripped) - len(stripped.lstrip())
        indent = depth if indent is None else indent
        item = stripped.lstrip()[2:].strip()
        if depth != indent or item.endswith(":"):
            continue
        # conda writes `pkg=1.2` for an exact pin and `pkg>=1.2` as pip does.
        name, spec = split_requirement(item)
        if name not in CONDA_ONLY:
            out[name] = spec
    return out


def test_environment_yml_lists_the_pyproject_dependencies():
    env = environment_requirements((ROOT / "environment.yml").read_text())
    assert env == pyproject_requirements()


def test_environment_yml_installs_the_package_itself():
    text = (ROOT / "environment.yml").read_text()
    assert re.search(r"^\s*-\s*pip:\s*\n\s*-\s*-e\s+\.\s*$", text, re.MULTILINE)


def test_environment_parser():
    # The check above is only as good as this parser: it must see every entry.
    sample = (
        "name: x\nchannels:\n  - conda-forge\ndependencies:\n  - python=3.11\n  - pip\n"
        "  # comment\n  - Foo_Bar >=1.2  # why\n  - baz\n  - pip:\n      - -e .\n"
        "variables:\n  - not-a-dependency\n"
    )
    assert environment_requirements(sample) == {"foo-bar": ">=1.2", "baz": ""}


def test_makefile_extras_exist_in_pyproject():
    # pip only warns about an unknown extra, so a rename would install too little.
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]
    match = re.search(r"^EXTRAS\s*:?=\s*(\S+)", (ROOT / "Makefile").read_text(), re.MULTILINE)
    assert match
    assert set(match.group(1).split(",")) <= set(extras)


def test_readme_quick_start_is_make_lab_and_make_test():
    readme = (ROOT / "README.md").read_text()
    section = re.search(r"^## Quick start\s*$(.*?)(?=^## |\Z)", readme, re.MULTILINE | re.DOTALL)
    assert section, "README.md has no '## Quick start' section"
    blocks = re.findall(r"^```[^\n]*\n(.*?)^```", section.group(1), re.MULTILINE | re.DOTALL)
    assert len(blocks) == 1, "Quick start should have exactly one code block"
    commands = [ln.split("#")[0].strip() for ln in blocks[0].splitlines()]
    assert [c for c in commands if c] == ["make lab", "make test"]


def test_ci_runs_make_test():
    ci = ROOT / ".ci" / "run"
    lines = [ln.split("#")[0].strip() for ln in ci.read_text().splitlines()]
    assert "make test" in lines
    assert "set -euo pipefail" in lines
    assert os.access(ci, os.X_OK)


def _make_recipe(target: str) -> list[str]:
    """The command lines of a Makefile target, in order."""
    text = (ROOT / "Makefile").read_text()
    match = re.search(rf"^{target}:[^\n]*\n((?:\t[^\n]*\n)+)", text, re.MULTILINE)
    assert match, f"the Makefile has no {target!r} target"
    return [line.strip() for line in match.group(1).splitlines()]


def test_make_test_type_checks_the_library_before_pytest():
    recipe = _make_recipe("test")
    mypy = [i for i, line in enumerate(recipe) if "-m mypy alhambra_lib" in line]
    pytest = [i for i, line in enumerate(recipe) if "-m pytest" in line]
    assert mypy and pytest and mypy[0] < pytest[0], recipe


def test_mypy_is_a_test_dependency_with_a_configuration():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    test_extra = [split_requirement(r)[0] for r in project["project"]["optional-dependencies"]["test"]]
    assert "mypy" in test_extra
    config = project["tool"]["mypy"]
    assert config["check_untyped_defs"] is True
    # Only third-party packages may be taken on trust, never the library itself.
    for override in config.get("overrides", []):
        modules = override["module"]
        if override.get("ignore_missing_imports"):
            assert not any(m.startswith("alhambra_lib") for m in modules), modules


def test_the_package_is_marked_typed():
    assert (ROOT / "alhambra_lib" / "py.typed").is_file()
    package_data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"]["alhambra_lib"]
    assert "py.typed" in package_data


def test_the_ci_script_parses():
    """A broken .ci/run fails every submission before any test runs (a merge once cut a
    line of it in two): bash must read it whole."""
    import subprocess

    checked = subprocess.run(["bash", "-n", str(ROOT / ".ci" / "run")], capture_output=True,
                             text=True)
    assert checked.returncode == 0, checked.stderr
