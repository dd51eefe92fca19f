"""Headless Chromium through Playwright's sync API, launched once and reused for many scenes.

WebGL in headless Chromium without a GPU needs ANGLE's SwiftShader backend;
Chrome 139+ renders nothing without `--enable-unsafe-swiftshader`. Each scene
gets a fresh browser context (no shared cache, storage or service workers),
so one scene cannot leak into the next.

Playwright's sync objects belong to the thread that created them, and a
thread can run only one Playwright driver: Browsers of one thread share it
(reference-counted), and a Browser must be used from the thread that made it.
"""

from __future__ import annotations

import shutil
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from tools.core.errors import RenderError

if TYPE_CHECKING:
    from playwright.sync_api import Browser as PlaywrightBrowser
    from playwright.sync_api import Page, Playwright

LAUNCH_ARGS: tuple[str, ...] = (
    "--use-angle=swiftshader",
    "--enable-unsafe-swiftshader",
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
)
DEBIAN_CHROMIUM = Path("/usr/bin/chromium")
DEFAULT_VIEWPORT: tuple[int, int] = (1024, 768)


_per_thread = threading.local()


def _acquire_playwright() -> Playwright:
    """This thread's Playwright driver, started on first use."""
    from playwright.sync_api import sync_playwright

    if getattr(_per_thread, "users", 0) == 0:
        _per_thread.playwright = sync_playwright().start()
        _per_thread.users = 0
    _per_thread.users += 1
    return _per_thread.playwright


def _release_playwright() -> None:
    """Stops this thread's driver when its last Browser lets go."""
    _per_thread.users -= 1
    if _per_thread.users == 0:
        playwright, _per_thread.playwright = _per_thread.playwright, None
        playwright.stop()


def default_chromium() -> str | None:
    """Debian's Chromium when present, else `chromium-browser` on PATH, else None (Playwright's own)."""
    if DEBIAN_CHROMIUM.is_file():
        return str(DEBIAN_CHROMIUM)
    return shutil.which("chromium-browser")


class Browser:
    """One headless Chromium, started on `__enter__` and closed on `__exit__`.

    executable: path of a Chromium binary; None picks `default_chromium()`, and
        when that finds none, Playwright's own installed browser (never downloaded here).
    timeout_s: bound on launching and on each page operation.
    """

    def __init__(self, executable: str | None = None, timeout_s: float = 30) -> None:
        if timeout_s <= 0:
            raise ValueError(f"timeout_s must be positive, got {timeout_s}")
        self.executable = executable or default_chromium()
        self.timeout_s = float(timeout_s)
        self.launch_seconds: float | None = None
        self._playwright: Playwright | None = None
        self._browser: PlaywrightBrowser | None = None

    def __enter__(self) -> Browser:
        self.start()
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    @property
    def is_connected(self) -> bool:
        """Whether a browser is started and still connected."""
        return self._browser is not None and self._browser.is_connected()

    def start(self) -> None:
        """Launch Chromium (no-op when already running). Raises RenderError when it cannot start."""
        if self.is_connected:
            return
        self.close()
        from playwright.sync_api import Error as PlaywrightError

        started = time.perf_counter()
        self._playwright = _acquire_playwright()
        try:
            self._browser = self._playwright.chromium.launch(
                executable_path=self.executable,
                args=list(LAUNCH_ARGS),
                headless=True,
                timeout=self.timeout_s * 1000,
            )
        except PlaywrightError as error:
            self.close()
            where = self.executable or "Playwright's bundled Chromium"
            raise RenderError(f"could not launch Chromium ({where}): {_first_line(error)}") from error
        self.launch_seconds = time.perf_counter() - started

    def close(self) -> None:
        """Close the browser and stop Playwright; safe to call twice."""
        browser, playwright = self._browser, self._playwright
        self._browser, self._playwright = None, None
        try:
            if browser is not None and browser.is_connected():
                browser.close()
        finally:
            if playwright is not None:
                _release_playwright()

    @contextmanager
    def new_page(self, viewport: tuple[int, int] = DEFAULT_VIEWPORT) -> Iterator[Page]:
        """A page in a fresh browser context at `viewport` (width, height) CSS pixels, scale 1.

        The context is closed when the block ends, whatever happens inside it.
        A browser that died since the last scene is relaunched first.
        """
        width, height = viewport
        if width <= 0 or height <= 0:
            raise ValueError(f"viewport must be positive (width, height), got {viewport}")
        self.start()
        assert self._browser is not None
        from playwright.sync_api import Error as PlaywrightError

        try:
            context = self._browser.new_context(
                viewport={"width": int(width), "height": int(height)},
                device_scale_factor=1,
                locale="en-US",
                timezone_id="UTC",
                color_scheme="light",
                reduced_motion="reduce",
                service_workers="block",
            )
        except PlaywrightError as error:
            raise RenderError(f"could not open a browser context: {_first_line(error)}") from error
        try:
            context.set_default_timeout(self.timeout_s * 1000)
            yield context.new_page()
        finally:
            if self.is_connected:
                context.close()


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__
