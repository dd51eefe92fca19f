"""Object storage for published scenes: a local folder (the default) or S3 through boto3.

Both backends share one key layout (DESIGN.md section 3):

    assets/<key>.glb             content-addressed GLBs, shared by every scene
    scenes/<scene_id>/<relpath>  one scene's bundle (index.html, scene.json, ...)

Keys are sanitised before use (``clean_key``): backslashes become '/', '.'
and empty segments vanish, and '..', absolute keys or control characters are
refused, so nothing written through a store leaves its root or prefix.
Puts are idempotent: a key that already holds the same bytes is not written
again (local: compared byte for byte; S3: the ETag of a single-part put is
the MD5 of its bytes), which makes re-publishing a resumed scene cheap.

S3 specifics: path-style addressing (SeaweedFS, MinIO), bounded retries with
exponential backoff (botocore's 'standard' mode), short connect timeouts so a
dead endpoint fails in seconds with a ``StorageError`` naming it, and
``request_checksum_calculation``/``response_checksum_validation`` set to
``when_required`` because boto3 1.36+ CRC checksums upset S3-compatible stores.
"""

from __future__ import annotations

import hashlib
import re
from abc import ABC, abstractmethod
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from tools.core.errors import InvalidKeyError, StorageError
from tools.core.files import write_whole
from tools.core.static_server import CONTENT_TYPES

DEFAULT_CONTENT_TYPE = "application/octet-stream"
MAX_PRESIGN_S = 7 * 24 * 3600  # SigV4 presigned URLs live at most a week
DEFAULT_URL_EXPIRY_S = MAX_PRESIGN_S
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def clean_key(key: str) -> str:
    r"""The normalised form of a relative storage key; raises InvalidKeyError when it could escape.

    'a\b//./c' -> 'a/b/c'. Refused: empty keys, NUL and other control characters,
    absolute keys ('/x', 'C:x'), and any '..' segment.
    """
    if not isinstance(key, str) or not key:
        raise InvalidKeyError(f"storage key must be a non-empty string, got {key!r}")
    if _CONTROL.search(key):
        raise InvalidKeyError(f"storage key {key!r} contains a control character")
    unified = key.replace("\\", "/")
    if unified.startswith("/") or re.match(r"^[A-Za-z]:", unified):
        raise InvalidKeyError(f"storage key {key!r} is absolute; keys are relative to the store's prefix")
    parts = [p for p in unified.split("/") if p not in ("", ".")]
    if ".." in parts:
        raise InvalidKeyError(f"storage key {key!r} has a '..' segment and could leave its prefix")
    if not parts:
        raise InvalidKeyError(f"storage key {key!r} names nothing")
    return "/".join(parts)


def content_type_for(key: str) -> str:
    """Content type from the key's suffix: model/gltf-binary, text/html, image/png, application/json..."""
    return CONTENT_TYPES.get(Path(key).suffix.lower(), DEFAULT_CONTENT_TYPE)


@dataclass
class StoreStats:
    """What a store did since it was made: bytes and objects written, and idempotent skips."""

    puts: int = 0
    skipped: int = 0
    bytes_written: int = 0


