"""A scene's half-made folder kept in the store at each stage boundary, so a run cut off on one host resumes
from its checkpoint on another host that never had the folder.

The checkpoint (PostgreSQL) records the stages a run finished; their files are on the disk of the host that ran
them. With shared storage the worker calls ``UnfinishedFolder.save`` at the end of every stage, before the
checkpoint records it, so the store's copy is never older than the checkpoint (at most one stage newer, as the
host's own disk is when a run is cut off between a stage's last write and its checkpoint; a stage run again
over its own output is the runner's usual resume).

Layout, under the scene's private ``scene-state/<id>/unfinished/`` (tools/storage/folder.py):

    batches/<sha256>.tar  the contents one save found new, as one object (members named by their SHA-256)
    <attempt>.json        the manifest of the folder as the worker of that attempt last saved it: each file's
                          relpath, size, SHA-256 and where its content is; each symlink's target; the folder
                          and host it was saved from

A save hashes only the files whose size or modification time changed since its last save, puts the contents
the store lacks as one batch (one request, however many files changed), then the manifest (one put, so a
reader sees one whole state): two puts per stage at most. A file under ``assets/`` is the store's own
content-addressed ``assets/<key>.glb`` (DESIGN.md section 3; the assets stage put it there): the manifest names
that key and the asset is never copied. One manifest per attempt: a worker that lost its lease but still runs
writes only its own attempt's, never the one its successor writes (a worker that hands a job back is stopped
before the next claim, which takes its attempt number again). ``restore`` fetches the manifest of the latest
attempt that wrote one, checking every content's SHA-256; the job's end removes the whole prefix
(``forget_unfinished``).
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import shutil
import socket
import tarfile
from dataclasses import dataclass, field
from pathlib import Path

from tools.core.errors import StorageError
from tools.storage.base import Store
from tools.storage.folder import state_prefix

UNFINISHED = "unfinished"
MANIFEST_VERSION = 1
SHARED_FOLDERS = ("assets",)  # folder names whose files are the store's own content-addressed keys (relpath = key)
SKIPPED_SUFFIXES = (".tmp",)  # half-written files of an atomic write


def unfinished_prefix(scene_id: str) -> str:
    """The keys of a scene's half-made folder."""
    return f"{state_prefix(scene_id)}/{UNFINISHED}"


def manifest_key(scene_id: str, attempt: int) -> str:
    """Where the worker of ``attempt`` keeps its latest manifest."""
    return f"{unfinished_prefix(scene_id)}/{attempt}.json"


@dataclass
class SaveStats:
    """What saves did: how many, the files they hashed, the batches they put and the bytes in those."""

    saves: int = 0
    hashed: int = 0
    puts: int = 0  # batches of new contents (the manifests are not counted)
    bytes_put: int = 0


@dataclass
class UnfinishedFolder:
    """The store's copy of one run's half-made folder, saved by the worker of one attempt."""

    store: Store
    scene_id: str
    folder: Path
    attempt: int
    stats: SaveStats = field(default_factory=SaveStats)
    _known: dict[str, tuple[int, int, str]] = field(default_factory=dict)  # relpath -> (size, mtime_ns, sha256)
    _stored: dict[str, dict] = field(default_factory=dict)  # sha256 -> where the store has it: {key, member?}

    def adopt(self, manifest: dict) -> None:
        """Take what a restored manifest lists as stored, so this worker does not put it again."""
        for entry in manifest["files"].values():
            self._stored.setdefault(entry["sha256"], place_of(entry))

    def save(self, stage: str) -> dict:
        """Put what changed in the folder (one batch), then its manifest (after ``stage``); the manifest."""
        files: dict[str, dict] = {}
        links: dict[str, str] = {}
        batch: dict[str, bytes] = {}  # sha256 -> content, new in this save
        for path, relpath in walk(self.folder):
            if path.is_symlink():
                links[relpath] = os.readlink(path)
                continue
            size, sha, data = self._hashed(path, relpath)
            files[relpath] = {"bytes": size, "sha256": sha}
            if relpath.split("/", 1)[0] in SHARED_FOLDERS:
                files[relpath]["key"] = relpath
            elif sha not in self._stored:
                batch[sha] = path.read_bytes() if data is None else data
        if batch:
            self._put_batch(batch)
        for entry in files.values():
            if "key" not in entry:
                entry.update(self._stored[entry["sha256"]])
        manifest = {"version": MANIFEST_VERSION, "scene_id": self.scene_id, "attempt": self.attempt,
                    "stage": stage, "host": socket.gethostname(), "folder": str(self.folder.resolve()),
                    "files": files, "links": links}
        self.store.put_bytes(manifest_key(self.scene_id, self.attempt), json.dumps(manifest).encode(),
                             "application/json")
        self.stats.saves += 1
        return manifest

    def _hashed(self, path: Path, relpath: str) -> tuple[int, str, bytes | None]:
        """(size, SHA-256, the bytes when it had to read them): hashed again only when size or time changed."""
        info = path.stat()
        known = self._known.get(relpath)
        if known is not None and known[:2] == (info.st_size, info.st_mtime_ns):
            return info.st_size, known[2], None
        data = path.read_bytes()
        sha = hashlib.sha256(data).hexdigest()
        self._known[relpath] = (info.st_size, info.st_mtime_ns, sha)
        self.stats.hashed += 1
        return len(data), sha, data

    def _put_batch(self, batch: dict[str, bytes]) -> None:
        packed = io.BytesIO()
        with tarfile.open(fileobj=packed, mode="w") as archive:  # PNGs and GLBs are compressed already
            for sha, data in batch.items():
                member = tarfile.TarInfo(sha)
                member.size = len(data)
                archive.addfile(member, io.BytesIO(data))
        body = packed.getvalue()
        key = f"{unfinished_prefix(self.scene_id)}/batches/{hashlib.sha256(body).hexdigest()}.tar"
        self.store.put_bytes(key, body, "application/x-tar")
        self.stats.puts += 1
        self.stats.bytes_put += len(body)
        for sha in batch:
            self._stored[sha] = {"key": key, "member": sha}


