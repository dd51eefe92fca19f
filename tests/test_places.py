"""Place types as data: places.toml is valid, rooms come furnished to a realistic density, and the prompt wins."""

from __future__ import annotations

import pytest

from tools.core.embeddings import embeddings_available
from tools.knowledge.categories import CATEGORIES
from tools.knowledge.places import PLACES, load_places
from tools.knowledge.relation_words import RELATION_WORDS
from tools.layout.solver import solve_layout
from tools.plan.ground import ground_place
from tools.plan.planner import plan_prompt


def test_at_least_150_place_types_each_described():
    assert len(PLACES) >= 150
    assert all(place.description and place.phrases for place in PLACES.values())


def test_every_furnishing_names_a_known_kind_and_relation():
    for place in PLACES.values():
        for item in (*place.expected, *place.extras):
            assert item.category in CATEGORIES, (place.name, item.category)
            for kind, target, _ in item.relations:
                assert kind in RELATION_WORDS, (place.name, kind)
                assert target is None or target in CATEGORIES, (place.name, target)


def test_phrases_are_unique_across_places():
    phrases = [phrase for place in PLACES.values() for phrase in place.phrases]
    assert len(phrases) == len(set(phrases))


def test_indoor_floor_furniture_always_has_a_zone():
    """Nothing big is left to stand anywhere in a room: walkways stay where the zones leave them."""
    for place in PLACES.values():
        if place.kind != "indoor":
            continue
        for item in place.expected:
            if CATEGORIES[item.category].mount == "floor":
                assert item.relations, (place.name, item.category)


@pytest.mark.parametrize("entry, words", [
    ('[places.x]\nkind = "indoor"\nphrases = ["x"]\ndescription = "d"\nsize = [3.0, 3.0]\nfloor = "wood"\n'
     'furnish = [{ kind = "unicorn_sofa", zone = "centre" }]\n', "place 'x': furnishing 1 (unicorn_sofa): unknown kind"),
    ('[places.x]\nkind = "indoor"\nphrases = ["x"]\ndescription = "d"\nsize = [3.0, 3.0]\nfloor = "wood"\n'
     'furnish = [{ kind = "book", zone = "on bed" }]\n', "nothing stands on a bed"),
    ('[places.x]\nkind = "indoor"\nphrases = ["x"]\ndescription = "d"\nsize = [3.0, 3.0]\nfloor = "wood"\n'
     'furnish = [{ kind = "bed", zone = "somewhere" }]\n', "unknown zone or relation 'somewhere'"),
    ('[places.x]\nkind = "indoor"\nphrases = ["x"]\ndescription = "d"\nsize = [3.0, 3.0]\nfloor = "grass"\n',
     "place 'x': an indoor floor"),
    ('[places.x]\nkind = "indoor"\nphrases = ["x"]\nsize = [3.0, 3.0]\nfloor = "wood"\n', "place 'x': description"),
    ('[places.x]\nkind = "indoor"\nphrases = ["x"]\ndescription = "d"\nsize = [3.0, 3.0]\nfloor = "wood"\n'
     '[places.y]\nkind = "indoor"\nphrases = ["x"]\ndescription = "d"\nsize = [3.0, 3.0]\nfloor = "wood"\n',
     "phrase 'x' is already 'x''s"),
])
def test_a_bad_entry_fails_naming_it(tmp_path, entry, words):
    path = tmp_path / "places.toml"
    path.write_text(entry)
    with pytest.raises(ValueError, match=words.replace("(", r"\(").replace(")", r"\)")):
        load_places(path)


def _density(plan) -> float:
    env = plan.environment
    return 10 * sum(o.count for o in plan.objects) / (env.width * env.depth)


@pytest.mark.parametrize("prompt", [
    "a bedroom", "a laundromat", "an office", "a hotel room", "a barber shop", "a tavern", "a lab",
    "a bedroom with a bed and a desk", "a dining room with a long table",
    "a hardware store", "a dentist's office", "a museum", "a nail salon", "a fish shop", "a bike shop",
])
def test_rooms_are_furnished_to_a_realistic_density_and_still_fit(prompt):
    plan = plan_prompt(prompt)
    assert _density(plan) >= 5.0, [(o.category, o.count) for o in plan.objects]
    sizes = {o.key: CATEGORIES[o.category].size for o in plan.objects}
    placements = solve_layout(plan, sizes)
    # The layout may leave out a furnishing that would block the way (tools/layout/walkway.py); the room
    # stays as full: the placed objects keep the density.
    assert 10 * len(placements) / (plan.environment.width * plan.environment.depth) >= 5.0
    assert len(placements) >= sum(o.count for o in plan.objects) - 2


def test_a_kind_the_place_lists_twice_comes_in_both_zones():
    """A shop's shelves stand along its walls and in aisles: the second entry of a kind is not dropped as taken."""
    plan = plan_prompt("a shop")
    shelves = {o.key for o in plan.objects if o.category == "store_shelf"}
    zones = {r.kind for r in plan.relations if r.subject in shelves and r.target is None}
    assert len(shelves) == 2 and {"against_wall", "row"} <= zones


