"""Studies played once and saved with the library, so that a page shows them at once.

A notebook page (05, 08) must open in seconds, yet its studies play hundreds of games.
Each study is therefore played once, from the command line, and saved as a CSV file in
``alhambra_lib/data/``; the page reads the file, and a button on the page plays a new
study when a reader wants one (`alhambra_lib.widgets.SavedStudyView`).

`STUDIES` names every saved study with how it is played (`SavedStudy.run`), saved and
read back. A new study joins by one entry there::

    python -m alhambra_lib.analysis.saved wall_small_run    # rewrites its CSV file
    python -m alhambra_lib.analysis.saved wall_study --games 2000 --jobs -1
    python -m alhambra_lib.analysis.saved strong_walls      # resumes: plays what is missing
    python -m alhambra_lib.analysis.saved --list

This command is the one writer of every saved study's file.

`save_rows` and `load_rows` write and read a table of rows so that text stays text (an
empty string is not a missing value) and a missing number stays missing.

Examples
--------
>>> import tempfile
>>> from pathlib import Path
>>> import pandas as pd
>>> rows = pd.DataFrame({"modules": ["", "vizier"], "walls_r3": pd.array([4, None], "Int64")})
>>> path = Path(tempfile.mkdtemp()) / "rows.csv"
>>> save_rows(rows, path)
>>> back = load_rows(path)
>>> back["modules"].tolist(), back["walls_r3"].isna().tolist()
(['', 'vizier'], [False, True])
>>> sorted(STUDIES)
['hint_calibration', 'hint_calibration_master', 'master_walls', 'module_effects',
 'strong_walls', 'wall_arms', 'wall_small_run', 'wall_study']
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, NamedTuple, TextIO

import pandas as pd

from ..errors import InvalidInput
from . import hint_calibration, master_walls, strong_walls, wall_arms
from . import study as wall_study_module
from .module_study import BASE, module_effects_table, module_tournaments

__all__ = ["DATA", "SavedStudy", "STUDIES", "SmallWallRun", "save_rows", "load_rows",
           "load_study", "run_small_wall_run", "run_command", "main"]

#: The folder of the saved studies.
DATA = Path(__file__).resolve().parents[1] / "data"
#: How a missing value is written, so that an empty string can stay a string.
_MISSING = "NA"

Progress = Callable[[int, int], None]


def save_rows(table: pd.DataFrame, path: str | Path) -> None:
    """Write `table` (its index dropped) to the CSV file `path`, missing values as ``NA``."""
    table.to_csv(path, index=False, na_rep=_MISSING)


def load_rows(path: str | Path) -> pd.DataFrame:
    """Read a table written by `save_rows`: ``NA`` is missing, an empty field an empty text."""
    return pd.read_csv(path, keep_default_na=False, na_values=[_MISSING])


@dataclass(frozen=True)
class SavedStudy:
    """A study saved in `DATA`: what it is, how it is played, written and read.

    Attributes
    ----------
    name : str
        Its key in `STUDIES`, and the command line's argument.
    title : str
        What it measures, in words, for a page's caption.
    file : str
        Its CSV file in `DATA`.
    games : int
        Games per tournament of the saved run.
    seed : int
        The seed of the saved run.
    play : callable
        ``play(games, seed, progress)`` plays the study and returns its result;
        `progress` is called as ``progress(done, total)`` with games played.
    write : callable
        ``write(result, path)`` saves a result.
    read : callable
        ``read(path)`` returns the saved result.
    save_run : callable, optional
        ``save_run(games, seed, progress, path, n_jobs)`` plays the study on `n_jobs`
        processes and saves it in the file `path` (a resumable study plays only the games
        missing there, each saved as it finishes); without it `save` plays on one
        process, then writes.
    unit : str
        What `games` counts, in words (``"games per tournament"``).
    count : callable, optional
        ``count(result)``: the games a result holds, when a saved run may hold fewer than
        `games` (a resumable study still growing); else `games` is shown.
    """

    name: str
    title: str
    file: str
    games: int
    seed: int
    play: Callable[[int, int, Progress | None], Any]
    write: Callable[[Any, Path], None]
    read: Callable[[Path], Any]
    save_run: Callable[[int, int, Progress | None, Path, int], Any] | None = None
    unit: str = "games per tournament"
    count: Callable[[Any], int] | None = None

    @property
    def path(self) -> Path:
        """The saved run's file."""
        return DATA / self.file

    @property
    def command(self) -> str:
        """The shell command that plays the saved run again and rewrites its file."""
        return f"python -m alhambra_lib.analysis.saved {self.name}"

    def load(self) -> Any:
        """The saved result, read from `path`."""
        return self.read(self.path)

    def run(self, games: int | None = None, seed: int | None = None,
            progress: Progress | None = None) -> Any:
        """Play the study (by default as the saved run was played) and return its result."""
        return self.play(self.games if games is None else games,
                         self.seed if seed is None else seed, progress)

    def save(self, games: int | None = None, seed: int | None = None,
             progress: Progress | None = None, n_jobs: int = 1) -> None:
        """Play the study and save it in `path`: the one way its file is written.

        Raises
        ------
        InvalidInput
            For ``n_jobs`` other than 1 when the study plays on one process only.
        """
        games = self.games if games is None else games
        seed = self.seed if seed is None else seed
        if self.save_run is not None:
            self.save_run(games, seed, progress, self.path, n_jobs)
            return
        if n_jobs != 1:
            raise InvalidInput(f"the study {self.name!r} plays on one process; "
                               f"n_jobs={n_jobs!r} cannot be honoured")
        self.write(self.play(games, seed, progress), self.path)

    def games_in(self, result: Any) -> int:
        """The games `result` holds (`count`), or the saved run's `games`."""
        return self.games if self.count is None else self.count(result)


