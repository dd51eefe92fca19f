"""The compositor: scene.json contract, scene.glb, the static page and its bundle, camera framing."""

from __future__ import annotations

import io
import json
import math
import re
import subprocess
from pathlib import Path

import numpy as np
import pytest
import trimesh

from tools.assets.generate import generate
from tools.assets.textures import WALL_PATTERNS, repeat_metres, surface_files
from tools.core.geometry import yaw_quaternion
from tools.core.gltf import read_glb
from tools.core.manifest import SceneManifest
from tools.core.schema import AssetRef, Environment, Look, ObjectSpec, Placement, Requirement, ScenePlan
from tools.page.camera import MAX_HERO_ELEVATION, ROOM_INSET, frame_views, hidden_share, ndc, view_contains
from tools.page.compose import FLOOR_COLORS, PAGE_FILES, architecture, scene_bounds, write_scene

ROOT = Path(__file__).resolve().parents[1]
THREE_DIR = ROOT / "web" / "node_modules" / "three"
HOSTILE_PROMPT = "</script><script>alert(1)</script> a red chair"
CONTRACT_TOP = {"version", "id", "prompt", "seed", "units", "up", "planner", "bounds", "architecture", "objects",
                "requirements", "camera", "lights", "stats"}
CONTRACT_OBJECT = {"id", "category", "name", "asset", "position", "rotation", "scale", "bbox", "parent",
                   "requested", "mount"}
MAX_PAGE_BYTES = 700_000  # index.html + script + style; three.js r187 unbundled was 2.35 MB, bundled about 660 KB
MIN_VISIBLE_PIXELS = 50  # an object framed by the hero view covers at least this many pixels at 1024x768

needs_three = pytest.mark.skipif(not (THREE_DIR / "build" / "three.module.js").is_file(),
                                 reason="three.js not installed (make setup)")


def _asset(out: Path, category: str, color: str | None = None) -> AssetRef:
    return generate(category, color=color).write_into(out)


def _scene_inputs(out: Path, kind: str = "indoor", prompt: str = HOSTILE_PROMPT):
    env = (Environment(kind="indoor", width=5, depth=4, height=2.7, floor="carpet", windows=3) if kind == "indoor"
           else Environment(kind="outdoor", width=12, depth=10, height=6, floor="grass"))
    chair, sofa = _asset(out, "chair", "#c0392b"), _asset(out, "sofa")
    plan = ScenePlan(
        prompt=prompt, seed=3, environment=env,
        objects=[ObjectSpec(key="chair", category="chair", count=3, color="#c0392b", color_name="red", noun="chair"),
                 ObjectSpec(key="sofa", category="sofa", requested=False, noun="couch")],
        requirements=[Requirement(id="count_chair", kind="count", description="three chairs", subject="chair",
                                  expected=3)],
    )

    def placed(pid, spec, ref, x, z, yaw=0.0):
        return Placement(id=pid, spec=spec, category=ref.category, asset=ref.key, position=(x, 0.0, z), yaw=yaw,
                         size=ref.size)

    placements = [placed("sofa_1", "sofa", sofa, 0.0, -1.4)] + [
        placed(f"chair_{i + 1}", "chair", chair, -1.2 + 1.2 * i, 0.8, math.pi * (i % 2)) for i in range(3)
    ]
    return plan, {"chair": chair, "sofa": sofa}, placements


@pytest.fixture
def written(tmp_path):
    out = tmp_path / "scene"
    plan, assets, placements = _scene_inputs(out)
    scene = write_scene(out, plan, assets, placements, scene_id="test-scene", three_dir=THREE_DIR)
    return out, scene, plan, placements


