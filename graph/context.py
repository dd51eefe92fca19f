"""Run-time settings of one run: what a node needs that is not checkpointed state."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from tools.core.settings import Settings

if TYPE_CHECKING:
    from tools.model.client import LLMClient
    from tools.storage.base import Store

T = TypeVar("T")


class LazyBrowser:
    """Launches Chromium on first use and keeps it for every later scene of the process.

    Playwright's objects belong to the thread that made them. ``launch_in_background`` launches Chromium on a
    thread of its own at once, so the launch overlaps what a run does before it renders (imports, planning,
    assets, compose); the browser then stays on that thread, and ``call`` runs each use of it there. Without it,
    ``call`` and ``get`` launch on first use in the calling thread, as before.
    """

    def __init__(self, executable: str | None, timeout_s: float) -> None:
        self._executable, self._timeout_s, self._browser = executable, timeout_s, None
        self._thread: _BrowserThread | None = None
        self._launch: Future[None] | None = None

    def launch_in_background(self) -> None:
        """Start launching Chromium (and its shared context) now, on the browser's own thread."""
        if self._thread is None and self._browser is None:
            self._thread = _BrowserThread()
            self._launch = self._thread.submit(lambda: self._started().warm())

    def get(self):
        """The shared Browser, started on first use; only from the thread it belongs to (inside ``call`` once it
        was launched in the background)."""
        if self._thread is not None and not self._thread.is_current():
            raise RuntimeError("this browser runs on its own thread: use LazyBrowser.call")
        return self._started()

    def call(self, use: Callable[[Any], T]) -> T:
        """``use(browser)`` on the thread the browser belongs to; its result or its exception. A background launch
        that failed raises its error (RenderError: no Chromium) here, where the run first needs the browser."""
        if self._thread is None:
            return use(self.get())
        return self._thread.submit(lambda: use(self._launched())).result()

    def _launched(self):
        """On the browser's thread: the browser, or the background launch's error (once; a later call retries)."""
        launch, self._launch = self._launch, None
        error = launch.exception() if launch is not None else None  # done: it ran before this call, in order
        if error is not None:
            raise error
        return self._started()

    def _started(self):
        if self._browser is None:
            from tools.verify.browser import Browser  # playwright is heavy: import on first render only

            self._browser = Browser(self._executable, timeout_s=self._timeout_s).__enter__()
        return self._browser

    def close(self) -> None:
        """Close the browser if one was started (after a background launch still under way, once it is done)."""
        thread, self._thread, self._launch = self._thread, None, None
        if thread is None:
            self._close()
            return
        thread.submit(self._close)
        thread.stop(timeout_s=self._timeout_s)

    def _close(self) -> None:
        if self._browser is not None:
            browser, self._browser = self._browser, None
            browser.__exit__(None, None, None)


class _BrowserThread:
    """One daemon thread that runs submitted calls in order (a daemon: an interrupted run still exits, and
    Playwright's driver then closes Chromium as its pipe closes)."""

    def __init__(self) -> None:
        self._jobs: queue.SimpleQueue[tuple[Callable[[], Any], Future] | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._serve, name="chromium", daemon=True)
        self._thread.start()

    def is_current(self) -> bool:
        return threading.current_thread() is self._thread

    def submit(self, job: Callable[[], T]) -> Future[T]:
        future: Future[T] = Future()
        self._jobs.put((job, future))
        return future

    def stop(self, timeout_s: float) -> None:
        """Let the calls already submitted finish (at most ``timeout_s``), then end the thread."""
        self._jobs.put(None)
        self._thread.join(timeout_s)

    def _serve(self) -> None:
        while (item := self._jobs.get()) is not None:
            job, future = item
            if future.set_running_or_notify_cancel():
                try:
                    future.set_result(job())
                except BaseException as error:  # handed to the caller, whatever it is
                    future.set_exception(error)


@dataclass
class RunContext:
    """Passed to every node by LangGraph (``runtime.context``)."""

    settings: Settings
    browser: LazyBrowser
    progress: Callable[[str, str], None] = field(default=lambda stage, message: None)
    # called at the end of every stage, before its checkpoint: a worker with shared storage keeps the half-made
    # folder in the store there (tools/storage/unfinished.py), so another host can resume the run
    stage_done: Callable[[str], None] = field(default=lambda stage: None)
    given_store: Store | None = field(default=None, repr=False)  # a store to use; None: open_store(settings)
    _opened_store: Store | None = field(default=None, init=False, repr=False)

    @property
    def store(self) -> Store:
        """Where assets and the published bundle go (tools/storage/base.py); opened on first use."""
        if self.given_store is not None:
            return self.given_store
        if self._opened_store is None:
            from tools.storage.open import open_store  # boto3 loads only when a scene is stored in S3

            self._opened_store = open_store(self.settings)
        return self._opened_store

    _model_client: LLMClient | None = field(default=None, init=False, repr=False)

    def model_client(self) -> LLMClient:
        """The model client, made on first use and kept, so its circuit breakers span every scene of the run."""
        if self._model_client is None:
            from tools.model.client import LLMClient  # httpx only when a model is configured

            self._model_client = LLMClient.from_settings(self.settings)
        return self._model_client

    @property
    def three_dir(self) -> Path:
        """The folder of the npm 'three' package the page's script is bundled with (tools.page.bundle)."""
        return self.settings.three_dir
