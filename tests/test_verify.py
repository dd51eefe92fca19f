"""The verifier against small hand-written pages, and end to end against a composed scene.

The hand-written pages implement the page's test API (`window.diorama`) on a
2D canvas, so each case (ready, error, console error, never ready, missing
file, dialog, blank) is one small config rather than a full scene.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

from tools.core.errors import RenderError
from tools.core.static_server import serve_folder
from tools.verify.render import BLANK_STD, CHECK_NAMES, MIN_VISIBLE_PIXELS, verify_scene

FAKE_VIEWER_JS = """
const fake = window.FAKE;
const canvas = document.getElementById('c');
const ctx = canvas.getContext('2d');
let current = fake.views[0];
function draw() {
  ctx.fillStyle = '#334455';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  if (fake.blank) return;
  ctx.fillStyle = '#f0f0f0';
  ctx.fillRect(100, 100, 200, 150);
}
window.diorama = {
  views: fake.views,
  setView(name) {
    if (fake.throwInSetView) throw new Error('setView exploded');
    current = name; draw(); return true;
  },
  imageStats() {
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    let sum = 0, sumSq = 0; const seen = new Set();
    const n = data.length / 4;
    for (let i = 0; i < data.length; i += 4) {
      const y = 0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2];
      sum += y; sumSq += y * y; seen.add(Math.round(y));
    }
    const mean = sum / n;
    return {mean, std: Math.sqrt(Math.max(0, sumSq / n - mean * mean)), distinct: seen.size};
  },
  objectPixels() { return fake.pixels[current] || {}; },
  info() { return {drawCalls: 2, triangles: 4, objects: 2, loadMs: 1}; },
};
if (fake.consoleError) console.error(fake.consoleError);
if (fake.alert) alert(fake.alert);
if (fake.error) {
  document.documentElement.dataset.dioramaState = 'error';
  document.documentElement.dataset.dioramaError = fake.error;
} else if (!fake.neverReady) {
  draw();
  document.documentElement.dataset.dioramaState = 'ready';
}
"""

GOOD = {
    "views": ["hero", "top"],
    "pixels": {"hero": {"sofa": 5000, "lamp": 5}, "top": {"sofa": 4000, "lamp": MIN_VISIBLE_PIXELS}},
}


def write_fake_scene(folder: Path, object_ids: tuple[str, ...] = ("sofa", "lamp"), extra_body: str = "", **config) -> Path:
    """A scene folder whose page fakes the viewer's test API; `config` overrides GOOD."""
    folder.mkdir(parents=True, exist_ok=True)
    fake = {**GOOD, **config}
    (folder / "fake_viewer.js").write_text(FAKE_VIEWER_JS)
    (folder / "scene.json").write_text(json.dumps({"version": 1, "objects": [{"id": i} for i in object_ids]}))
    (folder / "index.html").write_text(
        '<!doctype html><html data-diorama-state="loading"><head><meta charset="utf-8">'
        '<link rel="icon" href="data:,"></head><body style="margin:0">'
        '<canvas id="c" width="1024" height="768"></canvas>'
        f"<script>window.FAKE = {json.dumps(fake)};</script>{extra_body}"
        '<script src="fake_viewer.js"></script></body></html>'
    )
    return folder


def checks_by_name(report: dict) -> dict[str, dict]:
    return {check["name"]: check for check in report["checks"]}


@pytest.fixture(scope="module")
def browser():
    from tools.verify.browser import Browser

    with Browser() as shared:
        yield shared


def test_serve_folder_content_types_and_confinement(tmp_path: Path) -> None:
    (tmp_path / "site").mkdir()
    files = {"viewer.js": "text/javascript", "scene.json": "application/json", "a.glb": "model/gltf-binary", "s.png": "image/png"}
    for name in files:
        (tmp_path / "site" / name).write_bytes(b"x")
    (tmp_path / "secret.txt").write_text("outside")
    with serve_folder(tmp_path / "site") as base:
        assert base.startswith("http://127.0.0.1:") and base.endswith("/")
        for name, content_type in files.items():
            with urllib.request.urlopen(base + name) as response:
                assert response.headers["Content-Type"].split(";")[0] == content_type
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(base + "../secret.txt")
        assert refused.value.code == 404


