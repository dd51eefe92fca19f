"""A scene folder is written whole: into a hidden sibling first, renamed into place when the scene is written.

`diorama generate`, the batch's and the service's workers all write a scene into ``.<name>.<scene id>.partial``
beside its folder and move it into place once the scene is written (checks passed or not), with SCENE_MARKER
inside. So a run that fails or is cut off never leaves a folder that looks finished. The sibling's name
depends only on the folder and the scene id, and the checkpoint's state names it, so a rerun (or a job
reclaimed after its worker died) resumes there. A folder with the marker is replaced whole by the next run; a
folder the user forced (``--force``) keeps its other files, and the scene's files are moved in beside them.
"""

from __future__ import annotations

import glob
import shutil
from pathlib import Path

SCENE_MARKER = ".diorama-scene"  # in every scene folder a finished run put in place
PARTIAL_SUFFIX = ".partial"
LAST_IN = "index.html"  # moved in last, so a folder cut off while being filled has no page to open


def staging_folder(out: Path, scene_id: str) -> Path:
    """The hidden sibling a run writes into before it is renamed to ``out`` (one per scene id)."""
    return out.parent / f".{out.name[:120]}.{scene_id}{PARTIAL_SUFFIX}"


def put_in_place(staging: Path, out: Path) -> None:
    """Make the finished ``staging`` folder ``out``: a rename, or a move of its entries into a forced folder."""
    (staging / SCENE_MARKER).write_text("written by Diorama; a rerun into this folder replaces it whole\n")
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