class SmallWallRun(NamedTuple):
    """The small run of notebook 05: the rows of its tournaments, one per player per game.

    Attributes
    ----------
    first : pandas.DataFrame
        The presets' tournament (`tournament` rows; saved without ``final_layout``).
    sweep : pandas.DataFrame
        The wall-weight sweep (`weight_sweep` rows; saved without ``final_layout``).
    gaps : pandas.DataFrame
        The first games of `first` with their wall gaps (`add_wall_gaps` rows).
    """

    first: pd.DataFrame
    sweep: pd.DataFrame
    gaps: pd.DataFrame


#: Games of the small run whose walls are compared with the best arrangement.
GAP_GAMES = 6


def _counter(progress: Progress | None, total: int) -> Callable[[int], None]:
    """A ``tournament`` progress callable (games just done) that reports (done, total)."""
    done = [0]

    def count(games: int) -> None:
        done[0] += games
        if progress is not None:
            progress(done[0], total)
    return count


def run_small_wall_run(games: int = 60, seed: int = wall_study_module.SEED,
                       progress: Progress | None = None, *, gap_games: int = GAP_GAMES,
                       n_jobs: int = 1) -> SmallWallRun:
    """Play notebook 05's small run: the presets, the sweep, the wall gaps of a few games.

    Parameters
    ----------
    games : int
        Games per tournament (the presets', and each wall weight's).
    seed : int
        Every tournament plays the games of this seed.
    progress : callable, optional
        Called as ``progress(done, total)`` with the games played.
    gap_games : int
        The first games of the presets' tournament whose walls are compared with the
        best arrangement of their tiles.
    n_jobs : int
        joblib processes (-1: every core); the results do not depend on it.

    Examples
    --------
    >>> seen = []
    >>> run = run_small_wall_run(games=2, progress=lambda d, t: seen.append((d, t)))
    >>> len(run.first), sorted(run.sweep["wall_weight"].unique().tolist()), seen[-1]
    (6, [0.0, 0.5, 1.0, 2.0, 4.0], (14, 14))
    """
    from .stats import add_wall_gaps
    from .sweep import weight_sweep
    from .tournaments import tournament

    weights = wall_study_module.WALL_WEIGHTS
    gap_games = min(gap_games, games)
    count = _counter(progress, games * (1 + len(weights)) + gap_games)
    run: dict[str, Any] = {"seed": seed, "n_jobs": n_jobs, "progress": count}
    first = tournament(list(wall_study_module.PRESETS), games=games, **run)
    sweep = weight_sweep(list(weights), games=games, **run)
    # The same search bounds as the page's text states: a beam of 16, no exact proof.
    gaps = add_wall_gaps(first[first["game"] < gap_games], n_jobs=n_jobs, progress=False,
                         beam_width=16, exact_limit=0)
    count(gap_games)
    return SmallWallRun(first, sweep, gaps)


def _write_small_run(run: SmallWallRun, path: Path) -> None:
    # The final layouts are kept for the gaps' games only, which the page draws: the
    # others would make the file ten times larger for nothing shown.
    parts = [table.assign(part=part) if part == "gaps" else
             table.drop(columns="final_layout").assign(part=part)
             for part, table in run._asdict().items()]
    save_rows(pd.concat(parts, ignore_index=True), path)


