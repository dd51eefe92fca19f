"""The prompt's requirements judged independently on the world meshes of a scene folder.

The requirement list comes from re-planning the prompt (tools.plan.planner is the
source of what was asked); counts are judged on scene.json's objects, colours
on the asset GLBs' own material base colours, relations on the world mesh
boxes and orientations of tools.evaluate.geometry. These tests are our own,
deliberately simpler and looser than the layout's (tools.layout.relation_checks),
so they measure "did it come out roughly as asked" rather than re-running the
generator's judgement. Tolerances are the named constants below.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from tools.evaluate.geometry import WorldObject
from tools.core.gltf import read_glb
from tools.core.schema import ScenePlan
from tools.core.windows import Window, gap_to_window

ON_TOLERANCE = 0.01  # child bottom to target top
NEXT_TO_MAX_GAP = 1.0  # horizontal gap between boxes
FACING_MAX_ANGLE = math.radians(45)
AROUND_MAX_GAP = 2.5  # each subject's horizontal box gap to the target
AROUND_CENTROID_OFFSET = 1.0  # subjects' centroid to the target's centre, metres (or a quarter of its size)
AGAINST_WALL_MAX_GAP = 0.3
CORNER_MAX_GAP = 0.6
BY_WINDOW_MAX_GAP = 1.0  # footprint to the window's span along its wall
CENTER_SHARE = 0.2  # of the bounds' extent, per axis, from the centre
ALIGN_TOLERANCE = 0.1  # centres within this of one line are one row
EACH_WITH_MAX_GAP = 1.5
FRONT_SHARE = 1 / 3  # 'front': centre in this share of the depth nearest min z
COLOR_TOLERANCE = 0.1  # sRGB distance (0..sqrt(3)) of the closest material to the expected colour

Result = tuple[bool, str]
INSTANCE_SUFFIX = re.compile(r"_\d+$")


def spec_of(object_id: str, spec_keys: set[str]) -> str:
    """The plan key an object id belongs to: 'chair_3' -> 'chair' when 'chair' is a key, else the id itself."""
    if object_id in spec_keys:
        return object_id
    stem = INSTANCE_SUFFIX.sub("", object_id)
    return stem if stem in spec_keys else object_id


def linear_to_srgb(c: float) -> float:
    """Inverse of tools.core.gltf.srgb_to_linear: glTF factors are linear, colour names are sRGB."""
    c = min(max(c, 0.0), 1.0)
    return c * 12.92 if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def hex_rgb(color: str) -> np.ndarray:
    """(3,) sRGB 0..1 of '#rrggbb'; ValueError otherwise."""
    text = color.strip().lstrip("#")
    if not re.fullmatch(r"[0-9a-fA-F]{6}", text):
        raise ValueError(f"not a '#rrggbb' colour: {color!r}")
    return np.array([int(text[i:i + 2], 16) / 255 for i in (0, 2, 4)])


def material_colors(glb_path: Path) -> list[np.ndarray]:
    """(3,) sRGB base colours of every material of a GLB."""
    gltf = read_glb(glb_path.read_bytes())
    colors = []
    for material in gltf.materials:
        pbr = material.pbrMetallicRoughness
        factor = pbr.baseColorFactor if pbr is not None and pbr.baseColorFactor else [1, 1, 1, 1]
        colors.append(np.array([linear_to_srgb(float(v)) for v in factor[:3]]))
    return colors


def _horizontal_gap(a: WorldObject, b: WorldObject) -> float:
    dx = max(0.0, max(a.lo[0], b.lo[0]) - min(a.hi[0], b.hi[0]))
    dz = max(0.0, max(a.lo[2], b.lo[2]) - min(a.hi[2], b.hi[2]))
    return math.hypot(dx, dz)


def _over(a: WorldObject, b: WorldObject) -> bool:
    """a's centre over b's footprint (x, z)."""
    c = a.centre
    return b.lo[0] <= c[0] <= b.hi[0] and b.lo[2] <= c[2] <= b.hi[2]


def _each(subjects: Sequence[WorldObject], ok: Callable[[WorldObject], bool], what: str) -> Result:
    failing = [s.id for s in subjects if not ok(s)]
    if failing:
        return False, f"{len(failing)}/{len(subjects)} not {what}: {', '.join(failing[:5])}"
    return True, f"{len(subjects)}/{len(subjects)} {what}"


def _wall_gaps(o: WorldObject, lo: np.ndarray, hi: np.ndarray) -> tuple[float, float]:
    """(nearest x wall gap, nearest z wall gap) of o's box."""
    return min(o.lo[0] - lo[0], hi[0] - o.hi[0]), min(o.lo[2] - lo[2], hi[2] - o.hi[2])


