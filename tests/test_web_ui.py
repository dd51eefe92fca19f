"""The creator web UI (web/ui/) end to end: real `diorama serve`, real workers, real Chromium.

A person's path: type a prompt, watch the stages, see the scene's page become
ready inside the sandboxed iframe, read the report, download the bundle. Also:
phone width, a hostile prompt, a failing job, the history, cancel.
"""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
import pytest
from playwright.sync_api import Page, expect
from test_api_server import Server  # the API engineer's helper: `diorama serve` in its own process group

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PROMPT = "a bedroom with a red bed and a lamp on a nightstand"
HOSTILE_PROMPT = "</script><script>alert(1)</script><img src=x onerror=alert(2)> a red chair"
IMPOSSIBLE_PROMPT = "a room with 40 wardrobes; 2m x 2m"  # the layout cannot fit them: the job fails
SCENE_WAIT_MS = 600_000  # a bound on a hung server, not a speed expectation: this machine is shared
LAPTOP, PHONE = (1280, 800), (390, 844)


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[Server]:
    served = Server(tmp_path_factory.mktemp("ui-server"), workers=1, max_repairs=1).start()
    yield served
    served.stop()


@pytest.fixture(scope="module")
def idle_server(tmp_path_factory) -> Iterator[Server]:
    """No workers: submitted jobs stay queued, so lists and cancellation can be tested without generating."""
    served = Server(tmp_path_factory.mktemp("ui-idle"), workers=0, max_concurrent_jobs_per_key=20).start()
    yield served
    served.stop()


class Dialogs:
    """Every JavaScript dialog the page or any of its frames opens (a prompt that ran as script would),
    and every Content-Security-Policy violation reported on the console (the UI's or the scene page's)."""

    def __init__(self, page: Page) -> None:
        self.messages: list[str] = []
        self.csp_violations: list[str] = []
        page.on("dialog", self._record)
        page.on("console", self._console)

    def _record(self, dialog) -> None:
        self.messages.append(dialog.message)
        dialog.dismiss()

    def _console(self, message) -> None:
        if "Content Security Policy" in message.text:
            self.csp_violations.append(message.text)


@contextmanager
def ui_page(lazy_browser, server: Server, viewport=LAPTOP, path: str = "/") -> Iterator[tuple[Page, Dialogs]]:
    with lazy_browser.get().new_page(viewport) as page:
        dialogs = Dialogs(page)
        page.goto(server.base + path)
        yield page, dialogs


def generate(page: Page, prompt: str) -> str:
    """Types the prompt, presses Enter and returns the new scene's id once the UI follows it."""
    page.get_by_label("Scene description").fill(prompt)
    page.get_by_label("Scene description").press("Enter")
    expect(page).to_have_url(re.compile(r"#scene=s-"))
    return page.url.split("#scene=")[1]


def wait_finished(page: Page) -> None:
    expect(page.locator("#history-list [aria-current='true']")).not_to_have_attribute(
        "data-status", re.compile("queued|running"), timeout=SCENE_WAIT_MS)


def expect_scene_ready(page: Page) -> None:
    # Chromium does not draw a cross-origin frame that is out of view, and the page is ready after a frame.
    page.locator("#scene-frame").scroll_into_view_if_needed()
    frame_root = page.frame_locator("#scene-frame").locator("html")
    expect(frame_root).to_have_attribute("data-diorama-state", "ready", timeout=120_000)


@pytest.fixture(scope="module")
def finished_scene(server, lazy_browser) -> dict:
    """One scene made through the UI, watched stage by stage; later tests reopen it."""
    with ui_page(lazy_browser, server) as (page, dialogs):
        scene_id = generate(page, PROMPT)
        expect(page.locator("#progress-panel")).to_be_visible()
        expect(page.locator("#job-prompt")).to_have_text(PROMPT)
        # Progress is seen live: some stage runs before all are done.
        expect(page.locator("#timeline li[data-state='running']")).to_have_count(1, timeout=SCENE_WAIT_MS)
        wait_finished(page)
        timeline = page.locator("#timeline li").evaluate_all(
            "rows => rows.map(r => [r.dataset.stage, r.dataset.state])")
        seen_running = page.locator("#live").text_content()
        return {"id": scene_id, "timeline": dict(timeline), "live": seen_running, "dialogs": dialogs.messages}


