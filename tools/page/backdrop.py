"""scene.json's ``architecture.backdrop``: the scenery ring round an outdoor place and the ground it stands on.

The place's backdrop (tools/knowledge/backdrops.py: a tree line, hills, dunes, buildings) stands on a ring
beyond every camera of the scene, so it never comes between a view and what the prompt named, and is drawn
by the page as one instanced mesh per layer, outside the objects (it is no object: the verifier neither
counts nor judges it). The apron is the ground from the scene's edge out to the ring, fading towards the
sky's horizon colour as far ground does; behind a sea-side place the sea runs out to the horizon instead.
"""

from __future__ import annotations

import numpy as np

from tools.knowledge.backdrops import BACKDROPS
from tools.knowledge.places import PLACES

RING_BEYOND_CAMERAS = 1.25  # the ring's radius over the farthest camera's distance from the centre
MIN_RING_RADIUS = 40.0  # metres: a small garden still sees its tree line at a distance
REFERENCE_RADIUS = 60.0  # the ring's heights are as they would look from this far; further out they grow
MAX_GROWTH = 2.5
ROW_GAP = 0.1  # each further row stands this share of the radius beyond the one before
HAZE = 0.35  # how far the silhouettes' colour goes towards the sky's horizon: far things look paler
APRON_REACH = 1.5  # the apron's radius over the ring's, so the ring never stands at the ground's edge
APRON_RIM_HAZE = 0.6  # the apron's colour at its rim, as a share of the way from the floor's to the horizon's


def backdrop(room_type: str | None, centre: np.ndarray, views: dict[str, dict], floor_color: str,
             horizon: str) -> dict:
    """The backdrop of an outdoor place: its apron, and its ring's layers (none for a place with no skyline, as
    open sea: the ground alone runs to the horizon). views: every camera of the scene, which the ring encloses."""
    place = PLACES.get(room_type or "")
    kind = place.backdrop if place is not None else None
    layers = BACKDROPS[kind] if kind else ()
    radius = ring_radius(centre, views)
    apron = {"radius": round(radius * APRON_REACH, 3), "color": floor_color,
             "rim": mix(floor_color, horizon, APRON_RIM_HAZE)}
    result: dict = {"kind": kind, "centre": [round(float(centre[0]), 4),
                    round(float(centre[2]), 4)], "radius": round(radius, 3), "apron": apron, "layers": []}
    growth = float(np.clip(radius / REFERENCE_RADIUS, 1.0, MAX_GROWTH))
    for layer in layers:
        result["layers"].append({
            "shape": layer.shape, "color": mix(layer.color, horizon, HAZE),
            "height": [round(h * growth, 3) for h in layer.height], "width": list(layer.width),
            "spacing": round(layer.spacing * growth, 3), "rows": layer.rows, "row_gap": round(radius * ROW_GAP, 3)})
    return result


def ring_radius(centre: np.ndarray, views: dict[str, dict]) -> float:
    """Metres from the centre (x, z) to the ring: beyond the farthest camera, so none stands outside it."""
    reach = max(float(np.hypot(v["position"][0] - centre[0], v["position"][2] - centre[2])) for v in views.values())
    return max(MIN_RING_RADIUS, reach * RING_BEYOND_CAMERAS)


def mix(a: str, b: str, share: float) -> str:
    """The sRGB hex colour ``share`` of the way from ``a`` to ``b``."""
    ca, cb = (np.array([int(c[i:i + 2], 16) for i in (1, 3, 5)], dtype=float) for c in (a, b))
    return "#" + "".join(f"{int(round(v)):02x}" for v in ca + (cb - ca) * share)
