"""Run-time settings of one run: what a node needs that is not checkpointed state."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from tools.core.settings import Settings

if TYPE_CHECKING:
    from tools.model.client import LLMClient
    from tools.storage.base import Store


class LazyBrowser:
    """Launches Chromium on first use and keeps it for every later scene of the process."""

    def __init__(self, executable: str | None, timeout_s: float) -> None:
        self._executable, self._timeout_s, self._browser = executable, timeout_s, None

    def get(self):
        """The shared Browser, started on first use."""
        if self._browser is None:
            from tools.verify.browser import Browser  # playwright is heavy: import on first render only

            self._browser = Browser(self._executable, timeout_s=self._timeout_s).__enter__()
        return self._browser

    def close(self) -> None:
        """Close the browser if one was started."""
        if self._browser is not None:
            self._browser.__exit__(None, None, None)
            self._browser = None


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
