"""Free compounds are kinds of their head word, WordNet's own compounds are concepts of their own, a noun WordNet
knows as a thing never becomes a bare placeholder, and a broad WordNet class far above a noun does not make it a
real kind it is not. The words are this file's own, not the measurement half's."""

import pytest

from tools.core.embeddings import embeddings_available
from tools.evaluate.named import judge_mention
from tools.knowledge import wordnet
from tools.plan.ground import ground_noun

needs_both = pytest.mark.skipif(not (embeddings_available() and wordnet.available()),
                                reason="needs the embeddings extra and the WordNet files")


@needs_both
@pytest.mark.parametrize("noun,kind", [("lakeside bench", "bench"), ("party table", "table"),
                                       ("teacher's chair", "chair")])
def test_a_free_compound_is_its_head_kind(noun, kind):
    found = ground_noun(noun, noun.split()[-1])
    assert (found.kind, found.fit) == (kind, "exact")


@needs_both
def test_a_compound_wordnet_holds_is_no_plain_head_kind():
    found = ground_noun("windsor chair", "chair")  # a rocking chair, then a folding chair, were this until each became a kind
    assert (found.kind, found.fit) == ("chair", "stand-in")


@needs_both
def test_a_head_meant_in_another_sense_stays_a_stand_in():
    found = ground_noun("turnout gear", "gear", "firefighters' turnout gear hanging on hooks")
    assert found.fit == "stand-in"


@needs_both
@pytest.mark.parametrize("noun", ["spectroscope", "sensor", "radar"])  # things with no kind of their own (yet)
def test_a_thing_wordnet_knows_gets_an_archetype_not_a_placeholder(noun):
    found = ground_noun(noun)
    assert found.kind != "placeholder" and found.how == "archetype" and found.fit == "stand-in"


@needs_both
@pytest.mark.parametrize("noun,wrong", [("name tag", "fabric_bolt"), ("floor tile", "cube"),
                                        ("watering hole", "climbing_frame")])
def test_a_broad_or_mistaken_class_does_not_make_a_real_kind(noun, wrong):
    assert ground_noun(noun, noun.split()[-1]).kind != wrong


@pytest.mark.skipif(not wordnet.available(), reason="needs the WordNet files")
def test_the_judge_takes_a_free_compound_by_its_head_and_not_a_wordnet_compound():
    bench = [{"id": "bench_1", "category": "bench", "name": "lakeside bench"}]
    assert judge_mention("lakeside bench", bench, None, "bench")["verdict"] == "fitting"
    chair = [{"id": "chair_1", "category": "chair", "name": "rocking chair"}]
    assert judge_mention("rocking chair", chair, None, "chair")["verdict"] == "stand-in"
    marked = [{**bench[0], "stand_in_for": "lakeside bench"}]
    assert judge_mention("lakeside bench", marked, None, "bench")["verdict"] == "stand-in"


@needs_both
@pytest.mark.parametrize("noun,context,wrong", [
    ("water jet", "a garden pond with a water jet in the middle", "airplane"),
    ("loading dock", "a warehouse with pallets stacked by the loading dock", "jetty"),
])
def test_a_head_meant_in_another_sense_is_not_shown_by_that_senses_kind(noun, context, wrong):
    found = ground_noun(noun, noun.split()[-1], context)  # a water jet is no airplane, a loading dock no pier
    assert found.kind != wrong, found


@needs_both
@pytest.mark.parametrize("noun,wrong", [("car body", "car"), ("tent peg", "tent")])
def test_a_compound_is_not_shown_by_the_kind_its_modifier_names(noun, wrong):
    found = ground_noun(noun, noun.split()[-1])  # a compound is a kind of its head: a pizza peel is no pizza
    assert found.kind != wrong, found


@needs_both
def test_a_compound_wordnet_holds_is_grounded_by_its_own_class_not_a_neighbour_in_meaning():
    # WordNet holds a gateleg table as a table (a drop-leaf table); no neighbour in meaning is called the thing itself
    # (the lab bench this tested is a kind of its own now)
    found = ground_noun("gateleg table", "table", "a cottage kitchen with a gateleg table")
    assert (found.kind, found.fit) == ("table", "stand-in")
