"""The S3 backend of tools/storage/base.py, through boto3 (SeaweedFS, MinIO, AWS).

Every call goes through ``_call``, which turns botocore's failures into a
``StorageError`` that names the endpoint and bucket: unreachable after the
bounded retries, refused credentials, or any other refusal with S3's code.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any, TypeVar

import boto3
from botocore.config import Config
from botocore.exceptions import BotoCoreError, ClientError, ConnectionError, HTTPClientError, NoCredentialsError

from tools.core.errors import StorageError
from tools.storage.base import DEFAULT_URL_EXPIRY_S, MAX_PRESIGN_S, Store, clean_key, content_type_for, md5_hex

T = TypeVar("T")
MAX_ATTEMPTS = 3  # first try plus two retries, each after an exponential, jittered backoff
CONNECT_TIMEOUT_S = 2.0  # a live endpoint on a LAN answers far sooner; a dead one must fail fast
READ_TIMEOUT_S = 30.0
DELETE_BATCH = 1000  # S3's DeleteObjects limit
CHUNK_BYTES = 1 << 16  # a streamed object's pieces
_NOT_FOUND = {"404", "NoSuchKey", "NotFound"}
_CREDENTIALS = {"AccessDenied", "InvalidAccessKeyId", "SignatureDoesNotMatch", "403"}


@lru_cache(maxsize=1)
def _session() -> boto3.session.Session:
    """One boto3 session per process: it caches the parsed S3 service model, so each new client is cheap."""
    return boto3.session.Session()


class S3Store(Store):
    """Objects under ``s3://bucket/prefix/`` of an S3-compatible endpoint; the bucket is made on first write."""

    def __init__(
        self,
        endpoint: str | None,
        bucket: str,
        prefix: str = "",
        access_key: str | None = None,
        secret_key: str | None = None,
        region: str = "us-east-1",
        public_base_url: str | None = None,
        url_expiry_s: int = DEFAULT_URL_EXPIRY_S,
        max_attempts: int = MAX_ATTEMPTS,
        connect_timeout_s: float = CONNECT_TIMEOUT_S,
    ) -> None:
        super().__init__()
        if not bucket:
            raise StorageError("S3 storage needs a bucket (DIORAMA_S3_BUCKET)")
        if not 1 <= url_expiry_s <= MAX_PRESIGN_S:
            raise StorageError(f"presigned URL expiry must be 1..{MAX_PRESIGN_S} s, got {url_expiry_s}")
        self.endpoint, self.bucket = endpoint, bucket
        self.prefix = clean_key(prefix) + "/" if prefix and prefix.strip("/") else ""
        self.public_base_url, self.url_expiry_s = public_base_url, url_expiry_s
        self._bucket_ready, self.max_attempts = False, max_attempts
        config = Config(
            signature_version="s3v4",
            s3={"addressing_style": "path"},
            retries={"max_attempts": max_attempts, "mode": "standard"},
            connect_timeout=connect_timeout_s,
            read_timeout=READ_TIMEOUT_S,
            request_checksum_calculation="when_required",
            response_checksum_validation="when_required",
        )
        self.client = _session().client(
            "s3", endpoint_url=endpoint, region_name=region, config=config,
            aws_access_key_id=access_key, aws_secret_access_key=secret_key,
        )

    def describe(self) -> str:
        """What the store is, for messages: endpoint, bucket and prefix."""
        return f"S3 {self.endpoint or 'default endpoint'} bucket {self.bucket!r}" + (
            f" prefix {self.prefix!r}" if self.prefix else "")

    def _full(self, key: str) -> str:
        return self.prefix + clean_key(key)

    def _call(self, action: str, fn: Callable[..., T], **kwargs: Any) -> T:
        try:
            return fn(**kwargs)
        except (BotoCoreError, ClientError) as exc:
            raise self._storage_error(action, exc) from exc

    def _storage_error(self, action: str, exc: BotoCoreError | ClientError) -> StorageError:
        """The StorageError a botocore failure means, naming the endpoint and bucket."""
        if isinstance(exc, (ConnectionError, HTTPClientError)):
            return StorageError(
                f"storage unreachable: {action} failed at {self.describe()} after {self.max_attempts} attempts "
                f"({exc}); check DIORAMA_S3_ENDPOINT and that the server is running")
        if isinstance(exc, NoCredentialsError):
            return StorageError(f"no S3 credentials for {self.describe()}: set DIORAMA_S3_ACCESS_KEY "
                                "and DIORAMA_S3_SECRET_KEY")
        if isinstance(exc, ClientError):
            code = _error_code(exc)
            if code in _CREDENTIALS:
                return StorageError(f"{self.describe()} refused {action} ({code}): check DIORAMA_S3_ACCESS_KEY "
                                    "and DIORAMA_S3_SECRET_KEY")
            return StorageError(f"{action} failed at {self.describe()}: {exc}")
        return StorageError(f"{action} failed at {self.describe()}: {exc}")

    def ensure_bucket(self) -> None:
        """Create the bucket when it is missing (once per store)."""
        if self._bucket_ready:
            return
        try:
            self.client.head_bucket(Bucket=self.bucket)
        except ClientError as exc:
            if _error_code(exc) not in _NOT_FOUND | {"NoSuchBucket"}:
                raise self._storage_error("head bucket", exc) from exc
            self._call("create bucket", self.client.create_bucket, Bucket=self.bucket)
        except BotoCoreError as exc:
            raise self._storage_error("head bucket", exc) from exc
        self._bucket_ready = True

    def _head(self, full_key: str) -> dict | None:
        try:
            return self.client.head_object(Bucket=self.bucket, Key=full_key)
        except ClientError as exc:
            if _error_code(exc) in _NOT_FOUND:
                return None
            raise self._storage_error("head", exc) from exc
        except BotoCoreError as exc:
            raise self._storage_error("head", exc) from exc

    def put_bytes(self, key: str, data: bytes, content_type: str | None = None) -> str:
        """Store bytes under a key, skipping an upload when the object already has the same MD5 and type; its URL."""
        full = self._full(key)
        content_type = content_type or content_type_for(full)
        self.ensure_bucket()
        head = self._head(full)
        if head and head.get("ETag", "").strip('"') == md5_hex(data) and head.get("ContentType") == content_type:
            self.stats.skipped += 1
            return self.url(key)
        self._call("put", self.client.put_object, Bucket=self.bucket, Key=full, Body=data, ContentType=content_type)
        self.stats.puts += 1
        self.stats.bytes_written += len(data)
        return self.url(key)

    def exists(self, key: str) -> bool:
        """Whether a key is in the bucket."""
        return self._head(self._full(key)) is not None

    def head(self, key: str) -> dict | None:
        """The object's metadata (ContentType, ContentLength, ETag...), or None when absent."""
        return self._head(self._full(key))

    def _body(self, key: str) -> Any:
        """The open body of a key's object; StorageError when there is none or the bucket fails."""
        try:
            return self.client.get_object(Bucket=self.bucket, Key=self._full(key))["Body"]
        except ClientError as exc:
            if _error_code(exc) in _NOT_FOUND:
                raise StorageError(f"{key!r} is not in {self.describe()}") from exc
            raise self._storage_error("get", exc) from exc
        except BotoCoreError as exc:
            raise self._storage_error("get", exc) from exc

    def get_bytes(self, key: str) -> bytes:
        """The bytes under a key; StorageError when there are none or the bucket fails."""
        body = self._body(key)
        return self._call("get", body.read)

    def read_chunks(self, key: str) -> Iterator[bytes]:
        """The object in pieces as the bucket sends them: a large file is never held whole in memory."""
        return self._body(key).iter_chunks(CHUNK_BYTES)

    def url(self, key: str, expires_s: int | None = None) -> str:
        """The public URL of a key, else a presigned GET URL."""
        full = self._full(key)
        if self.public_base_url:
            return self._public_url(self.public_base_url, full)
        expires = self.url_expiry_s if expires_s is None else expires_s
        if not 1 <= expires <= MAX_PRESIGN_S:
            raise StorageError(f"presigned URL expiry must be 1..{MAX_PRESIGN_S} s, got {expires}")
        return self._call("presign", self.client.generate_presigned_url, ClientMethod="get_object",
                          Params={"Bucket": self.bucket, "Key": full}, ExpiresIn=expires)

    def list_keys(self, prefix: str = "") -> list[str]:
        """Every key under a prefix, sorted; 'a' does not match 'ab/...'."""
        full = self._full(prefix) if prefix else self.prefix
        paginator = self.client.get_paginator("list_objects_v2")
        try:
            pages = self._call("list", lambda: list(paginator.paginate(Bucket=self.bucket, Prefix=full)))
        except StorageError as exc:
            if _no_bucket(exc):
                return []  # nothing was ever written
            raise
        keys = [obj["Key"][len(self.prefix):] for page in pages for obj in page.get("Contents", [])]
        if prefix:  # 'scenes/a' must not match 'scenes/ab/...'
            keys = [k for k in keys if k == clean_key(prefix) or k.startswith(clean_key(prefix) + "/")]
        return sorted(keys)

    def delete_keys(self, keys: list[str]) -> None:
        """Delete keys in batches; a key S3 reports it could not delete is a StorageError (DeleteObjects
        answers 200 even then)."""
        for start in range(0, len(keys), DELETE_BATCH):
            batch = [{"Key": self._full(k)} for k in keys[start:start + DELETE_BATCH]]
            try:
                answer = self._call("delete", self.client.delete_objects, Bucket=self.bucket,
                                    Delete={"Objects": batch, "Quiet": True})
            except StorageError as exc:
                if _no_bucket(exc):
                    return  # nothing was ever written
                raise
            if answer.get("Errors"):
                first = answer["Errors"][0]
                raise StorageError(f"delete failed at {self.describe()} for {len(answer['Errors'])} keys, "
                                   f"e.g. {first.get('Key')!r}: {first.get('Code')} {first.get('Message', '')}")


def _no_bucket(exc: StorageError) -> bool:
    """Whether a StorageError came from S3 saying the bucket does not exist."""
    return isinstance(exc.__cause__, ClientError) and _error_code(exc.__cause__) == "NoSuchBucket"


def _error_code(exc: ClientError) -> str:
    return str(exc.response.get("Error", {}).get("Code", ""))
