"""Look and motion from the prompt (tools.plan.look), and what compose makes of them
(tools.page.look, tools.page.behaviours)."""

from __future__ import annotations

import numpy as np
import pytest

from tools.assets.generate import generate
from tools.core.schema import Behaviour, Look
from tools.page.behaviours import resolve_behaviours
from tools.page.compose import architecture, build_scene_json, lights, scene_bounds
from tools.page.look import SNOW_GROUND, finishes, look_lights, scene_look, title_of
from tools.page.sky_light import irradiance
from tools.plan.look import apply_look
from tools.plan.planner import plan_prompt


def planned(prompt: str):
    return apply_look(plan_prompt(prompt, 0))


def kinds(plan) -> dict[str, str]:
    return {b.target: b.kind for b in plan.behaviours}


@pytest.mark.parametrize(("prompt", "time_of_day", "weather", "style"), [
    ("a campfire at night in a forest clearing", "night", "clear", "default"),
    ("a carousel at a fair at sunset", "sunset", "clear", "default"),
    ("a cozy victorian living room in the evening", "sunset", "clear", "victorian"),
    ("a minimalist sci-fi bedroom in blue tones", "day", "clear", "scifi"),
    ("a snowy village morning with a windmill", "morning", "snow", "default"),
    ("a foggy harbour at dawn with boats", "morning", "fog", "default"),
    ("a lighthouse on the rocks during thunder and lightning", "day", "rain", "default"),  # a storm rains
    ("a living room with a sofa", "day", "clear", "default"),
])
def test_prompt_words_set_the_look(prompt, time_of_day, weather, style) -> None:
    look = planned(prompt).look
    assert (look.time_of_day, look.weather, look.style) == (time_of_day, weather, style)


@pytest.mark.parametrize("prompt", [
    "a bedroom with a bed and a nightstand",
    "a bedroom with a bed and a night stand",
    "a bedroom with a painting of a sunset",
    "a living room with a poster of a snowy mountain",
    "a snowman in a park",
])
def test_words_that_only_look_like_an_hour_or_weather_are_not_read_as_one(prompt) -> None:
    look = planned(prompt).look
    assert (look.time_of_day, look.weather) == ("day", "clear")


def test_light_blue_is_a_colour_not_a_light() -> None:
    plan = planned("a light blue sofa in a room")
    assert plan.look.light == "neutral" and plan.look.palette is None
    assert plan.spec("sofa").color_name == "light blue"


def test_warm_light_words_set_the_indoor_light() -> None:
    assert planned("a bedroom with warm light").look.light == "warm"
    assert planned("an office in cool lighting").look.light == "cool"


def test_moving_things_get_their_behaviours() -> None:
    assert kinds(planned("a campfire at night in a forest clearing"))["campfire"] == "flicker"
    assert kinds(planned("a ceiling fan above a bed"))["ceiling_fan"] == "spin"
    garden = kinds(planned("a pond with a fountain in a garden"))
    assert garden["pond"] == garden["fountain"] == "ripple"
    assert kinds(planned("a boat in a harbour"))["boat"] == "bob"
    assert kinds(planned("birds over a beach"))["bird"] == "circle"
    moons = planned("two moons orbit their planet")
    orbit = next(b for b in moons.behaviours if b.kind == "orbit")
    assert orbit.target == "moon" and orbit.around == "planet"


def test_outdoor_plants_always_sway_a_little_and_more_in_wind() -> None:
    calm = next(b for b in planned("a park with oak trees").behaviours if b.target == "oak_tree")
    windy = next(b for b in planned("a windy park with oak trees").behaviours if b.target == "oak_tree")
    assert calm.kind == windy.kind == "sway"
    assert 0 < calm.amplitude < windy.amplitude


def test_indoor_plants_and_static_rooms_do_not_move() -> None:
    assert planned("a living room with a sofa and a potted plant").behaviours == []


def test_screens_glow_at_night_or_when_asked_not_by_day() -> None:
    assert "tv" not in kinds(planned("a living room with a tv"))
    assert kinds(planned("a living room with a tv at night"))["tv"] == "glow"
    assert kinds(planned("a living room with a glowing tv"))["tv"] == "glow"


