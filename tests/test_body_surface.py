"""The surface of a body of the sky: things stand "on the moon", "on mars", "on an alien planet". The body is the
setting (a place of places.toml with its body, dust and sky), not an object, and the judge counts it as the
scene; the sky's moon over a lake and the bodies of space stay as they were."""

from __future__ import annotations

import numpy as np
import pytest

from tools.evaluate.named import judge_named
from tools.knowledge.categories import has_trait
from tools.knowledge.places import PLACES, PLACES_FILE, load_places
from tools.page.compose import architecture
from tools.page.look import scene_look
from tools.plan.air import body_underfoot
from tools.plan.look import apply_look
from tools.plan.planner import plan_prompt
from tools.plan.sentence import parse_prompt


def _kinds(plan) -> set[str]:
    return {o.category for o in plan.objects}


@pytest.mark.parametrize(("prompt", "place", "named"), [
    ("an astronaut planting a flag on the moon next to a lunar lander", "moon_surface", {"flag", "lunar_lander"}),
    ("a rover on mars next to a crater", "mars_surface", {"rover", "crater"}),
    ("a landing pad on the surface of mars with a rocket", "mars_surface", {"landing_pad", "rocket"}),
    ("a base on an alien planet with two domes", "alien_planet", {"habitat_dome"}),
])
def test_a_body_things_stand_on_is_the_setting_not_an_object(prompt, place, named):
    plan = plan_prompt(prompt, 0)
    assert plan.environment.room_type == place and plan.environment.kind == "outdoor"
    assert named <= _kinds(plan)
    assert not any(has_trait(o.category, "celestial") for o in plan.objects), _kinds(plan)


@pytest.mark.parametrize("text", [
    "a moon-shaped lamp on a table",
    "a lamp on the table next to the moon",
    "planets orbiting the sun",
    "a full moon over a lake",
])
def test_a_body_not_stood_on_is_no_setting(text):
    assert body_underfoot(text) is None


def test_a_room_on_the_moon_stays_a_room():
    assert plan_prompt("a bedroom on the moon with a bed", 0).environment.room_type == "bedroom"


def test_space_and_the_skys_moon_stay_as_they_were():
    for prompt in ("planets orbiting the sun", "the solar system"):
        assert plan_prompt(prompt, 0).environment.room_type == "space"
    lake = plan_prompt("a full moon over a lake", 0)
    assert lake.environment.room_type != "space" and "moon" not in _kinds(lake)


def test_the_judge_counts_the_body_underfoot_as_the_scene():
    objects = [{"id": "habitat_dome_1", "category": "habitat_dome", "name": "dome"}]
    judged = {j["name"]: j["verdict"] for j in judge_named(parse_prompt("a base on an alien planet with two domes"), objects)}
    assert judged.get("planet") == "scene", judged


def test_an_airless_body_has_a_black_starry_sky_a_low_sun_and_its_own_dust():
    plan = apply_look(plan_prompt("a rover on the moon", 0))
    assert plan.look.time_of_day == "morning"  # a low sun: long shadows
    env = plan.environment
    lo, hi = np.zeros(3), np.array([env.width, env.height, env.depth])
    sky = scene_look(plan.look, env, lo, hi, 10.0)["sky"]
    assert sky["stars"] and sky["top"] == PLACES["moon_surface"].sky[0]
    assert architecture(env, lo, hi, plan.look)["floor"]["color"] == PLACES["moon_surface"].ground
    mars = apply_look(plan_prompt("a rover on mars at sunset", 0))
    assert mars.look.time_of_day == "sunset"  # the prompt's hour wins
    assert not scene_look(mars.look, mars.environment, lo, hi, 10.0)["sky"]["stars"]


def test_only_an_outdoor_place_is_a_bodys_surface(tmp_path):
    path = tmp_path / "places.toml"
    path.write_text(PLACES_FILE.read_text().replace('[places.bedroom]\nkind = "indoor"',
                                                     '[places.bedroom]\nkind = "indoor"\nbody = ["bed"]'))
    with pytest.raises(ValueError, match="bedroom"):
        load_places(path)


@pytest.mark.parametrize(("prompt", "hour"), [
    ("a full moon over a lake", "night"),
    ("a full moon over a lake at dawn", "morning"),  # the prompt's hour wins
    ("a moon buggy in a field", "day"),  # a thing's name, not the sky
    ("a rover on the moon", "morning"),  # a body's surface keeps its own hour
])
def test_the_skys_moon_over_open_ground_brings_the_night(prompt, hour):
    assert apply_look(plan_prompt(prompt, 0)).look.time_of_day == hour


def test_a_landform_on_a_bodys_surface_is_of_its_ground():
    plan = apply_look(plan_prompt("a rover on mars next to a crater", 0))
    crater = next(o for o in plan.objects if o.category == "crater")
    assert crater.color is not None and crater.color != "#8a847c"  # not the kind's usual grey rock
    assert apply_look(plan_prompt("a crater in a field", 0)).objects[0].color is None
