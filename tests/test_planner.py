"""The grounded planner: prompts -> ScenePlans, on the dev prompt set and on phrasings of our own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tools.core.colors import COLORS, shade
from tools.core.errors import PromptError
from tools.core.schema import ObjectSpec, ScenePlan, free_key, instance_ids
from tools.knowledge.categories import CATEGORIES
from tools.plan.area import MAX_FLOOR_SHARE
from tools.plan.planner import plan_prompt

DEV_PROMPTS = Path(__file__).resolve().parents[2] / "shared" / "prompts" / "dev.txt"

# prompt -> expectations. objects: requested key -> count; relations: stated (kind, subject, target[, param]);
# colors: key -> colour words; env: Environment fields; attrs: key -> ObjectSpec fields; added: planner additions.
CASES: dict[str, dict] = {
    # the 30 dev prompts
    "a cozy living room with a grey sofa facing a TV, a wooden coffee table in front of the sofa and a floor lamp in the corner; 5m x 4m": dict(
        objects={"sofa": 1, "tv": 1, "coffee_table": 1, "floor_lamp": 1}, colors={"sofa": "grey"},
        attrs={"coffee_table": {"material": "wood"}, "tv": {"noun": "tv"}},
        relations={("facing", "sofa", "tv"), ("in_front_of", "coffee_table", "sofa"), ("in_corner", "floor_lamp", None)},
        env=dict(kind="indoor", room_type="living_room", width=5.0, depth=4.0, size_from_prompt=True), added={"tv_stand"}),
    "a kitchen with a white fridge, a stove, a sink counter and a round dining table with four chairs": dict(
        objects={"fridge": 1, "stove": 1, "sink_counter": 1, "table": 1, "chair": 4}, colors={"fridge": "white"},
        attrs={"table": {"shape": "round"}}, implied={("around", "chair", "table")},
        env=dict(kind="indoor", room_type="kitchen", floor="tile")),
    "a home office with a desk, an office chair, two bookshelves against the wall and a potted plant": dict(
        objects={"desk": 1, "office_chair": 1, "bookshelf": 2, "potted_plant": 1},
        relations={("against_wall", "bookshelf", None)}, env=dict(room_type="office")),
    "a bedroom with a double bed, two nightstands with lamps on them and a wardrobe; 4m x 4m": dict(
        objects={"bed": 1, "nightstand": 2, "table_lamp": 2, "wardrobe": 1}, attrs={"bed": {"shape": "double"}},
        relations={("on", "table_lamp", "nightstand")}, env=dict(room_type="bedroom", width=4.0, depth=4.0)),
    "a classroom with 12 student desks in three rows, each with a chair, and a teacher's desk at the front": dict(
        objects={"desk": 12, "chair": 12, "desk_teacher": 1},
        relations={("row", "desk", None, 3), ("each_with", "chair", "desk"), ("front", "desk_teacher", None)},
        env=dict(room_type="classroom")),
    "a forest clearing with 8 pine trees, a campfire in the middle surrounded by 4 logs, and a tent": dict(
        objects={"pine_tree": 8, "campfire": 1, "log": 4, "tent": 1},
        relations={("center", "campfire", None), ("around", "log", "campfire")},
        env=dict(kind="outdoor", room_type="forest", floor="grass", windows=0), added={"rock"},
        absent={"grass"}),  # tufts too small to see at a 24 m clearing's scale are left out
    "a small park with two benches facing a fountain, three oak trees and a lamp post": dict(
        objects={"bench": 2, "fountain": 1, "oak_tree": 3, "lamp_post": 1}, relations={("facing", "bench", "fountain")},
        env=dict(kind="outdoor", room_type="park")),
    "a beach with two palm trees, a red umbrella, two sun loungers and a surfboard": dict(
        objects={"palm_tree": 2, "umbrella": 1, "sun_lounger": 2, "surfboard": 1}, colors={"umbrella": "red"},
        env=dict(kind="outdoor", room_type="beach", floor="sand")),
    "a village square with a well in the center, four houses around it and a market stall": dict(
        objects={"well": 1, "house": 4, "market_stall": 1},
        relations={("center", "well", None), ("around", "house", "well")}, env=dict(room_type="village_square")),
    "a parking lot with five cars in a row and two lamp posts": dict(
        objects={"car": 5, "lamp_post": 2}, relations={("row", "car", None, 1)}, env=dict(floor="asphalt")),
    "a library reading room with six bookshelves along the walls and two long tables with chairs": dict(
        objects={"bookshelf": 6, "table": 2}, attrs={"table": {"size": "long"}},
        relations={("against_wall", "bookshelf", None)}, implied={("around", "chair", "table")},
        env=dict(room_type="library")),
    "a bathroom with a bathtub, a toilet and a sink with a mirror above it; 3m x 2.5m": dict(
        objects={"bathtub": 1, "toilet": 1, "sink": 1, "mirror": 1}, relations={("above", "mirror", "sink")},
        env=dict(room_type="bathroom", width=3.0, depth=2.5, floor="tile")),
    "a dining room with a long table, eight chairs around it and a chandelier above the table": dict(
        objects={"table": 1, "chair": 8, "chandelier": 1},
        relations={("around", "chair", "table"), ("above", "chandelier", "table")}, env=dict(room_type="dining_room")),
    "a garden with a wooden fence, five rose bushes, a birdbath and a stone path": dict(
        objects={"fence": 1, "bush": 5, "birdbath": 1, "stone_path": 1},
        attrs={"fence": {"material": "wood"}, "stone_path": {"material": "stone"}}, env=dict(room_type="garden")),
    "a cafe with four small round tables, each with two chairs, and a counter with a coffee machine on it": dict(
        objects={"table": 4, "chair": 8, "counter": 1, "coffee_machine": 1},
        attrs={"table": {"size": "small", "shape": "round"}},
        relations={("each_with", "chair", "table", 2), ("on", "coffee_machine", "counter")}, env=dict(room_type="cafe")),
    "a conference room with a large oval table, ten chairs around it and a screen on the wall; 8m x 5m": dict(
        objects={"table": 1, "chair": 10, "screen": 1}, attrs={"table": {"size": "large", "shape": "oval"}},
        relations={("around", "chair", "table")}, env=dict(room_type="conference_room", width=8.0, depth=5.0)),
    "a kids playroom with a toy box, a small table with three small chairs, a rug and some balls on the floor": dict(
        objects={"toy_box": 1, "table": 1, "chair": 3, "rug": 1}, attrs={"chair": {"size": "small"}},
        counts_between={"ball": (3, 5)}, env=dict(room_type="playroom")),
    "a desert with three cacti, some rocks and a camel": dict(
        objects={"cactus": 3, "camel": 1}, counts_between={"rock": (3, 5)}, env=dict(kind="outdoor", floor="sand")),
    "a snowy hill with a snowman, two pine trees and a sled": dict(
        objects={"snowman": 1, "pine_tree": 2, "sled": 1}, env=dict(kind="outdoor", floor="snow")),
    "a workshop with a workbench, a tool cabinet, three barrels and a stack of crates": dict(
        objects={"workbench": 1, "tool_cabinet": 1, "barrel": 3}, counts_between={"crate": (3, 5)},
        relations={("stacked", "crate", None)}, env=dict(room_type="workshop")),
    "an art studio with an easel, a stool, a table with paint cans on it and a large window": dict(
        objects={"easel": 1, "stool": 1, "table": 1}, relations={("on", "paint_can", "table")},
        env=dict(room_type="studio", windows=1), absent={"window"}),
    "a gym with two treadmills, a weight bench and a rack of dumbbells": dict(
        objects={"treadmill": 2, "weight_bench": 1, "dumbbell_rack": 1}, env=dict(room_type="gym")),
    "a living room in blue tones: a blue sofa, a blue armchair and a white bookshelf": dict(
        objects={"sofa": 1, "armchair": 1, "bookshelf": 1},
        colors={"sofa": "blue", "armchair": "blue", "bookshelf": "white"}, env=dict(room_type="living_room")),
    "an empty room": dict(objects={}, env=dict(kind="indoor", width=4.0, depth=4.0), total=0),
    "a table": dict(objects={"table": 1}, env=dict(kind="indoor", width=4.0, depth=4.0), total=1),
    "three red cubes stacked on top of each other": dict(
        objects={"cube": 3}, colors={"cube": "red"}, relations={("stacked", "cube", None)}, env=dict(kind="indoor")),
    "a solar farm with twenty solar panels in a grid": dict(
        objects={"solar_panel": 20}, relations={("grid", "solar_panel", None)}, env=dict(kind="outdoor")),
    "a farm with a red barn, a windmill, a tractor and four hay bales": dict(
        objects={"barn": 1, "windmill": 1, "tractor": 1, "hay_bale": 4}, colors={"barn": "red"},
        env=dict(room_type="farm")),
    "a bus stop with a bench, a sign and a trash can next to the road": dict(
        objects={"bench": 1, "sign": 1, "trash_can": 1, "road": 1}, relations={("next_to", "trash_can", "road")},
        env=dict(room_type="bus_stop", floor="asphalt")),
    "a modern minimalist loft with a black sofa, a glass coffee table and a large abstract sculpture": dict(
        objects={"sofa": 1, "coffee_table": 1, "sculpture": 1}, colors={"sofa": "black"},
        attrs={"coffee_table": {"material": "glass"}, "sculpture": {"size": "large"}}, env=dict(room_type="loft")),
    # our own phrasings
    "</script><script>alert(1)</script> a red chair": dict(objects={"chair": 1}, colors={"chair": "red"}, total=1),
    "a dozen chairs and a pair of armchairs": dict(objects={"chair": 12, "armchair": 2}),
    "twenty-four stools, eleven crates and two dozen books on a table": dict(
        objects={"stool": 24, "crate": 11, "book": 24, "table": 1}, relations={("on", "book", "table")}),
    "some vases, a few barrels and several crates": dict(counts_between={"vase": (3, 5), "barrel": (3, 5), "crate": (3, 5)}),
    "a couch facing the telly and a loveseat": dict(
        objects={"sofa": 1, "tv": 1, "sofa_2": 1}, attrs={"sofa": {"noun": "couch"}, "tv": {"noun": "telly"}},
        relations={("facing", "sofa", "tv")}),
    "a light blue sofa, a dark green armchair and a navy rug": dict(
        colors={"sofa": "light blue", "armchair": "dark green", "rug": "navy"},
        hex={"sofa": shade(COLORS["blue"], 0.4), "armchair": shade(COLORS["green"], -0.4), "rug": COLORS["navy"]}),
    "a bedroom in green tones with a bed, a red rug and a lamp": dict(
        objects={"bed": 1, "rug": 1, "table_lamp": 1}, colors={"bed": "green", "rug": "red", "table_lamp": "light green"}),
    "a red chair and a blue chair": dict(objects={"chair": 1, "chair_blue": 1}, colors={"chair": "red", "chair_blue": "blue"}),
    "a tall plant, two small tables and a long metal bench": dict(
        objects={"potted_plant": 1, "table": 2, "bench": 1},
        attrs={"potted_plant": {"size": "tall"}, "table": {"size": "small"}, "bench": {"size": "long", "material": "metal"}}),
    "a room 6 by 3 metres with a leather armchair and a square table": dict(
        objects={"armchair": 1, "table": 1}, attrs={"armchair": {"material": "leather"}, "table": {"shape": "square"}},
        env=dict(width=6.0, depth=3.0, size_from_prompt=True)),
    "a 4 x 5 m office": dict(env=dict(room_type="office", width=4.0, depth=5.0), added={"desk", "office_chair"}),
    "a 5x5 bedroom with a bed": dict(objects={"bed": 1}, env=dict(width=5.0, depth=5.0), added={"nightstand", "wardrobe"}),
    # dog, cat and wheelchair are kinds now (kinds.toml); the colour and the relation still hold
    "a guitar and a purple dog next to a wheelchair": dict(
        objects={"guitar": 1, "dog": 1, "wheelchair": 1}, colors={"dog": "purple"}, unknown={}),
    "a kitchen with a kitchen island": dict(objects={"counter": 1}, unknown={}),  # a kitchen island is a counter's name
    "lots of trees and a car": dict(counts_between={"oak_tree": (6, 9)}, env=dict(kind="outdoor")),
    "a small room with two windows and a tiled floor": dict(objects={}, env=dict(windows=2, floor="tile"), total=0),
    "a snowy forest with a cabin": dict(objects={"house": 1}, env=dict(kind="outdoor", floor="snow"), unknown={}),
    "a sofa and an armchair facing the TV": dict(
        relations={("facing", "sofa", "tv"), ("facing", "armchair", "tv")}, added={"tv_stand"}),
    "a round table with 4 chairs around it": dict(objects={"table": 1, "chair": 4}, relations={("around", "chair", "table")}),
    "a vase in the middle of the table": dict(relations={("on", "vase", "table")}),
    "a cat sleeping on a red sofa": dict(
        objects={"cat": 1, "sofa": 1}, relations={("on", "cat", "sofa")}, unknown={}),
    "a bedroom with a bed between two nightstands": dict(relations={("next_to", "nightstand", "bed")}),
    "an office with 6 desks in 2 rows and a plant in each corner": dict(
        relations={("row", "desk", None, 2), ("in_corner", "potted_plant", None)}, not_related={("in_corner", "desk", None)}),
    "a living room": dict(objects={}, added={"sofa", "coffee_table", "tv"}, env=dict(room_type="living_room")),
    "a cozy reading nook with an armchair and a floor lamp next to it": dict(
        objects={"armchair": 1, "floor_lamp": 1}, env=dict(kind="indoor"), unknown={}),
    "a harbour with two boats and five crates": dict(
        objects={"boat": 2, "crate": 5}, env=dict(kind="outdoor", room_type="harbour")),
    "a pirate ship on the sea at sunset with seagulls circling": dict(
        objects={"galleon": 1}, env=dict(kind="outdoor", room_type="sea", floor="water")),
    "a lighthouse by the sea": dict(env=dict(kind="outdoor", room_type="beach", floor="sand")),
    "a bedroom with a desk by the window": dict(objects={"desk": 1}, relations={("by_window", "desk", None)}),
    "a sofa under the window and a bookshelf": dict(
        relations={("by_window", "sofa", None)}, not_related={("by_window", "bookshelf", None)}),
    "a sofa facing the window": dict(not_related={("by_window", "sofa", None)}),
    "a classroom with 12 desks in rows and a whiteboard": dict(
        objects={"desk": 12, "whiteboard": 1}, relations={("row", "desk", None, None)}, implied={("front", "screen", None)}),
    "three chairs in a row": dict(relations={("row", "chair", None, 1)}),
    "a spooky graveyard at night with fog": dict(  # fog is the look's weather, not an unknown object
        objects={}, env=dict(room_type="graveyard"), added={"gravestone"}, unknown={}),
    "a cemetery with a stone cross": dict(attrs={"gravestone": {"variant": 1}}, unknown={}),
    "an office with four desks": dict(objects={"desk": 4}, counts_between={"office_chair": (4, 4)},
                                      implied={("each_with", "office_chair", "desk")}),
    "a bakery with a counter, three round tables and a coffee machine": dict(
        objects={"counter": 1, "table": 3, "coffee_machine": 1}, env=dict(room_type="bakery"), unknown={}),
    "a fishing village harbour with three sailboats": dict(  # the head place wins over its modifier
        objects={"boat": 3}, env=dict(room_type="harbour"), attrs={"boat": {"variant": 3}}),
    "a sea of flowers in a meadow": dict(env=dict(room_type="hill", floor="grass"), absent={"boat"}),
    "three hot air balloons over a meadow at sunrise": dict(
        objects={"hot_air_balloon": 3}, added={"oak_tree"}, absent={"flower", "grass"}),
    "a garden with a bench": dict(added={"flower", "grass"}),  # a 10 m garden: its flowers show
    "a zen garden with rocks, sand and a small pond": dict(  # 'sand' is the ground, not a 'stand' (market stall)
        objects={"pond": 1}, env=dict(floor="sand"), absent={"market_stall"}, unknown={}),
    "snow on a hill with a sled": dict(objects={"sled": 1}, env=dict(floor="snow")),
    "a cozy cabin with a fireplace, a rocking chair and a bear rug at night": dict(
        objects={"fireplace": 1, "rocking_chair": 1, "rug": 1}, env=dict(kind="indoor"),
        relations={("against_wall", "fireplace", None)}),
    # style variants the words choose (tools.knowledge.categories variant_words)
    "a canoe on a lake": dict(objects={"boat": 1}, attrs={"boat": {"variant": 1}}),
    "a brick house": dict(objects={"house": 1}, attrs={"house": {"variant": 0, "material": "stone"}}),
    "a sailboat on the sea": dict(objects={"boat": 1}, attrs={"boat": {"variant": 3, "noun": "sailboat"}}, unknown={}),
    "a living room with a white fireplace": dict(attrs={"fireplace": {"variant": 1, "color_name": "white"}}),
    "a bedroom with a bed": dict(attrs={"bed": {"variant": None}}),
    # instruments and the lighthouse (tools/assets/families/music.py, lighthouse.py)
    "a music room with a piano, two guitars and a drum kit": dict(
        objects={"piano": 1, "guitar": 2, "drum_kit": 1}, env=dict(kind="indoor"), unknown={},
        relations={("against_wall", "piano", None)}),
    "a lighthouse on a rocky coast at sunset": dict(
        objects={"lighthouse": 1}, env=dict(kind="outdoor"), absent={"windmill"}, unknown={}),
    "a grand piano, an electric guitar and drums": dict(
        objects={"piano": 1, "guitar": 1, "drum_kit": 1}, attrs={"piano": {"variant": 1}, "guitar": {"variant": 1}},
        not_related={("against_wall", "piano", None)}, unknown={}),
    "an upright piano and a bass guitar on a stand": dict(
        attrs={"piano": {"variant": 0}, "guitar": {"variant": 2}}, relations={("against_wall", "piano", None)},
        absent={"market_stall"}),  # the stand is the guitar's own, not a market stand
}


def _dev_prompts() -> list[str]:
    """The development set beside the checkout (../shared), which CI lays out; the table holds them too."""
    if not DEV_PROMPTS.is_file():
        pytest.skip(f"{DEV_PROMPTS} is not beside this checkout")
    return [line.strip() for line in DEV_PROMPTS.read_text().splitlines() if line.strip()]


def test_table_covers_every_dev_prompt():
    assert set(_dev_prompts()) <= set(CASES)
    assert len(CASES) >= 40


@pytest.mark.parametrize("prompt", list(CASES))
def test_prompt_gives_expected_plan(prompt: str):
    expected = CASES[prompt]
    plan = plan_prompt(prompt, seed=0)
    requested = {o.key: o for o in plan.objects if o.requested}
    for key, count in expected.get("objects", {}).items():
        assert key in requested and requested[key].count == count, (key, plan.objects)
    for key, (low, high) in expected.get("counts_between", {}).items():
        assert low <= plan.spec(key).count <= high
    for key, words in expected.get("colors", {}).items():
        assert plan.spec(key).color_name == words and plan.spec(key).color.startswith("#")
    for key, hex_color in expected.get("hex", {}).items():
        assert plan.spec(key).color == hex_color
    for key, fields in expected.get("attrs", {}).items():
        spec = plan.spec(key)
        assert {f: getattr(spec, f) for f in fields} == fields
    stated = {(r.kind, r.subject, r.target) for r in plan.relations}
    params = {(r.kind, r.subject, r.target, r.param) for r in plan.relations}
    for relation in expected.get("relations", set()) | expected.get("implied", set()):
        assert (relation in params) if len(relation) == 4 else (relation in stated), (relation, plan.relations)
    for field, value in expected.get("env", {}).items():
        assert getattr(plan.environment, field) == value, field
    assert not expected.get("not_related", set()) & stated
    added = {o.category for o in plan.objects if not o.requested}
    assert expected.get("added", set()) <= added
    assert not expected.get("absent", set()) & {o.category for o in plan.objects}
    if "total" in expected:
        assert len(plan.objects) == expected["total"]
    if "unknown" in expected:
        assert {u.noun: u.mapped_to for u in plan.unknown_nouns} == expected["unknown"]


@pytest.mark.parametrize("prompt", list(CASES))
def test_plan_is_consistent(prompt: str):
    plan = plan_prompt(prompt, seed=3)
    keys = [o.key for o in plan.objects]
    assert len(keys) == len(set(keys))
    ids = [i for o in plan.objects for i in instance_ids(o.key, o.count)]
    assert len(ids) == len(set(ids)), ids  # 'placeholder_2' must not be an instance of 'placeholder' too
    assert all(o.category in CATEGORIES for o in plan.objects)
    assert all(o.placeholder == (o.category == "placeholder") for o in plan.objects)
    for relation in plan.relations:
        assert relation.subject in keys and (relation.target is None or relation.target in keys)
    ids = [r.id for r in plan.requirements]
    assert len(ids) == len(set(ids))
    assert {f"count:{o.key}" for o in plan.objects if o.requested} == {i for i in ids if i.startswith("count:")}
    assert {f"color:{o.key}" for o in plan.objects if o.color} == {i for i in ids if i.startswith("color:")}
    assert all(r.passed is None and r.evidence is None for r in plan.requirements)
    assert plan.planner == "grounded"
    assert ScenePlan.model_validate(json.loads(json.dumps(plan.model_dump()))) == plan


def test_same_prompt_and_seed_give_the_same_plan():
    for prompt in CASES:
        assert plan_prompt(prompt, 7).model_dump() == plan_prompt(prompt, 7).model_dump()


def test_vague_counts_follow_the_seed_within_range():
    counts = {plan_prompt("some balls", seed).spec("ball").count for seed in range(30)}
    assert counts <= {3, 4, 5} and len(counts) > 1


def test_requirements_name_counts_colours_and_stated_relations_only():
    plan = plan_prompt("a grey sofa facing a TV and four chairs around a table")
    by_id = {r.id: r for r in plan.requirements}
    assert by_id["count:chair"].expected == 4 and by_id["count:chair"].description == "4 chairs"
    assert by_id["color:sofa"].expected == plan.spec("sofa").color
    assert "relation:facing:sofa:tv" in by_id and "relation:around:chair:table" in by_id
    assert not any(i.startswith("relation:on:tv") for i in by_id), "implied relations get no requirement"
    assert "count:tv_stand" not in by_id


@pytest.mark.parametrize("prompt", [
    "a room with " + ", ".join(f"{n} sofas" for n in (4, 4)) + " and 30 wardrobes",
    "a farm with ten barns and twenty houses",
    "a living room with 40 armchairs",
])
def test_rooms_grow_until_floor_objects_fit(prompt: str):
    plan = plan_prompt(prompt)
    env = plan.environment
    on_something = {r.subject for r in plan.relations if r.kind == "on"}
    footprint = sum(
        CATEGORIES[o.category].size[0] * CATEGORIES[o.category].size[2] * o.count
        for o in plan.objects
        if CATEGORIES[o.category].mount == "floor" and o.key not in on_something and CATEGORIES[o.category].size[1] > 0.05
    )  # flat things (rugs, paths) lie under others and take no floor
    assert footprint <= MAX_FLOOR_SHARE * env.width * env.depth + 1e-6
    assert env.width * 2 == int(env.width * 2) and env.depth * 2 == int(env.depth * 2)


def test_stated_sizes_are_kept_even_when_crowded():
    env = plan_prompt("a 3m x 3m bedroom with two beds and two wardrobes").environment
    assert (env.width, env.depth, env.size_from_prompt) == (3.0, 3.0, True)


@pytest.mark.parametrize("prompt, words", [
    ("", "empty"), ("   \n ", "empty"), ("<em></em>", "empty"), ("a room 0m x 4m", "zero"),
    ("a 500m x 4m room", "between"), ("a kitchen 5m x", "missing"), ("a bedroom 4m by", "missing"),
    ("a park 0 x 10 m", "zero"), ("a 2 x 1000 m farm", "between"), ("a room with 10000 chairs", "at most"),
])
def test_unusable_prompts_raise_a_readable_prompt_error(prompt: str, words: str):
    with pytest.raises(PromptError, match=words):
        plan_prompt(prompt)


def test_default_windows_and_outdoor_has_none():
    assert plan_prompt("a bedroom with a bed").environment.windows in (1, 2)
    assert plan_prompt("a beach with a window").environment.windows == 0


@pytest.mark.parametrize(("prompt", "key", "metres", "axis"), [
    ("a 2 m statue in a park", "sculpture", 2.0, None),
    ("a table 3 metres long and four chairs", "table", 3.0, "length"),
    ("a 6 ft tall plant in a bedroom", "potted_plant", 1.8288, "height"),
])
def test_stated_measures_reach_the_spec_and_the_generated_size(prompt, key, metres, axis):
    from tools.knowledge.extent import target_size

    spec = plan_prompt(prompt, 0).spec(key)
    assert spec.measure_m == pytest.approx(metres) and spec.measure_axis == axis
    size = target_size(spec)
    measured = {"height": size[1], "length": max(size[0], size[2]), None: max(size)}[axis]
    assert measured == pytest.approx(metres, abs=0.01)


def test_a_key_never_names_another_specs_instance():
    four = ObjectSpec(key="placeholder", category="placeholder", count=4)
    assert free_key([four], "placeholder_2") != "placeholder_2"
    assert free_key([ObjectSpec(key="gear_2", category="placeholder")], "gear", 3) != "gear"
    plan = plan_prompt("a shed with brass gears, a clockwork owl, copper pipes, more gears and three pipes", 0)
    ids = [i for o in plan.objects for i in instance_ids(o.key, o.count)]
    assert len(ids) == len(set(ids))


def test_a_named_thing_longer_than_the_room_is_scaled_to_fit_it():
    from tools.knowledge.extent import target_size
    from tools.layout.solver import solve_layout

    plan = plan_prompt("a 4m x 3m hallway with a stone path", 0)
    path = next(s for s in plan.objects if s.category == "stone_path")
    assert path.measure_m is not None and path.measure_m <= 4 * 0.8
    solve_layout(plan, {s.key: target_size(s) for s in plan.objects}, seed=0)  # it fits: no LayoutError


@pytest.mark.parametrize("prompt", ["a control tower at a small airfield", "a 40 m tall statue in a park"])
def test_open_ground_has_sky_for_things_taller_than_their_kind_usually_is(prompt):
    # the style a word picks ('control tower': 30 m) or a stated measure sets the place's height, not the kind's
    # usual size: the layout could not place them under the usual one
    from tools.knowledge.extent import target_size
    from tools.layout.solver import solve_layout

    plan = plan_prompt(prompt, 0)
    sizes = {s.key: target_size(s, s.variant) for s in plan.objects}
    assert plan.environment.height >= max(size[1] for size in sizes.values())
    solve_layout(plan, sizes, seed=0)  # no LayoutError


@pytest.mark.parametrize(("prompt", "subject", "target", "kind"), [
    ("a row of townhouses on a quiet street", "house", "road", "next_to"),  # they front it: wider than a road
    ("a car on the road", "car", "road", "on"),
    ("a cat on a sofa", "cat", "sofa", "on"),
])
def test_on_means_on_top_only_where_the_thing_fits_on_the_top(prompt, subject, target, kind):
    from tools.knowledge.extent import target_size
    from tools.layout.solver import solve_layout

    plan = plan_prompt(prompt, 0)
    assert (kind, target) in [(r.kind, r.target) for r in plan.relations if r.subject == subject]
    solve_layout(plan, {s.key: target_size(s, s.variant) for s in plan.objects}, seed=0)  # no LayoutError


@pytest.mark.parametrize(("prompt", "anchor"), [("a small bedroom", "bed"), ("a tiny laundry room", "washing_machine")])
def test_a_small_room_keeps_what_makes_it_that_room(prompt, anchor):
    # the furnishing budget of a 3 m x 3 m room was spent before the double bed: a bedroom with a wardrobe
    assert anchor in {o.category for o in plan_prompt(prompt, 0).objects}
    assert plan_prompt("an empty bedroom", 0).objects == []