def test_a_named_kind_goes_to_its_most_usual_zone_only():
    plan = plan_prompt("a shop with four store shelves")
    shelf = next(o for o in plan.objects if o.category == "store_shelf" and o.requested)
    assert shelf.count == 4 and not any(o.category == "store_shelf" and not o.requested for o in plan.objects)
    assert {r.kind for r in plan.relations if r.subject == shelf.key} == {"against_wall"}


def test_goods_fill_the_shelves_of_a_shop_without_taking_floor():
    plan = plan_prompt("a hardware store")
    held = [r for r in plan.relations if r.kind == "held_in"]
    assert held and all(plan.spec(r.target).category == "store_shelf" for r in held)


def test_furnishings_never_change_what_the_prompt_names():
    plan = plan_prompt("a bedroom with two beds and one lamp on a desk")
    assert plan.spec("bed").count == 2 and plan.spec("table_lamp").count == 1
    assert all(not o.requested for o in plan.objects if o.category not in {"bed", "table_lamp", "desk"})


@pytest.mark.parametrize("prompt, absent", [
    ("a bedroom with no rug", {"rug"}),
    ("a kitchen without chairs", {"chair"}),
    ("a living room with no tv and no rug", {"tv", "rug"}),
])
def test_what_the_prompt_rules_out_stays_out(prompt, absent):
    plan = plan_prompt(prompt)
    assert plan.objects and not absent & {o.category for o in plan.objects}


@pytest.mark.parametrize("prompt, kinds", [
    ("an empty room", set()), ("an empty bedroom", set()), ("a bare kitchen", set()),
    ("a bedroom with only a bed", {"bed"}), ("a kitchen with just a fridge", {"fridge"}),
])
def test_empty_bare_and_only_rooms_get_nothing_more(prompt, kinds):
    assert {o.category for o in plan_prompt(prompt).objects} == kinds


@pytest.mark.skipif(not embeddings_available(), reason="needs the embeddings extra")
def test_an_unknown_place_grounds_to_the_nearest_by_meaning():
    assert ground_place("cheese counter shop") == ("deli", pytest.approx(ground_place("cheese counter shop")[1]))
    assert ground_place("quantum entanglement") is None


@pytest.mark.skipif(not embeddings_available(), reason="needs the embeddings extra")
@pytest.mark.parametrize("words, place", [("surgery ward", "hospital_ward"), ("hat shop", "clothes_shop")])
def test_descriptions_rank_the_nearest_place_first(words, place):
    from tools.core.embeddings import embed
    from tools.plan.ground import place_text

    vectors = embed([words, *(place_text(p) for p in PLACES.values())])
    scores = vectors[1:] @ vectors[0]
    assert list(PLACES)[int(scores.argmax())] == place


@pytest.mark.skipif(not embeddings_available(), reason="needs the embeddings extra")
def test_a_name_whose_words_give_only_a_plain_room_means_the_place_nearest_in_meaning():
    """"An emergency room" is a room of a hospital, "a butcher's shop" a butcher's (not any shop); a name near no
    place in meaning stays a plain room."""
    assert ground_place("emergency room")[0] == "hospital_ward"
    assert ground_place("blue room")[0] == "room"
    assert plan_prompt("a hospital emergency room").environment.room_type == "hospital_ward"
    assert plan_prompt("a butcher's shop").environment.room_type == "butcher"


@pytest.mark.parametrize("name, place", [("church interior", "church"), ("golf clubhouse locker room", "locker_room"),
                                         ("oil rig deck", "oil_rig"), ("starship engine room", "engine_room")])
def test_a_longer_place_name_is_read_by_the_place_its_words_name(name, place):
    """Its longest tail naming a place, then its longest head; the plain room only when nothing else is named."""
    assert ground_place(name)[0] == place


@pytest.mark.parametrize("prompt, place, kind", [
    ("an egyptian tomb with a sarcophagus and two statues", "tomb", "indoor"),
    ("a prison cell block with bunk beds", "prison", "indoor"),
    ("a cold war bunker with a radio and bunk beds", "bunker", "indoor"),
    ("a throne room with a golden throne and banners", "throne_room", "indoor"),
    ("the medical bay of a starship", "sick_bay", "indoor"),
    ("a ballroom with a grand piano", "ballroom", "indoor"),
    ("an oil rig with a crane and a helipad", "oil_rig", "outdoor"),
])
def test_a_themed_place_is_planned_as_itself(prompt, place, kind):
    env = plan_prompt(prompt).environment
    assert (env.room_type, env.kind) == (place, kind)


@pytest.mark.parametrize("prompt, windows", [("an egyptian tomb with a sarcophagus", 0), ("a cold war bunker with a radio", 0),
                                             ("a bunker with a radio and two windows", 2), ("a bedroom with a bed", 1)])
def test_an_underground_place_has_no_windows_unless_asked(prompt, windows):
    assert plan_prompt(prompt).environment.windows == windows
