"""Kinds declared as data alone (kinds.toml): generator options as a table, checked against the generator;
every kind a clean GLB at its typical size; mounts, sizes and archetypes that make sense to the layout."""

import dataclasses
import json
import subprocess
from pathlib import Path

import pytest

from tools.assets import families
from tools.assets.generate import generate
from tools.assets.registry import GENERATORS, GenParams
from tools.catalog.validate import GENERATED_LIMITS, validate_glb
from tools.knowledge.categories import CATEGORIES, KINDS_FILE, load_kinds
from tools.plan.ground import is_archetype

ROOT = Path(__file__).resolve().parents[1]
# Kinds drawn by another kind's or an archetype's generator: the ones declared as data alone.
DATA_KINDS = sorted(n for n, k in CATEGORIES.items() if k.generator != n or k.generator_params)
ARCHETYPE_FAMILIES = ("appliance", "shelf", "table", "seat", "container", "machine", "display", "device", "post",
                      "panel", "figure", "creature", "food", "structure", "plant", "garment", "vehicle", "tube",
                      "implement")


def _meshes(parts) -> list[bytes]:
    return [part.mesh.vertices.tobytes() for part in parts]


def test_the_registry_holds_at_least_300_kinds():
    assert len(CATEGORIES) >= 300


def test_an_options_table_reaches_the_generator_and_a_request_option_wins():
    cat = CATEGORIES["cat"]
    assert dict(cat.generator_params)["options"] == (("species", "cat"),)
    as_cat = GenParams(cat.size, options=(("species", "cat"),))
    assert _meshes(GENERATORS["cat"](GenParams(cat.size))) == _meshes(GENERATORS["quadruped"](as_cat))
    assert _meshes(GENERATORS["cat"](GenParams(cat.size))) != _meshes(GENERATORS["dog"](GenParams(cat.size)))
    long_tail = GenParams(cat.size, options=(("tail_length", 2.0),))
    assert _meshes(GENERATORS["cat"](long_tail)) == _meshes(GENERATORS["quadruped"](
        GenParams(cat.size, options=(("species", "cat"), ("tail_length", 2.0)))))
    # generate() accepts the kind's own options too, and they re-key the asset
    assert generate("cat", options={"tail_length": 2.0}).key != generate("cat").key


def test_an_options_table_loads_as_sorted_pairs_and_a_bad_value_fails(tmp_path):
    text = KINDS_FILE.read_text(encoding="utf-8")
    old = 'generator = "coffee_table"\ngenerator_params = { shape = "round" }'
    assert old in text
    path = tmp_path / "kinds.toml"
    path.write_text(text.replace(old, old[:-2] + ', options = { b = "x", a = 1 } }'), encoding="utf-8")
    kinds, _, _ = load_kinds(path)
    assert dict(kinds["side_table"].generator_params)["options"] == (("a", 1), ("b", "x"))
    path.write_text(text.replace(old, old[:-2] + ', options = { a = [1, 2] } }'), encoding="utf-8")
    with pytest.raises(ValueError, match="kind 'side_table'.*generator_params"):
        load_kinds(path)


def test_a_misspelt_option_fails_at_registration_naming_the_kind(monkeypatch):
    bad = dataclasses.replace(CATEGORIES["cat"], name="test_misspelt_cat",
                              generator_params=(("options", (("speces", "cat"),)),))
    monkeypatch.setattr(families, "CATEGORIES", {bad.name: bad})
    with pytest.raises(ValueError, match=r"kind 'test_misspelt_cat'.*'speces'"):
        families._register_kind_generators()
    assert bad.name not in GENERATORS


@pytest.mark.parametrize("name", DATA_KINDS)
def test_every_data_kind_is_a_valid_glb_at_its_typical_size(name, built):
    asset = built(name)  # the build tests/test_assets.py checks too, when both run
    validate_glb(asset.glb, GENERATED_LIMITS, parse=False)  # the limits; tests/gltf_validate.mjs checks the glTF itself
    kind = CATEGORIES[name]
    assert all(abs(got - want) <= 0.15 * want + 0.02 for got, want in zip(asset.size, kind.size)), asset.size


def test_the_gltf_validator_passes_every_data_kind(tmp_path, built):
    paths = []
    for name in DATA_KINDS:
        path = tmp_path / f"{name}.glb"
        path.write_bytes(built(name).glb)
        paths.append(str(path))
    out = subprocess.run(["node", str(ROOT / "tests/gltf_validate.mjs"), *paths], capture_output=True, text=True,
                         check=True)
    assert not {p: r["messages"] for p, r in json.loads(out.stdout).items() if r["errors"]}


def test_people_stand_on_the_floor():
    """A seated figure has no seat to sit on in the layout, so every kind of person is a standing one."""
    people = [k for k in CATEGORIES.values() if k.generator == "person"]
    assert len(people) >= 8
    for kind in people:
        assert kind.mount == "floor" and dict(kind.generator_params).get("variant") == 0, kind.name
        assert 0.1 < kind.size[1] <= 1.9 and kind.size[2] < kind.size[1], kind.name


def test_wall_things_are_thin_and_surface_things_small():
    for kind in CATEGORIES.values():
        if kind.mount == "wall":
            assert kind.size[2] <= 0.4, kind.name
        if kind.mount == "surface" and kind.name in DATA_KINDS:
            assert max(kind.size) <= 0.8, kind.name


@pytest.mark.parametrize("name,size", [
    ("pool_table", (2.5, 0.8, 1.4)), ("ping_pong_table", (2.74, 0.76, 1.525)), ("hospital_bed", (1.0, 0.95, 2.2)),
    ("washing_machine", (0.6, 0.85, 0.6)), ("adult", (0.58, 1.75, 0.3)), ("horse", (0.48, 2.65, 2.54)),
])
def test_sizes_are_real(name, size):
    assert CATEGORIES[name].size == size


def test_one_generic_archetype_per_family():
    archetypes = {n for n, k in CATEGORIES.items() if is_archetype(k)}
    assert archetypes == {f"generic_{family}" for family in ARCHETYPE_FAMILIES}
    assert len({CATEGORIES[n].generator for n in archetypes}) == len(archetypes)
    assert all(len(CATEGORIES[n].description.split()) >= 8 for n in archetypes), "broad enough to be near its family"


def test_a_kind_s_own_name_finds_that_kind_whatever_older_kinds_list_as_synonyms():
    from tools.knowledge.categories import lookup

    wrong = {name: lookup(name).name for name in CATEGORIES if lookup(name).name != name}  # type: ignore[union-attr]
    assert not wrong, wrong
