"""The command line: python -m alhambra_lib play ..."""

import argparse
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from alhambra_lib import MODULES, Game
from alhambra_lib.__main__ import build_parser, main
from alhambra_lib.bots import BOTS

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
    assert sum("final scores" in line for line in lines) == 1  # printed once
    game = Game.from_json(record.read_text())
    assert game.is_over and f"record written to {record}" == lines[-1]
    assert run("play", "--players", "3", "--seed", "7") == text.replace(
        f"record written to {record}\n", "")


def test_play_options_and_bot_choice():
    text = run("play", "--players", "2", "--seed", "3", "--bots", "random,greedy", "--quiet",
               "--end-trigger", "bag_empty", "--hole-rule", "single")
    lines = text.splitlines()
    assert lines[0] == "final scores:" and lines[-1].startswith("winner")
    # the two players are ranked; Dirk is told apart, not ranked among them
    standings = [line.strip().split(": ") for line in lines[1:3]]
    assert {name for name, _ in standings} == {"Ana", "Ben"}
    assert int(standings[0][1]) >= int(standings[1][1])
    assert lines[3].startswith("  (Dirk, the neutral player: ")
    assert "Dirk" not in lines[-1]


@pytest.mark.parametrize("name", list(BOTS))
def test_play_takes_every_bot_of_the_registry(name):
    text = run("play", "--players", "2", "--seed", "1", "--bots", name, "--quiet")
    assert text.startswith("final scores:")


def test_play_with_modules():
    text = run("play", "--players", "3", "--seed", "2", "--bots", "greedy,wall,random",
               "--modules", "vizier,exchange,bonus_cards")
    lines = text.splitlines()
    assert lines[0] == "new game: Ana, Ben, Cy, with vizier, exchange, bonus_cards"
    assert any("calls on the vizier" in line for line in lines)
    assert lines[-1].startswith("winner")


@pytest.mark.parametrize("command", ["play", "tournament"])
def test_an_unknown_module_exits_with_code_2_and_the_names(command, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main([command, "--modules", "vizier,dragons"], out=io.StringIO())
    assert exit_info.value.code == 2
    error = capsys.readouterr().err
    assert "unknown module 'dragons'" in error and ", ".join(MODULES) in error


def test_every_option_has_help():
    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name, sub in commands.choices.items():
        for action in sub._actions:
            assert action.help, f"{name} {action.option_strings} has no help"


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


def test_option_chooses_a_modules_reading_and_is_refused_without_its_module(capsys):
    """`--option NAME` passes a module option to the game (RULES.md §M12.4)."""
    from alhambra_lib.__main__ import main

    main(["play", "--players", "3", "--seed", "2", "--quiet", "--modules", "street_merchant",
          "--option", "merchant_final_only"])
    assert "final scores" in capsys.readouterr().out
    with pytest.raises(SystemExit) as exit_:
        main(["play", "--players", "3", "--seed", "2", "--quiet",
              "--option", "merchant_final_only"])
    assert exit_.value.code == 2 and "street_merchant module" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["play", "--option", "dragons"])


def test_the_command_line_modules_examples_run():
    """pytest's --doctest-modules skips __main__.py, so its Examples are run here."""
    import doctest

    import alhambra_lib.__main__ as cli

    result = doctest.testmod(cli, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0


def _unwritable_file(tmp_path, suffix):
    """A file this process cannot open for writing (root writes even read-only files)."""
    if os.geteuid() == 0:
        return Path(f"/proc/self/out{suffix}")  # no process, not even root, creates one there
    locked = tmp_path / f"locked{suffix}"
    locked.write_text("")
    locked.chmod(0o444)
    return locked


@pytest.mark.parametrize("command, option, suffix", [("play", "--json", ".json"),
                                                     ("tournament", "--out", ".csv")])
@pytest.mark.parametrize("where, says", [("missing folder", "does not exist"),
                                         ("folder", "it is a folder"),
                                         ("unwritable file", "cannot write")])
def test_an_unusable_output_file_is_refused_before_playing(command, option, suffix, where,
                                                           says, tmp_path, capsys):
    if where == "missing folder":
        path = tmp_path / "nowhere" / f"out{suffix}"
    elif where == "folder":
        path = tmp_path / f"out{suffix}"
        path.mkdir()
    else:
        path = _unwritable_file(tmp_path, suffix)
    out = io.StringIO()
    with pytest.raises(SystemExit) as exit_info:
        main([command, option, str(path), "--players", "2"], out=out)
    assert exit_info.value.code == 2
    assert out.getvalue() == ""  # refused before any game was played
    error = capsys.readouterr().err
    assert f"argument {option}: cannot write {path}" in error and says in error
    assert "Traceback" not in error


def test_the_output_check_leaves_no_file_behind(tmp_path):
    from alhambra_lib.__main__ import output_path

    assert output_path(str(tmp_path / "game.json")) == tmp_path / "game.json"
    assert list(tmp_path.iterdir()) == []
    kept = tmp_path / "kept.json"
    kept.write_text("old")
    output_path(str(kept))
    assert kept.read_text() == "old"  # checked, not emptied


def test_a_wrong_table_suffix_exits_with_code_2(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["tournament", "--out", "scores.txt"], out=io.StringIO())
    assert exit_info.value.code == 2
    assert "must end in .csv or .parquet" in capsys.readouterr().err


def test_the_two_player_story_names_dirk_apart_from_the_players():
    lines = run("play", "--players", "2", "--seed", "1").splitlines()
    assert lines[0] == "new game: Ana, Ben (and Dirk, the neutral player)"
    standings = lines[lines.index("final scores:") + 1:]
    assert {line.split(":")[0].strip() for line in standings[:2]} == {"Ana", "Ben"}
    assert standings[2].startswith("  (Dirk, the neutral player: ")
