"""Which place a prompt is set in and how it is built: the larger setting around a place ("the kitchen of a
castle"), a place's own kind of a thing named by its bare head ("shelves" in a grocery), natural enclosures of
rock (a cave: walls, a ceiling, no door)."""

from __future__ import annotations

import pytest

from tools.core.embeddings import embeddings_available
from tools.core.schema import Environment
from tools.core.windows import doors_of
from tools.evaluate.named import judge_named
from tools.knowledge.places import PLACES, usual_kind_named
from tools.page.compose import architecture, scene_bounds
from tools.plan.planner import plan_prompt
from tools.plan.sentence import parse_prompt


def _kinds(plan) -> set[str]:
    return {o.category for o in plan.objects}


def _requested(plan) -> set[str]:
    return {o.category for o in plan.objects if o.requested}


@pytest.mark.parametrize(("noun", "place", "kind"), [
    ("shelves", "grocery", "store_shelf"),
    ("fridge", "grocery", "drinks_fridge"),
    ("lanes", "bowling_alley", "bowling_lane"),
    ("fridge", "kitchen", "fridge"),  # a kind the place has by that very name is itself
    ("glass fridge", "grocery", None),  # a longer name says what it is
    ("shelves", None, None),
])
def test_a_bare_head_word_names_the_kind_the_place_usually_has(noun, place, kind):
    assert usual_kind_named(noun, place) == kind


def test_shop_shelving_and_fridges_are_the_shops_own_not_bookcases():
    plan = plan_prompt("a corner grocery store with shelves of canned food, a fridge with drinks and a checkout counter", 0)
    assert {"store_shelf", "drinks_fridge"} <= _requested(plan)
    assert "bookshelf" not in _kinds(plan) and "fridge" not in _kinds(plan)


@pytest.mark.parametrize(("prompt", "place", "gone"), [
    ("a cozy kitchen of a farmhouse with a wooden table and four chairs", "kitchen", {"house"}),
    ("a kitchen in a medieval castle with a huge fireplace and barrels", "kitchen", {"castle"}),
    ("a throne room of an elven palace with a throne", "throne_room", {"palace"}),
    ("a dragon's lair inside a mountain with a pile of gold coins", "cave", {"mountain_peak"}),
    ("the crew quarters of a starship with two bunks and a locker", "crew_quarters", {"rocket"}),  # a whole it is part of
    ("the engine room of a starship with a reactor", "engine_room", {"rocket"}),
    ("a hay loft in an old barn with bales of hay and a pitchfork", "stable", {"barn"}),  # as large as the place
])
def test_the_larger_setting_a_place_is_in_is_no_thing_in_it(prompt, place, gone):
    plan = plan_prompt(prompt, 0)
    assert plan.environment.room_type == place
    assert not gone & _kinds(plan)
    assert plan.environment.width * plan.environment.depth < 200  # not grown round a castle


@pytest.mark.skipif(not embeddings_available(), reason="the castle styles the room by meaning")
def test_the_larger_setting_styles_the_room():
    assert plan_prompt("a kitchen of a medieval castle with a long table", 0).environment.walls == "stone"
    assert plan_prompt("a kitchen with a long table", 0).environment.walls == "plaster"


def test_a_small_thing_after_in_stays_a_thing():
    plan = plan_prompt("a living room with a sofa and a dollhouse in the corner", 0)
    assert "dollhouse" in _requested(plan)


def test_a_part_of_a_larger_thing_names_the_place():
    plan = plan_prompt("the bridge of a starship with a captain's chair and consoles", 0)
    assert plan.environment.room_type == "spaceship_bridge"
    assert not {"bridge", "rocket"} & _kinds(plan)


def test_a_room_named_before_of_is_the_place_not_what_it_is_of():
    plan = plan_prompt("the medical bay of a space station with two beds and a wall of monitors", 0)
    assert plan.environment.room_type == "sick_bay"
    assert "space_station" not in _kinds(plan)


def test_the_judge_counts_the_larger_setting_as_the_scene_not_a_missing_thing():
    prompt = "a throne room of an elven palace with a throne"
    plan = plan_prompt(prompt, 0)
    objects = [{"id": f"{o.key}_1", "category": o.category, "requested": o.requested, "name": o.noun}
               for o in plan.objects]
    verdicts = {n["name"]: n["verdict"] for n in judge_named(parse_prompt(prompt), objects)}
    assert verdicts["palace"] == "scene"
    assert verdicts["throne"] == "fitting"


