"""A bare word that a kind claims as one of its other names means, in a prompt, the kind that a word of the prompt
and it name together ("a badminton hall with a net" has a badminton net, not a fishing net); a kind's own name
stays that kind. The prompts are this file's own, not the prompt sets'."""

import pytest

from tools.core.embeddings import embeddings_available
from tools.knowledge import wordnet
from tools.plan import ground
from tools.plan.ground import kind_in_context
from tools.plan.planner import plan_prompt

pytestmark = pytest.mark.skipif(not (embeddings_available() and wordnet.available()),
                                reason="needs the embedding model and the WordNet files")


@pytest.mark.parametrize("word,claimant,prompt,kind", [
    ("net", "fishing_net", "a badminton hall with a net and two rackets", "sports_net"),
    ("lift", "elevator", "a tyre shop with a hatchback car raised on a lift", "car_lift"),
    ("rack", "storage_rack", "a tack room with a saddle on a rack and a bridle", "saddle_rack"),
    ("cage", "pet_crate", "a sunny porch with a canary in a cage", "bird_cage"),
])
def test_a_claimed_word_means_the_kind_the_prompt_names_it_with(word, claimant, prompt, kind):
    assert kind_in_context(word, claimant, prompt) == kind


def test_a_claimed_word_stays_with_its_kind_when_the_prompt_names_no_other():
    assert kind_in_context("net", "fishing_net", "a fishing village quay with a net drying by the boats") == "fishing_net"


def test_a_kinds_own_name_and_a_plural_or_a_verb_nearby_name_no_other_kind():
    """A chair is a chair in a dentist's waiting room; "piles of newspapers and boxes" hold no newspaper box (a
    plural is a noun of its own); "a slowly rotating platform" names no rotating display (no noun)."""
    assert kind_in_context("chair", "chair", "a dentist's waiting room with six chairs") == "chair"
    assert kind_in_context("box", "crate", "an attic with piles of newspapers and boxes") == "crate"
    assert kind_in_context("display", "screen", "a showroom with a slowly rotating platform and a display") == "screen"


def test_without_embeddings_the_claimant_stands(monkeypatch):
    monkeypatch.setattr(ground, "embeddings_available", lambda: False)
    assert kind_in_context("net", "fishing_net", "a badminton hall with a net") == "fishing_net"


def test_the_planner_reads_a_bare_word_by_the_prompt():
    kinds = {spec.category for spec in plan_prompt("a badminton hall with a net, two benches and a scoreboard").objects}
    assert "sports_net" in kinds and "fishing_net" not in kinds


def test_a_kinds_wordnet_class_is_never_a_persons_sense_unless_it_shows_beings():
    """"Poster" names a placard and a bill poster (a person who pastes them up); a wall poster is the placard (its
    classes decide whether a compound of "poster" is one), while the person figure's classes stay people."""
    from tools.knowledge import wordnet as wn

    classes = [wn.synset(offset) for offset in ground._kind_classes("wall_poster")]
    assert classes and not any(ground._is_being(sense) for sense in classes)
    assert any(ground._is_being(wn.synset(offset)) for offset in ground._kind_classes("adult"))


@pytest.mark.parametrize("noun,context,kind", [
    ("jack", "a tyre lying by the hatchback, a jack under its axle and a torque wrench", "car_jack"),
    ("horn", "a brass section: a trumpet, a trombone, a horn and a tuba", "french_horn"),
])
def test_a_rarer_sense_a_kind_declares_is_meant_where_the_prompt_is_nearer_it(noun, context, kind):
    """WordNet ranks a jack the lifting tool tenth (after a sailor and a labourer), past the three senses walked: a
    sense a kind declares is walked too, first where the prompt is nearer it than the common ones."""
    assert ground.ground_noun(noun, None, context, True).kind == kind


def test_a_rarer_sense_is_not_meant_where_the_prompt_is_nearer_a_common_one():
    """"A stack" on a desk is an orderly pile (its first sense), never a ship's smokestack (its fourth)."""
    assert ground._walked_senses("stack", "a stack of papers on the desk")[:1] != [wordnet.named("stack.n.04")]
    assert all(s.offset != wordnet.named("stack.n.04").offset
               for s in ground._walked_senses("stack", "a stack of papers on the desk"))


def test_a_rarer_physical_sense_is_not_walked_where_the_prompt_means_a_marker():
    """WordNet files a cairn's commonest sense, a mound of stones, as a marker (no physical entity); on a moor that
    sense is meant, so its rarer terrier sense must not make it a dog (the walk itself: a cairn is a kind now)."""
    walked = ground.hypernym_kind("cairn", "a windswept moor with a cairn of grey stones")
    assert walked is None or walked[0] not in ("dog", "puppy", "generic_creature"), walked


def test_a_sense_one_hears_does_not_hide_an_animal():
    """A yak is first the ox and then "noisy talk": talk is heard, not seen, so it must not count as the sense a meadow
    means and rule out every being (it made the yak a plant)."""
    walked = ground.hypernym_kind("yak", "a yak grazing on a mountain meadow")
    assert walked is not None and walked[0] not in ("generic_plant", "tree"), walked


def test_a_compounds_head_is_walked_in_the_sense_its_first_words_name():
    """A smoothing plane is the plane "a carpenter's hand tool" (the hand plane's kind), not an airplane, through the
    planner as well (the hand plane this tested is a kind of its own now)."""
    context = "a joiner's bench with a smoothing plane and shavings"
    assert ground.hypernym_kind("smoothing plane", context)[0] == "hand_plane"
    made = {s.noun: s.category for s in plan_prompt("a joiner's bench with a smoothing plane").objects if s.requested}
    assert made.get("smoothing plane") == "hand_plane", made


def test_an_archetype_is_chosen_by_what_the_noun_is_not_by_its_spelling():
    """Mulch is matter laid on soil: an archetype by what WordNet says it is (the compost this tested, whose spelling
    MiniLM read as a post, is a kind of its own now)."""
    found = ground.ground_noun("mulch", None, "a vegetable plot covered in mulch")
    assert found.how == "archetype" and found.kind != "generic_post", found
