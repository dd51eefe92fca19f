"""Headless Chromium through Playwright's sync API, launched once and reused for many scenes.

WebGL in headless Chromium without a GPU needs ANGLE's SwiftShader backend;
Chrome 139+ renders nothing without `--enable-unsafe-swiftshader`. One browser
context is made once and kept warm (a new one costs 0.1-0.3 s a scene); each
scene gets a fresh page in it. One scene still cannot leak into the next: every
scene is served from its own port (another origin, so other storage), the
server sends `Cache-Control: no-store`, service workers are blocked, and the
context's cookies are cleared before each page.

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
    from playwright.sync_api import BrowserContext, Page, Playwright

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
        self._context: BrowserContext | None = None

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
        self._browser, self._playwright, self._context = None, None, None
        try:
            if browser is not None and browser.is_connected():
                browser.close()
        finally:
            if playwright is not None:
                _release_playwright()

    def warm(self) -> None:
        """Launch Chromium and open the shared context now, so the first scene pays neither."""
        self._shared_context()

    def _shared_context(self) -> BrowserContext:
        """The one context every page opens in, made on first use (and again after a relaunch)."""
        self.start()
        if self._context is not None:
            return self._context
        assert self._browser is not None
        from playwright.sync_api import Error as PlaywrightError

        width, height = DEFAULT_VIEWPORT
        try:
            self._context = self._browser.new_context(
                viewport={"width": width, "height": height},
                device_scale_factor=1,
                locale="en-US",
                timezone_id="UTC",
                color_scheme="light",
                reduced_motion="reduce",
                service_workers="block",
            )
        except PlaywrightError as error:
            raise RenderError(f"could not open a browser context: {_first_line(error)}") from error
        self._context.set_default_timeout(self.timeout_s * 1000)
        return self._context

    @contextmanager
    def new_page(self, viewport: tuple[int, int] = DEFAULT_VIEWPORT) -> Iterator[Page]:
        """A fresh page in the shared context at `viewport` (width, height) CSS pixels, scale 1.

        The page is closed when the block ends, whatever happens inside it.
        A browser that died since the last scene is relaunched first.
        """
        width, height = viewport
        if width <= 0 or height <= 0:
            raise ValueError(f"viewport must be positive (width, height), got {viewport}")
        context = self._shared_context()
        from playwright.sync_api import Error as PlaywrightError

        try:
            context.clear_cookies()
            page = context.new_page()
        except PlaywrightError as error:
            raise RenderError(f"could not open a browser page: {_first_line(error)}") from error
        try:
            if (width, height) != DEFAULT_VIEWPORT:
                page.set_viewport_size({"width": int(width), "height": int(height)})
            yield page
        finally:
            if self.is_connected:
                page.close()


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__