def _aligned_groups(values: np.ndarray) -> int:
    """How many groups of values lie within ALIGN_TOLERANCE of their neighbours."""
    ordered = np.sort(values)
    return 1 + int(np.count_nonzero(np.diff(ordered) > ALIGN_TOLERANCE)) if len(ordered) else 0


def _angle_to(s: WorldObject, point: np.ndarray) -> float:
    direction = (point - s.position)[[0, 2]]
    fwd = s.forward[[0, 2]]
    norm = np.linalg.norm(direction) * np.linalg.norm(fwd)
    return 0.0 if norm < 1e-9 else math.acos(float(np.clip(direction @ fwd / norm, -1, 1)))


def judge_relation(kind: str, subjects: list[WorldObject], targets: list[WorldObject], bounds: dict,
                   param: int | None, windows: Sequence[dict] = ()) -> Result:
    """(passed, evidence) of one relation kind; subjects/targets are the instances of each plan key;
    windows: scene.json's architecture.windows."""
    lo, hi = np.asarray(bounds["min"], float), np.asarray(bounds["max"], float)
    if kind == "by_window":
        spans = [Window(w["wall"], w["center"][0], w["center"][2], w["width"], w["height"]) for w in windows]
        return _each(subjects, lambda s: any(gap_to_window(w, s.lo[0], s.lo[2], s.hi[0], s.hi[2]) <= BY_WINDOW_MAX_GAP
                                             for w in spans), f"within {BY_WINDOW_MAX_GAP} m of a window")
    if kind == "on":
        return _each(subjects, lambda s: any(abs(s.lo[1] - t.hi[1]) <= ON_TOLERANCE and _over(s, t) for t in targets),
                     "on a target")
    if kind == "next_to":
        return _each(subjects, lambda s: any(_horizontal_gap(s, t) <= NEXT_TO_MAX_GAP for t in targets),
                     f"within {NEXT_TO_MAX_GAP} m of a target")
    if kind in ("in_front_of", "behind"):
        sign = 1 if kind == "in_front_of" else -1
        return _each(subjects, lambda s: any(sign * float((s.centre - t.position) @ t.forward) > 0 for t in targets),
                     f"on a target's {'front' if sign > 0 else 'back'} side")
    if kind == "facing":
        return _each(subjects, lambda s: min(_angle_to(s, t.centre) for t in targets) <= FACING_MAX_ANGLE,
                     f"facing a target within {math.degrees(FACING_MAX_ANGLE):.0f} deg")
    if kind == "around":
        return _around(subjects, targets)
    if kind == "against_wall":
        return _each(subjects, lambda s: min(_wall_gaps(s, lo, hi)) <= AGAINST_WALL_MAX_GAP,
                     f"within {AGAINST_WALL_MAX_GAP} m of a wall")
    if kind == "in_corner":
        return _each(subjects, lambda s: max(_wall_gaps(s, lo, hi)) <= CORNER_MAX_GAP,
                     f"within {CORNER_MAX_GAP} m of two walls")
    if kind == "center":
        mid, size = (lo + hi) / 2, hi - lo
        return _each(subjects, lambda s: all(abs(s.centre[i] - mid[i]) <= CENTER_SHARE * size[i] for i in (0, 2)),
                     "near the centre")
    if kind == "above":
        return _each(subjects, lambda s: any(s.lo[1] >= t.hi[1] - ON_TOLERANCE and _horizontal_gap(s, t) == 0.0
                                             for t in targets), "above a target")
    if kind in ("row", "grid"):
        return _aligned(kind, subjects, param)
    if kind == "stacked":
        return _stacked(subjects)
    if kind == "each_with":
        return _each(targets, lambda t: any(_horizontal_gap(s, t) <= EACH_WITH_MAX_GAP for s in subjects),
                     f"targets with a subject within {EACH_WITH_MAX_GAP} m")
    if kind == "front":
        return _each(subjects, lambda s: s.centre[2] <= lo[2] + FRONT_SHARE * (hi[2] - lo[2]), "at the front")
    return False, f"unknown relation kind {kind!r}"


def _span(obj: WorldObject) -> float:
    """Largest horizontal extent of an object's world box, metres."""
    return float(max(obj.hi[0] - obj.lo[0], obj.hi[2] - obj.lo[2]))


