"""The plan's behaviours resolved onto placed objects: scene.json's ``behaviours[]``.

A plan behaviour names an object kind; the page needs one entry per placed
instance, with what exactly moves. A behaviour the asset cannot show is dropped
here rather than promised: a spin of a ``part`` the GLB lacks falls back to the
whole object only about the vertical axis (a fan, a carousel), never for a
windmill's blades; flicker and glow need the part or emissive materials,
ripple the part or water materials. So the verifier's motion check only ever
expects motion the page can draw.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import numpy as np
import pygltflib

from tools.core.schema import Behaviour

# Which materials move when the named part is missing (tools.assets.mesh names materials '<kind>:<hex>').
MATERIAL_FALLBACK = {"flicker": "emissive", "glow": "emissive", "ripple": "water"}
VERTICAL = (0.0, 1.0, 0.0)
PHASE_STEP = 0.618034  # golden-ratio phases: neighbouring trees never sway in step


def resolve_behaviours(behaviours: list[Behaviour], objects: list[dict], spec_of: dict[str, str], bounds: dict,
                       out: Path | None) -> list[dict]:
    """scene.json ``behaviours[]`` for ``objects`` (scene.json entries; ``spec_of`` maps their ids to
    ObjectSpec keys). Assets are read from ``out``; with None, named parts count as missing."""
    by_spec: dict[str, list[dict]] = {}
    for obj in objects:
        by_spec.setdefault(spec_of[obj["id"]], []).append(obj)
    centre = (np.array(bounds["min"]) + np.array(bounds["max"])) / 2
    resolved = []
    for behaviour in behaviours:
        for index, obj in enumerate(by_spec.get(behaviour.target, [])):
            moving = _what_moves(behaviour, Path(out) / obj["asset"] if out is not None else None)
            if moving is None:
                continue
            entry = {"target": obj["id"], "kind": behaviour.kind, "speed": behaviour.speed,
                     "phase": round((index * PHASE_STEP) % 1.0, 4), **moving}
            if behaviour.amplitude is not None:
                entry["amplitude"] = round(behaviour.amplitude, 4)
            path = _path(behaviour, obj, by_spec, centre)
            if path is None and behaviour.kind in {"orbit", "circle"}:
                continue
            entry.update(path or {})
            resolved.append(entry)
    return resolved


def _what_moves(behaviour: Behaviour, asset: Path | None) -> dict | None:
    """{part} or {material} or {} (the whole object), with the axis; None when the asset cannot show it."""
    nodes, materials = asset_names(asset) if asset is not None and asset.is_file() else (frozenset(), frozenset())
    axis = list(behaviour.axis) if behaviour.axis else None
    if behaviour.part and any(n == behaviour.part or n.startswith(behaviour.part + "_") for n in nodes):
        return {"part": behaviour.part, **({"axis": axis} if axis else {})}
    fallback = MATERIAL_FALLBACK.get(behaviour.kind)
    if fallback:
        return {"material": fallback} if any(m.startswith(fallback) for m in materials) else None
    if behaviour.kind == "spin":
        return {"axis": list(VERTICAL)} if not axis or tuple(axis) == VERTICAL else None
    return {}


def _path(behaviour: Behaviour, obj: dict, by_spec: dict[str, list[dict]], centre: np.ndarray) -> dict | None:
    """Orbit: round the nearest instance of ``around``; circle: a ring of ``radius`` bending towards the centre."""
    position = np.array(obj["position"], dtype=float)
    if behaviour.kind == "orbit":
        hosts = by_spec.get(behaviour.around or "", [])
        if not hosts:
            return None
        host = min(hosts, key=lambda h: float(np.linalg.norm(_bbox_centre(h) - position)))
        pivot = _bbox_centre(host)
        radius = float(np.hypot(*(position - pivot)[[0, 2]]))
        return {"center": _rounded(pivot), "radius": round(radius, 4)} if radius > 1e-3 else None
    if behaviour.kind == "circle":
        radius = behaviour.radius or 2.0
        inward = (centre - position)[[0, 2]]
        norm = float(np.linalg.norm(inward))
        direction = inward / norm if norm > 1e-6 else np.array([1.0, 0.0])
        pivot = position + np.array([direction[0], 0.0, direction[1]]) * radius
        return {"center": _rounded(pivot), "radius": round(radius, 4)}
    return {}


def _bbox_centre(obj: dict) -> np.ndarray:
    return (np.array(obj["bbox"]["min"], dtype=float) + np.array(obj["bbox"]["max"], dtype=float)) / 2


def _rounded(values) -> list[float]:
    return [round(float(v), 4) for v in values]


@lru_cache(maxsize=256)
def _names_of(asset: Path, mtime_ns: int) -> tuple[frozenset[str], frozenset[str]]:
    doc = pygltflib.GLTF2.load_binary(str(asset))
    return (frozenset(n.name for n in doc.nodes if n.name), frozenset(m.name for m in doc.materials if m.name))


def asset_names(asset: Path) -> tuple[frozenset[str], frozenset[str]]:
    """(node names, material names) of a GLB (assets are content-addressed, so cached by path and mtime)."""
    return _names_of(asset, asset.stat().st_mtime_ns)
