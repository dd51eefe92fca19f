"""The room's walls and floor as the prompt finishes them: "exposed brick walls", "floral wallpaper", "blue walls",
"floor tiles" are the room's own surfaces, drawn by compose with their texture and colour, never objects; the
judge counts such a covering present only when the scene's surfaces show it."""

from __future__ import annotations

import numpy as np
import pytest

from tools.assets.textures import FLOOR_PATTERNS, WALL_PATTERNS
from tools.core.colors import parse_color
from tools.evaluate.named import judge_named, surface_finish, surfaces_drawn
from tools.knowledge.places import INDOOR_FLOORS, PLACES, WALL_FINISHES
from tools.page.compose import FLOOR_COLORS, WALL_COLORS, architecture
from tools.plan.look import apply_look
from tools.plan.planner import plan_prompt
from tools.plan.sentence import parse_prompt


@pytest.mark.parametrize("prompt, walls, floor, colour", [
    ("a loft with exposed brick walls and a leather sofa", "brick", None, None),
    ("a bathroom with white tiled walls and a bathtub", "tile", "tile", "white"),
    ("a study with dark wood paneling and a desk", "wood", None, None),
    ("a bedroom with floral wallpaper and a bed", "wallpaper", None, None),
    ("a bar with stone walls and a counter", "stone", None, None),
    ("a bedroom with blue walls and a bed", "plaster", None, "blue"),
    ("a kitchen with checkered floor tiles and a table", "plaster", "tile", None),
    ("a hallway with oak floorboards and a coat rack", "plaster", "wood", None),
    ("a laundry room with a concrete floor and a washing machine", "plaster", "concrete", None),
    ("a kitchen with a flagstone floor and a range cooker", "plaster", "stone", None),
])
def test_a_covering_the_prompt_names_finishes_the_room_and_is_no_object(prompt, walls, floor, colour):
    plan = plan_prompt(prompt, 0)
    env = plan.environment
    assert env.walls == walls and (floor is None or env.floor == floor)
    assert env.wall_color == (parse_color([colour], 0)[0] if colour else None)
    covering = {"walls", "wallpaper", "paneling", "tile", "tiles", "floorboards"}
    assert not [s.noun for s in plan.objects if s.requested and set((s.noun or "").split()) & covering], \
        "no object for a covering"


def test_a_wall_outdoors_is_still_a_thing():
    plan = plan_prompt("a garden with a low stone wall and roses", 0)
    assert "stone_wall" in {s.category for s in plan.objects}


def test_a_place_gives_its_usual_walls_and_the_prompt_wins():
    assert PLACES["wine_cellar"].walls == "stone" and PLACES["living_room"].walls == "plaster"
    assert plan_prompt("a wine cellar with oak barrels", 0).environment.walls == "stone"
    assert plan_prompt("a wine cellar with whitewashed walls", 0).environment.walls == "plaster"


def test_a_place_is_floored_as_built_and_each_indoor_floor_is_drawn_with_a_texture():
    """A forge is flagged in stone and a garage poured in concrete, not tiled like a bathroom."""
    assert PLACES["forge"].floor == "stone" and PLACES["garage"].floor == "concrete"
    assert set(INDOOR_FLOORS) <= set(FLOOR_PATTERNS) and set(INDOOR_FLOORS) <= set(FLOOR_COLORS)
    garage = apply_look(plan_prompt("a garage with a workbench", 0))
    env = garage.environment
    lo, hi = np.array([-env.width / 2, 0, -env.depth / 2]), np.array([env.width / 2, env.height, env.depth / 2])
    assert architecture(env, lo, hi, garage.look)["floor"]["texture"]["pattern"] == "concrete"


def _drawn_walls(prompt: str) -> dict:
    plan = apply_look(plan_prompt(prompt, 0))
    env = plan.environment
    lo, hi = np.array([-env.width / 2, 0, -env.depth / 2]), np.array([env.width / 2, env.height, env.depth / 2])
    return architecture(env, lo, hi, plan.look)["walls"][0]


def test_compose_draws_each_finish_with_its_texture_and_colour():
    assert set(WALL_PATTERNS) == set(WALL_FINISHES) == set(WALL_COLORS)
    brick = _drawn_walls("a loft with exposed brick walls and a sofa")
    assert (brick["material"], brick["texture"]["pattern"], brick["color"]) == ("brick", "brick", WALL_COLORS["brick"])
    cosy = _drawn_walls("a cozy bedroom with exposed brick walls and a bed")
    assert cosy["color"] == WALL_COLORS["brick"], "a style paints plaster, not brick"
    white = _drawn_walls("a loft with white brick walls and a sofa")
    assert white["color"] == parse_color(["white"], 0)[0], "a stated colour paints any finish"
    blue = _drawn_walls("a bedroom with blue walls and a bed")
    assert (blue["texture"]["pattern"], blue["color"]) == ("plaster", parse_color(["blue"], 0)[0])


@pytest.mark.parametrize("name, finish", [
    ("floral wallpaper", ("walls", "wallpaper")), ("exposed brick walls", ("walls", "brick")),
    ("wood paneling", ("walls", "wood")), ("floor tiles", ("floor", "tile")), ("wall tiles", ("walls", "tile")),
    ("stone wall", ("walls", "stone")), ("wall clock", None), ("sofa", None), ("walls", None),
])
def test_the_judge_reads_a_covering(name, finish):
    assert surface_finish(name) == finish


def test_the_judge_counts_a_covering_only_when_the_room_shows_it():
    parsed = parse_prompt("a bar with stone walls and a counter")
    counter = [{"id": "counter_1", "category": "counter", "requested": True, "name": "counter"}]
    def verdicts(walls: str) -> dict:
        return {n["name"]: n["verdict"]
                for n in judge_named(parsed, counter, None, surfaces={"walls": walls, "floor": "wood"})}

    shown, plain = verdicts("stone"), verdicts("plaster")
    assert shown["wall"] == "scene" and plain["wall"] == "missing"
    assert surfaces_drawn({"kind": "indoor", "floor": {"material": "wood"}, "walls": [{"material": "stone"}]}) == \
        {"walls": "stone", "floor": "wood"}
    assert surfaces_drawn({"kind": "outdoor", "floor": {"material": "grass"}, "walls": []}) == {}
