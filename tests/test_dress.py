"""Room dressing (tools/plan/dress.py, [dressing.*] in places.toml): lights, curtains, art, rugs, shelves and laid
tables from place knowledge, never against the prompt, never on the floor people walk on."""

import pytest

from tools.core.windows import windows_of
from tools.knowledge.categories import CATEGORIES
from tools.knowledge.dressing import DRESSING, load_dressing
from tools.knowledge.places import PLACES_FILE
from tools.layout.solver import solve_layout
from tools.plan.planner import plan_prompt

DRESSING_KINDS = {item.kind for family in DRESSING.values() for item in family.items}


def _kinds(prompt: str) -> set[str]:
    return {o.category for o in plan_prompt(prompt).objects}


def _relations(plan, key: str) -> set[tuple[str, str | None]]:
    return {(r.kind, r.target) for r in plan.relations if r.subject == key}


def test_a_living_room_gets_a_rug_art_and_a_ceiling_light():
    plan = plan_prompt("a living room with a sofa")
    added = {o.category: o for o in plan.objects if not o.requested}
    assert {"rug", "painting", "ceiling_lamp", "drape", "wall_shelf"} <= set(added)
    assert ("in_front_of", "sofa") in _relations(plan, added["rug"].key)  # the rug lies under the seating group
    assert ("by_window", None) in _relations(plan, added["drape"].key)
    assert added["drape"].count == len(windows_of(plan.environment))  # one beside every window


@pytest.mark.parametrize("prompt", ["an empty room", "an empty living room", "a living room with only a sofa"])
def test_an_empty_room_gets_no_dressing(prompt):
    assert not _kinds(prompt) & DRESSING_KINDS - {"rug"}


@pytest.mark.parametrize("prompt, absent", [
    ("a living room with no rug and no curtains", {"rug", "drape"}),
    ("a bedroom with blinds", {"drape"}),  # blinds are curtains: the prompt's own serve the windows
    ("a dining room with a chandelier over the table", {"ceiling_lamp"}),
])
def test_the_prompt_wins_over_the_dressing(prompt, absent):
    assert not _kinds(prompt) & absent


def test_a_poster_the_prompt_names_is_the_rooms_wall_art():
    def paintings(prompt: str) -> int:
        return sum(o.count for o in plan_prompt(prompt).objects if o.category == "painting")
    assert paintings("a bedroom with a poster") < paintings("a bedroom")


def test_a_named_kind_keeps_the_prompts_count():
    plan = plan_prompt("a living room with a painting above the sofa")
    assert [o.count for o in plan.objects if o.category == "painting"] == [1]


def test_a_dining_table_is_laid_and_a_lamp_hangs_over_it():
    plan = plan_prompt("a dining room")
    keys = {o.category: o.key for o in plan.objects}
    assert ("on", "table") in _relations(plan, keys["table_setting"])
    restaurant = plan_prompt("a restaurant")
    tables = restaurant.spec("table").count
    assert restaurant.spec("table_setting").count == tables
    lamps = sum(o.count for o in restaurant.objects if o.category in {"ceiling_lamp", "chandelier"})
    assert lamps == min(tables, 8)


def test_offices_get_panel_lights_over_the_desks_and_a_clock():
    plan = plan_prompt("an open office")
    panels = next(o for o in plan.objects if o.category == "ceiling_panel")
    assert ("above", "desk") in _relations(plan, panels.key) and 1 <= panels.count <= 8
    assert "wall_clock" in {o.category for o in plan.objects}


def test_dressing_takes_no_floor_and_never_grows_the_room():
    for kind in DRESSING_KINDS:
        category = CATEGORIES[kind]
        assert category.mount in ("wall", "ceiling", "surface") or category.size[1] < 0.05, kind
    assert plan_prompt("a living room").environment.width == plan_prompt("a living room with only a sofa").environment.width


def test_a_dressed_room_lays_out_with_its_dressing_where_it_belongs():
    plan = plan_prompt("a cozy living room with a grey sofa facing a TV and a coffee table; 5m x 4m")
    placements = solve_layout(plan, {o.key: CATEGORIES[o.category].size for o in plan.objects})
    by_category: dict[str, list] = {}
    for p in placements:
        by_category.setdefault(p.category, []).append(p)
    lamp = by_category["ceiling_lamp"][0]
    assert lamp.position[1] + lamp.size[1] == pytest.approx(plan.environment.height)
    assert by_category["drape"] and all(p.mount == "wall" for p in by_category["drape"])
    assert by_category["rug"] and by_category["wall_shelf"]


@pytest.mark.parametrize("entry, words", [
    ('places = ["kitchen"]\nitems = [{ kind = "sofa", zone = "free" }]', "would take floor"),
    ('places = ["forest"]\nitems = [{ kind = "painting", zone = "free" }]', "not indoors"),
    ('places = ["kitchen"]\nitems = [{ kind = "painting", per = "no_such_kind", zone = "free" }]', "neither"),
    ('places = ["nowhere"]\nitems = [{ kind = "painting", zone = "free" }]', "unknown places"),
])
def test_a_bad_dressing_entry_fails_naming_it(tmp_path, entry, words):
    path = tmp_path / "places.toml"
    path.write_text(f'{PLACES_FILE.read_text()}\n[dressing.broken]\ndescription = "x"\n{entry}\n')
    with pytest.raises(ValueError, match=f"dressing 'broken'.*{words}"):
        load_dressing(path)
