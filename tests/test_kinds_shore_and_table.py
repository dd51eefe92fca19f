"""The kinds added for named things only an archetype showed before: shore animals (crab, starfish, sea
anemone) by their own generators, a giraffe by the quadruped's proportions, and thin things on tables and
shelves (doily, playing card, bolt of fabric, loose straw). Words are this file's own, not the prompt sets'."""

import pytest

from tools.assets.generate import generate
from tools.knowledge import wordnet
from tools.knowledge.categories import CATEGORIES, lookup
from tools.plan.ground import hypernym_kind, is_archetype

NEW = ("crab", "starfish", "sea_anemone", "giraffe", "fabric_bolt", "playing_card", "doily", "straw_heap")


@pytest.mark.parametrize("name,kind", [
    ("hermit crab", "crab"), ("sea stars", "starfish"), ("anemones", "sea_anemone"), ("giraffes", "giraffe"),
    ("roll of fabric", "fabric_bolt"), ("deck of cards", "playing_card"), ("lace doilies", "doily"),
    ("loose straw", "straw_heap"),
])
def test_the_names_people_use_find_the_new_kinds(name, kind):
    assert lookup(name).name == kind


@pytest.mark.skipif(not wordnet.available(), reason="WordNet is not installed (make setup installs it)")
@pytest.mark.parametrize("noun,kind", [("fiddler crab", "crab")])
def test_a_wordnet_member_of_the_family_finds_it(noun, kind):
    found = hypernym_kind(noun)
    assert found is not None and found[0] == kind


@pytest.mark.parametrize("name", NEW)
def test_the_new_kinds_are_things_themselves_at_their_real_size(name):
    kind = CATEGORIES[name]
    asset = generate(name)
    assert not is_archetype(kind)
    assert all(abs(a - b) < 0.02 * max(b, 0.01) for a, b in zip(asset.size, kind.size)), (asset.size, kind.size)


def test_a_giraffe_stands_taller_than_it_is_long():
    width, height, length = generate("giraffe").size
    assert height > length > width
