"""The command line: python -m alhambra_lib play ..."""

import io
import subprocess
import sys
from pathlib import Path

import pytest

from alhambra_lib import Game
from alhambra_lib.__main__ import main

ROOT = Path(__file__).resolve().parent.parent


def run(*argv):
    out = io.StringIO()
    assert main(list(argv), out=out) == 0
    return out.getvalue()


def test_play_prints_the_story_and_the_scores(tmp_path):
    record = tmp_path / "game.json"
    text = run("play", "--players", "3", "--seed", "7", "--json", str(record))
    lines = text.splitlines()
    assert lines[0] == "new game: Ana, Ben, Cy"
    assert any(line.startswith("-- turn 1: ") for line in lines)
    assert any(line.startswith("scoring round 3: ") for line in lines)
    assert "final scores:" in lines and lines[-2].startswith("winner")
    game = Game.from_json(record.read_text())
    assert game.is_over and f"record written to {record}" == lines[-1]
    assert run("play", "--players", "3", "--seed", "7") == text.replace(
        f"record written to {record}\n", "")


def test_play_options_and_bot_choice():
    text = run("play", "--players", "2", "--seed", "3", "--bots", "random,greedy", "--quiet",
               "--end-trigger", "bag_empty", "--hole-rule", "single")
    assert text.startswith("final scores:") and "Dirk" in text


@pytest.mark.parametrize("argv", [["play", "--players", "7"], ["play", "--bots", "clever"],
                                  ["play", "--players", "3", "--bots", "random,greedy"], []])
def test_bad_arguments_exit(argv):
    with pytest.raises(SystemExit):
        main(argv, out=io.StringIO())


def test_module_runs_as_a_program():
    result = subprocess.run([sys.executable, "-m", "alhambra_lib", "play", "--players", "2",
                             "--seed", "1", "--quiet"], cwd=ROOT, capture_output=True, text=True,
                            check=True, timeout=60)
    assert result.stdout.startswith("final scores:")