@needs_three
def test_scene_json_has_every_field_of_the_contract(written):
    out, scene, plan, placements = written
    assert json.loads((out / "scene.json").read_text()) == scene
    assert CONTRACT_TOP <= set(scene)
    assert (scene["version"], scene["units"], scene["up"], scene["id"]) == (1, "m", "+Y", "test-scene")
    assert scene["prompt"] == HOSTILE_PROMPT and scene["seed"] == 3 and scene["planner"] == "grounded"
    assert scene["bounds"] == {"min": [-2.5, 0.0, -2.0], "max": [2.5, 2.7, 2.0]}
    arch = scene["architecture"]
    assert arch["kind"] == "indoor"
    assert (arch["floor"]["material"], arch["floor"]["color"]) == ("carpet", FLOOR_COLORS["carpet"])
    assert len(arch["walls"]) == 4 and len(arch["doors"]) == 1  # every room has a door (tools/core/windows.py)
    door = arch["doors"][0]
    assert set(door) == {"wall", "center", "width", "height"} and door["center"][1] == door["height"] / 2
    assert {"from", "to", "height", "thickness"} <= set(arch["walls"][0])
    assert scene["requirements"] == [r.model_dump() for r in plan.requirements]
    assert scene["stats"] == {"assets": 2, "instances": 4}
    camera = scene["camera"]
    assert {"fov", "position", "target", "views"} <= set(camera)
    assert set(camera["views"]) == {"hero", "overview", "top", "side"}
    assert camera["position"] == camera["views"]["hero"]["position"]  # the page opens on the hero
    assert {light["type"] for light in scene["lights"]} >= {"probe", "directional"}


@needs_three
def test_scene_json_reads_as_a_manifest_and_writes_back_the_same(written):
    out, scene, _, _ = written
    manifest = SceneManifest.model_validate_json((out / "scene.json").read_text())
    assert manifest.model_dump(mode="json") == scene
    assert "urls" not in scene and all("asset_url" not in o for o in scene["objects"]), "publish adds those"
    manifest.urls = {"index": "file:///index.html"}
    manifest.objects[0].asset_url = "file:///a.glb"
    published = manifest.model_dump(mode="json")
    assert list(published)[-1] == "urls" and list(published["objects"][0])[-1] == "asset_url"


def test_an_older_scene_json_without_the_later_fields_still_reads():
    old = {"version": 1, "id": "s-old", "prompt": "a chair", "seed": 0, "units": "m", "up": "+Y",
           "planner": "grounded", "bounds": {"min": [-1, 0, -1], "max": [1, 2.7, 1]}, "architecture": {},
           "objects": [{"id": "chair_1", "category": "chair", "name": "chair", "asset": "assets/k.glb",
                        "position": [0, 0, 0], "rotation": [0, 0, 0, 1], "scale": [1, 1, 1],
                        "bbox": {"min": [-0.2, 0, -0.2], "max": [0.2, 0.9, 0.2]}, "parent": None,
                        "requested": True}],
           "requirements": [], "camera": {}, "lights": []}
    manifest = SceneManifest.model_validate(old)
    assert manifest.objects[0].mount == "floor" and manifest.behaviours == [] and manifest.look is None


@needs_three
def test_objects_follow_their_placements(written):
    out, scene, plan, placements = written
    assert [o["id"] for o in scene["objects"]] == [p.id for p in placements]
    for obj, p in zip(scene["objects"], placements):
        assert CONTRACT_OBJECT <= set(obj)
        assert (out / obj["asset"]).is_file() and obj["asset"].startswith("assets/")
        np.testing.assert_allclose(obj["rotation"], yaw_quaternion(p.yaw), atol=1e-6)
        np.testing.assert_allclose(obj["position"], p.position, atol=1e-4)
        lo, hi = np.array(obj["bbox"]["min"]), np.array(obj["bbox"]["max"])
        np.testing.assert_allclose(hi - lo, _turned_extent(p.size, p.yaw), atol=1e-3)
    by_id = {o["id"]: o for o in scene["objects"]}
    assert by_id["chair_1"]["name"] == "red chair" and by_id["chair_1"]["requested"] is True
    assert by_id["sofa_1"]["requested"] is False and by_id["sofa_1"]["parent"] is None


def _turned_extent(size, yaw):
    c, s = abs(math.cos(yaw)), abs(math.sin(yaw))
    return [c * size[0] + s * size[2], size[1], s * size[0] + c * size[2]]


@needs_three
def test_windows_sit_on_their_walls(written):
    _, scene, _, _ = written
    walls, windows = scene["architecture"]["walls"], scene["architecture"]["windows"]
    assert len(windows) == 3
    for win in windows:
        wall = walls[win["wall"]]
        a, b, c = np.array(wall["from"]), np.array(wall["to"]), np.array(win["center"])[[0, 2]]
        (ux, uz), (vx, vz) = b - a, c - a
        assert abs(ux * vz - uz * vx) < 1e-6, "window centre must lie on its wall's line"
        assert 0 < win["center"][1] - win["height"] / 2 and win["center"][1] + win["height"] / 2 < wall["height"]


