"""All-or-nothing publishing of one scene's bundle under a prefix (``scenes/<id>/``), and its removal.

A reader trusts a published scene only once its marker, ``published.json``, is there: it lists every file of
the bundle with its size and SHA-256 (and, for a file kept elsewhere than ``<prefix>/<relpath>``, its
``key``), and it is written last, after the page (``index.html``), which goes up after every file the page
loads. Readers that go through the marker (the API, app/api/output.py) read each file where it says.

A first publish puts every file at ``<prefix>/<relpath>``, then the marker; when any put fails it deletes what
it uploaded, so a store failing midway leaves neither page nor marker: nothing that looks like a scene.

A republish (an edit's new revision, a rerun) never touches what the old marker lists until the new set is
whole: a file the old marker lists with the same bytes stays as it is; one it lists with other bytes goes up
beside it, content-addressed under ``<prefix>/.staged/``; a new file goes to its own key, which the old marker
does not list. Then the new marker replaces the old one in one put: readers switch from the whole old set to
the whole new one. A store failing before that deletes what the attempt uploaded and leaves the old marker,
so the scene stays served as it was. After the switch the staged files are copied to their own keys (for
readers of ``scenes/<id>/...`` straight from the bucket, and for the next publish), the marker is written
again without their ``key``, and what no marker lists any more is deleted; a store failing there leaves the new
marker as it is (whole; the next publish finishes the move).

A key that already held the same bytes was not uploaded by this attempt and stays.

``unpublish`` takes the marker and page down first, then every other key.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path, PurePosixPath

from tools.core.errors import StorageError
from tools.storage.base import Store, clean_key

MARKER = "published.json"
PAGE = "index.html"
STAGED = ".staged"  # under the prefix: a republish's files that differ from the ones readers are served
MARKER_VERSION = 2  # 2: an entry may name its ``key`` under the prefix (a staged file); without it, the relpath
log = logging.getLogger(__name__)


class BundleUpload:
    """The puts of one publish attempt under a prefix: what it wrote (to roll back), what the marker lists, and
    which files wait under STAGED for the switch (a republish)."""

    def __init__(self, store: Store, prefix: str, served: dict[str, dict] | None = None) -> None:
        self.store, self.prefix = store, clean_key(prefix)
        self.served = served or {}  # what the old marker lists: readers get these until the commit
        self.files: dict[str, dict[str, int | str]] = {}
        self.written: list[str] = []
        self.staged: dict[str, Path] = {}  # relpath -> the local file, for the move to its own key
        self.switched = False  # the new marker is written: nothing it lists may be rolled back

    def put_file(self, relpath: str, path: Path) -> None:
        """Upload one file for ``prefix/relpath`` (beside the served one when that differs), noting it for the
        marker (and for the rollback when written)."""
        data = path.read_bytes()
        name = clean_key(relpath)
        entry = marker_entry(data)
        served = self.served.get(name)
        if served is not None and served.get("sha256") == entry["sha256"]:
            if "key" in served:  # the same bytes, still staged by a publish whose move was cut off
                entry["key"] = served["key"]
                self.staged[name] = path
        elif served is not None:  # readers are served other bytes under this name until the switch
            entry["key"] = f"{STAGED}/{entry['sha256']}{PurePosixPath(name).suffix}"
            self._put(f"{self.prefix}/{entry['key']}", data)
            self.staged[name] = path
        else:
            self._put(f"{self.prefix}/{name}", data)
        self.files[name] = entry

    def _put(self, key: str, data: bytes) -> None:
        puts = self.store.stats.puts
        self.store.put_bytes(key, data)
        if self.store.stats.puts > puts:  # not an idempotent skip: this attempt wrote it
            self.written.append(key)

    def put_folder(self, folder: Path, relpath: str) -> int:
        """Upload every plain file under ``folder`` to ``prefix/relpath/...``; how many.

        Symlinks are skipped (a link in the output folder must not publish what it points at), and so are
        '*.tmp' files left by an interrupted atomic write.
        """
        paths = sorted(p for p in folder.rglob("*") if p.is_file() and not p.is_symlink() and p.suffix != ".tmp")
        for path in paths:
            self.put_file(f"{relpath}/{path.relative_to(folder).as_posix()}", path)
        return len(paths)

    def commit(self) -> None:
        """Write the marker: from now on readers trust the new bundle. Then, for a republish, move the staged files
        to their own keys and delete what no marker lists."""
        write_marker(self.store, self.prefix, self.files)
        self.switched = True
        if not self.served:
            return
        try:
            for name, path in self.staged.items():  # in upload order: the page after what it loads
                self.store.put_file(f"{self.prefix}/{name}", path)
                self.files[name].pop("key", None)
            if self.staged:
                write_marker(self.store, self.prefix, self.files)
            listed = {f"{self.prefix}/{entry.get('key', name)}" for name, entry in self.files.items()}
            listed.add(f"{self.prefix}/{MARKER}")
            self.store.delete_keys([key for key in self.store.list_keys(self.prefix) if key not in listed])
        except (StorageError, OSError) as exc:  # the marker lists a whole set: readers get the new scene regardless
            log.warning("published %s, but could not tidy it (the next publish does): %s", self.prefix, exc)

    def rollback(self) -> None:
        """Delete what this attempt uploaded (and on a first publish any marker it may have left); a store too
        broken to delete is logged (no marker lists what it wrote). Nothing, once the new marker is written."""
        if self.switched:
            return
        keys = list(reversed(self.written)) if self.served else [f"{self.prefix}/{MARKER}", *reversed(self.written)]
        try:
            self.store.delete_keys(keys)
        except StorageError as exc:
            log.warning("could not roll back %d files under %s: %s", len(self.written), self.prefix, exc)


@contextmanager
def all_or_nothing(store: Store, prefix: str) -> Iterator[BundleUpload]:
    """An upload that is committed (marker written) when the block ends, or rolled back when it raises; the
    scene's old marker, if any, stays until the commit."""
    upload = BundleUpload(store, prefix, published_files(store, prefix))
    try:
        yield upload
        upload.commit()
    except BaseException:
        upload.rollback()
        raise