def test_serve_folder_refuses_a_missing_folder(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="existing folder"):
        with serve_folder(tmp_path / "nope"):
            pass


@pytest.mark.browser
def test_unlaunchable_executable_raises_render_error(tmp_path: Path) -> None:
    from tools.verify.browser import Browser

    with pytest.raises(RenderError, match="could not launch"):
        with Browser(executable=str(tmp_path / "no-chromium"), timeout_s=10):
            pass


@pytest.mark.browser
def test_good_page_passes_every_check_and_saves_screenshots(browser, tmp_path: Path) -> None:
    out = write_fake_scene(tmp_path / "good")
    report = verify_scene(out, browser, timeout_s=10)
    assert report["ready"] and report["error"] is None
    assert [check["name"] for check in report["checks"]] == list(CHECK_NAMES)
    assert all(check["passed"] for check in report["checks"]), report["checks"]
    assert set(report["views"]) == {"hero", "top"}
    for name, view in report["views"].items():
        assert view["screenshot"] == f"screenshots/{name}.png"
        assert (out / view["screenshot"]).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert view["std"] > BLANK_STD and not view["blank"]
    assert report["visible"] == {"sofa": True, "lamp": True}
    assert report["info"]["drawCalls"] == 2
    assert report["dialogs"] == 0 and report["seconds"] > 0


@pytest.mark.browser
def test_object_in_scene_json_but_never_drawn_is_invisible(browser, tmp_path: Path) -> None:
    out = write_fake_scene(tmp_path / "hidden", object_ids=("sofa", "lamp", "vase"))
    report = verify_scene(out, browser, timeout_s=10)
    assert report["visible"] == {"sofa": True, "lamp": True, "vase": False}
    visible_check = checks_by_name(report)["objects_visible"]
    assert not visible_check["passed"] and "vase" in visible_check["evidence"]


@pytest.mark.browser
def test_error_state_gives_reason_not_exception(browser, tmp_path: Path) -> None:
    out = write_fake_scene(tmp_path / "error", error="assets/missing.glb: 404")
    report = verify_scene(out, browser, timeout_s=10)
    assert not report["ready"]
    assert "assets/missing.glb: 404" in report["error"]
    checks = checks_by_name(report)
    assert not checks["ready"]["passed"] and "missing.glb" in checks["ready"]["evidence"]
    assert not checks["not_blank"]["passed"] and not checks["objects_visible"]["passed"]


@pytest.mark.browser
def test_console_error_fails_its_check(browser, tmp_path: Path) -> None:
    out = write_fake_scene(tmp_path / "console", consoleError="shader failed to compile")
    report = verify_scene(out, browser, timeout_s=10)
    assert report["ready"]
    assert any("shader failed to compile" in message for message in report["console_errors"])
    check = checks_by_name(report)["no_console_errors"]
    assert not check["passed"] and "shader failed to compile" in check["evidence"]


@pytest.mark.browser
def test_uncaught_page_error_is_a_console_error(browser, tmp_path: Path) -> None:
    out = write_fake_scene(tmp_path / "pageerror", extra_body="<script>undefinedFunction()</script>")
    report = verify_scene(out, browser, timeout_s=10)
    assert any(message.startswith("pageerror:") for message in report["console_errors"])


@pytest.mark.browser
def test_page_that_never_becomes_ready_times_out_with_reason(browser, tmp_path: Path) -> None:
    out = write_fake_scene(tmp_path / "stuck", neverReady=True, consoleError="GLTFLoader: bad chunk")
    report = verify_scene(out, browser, timeout_s=1.5)
    assert not report["ready"]
    assert "not ready within 1.5 s" in report["error"] and "'loading'" in report["error"]
    assert "first console error: GLTFLoader: bad chunk" in report["error"]
    assert not checks_by_name(report)["ready"]["passed"]