@needs_three
def test_scene_glb_shares_one_mesh_per_asset(written):
    out, scene, _, placements = written
    gltf = read_glb((out / "scene.glb").read_bytes())
    object_nodes = [n for n in gltf.nodes if n.extras and "id" in n.extras]
    assert [n.extras["id"] for n in object_nodes] == [p.id for p in placements]
    assert {n.extras["category"] for n in object_nodes} == {"chair", "sofa"}
    assert len({n.mesh for n in object_nodes}) == scene["stats"]["assets"] == 2
    assert len(gltf.meshes) == 3, "two assets and the room"
    chair_meshes = {n.mesh for n in object_nodes if n.extras["category"] == "chair"}
    assert len(chair_meshes) == 1, "repeated chairs must reference one mesh"
    node = object_nodes[2]
    np.testing.assert_allclose(node.rotation, yaw_quaternion(math.pi), atol=1e-6)
    np.testing.assert_allclose(node.translation, placements[2].position, atol=1e-6)


def test_an_asset_glb_is_parsed_once_per_process_and_its_shared_arrays_are_read_only():
    from tools.page.scene_glb import asset_mesh

    data = generate("chair", color="#123456").glb
    first = asset_mesh(data, "chair")
    assert asset_mesh(bytes(bytearray(data)), "chair") is first, "equal bytes, another object: parsed once"
    with pytest.raises(ValueError, match="read-only"):
        first.primitives[0].positions[0, 0] = 1.0


@needs_three
def test_scene_glb_loads_in_trimesh_where_the_objects_are(written):
    out, scene, _, _ = written
    loaded = trimesh.load(io.BytesIO((out / "scene.glb").read_bytes()), file_type="glb")
    lo, hi = loaded.bounds
    objects_lo = np.min([o["bbox"]["min"] for o in scene["objects"]], axis=0)
    objects_hi = np.max([o["bbox"]["max"] for o in scene["objects"]], axis=0)
    assert np.all(lo <= objects_lo + 1e-3) and np.all(hi >= objects_hi - 1e-3)
    assert hi[1] == pytest.approx(2.7, abs=1e-3), "the walls reach the room height"


@needs_three
def test_scene_glb_passes_the_khronos_validator(written):
    out, _, _, _ = written
    result = subprocess.run(["node", str(ROOT / "tests" / "gltf_validate.mjs"), str(out / "scene.glb")],
                            capture_output=True, text=True, check=True, timeout=60)
    report = json.loads(result.stdout)[str(out / "scene.glb")]
    assert report["errors"] == 0, report["messages"]


@needs_three
def test_index_html_is_static_with_a_strict_csp(written):
    out, _, _, _ = written
    html = (out / "index.html").read_text()
    assert "alert" not in html and "red chair" not in html
    assert "alert" not in (out / "viewer.js").read_text()
    assert 'data-diorama-state="loading"' in html
    assert '<script type="module" src="viewer.js"></script>' in html
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html).group(1)
    for directive in ("default-src 'none'", "connect-src 'self'", "img-src 'self' data: blob:",
                      "style-src 'self' 'unsafe-inline'", "base-uri 'none'", "form-action 'none'"):
        assert directive in csp
    assert "script-src 'self';" in csp, "no inline script, so no hash and never 'unsafe-inline' for scripts"
    assert "unsafe-eval" not in csp
    assert len(re.findall(r"<script", html)) == 1 and "importmap" not in html


@needs_three
def test_the_page_ships_one_minified_bundle_and_no_three_js_sources(written):
    out, _, _, _ = written
    script = (out / "viewer.js").read_text()
    assert not re.search(r"""^\s*import\b|\bimport\s*\(\s*['"]""", script, re.M), "the bundle imports nothing"
    assert "WebGLRenderer" in script and "GLTFLoader" in script  # three.js is inside ...
    assert max(len(line) for line in script.splitlines()) > 10_000  # ... minified (long lines, not source)
    assert not (out / "vendor").exists() and not list(out.glob("three*.js"))
    assert sorted(p.name for p in out.glob("*.js")) == ["viewer.js"]
    page = sum((out / name).stat().st_size for name in ("index.html", *PAGE_FILES))
    assert page <= MAX_PAGE_BYTES, f"the page's own files weigh {page} bytes"


