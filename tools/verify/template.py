"""The page template's own checks, run by tests once per template version rather than in every scene.

- `phone_layout`: at a phone's viewport (390x844) nothing overflows sideways, the canvas fills
  the viewport, the panel covers at most half the screen, and the frame is not blank.
- `ui_focus`: clicking an object's entry in the object list (through the real DOM) moves the
  camera onto it: the object's share of the object-ID pass grows.

Both judge the template (index.html, ui.css, ui.js, viewer.js), which is the same bytes in every
scene: scene content reaches the interface only as text in boxes that clip or wrap and as a
list the panel scrolls, and the focus pose is ui.js's own framing. So re-checking them per scene
cost a phone-sized frame, a focus frame and a screenshot per scene (about a third of the
verification) for the same answer; tests/test_page_ui.py runs `verify_template` on composed
rooms with a long and a hostile prompt and many objects, so a template that breaks them fails
the suite. Each report.json names the checks and the template version it relies on
(`template_record`).
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from tools.core.report import CheckName, check
from tools.page.compose import TEMPLATE_DIR
from tools.verify.page import BLANK_STD

if TYPE_CHECKING:
    from playwright.sync_api import Page

TEMPLATE_CHECKS = (CheckName.UI_FOCUS, CheckName.PHONE_LAYOUT)
PHONE_VIEWPORT: tuple[int, int] = (390, 844)
# The panel may cover at most this share of the phone screen's height (a bottom sheet).
MAX_PANEL_HEIGHT_SHARE = 0.5
# Rounding slack, in CSS pixels, when comparing element boxes with the viewport.
LAYOUT_SLACK_PX = 1.0
PHONE_SCREENSHOT = "screenshots/phone.png"
TESTED_IN = "tests/test_page_ui.py"

_CAMERA_STILL_JS = "() => document.documentElement?.dataset.dioramaCamera !== 'moving'"
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

@lru_cache(maxsize=1)
def template_version() -> str:
    """The first 12 hex digits of a SHA-256 over the template's file names and bytes."""
    digest = hashlib.sha256()
    for path in sorted(p for p in TEMPLATE_DIR.rglob("*") if p.is_file()):
        digest.update(path.relative_to(TEMPLATE_DIR).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


def template_record() -> dict:
    """What report.json says of the template-level checks: which, of which template, tested where."""
    return {"version": template_version(), "checks": [str(name) for name in TEMPLATE_CHECKS],
            "tested_in": TESTED_IN}


def template_checks(page: Page, out: Path, min_visible_px: int) -> list[dict]:
    """The TEMPLATE_CHECKS on a ready page at its views' viewport, interface shown: phone layout first,
    then the focus click at phone size (a phone-sized object-ID pass after the click)."""
    views_size = page.viewport_size or {"width": 1, "height": 1}
    hero = page.evaluate("() => window.diorama.objectPixels()")  # the page opens on the hero view
    page.evaluate("() => window.diorama.setUiVisible(true)")
    phone = _phone_check(page, out)
    focus = _focus_check(page, hero, min_visible_px, views_size["width"] * views_size["height"])
    return [focus, phone]


def focus_target(hero_pixels: dict[str, int], min_visible_px: int) -> str | None:
    """The object the focus check clicks: the least visible one that shows at all in the hero view
    (the hardest to see, so the one a person would look for), else the first object."""
    seen = {key: value for key, value in hero_pixels.items() if value >= min_visible_px}
    if seen:
        return min(seen, key=lambda key: (seen[key], key))
    return next(iter(hero_pixels), None)


def _focus_check(page: Page, before: dict[str, int], min_visible_px: int, views_area: int) -> dict:
    """Clicks the entry of the least visible object and compares the share of the view it fills with
    its share in the hero view measured before (the view a visitor first sees); shares compare views
    of different sizes."""
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
    (out / PHONE_SCREENSHOT).parent.mkdir(exist_ok=True)
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
