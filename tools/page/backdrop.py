"""scene.json's ``architecture.backdrop``: the scenery ring round an outdoor place and the ground it stands on.

The place's backdrop (tools/knowledge/backdrops.py: a tree line, hills, dunes, buildings) stands on a ring
beyond every camera of the scene, so it never comes between a view and what the prompt named, and is drawn
by the page as one instanced mesh per layer, outside the objects (it is no object: the verifier neither
counts nor judges it). The apron is the ground from the scene's edge out past the ring; behind a sea-side
place the sea runs out to the horizon instead. A haze in the sky's horizon colour (the page's fog, starting
beyond the farthest object the camera sees) fades far ground and scenery as they fade outdoors, while every
object, and so every requested colour, stays as it was.
"""

from __future__ import annotations

import numpy as np

from tools.knowledge.backdrops import BACKDROPS
from tools.knowledge.places import Place

RING_BEYOND_CAMERAS = 1.25  # the ring's radius over the farthest camera's distance from the centre
MIN_RING_RADIUS = 40.0  # metres: a small garden still sees its tree line at a distance
REFERENCE_RADIUS = 60.0  # the ring's heights are as they would look from this far; further out they grow
MAX_GROWTH = 2.5
ROW_GAP = 0.1  # each further row stands this share of the radius beyond the one before
APRON_REACH = 1.5  # the apron's radius over the ring's, so the ring never stands at the ground's edge


def backdrop(place: Place | None, centre: np.ndarray, views: dict[str, dict], floor_color: str,
             horizon: str) -> dict:
    """The backdrop of an outdoor place: its apron, haze colour, and ring's layers (none for a place with no
    skyline, as open sea: the ground alone runs to the horizon). views: every camera, which the ring encloses."""
    kind = place.backdrop if place is not None else None
    radius = ring_radius(centre, views)
    result: dict = {"kind": kind, "centre": [round(float(centre[0]), 4), round(float(centre[2]), 4)],
                    "radius": round(radius, 3), "apron": {"radius": round(radius * APRON_REACH, 3), "color": floor_color},
                    "haze": {"color": horizon}, "layers": []}
    growth = float(np.clip(radius / REFERENCE_RADIUS, 1.0, MAX_GROWTH))
    for layer in BACKDROPS[kind] if kind else ():
        result["layers"].append({
            "shape": layer.shape, "color": layer.color, "height": [round(h * growth, 3) for h in layer.height],
            "width": list(layer.width), "spacing": round(layer.spacing * growth, 3), "rows": layer.rows,
            "row_gap": round(radius * ROW_GAP, 3)})
    return result


def ring_radius(centre: np.ndarray, views: dict[str, dict]) -> float:
    """Metres from the centre (x, z) to the ring: beyond the farthest camera, so none stands outside it."""
    return max(MIN_RING_RADIUS, max(_reach(centre, v) for v in views.values()) * RING_BEYOND_CAMERAS)


def _reach(centre: np.ndarray, view: dict) -> float:
    """A camera's horizontal distance from the centre."""
    return float(np.hypot(view["position"][0] - centre[0], view["position"][2] - centre[2]))
