"""The compositor: scene.json, index.html, the page's script and style, and scene.glb for one scene folder.

The page is static: index.html is copied from web/template, and viewer.js and ui.css are the bundle
tools.page.bundle builds from web/template with the parts of three.js they use (one minified module, no
import map, so the Content-Security-Policy allows scripts from the folder only). Neither carries prompt
text; everything scene-specific goes into scene.json, which the page fetches and shows through
textContent. Writing is idempotent: the same inputs give the same bytes.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

import numpy as np

from tools.assets.mesh import box_tangents, box_uvs, hex_to_rgb
from tools.assets.textures import (
    FLOOR_PATTERNS,
    NATURAL_PATTERNS,
    WALL_PATTERNS,
    repeat_metres,
    surface_files,
    texture_set,
)
from tools.core.errors import AssetError
from tools.core.geometry import triple, world_aabb, yaw_quaternion
from tools.core.gltf import Material, Mesh, Primitive, srgb_to_linear
from tools.core.manifest import SceneManifest
from tools.core.schema import AssetRef, Environment, Look, Placement, ScenePlan
from tools.core.windows import WINDOW_SILL, doors_of, wall_corners, windows_of
from tools.knowledge.categories import CATEGORIES
from tools.knowledge.places import SPACE_PLACE, setting_of
from tools.layout.solver import room_bounds
from tools.page.backdrop import backdrop
from tools.page.behaviours import resolve_behaviours
from tools.page.bundle import page_bundle
from tools.page.camera import frame_views
from tools.page.look import finishes, look_lights, scene_look, title_of
from tools.page.scene_glb import scene_glb

TEMPLATE_DIR = Path(__file__).resolve().parents[2] / "web" / "template"
PAGE_FILES = ("viewer.js", "ui.css")  # from the bundle, beside index.html (the same bytes for every scene)

FLOOR_COLORS: dict[str, str] = {
    "wood": "#a47852",
    "tile": "#d6d8da",
    "carpet": "#cdbb9c",
    "grass": "#5f8f3e",
    "sand": "#dcc594",
    "snow": "#f4f7fa",
    "asphalt": "#3c3f43",
    "stone": "#8d8a85",
    "concrete": "#9c9a95",
    "dirt": "#7a5a3c",
    "water": "#2f6f94",
}
DEFAULT_FLOOR_COLOR = "#a0a0a0"
WALL_COLORS: dict[str, str] = {  # each wall finish's own colour (Environment.walls)
    "plaster": "#f1ece4",
    "wallpaper": "#e6d8bd",
    "tile": "#e9ebea",
    "brick": "#a65a40",
    "stone": "#a39c90",
    "wood": "#8c6240",
    "concrete": "#a7a6a1",
}
WALL_THICKNESS = 0.12
SEA_SHARE = 0.6  # the sea beyond a beach's back edge, as a share of the area's depth
FIRE_LIGHT = "#ff9a4a"  # flame orange, warmer than a lamp bulb
MAX_POINT_LIGHTS = 6  # each point light costs every lit fragment; keep software rendering quick
DESIGN_ASPECT = 4 / 3  # the verifier's 1024x768 viewport
FOV = 50.0
DETAIL_VIEW_PREFIX = "detail"  # close-up views are detail1, detail2, ... (the verifier tells them apart)
MAX_DETAIL_VIEWS = 6  # close-ups a camera repair may add; each costs about half a second to verify


def write_scene(
    out: Path,
    plan: ScenePlan,
    assets: dict[str, AssetRef],
    placements: list[Placement],
    scene_id: str,
    three_dir: Path,
    focus_ids: Iterable[str] | None = None,
) -> dict:
    """Write index.html, PAGE_FILES, scene.json and scene.glb into ``out``; return scene.json's dict.

    The asset GLBs must already be at ``out/<AssetRef.path>``; ``three_dir`` is the npm 'three' package the
    page's script is bundled with. ``focus_ids``
    adds close-up views of those objects to the hero, top and side views (see detail_views).
    """
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    refs = _asset_index(assets)
    scene = build_scene_json(plan, refs, placements, scene_id, focus_ids, asset_dir=out)
    _write_if_changed(out / "scene.json", (json.dumps(scene, indent=2, ensure_ascii=False) + "\n").encode())
    for relative, data in surface_texture_files(scene["architecture"]).items():
        _write_if_changed(out / relative, data)
    _write_if_changed(out / "scene.glb", _scene_glb_bytes(out, scene, refs, plan.environment))
    bundle = page_bundle(Path(three_dir))
    _write_if_changed(out / "index.html", (TEMPLATE_DIR / "index.html").read_bytes())
    for name in PAGE_FILES:
        _write_if_changed(out / name, (bundle / name).read_bytes())
    return scene


def detail_views(bounds: dict, objects: list[dict], focus_ids: list[str]) -> dict[str, dict]:
    """Close-ups a repair asked for, added to the overall views (which stay): one per object, the
    last of MAX_DETAIL_VIEWS framing the rest, so small things far apart each get a near camera."""
    groups = [[i] for i in focus_ids[: MAX_DETAIL_VIEWS - 1]]
    if focus_ids[MAX_DETAIL_VIEWS - 1 :]:
        groups.append(focus_ids[MAX_DETAIL_VIEWS - 1 :])
    return {
        f"{DETAIL_VIEW_PREFIX}{n + 1}":
            frame_views(bounds, objects, aspect=DESIGN_ASPECT, fov=FOV, focus_ids=group)["overview"]
        for n, group in enumerate(groups)
    }


def build_scene_json(
    plan: ScenePlan,
    refs: dict[str, AssetRef],
    placements: list[Placement],
    scene_id: str,
    focus_ids: Iterable[str] | None = None,
    asset_dir: Path | None = None,
) -> dict:
    """The scene.json dict (version 1) of DESIGN.md section 3. ``asset_dir``: the scene folder holding the
    asset GLBs, read to see which moving parts they have (None: behaviours that need a named part drop)."""
    env = plan.environment
    lo, hi = scene_bounds(env)
    bounds = {"min": _r(lo), "max": _r(hi)}
    objects = [_object_entry(plan, refs, p) for p in placements]
    outdoor = env.kind == "outdoor" and env.room_type != SPACE_PLACE
    place = setting_of(env.room_type, env.surroundings)
    views = frame_views(bounds, objects, aspect=DESIGN_ASPECT, fov=FOV, outdoor=outdoor, indoor=env.kind == "indoor",
                        focal_kinds=[e.category for e in place.expected] if place is not None else ())
    views.update(detail_views(bounds, objects, list(focus_ids or ())))
    hero = views["hero"]
    hero_distance = float(np.linalg.norm(np.subtract(hero["position"], hero["target"])))
    look = scene_look(plan.look, env, lo, hi, hero_distance)
    arch = architecture(env, lo, hi, plan.look)
    if outdoor:
        arch["backdrop"] = backdrop(place, (lo + hi) / 2, views, arch["floor"]["color"], look["sky"]["horizon"])
    reach = hero_distance + max(float(np.linalg.norm(hi - lo)), _backdrop_reach(arch))
    return SceneManifest(
        version=1,
        id=scene_id,
        prompt=plan.prompt,
        seed=plan.seed,
        planner=plan.planner,
        bounds=bounds,
        architecture=arch,
        objects=objects,
        requirements=plan.requirements,
        camera={
            "fov": FOV,
            "aspect": round(DESIGN_ASPECT, 6),
            "near": 0.05,
            "far": round(reach * 3, 2),
            "position": hero["position"],
            "target": hero["target"],
            "views": views,
        },
        lights=lights(env, lo, hi, objects, plan.look),
        stats={"assets": len({o["asset"] for o in objects}), "instances": len(objects)},
        title=title_of(plan.prompt),
        look=look,
        behaviours=resolve_behaviours(plan.behaviours, objects, {p.id: p.spec for p in placements}, bounds,
                                      asset_dir),
    ).model_dump(mode="json")


def _backdrop_reach(arch: dict) -> float:
    """How far the far plane must reach past the hero's target for the backdrop's ground and ring (0: none)."""
    return float(arch["backdrop"]["apron"]["radius"]) if "backdrop" in arch else 0.0


def scene_bounds(env: Environment) -> tuple[np.ndarray, np.ndarray]:
    """(min (3,), max (3,)) the objects must stay in: the layout solver's own rule, as arrays."""
    lo, hi = room_bounds(env)
    return np.asarray(lo, dtype=float), np.asarray(hi, dtype=float)


