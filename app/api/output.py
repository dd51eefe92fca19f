"""Where the API reads a finished scene's published output: the scene folder on this host, or the store.

With local storage the worker wrote the scene under ``<data_dir>/scenes/<id>`` of this very host, and the API
serves that folder (``FolderOutput``). With S3 storage (``DIORAMA_STORAGE=s3``) a worker on any host may have
made the scene, so every API instance reads it from the bucket (``StoredOutput``): only the files that the
scene's ``published.json`` marker lists, streamed through the API. Streamed, not redirected to presigned URLs:
the page's relative links (viewer.js, assets/...) would resolve against a presigned URL to unsigned keys, the
sandboxed page needs the API's CORS header, and the scene keeps one set of URLs and one access rule (API key or
signed token) whichever storage holds it. A scene without its marker was never published whole (a publish cut
off midway), so nothing of it is served.

Only the published parts of a folder are served (graph.publish's bundle lists), and a path can never leave the
scene. The bundle zip is built once per version of the scene, on disk under ``<data_dir>/bundles/<id>/`` (a
cache: any instance rebuilds it), and streamed from there: a download costs no memory, and a second one no
zipping.
"""

from __future__ import annotations

import hashlib
import json
import threading
import zipfile
from collections import OrderedDict
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path, PurePosixPath
from typing import Any, Protocol

from fastapi.responses import FileResponse, Response, StreamingResponse

from app.api.security import ApiError
from app.jobs.queue import TERMINAL, Job, scene_dir
from graph.publish import BUNDLE_FILES, BUNDLE_FOLDERS
from graph.revisions import REVISIONS_FILE, read_log
from tools.core.files import replacing
from tools.core.settings import Settings
from tools.core.static_server import CONTENT_TYPES
from tools.storage.base import Store
from tools.storage.bundle import published_files, stored_key
from tools.storage.folder import kept_copy

