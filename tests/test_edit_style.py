"""Style, palette, light and brightness edits: read with the planner's own tables, applied as the planner applies
a prompt's look, stated colours kept, and said in the account."""

from __future__ import annotations

import pytest

from tools.core.errors import InputError
from tools.core.schema import ScenePlan
from tools.edit.account import scene_changes, scene_lines
from tools.edit.apply import apply_edits, exists_in
from tools.edit.parse import parse_or_refuse
from tools.knowledge.look_words import STYLES
from tools.plan.look import apply_look
from tools.plan.planner import plan_prompt

LIVING = "a living room with a red sofa, a coffee table, a tv and an armchair"


def _plan(prompt: str = LIVING) -> ScenePlan:
    return apply_look(plan_prompt(prompt, 1))


def _look_op(text: str) -> dict:
    [op] = parse_or_refuse(text)
    assert op.kind == "look" and op.target == "scene"
    return op.model_dump(exclude_none=True, exclude={"kind", "target"})


def _edited(plan: ScenePlan, text: str) -> ScenePlan:
    return apply_edits(plan, parse_or_refuse(text, exists_in(plan))).plan


@pytest.mark.parametrize("text, expected", [
    ("make it cosier", {"style": "cosy"}),
    ("make it more modern", {"style": "modern"}),
    ("give it a scandinavian look", {"style": "scandinavian"}),
    ("make the room cozier", {"style": "cozy"}),
    ("give it a warmer palette", {"palette": "cozy"}),
    ("use a cooler colour scheme", {"palette": "scandinavian"}),
    ("make it in blue tones", {"tones": "blue"}),
    ("make the palette green", {"tones": "green"}),
    ("make the lighting warmer", {"light": "warm"}),
    ("make it brighter", {"brightness": "brighter"}),
    ("darken the room", {"brightness": "darker"}),
    ("make it a cosy evening", {"style": "cosy", "time_of_day": "sunset"}),
])
def test_look_instructions_are_read_with_the_planners_words(text, expected):
    assert _look_op(text) == expected


@pytest.mark.parametrize("text", ["make the sofa darker", "make them brighter"])
def test_darker_things_are_no_change_of_the_scene(text):
    with pytest.raises(InputError):
        parse_or_refuse(text, lambda name: True)


def test_a_style_edit_sets_the_look_as_the_same_words_in_a_prompt_would():
    edited = _edited(_plan(), "make it cosier")
    prompted = _plan("a cosy living room with a red sofa, a coffee table, a tv and an armchair")
    assert edited.look is not None and prompted.look is not None
    for field in ("style", "palette", "light"):
        assert getattr(edited.look, field) == getattr(prompted.look, field), field
    assert {s.key: s.color for s in edited.objects} == {s.key: s.color for s in prompted.objects}


def test_stated_colours_stay_and_the_old_palette_is_taken_back():
    plan = _edited(_edited(_plan(), "make the armchair yellow"), "make it more modern")
    colours = {s.key: s.color for s in plan.objects}
    assert colours["sofa"] == "#c0392b" and colours["armchair"] != STYLES["modern"].palette.colors[0]
    assert any(r.id == "color:armchair" for r in plan.requirements)
    again = _edited(plan, "give it a scandinavian look")
    palette = STYLES["scandinavian"].palette
    assert again.spec("coffee_table").color in palette.colors
    assert again.spec("sofa").color == "#c0392b" and again.spec("armchair").color == colours["armchair"]


def test_tones_colour_things_and_are_checked_then_a_new_palette_repaints_them():
    toned = _edited(_plan(), "make it in blue tones")
    assert toned.spec("sofa").color == "#c0392b"  # the prompt's red stays
    assert toned.spec("coffee_table").color_name and "blue" in toned.spec("coffee_table").color_name
    assert any(r.id == "color:coffee_table" for r in toned.requirements)  # as the planner checks a tone's colour
    warm = _edited(toned, "give it a warmer palette")
    assert warm.spec("coffee_table").color in STYLES["cozy"].palette.colors
    assert not any(r.id == "color:coffee_table" for r in warm.requirements)
    assert warm.spec("sofa").color == "#c0392b"


def test_a_stated_colour_equal_to_the_tones_plain_shade_stays():
    plan = _plan("a living room in blue tones with a blue sofa, a tv and a coffee table")
    warm = _edited(plan, "give it a warmer palette")
    assert warm.spec("sofa").color == plan.spec("sofa").color
    assert warm.spec("coffee_table").color in STYLES["cozy"].palette.colors


def test_walls_an_earlier_edit_painted_stay_through_a_new_style():
    painted = _edited(_plan(), "paint the walls light green")
    assert painted.environment.wall_color is not None
    modern = _edited(painted, "make it more modern")
    assert modern.look is not None and modern.look.palette is not None
    assert modern.environment.wall_color == painted.environment.wall_color
    assert modern.look.palette.floor == STYLES["modern"].palette.floor


def test_brightness_steps_the_exposure_within_its_bounds():
    plan = _plan()
    brighter = _edited(plan, "make it brighter")
    assert brighter.look is not None and brighter.look.exposure > 1.0
    darker = _edited(plan, "make it darker")
    assert darker.look is not None and darker.look.exposure < 1.0
    for _ in range(6):
        brighter = _edited(brighter, "make it brighter")
    with pytest.raises(InputError, match="already"):
        _edited(brighter, "make it brighter")


def test_the_account_says_style_palette_and_light():
    plan = _plan()
    changes = {c["part"]: (c["from"], c["to"]) for c in scene_changes(plan, _edited(plan, "make it cosier"))}
    assert changes["style"] == ("default", "cosy") and changes["palette"] == ("none", "cozy")
    assert changes["light"] == ("neutral", "warm") and "walls" in changes
    lines = scene_lines(scene_changes(plan, _edited(plan, "make it brighter")))
    assert lines == ["  exposure: 1 -> 1.25"]
    walls_only = scene_changes(plan, _edited(plan, "paint the walls light green"))
    assert {c["part"] for c in walls_only} == {"walls"}  # a wall colour alone is no palette change
