"""The independent judge: geometry on hand-made scenes, requirements, and `diorama eval` end to end."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest
import trimesh

from tools.core.gltf import Material, Mesh, Node, Primitive, srgb_to_linear, write_glb
from tools.core.report import Report
from tools.evaluate.geometry import hull_of, judge_geometry, load_world_objects, penetration_depth
from tools.evaluate.requirements import judge_relation
from tools.evaluate.run import aggregate, disagreements

BOUNDS = {"min": [-3.0, 0.0, -3.0], "max": [3.0, 2.7, 3.0]}


def _boxes_glb(boxes: list[tuple[tuple[float, float, float], tuple[float, float, float]]],
               color: tuple[float, float, float] = (0.5, 0.5, 0.5)) -> bytes:
    """A GLB of axis-aligned boxes, each (size (3,), centre (3,)), in one material."""
    parts = [trimesh.creation.box(extents=size).apply_translation(centre) for size, centre in boxes]
    merged = trimesh.util.concatenate(parts)
    mat = Material("m", base_color=(*[srgb_to_linear(c) for c in color], 1.0))
    prim = Primitive(np.asarray(merged.vertices, np.float32), np.asarray(merged.vertex_normals, np.float32),
                     np.asarray(merged.faces, np.uint32), mat)
    return write_glb([Mesh("asset", [prim])], [Node("asset", mesh=0)])


CHAIR = [((0.45, 0.05, 0.45), (0, 0.425, 0))] + [
    ((0.04, 0.4, 0.04), (x, 0.2, z)) for x in (-0.2, 0.2) for z in (-0.2, 0.2)
] + [((0.45, 0.5, 0.04), (0, 0.7, -0.205))]
TABLE = [((1.2, 0.04, 0.8), (0, 0.73, 0))] + [((0.05, 0.71, 0.05), (x, 0.355, z)) for x in (-0.55, 0.55) for z in (-0.35, 0.35)]
CUP = [((0.08, 0.1, 0.08), (0, 0.05, 0))]
CUBE = [((0.5, 0.5, 0.5), (0, 0.25, 0))]
PLANK = [((2.0, 0.2, 0.3), (0, 0.1, 0))]


def _write_scene(folder: Path, assets: dict[str, list], objects: list[dict]) -> Path:
    """A scene folder with one GLB per named asset and scene.json objects (bbox left out: nothing to compare)."""
    (folder / "assets").mkdir(parents=True)
    for name, boxes in assets.items():
        (folder / "assets" / f"{name}.glb").write_bytes(_boxes_glb(boxes))
    entries = []
    for obj in objects:
        yaw = obj.get("yaw", 0.0)
        entries.append({"id": obj["id"], "category": obj["asset"], "asset": f"assets/{obj['asset']}.glb",
                        "position": list(obj["position"]), "rotation": [0, math.sin(yaw / 2), 0, math.cos(yaw / 2)],
                        "scale": [1, 1, 1], "parent": obj.get("parent"), "mount": obj.get("mount", "floor")})
    scene = {"version": 1, "prompt": "hand-made", "seed": 0, "bounds": BOUNDS, "objects": entries}
    (folder / "scene.json").write_text(json.dumps(scene))
    return folder


def test_overlapping_chairs_are_caught(tmp_path):
    folder = _write_scene(tmp_path / "s", {"chair": CHAIR},
                          [{"id": "chair_1", "asset": "chair", "position": (0, 0, 0)},
                           {"id": "chair_2", "asset": "chair", "position": (0.2, 0, 0.1)}])
    found = judge_geometry(folder)["collisions"]
    assert [(c["a"], c["b"]) for c in found] == [("chair_1", "chair_2")]
    assert found[0]["depth"] > 0.2


def test_chairs_touching_within_tolerance_do_not_collide(tmp_path):
    folder = _write_scene(tmp_path / "s", {"chair": CHAIR},
                          [{"id": "chair_1", "asset": "chair", "position": (0, 0, 0)},
                           {"id": "chair_2", "asset": "chair", "position": (0.447, 0, 0)}])
    assert judge_geometry(folder)["collisions"] == []


def test_crossing_planks_are_caught_though_no_corner_is_inside_the_other(tmp_path):
    folder = _write_scene(tmp_path / "s", {"plank": PLANK},
                          [{"id": "plank_1", "asset": "plank", "position": (0, 0, 0)},
                           {"id": "plank_2", "asset": "plank", "position": (0, 0, 0), "yaw": math.pi / 2}])
    assert [(c["a"], c["b"]) for c in judge_geometry(folder)["collisions"]] == [("plank_1", "plank_2")]


def test_cup_on_table_is_neither_colliding_nor_floating(tmp_path):
    folder = _write_scene(tmp_path / "s", {"table": TABLE, "cup": CUP},
                          [{"id": "table", "asset": "table", "position": (0, 0, 0)},
                           {"id": "cup", "asset": "cup", "position": (0.3, 0.75, 0.1), "parent": "table",
                            "mount": "surface"}])
    result = judge_geometry(folder)
    assert result["collisions"] == [] and result["floating"] == [] and result["out_of_bounds"] == []


def test_chair_tucked_into_table_legs_collides(tmp_path):
    folder = _write_scene(tmp_path / "s", {"table": TABLE, "chair": CHAIR},
                          [{"id": "table", "asset": "table", "position": (0, 0, 0)},
                           {"id": "chair", "asset": "chair", "position": (0.55, 0, 0.35)}])
    assert judge_geometry(folder)["collisions"]


def test_floating_cube_is_caught(tmp_path):
    folder = _write_scene(tmp_path / "s", {"cube": CUBE},
                          [{"id": "ground", "asset": "cube", "position": (1, 0, 1)},
                           {"id": "flying", "asset": "cube", "position": (-1, 0.3, -1)}])
    assert judge_geometry(folder)["floating"] == ["flying"]


def test_cube_past_the_wall_is_out_of_bounds(tmp_path):
    folder = _write_scene(tmp_path / "s", {"cube": CUBE},
                          [{"id": "inside", "asset": "cube", "position": (2.74, 0, 0)},
                           {"id": "outside", "asset": "cube", "position": (2.9, 0, 0)}])
    assert judge_geometry(folder)["out_of_bounds"] == ["outside"]


def test_scene_json_bbox_that_lies_is_reported(tmp_path):
    folder = _write_scene(tmp_path / "s", {"cube": CUBE}, [{"id": "cube", "asset": "cube", "position": (0, 0, 0)}])
    scene = json.loads((folder / "scene.json").read_text())
    scene["objects"][0]["bbox"] = {"min": [-0.25, 0, -0.25], "max": [0.25, 0.45, 0.25]}
    (folder / "scene.json").write_text(json.dumps(scene))
    assert [(m["id"], m["kind"]) for m in judge_geometry(folder)["bbox_mismatches"]] == [("cube", "misses_mesh")]


def test_penetration_depth_of_two_unit_boxes_is_their_overlap():
    corners = np.array([[x, y, z] for x in (0, 1) for y in (0, 1) for z in (0, 1)], dtype=float)
    a, b = hull_of(corners), hull_of(corners + [0.7, 0.2, 0.1])
    assert penetration_depth(a, b) == pytest.approx(0.3)
    assert penetration_depth(a, hull_of(corners + [1.01, 0, 0])) < 0


def test_stacked_cubes_pass_and_a_gap_fails(tmp_path):
    folder = _write_scene(tmp_path / "s", {"cube": CUBE},
                          [{"id": "cube_1", "asset": "cube", "position": (0, 0, 0)},
                           {"id": "cube_2", "asset": "cube", "position": (0, 0.5, 0), "parent": "cube_1"},
                           {"id": "cube_3", "asset": "cube", "position": (0.05, 1.1, 0), "parent": "cube_2"}])
    objects = load_world_objects(folder, json.loads((folder / "scene.json").read_text()))
    assert judge_relation("stacked", objects[:2], [], BOUNDS, None)[0]
    passed, evidence = judge_relation("stacked", objects, [], BOUNDS, None)
    assert not passed and "cube_3" in evidence


def test_aggregate_counts_colliding_objects_once():
    record = {"objects": 4, "collisions": [{"a": "x", "b": "y"}, {"a": "x", "b": "z"}], "out_of_bounds": [],
              "floating": ["w"], "bbox_mismatches": [], "requirements": [{"passed": True}, {"passed": False}], "visible_share": 0.75,
              "seconds": 4.0, "render": {"seconds": 1.0}, "render_ok": True, "generator_passed": True,
              "disagreements": [], "bytes": 10, "draw_calls": 9, "object_draw_calls": 3,
              "asset_material_pairs": 5, "named": [], "junk": [], "indoor": False, "density_per_10m2": None,
              "navigability": None, "unreachable": [],
              "named_counts": {"fitting": 0, "stand-in": 0, "placeholder": 0, "missing": 0}}
    totals = aggregate([record])
    assert totals["targets"]["object_draw_calls<=asset_material_pairs"]["met"]
    assert totals["colliding_object_share"] == 0.75
    assert totals["floating_share"] == 0.25 and totals["requirement_pass_rate"] == 0.5
    assert totals["targets"]["median_end_to_end_s<=10"]["met"]


@pytest.mark.browser
@pytest.mark.slow
def test_diorama_eval_on_two_prompts(tmp_path, monkeypatch):
    from app.cli.main import main
    from tools.core.settings import get_settings

    monkeypatch.setenv("DIORAMA_DATA_DIR", str(tmp_path / "data"))
    get_settings.cache_clear()
    prompts = tmp_path / "prompts.txt"
    prompts.write_text("a table\nthree red cubes stacked on top of each other\n")
    out = tmp_path / "eval"
    try:
        assert main(["eval", str(prompts), "--out", str(out)]) == 0
    finally:
        get_settings.cache_clear()
    data = json.loads((out / "eval.json").read_text())
    scenes, totals = data["scenes"], data["aggregate"]
    assert (out / "summary.md").is_file() and (out / "contact_sheet.png").stat().st_size > 1000
    assert totals["scenes"] == len(scenes) == 2
    assert totals["objects"] == sum(s["objects"] for s in scenes)
    requirements = [r for s in scenes for r in s["requirements"]]
    assert totals["requirement_pass_rate"] == round(sum(r["passed"] for r in requirements) / len(requirements), 4)
    assert all(s["render_ok"] and s["draw_calls"] >= s["object_draw_calls"] > 0 for s in scenes)
    assert all((Path(s["folder"]) / "screenshots" / "hero.png").is_file() for s in scenes)


def test_report_claims_the_measurement_contradicts_are_disagreements():
    report = Report.model_validate({
        "passed": True,
        "checks": [{"name": "no_collisions", "passed": True, "evidence": "none"},
                   {"name": "ready", "passed": True, "evidence": "ready"}],
        "requirements": [{"id": "count_chair", "kind": "count", "description": "two chairs", "passed": True}]})
    record = {"collisions": [{"a": "chair_1", "b": "chair_2"}], "out_of_bounds": [], "floating": [],
              "render": {"checks": {"ready": False}}, "bbox_mismatches": [],
              "requirements": [{"id": "count_chair", "passed": False, "evidence": "1 found, 2 asked"}]}
    assert [d["what"] for d in disagreements(report, record)] == ["no_collisions", "ready", "requirement count_chair"]
    assert [d["generator"] for d in disagreements(None, record)] == ["absent"]


def test_a_sun_or_moon_no_object_shows_is_the_sky():
    """Outside space the planner drops the sun and the moon (the look draws them): the judge counts a named moon
    that no object shows as the scene, not as a missing thing; a lamp no object shows is still missing."""
    from tools.evaluate.named import judge_named
    from tools.plan.sentence import parse_prompt

    judged = {j["name"]: j["verdict"] for j in judge_named(parse_prompt("a meadow under a full moon with a lamp"), [])}
    assert judged == {"moon": "scene", "lamp": "missing"}, judged


def _box_object(oid: str, category: str, lo, hi, parent: str | None = None, parts=()):
    """A WorldObject of boxes: ``parts`` its convex parts as (lo, hi) pairs, else one box."""
    import itertools

    from tools.evaluate.geometry import WorldObject, hull_of

    def box(a, b):
        return hull_of(np.array(list(itertools.product(*zip(a, b))), float))

    lo, hi = np.array(lo, float), np.array(hi, float)
    return WorldObject(oid, category, parent, "floor", (lo + hi) / 2, np.eye(3), lo, hi,
                       [box(a, b) for a, b in parts] or [box(lo, hi)])


def test_a_held_thing_rests_on_a_board_of_its_holder_or_in_an_open_holder_and_nowhere_else():
    from tools.evaluate.geometry import floating

    bounds = {"min": [-5, 0, -5], "max": [5, 3, 5]}
    shelf = _box_object("shelf", "bookshelf", [0, 0, 0], [1, 2, 0.4],
                        parts=[([0, 0, 0], [1, 0.02, 0.4]), ([0, 0.8, 0], [1, 0.82, 0.4]), ([0, 1.98, 0], [1, 2, 0.4])])
    on_board = _box_object("jar", "jar", [0.4, 0.82, 0.1], [0.5, 0.95, 0.2], parent="shelf")
    between = _box_object("jar2", "jar", [0.6, 0.5, 0.1], [0.7, 0.63, 0.2], parent="shelf")
    basket = _box_object("basket", "basket", [2, 0, 0], [2.5, 0.3, 0.5])
    heaped = _box_object("apple", "fruit", [2.2, 0.22, 0.2], [2.28, 0.3, 0.28], parent="basket")
    case = _box_object("case", "display_cabinet", [3, 0, 0], [3.8, 1.9, 0.45],  # legs, and base and glass as one part
                       parts=[([3, 0, 0], [3.05, 0.25, 0.05]), ([3, 0.25, 0], [3.8, 1.9, 0.45])])
    inside = _box_object("croissant", "croissant", [3.3, 0.25, 0.1], [3.45, 0.31, 0.2], parent="case")
    above_its_floor = _box_object("cake", "cake", [3.5, 0.28, 0.1], [3.6, 0.36, 0.2], parent="case")
    assert floating([shelf, on_board, between, basket, heaped, case, inside, above_its_floor], bounds) == \
        ["jar2", "cake"]


RUG = [((1.6, 0.003, 1.0), (0, 0.0015, 0))]


def test_twins_stacked_in_one_spot_collide_however_thin(tmp_path):
    folder = _write_scene(tmp_path / "s", {"rug": RUG, "chair": CHAIR},
                          [{"id": "rug_1", "asset": "rug", "position": (0, 0, 0)},
                           {"id": "rug_2", "asset": "rug", "position": (0.1, 0, 0)},
                           {"id": "rug_3", "asset": "rug", "position": (1.7, 0, 0)},  # beside them: no stack
                           {"id": "chair_1", "asset": "chair", "position": (0, 0, 0)}])  # a chair on a rug is no stack
    assert [(c["a"], c["b"]) for c in judge_geometry(folder)["collisions"]] == [("rug_1", "rug_2")]