@needs_three
def test_floor_and_walls_name_their_texture_files_written_beside_scene_json(written):
    out, scene, _, _ = written
    arch = scene["architecture"]
    floor, walls = arch["floor"]["texture"], [wall["texture"] for wall in arch["walls"]]
    assert floor == {"pattern": "carpet", "map": "textures/carpet.png", "normal_map": "textures/carpet_normal.png",
                     "roughness_map": "textures/carpet_roughness.png", "metres": repeat_metres("carpet")}
    assert all(wall == walls[0] for wall in walls) and walls[0]["pattern"] == WALL_PATTERNS["plaster"]
    assert arch["floor"]["color"] == FLOOR_COLORS["carpet"], "the colour stays the factor the texels multiply"
    named = {t[slot] for t in (floor, *walls) for slot in ("map", "normal_map", "roughness_map")}
    assert sorted(p.relative_to(out).as_posix() for p in (out / "textures").iterdir()) == sorted(named)
    for pattern in ("carpet", WALL_PATTERNS["plaster"]):
        for relative, png in surface_files(pattern).items():
            assert (out / relative).read_bytes() == png


@needs_three
def test_scene_glb_carries_the_floor_and_wall_textures(written):
    out, _, _, _ = written
    gltf = read_glb((out / "scene.glb").read_bytes())
    by_name = {m.name: m for m in gltf.materials}
    for name in ("floor", "wall"):
        material = by_name[name]
        assert material.pbrMetallicRoughness.baseColorTexture is not None and material.normalTexture is not None
    assert {"carpet", "plaster"} <= {image.name for image in gltf.images}


def test_snow_water_and_space_stay_plain_grass_is_turf_and_wood_is_planks():
    def floor(env, look=None):
        return architecture(env, *scene_bounds(env), look)["floor"]

    assert floor(Environment(kind="outdoor", width=12, depth=10, floor="grass"))["texture"]["pattern"] == "turf"
    assert "texture" not in floor(Environment(kind="outdoor", width=12, depth=10, floor="water"))
    assert "texture" not in floor(Environment(kind="outdoor", width=12, depth=10, floor="stone"), Look(weather="snow"))
    assert "texture" not in floor(Environment(kind="outdoor", width=12, depth=10, floor="stone", room_type="space"))
    assert floor(Environment(kind="indoor", width=5, depth=4, floor="wood"))["texture"]["pattern"] == "planks"


@needs_three
def test_rewriting_gives_the_same_bytes(written, tmp_path):
    out, _, _, _ = written
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    plan, assets, placements = _scene_inputs(out)
    write_scene(out, plan, assets, placements, scene_id="test-scene", three_dir=THREE_DIR)
    after = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert after == before


@needs_three
def test_outdoor_scene_has_ground_and_no_walls(tmp_path):
    out = tmp_path / "park"
    plan, assets, placements = _scene_inputs(out, kind="outdoor", prompt="a park")
    scene = write_scene(out, plan, assets, placements, scene_id="park", three_dir=THREE_DIR)
    arch = scene["architecture"]
    assert arch["kind"] == "outdoor" and arch["walls"] == [] and arch["windows"] == []
    assert arch["floor"]["color"] == FLOOR_COLORS["grass"]
    assert "sea" not in arch  # a park has no sea beyond it


def test_a_beach_has_the_sea_beyond_its_back_edge():
    from tools.page.compose import SEA_SHARE, architecture, scene_bounds

    beach = Environment(kind="outdoor", room_type="beach", width=16, depth=12, height=10, floor="sand")
    arch = architecture(beach, *scene_bounds(beach))
    assert arch["sea"] == {"depth": pytest.approx(SEA_SHARE * 12), "color": FLOOR_COLORS["water"]}
    park = beach.model_copy(update={"room_type": "park", "floor": "grass"})
    assert "sea" not in architecture(park, *scene_bounds(park))


def test_unknown_asset_is_refused(tmp_path):
    from tools.core.errors import AssetError

    plan, assets, placements = _scene_inputs(tmp_path)
    placements[0] = placements[0].model_copy(update={"asset": "missing"})
    with pytest.raises(AssetError, match="missing"):
        write_scene(tmp_path, plan, assets, placements, scene_id="x", three_dir=THREE_DIR)


