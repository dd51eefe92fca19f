"""Rooms people can walk through: the layout's own floor measure, the furnishings it moves or drops, rows with
aisles, doors reached and their swing clear, and the navigability and opening-clearance checks report.json
carries."""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tools.core.errors import LayoutError
from tools.core.report import CheckName
from tools.core.schema import Environment, ObjectSpec, Relation, ScenePlan
from tools.knowledge.categories import CATEGORIES
from tools.layout.openings import blockers, reserve_openings
from tools.layout.solver import _candidates, new_context, placement_order, room_bounds, solve_layout
from tools.layout.space import Box, Space
from tools.layout.stated import holds
from tools.layout.walkable import TARGET_SHARE, measure, used_sides
from tools.layout.walkway import keep_walkable, movable_named
from tools.verify.checks import navigability_check, opening_clearance_check

# Floor kinds people use, and floor kinds nobody uses, read from kinds.toml rather than listed here.
USED = sorted(c.name for c in CATEGORIES.values() if c.used_from and c.indoor and "archetype" not in c.traits)
UNUSED = sorted(c.name for c in CATEGORIES.values() if c.mount == "floor" and c.indoor and not c.used_from
                and c.size[1] > 0.05 and max(c.size) < 2.5 and "archetype" not in c.traits)
SEAT = next(c.name for c in CATEGORIES.values() if c.used_from == "any" and c.has("seat"))
BED = next(c.name for c in CATEGORIES.values() if c.used_from == "sides" and c.has("lie_on"))
DESK = next(c.name for c in CATEGORIES.values() if c.used_from == "front" and c.has("work_surface"))


def _room(width: float, depth: float) -> Space:
    return Space((-width / 2, 0.0, -depth / 2), (width / 2, 2.7, depth / 2), True, 1.0)


def _box(name: str, category: str, x: float, z: float, yaw: float = 0.0, size=None) -> Box:
    w, h, d = size or CATEGORIES[category].size
    return Box(name, name, category, x, 0.0, z, yaw, w, h, d)


def _placements_space(plan: ScenePlan, placements) -> Space:
    lo, hi = room_bounds(plan.environment)
    space = Space(lo, hi, True, 1.0)
    reserve_openings(space, plan.environment)  # the door's swing must be reached, as the solver needs it
    for p in placements:
        space.add(Box(p.id, p.spec, p.category, *p.position, p.yaw, *p.size, p.parent, p.mount))
    return space


def test_an_empty_room_is_one_region_and_a_wall_to_wall_row_splits_it():
    space = _room(6.0, 4.0)
    assert measure(space).ok and measure(space).share == 1.0
    space.add(_box("wall", "placeholder", 0.0, 0.0, size=(6.0, 1.0, 0.3)))  # a partition from wall to wall
    split = measure(space)
    assert 0.4 < split.share < 0.6 and not split.ok
    assert "50%" in split.describe() or "49%" in split.describe() or "51%" in split.describe()


def test_a_used_side_against_a_wall_is_unreachable_but_other_sides_are_not_needed():
    space = _room(5.0, 4.0)
    _, _, d = CATEGORIES[DESK].size
    space.add(_box("desk", DESK, 0.0, -2.0 + 0.02 + d / 2, yaw=math.pi))  # its front to the -Z wall
    assert measure(space).unreachable == ("desk",)
    space.remove("desk")
    space.add(_box("desk", DESK, 0.0, -2.0 + 0.02 + d / 2))  # its back to the wall, front into the room
    assert measure(space).ok


def test_a_bed_is_used_from_its_long_sides():
    w, _, d = CATEGORIES[BED].size
    assert used_sides(_box("bed", BED, 0.0, 0.0)) == ([(1, 0), (-1, 0)] if d >= w else [(0, 1), (0, -1)])
    space = _room(w + 0.1, 4.0)  # the room as wide as the bed: both long sides touch the walls
    space.add(_box("bed", BED, 0.0, 0.0))
    assert measure(space).unreachable == ("bed",)