def test_a_prompt_becomes_a_ready_scene_with_report_and_downloads(server, lazy_browser, finished_scene):
    timeline = finished_scene["timeline"]
    for stage in ("plan", "assets", "layout", "compose", "verify", "publish"):
        assert timeline[stage] == "done", timeline
    assert finished_scene["live"] == "Scene ready."
    with ui_page(lazy_browser, server, path=f"/#scene={finished_scene['id']}") as (page, dialogs):
        expect_scene_ready(page)
        frame = page.locator("#scene-frame")
        assert frame.get_attribute("sandbox") == "allow-scripts"  # never allow-same-origin
        expect(page.locator("#scene-title")).to_have_text(PROMPT)
        expect(page.locator("#report-verdict")).to_have_text(re.compile("check"))
        requirements = page.locator("#requirements li")
        expect(requirements.first).to_have_class(re.compile("result--(pass|fail)"))
        expect(page.locator("#requirements")).to_contain_text("bed is red")
        expect(page.locator("#planner")).to_have_text(re.compile("grounded"))
        expect(page.locator("#screenshots figcaption")).to_contain_text(["hero", "top", "side"])
        with page.expect_download() as download_info:
            page.get_by_role("link", name="Download bundle (.zip)").click()
        with zipfile.ZipFile(io.BytesIO(download_info.value.path().read_bytes())) as bundle:
            names = set(bundle.namelist())
            index = bundle.read("index.html").decode()
        assert {"index.html", "scene.json", "scene.glb", "report.json"} <= names
        # The zip opens on its own: every file the page links to is in it.
        linked = {ref.removeprefix("./") for ref in re.findall(r'(?:src|href)="([^"#:]+)"', index)}
        assert linked <= names, linked - names
        glb = httpx.get(server.base + page.locator("#download-glb").get_attribute("href"), timeout=30)
        assert glb.content[:4] == b"glTF"
        assert dialogs.messages == [] and finished_scene["dialogs"] == []
        assert dialogs.csp_violations == []


def test_phone_width_has_one_column_and_no_horizontal_scroll(server, lazy_browser, finished_scene):
    with ui_page(lazy_browser, server, PHONE, path=f"/#scene={finished_scene['id']}") as (page, _):
        expect_scene_ready(page)
        expect(page.locator("#requirements li").first).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
        overflowing = page.evaluate("""() => [...document.querySelectorAll('body *')]
            .filter(e => e.getClientRects().length && e.getBoundingClientRect().right > innerWidth + 0.5)
            .map(e => e.id || e.className || e.tagName)""")
        assert overflowing == []
        # One column: the viewer sits below the prompt panel, not beside it.
        compose, viewer = (page.locator(s).bounding_box() for s in (".panel--compose", ".panel--viewer"))
        assert viewer["y"] >= compose["y"] + compose["height"]


def test_keyboard_reaches_the_prompt_examples_and_generate(server, lazy_browser, finished_scene):
    with ui_page(lazy_browser, server) as (page, _):
        page.keyboard.press("Tab")
        expect(page.locator(".skip-link")).to_be_focused()
        page.keyboard.press("Enter")
        expect(page.get_by_label("Scene description")).to_be_focused()
        page.keyboard.press("Tab")
        expect(page.locator(".chip").first).to_be_focused()
        page.keyboard.press("Enter")  # an example chip fills the prompt
        expect(page.get_by_label("Scene description")).to_have_value(re.compile("living room"))
        page.get_by_label("Scene description").press("Shift+Enter")  # a new line, not a submit
        expect(page.get_by_label("Scene description")).to_have_value(re.compile("\n$"))
        assert "#scene=" not in page.url
        assert page.locator("#live").get_attribute("aria-live") == "polite"


def test_a_hostile_prompt_runs_no_script_and_shows_as_text(server, lazy_browser, finished_scene):
    with ui_page(lazy_browser, server) as (page, dialogs):
        generate(page, HOSTILE_PROMPT)
        wait_finished(page)
        expect_scene_ready(page)
        expect(page.locator("#scene-title")).to_have_text(HOSTILE_PROMPT)
        expect(page.locator("#history-list [aria-current='true'] .history-item__prompt")).to_have_text(HOSTILE_PROMPT)
        assert page.locator("img[src='x']").count() == 0
        assert page.locator("body script").count() == 0
        page.wait_for_timeout(500)  # let any injected handler (onerror) fire before counting dialogs
        assert dialogs.messages == []
        assert dialogs.csp_violations == []  # nothing even tried to run inline script


