"""All-or-nothing publishing of one scene's bundle under a prefix (``scenes/<id>/``), and its removal.

A reader trusts a published scene only once its marker, ``published.json``, is
there: it lists every file of the bundle with its size and SHA-256, and it is
written last, after the page (``index.html``), which goes up after every file the
page loads. A publish first takes down the old marker and page (once overwriting
starts, the old version is no longer whole), and when any put fails it deletes
what it uploaded, so a store failing midway leaves neither page nor marker:
nothing that looks like a scene. A key that already held the same bytes was not
uploaded by this attempt and stays.

``unpublish`` takes the marker and page down first too, then every other key.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tools.core.errors import StorageError
from tools.storage.base import Store, clean_key

MARKER = "published.json"
PAGE = "index.html"
MARKER_VERSION = 1
log = logging.getLogger(__name__)


class BundleUpload:
    """The puts of one publish attempt under a prefix: what it wrote (to roll back) and what the marker lists."""

    def __init__(self, store: Store, prefix: str) -> None:
        self.store, self.prefix = store, clean_key(prefix)
        self.files: dict[str, dict[str, int | str]] = {}
        self.written: list[str] = []

    def put_file(self, relpath: str, path: Path) -> None:
        """Upload one file to ``prefix/relpath``, noting it for the marker (and for the rollback when written)."""
        data = path.read_bytes()
        key = f"{self.prefix}/{clean_key(relpath)}"
        puts = self.store.stats.puts
        self.store.put_bytes(key, data)
        if self.store.stats.puts > puts:  # not an idempotent skip: this attempt wrote it
            self.written.append(key)
        self.files[clean_key(relpath)] = marker_entry(data)

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
        """Write the marker: from now on readers trust the bundle."""
        write_marker(self.store, self.prefix, self.files)

    def rollback(self) -> None:
        """Delete what this attempt uploaded; a store too broken to delete is logged (the page never went up)."""
        try:
            self.store.delete_keys([f"{self.prefix}/{MARKER}", *reversed(self.written)])
        except StorageError as exc:
            log.warning("could not roll back %d files under %s: %s", len(self.written), self.prefix, exc)


@contextmanager
def all_or_nothing(store: Store, prefix: str) -> Iterator[BundleUpload]:
    """An upload that is committed (marker written) when the block ends, or rolled back when it raises."""
    upload = BundleUpload(store, prefix)
    store.delete_keys([f"{upload.prefix}/{MARKER}", f"{upload.prefix}/{PAGE}"])
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
    """The marker listing ``files`` ({relpath: {bytes, sha256}}) under ``prefix``."""
    marker = {"version": MARKER_VERSION, "files": dict(sorted(files.items()))}
    store.put_bytes(f"{clean_key(prefix)}/{MARKER}", json.dumps(marker, indent=1).encode(), "application/json")


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
    """The files a published scene's marker lists ({relpath: {bytes, sha256}}); None when it is not published."""
    key = f"{clean_key(prefix)}/{MARKER}"
    if not store.exists(key):
        return None
    return json.loads(store.get_bytes(key))["files"]


def unpublish(store: Store, prefix: str) -> int:
    """Remove a published scene: marker and page first (it stops looking published at once), then the rest."""
    prefix = clean_key(prefix)
    store.delete_keys([f"{prefix}/{MARKER}", f"{prefix}/{PAGE}"])
    return store.delete_prefix(prefix)