def test_furnishings_that_split_the_room_are_moved_or_dropped():
    env = Environment(kind="indoor", width=6.0, depth=4.0, height=2.7)
    named = ObjectSpec(key="chair", category=SEAT, count=2)
    # A screen of furnished boxes across the room: the solver's row puts them wall to wall.
    wall = ObjectSpec(key="crate", category="placeholder", count=9, requested=False)
    plan = ScenePlan(prompt="t", seed=0, environment=env, objects=[named, wall],
                     relations=[Relation(kind="row", subject="crate", param=1)])
    placements = solve_layout(plan, {"chair": CATEGORIES[SEAT].size, "crate": (0.66, 1.0, 0.4)})
    assert measure(_placements_space(plan, placements)).ok
    assert sum(p.spec == "chair" for p in placements) == 2  # what the prompt named stays


def test_what_the_prompt_names_stays_and_the_check_fails_with_the_figures():
    env = Environment(kind="indoor", width=6.0, depth=4.0, height=2.7)
    plan = ScenePlan(prompt="t", seed=0, environment=env,
                     objects=[ObjectSpec(key="crate", category="placeholder", count=9),
                              ObjectSpec(key="plant", category="potted_plant", count=2, requested=False)],
                     relations=[Relation(kind="row", subject="crate", param=1)])
    placements = solve_layout(plan, {"crate": (0.66, 1.0, 0.4), "plant": CATEGORIES["potted_plant"].size})
    assert sum(p.spec == "crate" for p in placements) == 9
    result = navigability_check(plan, placements)
    assert result["name"] == CheckName.NAVIGABILITY
    if result["passed"]:  # the row left an aisle after all
        assert result["share"] >= TARGET_SHARE
    else:
        assert result["share"] < TARGET_SHARE or result["unreachable"]
        assert "walkable floor in one region" in result["evidence"]


def test_outdoors_the_check_passes_without_measuring():
    env = Environment(kind="outdoor", width=20.0, depth=20.0, height=10.0)
    plan = ScenePlan(prompt="t", seed=0, environment=env, objects=[ObjectSpec(key="rock", category="rock", count=3)])
    placements = solve_layout(plan, {"rock": CATEGORIES["rock"].size})
    assert navigability_check(plan, placements)["passed"]


# The second: the front-most row faces an aisle, not the wall, so every desk's front is reached.
@pytest.mark.parametrize("width, depth, desks", [(8.0, 6.0, 8), (5.0, 5.0, 4)])
def test_rows_leave_aisles_that_join_up(width, depth, desks):
    env = Environment(kind="indoor", width=width, depth=depth, height=2.7)
    plan = ScenePlan(prompt="t", seed=0, environment=env,
                     objects=[ObjectSpec(key="desk", category=DESK, count=desks),
                              ObjectSpec(key="chair", category=SEAT, count=desks)],
                     relations=[Relation(kind="row", subject="desk"),
                                Relation(kind="each_with", subject="chair", target="desk", param=1)])
    placements = solve_layout(plan, {"desk": CATEGORIES[DESK].size, "chair": CATEGORIES[SEAT].size})
    walkability = measure(_placements_space(plan, placements))
    assert walkability.ok, walkability.describe()


def test_hangings_go_above_wall_furniture_when_the_wall_below_is_taken():
    """Bookshelves along the walls, paintings over them: a painting hangs under the ceiling before it fails."""
    env = Environment(kind="indoor", width=4.0, depth=3.0, height=3.0)
    plan = ScenePlan(prompt="t", seed=0, environment=env,
                     objects=[ObjectSpec(key="shelf", category="bookshelf", count=12),
                              ObjectSpec(key="painting", category="painting", count=4)],
                     relations=[Relation(kind="against_wall", subject="shelf")])
    placements = solve_layout(plan, {"shelf": (0.9, 1.9, 0.35), "painting": CATEGORIES["painting"].size})
    assert sum(p.spec == "painting" for p in placements) == 4
    assert all(p.position[1] >= 1.9 for p in placements if p.spec == "painting")


