"""Verification of the page as people use it, in the page load the verifier already made.

After the views are judged (with the interface hidden), the interface is shown and
checked through the real DOM:

- `ui_focus`: clicking an object's entry in the object list moves the camera onto
  it: the object's pixels in the object-ID pass grow (or it appears at all).
- `phone_layout`: at a phone's viewport (390x844, set on the same page rather than
  a second load) nothing overflows sideways, the canvas fills the viewport, the
  panel covers at most half the screen, and the frame is not blank.

It also sums what the page downloaded (`PageWeight`) into report["page"] with the
page's draw calls, triangles and load time.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from tools.core.report import CheckName, check

if TYPE_CHECKING:
    from playwright.sync_api import Page

PHONE_VIEWPORT: tuple[int, int] = (390, 844)
# The panel may cover at most this share of the phone screen's height (a bottom sheet).
MAX_PANEL_HEIGHT_SHARE = 0.5
# Rounding slack, in CSS pixels, when comparing element boxes with the viewport.
LAYOUT_SLACK_PX = 1.0
BLANK_STD = 2.0  # a screenshot whose pixel standard deviation is below this shows nothing
PHONE_SCREENSHOT = "screenshots/phone.png"
WEIGHT_KINDS = ("vendor", "assets", "scene_glb", "scene_json", "page")

_HAS_UI_JS = "() => typeof window.diorama.focus === 'function' && typeof window.diorama.setUiVisible === 'function'"
_CAMERA_STILL_JS = "() => document.documentElement.dataset.dioramaCamera !== 'moving'"
_NEXT_FRAME_JS = "() => new Promise((resolve) => requestAnimationFrame(() => resolve(true)))"
_PHONE_LAYOUT_JS = """() => {
  const vw = window.innerWidth, vh = window.innerHeight;
  const box = (el) => el ? el.getBoundingClientRect() : null;
  const canvas = box(document.querySelector('#stage canvas'));
  const panel = box(document.getElementById('panel'));
  // Inside a box that clips or scrolls (labels layer, panel, view buttons) an element cannot widen the page.
  const clipped = (el) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      if (getComputedStyle(p).overflowX !== 'visible') return true;
    }
    return false;
  };
  const overflowing = [...document.body.querySelectorAll('*')].filter((el) => {
    if (clipped(el)) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && (r.right > vw + SLACK || r.left < -SLACK);
  }).map((el) => el.id ? '#' + el.id : el.tagName.toLowerCase() + (el.className ? '.' + el.className : ''));
  return {
    viewport: [vw, vh], scrollWidth: document.documentElement.scrollWidth,
    canvas: canvas && [canvas.left, canvas.top, canvas.width, canvas.height],
    panelHeight: panel ? panel.height : 0, overflowing: overflowing.slice(0, 5),
    std: window.diorama.imageStats().std,
  };
}"""


class PageWeight:
    """Bytes and requests of every response the page got from its own folder, by kind."""

    def __init__(self, page: Page, base_url: str, folder: Path) -> None:
        self.base_url = base_url
        self.folder = folder
        self.by_kind: dict[str, int] = dict.fromkeys(WEIGHT_KINDS, 0)
        self.requests = 0
        page.on("response", self._on_response)

    def _on_response(self, response: Any) -> None:
        if not response.url.startswith(self.base_url) or response.status >= 400:
            return
        relative = urlsplit(response.url).path.lstrip("/")
        self.requests += 1
        self.by_kind[weight_kind(relative)] += self._size(response, relative)

    def _size(self, response: Any, relative: str) -> int:
        """Content-Length as sent (no extra round trip to the browser), else the file on disk."""
        length = response.headers.get("content-length")
        if length is not None and length.isdigit():
            return int(length)
        path = self.folder / relative
        return path.stat().st_size if path.is_file() else 0

    def summary(self) -> dict:
        """The page's weight as JSON: total and per-kind bytes, and the requests."""
        return {"bytes": {"total": sum(self.by_kind.values()), "by_kind": dict(self.by_kind)}, "requests": self.requests}


def weight_kind(relative: str) -> str:
    """Which of WEIGHT_KINDS a file of the scene folder counts as."""
    if relative.startswith("vendor/"):
        return "vendor"
    if relative.startswith("assets/"):
        return "assets"
    if relative == "scene.glb":
        return "scene_glb"
    if relative == "scene.json":
        return "scene_json"
    return "page"


def hide_ui(page: Page) -> None:
    """Hides the interface so the verifier's pictures show only the scene (pages without one are left alone)."""
    page.evaluate("() => window.diorama.setUiVisible?.(false)")


def verify_experience(page: Page, out: Path, report: dict, weight: PageWeight, min_visible_px: int) -> None:
    """Fills report["page"] and report["experience"] {checks, seconds | skipped} on a ready page."""
    started = time.perf_counter()
    report["page"] = {**weight.summary(), **_page_info(report.get("info") or {})}
    if not page.evaluate(_HAS_UI_JS):
        report["experience"] = {"checks": [], "skipped": "the page has no interface API (focus, setUiVisible)"}
        return
    page.evaluate("() => window.diorama.setUiVisible(true)")
    views_size = page.viewport_size or {"width": 1, "height": 1}
    # Phone first, then the focus click on the phone: the object-ID pass after the click then costs
    # a phone-sized frame (about 40% of the views' pixels) rather than another full one.
    phone = _phone_check(page, out)
    focus = _focus_check(page, report, min_visible_px, views_size["width"] * views_size["height"])
    checks = [focus, phone]
    report["experience"] = {"checks": checks, "seconds": round(time.perf_counter() - started, 3)}


