"""The folder a command writes (--out): the only place written, and never left half-written.

Refused (InputError, exit 2) before anything is written: a path that is a file, or lies under one; the root
of the file system; a folder that exists, is not empty and is not Diorama's (no marker file) unless
``--force``. `diorama generate` writes its scene into a hidden sibling, ``.<name>.<scene id>.partial``, and
renames it into place once the scene is written (checks passed or not), with SCENE_MARKER inside. So a run
that fails or is cut off leaves the folder as it was; rerunning the command resumes in the same sibling
(the checkpoint's state names it). A folder with the marker is replaced whole by the next run; a forced
folder keeps its other files, and the scene's files are moved in beside them.
"""

from __future__ import annotations

import glob
import shutil
from pathlib import Path

from tools.core.errors import InputError

SCENE_MARKER = ".diorama-scene"  # in every scene folder `diorama generate` finished
PARTIAL_SUFFIX = ".partial"
LAST_IN = "index.html"  # moved in last, so a folder cut off while being filled has no page to open


def claim_folder(out: Path, markers: tuple[str, ...], force: bool, what: str = "a scene") -> Path:
    """``out`` resolved, when a run may write there; InputError saying why not (nothing is written either way).

    markers: names whose presence makes a non-empty folder Diorama's own (a rerun may write it again).
    """
    out = out.expanduser().resolve()
    if out.parent == out:
        raise InputError(f"--out {out} is the root of the file system; name a folder for {what}")
    if out.exists() and not out.is_dir():
        raise InputError(f"--out {out} is a file, not a folder; name a folder for {what}")
    above = next(p for p in out.parents if p.exists())
    if not above.is_dir():
        raise InputError(f"--out {out} lies under {above}, which is a file; name a folder for {what}")
    if out.is_dir() and not force and any(out.iterdir()) and not any((out / m).exists() for m in markers):
        raise InputError(f"--out {out} already holds other files and is not a folder Diorama wrote (it has no "
                         f"{markers[0]}); name a new or empty folder, or pass --force to write {what} into it "
                         "(files of the same names are replaced, the others stay)")
    return out


def staging_folder(out: Path, scene_id: str) -> Path:
    """The hidden sibling a generate run writes into before it is renamed to ``out`` (one per scene id)."""
    return out.parent / f".{out.name[:120]}.{scene_id}{PARTIAL_SUFFIX}"


def put_in_place(staging: Path, out: Path) -> None:
    """Make the finished ``staging`` folder ``out``: a rename, or a move of its entries into a forced folder."""
    (staging / SCENE_MARKER).write_text("written by `diorama generate`; a rerun into this folder replaces it whole\n")
    if not out.exists():
        staging.rename(out)
    elif (out / SCENE_MARKER).is_file():  # an earlier scene: swapped out, so the new one appears whole
        old = staging.with_name(staging.name.removesuffix(PARTIAL_SUFFIX) + ".replaced")
        shutil.rmtree(old, ignore_errors=True)
        out.rename(old)
        staging.rename(out)
        shutil.rmtree(old, ignore_errors=True)
    else:  # empty or forced: the folder itself stays (it may be the shell's working folder), the scene moves in
        for entry in sorted(staging.iterdir(), key=lambda p: p.name == LAST_IN):
            _replace(entry, out / entry.name)
        staging.rmdir()
    for leftover in out.parent.glob(f".{glob.escape(out.name[:120])}.*{PARTIAL_SUFFIX}"):  # others, cut off
        shutil.rmtree(leftover, ignore_errors=True)


def _replace(source: Path, target: Path) -> None:
    if target.is_dir() and not target.is_symlink():
        shutil.rmtree(target)
    elif target.exists() or target.is_symlink():
        target.unlink()
    shutil.move(source, target)
