"""graph.context.LazyBrowser: a background launch keeps the browser on one thread of its own, and every use of it
runs there; without one, the browser starts on first use in the caller's thread. A fake Browser stands in for
Chromium (tests/test_verify.py and tests/test_generate.py run the real one)."""

from __future__ import annotations

import threading

import pytest

import tools.verify.browser as browser_module
from graph.context import LazyBrowser
from tools.core.errors import RenderError


class FakeBrowser:
    launches: list[str] = []
    fail = False

    def __init__(self, executable, timeout_s):
        self.thread = threading.current_thread()
        self.closed_in: threading.Thread | None = None
        self.warmed = False

    def __enter__(self):
        if FakeBrowser.fail:
            raise RenderError("could not launch Chromium (/nowhere): no such file")
        FakeBrowser.launches.append(threading.current_thread().name)
        return self

    def __exit__(self, *exc):
        self.closed_in = threading.current_thread()

    def warm(self):
        self.warmed = True


@pytest.fixture(autouse=True)
def fake_browser(monkeypatch):
    FakeBrowser.launches, FakeBrowser.fail = [], False
    monkeypatch.setattr(browser_module, "Browser", FakeBrowser)


def test_a_background_launch_keeps_every_use_on_the_browsers_own_thread():
    lazy = LazyBrowser(None, timeout_s=5)
    lazy.launch_in_background()
    used = lazy.call(lambda browser: (browser, threading.current_thread()))
    browser, thread = used
    assert thread is not threading.current_thread() and browser.thread is thread and browser.warmed
    assert lazy.call(lambda b: b) is browser and len(FakeBrowser.launches) == 1
    with pytest.raises(RuntimeError, match="own thread"):
        lazy.get()  # from this thread it would be a Playwright object of another thread
    lazy.close()
    assert browser.closed_in is thread and not thread.is_alive()


def test_without_a_background_launch_the_browser_starts_on_first_use_here():
    lazy = LazyBrowser(None, timeout_s=5)
    assert FakeBrowser.launches == []
    browser = lazy.call(lambda b: b)
    assert browser.thread is threading.current_thread() and lazy.get() is browser
    lazy.close()
    assert browser.closed_in is threading.current_thread()


def test_a_failed_background_launch_raises_where_the_browser_is_first_needed():
    FakeBrowser.fail = True
    lazy = LazyBrowser(None, timeout_s=5)
    lazy.launch_in_background()
    with pytest.raises(RenderError, match="could not launch Chromium"):
        lazy.call(lambda b: b)
    FakeBrowser.fail = False
    assert lazy.call(lambda b: b) is not None  # a later use launches again
    lazy.close()


def test_an_error_of_a_use_reaches_the_caller_and_the_browser_stays():
    lazy = LazyBrowser(None, timeout_s=5)
    lazy.launch_in_background()
    with pytest.raises(ZeroDivisionError):
        lazy.call(lambda b: 1 / 0)
    assert lazy.call(lambda b: b.warmed)
    lazy.close()
