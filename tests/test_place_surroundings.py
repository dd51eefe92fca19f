"""A setting named by two place words ("a rooftop bar", "a hotel pool", "a garden shed"): the last names the place,
the first what it stands in, which gives an open-air place its ground and scenery (tools/plan/surroundings.py
named_around, tools/knowledge/places.py in_surroundings)."""

from __future__ import annotations

import pytest

from tools.core.embeddings import embeddings_available
from tools.knowledge.categories import CATEGORIES
from tools.knowledge.places import PLACES, WALL_RELATIONS, in_surroundings, setting_of
from tools.plan.planner import plan_prompt
from tools.plan.surroundings import named_around


@pytest.mark.parametrize(("name", "place", "around"), [
    ("rooftop bar", "bar", "rooftop"),
    ("beach cafe", "cafe", "beach"),
    ("garden shed", "workshop", "garden"),
    ("kitchen garden", "garden", None),  # one of the garden's own names: a kind of garden, not one in a kitchen
    ("bar", "bar", None),
    ("rooftop bar", "room", None),  # no place read: nothing around it either
])
def test_the_first_place_word_names_what_the_last_stands_in(name, place, around):
    assert named_around(name, place) == around


@pytest.mark.skipif(not embeddings_available(), reason="'hotel' names a place by meaning")
def test_a_building_named_first_by_meaning_is_around_the_place():
    assert PLACES[named_around("hotel pool", "outdoor_pool")].kind == "indoor"


def test_an_open_air_room_on_open_ground_stands_outdoors_furnished_as_itself():
    bar = in_surroundings(PLACES["bar"], PLACES["rooftop"])
    assert (bar.kind, bar.floor, bar.backdrop) == ("outdoor", "asphalt", PLACES["rooftop"].backdrop)
    assert "counter" in {e.category for e in bar.expected}
    assert not {e.category for e in PLACES["bar"].expected if e.walled} & {e.category for e in bar.expected}
    assert any(e.walled for e in PLACES["bar"].expected)  # a bookshelf needs the bar's walls
    assert all(CATEGORIES[e.category].mount in ("floor", "surface") for e in bar.expected)
    assert not any(r[0] in WALL_RELATIONS for e in bar.expected for r in e.relations)
    assert in_surroundings(PLACES["bar"], PLACES["beach"]).sea_side


def test_a_closed_room_on_open_ground_stays_a_room():
    assert in_surroundings(PLACES["workshop"], PLACES["garden"]) == PLACES["workshop"]
    assert not PLACES["workshop"].open_air


def test_open_ground_takes_the_scenery_around_it_and_the_surface_that_carries_it():
    garden = in_surroundings(PLACES["garden"], PLACES["rooftop"])
    assert (garden.floor, garden.backdrop) == (PLACES["rooftop"].floor, PLACES["rooftop"].backdrop)
    assert PLACES["rooftop"].carries and not PLACES["beach"].carries
    assert in_surroundings(PLACES["garden"], PLACES["beach"]).floor == "grass"  # a beach garden keeps its grass
    assert in_surroundings(PLACES["garden"], PLACES["hospital_ward"]).backdrop == "buildings"  # a building's grounds
    assert PLACES["garden"].backdrop != "buildings"


def test_a_rooftop_bar_is_an_open_air_bar_with_the_skyline_round_it():
    env = plan_prompt("a rooftop bar with stools and string lights", 0).environment
    assert (env.kind, env.room_type, env.surroundings) == ("outdoor", "bar", "rooftop")
    assert setting_of(env.room_type, env.surroundings).backdrop == PLACES["rooftop"].backdrop


def test_the_last_place_word_wins_over_the_place_the_grammar_read_first():
    assert plan_prompt("a farm stable with three horses and hay bales", 0).environment.room_type == "stable"
    env = plan_prompt("a rooftop pool with loungers and towels", 0).environment
    assert (env.room_type, env.surroundings, env.floor) == ("outdoor_pool", "rooftop", PLACES["rooftop"].floor)


def test_a_garden_shed_is_inside_the_shed():
    env = plan_prompt("a garden shed with a workbench and hanging tools", 0).environment
    assert (env.kind, env.room_type, env.surroundings) == ("indoor", "workshop", None)


@pytest.mark.parametrize(("prompt", "place"), [
    ("a church hall with folding chairs in rows and a piano", "community_hall"),
    ("a ferry deck with benches and life rings", "ship_deck"),
    ("a circus with a clown, a juggler and an elephant", "circus"),
    ("a hotel pool with sun loungers and parasols", "outdoor_pool"),
])
def test_places_named_by_two_words_have_their_own_type(prompt, place):
    assert plan_prompt(prompt, 0).environment.room_type == place
