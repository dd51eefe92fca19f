"""The kinds added for what users ask for (food, structures, textiles, boards, plants and water, working vehicles,
ships, toys, pipes) and the archetypes of families that had none: names, WordNet classes, variant words, real sizes,
and generators that stay clean away from their typical size. The words are this file's own, not the prompt sets'."""

import io

import numpy as np
import pytest
import trimesh

from tools.assets.generate import generate
from tools.knowledge import wordnet
from tools.knowledge.categories import CATEGORIES, lookup, variant_named
from tools.plan.ground import hypernym_kind, is_archetype

NEW_ARCHETYPES = ("generic_food", "generic_structure", "generic_plant", "generic_garment", "generic_vehicle", "generic_tube")
needs_wordnet = pytest.mark.skipif(not wordnet.available(), reason="WordNet is not installed (make setup installs it)")


@pytest.mark.parametrize("name,kind", [
    ("pitcher", "jug"), ("lemonade", "drink"), ("bananas", "fruit"), ("head of lettuce", "vegetable"),
    ("rope bridge", "bridge"), ("spiral staircase", "staircase"), ("control tower", "tower"), ("iron gates", "gate"),
    ("half-pipe", "ramp"), ("garden bench", "bench"), ("farmhouse", "house"), ("lounge chair", "armchair"),
    ("towel rail", "towel_rail"), ("straw hat", "hat"), ("wellies", "boots"), ("throw pillow", "cushion"),
    ("dartboard", "dartboard"), ("treasure map", "wall_poster"), ("eye chart", "wall_chart"),
    ("fairy lights", "string_lights"), ("headphones", "headphones"), ("quadcopter", "drone"), ("liana", "vine"),
    ("lily pads", "water_lily"), ("fire engine", "fire_engine"), ("camper van", "van"), ("boxcar", "freight_wagon"),
    ("aeroplane", "airplane"), ("ship's wheel", "ships_wheel"), ("sails", "mast"), ("teddy bear", "teddy_bear"),
    ("anime figure", "figurine"), ("copper pipes", "pipes"), ("garden hose", "hose"), ("cogs", "gears"),
    ("dog food", "bag"), ("pile of newspapers", "newspapers"), ("ladder", "ladder"),
])
def test_the_names_people_use_find_the_new_kinds(name, kind):
    assert lookup(name).name == kind


@needs_wordnet
@pytest.mark.parametrize("noun,kind", [
    ("beret", "hat"), ("clogs", "boots"), ("pontoon bridge", "bridge"), ("drainpipe", "pipes"), ("autogiro", "airplane"),
    ("casserole", "generic_food"), ("colonnade", "generic_structure"), ("yarrow", "generic_plant"),
    ("poncho", "generic_garment"), ("pram", "baby_stroller"), ("siphon", "generic_tube"),
])
def test_a_wordnet_class_catches_its_members(noun, kind):
    assert hypernym_kind(noun)[0] == kind


def test_the_new_archetypes_are_archetypes_declaring_classes():
    for name in NEW_ARCHETYPES:
        kind = CATEGORIES[name]
        assert is_archetype(kind) and kind.wordnet, name


@pytest.mark.parametrize("kind,words,variant", [
    ("tower", ["a", "control", "tower"], 2), ("staircase", ["spiral", "stairs"], 1), ("fruit", ["bananas"], 3),
    ("truck", ["fuel", "truck"], 1), ("gate", ["wrought-iron", "gates"], 1), ("airplane", ["propeller", "plane"], 1),
    ("ramp", ["ramp"], 1), ("bridge", ["rope", "bridge"], 2), ("hat", ["conical", "hat"], 1),
])
def test_variant_words_choose_the_shape(kind, words, variant):
    assert variant_named(kind, words) == variant


@pytest.mark.parametrize("name,size", [
    ("dartboard", (0.45, 0.45, 0.04)), ("airplane", (34.0, 11.8, 37.6)), ("staircase", (1.0, 2.7, 3.6)),
    ("fruit", (0.08, 0.08, 0.08)), ("freight_wagon", (2.9, 3.9, 12.0)),
])
def test_sizes_are_real(name, size):
    assert CATEGORIES[name].size == size


def test_a_dartboard_hangs_at_the_regulation_height():
    assert CATEGORIES["dartboard"].mount == "wall" and CATEGORIES["dartboard"].wall_centre_height == 1.73


@pytest.mark.parametrize("name,size", [
    ("truck", (0.12, 0.16, 0.4)), ("locomotive", (0.1, 0.14, 0.6)), ("castle", (0.6, 0.4, 0.6)),
    ("bridge", (30.0, 4.0, 5.0)), ("railway_track", (2.6, 0.3, 40.0)),
])
def test_generators_stay_clean_far_from_their_typical_size(name, size):
    """A toy truck or a long track: parts built at real size are fit to the asked size, with no flat faces."""
    scene = trimesh.load(io.BytesIO(generate(name, size=size).glb), file_type="glb", process=False)
    lo, hi = scene.bounds
    np.testing.assert_allclose(hi - lo, size, rtol=0.02)
    assert all(g.area_faces.min() > 1e-12 for g in scene.geometry.values())


@pytest.mark.parametrize("name,kind", [
    ("birds' nests", "bird_nest"), ("fir cones", "pine_cone"), ("plant pots", "flower_pot"),
    ("rubber duckie", "rubber_duck"), ("buzz saw", "circular_saw"), ("orbital sander", "sander"),
    ("pry bar", "crowbar"), ("secateurs", "pruning_shears"), ("patch of moss", "moss_patch"), ("digging fork", "rake"),
    ("bath sponge", "sponge"),
])
def test_garden_workshop_toy_and_woodland_things_have_kinds_of_their_own(name, kind):
    """Families a fresh tune set and a probe of garden, workshop, bath and woodland nouns found shown by another
    thing (a pine cone by a traffic cone, a nest by a robin, a garden fork by cutlery) or an archetype."""
    assert lookup(name).name == kind
