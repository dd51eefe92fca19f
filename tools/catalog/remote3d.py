"""Client for a remote text-to-3D service with the submit-then-poll shape (Hunyuan3D-2 api_server, Meshy, Tripo).

    POST {base}/v1/tasks {"prompt", "category"} -> {"id"}
    GET  {base}/v1/tasks/{id}  until {"status": "succeeded", "result_url"} | {"status": "failed", "error"}
    GET  result_url            the GLB (relative URLs resolve against the base)

Nothing remote is trusted: the GLB is validated (tools.catalog.validate), normalised like an
import (tools.catalog.importer: metres, +Y up, bottom centre, facing +Z) and stored in the catalog
with source 'remote'. The catalog is also the cache: the entry key is a hash of
(service URL, prompt, category), so asking again does not call the service.
Every wait is bounded: each request by ``timeout_s``, the whole task by ``max_wait_s``.
"""

from __future__ import annotations

import hashlib
import json
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

import httpx
import pygltflib

from tools.catalog.importer import import_asset
from tools.catalog.store import Catalog, CatalogEntry
from tools.catalog.validate import DEFAULT_LIMITS, validate_glb
from tools.core.errors import AssetError, InputError
from tools.knowledge.categories import CATEGORIES

REMOTE_LICENCE = "see the remote service's terms"
BACKOFF_FACTOR = 1.6
MAX_POLL_INTERVAL_FACTOR = 8.0  # polls slow down to at most 8x the first interval


def remote_key(base_url: str, prompt_text: str, category: str) -> str:
    """The catalog key of a remote result: the same (service, prompt, category) always maps to it."""
    identity = json.dumps([base_url.rstrip("/"), prompt_text, category])
    return "remote-" + hashlib.sha256(identity.encode()).hexdigest()[:16]


