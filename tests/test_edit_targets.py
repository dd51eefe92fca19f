"""Edits that understand people: exceptions, 'the rest', ordinals, 'it' from the last edit, replace, the look,
the room's finishes, undo and refusals that say what was not understood."""

from __future__ import annotations

import pytest

from tools.core.errors import InputError
from tools.edit.apply import apply_edits, exists_in, resolve_specs
from tools.edit.layout import pins_from, remap_pins, solve_pinned
from tools.edit.ops import FLOOR_MATERIALS, EditOp
from tools.edit.outcome import EditOutcome
from tools.edit.parse import parse_edits, parse_or_refuse
from tools.edit.room import finish
from tools.edit.targets import Last
from tools.knowledge.reference import size_for
from tools.layout.solver import solve_layout
from tools.plan.planner import plan_prompt
from tools.verify.checks import check_requirements

ROOM = "a living room with a sofa, a coffee table, a tv, three chairs and two floor lamps; 5m x 4m"


def ops(text: str, previous: Last | None = None) -> list[dict]:
    return [op.model_dump(exclude_none=True) for op in parse_or_refuse(text, previous=previous)]


@pytest.fixture(scope="module")
def room():
    return plan_prompt(ROOM, 1)


@pytest.fixture(scope="module")
def laid_out(room):
    sizes = {s.key: size_for(s.category, s.size) for s in room.objects}
    return sizes, solve_layout(room, sizes, seed=3)


def _after(room, laid_out, text):
    _, before = laid_out
    outcome = apply_edits(room, parse_or_refuse(text, exists_in(room)))
    sizes = {s.key: size_for(s.category, s.size) for s in outcome.plan.objects}
    pins = remap_pins(outcome.plan, pins_from(room, before), outcome.where)
    after, kept = solve_pinned(outcome.plan, sizes, pins, outcome.replace, outcome.keep, seed=9, turns=outcome.turns)
    return outcome, after, kept


@pytest.mark.parametrize("text, expected", [
    ("remove everything except the sofa", [{"kind": "remove", "target": "everything", "exclude": ["sofa"]}]),
    ("remove all but the bed", [{"kind": "remove", "target": "everything", "exclude": ["bed"]}]),
    ("delete everything apart from the sofa and the tv",
     [{"kind": "remove", "target": "everything", "exclude": ["sofa", "tv"]}]),
    ("keep only the sofa", [{"kind": "remove", "target": "everything", "exclude": ["sofa"]}]),
    ("keep the sofa and remove the rest", [{"kind": "remove", "target": "everything", "exclude": ["sofa"]}]),
    ("remove all the plants", [{"kind": "remove", "target": "plants"}]),
    ("make the second lamp red", [{"kind": "recolor", "target": "lamp", "ordinal": 2, "color": "red"}]),
    ("remove the last chair", [{"kind": "remove", "target": "chair", "ordinal": -1}]),
    ("remove the 2nd chair", [{"kind": "remove", "target": "chair", "ordinal": 2}]),
    ("replace the chairs with stools", [{"kind": "replace", "target": "chairs", "replacement": "stools"}]),
    ("swap the lamp for a plant", [{"kind": "replace", "target": "lamp", "replacement": "plant"}]),
    ("turn the sofa into a bench", [{"kind": "replace", "target": "sofa", "replacement": "bench"}]),
    ("make it night", [{"kind": "look", "target": "scene", "time_of_day": "night"}]),
    ("change the time of day to sunset", [{"kind": "look", "target": "scene", "time_of_day": "sunset"}]),
    ("make it 3am", [{"kind": "look", "target": "scene", "time_of_day": "night"}]),
    ("make it foggy", [{"kind": "look", "target": "scene", "weather": "fog"}]),
    ("paint the walls light green", [{"kind": "finish", "target": "walls", "color": "light green"}]),
    ("make the floor tile", [{"kind": "finish", "target": "floor", "material": "tile"}]),
    ("undo that", [{"kind": "undo", "target": "scene"}]),
    ("go back to revision 2", [{"kind": "undo", "target": "scene", "revision": 2}]),
])
def test_reads_targets_and_scene_operations(text, expected):
    assert ops(text) == expected


def test_it_and_the_rest_refer_to_the_previous_edit():
    previous = Last("sofa")
    assert ops("make it blue", previous) == [{"kind": "recolor", "target": "sofa", "color": "blue"}]
    assert ops("remove the rest", previous) == [{"kind": "remove", "target": "everything", "exclude": ["sofa"]}]
    with pytest.raises(InputError, match="did not understand"):
        parse_or_refuse("remove the rest")  # the rest of nothing


