"""Checks on a finished layout: hard constraint violations, and the plan's requirements (counts, colours, relations).

Both read only placements (and the plan), so they judge any layout, the
solver's or a repaired one. Tolerances are named constants.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from tools.core.geometry import footprint, rects_overlap, triple, world_aabb
from tools.core.report import CheckName, check
from tools.core.schema import Placement, Requirement, ScenePlan
from tools.core.windows import windows_of
from tools.knowledge.holding import hold_heights
from tools.layout.openings import WINDOW, blockers, reserve_openings
from tools.layout.relation_kinds import RELATIONS
from tools.layout.relation_kinds.checking import placement_under
from tools.layout.relation_kinds.spec import Room
from tools.layout.solver import room_bounds
from tools.layout.space import Box, Space
from tools.layout.walkable import measure

COLLISION_TOLERANCE = 0.005  # metres of interpenetration forgiven (mesh vs box slop)
COLOR_TOLERANCE = 0.08  # RGB distance (0..sqrt(3)) under which two colours count as the same
# constraint_violations' key -> the check it fails (passed when that list is empty)
VIOLATION_CHECKS = {
    "collisions": CheckName.NO_COLLISIONS,
    "out_of_bounds": CheckName.IN_BOUNDS,
    "floating": CheckName.SUPPORTED,
}


def _aabbs(placements: Sequence[Placement]) -> tuple[np.ndarray, np.ndarray]:
    """(n, 3) minima and (n, 3) maxima of the world boxes."""
    boxes = [world_aabb(p.position, p.size, p.yaw) for p in placements]
    if not boxes:
        return np.zeros((0, 3)), np.zeros((0, 3))
    return np.array([b[0] for b in boxes]), np.array([b[1] for b in boxes])


def _collisions(placements: Sequence[Placement], lo: np.ndarray, hi: np.ndarray, tolerance: float) -> list[tuple[str, str]]:
    """Pairs whose oriented 3D boxes interpenetrate by more than ``tolerance``; a child and its parent never collide,
    nor a thing in the clear space measured under another (a cat between a table's legs)."""
    n = len(placements)
    if n < 2:
        return []
    overlap = np.all((np.minimum(hi[:, None, :], hi[None, :, :]) - np.maximum(lo[:, None, :], lo[None, :, :])) > tolerance, axis=2)
    pairs = []
    for i, j in zip(*np.nonzero(np.triu(overlap, k=1))):
        a, b = placements[i], placements[j]
        if a.parent == b.id or b.parent == a.id or placement_under(a, b) or placement_under(b, a):
            continue
        if rects_overlap(footprint(a.position, a.size, a.yaw), footprint(b.position, b.size, b.yaw), tolerance):
            pairs.append((a.id, b.id))
    return pairs


def _supported(p: Placement, by_id: dict[str, Placement], bounds_lo: np.ndarray, bounds_hi: np.ndarray,
               box_lo: np.ndarray, box_hi: np.ndarray, tolerance: float) -> bool:
    if p.mount == "air" and p.parent is None:  # floats by design (birds, balloons, planets); bounds keep it above the floor
        return box_lo[1] >= bounds_lo[1] - tolerance
    if p.mount == "ceiling" and p.parent is None:
        return abs(box_hi[1] - bounds_hi[1]) <= tolerance
    if p.mount == "wall" and p.parent is None:
        gaps = [box_lo[0] - bounds_lo[0], bounds_hi[0] - box_hi[0], box_lo[2] - bounds_lo[2], bounds_hi[2] - box_hi[2]]
        return min(gaps) <= tolerance
    if p.parent is None:
        return abs(p.position[1] - bounds_lo[1]) <= tolerance
    parent = by_id.get(p.parent)
    if parent is not None and _held(p, parent, tolerance):
        return True
    if parent is None or abs(p.position[1] - (parent.position[1] + parent.size[1])) > tolerance:
        return False
    corners = footprint(p.position, p.size, p.yaw)
    c, s = math.cos(parent.yaw), math.sin(parent.yaw)
    rel = corners - (parent.position[0], parent.position[2])
    local_x, local_z = rel[:, 0] * c - rel[:, 1] * s, rel[:, 0] * s + rel[:, 1] * c
    return bool(np.all(np.abs(local_x) <= parent.size[0] / 2 + tolerance) and np.all(np.abs(local_z) <= parent.size[2] / 2 + tolerance))


def _held(p: Placement, parent: Placement, tolerance: float) -> bool:
    """Whether ``p`` stands where its parent holds things (a board inside a bookshelf, a crate's open top), its
    middle over the parent's footprint."""
    heights = hold_heights(parent.category, parent.position[1], parent.size[1], p.size[1])
    if not any(abs(p.position[1] - y) <= tolerance for y in heights):
        return False
    c, s = math.cos(parent.yaw), math.sin(parent.yaw)
    dx, dz = p.position[0] - parent.position[0], p.position[2] - parent.position[2]
    return abs(dx * c - dz * s) <= parent.size[0] / 2 + tolerance and abs(dx * s + dz * c) <= parent.size[2] / 2 + tolerance


def constraint_violations(placements: Sequence[Placement], bounds, tolerance: float = COLLISION_TOLERANCE) -> dict:
    """Hard-constraint failures of a layout.

    bounds: (min (3,), max (3,)) of the allowed space.
    Returns {"collisions": [(id, id), ...], "out_of_bounds": [id, ...], "floating": [id, ...]}.
    """
    bounds_lo, bounds_hi = np.asarray(bounds[0], dtype=float), np.asarray(bounds[1], dtype=float)
    lo, hi = _aabbs(placements)
    by_id = {p.id: p for p in placements}
    out_of_bounds = [p.id for p, a, b in zip(placements, lo, hi)
                     if np.any(a < bounds_lo - tolerance) or np.any(b > bounds_hi + tolerance)]
    floating = [p.id for p, a, b in zip(placements, lo, hi)
                if not _supported(p, by_id, bounds_lo, bounds_hi, a, b, tolerance)]
    return {"collisions": _collisions(placements, lo, hi, tolerance), "out_of_bounds": out_of_bounds, "floating": floating}


def _layout_space(plan: ScenePlan, placements: Sequence[Placement]) -> Space:
    """The placements' boxes in the room, its openings reserved as the solver reserves them."""
    space = Space(*room_bounds(plan.environment), True, 1.0)
    reserve_openings(space, plan.environment)
    for p in placements:
        space.add(Box(p.id, p.spec, p.category, *p.position, p.yaw, *p.size, p.parent, p.mount, p.variant))
    return space


def navigability_check(plan: ScenePlan, placements: Sequence[Placement]) -> dict:
    """The navigability check of an indoor layout (tools/layout/walkable.py on its boxes): failed with the
    share and the unreachable ids (things and doors) when the room splits or a used side or door is cut off;
    outdoors it passes."""
    if plan.environment.kind != "indoor":
        return check(CheckName.NAVIGABILITY, True, "outdoors: open ground")
    walkability = measure(_layout_space(plan, placements))
    record = check(CheckName.NAVIGABILITY, walkability.ok, walkability.describe())
    return {**record, "share": walkability.share, "unreachable": list(walkability.unreachable)}


def opening_clearance_check(plan: ScenePlan, placements: Sequence[Placement]) -> dict:
    """The opening-clearance check of an indoor layout (tools/layout/openings.py zones): failed, naming them,
    when something stands in a door's swing or tall in front of a window, or the walkable floor misses a door;
    ``openings`` lists each zone's blockers (and, for a door, whether it is reached). Outdoors it passes."""
    if plan.environment.kind != "indoor":
        return check(CheckName.OPENING_CLEARANCE, True, "outdoors: no doors or windows")
    space = _layout_space(plan, placements)
    unreached = set(measure(space).unreachable)
    openings: list[dict] = []
    for zone in space.reserved.values():
        entry = {"id": zone.id, "blocked_by": blockers(zone, space.boxes.values(), COLLISION_TOLERANCE)}
        openings.append(entry if zone.category == WINDOW else {**entry, "reached": zone.id not in unreached})
    faults = [f"{o['id']} blocked by {', '.join(o['blocked_by'])}" for o in openings if o["blocked_by"]]
    faults += [f"{o['id']} not reached by the walkable floor" for o in openings if o.get("reached") is False]
    doors = sum("reached" in o for o in openings)
    evidence = "; ".join(faults) or f"{doors} door(s) and {len(openings) - doors} window(s) clear, every door reached"
    return {**check(CheckName.OPENING_CLEARANCE, not faults, evidence), "openings": openings}


def _hex_rgb(color: str) -> tuple[float, float, float] | None:
    text = color.strip().lstrip("#")
    if len(text) == 3:
        text = "".join(ch * 2 for ch in text)
    if len(text) != 6:
        return None
    try:
        return triple(int(text[i:i + 2], 16) / 255 for i in (0, 2, 4))
    except ValueError:
        return None


def _check_count(plan: ScenePlan, req: Requirement, placements: Sequence[Placement]) -> tuple[bool, str]:
    expected = req.expected if isinstance(req.expected, int) else _spec_count(plan, req.subject)
    found = sum(1 for p in placements if p.spec == req.subject)
    return found == expected, f"{found} placed instance(s) of {req.subject!r}, expected {expected}"


def _spec_count(plan: ScenePlan, key: str | None) -> int | None:
    try:
        return plan.spec(key).count if key else None
    except KeyError:
        return None


def _check_color(plan: ScenePlan, req: Requirement, colors: dict[str, str | None]) -> tuple[bool, str]:
    expected = req.expected if isinstance(req.expected, str) and _hex_rgb(req.expected) else None
    if expected is None and req.subject:
        try:
            expected = plan.spec(req.subject).color
        except KeyError:
            expected = None
    actual = colors.get(req.subject) if req.subject else None
    if expected is None:
        return False, f"no expected colour known for {req.subject!r}"
    if actual is None:
        return False, f"asset of {req.subject!r} was generated without a colour (expected {expected})"
    a, b = _hex_rgb(actual), _hex_rgb(expected)
    if a is None:
        return False, f"asset colour {actual!r} of {req.subject!r} is not a hex colour"
    if b is None:
        return False, f"expected colour {expected!r} of {req.subject!r} is not a hex colour"
    distance = math.dist(a, b)
    return distance <= COLOR_TOLERANCE, f"asset colour {actual} vs expected {expected} (RGB distance {distance:.3f})"


def _relation_kind(plan: ScenePlan, req: Requirement) -> str | None:
    """The kind the requirement's id names ('relation:<kind>:<subject>:<target>'), else its plan relation's."""
    named = req.id.split(":")[1] if req.id.startswith("relation:") else req.expected
    if named in RELATIONS:
        return named
    for r in plan.relations:
        if r.subject == req.subject and r.target == req.target:
            return r.kind
    return None


def _check_relation(plan: ScenePlan, req: Requirement, placements: Sequence[Placement]) -> tuple[bool, str]:
    kind = _relation_kind(plan, req)
    if kind is None:
        return False, f"no relation between {req.subject!r} and {req.target!r} in the plan"
    subjects = [p for p in placements if p.spec == req.subject]
    targets = [p for p in placements if p.spec == req.target] if req.target else []
    if not subjects:
        return False, f"no placed {req.subject!r}"
    if req.target and not targets:
        return False, f"no placed {req.target!r}"
    param = next((r.param for r in plan.relations if r.subject == req.subject and r.kind == kind), None)
    room = Room(*room_bounds(plan.environment), windows_of(plan.environment))
    return RELATIONS[kind].check(subjects, targets, room, param)


def check_requirements(plan: ScenePlan, placements: Sequence[Placement], colors: dict[str, str | None]) -> list[Requirement]:
    """The plan's requirements with ``passed`` and ``evidence`` filled for counts, colours and relations.

    colors: ObjectSpec.key -> the colour ('#rrggbb') its asset was generated with, or None.
    Requirements of other kinds (render, visibility) are returned unchanged.
    """
    checked = []
    for req in plan.requirements:
        if req.kind == "count":
            passed, evidence = _check_count(plan, req, placements)
        elif req.kind == "color":
            passed, evidence = _check_color(plan, req, colors)
        elif req.kind == "relation":
            passed, evidence = _check_relation(plan, req, placements)
        elif req.kind == "kind":
            passed, evidence = _check_kind(plan, req)
        else:
            checked.append(req.model_copy())
            continue
        checked.append(req.model_copy(update={"passed": passed, "evidence": evidence}))
    return checked


def _check_kind(plan: ScenePlan, req: Requirement) -> tuple[bool, str]:
    """The thing asked for is shown as its own kind, not by a stand-in (a nearer kind or an archetype)."""
    if req.subject is None:
        return False, "the requirement names no object"
    spec = plan.spec(req.subject)
    grounding = spec.grounding
    if grounding is None or grounding.fit == "exact":
        return True, f"shown as {spec.category}"
    if grounding.modelled_by:  # drawn by the model's shape program: the thing itself, but no verified kind
        return True, f"modelled: shape program by the model {grounding.modelled_by} for '{grounding.noun}'"
    how = {"meaning": f"nearest in meaning ({grounding.score:.2f})", "head": "by its head word",
           "hypernym": f"a kind of {grounding.via.replace('_', ' ')}",
           "archetype": "a generic archetype", "none": "nothing near"}[grounding.how]
    return False, f"stand-in: shown as {spec.category.replace('_', ' ')}, {how}"
