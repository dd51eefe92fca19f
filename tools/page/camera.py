"""Camera framing: hero, top and side views that fit the whole scene (or a focus subset).

A view is ``{"position": [x, y, z], "target": [x, y, z]}``. Each view looks
from a fixed direction at the centre of the box of interest and backs off
just far enough that every corner of that box projects inside the frustum,
with a margin. Indoors the box includes the room, so the hero camera ends up
outside it; the page draws walls single-sided facing inward, so the near
walls vanish and the room reads as a dollhouse.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from tools.core.geometry import world_aabb

# Share of the half-frustum the box may fill: leaves a border around the scene.
FIT_MARGIN = 0.88
# Smallest box edge framed, so a focus on one cup does not put the camera inside it.
MIN_FOCUS_EXTENT = 0.6

# (azimuth from +Z towards +X, elevation above the horizon), degrees.
VIEW_DIRECTIONS: dict[str, tuple[float, float]] = {
    "hero": (35.0, 40.0),  # front-right, looking down into the room
    "top": (0.0, 88.0),  # almost straight down; the 2 degrees keep "up" well defined
    "side": (-60.0, 22.0),  # left-front, low
}


def _direction(azimuth_deg: float, elevation_deg: float) -> np.ndarray:
    """(3,) unit vector from the target towards the camera."""
    az, el = math.radians(azimuth_deg), math.radians(elevation_deg)
    return np.array([math.sin(az) * math.cos(el), math.sin(el), math.cos(az) * math.cos(el)])


def _as_box(bounds: Mapping[str, Sequence[float]] | Sequence[Sequence[float]]) -> tuple[np.ndarray, np.ndarray]:
    """Accept ``{"min": (3,), "max": (3,)}`` or ``(min (3,), max (3,))``."""
    given_lo, given_hi = (bounds["min"], bounds["max"]) if isinstance(bounds, Mapping) else bounds
    lo, hi = np.asarray(given_lo, dtype=float), np.asarray(given_hi, dtype=float)
    if lo.shape != (3,) or hi.shape != (3,):
        raise ValueError(f"bounds min and max must be 3-vectors, got shapes {lo.shape} and {hi.shape}")
    if np.any(hi < lo):
        raise ValueError(f"bounds max {hi.tolist()} is below min {lo.tolist()}")
    return lo, hi


def _item_box(item: Any) -> tuple[str, np.ndarray, np.ndarray]:
    """(id, min (3,), max (3,)) of a Placement or a scene.json object dict."""
    if isinstance(item, Mapping):
        lo, hi = _as_box(item["bbox"])
        return str(item["id"]), lo, hi
    lo, hi = world_aabb(item.position, item.size, item.yaw)
    return item.id, lo, hi


def _box_of_interest(bounds, placements: Iterable[Any], focus_ids: Iterable[str] | None) -> tuple[np.ndarray, np.ndarray]:
    boxes = [_item_box(p) for p in placements]
    if focus_ids is not None:
        wanted = set(focus_ids)
        chosen = [(lo, hi) for oid, lo, hi in boxes if oid in wanted]
        if not chosen:
            raise ValueError(f"none of the focus ids {sorted(wanted)} is a placed object")
        lo = np.min([b[0] for b in chosen], axis=0)
        hi = np.max([b[1] for b in chosen], axis=0)
        pad = np.maximum(MIN_FOCUS_EXTENT - (hi - lo), 0.0) / 2
        return lo - pad, hi + pad
    lo, hi = _as_box(bounds)
    for _, blo, bhi in boxes:
        lo, hi = np.minimum(lo, blo), np.maximum(hi, bhi)
    return lo, hi


def fit_distance(lo: np.ndarray, hi: np.ndarray, direction: np.ndarray, aspect: float, fov: float) -> float:
    """Smallest distance from the box centre along ``direction`` (3,) at which the box (lo, hi) fits.

    For each corner q (relative to the centre), with camera axes right/up and
    depth = dist - q.d, fitting needs |q.right| <= depth tan(hfov/2) and
    |q.up| <= depth tan(vfov/2); solve both for dist and take the largest.
    """
    tan_v = math.tan(math.radians(fov) / 2) * FIT_MARGIN
    tan_h = tan_v * aspect
    world_up = np.array([0.0, 1.0, 0.0])
    right = np.cross(world_up, direction)
    if np.linalg.norm(right) < 1e-6:
        raise ValueError("view direction must not be vertical")
    right /= np.linalg.norm(right)
    up = np.cross(direction, right)
    centre = (lo + hi) / 2
    corners = np.array([[x, y, z] for x in (lo[0], hi[0]) for y in (lo[1], hi[1]) for z in (lo[2], hi[2])]) - centre
    along = corners @ direction
    need = np.maximum(along + np.abs(corners @ right) / tan_h, along + np.abs(corners @ up) / tan_v)
    return float(need.max())


def frame_views(
    bounds,
    placements: Iterable[Any],
    aspect: float = 4 / 3,
    fov: float = 50.0,
    focus_ids: Iterable[str] | None = None,
) -> dict[str, dict[str, list[float]]]:
    """Hero, top and side views that fit the bounds and every placement (or only ``focus_ids``).

    bounds: ``{"min": (3,), "max": (3,)}`` or a (min, max) pair. placements:
    Placement models or scene.json object dicts (with ``id`` and ``bbox``).
    Returns ``{name: {"position": [x, y, z], "target": [x, y, z]}}``.
    """
    if aspect <= 0 or not 1 <= fov < 179:
        raise ValueError(f"aspect must be positive and fov in [1, 179) degrees, got {aspect}, {fov}")
    lo, hi = _box_of_interest(bounds, list(placements), focus_ids)
    centre = (lo + hi) / 2
    views = {}
    for name, (azimuth, elevation) in VIEW_DIRECTIONS.items():
        direction = _direction(azimuth, elevation)
        distance = fit_distance(lo, hi, direction, aspect, fov)
        position = centre + direction * distance
        views[name] = {"position": _rounded(position), "target": _rounded(centre)}
    return views


def view_contains(view: Mapping[str, Sequence[float]], lo, hi, aspect: float, fov: float) -> bool:
    """Whether every corner of box (lo (3,), hi (3,)) projects inside the view's frustum and in front of it."""
    position, target = np.asarray(view["position"], float), np.asarray(view["target"], float)
    forward = target - position
    forward /= np.linalg.norm(forward)
    right = np.cross(forward, [0.0, 1.0, 0.0])
    right /= np.linalg.norm(right)
    up = np.cross(right, forward)
    tan_v = math.tan(math.radians(fov) / 2)
    for x in (lo[0], hi[0]):
        for y in (lo[1], hi[1]):
            for z in (lo[2], hi[2]):
                rel = np.array([x, y, z]) - position
                depth = rel @ forward
                if depth <= 0:
                    return False
                if abs(rel @ right) > depth * tan_v * aspect + 1e-6 or abs(rel @ up) > depth * tan_v + 1e-6:
                    return False
    return True


def _rounded(v: np.ndarray) -> list[float]:
    return [round(float(x), 4) for x in v]