@pytest.mark.browser
def test_missing_file_is_a_failed_request(browser, tmp_path: Path) -> None:
    out = write_fake_scene(tmp_path / "missing", extra_body='<script src="vendor/gone.js"></script>')
    report = verify_scene(out, browser, timeout_s=10)
    assert report["ready"]
    assert "vendor/gone.js: HTTP 404" in report["failed_requests"]
    assert not checks_by_name(report)["no_failed_requests"]["passed"]


@pytest.mark.browser
def test_missing_index_is_reported_quickly(browser, tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    report = verify_scene(tmp_path / "empty", browser, timeout_s=10)
    assert not report["ready"] and report["error"] == "index.html: HTTP 404"


@pytest.mark.browser
def test_blank_frame_fails_not_blank(browser, tmp_path: Path) -> None:
    out = write_fake_scene(tmp_path / "blank", blank=True)
    report = verify_scene(out, browser, timeout_s=10)
    assert report["ready"]
    assert all(view["blank"] for view in report["views"].values())
    assert not checks_by_name(report)["not_blank"]["passed"]


@pytest.mark.browser
def test_dialog_fails_ready_check(browser, tmp_path: Path) -> None:
    out = write_fake_scene(tmp_path / "dialog", alert="pwned")
    report = verify_scene(out, browser, timeout_s=10)
    assert report["dialogs"] == 1
    check = checks_by_name(report)["ready"]
    assert not check["passed"] and "pwned" in check["evidence"]


@pytest.mark.browser
def test_test_api_exception_is_reported_not_raised(browser, tmp_path: Path) -> None:
    out = write_fake_scene(tmp_path / "throws", throwInSetView=True)
    report = verify_scene(out, browser, timeout_s=10)
    assert "setView exploded" in report["error"]
    assert not checks_by_name(report)["ready"]["passed"]


@pytest.mark.browser
def test_closed_browser_is_relaunched_for_the_next_scene(browser, tmp_path: Path) -> None:
    out = write_fake_scene(tmp_path / "relaunch")
    browser._browser.close()
    assert not browser.is_connected
    assert verify_scene(out, browser, timeout_s=10)["ready"]


HOSTILE_PROMPT = "</script><script>alert(1)</script> a red chair"


def compose_scene(out: Path, prompt: str = "a red chair at a wooden table with a vase") -> list[str]:
    """A small real room (chair, table, vase on the table) written by tools.page.compose; returns object ids."""
    from tools.assets.generate import generate
    from tools.core.schema import Environment, ObjectSpec, Placement, ScenePlan
    from tools.page.compose import write_scene

    chair = generate("chair", color="#c0392b")
    table = generate("table", material="wood")
    vase = generate("vase", color="#2e86c1")
    refs = {spec: asset.write_into(out) for spec, asset in (("chair", chair), ("table", table), ("vase", vase))}
    plan = ScenePlan(
        prompt=prompt,
        seed=0,
        environment=Environment(kind="indoor", width=4.0, depth=4.0, windows=1),
        objects=[ObjectSpec(key="chair", category="chair", color="#c0392b", color_name="red"),
                 ObjectSpec(key="table", category="table"), ObjectSpec(key="vase", category="vase")],
    )
    table_top = table.size[1]
    placements = [
        Placement(id="table_1", spec="table", category="table", asset=table.key, position=(0.0, 0.0, 0.0),
                  size=table.size),
        Placement(id="chair_1", spec="chair", category="chair", asset=chair.key, position=(0.0, 0.0, 0.8),
                  yaw=3.14159, size=chair.size),
        Placement(id="vase_1", spec="vase", category="vase", asset=vase.key, position=(0.3, table_top, 0.0),
                  size=vase.size, parent="table_1", mount="surface"),
    ]
    three_dir = Path(__file__).resolve().parents[1] / "web" / "node_modules" / "three"
    write_scene(out, plan, refs, placements, "verify-e2e", three_dir)
    return [p.id for p in placements]


def compose_available() -> bool:
    template = Path(__file__).resolve().parents[1] / "web" / "template"
    return (template / "viewer.js").is_file() and (template / "index.html").is_file()


needs_compose = pytest.mark.skipif(not compose_available(), reason="web/template/viewer.js not written yet")


@pytest.mark.browser
@needs_compose
def test_composed_scene_passes_every_check_deterministically(browser, tmp_path: Path) -> None:
    out = tmp_path / "scene"
    ids = compose_scene(out)
    report = verify_scene(out, browser, timeout_s=90)
    assert all(check["passed"] for check in report["checks"]), report["checks"]
    assert set(report["views"]) == {"hero", "overview", "top", "side"}
    assert report["visible"] == {object_id: True for object_id in ids}
    assert report["info"]["drawCalls"] > 0
    first_pictures = {name: (out / view["screenshot"]).read_bytes() for name, view in report["views"].items()}
    again = verify_scene(out, browser, timeout_s=90)
    assert {name: view["object_pixels"] for name, view in again["views"].items()} == {
        name: view["object_pixels"] for name, view in report["views"].items()
    }
    assert {name: (out / view["screenshot"]).read_bytes() for name, view in again["views"].items()} == first_pictures


@pytest.mark.browser
@needs_compose
def test_hostile_prompt_renders_without_running_script(browser, tmp_path: Path) -> None:
    compose_scene(tmp_path / "hostile", prompt=HOSTILE_PROMPT)
    assert "alert(1)" not in (tmp_path / "hostile" / "index.html").read_text()
    report = verify_scene(tmp_path / "hostile", browser, timeout_s=90)
    assert report["dialogs"] == 0
    assert report["ready"] and checks_by_name(report)["ready"]["passed"], report["checks"]
    assert checks_by_name(report)["no_console_errors"]["passed"], report["console_errors"]


@pytest.mark.browser
def test_renderer_crash_raises_render_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A real renderer crash that asks nothing of the browser: the page fills a small V8 heap until V8 kills its
    # process (CDP's Page.crash never answers, and waiting on it blocked the page's own waits).
    from tools.verify import browser as browser_module
    from tools.verify.browser import Browser

    monkeypatch.setattr(browser_module, "LAUNCH_ARGS", (*browser_module.LAUNCH_ARGS, "--js-flags=--max-old-space-size=16"))
    fill_heap = "addEventListener('DOMContentLoaded', () => { const hoard = []; for (;;) hoard.push(new Array(1e5).fill(hoard.length)); });"

    class CrashingBrowser(Browser):
        """Crashes the page's renderer process as soon as the page has parsed."""

        @contextmanager
        def new_page(self, viewport=(1024, 768)):
            with super().new_page(viewport) as page:
                page.add_init_script(fill_heap)
                yield page

    out = write_fake_scene(tmp_path / "crash", neverReady=True)
    with CrashingBrowser(timeout_s=20) as crashing:
        with pytest.raises(RenderError, match="crash"):
            verify_scene(out, crashing, timeout_s=10)
        assert crashing.is_connected  # a renderer crash leaves the browser itself usable


def test_low_contrast_close_up_is_not_blank_but_a_flat_overview_is() -> None:
    from tools.verify.render import _blank_check

    def views(**stds: float) -> dict:
        return {"views": {name: {"std": std, "blank": std < BLANK_STD} for name, std in stds.items()}}

    assert _blank_check(views(hero=30.0, top=25.0, detail1=1.1))["passed"]
    failed = _blank_check(views(hero=0.4, top=25.0, detail1=1.1))
    assert not failed["passed"] and "hero" in failed["evidence"] and "detail1" not in failed["evidence"].split(";")[0]


@pytest.mark.browser
def test_a_page_whose_body_comes_late_is_waited_for_not_failed(browser) -> None:
    """The load waits from the navigation's commit, when the document has no element yet: a body that arrives a
    second after the headers (a loaded machine, a slow disk) must not end the wait with a TypeError."""
    import threading
    import time
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from tools.verify.render import _load

    body = b"<!doctype html><html><body><script>document.documentElement.dataset.dioramaState='ready'</script>"

    class Stalling(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (http.server's name)
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.flush()
            time.sleep(1.0)
            self.wfile.write(body)

        def log_message(self, *args) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Stalling)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with browser.new_page() as page:
            report: dict = {}
            _load(page, f"http://127.0.0.1:{server.server_address[1]}/", 10, report)
        assert report.get("ready") is True and not report.get("error"), report
    finally:
        server.shutdown()
        server.server_close()