def _asset_index(assets: dict[str, AssetRef]) -> dict[str, AssetRef]:
    """Look-up by AssetRef.key as well as by the dict's own keys (the graph keys them by spec)."""
    index = dict(assets)
    index.update({ref.key: ref for ref in assets.values()})
    return index


def _object_entry(plan: ScenePlan, refs: dict[str, AssetRef], p: Placement) -> dict:
    if p.asset not in refs:
        raise AssetError(f"placement {p.id!r} uses asset {p.asset!r}, which is not among the scene's assets")
    try:
        spec = plan.spec(p.spec)
    except KeyError:
        spec = None
    lo, hi = world_aabb(p.position, p.size, p.yaw)
    return {
        "id": p.id,
        "category": p.category,
        "name": _display_name(spec, p.category),
        "asset": refs[p.asset].path,
        "position": _r(p.position),
        "rotation": _r(yaw_quaternion(p.yaw), 6),
        "scale": _r(p.scale),
        "bbox": {"min": _r(lo), "max": _r(hi)},
        "parent": p.parent,
        "requested": spec.requested if spec is not None else False,
        "mount": p.mount,
        **({"stand_in_for": spec.grounding.noun} if spec is not None and spec.grounding is not None
           and spec.grounding.fit == "stand-in" else {}),
    }


