"""Run-time settings of one run: what a node needs that is not checkpointed state."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from app.settings import Settings


class LazyBrowser:
    """Launches Chromium on first use and keeps it for every later scene of the process."""

    def __init__(self, executable: str | None, timeout_s: float) -> None:
        self._executable, self._timeout_s, self._browser = executable, timeout_s, None

    def get(self):
        if self._browser is None:
            from tools.browser import Browser  # playwright is heavy: import on first render only

            self._browser = Browser(self._executable, timeout_s=self._timeout_s).__enter__()
        return self._browser

    def close(self) -> None:
        if self._browser is not None:
            self._browser.__exit__(None, None, None)
            self._browser = None


@dataclass
class RunContext:
    """Passed to every node by LangGraph (``runtime.context``)."""

    settings: Settings
    browser: LazyBrowser
    progress: Callable[[str, str], None] = field(default=lambda stage, message: None)

    @property
    def three_dir(self) -> Path:
        return self.settings.three_dir