def place_of(entry: dict) -> dict:
    """Where a manifest entry's content is: its key, and its member when the key is a batch."""
    return {name: entry[name] for name in ("key", "member") if name in entry}


def walk(folder: Path) -> list[tuple[Path, str]]:
    """Every file and symlink under ``folder`` (links not followed), with its relative path, sorted."""
    found = []
    for root, dirs, names in os.walk(folder):
        base = Path(root)
        for name in [*names, *(d for d in dirs if (base / d).is_symlink())]:
            path = base / name
            if name.endswith(SKIPPED_SUFFIXES) and not path.is_symlink():
                continue
            found.append((path, path.relative_to(folder).as_posix()))
    return sorted(found, key=lambda item: item[1])


def latest_manifest(store: Store, scene_id: str, attempt: int) -> dict | None:
    """The manifest of the latest attempt up to ``attempt`` that saved one; None when none did."""
    for earlier in range(attempt, 0, -1):
        key = manifest_key(scene_id, earlier)
        if store.exists(key):
            manifest = json.loads(store.get_bytes(key))
            if manifest.get("version") == MANIFEST_VERSION and manifest.get("scene_id") == scene_id:
                return manifest
    return None


def saved_elsewhere(manifest: dict, folder: Path) -> bool:
    """Whether the manifest was saved from another folder than ``folder`` of this host: this host's copy (if
    any) may then be older than the checkpoint, and the store's is the one to resume from."""
    return manifest["host"] != socket.gethostname() or manifest["folder"] != str(folder.resolve())


def restore(store: Store, manifest: dict, target: Path) -> None:
    """Make ``target`` the folder the manifest lists: fetched into a sibling, then renamed into place, so a
    restore cut off leaves no folder that looks like the run's. StorageError (and no folder) when a listed
    content is missing or differs (the store lost it)."""
    temp = target.with_name(target.name + ".restoring")
    shutil.rmtree(temp, ignore_errors=True)
    temp.mkdir(parents=True)
    try:
        batches: dict[str, tarfile.TarFile] = {}
        for relpath, entry in manifest["files"].items():
            data = content(store, entry, batches)
            if hashlib.sha256(data).hexdigest() != entry["sha256"]:
                raise StorageError(f"{entry['key']} in {store.describe()} does not hold the {relpath} that "
                                   f"{manifest['scene_id']}'s half-made folder listed", entry["key"])
            path = inside(temp, relpath)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        for relpath, link in manifest["links"].items():
            path = inside(temp, relpath)
            if os.path.isabs(link) or not (path.parent / link).resolve().is_relative_to(temp.resolve()):
                continue  # a link out of the folder is not the run's to recreate
            path.parent.mkdir(parents=True, exist_ok=True)
            path.symlink_to(link)
    except BaseException:
        shutil.rmtree(temp, ignore_errors=True)
        raise
    shutil.rmtree(target, ignore_errors=True)
    temp.rename(target)


def content(store: Store, entry: dict, batches: dict[str, tarfile.TarFile]) -> bytes:
    """The bytes a manifest entry lists: its own object, or its member of a batch (each batch fetched once)."""
    if "member" not in entry:
        return store.get_bytes(entry["key"])
    if entry["key"] not in batches:
        batches[entry["key"]] = tarfile.open(fileobj=io.BytesIO(store.get_bytes(entry["key"])), mode="r:")
    try:
        member = batches[entry["key"]].extractfile(entry["member"])
    except (KeyError, tarfile.TarError) as error:
        raise StorageError(f"{entry['key']} in {store.describe()} lacks {entry['member']}: {error}",
                           entry["key"]) from error
    if member is None:
        raise StorageError(f"{entry['key']} in {store.describe()}: {entry['member']} is no file", entry["key"])
    return member.read()


def inside(folder: Path, relpath: str) -> Path:
    """``folder/relpath``, refusing a path that would leave the folder (whoever wrote the manifest)."""
    path = (folder / relpath).resolve()
    if not path.is_relative_to(folder.resolve()) or path == folder.resolve():
        raise StorageError(f"the half-made folder's manifest names {relpath!r}, outside the folder", relpath)
    return folder / relpath


def forget_unfinished(store: Store, scene_id: str) -> int:
    """Remove the scene's half-made folder from the store (its job ended); how many objects went."""
    return store.delete_prefix(unfinished_prefix(scene_id))