def test_verbs_attach_to_the_nearest_thing_and_still_words_stop_motion() -> None:
    assert kinds(planned("a spinning office chair in an office"))["office_chair"] == "spin"
    assert "pond" not in kinds(planned("a still pond in a garden"))
    assert "fountain" in kinds(planned("a still pond and a fountain in a garden"))


def test_style_palette_colours_unstated_objects_and_never_a_stated_colour() -> None:
    plan = planned("a minimalist room with a red sofa and a chair")
    assert plan.spec("sofa").color == "#c0392b"
    assert plan.spec("chair").color in plan.look.palette.colors
    assert not any(r.subject == "chair" for r in plan.requirements if r.kind == "color")


def test_tones_tint_the_walls_and_style_sets_floor_and_walls() -> None:
    blue = planned("a bedroom in blue tones")
    assert blue.look.palette.name == "blue tones"
    env = blue.environment
    lo, hi = scene_bounds(env)
    arch = architecture(env, lo, hi, blue.look)
    assert arch["walls"][0]["color"] == blue.look.palette.wall
    victorian = planned("a victorian living room")
    floor, wall = finishes(victorian.look, victorian.environment, "#a47852", "#f1ece4")
    assert (floor, wall) == (victorian.look.palette.floor, victorian.look.palette.wall)


def test_snow_whitens_outdoor_ground_and_falls() -> None:
    plan = planned("a snowy village morning with a windmill")
    lo, hi = scene_bounds(plan.environment)
    assert architecture(plan.environment, lo, hi, plan.look)["floor"]["color"] == SNOW_GROUND
    look = scene_look(plan.look, plan.environment, lo, hi, 30.0)
    assert look["precipitation"]["kind"] == "snow" and look["precipitation"]["count"] > 0
    assert look["fog"] is not None and look["sky"]["kind"] == "gradient"


def test_lights_follow_the_hour() -> None:
    env = plan_prompt("a forest clearing with a campfire", 0).environment
    lo, hi = scene_bounds(env)
    day_fill, day_sun = look_lights(Look(), env, lo, hi)[0]
    night_fill, night_sun = look_lights(Look(time_of_day="night"), env, lo, hi)[0]
    sunset_sun = look_lights(Look(time_of_day="sunset"), env, lo, hi)[0][1]
    assert irradiance(np.array(night_fill["sh"]), (0, 1, 0)).sum() < irradiance(np.array(day_fill["sh"]), (0, 1, 0)).sum()
    assert night_sun["intensity"] < day_sun["intensity"]

    def elevation(sun: dict) -> float:
        d = np.subtract(sun["position"], sun["target"])
        return float(np.degrees(np.arcsin(d[1] / np.linalg.norm(d))))

    assert elevation(sunset_sun) < 15 < elevation(day_sun)  # a low sun: long shadows
    assert sunset_sun["shadow"]["radius"] > day_sun["shadow"]["radius"]  # and softer
    lamp = [{"id": "lamp", "category": "floor_lamp", "bbox": {"min": [0, 0, 0], "max": [0.4, 1.7, 0.4]}}]
    day_lamp = lights(env, lo, hi, lamp, Look())[-1]
    night_lamp = lights(env, lo, hi, lamp, Look(time_of_day="night"))[-1]
    assert night_lamp["type"] == "point" and night_lamp["intensity"] > 2 * day_lamp["intensity"]


def test_title_is_short_plain_text() -> None:
    assert title_of("a campfire at night in a forest clearing") == "Campfire at night in a forest clearing"
    assert len(title_of("a " + "very " * 40 + "long room")) <= 61
    assert title_of("<b>bold</b> room") == "<b>bold</b> room"  # text, shown with textContent only


def _object(obj_id: str, asset: str, position=(0.0, 0.0, 0.0)) -> dict:
    return {"id": obj_id, "asset": asset, "position": list(position),
            "bbox": {"min": [p - 0.5 for p in position], "max": [p + 0.5 for p in position]}}


