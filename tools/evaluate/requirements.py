"""The prompt's requirements judged independently on the world meshes of a scene folder.

The requirement list comes from re-planning the prompt (tools.plan.planner is the
source of what was asked); counts are judged on scene.json's objects, colours
on the asset GLBs' own material base colours, relations on the world mesh
boxes and orientations of tools.evaluate.geometry, by each relation kind's own
judge (declared with the kind in tools.layout.relation_kinds, deliberately
simpler and looser than the layout's check, and sharing no code with it), so
they measure "did it come out roughly as asked" rather than re-running the
generator's judgement. Tolerances are named constants, here and in each kind's module.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from tools.core.gltf import read_glb
from tools.core.schema import ScenePlan
from tools.core.windows import Window
from tools.evaluate.geometry import WorldObject
from tools.layout.relation_kinds import RELATIONS
from tools.layout.relation_kinds.spec import Room

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


def judge_relation(kind: str, subjects: list[WorldObject], targets: list[WorldObject], bounds: dict,
                   param: int | None, windows: Sequence[dict] = ()) -> Result:
    """(passed, evidence) of one relation kind by its own judge (tools.layout.relation_kinds); subjects/targets
    are the instances of each plan key; windows: scene.json's architecture.windows."""
    spec = RELATIONS.get(kind)
    if spec is None:
        return False, f"unknown relation kind {kind!r}"
    spans = [Window(w["wall"], w["center"][0], w["center"][2], w["width"], w["height"]) for w in windows]
    room = Room(np.asarray(bounds["min"], float), np.asarray(bounds["max"], float), spans)
    return spec.judge(subjects, targets, room, param)


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