def test_a_failing_job_says_why_and_what_to_try(server, lazy_browser, finished_scene):
    with ui_page(lazy_browser, server) as (page, _):
        generate(page, IMPOSSIBLE_PROMPT)
        wait_finished(page)
        error = page.locator("#job-error")
        expect(error).to_be_visible()
        expect(page.locator("#job-error-message")).not_to_be_empty()
        expect(page.locator("#job-error-advice")).not_to_be_empty()
        expect(page.locator("#timeline li[data-state='failed']")).to_have_count(1)
        expect(page.locator("#history-list [aria-current='true'] .pill")).to_have_text("Failed")


def test_history_lists_newest_first_and_opens_a_scene(server, lazy_browser, finished_scene):
    with ui_page(lazy_browser, server) as (page, _):
        items = page.locator("#history-list .history-item")
        expect(items.last).to_have_attribute("data-id", finished_scene["id"])  # the first scene made is the oldest
        items.last.click()
        expect(page).to_have_url(re.compile(f"#scene={finished_scene['id']}$"))
        expect(page.locator("#scene-title")).to_have_text(PROMPT)
        expect_scene_ready(page)


def test_an_edit_makes_a_new_revision_of_the_scene(server, lazy_browser, finished_scene):
    with ui_page(lazy_browser, server, path=f"/#scene={finished_scene['id']}") as (page, dialogs):
        expect(page.locator("#revisions li")).to_have_count(1)
        page.get_by_label("Edit instruction").fill("make the bed blue")
        page.get_by_role("button", name="Apply").click()
        expect(page.locator("#job-prompt")).to_have_text("Edit: make the bed blue")
        wait_finished(page)
        expect_scene_ready(page)
        expect(page.locator("#revisions li")).to_have_count(2)
        expect(page.locator("#revisions li").first).to_contain_text("make the bed blue")
        expect(page.locator("#requirements")).to_contain_text("blue")
        changes = page.locator("#edit-changes")  # what the edit did, object by object (report.json's edit)
        expect(changes).to_be_visible()
        expect(changes.locator("li").filter(has_text="r2 recoloured")).to_contain_text("bed")
        expect(changes.locator("li").filter(has_text="r2 unchanged")).to_have_count(1)
        expect(changes).not_to_contain_text("removed")
        assert dialogs.messages == []


def test_history_pages_with_more_and_a_queued_job_can_be_cancelled(idle_server, lazy_browser):
    ids = [httpx.post(f"{idle_server.base}/v1/scenes", json={"prompt": f"a table number {n}"}, timeout=30).json()["id"]
           for n in range(14)]
    with ui_page(lazy_browser, idle_server) as (page, dialogs):
        items = page.locator("#history-list .history-item")
        expect(items).to_have_count(12)
        expect(items.first).to_have_attribute("data-id", ids[-1])
        page.get_by_role("button", name="Show more").click()
        expect(items).to_have_count(14)
        expect(page.get_by_role("button", name="Show more")).to_be_hidden()
        items.first.click()
        expect(page.locator("#elapsed")).to_have_text("queued")
        page.get_by_role("button", name="Cancel job").click()
        expect(page.locator("#job-error-title")).to_have_text("The job was cancelled", timeout=30_000)
        expect(page.locator("#history-list [aria-current='true']")).to_have_attribute("data-status", "cancelled")
        assert dialogs.messages == []


def test_with_api_keys_the_ui_asks_for_one_and_then_works(tmp_path, lazy_browser):
    keyed = Server(tmp_path / "keyed", workers=0, api_keys="ui-test-key-0123456789").start()
    try:
        with ui_page(lazy_browser, keyed) as (page, dialogs):
            expect(page.locator("#form-error")).to_contain_text("API key")  # the list answered 401
            expect(page.get_by_label("API key")).to_be_visible()  # the Connection panel opened itself
            page.get_by_label("API key").fill("ui-test-key-0123456789")
            page.get_by_role("button", name="Save").click()
            page.get_by_label("Scene description").fill("a table")
            page.get_by_role("button", name="Generate").click()
            expect(page.locator("#history-list .history-item")).to_have_count(1)
            expect(page.locator("#elapsed")).to_have_text("queued")
            expect(page.locator("#stream-note")).to_be_hidden()  # the events stream opened with its signed URL
            page.get_by_role("button", name="Cancel job").click()
            expect(page.locator("#history-list [aria-current='true']")).to_have_attribute("data-status", "cancelled")
            assert dialogs.messages == []
    finally:
        keyed.stop()