def test_behaviours_resolve_to_parts_the_asset_has_or_drop(tmp_path) -> None:
    def write(category: str) -> str:
        asset = generate(category)
        (tmp_path / "assets").mkdir(exist_ok=True)
        (tmp_path / "assets" / f"{asset.key}.glb").write_bytes(asset.glb)
        return f"assets/{asset.key}.glb"

    bounds = {"min": [-5, 0, -5], "max": [5, 3, 5]}
    objects = [_object("fan", write("ceiling_fan")), _object("fire", write("campfire")),
               _object("mill", write("windmill")), _object("chair", write("chair"))]
    spec_of = {"fan": "fan", "fire": "fire", "mill": "mill", "chair": "chair"}
    behaviours = [Behaviour(target="fan", kind="spin", speed=1.0, part="rotor", axis=(0, 1, 0)),
                  Behaviour(target="fire", kind="flicker", speed=1.5, part="flame", amplitude=0.3),
                  Behaviour(target="mill", kind="spin", speed=0.1, part="no_such_node", axis=(0, 0, 1)),
                  Behaviour(target="chair", kind="spin", speed=0.2)]
    resolved = {b["target"]: b for b in resolve_behaviours(behaviours, objects, spec_of, bounds, tmp_path)}
    assert resolved["fan"]["part"] == "rotor"
    assert resolved["fire"].get("part") == "flame" or resolved["fire"]["material"] == "emissive"
    assert "mill" not in resolved  # blades it cannot find do not turn, and a whole windmill must not spin
    assert resolved["chair"]["axis"] == [0.0, 1.0, 0.0]


def test_circle_and_orbit_paths() -> None:
    objects = [_object("moon", "m.glb", (3.0, 2.0, 0.0)), _object("planet", "p.glb", (0.0, 1.5, 0.0)),
               _object("bird", "b.glb", (4.0, 5.0, 4.0))]
    spec_of = {"moon": "moon", "planet": "planet", "bird": "bird"}
    behaviours = [Behaviour(target="moon", kind="orbit", speed=0.05, around="planet"),
                  Behaviour(target="bird", kind="circle", speed=0.1, radius=2.0)]
    resolved = {b["target"]: b for b in resolve_behaviours(
        behaviours, objects, spec_of, {"min": [-6, 0, -6], "max": [6, 8, 6]}, None)}
    assert resolved["moon"]["center"] == [0.0, 1.5, 0.0] and resolved["moon"]["radius"] == 3.0
    bird = resolved["bird"]
    assert np.linalg.norm(np.subtract(bird["center"], [0, 5, 0])) < np.linalg.norm([4, 0, 4])  # bends inwards


def test_scene_json_carries_title_look_and_behaviours() -> None:
    plan = planned("a campfire at night in a forest clearing")
    scene = build_scene_json(plan, {}, [], "s-test")
    assert scene["title"].startswith("Campfire")
    assert scene["look"]["time_of_day"] == "night" and scene["look"]["sky"]["stars"]
    assert scene["behaviours"] == []  # nothing placed, nothing to move


@pytest.mark.parametrize(("prompt", "moon"), [
    ("a campfire at night in a forest clearing", True),
    ("a campfire in a forest clearing", False),  # by day
    ("a foggy harbour at night with boats", False),  # under cloud
    ("a bedroom at night", False),  # indoors
    ("a lander on the surface of the moon at night", False),  # the moon's own sky
])
def test_a_clear_night_outdoors_has_its_moon(prompt, moon) -> None:
    assert build_scene_json(planned(prompt), {}, [], "s-test")["look"]["sky"]["moon"] is moon


def test_model_merge_keeps_the_look_and_its_additions_move() -> None:
    from tools.model.planner import ModelProposal, merge_proposal

    grounded = planned("a windy park at sunset with a bench")
    proposal = ModelProposal.model_validate({"room_type": "park", "indoor": False, "relations": [],
                                             "objects": [{"category": "oak_tree", "count": 2, "color": "default"}]})
    merged = merge_proposal(grounded, proposal, "test-model")
    assert merged.look == grounded.look and merged.behaviours == grounded.behaviours
    relooked = apply_look(merged)  # graph/plan.py applies the look after the merge
    assert relooked.look.time_of_day == "sunset"
    assert any(b.target == "oak_tree" and b.kind == "sway" for b in relooked.behaviours)


def test_space_is_a_clear_starry_night_whatever_the_words() -> None:
    look = apply_look(plan_prompt("two moons orbit a planet on a snowy morning", seed=0)).look
    assert (look.time_of_day, look.weather) == ("night", "clear")