FILE_HEADERS = {"Access-Control-Allow-Origin": "*", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"}
KEPT_ENTRIES = 4096  # markers and revision logs an instance remembers (a small dict or list each)


class SceneOutput(Protocol):
    """A finished scene's published files, wherever they are."""

    def published(self) -> bool:
        """Whether the scene is there whole (its page, and in a store its marker)."""

    def screenshots(self) -> list[str]:
        """The file names under screenshots/."""

    def revision_log(self) -> list[dict]:
        """The revision log's entries of the edits that made a revision (graph/revisions.py)."""

    def file(self, relative: str) -> Response:
        """One published file; 404 for anything else."""

    def bundle(self, cache: Path, filename: str) -> Response:
        """The published files as one zip, built in ``cache`` once per version."""


def bundle_parts(relative: str) -> tuple[str, ...]:
    """The parts of a path inside the bundle (a top-level published file or one under a published folder);
    404 for anything else, and for any path that could leave the scene."""
    parts = PurePosixPath(relative).parts
    if not parts or relative.startswith("/") or any(p in ("..", ".", "") or "\\" in p or "\0" in p for p in parts):
        raise ApiError(404, "not_found", f"no file {relative!r} in this scene")
    if not ((len(parts) == 1 and parts[0] in BUNDLE_FILES) or (len(parts) > 1 and parts[0] in BUNDLE_FOLDERS)):
        raise ApiError(404, "not_found", f"no file {relative!r} in this scene")
    return parts


def media_type(name: str) -> str:
    """The content type a file's suffix implies."""
    return CONTENT_TYPES.get(PurePosixPath(name).suffix.lower(), "application/octet-stream")


def published_file(folder: Path, relative: str) -> Path:
    """The file at ``relative`` inside ``folder``, if it is part of the published bundle; 404 otherwise."""
    parts = bundle_parts(relative)
    root = folder.resolve()
    path = (root / Path(*parts)).resolve()
    if not path.is_relative_to(root) or not path.is_file():
        raise ApiError(404, "not_found", f"no file {relative!r} in this scene")
    return path


def zip_response(archive: Path, filename: str) -> FileResponse:
    """A built bundle, as a download."""
    headers = {**FILE_HEADERS, "Content-Disposition": f'attachment; filename="{filename}"'}
    return FileResponse(archive, media_type="application/zip", headers=headers)


def cached_zip(cache: Path, stamp: str, entries: Sequence[tuple[str, Callable[[], bytes]]]) -> Path:
    """The zip named by ``stamp`` in ``cache``, made from ``entries`` (name, its bytes) when not there yet.

    Written under a temporary name and renamed, so a half-written zip is never served; older versions go.
    """
    archive = cache / f"{stamp[:32]}.zip"
    if archive.is_file():
        return archive
    with replacing(archive) as tmp, zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as zipped:
        for name, read in entries:
            zipped.writestr(name, read())
    for old in cache.glob("*.zip"):
        if old != archive:
            old.unlink(missing_ok=True)
    return archive


class FolderOutput:
    """The scene folder a worker on this host wrote (local storage)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def published(self) -> bool:
        """Whether the folder holds a page."""
        return (self.folder / "index.html").is_file()

    def screenshots(self) -> list[str]:
        """The screenshots' file names."""
        return sorted(shot.name for shot in (self.folder / "screenshots").glob("*.png"))

    def revision_log(self) -> list[dict]:
        """The folder's revisions.json entries of edits."""
        if not (self.folder / REVISIONS_FILE).is_file():
            return []
        return [entry for entry in read_log(self.folder) if entry.get("instruction")]

    def file(self, relative: str) -> Response:
        """The file, from disk."""
        path = published_file(self.folder, relative)
        return FileResponse(path, media_type=media_type(path.name), headers=FILE_HEADERS)

    def bundle(self, cache: Path, filename: str) -> Response:
        """The zip of the folder's bundle files, named by a digest of each file's path, size and time."""
        files = bundle_files(self.folder)
        stamp = hashlib.sha256()
        for path in files:
            info = path.stat()
            stamp.update(f"{path.relative_to(self.folder).as_posix()}\0{info.st_size}\0{info.st_mtime_ns}\n".encode())
        entries = [(path.relative_to(self.folder).as_posix(), path.read_bytes) for path in files]
        return zip_response(cached_zip(cache, stamp.hexdigest(), entries), filename)


def bundle_files(folder: Path) -> list[Path]:
    """The files a scene bundle holds: the top-level published files, then the asset folders' files.

    Only plain files that really lie inside the folder: no symlink, and nothing reached through a linked folder.
    """
    root = folder.resolve()
    files = [folder / name for name in BUNDLE_FILES]
    for name in BUNDLE_FOLDERS:
        if (folder / name).is_dir():
            files += sorted((folder / name).rglob("*"))
    return [p for p in files if p.is_file() and not p.is_symlink() and p.resolve().is_relative_to(root)]


class StoredOutput:
    """A scene as the store keeps it (S3 storage): what its published.json marker lists, under scenes/<id>/."""

    def __init__(self, store: Store, scene_id: str, marker: Callable[[], dict[str, dict] | None],
                 log: Callable[[], list[dict]]) -> None:
        self.store, self.scene_id, self._marker, self._log = store, scene_id, marker, log
        self.prefix = f"scenes/{scene_id}"

    @property
    def files(self) -> dict[str, dict]:
        """What the marker lists ({relpath: {bytes, sha256[, key]}}), read when first asked for; empty without
        one. A file is read where its entry says (tools/storage/bundle.py: a republish's files wait beside the
        served ones until its marker replaces the old one)."""
        return self._marker() or {}

    def published(self) -> bool:
        """Whether the marker is there and lists a page."""
        return "index.html" in self.files

    def screenshots(self) -> list[str]:
        """The screenshots the marker lists."""
        return sorted(name.split("/", 1)[1] for name in self.files
                      if name.startswith("screenshots/") and name.count("/") == 1 and name.endswith(".png"))

    def revision_log(self) -> list[dict]:
        """The revision log the worker kept beside the scene's working folder (tools/storage/folder.py)."""
        return self._log()

    def file(self, relative: str) -> Response:
        """The file, streamed from the store."""
        name = "/".join(bundle_parts(relative))
        if name not in self.files:
            raise ApiError(404, "not_found", f"no file {relative!r} in this scene")
        chunks = self.store.read_chunks(stored_key(self.prefix, name, self.files[name]))  # a failing store: 503
        # Streamed without a Content-Length; the marker's sizes are true (an edit updates report.json's entry).
        return StreamingResponse(chunks, media_type=media_type(name), headers=FILE_HEADERS)

    def bundle(self, cache: Path, filename: str) -> Response:
        """The zip of the marker's files (in the order of a folder's bundle), named by the marker's digest."""
        top = [name for name in BUNDLE_FILES if name in self.files]
        names = top + sorted(name for name in self.files if name not in top)
        stamp = hashlib.sha256(json.dumps(self.files, sort_keys=True).encode()).hexdigest()
        entries = [(name, partial(self.store.get_bytes, stored_key(self.prefix, name, self.files[name])))
                   for name in names]
        return zip_response(cached_zip(cache, stamp, entries), filename)


def stored_log(store: Store, scene_id: str) -> list[dict]:
    """The entries of edits in the revision log kept beside a scene's working folder in the store."""
    kept = kept_copy(store, scene_id, REVISIONS_FILE)
    return [] if kept is None else [e for e in json.loads(kept)["revisions"] if e.get("instruction")]


class Outputs:
    """One app's view of scene outputs: folders under its data dir, or (S3 storage) the store's copies, whose
    marker and revision log it remembers per state of the job (they change only when a job on the scene ends)."""

    def __init__(self, settings: Settings, open_store: Callable[[Settings], Store]) -> None:
        self.settings, self._open_store = settings, open_store
        self._store: Store | None = None
        self._kept: OrderedDict[tuple, Any] = OrderedDict()
        self._lock = threading.Lock()

    @property
    def stored(self) -> bool:
        """Whether scenes are read from the store (S3) rather than this host's disk."""
        return self.settings.storage == "s3"

    @property
    def store(self) -> Store:
        """The settings' store, opened once."""
        if self._store is None:
            self._store = self._open_store(self.settings)
        return self._store

    def of(self, job: Job) -> SceneOutput:
        """The job's output, read from the store only when asked for; a job still queued or running has none."""
        if not self.stored:
            return FolderOutput(scene_dir(self.settings.data_dir, job.id))
        state, store = (job.id, job.revision, job.finished_at), self.store
        ended = job.status in TERMINAL

        def marker() -> dict[str, dict] | None:
            if not ended:
                return None
            return self._remembered(("marker", *state), lambda: published_files(store, f"scenes/{job.id}"))

        return StoredOutput(store, job.id, marker, lambda: self._remembered(("log", *state),
                                                                             lambda: stored_log(store, job.id)))

    def _remembered(self, key: tuple, load: Callable[[], Any]) -> Any:
        with self._lock:
            if key in self._kept:
                self._kept.move_to_end(key)
                return self._kept[key]
        value = load()
        with self._lock:
            self._kept[key] = value
            while len(self._kept) > KEPT_ENTRIES:
                self._kept.popitem(last=False)
        return value