def _display_name(spec, category: str) -> str:
    noun = (spec.noun if spec is not None and spec.noun else category.replace("_", " "))
    colour = spec.color_name if spec is not None and spec.color_name else None
    return f"{colour} {noun}" if colour else noun


def architecture(env: Environment, lo: np.ndarray, hi: np.ndarray, look: Look | None = None) -> dict:
    """Floor, walls (inner faces on the bounds), windows and doors of the environment; finishes follow the look."""
    place = setting_of(env.room_type, env.surroundings)
    ground = place.ground if place is not None and place.ground else None  # the moon's grey dust, Mars's red
    floor_color, wall_color = finishes(look, env, ground or FLOOR_COLORS.get(env.floor, DEFAULT_FLOOR_COLOR),
                                       WALL_COLORS[env.walls])
    floor = {"material": env.floor, "color": floor_color, **_surface_texture(_floor_pattern(env, look))}
    if env.kind == "outdoor":  # "space" (room_type space): no ground drawn, a dark starry backdrop
        kind = "space" if env.room_type == SPACE_PLACE else "outdoor"
        arch = {"kind": kind, "floor": floor, "walls": [], "windows": [], "doors": []}
        if place is not None and place.sea_side:
            arch["sea"] = {"depth": round(SEA_SHARE * float(hi[2] - lo[2]), 3), "color": FLOOR_COLORS["water"]}
        return arch
    height = float(hi[1] - lo[1])
    corners = wall_corners(env)  # walked round so each wall's index is stable (tools.core.windows.WALL_SIDES)
    walls = [
        {"from": _r(corners[i]), "to": _r(corners[(i + 1) % 4]), "height": round(height, 4),
         "thickness": WALL_THICKNESS, "material": env.walls, "color": wall_color,
         **_surface_texture(_wall_pattern(env))}
        for i in range(4)
    ]
    arch = {"kind": "indoor", "floor": floor, "walls": walls, "windows": _windows(env), "doors": _doors(env)}
    if env.natural:  # a cave: closed above by its own rock; no skirting along rock
        arch["ceiling"] = {"height": round(height, 4), "material": env.walls, "color": wall_color,
                           **_surface_texture(_wall_pattern(env))}
    return arch


def _wall_pattern(env: Environment) -> str:
    """The walls' texture pattern: a natural enclosure's stone is rock, a room's its finish's (masonry for stone)."""
    return (NATURAL_PATTERNS.get(env.walls) if env.natural else None) or WALL_PATTERNS[env.walls]


def _floor_pattern(env: Environment, look: Look | None) -> str | None:
    """The floor's texture pattern (tools.assets.textures), or None for a plain colour: floors of no pattern
    (water), snowed-over ground (whose colour finishes() replaced) and space (no ground drawn)."""
    if env.kind == "outdoor" and (env.room_type == SPACE_PLACE or (look is not None and look.weather == "snow")):
        return None
    return FLOOR_PATTERNS.get(env.floor)


def _surface_texture(pattern: str | None) -> dict:
    """``{"texture": {pattern, map, normal_map, roughness_map, metres}}`` naming the pattern's files in the scene
    folder (the page multiplies them by the surface's colour and tiles one repeat per ``metres``); {} for None."""
    if pattern is None:
        return {}
    color, normal, roughness = surface_files(pattern)  # in this order: base colour, normal, metallic-roughness
    return {"texture": {"pattern": pattern, "map": color, "normal_map": normal, "roughness_map": roughness,
                        "metres": repeat_metres(pattern)}}


def surface_texture_files(arch: dict) -> dict[str, bytes]:
    """Relative path -> PNG bytes of every texture the architecture's floor and walls name."""
    patterns = {p for p in map(_pattern, (arch["floor"], *arch["walls"])) if p is not None}
    return {path: data for p in sorted(patterns) for path, data in surface_files(p).items()}


def _windows(env: Environment) -> list[dict]:
    return [{"wall": w.wall, "center": _r((w.x, WINDOW_SILL + w.height / 2, w.z)), "width": round(w.width, 4),
             "height": round(w.height, 4)} for w in windows_of(env)]


def _doors(env: Environment) -> list[dict]:
    return [{"wall": d.wall, "center": _r((d.x, d.height / 2, d.z)), "width": round(d.width, 4),
             "height": round(d.height, 4)} for d in doors_of(env)]