def _page_info(info: dict) -> dict:
    keys = ("drawCalls", "objectDrawCalls", "triangles", "loadMs")
    return {key: info.get(key) for key in keys}


def focus_target(hero_pixels: dict[str, int], min_visible_px: int) -> str | None:
    """The object the focus check clicks: the least visible one that shows at all in the hero view
    (the hardest to see, so the one a person would look for), else the first object."""
    seen = {key: value for key, value in hero_pixels.items() if value >= min_visible_px}
    if seen:
        return min(seen, key=lambda key: (seen[key], key))
    return next(iter(hero_pixels), None)


def _focus_check(page: Page, report: dict, min_visible_px: int, views_area: int) -> dict:
    """Clicks the entry of the least visible object and compares the share of the view it fills with
    its share in the hero view the verifier already measured (the view a visitor first sees), so no
    extra object-ID pass is drawn before the click; shares compare views of different sizes."""
    before = report["views"]["hero"]["object_pixels"] if "hero" in report["views"] else {}
    target = focus_target(before, min_visible_px)
    if target is None:
        return check(CheckName.UI_FOCUS, True, "no objects to focus")
    page.emulate_media(reduced_motion="reduce")  # the camera jumps: no waiting for the ease
    name = _click_entry(page, target)
    page.wait_for_function(_CAMERA_STILL_JS)
    after = page.evaluate("() => window.diorama.objectPixels()").get(target, 0)
    size = page.viewport_size or {"width": 1, "height": 1}
    share_before, share_after = before[target] / views_area, after / (size["width"] * size["height"])
    grew = share_after > share_before and after >= min_visible_px
    return check(CheckName.UI_FOCUS, grew, f"clicked {name!r} ({target}): {share_before:.2%} -> {share_after:.2%} "
                  f"of the view ({before[target]} -> {after} object-ID pixels)")


def _click_entry(page: Page, object_id: str) -> str:
    """Clicks the list entry of `object_id` (expanding its group when it has several); returns its text."""
    if page.get_attribute("#panel", "data-collapsed") == "true":
        page.click("#panel .toggle")
    group = next(o["name"] for o in page.evaluate("() => window.diorama.objects()") if o["id"] == object_id)
    item = page.locator("#objects > li").filter(has=page.locator(f"[data-group={json.dumps(group)}]"))
    entry = item.locator(f"[data-object-id={json.dumps(object_id)}]")
    if item.locator(".more").count():
        item.locator(".more").click()
    else:
        entry = item.locator(".entry").first
    text = entry.locator(".name").inner_text().strip()
    entry.click()
    return text


def _phone_check(page: Page, out: Path) -> dict:
    width, height = PHONE_VIEWPORT
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate(_NEXT_FRAME_JS)
    page.evaluate("() => window.diorama.resetView()")
    page.mouse.move(0, 0)  # off the panel: a hovered entry would tint its object in the picture
    layout = measure_layout(page)
    page.screenshot(path=str(out / PHONE_SCREENSHOT), type="png", animations="disabled", caret="hide")
    problems = phone_layout_problems(layout)
    evidence = "; ".join(problems) if problems else (
        f"{width}x{height}: canvas fills the viewport, panel {layout['panelHeight']:.0f}px high, "
        f"no sideways overflow; {PHONE_SCREENSHOT}")
    return check(CheckName.PHONE_LAYOUT, not problems, evidence)


def measure_layout(page: Page) -> dict:
    """The page's layout as the phone check judges it: viewport, scrollWidth, canvas box, panel height,
    elements outside the viewport, and the frame's luminance std."""
    return page.evaluate(_PHONE_LAYOUT_JS.replace("SLACK", str(LAYOUT_SLACK_PX)))


def phone_layout_problems(layout: dict) -> list[str]:
    """What is wrong with a measured phone layout (see _PHONE_LAYOUT_JS for its fields); [] when fine."""
    width, height = layout["viewport"]
    problems = []
    if layout["scrollWidth"] > width + LAYOUT_SLACK_PX:
        problems.append(f"page is {layout['scrollWidth']}px wide in a {width}px viewport")
    if layout["overflowing"]:
        problems.append(f"outside the viewport: {', '.join(layout['overflowing'])}")
    canvas = layout["canvas"]
    if canvas is None or any(abs(a - b) > LAYOUT_SLACK_PX for a, b in zip(canvas, (0, 0, width, height))):
        problems.append(f"canvas at {canvas} does not fill {width}x{height}")
    if layout["panelHeight"] > MAX_PANEL_HEIGHT_SHARE * height + LAYOUT_SLACK_PX:
        problems.append(f"panel {layout['panelHeight']:.0f}px high covers over half of {height}px")
    if layout["std"] < BLANK_STD:
        problems.append(f"frame is blank at phone width (std {layout['std']:.2f})")
    return problems