def test_a_cave_is_a_room_of_rock_closed_above_with_no_door():
    plan = plan_prompt("a dark cave with a campfire and two sleeping bags", 0)
    env = plan.environment
    assert env.kind == "indoor" and env.natural and env.walls == "stone" and env.windows == 0
    assert not doors_of(env)
    arch = architecture(env, *scene_bounds(env))
    assert arch["ceiling"]["height"] == pytest.approx(env.height, abs=0.01)
    assert not {"crate", "barrel"} & _kinds(plan)  # rock and crystals, not a storeroom's goods


def test_a_built_room_has_no_ceiling_drawn_and_keeps_its_door():
    env = Environment(kind="indoor", room_type="kitchen", width=4.0, depth=3.5)
    assert "ceiling" not in architecture(env, *scene_bounds(env)) and doors_of(env)


def test_a_natural_enclosure_is_indoor_and_may_have_a_floor_of_rock():
    natural = [p for p in PLACES.values() if p.natural]
    assert {"cave", "mine"} <= {p.name for p in natural}
    assert all(p.kind == "indoor" and p.underground for p in natural)


def test_a_laundry_room_table_is_not_laid_for_a_meal():
    plan = plan_prompt("a basement laundry room with a washer, a dryer and a folding table", 0)
    assert "table_setting" not in _kinds(plan)
    assert "table_setting" in _kinds(plan_prompt("a kitchen with a table and two chairs", 0))


def test_shop_shelving_holds_goods():
    plan = plan_prompt("a grocery store", 0)
    shelved = {o.category for o in plan.objects} - {"store_shelf"}
    held = {r.subject for r in plan.relations if r.kind == "held_in" and r.target == "store_shelf"}
    assert {"tin_cans", "cereal_box"} <= shelved and held


def test_the_setting_named_whole_is_no_thing_in_itself():
    plan = plan_prompt("a fire station garage with a fire truck and helmets on hooks", 0)
    assert plan.environment.room_type == "fire_station"
    assert "garage" not in _kinds(plan)


@pytest.mark.parametrize(("prompt", "place"), [
    ("the interior of a train carriage with seats and tables", "train_carriage"),
    ("the back of a school bus with seats", "bus_interior"),
    ("inside a school bus with two rows of seats", "bus_interior"),  # its interior, no bus parked in a room
    ("inside a camper van with a bed and a small sink", "camper_van"),
    ("inside an igloo with furs and a lamp", "igloo_interior"),
])
def test_the_inside_of_a_vehicle_or_shelter_is_the_place(prompt, place):
    plan = plan_prompt(prompt, 0)
    assert plan.environment.room_type == place and plan.environment.kind == "indoor"
    assert not {"bus", "van", "igloo", "train"} & _kinds(plan)


@pytest.mark.parametrize(("prompt", "place"), [
    ("a mountain hut with a wood stove, a bunk bed and a table", "mountain_hut"),  # not the mountain outside it
    ("the galley of a submarine with a small stove and a table", "ship_galley"),  # not the submarine's control room
    ("a ship's bridge with a steering wheel and radar screens", "ship_bridge"),  # not a starship's
    ("a witch's cottage with a cauldron and a broom", "witch_cottage"),
    ("an elven glade with glowing mushrooms", "forest"),
    ("a small observatory with a big telescope", "observatory"),
    ("the cargo hold of a freighter with crates and barrels", "cargo_hold"),  # not a plain room, nor outdoors
])
def test_a_place_named_by_a_compound_or_possessive_is_its_place_type(prompt, place):
    assert plan_prompt(prompt, 0).environment.room_type == place


@pytest.mark.skipif(not embeddings_available(), reason="the whole setting phrase is read by meaning")
def test_the_whole_setting_phrase_names_the_place_over_its_head_word():
    assert plan_prompt("a wizard's tower study with a crystal ball and spellbooks", 0).environment.room_type == "wizard_tower"
    assert plan_prompt("a tiny galley kitchen with counters down both sides", 0).environment.room_type == "kitchen"


def test_a_dwelling_placed_outdoors_stays_a_building():
    plan = plan_prompt("a cottage on a hill with a garden gate and an apple tree", 0)
    assert plan.environment.kind == "outdoor" and "house" in _kinds(plan)


def test_a_cave_is_dressed_with_rock_not_left_bare():
    plan = plan_prompt("a gloomy cave with a campfire and a sleeping bag", 0)
    env = plan.environment
    assert 10 * sum(o.count for o in plan.objects) / (env.width * env.depth) >= 3.5
    assert {"rock", "crystal"} <= _kinds(plan)
