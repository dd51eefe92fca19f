"""The hero's framing from one direction: where a camera looking along it stands so the requested boxes are drawn
towards a thirds point at a readable size, the things round them joining the frame while they cost little distance,
and, in a room, without leaving it (tools/page/camera.py chooses the directions and the room)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from tools.page.camera_view import CORNER_PICK
from tools.page.camera_view import camera_axes as _camera_axes

# Share of the half-frustum the box may fill: leaves a border around the scene.
FIT_MARGIN = 0.88
# Smallest box edge framed, so a focus on one cup does not put the camera inside it.
MIN_FOCUS_EXTENT = 0.6

MAX_HERO_ELEVATION = 35.0  # degrees the hero may look down at most: a creator's bound (issue #14)
ROOM_INSET = 0.3  # metres the indoor hero keeps from the walls' inner faces and below the ceiling
# Smallest horizontal extent (metres) framed round the requested things: a lone bench outdoors is shown in a
# few metres of its place, not as a product shot; indoors a lone cup with the table round it.
HERO_MIN_FRAME = {"indoor": 1.5, "outdoor": 2.0}
# Another thing joins the hero's framing (nearest to the subject first) while the camera need stand at most
# this much further back than for the requested things alone.
CONTEXT_GROWTH = 1.2
HERO_FOV = math.floor(20 * math.degrees(math.atan(12 / 35))) / 10  # 37.8: a hair narrower, never wider
THIRD = 1 / 3  # the thirds lines, in normalised device coordinates (-1..1)
THIRDS_STEPS = 8  # offsets tried between where centring draws the subject and the thirds point
# How much further back than a centred framing of the requested things the camera may stand to draw them on
# the thirds point (framed alone, a subject drawn right on it needs about 1.6 times the distance, so it goes
# part of the way).
THIRDS_SLACK = 0.35


def view_direction(azimuth_deg: float, elevation_deg: float) -> np.ndarray:
    """(3,) unit vector from the target towards the camera."""
    az, el = math.radians(azimuth_deg), math.radians(elevation_deg)
    return np.array([math.sin(az) * math.cos(el), math.sin(el), math.cos(az) * math.cos(el)])


def as_box(bounds: Mapping[str, Sequence[float]] | Sequence[Sequence[float]]) -> tuple[np.ndarray, np.ndarray]:
    """Accept ``{"min": (3,), "max": (3,)}`` or ``(min (3,), max (3,))``."""
    given_lo, given_hi = (bounds["min"], bounds["max"]) if isinstance(bounds, Mapping) else bounds
    lo, hi = np.asarray(given_lo, dtype=float), np.asarray(given_hi, dtype=float)
    if lo.shape != (3,) or hi.shape != (3,):
        raise ValueError(f"bounds min and max must be 3-vectors, got shapes {lo.shape} and {hi.shape}")
    if np.any(hi < lo):
        raise ValueError(f"bounds max {hi.tolist()} is below min {lo.tolist()}")
    return lo, hi


def _reach(anchor: np.ndarray, way: np.ndarray, room: tuple[tuple[np.ndarray, np.ndarray], bool]) -> float:
    """How far from ``anchor`` (3,) along ``way`` (3,) a camera stays below the room's ceiling and, when the
    room's flag says so, inside its walls, ROOM_INSET from each (negative: not even at the anchor)."""
    (lo, hi), walls = room
    lo, hi = lo + ROOM_INSET, hi - ROOM_INSET
    axes = (0, 1, 2) if walls else (1,)
    reach = math.inf
    for i in axes:
        if way[i] > 1e-9:
            reach = min(reach, (hi[i] - anchor[i]) / way[i])
        elif way[i] < -1e-9:
            reach = min(reach, (lo[i] - anchor[i]) / way[i])
    return reach