def _read_small_run(path: Path) -> SmallWallRun:
    table = load_rows(path)
    parts = {part: table[table["part"] == part].drop(columns="part")
             .dropna(axis=1, how="all").reset_index(drop=True)
             for part in SmallWallRun._fields}
    return SmallWallRun(**parts)


def _played_apart(run: Callable[..., Any], games: int, seed: int, progress: Progress | None,
                  **options: Any) -> Any:
    """A new run of a resumable study (`run` appends each game to the file ``path``),
    played into a folder of its own so that the saved file is left alone: what a page's
    button plays."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        return run(games, seed=seed, path=Path(folder) / "new.csv", progress=progress or False,
                   **options)


def _resumed(run: Callable[..., Any], games: int, seed: int, progress: Progress | None,
             path: Path, n_jobs: int, **options: Any) -> None:
    """Play the games missing from the saved file `path` of a resumable study, each
    appended as it finishes (`run` then does whatever else it does: a model refitted)."""
    run(games, seed=seed, path=path, n_jobs=n_jobs, progress=progress or True, **options)


def _play_wall_study(games: int, seed: int, progress: Progress | None, n_jobs: int = 1):
    weights = wall_study_module.WALL_WEIGHTS
    count = _counter(progress, games * (1 + len(weights)))
    return wall_study_module.run_wall_study(games=games, seed=seed, n_jobs=n_jobs,
                                            progress=count)


def _save_wall_study(games: int, seed: int, progress: Progress | None, path: Path,
                     n_jobs: int) -> None:
    wall_study_module.save_wall_study(_play_wall_study(games, seed, progress, n_jobs), path)






def _read_strong_walls(path: Path) -> pd.DataFrame:
    rows = strong_walls.read_strong_wall_study(path)
    return rows[(rows["level"] == strong_walls.STUDY_LEVEL)
                & (rows["players"] == strong_walls.STUDY_PLAYERS)
                & (rows["study_seed"] == strong_walls.STUDY_SEED)].reset_index(drop=True)


def _write_strong_walls(rows: pd.DataFrame, path: Path) -> None:
    rows.to_csv(path, index=False, columns=list(strong_walls.STUDY_COLUMNS))


# The hint's calibration, one saved study per level that advises (strong, master): every
# level's games in the one file, told apart by its level column.





def _write_hint_calibration(rows: pd.DataFrame, path: Path, level: str = "strong") -> None:
    """Write `rows` as the level's rows of the file (the other levels' rows are kept), and
    the level's model beside it."""
    kept = hint_calibration.read_hint_calibration(path)
    kept = kept[kept["level"] != level]
    pd.concat([kept, rows]).to_csv(path, index=False,
                                   columns=list(hint_calibration.CALIBRATION_COLUMNS))
    hint_calibration.write_hint_calibration(rows, path.with_suffix(".json"), level)


def _read_hint_calibration(path: Path, level: str = "strong") -> pd.DataFrame:
    return hint_calibration.base_rows(hint_calibration.read_hint_calibration(path), level)


def _hint_calibration_study(name: str, level: str) -> SavedStudy:
    """The saved study of the hint's calibration at `level`."""
    return SavedStudy(name, f"the hint's win chance: self-play of the {level} search, its "
                      "shares against the outcomes", hint_calibration.CALIBRATION_FILE.name,
                      40, hint_calibration.CALIBRATION_SEED,
                      partial(_played_apart, hint_calibration.run_calibration_study,
                              level=level),
                      partial(_write_hint_calibration, level=level),
                      partial(_read_hint_calibration, level=level),
                      save_run=partial(_resumed, hint_calibration.run_calibration_study,
                                       level=level),
                      unit="games per player count",
                      count=lambda rows: int(rows.groupby("players")["game"].nunique().min()
                                             if len(rows) else 0))


def _play_module_effects(games: int, seed: int, progress: Progress | None) -> pd.DataFrame:
    return module_effects_table(module_tournaments(games, seed=seed,
                                                   progress=progress or False))


def _write_effects(table: pd.DataFrame, path: Path) -> None:
    save_rows(table.reset_index(), path)


def _read_effects(path: Path) -> pd.DataFrame:
    return load_rows(path).set_index(["module", "measure"])






def _read_wall_arms(path: Path) -> pd.DataFrame:
    rows = wall_arms.read_wall_arms(path)
    return rows[(rows["level"] == wall_arms.ARMS_LEVEL)
                & (rows["study_seed"] == wall_arms.ARMS_SEED)].reset_index(drop=True)


def _write_wall_arms(rows: pd.DataFrame, path: Path) -> None:
    rows.to_csv(path, index=False, columns=list(wall_arms.ARMS_COLUMNS))