# ------------------------------------------------------------------ camera

@pytest.mark.parametrize("size", [(3, 2.5, 3), (5, 2.7, 4), (12, 3, 4), (2, 2.4, 9), (40, 10, 30)])
@pytest.mark.parametrize("aspect", [4 / 3, 16 / 9, 0.75])
def test_every_view_contains_the_bounds(size, aspect):
    lo, hi = np.array([-size[0] / 2, 0, -size[2] / 2]), np.array([size[0] / 2, size[1], size[2] / 2])
    views = frame_views({"min": lo, "max": hi}, [], aspect=aspect, fov=50)
    assert set(views) == {"hero", "overview", "top", "side"}
    for name, view in views.items():
        assert view_contains(view, lo, hi, aspect, view.get("fov", 50)), name


def _elevation(view: dict) -> float:
    """Degrees the view looks down from the horizon."""
    back = np.subtract(view["position"], view["target"])
    return math.degrees(math.atan2(back[1], math.hypot(back[0], back[2])))


def test_overview_looks_from_front_right_above_and_from_outside_the_room():
    lo, hi = np.array([-2.5, 0, -2]), np.array([2.5, 2.7, 2])
    views = frame_views((lo, hi), [])
    overview = np.subtract(views["overview"]["position"], views["overview"]["target"])
    assert overview[0] > 0 and overview[2] > 0
    assert 35 <= _elevation(views["overview"]) <= 45
    assert views["overview"]["position"][0] > hi[0] or views["overview"]["position"][2] > hi[2]
    top = np.subtract(views["top"]["position"], views["top"]["target"])
    assert top[1] > 20 * math.hypot(top[0], top[2]) > 0, "top is nearly straight down, never exactly"
    side = np.subtract(views["side"]["position"], views["side"]["target"])
    assert side[0] < 0 and side[2] > 0


ROOM_OBJECTS = [  # a 5 m x 4 m room: a sofa and a tv asked for, a plant and a chair the planner added
    {"id": "sofa_1", "requested": True, "bbox": {"min": [-2.0, 0, -1.9], "max": [0.0, 0.9, -1.0]}},
    {"id": "tv_1", "requested": True, "bbox": {"min": [-1.5, 0, 1.5], "max": [-0.5, 1.2, 1.9]}},
    {"id": "plant_1", "requested": False, "bbox": {"min": [2.0, 0, 1.5], "max": [2.4, 1.2, 1.9]}},
    {"id": "chair_1", "requested": False, "bbox": {"min": [1.5, 0, -1.8], "max": [2.1, 0.9, -1.2]}},
]


@pytest.mark.parametrize("aspect", [4 / 3, 16 / 9, 0.75])
def test_hero_is_a_low_three_quarter_view_through_a_35mm_lens_that_cuts_nothing_asked_for(aspect):
    lo, hi = np.array([-2.5, 0, -2]), np.array([2.5, 2.7, 2])
    for objects in (ROOM_OBJECTS, ROOM_OBJECTS[:1], ROOM_OBJECTS[2:], []):
        hero = frame_views((lo, hi), objects, aspect=aspect)["hero"]
        assert 0 < _elevation(hero) <= MAX_HERO_ELEVATION
        assert 35 <= 12 / math.tan(math.radians(hero["fov"]) / 2) <= 50, "35-50 mm on a 24 mm high frame"
        back = np.subtract(hero["position"], hero["target"])
        assert back[0] > 0 and back[2] > 0, "from the front-right, as the overview"
        # Nothing asked for: the subject is the group the hero names (see the tests of tools/page/camera_subject.py).
        asked = [o for o in objects if o["requested"]] or [o for o in objects if o["id"] in hero["subject"]]
        assert bool(asked) == bool(objects)
        for o in asked:
            assert view_contains(hero, o["bbox"]["min"], o["bbox"]["max"], aspect, hero["fov"]), o["id"]


def _inside(view: dict, lo, hi, inset: float = ROOM_INSET) -> bool:
    p = np.asarray(view["position"])
    return bool(np.all(p >= np.asarray(lo) + [inset, 0, inset]) and np.all(p <= np.asarray(hi) - inset))


