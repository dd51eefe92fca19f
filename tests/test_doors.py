"""Every room has a door: where it goes, that the layout keeps its swing clear and the walkable floor reaches it,
the opening-clearance check report.json carries, and the judge's opening clearance on meshes."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.test_evaluate import _write_scene
from tools.core.report import CheckName
from tools.core.schema import Environment, ObjectSpec, Placement, ScenePlan
from tools.core.windows import DOOR_SIZE, DOOR_WINDOW_GAP, doors_of, gap_to_window, wall_corners, windows_of
from tools.evaluate.geometry import load_world_objects
from tools.evaluate.space import measure_space
from tools.knowledge.categories import CATEGORIES
from tools.layout.openings import blockers, opening_zones, reserve_openings
from tools.layout.solver import room_bounds, solve_layout
from tools.layout.space import Box, Space
from tools.layout.walkable import measure
from tools.verify.checks import navigability_check, opening_clearance_check

WALL_BOX = [((0.5, 1.0, 0.5), (0, 0.5, 0))]
ROOM = {"min": [-3.0, 0.0, -2.0], "max": [3.0, 2.7, 2.0]}


def _room(width: float = 6.0, depth: float = 4.0, windows: int = 2) -> Environment:
    return Environment(kind="indoor", width=width, depth=depth, height=2.7, windows=windows)


@settings(max_examples=60, deadline=None)
@given(width=st.floats(2.5, 14.0), depth=st.floats(2.5, 14.0), windows=st.integers(0, 2))
def test_every_room_has_one_door_on_a_wall_clear_of_its_windows(width, depth, windows):
    env = _room(round(width, 2), round(depth, 2), windows)
    door, = doors_of(env)
    assert doors_of(env) == [door]  # decided by the room alone: the same every time
    (ax, az), (bx, bz) = wall_corners(env)[door.wall], wall_corners(env)[(door.wall + 1) % 4]
    assert min(ax, bx) <= door.x <= max(ax, bx) and min(az, bz) <= door.z <= max(az, bz)
    x0, z0, x1, z1 = door.span()
    assert -env.width / 2 <= x0 and x1 <= env.width / 2 and -env.depth / 2 <= z0 and z1 <= env.depth / 2
    assert door.width == DOOR_SIZE[0] and door.height == DOOR_SIZE[1]
    assert all(gap_to_window(w, *door.span()) >= DOOR_WINDOW_GAP for w in windows_of(env))


def test_outdoors_there_is_no_door_and_the_checks_pass():
    env = Environment(kind="outdoor", width=20.0, depth=20.0, height=10.0)
    plan = ScenePlan(prompt="t", seed=0, environment=env, objects=[ObjectSpec(key="rock", category="rock")])
    assert doors_of(env) == []
    assert opening_clearance_check(plan, solve_layout(plan, {"rock": CATEGORIES["rock"].size}))["passed"]


def test_wall_furniture_fills_the_walls_but_leaves_the_door_swing_clear():
    env = _room(5.0, 4.0)
    plan = ScenePlan(prompt="t", seed=0, environment=env, objects=[
        ObjectSpec(key="bookshelf", category="bookshelf", count=6), ObjectSpec(key="wardrobe", category="wardrobe", count=2),
        ObjectSpec(key="rug", category="rug")])
    placements = solve_layout(plan, {o.key: CATEGORIES[o.category].size for o in plan.objects})
    swing = next(zone for zone in opening_zones(env) if zone.id == "door:0")
    boxes = [Box(p.id, p.spec, p.category, *p.position, p.yaw, *p.size, p.parent, p.mount) for p in placements]
    assert blockers(swing, boxes) == []
    result = opening_clearance_check(plan, placements)
    assert result["name"] == CheckName.OPENING_CLEARANCE and result["passed"], result["evidence"]
    assert {o["id"] for o in result["openings"]} == {"window:0", "window:1", "door:0"}
    assert next(o for o in result["openings"] if o["id"] == "door:0")["reached"]


def _placement(pid: str, x: float, z: float, size: tuple[float, float, float]) -> Placement:
    return Placement(id=pid, spec=pid, category="placeholder", asset=pid, position=(x, 0.0, z), yaw=0.0, size=size)


def test_a_door_cut_off_by_a_partition_is_unreached_and_both_checks_say_so():
    env = _room(6.0, 4.0, windows=0)
    door, = doors_of(env)
    assert door.side == "x-"  # the left wall: a partition at x = -1.5 leaves it in the smaller part
    plan = ScenePlan(prompt="t", seed=0, environment=env, objects=[ObjectSpec(key="partition", category="placeholder")])
    placements = [_placement("partition", -1.5, 0.0, (0.2, 2.0, 4.0))]
    space = Space(*room_bounds(env), True, 1.0)
    reserve_openings(space, env)
    space.add(Box("partition", "partition", "placeholder", -1.5, 0.0, 0.0, 0.0, 0.2, 2.0, 4.0))
    assert "door:0" in measure(space).unreachable
    assert not navigability_check(plan, placements)["passed"]
    result = opening_clearance_check(plan, placements)
    assert not result["passed"] and "door:0 not reached" in result["evidence"]
    blocked = opening_clearance_check(plan, [_placement("crate", door.x + 0.4, door.z, (0.5, 1.0, 0.5))])
    assert not blocked["passed"] and blocked["evidence"].startswith("door:0 blocked by crate")


def _judged(tmp_path, objects: list[dict], arch: dict) -> dict:
    folder = _write_scene(tmp_path / "s", {"box": WALL_BOX}, objects)
    scene = {**json.loads((folder / "scene.json").read_text()), "bounds": ROOM}
    return measure_space(load_world_objects(folder, scene), ROOM, True, arch)


DOOR = {"wall": 1, "center": [3.0, 1.05, 0.0], "width": 0.9, "height": 2.1}  # on the right wall
WINDOW = {"wall": 0, "center": [0.0, 1.55, -2.0], "width": 1.2, "height": 1.3}  # on the back wall, sill at 0.9


def test_the_judge_names_what_stands_in_a_door_swing_or_tall_in_front_of_a_window(tmp_path):
    objects = [{"id": "in_swing", "asset": "box", "position": (2.7, 0, 0.0)},
               {"id": "at_window", "asset": "box", "position": (0.3, 0, -1.73)},
               {"id": "elsewhere", "asset": "box", "position": (-1.0, 0, 0.5)}]
    judged = _judged(tmp_path, objects, {"doors": [DOOR], "windows": [WINDOW]})
    assert judged["doors"] == [{"id": "door:0", "blocked_by": ["in_swing"], "reached": True}]
    assert judged["windows"] == [{"id": "window:0", "blocked_by": ["at_window"]}]


def test_the_judge_finds_a_door_the_walkable_floor_misses(tmp_path):
    wall = [{"id": f"box_{i}", "asset": "box", "position": (1.0, 0, -1.75 + 0.5 * i)} for i in range(8)]
    judged = _judged(tmp_path, wall, {"doors": [DOOR], "windows": []})
    assert judged["doors"] == [{"id": "door:0", "blocked_by": [], "reached": False}]
    assert _judged(tmp_path / "open", wall[1:], {"doors": [DOOR]})["doors"][0]["reached"]
