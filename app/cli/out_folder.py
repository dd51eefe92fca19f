"""The folder a command writes (--out): the only place written, and never left half-written.

Refused (InputError, exit 2) before anything is written: a path that is a file, or lies under one; the root
of the file system; a folder that exists, is not empty and is not Diorama's (no marker file) unless
``--force``. How a scene is then written into it, whole or not at all: app/jobs/scene_folder.py.
"""

from __future__ import annotations

from pathlib import Path

from tools.core.errors import InputError


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