@pytest.mark.parametrize("aspect", [4 / 3, 16 / 9])
def test_indoor_hero_is_taken_from_inside_a_5_by_4_m_room_at_eye_level_or_a_little_above(aspect):
    lo, hi = np.array([-2.5, 0, -2]), np.array([2.5, 2.7, 2])
    sofa, tv, plant, chair = ROOM_OBJECTS
    nightstand = {"id": "nightstand_1", "requested": True, "bbox": {"min": [0.7, 0, -2.0], "max": [1.2, 0.55, -1.6]}}
    for objects in ([sofa, plant, chair], [nightstand, plant, chair], [tv, chair]):
        hero = frame_views((lo, hi), objects, aspect=aspect, indoor=True)["hero"]
        assert 0 < _elevation(hero) <= MAX_HERO_ELEVATION
        assert _inside(hero, lo, hi), f"{[o['id'] for o in objects]}: the photographer stands in the room, {hero}"
        for o in objects:
            if o["requested"]:
                assert view_contains(hero, o["bbox"]["min"], o["bbox"]["max"], aspect, hero["fov"]), o["id"]
    # A sofa at one wall and the tv it faces at the other: tests/test_camera_large_rooms.py.


def _tree(x: float, z: float) -> dict:
    return {"id": f"tree_{x}_{z}", "requested": False, "bbox": {"min": [x - 0.5, 0, z - 0.5], "max": [x + 0.5, 4, z + 0.5]}}


def test_hero_puts_the_requested_subject_on_the_lower_third_away_from_the_rest():
    lo, hi = np.array([-5, 0, -5]), np.array([5, 3, 5])
    bench = {"id": "bench_1", "requested": True, "bbox": {"min": [-0.8, 0, -0.3], "max": [0.8, 0.9, 0.3]}}
    for trees, side in (([(-3, -3), (-4, 0), (-1, -4)], 1), ([(2, -3), (3, -2)], -1)):
        hero = frame_views((lo, hi), [*(_tree(x, z) for x, z in trees), bench])["hero"]
        x, y = ndc(hero, [0, 0.45, 0], 4 / 3)
        assert 0.15 < x * side <= 1 / 3 + 0.01 and -1 / 3 - 0.01 <= y < -0.15, (x, y)  # towards the lower third
    # Trees all round, far off: framing them too would make the bench a speck, so they are left to the edges.
    ring = [_tree(x, z) for x in (-4, 4) for z in (-4, 4)]
    hero = frame_views((lo, hi), [*ring, bench])["hero"]
    x, y = ndc(hero, [0, 0.45, 0], 4 / 3)
    assert 0.15 < abs(x) <= 1 / 3 + 0.01 and -1 / 3 - 0.01 <= y < -0.15, (x, y)
    assert view_contains(hero, bench["bbox"]["min"], bench["bbox"]["max"], 4 / 3, hero["fov"])
    assert not all(view_contains(hero, t["bbox"]["min"], t["bbox"]["max"], 4 / 3, hero["fov"]) for t in ring)


def test_hero_turns_so_a_tall_thing_nobody_asked_for_does_not_hide_the_subject():
    lo, hi = np.array([-3, 0, -3]), np.array([3, 2.7, 3])
    wheel = {"id": "wheel_1", "requested": True, "bbox": {"min": [-0.3, 0, -0.3], "max": [0.3, 0.6, 0.3]}}
    table = {"id": "table_1", "requested": False, "bbox": {"min": [-2.5, 0, -2.5], "max": [-1.5, 0.75, -1.5]}}
    clear = frame_views((lo, hi), [wheel, table])["hero"]
    boxes = [(o["id"], np.array(o["bbox"]["min"]), np.array(o["bbox"]["max"])) for o in (wheel, table)]
    assert hidden_share(clear["position"], boxes, {"wheel_1"}) == 0
    back = np.subtract(clear["position"], clear["target"])
    assert back[0] > 0 and back[2] > 0, "nothing in the way: the front-right view"
    # A bookshelf on the line from that camera to the wheel: the hero turns to a view that sees it.
    towards = np.subtract(clear["position"], [0, 0.3, 0])
    towards = towards / np.linalg.norm(towards[[0, 2]])
    x, z = towards[0] * 1.2, towards[2] * 1.2
    shelf = {"id": "bookshelf_1", "requested": False,
             "bbox": {"min": [x - 0.45, 0, z - 0.45], "max": [x + 0.45, 2.0, z + 0.45]}}
    boxes.append(("bookshelf_1", np.array(shelf["bbox"]["min"]), np.array(shelf["bbox"]["max"])))
    assert hidden_share(clear["position"], boxes, {"wheel_1"}) == 1
    hero = frame_views((lo, hi), [wheel, table, shelf])["hero"]
    assert hidden_share(hero["position"], boxes, {"wheel_1"}) == 0
    assert 0 < _elevation(hero) <= MAX_HERO_ELEVATION
    assert view_contains(hero, wheel["bbox"]["min"], wheel["bbox"]["max"], 4 / 3, hero["fov"])