specs = st.lists(st.tuples(st.sampled_from(USED + UNUSED), st.integers(1, 4), st.booleans()), min_size=1, max_size=6)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(width=st.floats(3.0, 10.0), depth=st.floats(3.0, 10.0), items=specs, row=st.booleans(), seed=st.integers(0, 99))
def test_random_rooms_are_walkable_or_say_why(width, depth, items, row, seed):
    """Any room and set of things: a LayoutError, or a layout whose checks tell the truth and whose door swing and
    windows are clear; and when only furnishings stand in the way (nothing the prompt named), a walkable room
    that reaches the door."""
    objects = [ObjectSpec(key=f"{category}_{i}", category=category, count=count, requested=named)
               for i, (category, count, named) in enumerate(items)]
    relations = [Relation(kind="row", subject=objects[0].key, param=1)] if row else []
    env = Environment(kind="indoor", width=round(width, 2), depth=round(depth, 2), height=2.7)
    plan = ScenePlan(prompt="t", seed=seed, environment=env, objects=objects, relations=relations)
    try:
        placements = solve_layout(plan, {o.key: CATEGORIES[o.category].size for o in objects}, seed=seed)
    except LayoutError as error:
        assert "could not place" in str(error)
        return
    walkability = measure(_placements_space(plan, placements))
    result = navigability_check(plan, placements)
    assert result["passed"] == walkability.ok
    assert result["share"] == walkability.share and result["unreachable"] == list(walkability.unreachable)
    space = _placements_space(plan, placements)
    assert all(blockers(zone, space.boxes.values()) == [] for zone in space.reserved.values())  # a hard constraint
    openings = opening_clearance_check(plan, placements)
    assert openings["passed"] == ("door:0" not in walkability.unreachable), openings["evidence"]
    named = [o for o in objects if o.requested]
    for spec in named:  # what the prompt named is never dropped for walkability
        assert sum(p.spec == spec.key for p in placements) == spec.count
    if not named:
        assert walkability.ok, walkability.describe()


@pytest.mark.slow
@pytest.mark.parametrize("prompt", [
    "a laundromat with six washing machines in a row and a bench",
    "a bedroom with a double bed, two nightstands, a wardrobe and a dresser",
    "a classroom with 12 student desks in three rows, each with a chair, and a teacher's desk at the front",
])
def test_real_prompts_plan_and_lay_out_walkably(prompt):
    from tools.plan.planner import plan_prompt

    plan = plan_prompt(prompt)
    placements = solve_layout(plan, {o.key: CATEGORIES[o.category].size for o in plan.objects})
    assert all(sum(p.spec == o.key for p in placements) == o.count for o in plan.objects if o.requested)
    result = navigability_check(plan, placements)
    assert result["passed"], result["evidence"]
    openings = opening_clearance_check(plan, placements)
    assert openings["passed"], openings["evidence"]


@pytest.mark.slow
def test_forty_office_desks_with_chairs_do_not_fit_a_12_by_10_room_walkably_and_the_check_says_so():
    """Rows of 1.4 m desks, each with its chair behind and a walkable aisle, take 2 m of depth per row: four rows
    fit behind the front, which would need ten desks (14 m) a row. Every desk and chair is kept; the check fails."""
    from tools.plan.planner import plan_prompt

    plan = plan_prompt("a classroom with 40 desks in rows, each with a chair; 12m x 10m")
    placements = solve_layout(plan, {o.key: CATEGORIES[o.category].size for o in plan.objects})
    assert sum(p.category == DESK for p in placements) == 40
    result = navigability_check(plan, placements)
    assert not result["passed"] and result["unreachable"]
    assert f"{result['share']:.0%} of" in result["evidence"] and "unreachable: " in result["evidence"]