def _around(subjects: list[WorldObject], targets: list[WorldObject]) -> Result:
    if not targets:
        return False, "no target"
    target = targets[0]
    centroid = np.mean([s.centre for s in subjects], axis=0)
    offset = float(np.linalg.norm((centroid - target.centre)[[0, 2]]))
    allowed = max(AROUND_CENTROID_OFFSET, 0.25 * float(max(target.hi[0] - target.lo[0], target.hi[2] - target.lo[2])))
    # Big things (houses round a well) stand further off than chairs round a table: the gap scales with size.
    near, evidence = _each(subjects, lambda s: _horizontal_gap(s, target) <= max(AROUND_MAX_GAP, 0.5 * _span(s)),
                           f"within max({AROUND_MAX_GAP} m, half its own width) of {target.id}")
    passed = near and offset <= allowed
    return passed, f"centroid {offset:.2f} m from {target.id} (<= {allowed:.2f}); {evidence}"


def _aligned(kind: str, subjects: list[WorldObject], param: int | None) -> Result:
    if len(subjects) < 2:
        return True, "a single instance is trivially aligned"
    xs, zs = np.array([s.centre[0] for s in subjects]), np.array([s.centre[2] for s in subjects])
    nx, nz = _aligned_groups(xs), _aligned_groups(zs)
    n = len(subjects)
    lattice = n <= nx * nz < n + max(nx, nz)  # every line full but perhaps the last
    if kind == "row" and param is None:  # "in rows": any number of full rows
        return lattice, f"{nx} distinct x and {nz} distinct z lines for {n} instances (rows asked: any)"
    if kind == "row":
        passed = min(nx, nz) <= param
        return passed, f"{nx} distinct x and {nz} distinct z lines for {n} instances (rows asked: {param})"
    passed = min(nx, nz) >= 2 and n <= nx * nz <= n + max(nx, nz)
    return passed, f"{nx} x {nz} grid lines for {n} instances"


def _stacked(subjects: list[WorldObject]) -> Result:
    ordered = sorted(subjects, key=lambda s: s.lo[1])
    for lower, upper in zip(ordered, ordered[1:]):
        if abs(upper.lo[1] - lower.hi[1]) > ON_TOLERANCE or not _over(upper, lower):
            return False, f"{upper.id} is not on {lower.id} (bottom {upper.lo[1]:.3f} vs top {lower.hi[1]:.3f})"
    return True, f"{len(ordered)} instances each on the previous"


def judge_requirements(plan: ScenePlan, folder: Path, scene: dict, objects: list[WorldObject]) -> list[dict]:
    """[{id, kind, description, passed, evidence}] for the plan's count, colour and relation requirements."""
    keys = {spec.key for spec in plan.objects}
    by_key: dict[str, list[WorldObject]] = {}
    for obj in objects:
        by_key.setdefault(spec_of(obj.id, keys), []).append(obj)
    asset_of = {str(entry["id"]): entry["asset"] for entry in scene.get("objects", [])}
    results = []
    for req in plan.requirements:
        subjects = by_key.get(req.subject or "", [])
        if req.kind == "count":
            passed, evidence = len(subjects) == req.expected, f"{len(subjects)} found, {req.expected} asked"
        elif req.kind == "color":
            passed, evidence = _judge_color(str(req.expected), subjects, folder, asset_of)
        elif req.kind == "relation":
            kind = req.id.split(":")[1]
            targets = by_key.get(req.target or "", [])
            if not subjects or (req.target and not targets):
                passed, evidence = False, f"missing {req.subject if not subjects else req.target!r}"
            else:
                param = req.expected if isinstance(req.expected, int) else None
                passed, evidence = judge_relation(kind, subjects, targets, scene["bounds"], param,
                                                  scene.get("architecture", {}).get("windows", []))
        else:
            continue
        results.append({"id": req.id, "kind": req.kind, "description": req.description,
                        "passed": bool(passed), "evidence": evidence})
    return results


def _judge_color(expected: str, subjects: list[WorldObject], folder: Path, asset_of: dict[str, str]) -> Result:
    if not subjects:
        return False, "no instance to look at"
    want = hex_rgb(expected)
    distances = []
    for obj in subjects:
        colors = material_colors(folder / asset_of[obj.id])
        distances.append(min((float(np.linalg.norm(c - want)) for c in colors), default=math.inf))
    worst = max(distances)
    return worst <= COLOR_TOLERANCE, f"closest material colour {worst:.3f} from {expected} (sRGB distance, worst instance)"
