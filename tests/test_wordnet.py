"""What a noun is a kind of, from WordNet (Debian's wordnet-base, installed by `make setup`): a noun no kind
names is shown by the kind of its nearest broader class, reported as a stand-in. The words are this file's own,
not the prompt sets'."""

import pytest

from tools.knowledge import wordnet
from tools.knowledge.categories import CATEGORIES
from tools.plan import ground
from tools.plan.ground import ground_noun, hypernym_kind

pytestmark = pytest.mark.skipif(not wordnet.available(), reason="WordNet is not installed (make setup installs it)")


def test_every_declared_class_exists():
    declared = [(kind.name, name) for kind in CATEGORIES.values() for name in kind.wordnet]
    assert declared, "the archetypes declare the WordNet classes they show"
    assert [(k, n) for k, n in declared if wordnet.named(n) is None] == []


def test_plurals_and_compounds_find_their_lemma():
    assert wordnet.base_forms("decanters") == ["decanter"]
    assert wordnet.base_forms("spaniels") == ["spaniel"]


@pytest.mark.parametrize("noun,kind,via", [
    ("demijohn", "bottle", "bottle"),
    ("pekinese", "dog", "dog"),
    ("portmanteau", "suitcase", "bag"),
])
def test_a_noun_no_kind_names_is_shown_by_its_broader_class(noun, kind, via):
    found = ground_noun(noun)
    assert (found.kind, found.fit, found.via) == (kind, "stand-in", via)
    assert "WordNet" in found.why or found.how == "archetype"


def test_only_physical_senses_count():
    assert wordnet.physical_senses("flavour") == []
    assert hypernym_kind("flavour") is None


def test_a_kind_name_means_its_common_senses_only():
    # "canvas" names a painting; a sail is canvas only in a rarer sense, so no sail becomes a painting.
    sail = wordnet.senses("sail")[0]
    assert "canvas" in sail.lemmas and not wordnet.is_common_sense("canvas", sail.offset)
    assert hypernym_kind("sail") is None or hypernym_kind("sail")[0] != "painting"


def test_a_named_individual_is_no_kind_of_thing():
    # WordNet's first sense of "edison" is the inventor (an instance); only classes of things are drawn.
    assert any(s.instance for s in wordnet.senses("edison"))
    assert not any(s.instance for s in wordnet.physical_senses("edison"))


def test_a_nouns_sense_is_read_from_the_words_around_it():
    from tools.plan.read import near
    text = "a fishing harbour full of boats, with nets drying and crates of fresh mackerel on the quay"
    start = text.index("mackerel")
    assert near(text, (start, start + 8)) == "drying and crates of fresh mackerel on the quay"


def test_the_prompt_picks_the_sense():
    # the vessel sense, not the ball player: a jug (the kind named by one of that sense's lemmas)
    assert hypernym_kind("pitcher", "a pitcher of iced tea on the kitchen table")[0] == "jug"


def test_without_wordnet_grounding_still_answers(monkeypatch):
    monkeypatch.setattr(wordnet, "WORDNET_DIRS", ("/nonexistent",))
    for cached in (wordnet._index, wordnet._exceptions, wordnet._physical_offset, ground.hypernym_kind):
        cached.cache_clear()
    try:
        assert hypernym_kind("demijohn") is None
        assert ground_noun("demijohn").kind != "bottle" or ground_noun("demijohn").how != "hypernym"
    finally:
        for cached in (wordnet._index, wordnet._exceptions, wordnet._physical_offset, ground.hypernym_kind):
            cached.cache_clear()


@pytest.mark.parametrize("noun,of,members", [
    ("flock", "", "people"),  # a congregation first; "a flock of geese" below
    ("drove", "cattle", "animals"),
    ("heap", "", "things"),
    ("jar", "honey", None),  # a jar of honey is a jar first: its quantity sense is rarer
    ("school", "tuna", "animals"),  # a rarer sense, chosen by what it gathers (tuna: food first, then a fish)
    ("school", "", None),  # alone, a school is an institution: a place, not people
])
def test_collective_nouns_say_what_they_gather(noun, of, members):
    assert wordnet.gathers(noun, of) == members


def test_a_gathering_of_people_is_shown_by_figures():
    found = ground_noun("congregation")
    assert found.fit == "exact" and found.kind == "adult"


@pytest.mark.parametrize("noun", ["bard", "referee", "hoarder"])
def test_any_person_is_the_person_figure_itself(noun):
    # No kind lists these: WordNet says each is a person, and one parametric figure shows any person.
    found = ground_noun(noun)
    assert (found.kind, found.fit, found.how) == ("adult", "exact", "hypernym")


def test_meaning_is_checked_against_the_taxonomy():
    # Near in meaning is not the same thing: a wheel is a simple machine, a ferris wheel a ride.
    assert ground.wordnet_disagrees("wheel", "ferris_wheel")
    assert ground_noun("wheel").kind != "ferris_wheel"
    assert not ground.wordnet_disagrees("couch", "sofa")  # the same class
    assert not ground.wordnet_disagrees("seat", "chair")  # a chair is a kind of seat


def test_a_spelling_the_tagged_texts_never_met_takes_its_senses_in_the_order_of_one_they_met():
    """WordNet lists "colour"'s senses in no order of use (the paint first); "color", the same senses, in the order
    of its tagged counts (the hue first). A spelling's meaning does not change across the ocean."""
    assert wordnet.senses("colour")[0].offset == wordnet.senses("color")[0].offset
    assert wordnet.senses("centre")[0].offset in {s.offset for s in wordnet.senses("center")[:2]}


def test_what_only_somebody_does_is_read_from_wordnets_verb_frames():
    assert wordnet.verb_lemma("chatting") == "chat" and wordnet.verb_lemma("sat") == "sit"
    assert all(wordnet.done_by_people(v) for v in ("waiting", "kneeling", "praying", "studies"))
    assert not any(wordnet.done_by_people(v) for v in ("hanging", "flowing", "leaning", "glowing", "xyzzying"))
    assert wordnet.commonly_person("commuter") and not wordnet.commonly_person("heater")