def test_a_named_thing_held_against_the_wall_moves_along_the_walls_to_open_the_room():
    # A stair 3.6 m deep against the west wall of a 4 m wide room leaves a gap no walker passes: the repair
    # moves it to another wall spot (it stays against a wall, as the prompt said), never out of the room.
    env = Environment(kind="indoor", width=4.0, depth=7.0, height=2.7)
    plan = ScenePlan(prompt="t", seed=0, environment=env,
                     objects=[ObjectSpec(key="stair", category="staircase", count=1)],
                     relations=[Relation(kind="against_wall", subject="stair")])
    ctx = new_context(plan, {"stair": (1.0, 2.7, 3.6)}, 0)
    split = ctx.box("stair", 0, -2.0 + ctx.space.margin + 1.8, 0.5, math.pi / 2)  # its back to the west wall
    assert ctx.fits(split, 0.0)
    ctx.space.add(split)
    relation = plan.relations[0]
    assert holds(ctx, relation) and not measure(ctx.space).ok
    state = keep_walkable(ctx, lambda key, index: _candidates(ctx, key, index))
    assert state.ok and measure(ctx.space).ok
    assert [b.id for b in ctx.placed("stair")] == ["stair"] and holds(ctx, relation)


def test_a_named_thing_another_is_placed_from_stays_where_it_is():
    env = Environment(kind="indoor", width=4.0, depth=7.0, height=2.7)
    plan = ScenePlan(prompt="t", seed=0, environment=env,
                     objects=[ObjectSpec(key="stair", category="staircase", count=1),
                              ObjectSpec(key="plant", category="potted_plant", count=1)],
                     relations=[Relation(kind="against_wall", subject="stair"),
                                Relation(kind="next_to", subject="plant", target="stair")])
    ctx = new_context(plan, {"stair": (1.0, 2.7, 3.6), "plant": CATEGORIES["potted_plant"].size}, 0)
    ctx.space.add(ctx.box("stair", 0, -2.0 + ctx.space.margin + 1.8, 0.5, math.pi / 2))
    assert movable_named(ctx) == []  # the plant's place is read from the stair's


def test_rows_facing_a_counter_are_laid_out_before_free_furniture_takes_their_room():
    # The rows wait for the counter they face; free furniture placed first used to leave them room only packed.
    env = Environment(kind="indoor", width=6.0, depth=4.0, height=3.0)
    furniture = [ObjectSpec(key=f"crate{i}", category="placeholder", count=1) for i in range(6)]
    plan = ScenePlan(prompt="t", seed=0, environment=env,
                     objects=[ObjectSpec(key="counter", category="checkout_counter", count=1),
                              ObjectSpec(key="chair", category=SEAT, count=8), *furniture],
                     relations=[Relation(kind="row", subject="chair", param=2),
                                Relation(kind="facing", subject="chair", target="counter")])
    order = placement_order(plan, {o.key: CATEGORIES[o.category].size for o in plan.objects},
                            {o.key: CATEGORIES[o.category].mount for o in plan.objects})
    assert order[:2] == ["counter", "chair"]


def test_a_room_the_repair_leaves_split_is_laid_out_again_with_the_next_seeds():
    """Two double beds the rest is placed from, 0.31 m apart on seed 0 (narrower than a walker), cut the door off;
    nothing may move them, so the layout is drawn afresh and the most walkable one kept."""
    from tools.assets.sizing import variant_of
    from tools.knowledge.extent import target_size
    from tools.plan.planner import plan_prompt

    plan = plan_prompt("shared bedroom for twin girls, two identical beds with a dollhouse between them and a pink rug")
    placements = solve_layout(plan, {o.key: target_size(o, variant_of(o, plan.seed)) for o in plan.objects})
    assert navigability_check(plan, placements)["passed"], navigability_check(plan, placements)


def test_a_bare_plural_of_a_kind_that_is_a_set_is_one_of_it():
    """'the curtains' is one pair of curtains (the kind's description opens "a pair of"), not three to five pairs
    that cannot all hang in a small room; 'chairs' stays a few chairs, and so do 'balloons' and 'candles', whose
    kinds list their plural among their names (which once made every such plural one thing)."""
    from tools.plan.planner import plan_prompt

    counts = {o.noun: o.count for o in plan_prompt("a study with chairs, morning light through the curtains").objects
              if o.requested}
    assert counts["curtain"] == 1 and counts["chair"] > 1  # keyed by the noun: a study's chairs are office chairs
    party = {o.noun: o.count for o in plan_prompt("a party room with balloons tied to chairs and a cake with candles").objects
             if o.requested}
    assert party["balloon"] > 1 and party["candle"] > 1
