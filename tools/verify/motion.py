"""The `motion` check: with the page's deterministic clock, what should move moves and nothing else does.

Like three.js's own screenshot tests, which inject a clock rather than wait,
the page is opened frozen (index.html?t=0) and drawn at two instants from
the same camera (the hero view). The page compares the two frames itself
(``window.diorama.motionChanges``: per object, pixels whose object id changed
in the object-ID pass, and pixels that kept their id but changed colour, so a
glowing screen counts) and returns only counts, which keeps the check to a few
hundred milliseconds.

A static scene (no behaviours, and the page animates nothing: no weather) is not drawn twice: nothing in
it is tied to the clock, so two identical frames are the template's property, not the scene's, and
STILLNESS_TESTED_IN checks it per template version (four frames saved, 0.4-1.5 s of software rendering
with textured, normal-mapped rooms).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING

from tools.core.report import CheckName, check

if TYPE_CHECKING:
    from playwright.sync_api import Page

MOTION_TIMES: tuple[float, float] = (0.0, 0.5)  # seconds: half a second moves every behaviour visibly
# Pixel counts are of the verifier's 512x384 views (tools.verify.render.VIEWPORT): 5 there is the
# share of the frame 20 pixels were of 1024x768.
# A moving object must change at least this many pixels, or this share of its own pixels if smaller
# (a tuft of grass swaying one degree changes a few pixels, a carousel thousands).
MIN_MOVING_PIXELS = 5
MIN_MOVING_SHARE = 0.02
# Pixels a still object may change in the object-ID pass (not counting where a moving object covers it).
MAX_STILL_PIXELS = 0
MIN_JUDGED_PIXELS = 5  # an object with fewer pixels in the hero view is too small to judge there
# A part that only flickers or ripples (a candle's flame) changes its outline by a share of its size: at 7
# pixels (about 2 x 3) a flicker between the two instants moves no pixel edge, so such a part is judged from
# this size up, about 5 x 6 pixels.
MIN_JUDGED_PART_PIXELS = 30
EVIDENCE_ITEMS = 4
STILLNESS_TESTED_IN = "tests/test_motion.py"
_HAS_MOTION_JS = "() => typeof window.diorama === 'object' && typeof window.diorama?.motionChanges === 'function'"


def inspect_motion(page: Page, out: Path) -> dict:
    """Frames at MOTION_TIMES from the view the page opened with (hero), compared per object; the page is
    left frozen at the first time. Run before the views, so no extra camera move is drawn."""
    started = time.perf_counter()
    if not page.evaluate(_HAS_MOTION_JS):
        return {"skipped": "the page has no motion API (window.diorama.motionChanges)"}
    animated = bool(page.evaluate("() => window.diorama.animated === true"))
    expected = _behaviour_targets(out)
    if not animated and not expected:
        return {"skipped": f"static scene: no behaviours and nothing animated; stillness is the template's, "
                           f"tested in {STILLNESS_TESTED_IN}", "animated": False}
    changes = page.evaluate("([t0, t1]) => window.diorama.motionChanges(t0, t1)", list(MOTION_TIMES))
    return {
        "animated": animated,
        "times": list(MOTION_TIMES),
        "expected_moving": sorted(expected),
        "part_moving": sorted(_behaviour_targets(out, parts_only=True)),
        "objects": changes["objects"],
        "frame_changed_pixels": int(changes["frameChangedPixels"]),
        "frame_pixels": int(changes["framePixels"]),
        "seconds": round(time.perf_counter() - started, 3),
    }


def motion_checks(report: dict) -> list[dict]:
    """[] for a page without the motion API (a hand-made test page) or a static scene, else the one `motion`
    check."""
    motion = report.get("motion")
    return [] if motion and "skipped" in motion else [motion_check(report)]


def motion_check(report: dict) -> dict:
    """The motion check (tools.core.report.check) from inspect_motion's result in report['motion']."""
    motion = report.get("motion")
    if not motion:
        return _check(False, "not measured: the page did not get that far")
    expected = set(motion["expected_moving"])
    if not expected:
        moved = sorted(i for i, o in motion["objects"].items() if o["idChanged"] > MAX_STILL_PIXELS)
        if moved:
            return _check(False, f"no behaviours, yet objects moved: {_quote(moved, motion['objects'])}")
        if motion["animated"]:  # snow or rain falls; the objects (checked above) stay
            return _check(True, "only the weather moves; every object's pixels unchanged between t=0 and t=0.5 s")
        still = motion["frame_changed_pixels"] == 0
        return _check(still, "static scene: frames at t=0 and t=0.5 s are identical" if still else
                      f"static scene, yet {motion['frame_changed_pixels']} pixels changed between t=0 and t=0.5 s")
    # An object whose behaviours all move a part (a candle's flame) is judged by that part's pixels alone.
    parts_only = set(motion.get("part_moving", ()))
    by_part = {i for i, o in motion["objects"].items() if i in parts_only and "part" in o}
    counted = {i: (o["part"] if i in by_part else o) for i, o in motion["objects"].items()}
    judged = {i: o for i, o in counted.items()
              if o["pixels"] >= (MIN_JUDGED_PART_PIXELS if i in by_part else MIN_JUDGED_PIXELS)}
    frozen = sorted(i for i in expected & set(judged) if not _moved(judged[i]))
    drifting = sorted(i for i, o in judged.items() if i not in expected and o["idChanged"] > MAX_STILL_PIXELS)
    moving = len(expected & set(judged)) - len(frozen)
    evidence = (f"{moving}/{len(expected & set(judged))} moving objects changed between t=0 and t=0.5 s "
                f"({len(expected - set(judged))} too small in the hero view to judge); "
                f"{len(judged) - len(expected & set(judged)) - len(drifting)} still objects unchanged")
    if frozen:
        evidence += f"; did not move: {_quote(frozen, counted)}"
    if drifting:
        evidence += f"; moved without a behaviour: {_quote(drifting, counted)}"
    return _check(not frozen and not drifting and motion["animated"], evidence)


def _moved(counts: dict) -> bool:
    changed = counts["idChanged"] + counts["colorChanged"]
    return changed >= min(MIN_MOVING_PIXELS, max(1, MIN_MOVING_SHARE * counts["pixels"]))


def _quote(ids: list[str], counts: dict) -> str:
    shown = [f"{i} ({counts[i]['idChanged']}+{counts[i]['colorChanged']} px)" for i in ids[:EVIDENCE_ITEMS]]
    return ", ".join(shown) + (f" (+{len(ids) - EVIDENCE_ITEMS} more)" if len(ids) > EVIDENCE_ITEMS else "")


def _behaviour_targets(out: Path, parts_only: bool = False) -> set[str]:
    """Objects with a behaviour; with ``parts_only``, those whose every behaviour moves a named part."""
    try:
        scene = json.loads((Path(out) / "scene.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return set()
    behaviours = [b for b in scene.get("behaviours") or [] if isinstance(b, dict) and "target" in b]
    targets = {str(b["target"]) for b in behaviours}
    if parts_only:
        targets -= {str(b["target"]) for b in behaviours if not b.get("part")}
    return targets


def _check(passed: bool, evidence: str) -> dict:
    return check(CheckName.MOTION, passed, evidence)
