"""Verify a scene folder in headless Chromium: does it load, render, and show every object?

The checks are deterministic, like three.js's own screenshot tests: a fixed
viewport at scale 1, no sleeps (we wait for the page's own ready signal on
`<html data-diorama-state>`), named tolerances, and every picture we judged is
saved under `screenshots/`.

The page's test API (`window.diorama`: views, setView, imageStats,
objectPixels, info) is described in docs and in web/template/viewer.js.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from tools.core.errors import RenderError
from tools.core.report import CheckName, check
from tools.core.static_server import serve_folder
from tools.page.compose import DETAIL_VIEW_PREFIX
from tools.verify.browser import Browser
from tools.verify.motion import inspect_motion, motion_checks
from tools.verify.page import BLANK_STD, PageWeight, hide_ui, page_summary, timed
from tools.verify.template import template_checks, template_record

if TYPE_CHECKING:
    from playwright.sync_api import Page

# The views, motion frames and object-ID passes are judged at 512x384: the checks count pixels
# (luminance spread, object-ID pixels), which a quarter of 1024x768's pixels measure as well, while
# each full frame (MSAA, shadows, software WebGL) costs a quarter as much. Same 4:3 as the framing.
VIEWPORT: tuple[int, int] = (512, 384)
# Object-ID pixels (of VIEWPORT) an object needs in some view to count as visible: the share of the
# frame that 20 pixels were of 1024x768.
MIN_VISIBLE_PIXELS = 5
# Requests the browser makes on its own, not the page: never the scene's fault.
BROWSER_OWN_PATHS = frozenset({"/favicon.ico"})
# Chromium sometimes reports a fetch whose whole 200 response already arrived as aborted
# (seen with GLTFLoader's streamed reads); a truly cut body makes the page's own loader fail.
ABORTED_AFTER_RESPONSE = "net::ERR_ABORTED"
# How many messages each check quotes as evidence.
EVIDENCE_ITEMS = 3

# The checks this module judges, in report order (tools.verify.page and .motion add theirs after).
CHECK_NAMES = (CheckName.READY, CheckName.NO_CONSOLE_ERRORS, CheckName.NO_FAILED_REQUESTS, CheckName.NOT_BLANK,
               CheckName.OBJECTS_VISIBLE)

# Polled from the navigation's commit, before the document has an element: "?." keeps the poll from throwing
# (a TypeError ends wait_for_function at once; under load that gap is long enough to hit).
_SETTLED_JS = """() => {
  const state = document.documentElement?.dataset.dioramaState;
  return state === 'ready' || state === 'error';
}"""
_NOT_READY = "page not ready"
_STATE_JS = """() => ({
  state: document.documentElement?.dataset.dioramaState ?? null,
  error: document.documentElement?.dataset.dioramaError ?? null,
})"""


class _PageEvents:
    """What the page reported while we watched: console errors, failed requests, dialogs, crash."""

    def __init__(self, page: Page, base_url: str) -> None:
        self.base_url = base_url
        self.console_errors: list[str] = []
        self.failed_requests: list[str] = []
        self.dialogs: list[str] = []
        self.crashed = False
        self._answered: set[Any] = set()  # requests that got a successful response
        page.on("console", self._on_console)
        page.on("pageerror", lambda error: self.console_errors.append(f"pageerror: {error}"))
        page.on("requestfailed", self._on_request_failed)
        page.on("response", self._on_response)
        page.on("dialog", self._on_dialog)
        page.on("crash", self._on_crash)

    def _relative(self, url: str) -> str:
        return url[len(self.base_url) :] if url.startswith(self.base_url) else url

    def _is_browser_own(self, url: str) -> bool:
        return url.startswith(self.base_url) and urlsplit(url).path in BROWSER_OWN_PATHS

    def _on_console(self, message: Any) -> None:
        if message.type != "error":
            return
        url = (message.location or {}).get("url", "")
        if self._is_browser_own(url):
            return
        where = f" ({self._relative(url)})" if url else ""
        self.console_errors.append(f"{message.text}{where}")

    def _on_request_failed(self, request: Any) -> None:
        if request in self._answered and request.failure == ABORTED_AFTER_RESPONSE:
            return
        if not self._is_browser_own(request.url):
            self.failed_requests.append(f"{self._relative(request.url)}: {request.failure or 'failed'}")

    def _on_response(self, response: Any) -> None:
        if response.status < 400:
            self._answered.add(response.request)
        elif not self._is_browser_own(response.url):
            self.failed_requests.append(f"{self._relative(response.url)}: HTTP {response.status}")

    def _on_dialog(self, dialog: Any) -> None:
        # A dialog means script we did not write ran (e.g. injected through the prompt).
        self.dialogs.append(f"{dialog.type}: {dialog.message}")
        dialog.dismiss()

    def _on_crash(self, _page: Any) -> None:
        self.crashed = True


def verify_scene(out: Path, browser: Browser, timeout_s: float = 20) -> dict:
    """Open `out`/index.html in `browser`, screenshot every view and judge the result.

    Returns {ready, error (the reason when not ready or a test-API call failed),
    console_errors, failed_requests, dialogs (count; any fails the ready check),
    dialog_messages, views {name: {screenshot, std, blank, object_pixels}},
    visible {object id: bool}, checks [{name, passed, evidence}] named as in
    CHECK_NAMES (plus tools.verify.motion's), info (window.diorama.info()), page
    (tools.verify.page: weight and draw calls), template (the template-level checks
    this scene relies on, run in tests: tools.verify.template), timings (seconds per
    step: context, load, motion, views) and seconds}. A page that never becomes
    ready is a report with ready=False and the reason, not an exception.
    Raises RenderError when the browser or the page's renderer process crashes,
    ValueError when `out` is not a folder or timeout_s is not positive.
    """
    out = Path(out)
    if not out.is_dir():
        raise ValueError(f"verify_scene needs a scene folder, got {out}")
    if timeout_s <= 0:
        raise ValueError(f"timeout_s must be positive, got {timeout_s}")
    from playwright.sync_api import Error as PlaywrightError

    started = time.perf_counter()
    report = _empty_report()
    timings = report["timings"]
    with serve_folder(out) as base_url, browser.new_page(VIEWPORT) as page:
        timings["context"] = round(time.perf_counter() - started, 3)
        events = _PageEvents(page, base_url)
        weight = PageWeight(page, base_url, out)
        try:
            with timed(timings, "load"):
                _load(page, base_url, timeout_s, report)
            if report["ready"]:
                with timed(timings, CheckName.MOTION):
                    report["motion"] = inspect_motion(page, out)  # page opened frozen at t=0 (?t=0): repeatable
                with timed(timings, "views"):
                    _inspect_views(page, out, report)
            if report["ready"] and not report["error"]:
                report["page"] = page_summary(weight, report["info"] or {})
        except PlaywrightError as error:
            if events.crashed or not browser.is_connected:
                raise RenderError(f"Chromium crashed while verifying {out}: {error}") from error
            # The page's own test API threw: a fault of the page, reported like any other.
            report["error"] = report["error"] or f"page test API failed: {_first_line(error)}"
        if events.crashed:
            raise RenderError(f"the page's renderer process crashed while verifying {out}")
        if report["error"] and report["error"].startswith(_NOT_READY) and events.console_errors:
            report["error"] += f"; first console error: {events.console_errors[0]}"
        report["console_errors"] = list(events.console_errors)
        report["failed_requests"] = list(events.failed_requests)
        report["dialogs"] = len(events.dialogs)
        report["dialog_messages"] = list(events.dialogs)
    report["visible"] = _visibility(report["views"], _scene_object_ids(out))
    report["checks"] = _checks(report)
    report["seconds"] = round(time.perf_counter() - started, 3)
    return report


def verify_template(out: Path, browser: Browser, timeout_s: float = 20) -> list[dict]:
    """The template-level checks (tools.verify.template) on the page of scene folder `out`, as tests
    run them once per template version. Raises RenderError when the page does not become ready."""
    with serve_folder(out) as base_url, browser.new_page(VIEWPORT) as page:
        report = _empty_report()
        _load(page, base_url, timeout_s, report)
        if not report["ready"]:
            raise RenderError(f"{out}: {report['error']}")
        return template_checks(page, out, MIN_VISIBLE_PIXELS)


def _empty_report() -> dict:
    return {
        "ready": False,
        "error": None,
        "console_errors": [],
        "failed_requests": [],
        "dialogs": 0,
        "dialog_messages": [],
        "views": {},
        "visible": {},
        "checks": [],
        "info": None,
        "page": None,
        "template": template_record(),
        "timings": {},
        "seconds": 0.0,
    }


def _load(page: Page, base_url: str, timeout_s: float, report: dict) -> None:
    """Navigate and wait, within `timeout_s`, for the page to say ready or error; fills ready/error."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    deadline = time.perf_counter() + timeout_s
    try:
        response = page.goto(base_url + "index.html?t=0", wait_until="commit", timeout=timeout_s * 1000)
    except PlaywrightTimeout:
        report["error"] = f"index.html did not load within {timeout_s:g} s"
        return
    if response is None or response.status >= 400:
        report["error"] = f"index.html: HTTP {response.status if response else 'no response'}"
        _settle(page, deadline)
        return
    remaining_ms = max(1.0, (deadline - time.perf_counter()) * 1000)
    try:
        page.wait_for_function(_SETTLED_JS, timeout=remaining_ms)
    except PlaywrightTimeout:
        state = page.evaluate(_STATE_JS)
        report["error"] = f"{_NOT_READY} within {timeout_s:g} s (data-diorama-state={state['state']!r})"
        return
    state = page.evaluate(_STATE_JS)
    if state["state"] == "error":
        report["error"] = f"page error: {state['error'] or 'no data-diorama-error given'}"
        return
    report["ready"] = True


def _settle(page: Page, deadline: float) -> None:
    """Let an error page finish loading before it is closed: closing a page whose navigation had only just
    committed could hang in the shared context, which stays open between scenes."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_load_state("load", timeout=max(1.0, (deadline - time.perf_counter()) * 1000))
    except PlaywrightTimeout:
        pass  # the error is already reported; closing is all that is left


def _inspect_views(page: Page, out: Path, report: dict) -> None:
    """For each view: set it, screenshot it, and read image and object-ID statistics."""
    if not page.evaluate("() => typeof window.diorama === 'object' && window.diorama !== null"):
        report["ready"] = False
        report["error"] = "page is ready but window.diorama is missing"
        return
    report["info"] = page.evaluate("() => window.diorama.info()")
    hide_ui(page)  # the views show the scene alone
    shots = out / "screenshots"
    shots.mkdir(exist_ok=True)
    for stale in shots.glob("*.png"):  # a view dropped since the last render must not linger
        stale.unlink()
    for name in page.evaluate("() => window.diorama.views"):
        if not page.evaluate("name => window.diorama.setView(name)", name):
            report["error"] = f"setView({name!r}) returned false"
            continue
        relative = f"screenshots/{name}.png"
        page.screenshot(path=str(out / relative), type="png", animations="disabled", caret="hide")
        # One round trip for both reads of this view (each evaluate costs a hop through the driver).
        stats, pixels = page.evaluate("() => [window.diorama.imageStats(), window.diorama.objectPixels()]")
        std = float(stats["std"])
        report["views"][name] = {
            "screenshot": relative,
            "std": round(std, 3),
            "blank": std < BLANK_STD,
            "object_pixels": {str(key): int(value) for key, value in pixels.items()},
        }


def _scene_object_ids(out: Path) -> list[str]:
    """Object ids from scene.json, so objects the page never drew still count; [] when unreadable."""
    try:
        scene = json.loads((out / "scene.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    objects = scene.get("objects") if isinstance(scene, dict) else None
    if not isinstance(objects, list):
        return []
    return [str(item["id"]) for item in objects if isinstance(item, dict) and "id" in item]


def _visibility(views: dict, scene_ids: list[str]) -> dict[str, bool]:
    """{object id: visible}: at least MIN_VISIBLE_PIXELS pixels in at least one view."""
    best: dict[str, int] = {object_id: 0 for object_id in scene_ids}
    for view in views.values():
        for object_id, count in view["object_pixels"].items():
            best[object_id] = max(best.get(object_id, 0), count)
    return {object_id: count >= MIN_VISIBLE_PIXELS for object_id, count in best.items()}


def _checks(report: dict) -> list[dict]:
    return [
        _ready_check(report),
        _list_check(CheckName.NO_CONSOLE_ERRORS, report["console_errors"], "console error"),
        _list_check(CheckName.NO_FAILED_REQUESTS, report["failed_requests"], "failed request"),
        _blank_check(report),
        _visible_check(report),
        *motion_checks(report),
    ]


def _ready_check(report: dict) -> dict:
    if report["dialogs"]:
        quoted = "; ".join(report["dialog_messages"][:EVIDENCE_ITEMS])
        return check(CheckName.READY, False, f"{report['dialogs']} dialog(s) opened, so foreign script ran: {quoted}")
    if not report["ready"]:
        return check(CheckName.READY, False, report["error"] or "page not ready")
    if report["error"]:
        return check(CheckName.READY, False, f"ready, but {report['error']}")
    return check(CheckName.READY, True, f"ready; views {', '.join(report['views']) or 'none'}")


def _list_check(name: CheckName, items: list[str], noun: str) -> dict:
    if not items:
        return check(name, True, f"no {noun}s")
    quoted = "; ".join(items[:EVIDENCE_ITEMS])
    more = f" (+{len(items) - EVIDENCE_ITEMS} more)" if len(items) > EVIDENCE_ITEMS else ""
    return check(name, False, f"{len(items)} {noun}(s): {quoted}{more}")


def _blank_check(report: dict) -> dict:
    views = report["views"]
    if not views:
        return check(CheckName.NOT_BLANK, False, "no view was rendered")
    stds = ", ".join(f"{name} std={view['std']:.1f}" for name, view in views.items())
    # A close-up of a grass tuft on grass is rightly low in contrast; close-ups are judged by whether their
    # objects show (objects_visible), the overall views by not being blank.
    blank = [name for name, view in views.items() if view["blank"] and not name.startswith(DETAIL_VIEW_PREFIX)]
    if blank:
        return check(CheckName.NOT_BLANK, False, f"blank (std < {BLANK_STD}): {', '.join(blank)}; {stds}")
    return check(CheckName.NOT_BLANK, True, stds)


def _visible_check(report: dict) -> dict:
    visible = report["visible"]
    if not report["views"]:
        return check(CheckName.OBJECTS_VISIBLE, False, "no view was rendered")
    hidden = sorted(object_id for object_id, seen in visible.items() if not seen)
    if hidden:
        shown = ", ".join(hidden[: EVIDENCE_ITEMS * 3])
        return check(
            CheckName.OBJECTS_VISIBLE,
            False,
            f"{len(hidden)}/{len(visible)} objects under {MIN_VISIBLE_PIXELS} px in every view: {shown}",
        )
    return check(CheckName.OBJECTS_VISIBLE, True, f"{len(visible)}/{len(visible)} objects visible")


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__