def lights(env: Environment, lo: np.ndarray, hi: np.ndarray, objects: list[dict],
           look: Look | None = None) -> list[dict]:
    """A sky light probe and one shadow-casting sun sized to the bounds, both set by the hour (tools.page.look),
    and a point light per lamp, lit brighter at dusk and night."""
    radius = float(np.linalg.norm(hi - lo)) / 2
    surfaces = finishes(look, env, FLOOR_COLORS.get(env.floor, DEFAULT_FLOOR_COLOR), WALL_COLORS[env.walls])
    result, lamp_light = look_lights(look, env, lo, hi, surfaces)
    kinds = [CATEGORIES.get(o["category"]) for o in objects]
    lamps = [(o, kind) for o, kind in zip(objects, kinds) if kind and kind.light_intensity][:MAX_POINT_LIGHTS]
    for lamp, kind in lamps:
        top = np.array(lamp["bbox"]["max"])
        bottom = np.array(lamp["bbox"]["min"])
        spot = (top + bottom) / 2
        spot[1] = top[1] - 0.2 * (top[1] - bottom[1])
        intensity = round(kind.light_intensity * lamp_light["factor"], 3)
        color = FIRE_LIGHT if kind.has("fire") else lamp_light["color"]
        result.append({"type": "point", "color": color, "intensity": intensity,
                       "distance": round(max(4.0, radius), 3), "decay": 2, "position": _r(spot),
                       "object": lamp["id"]})
    return result


def _scene_glb_bytes(out: Path, scene: dict, refs: dict[str, AssetRef], env: Environment) -> bytes:
    by_path = {ref.path: ref.key for ref in refs.values()}
    files = {ref.key: out / ref.path for ref in refs.values()}
    instances = [{**o, "asset_key": by_path[o["asset"]]} for o in scene["objects"]]
    arch = scene["architecture"]
    room = [] if arch["kind"] == "space" else [(_architecture_mesh(arch, scene["bounds"]), {"kind": "architecture"})]
    return scene_glb(files, instances, room, {"id": scene["id"], "generator": "diorama", "units": "m"})


def _architecture_mesh(arch: dict, bounds: dict) -> Mesh:
    """Floor slab and wall quads (inner faces) as one mesh, so game engines get the room too."""
    lo, hi = np.array(bounds["min"]), np.array(bounds["max"])
    pad = WALL_THICKNESS if arch["walls"] else 0.0
    x0, z0, x1, z1 = lo[0] - pad, lo[2] - pad, hi[0] + pad, hi[2] + pad
    floor = arch["floor"]
    prims = [_quad([(x0, 0, z1), (x1, 0, z1), (x1, 0, z0), (x0, 0, z0)], floor["color"], "floor", _pattern(floor))]
    centre = (lo + hi) / 2
    for wall in arch["walls"]:
        (ax, az), (bx, bz), h = wall["from"], wall["to"], wall["height"]
        quad = [(ax, 0, az), (bx, 0, bz), (bx, h, bz), (ax, h, az)]
        normal = np.cross(np.subtract(quad[1], quad[0]), np.subtract(quad[3], quad[0]))
        if normal @ (centre - np.array(quad[0])) < 0:  # face the room's inside
            quad.reverse()
        prims.append(_quad(quad, wall["color"], "wall", _pattern(wall)))
    return Mesh("architecture", prims)


def _pattern(surface: dict) -> str | None:
    return surface["texture"]["pattern"] if "texture" in surface else None


def _quad(corners, color: str, name: str, pattern: str | None = None) -> Primitive:
    """Two triangles, counter-clockwise as listed. corners: 4 points (3,). A ``pattern`` textures it as the
    assets are textured: UVs in metres by box projection, tiled by the images' repeat, colour x texel."""
    positions = np.array(corners, dtype=np.float32)
    normal = np.cross(positions[1] - positions[0], positions[3] - positions[0])
    normal /= np.linalg.norm(normal)
    normals = np.tile(normal, (4, 1)).astype(np.float32)
    rgb = triple(round(srgb_to_linear(c), 5) for c in hex_to_rgb(color))
    indices = np.array([[0, 1, 2], [0, 2, 3]], dtype=np.uint32)
    if pattern is None:
        return Primitive(positions, normals, indices, Material(name, (*rgb, 1.0), 0.0, 0.9))
    images = texture_set(pattern)
    material = Material(name, (*rgb, 1.0), 0.0, 0.9, texture=images.base, normal_texture=images.normal,
                        roughness_texture=images.roughness)
    return Primitive(positions, normals, indices, material, uvs=box_uvs(positions, normals).astype(np.float32),
                     tangents=box_tangents(normals).astype(np.float32))


def _write_if_changed(path: Path, data: bytes) -> None:
    """Write ``data`` unless the file already holds exactly it (keeps re-runs cheap and mtimes stable)."""
    if path.is_file() and path.read_bytes() == data:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def _r(values, digits: int = 4) -> list[float]:
    return [round(float(v), digits) for v in values]
