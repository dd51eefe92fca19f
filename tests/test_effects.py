"""Effects and phenomena a prompt names (issues #12/#14): a kind with a shape of its own where the thing has one
(kinds.toml's session-14 block, tools/assets/families/effects.py), the look where it is the scene's air or light,
and the judge (tools/evaluate/named.py) counting one present only when a kind or the look really draws it."""

from __future__ import annotations

import numpy as np

from tools.assets.families.effects import rainbow
from tools.assets.registry import GenParams
from tools.evaluate.named import judge_named
from tools.plan.sentence import parse_prompt

OUTDOOR_RAIN = {"time_of_day": "day", "weather": "rain", "light": "neutral", "outdoor": True}
OUTDOOR_CLEAR = {**OUTDOOR_RAIN, "weather": "clear"}


def _obj(id_: str, category: str) -> dict:
    return {"id": id_, "category": category, "name": category.replace("_", " "), "requested": True}


def _verdicts(prompt: str, objects: list[dict], look: dict | None) -> dict[str, str]:
    return {n["name"]: n["verdict"] for n in judge_named(parse_prompt(prompt), objects, None, look)}


def test_weather_the_parse_sets_aside_counts_only_when_the_look_draws_it():
    prompt = "a bus stop in the rain with a bench"
    assert _verdicts(prompt, [_obj("bench", "bench")], OUTDOOR_RAIN) == {"bench": "fitting", "rain": "scene"}
    assert _verdicts(prompt, [_obj("bench", "bench")], OUTDOOR_CLEAR)["rain"] == "missing"
    assert _verdicts(prompt, [_obj("bench", "bench")], {**OUTDOOR_RAIN, "outdoor": False})["rain"] == "missing"
    assert "rain" not in _verdicts(prompt, [_obj("bench", "bench")], None)  # no look given: as before, not judged


def test_a_phenomenon_with_a_shape_is_a_kind_and_fits_only_when_placed():
    """"steam" names a kind now, so the parse keeps it as a thing; "lightning" too, though it is a weather noun."""
    parsed = parse_prompt("a rooftop pool with steam rising from the pool")
    assert "steam" in [m.name for m in parsed.mentions]
    verdicts = _verdicts("a stormy sea with lightning and a sailboat", [_obj("boat", "boat")], OUTDOOR_RAIN)
    assert verdicts["lightning"] == "missing", verdicts
    verdicts = _verdicts("a stormy sea with lightning and a sailboat",
                         [_obj("boat", "boat"), _obj("lightning_bolt", "lightning_bolt")], OUTDOOR_RAIN)
    assert verdicts["lightning"] == "fitting", verdicts


def test_the_light_of_a_thing_is_present_only_with_the_thing():
    prompt = "a dining table set for two by candlelight"
    assert _verdicts(prompt, [_obj("table", "table")], OUTDOOR_CLEAR)["candlelight"] == "missing"
    assert _verdicts(prompt, [_obj("table", "table"), _obj("candle", "candle")], OUTDOOR_CLEAR)["candlelight"] == "scene"


def test_a_rainbow_is_an_open_arch_standing_on_the_ground():
    parts = rainbow(GenParams(size=(10.0, 5.0, 0.12)))
    assert len(parts) == 7 and all(p.material.name.startswith("emissive:") for p in parts)
    vertices = np.vstack([p.mesh.vertices for p in parts])
    assert np.allclose(vertices.min(axis=0)[:2], [-5.0, 0.0], atol=1e-6)
    assert np.allclose(vertices.max(axis=0)[:2], [5.0, 5.0], atol=1e-6)
    low = vertices[vertices[:, 1] < 1.0]
    assert (np.abs(low[:, 0]) > 2.0).all()  # under the arch, at its foot, the middle is open


def test_the_light_a_word_names_brings_the_thing_that_gives_it():
    """"by candlelight", "candlelit": a candle, unasked for but implied; a word whose stem names no light-giving kind
    of the setting adds nothing ("streetlights" is a lamp post's name, "lamplight" outdoors has no table lamp)."""
    from tools.plan.planner import plan_prompt

    for prompt in ("a dining table set for two by candlelight", "a candlelit bathroom with a tub"):
        candles = [s for s in plan_prompt(prompt, 0).objects if s.category == "candle"]
        assert len(candles) == 1 and not candles[0].requested, prompt
    assert not [s for s in plan_prompt("a city street with streetlights", 0).objects if s.category == "road"
                and s.noun == "street"]


def test_weather_clouds_the_outdoor_sky_and_a_night_stays_dark():
    from tools.page.look import LIGHTING, overcast

    day = LIGHTING["day"].sky[0]
    assert overcast(day, 0.0) == day
    r, g, b = (int(overcast(day, 0.75)[i:i + 2], 16) for i in (1, 3, 5))
    assert max(r, g, b) - min(r, g, b) < 40  # a grey, no longer the clear day's blue
    assert sum(int(overcast(LIGHTING["night"].sky[0], 0.75)[i:i + 2], 16) for i in (1, 3, 5)) < 120