def test_views_also_contain_objects_outside_the_bounds():
    lo, hi = np.array([-2, 0, -2]), np.array([2, 2.5, 2])
    tall = {"id": "tree_1", "bbox": {"min": [1.5, 0, 1.5], "max": [3.5, 6, 3.5]}}
    views = frame_views((lo, hi), [tall])
    for view in (views["overview"], views["top"], views["side"]):
        assert view_contains(view, [-2, 0, -2], [3.5, 6, 3.5], 4 / 3, 50)
    assert view_contains(views["hero"], [1.5, 0, 1.5], [3.5, 6, 3.5], 4 / 3, views["hero"]["fov"])


def test_focus_frames_a_subset_closer():
    lo, hi = np.array([-5, 0, -5]), np.array([5, 3, 5])
    cup = Placement(id="cup_1", spec="cup", category="cup", asset="k", position=(3, 0.75, 3), size=(0.1, 0.1, 0.1))
    whole = frame_views((lo, hi), [cup])
    focused = frame_views((lo, hi), [cup], focus_ids=["cup_1"])
    distance = lambda v: np.linalg.norm(np.subtract(v["position"], v["target"]))  # noqa: E731
    assert distance(focused["overview"]) < distance(whole["overview"]) / 4
    assert view_contains(focused["overview"], [2.95, 0.75, 2.95], [3.05, 0.85, 3.05], 4 / 3, 50)
    assert view_contains(focused["hero"], [2.95, 0.75, 2.95], [3.05, 0.85, 3.05], 4 / 3, focused["hero"]["fov"])
    with pytest.raises(ValueError, match="focus"):
        frame_views((lo, hi), [cup], focus_ids=["nope"])


def test_bad_bounds_are_refused():
    with pytest.raises(ValueError, match="below min"):
        frame_views(([1, 0, 1], [0, 1, 0]), [])


# ------------------------------------------------------------------ the page in a browser

@needs_three
@pytest.mark.browser
@pytest.mark.slow
def test_page_reaches_ready_and_its_test_api_works(written, lazy_browser):
    from tools.core.static_server import serve_folder

    out, scene, _, _ = written
    # the session's one Playwright: a second sync_playwright in this thread would find its loop running
    with serve_folder(out) as url, lazy_browser.get().new_page((1024, 768)) as page:
        problems: list[str] = []
        page.on("console", lambda m: problems.append(m.text) if m.type in ("error", "warning") else None)
        page.on("pageerror", lambda e: problems.append(str(e)))
        page.on("dialog", lambda d: problems.append(f"dialog {d.message}"))
        page.goto(url + "index.html")
        page.wait_for_selector("html[data-diorama-state=ready], html[data-diorama-state=error]",
                               state="attached", timeout=120_000)
        assert page.evaluate("document.documentElement.dataset.dioramaState") == "ready", \
            page.evaluate("document.documentElement.dataset.dioramaError")
        assert page.evaluate("document.getElementById('caption').textContent") == HOSTILE_PROMPT
        assert page.evaluate("window.diorama.views") == ["hero", "overview", "top", "side"]
        pixels = page.evaluate("window.diorama.objectPixels()")
        assert set(pixels) == {o["id"] for o in scene["objects"]}
        assert min(pixels.values()) >= MIN_VISIBLE_PIXELS, pixels
        stats = page.evaluate("window.diorama.imageStats()")
        assert stats["std"] > 5 and stats["distinct"] > 20
        assert page.evaluate("window.diorama.setView('top')") is True
        assert min(page.evaluate("window.diorama.objectPixels()").values()) >= MIN_VISIBLE_PIXELS
        info = page.evaluate("window.diorama.info()")
        assert info["objects"] == 4 and info["drawCalls"] > 0 and info["triangles"] > 0
        assert problems == []