def hero_from(azimuth: float, bounds, framed: list[tuple[tuple[str, np.ndarray, np.ndarray], bool]],
               aspect: float, elevation: float, min_frame: float = HERO_MIN_FRAME["indoor"],
               slack: float = THIRDS_SLACK, room: tuple[tuple[np.ndarray, np.ndarray], bool] | None = None,
               whole: frozenset[str] = frozenset()) -> dict[str, Any] | None:
    """The requested boxes (every framed box when none is requested; the bounds when there are none), padded
    to ``min_frame`` across, inside the frame with FIT_MARGIN, seen from ``azimuth`` / ``elevation`` through
    HERO_FOV, with the requested boxes' centre moved from where a centred framing puts it towards the lower
    thirds point on its own side, as far as the camera need back off at most ``slack`` for it; then the other
    framed boxes that fit too (see _with_context; those named in ``whole`` as far as ``room`` lets). ``room``: (its box, whether the walls count): the camera
    stays inside it (see _reach), None when it cannot."""
    if not 0 < elevation <= MAX_HERO_ELEVATION:
        raise ValueError(f"hero elevation {elevation} must be in (0, {MAX_HERO_ELEVATION}] degrees")
    forward = -view_direction(azimuth, elevation)
    axes = _camera_axes(forward)
    tangents = np.array([aspect, 1.0]) * math.tan(math.radians(HERO_FOV) / 2)
    others: list[tuple[str, np.ndarray, np.ndarray]] = []
    if framed:
        requested = [box for box, wanted in framed if wanted]
        others = [box for box, wanted in framed if not wanted] if requested else []
        lo, hi = union(requested or [box for box, _ in framed])
        subject = (lo + hi) / 2
        pad = np.maximum(min_frame - (hi - lo), 0.0) / 2
        pad[1] = 0.0
        lo, hi = lo - pad, hi + pad
    else:
        lo, hi = as_box(bounds)
        subject = (lo + hi) / 2
    pad = np.maximum(MIN_FOCUS_EXTENT - (hi - lo), 0.0) / 2
    lo, hi = lo - pad, hi + pad
    centre = (lo + hi) / 2
    centred = anchored_depth(lo, hi, centre, forward, axes, np.zeros(2), tangents)
    rel = subject - (centre - forward * centred)
    start = np.array([rel @ axes[0], rel @ axes[1]]) / (rel @ forward) / tangents  # where centring draws it
    goal = np.array([THIRD if _side(start[0], subject, others, axes[0]) >= 0 else -THIRD, -THIRD])
    fits = []
    for k in range(THIRDS_STEPS + 1):
        offset = start + (goal - start) * k / THIRDS_STEPS
        depth = anchored_depth(lo, hi, subject, forward, axes, offset, tangents)
        if depth > centred * (1 + slack):
            break  # further towards the thirds point only needs more
        fits.append((offset, depth))
    offset, depth = fits[-1] if fits else (np.zeros(2), centred)
    anchor = subject if fits else centre
    way = -forward - sum(axis * (o * t) for axis, o, t in zip(axes, offset, tangents))  # position per unit depth
    reach = math.inf if room is None else _reach(anchor, way, room)
    if depth > reach:
        return None
    depth = _with_context(lo, hi, others, anchor, forward, axes, offset, tangents, depth, reach, whole)
    position = anchor + way * depth
    return {"position": rounded(position), "target": rounded(position + forward * depth), "fov": HERO_FOV}


def _side(drawn: float, subject: np.ndarray, others: Sequence[tuple[str, np.ndarray, np.ndarray]],
          right: np.ndarray) -> float:
    """Which side (+1 right, -1 left) the subject goes to: away from the other things when they lean to one
    side of it (weighted by their footprints), else the side centring already draws it on (``drawn``)."""
    lean = sum(float((((lo + hi) / 2 - subject) @ right) * (hi[0] - lo[0]) * (hi[2] - lo[2])) for _, lo, hi in others)
    if abs(lean) > 1e-6:
        return -lean
    return drawn


def _with_context(lo, hi, others: Sequence[tuple[str, np.ndarray, np.ndarray]], anchor, forward, axes, offset,
                  tangents, depth: float, reach: float = math.inf, whole: frozenset[str] = frozenset()) -> float:
    """The depth at which the framed box (lo, hi), grown by each of ``others`` (nearest to it first) that keeps
    the depth within CONTEXT_GROWTH of ``depth`` and ``reach``, fits with ``anchor`` drawn at ``offset``: the subject stays
    where it is drawn, and the things round it fill the rest of the frame while they cost little distance. Those
    named in ``whole`` (what else was asked for) join as far as ``reach``: drawn whole rather than cut by the edge."""
    most = min(depth * CONTEXT_GROWTH, reach)
    centre = (lo + hi) / 2
    for oid, blo, bhi in sorted(others, key=lambda box: float(np.linalg.norm((box[1] + box[2]) / 2 - centre))):
        grown_lo, grown_hi = np.minimum(lo, blo), np.maximum(hi, bhi)
        grown = anchored_depth(grown_lo, grown_hi, anchor, forward, axes, offset, tangents)
        if grown <= (reach if oid in whole else most):
            lo, hi, depth = grown_lo, grown_hi, max(depth, grown)
    return depth


def anchored_depth(lo, hi, anchor, forward, axes, offset, tangents) -> float:
    """Smallest depth of ``anchor`` (3,) along ``forward`` at which, with the anchor drawn at ``offset``
    (2,) in NDC, every corner of box (lo, hi) lies inside FIT_MARGIN of the frame. axes: camera (right,
    up); tangents (2,): the half-frustum's horizontal and vertical tangents.

    A corner at c - anchor = (b along an axis, a along forward) lands at (b + o t d) / (t (a + d)), so
    |that| <= m gives d >= (b - m t a) / (t (m - o)) and d >= (-b - m t a) / (t (m + o)).
    """
    corners = np.where(CORNER_PICK, hi, lo) - anchor
    along = corners @ forward
    need = 0.0
    for axis, o, t in zip(axes, offset, tangents):
        across = corners @ axis
        need = max(need, float(np.max((across - FIT_MARGIN * t * along) / (t * (FIT_MARGIN - o)))),
                   float(np.max((-across - FIT_MARGIN * t * along) / (t * (FIT_MARGIN + o)))))
    return need


def union(boxes: Sequence[tuple[str, np.ndarray, np.ndarray]]) -> tuple[np.ndarray, np.ndarray]:
    """(min, max) (3,) of the (id, min, max) boxes together."""
    return np.min([b[1] for b in boxes], axis=0), np.max([b[2] for b in boxes], axis=0)


def rounded(v: np.ndarray) -> list[float]:
    """A view's vector as JSON writes it: to 0.1 mm."""
    return [round(float(x), 4) for x in v]
