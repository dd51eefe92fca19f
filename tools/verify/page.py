"""What the verifier measures of the page itself in each scene: the bytes it downloaded by kind
(`PageWeight`), with its draw calls, triangles and load time, into report["page"].

The page's template-level checks (phone layout, the interface's behaviour) are in
tools/verify/template.py: they run in tests per template version, not per scene.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

if TYPE_CHECKING:
    from playwright.sync_api import Page

BLANK_STD = 2.0  # a screenshot whose pixel standard deviation is below this shows nothing
WEIGHT_KINDS = ("vendor", "assets", "scene_glb", "scene_json", "page")


class PageWeight:
    """Bytes and requests of every response the page got from its own folder, by kind."""

    def __init__(self, page: Page, base_url: str, folder: Path) -> None:
        self.base_url = base_url
        self.folder = folder
        self.by_kind: dict[str, int] = dict.fromkeys(WEIGHT_KINDS, 0)
        self.requests = 0
        page.on("response", self._on_response)

    def _on_response(self, response: Any) -> None:
        if not response.url.startswith(self.base_url) or response.status >= 400:
            return
        relative = urlsplit(response.url).path.lstrip("/")
        self.requests += 1
        self.by_kind[weight_kind(relative)] += self._size(response, relative)

    def _size(self, response: Any, relative: str) -> int:
        """Content-Length as sent (no extra round trip to the browser), else the file on disk."""
        length = response.headers.get("content-length")
        if length is not None and length.isdigit():
            return int(length)
        path = self.folder / relative
        return path.stat().st_size if path.is_file() else 0

    def summary(self) -> dict:
        """The page's weight as JSON: total and per-kind bytes, and the requests."""
        return {"bytes": {"total": sum(self.by_kind.values()), "by_kind": dict(self.by_kind)}, "requests": self.requests}


def weight_kind(relative: str) -> str:
    """Which of WEIGHT_KINDS a file of the scene folder counts as."""
    if relative.startswith("vendor/"):
        return "vendor"
    if relative.startswith("assets/"):
        return "assets"
    if relative == "scene.glb":
        return "scene_glb"
    if relative == "scene.json":
        return "scene_json"
    return "page"


def hide_ui(page: Page) -> None:
    """Hides the interface so the verifier's pictures show only the scene (pages without one are left alone)."""
    page.evaluate("() => window.diorama.setUiVisible?.(false)")


@contextmanager
def timed(timings: dict[str, float], name: str) -> Iterator[None]:
    """Adds the block's wall seconds to ``timings[name]`` (the verifier's cost per check)."""
    started = time.perf_counter()
    try:
        yield
    finally:
        timings[name] = round(timings.get(name, 0.0) + time.perf_counter() - started, 3)


def page_summary(weight: PageWeight, info: dict) -> dict:
    """report["page"]: the page's weight (PageWeight.summary) with info()'s draw calls, triangles, load ms, GPU
    textures, shader programs and full frames drawn so far."""
    keys = ("drawCalls", "objectDrawCalls", "triangles", "loadMs", "textures", "programs", "frames")
    return {**weight.summary(), **{key: info.get(key) for key in keys}}
