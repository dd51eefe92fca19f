"""A word a kind claims by name means, in a prompt that plainly means another of its senses, that other sense: the
planner shows the kind of that sense (or an archetype stands in), and the judge calls a kind of the wrong sense a
stand-in, never fitting. The prompts are this file's own, not the prompt sets'."""

import pytest

from tools.core.embeddings import embeddings_available
from tools.evaluate.named import default_similarity, judge_mention
from tools.knowledge import wordnet
from tools.plan.planner import plan_prompt
from tools.plan.senses import meant_sense_grounding

pytestmark = pytest.mark.skipif(not (embeddings_available() and wordnet.available()),
                                reason="needs the embedding model and the WordNet files")


def _kinds(prompt: str) -> set[str]:
    return {spec.category for spec in plan_prompt(prompt, 0).objects}


@pytest.mark.parametrize("prompt,meant,claimant", [
    ("a softball diamond's bench with a bat resting against it and a catcher's glove", "baseball_bat", "bat"),
    ("a gamer's desk with a glowing keyboard, a mouse and two screens", "computer_mouse", "mouse"),
    ("a reed bed at dawn with a crane wading in the shallows", "heron", "mobile_crane"),
])
def test_the_prompts_sense_picks_the_kind(prompt, meant, claimant):
    kinds = _kinds(prompt)
    assert meant in kinds and claimant not in kinds


@pytest.mark.parametrize("word,kind,prompt", [
    ("bat", "bat", "a belfry at dusk with a bat flying past the bell"),
    ("mouse", "mouse", "a farmhouse pantry with a mouse by a wheel of cheese"),
    ("sack", "sack", "a mill loft with a sack of flour"),  # no hammock, though WordNet calls one a sack
])
def test_the_claimants_sense_stays_where_the_prompt_means_it(word, kind, prompt):
    assert meant_sense_grounding(word, kind, prompt) is None


def test_the_judge_calls_a_kind_of_another_sense_a_stand_in():
    similarity = default_similarity()
    animal = [{"id": "bat_1", "category": "bat", "name": "bat"}]
    at_the_plate = judge_mention("bat", animal, similarity, "bat",
                                 context="a softball diamond's bench with a bat resting against it")
    in_the_belfry = judge_mention("bat", animal, similarity, "bat", context="a belfry at dusk with a bat flying past")
    assert at_the_plate["verdict"] == "stand-in" and "another sense" in at_the_plate["why"]
    assert in_the_belfry["verdict"] == "fitting"


def test_another_sort_is_another_file_of_wordnet_never_a_near_sense_a_person_or_a_foods_plant():
    """A club is another sort of thing than a bat the animal; an airship's car is no other sort than a car (one file,
    too near for MiniLM to part), nor a timid person than a mouse, nor an apple tree than an apple."""
    named = wordnet.named
    assert wordnet.another_sort(named("bat.n.05"), [named("bat.n.01")])
    assert not wordnet.another_sort(named("car.n.03"), [named("car.n.01")])
    assert not wordnet.another_sort(named("mouse.n.03"), [named("mouse.n.01")])
    assert not wordnet.another_sort(named("apple.n.02"), [named("apple.n.01")])