def marker_entry(data: bytes) -> dict[str, int | str]:
    """What the marker says of one file: its size and SHA-256."""
    return {"bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}


def write_marker(store: Store, prefix: str, files: dict[str, dict[str, int | str]]) -> None:
    """The marker listing ``files`` ({relpath: {bytes, sha256[, key]}}) under ``prefix``."""
    marker = {"version": MARKER_VERSION, "files": dict(sorted(files.items()))}
    store.put_bytes(f"{clean_key(prefix)}/{MARKER}", json.dumps(marker, indent=1).encode(), "application/json")


def stored_key(prefix: str, relpath: str, entry: dict) -> str:
    """Where the store keeps a file the marker lists: its ``key`` under the prefix, else its relpath there."""
    return f"{clean_key(prefix)}/{clean_key(entry.get('key') or relpath)}"


def replace_published_file(store: Store, prefix: str, relpath: str, path: Path) -> None:
    """Put a newer copy of one file of a published scene (an edit's report.json) and bring the marker's entry
    for it up to date, so the marker keeps describing what the store holds; an unpublished prefix gets the file
    alone."""
    data = path.read_bytes()
    store.put_bytes(f"{clean_key(prefix)}/{clean_key(relpath)}", data)
    files = published_files(store, prefix)
    if files is not None:
        files[clean_key(relpath)] = marker_entry(data)
        write_marker(store, prefix, files)


def published_files(store: Store, prefix: str) -> dict[str, dict] | None:
    """The files a published scene's marker lists ({relpath: {bytes, sha256[, key]}}); None when it is not
    published."""
    key = f"{clean_key(prefix)}/{MARKER}"
    if not store.exists(key):
        return None
    return json.loads(store.get_bytes(key))["files"]


def unpublish(store: Store, prefix: str) -> int:
    """Remove a published scene: marker and page first (it stops looking published at once), then the rest."""
    prefix = clean_key(prefix)
    store.delete_keys([f"{prefix}/{MARKER}", f"{prefix}/{PAGE}"])
    return store.delete_prefix(prefix)
