"""The page's interface in Chromium, on a real composed room: object list, focus, hover, reset,
screenshot, keyboard, labels, phone layout, a hostile prompt, and the template-level checks
(tools/verify/template.py), which run here, once per template version, instead of in every scene."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tools.core.report import CheckName
from tools.verify.page import weight_kind
from tools.verify.template import (
    PHONE_SCREENSHOT,
    PHONE_VIEWPORT,
    TEMPLATE_CHECKS,
    focus_target,
    measure_layout,
    phone_layout_problems,
    template_version,
)

HOSTILE_PROMPT = "</script><script>alert(1)</script><img src=x onerror=alert(1)> a red chair"
CHAIRS = 4
# GPU textures the page makes besides images: shadow map, contact-shadow dot, object-ID target, spare, and the
# four 1x1 neutral maps that let plain surfaces share the textured surfaces' shader program (programs.js).
PAGE_OWN_TEXTURES = 8
_READY_JS = "() => ['ready', 'error'].includes(document.documentElement.dataset.dioramaState)"
_STILL_JS = "() => document.documentElement.dataset.dioramaCamera === 'still'"


def compose_dining_room(out: Path, prompt: str) -> None:
    """A real 4x4 m room from tools.page.compose: a table, four chairs around it, a vase on it."""
    from tools.assets.generate import generate
    from tools.core.schema import Environment, ObjectSpec, Placement, ScenePlan
    from tools.page.compose import write_scene

    made = {"chair": generate("chair", color="#c0392b"), "table": generate("table", material="wood"),
            "vase": generate("vase", color="#2e86c1")}
    refs = {key: asset.write_into(out) for key, asset in made.items()}
    plan = ScenePlan(prompt=prompt, seed=0, environment=Environment(kind="indoor", width=4.0, depth=4.0, windows=1),
                     objects=[ObjectSpec(key="chair", category="chair", count=CHAIRS, color="#c0392b", color_name="red"),
                              ObjectSpec(key="table", category="table"), ObjectSpec(key="vase", category="vase")])
    chair, table, vase = made["chair"], made["table"], made["vase"]
    placements = [Placement(id="table_1", spec="table", category="table", asset=table.key, position=(0.0, 0.0, 0.0),
                            size=table.size),
                  Placement(id="vase_1", spec="vase", category="vase", asset=vase.key,
                            position=(0.2, table.size[1], 0.0), size=vase.size, parent="table_1", mount="surface")]
    seats = [((0.0, 0.0, 1.0), 3.14159), ((0.0, 0.0, -1.0), 0.0), ((1.1, 0.0, 0.0), -1.5708), ((-1.1, 0.0, 0.0), 1.5708)]
    for n, (position, yaw) in enumerate(seats, start=1):
        placements.append(Placement(id=f"chair_{n}", spec="chair", category="chair", asset=chair.key,
                                    position=position, yaw=yaw, size=chair.size))
    three_dir = Path(__file__).resolve().parents[1] / "web" / "node_modules" / "three"
    write_scene(out, plan, refs, placements, "page-ui", three_dir)


@pytest.fixture(scope="module")
def browser():
    from tools.verify.browser import Browser

    with Browser() as shared:
        yield shared


@pytest.fixture(scope="module")
def scene_url(tmp_path_factory) -> Iterator[str]:
    from tools.core.static_server import serve_folder

    out = tmp_path_factory.mktemp("dining")
    compose_dining_room(out, "a dining room with four red chairs around a wooden table and a blue vase")
    with serve_folder(out) as base_url:
        yield base_url


def open_page(browser, url: str, viewport: tuple[int, int] = (1024, 768)):
    """A context manager giving a ready page; fails on console errors and dialogs when it closes."""
    from contextlib import contextmanager

    @contextmanager
    def opened():
        with browser.new_page(viewport) as page:
            problems: list[str] = []
            page.on("console", lambda message: message.type == "error" and problems.append(message.text))
            page.on("pageerror", lambda error: problems.append(str(error)))
            page.on("dialog", lambda dialog: (problems.append(f"dialog {dialog.message}"), dialog.dismiss()))
            page.goto(url + "index.html")
            page.wait_for_function(_READY_JS, timeout=90_000)
            assert page.evaluate("() => document.documentElement.dataset.dioramaState") == "ready"
            yield page
            assert problems == []

    return opened()


def pixels(page) -> dict[str, int]:
    return page.evaluate("() => window.diorama.objectPixels()")


def frame_stats(page) -> dict:
    return page.evaluate("() => window.diorama.imageStats()")


@pytest.mark.browser
def test_list_shows_each_kind_once_with_its_count(browser, scene_url) -> None:
    with open_page(browser, scene_url) as page:
        rows = page.eval_on_selector_all(
            "#objects > li > .entry",
            "entries => entries.map(e => [e.dataset.group, e.querySelector('.count').textContent])")
        assert sorted(rows) == sorted([["red chair", f"×{CHAIRS}"], ["table", ""], ["vase", ""]])
        objects = page.evaluate("() => window.diorama.objects()")
        assert {o["id"] for o in objects} == {"table_1", "vase_1", *(f"chair_{n}" for n in range(1, CHAIRS + 1))}
        title = page.evaluate("async () => (await (await fetch('scene.json')).json()).title")
        assert page.text_content("#title") == title and page.title() == f"{title} · Diorama"


@pytest.mark.browser
def test_title_is_derived_from_the_prompt_when_scene_json_has_none(browser, tmp_path) -> None:
    import json

    from tools.core.static_server import serve_folder

    compose_dining_room(tmp_path, "a dining room with four red chairs, a table")
    scene_json = tmp_path / "scene.json"
    scene = {key: value for key, value in json.loads(scene_json.read_text()).items() if key != "title"}
    with serve_folder(tmp_path) as url:
        for prompt, title in [("a dining room with four red chairs, a table", "A dining room with four red chairs"),
                              ("x " * 40, None)]:
            scene_json.write_text(json.dumps({**scene, "prompt": prompt}))
            with open_page(browser, url) as page:
                shown = page.text_content("#title")
                assert shown == title if title else shown.endswith("…")


@pytest.mark.browser
def test_clicking_an_entry_eases_the_camera_onto_that_object(browser, scene_url) -> None:
    with open_page(browser, scene_url) as page:
        before = pixels(page)["vase_1"]
        page.click('#objects [data-group="vase"]')
        page.wait_for_function(_STILL_JS)
        assert pixels(page)["vase_1"] > 3 * max(before, 1)


@pytest.mark.browser
def test_expanded_group_focuses_one_instance(browser, scene_url) -> None:
    with open_page(browser, scene_url) as page:
        before = pixels(page)["chair_2"]
        page.click('#objects li:has([data-group="red chair"]) .more')
        assert page.locator("#objects [data-object-id]").count() == CHAIRS
        page.click('#objects [data-object-id="chair_2"]')
        page.wait_for_function(_STILL_JS)
        assert pixels(page)["chair_2"] > before


@pytest.mark.browser
def test_hover_highlights_the_object_and_leaving_restores_the_frame(browser, scene_url) -> None:
    with open_page(browser, scene_url) as page:
        plain = frame_stats(page)
        page.hover('#objects [data-group="table"]')
        assert frame_stats(page) != plain
        assert pixels(page)["table_1"] > 0  # the overlay stays out of the object-ID pass
        page.mouse.move(900, 700)
        assert frame_stats(page) == plain


@pytest.mark.browser
def test_reset_returns_to_the_hero_view(browser, scene_url) -> None:
    with open_page(browser, scene_url) as page:
        hero = pixels(page)
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("+")
        assert pixels(page) != hero
        page.get_by_role("button", name="Reset view (R)").click()
        page.wait_for_function(_STILL_JS)
        assert same_view(pixels(page), hero)
        assert page.evaluate("() => window.diorama.focus('vase_1')") is True
        assert pixels(page)["vase_1"] > hero["vase_1"]
        assert page.evaluate("() => window.diorama.resetView()") is True
        assert same_view(pixels(page), hero)


def same_view(seen: dict[str, int], hero: dict[str, int]) -> bool:
    """The same objects, each within a pixel or two of the hero's count: the eased return to the hero pose
    ends within float rounding of it, which can move an edge pixel (seen: 27484 against 27483)."""
    return seen.keys() == hero.keys() and all(abs(seen[k] - hero[k]) <= max(2, hero[k] // 1000) for k in hero)


@pytest.mark.browser
def test_snapshot_button_downloads_a_png_of_the_canvas(browser, scene_url) -> None:
    with open_page(browser, scene_url) as page:
        with page.expect_download() as download:
            page.get_by_role("button", name="Download a PNG of the view").click()
        assert download.value.suggested_filename == "page-ui.png"
        with open(download.value.path(), "rb") as png:
            assert png.read(8) == b"\x89PNG\r\n\x1a\n"


@pytest.mark.browser
def test_keyboard_shortcuts(browser, scene_url) -> None:
    with open_page(browser, scene_url) as page:
        hero = pixels(page)
        page.keyboard.press("ArrowUp")
        assert pixels(page) != hero
        page.keyboard.press("r")
        assert pixels(page) == hero
        page.keyboard.press("2")  # the second entry: the vase (scene order: table, vase, chairs)
        page.wait_for_function(_STILL_JS)
        assert pixels(page)["vase_1"] > hero["vase_1"]
        page.keyboard.press("?")
        assert page.is_visible("#help")
        page.keyboard.press("Escape")
        assert not page.is_visible("#help")
        page.keyboard.press("f")
        assert page.evaluate("() => document.fullscreenElement === document.documentElement")
        page.keyboard.press("f")
        page.wait_for_function("() => document.fullscreenElement === null")


_LABEL_BOXES_JS = """ls => ls.filter(l => !l.hidden).map(l => {
  const r = l.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom];
})"""


@pytest.mark.browser
def test_labels_toggle_follow_the_objects_and_never_overlap(browser, scene_url) -> None:
    with open_page(browser, scene_url) as page:
        assert not page.is_visible("#labels")
        page.keyboard.press("l")
        texts = page.eval_on_selector_all("#labels .label", "ls => ls.map(l => l.textContent)")
        assert sorted(texts) == sorted(["table", "vase", *["red chair"] * CHAIRS])
        boxes = page.eval_on_selector_all("#labels .label", _LABEL_BOXES_JS)
        assert len(boxes) >= 3
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]), (a, b)
        chair_label = page.locator("#labels .label:not([hidden])", has_text="red chair").first
        first = chair_label.bounding_box()
        page.keyboard.press("ArrowRight")  # the chairs stand off the orbit's centre, so their labels move
        assert page.locator("#labels .label:not([hidden])", has_text="red chair").first.bounding_box() != first
        page.get_by_role("button", name="Show labels (L)").click()
        assert not page.is_visible("#labels")


@pytest.mark.browser
def test_phone_width_gives_a_bottom_sheet_that_never_overflows(browser, scene_url) -> None:
    with open_page(browser, scene_url, PHONE_VIEWPORT) as page:
        assert page.get_attribute("#panel", "data-collapsed") == "true"
        assert phone_layout_problems(measure_layout(page)) == []
        page.click("#panel .toggle")
        layout = measure_layout(page)
        assert phone_layout_problems(layout) == []
        assert layout["panelHeight"] > 100  # opened, and still under half the screen
        page.click('#objects [data-group="table"]')
        page.wait_for_function(_STILL_JS)


@pytest.mark.browser
def test_interface_hidden_for_the_verifier(browser, scene_url) -> None:
    with open_page(browser, scene_url) as page:
        assert page.is_visible("#panel") and page.is_visible("#views")
        page.evaluate("() => window.diorama.setUiVisible(false)")
        assert not page.is_visible("#panel") and not page.is_visible("#views")


@pytest.mark.browser
def test_hostile_prompt_is_text_and_runs_nothing(browser, tmp_path) -> None:
    from tools.core.static_server import serve_folder

    compose_dining_room(tmp_path, HOSTILE_PROMPT)
    with serve_folder(tmp_path) as url, open_page(browser, url) as page:
        assert page.text_content("#prompt") == HOSTILE_PROMPT
        assert page.locator("#panel img, #panel script").count() == 0
        assert "alert(1)" in page.text_content("#title")


LONG_PROMPT = ("a dining room with four red chairs around a wooden table, a blue vase and "
               + "a-word-with-no-place-to-break-" * 12 + "in it, " * 40)


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.parametrize("prompt", ["a dining room with four red chairs", LONG_PROMPT, HOSTILE_PROMPT],
                         ids=["plain", "long", "hostile"])
def test_template_checks_pass_whatever_text_the_scene_brings(browser, tmp_path, prompt) -> None:
    """phone_layout and ui_focus judge the template; the scene reaches them only as text (prompt, names)."""
    from tools.verify.render import verify_template

    compose_dining_room(tmp_path, prompt)
    checks = verify_template(tmp_path, browser, timeout_s=90)
    assert [check["name"] for check in checks] == [str(name) for name in TEMPLATE_CHECKS]
    assert all(check["passed"] for check in checks), checks
    assert (tmp_path / PHONE_SCREENSHOT).is_file()


@pytest.mark.browser
@pytest.mark.slow
def test_verifier_reports_page_weight_and_runs_no_template_check_per_scene(browser, tmp_path) -> None:
    from tools.verify.render import verify_scene

    compose_dining_room(tmp_path, "a dining room with four red chairs")
    report = verify_scene(tmp_path, browser, timeout_s=90)
    assert all(check["passed"] for check in report["checks"]), report["checks"]
    names = {check["name"] for check in report["checks"]}
    assert not names & set(TEMPLATE_CHECKS) and CheckName.OBJECTS_VISIBLE in names
    assert report["template"] == {"version": template_version(), "checks": ["ui_focus", "phone_layout"],
                                  "tested_in": "tests/test_page_ui.py"}
    assert not (tmp_path / PHONE_SCREENSHOT).exists()
    assert set(report["timings"]) == {"context", "load", "motion", "views"}
    page = report["page"]
    assert page["bytes"]["by_kind"]["page"] > 0 and page["bytes"]["by_kind"]["assets"] > 0
    assert page["bytes"]["total"] == sum(page["bytes"]["by_kind"].values())
    assert page["requests"] >= 6 and page["objectDrawCalls"] >= 1 and page["drawCalls"] >= page["objectDrawCalls"]
    # The chairs' and the table's GLBs embed some images with the same bytes: the page uploads each once.
    images, room_images = asset_images(tmp_path), len(list((tmp_path / "textures").glob("*.png")))
    distinct = len(set(images))
    assert len(images) - distinct >= 3
    assert page["textures"] <= room_images + distinct + PAGE_OWN_TEXTURES, (page["textures"], room_images, distinct)
    # Shader programs: the shadow depth pass, the contact shadows, and one for every opaque surface, textured or
    # plain, asset or room (six before programs.js: each costs SwiftShader about half a second on the first frame).
    assert page["programs"] == 3, page["programs"]
    # Full frames on the canvas before the views: the hero once, posed at the verifier's ?t=0 (a second one cost
    # most of a second under software WebGL), and none for a still scene's motion check.
    assert page["frames"] == 1, page["frames"]


def asset_images(folder: Path) -> list[bytes]:
    """The bytes of every image every asset GLB of ``folder`` embeds."""
    import pygltflib

    found = []
    for path in sorted((folder / "assets").glob("*.glb")):
        gltf = pygltflib.GLTF2().load(str(path))
        blob = gltf.binary_blob()
        for image in gltf.images:
            view = gltf.bufferViews[image.bufferView]
            found.append(blob[view.byteOffset or 0:(view.byteOffset or 0) + view.byteLength])
    return found


def test_focus_target_prefers_the_least_visible_object_that_shows() -> None:
    assert focus_target({"a": 500, "b": 30, "c": 0}, 20) == "b"
    assert focus_target({"a": 0, "b": 0}, 20) == "a"
    assert focus_target({}, 20) is None


def test_weight_kinds() -> None:
    assert [weight_kind(p) for p in ("vendor/three.module.js", "assets/k.glb", "scene.glb", "scene.json", "ui.js")] == [
        "vendor", "assets", "scene_glb", "scene_json", "page"]


def test_template_checks_are_not_among_the_per_scene_checks() -> None:
    from tools.verify.motion import motion_check
    from tools.verify.render import CHECK_NAMES

    assert set(TEMPLATE_CHECKS) == {CheckName.UI_FOCUS, CheckName.PHONE_LAYOUT}
    assert not set(TEMPLATE_CHECKS) & {*CHECK_NAMES, motion_check({})["name"]}
    assert len(template_version()) == 12 and template_version() == template_version()


def test_phone_layout_problems_name_what_is_wrong() -> None:
    good = {"viewport": [390, 844], "scrollWidth": 390, "canvas": [0, 0, 390, 844], "panelHeight": 300,
            "overflowing": [], "std": 40.0}
    assert phone_layout_problems(good) == []
    bad = {**good, "scrollWidth": 500, "canvas": [0, 0, 390, 600], "panelHeight": 600, "overflowing": ["#panel"],
           "std": 0.1}
    assert len(phone_layout_problems(bad)) == 5