@needs_three
@pytest.mark.browser
@pytest.mark.slow
def test_page_waits_for_the_floor_texture_and_a_missing_one_does_not_hang_it(written, lazy_browser):
    from tools.core.static_server import serve_folder

    out, scene, _, _ = written
    floor_map = scene["architecture"]["floor"]["texture"]["map"]

    def open_page() -> tuple[list[str], list[str]]:
        """(console warnings and errors, textures fetched before ready) of one visit."""
        with serve_folder(out) as url, lazy_browser.get().new_page((1024, 768)) as page:
            problems: list[str] = []
            page.on("console", lambda m: problems.append(m.text) if m.type in ("error", "warning") else None)
            page.goto(url + "index.html")
            page.wait_for_selector("html[data-diorama-state=ready], html[data-diorama-state=error]",
                                   state="attached", timeout=120_000)
            assert page.evaluate("document.documentElement.dataset.dioramaState") == "ready", \
                page.evaluate("document.documentElement.dataset.dioramaError")
            fetched = page.evaluate("performance.getEntriesByType('resource').map((e) => e.name)")
            return problems, [name.removeprefix(url) for name in fetched if "/textures/" in name]

    problems, fetched = open_page()
    assert problems == [] and floor_map in fetched and len(fetched) == 6, fetched  # carpet and plaster, 3 each
    (out / floor_map).unlink()
    problems, _ = open_page()
    assert any(floor_map in p and "stays plain" in p for p in problems), problems


def test_focus_adds_a_detail_view_and_keeps_the_overall_ones(tmp_path):
    plan, refs, placements = _scene_inputs(tmp_path)
    whole = write_scene(tmp_path, plan, refs, placements, scene_id="s1", three_dir=THREE_DIR)
    focused = write_scene(tmp_path, plan, refs, placements, scene_id="s1", three_dir=THREE_DIR,
                          focus_ids=[placements[0].id])
    assert set(focused["camera"]["views"]) == set(whole["camera"]["views"]) | {"detail1"}
    for name, view in whole["camera"]["views"].items():
        assert focused["camera"]["views"][name] == view


@needs_three
@pytest.mark.browser
@pytest.mark.slow
def test_twenty_identical_chairs_are_instanced_and_still_counted_one_by_one(tmp_path, lazy_browser):
    """Repeated objects share draw calls (instancing), while the object-ID pass still sees each chair."""
    from tools.evaluate.run import asset_material_pairs
    from tools.verify.render import MIN_VISIBLE_PIXELS as VERIFY_MIN_PIXELS
    from tools.verify.render import verify_scene

    out = tmp_path / "hall"
    chair = _asset(out, "chair", "#c0392b")
    plan = ScenePlan(prompt="twenty red chairs", seed=0,
                     environment=Environment(kind="indoor", width=8, depth=6, height=2.7, windows=2),
                     objects=[ObjectSpec(key="chair", category="chair", count=20, color="#c0392b")])
    placements = [Placement(id=f"chair_{i + 1}", spec="chair", category="chair", asset=chair.key,
                            position=(-3.0 + 1.5 * (i % 5), 0.0, -2.1 + 1.4 * (i // 5)), yaw=0.3 * i,
                            size=chair.size) for i in range(20)]
    scene = write_scene(out, plan, {"chair": chair}, placements, scene_id="hall", three_dir=THREE_DIR)
    report = verify_scene(out, lazy_browser.get(), timeout_s=90)
    assert all(check["passed"] for check in report["checks"]), report["checks"]
    info = report["info"]
    pairs = asset_material_pairs(out, scene)
    assert info["objects"] == 20
    assert 0 < info["objectDrawCalls"] <= pairs, (info, pairs)
    assert info["drawCalls"] <= pairs + 8, "the room costs a handful of calls: floor, plinth, walls, caps, windows"
    top = report["views"]["top"]["object_pixels"]
    assert list(top) == [p.id for p in placements], "per-object counts in scene.json order"
    assert all(count >= VERIFY_MIN_PIXELS for count in top.values()), top
    assert len(set(top.values())) > 1, "each chair is counted on its own, not the instanced whole"
