"""How a place is built and furnished: a small room keeps its defining things in the place data's order, a setting
no place type names is open ground when its words mean land, a cave is drawn in its own rock, and a holder that
holds the scene's things is made without goods of its own."""

from __future__ import annotations

import numpy as np
import pytest

from tools.assets.generate import generate
from tools.core.embeddings import embeddings_available
from tools.core.schema import Environment, ObjectSpec
from tools.knowledge import wordnet
from tools.page.compose import architecture
from tools.plan.planner import plan_prompt
from tools.supply.make import make_asset


def _kinds(prompt: str) -> set[str]:
    return {o.category for o in plan_prompt(prompt, 0).objects}


@pytest.mark.parametrize("prompt", ["a tiny bathroom", "a tiny bathroom with a mirror and a plant"])
def test_a_tiny_bathroom_has_its_toilet_and_basin_before_a_tub(prompt):
    # the tub came first, took the floor of a 2 m x 2 m room, and left no room for the toilet
    assert {"toilet", "sink"} <= _kinds(prompt)


def test_a_nursery_has_a_crib_not_a_bed():
    kinds = _kinds("a nursery")
    assert "crib" in kinds and "bed" not in kinds


@pytest.mark.skipif(not wordnet.available() or not embeddings_available(), reason="needs WordNet and embeddings")
@pytest.mark.parametrize("prompt", ["a picnic spot with a blanket and a basket", "a hidden clearing with a campfire"])
def test_a_setting_whose_words_mean_land_is_outdoors(prompt):
    # "a picnic spot" named no place type and became a plain indoor room
    assert plan_prompt(prompt, 0).environment.kind == "outdoor"


@pytest.mark.skipif(not wordnet.available(), reason="needs WordNet")
@pytest.mark.parametrize("prompt, place", [("a ski lodge with a fireplace and skis", "lodge"),
                                           ("a reading nook with an armchair", None)])
def test_a_built_setting_stays_a_room(prompt, place):
    env = plan_prompt(prompt, 0).environment
    assert env.kind == "indoor" and env.room_type == place


def test_a_cave_is_drawn_in_rock_and_a_stone_room_in_masonry():
    lo, hi = (-5.0, 0.0, -4.0), (5.0, 5.0, 4.0)
    cave = Environment(kind="indoor", width=10, depth=8, height=5, floor="stone", walls="stone", natural=True)
    hall = cave.model_copy(update={"natural": False})
    arch = architecture(cave, np.array(lo), np.array(hi))
    assert {w["texture"]["pattern"] for w in arch["walls"]} == {"rock"} == {arch["ceiling"]["texture"]["pattern"]}
    assert {w["texture"]["pattern"] for w in architecture(hall, np.array(lo), np.array(hi))["walls"]} == {"stone"}


def test_a_holder_of_the_scenes_things_is_made_without_its_own_goods(tmp_path):
    # shoes on a bookcase stood inside the bookcase's own books
    spec = ObjectSpec(key="bookshelf", category="bookshelf", count=1)
    full, bare = make_asset(spec, 0, tmp_path), make_asset(spec, 0, tmp_path, holding=True)
    assert bare.params.get("options") == {"goods": False} and bare.key != full.key
    assert len(generate("bookshelf", options={"goods": False}).glb) < len(generate("bookshelf").glb)


def test_a_holder_without_goods_of_its_own_is_made_as_ever(tmp_path):
    spec = ObjectSpec(key="crate", category="crate", count=1)
    assert make_asset(spec, 0, tmp_path, holding=True).key == make_asset(spec, 0, tmp_path).key


@pytest.mark.parametrize("prompt", ["a picnic spot by a lake with a blanket, a basket and two folding chairs",
                                    "a duck pond with ducks, a bench and a willow"])
def test_the_water_a_scene_is_set_by_is_drawn(prompt):
    # the grammar read "lake" as the lakeside alone; with three things named, the place's pond never came
    plan = plan_prompt(prompt, 0)
    assert plan.environment.room_type == "lakeside" and "pond" in {o.category for o in plan.objects}


@pytest.mark.parametrize("prompt, kind, place", [
    ("a log cabin with a fireplace and a rocking chair", "indoor", "lodge"),  # the room inside it: its interior
    ("a log cabin in a snowy forest", "outdoor", "forest"),  # the building seen from outside, as ever
])
def test_a_dwelling_among_indoor_things_is_the_room_its_interior_names(prompt, kind, place):
    env = plan_prompt(prompt, 0).environment
    assert (env.kind, env.room_type) == (kind, place)


def test_what_shelves_hold_is_shared_out_among_them():
    # 24 shoes filled the first two of four bookcases; the other two, made bare, stood empty
    from tools.knowledge.extent import target_size
    from tools.layout.solver import solve_layout

    plan = plan_prompt("a walk-in closet with four bookcases of shoes", 0)
    placed = solve_layout(plan, {s.key: target_size(s, s.variant) for s in plan.objects}, seed=0)
    cases = {p.id for p in placed if p.category == "bookshelf"}
    holding = {p.parent for p in placed if p.category == "shoes"}
    assert len(cases) == 4 and holding == cases