def test_remove_everything_except_keeps_it_and_checks_the_intent(room, laid_out):
    outcome, after, _ = _after(room, laid_out, "remove everything except the sofa")
    assert [s.key for s in outcome.plan.objects] == ["sofa"] and {p.spec for p in after} == {"sofa"}
    checked = {r.id: r for r in check_requirements(outcome.plan, after, {})}
    assert checked["kept:sofa"].passed and checked["kept:sofa"].description.startswith("only the sofa remains")
    assert all(checked[f"absent:{s.key}"].passed for s in room.objects if s.key != "sofa")
    # The opposite of the words (the sofa gone, the rest kept) fails the same requirements.
    wrong = [p for p in laid_out[1] if p.spec != "sofa"]
    assert not any(r.passed for r in check_requirements(outcome.plan, wrong, {}) if r.id.startswith(("kept", "absent")))


def test_second_lamp_is_singled_out_in_place(room, laid_out):
    lamps = resolve_specs(room, "lamp")[0]
    outcome, after, kept = _after(room, laid_out, "make the second lamp red")
    single = next(s for s in outcome.plan.objects if s.key != lamps.key and s.category == lamps.category)
    assert single.color_name == "red" and outcome.plan.spec(lamps.key).count == lamps.count - 1
    before = {p.id: p for p in laid_out[1]}
    moved = next(p for p in after if p.spec == single.key)
    assert moved.position == pytest.approx(before[f"{lamps.key}_2"].position) and len(kept) == len(before)


def test_removing_the_second_chair_keeps_the_others_in_place(room, laid_out):
    chairs = resolve_specs(room, "chairs")[0]
    outcome, after, _ = _after(room, laid_out, "remove the second chair")
    before = {p.id: p.position for p in laid_out[1]}
    left = sorted(p.position for p in after if p.category == chairs.category)
    assert left == sorted([before[f"{chairs.key}_1"], before[f"{chairs.key}_3"]])
    assert sum(s.count for s in outcome.plan.objects if s.category == chairs.category) == chairs.count - 1


def test_replace_keeps_the_places_with_the_new_kind(room, laid_out):
    chairs = resolve_specs(room, "chairs")[0]
    outcome, after, _ = _after(room, laid_out, "replace the chairs with stools")
    assert not resolve_specs(outcome.plan, "chairs") and outcome.plan.spec("stool").count == chairs.count
    before = sorted(p.position for p in laid_out[1] if p.spec == chairs.key)
    assert sorted(p.position for p in after if p.spec == "stool") == pytest.approx(before)
    checked = {r.id: r for r in check_requirements(outcome.plan, after, {})}
    assert checked[f"absent:{chairs.key}"].passed and checked["count:stool"].passed


def test_look_and_finishes(room):
    outcome = apply_edits(room, parse_or_refuse("make it night and paint the walls light green"))
    assert outcome.plan.look.time_of_day == "night" and outcome.plan.environment.wall_color == "#8cbc95"
    floor = apply_edits(room, parse_or_refuse("make the floor carpet")).plan
    assert floor.environment.floor == "carpet"
    brick = apply_edits(room, parse_or_refuse("make the walls exposed brick")).plan.environment
    assert (brick.walls, brick.wall_color) == ("brick", None), "a new finish shows its own colour"
    with pytest.raises(InputError, match="no wall the page draws"):
        finish(EditOutcome(room.model_copy(deep=True)), EditOp(kind="finish", target="walls", material="glass"))
    with pytest.raises(InputError, match="only outdoors"):
        apply_edits(room, parse_or_refuse("make it snowy"))


def test_floor_materials_are_ones_compose_draws():
    from tools.page.compose import FLOOR_COLORS

    assert set(FLOOR_MATERIALS.values()) <= set(FLOOR_COLORS)


def test_a_broader_class_is_grounded_against_the_scene(room):
    assert {s.category for s in resolve_specs(room, "furniture")} >= {"sofa", "coffee_table"}


@pytest.mark.parametrize("text, words, nearest", [
    ("dance a jig", ["dance", "jig"], None),
    ("remvoe the lamp", ["remvoe"], "remove the lamp"),
    ("make the room festive", ["festive"], None),  # 'room' is read now ('make the room bigger', '... cosier')
])
def test_refusal_names_the_words_and_the_nearest_phrasing(text, words, nearest):
    with pytest.raises(InputError) as refused:
        parse_or_refuse(text)
    message = str(refused.value)
    assert all(repr(w) in message for w in words) and "nearest supported phrasing" in message
    if nearest:
        assert f"nearest supported phrasing: '{nearest}'" in message


def test_exception_is_never_read_as_its_opposite():
    parsed = parse_edits("remove everything except the sofa and the tv")
    assert [op.model_dump(exclude_none=True) for op in parsed.operations] == [
        {"kind": "remove", "target": "everything", "exclude": ["sofa", "tv"]}]