class RemoteGenerator:
    """Generates assets on a remote service; results land, normalised, in ``catalog`` (default: settings' data dir)."""

    def __init__(
        self,
        base_url: str,
        timeout_s: float = 30.0,
        poll_interval_s: float = 1.0,
        max_wait_s: float = 300.0,
        catalog: Catalog | None = None,
    ) -> None:
        if urlsplit(base_url).scheme not in ("http", "https"):
            raise InputError(f"remote 3D URL must be http(s), got {base_url!r}")
        if min(timeout_s, poll_interval_s, max_wait_s) <= 0:
            raise InputError("timeout_s, poll_interval_s and max_wait_s must be positive")
        self.base_url = base_url.rstrip("/")
        self.timeout_s = timeout_s
        self.poll_interval_s = poll_interval_s
        self.max_wait_s = max_wait_s
        if catalog is None:
            from tools.core.settings import get_settings

            catalog = Catalog(get_settings().data_dir)
        self.catalog = catalog

    def generate(self, prompt_text: str, category: str) -> bytes:
        """The normalised GLB bytes for ``prompt_text`` as an asset of ``category`` (cached in the catalog)."""
        entry = self.generate_entry(prompt_text, category)
        return self.catalog.file(entry).read_bytes()

    def generate_entry(self, prompt_text: str, category: str) -> CatalogEntry:
        """The catalog entry (source 'remote') for ``prompt_text``; calls the service only on a cache miss.

        Raises AssetError naming the URL when the service refuses, fails, times out or sends a bad GLB.
        """
        key = remote_key(self.base_url, prompt_text, category)
        cached = self._cached(key)
        if cached is not None:
            return cached
        with httpx.Client(timeout=self.timeout_s, follow_redirects=True) as client:
            task_url = self._submit(client, prompt_text, category)
            result_url = self._wait(client, task_url)
            data = self._download(client, result_url)
        return self._store(key, data, prompt_text, category)

    def _cached(self, key: str) -> CatalogEntry | None:
        try:
            entry = self.catalog.get(key)
        except AssetError:
            return None
        return entry if self.catalog.file(entry).is_file() else None

    def _submit(self, client: httpx.Client, prompt_text: str, category: str) -> str:
        url = f"{self.base_url}/v1/tasks"
        body = _json(_request(client, "POST", url, json={"prompt": prompt_text, "category": category}), url)
        task_id = body.get("id")
        if not isinstance(task_id, str) or not task_id or "/" in task_id:
            raise AssetError(f"remote 3D service {url} answered without a task id: {body!r:.200}")
        return f"{url}/{task_id}"

    def _wait(self, client: httpx.Client, task_url: str) -> str:
        """Poll ``task_url`` with growing intervals until it succeeds; the result URL (absolute)."""
        deadline = time.monotonic() + self.max_wait_s
        interval = self.poll_interval_s
        polls = 0
        while True:
            body = _json(_request(client, "GET", task_url), task_url)
            polls += 1
            status = body.get("status")
            if status == "succeeded":
                result = body.get("result_url")
                if not isinstance(result, str) or not result:
                    raise AssetError(f"remote 3D task {task_url} succeeded without a result_url")
                return urljoin(self.base_url + "/", result)
            if status == "failed":
                raise AssetError(f"remote 3D task {task_url} failed: {body.get('error') or 'no reason given'}")
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssetError(
                    f"remote 3D task {task_url} not done after {self.max_wait_s:g} s ({polls} polls, "
                    f"last status {status!r})"
                )
            time.sleep(min(interval, remaining))  # backoff: a busy service is asked less often
            interval = min(interval * BACKOFF_FACTOR, self.poll_interval_s * MAX_POLL_INTERVAL_FACTOR)

    def _download(self, client: httpx.Client, url: str) -> bytes:
        if urlsplit(url).scheme not in ("http", "https"):
            raise AssetError(f"remote 3D result URL {url!r} is not http(s)")
        cap = DEFAULT_LIMITS.max_file_bytes
        try:
            with client.stream("GET", url) as response:
                _check_status(response, url)
                chunks, total = [], 0
                for chunk in response.iter_bytes():
                    total += len(chunk)
                    if total > cap:  # stop reading: a hostile service could send gigabytes
                        raise AssetError(f"remote 3D result {url} is over {cap} bytes")
                    chunks.append(chunk)
        except httpx.HTTPError as e:
            raise AssetError(f"remote 3D result {url} could not be fetched: {type(e).__name__}: {e}") from None
        return b"".join(chunks)

    def _store(self, key: str, data: bytes, prompt_text: str, category: str) -> CatalogEntry:
        """Validate and normalise ``data`` through the importer, then add it to the catalog as source 'remote'."""
        validate_glb(data)
        with tempfile.TemporaryDirectory(prefix="diorama-remote-") as staging_dir:
            staging = Catalog(Path(staging_dir))
            try:
                imported = import_asset(data, category, staging, licence=REMOTE_LICENCE, name=prompt_text[:80])
            except InputError as e:
                raise AssetError(f"remote 3D result from {self.base_url} cannot be imported: {e}") from None
            normalised = staging.file(imported.entry).read_bytes()
        params = {**imported.entry.params, "service": self.base_url, "prompt": prompt_text}
        extras = {"category": category, "key": key, "source": "remote", "licence": REMOTE_LICENCE,
                  "size": list(imported.size), "params": params}
        glb = _with_extras(normalised, extras)
        validate_glb(glb)
        cat = CATEGORIES[category]
        entry = CatalogEntry(
            key=key,
            category=category,
            name=prompt_text[:80],
            tags=(*prompt_text.lower().split()[:8], *cat.synonyms, cat.family, "remote"),
            size=imported.size,
            source="remote",
            licence=REMOTE_LICENCE,
            params=params,
        )
        return self.catalog.add(entry, glb)


def _with_extras(glb: bytes, extras: dict) -> bytes:
    gltf = pygltflib.GLTF2.load_from_bytes(glb)
    gltf.asset.extras = json.loads(json.dumps(extras, sort_keys=True))
    gltf.asset.generator = "diorama remote"
    return b"".join(gltf.save_to_bytes())


def _request(client: httpx.Client, method: str, url: str, **kwargs: Any) -> httpx.Response:
    try:
        response = client.request(method, url, **kwargs)
    except httpx.HTTPError as e:
        raise AssetError(f"remote 3D service {url} unreachable: {type(e).__name__}: {e}") from None
    _check_status(response, url)
    return response


def _check_status(response: httpx.Response, url: str) -> None:
    if response.is_success:
        return
    response.read()
    try:
        reason = response.json().get("error")
    except (json.JSONDecodeError, UnicodeDecodeError, AttributeError):
        reason = None
    raise AssetError(f"remote 3D service {url} answered HTTP {response.status_code}: {reason or response.text[:200]}")


def _json(response: httpx.Response, url: str) -> dict:
    try:
        body = response.json()
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise AssetError(f"remote 3D service {url} answered with invalid JSON: {e}") from None
    if not isinstance(body, dict):
        raise AssetError(f"remote 3D service {url} answered {type(body).__name__}, not a JSON object")
    return body
