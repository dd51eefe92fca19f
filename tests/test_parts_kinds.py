"""Kinds drawn from data (kinds.toml ``parts``, tools/assets/families/parts.py): each is a clean GLB that fills its
size from the bottom centre, a request's colour and material land on its main parts, a bad part fails the import
(beyond the limits, the first build) naming its kind, and editing the parts re-keys the asset. The names here are
this file's own, not the prompt sets'."""

import dataclasses

import numpy as np
import pytest
import trimesh

from tools.assets import mesh
from tools.assets.families import parts as parts_family
from tools.assets.generate import generate
from tools.assets.program import program_extent
from tools.assets.registry import GENERATORS, VARIANTS, GenParams
from tools.catalog.validate import GENERATED_LIMITS, validate_glb
from tools.knowledge import wordnet
from tools.knowledge.categories import CATEGORIES, KINDS_FILE, load_kinds, lookup
from tools.plan.ground import hypernym_kind

PARTS_KINDS = sorted(n for n, k in CATEGORIES.items() if k.parts)
needs_wordnet = pytest.mark.skipif(not wordnet.available(), reason="WordNet is not installed (make setup installs it)")


def test_there_are_forty_or_more_kinds_drawn_from_data():
    assert len(PARTS_KINDS) >= 40
    assert all(VARIANTS[n] == 1 and CATEGORIES[n].generator == n for n in PARTS_KINDS)


@pytest.mark.parametrize("name", PARTS_KINDS)
def test_a_parts_kind_is_a_valid_glb_that_fills_its_size_from_the_bottom_centre(name, built):
    kind = CATEGORIES[name]
    assert kind.description and kind.wordnet and kind.source
    asset = built(name)  # the build tests/test_assets.py checks too, when both run
    validate_glb(asset.glb, GENERATED_LIMITS, parse=False)  # the limits; tests/gltf_validate.mjs checks the glTF itself
    assert np.allclose(asset.size, kind.size, rtol=0.02, atol=0.001), asset.size
    scene = trimesh.load(trimesh.util.wrap_as_stream(asset.glb), file_type="glb")
    lo, hi = scene.bounds
    assert abs(lo[1]) < 1e-4 and abs(lo[0] + hi[0]) < 1e-3 and abs(lo[2] + hi[2]) < 1e-3


def test_its_own_parts_are_drawn_at_its_size_so_fitting_only_absorbs_a_request():
    for name in PARTS_KINDS:
        extent = program_extent(parts_family.kind_program(CATEGORIES[name]))
        assert np.allclose(extent, CATEGORIES[name].size, rtol=0.01, atol=0.001), name


def test_a_requested_size_is_filled():
    asset = generate("bucket", size=(0.4, 0.5, 0.4))
    assert np.allclose(asset.size, (0.4, 0.5, 0.4), atol=1e-3)


def test_a_requested_colour_and_material_paint_the_main_parts_only():
    kind = CATEGORIES["flag"]  # the cloth is the biggest part; pole, base and finial keep theirs
    built = GENERATORS["flag"](GenParams(kind.size, color="#1e50a0", material="plastic"))
    plain = GENERATORS["flag"](GenParams(kind.size))
    changed = [a.material != b.material for a, b in zip(built, plain)]
    assert changed == [False, False, False, True]
    assert generate("flag", color="#1e50a0").key != generate("flag").key


def test_a_bad_part_fails_the_import_naming_the_kind(monkeypatch):
    bad_part = (("color", "#ffffff"), ("material", "velvet"), ("position", (0.0, 0.1, 0.0)), ("primitive", "box"),
                ("size", (0.2, 0.2, 0.2)))
    bad = dataclasses.replace(CATEGORIES["bucket"], name="test_bad_parts", parts=(bad_part,))
    monkeypatch.setattr(parts_family, "CATEGORIES", {bad.name: bad})
    with pytest.raises(ValueError, match=r"kind 'test_bad_parts': parts: .*material"):
        parts_family._register_parts_kinds()
    assert bad.name not in GENERATORS


def test_parts_beyond_the_limits_fail_the_first_build_naming_the_kind(monkeypatch):
    huge_part = (("color", "#ffffff"), ("material", "metal"), ("position", (0.0, 0.1, 0.0)), ("primitive", "box"),
                 ("size", (20.0, 0.2, 0.2)))  # valid by the schema, 40 times the bucket's size
    bad = dataclasses.replace(CATEGORIES["bucket"], name="test_huge_parts", parts=(huge_part,))
    monkeypatch.setattr(parts_family, "CATEGORIES", {bad.name: bad})
    monkeypatch.setattr(parts_family, "generator", lambda name, variants: lambda fn: built.setdefault(name, fn))
    built: dict = {}
    parts_family._register_parts_kinds()  # no meshes are built at import
    with pytest.raises(ValueError, match=r"kind 'test_huge_parts': parts: .*times the reference"):
        built[bad.name](GenParams(bad.size))


def test_a_parts_kind_has_no_generator_of_its_own(tmp_path):
    text = KINDS_FILE.read_text(encoding="utf-8")
    old = '[kinds.bucket]\n'
    path = tmp_path / "kinds.toml"
    path.write_text(text.replace(old, old + 'generator = "cube"\n'), encoding="utf-8")
    with pytest.raises(ValueError, match="kind 'bucket'.*parts"):
        load_kinds(path)


def test_editing_the_parts_re_keys_the_asset(monkeypatch):
    key = mesh.asset_key("bucket", {"size": [0.3, 0.45, 0.3]})
    moved = CATEGORIES["bucket"].parts[:-1]
    monkeypatch.setitem(mesh.CATEGORIES, "bucket", dataclasses.replace(CATEGORIES["bucket"], parts=moved))
    assert mesh.asset_key("bucket", {"size": [0.3, 0.45, 0.3]}) != key


@pytest.mark.parametrize("name,kind", [
    ("hunting rifle", "rifle"), ("revolver", "pistol"), ("lp", "vinyl_record"), ("flagpole", "flag"),
    ("rotary phone", "telephone"), ("overcoat", "coat"), ("sneakers", "shoes"), ("hay wagon", "wagon"),
    ("hatchet", "axe"), ("church bell", "bell"), ("rucksack", "backpack"),
    ("pail", "bucket"), ("valise", "suitcase"), ("bunny", "rabbit"), ("toad", "frog"), ("cobra", "snake"),
])
def test_the_names_people_use_find_the_parts_kinds(name, kind):
    assert lookup(name).name == kind


@needs_wordnet
@pytest.mark.parametrize("noun,kind", [("carbine", "rifle"), ("gibbon", "monkey"), ("moccasin", "shoes"),
                                       ("leveret", "rabbit")])
def test_a_wordnet_class_catches_its_members(noun, kind):
    assert hypernym_kind(noun)[0] == kind