class Store(ABC):
    """Where published files go. Keys are relative ('assets/ab12.glb'); every method cleans them."""

    def __init__(self) -> None:
        self.stats = StoreStats()

    @abstractmethod
    def describe(self) -> str:
        """Where this store writes, for messages ('s3 http://host:port/bucket/prefix')."""

    @abstractmethod
    def put_bytes(self, key: str, data: bytes, content_type: str | None = None) -> str:
        """Store ``data`` under ``key`` unless it already holds exactly these bytes; returns the key's URL."""

    @abstractmethod
    def exists(self, key: str) -> bool:
        """Whether a key is in the store."""

    @abstractmethod
    def get_bytes(self, key: str) -> bytes:
        """The bytes under ``key``; StorageError when there are none."""

    def read_chunks(self, key: str) -> Iterator[bytes]:
        """The bytes under ``key`` in pieces, for streaming; a missing key or a failing store raises here, before
        the first piece (a backend that streams overrides this)."""
        return iter((self.get_bytes(key),))

    @abstractmethod
    def url(self, key: str, expires_s: int | None = None) -> str:
        """Where a reader fetches ``key``: public_base_url + key when set, else the backend's own URL."""

    @abstractmethod
    def list_keys(self, prefix: str = "") -> list[str]:
        """Every key under ``prefix`` (relative to the store), sorted."""

    @abstractmethod
    def delete_keys(self, keys: list[str]) -> None:
        """Delete these keys; one that is not there is no error."""

    def delete_prefix(self, prefix: str) -> int:
        """Delete every key under ``prefix``; returns how many were deleted."""
        keys = self.list_keys(prefix)
        self.delete_keys(keys)
        return len(keys)

    def put_file(self, key: str, path: Path, content_type: str | None = None) -> str:
        """Store a file's bytes under a key; its URL."""
        return self.put_bytes(key, Path(path).read_bytes(), content_type or content_type_for(key))

    def put_folder(self, folder: Path, prefix: str) -> dict[str, str]:
        """Upload every file under ``folder`` to ``prefix/<relpath>``; returns {relpath: url}.

        Temporary files ('*.tmp', left by an interrupted atomic write) are skipped.
        """
        folder = Path(folder)
        if not folder.is_dir():
            raise StorageError(f"cannot publish {folder}: not a folder")
        base = clean_key(prefix)
        urls = {}
        for path in sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix != ".tmp"):
            rel = path.relative_to(folder).as_posix()
            urls[rel] = self.put_file(f"{base}/{rel}", path)
        return urls

    def _public_url(self, public_base_url: str, full_key: str) -> str:
        return f"{public_base_url.rstrip('/')}/{quote(full_key)}"


class LocalStore(Store):
    """A folder on disk. URLs are ``public_base_url + key`` when given, else ``file://`` URIs."""

    def __init__(self, root: Path, public_base_url: str | None = None) -> None:
        super().__init__()
        self.root = Path(root).resolve()
        self.public_base_url = public_base_url

    def describe(self) -> str:
        """What the store is, for messages."""
        return f"local folder {self.root}"

    def _path(self, key: str) -> Path:
        path = self.root / clean_key(key)
        if self.root not in path.resolve().parents:  # a symlink inside the root must not lead out of it
            raise InvalidKeyError(f"storage key {key!r} resolves outside {self.root}")
        return path

    def put_bytes(self, key: str, data: bytes, content_type: str | None = None) -> str:
        """Store bytes under a key (skipping an identical file); its URL."""
        path = self._path(key)
        if path.is_file() and path.stat().st_size == len(data) and path.read_bytes() == data:
            self.stats.skipped += 1
            return self.url(key)
        try:
            write_whole(path, data)
        except OSError as exc:
            raise StorageError(f"cannot write {key!r} to {self.describe()}: {exc}") from exc
        self.stats.puts += 1
        self.stats.bytes_written += len(data)
        return self.url(key)

    def exists(self, key: str) -> bool:
        """Whether a key is in the store."""
        return self._path(key).is_file()

    def get_bytes(self, key: str) -> bytes:
        """The bytes under a key; StorageError when there are none."""
        path = self._path(key)
        if not path.is_file():
            raise StorageError(f"{key!r} is not in {self.describe()}")
        return path.read_bytes()

    def url(self, key: str, expires_s: int | None = None) -> str:
        """The public URL of a key, else its file URL."""
        if self.public_base_url:
            return self._public_url(self.public_base_url, clean_key(key))
        return self._path(key).as_uri()

    def list_keys(self, prefix: str = "") -> list[str]:
        """Every key under a prefix, sorted."""
        top = self._path(prefix) if prefix else self.root
        if not top.is_dir():
            return [clean_key(prefix)] if top.is_file() else []
        return sorted(p.relative_to(self.root).as_posix() for p in top.rglob("*") if p.is_file())

    def delete_keys(self, keys: list[str]) -> None:
        """Delete these files, then the folders they leave empty (a deleted scene leaves no folder behind)."""
        try:
            for key in keys:
                path = self._path(key)
                if not path.is_file():
                    continue
                path.unlink()
                for folder in path.parents:
                    if folder == self.root or any(folder.iterdir()):
                        break
                    folder.rmdir()
        except OSError as exc:
            raise StorageError(f"cannot delete from {self.describe()}: {exc}") from exc


def md5_hex(data: bytes) -> str:
    """The MD5 hex digest of bytes (an S3 ETag), not for security."""
    return hashlib.md5(data, usedforsecurity=False).hexdigest()
