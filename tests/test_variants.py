"""Style variants chosen by the prompt's words: the table is sound, the planner reads it, the assets honour it."""

import io

import numpy as np
import pytest
import trimesh

from tools.assets.generate import generate
from tools.assets.registry import VARIANTS
from tools.assets.sizing import variant_of
from tools.core.schema import ObjectSpec
from tools.knowledge.categories import CATEGORIES, variant_named, variant_size
from tools.knowledge.extent import target_size
from tools.model.planner import ModelProposal, ProposedObject, merge_proposal
from tools.plan.planner import plan_prompt
from tools.supply.make import make_asset

WORDED = sorted(name for name, category in CATEGORIES.items() if category.variant_words)


@pytest.mark.parametrize("category", WORDED)
def test_variant_words_name_existing_variants_once(category):
    table = CATEGORIES[category].variant_words
    assert len(table) <= VARIANTS[category], "a word names a variant the generator lacks"
    claimed: dict[str, int] = {}
    for variant, words in enumerate(table):
        for word in words:
            assert word == word.lower().strip() and word, f"{category}: {word!r} is not a lower-case phrase"
            assert claimed.setdefault(word, variant) == variant, f"{category}: {word!r} names two variants"


def test_the_table_covers_the_categories_the_words_clearly_pick():
    assert len(WORDED) >= 15
    assert [len(words) > 0 for words in CATEGORIES["boat"].variant_words] == [True] * VARIANTS["boat"] == [True] * 4


@pytest.mark.parametrize("category,words,variant", [
    ("boat", "a canoe", 1), ("boat", "a rowing boat", 0), ("boat", "a sailing boat", 3),
    ("boat", "a boat", None), ("fireplace", "a white brick fireplace", 0), ("fireplace", "a white fireplace", 1),
    ("house", "a brick house", 0), ("campfire", "a fire pit", 1), ("chair", "a chair", None),
])
def test_variant_named_prefers_the_word_nearest_the_noun(category, words, variant):
    assert variant_named(category, words.split()) == variant


@pytest.mark.parametrize("prompt,key,variant", [
    ("a canoe on a lake", "boat", 1),
    ("a rowing boat by the pond", "boat", 0),
    ("a speedboat", "boat", 2),
    ("a sailboat", "boat", 3),
    ("a yacht at sea", "boat", 3),
    ("a brick house", "house", 0),
    ("a white fireplace", "fireplace", 1),
    ("a living room with a stone fireplace", "fireplace", 2),
    ("a campsite with a fire bowl", "campfire", 2),
    ("a table with a pillar candle on it", "candle", 1),
    ("a house and a boat", "boat", None),
])
def test_planner_sets_the_variant_the_words_name(prompt, key, variant):
    plan = plan_prompt(prompt, seed=0)
    assert plan.spec(key).variant == variant


def test_brick_keeps_its_material_and_chooses_the_brick_house():
    spec = plan_prompt("a red brick house", seed=0).spec("house")
    assert (spec.material, spec.color_name, spec.variant) == ("stone", "red", 0)


def test_two_boats_named_differently_get_their_own_variants():
    plan = plan_prompt("two canoes and a motor boat on a lake", seed=0)
    assert sorted(s.variant for s in plan.objects if s.category == "boat") == [1, 2]


def test_variant_is_the_same_for_every_seed_and_survives_the_model_merge():
    plans = [plan_prompt("a canoe on a lake", seed) for seed in range(5)]
    assert {p.spec("boat").variant for p in plans} == {1}
    proposal = ModelProposal(room_type="lakeside", indoor=False, relations=[],
                             objects=[ProposedObject(category="boat", count=1, color="default"),
                                      ProposedObject(category="rock", count=2, color="default")])
    merged = merge_proposal(plans[0], proposal, "test-model")
    assert merged.spec("boat").variant == 1


def test_assets_use_the_spec_variant_else_the_seed():
    canoe = ObjectSpec(key="boat", category="boat", noun="canoe", variant=1)
    plain = ObjectSpec(key="boat", category="boat", noun="boat")
    assert {variant_of(canoe, seed) for seed in range(12)} == {1}
    assert len({variant_of(plain, seed) for seed in range(12)}) > 1


def test_make_asset_honours_the_spec_variant(tmp_path):
    for variant in range(VARIANTS["boat"]):
        spec = ObjectSpec(key="boat", category="boat", noun="boat", variant=variant)
        ref = make_asset(spec, seed=0, out_dir=tmp_path)
        assert ref.params["variant"] == variant
        assert (tmp_path / ref.path).read_bytes() == generate("boat", size=ref.params["size"], variant=variant).glb


def test_sailing_boat_stands_at_its_own_height_with_sails_above_the_hull():
    asset = generate("boat", size=variant_size("boat", 3), variant=3)
    boat = trimesh.load(io.BytesIO(asset.glb), file_type="glb", process=False).to_geometry()
    np.testing.assert_allclose(boat.extents, (1.6, 6.0, 4.5), atol=1e-3)
    reaching_up = (boat.triangles[:, :, 1] > 0.5 * boat.extents[1]).any(axis=1)
    assert boat.area_faces[reaching_up].sum() > 8.0, "square metres of sail reaching up the mast (both faces)"


def test_target_size_keeps_a_stated_measure_in_the_variant_proportions():
    sailboat = ObjectSpec(key="boat", category="boat", measure_m=10.0, measure_axis="height")
    assert target_size(sailboat, 3)[1] == 10.0
    assert target_size(ObjectSpec(key="boat", category="boat"), 3) == (1.6, 6.0, 4.5)
    assert target_size(ObjectSpec(key="boat", category="boat", size="large"), 0)[1] < 1.5


def test_a_measure_scales_the_variant_by_its_own_side():
    """A sailing boat fitted under a 2.7 m ceiling (2.29 m tall, 6 m as made) shrinks as a whole, so it fits the
    bedroom, instead of a rowing boat's footprint stretched to 2.29 m tall (6.75 m long)."""
    sailboat = ObjectSpec(key="boat", category="boat", measure_m=2.29, measure_axis="height")
    w, h, d = target_size(sailboat, 3)
    assert h == 2.29 and max(w, d) < 3.5
