"""A scene's whole working folder kept in the store, so hosts that share no disk can go on with it.

The published bundle (``scenes/<id>/``, tools/storage/bundle.py) is what readers see; an edit needs more: the
plan, the revision log and the earlier revisions, which stay private. With shared storage a worker keeps the
folder it finished as one archive, ``scene-state/<id>/folder.tar.gz`` (one object, so a reader never sees half
of two versions), and a copy of chosen small files beside it (the revision log, which the API reads without
fetching the archive). Another host's worker unpacks the archive before it edits the scene. ``scene-state/``
is not under ``scenes/``: a bucket that makes scenes public need not make this public.
"""

from __future__ import annotations

import io
import shutil
import tarfile
from pathlib import Path

from tools.core.errors import StorageError
from tools.storage.base import Store

STATE_PREFIX = "scene-state"
ARCHIVE = "folder.tar.gz"


def state_prefix(scene_id: str) -> str:
    """The keys of one scene's private working state."""
    return f"{STATE_PREFIX}/{scene_id}"


def keep_folder(store: Store, scene_id: str, folder: Path, copies: tuple[str, ...] = ()) -> None:
    """Put ``folder`` into the store as the scene's archive (links kept as links), and the files ``copies`` names
    beside it as they are."""
    data = io.BytesIO()
    with tarfile.open(fileobj=data, mode="w:gz", compresslevel=6) as archive:
        for path in sorted(folder.iterdir()):
            archive.add(path, path.name)
    prefix = state_prefix(scene_id)
    store.put_bytes(f"{prefix}/{ARCHIVE}", data.getvalue(), "application/gzip")
    for name in copies:
        if (folder / name).is_file():
            store.put_file(f"{prefix}/{name}", folder / name)


def fetch_folder(store: Store, scene_id: str, target: Path) -> bool:
    """Unpack the scene's archive into ``target`` (made empty first); False when the store keeps none.

    The archive is unpacked with tarfile's ``data`` filter: no member may leave ``target``, link out of it or
    carry device files or odd permissions, whoever wrote the object.
    """
    key = f"{state_prefix(scene_id)}/{ARCHIVE}"
    if not store.exists(key):
        return False
    data = store.get_bytes(key)
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    try:
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
            archive.extractall(target, filter="data")
    except (tarfile.TarError, OSError) as error:
        raise StorageError(f"the working folder of {scene_id} in {store.describe()} cannot be unpacked: {error}",
                           key) from error
    return True


def kept_copy(store: Store, scene_id: str, name: str) -> bytes | None:
    """A file kept beside the scene's archive, or None when there is none."""
    key = f"{state_prefix(scene_id)}/{name}"
    return store.get_bytes(key) if store.exists(key) else None


def forget_folder(store: Store, scene_id: str) -> int:
    """Remove the scene's working state from the store; how many objects went."""
    return store.delete_prefix(state_prefix(scene_id))