def _read_master_walls(path: Path) -> pd.DataFrame:
    rows = master_walls.read_master_wall_study(path)
    return rows[rows["study_seed"] == master_walls.MASTER_SEED].reset_index(drop=True)


#: Every saved study, by name.
STUDIES: dict[str, SavedStudy] = {s.name: s for s in (
    SavedStudy("wall_small_run", "the small run of the wall study: presets, sweep, wall gaps",
               "wall_small_run.csv", 60, wall_study_module.SEED, run_small_wall_run,
               _write_small_run, _read_small_run),
    SavedStudy("wall_study", "the wall study: the presets and the wall-weight sweep",
               wall_study_module.STUDY_FILE.name, 400, wall_study_module.SEED,
               _play_wall_study, wall_study_module.save_wall_study,
               wall_study_module.load_wall_study, save_run=_save_wall_study),
    SavedStudy("module_effects", "what each Mega Box module does to the game, against "
               f"the {BASE} game", "module_effects.csv", 8, 2026, _play_module_effects,
               _write_effects, _read_effects),
    SavedStudy("strong_walls", "walls for a strong player: every seat a medium search bot",
               strong_walls.STUDY_FILE.name, 300, strong_walls.STUDY_SEED,
               partial(_played_apart, strong_walls.run_strong_wall_study),
               _write_strong_walls, _read_strong_walls,
               save_run=partial(_resumed, strong_walls.run_strong_wall_study),
               unit="games", count=lambda rows: int(rows["game"].nunique())),
    SavedStudy("master_walls", "walls for the master: one master seat against two strong "
               "players", master_walls.MASTER_FILE.name, master_walls.MASTER_GAMES,
               master_walls.MASTER_SEED,
               partial(_played_apart, master_walls.run_master_wall_study),
               _write_strong_walls, _read_master_walls,
               save_run=partial(_resumed, master_walls.run_master_wall_study), unit="games",
               count=lambda rows: int(rows["game"].nunique())),
    _hint_calibration_study("hint_calibration", "strong"),
    _hint_calibration_study("hint_calibration_master", "master"),
    SavedStudy("wall_arms", "what a wall is worth: one strong seat with another wall weight "
               "against two standard strong players", wall_arms.ARMS_FILE.name,
               wall_arms.ARMS_GAMES, wall_arms.ARMS_SEED,
               partial(_played_apart, wall_arms.run_wall_arms), _write_wall_arms,
               _read_wall_arms, save_run=partial(_resumed, wall_arms.run_wall_arms),
               unit="games per arm",
               count=lambda rows: int(rows.groupby("arm")["game"].nunique().min())),
)}


def load_study(name: str) -> Any:
    """The saved result of the study `name` of `STUDIES`.

    Raises
    ------
    KeyError
        For a name that is not in `STUDIES`.

    Examples
    --------
    >>> load_study("wall_small_run").first["game"].nunique()
    60
    """
    if name not in STUDIES:
        raise KeyError(f"no saved study {name!r}; the saved studies are {', '.join(STUDIES)}")
    return STUDIES[name].load()


def run_command(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """List the studies (``args.list`` or no ``args.name``), or play the study
    ``args.name`` with ``args.games``, ``args.seed`` and ``args.jobs`` and save it.

    Raises
    ------
    InvalidInput
        For an unknown study, or ``--jobs`` a study cannot honour; nothing is written.
    """
    out = out or sys.stdout
    if args.list or args.name is None:
        for study in STUDIES.values():
            print(f"{study.name}: {study.title} ({study.games} games, seed {study.seed})",
                  file=out)
        return 0
    if args.name not in STUDIES:
        raise InvalidInput(f"no saved study {args.name!r}; the saved studies are "
                           f"{', '.join(STUDIES)}")
    study = STUDIES[args.name]

    def report(done: int, total: int) -> None:
        print(f"\r{done} of {total} games", end="", flush=True, file=out)

    study.save(args.games, args.seed, report, args.jobs)
    print(f"\nwrote {study.path}", file=out)
    return 0


def main(argv: list[str] | None = None) -> None:
    """Play a saved study again and rewrite its file (the command line; the same as
    ``python -m alhambra_lib study``)."""
    from ..__main__ import study_arguments

    parser = argparse.ArgumentParser(
        prog="python -m alhambra_lib.analysis.saved",
        description="Play a study that a notebook shows from data, and save it.")
    study_arguments(parser)
    try:
        run_command(parser.parse_args(argv))
    except InvalidInput as error:
        parser.error(str(error))


if __name__ == "__main__":
    main()
